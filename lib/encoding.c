/*
 * encoding.c: Content-Encoding decoding over zlib and brotli. libcurl's
 * own decoders accept a body cut short as if it were whole, so the
 * fetcher asks for the encoded bytes and decodes them here, where the
 * end of the stream is known.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>
#include <brotli/decode.h>

#include "encoding.h"

enum kind { K_IDENTITY, K_GZIP, K_DEFLATE, K_BR, K_UNKNOWN };

/* Codings undone for one body at most; more is refused. */
#define W_ENC_LAYERS	3

struct w_enc {
	enum kind		 kind;
	int			 started;	/* a decoder is initialised */
	int			 raw;		/* deflate without zlib header */
	int			 ended;		/* the stream ended properly */
	unsigned char		 head[2];	/* deflate: the first bytes */
	size_t			 nhead;
	size_t			 in;		/* encoded bytes seen */
	size_t			 out;		/* decoded bytes produced */
	z_stream		 z;
	BrotliDecoderState	*br;
	char			 tok[24];	/* K_UNKNOWN: the coding */
	int			 too_many;	/* more than W_ENC_LAYERS */
	struct w_enc		*next;		/* undone after this one */
	struct w_buf		 mid;		/* this one's output for next */
};

static enum kind
kind_of(const char *tok)
{
	if (strcmp(tok, "gzip") == 0 || strcmp(tok, "x-gzip") == 0)
		return K_GZIP;
	if (strcmp(tok, "deflate") == 0)
		return K_DEFLATE;
	if (strcmp(tok, "br") == 0)
		return K_BR;
	if (*tok == '\0' || strcmp(tok, "identity") == 0)
		return K_IDENTITY;
	return K_UNKNOWN;
}

/* The next token of a coding list at *v, lowercased (cut to fit), and
 * parameters after ';' skipped; 0 at the end. */
static int
next_token(const char **v, char *tok, size_t size)
{
	const char *p = *v;
	size_t n = 0;

	while (*p == ' ' || *p == '\t' || *p == ',')
		p++;
	if (*p == '\0')
		return 0;
	while (*p && *p != ' ' && *p != '\t' && *p != ',' && *p != ';') {
		if (n + 1 < size)
			tok[n++] = (char)tolower((unsigned char)*p);
		p++;
	}
	tok[n] = '\0';
	while (*p && *p != ',')
		p++;
	*v = p;
	return 1;
}

struct w_enc *
w_enc_new(const char *content_encoding)
{
	struct w_enc *d = w_calloc(1, sizeof(*d)), *l;
	const char *v = content_encoding ? content_encoding : "";
	char tok[sizeof(d->tok)];
	int n = 0;

	/* Codings are listed in the order applied: each one met goes in
	 * front, so the chain undoes the last first. */
	while (next_token(&v, tok, sizeof(tok))) {
		enum kind k = kind_of(tok);

		if (k == K_IDENTITY)
			continue;
		if (++n > W_ENC_LAYERS) {
			d->too_many = 1;
			continue;
		}
		if (d->kind == K_IDENTITY && d->next == NULL)
			l = d;
		else {
			l = w_calloc(1, sizeof(*l));
			*l = *d;
			memset(d, 0, sizeof(*d));
			d->next = l;
			d->too_many = l->too_many;
			l->too_many = 0;
			l = d;
		}
		l->kind = k;
		snprintf(l->tok, sizeof(l->tok), "%s", tok);
	}
	return d;
}

const char *
w_enc_name(const struct w_enc *d)
{
	static const char *const names[] = { "identity", "gzip", "deflate",
	    "br" };

	return d->kind == K_UNKNOWN ? d->tok : names[d->kind];
}

static int
zstart(struct w_enc *d)
{
	memset(&d->z, 0, sizeof(d->z));
	/* gzip: 15 + 16; deflate: the zlib wrapper, or raw (-15) when the
	 * first bytes have no zlib header, as browsers accept. */
	if (inflateInit2(&d->z, d->kind == K_GZIP ? 15 + 16 :
	    d->raw ? -15 : 15) != Z_OK)
		return -1;
	d->started = 1;
	return 0;
}

static int
bad(struct w_enc *d, struct w_err *e, const char *why)
{
	w_err_set(e, W_E_REQUEST_FAILED, "the body does not decode as its "
	    "Content-Encoding %s says (%s)", w_enc_name(d), why);
	/* The same bytes come back: asking again does not help. */
	e->retryable = 0;
	return -1;
}

/* Whether two bytes open a zlib stream (RFC 1950 CMF and FLG). */
static int
zlib_header(const unsigned char *h)
{
	return (h[0] & 0x0f) == 8 && (h[0] >> 4) <= 7 &&
	    ((unsigned)h[0] << 8 | h[1]) % 31 == 0;
}

static int	 zfeed(struct w_enc *, const unsigned char *, size_t,
		    struct w_buf *, struct w_err *);

/*
 * gzip bodies may hold several members one after another (RFC 1952
 * 2.2): at the end of one, bytes opening another restart the inflater.
 * Anything else after the end is ignored, as browsers do.
 */
static void
stash_magic(struct w_enc *d, const unsigned char *p, size_t n)
{
	/* A member's first byte alone at the end of a read: keep it. */
	d->nhead = d->kind == K_GZIP && n == 1 && p[0] == 0x1f;
	if (d->nhead)
		d->head[0] = 0x1f;
}

static int
another_member(struct w_enc *d, const unsigned char *p, size_t n)
{
	if (d->kind != K_GZIP || n < 2 || p[0] != 0x1f || p[1] != 0x8b)
		return 0;
	inflateReset(&d->z);
	d->ended = 0;
	return 1;
}

/* deflate: wait for two bytes to tell a zlib wrapper from raw deflate
 * (which servers send too, and browsers accept). */
static int
deflate_feed(struct w_enc *d, const unsigned char *p, size_t n,
    struct w_buf *out, struct w_err *e)
{
	int rc;

	if (d->started)
		return zfeed(d, p, n, out, e);
	while (d->nhead < 2 && n > 0) {
		d->head[d->nhead++] = *p++;
		n--;
	}
	if (d->nhead < 2)
		return 0;
	d->raw = !zlib_header(d->head);
	if ((rc = zfeed(d, d->head, 2, out, e)) != 0)
		return rc;
	return n > 0 ? zfeed(d, p, n, out, e) : 0;
}

static int
zfeed(struct w_enc *d, const unsigned char *p, size_t n, struct w_buf *out,
    struct w_err *e)
{
	unsigned char chunk[65536];
	size_t got;
	int rc;

	if (d->ended)
		return 0;
	if (!d->started && zstart(d) == -1)
		return w_err_set(e, W_E_REQUEST_FAILED, "zlib could not start");
	d->z.next_in = (Bytef *)(uintptr_t)p;
	d->z.avail_in = (uInt)n;
	do {
		d->z.next_out = chunk;
		d->z.avail_out = sizeof(chunk);
		rc = inflate(&d->z, Z_NO_FLUSH);
		got = sizeof(chunk) - d->z.avail_out;
		if (rc == Z_NEED_DICT || rc == Z_DATA_ERROR ||
		    rc == Z_MEM_ERROR || rc == Z_STREAM_ERROR)
			return bad(d, e, d->z.msg ? d->z.msg : "corrupt data");
		if (got > 0) {
			if (w_buf_add(out, chunk, got) == -1)
				return 1;
			d->out += got;
		}
		if (rc == Z_STREAM_END && another_member(d, d->z.next_in,
		    d->z.avail_in))
			continue;
		if (rc == Z_STREAM_END) {
			d->ended = 1;
			stash_magic(d, d->z.next_in, d->z.avail_in);
		}
		else if (rc == Z_BUF_ERROR && got == 0)
			break;
		/* a full chunk may leave output pending with no input */
	} while ((d->z.avail_in > 0 || d->z.avail_out == 0) && !d->ended);
	/* Bytes after the end of the stream (padding some servers send)
	 * are ignored, as browsers do. */
	return 0;
}

static int
brfeed(struct w_enc *d, const unsigned char *p, size_t n, struct w_buf *out,
    struct w_err *e)
{
	unsigned char chunk[65536], *o;
	size_t avail_in = n, avail_out, got;
	BrotliDecoderResult r;

	if (d->br == NULL &&
	    (d->br = BrotliDecoderCreateInstance(NULL, NULL, NULL)) == NULL)
		return w_err_set(e, W_E_REQUEST_FAILED,
		    "the brotli decoder could not start");
	do {
		o = chunk;
		avail_out = sizeof(chunk);
		r = BrotliDecoderDecompressStream(d->br, &avail_in, &p,
		    &avail_out, &o, NULL);
		got = sizeof(chunk) - avail_out;
		if (r == BROTLI_DECODER_RESULT_ERROR)
			return bad(d, e, BrotliDecoderErrorString(
			    BrotliDecoderGetErrorCode(d->br)));
		if (got > 0) {
			if (w_buf_add(out, chunk, got) == -1)
				return 1;
			d->out += got;
		}
		if (r == BROTLI_DECODER_RESULT_SUCCESS)
			d->ended = 1;
	} while (r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT);
	return 0;
}

/* One layer: decode n bytes into out (w_enc_feed's results). */
static int
layer_feed(struct w_enc *d, const void *p, size_t n, struct w_buf *out,
    struct w_err *e)
{
	d->in += n;
	switch (d->kind) {
	case K_UNKNOWN:
		w_err_set(e, W_E_UNSUPPORTED_CONTENT, "the body is sent with "
		    "Content-Encoding %s, which is not supported (only gzip, "
		    "deflate and br are)", d->tok);
		e->retryable = 0;
		return -1;
	case K_IDENTITY:
		if (w_buf_add(out, p, n) == -1)
			return 1;
		d->out += n;
		return 0;
	case K_GZIP:
	case K_DEFLATE:
		if (d->ended && d->kind == K_GZIP && d->nhead == 1) {
			/* the stashed 0x1f and these bytes */
			unsigned char two[2] = { 0x1f, *(const unsigned char *)p };
			int rc;

			d->nhead = 0;
			if (two[1] != 0x8b)
				return 0;
			(void)another_member(d, two, 2);
			if ((rc = zfeed(d, two, 1, out, e)) != 0)
				return rc;
		} else if (d->ended && !another_member(d, p, n)) {
			stash_magic(d, p, n);
			return 0;
		}
		/* zlib counts in uInt: feed at most 1 GiB at a time */
		while (n > (1u << 30)) {
			int rc = d->kind == K_GZIP ? zfeed(d, p, 1u << 30, out,
			    e) : deflate_feed(d, p, 1u << 30, out, e);

			if (rc != 0)
				return rc;
			p = (const unsigned char *)p + (1u << 30);
			n -= 1u << 30;
		}
		return d->kind == K_GZIP ? zfeed(d, p, n, out, e) :
		    deflate_feed(d, p, n, out, e);
	case K_BR:
		if (d->ended)
			return 0;
		return brfeed(d, p, n, out, e);
	}
	return 0;
}

int
w_enc_feed(struct w_enc *d, const void *p, size_t n, struct w_buf *out,
    struct w_err *e)
{
	int rc, rc2;

	if (n == 0)
		return 0;
	if (d->too_many) {
		w_err_set(e, W_E_UNSUPPORTED_CONTENT, "the body is sent with "
		    "more than %d Content-Encodings stacked", W_ENC_LAYERS);
		e->retryable = 0;
		return -1;
	}
	if (d->next == NULL)
		return layer_feed(d, p, n, out, e);
	/* This layer's output, bounded as out is, goes on to the next:
	 * a bomb in any layer stops at the cap. */
	if (d->mid.max == 0)
		w_buf_init(&d->mid, out->max);
	rc = layer_feed(d, p, n, &d->mid, e);
	if (rc == -1)
		return -1;
	rc2 = d->mid.len > 0 ? w_enc_feed(d->next, d->mid.p, d->mid.len,
	    out, e) : 0;
	w_buf_reset(&d->mid);
	return rc2 != 0 ? rc2 : rc;
}

int
w_enc_finish(struct w_enc *d)
{
	for (; d != NULL; d = d->next)
		if (d->kind != K_IDENTITY && d->in > 0 && !d->ended)
			return -1;
	return 0;
}

void
w_enc_free(struct w_enc *d)
{
	struct w_enc *next;

	for (; d != NULL; d = next) {
		next = d->next;
		if (d->started)
			inflateEnd(&d->z);
		if (d->br != NULL)
			BrotliDecoderDestroyInstance(d->br);
		w_buf_free(&d->mid);
		free(d);
	}
}
