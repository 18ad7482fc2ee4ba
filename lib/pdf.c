/*
 * pdf.c: PDF text via pdftotext (poppler-utils), spawned with
 * posix_spawnp (no shell) on a private temporary copy of the bytes, its
 * output read through a pipe under a deadline and a size cap.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "lock.h"
#include "pdf.h"

extern char **environ;

/* Write bytes to a new private temporary file; its name into path. */
static int
save(const char *bytes, size_t len, char *path, size_t pathlen)
{
	const char *dir = getenv("TMPDIR");
	ssize_t n;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	snprintf(path, pathlen, "%s/webtools-pdf-XXXXXX", dir);
	if ((fd = mkstemp(path)) == -1)
		return -1;
	while (len > 0) {
		if ((n = write(fd, bytes, len)) < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			unlink(path);
			return -1;
		}
		bytes += n;
		len -= (size_t)n;
	}
	if (close(fd) != 0) {
		unlink(path);
		return -1;
	}
	return 0;
}

static int
spawn(const char *path, int out, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	char prog[] = "pdftotext", q[] = "-q", enc[] = "-enc",
	    utf8[] = "UTF-8", eol[] = "-eol", unix_[] = "unix", dash[] = "-",
	    file[4096];
	char *argv[] = { prog, q, enc, utf8, eol, unix_, file, dash, NULL };
	int rc;

	snprintf(file, sizeof(file), "%s", path);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out, 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	rc = posix_spawnp(pid, "pdftotext", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return rc;
}

/* Read fd into b until EOF, the deadline or the cap; 1 on timeout. */
static int
drain(int fd, struct w_buf *b, long long deadline, int *truncated)
{
	struct pollfd p;
	char chunk[65536];
	ssize_t n;
	long long left;
	size_t room;

	p.fd = fd;
	p.events = POLLIN;
	for (;;) {
		if ((left = deadline - w_clock_mono_ms()) <= 0)
			return 1;
		if (poll(&p, 1, (int)left) < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		if (p.revents == 0)
			continue;
		if ((n = read(fd, chunk, sizeof(chunk))) < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		if (n == 0)
			return 0;
		room = b->max - b->len;
		if ((size_t)n > room) {
			(void)w_buf_add(b, chunk, room);
			*truncated = 1;
			return 0;
		}
		(void)w_buf_add(b, chunk, (size_t)n);
	}
}

static void
pages_to_lines(struct w_buf *b)
{
	size_t i;

	for (i = 0; i < b->len; i++)
		if (b->p[i] == '\f')
			b->p[i] = '\n';
}

int
w_pdf_text(const char *bytes, size_t len, char **text, size_t *textlen,
    int *truncated, struct w_err *e)
{
	char path[4096];
	struct w_buf b;
	int fds[2] = { -1, -1 }, rc = -1, st = 0, late;
	pid_t pid;

	*text = NULL;
	*textlen = 0;
	*truncated = 0;
	w_buf_init(&b, W_PDF_TEXT_MAX);
	(void)w_buf_add(&b, "", 0);
	if (save(bytes, len, path, sizeof(path)) != 0)
		return w_err_set(e, W_E_EXTRACTION_FAILED,
		    "cannot write a temporary copy of the PDF: %s",
		    strerror(errno));
	if (pipe(fds) != 0) {
		w_err_set(e, W_E_EXTRACTION_FAILED, "pipe: %s", strerror(errno));
		goto out;
	}
	(void)fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	(void)fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	if ((st = spawn(path, fds[1], &pid)) != 0) {
		if (st == ENOENT)
			w_err_set(e, W_E_UNSUPPORTED_CONTENT, "PDF text needs "
			    "pdftotext (Debian package poppler-utils), which "
			    "is not installed");
		else
			w_err_set(e, W_E_EXTRACTION_FAILED,
			    "cannot run pdftotext: %s", strerror(st));
		goto out;
	}
	close(fds[1]);
	fds[1] = -1;
	late = drain(fds[0], &b, w_clock_mono_ms() + W_PDF_TIMEOUT_MS,
	    truncated);
	if (late || *truncated)
		kill(pid, SIGKILL);
	while (waitpid(pid, &st, 0) == -1 && errno == EINTR)
		;
	if (late) {
		w_err_set(e, W_E_EXTRACTION_FAILED, "pdftotext did not finish "
		    "within %d s", W_PDF_TIMEOUT_MS / 1000);
		goto out;
	}
	if (!*truncated && (!WIFEXITED(st) || WEXITSTATUS(st) != 0)) {
		w_err_set(e, W_E_EXTRACTION_FAILED, "pdftotext could not read "
		    "the PDF (exit status %d)",
		    WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		goto out;
	}
	pages_to_lines(&b);
	*textlen = b.len;
	*text = w_buf_take(&b);
	rc = 0;
out:
	if (fds[0] != -1)
		close(fds[0]);
	if (fds[1] != -1)
		close(fds[1]);
	unlink(path);
	w_buf_free(&b);
	return rc;
}
