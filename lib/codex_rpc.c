/*
 * codex_rpc.c: the `codex app-server` transport: spawn without a shell in a
 * private scratch directory, newline-delimited JSON-RPC both ways,
 * responses matched by id with out-of-order ones kept aside, bounded
 * lines and queues, time limits on every read, and a bounded shutdown
 * (stdin closed, SIGTERM, SIGKILL) that always reaps the child.
 */
/* posix_spawn_file_actions_addchdir_np (glibc 2.29, musl 1.1.24) */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "codex_rpc.h"
#include "json.h"
#include "lock.h"

extern char **environ;

struct w_codex {
	pid_t		 pid;
	int		 in;		/* the peer's stdin */
	int		 out;		/* the peer's stdout */
	int		 dead;
	long		 next_id;
	char		 dir[64];
	struct w_buf	 line;		/* partial input */
	jv		 queue;		/* notifications, requests */
	jv		 replies;	/* id string -> response */
};

static int
gone(struct w_codex *cx, struct w_err *e)
{
	cx->dead = 1;
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex app-server "
	    "exited or closed its output");
}

/* Write all of s plus a newline. */
static int
put_line(struct w_codex *cx, const char *s, struct w_err *e)
{
	size_t n = strlen(s), off = 0;
	ssize_t w;
	const char nl = '\n';

	if (cx->dead || cx->in < 0)
		return gone(cx, e);
	while (off < n) {
		w = write(cx->in, s + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return gone(cx, e);
		off += (size_t)w;
	}
	while ((w = write(cx->in, &nl, 1)) < 0 && errno == EINTR)
		;
	return w == 1 ? 0 : gone(cx, e);
}

int
w_codex_send(struct w_codex *cx, jv msg, struct w_err *e)
{
	jv s = jv_dump_string(msg, 0);
	int rc = put_line(cx, jv_string_value(s), e);

	jv_free(s);
	return rc;
}

int
w_codex_notify(struct w_codex *cx, const char *method, jv params,
    struct w_err *e)
{
	jv m = jv_object();

	m = jv_object_set(m, jv_string("method"), jv_string(method));
	if (jv_is_valid(params))
		m = jv_object_set(m, jv_string("params"), params);
	else
		jv_free(params);
	return w_codex_send(cx, m, e);
}

int
w_codex_line(const char *p, size_t n, jv *msg, struct w_err *e)
{
	*msg = jv_null();
	if (n == 0)
		return 1;
	*msg = w_json_parse_object(p, n);
	if (jv_get_kind(*msg) != JV_KIND_OBJECT)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex app-server "
		    "sent a line that is not a JSON object");
	return 0;
}

/* Take one complete line out of cx->line into *msg; 1 when none. */
static int
take_line(struct w_codex *cx, jv *msg, struct w_err *e)
{
	char *nl;
	size_t n;
	int rc;

	while ((nl = memchr(cx->line.p ? cx->line.p : "", '\n',
	    cx->line.len)) != NULL) {
		n = (size_t)(nl - cx->line.p);
		rc = w_codex_line(cx->line.p, n, msg, e);
		memmove(cx->line.p, nl + 1, cx->line.len - n - 1);
		cx->line.len -= n + 1;
		cx->line.p[cx->line.len] = '\0';
		if (rc == 1)
			continue;
		if (rc == -1)
			cx->dead = 1;
		return rc;
	}
	return 1;
}

/* The next message from the peer, read within deadline (mono ms). */
static int
read_msg(struct w_codex *cx, long long deadline, jv *msg, struct w_err *e)
{
	struct pollfd p;
	char buf[16384];
	ssize_t r;
	long long left;
	int rc;

	*msg = jv_null();
	for (;;) {
		if ((rc = take_line(cx, msg, e)) <= 0)
			return rc;
		if (cx->dead)
			return gone(cx, e);
		left = deadline - w_clock_mono_ms();
		if (left <= 0)
			return w_err_set(e, W_E_TIMEOUT, "codex app-server did "
			    "not answer in time");
		p.fd = cx->out;
		p.events = POLLIN;
		p.revents = 0;
		rc = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc == 0)
			continue;
		if (rc < 0)
			return gone(cx, e);
		r = read(cx->out, buf, sizeof(buf));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return gone(cx, e);
		if (w_buf_add(&cx->line, buf, (size_t)r) == -1) {
			cx->dead = 1;
			return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex "
			    "app-server sent a message over %u bytes",
			    W_CODEX_LINE_MAX);
		}
	}
}

static int
is_response(jv m)
{
	jv id = w_json_get(jv_copy(m), "id");
	int yes = jv_is_valid(id) && jv_get_kind(id) != JV_KIND_NULL &&
	    !jv_object_has(jv_copy(m), jv_string("method"));

	jv_free(id);
	return yes;
}

static jv
id_key(jv m)
{
	jv id = w_json_get(jv_copy(m), "id");

	return jv_dump_string(id, 0);
}

static void
enqueue(struct w_codex *cx, jv m)
{
	if (jv_array_length(jv_copy(cx->queue)) >= W_CODEX_QUEUE_MAX) {
		jv_free(m);
		return;
	}
	cx->queue = jv_array_append(cx->queue, m);
}

int
w_codex_request(struct w_codex *cx, const char *method, jv params,
    long timeout_ms, jv *result, struct w_err *e)
{
	long long deadline = w_clock_mono_ms() + timeout_ms;
	jv m = jv_object(), key, got, err;
	long id = ++cx->next_id;
	int rc;

	*result = jv_null();
	m = jv_object_set(m, jv_string("id"), jv_number((double)id));
	m = jv_object_set(m, jv_string("method"), jv_string(method));
	if (jv_is_valid(params))
		m = jv_object_set(m, jv_string("params"), params);
	else
		jv_free(params);
	if (w_codex_send(cx, m, e) == -1)
		return -1;
	key = jv_dump_string(jv_number((double)id), 0);
	for (;;) {
		got = w_json_getv(jv_copy(cx->replies), jv_copy(key));
		if (jv_is_valid(got)) {
			cx->replies = jv_object_delete(cx->replies,
			    jv_copy(key));
			break;
		}
		jv_free(got);
		if ((rc = read_msg(cx, deadline, &got, e)) == -1) {
			jv_free(key);
			return -1;
		}
		if (is_response(got))
			cx->replies = jv_object_set(cx->replies, id_key(got),
			    got);
		else
			enqueue(cx, got);
	}
	jv_free(key);
	err = w_json_get(jv_copy(got), "error");
	if (jv_is_valid(err) && jv_get_kind(err) != JV_KIND_NULL) {
		jv_free(got);
		*result = err;
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex app-server "
		    "refused %s", method);
	}
	jv_free(err);
	*result = w_json_get(got, "result");
	if (!jv_is_valid(*result)) {
		jv_free(*result);
		*result = jv_null();
	}
	return 0;
}

int
w_codex_next(struct w_codex *cx, long timeout_ms, jv *msg, struct w_err *e)
{
	long long deadline = w_clock_mono_ms() + timeout_ms;
	jv got;

	if (jv_array_length(jv_copy(cx->queue)) > 0) {
		*msg = w_json_at(jv_copy(cx->queue), 0);
		cx->queue = jv_array_slice(cx->queue, 1,
		    jv_array_length(jv_copy(cx->queue)));
		return 0;
	}
	for (;;) {
		if (read_msg(cx, deadline, &got, e) == -1) {
			*msg = jv_null();
			return -1;
		}
		if (!is_response(got)) {
			*msg = got;
			return 0;
		}
		cx->replies = jv_object_set(cx->replies, id_key(got), got);
	}
}

const char *
w_codex_dir(const struct w_codex *cx)
{
	return cx->dir;
}

static int
spawn(struct w_codex *cx, struct w_err *e)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { (char *)"codex", (char *)"app-server", NULL };
	int pin[2], pout[2], rc, nul;

	if (pipe(pin) == -1)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no pipe for codex");
	if (pipe(pout) == -1) {
		close(pin[0]);
		close(pin[1]);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no pipe for codex");
	}
	nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	if (nul >= 0)
		posix_spawn_file_actions_adddup2(&fa, nul, 2);
	posix_spawn_file_actions_addclose(&fa, pin[1]);
	posix_spawn_file_actions_addclose(&fa, pout[0]);
	posix_spawn_file_actions_addchdir_np(&fa, cx->dir);
	rc = posix_spawnp(&cx->pid, "codex", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pin[0]);
	close(pout[1]);
	if (nul >= 0)
		close(nul);
	if (rc != 0) {
		close(pin[1]);
		close(pout[0]);
		cx->pid = 0;
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex is not "
		    "installed or could not be started");
	}
	fcntl(pin[1], F_SETFD, FD_CLOEXEC);
	fcntl(pout[0], F_SETFD, FD_CLOEXEC);
	cx->in = pin[1];
	cx->out = pout[0];
	return 0;
}

int
w_codex_start(long timeout_ms, struct w_codex **cxp, struct w_err *e)
{
	struct w_codex *cx = w_calloc(1, sizeof(*cx));
	const char *tmp = getenv("TMPDIR");
	jv p, info, res;
	int rc;

	*cxp = NULL;
	cx->in = cx->out = -1;
	cx->queue = jv_array();
	cx->replies = jv_object();
	w_buf_init(&cx->line, W_CODEX_LINE_MAX);
	if (tmp == NULL || *tmp != '/' || strlen(tmp) > 32)
		tmp = "/tmp";
	snprintf(cx->dir, sizeof(cx->dir), "%s/webtools-codex.XXXXXX", tmp);
	if (mkdtemp(cx->dir) == NULL) {
		cx->dir[0] = '\0';
		w_codex_stop(cx);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no scratch "
		    "directory for codex");
	}
	if (spawn(cx, e) == -1) {
		w_codex_stop(cx);
		return -1;
	}
	info = jv_object();
	info = jv_object_set(info, jv_string("name"), jv_string("webtools"));
	info = jv_object_set(info, jv_string("title"), jv_string("webtools"));
	info = jv_object_set(info, jv_string("version"),
	    jv_string(WEBTOOLS_VERSION));
	p = jv_object_set(jv_object(), jv_string("clientInfo"), info);
	p = jv_object_set(p, jv_string("capabilities"), jv_object_set(
	    jv_object(), jv_string("experimentalApi"), jv_true()));
	rc = w_codex_request(cx, "initialize", p, timeout_ms, &res, e);
	jv_free(res);
	if (rc == 0)
		rc = w_codex_notify(cx, "initialized", jv_invalid(), e);
	if (rc == -1) {
		w_codex_stop(cx);
		return -1;
	}
	*cxp = cx;
	return 0;
}

/* Wait up to ms for the child; 1 when reaped. */
static int
reap(pid_t pid, long ms)
{
	long long end = w_clock_mono_ms() + ms;
	pid_t r;

	do {
		r = waitpid(pid, NULL, WNOHANG);
		if (r == pid || (r == -1 && errno != EINTR))
			return 1;
		w_clock_sleep_ms(20);
	} while (w_clock_mono_ms() < end);
	return 0;
}

void
w_codex_stop(struct w_codex *cx)
{
	if (cx == NULL)
		return;
	if (cx->in >= 0)
		close(cx->in);
	if (cx->pid > 0 && !reap(cx->pid, 500)) {
		kill(cx->pid, SIGTERM);
		if (!reap(cx->pid, 1000)) {
			kill(cx->pid, SIGKILL);
			waitpid(cx->pid, NULL, 0);
		}
	}
	if (cx->out >= 0)
		close(cx->out);
	if (cx->dir[0] != '\0')
		w_lock_rm_tree(cx->dir);
	w_buf_free(&cx->line);
	jv_free(cx->queue);
	jv_free(cx->replies);
	free(cx);
}
