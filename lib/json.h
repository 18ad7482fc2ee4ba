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
 *     an invalid with no message from jv_parser_next means "need more".
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

/* The envelope's status (borrows env). */
enum w_status	 w_env_status_peek(jv env);

/* Exit code for one envelope (borrows): 2 when error.usage was set. */
int		 w_env_exit_peek(jv env);

/* Convenience getters that borrow o; NULL / dflt when absent. */
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

/* Print a JSON Schema (consumed) pretty on stdout; --version's line. */
void		 w_out_schema(jv schema);
void		 w_out_version(const char *prog);

/*
 * An error envelope: e's error and the summary "WHAT failed (code): msg".
 * Consumes env.
 */
jv		 w_env_failed(jv env, const struct w_err *e, const char *what);

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

/* The JSON Schema (draft 2020-12) of the table's request object. */
jv		 w_req_schema(const struct w_field *t, const char *title,
		    const char *const *required);


#endif
