/*
 * coord_redis.h: the Redis backend of lib/coord.h (used only by
 * coord.c). Each decision is one Lua script run with EVALSHA on the
 * server's clock (TIME), so machines with skewed clocks agree. Keys,
 * all under the configured prefix and all with a TTL:
 *   host:<bucket>       hash: admission bucket (spacing, leases,
 *                       cooldown, streaks, counters); 1 h after its
 *                       last use or cooldown end
 *   run:<id>            hash: a run's budget; W_COORD_RUN_TTL_MS after
 *                       its last use
 *   run:<id>:defer      hash: the run's deferrals (at most 64)
 *   cache:<sha256>      string: a cached search answer, 15 minutes
 *   inflight:<sha256>   string: the claim of an identical search in
 *                       flight, 65 s at most
 */
#ifndef W_COORD_REDIS_H
#define W_COORD_REDIS_H

#include <jv.h>

#include "err.h"
#include "hoststate.h"
#include "redis.h"

#define W_CREDIS_INFLIGHT_MS	65000L

int	 w_credis_admit(struct w_redis *rd, enum w_scope scope,
	    const char *key, long wait_ms,
	    int (*give_up)(void *, struct w_err *), void *arg,
	    struct w_host_lease *l, struct w_err *e);
void	 w_credis_release(struct w_redis *rd, struct w_host_lease *l,
	    enum w_host_outcome o, long retry_after_ms);
int	 w_credis_status(struct w_redis *rd, jv *out, struct w_err *e);
int	 w_credis_reset(struct w_redis *rd, jv *out, struct w_err *e);

int	 w_credis_cache_get(struct w_redis *rd, const char *key, jv *result,
	    struct w_err *e);
int	 w_credis_cache_put(struct w_redis *rd, const char *key, jv result,
	    struct w_err *e);
int	 w_credis_cache_claim(struct w_redis *rd, const char *key,
	    long wait_ms, jv *result, struct w_err *e);
void	 w_credis_cache_unclaim(struct w_redis *rd, const char *key);

int	 w_credis_run_create(struct w_redis *rd, const char *id, int max,
	    struct w_err *e);
int	 w_credis_run_reserve(struct w_redis *rd, const char *id,
	    int dispatch_only, struct w_err *e);
void	 w_credis_run_settle(struct w_redis *rd, const char *id,
	    int answered);
int	 w_credis_run_get(struct w_redis *rd, const char *id, jv *out,
	    struct w_err *e);
void	 w_credis_run_defer(struct w_redis *rd, const char *id,
	    const char *backend, long retry_after_ms);
int	 w_credis_run_is_deferred(struct w_redis *rd, const char *id,
	    const char *backend);
int	 w_credis_run_end(struct w_redis *rd, const char *id,
	    struct w_err *e);
int	 w_credis_doctor(struct w_redis *rd, jv *out, struct w_err *e);

#endif
