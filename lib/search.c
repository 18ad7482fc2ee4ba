/*
 * search.c: the wsearch provider chain: the provider table, the helpers
 * providers call, config semantics, and the chain itself (admission:
 * pacing, deferrals, host coordination, network policy; budget
 * reservation and refund; advance rules). Requests are read in
 * search_req.c, answers become the envelope in search_out.c.
 * Provider-independent: a provider is a struct w_provider and one line
 * in the table below.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "clock.h"
#include "buf.h"
#include "coord.h"
#include "hoststate.h"
#include "http.h"
#include "json.h"
#include "lock.h"
#include "policy.h"
#include "provider.h"
#include "results.h"
#include "run.h"
#include "search.h"
#include "search_int.h"
#include "doccache.h"
#include "ledger.h"
#include "searchcache.h"
#include "url.h"

static const char *const keyless_members[] = { "duckduckgo", "startpage",
    NULL };
static const struct w_provider p_keyless = {
	.name = "keyless", .group = keyless_members, .available = 1
};

/* The provider table: one line per provider. */
static const struct w_provider *const table[] = {
	&w_provider_parallel,
	&w_provider_ollama,
	&w_provider_searxng,
	&w_provider_codex,
	&p_keyless,
	&w_provider_duckduckgo,
	&w_provider_startpage,
	&w_provider_local,
	NULL
};
#define EXTRA_MAX	4
static const struct w_provider *extra[EXTRA_MAX];

const struct w_provider *
w_search_provider(const char *name)
{
	const struct w_provider *const *p;
	int i;

	for (p = table; *p; p++)
		if (strcmp((*p)->name, name) == 0)
			return *p;
	for (i = 0; i < EXTRA_MAX; i++)
		if (extra[i] != NULL && strcmp(extra[i]->name, name) == 0)
			return extra[i];
	return NULL;
}

void
w_search_register(const struct w_provider *p)
{
	int i;

	for (i = 0; i < EXTRA_MAX; i++)
		if (p == NULL)
			extra[i] = NULL;
		else if (extra[i] == NULL) {
			extra[i] = p;
			return;
		}
}

void
w_search_urlencode(struct w_buf *b, const char *s, int form)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~')
			w_buf_addc(b, c);
		else if (c == ' ' && form)
			w_buf_addc(b, '+');
		else {
			w_buf_addc(b, '%');
			w_buf_addc(b, hex[c >> 4]);
			w_buf_addc(b, hex[c & 15]);
		}
	}
}

jv
w_search_result(const char *title, const char *url, const char *snippet,
    const char *published)
{
	jv r = jv_object();

	r = jv_object_set(r, jv_string("title"), jv_string(title ? title : ""));
	r = jv_object_set(r, jv_string("url"), jv_string(url ? url : ""));
	r = jv_object_set(r, jv_string("snippet"),
	    jv_string(snippet ? snippet : ""));
	if (published != NULL && *published)
		r = jv_object_set(r, jv_string("published"),
		    jv_string(published));
	return r;
}

/* Call-side helpers for providers. */

int
w_search_dispatch(struct w_search_call *c, struct w_err *e)
{
	struct w_search *s = c->s;
	long long now, wait;
	int i;

	if (c->probe) {
		c->dispatches++;
		return 0;
	}
	if (!c->reserved) {
		/* Keyless engines: paced across every process of the run. */
		if (c->p->run_paced && w_run_pace(s->run, c->p->scope,
		    KEYLESS_SPACING_MS, KEYLESS_IN_FLIGHT, c->deadline,
		    e) == -1)
			return -1;
		c->paced = c->p->run_paced;
		for (i = 0; c->p->spacing_ms > 0 && i < s->npace; i++) {
			if (strcmp(s->pace[i].scope, c->p->scope) != 0)
				continue;
			now = w_clock_mono_ms();
			wait = s->pace[i].last_ms + c->p->spacing_ms - now;
			if (wait > 0 && now + wait < c->deadline)
				w_clock_sleep_ms((long)wait);
		}
		if (w_run_reserve(s->run, e) == -1)
			return -1;
		c->reserved = 1;
		for (i = 0; i < s->npace; i++)
			if (strcmp(s->pace[i].scope, c->p->scope) == 0)
				break;
		if (i == s->npace && i < CHAIN_MAX)
			s->pace[s->npace++].scope = c->p->scope;
		if (i < CHAIN_MAX)
			s->pace[i].last_ms = w_clock_mono_ms();
	} else if (w_run_dispatch(s->run, e) == -1)
		return -1;
	c->dispatches++;
	return 0;
}

int
w_search_probing(const struct w_search_call *c)
{
	return c->probe;
}

long
w_search_remaining_ms(const struct w_search_call *c)
{
	long long left = c->deadline - w_clock_mono_ms();

	return left < 1 ? 1 : (long)left;
}

void
w_search_http_init(const struct w_search_call *c, struct w_http_req *r,
    long max_ms)
{
	long left = w_search_remaining_ms(c);

	w_http_req_init(r);
	r->policy = &c->s->cfg->policy;
	r->timeout_ms = max_ms > 0 && max_ms < left ? max_ms : left;
	r->retries = 0;
	r->no_redirects = 1;
	r->max_redirects = 0;
	r->operator = c->p->operator;
}

void
w_search_note(struct w_search_call *c, const char *key, jv value)
{
	c->notes = jv_object_set(c->notes, jv_string(key), value);
}

int
w_search_alone(const struct w_search_call *c)
{
	return c->alone;
}

/* Config. */

static int	cfg_bad(struct w_err *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static int
cfg_bad(struct w_err *e, const char *fmt, ...)
{
	va_list ap;

	e->code = W_E_INVALID_PARAMETER;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	e->usage = 1;
	return -1;
}

static int
has_key(const struct w_config *cfg, const char *path)
{
	jv v = w_config_get(cfg, path);
	int yes = jv_get_kind(v) != JV_KIND_NULL;

	jv_free(v);
	return yes;
}

/* The chain "auto" stood for with this config, into b. */
static void
auto_chain(const struct w_config *cfg, struct w_buf *b)
{
	w_buf_addc(b, '[');
	if (has_key(cfg, "search.ollama"))
		w_buf_adds(b, "\"ollama\",");
	if (has_key(cfg, "search.searxng.endpoint") ||
	    has_key(cfg, "search.endpoint"))
		w_buf_adds(b, "\"searxng\",");
	w_buf_adds(b, "\"codex\",\"keyless\"]");
}

static int
name_ok(const struct w_config *cfg, const char *name, struct w_err *e)
{
	struct w_buf b;

	if (strcmp(name, "auto") == 0) {
		w_buf_init(&b, 256);
		auto_chain(cfg, &b);
		w_err_set(e, W_E_INVALID_PARAMETER, "config: search.backend "
		    "\"auto\" was removed; use %s (the previous auto order for "
		    "this configuration), or omit search.backend for the "
		    "parallel, ollama default", b.p);
		e->usage = 1;
		w_buf_free(&b);
		return -1;
	}
	if (strcmp(name, "hound") == 0)
		return cfg_bad(e, "config: search.backend \"%s\" was renamed "
		    "to \"local\" (a pure rename: local needs no endpoint)",
		    "hound");
	if (w_search_provider(name) == NULL)
		return cfg_bad(e, "config: search.backend names an unknown "
		    "provider%s", "");
	return 0;
}

/* Add name (expanding groups) to s's chain. */
static int
chain_add(struct w_search *s, const char *name, struct w_err *e)
{
	const struct w_provider *p = w_search_provider(name);
	const char *const *m;
	int i;

	if (p->group != NULL) {
		for (m = p->group; *m; m++)
			if (chain_add(s, *m, e) == -1)
				return -1;
		return 0;
	}
	for (i = 0; i < s->n; i++)
		if (s->chain[i].p == p)
			return cfg_bad(e, "config: search.backend names "
			    "\"%s\" twice (keyless includes duckduckgo and "
			    "startpage)", p->name);
	if (s->n >= CHAIN_MAX)
		return cfg_bad(e, "config: %s has too many entries",
		    "search.backend");
	s->chain[s->n++].p = p;
	return 0;
}

static int
fetch_hound(const struct w_config *cfg, struct w_err *e)
{
	jv v = w_config_get(cfg, "fetch.provider");
	int bad = 0;

	if (jv_get_kind(v) == JV_KIND_STRING)
		bad = strcmp(jv_string_value(v), "hound") == 0;
	else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		jv_array_foreach(v, i, x) {
			(void)i;
			if (jv_get_kind(x) == JV_KIND_STRING &&
			    strcmp(jv_string_value(x), "hound") == 0)
				bad = 1;
			jv_free(x);
		}
	}
	jv_free(v);
	if (bad)
		return cfg_bad(e, "config: fetch.provider \"%s\" was removed; "
		    "\"local\" is not equivalent: it keeps the classic posture "
		    "(standard retries, no robots preflight, configured render "
		    "mode honoured); select it only if that is acceptable",
		    "hound");
	return 0;
}

static int
build_chain(struct w_search *s, struct w_err *e)
{
	jv v = w_config_get(s->cfg, "search.backend");
	int rc = 0, n;

	if (jv_get_kind(v) == JV_KIND_NULL) {
		/* the default chain: config.c's one table of defaults */
		jv_free(v);
		v = w_json_get(w_json_get(w_config_defaults(), "search"),
		    "backend");
		jv_array_foreach(v, i, x) {
			(void)i;
			if (rc == 0)
				rc = chain_add(s, jv_string_value(x), e);
			jv_free(x);
		}
	} else if (jv_get_kind(v) == JV_KIND_STRING) {
		if ((rc = name_ok(s->cfg, jv_string_value(v), e)) == 0)
			rc = chain_add(s, jv_string_value(v), e);
		s->strict = s->n == 1;
	} else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		n = jv_array_length(jv_copy(v));
		if (n == 0)
			rc = cfg_bad(e, "config: %s must be a provider name or "
			    "a non-empty array", "search.backend");
		jv_array_foreach(v, i, x) {
			(void)i;
			if (rc == 0 && jv_get_kind(x) != JV_KIND_STRING)
				rc = cfg_bad(e, "config: %s must hold only "
				    "strings", "search.backend");
			if (rc == 0)
				rc = name_ok(s->cfg, jv_string_value(x), e);
			if (rc == 0)
				rc = chain_add(s, jv_string_value(x), e);
			jv_free(x);
		}
	} else
		rc = cfg_bad(e, "config: %s must be a string or an array",
		    "search.backend");
	jv_free(v);
	return rc;
}

static int
selected(const struct w_search *s, const struct w_provider *p)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->chain[i].p == p)
			return i;
	return -1;
}

int
w_search_new(const struct w_config *cfg, struct w_search **sp,
    struct w_err *e)
{
	struct w_search *s = w_calloc(1, sizeof(*s));
	const struct w_provider *const *p;
	const struct w_provider *all[16];
	int i, n = 0, at;
	void *state;

	*sp = NULL;
	s->cfg = cfg;
	s->failures = jv_array();
	s->retry = jv_object();
	if (fetch_hound(cfg, e) == -1 || build_chain(s, e) == -1) {
		w_search_free(s);
		return -1;
	}
	for (p = table; *p; p++)
		all[n++] = *p;
	for (i = 0; i < EXTRA_MAX; i++)
		if (extra[i] != NULL)
			all[n++] = extra[i];
	for (i = 0; i < n; i++) {
		if (all[i]->configure == NULL)
			continue;
		at = selected(s, all[i]);
		state = NULL;
		if (all[i]->configure(cfg, at >= 0, &state, e) == -1) {
			e->usage = 1;
			w_search_free(s);
			return -1;
		}
		if (at >= 0)
			s->chain[at].state = state;
		else if (state != NULL && all[i]->release != NULL)
			all[i]->release(state);
	}
	*sp = s;
	return 0;
}

int
w_search_config_check(const struct w_config *cfg, struct w_err *e)
{
	struct w_search *s;

	if (w_search_new(cfg, &s, e) == -1)
		return -1;
	w_search_free(s);
	return 0;
}

void
w_search_free(struct w_search *s)
{
	int i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		if (s->chain[i].state != NULL && s->chain[i].p->release)
			s->chain[i].p->release(s->chain[i].state);
	if (s->run != NULL)
		w_run_close(s->run);
	jv_free(s->failures);
	jv_free(s->retry);
	free(s);
}

/* Remember a failure for the bounded budget summary. */
static void
note_failure(struct w_search *s, const char *backend, const char *code)
{
	char one[128];
	jv str;
	int n = jv_array_length(jv_copy(s->failures)), i, dup = 0;

	snprintf(one, sizeof(one), "%s: %s", backend, code);
	for (i = 0; i < n && !dup; i++) {
		str = w_json_at(jv_copy(s->failures), i);
		dup = strcmp(jv_string_value(str), one) == 0;
		jv_free(str);
	}
	if (!dup && n < FAILURES_MAX)
		s->failures = jv_array_append(s->failures, jv_string(one));
	if (s->run != NULL)
		w_run_note_failure(s->run, one);
}

static void
note_retry(struct w_search *s, const char *backend, long ms)
{
	jv o = jv_object();
	time_t at = time(NULL) + (ms + 999) / 1000;
	char iso[32];

	o = jv_object_set(o, jv_string("retryAfterMs"), jv_number((double)ms));
	o = jv_object_set(o, jv_string("retryAt"),
	    jv_string(w_json_iso8601(at, iso, sizeof(iso))));
	s->retry = jv_object_set(s->retry, jv_string(backend), o);
}

/* While waiting for admission: give up once the budget is gone, as
 * the reservation after it would be refused anyway. */
static int
budget_gone(void *arg, struct w_err *e)
{
	return w_run_check(arg, e);
}

/* Admission for one search of p (coordination "host" or "redis"). */
static int
host_admit(struct pass *ps, const struct w_provider *p, const char *key,
    long long deadline, struct w_host_lease *l, struct w_err *e)
{
	int scope;
	long long left = deadline - w_clock_mono_ms();

	memset(l, 0, sizeof(*l));
	if ((scope = w_host_scope_named(p->scope)) < 0 ||
	    scope == W_SCOPE_FETCH)
		scope = W_SCOPE_PROVIDER;
	return w_coord_admit(ps->co, (enum w_scope)scope, key ? key : "",
	    left > 1 ? (long)left : 1, budget_gone, ps->s->run, l, e);
}

static jv
entry_new(const struct w_provider *p, const char *outcome)
{
	jv o = jv_object();

	o = jv_object_set(o, jv_string("backend"), jv_string(p->name));
	return jv_object_set(o, jv_string("outcome"), jv_string(outcome));
}

static void
entry_fail(struct pass *ps, jv *ent, const struct w_provider *p,
    const struct w_err *e)
{
	*ent = jv_object_set(*ent, jv_string("code"), jv_string(w_err_name(e->code)));
	*ent = jv_object_set(*ent, jv_string("message"), jv_string(e->msg));
	ps->last = *e;
	if (e->code != W_E_RATE_LIMITED &&
	    e->code != W_E_HTTP_429) {
		ps->last.retry_after_ms = -1;
		ps->last.retry_at = 0;
	}
	ps->nfail++;
	note_failure(ps->s, p->name, w_err_name(e->code));
}

/*
 * A call's deadline: the pass's, capped by the provider's stage budget
 * counted from the call's start, the first call's from the request's
 * start (the run-cache wait counts inside it).
 */
static long long
stage_deadline(struct pass *ps, const struct w_provider *p, int alone)
{
	long budget = alone ? p->alone_ms : p->stage_ms;
	long long start = ps->calls++ == 0 ? ps->started : w_clock_mono_ms();

	if (budget <= 0 || start + budget > ps->deadline)
		return ps->deadline;
	return start + budget;
}

/* A coverage entry for a provider that was skipped before dispatch. */
static void
skipped(struct pass *ps, const struct w_provider *p, const struct w_err *e)
{
	jv ent = entry_new(p, "skipped");

	ent = jv_object_set(ent, jv_string("code"),
	    jv_string(w_err_name(e->code)));
	ent = jv_object_set(ent, jv_string("message"), jv_string(e->msg));
	if (e->code == W_E_UNSUPPORTED_COUNTRY_FILTER)
		ps->nskip_country++;
	ps->last = *e;
	ps->nfail++;
	ps->backends = jv_array_append(ps->backends, ent);
}

/*
 * Everything before a provider's first dispatch: availability, the run's
 * deferrals, filters, eligibility, earlier refusals and the network
 * policy on every target. 0 when it may be asked (targets filled), 1 when
 * its coverage entry is already written.
 */
static int
preflight(struct pass *ps, struct slot *sl, const char **targets)
{
	const struct w_provider *p = sl->p;
	struct w_search *s = ps->s;
	struct w_err e;
	jv ent, info;
	int i, rc;

	w_err_clear(&e);
	if (!p->available) {
		ent = entry_new(p, "not_available");
		w_err_set(&e, W_E_BACKEND_UNAVAILABLE, "%s is not available "
		    "in this build", p->name);
		entry_fail(ps, &ent, p, &e);
		ps->backends = jv_array_append(ps->backends, ent);
		return 1;
	}
	if (w_run_is_deferred(s->run, p->name)) {
		info = w_json_get(jv_copy(s->retry), p->name);
		ent = entry_new(p, "cooldown");
		ps->cooldown = jv_array_append(ps->cooldown,
		    jv_string(p->name));
		w_err_set(&e, W_E_RATE_LIMITED, "%s is deferred for the rest of "
		    "this run after a rate limit", p->name);
		if (jv_get_kind(info) == JV_KIND_OBJECT)
			e.retry_after_ms = w_json_int_peek(info,
			    "retryAfterMs", -1);
		jv_free(info);
		ent = jv_object_set(ent, jv_string("code"),
		    jv_string(w_err_name(e.code)));
		ps->last = e;
		ps->nfail++;
		ps->backends = jv_array_append(ps->backends, ent);
		return 1;
	}
	if (ps->r->q.country[0] && p->filters.country == W_FS_NONE)
		w_err_set(&e, W_E_UNSUPPORTED_COUNTRY_FILTER, "%s has no "
		    "per-call country transport; it was skipped rather than "
		    "queried without the requested country", p->name);
	else if (p->eligible != NULL)
		(void)p->eligible(sl->state, &ps->r->q, &e);
	if (e.code == W_E_NONE && (ps->refused & (1u << (sl - s->chain))))
		w_err_set(&e, W_E_ROBOTS_DENIED, "%s was refused earlier",
		    p->name);
	if (e.code != W_E_NONE) {
		skipped(ps, p, &e);
		return 1;
	}
	if (p->targets != NULL)
		p->targets(sl->state, targets);
	for (i = 0, rc = 0; targets[i] != NULL && rc == 0; i++) {
		struct w_url u;

		if ((rc = w_url_parse(targets[i], &u, &e)) == 0) {
			rc = w_policy_check_url(&s->cfg->policy, &u,
			    p->operator, &e);
			w_url_free(&u);
		}
	}
	if (rc == -1) {
		ent = entry_new(p, "denied");
		entry_fail(ps, &ent, p, &e);
		ps->backends = jv_array_append(ps->backends, ent);
		return 1;
	}
	return 0;
}

/* Admission was refused: the entry says why (coordination stops the
 * pass). */
static void
not_admitted(struct pass *ps, const struct w_provider *p, jv *ent,
    struct w_err *e)
{
	if (e->code == W_E_RATE_LIMITED) {
		*ent = jv_object_set(*ent, jv_string("outcome"),
		    jv_string("cooldown"));
		ps->cooldown = jv_array_append(ps->cooldown,
		    jv_string(p->name));
		if (e->retry_after_ms >= 0)
			note_retry(ps->s, p->name, e->retry_after_ms);
		entry_fail(ps, ent, p, e);
	} else if (e->code == W_E_COORDINATION_UNAVAILABLE ||
	    e->code == W_E_SEARCH_BUDGET_EXHAUSTED ||
	    e->code == W_E_CANCELLED) {
		ps->stop = 1;
		ps->stop_err = *e;
		*ent = jv_object_set(*ent, jv_string("outcome"),
		    jv_string("stopped"));
	} else {
		*ent = jv_object_set(*ent, jv_string("outcome"),
		    jv_string("failed"));
		entry_fail(ps, ent, p, e);
	}
}

/* A failed dispatch: stop, defer or note, and write the entry. */
static void
dispatch_failed(struct pass *ps, struct slot *sl, jv *ent, struct w_err *e)
{
	const struct w_provider *p = sl->p;
	long ms;

	if (e->code == W_E_SEARCH_BUDGET_EXHAUSTED ||
	    e->code == W_E_COORDINATION_UNAVAILABLE ||
	    e->code == W_E_CANCELLED) {
		ps->stop = 1;
		ps->stop_err = *e;
		*ent = jv_object_set(*ent, jv_string("outcome"),
		    jv_string("stopped"));
		*ent = jv_object_set(*ent, jv_string("code"),
		    jv_string(w_err_name(e->code)));
		return;
	}
	if (e->code == W_E_RATE_LIMITED) {
		ms = e->retry_after_ms >= 0 ? e->retry_after_ms : COOLDOWN_MS;
		w_run_defer(ps->s->run, p->name, ms);
		note_retry(ps->s, p->name, ms);
		ps->rate_limited = 1;
		if (e->retry_after_ms < 0)
			e->retry_after_ms = ms;
		if (e->retry_at == 0)
			e->retry_at = time(NULL) + (ms + 999) / 1000;
	}
	if (e->code == W_E_ROBOTS_DENIED && p->refusal_sticks)
		ps->refused |= 1u << (sl - ps->s->chain);
	*ent = jv_object_set(*ent, jv_string("outcome"),
	    jv_string(e->code == W_E_RATE_LIMITED ? "rate_limited" :
	    "failed"));
	entry_fail(ps, ent, p, e);
}

/*
 * One dispatch of query under host admission: 0 when answered (the
 * accepted results appended to ps->lists), -1 when it failed and -2 when
 * admission was refused (nothing sent); the entry then says why.
 */
static int
dispatch(struct pass *ps, struct slot *sl, const char *query,
    const char *target, jv *ent, struct tally *t)
{
	const struct w_provider *p = sl->p;
	struct w_search_call c;
	struct w_host_lease lease;
	struct w_err e;
	jv raw = jv_null();
	int rc;

	memset(&c, 0, sizeof(c));
	c.s = ps->s;
	c.p = p;
	c.alone = ps->s->n == 1;
	c.deadline = stage_deadline(ps, p, c.alone);
	w_err_clear(&e);
	if (host_admit(ps, p, target, c.deadline, &lease, &e) == -1) {
		not_admitted(ps, p, ent, &e);
		return -2;
	}
	c.notes = jv_object();
	rc = p->search(sl->state, &c, &ps->r->q, query, &raw, &e);
	if (rc == -1 && e.code == W_E_NONE)
		w_err_set(&e, W_E_BACKEND_UNAVAILABLE, "%s failed", p->name);
	w_coord_done(&lease, rc == 0 ? NULL : &e);
	if (c.paced)
		w_run_pace_done(ps->s->run, p->scope);
	if (c.reserved)
		w_run_settle(ps->s->run, rc == 0);
	*ent = jv_object_set(*ent, jv_string("dispatches"),
	    jv_number(w_json_int_peek(*ent, "dispatches", 0) + c.dispatches));
	if (jv_object_length(jv_copy(c.notes)) > 0)
		*ent = jv_object_set(*ent, jv_string("notes"), c.notes);
	else
		jv_free(c.notes);
	if (rc == -1) {
		jv_free(raw);
		dispatch_failed(ps, sl, ent, &e);
		return -1;
	}
	ps->answered = 1;
	raw = w_search_accept(&ps->r->q, p, query, raw, t);
	if (jv_array_length(jv_copy(raw)) > 0) {
		ps->relevant += jv_array_length(jv_copy(raw));
		ps->lists = jv_array_append(ps->lists, raw);
	} else
		jv_free(raw);
	return 0;
}

/* The entry of a provider that answered at least once. */
static jv
answered(struct pass *ps, const struct w_provider *p, jv ent,
    const struct tally *t)
{
	const char *outcome = t->accepted > 0 ? "ok" : t->raw == 0 ?
	    "empty" : t->outside + t->excluded > t->irrelevant ?
	    "out_of_domain" : "irrelevant";

	if (w_json_str_peek(ent, "code") == NULL)
		ent = jv_object_set(ent, jv_string("outcome"),
		    jv_string(outcome));
	ent = jv_object_set(ent, jv_string("results"), jv_number(t->raw));
	ent = jv_object_set(ent, jv_string("accepted"),
	    jv_number(t->accepted));
	if (t->irrelevant)
		ent = jv_object_set(ent, jv_string("irrelevant"),
		    jv_number(t->irrelevant));
	if (t->outside + t->excluded)
		ent = jv_object_set(ent, jv_string("out_of_domain"),
		    jv_number(t->outside + t->excluded));
	if (t->accepted > 0 && ps->answering == NULL)
		ps->answering = p;
	return ent;
}

/* Run one provider's stage: preflight, then its queries until results. */
static void
stage(struct pass *ps, struct slot *sl)
{
	const struct w_provider *p = sl->p;
	const char *queries[4], *targets[5] = { NULL };
	struct tally t;
	jv ent;
	int nq, i, rc, ok = 0, sent = 0;

	if (preflight(ps, sl, targets) != 0)
		return;
	if (ps->first_tried == NULL)
		ps->first_tried = p;
	nq = 1;
	queries[0] = ps->r->q.query;
	for (i = 0; !p->batches && i < ps->r->q.nalts; i++)
		queries[nq++] = ps->r->q.alts[i];
	ent = entry_new(p, "empty");
	memset(&t, 0, sizeof(t));
	for (i = 0; i < nq && ps->relevant == 0; i++) {
		rc = dispatch(ps, sl, queries[i], p->operator ? targets[0] :
		    "", &ent, &t);
		if (rc != -2)	/* -2: admission refused, nothing sent */
			sent++;
		if (rc != 0)
			break;
		ok = 1;
	}
	ent = jv_object_set(ent, jv_string("queries"), jv_number(sent));
	if (ok)
		ent = answered(ps, p, ent, &t);
	ps->backends = jv_array_append(ps->backends, ent);
}

static jv
run_pass(struct pass *ps)
{
	struct w_search *s = ps->s;
	jv env = w_env_new("wsearch"), results;
	struct w_err e;
	int i, lossy = 0, n;
	char sum[256];

	for (i = 0; i < s->n && !ps->stop && ps->relevant == 0; i++)
		stage(ps, &s->chain[i]);
	if (ps->stop) {
		env = w_search_budget_env(ps, env);
		env = jv_object_set(env, jv_string("coverage"),
		    w_search_coverage(ps));
		return jv_object_set(env, jv_string("untrusted_fields"),
		    w_search_untrusted());
	}
	if (ps->relevant > 0) {
		results = w_search_rank(ps, &lossy);
		n = jv_array_length(jv_copy(results));
		snprintf(sum, sizeof(sum), "%d result%s from %s%s; snippets "
		    "are leads: read the strongest with wfetch.", n,
		    n == 1 ? "" : "s", ps->answering->name, lossy ?
		    " (output bounded: some snippets or results were cut)" :
		    "");
		env = jv_object_set(env, jv_string("summary"), jv_string(sum));
		if (lossy)
			env = w_env_status(env, W_ST_PARTIAL);
		env = jv_object_set(env, jv_string("next_actions"),
		    w_search_actions(s->cfg, jv_copy(results)));
		env = jv_object_set(env, jv_string("results"), results);
	} else if (ps->answered) {
		env = jv_object_set(env, jv_string("summary"),
		    jv_string("No results."));
		env = jv_object_set(env, jv_string("results"), jv_array());
	} else {
		w_search_final_error(ps, &e);
		env = w_env_error(env, &e);
		if (e.code == W_E_RATE_LIMITED) {
			jv err = w_json_get(jv_copy(env),
			    "error");

			/* deferred for the rest of the run: do not wait */
			err = jv_object_set(err, jv_string("retryInRun"),
			    jv_false());
			env = jv_object_set(env, jv_string("error"), err);
		}
		snprintf(sum, sizeof(sum), "Search failed: %s.",
		    w_err_name(e.code));
		env = jv_object_set(env, jv_string("summary"), jv_string(sum));
		env = jv_object_set(env, jv_string("results"), jv_array());
	}
	env = jv_object_set(env, jv_string("coverage"), w_search_coverage(ps));
	if (ps->relevant > 0) {
		jv cov = w_json_get(jv_copy(env), "coverage");

		cov = jv_object_set(cov, jv_string("truncated"),
		    jv_bool(lossy));
		env = jv_object_set(env, jv_string("coverage"), cov);
	}
	return jv_object_set(env, jv_string("untrusted_fields"),
	    w_search_untrusted());
}

static jv
usage_envelope(struct w_err *e)
{
	jv env = w_env_new("wsearch");

	e->usage = 1;
	env = w_env_error(env, e);
	return jv_object_set(env, jv_string("summary"),
	    jv_string("Invalid request: nothing was sent."));
}

/*
 * Identical searches in flight in one run share one provider request
 * through the run's in-flight markers (lib/doccache.h): the first owns
 * the marker, the others wait (bounded by the search deadline) for its
 * envelope. 0: we own the marker (*skey set, end it with share_end);
 * 1: *env is the owner's answer; 2: go on alone.
 */
static int
share_wait(struct w_search *s, const char *key, long long deadline,
    char **skey, jv *env)
{
	struct w_buf b;
	struct w_err e;
	char *text = NULL;
	size_t len;
	jv meta = jv_null();
	long wait = (long)(deadline - w_clock_mono_ms());
	int rc;

	*skey = NULL;
	if (w_run_private(s->run) || wait <= 0)
		return 2;
	w_buf_init(&b, 16384 + strlen(key));
	w_buf_printf(&b, "wsearch in flight\n%s", key);
	w_err_clear(&e);
	rc = w_doccache_get(s->run, b.p, wait, &text, &len, &meta, &e);
	free(text);
	if (rc == W_DC_MISS) {
		*skey = w_buf_take(&b);
		jv_free(meta);
		return 0;
	}
	w_buf_free(&b);
	if (rc == W_DC_SHARED_ERROR && w_json_str_peek(meta, "tool") != NULL &&
	    strcmp(w_json_str_peek(meta, "tool"), "wsearch") == 0) {
		*env = meta;
		return 1;
	}
	jv_free(meta);
	return 2;
}

/* End our marker with env (borrowed) for the callers waiting on it. */
static void
share_end(struct w_search *s, char *skey, jv env)
{
	jv err = jv_get_kind(env) == JV_KIND_OBJECT ?
	    w_json_get(jv_copy(env), "error") : jv_null();
	const char *code = w_json_str_peek(err, "code");

	/* Our cancellation is not the waiters', nor is an answer that
	 * came from elsewhere (null): they go on alone. */
	if (skey != NULL)
		w_doccache_fail(s->run, skey, jv_get_kind(env) !=
		    JV_KIND_OBJECT || (code != NULL && strcmp(code,
		    "cancelled") == 0) ? jv_null() : jv_copy(env));
	jv_free(err);
	free(skey);
}

/* The envelope a waiting caller prints: an answer as from the cache
 * (fresh budget and actions), a failure as the owner saw it. */
static jv
shared_env(struct w_search *s, jv env)
{
	jv d;

	if (w_env_status_peek(env) == W_ST_OK ||
	    w_env_status_peek(env) == W_ST_PARTIAL)
		env = w_search_from_cache(s, env);
	d = w_json_get(jv_copy(env), "details");
	if (jv_get_kind(d) != JV_KIND_OBJECT) {
		jv_free(d);
		d = jv_object();
	}
	d = jv_object_set(d, jv_string("shared_in_flight"), jv_true());
	return jv_object_set(env, jv_string("details"), d);
}

/*
 * The run (opened once) and its coordinator into *co: jv_invalid() when
 * ready, else the envelope saying why not (nothing was sent).
 */
static jv
coordinator(struct w_search *s, struct w_coordinator **co)
{
	struct w_err e;
	jv env;

	if (!s->run_tried) {
		s->run_tried = 1;
		w_err_clear(&s->run_err);
		if (w_run_open(&s->run, w_config_int(s->cfg,
		    "search.maxRequestsPerRun", 0), &s->run_err) == -1)
			s->run = NULL;
	}
	if (s->run == NULL) {
		env = w_env_error(w_env_new("wsearch"), &s->run_err);
		return jv_object_set(env, jv_string("summary"),
		    jv_string("Run coordination is unavailable: nothing was "
		    "sent."));
	}
	w_err_clear(&e);
	if (w_run_coord(s->run, s->cfg, co, &e) == -1) {
		env = w_env_error(w_env_new("wsearch"), &e);
		return jv_object_set(env, jv_string("summary"),
		    jv_string("Coordination is unavailable: nothing was "
		    "sent."));
	}
	return jv_invalid();
}

/* One pass through the chain for r, its answer cached under key. */
static jv
search_fresh(struct w_search *s, struct req *r, struct w_coordinator *co,
    const char *key, long long deadline)
{
	struct pass ps;
	jv env;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.r = r;
	ps.backends = jv_array();
	ps.lists = jv_array();
	ps.cooldown = jv_array();
	ps.deadline = deadline;
	ps.started = deadline - W_SEARCH_DEADLINE_MS;
	ps.co = co;
	env = run_pass(&ps);
	env = w_search_to_cache(co, key, env);
	jv_free(ps.backends);
	jv_free(ps.lists);
	jv_free(ps.cooldown);
	return env;
}

jv
w_search_run(struct w_search *s, jv req)
{
	struct w_coordinator *co;
	struct req r;
	struct w_err e;
	long long deadline = w_clock_mono_ms() + W_SEARCH_DEADLINE_MS;
	jv env, hit;
	char *key, *skey = NULL;
	int rc, claimed = 0;

	w_err_clear(&e);
	if (w_search_req_parse(req, &r, &e) == -1) {
		jv_free(req);
		w_search_req_free(&r);
		return usage_envelope(&e);
	}
	jv_free(req);
	env = coordinator(s, &co);
	if (jv_is_valid(env)) {
		w_search_req_free(&r);
		return env;
	}
	key = w_search_cache_key(s, &r);
	rc = w_coord_cache_get(co, key, &hit, &e);
	/* Miss: an identical search in flight in this run answers us,
	 * failures included (the run's markers); else claim the search, or
	 * wait for one in flight elsewhere (another machine too, under
	 * redis) and reuse its answer. */
	if (rc == 0) {
		jv_free(hit);
		hit = jv_null();
		if (share_wait(s, key, deadline, &skey, &env) == 1) {
			free(key);
			w_search_req_free(&r);
			return shared_env(s, env);
		}
		rc = w_coord_cache_claim(co, key, W_SEARCH_DEADLINE_MS, &hit,
		    &e);
		claimed = rc == 1;
		rc = rc == 2 ? 1 : rc == -1 ? -1 : 0;
	}
	if (rc != 0) {
		share_end(s, skey, jv_null());
		free(key);
		w_search_req_free(&r);
		if (rc == 1) {
			env = w_search_from_cache(s, hit);
			w_err_clear(&e);
			if (w_ledger_note_search(s->run, env, &e) == -1)
				env = w_env_not_saved(env, "the run's source "
				    "ledger entries", &e);
			return env;
		}
		jv_free(hit);
		env = w_env_error(w_env_new("wsearch"), &e);
		return jv_object_set(env, jv_string("summary"),
		    jv_string(e.code == W_E_COORDINATION_UNAVAILABLE &&
		    w_coord_kind_of(co) == W_COORD_KIND_REDIS ?
		    "Coordination is unavailable: nothing was sent." :
		    "The search cache is unsafe: nothing was sent."));
	}
	jv_free(hit);
	env = search_fresh(s, &r, co, key, deadline);
	if (claimed)
		w_coord_cache_unclaim(co, key);
	share_end(s, skey, env);
	w_err_clear(&e);
	if (w_ledger_note_search(s->run, env, &e) == -1)
		env = w_env_not_saved(env, "the run's source ledger entries", &e);
	free(key);
	w_search_req_free(&r);
	return env;
}

/* One provider's probe as a doctor check {check, status, detail}. */
static jv
probe_one(struct w_search *s, struct slot *sl, long timeout_ms)
{
	struct w_search_call c;
	struct w_search_req q;
	struct w_err e;
	char detail[640];
	jv raw = jv_null(), o = jv_object();
	int rc;

	memset(&c, 0, sizeof(c));
	memset(&q, 0, sizeof(q));
	c.s = s;
	c.p = sl->p;
	c.alone = 1;
	c.probe = 1;
	c.deadline = w_clock_mono_ms() + timeout_ms;
	c.notes = jv_object();
	q.query = W_SEARCH_PROBE;
	q.limit = 1;
	w_err_clear(&e);
	rc = sl->p->search(sl->state, &c, &q, q.query, &raw, &e);
	if (rc == 0)
		snprintf(detail, sizeof(detail), "%s (%d result%s, %ld ms)",
		    sl->p->probe_ready ? "ready" : "answered",
		    jv_get_kind(raw) == JV_KIND_ARRAY ?
		    jv_array_length(jv_copy(raw)) : 0,
		    jv_get_kind(raw) == JV_KIND_ARRAY &&
		    jv_array_length(jv_copy(raw)) == 1 ? "" : "s",
		    (long)(timeout_ms - (c.deadline - w_clock_mono_ms())));
	else
		snprintf(detail, sizeof(detail), "%s: %s", e.code ?
		    w_err_name(e.code) : "backend_unavailable", e.msg);
	jv_free(raw);
	jv_free(c.notes);
	o = jv_object_set(o, jv_string("check"), jv_string_fmt("%s liveness",
	    sl->p->name));
	o = jv_object_set(o, jv_string("status"), jv_string(rc == 0 ? "ok" :
	    "FAIL"));
	return jv_object_set(o, jv_string("detail"), jv_string(detail));
}

jv
w_search_liveness(const struct w_config *cfg, long timeout_ms, int *failed)
{
	struct w_search *s;
	struct w_err e;
	jv list = jv_array(), one;
	int i;

	w_err_clear(&e);
	if (w_search_new(cfg, &s, &e) == -1)
		return list;
	for (i = 0; i < s->n; i++) {
		if (!s->chain[i].p->live || !s->chain[i].p->available)
			continue;
		one = probe_one(s, &s->chain[i], timeout_ms);
		if (strcmp(w_json_str_peek(one, "status"), "ok") != 0)
			*failed = 1;
		list = jv_array_append(list, one);
	}
	w_search_free(s);
	return list;
}
