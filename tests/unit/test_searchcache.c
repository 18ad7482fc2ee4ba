/*
 * test_searchcache.c: the per-user search cache (hits, misses, expiry,
 * the count bound, unsafe directories) and the in-memory document cache
 * of a private run (hits, LRU eviction, the size bound).
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <utime.h>

#include "t.h"
#include "config.h"
#include "doccache.h"
#include "json.h"
#include "run.h"
#include "searchcache.h"
#include "sha256.h"

static char dir[256];

static void
test_search(void)
{
	struct w_err e;
	char p[512], key[32], h[65];
	struct utimbuf ut;
	jv r;
	int i;

	w_err_clear(&e);
	CHECK_INT(w_searchcache_get("q=a", &r, &e), 0);
	CHECK(jv_get_kind(r) == JV_KIND_NULL);
	CHECK_INT(w_searchcache_put("q=a", jv_parse("{\"results\":[1]}"), &e),
	    0);
	CHECK_INT(w_searchcache_get("q=a", &r, &e), 1);
	CHECK_INT(jv_array_length(jv_object_get(r, jv_string("results"))), 1);
	CHECK_INT(w_searchcache_get("q=b", &r, &e), 0);
	jv_free(r);
	snprintf(p, sizeof(p), "%s/cache/webtools/search", dir);
	/* An entry older than 15 minutes is a miss. */
	w_sha256_hex("q=a", 3, h);
	snprintf(p, sizeof(p), "%s/cache/webtools/search/%s.json", dir, h);
	{
		FILE *fp = fopen(p, "w");
		fprintf(fp, "{\"stored\":1000,\"result\":{}}");
		fclose(fp);
	}
	CHECK_INT(w_searchcache_get("q=a", &r, &e), 0);
	jv_free(r);
	/* At most W_SEARCHCACHE_MAX entries; the oldest go. */
	for (i = 0; i < W_SEARCHCACHE_MAX + 10; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		w_searchcache_put(key, jv_number(i), &e);
		if (i < 10) {
			w_sha256_hex(key, strlen(key), h);
			snprintf(p, sizeof(p),
			    "%s/cache/webtools/search/%s.json", dir, h);
			ut.actime = ut.modtime = time(NULL) - 100 + i;
			utime(p, &ut);
		}
	}
	r = w_searchcache_usage();
	CHECK_INT(w_json_int_peek(r, "entries", 0), W_SEARCHCACHE_MAX);
	jv_free(r);
	CHECK_INT(w_searchcache_get("k0", &r, &e), 0);
	jv_free(r);
	CHECK_INT(w_searchcache_get("k265", &r, &e), 1);
	jv_free(r);
	/* An unsafe directory is refused, never used. */
	snprintf(p, sizeof(p), "%s/cache/webtools/search", dir);
	chmod(p, 0755);
	CHECK_INT(w_searchcache_get("k265", &r, &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
	CHECK_INT(w_searchcache_put("x", jv_null(), &e), -1);
	chmod(p, 0700);
	CHECK_INT(w_searchcache_clear(&e), 0);
	r = w_searchcache_usage();
	CHECK_INT(w_json_int_peek(r, "entries", -1), 0);
	jv_free(r);
}

static void
test_memdoc(void)
{
	struct w_config c;
	struct w_run *r;
	struct w_err e;
	char key[32], *text, *big;
	size_t len;
	jv meta;
	int i;

	w_err_clear(&e);
	unsetenv("WEB_RUN_FILE");
	CHECK_INT(w_run_open(&r, 0, &e), 0);
	CHECK(w_run_private(r));
	CHECK_INT(w_doccache_get(r, "a", 0, &text, &len, &meta, &e), W_DC_MISS);
	CHECK_INT(w_doccache_put(r, "a", "alpha", 5,
	    jv_object_set(jv_object(), jv_string("t"), jv_string("A")), &e),
	    0);
	CHECK_INT(w_doccache_get(r, "a", 0, &text, &len, &meta, &e), W_DC_HIT);
	CHECK_STR(text, "alpha");
	CHECK_INT(len, 5);
	CHECK_STR(w_json_str_peek(meta, "t"), "A");
	free(text);
	jv_free(meta);
	for (i = 0; i < W_DOCCACHE_MAX_DOCS + 1; i++) {
		snprintf(key, sizeof(key), "d%d", i);
		w_doccache_put(r, key, "x", 1, jv_object(), &e);
	}
	meta = w_doccache_usage(r);
	CHECK_INT(w_json_int_peek(meta, "documents", 0), W_DOCCACHE_MAX_DOCS);
	jv_free(meta);
	/* "a" was least recently used and went first. */
	CHECK_INT(w_doccache_get(r, "a", 0, &text, &len, &meta, &e), W_DC_MISS);
	jv_free(meta);
	/* A document over 32 MiB is not stored. */
	big = calloc(1, W_DOCCACHE_MAX_BYTES + 1);
	CHECK_INT(w_doccache_put(r, "big", big, W_DOCCACHE_MAX_BYTES + 1,
	    jv_object(), &e), 0);
	free(big);
	CHECK_INT(w_doccache_get(r, "big", 0, &text, &len, &meta, &e),
	    W_DC_MISS);
	jv_free(meta);
	CHECK_INT(w_run_reserve(r, &e), 0);
	w_run_settle(r, 1);
	meta = w_run_budget(r);
	CHECK_INT(w_json_int_peek(meta, "requestsUsed", -1), 1);
	CHECK_INT(w_json_int_peek(meta, "maxRequestsPerRun", -1), 4);
	jv_free(meta);
	/* A run without its own mode follows the config's coordination. */
	memset(&c, 0, sizeof(c));
	c.web = jv_object();
	CHECK(!w_run_host(r, &c));
	c.web = jv_object_set(c.web, jv_string("coordination"),
	    jv_string("host"));
	CHECK(w_run_host(r, &c));
	c.web = jv_object_set(c.web, jv_string("coordination"),
	    jv_string("process"));
	CHECK(!w_run_host(r, &c));
	jv_free(c.web);
	w_run_close(r);
}

int
main(void)
{
	char p[300], cmd[300];

	snprintf(dir, sizeof(dir), "/tmp/test_searchcache.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 1;
	snprintf(p, sizeof(p), "%s/cache", dir);
	setenv("XDG_CACHE_HOME", p, 1);
	test_search();
	test_memdoc();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (fork() == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(1);
	}
	wait(NULL);
	T_DONE();
}
