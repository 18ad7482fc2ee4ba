/*
 * parallel_mcp.c: Parallel's Search MCP endpoint as a remote fetch
 * provider (web_fetch for one URL with full_content), plus what the
 * Parallel search provider shares with it: the credential line, the
 * session identity, the answer parser and the tools/list liveness
 * probe. Remote extraction cannot attest redirects Parallel follows.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "buf.h"
#include "coord.h"
#include "parallel_mcp.h"
#include "hoststate.h"
#include "http.h"
#include "json.h"
#include "lock.h"
#include "mcp.h"
#include "provider.h"
#include "sha256.h"

#define EXCERPT_SEP	" \xe2\x80\xa6 "	/* " ... " */

int
w_parallel_auth(const struct w_config *cfg, const char *ckey, char **line,
    struct w_err *e)
{
	jv name = w_config_get(cfg, ckey);
	const char *key;
	struct w_buf b;
	int rc = 0;

	*line = NULL;
	if (jv_get_kind(name) != JV_KIND_STRING) {
		jv_free(name);
		return 0;
	}
	key = getenv(jv_string_value(name));
	if (key == NULL || *key == '\0')
		rc = w_err_set(e, W_E_INVALID_PARAMETER, "the variable named by "
		    "%s is unset or empty (it is not downgraded to anonymous "
		    "access)", ckey);
	else if (strpbrk(key, "\r\n") != NULL || strlen(key) > 4096)
		rc = w_err_set(e, W_E_INVALID_PARAMETER, "the variable named by "
		    "%s holds an unusable value", ckey);
	else {
		w_buf_init(&b, 8192);
		w_buf_printf(&b, "Authorization: Bearer %s", key);
		*line = w_buf_take(&b);
	}
	jv_free(name);
	if (rc == -1)
		e->usage = 1;	/* nothing was sent */
	return rc;
}

void
w_parallel_auth_free(char *line)
{
	if (line == NULL)
		return;
	memset(line, 0, strlen(line));
	free(line);
}

void
w_parallel_session(struct w_run *run, char *out, size_t len)
{
	static char mine[80];
	unsigned char rnd[32];
	char hex[65];

	if (run != NULL) {
		w_run_session_id(run, out, len);
		return;
	}
	if (mine[0] == '\0') {
		if (w_lock_random(rnd, sizeof(rnd)) == -1) {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			snprintf((char *)rnd, sizeof(rnd), "%ld.%ld.%ld",
			    (long)ts.tv_sec, ts.tv_nsec, (long)clock());
		}
		w_sha256_hex(rnd, sizeof(rnd), hex);
		snprintf(mine, sizeof(mine), "webtools-%s", hex);
	}
	snprintf(out, len, "%s", mine);
}

int
w_parallel_parse(const char *text, size_t len, jv *out, jv *errors,
    struct w_err *e)
{
	jv doc = w_json_parse(text, len), res;

	*out = jv_array();
	if (errors != NULL)
		*errors = jv_array();
	if (jv_get_kind(doc) != JV_KIND_OBJECT) {
		jv_free(doc);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "Parallel answered "
		    "something that is not its JSON result shape");
	}
	res = w_json_get(jv_copy(doc), "results");
	if (jv_get_kind(res) != JV_KIND_ARRAY) {
		jv_free(res);
		jv_free(doc);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "Parallel's answer "
		    "has no results array");
	}
	jv_free(*out);
	*out = jv_array();
	jv_array_foreach(res, i, r) {
		(void)i;
		if (jv_get_kind(r) == JV_KIND_OBJECT &&
		    w_json_str_peek(r, "url") != NULL)
			*out = jv_array_append(*out, jv_copy(r));
		jv_free(r);
	}
	jv_free(res);
	if (errors != NULL) {
		res = w_json_get(jv_copy(doc), "errors");
		if (jv_get_kind(res) == JV_KIND_ARRAY) {
			jv_free(*errors);
			*errors = res;
		} else
			jv_free(res);
	}
	jv_free(doc);
	return 0;
}

int
w_parallel_call(const struct w_mcp_opts *o, char *auth, const char *tool,
    jv args, jv *results, jv *errors, struct w_err *e)
{
	struct w_mcp *m;
	jv res = jv_null(), text;
	int rc;

	*results = jv_null();
	if (errors != NULL)
		*errors = jv_null();
	m = w_mcp_new(o);
	rc = w_mcp_call(m, tool, args, &res, e);
	w_mcp_close(m);
	w_parallel_auth_free(auth);
	if (rc == 0) {
		text = w_mcp_text(res);
		rc = w_parallel_parse(jv_string_value(text),
		    (size_t)jv_string_length_bytes(jv_copy(text)), results,
		    errors, e);
		jv_free(text);
	}
	jv_free(res);
	return rc;
}

jv
w_parallel_search_results(jv results)
{
	jv out = jv_array();

	jv_array_foreach(results, i, r) {
		jv ex = w_json_get(jv_copy(r), "excerpts");
		struct w_buf b;

		(void)i;
		w_buf_init(&b, 64 << 10);
		if (jv_get_kind(ex) == JV_KIND_ARRAY) {
			jv_array_foreach(ex, j, x) {
				(void)j;
				if (jv_get_kind(x) == JV_KIND_STRING) {
					if (b.len > 0)
						w_buf_adds(&b, EXCERPT_SEP);
					w_buf_adds(&b, jv_string_value(x));
				}
				jv_free(x);
			}
		}
		jv_free(ex);
		out = jv_array_append(out, w_search_result(
		    w_json_str_peek(r, "title"), w_json_str_peek(r, "url"),
		    b.p ? b.p : "", w_json_str_peek(r, "publish_date")));
		w_buf_free(&b);
		jv_free(r);
	}
	return out;
}

/* MCP options for Parallel's endpoint: who, the policy, the size and
 * time bounds (the deadline from now), the auth line (may be NULL). */
static void
opts_init(struct w_mcp_opts *o, const struct w_config *cfg,
    const char *name, size_t max_bytes, long timeout_ms, const char *auth)
{
	memset(o, 0, sizeof(*o));
	o->url = W_PARALLEL_URL;
	o->policy = &cfg->policy;
	o->max_bytes = max_bytes;
	o->timeout_ms = timeout_ms;
	o->deadline = w_clock_mono_ms() + timeout_ms;
	o->auth = auth;
	o->name = name;
}

int
w_parallel_live(const struct w_config *cfg, const char *which,
    long timeout_ms, jv *info, struct w_err *e)
{
	struct w_mcp_opts o;
	struct w_mcp *m;
	const char *tool = strcmp(which, "fetch") == 0 ? "web_fetch" :
	    "web_search";
	char ckey[64], *auth = NULL;
	jv tools;
	int found = 0, rc, keyed;

	*info = jv_null();
	snprintf(ckey, sizeof(ckey), "%s.parallel.apiKeyEnv", which);
	if (w_parallel_auth(cfg, ckey, &auth, e) == -1)
		return -1;
	opts_init(&o, cfg, "web-control", W_MCP_SEARCH_MAX, timeout_ms > 0 ?
	    timeout_ms : W_PARALLEL_TIMEOUT_MS, auth);
	keyed = auth != NULL;
	m = w_mcp_new(&o);
	rc = w_mcp_list(m, &tools, e);
	w_mcp_close(m);
	w_parallel_auth_free(auth);
	if (rc == -1)
		return -1;
	jv_array_foreach(tools, i, t) {
		const char *n = w_json_str_peek(t, "name");

		(void)i;
		if (n != NULL && strcmp(n, tool) == 0)
			found = 1;
		jv_free(t);
	}
	jv_free(tools);
	if (!found)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the Parallel MCP "
		    "endpoint does not list %s", tool);
	*info = jv_object();
	*info = jv_object_set(*info, jv_string("access"),
	    jv_string(keyed ? "apiKeyEnv" : "anonymous"));
	*info = jv_object_set(*info, jv_string("tool"), jv_string(tool));
	return 0;
}

int
w_parallel_fetch_check(const struct w_request *r, struct w_err *e)
{
	e->usage = 1;		/* nothing is sent */

	if (r->format == W_FMT_RAW)
		return w_err_set(e, W_E_UNSUPPORTED_PARAMETER, "format raw is "
		    "not supported by the parallel fetch provider");
	if (jv_get_kind(r->headers) == JV_KIND_OBJECT &&
	    jv_object_length(jv_copy(r->headers)) > 0)
		return w_err_set(e, W_E_UNSUPPORTED_PARAMETER, "headers are not "
		    "supported by the parallel fetch provider (request "
		    "headers are never sent remotely)");
	if (r->render == W_RENDER_AUTO || r->render == W_RENDER_ALWAYS)
		return w_err_set(e, W_E_UNSUPPORTED_PARAMETER, "render %s is not "
		    "supported by the parallel fetch provider",
		    r->render == W_RENDER_AUTO ? "auto" : "always");
	if (r->include_links)
		return w_err_set(e, W_E_UNSUPPORTED_PARAMETER, "include_links is "
		    "not supported by the parallel fetch provider");
	e->usage = 0;
	return 0;
}

/* Whether text has at least two letters or digits. */
static int
readable(const char *s, size_t n)
{
	size_t i;
	int k = 0;

	for (i = 0; i < n && k < 2; i++)
		if (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)
			k++;
	return k >= 2;
}

/* A source failure from Parallel's errors[] (borrowed): its status. */
static int
source_error(jv errors, struct w_err *e)
{
	struct w_http_resp r;
	long st = 0;

	jv_array_foreach(errors, i, x) {
		(void)i;
		if (st == 0 && jv_get_kind(x) == JV_KIND_OBJECT) {
			st = w_json_int_peek(x, "http_status_code", 0);
			if (st == 0)
				st = w_json_int_peek(x, "status_code", 0);
		}
		jv_free(x);
	}
	if (st < 300 || st > 599)
		return w_err_set(e, W_E_UNUSABLE_CONTENT, "Parallel returned no "
		    "content for the URL");
	memset(&r, 0, sizeof(r));
	r.status = (int)st;
	r.retry_after_ms = -1;
	r.headers = jv_null();
	r.redirects = jv_null();
	if (w_http_status_error(&r, e) == 0)
		w_err_set(e, W_E_UNUSABLE_CONTENT, "Parallel returned no "
		    "content for the URL");
	e->http_status = (int)st;
	return -1;
}

/* One result (borrowed) into d: full content, else excerpts. */
static int
to_doc(jv r, enum w_format fmt, struct w_doc *d, jv *source,
    struct w_err *e)
{
	const char *full = w_json_str_peek(r, "full_content"), *t;
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_buf b;
	jv ex, cov;
	int only = 0, rc;

	w_buf_init(&b, W_MCP_FETCH_MAX);
	if (full != NULL && readable(full, strlen(full)))
		w_buf_adds(&b, full);
	else {
		only = 1;
		ex = w_json_get(jv_copy(r), "excerpts");
		if (jv_get_kind(ex) == JV_KIND_ARRAY) {
			jv_array_foreach(ex, i, x) {
				(void)i;
				if (jv_get_kind(x) == JV_KIND_STRING) {
					if (b.len > 0)
						w_buf_adds(&b, "\n\n");
					w_buf_adds(&b, jv_string_value(x));
				}
				jv_free(x);
			}
		}
		jv_free(ex);
	}
	if (b.p == NULL || !readable(b.p, b.len)) {
		w_buf_free(&b);
		return w_err_set(e, W_E_UNUSABLE_CONTENT, "Parallel returned no "
		    "readable text for the URL");
	}
	memset(&in, 0, sizeof(in));
	in.bytes = b.p;
	in.len = b.len;
	in.url = w_json_str_peek(r, "url");
	in.content_type = "text/markdown; charset=utf-8";
	in.headers = jv_null();
	memset(&o, 0, sizeof(o));
	o.format = fmt == W_FMT_TEXT ? W_FMT_TEXT : W_FMT_MARKDOWN;
	rc = w_doc_extract(&in, &o, d, e);
	w_buf_free(&b);
	if (rc == -1)
		return -1;
	if (jv_get_kind(d->meta) != JV_KIND_OBJECT) {
		jv_free(d->meta);
		d->meta = jv_object();
	}
	if ((t = w_json_str_peek(r, "title")) != NULL)
		d->meta = jv_object_set(d->meta, jv_string("title"),
		    jv_string(t));
	if ((t = w_json_str_peek(r, "publish_date")) != NULL)
		d->meta = jv_object_set(d->meta, jv_string("published"),
		    jv_string(t));
	if (only)
		d->meta = jv_object_set(d->meta, jv_string("description"),
		    jv_string("[excerpts only]"));
	cov = jv_get_kind(d->coverage) == JV_KIND_OBJECT ?
	    jv_copy(d->coverage) : jv_object();
	cov = jv_object_set(cov, jv_string("provider"), jv_string("parallel"));
	cov = jv_object_set(cov, jv_string("representation"),
	    jv_string(only ? "provider_excerpt" : "page_extract"));
	cov = jv_object_set(cov, jv_string("excerpts_only"), jv_bool(only));
	cov = jv_object_set(cov, jv_string("redirects_attested"), jv_false());
	cov = jv_object_set(cov, jv_string("note"), jv_string(only ?
	    "[excerpts only] Parallel returned excerpts, not the full page; "
	    "redirects inside Parallel are not attested" :
	    "extracted remotely by Parallel; redirects inside Parallel are "
	    "not attested"));
	jv_free(d->coverage);
	d->coverage = cov;
	*source = jv_object();
	*source = jv_object_set(*source, jv_string("url"),
	    jv_string(w_json_str_peek(r, "url")));
	*source = jv_object_set(*source, jv_string("final_url"),
	    jv_string(w_json_str_peek(r, "url")));
	if ((t = w_json_str_peek(r, "title")) != NULL)
		*source = jv_object_set(*source, jv_string("title"),
		    jv_string(t));
	*source = jv_object_set(*source, jv_string("representation"),
	    jv_string(only ? "provider_excerpt" : "page_extract"));
	*source = jv_object_set(*source, jv_string("status"),
	    jv_string("opened"));
	return 0;
}

int
w_parallel_fetch(const struct w_config *cfg, struct w_run *run,
    const struct w_request *r, long timeout_ms, struct w_doc *d, jv *source,
    struct w_err *e)
{
	struct w_mcp_opts o;
	const char *url = r->url;
	char *auth = NULL, sess[96];
	jv args, results, errors, hit = jv_invalid();
	int rc;

	*source = jv_null();
	if (url == NULL)
		return w_err_set(e, W_E_INVALID_PARAMETER, "url is required");
	if (w_parallel_fetch_check(r, e) == -1 ||
	    w_parallel_auth(cfg, "fetch.parallel.apiKeyEnv", &auth, e) == -1)
		return -1;
	opts_init(&o, cfg, "wfetch", W_MCP_FETCH_MAX, timeout_ms > 0 ?
	    timeout_ms : W_HTTP_TIMEOUT_MS, auth);
	w_parallel_session(run, sess, sizeof(sess));
	args = jv_object();
	args = jv_object_set(args, jv_string("urls"),
	    jv_array_append(jv_array(), jv_string(url)));
	args = jv_object_set(args, jv_string("full_content"), jv_true());
	args = jv_object_set(args, jv_string("session_id"), jv_string(sess));
	rc = w_parallel_call(&o, auth, "web_fetch", args, &results, &errors,
	    e);
	if (rc == 0 && jv_array_length(jv_copy(results)) > 0)
		hit = w_json_at(jv_copy(results), 0);
	else if (rc == 0)
		rc = source_error(errors, e);
	if (rc == 0) {
		rc = to_doc(hit, r->format == W_FMT_TEXT ? W_FMT_TEXT :
		    W_FMT_MARKDOWN, d, source, e);
	}
	jv_free(hit);
	jv_free(results);
	jv_free(errors);
	return rc;
}

int
w_parallel_fetch_chain(const struct w_config *cfg, const char **names, int max,
    struct w_err *e)
{
	jv v = w_config_get(cfg, "fetch.provider"), list;
	int n = 0, i, rc = 0;
	const char *s, *name;

	if (jv_get_kind(v) == JV_KIND_STRING)
		list = jv_array_append(jv_array(), v);
	else if (jv_get_kind(v) == JV_KIND_ARRAY && jv_array_length(
	    jv_copy(v)) > 0)
		list = v;
	else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		jv_free(v);
		e->usage = 1;
		return w_err_set(e, W_E_INVALID_PARAMETER, "config: "
		    "fetch.provider is an empty list: name local, parallel or "
		    "both (omit the key for local)");
	} else {
		jv_free(v);
		names[0] = "local";
		return 1;
	}
	jv_array_foreach(list, k, x) {
		(void)k;
		s = jv_get_kind(x) == JV_KIND_STRING ? jv_string_value(x) : "";
		name = strcmp(s, "local") == 0 ? "local" :
		    strcmp(s, "parallel") == 0 ? "parallel" : NULL;
		for (i = 0; name != NULL && i < n; i++)
			if (strcmp(names[i], name) == 0)
				name = NULL;
		if (rc == 0 && strcmp(s, "hound") == 0) {
			rc = w_err_set(e, W_E_INVALID_PARAMETER, "config: "
			    "fetch.provider \"hound\" was removed; \"local\" is "
			    "not equivalent: it keeps the classic posture "
			    "(standard retries, no robots preflight, configured "
			    "render mode honoured); select it only if that is "
			    "acceptable");
			e->usage = 1;
		} else if (rc == 0 && (name == NULL || n >= max)) {
			rc = w_err_set(e, W_E_INVALID_PARAMETER, "config: "
			    "fetch.provider names an unknown or repeated "
			    "provider (local, parallel)");
			e->usage = 1;
		} else if (rc == 0)
			names[n++] = name;
		jv_free(x);
	}
	jv_free(list);
	return rc == 0 ? n : -1;
}

int
w_parallel_fetch_advance(jv env)
{
	jv err = w_json_get(jv_copy(env), "error");
	enum w_code c = w_err_lookup(w_json_str_peek(err, "code"));
	long st = w_json_int_peek(err, "http_status", 0);
	int yes;

	yes = w_err_chain_advances(c) && st != 401 && st != 403 &&
	    st != 407 && st != 429;
	jv_free(err);
	return yes;
}

/* Host coordination (opt-in): admission to the Parallel scope. */
static int
admit(const struct w_config *cfg, struct w_run *run, long timeout_ms,
    struct w_host_lease *l, struct w_err *e)
{
	struct w_coordinator *co;

	memset(l, 0, sizeof(*l));
	if (run == NULL)
		return 0;
	if (w_run_coord(run, cfg, &co, e) == -1)
		return -1;
	return w_coord_admit(co, W_SCOPE_PARALLEL, "", timeout_ms > 0 ?
	    timeout_ms : W_HTTP_TIMEOUT_MS, NULL, NULL, l, e);
}

int
w_parallel_obtain(const struct w_config *cfg, struct w_run *run,
    const struct w_request *r, long timeout_ms, jv *env, struct w_doc *d,
    size_t *bytes)
{
	struct w_host_lease lease;
	struct w_err e;
	jv src, det, old;
	char sum[700];
	int rc = -1;

	w_err_clear(&e);
	*bytes = 0;
	old = w_json_get(jv_copy(*env), "source");
	if (jv_get_kind(old) != JV_KIND_OBJECT) {
		jv_free(old);
		old = jv_object();
	}
	det = jv_object();
	det = jv_object_set(det, jv_string("redirects"), jv_array());
	det = jv_object_set(det, jv_string("provider"), jv_string("parallel"));
	det = jv_object_set(det, jv_string("redirects_attested"), jv_false());
	det = jv_object_set(det, jv_string("cache_hit"), jv_false());
	*env = jv_object_set(*env, jv_string("details"), det);
	src = jv_null();
	if (admit(cfg, run, timeout_ms, &lease, &e) == 0) {
		rc = w_parallel_fetch(cfg, run, r, timeout_ms, d, &src, &e);
		w_coord_done(&lease, rc == 0 ? NULL : &e);
	}
	if (rc == 0) {
		/* nothing of an earlier local attempt describes this one */
		old = jv_object_delete(old, jv_string("http_status"));
		old = jv_object_delete(old, jv_string("content_type"));
		old = jv_object_delete(old, jv_string("charset"));
		jv_object_foreach(src, k, v)
			old = jv_object_set(old, k, v);
		jv_free(src);
		*env = jv_object_set(*env, jv_string("source"), old);
		*bytes = d->len;
		return 0;
	}
	jv_free(src);
	old = jv_object_set(old, jv_string("status"),
	    jv_string(w_source_status_name(w_err_source_status(e.code))));
	*env = jv_object_set(*env, jv_string("source"), old);
	snprintf(sum, sizeof(sum), "%s failed (%s): %s", e.usage ? "request" :
	    "fetch through parallel", w_err_name(e.code), e.msg);
	*env = jv_object_set(*env, jv_string("summary"), jv_string(sum));
	*env = w_env_error(*env, &e);
	return -1;
}
