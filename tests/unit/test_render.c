/* test_render.c: the render mode table, version comparison, PATH
 * lookup, the render proxy's admission and header rewriting, and when
 * auto escalates. */
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "fetch_render.h"
#include "render.h"
#include "renderproxy.h"

static void
test_mode(void)
{
	/* Config never is a ceiling. */
	CHECK_INT(w_render_mode(NULL, W_RENDER_ALWAYS), W_RENDER_NEVER);
	CHECK_INT(w_render_mode("never", W_RENDER_ALWAYS), W_RENDER_NEVER);
	CHECK_INT(w_render_mode("never", W_RENDER_AUTO), W_RENDER_NEVER);
	/* Config auto lets the call choose; its default is auto. */
	CHECK_INT(w_render_mode("auto", W_RENDER_DEFAULT), W_RENDER_AUTO);
	CHECK_INT(w_render_mode("auto", W_RENDER_NEVER), W_RENDER_NEVER);
	CHECK_INT(w_render_mode("auto", W_RENDER_ALWAYS), W_RENDER_ALWAYS);
	CHECK_INT(w_render_mode("always", W_RENDER_DEFAULT), W_RENDER_ALWAYS);
	CHECK_INT(w_render_mode("always", W_RENDER_NEVER), W_RENDER_NEVER);
	CHECK_STR(w_render_mode_name(W_RENDER_AUTO), "auto");
	CHECK_STR(w_render_mode_name(W_RENDER_NEVER), "never");
}

static void
test_version(void)
{
	CHECK_INT(w_render_version_cmp("agent-browser 0.33.1", "0.33.1"), 0);
	CHECK_INT(w_render_version_cmp("agent-browser 0.27.0", "0.33.1"), -1);
	CHECK_INT(w_render_version_cmp("0.34.0-beta", "0.33.1"), 1);
	CHECK_INT(w_render_version_cmp("1.0", "0.33.1"), 1);
	CHECK_INT(w_render_version_cmp("0.33.10", "0.33.9"), 1);
	CHECK_INT(w_render_version_cmp("no version here", "0.33.1"), -2);
	CHECK_INT(w_render_version_cmp(NULL, "0.33.1"), -2);
}

static void
test_which(void)
{
	char out[4096];

	CHECK_INT(w_render_which("sh", out, sizeof(out)), 0);
	CHECK(strchr(out, '/') != NULL);
	CHECK_INT(w_render_which("/bin/sh", out, sizeof(out)), 0);
	CHECK_STR(out, "/bin/sh");
	CHECK_INT(w_render_which("no-such-command-xyz", out, sizeof(out)),
	    -1);
	CHECK_INT(w_render_which("/nonexistent/agent-browser", out,
	    sizeof(out)), -1);
	CHECK_INT(w_render_which("", out, sizeof(out)), -1);
	CHECK_INT(w_render_which("/etc", out, sizeof(out)), -1);
}

/* The code of an admission decision, "ok" when admitted. */
static const char *
admit(const struct w_policy *p, const char *host, const char *target,
    int connect)
{
	static char code[64];
	struct w_url u;
	struct w_err e;

	w_err_clear(&e);
	if (w_rproxy_admit(p, host, target, connect, &u, &e) == 0) {
		w_url_free(&u);
		return "ok";
	}
	snprintf(code, sizeof(code), "%s", w_err_name(e.code));
	return code;
}

static void
test_admit(void)
{
	struct w_policy p, none;
	struct w_err e;
	jv net;

	w_policy_default(&p);
	CHECK_STR(admit(&p, "example.com", "http://example.com/a.js", 0),
	    "ok");
	CHECK_STR(admit(&p, "example.com", "example.com:443", 1), "ok");
	/* Only the render's host. */
	CHECK_STR(admit(&p, "example.com", "http://cdn.example.net/a.js", 0),
	    "blocked_target");
	CHECK_STR(admit(&p, "example.com", "evil.example:443", 1),
	    "blocked_target");
	CHECK_STR(admit(&p, "example.com", "http://sub.example.com/", 0),
	    "blocked_target");
	CHECK_STR(admit(&p, NULL, "http://example.com/", 0),
	    "blocked_target");
	/* https only through CONNECT, never other schemes. */
	CHECK_STR(admit(&p, "example.com", "https://example.com/", 0),
	    "blocked_target");
	CHECK_STR(admit(&p, "example.com", "ftp://example.com/", 0),
	    "blocked_target");
	/* No credentials, no malformed CONNECT authorities. */
	CHECK_STR(admit(&p, "example.com", "http://u:p@example.com/", 0),
	    "invalid_parameter");
	CHECK_STR(admit(&p, "example.com", "u@example.com:443", 1),
	    "invalid_parameter");
	CHECK_STR(admit(&p, "example.com", "example.com", 1),
	    "invalid_parameter");
	CHECK_STR(admit(&p, "example.com", "example.com:443/x", 1),
	    "invalid_parameter");
	/* Special addresses as literals are the policy's refusal. */
	CHECK_STR(admit(&p, "127.0.0.1", "http://127.0.0.1:8080/", 0),
	    "blocked_target");
	CHECK_STR(admit(&p, "169.254.169.254", "169.254.169.254:80", 1),
	    "blocked_target");
	/* Mode none refuses everything. */
	w_err_clear(&e);
	net = jv_parse("{\"mode\":\"none\"}");
	CHECK_INT(w_policy_from_json(&none, net, &e), 0);
	jv_free(net);
	CHECK_STR(admit(&none, "example.com", "http://example.com/", 0),
	    "network_denied");
	w_policy_free(&none);
	w_policy_free(&p);
}

static void
test_rewrite(void)
{
	static const char head[] =
	    "GET http://example.com/a?b=1 HTTP/1.1\r\n"
	    "Host: example.com\r\n"
	    "Proxy-Connection: keep-alive\r\n"
	    "Proxy-Authorization: Basic eDp5\r\n"
	    "Connection: keep-alive, X-Hop\r\n"
	    "X-Hop: 1\r\n"
	    "Keep-Alive: 5\r\n"
	    "Upgrade: h2c\r\n"
	    "Cookie: a=1\r\n"
	    "Accept: text/html\r\n"
	    "\r\n";
	char *out = w_rproxy_rewrite(head, sizeof(head) - 1, "/a?b=1");

	CHECK(out != NULL);
	if (out == NULL)
		return;
	CHECK_STR(out, "GET /a?b=1 HTTP/1.0\r\n"
	    "Host: example.com\r\n"
	    "Cookie: a=1\r\n"
	    "Accept: text/html\r\n"
	    "\r\n");
	free(out);
	CHECK(w_rproxy_rewrite("garbage", 7, "/") == NULL);
}

static void
test_reason(void)
{
	struct w_doc d;
	struct w_err e;

	w_doc_init(&d);
	w_err_clear(&e);
	CHECK(w_fetch_render_reason("text/html", &d, &e) == NULL);
	w_err_set(&e, W_E_UNUSABLE_CONTENT, "shell");
	CHECK(w_fetch_render_reason("text/html", &d, &e) == NULL);
	jv_free(d.coverage);
	d.coverage = jv_object_set(jv_object(),
	    jv_string("browser_recommended"), jv_true());
	CHECK_STR(w_fetch_render_reason("text/html; charset=utf-8", &d, &e),
	    "app_shell");
	/* JSON, PDF, text never escalate. */
	CHECK(w_fetch_render_reason("application/json", &d, &e) == NULL);
	CHECK(w_fetch_render_reason("application/pdf", &d, &e) == NULL);
	CHECK(w_fetch_render_reason("text/plain", &d, &e) == NULL);
	w_err_set(&e, W_E_EXTRACTION_FAILED, "parsers gave up");
	CHECK_STR(w_fetch_render_reason("application/xhtml+xml", &d, &e),
	    "parser_failure");
	/* Challenges and HTTP errors never escalate. */
	w_err_set(&e, W_E_ACCESS_CHALLENGE, "challenge");
	CHECK(w_fetch_render_reason("text/html", &d, &e) == NULL);
	w_err_set(&e, W_E_HTTP_4XX, "404");
	CHECK(w_fetch_render_reason("text/html", &d, &e) == NULL);
	w_doc_free(&d);
}

int
main(void)
{
	test_mode();
	test_version();
	test_which();
	test_admit();
	test_rewrite();
	test_reason();
	T_DONE();
}
