/*
 * renderproxy.h: the loopback HTTP proxy one browser render goes through.
 * A thread of the calling process, alive for one render. Every request
 * (absolute-form http://) and every CONNECT is held to the wfetch network
 * policy on the address actually connected, to the render's one host,
 * to a byte bound for the whole render and to its deadline; refusals are
 * answered 403 and counted. Requests are forwarded as HTTP/1.0 with the
 * client's end-to-end headers only (hop-by-hop and Proxy-* dropped,
 * nothing added); the proxy keeps no cookies and follows no redirects,
 * so nothing crosses from one origin to another through it.
 */
#ifndef W_RENDERPROXY_H
#define W_RENDERPROXY_H

#include <stddef.h>

#include "clock.h"
#include "err.h"
#include "policy.h"
#include "url.h"

/* Longest request head the proxy reads. */
#define W_RPROXY_HEAD_MAX	(64u << 10)

/* Connections served at once; more are refused (503). */
#define W_RPROXY_CONNS_MAX	48

struct w_rproxy;

struct w_rproxy_opts {
	const struct w_policy	*policy;	/* borrowed for the proxy's life */
	const char		*host;		/* the one host (lowercase, as in
						   struct w_url) the render may
						   reach */
	size_t			 max_bytes;	/* response bytes, whole render;
						   0: W_HTTP_MAX_BYTES */
	long long		 deadline;	/* monotonic ms (w_clock_mono_ms) */
	const char		*token;		/* in every refusal's body, so a
						   refused document is told from
						   a page; may be NULL */
};

struct w_rproxy_stats {
	int	 requests;	/* requests and CONNECTs seen */
	int	 blocked;	/* refused by policy, host or bound */
	size_t	 bytes;		/* response bytes relayed */
	int	 too_large;	/* the byte bound was reached */
	enum w_code last_refusal; /* code of the last policy refusal */
};

/*
 * Decide one proxied target before connecting: target is an
 * absolute-form URL (connect 0) or a CONNECT authority "host:port"
 * (connect 1). Fills u (free with w_url_free) on 0; -1 with
 * blocked_target / network_denied / invalid_parameter otherwise.
 * Only http:// in absolute form (https goes through CONNECT), no
 * credentials, host equal to allowed_host, and w_policy_check_url.
 * Pure: the address check happens at connect time.
 */
int	 w_rproxy_admit(const struct w_policy *p, const char *allowed_host,
	    const char *target, int connect, struct w_url *u,
	    struct w_err *e);

/*
 * The request head rewritten for the origin server: origin-form request
 * line "METHOD path HTTP/1.0", then the header lines of head except
 * Proxy-*, Connection, Keep-Alive, TE, Trailer, Transfer-Encoding,
 * Upgrade and any header Connection names. NULL when head is not a
 * request head. Caller frees.
 */
char	*w_rproxy_rewrite(const char *head, size_t len, const char *path);

/* Start the proxy on 127.0.0.1 (a free port). -1 with request_failed. */
int	 w_rproxy_start(const struct w_rproxy_opts *o, struct w_rproxy **out,
	    struct w_err *e);

/* Its port. */
int	 w_rproxy_port(const struct w_rproxy *p);

/* Whether the render's byte bound has been reached (the render is over). */
int	 w_rproxy_too_large(struct w_rproxy *p);

/* Stop it, close every connection, fill st (may be NULL), free p. */
void	 w_rproxy_stop(struct w_rproxy *p, struct w_rproxy_stats *st);

#endif
