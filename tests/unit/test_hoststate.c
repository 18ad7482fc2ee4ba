/*
 * test_hoststate.c: cooldown arithmetic, admission decisions on one
 * bucket with a fake clock, and the state file: admit/release, fail
 * closed on corrupt, oversized and unsafe state, reset, the strict
 * reader, and the spare file the writer exchanges with state.json.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "t.h"
#include "hoststate.h"
#include "json.h"
#include "lock.h"

#define MIN	60000L

static void
test_cooldown(void)
{
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_DUCKDUCKGO, 1, -1), 5 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_DUCKDUCKGO, 2, -1), 10 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_DUCKDUCKGO, 4, -1), 40 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_DUCKDUCKGO, 5, -1), 60 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_DUCKDUCKGO, 40, -1), 60 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_FETCH, 1, -1), MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_FETCH, 3, -1), 4 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_FETCH, 7, -1), 60 * MIN);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_FETCH, 9, 2500), 2500);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_SEARXNG, 1, 0), 0);
	CHECK_INT(w_host_cooldown_ms(W_SCOPE_FETCH, 1, 999999999L),
	    86400000L);
	CHECK_INT(w_host_rule(W_SCOPE_FETCH)->concurrency, 2);
	CHECK_INT(w_host_rule(W_SCOPE_FETCH)->spacing_ms, 500);
	CHECK_INT(w_host_rule(W_SCOPE_STARTPAGE)->spacing_ms, 3000);
	CHECK_INT(w_host_rule(W_SCOPE_OLLAMA)->spacing_ms, 2000);
	CHECK_INT(w_host_rule(W_SCOPE_CODEX)->concurrency, 1);
	CHECK_INT(w_host_scope_named("duckduckgo"), W_SCOPE_DUCKDUCKGO);
	CHECK_INT(w_host_scope_named("nope"), -1);
}

static void
test_decide(void)
{
	struct w_host_bucket b;
	long long t = 1000000;
	long ms, id, id2, id3;

	memset(&b, 0, sizeof(b));
	b.scope = W_SCOPE_FETCH;
	/* Two at once, 500 ms apart; the third waits for a slot. */
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id), W_HOST_ADMIT);
	CHECK_INT(w_host_decide(&b, t + 100, 11, 1, 0, &ms, &id2),
	    W_HOST_WAIT);
	CHECK_INT(ms, 400);
	CHECK_INT(w_host_decide(&b, t + 500, 11, 1, 0, &ms, &id2),
	    W_HOST_ADMIT);
	CHECK_INT(w_host_decide(&b, t + 1500, 12, 1, 0, &ms, &id3),
	    W_HOST_WAIT);
	w_host_settle(&b, id, W_HOST_SUCCESS, -1, t + 1600);
	CHECK_INT(b.nact, 1);
	CHECK_INT(w_host_decide(&b, t + 1600, 12, 1, 0, &ms, &id3),
	    W_HOST_ADMIT);
	/* A lease older than the maximum is reclaimed. */
	CHECK_INT(w_host_decide(&b, t + 500 + W_HOST_LEASE_MAX_MS + 1, 13, 1,
	    0, &ms, &id), W_HOST_ADMIT);
	CHECK_INT(b.nact, 2);
	CHECK_INT(b.admitted, 4);

	/* Throttled: 1 min, then a probe, a second throttle doubles. */
	memset(&b, 0, sizeof(b));
	b.scope = W_SCOPE_FETCH;
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id), W_HOST_ADMIT);
	w_host_settle(&b, id, W_HOST_THROTTLED, -1, t + 10);
	CHECK_INT(b.until, t + 10 + MIN);
	CHECK_INT(w_host_decide(&b, t + 20, 11, 1, 0, &ms, &id),
	    W_HOST_COOLING);
	CHECK_INT(ms, MIN - 10);
	t += 10 + MIN;
	CHECK_INT(w_host_decide(&b, t, 11, 1, 0, &ms, &id), W_HOST_ADMIT);
	CHECK_INT(b.act[0].probe, 1);
	/* Only one probe: the next caller waits on it. */
	CHECK_INT(w_host_decide(&b, t + 600, 12, 1, 0, &ms, &id2),
	    W_HOST_WAIT);
	w_host_settle(&b, id, W_HOST_THROTTLED, -1, t + 700);
	CHECK_INT(b.until, t + 700 + 2 * MIN);
	CHECK_INT(b.throttles, 2);
	t += 700 + 2 * MIN;
	CHECK_INT(w_host_decide(&b, t, 11, 1, 0, &ms, &id), W_HOST_ADMIT);
	w_host_settle(&b, id, W_HOST_SUCCESS, -1, t + 5);
	CHECK_INT(b.until, 0);
	CHECK_INT(b.throttles, 0);
	CHECK_INT(b.throttled, 2);
	/* Retry-After is honoured instead of the default. */
	CHECK_INT(w_host_decide(&b, t + 1000, 11, 1, 0, &ms, &id),
	    W_HOST_ADMIT);
	w_host_settle(&b, id, W_HOST_THROTTLED, 7000, t + 1000);
	CHECK_INT(b.until, t + 8000);

	/* Two infrastructure failures open a one-minute cooldown. */
	memset(&b, 0, sizeof(b));
	b.scope = W_SCOPE_SEARXNG;
	t = 5000000;
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id), W_HOST_ADMIT);
	w_host_settle(&b, id, W_HOST_FAILURE, -1, t + 1);
	CHECK_INT(b.until, 0);
	CHECK_INT(w_host_decide(&b, t + 1000, 10, 1, 0, &ms, &id),
	    W_HOST_WAIT);
	CHECK_INT(ms, 1000);
	CHECK_INT(w_host_decide(&b, t + 2000, 10, 1, 0, &ms, &id),
	    W_HOST_ADMIT);
	w_host_settle(&b, id, W_HOST_FAILURE, -1, t + 2100);
	CHECK_INT(b.until, t + 2100 + MIN);
	/* Neutral outcomes (cancelled, 404) change nothing. */
	t += 2100 + MIN;
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id), W_HOST_ADMIT);
	w_host_settle(&b, id, W_HOST_NEUTRAL, -1, t);
	CHECK_INT(b.until, t);
	w_host_settle(&b, 999, W_HOST_SUCCESS, -1, t);
	CHECK_INT(b.failures, 0);
	/* Codex is serialised without spacing. */
	memset(&b, 0, sizeof(b));
	b.scope = W_SCOPE_CODEX;
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id), W_HOST_ADMIT);
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id2), W_HOST_WAIT);
	w_host_settle(&b, id, W_HOST_SUCCESS, -1, t);
	CHECK_INT(w_host_decide(&b, t, 10, 1, 0, &ms, &id2), W_HOST_ADMIT);
}

static char dir[256];

static void
put_state(const char *text, int mode)
{
	char p[512];
	FILE *fp;

	snprintf(p, sizeof(p), "%s/webtools/state.json", dir);
	fp = fopen(p, "w");
	fputs(text, fp);
	fclose(fp);
	chmod(p, (mode_t)mode);
}

static void
test_files(void)
{
	struct w_host_lease l, l2;
	struct w_err e;
	char p[512];
	struct stat st;
	jv out;
	char *big;

	snprintf(dir, sizeof(dir), "/tmp/test_hoststate.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return;
	setenv("XDG_STATE_HOME", dir, 1);
	w_err_clear(&e);
	CHECK_INT(w_host_status(&out, &e), 0);
	CHECK(jv_get_kind(out) == JV_KIND_OBJECT);
	jv_free(out);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "http://127.0.0.1:1", 1000, &l,
	    &e), 0);
	CHECK(l.held);
	snprintf(p, sizeof(p), "%s/webtools", dir);
	CHECK_INT(stat(p, &st), 0);
	CHECK_INT(st.st_mode & 0777, 0700);
	snprintf(p, sizeof(p), "%s/webtools/state.json", dir);
	CHECK_INT(stat(p, &st), 0);
	CHECK_INT(st.st_mode & 0777, 0600);
	/* Reset refused while the lease is held. */
	CHECK_INT(w_host_reset(&out, &e), -1);
	CHECK(strstr(e.msg, "active") != NULL);
	/* A second admission to the same origin waits out the spacing. */
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "http://127.0.0.1:1", 2000, &l2,
	    &e), 0);
	w_host_release(&l, W_HOST_THROTTLED, 30000);
	w_host_release(&l2, W_HOST_NEUTRAL, -1);
	w_err_clear(&e);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "http://127.0.0.1:1", 100, &l,
	    &e), -1);
	CHECK_STR(w_err_name(e.code), "rate_limited");
	/* 30 s from the release, less the time this machine took since
	 * (seconds under a loaded make check) */
	CHECK(e.retry_after_ms > 20000 && e.retry_after_ms <= 30000);
	CHECK_INT(w_host_status(&out, &e), 0);
	CHECK_INT(w_json_int_peek(out, "cooling_down", -1), 1);
	jv_free(out);
	CHECK_INT(w_host_reset(&out, &e), 0);
	jv_free(out);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "http://127.0.0.1:1", 100, &l,
	    &e), 0);
	w_host_release(&l, W_HOST_SUCCESS, -1);

	/* Fail closed: corrupt, wrong shape, world-readable, oversized. */
	put_state("{not json", 0600);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "x", 100, &l, &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
	CHECK_INT(w_host_reset(&out, &e), -1);
	put_state("{\"webtoolsHostState\":1,\"buckets\":{\"zz\":{}}}", 0600);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "x", 100, &l, &e), -1);
	put_state("{\"webtoolsHostState\":1,\"buckets\":{}}", 0644);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "x", 100, &l, &e), -1);
	CHECK(strstr(e.msg, "other users") != NULL);
	CHECK_INT(w_host_status(&out, &e), -1);
	big = malloc(W_HOST_MAX_BYTES + 2);
	memset(big, ' ', W_HOST_MAX_BYTES + 1);
	big[W_HOST_MAX_BYTES + 1] = '\0';
	put_state(big, 0600);
	free(big);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "x", 100, &l, &e), -1);
	CHECK(strstr(e.msg, "larger") != NULL);
	put_state("{\"webtoolsHostState\":1,\"buckets\":{}}", 0600);
	snprintf(p, sizeof(p), "%s/webtools", dir);
	chmod(p, 0755);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "x", 100, &l, &e), -1);
	chmod(p, 0700);
	CHECK_INT(w_host_admit(W_SCOPE_FETCH, "x", 100, &l, &e), 0);
	w_host_release(&l, W_HOST_SUCCESS, -1);
}

/* Number of buckets status reports for text as state.json, -1 if refused. */
static long
status_of(const char *text, long *active)
{
	struct w_err e;
	long n;
	jv out;

	if (text != NULL)
		put_state(text, 0600);
	w_err_clear(&e);
	if (w_host_status(&out, &e) == -1)
		return -1;
	n = w_json_int_peek(out, "buckets", -2);
	if (active)
		*active = w_json_int_peek(out, "active_requests", -2);
	jv_free(out);
	return n;
}

#define K1	"0123456789abcdef0123456789abcdef"
#define K2	"fedcba9876543210fedcba9876543210"
#define B0	"\"scope\":7,\"active\":[],\"last\":0,\"until\":0," \
	"\"throttles\":0,\"failures\":0,\"seq\":0,\"admitted\":0," \
	"\"throttled\":0,\"failed\":0"

static void
test_reader(void)
{
	struct w_host_lease l;
	struct w_err e;
	char text[1024], p[512];
	long act = 0;
	struct stat st;
	FILE *fp;
	jv out;

	/* Accepted: whitespace, any key order, unknown members, escapes. */
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{}}\n", 0),
	    0);
	CHECK_INT(status_of(" {\n \"buckets\" : { } ,\t\"x\":[1,{\"y\":null},"
	    "-2.5e3,\"\\u00e9\\n\",true,false], \"webtoolsHostState\" : 1.0 "
	    "}\r\n", 0), 0);
	snprintf(text, sizeof(text), "{\"webtoolsHostState\":1,\"buckets\":{"
	    "\"" K1 "\":{\"failed\":0,\"throttled\":0,\"admitted\":3,"
	    "\"seq\":3,\"failures\":0,\"throttles\":0,\"until\":0,"
	    "\"last\":0,\"extra\":{\"a\":[]},\"active\":[{\"probe\":0,"
	    "\"since\":%lld,\"start\":0,\"pid\":%ld,\"id\":3,\"z\":\"\"}],"
	    "\"\\u0073cope\":7},\"" K2 "\":{" B0 "}}}",
	    w_clock_now_ms(), (long)getpid());
	CHECK_INT(status_of(text, &act), 2);
	CHECK_INT(act, 1);
	/* Refused: anything else. */
	CHECK_INT(status_of("", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{}} x", 0),
	    -1);
	/* A file torn to the wrong length (NUL padding) is refused. */
	snprintf(text, sizeof(text), "%s/webtools/state.json", dir);
	fp = fopen(text, "w");
	fwrite("{\"webtoolsHostState\":1,\"buckets\":{}}\0\0", 1, 39, fp);
	fclose(fp);
	CHECK_INT(status_of(NULL, 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":2,\"buckets\":{}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1}", 0), -1);
	CHECK_INT(status_of("{\"buckets\":{}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{},"
	    "\"buckets\":{}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":[]}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{" B0 "},\"" K1 "\":{" B0 "}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{" B0 ",\"seq\":1.5}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{" B0 ",\"seq\":-1}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{" B0 ",\"scope\":8}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{\"scope\":7,\"active\":[]}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{" B0 ",\"active\":[{}]}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "x\":{" B0 "}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{\"" K1
	    "\":{" B0 ",}}}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{},\"x\":"
	    "\"\x01\"}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{},\"x\":"
	    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]"
	    "]]]]]]]]]]]]]]]]}", 0), -1);
	CHECK_INT(status_of("{\"webtoolsHostState\":1,\"buckets\":{},\"x\":"
	    "01}", 0), -1);

	/* The writer's spare: private, checked, and dropped by reset. */
	put_state("{\"webtoolsHostState\":1,\"buckets\":{}}", 0600);
	w_err_clear(&e);
	CHECK_INT(w_host_admit(W_SCOPE_CODEX, "spare", 1000, &l, &e), 0);
	w_host_release(&l, W_HOST_SUCCESS, -1);
	snprintf(p, sizeof(p), "%s/webtools/state.spare", dir);
	CHECK_INT(stat(p, &st), 0);
	CHECK_INT(st.st_mode & 0777, 0600);
	chmod(p, 0644);
	CHECK_INT(w_host_admit(W_SCOPE_CODEX, "spare", 1000, &l, &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
	chmod(p, 0600);
	w_err_clear(&e);
	CHECK_INT(w_host_admit(W_SCOPE_CODEX, "spare", 1000, &l, &e), 0);
	w_host_release(&l, W_HOST_SUCCESS, -1);
	CHECK_INT(status_of(NULL, 0), 1);
	CHECK_INT(w_host_reset(&out, &e), 0);
	jv_free(out);
	CHECK(stat(p, &st) == -1);
}

int
main(void)
{
	char cmd[300];

	test_cooldown();
	test_decide();
	test_files();
	test_reader();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (fork() == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(1);
	}
	wait(NULL);
	T_DONE();
}
