/* test_err.c: the error table (names, classes, source.status, host
 * outcomes, retryable and chain flags) and exit folding. */
#include <string.h>

#include "t.h"
#include "err.h"

static void
test_table(void)
{
	int i, n = 0;

	for (i = 1; i < W_E_COUNT; i++) {
		const char *name = w_err_name((enum w_code)i);

		CHECK(name != NULL && *name != '\0');
		CHECK_INT(w_err_lookup(name), i);
		CHECK(w_err_class((enum w_code)i) == W_ST_ERROR ||
		    w_err_class((enum w_code)i) == W_ST_BLOCKED);
		n++;
	}
	CHECK_INT(n, 25);
	CHECK_STR(w_err_name(W_E_TIMEOUT), "timeout");
	CHECK_STR(w_err_name(W_E_NONE), "");
	CHECK_INT(w_err_lookup("made_up"), W_E_NONE);
	CHECK_INT(w_err_lookup(NULL), W_E_NONE);
	CHECK_INT(w_err_lookup(""), W_E_NONE);
	CHECK_INT(w_err_class(W_E_ROBOTS_DENIED), W_ST_BLOCKED);
	CHECK_INT(w_err_class(W_E_TIMEOUT), W_ST_ERROR);
	CHECK_INT(w_err_class(W_E_NONE), W_ST_OK);
	CHECK_STR(w_err_name((enum w_code)999), "");
}

/* source.status: one mapping for local fetch, Parallel and wextract. */
static void
test_source_status(void)
{
	CHECK_STR(w_source_status_name(w_err_source_status(W_E_NONE)),
	    "opened");
	CHECK_STR(w_source_status_name(w_err_source_status(
	    W_E_NETWORK_DENIED)), "blocked_target");
	CHECK_STR(w_source_status_name(w_err_source_status(
	    W_E_BLOCKED_TARGET)), "blocked_target");
	CHECK_STR(w_source_status_name(w_err_source_status(
	    W_E_ACCESS_CHALLENGE)), "blocked_soft");
	CHECK_STR(w_source_status_name(w_err_source_status(
	    W_E_AUTHENTICATION_REQUIRED)), "blocked_soft");
	CHECK_STR(w_source_status_name(w_err_source_status(
	    W_E_ROBOTS_DENIED)), "blocked_policy");
	CHECK_STR(w_source_status_name(w_err_source_status(W_E_HTTP_5XX)),
	    "fetch_failed");
	CHECK_STR(w_source_status_name(w_err_source_status(
	    W_E_UNUSABLE_CONTENT)), "fetch_failed");
}

/*
 * Host outcomes: the decision where search.c and parallel_mcp.c (then fetch_parallel.c) used to
 * differ. A 429 throttles and a 5xx is an infrastructure failure whoever
 * reached the backend; content and request errors say nothing.
 */
static void
test_host_outcome(void)
{
	CHECK_INT(w_err_host_outcome(W_E_NONE), W_HOST_SUCCESS);
	CHECK_INT(w_err_host_outcome(W_E_HTTP_429), W_HOST_THROTTLED);
	CHECK_INT(w_err_host_outcome(W_E_RATE_LIMITED), W_HOST_THROTTLED);
	CHECK_INT(w_err_host_outcome(W_E_HTTP_5XX), W_HOST_FAILURE);
	CHECK_INT(w_err_host_outcome(W_E_TIMEOUT), W_HOST_FAILURE);
	CHECK_INT(w_err_host_outcome(W_E_REQUEST_FAILED), W_HOST_FAILURE);
	CHECK_INT(w_err_host_outcome(W_E_BACKEND_UNAVAILABLE),
	    W_HOST_FAILURE);
	CHECK_INT(w_err_host_outcome(W_E_HTTP_4XX), W_HOST_NEUTRAL);
	CHECK_INT(w_err_host_outcome(W_E_UNUSABLE_CONTENT), W_HOST_NEUTRAL);
	CHECK_INT(w_err_host_outcome(W_E_INVALID_PARAMETER), W_HOST_NEUTRAL);
	CHECK_INT(w_err_host_outcome(W_E_ACCESS_CHALLENGE), W_HOST_NEUTRAL);
}

static void
test_flags(void)
{
	struct w_err e;

	CHECK(w_err_retryable(W_E_TIMEOUT));
	CHECK(w_err_retryable(W_E_HTTP_429));
	CHECK(!w_err_retryable(W_E_INVALID_PARAMETER));
	CHECK(!w_err_retryable(W_E_RESPONSE_TOO_LARGE));
	CHECK(w_err_chain_advances(W_E_UNUSABLE_CONTENT));
	CHECK(w_err_chain_advances(W_E_HTTP_4XX));
	CHECK(!w_err_chain_advances(W_E_NETWORK_DENIED));
	CHECK(!w_err_chain_advances(W_E_HTTP_429));
	CHECK(!w_err_chain_advances(W_E_INVALID_PARAMETER));
	w_err_clear(&e);
	CHECK(e.code == W_E_NONE && e.retry_after_ms == -1 && !e.retryable);
	CHECK_INT(w_err_set(&e, W_E_TIMEOUT, "after %d ms", 5), -1);
	CHECK_STR(e.msg, "after 5 ms");
	CHECK(e.retryable);
	w_err_set(&e, W_E_HTTP_4XX, "x");
	CHECK(!e.retryable);
}

int
main(void)
{
	test_table();
	test_source_status();
	test_host_outcome();
	test_flags();
	CHECK_INT(w_exit_worst(0, 3), 3);
	CHECK_INT(w_exit_worst(3, 1), 1);
	CHECK_INT(w_exit_worst(1, 2), 2);
	CHECK_INT(w_exit_worst(2, 0), 2);
	CHECK_INT(w_exit_for(W_ST_PARTIAL, 0), 0);
	CHECK_INT(w_exit_for(W_ST_BLOCKED, 0), 3);
	CHECK_INT(w_exit_for(W_ST_ERROR, 1), 2);
	T_DONE();
}
