/*
 * test_json.c: the safe accessors, the number range check, the strict
 * checker in front of libjq, and the stdin framing, against the inputs
 * in tests/fixtures/fuzz-findings/ that once aborted or leaked.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "config.h"
#include "err.h"
#include "input.h"
#include "json.h"
#include "jsonw.h"
#include "mcp.h"
#include "provider.h"
#include "run.h"
#include "t.h"

#define FIX "tests/fixtures/fuzz-findings/"

static char *
slurp(const char *path, size_t *len)
{
	char *s = t_slurp(path, len, 4u << 20);

	if (s == NULL) {
		fprintf(stderr, "cannot open %s\n", path);
		t_fail++;
		*len = 0;
		return w_strdup("");
	}
	return s;
}

static void
test_access(void)
{
	jv o = jv_parse("{\"a\":[1,\"x\"],\"s\":\"str\"}"), v;

	v = w_json_get(jv_copy(o), "a");
	CHECK(jv_get_kind(v) == JV_KIND_ARRAY);
	CHECK_INT(w_json_len_peek(v), 2);
	jv_free(v);
	/* Wrong kinds and ranges give an invalid, never an assertion. */
	v = w_json_get(w_json_get(jv_copy(o), "s"), "x");
	CHECK(!jv_is_valid(v));
	jv_free(v);
	v = w_json_at(jv_copy(o), 0);
	CHECK(!jv_is_valid(v));
	jv_free(v);
	v = w_json_at(w_json_get(jv_copy(o), "a"), 2);
	CHECK(!jv_is_valid(v));
	jv_free(v);
	v = w_json_at(w_json_get(jv_copy(o), "a"), -1);
	CHECK(!jv_is_valid(v));
	jv_free(v);
	v = w_json_at(w_json_get(jv_copy(o), "a"), 1);
	CHECK_STR(jv_string_value(v), "x");
	jv_free(v);
	v = w_json_getv(jv_copy(o), jv_number(1));
	CHECK(!jv_is_valid(v));
	jv_free(v);
	v = w_json_getv(jv_null(), jv_string("a"));
	CHECK(!jv_is_valid(v));
	jv_free(v);
	CHECK_INT(w_json_len_peek(o), 0);
	jv_free(o);
}

static void
test_numbers(void)
{
	long n = 7;
	jv o;

	CHECK_INT(w_num_long(42, 0, 100, &n), 0);
	CHECK_INT(n, 42);
	CHECK_INT(w_num_long(-5, -10, 10, &n), 0);
	CHECK_INT(n, -5);
	n = 7;
	CHECK_INT(w_num_long(1e111, LONG_MIN, LONG_MAX, &n), -1);
	CHECK_INT(w_num_long(-1e111, LONG_MIN, LONG_MAX, &n), -1);
	CHECK_INT(w_num_long(9223372036854775808.0, LONG_MIN, LONG_MAX, &n),
	    -1);
	CHECK_INT(w_num_long(NAN, LONG_MIN, LONG_MAX, &n), -1);
	CHECK_INT(w_num_long(INFINITY, LONG_MIN, LONG_MAX, &n), -1);
	CHECK_INT(w_num_long(1.5, 0, 10, &n), -1);
	CHECK_INT(w_num_long(11, 0, 10, &n), -1);
	CHECK_INT(w_num_long(-1, 0, 10, &n), -1);
	CHECK_INT(n, 7);
	CHECK_INT(w_num_long(-9223372036854775808.0, LONG_MIN, LONG_MAX, &n),
	    0);
	CHECK(n == LONG_MIN);
	o = jv_parse("{\"big\":1e111,\"code\":42111111111111111119,"
	    "\"ok\":12,\"frac\":2.5}");
	CHECK_INT(w_json_int_peek(o, "big", -1), -1);
	CHECK_INT(w_json_int_peek(o, "code", 0), 0);
	CHECK_INT(w_json_int_peek(o, "ok", 0), 12);
	CHECK_INT(w_json_int_peek(o, "frac", 0), 0);
	jv_free(o);
}

static void
test_check(void)
{
	static const char *const good[] = { "{}", "[1,2.5e-3,\"a\\u00e9\"]",
	    " true ", "null", "{\"a\":{\"b\":[false]}}", NULL };
	static const char *const bad[] = { "", "{", "[1,]", "{\"a\" 1}",
	    "tru", "01x", "\"\x01\"", "1 2", "nul", "\"\\x\"", NULL };
	const char *const *s;
	char deep[600];
	size_t len;
	char *txt;
	jv v;

	for (s = good; *s; s++)
		CHECK_INT(w_json_check(*s, strlen(*s), 256), 0);
	for (s = bad; *s; s++)
		CHECK_INT(w_json_check(*s, strlen(*s), 256), -1);
	memset(deep, '[', 300);
	memset(deep + 300, ']', 300);
	CHECK_INT(w_json_check(deep, 600, 512), 0);
	CHECK_INT(w_json_check(deep, 600, 256), -1);
	v = w_json_parse(deep, 600);
	CHECK(!jv_is_valid(v));
	jv_free(v);
	/* libjq 1.6 leaks on this one; it must never reach libjq (the
	 * sanitizer build of this test reports the leak otherwise). */
	txt = slurp(FIX "jq-invalid-json-leak.json", &len);
	CHECK(len > 0);
	v = w_json_parse(txt, len);
	CHECK(!jv_is_valid(v));
	CHECK(jv_invalid_has_msg(jv_copy(v)));
	jv_free(v);
	free(txt);
	v = w_json_parse("{\"a\":1}", 7);
	CHECK_INT(w_json_int_peek(v, "a", 0), 1);
	jv_free(v);
	v = w_json_parse("\xef\xbb\xbf{\"a\":2}", 10);
	CHECK_INT(w_json_int_peek(v, "a", 0), 2);
	jv_free(v);
	/* w_json_parse_object: an object, or null for anything else */
	v = w_json_parse_object("{\"a\":3}", 7);
	CHECK_INT(w_json_int_peek(v, "a", 0), 3);
	jv_free(v);
	CHECK(jv_get_kind(w_json_parse_object("[1]", 3)) == JV_KIND_NULL);
	CHECK(jv_get_kind(w_json_parse_object("{", 1)) == JV_KIND_NULL);
	CHECK(jv_get_kind(w_json_parse_object("", 0)) == JV_KIND_NULL);
}

struct seen {
	int	 n, bad, plain;
	long	 line;		/* of the last item or bad line */
	char	 last[64];
};

static int
on_req(struct w_input_item *it, void *arg)
{
	struct seen *s = arg;
	const char *u;

	s->line = it->line;
	if (it->text != NULL) {
		s->plain++;
		snprintf(s->last, sizeof(s->last), "%s", it->text);
		return 0;
	}
	u = w_json_str_peek(it->json, "u");
	s->n++;
	snprintf(s->last, sizeof(s->last), "%s", u ? u : "?");
	jv_free(it->json);
	return 0;
}

static int
on_bad(const char *msg, long line, void *arg)
{
	struct seen *s = arg;

	s->bad++;
	s->line = line;
	snprintf(s->last, sizeof(s->last), "%s", msg);
	return 2;
}

static int
stream(const char *bytes, size_t len, struct seen *s)
{
	FILE *fp = tmpfile();
	int rc;

	memset(s, 0, sizeof(*s));
	if (fp == NULL) {
		t_fail++;
		return -1;
	}
	fwrite(bytes, 1, len, fp);
	fflush(fp);
	rewind(fp);
	rc = w_input_each(fp, on_req, on_bad, s);
	fclose(fp);
	return rc;
}

static void
test_stream(void)
{
	struct seen s;
	size_t len;
	char *txt, *big;

	CHECK_INT(stream("{\"u\":\"a\"}\n{\"u\":\"b\"}", 19, &s), 0);
	CHECK_INT(s.n, 2);
	CHECK_STR(s.last, "b");
	CHECK_INT(stream("{\"u\":\"a\"}{\"u\":\"c\"} 17", 21, &s), 0);
	CHECK_INT(s.n, 3);
	CHECK_INT(stream(" \n\t", 3, &s), 0);
	CHECK_INT(s.n + s.bad, 0);
	CHECK_INT(stream("", 0, &s), 0);
	CHECK_INT(s.n + s.bad, 0);
	/* a UTF-8 BOM opening the stream is skipped, only there */
	CHECK_INT(stream("\xef\xbb\xbf{\"u\":\"bom\"}", 14, &s), 0);
	CHECK_INT(s.n, 1);
	CHECK_STR(s.last, "bom");
	CHECK_INT(stream("{}\xef\xbb\xbf{}", 7, &s), 2);
	/* An RS byte aborted wfetch and wsearch (libjq's set_buf assert). */
	txt = slurp(FIX "ndjson-rs-byte.txt", &len);
	CHECK_INT(stream(txt, len, &s), 2);
	CHECK(s.bad >= 1);
	free(txt);
	CHECK_INT(stream("\x1e ", 2, &s), 2);
	CHECK_STR(s.last, "the line holds control characters");
	CHECK_INT(stream("{\"u\":\"a\"}\x1e{\"u\":\"b\"}", 19, &s), 2);
	CHECK_INT(s.n, 1);
	CHECK_INT(s.bad, 1);
	CHECK_STR(s.last, "not a valid JSON text");
	/* a bad line is answered and the stream goes on, lines counted */
	{
		static const char t[] = "{\"u\":1,\n\"v\" x}\nplain\n\n"
		    "{\"u\":\"z\"}\n";

		CHECK_INT(stream(t, sizeof(t) - 1, &s), 2);
	}
	CHECK_INT(s.bad, 1);
	CHECK_INT(s.plain, 1);
	CHECK_INT(s.n, 1);
	CHECK_STR(s.last, "z");
	CHECK_INT(s.line, 5);
	/* a text may span lines; it is numbered by its first */
	CHECK_INT(stream("a\n[\n1,\n2]\n", 10, &s), 0);
	CHECK_INT(s.n, 1);
	CHECK_INT(s.line, 2);
	/* The leaking invalid text is refused before libjq sees it. */
	txt = slurp(FIX "jq-invalid-json-leak.json", &len);
	CHECK_INT(stream(txt, len, &s), 2);
	CHECK_INT(s.n, 0);
	free(txt);
	CHECK_INT(stream("{\"u\":\"a\"", 8, &s), 2);
	CHECK_STR(s.last, "the input ends inside a JSON text");
	CHECK_INT(stream("[1,", 3, &s), 2);
	/* a line that is no JSON text is a plain request (a URL, a query) */
	CHECK_INT(stream("tru", 3, &s), 0);
	CHECK_INT(s.plain, 1);
	/* Texts larger than a read are framed across reads. */
	big = w_malloc(300000);
	memset(big, ' ', 300000);
	memcpy(big, "{\"u\":\"", 6);
	memset(big + 6, 'x', 299990);
	memcpy(big + 299996, "\"}12", 4);
	CHECK_INT(stream(big, 300000, &s), 0);
	CHECK_INT(s.n, 2);
	free(big);
	/* a 3 MiB text (scanned again only as it grows), then one over
	 * the 8 MiB bound */
	big = w_malloc(9u << 20);
	memcpy(big, "{\"u\":\"", 6);
	memset(big + 6, 'y', (3u << 20) - 8);
	memcpy(big + (3u << 20) - 2, "\"}", 2);
	CHECK_INT(stream(big, 3u << 20, &s), 0);
	CHECK_INT(s.n, 1);
	memset(big + 6, 'y', (9u << 20) - 8);
	memcpy(big + (9u << 20) - 2, "\"}", 2);
	CHECK_INT(stream(big, 9u << 20, &s), 2);
	CHECK_INT(s.n, 0);
	CHECK_STR(s.last, "a JSON text on stdin is larger than 8 MiB");
	/* a multi-line text over the bound too */
	memset(big, ' ', 9u << 20);
	big[0] = '[';
	for (len = 1; len < (9u << 20); len += 4096)
		big[len] = '\n';
	CHECK_INT(stream(big, 9u << 20, &s), 2);
	CHECK_STR(s.last, "a JSON text on stdin is larger than 8 MiB");
	free(big);
}

static void
test_providers(void)
{
	static const char *const sp[] = { "startpage-chain-assert.html",
	    "startpage-mainline-nonobject.html", NULL };
	const char *const *f;
	struct w_err e;
	size_t len;
	char *txt, path[256];
	jv out;

	/* An unresponsive_engines entry that is not an array. */
	txt = slurp(FIX "searxng-unresponsive-nonarray.json", &len);
	w_err_clear(&e);
	CHECK_INT(w_searxng_parse(txt, len, &out, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	CHECK(strstr(e.msg, "engines failed") != NULL);
	CHECK_INT(w_json_len_peek(out), 0);
	jv_free(out);
	free(txt);
	for (f = sp; *f; f++) {
		snprintf(path, sizeof(path), FIX "%s", *f);
		txt = slurp(path, &len);
		w_err_clear(&e);
		(void)w_startpage_parse(txt, len, &out, &e);
		CHECK(jv_get_kind(out) == JV_KIND_ARRAY);
		CHECK_INT(w_json_len_peek(out), 0);
		jv_free(out);
		free(txt);
	}
	/* Values of the wrong kind at every step of the chain. */
	txt = w_strdup("React.createElement(UIStartpage.AppSerpWeb,"
	    "{\"render\":{\"presenter\":[{\"regions\":7}]}})");
	w_err_clear(&e);
	CHECK_INT(w_startpage_parse(txt, strlen(txt), &out, &e), 0);
	CHECK_INT(w_json_len_peek(out), 0);
	jv_free(out);
	free(txt);
	txt = w_strdup("{\"results\":\"no\",\"unresponsive_engines\":"
	    "[[1,2],{},[\"x\"]]}");
	w_err_clear(&e);
	CHECK_INT(w_searxng_parse(txt, strlen(txt), &out, &e), -1);
	jv_free(out);
	free(txt);
	txt = w_strdup("{\"results\":{\"a\":1}}");
	w_err_clear(&e);
	CHECK_INT(w_ollama_parse(txt, strlen(txt), &out, &e), -1);
	jv_free(out);
	free(txt);
}

static void
test_mcp_code(void)
{
	struct w_err e;
	size_t len;
	char *txt;
	jv m, res;

	txt = slurp(FIX "mcp-huge-error-code.txt", &len);
	CHECK(len > 1 && txt[0] == '\0');
	/* As framed (a NUL first), it is not JSON at all. */
	m = w_json_parse(txt, len);
	CHECK(!jv_is_valid(m));
	jv_free(m);
	/* The message itself: the code does not fit a long. */
	m = w_json_parse(txt + 1, len - 1);
	CHECK(jv_is_valid(m));
	w_err_clear(&e);
	CHECK_INT(w_mcp_result(m, "tools/call", &res, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	CHECK(strstr(e.msg, "JSON-RPC error 0") != NULL);
	jv_free(res);
	jv_free(m);
	free(txt);
}

static void
test_runfile(void)
{
	char dir[] = "/tmp/wt-json-XXXXXX", path[64];
	struct w_run *r = NULL;
	struct w_err e;
	size_t len;
	char *txt;
	FILE *fp;

	if (mkdtemp(dir) == NULL) {
		t_fail++;
		return;
	}
	snprintf(path, sizeof(path), "%s/run.json", dir);
	txt = slurp(FIX "runfile-huge-number.json", &len);
	fp = fopen(path, "w");
	if (fp != NULL) {
		fwrite(txt, 1, len, fp);
		fclose(fp);
	}
	chmod(path, 0600);
	free(txt);
	setenv("WEB_RUN_FILE", path, 1);
	w_err_clear(&e);
	CHECK_INT(w_run_open(&r, 0, &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
	if (r != NULL)
		w_run_close(r);
	unsetenv("WEB_RUN_FILE");
	unlink(path);
	rmdir(dir);
}

/* The config file: the leaking text and a huge number never reach a
 * conversion or libjq's error path (the sanitizer build checks). */
static void
test_config_file(void)
{
	char dir[] = "/tmp/wt-cfg-XXXXXX", path[64];
	static const char *const bodies[] = { "{\0\"\"", "{\"search\":"
	    "{\"maxRequestsPerRun\":1e111}}", "\xef\xbb\xbf{}", NULL };
	static const size_t lens[] = { 4, 38, 5 };
	static const int ok[] = { -1, -1, 0 };
	struct w_config c;
	struct w_err e;
	FILE *fp;
	int i;

	if (mkdtemp(dir) == NULL) {
		t_fail++;
		return;
	}
	snprintf(path, sizeof(path), "%s/config.json", dir);
	setenv("WEB_CONFIG", path, 1);
	for (i = 0; bodies[i] != NULL; i++) {
		fp = fopen(path, "w");
		if (fp == NULL) {
			t_fail++;
			continue;
		}
		fwrite(bodies[i], 1, lens[i], fp);
		fclose(fp);
		w_err_clear(&e);
		memset(&c, 0, sizeof(c));
		CHECK_INT(w_config_load(&c, &e), ok[i]);
		if (ok[i] == 0)
			w_config_free(&c);
	}
	/* a file over 1 MiB: its path and the bound, prefixed once */
	fp = fopen(path, "w");
	for (i = 0; fp != NULL && i < (1 << 20) + 1; i++)
		fputc(' ', fp);
	if (fp != NULL)
		fclose(fp);
	w_err_clear(&e);
	memset(&c, 0, sizeof(c));
	CHECK_INT(w_config_load(&c, &e), -1);
	CHECK(strncmp(e.msg, "config: /tmp/wt-cfg-", 20) == 0 &&
	    strstr(e.msg, "/config.json is larger than 1 MiB") != NULL);
	CHECK_INT(e.usage, 1);
	w_config_free(&c);
	/* the effective config: defaults under the file's keys, redacted */
	fp = fopen(path, "w");
	if (fp != NULL) {
		fputs("{\"search\":{\"maxRequestsPerRun\":2,\"searxng\":"
		    "{\"endpoint\":\"http://u:pw@127.0.0.1:8888/\"}}}", fp);
		fclose(fp);
	}
	w_err_clear(&e);
	memset(&c, 0, sizeof(c));
	CHECK_INT(w_config_load(&c, &e), 0);
	{
		jv eff = w_config_effective(&c), s = w_json_get(jv_copy(eff),
		    "search"), sx = w_json_get(jv_copy(s), "searxng");

		CHECK_INT(w_json_int_peek(s, "maxRequestsPerRun", 0), 2);
		CHECK_STR(w_json_str_peek(sx, "endpoint"),
		    "http://[redacted]@127.0.0.1:8888/");
		CHECK_STR(w_json_str_peek(eff, "coordination"), "process");
		jv_free(sx);
		jv_free(s);
		jv_free(eff);
	}
	w_config_free(&c);
	unsetenv("WEB_CONFIG");
	unlink(path);
	rmdir(dir);
}

/* jsonw.h: the text writer wrobots and the host-state codec share. */
static void
test_jsonw(void)
{
	struct w_buf b;
	jv v;

	w_buf_init(&b, 1 << 16);
	w_buf_addc(&b, '{');
	CHECK_INT(w_jsonw_key(&b, "s"), 0);
	/* quote, backslash, control, é, U+1F600, a stray byte, a surrogate
	 * encoded in UTF-8, an overlong '/' */
	w_jsonw_str(&b, "a\"\\\n\xc3\xa9\xf0\x9f\x98\x80\xff"
	    "\xed\xa0\x80\xc0\xaf", 16);
	w_jsonw_key(&b, "n");
	w_jsonw_int(&b, LLONG_MIN);
	w_jsonw_key(&b, "z");
	w_jsonw_int(&b, 0);
	w_jsonw_key(&b, "t");
	w_jsonw_bool(&b, 7);
	w_jsonw_key(&b, "a");
	w_buf_addc(&b, '[');
	w_jsonw_int(&b, 42);
	w_buf_adds(&b, "]}");
	CHECK_STR(b.p, "{\"s\":\"a\\\"\\\\\\u000a\\u00e9\\ud83d\\ude00"
	    "\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\","
	    "\"n\":-9223372036854775808,\"z\":0,\"t\":true,\"a\":[42]}");
	v = w_json_parse(b.p, b.len);
	CHECK(jv_is_valid(v));
	CHECK_STR(w_json_str_peek(v, "s"), "a\"\\\n\xc3\xa9\xf0\x9f\x98\x80"
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "\xef\xbf\xbd");
	jv_free(v);
	w_buf_free(&b);
	/* past the cap: -1, never more than the cap */
	w_buf_init(&b, 8);
	CHECK_INT(w_jsonw_cstr(&b, "0123456789"), -1);
	CHECK(b.len <= 8);
	w_buf_reset(&b);
	CHECK_INT(w_jsonw_int(&b, 123456789012LL), -1);
	w_buf_free(&b);
	/* w_json_set: the one jv_object_set shorthand */
	v = w_json_set(w_json_set(jv_object(), "a", jv_number(1)), "a",
	    jv_string("x"));
	CHECK_STR(w_json_str_peek(v, "a"), "x");
	jv_free(v);
}

/* buf.h's bounded whole-file reader and its errors. */
static void
test_input_file(void)
{
	char path[] = "/tmp/t_input_XXXXXX", sz[32];
	struct w_buf b;
	struct w_err e;
	FILE *fp;
	int fd, i;

	CHECK((fd = mkstemp(path)) != -1);
	fp = fdopen(fd, "w");
	fputs("0123456789", fp);
	fclose(fp);
	w_err_clear(&e);
	CHECK_INT(w_buf_file(&b, path, 10, W_E_REQUEST_FAILED, &e), 0);
	CHECK_INT(b.len, 10);
	CHECK_STR(b.p, "0123456789");
	CHECK_INT(e.code, W_E_NONE);
	w_buf_free(&b);
	CHECK_INT(w_buf_file(&b, path, 4, W_E_REQUEST_FAILED, &e), 1);
	CHECK_INT(b.len, 4);
	CHECK_STR(b.p, "0123");
	CHECK_INT(e.code, W_E_REQUEST_FAILED);
	CHECK(strstr(e.msg, path) != NULL &&
	    strstr(e.msg, "is larger than 4 bytes") != NULL);
	w_buf_free(&b);
	unlink(path);
	w_err_clear(&e);
	CHECK_INT(w_buf_file(&b, path, 4, W_E_INVALID_PARAMETER, &e), -1);
	CHECK(b.p != NULL && b.len == 0);
	CHECK_INT(e.code, W_E_INVALID_PARAMETER);
	CHECK(strncmp(e.msg, "cannot read /tmp/t_input_", 25) == 0 &&
	    strstr(e.msg, ": No such file or directory") != NULL);
	w_buf_free(&b);
	CHECK_INT(w_buf_file(&b, "/", 4, W_E_INVALID_PARAMETER, &e), -1);
	CHECK_STR(e.msg, "cannot read /: Is a directory");
	w_buf_free(&b);
	CHECK_STR(w_buf_size(8u << 20, sz, sizeof(sz)), "8 MiB");
	CHECK_STR(w_buf_size(64u << 10, sz, sizeof(sz)), "64 KiB");
	CHECK_STR(w_buf_size(1000, sz, sizeof(sz)), "1000 bytes");
	/* a byte at a time up to the cap, across the growth (256) */
	w_buf_init(&b, 300);
	for (i = 0; i < 301; i++)
		CHECK_INT(w_buf_addc(&b, 'a' + i % 26), i < 300 ? 0 : -1);
	CHECK_INT(b.len, 300);
	CHECK(b.p[299] == 'a' + 299 % 26 && b.p[300] == '\0');
	w_buf_free(&b);
}

/* w_json_ascii writes what libjq's compact ASCII dump writes, byte for
 * byte (the envelopes of a batch go through it) */
static int
ascii_same(jv x)
{
	struct w_buf b;
	jv want = jv_dump_string(jv_copy(x), JV_PRINT_ASCII);
	int ok;

	w_buf_init(&b, 1 << 24);
	ok = w_json_ascii(x, &b) == 0 &&
	    b.len == (size_t)jv_string_length_bytes(jv_copy(want)) &&
	    memcmp(b.p, jv_string_value(want), b.len) == 0;
	if (!ok)
		fprintf(stderr, "w_json_ascii: [%s] / [%s]\n", b.p,
		    jv_string_value(want));
	w_buf_free(&b);
	jv_free(want);
	jv_free(x);
	return ok;
}

static void
test_ascii(void)
{
	static const char *const strs[] = {
		"", "plain", "q\"uo\\te/", "\b\t\r\n\f\v\001\037 \x7f~",
		"caf\xc3\xa9 \xe2\x80\x94 \xe2\x82\xac \xef\xbf\xbd",
		"\xf0\x9f\x98\x80 astral \xf4\x8f\xbf\xbf",
		"\xc2\xad\xe2\x80\x8b soft", "bad \xff\xfe \xc3 end",
		"\xed\xa0\x80 surrogate", "</script>&<>", NULL
	};
	static const double nums[] = {
		0, -0.0, 1, -1, 0.5, 1e17, 1.5e300, -2.25e-7, 123456789012,
		0.1, 3.141592653589793, 1e-320
	};
	jv o = jv_object(), a = jv_array();
	size_t i;

	for (i = 0; strs[i] != NULL; i++) {
		CHECK(ascii_same(jv_string(strs[i])));
		a = jv_array_append(a, jv_string(strs[i]));
		o = jv_object_set(o, jv_string(strs[i]), jv_number((double)i));
	}
	CHECK(ascii_same(jv_string_sized("nul\0in", 6)));
	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		CHECK(ascii_same(jv_number(nums[i])));
	CHECK(ascii_same(jv_null()));
	CHECK(ascii_same(jv_true()));
	CHECK(ascii_same(jv_false()));
	CHECK(ascii_same(jv_array()));
	CHECK(ascii_same(jv_object()));
	a = jv_array_append(a, jv_object());
	a = jv_array_append(a, jv_array());
	a = jv_array_append(a, jv_null());
	o = jv_object_set(o, jv_string("list"), jv_copy(a));
	o = jv_object_set(o, jv_string("t"), jv_true());
	/* a key set again keeps its place */
	o = jv_object_set(o, jv_string("plain"), jv_string("again"));
	CHECK(ascii_same(jv_copy(a)));
	CHECK(ascii_same(jv_copy(o)));
	jv_free(a);
	a = jv_array_append(jv_array(), o);
	a = jv_array_append(a, jv_number(2));
	CHECK(ascii_same(a));
	/* an envelope as the tools make one */
	o = w_env_new("wextract");
	o = jv_object_set(o, jv_string("content"),
	    jv_string("# T\xc3\xaftle\n\n\"x\" \\ y\t\xe2\x80\x99"));
	CHECK(ascii_same(o));
}

int
main(void)
{
	test_ascii();
	test_access();
	test_numbers();
	test_check();
	test_stream();
	test_providers();
	test_mcp_code();
	test_runfile();
	test_config_file();
	test_jsonw();
	test_input_file();
	T_DONE();
}
