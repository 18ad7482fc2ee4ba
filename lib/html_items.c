/*
 * html_items.c: the items of a listing, whatever the page was typed:
 * the largest group of sibling elements of one shape (tag and first
 * class) where most items hold a link of a few words (a title), away
 * from the page's navigation, header, footer and sidebars. Search
 * results, blog indexes, section fronts and category pages are such
 * groups; the scorer, made for prose, picks one teaser of them.
 */
#include <stdlib.h>
#include <string.h>

#include "html_int.h"

#define ITEMS_MIN	5	/* items in a group */
#define TITLE_MIN	15	/* characters of an item's title link */

/* Element signature: tag and first class token, digits left out. */
static unsigned
shape(const struct hdoc *d, int i)
{
	const char *c = h_attr(d, i, "class");
	unsigned h = (unsigned)d->n[i].tag * 2654435761u;

	if (c != NULL)
		for (; *c != '\0' && *c != ' '; c++)
			if (!(*c >= '0' && *c <= '9'))
				h = h * 31 + (unsigned char)*c;
	return h;
}

/* Class or id words of what is beside a page's items, not them. */
static int
named(const char *v)
{
	static const char *const w[] = {
		"comment", "related", "recommend", "sidebar", "footer",
		"menu", "navbar", "breadcrumb", "promo", "sponsor", "widget",
		"share", "social", "popular", "trending", "newsletter",
		"cookie", "consent", "modal", "popup", NULL
	};
	size_t k;

	if (v == NULL || *v == '\0')
		return 0;
	for (k = 0; w[k] != NULL; k++)
		if (h_ci_contains(v, w[k]))
			return 1;
	return 0;
}

/* Subtrees that never hold a page's items. */
static int
outside(const struct hdoc *d, int i)
{
	const char *r;

	switch (d->n[i].tag) {
	case TidyTag_SCRIPT: case TidyTag_STYLE: case TidyTag_NOSCRIPT:
	case TidyTag_TEMPLATE: case TidyTag_SVG: case TidyTag_NAV:
	case TidyTag_FOOTER: case TidyTag_ASIDE: case TidyTag_HEADER:
	case TidyTag_FORM: case TidyTag_SELECT:
		return 1;
	default:
		break;
	}
	if (!h_visible(d, i) || named(h_attr(d, i, "class")) ||
	    named(h_attr(d, i, "id")))
		return 1;
	r = h_attr(d, i, "role");
	return r != NULL && (strcmp(r, "navigation") == 0 ||
	    strcmp(r, "banner") == 0 || strcmp(r, "contentinfo") == 0 ||
	    strcmp(r, "complementary") == 0 || strcmp(r, "menu") == 0 ||
	    strcmp(r, "menubar") == 0 || strcmp(r, "dialog") == 0);
}

/* Whether item i holds a title: a link of TITLE_MIN characters. */
static int
titled(const struct hdoc *d, int i)
{
	int j;

	for (j = i; j >= 0; j = h_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_A && h_text_len(d, j) >= TITLE_MIN)
			return 1;
	return 0;
}

static int
cmp_u(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/*
 * The best titled group among p's element children: its text, or 0.
 * buf holds nk signatures.
 */
static size_t
group_text(const struct hdoc *d, int p, unsigned *buf, int nk)
{
	unsigned best = 0;
	size_t text = 0;
	int j, k, n = 0, run, bestn = 0, titles = 0;

	for (j = d->n[p].first; j >= 0 && n < nk; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT)
			buf[n++] = shape(d, j);
	qsort(buf, (size_t)n, sizeof(*buf), cmp_u);
	for (k = 0; k < n; k += run) {
		for (run = 1; k + run < n && buf[k + run] == buf[k]; run++)
			;
		if (run > bestn) {
			bestn = run;
			best = buf[k];
		}
	}
	if (bestn < ITEMS_MIN)
		return 0;
	for (j = d->n[p].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT || shape(d, j) != best)
			continue;
		titles += titled(d, j);
		text += h_text_len(d, j);
	}
	return titles * 10 >= bestn * 7 ? text : 0;
}

/* See html_int.h. */
int
h_items(const struct hdoc *d, size_t *text)
{
	unsigned *buf = NULL;
	size_t cap = 0, t;
	int i, nk, skip, best = -1;

	*text = 0;
	if (d->body < 0)
		return -1;
	for (i = d->body; i >= 0; i = h_next_pre(d, i, d->body, skip)) {
		skip = 0;
		if (d->n[i].tag == H_TEXT)
			continue;
		if (i != d->body && outside(d, i)) {
			skip = 1;
			continue;
		}
		if ((nk = h_nelem_kids(d, i)) < ITEMS_MIN)
			continue;
		if ((size_t)nk > cap) {
			cap = (size_t)nk * 2;
			buf = w_realloc(buf, cap * sizeof(*buf));
		}
		if ((t = group_text(d, i, buf, nk)) > *text) {
			*text = t;
			best = i;
		}
	}
	free(buf);
	return best;
}
