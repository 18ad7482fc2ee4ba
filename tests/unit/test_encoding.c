/*
 * test_encoding.c: Content-Encoding decoding, whole, cut short, split
 * at every byte, mislabelled and bounded.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "buf.h"
#include "encoding.h"
#include "err.h"
#include "t.h"

static const char text[] = "Some text, repeated so that it compresses. "
    "Some text, repeated so that it compresses. Some text, repeated so "
    "that it compresses. The end.";

/* text compressed with windowBits wb (31 gzip, 15 zlib, -15 raw). */
static size_t
compress_wb(int wb, unsigned char *out, size_t cap)
{
	z_stream z;

	memset(&z, 0, sizeof(z));
	deflateInit2(&z, 9, Z_DEFLATED, wb, 8, Z_DEFAULT_STRATEGY);
	z.next_in = (Bytef *)(uintptr_t)text;
	z.avail_in = sizeof(text) - 1;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	deflate(&z, Z_FINISH);
	deflateEnd(&z);
	return cap - z.avail_out;
}

/* Decode in pieces of step bytes; the w_enc_finish result. */
static int
decode(const char *ce, const unsigned char *p, size_t n, size_t step,
    struct w_buf *out, struct w_err *e, int *feed)
{
	struct w_enc *d = w_enc_new(ce);
	size_t i, k;
	int rc = 0;

	w_err_clear(e);
	for (i = 0; i < n && rc == 0; i += k) {
		k = n - i < step ? n - i : step;
		rc = w_enc_feed(d, p + i, k, out, e);
	}
	*feed = rc;
	rc = w_enc_finish(d);
	w_enc_free(d);
	return rc;
}

int
main(void)
{
	static const struct { const char *ce; int wb; } cases[] = {
		{ "gzip", 31 }, { "x-gzip", 31 }, { "deflate", 15 },
		{ "deflate", -15 }, { " GZIP ", 31 },
	};
	unsigned char z[1024];
	struct w_buf out;
	struct w_err e;
	size_t n, c;
	int feed;

	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		n = compress_wb(cases[c].wb, z, sizeof(z));
		/* whole, in one piece and byte by byte */
		w_buf_init(&out, 1 << 20);
		CHECK_INT(decode(cases[c].ce, z, n, n, &out, &e, &feed), 0);
		CHECK_INT(feed, 0);
		CHECK_STR(out.p, text);
		w_buf_reset(&out);
		CHECK_INT(decode(cases[c].ce, z, n, 1, &out, &e, &feed), 0);
		CHECK_STR(out.p, text);
		w_buf_reset(&out);
		/* cut short: what decoded is kept, the end is missed */
		CHECK_INT(decode(cases[c].ce, z, n - 6, 7, &out, &e, &feed),
		    -1);
		CHECK_INT(feed, 0);
		CHECK(out.len <= sizeof(text) - 1);
		w_buf_free(&out);
	}
	/* two gzip members one after the other: both decode, split
	 * anywhere; the second cut short is truncation */
	{
		unsigned char two[2048];
		size_t m = compress_wb(31, two, sizeof(two)), step;

		memcpy(two + m, two, m);
		for (step = 1; step <= 2 * m; step += 7) {
			w_buf_init(&out, 1 << 20);
			CHECK_INT(decode("gzip", two, 2 * m, step, &out, &e,
			    &feed), 0);
			CHECK_INT(out.len, 2 * (sizeof(text) - 1));
			w_buf_free(&out);
		}
		w_buf_init(&out, 1 << 20);
		CHECK_INT(decode("gzip", two, 2 * m - 5, 2 * m, &out, &e,
		    &feed), -1);
		/* junk after the end is ignored */
		memcpy(two + m, "junk", 4);
		w_buf_reset(&out);
		CHECK_INT(decode("gzip", two, m + 4, m + 4, &out, &e, &feed),
		    0);
		CHECK_STR(out.p, text);
		w_buf_free(&out);
	}
	/* the gzip trailer (CRC, size) is part of the end */
	n = compress_wb(31, z, sizeof(z));
	w_buf_init(&out, 1 << 20);
	CHECK_INT(decode("gzip", z, n - 4, n, &out, &e, &feed), -1);
	w_buf_reset(&out);
	/* plain text labelled gzip, gzip labelled deflate, garbage br */
	CHECK_INT(decode("gzip", (const unsigned char *)text, 40, 40, &out,
	    &e, &feed), -1);
	CHECK_INT(feed, -1);
	CHECK_STR(w_err_name(e.code), "request_failed");
	CHECK(strstr(e.msg, "Content-Encoding gzip") != NULL);
	CHECK_INT(e.retryable, 0);
	w_buf_reset(&out);
	(void)decode("deflate", z, n, n, &out, &e, &feed);
	CHECK_INT(feed, -1);
	CHECK(strstr(e.msg, "Content-Encoding deflate") != NULL);
	w_buf_reset(&out);
	(void)decode("br", (const unsigned char *)"\xff\xfe not brotli", 14,
	    14, &out, &e, &feed);
	CHECK_INT(feed, -1);
	CHECK(strstr(e.msg, "Content-Encoding br") != NULL);
	w_buf_reset(&out);
	/* identity passes through; nothing fed is fine */
	CHECK_INT(decode(NULL, (const unsigned char *)"abc", 3, 1, &out, &e,
	    &feed), 0);
	CHECK_INT(decode(" identity ,", (const unsigned char *)"de", 2, 2,
	    &out, &e, &feed), 0);
	CHECK_STR(out.p, "abcde");
	CHECK_INT(decode("gzip", z, 0, 1, &out, &e, &feed), 0);
	/* an unknown coding fails by name, never passes its bytes on */
	w_buf_reset(&out);
	(void)decode("zstd", (const unsigned char *)"de", 2, 2, &out, &e,
	    &feed);
	CHECK_INT(feed, -1);
	CHECK_INT(e.code, W_E_UNSUPPORTED_CONTENT);
	CHECK_INT(e.retryable, 0);
	CHECK(strstr(e.msg, "Content-Encoding zstd, which is not supported")
	    != NULL);
	CHECK_INT((int)out.len, 0);
	(void)decode("gzip, X-Compress;q=1", z, n, 7, &out, &e, &feed);
	CHECK_INT(feed, -1);
	CHECK(strstr(e.msg, "Content-Encoding x-compress,") != NULL);
	w_buf_free(&out);
	/* a list is undone last coding first, in pieces of any size */
	{
		unsigned char zz[1024];
		size_t nz, step;
		z_stream zs;

		memset(&zs, 0, sizeof(zs));
		deflateInit2(&zs, 9, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
		zs.next_in = z;
		zs.avail_in = (uInt)n;
		zs.next_out = zz;
		zs.avail_out = sizeof(zz);
		deflate(&zs, Z_FINISH);
		nz = sizeof(zz) - zs.avail_out;
		deflateEnd(&zs);
		for (step = 1; step <= nz; step += step < 8 ? 1 : 37) {
			w_buf_init(&out, 1 << 16);
			CHECK_INT(decode("gzip, identity, deflate", zz, nz, step,
			    &out, &e, &feed), 0);
			CHECK_INT(feed, 0);
			CHECK_STR(out.p, text);
			w_buf_free(&out);
		}
		/* in the wrong order the outer layer names itself */
		w_buf_init(&out, 1 << 16);
		(void)decode("deflate, gzip", zz, nz, nz, &out, &e, &feed);
		CHECK_INT(feed, -1);
		CHECK(strstr(e.msg, "Content-Encoding gzip says") != NULL);
		w_buf_free(&out);
		/* cut short in the outer layer: said so */
		w_buf_init(&out, 1 << 16);
		CHECK_INT(decode("gzip, deflate", zz, nz / 2, 3, &out, &e,
		    &feed), -1);
		CHECK_INT(feed, 0);
		w_buf_free(&out);
		/* four codings are more than are undone */
		w_buf_init(&out, 1 << 16);
		(void)decode("gzip, gzip, gzip, deflate", zz, nz, nz, &out, &e,
		    &feed);
		CHECK_INT(feed, -1);
		CHECK(strstr(e.msg, "more than 3 Content-Encodings") != NULL);
		w_buf_free(&out);
	}
	/* the cap bounds decoded bytes */
	w_buf_init(&out, 50);
	CHECK_INT(decode("gzip", z, n, n, &out, &e, &feed), -1);
	CHECK_INT(feed, 1);
	CHECK(out.len <= 50);
	w_buf_free(&out);
	/* ... in every layer of a list: a gzip bomb inside gzip */
	{
		unsigned char *big = calloc(1, 4 << 20), *zb = malloc(1 << 20);
		unsigned char *zz = malloc(1 << 20);
		z_stream zs;
		size_t zn, nz;

		memset(&zs, 0, sizeof(zs));
		deflateInit2(&zs, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
		zs.next_in = big;
		zs.avail_in = 4 << 20;
		zs.next_out = zb;
		zs.avail_out = 1 << 20;
		deflate(&zs, Z_FINISH);
		zn = (1 << 20) - zs.avail_out;
		deflateEnd(&zs);
		memset(&zs, 0, sizeof(zs));
		deflateInit2(&zs, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
		zs.next_in = zb;
		zs.avail_in = (uInt)zn;
		zs.next_out = zz;
		zs.avail_out = 1 << 20;
		deflate(&zs, Z_FINISH);
		nz = (1 << 20) - zs.avail_out;
		deflateEnd(&zs);
		w_buf_init(&out, 1 << 20);
		(void)decode("gzip, gzip", zz, nz, 512, &out, &e, &feed);
		CHECK_INT(feed, 1);
		CHECK(out.len <= 1 << 20);
		w_buf_free(&out);
		w_buf_init(&out, 8 << 20);
		CHECK_INT(decode("gzip,gzip", zz, nz, 4096, &out, &e, &feed), 0);
		CHECK_INT(out.len, 4 << 20);
		w_buf_free(&out);
		free(big);
		free(zb);
		free(zz);
	}
	/* output much larger than a decode chunk, fed in one piece */
	{
		unsigned char *big = calloc(1, 1 << 20), *zb = malloc(1 << 20);
		z_stream zs;
		size_t zn;

		memset(&zs, 0, sizeof(zs));
		deflateInit2(&zs, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
		zs.next_in = big;
		zs.avail_in = 1 << 20;
		zs.next_out = zb;
		zs.avail_out = 1 << 20;
		deflate(&zs, Z_FINISH);
		zn = (1 << 20) - zs.avail_out;
		deflateEnd(&zs);
		w_buf_init(&out, 2 << 20);
		CHECK_INT(decode("gzip", zb, zn, zn, &out, &e, &feed), 0);
		CHECK_INT(out.len, 1 << 20);
		w_buf_free(&out);
		free(big);
		free(zb);
	}
	{
		struct w_enc *d = w_enc_new("deflate");

		CHECK_STR(w_enc_name(d), "deflate");
		w_enc_free(d);
		w_enc_free(NULL);
	}
	T_DONE();
}
