/*
 * charset.h: decide a document's encoding (BOM, then the HTTP charset,
 * then the HTML meta prescan or XML declaration, then UTF-8) and decode
 * it to UTF-8 with iconv, counting replacement characters.
 */
#ifndef W_CHARSET_H
#define W_CHARSET_H

#include <stddef.h>

#include "err.h"

enum w_cs_source {
	W_CS_BOM,
	W_CS_HTTP,	/* the Content-Type charset parameter, or --charset */
	W_CS_META,	/* HTML meta prescan (WHATWG, first 1024 bytes) */
	W_CS_XML,	/* <?xml encoding=...?> */
	W_CS_DEFAULT,	/* nothing said: UTF-8 */
	W_CS_META_LATE	/* a <meta> past the prescan, for bytes that are
			   not UTF-8 (the tokenizer's change of encoding) */
};

enum w_cs_kind {
	W_CS_KIND_OTHER,
	W_CS_KIND_HTML,
	W_CS_KIND_XML
};

struct w_decoded {
	char		*s;		/* UTF-8, NUL-ended; caller frees */
	size_t		 len;
	char		 charset[40];	/* canonical lowercase label used */
	enum w_cs_source source;
	size_t		 replacements;	/* U+FFFD produced for bad input */
};

/*
 * Pick the encoding of bytes. http_charset may be NULL. Writes the
 * canonical WHATWG name (lowercase, e.g. "windows-1252", "shift_jis",
 * "utf-16le") into name and returns its source. An empty name means the
 * source declared a label nobody knows (decode fails with
 * unsupported_charset).
 */
enum w_cs_source w_charset_sniff(const char *bytes, size_t len,
		    const char *http_charset, enum w_cs_kind kind,
		    char *name, size_t namelen);

/*
 * Decode bytes to UTF-8 (BOM stripped). -1 with unsupported_charset when
 * the chosen label is unknown or iconv cannot convert from it (out->s is
 * then NULL, out->charset the label sanitised, out->source who said it).
 * Invalid byte sequences and U+0000 become U+FFFD and are counted; the
 * result is valid UTF-8 with no NUL inside.
 */
int		 w_charset_decode(const char *bytes, size_t len,
		    const char *http_charset, enum w_cs_kind kind,
		    struct w_decoded *out, struct w_err *e);

/*
 * w_charset_decode for a malloc'd buffer the caller gives away (buf[len]
 * must be NUL): when it is already clean UTF-8 without a BOM it becomes
 * out->s as is, without a copy; otherwise it is decoded and freed.
 */
int		 w_charset_decode_take(char *buf, size_t len,
		    const char *http_charset, enum w_cs_kind kind,
		    struct w_decoded *out, struct w_err *e);

/* The charset parameter of a Content-Type value, into out; 0 if found. */
int		 w_charset_from_ctype(const char *ctype, char *out,
		    size_t outlen);

/* The media type of a Content-Type value, lowercase, no parameters. */
void		 w_mime_from_ctype(const char *ctype, char *out, size_t outlen);

/*
 * The WHATWG encoding name for a label (ASCII case-insensitive, trimmed),
 * e.g. "latin1" -> "windows-1252"; NULL when unknown. Static string.
 */
const char	*w_charset_canonical(const char *label);

/* UTF-8 for code point c (at most 0x10FFFF) into out; its length. */
size_t		 w_charset_utf8_put(unsigned long c, char out[4]);

/* "bom", "http", "meta", "xml", "default" or "late_meta". Static
 * string. */
const char	*w_charset_source_name(enum w_cs_source src);

#endif
