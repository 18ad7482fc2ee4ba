/*
 * fuzz_charset.c: charset sniffing (BOM, meta prescan, XML declaration)
 * and decoding. The first byte picks the kind and whether a declared
 * charset (the first line, up to 40 bytes) is given; the rest is the body.
 */
#include <stdlib.h>
#include <string.h>

#include "charset.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum w_cs_kind kinds[] = { W_CS_KIND_OTHER,
	    W_CS_KIND_HTML, W_CS_KIND_XML, W_CS_KIND_HTML };
	const char *s, *nl, *http = NULL;
	char label[48], name[40], mime[80];
	struct w_decoded d;
	struct w_err e;
	enum w_cs_kind kind;
	size_t n;

	if (size < 1)
		return 0;
	kind = kinds[data[0] & 3];
	s = (const char *)data + 1;
	size--;
	if ((data[0] & 4) && (nl = memchr(s, '\n', size)) != NULL &&
	    (n = (size_t)(nl - s)) < sizeof(label)) {
		memcpy(label, s, n);
		label[n] = '\0';
		if (strlen(label) == n) {
			http = label;
			(void)w_charset_canonical(label);
			(void)w_charset_from_ctype(label, name, sizeof(name));
			w_mime_from_ctype(label, mime, sizeof(mime));
		}
		size -= n + 1;
		s = nl + 1;
	}
	(void)w_charset_sniff(s, size, http, kind, name, sizeof(name));
	memset(&d, 0, sizeof(d));
	w_err_clear(&e);
	if (w_charset_decode(s, size, http, kind, &d, &e) == 0) {
		if (d.s == NULL || d.s[d.len] != '\0')
			abort();
		free(d.s);
	} else if (e.code == W_E_NONE)
		abort();
	return 0;
}
