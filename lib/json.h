/*
 * json.h: envelopes, output, request tables and the input loop, on
 * libjq's jv values.
 *
 * jv ownership rules followed throughout lib/ and bin/ (libjq 1.6):
 *  1. Every jv_* call consumes its jv arguments and returns a new
 *     reference; jv_copy() is the exception. Every jv variable has one
 *     owner.
 *  2. To keep using a value, pass a copy:
 *     jv_object_get(jv_copy(o), jv_string("url")).
 *  3. Read-only, not consuming: jv_get_kind, jv_is_valid,
 *     jv_string_value, jv_number_value, jv_is_integer, jv_object_iter*.
 *     A jv_string_value pointer dies with its string.
 *  4. Consuming, so copy first: jv_array_length, jv_object_length,
 *     jv_string_length_bytes, jv_object_has, jv_equal,
 *     jv_invalid_has_msg.
 *  5. Setters consume the container: always o = jv_object_set(o, k, v).
 *  6. jv_dumpf and jv_dump_string consume their argument.
 *  7. jv_parser_set_buf borrows the buffer until jv_parser_remaining is 0;
 *     an invalid with no message from jv_parser_next means "need more",
 *     except at an RS byte (it asserts then): lib/input.c frames texts
 *     with w_json_next_text and does not use jv_parser.
 *  8. jv_array_foreach / jv_object_foreach borrow the container and hand
 *     out owned elements (free them in the body). Pass a plain
 *     variable, never jv_copy(x): the libjq 1.6 macros evaluate the
 *     container on every pass, so a copy there leaks a reference each
 *     iteration.
 *  9. Our own w_* functions follow rule 1; one that only borrows ends in
 *     _peek and says so.
 */
#ifndef W_JSON_H
#define W_JSON_H

#include <stdio.h>
#include <jv.h>

#include "err.h"

/* Largest JSON text (and line) read from stdin. */
#define W_JSON_TEXT_MAX (8u << 20)

/* A new envelope {"tool": tool, "status": "ok"}. */
jv		 w_env_new(const char *tool);

/*
 * Record e in env: status from the code's class (or partial/ok kept when
 * e has no code), "error": {code, message, retryable, retry_after_ms,
 * retry_at}. Consumes env, returns it.
 */
jv		 w_env_error(jv env, const struct w_err *e);

/* Set "status" to st. Consumes env. */
jv		 w_env_status(jv env, enum w_status st);

/*
 * Append "; WHAT could not be saved (WHY)" to env's summary (consumed,
 * returned): a cache, artifact or ledger write that failed does not fail
 * the request, but says so.
 */
jv		 w_env_not_saved(jv env, const char *what,
		    const struct w_err *why);

/* The envelope's status (borrows env). */
enum w_status	 w_env_status_peek(jv env);

/* Exit code for one envelope (borrows): 2 when error.usage was set. */
int		 w_env_exit_peek(jv env);

/*
 * Safe accessors for untrusted values (server answers, requests, files):
 * o[key] when o is an object, a[i] when a is an array and i is in range,
 * else an invalid (what libjq returns for a missing key). libjq asserts
 * on the wrong kind, so nothing in lib/ or bin/ calls jv_object_get or
 * jv_array_get directly. Both consume their container.
 */
jv		 w_json_get(jv o, const char *key);
jv		 w_json_getv(jv o, jv key);
jv		 w_json_at(jv a, int i);

/* o with o[key] = v (both consumed): the one jv_object_set shorthand. */
jv		 w_json_set(jv o, const char *key, jv v);

/* jv_array_length of a (borrowed), 0 when a is not an array. */
int		 w_json_len_peek(jv a);

/*
 * A JSON number as a long in [lo, hi]: 0, or -1 when d is not finite,
 * has a fraction or lies outside the range (no undefined conversion).
 */
int		 w_num_long(double d, long lo, long hi, long *out);

/*
 * Strict RFC 8259 check of one JSON text (nesting at most maxdepth): 0
 * when valid. libjq 1.6 leaks on some invalid texts, so untrusted bytes
 * are checked here before libjq parses them.
 */
int		 w_json_check(const char *s, size_t len, int maxdepth);

/* jv_parse_sized behind w_json_check: an invalid with a message when s
 * is not one JSON text. */
jv		 w_json_parse(const char *s, size_t len);
/* w_json_parse when the text is an object, else jv_null(). */
jv		 w_json_parse_object(const char *s, size_t len);

/* Convenience getters that borrow o; NULL / dflt when absent (or, for
 * numbers, not a whole number that fits a long). */
const char	*w_json_str_peek(jv o, const char *key);
long		 w_json_int_peek(jv o, const char *key, long dflt);
int		 w_json_bool_peek(jv o, const char *key, int dflt);

/* ISO 8601 UTC for t, into buf (at least 21 bytes). */
const char	*w_json_iso8601(time_t t, char *buf, size_t len);

/* Output modes. */
enum w_out_mode {
	W_OUT_AUTO = 0,	/* pretty on a terminal, compact otherwise */
	W_OUT_COMPACT,
	W_OUT_RAW	/* only "content" */
};

/*
 * Print one envelope to stdout in mode; with W_OUT_RAW, an envelope with
 * no content prints its summary to stderr instead. Consumes env.
 */
void		 w_out_emit(jv env, enum w_out_mode mode, const char *prog);
struct w_buf;
/* x (not consumed) appended to b as libjq's compact ASCII dump writes
 * it (jv_dump_string(x, JV_PRINT_ASCII)), byte for byte; -1 when x
 * holds what only libjq writes (an invalid value), b then partial. */
int		 w_json_ascii(jv x, struct w_buf *b);

/* w_out_emit, returning the envelope's exit code. Consumes env. */
int		 w_out_emit_rc(jv env, enum w_out_mode mode, const char *prog);


/* A whole decimal number from a command-line argument: 0, or -1 when s
 * is empty, has trailing bytes or overflows a long. */
int		 w_arg_long(const char *s, long *out);

/*
 * After getopt_long returned ch ('?' or ':', with opterr 0 and an
 * optstring starting with ':'): print one line naming the option as
 * typed and pointing to --help, and return W_EXIT_USAGE.
 */
int		 w_opt_error(const char *prog, char *const argv[], int ch);

/* Print "prog: msg (see prog --help)" and return W_EXIT_USAGE. */
int		 w_usage_error(const char *prog, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));

/*
 * The JSON Schema of tool's envelopes: tool, status and summary required;
 * error codes and source statuses from err.c's table.
 */
jv		 w_env_schema(const char *tool);

/*
 * --schema[=request|envelope]: print request (consumed) or the envelope
 * schema and return the exit code (w_out_finish), or a usage error.
 */
int		 w_schema_arg(const char *prog, const char *arg, jv request);

/* env with source.line = line (a request read from stdin; nothing for
 * line <= 0). Consumes env. */
jv		 w_env_line(jv env, long line);

/*
 * An error envelope: e's error and the summary "WHAT failed (code): msg".
 * Consumes env.
 */
jv		 w_env_failed(jv env, const struct w_err *e, const char *what);

/* Print a JSON Schema (consumed) pretty on stdout; --version's line. */
void		 w_out_schema(jv schema);
void		 w_out_version(const char *prog);

/*
 * Flush and close stdout; on failure print "prog: writing output failed"
 * and return 1, else 0.
 */
int		 w_out_finish(const char *prog);

/* Request field types. */
enum w_ftype {
	W_FT_STRING,	/* max: length in characters (0: unbounded) */
	W_FT_INT,	/* min..max */
	W_FT_BOOL,
	W_FT_ENUM,	/* one of choices */
	W_FT_STRLIST,	/* array of strings, at most max items */
	W_FT_HEADERS	/* object of string values */
};

struct w_field {
	const char		*name;
	enum w_ftype		 type;
	long			 min, max;
	const char *const	*choices;	/* W_FT_ENUM, NULL-terminated */
	const char		*desc;
};

/*
 * Check req (borrowed) against the NULL-name-terminated table t: an
 * object, no unknown field, right types, values in range. On failure
 * fills e with invalid_parameter naming the field and returns -1.
 */
int		 w_req_validate_peek(const struct w_field *t, jv req,
		    const char *const *required, struct w_err *e);

/*
 * Rewrite e's message for a request built from command-line options:
 * each field name of t in it (but skip's) becomes the option as typed,
 * "--" and the name with '-' for '_', or the option renames gives for
 * it (pairs of field and option name, NULL-terminated: "headers",
 * "header" makes --header).
 */
void		 w_req_msg_as_options(const struct w_field *t,
		    const char *const *renames, const char *skip,
		    struct w_err *e);

/* The JSON Schema (draft 2020-12) of the table's request object. */
jv		 w_req_schema(const struct w_field *t, const char *title,
		    const char *const *required);

/*
 * Frame the next JSON text of s[0..n) with the strict checker: W_TEXT_ONE
 * with its bounds [*start, *end), W_TEXT_DONE when only whitespace is
 * left, W_TEXT_MORE when it may still be cut short (never with eof),
 * W_TEXT_BAD when no more bytes can make it valid. lib/input.c reads
 * stdin with it; only framed texts reach libjq.
 */
enum { W_TEXT_DONE, W_TEXT_ONE, W_TEXT_MORE, W_TEXT_BAD };
int		 w_json_next_text(const char *s, size_t n, int eof,
		    size_t *start, size_t *end);

/*
 * Work to do while w_input_each (input.c) waits for input: called before each
 * read with the descriptor; it returns when the descriptor is readable
 * or it has nothing left to do (wfetch -P drives its transfers). NULL:
 * none.
 */
typedef void	(*w_idle_fn)(int fd, void *arg);
void		 w_input_set_idle(w_idle_fn fn, void *arg);

#endif
