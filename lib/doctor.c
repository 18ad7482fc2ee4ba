/*
 * doctor.c: web-control doctor's and config's checks (doctor.h): the
 * programs' own config checks, and bounded liveness probes of what the
 * config selects.
 */
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "doctor.h"
#include "fetch_parallel.h"
#include "json.h"
#include "lock.h"
#include "search.h"

extern char **environ;

jv
w_doctor_check(jv list, const char *name, const char *status,
    const char *detail)
{
	jv o = jv_object();

	o = jv_object_set(o, jv_string("check"), jv_string(name));
	o = jv_object_set(o, jv_string("status"), jv_string(status));
	o = jv_object_set(o, jv_string("detail"), jv_string(detail));
	return jv_array_append(list, o);
}

/* Whether the provider list at path names name (dflt when unset). */
static int
selects(const struct w_config *c, const char *path, const char *name,
    int dflt)
{
	jv v = w_config_get(c, path);
	int yes = dflt;

	if (jv_get_kind(v) == JV_KIND_STRING)
		yes = strcmp(jv_string_value(v), name) == 0;
	else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		yes = 0;
		jv_array_foreach(v, i, x) {
			(void)i;
			if (jv_get_kind(x) == JV_KIND_STRING &&
			    strcmp(jv_string_value(x), name) == 0)
				yes = 1;
			jv_free(x);
		}
	}
	jv_free(v);
	return yes;
}

/* fetch.render asks for a browser (auto or always). */
static int
renders(const struct w_config *c)
{
	jv v = w_config_get(c, "fetch.render");
	int yes = jv_get_kind(v) == JV_KIND_STRING &&
	    strcmp(jv_string_value(v), "never") != 0;

	jv_free(v);
	return yes;
}

jv
w_doctor_config(jv list, const struct w_config *c, int *failed)
{
	const char *names[2];
	struct w_err e;
	char detail[600], first[sizeof(e.msg)];
	int n, i;

	w_err_clear(&e);
	if (w_search_config_check(c, &e) == -1) {
		list = w_doctor_check(list, "search config", "FAIL", e.msg);
		*failed = 1;
	} else
		list = w_doctor_check(list, "search config", "ok",
		    "the wsearch chain is valid");
	snprintf(first, sizeof(first), "%s", e.msg);
	w_err_clear(&e);
	if ((n = w_parallel_fetch_chain(c, names, 2, &e)) == -1) {
		/* wsearch checks fetch.provider "hound" too: say it once */
		list = w_doctor_check(list, "fetch config", "FAIL",
		    strcmp(first, e.msg) == 0 ? "as above" : e.msg);
		*failed = 1;
	} else {
		snprintf(detail, sizeof(detail), "fetch.provider:");
		for (i = 0; i < n; i++)
			snprintf(detail + strlen(detail), sizeof(detail) -
			    strlen(detail), " %s", names[i]);
		list = w_doctor_check(list, "fetch config", "ok", detail);
	}
	return list;
}

int
w_doctor_liveness_enabled(const struct w_config *c)
{
	jv v = w_config_get(c, "doctor.liveness");
	int yes = jv_get_kind(v) != JV_KIND_FALSE;

	jv_free(v);
	return yes;
}

/* Parallel liveness (tools/list only, no query) where it is selected. */
static jv
parallel(jv list, const struct w_config *c, int *failed)
{
	static const char *const which[] = { "search", "fetch" };
	struct w_err e;
	char name[32], detail[600];
	const char *access;
	jv info;
	int i;

	for (i = 0; i < 2; i++) {
		if (!selects(c, i == 0 ? "search.backend" : "fetch.provider",
		    "parallel", i == 0))
			continue;
		snprintf(name, sizeof(name), "parallel %s", which[i]);
		w_err_clear(&e);
		if (w_parallel_live(c, which[i], W_DOCTOR_PROBE_MS, &info,
		    &e) == -1) {
			list = w_doctor_check(list, name, "FAIL", e.msg);
			*failed = 1;
			continue;
		}
		access = w_json_str_peek(info, "access");
		snprintf(detail, sizeof(detail), "tools/list answered "
		    "(access: %s)", access != NULL && strcmp(access,
		    "anonymous") == 0 ? "anonymous" : "key");
		list = w_doctor_check(list, name, "ok", detail);
		jv_free(info);
	}
	return list;
}

/* Read at most n - 1 bytes of fd into out within deadline. */
static void
read_bounded(int fd, char *out, size_t n, long long deadline)
{
	struct pollfd p = { fd, POLLIN, 0 };
	size_t len = 0;
	ssize_t r;
	long long left;

	out[0] = '\0';
	while (len + 1 < n && (left = deadline - w_lock_mono_ms()) > 0) {
		if (poll(&p, 1, (int)left) <= 0)
			break;
		if ((r = read(fd, out + len, n - 1 - len)) <= 0)
			break;
		len += (size_t)r;
	}
	out[len] = '\0';
	out[strcspn(out, "\r\n")] = '\0';
}

/*
 * The browser's version: fetch.browserCommand (agent-browser by
 * default) run with --version, without a shell, stdin closed, bounded
 * in time and output. 0 with the first line in out, -1 with why.
 */
static int
browser_version(const struct w_config *c, char *out, size_t n)
{
	jv v = w_config_get(c, "fetch.browserCommand");
	const char *cmd = jv_get_kind(v) == JV_KIND_STRING ?
	    jv_string_value(v) : "agent-browser";
	posix_spawn_file_actions_t fa;
	char *argv[3];
	int pfd[2], st = 0, rc;
	long long deadline;
	pid_t pid;

	if (pipe(pfd) == -1) {
		jv_free(v);
		snprintf(out, n, "no pipe: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pfd[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addclose(&fa, pfd[0]);
	argv[0] = (char *)cmd;
	argv[1] = (char *)"--version";
	argv[2] = NULL;
	rc = posix_spawnp(&pid, cmd, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pfd[1]);
	if (rc != 0) {
		close(pfd[0]);
		snprintf(out, n, "fetch.browserCommand cannot be run: %s",
		    strerror(rc));
		jv_free(v);
		return -1;
	}
	jv_free(v);
	deadline = w_lock_mono_ms() + W_DOCTOR_PROBE_MS;
	read_bounded(pfd[0], out, n, deadline);
	close(pfd[0]);
	while ((rc = (int)waitpid(pid, &st, WNOHANG)) == 0 &&
	    w_lock_mono_ms() < deadline)
		w_lock_sleep_ms(10);
	if (rc == 0) {
		(void)kill(pid, SIGKILL);
		(void)waitpid(pid, &st, 0);
		snprintf(out, n, "fetch.browserCommand --version did not "
		    "finish in %ld ms", W_DOCTOR_PROBE_MS);
		return -1;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || *out == '\0') {
		snprintf(out, n, "fetch.browserCommand --version failed");
		return -1;
	}
	return 0;
}

jv
w_doctor_liveness(jv list, const struct w_config *c, int *failed)
{
	char detail[256];
	jv probes;

	probes = w_search_liveness(c, W_DOCTOR_PROBE_MS, failed);
	list = jv_array_concat(list, probes);
	list = parallel(list, c, failed);
	if (renders(c)) {
		if (browser_version(c, detail, sizeof(detail)) == -1) {
			list = w_doctor_check(list, "browser", "FAIL", detail);
			*failed = 1;
		} else
			list = w_doctor_check(list, "browser", "ok", detail);
	}
	return list;
}
