/*
 * err.h: the error struct every library function fills, and the closed
 * table of stable error codes (webtools(7)) with their status class.
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

struct w_err {
	const char	*code;		/* a code from the table, NULL if none */
	char		 msg[512];	/* host-written; never page text */
	int		 http_status;	/* 0 when not an HTTP failure */
	long		 retry_after_ms; /* -1 when unknown */
	time_t		 retry_at;	/* 0 when unknown */
	int		 retryable;
	int		 usage;		/* 1: nothing was sent; exit 2 */
};

/* Reset e to "no error". */
void		 w_err_clear(struct w_err *e);

/*
 * Set code and a printf-style message; returns -1 so callers can write
 * "return w_err_set(e, ...)". code must be one of the table's codes.
 */
int		 w_err_set(struct w_err *e, const char *code, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));

/* W_ST_BLOCKED or W_ST_ERROR for a code; W_ST_ERROR for an unknown one. */
enum w_status	 w_err_class(const char *code);

/* Whether code is in the closed table. */
int		 w_err_known(const char *code);

/* The i-th code of the table, NULL past its end. */
const char	*w_err_code_at(size_t i);

/* Exit status for an envelope status; usage errors exit 2. */
int		 w_exit_for(enum w_status st, int usage);

/* Fold exit codes: 2, then 1, then 3, then 0. */
int		 w_exit_worst(int a, int b);

const char	*w_status_name(enum w_status st);

#endif
