/*
 * render.c: one browser render through agent-browser (render.h).
 *
 * Verified against agent-browser 0.41.2 (the floor is 0.33.1). Each
 * render runs "agent-browser --namespace N --session S --config EMPTY
 * --executable-path CHROMIUM --proxy http://127.0.0.1:PORT
 * --proxy-bypass <-loopback> --args <WebRTC switch> --allowed-domains
 * HOST --json batch" with N and S random, the environment scrubbed (HOME,
 * TMPDIR and XDG_* in a private directory, so no user config, profile or
 * restore state; no --profile, --restore, --state or --cdp), and
 * AGENT_BROWSER_SOCKET_DIR in a second, short private directory under
 * /tmp (its socket paths must stay under 104 bytes).
 *
 * Measured on 0.41.2: the launch flags (--proxy, --proxy-bypass, --args,
 * --executable-path) reach Chromium only when the first "open" names a
 * URL; "open URL" waits for the load event, which a hanging subresource
 * can block; and --allowed-domains refuses "open about:blank" ("No
 * hostname in URL") after launching the browser with those flags. So the
 * batch runs without --bail: "open about:blank" (launch; that refusal is
 * expected), then a script navigates to the page and "wait --fn" waits
 * for document.readyState to leave "loading" (DOMContentLoaded). The
 * proxy still checks every request and the final URL against the policy;
 * --allowed-domains is a second fence inside the browser.
 *
 * The daemon calls setsid() and launches Chromium; it may outlive the
 * CLI. So every process of a render carries WT_RENDER_ID=<random id> in
 * its environment, and cleanup kills every process of ours that has it
 * (scanning /proc), then removes both private directories.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "http.h"
#include "json.h"
#include "lock.h"
#include "render.h"
#include "renderproxy.h"
#include "sha256.h"
#include "url.h"

extern char **environ;

#define OUT_MAX		(48u << 20)
#define ENVIRON_MAX	(256u << 10)

enum w_render
w_render_mode(const char *config, enum w_render call)
{
	if (config == NULL || strcmp(config, "never") == 0)
		return W_RENDER_NEVER;
	if (call != W_RENDER_DEFAULT)
		return call;
	if (strcmp(config, "always") == 0)
		return W_RENDER_ALWAYS;
	return strcmp(config, "auto") == 0 ? W_RENDER_AUTO : W_RENDER_NEVER;
}

const char *
w_render_mode_name(enum w_render m)
{
	return m == W_RENDER_ALWAYS ? "always" : m == W_RENDER_AUTO ? "auto" :
	    "never";
}

/* Up to 3 numeric parts of a version; -1 when there is none. */
static int
version_parts(const char *s, long v[3])
{
	char *end;
	int i;

	while (*s && !(*s >= '0' && *s <= '9'))
		s++;
	if (*s == '\0')
		return -1;
	for (i = 0; i < 3; i++) {
		v[i] = 0;
		if (*s >= '0' && *s <= '9') {
			v[i] = strtol(s, &end, 10);
			s = end;
			if (*s == '.')
				s++;
		}
	}
	return 0;
}

int
w_render_version_cmp(const char *have, const char *min)
{
	long a[3], b[3];
	int i;

	if (have == NULL || version_parts(have, a) == -1 ||
	    version_parts(min, b) == -1)
		return -2;
	for (i = 0; i < 3; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

int
w_render_which(const char *name, char *out, size_t n)
{
	const char *path = getenv("PATH"), *p, *q;
	struct stat st;
	int len;

	if (name == NULL || *name == '\0')
		return -1;
	if (strchr(name, '/')) {
		if (stat(name, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(name, X_OK) == 0 &&
		    (size_t)snprintf(out, n, "%s", name) < n)
			return 0;
		return -1;
	}
	for (p = path ? path : "/usr/bin:/bin"; *p; p = *q ? q + 1 : q) {
		q = strchr(p, ':');
		if (q == NULL)
			q = p + strlen(p);
		if (q == p)
			continue;
		len = snprintf(out, n, "%.*s/%s", (int)(q - p), p, name);
		if (len > 0 && (size_t)len < n && stat(out, &st) == 0 &&
		    S_ISREG(st.st_mode) && access(out, X_OK) == 0)
			return 0;
	}
	return -1;
}

int
w_render_browser(const char *executable, char *out, size_t n)
{
	if (executable)
		return w_render_which(executable, out, n);
	if (w_render_which("chromium-headless-shell", out, n) == 0)
		return 0;
	return w_render_which("chromium", out, n);
}

/* ----------------------------------------------------------- signals */

static volatile sig_atomic_t got_signal;
static const int caught[] = { SIGINT, SIGTERM, SIGHUP };
#define NCAUGHT (sizeof(caught) / sizeof(caught[0]))

/* The handlers a render replaces: caught[], then SIGPIPE (ignored while
 * the render writes to a child that may already be gone). */
struct traps {
	struct sigaction	 old[NCAUGHT];
	struct sigaction	 pipe;
};

static void
on_signal(int sig)
{
	got_signal = sig;
}

static void
trap(struct traps *t)
{
	struct sigaction sa;
	size_t i;

	got_signal = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NCAUGHT; i++)
		sigaction(caught[i], &sa, &t->old[i]);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, &t->pipe);
}

/* Restore the handlers; a signal that came during the render is
 * delivered again now that the browser is gone. */
static void
untrap(struct traps *t)
{
	size_t i;
	int sig = got_signal;

	sigaction(SIGPIPE, &t->pipe, NULL);
	for (i = 0; i < NCAUGHT; i++)
		sigaction(caught[i], &t->old[i], NULL);
	if (sig)
		raise(sig);
}

/* ----------------------------------------------------------- processes */

/* Whether /proc/pid/environ holds the exact entry mark. */
static int
has_mark(const char *pid, const char *mark)
{
	char path[64], *buf, *p, *end;
	ssize_t r;
	size_t len = 0;
	int fd, yes = 0;

	snprintf(path, sizeof(path), "/proc/%.20s/environ", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return 0;
	buf = w_malloc(ENVIRON_MAX + 1);
	while (len < ENVIRON_MAX && (r = read(fd, buf + len,
	    ENVIRON_MAX - len)) > 0)
		len += (size_t)r;
	close(fd);
	buf[len] = '\0';
	for (p = buf, end = buf + len; p < end; p += strlen(p) + 1)
		if (strcmp(p, mark) == 0) {
			yes = 1;
			break;
		}
	free(buf);
	return yes;
}

/* SIGKILL every process carrying mark; returns how many were found. */
static int
kill_marked(const char *mark)
{
	struct dirent *de;
	DIR *d;
	pid_t self = getpid(), pid;
	int n = 0;

	if ((d = opendir("/proc")) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		pid = (pid_t)atol(de->d_name);
		if (pid == self || !has_mark(de->d_name, mark))
			continue;
		if (kill(pid, SIGKILL) == 0)
			n++;
	}
	closedir(d);
	return n;
}

static void
reap_child(pid_t pid)
{
	int st;

	if (pid <= 0)
		return;
	(void)kill(pid, SIGKILL);
	while (waitpid(pid, &st, 0) == -1 && errno == EINTR)
		;
}

/* Kill the session's processes (a few rounds: a dying parent may still
 * fork), reap our child. */
static void
kill_session(const char *mark, pid_t child)
{
	int round;

	reap_child(child);
	for (round = 0; round < 20; round++) {
		if (kill_marked(mark) == 0 && round > 0)
			break;
		w_clock_sleep_ms(25);
	}
}

/* A private directory for the render under TMPDIR (or under /tmp when
 * short is set: agent-browser's socket paths must stay under 104 bytes);
 * caller frees. */
static char *
private_dir(int short_path)
{
	const char *t = getenv("TMPDIR");
	struct w_buf b;

	if (short_path || t == NULL || *t != '/')
		t = "/tmp";
	w_buf_init(&b, 4096);
	w_buf_printf(&b, "%s/wt-render-XXXXXX", t);
	if (mkdtemp(b.p) == NULL) {
		w_buf_free(&b);
		return NULL;
	}
	return w_buf_take(&b);
}

static void
random_hex(char *out, size_t nbytes)
{
	unsigned char r[32];
	size_t i;

	if (nbytes > sizeof(r))
		nbytes = sizeof(r);
	if (w_lock_random(r, nbytes) == -1)
		for (i = 0; i < nbytes; i++)
			r[i] = (unsigned char)(w_clock_now_ms() >> (i % 8));
	w_sha256_tohex(r, nbytes, out);
}

/* The child's whole environment: nothing of ours leaks in (no proxies,
 * no AGENT_BROWSER_* of the user), everything lives in dir. */
static char **
child_env(const char *dir, const char *sockdir, const char *mark,
    long budget_ms)
{
	const char *path = getenv("PATH");
	char **env = w_calloc(16, sizeof(char *));
	struct w_buf b;
	int n = 0;

#define ADD(...) do { w_buf_init(&b, 8192); w_buf_printf(&b, __VA_ARGS__); \
	env[n++] = w_buf_take(&b); } while (0)
	ADD("PATH=%s", path ? path : "/usr/bin:/bin");
	ADD("HOME=%s", dir);
	ADD("TMPDIR=%s", dir);
	ADD("XDG_RUNTIME_DIR=%s", dir);
	ADD("XDG_CONFIG_HOME=%s/config", dir);
	ADD("XDG_CACHE_HOME=%s/cache", dir);
	ADD("AGENT_BROWSER_SOCKET_DIR=%s", sockdir);
	/* No release check: it would reach the Internet. */
	ADD("AGENT_BROWSER_NO_VERSION_CHECK=1");
	ADD("AGENT_BROWSER_DEFAULT_TIMEOUT=%ld", budget_ms);
	/* A safety net should this process die before its cleanup. */
	ADD("AGENT_BROWSER_IDLE_TIMEOUT_MS=%ld", budget_ms + 5000);
	ADD("LANG=C.UTF-8");
	ADD("%s", mark);
#undef ADD
	env[n] = NULL;
	return env;
}

static void
free_strv(char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

/* Spawn argv with env, stdin and stdout on pipes, stderr to null, in its
 * own process group with default signal handling. */
static int
spawn(const char *path, char *const argv[], char *const envp[], pid_t *pid,
    int *in, int *out)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, def;
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, rc;

	if (pipe(pin) == -1 || pipe(pout) == -1) {
		rc = errno;
		goto fail;
	}
	for (rc = 0; rc < 2; rc++) {
		(void)fcntl(pin[rc], F_SETFD, FD_CLOEXEC);
		(void)fcntl(pout[rc], F_SETFD, FD_CLOEXEC);
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawnattr_init(&at);
	sigemptyset(&none);
	sigfillset(&def);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
	    POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
	rc = posix_spawn(pid, path, &fa, &at, argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc != 0)
		goto fail;
	close(pin[0]);
	close(pout[1]);
	*in = pin[1];
	*out = pout[0];
	(void)fcntl(*in, F_SETFL, O_NONBLOCK);
	(void)fcntl(*out, F_SETFL, O_NONBLOCK);
	return 0;
fail:
	if (pin[0] >= 0) {
		close(pin[0]);
		close(pin[1]);
	}
	if (pout[0] >= 0) {
		close(pout[0]);
		close(pout[1]);
	}
	errno = rc;
	return -1;
}

/*
 * Feed in (then close it), collect stdout until EOF, the deadline or a
 * signal. 0 at EOF, -1 on the deadline, -2 on a signal, -3 when the
 * output outgrew its cap, -4 when the proxy (px, may be NULL) reached
 * the render's byte bound.
 */
static int
converse(int in, int out, const char *feed, struct w_buf *o,
    long long deadline, struct w_rproxy *px)
{
	struct pollfd pf[2];
	size_t fed = 0, flen = feed ? strlen(feed) : 0;
	char buf[65536];
	ssize_t r;
	long long now;
	int nf;

	if (flen == 0) {
		close(in);
		in = -1;
	}
	for (;;) {
		if (got_signal) {
			if (in >= 0)
				close(in);
			return -2;
		}
		if ((now = w_clock_mono_ms()) >= deadline) {
			if (in >= 0)
				close(in);
			return -1;
		}
		if (px && w_rproxy_too_large(px)) {
			if (in >= 0)
				close(in);
			return -4;
		}
		nf = 0;
		pf[nf].fd = out;
		pf[nf++].events = POLLIN;
		if (in >= 0) {
			pf[nf].fd = in;
			pf[nf++].events = POLLOUT;
		}
		if (poll(pf, (nfds_t)nf, (int)(deadline - now > 100 ? 100 :
		    deadline - now)) <= 0)
			continue;
		if (nf == 2 && (pf[1].revents & (POLLOUT | POLLERR |
		    POLLHUP))) {
			r = write(in, feed + fed, flen - fed);
			if (r > 0)
				fed += (size_t)r;
			if (r < 0 && errno != EAGAIN && errno != EINTR)
				fed = flen;
			if (fed == flen) {
				close(in);
				in = -1;
			}
		}
		if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			r = read(out, buf, sizeof(buf));
			if (r == 0) {
				if (in >= 0)
					close(in);
				return 0;
			}
			if (r > 0 && w_buf_add(o, buf, (size_t)r) == -1) {
				if (in >= 0)
					close(in);
				return -3;
			}
		}
	}
}

/* The batch agent-browser runs: open a blank page, navigate from a
 * script, wait for DOMContentLoaded, read URL, title and DOM. */
static char *
batch_json(const char *url)
{
	jv cmds = jv_array(), nav, s;
	char *out;

#define CMD1(a) jv_array_append(jv_array(), jv_string(a))
	s = jv_dump_string(jv_string(url), 0);
	nav = jv_string_fmt("setTimeout(function(){location.href=%s},0);1",
	    jv_string_value(s));
	jv_free(s);
	cmds = jv_array_append(cmds, jv_array_append(CMD1("open"),
	    jv_string("about:blank")));
	cmds = jv_array_append(cmds, jv_array_append(CMD1("eval"), nav));
	cmds = jv_array_append(cmds, jv_array_append(jv_array_append(
	    CMD1("wait"), jv_string("--fn")), jv_string("location.protocol!=="
	    "'about:'&&document.readyState!=='loading'")));
	cmds = jv_array_append(cmds, jv_array_append(CMD1("get"),
	    jv_string("url")));
	cmds = jv_array_append(cmds, jv_array_append(CMD1("eval"),
	    jv_string("document.documentElement.outerHTML")));
	cmds = jv_array_append(cmds, jv_array_append(CMD1("network"),
	    jv_string("requests")));
#undef CMD1
	s = jv_dump_string(cmds, 0);
	out = w_strdup(jv_string_value(s));
	jv_free(s);
	return out;
}

/* A short, host-safe excerpt of an agent-browser error (consumes err). */
static void
brief(char *dst, size_t n, jv err)
{
	const char *s = jv_get_kind(err) == JV_KIND_STRING ?
	    jv_string_value(err) : "unknown error";
	size_t i, j;

	for (i = j = 0; s[i] && j + 1 < n && j < 160; i++)
		dst[j++] = (s[i] >= 32 && s[i] < 127) ? s[i] : ' ';
	dst[j] = '\0';
	jv_free(err);
}

/*
 * The requests --allowed-domains stopped inside the browser: those to
 * another host than the render's (the browser never hands them to the
 * proxy, so the proxy cannot count them).
 */
static int
fenced(jv res, const char *host)
{
	jv reqs = w_json_get(res, "requests"), u;
	struct w_url url;
	struct w_err e;
	int i, n, count = 0;

	if (jv_get_kind(reqs) != JV_KIND_ARRAY) {
		jv_free(reqs);
		return 0;
	}
	n = jv_array_length(jv_copy(reqs));
	for (i = 0; i < n; i++) {
		u = w_json_at(jv_copy(reqs), i);
		u = w_json_get(u, "url");
		w_err_clear(&e);
		if (jv_get_kind(u) == JV_KIND_STRING &&
		    w_url_parse(jv_string_value(u), &url, &e) == 0) {
			if ((strcmp(url.scheme, "http") == 0 ||
			    strcmp(url.scheme, "https") == 0 ||
			    strcmp(url.scheme, "ws") == 0 ||
			    strcmp(url.scheme, "wss") == 0) &&
			    strcmp(url.host, host) != 0)
				count++;
			w_url_free(&url);
		}
		jv_free(u);
	}
	jv_free(reqs);
	return count;
}

/* Read the batch's answer; *nfenced: requests the browser's own
 * domain fence stopped. */
static int
parse_batch(const char *text, size_t len, const char *host,
    struct w_render_res *out, int *nfenced, struct w_err *e)
{
	jv a = jv_parse_sized(text, (int)len), step, res, v;
	char why[200];
	int i, n, rc = 0;

	if (jv_get_kind(a) != JV_KIND_ARRAY) {
		jv_free(a);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the browser "
		    "command gave no batch result (not agent-browser?)");
	}
	n = jv_array_length(jv_copy(a));
	/* after a failed step only the requests (step 5) are read: the
	 * batch runs without --bail, and they say whether the page's own
	 * navigation was fenced (below) */
	for (i = 0; i < n && (rc == 0 || i <= 5); i++) {
		if (rc != 0 && i < 5)
			continue;
		step = w_json_at(jv_copy(a), i);
		v = jv_null();
		if (jv_get_kind(step) != JV_KIND_OBJECT) {
			jv_free(step);
			rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the browser "
			    "command gave no batch result (not agent-browser?)");
			break;
		}
		res = w_json_get(jv_copy(step), "result");
		if (jv_get_kind(res) != JV_KIND_OBJECT) {
			jv_free(res);
			res = jv_object();
		}
		if (i == 5) {
			if (w_json_bool_peek(step, "success", 0))
				*nfenced = fenced(jv_copy(res), host);
		} else if (!w_json_bool_peek(step, "success", 0)) {
			brief(why, sizeof(why), w_json_get(jv_copy(step),
			    "error"));
			/* --allowed-domains refuses to open about:blank, after
			 * the launch: the expected answer of step 0. */
			if (i == 0 && strstr(why, "No hostname in URL"))
				;
			else if (i == 0)
				rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the "
				    "browser did not start: %s", why);
			else if (strstr(why, "imeout") || strstr(why,
			    "timed out"))
				rc = w_err_set(e, W_E_TIMEOUT, "the page did not "
				    "reach DOMContentLoaded within the render "
				    "budget");
			else
				rc = w_err_set(e, W_E_REQUEST_FAILED, "the "
				    "render failed: %s", why);
		} else if (i == 3 && jv_get_kind(v = w_json_get(jv_copy(res),
		    "url")) == JV_KIND_STRING) {
			out->final_url = w_strdup(jv_string_value(v));
			jv_free(v);
		} else if (i == 3)
			jv_free(v);
		else if (i == 4 && jv_get_kind(v = w_json_get(jv_copy(res),
		    "result")) == JV_KIND_STRING) {
			out->len = (size_t)jv_string_length_bytes(jv_copy(v));
			out->html = w_strdup(jv_string_value(v));
			jv_free(v);
		} else if (i == 4)
			jv_free(v);
		jv_free(res);
		jv_free(step);
	}
	jv_free(a);
	/* A step reading the page failed because the page navigated away
	 * while the browser's domain fence stopped requests to another
	 * host: the page left the render's allowed domain mid-read (a
	 * script's location.replace racing the read). */
	if (rc != 0 && e->code == W_E_REQUEST_FAILED && *nfenced > 0 &&
	    strstr(e->msg, "navigated") != NULL)
		rc = w_err_set(e, W_E_BLOCKED_TARGET, "the page navigated "
		    "outside the render's allowed domain");
	if (rc == 0 && (out->html == NULL || out->final_url == NULL))
		rc = w_err_set(e, W_E_REQUEST_FAILED, "the browser returned no "
		    "page");
	return rc;
}

/* The browser's final URL must stay on the host and pass the policy. */
static int
check_final(const struct w_render_req *r, const char *final,
    struct w_err *e)
{
	struct w_url u;
	struct w_err e2;
	int rc;

	w_err_clear(&e2);
	if (w_url_parse(final, &u, &e2) == -1)
		return w_err_set(e, W_E_BLOCKED_TARGET, "the page ended on a "
		    "URL that is not http(s)");
	if (strcmp(u.scheme, "http") != 0 && strcmp(u.scheme, "https") != 0)
		rc = w_err_set(e, W_E_BLOCKED_TARGET, "the page ended on a "
		    "%s: URL", u.scheme);
	else if (strcmp(u.host, r->host) != 0)
		rc = w_err_set(e, W_E_BLOCKED_TARGET, "the page navigated "
		    "outside the render's allowed domain");
	else if ((rc = w_policy_check_url(r->policy, &u, 0, &e2)) == -1)
		rc = w_err_set(e, e2.code, "%s", e2.msg);
	w_url_free(&u);
	return rc;
}

static void
argv_add(char **argv, int *n, const char *s)
{
	argv[(*n)++] = w_strdup(s);
}

int
w_render_page(const struct w_render_req *r, struct w_render_res *out,
    struct w_err *e)
{
	struct traps old;
	struct w_rproxy_opts po;
	struct w_rproxy_stats ps;
	struct w_rproxy *px = NULL;
	struct w_buf b, o;
	const char *cmd = r->command ? r->command : W_RENDER_DEFAULT_CMD;
	char cmdpath[4096], browser[4096], id[33], ns[17], mark[64];
	char *dir = NULL, *sockdir = NULL;
	char *argv[24] = { NULL }, **envp = NULL, *feed = NULL;
	long budget = r->budget_ms > 0 ? r->budget_ms : W_RENDER_BUDGET_MS;
	long long start = w_clock_mono_ms(), deadline = start + budget;
	pid_t pid = -1;
	int in, outfd, argc = 0, rc = -1, cv, fd, nfenced = 0;

	memset(out, 0, sizeof(*out));
	memset(&ps, 0, sizeof(ps));
	w_buf_init(&o, OUT_MAX);
	if (w_render_which(cmd, cmdpath, sizeof(cmdpath)) == -1)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "browser command "
		    "%.200s not found (install agent-browser, or set "
		    "fetch.browserCommand)", cmd);
	if (w_render_browser(r->executable, browser, sizeof(browser)) == -1)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no Chromium found "
		    "(%.200s; install chromium-headless-shell, or set "
		    "fetch.browserExecutable)", r->executable ? r->executable :
		    "chromium-headless-shell or chromium on PATH");
	if ((dir = private_dir(0)) == NULL ||
	    (sockdir = private_dir(1)) == NULL) {
		w_err_set(e, W_E_REQUEST_FAILED, "no private directory for "
		    "the render: %s", strerror(errno));
		if (dir)
			w_lock_rm_tree(dir);
		free(dir);
		return -1;
	}
	trap(&old);
	random_hex(id, 8);
	snprintf(mark, sizeof(mark), "WT_RENDER_ID=%s", id);
	/* An empty, read-only config: no user or project config applies. */
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/config.json", dir);
	if ((fd = open(b.p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0400)) == -1 || write(fd, "{}\n", 3) != 3) {
		if (fd >= 0)
			close(fd);
		w_err_set(e, W_E_REQUEST_FAILED, "the render config could not "
		    "be written");
		goto done;
	}
	close(fd);
	po.policy = r->policy;
	po.host = r->host;
	po.max_bytes = r->max_bytes;
	po.deadline = deadline;
	po.token = id;
	if (w_rproxy_start(&po, &px, e) == -1)
		goto done;
	random_hex(ns, 8);
	argv_add(argv, &argc, cmd);
	argv_add(argv, &argc, "--namespace");
	argv_add(argv, &argc, ns);
	argv_add(argv, &argc, "--session");
	argv_add(argv, &argc, id);
	argv_add(argv, &argc, "--config");
	argv_add(argv, &argc, b.p);
	argv_add(argv, &argc, "--executable-path");
	argv_add(argv, &argc, browser);
	w_buf_reset(&b);
	w_buf_printf(&b, "http://127.0.0.1:%d", w_rproxy_port(px));
	argv_add(argv, &argc, "--proxy");
	argv_add(argv, &argc, b.p);
	argv_add(argv, &argc, "--proxy-bypass");
	argv_add(argv, &argc, "<-loopback>");
	argv_add(argv, &argc, "--args");
	argv_add(argv, &argc,
	    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp");
	argv_add(argv, &argc, "--allowed-domains");
	argv_add(argv, &argc, r->host);
	argv_add(argv, &argc, "--json");
	argv_add(argv, &argc, "batch");
	argv[argc] = NULL;
	envp = child_env(dir, sockdir, mark, budget);
	feed = batch_json(r->url);
	if (spawn(cmdpath, argv, envp, &pid, &in, &outfd) == -1) {
		w_err_set(e, W_E_BACKEND_UNAVAILABLE, "browser command %.200s "
		    "could not be started: %s", cmd, strerror(errno));
		pid = -1;
		goto done;
	}
	cv = converse(in, outfd, feed, &o, deadline, px);
	close(outfd);
	if (cv == -2)
		w_err_set(e, W_E_CANCELLED, "the render was interrupted");
	else if (cv == -1)
		w_err_set(e, W_E_TIMEOUT, "the render did not finish within "
		    "%ld ms", budget);
	else if (cv == -4)
		w_err_set(e, W_E_RESPONSE_TOO_LARGE, "the render's responses "
		    "outgrew %zu bytes", r->max_bytes ? r->max_bytes :
		    (size_t)W_HTTP_MAX_BYTES);
	else if (cv == -3)
		w_err_set(e, W_E_RESPONSE_TOO_LARGE, "the rendered page "
		    "outgrew %u bytes", OUT_MAX);
	else if (parse_batch(o.p, o.len, r->host, out, &nfenced, e) == 0 &&
	    check_final(r, out->final_url, e) == 0)
		rc = 0;
done:
	if (pid > 0 || dir)
		kill_session(mark, pid);
	w_rproxy_stop(px, &ps);
	out->blocked = ps.blocked + nfenced;
	out->requests = ps.requests;
	out->bytes = ps.bytes;
	if (ps.too_large && rc == 0) {
		rc = w_err_set(e, W_E_RESPONSE_TOO_LARGE, "the render outgrew "
		    "its byte bound");
	}
	/* The document itself is a refusal of the proxy's (the page was
	 * navigated to a target the policy refuses at connect time). */
	if (rc == 0 && out->html && strstr(out->html, id) != NULL)
		rc = w_err_set(e, ps.last_refusal != W_E_NONE ?
		    ps.last_refusal : W_E_BLOCKED_TARGET, "the page's "
		    "document was refused by the network policy");
	if (rc == -1 && e->code == W_E_REQUEST_FAILED &&
	    w_clock_mono_ms() >= deadline - 50)
		w_err_set(e, W_E_TIMEOUT, "the render did not finish within "
		    "%ld ms", budget);
	if (rc == -1) {
		w_render_res_free(out);
		out->blocked = ps.blocked + nfenced;
		out->requests = ps.requests;
		out->bytes = ps.bytes;
	}
	if (dir)
		w_lock_rm_tree(dir);
	if (sockdir)
		w_lock_rm_tree(sockdir);
	free(dir);
	free(sockdir);
	free(feed);
	free_strv(envp);
	for (argc = 0; argv[argc]; argc++)
		free(argv[argc]);
	w_buf_free(&b);
	w_buf_free(&o);
	out->duration_ms = (long)(w_clock_mono_ms() - start);
	untrap(&old);
	return rc;
}

void
w_render_res_free(struct w_render_res *r)
{
	free(r->html);
	free(r->final_url);
	r->html = r->final_url = NULL;
	r->len = 0;
}

int
w_render_command_version(const char *command, char *out, size_t n,
    struct w_err *e)
{
	char path[4096], *argv[3], *nl;
	struct w_buf o;
	pid_t pid;
	int in, outfd, cv;

	if (w_render_which(command, path, sizeof(path)) == -1)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "browser command "
		    "%.200s not found", command);
	argv[0] = (char *)command;
	argv[1] = (char *)"--version";
	argv[2] = NULL;
	if (spawn(path, argv, environ, &pid, &in, &outfd) == -1)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "browser command "
		    "%.200s could not be started", command);
	w_buf_init(&o, 4096);
	got_signal = 0;
	cv = converse(in, outfd, NULL, &o, w_clock_mono_ms() + 2000, NULL);
	close(outfd);
	reap_child(pid);
	if (cv != 0 || o.len == 0) {
		w_buf_free(&o);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "%.200s --version "
		    "gave no answer", command);
	}
	if ((nl = strchr(o.p, '\n')) != NULL)
		*nl = '\0';
	snprintf(out, n, "%s", o.p);
	w_buf_free(&o);
	return 0;
}
