/*
 * extract.h: one document into a wextract envelope (shared by wextract
 * and the MCP server's web_extract tool).
 */
#ifndef W_EXTRACT_H
#define W_EXTRACT_H

#include <stddef.h>
#include <jv.h>

#include "err.h"
#include "json.h"

#define W_EXTRACT_INPUT_MAX	(20u << 20)	/* bytes per document */

/* The request table (also the source of --schema). */
extern const struct w_field w_extract_fields[];

/* The JSON Schema of wextract's options. */
jv	 w_extract_schema(void);

/*
 * Extract len bytes (borrowed) under the options of req (borrowed,
 * already validated against w_extract_fields); file names the source
 * when not NULL; whole: no default page cap (raw output). Returns the
 * envelope.
 */
jv	 w_extract_run(jv req, const char *bytes, size_t len, const char *file,
	    int whole);

/* An error envelope from env (consumed) and e: summary "WHAT failed". */
jv	 w_extract_failed(jv env, const struct w_err *e, const char *what);

#endif
