/*
 * charset.c: pick a document's encoding the way the WHATWG Encoding and
 * HTML standards do (BOM, HTTP charset, meta prescan or XML declaration,
 * then UTF-8) and decode it to UTF-8. UTF-8, UTF-16 and x-user-defined
 * are decoded here; everything else goes through iconv. Bad input
 * becomes U+FFFD and is counted; U+0000 is replaced too, so the result
 * is always NUL-free, valid UTF-8.
 */
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "charset.h"

#define PRESCAN_MAX	1024	/* bytes the meta prescan looks at */
#define LABEL_MAX	39	/* longest label we echo or store */

enum dec {
	DEC_ICONV,
	DEC_UTF8,
	DEC_UTF16LE,
	DEC_UTF16BE,
	DEC_XUD,
	DEC_NONE		/* the "replacement" encoding */
};

/*
 * The encodings and their labels, written from the tables of the WHATWG
 * Encoding Standard (https://encoding.spec.whatwg.org/#names-and-labels).
 * iconv names are glibc's; gbk decodes with the gb18030 decoder and big5
 * with HKSCS, as the standard says; shift_jis and euc-kr are the Windows
 * supersets (CP932, CP949) that the standard's indexes describe.
 */
static const struct encoding {
	const char	*name;
	enum dec	 dec;
	const char	*iconv;
	const char	*labels;	/* space-separated */
} encodings[] = {
	{ "utf-8", DEC_UTF8, NULL, "unicode-1-1-utf-8 unicode11utf8 "
	    "unicode20utf8 utf-8 utf8 x-unicode20utf8" },
	{ "ibm866", DEC_ICONV, "IBM866", "866 cp866 csibm866 ibm866" },
	{ "iso-8859-2", DEC_ICONV, "ISO-8859-2", "csisolatin2 iso-8859-2 "
	    "iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 "
	    "latin2" },
	{ "iso-8859-3", DEC_ICONV, "ISO-8859-3", "csisolatin3 iso-8859-3 "
	    "iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 "
	    "latin3" },
	{ "iso-8859-4", DEC_ICONV, "ISO-8859-4", "csisolatin4 iso-8859-4 "
	    "iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 "
	    "latin4" },
	{ "iso-8859-5", DEC_ICONV, "ISO-8859-5", "csisolatincyrillic "
	    "cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 "
	    "iso_8859-5:1988" },
	{ "iso-8859-6", DEC_ICONV, "ISO-8859-6", "arabic asmo-708 "
	    "csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 "
	    "iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 "
	    "iso_8859-6 iso_8859-6:1987" },
	{ "iso-8859-7", DEC_ICONV, "ISO-8859-7", "csisolatingreek ecma-118 "
	    "elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 "
	    "iso_8859-7 iso_8859-7:1987 sun_eu_greek" },
	{ "iso-8859-8", DEC_ICONV, "ISO-8859-8", "csiso88598e "
	    "csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 "
	    "iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual" },
	{ "iso-8859-8-i", DEC_ICONV, "ISO-8859-8", "csiso88598i "
	    "iso-8859-8-i logical" },
	{ "iso-8859-10", DEC_ICONV, "ISO-8859-10", "csisolatin6 iso-8859-10 "
	    "iso-ir-157 iso8859-10 iso885910 l6 latin6" },
	{ "iso-8859-13", DEC_ICONV, "ISO-8859-13", "iso-8859-13 iso8859-13 "
	    "iso885913" },
	{ "iso-8859-14", DEC_ICONV, "ISO-8859-14", "iso-8859-14 iso8859-14 "
	    "iso885914" },
	{ "iso-8859-15", DEC_ICONV, "ISO-8859-15", "csisolatin9 iso-8859-15 "
	    "iso8859-15 iso885915 iso_8859-15 l9" },
	{ "iso-8859-16", DEC_ICONV, "ISO-8859-16", "iso-8859-16" },
	{ "koi8-r", DEC_ICONV, "KOI8-R", "cskoi8r koi koi8 koi8-r koi8_r" },
	{ "koi8-u", DEC_ICONV, "KOI8-U", "koi8-ru koi8-u" },
	{ "macintosh", DEC_ICONV, "MACINTOSH", "csmacintosh mac macintosh "
	    "x-mac-roman" },
	{ "windows-874", DEC_ICONV, "CP874", "dos-874 iso-8859-11 "
	    "iso8859-11 iso885911 tis-620 windows-874" },
	{ "windows-1250", DEC_ICONV, "CP1250", "cp1250 windows-1250 "
	    "x-cp1250" },
	{ "windows-1251", DEC_ICONV, "CP1251", "cp1251 windows-1251 "
	    "x-cp1251" },
	{ "windows-1252", DEC_ICONV, "CP1252", "ansi_x3.4-1968 ascii cp1252 "
	    "cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 "
	    "iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii "
	    "windows-1252 x-cp1252" },
	{ "windows-1253", DEC_ICONV, "CP1253", "cp1253 windows-1253 "
	    "x-cp1253" },
	{ "windows-1254", DEC_ICONV, "CP1254", "cp1254 csisolatin5 "
	    "iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 "
	    "iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254" },
	{ "windows-1255", DEC_ICONV, "CP1255", "cp1255 windows-1255 "
	    "x-cp1255" },
	{ "windows-1256", DEC_ICONV, "CP1256", "cp1256 windows-1256 "
	    "x-cp1256" },
	{ "windows-1257", DEC_ICONV, "CP1257", "cp1257 windows-1257 "
	    "x-cp1257" },
	{ "windows-1258", DEC_ICONV, "CP1258", "cp1258 windows-1258 "
	    "x-cp1258" },
	{ "x-mac-cyrillic", DEC_ICONV, "MAC-CYRILLIC", "x-mac-cyrillic "
	    "x-mac-ukrainian" },
	{ "gbk", DEC_ICONV, "GB18030", "chinese csgb2312 csiso58gb231280 "
	    "gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk" },
	{ "gb18030", DEC_ICONV, "GB18030", "gb18030" },
	{ "big5", DEC_ICONV, "BIG5-HKSCS", "big5 big5-hkscs cn-big5 csbig5 "
	    "x-x-big5" },
	{ "euc-jp", DEC_ICONV, "EUC-JP", "cseucpkdfmtjapanese euc-jp "
	    "x-euc-jp" },
	{ "iso-2022-jp", DEC_ICONV, "ISO-2022-JP", "csiso2022jp "
	    "iso-2022-jp" },
	{ "shift_jis", DEC_ICONV, "CP932", "csshiftjis ms932 ms_kanji "
	    "shift-jis shift_jis sjis windows-31j x-sjis" },
	{ "euc-kr", DEC_ICONV, "CP949", "cseuckr csksc56011987 euc-kr "
	    "iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 "
	    "ksc_5601 windows-949" },
	{ "replacement", DEC_NONE, NULL, "csiso2022kr hz-gb-2312 "
	    "iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement" },
	{ "utf-16be", DEC_UTF16BE, NULL, "unicodefffe utf-16be" },
	{ "utf-16le", DEC_UTF16LE, NULL, "csunicode iso-10646-ucs-2 ucs-2 "
	    "unicode unicodefeff utf-16 utf-16le" },
	{ "x-user-defined", DEC_XUD, NULL, "x-user-defined" },
};

#define NENC	(sizeof(encodings) / sizeof(encodings[0]))

/* What the sniffer decided: an encoding, or a label nobody knows. */
struct pick {
	const struct encoding	*enc;		/* NULL: unknown label */
	enum w_cs_source	 source;
	char			 label[LABEL_MAX + 1]; /* sanitised */
	size_t			 skip;		/* BOM length */
};

/* The output of a decoder: grows, but never past max. */
struct obuf {
	char	*p;
	size_t	 len;
	size_t	 cap;
	size_t	 max;
	size_t	 rep;
};

static const char fffd[] = "\xEF\xBF\xBD";

static int
is_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Copy a label for messages: trimmed, lowercase, printable, short. */
static void
sanitise(const char *s, size_t n, char *out, size_t outlen)
{
	size_t i, o = 0;

	while (n > 0 && is_ws((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && is_ws((unsigned char)s[n - 1]))
		n--;
	for (i = 0; i < n && o + 1 < outlen; i++) {
		unsigned char c = (unsigned char)s[i];

		out[o++] = c >= 0x20 && c < 0x7f ? (char)lower(c) : '?';
	}
	if (outlen > 0)
		out[o] = '\0';
}

/* The WHATWG "get an encoding" over n bytes of s; NULL on failure. */
static const struct encoding *
lookup(const char *s, size_t n)
{
	char key[32];
	size_t i, k;
	const char *l, *e;

	while (n > 0 && is_ws((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && is_ws((unsigned char)s[n - 1]))
		n--;
	if (n == 0 || n >= sizeof(key))
		return NULL;
	for (i = 0; i < n; i++)
		key[i] = (char)lower((unsigned char)s[i]);
	for (k = 0; k < NENC; k++) {
		for (l = encodings[k].labels; *l != '\0'; l = e) {
			e = strchr(l, ' ');
			if (e == NULL)
				e = l + strlen(l);
			if ((size_t)(e - l) == n && memcmp(l, key, n) == 0)
				return &encodings[k];
			if (*e == ' ')
				e++;
		}
	}
	return NULL;
}

/*
 * The WHATWG name for a label (case-insensitive, whitespace trimmed),
 * or NULL when the label is unknown. The string is static.
 */
const char *
w_charset_canonical(const char *label)
{
	const struct encoding *enc;

	if (label == NULL)
		return NULL;
	enc = lookup(label, strlen(label));
	return enc != NULL ? enc->name : NULL;
}

/* A short name for a source: bom, http, meta, xml, default. */
const char *
w_charset_source_name(enum w_cs_source src)
{
	static const char *const names[] = { "bom", "http", "meta", "xml",
	    "default", "late_meta" };

	if ((size_t)src >= sizeof(names) / sizeof(names[0]))
		return "default";
	return names[src];
}

/* ---- meta prescan (HTML standard, "prescan a byte stream") ---- */

struct attr {
	char	name[PRESCAN_MAX + 1];
	size_t	nlen;
	char	val[PRESCAN_MAX + 1];
	size_t	vlen;
};

static void
app(char *buf, size_t *len, int c)
{
	if (*len < PRESCAN_MAX)
		buf[(*len)++] = (char)lower(c);
	buf[*len] = '\0';
}

/*
 * "Get an attribute" at *ip. 1: an attribute in a; 0: none (at '>');
 * -1: the input ended, which aborts the prescan.
 */
static int
get_attr(const unsigned char *p, size_t n, size_t *ip, struct attr *a)
{
	size_t i = *ip;
	int q;

	a->nlen = a->vlen = 0;
	a->name[0] = a->val[0] = '\0';
	while (i < n && (is_ws(p[i]) || p[i] == '/'))
		i++;
	if (i >= n)
		return -1;
	if (p[i] == '>') {
		*ip = i;
		return 0;
	}
	for (;; i++) {
		if (i >= n)
			return -1;
		if (p[i] == '=' && a->nlen > 0) {
			i++;
			goto value;
		}
		if (is_ws(p[i]))
			break;
		if (p[i] == '/' || p[i] == '>')
			goto done;
		app(a->name, &a->nlen, p[i]);
	}
	while (i < n && is_ws(p[i]))
		i++;
	if (i >= n)
		return -1;
	if (p[i] != '=')
		goto done;
	i++;
value:
	while (i < n && is_ws(p[i]))
		i++;
	if (i >= n)
		return -1;
	if (p[i] == '"' || p[i] == '\'') {
		q = p[i];
		for (i++; i < n && p[i] != q; i++)
			app(a->val, &a->vlen, p[i]);
		if (i >= n)
			return -1;
		i++;
		goto done;
	}
	if (p[i] == '>')
		goto done;
	for (; i < n && !is_ws(p[i]) && p[i] != '>'; i++)
		app(a->val, &a->vlen, p[i]);
	if (i >= n)
		return -1;
done:
	*ip = i;
	return 1;
}

/*
 * "Extract a character encoding from a meta element" (the content
 * attribute). Returns 1 with *enc set (NULL for an unknown label, whose
 * text goes to bad), 0 when no charset is named.
 */
static int
meta_content(const char *v, size_t n, const struct encoding **enc,
    char *bad, size_t badlen)
{
	size_t i = 0, j, s;
	char q;

	for (;;) {
		for (; i + 7 <= n; i++)
			if (strncmp(v + i, "charset", 7) == 0)
				break;
		if (i + 7 > n)
			return 0;
		i += 7;
		while (i < n && is_ws((unsigned char)v[i]))
			i++;
		if (i < n && v[i] == '=')
			break;
	}
	i++;
	while (i < n && is_ws((unsigned char)v[i]))
		i++;
	if (i >= n)
		return 0;
	if (v[i] == '"' || v[i] == '\'') {
		q = v[i];
		s = ++i;
		for (j = s; j < n && v[j] != q; j++)
			;
		if (j >= n)
			return 0;
	} else {
		s = i;
		for (j = s; j < n && !is_ws((unsigned char)v[j]) &&
		    v[j] != ';'; j++)
			;
	}
	*enc = lookup(v + s, j - s);
	if (*enc == NULL)
		sanitise(v + s, j - s, bad, badlen);
	return 1;
}

/*
 * The attributes of one <meta>, from *ip. Returns 1 with *enc when the
 * meta declares a usable encoding, 0 when it does not (an unknown label
 * is copied to bad when bad is empty), -1 when the input ended.
 */
static int
meta_tag(const unsigned char *p, size_t n, size_t *ip,
    const struct encoding **enc, char *bad, size_t badlen)
{
	struct attr *a;
	const struct encoding *cs = NULL;
	char lab[LABEL_MAX + 1] = "";
	int seen_he = 0, seen_ct = 0, seen_cs = 0;
	int got_pragma = 0, need = -1, r;

	a = w_malloc(sizeof(*a));
	while ((r = get_attr(p, n, ip, a)) == 1) {
		if (strcmp(a->name, "http-equiv") == 0 && !seen_he) {
			seen_he = 1;
			if (strcmp(a->val, "content-type") == 0)
				got_pragma = 1;
		} else if (strcmp(a->name, "content") == 0 && !seen_ct) {
			const struct encoding *e = NULL;
			char b[LABEL_MAX + 1] = "";

			seen_ct = 1;
			if (meta_content(a->val, a->vlen, &e, b,
			    sizeof(b)) && need == -1) {
				cs = e;
				memcpy(lab, b, sizeof(lab));
				need = 1;
			}
		} else if (strcmp(a->name, "charset") == 0 && !seen_cs) {
			seen_cs = 1;
			cs = lookup(a->val, a->vlen);
			if (cs == NULL)
				sanitise(a->val, a->vlen, lab, sizeof(lab));
			need = 0;
		}
	}
	free(a);
	if (r < 0)
		return -1;
	if (need == -1 || (need == 1 && !got_pragma))
		return 0;
	if (cs == NULL) {
		if (bad[0] == '\0')
			snprintf(bad, badlen, "%s", lab);
		return 0;
	}
	if (cs->dec == DEC_UTF16LE || cs->dec == DEC_UTF16BE)
		cs = lookup("utf-8", 5);
	else if (cs->dec == DEC_XUD)
		cs = lookup("windows-1252", 12);
	*enc = cs;
	return 1;
}

static int
ci_prefix(const unsigned char *p, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && strncasecmp((const char *)p, s, k) == 0;
}

static int
alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/*
 * Prescan the first max bytes of HTML. Returns the encoding found, or
 * NULL (then bad holds the first unknown label a meta declared, if any).
 */
static const struct encoding *
prescan(const unsigned char *p, size_t n, size_t max, char *bad,
    size_t badlen)
{
	const struct encoding *enc = NULL;
	struct attr *a;
	size_t i, k;
	int r;

	bad[0] = '\0';
	if (n > max)
		n = max;
	a = w_malloc(sizeof(*a));
	for (i = 0; i < n; i++) {
		if (p[i] != '<')
			continue;
		if (ci_prefix(p + i, n - i, "<!--")) {
			for (k = i + 2; k + 3 <= n; k++)
				if (memcmp(p + k, "-->", 3) == 0)
					break;
			if (k + 3 > n)
				break;
			i = k + 2;
		} else if (ci_prefix(p + i, n - i, "<meta") && i + 5 < n &&
		    (is_ws(p[i + 5]) || p[i + 5] == '/')) {
			i += 5;
			r = meta_tag(p, n, &i, &enc, bad, badlen);
			if (r != 0)
				break;
		} else if ((i + 1 < n && alpha(p[i + 1])) || (i + 2 < n &&
		    p[i + 1] == '/' && alpha(p[i + 2]))) {
			while (i < n && !is_ws(p[i]) && p[i] != '>')
				i++;
			while ((r = get_attr(p, n, &i, a)) == 1)
				;
			if (r < 0)
				break;
		} else if (i + 1 < n && (p[i + 1] == '!' || p[i + 1] == '/' ||
		    p[i + 1] == '?')) {
			for (i += 2; i < n && p[i] != '>'; i++)
				;
		}
	}
	free(a);
	return enc;
}

/* ---- XML declaration ---- */

/*
 * <?xml ... encoding="..."?> at the very start. Returns 1 with *enc
 * (NULL for an unknown label, copied to bad), 0 when none is declared.
 */
static int
xml_decl(const unsigned char *p, size_t n, const struct encoding **enc,
    char *bad, size_t badlen)
{
	size_t i, s;
	unsigned char q;

	if (n > PRESCAN_MAX)
		n = PRESCAN_MAX;
	if (n < 6 || memcmp(p, "<?xml", 5) != 0 || !is_ws(p[5]))
		return 0;
	for (i = 5; i + 8 < n; i++) {
		if (p[i] == '?' && p[i + 1] == '>')
			return 0;
		if (is_ws(p[i]) && memcmp(p + i + 1, "encoding", 8) == 0)
			break;
	}
	if (i + 8 >= n)
		return 0;
	for (i += 9; i < n && is_ws(p[i]); i++)
		;
	if (i >= n || p[i] != '=')
		return 0;
	for (i++; i < n && is_ws(p[i]); i++)
		;
	if (i >= n || (p[i] != '"' && p[i] != '\''))
		return 0;
	q = p[i];
	for (s = ++i; i < n && p[i] != q; i++)
		;
	if (i >= n)
		return 0;
	*enc = lookup((const char *)p + s, i - s);
	if (*enc == NULL)
		sanitise((const char *)p + s, i - s, bad, badlen);
	else if ((*enc)->dec == DEC_UTF16LE || (*enc)->dec == DEC_UTF16BE)
		*enc = lookup("utf-8", 5);
	return 1;
}

/* ---- the decision ---- */

static int	 dec_utf8(const unsigned char *, size_t, struct obuf *);

static void
choose(const unsigned char *p, size_t n, const char *http,
    enum w_cs_kind kind, struct pick *pk)
{
	const struct encoding *enc = NULL;
	size_t hl;

	memset(pk, 0, sizeof(*pk));
	pk->source = W_CS_DEFAULT;
	if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
		pk->enc = lookup("utf-8", 5);
		pk->skip = 3;
	} else if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF) {
		pk->enc = lookup("utf-16be", 8);
		pk->skip = 2;
	} else if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE) {
		pk->enc = lookup("utf-16le", 8);
		pk->skip = 2;
	}
	if (pk->enc != NULL) {
		pk->source = W_CS_BOM;
		return;
	}
	hl = http != NULL ? strlen(http) : 0;
	sanitise(http != NULL ? http : "", hl, pk->label, sizeof(pk->label));
	if (pk->label[0] != '\0') {
		pk->source = W_CS_HTTP;
		pk->enc = lookup(http, hl);
		return;
	}
	if (kind == W_CS_KIND_HTML) {
		pk->enc = prescan(p, n, PRESCAN_MAX, pk->label,
		    sizeof(pk->label));
		if (pk->enc != NULL || pk->label[0] != '\0') {
			pk->source = W_CS_META;
			return;
		}
		/*
		 * A <meta charset> the prescan missed (after a long comment
		 * or script): the HTML tokenizer changes a tentative
		 * encoding when it meets one, re-decoding once. The default
		 * here is UTF-8, so bytes that already are UTF-8 stay so.
		 */
		if (n > PRESCAN_MAX && !dec_utf8(p, n, NULL) &&
		    (enc = prescan(p, n, n, pk->label,
		    sizeof(pk->label))) != NULL && enc->dec != DEC_UTF8) {
			pk->enc = enc;
			pk->source = W_CS_META_LATE;
			return;
		}
		pk->label[0] = '\0';
	} else if (kind == W_CS_KIND_XML) {
		if (n >= 4 && memcmp(p, "<\0?\0", 4) == 0)
			enc = lookup("utf-16le", 8);
		else if (n >= 4 && memcmp(p, "\0<\0?", 4) == 0)
			enc = lookup("utf-16be", 8);
		if (enc != NULL || xml_decl(p, n, &enc, pk->label,
		    sizeof(pk->label))) {
			pk->source = W_CS_XML;
			pk->enc = enc;
			return;
		}
	}
	pk->enc = lookup("utf-8", 5);
}

/*
 * Pick the encoding of bytes (see charset.h). An empty name means the
 * declared label is unknown and w_charset_decode would fail.
 */
enum w_cs_source
w_charset_sniff(const char *bytes, size_t len, const char *http_charset,
    enum w_cs_kind kind, char *name, size_t namelen)
{
	struct pick pk;
	const char *s;

	if (bytes == NULL) {
		bytes = "";
		len = 0;
	}
	choose((const unsigned char *)bytes, len, http_charset, kind, &pk);
	s = pk.enc != NULL ? pk.enc->name : "";
	if (namelen > 0) {
		strncpy(name, s, namelen - 1);
		name[namelen - 1] = '\0';
	}
	return pk.source;
}

/* ---- decoders ---- */

static void
ob_need(struct obuf *o, size_t n)
{
	size_t c;

	if (o->len + n + 1 <= o->cap)
		return;
	c = o->cap * 2;
	if (c < o->len + n + 1)
		c = o->len + n + 1;
	if (c > o->max + 1)
		c = o->max + 1;
	if (o->len + n > o->max)
		abort();	/* the decoders cannot exceed 4 bytes a byte */
	o->p = w_realloc(o->p, c);
	o->cap = c;
}

static void
ob_put(struct obuf *o, const void *s, size_t n)
{
	ob_need(o, n);
	memcpy(o->p + o->len, s, n);
	o->len += n;
}

static void
ob_rep(struct obuf *o)
{
	ob_put(o, fffd, 3);
	o->rep++;
}

size_t
w_charset_utf8_put(unsigned long c, char out[4])
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xC0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xE0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		out[2] = (char)(0x80 | (c & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
	out[3] = (char)(0x80 | (c & 0x3F));
	return 4;
}

static void
ob_cp(struct obuf *o, uint32_t c)
{
	char b[4];

	if (c == 0)
		ob_rep(o);
	else
		ob_put(o, b, w_charset_utf8_put(c, b));
}

/* Bytes of a UTF-8 sequence led by c, with the range of its 2nd byte. */
static int
u8_lead(unsigned char c, unsigned char *lo, unsigned char *hi)
{
	*lo = 0x80;
	*hi = 0xBF;
	if (c >= 0xC2 && c <= 0xDF)
		return 1;
	if (c >= 0xE0 && c <= 0xEF) {
		if (c == 0xE0)
			*lo = 0xA0;
		else if (c == 0xED)
			*hi = 0x9F;
		return 2;
	}
	if (c >= 0xF0 && c <= 0xF4) {
		if (c == 0xF0)
			*lo = 0x90;
		else if (c == 0xF4)
			*hi = 0x8F;
		return 3;
	}
	return -1;
}

/*
 * UTF-8 per the Encoding Standard's decoder: each maximal subpart of an
 * ill-formed sequence becomes one U+FFFD. Valid runs are copied whole.
 */
static int
dec_utf8(const unsigned char *s, size_t n, struct obuf *o)
{
	const uint64_t hi8 = 0x8080808080808080ULL;
	const uint64_t lo8 = 0x0101010101010101ULL;
	size_t i = 0, run = 0, j;
	unsigned char lo = 0x80, hi = 0xBF;
	uint64_t w;
	int need, k;

	while (i < n) {
		while (i + 8 <= n) {
			memcpy(&w, s + i, 8);
			if (((w | ((w - lo8) & ~w)) & hi8) != 0)
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (s[i] != 0 && s[i] < 0x80) {
			i++;
			continue;
		}
		need = s[i] == 0 ? -1 : u8_lead(s[i], &lo, &hi);
		j = i + 1;
		for (k = 0; k < need; k++, j++) {
			if (j >= n || s[j] < lo || s[j] > hi)
				break;
			lo = 0x80;
			hi = 0xBF;
		}
		if (k == need) {
			i = j;
			continue;
		}
		if (o == NULL)
			return 0;	/* checking only: not clean */
		ob_put(o, s + run, i - run);
		ob_rep(o);
		i = j;
		run = i;
	}
	if (o != NULL)
		ob_put(o, s + run, n - run);
	return 1;
}

static void
dec_utf16(const unsigned char *s, size_t n, int le, struct obuf *o)
{
	size_t i;
	uint32_t u, lead = 0;

	for (i = 0; i + 1 < n; i += 2) {
		u = le ? (uint32_t)(s[i] | s[i + 1] << 8) :
		    (uint32_t)(s[i] << 8 | s[i + 1]);
		if (lead != 0) {
			if (u >= 0xDC00 && u <= 0xDFFF) {
				ob_cp(o, 0x10000 + ((lead - 0xD800) << 10) +
				    (u - 0xDC00));
				lead = 0;
				continue;
			}
			ob_rep(o);
			lead = 0;
		}
		if (u >= 0xD800 && u <= 0xDBFF)
			lead = u;
		else if (u >= 0xDC00 && u <= 0xDFFF)
			ob_rep(o);
		else
			ob_cp(o, u);
	}
	if (lead != 0 || i < n)
		ob_rep(o);
}

static void
dec_xud(const unsigned char *s, size_t n, struct obuf *o)
{
	size_t i;

	for (i = 0; i < n; i++)
		ob_cp(o, s[i] < 0x80 ? s[i] : 0xF780u + s[i] - 0x80);
}

/*
 * iconv one chunk after another; a bad byte becomes U+FFFD. -1 when
 * iconv does not know the encoding, -2 when the output hits its bound.
 */
static int
dec_iconv(const struct encoding *enc, const unsigned char *s, size_t n,
    struct obuf *o)
{
	iconv_t cd;
	char *in = (char *)(uintptr_t)s, *op;
	size_t inleft = n, oleft, r, want;
	unsigned char b;
	int w1252 = strcmp(enc->name, "windows-1252") == 0, flush = 0;
	int big = 0, rc = 0;

	cd = iconv_open("UTF-8", enc->iconv);
	if (cd == (iconv_t)-1)
		return -1;
	for (;;) {
		oleft = o->cap - o->len - 1;
		if (big || oleft < 64) {
			want = big ? 2 * oleft + 64 : inleft + inleft / 2 + 64;
			if (o->len + want > o->max) {
				if (oleft >= o->max - o->len) {
					rc = -2;
					break;
				}
				want = o->max - o->len;
			}
			ob_need(o, want);
			oleft = o->cap - o->len - 1;
		}
		big = 0;
		op = o->p + o->len;
		if (flush)
			r = iconv(cd, NULL, NULL, &op, &oleft);
		else
			r = iconv(cd, &in, &inleft, &op, &oleft);
		o->len = (size_t)(op - o->p);
		if (r != (size_t)-1) {
			if (flush)
				break;
			flush = 1;
			continue;
		}
		if (errno == E2BIG) {
			big = 1;
			continue;
		}
		if (flush || inleft == 0)
			break;
		if (errno == EINVAL) {
			ob_rep(o);
			in += inleft;
			inleft = 0;
			continue;
		}
		b = (unsigned char)*in;
		if (w1252 && (b == 0x81 || b == 0x8D || b == 0x8F ||
		    b == 0x90 || b == 0x9D))
			ob_cp(o, b);	/* the standard maps these to C1 */
		else
			ob_rep(o);
		in++;
		inleft--;
	}
	iconv_close(cd);
	return rc;
}

/* Replace U+0000 in iconv's output with U+FFFD. */
static void
strip_nul(struct obuf *o)
{
	size_t i, nul = 0;
	char *p, *q;

	for (p = o->p; (p = memchr(p, 0, o->len - (size_t)(p - o->p))) !=
	    NULL; p++)
		nul++;
	if (nul == 0)
		return;
	q = w_malloc(o->len + 2 * nul + 1);
	for (i = 0, p = q; i < o->len; i++) {
		if (o->p[i] == '\0') {
			memcpy(p, fffd, 3);
			p += 3;
		} else
			*p++ = o->p[i];
	}
	free(o->p);
	o->p = q;
	o->len = (size_t)(p - q);
	o->cap = o->len + 1;
	o->rep += nul;
}

/*
 * Decode bytes to UTF-8 (see charset.h). On unsupported_charset,
 * out->s is NULL and out->charset holds the declared label, sanitised.
 */
int
w_charset_decode(const char *bytes, size_t len, const char *http_charset,
    enum w_cs_kind kind, struct w_decoded *out, struct w_err *e)
{
	const unsigned char *s = (const unsigned char *)bytes;
	struct pick pk;
	struct obuf o;
	int rc;

	memset(out, 0, sizeof(*out));
	if (s == NULL) {
		s = (const unsigned char *)"";
		len = 0;
	}
	choose(s, len, http_charset, kind, &pk);
	out->source = pk.source;
	if (pk.enc == NULL || pk.enc->dec == DEC_NONE) {
		snprintf(out->charset, sizeof(out->charset), "%s",
		    pk.enc != NULL ? pk.enc->name : pk.label);
		return w_err_set(e, W_E_UNSUPPORTED_CHARSET,
		    "declared charset is not supported: %s", out->charset);
	}
	snprintf(out->charset, sizeof(out->charset), "%s", pk.enc->name);
	s += pk.skip;
	len -= pk.skip;
	if (len > (SIZE_MAX - 64) / 4)
		return w_err_set(e, W_E_RESPONSE_TOO_LARGE,
		    "document too large to decode");
	memset(&o, 0, sizeof(o));
	o.max = 4 * len + 64;
	o.cap = len + 64;
	o.p = w_malloc(o.cap);
	switch (pk.enc->dec) {
	case DEC_UTF8:
		dec_utf8(s, len, &o);
		break;
	case DEC_UTF16LE:
	case DEC_UTF16BE:
		dec_utf16(s, len, pk.enc->dec == DEC_UTF16LE, &o);
		break;
	case DEC_XUD:
		dec_xud(s, len, &o);
		break;
	case DEC_NONE:
	case DEC_ICONV:
		if ((rc = dec_iconv(pk.enc, s, len, &o)) != 0) {
			free(o.p);
			if (rc == -2)
				return w_err_set(e, W_E_RESPONSE_TOO_LARGE,
				    "decoded text exceeds its bound");
			return w_err_set(e, W_E_UNSUPPORTED_CHARSET,
			    "declared charset is not supported: %s",
			    pk.enc->name);
		}
		strip_nul(&o);
		break;
	}
	if (o.cap > o.len + o.len / 4 + 4096)
		o.p = w_realloc(o.p, o.len + 1);
	o.p[o.len] = '\0';
	out->s = o.p;
	out->len = o.len;
	out->replacements = o.rep;
	return 0;
}

int
w_charset_decode_take(char *buf, size_t len, const char *http_charset,
    enum w_cs_kind kind, struct w_decoded *out, struct w_err *e)
{
	struct pick pk;
	int rc;

	memset(out, 0, sizeof(*out));
	choose((const unsigned char *)buf, len, http_charset, kind, &pk);
	if (buf != NULL && pk.enc != NULL && pk.enc->dec == DEC_UTF8 &&
	    pk.skip == 0 && dec_utf8((const unsigned char *)buf, len, NULL)) {
		/* Valid, NUL-free UTF-8 decodes to itself: adopt it. */
		out->source = pk.source;
		snprintf(out->charset, sizeof(out->charset), "%s",
		    pk.enc->name);
		out->s = buf;
		out->len = len;
		return 0;
	}
	rc = w_charset_decode(buf, len, http_charset, kind, out, e);
	free(buf);
	return rc;
}

/* ---- Content-Type ---- */

/*
 * The charset parameter of a Content-Type value (first one wins), its
 * quotes and backslash escapes removed, lowercase, into out. 0 if found
 * and non-empty, -1 otherwise.
 */
int
w_charset_from_ctype(const char *ctype, char *out, size_t outlen)
{
	const char *p = ctype, *n;
	size_t nl, o;
	int is_cs;

	if (outlen == 0)
		return -1;
	out[0] = '\0';
	if (p == NULL)
		return -1;
	while ((p = strchr(p, ';')) != NULL) {
		for (p++; *p == ' ' || *p == '\t'; p++)
			;
		for (n = p; *p != '\0' && *p != '=' && *p != ';'; p++)
			;
		for (nl = (size_t)(p - n); nl > 0 && (n[nl - 1] == ' ' ||
		    n[nl - 1] == '\t'); nl--)
			;
		if (*p != '=')
			continue;
		is_cs = nl == 7 && strncasecmp(n, "charset", 7) == 0;
		for (p++; *p == ' ' || *p == '\t'; p++)
			;
		o = 0;
		if (*p == '"') {
			for (p++; *p != '\0' && *p != '"'; p++) {
				if (*p == '\\' && p[1] != '\0')
					p++;
				if (is_cs && o + 1 < outlen)
					out[o++] = (char)lower(
					    (unsigned char)*p);
			}
		} else {
			for (; *p != '\0' && *p != ';'; p++)
				if (is_cs && o + 1 < outlen)
					out[o++] = (char)lower(
					    (unsigned char)*p);
			while (o > 0 && (out[o - 1] == ' ' ||
			    out[o - 1] == '\t'))
				o--;
		}
		out[o] = '\0';
		if (is_cs)
			return o > 0 ? 0 : -1;
	}
	return -1;
}

/*
 * The media type of a Content-Type value: lowercase, without parameters
 * or surrounding whitespace; "" when ctype is NULL.
 */
void
w_mime_from_ctype(const char *ctype, char *out, size_t outlen)
{
	size_t n, o = 0;

	if (outlen == 0)
		return;
	if (ctype == NULL)
		ctype = "";
	while (is_ws((unsigned char)*ctype))
		ctype++;
	n = strcspn(ctype, ";,");
	while (n > 0 && is_ws((unsigned char)ctype[n - 1]))
		n--;
	for (; o < n && o + 1 < outlen; o++)
		out[o] = (char)lower((unsigned char)ctype[o]);
	out[o] = '\0';
}
