/*
 * view.h: the request surface wfetch and wextract share and the envelope
 * parts they build alike. A request JSON object is decoded once, at the
 * edge, into struct w_request (one field table, for --schema too); the
 * rest of the pipeline (fetch, Parallel, slicing, views, continuations)
 * reads the struct. Also: content after focus and slicing, coverage,
 * document metadata into source, links, partial status, the typed
 * continuation and the one list of untrusted fields.
 */
#ifndef W_VIEW_H
#define W_VIEW_H

#include <jv.h>

#include "doc.h"
#include "err.h"
#include "slice.h"

/* Which program's request (a bit each, for the field table). */
enum w_req_tool {
	W_REQ_WFETCH = 1,
	W_REQ_WEXTRACT = 2
};

/* render: W_RENDER_DEFAULT when the request leaves it out. */
enum w_render {
	W_RENDER_DEFAULT = 0,
	W_RENDER_NEVER,
	W_RENDER_AUTO,
	W_RENDER_ALWAYS
};

/*
 * A decoded request. Strings and jv members are owned by the struct
 * (w_request_free). To add a field: a row in view.c's table, a member
 * here, a line in decode() and, when continuations must repeat it, in
 * w_request_args().
 */
struct w_request {
	enum w_req_tool		 tool;
	char			*url;		/* NULL when absent (wextract) */
	enum w_format		 format;	/* W_FMT_MARKDOWN by default */
	int			 include_links;
	int			 page_type;	/* 0: classified; else 1 +
						   the html type
						   (w_html_type_name) */
	struct w_slice_opts	 view;		/* focus, lines, chars, cap */
	/* wfetch */
	enum w_render		 render;
	jv			 headers;	/* object; empty when none */
	char			*artifact;	/* NULL: none */
	/* wextract */
	char			*file;		/* NULL: stdin */
	char			*content_type;	/* NULL: sniffed */
	char			*charset;	/* NULL: from the document */
	int			 http_status;	/* 0: unknown */
};

/* The field table of tool's request, NULL-name-terminated. */
const struct w_field *w_request_fields(enum w_req_tool tool);

/* The JSON Schema of tool's request (--schema). */
jv	 w_request_schema(enum w_req_tool tool);

/*
 * Decode req (borrowed) into r for tool: no unknown field, right types,
 * values in range, and tool's own rules (wfetch: url required, http or
 * https without credentials, allowed headers, a plain artifact name,
 * raw needs render never). -1 with invalid_parameter (usage) in e; r is
 * then still safe to free.
 */
int	 w_request_decode(enum w_req_tool tool, jv req, struct w_request *r,
	    struct w_err *e);
void	 w_request_free(struct w_request *r);

/*
 * Rewrite e's message for a request built from command-line options: the
 * field names of tool's table become the options as typed (max_chars ->
 * --max-chars, headers -> --header).
 */
void	 w_request_msg_as_options(enum w_req_tool tool, struct w_err *e);

/*
 * r as a request object: the fields every continuation repeats (url,
 * format, focus, include_links, headers; wextract: file, content_type,
 * charset, http_status), each only when it differs from its default.
 */
jv	 w_request_args(const struct w_request *r);

/* The envelope's untrusted_fields: the parts holding text from the web. */
jv	 w_view_untrusted(void);

/* The name of a format ("markdown", "text", "raw"). */
const char *w_format_name(enum w_format f);

/*
 * Fill env (consumed, returned) from d and r: content after focus and
 * slicing, coverage, links, partial status and a continuation of r's
 * tool (none for a wextract document read from stdin, which cannot be
 * read again). On focus_no_match, e is set and env carries the error with no
 * content. whole: with no slicing field in r, return the whole text
 * instead of the default 20000-character page (for -r).
 */
jv	 w_view_apply(jv env, const struct w_doc *d, const struct w_request *r,
	    int whole, struct w_err *e);

/*
 * For a document that failed after its bytes were decoded (or a charset
 * was chosen): source.charset and coverage.replacement_chars into env
 * (consumed, returned), so an error envelope says what was decoded.
 */
jv	 w_view_decoded(jv env, const struct w_doc *d);

/*
 * The document metadata the extractor found (title, byline, published,
 * site_name, language, description, canonical_url) into env's source
 * (consumed, returned): an error envelope for a page without readable
 * text still says what the page is.
 */
jv	 w_view_meta(jv env, const struct w_doc *d);

#endif
