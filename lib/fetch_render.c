/*
 * fetch_render.c: the rendering step of one wfetch request
 * (fetch_render.h). The browser's DOM goes through w_doc_extract like a
 * static page; the network policy reaches the browser through the
 * render's proxy (renderproxy.h).
 */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "buf.h"
#include "charset.h"
#include "config.h"
#include "coord.h"
#include "parallel_mcp.h"
#include "fetch_render.h"
#include "hoststate.h"
#include "http.h"
#include "json.h"
#include "lock.h"
#include "run.h"

/* Cleanup after a render (killing the session) needs a moment of the
 * request's deadline. */
#define CLEANUP_MS	1000L

int
w_fetch_render_mode(const struct w_config *c, const struct w_request *r,
    enum w_render *m, struct w_err *e)
{
	jv cfg = w_config_get(c, "fetch.render");
	const char *names[2];
	int n, i, local = 0;

	*m = w_render_mode(jv_get_kind(cfg) == JV_KIND_STRING ?
	    jv_string_value(cfg) : NULL, r->render);
	if (jv_get_kind(cfg) == JV_KIND_STRING &&
	    strcmp(jv_string_value(cfg), "never") != 0) {
		if ((n = w_parallel_fetch_chain(c, names, 2, e)) == -1) {
			jv_free(cfg);
			return -1;
		}
		for (i = 0; i < n; i++)
			if (strcmp(names[i], "local") == 0)
				local = 1;
		if (!local) {
			jv_free(cfg);
			w_err_set(e, W_E_INVALID_PARAMETER, "config: fetch.render "
			    "needs the local fetch provider (only Parallel is "
			    "selected)");
			e->usage = 1;
			return -1;
		}
	}
	jv_free(cfg);
	return 0;
}

const char *
w_fetch_render_reason(const char *ctype, const struct w_doc *d,
    const struct w_err *e)
{
	char mime[80];
	int html;

	if (e->code == W_E_NONE)
		return NULL;
	w_mime_from_ctype(ctype ? ctype : "", mime, sizeof(mime));
	html = *mime ? strcmp(mime, "text/html") == 0 ||
	    strcmp(mime, "application/xhtml+xml") == 0 :
	    strcmp(d->kind, "html") == 0;
	if (!html)
		return NULL;
	if (e->code == W_E_UNUSABLE_CONTENT &&
	    jv_get_kind(d->coverage) == JV_KIND_OBJECT &&
	    w_json_bool_peek(d->coverage, "browser_recommended", 0))
		return "app_shell";
	if (e->code == W_E_EXTRACTION_FAILED)
		return "parser_failure";
	return NULL;
}

static int
admit(const struct w_fetch_ctx *ctx, const struct w_url *u, long wait_ms,
    struct w_host_lease *l, struct w_err *e)
{
	char *origin;
	int rc;

	memset(l, 0, sizeof(*l));
	if (ctx->run == NULL || !w_run_host(ctx->run, ctx->config))
		return 0;
	origin = w_url_origin(u);
	rc = w_host_admit(W_SCOPE_FETCH, origin, wait_ms, l, e);
	free(origin);
	return rc;
}

static char *
conf_str(const struct w_config *c, const char *path)
{
	jv v = w_config_get(c, path);
	char *s = jv_get_kind(v) == JV_KIND_STRING ?
	    w_strdup(jv_string_value(v)) : NULL;

	jv_free(v);
	return s;
}

static jv
render_coverage(jv cov, const char *reason, const struct w_render_res *rr,
    const struct w_err *e)
{
	if (jv_get_kind(cov) != JV_KIND_OBJECT) {
		jv_free(cov);
		cov = jv_object();
	}
	cov = w_json_set(cov, "rendered", e ? jv_false() : jv_true());
	cov = w_json_set(cov, "render_reason", jv_string(reason));
	cov = w_json_set(cov, "render_blocked", jv_number(rr->blocked));
	if (e)
		cov = w_json_set(cov, "render_error",
		    jv_string(w_err_name(e->code)));
	return cov;
}

int
w_fetch_render(const struct w_fetch_ctx *ctx, const struct w_request *req,
    const struct w_url *u,
    const char *reason, long long deadline, jv *env, struct w_doc *d,
    size_t *bytes, struct w_err *e)
{
	struct w_host_lease lease;
	struct w_render_req r;
	struct w_render_res rr;
	struct w_doc_in in;
	struct w_doc_opts o;
	char *url = w_url_format(u, 1), *cmd, *exe;
	long left = (long)(deadline - w_clock_mono_ms()) - CLEANUP_MS;
	jv src, det;
	int rc;

	memset(&rr, 0, sizeof(rr));
	/* The target passes the policy before any browser starts. */
	if (w_policy_check_url(&ctx->config->policy, u, 0, e) == -1) {
		free(url);
		return -1;
	}
	if (left < 1000) {
		free(url);
		*env = w_json_set(*env, "coverage", render_coverage(w_json_get(
		    jv_copy(*env), "coverage"), reason, &rr, e));
		return w_err_set(e, W_E_TIMEOUT, "no time left to render "
		    "within the request's deadline");
	}
	if (admit(ctx, u, left, &lease, e) == -1) {
		free(url);
		return -1;
	}
	left = (long)(deadline - w_clock_mono_ms()) - CLEANUP_MS;
	cmd = conf_str(ctx->config, "fetch.browserCommand");
	exe = conf_str(ctx->config, "fetch.browserExecutable");
	memset(&r, 0, sizeof(r));
	r.url = url;
	r.host = u->host;
	r.policy = &ctx->config->policy;
	r.command = cmd;
	r.executable = exe;
	r.budget_ms = left < W_RENDER_BUDGET_MS ? (left > 0 ? left : 1) :
	    W_RENDER_BUDGET_MS;
	rc = w_render_page(&r, &rr, e);
	w_coord_done(&lease, rc == 0 ? NULL : e);
	free(cmd);
	free(exe);
	free(url);
	det = w_json_get(jv_copy(*env), "details");
	if (jv_get_kind(det) != JV_KIND_OBJECT) {
		jv_free(det);
		det = w_json_set(w_json_set(jv_object(), "redirects",
		    jv_array()),
		    "attempts", jv_number(1));
		det = w_json_set(det, "cache_hit", jv_false());
	}
	det = w_json_set(det, "render_ms", jv_number((double)rr.duration_ms));
	det = w_json_set(det, "render_requests", jv_number(rr.requests));
	*env = w_json_set(*env, "details", det);
	if (rc == -1) {
		*env = w_json_set(*env, "coverage", render_coverage(w_json_get(
		    jv_copy(*env), "coverage"), reason, &rr, e));
		return -1;
	}
	src = w_json_get(jv_copy(*env), "source");
	src = w_json_set(src, "final_url", jv_string(rr.final_url));
	src = w_json_set(src, "content_type",
	    jv_string("text/html; charset=utf-8"));
	src = w_json_set(src, "status", jv_string("opened"));
	*env = w_json_set(*env, "source", src);
	*bytes = rr.bytes;
	memset(&in, 0, sizeof(in));
	in.bytes = rr.html;
	in.len = rr.len;
	in.url = rr.final_url;
	in.content_type = "text/html; charset=utf-8";
	in.http_status = 200;
	in.headers = jv_null();
	in.rendered = 1;
	memset(&o, 0, sizeof(o));
	o.format = req->format;
	o.page_type = req->page_type;
	/* include_links reads static HTML only (the reference). */
	w_doc_free(d);
	w_doc_init(d);
	rc = w_doc_extract(&in, &o, d, e);
	d->coverage = render_coverage(d->coverage, reason, &rr, NULL);
	if (rc == -1)
		*env = w_json_set(*env, "coverage", jv_copy(d->coverage));
	w_render_res_free(&rr);
	return rc;
}
