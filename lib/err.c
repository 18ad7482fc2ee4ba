/*
 * err.c: the closed table of error codes and what each one means.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"

/*
 * One row per code, in enum w_code order (checked by test_err). The host
 * column decides for every backend alike: a 429 or rate limit cools the
 * backend down (http_429 too when it comes through Parallel or a search
 * provider), infrastructure failures (backend_unavailable, request_failed,
 * timeout, http_5xx) count towards a failure cooldown, anything else is
 * the request's or the content's business and says nothing. A fetch
 * provider chain (local, parallel) moves on to its next provider only past
 * unusable content, an unavailable backend, a transport failure, a timeout
 * or an HTTP error (w_err_chain_advances).
 */
struct code {
	const char		*name;
	enum w_status		 cls;
	enum w_source_status	 src;
	enum w_host_outcome	 host;
	int			 retryable;
	int			 advance;	/* a fetch chain moves on */
};

/* name, class, source.status, host outcome, retryable, chain advances */
#define BL	W_ST_BLOCKED
#define ER	W_ST_ERROR
#define TGT	W_SRC_BLOCKED_TARGET
#define SOFT	W_SRC_BLOCKED_SOFT
#define POL	W_SRC_BLOCKED_POLICY
#define FF	W_SRC_FETCH_FAILED
#define THR	W_HOST_THROTTLED
#define FAIL	W_HOST_FAILURE
#define NEU	W_HOST_NEUTRAL
static const struct code codes[W_E_COUNT] = {
	[W_E_NONE] = { "",
	    W_ST_OK, W_SRC_OPENED, W_HOST_SUCCESS, 0, 0 },
	[W_E_NETWORK_DENIED] = { "network_denied",
	    BL, TGT, NEU, 0, 0 },
	[W_E_BLOCKED_TARGET] = { "blocked_target",
	    BL, TGT, NEU, 0, 0 },
	[W_E_ACCESS_CHALLENGE] = { "access_challenge",
	    BL, SOFT, NEU, 0, 0 },
	[W_E_AUTHENTICATION_REQUIRED] = { "authentication_required",
	    BL, SOFT, NEU, 0, 0 },
	[W_E_RATE_LIMITED] = { "rate_limited",
	    BL, FF, THR, 1, 0 },
	[W_E_HTTP_429] = { "http_429",
	    BL, FF, THR, 1, 0 },
	[W_E_ROBOTS_DENIED] = { "robots_denied",
	    BL, POL, NEU, 0, 0 },
	[W_E_SEARCH_BUDGET_EXHAUSTED] = { "search_budget_exhausted",
	    BL, FF, NEU, 0, 0 },
	[W_E_COORDINATION_UNAVAILABLE] = { "coordination_unavailable",
	    BL, FF, NEU, 0, 0 },
	[W_E_BACKEND_UNAVAILABLE] = { "backend_unavailable",
	    ER, FF, FAIL, 1, 1 },
	[W_E_REQUEST_FAILED] = { "request_failed",
	    ER, FF, FAIL, 1, 1 },
	[W_E_TIMEOUT] = { "timeout",
	    ER, FF, FAIL, 1, 1 },
	[W_E_TOO_MANY_REDIRECTS] = { "too_many_redirects",
	    ER, FF, NEU, 0, 0 },
	[W_E_RESPONSE_TOO_LARGE] = { "response_too_large",
	    ER, FF, NEU, 0, 0 },
	[W_E_UNSUPPORTED_CONTENT] = { "unsupported_content",
	    ER, FF, NEU, 0, 0 },
	[W_E_UNSUPPORTED_CHARSET] = { "unsupported_charset",
	    ER, FF, NEU, 0, 0 },
	[W_E_UNUSABLE_CONTENT] = { "unusable_content",
	    ER, FF, NEU, 0, 1 },
	[W_E_EXTRACTION_FAILED] = { "extraction_failed",
	    ER, FF, NEU, 0, 0 },
	[W_E_INVALID_PARAMETER] = { "invalid_parameter",
	    ER, FF, NEU, 0, 0 },
	[W_E_UNSUPPORTED_PARAMETER] = { "unsupported_parameter",
	    ER, FF, NEU, 0, 0 },
	[W_E_UNSUPPORTED_COUNTRY_FILTER] = { "unsupported_country_filter",
	    ER, FF, NEU, 0, 0 },
	[W_E_FOCUS_NO_MATCH] = { "focus_no_match",
	    ER, FF, NEU, 0, 0 },
	[W_E_HTTP_4XX] = { "http_4xx",
	    ER, FF, NEU, 0, 1 },
	[W_E_HTTP_5XX] = { "http_5xx",
	    ER, FF, FAIL, 1, 1 },
	[W_E_CANCELLED] = { "cancelled",
	    ER, FF, NEU, 0, 0 },
};
#undef BL
#undef ER
#undef TGT
#undef SOFT
#undef POL
#undef FF
#undef THR
#undef FAIL
#undef NEU

static const struct code *
row(enum w_code c)
{
	return (unsigned)c < W_E_COUNT ? &codes[c] : &codes[W_E_NONE];
}

void
w_err_clear(struct w_err *e)
{
	memset(e, 0, sizeof(*e));
	e->retry_after_ms = -1;
}

int
w_err_set(struct w_err *e, enum w_code code, const char *fmt, ...)
{
	va_list ap;

	e->code = code;
	e->retryable = row(code)->retryable;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

const char *
w_err_name(enum w_code code)
{
	return row(code)->name;
}

enum w_code
w_err_lookup(const char *name)
{
	int i;

	if (name == NULL || *name == '\0')
		return W_E_NONE;
	for (i = 1; i < W_E_COUNT; i++)
		if (strcmp(codes[i].name, name) == 0)
			return (enum w_code)i;
	return W_E_NONE;
}

enum w_status
w_err_class(enum w_code code)
{
	return row(code)->cls;
}

enum w_source_status
w_err_source_status(enum w_code code)
{
	return row(code)->src;
}

const char *
w_source_status_name(enum w_source_status st)
{
	static const char *const names[] = { "opened", "blocked_target",
	    "blocked_soft", "blocked_policy", "fetch_failed" };

	return (unsigned)st < sizeof(names) / sizeof(names[0]) ?
	    names[st] : "fetch_failed";
}

enum w_host_outcome
w_err_host_outcome(enum w_code code)
{
	return row(code)->host;
}

int
w_err_retryable(enum w_code code)
{
	return row(code)->retryable;
}

int
w_err_chain_advances(enum w_code code)
{
	return row(code)->advance;
}

int
w_exit_for(enum w_status st, int usage)
{
	if (usage)
		return W_EXIT_USAGE;
	switch (st) {
	case W_ST_ERROR:
		return W_EXIT_ERROR;
	case W_ST_BLOCKED:
		return W_EXIT_BLOCKED;
	default:
		return W_EXIT_OK;
	}
}

static int
severity(int x)
{
	switch (x) {
	case W_EXIT_USAGE:
		return 3;
	case W_EXIT_ERROR:
		return 2;
	case W_EXIT_BLOCKED:
		return 1;
	default:
		return 0;
	}
}

int
w_exit_worst(int a, int b)
{
	return severity(a) >= severity(b) ? a : b;
}

const char *
w_status_name(enum w_status st)
{
	static const char *const names[] = { "ok", "partial", "blocked",
	    "error" };

	return names[st];
}
