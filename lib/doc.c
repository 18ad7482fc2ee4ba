/*
 * doc.c: the document pipeline. Pick the kind (declared type, else
 * sniffed), decode the charset, then hand HTML to html.c (after the
 * challenge check), feeds to feed.c, PDF to pdf.c, and check, pretty-print
 * or pass through JSON, XML and text.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "challenge.h"
#include "charset.h"
#include "doc.h"
#include "feed.h"
#include "html.h"
#include "json.h"
#include "pdf.h"

#define SNIFF_BYTES	1024
#define NUL_BYTES	8192
#define JSON_PARSE_MAX	(8u << 20)

void
w_doc_init(struct w_doc *d)
{
	memset(d, 0, sizeof(*d));
	d->meta = jv_object();
	d->links = jv_null();
	d->coverage = jv_object();
}

void
w_doc_free(struct w_doc *d)
{
	free(d->text);
	jv_free(d->meta);
	jv_free(d->links);
	jv_free(d->coverage);
	memset(d, 0, sizeof(*d));
}

static int
has_prefix_ci(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && strncasecmp(s, p, k) == 0;
}

static const char *const html_tags[] = {
	"html", "head", "body", "title", "meta", "link", "script", "style",
	"div", "p", "a", "table", "h1", "h2", "h3", "span", "br", "img",
	"iframe", "font", "b", "i", "ul", "ol", "section", "article",
	"header", "nav", "main", "form", "center", "pre", NULL
};

static int
html_tag(const char *s, size_t n)
{
	const char *const *t;
	size_t k;

	for (t = html_tags; *t != NULL; t++) {
		k = strlen(*t);
		if (n > k + 1 && strncasecmp(s + 1, *t, k) == 0 &&
		    !isalnum((unsigned char)s[k + 1]))
			return 1;
	}
	return 0;
}

/* Whether the probe mentions an html, head or body tag anywhere. */
static int
html_inside(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '<' && (has_prefix_ci(s + i, n - i, "<html") ||
		    has_prefix_ci(s + i, n - i, "<head") ||
		    has_prefix_ci(s + i, n - i, "<body") ||
		    has_prefix_ci(s + i, n - i, "<!doctype html")))
			return 1;
	return 0;
}

static const char *
sniff_markup(const char *s, size_t n)
{
	if (has_prefix_ci(s, n, "<?xml")) {
		if (w_feed_kind(s, n) != NULL)
			return "feed";
		return html_inside(s, n) ? "html" : "xml";
	}
	if (has_prefix_ci(s, n, "<!doctype html") || html_tag(s, n))
		return "html";
	if (w_feed_kind(s, n) != NULL)
		return "feed";
	if (html_inside(s, n))
		return "html";
	if (has_prefix_ci(s, n, "<!--") || has_prefix_ci(s, n, "<!doctype"))
		return "xml";
	if (n > 1 && (isalpha((unsigned char)s[1]) || s[1] == '_'))
		return "xml";
	return "text";
}

/*
 * The one table of binary signatures. Strong ones no text starts with
 * (a non-ASCII or control byte, or GIF's six bytes): they prove the
 * body binary whatever Content-Type says (w_doc_magic). The weak ones
 * (ASCII-only, or shorter prefixes) count only for an undeclared body
 * (w_doc_sniff).
 */
static const struct {
	const char	*m;
	size_t		 n;
	int		 strong;
} signatures[] = {
	{ "\x89PNG\r\n\x1a\n", 8, 1 }, { "GIF87a", 6, 1 },
	{ "GIF89a", 6, 1 }, { "\xff\xd8\xff", 3, 1 }, { "PK\x03\x04", 4, 1 },
	{ "\x1f\x8b", 2, 1 }, { "\x7f" "ELF", 4, 1 }, { "\xfd" "7zXZ", 5, 1 },
	{ "7z\xbc\xaf\x27\x1c", 6, 1 },
	{ "\x89PNG", 4, 0 }, { "GIF8", 4, 0 }, { "RIFF", 4, 0 },
	{ "OggS", 4, 0 }, { "BZh", 3, 0 },
	{ NULL, 0, 0 }
};

/* Whether s starts with a signature (only a strong one when strong). */
static int
binary_magic(const unsigned char *s, size_t n, int strong)
{
	size_t i;

	for (i = 0; signatures[i].m != NULL; i++)
		if ((signatures[i].strong || !strong) &&
		    n >= signatures[i].n &&
		    memcmp(s, signatures[i].m, signatures[i].n) == 0)
			return 1;
	return 0;
}

/* Whether more than one byte in 20 of the first 8 KiB of s is a control
 * byte (NUL included; tab, newlines, form feed and escape are text). */
static int
mostly_control(const unsigned char *s, size_t len)
{
	size_t n = len < NUL_BYTES ? len : NUL_BYTES, i, ctl = 0;

	for (i = 0; i < n; i++)
		if (s[i] < 0x20 && s[i] != '\t' && s[i] != '\n' &&
		    s[i] != '\r' && s[i] != '\f' && s[i] != 0x1b)
			ctl++;
	return ctl * 20 > n;
}

const char *
w_doc_sniff(const char *bytes, size_t len)
{
	const unsigned char *s = (const unsigned char *)bytes;
	char probe[SNIFF_BYTES] = "";
	size_t i, n = 0, start = 0;
	int u16, nul = 0;

	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	u16 = len >= 2 && ((s[0] == 0xff && s[1] == 0xfe) ||
	    (s[0] == 0xfe && s[1] == 0xff));
	if (u16)
		start = 2;
	else if (binary_magic(s, len, 0))
		return "binary";
	else
		nul = memchr(s, '\0', len < NUL_BYTES ? len : NUL_BYTES) != NULL;
	for (i = start; i < len && i < SNIFF_BYTES + start + 8; i++)
		if (n == 0 && (s[i] == '\0' || isspace(s[i])))
			continue;
		else if (s[i] != '\0' && n < sizeof(probe))
			probe[n++] = (char)s[i];
	/* As the HTML standard's sniffing does, an HTML start outranks
	 * stray NUL bytes (they decode to U+FFFD); otherwise a NUL is
	 * binary. */
	if (nul)
		return n > 0 && probe[0] == '<' && !strcmp(sniff_markup(probe,
		    n), "html") && !mostly_control(s, len) ? "html" :
		    "binary";
	if (n >= 5 && memcmp(probe, "%PDF-", 5) == 0)
		return "pdf";
	if (n == 0)
		return "text";
	if (probe[0] == '<')
		return sniff_markup(probe, n);
	if (probe[0] == '{' || probe[0] == '[')
		return "json";
	return html_inside(probe, n) ? "html" : "text";
}

/* Whether s (n bytes) ends in suf, with something before it. */
static int
ends_with(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n > k && strcmp(s + n - k, suf) == 0;
}

/* The kind a declared media type names; NULL: sniff the bytes. */
static const char *
declared_kind(const char *mime, const char *bytes, size_t len)
{
	static const struct {
		const char	*mime, *kind;
	} exact[] = {
		{ "text/html", "html" }, { "application/xhtml+xml", "html" },
		{ "application/rss+xml", "feed" },
		{ "application/atom+xml", "feed" },
		{ "application/xml", "xml" }, { "text/xml", "xml" },
		{ "application/json", "json" }, { "text/json", "json" },
		{ "application/pdf", "pdf" }, { "application/x-pdf", "pdf" },
		{ "text/markdown", "markdown" },
		{ "text/x-markdown", "markdown" },
		{ "application/javascript", "text" },
		{ "application/x-javascript", "text" },
		{ "application/yaml", "text" }, { "application/toml", "text" },
		{ "application/x-sh", "text" },
		{ "application/x-ndjson", "text" },
		{ "application/zip", "binary" },
		{ "application/gzip", "binary" },
		{ NULL, NULL }
	};
	size_t n = strlen(mime), i;

	if (n == 0)
		return NULL;
	for (i = 0; exact[i].mime != NULL; i++)
		if (strcmp(mime, exact[i].mime) == 0)
			return exact[i].kind;
	if (ends_with(mime, n, "+xml"))
		return "xml";
	if (ends_with(mime, n, "+json"))
		return "json";
	if (strncmp(mime, "text/", 5) == 0)
		return "text";
	if (!strcmp(mime, "application/octet-stream") ||
	    !strcmp(mime, "binary/octet-stream"))
		return len >= 5 && memcmp(bytes, "%PDF-", 5) == 0 ? "pdf" :
		    "binary";
	if (!strncmp(mime, "image/", 6) || !strncmp(mime, "audio/", 6) ||
	    !strncmp(mime, "video/", 6) || !strncmp(mime, "font/", 5))
		return "binary";
	return NULL;
}

static const char *
sniffed_mime(const char *kind, const char *bytes, size_t len)
{
	const char *f;

	if (!strcmp(kind, "html"))
		return "text/html";
	if (!strcmp(kind, "feed")) {
		f = w_feed_kind(bytes, len);
		return f && !strcmp(f, "atom") ? "application/atom+xml" :
		    "application/rss+xml";
	}
	if (!strcmp(kind, "json"))
		return "application/json";
	if (!strcmp(kind, "xml"))
		return "application/xml";
	if (!strcmp(kind, "pdf"))
		return "application/pdf";
	if (!strcmp(kind, "markdown"))
		return "text/markdown";
	if (!strcmp(kind, "binary"))
		return "application/octet-stream";
	return "text/plain";
}

/* Declared as text but NUL bytes early and no UTF-16: binary. */
/*
 * Whether a body declared as text is binary after all: more than one
 * byte in 20 of its first 8 KiB is a control byte (NUL included). A few
 * NULs in a page do not make it binary: they decode to U+FFFD (counted)
 * and the text is kept, as a browser shows it.
 */
static int
looks_binary(const struct w_doc_in *in, const char *cs)
{
	const unsigned char *s = (const unsigned char *)in->bytes;
	size_t n = in->len < NUL_BYTES ? in->len : NUL_BYTES;

	if (strncasecmp(cs, "utf-16", 6) == 0 || (n >= 2 && ((s[0] == 0xff &&
	    s[1] == 0xfe) || (s[0] == 0xfe && s[1] == 0xff))))
		return 0;
	return mostly_control(s, n);
}

/*
 * The kind the first bytes prove, whatever Content-Type says: "pdf"
 * (%PDF- after at most a few bytes of whitespace), "binary" (an image,
 * archive or executable signature), else NULL.
 */
const char *
w_doc_magic(const char *bytes, size_t len)
{
	const unsigned char *s = (const unsigned char *)bytes;
	size_t i = 0;

	if (binary_magic(s, len, 1))
		return "binary";
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && i < 16 && isspace(s[i]))
		i++;
	if (len - i >= 5 && memcmp(s + i, "%PDF-", 5) == 0)
		return "pdf";
	return NULL;
}

static void
set_text(struct w_doc *out, char *s, size_t len)
{
	free(out->text);
	out->text = s;
	out->len = len;
}

/* Text with CRLF and lone CR turned into LF. */
static void
plain(struct w_doc *out, const char *s, size_t len)
{
	char *t = w_malloc(len + 1);
	size_t i, k = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '\r') {
			t[k++] = '\n';
			if (i + 1 < len && s[i + 1] == '\n')
				i++;
		} else
			t[k++] = s[i];
	}
	t[k] = '\0';
	set_text(out, t, k);
}

static void
indent(struct w_buf *b, int depth)
{
	(void)w_buf_addc(b, '\n');
	while (depth-- > 0)
		(void)w_buf_adds(b, "  ");
}

/*
 * Re-indent JSON text already proved valid, 2 spaces a level, keeping
 * its numbers, key order and escapes exactly as written.
 */
static char *
json_pretty(const char *s, size_t len, size_t *outlen)
{
	struct w_buf b;
	size_t i, j;
	int depth = 0;
	char c;

	w_buf_init(&b, 4 * len + 64);
	(void)w_buf_add(&b, "", 0);
	for (i = 0; i < len; i++) {
		c = s[i];
		if (isspace((unsigned char)c))
			continue;
		if (c == '"') {
			for (j = i + 1; j < len && s[j] != '"'; j++)
				if (s[j] == '\\')
					j++;
			(void)w_buf_add(&b, s + i, j + 1 - i);
			i = j;
			continue;
		}
		if (c == '{' || c == '[') {
			for (j = i + 1; j < len && isspace((unsigned char)s[j]);
			    j++)
				;
			(void)w_buf_addc(&b, c);
			if (j < len && (s[j] == '}' || s[j] == ']')) {
				(void)w_buf_addc(&b, s[j]);
				i = j;
			} else
				indent(&b, ++depth);
		} else if (c == '}' || c == ']') {
			indent(&b, --depth);
			(void)w_buf_addc(&b, c);
		} else if (c == ',') {
			(void)w_buf_addc(&b, c);
			indent(&b, depth);
		} else if (c == ':')
			(void)w_buf_adds(&b, ": ");
		else
			(void)w_buf_addc(&b, c);
	}
	(void)w_buf_addc(&b, '\n');
	*outlen = b.len;
	return w_buf_take(&b);
}

static int
do_json(const char *s, size_t len, struct w_doc *out, struct w_err *e)
{
	if (len > JSON_PARSE_MAX)
		return w_err_set(e, W_E_RESPONSE_TOO_LARGE,
		    "JSON larger than %u MiB is not parsed",
		    JSON_PARSE_MAX >> 20);
	if (w_json_check(s, len, 512) != 0)
		return w_err_set(e, W_E_EXTRACTION_FAILED, "JSON does not parse");
	out->text = json_pretty(s, len, &out->len);
	return 0;
}

static int
do_pdf(const struct w_doc_in *in, const struct w_doc_opts *o,
    struct w_doc *out, struct w_err *e)
{
	struct w_decoded dec;
	char *t;
	size_t n;
	int cut;

	if (w_pdf_text(in->bytes, in->len, &t, &n, &cut, e) != 0)
		return -1;
	if (w_charset_decode(t, n, "utf-8", W_CS_KIND_OTHER, &dec, e) != 0) {
		free(t);
		return -1;
	}
	free(t);
	while (dec.len > 0 && (dec.s[dec.len - 1] == '\n' ||
	    dec.s[dec.len - 1] == ' '))
		dec.s[--dec.len] = '\0';
	dec.s = w_realloc(dec.s, dec.len + 2);
	dec.s[dec.len++] = '\n';
	dec.s[dec.len] = '\0';
	set_text(out, dec.s, dec.len);
	out->replacements = dec.replacements;
	snprintf(out->charset, sizeof(out->charset), "utf-8");
	if (cut)
		out->coverage = jv_object_set(out->coverage,
		    jv_string("pdf_text_truncated"), jv_true());
	return 0;
}

static int
do_binary(const struct w_doc_in *in, const struct w_doc_opts *o,
    struct w_doc *out, struct w_err *e)
{
	if (o->artifact == NULL)
		return w_err_set(e, W_E_UNSUPPORTED_CONTENT, "binary content "
		    "(%s) is not extracted%s%s", out->mime,
		    o->binary_hint ? "; " : "",
		    o->binary_hint ? o->binary_hint : "");
	out->binary = 1;
	set_text(out, w_strndup(in->bytes, in->len), in->len);
	snprintf(out->kind, sizeof(out->kind), "binary");
	return 0;
}

static int
challenge(const struct w_doc_in *in, const char *s, size_t len,
    struct w_doc *out, struct w_err *e)
{
	struct w_challenge c;

	if (!w_challenge_classify(s, len, in->http_status, in->headers, &c))
		return 0;
	if (c.vendor != NULL)
		out->coverage = jv_object_set(out->coverage,
		    jv_string("challenge_vendor"), jv_string(c.vendor));
	out->coverage = jv_object_set(out->coverage,
	    jv_string("challenge_reason"), jv_string(c.reason));
	if (c.code == W_E_AUTHENTICATION_REQUIRED)
		return w_err_set(e, c.code, "the page asks to sign in (%s); "
		    "it was not read", c.reason);
	return w_err_set(e, c.code, "the site served an access challenge "
	    "instead of the page (%s%s%s)", c.vendor ? c.vendor : "",
	    c.vendor ? ": " : "", c.reason);
}

static enum w_cs_kind
cs_kind(const char *kind)
{
	if (!strcmp(kind, "html"))
		return W_CS_KIND_HTML;
	if (!strcmp(kind, "xml") || !strcmp(kind, "feed"))
		return W_CS_KIND_XML;
	return W_CS_KIND_OTHER;
}

static int
url_is_markdown(const char *url)
{
	size_t n;

	if (url == NULL)
		return 0;
	n = strcspn(url, "?#");
	return (n > 3 && strncasecmp(url + n - 3, ".md", 3) == 0) ||
	    (n > 9 && strncasecmp(url + n - 9, ".markdown", 9) == 0);
}

/* Structured kinds: declared ones fail strictly, sniffed ones fall back. */
static int
structured(const struct w_doc_in *in, const struct w_doc_opts *o,
    const struct w_decoded *d, int declared, struct w_doc *out,
    struct w_err *e)
{
	int rc = 0;

	if (!strcmp(out->kind, "json"))
		rc = do_json(d->s, d->len, out, e);
	else if (!strcmp(out->kind, "xml")) {
		rc = w_feed_xml_check(d->s, d->len, e);
		if (rc == 0 && w_feed_kind(d->s, d->len) != NULL)
			snprintf(out->kind, sizeof(out->kind), "feed");
		else if (rc == 0)
			plain(out, d->s, d->len);
	}
	if (rc == 0 && !strcmp(out->kind, "feed"))
		rc = w_feed_extract(d->s, d->len, in->url,
		    o->format == W_FMT_TEXT, out, e);
	if (rc != 0 && !declared && e->code != W_E_RESPONSE_TOO_LARGE) {
		w_err_clear(e);
		snprintf(out->kind, sizeof(out->kind), "text");
		snprintf(out->mime, sizeof(out->mime), "text/plain");
		plain(out, d->s, d->len);
		return 0;
	}
	return rc;
}

/*
 * html.c sets out->meta and out->coverage afresh, so it is handed nulls
 * (nothing to leak) and whatever it leaves is made an object again.
 */
static int
html(const struct w_doc_in *in, const struct w_doc_opts *o,
    const struct w_decoded *d, struct w_doc *out, struct w_err *e)
{
	int rc;

	jv_free(out->meta);
	jv_free(out->coverage);
	out->meta = jv_null();
	out->coverage = jv_null();
	rc = w_html_extract(d->s, d->len, in, o, out, e);
	if (jv_get_kind(out->meta) != JV_KIND_OBJECT) {
		jv_free(out->meta);
		out->meta = jv_object();
	}
	if (jv_get_kind(out->coverage) != JV_KIND_OBJECT) {
		jv_free(out->coverage);
		out->coverage = jv_object();
	}
	return rc;
}

static int
textual(const struct w_doc_in *in, const struct w_doc_opts *o,
    int declared, struct w_doc *out, struct w_err *e)
{
	struct w_decoded d;
	char cs[40] = "";
	const char *http = in->charset;
	int rc = 0;

	if (http == NULL && w_charset_from_ctype(in->content_type, cs,
	    sizeof(cs)) == 0)
		http = cs;
	if (in->steal != NULL && *in->steal == in->bytes) {
		char *buf = *in->steal;

		*in->steal = NULL;
		rc = w_charset_decode_take(buf, in->len, http,
		    cs_kind(out->kind), &d, e);
	} else
		rc = w_charset_decode(in->bytes, in->len, http,
		    cs_kind(out->kind), &d, e);
	if (rc != 0) {
		snprintf(out->charset, sizeof(out->charset), "%s", d.charset);
		return -1;
	}
	snprintf(out->charset, sizeof(out->charset), "%s", d.charset);
	out->replacements = d.replacements;
	if (!strcmp(out->kind, "html"))
		rc = challenge(in, d.s, d.len, out, e);
	if (rc == 0 && o->format == W_FMT_RAW) {
		set_text(out, d.s, d.len);
		d.s = NULL;
	} else if (rc == 0 && !strcmp(out->kind, "html"))
		rc = html(in, o, &d, out, e);
	else if (rc == 0 && (!strcmp(out->kind, "json") ||
	    !strcmp(out->kind, "xml") || !strcmp(out->kind, "feed")))
		rc = structured(in, o, &d, declared, out, e);
	else if (rc == 0)
		plain(out, d.s, d.len);
	free(d.s);
	return rc;
}

int
w_doc_extract(const struct w_doc_in *in, const struct w_doc_opts *o,
    struct w_doc *out, struct w_err *e)
{
	const char *kind, *magic;
	char mime[80], cs[40] = "";
	int declared;

	if (in->charset != NULL)
		snprintf(cs, sizeof(cs), "%s", in->charset);
	else
		(void)w_charset_from_ctype(in->content_type, cs, sizeof(cs));
	w_mime_from_ctype(in->content_type, mime, sizeof(mime));
	kind = declared_kind(mime, in->bytes, in->len);
	declared = kind != NULL;
	if (kind == NULL)
		kind = w_doc_sniff(in->bytes, in->len);
	else if ((magic = w_doc_magic(in->bytes, in->len)) != NULL &&
	    strcmp(kind, magic) != 0) {
		/* A PDF or an image served as text/html is what it is. */
		kind = magic;
		w_mime_from_ctype(sniffed_mime(kind, in->bytes, in->len), mime,
		    sizeof(mime));
	}
	if (!declared && !strcmp(kind, "text") && url_is_markdown(in->url))
		kind = "markdown";
	snprintf(out->kind, sizeof(out->kind), "%s", kind);
	snprintf(out->mime, sizeof(out->mime), "%s", *mime ? mime :
	    sniffed_mime(kind, in->bytes, in->len));
	if (strcmp(kind, "binary") && strcmp(kind, "pdf") &&
	    looks_binary(in, cs))
		snprintf(out->kind, sizeof(out->kind), "binary");
	if (!strcmp(out->kind, "pdf") && o->format != W_FMT_RAW) {
		if (do_pdf(in, o, out, e) == 0)
			return 0;
		if (o->artifact == NULL || e->code !=
		    W_E_UNSUPPORTED_CONTENT)
			return -1;
		w_err_clear(e);
	}
	if (!strcmp(out->kind, "pdf") || !strcmp(out->kind, "binary"))
		return do_binary(in, o, out, e);
	return textual(in, o, declared, out, e);
}
