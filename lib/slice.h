/*
 * slice.h: the views over an extracted text shared by wfetch and
 * wextract: focus filtering, line slices (start_line, max_lines), char
 * pages (offset, max_chars) and the output cap (max_output_chars).
 */
#ifndef W_SLICE_H
#define W_SLICE_H

#include <stddef.h>
#include <jv.h>

#include "err.h"

#define W_SLICE_MAX_CHARS	20000L
#define W_SLICE_MAX_CHARS_MAX	100000L
#define W_SLICE_LINES_DEFAULT	200L
#define W_SLICE_LINES_MAX	10000L

struct w_slice_opts {
	const char	*focus;		/* NULL: no focus */
	long		 start_line;	/* 0: not slicing by lines */
	long		 max_lines;	/* 0: default when slicing */
	long		 max_output_chars; /* 0: none */
	long		 offset;	/* chars, 0-based */
	long		 max_chars;	/* 0: W_SLICE_MAX_CHARS */
	int		 whole;		/* no slicing field given: no cap
					   (wfetch -r, wextract -r) */
};

struct w_slice {
	char	*content;	/* UTF-8; caller frees; NULL: no content */
	int	 partial;	/* the view omits or cuts something */
	jv	 coverage;	/* startLine, endLine, totalLines, nextLine,
				   truncated, offset, next_offset, chars,
				   focus blocks ... */
	long	 next_line;	/* 0: none */
	long	 next_offset;	/* -1: none */
};

/* Code points in s (len bytes of UTF-8). */
size_t	 w_slice_chars(const char *s, size_t len);

/*
 * Apply o to text (UTF-8). -1 with focus_no_match when a focus matches no
 * block. s is always filled (coverage at least); free with
 * w_slice_free.
 */
int	 w_slice_apply(const char *text, size_t len,
	    const struct w_slice_opts *o, struct w_slice *s, struct w_err *e);
void	 w_slice_free(struct w_slice *s);

#endif
