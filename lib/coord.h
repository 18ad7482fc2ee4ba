/*
 * coord.h: the coordination seam. A process chooses its backend once,
 * from its run and config (w_run_coord): "process" (nothing shared
 * beyond the run file), "host" (lib/hoststate.c: files under
 * $XDG_STATE_HOME, one machine) or "redis" (lib/coord_redis.c: one
 * Redis for a fleet of machines). Host decisions (admission, spacing,
 * in-flight caps, cooldowns, probes, leases), the search cache with
 * in-flight sharing, and -- for a run started with coordination redis
 * -- the run's budget go through here, with the same rules and figures
 * in every backend. The redis backend fails closed: any failure is
 * coordination_unavailable and nothing is sent.
 */
#ifndef W_COORD_H
#define W_COORD_H

#include <jv.h>

#include "err.h"
#include "hoststate.h"
#include "policy.h"

enum w_coord_kind {
	W_COORD_KIND_PROCESS,
	W_COORD_KIND_HOST,
	W_COORD_KIND_REDIS
};

struct w_coordinator;

/*
 * Open a backend of kind. For redis, redis is the "redis" object
 * (borrowed: the run file's, else the config's) and the connection is
 * made now, checked against policy. -1 with invalid_parameter (bad
 * redis object), backend_unavailable (a build without hiredis) or
 * coordination_unavailable. *co freed by w_coord_free.
 */
int	 w_coord_open(struct w_coordinator **co, enum w_coord_kind kind, jv redis,
	    const struct w_policy *policy, struct w_err *e);
void	 w_coord_free(struct w_coordinator *co);
enum w_coord_kind w_coord_kind_of(const struct w_coordinator *co);
const char *w_coord_kind_name(enum w_coord_kind k);

/*
 * Admission to scope's bucket for key, waiting at most wait_ms. Under
 * "process" nothing is held and 0 is returned. give_up (may be NULL)
 * is asked before each wait: -1 (with e set) ends the wait with its
 * error (a search whose budget is gone need not wait for its turn).
 * Otherwise as w_host_admit. The lease remembers co.
 */
int	 w_coord_admit(struct w_coordinator *co, enum w_scope scope,
	    const char *key, long wait_ms,
	    int (*give_up)(void *, struct w_err *), void *arg,
	    struct w_host_lease *l, struct w_err *e);

/* Release l (a no-op when nothing is held) with the outcome. */
void	 w_coord_release(struct w_host_lease *l, enum w_host_outcome o,
	    long retry_after_ms);

/*
 * Release a held lease (nothing when none is held) as the request ended:
 * e NULL on success, else its code's outcome in err.c's table, with its
 * Retry-After when it throttled. Search providers, local fetch and
 * Parallel all settle through this.
 */
void	 w_coord_done(struct w_host_lease *l, const struct w_err *e);

/* The host decision state ({backend, buckets, ..., entries}). */
int	 w_coord_status(struct w_coordinator *co, jv *out, struct w_err *e);
/* Clear it when nothing is active (as w_host_reset). */
int	 w_coord_reset(struct w_coordinator *co, jv *out, struct w_err *e);

/*
 * The search cache (15 minutes; lib/searchcache.h in the file modes,
 * Redis keys under redis). get: 1 with *result, 0 miss, -1 error.
 * put consumes result.
 */
int	 w_coord_cache_get(struct w_coordinator *co, const char *key, jv *result,
	    struct w_err *e);
int	 w_coord_cache_put(struct w_coordinator *co, const char *key, jv result,
	    struct w_err *e);
jv	 w_coord_cache_usage(struct w_coordinator *co);

/*
 * In-flight sharing of identical searches: 1 when this caller claimed
 * key (it searches, stores, then w_coord_cache_unclaim), 2 with
 * *result when another caller's answer arrived while waiting (at most
 * wait_ms), 0 to go ahead unclaimed (the claimer failed or the wait ran
 * out), -1 with coordination_unavailable. File modes always claim.
 */
int	 w_coord_cache_claim(struct w_coordinator *co, const char *key,
	    long wait_ms, jv *result, struct w_err *e);
void	 w_coord_cache_unclaim(struct w_coordinator *co, const char *key);

/*
 * A run's budget in Redis (redis backend only), under run id id.
 * create: a fresh budget of max answered searches (dispatch ceiling
 * 4x), expiring W_COORD_RUN_TTL_MS after its last use. reserve:
 * as w_run_reserve / w_run_dispatch (dispatch_only); a budget key that
 * is gone means the run is over (search_budget_exhausted). settle: as
 * w_run_settle. get: the figures {maxRequestsPerRun, maxDispatches,
 * requestsUsed, dispatchesUsed, pending, refunds, exhausted, created,
 * deferrals}; -1 (coordination_unavailable) when the run is gone.
 */
#define W_COORD_RUN_TTL_MS	(6L * 3600 * 1000)

int	 w_coord_run_create(struct w_coordinator *co, const char *id, int max,
	    struct w_err *e);
int	 w_coord_run_reserve(struct w_coordinator *co, const char *id,
	    int dispatch_only, struct w_err *e);
void	 w_coord_run_settle(struct w_coordinator *co, const char *id,
	    int answered);
int	 w_coord_run_get(struct w_coordinator *co, const char *id, jv *out,
	    struct w_err *e);
void	 w_coord_run_defer(struct w_coordinator *co, const char *id,
	    const char *backend, long retry_after_ms);
int	 w_coord_run_is_deferred(struct w_coordinator *co, const char *id,
	    const char *backend);
int	 w_coord_run_end(struct w_coordinator *co, const char *id,
	    struct w_err *e);

/*
 * Health of the backend for web-control doctor: for redis {where,
 * version, latency_us, scripts: {loaded, total}}; -1 with the error.
 */
int	 w_coord_doctor(struct w_coordinator *co, jv *out, struct w_err *e);

#endif
