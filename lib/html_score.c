/*
 * html_score.c: main-content selection, readability style. Boilerplate
 * is dropped by tag, role, visibility and class/id hints; paragraphs
 * score their ancestors (length, commas); link density discounts; the
 * best candidate climbs to a better-scoring parent and gathers related
 * siblings; the result is cleaned conditionally. When the result is
 * short the pass is repeated with fewer heuristics and the longest
 * attempt wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


#include "html_int.h"

#define F_STRIP		0x1	/* drop unlikely candidates */
#define F_WEIGHT	0x2	/* class / id weights */
#define F_CLEAN		0x4	/* conditional cleaning */
#define NTOP		5
#define CHAR_THRESHOLD	500

struct agg;

struct sc {
	struct hdoc	*d;
	int		 flags;
	int		*v;		/* scratch node list */
	size_t		 nv, vcap;
	int		*cand;
	size_t		 nc, ccap;
	struct agg	*agg;		/* clean_cond scratch, by node */
	size_t		 nagg;
	int		 byline_done;
	int		 title_removed;
	const char	*title;
};

static const char *const unlikely[] = {
	"-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment",
	"community", "cover-wrap", "disqus", "extra", "footer", "gdpr",
	"header", "legends", "menu", "related", "remark", "replies", "rss",
	"shoutbox", "sidebar", "skyscraper", "social", "sponsor",
	"supplemental", "ad-break", "agegate", "pagination", "pager",
	"popup", "yom-remote", "cookie", "consent", NULL
};
static const char *const maybe[] = {
	"and", "article", "body", "column", "content", "main", "mathjax",
	"shadow", NULL
};
static const char *const positive[] = {
	"article", "body", "content", "entry", "hentry", "h-entry", "main",
	"page", "pagination", "post", "text", "blog", "story", NULL
};
static const char *const negative[] = {
	"-ad-", "hidden", "banner", "combx", "comment", "com-", "contact",
	"footer", "gdpr", "masthead", "media", "meta", "outbrain", "promo",
	"related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
	"sponsor", "shopping", "tags", "widget", NULL
};

static int
any_of(const char *s, const char *const *list)
{
	for (; *list != NULL; list++)
		if (h_ci_contains(s, *list))
			return 1;
	return 0;
}

/* " hid " as a whole word, per the negative pattern. */
static int
hid_word(const char *s)
{
	const char *p;

	for (p = s; (p = strstr(p, "hid")) != NULL; p++)
		if ((p == s || p[-1] == ' ') && (p[3] == '\0' || p[3] == ' '))
			return 1;
	return 0;
}

static int
class_weight(const struct sc *s, int i)
{
	const char *c = h_attr(s->d, i, "class");
	const char *id = h_attr(s->d, i, "id");
	int w = 0;

	if (!(s->flags & F_WEIGHT))
		return 0;
	if (c != NULL && *c != '\0') {
		if (any_of(c, negative) || hid_word(c))
			w -= 25;
		if (any_of(c, positive))
			w += 25;
	}
	if (id != NULL && *id != '\0') {
		if (any_of(id, negative) || hid_word(id))
			w -= 25;
		if (any_of(id, positive))
			w += 25;
	}
	return w;
}

static void
push(int **v, size_t *n, size_t *cap, int x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		*v = w_realloc(*v, *cap * sizeof(int));
	}
	(*v)[(*n)++] = x;
}

/* Next element in pre-order (over the whole document). */
static int
next_elem(const struct hdoc *d, int i, int skipkids)
{
	do
		i = h_next_pre(d, i, -2, skipkids), skipkids = 0;
	while (i >= 0 && d->n[i].tag == H_TEXT);
	return i;
}

static int
remove_next(struct hdoc *d, int i)
{
	int nx = next_elem(d, i, 1);

	h_unlink(d, i);
	return nx;
}

static int
is_ws_node(const struct hdoc *d, int i)
{
	const char *p;
	unsigned k;

	if (d->n[i].tag == TidyTag_BR)
		return 1;
	if (d->n[i].tag != H_TEXT)
		return 0;
	p = d->pool + d->n[i].off;
	for (k = 0; k < d->n[i].len; k++)
		if (!(p[k] == ' ' || (p[k] >= '\t' && p[k] <= '\r')))
			return 0;
	return 1;
}

static int
phrasing(const struct hdoc *d, int i, int depth)
{
	int j;

	switch (d->n[i].tag) {
	case H_TEXT:
	case TidyTag_ABBR: case TidyTag_AUDIO: case TidyTag_B:
	case TidyTag_BDO: case TidyTag_BR: case TidyTag_BUTTON:
	case TidyTag_CITE: case TidyTag_CODE:
	case TidyTag_DATALIST: case TidyTag_DFN: case TidyTag_EM:
	case TidyTag_EMBED: case TidyTag_I: case TidyTag_IMG:
	case TidyTag_INPUT: case TidyTag_KBD: case TidyTag_LABEL:
	case TidyTag_MARK: case TidyTag_MATHML: case TidyTag_METER:
	case TidyTag_NOSCRIPT: case TidyTag_OBJECT: case TidyTag_OUTPUT:
	case TidyTag_PROGRESS: case TidyTag_Q: case TidyTag_RUBY:
	case TidyTag_SAMP: case TidyTag_SCRIPT: case TidyTag_SELECT:
	case TidyTag_SMALL: case TidyTag_SPAN: case TidyTag_STRONG:
	case TidyTag_SUB: case TidyTag_SUP: case TidyTag_TEXTAREA:
	case TidyTag_TIME: case TidyTag_VAR: case TidyTag_WBR:
	case TidyTag_FONT: case TidyTag_U: case TidyTag_S:
	case TidyTag_TT: case TidyTag_STRIKE: case TidyTag_BIG:
		return 1;
	case TidyTag_A: case TidyTag_DEL: case TidyTag_INS:
		if (depth > 64)
			return 1;
		for (j = d->n[i].first; j >= 0; j = d->n[j].next)
			if (!phrasing(d, j, depth + 1))
				return 0;
		return 1;
	default:
		return 0;
	}
}

static int
div_to_p_tag(int tag)
{
	return tag == TidyTag_BLOCKQUOTE || tag == TidyTag_DL ||
	    tag == TidyTag_DIV || tag == TidyTag_IMG || tag == TidyTag_OL ||
	    tag == TidyTag_P || tag == TidyTag_PRE || tag == TidyTag_TABLE ||
	    tag == TidyTag_UL;
}

static int
has_child_block(const struct hdoc *d, int i)
{
	int j;

	for (j = d->n[i].first; j >= 0; j = h_next_pre(d, j, i, 0))
		if (d->n[j].tag != H_TEXT && div_to_p_tag(d->n[j].tag))
			return 1;
	return 0;
}

static int
nelem_kids(const struct hdoc *d, int i)
{
	int j, n = 0;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT)
			n++;
	return n;
}

/* One element child, a p, and no text beside it. */
static int
single_p(const struct hdoc *d, int i)
{
	int j, p = -1;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT) {
			if (!is_ws_node(d, j))
				return -1;
			continue;
		}
		if (p >= 0 || d->n[j].tag != TidyTag_P)
			return -1;
		p = j;
	}
	return p;
}

static int
without_content(const struct hdoc *d, int i)
{
	int j, n = 0, brhr = 0;

	if (h_text_len(d, i) > 0)
		return 0;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT) {
			n++;
			if (d->n[j].tag == TidyTag_BR ||
			    d->n[j].tag == TidyTag_HR)
				brhr++;
		}
	return n == 0 || n == brhr;
}

/* Readability's _isProbablyVisible. */
static int
visible(const struct hdoc *d, int i)
{
	const char *st = h_attr(d, i, "style"), *a, *c;
	char buf[256];
	size_t k, n;

	if (st != NULL) {
		for (k = n = 0; st[k] != '\0' && n + 1 < sizeof(buf); k++)
			if (st[k] != ' ' && st[k] != '\t' && st[k] != '\n')
				buf[n++] = (char)(st[k] >= 'A' && st[k] <= 'Z' ?
				    st[k] + 32 : st[k]);
		buf[n] = '\0';
		if (strstr(buf, "display:none") != NULL ||
		    strstr(buf, "visibility:hidden") != NULL)
			return 0;
	}
	if (h_attr(d, i, "hidden") != NULL)
		return 0;
	a = h_attr(d, i, "aria-hidden");
	if (a != NULL && strcmp(a, "true") == 0) {
		c = h_attr(d, i, "class");
		if (c == NULL || strstr(c, "fallback-image") == NULL)
			return 0;
	}
	return 1;
}

/* Lowercase \w+ tokens of s into b, space separated. */
static void
tokens(const char *s, struct w_buf *b)
{
	const unsigned char *p = (const unsigned char *)s;
	int in = 0;

	for (; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    *p == '_' || *p >= 0x80) {
			if (!in && b->len > 0)
				w_buf_addc(b, ' ');
			w_buf_addc(b, (char)*p);
			in = 1;
		} else if (*p >= 'A' && *p <= 'Z') {
			if (!in && b->len > 0)
				w_buf_addc(b, ' ');
			w_buf_addc(b, (char)(*p + 32));
			in = 1;
		} else
			in = 0;
	}
}

/* Readability's _textSimilarity: share of b's tokens found in a. */
static double
similarity(const char *a, const char *b)
{
	struct w_buf ta, tb, uniq;
	const char *p, *e;
	size_t n;
	double r;

	h_buf_init(&ta, 1 << 20);
	h_buf_init(&tb, 1 << 20);
	h_buf_init(&uniq, 1 << 20);
	tokens(a, &ta);
	tokens(b, &tb);
	for (p = tb.p; tb.len > 0 && *p != '\0'; p = *e ? e + 1 : e) {
		e = strchr(p, ' ');
		if (e == NULL)
			e = p + strlen(p);
		n = (size_t)(e - p);
		{
			const char *q = ta.p;
			int found = 0;

			while (ta.len > 0 && (q = strstr(q, "")) != NULL) {
				const char *qe = strchr(q, ' ');
				size_t qn = qe ? (size_t)(qe - q) : strlen(q);

				if (qn == n && memcmp(q, p, n) == 0) {
					found = 1;
					break;
				}
				if (qe == NULL)
					break;
				q = qe + 1;
			}
			if (!found) {
				if (uniq.len > 0)
					w_buf_addc(&uniq, ' ');
				w_buf_add(&uniq, p, n);
			}
		}
	}
	r = tb.len == 0 ? 0 : 1 - (double)uniq.len / (double)tb.len;
	w_buf_free(&ta);
	w_buf_free(&tb);
	w_buf_free(&uniq);
	return r;
}

static int
dup_title(struct sc *s, int i)
{
	struct w_buf b;
	int r;

	if (s->d->n[i].tag != TidyTag_H1 && s->d->n[i].tag != TidyTag_H2)
		return 0;
	if (s->title == NULL || *s->title == '\0')
		return 0;
	h_buf_init(&b, 1 << 16);
	h_text(s->d, i, &b);
	r = similarity(s->title, b.p) > 0.75;
	w_buf_free(&b);
	return r;
}

static int
is_byline(struct sc *s, int i)
{
	const char *rel, *ip, *c, *id;
	size_t n;

	if (s->byline_done)
		return 0;
	rel = h_attr(s->d, i, "rel");
	ip = h_attr(s->d, i, "itemprop");
	c = h_attr(s->d, i, "class");
	id = h_attr(s->d, i, "id");
	if (!((rel != NULL && strcmp(rel, "author") == 0) ||
	    (ip != NULL && strstr(ip, "author") != NULL) ||
	    h_ci_contains(c, "byline") || h_ci_contains(c, "author") ||
	    h_ci_contains(c, "dateline") || h_ci_contains(c, "writtenby") ||
	    h_ci_contains(c, "p-author") || h_ci_contains(id, "byline") ||
	    h_ci_contains(id, "author") || h_ci_contains(id, "dateline") ||
	    h_ci_contains(id, "writtenby") || h_ci_contains(id, "p-author")))
		return 0;
	n = h_text_len(s->d, i);
	if (n > 0 && n < 100) {
		s->byline_done = 1;
		return 1;
	}
	return 0;
}

static int
unlikely_node(struct sc *s, int i)
{
	const struct hdoc *d = s->d;
	const char *c = h_attr(d, i, "class"), *id = h_attr(d, i, "id");
	const char *role;
	int tag = d->n[i].tag;

	if (tag == TidyTag_BODY || tag == TidyTag_A)
		return 0;
	if ((any_of(c, unlikely) || any_of(id, unlikely)) &&
	    !any_of(c, maybe) && !any_of(id, maybe) &&
	    !h_has_ancestor(d, i, TidyTag_TABLE, 3) &&
	    !h_has_ancestor(d, i, TidyTag_CODE, 3))
		return 1;
	role = h_attr(d, i, "role");
	if (role != NULL && (strcmp(role, "menu") == 0 ||
	    strcmp(role, "menubar") == 0 ||
	    strcmp(role, "complementary") == 0 ||
	    strcmp(role, "navigation") == 0 || strcmp(role, "alert") == 0 ||
	    strcmp(role, "alertdialog") == 0 || strcmp(role, "dialog") == 0))
		return 1;
	return 0;
}

/* Wrap runs of phrasing children of div i into new p elements. */
static void
wrap_phrasing(struct hdoc *d, int i)
{
	int c, nx, p = -1;

	for (c = d->n[i].first; c >= 0; c = nx) {
		nx = d->n[c].next;
		if (phrasing(d, c, 0)) {
			if (p >= 0)
				h_append(d, p, c);
			else if (!is_ws_node(d, c)) {
				p = h_new(d, TidyTag_P);
				h_insert_before(d, c, p);
				h_append(d, p, c);
			}
		} else if (p >= 0) {
			while (d->n[p].last >= 0 &&
			    is_ws_node(d, d->n[p].last))
				h_unlink(d, d->n[p].last);
			p = -1;
		}
	}
}

static int
score_tag(int tag)
{
	return tag == TidyTag_SECTION || tag == TidyTag_H2 ||
	    tag == TidyTag_H3 || tag == TidyTag_H4 || tag == TidyTag_H5 ||
	    tag == TidyTag_H6 || tag == TidyTag_P || tag == TidyTag_TD ||
	    tag == TidyTag_PRE;
}

/* The walk of _grabArticle: prune, note nodes to score, divs to p. */
static void
prune(struct sc *s)
{
	struct hdoc *d = s->d;
	int i, tag, p;

	s->nv = 0;
	for (i = d->body; i >= 0; ) {
		tag = d->n[i].tag;
		if (!visible(d, i)) {
			i = remove_next(d, i);
			continue;
		}
		{
			const char *am = h_attr(d, i, "aria-modal");
			const char *ro = h_attr(d, i, "role");

			if (am != NULL && ro != NULL &&
			    strcmp(am, "true") == 0 &&
			    strcmp(ro, "dialog") == 0) {
				i = remove_next(d, i);
				continue;
			}
		}
		if (is_byline(s, i)) {
			i = remove_next(d, i);
			continue;
		}
		if (!s->title_removed && dup_title(s, i)) {
			s->title_removed = 1;
			i = remove_next(d, i);
			continue;
		}
		if ((s->flags & F_STRIP) && unlikely_node(s, i)) {
			i = remove_next(d, i);
			continue;
		}
		if ((tag == TidyTag_DIV || tag == TidyTag_SECTION ||
		    tag == TidyTag_HEADER || tag == TidyTag_H1 ||
		    tag == TidyTag_H2 || tag == TidyTag_H3 ||
		    tag == TidyTag_H4 || tag == TidyTag_H5 ||
		    tag == TidyTag_H6) && without_content(d, i)) {
			i = remove_next(d, i);
			continue;
		}
		if (score_tag(tag))
			push(&s->v, &s->nv, &s->vcap, i);
		if (tag == TidyTag_DIV) {
			wrap_phrasing(d, i);
			if ((p = single_p(d, i)) >= 0 &&
			    h_link_density(d, i) < 0.25) {
				h_insert_before(d, i, p);
				h_unlink(d, i);
				i = p;
				push(&s->v, &s->nv, &s->vcap, i);
			} else if (!has_child_block(d, i)) {
				d->n[i].tag = TidyTag_P;
				push(&s->v, &s->nv, &s->vcap, i);
			}
		}
		i = next_elem(d, i, 0);
	}
}

static void
init_node(struct sc *s, int i)
{
	struct hnode *x = &s->d->n[i];

	x->flags |= HF_SCORED;
	switch (x->tag) {
	case TidyTag_DIV:
		x->score = 5;
		break;
	case TidyTag_PRE: case TidyTag_TD: case TidyTag_BLOCKQUOTE:
		x->score = 3;
		break;
	case TidyTag_ADDRESS: case TidyTag_OL: case TidyTag_UL:
	case TidyTag_DL: case TidyTag_DD: case TidyTag_DT: case TidyTag_LI:
	case TidyTag_FORM:
		x->score = -3;
		break;
	case TidyTag_H1: case TidyTag_H2: case TidyTag_H3: case TidyTag_H4:
	case TidyTag_H5: case TidyTag_H6: case TidyTag_TH:
		x->score = -5;
		break;
	default:
		x->score = 0;
		break;
	}
	x->score += class_weight(s, i);
}

static int
is_doc_level(const struct hdoc *d, int i)
{
	return d->n[i].parent < 0 || d->n[i].parent == d->root;
}

/* Score paragraphs into ancestors; returns the top candidates. */
static int
score_all(struct sc *s, int *top)
{
	struct hdoc *d = s->d;
	size_t k, len;
	double cs, div;
	int i, a, lvl, ntop = 0, t;

	s->nc = 0;
	for (k = 0; k < s->nv; k++) {
		i = s->v[k];
		if (d->n[i].parent < 0)
			continue;
		len = h_text_len(d, i);
		if (len < 25)
			continue;
		cs = 1 + (double)(h_commas(d, i, 1) + 1) +
		    (double)(len / 100 > 3 ? 3 : len / 100);
		for (a = d->n[i].parent, lvl = 0; a >= 0 && lvl < 5;
		    a = d->n[a].parent, lvl++) {
			if (a == d->root || is_doc_level(d, a))
				break;
			if (!(d->n[a].flags & HF_SCORED)) {
				init_node(s, a);
				push(&s->cand, &s->nc, &s->ccap, a);
			}
			div = lvl == 0 ? 1 : lvl == 1 ? 2 : lvl * 3;
			d->n[a].score += cs / div;
		}
	}
	for (k = 0; k < s->nc; k++) {
		i = s->cand[k];
		d->n[i].score *= 1 - h_link_density(d, i);
		for (t = 0; t < NTOP; t++) {
			if (t >= ntop || d->n[i].score > d->n[top[t]].score) {
				if (ntop < NTOP)
					ntop++;
				memmove(top + t + 1, top + t,
				    (size_t)(ntop - t - 1) * sizeof(int));
				top[t] = i;
				break;
			}
		}
	}
	return ntop;
}

static int
is_ancestor(const struct hdoc *d, int a, int i)
{
	for (i = d->n[i].parent; i >= 0; i = d->n[i].parent)
		if (i == a)
			return 1;
	return 0;
}

/* Pick the top candidate and climb per Readability; -1: use body. */
static int
choose(struct sc *s, int *top, int ntop)
{
	struct hdoc *d = s->d;
	int tc, p, alt[NTOP], nalt = 0, k, cnt;
	double last, thr;

	if (ntop == 0 || top[0] == d->body)
		return -1;
	tc = top[0];
	for (k = 1; k < ntop; k++)
		if (d->n[top[k]].score / d->n[tc].score >= 0.75)
			alt[nalt++] = top[k];
	if (nalt >= 3) {
		for (p = d->n[tc].parent; p >= 0 && p != d->body &&
		    !is_doc_level(d, p); p = d->n[p].parent) {
			for (cnt = 0, k = 0; k < nalt; k++)
				cnt += is_ancestor(d, p, alt[k]);
			if (cnt >= 3) {
				tc = p;
				break;
			}
		}
	}
	if (!(d->n[tc].flags & HF_SCORED))
		init_node(s, tc);
	last = d->n[tc].score;
	thr = last / 3;
	for (p = d->n[tc].parent; p >= 0 && p != d->body &&
	    !is_doc_level(d, p); p = d->n[p].parent) {
		if (!(d->n[p].flags & HF_SCORED))
			continue;
		if (d->n[p].score < thr)
			break;
		if (d->n[p].score > last) {
			tc = p;
			break;
		}
		last = d->n[p].score;
	}
	for (p = d->n[tc].parent; p >= 0 && p != d->body &&
	    !is_doc_level(d, p) && nelem_kids(d, p) == 1;
	    p = d->n[p].parent)
		tc = p;
	if (!(d->n[tc].flags & HF_SCORED))
		init_node(s, tc);
	return tc;
}

static int
sentence_end(const struct hdoc *d, int i)
{
	struct w_buf b;
	char *p;
	int r = 0;

	h_buf_init(&b, 1 << 20);
	h_text(d, i, &b);
	for (p = b.p; b.len > 0 && (p = strchr(p, '.')) != NULL; p++)
		if (p[1] == ' ' || p[1] == '\0') {
			r = 1;
			break;
		}
	w_buf_free(&b);
	return r;
}

/* Gather the top candidate and its related siblings into a new div. */
static int
gather(struct sc *s, int tc)
{
	struct hdoc *d = s->d;
	const char *tcl, *cl;
	double thr, bonus, ld;
	size_t k, len;
	int art, par, j, app;

	art = h_new(d, TidyTag_DIV);
	if (tc < 0) {
		tc = h_new(d, TidyTag_DIV);
		while (d->n[d->body].first >= 0)
			h_append(d, tc, d->n[d->body].first);
		h_append(d, d->body, tc);
		init_node(s, tc);
	}
	thr = d->n[tc].score * 0.2;
	if (thr < 10)
		thr = 10;
	par = d->n[tc].parent;
	s->nv = 0;
	for (j = d->n[par].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT)
			push(&s->v, &s->nv, &s->vcap, j);
	tcl = h_attr(d, tc, "class");
	for (k = 0; k < s->nv; k++) {
		j = s->v[k];
		app = j == tc;
		if (!app) {
			bonus = 0;
			cl = h_attr(d, j, "class");
			if (tcl != NULL && *tcl != '\0' && cl != NULL &&
			    strcmp(cl, tcl) == 0)
				bonus = d->n[tc].score * 0.2;
			if ((d->n[j].flags & HF_SCORED) &&
			    d->n[j].score + bonus >= thr)
				app = 1;
			else if (d->n[j].tag == TidyTag_P) {
				ld = h_link_density(d, j);
				len = h_text_len(d, j);
				if (len > 80 && ld < 0.25)
					app = 1;
				else if (len < 80 && len > 0 && ld == 0 &&
				    sentence_end(d, j))
					app = 1;
			}
		}
		if (app) {
			int t = d->n[j].tag;

			if (t != TidyTag_DIV && t != TidyTag_ARTICLE &&
			    t != TidyTag_SECTION && t != TidyTag_P)
				d->n[j].tag = TidyTag_DIV;
			h_append(d, art, j);
		}
	}
	return art;
}

static void
collect(struct sc *s, int root, int tag)
{
	int j;

	s->nv = 0;
	for (j = s->d->n[root].first; j >= 0; j = h_next_pre(s->d, j, root, 0))
		if (s->d->n[j].tag == tag)
			push(&s->v, &s->nv, &s->vcap, j);
}

static void
clean_tag(struct sc *s, int root, int tag)
{
	size_t k;

	collect(s, root, tag);
	for (k = s->nv; k-- > 0; )
		h_unlink(s->d, s->v[k]);
}

static void
mark_data_tables(struct sc *s, int root)
{
	struct hdoc *d = s->d;
	const char *role, *dt;
	size_t k;
	int t, j, rows, cols, c, cc, data, nested;

	collect(s, root, TidyTag_TABLE);
	for (k = 0; k < s->nv; k++) {
		t = s->v[k];
		role = h_attr(d, t, "role");
		dt = h_attr(d, t, "datatable");
		if ((role != NULL && strcmp(role, "presentation") == 0) ||
		    (dt != NULL && strcmp(dt, "0") == 0))
			continue;
		if (h_attr(d, t, "summary") != NULL) {
			d->n[t].flags |= HF_DATATABLE;
			continue;
		}
		data = nested = rows = cols = 0;
		for (j = d->n[t].first; j >= 0; j = h_next_pre(d, j, t, 0)) {
			switch (d->n[j].tag) {
			case TidyTag_CAPTION:
				if (d->n[j].first >= 0)
					data = 1;
				break;
			case TidyTag_COLGROUP: case TidyTag_COL:
			case TidyTag_THEAD: case TidyTag_TFOOT:
			case TidyTag_TH:
				data = 1;
				break;
			case TidyTag_TABLE:
				nested = 1;
				break;
			case TidyTag_TR:
				rows++;
				for (cc = 0, c = d->n[j].first; c >= 0;
				    c = d->n[c].next)
					if (d->n[c].tag == TidyTag_TD ||
					    d->n[c].tag == TidyTag_TH) {
						const char *cs = h_attr(d, c,
						    "colspan");
						long v = cs ? strtol(cs, NULL,
						    10) : 1;

						cc += v > 0 && v < 1000 ?
						    (int)v : 1;
					}
				if (cc > cols)
					cols = cc;
				break;
			default:
				break;
			}
		}
		if (data) {
			d->n[t].flags |= HF_DATATABLE;
			continue;
		}
		if (nested)
			continue;
		if (rows >= 10 || cols > 4 || rows * cols > 10)
			d->n[t].flags |= HF_DATATABLE;
	}
}

static int
in_datatable(const struct hdoc *d, int i)
{
	for (i = d->n[i].parent; i >= 0; i = d->n[i].parent)
		if (d->n[i].tag == TidyTag_TABLE &&
		    (d->n[i].flags & HF_DATATABLE))
			return 1;
	return 0;
}

/* Descendant counts for conditional cleaning. */
struct agg {
	int	 p, img, li, input, embed;
	size_t	 head, list;
};

/* Readability's _cleanConditionally verdict for node i. */
static int
should_drop(struct sc *s, int i, int tag, const struct agg *g)
{
	struct hdoc *d = s->d;
	int islist = tag == TidyTag_UL || tag == TidyTag_OL;
	int weight, j, li, drop;
	size_t clen;
	double ld, hd;

	clen = h_text_len(d, i);
	if (!islist)
		islist = clen > 0 && (double)g->list / clen > 0.9;
	if (tag == TidyTag_TABLE && (d->n[i].flags & HF_DATATABLE))
		return 0;
	if (in_datatable(d, i))
		return 0;
	if (h_has_ancestor(d, i, TidyTag_CODE, 3))
		return 0;
	weight = class_weight(s, i);
	if (weight < 0)
		return 1;
	if (h_commas(d, i, 0) >= 10)
		return 0;
	li = g->li - 100;
	hd = clen > 0 ? (double)g->head / clen : 0;
	ld = h_link_density(d, i);
	drop = (g->img > 1 && (double)g->p / g->img < 0.5 &&
	    !h_has_ancestor(d, i, TidyTag_FIGURE, 3)) ||
	    (!islist && li > g->p) ||
	    (g->input > g->p / 3) ||
	    (!islist && hd < 0.9 && clen < 25 &&
	    (g->img == 0 || g->img > 2) &&
	    !h_has_ancestor(d, i, TidyTag_FIGURE, 3)) ||
	    (!islist && weight < 25 && ld > 0.2) ||
	    (weight >= 25 && ld > 0.5) ||
	    (g->embed == 1 && clen < 75) || g->embed > 1;
	if (islist && drop) {
		for (j = d->n[i].first; j >= 0; j = d->n[j].next)
			if (d->n[j].tag != H_TEXT && nelem_kids(d, j) > 1)
				return drop;
		if (g->img == g->li)
			return 0;
	}
	return drop;
}

static void
agg_own(const struct hdoc *d, int j, struct agg *g)
{
	switch (d->n[j].tag) {
	case TidyTag_P: g->p++; break;
	case TidyTag_IMG: g->img++; break;
	case TidyTag_LI: g->li++; break;
	case TidyTag_INPUT: g->input++; break;
	case TidyTag_OBJECT: case TidyTag_EMBED: case TidyTag_IFRAME:
		g->embed++;
		break;
	case TidyTag_H1: case TidyTag_H2: case TidyTag_H3: case TidyTag_H4:
	case TidyTag_H5: case TidyTag_H6:
		g->head += h_text_len(d, j);
		break;
	case TidyTag_UL: case TidyTag_OL:
		g->list += h_text_len(d, j);
		break;
	default:
		break;
	}
}

static int
down(struct sc *s, int j)
{
	memset(&s->agg[j], 0, sizeof(s->agg[j]));
	while (s->d->n[j].first >= 0) {
		j = s->d->n[j].first;
		memset(&s->agg[j], 0, sizeof(s->agg[j]));
	}
	return j;
}

/*
 * Conditional cleaning of every tag element under root, in one
 * post-order pass: each verdict sees its subtree after the verdicts on
 * its descendants, as Readability's reverse document order does.
 */
static void
clean_cond(struct sc *s, int root, int tag)
{
	struct hdoc *d = s->d;
	struct agg *g;
	int j, nx, par, drop;

	if (!(s->flags & F_CLEAN) || d->n[root].first < 0)
		return;
	if (s->nagg < d->nn) {
		s->nagg = d->nn;
		s->agg = w_realloc(s->agg, s->nagg * sizeof(*s->agg));
	}
	memset(&s->agg[root], 0, sizeof(s->agg[root]));
	j = down(s, d->n[root].first);
	for (;;) {
		nx = d->n[j].next;
		par = d->n[j].parent;
		if (d->n[j].tag != H_TEXT) {
			g = &s->agg[j];
			drop = d->n[j].tag == tag && should_drop(s, j, tag, g);
			if (drop)
				h_unlink(d, j);
			else {
				agg_own(d, j, g);
				s->agg[par].p += g->p;
				s->agg[par].img += g->img;
				s->agg[par].li += g->li;
				s->agg[par].input += g->input;
				s->agg[par].embed += g->embed;
				s->agg[par].head += g->head;
				s->agg[par].list += g->list;
			}
		}
		if (nx >= 0)
			j = down(s, nx);
		else if (par == root)
			break;
		else
			j = par;
	}
}

static int
share_like(const char *c)
{
	const char *p;

	if (c == NULL)
		return 0;
	for (p = c; *p != '\0'; p++) {
		if (strncasecmp(p, "share", 5) != 0)
			continue;
		{
		int pre = p == c || p[-1] == '_' || !((p[-1] >= 'a' &&
		    p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z') ||
		    (p[-1] >= '0' && p[-1] <= '9'));
		const char *e = p + 5;

		if (strncasecmp(e, "daddy", 5) == 0)
			e += 5;
		if (pre && (*e == '\0' || *e == '_' || !((*e >= 'a' &&
		    *e <= 'z') || (*e >= 'A' && *e <= 'Z') ||
		    (*e >= '0' && *e <= '9'))))
			return 1;
		}
	}
	return 0;
}

static size_t
raw_len(const struct hdoc *d, int i)
{
	size_t n = 0;
	int j;

	for (j = d->n[i].first; j >= 0; j = h_next_pre(d, j, i, 0))
		if (d->n[j].tag == H_TEXT)
			n += h_utf8_len(d->pool + d->n[j].off, d->n[j].len);
	return n;
}

static void
clean_share(struct sc *s, int art)
{
	struct hdoc *d = s->d;
	int c, j;

	for (c = d->n[art].first; c >= 0; c = d->n[c].next) {
		if (d->n[c].tag == H_TEXT)
			continue;
		for (j = d->n[c].first; j >= 0; ) {
			if (d->n[j].tag != H_TEXT &&
			    (share_like(h_attr(d, j, "class")) ||
			    share_like(h_attr(d, j, "id"))) &&
			    raw_len(d, j) < CHAR_THRESHOLD) {
				int nx = h_next_pre(d, j, c, 1);

				h_unlink(d, j);
				j = nx;
			} else
				j = h_next_pre(d, j, c, 0);
		}
	}
}

static void
prep_article(struct sc *s, int art)
{
	struct hdoc *d = s->d;
	size_t k;
	int i, j, img;

	mark_data_tables(s, art);
	clean_cond(s, art, TidyTag_FORM);
	clean_cond(s, art, TidyTag_FIELDSET);
	clean_tag(s, art, TidyTag_OBJECT);
	clean_tag(s, art, TidyTag_EMBED);
	clean_tag(s, art, TidyTag_FOOTER);
	clean_tag(s, art, TidyTag_LINK);
	clean_tag(s, art, TidyTag_ASIDE);
	clean_share(s, art);
	clean_tag(s, art, TidyTag_IFRAME);
	clean_tag(s, art, TidyTag_INPUT);
	clean_tag(s, art, TidyTag_TEXTAREA);
	clean_tag(s, art, TidyTag_SELECT);
	clean_tag(s, art, TidyTag_BUTTON);
	for (i = 0; i < 2; i++) {
		collect(s, art, i == 0 ? TidyTag_H1 : TidyTag_H2);
		for (k = s->nv; k-- > 0; )
			if (class_weight(s, s->v[k]) < 0)
				h_unlink(d, s->v[k]);
	}
	clean_cond(s, art, TidyTag_TABLE);
	clean_cond(s, art, TidyTag_UL);
	clean_cond(s, art, TidyTag_DIV);
	collect(s, art, TidyTag_H1);
	for (k = 0; k < s->nv; k++)
		d->n[s->v[k]].tag = TidyTag_H2;
	collect(s, art, TidyTag_P);
	for (k = s->nv; k-- > 0; ) {
		i = s->v[k];
		img = 0;
		for (j = d->n[i].first; j >= 0; j = h_next_pre(d, j, i, 0))
			if (d->n[j].tag == TidyTag_IMG ||
			    d->n[j].tag == TidyTag_EMBED ||
			    d->n[j].tag == TidyTag_OBJECT ||
			    d->n[j].tag == TidyTag_IFRAME)
				img++;
		if (img == 0 && h_text_len(d, i) == 0)
			h_unlink(d, i);
	}
}

/* Drop script, noscript, style; join <br><br> runs into paragraphs. */
static void
prep_doc(struct sc *s)
{
	struct hdoc *d = s->d;
	size_t k;
	int i, nx, p, nn;

	collect(s, d->root, TidyTag_SCRIPT);
	for (k = 0; k < s->nv; k++)
		h_unlink(d, s->v[k]);
	collect(s, d->root, TidyTag_NOSCRIPT);
	for (k = 0; k < s->nv; k++)
		h_unlink(d, s->v[k]);
	collect(s, d->root, TidyTag_STYLE);
	for (k = 0; k < s->nv; k++)
		h_unlink(d, s->v[k]);
	collect(s, d->root, TidyTag_TEMPLATE);
	for (k = 0; k < s->nv; k++)
		h_unlink(d, s->v[k]);
	if (d->body < 0)
		return;
	collect(s, d->body, TidyTag_BR);
	for (k = 0; k < s->nv; k++) {
		i = s->v[k];
		if (d->n[i].parent < 0)
			continue;
		nx = d->n[i].next;
		p = 0;
		for (;;) {
			while (nx >= 0 && d->n[nx].tag == H_TEXT &&
			    is_ws_node(d, nx))
				nx = d->n[nx].next;
			if (nx < 0 || d->n[nx].tag != TidyTag_BR)
				break;
			p = 1;
			nn = d->n[nx].next;
			h_unlink(d, nx);
			nx = nn;
		}
		if (!p)
			continue;
		p = h_new(d, TidyTag_P);
		h_insert_before(d, i, p);
		h_unlink(d, i);
		for (nx = d->n[p].next; nx >= 0; nx = nn) {
			nn = d->n[nx].next;
			if (d->n[nx].tag == TidyTag_BR) {
				int q = nn;

				while (q >= 0 && d->n[q].tag == H_TEXT &&
				    is_ws_node(d, q))
					q = d->n[q].next;
				if (q >= 0 && d->n[q].tag == TidyTag_BR)
					break;
			}
			if (!phrasing(d, nx, 0))
				break;
			h_append(d, p, nx);
		}
		while (d->n[p].last >= 0 && is_ws_node(d, d->n[p].last))
			h_unlink(d, d->n[p].last);
		if (d->n[d->n[p].parent].tag == TidyTag_P)
			d->n[d->n[p].parent].tag = TidyTag_DIV;
	}
}

static int
attempt(struct sc *s)
{
	int top[NTOP], ntop, tc, art;

	s->title_removed = 0;
	s->byline_done = 0;
	prune(s);
	ntop = score_all(s, top);
	tc = choose(s, top, ntop);
	art = gather(s, tc);
	prep_article(s, art);
	return art;
}

/*
 * Find the main content of d (title: the article title, for dropping a
 * heading that repeats it). Rewrites d; returns a detached div holding
 * the content, or -1 when the page has no body.
 */
int
h_readable(struct hdoc *d, const char *title)
{
	static const int order[] = {
		F_STRIP | F_WEIGHT | F_CLEAN, F_WEIGHT | F_CLEAN, F_CLEAN, 0
	};
	struct sc s;
	struct hnode *snap;
	size_t nsnap, best_len = 0, len;
	int k, art = -1, best = -1;

	if (d->body < 0)
		return -1;
	memset(&s, 0, sizeof(s));
	s.d = d;
	s.title = title;
	prep_doc(&s);
	nsnap = d->nn;
	snap = w_malloc(nsnap * sizeof(*snap));
	memcpy(snap, d->n, nsnap * sizeof(*snap));
	for (k = 0; k < 4; k++) {
		if (k > 0) {
			memcpy(d->n, snap, nsnap * sizeof(*snap));
			d->nn = nsnap;
		}
		s.flags = order[k];
		art = attempt(&s);
		len = h_text_len(d, art);
		if (len >= CHAR_THRESHOLD)
			goto done;
		if (best < 0 || len > best_len) {
			best = k;
			best_len = len;
		}
	}
	if (best != 3) {
		memcpy(d->n, snap, nsnap * sizeof(*snap));
		d->nn = nsnap;
		s.flags = order[best];
		s.byline_done = 1;
		art = attempt(&s);
	}
done:
	free(snap);
	free(s.v);
	free(s.cand);
	free(s.agg);
	return art;
}

/*
 * The cleaning of a fallback (a main element, the body): boilerplate
 * elements, hidden ones, navigation roles, cookie and consent banners.
 */
void
h_strip(struct hdoc *d, int root)
{
	const char *c, *id, *role;
	int i, nx, drop;

	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = 0;
		switch (d->n[i].tag) {
		case H_TEXT:
			break;
		case TidyTag_NAV: case TidyTag_ASIDE: case TidyTag_FOOTER:
		case TidyTag_FORM: case TidyTag_IFRAME: case TidyTag_SVG:
		case TidyTag_SCRIPT: case TidyTag_STYLE: case TidyTag_NOSCRIPT:
		case TidyTag_TEMPLATE: case TidyTag_BUTTON: case TidyTag_SELECT:
			drop = 1;
			break;
		case TidyTag_HEADER:
			drop = !h_has_ancestor(d, i, TidyTag_ARTICLE, 0);
			break;
		default:
			c = h_attr(d, i, "class");
			id = h_attr(d, i, "id");
			role = h_attr(d, i, "role");
			drop = !visible(d, i) || h_ci_contains(c, "cookie") ||
			    h_ci_contains(c, "consent") ||
			    h_ci_contains(id, "cookie") ||
			    h_ci_contains(id, "consent") ||
			    (role != NULL && (strcmp(role, "navigation") == 0 ||
			    strcmp(role, "banner") == 0 ||
			    strcmp(role, "contentinfo") == 0 ||
			    strcmp(role, "complementary") == 0 ||
			    strcmp(role, "dialog") == 0));
			break;
		}
		nx = h_next_pre(d, i, root, drop);
		if (drop)
			h_unlink(d, i);
	}
}
