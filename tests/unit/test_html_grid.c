/*
 * test_html_grid.c: repeated sibling groups (lib/html_repeat.c): a
 * shape leaves digits out and stops at the first class token, a group
 * is the largest run of one shape, the walk skips what it is told to
 * and reports each group once; and the item grids built on them
 * (lib/html_grid.c): the repeated tiles of a collection are found,
 * menus and chrome are not, and the grid's section takes its heading
 * but not the prose beside it, a collection's column reaches from its
 * h1 to the grid and its introduction is the text right under that h1,
 * a grid in a slider is a carousel, a form that wraps the
 * page is no chrome; a listing's region strip keeps the
 * items a wrapper named for chrome holds (lib/html_clean.c) and the
 * items win over a shorter scorer pick (lib/html_items.c), and a tile's
 * name is known from its links (w_html_tile_name).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "buf.h"
#include "html_int.h"

/* The element whose id attribute is id, or -1. */
static int
by_id(const struct hdoc *d, const char *id)
{
	const char *v;
	size_t i;

	for (i = 0; i < d->nn; i++)
		if (d->n[i].tag != H_TEXT &&
		    (v = w_html_attr(d, (int)i, "id")) != NULL &&
		    strcmp(v, id) == 0)
			return (int)i;
	return -1;
}

static void
tiles(struct w_buf *b, int n, int price)
{
	int k;

	for (k = 0; k < n; k++) {
		w_buf_printf(b, "<div class=\"tile\"><a href=\"/p/%d\"><img "
		    "src=\"/i/%d.jpg\" alt=\"\"></a><h3><a href=\"/p/%d\">"
		    "Enamel kettle number %d</a></h3>", k, k, k, k);
		if (price)
			w_buf_printf(b, "<span class=\"price\">%d.99 USD</span>",
			    10 + k);
		w_buf_printf(b, "</div>\n");
	}
}

/* Parse b; the grid of its body into g. */
static void
find(struct hdoc *d, struct w_buf *b, struct w_html_grid *g)
{
	CHECK(w_html_parse(d, b->p, b->len) == 0);
	w_html_grid_find(d, d->body, g);
}

static void
grid_of_tiles(void)
{
	struct w_buf b;
	struct hdoc d;
	struct w_html_grid g;
	int sect;

	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><nav><ul>");
	for (int k = 0; k < 8; k++)
		w_buf_printf(&b, "<li><a href=\"/c/%d\">Section %d</a></li>", k,
		    k);
	w_buf_printf(&b, "</ul></nav><div id=\"all\"><div id=\"sect\">"
	    "<h1>Kettles</h1><p>12 products</p><div id=\"grid\">");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</div></div><div class=\"about\"><p>");
	for (int k = 0; k < 12; k++)
		w_buf_printf(&b, "Our shop has sold kettles since 1921, from "
		    "a small workshop by the river. ");
	w_buf_printf(&b, "</p></div></div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, by_id(&d, "grid"));
	CHECK_INT(g.items, 6);
	CHECK_INT(g.priced, 6);
	CHECK_INT(g.imaged, 6);
	CHECK(g.text > 6 * 20);
	/* the heading and the count join; the prose beside does not */
	sect = w_html_grid_section(&d, &g, d.body);
	CHECK_INT(sect, by_id(&d, "sect"));
	w_html_free(&d);
	w_buf_free(&b);
}

/* The column of a collection: the h1 and the grid's smallest common
 * ancestor; none when the h1 follows the grid or sits in a menu. */
static void
grid_column(void)
{
	struct w_buf b;
	struct hdoc d;
	struct w_html_grid g;
	int h1;

	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><div id=\"page\"><div id=\"col\">"
	    "<div class=\"head\"><h1 id=\"h\">Kettles</h1><p>Stove-top "
	    "kettles in enamel and steel.</p></div><div class=\"body\">"
	    "<div id=\"grid\">");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</div></div></div><p>About us.</p></div>"
	    "</body></html>");
	find(&d, &b, &g);
	h1 = by_id(&d, "h");
	CHECK_INT(g.box, by_id(&d, "grid"));
	CHECK_INT(w_html_grid_column(&d, &g, h1, d.body), by_id(&d, "col"));
	CHECK_INT(w_html_grid_column(&d, &g, -1, d.body), -1);
	CHECK(!w_html_grid_carousel(&d, g.box));
	w_html_free(&d);
	w_buf_free(&b);
	/* an h1 in a menu or after the grid heads no column */
	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><div><nav><h1 id=\"h\">Shop</h1>"
	    "</nav><div id=\"grid\">");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</div><h1 id=\"late\">Kettles</h1></div>"
	    "</body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, by_id(&d, "grid"));
	CHECK_INT(w_html_grid_column(&d, &g, by_id(&d, "h"), d.body), -1);
	CHECK_INT(w_html_grid_column(&d, &g, by_id(&d, "late"), d.body), -1);
	w_html_free(&d);
	w_buf_free(&b);
	/* tiles in a slider two levels down are a carousel */
	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><div class=\"product-Carousel\">"
	    "<div class=\"track\"><div id=\"grid\">");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</div></div></div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, by_id(&d, "grid"));
	CHECK(w_html_grid_carousel(&d, g.box));
	w_html_free(&d);
	w_buf_free(&b);
	/* collections and listings, priced or not, read by the column */
	memset(&g, 0, sizeof(g));
	g.items = 6;
	CHECK(w_html_column_type(&g, H_COLLECTION));
	CHECK(w_html_column_type(&g, H_LISTING));
	g.priced = 4;
	CHECK(w_html_column_type(&g, H_LISTING));
	CHECK(!w_html_column_type(&g, H_PRODUCT));
	CHECK(!w_html_column_type(&g, H_ARTICLE));
	CHECK(!w_html_column_type(&g, H_FORUM));
}

/* Parse html; the introduction under the element with id "h" into
 * part (at most 4); returns how many parts. */
static int
intro_of(struct hdoc *d, const char *html, int *part)
{
	CHECK(w_html_parse(d, html, strlen(html)) == 0);
	return w_html_grid_intro(d, by_id(d, "h"), d->body, part, 4, 80);
}

#define INTRO_P	"<p id=\"i\">Knead bread dough, whip cream and fold cake " \
	"batter without tiring your arms: three bowl sizes.</p>"

/* A category's introduction: the text right under its heading. */
static void
grid_intro(void)
{
	struct hdoc d;
	struct w_buf b;
	int part[4], k;

	/* the sibling after the heading, up to the next heading */
	CHECK_INT(intro_of(&d, "<html><body><section><h1 id=\"h\">Mixers"
	    "</h1>" INTRO_P "<h2>Choosing</h2><p>More text here that is not "
	    "the introduction of the category at all, a guide.</p></section>"
	    "</body></html>", part), 1);
	CHECK_INT(part[0], by_id(&d, "i"));
	w_html_free(&d);
	/* beside the wrapper that holds the heading alone */
	CHECK_INT(intro_of(&d, "<html><body><div><div class=\"t\"><h1 "
	    "id=\"h\">Mixers</h1></div><div id=\"i\">" INTRO_P "</div>"
	    "</div></body></html>", part), 1);
	CHECK_INT(part[0], by_id(&d, "i"));
	w_html_free(&d);
	/* too short, a menu of links, a list: no introduction */
	CHECK_INT(intro_of(&d, "<html><body><div><h1 id=\"h\">Mixers</h1>"
	    "<p>Shop now.</p></div></body></html>", part), 0);
	w_html_free(&d);
	CHECK_INT(intro_of(&d, "<html><body><div><h1 id=\"h\">Mixers</h1>"
	    "<div><a href=\"/a\">Compact stand mixers for small kitchens</a> "
	    "<a href=\"/b\">Professional stand mixers for bakers</a> "
	    "<a href=\"/c\">Tilt-head stand mixers</a></div></div></body>"
	    "</html>", part), 0);
	w_html_free(&d);
	CHECK_INT(intro_of(&d, "<html><body><div><h1 id=\"h\">Mixers</h1>"
	    "<ul><li>Knead bread dough, whip cream and fold cake batter</li>"
	    "<li>without tiring your arms: three bowl sizes</li></ul></div>"
	    "</body></html>", part), 0);
	w_html_free(&d);
	/* the whole page under the heading is no introduction */
	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><div><h1 id=\"h\">Mixers</h1><div>");
	for (k = 0; k < 30; k++)
		w_buf_printf(&b, "<p>Paragraph %d of a long guide to mixers, "
		    "their bowls, their motors and their tools.</p>", k);
	w_buf_printf(&b, "</div></div></body></html>");
	CHECK_INT(intro_of(&d, b.p, part), 0);
	w_html_free(&d);
	w_buf_free(&b);
	/* no heading */
	CHECK(w_html_parse(&d, "<p>x</p>", 8) == 0);
	CHECK_INT(w_html_grid_intro(&d, -1, d.body, part, 4, 80), 0);
	w_html_free(&d);
}

/* A form that wraps the page is no chrome; a search form is. */
static void
page_form(void)
{
	struct w_buf b;
	struct hdoc d;
	struct w_html_grid g;

	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><form id=\"q\"><input name=\"q\">"
	    "<a href=\"/s\">Search</a></form><form id=\"page\" method="
	    "\"post\"><h1>Kettles</h1><div id=\"grid\">");
	tiles(&b, 40, 1);
	w_buf_printf(&b, "</div></form></body></html>");
	CHECK(w_html_parse(&d, b.p, b.len) == 0);
	/* the body's visible text unknown: every form is chrome */
	CHECK(!w_html_page_form(&d, by_id(&d, "page")));
	w_html_grid_find(&d, d.body, &g);
	CHECK_INT(g.box, -1);
	d.vis = w_html_text_len(&d, d.body);
	CHECK(w_html_page_form(&d, by_id(&d, "page")));
	CHECK(!w_html_page_form(&d, by_id(&d, "q")));
	w_html_grid_find(&d, d.body, &g);
	CHECK_INT(g.box, by_id(&d, "grid"));
	w_html_free(&d);
	w_buf_free(&b);
}

static void
menus_are_no_grids(void)
{
	struct w_buf b;
	struct hdoc d;
	struct w_html_grid g;

	/* short bare links: a menu, even outside nav */
	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><ul class=\"links\">");
	for (int k = 0; k < 9; k++)
		w_buf_printf(&b, "<li><a href=\"/c/%d\">Shop %d</a></li>", k, k);
	w_buf_printf(&b, "</ul><p>Nothing else here.</p></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, -1);
	CHECK_INT(w_html_grid_section(&d, &g, d.body), -1);
	w_html_free(&d);
	w_buf_free(&b);
	/* tiles in a footer or a hidden box are chrome */
	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><footer>");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</footer><div style=\"display: none\">");
	tiles(&b, 6, 0);
	w_buf_printf(&b, "</div><div hidden>");
	tiles(&b, 5, 1);
	w_buf_printf(&b, "</div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, -1);
	w_html_free(&d);
	w_buf_free(&b);
	/* three tiles are too few; unpriced tiles with pictures count */
	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><div id=\"few\">");
	tiles(&b, 3, 1);
	w_buf_printf(&b, "</div><div id=\"many\">");
	tiles(&b, 5, 0);
	w_buf_printf(&b, "</div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, by_id(&d, "many"));
	CHECK_INT(g.priced, 0);
	w_html_free(&d);
	w_buf_free(&b);
}

static const char page[] =
    "<html><body><div id=\"list\">"
    "<div id=\"a\" class=\"item-1 big\">one</div>"
    "<div id=\"b\" class=\"item-22\">two</div>"
    "<p class=\"item-3\">not a div</p>"
    "<div id=\"c\" class=\"item-4\tx\">three</div>"
    "<div class=\"other\">four</div>"
    "</div><nav id=\"nav\"><a href=\"/1\">1</a><a href=\"/2\">2</a>"
    "<a href=\"/3\">3</a></nav></body></html>";

static void
shapes_and_groups(void)
{
	static const char *const ids[] = { "a", "b", "c" };
	struct w_html_rep r = { NULL, 0 };
	struct hdoc d;
	unsigned s;
	int n, j, list, k;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	list = by_id(&d, "list");
	CHECK(list >= 0);
	/* digits and later class tokens are left out; the tag counts */
	CHECK(w_html_shape(&d, by_id(&d, "a")) == w_html_shape(&d,
	    by_id(&d, "b")));
	CHECK(w_html_shape(&d, by_id(&d, "a")) == w_html_shape(&d,
	    by_id(&d, "c")));
	CHECK(w_html_shape(&d, by_id(&d, "a")) != w_html_shape(&d, list));
	s = w_html_rep_group(&d, list, &r, &n);
	CHECK_INT(n, 3);
	CHECK(s == w_html_shape(&d, by_id(&d, "a")));
	/* the items, in document order */
	k = 0;
	for (j = w_html_rep_next(&d, d.n[list].first, s); j >= 0;
	    j = w_html_rep_next(&d, d.n[j].next, s))
		if (k < 3)
			CHECK_INT(j, by_id(&d, ids[k++]));
	CHECK_INT(k, 3);
	/* no element children: no group */
	w_html_rep_group(&d, by_id(&d, "a"), &r, &n);
	CHECK_INT(n, 0);
	free(r.buf);
	w_html_free(&d);
}

struct seen {
	int	 p[8];
	int	 n[8];
	int	 k;
};

static void
note(const struct hdoc *d, int p, unsigned s, int n, void *arg)
{
	struct seen *v = arg;

	(void)d;
	(void)s;
	if (v->k < 8) {
		v->p[v->k] = p;
		v->n[v->k++] = n;
	}
}

static int
no_nav(const struct hdoc *d, int i, void *arg)
{
	(void)arg;
	return d->n[i].tag == TidyTag_NAV;
}

static void
one_walk(void)
{
	struct hdoc d;
	struct seen v;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	/* groups of 3 or more: the list and the menu */
	memset(&v, 0, sizeof(v));
	w_html_rep_walk(&d, d.body, 1, 3, NULL, note, &v);
	CHECK_INT(v.k, 2);
	CHECK_INT(v.p[0], by_id(&d, "list"));
	CHECK_INT(v.n[0], 3);
	CHECK_INT(v.p[1], by_id(&d, "nav"));
	/* a skipped subtree is left out */
	memset(&v, 0, sizeof(v));
	w_html_rep_walk(&d, d.body, 1, 3, no_nav, note, &v);
	CHECK_INT(v.k, 1);
	CHECK_INT(v.p[0], by_id(&d, "list"));
	/* root itself only when asked: the list's parent is the body */
	memset(&v, 0, sizeof(v));
	w_html_rep_walk(&d, by_id(&d, "list"), 0, 3, NULL, note, &v);
	CHECK_INT(v.k, 0);
	w_html_rep_walk(&d, by_id(&d, "list"), 1, 3, NULL, note, &v);
	CHECK_INT(v.k, 1);
	/* four are too few for a group of five */
	memset(&v, 0, sizeof(v));
	w_html_rep_walk(&d, d.body, 1, 5, NULL, note, &v);
	CHECK_INT(v.k, 0);
	w_html_free(&d);
}

/* The survey: every group once, in document order, with where it sits. */
static void
survey_says_where(void)
{
	static const char html[] =
	    "<html><body><ul id=\"u\"><li>a</li><li>b</li></ul>"
	    "<nav><ul id=\"m\"><li>a</li><li>b</li></ul></nav>"
	    "<div class=\"related\"><p id=\"r\"><b>a</b><b>b</b></p></div>"
	    "<pre id=\"c\"><b>x</b><b>y</b></pre>"
	    "<script><b>s</b><b>t</b></script></body></html>";
	struct w_html_groups gs = { NULL, 0, 0 };
	struct hdoc d;

	CHECK_INT(w_html_parse(&d, html, sizeof(html) - 1), 0);
	w_html_rep_survey(&d, &gs);
	CHECK_INT(gs.n, 4);
	if (gs.n == 4) {
		CHECK_INT(gs.g[0].p, by_id(&d, "u"));
		CHECK_INT(gs.g[0].n, 2);
		CHECK_INT(gs.g[0].where, H_REP_BODY);
		CHECK_INT(gs.g[1].p, by_id(&d, "m"));
		CHECK_INT(gs.g[1].where, H_REP_BODY | H_REP_CHROME);
		CHECK_INT(gs.g[2].p, by_id(&d, "r"));
		CHECK_INT(gs.g[2].where, H_REP_BODY | H_REP_CHROME);
		CHECK_INT(gs.g[3].p, by_id(&d, "c"));
		CHECK_INT(gs.g[3].where, H_REP_BODY | H_REP_PRE);
	}
	free(gs.g);
	w_html_free(&d);
}

/* Parse html; the element with id "r" stripped as a listing's region. */
static struct w_buf
strip_listing(const char *html, int keep)
{
	struct w_buf b;
	struct hdoc d;

	CHECK_INT(w_html_parse(&d, html, strlen(html)), 0);
	d.keep = keep ? by_id(&d, "g") : -1;
	w_html_strip(&d, by_id(&d, "r"), HP_LISTS);
	w_html_buf_init(&b, 1 << 16);
	w_html_text(&d, by_id(&d, "r"), &b);
	w_html_free(&d);
	return b;
}

/*
 * In a listing's region a wrapper named for the pagination or the
 * filters is chrome, unless it holds the page's items (hdoc.keep);
 * fieldsets (filters, a tile's variant picker) always go.
 */
static void
strip_keeps_items(void)
{
	struct w_buf b, pg;
	int k;

	w_html_buf_init(&pg, 1 << 16);
	w_buf_printf(&pg, "<html><body><div id=\"r\"><h1>Kettles</h1>"
	    "<div class=\"pagination-wrap\"><div id=\"g\">");
	for (k = 0; k < 6; k++)
		w_buf_printf(&pg, "<div class=\"tile\"><a href=\"/p/%d\">"
		    "Enamel kettle %d</a><fieldset><legend>Colour</legend>"
		    "<label><input type=\"radio\">Sage green</label>"
		    "</fieldset></div>", k, k);
	w_buf_printf(&pg, "</div></div>");
	for (k = 0; k < 12; k++)
		w_buf_printf(&pg, "<p>Shop %d: 14 Market Street, open daily "
		    "from nine to six, closed on holidays.</p>", k);
	w_buf_printf(&pg, "</div></body></html>");
	b = strip_listing(pg.p, 1);
	CHECK(strstr(b.p, "Enamel kettle 5") != NULL);
	CHECK(strstr(b.p, "Sage green") == NULL);
	CHECK(strstr(b.p, "Colour") == NULL);
	CHECK(strstr(b.p, "Shop 11") != NULL);
	w_buf_free(&b);
	b = strip_listing(pg.p, 0);
	CHECK(strstr(b.p, "Enamel kettle") == NULL);
	CHECK(strstr(b.p, "Shop 11") != NULL);
	w_buf_free(&b);
	w_buf_free(&pg);
}

/* A tile's small controls and stock line go; a box named for them
 * holding more stays. */
static void
tile_widgets(void)
{
	static const char html[] =
	    "<html><body><div id=\"r\"><div class=\"tile\"><a href=\"/p/1\">"
	    "Enamel kettle</a><span class=\"btn-compare\">Add to compare"
	    "</span><a class=\"QuickView\" href=\"#\">Quick view</a>"
	    "<div class=\"wishlist-note\">Saved by many shoppers who "
	    "bought this kettle for the winter</div><span class=\"visually-"
	    "hidden\">Sale price</span><span class=\"sr-only\">Was 30.00 "
	    "USD</span><span class=\"sr-only md:not-sr-only\">Free returns"
	    "</span><div class=\"quick-shop-opener\">Quick shop</div>"
	    "<p class=\"stock\"><span>Sold out.</span></p><p>In stock "
	    "again in May</p>"
	    "<label>Size</label><a class=\"btn primary\" href=\"/p/1\">"
	    "Shop now</a><a class=\"btn-row\" href=\"/p/1\">Enamel "
	    "finish</a></div></div></body></html>";
	struct w_buf b;
	struct hdoc d;

	CHECK_INT(w_html_parse(&d, html, sizeof(html) - 1), 0);
	w_html_tile_widgets(&d, by_id(&d, "r"));
	w_html_buf_init(&b, 4096);
	w_html_text(&d, by_id(&d, "r"), &b);
	CHECK(strstr(b.p, "Enamel kettle") != NULL);
	CHECK(strstr(b.p, "Add to compare") == NULL);
	CHECK(strstr(b.p, "Quick view") == NULL);
	CHECK(strstr(b.p, "Saved by many shoppers") != NULL);
	/* screen-reader labels go, unless they hold a figure or a
	 * responsive class shows them */
	CHECK(strstr(b.p, "Sale price") == NULL);
	CHECK(strstr(b.p, "Was 30.00 USD") != NULL);
	CHECK(strstr(b.p, "Free returns") != NULL);
	/* a stock line goes; a sentence on the stock stays */
	CHECK(strstr(b.p, "Sold out") == NULL);
	CHECK(strstr(b.p, "In stock again in May") != NULL);
	/* quick shop, form labels, buttons */
	CHECK(strstr(b.p, "Quick shop") == NULL);
	CHECK(strstr(b.p, "Size") == NULL);
	CHECK(strstr(b.p, "Shop now") == NULL);
	CHECK(strstr(b.p, "Enamel finish") != NULL);
	w_buf_free(&b);
	w_html_free(&d);
}

/*
 * Items win over a scorer pick they hold one and a half times, or 1.2
 * times when they fill nine tenths of the region.
 */
static void
items_win(void)
{
	CHECK(w_html_items_win(1600, 1000, 9000, 9000, 0));
	CHECK(!w_html_items_win(1500, 1000, 9000, 0, 0));
	CHECK(!w_html_items_win(400, 100, 400, 0, 0));
	CHECK(w_html_items_win(500, 0, 0, 0, 0));
	/* a story typed as an article above a feed of teasers */
	CHECK(w_html_items_win(1600, 1000, 9000, 3000, 1));
	CHECK(!w_html_items_win(1600, 1000, 9000, 3100, 1));
	CHECK(w_html_items_win(4100, 1000, 9000, 9000, 1));
	/* items that are the region: the pick was a run of them */
	CHECK(w_html_items_win(1300, 1000, 1400, 1000, 0));
	CHECK(!w_html_items_win(1300, 1000, 1500, 1000, 0));
	CHECK(!w_html_items_win(1150, 1000, 1200, 1000, 0));
}

/* A tile's name: a short element under the grid whose text is its
 * links'; not without a grid, not the grid, not text outside links,
 * not a name outside the grid. */
static void
tile_names(void)
{
	struct w_buf b;
	struct hdoc d;
	struct w_html_grid g;
	int name, price, out;

	w_html_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><p id=\"out\"><a href=\"/x\">"
	    "Enamel kettle number 9</a></p><div id=\"grid\">");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, by_id(&d, "grid"));
	name = d.n[d.n[g.box].first].tag == H_TEXT ?
	    d.n[d.n[g.box].first].next : d.n[g.box].first;
	/* the first tile's h3, then its price */
	for (name = d.n[name].first; name >= 0 &&
	    d.n[name].tag != TidyTag_H3; name = d.n[name].next)
		;
	CHECK(name >= 0);
	price = d.n[name].next;
	out = by_id(&d, "out");
	CHECK(!w_html_tile_name(&d, name, w_html_text_len(&d, name)));
	d.grid = g.box;
	CHECK(w_html_tile_name(&d, name, w_html_text_len(&d, name)));
	CHECK(!w_html_tile_name(&d, price, w_html_text_len(&d, price)));
	CHECK(!w_html_tile_name(&d, g.box, w_html_text_len(&d, g.box)));
	CHECK(!w_html_tile_name(&d, out, w_html_text_len(&d, out)));
	CHECK(!w_html_tile_name(&d, name, 500));
	w_html_free(&d);
	w_buf_free(&b);
}

int
main(void)
{
	shapes_and_groups();
	one_walk();
	survey_says_where();
	grid_of_tiles();
	grid_column();
	grid_intro();
	page_form();
	menus_are_no_grids();
	strip_keeps_items();
	items_win();
	tile_widgets();
	tile_names();
	T_DONE();
}
