/*
 * html_grid.c: item grids, the repeated tiles of a collection or a
 * listing (a product card, a result, a teaser): the element whose
 * children repeat one shape and each hold a link and a little text.
 * On a collection page the strongest grid is the content; on a
 * product page a grid of priced tiles beside the product is a
 * carousel of other products.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

#define GRID_MIN	4	/* repeated items of a grid */
#define ITEM_MAX	1500	/* characters of one item, at most */
#define WIDGET_MAX	30	/* characters of a tile's control */
#define CHIPS_MIN	4	/* links of a row of tag chips, at least */
#define CHIPS_TEXT	400	/* characters of a row of tag chips, at most */
#define CHIPS_WORD	40	/* characters of one chip, at most */
#define CHIPS_BUF	65536	/* bytes of a chip's text read */
#define TNAME_MAX	200	/* characters of a tile's name */
#define TILE_DEPTH	12	/* levels from a tile's name up to its grid */
#define INTRO_MAX	1500
#define INTRO_LINKS	3	/* tenths of it in links, under */
#define INTRO_CLIMB	2	/* wrappers of the heading alone climbed */

/* Page chrome a grid never lives in: menus, headers, footers. */
static int
grid_skip(const struct hdoc *d, int i, void *arg)
{
	const char *r;
	int t = d->n[i].tag;

	(void)arg;
	if (t == TidyTag_NAV || t == TidyTag_HEADER || t == TidyTag_FOOTER ||
	    t == TidyTag_ASIDE || t == TidyTag_SCRIPT || t == TidyTag_STYLE ||
	    t == TidyTag_NOSCRIPT || t == TidyTag_TEMPLATE ||
	    t == TidyTag_SVG || t == TidyTag_SELECT ||
	    (t == TidyTag_FORM && !w_html_page_form(d, i)))
		return 1;
	r = w_html_attr(d, i, "role");
	if (r != NULL && (strcmp(r, "navigation") == 0 ||
	    strcmp(r, "menu") == 0 || strcmp(r, "menubar") == 0 ||
	    strcmp(r, "banner") == 0 || strcmp(r, "contentinfo") == 0 ||
	    strcmp(r, "dialog") == 0))
		return 1;
	return !w_html_visible(d, i);
}

/* What one candidate item holds: a link, a price, an image. */
static int
item_scan(const struct hdoc *d, int i, int *price, int *img)
{
	int j, t, link = d->n[i].tag == TidyTag_A;

	*price = w_html_priceish(d, i);
	*img = 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		t = d->n[j].tag;
		if (t == H_TEXT)
			continue;
		if (t == TidyTag_A && w_html_attr(d, j, "href") != NULL)
			link = 1;
		else if (t == TidyTag_IMG || t == TidyTag_PICTURE)
			*img = 1;
		if (!*price && w_html_priceish(d, j))
			*price = 1;
	}
	return link;
}

/* The item group of p's children (n of shape s); kept when stronger. */
static void
grid_group(const struct hdoc *d, int p, unsigned s, int n, void *arg)
{
	struct w_html_grid *g = arg;
	size_t text = 0, len;
	int j, items = 0, priced = 0, imaged = 0, pr, im;

	(void)n;
	for (j = w_html_rep_next(d, d->n[p].first, s); j >= 0;
	    j = w_html_rep_next(d, d->n[j].next, s)) {
		if (grid_skip(d, j, NULL))
			continue;
		len = w_html_text_len(d, j);
		if (len < 3 || len > ITEM_MAX || !item_scan(d, j, &pr, &im))
			continue;
		items++;
		priced += pr;
		imaged += im;
		text += len;
	}
	/* a menu: short bare links, no price, no picture */
	if (items < GRID_MIN || (priced == 0 && imaged * 2 < items &&
	    text < (size_t)items * 25))
		return;
	if (text <= g->text)
		return;
	g->box = p;
	g->items = items;
	g->priced = priced;
	g->imaged = imaged;
	g->text = text;
}

/* See html_int.h. */
void
w_html_grid_find(const struct hdoc *d, int root, struct w_html_grid *g)
{
	memset(g, 0, sizeof(*g));
	g->box = -1;
	w_html_rep_walk(d, root, 0, GRID_MIN, grid_skip, grid_group, g);
}

/* See html_int.h. */
int
w_html_grid_section(const struct hdoc *d, const struct w_html_grid *g, int top)
{
	size_t len, base;
	int b = g->box, p;

	if (b < 0)
		return -1;
	base = w_html_text_len(d, b);
	for (p = d->n[b].parent; p >= 0 && p != top; p = d->n[p].parent) {
		len = w_html_text_len(d, p);
		if (len > base + base / 4 + 200)
			break;
		b = p;
	}
	return b;
}

/* Class words of a tile's controls: compare, quick view, wish list,
 * colour swatches, star ratings, add to cart. */
static const char *const widget_words[] = {
	"compare", "quickview", "quick-view", "wishlist", "add-to-cart",
	"addtocart", "quickshop", "quick-shop", "quickadd", "quick-add",
	NULL
};

/* Whether a class or id token of element i holds a widget word. */
static int
widget_named(const struct hdoc *d, int i)
{
	static const char *const at[] = { "class", "id", NULL };
	const char *c, *t;
	char tok[64];
	size_t n, k, a;

	for (a = 0; at[a] != NULL; a++) {
		c = w_html_attr(d, i, at[a]);
		if (c == NULL)
			continue;
		while ((t = w_html_class_next(&c, &n)) != NULL) {
			if (n >= sizeof(tok))
				continue;
			for (k = 0; k < n; k++)
				tok[k] = (char)(t[k] >= 'A' && t[k] <= 'Z' ?
				    t[k] + 32 : t[k]);
			tok[n] = '\0';
			for (k = 0; widget_words[k] != NULL; k++)
				if (strstr(tok, widget_words[k]) != NULL)
					return 1;
		}
	}
	return 0;
}

/* Whether i's text holds a digit. */
static int
digits(const struct hdoc *d, int i)
{
	struct w_buf b;
	int r;

	w_html_buf_init(&b, 4096);
	w_html_text(d, i, &b);
	r = strpbrk(b.p, "0123456789") != NULL;
	w_buf_free(&b);
	return r;
}

/*
 * Whether element i's class hides it from the eye: a label only
 * screen readers hear ("Sale price", "Unit price", "per") or a box the
 * page's style hides ("hidden"), unless a responsive token
 * ("md:block") shows it on some screens.
 */
static int
unseen_label(const struct hdoc *d, int i)
{
	static const char *const hide[] = {
		"visually-hidden",
		"visuallyhidden", "sr-only", "screen-reader-text",
		"screenreader", NULL
	};
	const char *c = w_html_attr(d, i, "class"), *t;
	size_t n, k;
	int hit = 0;

	if (c == NULL || !w_html_ci_any(d, c, hide))
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		if (memchr(t, ':', n) != NULL)
			return 0;
		for (k = 0; hide[k] != NULL; k++)
			if (strlen(hide[k]) == n &&
			    strncasecmp(t, hide[k], n) == 0)
				hit = 1;
	}
	return hit && !digits(d, i);
}

/*
 * Whether element i's class hides it on every screen: the utility
 * class "d-none" with no token that shows it from some breakpoint on
 * ("d-md-block", "d-lg-flex"). A tile's hidden details (its name, a
 * sentence on its options, its link spelled out for screen readers)
 * repeat what the tile shows.
 */
static int
class_hidden(const struct hdoc *d, int i)
{
	const char *c = w_html_attr(d, i, "class"), *t;
	size_t n;
	int none = 0;

	if (c == NULL || strstr(c, "d-none") == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		if (n == 6 && strncmp(t, "d-none", 6) == 0)
			none = 1;
		else if (n > 2 && strncmp(t, "d-", 2) == 0)
			return 0;
	}
	return none;
}

/*
 * A control: a form label ("Size", "Colour") or an element whose class
 * names it a button ("btn", "button"; "Shop now", "View details").
 */
static int
control(const struct hdoc *d, int i)
{
	const char *c, *t;
	size_t n;

	if (d->n[i].tag == TidyTag_LABEL)
		return 1;
	if ((c = w_html_attr(d, i, "class")) == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL)
		if ((n == 3 && strncasecmp(t, "btn", 3) == 0) ||
		    (n == 6 && strncasecmp(t, "button", 6) == 0))
			return 1;
	return 0;
}

/*
 * Whether i's whole text is a tile's stock line ("In stock", "Sold
 * out", "Back-order", "Calculate shipping"): the shop's state of the
 * item, not the item. On WCXB dev: collection F1 +0.001, listing
 * +0.001 (5 pages on 5 sites changed, 4 up), nothing else moved.
 * Its delivery and promotion badges too ("Free shipping", "Available
 * for pickup", "Sponsored", "Instant savings"): listing +0.0006 (fold
 * A +0.0012), collection +0.0002, product +0.0000, 3 pages on 3 sites
 * up, none down.
 */
static int
stock_line(const struct hdoc *d, int i)
{
	static const char *const w[] = {
		"in stock", "out of stock", "sold out", "back-order",
		"backorder", "back order", "backordered", "pre-order",
		"preorder", "low stock", "limited stock", "in stock online",
		"available online", "calculate shipping", "notify me",
		"coming soon", "free shipping", "free delivery",
		"free shipping eligible", "ships free", "available for shipping",
		"available for pickup", "available for delivery", "sponsored",
		"instant savings", NULL
	};
	struct w_buf b;
	char *s, *e;
	int k, hit = 0;

	w_html_buf_init(&b, 256);
	w_html_text(d, i, &b);
	for (s = b.p; *s == ' ' || *s == '\n' || *s == '\t'; s++)
		;
	for (e = s + strlen(s); e > s && (e[-1] == ' ' || e[-1] == '\n' ||
	    e[-1] == '\t' || e[-1] == '.' || e[-1] == '!'); e--)
		;
	*e = '\0';
	for (k = 0; w[k] != NULL && !hit; k++)
		hit = strcasecmp(s, w[k]) == 0;
	w_buf_free(&b);
	return hit;
}

/*
 * Whether i is a row of tag chips: CHIPS_MIN links or more, its text
 * nine tenths theirs or more, each link one lower-case word ("deep-learning",
 * "python"): the topics a card is filed under, never its name nor its
 * teaser (a directory's capitalised category names stay). On WCXB dev:
 * listing F1 0.7844 -> 0.7867 (fold A +0.0050, fold B 0), one page of
 * a collection +0.002, no page down; readability 0.981.
 */
static int
tag_chips(const struct hdoc *d, int i)
{
	struct w_buf b;
	size_t n = w_html_text_len(d, i), k;
	int j, links = 0, ok = 1;

	if (n == 0 || n > CHIPS_TEXT || 2 * w_html_link_len(d, i) < n)
		return 0;
	w_buf_init(&b, CHIPS_BUF);
	for (j = d->n[i].first; j >= 0 && ok;
	    j = w_html_next_pre(d, j, i, d->n[j].tag == TidyTag_A)) {
		if (d->n[j].tag != TidyTag_A || w_html_text_len(d, j) == 0)
			continue;
		w_buf_reset(&b);
		w_html_text(d, j, &b);
		while (b.len > 0 && strchr(" \t\r\n", b.p[b.len - 1]) != NULL)
			b.len--;
		for (k = 0; k < b.len && strchr(" \t\r\n", b.p[k]) != NULL; k++)
			;
		if (b.len - k > CHIPS_WORD)
			ok = 0;
		for (; k < b.len && ok; k++)
			if (strchr(" \t\r\n", b.p[k]) != NULL ||
			    (b.p[k] >= 'A' && b.p[k] <= 'Z'))
				ok = 0;
		links++;
	}
	w_buf_free(&b);
	/* the spaces between the chips aside, nine tenths of the text at
	 * least is theirs */
	return ok && links >= CHIPS_MIN &&
	    w_html_link_len(d, i) * 10 >= (n - (size_t)(links - 1)) * 9;
}

/* See html_int.h. */
void
w_html_tile_widgets(struct hdoc *d, int root)
{
	int i, nx, drop;

	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = d->n[i].tag != H_TEXT &&
		    ((w_html_text_len(d, i) <= WIDGET_MAX &&
		    (widget_named(d, i) || unseen_label(d, i) ||
		    control(d, i) || stock_line(d, i))) || class_hidden(d, i) ||
		    tag_chips(d, i));
		nx = w_html_next_pre(d, i, root, drop);
		if (drop)
			w_html_unlink(d, i);
	}
}

/* See html_int.h. */
int
w_html_tile_name(const struct hdoc *d, int i, size_t clen)
{
	int a, k;

	if (d->grid < 0 || i == d->grid || clen < 3 || clen > TNAME_MAX ||
	    w_html_link_len(d, i) * 10 < clen * 9)
		return 0;
	for (a = d->n[i].parent, k = 0; a >= 0 && k < TILE_DEPTH;
	    a = d->n[a].parent, k++)
		if (a == d->grid)
			return 1;
	return 0;
}

/* See html_int.h. */
int
w_html_grid_column(const struct hdoc *d, const struct w_html_grid *g, int h1,
    int top)
{
	int a, b, t;

	if (g->box < 0 || h1 < 0 || h1 > g->box)
		return -1;
	for (a = h1; a >= 0 && a != top; a = d->n[a].parent) {
		t = d->n[a].tag;
		if (t == TidyTag_NAV || t == TidyTag_FOOTER ||
		    t == TidyTag_ASIDE || !w_html_visible(d, a))
			return -1;
	}
	if (a != top)
		return -1;
	for (b = g->box; b >= 0 && b != top; b = d->n[b].parent)
		for (a = h1; a >= 0 && a != top; a = d->n[a].parent)
			if (a == b)
				return b;
	return -1;
}

/* Class words of a strip of tiles that scrolls sideways. */
static const char *const carousel_words[] = {
	"carousel", "slider", "swiper", "slick", "glide", NULL
};

/* See html_int.h. */
int
w_html_grid_carousel(const struct hdoc *d, int box)
{
	const char *c;
	int k;

	for (k = 0; k < 3 && box >= 0; k++, box = d->n[box].parent)
		if (((c = w_html_attr(d, box, "class")) != NULL &&
		    w_html_ci_any(d, c, carousel_words)) ||
		    ((c = w_html_attr(d, box, "id")) != NULL &&
		    w_html_ci_any(d, c, carousel_words)))
			return 1;
	return 0;
}

/* Whether element i (a sibling after the heading) can be part of a
 * category's introduction: visible text, few links, no heading. */
static int
intro_part(const struct hdoc *d, int i, size_t n)
{
	int t = d->n[i].tag;

	if (t == TidyTag_H1 || t == TidyTag_H2 || t == TidyTag_H3 ||
	    t == TidyTag_H4 || t == TidyTag_SCRIPT || t == TidyTag_STYLE ||
	    t == TidyTag_FORM || t == TidyTag_NAV || t == TidyTag_UL ||
	    t == TidyTag_OL || t == TidyTag_TABLE || !w_html_visible(d, i))
		return 0;
	return w_html_link_len(d, i) * 10 < n * INTRO_LINKS;
}

/* See html_int.h. */
int
w_html_grid_intro(const struct hdoc *d, int h1, int top, int *part,
    int npart, size_t min)
{
	size_t n, sum;
	int a, j, m, lev;

	if (h1 < 0)
		return 0;
	for (a = h1, lev = 0; a >= 0 && a != top && lev <= INTRO_CLIMB;
	    a = d->n[a].parent, lev++) {
		/* the element siblings after a, up to the next heading */
		for (j = d->n[a].next, m = 0, sum = 0; j >= 0 &&
		    m < npart; j = d->n[j].next) {
			if (d->n[j].tag == H_TEXT) {
				if (w_html_text_len(d, j) > 0)
					return 0;	/* loose text */
				continue;
			}
			if ((n = w_html_text_len(d, j)) == 0)
				continue;
			if (!intro_part(d, j, n))
				break;
			part[m++] = j;
			sum += n;
		}
		if (m > 0)
			return sum >= min && sum <= INTRO_MAX ? m : 0;
		/* a's parent holds the heading alone: look beside it */
		if (d->n[a].parent < 0 || w_html_text_len(d,
		    d->n[a].parent) != w_html_text_len(d, h1))
			return 0;
	}
	return 0;
}

/*
 * The boxes after a list of items: when the grid of root (its items
 * holding LBOX_SHARE of root's text or more) is the pick's content, the
 * element siblings after the grid's box and after each of its
 * ancestors below root that are another kind of list go: a grid of
 * another shape holding half of the box's text or more (a comment
 * list, recipes or events after the stories; not an ordered list:
 * numbered notes or references), or a box of links
 * (LBOX_LINKS links or more, their text LBOX_DENSITY of the box's or
 * more: other sections, popular searches) without an h1. Lists of the
 * same shape (the page's further sections of the same items), prose,
 * headings and whatever comes before the list stay; a box of links
 * that is itself a list of the items' shape (holding half of its text)
 * is such a further section and stays. On WCXB dev (over
 * 0b5334f): 10 pages up, none down (listing 0.7956 -> 0.7970, fold A
 * +0.0013, B +0.0012; article +0.0001, documentation +0.0001).
 * Measured and worse: the boxes before the list too (links: wikipedia's
 * subcategories, a news site's featured stories, -0.0031 on listings;
 * other lists: a manual's opening section, -0.0032 on documentation);
 * ordered lists as other lists (a Wikipedia list's references went:
 * readability corpus 0.982 -> 0.981).
 * Share 0.5 -> 0.4 with the same-shape guard (over a5f489f): 3 pages
 * up, 1 down (all 0.9014 -> 0.9015, fold A +0.0003; article +0.0003).
 * Measured and worse: share 0.4 without the guard (a wiki's further
 * link lists went, documentation fold A -0.0052); share 0.3 (a glossary,
 * an FAQ, product tiles went: all -0.0002, documentation fold A
 * -0.0046, collection -0.0040); 3 items instead of 4 (no page moved);
 * link boxes alone at share 0.3 / 0.2 (-0.0001 / -0.0002: a newsletter
 * archive on a listing went, listing fold A -0.0080).
 * The share counts, with the grid, the lists of its shape beside its
 * box or beside an ancestor below root (a feed's "Top stories" and
 * "Latest news"; same_list). On WCXB dev (over 9c54579): 1 page up,
 * none down (listing 0.7970 -> 0.7972, fold B +0.0003); readability
 * 0.982. Measured and worse with that sum: share 0.35 (a docs page and
 * a shop's tiles went: documentation fold A -0.0046, collection -0.0050);
 * 0.3 (-0.0004); link boxes alone at a summed share 0.3 / 0.25 (-0.0001
 * / -0.0002: listing fold A -0.0011 / -0.0091, a news home's "Most
 * popular" is content).
 */
#define LBOX_LINKS	3
#define LBOX_DENSITY	0.7
#define LBOX_SHARE	0.4

/*
 * Whether s is a list: its largest grid (*o) holds half of its text t
 * or more; *os gets that grid's item shape.
 */
static int
half_list(const struct hdoc *d, int s, size_t t, struct w_html_grid *o,
    unsigned *os)
{
	struct w_html_rep r = { NULL, 0 };
	int n;

	memset(o, 0, sizeof(*o));
	o->box = -1;
	w_html_rep_walk(d, s, 1, GRID_MIN, grid_skip, grid_group, o);
	if (o->box < 0 || o->text * 2 < t)
		return 0;
	*os = w_html_rep_group(d, o->box, &r, &n);
	free(r.buf);
	return 1;
}

static int
other_box(const struct hdoc *d, int s, unsigned shape)
{
	struct w_html_grid o;
	size_t t = w_html_text_len(d, s);
	unsigned os = 0;
	int j, links = 0, list;

	if (t == 0)
		return 0;
	for (j = s; j >= 0; j = w_html_next_pre(d, j, s, 0)) {
		if (d->n[j].tag == TidyTag_H1)
			return 0;
		if (d->n[j].tag == TidyTag_A && w_html_attr(d, j, "href") &&
		    w_html_text_len(d, j) > 0)
			links++;
	}
	list = half_list(d, s, t, &o, &os);
	if (list && os == shape)	/* a further section of the items */
		return 0;
	if (links >= LBOX_LINKS && w_html_link_density(d, s) >= LBOX_DENSITY)
		return 1;
	/* a list of another shape, but not a numbered one */
	return list && d->n[o.box].tag != TidyTag_OL;
}

/* The items' text of s when s is a list of the items' shape (its grid
 * holding half of its text or more), else 0. */
static size_t
same_list(const struct hdoc *d, int s, unsigned shape)
{
	struct w_html_grid o;
	size_t t = w_html_text_len(d, s);
	unsigned os;

	if (t == 0 || !half_list(d, s, t, &o, &os))
		return 0;
	return os == shape ? o.text : 0;
}

/* See html_int.h. */
size_t
w_html_list_boxes(struct hdoc *d, int root)
{
	struct w_html_grid g;
	struct w_html_rep r = { NULL, 0 };
	size_t dropped = 0, all, same;
	unsigned shape;
	int x, p, s, nx, n;

	if (root < 0)
		return 0;
	w_html_grid_find(d, root, &g);
	all = w_html_text_len(d, root);
	if (g.box < 0 || all == 0)
		return 0;
	shape = w_html_rep_group(d, g.box, &r, &n);
	free(r.buf);
	/* the lists of the items' shape beside the grid count with it */
	same = g.text;
	if ((double)same < LBOX_SHARE * all)
		for (x = g.box; x != root && (p = d->n[x].parent) >= 0; x = p)
			for (s = w_html_first_el(d, p); s >= 0;
			    s = w_html_next_el(d, s))
				if (s != x)
					same += same_list(d, s, shape);
	if ((double)same < LBOX_SHARE * all)
		return 0;
	for (x = g.box; x != root && (p = d->n[x].parent) >= 0; x = p)
		for (s = w_html_next_el(d, x); s >= 0; s = nx) {
			nx = w_html_next_el(d, s);
			if (!other_box(d, s, shape))
				continue;
			dropped += w_html_text_len(d, s);
			w_html_unlink(d, s);
		}
	return dropped;
}
