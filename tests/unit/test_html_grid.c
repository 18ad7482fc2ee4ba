/*
 * test_html_grid.c: item grids (lib/html_grid.c): the repeated tiles
 * of a collection are found, menus and chrome are not, and the grid's
 * section takes its heading but not the prose beside it.
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
		    (v = h_attr(d, (int)i, "id")) != NULL && strcmp(v, id) == 0)
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
find(struct hdoc *d, struct w_buf *b, struct h_grid *g)
{
	CHECK(h_parse(d, b->p, b->len) == 0);
	h_grid_find(d, d->body, g);
}

static void
grid_of_tiles(void)
{
	struct w_buf b;
	struct hdoc d;
	struct h_grid g;
	int sect;

	h_buf_init(&b, 1 << 20);
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
	sect = h_grid_section(&d, &g, d.body);
	CHECK_INT(sect, by_id(&d, "sect"));
	h_free(&d);
	w_buf_free(&b);
}

static void
menus_are_no_grids(void)
{
	struct w_buf b;
	struct hdoc d;
	struct h_grid g;

	/* short bare links: a menu, even outside nav */
	h_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><ul class=\"links\">");
	for (int k = 0; k < 9; k++)
		w_buf_printf(&b, "<li><a href=\"/c/%d\">Shop %d</a></li>", k, k);
	w_buf_printf(&b, "</ul><p>Nothing else here.</p></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, -1);
	CHECK_INT(h_grid_section(&d, &g, d.body), -1);
	h_free(&d);
	w_buf_free(&b);
	/* tiles in a footer or a hidden box are chrome */
	h_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><footer>");
	tiles(&b, 6, 1);
	w_buf_printf(&b, "</footer><div style=\"display: none\">");
	tiles(&b, 6, 0);
	w_buf_printf(&b, "</div><div hidden>");
	tiles(&b, 5, 1);
	w_buf_printf(&b, "</div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, -1);
	h_free(&d);
	w_buf_free(&b);
	/* three tiles are too few; unpriced tiles with pictures count */
	h_buf_init(&b, 1 << 20);
	w_buf_printf(&b, "<html><body><div id=\"few\">");
	tiles(&b, 3, 1);
	w_buf_printf(&b, "</div><div id=\"many\">");
	tiles(&b, 5, 0);
	w_buf_printf(&b, "</div></body></html>");
	find(&d, &b, &g);
	CHECK_INT(g.box, by_id(&d, "many"));
	CHECK_INT(g.priced, 0);
	h_free(&d);
	w_buf_free(&b);
}

int
main(void)
{
	grid_of_tiles();
	menus_are_no_grids();
	T_DONE();
}
