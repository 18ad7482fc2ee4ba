/*
 * hoststate.c: host coordination state. The decisions (admission,
 * spacing, cooldowns, probes) are pure functions on one bucket; the
 * rest loads state.json into buckets under the lock, applies one
 * decision and writes it back atomically.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "hoststate.h"
#include "json.h"
#include "lock.h"
#include "sha256.h"

static const struct w_scope_rule rules[W_SCOPE_COUNT] = {
	{ "searxng", 1, 2000, 300000 },
	{ "ollama", 1, 2000, 300000 },
	{ "parallel", 1, 2000, 300000 },
	{ "provider", 1, 2000, 300000 },
	{ "duckduckgo", 1, 3000, 300000 },
	{ "startpage", 1, 3000, 300000 },
	{ "codex", 1, 0, 300000 },
	{ "fetch", 2, 500, 60000 },
};

const struct w_scope_rule *
w_host_rule(enum w_scope s)
{
	if ((int)s < 0 || s >= W_SCOPE_COUNT)
		return &rules[W_SCOPE_PROVIDER];
	return &rules[s];
}

int
w_host_scope_named(const char *name)
{
	int i;

	for (i = 0; i < W_SCOPE_COUNT; i++)
		if (strcmp(rules[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- the pure part ---- */

long
w_host_cooldown_ms(enum w_scope s, long streak, long retry_after_ms)
{
	long d = w_host_rule(s)->cooldown_ms;

	if (retry_after_ms >= 0)
		/* Honoured as given, within a day. */
		return retry_after_ms > 86400000L ? 86400000L : retry_after_ms;
	while (--streak > 0 && d < W_HOST_MAX_COOLDOWN_MS)
		d *= 2;
	return d > W_HOST_MAX_COOLDOWN_MS ? W_HOST_MAX_COOLDOWN_MS : d;
}

static void
drop_holder(struct w_host_bucket *b, int i)
{
	b->act[i] = b->act[--b->nact];
}

/* Reclaim expired holders and, with check_alive, dead ones. */
static int
reclaim(struct w_host_bucket *b, long long now, int check_alive)
{
	int i, n = 0;

	for (i = 0; i < b->nact; ) {
		if (now - b->act[i].since > W_HOST_LEASE_MAX_MS ||
		    (check_alive && !w_lock_proc_alive(b->act[i].pid,
		    b->act[i].start))) {
			drop_holder(b, i);
			n++;
		} else
			i++;
	}
	return n;
}

int
w_host_decide(struct w_host_bucket *b, long long now, pid_t pid,
    unsigned long long start, int check_alive, long *ms, long *id)
{
	const struct w_scope_rule *r = w_host_rule(b->scope);
	struct w_host_holder *h;
	int i, probe = 0;

	reclaim(b, now, check_alive);
	*ms = 0;
	if (b->until > now) {
		*ms = (long)(b->until - now);
		return W_HOST_COOLING;
	}
	if (b->until != 0) {
		/* The cooldown is over: one probe, the others wait on it. */
		for (i = 0; i < b->nact; i++)
			if (b->act[i].probe) {
				*ms = 50;
				return W_HOST_WAIT;
			}
		probe = 1;
	}
	if (b->nact >= r->concurrency || b->nact >= W_HOST_MAX_LEASES) {
		*ms = 20;
		return W_HOST_WAIT;
	}
	if (b->last != 0 && now < b->last + r->spacing_ms) {
		*ms = (long)(b->last + r->spacing_ms - now);
		return W_HOST_WAIT;
	}
	h = &b->act[b->nact++];
	h->id = ++b->seq;
	h->pid = pid;
	h->start = start;
	h->since = now;
	h->probe = probe;
	b->last = now;
	b->admitted++;
	*id = h->id;
	return W_HOST_ADMIT;
}

void
w_host_settle(struct w_host_bucket *b, long id, enum w_host_outcome o,
    long retry_after_ms, long long now)
{
	long long until;
	int i;

	for (i = 0; i < b->nact; i++)
		if (b->act[i].id == id) {
			drop_holder(b, i);
			break;
		}
	switch (o) {
	case W_HOST_SUCCESS:
		b->throttles = b->failures = 0;
		b->until = 0;
		break;
	case W_HOST_THROTTLED:
		b->throttled++;
		b->throttles++;
		until = now + w_host_cooldown_ms(b->scope, b->throttles,
		    retry_after_ms);
		if (until > b->until)
			b->until = until;
		break;
	case W_HOST_FAILURE:
		b->failed++;
		if (++b->failures >= 2 &&
		    now + W_HOST_INFRA_COOLDOWN_MS > b->until)
			b->until = now + W_HOST_INFRA_COOLDOWN_MS;
		break;
	case W_HOST_NEUTRAL:
		break;
	}
}

/* ---- the state file ---- */

struct state {
	struct w_host_bucket	*b;
	size_t			 n;
};

static int
unavailable(struct w_err *e, const char *why)
{
	return w_err_set(e, "coordination_unavailable", "host coordination "
	    "state %s; refusing to send without it (inspect "
	    "$XDG_STATE_HOME/webtools by hand; web-control reset does not "
	    "repair it)", why);
}

char *
w_host_dir(void)
{
	const char *p;
	struct w_buf b;

	w_buf_init(&b, 8192);
	if ((p = getenv("XDG_STATE_HOME")) != NULL && *p == '/')
		w_buf_printf(&b, "%s/webtools", p);
	else if ((p = getenv("HOME")) != NULL && *p == '/')
		w_buf_printf(&b, "%s/.local/state/webtools", p);
	else
		w_buf_printf(&b, "/nonexistent/webtools");
	return w_buf_take(&b);
}

static int
is_hex32(const char *s)
{
	size_t i;

	for (i = 0; i < 32; i++)
		if (s[i] == '\0' || strchr("0123456789abcdef", s[i]) == NULL)
			return 0;
	return s[32] == '\0';
}

static int
getnum(jv o, const char *k, double lo, double hi, double *v)
{
	jv x = jv_object_get(jv_copy(o), jv_string(k));
	int ok = jv_get_kind(x) == JV_KIND_NUMBER;

	if (ok) {
		*v = jv_number_value(x);
		ok = *v >= lo && *v <= hi && *v == (double)(long long)*v;
	}
	jv_free(x);
	return ok ? 0 : -1;
}

#define BIG	9007199254740991.0	/* 2^53 - 1 */

static int
parse_holder(jv o, struct w_host_holder *h)
{
	double v[5];

	if (jv_get_kind(o) != JV_KIND_OBJECT ||
	    getnum(o, "id", 0, BIG, &v[0]) || getnum(o, "pid", 1, 1 << 30,
	    &v[1]) || getnum(o, "start", 0, BIG, &v[2]) ||
	    getnum(o, "since", 0, BIG, &v[3]) ||
	    getnum(o, "probe", 0, 1, &v[4]))
		return -1;
	h->id = (long)v[0];
	h->pid = (pid_t)v[1];
	h->start = (unsigned long long)v[2];
	h->since = (long long)v[3];
	h->probe = (int)v[4];
	return 0;
}

static int
parse_bucket(const char *key, jv o, struct w_host_bucket *b)
{
	static const char *const f[] = { "scope", "last", "until",
	    "throttles", "failures", "seq", "admitted", "throttled",
	    "failed" };
	double v[9];
	jv act, h;
	int i, n;

	if (!is_hex32(key) || jv_get_kind(o) != JV_KIND_OBJECT)
		return -1;
	for (i = 0; i < 9; i++)
		if (getnum(o, f[i], 0, i == 0 ? W_SCOPE_COUNT - 1 : BIG,
		    &v[i]) == -1)
			return -1;
	memset(b, 0, sizeof(*b));
	memcpy(b->key, key, 33);
	b->scope = (int)v[0];
	b->last = (long long)v[1];
	b->until = (long long)v[2];
	b->throttles = (long)v[3];
	b->failures = (long)v[4];
	b->seq = (long)v[5];
	b->admitted = (long)v[6];
	b->throttled = (long)v[7];
	b->failed = (long)v[8];
	act = jv_object_get(jv_copy(o), jv_string("active"));
	if (jv_get_kind(act) != JV_KIND_ARRAY ||
	    (n = jv_array_length(jv_copy(act))) > W_HOST_MAX_LEASES) {
		jv_free(act);
		return -1;
	}
	for (i = 0; i < n; i++) {
		h = jv_array_get(jv_copy(act), i);
		if (parse_holder(h, &b->act[i]) == -1) {
			jv_free(h);
			jv_free(act);
			return -1;
		}
		jv_free(h);
	}
	b->nact = n;
	jv_free(act);
	return 0;
}

static int
parse_state(const char *s, size_t len, struct state *st, struct w_err *e)
{
	jv o, bs, k, v;
	int it, n, rc;

	o = jv_parse_sized(s, (int)len);
	if (jv_get_kind(o) != JV_KIND_OBJECT ||
	    w_json_int_peek(o, "webtoolsHostState", 0) != 1) {
		jv_free(o);
		return unavailable(e, "is corrupt (not a webtools state file)");
	}
	bs = jv_object_get(o, jv_string("buckets"));
	if (jv_get_kind(bs) != JV_KIND_OBJECT ||
	    (n = jv_object_length(jv_copy(bs))) > W_HOST_MAX_BUCKETS) {
		jv_free(bs);
		return unavailable(e, "is corrupt or has too many buckets");
	}
	st->b = w_calloc((size_t)n + 1, sizeof(*st->b));
	st->n = 0;
	for (it = jv_object_iter(bs); jv_object_iter_valid(bs, it);
	    it = jv_object_iter_next(bs, it)) {
		k = jv_object_iter_key(bs, it);
		v = jv_object_iter_value(bs, it);
		rc = parse_bucket(jv_string_value(k), v, &st->b[st->n]);
		jv_free(v);
		if (rc == -1) {
			jv_free(k);
			jv_free(bs);
			free(st->b);
			st->b = NULL;
			st->n = 0;
			return unavailable(e, "is corrupt (a bucket)");
		}
		jv_free(k);
		st->n++;
	}
	jv_free(bs);
	return 0;
}

static jv
dump_bucket(const struct w_host_bucket *b)
{
	jv o = jv_object(), act = jv_array(), h;
	int i;

	for (i = 0; i < b->nact; i++) {
		h = jv_object();
		h = jv_object_set(h, jv_string("id"), jv_number(b->act[i].id));
		h = jv_object_set(h, jv_string("pid"),
		    jv_number(b->act[i].pid));
		h = jv_object_set(h, jv_string("start"),
		    jv_number((double)b->act[i].start));
		h = jv_object_set(h, jv_string("since"),
		    jv_number((double)b->act[i].since));
		h = jv_object_set(h, jv_string("probe"),
		    jv_number(b->act[i].probe));
		act = jv_array_append(act, h);
	}
	o = jv_object_set(o, jv_string("scope"), jv_number(b->scope));
	o = jv_object_set(o, jv_string("active"), act);
	o = jv_object_set(o, jv_string("last"), jv_number((double)b->last));
	o = jv_object_set(o, jv_string("until"), jv_number((double)b->until));
	o = jv_object_set(o, jv_string("throttles"), jv_number(b->throttles));
	o = jv_object_set(o, jv_string("failures"), jv_number(b->failures));
	o = jv_object_set(o, jv_string("seq"), jv_number(b->seq));
	o = jv_object_set(o, jv_string("admitted"), jv_number(b->admitted));
	o = jv_object_set(o, jv_string("throttled"), jv_number(b->throttled));
	o = jv_object_set(o, jv_string("failed"), jv_number(b->failed));
	return o;
}

/* Paths of the state directory's files. */
struct paths {
	char	*dir, *state, *lock;
	int	 lockfd;
};

static void
paths_free(struct paths *p)
{
	if (p->lockfd != -1) {
		w_lock_drop(p->lockfd);
		close(p->lockfd);
	}
	free(p->dir);
	free(p->state);
	free(p->lock);
}

/* Check (create when create) the directory, open and take the lock. */
static int
paths_lock(struct paths *p, int create, struct w_err *e)
{
	struct w_buf b;
	int rc;

	p->lockfd = -1;
	p->dir = w_host_dir();
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/state.json", p->dir);
	p->state = w_buf_take(&b);
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/state.lock", p->dir);
	p->lock = w_buf_take(&b);
	if (access(p->dir, F_OK) == -1 && errno == ENOENT && create)
		rc = w_lock_private_dir(p->dir, e);
	else
		rc = w_lock_check_dir(p->dir, e);
	if (rc == -1) {
		if (!create && access(p->dir, F_OK) == -1 && errno == ENOENT)
			return 1;
		return -1;
	}
	if ((p->lockfd = w_lock_open(p->lock, 1, e)) == -1)
		return -1;
	return w_lock_take(p->lockfd, 1, W_LOCK_WAIT_MS, e);
}

static int
load_state(struct paths *p, struct state *st, struct w_err *e)
{
	char *s;
	size_t n;
	int rc;

	st->b = NULL;
	st->n = 0;
	rc = w_lock_read_private(p->state, W_HOST_MAX_BYTES, &s, &n, e);
	if (rc == 1)
		return 0;
	if (rc == -1)
		return -1;
	rc = parse_state(s, n, st, e);
	free(s);
	return rc;
}

/*
 * Write the state. sync: fsync before the rename. Lease bookkeeping is
 * written without it (a lease means nothing after a crash, and an fsync
 * costs milliseconds per call); cooldowns, streaks and resets with it.
 */
static int
store_state(struct paths *p, const struct state *st, int sync,
    struct w_err *e)
{
	jv o = jv_object(), bs = jv_object();
	size_t i;
	int rc;

	for (i = 0; i < st->n; i++)
		bs = jv_object_set(bs, jv_string(st->b[i].key),
		    dump_bucket(&st->b[i]));
	o = jv_object_set(o, jv_string("webtoolsHostState"), jv_number(1));
	o = jv_object_set(o, jv_string("buckets"), bs);
	o = jv_dump_string(o, 0);
	if (strlen(jv_string_value(o)) > W_HOST_MAX_BYTES) {
		jv_free(o);
		return unavailable(e, "would grow past 256 KiB");
	}
	rc = w_lock_write_atomic(p->state, jv_string_value(o),
	    strlen(jv_string_value(o)), sync, e);
	jv_free(o);
	return rc;
}

static void
bucket_key(enum w_scope scope, const char *key, char out[33])
{
	struct w_buf b;
	char h[65];

	w_buf_init(&b, 16384);
	w_buf_printf(&b, "webtools-host\n%s\n%s", w_host_rule(scope)->name,
	    key ? key : "");
	w_sha256_hex(b.p, b.len, h);
	w_buf_free(&b);
	memcpy(out, h, 32);
	out[32] = '\0';
}

/* Whether a bucket holds nothing worth keeping at time now. */
static int
idle(const struct w_host_bucket *b, long long now)
{
	return b->nact == 0 && b->until <= now && b->throttles == 0 &&
	    b->failures == 0 && now - b->last > 60000;
}

/* Find or add key's bucket; NULL when the state is full. */
static struct w_host_bucket *
find_bucket(struct state *st, const char *key, enum w_scope scope,
    long long now)
{
	struct w_host_bucket *nb;
	size_t i, old = 0;

	for (i = 0; i < st->n; i++)
		if (strcmp(st->b[i].key, key) == 0)
			return &st->b[i];
	if (st->n >= W_HOST_MAX_BUCKETS) {
		/* Drop the least recently used idle bucket. */
		for (i = 0, old = st->n; i < st->n; i++)
			if (idle(&st->b[i], now) && (old == st->n ||
			    st->b[i].last < st->b[old].last))
				old = i;
		if (old == st->n)
			return NULL;
		st->b[old] = st->b[--st->n];
	}
	nb = w_realloc(st->b, (st->n + 1) * sizeof(*nb));
	st->b = nb;
	memset(&nb[st->n], 0, sizeof(*nb));
	memcpy(nb[st->n].key, key, 33);
	nb[st->n].scope = scope;
	return &nb[st->n++];
}

/* Drop expired leases and the temporaries of crashed writers. */
static void
sweep_temps(const struct paths *p)
{
	struct dirent *d;
	DIR *dp;

	if ((dp = opendir(p->dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL)
		if (strncmp(d->d_name, "state.json.", 11) == 0 &&
		    strlen(d->d_name) == 17)
			(void)unlinkat(dirfd(dp), d->d_name, 0);
	closedir(dp);
}

static int
cooling(struct w_err *e, const char *name, long ms, long long now)
{
	w_err_set(e, "rate_limited", "%s is cooling down after throttling "
	    "or failures; nothing was sent (retry after %ld s)", name,
	    (ms + 999) / 1000);
	e->retry_after_ms = ms;
	e->retry_at = (time_t)((now + ms + 999) / 1000);
	e->retryable = 1;
	return -1;
}

int
w_host_admit(enum w_scope scope, const char *key, long wait_ms,
    struct w_host_lease *l, struct w_err *e)
{
	long long end = w_lock_mono_ms() + wait_ms, now;
	unsigned long long start = w_lock_proc_start(getpid());
	struct w_host_bucket *b;
	struct paths p;
	struct state st;
	char bk[33];
	long ms, id;
	int d, before;

	memset(l, 0, sizeof(*l));
	bucket_key(scope, key, bk);
	for (;;) {
		if (paths_lock(&p, 1, e) != 0 || load_state(&p, &st, e)) {
			paths_free(&p);
			return -1;
		}
		now = w_lock_now_ms();
		if ((b = find_bucket(&st, bk, scope, now)) == NULL) {
			free(st.b);
			paths_free(&p);
			return unavailable(e, "is full (512 active buckets)");
		}
		before = b->nact;
		d = w_host_decide(b, now, getpid(), start, 1, &ms, &id);
		if (d == W_HOST_ADMIT) {
			l->probe = b->act[b->nact - 1].probe;
			sweep_temps(&p);
		}
		/* Waiting changes nothing unless a lease was reclaimed. */
		if ((d == W_HOST_ADMIT || b->nact != before) &&
		    store_state(&p, &st, 0, e) == -1) {
			free(st.b);
			paths_free(&p);
			return -1;
		}
		free(st.b);
		paths_free(&p);
		if (d == W_HOST_ADMIT) {
			l->held = 1;
			l->since = now;
			l->scope = scope;
			l->id = id;
			memcpy(l->bucket, bk, sizeof(bk));
			return 0;
		}
		if (d == W_HOST_COOLING)
			return cooling(e, w_host_rule(scope)->name, ms, now);
		if (w_lock_mono_ms() + ms > end)
			return w_err_set(e, "timeout", "host admission for %s "
			    "did not come within %ld ms",
			    w_host_rule(scope)->name, wait_ms);
		w_lock_sleep_ms(ms);
	}
}

void
w_host_release(struct w_host_lease *l, enum w_host_outcome o,
    long retry_after_ms)
{
	struct w_host_bucket *b;
	struct paths p;
	struct state st;
	struct w_err e;
	int durable;

	if (!l->held)
		return;
	l->held = 0;
	w_err_clear(&e);
	if (paths_lock(&p, 1, &e) != 0 || load_state(&p, &st, &e)) {
		paths_free(&p);
		return;
	}
	b = find_bucket(&st, l->bucket, l->scope, w_lock_now_ms());
	if (b != NULL) {
		durable = o == W_HOST_THROTTLED || o == W_HOST_FAILURE ||
		    (o == W_HOST_SUCCESS && (b->until != 0 ||
		    b->throttles != 0 || b->failures != 0));
		w_host_settle(b, l->id, o, retry_after_ms, w_lock_now_ms());
		(void)store_state(&p, &st, durable, &e);
	}
	free(st.b);
	paths_free(&p);
}

static jv
status_bucket(const struct w_host_bucket *b, long long now)
{
	char iso[32];
	jv o = jv_object();

	o = jv_object_set(o, jv_string("bucket"), jv_string(b->key));
	o = jv_object_set(o, jv_string("scope"),
	    jv_string(w_host_rule(b->scope)->name));
	o = jv_object_set(o, jv_string("active"), jv_number(b->nact));
	if (b->until > now) {
		o = jv_object_set(o, jv_string("coolingDown"), jv_true());
		o = jv_object_set(o, jv_string("retryAfterMs"),
		    jv_number((double)(b->until - now)));
		o = jv_object_set(o, jv_string("retryAt"), jv_string(
		    w_json_iso8601((time_t)(b->until / 1000), iso,
		    sizeof(iso))));
	} else
		o = jv_object_set(o, jv_string("coolingDown"), jv_false());
	o = jv_object_set(o, jv_string("probePending"),
	    jv_bool(b->until != 0 && b->until <= now));
	o = jv_object_set(o, jv_string("throttleStreak"),
	    jv_number(b->throttles));
	o = jv_object_set(o, jv_string("failureStreak"),
	    jv_number(b->failures));
	o = jv_object_set(o, jv_string("admitted"), jv_number(b->admitted));
	o = jv_object_set(o, jv_string("throttled"), jv_number(b->throttled));
	o = jv_object_set(o, jv_string("failed"), jv_number(b->failed));
	if (b->last != 0)
		o = jv_object_set(o, jv_string("lastStart"), jv_string(
		    w_json_iso8601((time_t)(b->last / 1000), iso,
		    sizeof(iso))));
	return o;
}

/* Load under the lock, reclaiming dead leases; 1: no state dir yet. */
static int
open_validated(struct paths *p, struct state *st, struct w_err *e)
{
	long long now = w_lock_now_ms();
	size_t i;
	int rc, n = 0;

	st->b = NULL;
	st->n = 0;
	if ((rc = paths_lock(p, 0, e)) != 0)
		return rc;
	if (load_state(p, st, e) == -1)
		return -1;
	for (i = 0; i < st->n; i++)
		n += reclaim(&st->b[i], now, 1);
	if (n > 0 && store_state(p, st, 0, e) == -1)
		return -1;
	return 0;
}

int
w_host_status(jv *out, struct w_err *e)
{
	long long now = w_lock_now_ms();
	struct paths p;
	struct state st;
	size_t i;
	long active = 0, cool = 0;
	int rc;
	jv bs = jv_array();

	*out = jv_null();
	rc = open_validated(&p, &st, e);
	if (rc == -1) {
		free(st.b);
		paths_free(&p);
		jv_free(bs);
		return -1;
	}
	for (i = 0; i < st.n; i++) {
		active += st.b[i].nact;
		cool += st.b[i].until > now;
		bs = jv_array_append(bs, status_bucket(&st.b[i], now));
	}
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("stateDir"), jv_string(p.dir));
	*out = jv_object_set(*out, jv_string("exists"), jv_bool(rc == 0));
	*out = jv_object_set(*out, jv_string("buckets"),
	    jv_number((double)st.n));
	*out = jv_object_set(*out, jv_string("maxBuckets"),
	    jv_number(W_HOST_MAX_BUCKETS));
	*out = jv_object_set(*out, jv_string("activeRequests"),
	    jv_number(active));
	*out = jv_object_set(*out, jv_string("coolingDown"), jv_number(cool));
	*out = jv_object_set(*out, jv_string("entries"), bs);
	free(st.b);
	paths_free(&p);
	return 0;
}

int
w_host_reset(jv *out, struct w_err *e)
{
	struct paths p;
	struct state st;
	size_t i;
	long active = 0;
	int rc;

	*out = jv_null();
	rc = open_validated(&p, &st, e);
	if (rc == -1)
		goto out;
	for (i = 0; i < st.n; i++)
		active += st.b[i].nact;
	if (active > 0) {
		rc = w_err_set(e, "coordination_unavailable", "reset refused: "
		    "%ld request%s active under host coordination; wait for "
		    "%s to finish", active, active == 1 ? " is" : "s are",
		    active == 1 ? "it" : "them");
		goto out;
	}
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("reset"), jv_true());
	*out = jv_object_set(*out, jv_string("bucketsCleared"),
	    jv_number((double)st.n));
	if (rc == 0) {
		free(st.b);
		st.b = NULL;
		st.n = 0;
		rc = store_state(&p, &st, 1, e);
	} else
		rc = 0;
out:
	if (rc == -1) {
		jv_free(*out);
		*out = jv_null();
	}
	free(st.b);
	paths_free(&p);
	return rc;
}
