/*
 * test_lock.c: private directories and files, the fcntl lock (a second
 * process cannot take it while it is held), atomic replacement, the
 * spare-file exchange and process identity.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "t.h"
#include "lock.h"

static char dir[256];

/* dir/name, in one of four rotating buffers. */
static char *
at(const char *name)
{
	static char p[4][512];
	static int i;

	i = (i + 1) % 4;
	snprintf(p[i], sizeof(p[i]), "%s/%s", dir, name);
	return p[i];
}

/* In a child: try the lock without waiting; exit 0 if taken. */
static int
child_try(const char *path)
{
	struct w_err e;
	pid_t pid;
	int st, fd;

	if ((pid = fork()) == 0) {
		w_err_clear(&e);
		fd = w_lock_open(path, 0, &e);
		_exit(fd != -1 && w_lock_take(fd, 1, 50, &e) == 0 ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

static void
test_dirs(void)
{
	struct w_err e;

	w_err_clear(&e);
	CHECK_INT(w_lock_private_dir(at("a/b/c"), &e), 0);
	CHECK_INT(w_lock_check_dir(at("a/b/c"), &e), 0);
	chmod(at("a/b/c"), 0755);
	CHECK_INT(w_lock_check_dir(at("a/b/c"), &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
	CHECK(strstr(e.msg, "other users") != NULL);
	CHECK_INT(symlink(at("a/b"), at("link")), 0);
	CHECK_INT(w_lock_check_dir(at("link"), &e), -1);
	CHECK_INT(w_lock_private_dir("relative/dir", &e), -1);
	/* A regular file in the way, above dir and as dir itself. */
	close(open(at("plain"), O_WRONLY | O_CREAT, 0600));
	CHECK_INT(w_lock_private_dir(at("plain/x/y"), &e), -1);
	CHECK(strstr(e.msg, "cannot create a directory above") != NULL);
	CHECK_INT(w_lock_private_dir(at("plain/x"), &e), -1);
	CHECK(strncmp(e.msg, "cannot create /", 15) == 0);
	CHECK_INT(w_lock_private_dir(at("plain"), &e), -1);
	CHECK(strstr(e.msg, "not a directory") != NULL);
}

/* The foreign-owner checks, without chown: another owner is passed. */
static void
test_owner(void)
{
	struct w_err e;
	struct stat st;

	w_err_clear(&e);
	CHECK_INT(w_lock_private_dir(at("own"), &e), 0);
	CHECK_INT(stat(at("own"), &st), 0);
	CHECK_INT(w_lock_check_stat(&st, geteuid(), 1, "the directory", &e),
	    0);
	CHECK_INT(w_lock_check_stat(&st, geteuid() + 1, 1, "the directory",
	    &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
	CHECK(strstr(e.msg, "the directory is owned by another user") != NULL);
	close(open(at("own/f"), O_WRONLY | O_CREAT, 0600));
	CHECK_INT(stat(at("own/f"), &st), 0);
	CHECK_INT(w_lock_check_stat(&st, geteuid(), 0, "the run file", &e), 0);
	CHECK_INT(w_lock_check_stat(&st, geteuid() + 1, 0, "the run file",
	    &e), -1);
	CHECK(strstr(e.msg, "the run file is owned by another user") != NULL);
	/* a directory where a file is wanted, and the other way round */
	CHECK_INT(w_lock_check_stat(&st, geteuid(), 1, "x", &e), -1);
}

static void
test_lock(void)
{
	struct w_err e;
	int fd;

	w_err_clear(&e);
	fd = w_lock_open(at("l"), 1, &e);
	CHECK(fd >= 0);
	CHECK_INT(child_try(at("l")), 0);
	CHECK_INT(w_lock_take(fd, 1, 100, &e), 0);
	CHECK_INT(child_try(at("l")), 1);
	w_lock_drop(fd);
	CHECK_INT(child_try(at("l")), 0);
	close(fd);
	chmod(at("l"), 0644);
	CHECK_INT(w_lock_open(at("l"), 0, &e), -1);
	CHECK_STR(w_err_name(e.code), "coordination_unavailable");
}

static void
test_atomic(void)
{
	struct w_err e;
	struct stat st;
	char *s;
	size_t n;

	w_err_clear(&e);
	CHECK_INT(w_lock_write_atomic(at("f"), "one", 3, 1, &e), 0);
	CHECK_INT(w_lock_read_private(at("f"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "one");
	free(s);
	CHECK_INT(stat(at("f"), &st), 0);
	CHECK_INT(st.st_mode & 0777, 0600);
	CHECK_INT(w_lock_write_atomic(at("f"), "second", 6, 0, &e), 0);
	CHECK_INT(w_lock_read_private(at("f"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "second");
	CHECK_INT(n, 6);
	free(s);
	/* Too large, missing, world-readable, a second link. */
	CHECK_INT(w_lock_read_private(at("f"), 3, &s, &n, &e), -1);
	CHECK_INT(w_lock_read_private(at("none"), 3, &s, &n, &e), 1);
	CHECK(s == NULL);
	chmod(at("f"), 0644);
	CHECK_INT(w_lock_read_private(at("f"), 100, &s, &n, &e), -1);
	chmod(at("f"), 0600);
	CHECK_INT(link(at("f"), at("f2")), 0);
	CHECK_INT(w_lock_read_private(at("f"), 100, &s, &n, &e), -1);
	CHECK(strstr(e.msg, "link") != NULL);
	/* A write into a missing directory fails and leaves nothing. */
	CHECK_INT(w_lock_write_atomic(at("no/f"), "x", 1, 0, &e), -1);
}

/* Replacement by exchange with a spare rewritten in place. */
static void
test_swap(void)
{
	struct w_err e;
	struct stat st;
	char *s;
	size_t n;

	w_err_clear(&e);
	/* No file yet: the spare becomes it. */
	CHECK_INT(w_lock_write_swap(at("s"), at("s.spare"), "first-text", 10,
	    0, &e), 0);
	CHECK_INT(w_lock_read_private(at("s"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "first-text");
	free(s);
	CHECK_INT(stat(at("s"), &st), 0);
	CHECK_INT(st.st_mode & 0777, 0600);
	/* Then an exchange: the old text is the next spare. */
	CHECK_INT(w_lock_write_swap(at("s"), at("s.spare"), "two", 3, 1, &e),
	    0);
	CHECK_INT(w_lock_read_private(at("s"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "two");
	CHECK_INT(n, 3);
	free(s);
	CHECK_INT(w_lock_read_private(at("s.spare"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "first-text");
	free(s);
	/* A shorter text after a longer one leaves no tail. */
	CHECK_INT(w_lock_write_swap(at("s"), at("s.spare"), "3rd", 3, 0, &e),
	    0);
	CHECK_INT(w_lock_read_private(at("s"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "3rd");
	free(s);
	/* An unsafe spare is refused and the file left alone. */
	chmod(at("s.spare"), 0644);
	CHECK_INT(w_lock_write_swap(at("s"), at("s.spare"), "bad", 3, 0, &e),
	    -1);
	CHECK(strstr(e.msg, "other users") != NULL);
	chmod(at("s.spare"), 0600);
	CHECK_INT(link(at("s.spare"), at("s.link")), 0);
	CHECK_INT(w_lock_write_swap(at("s"), at("s.spare"), "bad", 3, 0, &e),
	    -1);
	unlink(at("s.link"));
	unlink(at("s.spare"));
	CHECK_INT(symlink(at("elsewhere"), at("s.spare")), 0);
	CHECK_INT(w_lock_write_swap(at("s"), at("s.spare"), "bad", 3, 0, &e),
	    -1);
	CHECK(access(at("elsewhere"), F_OK) == -1);
	unlink(at("s.spare"));
	CHECK_INT(w_lock_read_private(at("s"), 100, &s, &n, &e), 0);
	CHECK_STR(s, "3rd");
	free(s);
}

static void
test_proc(void)
{
	unsigned long long me = w_lock_proc_start(getpid());
	pid_t pid;
	int st;

	CHECK(me > 0);
	CHECK(w_lock_proc_alive(getpid(), me));
	CHECK(!w_lock_proc_alive(getpid(), me + 1));
	if ((pid = fork()) == 0)
		_exit(0);
	waitpid(pid, &st, 0);
	CHECK(!w_lock_proc_alive(pid, 0));
	CHECK(!w_lock_proc_alive(0, 0));
	CHECK(w_clock_now_ms() > 1600000000000LL);
}

/* The one tree remover: everything under it, links not followed. */
static void
test_rm_tree(void)
{
	char t[300], p[400], keep[400];
	int fd;

	snprintf(t, sizeof(t), "%s/tree", dir);
	snprintf(keep, sizeof(keep), "%s/keep.txt", dir);
	CHECK_INT(mkdir(t, 0700), 0);
	snprintf(p, sizeof(p), "%s/a", t);
	CHECK_INT(mkdir(p, 0700), 0);
	snprintf(p, sizeof(p), "%s/a/b", t);
	CHECK_INT(mkdir(p, 0700), 0);
	snprintf(p, sizeof(p), "%s/a/b/f", t);
	CHECK((fd = open(p, O_WRONLY | O_CREAT, 0600)) != -1);
	close(fd);
	CHECK((fd = open(keep, O_WRONLY | O_CREAT, 0600)) != -1);
	close(fd);
	snprintf(p, sizeof(p), "%s/a/link", t);
	CHECK_INT(symlink(keep, p), 0);
	snprintf(p, sizeof(p), "%s/dirlink", t);
	CHECK_INT(symlink(dir, p), 0);
	w_lock_rm_tree(t);
	CHECK(access(t, F_OK) == -1);
	CHECK_INT(access(keep, F_OK), 0);	/* a link's target stays */
	CHECK_INT(access(dir, F_OK), 0);
	w_lock_rm_tree(t);			/* gone already: no harm */
	unlink(keep);
}

int
main(void)
{
	unsigned char r1[16], r2[16];
	char cmd[300];

	snprintf(dir, sizeof(dir), "/tmp/test_lock.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 1;
	test_dirs();
	test_owner();
	test_lock();
	test_atomic();
	test_swap();
	test_proc();
	test_rm_tree();
	CHECK_INT(w_lock_random(r1, sizeof(r1)), 0);
	CHECK_INT(w_lock_random(r2, sizeof(r2)), 0);
	CHECK(memcmp(r1, r2, sizeof(r1)) != 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (fork() == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(1);
	}
	wait(NULL);
	T_DONE();
}
