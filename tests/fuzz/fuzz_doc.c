/*
 * fuzz_doc.c: whole-document extraction as wextract does it: JSON
 * documents, XML, PDF, plain text and sniffing. The first byte picks the
 * declared Content-Type and format; the rest is the body.
 */
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "fuzz.h"
#include "json.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const types[] = { "application/json", NULL,
	    "application/xml", "application/pdf", "text/plain",
	    "application/rss+xml", "text/plain; charset=utf-16le",
	    "application/ld+json" };
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_doc d;
	struct w_err e;
	const char *s;

	if (size < 1)
		return 0;
	s = (const char *)data + 1;
	(void)w_doc_sniff(s, size - 1);
	(void)w_doc_magic(s, size - 1);
	if ((data[0] & 7) == 0)
		(void)w_json_check(s, size - 1, 512);
	memset(&in, 0, sizeof(in));
	memset(&o, 0, sizeof(o));
	in.bytes = s;
	in.len = size - 1;
	in.content_type = types[data[0] & 7];
	in.url = "https://example.com/d";
	in.headers = jv_null();
	o.format = (data[0] & 8) ? W_FMT_TEXT : W_FMT_MARKDOWN;
	o.include_links = (data[0] & 16) != 0;
	w_doc_init(&d);
	w_err_clear(&e);
	if (w_doc_extract(&in, &o, &d, &e) == 0) {
		if (d.text == NULL)
			abort();
	} else if (e.code == W_E_NONE)
		abort();
	w_doc_free(&d);
	return 0;
}
