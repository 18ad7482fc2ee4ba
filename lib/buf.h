/*
 * buf.h: a growable byte buffer with a hard cap fixed at creation, and
 * die-on-OOM allocation helpers.
 */
#ifndef W_BUF_H
#define W_BUF_H

#include <stddef.h>

#include "err.h"

struct w_buf {
	char	*p;	/* NUL-terminated after every append */
	size_t	 len;
	size_t	 cap;	/* allocated */
	size_t	 max;	/* hard cap on len; appends past it fail */
};

/* Start an empty buffer that may grow to max bytes (at most
 * SIZE_MAX / 2; larger values are clamped). */
void	 w_buf_init(struct w_buf *b, size_t max);

/* Append n bytes; -1 (nothing appended) when len would exceed max. */
int	 w_buf_add(struct w_buf *b, const void *data, size_t n);
int	 w_buf_adds(struct w_buf *b, const char *s);
int	 w_buf_addc(struct w_buf *b, int c);
int	 w_buf_printf(struct w_buf *b, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* Make room for n more bytes up front (capped at max); never fails. */
void	 w_buf_reserve(struct w_buf *b, size_t n);

/* Take the bytes (caller frees; never NULL) and reset the buffer. */
char	*w_buf_take(struct w_buf *b);
void	 w_buf_reset(struct w_buf *b);
void	 w_buf_free(struct w_buf *b);

/* Allocation that aborts on failure, like libjq's. */
void	*w_malloc(size_t n);
void	*w_calloc(size_t n, size_t sz);
void	*w_realloc(void *p, size_t n);
char	*w_strdup(const char *s);
char	*w_strndup(const char *s, size_t n);

/*
 * The one bounded whole-file reader: the file at path (NULL or "-":
 * stdin) into b, which this initialises with a cap of max bytes (free b
 * whatever it returns). 0: read whole; 1: it holds more than max bytes
 * (b keeps the first max); -1: it cannot be opened or read (errno keeps
 * why). For 1 and -1, e says so with code: "cannot read PATH: errno
 * text", "PATH is larger than N MiB" (stdin is named "stdin").
 */
int	 w_buf_file(struct w_buf *b, const char *path, size_t max,
	    enum w_code code, struct w_err *e);

/* The size n in words ("8 MiB", "64 KiB", "100 bytes") into out. */
const char	*w_buf_size(size_t n, char *out, size_t len);

/* The value of a hex digit (either case), -1 for any other character.
 * The one hex decoder of the library. */
int	 w_hexval(int c);

#endif
