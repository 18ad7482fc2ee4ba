/*
 * jsonw.c: JSON text written straight into a buffer (jsonw.h).
 */
#include <string.h>

#include "buf.h"
#include "jsonw.h"

/* The code point of the UTF-8 sequence at p (before e) and its length
 * in *k; -1 when it is not one (overlong, surrogate, past U+10FFFF). */
static long
utf8_at(const unsigned char *p, const unsigned char *e, int *k)
{
	unsigned long cp;
	int n, i;

	if (*p >= 0xc2 && *p <= 0xdf)
		n = 1, cp = *p & 0x1fu;
	else if (*p >= 0xe0 && *p <= 0xef)
		n = 2, cp = *p & 0x0fu;
	else if (*p >= 0xf0 && *p <= 0xf4)
		n = 3, cp = *p & 0x07u;
	else
		return -1;
	for (i = 1; i <= n; i++) {
		if (p + i >= e || (p[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (p[i] & 0x3fu);
	}
	if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 ||
	    cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*k = n + 1;
	return (long)cp;
}

int
w_jsonw_str(struct w_buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	long cp;
	int rc, k;

	rc = w_buf_addc(b, '"');
	while (p < e && rc == 0) {
		const unsigned char *run = p;

		while (p < e && *p >= 0x20 && *p < 0x7f && *p != '"' &&
		    *p != '\\')
			p++;
		if (p > run)
			rc |= w_buf_add(b, run, (size_t)(p - run));
		if (p == e)
			break;
		if (*p == '"' || *p == '\\') {
			rc |= w_buf_addc(b, '\\') | w_buf_addc(b, *p++);
			continue;
		}
		if (*p < 0x80) {
			rc |= w_buf_printf(b, "\\u%04x", *p++);
			continue;
		}
		if ((cp = utf8_at(p, e, &k)) == -1) {
			rc |= w_buf_adds(b, "\\ufffd");
			p++;
			continue;
		}
		p += k;
		if (cp >= 0x10000) {
			cp -= 0x10000;
			rc |= w_buf_printf(b, "\\u%04lx\\u%04lx",
			    0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
		} else
			rc |= w_buf_printf(b, "\\u%04lx", cp);
	}
	return rc | w_buf_addc(b, '"');
}

int
w_jsonw_cstr(struct w_buf *b, const char *s)
{
	return w_jsonw_str(b, s, strlen(s));
}

int
w_jsonw_key(struct w_buf *b, const char *key)
{
	int rc = 0;

	if (b->len > 0 && b->p[b->len - 1] != '{' && b->p[b->len - 1] != '[')
		rc = w_buf_addc(b, ',');
	return rc | w_buf_addc(b, '"') | w_buf_adds(b, key) |
	    w_buf_add(b, "\":", 2);
}

int
w_jsonw_int(struct w_buf *b, long long n)
{
	char d[24];
	size_t i = sizeof(d);
	unsigned long long u;

	u = n < 0 ? 0 - (unsigned long long)n : (unsigned long long)n;
	do
		d[--i] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (n < 0)
		d[--i] = '-';
	return w_buf_add(b, d + i, sizeof(d) - i);
}

int
w_jsonw_bool(struct w_buf *b, int v)
{
	return w_buf_adds(b, v ? "true" : "false");
}
