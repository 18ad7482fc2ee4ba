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

#include "clock.h"
#include "buf.h"
#include "coord.h"
#include "coord_redis.h"
#include "json.h"
#include "lock.h"

char *
w_credis_key(struct w_redis *rd, const char *part, const char *rest)
{
	struct w_buf b;

	w_buf_init(&b, 4096);
	w_buf_printf(&b, "%s%s%s", w_redis_conf_peek(rd)->prefix, part,
	    rest ? rest : "");
	return w_buf_take(&b);
}

int
w_credis_garbage(struct w_err *e)
{
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "Redis answered a "
	    "coordination script with something unexpected; nothing was "
	    "sent");
}

/* The first n elements of array a (consumed) as integers. */
int
w_credis_ints(jv a, int n, long long *v, struct w_err *e)
{
	int i, ok = jv_get_kind(a) == JV_KIND_ARRAY &&
	    jv_array_length(jv_copy(a)) >= n;

	for (i = 0; ok && i < n; i++) {
		jv x = w_json_at(jv_copy(a), i);

		ok = jv_get_kind(x) == JV_KIND_NUMBER;
		if (ok)
			v[i] = (long long)jv_number_value(x);
		jv_free(x);
	}
	jv_free(a);
	return ok ? 0 : w_credis_garbage(e);
}

void
w_credis_owner(char *buf, size_t len)
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
	w_err_set(e, W_E_RATE_LIMITED, "%s is cooling down after throttling "
	    "or failures (shared in Redis); nothing was sent (retry after "
	    "%lld s)", name, (ms + 999) / 1000);
	e->retry_after_ms = (long)ms;
	e->retry_at = (time_t)((now + ms + 999) / 1000);
	e->retryable = 1;
	return -1;
}

const char *
w_credis_hfield(jv h, const char *f)
{
	int i, n = jv_array_length(jv_copy(h));
	const char *r = NULL;

	for (i = 0; i + 1 < n && r == NULL; i += 2) {
		jv k = w_json_at(jv_copy(h), i);

		if (jv_get_kind(k) == JV_KIND_STRING &&
		    strcmp(jv_string_value(k), f) == 0) {
			jv v = w_json_at(jv_copy(h), i + 1);

			/* h holds the string, so the pointer outlives v. */
			if (jv_get_kind(v) == JV_KIND_STRING)
				r = jv_string_value(v);
			jv_free(v);
		}
		jv_free(k);
	}
	return r;
}

long long
w_credis_hnum(jv h, const char *f)
{
	const char *s = w_credis_hfield(h, f);

	return s ? strtoll(s, NULL, 10) : 0;
}

/* The server's clock in ms; -1 with the error. */
int
w_credis_admit(struct w_redis *rd, enum w_scope scope, const char *key,
    long wait_ms, int (*give_up)(void *, struct w_err *), void *arg,
    struct w_host_lease *l, struct w_err *e)
{
	const struct w_scope_rule *r = w_host_rule(scope);
	long long end = w_clock_mono_ms() + wait_ms, v[4];
	char bk[33], conc[16], sp[24], ttl[24], own[96], sc[8];
	const char *argv[6];
	char *k;
	jv out;
	int rc;

	memset(l, 0, sizeof(*l));
	w_host_bucket_key(scope, key, bk);
	k = w_credis_key(rd, "host:", bk);
	snprintf(conc, sizeof(conc), "%d", r->concurrency);
	snprintf(sp, sizeof(sp), "%ld", r->spacing_ms);
	snprintf(ttl, sizeof(ttl), "%ld", w_redis_conf_peek(rd)->lease_ms);
	snprintf(sc, sizeof(sc), "%d", (int)scope);
	w_credis_owner(own, sizeof(own));
	argv[0] = k, argv[1] = conc, argv[2] = sp, argv[3] = ttl;
	argv[4] = own, argv[5] = sc;
	for (;;) {
		if (w_redis_eval(rd, &w_lua_admit, 1, 6, argv, &out, e) == -1 ||
		    w_credis_ints(out, 4, v, e) == -1) {
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
			rc = w_credis_garbage(e);
			break;
		}
		if (give_up != NULL && give_up(arg, e) == -1) {
			rc = -1;
			break;
		}
		if (w_clock_mono_ms() + v[1] > end) {
			rc = w_err_set(e, W_E_TIMEOUT, "admission for %s (Redis) "
			    "did not come within %ld ms", r->name, wait_ms);
			break;
		}
		w_clock_sleep_ms((long)v[1]);
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
	k = w_credis_key(rd, "host:", l->bucket);
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
	if (w_redis_eval(rd, &w_lua_release, 1, 9, argv, &out, &e) == 0)
		jv_free(out);
	free(k);
}

/* The value of field f in a flat HGETALL array (borrowed), or NULL. */
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
		jv x = w_json_at(jv_copy(out), i);

		a = jv_array_append(a, jv_number(jv_get_kind(x) ==
		    JV_KIND_STRING ? strtod(jv_string_value(x), NULL) : -1));
		jv_free(x);
	}
	jv_free(out);
	if (w_credis_ints(a, 2, v, e) == -1 || v[0] < 0 || v[1] < 0)
		return w_credis_garbage(e);
	return v[0] * 1000 + v[1] / 1000;
}

/* Up to max keys matching prefix+pattern, as an array of strings. */
static int
scan_keys(struct w_redis *rd, const char *pattern, int max, jv *keys,
    struct w_err *e)
{
	const char *argv[6];
	char cursor[32] = "0";
	char *m = w_credis_key(rd, pattern, NULL);
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
		    w_json_at(jv_copy(out), 0) : jv_null();
		ks = jv_get_kind(out) == JV_KIND_ARRAY ?
		    w_json_at(jv_copy(out), 1) : jv_null();
		jv_free(out);
		if (jv_get_kind(c) != JV_KIND_STRING ||
		    jv_get_kind(ks) != JV_KIND_ARRAY ||
		    strlen(jv_string_value(c)) >= sizeof(cursor)) {
			jv_free(c);
			jv_free(ks);
			free(m);
			return w_credis_garbage(e);
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
		jv k = w_json_at(jv_copy(h), i);
		jv v = w_json_at(jv_copy(h), i + 1);

		if (jv_get_kind(k) == JV_KIND_STRING &&
		    jv_get_kind(v) == JV_KIND_STRING &&
		    strncmp(jv_string_value(k), "l:", 2) == 0 &&
		    now - strtoll(jv_string_value(v), NULL, 10) <= ttl)
			(*active)++;
		jv_free(k);
		jv_free(v);
	}
	cool = w_credis_hnum(h, "cool");
	last = w_credis_hnum(h, "last");
	sc = (int)w_credis_hnum(h, "scope");
	o = jv_object_set(o, jv_string("bucket"), jv_string(b ? b + 1 : key));
	o = jv_object_set(o, jv_string("scope"), jv_string(w_host_rule(
	    sc >= 0 && sc < W_SCOPE_COUNT ? (enum w_scope)sc :
	    W_SCOPE_PROVIDER)->name));
	o = jv_object_set(o, jv_string("active"), jv_number(*active));
	o = jv_object_set(o, jv_string("cooling_down"), jv_bool(cool > now));
	if (cool > now) {
		o = jv_object_set(o, jv_string("retryAfterMs"),
		    jv_number((double)(cool - now)));
		o = jv_object_set(o, jv_string("retryAt"), jv_string(
		    w_json_iso8601((time_t)(cool / 1000), iso, sizeof(iso))));
	}
	o = jv_object_set(o, jv_string("probe_pending"),
	    jv_bool(cool != 0 && cool <= now));
	o = jv_object_set(o, jv_string("throttle_streak"),
	    jv_number((double)w_credis_hnum(h, "throttles")));
	o = jv_object_set(o, jv_string("failure_streak"),
	    jv_number((double)w_credis_hnum(h, "failures")));
	o = jv_object_set(o, jv_string("admitted"),
	    jv_number((double)w_credis_hnum(h, "admitted")));
	o = jv_object_set(o, jv_string("throttled"),
	    jv_number((double)w_credis_hnum(h, "throttled")));
	o = jv_object_set(o, jv_string("failed"),
	    jv_number((double)w_credis_hnum(h, "failed")));
	if (last != 0)
		o = jv_object_set(o, jv_string("last_start"), jv_string(
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
			*cool += w_json_bool_peek(x, "cooling_down", 0);
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
	*out = jv_object_set(*out, jv_string("state_dir"), jv_string(
	    w_redis_where(w_redis_conf_peek(rd), where, sizeof(where))));
	*out = jv_object_set(*out, jv_string("prefix"),
	    jv_string(w_redis_conf_peek(rd)->prefix));
	*out = jv_object_set(*out, jv_string("exists"), jv_true());
	*out = jv_object_set(*out, jv_string("buckets"),
	    jv_number(jv_array_length(jv_copy(ents))));
	*out = jv_object_set(*out, jv_string("max_buckets"),
	    jv_number(W_HOST_MAX_BUCKETS));
	*out = jv_object_set(*out, jv_string("active_requests"),
	    jv_number(active));
	*out = jv_object_set(*out, jv_string("cooling_down"), jv_number(cool));
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
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "reset "
		    "refused: %ld request%s active under Redis "
		    "coordination; wait for %s to finish", active,
		    active == 1 ? " is" : "s are", active == 1 ? "it" :
		    "them");
	}
	jv_array_foreach(ents, i, b) {
		(void)i;
		k = w_credis_key(rd, "host:", w_json_str_peek(b, "bucket"));
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
	*out = jv_object_set(*out, jv_string("buckets_cleared"), jv_number(n));
	return 0;
}

/* prefix + part + sha256(key); caller frees. */
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
	const char *argv[16];
	size_t ns;
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
		return w_credis_garbage(e);
	}
	jv_free(r);
	argv[0] = "INFO", argv[1] = "server";
	if (w_redis_cmd(rd, 2, argv, NULL, &r, e) == -1)
		return -1;
	version(jv_get_kind(r) == JV_KIND_STRING ? jv_string_value(r) : "",
	    ver, sizeof(ver));
	jv_free(r);
	argv[0] = "SCRIPT", argv[1] = "EXISTS";
	for (ns = 0; ns < 14 && w_lua_all[ns] != NULL; ns++)
		argv[2 + ns] = w_redis_script_sha(w_lua_all[ns]);
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
	*out = jv_object_set(*out, jv_string("latency_us"),
	    jv_number((double)us));
	r = jv_object_set(jv_object(), jv_string("loaded"), jv_number(loaded));
	r = jv_object_set(r, jv_string("total"), jv_number((double)ns));
	*out = jv_object_set(*out, jv_string("scripts"), r);
	return 0;
}

