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

#define LABEL_UP	3	/* levels up to the aria-label a hidden copy speaks */

#define NTOP		5
#define EXPAND_SHARE	0.75	/* of the paragraph text, for HP_EXPAND */
#define EXPAND_SHARE_TABS 0.9	/* the same on product pages: the
				   description, features and specifications
				   sit in sibling blocks */
#define THREAD_UP	12	/* see thread_climb */
#define THREAD_POSTS	3
#define VEIL_MIN	500	/* characters a page veil holds, at least */

/* "header" first: heading_unlikely() reads the list past it */
static const char *const unlikely[] = {
	"header", "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment",
	"community", "cover-wrap", "disqus", "extra", "footer", "gdpr",
	"legends", "menu", "related", "remark", "replies", "rss",
	"shoutbox", "sidebar", "skyscraper", "social", "sponsor",
	"supplemental", "ad-break", "agegate", "pagination", "pager",
	"popup", "yom-remote", NULL
};
/* cookie and consent banners, beyond Readability's list */
static const char *const banners[] = {
	"consent", "cookie-banner", "cookie-bar", "cookie-notice",
	"cookie-policy", "cookie-law", "cookie-wall", "cookiebanner",
	"cookiebar", "cookienotice", NULL
};
/* the same without the words of comment threads, for HP_THREAD */
static const char *const unlikely_thread[] = {
	"header", "-ad-", "ai2html", "banner", "breadcrumbs", "combx",
	"cover-wrap", "extra", "footer", "gdpr", "legends", "menu", "related",
	"rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor",
	"supplemental", "ad-break", "agegate", "pagination", "pager",
	"popup", "yom-remote", NULL
};
static const char *const maybe[] = {
	"and", "article", "body", "column", "content", "main", "mathjax",
	"shadow",
	NULL
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

static const char *const negative_thread[] = {
	"-ad-", "hidden", "banner", "combx", "contact", "footer", "gdpr",
	"masthead", "media", "outbrain", "promo", "related", "scroll",
	"share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping",
	"tags", "widget", NULL
};

/*
 * Whether a lower-case class token hides the element only somewhere:
 * on a breakpoint or in one view ("hidden-xs", "md-hidden",
 * "quick-add-hidden", "hidden-mobile"). The page shows it elsewhere, so
 * it is no sign of hidden text; "hidden", "is-hidden", "u-hidden" and
 * the screen-reader classes stay signs.
 */
int
w_html_hidden_where(const char *t, size_t n)
{
	static const char *const keep[] = {
		"is-hidden", "u-hidden", "visually-hidden", "hidden-visually",
		NULL
	};
	size_t k;

	if (n <= 7 || (strncmp(t, "hidden-", 7) != 0 &&
	    strncmp(t + n - 7, "-hidden", 7) != 0))
		return 0;
	for (k = 0; keep[k] != NULL; k++)
		if (strlen(keep[k]) == n && strncmp(t, keep[k], n) == 0)
			return 0;
	return 1;
}

/*
 * Blank the utility-class tokens of a class list ("max-lg:scroll-mt-2",
 * "w-1/2", "mt-1.5", "[mask:none]"): they style, they do not name the
 * content, and their words ("scroll", "hidden") would misfire; so do
 * the site's taxonomy terms ("category-related-news") and classes that
 * hide an element in one view only (w_html_hidden_where).
 */
static void
utility_blank(char *s)
{
	char *t, *e;

	for (t = s; *t != '\0'; t = e) {
		while (*t == ' ')
			t++;
		for (e = t; *e != '\0' && *e != ' '; e++)
			;
		if (strcspn(t, ":[./") < (size_t)(e - t) ||
		    w_html_taxonomy_token(t, (size_t)(e - t)) ||
		    w_html_hidden_where(t, (size_t)(e - t)))
			memset(t, ' ', (size_t)(e - t));
	}
}

/* any_of()'s fold of a value: lowered, cut to the buffer, utility
 * tokens blanked (w_html_fold_fn). */
static int
any_fold(const char *s, char *low, size_t size)
{
	size_t n;

	for (n = 0; s[n] != '\0' && n + 1 < size; n++)
		low[n] = (char)(s[n] >= 'A' && s[n] <= 'Z' ? s[n] + 32 : s[n]);
	low[n] = '\0';
	utility_blank(low);
	return 1;
}

static int
any_of(const struct hdoc *d, const char *s, const char *const *list)
{
	char tmp[HF_SIZE];

	if (s == NULL || *s == '\0')
		return 0;
	/* the lists are lower case: as strstr on each word (the value
	 * folded once for the lists asked of it in a row) */
	return w_html_low_any(d, w_html_fold(d, s, any_fold, tmp), list);
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

/*
 * One hint of w_html_class_weight, memoised under key: attribute a
 * names a negative word (neg, of threads when thread is set) or a
 * positive one, or itemprop holds articleBody.
 */
static int
weight_bit(const struct hdoc *d, int i, const char *a, unsigned key,
    int thread)
{
	const char *v;
	int m, r;

	if ((m = w_html_memo(d, i, key)) >= 0)
		return m;
	v = w_html_attr(d, i, a);
	if (key == HM_ARTBODY)
		r = v != NULL && strstr(v, "articleBody") != NULL;
	else if (v == NULL || *v == '\0')
		r = 0;
	else if (key == HM_POS_C || key == HM_POS_ID)
		r = any_of(d, v, positive);
	else
		r = any_of(d, v, thread ? negative_thread : negative) ||
		    hid_word(v);
	return w_html_memo_put(d, i, key, r);
}

/*
 * Class and id hints, -25 / +25 each, and +10 for schema.org's
 * itemprop="articleBody", when weights are on.
 */
int
w_html_class_weight(const struct hscore *s, int i)
{
	const struct hdoc *d = s->d;
	int thread = (s->prof & HP_THREAD) != 0, w = 0;

	if (!(s->flags & HS_WEIGHT))
		return 0;
	if (weight_bit(d, i, "class", thread ? HM_NEG_C_T : HM_NEG_C, thread))
		w -= 25;
	if (weight_bit(d, i, "class", HM_POS_C, 0))
		w += 25;
	if (weight_bit(d, i, "id", thread ? HM_NEG_ID_T : HM_NEG_ID, thread))
		w -= 25;
	if (weight_bit(d, i, "id", HM_POS_ID, 0))
		w += 25;
	/* schema.org microdata: the article body itself */
	if (weight_bit(d, i, "itemprop", HM_ARTBODY, 0))
		w += 10;
	return w;
}

/* Append x to the growable int array *v. */
void
w_html_push(int **v, size_t *n, size_t *cap, int x)
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
		i = w_html_next_pre(d, i, -2, skipkids), skipkids = 0;
	while (i >= 0 && d->n[i].tag == H_TEXT);
	return i;
}

static int
remove_next(struct hdoc *d, int i)
{
	int nx = next_elem(d, i, 1);

	w_html_unlink(d, i);
	return nx;
}

/* remove_next, a thread's poster's name kept (w_html_drop_box). */
static int
drop_next(struct hscore *s, int i)
{
	int nx = next_elem(s->d, i, 1);

	w_html_drop_box(s->d, i, s->prof);
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

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag != H_TEXT && div_to_p_tag(d->n[j].tag))
			return 1;
	return 0;
}

/* Element children of i. */
int
w_html_nelem_kids(const struct hdoc *d, int i)
{
	int j, n = 0;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT)
			n++;
	return n;
}

static int without_content(const struct hdoc *, int);

/*
 * One element child, a p, and no text beside it. An empty div or
 * section beside the p (an ad's or a widget's placeholder, dropped
 * later by prune()) does not count: a page that wraps each paragraph
 * in a box with such a slot after it is still a run of paragraphs, and
 * gather() takes them as such. On WCXB dev: 3 pages changed, 2 sites
 * up, 1 down (article 0.9613 -> 0.9614, fold B +0.0002: an intro of
 * three wrapped paragraphs above a ranking, 0.666 -> 0.754; listing
 * fold B -0.0001: a title line).
 */
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
		if ((d->n[j].tag == TidyTag_DIV ||
		    d->n[j].tag == TidyTag_SECTION) && without_content(d, j))
			continue;
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

	if (w_html_text_len(d, i) > 0)
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

/*
 * A closed answer of a run of questions and answers (a FAQ): element
 * i, hidden, is (or is the first block of) the element right after a
 * question (text ending in "?", or holding, two levels down at most, a
 * heading, summary, dt, button, link, span or div whose aria-controls
 * names the answer), holds prose (FAQ_PROSE characters or more, under
 * a third in links, no nav), and 3 or more such pairs of the same tags
 * sit side by side, directly, each in a box of one tag, or each in a
 * box inside such a box. A closed menu under an aria-expanded button
 * is links, not prose, and no run. On WCXB dev (not on products):
 * fires on 11 pages, service 0.8713 -> 0.8739 (A +0.0008, B +0.0041),
 * 5 pages up, 1 down (a site whose truths keep the answers on one
 * page and drop them on another); on products 2 pages up and 1 down
 * (product fold A -0.0017), so products are left out. The work is
 * bounded by a node budget per page (FAQ_WORK, charged per node walked
 * and per pair read), answer() and asks() are memoised per node and
 * the last run_flat() per (parent, tags), and a question of more than
 * FAQ_QNODES nodes is not read: each hidden answer once walked a big
 * sibling answer again (4,000 of them beside one of 300,000 <p>s took
 * 9.3 s user, now 1.0 s).
 */
#define FAQ_PROSE	40	/* shortest answer */
#define FAQ_QMAX	300	/* longest question */
#define FAQ_RUN		3	/* pairs in the run */
#define FAQ_SCAN	64	/* siblings looked at */
#define FAQ_WIDE	8	/* children looked at inside an item box */
#define FAQ_HIDDEN	4096	/* hidden elements looked at per page */
#define FAQ_WORK	2000000	/* nodes walked per page (answer(),
				   controls(), asks(); a pair costs 1 more) */
#define FAQ_QNODES	64	/* largest question subtree read */

/* The work of w_html_faq_mark on one page: the node budget left, the
 * memo of answer() and asks() per node (bit 0 known, bit 1 yes; bit 2
 * known, bit 3 yes) and the last run_flat(), read on a tree no stage
 * has changed yet. */
struct faq {
	long		 left;
	unsigned char	*memo;
	int		 fp, ftq, fta, fn;	/* the last run_flat() */
};

/* Charge n nodes to the budget: whether it holds. */
static int
charge(struct faq *f, long n)
{
	f->left -= n;
	return f->left >= 0;
}

/* Whether the text of q ends in a question mark. */
static int
asks(const struct hdoc *d, int q, struct faq *f)
{
	struct w_buf b;
	size_t n = w_html_text_len(d, q);
	char *e;
	int r = 0, j, k = 0;

	if (f->memo[q] & 4)
		return (f->memo[q] & 8) != 0;
	f->memo[q] |= 4;
	if (n < 3 || n > FAQ_QMAX)
		return 0;
	for (j = q; j >= 0 && k <= FAQ_QNODES;
	    j = w_html_next_pre(d, j, q, 0))
		k++;
	if (!charge(f, k) || k > FAQ_QNODES)
		return 0;
	w_html_buf_init(&b, 1024);
	w_html_text(d, q, &b);
	for (e = b.p + b.len; e > b.p && (e[-1] == ' ' || e[-1] == '\n' ||
	    e[-1] == '\t' || e[-1] == '\r'); e--)
		;
	if (e > b.p && e[-1] == '?')
		r = 1;
	else if (e - b.p >= 3 && memcmp(e - 3, "\xef\xbc\x9f", 3) == 0)
		r = 1;		/* a full-width question mark */
	w_buf_free(&b);
	if (r)
		f->memo[q] |= 8;
	return r;
}

/* Whether j is q or an element two levels under it at most (j in q's
 * subtree). */
static int
near_top(const struct hdoc *d, int j, int q)
{
	int k;

	for (k = 0; j != q && k <= 3; j = d->n[j].parent, k++)
		;
	return k <= 2;
}

/* Whether q, or an element two levels under it at most, is a
 * button, summary, dt, h2-h6, a, span or div whose aria-controls
 * names a or its first element, or q is an h2-h6 holding a button
 * with aria-expanded="false" (an accordion's header: on WCXB dev one
 * article up, 0.872 -> 0.925, nothing else moved); a q whose first
 * FAQ_QNODES nodes (pre-order) hold no such element is not read
 * further. */
static int
controls(const struct hdoc *d, int q, int a, struct faq *f)
{
	const char *id = w_html_attr(d, a, "id"), *id2 = NULL, *c;
	int j, e, t, m = 0, hq;

	if ((e = w_html_first_el(d, a)) >= 0)
		id2 = w_html_attr(d, e, "id");
	if (w_html_text_len(d, q) > FAQ_QMAX)
		return 0;
	t = d->n[q].tag;
	hq = t == TidyTag_H2 || t == TidyTag_H3 || t == TidyTag_H4 ||
	    t == TidyTag_H5 || t == TidyTag_H6;
	/* no id to name and no heading: nothing the walk can find (it
	 * would spend FAQ_QNODES of the page's budget per answer) */
	if (!hq && (id == NULL || *id == '\0') &&
	    (id2 == NULL || *id2 == '\0'))
		return 0;
	for (j = q; j >= 0; j = w_html_next_pre(d, j, q, 0)) {
		if (++m > FAQ_QNODES || !charge(f, 1))
			return 0;
		if (!near_top(d, j, q))
			continue;
		/* an accordion's header: a heading holding the button
		 * that opens the panel after it */
		if (hq && d->n[j].tag == TidyTag_BUTTON &&
		    (c = w_html_attr(d, j, "aria-expanded")) != NULL &&
		    strcmp(c, "false") == 0)
			return 1;
		if ((c = w_html_attr(d, j, "aria-controls")) == NULL)
			continue;
		if ((id == NULL || *id == '\0') &&
		    (id2 == NULL || *id2 == '\0'))
			continue;
		t = d->n[j].tag;
		if (t != TidyTag_BUTTON && t != TidyTag_SUMMARY &&
		    t != TidyTag_DT && t != TidyTag_H2 && t != TidyTag_H3 &&
		    t != TidyTag_H4 && t != TidyTag_H5 && t != TidyTag_H6 &&
		    t != TidyTag_A && t != TidyTag_SPAN && t != TidyTag_DIV)
			continue;
		if ((id != NULL && strcmp(c, id) == 0) ||
		    (id2 != NULL && strcmp(c, id2) == 0))
			return 1;
	}
	return 0;
}

/* Whether a holds prose: text, under a third of it in links, no
 * navigation inside. */
static int
answer(const struct hdoc *d, int a, struct faq *f)
{
	size_t n = w_html_text_len(d, a);
	int j;

	if (f->memo[a] & 1)
		return (f->memo[a] & 2) != 0;
	f->memo[a] |= 1;
	if (n < FAQ_PROSE || 3 * w_html_link_len(d, a) >= n)
		return 0;
	for (j = a; j >= 0; j = w_html_next_pre(d, j, a, 0))
		if (!charge(f, 1) || d->n[j].tag == TidyTag_NAV)
			return 0;
	f->memo[a] |= 2;
	return 1;
}

static int
qa_pair(const struct hdoc *d, int q, int a, struct faq *f)
{
	if (!charge(f, 1))
		return 0;
	return answer(d, a, f) && (asks(d, q, f) || controls(d, q, a, f));
}

/* Pairs of tags tq, ta among p's children (a flat run). */
static int
run_flat(const struct hdoc *d, int p, int tq, int ta, struct faq *f)
{
	int j, q, n = 0, k = 0;

	if (p == f->fp && tq == f->ftq && ta == f->fta)
		return f->fn;	/* the hidden answers of one run */
	for (j = w_html_first_el(d, p); j >= 0 && k < FAQ_SCAN && n < FAQ_RUN;
	    j = w_html_next_el(d, j), k++)
		if (d->n[j].tag == ta && (q = w_html_prev_el(d, j)) >= 0 &&
		    d->n[q].tag == tq && qa_pair(d, q, j, f))
			n++;
	f->fp = p;
	f->ftq = tq;
	f->fta = ta;
	f->fn = n;
	return n;
}

/* Whether box b holds a pair of tags tq, ta, depth levels down. */
static int
holds_pair(const struct hdoc *d, int b, int depth, int tq, int ta,
    struct faq *f)
{
	int j, k = 0;

	if (depth == 0)
		return run_flat(d, b, tq, ta, f) >= 1;
	for (j = w_html_first_el(d, b); j >= 0 && k < FAQ_WIDE;
	    j = w_html_next_el(d, j), k++)
		if (holds_pair(d, j, depth - 1, tq, ta, f))
			return 1;
	return 0;
}

/* Boxes of w's tag beside w each holding a pair of tags tq, ta,
 * depth levels under the box. */
static int
run_boxed(const struct hdoc *d, int w, int depth, int tq, int ta,
    struct faq *f)
{
	int g = d->n[w].parent, j, k = 0, n = 0, tw = d->n[w].tag;

	if (g < 0)
		return 0;
	for (j = w_html_first_el(d, g); j >= 0 && k < FAQ_SCAN && n < FAQ_RUN;
	    j = w_html_next_el(d, j), k++)
		if (d->n[j].tag == tw && holds_pair(d, j, depth, tq, ta, f))
			n++;
	return n;
}

/* Whether hidden element i is a FAQ's closed answer; *qp its question. */
static int
faq_answer(const struct hdoc *d, int i, int *qp, struct faq *f)
{
	int a = i, q = -1, k, p, w;

	for (k = 0; k < 3 && a >= 0; k++, a = d->n[a].parent)
		if ((q = w_html_prev_el(d, a)) >= 0 || d->n[a].parent < 0)
			break;
	if (q < 0 || a < 0 || !qa_pair(d, q, a, f))
		return 0;
	if ((p = d->n[a].parent) < 0)
		return 0;
	*qp = q;
	if (run_flat(d, p, d->n[q].tag, d->n[a].tag, f) >= FAQ_RUN)
		return 1;
	/* each pair in a box, or in a box inside a box */
	for (k = 0, w = p; k < 2 && w >= 0 && d->n[w].parent >= 0;
	    k++, w = d->n[w].parent)
		if (run_boxed(d, w, k, d->n[q].tag, d->n[a].tag, f) >=
		    FAQ_RUN)
			return 1;
	return 0;
}

#define DISC_PROSE	200	/* shortest lone disclosed text */

/* Whether hidden element i is the text a lone toggle discloses: the
 * element before it holds (two levels down at most) a button or link
 * with aria-expanded="false", and i holds DISC_PROSE or more of prose
 * (answer()). Read when i is no FAQ's answer, not on products. On WCXB
 * dev one service page up (a calculator's methodology: 0.578 ->
 * 0.779, service +0.0012), nothing else moved. */
static int
disclosed(const struct hdoc *d, int i, struct faq *f)
{
	const char *c, *r;
	int q = w_html_prev_el(d, i), j, m = 0;

	if (q < 0 || w_html_text_len(d, q) > FAQ_QMAX ||
	    w_html_text_len(d, i) < DISC_PROSE)
		return 0;
	for (j = q; j >= 0; j = w_html_next_pre(d, j, q, 0)) {
		if (++m > FAQ_QNODES || !charge(f, 1))
			return 0;
		if (!near_top(d, j, q) ||
		    (c = w_html_attr(d, j, "aria-expanded")) == NULL ||
		    strcmp(c, "false") != 0)
			continue;
		r = w_html_attr(d, j, "role");
		if (d->n[j].tag == TidyTag_BUTTON || d->n[j].tag == TidyTag_A ||
		    (r != NULL && strcmp(r, "button") == 0))
			return answer(d, i, f);
	}
	return 0;
}

/*
 * A closed panel of a tab set: hidden element i has an id that a tab
 * names (aria-controls on any element, or href, data-target or
 * data-bs-target "#id" on a role=tab element or one whose data-toggle
 * or data-bs-toggle is tab or pill), TAB_RUN or more of its parent's
 * children are so named, one of them is shown (the open tab), and i
 * holds prose (answer()). A mega menu's panels sit each beside its
 * button, and a closed mobile menu shows none: neither is a tab set.
 * On WCXB dev it fires on one service page, whose tab set of five
 * services the truth keeps (F1 0.808 -> 0.921: service +0.0007);
 * every other tab set of the corpus is already kept by its role or
 * class. The ids are gathered in one walk and sorted; a parent's
 * children are counted once (the last parent is remembered) and
 * charged to the FAQ's node budget.
 */
#define TAB_RUN		3	/* panels named by tabs */

/* An id a tab names: a span of an attribute's value. */
struct tabid {
	const char	*s;
	size_t		 n;
};

/* The ids tabs name, sorted, and the last parent counted. */
struct tabs {
	struct tabid	*id;
	size_t		 n, cap;
	int		 tp, tn, tv;	/* parent, panels named, shown */
};

static int
tabid_cmp(const void *a, const void *b)
{
	const struct tabid *x = a, *y = b;
	int c = memcmp(x->s, y->s, x->n < y->n ? x->n : y->n);

	if (c != 0)
		return c;
	return x->n < y->n ? -1 : x->n > y->n;
}

static void
tab_add(struct tabs *t, const char *s, size_t n)
{
	if (n == 0)
		return;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->id = w_realloc(t->id, t->cap * sizeof(*t->id));
	}
	t->id[t->n].s = s;
	t->id[t->n++].n = n;
}

/* Whether element j is a tab by its role or its toggle's kind. */
static int
tab_like(const struct hdoc *d, int j)
{
	const char *r = w_html_attr(d, j, "role"), *g;

	if (r != NULL && strcmp(r, "tab") == 0)
		return 1;
	if ((g = w_html_attr(d, j, "data-toggle")) == NULL)
		g = w_html_attr(d, j, "data-bs-toggle");
	return g != NULL && (strcmp(g, "tab") == 0 || strcmp(g, "pill") == 0);
}

/* The ids the page's tabs name, into t (one walk). */
static void
tab_ids(const struct hdoc *d, struct tabs *t)
{
	static const char *const refs[] = {
		"href", "data-target", "data-bs-target", NULL
	};
	const char *v, *w;
	size_t n;
	int i, k;

	for (i = d->root; i >= 0; i = w_html_next_pre(d, i, d->root, 0)) {
		if (d->n[i].tag == H_TEXT)
			continue;
		if ((v = w_html_attr(d, i, "aria-controls")) != NULL)
			while ((w = w_html_class_next(&v, &n)) != NULL)
				tab_add(t, w, n);
		if (!tab_like(d, i))
			continue;
		for (k = 0; refs[k] != NULL; k++)
			if ((v = w_html_attr(d, i, refs[k])) != NULL &&
			    v[0] == '#')
				tab_add(t, v + 1, strlen(v + 1));
	}
	if (t->n > 0)
		qsort(t->id, t->n, sizeof(*t->id), tabid_cmp);
}

/* Whether element j's id is named by a tab. */
static int
tab_named(const struct hdoc *d, int j, const struct tabs *t)
{
	struct tabid k;

	if (t->n == 0 || (k.s = w_html_attr(d, j, "id")) == NULL ||
	    (k.n = strlen(k.s)) == 0)
		return 0;
	return bsearch(&k, t->id, t->n, sizeof(*t->id), tabid_cmp) != NULL;
}

/* Whether hidden element i is a closed panel of a tab set. */
static int
tab_closed(const struct hdoc *d, int i, struct tabs *t, struct faq *f)
{
	int p = d->n[i].parent, j, k = 0;

	if (p < 0 || !tab_named(d, i, t))
		return 0;
	if (p != t->tp) {
		t->tp = p;
		t->tn = t->tv = 0;
		for (j = w_html_first_el(d, p); j >= 0 && k < FAQ_SCAN;
		    j = w_html_next_el(d, j), k++) {
			if (!charge(f, 1))
				return 0;
			if (!tab_named(d, j, t))
				continue;
			t->tn++;
			if (w_html_visible(d, j))
				t->tv++;
		}
	}
	return t->tn >= TAB_RUN && t->tv >= 1 && answer(d, i, f);
}

/*
 * w_html_faq_mark: flag (HF_TABSET) each closed panel of a tab set
 * (tab_closed) and, when faqs, (HF_FAQ) each closed answer of a FAQ
 * (faq_answer) and (HF_TABSET) each text a lone toggle discloses
 * (disclosed), read on the tree as parsed, before any stage prunes
 * it; w_html_tab_panel keeps a flagged panel, and a question that is
 * a button (or holds one two levels down) is read as text, as
 * w_html_heading_buttons reads a heading's.
 */
void
w_html_faq_mark(struct hdoc *d, int faqs)
{
	struct faq f;
	struct tabs tb;
	int *qs, i, q, j, seen = 0, nq = 0;

	memset(&tb, 0, sizeof(tb));
	tb.tp = -1;
	tab_ids(d, &tb);
	f.left = FAQ_WORK;
	f.memo = w_calloc(d->nn, 1);
	f.fp = -1;
	f.ftq = f.fta = f.fn = 0;
	qs = w_calloc(FAQ_HIDDEN, sizeof(int));
	for (i = d->root; i >= 0 && seen < FAQ_HIDDEN;
	    i = w_html_next_pre(d, i, d->root, 0)) {
		if (d->n[i].tag == H_TEXT || w_html_visible(d, i) ||
		    w_html_tab_panel(d, i))
			continue;
		seen++;
		/* a FAQ first: its question buttons are read as text */
		if (faqs && faq_answer(d, i, &q, &f)) {
			d->n[i].flags |= HF_FAQ;
			qs[nq++] = q;
		} else if (tab_closed(d, i, &tb, &f) ||
		    (faqs && disclosed(d, i, &f)))
			d->n[i].flags |= HF_TABSET;
	}
	/* the questions' buttons after the whole run is read: a button
	 * made a span would break the run of the answers after it */
	while (nq > 0) {
		q = qs[--nq];
		for (j = q; j >= 0; j = w_html_next_pre(d, j, q, 0)) {
			if (d->n[j].tag != TidyTag_BUTTON)
				continue;
			if (near_top(d, j, q))
				d->n[j].tag = d->n[j].otag = TidyTag_SPAN;
		}
	}
	free(qs);
	free(f.memo);
	free(tb.id);
}

/*
 * A panel of tabs or an accordion, hidden until chosen: content on
 * every page type (a product's description and specifications, a
 * landing page's features, a FAQ's answers). Scored and kept although
 * hidden: on WCXB dev service F1 0.804 -> 0.814, documentation 0.904
 * -> 0.914, articles unchanged. An accordion's panel is known by its
 * class, by role "region" with aria-labelledby (the ARIA pattern: the
 * toggle button names it), or by a class for a collapsed or toggled
 * block (collapse, collapsible, toggle-content, disclosure,
 * expandable) that does not name a menu or navigation: product F1
 * 0.690 -> 0.695, article +0.001, nothing else moved.
 */
int
w_html_tab_panel(const struct hdoc *d, int i)
{
	static const char *const words[] = {
		"tab-pane", "tabpanel", "tab-panel", "tab-content",
		"tabs-panel", "accordion", NULL
	};
	static const char *const collapsed[] = {
		"collaps", "toggle__content", "toggle-content", "disclosure",
		"expandable", NULL
	};
	static const char *const menus[] = {
		"nav", "menu", NULL
	};
	const char *r, *c;
	int m;

	if (d->n[i].flags & (HF_FAQ | HF_TABSET))
		return 1;
	if ((m = w_html_memo(d, i, HM_TABPANEL)) >= 0)
		return m;
	r = w_html_attr(d, i, "role");
	c = w_html_attr(d, i, "class");
	if (r != NULL && strcmp(r, "tabpanel") == 0)
		return w_html_memo_put(d, i, HM_TABPANEL, 1);
	/* an accordion's panel: a region named by its toggle button */
	if (r != NULL && strcmp(r, "region") == 0 &&
	    w_html_attr(d, i, "aria-labelledby") != NULL)
		return w_html_memo_put(d, i, HM_TABPANEL, 1);
	/* or a collapsed block by its class (not a menu's) */
	return w_html_memo_put(d, i, HM_TABPANEL, w_html_ci_any(d, c, words) ||
	    (w_html_ci_any(d, c, collapsed) && !w_html_ci_any(d, c, menus)));
}

/*
 * Screen-reader-only text: short elements carrying one of the usual
 * visually-hidden utility classes (as a whole class token).  Sighted
 * readers never see it; where it repeats a visible price or title the
 * writer leaves it out (w_html_write).
 */
int
w_html_sr_only(const struct hdoc *d, int i)
{
	static const char *const w[] = {
		"sr-only", "visually-hidden", "visuallyhidden",
		"screen-reader-text", "screen-reader-only", "clipped",
		"a11y-hidden", "u-visually-hidden", "element-invisible",
		"hidden-visually", "sr-text", "show-for-sr", "assistive-text",
		"offscreen", NULL
	};
	const char *c = w_html_attr(d, i, "class"), *t;
	size_t n, k;

	if (c == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL)
		for (k = 0; w[k] != NULL; k++)
			if (strlen(w[k]) == n && strncasecmp(t, w[k], n) == 0)
				return w_html_text_len(d, i) <= 200;
	return 0;
}

/*
 * A segment of a streamed server render (React's Suspense): the server
 * sends the late part of the page as <div hidden id="S:n"> (n in hex) at
 * the end of the body, and a script moves it into place; the parse moves
 * it where its placeholder is (stream_place), and one without a
 * placeholder stays here. It is the page's content.
 */
int
w_html_stream_segment(const struct hdoc *d, int i)
{
	const char *id = w_html_attr(d, i, "id");

	return d->n[i].tag == TidyTag_DIV && w_html_stream_id(id, 'S');
}

/*
 * A style that hides the whole page until its scripts have run (a
 * guard against a flash of unstyled content): the hidden element holds
 * most of the body's text. A reader sees that text once the page is
 * loaded, so it is not hidden content.
 */
int
w_html_page_veil(const struct hdoc *d, int i)
{
	size_t n;

	if (d->body < 0 || i == d->body)
		return 0;
	n = w_html_text_len(d, i);
	return n >= VEIL_MIN && 2 * n >= w_html_text_len(d, d->body);
}

/*
 * Whether aria-hidden element i shows a number an ancestor's aria-label
 * speaks ("4.7 out of 5 stars" under a link labelled "4.7 out of 5
 * stars, 58,483 ratings", LABEL_UP levels up at most): hidden from
 * screen readers only because the label says it, on screen for every
 * reader. On WCXB dev: collection F1 0.748 -> 0.750 (a shop's ratings
 * and counts under a labelled link), nothing else moved by 0.001.
 */
static int
labelled_copy(const struct hdoc *d, int i)
{
	struct w_buf b;
	const char *l[LABEL_UP];
	char *s, *e;
	int a, k, n, hit = 0;

	for (a = d->n[i].parent, k = n = 0; a >= 0 && k < LABEL_UP;
	    a = d->n[a].parent, k++)
		if ((l[n] = w_html_attr(d, a, "aria-label")) != NULL)
			n++;
	if (n == 0 || w_html_text_len(d, i) == 0)
		return 0;
	w_html_buf_init(&b, 1024);
	w_html_text(d, i, &b);
	for (s = b.p; *s == ' ' || *s == '\n' || *s == '\t'; s++)
		;
	for (e = s + strlen(s); e > s && (e[-1] == ' ' || e[-1] == '\n' ||
	    e[-1] == '\t'); e--)
		;
	*e = '\0';
	/* a number (a rating, a count, a price), not an icon's name
	 * ("Facebook" under "Share on Facebook") */
	for (k = 0; k < n && strpbrk(s, "0123456789") != NULL && !hit; k++)
		hit = w_html_ci_contains(l[k], s);
	w_buf_free(&b);
	return hit;
}

/* Readability's _isProbablyVisible, streamed segments and veils visible. */
int
w_html_visible(const struct hdoc *d, int i)
{
	const char *st = w_html_attr(d, i, "style"), *a, *c;
	char buf[256];
	size_t k, n;

	if (st != NULL) {
		for (k = n = 0; st[k] != '\0' && n + 1 < sizeof(buf); k++)
			if (st[k] != ' ' && st[k] != '\t' && st[k] != '\n')
				buf[n++] = (char)(st[k] >= 'A' && st[k] <= 'Z' ?
				    st[k] + 32 : st[k]);
		buf[n] = '\0';
		if ((strstr(buf, "display:none") != NULL ||
		    strstr(buf, "visibility:hidden") != NULL) &&
		    !w_html_page_veil(d, i))
			return 0;
	}
	if (w_html_attr(d, i, "hidden") != NULL && !w_html_stream_segment(d, i))
		return 0;
	a = w_html_attr(d, i, "aria-hidden");
	if (a != NULL && strcmp(a, "true") == 0) {
		c = w_html_attr(d, i, "class");
		if ((c == NULL || strstr(c, "fallback-image") == NULL) &&
		    !labelled_copy(d, i))
			return 0;
	}
	return 1;
}

/* Lowercase ASCII word tokens of s into b, space separated (as JS \W+). */
static void
tokens(const char *s, struct w_buf *b)
{
	const unsigned char *p = (const unsigned char *)s;
	int in = 0;

	for (; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    *p == '_') {
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

/* Whether the n-byte word w is among the space-separated words of s. */
static int
has_word(const char *s, const char *w, size_t n)
{
	const char *e;

	for (; *s != '\0'; s = *e ? e + 1 : e) {
		e = strchr(s, ' ');
		if (e == NULL)
			e = s + strlen(s);
		if ((size_t)(e - s) == n && memcmp(s, w, n) == 0)
			return 1;
	}
	return 0;
}

/* Readability's _textSimilarity: share of b's tokens found in a. */
static double
similarity(const char *a, const char *b)
{
	struct w_buf ta, tb;
	const char *p, *e;
	size_t uniq = 0, n;
	double r;

	w_html_buf_init(&ta, 1 << 20);
	w_html_buf_init(&tb, 1 << 20);
	tokens(a, &ta);
	tokens(b, &tb);
	for (p = tb.p; *p != '\0'; p = *e ? e + 1 : e) {
		e = strchr(p, ' ');
		if (e == NULL)
			e = p + strlen(p);
		n = (size_t)(e - p);
		if (!has_word(ta.p, p, n))
			uniq += n + (uniq > 0);
	}
	r = tb.len == 0 || ta.len == 0 ? 0 :
	    1 - (double)uniq / (double)tb.len;
	w_buf_free(&ta);
	w_buf_free(&tb);
	return r;
}

static int
dup_title(struct hscore *s, int i)
{
	struct w_buf b;
	int r;

	if (s->d->n[i].tag != TidyTag_H1 && s->d->n[i].tag != TidyTag_H2)
		return 0;
	if (s->title == NULL || *s->title == '\0')
		return 0;
	w_html_buf_init(&b, 1 << 16);
	w_html_text(s->d, i, &b);
	r = similarity(s->title, b.p) > 0.75;
	w_buf_free(&b);
	return r;
}

/*
 * A reply's subject line in a thread: a heading (h2-h6) of at most
 * SUBJECT_MAX characters that reads "Re:" and the page's title (over
 * three quarters of its words are the title's), each post's copy of the
 * topic's name, never its text. A subject with more beside it (a poster
 * and a date: "Re: ... by name: 9:43pm") stays.
 */
#define SUBJECT_MAX	300
static int
reply_subject(struct hscore *s, int i)
{
	struct w_buf b;
	const char *p;
	int t = s->d->n[i].tag, r = 0;

	if (t < TidyTag_H2 || t > TidyTag_H6 ||
	    s->title == NULL || *s->title == '\0' ||
	    w_html_text_len(s->d, i) > SUBJECT_MAX)
		return 0;
	w_html_buf_init(&b, 2 * SUBJECT_MAX);
	w_html_text(s->d, i, &b);
	for (p = b.p != NULL ? b.p : ""; *p == ' ' || *p == '\n' ||
	    *p == '\t'; p++)
		;
	if (strncasecmp(p, "re:", 3) == 0 && p[3] != '\0')
		r = similarity(s->title, p + 3) > 0.75;
	w_buf_free(&b);
	return r;
}

/* Whether i's attributes name a byline (rel, itemprop, class, id). */
static int
byline_named(const struct hdoc *d, int i)
{
	static const char *const words[] = {
		"byline", "author", "dateline", "writtenby", "p-author", NULL
	};
	const char *rel, *ip, *c, *id;
	int m;

	if ((m = w_html_memo(d, i, HM_BYLINE)) >= 0)
		return m;
	rel = w_html_attr(d, i, "rel");
	ip = w_html_attr(d, i, "itemprop");
	c = w_html_attr(d, i, "class");
	id = w_html_attr(d, i, "id");
	return w_html_memo_put(d, i, HM_BYLINE,
	    (rel != NULL && strcmp(rel, "author") == 0) ||
	    (ip != NULL && strstr(ip, "author") != NULL) ||
	    w_html_ci_any(d, c, words) || w_html_ci_any(d, id, words));
}

static int
is_byline(struct hscore *s, int i)
{
	size_t n;

	if (s->byline_done || s->d->meta_byline)
		return 0;
	if (!byline_named(s->d, i))
		return 0;
	n = w_html_text_len(s->d, i);
	if (n > 0 && n < 100) {
		s->byline_done = 1;
		return 1;
	}
	return 0;
}

/* Whether i's class or id names a part that is unlikely content (in
 * threads: comments aside) and no likely one. */
static int
unlikely_named(const struct hdoc *d, int i, int thread)
{
	const char *c, *id;
	const char *const *un = thread ? unlikely_thread : unlikely;
	unsigned key = thread ? HM_UNLIKELY_T : HM_UNLIKELY;
	int m;

	if ((m = w_html_memo(d, i, key)) >= 0)
		return m;
	c = w_html_attr(d, i, "class");
	id = w_html_attr(d, i, "id");
	return w_html_memo_put(d, i, key,
	    (any_of(d, c, un) || any_of(d, id, un)) &&
	    !any_of(d, c, maybe) && !any_of(d, id, maybe));
}

/*
 * Navigation by its ARIA role (navigation, menu, menubar): removed
 * on every attempt, also the ones that keep the unlikely class names
 * (a retry keeps a "comments" wrapper, never a site menu). On WCXB
 * dev: listing F1 +0.001, documentation +0.001, nothing else moved.
 */
static int
nav_role(const struct hdoc *d, int i)
{
	const char *role = w_html_attr(d, i, "role");

	return role != NULL && (strcmp(role, "menu") == 0 ||
	    strcmp(role, "menubar") == 0 || strcmp(role, "navigation") == 0);
}

/*
 * A post's date box in a thread: a box named "header" (or another
 * unlikely word) of at most POST_HEADER characters whose text is a
 * <time> element's and at most POST_HEADER_REST characters more (a
 * post number: "message-header" over "<time>Oct 8, 2024</time> #3"),
 * repeated: POST_HEADERS boxes or more of the page share its tag and
 * class and are alike (one box is the topic's header, not a post's);
 * not in an <aside> (dropped later whole; its poster's name is rescued
 * before that). On WCXB dev (vs main 533c507): forum +0.0001 (fold A
 * +0.0003, B +0.0000), one page up (+0.015), none down. Boxes with the
 * poster's name beside the date as well were measured: truths keep
 * them on some sites and drop them on others (forum -0.0001, 2 pages
 * down, 1 up).
 */
#define POST_HEADER	200
#define POST_HEADERS	3
#define POST_SCANS	1024
#define POST_HEADER_REST 4
static int
timed(const struct hdoc *d, int i)
{
	size_t len = w_html_text_len(d, i), tl = 0;
	int j;

	if (len > POST_HEADER)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_TIME)
			tl += w_html_text_len(d, j);
	return tl > 0 && len <= tl + POST_HEADER_REST;
}

static int
post_header(struct hscore *s, int i)
{
	const struct hdoc *d = s->d;
	const char *c, *o;
	int k, n = 0;

	if (!(s->prof & HP_THREAD) || (c = w_html_attr(d, i, "class")) ==
	    NULL || *c == '\0' || !timed(d, i) ||
	    d->n[i].tag == TidyTag_ASIDE ||
	    w_html_has_ancestor(d, i, TidyTag_ASIDE, 0))
		return 0;
	/* each look reads the page: POST_SCANS of them bound a hostile
	 * page of many dated boxes, each named differently */
	if (s->post_scans++ >= POST_SCANS)
		return 0;
	for (k = 0; (size_t)k < d->nn && n < POST_HEADERS; k++)
		if (d->n[k].tag == d->n[i].tag &&
		    (o = w_html_attr(d, k, "class")) != NULL &&
		    strcmp(o, c) == 0 && timed(d, k))
			n++;
	return n >= POST_HEADERS;
}

/*
 * A heading (h1-h6) is a header whatever else it is: "header" in its
 * class ("code-header", "section-header") does not make it page
 * chrome; the other unlikely words still do ("comment-title"). Not
 * on shop profiles, where a buy page's accordion headers ("rc-
 * accordion-header") then outscored its products. On WCXB dev:
 * 0.8978 -> 0.8981, documentation +0.0007, article +0.0003, service
 * +0.0003, 27 pages up, 7 down; readability 0.983 -> 0.982.
 */
static int
heading_unlikely(const struct hdoc *d, int i, int thread)
{
	/* the lists without their first word, "header" */
	const char *const *l = thread ? unlikely_thread + 1 : unlikely + 1;

	return any_of(d, w_html_attr(d, i, "class"), l) ||
	    any_of(d, w_html_attr(d, i, "id"), l);
}

/*
 * A component's header: every class token naming "header" is another
 * class token of the element's parent or grandparent followed by
 * "-header", "__header" or "_header" ("card-header" in a "card",
 * "plan__header" in a "plan"), and no other unlikely word names the
 * element, which is no <header> (HP_CHROME reads those). It heads its
 * box (a pricing card's plan name, a panel's title), not the page; the
 * page's header is named after no box. Service pages only: on threads
 * a post's "message-header" is its author pane, and on WCXB dev every
 * other profile lost (forum -0.0012, listing -0.0009). Service +0.0007
 * (fold A +0.0000, B +0.0013), 1 page up, none down.
 */
#define PART_UP		2	/* levels up to the box a header names */

static int
box_token(const struct hdoc *d, int i, const char *t, size_t n)
{
	const char *c, *w;
	size_t k;
	int up;

	for (up = 0, i = d->n[i].parent; i >= 0 && up < PART_UP;
	    i = d->n[i].parent, up++) {
		if ((c = w_html_attr(d, i, "class")) == NULL)
			continue;
		while ((w = w_html_class_next(&c, &k)) != NULL)
			if (k == n && strncasecmp(w, t, n) == 0)
				return 1;
	}
	return 0;
}

/* The service profile: climbing, no threads, tabs or lists. */
static int
svc(const struct hscore *s)
{
	return (s->prof & HP_EXPAND) &&
	    !(s->prof & (HP_THREAD | HP_TABS | HP_LISTS));
}

static int
part_header(const struct hdoc *d, int i)
{
	static const char *const sep[] = { "__header", "-header", "_header",
	    NULL };
	const char *c = w_html_attr(d, i, "class"), *w;
	size_t n, k, l;
	int parts = 0;

	if (c == NULL || d->n[i].tag == TidyTag_HEADER ||
	    heading_unlikely(d, i, 0) ||
	    any_of(d, w_html_attr(d, i, "id"), unlikely))
		return 0;
	while ((w = w_html_class_next(&c, &n)) != NULL) {
		for (k = 0; k + 6 <= n && strncasecmp(w + k, "header", 6); k++)
			;
		if (k + 6 > n)
			continue;
		for (k = 0; sep[k] != NULL; k++) {
			l = strlen(sep[k]);
			if (n > l && strncasecmp(w + n - l, sep[k], l) == 0)
				break;
		}
		if (sep[k] == NULL || !box_token(d, i, w, n - l))
			return 0;
		parts++;
	}
	return parts > 0;
}

/*
 * A section anchored by its heading: i's id is its first heading's
 * text made a fragment ("Link Headers" under id "link-headers", as
 * documentation generators write them), so the id names the topic,
 * not a part of the page: an unlikely word in it ("headers",
 * "replies", "comments") is the subject's. Looked for among i's first
 * ANCHOR_LOOK nodes; two words or more ("Comments" under id
 * "comments" is a thread). Only when no class names chrome. On WCXB
 * dev: documentation +0.0009 (B +0.0014), 2 pages up, none down.
 */
#define ANCHOR_LOOK	8
static int
heading_anchor(const struct hdoc *d, int i, const char *id)
{
	struct w_buf b, slug;
	const char *p;
	size_t n = 0;
	int j, r, dash = 0;

	for (j = d->n[i].first; j >= 0 && n < ANCHOR_LOOK;
	    j = w_html_next_pre(d, j, i, 0), n++)
		if (d->n[j].tag >= TidyTag_H1 && d->n[j].tag <= TidyTag_H6)
			break;
	if (j < 0 || n >= ANCHOR_LOOK)
		return 0;
	w_html_buf_init(&b, 1024);
	w_html_buf_init(&slug, 1024);
	w_html_text(d, j, &b);
	for (p = b.p; p < b.p + b.len; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9'))) {
			dash = slug.len > 0;
			continue;
		}
		if (dash)
			w_buf_add(&slug, "-", 1);
		dash = 0;
		w_buf_add(&slug, p, 1);
	}
	w_buf_add(&slug, "", 1);
	r = strchr(slug.p, '-') != NULL && strcasecmp(slug.p, id) == 0;
	w_buf_free(&b);
	w_buf_free(&slug);
	return r;
}

/* i is unlikely by its id alone, and the id is its heading's anchor */
static int
id_anchor(struct hscore *s, int i)
{
	const struct hdoc *d = s->d;
	const char *const *un = (s->prof & HP_THREAD) ? unlikely_thread :
	    unlikely;
	const char *id = w_html_attr(d, i, "id");

	return id != NULL && *id != '\0' &&
	    !any_of(d, w_html_attr(d, i, "class"), un) &&
	    heading_anchor(d, i, id);
}

static int
unlikely_node(struct hscore *s, int i)
{
	const struct hdoc *d = s->d;
	const char *role;
	int tag = d->n[i].tag;

	if (tag == TidyTag_BODY || tag == TidyTag_HTML || tag == TidyTag_A)
		return 0;
	if (unlikely_named(d, i, s->prof & HP_THREAD) &&
	    (tag < TidyTag_H1 || tag > TidyTag_H6 ||
	    (s->prof & (HP_LISTS | HP_TABS)) ||
	    heading_unlikely(d, i, s->prof & HP_THREAD)) &&
	    !id_anchor(s, i) && !(svc(s) && part_header(d, i)) &&
	    !w_html_tile_name(d, i, w_html_text_len(d, i)) &&
	    !post_header(s, i) &&
	    !w_html_has_ancestor(d, i, TidyTag_TABLE, 3) &&
	    !w_html_has_ancestor(d, i, TidyTag_CODE, 3))
		return 1;
	role = w_html_attr(d, i, "role");
	if (role != NULL && (strcmp(role, "menu") == 0 ||
	    strcmp(role, "menubar") == 0 ||
	    strcmp(role, "complementary") == 0 ||
	    strcmp(role, "navigation") == 0 || strcmp(role, "alert") == 0 ||
	    strcmp(role, "alertdialog") == 0 || strcmp(role, "dialog") == 0))
		return 1;
	return 0;
}

/* Words of a cookie banner's text beside "cookie": it asks. */
static const char *const cookie_asks[] = {
	"accept", "agree", "consent", "privacy", "akzept", "zustimm",
	"einverstanden", "datenschutz", "einwillig", "accepter",
	"confidentialit", "aceptar", "privacidad", "use cookies",
	"uses cookies", "von cookies", "verwendet cookies",
	"verwenden cookies", "nutzt cookies", "nutzen cookies",
	"setzt cookies", "setzen cookies", "des cookies", "usa cookies",
	"utiliza cookies", "usamos cookies", NULL
};
#define COOKIE_MAX	1200	/* characters of a cookie banner */

/*
 * A cookie banner named however ("cookie-hinweis", "cookiebox"): a
 * class or id naming cookies on a box of at most COOKIE_MAX characters
 * whose text speaks of cookies and asks (cookie_asks[]), so that a
 * recipe's box of cookies stays.
 */
static int
cookie_box(const struct hdoc *d, int i, const char *c, const char *id)
{
	static const char *const cookie[] = { "cookie", NULL };
	struct w_buf b;
	size_t len;
	int yes;

	if (!w_html_ci_any(d, c, cookie) && !w_html_ci_any(d, id, cookie))
		return 0;
	if ((len = w_html_text_len(d, i)) == 0 || len > COOKIE_MAX)
		return 0;
	w_html_buf_init(&b, COOKIE_MAX * 4 + 1);
	w_html_text(d, i, &b);
	yes = w_html_ci_contains(b.p, "cookie") &&
	    w_html_ci_any(NULL, b.p, cookie_asks);
	w_buf_free(&b);
	return yes;
}

/*
 * Removed whatever the flags: cookie and consent banners. The root
 * elements never are: their classes say the page's state
 * (<html class="cookie-banner-visible">), not what they hold.
 */
static int
boilerplate(struct hscore *s, int i)
{
	const char *c, *id;
	int m;

	if (s->d->n[i].tag == TidyTag_HTML || s->d->n[i].tag == TidyTag_BODY)
		return 0;
	if ((m = w_html_memo(s->d, i, HM_BANNER)) >= 0)
		return m;
	c = w_html_attr(s->d, i, "class");
	id = w_html_attr(s->d, i, "id");
	return w_html_memo_put(s->d, i, HM_BANNER, any_of(s->d, c, banners) ||
	    any_of(s->d, id, banners) || cookie_box(s->d, i, c, id));
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
				w_html_append(d, p, c);
			else if (!is_ws_node(d, c)) {
				p = w_html_new(d, TidyTag_P);
				w_html_insert_before(d, c, p);
				w_html_append(d, p, c);
			}
		} else if (p >= 0) {
			while (d->n[p].last >= 0 &&
			    is_ws_node(d, d->n[p].last))
				w_html_unlink(d, d->n[p].last);
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
prune(struct hscore *s)
{
	struct hdoc *d = s->d;
	int i, tag, p;

	s->nv = 0;
	for (i = d->html >= 0 ? d->html : d->body; i >= 0; ) {
		tag = d->n[i].tag;
		if (!w_html_visible(d, i) && !w_html_tab_panel(d, i)) {
			i = remove_next(d, i);
			continue;
		}
		if (w_html_never_content(d, i, s->prof)) {
			i = drop_next(s, i);
			continue;
		}
		if (is_byline(s, i)) {
			i = remove_next(d, i);
			continue;
		}
		if (reply_subject(s, i)) {
			i = remove_next(d, i);
			continue;
		}
		if (!s->title_removed && dup_title(s, i)) {
			s->title_removed = 1;
			i = remove_next(d, i);
			continue;
		}
		if (((s->flags & HS_STRIP) && unlikely_node(s, i)) ||
		    nav_role(d, i) ||
		    boilerplate(s, i)) {
			i = drop_next(s, i);
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
			w_html_push(&s->v, &s->nv, &s->vcap, i);
		if (tag == TidyTag_DIV) {
			wrap_phrasing(d, i);
			if ((p = single_p(d, i)) >= 0 &&
			    w_html_link_density(d, i) < 0.25) {
				/* the p stands for the div: its buy-box
				 * and review-summary flags */
				d->n[p].flags |= d->n[i].flags &
				    (HF_BUY | HF_REVIEW);
				w_html_insert_before(d, i, p);
				w_html_unlink(d, i);
				i = p;
				w_html_push(&s->v, &s->nv, &s->vcap, i);
			} else if (!has_child_block(d, i)) {
				d->n[i].tag = TidyTag_P;
				w_html_push(&s->v, &s->nv, &s->vcap, i);
			}
		}
		i = next_elem(d, i, 0);
	}
}

static void
init_node(struct hscore *s, int i)
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
	x->score += w_html_class_weight(s, i);
}

static int
is_doc_level(const struct hdoc *d, int i)
{
	return d->n[i].parent < 0 || d->n[i].parent == d->root;
}

/* Score paragraphs into ancestors; returns the top candidates. */
static int
score_all(struct hscore *s, int *top)
{
	struct hdoc *d = s->d;
	size_t k, len;
	double cs, div;
	int i, a, lvl, ntop = 0, t;

	s->nc = 0;
	if (s->nmass < d->nn) {
		s->nmass = d->nn + d->nn / 4;
		s->mass = w_realloc(s->mass, s->nmass * sizeof(*s->mass));
	}
	memset(s->mass, 0, s->nmass * sizeof(*s->mass));
	for (k = 0; k < s->nv; k++) {
		i = s->v[k];
		if (d->n[i].parent < 0)
			continue;
		len = w_html_text_len(d, i);
		if (len < 25)
			continue;
		if (!w_html_has_ancestor(d, i, TidyTag_P, 0)) {
			cs = (double)len * (1 - w_html_link_density(d, i));
			for (a = i; a >= 0; a = d->n[a].parent)
				s->mass[a] += cs;
		}
		cs = 1 + (double)(w_html_commas(d, i, 1) + 1) +
		    (double)(len / 100 > 3 ? 3 : len / 100);
		for (a = d->n[i].parent, lvl = 0; a >= 0 && lvl < 5;
		    a = d->n[a].parent, lvl++) {
			if (a == d->root || is_doc_level(d, a))
				break;
			if (!(d->n[a].flags & HF_SCORED)) {
				init_node(s, a);
				w_html_push(&s->cand, &s->nc, &s->ccap, a);
			}
			div = lvl == 0 ? 1 : lvl == 1 ? 2 : lvl * 3;
			d->n[a].score += cs / div;
		}
	}
	for (k = 0; k < s->nc; k++) {
		i = s->cand[k];
		d->n[i].score *= 1 - w_html_link_density(d, i);
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

static int
holds_price(const struct hdoc *d, int i)
{
	int j;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag != H_TEXT && w_html_priceish(d, j))
			return 1;
	return 0;
}

/*
 * On a product page the pick is often one tab panel: climb out of the
 * tabs, then (a few levels at most) to the box that holds the price,
 * which holds the name, the availability and the other panels too.
 */
static int
product_box(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	int p, k, orig = tc;

	for (k = 0; k < 6 && !holds_price(d, tc); k++) {
		p = d->n[tc].parent;
		if (p < 0 || p == d->body || is_doc_level(d, p) ||
		    w_html_link_density(d, p) > 0.5)
			break;
		tc = p;
	}
	return holds_price(d, tc) ? tc : orig;
}

/* Whether element j is part of a poster's line: a time element, a
 * datetime attribute, an element named for an author
 * (w_html_authorish). */
static int
poster_mark(const struct hdoc *d, int j)
{
	return d->n[j].tag != H_TEXT && (d->n[j].tag == TidyTag_TIME ||
	    w_html_attr(d, j, "datetime") != NULL || w_html_authorish(d, j));
}

/* How many poster_mark elements i holds, counting stops at max. */
static int
poster_marks(const struct hdoc *d, int i, int max)
{
	int j, n = 0;

	for (j = i; j >= 0 && n < max; j = w_html_next_pre(d, j, i, 0))
		n += poster_mark(d, j);
	return n;
}

/*
 * Whether element j and the pick tc are built of the same parts: a
 * microdata property (itemprop "text", "dateCreated", "upvoteCount")
 * or the class of a box that holds half of j's text or more (the
 * post's body, "post-wrap", "js-post-body") found under both; a post
 * and its replies share them. OPEN_PARTS parts of j at most are looked
 * for.
 */
#define OPEN_PARTS	16
static int
shared_part(const struct hdoc *d, int j, int tc)
{
	const char *pr[OPEN_PARTS], *v;
	char kind[OPEN_PARTS];
	size_t half = w_html_text_len(d, j) / 2;
	int q, n = 0, k, c;

	for (q = d->n[j].first; q >= 0 && n < OPEN_PARTS;
	    q = w_html_next_pre(d, q, j, 0)) {
		if (d->n[q].tag == H_TEXT)
			continue;
		for (c = 0; c < 2 && n < OPEN_PARTS; c++) {
			v = w_html_attr(d, q, c ? "class" : "itemprop");
			if (v == NULL || *v == '\0' ||
			    (c && w_html_text_len(d, q) < half))
				continue;
			for (k = 0; k < n && (kind[k] != c ||
			    strcmp(pr[k], v) != 0); k++)
				;
			if (k == n) {
				kind[n] = (char)c;
				pr[n++] = v;
			}
		}
	}
	if (n == 0)
		return 0;
	for (q = tc; q >= 0; q = w_html_next_pre(d, q, tc, 0)) {
		if (d->n[q].tag == H_TEXT)
			continue;
		for (k = 0; k < n; k++)
			if ((v = w_html_attr(d, q, kind[k] ? "class" :
			    "itemprop")) != NULL && strcmp(pr[k], v) == 0)
				return 1;
	}
	return 0;
}

/*
 * Whether element j, beside the pick tc, is a thread's opening post:
 * OPEN_TEXT characters or more outside links, links under OPEN_LINKS
 * of its text (a side column of profiles or of related threads is
 * mostly links), and a poster's line (poster_mark) or a microdata
 * property the pick's posts have too (shared_part; the poster's box
 * may be gone as a signature pane).
 */
#define OPEN_TEXT	80
#define OPEN_LINKS	0.3
static int
open_post(const struct hdoc *d, int j, int tc)
{
	size_t len, ll;

	if (d->n[j].tag == H_TEXT || (len = w_html_text_len(d, j)) == 0)
		return 0;
	ll = w_html_link_len(d, j);
	return len - ll >= OPEN_TEXT && (double)ll < OPEN_LINKS * len &&
	    (poster_marks(d, j, 1) > 0 || shared_part(d, j, tc));
}

/*
 * A pick holding the replies (several posts) may leave out the post
 * they answer: a question above its answers, a topic's first post
 * above its comment section, siblings under one parent. Climbing
 * OPEN_UP levels at most from tc, the first ancestor whose element
 * child before the climb's path (OPEN_SIBS at most, nearest first) is
 * an opening post (open_post) takes the pick, unless it is the body, a
 * document-level element or mostly links.
 */
#define OPEN_UP		3
#define OPEN_SIBS	3
static int
opening_post(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	int a, p, j, k, m;

	for (a = tc, k = 0; k < OPEN_UP; k++, a = p) {
		p = d->n[a].parent;
		if (p < 0 || p == d->body || is_doc_level(d, p))
			break;
		for (j = d->n[a].prev, m = 0; j >= 0 && m < OPEN_SIBS;
		    j = d->n[j].prev) {
			if (d->n[j].tag == H_TEXT)
				continue;
			m++;
			if (open_post(d, j, tc))
				return w_html_link_density(d, p) > 0.5 ? tc : p;
		}
	}
	return tc;
}

/*
 * In a thread, a pick inside one post (a long first post over short
 * replies holds most of the text alone) climbs to the posts' parent:
 * the nearest ancestor of tc (THREAD_UP levels at most, tc itself
 * first) that is one of THREAD_POSTS or more element siblings of its
 * shape (w_html_shape) holding text and a poster's line (poster_mark)
 * gives way to its parent, unless that parent is the body, a
 * document-level element or mostly links. A pick holding twice
 * THREAD_POSTS poster's lines holds several posts already and stays,
 * unless it is one of THREAD_POSTS or more like reply trees (a nested
 * thread's first comment with its answers, beside the other comments):
 * then their parent takes it. On WCXB dev: lobste.rs +0.075, no other
 * page changed (forum fold A +0.0013).
 */
/* Element children of p shaped like a (w_html_shape) that hold text
 * and a poster's line, THREAD_POSTS at most. */
static int
like_posts(const struct hdoc *d, int p, int a)
{
	unsigned shape = w_html_shape(d, a);
	int j, n = 0;

	for (j = d->n[p].first; j >= 0 && n < THREAD_POSTS; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT && w_html_shape(d, j) == shape &&
		    w_html_text_len(d, j) > 0 && poster_marks(d, j, 1) > 0)
			n++;
	return n;
}

static int
thread_climb(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	int a, p, k;

	if (poster_marks(d, tc, 2 * THREAD_POSTS) >= 2 * THREAD_POSTS) {
		/* several posts already; but one reply tree of a nested
		 * thread (a comment with its answers) among like trees
		 * gives way to their parent */
		tc = opening_post(s, tc);
		p = d->n[tc].parent;
		if (p >= 0 && p != d->body && !is_doc_level(d, p) &&
		    like_posts(d, p, tc) >= THREAD_POSTS &&
		    w_html_link_density(d, p) <= 0.5)
			return opening_post(s, p);
		return tc;
	}
	for (a = tc, k = 0; k < THREAD_UP; k++, a = p) {
		p = d->n[a].parent;
		if (p < 0 || p == d->body || is_doc_level(d, p))
			break;
		if (like_posts(d, p, a) >= THREAD_POSTS)
			return opening_post(s,
			    w_html_link_density(d, p) > 0.5 ? tc : p);
	}
	return opening_post(s, tc);
}

/*
 * Climb from tc until the pick holds most of the page's paragraph
 * text: the posts of a thread, the sections of a landing page, the
 * items of a list are siblings that one best node misses (on product
 * pages 90% of it: the description, the features and the
 * specifications sit in sibling blocks). The climb stops below the
 * body and before a link-heavy ancestor.
 */
static int
expand(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	double total = s->mass[d->body], share;
	int p;

	if (total <= 0)
		return tc;
	if (s->prof & HP_TABS)
		tc = product_box(s, tc);
	share = (s->prof & HP_TABS) ? EXPAND_SHARE_TABS : EXPAND_SHARE;
	while (s->mass[tc] < share * total) {
		p = d->n[tc].parent;
		if (p < 0 || p == d->body || is_doc_level(d, p) ||
		    w_html_link_density(d, p) > 0.5) {
			break;
		}
		tc = p;
	}
	if (s->prof & HP_THREAD)
		tc = thread_climb(s, tc);
	return tc;
}

/* Pick the top candidate and climb per Readability; -1: use body. */
static int
choose(struct hscore *s, int *top, int ntop)
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
	    !is_doc_level(d, p) && w_html_nelem_kids(d, p) == 1;
	    p = d->n[p].parent)
		tc = p;
	if (s->prof & HP_EXPAND)
		tc = expand(s, tc);
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

	w_html_buf_init(&b, 1 << 20);
	w_html_text(d, i, &b);
	for (p = b.p; b.len > 0 && (p = strchr(p, '.')) != NULL; p++)
		if (p[1] == ' ' || p[1] == '\0') {
			r = 1;
			break;
		}
	w_buf_free(&b);
	return r;
}

/*
 * The lead of an article whose title block precedes its text: j, a
 * sibling before the top candidate, a header or holding the page's h1
 * (the title the scorer dropped as the page's own leaves its header),
 * gives art
 * its paragraphs of more than LEAD_MIN characters with few links
 * (LEAD_LINKS) that end a sentence, the standfirst under the title.
 */
#define LEAD_MIN	80
#define LEAD_LINKS	0.25

static void
gather_lead(struct hscore *s, int j, int art)
{
	struct hdoc *d = s->d;
	size_t k, n0 = s->nv;
	int i, h1 = d->n[j].tag == TidyTag_HEADER;

	for (i = d->n[j].first; i >= 0; i = w_html_next_pre(d, i, j, 0))
		if (d->n[i].tag == TidyTag_H1)
			h1 = 1;
	if (!h1)
		return;
	for (i = d->n[j].first; i >= 0; i = w_html_next_pre(d, i, j, 0))
		if (d->n[i].tag == TidyTag_P &&
		    w_html_text_len(d, i) > LEAD_MIN &&
		    w_html_link_density(d, i) < LEAD_LINKS &&
		    sentence_end(d, i))
			w_html_push(&s->v, &s->nv, &s->vcap, i);
	for (k = n0; k < s->nv; k++)
		w_html_append(d, art, s->v[k]);
	s->nv = n0;
}

/*
 * A list of related-post cards, j, a sibling after the top candidate
 * on an article or a product page (related products): CARDS_MIN or
 * more headings whose text is a link (a card's title), twice as many
 * as the other headings longer than a label (a card's category,
 * CARD_LABEL characters), no h1, and little text per card (a short
 * teaser, CARD_TEXT characters on average). The article ended before
 * it; its score came from the teasers.
 */
#define CARDS_MIN	3
#define CARD_TEXT	400
#define CARD_TITLE	0.8	/* link share of a card title's text */
#define CARD_LABEL	30	/* characters: a shorter heading is a label */

static int
card_list(const struct hdoc *d, int j)
{
	int i, t, n = 0, other = 0;

	for (i = d->n[j].first; i >= 0; i = w_html_next_pre(d, i, j, 0)) {
		t = d->n[i].tag;
		if (t == TidyTag_H1)
			return 0;
		if (t != TidyTag_H2 && t != TidyTag_H3 && t != TidyTag_H4 &&
		    t != TidyTag_H5 && t != TidyTag_H6)
			continue;
		if (w_html_text_len(d, i) == 0)
			continue;
		if (w_html_link_density(d, i) >= CARD_TITLE)
			n++;
		else if (w_html_text_len(d, i) > CARD_LABEL)
			other++;
	}
	return n >= CARDS_MIN && n >= 2 * other &&
	    w_html_text_len(d, j) <= (size_t)n * CARD_TEXT;
}

/*
 * The same list inside the top candidate tc: a card list after a
 * sibling holding most of tc's paragraph text (the body) goes.
 */
static void
drop_cards(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	size_t k, n0 = s->nv;
	int i, b, body = 0;

	if ((size_t)tc >= s->nmass || s->mass[tc] <= 0)
		return;
	/* tc's children are walked in order (b, the walk's skip flag, is
	 * set: their subtrees are not entered, but a card list's that stays
	 * is); body says whether one of them before i held the body, so
	 * the back-scan runs only inside such a list */
	for (i = d->n[tc].first; i >= 0; i = w_html_next_pre(d, i, tc, b)) {
		b = -1;
		if (d->n[i].tag == H_TEXT || !card_list(d, i)) {
			if (d->n[i].parent == tc && (size_t)i < s->nmass &&
			    s->mass[i] >= 0.5 * s->mass[tc])
				body = 1;
			continue;
		}
		if (d->n[i].parent == tc)
			b = body ? 0 : -1;
		else
			for (b = d->n[i].prev; b >= 0; b = d->n[b].prev)
				if ((size_t)b < s->nmass &&
				    s->mass[b] >= 0.5 * s->mass[tc])
					break;
		if (d->n[i].parent == tc && (size_t)i < s->nmass &&
		    s->mass[i] >= 0.5 * s->mass[tc])
			body = 1;
		if (b >= 0)
			w_html_push(&s->v, &s->nv, &s->vcap, i);
		b = b >= 0;
	}
	for (k = n0; k < s->nv; k++)
		w_html_unlink(d, s->v[k]);
	s->nv = n0;
}

/*
 * A feed of articles: the top candidate holds FEED_MIN article
 * elements or more (a section front's stories); a box before it
 * holding FEED_PART of them or more (the featured stories above the
 * feed), beside it or beside one of its parents (see feed_above), is
 * the same listing. On WCXB dev: 1 page up (listing +0.0012, fold A
 * +0.0026), nothing else moved; with one article in the box, the same.
 */
#define FEED_MIN	3
#define FEED_PART	2

/* The article elements under root, counted up to cap. */
static int
articles(const struct hdoc *d, int root, int cap)
{
	int i, n = 0;

	for (i = d->n[root].first; i >= 0 && n < cap;
	    i = w_html_next_pre(d, i, root, d->n[i].tag == TidyTag_ARTICLE))
		if (d->n[i].tag == TidyTag_ARTICLE)
			n++;
	return n;
}

static int
feed_part(const struct hdoc *d, int j)
{
	int t = d->n[j].tag;

	if (t == TidyTag_NAV || t == TidyTag_ASIDE || t == TidyTag_HEADER ||
	    t == TidyTag_FOOTER || t == TidyTag_FORM ||
	    w_html_text_len(d, j) == 0)
		return 0;
	return articles(d, j, FEED_PART) >= FEED_PART;
}

/*
 * The featured part of a feed above the top candidate's parent, par:
 * at each level up to FEED_UP levels (not past the body or a main
 * element), the siblings before it holding FEED_PART articles or more
 * go to art, in node order: the page's order for nodes as parsed (a
 * node an earlier stage made anew sorts after them all).
 */
#define FEED_UP		4

static int
int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

static void
feed_above(struct hscore *s, int par, int art)
{
	struct hdoc *d = s->d;
	size_t k, n0 = s->nv;
	int a, b, up;

	for (a = par, up = 0; a >= 0 && a != d->body && up < FEED_UP;
	    a = d->n[a].parent, up++) {
		for (b = d->n[a].prev; b >= 0; b = d->n[b].prev)
			if (d->n[b].tag != H_TEXT && feed_part(d, b))
				w_html_push(&s->v, &s->nv, &s->vcap, b);
		if (d->n[a].tag == TidyTag_MAIN)
			break;
	}
	if (s->nv > n0)
		qsort(s->v + n0, s->nv - n0, sizeof(*s->v), int_cmp);
	for (k = n0; k < s->nv; k++)
		w_html_append(d, art, s->v[k]);
	s->nv = n0;
}

/* Gather the top candidate and its related siblings into a new div. */
static int
gather(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	const char *tcl, *cl;
	double thr, bonus, ld;
	size_t k, len;
	int art, par, j, app, before, feed, after_skip = 0;

	art = w_html_new(d, TidyTag_DIV);
	s->share = 0;
	if (tc < 0) {
		tc = w_html_new(d, TidyTag_DIV);
		while (d->n[d->body].first >= 0)
			w_html_append(d, tc, d->n[d->body].first);
		w_html_append(d, d->body, tc);
		init_node(s, tc);
	}
	thr = d->n[tc].score * 0.2;
	if (thr < 10)
		thr = 10;
	par = d->n[tc].parent;
	s->nv = 0;
	if (s->prof & (HP_PROSE | HP_TABS))
		drop_cards(s, tc);
	for (j = d->n[par].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT)
			w_html_push(&s->v, &s->nv, &s->vcap, j);
	tcl = w_html_attr(d, tc, "class");
	feed = articles(d, tc, FEED_MIN) >= FEED_MIN;
	if (feed)
		feed_above(s, par, art);
	for (k = 0, before = 1; k < s->nv; k++) {
		j = s->v[k];
		app = j == tc;
		before = before && !app;
		if (!app) {
			bonus = 0;
			cl = w_html_attr(d, j, "class");
			if (tcl != NULL && *tcl != '\0' && cl != NULL &&
			    strcmp(cl, tcl) == 0)
				bonus = d->n[tc].score * 0.2;
			if ((d->n[j].flags & HF_SCORED) &&
			    d->n[j].score + bonus >= thr)
				app = !(s->prof & (HP_PROSE | HP_TABS)) || before ||
				    !card_list(d, j);
			else if (d->n[j].tag == TidyTag_P) {
				ld = w_html_link_density(d, j);
				len = w_html_text_len(d, j);
				if (len > 80 && ld < 0.25)
					app = 1;
				else if (len < 80 && len > 0 && ld == 0 &&
				    sentence_end(d, j))
					app = 1;
			} else if (before && feed && feed_part(d, j))
				app = 1;
			else if (before && d->n[j].tag != TidyTag_NAV &&
			    d->n[j].tag != TidyTag_ASIDE)
				gather_lead(s, j, art);
		}
		if (j == s->skip)
			app = 0;
		else if (s->skip >= 0 && !before && !app && !after_skip &&
		    w_html_text_len(d, j) > 0 &&
		    w_html_link_density(d, j) <= 0.5)
			app = 1;	/* the post between tc and the box */
		after_skip = after_skip || j == s->skip;
		if (app) {
			int t = d->n[j].tag;

			if ((size_t)j < s->nmass)
				s->share += s->mass[j];
			if (t != TidyTag_DIV && t != TidyTag_ARTICLE &&
			    t != TidyTag_SECTION && t != TidyTag_P &&
			    t != TidyTag_OL && t != TidyTag_UL)
				d->n[j].tag = TidyTag_DIV;
			w_html_append(d, art, j);
		}
	}
	return art;
}

/*
 * A post's author line in threads: the poster's name sits in a user
 * pane or a post header that the cleaning drops whole with the
 * poster's statistics, badges and buttons. When such a box goes, its
 * name (name_el) stays, on a line of its own where the box was.
 */
#define NAME_MAX	40
#define NAME_WORDS	4
#define NAME_BOX	300	/* characters in a box that gives its name */

/* An innermost author-named element (w_html_authorish) of a few words,
 * no date or time. */
static int
name_el(const struct hdoc *d, int i)
{
	struct w_buf b;
	size_t n, k, digits = 0, letters_seen = 0;
	int j, words = 0, in = 0;

	if (d->n[i].tag == H_TEXT || !w_html_authorish(d, i))
		return 0;
	/* a link to the poster, or named for a name (a user pane's
	 * statistics are author-named too) */
	if (!(d->n[i].tag == TidyTag_A && w_html_attr(d, i, "href") != NULL) &&
	    !w_html_ci_contains(w_html_attr(d, i, "class"), "name") &&
	    !w_html_ci_contains(w_html_attr(d, i, "itemprop"), "name"))
		return 0;
	n = w_html_text_len(d, i);
	if (n < 2 || n > NAME_MAX)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_TIME || (d->n[j].tag != H_TEXT &&
		    w_html_authorish(d, j) && w_html_text_len(d, j) > 0))
			return 0;
	w_html_buf_init(&b, 64);
	w_html_text(d, i, &b);
	for (k = 0; k < b.len; k++) {
		/* a date or a time, no name: a colon, a word of digits */
		if (b.p[k] == ':')
			words = NAME_WORDS + 1;
		if (b.p[k] == ' ' || b.p[k] == '\n' || b.p[k] == '\t') {
			if (in && digits == letters_seen)
				words = NAME_WORDS + 1;
			in = 0;
		} else if (!in) {
			in = 1;
			words++;
			digits = letters_seen = 0;
		}
		if (in && !strchr(",.", b.p[k])) {
			letters_seen++;
			digits += b.p[k] >= '0' && b.p[k] <= '9';
		}
	}
	if (in && digits == letters_seen)
		words = NAME_WORDS + 1;
	w_buf_free(&b);
	return words >= 1 && words <= NAME_WORDS;
}

/* Whether i's parent holds letters or digits of its own (i sits in a
 * sentence). */
static int
in_sentence(const struct hdoc *d, int i)
{
	int j, p = d->n[i].parent;
	size_t k;
	const char *t;

	for (j = d->n[p].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag != H_TEXT)
			continue;
		t = d->pool + d->n[j].off;
		for (k = 0; k < d->n[j].len; k++)
			if ((t[k] >= 'a' && t[k] <= 'z') ||
			    (t[k] >= 'A' && t[k] <= 'Z') ||
			    (t[k] >= '0' && t[k] <= '9') ||
			    (unsigned char)t[k] >= 0x80)
				return 1;
	}
	return 0;
}

/* See html_int.h. */
void
w_html_drop_box(struct hdoc *d, int box, int prof)
{
	int j, np;

	if ((prof & HP_THREAD) && d->n[box].tag != H_TEXT &&
	    d->n[box].parent >= 0 && w_html_text_len(d, box) <= NAME_BOX &&
	    !w_html_has_ancestor(d, box, TidyTag_BLOCKQUOTE, 0)) {
		for (j = box; j >= 0; j = w_html_next_pre(d, j, box, 0))
			if (name_el(d, j) && j != box && !in_sentence(d, j) &&
			    !w_html_has_ancestor(d, j, TidyTag_P, 6))
				break;
		if (j >= 0) {
			np = w_html_new(d, TidyTag_DIV);
			w_html_insert_before(d, box, np);
			w_html_unlink(d, j);
			w_html_append(d, np, j);
		}
	}
	w_html_unlink(d, box);
}

/* Drop script, noscript, style; join <br><br> runs into paragraphs. */
static void
prep_doc(struct hscore *s)
{
	struct hdoc *d = s->d;
	size_t k;
	int i, nx, p, nn;

	w_html_collect(s, d->root, TidyTag_SCRIPT);
	for (k = 0; k < s->nv; k++)
		w_html_unlink(d, s->v[k]);
	w_html_collect(s, d->root, TidyTag_NOSCRIPT);
	for (k = 0; k < s->nv; k++)
		w_html_unlink(d, s->v[k]);
	w_html_collect(s, d->root, TidyTag_STYLE);
	for (k = 0; k < s->nv; k++)
		w_html_unlink(d, s->v[k]);
	w_html_collect(s, d->root, TidyTag_TEMPLATE);
	for (k = 0; k < s->nv; k++)
		w_html_unlink(d, s->v[k]);
	if (d->body < 0)
		return;
	w_html_collect(s, d->body, TidyTag_BR);
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
			w_html_unlink(d, nx);
			nx = nn;
		}
		if (!p)
			continue;
		p = w_html_new(d, TidyTag_P);
		w_html_insert_before(d, i, p);
		w_html_unlink(d, i);
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
			w_html_append(d, p, nx);
		}
		while (d->n[p].last >= 0 && is_ws_node(d, d->n[p].last))
			w_html_unlink(d, d->n[p].last);
		if (d->n[d->n[p].parent].tag == TidyTag_P)
			d->n[d->n[p].parent].tag = TidyTag_DIV;
	}
}

/* Sentences in text node j's text: a stop after a lower case letter. */
static int
text_sentences(const struct hdoc *d, int j)
{
	const char *t = d->pool + d->n[j].off;
	size_t k, n = d->n[j].len;
	int c = 0;

	for (k = 1; k < n; k++)
		if ((t[k] == '.' || t[k] == '!' || t[k] == '?') &&
		    ((t[k - 1] >= 'a' && t[k - 1] <= 'z') ||
		    (unsigned char)t[k - 1] >= 0x80) &&
		    (k + 1 == n || t[k + 1] == ' ' || t[k + 1] == '\n'))
			c++;
	return c;
}

static int sentences_out(const struct hdoc *, int, size_t *);

/* Sentence ends ('.', '!', '?' after a letter, then a space or the
 * end) in i's text outside links, and that text's length in *len. */
static int
sentences(const struct hdoc *d, int i, size_t *len)
{
	*len = 0;
	/* i in a link holds none; else links' subtrees are passed by */
	if (d->n[i].tag == TidyTag_A ||
	    w_html_has_ancestor(d, i, TidyTag_A, 0))
		return 0;
	return sentences_out(d, i, len);
}

/* sentences() of i, known to be outside links: *len is added to. */
static int
sentences_out(const struct hdoc *d, int i, size_t *len)
{
	int j, c = 0;

	for (j = d->n[i].first; j >= 0;
	    j = w_html_next_pre(d, j, i, d->n[j].tag == TidyTag_A)) {
		if (d->n[j].tag != H_TEXT)
			continue;
		c += text_sentences(d, j);
		*len += d->n[j].len;
	}
	return c;
}

/*
 * A short post must not lose to what follows it. Readability's scores
 * grow with paragraphs and commas: under a post of a few sentences, a
 * dozen comments, an author's bio or a contact pop-up outscores it, and
 * the pick leaves the post out. When the pick tc lies in a box B after
 * the box A that holds the page's first h1 that is not mostly a link
 * (A and B children of their nearest common ancestor, the h1 not A
 * itself), A and the boxes between A and B hold POST_SENTENCES
 * sentences or more outside links (POST_CHARS characters at least),
 * and B is not a post (w_html_after_post: comments, a form, an author
 * box), A takes the pick, gather() adds the boxes between A and B and
 * leaves B out, and the region and items stages do not take over (the
 * pick is short beside them: d->post_first). B before A (a pop-up's
 * markup above the page) is left out the same way when A holds the
 * sentences and B is no post by w_html_after_post strict (titled as
 * comments, an author box or a contact form, or holding such a form);
 * on WCXB dev byte-identical. Not in threads, shops,
 * listings or services (HP_EXPAND: there the boxes after the title
 * are the page). On WCXB dev: outputs byte-identical on all 1497 pages
 * (the boxes there are named, or the post is long); readability
 * corpus byte-identical.
 */
#define POST_SENTENCES	2
#define POST_CHARS	100
static int
post_first(struct hscore *s, int tc)
{
	struct hdoc *d = s->d;
	size_t len, jl;
	int h, a, b, l, j, n;

	s->skip = -1;
	if (tc < 0 || (s->prof & HP_EXPAND) || s->h1 < 0)
		return tc;
	h = d->n[s->h1].parent >= 0 ? s->h1 : s->h1_par;
	if (h < 0 || h == tc || is_ancestor(d, tc, h))
		return tc;
	for (l = h; l >= 0 && l != d->body; l = d->n[l].parent)
		;
	if (l != d->body)
		return tc;	/* gone with a pruned box */
	for (b = tc; (l = d->n[b].parent) >= 0; b = l)
		if (l == h || is_ancestor(d, l, h))
			break;
	if (l < 0 || l == h)
		return tc;
	for (a = h; d->n[a].parent != l; a = d->n[a].parent)
		;
	if (a == s->h1 || a == b)
		return tc;
	n = sentences(d, a, &len);
	for (j = d->n[b].next; j >= 0 && j != a; j = d->n[j].next)
		;
	if (j == a) {
		/* B before A: a pop-up's markup above the page (strict) */
		if (n < POST_SENTENCES || len < POST_CHARS ||
		    !w_html_after_post(d, b, 1))
			return tc;
		s->skip = b;
		if (!(d->n[a].flags & HF_SCORED))
			init_node(s, a);
		return a;
	}
	for (j = d->n[a].next; j >= 0 && j != b; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT &&
		    w_html_link_density(d, j) <= 0.5) {
			n += sentences(d, j, &jl);
			len += jl;
		}
	if (j != b || n < POST_SENTENCES || len < POST_CHARS ||
	    !w_html_after_post(d, b, 0))
		return tc;
	s->skip = b;
	if (!(d->n[a].flags & HF_SCORED))
		init_node(s, a);
	return a;
}

/* drop_after_post() on the boxes from j on, after n sentences of the
 * post in len characters. */
static void
drop_boxes(struct hdoc *d, int j, int *n, size_t *len)
{
	size_t jl;
	int nx;

	for (; j >= 0; j = nx) {
		nx = d->n[j].next;
		if (d->n[j].tag == H_TEXT)
			continue;
		if (*n >= POST_SENTENCES && *len >= POST_CHARS &&
		    w_html_after_post(d, j, 1)) {
			w_html_unlink(d, j);
			continue;
		}
		if (w_html_link_density(d, j) <= 0.5) {
			*n += sentences(d, j, &jl);
			*len += jl;
		}
	}
}

/*
 * The post and what follows it in one box: when the pick tc holds the
 * page's first h1 (s->h1), a box after the h1's branch, at any level
 * between the h1 and tc, that follows POST_SENTENCES sentences or more
 * of the post (POST_CHARS characters at least) and that is not a post
 * (w_html_after_post strict: titled as comments, an author box or a
 * contact form, or holding such a form; not the portrait, named
 * paragraph and date line signals, which sections of a post mimic)
 * leaves the pick. When the h1 went as the title, its former box is
 * searched from its first child. Not in threads, shops, listings or
 * services (HP_EXPAND), nor after post_first (s->skip). On WCXB dev
 * against main 042013c: 3 pages change, 3 up (lead and ebook forms
 * after the post), article fold A +0.0002, loss 150.9 -> 150.8;
 * readability corpus 0.982 unchanged. Without strict: 2 pages, both
 * down (section headings their first paragraph restates taken for
 * author boxes, a blog's dated post list for comments).
 */
static void
drop_after_post(struct hscore *s, int tc)
{
	if (tc < 0 || (s->prof & HP_EXPAND) || s->skip >= 0 || s->h1 < 0)
		return;
	w_html_drop_after_post(s->d, s->d->n[s->h1].parent >= 0 ? s->h1 :
	    s->h1_par, s->h1, tc);
}

/*
 * drop_after_post()'s walk: c is the h1, or the box it went from as the
 * title (then c != h1 and c is searched from its first child); tc the
 * pick or region root holding c. Also run on the region's root
 * (html.c's region_again) on prose profiles.
 */
void
w_html_drop_after_post(struct hdoc *d, int c, int h1, int tc)
{
	size_t len = 0, clen;
	int p, j, k, n = 0, cn, inlink;

	if (c < 0 || (c != tc && !is_ancestor(d, tc, c)))
		return;
	if (c != h1)		/* the h1 went as the title: its box */
		drop_boxes(d, d->n[c].first, &n, &len);
	if (c == tc)
		return;
	/*
	 * cn and clen: sentences() of c, kept as running totals (each
	 * level adds its other children's; a level in a link holds
	 * none), so that the climb walks each subtree once, not once
	 * per level above it.
	 */
	cn = sentences(d, c, &clen);
	inlink = d->n[c].tag == TidyTag_A ||
	    w_html_has_ancestor(d, c, TidyTag_A, 0);
	for (;;) {
		n = cn;
		len = clen;
		drop_boxes(d, d->n[c].next, &n, &len);
		if ((p = d->n[c].parent) == tc)
			break;
		if (inlink && (d->n[p].tag == TidyTag_A ||
		    w_html_has_ancestor(d, p, TidyTag_A, 0))) {
			cn = 0;
			clen = 0;
		} else {
			if (inlink) {	/* out of the link: p anew */
				cn = 0;
				clen = 0;
				k = -1;
			} else
				k = c;
			inlink = 0;
			for (j = d->n[p].first; j >= 0; j = d->n[j].next) {
				if (j == k || d->n[j].tag == TidyTag_A)
					continue;
				if (d->n[j].tag == H_TEXT) {
					cn += text_sentences(d, j);
					clen += d->n[j].len;
				} else
					cn += sentences_out(d, j, &clen);
			}
		}
		c = p;
	}
}

static int
attempt(struct hscore *s)
{
	int top[NTOP], ntop, tc, art;

	s->title_removed = 0;
	s->byline_done = 0;
	s->h1 = s->h1_par = -1;
	if (s->d->body >= 0)
		for (tc = s->d->body; tc >= 0;
		    tc = w_html_next_pre(s->d, tc, s->d->body, 0))
			if (s->d->n[tc].tag == TidyTag_H1 &&
			    w_html_link_density(s->d, tc) <= 0.5) {
				s->h1 = tc;
				s->h1_par = s->d->n[tc].parent;
				break;
			}
	prune(s);
	ntop = score_all(s, top);
	tc = choose(s, top, ntop);
	tc = post_first(s, tc);
	drop_after_post(s, tc);
	art = gather(s, tc);
	if (tc < 0)
		s->share = 1;
	else if (s->mass[s->d->body] > 0)
		s->share /= s->mass[s->d->body];
	w_html_prep_article(s, art);
	return art;
}

/*
 * Find the main content of d (title: the article title, for dropping a
 * heading that repeats it). Rewrites d; returns a detached div holding
 * the content, or -1 when the page has no body.
 */
int
w_html_readable(struct hdoc *d, const char *title, int prof, double *share)
{
	static const int order[] = {
		HS_STRIP | HS_WEIGHT | HS_CLEAN, HS_WEIGHT | HS_CLEAN,
		HS_CLEAN, 0
	};
	struct hscore s;
	struct hnode *snap;
	size_t nsnap, best_len = 0, len;
	int k, art = -1, best = -1;

	if (d->body < 0)
		return -1;
	memset(&s, 0, sizeof(s));
	s.d = d;
	s.title = title;
	s.prof = prof;
	prep_doc(&s);
	/* the chrome of threads, listings and products, before scoring */
	if (prof & HP_CHROME)
		w_html_strip_chrome(d, d->body, prof);
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
		len = w_html_text_len(d, art);
		if (len >= HS_CHARS)
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
	d->post_first = s.skip >= 0;
	*share = s.share > 1 ? 1 : s.share;
	free(snap);
	free(s.v);
	free(s.cand);
	free(s.agg);
	free(s.mass);
	return art;
}


/* The extraction profile of a page type (H_*). */
int
w_html_profile(int type)
{
	switch (type) {
	case H_FORUM:
		return HP_EXPAND | HP_THREAD | HP_CHROME;
	case H_PRODUCT:
		return HP_EXPAND | HP_TABS | HP_CHROME;
	case H_COLLECTION: case H_LISTING:
		return HP_EXPAND | HP_LISTS | HP_CHROME;
	case H_SERVICE:
		return HP_EXPAND | HP_CHROME;
	case H_ARTICLE:
		return HP_PROSE;
	default:
		return 0;
	}
}
