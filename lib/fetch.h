/*
 * fetch.h: one wfetch request to one envelope: validate, fetch under
 * policy, classify, extract (doc.h), slice (view.h), save artifacts.
 */
#ifndef W_FETCH_H
#define W_FETCH_H

#include <jv.h>

#include "config.h"
#include "json.h"
#include "run.h"

/* Texts longer than this are also saved as an artifact. */
#define W_FETCH_AUTO_ARTIFACT_CHARS 200000UL

/* Automatic artifacts kept in the cache's web/ folder, oldest out. */
#define W_FETCH_AUTO_ARTIFACTS_MAX 64

struct w_fetch_ctx {
	const struct w_config	*config;
	long			 timeout_ms;	/* 0: 45 s */
	int			 progress;	/* progress line on a tty */
	struct w_run		*run;		/* the run: its document cache */
	int			 whole;		/* -r: no default page cap */
	int			 nocache;	/* skip the run's document cache */
	long long		 deadline;	/* set by w_fetch_run: one
						   monotonic deadline for run-cache
						   and admission waits and the
						   transfer */
};

/*
 * Run one request (consumed): decoded once into a struct w_request
 * (view.h, which owns the field table and --schema), then fetched.
 * Returns its envelope.
 */
jv	 w_fetch_run(const struct w_fetch_ctx *ctx, jv req);

/*
 * Expand one stdin JSON text (consumed) into an array of requests: a
 * request object stays itself; a wsearch envelope gives its wfetch
 * next_actions' arguments, or with top > 0 its first top results' URLs.
 * base (borrowed) supplies defaults for fields a request leaves out.
 */
jv	 w_fetch_expand(jv input, jv base, int top);

/*
 * Many requests at once (wfetch -P): up to n (1..W_FETCH_PARALLEL_MAX)
 * in flight in one process, every per-request rule of w_fetch_run kept
 * (cache, host admission per origin, policy, redirects, retries,
 * deadline); identical requests of the batch are fetched once. emit
 * gets each envelope (consumed), in input order unless unordered. At
 * most n requests are open at once: add blocks, driving the transfers,
 * until one slot is free.
 */
#define W_FETCH_PARALLEL_MAX	16

struct w_fetch_batch;

struct w_fetch_batch *w_fetch_batch_new(const struct w_fetch_ctx *ctx,
	    int n, int unordered, void (*emit)(jv env, void *arg), void *arg);
/* Queue one request (consumed). */
void	 w_fetch_batch_add(struct w_fetch_batch *b, jv req);
/* The same for a request read on stdin line (its envelope names it in
 * source.line). */
void	 w_fetch_batch_add_line(struct w_fetch_batch *b, jv req, long line);
/* Queue a finished envelope (consumed; a bad input line) in order. */
void	 w_fetch_batch_add_env(struct w_fetch_batch *b, jv env);
/* A w_idle_fn (json.h): drive b's transfers until fd is readable or
 * nothing is open. */
void	 w_fetch_batch_idle(int fd, void *arg);
/* Finish every request, emit, free b. */
void	 w_fetch_batch_finish(struct w_fetch_batch *b);

#endif
