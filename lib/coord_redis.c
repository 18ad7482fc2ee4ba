/*
 * coord_redis.c: host decisions, run budgets and the search cache in
 * Redis. Every decision is one Lua script (atomic on the server) that
 * reads the server's clock; the C side only loops on "wait" answers
 * and checks the shape of every reply (anything else is garbage:
 * coordination_unavailable).
 *
 * Spacing is GCRA with no burst tolerance: a bucket keeps one
 * timestamp (the last admitted start, GCRA's theoretical arrival time
 * minus the interval) and admits when now >= last + spacing. A token
 * bucket would need two fields (tokens, refill time) and fractional
 * refill arithmetic to say the same thing for a burst of one, and it
 * would let a burst through after an idle spell, which the reference
 * figures (one start per spacing) forbid.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "coord.h"
#include "coord_redis.h"
#include "json.h"
#include "lock.h"
#include "searchcache.h"
#include "sha256.h"

/* Milliseconds of the server's TIME, as every script computes it. */
#define NOW_MS "if redis.replicate_commands then " \
	"redis.replicate_commands() end\n" \
	"local t = redis.call('TIME')\n" \
	"local now = tonumber(t[1]) * 1000 + " \
	"math.floor(tonumber(t[2]) / 1000)\n"

/*
 * KEYS[1] bucket. ARGV: concurrency, spacing ms, lease TTL ms, owner,
 * scope. Returns {0, id, probe, now} admitted, {1, ms, now, 0} wait,
 * {2, ms, now, 0} cooling down. Leases are fields l:<id> = "since probe
 * owner"; expired ones are reclaimed first.
 */
static struct w_redis_script admit_lua = { NOW_MS
"local k = KEYS[1]\n"
"local conc, spacing, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), "
"tonumber(ARGV[3])\n"
"local h = redis.call('HGETALL', k)\n"
"local n, probing, cool, last = 0, false, 0, 0\n"
"for i = 1, #h, 2 do\n"
"  local f, v = h[i], h[i + 1]\n"
"  if string.sub(f, 1, 2) == 'l:' then\n"
"    local since, probe = string.match(v, '^(%d+) (%d)')\n"
"    if since == nil or now - tonumber(since) > ttl then\n"
"      redis.call('HDEL', k, f)\n"
"    else\n"
"      n = n + 1\n"
"      if probe == '1' then probing = true end\n"
"    end\n"
"  elseif f == 'cool' then cool = tonumber(v) or 0\n"
"  elseif f == 'last' then last = tonumber(v) or 0 end\n"
"end\n"
"if cool > now then return {2, cool - now, now, 0} end\n"
"local probe = 0\n"
"if cool ~= 0 then\n"
"  if probing then return {1, 50, now, 0} end\n"
"  probe = 1\n"
"end\n"
"if n >= conc or n >= 8 then return {1, 20, now, 0} end\n"
"if last ~= 0 and now < last + spacing then\n"
"  return {1, last + spacing - now, now, 0}\n"
"end\n"
"local id = redis.call('HINCRBY', k, 'seq', 1)\n"
"redis.call('HSET', k, 'l:' .. id, now .. ' ' .. probe .. ' ' .. ARGV[4],"
" 'last', now, 'scope', ARGV[5])\n"
"redis.call('HINCRBY', k, 'admitted', 1)\n"
"redis.call('PEXPIRE', k, math.max(cool - now, ttl) + 3600000)\n"
"return {0, id, probe, now}\n", "" };

/*
 * KEYS[1] bucket. ARGV: lease id, outcome (0 success, 1 throttled,
 * 2 failure, 3 neutral), Retry-After ms or -1, cooldown ms, max
 * cooldown ms, infrastructure cooldown ms, lease TTL ms, scope.
 * Returns {now, cooldown end}.
 */
static struct w_redis_script release_lua = { NOW_MS
"local k = KEYS[1]\n"
"redis.call('HDEL', k, 'l:' .. ARGV[1])\n"
"local o = tonumber(ARGV[2])\n"
"local cool = tonumber(redis.call('HGET', k, 'cool') or '0') or 0\n"
"if o == 0 then\n"
"  redis.call('HSET', k, 'throttles', 0, 'failures', 0, 'cool', 0)\n"
"  cool = 0\n"
"elseif o == 1 then\n"
"  redis.call('HINCRBY', k, 'throttled', 1)\n"
"  local s = redis.call('HINCRBY', k, 'throttles', 1)\n"
"  local ra, d, mx = tonumber(ARGV[3]), tonumber(ARGV[4]), "
"tonumber(ARGV[5])\n"
"  if ra >= 0 then\n"
"    d = math.min(ra, 86400000)\n"
"  else\n"
"    while s > 1 and d < mx do d = d * 2; s = s - 1 end\n"
"    if d > mx then d = mx end\n"
"  end\n"
"  if now + d > cool then cool = now + d; "
"redis.call('HSET', k, 'cool', cool) end\n"
"elseif o == 2 then\n"
"  redis.call('HINCRBY', k, 'failed', 1)\n"
"  local f = redis.call('HINCRBY', k, 'failures', 1)\n"
"  local d = tonumber(ARGV[6])\n"
"  if f >= 2 and now + d > cool then cool = now + d; "
"redis.call('HSET', k, 'cool', cool) end\n"
"end\n"
"if o ~= 3 then redis.call('HSETNX', k, 'scope', ARGV[8]) end\n"
"if redis.call('EXISTS', k) == 1 then\n"
"  redis.call('PEXPIRE', k, math.max(cool - now, tonumber(ARGV[7])) + "
"3600000)\n"
"end\n"
"return {now, cool}\n", "" };

/* KEYS[1] run. ARGV: max, TTL ms. */
static struct w_redis_script run_create_lua = { NOW_MS
"redis.call('DEL', KEYS[1])\n"
"redis.call('HSET', KEYS[1], 'max', ARGV[1], 'maxd', "
"tonumber(ARGV[1]) * 4, 'used', 0, 'disp', 0, 'pending', 0, "
"'refunds', 0, 'exhausted', 0, 'created', now)\n"
"redis.call('PEXPIRE', KEYS[1], ARGV[2])\n"
"return 1\n", "" };

/*
 * KEYS[1] run, KEYS[2] its deferrals. ARGV: dispatch only (0/1), TTL.
 * Returns {0} reserved, {1, used, max} no answered search left,
 * {2, dispatched, ceiling} at the dispatch ceiling, {-1} the run is
 * gone, {-2} the run's hash is not ours.
 */
static struct w_redis_script run_reserve_lua =
{ "local k = KEYS[1]\n"
"if redis.call('EXISTS', k) == 0 then return {-1} end\n"
"local v = redis.call('HMGET', k, 'max', 'used', 'disp')\n"
"local max, used, disp = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])\n"
"if max == nil or used == nil or disp == nil then return {-2} end\n"
"redis.call('PEXPIRE', k, ARGV[2])\n"
"redis.call('PEXPIRE', KEYS[2], ARGV[2])\n"
"if ARGV[1] == '0' and used >= max then\n"
"  redis.call('HINCRBY', k, 'exhausted', 1)\n"
"  return {1, used, max}\n"
"end\n"
"if disp >= max * 4 then\n"
"  redis.call('HINCRBY', k, 'exhausted', 1)\n"
"  return {2, disp, max * 4}\n"
"end\n"
"if ARGV[1] == '0' then\n"
"  redis.call('HINCRBY', k, 'used', 1)\n"
"  redis.call('HINCRBY', k, 'pending', 1)\n"
"end\n"
"redis.call('HINCRBY', k, 'disp', 1)\n"
"return {0}\n", "" };

/* KEYS[1] run. ARGV: answered (0/1), TTL. A gone run stays gone. */
static struct w_redis_script run_settle_lua =
{ "local k = KEYS[1]\n"
"if redis.call('EXISTS', k) == 0 then return 0 end\n"
"if redis.call('HINCRBY', k, 'pending', -1) < 0 then "
"redis.call('HSET', k, 'pending', 0) end\n"
"if ARGV[1] == '0' then\n"
"  if redis.call('HINCRBY', k, 'used', -1) < 0 then "
"redis.call('HSET', k, 'used', 0) end\n"
"  redis.call('HINCRBY', k, 'refunds', 1)\n"
"end\n"
"redis.call('PEXPIRE', k, ARGV[2])\n"
"return 1\n", "" };

/* KEYS[1] run, KEYS[2] deferrals. ARGV: backend, value, TTL. */
static struct w_redis_script run_defer_lua =
{ "if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end\n"
"if redis.call('HLEN', KEYS[2]) >= 64 and "
"redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then return 0 end\n"
"redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])\n"
"redis.call('PEXPIRE', KEYS[2], ARGV[3])\n"
"return 1\n", "" };

/* KEYS[1] claim. ARGV: owner. Deleted only by its owner. */
static struct w_redis_script unclaim_lua =
{ "if redis.call('GET', KEYS[1]) == ARGV[1] then "
"return redis.call('DEL', KEYS[1]) end\n"
"return 0\n", "" };

static struct w_redis_script *const scripts[] = { &admit_lua,
    &release_lua, &run_create_lua, &run_reserve_lua, &run_settle_lua,
    &run_defer_lua, &unclaim_lua };

/* prefix + part + rest; caller frees. */
static char *
rkey(struct w_redis *rd, const char *part, const char *rest)
{
	struct w_buf b;

	w_buf_init(&b, 4096);
	w_buf_printf(&b, "%s%s%s", w_redis_conf_peek(rd)->prefix, part,
	    rest ? rest : "");
	return w_buf_take(&b);
}

static int
garbage(struct w_err *e)
{
	return w_err_set(e, "coordination_unavailable", "Redis answered a "
	    "coordination script with something unexpected; nothing was "
	    "sent");
}

/* The first n elements of array a (consumed) as integers. */
static int
ints(jv a, int n, long long *v, struct w_err *e)
{
	int i, ok = jv_get_kind(a) == JV_KIND_ARRAY &&
	    jv_array_length(jv_copy(a)) >= n;

	for (i = 0; ok && i < n; i++) {
		jv x = jv_array_get(jv_copy(a), i);

		ok = jv_get_kind(x) == JV_KIND_NUMBER;
		if (ok)
			v[i] = (long long)jv_number_value(x);
		jv_free(x);
	}
	jv_free(a);
	return ok ? 0 : garbage(e);
}

static void
owner(char *buf, size_t len)
{
	char host[64];

	if (gethostname(host, sizeof(host)) == -1)
		snprintf(host, sizeof(host), "?");
	host[sizeof(host) - 1] = '\0';
	snprintf(buf, len, "%s:%ld", host, (long)getpid());
}

static int
cooling(struct w_err *e, const char *name, long long ms, long long now)
{
	w_err_set(e, "rate_limited", "%s is cooling down after throttling "
	    "or failures (shared in Redis); nothing was sent (retry after "
	    "%lld s)", name, (ms + 999) / 1000);
	e->retry_after_ms = (long)ms;
	e->retry_at = (time_t)((now + ms + 999) / 1000);
	e->retryable = 1;
	return -1;
}

int
w_credis_admit(struct w_redis *rd, enum w_scope scope, const char *key,
    long wait_ms, int (*give_up)(void *, struct w_err *), void *arg,
    struct w_host_lease *l, struct w_err *e)
{
	const struct w_scope_rule *r = w_host_rule(scope);
	long long end = w_lock_mono_ms() + wait_ms, v[4];
	char bk[33], conc[16], sp[24], ttl[24], own[96], sc[8];
	const char *argv[6];
	char *k;
	jv out;
	int rc;

	memset(l, 0, sizeof(*l));
	w_host_bucket_key(scope, key, bk);
	k = rkey(rd, "host:", bk);
	snprintf(conc, sizeof(conc), "%d", r->concurrency);
	snprintf(sp, sizeof(sp), "%ld", r->spacing_ms);
	snprintf(ttl, sizeof(ttl), "%ld", w_redis_conf_peek(rd)->lease_ms);
	snprintf(sc, sizeof(sc), "%d", (int)scope);
	owner(own, sizeof(own));
	argv[0] = k, argv[1] = conc, argv[2] = sp, argv[3] = ttl;
	argv[4] = own, argv[5] = sc;
	for (;;) {
		if (w_redis_eval(rd, &admit_lua, 1, 6, argv, &out, e) == -1 ||
		    ints(out, 4, v, e) == -1) {
			rc = -1;
			break;
		}
		if (v[0] == 0) {
			l->held = 1;
			l->scope = scope;
			l->id = (long)v[1];
			l->probe = (int)v[2];
			l->since = v[3];	/* the server's clock */
			memcpy(l->bucket, bk, sizeof(bk));
			rc = 0;
			break;
		}
		if (v[0] == 2) {
			rc = cooling(e, r->name, v[1], v[2]);
			break;
		}
		if (v[0] != 1 || v[1] < 0 || v[1] > 3600000) {
			rc = garbage(e);
			break;
		}
		if (give_up != NULL && give_up(arg, e) == -1) {
			rc = -1;
			break;
		}
		if (w_lock_mono_ms() + v[1] > end) {
			rc = w_err_set(e, "timeout", "admission for %s (Redis) "
			    "did not come within %ld ms", r->name, wait_ms);
			break;
		}
		w_lock_sleep_ms((long)v[1]);
	}
	free(k);
	return rc;
}

void
w_credis_release(struct w_redis *rd, struct w_host_lease *l,
    enum w_host_outcome o, long retry_after_ms)
{
	const struct w_scope_rule *r = w_host_rule(l->scope);
	char id[24], oc[4], ra[24], cd[24], mx[24], inf[24], ttl[24], sc[8];
	const char *argv[9];
	struct w_err e;
	char *k;
	jv out;

	if (!l->held)
		return;
	l->held = 0;
	w_err_clear(&e);
	k = rkey(rd, "host:", l->bucket);
	snprintf(id, sizeof(id), "%ld", l->id);
	snprintf(oc, sizeof(oc), "%d", o == W_HOST_SUCCESS ? 0 :
	    o == W_HOST_THROTTLED ? 1 : o == W_HOST_FAILURE ? 2 : 3);
	snprintf(ra, sizeof(ra), "%ld", retry_after_ms < 0 ? -1 :
	    retry_after_ms);
	snprintf(cd, sizeof(cd), "%ld", r->cooldown_ms);
	snprintf(mx, sizeof(mx), "%ld", W_HOST_MAX_COOLDOWN_MS);
	snprintf(inf, sizeof(inf), "%ld", W_HOST_INFRA_COOLDOWN_MS);
	snprintf(ttl, sizeof(ttl), "%ld", w_redis_conf_peek(rd)->lease_ms);
	snprintf(sc, sizeof(sc), "%d", (int)l->scope);
	argv[0] = k, argv[1] = id, argv[2] = oc, argv[3] = ra, argv[4] = cd;
	argv[5] = mx, argv[6] = inf, argv[7] = ttl, argv[8] = sc;
	if (w_redis_eval(rd, &release_lua, 1, 9, argv, &out, &e) == 0)
		jv_free(out);
	free(k);
}

/* The value of field f in a flat HGETALL array (borrowed), or NULL. */
static const char *
hfield(jv h, const char *f)
{
	int i, n = jv_array_length(jv_copy(h));
	const char *r = NULL;

	for (i = 0; i + 1 < n && r == NULL; i += 2) {
		jv k = jv_array_get(jv_copy(h), i);

		if (jv_get_kind(k) == JV_KIND_STRING &&
		    strcmp(jv_string_value(k), f) == 0) {
			jv v = jv_array_get(jv_copy(h), i + 1);

			/* h holds the string, so the pointer outlives v. */
			if (jv_get_kind(v) == JV_KIND_STRING)
				r = jv_string_value(v);
			jv_free(v);
		}
		jv_free(k);
	}
	return r;
}

static long long
hnum(jv h, const char *f)
{
	const char *s = hfield(h, f);

	return s ? strtoll(s, NULL, 10) : 0;
}

/* The server's clock in ms; -1 with the error. */
static long long
server_now(struct w_redis *rd, struct w_err *e)
{
	const char *argv[1] = { "TIME" };
	long long v[2];
	jv out, a = jv_array();
	int i;

	if (w_redis_cmd(rd, 1, argv, NULL, &out, e) == -1) {
		jv_free(a);
		return -1;
	}
	for (i = 0; i < 2 && jv_get_kind(out) == JV_KIND_ARRAY; i++) {
		jv x = jv_array_get(jv_copy(out), i);

		a = jv_array_append(a, jv_number(jv_get_kind(x) ==
		    JV_KIND_STRING ? strtod(jv_string_value(x), NULL) : -1));
		jv_free(x);
	}
	jv_free(out);
	if (ints(a, 2, v, e) == -1 || v[0] < 0 || v[1] < 0)
		return garbage(e);
	return v[0] * 1000 + v[1] / 1000;
}

/* Up to max keys matching prefix+pattern, as an array of strings. */
static int
scan_keys(struct w_redis *rd, const char *pattern, int max, jv *keys,
    struct w_err *e)
{
	const char *argv[6];
	char cursor[32] = "0";
	char *m = rkey(rd, pattern, NULL);
	int rounds = 0;
	jv out, c, ks;

	*keys = jv_array();
	do {
		argv[0] = "SCAN", argv[1] = cursor, argv[2] = "MATCH";
		argv[3] = m, argv[4] = "COUNT", argv[5] = "200";
		if (w_redis_cmd(rd, 6, argv, NULL, &out, e) == -1) {
			free(m);
			return -1;
		}
		c = jv_get_kind(out) == JV_KIND_ARRAY ?
		    jv_array_get(jv_copy(out), 0) : jv_null();
		ks = jv_get_kind(out) == JV_KIND_ARRAY ?
		    jv_array_get(jv_copy(out), 1) : jv_null();
		jv_free(out);
		if (jv_get_kind(c) != JV_KIND_STRING ||
		    jv_get_kind(ks) != JV_KIND_ARRAY ||
		    strlen(jv_string_value(c)) >= sizeof(cursor)) {
			jv_free(c);
			jv_free(ks);
			free(m);
			return garbage(e);
		}
		snprintf(cursor, sizeof(cursor), "%s", jv_string_value(c));
		jv_free(c);
		jv_array_foreach(ks, i, x) {
			(void)i;
			if (jv_get_kind(x) == JV_KIND_STRING &&
			    jv_array_length(jv_copy(*keys)) < max)
				*keys = jv_array_append(*keys, x);
			else
				jv_free(x);
		}
		jv_free(ks);
	} while (strcmp(cursor, "0") != 0 && ++rounds < 1000 &&
	    jv_array_length(jv_copy(*keys)) < max);
	free(m);
	return 0;
}

/* One bucket's status entry from its HGETALL h (consumed). */
static jv
bucket_entry(struct w_redis *rd, const char *key, jv h, long long now,
    long *active)
{
	long long ttl = w_redis_conf_peek(rd)->lease_ms, cool, last;
	const char *b = strrchr(key, ':');
	int i, n = jv_array_length(jv_copy(h)), sc;
	char iso[32];
	jv o = jv_object();

	*active = 0;
	for (i = 0; i + 1 < n; i += 2) {
		jv k = jv_array_get(jv_copy(h), i);
		jv v = jv_array_get(jv_copy(h), i + 1);

		if (jv_get_kind(k) == JV_KIND_STRING &&
		    jv_get_kind(v) == JV_KIND_STRING &&
		    strncmp(jv_string_value(k), "l:", 2) == 0 &&
		    now - strtoll(jv_string_value(v), NULL, 10) <= ttl)
			(*active)++;
		jv_free(k);
		jv_free(v);
	}
	cool = hnum(h, "cool");
	last = hnum(h, "last");
	sc = (int)hnum(h, "scope");
	o = jv_object_set(o, jv_string("bucket"), jv_string(b ? b + 1 : key));
	o = jv_object_set(o, jv_string("scope"), jv_string(w_host_rule(
	    sc >= 0 && sc < W_SCOPE_COUNT ? (enum w_scope)sc :
	    W_SCOPE_PROVIDER)->name));
	o = jv_object_set(o, jv_string("active"), jv_number(*active));
	o = jv_object_set(o, jv_string("coolingDown"), jv_bool(cool > now));
	if (cool > now) {
		o = jv_object_set(o, jv_string("retryAfterMs"),
		    jv_number((double)(cool - now)));
		o = jv_object_set(o, jv_string("retryAt"), jv_string(
		    w_json_iso8601((time_t)(cool / 1000), iso, sizeof(iso))));
	}
	o = jv_object_set(o, jv_string("probePending"),
	    jv_bool(cool != 0 && cool <= now));
	o = jv_object_set(o, jv_string("throttleStreak"),
	    jv_number((double)hnum(h, "throttles")));
	o = jv_object_set(o, jv_string("failureStreak"),
	    jv_number((double)hnum(h, "failures")));
	o = jv_object_set(o, jv_string("admitted"),
	    jv_number((double)hnum(h, "admitted")));
	o = jv_object_set(o, jv_string("throttled"),
	    jv_number((double)hnum(h, "throttled")));
	o = jv_object_set(o, jv_string("failed"),
	    jv_number((double)hnum(h, "failed")));
	if (last != 0)
		o = jv_object_set(o, jv_string("lastStart"), jv_string(
		    w_json_iso8601((time_t)(last / 1000), iso, sizeof(iso))));
	jv_free(h);
	return o;
}

/* Every host bucket's entry; *active and *cool summed. */
static int
buckets(struct w_redis *rd, jv *ents, long *active, long *cool,
    struct w_err *e)
{
	const char *argv[2];
	long long now;
	long a;
	jv keys, h, x;

	*ents = jv_array();
	*active = *cool = 0;
	if ((now = server_now(rd, e)) == -1 ||
	    scan_keys(rd, "host:*", W_HOST_MAX_BUCKETS, &keys, e) == -1)
		return -1;
	jv_array_foreach(keys, i, k) {
		(void)i;
		argv[0] = "HGETALL";
		argv[1] = jv_string_value(k);
		if (w_redis_cmd(rd, 2, argv, NULL, &h, e) == -1) {
			jv_free(k);
			jv_free(keys);
			return -1;
		}
		if (jv_get_kind(h) == JV_KIND_ARRAY &&
		    jv_array_length(jv_copy(h)) > 0) {
			x = bucket_entry(rd, jv_string_value(k), h, now, &a);
			*active += a;
			*cool += w_json_bool_peek(x, "coolingDown", 0);
			*ents = jv_array_append(*ents, x);
		} else
			jv_free(h);
		jv_free(k);
	}
	jv_free(keys);
	return 0;
}

int
w_credis_status(struct w_redis *rd, jv *out, struct w_err *e)
{
	char where[300];
	long active, cool;
	jv ents;

	*out = jv_null();
	if (buckets(rd, &ents, &active, &cool, e) == -1) {
		jv_free(ents);
		return -1;
	}
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("backend"), jv_string("redis"));
	*out = jv_object_set(*out, jv_string("stateDir"), jv_string(
	    w_redis_where(w_redis_conf_peek(rd), where, sizeof(where))));
	*out = jv_object_set(*out, jv_string("prefix"),
	    jv_string(w_redis_conf_peek(rd)->prefix));
	*out = jv_object_set(*out, jv_string("exists"), jv_true());
	*out = jv_object_set(*out, jv_string("buckets"),
	    jv_number(jv_array_length(jv_copy(ents))));
	*out = jv_object_set(*out, jv_string("maxBuckets"),
	    jv_number(W_HOST_MAX_BUCKETS));
	*out = jv_object_set(*out, jv_string("activeRequests"),
	    jv_number(active));
	*out = jv_object_set(*out, jv_string("coolingDown"), jv_number(cool));
	*out = jv_object_set(*out, jv_string("entries"), ents);
	return 0;
}

int
w_credis_reset(struct w_redis *rd, jv *out, struct w_err *e)
{
	const char *argv[2];
	long active, cool;
	int n = 0;
	jv ents, x;
	char *k;

	*out = jv_null();
	if (buckets(rd, &ents, &active, &cool, e) == -1) {
		jv_free(ents);
		return -1;
	}
	if (active > 0) {
		jv_free(ents);
		return w_err_set(e, "coordination_unavailable", "reset "
		    "refused: %ld request%s active under Redis "
		    "coordination; wait for %s to finish", active,
		    active == 1 ? " is" : "s are", active == 1 ? "it" :
		    "them");
	}
	jv_array_foreach(ents, i, b) {
		(void)i;
		k = rkey(rd, "host:", w_json_str_peek(b, "bucket"));
		argv[0] = "DEL";
		argv[1] = k;
		if (w_redis_cmd(rd, 2, argv, NULL, &x, e) == -1) {
			free(k);
			jv_free(b);
			jv_free(ents);
			return -1;
		}
		jv_free(x);
		free(k);
		jv_free(b);
		n++;
	}
	jv_free(ents);
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("reset"), jv_true());
	*out = jv_object_set(*out, jv_string("bucketsCleared"), jv_number(n));
	return 0;
}

/* prefix + part + sha256(key); caller frees. */
static char *
hkey(struct w_redis *rd, const char *part, const char *key)
{
	char h[65];

	w_sha256_hex(key, strlen(key), h);
	return rkey(rd, part, h);
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
		return garbage(e);
	}
	*result = jv_parse(jv_string_value(out));
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
	long long end = w_lock_mono_ms() + wait_ms;
	const char *argv[6];
	char own[96], ttl[24], *k = hkey(rd, "inflight:", key);
	int rc;
	jv out;

	*result = jv_null();
	owner(own, sizeof(own));
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
		if (w_lock_mono_ms() + 50 > end) {
			rc = 0;
			break;
		}
		w_lock_sleep_ms(50);
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

	owner(own, sizeof(own));
	argv[0] = k;
	argv[1] = own;
	w_err_clear(&e);
	if (w_redis_eval(rd, &unclaim_lua, 1, 2, argv, &out, &e) == 0)
		jv_free(out);
	free(k);
}

static void
run_keys(struct w_redis *rd, const char *id, char **run, char **defer)
{
	struct w_buf b;

	*run = rkey(rd, "run:", id);
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
	rc = w_redis_eval(rd, &run_create_lua, 1, 3, argv, &out, e);
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
	rc = w_redis_eval(rd, &run_reserve_lua, 2, 4, argv, &out, e);
	free(k);
	free(d);
	if (rc == -1 || ints(out, 1, v, e) == -1)
		return -1;
	if (v[0] == 0)
		return 0;
	if (v[0] == -1)
		return w_err_set(e, "search_budget_exhausted", "the run is "
		    "over: its budget is gone from Redis (ended, expired or "
		    "lost in a restart); start a new run");
	if (v[0] == -2)
		return garbage(e);
	/* Ask again for the figures: the reply said which limit. */
	if (v[0] == 1)
		return w_err_set(e, "search_budget_exhausted", "the run's "
		    "search budget is used up (shared in Redis)");
	return w_err_set(e, "search_budget_exhausted", "the run's dispatch "
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
	if (w_redis_eval(rd, &run_settle_lua, 1, 3, argv, &out, &e) == 0)
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
	    0 || hfield(h, "max") == NULL) {
		jv_free(h);
		w_err_set(e, "coordination_unavailable", "the run is over: "
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
		    jv_number((double)hnum(h, f[i][0])));
	defs = jv_object();
	for (i = 0; jv_get_kind(dh) == JV_KIND_ARRAY &&
	    (int)i + 1 < jv_array_length(jv_copy(dh)); i += 2) {
		jv kk = jv_array_get(jv_copy(dh), (int)i);
		jv vv = jv_array_get(jv_copy(dh), (int)i + 1);

		if (jv_get_kind(kk) == JV_KIND_STRING &&
		    jv_get_kind(vv) == JV_KIND_STRING) {
			defs = jv_object_set(defs, kk,
			    jv_parse(jv_string_value(vv)));
			jv_free(vv);
		} else {
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
		    w_lock_now_ms(), retry_after_ms);
	else
		snprintf(val, sizeof(val), "{\"at\":%lld}", w_lock_now_ms());
	argv[0] = k, argv[1] = d, argv[2] = backend, argv[3] = val;
	argv[4] = ttl;
	w_err_clear(&e);
	if (w_redis_eval(rd, &run_defer_lua, 2, 3, argv, &out, &e) == 0)
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
static void
version(const char *info, char *out, size_t len)
{
	const char *p = strstr(info, "redis_version:");

	snprintf(out, len, "unknown");
	if (p != NULL)
		snprintf(out, len, "%.*s", (int)strcspn(p + 14, "\r\n"),
		    p + 14);
}

int
w_credis_doctor(struct w_redis *rd, jv *out, struct w_err *e)
{
	const char *argv[2 + sizeof(scripts) / sizeof(scripts[0])];
	size_t i, ns = sizeof(scripts) / sizeof(scripts[0]);
	struct timespec a, b;
	long long us;
	char ver[64], where[300];
	int loaded = 0;
	jv r;

	*out = jv_null();
	argv[0] = "PING";
	clock_gettime(CLOCK_MONOTONIC, &a);
	if (w_redis_cmd(rd, 1, argv, NULL, &r, e) == -1)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &b);
	us = (b.tv_sec - a.tv_sec) * 1000000LL + (b.tv_nsec - a.tv_nsec) /
	    1000;
	if (jv_get_kind(r) != JV_KIND_STRING ||
	    strcmp(jv_string_value(r), "PONG") != 0) {
		jv_free(r);
		return garbage(e);
	}
	jv_free(r);
	argv[0] = "INFO", argv[1] = "server";
	if (w_redis_cmd(rd, 2, argv, NULL, &r, e) == -1)
		return -1;
	version(jv_get_kind(r) == JV_KIND_STRING ? jv_string_value(r) : "",
	    ver, sizeof(ver));
	jv_free(r);
	argv[0] = "SCRIPT", argv[1] = "EXISTS";
	for (i = 0; i < ns; i++)
		argv[2 + i] = w_redis_script_sha(scripts[i]);
	if (w_redis_cmd(rd, (int)(2 + ns), argv, NULL, &r, e) == -1)
		return -1;
	jv_array_foreach(r, j, x) {
		(void)j;
		loaded += jv_get_kind(x) == JV_KIND_NUMBER &&
		    jv_number_value(x) == 1;
		jv_free(x);
	}
	jv_free(r);
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("where"), jv_string(
	    w_redis_where(w_redis_conf_peek(rd), where, sizeof(where))));
	*out = jv_object_set(*out, jv_string("prefix"),
	    jv_string(w_redis_conf_peek(rd)->prefix));
	*out = jv_object_set(*out, jv_string("version"), jv_string(ver));
	*out = jv_object_set(*out, jv_string("latencyUs"),
	    jv_number((double)us));
	r = jv_object_set(jv_object(), jv_string("loaded"), jv_number(loaded));
	r = jv_object_set(r, jv_string("total"), jv_number((double)ns));
	*out = jv_object_set(*out, jv_string("scripts"), r);
	return 0;
}
