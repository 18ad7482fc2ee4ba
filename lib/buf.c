/*
 * buf.c: bounded buffers and aborting allocators.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"

void *
w_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		abort();
	return p;
}

void *
w_calloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		abort();
	return p;
}

void *
w_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		abort();
	return p;
}

char *
w_strdup(const char *s)
{
	return w_strndup(s, strlen(s));
}

char *
w_strndup(const char *s, size_t n)
{
	char *p = w_malloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void
w_buf_init(struct w_buf *b, size_t max)
{
	b->p = NULL;
	b->len = b->cap = 0;
	/* grow() needs max + 1 to be representable. */
	b->max = max > SIZE_MAX / 2 ? SIZE_MAX / 2 : max;
}

static int
grow(struct w_buf *b, size_t need)
{
	size_t ncap;

	if (need > b->max)
		return -1;
	if (need + 1 <= b->cap)
		return 0;
	ncap = b->cap ? b->cap : 256;
	while (ncap < need + 1)
		ncap *= 2;
	if (ncap > b->max + 1)
		ncap = b->max + 1;
	b->p = w_realloc(b->p, ncap);
	b->cap = ncap;
	return 0;
}

void
w_buf_reserve(struct w_buf *b, size_t n)
{
	size_t want = n > b->max - b->len ? b->max : b->len + n;

	if (want + 1 > b->cap) {
		b->p = w_realloc(b->p, want + 1);
		b->cap = want + 1;
	}
}

int
w_buf_add(struct w_buf *b, const void *data, size_t n)
{
	if (n > b->max - b->len || grow(b, b->len + n) == -1)
		return -1;
	if (n)
		memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int
w_buf_adds(struct w_buf *b, const char *s)
{
	return w_buf_add(b, s, strlen(s));
}

int
w_buf_addc(struct w_buf *b, int c)
{
	char ch = (char)c;

	/* room for the byte and the NUL: w_buf_add's path without it */
	if (b->len < b->max && b->len + 2 <= b->cap) {
		b->p[b->len++] = ch;
		b->p[b->len] = '\0';
		return 0;
	}
	return w_buf_add(b, &ch, 1);
}

int
w_buf_printf(struct w_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256], *big;
	int n, rc;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n < sizeof(small))
		return w_buf_add(b, small, (size_t)n);
	big = w_malloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	rc = w_buf_add(b, big, (size_t)n);
	free(big);
	return rc;
}

char *
w_buf_take(struct w_buf *b)
{
	char *p = b->p;

	if (p == NULL)
		p = w_strdup("");
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

void
w_buf_reset(struct w_buf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

void
w_buf_free(struct w_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

int
w_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

const char *
w_buf_size(size_t n, char *out, size_t len)
{
	if (n >= 1u << 20 && n % (1u << 20) == 0)
		snprintf(out, len, "%zu MiB", n >> 20);
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(out, len, "%zu KiB", n >> 10);
	else
		snprintf(out, len, "%zu bytes", n);
	return out;
}

int
w_buf_file(struct w_buf *b, const char *path, size_t max, enum w_code code,
    struct w_err *e)
{
	char chunk[65536], sz[32];
	const char *name;
	struct stat st;
	FILE *fp;
	size_t n;
	int rc = 0, saved;

	if (path != NULL && strcmp(path, "-") == 0)
		path = NULL;
	name = path != NULL ? path : "stdin";
	w_buf_init(b, max);
	(void)w_buf_add(b, "", 0);	/* b->p is never NULL */
	errno = 0;
	if ((fp = path != NULL ? fopen(path, "rb") : stdin) == NULL) {
		saved = errno;
		w_err_set(e, code, "cannot read %s: %s", name, strerror(saved));
		errno = saved;
		return -1;
	}
	/* a regular file's size up front: no copy on each doubling */
	if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0)
		w_buf_reserve(b, (size_t)st.st_size);
	/* straight into the room reserved (fread's large reads skip
	 * its own buffer), then in chunks for what the size missed */
	while (rc == 0 && b->cap > b->len + 1 && b->len < b->max &&
	    (n = fread(b->p + b->len, 1, (b->cap - 1 - b->len < b->max -
	    b->len ? b->cap - 1 - b->len : b->max - b->len), fp)) > 0) {
		b->len += n;
		b->p[b->len] = '\0';
	}
	while (rc == 0 && (n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		if (w_buf_add(b, chunk, n) == -1) {
			(void)w_buf_add(b, chunk, max - b->len);
			rc = 1;
		}
	saved = errno;
	if (rc == 0 && ferror(fp)) {
		saved = saved ? saved : EIO;
		w_err_set(e, code, "cannot read %s: %s", name,
		    strerror(saved));
		rc = -1;
	} else if (rc == 1)
		w_err_set(e, code, "%s is larger than %s", name,
		    w_buf_size(max, sz, sizeof(sz)));
	if (fp != stdin)
		fclose(fp);
	errno = saved;
	return rc;
}
