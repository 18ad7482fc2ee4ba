/* test_view.c: the wfetch/wextract request surface: one field table,
 * decoding once into struct w_request, continuation arguments, the one
 * untrusted-fields list. */
#include <string.h>

#include "err.h"
#include "json.h"
#include "t.h"
#include "view.h"

static int
decode(enum w_req_tool tool, const char *json, struct w_request *r,
    struct w_err *e)
{
	jv req = jv_parse(json);
	int rc;

	w_err_clear(e);
	rc = w_request_decode(tool, req, r, e);
	jv_free(req);
	return rc;
}

static int
has_field(enum w_req_tool tool, const char *name)
{
	const struct w_field *f;

	for (f = w_request_fields(tool); f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return 1;
	return 0;
}

static void
test_tables(void)
{
	jv s;

	CHECK(has_field(W_REQ_WFETCH, "url"));
	CHECK(has_field(W_REQ_WFETCH, "headers"));
	CHECK(has_field(W_REQ_WFETCH, "render"));
	CHECK(!has_field(W_REQ_WFETCH, "content_type"));
	CHECK(has_field(W_REQ_WEXTRACT, "content_type"));
	CHECK(has_field(W_REQ_WEXTRACT, "max_chars"));
	CHECK(!has_field(W_REQ_WEXTRACT, "headers"));
	CHECK(!has_field(W_REQ_WEXTRACT, "artifact"));
	s = w_request_schema(W_REQ_WFETCH);
	CHECK_STR(w_json_str_peek(s, "title"), "wfetch request");
	CHECK_INT(jv_array_length(jv_object_get(jv_copy(s),
	    jv_string("required"))), 1);
	jv_free(s);
	s = w_request_schema(W_REQ_WEXTRACT);
	CHECK_INT(jv_array_length(jv_object_get(jv_copy(s),
	    jv_string("required"))), 0);
	jv_free(s);
}

static void
test_decode(void)
{
	struct w_request r;
	struct w_err e;
	jv a;

	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"https://a.example/x\","
	    "\"format\":\"text\",\"focus\":\"roses\",\"start_line\":3,"
	    "\"max_lines\":2,\"include_links\":true,\"headers\":"
	    "{\"Accept\":\"text/html\"},\"render\":\"never\"}", &r, &e), 0);
	CHECK_STR(r.url, "https://a.example/x");
	CHECK_INT(r.format, W_FMT_TEXT);
	CHECK_INT(r.render, W_RENDER_NEVER);
	CHECK_STR(r.view.focus, "roses");
	CHECK_INT(r.view.start_line, 3);
	CHECK_INT(r.view.max_lines, 2);
	CHECK(r.include_links);
	a = w_request_args(&r);
	CHECK_STR(w_json_str_peek(a, "url"), "https://a.example/x");
	CHECK_STR(w_json_str_peek(a, "format"), "text");
	CHECK_STR(w_json_str_peek(a, "focus"), "roses");
	CHECK(w_json_bool_peek(a, "include_links", 0));
	CHECK(jv_object_has(jv_copy(a), jv_string("headers")));
	CHECK(!jv_object_has(jv_copy(a), jv_string("start_line")));
	jv_free(a);
	w_request_free(&r);

	/* defaults: nothing repeated that was not asked for */
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"http://a.example/\"}", &r,
	    &e), 0);
	CHECK_INT(r.format, W_FMT_MARKDOWN);
	CHECK_INT(r.render, W_RENDER_DEFAULT);
	CHECK(r.view.focus == NULL);
	a = w_request_args(&r);
	CHECK_INT(jv_object_length(a), 1);
	w_request_free(&r);

	/* wfetch's own rules, all usage errors */
	CHECK_INT(decode(W_REQ_WFETCH, "{}", &r, &e), -1);
	CHECK(e.usage && strstr(e.msg, "url") != NULL);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"ftp://a.example/\"}", &r,
	    &e), -1);
	CHECK(strstr(e.msg, "http://") != NULL);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"http://u:p@a.example/\"}",
	    &r, &e), -1);
	CHECK(strstr(e.msg, "credentials") != NULL);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"http://a.example/\","
	    "\"format\":\"raw\",\"render\":\"auto\"}", &r, &e), -1);
	CHECK(strstr(e.msg, "render never") != NULL);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"http://a.example/\","
	    "\"artifact\":\"../x\"}", &r, &e), -1);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"http://a.example/\","
	    "\"headers\":{\"Cookie\":\"a\"}}", &r, &e), -1);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WFETCH, "{\"url\":\"http://a.example/\","
	    "\"content_type\":\"text/html\"}", &r, &e), -1);
	CHECK(strstr(e.msg, "unknown field") != NULL);
	w_request_free(&r);

	/* wextract: no url needed, its own fields repeated */
	CHECK_INT(decode(W_REQ_WEXTRACT, "{\"content_type\":\"text/plain\","
	    "\"http_status\":503,\"max_chars\":10}", &r, &e), 0);
	CHECK(r.url == NULL);
	CHECK_STR(r.content_type, "text/plain");
	CHECK_INT(r.http_status, 503);
	CHECK_INT(r.view.max_chars, 10);
	a = w_request_args(&r);
	CHECK_STR(w_json_str_peek(a, "content_type"), "text/plain");
	CHECK_INT(w_json_int_peek(a, "http_status", 0), 503);
	jv_free(a);
	w_request_free(&r);
	CHECK_INT(decode(W_REQ_WEXTRACT, "{\"headers\":{}}", &r, &e), -1);
	w_request_free(&r);
}

static void
test_untrusted(void)
{
	jv u = w_view_untrusted();
	int i, n = jv_array_length(jv_copy(u)), links = 0;

	for (i = 0; i < n; i++) {
		jv s = jv_array_get(jv_copy(u), i);

		links += strncmp(jv_string_value(s), "links[]", 7) == 0;
		jv_free(s);
	}
	CHECK_INT(links, 2);
	jv_free(u);
}

int
main(void)
{
	test_tables();
	test_decode();
	test_untrusted();
	T_DONE();
}
