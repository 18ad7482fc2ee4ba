/*
 * searchcache.c: the per-user search cache: one file per entry,
 * <sha256 of key>.json holding {"stored": ms, "result": ...}, replaced
 * atomically; expired and surplus entries are pruned on every store.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "config.h"
#include "json.h"
#include "lock.h"
#include "searchcache.h"
#include "sha256.h"

/* The cache directory; with no usable base, one that never exists. */
static char *
cache_dir(void)
{
	char *d = w_config_basedir(W_BASE_CACHE, "search");

	return d != NULL ? d : w_strdup("/nonexistent/webtools/search");
}

static char *
entry_path(const char *dir, const char *key)
{
	struct w_buf b;
	char h[65];

	w_sha256_hex(key, strlen(key), h);
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/%s.json", dir, h);
	return w_buf_take(&b);
}

int
w_searchcache_get(const char *key, jv *result, struct w_err *e)
{
	char *dir = cache_dir(), *p, *s;
	size_t n;
	long long stored, now = w_clock_now_ms();
	int rc;
	jv o;

	*result = jv_null();
	if (access(dir, F_OK) == -1) {
		free(dir);
		return 0;
	}
	if (w_lock_check_dir(dir, e) == -1) {
		free(dir);
		return -1;
	}
	p = entry_path(dir, key);
	free(dir);
	rc = w_lock_read_private(p, W_SEARCHCACHE_ENTRY_MAX, &s, &n, e);
	if (rc != 0) {
		/* A missing or unusable entry is a miss. */
		if (rc == -1)
			(void)unlink(p);
		free(p);
		return 0;
	}
	o = w_json_parse(s, n);
	free(s);
	stored = w_json_int_peek(o, "stored", 0);
	if (jv_get_kind(o) != JV_KIND_OBJECT || stored > now ||
	    now - stored > W_SEARCHCACHE_TTL_MS) {
		jv_free(o);
		(void)unlink(p);
		free(p);
		return 0;
	}
	free(p);
	*result = w_json_get(o, "result");
	if (!jv_is_valid(*result)) {
		jv_free(*result);
		*result = jv_null();
		return 0;
	}
	return 1;
}

/* A cache entry's file name: 64 hex digits and ".json". */
static int
entry_name(const char *name)
{
	return strlen(name) == 69 && strcmp(name + 64, ".json") == 0;
}

int
w_searchcache_put(const char *key, jv result, struct w_err *e)
{
	char *dir = cache_dir(), *p;
	const char *s;
	int rc = 0;
	jv o;

	if (w_lock_private_dir(dir, e) == -1) {
		jv_free(result);
		free(dir);
		return -1;
	}
	o = jv_object();
	o = jv_object_set(o, jv_string("stored"),
	    jv_number((double)w_clock_now_ms()));
	o = jv_object_set(o, jv_string("result"), result);
	o = jv_dump_string(o, 0);
	s = jv_string_value(o);
	if (strlen(s) <= W_SEARCHCACHE_ENTRY_MAX) {
		p = entry_path(dir, key);
		rc = w_lock_write_atomic(p, s, strlen(s), 0, e);
		free(p);
		w_lock_prune_dir(dir, entry_name, W_SEARCHCACHE_TTL_MS + 1000,
		    W_SEARCHCACHE_MAX);
	}
	jv_free(o);
	free(dir);
	return rc;
}

jv
w_searchcache_usage(void)
{
	char *dir = cache_dir();
	size_t n = 0, bytes = 0;
	struct dirent *d;
	struct stat st;
	DIR *dp;
	jv o;

	if ((dp = opendir(dir)) != NULL) {
		while ((d = readdir(dp)) != NULL)
			if (strlen(d->d_name) == 69 &&
			    strcmp(d->d_name + 64, ".json") == 0 &&
			    fstatat(dirfd(dp), d->d_name, &st,
			    AT_SYMLINK_NOFOLLOW) == 0) {
				n++;
				bytes += (size_t)st.st_size;
			}
		closedir(dp);
	}
	free(dir);
	o = jv_object();
	o = jv_object_set(o, jv_string("entries"), jv_number((double)n));
	o = jv_object_set(o, jv_string("bytes"), jv_number((double)bytes));
	o = jv_object_set(o, jv_string("max_entries"),
	    jv_number(W_SEARCHCACHE_MAX));
	o = jv_object_set(o, jv_string("ttl_ms"),
	    jv_number(W_SEARCHCACHE_TTL_MS));
	return o;
}

int
w_searchcache_clear(struct w_err *e)
{
	char *dir = cache_dir();
	struct dirent *d;
	DIR *dp;

	if (access(dir, F_OK) == -1) {
		free(dir);
		return 0;
	}
	if (w_lock_check_dir(dir, e) == -1) {
		free(dir);
		return -1;
	}
	if ((dp = opendir(dir)) != NULL) {
		while ((d = readdir(dp)) != NULL)
			if (strlen(d->d_name) >= 69 &&
			    strncmp(d->d_name + 64, ".json", 5) == 0)
				(void)unlinkat(dirfd(dp), d->d_name, 0);
		closedir(dp);
	}
	free(dir);
	return 0;
}
