/*
 * test_ledger.c: the ledger's pure parts: the bound (oldest search
 * snippets first, every drop counted), citation finding and
 * normalisation, and grading into the four verdicts.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "ledger.h"
#include "t.h"

static jv
ent(const char *kind, const char *url, const char *status)
{
	jv x = jv_object();

	x = jv_object_set(x, jv_string("kind"), jv_string(kind));
	x = jv_object_set(x, jv_string("url"), jv_string(url));
	x = jv_object_set(x, jv_string("status"), jv_string(status));
	return jv_object_set(x, jv_string("representation"), jv_string(
	    strcmp(kind, "search") == 0 ? "search_snippet" : "page_extract"));
}

static void
test_bound(void)
{
	jv l = jv_null(), add = jv_array(), e;
	int i;

	add = jv_array_append(add, ent("fetch", "https://a.example/f0",
	    "opened"));
	for (i = 0; i < 3; i++)
		add = jv_array_append(add, ent("search", "https://a.example/s",
		    ""));
	add = jv_array_append(add, ent("fetch", "https://a.example/f1",
	    "fetch_failed"));
	l = w_ledger_bound(l, add, 4, 1 << 20);
	CHECK_INT(w_json_int_peek(l, "dropped", -1), 1);
	CHECK_INT(w_json_int_peek(l, "dropped_snippets", -1), 1);
	e = jv_object_get(jv_copy(l), jv_string("entries"));
	CHECK_INT(jv_array_length(jv_copy(e)), 4);
	jv_free(e);
	/* Only fetches left after the snippets: the oldest entry goes. */
	add = jv_array();
	for (i = 0; i < 3; i++)
		add = jv_array_append(add, ent("fetch", "https://b.example/",
		    "opened"));
	l = w_ledger_bound(l, add, 4, 1 << 20);
	CHECK_INT(w_json_int_peek(l, "dropped", -1), 4);
	CHECK_INT(w_json_int_peek(l, "dropped_snippets", -1), 3);
	/* The byte bound. */
	l = w_ledger_bound(l, jv_array(), 100, 300);
	CHECK(w_json_int_peek(l, "bytes", -1) <= 300);
	CHECK(w_json_int_peek(l, "bytes", -1) > 0);
	CHECK(w_json_int_peek(l, "dropped", -1) >= 5);
	/* Garbage in, an empty ledger out. */
	l = w_ledger_bound(l, jv_number(3), 0, 0);
	CHECK_INT(w_json_int_peek(l, "bytes", -1), 0);
	jv_free(l);
	l = w_ledger_bound(jv_string("x"), jv_null(), 10, 10);
	CHECK_INT(w_json_int_peek(l, "dropped", -1), 0);
	jv_free(l);
}

static void
cites(const char *text, const char *want)
{
	jv c = w_ledger_citations(text, strlen(text));
	jv s = jv_dump_string(c, 0);

	CHECK_STR(jv_string_value(s), want);
	jv_free(s);
}

static void
test_citations(void)
{
	cites("", "[]");
	cites("no links here, http:/x nor ftp://a.example/", "[]");
	cites("[t](https://A.example/p?utm_source=x#frag)",
	    "[\"https://a.example/p\"]");
	cites("<https://a.example/q>, then https://a.example/r.",
	    "[\"https://a.example/q\",\"https://a.example/r\"]");
	cites("[1]: https://a.example/ref \"Title\"\n",
	    "[\"https://a.example/ref\"]");
	cites("(see https://a.example/wiki/X_(y)) and *https://b.example*",
	    "[\"https://a.example/wiki/X_(y)\",\"https://b.example/\"]");
	cites("https://a.example/p https://A.EXAMPLE:443/p",
	    "[\"https://a.example/p\"]");
	cites("xhttps://a.example/glued", "[]");
	cites("[t](https://a.example/p \"t\")", "[\"https://a.example/p\"]");
}

static const char *
grade(jv ledger, const char *text)
{
	static char v[64];
	jv g = w_ledger_grade(ledger, w_ledger_citations(text,
	    strlen(text)));

	snprintf(v, sizeof(v), "%s", w_json_str_peek(g, "verdict"));
	jv_free(g);
	return v;
}

static void
test_grade(void)
{
	jv add = jv_array(), l;

	add = jv_array_append(add, ent("search", "https://a.example/s1", ""));
	add = jv_array_append(add, ent("search", "https://a.example/s2", ""));
	add = jv_array_append(add, ent("fetch", "https://a.example/s2",
	    "blocked_policy"));
	add = jv_array_append(add, ent("fetch", "https://www.a.example/o/",
	    "opened"));
	l = w_ledger_bound(jv_null(), add, 100, 1 << 20);
	CHECK_STR(grade(l, "nothing"), "ungrounded_no_chunks");
	CHECK_STR(grade(l, "https://a.example/s1"), "unopened_sources");
	CHECK_STR(grade(l, "https://a.example/s1 https://a.example/s2"),
	    "unopened_sources");
	CHECK_STR(grade(l, "https://a.example/s1 https://a.example/o"),
	    "grounded");
	CHECK_STR(grade(l, "https://a.example/o https://z.example/"),
	    "unsupported_claim");
	CHECK_STR(grade(jv_null(), "https://a.example/o"),
	    "unsupported_claim");
	jv_free(l);
}

/* The ledger's vocabulary web-control sources and verdict use. */
static void
test_vocabulary(void)
{
	jv x = jv_parse("{\"url\":\"https://a.test/\",\"status\":\"opened\"}");
	jv y = jv_parse("{\"url\":\"https://b.test/\"}");
	int n;

	for (n = 0; w_ledger_statuses[n] != NULL; n++)
		;
	CHECK_INT(n, 6);
	CHECK(w_ledger_status_is(x, "opened"));
	CHECK(!w_ledger_status_is(x, "found"));
	CHECK(w_ledger_status_is(x, NULL));
	CHECK(w_ledger_status_is(y, "found"));	/* no status: found */
	CHECK(!w_ledger_status_is(y, "opened"));
	CHECK(strncmp(w_ledger_verdict_summary("grounded"), "grounded: ",
	    10) == 0);
	CHECK(strncmp(w_ledger_verdict_summary("unsupported_claim"),
	    "unsupported_claim: ", 19) == 0);
	CHECK(strncmp(w_ledger_verdict_summary("anything else"),
	    "ungrounded_no_chunks: ", 22) == 0);
	jv_free(x);
	jv_free(y);
}

int
main(void)
{
	test_bound();
	test_citations();
	test_grade();
	test_vocabulary();
	T_DONE();
}
