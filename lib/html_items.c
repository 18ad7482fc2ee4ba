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
#include <string.h>
#include <strings.h>

#include "html_int.h"

#define ITEMS_MIN	5	/* items in a group */
#define TITLE_MIN	13	/* characters of an item's title link (set by the
			   cross-validated constant sweep, x65) */
#define ITEMS_TEXT	500	/* characters of items that can win */
#define ITEMS_FILL	9	/* tenths of the region items fill, see */
#define ITEMS_OVER	12	/* tenths of the pick they beat: items_win */

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

/*
 * A definition list's items are its groups of dt and dd (terms, then
 * their descriptions): the survey finds the run of one of them, the
 * title may sit in the other. Returns the groups, *titles the titled
 * ones, *t the list's text.
 */
static int
dl_items(const struct hdoc *d, int p, int *titles, size_t *t)
{
	int j, n = 0, got = 0, in_dd = 0;

	*titles = 0;
	for (j = d->n[p].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == TidyTag_DT) {
			if (in_dd) {
				*titles += got;
				got = 0;
				in_dd = 0;
			}
		} else if (d->n[j].tag == TidyTag_DD) {
			if (!in_dd)
				n++;
			in_dd = 1;
		} else
			continue;
		if (!got)
			got = titled(d, j);
	}
	*titles += got && in_dd;
	*t = w_html_text_len(d, p);
	return n;
}

/* See html_int.h. */
int
w_html_items(const struct hdoc *d, const struct w_html_groups *gs, size_t *text)
{
	struct w_html_groups own = { NULL, 0, 0 };
	const struct w_html_group *g;
	size_t k, t;
	int j, n, titles, best = -1;

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
		n = g->n;
		if (d->n[g->p].tag == TidyTag_DL)
			n = dl_items(d, g->p, &titles, &t);
		else
			for (j = w_html_rep_next(d, d->n[g->p].first,
			    g->shape); j >= 0;
			    j = w_html_rep_next(d, d->n[j].next, g->shape)) {
				titles += titled(d, j);
				t += w_html_text_len(d, j);
			}
		if (n >= ITEMS_MIN && titles * 10 >= n * 7 && t > *text) {
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
 * Items that fill the main region (ITEMS_FILL of its rlen characters,
 * once stripped) need less: ITEMS_OVER times the pick, which then is
 * a run of them (the scorer's best few items of a list that is the
 * whole column). On WCXB dev: listing F1 +0.003, nothing else moved
 * by more than 0.0005.
 */
int
w_html_items_win(size_t ilen, size_t alen, size_t rlen, size_t rplain,
    int story)
{
	if (ilen < ITEMS_TEXT)
		return 0;
	if (2 * ilen <= 3 * alen && !(ilen * 10 >= rlen * ITEMS_FILL &&
	    ilen * 10 > alen * ITEMS_OVER))
		return 0;
	return !story || ilen > 4 * alen || rplain <= 3 * alen;
}

#define META_MAX	60	/* characters of an item's meta line */

/* Words after a count in an item's meta line (3 comments, 5 min read). */
static const char *const counts[] = {
	"comment", "comments", "reply", "replies", "response", "responses",
	"reaction", "reactions", "like", "likes", "view", "views", "share",
	"shares", "vote", "votes", "point", "points", "min read",
	"min. read", "mins read", "minute read", "minutes read", NULL
};

/* A shop tile's empty review line, as a whole or as its start. */
static const char *const no_reviews[] = {
	"no reviews", "no reviews yet", "write a review",
	"write the first review", NULL
};
#define FIRST_REVIEW	"be the first to review"

/* Units of a relative time (2 hours ago, 3d ago). */
static const char *const units[] = {
	"s", "sec", "secs", "second", "seconds", "m", "min", "mins",
	"minute", "minutes", "h", "hr", "hrs", "hour", "hours", "d", "day",
	"days", "w", "wk", "wks", "week", "weeks", "mo", "mos", "month",
	"months", "y", "yr", "yrs", "year", "years", NULL
};

static int
one_of(const char *s, size_t n, const char *const *w)
{
	for (; *w != NULL; w++)
		if (strlen(*w) == n && strncmp(s, *w, n) == 0)
			return 1;
	return 0;
}

/* What a listing's result count counts (24 results, Products (24)). */
static const char *const tallied[] = {
	"result", "results", "product", "products", NULL
};

#define SORT_MAX	40	/* characters of a sort control's line */

/*
 * Whether s[0..n) (lowercase, single spaces, trimmed) is a listing's
 * result count or sort control: "24 results", "(24 products)",
 * "Products (24)", "loaded 24 results", "Sort by: Best match".
 */
static int
tally(const char *s, size_t n)
{
	size_t k, e;

	if (n >= 2 && s[0] == '(' && s[n - 1] == ')') {
		s++;
		n -= 2;
	}
	if (n > 7 && strncmp(s, "loaded ", 7) == 0) {
		s += 7;
		n -= 7;
	}
	if ((n >= 7 && strncmp(s, "sort by", 7) == 0) ||
	    (n >= 5 && strncmp(s, "sort:", 5) == 0))
		return n <= SORT_MAX;
	for (k = 0; k < n && ((s[k] >= '0' && s[k] <= '9') ||
	    (k > 0 && s[k] == ',')); k++)
		;
	if (k > 0 && k < n && s[k] == ' ')
		return one_of(s + k + 1, n - k - 1, tallied);
	for (k = 0; k < n && s[k] >= 'a' && s[k] <= 'z'; k++)
		;
	if (k == 0 || !one_of(s, k, tallied) || k + 3 >= n ||
	    s[k] != ' ' || s[k + 1] != '(' || s[n - 1] != ')')
		return 0;
	for (e = k + 2; e < n - 1 && ((s[e] >= '0' && s[e] <= '9') ||
	    s[e] == ','); e++)
		;
	return e == n - 1 && e > k + 2;
}

/*
 * Whether s[0..n) (lowercase, single spaces, trimmed) is a count of
 * comments, reactions or reading minutes, or a relative time.
 */
static int
meta_part(const char *s, size_t n)
{
	size_t k = 0, u;

	if ((n == 8 && strncmp(s, "just now", 8) == 0) || tally(s, n) ||
	    one_of(s, n, no_reviews) || (n >= sizeof(FIRST_REVIEW) - 1 &&
	    strncmp(s, FIRST_REVIEW, sizeof(FIRST_REVIEW) - 1) == 0))
		return 1;
	if (n > 2 && strncmp(s, "a ", 2) == 0)
		k = 2;
	else if (n > 3 && strncmp(s, "an ", 3) == 0)
		k = 3;
	else {
		while (k < n && ((s[k] >= '0' && s[k] <= '9') ||
		    (k > 0 && (s[k] == '.' || s[k] == ','))))
			k++;
		if (k == 0)
			return 0;
		if (k < n && (s[k] == 'k' || s[k] == 'm') &&
		    (k + 1 == n || s[k + 1] == ' ') &&
		    (k + 1 == n || !one_of(s + k, 1, units) ||
		    strncmp(s + k + 1, " ago", 4) != 0))
			k++;	/* 1.2k */
		else if (k < n && s[k] != ' ') {
			/* 3d ago, 5h ago */
			for (u = k; u < n && s[u] >= 'a' && s[u] <= 'z'; u++)
				;
			return one_of(s + k, u - k, units) &&
			    n - u == 4 && strncmp(s + u, " ago", 4) == 0;
		}
	}
	if (k < n && s[k] == ' ')
		k++;
	if (one_of(s + k, n - k, counts))
		return 1;
	for (u = k; u < n && s[u] >= 'a' && s[u] <= 'z'; u++)
		;
	return u > k && one_of(s + k, u - k, units) && n - u == 4 &&
	    strncmp(s + u, " ago", 4) == 0;
}

/* See html_int.h. */
int
w_html_meta_line(const char *t)
{
	char s[META_MAX + 1];
	size_t n = 0, a, b;
	int parts = 0, sp = 0;
	const unsigned char *p = (const unsigned char *)t;

	/* fold: lowercase, separators (| • · ・) as '|', spaces as one */
	for (; *p != '\0'; p++) {
		int c = *p;

		if (p[0] == 0xe2 && p[1] == 0x80 && p[2] == 0xa2) {
			c = '|';
			p += 2;
		} else if (p[0] == 0xc2 && p[1] == 0xb7) {
			c = '|';
			p += 1;
		} else if (p[0] == 0xe3 && p[1] == 0x83 && p[2] == 0xbb) {
			c = '|';
			p += 2;
		} else if (p[0] == 0xc2 && p[1] == 0xa0)
			c = ' ', p += 1;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			sp = n > 0;
			continue;
		}
		if (sp && n > 0 && s[n - 1] != '|' && c != '|') {
			if (n >= META_MAX)
				return 0;
			s[n++] = ' ';
		}
		sp = 0;
		if (n >= META_MAX)
			return 0;
		s[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	for (a = 0; a < n; a = b + 1) {
		for (b = a; b < n && s[b] != '|'; b++)
			;
		while (b > a && (s[b - 1] == ' ' || s[b - 1] == '.'))
			b--;
		if (b > a && s[a] == ' ')
			a++;
		if (b > a) {
			if (!meta_part(s + a, b - a))
				return 0;
			parts++;
		}
		while (b < n && s[b] != '|')
			b++;
	}
	return parts > 0;
}

/*
 * Whether t, lowercased, its white space, '>', ':' and '.' as one space
 * and trimmed, its bytes past ASCII (arrows, guillemets, icons) left out,
 * is one of the words w.
 */
static int
line_is(const char *t, const char *const *w)
{
	char s[24];
	size_t n = 0;
	const unsigned char *p = (const unsigned char *)t;

	for (; *p != '\0'; p++) {
		if (*p >= 0x80)		/* arrows, guillemets */
			continue;
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '>' || *p == ':' || *p == '.') {
			if (n > 0 && s[n - 1] != ' ')
				s[n++] = ' ';
		} else
			s[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
		if (n >= sizeof(s) - 1)
			return 0;
	}
	while (n > 0 && s[n - 1] == ' ')
		n--;
	s[n] = '\0';
	return w_html_listed(s, w) >= 0;
}

/* See html_int.h. */
int
w_html_more_line(const char *t)
{
	static const char *const w[] = {
		"view all", "see all", "show all", "browse all", "explore all",
		"view more", "see more", "show more", "load more", "more",
		NULL
	};

	return line_is(t, w);
}

/* See html_int.h. */
int
w_html_action_line(const char *t)
{
	static const char *const w[] = {
		"compare", "add to compare", "quick view", "quick shop",
		"quick apply", "fast apply", "easy apply", "view profile",
		"view company profile", "save job", "add to wishlist",
		"add to favorites", "add to favourites", NULL
	};
	/* the page's account controls, out of its header bar */
	static const char *const acct[] = {
		"sign in", "log in", "login", "sign up", "log out", "logout",
		"sign out", "open in app", "my account", "create account",
		NULL
	};

	return line_is(t, w) || line_is(t, acct);
}

/*
 * Whether t is a link to more of a named kind ("See all reviews",
 * "View all work", "Show more replies", "Browse all categories"): one
 * of the openings below and at most MORE_WORDS words after it, in
 * MORE_MAX characters. What it opens is another page's list, not an
 * item's text.
 */
#define MORE_WORDS	3
#define MORE_MAX	40

static int
more_to(const char *t)
{
	static const char *const open[] = {
		"see all ", "view all ", "show all ", "browse all ",
		"see more ", "view more ", "show more ", NULL
	};
	size_t k, n, len = strlen(t);
	int words = 0, in = 0;
	const char *p;

	while (len > 0 && (t[len - 1] == ' ' || t[len - 1] == '\n'))
		len--;
	while (len > 0 && (*t == ' ' || *t == '\n')) {
		t++;
		len--;
	}
	if (len > MORE_MAX)
		return 0;
	for (k = 0; open[k] != NULL; k++) {
		n = strlen(open[k]);
		if (len > n && strncasecmp(t, open[k], n) == 0)
			break;
	}
	if (open[k] == NULL)
		return 0;
	for (p = t + n; p < t + len; p++) {
		if (*p == ' ' || *p == '\n' || *p == '\t')
			in = 0;
		else if (!in) {
			in = 1;
			words++;
		}
	}
	return words <= MORE_WORDS;
}

/* See html_int.h. */
void
w_html_item_meta(struct hdoc *d, int root, int lines)
{
	struct w_buf b;
	size_t len;
	int i, nx, drop;

	w_html_buf_init(&b, 4 * META_MAX);
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = 0;
		if (d->n[i].tag != H_TEXT && (len = w_html_text_len(d, i)) > 0 &&
		    len <= META_MAX && !(lines && !w_html_is_block(d->n[i].tag) &&
		    d->n[i].parent >= 0 &&
		    w_html_text_len(d, d->n[i].parent) > len)) {
			w_buf_reset(&b);
			w_html_text(d, i, &b);
			drop = b.p != NULL && (w_html_meta_line(b.p) ||
			    w_html_more_line(b.p) || w_html_action_line(b.p) ||
			    (w_html_link_len(d, i) >= len && more_to(b.p)));
		}
		nx = w_html_next_pre(d, i, root, drop);
		if (drop)
			w_html_unlink(d, i);
	}
	w_buf_free(&b);
}

/*
 * The site's own pages, linked from every page's footer (about,
 * careers, press, privacy, terms, help, contact, imprint...), in five
 * languages, as line_is reads them (its bytes past ASCII left out:
 * "Mentions légales" is "mentions lgales").
 */
static const char *const site_pages[] = {
	"about", "about us", "careers", "jobs", "press", "newsroom",
	"privacy", "privacy policy", "privacy notice", "terms",
	"terms of use", "terms of service", "terms and conditions",
	"terms & conditions", "help", "help center", "contact",
	"contact us", "cookies", "cookie policy", "cookie settings",
	"sitemap", "site map", "legal", "imprint", "impressum",
	"datenschutz", "kontakt", "agb", "advertise", "accessibility",
	"status", "investors", "contacto", "aviso legal", "privacidad",
	"contatti", "mentions lgales", NULL
};

#define SITE_TEXT	1200	/* characters of a group of the site's links */
#define SITE_LINK	32	/* characters of one of its links */
#define SITE_MIN	5	/* links in it */
#define SITE_PAGES	3	/* of them naming the site's pages */
#define SITE_DENSITY	0.5	/* of its text in links */

/*
 * Whether element i is a group of the site's links: SITE_MIN short
 * links or more, SITE_DENSITY of its SITE_TEXT characters at most in
 * links (the rest: the group's headings, a copyright line), SITE_PAGES
 * of them naming the pages every footer links (site_pages): a footer
 * or menu the markup does not mark as one (no footer, nav or role;
 * class names made by a build tool). Each link's text is compared to
 * the list, never a word inside it: "About the harbour" is a title.
 */
static int
site_links(const struct hdoc *d, int i, struct w_buf *b)
{
	size_t n = w_html_text_len(d, i);
	int j, links = 0, pages = 0;

	if (n == 0 || n > SITE_TEXT ||
	    w_html_link_density(d, i) < SITE_DENSITY)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i,
	    d->n[j].tag == TidyTag_A)) {
		if (d->n[j].tag != TidyTag_A ||
		    (n = w_html_text_len(d, j)) == 0)
			continue;
		if (n > SITE_LINK)
			return 0;
		links++;
		w_buf_reset(b);
		w_html_text(d, j, b);
		pages += b->p != NULL && line_is(b->p, site_pages);
	}
	return links >= SITE_MIN && pages >= SITE_PAGES;
}

/* See html_int.h. */
size_t
w_html_site_links(struct hdoc *d, int root)
{
	struct w_buf b;
	size_t dropped = 0;
	int i, nx, drop;

	if (root < 0)
		return 0;
	w_html_buf_init(&b, 4 * SITE_LINK);
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = d->n[i].tag != H_TEXT && site_links(d, i, &b);
		nx = w_html_next_pre(d, i, root, drop);
		if (drop) {
			dropped += w_html_text_len(d, i);
			w_html_unlink(d, i);
		}
	}
	w_buf_free(&b);
	return dropped;
}

/*
 * A pager or a result count standing alone: an element of up to
 * PAGER_TEXT characters whose whole text is page numbers and the
 * words of a pager, one going back and one going on ("Previous
 * Next", "« previous 1 2 3 … 95 next »", "< Older | Newer >"), or
 * "Page 2 of 8", or a count of results ("1–30 of 296 products",
 * "Showing 1-20 of 85", "(8 results)"): the page's controls, never
 * its text. On WCXB dev every such line printed (12 on 11 pages of
 * every type) is out of the truth.
 */
#define PAGER_TEXT	160
#define PAGER_WORDS	32

static int
pager_word(const char *w, size_t n, const char *const *l)
{
	int k;

	for (k = 0; l[k] != NULL; k++)
		if (strlen(l[k]) == n && strncmp(w, l[k], n) == 0)
			return 1;
	return 0;
}

static int
pager_text(const char *s)
{
	static const char *const back[] = {
		"previous", "prev", "older", "back", "zur\xc3\xbc" "ck",
		"vorherige", "pr\xc3\xa9" "c\xc3\xa9" "dent",
		"pr\xc3\xa9" "c\xc3\xa9" "dente",
		"anterior", "precedente", NULL
	};
	static const char *const on[] = {
		"next", "newer", "weiter", "n\xc3\xa4" "chste", "suivant",
		"suivante", "siguiente", "successivo", "successiva", NULL
	};
	static const char *const filler[] = {
		"page", "pages", "of", "first", "last", "posts", "post",
		"entries", "entry", "articles", "stories", "go", "to", NULL
	};
	static const char *const counted[] = {
		"results", "result", "products", "items", "entries", "listings",
		"jobs", "courses", "articles", "posts", NULL
	};
	static const char *const marks[] = {
		"\xc2\xab", "\xc2\xbb", "\xe2\x80\xa6", "\xe2\x80\x93",
		"\xe2\x80\x94", "\xe2\x80\xb9", "\xe2\x80\xba", "\xe2\x86\x90",
		"\xe2\x86\x92", "\xc2\xb7", "\xe2\x80\xa2", "\xc2\xa0", NULL
	};
	char w[PAGER_WORDS][24];
	size_t wl[PAGER_WORDS], n = 0, c;
	int nw = 0, k, b = 0, o = 0, isnum[PAGER_WORDS], mark;
	const unsigned char *p = (const unsigned char *)s;

	for (;;) {
		/* one character: its bytes c, a mark or a word's */
		c = *p < 0x80 ? 1 : *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : 2;
		mark = *p == '\0';
		if (*p != '\0' && *p < 0x80 && !((*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    *p == ',')) {
			/* arrows, bars, dashes, dots, brackets; any other
			 * sign is text */
			if (strchr(" \t\r\n|<>()[]-.:/", *p) == NULL)
				return 0;
			mark = 1;
		}
		for (k = 0; *p >= 0x80 && marks[k] != NULL && !mark; k++)
			if (strncmp((const char *)p, marks[k],
			    strlen(marks[k])) == 0)
				mark = 1;
		if (mark && n > 0) {
			/* the word before ends */
			if (nw == PAGER_WORDS)
				return 0;
			w[nw][n] = '\0';
			wl[nw] = n;
			for (isnum[nw] = 1, k = 0; k < (int)n; k++)
				if ((w[nw][k] < '0' || w[nw][k] > '9') &&
				    w[nw][k] != ',')
					isnum[nw] = 0;
			nw++;
			n = 0;
		}
		if (*p == '\0')
			break;
		if (!mark) {
			if (n + c >= sizeof(w[0]) || nw == PAGER_WORDS)
				return 0;
			for (k = 0; k < (int)c && p[k] != '\0'; k++)
				w[nw][n++] = (char)(p[k] >= 'A' &&
				    p[k] <= 'Z' ? p[k] + 32 : p[k]);
		}
		for (k = 0; k < (int)c && *p != '\0'; k++)
			p++;
	}
	for (k = 0; k < nw; k++) {
		if (isnum[k])
			continue;
		if (pager_word(w[k], wl[k], back))
			b++;
		else if (pager_word(w[k], wl[k], on))
			o++;
		else if (!pager_word(w[k], wl[k], filler))
			break;
	}
	if (k == nw && b > 0 && o > 0)
		return 1;
	/* "Page 2 of 8" */
	if (nw == 4 && strcmp(w[0], "page") == 0 && isnum[1] &&
	    strcmp(w[2], "of") == 0 && isnum[3])
		return 1;
	/* "1–30 of 296 products", "Showing 1-20 of 85" */
	k = nw > 0 && strcmp(w[0], "showing") == 0;
	if (nw - k >= 4 && nw - k <= 5 && isnum[k] && isnum[k + 1] &&
	    strcmp(w[k + 2], "of") == 0 && isnum[k + 3] &&
	    (nw - k == 4 || pager_word(w[k + 4], wl[k + 4], counted)))
		return 1;
	/* "(8 results)" */
	return nw == 2 && isnum[0] && (strcmp(w[1], "results") == 0 ||
	    strcmp(w[1], "result") == 0);
}

/* See html_int.h. */
size_t
w_html_pager_lines(struct hdoc *d, int root)
{
	struct w_buf b;
	size_t dropped = 0, n;
	int i, nx, drop;

	if (root < 0)
		return 0;
	w_html_buf_init(&b, 4 * PAGER_TEXT);
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = 0;
		if (d->n[i].tag != H_TEXT &&
		    (n = w_html_text_len(d, i)) > 0 && n <= PAGER_TEXT) {
			w_buf_reset(&b);
			w_html_text(d, i, &b);
			drop = b.p != NULL && pager_text(b.p);
		}
		nx = w_html_next_pre(d, i, root, drop);
		if (drop) {
			dropped += n;
			w_html_unlink(d, i);
		}
	}
	w_buf_free(&b);
	return dropped;
}
