/*
 * html_dom.c: one tidy-html5 parse copied into the flat tree of
 * html_int.h (the script and style bodies whose text is their bytes
 * skip tidy's lexer: prepare()), and the small tree queries the other
 * html*.c files share (attributes, text, lengths, link density). Every
 * walk is iterative.
 */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* tidy.h trips -Wignored-qualifiers (const on returned ctmbstr). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop

#include "charset.h"
#include "html.h"
#include "html_int.h"

#define H_DEPTH_MAX	512	/* tag nesting handed to tidy */
#define H_ATTR_MAX	256	/* attributes of one tag handed to tidy */
#define HEADING_MARK	"data-wt-heading"	/* prepare(): hnest */
#define INLINE_MARK	"data-wt-inline"	/* prepare(): inest */

_Static_assert(HM_NKEYS <= 64, "the memo holds 64 keys");

static void	 text_stats(struct hnode *, const char *, size_t);

const char *
w_html_strstr_n(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i = 0;
	const char *p;

	while (i + k <= n &&
	    (p = memchr(s + i, needle[0], n - k + 1 - i)) != NULL) {
		if (memcmp(p, needle, k) == 0)
			return p;
		i = (size_t)(p - s) + 1;
	}
	return NULL;
}

static unsigned
pool_add(struct hdoc *d, const char *s, size_t n)
{
	size_t off = d->plen;

	if (d->plen + n + 1 > d->pcap) {
		while (d->plen + n + 1 > d->pcap)
			d->pcap = d->pcap ? d->pcap * 2 : 65536;
		d->pool = w_realloc(d->pool, d->pcap);
	}
	if (n > 0)
		memcpy(d->pool + d->plen, s, n);
	d->pool[d->plen + n] = '\0';
	d->plen += n + 1;
	return (unsigned)off;
}

/* w_buf_init, with p never NULL afterwards. */
void
w_html_buf_init(struct w_buf *b, size_t max)
{
	w_buf_init(b, max);
	w_buf_add(b, "", 0);
}

/* A new detached node with tag; returns its index. */
int
w_html_new(struct hdoc *d, int tag)
{
	struct hnode *x;

	if (d->nn == d->ncap) {
		d->ncap = d->ncap ? d->ncap * 2 : 1024;
		d->n = w_realloc(d->n, d->ncap * sizeof(*d->n));
		d->memo = w_realloc(d->memo, d->ncap * sizeof(*d->memo));
	}
	memset(&d->memo[d->nn], 0, sizeof(*d->memo));
	x = &d->n[d->nn];
	memset(x, 0, sizeof(*x));
	x->tag = x->otag = tag;
	x->parent = x->first = x->last = x->prev = x->next = -1;
	return (int)d->nn++;
}

/* Detach i (and its subtree) from its parent. */
void
w_html_unlink(struct hdoc *d, int i)
{
	struct hnode *x = &d->n[i];

	if (x->parent < 0)
		return;
	w_html_dirty(d, x->parent);
	if (x->prev >= 0)
		d->n[x->prev].next = x->next;
	else
		d->n[x->parent].first = x->next;
	if (x->next >= 0)
		d->n[x->next].prev = x->prev;
	else
		d->n[x->parent].last = x->prev;
	x->parent = x->prev = x->next = -1;
}

/* Move c (detached or not) to the end of p's children. */
void
w_html_append(struct hdoc *d, int p, int c)
{
	w_html_unlink(d, c);
	d->n[c].parent = p;
	d->n[c].prev = d->n[p].last;
	if (d->n[p].last >= 0)
		d->n[d->n[p].last].next = c;
	else
		d->n[p].first = c;
	d->n[p].last = c;
	w_html_dirty(d, p);
}

/* Move c just before ref. */
void
w_html_insert_before(struct hdoc *d, int ref, int c)
{
	int p = d->n[ref].parent;

	w_html_unlink(d, c);
	d->n[c].parent = p;
	d->n[c].next = ref;
	d->n[c].prev = d->n[ref].prev;
	if (d->n[ref].prev >= 0)
		d->n[d->n[ref].prev].next = c;
	else
		d->n[p].first = c;
	d->n[ref].prev = c;
	w_html_dirty(d, p);
}

/* The element siblings and first element child of i, text nodes
 * passed over (-1 when there is none). */
int
w_html_next_el(const struct hdoc *d, int i)
{
	for (i = d->n[i].next; i >= 0 && d->n[i].tag == H_TEXT;
	    i = d->n[i].next)
		;
	return i;
}

int
w_html_prev_el(const struct hdoc *d, int i)
{
	for (i = d->n[i].prev; i >= 0 && d->n[i].tag == H_TEXT;
	    i = d->n[i].prev)
		;
	return i;
}

int
w_html_first_el(const struct hdoc *d, int i)
{
	for (i = d->n[i].first; i >= 0 && d->n[i].tag == H_TEXT;
	    i = d->n[i].next)
		;
	return i;
}

static void
add_attrs(struct hdoc *d, int i, TidyNode t)
{
	TidyAttr a;
	const char *nm, *v;
	char low[64];
	size_t k, n;

	d->n[i].attr = (unsigned)d->na;
	for (a = tidyAttrFirst(t); a != NULL; a = tidyAttrNext(a)) {
		if ((nm = tidyAttrName(a)) == NULL)
			continue;
		v = tidyAttrValue(a);
		n = strlen(nm);
		if (n >= sizeof(low))
			continue;
		for (k = 0; k < n; k++)
			low[k] = (nm[k] >= 'A' && nm[k] <= 'Z') ?
			    (char)(nm[k] + 32) : nm[k];
		if (d->na == d->acap) {
			d->acap = d->acap ? d->acap * 2 : 1024;
			d->a = w_realloc(d->a, d->acap * sizeof(*d->a));
		}
		d->a[d->na].name = pool_add(d, low, n);
		d->a[d->na].val = pool_add(d, v ? v : "", v ? strlen(v) : 0);
		d->n[i].amask |= W_HTML_ABIT(d->pool + d->a[d->na].name);
		d->na++;
		d->n[i].nattr++;
	}
}

/*
 * Decode the entities tidy leaves in math and svg text, in place (the
 * result is never longer); unknown names stay as they are.
 */
static size_t
decode_entities(char *s, size_t n)
{
	static const struct {
		const char	*name;
		unsigned long	 c;
	} ents[] = {
		{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' },
		{ "apos", '\'' }, { "nbsp", 0xa0 }, { "minus", 0x2212 },
		{ "times", 0xd7 }, { "InvisibleTimes", 0 },
		{ "ApplyFunction", 0 }, { NULL, 0 }
	};
	size_t i = 0, o = 0, k, e;
	unsigned long c;
	char *end;

	while (i < n) {
		if (s[i] != '&' || (e = i + 1) >= n) {
			s[o++] = s[i++];
			continue;
		}
		while (e < n && e - i < 32 && s[e] != ';' && s[e] != '&')
			e++;
		if (e >= n || s[e] != ';') {
			s[o++] = s[i++];
			continue;
		}
		c = (unsigned long)-1;
		if (s[i + 1] == '#') {
			c = (s[i + 2] == 'x' || s[i + 2] == 'X') ?
			    strtoul(s + i + 3, &end, 16) :
			    strtoul(s + i + 2, &end, 10);
			if (end != s + e || c == 0 || c > 0x10ffff ||
			    (c >= 0xd800 && c < 0xe000))
				c = (unsigned long)-1;
		} else
			for (k = 0; ents[k].name != NULL; k++)
				if (strlen(ents[k].name) == e - i - 1 &&
				    strncmp(s + i + 1, ents[k].name,
				    e - i - 1) == 0)
					c = ents[k].c;
		if (c == (unsigned long)-1) {
			s[o++] = s[i++];
			continue;
		}
		if (c != 0)
			o += w_charset_utf8_put(c, s + o);
		i = e + 1;
	}
	return o;
}

/*
 * The script and style bodies that tidy never lexes (see prepare()):
 * body k is s[off[k] .. off[k] + len[k]), handed to tidy as the text
 * RAW_MARK k and put back in its place by copy_node().
 */
#define RAW_MARK	"wtRAWbody"
struct raw {
	const char	*s;
	size_t		*off, *len;
	unsigned char	*used;
	size_t		 n, cap, nused;
};

static void
raw_free(struct raw *r)
{
	free(r->off);
	free(r->len);
	free(r->used);
	memset(r, 0, sizeof(*r));
}

/* The number of the body whose mark is tb, the text of an element
 * with tag, not yet put back, else r->n; *skip set when tidy dropped
 * the newline the body starts with. */
static size_t
raw_body(const struct raw *r, int tag, const TidyBuffer *tb, int *skip)
{
	const size_t ml = sizeof(RAW_MARK) - 1;
	const byte *p = tb->bp;
	size_t n = tb->size, k = 0, j;
	int nl = n > 0 && p[0] == '\n';

	p += nl;
	n -= (size_t)nl;
	if ((tag != TidyTag_SCRIPT && tag != TidyTag_STYLE) ||
	    n <= ml || memcmp(p, RAW_MARK, ml) != 0)
		return r->n;
	for (j = ml; j < n && p[j] >= '0' && p[j] <= '9'; j++) {
		if (k > r->n)
			return r->n;
		k = k * 10 + (size_t)(p[j] - '0');
	}
	if (j == ml || (j > ml + 1 && p[ml] == '0'))
		return r->n;
	/* then the spaces of mark_body() */
	if (j < n && p[j] == '\n')
		j++;
	while (j < n && p[j] == ' ')
		j++;
	if (j < n || k >= r->n || r->used[k] ||
	    (nl && r->s[r->off[k]] != '\n'))
		return r->n;
	*skip = !nl && r->s[r->off[k]] == '\n';
	return k;
}

/* The one-digit value of mark, when i is a div that prepare() marked
 * with it (its first attribute); -1 otherwise. */
static int
mark_digit(const struct hdoc *d, int i, const char *mark)
{
	const struct hnode *x = &d->n[i];
	const char *v;

	if (x->tag != TidyTag_DIV || x->nattr == 0 ||
	    strcmp(d->pool + d->a[x->attr].name, mark) != 0)
		return -1;
	v = d->pool + d->a[x->attr].val;
	if (v[0] < '0' || v[0] > '9' || v[1] != '\0')
		return -1;
	return v[0] - '0';
}

/* A div that prepare() made of a heading (HEADING_MARK first): the
 * heading again, without the mark. */
static void
heading_again(struct hdoc *d, int i)
{
	int k = mark_digit(d, i, HEADING_MARK);

	if (k < 1 || k > 6)
		return;
	d->n[i].tag = d->n[i].otag = TidyTag_H1 + (k - 1);
	d->n[i].attr++;
	d->n[i].nattr--;
}

/* The inline elements that prepare() hands to tidy as a div when they
 * hold blocks (inest), by their INLINE_MARK value: a digit, the index
 * here. */
static const char *const inline_names[] = {
	"span", "label", "summary", NULL
};
static const int inline_tags[] = {
	TidyTag_SPAN, TidyTag_LABEL, TidyTag_SUMMARY
};
/* the INLINE_MARK value of a custom element ("<my-card>") that holds
 * blocks (block-level to tidy, TidyCustomBlocklevel, as the rest) */
#define INLINE_CUSTOM	3

/* A div that prepare() made of an inline element (INLINE_MARK first):
 * that element again as parsed (otag: the writer's, and the tree a
 * browser builds), without the mark; to the pipeline it stays a div,
 * the block container it is once it holds blocks (the rules that read
 * a span as a line of text, a control or phrasing would take the
 * blocks in it for one). A custom element is given back as tidy makes
 * one (TidyTag_UNKNOWN, HF_CUSTOM), not as a div. */
static void
inline_again(struct hdoc *d, int i)
{
	int k = mark_digit(d, i, INLINE_MARK);

	if (k == INLINE_CUSTOM) {
		/* the custom element again, as tidy would have made it */
		d->n[i].tag = d->n[i].otag = TidyTag_UNKNOWN;
		d->n[i].flags |= HF_CUSTOM;
		d->n[i].attr++;
		d->n[i].nattr--;
		return;
	}
	if (k < 0 || k >= (int)(sizeof(inline_tags) / sizeof(inline_tags[0])))
		return;
	d->n[i].otag = inline_tags[k];
	d->n[i].attr++;
	d->n[i].nattr--;
}

static int
copy_node(struct hdoc *d, TidyDoc td, TidyNode t, int p, TidyBuffer *tb,
    struct raw *r)
{
	size_t k;
	int i, tag, skip;

	switch (tidyNodeGetType(t)) {
	case TidyNode_Text:
	case TidyNode_CDATA:
		tidyNodeGetValue(td, t, tb);
		if (tb->size == 0)
			return -1;
		i = w_html_new(d, H_TEXT);
		/* a mark inside svg or math is no body: tidy lexed it as
		 * markup there (the scan took the foreign element for
		 * closed, "<svg></math><script>", fuzz_htmlparse's sixth
		 * finding, seed foreign-end.html); left unused, the page is
		 * read again the slow way */
		if (r != NULL && !(d->n[p].flags & HF_RAWENT) &&
		    (k = raw_body(r, d->n[p].tag, tb, &skip)) < r->n) {
			/* the body tidy never read, in its mark's place */
			r->used[k] = 1;
			r->nused++;
			d->n[i].off = pool_add(d, r->s + r->off[k] + skip,
			    r->len[k] - (size_t)skip);
			d->n[i].len = (unsigned)(r->len[k] - (size_t)skip);
		} else {
			if (d->n[p].flags & HF_RAWENT)
				tb->size = (uint)decode_entities(
				    (char *)tb->bp, tb->size);
			d->n[i].off = pool_add(d, (const char *)tb->bp,
			    tb->size);
			d->n[i].len = tb->size;
		}
		/* statistics wait for ensure(): most script text needs none */
		if (d->n[p].flags & HF_PRE)
			d->n[i].flags |= HF_PRE;
		break;
	case TidyNode_Start:
	case TidyNode_StartEnd:
		tag = (int)tidyNodeGetId(t);
		i = w_html_new(d, tag);
		if (tag == TidyTag_UNKNOWN)
			d->n[i].flags |= HF_CUSTOM;
		if (tag == TidyTag_MATHML || tag == TidyTag_SVG ||
		    (d->n[p].flags & HF_RAWENT))
			d->n[i].flags |= HF_RAWENT;
		if (tag == TidyTag_PRE || tag == TidyTag_TEXTAREA ||
		    tag == TidyTag_LISTING || tag == TidyTag_XMP ||
		    tag == TidyTag_PLAINTEXT || (d->n[p].flags & HF_PRE))
			d->n[i].flags |= HF_PRE;
		add_attrs(d, i, t);
		heading_again(d, i);
		inline_again(d, i);
		if (tag == TidyTag_HTML && d->html < 0)
			d->html = i;
		else if (tag == TidyTag_HEAD && d->head < 0)
			d->head = i;
		else if (tag == TidyTag_BODY && d->body < 0)
			d->body = i;
		break;
	default:
		return -1;
	}
	w_html_append(d, p, i);
	return i;
}

static void
copy_tree(struct hdoc *d, TidyDoc td, TidyNode root, struct raw *r)
{
	TidyBuffer tb;
	TidyNode t, c;
	int p = d->root, i;

	tidyBufInit(&tb);
	t = tidyGetChild(root);
	while (t != NULL) {
		i = copy_node(d, td, t, p, &tb, r);
		/* tidyNodeGetValue() clears all of tb (a memset of its
		 * allocation) on every text: keep it at tidy's first size */
		if (tb.allocated > 256)
			tidyBufFree(&tb);
		if (i >= 0 && d->n[i].tag != H_TEXT &&
		    (c = tidyGetChild(t)) != NULL) {
			p = i;
			t = c;
			continue;
		}
		while (t != NULL && tidyGetNext(t) == NULL) {
			t = tidyGetParent(t);
			if (t == NULL || t == root)
				goto done;
			p = d->n[p].parent;
		}
		if (t != NULL)
			t = tidyGetNext(t);
	}
done:
	tidyBufFree(&tb);
}

/* Elements that add no nesting: void, or closed by their next sibling. */
static int
flat_tag(const char *t, size_t n)
{
	static const char *const tags[] = {
		"area", "base", "br", "col", "embed", "hr", "img", "input",
		"link", "meta", "param", "source", "track", "wbr", "p", "li",
		"dt", "dd", "tr", "td", "th", "option", "optgroup", "thead",
		"tbody", "tfoot", "colgroup", "rb", "rt", "rp", "!doctype",
		NULL
	};
	char low[9];
	size_t k;

	if (n >= sizeof(low))
		return 0;
	for (k = 0; k < n; k++)
		low[k] = (t[k] >= 'A' && t[k] <= 'Z') ? (char)(t[k] + 32) :
		    t[k];
	low[n] = '\0';
	for (k = 0; tags[k] != NULL; k++)
		if (tags[k][0] == low[0] && strcmp(tags[k], low) == 0)
			return 1;
	return 0;
}

/* "script" or "style" when the tag name s[0..n) is one of them (their
 * text is raw: skip_raw()), else NULL. */
static const char *
raw_name(const char *s, size_t n)
{
	if (n == 6 && strncasecmp(s, "script", 6) == 0)
		return "script";
	if (n == 5 && strncasecmp(s, "style", 5) == 0)
		return "style";
	return NULL;
}

/* Offset of the end of s[i..len) raw text up to "</name", or len. */
static size_t
skip_raw(const char *s, size_t i, size_t len, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	while (i + n + 2 <= len &&
	    (p = memchr(s + i, '<', len - n - 1 - i)) != NULL) {
		i = (size_t)(p - s);
		if (s[i + 1] == '/' && strncasecmp(s + i + 2, name, n) == 0)
			return i;
		i++;
	}
	return len;
}

/* Append s[from..at) and a space to b (started on first use) and skip
 * the tag at at: the new "from", past its '>' (or the end). The space
 * keeps the words of two cut blocks apart. */
static size_t
cut_tag(struct w_buf *b, int *any, const char *s, size_t from, size_t at,
    size_t len)
{
	const char *e = memchr(s + at, '>', len - at);

	if (!*any)
		w_buf_init(b, len + 1);
	*any = 1;
	(void)w_buf_add(b, s + from, at - from);
	(void)w_buf_add(b, " ", 1);
	return e != NULL ? (size_t)(e - s) + 1 : len;
}

/* The offset of the next '<' at or past *i that opens no comment
 * (comments skipped whole), *i then just past it; or end. */
static size_t
next_lt(const char *s, size_t *i, size_t end)
{
	const char *p;
	size_t at;

	while ((p = memchr(s + *i, '<', end - *i)) != NULL) {
		at = (size_t)(p - s);
		*i = at + 1;
		if (*i + 3 > end || strncmp(s + *i, "!--", 3) != 0)
			return at;
		p = w_html_strstr_n(s + *i + 3, end - *i - 3, "-->");
		*i = p != NULL ? (size_t)(p - s) + 3 : end;
	}
	return end;
}

/*
 * A copy of s whose tags nested deeper than H_DEPTH_MAX are left out,
 * their text kept, or NULL when nothing is that deep (a self-closed
 * tag, "<path/>", adds no depth, as tidy reads it): tidy's parser
 * recurses once per level and overflows the stack some tens of
 * thousands of levels down, and cutting the page there lost the deep
 * text.
 */
static char *
flatten(const char *s, size_t *len)
{
	const char *raw;
	struct w_buf b;
	const char *p;
	size_t i = 0, n, at, from = 0, end = *len;
	long depth = 0;
	int any = 0;

	while ((at = next_lt(s, &i, end)) < end) {
		if (i < end && s[i] == '/') {
			if (depth > H_DEPTH_MAX)
				i = from = cut_tag(&b, &any, s, from, at, end);
			if (depth > 0)
				depth--;
			continue;
		}
		for (n = 0; i + n < end && (isalnum((unsigned char)s[i + n]) ||
		    s[i + n] == '-' || s[i + n] == '!'); n++)
			;
		if (n == 0)
			continue;
		/* tidy nests a list item met in a list item in a new list,
		 * and so on: at the floor, every tag goes */
		if (flat_tag(s + i, n)) {
			if (depth >= H_DEPTH_MAX)
				i = from = cut_tag(&b, &any, s, from, at, end);
			continue;
		}
		if ((raw = raw_name(s + i, n)) != NULL) {
			i = skip_raw(s, i + n, end, raw);
			continue;
		}
		/* <path ... />: a self-closed SVG or MathML element */
		if ((p = memchr(s + i, '>', end - i)) != NULL &&
		    p[-1] == '/')
			continue;
		if (++depth > H_DEPTH_MAX)
			i = from = cut_tag(&b, &any, s, from, at, end);
	}
	if (!any)
		return NULL;
	(void)w_buf_add(&b, s + from, end - from);
	*len = b.len;
	return w_buf_take(&b);
}

/*
 * The end of the start tag whose attributes begin at s[i] (its '>', or
 * n when none closes it), read as tidy's lexer reads attributes: a name,
 * then "=" and a value, quoted or not. *cut is where its attribute past
 * the H_ATTR_MAX-th begins, or 0.
 */
static size_t
attrs_end(const char *s, size_t i, size_t n, size_t *cut)
{
	const char *p;
	size_t k = 0;

	*cut = 0;
	while (i < n && s[i] != '>') {
		if (isspace((unsigned char)s[i]) || s[i] == '/') {
			i++;
			continue;
		}
		if (++k > H_ATTR_MAX && *cut == 0)
			*cut = i;
		while (i < n && !isspace((unsigned char)s[i]) &&
		    s[i] != '>' && s[i] != '=')
			i++;
		while (i < n && isspace((unsigned char)s[i]))
			i++;
		if (i >= n || s[i] != '=')
			continue;
		for (i++; i < n && isspace((unsigned char)s[i]); i++)
			;
		if (i < n && (s[i] == '"' || s[i] == '\'')) {
			p = memchr(s + i + 1, s[i], n - i - 1);
			i = p != NULL ? (size_t)(p - s) + 1 : n;
		} else
			while (i < n && !isspace((unsigned char)s[i]) &&
			    s[i] != '>')
				i++;
	}
	return i;
}

/*
 * A copy of s whose start tags keep their first H_ATTR_MAX attributes
 * only, or NULL when no tag has more: tidy compares every attribute of
 * a tag with every other one (duplicates), so a tag of some hundred
 * thousand attributes held wextract for hours, and a thousand took a
 * fifth of a second (fuzz_htmlparse's timeouts, session 7). Real pages
 * stay far below (at most 185 on the 1,627 corpus pages). Comments and
 * script and style text are skipped whole. The attributes of a tag no
 * '>' closes run to the end of the page, and so does the cut.
 */
static char *
thin_attrs(const char *s, size_t *len)
{
	const char *raw;
	struct w_buf b;
	size_t i = 0, n, at, cut, gt, from = 0, end = *len;
	int any = 0;

	while ((at = next_lt(s, &i, end)) < end) {
		for (n = 0; i + n < end && (isalnum((unsigned char)s[i + n]) ||
		    s[i + n] == '-'); n++)
			;
		if (n == 0 || !isalpha((unsigned char)s[i]))
			continue;
		gt = attrs_end(s, i + n, end, &cut);
		if (cut > 0) {
			if (!any)
				w_buf_init(&b, end + 1);
			any = 1;
			(void)w_buf_add(&b, s + from, cut - from);
			from = gt;
		}
		if ((raw = raw_name(s + i, n)) != NULL)
			gt = skip_raw(s, gt, end, raw);
		i = gt;
	}
	if (!any)
		return NULL;
	(void)w_buf_add(&b, s + from, end - from);
	*len = b.len;
	return w_buf_take(&b);
}

/* 1 when s[i..n) starts with the tag name t (lower case) ended by a
 * space, '/' or '>'. */
static inline int
tag_at(const char *s, size_t i, size_t n, const char *t)
{
	size_t k;

	/* the first byte settles most tags without a call */
	if (i >= n || (s[i] | 0x20) != t[0])
		return 0;
	k = strlen(t);
	return i + k < n && strncasecmp(s + i, t, k) == 0 &&
	    s[i + k] != '\0' && strchr(" \t\n\r\f/>", s[i + k]) != NULL;
}

#define ASCII_LETTER(c)	(((c) | 0x20) >= 'a' && ((c) | 0x20) <= 'z')
/* a character of a tag's name as tidy reads one: it runs on over ASCII
 * letters, digits and "-._:" */
#define NAME_CHAR(c)	(ASCII_LETTER(c) || ((c) >= '0' && (c) <= '9') || \
	(c) == '-' || (c) == '.' || (c) == '_' || (c) == ':')

/*
 * 1 when s[i..n) starts with the tag name t (lower case) as tidy reads
 * it (its names run on over ASCII letters, digits and "-._:", nothing
 * else) but tag_at() does not ("<script=", "<xmp\"", "<style\xc3"):
 * the scan would read on inside what tidy takes for a script, style or
 * xmp body.
 */
static inline int
name_runs_on(const char *s, size_t i, size_t n, const char *t)
{
	size_t k;
	unsigned char c;

	if (i >= n || (s[i] | 0x20) != t[0])
		return 0;
	k = strlen(t);
	if (i + k >= n ||
	    strncasecmp(s + i, t, k) != 0)
		return 0;
	c = (unsigned char)s[i + k];
	return !NAME_CHAR(c) && strchr(" \t\n\r\f/>", c) == NULL;
}

/*
 * The offset of the '<' when s[i..n) (i just past a '<') is a start or
 * end tag whose name runs straight into one ("<c<script>", "</b<style>"),
 * else 0. tidy takes that '<' as a character of the tag, which it reads
 * on to its '>', where the scan would start a tag at it: a script the
 * scan read there was markup to tidy, which saw an <svg> the scan had
 * skipped with the body (fuzz_htmlparse's eighteenth finding, seed
 * name-lt.html), and a "<?xml" after "<g<script>" or "<h<!-->" was left
 * to tidy, which leaks on some (its twelfth, seeds name-lt-pi*.html).
 */
static size_t
name_into_lt(const char *s, size_t i, size_t n)
{
	if (i < n && s[i] == '/')
		i++;
	if (i >= n || !ASCII_LETTER(s[i]))
		return 0;
	while (i < n && NAME_CHAR(s[i]))
		i++;
	return i < n && s[i] == '<' ? i : 0;
}

/*
 * Length of the body at p[0..n) of a script or style element (name)
 * up to its end tag, when tidy's text of it would be its bytes as they
 * are, else 0: printable ASCII, newlines and well-formed UTF-8 from
 * U+00A0 on, without noncharacters (tidy expands tabs by column, turns
 * CR into LF, drops control characters and replaces bad UTF-8). tidy
 * reads it as a state machine (GetCDATA in its lexer.c): a '<' and
 * letters is a start tag whose next character is taken as it is; "</"
 * and letters an end tag, the body's end when they start with name in
 * any case, else one tidy escapes ("<\/x" in a script) or, with
 * nothing but blanks before it, ends the body at: left to tidy, as a
 * start tag seen before anything else is (tidy ends a script with a
 * source there); "<\/" is text. '<', '/' and '\\' in these leave the
 * body "empty" for tidy, as blanks do.
 */
static size_t
verbatim_body(const unsigned char *p, size_t n, const char *name)
{
	size_t k = 0, nl = strlen(name);
	unsigned long cp;
	int any = 0, take = 0;
	unsigned c;

	while (k < n) {
		/* eight bytes at a time while they are printable ASCII
		 * but '<' (most of a script) */
		while (any && !take && k + 8 <= n) {
			uint64_t w, lt;

			memcpy(&w, p + k, 8);
			lt = w ^ UINT64_C(0x3c3c3c3c3c3c3c3c);
			/* a byte under 0x20, over 0x7e, or '<' */
			if ((((w - UINT64_C(0x2020202020202020)) & ~w) |
			    ((w + UINT64_C(0x0101010101010101)) | w) |
			    ((lt - UINT64_C(0x0101010101010101)) & ~lt)) &
			    UINT64_C(0x8080808080808080))
				break;
			k += 8;
		}
		if (k >= n)
			break;
		c = p[k];
		if (c == '<' && !take) {
			/* a body that starts with a '<' ("<![CDATA[", "<!--")
			 * is tidy's: fuzz_htmlparse found one read otherwise */
			if (!any || k + 2 >= n)
				return 0;
			if (ASCII_LETTER(p[k + 1])) {
				if (!any)
					return 0;
				/* a start tag: its letters, then one
				 * character taken as it is */
				for (k += 2; k < n && ASCII_LETTER(p[k]); k++)
					;
				take = 1;
				continue;
			}
			if (p[k + 1] == '/' && ASCII_LETTER(p[k + 2]))
				return any && k + 2 + nl < n &&
				    strncasecmp((const char *)p + k + 2, name,
				    nl) == 0 ? k : 0;
			/* '<' then '/' or "\\/": read on after them */
			k += p[k + 1] == '/' ? 2 : p[k + 1] == '\\' ?
			    (p[k + 2] == '/' ? 3 : 2) : 1;
			continue;
		}
		if (c >= 0x20 && c < 0x7f) {
			if (c != ' ' && !take)
				any = 1;
			take = 0;
			k++;
			continue;
		}
		if (c == '\n') {
			take = 0;
			k++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			if (k + 1 >= n || (p[k + 1] & 0xc0) != 0x80 ||
			    (c == 0xc2 && p[k + 1] < 0xa0))
				return 0;
			k += 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			if (k + 2 >= n || (p[k + 1] & 0xc0) != 0x80 ||
			    (p[k + 2] & 0xc0) != 0x80 ||
			    (c == 0xe0 && p[k + 1] < 0xa0) ||
			    (c == 0xed && p[k + 1] >= 0xa0))
				return 0;
			cp = ((c & 0x0fUL) << 12) | ((p[k + 1] & 0x3fUL) << 6) |
			    (p[k + 2] & 0x3fUL);
			if ((cp >= 0xfdd0 && cp <= 0xfdef) ||
			    (cp & 0xfffe) == 0xfffe)
				return 0;
			k += 3;
		} else if (c >= 0xf0 && c <= 0xf4) {
			if (k + 3 >= n || (p[k + 1] & 0xc0) != 0x80 ||
			    (p[k + 2] & 0xc0) != 0x80 ||
			    (p[k + 3] & 0xc0) != 0x80 ||
			    (c == 0xf0 && p[k + 1] < 0x90) ||
			    (c == 0xf4 && p[k + 1] >= 0x90) ||
			    ((p[k + 1] & 0x0f) == 0x0f &&
			    (p[k + 2] & 0x3f) == 0x3f &&
			    (p[k + 3] & 0x3e) == 0x3e))
				return 0;
			k += 4;
		} else
			return 0;
		if (!take)
			any = 1;
		take = 0;
	}
	return 0;
}

/*
 * The start tag at s[i..n) (i just past its '<') ends at '>' (its
 * offset returned, or 0): not self-closed, and an even number of each quote in it (a '>'
 * inside a quoted value is left to tidy).
 */
static size_t
start_tag_end(const char *s, size_t i, size_t n)
{
	const char *e = memchr(s + i, '>', n - i);
	size_t k, q1 = 0, q2 = 0;

	if (e == NULL || e[-1] == '/')
		return 0;
	for (k = i; s + k < e; k++) {
		q1 += s[k] == '"';
		q2 += s[k] == '\'';
	}
	return (q1 | q2) & 1 ? 0 : (size_t)(e - s);
}

#define BLANK(c)	((c) == ' ' || (c) == '\t' || (c) == '\n' || \
	(c) == '\r' || (c) == '\f')

/*
 * Long attribute values on inline elements. tidy's inline stack
 * (Mosaic's, istack.c) copies an inline element that is open when a
 * block starts, attributes and all, into that block and each one after
 * it up to the element's end: a span with 100 KB of props over 5,000
 * paragraphs (a 230 KB page) took 985 MB and 0.9 s. cap_attrs() drops
 * from the start tags of the elements tidy may copy each attribute
 * whose name and value take more than IN_VALUE_MAX bytes
 * (IN_KEEP_MAX for one the extractor reads, keep_attrs), and, once
 * the elements open (nested ones too, the ones tidy copies together)
 * keep IN_OPEN_MAX bytes of attributes over IN_SMALL, every other one
 * over IN_SMALL; so too once the blocks that start while the element
 * is open (up to its end tag as the scan reads it, or the page's end)
 * times those bytes come to IN_COPY_MAX: "<span data-x=4KB>" before
 * 300,000 "<p>" took 2.5 GB, 195 MB now (as much as the "<p>" alone).
 * On the 1,497 WCXB pages no value of an inline element is over 4 KB
 * but one data- attribute (their longest start tag has 4.8 KB of
 * attributes), and no output changes.
 *
 * The copies themselves: twenty unclosed formatting elements ("<b><i>
 * <em>...", each a name of its own) over 50,000 "<p>" were a million
 * copies, 430 MB for a 400 KB page. Once the copies of all the start
 * tags (the blocks each one is open over) come to more than
 * IN_COPIES_PER blocks a block and IN_COPIES_MIN, each later start tag
 * open over IN_CUT_BLOCKS blocks or more is left out (its end tag is
 * one tidy drops): a bold or italic run over a page; so is every one
 * opened inside IN_DEPTH of them (uncounted). Not a link's
 * (its address), nor a span's or label's (the scan makes one that
 * holds blocks a div, inest).
 */
#define IN_COPIES_PER	4
#define IN_COPIES_MIN	65536
#define IN_CUT_BLOCKS	64
#define IN_DEEP		((size_t)-1)	/* nb[]: opened IN_DEPTH deep */
#define IN_VALUE_MAX	4096
#define IN_KEEP_MAX	8192
#define IN_OPEN_MAX	8192
#define IN_SMALL	64
#define IN_DEPTH	64
#define IN_COPY_MAX	(32u << 20)

/* Whether the start tag name s[0..n) opens a block that tidy copies the
 * open inline elements into. */
/*
 * The index of s[0..n), ASCII case folded, in the n_w names of w (lower
 * case, in strcmp order), or -1: a binary search, where a loop over
 * the names with a first-letter test cost cap_attrs() about 2% of
 * wextract's instructions on WCXB pages (every tag of every page).
 */
static int
sorted_index(const char *s, size_t n, const char *const *w, int n_w)
{
	char low[16];
	size_t k;
	int lo = 0, hi = n_w - 1, mid, c;

	if (n == 0 || n >= sizeof(low))
		return -1;
	for (k = 0; k < n; k++)
		low[k] = (char)(s[k] >= 'A' && s[k] <= 'Z' ? s[k] + 32 : s[k]);
	low[n] = '\0';
	while (lo <= hi) {
		mid = (lo + hi) / 2;
		/* strcmp's order (by unsigned char) without a call */
		for (k = 0; (c = (unsigned char)low[k] -
		    (unsigned char)w[mid][k]) == 0; k++)
			if (low[k] == '\0')
				return mid;
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return -1;
}

#define NAMES(w)	((int)(sizeof(w) / sizeof(w[0])) - 1)

static int
copy_block(const char *s, size_t n)
{
	/* in strcmp order (sorted_index) */
	static const char *const blocks[] = {
		"address", "article", "aside", "blockquote", "caption",
		"center", "dd", "details", "div", "dl", "dt", "fieldset",
		"figcaption", "figure", "footer", "form", "h1", "h2", "h3",
		"h4", "h5", "h6", "header", "hgroup", "li", "main", "nav",
		"ol", "p", "pre", "section", "summary", "table", "td", "th",
		"tr", "ul", NULL
	};

	return n <= 10 && sorted_index(s, n, blocks, NAMES(blocks)) >= 0;
}

/* the elements tidy's inline stack copies (inline, not empty), in
 * strcmp order (sorted_index) */
static const char *const copied_names[] = {
	"a", "abbr", "acronym", "b", "bdi", "bdo", "big", "blink", "cite",
	"code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd",
	"label", "mark", "nobr", "q", "rb", "rp", "rt", "rtc", "ruby", "s",
	"samp", "small", "span", "strike", "strong", "sub", "sup", "time",
	"tt", "u", "var", NULL
};

/* attributes the extractor reads, kept up to IN_KEEP_MAX */
static const char *const keep_attrs[] = {
	"href", "src", "alt", "title", "class", "id", "itemprop",
	"datetime", "content", "name", "rel", "role", "style", NULL
};

/* Whether the name s[a..z) is one of the NULL-ended list w, in any
 * letter case. */
static int
name_listed(const char *s, size_t a, size_t z, const char *const *w)
{
	size_t k;

	for (k = 0; w[k] != NULL; k++)
		if (strlen(w[k]) == z - a &&
		    strncasecmp(s + a, w[k], z - a) == 0)
			return 1;
	return 0;
}

/*
 * The next attribute of a start tag from s[*k], read as tidy's
 * ParseAttrs() reads it (in_quoted()'s states, kept simple): 1 with
 * its name at s[*a..*nz) and the attribute (value and all) ending at
 * *z, *k past it; 0 at the tag's end, *k at its '>' (at the '/' of
 * "/>"); -1 when the tag reads otherwise than plainly (a quote or a
 * slash in a name, a '<' outside a quoted value, no '>'), *k where the
 * reading stopped.
 */
static int
next_attr(const char *s, size_t *k, size_t n, size_t *a, size_t *nz,
    size_t *z)
{
	const char *e;
	size_t i = *k;

	while (i < n && (BLANK(s[i]) || s[i] == '=' || s[i] == '"' ||
	    s[i] == '\''))
		i++;
	*k = i;
	if (i >= n || s[i] == '<')
		return -1;
	if (s[i] == '>' || (s[i] == '/' && i + 1 < n && s[i + 1] == '>'))
		return 0;
	for (*a = i; i < n && s[i] != '\0' && !BLANK(s[i]) &&
	    strchr("=<>\"'/", s[i]) == NULL; i++)
		;
	*k = i;
	if (i == *a || i >= n || (!BLANK(s[i]) && s[i] != '=' &&
	    s[i] != '>'))
		return -1;
	*nz = *z = i;
	while (i < n && BLANK(s[i]))
		i++;
	if (i < n && s[i] == '=') {
		for (i++; i < n && BLANK(s[i]); i++)
			;
		*k = i;
		if (i >= n || s[i] == '<')
			return -1;
		if (s[i] == '"' || s[i] == '\'') {
			if ((e = memchr(s + i + 1, s[i], n - i - 1)) == NULL) {
				*k = n;
				return -1;
			}
			i = (size_t)(e - s) + 1;
		} else {
			while (i < n && !BLANK(s[i]) && s[i] != '>' &&
			    s[i] != '<' && s[i] != '"' && s[i] != '\'')
				i++;
			*k = i;
			if (i >= n || s[i] == '<' || s[i] == '"' ||
			    s[i] == '\'')
				return -1;
		}
		*z = i;
	}
	*k = i;
	return 1;
}

/*
 * The start tag whose name ends at s[i] read as next_attr() reads it:
 * each attribute it drops is left out of b (from *from on; *any set on
 * the first), and the offset of the tag's '>' (of the '/' of "/>")
 * returned. A tag that reads otherwise than plainly is left as it is,
 * the offset where the reading stopped returned. *longs is set when an
 * attribute takes more than IN_SMALL bytes (only those are ever
 * dropped).
 */
static size_t
cap_tag(struct w_buf *b, int *any, const char *s, size_t *from, size_t i,
    size_t n, size_t room, size_t *kept_out, int *longs)
{
	size_t k = i, a = 0, nz = 0, z = 0, kept = 0, cut[2 * 16], nc = 0;
	size_t c, cap;
	int r;

	/* the character after the name is dropped but '/' and '>' */
	if (k < n && s[k] != '/' && s[k] != '>')
		k++;
	while ((r = next_attr(s, &k, n, &a, &nz, &z)) > 0) {
		c = z - a;
		if (c <= IN_SMALL)
			continue;
		*longs = 1;
		cap = name_listed(s, a, nz, keep_attrs) ? IN_KEEP_MAX : IN_VALUE_MAX;
		/* (past 16 cuts the rest is kept) */
		if ((c > cap || kept + c > room) &&
		    nc + 2 <= sizeof(cut) / sizeof(cut[0])) {
			cut[nc++] = a;
			cut[nc++] = z;
		} else
			kept += c;
	}
	if (r < 0)
		return k;
	*kept_out = kept;
	for (c = 0; c < nc && b != NULL; c += 2) {
		if (!*any)
			w_buf_init(b, n + 1);
		*any = 1;
		(void)w_buf_add(b, s + *from, cut[c] - *from);
		*from = cut[c + 1];
	}
	return k;
}

/*
 * A copy of s whose inline elements' start tags have their long
 * attributes left out (above), or NULL when none has. Comments and
 * script and style text are skipped whole.
 */
static char *
cap_attrs(const char *s, size_t *len)
{
	const char *raw;
	struct w_buf b;
	size_t i, n, k, from = 0, end = *len, open, kept, g, r, nr = 0;
	size_t okept[IN_DEPTH], og[IN_DEPTH], orec[IN_DEPTH], *nb = NULL;
	size_t room, at, copies = 0, budget = 0, t;
	unsigned char oname[IN_DEPTH];
	int any = 0, depth, d, et, pass, longs = 0, over = 0, c;

	/* pass 0 counts the blocks that start while each element is
	 * open (nb[r], the r-th start tag of one), pass 1 writes: not
	 * when pass 0 met no attribute over IN_SMALL, the only ones
	 * dropped, and the copies stay under the budget (most pages) */
	for (pass = 0; pass < 2 && (pass == 0 || longs || over); pass++) {
		i = open = g = r = 0;
		depth = 0;
		copies = pass == 1 ? 0 : copies;
		while ((at = next_lt(s, &i, end)) < end) {
			et = i < end && s[i] == '/';
			for (n = 0; i + et + n < end &&
			    NAME_CHAR(s[i + et + n]); n++)
				;
			if (n == 0 || !ASCII_LETTER(s[i + et]))
				continue;
			if (!et && (raw = raw_name(s + i, n)) != NULL) {
				i = skip_raw(s, i + n, end, raw);
				continue;
			}
			if (!et && copy_block(s + i, n))
				g++;
			if ((c = sorted_index(s + i + et, n, copied_names,
			    NAMES(copied_names))) < 0)
				continue;
			k = (size_t)c;
			/* the innermost open one of the name ends at its
			 * end tag, and a link at the next link's start, as
			 * tidy ends them */
			if (et || k == 0) {
				for (d = depth - 1; d >= 0 && oname[d] != k;
				    d--)
					;
				for (; d >= 0 && depth > d; depth--) {
					open -= okept[depth - 1];
					if (pass == 0)
						nb[orec[depth - 1]] =
						    g - og[depth - 1];
				}
				if (et)
					continue;
			}
			if (pass == 0) {
				if (nr % 1024 == 0)
					nb = w_realloc(nb, (nr + 1024) *
					    sizeof(*nb));
				nb[nr++] = 0;
				room = 0;
			} else if (over && (nb[r] == IN_DEEP ||
			    (nb[r] >= IN_CUT_BLOCKS &&
			    copies + nb[r] > budget)) && k != 0 &&
			    strcmp(copied_names[k], "span") != 0 &&
			    strcmp(copied_names[k], "label") != 0 &&
			    (t = cap_tag(NULL, &any, s, &from, i + n, end, 0,
			    &kept, &longs)) < end && (s[t] == '>' ||
			    (s[t] == '/' && t + 1 < end && s[t + 1] == '>'))) {
				/* a copy too many: the start tag goes */
				if (!any)
					w_buf_init(&b, end + 1);
				any = 1;
				(void)w_buf_add(&b, s + from, at - from);
				from = i = t + (s[t] == '>' ? 1 : 2);
				r++;
				continue;
			} else {
				copies += nb[r] != IN_DEEP ? nb[r] : 0;
				/* what tidy copies into each block: at most
				 * IN_OPEN_MAX bytes, and IN_COPY_MAX in all */
				room = depth >= IN_DEPTH || open >= IN_OPEN_MAX ?
				    0 : IN_OPEN_MAX - open;
				if (nb[r] != IN_DEEP &&
				    room > IN_COPY_MAX / (nb[r] + 1))
					room = IN_COPY_MAX / (nb[r] + 1);
			}
			kept = 0;
			i = cap_tag(pass == 1 ? &b : NULL, &any, s, &from,
			    i + n, end, room, &kept, &longs);
			if (depth < IN_DEPTH) {
				oname[depth] = (unsigned char)k;
				okept[depth] = kept;
				og[depth] = g;
				orec[depth++] = r;
				open += kept;
			} else if (pass == 0)
				nb[r] = IN_DEEP;
			r++;
		}
		for (; pass == 0 && depth > 0; depth--)
			nb[orec[depth - 1]] = g - og[depth - 1];
		if (pass == 0) {
			for (t = 0; t < nr; t++)
				copies += nb[t] != IN_DEEP ? nb[t] : 0;
			budget = IN_COPIES_PER * g > IN_COPIES_MIN ?
			    IN_COPIES_PER * g : IN_COPIES_MIN;
			over = copies > budget;
		}
	}
	free(nb);
	if (!any)
		return NULL;
	(void)w_buf_add(&b, s + from, end - from);
	*len = b.len;
	return w_buf_take(&b);
}

/* The data- attributes the extractor reads (w_html_attr() names them),
 * besides the pre-parse's own marks (data-wt-). */
static const char *const data_read[] = {
	"data-bs-target", "data-bs-toggle", "data-reactroot", "data-role",
	"data-server-rendered", "data-src", "data-target", "data-time",
	"data-toggle", NULL
};

/* The aria- attributes the extractor reads (w_html_attr() names them). */
static const char *const aria_read[] = {
	"aria-controls", "aria-expanded", "aria-hidden", "aria-label",
	"aria-labelledby", "aria-modal", NULL
};

/* Other attributes nothing reads, common enough to cost tidy: svg's
 * drawing (paths, shapes and their paint), the image loading hints
 * (srcset, sizes, ...) and the script and style tags' checks; lower
 * case, in strcmp order, each under sorted_index()'s 16 bytes. */
static const char *const unread[] = {
	"clip-path", "clip-rule", "crossorigin", "cx", "cy", "d",
	"decoding", "fetchpriority", "fill", "fill-opacity", "fill-rule",
	"focusable", "integrity", "loading", "points", "r", "rx", "ry",
	"sizes", "srcset", "stroke", "stroke-linecap", "stroke-linejoin",
	"stroke-opacity", "stroke-width", "transform", "viewbox", "x1", "x2",
	"y1", "y2", NULL
};

/*
 * Whether the attribute name s[a..z) is one nothing reads: a data- one
 * (not the pre-parse's marks, data-wt-), an aria- one, an event
 * handler (on...: the extractor asks for no name that starts so) or
 * one of unread.
 */
static int
attr_unread(const char *s, size_t a, size_t z)
{
	int c = s[a] | 0x20;

	if (z - a > 5 && c == 'd' && strncasecmp(s + a, "data-", 5) == 0)
		return !(z - a > 8 && strncasecmp(s + a + 5, "wt-", 3) == 0) &&
		    !name_listed(s, a, z, data_read);
	if (z - a > 5 && c == 'a' && strncasecmp(s + a, "aria-", 5) == 0)
		return !name_listed(s, a, z, aria_read);
	if (z - a > 2 && c == 'o' && (s[a + 1] | 0x20) == 'n')
		return 1;
	return sorted_index(s + a, z - a, unread, NAMES(unread)) >= 0;
}

/*
 * A copy of s whose start tags have their attributes that nothing
 * reads (attr_unread()) left out, or NULL when none has one. Pages
 * carry script state in data- ones (a sixth of all attributes on WCXB
 * pages), and tidy looks each name it does not know up in its whole
 * attribute table: they cost tidy more than every other attribute
 * together; the rest tidy checks, or holds, for nothing. A tag that reads
 * otherwise than plainly (next_attr()) keeps all of its own, and
 * comments and script and style text are skipped whole.
 */
static char *
drop_data(const char *s, size_t *len)
{
	const char *raw;
	struct w_buf b;
	size_t i = 0, n, k, a = 0, nz = 0, z = 0, from = 0, end = *len;
	size_t cut[2 * 16], nc, c;
	int any = 0, r;

	while (next_lt(s, &i, end) < end) {
		for (n = 0; i + n < end && NAME_CHAR(s[i + n]); n++)
			;
		if (n == 0 || !ASCII_LETTER(s[i]))
			continue;
		if ((raw = raw_name(s + i, n)) != NULL) {
			i = skip_raw(s, i + n, end, raw);
			continue;
		}
		k = i + n;
		/* the character after the name is tidy's, as cap_tag() */
		if (k < end && s[k] != '/' && s[k] != '>')
			k++;
		nc = 0;
		while ((r = next_attr(s, &k, end, &a, &nz, &z)) > 0)
			/* (past 16 cuts the rest is kept) */
			if (nc + 2 <= sizeof(cut) / sizeof(cut[0]) &&
			    attr_unread(s, a, nz)) {
				cut[nc++] = a;
				cut[nc++] = z;
			}
		i = k;
		if (r < 0)
			continue;
		for (c = 0; c < nc; c += 2) {
			if (!any)
				w_buf_init(&b, end + 1);
			any = 1;
			(void)w_buf_add(&b, s + from, cut[c] - from);
			from = cut[c + 1];
		}
	}
	if (!any)
		return NULL;
	(void)w_buf_add(&b, s + from, end - from);
	*len = b.len;
	return w_buf_take(&b);
}

/*
 * The end (just past it, or n) of the marked section whose "<![" ends
 * just before s[i], as tidy's lexer reads one: a CDATA section
 * ("CDATA[" next) to its "]]>", any other to its first "]>" or "]-->".
 */
static size_t
section_end(const char *s, size_t i, size_t n)
{
	const char *p;
	int cdata = i + 6 <= n && memcmp(s + i, "CDATA[", 6) == 0;

	for (; (p = memchr(s + i, ']', n - i)) != NULL; i = (size_t)(p - s) + 1) {
		if (cdata) {
			if ((size_t)(p - s) + 2 < n && p[1] == ']' && p[2] == '>')
				return (size_t)(p - s) + 3;
		} else if ((size_t)(p - s) + 1 < n && p[1] == '>')
			return (size_t)(p - s) + 2;
		else if ((size_t)(p - s) + 3 < n && memcmp(p + 1, "-->", 3) == 0)
			return (size_t)(p - s) + 4;
	}
	return n;
}

/*
 * The end (just past its '>', or n) of the doctype whose "<!d" ends
 * just before s[i], as tidy's lexer reads one: the rest of the word,
 * blanks, a name, then words, "[...]" and quoted strings (a '>' in
 * them is theirs) up to a '>'.
 */
static size_t
doctype_end(const char *s, size_t i, size_t n)
{
	const char *e;

	while (i < n && s[i] != '>' && !BLANK(s[i]))
		i++;
	while (i < n && BLANK(s[i]))
		i++;
	while (i < n && s[i] != '>' && s[i] != '[' && !BLANK(s[i]))
		i++;
	for (; i < n; i++) {
		if (s[i] == '>')
			return i + 1;
		if ((s[i] | 0x20) == 'p' || (s[i] | 0x20) == 's') {
			while (i + 1 < n && s[i + 1] != '>' && !BLANK(s[i + 1]))
				i++;
		} else if (s[i] == '[' || s[i] == '"' || s[i] == '\'') {
			e = memchr(s + i + 1, s[i] == '[' ? ']' : s[i],
			    n - i - 1);
			if (e == NULL)
				return n;
			i = (size_t)(e - s);
		}
	}
	return n;
}

/* The next c at or after s[i] (before s[n]): a cache of the last
 * answer, for offsets that only grow. */
struct next {
	size_t	 at;		/* that offset, or n */
	int	 known;
};

static size_t
next_of(struct next *x, const char *s, size_t i, size_t n, int c)
{
	const char *p;

	if (!x->known || x->at < i) {
		p = memchr(s + i, c, n - i);
		x->at = p != NULL ? (size_t)(p - s) : n;
		x->known = 1;
	}
	return x->at;
}

/*
 * The end of the attribute value that starts with the '<' before s[i]
 * (i just past it) when that '<' follows a '=' inside a start tag:
 * tidy reads it as a "server instruction" (ParseServerInstruction in
 * its lexer.c), not as markup. After "<%", "<?" or "<@" it runs to a
 * '>', which it takes; else to a blank or a '>', which it leaves. The
 * character after the '<' is taken as it is, and a quote runs to its
 * mate, or to a '>' (left).
 */
static size_t
server_value_end(const char *s, size_t i, size_t n)
{
	int rule;
	char q;

	if (i >= n)
		return n;
	rule = s[i] == '%' || s[i] == '?' || s[i] == '@';
	for (i++; i < n; i++) {
		if (s[i] == '>')
			return rule ? i + 1 : i;
		if (!rule && s[i] != '\0' && strchr(" \t\n\r\f", s[i]) != NULL)
			return i;
		if (s[i] != '"' && s[i] != '\'')
			continue;
		for (q = s[i++]; i < n && s[i] != q; i++)
			if (s[i] == '>')
				return i;
		if (i >= n)
			break;
	}
	return n;
}

/* The start tag the scan is in (in_quoted()). */
struct vtag {
	size_t		 tag;	/* just past its '<', or 0 for none */
	size_t		 name;	/* the end of its name */
	size_t		 ra;	/* in_quoted() has read the tag up to here */
	size_t		 rn;	/* the length of the name it is in */
	char		 rl;	/* and that name's last character */
	int		 rs;	/* in the state RS_* there */
	char		 rd;	/* the quote of a value it is in */
};

/* in_quoted()'s states: tidy's ParseAttrs() */
enum { RS_FIRST, RS_LEAD, RS_NAME, RS_PRE, RS_POST, RS_QUOTED, RS_UNQ,
    RS_END };

/* A start tag at s[i..n) (i just past its '<'): in_quoted() reads on
 * in it. Its name runs over tidy's name characters. */
static void
vtag_set(struct vtag *x, const char *s, size_t i, size_t n)
{
	x->tag = i;
	x->rs = RS_FIRST;
	for (x->name = i; x->name < n && NAME_CHAR(s[x->name]); x->name++)
		;
	x->ra = x->name;
}

/*
 * How tidy reads the '<' at s[p] in the start tag x: 2 when it starts
 * a server instruction (right after a '=' or a quote in its place), 1
 * when it lies inside a quoted attribute value of the
 * start tag x as tidy's lexer reads the tag (ParseAttrs(): a name, '='
 * or a quote in its place, then a value quoted, unquoted or a server
 * instruction, to the tag's '>' or a '<' that ends it), *end then the
 * offset of the value's closing quote, or n. tidy takes such a '<' as
 * the value's text, where the scan read markup: '<a title="<style>">
 * <?xml <?>' hid the "<?xml" that libtidy leaks on in a style body
 * (fuzz_htmlparse, session 12, seed value-quoted.html). The tag is
 * read on from the last call, so linearly; 0 for a '<' that is markup
 * (the tag ended before it, or ends at it) and for a "<?" in the tag,
 * which prepare() cuts: it moves x->ra past the cut, and tidy, which
 * never sees the cut, reads on in the tag in the same state (session
 * 12: this replaced in_value()'s quote counts, which read '<s=5 <?>"<!>'
 * with the '=' after the tag's name, which tidy drops, as a value's).
 */
static int
in_quoted(struct vtag *x, const char *s, size_t p, size_t n, size_t *end)
{
	const char *e;
	size_t k = x->ra;
	char c;

	if (x->tag == 0 || x->tag >= p)
		return 0;
	while (k < p && x->rs != RS_END) {
		c = s[k];
		switch (x->rs) {
		case RS_FIRST:
			/* the character after the name is dropped but '/'
			 * and '>' */
			x->rs = c == '>' ? RS_END : RS_LEAD;
			if (c != '/')
				k++;
			break;
		case RS_LEAD:
			if (c == '>' || c == '<' || (c == '/' && k + 1 < n &&
			    s[k + 1] == '>'))
				x->rs = RS_END;
			else if (c == '=' || c == '"' || c == '\'' || BLANK(c))
				k++;
			else {
				x->rs = RS_NAME;
				x->rl = c;
				x->rn = 1;
				k++;
			}
			break;
		case RS_NAME:
			/* a quote after a '-' ends the name, and the '-'
			 * leaves it: a name of one '-' is none, and the
			 * tag ends there, its '>' not taken ('<i"-"<!>
			 * <!><?xml <?>'; fuzz_htmlparse, session 12, seed
			 * dash-quote.html) */
			/* (its last character kept: a cut may come
			 * between, "<t a-<?x?>\"") */
			if ((c == '"' || c == '\'') && x->rl == '-' &&
			    x->rn == 1)
				x->rs = RS_END;
			else if (c == '=' || c == '>' || c == '<' ||
			    (x->rl == '-' && (c == '"' || c == '\'')))
				x->rs = RS_PRE;
			else if (BLANK(c)) {
				x->rs = RS_PRE;
				k++;
			} else {
				/* the name's plain run in one loop */
				do {
					x->rl = c;
					x->rn++;
				} while (++k < p && (c = s[k]) != '"' &&
				    c != '\'' && c != '=' && c != '>' &&
				    c != '<' && !BLANK(c));
			}
			break;
		case RS_PRE:
			if (BLANK(c))
				k++;
			else if (c == '=' || c == '"' || c == '\'') {
				x->rs = RS_POST;
				k++;
			} else
				x->rs = RS_LEAD;
			break;
		case RS_POST:
			if (BLANK(c))
				k++;
			else if (c == '"' || c == '\'') {
				x->rd = c;
				x->rs = RS_QUOTED;
				k++;
			} else if (c == '<') {
				k = server_value_end(s, k + 1, n);
				x->rs = RS_LEAD;
			} else
				x->rs = RS_UNQ;
			break;
		case RS_QUOTED:
			e = memchr(s + k, x->rd, n - k);
			if (e == NULL || (size_t)(e - s) >= p) {
				k = p;
				break;
			}
			k = (size_t)(e - s) + 1;
			x->rs = RS_LEAD;
			break;
		case RS_UNQ:
			if (c == '>' || c == '<' || ((c == '"' || c == '\'') &&
			    k + 1 < n && s[k + 1] == '>'))
				x->rs = RS_END;
			else if (BLANK(c)) {
				x->rs = RS_LEAD;
				k++;
			} else
				/* the value's plain run in one loop */
				while (++k < p && (c = s[k]) != '>' &&
				    c != '<' && c != '"' && c != '\'' &&
				    !BLANK(c))
					;
			break;
		}
	}
	x->ra = k;
	/* a '<' right after a '=' (or a quote in its place), also after
	 * a '>' in a quoted value ('<a title="<style>" c=<!--><?xml
	 * <?>-->'): a server instruction */
	if (k == p && x->rs == RS_POST && p + 1 < n && s[p + 1] != '?')
		return 2;
	if (k != p || x->rs != RS_QUOTED)
		return 0;
	e = memchr(s + p, x->rd, n - p);
	*end = e != NULL ? (size_t)(e - s) : n;
	x->ra = *end < n ? *end + 1 : n;
	x->rs = RS_LEAD;
	return 1;
}

/* The next "<?" or "<!" at or after s[i] (before s[n]), the start of
 * a construct prepare() may cut, in x's cache as next_of(). */
static size_t
next_cut(struct next *x, const char *s, size_t i, size_t n)
{
	const char *p;
	size_t k = i;

	if (x->known && x->at >= i)
		return x->at;
	while ((p = memchr(s + k, '<', n - k)) != NULL) {
		k = (size_t)(p - s) + 1;
		if (k < n && (s[k] == '?' || s[k] == '!'))
			break;
	}
	x->at = p != NULL ? k - 1 : n;
	x->known = 1;
	return x->at;
}

/*
 * Append pre[0..pn) and the mark of body k (body[0..bl)) to b and
 * return 1; 0 and nothing when the body is too short to hold it, -1
 * when b is full. The mark: the newline the body starts with (tidy
 * drops it in some contexts), RAW_MARK and k; with pad set (a tab
 * follows on the line, which tidy expands by column), then as many
 * spaces as the body's last line has characters, after a newline when
 * the body holds one.
 */
static int
mark_body(struct w_buf *b, const char *pre, size_t pn, const char *body,
    size_t bl, size_t k, int pad)
{
	static const char spaces[] = "                                ";
	char mark[32];
	size_t ml, last = 0, j, nl = bl;

	ml = (size_t)snprintf(mark, sizeof(mark), RAW_MARK "%zu", k);
	if (pad) {
		while (nl > 0 && body[nl - 1] != '\n')
			nl--;
		/* body[nl..bl) is the last line; nl - 1 its newline */
		for (j = nl; j < bl; j++)
			last += ((unsigned char)body[j] & 0xc0) != 0x80;
		if (nl <= 1 && last < ml)
			return 0;
	}
	if (w_buf_add(b, pre, pn) == -1 ||
	    (body[0] == '\n' && w_buf_add(b, "\n", 1) == -1) ||
	    w_buf_add(b, mark, ml) == -1)
		return -1;
	if (!pad)
		return 1;
	if (nl > 1) {
		if (w_buf_add(b, "\n", 1) == -1)
			return -1;
		ml = 0;
	}
	for (j = ml; j < last; j += sizeof(spaces) - 1)
		if (w_buf_add(b, spaces, last - j < sizeof(spaces) - 1 ?
		    last - j : sizeof(spaces) - 1) == -1)
			return -1;
	return 1;
}

/*
 * The start tag at s[i..n) (i just past its '<') when "&quot;" is in
 * its quoted attribute values and every quote in it opens or closes a
 * value ("a=\"..\"" or "a='..'", as tidy reads them): s[from..) up to
 * its '>' appended to b, each "&quot;" there as "&#034;", and the
 * offset of that '>' returned; else 0 and nothing, also when a value
 * holds a '<' (prepare() reads on after the '<' without the rewrite,
 * and must read the same with it). tidy looks each
 * named reference up in its list of some 2000 names one by one (13% of
 * the batch's instructions, nearly all of it on "&quot;", the quotes
 * of the JSON that data- attributes carry); the number reads the same
 * character at once, in as many bytes.
 */
static size_t
quot_tag(struct w_buf *b, const char *s, size_t from, size_t i, size_t n)
{
	size_t k, j, last = from;
	int pass, found = 0;
	char q;

	/* pass 0 finds the end, checks the quotes and looks; 1 writes */
	for (pass = 0; pass < 2; pass++) {
		q = 0;
		for (k = i; k < n; k++) {
			if (q != 0) {
				if (s[k] == q)
					q = 0;
				else if (s[k] == '<')
					/* the scan without the rewrite reads
					 * on inside the value ("<!d", "<!--",
					 * "<script" there): it must see the
					 * same (fuzz_htmlparse's eighth
					 * finding, seed quot-lt.html) */
					return 0;
				else if (s[k] == '&' && k + 6 <= n &&
				    memcmp(s + k, "&quot;", 6) == 0) {
					found = 1;
					if (pass == 1) {
						w_buf_add(b, s + last, k - last);
						w_buf_add(b, "&#034;", 6);
						last = k + 6;
					}
				}
				continue;
			}
			if (s[k] == '>' || s[k] == '<' || s[k] == '"' ||
			    s[k] == '\'')
				break;
			if (s[k] != '=')
				continue;
			for (j = k + 1; j < n && (s[j] == ' ' ||
			    s[j] == '\t' || s[j] == '\n' || s[j] == '\r' ||
			    s[j] == '\f'); j++)
				;
			if (j < n && (s[j] == '"' || s[j] == '\'')) {
				q = s[j];
				k = j;
			}
		}
		if (!found || k >= n || s[k] != '>')
			return 0;
	}
	w_buf_add(b, s + last, k - last);
	return k;
}

/*
 * 1 when tidy surely ends the script or style body whose start tag is
 * at s[i..) (i just past its '<') where the scan does, at s[end] (a
 * "</script" or "</style", or n), for a body that is no mark: else
 * tidy may read markup that the scan skipped, or script text that it
 * reads on in, and no marks or "&quot;" rewrites may follow.
 * tidy's lexer (GetCDATA) ends a body at the first end tag of its name
 * that it sees, but after "<x", "</x" or "<\/x" the character that
 * ends the letters is taken as it is, so a "</script" right after a
 * letter is text to it ("<i</script"; fuzz_htmlparse's tenth finding,
 * seed take-end.html); and while the body holds nothing but blanks
 * (what tags' letters and '<' leave "empty"), another end tag ends it,
 * and so does a start tag in a script with a source. Conservative:
 * a start tag the scan cannot read (start_tag_end()), a tag name's
 * letters or a byte of UTF-8 right before s[end], or a '<' and a
 * letter while the body is still empty all answer 0.
 */
static int
same_end(const char *s, size_t i, size_t end, size_t n)
{
	size_t k, gt = start_tag_end(s, i, n);
	unsigned char c;

	if (gt == 0 || gt >= end)
		return 0;
	c = (unsigned char)s[end - 1];
	if (end < n && c >= 0x80)
		return 0;
	if (end < n && ASCII_LETTER(c)) {
		/* letters right before: a tag's name when a '<' or a '/'
		 * comes before them */
		for (k = end - 1; k > gt + 1 && ASCII_LETTER(s[k - 1]); k--)
			;
		if (k > gt + 1 && (s[k - 1] == '<' || s[k - 1] == '/'))
			return 0;
	}
	for (k = gt + 1; k < end; k++) {
		c = (unsigned char)s[k];
		if (c == '<') {
			if (k + 1 < n && s[k + 1] == '\\')
				k++;
			if (k + 1 < n && s[k + 1] == '/')
				k++;
			if (k + 1 < n && ASCII_LETTER(s[k + 1]))
				return 0;
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r' &&
		    c != '\f' && c != '\\' && c != '/')
			return 1;
	}
	return 1;
}

/*
 * The elements open inside svg and math as the scan reads them, for
 * the marks and rewrites only (struct fstack; fs_tag()). tidy parses
 * foreign content as a tree of its own: an end tag it finds among the
 * open elements outside closes the svg, after which tidy reads the
 * next script's body as markup wherever it lands ("<div><svg></div>",
 * fuzz_htmlparse's eleventh finding, seed foreign-close.html). The
 * marks go on after an svg or math only when every element in it was
 * closed by its own end tag, down to "</svg>" itself.
 */
#define FS_DEPTH	32
struct fstack {
	char	 name[FS_DEPTH][16];
	int	 n;
};

/*
 * The tag at s[i..n) (i just past its '<'), inside svg or math or
 * opening one: 1 when the stack follows it, 0 when the marks must stop
 * (an end tag that is not the innermost element's, a '<' in a quoted
 * value, a start tag without its '>', too deep or too long a name).
 */
static int
fs_tag(struct fstack *f, const char *s, size_t i, size_t n)
{
	size_t k, l;
	char q = 0;
	int end = i < n && s[i] == '/';

	i += (size_t)end;
	for (l = 0; i + l < n && NAME_CHAR(s[i + l]); l++)
		;
	if (l == 0 || l >= sizeof(f->name[0]))
		return 0;
	if (end)
		return f->n > 0 && strlen(f->name[f->n - 1]) == l &&
		    strncasecmp(f->name[f->n - 1], s + i, l) == 0 ?
		    (f->n--, 1) : 0;
	for (k = i + l; k < n; k++) {
		if (q != 0) {
			if (s[k] == q)
				q = 0;
			else if (s[k] == '<')
				return 0;
		} else if (s[k] == '"' || s[k] == '\'')
			q = s[k];
		else if (s[k] == '<')
			return 0;
		else if (s[k] == '>')
			break;
	}
	if (k >= n)
		return 0;
	if (s[k - 1] == '/')
		return 1;
	if (f->n == FS_DEPTH)
		return 0;
	memcpy(f->name[f->n], s + i, l);
	f->name[f->n++][l] = '\0';
	return 1;
}

/*
 * A copy of s[0..*len) without the C0 controls other than tab, newline
 * and carriage return, or NULL when it holds none. tidy's lexer drops
 * them, so "<\001svg>" was an <svg> and "<\b?xml" a processing
 * instruction to it that prepare() did not see: a script read as
 * markup (fuzz_htmlparse's third finding, ctl-svg.html) and tidy's
 * leak on "<?xml" (its fifth, ctl-pi-leak.html). Dropped here, the
 * scan and tidy read the same page.
 */
static char *
drop_ctl(const char *s, size_t *len)
{
	const uint64_t ones = 0x0101010101010101ULL,
	    highs = 0x8080808080808080ULL;
	uint64_t w;
	char *c;
	size_t i = 0, k;

	/* eight bytes at a time past those that hold no byte under 0x20
	 * (line ends are common: a word holding one is read bytewise) */
	for (;;) {
		while (i + 8 <= *len) {
			memcpy(&w, s + i, 8);
			if (((w - ones * 0x20) & ~w & highs) != 0)
				break;
			i += 8;
		}
		for (k = i + 8 < *len ? i + 8 : *len; i < k; i++)
			if ((unsigned char)s[i] < 0x20 && s[i] != '\t' &&
			    s[i] != '\n' && s[i] != '\r')
				goto found;
		if (i >= *len)
			return NULL;
	}
found:
	c = w_malloc(*len + 1);
	for (i = k = 0; i < *len; i++)
		if ((unsigned char)s[i] >= 0x20 || s[i] == '\t' ||
		    s[i] == '\n' || s[i] == '\r')
			c[k++] = s[i];
	c[k] = '\0';
	*len = k;
	return c;
}

/*
 * A copy of s without the doctypes ("<!d" up to ">", as tidy's lexer
 * reads them) that come after the first element and without processing
 * instructions ("<?" up to ">"), or NULL when there is none: tidy 5.6
 * recurses without end on a doctype met inside <button>
 * (<button><!D e><p>), and leaks nodes and attributes on some "<?xml"
 * (tests/fixtures/fuzz-findings/tidy-pi-leak-*.html). A browser ignores
 * such doctypes too, and reads "<?" up to ">" as a comment.
 * "<![CDATA[" outside <svg> and <math> goes the same way: HTML reads it
 * as a comment up to the next ">", where tidy took the rest of a page
 * that never closes it with "]]>" for one CDATA text. Script and style
 * text is skipped whole.
 * With r set, the script and style bodies outside <svg> and <math>
 * whose text tidy would keep byte for byte (verbatim_body()) are noted
 * in r and left out too, RAW_MARK and their number in their place:
 * tidy reads a page a character at a time through its decoder, and
 * these bodies are some 40% of a page's bytes that nothing but the
 * text node reads. The "&quot;" in attribute values become "&#034;"
 * (quot_tag()).
 */
/*
 * Append s[from..at) to b, the bytes before a construct prepare()
 * takes out, and a space when they end in '<': else that '<' and what
 * follows the cut would make a tag, or a "<?xml" that libtidy leaks
 * on, that neither reading saw ("<<?>?xml"; fuzz_htmlparse, session 8,
 * seed cut-lt.html).
 */
static void
cut_add(struct w_buf *b, const char *s, size_t from, size_t at)
{
	w_buf_add(b, s + from, at - from);
	if (b->len > 0 && b->p[b->len - 1] == '<')
		w_buf_add(b, " ", 1);
}

/* Whether s[0..n) holds "<!d" or "<!D" (a doctype to tidy). */
static int
has_doctype(const char *s, size_t n)
{
	const char *p;

	for (p = s; (p = memchr(p, '<', n - (size_t)(p - s))) != NULL; p++)
		if ((size_t)(p - s) + 2 < n && p[1] == '!' &&
		    (p[2] | 0x20) == 'd')
			return 1;
	return 0;
}

/*
 * Links that hold blocks and links. A card is often one link around
 * blocks (its picture, title, teaser) with another link inside (its
 * author, its "Read more"). HTML forbids a link in a link; a browser
 * keeps the card's blocks where they are (the adoption agency of the
 * HTML standard, 13.2.6.4.7), but tidy ends the outer link at the
 * inner one's start tag and every block opened in it with it, so each
 * "</div>" that closed the card's blocks then closes one of the page's:
 * the text after the card lands outside its article, a level up per
 * block (one card put the second half of a post outside it). The scan
 * follows the outermost open link and the blocks opened in it: a link
 * started while blocks are open inside another is renamed a span, and
 * so is its end tag, so that tidy never ends the outer one early.
 */
struct anest {
	int	 open;		/* a link is open */
	int	 blocks;	/* blocks opened in it and still open */
	int	 inner;		/* links renamed spans and still open */
};

/* Whether the tag at s[i..n) is one of the names in list (NULL ends
 * it). */
static int
tag_listed(const char *s, size_t i, size_t n, const char *const *list)
{
	size_t k;

	for (k = 0; list[k] != NULL; k++)
		if (tag_at(s, i, n, list[k]))
			return 1;
	return 0;
}

/* The blocks whose end tags a link's early end would misplace. */
static const char *const link_blocks[] = {
	"div", "section", "article", "aside", "header", "footer",
	"nav", "main", "figure", "ul", "ol", "li", "dl", "dt", "dd",
	"table", "tr", "td", "th", "form", "p", "h1", "h2", "h3",
	"h4", "h5", "h6", "blockquote", "pre", NULL
};

static int
block_tag(const char *s, size_t i, size_t n)
{
	return tag_listed(s, i, n, link_blocks);
}

/* The tag at s[i..n) (i just past its '<') for the link scan: 1 when
 * its name is to become "span" (a start tag at s[i], an end tag's name
 * at s[i + 1]), else 0. */
static int
anest_tag(struct anest *a, const char *s, size_t i, size_t n)
{
	if (tag_at(s, i, n, "a")) {
		if (a->open && a->blocks > 0) {
			a->inner++;
			return 1;
		}
		a->open = 1;
		a->blocks = 0;
		a->inner = 0;
	} else if (i < n && s[i] == '/' && tag_at(s, i + 1, n, "a")) {
		if (a->inner > 0) {
			a->inner--;
			return 1;
		}
		a->open = 0;
	} else if (a->open && block_tag(s, i, n))
		a->blocks++;
	else if (a->open && i < n && s[i] == '/' && block_tag(s, i + 1, n) &&
	    --a->blocks < 0)
		a->open = a->inner = a->blocks = 0;	/* it ended unclosed */
	return 0;
}

/*
 * Headings that hold blocks. A heading may hold a block ("<h1><div
 * class=field><p>..</p></div></h1>", a CMS field inside the heading):
 * a browser nests it (HTML 13.2.6.4.7), but tidy ends the heading and
 * the block at the block's start tag and drops their end tags, so each
 * later "</div>" closes one of the page's blocks: the text after the
 * heading leaves its article. Such a heading is handed to tidy as a
 * div carrying HEADING_MARK="N" first, and copy_node() makes it the
 * heading again. Any heading end tag ends the innermost open heading,
 * as in a browser.
 */
#define HEADING_LOOK	32768	/* bytes read ahead for a block */

struct hnest {
	uint64_t	 ren;		/* bit k: the heading open at depth
					   k is a div to tidy */
	int		 depth;		/* headings open */
};

/* 1..6 when s[i..n) starts with the name of a heading, else 0. */
static int
heading_at(const char *s, size_t i, size_t n)
{
	if (i + 2 < n && (s[i] | 0x20) == 'h' && s[i + 1] >= '1' &&
	    s[i + 1] <= '6' && strchr(" \t\n\r\f/>", s[i + 2]) != NULL &&
	    s[i + 2] != '\0')
		return s[i + 1] - '0';
	return 0;
}

/*
 * The next '<' at or after p in s[0..end) that is markup as the scan
 * reads it, or NULL: a '<' inside a quoted attribute value of a start
 * tag (in_quoted(), the tag in v) or a server instruction value is
 * text to tidy and passed over, so is a "<?...>" (cut by prepare(); in
 * a start tag, read across as the scan does) and a comment. An
 * unterminated comment ends the look: its '<' is returned with *open
 * set. v follows the start tag the look is in, from the one at the
 * look's start: every byte is read once ('<h2><b title="<div>">' holds
 * no block).
 */
static const char *
look_next(struct vtag *v, const char *s, const char *p, size_t end,
    int *open)
{
	const char *e;
	size_t j, q;
	int vq;

	*open = 0;
	while ((p = memchr(p, '<', end - (size_t)(p - s))) != NULL) {
		j = (size_t)(p - s);
		if ((vq = in_quoted(v, s, j, end, &q)) == 1) {
			p = s + (q < end ? q + 1 : end);
			continue;
		}
		if (vq == 2) {
			p = s + server_value_end(s, j + 1, end);
			continue;
		}
		if (j + 1 < end && s[j + 1] == '?') {
			e = memchr(s + j, '>', end - j);
			q = e != NULL ? (size_t)(e - s) + 1 : end;
			if (v->tag != 0 && v->rs != RS_END && v->ra == j)
				v->ra = q;
			else
				v->tag = 0;
			p = s + q;
			continue;
		}
		if (j + 1 < end && ASCII_LETTER(s[j + 1]))
			vtag_set(v, s, j + 1, end);
		else
			v->tag = 0;
		if (j + 4 > end || strncmp(s + j + 1, "!--", 3) != 0)
			return p;
		if ((e = w_html_strstr_n(s + j + 4, end - j - 4,
		    "-->")) == NULL) {
			*open = 1;
			return p;
		}
		p = e + 3;
	}
	return NULL;
}

/*
 * Whether the heading whose start tag's name is at s[i..n) opens a
 * block before it ends: read on to the first heading tag, start or
 * end, at most HEADING_LOOK bytes; a comment is skipped, a script,
 * style or other raw or foreign body ends the look (no).
 */
static int
heading_holds_block(const char *s, size_t i, size_t n)
{
	static const char *const stop[] = {
		"script", "style", "textarea", "title", "xmp", "plaintext",
		"listing", "svg", "math", "template", "noscript", "iframe",
		"select", NULL
	};
	const char *p;
	size_t end = n - i > HEADING_LOOK ? i + HEADING_LOOK : n, k;
	struct vtag v;
	int open;

	/* from the heading's own start tag, its quoted values read */
	vtag_set(&v, s, i, end);
	for (p = s + i; (p = look_next(&v, s, p, end, &open)) != NULL &&
	    !open; p++) {
		k = (size_t)(p - s) + 1;
		if (heading_at(s, k, end) ||
		    (k < end && s[k] == '/' && heading_at(s, k + 1, end)))
			return 0;
		if (tag_listed(s, k, end, stop))
			return 0;
		if (block_tag(s, k, end))
			return 1;
	}
	return 0;
}

/* The heading tag at s[i..n) (i just past its '<'), for the scan:
 * 1 when it is to be a div (a start tag, or the end tag of such a
 * start tag), else 0; *level is its heading level. */
static int
hnest_tag(struct hnest *h, const char *s, size_t i, size_t n, int *level)
{
	int ren;

	if ((*level = heading_at(s, i, n)) > 0) {
		ren = heading_holds_block(s, i, n);
		if (h->depth < 64 && ren)
			h->ren |= (uint64_t)1 << h->depth;
		else if (h->depth < 64)
			h->ren &= ~((uint64_t)1 << h->depth);
		if (h->depth < INT_MAX)
			h->depth++;
		return ren && h->depth <= 64;
	}
	if (i < n && s[i] == '/' && (*level = heading_at(s, i + 1, n)) > 0 &&
	    h->depth > 0) {
		h->depth--;
		return h->depth < 64 && (h->ren >> h->depth & 1);
	}
	return 0;
}

/*
 * A form that ends inside its blocks ("<div><form><div></form>..</div>
 * ..</div>"). A browser takes the form off the stack at "</form>" and
 * leaves the blocks opened in it open (HTML 13.2.6.4.7, "an end tag
 * whose tag name is form"): the text up to their end tags stays in
 * them. tidy ends those blocks at "</form>", and each of their end
 * tags then closes one of the page's blocks. The scan follows the
 * open form and the blocks opened in it (the ones a form end tag does
 * not end by itself: no p, li, dd, dt); a "</form>" while some are
 * open is held back and written just after the end tag that closes
 * the last of them, where the browser's form ends too.
 */
struct fnest {
	int	 open;		/* a form is open */
	int	 blocks;	/* blocks opened in it and still open */
	int	 held;		/* its end tag waits for them */
};

/* The blocks a form end tag does not end by itself. */
static const char *const form_blocks[] = {
	"div", "section", "article", "aside", "header", "footer",
	"nav", "main", "figure", "blockquote", "fieldset", NULL
};

static int
fblock_tag(const char *s, size_t i, size_t n)
{
	return tag_listed(s, i, n, form_blocks);
}

/* The tag at s[i..n) (i just past its '<') for the form scan: 1 when
 * it is a form end tag to hold back, 2 when the held one goes after
 * this end tag, else 0. */
static int
fnest_tag(struct fnest *f, const char *s, size_t i, size_t n)
{
	int end = i < n && s[i] == '/';

	if (!end && tag_at(s, i, n, "form")) {
		if (!f->open) {
			f->open = 1;
			f->blocks = f->held = 0;
		}
		return 0;
	}
	if (!f->open)
		return 0;
	if (end && tag_at(s, i + 1, n, "form")) {
		if (f->held)
			return 1;	/* ignored, as a browser does */
		if (f->blocks > 0) {
			f->held = 1;
			return 1;
		}
		f->open = 0;
		return 0;
	}
	if (!end && fblock_tag(s, i, n)) {
		if (f->blocks < INT_MAX)
			f->blocks++;
		return 0;
	}
	if (end && fblock_tag(s, i + 1, n)) {
		if (f->blocks == 0) {
			/* a block around the form: it ends the form too */
			f->open = 0;
			return 0;
		}
		if (--f->blocks == 0 && f->held) {
			f->open = f->held = 0;
			return 2;
		}
	}
	return 0;
}

/*
 * Inline elements that hold blocks ("<span class=post-body><p>..</p>
 * <div>..</div></span>", a CMS field wrapper). A browser nests the
 * blocks in the span (HTML 13.2.6.4.7: a span is no scope, a "<p>" or
 * "<div>" start tag only closes an open p), but tidy ends the span at
 * the block's start tag and opens a copy of it inside each block and
 * after it: the text leaves the span's container, and the span's class,
 * what it says of the text, is on the pieces. Such an element is handed
 * to tidy as a div carrying INLINE_MARK="k" first (k its index in
 * inline_names), and copy_node() makes it the element again. An end
 * tag of the name ends the innermost element of that name open, as a
 * browser does.
 */
#define INLINE_LOOK	32768	/* bytes read ahead for a block */
#define INLINE_DEPTH	64

/* what the look makes of an inline element: left to tidy, a div up to
 * its own end tag, a div that an ancestor's end ends (unclosed) */
#define INEST_NO	0
#define INEST_END	1
#define INEST_OPEN	2

struct inest {
	unsigned char	 name[INLINE_DEPTH];	/* inline_names index */
	size_t		 noff[INLINE_DEPTH];	/* a custom one's name */
	size_t		 nlen[INLINE_DEPTH];
	unsigned char	 ren[INLINE_DEPTH];	/* a div to tidy (INEST_*) */
	unsigned	 blk[INLINE_DEPTH];	/* INEST_OPEN: blocks open in it */
	int		 depth;
	int		 nopen;		/* INEST_OPEN ones on the stack */
	int		 close;		/* "</div>" to add before the tag */
	size_t		 none;		/* no block before this offset */
	size_t		 budget;	/* bytes the looks may still read */
};

/* Blocks that a browser nests in an inline element, closed by their
 * end tags (a p is counted apart: its end tag may be left out). */
static const char *const inline_blocks[] = {
	"div", "section", "article", "aside", "header", "footer", "nav",
	"main", "figure", "figcaption", "ul", "ol", "dl", "table", "form",
	"h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre",
	"fieldset", "address", "details", "hgroup", "center", NULL
};

/* Elements whose start or end tag outside those blocks ends the
 * inline element with an ancestor: list items, cells, the page's. */
static const char *const inline_ends[] = {
	"li", "dt", "dd", "tr", "td", "th", "tbody", "thead", "tfoot",
	"caption", "body", "html", "head", "select", "option", NULL
};

/* Bodies read as text, skipped whole by the look. */
static const char *const inline_raw[] = {
	"script", "style", "textarea", "title", "xmp", "noscript",
	"iframe", "template", "svg", "math", NULL
};

/* The length of the custom element name at s[i..n) (a letter first,
 * tidy's name characters, a '-' among them, then a blank, '/' or '>'),
 * else 0. */
static size_t
custom_len(const char *s, size_t i, size_t n)
{
	size_t k;
	int dash = 0;

	if (i >= n || !ASCII_LETTER(s[i]))
		return 0;
	for (k = i; k < n && NAME_CHAR(s[k]); k++)
		dash |= s[k] == '-';
	if (!dash || k >= n || k - i > 255 || s[k] == '\0' ||
	    strchr(" \t\n\r\f/>", s[k]) == NULL)
		return 0;
	return k - i;
}

/* Whether the name nm[0..nl) is at s[i..n), a tag's whole name. */
static int
name_at(const char *s, size_t i, size_t n, const char *nm, size_t nl)
{
	return i + nl < n && strncasecmp(s + i, nm, nl) == 0 &&
	    s[i + nl] != '\0' && strchr(" \t\n\r\f/>", s[i + nl]) != NULL;
}

/* The index in inline_names of the name at s[i..n) (INLINE_CUSTOM for
 * a custom element's), else -1. */
static int
inline_at(const char *s, size_t i, size_t n)
{
	int k;

	for (k = 0; inline_names[k] != NULL; k++)
		if (tag_at(s, i, n, inline_names[k]))
			return k;
	return custom_len(s, i, n) > 0 ? INLINE_CUSTOM : -1;
}

/*
 * Whether the inline element k whose start tag's name is at s[i..n)
 * holds a block and is ended by its own end tag (nested elements of
 * its name counted) outside every block it opened: a browser nests the
 * blocks in it and closes it there (INEST_END). Read at most INLINE_LOOK
 * bytes and what is left of x->budget; comments and raw bodies are
 * skipped. An element that holds a block and that an ancestor's end
 * tag, a list item or a cell ends (unclosed), or that is still open
 * where the look stops, is INEST_OPEN: a browser nests the blocks in it
 * too, where tidy would copy it into each of them (300,000 "<p>" under
 * one unclosed span were 300,000 spans more); the scan ends it where
 * its ancestor ends (inest_tag()). One that a "<plaintext>" or
 * "<listing>" runs into, or whose end tag comes inside a block it
 * opened, is left to tidy (INEST_NO).
 */
static int
inline_holds_block(struct inest *x, const char *s, size_t i, size_t n,
    int k)
{
	const char *p = NULL, *nm;
	size_t end, j, l, start = i, nl, gt;
	struct vtag v;
	int same = 0, blocks = 0, seen = 0, why = INEST_NO, bound, open;

	if (k == INLINE_CUSTOM) {
		nm = s + i;
		nl = custom_len(s, i, n);
	} else {
		nm = inline_names[k];
		nl = strlen(nm);
	}

	if (i < x->none || x->budget == 0)
		return 0;
	/* the look starts past the start tag: its attributes (a span's
	 * props) are no part of what it holds */
	end = n - i > INLINE_LOOK ? i + INLINE_LOOK : n;
	if ((gt = start_tag_end(s, i, end)) > 0)
		end = n - gt > INLINE_LOOK ? gt + INLINE_LOOK : n;
	if (end - i > x->budget)
		end = i + x->budget;
	bound = end < n;
	/* from the element's own start tag, its quoted values read; an
	 * unterminated comment ends the look at its '<' (p) */
	vtag_set(&v, s, i, end);
	for (p = s + i; (p = look_next(&v, s, p, end, &open)) != NULL &&
	    !open; p++) {
		j = (size_t)(p - s) + 1;
		if (j < end && s[j] == '/') {
			if (name_at(s, j + 1, end, nm, nl)) {
				if (same-- > 0)
					continue;
				why = blocks == 0 ? INEST_END : INEST_NO;
				break;
			}
			if (tag_listed(s, j + 1, end, inline_blocks)) {
				if (blocks-- == 0) {
					why = INEST_OPEN;
					break;
				}
			} else if (blocks == 0 &&
			    tag_listed(s, j + 1, end, inline_ends)) {
				why = INEST_OPEN;
				break;
			}
			continue;
		}
		if (name_at(s, j, end, nm, nl))
			same++;
		else if (tag_listed(s, j, end, inline_blocks)) {
			seen = 1;
			blocks++;
		} else if (tag_at(s, j, end, "p"))
			seen = 1;
		else if (tag_at(s, j, end, "plaintext") ||
		    tag_at(s, j, end, "listing"))
			break;
		else if (blocks == 0 && tag_listed(s, j, end, inline_ends)) {
			why = INEST_OPEN;
			break;
		} else
			for (l = 0; inline_raw[l] != NULL; l++)
				if (tag_at(s, j, end, inline_raw[l])) {
					/* to its end tag, '<' there */
					p = s + skip_raw(s, j, end,
					    inline_raw[l]);
					v.tag = 0;
					if ((size_t)(p - s) >= end) {
						why = INEST_OPEN;
						goto done;
					}
					break;
				}
	}
	/* the look ran out (its bound, the page's end) with it open */
	if (p == NULL)
		why = INEST_OPEN;
done:
	j = p != NULL ? (size_t)(p - s) : end;
	x->budget -= j - start < x->budget ? j - start : x->budget;
	if (!seen && (p != NULL || !bound))
		x->none = j;
	return seen ? why : INEST_NO;
}

/* The elements open from depth d up end: each INEST_OPEN one (a div to
 * tidy) is counted in x->close, its "</div>" to add. */
static void
inest_pop(struct inest *x, int d)
{
	for (; x->depth > d; x->depth--)
		if (x->ren[x->depth - 1] == INEST_OPEN) {
			x->nopen--;
			x->close++;
		}
}

/* The innermost INEST_OPEN element (there is one: x->nopen > 0). */
static int
inest_top(const struct inest *x)
{
	int d;

	for (d = x->depth - 1; d > 0 && x->ren[d] != INEST_OPEN; d--)
		;
	return d;
}

/*
 * The tag at s[i..n) (i just past its '<'), no inline one of the scan's,
 * while an INEST_OPEN element is open: a block's start tag is counted in
 * the innermost one, and an end tag of a block none of them opened, or
 * a list item's or cell's tag (inline_ends) outside their blocks, ends
 * them, as it ends the element in a browser (x->close).
 */
static void
inest_close(struct inest *x, const char *s, size_t i, size_t n)
{
	int t, et = i < n && s[i] == '/';

	if (x->nopen == 0)
		return;
	t = inest_top(x);
	if (!et && tag_listed(s, i, n, inline_blocks)) {
		x->blk[t]++;
		return;
	}
	if (et && tag_listed(s, i + 1, n, inline_blocks)) {
		while (x->nopen > 0 && x->blk[t = inest_top(x)] == 0)
			inest_pop(x, t);
		if (x->nopen > 0)
			x->blk[t]--;
		return;
	}
	if (tag_listed(s, i + et, n, inline_ends))
		while (x->nopen > 0 && x->blk[t = inest_top(x)] == 0)
			inest_pop(x, t);
}

/* The tag at s[i..n) (i just past its '<') for the inline scan: 1 when
 * it is to be a div (a start tag, or the end tag of such a start tag),
 * else 0; *k is its name's index. An INEST_OPEN element's end tag inside
 * a block it opened is left alone (a browser ignores it); INEST_OPEN
 * elements it ends inside the element are counted in x->close. */
static int
inest_tag(struct inest *x, const char *s, size_t i, size_t n, int *k,
    size_t *nl)
{
	int d, ren;

	if ((*k = inline_at(s, i, n)) >= 0) {
		*nl = *k == INLINE_CUSTOM ? custom_len(s, i, n) :
		    strlen(inline_names[*k]);
		ren = inline_holds_block(x, s, i, n, *k);
		if (x->depth < INLINE_DEPTH) {
			x->noff[x->depth] = i;
			x->nlen[x->depth] = *nl;
			x->name[x->depth] = (unsigned char)*k;
			x->blk[x->depth] = 0;
			x->nopen += ren == INEST_OPEN;
			x->ren[x->depth++] = (unsigned char)ren;
			return ren != INEST_NO;
		}
		return 0;
	}
	if (i >= n || s[i] != '/' || (*k = inline_at(s, i + 1, n)) < 0)
		return 0;
	*nl = *k == INLINE_CUSTOM ? custom_len(s, i + 1, n) :
	    strlen(inline_names[*k]);
	for (d = x->depth - 1; d >= 0 && (x->name[d] != *k ||
	    (*k == INLINE_CUSTOM && (x->nlen[d] != *nl ||
	    strncasecmp(s + x->noff[d], s + i + 1, *nl) != 0))); d--)
		;
	if (d < 0 || (x->ren[d] == INEST_OPEN && x->blk[d] > 0))
		return 0;
	inest_pop(x, d + 1);
	x->depth = d;
	if (x->ren[d] == INEST_OPEN)
		x->nopen--;
	return x->ren[d] != INEST_NO;
}

/* The "</div>" that end INEST_OPEN elements before the tag whose '<' is
 * at s[at], added to b after s[*from..at). */
static void
inest_end(struct w_buf *b, struct inest *x, const char *s, size_t *from,
    size_t at, int *any)
{
	if (x->close == 0)
		return;
	w_buf_add(b, s + *from, at - *from);
	for (; x->close > 0; x->close--)
		w_buf_add(b, "</div>", 6);
	*from = at;
	*any = 1;
}

static char *
prepare(const char *s, size_t *len, struct raw *r)
{
	struct w_buf b;
	const char *p, *e;
	struct next tab = { 0, 0 }, nl = { 0, 0 }, cut = { 0, 0 };
	struct vtag vt, pv;
	struct next egt = { 0, 0 };
	size_t t, pl, etag = 0;
	size_t i = 0, from = 0, n = *len, gt, bl, bl2;
	int elem = 0, any = 0, foreign = 0, sc, mk, quot = 1, raw;
	int fsvg = 0, fmath = 0, ta = 0, lt, mb, same, php, fany = 0;
	struct fstack fs;
	struct anest an = { 0, 0, 0 };
	struct hnest hn = { 0, 0 };
	struct fnest fo = { 0, 0, 0 };
	struct inest in;
	int hl, fn, ik, vq, ren;
	size_t inl;

	fs.n = 0;
	memset(&vt, 0, sizeof(vt));
	in.depth = in.nopen = in.close = 0;
	in.none = 0;
	/* the looks ahead read at most some times the page */
	in.budget = 8 * n + INLINE_LOOK;
	if (r != NULL && w_html_strstr_n(s, n, RAW_MARK) != NULL)
		r = NULL;
	/* a UTF-16 byte order mark first has tidy decode the page as
	 * UTF-16, where no body or quote is what the scan read
	 * (fuzz_htmlparse's nineteenth finding, seed bom16.html) */
	if (r != NULL && n >= 2 && (((unsigned char)s[0] == 0xfe &&
	    (unsigned char)s[1] == 0xff) || ((unsigned char)s[0] == 0xff &&
	    (unsigned char)s[1] == 0xfe)))
		r = NULL;
	raw = r != NULL;
	/* a mark (at most 31 bytes, and as many more as the body with
	 * pad) takes the place of a body between two tags of 7 bytes or
	 * more: the copy holds at most 3 times n; an unclosed custom
	 * element made a div and ended (inest, "<i-i><p><li>": 12 bytes
	 * to 38) at most 3.2 times; a page byte is read by one of the two,
	 * so 3.2 times bounds the whole, and the cap is twice that again
	 * (a cap, not an allocation: an append past it would cut the page
	 * without a word) */
	w_buf_init(&b, 8 * n + 64);
	/* a "<?" that no '>' ends runs to the end of the page: nothing to
	 * a browser (a bogus comment), and libtidy leaks on some such
	 * "<?xml" wherever the scan cannot tell it is markup to tidy
	 * ("<textarea><script><?xml h"; fuzz_htmlparse's twelfth finding,
	 * session 8, seed pi-tail.html): the page ends before it */
	for (e = s + n; e > s && e[-1] != '>'; e--)
		;
	if ((p = w_html_strstr_n(e, n - (size_t)(e - s), "<?")) != NULL) {
		n = (size_t)(p - s);
		any = 1;
	}
	while ((p = memchr(s + i, '<', n - i)) != NULL) {
		i = (size_t)(p - s) + 1;
		php = 0;
		/* a '<' that starts an unquoted attribute value ("<p
		 * c=<!>") is a value to tidy, not markup: the scan read
		 * "<!><?xml <?>" as one bogus declaration and left the
		 * "<?xml" that libtidy leaks on (fuzz_htmlparse's
		 * twenty-second finding, seed value-lt.html). A "<?" there
		 * is cut as anywhere. */
		vq = in_quoted(&vt, s, i - 1, n, &gt);
		if (vq == 2) {
			/* up to a "<?" in it, which is cut as anywhere
			 * (tidy reads it in the value: the cut is of no
			 * markup, and none is left that libtidy leaks on) */
			e = s + server_value_end(s, i, n);
			p = w_html_strstr_n(s + i, (size_t)(e - s) - i, "<?");
			i = (size_t)((p != NULL ? p : e) - s);
			continue;
		}
		/* a '<' inside a quoted value: text to tidy */
		if (vq == 1) {
			i = gt < n ? gt + 1 : n;
			continue;
		}
		/* a '<' inside an end tag: tidy skips to the tag's '>'
		 * ("</p=<!><?xml <?>": the scan read a bogus declaration
		 * over the "<?xml" that libtidy leaks on, start tree too;
		 * seed endtag-lt.html) */
		if (i <= etag) {
			vt.tag = 0;
			continue;
		}
		if (i + 1 < n && s[i] == '/' && ASCII_LETTER(s[i + 1]))
			etag = next_of(&egt, s, i, n, '>');
		/* "</" and a '<': tidy takes that '<' as text, so what
		 * follows it is no markup that the scan may skip ("</<!<?xml
		 * <?>", "</<c<?xml l<?>" leaked in libtidy on the start
		 * tree; fuzz, session 11, seeds endtag-lt*.html) */
		if (i + 1 < n && s[i] == '/' && s[i + 1] == '<') {
			vt.tag = 0;
			i += 2;
			continue;
		}
		/* any other '<' ends the tag to tidy, or is read apart
		 * ("<?" in a tag): no values after it are taken for one */
		pv = vt;
		if (i < n && ASCII_LETTER(s[i]))
			vtag_set(&vt, s, i, n);
		else if (i < n && s[i] == '?' && vt.tag != 0 &&
		    vt.rs != RS_END && vt.ra == i - 1)
			php = 1;
		else
			vt.tag = 0;
		/* "<!" with no "--", "[" or doctype after is a bogus
		 * declaration to tidy, read up to its first '>' ("<!<!-->"
		 * is no comment: the "<!--" inside it took a script tidy
		 * read for a comment; fuzz_htmlparse's fifteenth finding,
		 * seed bogus-decl.html). tidy takes the character after
		 * the "!" (after "!-" when a dash comes first) before it
		 * looks for the '>': "<!>" and "<!->" run on to the next
		 * one (the scan took "<!-><!-->" for a bogus declaration
		 * and a comment that hid a script tidy read, where the
		 * "&quot;" rewrite landed; finding 21, seed
		 * bogus-dash.html) */
		if (i + 1 < n && s[i] == '!' && s[i + 1] != '[' &&
		    (s[i + 1] | 0x20) != 'd' &&
		    (s[i + 1] != '-' || i + 2 >= n || s[i + 2] != '-')) {
			gt = i + (s[i + 1] == '-' ? 3 : 2);
			e = gt < n ? memchr(s + gt, '>', n - gt) : NULL;
			i = e != NULL ? (size_t)(e - s) + 1 : n;
			continue;
		}
		if (i + 3 <= n && strncmp(s + i, "!--", 3) == 0) {
			e = w_html_strstr_n(s + i + 3, n - i - 3, "-->");
			i = e != NULL ? (size_t)(e - s) + 3 : n;
			continue;
		}
		/* "<![" that is no CDATA section (or one inside svg or
		 * math) is a marked section to tidy's lexer, text up to
		 * its first "]>" or "]-->" (a CDATA one to its "]]>"), or
		 * to the end of the page: no markup in it that the scan
		 * may skip ("<![<!--]><?xml <?>": the scan took the "<!--"
		 * for a comment over the "<?xml" that libtidy leaks on;
		 * fuzz_htmlparse, session 12, seed section.html) */
		if (i + 1 < n && s[i] == '!' && s[i + 1] == '[' &&
		    (fsvg + fmath > 0 || i + 8 > n ||
		    memcmp(s + i, "![CDATA[", 8) != 0)) {
			i = section_end(s, i + 2, n);
			continue;
		}
		/* tidy reads the tags in a textarea and drops them: a
		 * script there is no body to it, and what the scan would
		 * skip as one ("<textarea><script><?xml <?>") is markup
		 * whose "<?xml" libtidy leaks on (fuzz_htmlparse's twelfth
		 * finding, session 8, seed textarea-pi.html); no marks or
		 * "&quot;" after a textarea */
		/* (a name that runs on, "<textarea\377", is one to tidy:
		 * finding 26, session 11, seed textarea-runon-pi.html) */
		if (tag_at(s, i, n, "textarea") ||
		    name_runs_on(s, i, n, "textarea")) {
			ta = 1;
			raw = 0;
		} else if (ta && tag_at(s, i, n, "/textarea"))
			ta = 0;
		if (!ta && ((sc = tag_at(s, i, n, "script")) ||
		    tag_at(s, i, n, "style"))) {
			/* markup to tidy inside svg and math, skipped here */
			if (fs.n > 0)
				raw = 0;
			/* the body must end where the scan without marks
			 * ends it (skip_raw()): past a "</script" that
			 * tidy reads as no end ("</script<"), the scan
			 * would strip a CDATA section or doctype there and
			 * the mark would not (fuzz_htmlparse's fourth
			 * finding, seed cdata-after.html) */
			/* (mb: a body the fast parse marks when raw is
			 * on; whether raw is or not, the cuts below leave
			 * it alone, so that both parses read it alike) */
			mb = foreign == 0 &&
			    (gt = start_tag_end(s, i, n)) > 0 &&
			    (bl = verbatim_body((const unsigned char *)s +
			    gt + 1, n - gt - 1, sc ? "script" : "style")) > 0 &&
			    !has_doctype(s + gt + 1, bl) &&
			    skip_raw(s, i + 5, n, sc ? "script" : "style") ==
			    gt + 1 + bl;
			if (raw && mb) {
				if (r->n == r->cap) {
					r->cap = r->cap ? r->cap * 2 : 64;
					r->off = w_realloc(r->off,
					    r->cap * sizeof(*r->off));
					r->len = w_realloc(r->len,
					    r->cap * sizeof(*r->len));
				}
				e = s + gt + 1 + bl;
				/* pad when a tab follows on the line, or
				 * may once a cut ("<?\n>", "<!d\n>") takes
				 * the line feed before it (fuzz_htmlparse's
				 * twentieth finding, seed cut-nl-tab.html) */
				t = next_of(&tab, s, (size_t)(e - s), n, '\t');
				bl2 = next_of(&nl, s, (size_t)(e - s), n, '\n');
				if ((mk = mark_body(&b, s + from, gt + 1 - from,
				    s + gt + 1, bl, r->n, t < bl2 || (t < n &&
				    next_cut(&cut, s, (size_t)(e - s), n) < bl2)))
				    == -1) {
					/* cannot be (see w_buf_init above) */
					w_buf_free(&b);
					raw_free(r);
					return prepare(s, len, NULL);
				}
				if (mk == 1) {
					r->off[r->n] = gt + 1;
					r->len[r->n++] = bl;
					from = i = gt + 1 + bl;
					any = 1;
					continue;
				}
			}
			e = s + skip_raw(s, i + 5, n, sc ? "script" : "style");
			gt = (size_t)(e - s);
			if (!(same = same_end(s, i, gt, n)))
				raw = 0;
			/* tidy may read markup in there: take its doctypes
			 * out too (one in a <button> after a script with a
			 * source that tidy ended early made it recurse without
			 * end; fuzz_htmlparse's fourteenth finding, seed
			 * doctype-body.html). Where the scan and tidy seemed
			 * to end the body alike, tidy still ended "<script
			 * </p>.<button><!D U>" early (session 7, seed
			 * doctype-body2.html): every body goes the same way */
			/* a start tag holding a '<' ("<script </e>"), or
			 * a body that tidy may end before the scan does
			 * ("<script></h><?xml <?>": an end tag while the
			 * body is empty; session 11), but never one the
			 * fast parse marks ("<script a=\"<\">x<?y?>" was
			 * cut in the whole parse only, a tree difference) */
			bl = start_tag_end(s, i, n);
			lt = !mb && (bl == 0 || memchr(s + i, '<', bl - i) !=
			    NULL || !same);
			for (p = s + i; (p = memchr(p, '<', gt -
			    (size_t)(p - s))) != NULL; p++) {
				/* and inside svg or math its "<?": libtidy
				 * leaks on "<svg><style><?xml <?>"
				 * (fuzz_htmlparse, session 9, seed
				 * svg-style-pi.html); so it does after a
				 * start tag holding a '<' ("<sCript </e><?xml
				 * <?>", session 9, seed script-lt-pi.html) */
				if ((size_t)(p - s) + 2 >= gt || ((p[1] != '!' ||
				    (p[2] | 0x20) != 'd') && (p[1] != '?' ||
				    (mb || (fsvg + fmath == 0 && !fany && !lt)))))
					continue;
				cut_add(&b, s, from, (size_t)(p - s));
				e = memchr(p, '>', n - (size_t)(p - s));
				from = e != NULL ? (size_t)(e - s) + 1 : n;
				any = 1;
				if (from >= gt)
					break;
				p = s + from - 1;
			}
			if (from > gt)
				gt = from;
			i = gt;
			continue;
		}
		/* tidy reads "<svg" and "<math" as such even where the
		 * name runs on ("<svg<x"), uncounted: no raw bodies after.
		 * An end tag closes only its own kind ("</math>" inside an
		 * svg is dropped by tidy; fuzz_htmlparse's sixth finding) */
		if (tag_at(s, i, n, "svg"))
			fsvg++;
		else if (tag_at(s, i, n, "math"))
			fmath++;
		else if (i + 4 < n && (((s[i] | 0x20) == 's' &&
		    strncasecmp(s + i, "svg", 3) == 0) || ((s[i] | 0x20) ==
		    'm' && strncasecmp(s + i, "math", 4) == 0))) {
			/* and the "<?" in later bodies is cut as inside
			 * svg: "<svg<<script><?xml <?>" leaked in libtidy
			 * on the start tree; seed svg-lt-pi.html */
			raw = 0;
			fany = 1;
		} else if (name_runs_on(s, i, n, "script") ||
		    name_runs_on(s, i, n, "style") ||
		    name_runs_on(s, i, n, "xmp") ||
		    name_runs_on(s, i, n, "plaintext") ||
		    name_runs_on(s, i, n, "listing"))
			/* a body tidy reads raw, the scan would not: no
			 * marks or "&quot;" after (fuzz_htmlparse's
			 * seventh finding, seed name-runon.html) */
			raw = 0;
		else if (fsvg > 0 && tag_at(s, i, n, "/svg"))
			fsvg--;
		else if (fmath > 0 && tag_at(s, i, n, "/math"))
			fmath--;
		/* "</body>" or "</html>" inside svg or math: tidy ends the
		 * body there, drops the page after it, and reads a later
		 * style or script body as markup ('<svg></body></svg><style>
		 * <?xml <?>' leaked in libtidy; fuzz_htmlparse, session 12,
		 * seed svg-body-end.html). A browser reads on in the body
		 * (HTML 13.2.6.5 hands the tag to "in body", whose "after
		 * body" mode goes back to it at the next tag): cut */
		if (fsvg + fmath > 0 && (tag_at(s, i, n, "/body") ||
		    tag_at(s, i, n, "/html"))) {
			e = memchr(s + i, '>', n - i);
			cut_add(&b, s, from, i - 1);
			from = i = e != NULL ? (size_t)(e - s) + 1 : n;
			any = 1;
			continue;
		}
		/* a name that runs into '<': tidy reads on past it, and so
		 * does the scan now; no marks or "&quot;" after */
		if ((gt = name_into_lt(s, i, n)) > 0) {
			raw = 0;
			if (s[i] != '/')
				elem = 1;
			i = gt + 1;
			continue;
		}
		foreign = fsvg + fmath;
		/* (a '<' may end the page: i == n) */
		if (raw && i < n && (fs.n > 0 || tag_at(s, i, n, "svg") ||
		    tag_at(s, i, n, "math")) && (ASCII_LETTER(s[i]) ||
		    (s[i] == '/' && i + 1 < n && ASCII_LETTER(s[i + 1]))) &&
		    !fs_tag(&fs, s, i, n))
			raw = 0;
		if (foreign == 0 && i + 8 <= n &&
		    memcmp(s + i, "![CDATA[", 8) == 0) {
			e = memchr(s + i, '>', n - i);
			cut_add(&b, s, from, i - 1);
			from = i = e != NULL ? (size_t)(e - s) + 1 : n;
			any = 1;
			continue;
		}
		if (i < n && s[i] == '?') {
			pl = i - 1;
			e = memchr(s + i, '>', n - i);
			cut_add(&b, s, from, i - 1);
			from = i = e != NULL ? (size_t)(e - s) + 1 : n;
			any = 1;
			/* in a start tag ("<t <?>-=<!>"), tidy reads on in
			 * the tag after the cut: so does in_quoted(), in
			 * the state it was in (finding 25, session 11, seed
			 * value-php.html; '<s=5 <?>"<!><?xml <?>', session
			 * 12, seed value-php3.html) */
			if (php)
				vt.ra = from;
			continue;
		}
		if (i < n && isalpha((unsigned char)s[i]))
			elem = 1;
		/* the tag ends unclosed inline elements made divs (inest) */
		if (foreign == 0 && !ta && in.nopen > 0) {
			inest_close(&in, s, i, n);
			inest_end(&b, &in, s, &from, i - 1, &any);
		}
		/* a link inside a link that holds blocks: a span (anest) */
		if (foreign == 0 && !ta && anest_tag(&an, s, i, n)) {
			gt = i + (s[i] == '/');
			w_buf_add(&b, s + from, gt - from);
			w_buf_add(&b, "span", 4);
			from = i = gt + 1;
			any = 1;
			continue;
		}
		/* a form that ends inside its blocks: its end tag after
		 * theirs (fnest) */
		if (foreign == 0 && !ta && (fn = fnest_tag(&fo, s, i, n)) > 0) {
			e = memchr(s + i, '>', n - i);
			gt = e != NULL ? (size_t)(e - s) + 1 : n;
			if (fn == 1) {
				cut_add(&b, s, from, i - 1);
			} else {
				w_buf_add(&b, s + from, gt - from);
				w_buf_add(&b, "</form>", 7);
			}
			from = i = gt;
			any = 1;
			continue;
		}
		/* a heading that holds blocks: a div to tidy (hnest) */
		if (foreign == 0 && !ta && hnest_tag(&hn, s, i, n, &hl)) {
			if (s[i] == '/') {
				w_buf_add(&b, s + from, i + 1 - from);
				w_buf_add(&b, "div", 3);
				from = i = i + 3;
			} else {
				w_buf_add(&b, s + from, i - from);
				w_buf_add(&b, "div " HEADING_MARK "=\"", 5 +
				    sizeof(HEADING_MARK));
				w_buf_add(&b, &"0123456"[hl], 1);
				w_buf_add(&b, "\"", 1);
				from = i = i + 2;
			}
			any = 1;
			continue;
		}
		/* an inline element that holds blocks: a div to tidy
		 * (inest) */
		ren = 0;
		if (foreign == 0 && !ta && ((ren = inest_tag(&in, s, i, n,
		    &ik, &inl)) || in.close > 0))
			inest_end(&b, &in, s, &from, i - 1, &any);
		if (ren) {
			gt = i + (s[i] == '/');
			w_buf_add(&b, s + from, gt - from);
			if (s[i] == '/')
				w_buf_add(&b, "div", 3);
			else {
				w_buf_add(&b, "div " INLINE_MARK "=\"", 5 +
				    sizeof(INLINE_MARK));
				w_buf_add(&b, &"0123456789"[ik], 1);
				w_buf_add(&b, "\"", 1);
			}
			from = i = gt + inl;
			any = 1;
			continue;
		}
		/* text that tidy reads raw from here on: no more quotes */
		if (tag_at(s, i, n, "xmp") || tag_at(s, i, n, "plaintext") ||
		    tag_at(s, i, n, "listing"))
			quot = 0;
		if (raw && quot && foreign == 0 && i < n &&
		    ASCII_LETTER(s[i]) && (gt = quot_tag(&b, s, from, i, n)) >
		    0) {
			from = i = gt;
			any = 1;
			continue;
		}
		if (i + 1 >= n || s[i] != '!' ||
		    (s[i + 1] != 'd' && s[i + 1] != 'D'))
			continue;
		if (!elem) {
			/* the doctype before the first element, kept: read
			 * whole up to its '>' as tidy does ("<!D<script>"
			 * is no script to it, and the scan skipped a "<!D"
			 * inside a <button> after it, on which tidy recursed
			 * without end: fuzz_htmlparse's thirteenth finding,
			 * seed doctype-first.html) */
			/* (its quoted strings hold a '>': '<!D = "> "<!>
			 * <?xml <?>', fuzz_htmlparse, session 12, seed
			 * doctype-quote.html) */
			i = doctype_end(s, i + 1, n);
			continue;
		}
		pl = i - 1;
		e = memchr(s + i, '>', n - i);
		cut_add(&b, s, from, i - 1);
		from = i = e != NULL ? (size_t)(e - s) + 1 : n;
		any = 1;
		/* a doctype cut inside a start tag: tidy, which no longer
		 * sees it, reads on in the tag ("<f=<!D>c=<!>" is "<f=c=<!>"
		 * to it, a value; fuzz, session 11, seed doctype-in-tag.html) */
		if (pv.tag != 0 && pv.rs != RS_END && pv.ra == pl) {
			vt = pv;
			vt.ra = from;
		}
	}
	if (!any) {
		w_buf_free(&b);
		return NULL;
	}
	w_buf_add(&b, s + from, n - from);
	*len = b.len;
	if (r != NULL) {
		r->s = s;
		r->used = calloc(r->n ? r->n : 1, 1);
		if (r->used == NULL)
			abort();
	}
	return w_buf_take(&b);
}

/*
 * One parse of s[0..len) into d, with the bodies of r (or none) handed
 * back by copy_node(). Returns tidy's status.
 */
static int
parse_once(struct hdoc *d, const char *s, size_t len, struct raw *r)
{
	TidyAllocator *al = w_html_arena_new();
	TidyDoc td;
	TidyBuffer in, err;
	int rc;

	td = tidyCreateWithAllocator(al);
	tidyBufInit(&err);
	tidySetErrorBuffer(td, &err);
	tidyOptSetBool(td, TidyQuiet, yes);
	tidyOptSetBool(td, TidyShowWarnings, no);
	tidyOptSetBool(td, TidyShowInfo, no);
	tidyOptSetInt(td, TidyShowErrors, 0);
	tidyOptSetBool(td, TidyDropEmptyElems, no);
	tidyOptSetBool(td, TidyDropEmptyParas, no);
	tidyOptSetBool(td, TidyDropPropAttrs, no);
	tidyOptSetBool(td, TidyMakeClean, no);
	tidyOptSetBool(td, TidyForceOutput, yes);
	tidyOptSetBool(td, TidyFixUri, no);
	tidyOptSetBool(td, TidyMark, no);
	tidyOptSetInt(td, TidyMergeDivs, TidyNoState);
	tidyOptSetInt(td, TidyMergeSpans, TidyNoState);
	/* custom elements are block-level to tidy; those that hold blocks
	 * reach it as divs (prepare(), INLINE_CUSTOM). Read inline, as a
	 * browser does, one tidy cannot close before blocks past the
	 * scan's look-ahead is copied with its attributes into each block
	 * (its inline stack): an astro-island's props took a page from 6 to
	 * 61 MB, a 230 KB page to 960 MB; inline gained WCXB 0.0002 */
	tidyOptSetInt(td, TidyUseCustomTags, TidyCustomBlocklevel);
	/* an attribute given twice counts once, first as in a browser
	 * (HTML 13.2.5.33): tidy kept the last one, so a second class
	 * ("<article class=article ... class='entry post'>") or style
	 * was the one the extractor read */
	tidyOptSetInt(td, TidyDuplicateAttrs, TidyKeepFirst);
	tidyOptSetBool(td, TidyJoinClasses, no);
	tidyOptSetBool(td, TidyJoinStyles, no);
	/* we never write tidy's output; "omit" also dodges the loop above */
	tidyOptSetValue(td, TidyDoctype, "omit");
	tidySetInCharEncoding(td, "utf8");
	tidyBufInit(&in);
	tidyBufAttach(&in, (byte *)(uintptr_t)s, (unsigned)len);
	rc = tidyParseBuffer(td, &in);
	d->root = w_html_new(d, TidyTag_UNKNOWN);
	if (rc >= 0)
		copy_tree(d, td, tidyGetRoot(td), r);
	tidyBufDetach(&in);
	tidyBufFree(&err);
	tidyRelease(td);
	w_html_arena_free(al);
	return rc;
}

/*
 * Parse len bytes of UTF-8 HTML (cut at W_HTML_PARSE_MAX) into d.
 * Returns 0, or -1 when tidy gave up.
 * The raw bodies (fast) are on since fuzz_htmlparse ran over 20 CPU
 * minutes on this tree without a tree that differs from tidy's own
 * reading, a crash or a leak (nineteen findings fixed;
 * tests/fuzz/README); w_html_parse_opt(..., 0) is tidy's whole reading,
 * which the fuzz target and test_html_dom compare it with.
 */
int
w_html_parse(struct hdoc *d, const char *s, size_t len)
{
	return w_html_parse_opt(d, s, len, 1);
}

/*
 * Whether id names a piece of a streamed server render: prefix c, a
 * colon, then a hexadecimal number ("S:2e", "B:0", "P:1f").
 */
int
w_html_stream_id(const char *id, char c)
{
	size_t k;

	if (id == NULL || id[0] != c || id[1] != ':' || id[2] == '\0')
		return 0;
	for (k = 2; id[k] != '\0'; k++)
		if (!((id[k] >= '0' && id[k] <= '9') ||
		    (id[k] >= 'a' && id[k] <= 'f')))
			return 0;
	return 1;
}

#define STREAM_MAX	4096	/* segments placed */

/* A main element, an article, or an element whose role is main. */
static int
landmark_el(const struct hdoc *d, int i)
{
	const char *r;

	if (d->n[i].tag == TidyTag_MAIN || d->n[i].tag == TidyTag_ARTICLE)
		return 1;
	r = w_html_attr(d, i, "role");
	return r != NULL && strcmp(r, "main") == 0;
}

static int
in_landmark(const struct hdoc *d, int i)
{
	for (; i >= 0; i = d->n[i].parent)
		if (d->n[i].tag != H_TEXT && landmark_el(d, i))
			return 1;
	return 0;
}

/*
 * A streamed server render (React's Suspense) sends the late parts of
 * the page at the end of the body as <div hidden id="S:n">, and a
 * script moves each into the place an empty <template id="B:n"> or
 * <template id="P:n"> holds. Nothing runs here, so the move is made on
 * the tree: each segment's children go before their placeholder, which
 * goes with the empty segment. On a page with a landmark of its main
 * content (main, article, role main), only the placeholders inside one
 * are filled: the late parts outside it (a newsletter box, the footer's
 * link lists) would join the main text's container and pull the pick
 * up to it. A segment left unplaced stays where it is
 * (w_html_stream_segment shows it).
 */
static void
stream_place(struct hdoc *d)
{
	int *tpl, *seg, i, j, c, nt = 0, ns = 0, landmark = 0;
	const char *id, *tid;

	tpl = w_calloc(STREAM_MAX, sizeof(int));
	seg = w_calloc(STREAM_MAX, sizeof(int));
	for (i = d->root; i >= 0; i = w_html_next_pre(d, i, d->root, 0)) {
		if (d->n[i].tag == TidyTag_TEMPLATE && nt < STREAM_MAX &&
		    ((id = w_html_attr(d, i, "id")) != NULL) &&
		    (w_html_stream_id(id, 'B') || w_html_stream_id(id, 'P')))
			tpl[nt++] = i;
		else if (landmark_el(d, i))
			landmark = 1;
		else if (d->n[i].tag == TidyTag_DIV && ns < STREAM_MAX &&
		    w_html_attr(d, i, "hidden") != NULL &&
		    w_html_stream_id(w_html_attr(d, i, "id"), 'S'))
			seg[ns++] = i;
	}
	for (i = 0; i < ns && nt > 0; i++) {
		id = w_html_attr(d, seg[i], "id");
		for (j = 0; j < nt; j++) {
			if (tpl[j] < 0)
				continue;
			tid = w_html_attr(d, tpl[j], "id");
			if (strcmp(tid + 2, id + 2) == 0)
				break;
		}
		if (j == nt || (landmark && !in_landmark(d, tpl[j])))
			continue;
		/* a placeholder inside its own segment: left alone */
		if (d->n[tpl[j]].parent < 0 ||
		    w_html_next_pre(d, seg[i], seg[i], 0) < 0)
			continue;
		for (c = d->n[tpl[j]].parent; c >= 0 && c != seg[i];
		    c = d->n[c].parent)
			;
		if (c == seg[i])
			continue;
		while ((c = d->n[seg[i]].first) >= 0)
			w_html_insert_before(d, tpl[j], c);
		w_html_unlink(d, tpl[j]);
		w_html_unlink(d, seg[i]);
		tpl[j] = -1;
	}
	free(tpl);
	free(seg);
}

/*
 * w_html_heading_buttons: a button that is a heading's text (<h3><button aria-controls=...>Can
 * it go in the dishwasher?</button></h3>, the accordion's header, two
 * levels down at most) is read as the heading's words when the element
 * after the heading holds text that is shown or a panel the extractor
 * keeps (w_html_tab_panel): the buttons the extractor drops are
 * controls, and this one is the title of the section it opens. A
 * heading whose section stays hidden goes with it.
 */
static int
panel_after(const struct hdoc *d, int h)
{
	int j;

	j = w_html_next_el(d, h);
	return j >= 0 && w_html_text_len(d, j) > 0 &&
	    (w_html_visible(d, j) || w_html_tab_panel(d, j));
}

/* See html_int.h. */
void
w_html_heading_buttons(struct hdoc *d)
{
	int i, a, k, t;

	for (i = d->root; i >= 0; i = w_html_next_pre(d, i, d->root, 0)) {
		if (d->n[i].tag != TidyTag_BUTTON)
			continue;
		for (a = d->n[i].parent, k = 0; a >= 0 && k < 2;
		    a = d->n[a].parent, k++) {
			t = d->n[a].tag;
			if (t == TidyTag_H2 || t == TidyTag_H3 ||
			    t == TidyTag_H4 || t == TidyTag_H5 ||
			    t == TidyTag_H6 || t == TidyTag_DT) {
				if (panel_after(d, a))
					d->n[i].tag = d->n[i].otag =
					    TidyTag_SPAN;
				break;
			}
		}
	}
}

/* w_html_parse, with (fast) or without the bodies tidy never lexes. */
int
w_html_parse_opt(struct hdoc *d, const char *s, size_t len, int fast)
{
	struct raw r;
	char *ctl, *flat, *thin, *capped, *dropped, *copy;
	size_t plen;
	int rc, truncated = 0;

	memset(&r, 0, sizeof(r));
	memset(d, 0, sizeof(*d));
	if (len > W_HTML_PARSE_MAX) {
		len = W_HTML_PARSE_MAX;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
		truncated = 1;
	}
	if ((ctl = drop_ctl(s, &len)) != NULL)
		s = ctl;
	if ((flat = flatten(s, &len)) != NULL) {
		s = flat;
		truncated = 1;
	}
	if ((thin = thin_attrs(s, &len)) != NULL) {
		s = thin;
		truncated = 1;
	}
	if ((capped = cap_attrs(s, &len)) != NULL)
		s = capped;
	if ((dropped = drop_data(s, &len)) != NULL)
		s = dropped;
	plen = len;
	copy = prepare(s, &plen, fast ? &r : NULL);
	for (;;) {
		d->html = d->head = d->body = d->keep = d->grid = -1;
		d->truncated = truncated;
		rc = parse_once(d, copy != NULL ? copy : s, plen,
		    r.n > 0 ? &r : NULL);
		/* every body back in its script or style, or parse again
		 * as tidy would read them all */
		if (r.n == 0 || (rc >= 0 && r.nused == r.n))
			break;
		raw_free(&r);
		w_html_free(d);
		free(copy);
		plen = len;
		copy = prepare(s, &plen, NULL);
	}
	d->nraw = r.nused;
	if (rc >= 0)
		stream_place(d);
	raw_free(&r);
	free(copy);
	free(dropped);
	free(capped);
	free(thin);
	free(flat);
	free(ctl);
	return rc < 0 ? -1 : 0;
}

/* Release what w_html_parse allocated. */
void
w_html_free(struct hdoc *d)
{
	free(d->n);
	free(d->memo);
	free(d->ws);
	free(d->fold);
	free(d->a);
	free(d->pool);
	free(d->title);
	free(d->author);
	free(d->bios);
	memset(d, 0, sizeof(*d));
}

/* The next blank-separated word of *c (its length in *n; *c moves past
 * it), or NULL at the end. */
const char *
w_html_class_next(const char **c, size_t *n)
{
	const char *s = *c;
	size_t k;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	for (k = 0; s[k] != '\0' && s[k] != ' ' && s[k] != '\t' &&
	    s[k] != '\n'; k++)
		;
	*c = s + k;
	*n = k;
	return k > 0 ? s : NULL;
}

/*
 * Whether the n-byte class token t names a term of the site's own
 * taxonomy ("category-news", "tag-sale", "product_cat-bundles"): the
 * words after the prefix are the editor's, not the template's, so they
 * say nothing about what the element is.
 */
int
w_html_taxonomy_token(const char *t, size_t n)
{
	static const char *const pre[] = {
		"category-", "tag-", "product_cat-", "product_tag-",
		"post_tag-", "pa_", NULL
	};
	size_t k, l;

	/* (the first byte, either case, settles most tokens) */
	for (k = 0; pre[k] != NULL; k++) {
		if (n == 0 || (t[0] | 0x20) != pre[k][0])
			continue;
		l = strlen(pre[k]);
		if (n > l && strncasecmp(t, pre[k], l) == 0)
			return 1;
	}
	return 0;
}

const char *
w_html_attr(const struct hdoc *d, int i, const char *name)
{
	const struct hnode *x = &d->n[i];
	const char *nm, *q;
	unsigned k;

	if (x->tag == H_TEXT || !(x->amask & W_HTML_ABIT(name)))
		return NULL;
	for (k = 0; k < x->nattr; k++) {
		nm = d->pool + d->a[x->attr + k].name;
		/* the first byte settles most mismatches, the rest
		 * compared here (names are short: no call) */
		if (nm[0] != name[0])
			continue;
		for (q = name; *q != '\0' && *nm == *q; nm++, q++)
			;
		if (*nm == *q)
			return d->pool + d->a[x->attr + k].val;
	}
	return NULL;
}

/* The index of s in the NULL-ended list w, or -1. */
int
w_html_listed(const char *s, const char *const *w)
{
	int k;

	/* (the first byte settles most words without a call) */
	for (k = 0; w[k] != NULL; k++)
		if (s[0] == w[k][0] && strcmp(s, w[k]) == 0)
			return k;
	return -1;
}

/* Whether an ancestor within maxdepth levels (<= 0: any) has tag. */
int
w_html_has_ancestor(const struct hdoc *d, int i, int tag, int maxdepth)
{
	int depth = 0;

	for (i = d->n[i].parent; i >= 0; i = d->n[i].parent) {
		if (maxdepth > 0 && ++depth > maxdepth)
			return 0;
		if (d->n[i].tag == tag)
			return 1;
	}
	return 0;
}

/* Append the text content of i's subtree to b. */
void
w_html_text(const struct hdoc *d, int i, struct w_buf *b)
{
	int j;

	if (d->n[i].tag == H_TEXT) {
		w_buf_add(b, d->pool + d->n[i].off, d->n[i].len);
		return;
	}
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == H_TEXT)
			w_buf_add(b, d->pool + d->n[j].off, d->n[j].len);
}

/* Byte length of the whitespace character at p (JS \s), else 0. */
static size_t
ws_len(const unsigned char *p, size_t n)
{
	if (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		return 1;
	if (n >= 2 && p[0] == 0xc2 && p[1] == 0xa0)
		return 2;
	if (n >= 3 && p[0] == 0xe2 && p[1] == 0x80 &&
	    ((p[2] >= 0x80 && p[2] <= 0x8a) || p[2] == 0xa8 ||
	    p[2] == 0xa9 || p[2] == 0xaf))
		return 3;
	if (n >= 3 && ((p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80) ||
	    (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) ||
	    (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f)))
		return 3;
	return 0;
}

/*
 * Statistics of one text node, counted in locals (s may alias x, which
 * would otherwise be stored back on every byte).
 */
static void
text_stats(struct hnode *x, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *e = p + len;
	unsigned tn = 0, com = 0, comall = 0;
	unsigned char tf = 0;
	size_t w;
	int sp = 0;

	if (len > 0 && ws_len(p, len) > 0)
		tf |= TS_LEAD;
	while (p < e) {
		if (*p < 0x80) {
			/* ASCII: the common case, without ws_len() */
			if (*p == ' ' || (*p >= '\t' && *p <= '\r')) {
				sp = 1;
				tf |= TS_WS;
				p++;
				continue;
			}
			if (sp && (tf & TS_ANY))
				tn++;
			sp = 0;
			tf |= TS_ANY;
			if (*p == ',')
				com++, comall++;
			tn++;
			p++;
			/* then eight bytes at a time while they are all
			 * ASCII, none a space, a control or a comma: a
			 * character each, the state as it is */
			while (e - p >= 8) {
				const uint64_t ones = 0x0101010101010101ULL;
				uint64_t v;

				memcpy(&v, p, 8);
				if (((v | (v - ones * 0x21) |
				    ((v ^ ones * ',') - ones)) &
				    (ones * 0x80)) != 0)
					break;
				tn += 8;
				p += 8;
			}
			continue;
		}
		if ((w = ws_len(p, (size_t)(e - p))) > 0) {
			sp = 1;
			tf |= TS_WS;
			p += w;
			continue;
		}
		if (sp && (tf & TS_ANY))
			tn++;
		sp = 0;
		tf |= TS_ANY;
		if (*p == 0xd8 && p + 1 < e && p[1] == 0x8c)
			comall++;
		else if (*p == 0xef && p + 2 < e && ((p[1] == 0xb9 &&
		    p[2] == 0x90) || (p[1] == 0xb8 && (p[2] == 0x90 ||
		    p[2] == 0x91)) || (p[1] == 0xbc && p[2] == 0x8c)))
			comall++;
		else if (*p == 0xe2 && p + 2 < e && p[1] == 0xb8 &&
		    (p[2] == 0x81 || p[2] == 0xb4 || p[2] == 0xb2))
			comall++;
		if ((*p & 0xc0) != 0x80)
			tn++;
		p++;
	}
	if (sp)
		tf |= TS_TRAIL;
	x->tn = tn;
	x->tf = tf;
	x->com = com;
	x->comall = comall;
	x->link = 0;
	x->valid = 1;
}

/* Mark i and its ancestors as changed. */
void
w_html_dirty(struct hdoc *d, int i)
{
	for (; i >= 0 && d->n[i].valid; i = d->n[i].parent)
		d->n[i].valid = 0;
}

/*
 * Node j's statistics: a text node's from its text (counted on first
 * use; text never changes), an element's from its (valid) children.
 */
static void
combine(struct hdoc *d, int j)
{
	struct hnode *x = &d->n[j], *c;
	const char *href;
	int k;

	if (x->otag == H_TEXT) {
		text_stats(x, d->pool + x->off, x->len);
		x->fw = x->lw = (x->tf & TS_ANY) ? j : -1;
		return;
	}
	x->tn = 0;
	x->tf = 0;
	x->com = x->comall = 0;
	x->link = 0;
	x->fw = x->lw = -1;
	for (k = x->first; k >= 0; k = c->next) {
		c = &d->n[k];
		x->com += c->com;
		x->comall += c->comall;
		x->link += c->link;
		if (!(c->tf & TS_ANY)) {
			if (c->tf & TS_WS) {
				x->tf |= TS_WS;
				if (x->tf & TS_ANY)
					x->tf |= TS_TRAIL;
				else
					x->tf |= TS_LEAD;
			}
			continue;
		}
		c->nw = -1;
		if (!(x->tf & TS_ANY)) {
			x->tn = c->tn;
			x->tf = (unsigned char)((x->tf & (TS_LEAD | TS_WS)) |
			    (c->tf & ~TS_GAP));
			x->fw = c->fw;
			x->lw = k;
			continue;
		}
		/* the word child before: its next one, and the white
		 * space between them outside both */
		d->n[x->lw].nw = k;
		d->n[x->lw].tf = (unsigned char)((d->n[x->lw].tf & ~TS_GAP) |
		    ((x->tf & TS_TRAIL) && !(d->n[x->lw].tf & TS_TRAIL) ?
		    TS_GAP : 0));
		x->lw = k;
		x->tn += c->tn + ((x->tf & TS_TRAIL) || (c->tf & TS_LEAD));
		x->tf = (unsigned char)((x->tf & (TS_ANY | TS_LEAD | TS_WS)) |
		    (c->tf & (TS_TRAIL | TS_WS)));
	}
	/* lw held the last word child */
	if (x->lw >= 0)
		x->lw = d->n[x->lw].lw;
	if (x->tag == TidyTag_A) {
		href = w_html_attr(d, j, "href");
		x->link += (href != NULL && href[0] == '#' && href[1] != '\0') ?
		    (float)x->tn * 0.3f : (float)x->tn;
	}
	x->valid = 1;
}

/*
 * Bring i's cached statistics up to date, without recursion. The cache
 * is logically invisible, hence the const on the callers' side.
 */
static void
ensure(const struct hdoc *cd, int i)
{
	struct hdoc *d = (struct hdoc *)(uintptr_t)cd;
	int j = i, c;

	if (d->n[i].valid)
		return;
	c = d->n[i].first;
	for (;;) {
		while (c >= 0 && d->n[c].valid)
			c = d->n[c].next;
		if (c >= 0) {
			j = c;
			c = d->n[c].first;
			continue;
		}
		combine(d, j);
		if (j == i)
			return;
		c = d->n[j].next;
		j = d->n[j].parent;
	}
}

/* Characters of i's text, trimmed, whitespace runs counted as one. */
size_t
w_html_text_len(const struct hdoc *d, int i)
{
	ensure(d, i);
	return d->n[i].tn;
}

/*
 * A walk over the text nodes of i's subtree, in order, counts what each
 * adds to w_html_text_len(d, i) as combine() does (w_html_tcount_add).
 * Once the count is the subtree's (w_html_tcount_done), every later
 * text node is white space: a walk that wants the words stops there (a
 * short line over 300,000 breaks, asked at every level of 480 nested
 * boxes, walked them all each time).
 */
void
w_html_tcount_init(const struct hdoc *d, int i, struct w_html_tcount *c)
{
	c->all = w_html_text_len(d, i);
	c->seen = 0;
	c->any = c->trail = 0;
}

/* Count text node j. */
void
w_html_tcount_add(const struct hdoc *d, int j, struct w_html_tcount *c)
{
	size_t k = w_html_text_len(d, j);
	unsigned char tf = d->n[j].tf;

	if (tf & TS_ANY) {
		c->seen += c->any ? k + (c->trail || (tf & TS_LEAD)) : k;
		c->any = 1;
		c->trail = (tf & TS_TRAIL) != 0;
	} else if (tf & TS_WS)
		c->trail = c->any;
}

int
w_html_tcount_done(const struct w_html_tcount *c)
{
	return c->any && c->seen >= c->all;
}

/* w_html_text() from the first word to the last, white space between
 * two words as one space (w_html_word_next: no walk over what holds
 * no word). */
void
w_html_text_short(const struct hdoc *d, int i, struct w_buf *b)
{
	int j, sep;

	if (d->n[i].tag == H_TEXT) {
		w_buf_add(b, d->pool + d->n[i].off, d->n[i].len);
		return;
	}
	for (j = w_html_word_first(d, i); j >= 0;
	    j = w_html_word_next(d, j, i, &sep)) {
		if (j != d->n[i].fw && sep)
			w_buf_add(b, " ", 1);
		w_buf_add(b, d->pool + d->n[j].off, d->n[j].len);
	}
}

/*
 * The text nodes of i's subtree that hold a word, in order, without a
 * walk over what holds none: combine() keeps each node's first and
 * last such text node and each word child's next word sibling. A
 * short line under hundreds of empty or blank elements, read at each
 * level of a nest of boxes (lead(), stat_line(), the review labels),
 * was a walk over all of them each time. The first such node, or -1.
 */
int
w_html_word_first(const struct hdoc *d, int i)
{
	ensure(d, i);
	return d->n[i].fw;
}

/*
 * The word node after word node j under i, or -1; *sep says whether
 * white space lies between the two (as w_html_text_len() counts a
 * space there). Nothing under i may change during the walk.
 */
int
w_html_word_next(const struct hdoc *d, int j, int i, int *sep)
{
	int c, nx;

	if (j == d->n[i].lw)
		return -1;
	for (c = j; c >= 0 && c != i && d->n[c].nw < 0; c = d->n[c].parent)
		;
	if (c < 0 || c == i)
		return -1;
	nx = d->n[c].nw;
	if (sep != NULL)
		*sep = (d->n[c].tf & (TS_TRAIL | TS_GAP)) ||
		    (d->n[nx].tf & TS_LEAD);
	return d->n[nx].fw;
}

/* Commas in i's text: ',' only, or (all) every comma character. */
size_t
w_html_commas(struct hdoc *d, int i, int all)
{
	ensure(d, i);
	return all ? d->n[i].comall : d->n[i].com;
}

/* Code points in s[0..n). */
size_t
w_html_utf8_len(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/* Text length inside links (in-page "#x" links count 0.3). */
size_t
w_html_link_len(const struct hdoc *d, int i)
{
	ensure(d, i);
	return (size_t)d->n[i].link;
}

/* Share of i's text inside links. */
double
w_html_link_density(const struct hdoc *d, int i)
{
	size_t t = w_html_text_len(d, i);

	if (t == 0)
		return 0;
	return (double)d->n[i].link / (double)t;
}

/* Elements the writers treat as blocks. */
int
w_html_is_block(int tag)
{
	switch (tag) {
	case TidyTag_ADDRESS: case TidyTag_ARTICLE: case TidyTag_ASIDE:
	case TidyTag_BLOCKQUOTE: case TidyTag_BODY: case TidyTag_CAPTION:
	case TidyTag_CENTER: case TidyTag_DD: case TidyTag_DETAILS:
	case TidyTag_DIALOG: case TidyTag_DIR: case TidyTag_DIV:
	case TidyTag_DL: case TidyTag_DT: case TidyTag_FIELDSET:
	case TidyTag_FIGCAPTION: case TidyTag_FIGURE: case TidyTag_FOOTER:
	case TidyTag_FORM: case TidyTag_H1: case TidyTag_H2: case TidyTag_H3:
	case TidyTag_H4: case TidyTag_H5: case TidyTag_H6:
	case TidyTag_HEADER: case TidyTag_HGROUP: case TidyTag_HR:
	case TidyTag_HTML: case TidyTag_LI: case TidyTag_LISTING:
	case TidyTag_MAIN: case TidyTag_MENU: case TidyTag_NAV:
	case TidyTag_OL: case TidyTag_P: case TidyTag_PLAINTEXT:
	case TidyTag_PRE: case TidyTag_SECTION: case TidyTag_SUMMARY:
	case TidyTag_TABLE: case TidyTag_TBODY: case TidyTag_TD:
	case TidyTag_TFOOT: case TidyTag_TH: case TidyTag_THEAD:
	case TidyTag_TR: case TidyTag_UL: case TidyTag_XMP:
	case TidyTag_UNKNOWN:
		return 1;
	default:
		return 0;
	}
}

#define LOWER(c)	((c) >= 'A' && (c) <= 'Z' ? (c) + 32 : (c))

/* See html_int.h. */
char *
w_html_class_low(const char *c, char *buf, size_t size, size_t max, int tax)
{
	const char *t, *s = c;
	size_t n, k, len = strlen(c);

	if (len >= size)
		return NULL;
	for (k = 0; k <= len; k++)
		buf[k] = (char)LOWER((unsigned char)c[k]);
	while ((t = w_html_class_next(&s, &n)) != NULL)
		if (n >= max || strcspn(t, ":[./") < n ||
		    (tax && w_html_taxonomy_token(t, n)))
			memset(buf + (t - c), ' ', n);
	return buf;
}

/* Whether s starts with needle, ASCII case folded. */
static int
ci_prefix(const unsigned char *s, const unsigned char *needle)
{
	for (; *needle != '\0' && LOWER(*s) == LOWER(*needle); s++, needle++)
		;
	return *needle == '\0';
}

/* Case-insensitive ASCII substring test. */
int
w_html_ci_contains(const char *hay, const char *needle)
{
	const unsigned char *h = (const unsigned char *)hay;
	const unsigned char *nd = (const unsigned char *)needle;
	char set[3];
	size_t k;

	if (hay == NULL || *needle == '\0')
		return hay != NULL;
	set[0] = (char)LOWER(nd[0]);
	/* attribute values are short: a plain loop beats strpbrk's set-up
	 * there; past 64 bytes strpbrk finds the first byte's candidates */
	for (k = 0; h[k] != '\0'; k++) {
		if (k == 64)
			goto lng;
		if (LOWER(h[k]) == (unsigned char)set[0] &&
		    ci_prefix(h + k + 1, nd + 1))
			return 1;
	}
	return 0;
lng:
	set[1] = (char)(set[0] >= 'a' && set[0] <= 'z' ? set[0] - 32 :
	    set[0]);
	set[2] = '\0';
	for (hay += k; (hay = strpbrk(hay, set)) != NULL; hay++)
		if (ci_prefix((const unsigned char *)hay + 1, nd + 1))
			return 1;
	return 0;
}

/* The chains of list w: the document's copy, made on first use. */
static const struct hwords *
words_of(const struct hdoc *cd, const char *const *w, struct hwords *tmp)
{
	struct hdoc *d = (struct hdoc *)(uintptr_t)cd;
	struct hwords *x;
	unsigned c, k, h;
	size_t i;

	/* the list's slot by its address first, else a search */
	h = (unsigned)(((uintptr_t)w * 0x9e3779b97f4a7c15ULL) >> 58);
	if (d != NULL && d->wsh[h] != 0 && d->ws[d->wsh[h] - 1].w == w)
		return &d->ws[d->wsh[h] - 1];
	if (d != NULL)
		for (i = 0; i < d->nws; i++)
			if (d->ws[i].w == w) {
				d->wsh[h] = (unsigned char)(i + 1);
				return &d->ws[i];
			}
	if (d != NULL && d->nws < 64) {
		if (d->nws == d->wscap) {
			d->wscap = d->wscap ? d->wscap * 2 : 8;
			d->ws = w_realloc(d->ws, d->wscap * sizeof(*d->ws));
		}
		d->wsh[h] = (unsigned char)(d->nws + 1);
		x = &d->ws[d->nws++];
	} else
		x = tmp;
	x->w = w;
	x->empty = 0;
	memset(x->head, 0, sizeof(x->head));
	memset(x->pair, 0, sizeof(x->pair));
	memset(x->one, 0, sizeof(x->one));
	/* chains of 1-based word numbers by first byte, lowered */
	for (k = 0; k < 255 && w[k] != NULL; k++) {
		if (w[k][0] == '\0')
			x->empty = 1;
		c = (unsigned)LOWER((unsigned char)w[k][0]);
		x->next[k + 1] = x->head[c];
		x->head[c] = (unsigned char)(k + 1);
		if (c != 0 && w[k][1] == '\0')
			x->one[c >> 6] |= (uint64_t)1 << (c & 63);
		else if (c != 0) {
			unsigned pr = HW_PAIR(c,
			    LOWER((unsigned char)w[k][1]));

			x->pair[pr >> 6] |= (uint64_t)1 << (pr & 63);
		}
	}
	return x;
}

/* See html_int.h. */
const char *
w_html_fold(const struct hdoc *cd, const char *v, w_html_fold_fn fn,
    char *tmp)
{
	struct hdoc *d = (struct hdoc *)(uintptr_t)cd;
	struct hfold *f;
	unsigned k;

	if (d == NULL)
		return fn(v, tmp, HF_SIZE) ? tmp : NULL;
	/* a cache, logically invisible: hence the cast */
	if (d->fold == NULL)
		d->fold = w_calloc(HF_SLOTS, sizeof(*d->fold));
	for (k = 0; k < HF_SLOTS; k++)
		if (d->fold[k].v == v && d->fold[k].fn == fn)
			return d->fold[k].fit ? d->fold[k].s : NULL;
	f = &d->fold[d->nfold++ % HF_SLOTS];
	f->v = v;
	f->fn = fn;
	f->fit = fn(v, f->s, HF_SIZE) != 0;
	return f->fit ? f->s : NULL;
}

/*
 * Whether hay holds one of the words w, lowering hay's letters as it
 * reads when fold is set (w_html_ci_any) or taking them as they are
 * (w_html_low_any, for a class or id value already lowered). Inlined
 * into both with fold constant, so each keeps its own tight loop.
 */
static inline __attribute__((always_inline)) int
words_any(const struct hdoc *d, const char *hay, const char *const *w,
    int fold)
{
	const unsigned char *h = (const unsigned char *)hay;
	const struct hwords *x;
	struct hwords tmp;
	unsigned k, c, p;

	if (hay == NULL)
		return 0;
	x = words_of(d, w, &tmp);
	if (x->empty)
		return 1;
	for (; *h != '\0'; h++) {
		c = fold ? LOWER(*h) : *h;
		if (x->head[c] == 0)
			continue;
		/* no word starts with this byte and the next */
		p = HW_PAIR(c, fold ? LOWER(h[1]) : h[1]);
		if (!((x->pair[p >> 6] >> (p & 63)) & 1) &&
		    !((x->one[c >> 6] >> (c & 63)) & 1))
			continue;
		for (k = x->head[c]; k != 0; k = x->next[k])
			if (ci_prefix(h + 1,
			    (const unsigned char *)w[k - 1] + 1))
				return 1;
	}
	return 0;
}

/* See html_int.h. */
int
w_html_ci_any(const struct hdoc *d, const char *hay, const char *const *w)
{
	return words_any(d, hay, w, 1);
}

/* See html_int.h. */
int
w_html_low_any(const struct hdoc *d, const char *hay, const char *const *w)
{
	return words_any(d, hay, w, 0);
}
