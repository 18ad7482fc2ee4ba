/*
 * ollama.c: the ollama provider. Local (default http://127.0.0.1:11434)
 * posts to /api/experimental/web_search and retries /api/web_search at
 * the same origin only on 404/405; hosted search uses only
 * https://ollama.com/api/web_search with the key of search.ollama.
 * apiKeyEnv as a bearer token, never sent anywhere else; a custom public
 * origin needs HTTPS and trustPublicUrl. Redirects are rejected.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "json.h"
#include "policy.h"
#include "provider.h"
#include "url.h"

#define OLLAMA_DEFAULT		"http://127.0.0.1:11434"
#define OLLAMA_HOSTED		"https://ollama.com"
#define OLLAMA_MAX_BYTES	(2u << 20)
#define OLLAMA_TIMEOUT_MS	15000L

struct ollama {
	char	*origin;
	char	*primary;	/* .../api/experimental/web_search */
	char	*fallback;	/* .../api/web_search */
	char	*key_env;	/* hosted only */
	int	 hosted;
};

static int
cbad(struct w_err *e, const char *msg)
{
	w_err_set(e, W_E_INVALID_PARAMETER, "config: %s", msg);
	e->usage = 1;
	return -1;
}

static int
local_host(const struct w_url *u)
{
	int c = w_policy_host_class(u->host);

	return c == W_ADDR_LOOPBACK || c == W_ADDR_PRIVATE ||
	    c == W_ADDR_CGNAT || c == W_ADDR_LINKLOCAL;
}

static char *
join(const char *origin, const char *path)
{
	struct w_buf b;

	w_buf_init(&b, strlen(origin) + strlen(path) + 1);
	w_buf_adds(&b, origin);
	w_buf_adds(&b, path);
	return w_buf_take(&b);
}

static int
check(const char *base, int has_key, int trust, char **origin, int *hosted,
    struct w_err *e)
{
	struct w_url u;
	const char *msg = NULL;

	if (w_url_parse(base, &u, e) == -1)
		return cbad(e, "search.ollama.baseUrl is not an absolute URL");
	*hosted = strcmp(u.scheme, "https") == 0 &&
	    strcmp(u.host, "ollama.com") == 0 && u.port == 443;
	if (strcmp(u.scheme, "http") != 0 && strcmp(u.scheme, "https") != 0)
		msg = "search.ollama.baseUrl must be http:// or https://";
	else if (u.has_userinfo)
		msg = "search.ollama.baseUrl must not carry credentials";
	else if (strcmp(u.path, "/") != 0 || u.fragment != NULL)
		msg = "search.ollama.baseUrl must be an origin (no path, "
		    "query or fragment)";
	else if (*hosted && !has_key)
		msg = "hosted Ollama (https://ollama.com) needs "
		    "search.ollama.apiKeyEnv naming the key's variable";
	else if (!*hosted && has_key)
		msg = "search.ollama.apiKeyEnv is accepted only for the "
		    "hosted origin https://ollama.com; the key is never sent "
		    "to local, private or custom origins";
	else if (!*hosted && !local_host(&u) &&
	    strcmp(u.scheme, "https") != 0)
		msg = "a public search.ollama.baseUrl must use https://";
	else if (!*hosted && !local_host(&u) && !trust)
		msg = "a public search.ollama.baseUrl needs "
		    "search.ollama.trustPublicUrl: true";
	if (msg == NULL)
		*origin = w_url_origin(&u);
	w_url_free(&u);
	return msg ? cbad(e, msg) : 0;
}

static int
configure(const struct w_config *cfg, int selected, void **state,
    struct w_err *e)
{
	jv base = w_config_get(cfg, "search.ollama.baseUrl");
	jv key = w_config_get(cfg, "search.ollama.apiKeyEnv");
	jv trust = w_config_get(cfg, "search.ollama.trustPublicUrl");
	struct ollama *o;
	char *origin = NULL;
	const char *v;
	int hosted = 0, rc;

	rc = check(jv_get_kind(base) == JV_KIND_STRING ?
	    jv_string_value(base) : OLLAMA_DEFAULT,
	    jv_get_kind(key) == JV_KIND_STRING,
	    jv_get_kind(trust) == JV_KIND_TRUE, &origin, &hosted, e);
	if (rc == 0 && selected && hosted &&
	    ((v = getenv(jv_string_value(key))) == NULL || *v == '\0'))
		rc = cbad(e, "the variable named by search.ollama.apiKeyEnv "
		    "is unset or empty");
	if (rc == 0 && selected) {
		o = w_calloc(1, sizeof(*o));
		o->origin = origin;
		o->hosted = hosted;
		o->primary = join(origin, hosted ? "/api/web_search" :
		    "/api/experimental/web_search");
		o->fallback = join(origin, "/api/web_search");
		if (hosted)
			o->key_env = w_strdup(jv_string_value(key));
		*state = o;
		origin = NULL;
	}
	free(origin);
	jv_free(base);
	jv_free(key);
	jv_free(trust);
	return rc;
}

static void
release(void *state)
{
	struct ollama *o = state;

	free(o->origin);
	free(o->primary);
	free(o->fallback);
	free(o->key_env);
	free(o);
}

static void
targets(void *state, const char **out)
{
	struct ollama *o = state;

	out[0] = o->primary;
	out[1] = o->hosted ? NULL : o->fallback;
	out[2] = NULL;
}

int
w_ollama_parse(const char *body, size_t len, jv *out, struct w_err *e)
{
	jv doc = w_json_parse(body, len), res;

	*out = jv_array();
	if (jv_get_kind(doc) != JV_KIND_OBJECT) {
		jv_free(doc);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "ollama answered "
		    "something that is not web_search JSON");
	}
	res = w_json_get(doc, "results");
	if (jv_get_kind(res) == JV_KIND_NULL) {
		jv_free(res);
		return 0;
	}
	if (jv_get_kind(res) != JV_KIND_ARRAY) {
		jv_free(res);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "ollama web_search "
		    "JSON has no results array");
	}
	jv_array_foreach(res, i, r) {
		(void)i;
		if (jv_get_kind(r) == JV_KIND_OBJECT &&
		    w_json_str_peek(r, "url") != NULL)
			*out = jv_array_append(*out, w_search_result(
			    w_json_str_peek(r, "title"),
			    w_json_str_peek(r, "url"),
			    w_json_str_peek(r, "content"), NULL));
		jv_free(r);
	}
	jv_free(res);
	return 0;
}

static int
status_error(const struct w_http_resp *resp, struct w_err *e)
{
	int st = resp->status;

	e->http_status = st;
	if (st >= 300 && st < 400)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "ollama redirected "
		    "(redirects are rejected)");
	if (st == 401)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "ollama web search "
		    "needs sign-in (HTTP 401): run ollama signin, or configure "
		    "hosted search with apiKeyEnv");
	if (st == 403)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "ollama refused web "
		    "search (HTTP 403): cloud features may be disabled");
	if (st == 429) {
		w_err_set(e, W_E_RATE_LIMITED, "ollama is rate limiting "
		    "(HTTP 429)");
		e->retry_after_ms = resp->retry_after_ms;
		e->retry_at = resp->retry_at;
		return -1;
	}
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "ollama answered HTTP %d",
	    st);
}

static int
post(struct w_search_call *c, struct ollama *o, const char *url,
    const char *body, struct w_http_resp *resp, struct w_err *e)
{
	struct w_http_req r;
	struct w_buf auth;
	const char *internal[2] = { NULL, NULL };
	const char *key;
	int rc;

	memset(resp, 0, sizeof(*resp));
	resp->headers = jv_null();
	resp->redirects = jv_null();
	w_search_http_init(c, &r, OLLAMA_TIMEOUT_MS);
	r.url = url;
	r.method = "POST";
	r.body = body;
	r.body_len = strlen(body);
	r.body_type = "application/json";
	r.max_bytes = OLLAMA_MAX_BYTES;
	w_buf_init(&auth, 8192);
	if (o->hosted) {
		if ((key = getenv(o->key_env)) == NULL || *key == '\0') {
			w_buf_free(&auth);
			return w_err_set(e, W_E_INVALID_PARAMETER, "the variable "
			    "named by search.ollama.apiKeyEnv is unset or "
			    "empty");
		}
		if (w_buf_printf(&auth, "Authorization: Bearer %s", key) ==
		    -1 || strpbrk(key, "\r\n") != NULL) {
			w_buf_free(&auth);
			return w_err_set(e, W_E_INVALID_PARAMETER, "the Ollama "
			    "key variable holds an unusable value");
		}
		internal[0] = auth.p;
		r.internal = internal;
	}
	if (w_search_dispatch(c, e) == -1) {
		w_buf_free(&auth);
		return -1;
	}
	rc = w_http_fetch(&r, resp, e);
	/* wipe the key copy before freeing */
	if (auth.p != NULL)
		memset(auth.p, 0, auth.len);
	w_buf_free(&auth);
	return rc;
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	struct ollama *o = state;
	struct w_http_resp resp;
	jv req;
	char *body;
	int rc;

	req = jv_object();
	req = jv_object_set(req, jv_string("query"), jv_string(query));
	req = jv_object_set(req, jv_string("max_results"),
	    jv_number(q->limit));
	req = jv_dump_string(req, 0);
	body = w_strdup(jv_string_value(req));
	jv_free(req);
	rc = post(c, o, o->primary, body, &resp, e);
	if (rc == 0 && !o->hosted && (resp.status == 404 ||
	    resp.status == 405)) {
		w_http_resp_free(&resp);
		w_search_note(c, "compatibilityPath", jv_string(
		    "/api/web_search"));
		rc = post(c, o, o->fallback, body, &resp, e);
	}
	free(body);
	if (rc == 0 && (resp.status < 200 || resp.status > 299))
		rc = status_error(&resp, e);
	if (rc == 0)
		rc = w_ollama_parse(resp.body ? resp.body : "", resp.len, out,
		    e);
	w_http_resp_free(&resp);
	return rc;
}

const struct w_provider w_provider_ollama = {
	.live = 1,
	.name = "ollama",
	.configure = configure,
	.release = release,
	.scope = "ollama",
	.targets = targets,
	.operator = 1,
	.filters = { W_FS_UNVERIFIED, W_FS_NONE, W_FS_ADVISORY,
	    W_FS_ADVISORY },
	.available = 1,
	.excerpts = 1,
	.search = search
};
