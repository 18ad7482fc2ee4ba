/*
 * fetch_int.h: the steps of one wfetch request that fetch.c (one at a
 * time) and fetch_batch.c (many at once) share; not a public interface.
 */
#ifndef W_FETCH_INT_H
#define W_FETCH_INT_H

#include <stddef.h>
#include <jv.h>

#include "doc.h"
#include "err.h"
#include "fetch.h"
#include "hoststate.h"
#include "http.h"
#include "url.h"
#include "view.h"

/* The document's cache identity (caller frees). */
char	*w_fetch_cache_key(const struct w_fetch_ctx *ctx,
	    const struct w_request *r);

/* An error envelope with source status and summary. Consumes env. */
jv	 w_fetch_fail(jv env, const struct w_err *e, const char *what);

/*
 * Everything between decoding r and the fetch: the run's document
 * cache. 1 with *env final; 0 for a miss with *env started, u parsed
 * (free it) and *key (caller frees) the cache key whose marker the
 * caller owns, NULL when there is no cache.
 */
int	 w_fetch_lookup(const struct w_fetch_ctx *ctx,
	    const struct w_request *r, struct w_url *u, jv *env, char **key);

/* The HTTP request for r (borrowing r's url and headers). */
void	 w_fetch_http_req(const struct w_fetch_ctx *ctx,
	    const struct w_request *r, struct w_http_req *hr);

/*
 * After the transfer (rc and e from the HTTP core): release the host
 * lease, record source and details, extract; under render mode auto an
 * app shell escalates to the browser (deadline: the request's). Frees
 * resp. 0 with d filled, -1 with env holding the error.
 */
int	 w_fetch_obtain_end(const struct w_fetch_ctx *ctx,
	    const struct w_request *r, const struct w_url *u,
	    enum w_render rm, long long deadline, int rc,
	    struct w_http_resp *resp, struct w_err *e,
	    struct w_host_lease *lease, jv *env, struct w_doc *d,
	    size_t *bytes);

/* Publish the result (rc) for waiting callers and present it; frees
 * d. Consumes env, returns the envelope. */
jv	 w_fetch_share(const struct w_fetch_ctx *ctx, const struct w_request *r,
	    const struct w_url *u, jv env, const char *key, int rc,
	    struct w_doc *d, size_t bytes);

/* Whether fetch.robots or fetch.sourcePolicy asks for a check before
 * any fetch (the batch then takes the plain path, which runs it). */
int	 w_fetch_gated(const struct w_fetch_ctx *ctx);

#endif
