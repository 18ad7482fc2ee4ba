/*
 * doccache.h: the run's document cache. At most 64 extracted documents
 * and 32 MiB of text, keyed by a string the caller builds (URL, allowed
 * headers, extraction and render settings, resolved network policy),
 * stored hashed under the run directory; least recently used first out.
 * Identical concurrent calls share one fetch: the first caller owns an
 * in-flight marker (pid and start time) and the others wait, bounded,
 * for its result; a dead owner's marker is reclaimed. A private run
 * (no WEB_RUN_FILE) keeps the cache in memory.
 */
#ifndef W_DOCCACHE_H
#define W_DOCCACHE_H

#include <stddef.h>
#include <jv.h>

#include "err.h"
#include "run.h"

#define W_DOCCACHE_MAX_DOCS	64
#define W_DOCCACHE_MAX_BYTES	(32u << 20)
#define W_DOCCACHE_META_MAX	(256u << 10)

enum {
	W_DC_MISS = 0,		/* caller owns the marker: fetch, put/fail */
	W_DC_HIT = 1,		/* *text, *len, *meta filled */
	W_DC_SHARED_ERROR = 2,	/* the owner failed; *meta is its error */
	W_DC_UNCACHED = 3	/* the cache cannot be written (a full or
				   read-only disk; e says why): fetch
				   anyway; w_doccache_put says so again */
};

struct w_doccache;

/* A cache over run directory dir (NULL: in memory), for run.c; freed
 * (NULL is fine) with w_doccache_free. */
struct w_doccache *w_doccache_new(const char *dir);
void	 w_doccache_free(struct w_doccache *dc);

/*
 * Look key up in r's cache. W_DC_HIT: *text (NUL-terminated, caller
 * frees), *len and *meta (owned) are the stored document. W_DC_MISS:
 * the caller now owns key's in-flight marker and must end it with
 * w_doccache_put or w_doccache_fail. While another live process owns
 * the marker this waits up to wait_ms for its result: a hit, or
 * W_DC_SHARED_ERROR with *meta the error object it recorded.
 * W_DC_UNCACHED (e set) when its directory or in-flight marker cannot be
 * written: the caller fetches on its own; w_doccache_put then fails
 * with the reason, which the caller reports. -1 with
 * timeout when the wait runs out, coordination_unavailable when the run
 * directory is unusable.
 */
int	 w_doccache_get(struct w_run *r, const char *key, long wait_ms,
	    char **text, size_t *len, jv *meta, struct w_err *e);

/*
 * Store a document for key (meta consumed; a small object, no page
 * text) and end the caller's marker; evicts least recently used
 * documents to stay within the bounds. A document over the size bound
 * is not stored (0, the marker ended). -1 with e when it cannot be
 * written (a full or read-only disk): a saving lost, not a failure.
 */
int	 w_doccache_put(struct w_run *r, const char *key, const char *text,
	    size_t len, jv meta, struct w_err *e);

/*
 * End the caller's marker with a failure (error consumed: the error
 * object waiting callers report). Nothing is cached.
 */
void	 w_doccache_fail(struct w_run *r, const char *key, jv error);

/* {documents, bytes, in_flight, max_documents, max_bytes}. */
jv	 w_doccache_usage(struct w_run *r);

#endif
