/*
 * test_html_parts.c: the pure helpers of the HTML writer: the table
 * grid (colspan / rowspan laid out as HTML's table model does) and the
 * invisible-character stripping.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "html_int.h"

#define MC	8

static void
grid_spans(void)
{
	/*
	 * | A (rowspan 2) | B (colspan 2)     |
	 * |               | C     | D         |
	 * | E             | F (colspan 2, rowspan 9: clipped) |
	 */
	int rowof[] = { 0, 0, 1, 1, 2, 2 };
	int cs[] = { 1, 2, 1, 1, 1, 2 };
	int rs[] = { 2, 1, 1, 1, 1, 9 };
	int g[3 * MC];

	CHECK_INT(h_table_grid(rowof, cs, rs, 6, 3, MC, g), 3);
	CHECK_INT(g[0 * MC + 0], 0);
	CHECK_INT(g[0 * MC + 1], 1);
	CHECK_INT(g[0 * MC + 2], 1 | H_SPAN_COL);
	CHECK_INT(g[1 * MC + 0], 0 | H_SPAN_ROW);
	CHECK_INT(g[1 * MC + 1], 2);
	CHECK_INT(g[1 * MC + 2], 3);
	CHECK_INT(g[2 * MC + 0], 4);
	CHECK_INT(g[2 * MC + 1], 5);
	CHECK_INT(g[2 * MC + 2], 5 | H_SPAN_COL);
	CHECK_INT(g[0 * MC + 3], -1);
}

static void
grid_ragged(void)
{
	/* rows of 1 and 3 cells; a 0 span counts as 1; row 1 is empty */
	int rowof[] = { 0, 2, 2, 2 };
	int cs[] = { 0, 1, 1, 1 };
	int rs[] = { -1, 1, 1, 1 };
	int g[3 * MC];

	CHECK_INT(h_table_grid(rowof, cs, rs, 4, 3, MC, g), 3);
	CHECK_INT(g[0], 0);
	CHECK_INT(g[1], -1);
	CHECK_INT(g[1 * MC + 0], -1);
	CHECK_INT(g[2 * MC + 2], 3);
}

static void
grid_too_wide(void)
{
	int rowof[] = { 0, 0 };
	int cs[] = { 6, 3 };
	int rs[] = { 1, 1 };
	int g[1 * MC];

	CHECK_INT(h_table_grid(rowof, cs, rs, 2, 1, MC, g), -1);
	CHECK_INT(h_table_grid(rowof, cs, rs, 1, 1, MC, g), 6);
	CHECK_INT(h_table_grid(rowof, cs, rs, 0, 1, MC, g), 0);
}

static void
invisible(void)
{
	char s[] = "in\xc2\xadter\xe2\x80\x8bna\xe2\x80\x8c"
	    "tion\xe2\x80\x8d" "al\xe2\x81\xa0\xef\xbb\xbf \xc2\xa0x";
	size_t n = strlen(s);

	CHECK_INT(h_invisible_at("\xc2\xad", 2), 2);
	CHECK_INT(h_invisible_at("\xc2\xad", 1), 0);
	CHECK_INT(h_invisible_at("\xe2\x80\x8b", 3), 3);
	CHECK_INT(h_invisible_at("\xe2\x80\x8e", 3), 0);	/* LRM stays */
	CHECK_INT(h_invisible_at("\xe2\x80\x8a", 3), 0);	/* hair space */
	CHECK_INT(h_invisible_at("\xc2\xa0", 2), 0);		/* nbsp */
	CHECK_INT(h_invisible_at("a", 1), 0);
	CHECK_INT(h_invisible_strip(s, &n), 6);
	CHECK_STR(s, "international \xc2\xa0x");
	CHECK_INT(n, strlen("international \xc2\xa0x"));
	n = 0;
	CHECK_INT(h_invisible_strip(s, &n), 0);
}

int
main(void)
{
	grid_spans();
	grid_ragged();
	grid_too_wide();
	invisible();
	T_DONE();
}
