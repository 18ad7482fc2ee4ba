/*
 * cancel.h: SIGINT, SIGTERM and SIGHUP as cancellation. The handler only
 * records the signal; transfers (their progress callback), waits and
 * input loops look at it, so that what was in flight ends with a
 * "cancelled" envelope, reservations are refunded and leases and
 * in-flight markers released by the ordinary error paths, and the
 * program then exits 128 + the signal (130, 143, 129). The one
 * signal flag of the library: the MCP server (mcpserver.c) ends its
 * session on it too.
 */
#ifndef W_CANCEL_H
#define W_CANCEL_H

#include "err.h"

/* Install the handlers (SIGINT, SIGTERM, SIGHUP; no SA_RESTART). */
void	 w_cancel_install(void);

/* The signal received, 0 when none. Async-signal-safe to call. */
int	 w_cancel_signal(void);

/* -1 with cancelled when a signal arrived, else 0. */
int	 w_cancel_check(struct w_err *e);

/* rc, or 128 + the signal when one arrived. */
int	 w_cancel_exit(int rc);

#endif
