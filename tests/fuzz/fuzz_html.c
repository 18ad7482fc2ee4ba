/*
 * fuzz_html.c: libFuzzer target for the HTML path: w_html_extract in
 * both formats, with links, over arbitrary bytes. The first byte picks
 * the options; the rest is the document.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_doc d;
	struct w_err e;

	if (size < 1)
		return 0;
	memset(&in, 0, sizeof(in));
	memset(&o, 0, sizeof(o));
	memset(&d, 0, sizeof(d));
	d.meta = d.links = d.coverage = jv_null();
	w_err_clear(&e);
	in.url = (data[0] & 4) ? "https://example.com/a/b?c#d" : NULL;
	in.headers = jv_null();
	o.format = (data[0] & 1) ? W_FMT_TEXT : W_FMT_MARKDOWN;
	o.include_links = (data[0] & 2) != 0;
	if (w_html_extract((const char *)data + 1, size - 1, &in, &o, &d,
	    &e) == 0) {
		if (d.text == NULL || strlen(d.text) != d.len)
			abort();
	} else if (e.code == W_E_NONE)
		abort();
	free(d.text);
	jv_free(d.meta);
	jv_free(d.links);
	jv_free(d.coverage);
	return 0;
}
