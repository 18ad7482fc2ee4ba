/*
 * run.c: the run file. One JSON object, replaced atomically under an
 * exclusive fcntl lock on a lock file beside it, holds the limits,
 * counters and deferrals every process of the run shares. Without
 * WEB_RUN_FILE the same object lives in memory.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "cancel.h"
#include "config.h"
#include "coord.h"
#include "doccache.h"
#include "json.h"
#include "lock.h"
#include "run.h"
#include "sha256.h"

#define RUN_FILE_MAX	(64u << 10)
#define MAX_DEFERRALS	64

struct w_run {
	char			*file;	/* NULL: private in-memory run */
	char			*dir;
	int			 lockfd;
	int			 locked;
	jv			 mem;	/* the private run's state */
	char			 id[65];
	enum w_coord		 coord;
	struct w_doccache	*dc;
	jv			 redis;	/* a redis run's "redis" object */
	struct w_coordinator	*co;	/* chosen once (w_run_coord) */
	int			 co_tried;
	struct w_err		 co_err;
	jv			 ledger; /* the private run's ledger */
};

static int
corrupt(struct w_err *e, const char *why)
{
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
	    "the run file (WEB_RUN_FILE) is %s; start a new run with "
	    "web-control run start", why);
}

static long
num(jv o, const char *k)
{
	return w_json_int_peek(o, k, -1);
}

/* Validate a parsed run object (borrowed). */
static int
check(jv st, struct w_err *e)
{
	const char *c;
	long max;
	jv v;

	if (jv_get_kind(st) != JV_KIND_OBJECT || num(st, "webtoolsRun") != 1)
		return corrupt(e, "not a webtools run");
	c = w_json_str_peek(st, "coordination");
	if (c != NULL && strcmp(c, "redis") == 0) {
		/* The budget is in Redis: the file names the run and it. */
		c = w_json_str_peek(st, "runId");
		v = w_json_get(jv_copy(st), "redis");
		if (c == NULL || strlen(c) != 32 ||
		    jv_get_kind(v) != JV_KIND_OBJECT) {
			jv_free(v);
			return corrupt(e, "corrupt (redis run)");
		}
		jv_free(v);
		return 0;
	}
	max = num(st, "maxRequestsPerRun");
	if (max < 1 || max > 20 || num(st, "maxDispatches") != max * 4)
		return corrupt(e, "corrupt (limits)");
	if (num(st, "requestsUsed") < 0 || num(st, "requestsUsed") > max ||
	    num(st, "dispatchesUsed") < 0 ||
	    num(st, "dispatchesUsed") > max * 4 || num(st, "pending") < 0)
		return corrupt(e, "corrupt (counters)");
	c = w_json_str_peek(st, "coordination");
	if (c == NULL || (strcmp(c, "default") != 0 &&
	    strcmp(c, "process") != 0 && strcmp(c, "host") != 0))
		return corrupt(e, "corrupt (coordination)");
	c = w_json_str_peek(st, "runId");
	if (c == NULL || strlen(c) != 32)
		return corrupt(e, "corrupt (run id)");
	v = w_json_get(jv_copy(st), "deferrals");
	if (jv_get_kind(v) != JV_KIND_OBJECT) {
		jv_free(v);
		return corrupt(e, "corrupt (deferrals)");
	}
	jv_free(v);
	return 0;
}

static int
load(struct w_run *r, jv *out, struct w_err *e)
{
	char *p;
	size_t n;
	int rc;

	if (r->file == NULL) {
		*out = jv_copy(r->mem);
		return 0;
	}
	rc = w_lock_read_private(r->file, RUN_FILE_MAX, &p, &n, e);
	if (rc == 1)
		return corrupt(e, "missing");
	if (rc == -1) {
		snprintf(e->msg, sizeof(e->msg), "the run file (WEB_RUN_FILE) "
		    "is unreadable, foreign-owned, unsafe or too large");
		return -1;
	}
	*out = w_json_parse(p, n);
	free(p);
	if (!jv_is_valid(*out)) {
		jv_free(*out);
		*out = jv_null();
		return corrupt(e, "not valid JSON");
	}
	if (check(*out, e) == -1) {
		jv_free(*out);
		*out = jv_null();
		return -1;
	}
	return 0;
}

/* Write st (consumed) to file. */
static int
write_file(const char *file, jv st, struct w_err *e)
{
	const char *s;
	int rc;

	st = jv_dump_string(st, 0);
	s = jv_string_value(st);
	/* The run is ephemeral: atomic against crashes, no fsync. */
	rc = w_lock_write_atomic(file, s, strlen(s), 0, e);
	jv_free(st);
	return rc;
}

static int
store(struct w_run *r, jv st, struct w_err *e)
{
	if (r->file == NULL) {
		jv_free(r->mem);
		r->mem = st;
		return 0;
	}
	return write_file(r->file, st, e);
}

static jv
fresh(int max, enum w_coord coord)
{
	unsigned char rnd[16];
	char id[33];
	jv st;

	if (w_lock_random(rnd, sizeof(rnd)) == -1)
		return jv_invalid_with_msg(jv_string("no randomness"));
	w_sha256_tohex(rnd, sizeof(rnd), id);
	st = jv_object();
	st = jv_object_set(st, jv_string("webtoolsRun"), jv_number(1));
	st = jv_object_set(st, jv_string("runId"), jv_string(id));
	st = jv_object_set(st, jv_string("created"),
	    jv_number((double)w_clock_now_ms()));
	st = jv_object_set(st, jv_string("coordination"), jv_string(
	    coord == W_COORD_HOST ? "host" : coord == W_COORD_PROCESS ?
	    "process" : coord == W_COORD_REDIS ? "redis" : "default"));
	st = jv_object_set(st, jv_string("maxRequestsPerRun"), jv_number(max));
	st = jv_object_set(st, jv_string("maxDispatches"), jv_number(max * 4));
	st = jv_object_set(st, jv_string("requestsUsed"), jv_number(0));
	st = jv_object_set(st, jv_string("dispatchesUsed"), jv_number(0));
	st = jv_object_set(st, jv_string("pending"), jv_number(0));
	st = jv_object_set(st, jv_string("refunds"), jv_number(0));
	st = jv_object_set(st, jv_string("exhausted"), jv_number(0));
	st = jv_object_set(st, jv_string("deferrals"), jv_object());
	return st;
}

static void
take_identity(struct w_run *r, jv st)
{
	const char *id = w_json_str_peek(st, "runId");
	const char *c = w_json_str_peek(st, "coordination");

	snprintf(r->id, sizeof(r->id), "%s", id ? id : "");
	r->coord = c == NULL ? W_COORD_DEFAULT : strcmp(c, "host") == 0 ?
	    W_COORD_HOST : strcmp(c, "process") == 0 ? W_COORD_PROCESS :
	    strcmp(c, "redis") == 0 ? W_COORD_REDIS : W_COORD_DEFAULT;
	if (r->coord == W_COORD_REDIS) {
		jv_free(r->redis);
		r->redis = w_json_get(jv_copy(st), "redis");
	}
}

static char *
dir_of(const char *file)
{
	const char *slash = strrchr(file, '/');

	if (slash == NULL)
		return w_strdup(".");
	if (slash == file)
		return w_strdup("/");
	return w_strndup(file, (size_t)(slash - file));
}

/* Open the run file f (an existing run). */
static int
open_file(struct w_run *r, const char *f, struct w_err *e)
{
	struct w_buf b;
	jv st;

	r->file = w_strdup(f);
	r->dir = dir_of(f);
	if (w_lock_check_dir(r->dir, e) == -1)
		return corrupt(e, "in an unsafe or missing directory");
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/run.lock", r->dir);
	r->lockfd = w_lock_open(b.p, 0, e);
	w_buf_free(&b);
	if (r->lockfd == -1) {
		/* Say why (missing, unsafe, a read-only disk). */
		char why[sizeof(e->msg)];

		snprintf(why, sizeof(why), "%s", e->msg);
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the run "
		    "file (WEB_RUN_FILE) cannot be locked (%.200s); start a "
		    "new run with web-control run start", why);
	}
	/* Read under a shared lock: a writer's rename must not be seen
	 * half-way (the replaced file, already unlinked, looks unsafe). */
	if (w_lock_take(r->lockfd, 0, W_LOCK_WAIT_MS, e) == -1)
		return -1;
	if (load(r, &st, e) == -1) {
		w_lock_drop(r->lockfd);
		return -1;
	}
	w_lock_drop(r->lockfd);
	take_identity(r, st);
	jv_free(st);
	return 0;
}

static struct w_run *
run_new(void)
{
	struct w_run *r = w_calloc(1, sizeof(*r));

	r->lockfd = -1;
	r->mem = jv_null();
	r->redis = jv_null();
	r->ledger = jv_null();
	return r;
}

int
w_run_open(struct w_run **rp, int max_requests, struct w_err *e)
{
	const char *f = getenv("WEB_RUN_FILE");
	struct w_run *r;

	*rp = NULL;
	r = run_new();
	if (f == NULL || *f == '\0') {
		if (max_requests < 1 || max_requests > 20)
			max_requests = W_CONFIG_MAX_REQUESTS;
		r->mem = fresh(max_requests, W_COORD_DEFAULT);
		if (!jv_is_valid(r->mem)) {
			w_run_close(r);
			return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
			    "no randomness for the run id");
		}
		take_identity(r, r->mem);
		*rp = r;
		return 0;
	}
	if (open_file(r, f, e) == -1) {
		w_run_close(r);
		return -1;
	}
	*rp = r;
	return 0;
}

void
w_run_close(struct w_run *r)
{
	if (r == NULL)
		return;
	w_doccache_free(r->dc);
	w_coord_free(r->co);
	jv_free(r->redis);
	if (r->lockfd != -1)
		close(r->lockfd);
	jv_free(r->mem);
	jv_free(r->ledger);
	free(r->file);
	free(r->dir);
	free(r);
}

int
w_run_lock(struct w_run *r, struct w_err *e)
{
	if (r->file == NULL)
		return 0;
	if (w_lock_take(r->lockfd, 1, W_LOCK_WAIT_MS, e) == -1)
		return -1;
	r->locked = 1;
	return 0;
}

void
w_run_unlock(struct w_run *r)
{
	if (r->file == NULL || !r->locked)
		return;
	w_lock_drop(r->lockfd);
	r->locked = 0;
}

/* Load, change with fn, store, all under the lock. fn may fail. */
static int
mutate(struct w_run *r, int (*fn)(jv *, void *, struct w_err *),
    void *arg, struct w_err *e)
{
	struct w_err quiet;
	jv st;
	int rc;

	if (w_run_lock(r, e) == -1)
		return -1;
	if (load(r, &st, e) == -1) {
		w_run_unlock(r);
		return -1;
	}
	/* fn: 0 changed, 1 refused but changed (a count), -1 failed. */
	rc = fn(&st, arg, e);
	w_err_clear(&quiet);
	if (rc >= 0) {
		/* A refusal's own error stands over a failed store. */
		if (store(r, st, rc == 1 ? &quiet : e) == -1 && rc == 0)
			rc = -1;
	} else
		jv_free(st);
	w_run_unlock(r);
	return rc;
}

/* Bind a redis run to its backend (config loaded for the policy). */
static int
bound(struct w_run *r, struct w_err *e)
{
	struct w_coordinator *co;
	struct w_config c;
	int rc;

	if (r->co != NULL)
		return 0;
	if (r->co_tried) {
		*e = r->co_err;
		return -1;
	}
	if (w_config_load(&c, e) == -1) {
		w_config_free(&c);
		return -1;
	}
	rc = w_run_coord(r, &c, &co, e);
	w_config_free(&c);
	return rc;
}

static int
is_redis(const struct w_run *r)
{
	return r->coord == W_COORD_REDIS;
}

/* The run's state: the file, or for a redis run the Redis figures. */
static int
figures(struct w_run *r, jv *out, struct w_err *e)
{
	if (!is_redis(r))
		return load(r, out, e);
	*out = jv_null();
	if (bound(r, e) == -1 || w_coord_run_get(r->co, r->id, out, e) == -1)
		return -1;
	*out = jv_object_set(*out, jv_string("coordination"),
	    jv_string("redis"));
	return 0;
}

static jv
bump(jv st, const char *k, long by)
{
	long v = num(st, k) + by;

	return jv_object_set(st, jv_string(k), jv_number(v < 0 ? 0 : v));
}

static int
do_reserve(jv *st, void *arg, struct w_err *e)
{
	long max = num(*st, "maxRequestsPerRun");
	long used = num(*st, "requestsUsed");
	long disp = num(*st, "dispatchesUsed");
	const int *dispatch_only = arg;

	if (!*dispatch_only && used >= max) {
		*st = bump(*st, "exhausted", 1);
		w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run's search "
		    "budget is used up: %ld of %ld answered searches", used,
		    max);
		return 1;
	}
	if (disp >= max * 4) {
		*st = bump(*st, "exhausted", 1);
		w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run's dispatch "
		    "ceiling is reached: %ld of %ld provider requests", disp,
		    max * 4);
		return 1;
	}
	if (!*dispatch_only) {
		*st = bump(*st, "requestsUsed", 1);
		*st = bump(*st, "pending", 1);
	}
	*st = bump(*st, "dispatchesUsed", 1);
	return 0;
}

/* A refused reservation still records the refusal, then reports it. */
static int
reserve(struct w_run *r, int dispatch_only, struct w_err *e)
{
	int rc;

	rc = mutate(r, do_reserve, &dispatch_only, e);
	return rc == 0 ? 0 : -1;
}

int
w_run_reserve(struct w_run *r, struct w_err *e)
{
	if (is_redis(r))
		return bound(r, e) == -1 ? -1 :
		    w_coord_run_reserve(r->co, r->id, 0, e);
	return reserve(r, 0, e);
}

int
w_run_dispatch(struct w_run *r, struct w_err *e)
{
	if (is_redis(r))
		return bound(r, e) == -1 ? -1 :
		    w_coord_run_reserve(r->co, r->id, 1, e);
	return reserve(r, 1, e);
}

int
w_run_check(struct w_run *r, struct w_err *e)
{
	long max, used, disp;
	jv st;

	if (figures(r, &st, e) == -1)
		return -1;
	max = num(st, "maxRequestsPerRun");
	used = num(st, "requestsUsed");
	disp = num(st, "dispatchesUsed");
	jv_free(st);
	if (used >= max)
		return w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run's "
		    "search budget is used up: %ld of %ld answered searches",
		    used, max);
	if (disp >= max * 4)
		return w_err_set(e, W_E_SEARCH_BUDGET_EXHAUSTED, "the run's "
		    "dispatch ceiling is reached: %ld of %ld provider "
		    "requests", disp, max * 4);
	return 0;
}

static int
do_settle(jv *st, void *arg, struct w_err *e)
{
	const int *answered = arg;

	*st = bump(*st, "pending", -1);
	if (!*answered) {
		*st = bump(*st, "requestsUsed", -1);
		*st = bump(*st, "refunds", 1);
	}
	return 0;
}

void
w_run_settle(struct w_run *r, int answered)
{
	struct w_err e;

	w_err_clear(&e);
	if (is_redis(r)) {
		if (bound(r, &e) == 0)
			w_coord_run_settle(r->co, r->id, answered);
		return;
	}
	(void)mutate(r, do_settle, &answered, &e);
}

jv
w_run_budget(struct w_run *r)
{
	struct w_err e;
	long max, used, disp;
	jv st, o;

	w_err_clear(&e);
	if (figures(r, &st, &e) == -1)
		return jv_invalid_with_msg(jv_string(e.msg));
	max = num(st, "maxRequestsPerRun");
	used = num(st, "requestsUsed");
	disp = num(st, "dispatchesUsed");
	jv_free(st);
	o = jv_object();
	o = jv_object_set(o, jv_string("requestsUsed"), jv_number(used));
	o = jv_object_set(o, jv_string("requestsRemaining"),
	    jv_number(max - used));
	o = jv_object_set(o, jv_string("dispatchesUsed"), jv_number(disp));
	o = jv_object_set(o, jv_string("maxDispatches"), jv_number(max * 4));
	o = jv_object_set(o, jv_string("dispatchesRemaining"),
	    jv_number(max * 4 - disp));
	o = jv_object_set(o, jv_string("maxRequestsPerRun"), jv_number(max));
	return o;
}

struct defer_arg {
	const char	*backend;
	long		 retry_after_ms;
};

static int
do_defer(jv *st, void *arg, struct w_err *e)
{
	const struct defer_arg *a = arg;
	jv d = w_json_get(jv_copy(*st), "deferrals"), one;

	if (jv_object_length(jv_copy(d)) >= MAX_DEFERRALS) {
		jv_free(d);
		return 0;
	}
	one = jv_object();
	one = jv_object_set(one, jv_string("at"),
	    jv_number((double)w_clock_now_ms()));
	if (a->retry_after_ms >= 0)
		one = jv_object_set(one, jv_string("retryAfterMs"),
		    jv_number((double)a->retry_after_ms));
	d = jv_object_set(d, jv_string(a->backend), one);
	*st = jv_object_set(*st, jv_string("deferrals"), d);
	return 0;
}

void
w_run_defer(struct w_run *r, const char *backend, long retry_after_ms)
{
	struct defer_arg a = { backend, retry_after_ms };
	struct w_err e;

	if (backend == NULL || strlen(backend) > 64)
		return;
	w_err_clear(&e);
	if (is_redis(r)) {
		if (bound(r, &e) == 0)
			w_coord_run_defer(r->co, r->id, backend,
			    retry_after_ms);
		return;
	}
	(void)mutate(r, do_defer, &a, &e);
}

int
w_run_is_deferred(struct w_run *r, const char *backend)
{
	struct w_err e;
	jv st, d;
	int yes;

	w_err_clear(&e);
	if (is_redis(r))
		return bound(r, &e) == 0 &&
		    w_coord_run_is_deferred(r->co, r->id, backend);
	if (load(r, &st, &e) == -1)
		return 0;
	d = w_json_get(st, "deferrals");
	yes = jv_get_kind(d) == JV_KIND_OBJECT &&
	    jv_object_has(jv_copy(d), jv_string(backend));
	jv_free(d);
	return yes;
}

void
w_run_session_id(struct w_run *r, char *out, size_t len)
{
	char hex[65];

	w_sha256_hex(r->id, strlen(r->id), hex);
	snprintf(out, len, "webtools-%s", hex);
}

int
w_run_coord(struct w_run *r, const struct w_config *c,
    struct w_coordinator **co, struct w_err *e)
{
	enum w_coord_kind k = W_COORD_KIND_PROCESS;
	const char *mode;
	jv m, redis;
	int rc;

	*co = r->co;
	if (r->co != NULL)
		return 0;
	if (r->co_tried) {
		*e = r->co_err;
		return -1;
	}
	r->co_tried = 1;
	m = w_config_get(c, "coordination");
	mode = jv_get_kind(m) == JV_KIND_STRING ? jv_string_value(m) : "";
	if (r->coord == W_COORD_REDIS || (r->coord == W_COORD_DEFAULT &&
	    strcmp(mode, "redis") == 0))
		k = W_COORD_KIND_REDIS;
	else if (r->coord == W_COORD_HOST || (r->coord == W_COORD_DEFAULT &&
	    strcmp(mode, "host") == 0))
		k = W_COORD_KIND_HOST;
	jv_free(m);
	redis = r->coord == W_COORD_REDIS ? jv_copy(r->redis) :
	    w_config_get(c, "redis");
	w_err_clear(&r->co_err);
	rc = w_coord_open(&r->co, k, redis, &c->policy, &r->co_err);
	jv_free(redis);
	if (rc == -1) {
		*e = r->co_err;
		return -1;
	}
	*co = r->co;
	return 0;
}

int
w_run_host_mode(struct w_run *r, const char *config_mode)
{
	if (r->coord != W_COORD_DEFAULT)
		return r->coord == W_COORD_HOST;
	return config_mode != NULL && strcmp(config_mode, "host") == 0;
}

int
w_run_host(struct w_run *r, const struct w_config *c)
{
	jv mode;
	int host;

	if (r->coord != W_COORD_DEFAULT)
		return r->coord == W_COORD_HOST;
	mode = w_config_get(c, "coordination");
	host = w_run_host_mode(r, jv_get_kind(mode) == JV_KIND_STRING ?
	    jv_string_value(mode) : NULL);
	jv_free(mode);
	return host;
}

int
w_run_private(struct w_run *r)
{
	return r->file == NULL;
}

const char *
w_run_dir(struct w_run *r)
{
	return r->dir;
}

jv *
w_run_ledger_mem(struct w_run *r)
{
	return &r->ledger;
}

struct w_doccache *
w_run_doccache(struct w_run *r)
{
	if (r->dc == NULL)
		r->dc = w_doccache_new(r->dir);
	return r->dc;
}

jv
w_run_show(struct w_run *r)
{
	struct w_err e;
	jv st;

	w_err_clear(&e);
	if (figures(r, &st, &e) == -1)
		return jv_invalid_with_msg(jv_string(e.msg));
	if (is_redis(r) && w_coord_kind_of(r->co) == W_COORD_KIND_REDIS) {
		jv x = jv_object();
		const char *p = w_json_str_peek(r->redis, "prefix");

		x = jv_object_set(x, jv_string("prefix"),
		    jv_string(p ? p : "webtools:"));
		st = jv_object_set(st, jv_string("redis"), x);
	}
	st = jv_object_delete(st, jv_string("runId"));
	st = jv_object_delete(st, jv_string("webtoolsRun"));
	st = jv_object_set(st, jv_string("requestsRemaining"), jv_number(
	    num(st, "maxRequestsPerRun") - num(st, "requestsUsed")));
	st = jv_object_set(st, jv_string("dispatchesRemaining"), jv_number(
	    num(st, "maxDispatches") - num(st, "dispatchesUsed")));
	st = jv_object_set(st, jv_string("document_cache"),
	    w_doccache_usage(r));
	return st;
}

/* Whether name is one of ours: 64 hex digits first, or run.*. */
static int
ours(const char *name)
{
	size_t i;

	if (strncmp(name, "run.json", 8) == 0 ||
	    strncmp(name, "run.ledger", 10) == 0 ||
	    strcmp(name, "run.lock") == 0)
		return 1;
	for (i = 0; i < 64; i++)
		if (name[i] == '\0' ||
		    strchr("0123456789abcdef", name[i]) == NULL)
			return 0;
	return 1;
}

/* Remove our files in dir (and dir/docs), then the directories. */
static int
remove_known(const char *dir)
{
	const char *sub[2] = { "/docs", "" };
	struct w_buf b;
	struct dirent *d;
	DIR *dp;
	int i;

	w_buf_init(&b, 8192);
	for (i = 0; i < 2; i++) {
		w_buf_reset(&b);
		w_buf_printf(&b, "%s%s", dir, sub[i]);
		if ((dp = opendir(b.p)) == NULL)
			continue;
		while ((d = readdir(dp)) != NULL)
			if (ours(d->d_name))
				(void)unlinkat(dirfd(dp), d->d_name, 0);
		closedir(dp);
		if (i == 0)
			(void)rmdir(b.p);
	}
	w_buf_free(&b);
	return rmdir(dir);
}

int
w_run_end(const char *path, struct w_err *e)
{
	struct w_run *r;
	struct stat sb;
	struct w_err re;
	char *dir;
	int rc, redis_rc;

	dir = dir_of(path);
	rc = lstat(dir, &sb) == -1 && errno == ENOENT;
	free(dir);
	if (rc)
		return 1;
	r = run_new();
	if (open_file(r, path, e) == -1 || w_run_lock(r, e) == -1) {
		w_run_close(r);
		return -1;
	}
	w_err_clear(&re);
	redis_rc = is_redis(r) ? (bound(r, &re) == -1 ? -1 :
	    w_coord_run_end(r->co, r->id, &re)) : 0;
	dir = w_strdup(r->dir);
	rc = remove_known(dir);
	w_run_close(r);
	if (rc == 0 && redis_rc == -1) {
		/* The files are gone; the budget key expires by its TTL. */
		*e = re;
		snprintf(e->msg, sizeof(e->msg), "the run's files were "
		    "removed but its budget in Redis could not be deleted "
		    "(%s; it expires %ld h after its last use)",
		    w_err_name(re.code), W_COORD_RUN_TTL_MS / 3600000);
		free(dir);
		return -1;
	}
	if (rc == -1) {
		w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the run directory "
		    "%s was not removed: %s", dir, strerror(errno));
		free(dir);
		return -1;
	}
	free(dir);
	return 0;
}

static const char *
default_base(void)
{
	const char *p;

	if ((p = getenv("XDG_RUNTIME_DIR")) != NULL && *p == '/' &&
	    access(p, W_OK | X_OK) == 0)
		return p;
	if ((p = getenv("TMPDIR")) != NULL && *p == '/' &&
	    access(p, W_OK | X_OK) == 0)
		return p;
	return "/tmp";
}

/* A redis run's file: the id, the Redis object, the limit; and its
 * budget created in Redis. */
static jv
fresh_redis(int max, const struct w_config *c, struct w_err *e)
{
	struct w_coordinator *co;
	jv st = fresh(max, W_COORD_REDIS), redis, keep;

	if (!jv_is_valid(st)) {
		jv_free(st);
		w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "no randomness");
		return jv_invalid();
	}
	redis = c != NULL ? w_config_get(c, "redis") : jv_null();
	if (jv_get_kind(redis) != JV_KIND_OBJECT) {
		jv_free(redis);
		jv_free(st);
		e->usage = 1;
		w_err_set(e, W_E_INVALID_PARAMETER, "config: redis.url is "
		    "required with coordination \"redis\"");
		return jv_invalid();
	}
	if (w_coord_open(&co, W_COORD_KIND_REDIS, redis, &c->policy, e) ==
	    -1 || w_coord_run_create(co, w_json_str_peek(st, "runId"), max,
	    e) == -1) {
		w_coord_free(co);
		jv_free(redis);
		jv_free(st);
		return jv_invalid();
	}
	w_coord_free(co);
	keep = jv_object();
	keep = jv_object_set(keep, jv_string("webtoolsRun"), jv_number(1));
	keep = jv_object_set(keep, jv_string("runId"),
	    w_json_get(jv_copy(st), "runId"));
	keep = jv_object_set(keep, jv_string("created"),
	    w_json_get(jv_copy(st), "created"));
	keep = jv_object_set(keep, jv_string("coordination"),
	    jv_string("redis"));
	keep = jv_object_set(keep, jv_string("maxRequestsPerRun"),
	    jv_number(max));
	keep = jv_object_set(keep, jv_string("redis"), redis);
	jv_free(st);
	return keep;
}

int
w_run_start(const char *base, int max_requests, enum w_coord coord,
    const struct w_config *c, char **path, struct w_err *e)
{
	struct w_buf b;
	char *dir;
	jv st;
	int fd;

	*path = NULL;
	if (max_requests < 1 || max_requests > 20) {
		e->usage = 1;
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "max-requests must be 1 to 20");
	}
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/webtools-run.XXXXXX", base ? base :
	    default_base());
	if ((dir = mkdtemp(b.p)) == NULL) {
		w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "cannot create a run directory: %s", strerror(errno));
		w_buf_free(&b);
		return -1;
	}
	dir = w_buf_take(&b);
	(void)chmod(dir, 0700);
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/run.lock", dir);
	if ((fd = w_lock_open(b.p, 1, e)) == -1)
		goto fail;
	close(fd);
	w_buf_reset(&b);
	w_buf_printf(&b, "%s/run.json", dir);
	if (coord == W_COORD_REDIS) {
		st = fresh_redis(max_requests, c, e);
		if (!jv_is_valid(st)) {
			jv_free(st);
			goto fail;
		}
	} else if (!jv_is_valid(st = fresh(max_requests, coord))) {
		jv_free(st);
		w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "no randomness");
		goto fail;
	}
	if (write_file(b.p, st, e) == -1)
		goto fail;
	*path = w_buf_take(&b);
	free(dir);
	return 0;
fail:
	w_buf_free(&b);
	(void)remove_known(dir);
	free(dir);
	return -1;
}

/* Pacing and failures shared by every process of the run. */

struct pace_arg {
	const char		*scope;
	long			 spacing_ms;
	int			 max_active;
	int			 done;	/* 1: remove our lease */
	long			 wait_ms;	/* out: 0 admitted */
};

/* The scope's live leases (dead owners dropped), ours removed when
 * drop_self. Consumes active. */
static jv
live_leases(jv active, int drop_self)
{
	jv out = jv_array();
	long pid;
	double start;
	int self_dropped = 0;

	if (jv_get_kind(active) != JV_KIND_ARRAY) {
		jv_free(active);
		return out;
	}
	jv_array_foreach(active, i, x) {
		(void)i;
		pid = w_json_int_peek(x, "pid", 0);
		start = (double)w_json_int_peek(x, "start", 0);
		if (pid <= 0 || !w_lock_proc_alive((pid_t)pid,
		    (unsigned long long)start))
			jv_free(x);
		else if (drop_self && !self_dropped && pid == (long)getpid()) {
			self_dropped = 1;
			jv_free(x);
		} else
			out = jv_array_append(out, x);
	}
	jv_free(active);
	return out;
}

static int
do_pace(jv *st, void *arg, struct w_err *e)
{
	struct pace_arg *a = arg;
	jv pacing = w_json_get(jv_copy(*st), "pacing");
	jv one, active, lease;
	long long now = w_clock_now_ms(), last;

	if (jv_get_kind(pacing) != JV_KIND_OBJECT) {
		jv_free(pacing);
		pacing = jv_object();
	}
	one = w_json_get(jv_copy(pacing), a->scope);
	if (jv_get_kind(one) != JV_KIND_OBJECT) {
		jv_free(one);
		one = jv_object();
	}
	active = live_leases(w_json_get(jv_copy(one), "active"),
	    a->done);
	last = w_json_int_peek(one, "last", 0);
	a->wait_ms = 0;
	if (!a->done) {
		if (jv_array_length(jv_copy(active)) >= a->max_active)
			a->wait_ms = 50;
		else if (now < last + a->spacing_ms)
			a->wait_ms = (long)(last + a->spacing_ms - now);
		else {
			lease = jv_object();
			lease = jv_object_set(lease, jv_string("pid"),
			    jv_number((double)getpid()));
			lease = jv_object_set(lease, jv_string("start"),
			    jv_number((double)w_lock_proc_start(getpid())));
			active = jv_array_append(active, lease);
			one = jv_object_set(one, jv_string("last"),
			    jv_number((double)now));
		}
	}
	one = jv_object_set(one, jv_string("active"), active);
	pacing = jv_object_set(pacing, jv_string(a->scope), one);
	*st = jv_object_set(*st, jv_string("pacing"), pacing);
	return 0;
}

int
w_run_pace(struct w_run *r, const char *scope, long spacing_ms,
    int max_active, long long deadline, struct w_err *e)
{
	struct pace_arg a = { scope, spacing_ms, max_active, 0, 0 };
	long long left;

	if (scope == NULL || strlen(scope) > 64)
		return 0;
	for (;;) {
		if (mutate(r, do_pace, &a, e) == -1)
			return -1;
		if (a.wait_ms == 0)
			return 0;
		left = deadline - w_clock_mono_ms();
		if (left <= a.wait_ms)
			return w_err_set(e, W_E_TIMEOUT, "%s: the run's pacing "
			    "(%ld ms between starts, %d in flight) would "
			    "outlast the deadline", scope, spacing_ms,
			    max_active);
		w_clock_sleep_ms(a.wait_ms < 200 ? a.wait_ms : 200);
		if (w_cancel_check(e) == -1)
			return -1;
	}
}

void
w_run_pace_done(struct w_run *r, const char *scope)
{
	struct pace_arg a = { scope, 0, 0, 1, 0 };
	struct w_err e;

	w_err_clear(&e);
	(void)mutate(r, do_pace, &a, &e);
}

static int
do_failure(jv *st, void *arg, struct w_err *e)
{
	const char *one = arg;
	jv f = w_json_get(jv_copy(*st), "failures");
	int dup = 0;

	if (jv_get_kind(f) != JV_KIND_ARRAY) {
		jv_free(f);
		f = jv_array();
	}
	jv_array_foreach(f, i, x) {
		(void)i;
		if (jv_get_kind(x) == JV_KIND_STRING &&
		    strcmp(jv_string_value(x), one) == 0)
			dup = 1;
		jv_free(x);
	}
	if (!dup && jv_array_length(jv_copy(f)) < W_RUN_FAILURES_MAX)
		f = jv_array_append(f, jv_string(one));
	*st = jv_object_set(*st, jv_string("failures"), f);
	return 0;
}

void
w_run_note_failure(struct w_run *r, const char *one)
{
	struct w_err e;

	if (one == NULL || strlen(one) > 128)
		return;
	w_err_clear(&e);
	(void)mutate(r, do_failure, (void *)(uintptr_t)one, &e);
}

jv
w_run_failures(struct w_run *r)
{
	struct w_err e;
	jv st, f;

	w_err_clear(&e);
	if (load(r, &st, &e) == -1)
		return jv_array();
	f = w_json_get(st, "failures");
	if (jv_get_kind(f) != JV_KIND_ARRAY) {
		jv_free(f);
		return jv_array();
	}
	return f;
}

int
w_run_coord_open(struct w_run **r, struct w_config *c,
    struct w_coordinator **co, struct w_err *e)
{
	*r = NULL;
	*co = NULL;
	if (w_config_load(c, e) == -1) {
		w_config_free(c);
		return -1;
	}
	if (w_run_open(r, 0, e) == -1 || w_run_coord(*r, c, co, e) == -1) {
		w_run_close(*r);
		*r = NULL;
		w_config_free(c);
		return -1;
	}
	return 0;
}

void
w_run_coord_close(struct w_run *r, struct w_config *c)
{
	w_run_close(r);
	w_config_free(c);
}
