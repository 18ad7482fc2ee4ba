/*
 * extract.h: one document into a wextract envelope (shared by wextract
 * and the MCP server's web_extract tool). The request surface (field
 * table, --schema, decoding) is view.h's, W_REQ_WEXTRACT.
 */
#ifndef W_EXTRACT_H
#define W_EXTRACT_H

#include <stddef.h>
#include <jv.h>

#include "err.h"
#include "view.h"

#define W_EXTRACT_INPUT_MAX	(20u << 20)	/* bytes per document */

/*
 * Extract len bytes (borrowed) under the decoded options r; file names
 * the source when not NULL; whole: no default page cap (raw output).
 * Returns the envelope.
 */
jv	 w_extract_run(const struct w_request *r, const char *bytes,
	    size_t len, const char *file, int whole);

/* w_extract_run, where bytes may be *steal (the caller's malloc'd,
 * NUL-terminated buffer; NULL: none): decoding may take it instead of
 * copying, setting *steal to NULL. */
jv	 w_extract_take(const struct w_request *r, const char *bytes,
	    char **steal, size_t len, const char *file, int whole);

/* An error envelope from env (consumed) and e: source status and the
 * summary "WHAT failed (code): message". */
jv	 w_extract_failed(jv env, const struct w_err *e, const char *what);

#endif
