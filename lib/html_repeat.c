/*
 * html_repeat.c: repeated sibling groups, the one mechanism behind the
 * item grids of collections (html_grid.c), the items of a listing
 * (html_items.c) and the classifier's repeated group (html_type.c).
 * An element's shape is its tag and first class token, digits left
 * out (item-3 and item-4 are one shape); a group is the largest run
 * of one shape among an element's element children.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PAGE_FORM_MIN	1000	/* characters of a page-wide form */

#include "html_int.h"

/* See html_int.h. */
unsigned
w_html_shape(const struct hdoc *d, int i)
{
	const char *c = w_html_attr(d, i, "class");
	unsigned h = (unsigned)d->n[i].tag * 2654435761u;

	if (c != NULL)
		for (; *c != '\0' && *c != ' ' && *c != '\t' && *c != '\n';
		    c++)
			if (!(*c >= '0' && *c <= '9'))
				h = h * 31 + (unsigned char)*c;
	return h;
}

static int
cmp_u(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/* See html_int.h. */
unsigned
w_html_rep_group(const struct hdoc *d, int p, struct w_html_rep *r, int *n)
{
	unsigned best = 0;
	int j, k, nk, run;

	*n = 0;
	if ((nk = w_html_nelem_kids(d, p)) <= 0)
		return 0;
	if ((size_t)nk > r->cap) {
		r->cap = (size_t)nk * 2;
		r->buf = w_realloc(r->buf, r->cap * sizeof(*r->buf));
	}
	/* rules and breaks between the items are no items: a run of
	 * them as long as the items' would hide the items' group */
	for (j = d->n[p].first, k = 0; j >= 0 && k < nk; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT && d->n[j].tag != TidyTag_HR &&
		    d->n[j].tag != TidyTag_BR)
			r->buf[k++] = w_html_shape(d, j);
	nk = k;
	qsort(r->buf, (size_t)nk, sizeof(*r->buf), cmp_u);
	for (k = 0; k < nk; k += run) {
		for (run = 1; k + run < nk && r->buf[k + run] == r->buf[k];
		    run++)
			;
		if (run > *n) {
			*n = run;
			best = r->buf[k];
		}
	}
	return best;
}

/* See html_int.h. */
int
w_html_rep_next(const struct hdoc *d, int j, unsigned shape)
{
	for (; j >= 0; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT && w_html_shape(d, j) == shape)
			return j;
	return -1;
}

/* See html_int.h. */
void
w_html_rep_walk(const struct hdoc *d, int root, int self, int min,
    int (*skip)(const struct hdoc *, int, void *), w_html_rep_fn fn, void *arg)
{
	struct w_html_rep r = { NULL, 0 };
	unsigned s;
	int i, n, sk;

	if (root < 0)
		return;
	i = self ? root : d->n[root].first;
	for (; i >= 0; i = w_html_next_pre(d, i, root, sk)) {
		sk = 0;
		if (d->n[i].tag == H_TEXT)
			continue;
		if (i != root && skip != NULL && skip(d, i, arg)) {
			sk = 1;
			continue;
		}
		if (w_html_nelem_kids(d, i) < min)
			continue;
		s = w_html_rep_group(d, i, &r, &n);
		if (n >= min)
			fn(d, i, s, n, arg);
	}
	free(r.buf);
}

static int unseen(const struct hdoc *, int);

/* Text of i outside scripts, styles and templates. */
static size_t
seen_len(const struct hdoc *d, int i)
{
	size_t n = 0;
	int j, sk;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, sk)) {
		sk = unseen(d, j);
		if (d->n[j].tag == H_TEXT)
			n += w_html_text_len(d, j);
	}
	return n;
}

/*
 * Whether form i shows no control a reader fills in or presses (an
 * input other than a hidden one, a textarea, a select, a button)
 * outside its hidden parts: a post's text wrapped in the form its
 * editor would submit (a thread whose every comment sits in one).
 */
int
w_html_bare_form(const struct hdoc *d, int i)
{
	const char *ty;
	int j, sk;

	if (w_html_text_len(d, i) == 0)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, sk)) {
		sk = 0;
		switch (d->n[j].tag) {
		case H_TEXT:
			break;
		case TidyTag_TEXTAREA: case TidyTag_SELECT:
		case TidyTag_BUTTON:
			return 0;
		case TidyTag_INPUT:
			ty = w_html_attr(d, j, "type");
			if (ty == NULL || strcasecmp(ty, "hidden") != 0)
				return 0;
			break;
		default:
			sk = unseen(d, j) || !w_html_visible(d, j);
			break;
		}
	}
	return 1;
}

/* See html_int.h. */
int
w_html_page_form(const struct hdoc *d, int i)
{
	size_t n;

	if (d->n[i].tag != TidyTag_FORM || d->vis == 0)
		return 0;
	n = w_html_text_len(d, i);
	if (n < PAGE_FORM_MIN || 2 * n <= d->vis)
		return 0;
	n = seen_len(d, i);
	return n >= PAGE_FORM_MIN && 2 * n > d->vis;
}

/* Class or id words of what is beside a page's items, not them. */
static int
named(const struct hdoc *d, const char *v)
{
	static const char *const w[] = {
		"comment", "related", "recommend", "sidebar", "footer",
		"menu", "navbar", "breadcrumb", "promo", "sponsor", "widget",
		"share", "social", "popular", "trending", "newsletter",
		"cookie", "consent", "modal", "popup", NULL
	};
	if (v == NULL || *v == '\0')
		return 0;
	return w_html_ci_any(d, v, w);
}

/* named() on i's class or id, memoised. */
static int
el_named(const struct hdoc *d, int i)
{
	int m;

	if ((m = w_html_memo(d, i, HM_REPNAMED)) >= 0)
		return m;
	return w_html_memo_put(d, i, HM_REPNAMED,
	    named(d, w_html_attr(d, i, "class")) ||
	    named(d, w_html_attr(d, i, "id")));
}

/* Whether element a holds element m (a's descendant or a itself). */
static int
holds(const struct hdoc *d, int a, int m)
{
	for (; m >= 0; m = d->n[m].parent)
		if (m == a)
			return 1;
	return 0;
}

/*
 * Subtrees that never hold a page's items: chrome. A wrapper whose
 * name says chrome but holds the page's main element (main) is a
 * layout box ("content-sidebar-wrap": the content and its sidebar;
 * "flex-wrap-footer": the page above its footer).
 */
static int
chrome(const struct hdoc *d, int i, int main)
{
	const char *r;

	switch (d->n[i].tag) {
	case TidyTag_SCRIPT: case TidyTag_STYLE: case TidyTag_NOSCRIPT:
	case TidyTag_TEMPLATE: case TidyTag_SVG: case TidyTag_NAV:
	case TidyTag_FOOTER: case TidyTag_ASIDE: case TidyTag_HEADER:
	case TidyTag_SELECT:
		return 1;
	case TidyTag_FORM:
		return !w_html_page_form(d, i);
	default:
		break;
	}
	if (!w_html_visible(d, i) || (el_named(d, i) && !holds(d, i, main)))
		return 1;
	r = w_html_attr(d, i, "role");
	return r != NULL && (strcmp(r, "navigation") == 0 ||
	    strcmp(r, "banner") == 0 || strcmp(r, "contentinfo") == 0 ||
	    strcmp(r, "complementary") == 0 || strcmp(r, "menu") == 0 ||
	    strcmp(r, "menubar") == 0 || strcmp(r, "dialog") == 0);
}

/* Subtrees the survey leaves out: code, styles, templates, pictures. */
static int
unseen(const struct hdoc *d, int i)
{
	switch (d->n[i].tag) {
	case TidyTag_SCRIPT: case TidyTag_STYLE: case TidyTag_NOSCRIPT:
	case TidyTag_TEMPLATE: case TidyTag_SVG:
		return 1;
	default:
		return 0;
	}
}

struct survey {
	struct w_html_groups	*gs;
	unsigned char	*where;		/* per node: H_REP_* bits */
	int		 main;		/* the first main element, or -1 */
};

/*
 * The walk's skip test, which sees every element below the root after
 * its parent: where it sits, inherited; whether it is left out.
 */
static int
sits(const struct hdoc *d, int i, void *arg)
{
	struct survey *sv = arg;
	int w = sv->where[d->n[i].parent];

	if (i == d->body)
		w = H_REP_BODY;
	else if ((w & H_REP_BODY) && !(w & H_REP_CHROME) &&
	    chrome(d, i, sv->main))
		w |= H_REP_CHROME;
	if (d->n[i].tag == TidyTag_PRE)
		w |= H_REP_PRE;
	sv->where[i] = (unsigned char)w;
	return unseen(d, i);
}

static void
keep(const struct hdoc *d, int p, unsigned s, int n, void *arg)
{
	struct survey *sv = arg;
	struct w_html_groups *gs = sv->gs;

	(void)d;
	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? gs->cap * 2 : 64;
		gs->g = w_realloc(gs->g, gs->cap * sizeof(*gs->g));
	}
	gs->g[gs->n].p = p;
	gs->g[gs->n].shape = s;
	gs->g[gs->n].n = n;
	gs->g[gs->n].where = sv->where[p];
	gs->n++;
}

/* See html_int.h. */
void
w_html_rep_survey(const struct hdoc *d, struct w_html_groups *gs)
{
	struct survey sv;

	gs->n = 0;
	if (d->root < 0)
		return;
	sv.gs = gs;
	sv.where = w_calloc(d->nn, 1);
	for (sv.main = 0; (size_t)sv.main < d->nn &&
	    d->n[sv.main].tag != TidyTag_MAIN; sv.main++)
		;
	if ((size_t)sv.main == d->nn)
		sv.main = -1;
	w_html_rep_walk(d, d->root, 1, 2, sits, keep, &sv);
	free(sv.where);
}
