/*
 * html_md.c: the Markdown and plain-text writers over the private tree:
 * ATX headings, paragraphs, emphasis, code, fenced blocks with their
 * language, quotes, nested lists, GFM tables laid out on the HTML table
 * grid (spans expanded; layout tables unwrapped), absolute http(s) links and images, rules and
 * line breaks. Whitespace is collapsed; no raw HTML is written.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


#include "html_int.h"
#include "url.h"

#define MAXDEPTH	256
#define OUT_MAX		(64u << 20)

struct wr {
	const struct hdoc	*d;
	const struct w_html_out	*o;
	struct w_buf		*out;
	struct w_buf		 para;	/* inline text of the current block */
	struct w_buf		 open;	/* markers not yet written */
	char			 pfx[512];	/* continuation prefix */
	size_t			 plen;
	char			 mark[32];	/* pending list marker */
	const char		*hpfx;	/* heading marker for the next flush */
	int			 nl;	/* 1: newline, 2: blank line due */
	size_t			 nlp;	/* prefix length for that blank line */
	int			 sp;	/* whitespace pending */
	int			 soft;	/* item boundary: space unless mid-word */
	unsigned char		 lastc;	/* last text byte (not markup) put */
	int			 depth;
	int			 inpre;
	int			 inlink;
	int			 inli;	/* list item depth */
	int			 root;	/* the subtree written */
};

static void	 node(struct wr *, int);
static void	 kids(struct wr *, int);

static int
is_http(const char *u, size_t n)
{
	size_t k;

	if (n > 7 && strncasecmp(u, "http://", 7) == 0)
		k = 7;
	else if (n > 8 && strncasecmp(u, "https://", 8) == 0)
		k = 8;
	else
		return 0;
	return u[k] != '/' && u[k] != '?' && u[k] != '#';
}

/* ref made absolute against base; NULL unless http(s). Caller frees. */
char *
w_html_abs_url(const char *base, const char *ref)
{
	char *u, *r;
	size_t n;

	if (ref == NULL)
		return NULL;
	while (*ref == ' ' || *ref == '\t' || *ref == '\n' || *ref == '\r')
		ref++;
	n = strlen(ref);
	while (n > 0 && (ref[n - 1] == ' ' || ref[n - 1] == '\n' ||
	    ref[n - 1] == '\t' || ref[n - 1] == '\r'))
		n--;
	if (n == 0 || n > 4096)
		return NULL;
	if (is_http(ref, n))
		return w_strndup(ref, n);
	if (base == NULL)
		return NULL;
	r = w_strndup(ref, n);
	u = w_url_resolve(base, r);
	free(r);
	if (u != NULL && !is_http(u, strlen(u))) {
		free(u);
		u = NULL;
	}
	return u;
}

/*
 * Bytes of the invisible character at s (n bytes available): soft
 * hyphen U+00AD, zero-width space, non-joiner and joiner U+200B-200D,
 * word joiner U+2060, and U+FEFF; else 0.
 */
size_t
w_html_invisible_at(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	if (n >= 2 && p[0] == 0xc2 && p[1] == 0xad)
		return 2;
	if (n < 3)
		return 0;
	if (p[0] == 0xe2 && p[1] == 0x80 && p[2] >= 0x8b && p[2] <= 0x8d)
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0xa0)
		return 3;
	if (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		return 3;
	return 0;
}

/*
 * Remove the invisible characters of s (*len bytes) in place, keeping
 * it NUL-terminated when it was; returns how many were removed.
 */
size_t
w_html_invisible_strip(char *s, size_t *len)
{
	size_t i, o = 0, k, n = 0;

	for (i = 0; i < *len; ) {
		if ((k = w_html_invisible_at(s + i, *len - i)) > 0) {
			i += k;
			n++;
			continue;
		}
		s[o++] = s[i++];
	}
	if (o < *len)
		s[o] = '\0';
	*len = o;
	return n;
}

/*
 * Whether an item boundary between bytes a and c takes a space: only
 * between two alphanumeric-ish bytes (ASCII letters and digits, '$',
 * bytes of multi-byte characters), never before or after punctuation,
 * and not inside a word (two lower-case ASCII letters, or two bytes of
 * multi-byte characters, as in scripts written without spaces).
 */
static int
item_gap(unsigned char a, unsigned char c)
{
	int an = isalnum(a) || a == '$' || a >= 0x80;
	int cn = isalnum(c) || c == '$' || c >= 0x80;

	if (!an || !cn)
		return 0;
	if (islower(a) && islower(c))
		return 0;
	return !(a >= 0x80 && c >= 0x80);
}

/*
 * Sibling elements that a page lays out as separate items (a product
 * link and its price, a label and its value) often touch in the source
 * with no whitespace between them: "2 litres</a><span>34.90".  Boxes of
 * this kind are separated unless the junction joins two word bytes.
 */
static int
item_box(const struct hdoc *d, int i)
{
	switch (d->n[i].otag) {
	case TidyTag_SPAN: case TidyTag_A: case TidyTag_LABEL:
	case TidyTag_TIME: case TidyTag_FONT:
		return w_html_text_len(d, i) >= 2;
	default:
		return 0;
	}
}

/* Add s to the paragraph, collapsing whitespace. */
static void
put(struct wr *w, const char *s, size_t n, int esc)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *e = p + n;
	unsigned char c;
	size_t k;

	for (; p < e; p++) {
		c = *p;
		if (c == ' ' || (c >= '\t' && c <= '\r')) {
			w->sp = 1;
			continue;
		}
		if (c == 0xc2 && p + 1 < e && p[1] == 0xa0) {
			p++;
			w->sp = 1;
			continue;
		}
		if (c >= 0xc2 && (k = w_html_invisible_at((const char *)p,
		    (size_t)(e - p))) > 0) {
			p += k - 1;
			if (w->o->invisible != NULL)
				(*w->o->invisible)++;
			continue;
		}
		if (c < ' ' || c == 0x7f)
			continue;
		if (w->soft && !w->sp && w->para.len > 0 &&
		    esc && item_gap(w->lastc, c))
			w->sp = 1;
		w->soft = 0;
		if (w->sp && w->para.len > 0 &&
		    w->para.p[w->para.len - 1] != '\n')
			w_buf_addc(&w->para, ' ');
		w->sp = 0;
		if (w->open.len > 0) {
			w_buf_add(&w->para, w->open.p, w->open.len);
			w_buf_reset(&w->open);
		}
		if (esc && !w->o->text && (c == '\\' || c == '*' ||
		    c == '`' || c == '[' || c == ']' || c == '<' ||
		    (c == '_' && (p == (const unsigned char *)s ||
		    p + 1 == e || p[1] == ' ' || p[-1] == ' '))))
			w_buf_addc(&w->para, '\\');
		w_buf_addc(&w->para, c);
		if (esc)
			w->lastc = c;
	}
}

static void
put_str(struct wr *w, const char *s)
{
	put(w, s, strlen(s), 0);
}

static void
want_blank(struct wr *w)
{
	if (w->nl < 2)
		w->nlp = w->plen;
	else if (w->plen < w->nlp)
		w->nlp = w->plen;
	w->nl = 2;
}

/* Start a line of output: newline(s) and the prefix. */
static void
line(struct wr *w)
{
	size_t k;

	if (w->out->len > 0) {
		w_buf_addc(w->out, '\n');
		if (w->nl >= 2) {
			k = w->nlp < w->plen ? w->nlp : w->plen;
			while (k > 0 && w->pfx[k - 1] == ' ')
				k--;
			w_buf_add(w->out, w->pfx, k);
			w_buf_addc(w->out, '\n');
		}
	}
	w->nl = 0;
	if (w->mark[0] != '\0') {
		w_buf_add(w->out, w->pfx, w->plen - strlen(w->mark));
		w_buf_adds(w->out, w->mark);
		w->mark[0] = '\0';
	} else
		w_buf_add(w->out, w->pfx, w->plen);
}

/* Write the paragraph collected so far as one block. */
static void
flush(struct wr *w)
{
	char *s = w->para.p;
	size_t n = w->para.len, i;
	char c;

	w_buf_reset(&w->open);
	w->sp = 0;
	w->soft = 0;
	w->lastc = 0;
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n'))
		n--;
	while (n > 0 && (*s == ' ' || *s == '\n')) {
		s++;
		n--;
	}
	if (n == 0) {
		w_buf_reset(&w->para);
		return;
	}
	line(w);
	if (w->hpfx != NULL) {
		w_buf_adds(w->out, w->hpfx);
		w->hpfx = NULL;
	}
	c = *s;
	if (w->o->cell)
		;
	else if (!w->o->text && (c == '#' || c == '>' || c == '=' ||
	    ((c == '-' || c == '+') && n > 1 && s[1] == ' ')))
		w_buf_addc(w->out, '\\');
	else if (!w->o->text && c >= '0' && c <= '9') {
		for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i < n && (s[i] == '.' || s[i] == ')')) {
			w_buf_add(w->out, s, i);
			s += i;
			n -= i;
			w_buf_addc(w->out, '\\');
		}
	}
	for (i = 0; i < n; i++) {
		if (s[i] == '\n') {
			if (!w->o->text)
				w_buf_adds(w->out, "  ");
			w_buf_addc(w->out, '\n');
			w_buf_add(w->out, w->pfx, w->plen);
			while (i + 1 < n && s[i + 1] == ' ')
				i++;
		} else
			w_buf_addc(w->out, s[i]);
	}
	w_buf_reset(&w->para);
	want_blank(w);
}

static void
block_start(struct wr *w)
{
	flush(w);
	if (w->nl < 2 && w->out->len > 0)
		want_blank(w);
}

/* Language from class="language-x" / "lang-x" on i. */
static size_t
code_lang(const struct hdoc *d, int i, char *buf, size_t sz)
{
	const char *c = w_html_attr(d, i, "class"), *p;
	size_t n = 0;

	if (c == NULL)
		return 0;
	for (p = c; *p != '\0'; p++) {
		if (p != c && p[-1] != ' ')
			continue;
		if (strncmp(p, "language-", 9) == 0)
			p += 9;
		else if (strncmp(p, "lang-", 5) == 0)
			p += 5;
		else
			continue;
		while (n + 1 < sz && (p[n] == '-' || p[n] == '+' ||
		    p[n] == '#' || p[n] == '_' || p[n] == '.' ||
		    (p[n] >= 'a' && p[n] <= 'z') ||
		    (p[n] >= 'A' && p[n] <= 'Z') ||
		    (p[n] >= '0' && p[n] <= '9'))) {
			buf[n] = p[n];
			n++;
		}
		break;
	}
	buf[n] = '\0';
	return n;
}

/* Append s without control characters other than tab and newline. */
static void
raw_add(struct w_buf *b, const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i = k) {
		for (k = i; k < n && ((unsigned char)s[k] >= ' ' ||
		    s[k] == '\t' || s[k] == '\n'); k++)
			;
		w_buf_add(b, s + i, k - i);
		if (k < n)
			k++;
	}
}

/* Raw text of a pre, br as newline, without tags or invisibles. */
static void
pre_text(const struct hdoc *d, int i, const struct w_html_out *o,
    struct w_buf *b)
{
	size_t n;
	int j;

	for (j = d->n[i].first; j >= 0; ) {
		if (d->n[j].otag == H_TEXT)
			raw_add(b, d->pool + d->n[j].off, d->n[j].len);
		else if (d->n[j].otag == TidyTag_BR)
			w_buf_addc(b, '\n');
		else if (d->n[j].otag == TidyTag_SCRIPT ||
		    d->n[j].otag == TidyTag_STYLE) {
			j = w_html_next_pre(d, j, i, 1);
			continue;
		}
		j = w_html_next_pre(d, j, i, 0);
	}
	if (b->p != NULL) {
		n = w_html_invisible_strip(b->p, &b->len);
		if (o->invisible != NULL)
			*o->invisible += n;
	}
}

static void
w_pre(struct wr *w, int i)
{
	struct w_buf b;
	char lang[32];
	const char *s, *e, *nl;
	int j, fence = 3, run = 0;
	size_t k;

	block_start(w);
	w_html_buf_init(&b, OUT_MAX);
	pre_text(w->d, i, w->o, &b);
	s = b.p;
	e = b.p + b.len;
	while (s < e && *s == '\n')
		s++;
	while (e > s && (e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (s == e) {
		w_buf_free(&b);
		return;
	}
	lang[0] = '\0';
	if (code_lang(w->d, i, lang, sizeof(lang)) == 0)
		for (j = w->d->n[i].first; j >= 0; j = w->d->n[j].next)
			if (w->d->n[j].otag == TidyTag_CODE &&
			    code_lang(w->d, j, lang, sizeof(lang)) > 0)
				break;
	for (nl = s; nl < e; nl++) {
		run = *nl == '`' ? run + 1 : 0;
		if (run >= fence)
			fence = run + 1;
	}
	line(w);
	if (!w->o->text) {
		for (k = 0; k < (size_t)fence; k++)
			w_buf_addc(w->out, '`');
		w_buf_adds(w->out, lang);
		line(w);
	}
	while (s < e) {
		nl = memchr(s, '\n', (size_t)(e - s));
		if (nl == NULL)
			nl = e;
		if (nl > s && nl[-1] == '\r')
			w_buf_add(w->out, s, (size_t)(nl - s - 1));
		else
			w_buf_add(w->out, s, (size_t)(nl - s));
		s = nl + 1;
		if (s < e)
			line(w);
	}
	if (!w->o->text) {
		line(w);
		for (k = 0; k < (size_t)fence; k++)
			w_buf_addc(w->out, '`');
	}
	want_blank(w);
	w_buf_free(&b);
}

static void
w_heading(struct wr *w, int i, int level)
{
	block_start(w);
	if (!w->o->text) {
		char h[8];

		memset(h, '#', (size_t)level);
		h[level] = ' ';
		h[level + 1] = '\0';
		kids(w, i);
		for (size_t k = 0; k < w->para.len; k++)
			if (w->para.p[k] == '\n')
				w->para.p[k] = ' ';
		w->hpfx = h;
		flush(w);
		w->hpfx = NULL;
		return;
	}
	kids(w, i);
	flush(w);
}

/* Wrap i's children in marker m (emphasis, strike), lazily. */
static void
w_wrap(struct wr *w, int i, const char *m)
{
	size_t before;

	if (w->o->text || w->inpre) {
		kids(w, i);
		return;
	}
	w_buf_adds(&w->open, m);
	before = w->para.len;
	kids(w, i);
	if (w->para.len == before) {
		/* nothing written: drop our opening marker */
		if (w->open.len >= strlen(m))
			w->open.len -= strlen(m);
		w->open.p[w->open.len] = '\0';
		return;
	}
	w_buf_reset(&w->open);
	w_buf_adds(&w->para, m);
}

static void
w_code(struct wr *w, int i)
{
	struct w_buf b;
	const char *fence = "`";
	size_t k;
	int any = 0;

	w_html_buf_init(&b, OUT_MAX);
	pre_text(w->d, i, w->o, &b);
	for (k = 0; k < b.len; k++) {
		if (b.p[k] == '`')
			fence = "``";
		if (b.p[k] == '\n' || b.p[k] == '\r' || b.p[k] == '\t')
			b.p[k] = ' ';
		if (b.p[k] != ' ')
			any = 1;
	}
	if (any) {
		if (!w->o->text)
			w_buf_adds(&w->open, fence[1] ? "`` " : "`");
		put(w, b.p, b.len, 0);
		if (!w->o->text)
			w_buf_adds(&w->para, fence[1] ? " ``" : "`");
	}
	w_buf_free(&b);
}

/* MathML as its symbols, spaced; display="block" as a paragraph. */
static void
w_math(struct wr *w, int i)
{
	const char *disp = w_html_attr(w->d, i, "display");
	int blk = disp != NULL && strcmp(disp, "block") == 0, j;

	if (blk)
		block_start(w);
	for (j = w->d->n[i].first; j >= 0; j = w_html_next_pre(w->d, j, i, 0))
		if (w->d->n[j].otag == H_TEXT) {
			w->sp = 1;
			put(w, w->d->pool + w->d->n[j].off, w->d->n[j].len, 1);
			w->sp = 1;
		}
	if (blk)
		block_start(w);
}

static int
has_block(const struct hdoc *d, int i)
{
	int j, n = 0;

	for (j = d->n[i].first; j >= 0 && n < 10000; n++) {
		if (d->n[j].otag != H_TEXT && (w_html_is_block(d->n[j].otag) ||
		    d->n[j].otag == TidyTag_BR))
			return 1;
		j = w_html_next_pre(d, j, i, 0);
	}
	return 0;
}

static void
w_link(struct wr *w, int i)
{
	char *u;
	size_t before;

	if (w->o->text || w->inlink || has_block(w->d, i) ||
	    (u = w_html_abs_url(w->o->base,
	    w_html_attr(w->d, i, "href"))) == NULL) {
		kids(w, i);
		return;
	}
	w->inlink = 1;
	w_buf_addc(&w->open, '[');
	before = w->para.len;
	kids(w, i);
	w->inlink = 0;
	if (w->para.len == before) {
		if (w->open.len > 0)
			w->open.len--;
		w->open.p[w->open.len] = '\0';
		free(u);
		return;
	}
	w_buf_reset(&w->open);
	w_buf_adds(&w->para, "](");
	for (before = 0; u[before] != '\0'; before++) {
		if (u[before] == ' ')
			w_buf_adds(&w->para, "%20");
		else if (u[before] == '(' || u[before] == ')')
			w_buf_printf(&w->para, "%%%02X",
			    (unsigned char)u[before]);
		else
			w_buf_addc(&w->para, u[before]);
	}
	w_buf_addc(&w->para, ')');
	free(u);
}

static void
w_img(struct wr *w, int i)
{
	const char *alt, *src;
	char *u;
	size_t k;

	if (w->o->text)
		return;
	src = w_html_attr(w->d, i, "src");
	if (src == NULL || strncmp(src, "data:", 5) == 0)
		src = w_html_attr(w->d, i, "data-src");
	if ((u = w_html_abs_url(w->o->base, src)) == NULL)
		return;
	alt = w_html_attr(w->d, i, "alt");
	put_str(w, "![");
	if (alt != NULL)
		for (k = 0; alt[k] != '\0'; k++)
			if (alt[k] != '[' && alt[k] != ']' && alt[k] != '\n')
				w_buf_addc(&w->para, alt[k]);
	w_buf_adds(&w->para, "](");
	for (k = 0; u[k] != '\0'; k++) {
		if (u[k] == ' ')
			w_buf_adds(&w->para, "%20");
		else if (u[k] == '(' || u[k] == ')')
			w_buf_printf(&w->para, "%%%02X", (unsigned char)u[k]);
		else
			w_buf_addc(&w->para, u[k]);
	}
	w_buf_addc(&w->para, ')');
	free(u);
}

static void
w_list(struct wr *w, int i)
{
	int j, n = 1, items = 0, ordered = w->d->n[i].otag == TidyTag_OL;
	const char *st = w_html_attr(w->d, i, "start");
	size_t saved = w->plen, ml;

	if (ordered && st != NULL) {
		n = (int)strtol(st, NULL, 10);
		if (n < 0 || n > 100000)
			n = 1;
	}
	block_start(w);
	for (j = w->d->n[i].first; j >= 0; j = w->d->n[j].next) {
		if (w->d->n[j].otag != TidyTag_LI) {
			node(w, j);
			continue;
		}
		flush(w);
		if (ordered && !w->o->text)
			snprintf(w->mark, sizeof(w->mark), "%d. ", n++);
		else
			snprintf(w->mark, sizeof(w->mark), "- ");
		ml = strlen(w->mark);
		if (w->plen + ml < sizeof(w->pfx)) {
			memset(w->pfx + w->plen, ' ', ml);
			w->plen += ml;
		} else
			w->mark[0] = '\0';
		if (w->nl == 2 && (items > 0 || w->inli > 0))
			w->nl = 1;
		items++;
		w->inli++;
		kids(w, j);
		w->inli--;
		flush(w);
		w->mark[0] = '\0';
		w->plen = saved;
		w->nl = 1;
	}
	want_blank(w);
}

static void
w_quote(struct wr *w, int i)
{
	size_t saved = w->plen;

	block_start(w);
	if (!w->o->text && w->plen + 2 < sizeof(w->pfx)) {
		memcpy(w->pfx + w->plen, "> ", 2);
		w->plen += 2;
	}
	kids(w, i);
	flush(w);
	w->plen = saved;
	want_blank(w);
}


/* Rows of table t in order (through thead / tbody / tfoot). */
static int
rows(const struct hdoc *d, int t, int *r, int max)
{
	int j, k, n = 0;

	for (j = d->n[t].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].otag == TidyTag_TR) {
			if (n < max)
				r[n] = j;
			n++;
		} else if (d->n[j].otag == TidyTag_THEAD ||
		    d->n[j].otag == TidyTag_TBODY ||
		    d->n[j].otag == TidyTag_TFOOT)
			for (k = d->n[j].first; k >= 0; k = d->n[k].next)
				if (d->n[k].otag == TidyTag_TR) {
					if (n < max)
						r[n] = k;
					n++;
				}
	}
	return n;
}

static int
is_cell(const struct hdoc *d, int c)
{
	return d->n[c].otag == TidyTag_TD || d->n[c].otag == TidyTag_TH;
}

static int
span(const struct hdoc *d, int c, const char *a)
{
	const char *v = w_html_attr(d, c, a);

	return v != NULL && strtol(v, NULL, 10) > 1;
}

/*
 * Whether t holds data (not layout), after Readability's test: th,
 * caption, thead/tfoot/col, summary, or a grid of at least 10 rows, more
 * than 4 columns or more than 10 cells. Layout, unwrapped by the
 * writer: role=presentation, a nested table, a single column, a heading
 * in a cell, or, in a table with none of the data markers, a cell
 * holding several blocks (paragraphs, lists, divs) or a list.
 */
static int
data_table(const struct hdoc *d, int t, int *complex)
{
	const char *role = w_html_attr(d, t, "role"), *dt;
	int j, nrow = 0, ncol = 0, cols, c, data = 0, blocks = 0, nb = 0;

	*complex = 0;
	for (j = d->n[t].first; j >= 0; j = w_html_next_pre(d, j, t, 0)) {
		if (is_cell(d, j))
			nb = 0;
		switch (d->n[j].otag) {
		case TidyTag_TABLE:
			*complex = 2;
			break;
		case TidyTag_TH: case TidyTag_CAPTION: case TidyTag_THEAD:
		case TidyTag_TFOOT: case TidyTag_COL: case TidyTag_COLGROUP:
			data = 1;
			break;
		case TidyTag_H1: case TidyTag_H2: case TidyTag_H3:
		case TidyTag_H4: case TidyTag_H5: case TidyTag_H6:
			blocks |= 2;
			break;
		case TidyTag_UL: case TidyTag_OL: case TidyTag_DL:
			blocks |= 1;
			break;
		case TidyTag_P: case TidyTag_DIV: case TidyTag_BLOCKQUOTE:
		case TidyTag_PRE: case TidyTag_SECTION: case TidyTag_ARTICLE:
			if (++nb >= 2)
				blocks |= 1;
			break;
		case TidyTag_TR:
			nrow++;
			for (cols = 0, c = d->n[j].first; c >= 0;
			    c = d->n[c].next)
				if (is_cell(d, c))
					cols += span(d, c, "colspan") ?
					    (int)strtol(w_html_attr(d, c,
					    "colspan"), NULL, 10) : 1;
			if (cols > ncol)
				ncol = cols;
			break;
		default:
			break;
		}
		if (is_cell(d, j) && (span(d, j, "colspan") ||
		    span(d, j, "rowspan")))
			*complex = 1;
	}
	if (role != NULL && (strcmp(role, "presentation") == 0 ||
	    strcmp(role, "none") == 0))
		return 0;
	if ((dt = w_html_attr(d, t, "datatable")) != NULL &&
	    strcmp(dt, "0") == 0)
		return 0;
	if (*complex == 2 || ncol <= 1 || (blocks & 2) ||
	    (blocks && !data))
		return 0;
	if (data || w_html_attr(d, t, "summary") != NULL)
		return 1;
	return nrow >= 10 || ncol > 4 || nrow * ncol > 10;
}

/*
 * Lay n cells out on HTML's table grid. Cell k sits in row rowof[k]
 * (rows in order) and spans cs[k] columns and rs[k] rows (0 or less as
 * 1; rs clipped at nrow). grid has nrow * maxcol slots and receives k
 * at a cell's origin, k | H_SPAN_COL right of it, k | H_SPAN_ROW below
 * it in its first column, -1 where no cell reaches. Returns the
 * columns used, or -1 when a row needs more than maxcol.
 */
int
w_html_table_grid(const int *rowof, const int *cs, const int *rs, int n,
    int nrow, int maxcol, int *grid)
{
	int k, r, c, x, y, w, h, ncol = 0;

	for (k = 0; k < nrow * maxcol; k++)
		grid[k] = -1;
	for (k = 0, c = 0, r = -1; k < n; k++) {
		if (rowof[k] != r) {
			r = rowof[k];
			c = 0;
		}
		if (r < 0 || r >= nrow)
			continue;
		while (c < maxcol && grid[r * maxcol + c] != -1)
			c++;
		w = cs[k] > 0 ? cs[k] : 1;
		h = rs[k] > 0 ? rs[k] : 1;
		if (h > nrow - r)
			h = nrow - r;
		if (c + w > maxcol)
			return -1;
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				if (grid[(r + y) * maxcol + c + x] == -1)
					grid[(r + y) * maxcol + c + x] = k |
					    (x > 0 ? H_SPAN_COL :
					    y > 0 ? H_SPAN_ROW : 0);
		c += w;
		if (c > ncol)
			ncol = c;
	}
	for (r = 0; r < nrow; r++)
		for (c = maxcol - 1; c >= ncol; c--)
			if (grid[r * maxcol + c] != -1)
				ncol = c + 1;
	return ncol;
}

/* A cell's content on one line. Caller frees. */
static char *
cell_text(struct wr *w, int c, int pipes)
{
	struct w_html_out co = *w->o;
	struct w_buf b;
	char *s;
	size_t i, k = 0;
	int sp = 0;

	co.cell = w->o->cell + 1;
	w_html_buf_init(&b, OUT_MAX);
	w_html_write(w->d, c, &co, &b);
	s = w_buf_take(&b);
	w_html_buf_init(&b, OUT_MAX);
	for (i = 0; s[i] != '\0'; i++) {
		if (s[i] == '\n' || s[i] == ' ' || s[i] == '\t') {
			sp = 1;
			continue;
		}
		if (sp && k > 0)
			w_buf_addc(&b, ' ');
		sp = 0;
		if (s[i] == '|' && pipes)
			w_buf_addc(&b, '\\');
		w_buf_addc(&b, s[i]);
		k++;
	}
	free(s);
	return w_buf_take(&b);
}

#define MAXROWS	4096
#define MAXCOLS	64
#define MAXSPAN	1000
#define GFM_REPEAT	4	/* see gfm_blowup */
#define GFM_SLACK	65536
/*
 * Pipe tables in cells of pipe tables: each level renders its cells'
 * text (nested tables included) again to flatten it into a row, so
 * tables nested n deep copied their text n times and walked it n times
 * in data_table(). From this many levels down a table is read as
 * layout (its text, written once), which keeps that to CELL_NEST times.
 */
#define CELL_NEST	8

struct tcells {
	int	*node, *rowof, *cs, *rs;
	char	**txt;
	int	 n;
};

static void
tcells_free(struct tcells *tc)
{
	int k;

	for (k = 0; k < tc->n; k++)
		free(tc->txt[k]);
	free(tc->node);
	free(tc->rowof);
	free(tc->cs);
	free(tc->rs);
	free(tc->txt);
}

static int
span_val(const struct hdoc *d, int c, const char *a)
{
	const char *v = w_html_attr(d, c, a);
	long n = v != NULL ? strtol(v, NULL, 10) : 1;

	return n < 1 ? 1 : n > MAXSPAN ? MAXSPAN : (int)n;
}

/* The cells of rows r[0 .. nr), with their spans. */
static void
tcells_get(const struct hdoc *d, const int *r, int nr, struct tcells *tc)
{
	int i, c, n = 0;

	for (i = 0; i < nr; i++)
		for (c = d->n[r[i]].first; c >= 0; c = d->n[c].next)
			if (is_cell(d, c))
				n++;
	tc->node = w_calloc((size_t)n + 1, sizeof(int));
	tc->rowof = w_calloc((size_t)n + 1, sizeof(int));
	tc->cs = w_calloc((size_t)n + 1, sizeof(int));
	tc->rs = w_calloc((size_t)n + 1, sizeof(int));
	tc->txt = w_calloc((size_t)n + 1, sizeof(char *));
	tc->n = n;
	for (n = 0, i = 0; i < nr; i++)
		for (c = d->n[r[i]].first; c >= 0; c = d->n[c].next)
			if (is_cell(d, c)) {
				tc->node[n] = c;
				tc->rowof[n] = i;
				tc->cs[n] = span_val(d, c, "colspan");
				tc->rs[n] = span_val(d, c, "rowspan");
				n++;
			}
}

/*
 * A GFM pipe table from the grid: a row-spanned cell's text repeats in
 * each row it covers, so every row reads alone; a column-spanned cell
 * leaves the columns it covers empty. The first row is the header.
 */
static void
gfm_rows(struct wr *w, struct tcells *tc, const int *grid, int nr,
    int ncol)
{
	int i, c, g, k;

	for (i = 0; i < nr; i++) {
		line(w);
		w_buf_adds(w->out, "|");
		for (c = 0; c < ncol; c++) {
			g = grid[i * MAXCOLS + c];
			if (g == -1 || (g & H_SPAN_COL)) {
				w_buf_adds(w->out, "  |");
				continue;
			}
			k = g & ~H_SPAN_ROW;
			if (tc->txt[k] == NULL)
				tc->txt[k] = cell_text(w, tc->node[k], 1);
			w_buf_printf(w->out, " %s |", tc->txt[k]);
		}
		if (i == 0) {
			line(w);
			w_buf_adds(w->out, "|");
			for (c = 0; c < ncol; c++)
				w_buf_adds(w->out, " --- |");
		}
	}
}

/*
 * Whether the pipe table would repeat row-spanned text far beyond the
 * table's own (hostile spans: a long cell over thousands of rows): the
 * text then goes out once per cell (line_rows()), so the output stays
 * linear in the page.
 */
static int
gfm_blowup(const struct hdoc *d, const struct tcells *tc, const int *grid,
    int nr, int ncol)
{
	size_t once = 0, all = 0;
	int i, c, g, k;

	for (k = 0; k < tc->n; k++)
		once += w_html_text_len(d, tc->node[k]);
	for (i = 0; i < nr; i++)
		for (c = 0; c < ncol; c++) {
			g = grid[i * MAXCOLS + c];
			if (g == -1 || (g & H_SPAN_COL))
				continue;
			all += w_html_text_len(d, tc->node[g & ~H_SPAN_ROW]);
		}
	return all > GFM_REPEAT * once + GFM_SLACK;
}

/* One line per row, each cell's text once, " | " between. */
static void
line_rows(struct wr *w, struct tcells *tc)
{
	struct w_buf row;
	int k, cols = 0;

	w_html_buf_init(&row, OUT_MAX);
	for (k = 0; k < tc->n; k++) {
		if (tc->txt[k] == NULL)
			tc->txt[k] = cell_text(w, tc->node[k], 0);
		if (*tc->txt[k] != '\0') {
			if (cols++ > 0)
				w_buf_adds(&row, " | ");
			w_buf_adds(&row, tc->txt[k]);
		}
		if (k + 1 == tc->n || tc->rowof[k + 1] != tc->rowof[k]) {
			if (row.len > 0) {
				line(w);
				w_buf_add(w->out, row.p, row.len);
			}
			w_buf_reset(&row);
			cols = 0;
		}
	}
	w_buf_free(&row);
}

static void
w_table(struct wr *w, int t)
{
	struct tcells tc;
	int *r, *grid, nr, c, ncol = -1, complex;

	block_start(w);
	if (w->o->cell >= CELL_NEST || !data_table(w->d, t, &complex)) {
		kids(w, t);
		block_start(w);
		return;
	}
	for (c = w->d->n[t].first; c >= 0; c = w->d->n[c].next)
		if (w->d->n[c].otag == TidyTag_CAPTION) {
			kids(w, c);
			block_start(w);
		}
	nr = rows(w->d, t, NULL, 0);
	if (nr > MAXROWS)
		nr = MAXROWS;
	r = w_calloc((size_t)nr + 1, sizeof(*r));
	rows(w->d, t, r, nr);
	memset(&tc, 0, sizeof(tc));
	tcells_get(w->d, r, nr, &tc);
	grid = w_calloc((size_t)nr * MAXCOLS + 1, sizeof(int));
	if (!w->o->text)
		ncol = w_html_table_grid(tc.rowof, tc.cs, tc.rs, tc.n, nr,
		    MAXCOLS, grid);
	if (ncol > 0 && !gfm_blowup(w->d, &tc, grid, nr, ncol))
		gfm_rows(w, &tc, grid, nr, ncol);
	else
		line_rows(w, &tc);
	tcells_free(&tc);
	free(grid);
	free(r);
	want_blank(w);
}

/* Trimmed text of i into b. */
static void
trim_text(const struct hdoc *d, int i, struct w_buf *b)
{
	size_t k = 0;

	w_buf_reset(b);
	if (d->n[i].tag == H_TEXT)
		w_buf_add(b, d->pool + d->n[i].off, d->n[i].len);
	else
		w_html_text(d, i, b);
	while (b->len > 0 && isspace((unsigned char)b->p[b->len - 1]))
		b->len--;
	while (k < b->len && isspace((unsigned char)b->p[k]))
		k++;
	memmove(b->p, b->p + k, b->len - k);
	b->len -= k;
}

/*
 * Microdata its class hides ("<time class="d-none"
 * itemprop="datePublished">2019-01-21T21:40:59Z"): a value for
 * machines that no reader sees, often a copy of the visible one.
 */
static int
hidden_data(const struct hdoc *d, int i)
{
	return d->n[i].nattr > 1 && w_html_attr(d, i, "itemprop") != NULL &&
	    w_html_class_hides(d, i);
}

/* Whether i and j write the same text (trim_text), not none. */
static int
same_text(const struct hdoc *d, int i, int j)
{
	struct w_buf a, b;
	int r;

	w_html_buf_init(&a, 4096);
	w_html_buf_init(&b, 4096);
	trim_text(d, i, &a);
	trim_text(d, j, &b);
	r = a.len > 0 && a.len == b.len && memcmp(a.p, b.p, a.len) == 0;
	w_buf_free(&a);
	w_buf_free(&b);
	return r;
}

/*
 * Screen-reader-only text that repeats what stands just before it
 * ("EUR 163.12<span class="clipped">EUR 163.12</span>"): a sighted
 * reader sees it once.
 */
static int
sr_repeat(const struct hdoc *d, int i)
{
	int p;

	if (!w_html_sr_only(d, i))
		return 0;
	for (p = d->n[i].prev; p >= 0 && d->n[p].tag == H_TEXT &&
	    w_html_text_len(d, p) == 0; p = d->n[p].prev)
		;
	if (p < 0)
		return 0;
	return same_text(d, i, p);
}

/*
 * A text that is only a page template's placeholders ("{{
 * DiscussionBoard.errors[42].message }}", "{% if user %}"), outside
 * code (code, kbd, samp and tt are written by w_code, never here): the
 * source of a script-rendered box a browser shows filled in or hides,
 * never words for a reader. A line that quotes one among other words
 * ("the {{ form }} tag") stays.
 */
static int
template_only(const char *s, size_t n)
{
	const char *e = s + n, *c;
	int any = 0;

	for (;;) {
		while (s < e && (*s == ' ' || *s == '\n' || *s == '\t' ||
		    *s == '\r'))
			s++;
		if (s == e)
			return any;
		if (e - s < 4 || s[0] != '{' || (s[1] != '{' && s[1] != '%'))
			return 0;
		for (c = s + 2; c + 1 < e; c++)
			if (c[1] == '}' && (c[0] == (s[1] == '{' ? '}' : '%')))
				break;
		if (c + 1 >= e)
			return 0;
		s = c + 2;
		any = 1;
	}
}

/*
 * Whether s (n bytes) is only a short relative age: a number and a unit
 * of time, "ago" after it or not ("1 yr", "3 mo", "2d", "5 hours ago").
 */
static int
relative_age(const char *s, size_t n)
{
	static const char *const units[] = {
		"s", "sec", "secs", "second", "seconds", "m", "min", "mins",
		"minute", "minutes", "h", "hr", "hrs", "hour", "hours", "d",
		"day", "days", "w", "wk", "wks", "week", "weeks", "mo", "mos",
		"month", "months", "y", "yr", "yrs", "year", "years", NULL
	};
	const char *e = s + n, *u;
	size_t k, l;

	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	if (e - s >= 4 && strncasecmp(e - 3, "ago", 3) == 0 &&
	    isspace((unsigned char)e[-4])) {
		e -= 4;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
	}
	if (s == e || !isdigit((unsigned char)*s))
		return 0;
	while (s < e && isdigit((unsigned char)*s))
		s++;
	while (s < e && *s == ' ')
		s++;
	u = s;
	l = (size_t)(e - u);
	for (k = 0; units[k] != NULL; k++)
		if (strlen(units[k]) == l && strncasecmp(u, units[k], l) == 0)
			return 1;
	return 0;
}

#define SHORT_DATE_KIDS	4	/* children of a <time> looked at */

/*
 * A date's short form beside its long one in a <time> ("<time><span>June
 * 14, 2024</span><span>1 yr</span></time>"): the page shows one of them
 * by screen size; the long one, a year in it, is written, the relative
 * age is not.
 */
static int
short_date(const struct hdoc *d, int i)
{
	struct w_buf b;
	const char *p;
	int t = d->n[i].parent, j, n = 0, year = 0;

	if (t < 0 || d->n[t].otag != TidyTag_TIME || d->n[i].otag == H_TEXT)
		return 0;
	/*
	 * node() asks for every child of the <time>: a date shows two
	 * or three forms, so a <time> of more children than that is
	 * not one, and the sibling walk below stays bounded.
	 */
	for (j = d->n[t].first; j >= 0; j = d->n[j].next)
		if (++n > SHORT_DATE_KIDS)
			return 0;
	w_html_buf_init(&b, 256);
	w_html_text(d, i, &b);
	if (b.len == 0 || b.len > 24 || !relative_age(b.p, b.len)) {
		w_buf_free(&b);
		return 0;
	}
	for (j = d->n[t].first; j >= 0 && !year; j = d->n[j].next) {
		if (j == i)
			continue;
		w_buf_reset(&b);
		w_html_text(d, j, &b);
		for (p = b.p; p != NULL && *p != '\0' && !year; p++)
			year = (p[0] == '1' || p[0] == '2') &&
			    isdigit((unsigned char)p[1]) &&
			    isdigit((unsigned char)p[2]) &&
			    isdigit((unsigned char)p[3]) &&
			    (p == b.p || !isdigit((unsigned char)p[-1])) &&
			    !isdigit((unsigned char)p[4]);
	}
	w_buf_free(&b);
	return year;
}

static void
kids(struct wr *w, int i)
{
	int j, p;

	if (w->depth >= MAXDEPTH) {
		struct w_buf b;

		w_html_buf_init(&b, OUT_MAX);
		w_html_text(w->d, i, &b);
		put(w, b.p, b.len, 1);
		w_buf_free(&b);
		return;
	}
	w->depth++;
	for (j = w->d->n[i].first; j >= 0; j = w->d->n[j].next) {
		p = w->d->n[j].prev;
		if (p >= 0 && !w->inpre && item_box(w->d, p) &&
		    item_box(w->d, j))
			w->soft = 1;
		node(w, j);
	}
	w->depth--;
}

#define TWIN_CLIMB	4	/* a text's wrappers climbed to its heading */

static int
is_heading(int t)
{
	return t == TidyTag_H1 || t == TidyTag_H2 || t == TidyTag_H3 ||
	    t == TidyTag_H4 || t == TidyTag_H5 || t == TidyTag_H6;
}

static int
space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/*
 * Whether heading i titles an empty section that the next heading
 * titles again: the first text written after i (inside root) is in a
 * heading of i's level with i's very text. A feed's tabs each headed
 * "Latest" over panels script fills print the word once per tab, one
 * under the other; the last of the run stays. Each walk (from a heading
 * with text) covers the stretch from i to the next text, so all of
 * them together read the page once.
 */
static int
empty_twin(const struct hdoc *d, int i, int root)
{
	const char *t;
	int j, h, k;
	unsigned n;

	/* a heading without text writes nothing, and runs of them
	 * would each walk the same stretch */
	if (w_html_text_len(d, i) == 0)
		return 0;
	for (j = w_html_next_pre(d, i, root, 1); j >= 0; ) {
		if (d->n[j].otag == H_TEXT) {
			t = d->pool + d->n[j].off;
			for (n = 0; n < d->n[j].len && space(t[n]); n++)
				;
			if (n < d->n[j].len)
				break;
		}
		j = w_html_next_pre(d, j, root,
		    d->n[j].otag == TidyTag_SCRIPT ||
		    d->n[j].otag == TidyTag_STYLE ||
		    d->n[j].otag == TidyTag_TEMPLATE);
	}
	if (j < 0)
		return 0;
	for (h = d->n[j].parent, k = 0; h >= 0 && h != root &&
	    k < TWIN_CLIMB && !is_heading(d->n[h].otag); k++)
		h = d->n[h].parent;
	if (h < 0 || d->n[h].otag != d->n[i].otag)
		return 0;
	return same_text(d, i, h);
}

static void
node(struct wr *w, int i)
{
	const struct hnode *x = &w->d->n[i];

	if (x->otag == H_TEXT) {
		if (!w->inpre && template_only(w->d->pool + x->off, x->len))
			return;
		put(w, w->d->pool + x->off, x->len, 1);
		return;
	}
	if (sr_repeat(w->d, i) || w_html_loading(w->d, i) ||
	    hidden_data(w->d, i) || short_date(w->d, i))
		return;
	switch (x->otag) {
	case TidyTag_SCRIPT: case TidyTag_STYLE: case TidyTag_NOSCRIPT:
	case TidyTag_TEMPLATE: case TidyTag_SVG:
	case TidyTag_META: case TidyTag_LINK:
		/* microdata left in the text ("<link itemprop=url>"): tidy
		 * drops the whitespace around it, which a page's source
		 * nearly always has, so the words on each side stay apart */
		w->sp = 1;
		return;
	case TidyTag_HEAD: case TidyTag_TITLE:
	case TidyTag_OBJECT: case TidyTag_EMBED:
	case TidyTag_IFRAME: case TidyTag_SELECT: case TidyTag_OPTION:
	case TidyTag_BUTTON: case TidyTag_INPUT: case TidyTag_TEXTAREA:
	case TidyTag_CANVAS: case TidyTag_AUDIO: case TidyTag_VIDEO:
	case TidyTag_MAP: case TidyTag_AREA: case TidyTag_PARAM:
	case TidyTag_SOURCE: case TidyTag_TRACK: case TidyTag_FRAMESET:
	case TidyTag_FRAME: case TidyTag_BASE: case TidyTag_DATALIST:
		return;
	case TidyTag_H1: case TidyTag_H2: case TidyTag_H3:
	case TidyTag_H4: case TidyTag_H5: case TidyTag_H6:
		if (empty_twin(w->d, i, w->root))
			return;
		w_heading(w, i, x->otag == TidyTag_H1 ? 1 :
		    x->otag == TidyTag_H2 ? 2 : x->otag == TidyTag_H3 ? 3 :
		    x->otag == TidyTag_H4 ? 4 : x->otag == TidyTag_H5 ? 5 : 6);
		return;
	case TidyTag_PRE: case TidyTag_LISTING: case TidyTag_XMP:
	case TidyTag_PLAINTEXT:
		w_pre(w, i);
		return;
	case TidyTag_CODE: case TidyTag_KBD: case TidyTag_SAMP:
	case TidyTag_TT:
		if (has_block(w->d, i))
			break;
		w_code(w, i);
		return;
	case TidyTag_MATHML:
		w_math(w, i);
		return;
	case TidyTag_B: case TidyTag_STRONG:
		w_wrap(w, i, "**");
		return;
	case TidyTag_I: case TidyTag_EM: case TidyTag_CITE:
	case TidyTag_DFN: case TidyTag_VAR:
		w_wrap(w, i, "*");
		return;
	case TidyTag_DEL: case TidyTag_S: case TidyTag_STRIKE:
		w_wrap(w, i, "~~");
		return;
	case TidyTag_A:
		w_link(w, i);
		return;
	case TidyTag_IMG:
		w_img(w, i);
		return;
	case TidyTag_BR:
		if (w->para.len > 0)
			w_buf_addc(&w->para, '\n');
		w->sp = 0;
		return;
	case TidyTag_HR:
		block_start(w);
		if (!w->o->text) {
			line(w);
			w_buf_adds(w->out, "---");
		}
		want_blank(w);
		return;
	case TidyTag_UL: case TidyTag_OL: case TidyTag_MENU:
	case TidyTag_DIR:
		w_list(w, i);
		return;
	case TidyTag_BLOCKQUOTE:
		w_quote(w, i);
		return;
	case TidyTag_TABLE:
		w_table(w, i);
		return;
	default:
		break;
	}
	if (w_html_is_block(x->otag) || x->otag == TidyTag_LI) {
		block_start(w);
		kids(w, i);
		block_start(w);
	} else
		kids(w, i);
}

/* Write subtree i per o, appending to out. */
void
w_html_write(const struct hdoc *d, int i, const struct w_html_out *o,
    struct w_buf *out)
{
	struct wr w;

	memset(&w, 0, sizeof(w));
	w.d = d;
	w.o = o;
	w.out = out;
	w.root = i;
	w_html_buf_init(&w.para, OUT_MAX);
	w_html_buf_init(&w.open, 4096);
	node(&w, i);
	flush(&w);
	if (out->len > 0)
		w_buf_addc(out, '\n');
	w_buf_free(&w.para);
	w_buf_free(&w.open);
}
