/*
 * slice.c: focus filtering, line slices and char pages over an extracted
 * UTF-8 text. Coordinates are 1-based lines and 0-based characters
 * (code points). Nothing is skipped silently: a line longer than the
 * budget is cut and reported, never dropped.
 */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "json.h"
#include "slice.h"

#define FOCUS_TERMS_MAX 32

/* Continuation bytes (10xxxxxx) in the 8 bytes of w. */
static unsigned
cont8(uint64_t w)
{
	uint64_t c = w & ~(w << 1) & 0x8080808080808080ULL;

	/* Sum the per-byte flags with one multiply (no popcount insn). */
	return (unsigned)(((c >> 7) * 0x0101010101010101ULL) >> 56);
}

/* Byte length of the first n code points of s (len bytes). */
static size_t
cp_bytes(const char *s, size_t len, size_t n)
{
	size_t i = 0;
	uint64_t w;

	/* Whole words while they surely hold fewer than n code points. */
	while (i + 8 <= len && n > 8) {
		memcpy(&w, s + i, 8);
		n -= 8 - cont8(w);
		i += 8;
	}
	/* Bytes continuing a code point already counted. */
	while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
		i++;
	while (i < len && n > 0) {
		i++;
		while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
		n--;
	}
	return i;
}

static size_t
cp_count(const char *s, size_t len)
{
	const uint64_t lo = 0x00ff00ff00ff00ffULL;
	size_t i = 0, n = 0, k;
	uint64_t w, acc;

	/* Per-byte continuation flags summed in eight lanes for up to 255
	 * words, then the lanes added once: no multiply per word. */
	while (i + 8 <= len) {
		acc = 0;
		for (k = 0; k < 255 && i + 8 <= len; k++, i += 8) {
			memcpy(&w, s + i, 8);
			acc += (w & ~(w << 1) & 0x8080808080808080ULL) >> 7;
		}
		acc = (acc & lo) + ((acc >> 8) & lo);
		n += k * 8 - (size_t)((acc * 0x0001000100010001ULL) >> 48);
	}
	for (; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

size_t
w_slice_chars(const char *s, size_t len)
{
	return cp_count(s, len);
}

/* Case-insensitive (ASCII) substring search within n bytes. */
static int
contains(const char *hay, size_t n, const char *needle, size_t m)
{
	size_t i, j;

	if (m == 0 || m > n)
		return 0;
	for (i = 0; i + m <= n; i++) {
		for (j = 0; j < m; j++)
			if (tolower((unsigned char)hay[i + j]) !=
			    tolower((unsigned char)needle[j]))
				break;
		if (j == m)
			return 1;
	}
	return 0;
}

struct terms {
	const char	*p[FOCUS_TERMS_MAX];
	size_t		 n[FOCUS_TERMS_MAX];
	int		 count;
};

/* Split focus into terms: "quoted phrases" stay whole, else words. */
static void
split_terms(const char *f, struct terms *t)
{
	const char *q;

	t->count = 0;
	while (*f && t->count < FOCUS_TERMS_MAX) {
		while (*f && isspace((unsigned char)*f))
			f++;
		if (*f == '"' && (q = strchr(f + 1, '"')) != NULL) {
			if (q > f + 1) {
				t->p[t->count] = f + 1;
				t->n[t->count++] = (size_t)(q - f - 1);
			}
			f = q + 1;
			continue;
		}
		for (q = f; *q && !isspace((unsigned char)*q); q++)
			;
		if (q > f) {
			t->p[t->count] = f;
			t->n[t->count++] = (size_t)(q - f);
		}
		f = q;
	}
}

/* Keep the blank-line-separated blocks matching a term. */
static char *
focus_filter(const char *text, size_t len, const char *focus,
    size_t *outlen, int *blocks, int *kept)
{
	struct terms t;
	struct w_buf b;
	const char *p = text, *end = text + len, *bend, *nl;
	int i, match;

	split_terms(focus, &t);
	w_buf_init(&b, len + 1);
	*blocks = *kept = 0;
	while (p < end) {
		while (p < end && *p == '\n')
			p++;
		if (p >= end)
			break;
		/* A block ends at the first empty line. */
		for (bend = p; bend < end; bend = nl + 1) {
			nl = memchr(bend, '\n', (size_t)(end - bend));
			if (nl == NULL) {
				bend = end;
				break;
			}
			if (nl + 1 < end && nl[1] == '\n') {
				bend = nl;
				break;
			}
		}
		(*blocks)++;
		for (match = 0, i = 0; i < t.count && !match; i++)
			match = contains(p, (size_t)(bend - p), t.p[i], t.n[i]);
		if (match) {
			if (b.len)
				w_buf_add(&b, "\n\n", 2);
			w_buf_add(&b, p, (size_t)(bend - p));
			(*kept)++;
		}
		p = bend;
	}
	*outlen = b.len;
	return w_buf_take(&b);
}

/* Line mode: lines [start, start+max) under a char budget. */
static void
by_lines(const char *text, size_t len, const struct w_slice_opts *o,
    long budget, struct w_slice *s)
{
	long start = o->start_line > 0 ? o->start_line : 1;
	long maxl = o->max_lines > 0 ? o->max_lines : W_SLICE_LINES_DEFAULT;
	long total = 0, line = 1, end_line = 0, used = 0;
	const char *p = text, *e = text + len, *nl, *from = NULL, *to = NULL;
	int cut = 0;

	if (len > 0)
		for (total = 1, p = text; (nl = memchr(p, '\n',
		    (size_t)(e - p))) != NULL && nl + 1 < e; p = nl + 1)
			total++;
	for (p = text; p < e && line < start; line++) {
		nl = memchr(p, '\n', (size_t)(e - p));
		p = nl ? nl + 1 : e;
	}
	s->coverage = w_json_set(s->coverage, "totalLines", jv_number(total));
	s->coverage = w_json_set(s->coverage, "startLine", jv_number(start));
	if (start > total) {
		s->partial = 1;
		s->coverage = w_json_set(s->coverage, "endLine", jv_null());
		s->coverage = w_json_set(s->coverage, "truncated", jv_false());
		return;
	}
	from = to = p;
	for (; line < start + maxl && p < e; line++) {
		const char *le;
		long n;

		nl = memchr(p, '\n', (size_t)(e - p));
		le = nl ? nl : e;
		n = (long)cp_count(p, (size_t)(le - p)) + (end_line ? 1 : 0);
		if (used + n > budget) {
			if (end_line == 0) {
				/* The first line alone is over the budget:
				 * cut it, never skip it. */
				to = p + cp_bytes(p, (size_t)(le - p),
				    (size_t)budget);
				cut = 1;
			}
			break;
		}
		used += n;
		end_line = line;
		to = le;
		p = nl ? nl + 1 : e;
	}
	s->content = w_strndup(from, (size_t)(to - from));
	if (cut) {
		/* Continue inside the cut line, in characters: a line
		 * continuation would return this same view again. */
		s->next_offset = (long)cp_count(text, (size_t)(to - text));
		s->partial = 1;
		s->coverage = w_json_set(s->coverage, "endLine",
		    jv_number(start));
		s->coverage = w_json_set(s->coverage, "line_cut", jv_true());
		s->coverage = w_json_set(s->coverage, "next_offset",
		    jv_number((double)s->next_offset));
	} else {
		s->coverage = w_json_set(s->coverage, "endLine",
		    jv_number(end_line));
		if (end_line < total)
			s->next_line = end_line + 1;
	}
	s->coverage = w_json_set(s->coverage, "truncated",
	    jv_bool(cut || (end_line < start + maxl - 1 && end_line < total)));
	if (start > 1 || s->next_line)
		s->partial = 1;
	s->coverage = w_json_set(s->coverage, "nextLine",
	    s->next_line ? jv_number(s->next_line) : jv_null());
}

/* Char mode: [offset, offset+budget) code points. */
static void
by_chars(const char *text, size_t len, size_t total,
    const struct w_slice_opts *o, long budget, struct w_slice *s)
{
	size_t off = (size_t)o->offset, b0, n;

	s->coverage = w_json_set(s->coverage, "offset", jv_number((double)off));
	if (off > total)
		off = total;
	b0 = cp_bytes(text, len, off);
	n = cp_bytes(text + b0, len - b0, (size_t)budget);
	s->content = w_strndup(text + b0, n);
	if (b0 + n < len) {
		s->next_offset = (long)(off + cp_count(text + b0, n));
		s->partial = 1;
	}
	if (off > 0)
		s->partial = 1;
	if (o->offset > 0 && (size_t)o->offset >= total && total > 0) {
		free(s->content);
		s->content = NULL;
	}
	s->coverage = w_json_set(s->coverage, "truncated",
	    jv_bool(s->next_offset >= 0));
	s->coverage = w_json_set(s->coverage, "next_offset",
	    s->next_offset >= 0 ? jv_number((double)s->next_offset) :
	    jv_null());
}

int
w_slice_apply(const char *text, size_t len, const struct w_slice_opts *o,
    struct w_slice *s, struct w_err *e)
{
	char *focused = NULL;
	size_t flen = 0, total;
	int blocks, kept;
	long budget = o->max_chars > 0 ? o->max_chars : W_SLICE_MAX_CHARS;

	memset(s, 0, sizeof(*s));
	s->next_offset = -1;
	s->coverage = jv_object();
	if (o->max_output_chars > 0 && o->max_output_chars < budget)
		budget = o->max_output_chars;
	if (o->whole && o->start_line == 0 && o->max_lines == 0 &&
	    o->max_chars == 0 && o->max_output_chars == 0 && o->offset == 0)
		budget = LONG_MAX;
	if (o->focus) {
		focused = focus_filter(text, len, o->focus, &flen, &blocks,
		    &kept);
		s->coverage = w_json_set(s->coverage, "focus",
		    jv_object_set(jv_object_set(jv_object(),
		    jv_string("blocks"), jv_number(blocks)),
		    jv_string("matched"), jv_number(kept)));
		if (kept == 0) {
			free(focused);
			return w_err_set(e, W_E_FOCUS_NO_MATCH,
			    "no block of the document matches the focus");
		}
		if (kept < blocks)
			s->partial = 1;
		text = focused;
		len = flen;
	}
	total = cp_count(text, len);
	s->coverage = w_json_set(s->coverage, "total_chars",
	    jv_number((double)total));
	if (o->start_line > 0 || o->max_lines > 0)
		by_lines(text, len, o, budget, s);
	else
		by_chars(text, len, total, o, budget, s);
	s->coverage = w_json_set(s->coverage, "chars", jv_number(s->content ?
	    (double)cp_count(s->content, strlen(s->content)) : 0));
	free(focused);
	return 0;
}

void
w_slice_free(struct w_slice *s)
{
	free(s->content);
	s->content = NULL;
	jv_free(s->coverage);
	s->coverage = jv_null();
}
