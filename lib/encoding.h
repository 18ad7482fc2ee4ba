/*
 * encoding.h: HTTP Content-Encoding decoders (gzip, deflate, br) that
 * say when the encoded stream was cut short or is not what its header
 * claims. Only encoding.c includes zlib and brotli.
 */
#ifndef W_ENCODING_H
#define W_ENCODING_H

#include <stddef.h>

#include "buf.h"
#include "err.h"

/* What the fetcher offers in Accept-Encoding: what w_enc decodes. */
#define W_ENC_ACCEPT	"gzip, deflate, br"

struct w_enc;

/*
 * A decoder for a Content-Encoding header value (NULL, "identity" and
 * unknown tokens pass the bytes through). Freed by w_enc_free.
 */
struct w_enc	*w_enc_new(const char *content_encoding);

/*
 * Decode n more bytes into out: 0; 1 when out reached its cap (the
 * rest is not decoded); -1 with e (request_failed naming the encoding)
 * when the bytes are not of the encoding.
 */
int		 w_enc_feed(struct w_enc *d, const void *p, size_t n,
		    struct w_buf *out, struct w_err *e);

/*
 * After the last byte: 0 when the encoded stream ended properly (or was
 * empty, or is identity), -1 when it was cut short.
 */
int		 w_enc_finish(struct w_enc *d);

/* "gzip", "deflate", "br" or "identity" (a static string). */
const char	*w_enc_name(const struct w_enc *d);

void		 w_enc_free(struct w_enc *d);

#endif
