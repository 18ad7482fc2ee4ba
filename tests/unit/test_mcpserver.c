/*
 * test_mcpserver.c: the MCP server's pure parts (revision negotiation,
 * the tool list, results from envelopes, web_extract's file rules) and
 * its message loop over a pipe: lines split across reads, CRLF,
 * malformed JSON, an oversized line, requests before initialize.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "json.h"
#include "mcpserver.h"
#include "t.h"

static void
test_negotiate(void)
{
	CHECK_STR(w_mcps_negotiate("2025-11-25"), "2025-11-25");
	CHECK_STR(w_mcps_negotiate("2025-06-18"), "2025-06-18");
	CHECK_STR(w_mcps_negotiate("2024-11-05"), "2024-11-05");
	CHECK_STR(w_mcps_negotiate("2099-01-01"), W_MCPS_PROTOCOL);
	CHECK_STR(w_mcps_negotiate(NULL), W_MCPS_PROTOCOL);
}

static void
test_tools(void)
{
	struct w_mcps_opts o;
	jv t, s;

	memset(&o, 0, sizeof(o));
	t = w_mcps_tools(&o);
	CHECK_INT(jv_array_length(jv_copy(t)), 3);
	s = jv_array_get(jv_copy(t), 2);
	CHECK_STR(w_json_str_peek(s, "name"), "web_extract");
	s = jv_object_get(s, jv_string("inputSchema"));
	CHECK_STR(w_json_str_peek(s, "type"), "object");
	CHECK(!jv_object_has(jv_object_get(jv_copy(s),
	    jv_string("properties")), jv_string("file")));
	jv_free(s);
	jv_free(t);
	o.allow_files = "/tmp";
	t = w_mcps_tools(&o);
	s = jv_array_get(jv_copy(t), 2);
	s = jv_object_get(s, jv_string("inputSchema"));
	CHECK(jv_object_has(jv_object_get(jv_copy(s),
	    jv_string("properties")), jv_string("file")));
	jv_free(s);
	jv_free(t);
}

/* Feed in to a server and return its output lines as a jv array. */
static jv
serve(const char *in, size_t len)
{
	struct w_mcps_opts o;
	char line[4096];
	FILE *out = tmpfile();
	int fd[2];
	jv lines = jv_array();

	memset(&o, 0, sizeof(o));
	if (pipe(fd) == -1 || out == NULL)
		return lines;
	if (fork() == 0) {
		size_t off = 0, n;

		close(fd[0]);
		/* small writes: lines arrive split across reads */
		for (; off < len; off += n) {
			n = len - off > 7 ? 7 : len - off;
			if (write(fd[1], in + off, n) != (ssize_t)n)
				_exit(1);
		}
		_exit(0);
	}
	close(fd[1]);
	CHECK_INT(w_mcps_serve(fd[0], out, &o), 0);
	close(fd[0]);
	rewind(out);
	while (fgets(line, sizeof(line), out) != NULL)
		lines = jv_array_append(lines, jv_parse(line));
	fclose(out);
	return lines;
}

static int
code_of(jv lines, int i)
{
	jv m = jv_array_get(jv_copy(lines), i), e;
	int c;

	e = jv_object_get(m, jv_string("error"));
	c = (int)w_json_int_peek(e, "code", 0);
	jv_free(e);
	return c;
}

static void
test_loop(void)
{
	static const char in[] =
	    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n"
	    "\n"
	    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n"
	    "{not json\n"
	    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}\n"
	    "{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"nope\"}\n";
	jv out = serve(in, sizeof(in) - 1), m;
	char *big;
	size_t n = W_MCPS_MSG_MAX + 10;

	CHECK_INT(jv_array_length(jv_copy(out)), 4);
	m = jv_array_get(jv_copy(out), 0);
	CHECK_INT(w_json_int_peek(m, "id", 0), 1);
	CHECK(jv_object_has(jv_copy(m), jv_string("result")));
	jv_free(m);
	CHECK_INT(code_of(out, 1), -32600);	/* before initialize */
	CHECK_INT(code_of(out, 2), -32700);
	CHECK_INT(code_of(out, 3), -32600);	/* still not initialized */
	jv_free(out);
	/* an oversized line, then a ping that is still answered */
	big = malloc(n + 64);
	memset(big, 'x', n);
	snprintf(big + n, 64, "\n{\"jsonrpc\":\"2.0\",\"id\":9,"
	    "\"method\":\"ping\"}\n");
	out = serve(big, strlen(big));
	CHECK_INT(jv_array_length(jv_copy(out)), 2);
	CHECK_INT(code_of(out, 0), -32600);
	m = jv_array_get(jv_copy(out), 1);
	CHECK_INT(w_json_int_peek(m, "id", 0), 9);
	jv_free(m);
	jv_free(out);
	free(big);
}

static const char *
block_text(jv r, int i)
{
	static char buf[4096];
	jv b = w_json_at(w_json_get(jv_copy(r), "content"), i);
	const char *t = w_json_str_peek(b, "text");

	snprintf(buf, sizeof(buf), "%s", t ? t : "(none)");
	jv_free(b);
	return buf;
}

static void
test_result(void)
{
	jv env, r;

	env = jv_parse("{\"tool\":\"wfetch\",\"status\":\"partial\","
	    "\"content\":\"Hello\",\"next_actions\":[{\"tool\":\"wfetch\","
	    "\"arguments\":{\"offset\":5},\"reason\":\"more\"}]}");
	r = w_mcps_result(env, "2025-11-25");
	CHECK_STR(block_text(r, 0), "Hello");
	CHECK_STR(block_text(r, 1), "next: web_fetch {\"offset\":5} (more)");
	CHECK(!w_json_bool_peek(r, "isError", 1));
	CHECK(jv_object_has(jv_copy(r), jv_string("structuredContent")));
	jv_free(r);
	env = jv_parse("{\"tool\":\"wfetch\",\"status\":\"blocked\","
	    "\"summary\":\"fetch failed\",\"error\":{\"code\":"
	    "\"blocked_target\",\"message\":\"no\"}}");
	r = w_mcps_result(env, "2024-11-05");
	CHECK_STR(block_text(r, 0), "fetch failed\nerror blocked_target: no");
	CHECK(w_json_bool_peek(r, "isError", 0));
	CHECK(!jv_object_has(jv_copy(r), jv_string("structuredContent")));
	env = w_json_get(jv_copy(r), "content");
	CHECK_INT(w_json_len_peek(env), 1);
	jv_free(env);
	jv_free(r);
}

static const char *
code_in(jv env)
{
	static char buf[64];
	jv e = w_json_get(env, "error");
	const char *c = w_json_str_peek(e, "code");

	snprintf(buf, sizeof(buf), "%s", c ? c : "none");
	jv_free(e);
	return buf;
}

/* web_extract's error code for the arguments json under root. */
static const char *
ext(const char *json, const char *root)
{
	jv args = jv_parse(json);
	const char *c = code_in(w_mcps_extract(args, root));

	jv_free(args);
	return c;
}

static void
test_extract(void)
{
	char root[] = "/tmp/test_mcpsXXXXXX", p[256], out[256];
	FILE *f;

	CHECK_STR(ext("{\"text\":\"plain\"}", NULL), "none");
	CHECK_STR(ext("{}", NULL),
	    "invalid_parameter");
	CHECK_STR(ext("{\"text\":\"a\","
	    "\"file\":\"b\"}", NULL), "invalid_parameter");
	CHECK_STR(ext("{\"text\":5}", NULL),
	    "invalid_parameter");
	CHECK_STR(ext("{\"text\":\"a\","
	    "\"bogus\":1}", NULL), "invalid_parameter");
	if (mkdtemp(root) == NULL)
		return;
	snprintf(p, sizeof(p), "%s/in", root);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/in/a.txt", root);
	if ((f = fopen(p, "w")) != NULL) {
		fputs("inside\n", f);
		fclose(f);
	}
	snprintf(p, sizeof(p), "%s/out.txt", root);
	if ((f = fopen(p, "w")) != NULL) {
		fputs("outside\n", f);
		fclose(f);
	}
	snprintf(out, sizeof(out), "%s/in/link", root);
	CHECK_INT(symlink(p, out), 0);
	snprintf(p, sizeof(p), "%s/in", root);
	/* no root: no file at all */
	CHECK_STR(ext("{\"file\":\"a.txt\"}", NULL), "invalid_parameter");
	CHECK_STR(ext("{\"file\":\"a.txt\"}", p), "none");
	CHECK_STR(ext("{\"file\":\"../out.txt\"}", p), "invalid_parameter");
	CHECK_STR(ext("{\"file\":\"link\"}", p), "invalid_parameter");
	CHECK_STR(ext("{\"file\":\".\"}", p), "invalid_parameter");
	snprintf(out, sizeof(out), "%s/in/link", root);
	unlink(out);
	snprintf(out, sizeof(out), "%s/in/a.txt", root);
	unlink(out);
	snprintf(out, sizeof(out), "%s/out.txt", root);
	unlink(out);
	rmdir(p);
	rmdir(root);
}

int
main(void)
{
	test_negotiate();
	test_tools();
	test_result();
	test_extract();
	test_loop();
	T_DONE();
}
