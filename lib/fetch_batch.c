/*
 * fetch_batch.c: many wfetch requests at once (wfetch -P). Each request
 * is a job; a miss of the local provider becomes one transfer of a
 * shared libcurl multi (lib/http.h), admitted per origin without
 * blocking the others; everything else (validation, cache hits, remote
 * providers, extraction) runs as in w_fetch_run (fetch.c, through
 * fetch_int.h). At most n jobs are open (started and not yet emitted),
 * which bounds the bodies, documents and envelopes held at once.
 */
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "clock.h"
#include "cancel.h"
#include "coord.h"
#include "doc.h"
#include "doccache.h"
#include "fetch.h"
#include "fetch_int.h"
#include "parallel_mcp.h"
#include "fetch_render.h"
#include "hoststate.h"
#include "http.h"
#include "json.h"
#include "ledger.h"
#include "lock.h"
#include "url.h"
#include "view.h"

enum { J_ADMIT, J_XFER, J_FOLLOW, J_DONE };

/* How often a request waiting for its origin's admission asks again. */
#define ADMIT_POLL_MS	25

struct job {
	int			 state;
	int			 noted;		/* already in the run's ledger */
	jv			 req;		/* as given (followers rerun it) */
	struct w_request	 r;		/* decoded (safe to free) */
	jv			 env;
	char			*key;		/* document cache key */
	char			*ident;		/* identity for duplicates */
	struct w_url		 u;
	struct w_http_req	 hr;
	struct w_http_resp	 resp;
	struct w_err		 e;
	struct w_host_lease	 lease;
	enum w_render		 rm;		/* never or auto here */
	long long		 admit_at;	/* next admission try */
	long long		 deadline;	/* the request's, from its start */
	struct job		*leader;	/* an identical open job */
	struct job		*next;
	long			 line;		/* stdin line, 0 for none */
};

struct w_fetch_batch {
	struct w_fetch_ctx	 ctx;
	int			 n;
	int			 unordered;
	int			 local;		/* the only provider is local */
	void			(*emit)(jv, void *);
	void			*arg;
	struct w_http_multi	*m;
	struct job		*head;		/* open jobs, input order */
	int			 open;
};

struct w_fetch_batch *
w_fetch_batch_new(const struct w_fetch_ctx *ctx, int n, int unordered,
    void (*emit)(jv env, void *arg), void *arg)
{
	struct w_fetch_batch *b = w_calloc(1, sizeof(*b));
	const char *prov[2];
	struct w_err e;

	b->ctx = *ctx;
	b->n = n < 1 ? 1 : n > W_FETCH_PARALLEL_MAX ? W_FETCH_PARALLEL_MAX : n;
	if (b->n > 1)
		b->ctx.progress = 0;	/* one tty line cannot show many */
	b->unordered = unordered;
	b->emit = emit;
	b->arg = arg;
	w_err_clear(&e);
	b->local = w_parallel_fetch_chain(ctx->config, prov, 2, &e) == 1 &&
	    strcmp(prov[0], "local") == 0;
	b->m = w_http_multi_new();
	return b;
}

static void
job_free(struct job *j)
{
	jv_free(j->req);
	jv_free(j->env);
	w_request_free(&j->r);
	free(j->key);
	free(j->ident);
	w_url_free(&j->u);
	free(j);
}

static void
job_done(struct job *j, jv env)
{
	j->env = env;
	j->state = J_DONE;
}

/* The transfer of j ended with rc: extract, share, present. */
static void
job_fetched(struct w_fetch_batch *b, struct job *j, int rc)
{
	struct w_doc d;
	size_t bytes = 0;
	jv env = j->env;

	w_doc_init(&d);
	j->env = jv_invalid();
	rc = w_fetch_obtain_end(&b->ctx, &j->r, &j->u, j->rm, j->deadline, rc,
	    &j->resp, &j->e, &j->lease, &env, &d, &bytes);
	job_done(j, w_fetch_share(&b->ctx, &j->r, &j->u, env, j->key, rc, &d,
	    bytes));
}

/* The coordinator's answer that admission must wait: polled again. */
static int
must_wait(void *arg, struct w_err *e)
{
	*(int *)arg = 1;
	return w_err_set(e, W_E_TIMEOUT, "host admission must wait");
}

/* Try j's host admission (any backend, never waiting); start its
 * transfer once admitted. */
static void
job_admit(struct w_fetch_batch *b, struct job *j, long long now)
{
	struct w_coordinator *co;
	char *origin;
	int rc = 0, waiting = 0;

	memset(&j->lease, 0, sizeof(j->lease));
	w_err_clear(&j->e);
	if (b->ctx.run != NULL) {
		rc = w_run_coord(b->ctx.run, b->ctx.config, &co, &j->e);
		if (rc == 0) {
			origin = w_url_origin(&j->u);
			rc = w_coord_admit(co, W_SCOPE_FETCH, origin, 0,
			    must_wait, &waiting, &j->lease, &j->e);
			free(origin);
		}
	}
	if (rc == -1 && waiting) {
		if (now + ADMIT_POLL_MS < j->deadline) {
			j->admit_at = now + ADMIT_POLL_MS;
			return;
		}
		w_err_set(&j->e, W_E_TIMEOUT, "host admission for fetch did "
		    "not come within the deadline");
	}
	if (rc == -1) {
		jv env = w_fetch_fail(j->env, &j->e, "admission");

		j->env = jv_invalid();
		if (j->key)
			w_doccache_fail(b->ctx.run, j->key, w_cancel_signal() ?
			    jv_null() : jv_copy(env));
		job_done(j, env);
		return;
	}
	w_fetch_http_req(&b->ctx, &j->r, &j->hr);
	j->state = J_XFER;
	/* A request refused at once still comes back from the wait. */
	(void)w_http_multi_add(b->m, &j->hr, &j->resp, &j->e, j);
}

/* A follower whose leader is done: the leader's error, or its own run
 * (a cache hit now). */
static void
job_follow(struct w_fetch_batch *b, struct job *j)
{
	if (w_env_status_peek(j->leader->env) != W_ST_OK &&
	    w_env_status_peek(j->leader->env) != W_ST_PARTIAL) {
		job_done(j, jv_copy(j->leader->env));
		return;
	}
	jv_free(j->env);
	j->env = jv_invalid();
	j->noted = 1;
	job_done(j, w_fetch_run(&b->ctx, jv_copy(j->req)));
}

/* Emit what may go out: done jobs at the head, or any with unordered. */
static void
emit_ready(struct w_fetch_batch *b)
{
	struct job **pp = &b->head, *j, *k;

	while ((j = *pp) != NULL) {
		if (j->state != J_DONE) {
			if (!b->unordered)
				return;
			pp = &j->next;
			continue;
		}
		/* Followers need their leader until they are done. */
		for (k = j->next; k; k = k->next)
			if (k->leader == j && k->state != J_DONE)
				break;
		if (k != NULL) {
			if (!b->unordered)
				return;
			pp = &j->next;
			continue;
		}
		for (k = j->next; k; k = k->next)
			if (k->leader == j)
				k->leader = NULL;
		*pp = j->next;
		if (!j->noted) {
			struct w_err le;

			w_err_clear(&le);
			if (w_ledger_note_fetch(b->ctx.run, j->env, &le) == -1)
				j->env = w_env_not_saved(j->env,
				    "the run's source ledger entry", &le);
		}
		b->emit(w_env_line(j->env, j->line), b->arg);
		j->env = jv_invalid();
		job_free(j);
		b->open--;
	}
}

/* Advance every job once; then wait up to max_ms (-1: until a transfer
 * ends or an admission is due; 0: not at all) for progress. */
static void
pump(struct w_fetch_batch *b, long max_ms)
{
	long long now = w_clock_mono_ms(), next = -1;
	struct job *j;
	int rc, pending = 0;
	long wait;

	for (j = b->head; j; j = j->next) {
		if (j->state == J_ADMIT && j->admit_at <= now)
			job_admit(b, j, now);
		if (j->state == J_ADMIT && (next == -1 || j->admit_at < next))
			next = j->admit_at;
		if (j->state == J_FOLLOW && j->leader->state == J_DONE)
			job_follow(b, j);
		if (j->state != J_DONE)
			pending = 1;
	}
	emit_ready(b);
	if (max_ms == 0 || !pending)
		return;
	wait = next == -1 ? -1 : (long)(next - now > 0 ? next - now : 0);
	if (max_ms > 0 && (wait == -1 || wait > max_ms))
		wait = max_ms;
	if (w_http_multi_count(b->m) == 0) {
		if (wait > 0)
			w_clock_sleep_ms(wait);
		return;
	}
	j = w_http_multi_wait(b->m, wait, &rc);
	while (j != NULL) {
		job_fetched(b, j, rc);
		j = w_http_multi_wait(b->m, 0, &rc);
	}
	for (j = b->head; j; j = j->next)
		if (j->state == J_FOLLOW && j->leader->state == J_DONE)
			job_follow(b, j);
	emit_ready(b);
}

void
w_fetch_batch_idle(int fd, void *arg)
{
	struct w_fetch_batch *b = arg;
	struct pollfd pf;

	for (;;) {
		pf.fd = fd;
		pf.events = POLLIN;
		pf.revents = 0;
		if (b->open == 0 || poll(&pf, 1, 0) != 0)
			return;
		pump(b, 50);
	}
}

static void
push(struct w_fetch_batch *b, struct job *j)
{
	struct job **pp;

	for (pp = &b->head; *pp; pp = &(*pp)->next)
		;
	*pp = j;
	b->open++;
}

void
w_fetch_batch_add(struct w_fetch_batch *b, jv req)
{
	w_fetch_batch_add_line(b, req, 0);
}

void
w_fetch_batch_add_line(struct w_fetch_batch *b, jv req, long line)
{
	struct job *j, *k;
	struct w_err e;

	while (b->open >= b->n)
		pump(b, -1);
	j = w_calloc(1, sizeof(*j));
	j->line = line;
	j->req = req;
	j->env = w_env_new("wfetch");
	j->resp.headers = jv_null();
	j->resp.redirects = jv_null();
	w_err_clear(&e);
	if (w_request_decode(W_REQ_WFETCH, req, &j->r, &e) == 0) {
		j->ident = w_fetch_cache_key(&b->ctx, &j->r);
		for (k = b->head; k; k = k->next)
			if (k->ident && k->state != J_DONE && k->leader ==
			    NULL && strcmp(k->ident, j->ident) == 0)
				break;
		if (k != NULL) {
			/* Identical URLs are fetched once. */
			j->leader = k;
			j->state = J_FOLLOW;
			push(b, j);
			pump(b, 0);
			return;
		}
	}
	push(b, j);
	if (e.code == W_E_NONE && w_fetch_render_mode(b->ctx.config, &j->r,
	    &j->rm, &e) == -1)
		j->rm = W_RENDER_ALWAYS;	/* the plain path reports it */
	if (!b->local || b->n == 1 || e.code != W_E_NONE ||
	    j->rm == W_RENDER_ALWAYS || w_fetch_gated(&b->ctx)) {
		/* One at a time, a remote provider, a browser render or an
		 * invalid request: the plain path. */
		jv_free(j->env);
		j->env = jv_invalid();
		j->noted = 1;	/* w_fetch_run records it in the ledger */
		job_done(j, w_fetch_run(&b->ctx, jv_copy(req)));
	} else {
		j->env = jv_object_set(j->env, jv_string("untrusted_fields"),
		    w_view_untrusted());
		if (w_fetch_lookup(&b->ctx, &j->r, &j->u, &j->env,
		    &j->key) == 1)
			job_done(j, j->env);
		else {
			j->state = J_ADMIT;
			j->deadline = w_clock_mono_ms() +
			    (b->ctx.timeout_ms > 0 ? b->ctx.timeout_ms :
			    W_HTTP_TIMEOUT_MS);
		}
	}
	pump(b, 0);
}

void
w_fetch_batch_add_env(struct w_fetch_batch *b, jv env)
{
	struct job *j;

	while (b->open >= b->n)
		pump(b, -1);
	j = w_calloc(1, sizeof(*j));
	j->req = jv_null();
	j->r.headers = jv_null();
	j->env = env;
	j->state = J_DONE;
	push(b, j);
	emit_ready(b);
}

void
w_fetch_batch_finish(struct w_fetch_batch *b)
{
	while (b->open > 0)
		pump(b, -1);
	w_http_multi_free(b->m);
	free(b);
}
