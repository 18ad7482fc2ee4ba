/*
 * test_mcp.c: the MCP client's pure parts: the SSE parser, matching a
 * response by id among notifications, result classification, and the
 * Parallel answer parser.
 */
#include <string.h>

#include "err.h"
#include "parallel_mcp.h"
#include "json.h"
#include "mcp.h"
#include "t.h"

static int
sse(const char *body, jv *msgs)
{
	struct w_err e;

	w_err_clear(&e);
	return w_mcp_sse_parse(body, strlen(body), msgs, &e);
}

static void
test_sse(void)
{
	jv m, t;

	/* priming event (id + empty data), notification, result */
	CHECK_INT(sse("id: p1\ndata: \n\nevent: message\nid: a\n"
	    "data: {\"method\":\"notifications/message\",\"jsonrpc\":\"2.0\"}"
	    "\n\nevent: message\nid: b\n"
	    "data: {\"result\":{},\"jsonrpc\":\"2.0\",\"id\":3}\n\n", &m), 0);
	CHECK_INT(jv_array_length(jv_copy(m)), 2);
	jv_free(m);
	/* CRLF, a comment, data split over lines, no final blank line */
	CHECK_INT(sse(": keepalive\r\ndata: {\"id\":1,\r\ndata:\"result\":"
	    "{\"a\":1}}", &m), 0);
	CHECK_INT(jv_array_length(jv_copy(m)), 1);
	t = jv_array_get(jv_copy(m), 0);
	CHECK_INT(w_json_int_peek(t, "id", 0), 1);
	jv_free(t);
	jv_free(m);
	/* bare CR line ends; an empty body */
	CHECK_INT(sse("data: {\"id\":2}\r\rdata: {\"id\":3}\r\r", &m), 0);
	CHECK_INT(jv_array_length(jv_copy(m)), 2);
	jv_free(m);
	CHECK_INT(sse("", &m), 0);
	CHECK_INT(jv_array_length(jv_copy(m)), 0);
	jv_free(m);
	/* data that is not JSON */
	CHECK_INT(sse("data: {broken\n\n", &m), -1);
	jv_free(m);
	/* fields other than data are ignored; "data" without a colon */
	CHECK_INT(sse("event: x\nretry: 10\ndata\n\ndata: 7\n\n", &m), 0);
	CHECK_INT(jv_array_length(jv_copy(m)), 1);
	jv_free(m);
}

static void
test_match(void)
{
	jv msgs = jv_parse("[{\"method\":\"notifications/progress\","
	    "\"params\":{}},{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":"
	    "\"sampling/createMessage\"},{\"id\":4,\"result\":{\"x\":4}},"
	    "{\"id\":3,\"result\":{\"x\":3}},{\"id\":\"3\",\"result\":{}}]");
	jv hit;

	hit = w_mcp_match(msgs, jv_number(3));
	CHECK(jv_is_valid(hit));
	hit = jv_object_get(hit, jv_string("result"));
	CHECK_INT(w_json_int_peek(hit, "x", 0), 3);
	jv_free(hit);
	hit = w_mcp_match(msgs, jv_number(9));	/* a server request */
	CHECK(!jv_is_valid(hit));
	jv_free(hit);
	hit = w_mcp_match(msgs, jv_number(5));
	CHECK(!jv_is_valid(hit));
	jv_free(hit);
	jv_free(msgs);
}

static int
classify(const char *msg, jv *res, struct w_err *e)
{
	jv m = jv_parse(msg);
	int rc;

	w_err_clear(e);
	rc = w_mcp_result(m, "tools/call", res, e);
	jv_free(m);
	return rc;
}

static void
test_result(void)
{
	struct w_err e;
	jv res, t;

	CHECK_INT(classify("{\"id\":1,\"result\":{\"content\":[{\"type\":"
	    "\"text\",\"text\":\"a\"},{\"type\":\"image\"},{\"type\":\"text\","
	    "\"text\":\"b\"}]}}", &res, &e), 0);
	t = w_mcp_text(res);
	CHECK_STR(jv_string_value(t), "a\nb");
	jv_free(t);
	jv_free(res);
	CHECK_INT(classify("{\"id\":1,\"result\":{\"content\":[{\"type\":"
	    "\"text\",\"text\":\"internal\"}],\"isError\":true}}", &res, &e),
	    -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	CHECK(strstr(e.msg, "internal") == NULL);
	jv_free(res);
	CHECK_INT(classify("{\"id\":1,\"result\":{\"content\":[{\"type\":"
	    "\"text\",\"text\":\"upstream 429 Too Many Requests\"}],"
	    "\"isError\":true}}", &res, &e), -1);
	CHECK_STR(w_err_name(e.code), "rate_limited");
	jv_free(res);
	CHECK_INT(classify("{\"id\":1,\"error\":{\"code\":-32603,"
	    "\"message\":\"boom\"}}", &res, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	jv_free(res);
	CHECK_INT(classify("{\"id\":1,\"error\":{\"code\":-32000,"
	    "\"message\":\"Rate limit exceeded\"}}", &res, &e), -1);
	CHECK_STR(w_err_name(e.code), "rate_limited");
	jv_free(res);
	CHECK_INT(classify("{\"id\":1,\"result\":[]}", &res, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	jv_free(res);
}

static int
pparse(const char *s, jv *out, jv *errs, struct w_err *e)
{
	w_err_clear(e);
	return w_parallel_parse(s, strlen(s), out, errs, e);
}

static void
test_parallel(void)
{
	struct w_err e;
	jv out, errs, raw;

	CHECK_INT(pparse("{\"search_id\":\"s\",\"results\":[{\"url\":"
	    "\"https://example.com/1\",\"title\":\"T\",\"publish_date\":"
	    "\"2025-10-08\",\"excerpts\":[\"a\",\"b\"]},{\"title\":\"no url\"},"
	    "{\"url\":\"https://example.com/2\",\"publish_date\":null}],"
	    "\"warnings\":null}", &out, &errs, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 2);
	raw = w_parallel_search_results(out);
	raw = jv_array_get(raw, 0);
	CHECK_STR(w_json_str_peek(raw, "snippet"), "a \xe2\x80\xa6 b");
	CHECK_STR(w_json_str_peek(raw, "published"), "2025-10-08");
	jv_free(raw);
	jv_free(out);
	jv_free(errs);
	CHECK_INT(pparse("{\"results\":[]}", &out, NULL, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 0);
	jv_free(out);
	CHECK_INT(pparse("No results found", &out, NULL, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	jv_free(out);
	CHECK_INT(pparse("{\"search_id\":\"s\"}", &out, NULL, &e), -1);
	jv_free(out);
	CHECK_INT(pparse("{\"results\":[],\"errors\":[{\"url\":\"u\","
	    "\"http_status_code\":404}]}", &out, &errs, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(errs)), 1);
	jv_free(out);
	jv_free(errs);
}

/* Decode a wfetch request and ask whether Parallel can take it. */
static int
pcheck(const char *json, struct w_err *e)
{
	struct w_request r;
	jv req = jv_parse(json);
	int rc;

	w_err_clear(e);
	rc = w_request_decode(W_REQ_WFETCH, req, &r, e);
	jv_free(req);
	CHECK_INT(rc, 0);
	rc = w_parallel_fetch_check(&r, e);
	w_request_free(&r);
	return rc;
}

static void
test_fetch_check(void)
{
	struct w_err e;

	CHECK_INT(pcheck("{\"url\":\"https://example.org/\","
	    "\"format\":\"text\"}", &e), 0);
	CHECK_INT(pcheck("{\"url\":\"https://example.org/\","
	    "\"format\":\"raw\"}", &e), -1);
	CHECK_STR(w_err_name(e.code), "unsupported_parameter");
	CHECK(strstr(e.msg, "format") != NULL);
	CHECK_INT(pcheck("{\"url\":\"https://u.example/\","
	    "\"headers\":{\"Accept\":\"x\"}}", &e), -1);
	CHECK(strstr(e.msg, "headers") != NULL);
	CHECK_INT(pcheck("{\"url\":\"https://u.example/\","
	    "\"render\":\"auto\"}", &e), -1);
	CHECK(strstr(e.msg, "render auto") != NULL);
	CHECK_INT(pcheck("{\"url\":\"https://u.example/\","
	    "\"render\":\"never\"}", &e), 0);
	CHECK_INT(pcheck("{\"url\":\"https://u.example/\","
	    "\"include_links\":true}", &e), -1);
	CHECK(strstr(e.msg, "include_links") != NULL);
}

int
main(void)
{
	test_sse();
	test_match();
	test_result();
	test_parallel();
	test_fetch_check();
	T_DONE();
}
