/*
 * err.h: the error struct every library function fills, and the closed
 * table of stable error codes (webtools(7)). The table carries what a code
 * means everywhere: its envelope status class, the source.status of a
 * failed fetch, the host-coordination outcome and whether a later retry
 * may succeed. Nothing else maps codes to behaviour.
 */
#ifndef W_ERR_H
#define W_ERR_H

#include <stddef.h>
#include <time.h>

/* Envelope statuses, ordered by exit severity below. */
enum w_status {
	W_ST_OK = 0,
	W_ST_PARTIAL,
	W_ST_BLOCKED,
	W_ST_ERROR
};

/* Exit codes (DESIGN.md): 0 ok/partial, 1 error, 2 usage, 3 blocked. */
enum {
	W_EXIT_OK = 0,
	W_EXIT_ERROR = 1,
	W_EXIT_USAGE = 2,
	W_EXIT_BLOCKED = 3
};

/* The closed set of error codes; w_err_name gives the wire string. */
enum w_code {
	W_E_NONE = 0,			/* no error */
	W_E_NETWORK_DENIED,
	W_E_BLOCKED_TARGET,
	W_E_ACCESS_CHALLENGE,
	W_E_AUTHENTICATION_REQUIRED,
	W_E_RATE_LIMITED,
	W_E_HTTP_429,
	W_E_ROBOTS_DENIED,
	W_E_SEARCH_BUDGET_EXHAUSTED,
	W_E_COORDINATION_UNAVAILABLE,
	W_E_BACKEND_UNAVAILABLE,
	W_E_REQUEST_FAILED,
	W_E_TIMEOUT,
	W_E_TOO_MANY_REDIRECTS,
	W_E_RESPONSE_TOO_LARGE,
	W_E_UNSUPPORTED_CONTENT,
	W_E_UNSUPPORTED_CHARSET,
	W_E_UNUSABLE_CONTENT,
	W_E_EXTRACTION_FAILED,
	W_E_INVALID_PARAMETER,
	W_E_UNSUPPORTED_PARAMETER,
	W_E_UNSUPPORTED_COUNTRY_FILTER,
	W_E_FOCUS_NO_MATCH,
	W_E_HTTP_4XX,
	W_E_HTTP_5XX,
	W_E_CANCELLED,
	W_E_COUNT			/* number of codes + 1 */
};

/* source.status of a fetch envelope (webtools(7)). */
enum w_source_status {
	W_SRC_OPENED = 0,
	W_SRC_BLOCKED_TARGET,		/* the policy refused the target */
	W_SRC_BLOCKED_SOFT,		/* challenge or log-in wall */
	W_SRC_BLOCKED_POLICY,		/* robots.txt */
	W_SRC_FETCH_FAILED
};

/* What an answer says about a backend, for host coordination. */
enum w_host_outcome {
	W_HOST_SUCCESS,		/* resets the streaks and any cooldown */
	W_HOST_THROTTLED,	/* 429 / rate limit: cooldown */
	W_HOST_FAILURE,		/* infrastructure: two open a cooldown */
	W_HOST_NEUTRAL		/* says nothing about the backend */
};

struct w_err {
	enum w_code	 code;		/* W_E_NONE if none */
	char		 msg[512];	/* host-written; never page text */
	int		 http_status;	/* 0 when not an HTTP failure */
	long		 retry_after_ms; /* -1 when unknown */
	time_t		 retry_at;	/* 0 when unknown */
	int		 retryable;	/* set from the table by w_err_set */
	int		 usage;		/* 1: nothing was sent; exit 2 */
};

/* Reset e to "no error". */
void		 w_err_clear(struct w_err *e);

/*
 * Set code, its retryable flag and a printf-style message; returns -1 so
 * callers can write "return w_err_set(e, ...)".
 */
int		 w_err_set(struct w_err *e, enum w_code code, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));

/* The wire name of a code ("timeout"); "" for W_E_NONE. */
const char	*w_err_name(enum w_code code);

/* The code of a wire name; W_E_NONE when it is not in the table. */
enum w_code	 w_err_lookup(const char *name);

/* W_ST_BLOCKED or W_ST_ERROR for a code (W_ST_OK for W_E_NONE). */
enum w_status	 w_err_class(enum w_code code);

/* source.status for a fetch that ended with code (opened for none). */
enum w_source_status w_err_source_status(enum w_code code);
const char	*w_source_status_name(enum w_source_status st);

/*
 * What a request that ended with code says about the backend it reached:
 * W_HOST_SUCCESS for W_E_NONE. Every caller (search providers, local
 * fetch, Parallel) settles its host lease with this.
 */
enum w_host_outcome w_err_host_outcome(enum w_code code);

/* Whether a later identical request may succeed. */
int		 w_err_retryable(enum w_code code);

/*
 * Whether a fetch provider chain moves on to its next provider after a
 * failure with code (HTTP 401/403/407/429 excepted by the caller).
 */
int		 w_err_chain_advances(enum w_code code);

/* Exit status for an envelope status; usage errors exit 2. */
int		 w_exit_for(enum w_status st, int usage);

/* Fold exit codes: 2, then 1, then 3, then 0. */
int		 w_exit_worst(int a, int b);

const char	*w_status_name(enum w_status st);

#endif
