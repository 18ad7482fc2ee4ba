/*
 * robots_env.c: wrobots' envelopes as JSON text (robots_env.h).
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"
#include "jsonw.h"
#include "robots_env.h"

#define PATTERN_OUT_MAX	1024		/* pattern bytes reported */
#define SITEMAP_OUT_MAX	2048		/* bytes of one sitemap URL */
#define SITEMAPS_MAX	50		/* sitemaps reported */

/* "group" of the selection, then "sitemaps" of the file. */
static void
put_group_maps(struct w_buf *b, const struct w_robots_origin *o)
{
	size_t i, n;
	int line;

	w_jsonw_key(b, "group");
	if (o->sel == NULL || !w_robots_agent_matched(o->sel))
		w_buf_adds(b, "null");
	else {
		n = w_robots_agent_nlines(o->sel);
		w_buf_addc(b, '{');
		w_jsonw_key(b, "user_agents");
		w_buf_addc(b, '[');
		for (i = 0; i < n; i++) {
			if (i > 0)
				w_buf_addc(b, ',');
			w_jsonw_cstr(b, w_robots_agent_line(o->sel, i, &line));
		}
		w_buf_addc(b, ']');
		w_jsonw_key(b, "lines");
		w_buf_addc(b, '[');
		for (i = 0; i < n; i++) {
			w_robots_agent_line(o->sel, i, &line);
			if (i > 0)
				w_buf_addc(b, ',');
			w_jsonw_int(b, line);
		}
		w_buf_addc(b, ']');
		w_jsonw_key(b, "global");
		w_jsonw_bool(b, w_robots_agent_global(o->sel));
		w_buf_addc(b, '}');
	}
	w_jsonw_key(b, "sitemaps");
	w_buf_addc(b, '[');
	n = o->f.rules ? w_robots_nsitemaps(o->f.rules) : 0;
	for (i = 0; i < n && i < SITEMAPS_MAX; i++) {
		const char *sm = w_robots_sitemap(o->f.rules, i);
		size_t len = strlen(sm);

		if (i > 0)
			w_buf_addc(b, ',');
		w_jsonw_str(b, sm, len > SITEMAP_OUT_MAX ? SITEMAP_OUT_MAX :
		    len);
	}
	w_buf_addc(b, ']');
}

/* o->mid runs from "group" to the opening of source.url, o->tail closes
 * "source". */
void
w_robots_env_describe(struct w_robots_origin *o, const char *file)
{
	struct w_buf b;
	double d;

	w_buf_init(&b, W_ROBOTS_ENV_MAX);
	w_buf_addc(&b, '-');	/* so that the first key has its comma */
	put_group_maps(&b, o);
	w_jsonw_key(&b, "crawl_delay");
	d = o->sel ? w_robots_agent_crawl_delay(o->sel) : -1;
	if (d >= 0)
		w_buf_printf(&b, "%.15g", d);
	else
		w_buf_adds(&b, "null");
	w_jsonw_key(&b, "robots_status");
	w_jsonw_cstr(&b, w_robots_status_name(o->f.status));
	w_jsonw_key(&b, "cache_hit");
	w_jsonw_bool(&b, o->f.cache_hit);
	w_jsonw_key(&b, "source");
	w_buf_addc(&b, '{');
	w_jsonw_key(&b, "url");
	free(o->mid);
	o->mid = w_strdup(b.p + 1);
	w_buf_reset(&b);
	w_buf_addc(&b, '-');
	if (file != NULL) {
		w_jsonw_key(&b, "robots_file");
		w_jsonw_cstr(&b, file);
	} else {
		w_jsonw_key(&b, "robots_url");
		w_jsonw_cstr(&b, o->f.robots_url);
		if (o->f.final_url != NULL &&
		    strcmp(o->f.final_url, o->f.robots_url) != 0) {
			w_jsonw_key(&b, "final_url");
			w_jsonw_cstr(&b, o->f.final_url);
		}
		if (o->f.http_status > 0) {
			w_jsonw_key(&b, "http_status");
			w_jsonw_int(&b, o->f.http_status);
		}
	}
	w_buf_addc(&b, '}');
	free(o->tail);
	o->tail = w_strdup(b.p + 1);
	w_buf_free(&b);
}

/* The host-written summary of a verdict (never page text) into s. */
static void
explain(const struct w_robots_origin *o, const struct w_robots_verdict *v,
    struct w_buf *s)
{
	const struct w_robots_fetch *f = &o->f;

	w_buf_reset(s);
	if (!w_robots_status_ok(f->status))
		w_buf_printf(s, "disallowed, failing closed: robots.txt is "
		    "%s: %s", w_robots_status_name(f->status), f->why.msg);
	else if (f->status == W_ROBOTS_MISSING)
		w_buf_printf(s, "allowed: robots.txt is missing (HTTP %d)",
		    f->http_status);
	else if (v->implicit)
		w_buf_adds(s, "allowed: /robots.txt is always allowed");
	else if (v->line == 0) {
		w_buf_adds(s, "allowed for ");
		w_buf_adds(s, o->agent);
		w_buf_adds(s, ": no rule matches");
	} else {
		w_buf_adds(s, v->allowed ? "allowed for " : "disallowed for ");
		w_buf_adds(s, o->agent);
		w_buf_adds(s, v->allow_rule ? " by the allow rule on line " :
		    " by the disallow rule on line ");
		w_jsonw_int(s, v->line);
	}
	/* A cache that cannot be written does not change the verdict. */
	if (f->cache_why.code != W_E_NONE)
		w_buf_printf(s, "; the robots.txt cache entry could not be "
		    "saved (%s)", f->cache_why.msg);
}

static void
put_error(struct w_buf *b, const struct w_robots_origin *o, const char *sum)
{
	const struct w_err *why = &o->f.why;
	int closed = !w_robots_status_ok(o->f.status);

	w_jsonw_key(b, "error");
	w_buf_adds(b, "{\"code\":\"robots_denied\",\"message\":");
	w_jsonw_cstr(b, sum);
	w_jsonw_key(b, "retryable");
	w_jsonw_bool(b, closed && why->retryable);
	if (closed && why->retry_after_ms >= 0) {
		w_jsonw_key(b, "retry_after_ms");
		w_jsonw_int(b, why->retry_after_ms);
	}
	w_buf_addc(b, '}');
	if (!closed)
		return;
	w_jsonw_key(b, "details");
	w_buf_adds(b, "{\"robots_error\":{\"code\":");
	w_jsonw_cstr(b, why->code != W_E_NONE ? w_err_name(why->code) :
	    "request_failed");
	w_jsonw_key(b, "message");
	w_jsonw_cstr(b, why->msg);
	if (why->http_status > 0) {
		w_jsonw_key(b, "http_status");
		w_jsonw_int(b, why->http_status);
	}
	w_buf_adds(b, "}}");
}

int
w_robots_env_answer(struct w_buf *b, struct w_buf *sum,
    const struct w_robots_origin *o, const char *url,
    const struct w_robots_verdict *v)
{
	explain(o, v, sum);
	w_buf_reset(b);
	w_buf_adds(b, v->allowed ? "{\"tool\":\"wrobots\",\"status\":\"ok\","
	    "\"summary\":" : "{\"tool\":\"wrobots\",\"status\":\"blocked\","
	    "\"summary\":");
	w_jsonw_str(b, sum->p, sum->len);
	w_buf_adds(b, v->allowed ? ",\"allowed\":true,\"agent\":" :
	    ",\"allowed\":false,\"agent\":");
	w_jsonw_cstr(b, o->agent);
	w_buf_adds(b, ",\"rule\":");
	if (v->pattern != NULL) {
		size_t n = strlen(v->pattern);

		w_buf_adds(b, v->allow_rule ? "{\"directive\":\"allow\","
		    "\"pattern\":" : "{\"directive\":\"disallow\","
		    "\"pattern\":");
		w_jsonw_str(b, v->pattern, n > PATTERN_OUT_MAX ?
		    PATTERN_OUT_MAX : n);
		w_jsonw_key(b, "line");
		w_jsonw_int(b, v->line);
		w_buf_addc(b, '}');
	} else
		w_buf_adds(b, "null");
	w_buf_adds(b, o->mid);
	w_jsonw_cstr(b, url);
	w_buf_adds(b, o->tail);
	if (!v->allowed)
		put_error(b, o, sum->p);
	w_buf_adds(b, ",\"untrusted_fields\":[\"rule.pattern\","
	    "\"group.user_agents\",\"sitemaps\"]}");
	return v->allowed ? W_EXIT_OK : W_EXIT_BLOCKED;
}
