/*
 * fuzz_feed.c: RSS/Atom/XML: the well-formedness check, the kind sniff
 * and feed extraction. The first byte picks text or Markdown.
 */
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "feed.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s;
	struct w_doc d;
	struct w_err e;

	if (size < 1)
		return 0;
	s = (const char *)data + 1;
	size--;
	w_err_clear(&e);
	(void)w_feed_xml_check(s, size, &e);
	(void)w_feed_kind(s, size);
	w_doc_init(&d);
	w_err_clear(&e);
	if (w_feed_extract(s, size, (data[0] & 2) ? "https://example.com/f/" :
	    NULL, data[0] & 1, &d, &e) == 0) {
		if (d.text == NULL || strlen(d.text) != d.len)
			abort();
	} else if (e.code == W_E_NONE)
		abort();
	w_doc_free(&d);
	return 0;
}
