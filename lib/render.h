/*
 * render.h: one browser render. Spawns fetch.browserCommand
 * (agent-browser) with posix_spawn, never a shell, against a Chromium
 * (fetch.browserExecutable, else chromium-headless-shell or chromium on
 * PATH), in a private directory (HOME, TMPDIR, socket dir, an empty
 * read-only config) with a random session; every connection the browser
 * makes goes through a renderproxy.h proxy. The session's processes are
 * killed and its directory removed on every path out: success, failure,
 * the budget running out, SIGINT/SIGTERM/SIGHUP (re-raised after the
 * cleanup).
 */
#ifndef W_RENDER_H
#define W_RENDER_H

#include <stddef.h>

#include "err.h"
#include "policy.h"
#include "view.h"

#define W_RENDER_BUDGET_MS	20000L
#define W_RENDER_DEFAULT_CMD	"agent-browser"
/* The oldest agent-browser the reference accepts (--namespace and the
 * rest of the flags a render passes); verified against 0.41.2. */
#define W_RENDER_MIN_VERSION	"0.33.1"

/*
 * The effective mode (never W_RENDER_DEFAULT): config (fetch.render,
 * NULL: never) is the ceiling. Config never keeps every call static;
 * otherwise the call's wish (W_RENDER_DEFAULT: the config's value) is
 * taken as is.
 */
enum w_render w_render_mode(const char *config, enum w_render call);
const char	*w_render_mode_name(enum w_render m);

/*
 * Compare dotted versions ("0.33.1"; a leading "agent-browser " and a
 * trailing "-pre" are ignored): <0, 0, >0. -2 when have is not a
 * version.
 */
int	 w_render_version_cmp(const char *have, const char *min);

/*
 * Find name on PATH (or take it as is when it has a '/'): 0 with the
 * path in out (n bytes), -1 when there is no such executable.
 */
int	 w_render_which(const char *name, char *out, size_t n);

/* The Chromium to use: executable (a name or path) or, when NULL, the
 * first of chromium-headless-shell and chromium on PATH. */
int	 w_render_browser(const char *executable, char *out, size_t n);

struct w_render_req {
	const char		*url;		/* http(s), already policy-checked */
	const char		*host;		/* the URL's host (struct w_url) */
	const struct w_policy	*policy;
	const char		*command;	/* NULL: W_RENDER_DEFAULT_CMD */
	const char		*executable;	/* NULL: w_render_browser's pick */
	long			 budget_ms;	/* 0: W_RENDER_BUDGET_MS */
	size_t			 max_bytes;	/* proxy bound; 0: 20 MiB */
};

struct w_render_res {
	char	*html;		/* the rendered DOM, UTF-8 */
	size_t	 len;
	char	*final_url;
	int	 blocked;	/* requests the proxy or the browser refused */
	int	 requests;	/* requests the proxy saw */
	size_t	 bytes;		/* response bytes through the proxy */
	long	 duration_ms;
};

/*
 * Render r->url. 0 with out filled (free with w_render_res_free); -1
 * with e: backend_unavailable (command or browser missing or failing to
 * start), timeout, blocked_target (the final URL left the allowed host
 * or the policy), response_too_large, request_failed, cancelled. out's
 * counters are filled either way.
 */
int	 w_render_page(const struct w_render_req *r, struct w_render_res *out,
	    struct w_err *e);
void	 w_render_res_free(struct w_render_res *r);

/*
 * Run "command --version" (2 s bound): 0 with the first line in out,
 * -1 with backend_unavailable.
 */
int	 w_render_command_version(const char *command, char *out, size_t n,
	    struct w_err *e);

#endif
