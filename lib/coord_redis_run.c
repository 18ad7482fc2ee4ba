/*
 * coord_redis_run.c: a run's budget and the search cache in Redis: one
 * Lua script per budget decision (reserve, settle, defer), plain
 * commands for the cache (GET, SET PX) and a short claim key (SET NX
 * PX) for identical searches in flight.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "coord.h"
#include "coord_redis.h"
#include "json.h"
#include "lock.h"
#include "searchcache.h"
#include "sha256.h"

static char *
hkey(struct w_redis *rd, const char *part, const char *key)
{
	char h[65];

	w_sha256_hex(key, strlen(key), h);
	return w_credis_key(rd, part, h);
}

int
w_credis_cache_get(struct w_redis *rd, const char *key, jv *result,
    struct w_err *e)
{
	const char *argv[2];
	char *k = hkey(rd, "cache:", key);
	jv out;
	int rc;

	*result = jv_null();
	argv[0] = "GET";
	argv[1] = k;
	rc = w_redis_cmd(rd, 2, argv, NULL, &out, e);
	free(k);
	if (rc == -1)
		return -1;
	if (jv_get_kind(out) == JV_KIND_NULL)
		return 0;
	if (jv_get_kind(out) != JV_KIND_STRING) {
		jv_free(out);
		return w_credis_garbage(e);
	}
	*result = w_json_parse(jv_string_value(out),
	    strlen(jv_string_value(out)));
	jv_free(out);
	if (jv_get_kind(*result) != JV_KIND_OBJECT) {
		/* Not ours: a miss, as a corrupt cache file is. */
		jv_free(*result);
		*result = jv_null();
		return 0;
	}
	return 1;
}

int
w_credis_cache_put(struct w_redis *rd, const char *key, jv result,
    struct w_err *e)
{
	const char *argv[5];
	char ttl[24], *k;
	int rc = 0;
	jv s, out;

	s = jv_dump_string(result, 0);
	if (strlen(jv_string_value(s)) <= W_SEARCHCACHE_ENTRY_MAX) {
		k = hkey(rd, "cache:", key);
		snprintf(ttl, sizeof(ttl), "%ld", W_SEARCHCACHE_TTL_MS);
		argv[0] = "SET", argv[1] = k, argv[2] = jv_string_value(s);
		argv[3] = "PX", argv[4] = ttl;
		rc = w_redis_cmd(rd, 5, argv, NULL, &out, e);
		if (rc == 0)
			jv_free(out);
		free(k);
	}
	jv_free(s);
	return rc;
}

int
w_credis_cache_claim(struct w_redis *rd, const char *key, long wait_ms,
    jv *result, struct w_err *e)
{
	long long end = w_clock_mono_ms() + wait_ms;
	const char *argv[6];
	char own[96], ttl[24], *k = hkey(rd, "inflight:", key);
	int rc;
	jv out;

	*result = jv_null();
	w_credis_owner(own, sizeof(own));
	snprintf(ttl, sizeof(ttl), "%ld", W_CREDIS_INFLIGHT_MS);
	for (;;) {
		argv[0] = "SET", argv[1] = k, argv[2] = own, argv[3] = "NX";
		argv[4] = "PX", argv[5] = ttl;
		if (w_redis_cmd(rd, 6, argv, NULL, &out, e) == -1) {
			rc = -1;
			break;
		}
		rc = jv_get_kind(out) == JV_KIND_STRING;
		jv_free(out);
		if (rc == 1) {
			/* The previous claimer may have just stored it. */
			rc = w_credis_cache_get(rd, key, result, e);
			if (rc == 1)
				w_credis_cache_unclaim(rd, key);
			rc = rc == 1 ? 2 : rc == 0 ? 1 : -1;
			break;
		}
		/* Someone else searches: wait for the answer. */
		if ((rc = w_credis_cache_get(rd, key, result, e)) != 0) {
			rc = rc == 1 ? 2 : -1;
			break;
		}
		if (w_clock_mono_ms() + 50 > end) {
			rc = 0;
			break;
		}
		w_clock_sleep_ms(50);
	}
	free(k);
	return rc;
}

void
w_credis_cache_unclaim(struct w_redis *rd, const char *key)
{
	const char *argv[2];
	char own[96], *k = hkey(rd, "inflight:", key);
	struct w_err e;
	jv out;

	w_credis_owner(own, sizeof(own));
	argv[0] = k;
	argv[1] = own;
	w_err_clear(&e);
	if (w_redis_eval(rd, &w_lua_unclaim, 1, 2, argv, &out, &e) == 0)
		jv_free(out);
	free(k);
}

static void
run_keys(struct w_redis *rd, const char *id, char **run, char **defer)
{
	struct w_buf b;

	*run = w_credis_key(rd, "run:", id);
	w_buf_init(&b, 4096);
	w_buf_printf(&b, "%s:defer", *run);
	*defer = w_buf_take(&b);
}

int
w_credis_run_create(struct w_redis *rd, const char *id, int max,
    struct w_err *e)
{
	const char *argv[3];
	char m[16], ttl[24], *k, *d;
	int rc;
	jv out;

	run_keys(rd, id, &k, &d);
	snprintf(m, sizeof(m), "%d", max);
	snprintf(ttl, sizeof(ttl), "%ld", W_COORD_RUN_TTL_MS);
	argv[0] = k, argv[1] = m, argv[2] = ttl;
	rc = w_redis_eval(rd, &w_lua_run_create, 1, 3, argv, &out, e);
	if (rc == 0)
		jv_free(out);
	free(k);
	free(d);
	return rc;
}

int
w_credis_run_reserve(struct w_redis *rd, const char *id, int dispatch_only,
    struct w_err *e)
{
	const char *argv[4];
	char ttl[24], *k, *d;
	long long v[3];
	int rc;
	jv out;

	run_keys(rd, id, &k, &d);
	snprintf(ttl, sizeof(ttl), "%ld", W_COORD_RUN_TTL_MS);
	argv[0] = k, argv[1] = d, argv[2] = dispatch_only ? "1" : "0";
	argv[3] = ttl;
	rc = w_redis_eval(rd, &w_lua_run_reserve, 2, 4, argv, &out, e);
	free(k);
	free(d);
	if (rc == -1 || w_credis_ints(out, 1, v, e) == -1)
		return -1;
	if (v[0] == 0)
		return 0;
	if (v[0] == -1)
		return w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run is "
		    "over: its budget is gone from Redis (ended, expired or "
		    "lost in a restart); start a new run");
	if (v[0] == -2)
		return w_credis_garbage(e);
	/* Ask again for the figures: the reply said which limit. */
	if (v[0] == 1)
		return w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run's "
		    "search budget is used up (shared in Redis)");
	return w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run's dispatch "
	    "ceiling is reached (shared in Redis)");
}

void
w_credis_run_settle(struct w_redis *rd, const char *id, int answered)
{
	const char *argv[3];
	char ttl[24], *k, *d;
	struct w_err e;
	jv out;

	run_keys(rd, id, &k, &d);
	snprintf(ttl, sizeof(ttl), "%ld", W_COORD_RUN_TTL_MS);
	argv[0] = k, argv[1] = answered ? "1" : "0", argv[2] = ttl;
	w_err_clear(&e);
	if (w_redis_eval(rd, &w_lua_run_settle, 1, 3, argv, &out, &e) == 0)
		jv_free(out);
	free(k);
	free(d);
}

int
w_credis_run_get(struct w_redis *rd, const char *id, jv *out,
    struct w_err *e)
{
	static const char *const f[][2] = { { "max", "maxRequestsPerRun" },
	    { "maxd", "maxDispatches" }, { "used", "requestsUsed" },
	    { "disp", "dispatchesUsed" }, { "pending", "pending" },
	    { "refunds", "refunds" }, { "exhausted", "exhausted" },
	    { "created", "created" } };
	const char *argv[2];
	char *k, *d;
	size_t i;
	jv h, dh, defs;

	*out = jv_null();
	run_keys(rd, id, &k, &d);
	argv[0] = "HGETALL";
	argv[1] = k;
	if (w_redis_cmd(rd, 2, argv, NULL, &h, e) == -1)
		goto fail;
	if (jv_get_kind(h) != JV_KIND_ARRAY || jv_array_length(jv_copy(h)) ==
	    0 || w_credis_hfield(h, "max") == NULL) {
		jv_free(h);
		w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the run is over: "
		    "its budget is gone from Redis (ended, expired or lost in "
		    "a restart)");
		goto fail;
	}
	argv[1] = d;
	if (w_redis_cmd(rd, 2, argv, NULL, &dh, e) == -1) {
		jv_free(h);
		goto fail;
	}
	*out = jv_object();
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		*out = jv_object_set(*out, jv_string(f[i][1]),
		    jv_number((double)w_credis_hnum(h, f[i][0])));
	defs = jv_object();
	for (i = 0; jv_get_kind(dh) == JV_KIND_ARRAY &&
	    (int)i + 1 < jv_array_length(jv_copy(dh)); i += 2) {
		jv kk = w_json_at(jv_copy(dh), (int)i);
		jv vv = w_json_at(jv_copy(dh), (int)i + 1);

		jv one = jv_get_kind(vv) == JV_KIND_STRING ?
		    w_json_parse(jv_string_value(vv),
		    strlen(jv_string_value(vv))) : jv_invalid();

		if (jv_get_kind(kk) == JV_KIND_STRING &&
		    jv_get_kind(one) == JV_KIND_OBJECT) {
			defs = jv_object_set(defs, kk, one);
			jv_free(vv);
		} else {
			jv_free(one);
			jv_free(kk);
			jv_free(vv);
		}
	}
	*out = jv_object_set(*out, jv_string("deferrals"), defs);
	jv_free(h);
	jv_free(dh);
	free(k);
	free(d);
	return 0;
fail:
	free(k);
	free(d);
	return -1;
}

void
w_credis_run_defer(struct w_redis *rd, const char *id, const char *backend,
    long retry_after_ms)
{
	const char *argv[5];
	char ttl[24], val[96], *k, *d;
	struct w_err e;
	jv out;

	run_keys(rd, id, &k, &d);
	snprintf(ttl, sizeof(ttl), "%ld", W_COORD_RUN_TTL_MS);
	if (retry_after_ms >= 0)
		snprintf(val, sizeof(val), "{\"at\":%lld,\"retryAfterMs\":%ld}",
		    w_clock_now_ms(), retry_after_ms);
	else
		snprintf(val, sizeof(val), "{\"at\":%lld}", w_clock_now_ms());
	argv[0] = k, argv[1] = d, argv[2] = backend, argv[3] = val;
	argv[4] = ttl;
	w_err_clear(&e);
	if (w_redis_eval(rd, &w_lua_run_defer, 2, 3, argv, &out, &e) == 0)
		jv_free(out);
	free(k);
	free(d);
}

int
w_credis_run_is_deferred(struct w_redis *rd, const char *id,
    const char *backend)
{
	const char *argv[3];
	struct w_err e;
	char *k, *d;
	int yes = 0;
	jv out;

	run_keys(rd, id, &k, &d);
	argv[0] = "HEXISTS", argv[1] = d, argv[2] = backend;
	w_err_clear(&e);
	if (w_redis_cmd(rd, 3, argv, NULL, &out, &e) == 0) {
		yes = jv_get_kind(out) == JV_KIND_NUMBER &&
		    jv_number_value(out) == 1;
		jv_free(out);
	}
	free(k);
	free(d);
	return yes;
}

int
w_credis_run_end(struct w_redis *rd, const char *id, struct w_err *e)
{
	const char *argv[3];
	char *k, *d;
	int rc;
	jv out;

	run_keys(rd, id, &k, &d);
	argv[0] = "DEL", argv[1] = k, argv[2] = d;
	rc = w_redis_cmd(rd, 3, argv, NULL, &out, e);
	if (rc == 0)
		jv_free(out);
	free(k);
	free(d);
	return rc;
}

/* "redis_version:x.y.z" out of INFO server text. */
