/* test_slice.c: focus, line slices, char pages and the output cap. */
#include <stdlib.h>

#include "t.h"
#include "json.h"
#include "slice.h"

static const char doc[] =
    "# Title\n\nalpha one\nalpha two\n\nbeta block\n\ngamma alpha\n";

static int
num(jv cov, const char *k)
{
	return (int)w_json_int_peek(cov, k, -99);
}

static void
test_lines(void)
{
	struct w_slice_opts o = { 0 };
	struct w_slice s;
	struct w_err e;

	w_err_clear(&e);
	o.start_line = 3;
	o.max_lines = 2;
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK_STR(s.content, "alpha one\nalpha two");
	CHECK_INT(num(s.coverage, "startLine"), 3);
	CHECK_INT(num(s.coverage, "endLine"), 4);
	CHECK_INT(num(s.coverage, "totalLines"), 8);
	CHECK_INT(num(s.coverage, "nextLine"), 5);
	CHECK(s.partial);
	w_slice_free(&s);

	o.start_line = 1;
	o.max_lines = 100;
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK(!s.partial);
	CHECK_INT(s.next_line, 0);
	w_slice_free(&s);

	/* A start beyond the end: partial, no content. */
	o.start_line = 50;
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK(s.content == NULL);
	CHECK(s.partial);
	w_slice_free(&s);

	/* The last page, started after line 1, is still partial. */
	o.start_line = 8;
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK_STR(s.content, "gamma alpha");
	CHECK(s.partial);
	CHECK_INT(s.next_line, 0);
	w_slice_free(&s);
}

static void
test_budget(void)
{
	struct w_slice_opts o = { 0 };
	struct w_slice s;
	struct w_err e;
	const char *longline = "abcdefghijklmnopqrstuvwxyz\nshort\n";

	w_err_clear(&e);
	/* A line longer than the budget is cut, never skipped. */
	o.start_line = 1;
	o.max_output_chars = 10;
	CHECK_INT(w_slice_apply(longline, strlen(longline), &o, &s, &e), 0);
	CHECK_STR(s.content, "abcdefghij");
	CHECK(s.partial);
	CHECK(w_json_bool_peek(s.coverage, "truncated", 0));
	CHECK(w_json_bool_peek(s.coverage, "line_cut", 0));
	/* The continuation goes on inside the line, never repeats it. */
	CHECK_INT(s.next_line, 0);
	CHECK_INT(s.next_offset, 10);
	w_slice_free(&s);
	o.start_line = 0;
	o.offset = 10;
	CHECK_INT(w_slice_apply(longline, strlen(longline), &o, &s, &e), 0);
	CHECK_STR(s.content, "klmnopqrst");
	w_slice_free(&s);
	o.offset = 0;
	o.start_line = 1;

	/* Whole lines while they fit. */
	o.max_output_chars = 30;
	CHECK_INT(w_slice_apply(longline, strlen(longline), &o, &s, &e), 0);
	CHECK_STR(s.content, "abcdefghijklmnopqrstuvwxyz");
	CHECK_INT(s.next_line, 2);
	w_slice_free(&s);

	/* Char pages count code points, not bytes. */
	memset(&o, 0, sizeof(o));
	o.max_chars = 3;
	CHECK_INT(w_slice_apply("\xc3\xa9t\xc3\xa9 x", 8, &o, &s, &e), 0);
	CHECK_STR(s.content, "\xc3\xa9t\xc3\xa9");
	CHECK_INT(s.next_offset, 3);
	CHECK(s.partial);
	w_slice_free(&s);
	o.offset = 3;
	CHECK_INT(w_slice_apply("\xc3\xa9t\xc3\xa9 x", 8, &o, &s, &e), 0);
	CHECK_STR(s.content, " x");
	CHECK_INT(s.next_offset, -1);
	CHECK(s.partial);
	w_slice_free(&s);

	/* No options: the default 20000-char page, whole. */
	memset(&o, 0, sizeof(o));
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK(!s.partial);
	CHECK_STR(s.content, doc);
	w_slice_free(&s);
}

static void
test_focus(void)
{
	struct w_slice_opts o = { 0 };
	struct w_slice s;
	struct w_err e;

	w_err_clear(&e);
	o.focus = "ALPHA";
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK_STR(s.content, "alpha one\nalpha two\n\ngamma alpha\n");
	CHECK(s.partial);
	w_slice_free(&s);

	o.focus = "\"beta block\"";
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK_STR(s.content, "beta block");
	w_slice_free(&s);

	o.focus = "zeta";
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), -1);
	CHECK_STR(w_err_name(e.code), "focus_no_match");
	w_slice_free(&s);

	/* Focus applies before line slicing. */
	o.focus = "alpha";
	o.start_line = 2;
	o.max_lines = 1;
	w_err_clear(&e);
	CHECK_INT(w_slice_apply(doc, sizeof(doc) - 1, &o, &s, &e), 0);
	CHECK_STR(s.content, "alpha two");
	w_slice_free(&s);
}

/* Char pages over long mixed text agree with a byte-by-byte count. */
static void
test_wide(void)
{
	struct w_slice_opts o = { 0 };
	struct w_slice s;
	struct w_err e;
	char buf[4000];
	size_t i, n = 0;
	long k;

	for (i = 0; n + 4 < sizeof(buf) - 1; i++) {
		if (i % 3 == 0) {
			memcpy(buf + n, "\xe6\x97\xa5", 3);	/* 3-byte */
			n += 3;
		} else if (i % 3 == 1) {
			memcpy(buf + n, "\xc3\xa9", 2);	/* 2-byte */
			n += 2;
		} else
			buf[n++] = 'a';
	}
	buf[n] = '\0';
	w_err_clear(&e);
	for (k = 1; k < 300; k += 7) {
		o.max_chars = k;
		o.offset = k / 2;
		CHECK_INT(w_slice_apply(buf, n, &o, &s, &e), 0);
		CHECK_INT(w_json_int_peek(s.coverage, "chars", -1), k);
		CHECK_INT(w_json_int_peek(s.coverage, "total_chars", -1), i);
		CHECK_INT(s.next_offset, k / 2 + k);
		w_slice_free(&s);
	}
}

int
main(void)
{
	test_wide();
	test_lines();
	test_budget();
	test_focus();
	T_DONE();
}
