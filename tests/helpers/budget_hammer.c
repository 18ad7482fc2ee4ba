/*
 * budget_hammer.c: a test and benchmark driver for the run file, the
 * document cache and host admission (through lib/coord.h: the config's
 * "redis" coordination when it says so, else host files), used by
 * tests/run-stress.bats, tests/web-control.bats, tests/redis.bats and
 * bench/coordination.sh while the programs that call them are not there
 * to do it.
 *
 *   budget_hammer reserve 0|1          reserve, settle (answered 0/1)
 *   budget_hammer hold MS              reserve, sleep MS, settle(1)
 *   budget_hammer lease SCOPE KEY MS [success|throttled|failure|neutral
 *                 [RETRY_MS]]          admit, print the time, hold, release
 *   budget_hammer doc KEY MS [fail]    cache lookup; on a miss hold MS and
 *                                      put (or fail) the document
 *   budget_hammer loop M KEY           M admissions and releases of KEY
 *                                      (codex scope: no spacing)
 *   budget_hammer session              print the session identity
 *   budget_hammer defer NAME           defer a backend for the run
 *   budget_hammer alat N [connect]     median and p99 microseconds of N
 *                                      admit+release pairs (codex scope),
 *                                      with connect: each on a fresh
 *                                      backend (a new Redis connection)
 *   budget_hammer bench N [host]       median microseconds of N rounds of
 *                                      a wfetch's coordination work: run
 *                                      open, document cache miss and put
 *                                      (+ admission and release)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "config.h"
#include "coord.h"
#include "doccache.h"
#include "json.h"
#include "hoststate.h"
#include "lock.h"
#include "run.h"

static int
fail(const struct w_err *e)
{
	printf("%s %s\n", e->code != W_E_NONE ? w_err_name(e->code) : "error",
	    e->msg);
	return e->code == W_E_SEARCH_BUDGET_EXHAUSTED ?
	    3 : 1;
}

static int
reserve(int answered, long hold)
{
	struct w_run *r;
	struct w_err e;

	w_err_clear(&e);
	if (w_run_open(&r, 4, &e) == -1)
		return fail(&e);
	if (w_run_reserve(r, &e) == -1) {
		w_run_close(r);
		return fail(&e);
	}
	if (hold > 0)
		w_clock_sleep_ms(hold);
	w_run_settle(r, answered);
	w_run_close(r);
	printf("ok\n");
	return 0;
}

/* The admission backend: Redis when the config says so, else host. */
static struct w_coordinator *
backend(void)
{
	struct w_coordinator *co = NULL;
	enum w_coord_kind k = W_COORD_KIND_HOST;
	struct w_config c;
	struct w_err e;
	jv m;

	w_err_clear(&e);
	if (w_config_load(&c, &e) == -1) {
		fail(&e);
		exit(1);
	}
	m = w_config_get(&c, "coordination");
	if (jv_get_kind(m) == JV_KIND_STRING &&
	    strcmp(jv_string_value(m), "redis") == 0)
		k = W_COORD_KIND_REDIS;
	jv_free(m);
	m = w_config_get(&c, "redis");
	if (w_coord_open(&co, k, m, &c.policy, &e) == -1) {
		jv_free(m);
		w_config_free(&c);
		exit(fail(&e));
	}
	jv_free(m);
	w_config_free(&c);
	return co;
}

static enum w_host_outcome
outcome(const char *s)
{
	if (s == NULL || strcmp(s, "success") == 0)
		return W_HOST_SUCCESS;
	if (strcmp(s, "throttled") == 0)
		return W_HOST_THROTTLED;
	if (strcmp(s, "failure") == 0)
		return W_HOST_FAILURE;
	return W_HOST_NEUTRAL;
}

static int
lease(int argc, char **argv)
{
	struct w_coordinator *co;
	struct w_host_lease l;
	struct w_err e;
	int scope;

	if (argc < 5 || (scope = w_host_scope_named(argv[2])) == -1)
		return 2;
	w_err_clear(&e);
	co = backend();
	if (w_coord_admit(co, (enum w_scope)scope, argv[3], 60000, NULL, NULL,
	    &l, &e) == -1) {
		w_coord_free(co);
		return fail(&e);
	}
	printf("admitted %lld%s\n", l.since, l.probe ? " probe" : "");
	fflush(stdout);
	w_clock_sleep_ms(strtol(argv[4], NULL, 10));
	w_coord_release(&l, outcome(argc > 5 ? argv[5] : NULL),
	    argc > 6 ? strtol(argv[6], NULL, 10) : -1);
	w_coord_free(co);
	return 0;
}

static int
doc(int argc, char **argv)
{
	struct w_run *r;
	struct w_err e;
	char *text, buf[64];
	size_t len;
	jv meta;
	int rc;

	if (argc < 4)
		return 2;
	w_err_clear(&e);
	if (w_run_open(&r, 4, &e) == -1)
		return fail(&e);
	rc = w_doccache_get(r, argv[2], 20000, &text, &len, &meta, &e);
	if (rc == W_DC_HIT)
		printf("hit %s\n", text);
	else if (rc == W_DC_SHARED_ERROR)
		printf("shared %s\n", w_json_str_peek(meta, "code"));
	else if (rc == W_DC_MISS) {
		w_clock_sleep_ms(strtol(argv[3], NULL, 10));
		if (argc > 4 && strcmp(argv[4], "fail") == 0)
			w_doccache_fail(r, argv[2], jv_object_set(jv_object(),
			    jv_string("code"), jv_string("http_5xx")));
		else {
			snprintf(buf, sizeof(buf), "text-by-%ld",
			    (long)getpid());
			w_doccache_put(r, argv[2], buf, strlen(buf),
			    jv_object(), &e);
		}
		printf("miss\n");
	} else {
		w_run_close(r);
		return fail(&e);
	}
	free(text);
	jv_free(meta);
	w_run_close(r);
	return 0;
}

static int
loop(int m, const char *key)
{
	struct w_coordinator *co = backend();
	struct w_host_lease l;
	struct w_err e;
	int i;

	for (i = 0; i < m; i++) {
		w_err_clear(&e);
		if (w_coord_admit(co, W_SCOPE_CODEX, key, 60000, NULL, NULL,
		    &l, &e) == -1)
			return fail(&e);
		w_coord_release(&l, W_HOST_SUCCESS, -1);
	}
	w_coord_free(co);
	return 0;
}

static int
cmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static long
usec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000L + ts.tv_nsec / 1000;
}

/* Median and p99 of n admit+release pairs, in microseconds. */
static int
alat(int n, int connect)
{
	struct w_coordinator *co = connect ? NULL : backend();
	struct w_host_lease l;
	struct w_err e;
	long *t = calloc((size_t)n, sizeof(long)), t0;
	char key[64];
	int i;

	snprintf(key, sizeof(key), "alat-%ld", (long)getpid());
	for (i = 0; i < n; i++) {
		w_err_clear(&e);
		t0 = usec();
		if (connect)
			co = backend();
		if (w_coord_admit(co, W_SCOPE_CODEX, key, 60000, NULL, NULL,
		    &l, &e) == -1)
			return fail(&e);
		w_coord_release(&l, W_HOST_SUCCESS, -1);
		if (connect) {
			w_coord_free(co);
			co = NULL;
		}
		t[i] = usec() - t0;
	}
	w_coord_free(co);
	qsort(t, (size_t)n, sizeof(long), cmp);
	printf("%ld %ld\n", t[n / 2], t[(n * 99) / 100]);
	free(t);
	return 0;
}

/* Median cost of one call's coordination work, in microseconds. */
static int
bench(int n, int host)
{
	struct w_host_lease l;
	struct w_run *r;
	struct w_err e;
	long *t = calloc((size_t)n, sizeof(long)), t0;
	char doc[64], body[2048], *text;
	size_t len;
	jv meta;
	int i;

	memset(body, 'x', sizeof(body));
	body[sizeof(body) - 1] = '\0';
	for (i = 0; i < n; i++) {
		w_err_clear(&e);
		t0 = usec();
		if (w_run_open(&r, 20, &e) == -1)
			return fail(&e);
		snprintf(doc, sizeof(doc), "bench-%d-%ld", i, (long)getpid());
		if (w_doccache_get(r, doc, 1000, &text, &len, &meta,
		    &e) == -1)
			return fail(&e);
		jv_free(meta);
		free(text);
		if (w_doccache_put(r, doc, body, sizeof(body) - 1,
		    jv_object(), &e) == -1)
			return fail(&e);
		/* Codex scope: serialised without spacing, so no sleeps. */
		if (host && w_host_admit(W_SCOPE_CODEX, "bench", 1000, &l,
		    &e) == -1)
			return fail(&e);
		if (host)
			w_host_release(&l, W_HOST_SUCCESS, -1);
		w_run_close(r);
		t[i] = usec() - t0;
	}
	qsort(t, (size_t)n, sizeof(long), cmp);
	printf("%ld\n", t[n / 2]);
	free(t);
	return 0;
}

int
main(int argc, char **argv)
{
	struct w_run *r;
	struct w_err e;
	char sid[80];

	if (argc < 2)
		return 2;
	w_err_clear(&e);
	if (strcmp(argv[1], "reserve") == 0 && argc > 2)
		return reserve(argv[2][0] == '1', 0);
	if (strcmp(argv[1], "hold") == 0 && argc > 2)
		return reserve(1, strtol(argv[2], NULL, 10));
	if (strcmp(argv[1], "lease") == 0)
		return lease(argc, argv);
	if (strcmp(argv[1], "doc") == 0)
		return doc(argc, argv);
	if (strcmp(argv[1], "loop") == 0 && argc > 3)
		return loop((int)strtol(argv[2], NULL, 10), argv[3]);
	if (strcmp(argv[1], "alat") == 0 && argc > 2)
		return alat((int)strtol(argv[2], NULL, 10), argc > 3);
	if (strcmp(argv[1], "bench") == 0 && argc > 2)
		return bench((int)strtol(argv[2], NULL, 10), argc > 3);
	if (w_run_open(&r, 4, &e) == -1)
		return fail(&e);
	if (strcmp(argv[1], "session") == 0) {
		w_run_session_id(r, sid, sizeof(sid));
		printf("%s\n", sid);
	} else if (strcmp(argv[1], "defer") == 0 && argc > 2) {
		w_run_defer(r, argv[2], 1000);
		printf("%d\n", w_run_is_deferred(r, argv[2]));
	}
	w_run_close(r);
	return 0;
}
