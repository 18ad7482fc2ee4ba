/*
 * mcp.c: the streamable-HTTP MCP client (spec 2025-11-25): JSON-RPC
 * POSTs accepting JSON or an SSE stream, the initialize handshake, the
 * server's session id, one re-initialise for a session the server lost,
 * and DELETE at the end. Server text never reaches an error message.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock.h"
#include "buf.h"
#include "http.h"
#include "json.h"
#include "lock.h"
#include "mcp.h"

#define SESSION_MAX	256
#define R_GONE		(-2)	/* the server lost our session */
#define DELETE_MS	5000L

struct w_mcp {
	struct w_mcp_opts	 o;
	char			*session;
	char			 proto[40];
	int			 ready;		/* initialize done */
	int			 reinit;	/* re-initialised once */
	long			 next_id;
};

static long
timeout_for(const struct w_mcp *m, long cap)
{
	long t = m->o.timeout_ms > 0 ? m->o.timeout_ms : 30000L;
	long long left;

	if (cap > 0 && cap < t)
		t = cap;
	if (m->o.deadline > 0) {
		left = m->o.deadline - w_clock_mono_ms();
		if (left < 1)
			left = 1;
		if (left < t)
			t = (long)left;
	}
	return t;
}

struct w_mcp *
w_mcp_new(const struct w_mcp_opts *o)
{
	struct w_mcp *m = w_calloc(1, sizeof(*m));

	m->o = *o;
	if (m->o.max_bytes == 0)
		m->o.max_bytes = W_MCP_SEARCH_MAX;
	if (m->o.name == NULL)
		m->o.name = "webtools";
	snprintf(m->proto, sizeof(m->proto), "%s", W_MCP_PROTOCOL);
	return m;
}

/* One HTTP exchange with the endpoint (body NULL: no body). */
static int
exchange(struct w_mcp *m, const char *method, const char *body,
    long cap_ms, struct w_http_resp *resp, struct w_err *e)
{
	struct w_http_req r;
	const char *lines[5];
	char sess[SESSION_MAX + 32], proto[80];
	int n = 0;

	w_http_req_init(&r);
	r.url = m->o.url;
	r.method = method;
	r.body = body;
	r.body_len = body ? strlen(body) : 0;
	r.body_type = body ? "application/json" : NULL;
	r.policy = m->o.policy;
	r.operator = m->o.operator;
	r.max_bytes = m->o.max_bytes;
	r.timeout_ms = timeout_for(m, cap_ms);
	r.retries = 0;
	r.no_redirects = 1;
	r.max_redirects = 0;
	lines[n++] = "Accept: application/json, text/event-stream";
	if (m->session != NULL) {
		snprintf(sess, sizeof(sess), "Mcp-Session-Id: %s", m->session);
		lines[n++] = sess;
	}
	if (m->ready) {
		snprintf(proto, sizeof(proto), "MCP-Protocol-Version: %s",
		    m->proto);
		lines[n++] = proto;
	}
	if (m->o.auth != NULL)
		lines[n++] = m->o.auth;
	lines[n] = NULL;
	r.internal = lines;
	memset(resp, 0, sizeof(*resp));
	resp->headers = jv_null();
	resp->redirects = jv_null();
	return w_http_fetch(&r, resp, e);
}

/* Whether s (NULL is fine) reads as a rate limit. */
static int
rate_text(const char *s)
{
	static const char *const pat[] = { "rate limit", "rate-limit",
	    "ratelimit", "too many requests", "429", NULL };
	const char *const *p;
	char low[512];
	size_t i;

	if (s == NULL)
		return 0;
	for (i = 0; i < sizeof(low) - 1 && s[i]; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[i] = '\0';
	for (p = pat; *p; p++)
		if (strstr(low, *p) != NULL)
			return 1;
	return 0;
}

static int
rate_limited(struct w_err *e, const struct w_http_resp *resp)
{
	w_err_set(e, W_E_RATE_LIMITED, "the MCP search service is rate "
	    "limiting%s", resp ? " (HTTP 429)" : "");
	if (resp != NULL) {
		e->retry_after_ms = resp->retry_after_ms;
		e->retry_at = resp->retry_at;
	}
	return -1;
}

/* A non-2xx answer to a request (not initialize: gone may be R_GONE). */
static int
status_fail(const struct w_http_resp *resp, int may_be_gone,
    struct w_err *e)
{
	int st = resp->status;

	if (st == 429)
		return rate_limited(e, resp);
	e->http_status = st;
	if (st >= 300 && st < 400)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the MCP endpoint "
		    "redirected (HTTP %d; redirects are rejected)", st);
	if (st == 401 || st == 403)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the MCP endpoint "
		    "refused authorization (HTTP %d): check the key "
		    "variable", st);
	if ((st == 404 || st == 400) && may_be_gone)
		return R_GONE;
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the MCP endpoint "
	    "answered HTTP %d", st);
}

int
w_mcp_sse_parse(const char *body, size_t len, jv *msgs, struct w_err *e)
{
	struct w_buf data;
	size_t i = 0, s, eol, n, vn;
	const char *line, *colon, *val;
	int have = 0, rc = 0, last;

	*msgs = jv_array();
	w_buf_init(&data, len + 1);
	while (rc == 0 && (i < len || have)) {
		last = i >= len;
		s = i;
		while (i < len && body[i] != '\n' && body[i] != '\r')
			i++;
		eol = i;
		if (i < len) {
			if (body[i] == '\r' && i + 1 < len &&
			    body[i + 1] == '\n')
				i++;
			i++;
		}
		line = body + s;
		n = eol - s;
		if (n == 0 || last) {
			if (have && data.len > 0) {
				jv v = w_json_parse(data.p, data.len);

				if (!jv_is_valid(v)) {
					jv_free(v);
					rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE,
					    "the MCP event stream carried a "
					    "message that is not JSON");
				} else
					*msgs = jv_array_append(*msgs, v);
			}
			w_buf_reset(&data);
			have = 0;
			if (last)
				break;
			continue;
		}
		if (line[0] == ':')
			continue;
		colon = memchr(line, ':', n);
		if (colon == NULL || colon - line != 4 ||
		    memcmp(line, "data", 4) != 0)
			continue;
		val = colon + 1;
		vn = n - 5;
		if (vn > 0 && *val == ' ') {
			val++;
			vn--;
		}
		if (have)
			w_buf_addc(&data, '\n');
		w_buf_add(&data, val, vn);
		have = 1;
	}
	w_buf_free(&data);
	if (rc == -1) {
		jv_free(*msgs);
		*msgs = jv_array();
	}
	return rc;
}

jv
w_mcp_match(jv msgs, jv id)
{
	jv hit = jv_invalid();

	if (jv_get_kind(msgs) != JV_KIND_ARRAY)
		return hit;
	jv_array_foreach(msgs, i, m) {
		(void)i;
		if (!jv_is_valid(hit) && jv_get_kind(m) == JV_KIND_OBJECT &&
		    jv_object_has(jv_copy(m), jv_string("id")) &&
		    (jv_object_has(jv_copy(m), jv_string("result")) ||
		    jv_object_has(jv_copy(m), jv_string("error"))) &&
		    jv_equal(w_json_get(jv_copy(m), "id"),
		    jv_copy(id))) {
			jv_free(hit);
			hit = jv_copy(m);
		}
		jv_free(m);
	}
	return hit;
}

jv
w_mcp_text(jv result)
{
	jv c = w_json_get(jv_copy(result), "content");
	struct w_buf b;
	jv out;

	w_buf_init(&b, W_MCP_FETCH_MAX + 4096);
	if (jv_get_kind(c) == JV_KIND_ARRAY) {
		jv_array_foreach(c, i, item) {
			const char *t;

			(void)i;
			if (jv_get_kind(item) == JV_KIND_OBJECT &&
			    (t = w_json_str_peek(item, "type")) != NULL &&
			    strcmp(t, "text") == 0 &&
			    (t = w_json_str_peek(item, "text")) != NULL) {
				if (b.len > 0)
					w_buf_addc(&b, '\n');
				w_buf_adds(&b, t);
			}
			jv_free(item);
		}
	}
	jv_free(c);
	out = jv_string_sized(b.p ? b.p : "", (int)b.len);
	w_buf_free(&b);
	return out;
}

int
w_mcp_result(jv msg, const char *what, jv *result, struct w_err *e)
{
	jv err = w_json_get(jv_copy(msg), "error"), res, t;
	int rc = 0;

	*result = jv_null();
	if (jv_get_kind(err) == JV_KIND_OBJECT) {
		long code = w_json_int_peek(err, "code", 0);

		if (code == 429 || rate_text(w_json_str_peek(err, "message")))
			rc = rate_limited(e, NULL);
		else
			rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%s failed "
			    "with JSON-RPC error %ld", what, code);
		jv_free(err);
		return rc;
	}
	jv_free(err);
	res = w_json_get(jv_copy(msg), "result");
	if (jv_get_kind(res) != JV_KIND_OBJECT) {
		jv_free(res);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%s got a malformed "
		    "response (no result object)", what);
	}
	if (w_json_bool_peek(res, "isError", 0)) {
		t = w_mcp_text(res);
		if (rate_text(jv_string_value(t)))
			rc = rate_limited(e, NULL);
		else
			rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%s: the tool "
			    "reported an error", what);
		jv_free(t);
		jv_free(res);
		return rc;
	}
	*result = res;
	return 0;
}

/* The matched response to id in resp's JSON or SSE body. */
static int
answer(const struct w_http_resp *resp, jv id, const char *what, jv *msg,
    struct w_err *e)
{
	const char *ct = resp->content_type ? resp->content_type : "";
	const char *body = resp->body ? resp->body : "";
	jv msgs, v;

	*msg = jv_invalid();
	if (strncasecmp(ct, "text/event-stream", 17) == 0) {
		if (w_mcp_sse_parse(body, resp->len, &msgs, e) == -1) {
			jv_free(msgs);
			return -1;
		}
	} else if (strncasecmp(ct, "application/json", 16) == 0) {
		v = w_json_parse(body, resp->len);
		if (!jv_is_valid(v)) {
			jv_free(v);
			return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%s got a "
			    "malformed JSON response", what);
		}
		msgs = jv_get_kind(v) == JV_KIND_ARRAY ? v :
		    jv_array_append(jv_array(), v);
	} else
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%s got neither "
		    "JSON nor an event stream", what);
	jv_free(*msg);
	*msg = w_mcp_match(msgs, id);
	jv_free(msgs);
	if (!jv_is_valid(*msg))
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%s got no "
		    "response with its request id", what);
	return 0;
}

/* Keep a session id the server handed out (visible ASCII only). */
static int
take_session(struct w_mcp *m, const struct w_http_resp *resp,
    struct w_err *e)
{
	const char *s = w_json_str_peek(resp->headers, "mcp-session-id");
	size_t i;

	if (s == NULL)
		return 0;
	for (i = 0; s[i]; i++)
		if (s[i] < 0x21 || s[i] > 0x7e)
			break;
	if (s[i] != '\0' || i == 0 || i > SESSION_MAX)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the MCP endpoint "
		    "sent an unusable session id");
	free(m->session);
	m->session = w_strdup(s);
	return 0;
}

/* One JSON-RPC request; *result its result (0), else -1 or R_GONE. */
static int
rpc(struct w_mcp *m, const char *method, jv params, jv *result,
    struct w_err *e)
{
	struct w_http_resp resp;
	jv req, id, msg = jv_invalid();
	char *body;
	int rc, init = strcmp(method, "initialize") == 0;

	*result = jv_null();
	id = jv_number((double)++m->next_id);
	req = jv_object();
	req = jv_object_set(req, jv_string("jsonrpc"), jv_string("2.0"));
	req = jv_object_set(req, jv_string("id"), jv_copy(id));
	req = jv_object_set(req, jv_string("method"), jv_string(method));
	if (jv_is_valid(params))
		req = jv_object_set(req, jv_string("params"), params);
	else
		jv_free(params);
	req = jv_dump_string(req, 0);
	body = w_strdup(jv_string_value(req));
	jv_free(req);
	rc = exchange(m, "POST", body, 0, &resp, e);
	free(body);
	if (rc == 0 && (resp.status < 200 || resp.status > 299))
		rc = status_fail(&resp, !init, e);
	else if (rc == 0 && (rc = answer(&resp, id, method, &msg, e)) == 0) {
		rc = w_mcp_result(msg, method, result, e);
		if (rc == 0 && init)
			rc = take_session(m, &resp, e);
	}
	jv_free(msg);
	jv_free(id);
	w_http_resp_free(&resp);
	return rc;
}

/* initialize, then notifications/initialized. */
static int
init(struct w_mcp *m, struct w_err *e)
{
	struct w_http_resp resp;
	jv p = jv_object(), info = jv_object(), res;
	const char *v;
	int rc;

	free(m->session);
	m->session = NULL;
	m->ready = 0;
	info = jv_object_set(info, jv_string("name"), jv_string(m->o.name));
	info = jv_object_set(info, jv_string("version"),
	    jv_string(WEBTOOLS_VERSION));
	p = jv_object_set(p, jv_string("protocolVersion"),
	    jv_string(W_MCP_PROTOCOL));
	p = jv_object_set(p, jv_string("capabilities"), jv_object());
	p = jv_object_set(p, jv_string("clientInfo"), info);
	if ((rc = rpc(m, "initialize", p, &res, e)) != 0) {
		jv_free(res);
		return -1;
	}
	v = w_json_str_peek(res, "protocolVersion");
	if (v == NULL || strlen(v) >= sizeof(m->proto) ||
	    strpbrk(v, "\r\n") != NULL) {
		jv_free(res);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the MCP endpoint "
		    "answered initialize without a usable protocol version");
	}
	snprintf(m->proto, sizeof(m->proto), "%s", v);
	jv_free(res);
	m->ready = 1;
	rc = exchange(m, "POST", "{\"jsonrpc\":\"2.0\","
	    "\"method\":\"notifications/initialized\"}", 0, &resp, e);
	if (rc == 0 && (resp.status < 200 || resp.status > 299))
		rc = status_fail(&resp, 0, e);
	w_http_resp_free(&resp);
	if (rc != 0)
		m->ready = 0;
	return rc == 0 ? 0 : -1;
}

/* A request under the session, with one re-initialise when lost. */
static int
request(struct w_mcp *m, const char *method, jv params, jv *result,
    struct w_err *e)
{
	int rc = -1;

	*result = jv_null();
	if (m->o.gate != NULL && m->o.gate(m->o.gate_arg, e) == -1)
		goto out;
	if (!m->ready && init(m, e) == -1)
		goto out;
	rc = rpc(m, method, jv_copy(params), result, e);
	if (rc == R_GONE && !m->reinit) {
		m->reinit = 1;
		w_err_clear(e);
		jv_free(*result);
		*result = jv_null();
		if (m->o.gate != NULL && m->o.gate(m->o.gate_arg, e) == -1)
			rc = -1;
		else if (init(m, e) == -1)
			rc = -1;
		else
			rc = rpc(m, method, jv_copy(params), result, e);
	}
	if (rc == R_GONE)
		rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the MCP endpoint "
		    "lost the session again after one re-initialise");
out:
	jv_free(params);
	return rc;
}

int
w_mcp_list(struct w_mcp *m, jv *tools, struct w_err *e)
{
	jv res;

	*tools = jv_null();
	if (request(m, "tools/list", jv_invalid(), &res, e) == -1) {
		jv_free(res);
		return -1;
	}
	*tools = w_json_get(res, "tools");
	if (jv_get_kind(*tools) != JV_KIND_ARRAY) {
		jv_free(*tools);
		*tools = jv_null();
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "tools/list got a "
		    "malformed response (no tools array)");
	}
	return 0;
}

int
w_mcp_call(struct w_mcp *m, const char *name, jv args, jv *result,
    struct w_err *e)
{
	jv p = jv_object();

	p = jv_object_set(p, jv_string("name"), jv_string(name));
	p = jv_object_set(p, jv_string("arguments"), args);
	if (request(m, "tools/call", p, result, e) == -1) {
		jv_free(*result);
		*result = jv_null();
		return -1;
	}
	return 0;
}

void
w_mcp_close(struct w_mcp *m)
{
	struct w_http_resp resp;
	struct w_err e;

	if (m == NULL)
		return;
	if (m->session != NULL) {
		w_err_clear(&e);
		exchange(m, "DELETE", NULL, DELETE_MS, &resp, &e);
		w_http_resp_free(&resp);
	}
	free(m->session);
	free(m);
}
