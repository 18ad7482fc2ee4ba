/* test_charset.c: encoding choice (BOM, HTTP, meta, XML), decoding. */
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "buf.h"
#include "charset.h"

#define H	W_CS_KIND_HTML
#define X	W_CS_KIND_XML
#define O	W_CS_KIND_OTHER

static char name[64];

/* Sniff a NUL-terminated string; the name lands in name. */
static enum w_cs_source
sniff(const char *s, const char *http, enum w_cs_kind kind)
{
	return w_charset_sniff(s, strlen(s), http, kind, name, sizeof(name));
}

/* Whether s[0..n) is valid UTF-8 without NUL bytes. */
static int
valid_utf8(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k, need;
	unsigned long cp;

	while (i < n) {
		if (s[i] == 0)
			return 0;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if (s[i] >= 0xC2 && s[i] <= 0xDF)
			need = 1;
		else if (s[i] >= 0xE0 && s[i] <= 0xEF)
			need = 2;
		else if (s[i] >= 0xF0 && s[i] <= 0xF4)
			need = 3;
		else
			return 0;
		cp = s[i] & (0x3F >> need);
		for (k = 1; k <= need; k++) {
			if (i + k >= n || (s[i + k] & 0xC0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3F);
		}
		if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
		    cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += need + 1;
	}
	return 1;
}

/* Decode n bytes; checks the result is sane and returns the status. */
static int
dec(const char *s, size_t n, const char *http, enum w_cs_kind kind,
    struct w_decoded *d, struct w_err *e)
{
	int r;

	w_err_clear(e);
	r = w_charset_decode(s, n, http, kind, d, e);
	if (r == 0)
		CHECK(d->s != NULL && strlen(d->s) == d->len &&
		    valid_utf8(d->s, d->len));
	else
		CHECK(d->s == NULL && e->code != W_E_NONE);
	return r;
}

static void
test_ctype(void)
{
	char b[40];

	CHECK_INT(w_charset_from_ctype("text/html; charset=\"ISO-8859-1\"",
	    b, sizeof(b)), 0);
	CHECK_STR(b, "iso-8859-1");
	CHECK_INT(w_charset_from_ctype("text/html;charset=utf-8", b,
	    sizeof(b)), 0);
	CHECK_STR(b, "utf-8");
	CHECK_INT(w_charset_from_ctype("text/html ; Charset = Shift_JIS ; "
	    "q=1", b, sizeof(b)), 0);
	CHECK_STR(b, "shift_jis");
	CHECK_INT(w_charset_from_ctype("text/html", b, sizeof(b)), -1);
	CHECK_INT(w_charset_from_ctype(NULL, b, sizeof(b)), -1);
	CHECK_INT(w_charset_from_ctype("text/html; charset=", b, sizeof(b)),
	    -1);
	CHECK_INT(w_charset_from_ctype("text/html; charset=\"\"", b,
	    sizeof(b)), -1);
	CHECK_INT(w_charset_from_ctype("text/html; foo=\"a;charset=x\"; "
	    "charset=koi8-r", b, sizeof(b)), 0);
	CHECK_STR(b, "koi8-r");
	CHECK_INT(w_charset_from_ctype("text/html; charset=\"a\\\"b\"", b,
	    sizeof(b)), 0);
	CHECK_STR(b, "a\"b");
	CHECK_INT(w_charset_from_ctype("text/html; charset=utf-8; "
	    "charset=latin1", b, sizeof(b)), 0);
	CHECK_STR(b, "utf-8");
	CHECK_INT(w_charset_from_ctype("text/html; xcharset=latin1; novalue;"
	    " charset=euc-kr", b, sizeof(b)), 0);
	CHECK_STR(b, "euc-kr");
	CHECK_INT(w_charset_from_ctype("text/html; charset=windows-1252", b,
	    5), 0);
	CHECK_STR(b, "wind");

	w_mime_from_ctype("Text/HTML; charset=x", b, sizeof(b));
	CHECK_STR(b, "text/html");
	w_mime_from_ctype("  application/XHTML+xml  ", b, sizeof(b));
	CHECK_STR(b, "application/xhtml+xml");
	w_mime_from_ctype("text/plain ;", b, sizeof(b));
	CHECK_STR(b, "text/plain");
	w_mime_from_ctype(NULL, b, sizeof(b));
	CHECK_STR(b, "");
	w_mime_from_ctype("application/json", b, 5);
	CHECK_STR(b, "appl");
}

static void
test_labels(void)
{
	static const char *const w1252[] = { "latin1", "iso-8859-1",
	    "ascii", "us-ascii", "windows-1252", "ISO_8859-1:1987", "l1",
	    "cp819", NULL };
	static const char *const sjis[] = { "shift_jis", "sjis", "ms_kanji",
	    "x-sjis", "windows-31j", "Shift-JIS", "ms932", NULL };
	size_t i;

	for (i = 0; w1252[i] != NULL; i++)
		CHECK_STR(w_charset_canonical(w1252[i]), "windows-1252");
	for (i = 0; sjis[i] != NULL; i++)
		CHECK_STR(w_charset_canonical(sjis[i]), "shift_jis");
	CHECK_STR(w_charset_canonical(" UTF8\t"), "utf-8");
	CHECK_STR(w_charset_canonical("unicode-1-1-utf-8"), "utf-8");
	CHECK_STR(w_charset_canonical("gb2312"), "gbk");
	CHECK_STR(w_charset_canonical("GB18030"), "gb18030");
	CHECK_STR(w_charset_canonical("utf-16"), "utf-16le");
	CHECK_STR(w_charset_canonical("UTF-16BE"), "utf-16be");
	CHECK_STR(w_charset_canonical("koi8_r"), "koi8-r");
	CHECK_STR(w_charset_canonical("x-mac-roman"), "macintosh");
	CHECK_STR(w_charset_canonical("iso-8859-9"), "windows-1254");
	CHECK_STR(w_charset_canonical("tis-620"), "windows-874");
	CHECK_STR(w_charset_canonical("ks_c_5601-1987"), "euc-kr");
	CHECK_STR(w_charset_canonical("big5-hkscs"), "big5");
	CHECK_STR(w_charset_canonical("x-euc-jp"), "euc-jp");
	CHECK_STR(w_charset_canonical("iso-2022-kr"), "replacement");
	CHECK(w_charset_canonical("bogus") == NULL);
	CHECK(w_charset_canonical("") == NULL);
	CHECK(w_charset_canonical("utf 8") == NULL);
	CHECK(w_charset_canonical(NULL) == NULL);
	CHECK_STR(w_charset_source_name(W_CS_BOM), "bom");
	CHECK_STR(w_charset_source_name(W_CS_META), "meta");
	CHECK_STR(w_charset_source_name(W_CS_DEFAULT), "default");
}

static void
test_sniff(void)
{
	char big[1200];

	/* BOM first, even against the header. */
	CHECK_INT(sniff("\xEF\xBB\xBFhi", "latin1", H), W_CS_BOM);
	CHECK_STR(name, "utf-8");
	CHECK_INT(sniff("\xFF\xFEh", NULL, O), W_CS_BOM);
	CHECK_STR(name, "utf-16le");
	CHECK_INT(sniff("\xFE\xFF", "utf-8", O), W_CS_BOM);
	CHECK_STR(name, "utf-16be");

	/* The header, then nothing. */
	CHECK_INT(sniff("x", "latin1", O), W_CS_HTTP);
	CHECK_STR(name, "windows-1252");
	CHECK_INT(sniff("x", "x-nope", H), W_CS_HTTP);
	CHECK_STR(name, "");
	CHECK_INT(sniff("x", "", O), W_CS_DEFAULT);
	CHECK_STR(name, "utf-8");
	CHECK_INT(sniff("x", " \t", O), W_CS_DEFAULT);

	/* Header wins over meta. */
	CHECK_INT(sniff("<meta charset=latin1>", "utf-8", H), W_CS_HTTP);
	CHECK_STR(name, "utf-8");

	/* Meta variants. */
	CHECK_INT(sniff("<html><head><meta charset=\"shift_jis\">", NULL, H),
	    W_CS_META);
	CHECK_STR(name, "shift_jis");
	CHECK_INT(sniff("<meta charset=koi8-r>", NULL, H), W_CS_META);
	CHECK_STR(name, "koi8-r");
	CHECK_INT(sniff("<META CHARSET='LATIN2'>", NULL, H), W_CS_META);
	CHECK_STR(name, "iso-8859-2");
	CHECK_INT(sniff("<meta/charset=\"latin1\"/>", NULL, H), W_CS_META);
	CHECK_STR(name, "windows-1252");
	CHECK_INT(sniff("<meta charset=latin1/>", NULL, H), W_CS_META);
	CHECK_STR(name, "");	/* the value is "latin1/" */
	CHECK_INT(sniff("<meta http-equiv=\"Content-Type\" content=\"text/"
	    "html; charset=iso-8859-2\">", NULL, H), W_CS_META);
	CHECK_STR(name, "iso-8859-2");
	CHECK_INT(sniff("<meta content='text/html;charset=\"euc-jp\"' "
	    "http-equiv=content-type>", NULL, H), W_CS_META);
	CHECK_STR(name, "euc-jp");
	CHECK_INT(sniff("<meta content=\"text/html; charset=latin1\">", NULL,
	    H), W_CS_DEFAULT);
	CHECK_INT(sniff("<meta name=x content=\"charset=latin1\">", NULL, H),
	    W_CS_DEFAULT);
	CHECK_INT(sniff("<meta charset=\"latin1\" charset=\"utf-8\">", NULL,
	    H), W_CS_META);
	CHECK_STR(name, "windows-1252");
	CHECK_INT(sniff("<!-- <meta charset=\"latin1\"> -->", NULL, H),
	    W_CS_DEFAULT);
	CHECK_INT(sniff("<!--><meta charset=\"latin1\">", NULL, H), W_CS_META);
	CHECK_INT(sniff("<div title=\"<meta charset=latin1>\">", NULL, H),
	    W_CS_DEFAULT);
	CHECK_INT(sniff("<!doctype html><?php x ?></p><meta charset=gbk>",
	    NULL, H), W_CS_META);
	CHECK_STR(name, "gbk");
	CHECK_INT(sniff("<meta charset=utf-16le>", NULL, H), W_CS_META);
	CHECK_STR(name, "utf-8");
	CHECK_INT(sniff("<meta charset=x-user-defined>", NULL, H), W_CS_META);
	CHECK_STR(name, "windows-1252");
	CHECK_INT(sniff("<meta charset=bogus><meta charset=latin1>", NULL, H),
	    W_CS_META);
	CHECK_STR(name, "windows-1252");
	CHECK_INT(sniff("<meta charset=bogus>", NULL, H), W_CS_META);
	CHECK_STR(name, "");
	CHECK_INT(sniff("<meta charset=\"latin1", NULL, H), W_CS_DEFAULT);
	CHECK_INT(sniff("<meta charset=latin1>", NULL, O), W_CS_DEFAULT);
	CHECK_INT(sniff("<meta charset=latin1>", NULL, X), W_CS_DEFAULT);

	/* After 1024 bytes the prescan has stopped. */
	memset(big, ' ', sizeof(big));
	memcpy(big + 1030, "<meta charset=latin1>", 22);
	CHECK_INT(sniff(big, NULL, H), W_CS_DEFAULT);
	memcpy(big + 1000, "<meta charset=latin1>", 22);
	CHECK_INT(sniff(big, NULL, H), W_CS_META);

	/* XML declaration, for XML only. */
	CHECK_INT(sniff("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>",
	    NULL, X), W_CS_XML);
	CHECK_STR(name, "windows-1252");
	CHECK_INT(sniff("<?xml version='1.0' encoding = 'euc-kr' ?>", NULL,
	    X), W_CS_XML);
	CHECK_STR(name, "euc-kr");
	CHECK_INT(sniff("<?xml version=\"1.0\"?><a encoding=\"latin1\"/>",
	    NULL, X), W_CS_DEFAULT);
	CHECK_INT(sniff("<?xml version=\"1.0\" encoding=\"latin1\"?>", NULL,
	    H), W_CS_DEFAULT);
	CHECK_INT(sniff("<?xml version=\"1.0\" encoding=\"latin1\"?>",
	    "koi8-r", X), W_CS_HTTP);
	CHECK_INT(w_charset_sniff("<\0?\0x\0", 6, NULL, X, name,
	    sizeof(name)), W_CS_XML);
	CHECK_STR(name, "utf-16le");
}

static void
test_decode(void)
{
	struct w_decoded d;
	struct w_err e;
	char *big;
	size_t i, n;
	unsigned int seed = 7;

	/* Latin-1 by header, by meta, windows-1252 extras. */
	CHECK_INT(dec("caf\xE9", 4, "iso-8859-1", H, &d, &e), 0);
	CHECK_STR(d.s, "caf\xC3\xA9");
	CHECK_STR(d.charset, "windows-1252");
	CHECK_INT(d.source, W_CS_HTTP);
	CHECK_INT(d.replacements, 0);
	free(d.s);
	CHECK_INT(dec("<meta charset=latin1>\x80\x81", 23, NULL, H, &d, &e),
	    0);
	CHECK_STR(d.s, "<meta charset=latin1>\xE2\x82\xAC\xC2\x81");
	CHECK_INT(d.source, W_CS_META);
	free(d.s);

	/* Header vs meta: the header wins, so E9 is bad UTF-8. */
	CHECK_INT(dec("<meta charset=latin1>\xE9", 22, "utf-8", H, &d, &e),
	    0);
	CHECK_INT(d.source, W_CS_HTTP);
	CHECK_INT(d.replacements, 1);
	free(d.s);

	/* BOM: stripped, and beats the header. */
	CHECK_INT(dec("\xEF\xBB\xBF\xC3\xA9", 5, "latin1", H, &d, &e), 0);
	CHECK_STR(d.s, "\xC3\xA9");
	CHECK_INT(d.source, W_CS_BOM);
	free(d.s);
	CHECK_INT(dec("\xFF\xFE" "A\0\xE9\0\x3D\xD8\x00\xDE", 10, NULL, H,
	    &d, &e), 0);
	CHECK_STR(d.s, "A\xC3\xA9\xF0\x9F\x98\x80");
	CHECK_STR(d.charset, "utf-16le");
	free(d.s);
	CHECK_INT(dec("\xFE\xFF\0A\x65\xE5\0", 7, NULL, O, &d, &e), 0);
	CHECK_STR(d.s, "A\xE6\x97\xA5\xEF\xBF\xBD");
	CHECK_INT(d.replacements, 1);
	free(d.s);
	CHECK_INT(dec("\xFF\xFE\x00\xDC" "A\0\x00\xD8", 8, NULL, O, &d, &e),
	    0);
	CHECK_STR(d.s, "\xEF\xBF\xBD" "A\xEF\xBF\xBD");
	CHECK_INT(d.replacements, 2);
	free(d.s);

	/* CJK through iconv. */
	CHECK_INT(dec("\x93\xFA\x96\x7B", 4, "shift_jis", O, &d, &e), 0);
	CHECK_STR(d.s, "\xE6\x97\xA5\xE6\x9C\xAC");
	free(d.s);
	CHECK_INT(dec("\x93\xFA\x93", 3, "sjis", O, &d, &e), 0);
	CHECK_STR(d.s, "\xE6\x97\xA5\xEF\xBF\xBD");
	CHECK_INT(d.replacements, 1);
	free(d.s);
	CHECK_INT(dec("\xC6\xFC", 2, "euc-jp", O, &d, &e), 0);
	CHECK_STR(d.s, "\xE6\x97\xA5");
	free(d.s);
	CHECK_INT(dec("\x1B$BF|\x1B(B!", 9, "iso-2022-jp", O, &d, &e), 0);
	CHECK_STR(d.s, "\xE6\x97\xA5!");
	free(d.s);
	CHECK_INT(dec("\xD6\xD0", 2, "gb2312", O, &d, &e), 0);
	CHECK_STR(d.s, "\xE4\xB8\xAD");
	free(d.s);
	CHECK_INT(dec("\xA4\xA4", 2, "big5", O, &d, &e), 0);
	CHECK_STR(d.s, "\xE4\xB8\xAD");
	free(d.s);
	CHECK_INT(dec("\xC7\xD1", 2, "euc-kr", O, &d, &e), 0);
	CHECK_STR(d.s, "\xED\x95\x9C");
	free(d.s);
	CHECK_INT(dec("\xC1", 1, "koi8-r", O, &d, &e), 0);
	CHECK_STR(d.s, "\xD0\xB0");
	free(d.s);
	CHECK_INT(dec("a\x80", 2, "x-user-defined", O, &d, &e), 0);
	CHECK_STR(d.s, "a\xEF\x9E\x80");
	free(d.s);
	CHECK_INT(dec("a\0b", 3, "latin1", O, &d, &e), 0);
	CHECK_STR(d.s, "a\xEF\xBF\xBD" "b");
	CHECK_INT(d.replacements, 1);
	free(d.s);

	/* Unsupported: unknown label, replacement, unknown meta. */
	CHECK_INT(dec("x", 1, "x-bogus", H, &d, &e), -1);
	CHECK_STR(w_err_name(e.code), "unsupported_charset");
	CHECK_STR(d.charset, "x-bogus");
	CHECK_INT(d.source, W_CS_HTTP);
	CHECK_INT(dec("x", 1, "iso-2022-kr", H, &d, &e), -1);
	CHECK_STR(w_err_name(e.code), "unsupported_charset");
	CHECK_INT(dec("x", 1, " Evil\x01Label-That-Is-Far-Too-Long-To-Echo-"
	    "Whole", O, &d, &e), -1);
	CHECK_STR(d.charset, "evil?label-that-is-far-too-long-to-echo");
	CHECK(strlen(e.msg) < 80);
	CHECK_INT(dec("<meta charset=klingon>", 22, NULL, H, &d, &e), -1);
	CHECK_INT(d.source, W_CS_META);
	CHECK_INT(dec("<?xml version=\"1.0\" encoding=\"ebcdic-x\"?>", 41,
	    NULL, X, &d, &e), -1);
	CHECK_INT(d.source, W_CS_XML);

	/* Invalid UTF-8: one U+FFFD per maximal subpart. */
	CHECK_INT(dec("a\x80" "b", 3, NULL, O, &d, &e), 0);
	CHECK_STR(d.s, "a\xEF\xBF\xBD" "b");
	CHECK_INT(d.replacements, 1);
	free(d.s);
	CHECK_INT(dec("\xC0\x80", 2, NULL, O, &d, &e), 0);
	CHECK_INT(d.replacements, 2);
	free(d.s);
	CHECK_INT(dec("\xE0\x80\x80", 3, NULL, O, &d, &e), 0);
	CHECK_INT(d.replacements, 3);
	free(d.s);
	CHECK_INT(dec("\xED\xA0\x80", 3, NULL, O, &d, &e), 0);
	CHECK_INT(d.replacements, 3);
	free(d.s);
	CHECK_INT(dec("\xF4\x90\x80\x80", 4, NULL, O, &d, &e), 0);
	CHECK_INT(d.replacements, 4);
	free(d.s);
	CHECK_INT(dec("\xF5\xFF", 2, NULL, O, &d, &e), 0);
	CHECK_INT(d.replacements, 2);
	free(d.s);
	CHECK_INT(dec("a\xE6\x97", 3, NULL, O, &d, &e), 0);
	CHECK_STR(d.s, "a\xEF\xBF\xBD");
	CHECK_INT(d.replacements, 1);
	free(d.s);
	CHECK_INT(dec("\xE6\x97" "A\xF0\x9F\x98" "B", 7, NULL, O, &d, &e), 0);
	CHECK_STR(d.s, "\xEF\xBF\xBD" "A\xEF\xBF\xBD" "B");
	CHECK_INT(d.replacements, 2);
	free(d.s);
	CHECK_INT(dec("\xF0\x9F\x98\x80\xE6\x97\xA5\xC3\xA9", 9, NULL, O, &d,
	    &e), 0);
	CHECK_INT(d.replacements, 0);
	CHECK_INT(d.len, 9);
	free(d.s);
	CHECK_INT(dec("abcdefgh\0ijklmnop", 17, NULL, O, &d, &e), 0);
	CHECK_INT(d.replacements, 1);
	CHECK_INT(d.len, 19);
	free(d.s);
	CHECK_INT(dec("", 0, NULL, H, &d, &e), 0);
	CHECK_INT(d.len, 0);
	CHECK_INT(d.source, W_CS_DEFAULT);
	free(d.s);
	CHECK_INT(dec(NULL, 0, "latin1", H, &d, &e), 0);
	CHECK_STR(d.s, "");
	free(d.s);

	/* A big valid page passes through unchanged. */
	n = 5 << 20;
	big = malloc(n);
	for (i = 0; i < n; i++)
		big[i] = (char)(i % 100 == 99 ? '\n' : 'a' + i % 26);
	memcpy(big + 1000, "\xE6\x97\xA5", 3);
	CHECK_INT(dec(big, n, NULL, H, &d, &e), 0);
	CHECK(d.len == n && memcmp(d.s, big, n) == 0);
	CHECK_INT(d.replacements, 0);
	free(d.s);

	/* Random bytes in every decoder: always valid, bounded output. */
	for (i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		big[i] = (char)(seed >> 16);
	}
	{
		static const char *const labs[] = { "utf-8", "utf-16le",
		    "utf-16be", "latin1", "shift_jis", "euc-jp", "gbk",
		    "big5", "euc-kr", "iso-2022-jp", "koi8-u",
		    "windows-1255", "x-user-defined" };
		size_t k, bad = 0;

		for (k = 0; k < sizeof(labs) / sizeof(labs[0]); k++) {
			if (w_charset_decode(big, 65536, labs[k], O, &d,
			    &e) != 0 || !valid_utf8(d.s, d.len) ||
			    d.len > 4 * 65536 + 64)
				bad++;
			free(d.s);
		}
		CHECK_INT(bad, 0);
	}
	free(big);
}

/* w_charset_decode_take adopts clean UTF-8 and decodes the rest. */
static void
test_take(void)
{
	struct w_decoded d;
	struct w_err e;
	char *buf;

	w_err_clear(&e);
	buf = w_strdup("caf\xc3\xa9 ok");
	CHECK_INT(w_charset_decode_take(buf, strlen(buf), NULL,
	    W_CS_KIND_HTML, &d, &e), 0);
	CHECK(d.s == buf);		/* no copy */
	CHECK_STR(d.charset, "utf-8");
	CHECK_INT(d.replacements, 0);
	free(d.s);

	buf = w_strdup("a\xff b");	/* invalid: decoded, counted */
	CHECK_INT(w_charset_decode_take(buf, strlen(buf), "utf-8",
	    W_CS_KIND_OTHER, &d, &e), 0);
	CHECK_STR(d.s, "a\xef\xbf\xbd b");
	CHECK_INT(d.replacements, 1);
	free(d.s);

	buf = w_strdup("\xef\xbb\xbfhi");	/* BOM: stripped, so copied */
	CHECK_INT(w_charset_decode_take(buf, strlen(buf), NULL,
	    W_CS_KIND_OTHER, &d, &e), 0);
	CHECK_STR(d.s, "hi");
	CHECK_INT(d.source, W_CS_BOM);
	free(d.s);

	buf = w_strdup("caf\xe9");		/* Latin-1 declared */
	CHECK_INT(w_charset_decode_take(buf, strlen(buf), "iso-8859-1",
	    W_CS_KIND_OTHER, &d, &e), 0);
	CHECK_STR(d.s, "caf\xc3\xa9");
	free(d.s);

	buf = w_malloc(4);			/* a NUL inside: not clean */
	memcpy(buf, "a\0b", 4);
	CHECK_INT(w_charset_decode_take(buf, 3, NULL, W_CS_KIND_OTHER, &d,
	    &e), 0);
	CHECK_INT(d.replacements, 1);
	free(d.s);

	buf = w_strdup("x");
	CHECK_INT(w_charset_decode_take(buf, 1, "x-made-up", W_CS_KIND_OTHER,
	    &d, &e), -1);
	CHECK_STR(w_err_name(e.code), "unsupported_charset");
}

/* The UTF-8 encoder at each length boundary. */
static void
test_utf8_put(void)
{
	static const struct {
		unsigned long	 c;
		const char	*want;
	} v[] = {
		{ 0x41, "A" }, { 0x7f, "\x7f" }, { 0x80, "\xc2\x80" },
		{ 0xe9, "\xc3\xa9" }, { 0x7ff, "\xdf\xbf" },
		{ 0x800, "\xe0\xa0\x80" }, { 0x20ac, "\xe2\x82\xac" },
		{ 0xffff, "\xef\xbf\xbf" }, { 0x10000, "\xf0\x90\x80\x80" },
		{ 0x1f600, "\xf0\x9f\x98\x80" },
		{ 0x10ffff, "\xf4\x8f\xbf\xbf" }, { 0, NULL }
	};
	char out[5];
	size_t i, n;

	for (i = 0; v[i].want != NULL; i++) {
		n = w_charset_utf8_put(v[i].c, out);
		out[n] = '\0';
		CHECK_INT(n, strlen(v[i].want));
		CHECK_STR(out, v[i].want);
	}
}

/* A <meta charset> past the 1,024-byte prescan (the tokenizer's change
 * of a tentative encoding): used for bytes that are not UTF-8. */
static void
test_late_meta(void)
{
	struct w_buf b;
	struct w_decoded d;
	struct w_err e;
	int i;

	w_buf_init(&b, 1 << 20);
	(void)w_buf_adds(&b, "<html><head><!-- ");
	for (i = 0; i < 200; i++)
		(void)w_buf_adds(&b, "padding ");
	(void)w_buf_adds(&b, "--><meta charset=\"windows-1251\"><title>"
	    "\xcf\xf0\xe8\xe2\xe5\xf2</title></head><body></body></html>");
	CHECK_INT(w_charset_sniff(b.p, b.len, NULL, H, name, sizeof(name)),
	    W_CS_META_LATE);
	CHECK_STR(name, "windows-1251");
	CHECK_STR(w_charset_source_name(W_CS_META_LATE), "late_meta");
	w_err_clear(&e);
	CHECK_INT(w_charset_decode(b.p, b.len, NULL, H, &d, &e), 0);
	CHECK(d.s != NULL && strstr(d.s, "\xd0\x9f\xd1\x80\xd0\xb8") != NULL);
	CHECK_INT(d.replacements, 0);
	free(d.s);
	/* not for other kinds, not when an HTTP charset was given */
	CHECK_INT(w_charset_sniff(b.p, b.len, NULL, O, name, sizeof(name)),
	    W_CS_DEFAULT);
	CHECK_INT(w_charset_sniff(b.p, b.len, "utf-8", H, name,
	    sizeof(name)), W_CS_HTTP);
	/* bytes that are valid UTF-8 stay UTF-8 */
	b.len -= strlen("\xcf\xf0\xe8\xe2\xe5\xf2</title></head><body>"
	    "</body></html>");
	b.p[b.len] = '\0';
	(void)w_buf_adds(&b, "\xd0\x9f</title></head></html>");
	CHECK_INT(w_charset_sniff(b.p, b.len, NULL, H, name, sizeof(name)),
	    W_CS_DEFAULT);
	CHECK_STR(name, "utf-8");
	w_buf_free(&b);
}

int
main(void)
{
	test_utf8_put();
	test_take();
	test_ctype();
	test_labels();
	test_sniff();
	test_decode();
	test_late_meta();
	T_DONE();
}
