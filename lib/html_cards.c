/*
 * html_cards.c: cards that point to the site's other content by its
 * kind. A landing page ends with a "Resources" or "Insights" row whose
 * cards each open with the kind of what they link to ("Blog", "Case
 * study", "Whitepaper", "Webinar"), then its title and a line of it:
 * teasers of other pages, not the page's text. One walk over the pick.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

#define KIND_MAX	32	/* bytes of a kind label */
#define CARD_MAX	700	/* characters of one card */
#define CARD_MORE	12	/* characters a card holds beyond its label */
#define CARDS_MIN	2	/* cards in a row */
#define CARDS_SHARE	0.4	/* of the pick's text, at most */
#define HEAD_MAX	80	/* characters of the row's title */

/*
 * The kinds of content a card names (lower case, whole label), in
 * English and German.
 */
static const char *const kinds[] = {
	"blog", "blog post", "article", "whitepaper", "white paper",
	"case study", "customer story", "success story", "client story",
	"report", "research", "survey", "webinar", "on-demand webinar",
	"on demand webinar", "ebook", "e-book", "guide", "podcast",
	"video", "insight", "news", "press release", "solution brief",
	"brief", "datasheet", "data sheet", "infographic", "event",
	"analyst report", "checklist", "toolkit", "template",
	"point of view", "perspective", "interview", "tutorial",
	"blogs", "articles", "whitepapers", "white papers",
	"case studies", "customer stories", "success stories",
	"reports", "webinars", "ebooks", "e-books", "guides",
	"podcasts", "videos", "insights", "events", "tutorials",
	/* German */
	"artikel", "fallstudie", "studie", "pressemitteilung",
	"ratgeber", "leitfaden", "veranstaltung", NULL
};

/*
 * Whether the first text under element i (its first leaf with a
 * character other than a space) is a kind label; *n receives its
 * length.
 */
static int
kind_first(const struct hdoc *d, int i, size_t *n)
{
	const char *s;
	char t[KIND_MAX + 1];
	size_t k, len;
	int j;

	*n = 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i,
	    d->n[j].tag == TidyTag_SCRIPT || d->n[j].tag == TidyTag_STYLE)) {
		if (d->n[j].tag != H_TEXT)
			continue;
		s = d->pool + d->n[j].off;
		len = d->n[j].len;
		while (len > 0 && strchr(" \t\r\n", *s) != NULL) {
			s++;
			len--;
		}
		while (len > 0 && strchr(" \t\r\n:|", s[len - 1]) != NULL)
			len--;
		if (len == 0)
			continue;
		if (len > KIND_MAX)
			return 0;
		for (k = 0; k < len; k++)
			t[k] = (char)((s[k] >= 'A' && s[k] <= 'Z') ?
			    s[k] - 'A' + 'a' : s[k]);
		t[len] = '\0';
		*n = len;
		for (k = 0; kinds[k] != NULL; k++)
			if (strcmp(t, kinds[k]) == 0)
				return 1;
		return 0;
	}
	return 0;
}

/* Whether element i is, or holds, a link to another page or a
 * heading (the link may have gone with a "Read more" line). */
static int
has_link(const struct hdoc *d, int i)
{
	const char *h;
	int j;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if ((d->n[j].tag == TidyTag_A &&
		    (h = w_html_attr(d, j, "href")) != NULL && h[0] != '#' &&
		    h[0] != '\0') || (d->n[j].tag >= TidyTag_H1 &&
		    d->n[j].tag <= TidyTag_H6))
			return 1;
	return 0;
}

/* A card: a small element that opens with a kind label, says more and
 * links to another page. */
static int
kind_card(const struct hdoc *d, int c)
{
	size_t len, n;

	if (d->n[c].tag == H_TEXT || (len = w_html_text_len(d, c)) == 0 ||
	    len > CARD_MAX)
		return 0;
	return kind_first(d, c, &n) && len >= n + CARD_MORE &&
	    has_link(d, c);
}

/*
 * Whether element p holds a row of cards: CARDS_MIN or more children
 * that are kind cards, half or more of its children with text.
 */
static int
card_row(const struct hdoc *d, int p)
{
	int j, cards = 0, texts = 0;

	for (j = d->n[p].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT || w_html_text_len(d, j) == 0)
			continue;
		texts++;
		cards += kind_card(d, j);
	}
	return cards >= CARDS_MIN && 2 * cards >= texts;
}

static int
heading(int tag)
{
	return tag >= TidyTag_H2 && tag <= TidyTag_H6;
}

/*
 * Drop a row p and the title it leaves: its cards, p itself when the
 * rest is at most HEAD_MAX characters ("View all"), its ancestors
 * whose text is then that short, and a short heading just before
 * what went.
 */
static void
drop_row(struct hdoc *d, int p, int root)
{
	int j, nx, q, prev;

	for (j = d->n[p].first; j >= 0; j = nx) {
		nx = d->n[j].next;
		if (kind_card(d, j))
			w_html_unlink(d, j);
	}
	if (w_html_text_len(d, p) > HEAD_MAX)
		return;
	while ((q = d->n[p].parent) >= 0 && q != root &&
	    w_html_text_len(d, q) - w_html_text_len(d, p) <= HEAD_MAX &&
	    w_html_text_len(d, q) <= HEAD_MAX)
		p = q;
	prev = w_html_prev_el(d, p);
	if (prev >= 0 && heading(d->n[prev].tag) &&
	    w_html_text_len(d, prev) <= HEAD_MAX)
		w_html_unlink(d, prev);
	w_html_unlink(d, p);
}

/* See html_int.h. */
size_t
w_html_kind_cards(struct hdoc *d, int root)
{
	int *v = NULL, i, nx;
	size_t n = 0, cap = 0, k, sum = 0, rlen;

	if (root < 0 || (rlen = w_html_text_len(d, root)) == 0)
		return 0;
	for (i = d->n[root].first; i >= 0; i = nx) {
		if (d->n[i].tag != H_TEXT && w_html_text_len(d, i) > 0 &&
		    card_row(d, i)) {
			w_html_push(&v, &n, &cap, i);
			sum += w_html_text_len(d, i);
			nx = w_html_next_pre(d, i, root, 1);
		} else
			nx = w_html_next_pre(d, i, root, 0);
	}
	if (n == 0 || (double)sum > CARDS_SHARE * (double)rlen) {
		free(v);
		return 0;
	}
	for (k = 0; k < n; k++)
		drop_row(d, v[k], root);
	free(v);
	return n;
}
