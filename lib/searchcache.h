/*
 * searchcache.h: successful searches cached per user for 15 minutes in
 * $XDG_CACHE_HOME/webtools/search/ (directory 0700, files 0600), keyed
 * by a string the caller builds from the request and the backend
 * configuration (a credential contributes only its digest), stored
 * hashed; at most 256 entries of at most 1 MiB each. Failures are never
 * cached: only w_searchcache_put stores, and callers call it only for
 * answered searches. A hit costs no budget.
 */
#ifndef W_SEARCHCACHE_H
#define W_SEARCHCACHE_H

#include <jv.h>

#include "err.h"

#define W_SEARCHCACHE_TTL_MS	(15L * 60 * 1000)
#define W_SEARCHCACHE_MAX	256
#define W_SEARCHCACHE_ENTRY_MAX	(1u << 20)

/*
 * Look key up: 1 with *result (owned) when a fresh entry exists, 0 on a
 * miss (*result jv_null), -1 with coordination_unavailable when the
 * cache directory is unsafe (wrong owner or mode).
 */
int	 w_searchcache_get(const char *key, jv *result, struct w_err *e);

/*
 * Store result (consumed) for key; entries past the bounds are
 * dropped, oldest first. -1 with coordination_unavailable when the
 * directory is unsafe; an oversized result is silently not stored.
 */
int	 w_searchcache_put(const char *key, jv result, struct w_err *e);

/* {entries, bytes, max_entries, ttl_ms} of the cache (for web-control). */
jv	 w_searchcache_usage(void);

/* Remove every entry (web-control reset). */
int	 w_searchcache_clear(struct w_err *e);

#endif
