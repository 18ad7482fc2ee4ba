/*
 * html_clean.c: the cleaning half of the main-content pass: data
 * tables, Readability's conditional cleaning in one post-order walk,
 * share widgets and leftover form controls; and the boilerplate strip
 * used on fallbacks.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

/* Elements with tag under root, in document order, into s->v. */
void
w_html_collect(struct hscore *s, int root, int tag)
{
	int j;

	s->nv = 0;
	for (j = s->d->n[root].first; j >= 0;
	    j = w_html_next_pre(s->d, j, root, 0))
		if (s->d->n[j].tag == tag)
			w_html_push(&s->v, &s->nv, &s->vcap, j);
}

static void
clean_tag(struct hscore *s, int root, int tag)
{
	size_t k;

	w_html_collect(s, root, tag);
	for (k = s->nv; k-- > 0; )
		w_html_unlink(s->d, s->v[k]);
}

static int
span_of(const struct hdoc *d, int i, const char *a)
{
	const char *v = w_html_attr(d, i, a);
	long n = v != NULL ? strtol(v, NULL, 10) : 0;

	return n > 0 && n < 10000 ? (int)n : 1;
}

#define DT_DATA		1	/* a caption with content, col, thead, th, ... */
#define DT_TABLE	2	/* a table */

/* What node j is to mark_data_tables(): DT_DATA, DT_TABLE or 0. */
static unsigned char
dt_own(const struct hdoc *d, int j)
{
	switch (d->n[j].tag) {
	case TidyTag_CAPTION:
		return d->n[j].first >= 0 ? DT_DATA : 0;
	case TidyTag_COLGROUP: case TidyTag_COL:
	case TidyTag_THEAD: case TidyTag_TFOOT:
	case TidyTag_TH:
		return DT_DATA;
	case TidyTag_TABLE:
		return DT_TABLE;
	default:
		return 0;
	}
}

/*
 * Readability's _markDataTables over root's tables. What each table
 * holds below it (a data element, a table) comes from one bottom-up
 * pass over root, and rows and columns are counted only in tables
 * without a table inside (the only ones where they decide), whose
 * subtrees never overlap: linear in root's size however deep tables
 * nest (a walk of every table's subtree, and of every row's, was
 * quadratic in the nesting).
 */
static void
mark_data_tables(struct hscore *s, int root)
{
	struct hdoc *d = s->d;
	const char *role, *dt;
	unsigned char *sub;
	int *pre;
	size_t k, n;
	int t, j, p, rows, cols, c, cc;

	w_html_collect(s, root, TidyTag_TABLE);
	if (s->nv == 0)
		return;
	/* sub[j]: what j's descendants are, children before parents */
	sub = w_calloc((size_t)d->nn, 1);
	pre = w_malloc((size_t)d->nn * sizeof(*pre));
	n = 0;
	for (j = d->n[root].first; j >= 0; j = w_html_next_pre(d, j, root, 0))
		pre[n++] = j;
	for (k = n; k-- > 0; ) {
		j = pre[k];
		p = d->n[j].parent;
		if (p >= 0 && p != root)
			sub[p] |= sub[j] | dt_own(d, j);
	}
	free(pre);
	for (k = 0; k < s->nv; k++) {
		t = s->v[k];
		role = w_html_attr(d, t, "role");
		dt = w_html_attr(d, t, "datatable");
		if ((role != NULL && strcmp(role, "presentation") == 0) ||
		    (dt != NULL && strcmp(dt, "0") == 0))
			continue;
		if (w_html_attr(d, t, "summary") != NULL) {
			d->n[t].flags |= HF_DATATABLE;
			continue;
		}
		if (sub[t] & DT_DATA) {
			d->n[t].flags |= HF_DATATABLE;
			continue;
		}
		if (sub[t] & DT_TABLE)
			continue;
		rows = cols = 0;
		for (j = d->n[t].first; j >= 0;
		    j = w_html_next_pre(d, j, t, 0)) {
			if (d->n[j].tag != TidyTag_TR)
				continue;
			rows += span_of(d, j, "rowspan");
			for (cc = 0, c = d->n[j].first; c >= 0;
			    c = w_html_next_pre(d, c, j, 0))
				if (d->n[c].tag == TidyTag_TD)
					cc += span_of(d, c, "colspan");
			if (cc > cols)
				cols = cc;
		}
		if (cols == 1 || rows == 1)
			continue;
		if (rows >= 10 || cols > 4 || rows * cols > 10)
			d->n[t].flags |= HF_DATATABLE;
	}
	free(sub);
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
	int	 p, img, li, input, embed, dtable;
	size_t	 head, list, textish;
};

/* Text that is only an advertisement label or a loading notice. */
static int
ad_or_loading(const struct hdoc *d, int i)
{
	static const char *const w[] = {
		"ad", "advertising", "advertisement", "pub", "publicit\xc3\xa9",
		"werb", "werbung", "\xe5\xb9\xbf\xe5\x91\x8a",
		"\xd0\xa0\xd0\xb5\xd0\xba\xd0\xbb\xd0\xb0\xd0\xbc\xd0\xb0",
		"anuncio", "loading", "loading...", "loading\xe2\x80\xa6",
		"chargement", "chargement...", "cargando", "cargando...",
		"\xe6\xad\xa3\xe5\x9c\xa8\xe5\x8a\xa0\xe8\xbd\xbd",
		NULL
	};
	struct w_buf b;
	char *p, *e;
	size_t k;
	int r = 0;

	w_html_buf_init(&b, 4096);
	w_html_text(d, i, &b);
	for (p = b.p; *p == ' ' || *p == '\n' || *p == '\t'; p++)
		;
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\n' ||
	    e[-1] == '\t'); e--)
		;
	*e = '\0';
	for (k = 0; w[k] != NULL && !r; k++)
		r = strcasecmp(p, w[k]) == 0;
	w_buf_free(&b);
	return r;
}

/* The author line of a post: an author's name or a date in it. */
static int
post_meta(const struct hdoc *d, int i)
{
	int j;

	if (w_html_authorish(d, i))
		return 1;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_TIME || w_html_authorish(d, j))
			return 1;
	return 0;
}

/* Words (runs between spaces) of the text under i, up to 8. */
static int
words(const struct hdoc *d, int i)
{
	struct w_buf b;
	const char *p;
	int n = 0, in = 0;

	w_html_buf_init(&b, 1024);
	w_html_text(d, i, &b);
	for (p = b.p; *p != '\0' && n < 8; p++) {
		if (*p == ' ' || *p == '\n' || *p == '\t')
			in = 0;
		else if (!in) {
			in = 1;
			n++;
		}
	}
	w_buf_free(&b);
	return n;
}

/*
 * The title of an item card: an element whose text is one link of a
 * few words, marked as a heading (a heading element, a title or
 * headline class) or of four words or more (not a "read more"), beside text of the card's own that is not links (a
 * teaser, a date, an author). Listings are made of these; link density
 * alone would drop every title and keep the teasers.
 */
static int
card_title(const struct hdoc *d, int i, size_t clen)
{
	size_t plen, pl;
	int j, a = -1, p, head = 0, t;
	const char *c;

	if (clen < 15 || clen > 200)
		return 0;
	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		t = d->n[j].tag;
		if (t == H_TEXT)
			continue;
		if (t == TidyTag_A && w_html_text_len(d, j) > 0) {
			if (a >= 0)
				return 0;
			a = j;
		}
		c = w_html_attr(d, j, "class");
		if ((t >= TidyTag_H1 && t <= TidyTag_H6) ||
		    w_html_ci_contains(c, "title") ||
		    w_html_ci_contains(c, "headline") ||
		    w_html_ci_contains(c, "heading"))
			head = 1;
	}
	if (a < 0 || (!head && words(d, a) < 4) ||
	    w_html_text_len(d, a) * 10 < clen * 9)
		return 0;
	if ((p = d->n[i].parent) < 0)
		return 0;
	plen = w_html_text_len(d, p);
	pl = w_html_link_len(d, p);
	return plen < 2000 && plen > clen && plen - pl >= 30 &&
	    (plen - pl) * 2 >= plen - clen;
}

/*
 * A post of a thread: i, or its parent, one of RP_SIBS or more sibling
 * elements of one tag and one class (the posts of the page), holding
 * RP_TEXT characters or more outside links. Conditional cleaning does
 * not drop it: a short post whose poster pane shows rank pictures and
 * an avatar reads as a box of images (img > 1, few paragraphs). On
 * WCXB dev: forum F1 +0.0008 (fold A +0.0010, B +0.0006), listing
 * +0.0001, 7 pages on 7 sites, 6 up, 1 down.
 */
#define RP_SIBS		3
#define RP_TEXT		100
#define RP_NEAR		32	/* element siblings looked at either side */

static int
same_kind(const struct hdoc *d, int a, int b)
{
	const char *ca, *cb;

	if (d->n[a].tag != d->n[b].tag)
		return 0;
	ca = w_html_attr(d, a, "class");
	cb = w_html_attr(d, b, "class");
	return ca != NULL && cb != NULL && *ca != '\0' && strcmp(ca, cb) == 0;
}

/* Element siblings of k like it, RP_NEAR elements either side at most. */
static int
like_near(const struct hdoc *d, int k)
{
	int j, e, n = 0;

	for (j = d->n[k].prev, e = 0; j >= 0 && e < RP_NEAR; j = d->n[j].prev)
		if (d->n[j].tag != H_TEXT && (e++, same_kind(d, j, k)))
			n++;
	for (j = d->n[k].next, e = 0; j >= 0 && e < RP_NEAR; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT && (e++, same_kind(d, j, k)))
			n++;
	return n;
}

static int
repeated_post(const struct hdoc *d, int i, size_t clen)
{
	int k, lvl;

	if (clen < RP_TEXT || clen - w_html_link_len(d, i) < RP_TEXT)
		return 0;
	for (k = i, lvl = 0; k >= 0 && lvl < 2; k = d->n[k].parent, lvl++)
		if (d->n[k].parent >= 0 && like_near(d, k) + 1 >= RP_SIBS)
			return 1;
	return 0;
}

#define PROSE_LINKS	3
#define PROSE_OWN	50
#define PROSE_AROUND	10

/* Characters of the text beside the inline run x on its line, in
 * one direction (prev or next siblings, up to a block or a break),
 * links left out; counted to PROSE_AROUND, all that is asked. */
static size_t
beside(const struct hdoc *d, int x, int back)
{
	size_t n = 0, k;
	int j, t;

	for (j = back ? d->n[x].prev : d->n[x].next; j >= 0;
	    j = back ? d->n[j].prev : d->n[j].next) {
		t = d->n[j].tag;
		if (t == H_TEXT) {
			for (k = 0; k < d->n[j].len; k++)
				if (!isspace((unsigned char)
				    d->pool[d->n[j].off + k]))
					n++;
		} else if (t == TidyTag_BR || w_html_is_block(t))
			break;
		else if (t != TidyTag_A)
			n += w_html_text_len(d, j) - w_html_link_len(d, j);
		if (n >= PROSE_AROUND)
			break;
	}
	return n;
}

/*
 * A disclosure header: a link that goes nowhere (no href, "#" or a
 * javascript: URL) holding a heading, as an accordion's question is
 * often written. Its words are the heading of the panel after it, not
 * a link the text cites.
 */
static int
toggle_header(const struct hdoc *d, int a)
{
	const char *href = w_html_attr(d, a, "href");
	int k;

	if (href != NULL && strcmp(href, "#") != 0 &&
	    strncasecmp(href, "javascript:", 11) != 0)
		return 0;
	for (k = d->n[a].first; k >= 0; k = w_html_next_pre(d, k, a, 0))
		if (d->n[k].tag >= TidyTag_H1 && d->n[k].tag <= TidyTag_H6)
			return 1;
	return 0;
}

/*
 * Text in links that go nowhere ("#", javascript:) under i, outside
 * list items (a menu's openers stay links): buttons ("Show more",
 * "Copy link", a thread's collapse toggle), weighed for the link
 * density limit as the in-page links are, at three tenths. On WCXB
 * dev: 0.8981 -> 0.8982 (loss -0.3), product A +0.0025, forum A
 * +0.0011, service +0.0002, 6 pages up, 4 down (truths that leave
 * out an FAQ answer or a tab panel kept so); readability 0.982. Every
 * such link (menus too) moved a region pick on a clinic's page
 * (-0.357).
 */
static size_t
toggle_len(const struct hdoc *d, int i)
{
	const char *href;
	size_t n = 0;
	int j;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i,
	    d->n[j].tag == TidyTag_A || d->n[j].tag == TidyTag_LI)) {
		if (d->n[j].tag != TidyTag_A)
			continue;
		href = w_html_attr(d, j, "href");
		if (href != NULL && (strcmp(href, "#") == 0 ||
		    strncasecmp(href, "javascript:", 11) == 0))
			n += w_html_text_len(d, j);
	}
	return n;
}

/*
 * Prose that cites a few links: a box whose text is running
 * sentences, with at most PROSE_LINKS links, each inside a line of
 * text (PROSE_AROUND characters or more beside it on its line, not a
 * title or a menu entry on a line of its own), at least PROSE_OWN
 * characters outside the links and more than inside them, and a
 * sentence end (". ", "? ", "! " or one at the end). A paragraph that
 * names its source in a link ("In fact, <a>Gemini grew 30%</a>. With
 * ...") is text, not the link box the link density limit is for.
 * A disclosure header (above) is not one of the links: an accordion's
 * answer stays though its question is written as a link.
 */
static int
prose_links(const struct hdoc *d, int i, size_t clen)
{
	struct w_buf b;
	const char *p;
	size_t ll;
	int j, x, links = 0, end = 0;

	ll = w_html_link_len(d, i);
	if (clen < ll + PROSE_OWN || ll * 2 >= clen)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		if (d->n[j].tag != TidyTag_A || w_html_text_len(d, j) == 0 ||
		    toggle_header(d, j))
			continue;
		if (++links > PROSE_LINKS)
			return 0;
		/* up through the inline elements around it */
		for (x = j; d->n[x].parent != i &&
		    !w_html_is_block(d->n[d->n[x].parent].tag);
		    x = d->n[x].parent)
			;
		if (beside(d, x, 1) + beside(d, x, 0) < PROSE_AROUND)
			return 0;
	}
	if (links == 0)
		return 0;
	w_html_buf_init(&b, 1024);
	w_html_text(d, i, &b);
	for (p = b.p; *p != '\0' && !end; p++)
		end = (*p == '.' || *p == '?' || *p == '!') &&
		    (p[1] == ' ' || p[1] == '\n' || p[1] == '\0') &&
		    p > b.p && p[-1] != ' ';
	w_buf_free(&b);
	return end;
}

/* Readability's _cleanConditionally verdict for node i. */
static int
should_drop(struct hscore *s, int i, int tag, const struct agg *g)
{
	struct hdoc *d = s->d;
	int islist = tag == TidyTag_UL || tag == TidyTag_OL;
	int weight, j, li, drop;
	size_t clen;
	double ld, hd;

	clen = w_html_text_len(d, i);
	if (!islist)
		islist = clen > 0 && (double)g->list / clen > 0.9;
	if (tag == TidyTag_TABLE && (d->n[i].flags & HF_DATATABLE))
		return 0;
	if (in_datatable(d, i))
		return 0;
	if (w_html_has_ancestor(d, i, TidyTag_CODE, 3) || g->dtable > 0)
		return 0;
	if ((s->prof & HP_THREAD) && clen < 200 && post_meta(d, i))
		return 0;
	if ((s->prof & HP_THREAD) && repeated_post(d, i, clen))
		return 0;
	if (w_html_tile_name(d, i, clen))
		return 0;
	weight = w_html_class_weight(s, i);
	if (weight < 0)
		return 1;
	if (card_title(d, i, clen))
		return 0;
	if (w_html_commas(d, i, 0) >= 10)
		return 0;
	if (clen < 24 && ad_or_loading(d, i))
		return 1;
	li = g->li - 100;
	hd = clen > 0 ? (double)g->head / clen : 0;
	ld = w_html_link_density(d, i);
	if (ld > 0.2 && clen > 0)
		ld -= 0.7 * (double)toggle_len(d, i) / (double)clen;
	drop = (g->img > 1 && (double)g->p / g->img < 0.5 &&
	    !w_html_has_ancestor(d, i, TidyTag_FIGURE, 3)) ||
	    (!islist && li > g->p) ||
	    (g->input > g->p / 3) ||
	    (!islist && hd < 0.9 && clen < 25 &&
	    (g->img == 0 || g->img > 2) && ld > 0 &&
	    !w_html_has_ancestor(d, i, TidyTag_FIGURE, 3)) ||
	    (!islist && weight < 25 && ld > 0.2 &&
	    !prose_links(d, i, clen)) ||
	    (weight >= 25 && ld > 0.5) ||
	    (g->embed == 1 && clen < 75) || g->embed > 1 ||
	    (g->img == 0 && (clen == 0 || g->textish == 0));
	if (islist && drop) {
		for (j = d->n[i].first; j >= 0; j = d->n[j].next)
			if (d->n[j].tag != H_TEXT &&
			    w_html_nelem_kids(d, j) > 1)
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
		g->head += w_html_text_len(d, j);
		break;
	case TidyTag_UL: case TidyTag_OL:
		g->list += w_html_text_len(d, j);
		break;
	case TidyTag_TABLE:
		if (d->n[j].flags & HF_DATATABLE)
			g->dtable++;
		break;
	default:
		break;
	}
	switch (d->n[j].tag) {
	case TidyTag_SPAN: case TidyTag_LI: case TidyTag_TD:
	case TidyTag_BLOCKQUOTE: case TidyTag_DL: case TidyTag_DIV:
	case TidyTag_IMG: case TidyTag_OL: case TidyTag_P: case TidyTag_PRE:
	case TidyTag_TABLE: case TidyTag_UL:
		g->textish += w_html_text_len(d, j);
		break;
	default:
		break;
	}
}

static int
down(struct hscore *s, int j)
{
	memset(&s->agg[j], 0, sizeof(s->agg[j]));
	while (s->d->n[j].first >= 0) {
		j = s->d->n[j].first;
		memset(&s->agg[j], 0, sizeof(s->agg[j]));
	}
	return j;
}

/*
 * A tree of links: a list of at least TREE_LINKS links and nothing
 * else (link density TREE_DENSITY), lists nested in its items: a
 * site's menu or page tree (a mega-menu, a section picker, a sidebar's
 * page tree) left inside the region, never the page's text.
 */
#define TREE_LINKS	12
#define TREE_DENSITY	0.9
static int
link_tree(const struct hdoc *d, int i)
{
	int j, k, t, links = 0, nested = 0;

	if (w_html_link_density(d, i) < TREE_DENSITY)
		return 0;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag != TidyTag_LI)
			continue;
		for (k = d->n[j].first; k >= 0;
		    k = w_html_next_pre(d, k, j, 0)) {
			t = d->n[k].tag;
			if (t == TidyTag_A)
				links++;
			else if (t == TidyTag_UL || t == TidyTag_OL)
				nested = 1;
		}
		if (nested && links >= TREE_LINKS)
			return 1;
	}
	return 0;
}

/*
 * Conditional cleaning of every tag element under root, in one
 * post-order pass: each verdict sees its subtree after the verdicts on
 * its descendants, as Readability's reverse document order does.
 */
static void
clean_cond(struct hscore *s, int root, int tag)
{
	struct hdoc *d = s->d;
	struct agg *g;
	int j, nx, par, drop;

	if (!(s->flags & HS_CLEAN) || d->n[root].first < 0)
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
			/* a span, label or summary that holds blocks
			 * is a div to the pipeline but none to
			 * Readability's cleaning, which drops none */
			drop = d->n[j].tag == tag &&
			    d->n[j].otag != TidyTag_SPAN &&
			    d->n[j].otag != TidyTag_LABEL &&
			    d->n[j].otag != TidyTag_SUMMARY &&
			    should_drop(s, j, tag, g);
			if (drop)
				w_html_drop_box(d, j, s->prof);
			else {
				agg_own(d, j, g);
				s->agg[par].p += g->p;
				s->agg[par].img += g->img;
				s->agg[par].li += g->li;
				s->agg[par].input += g->input;
				s->agg[par].embed += g->embed;
				s->agg[par].head += g->head;
				s->agg[par].list += g->list;
				s->agg[par].textish += g->textish;
				s->agg[par].dtable += g->dtable;
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
		/* (the first byte, either case, settles most places) */
		if ((*p | 0x20) != 's' || strncasecmp(p, "share", 5) != 0)
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

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == H_TEXT)
			n += w_html_utf8_len(d->pool + d->n[j].off,
			    d->n[j].len);
	return n;
}

static void
clean_share(struct hscore *s, int art)
{
	struct hdoc *d = s->d;
	int c, j;

	for (c = d->n[art].first; c >= 0; c = d->n[c].next) {
		if (d->n[c].tag == H_TEXT)
			continue;
		for (j = d->n[c].first; j >= 0; ) {
			if (d->n[j].tag != H_TEXT &&
			    (share_like(w_html_attr(d, j, "class")) ||
			    share_like(w_html_attr(d, j, "id"))) &&
			    raw_len(d, j) < HS_CHARS) {
				int nx = w_html_next_pre(d, j, c, 1);

				w_html_unlink(d, j);
				j = nx;
			} else
				j = w_html_next_pre(d, j, c, 0);
		}
	}
}

/*
 * A picture drawn in markup: a box named for an illustration, a
 * graphic or a mockup (a product's interface shown on its landing
 * page) whose text is fragments, at least PIC_FRAGS text pieces of
 * PIC_FRAG_LEN characters or fewer on average (labels, names, ticket
 * numbers), never sentences.
 */
#define PIC_FRAGS	8
#define PIC_FRAG_LEN	24
static const char *const pic_words[] = {
	"illustration", "graphic", "mockup", "mock-up", NULL
};
static int
ui_picture(const struct hdoc *d, int i)
{
	size_t len, n = 0;
	int j, t = d->n[i].tag;

	if (t != TidyTag_DIV && t != TidyTag_SECTION && t != TidyTag_FIGURE &&
	    !(d->n[i].flags & HF_CUSTOM))
		return 0;
	if (!w_html_ci_any(d, w_html_attr(d, i, "class"), pic_words))
		return 0;
	if ((len = w_html_text_len(d, i)) == 0)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == H_TEXT && d->n[j].len > 1)
			n++;
	return n >= PIC_FRAGS && len <= n * PIC_FRAG_LEN;
}

/* Readability's _prepArticle over the gathered content art. */
void
w_html_prep_article(struct hscore *s, int art)
{
	struct hdoc *d = s->d;
	size_t k;
	int i, j, img, pic;

	mark_data_tables(s, art);
	/* a picture drawn in markup, a notice, whatever the page type */
	for (i = d->n[art].first; i >= 0; i = j) {
		pic = d->n[i].tag != H_TEXT && (ui_picture(d, i) ||
		    w_html_notice(d, i, 0));
		j = w_html_next_pre(d, i, art, pic);
		if (pic)
			w_html_unlink(d, i);
	}
	if (s->prof & HP_PROSE)
		w_html_prose_strip(d, art);
	if (s->prof & HP_THREAD)
		w_html_strip_chrome(d, art, s->prof);
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
		w_html_collect(s, art, i == 0 ? TidyTag_H1 : TidyTag_H2);
		for (k = s->nv; k-- > 0; )
			if (w_html_class_weight(s, s->v[k]) < 0)
				w_html_unlink(d, s->v[k]);
	}
	clean_cond(s, art, TidyTag_TABLE);
	clean_cond(s, art, TidyTag_UL);
	clean_cond(s, art, TidyTag_DIV);
	w_html_collect(s, art, TidyTag_H1);
	for (k = 0; k < s->nv; k++)
		d->n[s->v[k]].tag = TidyTag_H2;
	w_html_collect(s, art, TidyTag_P);
	/* an empty paragraph goes unless it holds media: the text length
	 * is kept per node, so only an empty one is walked, up to its
	 * first media (nested paragraphs made a walk per level) */
	for (k = s->nv; k-- > 0; ) {
		i = s->v[k];
		if (w_html_text_len(d, i) > 0)
			continue;
		img = 0;
		for (j = d->n[i].first; j >= 0 && img == 0;
		    j = w_html_next_pre(d, j, i, 0))
			if (d->n[j].tag == TidyTag_IMG ||
			    d->n[j].tag == TidyTag_EMBED ||
			    d->n[j].tag == TidyTag_OBJECT ||
			    d->n[j].tag == TidyTag_IFRAME)
				img++;
		if (img == 0)
			w_html_unlink(d, i);
	}
}

/* Class words of page chrome: navigation, promotion, forms, pop-ups. */
static const char *const chrome[] = {
	"breadcrumb", "pagination", "pager", "facet", "filter", "sorting",
	"sort-by", "newsletter", "subscribe", "signup", "sign-up", "social",
	"share", "sidebar", "related", "recommend", "advert",
	"-ad-", "modal", "popup", "pop-up", "overlay", "skip-link", "navbar",
	"site-header", "site-footer", "masthead", "menu", "toolbar", NULL
};

/*
 * Outside articles: a page's legal fine print (disclaimers, offer
 * terms), beside a landing page's or a product's text, not part of it.
 */
static const char *const legal_words[] = {
	"disclaimer", "copy-legal", "fine-print", "fineprint", NULL
};

/*
 * On a product page: the shop's legal notices beside the product (a
 * game's rating boards and trademarks, offer terms), a box whose class
 * or id holds "legal" as a part of its own ("game-legal", "legal_area",
 * not "legalShipping"), in whatever tag.
 */
static int
legal_part(const char *v)
{
	const char *p;

	for (p = v; v != NULL && (p = strstr(p, "legal")) != NULL; p += 5)
		if ((p == v || p[-1] == '-' || p[-1] == '_' || p[-1] == ' ') &&
		    (p[5] == '\0' || p[5] == '-' || p[5] == '_' ||
		    p[5] == ' '))
			return 1;
	return 0;
}

static int
shop_legal(const struct hdoc *d, int i)
{
	return legal_part(w_html_attr(d, i, "class")) ||
	    legal_part(w_html_attr(d, i, "id"));
}

/* In threads: what surrounds the posts. */
static const char *const thread_words[] = {
	"vote", "badge", "reaction", "kudos", "post-actions", "postactions",
	"post-controls", "toolbar", "signature", "reply-form", "replyform",
	"share", NULL
};

/*
 * A poster's signature named by its data-role alone ("memberSignature"),
 * where its class says nothing of it. On WCXB dev: forum 0.8390 ->
 * 0.8396 (fold A +0.0012, B +0.0000), 1 page up, none down.
 */
static int
role_signature(const struct hdoc *d, int i)
{
	static const char *const w[] = { "signature", NULL };

	return w_html_ci_any(d, w_html_attr(d, i, "data-role"), w);
}

/* Of those, the controls beside a post: none holds a post's text. */
static const char *const thread_widgets[] = {
	"vote", "badge", "reaction", "kudos", "post-actions", "postactions",
	"post-controls", "toolbar", NULL
};

#define WIDGET_PARA	30	/* characters of a post's paragraph */
#define WIDGET_TEXT	40	/* characters of a post outside links */

/*
 * Whether i holds a post's text: a paragraph of WIDGET_PARA characters
 * and WIDGET_TEXT in all, mostly outside links, which a vote widget or
 * a badge never holds (an "unvoted" entry is a post before its vote).
 */
static int
holds_para(const struct hdoc *d, int i)
{
	size_t n;
	int j;

	n = w_html_text_len(d, i);
	if (n < WIDGET_TEXT || n - w_html_link_len(d, i) < WIDGET_TEXT)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_P &&
		    (n = w_html_text_len(d, j)) >= WIDGET_PARA &&
		    2 * w_html_link_len(d, j) < n)
			return 1;
	return 0;
}

/* In listings: what is interleaved with the items or sorts them. */
static const char *const list_words[] = {
	"promo", "sponsor", "advert", "sort-", "sorting", "pagination",
	"pager", "filter", "facet", "load-more", "loadmore", NULL
};

/* On product pages: what surrounds the product, the tooltips and tab
 * lists of its details, its badges, bars of actions, boxes styled as
 * buttons and the shop's banners ("btn", "actions", "badge": WCXB dev
 * product +0.0015, 18 sites up, 2 down; "banner" +0.002, 5 sites up, 1
 * down; "gallery" and "message" lost: a gallery box may hold the
 * product, a message box its notes). */
static const char *const shop[] = {
	"review", "rating", "recommend", "also-",
	"upsell", "up-sell", "cross-sell", "crosssell", "similar",
	"recently", "viewed", "bundle", "accessor", "question", "tooltip",
	"tool-tip", "popover", "btn", "actions", "badge", "banner", NULL
};

/* Screen-reader-only classes. */
static const char *const sr_words[] = {
	"sr-only", "visually-hidden", "visuallyhidden", "screen-reader",
	NULL
};

/* On product pages: the page's footer, however its class is built. */
static const char *const foot_words[] = {
	"footer", NULL
};

/*
 * The same for sliding strips: chrome when they hold tiles of links
 * or of prices (other products), content when they hold text (features, a
 * comparison of the product's variants).
 */
static const char *const slides[] = {
	"carousel", "slider", NULL
};

/* What a post's counters count ("12 likes", "3 replies"), its
 * poster's ("1,204 posts") and the thread's ("6.3K views", "14
 * participants"). */
static const char *const counted[] = {
	"like", "likes", "reply", "replies", "comment", "comments", "vote",
	"votes", "upvote", "upvotes", "point", "points", "thanks",
	"helpful vote", "helpful votes", "reaction", "reactions", "post",
	"posts", "message", "messages", "view", "views", "participant",
	"participants", "follower", "followers", NULL
};

/*
 * The whole labels of a post's controls and of a thread's ("Reply",
 * "Report inappropriate content", "Show more replies", "Sort by"), and
 * the badge or label of the thread's starter ("Discussion starter",
 * "Thread starter", "Start date"), closing punctuation aside.
 */
static const char *const post_controls[] = {
	"reply", "quote", "reply with quote", "multiquote", "multi-quote",
	"report", "report post", "report abuse", "report inappropriate content",
	"share", "permalink", "link to post", "show more replies",
	"load more replies", "view more replies", "show replies",
	"hide replies", "jump to latest", "jump to new", "sort by",
	"upvote", "downvote", "like", "unlike", "flag", "follow",
	"thread starter", "discussion starter", "topic starter",
	"original poster", "start date", "online", "offline",
	"click to expand",
	"antworten", "zitieren", "melden", "teilen", NULL
};
#define CONTROL_MAX	32

/* The labels of a quote box's own controls (post_counter). */
static const char *const quote_controls[] = {
	"quote", "click to expand", NULL
};

/*
 * A post's counter in a thread: a short box, link, item or button
 * (outside paragraphs, quotes, code and tables) whose text is a number
 * ("42", "#7", "1.2k") or a number of likes, replies, votes or points:
 * the vote count or post number beside each post, not its text; or
 * the label of a post's control (post_controls); in a quote too when
 * it is the quote box's own (quote_controls: its "Quote:" head, its
 * "Click to expand..."); any other label there is the quoted words.
 */
static int
post_counter(const struct hdoc *d, int i, size_t len)
{
	char buf[CONTROL_MAX + 8];
	size_t n = 0, k, m;
	int j, t = d->n[i].tag, label = 0;

	if (len == 0 || len > CONTROL_MAX || (t != TidyTag_DIV && t != TidyTag_SPAN &&
	    t != TidyTag_A && t != TidyTag_LI && t != TidyTag_BUTTON &&
	    t != TidyTag_DD && !(d->n[i].flags & HF_CUSTOM)))
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		if (d->n[j].tag != H_TEXT)
			continue;
		for (k = 0; k < d->n[j].len; k++) {
			char c = d->pool[d->n[j].off + k];

			if (c == '\n' || c == '\t' || c == '\r')
				c = ' ';
			if (c == ' ' && (n == 0 || buf[n - 1] == ' '))
				continue;
			if (n + 1 >= sizeof(buf))
				return 0;
			buf[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		}
	}
	while (n > 0 && strchr(" .:\xc2\xb7|", buf[n - 1]) != NULL)
		n--;
	buf[n] = '\0';
	for (m = 0; post_controls[m] != NULL; m++)
		if (strcmp(buf, post_controls[m]) == 0) {
			label = w_html_listed(buf, quote_controls) >= 0;
			goto number;
		}
	if (len > 20)
		return 0;
	k = buf[0] == '#' ? 1 : 0;
	if (buf[k] < '0' || buf[k] > '9')
		return 0;
	while (buf[k] >= '0' && buf[k] <= '9') {
		k++;
		if ((buf[k] == ',' || buf[k] == '.') && buf[k + 1] >= '0' &&
		    buf[k + 1] <= '9')
			k++;
	}
	if (buf[k] == 'k' || buf[k] == 'm')
		k++;
	if (buf[k] == '\0')
		goto number;
	if (buf[k] != ' ')
		return 0;
	for (m = 0; counted[m] != NULL; m++)
		if (strcmp(buf + k + 1, counted[m]) == 0)
			goto number;
	return 0;
number:
	for (j = d->n[i].parent, k = 0; j >= 0 && k < 4; j = d->n[j].parent,
	    k++) {
		t = d->n[j].tag;
		if (t == TidyTag_P || t == TidyTag_PRE || t == TidyTag_CODE ||
		    t == TidyTag_TABLE || (t == TidyTag_BLOCKQUOTE && !label) ||
		    t == TidyTag_OL || (t >= TidyTag_H1 && t <= TidyTag_H6))
			return 0;
	}
	return 1;
}

#define CLASS_TOK	128	/* a token this long or longer is no word */

/* class_has()'s folds of a value (w_html_fold_fn): taxonomy tokens
 * blanked or kept. */
static int
class_fold_tax(const char *c, char *buf, size_t size)
{
	return w_html_class_low(c, buf, size, CLASS_TOK, 1) != NULL;
}

static int
class_fold(const char *c, char *buf, size_t size)
{
	return w_html_class_low(c, buf, size, CLASS_TOK, 0) != NULL;
}

/*
 * Whether a class token of c (utility classes aside and, with tax, the
 * site's taxonomy terms: an id names the element, never a term) holds
 * a word.
 */
static int
class_has(const struct hdoc *d, const char *c, const char *const *w,
    int thread, int tax)
{
	char tok[CLASS_TOK], tmp[HF_SIZE];
	const char *t, *low;
	size_t n, k;

	if (c == NULL)
		return 0;
	/* the whole value at once, when it fits: w is lower case
	 * (folded once for the lists asked of it in a row) */
	if ((low = w_html_fold(d, c, tax ? class_fold_tax : class_fold,
	    tmp)) != NULL)
		return w_html_low_any(d, low, w) ||
		    (!thread && strstr(low, "comment") != NULL);
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		if (n < sizeof(tok) && strcspn(t, ":[./") >= n &&
		    !(tax && w_html_taxonomy_token(t, n))) {
			for (k = 0; k < n; k++)
				tok[k] = (char)(t[k] >= 'A' && t[k] <= 'Z' ?
				    t[k] + 32 : t[k]);
			tok[n] = '\0';
			/* w is lower case: as strstr on each word */
			if (w_html_low_any(d, tok, w))
				return 1;
			if (!thread && strstr(tok, "comment") != NULL)
				return 1;
		}
	}
	return 0;
}

/* class_has on i's class alone, memoised under key. */
static int
cls_has(const struct hdoc *d, int i, const char *const *w, unsigned key)
{
	int m;

	if ((m = w_html_memo(d, i, key)) >= 0)
		return m;
	return w_html_memo_put(d, i, key,
	    class_has(d, w_html_attr(d, i, "class"), w, 1, 1));
}

/* A long screen-reader-only block: a menu the eye never sees. */
static int
sr_block(const struct hdoc *d, int i)
{
	return w_html_is_block(d->n[i].tag) && w_html_text_len(d, i) > 200 &&
	    cls_has(d, i, sr_words, HM_SRW);
}

/* On a product page, any text for screen readers alone, short or
 * long: a gallery's key hints, the label of a price the eye reads by
 * its style. (In a region; WCXB dev: product +0.0002, collection
 * +0.0003, 7 sites up, none down. Also in the readability pick's
 * chrome strip it lost: a product -0.13, product -0.0002.) */
static int
sr_shop(const struct hdoc *d, int i, int prof)
{
	return prof >= 0 && (prof & HP_TABS) &&
	    cls_has(d, i, sr_words, HM_SRW);
}

/* A link within the page that skips to its content ("Skip to main
 * content", "Skip navigation"). */
static int
skip_link(const struct hdoc *d, int i)
{
	const char *h = w_html_attr(d, i, "href");
	struct w_buf b;
	const char *p;
	int r;

	if (h == NULL || h[0] != '#' || w_html_text_len(d, i) > 40)
		return 0;
	w_html_buf_init(&b, 4096);
	w_html_text(d, i, &b);
	for (p = b.p; *p == ' ' || *p == '\n' || *p == '\t'; p++)
		;
	r = strncasecmp(p, "skip", 4) == 0;
	w_buf_free(&b);
	return r;
}

/* class_has on i's class or id, memoised under key. */
static int
el_has(const struct hdoc *d, int i, const char *const *w, int thread,
    unsigned key)
{
	int m;

	if ((m = w_html_memo(d, i, key)) >= 0)
		return m;
	return w_html_memo_put(d, i, key,
	    class_has(d, w_html_attr(d, i, "class"), w, thread, 1) ||
	    class_has(d, w_html_attr(d, i, "id"), w, thread, 0));
}

/*
 * Whether i is the panel of an accordion's header just before it (an
 * FAQ's answer under its question: <h3 class="accordion-header">
 * <button>..</button></h3><div id="question-2">): a heading (h2-h6)
 * that holds, or is, an element with aria-expanded or aria-controls or
 * a class naming an accordion. The panel is the section the heading
 * opens, not a widget of the shop's that its name ("question") tells
 * of.
 */
static int
accordion_panel(const struct hdoc *d, int i)
{
	static const char *const acc[] = { "accordion", NULL };
	int j, t, k;

	for (j = d->n[i].prev; j >= 0 && d->n[j].tag == H_TEXT;
	    j = d->n[j].prev)
		if (w_html_text_len(d, j) > 0)
			return 0;
	if (j < 0)
		return 0;
	t = d->n[j].tag;
	if (t < TidyTag_H2 || t > TidyTag_H6)
		return 0;
	for (k = j; k >= 0; k = w_html_next_pre(d, k, j, 0)) {
		if (d->n[k].tag == H_TEXT)
			continue;
		if (w_html_attr(d, k, "aria-expanded") != NULL ||
		    w_html_attr(d, k, "aria-controls") != NULL ||
		    w_html_ci_any(d, w_html_attr(d, k, "class"), acc))
			return 1;
	}
	return 0;
}

/* Class words of the controls that narrow or order a list. */
static const char *const facet_words[] = {
	"facet", "filter", "sort-", "sorting", NULL
};
#define PROSE_MIN	300	/* characters of prose no facet holds */
#define PROSE_PARA	100	/* characters of a paragraph of it */

/*
 * Whether element i holds prose: at least PROSE_MIN characters, under
 * a fifth of them in links, with a paragraph of PROSE_PARA or more.
 */
static int
prose_box(const struct hdoc *d, int i)
{
	size_t len = w_html_text_len(d, i);
	int j;

	if (len < PROSE_MIN || w_html_link_len(d, i) * 5 >= len)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_P &&
		    w_html_text_len(d, j) >= PROSE_PARA &&
		    w_html_link_len(d, j) * 5 < w_html_text_len(d, j))
			return 1;
	return 0;
}

/*
 * An element named for facets, filters or sorting that holds prose
 * (prose_box). Facets are short labels, counts and check boxes; a page
 * builder's "facet-row" of copy is content.
 */
static int
facet_prose(const struct hdoc *d, int i)
{
	return (class_has(d, w_html_attr(d, i, "class"), facet_words, 1, 1) ||
	    class_has(d, w_html_attr(d, i, "id"), facet_words, 1, 0)) &&
	    prose_box(d, i);
}

/*
 * The edit note under a post ("Last edited: 3 Jul 2024", "Edited April
 * 18, 2024 by sam", "Last edited by sam; edited 2 times in total",
 * "(This post was last modified: ...)", "Zuletzt bearbeitet von ..."):
 * an element of EDIT_MAX characters at most, outside quotes, whose
 * text opens with one of edit_notes[] (an opening parenthesis aside),
 * in threads (thread) a bare "edited" too, before "by", a digit or a
 * month ("EDITED for a typo", "Edited: the link" are the poster's; an
 * article's "Edited by" names its editor). A post's furniture, not
 * its text, whatever the page's type.
 */
#define EDIT_MAX	120
static const char *const edit_notes[] = {
	"last edited", "this post was last modified", "last modified by",
	"zuletzt bearbeitet", "bearbeitet von", "dernière modification",
	"modifié par", "última edición", "editado por", "ultima modifica",
	"modificato da", "laatst bewerkt", NULL
};
static const char *const months[] = {
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
	"nov", "dec", NULL
};

static int
edit_note(const struct hdoc *d, int i, size_t len, int thread)
{
	struct w_buf b;
	const char *p;
	size_t k, n;
	int r = 0;

	if (len == 0 || len > EDIT_MAX || d->n[i].tag == TidyTag_LI ||
	    w_html_has_ancestor(d, i, TidyTag_BLOCKQUOTE, 0))
		return 0;
	w_html_buf_init(&b, 2 * EDIT_MAX);
	/* word to word (w_html_text_short): a short line under hundreds
	 * of blank elements, at every level of a nest, was copied whole
	 * each time */
	w_html_text_short(d, i, &b);
	p = b.p != NULL ? b.p : "";
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '(' ||
	    *p == '*' || *p == '[')
		p++;
	for (k = 0; edit_notes[k] != NULL && !r; k++) {
		n = strlen(edit_notes[k]);
		r = strncasecmp(p, edit_notes[k], n) == 0;
	}
	if (!r && thread && strncasecmp(p, "edited", 6) == 0) {
		p += 6;
		while (*p == ' ' || *p == '\n' || *p == '\t')
			p++;
		if ((*p >= '0' && *p <= '9') ||
		    (strncasecmp(p, "by", 2) == 0 && (p[2] == ' ' ||
		    p[2] == '\n')))
			r = 1;
		for (k = 0; months[k] != NULL && !r; k++)
			r = strncasecmp(p, months[k], 3) == 0;
	}
	w_buf_free(&b);
	return r;
}

/*
 * A box its class hides on a desktop screen ("hide-desktop",
 * "hiddenDesktop", "ipsResponsive_hideDesktop") or shows on phones
 * alone ("mobile-only", "show-on-mobile", Bootstrap's "hidden-lg"):
 * the phone layout's copy of what the desktop page prints elsewhere
 * (a thread's statistics, a product's size guide, a docs page's table
 * cut to two columns).
 * Not on lists of items: there a landing page printed its pricing
 * table twice, once in such a box, and its truth kept both (-0.19).
 */
static int
desktop_hidden(const struct hdoc *d, int i)
{
	static const char *const w[] = {
		"hidedesktop", "hiddendesktop", "hideondesktop",
		"hiddenondesktop", "desktophidden", "desktophide",
		"mobileonly", "onlymobile", "showmobile", "showonmobile",
		"visiblemobile", "hiddenlg", NULL
	};
	const char *c = w_html_attr(d, i, "class"), *t;
	char f[64];
	size_t n, k, m, l;

	if (c == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		for (k = m = 0; k < n && m + 1 < sizeof(f); k++)
			if (t[k] != '-' && t[k] != '_')
				f[m++] = (char)((t[k] >= 'A' && t[k] <= 'Z') ?
				    t[k] + 32 : t[k]);
		f[m] = '\0';
		for (k = 0; w[k] != NULL; k++)
			if (m >= (l = strlen(w[k])) &&
			    strcmp(f + m - l, w[k]) == 0)
				return 1;
	}
	return 0;
}

/*
 * Page chrome inside a region: elements named for navigation,
 * promotion, pop-ups or (outside threads) comments, and modal boxes,
 * each only while it holds a small part of the region; in listings,
 * fieldsets too (filters, sort controls, the variant pickers of a
 * product tile: form controls, never an item's text). (Link density
 * is no test here: the items of listings are links.)
 */
static int
chrome_word(const struct hdoc *d, int i, size_t rlen, int prof)
{
	size_t len = w_html_text_len(d, i);
	int tag = d->n[i].tag;
	const char *r;

	/* a product page's boxes its style hides: data for its scripts
	 * (a variant's SKU, thumbnail addresses), forms that wait for a
	 * click */
	if ((prof & HP_TABS) && w_html_class_hides(d, i))
		return 1;
	/* a menu its style hides till a click (a thread's "Jump to" list
	 * of boards, a topic's or a post's tools): mostly links; not on
	 * lists of items, where a hidden box may hold the grid */
	if ((!(prof & HP_LISTS) || (prof & HP_THREAD)) &&
	    w_html_class_hides(d, i) && len > 0 &&
	    w_html_link_density(d, i) > 0.5)
		return 1;
	if (len * 5 > rlen * 2)
		return 0;
	if ((prof & HP_THREAD) && tag != TidyTag_P &&
	    (el_has(d, i, thread_words, 1, HM_THREADW) || role_signature(d, i)) &&
	    (!el_has(d, i, thread_widgets, 1, HM_WIDGET) || !holds_para(d, i)))
		return 1;
	if ((prof & HP_THREAD) && post_counter(d, i, len))
		return 1;
	if (!(prof & HP_LISTS) && desktop_hidden(d, i))
		return 1;
	if (edit_note(d, i, len, prof & HP_THREAD))
		return 1;
	if ((prof & HP_LISTS) && tag == TidyTag_FIELDSET)
		return 1;
	if ((prof & HP_LISTS) && el_has(d, i, list_words, 1, HM_LISTW))
		return 1;
	if (tag == TidyTag_A && skip_link(d, i))
		return 1;
	/* a shop's or a sign-up's button on its own line (listings,
	 * collections, service pages; a product's buy box is left whole) */
	if ((prof & HP_CHROME) && !(prof & (HP_THREAD | HP_TABS)) &&
	    w_html_button_link(d, i))
		return 1;
	if ((prof & HP_TABS) && shop_legal(d, i))
		return 1;
	if (tag == TidyTag_A || tag == TidyTag_LI || tag == TidyTag_P ||
	    tag == TidyTag_SPAN || (tag >= TidyTag_H1 && tag <= TidyTag_H6))
		return 0;
	/* (the words first: the climbs to an article or a list item
	 * cost the depth for every element, 300,000 breaks under 480
	 * divs 0.7 s) */
	if (((prof & HP_TABS) || (prof & HP_LISTS)) &&
	    el_has(d, i, foot_words, 1, HM_FOOTW) && ((prof & HP_TABS) ||
	    (!w_html_has_ancestor(d, i, TidyTag_ARTICLE, 0) &&
	    !w_html_has_ancestor(d, i, TidyTag_LI, 0) && !prose_box(d, i))))
		return 1;
	if ((prof & HP_CHROME) && !(prof & (HP_THREAD | HP_LISTS)) &&
	    w_html_ci_any(d, w_html_attr(d, i, "class"), legal_words))
		return 1;
	if ((prof & HP_THREAD) ? el_has(d, i, chrome, 1, HM_CHROME_T) :
	    el_has(d, i, chrome, 0, HM_CHROME))
		return 1;
	if ((prof & HP_TABS) && el_has(d, i, shop, 1, HM_SHOP) &&
	    !accordion_panel(d, i))
		return 1;
	if ((prof & HP_TABS) &&
	    el_has(d, i, slides, 1, HM_SLIDES) &&
	    (w_html_link_density(d, i) > 0.3 || w_html_prices_in(d, i) >= 3))
		return 1;
	if ((prof & HP_TABS) && (r = w_html_attr(d, i, "role")) != NULL &&
	    strcmp(r, "tablist") == 0)
		return 1;
	return w_html_attr(d, i, "aria-modal") != NULL;
}

/*
 * Page chrome inside a region (chrome_word), unless it holds the
 * page's items: a wrapper named for the pagination or the filters
 * that surround a product grid is not chrome.
 */
static int
chrome_el(const struct hdoc *d, int i, size_t rlen, int prof)
{
	int k;

	if (!chrome_word(d, i, rlen, prof) || facet_prose(d, i))
		return 0;
	for (k = d->keep; k >= 0; k = d->n[k].parent)
		if (k == i)
			return 0;
	return 1;
}

/* A block element whose class or id names comments. */
static int
remarks_el(const struct hdoc *d, int i)
{
	int t = d->n[i].tag;

	if (t != TidyTag_DIV && t != TidyTag_SECTION && t != TidyTag_UL &&
	    t != TidyTag_OL && t != TidyTag_ASIDE && !(d->n[i].flags &
	    HF_CUSTOM))
		return 0;
	return w_html_comment_named(d, i);
}

/*
 * In a thread whose posts each carry their own list of comments (the
 * remarks under a question and under each answer), the comment lists
 * are not the thread: drop them when two or more sit apart (no two
 * under one parent), outside any other comment container, each a
 * small part of the region. A thread made of comments has one comment
 * container holding it, or its posts side by side.
 */
static void
drop_remarks(struct hdoc *d, int root, size_t rlen)
{
	int *v = NULL, i;
	size_t n = 0, cap = 0, k, len;

	for (i = d->n[root].first; i >= 0; ) {
		if (d->n[i].tag != H_TEXT && remarks_el(d, i)) {
			if ((len = w_html_text_len(d, i)) * 5 > rlen * 2) {
				free(v);
				return;
			}
			if (len > 0)
				w_html_push(&v, &n, &cap, i);
			i = w_html_next_pre(d, i, root, 1);
		} else
			i = w_html_next_pre(d, i, root, 0);
	}
	/* comment lists that are siblings are the posts themselves */
	for (k = 1; k < n; k++)
		if (d->n[v[k]].parent == d->n[v[k - 1]].parent)
			n = 0;
	for (k = 0; n >= 2 && k < n; k++)
		w_html_unlink(d, v[k]);
	free(v);
}

/*
 * A thread's quote of a post the page shows: a blockquote whose runs of
 * QC_RUN words are, QC_SHARE of them or more, runs of the text before
 * it outside quotes (the quoted post, printed again). At least QC_MIN
 * runs (44 words): a short quote, the line a reply answers, stays; so
 * does a quote of a post on another page, or of anything else. On WCXB
 * dev, at 3 runs: forum F1 +0.0012 but 18 sites up, 19 down (the truths
 * of some sites keep every quote, short ones most); at 20, 40 and 60
 * runs: +0.0015 (17 up, 13 down), +0.0013 (15, 9), +0.0012 (14, 6).
 */
#define QC_RUN		5
#define QC_MIN		40
#define QC_SHARE	0.6

/* The last QC_RUN word hashes, and how many words came. */
struct qrun {
	unsigned long long	 w[QC_RUN];
	size_t			 n;
};

/*
 * Feed the words of text node t to r; for each full run, add its hash to
 * q (runs NULL) or count it in *runs and, when in q, in *hits.
 */
static void
qrun_text(const struct hdoc *d, int t, struct qrun *r, struct w_hset *q,
    size_t *runs, size_t *hits)
{
	const unsigned char *s = (const unsigned char *)d->pool + d->n[t].off;
	size_t i, n = d->n[t].len, k;
	unsigned long long h = 0, x;
	int in = 0;

	for (i = 0; i <= n; i++) {
		unsigned c = i < n ? s[i] : ' ';

		if (c >= 'A' && c <= 'Z')
			c += 32;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c >= 0x80) {
			if (!in)
				h = 1469598103934665603ULL;
			h = (h ^ c) * 1099511628211ULL;
			in = 1;
			continue;
		}
		if (!in)
			continue;
		in = 0;
		r->w[r->n++ % QC_RUN] = h;
		if (r->n < QC_RUN)
			continue;
		for (x = 0, k = r->n - QC_RUN; k < r->n; k++)
			x = (x ^ r->w[k % QC_RUN]) * 1099511628211ULL +
			    0x9e3779b97f4a7c15ULL;
		if (x == 0)
			x = 1;
		if (runs == NULL)
			w_hset_add(q, x);
		else {
			(*runs)++;
			*hits += w_hset_has(q, x);
		}
	}
}

/* See html_int.h. */
void
w_html_quote_copies(struct hdoc *d, int root)
{
	struct w_hset seen = { NULL, 0, 0 };
	struct qrun r, qr;
	size_t runs, hits;
	int i, j, nx, drop;

	memset(&r, 0, sizeof(r));
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = 0;
		if (d->n[i].tag == H_TEXT)
			qrun_text(d, i, &r, &seen, NULL, NULL);
		else if (d->n[i].tag == TidyTag_BLOCKQUOTE) {
			memset(&qr, 0, sizeof(qr));
			runs = hits = 0;
			for (j = d->n[i].first; j >= 0;
			    j = w_html_next_pre(d, j, i, 0))
				if (d->n[j].tag == H_TEXT)
					qrun_text(d, j, &qr, &seen, &runs,
					    &hits);
			drop = runs >= QC_MIN && hits >= QC_SHARE * runs;
			/* a quote is no word run of the text after it */
			r.n = 0;
			nx = w_html_next_pre(d, i, root, 1);
			if (drop)
				w_html_unlink(d, i);
			continue;
		}
		nx = w_html_next_pre(d, i, root, 0);
	}
	free(seen.t);
}

/*
 * A thread's quote box: an <aside> whose children are a short title
 * holding a link (the quoted post's or thread's name) and then a
 * blockquote, the quoted words. Forum engines print a quote of another
 * post this way; it is the reply's text, not a sidebar, so it stays as
 * its blockquote, without its title line. Anything with words after
 * the blockquote leaves the aside an aside.
 */
#define QB_TITLE	120	/* characters of a quote box's title */
#define QB_WORDS	20	/* characters of its quote, at least (a card
				   of a linked thread prints "W..." there) */

static int
quote_box(struct hdoc *d, int i)
{
	size_t tlen = 0, llen = 0;
	int j, bq = -1;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT && w_html_text_len(d, j) == 0)
			continue;
		if (bq >= 0)
			return -1;
		if (d->n[j].tag == TidyTag_BLOCKQUOTE)
			bq = j;
		else if ((tlen += w_html_text_len(d, j)) > QB_TITLE)
			return -1;
		else if (d->n[j].tag != H_TEXT)
			llen += w_html_link_len(d, j);
	}
	return bq >= 0 && llen > 0 && w_html_text_len(d, bq) >= QB_WORDS ?
	    bq : -1;
}

/* See html_int.h. */
void
w_html_thread_quotes(struct hdoc *d)
{
	size_t k, nn = d->nn;
	int j, nx, bq;

	for (k = 0; k < nn; k++) {
		if (d->n[k].tag != TidyTag_ASIDE || d->n[k].parent < 0 ||
		    (bq = quote_box(d, (int)k)) < 0)
			continue;
		for (j = d->n[k].first; j >= 0 && j != bq; j = nx) {
			nx = d->n[j].next;
			w_html_unlink(d, j);
		}
		d->n[k].tag = TidyTag_DIV;
	}
}

/*
 * Headings of blocks about other things than the page's item: other
 * products, other stories, in English, German, French, Spanish,
 * Italian and Dutch. Matched at the start of a short heading (ASCII
 * letters in either case; others as written).
 */
static const char *const elsewhere[] = {
	"related", "you may also", "you might also", "you may like",
	"you might like", "you'll also like", "you will also like",
	"customers also", "customers who", "people who", "people also",
	"shoppers also", "similar items", "similar products",
	"recently viewed", "frequently bought", "more from", "more items",
	"more like this",
	"explore related", "explore more", "complete the look",
	"shop the look", "recommended for you", "recommended products",
	"our recommendations", "pairs well", "goes well with",
	"sponsored", "seller's other items", "other customers",
	"you may be interested", "you might be interested", "others also",
	"similar threads", "similar topics", "similar questions",
	"similar discussions", "suggested topics", "suggested threads",
	"more topics", "other threads", "hot network questions",
	/* German */
	"kunden kauften auch", "kunden, die", "das k\xc3\xb6nnte",
	"dies k\xc3\xb6nnte", "\xc3\xa4hnliche produkte",
	"\xc3\x84hnliche produkte", "\xc3\xa4hnliche artikel",
	"\xc3\x84hnliche artikel", "passend dazu", "zuletzt angesehen",
	"unsere empfehlungen", "empfohlene produkte", "weitere produkte",
	"auch interessant",
	/* French */
	"vous aimerez", "vous pourriez aimer", "produits similaires",
	"articles similaires", "les clients ont", "produits associ",
	"r\xc3\xa9" "cemment consult", "nos recommandations",
	"compl\xc3\xa9tez le look",
	/* Spanish, Italian, Dutch */
	"productos relacionados", "tambi\xc3\xa9n te puede",
	"quiz\xc3\xa1s tambi\xc3\xa9n", "productos similares",
	"prodotti correlati", "prodotti simili", "potrebbe interessarti",
	"ti potrebbe", "gerelateerde producten", "vergelijkbare producten",
	"misschien ook", "anderen bekeken", "klanten kochten", NULL
};

/* The same on a product page only: elsewhere the page's own items. */
static const char *const elsewhere_shop[] = {
	"featured products", "best sellers", "bestsellers", "top sellers",
	"popular products", "trending now", NULL
};

static int
starts_any(const char *p, const char *const *w)
{
	size_t k;

	for (k = 0; w[k] != NULL; k++)
		if (strncasecmp(p, w[k], strlen(w[k])) == 0)
			return 1;
	return 0;
}

/* Words anywhere in a short heading naming what others bought or saw
 * ("Others like you also bought", "Guests also viewed"). */
static int
also_any(const char *p)
{
	static const char *const w[] = {
		"also bought", "also viewed", "also purchased", "also love",
		"also enjoy", "auch gekauft", "auch angesehen",
		"ont aussi achet", "ont \xc3\xa9galement achet",
		"tambi\xc3\xa9n compraron", "tambi\xc3\xa9n vieron",
		"ook gekocht", "ook bekeken", NULL
	};
	const char *q;
	size_t k, l;

	for (k = 0; w[k] != NULL; k++) {
		l = strlen(w[k]);
		for (q = p; *q != '\0'; q++)
			if ((q == p || q[-1] == ' ') &&
			    strncasecmp(q, w[k], l) == 0)
				return 1;
	}
	return 0;
}

static int
elsewhere_heading(const struct hdoc *d, int i, int prof)
{
	struct w_buf b;
	const char *p;
	size_t n;
	int t = d->n[i].tag, r = 0;

	if (t < TidyTag_H1 || t > TidyTag_H6 ||
	    (n = w_html_text_len(d, i)) == 0 ||
	    n > 80)
		return 0;
	w_html_buf_init(&b, 4096);
	w_html_text(d, i, &b);
	for (p = b.p; *p == ' ' || *p == '\n' || *p == '\t'; p++)
		;
	r = starts_any(p, elsewhere) ||
	    ((prof & HP_TABS) && starts_any(p, elsewhere_shop)) ||
	    also_any(p);
	w_buf_free(&b);
	return r;
}

/*
 * On a service (landing) page, a block under such a heading, long and
 * mostly outside links, is a row of guides, each a teaser in prose and
 * its link: the page's own reading, kept. Lists of links (related
 * searches, other services) go. Not on collections and listings: there
 * the same shape was as often a row of dated blog cards after the
 * article, and guides after a grid already come back by another way.
 */
#define ELSEWHERE_PROSE_LINKS	0.25
#define ELSEWHERE_PROSE_MIN	300

static int
elsewhere_guides(const struct hdoc *d, int b, int prof)
{
	return !(prof & (HP_PROSE | HP_TABS | HP_THREAD | HP_LISTS)) &&
	    b >= 0 && w_html_link_density(d, b) < ELSEWHERE_PROSE_LINKS &&
	    w_html_text_len(d, b) >= ELSEWHERE_PROSE_MIN;
}

/*
 * A heading naming other products or stories ("You may also like",
 * "Related articles"): drop the block it heads, its parent when it
 * leads it, else itself and the next sibling, while that holds a small
 * part of root (not a row of guides, see elsewhere_guides). Returns
 * whether it dropped; *nx is the walk's next.
 */
static int
elsewhere_drop(struct hdoc *d, int i, int root, size_t rlen, int prof,
    int *nx)
{
	int t = i, p, sib;

	if (!elsewhere_heading(d, i, prof))
		return 0;
	while ((p = d->n[t].parent) >= 0 && p != root &&
	    w_html_nelem_kids(d, p) == 1)
		t = p;
	p = d->n[t].parent;
	if (p >= 0 && p != root && w_html_nelem_kids(d, p) > 1 &&
	    d->n[p].first >= 0 && (d->n[p].first == t ||
	    (d->n[d->n[p].first].tag == H_TEXT && w_html_next_el(d,
	    d->n[p].first) == t)) && w_html_text_len(d, p) * 5 <= rlen * 2) {
		if (elsewhere_guides(d, p, prof))
			return 0;
		*nx = w_html_next_pre(d, p, root, 1);
		w_html_unlink(d, p);
		return 1;
	}
	sib = w_html_next_el(d, t);
	if (sib >= 0 && w_html_text_len(d, sib) * 5 > rlen * 2)
		sib = -1;
	if (elsewhere_guides(d, sib, prof))
		return 0;
	*nx = w_html_next_pre(d, sib >= 0 ? sib : t, root, 1);
	w_html_unlink(d, t);
	if (sib >= 0)
		w_html_unlink(d, sib);
	return 1;
}

/* Whether i's class or id names cookies or consent. */
static int
cookie_named(const struct hdoc *d, int i)
{
	static const char *const words[] = { "cookie", "consent", NULL };
	int m;

	if ((m = w_html_memo(d, i, HM_COOKIE)) >= 0)
		return m;
	return w_html_memo_put(d, i, HM_COOKIE,
	    w_html_ci_any(d, w_html_attr(d, i, "class"), words) ||
	    w_html_ci_any(d, w_html_attr(d, i, "id"), words));
}

/* A heading with text, not a link (a section's title, not a teaser). */
static int
section_heading(const struct hdoc *d, int i)
{
	size_t n;

	if (d->n[i].tag < TidyTag_H1 || d->n[i].tag > TidyTag_H6)
		return 0;
	n = w_html_text_len(d, i);
	return n > 0 && 2 * w_html_link_len(d, i) < n;
}

/* See html_int.h. */
int
w_html_headings(const struct hdoc *d, int root)
{
	int i, n = 0;

	for (i = d->n[root].first; i >= 0; i = w_html_next_pre(d, i, root,
	    section_heading(d, i)))
		n += section_heading(d, i);
	return n;
}

/*
 * The cleaning of a fallback (a main element, the body): boilerplate
 * elements, hidden ones, navigation roles, cookie and consent banners;
 * with prof >= 0, page chrome too (the region of a region pick).
 * Returns the section headings (w_html_headings) the walk kept.
 */
int
w_html_strip(struct hdoc *d, int root, int prof)
{
	const char *role;
	size_t rlen = prof >= 0 ? w_html_text_len(d, root) : 0;
	int i, nx, drop, heads = 0;

	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = 0;
		switch (d->n[i].tag) {
		case H_TEXT:
			break;
		case TidyTag_NAV: case TidyTag_ASIDE: case TidyTag_FOOTER:
		case TidyTag_IFRAME: case TidyTag_SVG:
		case TidyTag_SCRIPT: case TidyTag_STYLE: case TidyTag_NOSCRIPT:
		case TidyTag_TEMPLATE: case TidyTag_BUTTON: case TidyTag_SELECT:
			drop = 1;
			break;
		case TidyTag_FORM:
			/* a thread's posts may each sit in their editor's form */
			drop = !w_html_page_form(d, i) && !((prof < 0 ||
			    (prof & HP_THREAD)) && w_html_bare_form(d, i));
			break;
		case TidyTag_HEADER:
			drop = !w_html_has_ancestor(d, i, TidyTag_ARTICLE, 0);
			break;
		default:
			role = w_html_attr(d, i, "role");
			drop = (!w_html_visible(d, i) &&
			    !w_html_tab_panel(d, i)) ||
			    cookie_named(d, i) ||
			    (role != NULL && (strcmp(role, "navigation") == 0 ||
			    strcmp(role, "banner") == 0 ||
			    strcmp(role, "contentinfo") == 0 ||
			    strcmp(role, "complementary") == 0 ||
			    strcmp(role, "dialog") == 0)) ||
			    w_html_never_content(d, i, prof < 0 ? 0 : prof) ||
			    w_html_notice(d, i, 1) ||
			    (d->n[i].tag == TidyTag_A && skip_link(d, i)) ||
			    sr_block(d, i) || sr_shop(d, i, prof) ||
			    (prof >= 0 && chrome_el(d, i, rlen, prof)) ||
			    (prof >= 0 && (d->n[i].tag == TidyTag_UL ||
			    d->n[i].tag == TidyTag_OL) &&
			    w_html_text_len(d, i) * 5 <= rlen * 2 &&
			    link_tree(d, i)) ||
			    (prof >= 0 && ui_picture(d, i));
			break;
		}
		if (!drop && prof >= 0 &&
		    elsewhere_drop(d, i, root, rlen, prof, &nx))
			continue;
		nx = w_html_next_pre(d, i, root, drop);
		if (drop)
			w_html_drop_box(d, i, prof < 0 ? 0 : prof);
		else
			heads += section_heading(d, i);
	}
	if (prof >= 0 && (prof & HP_THREAD))
		drop_remarks(d, root, rlen);
	return heads;
}

/*
 * On a product page, the site's landmarks inside the pick: a nav, a
 * page header or footer (not an article's, a third of its text or more
 * in links), or an element whose role names them, holding a small part
 * of the pick; a header holding the page's h1 is the product's own, one
 * without links a feature card's title.
 */
#define SHOP_LANDMARK_LINKS	0.33

static int
shop_landmark(const struct hdoc *d, int i, size_t rlen)
{
	const char *r;
	int t = d->n[i].tag, j;

	if (w_html_text_len(d, i) * 5 > rlen * 2)
		return 0;
	if (t == TidyTag_NAV)
		return 1;
	if (t == TidyTag_HEADER || t == TidyTag_FOOTER) {
		if (w_html_has_ancestor(d, i, TidyTag_ARTICLE, 0))
			return 0;
		for (j = d->n[i].first; j >= 0;
		    j = w_html_next_pre(d, j, i, 0))
			if (d->n[j].tag == TidyTag_H1)
				return 0;
		/* the site's, all links; not a card's title */
		return w_html_link_density(d, i) >= SHOP_LANDMARK_LINKS;
	}
	r = w_html_attr(d, i, "role");
	return r != NULL && (strcmp(r, "navigation") == 0 ||
	    strcmp(r, "banner") == 0 || strcmp(r, "contentinfo") == 0);
}

/*
 * A short mark a thread's page hides by its class ("d-none", "hidden"
 * as a whole token, no breakpoint that shows it): a typesetting
 * marker or a label for scripts ("$\begingroup$" before each post of
 * a site that typesets formulas), never a post's words. Longer hidden
 * boxes may be a spoiler's or a collapsed quote's text and stay.
 */
#define HIDDEN_MARK	24

static int
hidden_mark(const struct hdoc *d, int i)
{
	size_t len = w_html_text_len(d, i);

	return len > 0 && len <= HIDDEN_MARK && w_html_class_hides(d, i);
}

/*
 * Page chrome left inside a chosen content root (see chrome_el): on
 * product pages, reviews, recommendations and carousels; in threads,
 * the comment lists under each post (drop_remarks).
 */
void
w_html_strip_chrome(struct hdoc *d, int root, int prof)
{
	size_t rlen = w_html_text_len(d, root);
	int i, nx, drop;

	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = d->n[i].tag != H_TEXT && (chrome_el(d, i, rlen, prof) ||
		    ((prof & HP_TABS) && shop_landmark(d, i, rlen)) ||
		    ((prof & HP_THREAD) && hidden_mark(d, i)));
		if (!drop && elsewhere_drop(d, i, root, rlen, prof, &nx))
			continue;
		nx = w_html_next_pre(d, i, root, drop);
		if (drop)
			w_html_drop_box(d, i, prof);
	}
	if (prof & HP_THREAD)
		drop_remarks(d, root, rlen);
}

/* See html_int.h. */
size_t
w_html_shop_sr(struct hdoc *d, int root)
{
	size_t n = 0;
	int i, nx;

	if (root < 0)
		return 0;
	for (i = d->n[root].first; i >= 0; i = nx) {
		if (d->n[i].tag != H_TEXT && cls_has(d, i, sr_words, HM_SRW)) {
			nx = w_html_next_pre(d, i, root, 1);
			n += w_html_text_len(d, i);
			w_html_unlink(d, i);
		} else
			nx = w_html_next_pre(d, i, root, 0);
	}
	return n;
}
