/*
 * doccache.c: the run's document cache, as files under <run>/docs/:
 * <h>.doc (one line of JSON metadata, then the text; written to a
 * temporary name and renamed, so it is always complete; its mtime is
 * the LRU clock) and <h>.inflight (the owner of a fetch in progress),
 * where h is the SHA-256 of the caller's key. Every change happens under
 * the run lock.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "cancel.h"
#include "doccache.h"
#include "json.h"
#include "lock.h"
#include "sha256.h"

struct mem_doc {
	char		 h[65];
	char		*text;
	size_t		 len;
	jv		 meta;
	long long	 used;
};

struct w_doccache {
	char		*docs;	/* NULL: in memory */
	struct mem_doc	 mem[W_DOCCACHE_MAX_DOCS];
	size_t		 nmem;
	long long	 tick;
};

struct w_doccache *
w_doccache_new(const char *dir)
{
	struct w_doccache *dc = w_calloc(1, sizeof(*dc));
	struct w_buf b;

	if (dir != NULL) {
		w_buf_init(&b, 8192);
		w_buf_printf(&b, "%s/docs", dir);
		dc->docs = w_buf_take(&b);
	}
	return dc;
}

static void
mem_drop(struct w_doccache *dc, size_t i)
{
	free(dc->mem[i].text);
	jv_free(dc->mem[i].meta);
	dc->mem[i] = dc->mem[--dc->nmem];
}

void
w_doccache_free(struct w_doccache *dc)
{
	if (dc == NULL)
		return;
	while (dc->nmem > 0)
		mem_drop(dc, 0);
	free(dc->docs);
	free(dc);
}

static char *
path(struct w_doccache *dc, const char *h, const char *ext)
{
	struct w_buf b;

	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/%s%s", dc->docs, h, ext);
	return w_buf_take(&b);
}

/* ---- in memory ---- */

static int
mem_get(struct w_doccache *dc, const char *h, char **text, size_t *len,
    jv *meta)
{
	size_t i;

	for (i = 0; i < dc->nmem; i++)
		if (strcmp(dc->mem[i].h, h) == 0) {
			dc->mem[i].used = ++dc->tick;
			*text = w_malloc(dc->mem[i].len + 1);
			memcpy(*text, dc->mem[i].text, dc->mem[i].len);
			(*text)[dc->mem[i].len] = '\0';
			*len = dc->mem[i].len;
			*meta = jv_copy(dc->mem[i].meta);
			return W_DC_HIT;
		}
	return W_DC_MISS;
}

static void
mem_put(struct w_doccache *dc, const char *h, const char *text, size_t len,
    jv meta)
{
	size_t i, total, old;

	for (i = 0; i < dc->nmem; i++)
		if (strcmp(dc->mem[i].h, h) == 0) {
			mem_drop(dc, i);
			break;
		}
	for (;;) {
		total = len;
		for (i = old = 0; i < dc->nmem; i++) {
			total += dc->mem[i].len;
			if (dc->mem[i].used < dc->mem[old].used)
				old = i;
		}
		if (dc->nmem < W_DOCCACHE_MAX_DOCS &&
		    total <= W_DOCCACHE_MAX_BYTES)
			break;
		mem_drop(dc, old);
	}
	i = dc->nmem++;
	memcpy(dc->mem[i].h, h, 65);
	dc->mem[i].text = w_malloc(len + 1);
	memcpy(dc->mem[i].text, text, len);
	dc->mem[i].text[len] = '\0';
	dc->mem[i].len = len;
	dc->mem[i].meta = meta;
	dc->mem[i].used = ++dc->tick;
}

/* ---- on disk ---- */

/* Open <h>.doc; 1 when it exists, 0 when not. */
static int
disk_open(struct w_doccache *dc, const char *h, int *fd)
{
	char *p = path(dc, h, ".doc");

	*fd = open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	free(p);
	return *fd != -1;
}

/* Read an opened entry; 0 on success, -1 when it is unusable. */
static int
disk_read(int fd, char **text, size_t *len, jv *meta)
{
	struct w_buf b;
	struct w_err e;
	char chunk[65536], *nl;
	ssize_t n;
	size_t off;
	jv o;

	w_err_clear(&e);
	if (w_lock_check_fd(fd, "cache", &e) == -1)
		return -1;
	w_buf_init(&b, W_DOCCACHE_MAX_BYTES + W_DOCCACHE_META_MAX + 1);
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 || w_buf_add(&b, chunk, (size_t)n) == -1) {
			w_buf_free(&b);
			return -1;
		}
	}
	if (b.p == NULL || (nl = memchr(b.p, '\n', b.len)) == NULL) {
		w_buf_free(&b);
		return -1;
	}
	o = w_json_parse(b.p, (size_t)(nl - b.p));
	off = (size_t)(nl + 1 - b.p);
	if (jv_get_kind(o) != JV_KIND_OBJECT ||
	    w_json_int_peek(o, "bytes", -1) != (long)(b.len - off)) {
		jv_free(o);
		w_buf_free(&b);
		return -1;
	}
	*len = b.len - off;
	*text = w_malloc(*len + 1);
	memcpy(*text, b.p + off, *len);
	(*text)[*len] = '\0';
	w_buf_free(&b);
	*meta = w_json_get(o, "meta");
	(void)futimens(fd, NULL);	/* the LRU clock */
	return 0;
}

/*
 * The marker's owner and, for a finished (failed) one, the error it
 * stored (*error jv_null when none); -1 when unreadable.
 */
static int
marker_read(const char *mp, long *pid, unsigned long long *start,
    jv *error)
{
	char *s;
	size_t n;
	jv o;
	struct w_err e;

	*error = jv_null();
	if (w_lock_read_private(mp, 8192, &s, &n, &e) != 0)
		return -1;
	o = w_json_parse_object(s, n);
	free(s);
	if (jv_get_kind(o) != JV_KIND_OBJECT)
		return -1;
	*pid = w_json_int_peek(o, "pid", -1);
	*start = (unsigned long long)w_json_int_peek(o, "start", 0);
	*error = w_json_get(o, "error");
	if (!jv_is_valid(*error)) {
		jv_free(*error);
		*error = jv_null();
	}
	return 0;
}

/* Create (or, with an error, replace) the caller's marker. */
static int
marker_write(const char *mp, jv error, struct w_err *e)
{
	jv o = jv_object();
	const char *s;
	int rc = 0, fd;

	o = jv_object_set(o, jv_string("pid"), jv_number(getpid()));
	o = jv_object_set(o, jv_string("start"),
	    jv_number((double)w_lock_proc_start(getpid())));
	if (jv_get_kind(error) != JV_KIND_NULL) {
		o = jv_object_set(o, jv_string("error"), error);
		o = jv_dump_string(o, 0);
		s = jv_string_value(o);
		rc = w_lock_write_atomic(mp, s, strlen(s), 0, e);
		jv_free(o);
		return rc;
	}
	jv_free(error);
	o = jv_dump_string(o, 0);
	s = jv_string_value(o);
	errno = 0;
	fd = open(mp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	    0600);
	if (fd == -1 || write(fd, s, strlen(s)) != (ssize_t)strlen(s)) {
		rc = w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "cannot write an in-flight marker: %s", errno == 0 ?
		    "short write" : strerror(errno));
		/* An empty or cut marker would hold up identical fetches. */
		if (fd != -1)
			(void)unlink(mp);
	}
	if (fd != -1)
		close(fd);
	jv_free(o);
	return rc;
}

/*
 * One look under the run lock: 1 hit (fds open), 0 we own the marker,
 * 2 someone else owns it (*owner set), 3 shared error, 4 the marker
 * cannot be written (e set), -1 failure.
 */
static int
disk_look(struct w_doccache *dc, const char *h, int waited, long *owner,
    int *fd, jv *err, struct w_err *e)
{
	char *mp = path(dc, h, ".inflight");
	unsigned long long start;
	long pid;
	int rc = 0;

	if (disk_open(dc, h, fd)) {
		free(mp);
		return 1;
	}
	if (marker_read(mp, &pid, &start, err) == 0) {
		if (jv_get_kind(*err) != JV_KIND_NULL && waited) {
			free(mp);
			return 3;
		}
		if (jv_get_kind(*err) == JV_KIND_NULL && pid != getpid() &&
		    w_lock_proc_alive((pid_t)pid, start)) {
			*owner = pid;
			free(mp);
			return 2;
		}
		jv_free(*err);
		*err = jv_null();
		/* A finished, stale or dead owner's marker: take it over. */
		(void)unlink(mp);
	}
	if (marker_write(mp, jv_null(), e) == -1)
		rc = 4;
	free(mp);
	return rc;
}

static void
drop_entry(struct w_run *r, struct w_doccache *dc, const char *h)
{
	struct w_err e;
	char *p = path(dc, h, ".doc");

	w_err_clear(&e);
	if (w_run_lock(r, &e) == 0) {
		(void)unlink(p);
		w_run_unlock(r);
	}
	free(p);
}

static int
disk_get(struct w_run *r, struct w_doccache *dc, const char *h,
    long wait_ms, char **text, size_t *len, jv *meta, struct w_err *e)
{
	long long end = w_clock_mono_ms() + wait_ms;
	int fd, rc, waited = 0;
	long owner = 0;
	jv err;

	if (access(dc->docs, F_OK) == -1 && w_lock_private_dir(dc->docs,
	    e) == -1)
		return W_DC_UNCACHED;
	for (;;) {
		if (w_run_lock(r, e) == -1)
			return -1;
		err = jv_null();
		rc = disk_look(dc, h, waited, &owner, &fd, &err, e);
		w_run_unlock(r);
		if (rc == 1) {
			rc = disk_read(fd, text, len, meta);
			close(fd);
			if (rc == 0)
				return W_DC_HIT;
			/* An unusable entry: drop it and look again. */
			drop_entry(r, dc, h);
			continue;
		}
		if (rc == 3) {
			*meta = err;
			return W_DC_SHARED_ERROR;
		}
		jv_free(err);
		if (rc == 4)
			return W_DC_UNCACHED;
		if (rc == 0 || rc == -1)
			return rc == 0 ? W_DC_MISS : -1;
		waited = 1;
		if (w_clock_mono_ms() >= end)
			return w_err_set(e, W_E_TIMEOUT, "an identical request "
			    "in this run (pid %ld) did not finish within "
			    "%ld ms", owner, wait_ms);
		w_clock_sleep_ms(5);
		if (w_cancel_check(e) == -1)
			return -1;
	}
}

int
w_doccache_get(struct w_run *r, const char *key, long wait_ms, char **text,
    size_t *len, jv *meta, struct w_err *e)
{
	struct w_doccache *dc = w_run_doccache(r);
	char h[65];

	*text = NULL;
	*len = 0;
	*meta = jv_null();
	w_sha256_hex(key, strlen(key), h);
	if (dc->docs == NULL)
		return mem_get(dc, h, text, len, meta);
	return disk_get(r, dc, h, wait_ms, text, len, meta, e);
}

struct entry {
	char		 h[65];
	long long	 mtime;
	size_t		 bytes;
};

/* Whether d (in dp) is a stored document; *st filled when it is. */
static int
is_doc(DIR *dp, const struct dirent *d, struct stat *st)
{
	return strlen(d->d_name) == 68 && strcmp(d->d_name + 64, ".doc") == 0 &&
	    fstatat(dirfd(dp), d->d_name, st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* Evict until one more document of len bytes fits. Under the lock. */
static void
evict(struct w_doccache *dc, size_t len)
{
	struct entry ent[W_DOCCACHE_MAX_DOCS * 2];
	struct dirent *d;
	struct stat st;
	size_t n = 0, i, old, total;
	char *p;
	DIR *dp;

	if ((dp = opendir(dc->docs)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL && n < sizeof(ent) / sizeof(ent[0])) {
		if (!is_doc(dp, d, &st))
			continue;
		memcpy(ent[n].h, d->d_name, 64);
		ent[n].h[64] = '\0';
		ent[n].mtime = (long long)st.st_mtim.tv_sec * 1000000000LL +
		    st.st_mtim.tv_nsec;
		ent[n].bytes = (size_t)st.st_size;
		n++;
	}
	closedir(dp);
	for (;;) {
		total = len;
		for (i = old = 0; i < n; i++) {
			total += ent[i].bytes;
			if (ent[i].mtime < ent[old].mtime)
				old = i;
		}
		if (n == 0 || (n < W_DOCCACHE_MAX_DOCS &&
		    total <= W_DOCCACHE_MAX_BYTES))
			break;
		p = path(dc, ent[old].h, ".doc");
		(void)unlink(p);
		free(p);
		ent[old] = ent[--n];
	}
}

int
w_doccache_put(struct w_run *r, const char *key, const char *text,
    size_t len, jv meta, struct w_err *e)
{
	struct w_doccache *dc = w_run_doccache(r);
	char h[65], *pd, *mp;
	struct w_buf b;
	jv o;
	int rc = 0;

	w_sha256_hex(key, strlen(key), h);
	if (dc->docs == NULL) {
		if (len <= W_DOCCACHE_MAX_BYTES)
			mem_put(dc, h, text, len, meta);
		else
			jv_free(meta);
		return 0;
	}
	pd = path(dc, h, ".doc");
	mp = path(dc, h, ".inflight");
	o = jv_object_set(jv_object(), jv_string("meta"), meta);
	o = jv_object_set(o, jv_string("bytes"), jv_number((double)len));
	o = jv_dump_string(o, 0);
	w_buf_init(&b, W_DOCCACHE_MAX_BYTES + W_DOCCACHE_META_MAX + 1);
	if (len <= W_DOCCACHE_MAX_BYTES &&
	    (w_buf_adds(&b, jv_string_value(o)) == -1 ||
	    w_buf_addc(&b, '\n') == -1 || w_buf_add(&b, text, len) == -1))
		w_buf_reset(&b);
	jv_free(o);
	if (w_run_lock(r, e) == -1) {
		rc = -1;
		goto out;
	}
	/* Its directory could not be made at lookup: say why here. */
	if (b.len > 0 && access(dc->docs, F_OK) == -1 &&
	    w_lock_private_dir(dc->docs, e) == -1) {
		rc = -1;
		w_run_unlock(r);
		goto out;
	}
	/* The entry goes in whole (its size counted) or not at all. */
	if (b.len > 0) {
		evict(dc, b.len);
		rc = w_lock_write_atomic(pd, b.p, b.len, 0, e);
	}
	(void)unlink(mp);
	w_run_unlock(r);
out:
	w_buf_free(&b);
	free(pd);
	free(mp);
	return rc;
}

void
w_doccache_fail(struct w_run *r, const char *key, jv error)
{
	struct w_doccache *dc = w_run_doccache(r);
	struct w_err e;
	char h[65], *mp;

	if (dc->docs == NULL) {
		jv_free(error);
		return;
	}
	w_sha256_hex(key, strlen(key), h);
	mp = path(dc, h, ".inflight");
	w_err_clear(&e);
	if (w_run_lock(r, &e) == 0) {
		if (jv_get_kind(error) != JV_KIND_OBJECT) {
			jv_free(error);
			error = jv_object();
		}
		if (marker_write(mp, error, &e) == -1)
			(void)unlink(mp);
		w_run_unlock(r);
	} else
		jv_free(error);
	free(mp);
}

jv
w_doccache_usage(struct w_run *r)
{
	struct w_doccache *dc = w_run_doccache(r);
	size_t docs = 0, bytes = 0, inflight = 0, i;
	struct dirent *d;
	struct stat st;
	DIR *dp;
	jv o;

	if (dc->docs == NULL) {
		docs = dc->nmem;
		for (i = 0; i < dc->nmem; i++)
			bytes += dc->mem[i].len;
	} else if ((dp = opendir(dc->docs)) != NULL) {
		while ((d = readdir(dp)) != NULL) {
			if (is_doc(dp, d, &st)) {
				docs++;
				bytes += (size_t)st.st_size;
			} else if (strlen(d->d_name) == 73 &&
			    strcmp(d->d_name + 64, ".inflight") == 0)
				inflight++;
		}
		closedir(dp);
	}
	o = jv_object();
	o = jv_object_set(o, jv_string("documents"), jv_number((double)docs));
	o = jv_object_set(o, jv_string("bytes"), jv_number((double)bytes));
	o = jv_object_set(o, jv_string("in_flight"),
	    jv_number((double)inflight));
	o = jv_object_set(o, jv_string("max_documents"),
	    jv_number(W_DOCCACHE_MAX_DOCS));
	o = jv_object_set(o, jv_string("max_bytes"),
	    jv_number(W_DOCCACHE_MAX_BYTES));
	return o;
}
