/*
 * doc.h: bytes in, readable text out. Sniffs or takes the content type,
 * decodes the charset, then turns HTML (via html.h), RSS/Atom, JSON, XML,
 * PDF and text into Markdown or plain text. Pure: never fetches. Shared
 * by wextract and wfetch.
 */
#ifndef W_DOC_H
#define W_DOC_H

#include <stddef.h>
#include <jv.h>

#include "err.h"

enum w_format {
	W_FMT_MARKDOWN,
	W_FMT_TEXT,
	W_FMT_RAW
};

struct w_doc_in {
	const char	*bytes;
	size_t		 len;
	const char	*url;		/* base for links; may be NULL */
	const char	*content_type;	/* header value or NULL: sniff */
	const char	*charset;	/* overrides the header's; or NULL */
	int		 http_status;	/* 0 when not from HTTP */
	jv		 headers;	/* borrowed: lowercase name -> value,
					   or jv_null() */
	int		 rendered;	/* a browser's DOM: never classified
					   as an application shell */
	char		**steal;	/* optional: &caller's malloc'd,
					   NUL-terminated buffer == bytes;
					   text decoding may take it (sets
					   *steal to NULL) instead of copying */
};

struct w_doc_opts {
	enum w_format	 format;
	int		 include_links;
	int		 page_type;	/* 0: classify HTML; else 1 + a type
					   of html_type.c (the profile) */
	const char	*artifact;	/* binary types allowed when set */
	const char	*binary_hint;	/* how the caller could keep a binary
					   body, NULL when it cannot */
};

struct w_doc {
	char		*text;		/* UTF-8 content; caller frees */
	size_t		 len;
	int		 binary;	/* text holds raw bytes (artifact) */
	char		 kind[16];	/* html, feed, json, xml, pdf, text,
					   markdown, binary */
	char		 mime[80];
	char		 charset[40];
	size_t		 replacements;
	jv		 meta;		/* title, byline, published, site_name,
					   language, description, canonical */
	jv		 links;		/* array, or null when not asked */
	jv		 coverage;	/* extra coverage fields (object) */
};

/*
 * The kind of a document from its first bytes: "html", "feed", "json",
 * "xml", "pdf", "text" or "binary" (static strings).
 */
const char *w_doc_sniff(const char *bytes, size_t len);

/*
 * The kind the first bytes prove whatever the declared type says: "pdf",
 * "binary" (image, archive, executable signatures), or NULL.
 */
const char *w_doc_magic(const char *bytes, size_t len);

/* Initialise / release a w_doc; free accepts a zeroed or freed doc. */
void	 w_doc_init(struct w_doc *d);
void	 w_doc_free(struct w_doc *d);

/*
 * Turn in into out. -1 with a code in e: unsupported_content,
 * unsupported_charset, unusable_content, access_challenge,
 * authentication_required, extraction_failed.
 */
int	 w_doc_extract(const struct w_doc_in *in, const struct w_doc_opts *o,
	    struct w_doc *out, struct w_err *e);

#endif
