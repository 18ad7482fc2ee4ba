/*
 * codex_rpc.h: a client for `codex app-server`: the program spawned directly
 * (posix_spawnp, no shell) in a private scratch directory, newline-
 * delimited JSON-RPC over its stdin and stdout, responses matched by id
 * (they may arrive out of order), every read under a time limit, every
 * line bounded. Its stderr is discarded, never logged.
 */
#ifndef W_CODEX_RPC_H
#define W_CODEX_RPC_H

#include <jv.h>

#include "err.h"

#define W_CODEX_LINE_MAX	(4u << 20)	/* one message */
#define W_CODEX_QUEUE_MAX	512		/* unread messages kept */

struct w_codex;

/*
 * Spawn `codex app-server` (found on PATH) with a fresh mkdtemp scratch
 * directory as its working directory, then initialize + initialized
 * within timeout_ms. 0 with *cx (free with w_codex_stop), or -1 with
 * backend_unavailable (not installed, exited, malformed) or timeout.
 */
int	 w_codex_start(long timeout_ms, struct w_codex **cx,
	    struct w_err *e);

/* The scratch directory (the thread's cwd). */
const char *w_codex_dir(const struct w_codex *cx);

/*
 * Send request method with params (consumed; jv_invalid() for none) and
 * wait at most timeout_ms for the response with its id; messages read
 * meanwhile are queued for w_codex_next. 0 with *result the result (new
 * reference); -1 with e: backend_unavailable for a JSON-RPC error (the
 * error object in *result, message not copied), a dead or malformed
 * peer; timeout.
 */
int	 w_codex_request(struct w_codex *cx, const char *method, jv params,
	    long timeout_ms, jv *result, struct w_err *e);

/* Send a notification, or a raw message (consumed). -1 with
 * backend_unavailable when the peer is gone. */
int	 w_codex_notify(struct w_codex *cx, const char *method, jv params,
	    struct w_err *e);
int	 w_codex_send(struct w_codex *cx, jv msg, struct w_err *e);

/*
 * The next notification or server request (queued first, then read),
 * waiting at most timeout_ms: 0 with *msg, -1 with timeout or
 * backend_unavailable (the peer exited or sent something malformed).
 * Responses to our own requests are kept for w_codex_request.
 */
int	 w_codex_next(struct w_codex *cx, long timeout_ms, jv *msg,
	    struct w_err *e);

/*
 * Close the peer's stdin, wait briefly, then SIGTERM and SIGKILL it,
 * reap it and remove the scratch directory. NULL is fine.
 */
void	 w_codex_stop(struct w_codex *cx);

/*
 * One line the peer sent (n bytes, without its newline) as a message:
 * 0 with *msg a JSON object, 1 for an empty line (*msg null), -1 with
 * backend_unavailable for anything else.
 */
int	 w_codex_line(const char *p, size_t n, jv *msg, struct w_err *e);

#endif
