/*
 * lock.c: private directories and files, fcntl locks with a bounded
 * wait, atomic replacement and process identity, for the run file, the
 * host state and the caches.
 */
#define _GNU_SOURCE	/* F_OFD_SETLK */
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "cancel.h"
#include "lock.h"

#ifdef F_OFD_SETLK
#define SETLK	F_OFD_SETLK
#else
#define SETLK	F_SETLK
#endif

static int
unsafe(struct w_err *e, const char *what, const char *why)
{
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
	    "%s %s; refusing to use it (inspect it and fix or remove it "
	    "by hand)", what, why);
}

int
w_lock_check_stat(const struct stat *st, uid_t owner, int wantdir,
    const char *what, struct w_err *e)
{
	if (wantdir && !S_ISDIR(st->st_mode))
		return unsafe(e, what, "is not a directory");
	if (!wantdir && !S_ISREG(st->st_mode))
		return unsafe(e, what, "is not a regular file");
	if (st->st_uid != owner)
		return unsafe(e, what, "is owned by another user");
	if (st->st_mode & 077)
		return unsafe(e, what, wantdir ? "is accessible to other "
		    "users (want mode 0700)" : "is accessible to other "
		    "users (want mode 0600)");
	if (!wantdir && st->st_nlink != 1)
		return unsafe(e, what, "has more than one link");
	return 0;
}

int
w_lock_check_dir(const char *dir, struct w_err *e)
{
	struct stat st;

	if (lstat(dir, &st) == -1)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "directory %s: %s", dir, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return unsafe(e, "the directory", "is a symbolic link");
	return w_lock_check_stat(&st, geteuid(), 1, "the directory", e);
}

int
w_lock_private_dir(const char *dir, struct w_err *e)
{
	char *p, *s, c;

	if (dir[0] != '/')
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "directory %s is not absolute", dir);
	p = w_strdup(dir);
	/* Each prefix ending before a slash, then dir itself. */
	for (s = p + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		c = *s;
		*s = '\0';
		if (mkdir(p, 0700) == -1 && errno != EEXIST) {
			free(p);
			return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
			    "cannot create %s%s: %s", c == '/' ?
			    "a directory above " : "", dir, strerror(errno));
		}
		if (c == '\0')
			break;
		*s = c;
	}
	free(p);
	return w_lock_check_dir(dir, e);
}

int
w_lock_check_fd(int fd, const char *what, struct w_err *e)
{
	struct stat st;

	if (fstat(fd, &st) == -1)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "%s: %s",
		    what, strerror(errno));
	return w_lock_check_stat(&st, geteuid(), 0, what, e);
}

int
w_lock_open(const char *path, int create, struct w_err *e)
{
	int fd;

	fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC |
	    (create ? O_CREAT : 0), 0600);
	if (fd == -1)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "lock file %s: %s", path, strerror(errno));
	if (w_lock_check_fd(fd, "the lock file", e) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

int
w_lock_take(int fd, int exclusive, long wait_ms, struct w_err *e)
{
	struct flock fl;
	long long end = w_clock_mono_ms() + wait_ms;
	long nap = 1;	/* tenths of a millisecond */
	struct timespec ts;

	for (;;) {
		memset(&fl, 0, sizeof(fl));
		fl.l_type = exclusive ? F_WRLCK : F_RDLCK;
		fl.l_whence = SEEK_SET;
		if (fcntl(fd, SETLK, &fl) == 0)
			return 0;
		if (errno != EAGAIN && errno != EACCES && errno != EINTR)
			return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
			    "cannot lock: %s", strerror(errno));
		if (w_clock_mono_ms() >= end)
			return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
			    "the coordination lock stayed busy for %ld ms",
			    wait_ms);
		ts.tv_sec = 0;
		ts.tv_nsec = nap * 100000L;
		nanosleep(&ts, NULL);
		if (nap < 20)
			nap *= 2;
	}
}

void
w_lock_drop(int fd)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_UNLCK;
	fl.l_whence = SEEK_SET;
	(void)fcntl(fd, SETLK, &fl);
}

/* Write all len bytes of data to fd; -1 with errno set. */
static int
write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	ssize_t n;

	while (len > 0) {
		if ((n = write(fd, p, len)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int
w_lock_write_atomic(const char *path, const void *data, size_t len,
    int sync, struct w_err *e)
{
	struct w_buf t;
	int fd;

	w_buf_init(&t, 8192);
	if (w_buf_printf(&t, "%s.XXXXXX", path) == -1) {
		w_buf_free(&t);
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "path too long");
	}
	if ((fd = mkstemp(t.p)) == -1) {
		w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "cannot create a temporary file: %s", strerror(errno));
		w_buf_free(&t);
		return -1;
	}
	/* mkstemp made it 0600. */
	if (write_all(fd, data, len) == -1 || (sync && fsync(fd) == -1))
		goto fail;
	if (close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(t.p, path) == -1)
		goto fail;
	w_buf_free(&t);
	return 0;
fail:
	w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "cannot write %s: %s",
	    path, strerror(errno));
	if (fd != -1)
		close(fd);
	unlink(t.p);
	w_buf_free(&t);
	return -1;
}

int
w_lock_write_swap(const char *path, const char *spare, const void *data,
    size_t len, int sync, struct w_err *e)
{
	int fd;

	fd = open(spare, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd == -1)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "cannot open %s: %s", spare, strerror(errno));
	if (w_lock_check_fd(fd, "the spare state file", e) == -1) {
		close(fd);
		return -1;
	}
	/* Rewritten from offset 0, then cut to the new length. */
	if (write_all(fd, data, len) == -1 || ftruncate(fd, (off_t)len) == -1 ||
	    (sync && fsync(fd) == -1))
		goto fail;
	if (close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (renameat2(AT_FDCWD, spare, AT_FDCWD, path, RENAME_EXCHANGE) == 0)
		return 0;
	/* No path yet, or no exchange here: a plain rename of the whole
	 * spare is just as atomic; the next write creates a new spare. */
	if ((errno == ENOENT || errno == EINVAL || errno == ENOSYS ||
	    errno == EOPNOTSUPP) && rename(spare, path) == 0)
		return 0;
fail:
	w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "cannot write %s: %s",
	    path, strerror(errno));
	if (fd != -1)
		close(fd);
	return -1;
}

int
w_lock_read_private(const char *path, size_t max, char **out, size_t *len,
    struct w_err *e)
{
	struct stat st;
	char *p;
	size_t got = 0;
	ssize_t n;
	int fd;

	*out = NULL;
	*len = 0;
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1) {
		if (errno == ENOENT)
			return 1;
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "cannot read %s: %s", path, strerror(errno));
	}
	if (w_lock_check_fd(fd, path, e) == -1 || fstat(fd, &st) == -1) {
		close(fd);
		return -1;
	}
	if ((size_t)st.st_size > max) {
		close(fd);
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE,
		    "%s is larger than %zu bytes", path, max);
	}
	p = w_malloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		n = read(fd, p + got, (size_t)st.st_size - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	p[got] = '\0';
	*out = p;
	*len = got;
	return 0;
}

/* Field 22 of /proc/PID/stat; *zombie set from field 3. */
static unsigned long long
proc_stat(pid_t pid, int *zombie)
{
	char path[64], buf[1024], *s, *end;
	unsigned long long v;
	ssize_t n;
	int fd, field;

	*zombie = 0;
	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* The command name (field 2) may hold spaces and parentheses. */
	if ((s = strrchr(buf, ')')) == NULL)
		return 0;
	s++;
	if (s[0] == ' ' && (s[1] == 'Z' || s[1] == 'X'))
		*zombie = 1;
	for (field = 3; field < 22; field++) {
		while (*s == ' ')
			s++;
		while (*s != ' ' && *s != '\0')
			s++;
		if (*s == '\0')
			return 0;
	}
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || end == s)
		return 0;
	return v;
}

unsigned long long
w_lock_proc_start(pid_t pid)
{
	int zombie;

	return proc_stat(pid, &zombie);
}

int
w_lock_proc_alive(pid_t pid, unsigned long long start)
{
	unsigned long long now;
	int zombie;

	if (pid <= 0)
		return 0;
	if (kill(pid, 0) == -1 && errno == ESRCH)
		return 0;
	now = proc_stat(pid, &zombie);
	if (zombie)
		return 0;
	/* An unreadable stat counts as alive: never steal by guess. */
	return start == 0 || now == 0 || now == start;
}

int
w_lock_random(void *buf, size_t n)
{
	unsigned char *p = buf;
	ssize_t r;

	while (n > 0) {
		r = getrandom(p, n, 0);
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

struct aged_ent {
	char		 name[256];
	long long	 mtime;		/* ns */
};

static int
by_mtime(const void *a, const void *b)
{
	const struct aged_ent *x = a, *y = b;

	return (x->mtime > y->mtime) - (x->mtime < y->mtime);
}

void
w_lock_prune_dir(const char *dir, int (*match)(const char *name),
    long long ttl_ms, size_t keep)
{
	struct aged_ent *v = NULL;
	size_t n = 0, cap = 0, i;
	long long now = w_clock_now_ms() * 1000000LL, t;
	struct dirent *d;
	struct stat st;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL && n < W_LOCK_PRUNE_SCAN) {
		if (d->d_name[0] == '.' || (match && !match(d->d_name)) ||
		    strlen(d->d_name) >= sizeof(v->name) ||
		    fstatat(dirfd(dp), d->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode))
			continue;
		t = (long long)st.st_mtim.tv_sec * 1000000000LL +
		    st.st_mtim.tv_nsec;
		if (ttl_ms > 0 && now - t > ttl_ms * 1000000LL) {
			(void)unlinkat(dirfd(dp), d->d_name, 0);
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = w_realloc(v, cap * sizeof(*v));
		}
		memcpy(v[n].name, d->d_name, strlen(d->d_name) + 1);
		v[n++].mtime = t;
	}
	if (n > keep) {
		qsort(v, n, sizeof(*v), by_mtime);
		for (i = 0; i < n - keep; i++)
			(void)unlinkat(dirfd(dp), v[i].name, 0);
	}
	closedir(dp);
	free(v);
}

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	if (flag == FTW_DP)
		(void)rmdir(path);
	else
		(void)unlink(path);
	return 0;
}

void
w_lock_rm_tree(const char *dir)
{
	(void)nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}
