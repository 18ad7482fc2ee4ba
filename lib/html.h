/*
 * html.h: HTML (already UTF-8) to Markdown or text with main-content
 * extraction, metadata, links, and challenge / app-shell detection.
 * Parsed with tidy-html5; only html*.c include tidy.
 */
#ifndef W_HTML_H
#define W_HTML_H

#include <stddef.h>

#include "doc.h"

/* Largest HTML given to the parser. */
#define W_HTML_PARSE_MAX (8u << 20)

/*
 * Extract utf8 (len bytes) per o into out->text, out->meta, out->links,
 * out->coverage. in supplies url, http_status and headers. -1 with
 * unusable_content (coverage.browser_recommended for app shells),
 * access_challenge, authentication_required or extraction_failed.
 */
int	 w_html_extract(const char *utf8, size_t len,
	    const struct w_doc_in *in, const struct w_doc_opts *o,
	    struct w_doc *out, struct w_err *e);

#endif
