/*
 * fetch.c: the wfetch pipeline for one request: validation before any
 * network work, the HTTP core, challenge and status mapping, extraction
 * through the same doc.c code as wextract, views, artifacts.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "cancel.h"
#include "challenge.h"
#include "charset.h"
#include "doc.h"
#include "doccache.h"
#include "hoststate.h"
#include "coord.h"
#include "fetch.h"
#include "fetch_int.h"
#include "parallel_mcp.h"
#include "fetch_render.h"
#include "http.h"
#include "json.h"
#include "ledger.h"
#include "lock.h"
#include "policy.h"
#include "render.h"
#include "robots.h"
#include "robots_fetch.h"
#include "sha256.h"
#include "slice.h"
#include "url.h"
#include "view.h"

static const char *
ext_for(const struct w_doc *d, enum w_format f)
{
	if (d->binary)
		return strcmp(d->kind, "pdf") == 0 ? "pdf" : "bin";
	if (f == W_FMT_MARKDOWN && (strcmp(d->kind, "html") == 0 ||
	    strcmp(d->kind, "feed") == 0 || strcmp(d->kind, "markdown") == 0))
		return "md";
	if (strcmp(d->kind, "json") == 0)
		return "json";
	if (strcmp(d->kind, "xml") == 0 && f == W_FMT_RAW)
		return "xml";
	return "txt";
}

/* Keep at most keep files in dir, removing the oldest first. */
/*
 * Save d's full text; returns the path (caller frees) or NULL with *e
 * saying why (a full or read-only disk, no cache directory).
 */
static char *
save_artifact(const char *name, const struct w_url *u, const char *url,
    const struct w_doc *d, enum w_format f, struct w_err *e)
{
	char *dir = w_config_basedir(W_BASE_CACHE, NULL), hex[65];
	struct w_buf path;

	if (dir == NULL) {
		w_err_set(e, W_E_REQUEST_FAILED, "no cache directory "
		    "($XDG_CACHE_HOME or $HOME)");
		return NULL;
	}
	w_buf_init(&path, 8192);
	if (name) {
		w_buf_printf(&path, "%s/artifacts", dir);
		if (w_lock_private_dir(path.p, e) == 0)
			w_buf_printf(&path, "/%s", name);
		else
			w_buf_reset(&path);
	} else {
		w_buf_printf(&path, "%s/web", dir);
		w_sha256_hex(url, strlen(url), hex);
		hex[16] = '\0';
		if (w_lock_private_dir(path.p, e) == 0) {
			w_lock_prune_dir(path.p, NULL, 0,
			    W_FETCH_AUTO_ARTIFACTS_MAX - 1);
			w_buf_printf(&path, "/%.100s-%s.%s", u->host, hex,
			    ext_for(d, f));
		} else
			w_buf_reset(&path);
	}
	free(dir);
	/* Unlink first: ext4 flushes data synchronously when a rename
	 * replaces an existing file, and an artifact is only a cache. */
	if (path.len > 0)
		(void)unlink(path.p);
	if (path.len == 0 || w_lock_write_atomic(path.p, d->text, d->len, 0,
	    e) == -1) {
		w_buf_free(&path);
		return NULL;
	}
	return w_buf_take(&path);
}

static jv
details_of(const struct w_http_resp *resp)
{
	jv d = jv_object();

	d = w_json_set(d, "redirects", jv_copy(resp->redirects));
	d = w_json_set(d, "resolved_address", *resp->resolved ?
	    jv_string(resp->resolved) : jv_null());
	d = w_json_set(d, "duration_ms", jv_number((double)resp->duration_ms));
	d = w_json_set(d, "attempts", jv_number(resp->attempts));
	return w_json_set(d, "cache_hit", jv_false());
}

jv
w_fetch_fail(jv env, const struct w_err *e, const char *what)
{
	jv src = w_json_get(jv_copy(env), "source");
	char sum[700];

	if (jv_get_kind(src) != JV_KIND_OBJECT) {
		jv_free(src);
		src = jv_object();
	}
	src = w_json_set(src, "status", jv_string(w_source_status_name(
	    w_err_source_status(e->code))));
	env = w_json_set(env, "source", src);
	snprintf(sum, sizeof(sum), "%s failed (%s): %s", what,
	    w_err_name(e->code), e->msg);
	env = w_json_set(env, "summary", jv_string(sum));
	return w_env_error(env, e);
}

/* Whether a response is an HTML challenge or log-in page. */
static int
is_challenge(const struct w_http_resp *resp, struct w_challenge *ch)
{
	char mime[80];

	w_mime_from_ctype(resp->content_type ? resp->content_type : "", mime,
	    sizeof(mime));
	return (strcmp(mime, "text/html") == 0 ||
	    strcmp(mime, "application/xhtml+xml") == 0) && resp->body &&
	    w_challenge_classify(resp->body, resp->len, resp->status,
	    resp->headers, ch);
}

/* The HTTP core's hook: a challenge served as 5xx is not retried. */
static int
challenge_is_terminal(const struct w_http_resp *resp, void *arg)
{
	struct w_challenge ch;

	(void)arg;
	return is_challenge(resp, &ch);
}

/* Map a non-2xx response: challenge pages first, then the status. */
static int
status_error(const struct w_http_resp *resp, struct w_err *e)
{
	struct w_challenge ch;

	if (is_challenge(resp, &ch)) {
		w_err_set(e, ch.code, "%s%s%s (HTTP %d)", ch.reason,
		    ch.vendor ? ": " : "", ch.vendor ? ch.vendor : "",
		    resp->status);
		e->http_status = resp->status;
		e->retry_after_ms = resp->retry_after_ms;
		e->retry_at = resp->retry_at;
		return -1;
	}
	return w_http_status_error(resp, e);
}

/* What is left of the request's deadline (ms, at least 1). */
static long
left_ms(const struct w_fetch_ctx *ctx)
{
	long long left = ctx->deadline - w_clock_mono_ms();

	if (ctx->deadline == 0)		/* a caller that set none */
		return ctx->timeout_ms > 0 ? ctx->timeout_ms :
		    W_HTTP_TIMEOUT_MS;
	return left < 1 ? 1 : (long)left;
}

/* Host coordination (opt-in): admission for the request's origin. */
static int
host_admit(const struct w_fetch_ctx *ctx, const struct w_url *u,
    struct w_host_lease *l, struct w_err *e)
{
	struct w_coordinator *co;
	char *origin;
	int rc;

	memset(l, 0, sizeof(*l));
	if (ctx->run == NULL)
		return 0;
	if (w_run_coord(ctx->run, ctx->config, &co, e) == -1)
		return -1;
	origin = w_url_origin(u);
	rc = w_coord_admit(co, W_SCOPE_FETCH, origin, left_ms(ctx), NULL, NULL,
	    l, e);
	free(origin);
	return rc;
}

/*
 * Render instead of (always) or after (auto: static, the static
 * failure) the static fetch. An auto render that fails leaves the
 * static failure's unusable_content, saying why the render failed.
 */
static int
render_step(const struct w_fetch_ctx *ctx, const struct w_request *req,
    const struct w_url *u,
    const char *why, long long deadline, jv *env, struct w_doc *d,
    size_t *bytes, const struct w_err *stat)
{
	struct w_err e;
	char msg[sizeof(e.msg) * 2 + 64];

	w_err_clear(&e);
	if (w_fetch_render(ctx, req, u, why, deadline, env, d, bytes,
	    &e) == 0)
		return 0;
	if (stat && e.code != W_E_CANCELLED) {
		snprintf(msg, sizeof(msg), "%.200s; rendering failed (%s): "
		    "%.250s", stat->msg, w_err_name(e.code), e.msg);
		w_err_set(&e, W_E_UNUSABLE_CONTENT, "%s", msg);
	}
	*env = w_fetch_fail(*env, &e, "render");
	return -1;
}

void
w_fetch_http_req(const struct w_fetch_ctx *ctx, const struct w_request *r,
    struct w_http_req *hr)
{
	w_http_req_init(hr);
	hr->url = r->url;
	hr->headers = r->headers;
	hr->policy = &ctx->config->policy;
	hr->timeout_ms = ctx->timeout_ms;
	hr->progress = ctx->progress;
	hr->terminal = challenge_is_terminal;
}

int
w_fetch_obtain_end(const struct w_fetch_ctx *ctx, const struct w_request *r,
    const struct w_url *u, enum w_render rm, long long deadline, int rc,
    struct w_http_resp *resp, struct w_err *e, struct w_host_lease *lease,
    jv *env, struct w_doc *d, size_t *bytes)
{
	struct w_doc_in in;
	struct w_doc_opts o;
	const char *why;
	jv src;

	if (rc == 0 && (resp->status < 200 || resp->status >= 300))
		status_error(resp, e);
	else if (rc == 0 && (resp->status == 204 || resp->status == 205))
		/* success without a page: RFC 9110 15.3.5/15.3.6 give these
		 * no content, so any bytes after the head are not one */
		w_err_set(e, W_E_UNUSABLE_CONTENT, "the server answered %d "
		    "(%s): there is no page to read", resp->status,
		    resp->status == 204 ? "No Content" : "Reset Content");
	w_coord_done(lease, e->code == W_E_NONE ? NULL : e);
	rc = -1;
	src = w_json_get(jv_copy(*env), "source");
	if (resp->final_url)
		src = w_json_set(src, "final_url", jv_string(resp->final_url));
	if (resp->status)
		src = w_json_set(src, "http_status", jv_number(resp->status));
	if (resp->content_type)
		src = w_json_set(src, "content_type",
		    jv_string(resp->content_type));
	*env = w_json_set(*env, "source", src);
	*env = w_json_set(*env, "details", details_of(resp));
	*bytes = resp->len;
	if (e->code == W_E_NONE) {
		src = w_json_get(jv_copy(*env), "source");
		*env = w_json_set(*env, "source", w_json_set(src, "status",
		    jv_string("opened")));
		memset(&in, 0, sizeof(in));
		in.bytes = resp->body;
		in.len = resp->len;
		in.url = resp->final_url;
		in.content_type = resp->content_type;
		in.http_status = resp->status;
		in.headers = resp->headers;
		in.steal = &resp->body;	/* the body is ours to give away */
		memset(&o, 0, sizeof(o));
		o.format = r->format;
		o.include_links = r->include_links;
		o.page_type = r->page_type;
		o.artifact = r->artifact;
		o.binary_hint = "--artifact NAME (or the request's artifact "
		    "field) saves it byte for byte";
		rc = w_doc_extract(&in, &o, d, e);
		if (resp->truncated_body && jv_get_kind(d->coverage) ==
		    JV_KIND_OBJECT)
			d->coverage = w_json_set(d->coverage, "truncated_body",
			    jv_true());
		if (rc == -1 && jv_get_kind(d->coverage) == JV_KIND_OBJECT)
			*env = w_json_set(*env, "coverage",
			    jv_copy(d->coverage));
		if (rc == -1) {
			*env = w_view_decoded(*env, d);
			*env = w_view_meta(*env, d);
		}
		if (rc == -1 && rm == W_RENDER_AUTO && (why =
		    w_fetch_render_reason(resp->content_type, d, e)) != NULL) {
			w_http_resp_free(resp);
			return render_step(ctx, r, u, why, deadline, env, d,
			    bytes, e);
		}
	}
	if (rc == -1)
		*env = w_fetch_fail(*env, e, e->usage ? "request" : "fetch");
	w_http_resp_free(resp);
	return rc;
}

/* Fetch and extract. 0 with d filled and env's source and details set;
 * -1 with env holding the error. */
static int
obtain(const struct w_fetch_ctx *ctx, const struct w_request *r,
    const struct w_url *u, jv *env, struct w_doc *d, size_t *bytes)
{
	struct w_host_lease lease;
	struct w_http_req hr;
	struct w_http_resp resp;
	struct w_err e;
	enum w_render rm;
	long long deadline = w_clock_mono_ms() + (ctx->timeout_ms > 0 ?
	    ctx->timeout_ms : W_HTTP_TIMEOUT_MS);
	int rc;

	w_err_clear(&e);
	if (w_fetch_render_mode(ctx->config, r, &rm, &e) == -1) {
		*env = w_fetch_fail(*env, &e, "config");
		return -1;
	}
	if (rm == W_RENDER_ALWAYS)	/* browser-first, strict */
		return render_step(ctx, r, u, "always", deadline, env, d,
		    bytes, NULL);
	w_fetch_http_req(ctx, r, &hr);
	if (host_admit(ctx, u, &lease, &e) == -1) {
		*env = w_fetch_fail(*env, &e, "admission");
		return -1;
	}
	hr.timeout_ms = left_ms(ctx);	/* what the admission wait left */
	rc = w_http_fetch(&hr, &resp, &e);
	return w_fetch_obtain_end(ctx, r, u, rm, deadline, rc, &resp, &e,
	    &lease, env, d, bytes);
}

/* Content, coverage, artifacts and summary for an extracted d. */
static jv
present(const struct w_fetch_ctx *ctx, jv env, const struct w_request *r,
    const struct w_url *u,
    const struct w_doc *d, size_t bytes)
{
	const char *art = r->artifact;
	const char *url = r->url;
	char *saved = NULL, sum[900];
	struct w_err e, why;
	enum w_format f = r->format;
	int tried = 0;

	w_err_clear(&e);
	w_err_clear(&why);
	/* A code point is at most 4 bytes: a text over 4x the limit in
	 * bytes is over it in characters without counting. */
	if (art || (!d->binary && d->len > W_FETCH_AUTO_ARTIFACT_CHARS &&
	    (d->len > 4 * W_FETCH_AUTO_ARTIFACT_CHARS ||
	    w_slice_chars(d->text, d->len) > W_FETCH_AUTO_ARTIFACT_CHARS))) {
		saved = save_artifact(art, u, url, d, f, &why);
		tried = 1;
	}
	env = w_json_set(env, "coverage", w_json_set(jv_object(), "bytes",
	    jv_number((double)bytes)));
	if (d->binary) {
		/* The artifact is the whole answer: without it, an error. */
		if (saved) {
			snprintf(sum, sizeof(sum), "Saved %zu bytes of %s from "
			    "%s as %s", d->len, *d->mime ? d->mime :
			    "binary content", u->host, saved);
			env = w_json_set(env, "summary", jv_string(sum));
			env = w_json_set(env, "artifact", jv_string(saved));
		} else {
			w_err_set(&e, W_E_REQUEST_FAILED, "the artifact could "
			    "not be written: %s", why.code != W_E_NONE ?
			    why.msg : "unknown reason");
			env = w_env_error(env, &e);
			snprintf(sum, sizeof(sum), "Fetched %zu bytes of %s "
			    "from %s but could not save them: %s", d->len,
			    *d->mime ? d->mime : "binary content", u->host,
			    e.msg);
			env = w_json_set(env, "summary", jv_string(sum));
		}
		free(saved);
		return env;
	}
	env = w_view_apply(env, d, r, ctx->whole, &e);
	snprintf(sum, sizeof(sum), "Fetched %s (%s, %zu bytes, %s)%s%s",
	    u->host, *d->mime ? d->mime : "unknown type", bytes,
	    w_status_name(w_env_status_peek(env)),
	    saved ? "; full text saved as " : "", saved ? saved : "");
	if (e.code == W_E_NONE)
		env = w_json_set(env, "summary", jv_string(sum));
	else
		env = w_json_set(env, "summary", jv_string("No block of the "
		    "document matches the focus."));
	if (saved)
		env = w_json_set(env, "artifact", jv_string(saved));
	else if (tried)
		env = w_env_not_saved(env, art ? "the artifact" : "the full text",
		    &why);
	free(saved);
	return env;
}

/* Everything of d and env a cache hit needs, except the text. */
static jv
doc_meta(const struct w_doc *d, jv env, size_t bytes)
{
	jv m = jv_object();

	m = w_json_set(m, "kind", jv_string(d->kind));
	m = w_json_set(m, "mime", jv_string(d->mime));
	m = w_json_set(m, "charset", jv_string(d->charset));
	m = w_json_set(m, "replacements", jv_number((double)d->replacements));
	m = w_json_set(m, "bytes", jv_number((double)bytes));
	m = w_json_set(m, "meta", jv_copy(d->meta));
	m = w_json_set(m, "links", jv_copy(d->links));
	m = w_json_set(m, "coverage", jv_copy(d->coverage));
	m = w_json_set(m, "source", w_json_get(jv_copy(env), "source"));
	return w_json_set(m, "details", w_json_get(jv_copy(env),
	    "details"));
}

static void
copy_str(char *dst, size_t n, jv m, const char *k)
{
	const char *v = w_json_str_peek(m, k);

	snprintf(dst, n, "%s", v ? v : "");
}

/* Rebuild d (taking text) and env from a cache hit's meta (consumed). */
static size_t
doc_from_meta(struct w_doc *d, jv *env, jv m, char *text, size_t len)
{
	size_t bytes = (size_t)w_json_int_peek(m, "bytes", 0);
	jv det;

	d->text = text;
	d->len = len;
	copy_str(d->kind, sizeof(d->kind), m, "kind");
	copy_str(d->mime, sizeof(d->mime), m, "mime");
	copy_str(d->charset, sizeof(d->charset), m, "charset");
	d->replacements = (size_t)w_json_int_peek(m, "replacements", 0);
	jv_free(d->meta);
	jv_free(d->links);
	jv_free(d->coverage);
	d->meta = w_json_get(jv_copy(m), "meta");
	d->links = w_json_get(jv_copy(m), "links");
	d->coverage = w_json_get(jv_copy(m), "coverage");
	*env = w_json_set(*env, "source", w_json_get(jv_copy(m),
	    "source"));
	det = w_json_get(m, "details");
	if (jv_get_kind(det) != JV_KIND_OBJECT) {
		jv_free(det);
		det = jv_object();
	}
	*env = w_json_set(*env, "details", w_json_set(det, "cache_hit",
	    jv_true()));
	return bytes;
}

/* The document's cache identity: URL, allowed headers, extraction
 * settings and the resolved network policy. Caller frees. */
char *
w_fetch_cache_key(const struct w_fetch_ctx *ctx, const struct w_request *r)
{
	jv id = jv_object(), s;
	char *out;

	id = w_json_set(id, "url", jv_string(r->url));
	id = w_json_set(id, "headers", jv_copy(r->headers));
	id = w_json_set(id, "format", jv_string(w_format_name(r->format)));
	id = w_json_set(id, "include_links", jv_bool(r->include_links));
	id = w_json_set(id, "network", w_config_get(ctx->config, "network"));
	id = w_json_set(id, "render", w_config_get(ctx->config,
	    "fetch.render"));
	{
		enum w_render rm;
		struct w_err e;

		w_err_clear(&e);
		id = w_json_set(id, "render_mode",
		    w_fetch_render_mode(ctx->config,
		    r, &rm, &e) == 0 ? jv_string(w_render_mode_name(rm)) :
		    jv_null());
	}
	id = w_json_set(id, "provider", w_config_get(ctx->config,
	    "fetch.provider"));
	s = jv_dump_string(id, JV_PRINT_SORTED);
	out = w_strdup(jv_string_value(s));
	jv_free(s);
	return out;
}

static jv
initial_source(const struct w_request *r)
{
	jv src = jv_object();

	src = w_json_set(src, "url", jv_string(r->url));
	return w_json_set(src, "representation", jv_string("page_extract"));
}

/* Whether host is name or below it (name lowercase, no trailing dot). */
static int
host_under(const char *host, const char *name)
{
	size_t h = strlen(host), n = strlen(name);

	if (n == 0 || n > h || strcasecmp(host + h - n, name) != 0)
		return 0;
	return h == n || host[h - n - 1] == '.';
}

/*
 * fetch.sourcePolicy: hosts the deployment marks "licensed" or
 * "manualOnly" are not fetched (a listed name covers its subdomains).
 * The contract's closed code list has one code for a lawful refusal:
 * robots_denied, source.status blocked_policy; the message says which.
 */
static int
source_policy_gate(const struct w_fetch_ctx *ctx, const struct w_url *u,
    struct w_err *e)
{
	static const char *const marks[] = { "licensed", "manualOnly", NULL };
	const char *const *m;
	char path[64];
	jv list;
	int rc = 0;

	for (m = marks; *m && rc == 0; m++) {
		snprintf(path, sizeof(path), "fetch.sourcePolicy.%s", *m);
		list = w_config_get(ctx->config, path);
		if (jv_get_kind(list) == JV_KIND_ARRAY)
			jv_array_foreach(list, i, x) {
				(void)i;
				if (rc == 0 && jv_get_kind(x) ==
				    JV_KIND_STRING && host_under(u->host,
				    jv_string_value(x)))
					rc = w_err_set(e, W_E_ROBOTS_DENIED,
					    "the source policy marks %.200s "
					    "%s: not fetched (a lawful "
					    "refusal)", u->host, *m);
				jv_free(x);
			}
		jv_free(list);
	}
	return rc;
}

int
w_fetch_gated(const struct w_fetch_ctx *ctx)
{
	jv robots = w_config_get(ctx->config, "fetch.robots");
	jv sp = w_config_get(ctx->config, "fetch.sourcePolicy");
	int yes = jv_get_kind(robots) == JV_KIND_TRUE ||
	    jv_get_kind(sp) == JV_KIND_OBJECT;

	jv_free(robots);
	jv_free(sp);
	return yes;
}

/*
 * fetch.robots true: the origin's robots.txt is asked first (the robots
 * cache, fail closed as wrobots is) for the userAgent's product token
 * (else "webtools"); a refusal is robots_denied, source.status
 * blocked_policy: a lawful refusal, nothing fetched.
 */
static int
robots_gate(const struct w_fetch_ctx *ctx, const struct w_url *u,
    const char *url, struct w_err *e)
{
	struct w_robots_opts o;
	struct w_robots_fetch f;
	struct w_robots_verdict v;
	char agent[W_ROBOTS_TOKEN_MAX] = "webtools", *origin;
	jv on = w_config_get(ctx->config, "fetch.robots");
	jv ua = w_config_get(ctx->config, "userAgent");
	int rc = 0;

	if (jv_get_kind(on) != JV_KIND_TRUE) {
		jv_free(on);
		jv_free(ua);
		return 0;
	}
	memset(&o, 0, sizeof(o));
	o.policy = &ctx->config->policy;
	if (jv_get_kind(ua) == JV_KIND_STRING) {
		o.user_agent = jv_string_value(ua);
		if (w_robots_token(o.user_agent, agent, sizeof(agent)) == -1)
			snprintf(agent, sizeof(agent), "webtools");
	}
	origin = w_url_origin(u);
	w_robots_fetch(origin, &o, &f);
	if (w_robots_check(&f, agent, url, &v, NULL) == 0 && !v.allowed)
		rc = w_err_set(e, W_E_ROBOTS_DENIED, "robots.txt of %.200s "
		    "(%s) does not allow %s to fetch this URL", origin,
		    w_robots_status_name(f.status), agent);
	w_robots_fetch_free(&f);
	free(origin);
	jv_free(on);
	jv_free(ua);
	return rc;
}

/*
 * fetch.provider (lib/parallel_mcp.h): "local", "parallel" or a chain
 * of both, advancing only on the reference's list; in a chain, options
 * Parallel cannot honour skip it. 0 with d filled, -1 with env the
 * error of the last attempt.
 */
static int
obtain_chain(const struct w_fetch_ctx *ctx, const struct w_request *r,
    const struct w_url *u,
    jv *env, struct w_doc *d, size_t *bytes)
{
	const char *prov[2];
	struct w_err e;
	jv tried = jv_array(), det;
	int n, i, k, rc = -1;

	w_err_clear(&e);
	{
		enum w_render rm;

		if (w_fetch_render_mode(ctx->config, r, &rm, &e) == -1) {
			jv_free(tried);
			*env = w_fetch_fail(*env, &e, "config");
			return -1;
		}
	}
	if ((n = w_parallel_fetch_chain(ctx->config, prov, 2, &e)) == -1) {
		jv_free(tried);
		*env = w_fetch_fail(*env, &e, "config");
		return -1;
	}
	/* The target passes the policy whoever fetches it: a remote
	 * provider must never be handed a URL this host may not fetch. */
	if (w_policy_check_url(&ctx->config->policy, u, 0, &e) == -1 ||
	    source_policy_gate(ctx, u, &e) == -1 ||
	    robots_gate(ctx, u, r->url, &e) == -1) {
		jv_free(tried);
		*env = w_fetch_fail(*env, &e, e.code == W_E_ROBOTS_DENIED ?
		    "policy" : "fetch");
		return -1;
	}
	/* In a chain, options Parallel cannot honour skip it up front. */
	for (i = k = 0; i < n; i++)
		if (strcmp(prov[i], "local") == 0 || n == 1 ||
		    w_parallel_fetch_check(r, &e) == 0)
			prov[k++] = prov[i];
	for (i = 0; i < k; i++) {
		if (strcmp(prov[i], "local") == 0)
			rc = obtain(ctx, r, u, env, d, bytes);
		else
			rc = w_parallel_obtain(ctx->config, ctx->run, r,
			    left_ms(ctx), env, d, bytes);
		if (rc == 0 || i + 1 == k || !w_parallel_fetch_advance(*env))
			break;
		det = w_json_get(jv_copy(*env), "error");
		tried = jv_array_append(tried, jv_string_fmt("%s: %s", prov[i],
		    w_json_str_peek(det, "code")));
		jv_free(det);
		*env = jv_object_delete(*env, jv_string("error"));
		*env = w_env_status(*env, W_ST_OK);
		w_doc_free(d);
		w_doc_init(d);
	}
	if (n > 1) {
		det = w_json_get(jv_copy(*env), "details");
		if (jv_get_kind(det) != JV_KIND_OBJECT) {
			jv_free(det);
			det = jv_object();
		}
		*env = w_json_set(*env, "details", w_json_set(det,
		    "providers_failed",
		    tried));
	} else
		jv_free(tried);
	return rc;
}

jv
w_fetch_share(const struct w_fetch_ctx *ctx, const struct w_request *r,
    const struct w_url *u, jv env, const char *key, int rc,
    struct w_doc *d, size_t bytes)
{
	struct w_err e;

	w_err_clear(&e);
	if (rc == -1) {
		/* Our cancellation is not the waiters': they fetch alone. */
		if (key)
			w_doccache_fail(ctx->run, key, w_cancel_signal() ?
			    jv_null() : jv_copy(env));
		w_doc_free(d);
		return env;
	}
	/* A body cut short is not kept: the next request fetches again. */
	if (key && !d->binary && !w_json_bool_peek(d->coverage,
	    "truncated_body", 0))
		(void)w_doccache_put(ctx->run, key, d->text, d->len,
		    doc_meta(d, env, bytes), &e);
	else if (key)
		w_doccache_fail(ctx->run, key, jv_null());
	env = present(ctx, env, r, u, d, bytes);
	/* The run's cache is a saving, not a requirement. */
	if (e.code != W_E_NONE)
		env = w_env_not_saved(env, "the run's document cache entry", &e);
	w_doc_free(d);
	return env;
}

/* A miss: fetch, extract, and publish the result for waiting callers. */
static jv
fetch_and_share(const struct w_fetch_ctx *ctx, const struct w_request *r,
    const struct w_url *u, jv env, const char *key)
{
	struct w_doc d;
	size_t bytes = 0;
	int rc;

	w_doc_init(&d);
	rc = obtain_chain(ctx, r, u, &env, &d, &bytes);
	return w_fetch_share(ctx, r, u, env, key, rc, &d, bytes);
}

int
w_fetch_lookup(const struct w_fetch_ctx *ctx, const struct w_request *r,
    struct w_url *u, jv *env, char **key)
{
	struct w_err e;
	struct w_doc d;
	jv meta = jv_null();
	char *text = NULL;
	size_t len = 0, bytes;
	int rc = W_DC_MISS;

	w_err_clear(&e);
	*key = NULL;
	*env = w_json_set(*env, "source", initial_source(r));
	w_url_parse(r->url, u, &e);
	if (ctx->run && !ctx->nocache) {
		*key = w_fetch_cache_key(ctx, r);
		rc = w_doccache_get(ctx->run, *key, left_ms(ctx), &text, &len,
		    &meta, &e);
	}
	/* Uncached (the cache cannot be written): fetch all the same;
	 * storing fails again and the summary says why. */
	if (rc == W_DC_MISS || rc == W_DC_UNCACHED)
		return 0;
	if (rc == W_DC_SHARED_ERROR && jv_get_kind(meta) != JV_KIND_OBJECT) {
		/* uncacheable: fetch ours */
		jv_free(meta);
		free(*key);
		*key = NULL;
		return 0;
	}
	if (rc == -1) {
		*env = w_fetch_fail(*env, &e, "coordination");
	} else if (rc == W_DC_HIT) {
		w_doc_init(&d);
		bytes = doc_from_meta(&d, env, meta, text, len);
		*env = present(ctx, *env, r, u, &d, bytes);
		w_doc_free(&d);
	} else {
		jv_free(*env);
		*env = meta;
	}
	free(*key);
	*key = NULL;
	w_url_free(u);
	return 1;
}

jv
w_fetch_run(const struct w_fetch_ctx *ctx0, jv req)
{
	struct w_fetch_ctx lc = *ctx0, *ctx = &lc;
	struct w_request r;
	struct w_url u;
	struct w_err e;
	jv env = w_env_new("wfetch");
	char *key;
	int rc;

	w_err_clear(&e);
	/* One deadline: run-cache and admission waits count inside it. */
	lc.deadline = w_clock_mono_ms() + (ctx->timeout_ms > 0 ?
	    ctx->timeout_ms : W_HTTP_TIMEOUT_MS);
	env = w_json_set(env, "untrusted_fields", w_view_untrusted());
	rc = w_request_decode(W_REQ_WFETCH, req, &r, &e);
	if (rc == -1) {
		/* the URL as given, even when it is not one */
		jv url = w_json_get(jv_copy(req), "url");

		if (!jv_is_valid(url)) {
			jv_free(url);
			url = jv_null();
		}
		jv_free(req);
		w_request_free(&r);
		env = w_json_set(env, "source", w_json_set(jv_object(), "url",
		    url));
		return w_fetch_fail(env, &e, "request");
	}
	memset(&u, 0, sizeof(u));
	if (w_fetch_lookup(ctx, &r, &u, &env, &key) == 0) {
		env = fetch_and_share(ctx, &r, &u, env, key);
		free(key);
		w_url_free(&u);
	}
	w_request_free(&r);
	w_err_clear(&e);
	if (w_ledger_note_fetch(ctx->run, env, &e) == -1)
		env = w_env_not_saved(env, "the run's source ledger entry", &e);
	return env;
}

/* base's fields under r's. Consumes r. */
static jv
with_base(jv r, jv base)
{
	if (jv_get_kind(r) != JV_KIND_OBJECT)
		return r;
	jv_object_foreach(base, k, v) {
		if (!jv_object_has(jv_copy(r), jv_copy(k)))
			r = jv_object_set(r, k, v);
		else {
			jv_free(k);
			jv_free(v);
		}
	}
	return r;
}

jv
w_fetch_expand(jv input, jv base, int top)
{
	const char *tool = w_json_str_peek(input, "tool");
	jv out = jv_array(), list;
	int i, n;

	if (tool == NULL || strcmp(tool, "wsearch") != 0) {
		out = jv_array_append(out, with_base(input, base));
		return out;
	}
	list = w_json_get(jv_copy(input), top > 0 ? "results" :
	    "next_actions");
	n = jv_get_kind(list) == JV_KIND_ARRAY ?
	    jv_array_length(jv_copy(list)) : 0;
	for (i = 0; i < n && (top <= 0 || i < top); i++) {
		jv item = w_json_at(jv_copy(list), i), r;
		const char *t;

		if (top > 0) {
			const char *url = w_json_str_peek(item, "url");

			r = url ? jv_object_set(jv_object(), jv_string("url"),
			    jv_string(url)) : jv_invalid();
		} else {
			t = w_json_str_peek(item, "tool");
			r = t && strcmp(t, "wfetch") == 0 ?
			    w_json_get(jv_copy(item),
			    "arguments") : jv_invalid();
		}
		jv_free(item);
		if (jv_is_valid(r))
			out = jv_array_append(out, with_base(r, base));
		else
			jv_free(r);
	}
	jv_free(list);
	jv_free(input);
	return out;
}
