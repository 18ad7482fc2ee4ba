/*
 * http.h: the HTTP transfer core over libcurl, shared by wfetch, wrobots
 * and every search provider. Redirects are followed here (not by
 * libcurl), each hop re-checked against the network policy on the
 * address actually connected; bodies are bounded on decoded bytes; one
 * deadline covers every attempt. Only http.c includes curl.
 */
#ifndef W_HTTP_H
#define W_HTTP_H

#include <stddef.h>
#include <time.h>
#include <jv.h>

#include "err.h"
#include "policy.h"

#define W_HTTP_MAX_BYTES	(20u << 20)
#define W_HTTP_TIMEOUT_MS	45000L
#define W_HTTP_MAX_REDIRECTS	5

struct w_http_resp;

struct w_http_req {
	const char		*url;
	const char		*method;	/* NULL: GET */
	const char		*body;		/* POST body or NULL */
	size_t			 body_len;
	const char		*body_type;	/* Content-Type of body */
	jv			 headers;	/* borrowed; user headers, checked
						   by w_http_check_headers */
	const char *const	*internal;	/* trusted "Name: value" lines from
						   providers, NULL-terminated */
	const struct w_policy	*policy;
	int			 operator;	/* operator-configured endpoint */
	size_t			 max_bytes;	/* 0: W_HTTP_MAX_BYTES */
	long			 timeout_ms;	/* 0: W_HTTP_TIMEOUT_MS */
	int			 max_redirects;	/* -1: W_HTTP_MAX_REDIRECTS */
	int			 retries;	/* -1: 2 */
	int			 progress;	/* progress line on a tty stderr */
	int			 no_redirects;	/* 3xx returned as is */
	/* Optional: a retryable status whose response this says is
	 * terminal (a challenge page served as 503) is not retried. The
	 * response's body is borrowed for the call. */
	int			(*terminal)(const struct w_http_resp *, void *);
	void			*terminal_arg;
};

struct w_http_resp {
	int		 status;
	char		*body;		/* decoded (gzip etc.), NUL-terminated */
	size_t		 len;
	char		*content_type;	/* NULL when absent */
	char		*final_url;
	char		*location;	/* of a returned 3xx (no_redirects) */
	jv		 headers;	/* lowercase name -> last value */
	jv		 redirects;	/* [{url, status, location}] */
	char		 resolved[64];	/* address connected last */
	long		 duration_ms;
	int		 attempts;
	int		 truncated_body; /* the encoded body was cut short;
					   body holds what decoded */
	long		 retry_after_ms; /* -1 when absent */
	time_t		 retry_at;
};

/* A request with every field at its default. */
void	 w_http_req_init(struct w_http_req *r);

/*
 * Refuse any request header but Accept, Accept-Language, Range and
 * User-Agent (borrowed object; null is fine): invalid_parameter naming
 * the header, before any connection.
 */
int	 w_http_check_headers(jv headers, struct w_err *e);

/* The progress line redraws at most every this many ms (10 a second). */
#define W_HTTP_PROGRESS_MS 100

/*
 * The progress line (req.progress on a terminal's stderr, after the
 * first second): "host:  45% 1.2 MiB of 2.6 MiB, 340.0 KiB/s, 3.2s" when
 * the length is known, else "host: 1.2 MiB, 340.0 KiB/s, 3.2s".
 */
void	 w_http_progress_line(char *buf, size_t n, const char *host,
	    long long got, long long total, long elapsed_ms);

/*
 * Whether to redraw: not in the first second, then at most every
 * W_HTTP_PROGRESS_MS (since_drawn_ms -1: never drawn).
 */
int	 w_http_progress_due(long elapsed_ms, long since_drawn_ms);

/*
 * Perform r. Returns 0 with any HTTP status in resp (the caller maps
 * 4xx/5xx), or -1 with e: network_denied, blocked_target,
 * too_many_redirects, response_too_large, timeout, request_failed,
 * invalid_parameter. resp is filled as far as it got either way; free it
 * with w_http_resp_free.
 */
int	 w_http_fetch(const struct w_http_req *r, struct w_http_resp *resp,
	    struct w_err *e);
void	 w_http_resp_free(struct w_http_resp *resp);

/*
 * Many transfers at once in one process (libcurl's multi interface).
 * Each added request runs the same state machine as w_http_fetch (which
 * is this with one transfer): policy at every hop and connected
 * address, own redirects, retries, one deadline. r, resp and e stay the
 * caller's and must live until the transfer comes back from
 * w_http_multi_wait. Connections may be reused between the transfers of
 * one multi, so add only requests under one policy and operator flag.
 */
struct w_http_multi;

struct w_http_multi *w_http_multi_new(void);
/* Start r (resp and e are filled when it ends). -1 when it failed at
 * once; it still comes back from w_http_multi_wait. */
int	 w_http_multi_add(struct w_http_multi *m, const struct w_http_req *r,
	    struct w_http_resp *resp, struct w_err *e, void *tag);
/* Transfers added and not yet returned. */
int	 w_http_multi_count(const struct w_http_multi *m);
/*
 * Drive the transfers for at most max_ms (-1: until one ends); the tag
 * of one that ended, with its w_http_fetch result in *rc, or NULL when
 * none ended in time or none is left.
 */
void	*w_http_multi_wait(struct w_http_multi *m, long max_ms, int *rc);
/* Abandon unfinished transfers (their resp is filled as far as it got)
 * and free m (NULL is fine). */
void	 w_http_multi_free(struct w_http_multi *m);

/*
 * A process-wide watcher, called about every 100 ms while transfers
 * run: bytes received so far by the transfers being driven and the
 * total they announced (0 unknown). Non-zero stops them all with
 * cancelled. NULL removes it.
 */
typedef int (*w_http_watch_fn)(void *arg, long long now, long long total);
void	 w_http_set_watch(w_http_watch_fn fn, void *arg);

/* Map a final status to an error (401/403/407, 429, 4xx, 5xx); 0 for
 * 2xx. Fills retry fields from resp. */
int	 w_http_status_error(const struct w_http_resp *resp,
	    struct w_err *e);

/* A Location header value as browsers read it: ends trimmed, spaces,
 * controls and DEL inside percent-encoded. Caller frees. */
char	*w_http_location_escape(const char *loc);
/* The scheme of a Location that names one other than http or https,
 * lowercased into buf (cut to size); NULL for http(s) or no scheme. */
const char *w_http_location_scheme(const char *loc, char *buf, size_t size);

/* Parse a Retry-After value (seconds or HTTP date) relative to now into
 * milliseconds; -1 when unparsable. */
long	 w_http_retry_after_ms(const char *v, time_t now);

#endif
