/*
 * test_html_md.c: the Markdown writer's tables (lib/html_md.c) when
 * data tables nest in cells of data tables: each level used to render
 * the cells below it again to flatten them into a row (and escape their
 * pipes again), so n levels cost n copies of the text and n squared
 * bytes of backslashes. From CELL_NEST levels down a table is now read
 * as layout: the output stays linear, and every level's text is there.
 * Microdata in the text: a <link> or <meta> parts the words beside it
 * (tidy drops the whitespace around it), and an itemprop element a
 * class hides is a value for machines, not written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "buf.h"
#include "html_int.h"

/*
 * A page of n tables nested in cells, each a data table by its size
 * (its rows count those below it; a spanned cell after the nested
 * table keeps it from reading as layout).
 */
static char *
nested(int n)
{
	struct w_buf b;
	int k;

	w_buf_init(&b, (size_t)1 << 26);
	w_buf_adds(&b, "<html><body>");
	for (k = 0; k < n; k++)
		w_buf_printf(&b, "<table><tr><td>Level %d words</td><td>", k);
	w_buf_adds(&b, "The innermost cell survives.");
	for (k = 0; k < n; k++)
		w_buf_adds(&b, "</td></tr><tr><td colspan=2>span</td></tr>"
		    "</table>");
	w_buf_adds(&b, "</body></html>");
	return w_buf_take(&b);
}

static void
nested_data_tables(int n)
{
	struct hdoc d;
	struct w_html_out o;
	struct w_buf out;
	char *s = nested(n), *p;
	char want[64];
	int k;

	memset(&d, 0, sizeof(d));
	memset(&o, 0, sizeof(o));
	w_buf_init(&out, (size_t)1 << 26);
	CHECK(w_html_parse(&d, s, strlen(s)) == 0);
	w_html_write(&d, d.root, &o, &out);
	/* was 751,355 bytes for 400 levels (1.2 s), 29,826 now */
	if (out.len >= 100 * (size_t)n)
		fprintf(stderr, "%d levels: %zu bytes\n", n, out.len);
	CHECK(out.len < 100 * (size_t)n);
	CHECK(out.p != NULL &&
	    strstr(out.p, "The innermost cell survives.") != NULL);
	for (k = 0; k < n && out.p != NULL; k++) {
		snprintf(want, sizeof(want), "Level %d words", k);
		p = strstr(out.p, want);
		CHECK(p != NULL && strstr(p + 1, want) == NULL);
	}
	/* the top levels are still pipe tables */
	CHECK(out.p != NULL && strncmp(out.p, "| Level 0 words | ", 18) == 0);
	w_buf_free(&out);
	w_html_free(&d);
	free(s);
}

static void
microdata(void)
{
	static const char page[] = "<html><body><div class=post>"
	    "<span><a href=/u/ann><span>ann</span></a> (ann)</span>\n"
	    "<link itemprop=mainEntityOfPage href=/t/1>\n"
	    "<span><time>May 3, 2024</time></span>"
	    "<meta itemprop=position content=1>"
	    "<span>Reply</span>"
	    "<time class=\"d-none\" itemprop=datePublished>"
	    "2019-01-21T21:40:59Z</time>"
	    "<span class=hidden>Shown by a script</span>"
	    "</div></body></html>";
	struct hdoc d;
	struct w_html_out o;
	struct w_buf out;

	memset(&d, 0, sizeof(d));
	memset(&o, 0, sizeof(o));
	o.text = 1;
	w_buf_init(&out, 1 << 16);
	CHECK(w_html_parse(&d, page, sizeof(page) - 1) == 0);
	w_html_write(&d, d.root, &o, &out);
	CHECK(out.p != NULL && strstr(out.p, "(ann) May 3, 2024 Reply") !=
	    NULL);
	CHECK(out.p != NULL && strstr(out.p, "2019-01-21") == NULL);
	/* a class alone hides nothing here: the writer is not the judge */
	CHECK(out.p != NULL && strstr(out.p, "Shown by a script") != NULL);
	w_buf_free(&out);
	w_html_free(&d);
}

int
main(void)
{
	microdata();
	nested_data_tables(3);
	nested_data_tables(400);
	T_DONE();
}
