/*
 * coord.c: the coordination seam: one backend per process, chosen
 * once; file modes call lib/hoststate.c and lib/searchcache.c, the
 * redis mode lib/coord_redis.c.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "coord.h"
#include "coord_redis.h"
#include "redis.h"
#include "searchcache.h"

struct w_coordinator {
	enum w_coord_kind	 kind;
	struct w_redis		*rd;
};

const char *
w_coord_kind_name(enum w_coord_kind k)
{
	return k == W_COORD_KIND_REDIS ? "redis" : k == W_COORD_KIND_HOST ?
	    "host" : "process";
}

int
w_coord_open(struct w_coordinator **cop, enum w_coord_kind kind, jv redis,
    const struct w_policy *policy, struct w_err *e)
{
	struct w_redis_conf rc;
	struct w_coordinator *co;
	int rv;

	*cop = NULL;
	co = w_calloc(1, sizeof(*co));
	co->kind = kind;
	if (kind == W_COORD_KIND_REDIS) {
		if (!w_redis_available()) {
			free(co);
			return w_err_set(e, W_E_BACKEND_UNAVAILABLE,
			    "coordination \"redis\" is not available in this "
			    "build (configure found no hiredis; install "
			    "libhiredis-dev and rebuild); nothing was sent");
		}
		rv = w_redis_conf_from_json(redis, &rc, e);
		if (rv == 0)
			rv = w_redis_open(&co->rd, &rc, policy, e);
		w_redis_conf_free(&rc);
		if (rv == -1) {
			free(co);
			return -1;
		}
	}
	*cop = co;
	return 0;
}

void
w_coord_free(struct w_coordinator *co)
{
	if (co == NULL)
		return;
	w_redis_close(co->rd);
	free(co);
}

enum w_coord_kind
w_coord_kind_of(const struct w_coordinator *co)
{
	return co == NULL ? W_COORD_KIND_PROCESS : co->kind;
}

int
w_coord_admit(struct w_coordinator *co, enum w_scope scope, const char *key,
    long wait_ms, int (*give_up)(void *, struct w_err *), void *arg,
    struct w_host_lease *l, struct w_err *e)
{
	int rc;

	memset(l, 0, sizeof(*l));
	switch (w_coord_kind_of(co)) {
	case W_COORD_KIND_PROCESS:
		return 0;
	case W_COORD_KIND_HOST:
		rc = w_host_admit_until(scope, key, wait_ms, give_up, arg, l,
		    e);
		break;
	default:
		rc = w_credis_admit(co->rd, scope, key, wait_ms, give_up, arg,
		    l, e);
		break;
	}
	l->co = co;
	return rc;
}

void
w_coord_release(struct w_host_lease *l, enum w_host_outcome o,
    long retry_after_ms)
{
	if (!l->held)
		return;
	if (w_coord_kind_of(l->co) == W_COORD_KIND_REDIS)
		w_credis_release(l->co->rd, l, o, retry_after_ms);
	else
		w_host_release(l, o, retry_after_ms);
}

int
w_coord_status(struct w_coordinator *co, jv *out, struct w_err *e)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		return w_credis_status(co->rd, out, e);
	if (w_host_status(out, e) == -1)
		return -1;
	*out = jv_object_set(*out, jv_string("backend"), jv_string("host"));
	return 0;
}

int
w_coord_reset(struct w_coordinator *co, jv *out, struct w_err *e)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		return w_credis_reset(co->rd, out, e);
	return w_host_reset(out, e);
}

int
w_coord_cache_get(struct w_coordinator *co, const char *key, jv *result,
    struct w_err *e)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		return w_credis_cache_get(co->rd, key, result, e);
	return w_searchcache_get(key, result, e);
}

int
w_coord_cache_put(struct w_coordinator *co, const char *key, jv result,
    struct w_err *e)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		return w_credis_cache_put(co->rd, key, result, e);
	return w_searchcache_put(key, result, e);
}

jv
w_coord_cache_usage(struct w_coordinator *co)
{
	jv o;

	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS)
		return w_searchcache_usage();
	o = jv_object_set(jv_object(), jv_string("backend"),
	    jv_string("redis"));
	o = jv_object_set(o, jv_string("maxEntryBytes"),
	    jv_number(W_SEARCHCACHE_ENTRY_MAX));
	return jv_object_set(o, jv_string("ttl_ms"),
	    jv_number(W_SEARCHCACHE_TTL_MS));
}

int
w_coord_cache_claim(struct w_coordinator *co, const char *key, long wait_ms,
    jv *result, struct w_err *e)
{
	*result = jv_null();
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		return w_credis_cache_claim(co->rd, key, wait_ms, result, e);
	return 1;
}

void
w_coord_cache_unclaim(struct w_coordinator *co, const char *key)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		w_credis_cache_unclaim(co->rd, key);
}

static int
not_redis(struct w_err *e)
{
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the run's budget "
	    "is in Redis but coordination is not \"redis\"");
}

int
w_coord_run_create(struct w_coordinator *co, const char *id, int max,
    struct w_err *e)
{
	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS)
		return not_redis(e);
	return w_credis_run_create(co->rd, id, max, e);
}

int
w_coord_run_reserve(struct w_coordinator *co, const char *id, int dispatch_only,
    struct w_err *e)
{
	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS)
		return not_redis(e);
	return w_credis_run_reserve(co->rd, id, dispatch_only, e);
}

void
w_coord_run_settle(struct w_coordinator *co, const char *id, int answered)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		w_credis_run_settle(co->rd, id, answered);
}

int
w_coord_run_get(struct w_coordinator *co, const char *id, jv *out,
    struct w_err *e)
{
	*out = jv_null();
	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS)
		return not_redis(e);
	return w_credis_run_get(co->rd, id, out, e);
}

void
w_coord_run_defer(struct w_coordinator *co, const char *id, const char *backend,
    long retry_after_ms)
{
	if (w_coord_kind_of(co) == W_COORD_KIND_REDIS)
		w_credis_run_defer(co->rd, id, backend, retry_after_ms);
}

int
w_coord_run_is_deferred(struct w_coordinator *co, const char *id,
    const char *backend)
{
	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS)
		return 0;
	return w_credis_run_is_deferred(co->rd, id, backend);
}

int
w_coord_run_end(struct w_coordinator *co, const char *id, struct w_err *e)
{
	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS)
		return not_redis(e);
	return w_credis_run_end(co->rd, id, e);
}

int
w_coord_doctor(struct w_coordinator *co, jv *out, struct w_err *e)
{
	*out = jv_null();
	if (w_coord_kind_of(co) != W_COORD_KIND_REDIS) {
		*out = jv_object_set(jv_object(), jv_string("backend"),
		    jv_string(w_coord_kind_name(w_coord_kind_of(co))));
		return 0;
	}
	return w_credis_doctor(co->rd, out, e);
}

void
w_coord_done(struct w_host_lease *l, const struct w_err *e)
{
	enum w_host_outcome o = w_err_host_outcome(e ? e->code : W_E_NONE);

	if (l->held)
		w_coord_release(l, o, o == W_HOST_THROTTLED ?
		    e->retry_after_ms : -1);
}
