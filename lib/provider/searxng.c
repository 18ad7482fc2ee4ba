/*
 * searxng.c: the searxng provider. GET the operator's loopback JSON
 * endpoint with language and time_range; engine health decides between
 * "No results." and rate_limited / backend_unavailable.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "json.h"
#include "policy.h"
#include "provider.h"
#include "url.h"

#define SEARXNG_MAX_BYTES	(2u << 20)
#define SEARXNG_STRICT_MS	15000L
#define SEARXNG_STAGE_MS	3000L
#define ENGINES_MSG_MAX		400

struct searxng {
	char	*search_url;	/* endpoint + "/search" */
};

static int
cbad(struct w_err *e, const char *msg)
{
	w_err_set(e, W_E_INVALID_PARAMETER, "config: %s", msg);
	e->usage = 1;
	return -1;
}

/* The endpoint rule of the reference: an unauthenticated loopback
 * http:// URL without query or fragment. */
static int
check_endpoint(const char *v, const char *key, char **search_url,
    struct w_err *e)
{
	struct w_url u;
	struct w_buf b;
	char msg[200];
	size_t n;

	if (w_url_parse(v, &u, e) == -1) {
		snprintf(msg, sizeof(msg), "%s is not an absolute URL", key);
		return cbad(e, msg);
	}
	msg[0] = '\0';
	if (strcmp(u.scheme, "http") != 0)
		snprintf(msg, sizeof(msg), "%s must be an http:// URL", key);
	else if (u.has_userinfo)
		snprintf(msg, sizeof(msg), "%s must not carry credentials",
		    key);
	else if (strchr(u.path, '?') != NULL || strchr(v, '?') != NULL ||
	    u.fragment != NULL || strchr(v, '#') != NULL)
		snprintf(msg, sizeof(msg), "%s must not have a query or a "
		    "fragment", key);
	else if (w_policy_host_class(u.host) != W_ADDR_LOOPBACK)
		snprintf(msg, sizeof(msg), "%s must be a loopback address "
		    "(remote SearXNG endpoints are refused)", key);
	if (msg[0]) {
		w_url_free(&u);
		return cbad(e, msg);
	}
	if (search_url != NULL) {
		char *origin = w_url_origin(&u);

		w_buf_init(&b, 4096);
		w_buf_adds(&b, origin);
		w_buf_adds(&b, u.path);
		while (b.len > 0 && b.p[b.len - 1] == '/')
			b.p[--b.len] = '\0';
		n = strlen("/search");
		if (b.len < n || strcmp(b.p + b.len - n, "/search") != 0)
			w_buf_adds(&b, "/search");
		*search_url = w_buf_take(&b);
		free(origin);
	}
	w_url_free(&u);
	return 0;
}

static int
configure(const struct w_config *cfg, int selected, void **state,
    struct w_err *e)
{
	jv ep = w_config_get(cfg, "search.searxng.endpoint");
	jv legacy = w_config_get(cfg, "search.endpoint");
	struct searxng *sx;
	char *url = NULL;
	int rc = 0;

	if (jv_get_kind(legacy) == JV_KIND_STRING)
		rc = check_endpoint(jv_string_value(legacy),
		    "search.endpoint", jv_get_kind(ep) == JV_KIND_STRING ?
		    NULL : &url, e);
	if (rc == 0 && jv_get_kind(ep) == JV_KIND_STRING)
		rc = check_endpoint(jv_string_value(ep),
		    "search.searxng.endpoint", &url, e);
	if (rc == 0 && selected && url == NULL)
		rc = cbad(e, "searxng is selected but search.searxng.endpoint "
		    "is not set");
	jv_free(ep);
	jv_free(legacy);
	if (rc == -1 || !selected) {
		free(url);
		return rc;
	}
	sx = w_calloc(1, sizeof(*sx));
	sx->search_url = url;
	*state = sx;
	return 0;
}

static void
release(void *state)
{
	struct searxng *sx = state;

	free(sx->search_url);
	free(sx);
}

static void
targets(void *state, const char **out)
{
	struct searxng *sx = state;

	out[0] = sx->search_url;
	out[1] = NULL;
}

static int
throttle_reason(const char *r)
{
	static const char *const words[] = { "captcha", "too many requests",
	    "blocked", "access denied", "suspended", "rate", NULL };
	const char *const *w;
	char low[128];
	size_t i;

	for (i = 0; r[i] && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)r[i]);
	low[i] = '\0';
	for (w = words; *w; w++)
		if (strstr(low, *w) != NULL)
			return 1;
	return 0;
}

/* "name: reason; ..." of unresponsive_engines into b; whether any
 * reason is a throttle. */
static int
engines_text(jv list, struct w_buf *b)
{
	int throttled = 0;

	jv_array_foreach(list, i, x) {
		jv name = w_json_at(jv_copy(x), 0);
		jv why = w_json_at(jv_copy(x), 1);
		const char *n = jv_get_kind(name) == JV_KIND_STRING ?
		    jv_string_value(name) : "engine";
		const char *w = jv_get_kind(why) == JV_KIND_STRING ?
		    jv_string_value(why) : "error";

		if (jv_get_kind(x) == JV_KIND_ARRAY) {
			if (b->len < ENGINES_MSG_MAX)
				w_buf_printf(b, "%s%.60s: %.60s", i ? "; " : "",
				    n, w);
			throttled |= throttle_reason(w);
		}
		jv_free(name);
		jv_free(why);
		jv_free(x);
	}
	return throttled;
}

/* Parse a SearXNG JSON body; *engines gets unresponsive_engines. */
static int
parse(const char *body, size_t len, jv *out, jv *engines, struct w_err *e)
{
	jv doc = w_json_parse(body, len), res, ue;
	struct w_buf b;
	int throttled;

	*out = jv_array();
	*engines = jv_array();
	if (jv_get_kind(doc) != JV_KIND_OBJECT) {
		jv_free(doc);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "searxng answered "
		    "something that is not its JSON format");
	}
	res = w_json_get(jv_copy(doc), "results");
	ue = w_json_get(doc, "unresponsive_engines");
	if (jv_get_kind(ue) == JV_KIND_ARRAY) {
		jv_free(*engines);
		*engines = jv_copy(ue);
	}
	if (jv_get_kind(res) != JV_KIND_ARRAY) {
		jv_free(res);
		jv_free(ue);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "searxng JSON has "
		    "no results array");
	}
	jv_array_foreach(res, i, r) {
		(void)i;
		if (jv_get_kind(r) == JV_KIND_OBJECT &&
		    w_json_str_peek(r, "url") != NULL)
			*out = jv_array_append(*out, w_search_result(
			    w_json_str_peek(r, "title"),
			    w_json_str_peek(r, "url"),
			    w_json_str_peek(r, "content"),
			    w_json_str_peek(r, "publishedDate")));
		jv_free(r);
	}
	jv_free(res);
	if (jv_array_length(jv_copy(*out)) == 0 && jv_get_kind(ue) ==
	    JV_KIND_ARRAY && jv_array_length(jv_copy(ue)) > 0) {
		w_buf_init(&b, ENGINES_MSG_MAX + 200);
		throttled = engines_text(ue, &b);
		w_err_set(e, throttled ? W_E_RATE_LIMITED : W_E_BACKEND_UNAVAILABLE,
		    "searxng answered no results because its engines failed "
		    "(%s)", b.p);
		w_buf_free(&b);
		jv_free(ue);
		return -1;
	}
	jv_free(ue);
	return 0;
}

int
w_searxng_parse(const char *body, size_t len, jv *out, struct w_err *e)
{
	jv engines;
	int rc = parse(body, len, out, &engines, e);

	jv_free(engines);
	return rc;
}

static int
status_error(const struct w_http_resp *resp, struct w_err *e)
{
	int st = resp->status;

	if (st >= 300 && st < 400)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "searxng endpoint "
		    "redirected (redirects are not followed for search)");
	if (st == 403)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "searxng endpoint "
		    "refused the JSON format (HTTP 403): enable json in "
		    "search.formats of its settings");
	if (st == 429) {
		w_err_set(e, W_E_RATE_LIMITED, "searxng endpoint is rate "
		    "limiting (HTTP 429)");
		e->retry_after_ms = resp->retry_after_ms;
		e->retry_at = resp->retry_at;
		return -1;
	}
	e->http_status = st;
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "searxng endpoint "
	    "answered HTTP %d", st);
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	struct searxng *sx = state;
	struct w_http_req r;
	struct w_http_resp resp;
	struct w_buf u;
	jv engines;
	int rc;

	w_buf_init(&u, 16384);
	w_buf_printf(&u, "%s?q=", sx->search_url);
	w_search_urlencode(&u, query, 1);
	w_buf_adds(&u, "&format=json&pageno=1");
	if (q->language) {
		w_buf_adds(&u, "&language=");
		w_search_urlencode(&u, q->language, 1);
	}
	if (q->time_range)
		w_buf_printf(&u, "&time_range=%s", q->time_range);
	w_search_http_init(c, &r, w_search_alone(c) ? SEARXNG_STRICT_MS :
	    SEARXNG_STAGE_MS);
	r.url = u.p;
	r.max_bytes = SEARXNG_MAX_BYTES;
	memset(&resp, 0, sizeof(resp));
	resp.headers = jv_null();
	resp.redirects = jv_null();
	if (w_search_dispatch(c, e) == -1) {
		w_buf_free(&u);
		return -1;
	}
	rc = w_http_fetch(&r, &resp, e);
	w_buf_free(&u);
	if (rc == 0 && (resp.status < 200 || resp.status > 299))
		rc = status_error(&resp, e);
	if (rc == 0) {
		rc = parse(resp.body ? resp.body : "", resp.len, out, &engines,
		    e);
		/* engines is set either way and freed below */
		if (rc == 0 && jv_array_length(jv_copy(engines)) > 0)
			w_search_note(c, "unresponsive_engines",
			    jv_number(jv_array_length(jv_copy(engines))));
		if (rc == 0 && q->time_range &&
		    jv_array_length(jv_copy(*out)) == 0)
			w_search_note(c, "empty_not_conclusive", jv_string(
			    "engines without time-range support are skipped "
			    "by SearXNG, so no results under a time range is "
			    "not proof of nothing"));
		jv_free(engines);
	}
	w_http_resp_free(&resp);
	return rc;
}

const struct w_provider w_provider_searxng = {
	.live = 1,
	.name = "searxng",
	.configure = configure,
	.release = release,
	.scope = "searxng",
	.stage_ms = SEARXNG_STAGE_MS,
	.alone_ms = SEARXNG_STRICT_MS,
	.targets = targets,
	.operator = 1,
	.filters = { W_FS_UNVERIFIED, W_FS_NONE, W_FS_NATIVE, W_FS_NATIVE },
	.available = 1,
	.search = search
};
