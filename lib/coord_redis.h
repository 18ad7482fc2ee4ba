/*
 * coord_redis.h: the Redis backend of lib/coord.h (used only by
 * coord.c; coord_redis.c host decisions and health, coord_redis_run.c
 * runs and the search cache, coord_lua.c the scripts). Each decision
 * is one Lua script run with EVALSHA on the server's clock (TIME), so
 * machines with skewed clocks agree. Keys,
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

/* The scripts (lib/coord_lua.c); w_lua_all ends with NULL. */
extern struct w_redis_script w_lua_admit, w_lua_release, w_lua_run_create,
    w_lua_run_reserve, w_lua_run_settle, w_lua_run_defer, w_lua_unclaim;
extern struct w_redis_script *const w_lua_all[];

/* Shared helpers of coord_redis*.c. */
/* prefix + part + rest (rest may be NULL); caller frees. */
char	*w_credis_key(struct w_redis *rd, const char *part, const char *rest);
/* coordination_unavailable for a reply of the wrong shape; -1. */
int	 w_credis_garbage(struct w_err *e);
/* The first n elements of array a (consumed) as integers into v. */
int	 w_credis_ints(jv a, int n, long long *v, struct w_err *e);
/* "hostname:pid", the owner of leases and claims. */
void	 w_credis_owner(char *buf, size_t len);
/* Field f of a flat HGETALL array h (borrowed), NULL if absent; the
 * pointer lives as long as h. */
const char *w_credis_hfield(jv h, const char *f);
/* The same as an integer, 0 if absent. */
long long w_credis_hnum(jv h, const char *f);

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
