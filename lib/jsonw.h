/*
 * jsonw.h: a small JSON text writer into a capped struct w_buf, for the
 * hot paths where building jv values costs too much: wrobots' envelopes
 * (robots_env.c) and the host-state codec (hoststate.c). Strings are
 * written as ASCII: \uXXXX beyond it, U+FFFD for bytes that are not
 * UTF-8. Every call returns 0, or -1 when the buffer's cap was reached
 * (results may be or-ed together).
 */
#ifndef W_JSONW_H
#define W_JSONW_H

#include <stddef.h>

struct w_buf;

/* The JSON string of s (n bytes); w_jsonw_cstr for a C string. */
int	 w_jsonw_str(struct w_buf *b, const char *s, size_t n);
int	 w_jsonw_cstr(struct w_buf *b, const char *s);

/*
 * "key": with a comma before it unless it opens an object or array
 * (the buffer ends in '{' or '['). key is a program literal: written
 * as is.
 */
int	 w_jsonw_key(struct w_buf *b, const char *key);

/* The decimal n; true or false. */
int	 w_jsonw_int(struct w_buf *b, long long n);
int	 w_jsonw_bool(struct w_buf *b, int v);

#endif
