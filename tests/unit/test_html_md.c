/*
 * test_html_md.c: the Markdown writer's tables (lib/html_md.c) when
 * tables nest in cells: every level's text is written once, the data
 * table at the bottom is still a pipe table, and the writer's work does
 * not grow with how deeply the tables nest (each table's test for data
 * stops at the first table inside it instead of walking all below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "t.h"
#include "buf.h"
#include "html_int.h"

/* A page of n tables nested in cells over m line breaks and a table. */
static char *
nested(int n, int m)
{
	struct w_buf b;
	int k;

	w_buf_init(&b, (size_t)1 << 26);
	w_buf_adds(&b, "<html><body>");
	for (k = 0; k < n; k++)
		w_buf_printf(&b, "<table><tr><td>level %d words</td><td>", k);
	for (k = 0; k < m; k++)
		w_buf_adds(&b, "<br>");
	w_buf_adds(&b, "<table><tr><th>Name</th><th>Size</th></tr>"
	    "<tr><td>alpha</td><td>1</td></tr></table>");
	for (k = 0; k < n; k++)
		w_buf_adds(&b, "</td></tr></table>");
	w_buf_adds(&b, "</body></html>");
	return w_buf_take(&b);
}

/* w_html_write of page s as Markdown into out; CPU seconds taken. */
static double
write_md(const char *s, struct w_buf *out)
{
	struct hdoc d;
	struct w_html_out o;
	struct timespec a, z;

	memset(&d, 0, sizeof(d));
	memset(&o, 0, sizeof(o));
	if (w_html_parse(&d, s, strlen(s)) != 0) {
		CHECK(!"parse");
		return 0;
	}
	w_buf_reset(out);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
	w_html_write(&d, d.root, &o, out);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &z);
	w_html_free(&d);
	return (double)(z.tv_sec - a.tv_sec) +
	    (double)(z.tv_nsec - a.tv_nsec) / 1e9;
}

static void
levels_written_once(void)
{
	struct w_buf out;
	char *s = nested(30, 3), *p;
	char want[64];
	int k;

	w_buf_init(&out, (size_t)1 << 26);
	write_md(s, &out);
	CHECK(out.p != NULL);
	for (k = 0; k < 30 && out.p != NULL; k++) {
		snprintf(want, sizeof(want), "level %d words\n", k);
		CHECK((p = strstr(out.p, want)) != NULL &&
		    strstr(p + 1, want) == NULL);
	}
	CHECK(out.p != NULL &&
	    strstr(out.p, "| Name | Size |\n| --- | --- |\n| alpha | 1 |") !=
	    NULL);
	w_buf_free(&out);
	free(s);
}

/* The lesser CPU time of three writes of s. */
static double
best_of_3(const char *s, struct w_buf *out)
{
	double t, best = 1e9;
	int k;

	for (k = 0; k < 3; k++)
		if ((t = write_md(s, out)) < best)
			best = t;
	return best;
}

static void
depth_costs_nothing(void)
{
	struct w_buf out;
	char *flat = nested(1, 300000), *deep = nested(60, 300000);
	double t1, t60;

	/*
	 * Was: each of the 60 tables walked the 300,000 breaks below it
	 * (about 15 times the flat page's time); now about the same.
	 */
	w_buf_init(&out, (size_t)1 << 26);
	t1 = best_of_3(flat, &out);
	t60 = best_of_3(deep, &out);
	if (!(t60 < 4 * t1 + 0.02))
		fprintf(stderr, "depth 1: %.4f s, depth 60: %.4f s\n", t1,
		    t60);
	CHECK(t60 < 4 * t1 + 0.02);
	w_buf_free(&out);
	free(flat);
	free(deep);
}

int
main(void)
{
	levels_written_once();
	depth_costs_nothing();
	T_DONE();
}
