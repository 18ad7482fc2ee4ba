/*
 * input.h: the stdin request stream of wfetch, wsearch and wextract
 * --next: one request per line, either a plain line (a URL, a query) or a
 * JSON text starting with '{' or '[' (which may span lines), each with
 * the line number it starts on. A malformed JSON text is answered and the
 * stream goes on at the next line. JSON texts are framed by json.h's
 * strict checker before libjq parses them; a line or a text is at most
 * W_JSON_TEXT_MAX bytes; a UTF-8 BOM opening the stream is skipped.
 */
#ifndef W_INPUT_H
#define W_INPUT_H

#include <stdio.h>
#include <jv.h>

struct w_input_item {
	long		 line;	/* 1-based line the item starts on */
	jv		 json;	/* the JSON text (owned by the callee), or
				   jv_invalid() for a plain line */
	const char	*text;	/* the plain line, trimmed; NULL for JSON */
};

/* Called for each item; returns an exit code (the worst is kept). */
typedef int	(*w_item_fn)(struct w_input_item *it, void *arg);

/* Called for a line that is not a request (msg names why). */
typedef int	(*w_bad_item_fn)(const char *msg, long line, void *arg);

/*
 * Read fp to its end (read(2): each request is answered as soon as its
 * line arrives) and hand over every non-blank line. Returns the worst
 * exit code.
 */
int	 w_input_each(FILE *fp, w_item_fn fn, w_bad_item_fn bad, void *arg);

/*
 * e for a line that is no request (what w_bad_item_fn got): an
 * invalid_parameter usage error "line N is not a request: msg".
 */
struct w_err;
void	 w_input_bad(struct w_err *e, const char *msg, long line);

/*
 * Whether a program with no arguments should print its usage instead of
 * waiting: stdin is a terminal.
 */
int	 w_input_is_tty(FILE *fp);

#endif
