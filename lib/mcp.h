/*
 * mcp.h: a Model Context Protocol client over streamable HTTP (spec
 * 2025-11-25), enough for tools/list and tools/call: initialize and
 * notifications/initialized, Mcp-Session-Id and MCP-Protocol-Version,
 * JSON or SSE answers matched by id, one re-initialise for a lost
 * session, DELETE at the end. Redirects are rejected and every answer
 * is bounded while it streams. Used by the Parallel search and fetch
 * providers.
 */
#ifndef W_MCP_H
#define W_MCP_H

#include <stddef.h>
#include <jv.h>

#include "err.h"
#include "policy.h"

#define W_MCP_PROTOCOL		"2025-11-25"
#define W_MCP_SEARCH_MAX	(2u << 20)	/* 2 MiB */
#define W_MCP_FETCH_MAX		(20u << 20)	/* 20 MiB */

struct w_mcp_opts {
	const char		*url;		/* endpoint (borrowed) */
	const struct w_policy	*policy;
	int			 operator;	/* operator-configured */
	size_t			 max_bytes;	/* per answer */
	long			 timeout_ms;	/* per HTTP exchange */
	long long		 deadline;	/* monotonic ms, 0: none */
	/* A trusted "Authorization: Bearer ..." line or NULL (borrowed
	 * for the client's life; never logged). */
	const char		*auth;
	const char		*name;		/* clientInfo.name */
	/*
	 * Called once before each tools/list or tools/call exchange
	 * (handshake included) and once more before a re-initialise: -1
	 * with e stops it (the search budget's dispatch gate). NULL: none.
	 */
	int			(*gate)(void *arg, struct w_err *e);
	void			*gate_arg;
};

struct w_mcp;

/* A client for o (copied; its strings stay borrowed). No traffic yet.
 * Free with w_mcp_close. */
struct w_mcp	*w_mcp_new(const struct w_mcp_opts *o);

/*
 * DELETE the session (when the server gave one; failures ignored) and
 * free m. NULL is fine.
 */
void		 w_mcp_close(struct w_mcp *m);

/*
 * tools/list: 0 with *tools the result's "tools" array (caller frees),
 * or -1 with e. Liveness only: sends no query.
 */
int		 w_mcp_list(struct w_mcp *m, jv *tools, struct w_err *e);

/*
 * tools/call name with args (consumed): 0 with *result the call's result
 * object (caller frees), or -1 with e. A result with isError, a JSON-RPC
 * error, a malformed or mismatched answer, 401/403, a redirect or any
 * other HTTP failure: backend_unavailable; HTTP 429 or a rate-limit
 * error: rate_limited (retry fields when known); transport errors keep
 * their codes (timeout, request_failed, network_denied, blocked_target,
 * response_too_large).
 */
int		 w_mcp_call(struct w_mcp *m, const char *name, jv args,
		    jv *result, struct w_err *e);

/*
 * The text of a tools/call result (borrowed): its content items of type
 * "text" joined by newlines, as a new string ("" when none).
 */
jv		 w_mcp_text(jv result);

/*
 * Parse an SSE body (len bytes) into an array of the JSON values its
 * events carry: events with empty data (priming) are skipped, the data
 * lines of one event are joined by "\n". An event whose data is not
 * JSON: -1 with backend_unavailable. Exported for the unit tests.
 */
int		 w_mcp_sse_parse(const char *body, size_t len, jv *msgs,
		    struct w_err *e);

/*
 * The response to request id among msgs (both borrowed): a message with
 * that id and a result or an error (notifications and server requests
 * skipped). A new reference, or jv_invalid() when absent.
 */
jv		 w_mcp_match(jv msgs, jv id);

/*
 * Classify a matched response (borrowed): 0 with *result its result
 * (new reference), or -1 with e for a JSON-RPC error or an isError
 * result (rate_limited when it reads as a rate limit, else
 * backend_unavailable; what names the operation in messages).
 */
int		 w_mcp_result(jv msg, const char *what, jv *result,
		    struct w_err *e);

#endif
