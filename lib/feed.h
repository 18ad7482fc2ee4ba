/*
 * feed.h: a small strict XML parser, used to check declared XML for
 * well-formedness and to turn RSS 2.0, RSS 1.0 (RDF) and Atom feeds into
 * a Markdown or plain-text list of entries (title, link, date, summary).
 */
#ifndef W_FEED_H
#define W_FEED_H

#include <stddef.h>

#include "doc.h"
#include "err.h"

#define W_XML_PARSE_MAX		(8u << 20)	/* structured parsing bound */
#define W_XML_DEPTH_MAX		512
/* Most attributes on one element (each is checked for duplicates). */
#define W_XML_ATTRS_MAX		256
#define W_FEED_ENTRIES_MAX	500
#define W_FEED_SUMMARY_MAX	400		/* characters per summary */

/*
 * Check that s (UTF-8, len bytes) is well-formed XML: one root, tags
 * balanced, attributes quoted and unique, entities defined, no stray
 * text or control characters. -1 with extraction_failed naming the line
 * and the fault.
 */
int	 w_feed_xml_check(const char *s, size_t len, struct w_err *e);

/*
 * Which feed format the XML in s declares by its root element: "rss",
 * "rdf" or "atom"; NULL when it is not a feed. Looks only at the start.
 */
const char *w_feed_kind(const char *s, size_t len);

/*
 * Parse the feed in s and write its entries into out->text (Markdown, or
 * plain text when text is set), out->meta (title, description) and
 * out->coverage (feed_format, feed_entries, feed_entries_total). Entry
 * links resolve against base (may be NULL); only http(s) ones are kept.
 * HTML entities are accepted in feeds. -1 with extraction_failed when the
 * XML is malformed or the root is not a feed, response_too_large past
 * W_XML_PARSE_MAX.
 */
int	 w_feed_extract(const char *s, size_t len, const char *base,
	    int text, struct w_doc *out, struct w_err *e);

#endif
