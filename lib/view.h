/*
 * view.h: the envelope parts wfetch and wextract share: content after
 * focus and slicing, coverage, document metadata into source, links,
 * partial status and the typed continuation.
 */
#ifndef W_VIEW_H
#define W_VIEW_H

#include <jv.h>

#include "doc.h"
#include "err.h"

/*
 * Fill env (consumed, returned) from d and the request req (borrowed:
 * format, focus, include_links, start_line, max_lines, max_output_chars,
 * offset, max_chars). tool names the continuation's tool; base_args
 * (consumed) are the arguments every continuation repeats (url, format,
 * focus, include_links). On focus_no_match, e is set and env carries the
 * error with no content. whole: with no slicing field in req, return the
 * whole text instead of the default 20000-character page (for -r).
 */
jv	 w_view_apply(jv env, const struct w_doc *d, jv req, const char *tool,
	    jv base_args, int whole, struct w_err *e);

/*
 * For a document that failed after its bytes were decoded (or a charset
 * was chosen): source.charset and coverage.replacement_chars into env
 * (consumed, returned), so an error envelope says what was decoded.
 */
jv	 w_view_decoded(jv env, const struct w_doc *d);

#endif
