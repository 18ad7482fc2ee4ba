/*
 * html_items.c: the items of a listing, whatever the page was typed:
 * the largest group of sibling elements of one shape (tag and first
 * class) where most items hold a link of a few words (a title), away
 * from the page's navigation, header, footer and sidebars. Search
 * results, blog indexes, section fronts and category pages are such
 * groups; the scorer, made for prose, picks one teaser of them.
 * The groups come from the page's one survey (html_repeat.c), which
 * also says which sit in chrome.
 */
#include <stdlib.h>

#include "html_int.h"

#define ITEMS_MIN	5	/* items in a group */
#define TITLE_MIN	15	/* characters of an item's title link */
#define ITEMS_TEXT	500	/* characters of items that can win */

/* Whether item i holds a title: a link of TITLE_MIN characters. */
static int
titled(const struct hdoc *d, int i)
{
	int j;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_A &&
		    w_html_text_len(d, j) >= TITLE_MIN)
			return 1;
	return 0;
}

/* See html_int.h. */
int
w_html_items(const struct hdoc *d, const struct w_html_groups *gs, size_t *text)
{
	struct w_html_groups own = { NULL, 0, 0 };
	const struct w_html_group *g;
	size_t k, t;
	int j, titles, best = -1;

	if (gs == NULL) {
		w_html_rep_survey(d, &own);
		gs = &own;
	}
	*text = 0;
	for (k = 0; k < gs->n; k++) {
		g = &gs->g[k];
		if (g->n < ITEMS_MIN || !(g->where & H_REP_BODY) ||
		    (g->where & H_REP_CHROME))
			continue;
		titles = 0;
		t = 0;
		for (j = w_html_rep_next(d, d->n[g->p].first, g->shape); j >= 0;
		    j = w_html_rep_next(d, d->n[j].next, g->shape)) {
			titles += titled(d, j);
			t += w_html_text_len(d, j);
		}
		if (titles * 10 >= g->n * 7 && t > *text) {
			*text = t;
			best = g->p;
		}
	}
	free(own.g);
	return best;
}

/*
 * See html_int.h. Whatever the page was typed: a section front typed
 * as an article (story) is a listing whose scorer pick is one teaser
 * or the lead story. On WCXB dev the former factors (4 on pages typed
 * as articles, 2 elsewhere) cost 0.017 of listing F1 and won no
 * article. A story, though, may sit above a longer feed of teasers in
 * a page of more text still: on a page typed as an article whose
 * region holds over three times the pick's text outside links, the
 * items need four times the pick's text.
 */
int
w_html_items_win(size_t ilen, size_t alen, size_t rplain, int story)
{
	if (ilen < ITEMS_TEXT || 2 * ilen <= 3 * alen)
		return 0;
	return !story || ilen > 4 * alen || rplain <= 3 * alen;
}
