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

#endif
