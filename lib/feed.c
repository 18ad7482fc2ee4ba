/*
 * feed.c: a small strict XML parser (well-formedness check, and a tree
 * for feeds) and the RSS / RDF / Atom to entry-list writer.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "buf.h"
#include "charset.h"
#include "feed.h"
#include "url.h"

#define XML_NODES_MAX	200000
#define FEED_TEXT_MAX	(32u << 20)

struct xattr {
	char	*name;
	char	*value;
};

/* An element (name set) or a run of character data (name NULL). */
struct xnode {
	char		*name;
	struct xattr	*attrs;
	size_t		 nattrs;
	struct w_buf	 text;
	struct xnode	*kids, *last, *next, *parent;
};

struct xp {
	const char	*s;
	size_t		 len, i;
	int		 lenient;	/* HTML entities pass (feeds) */
	int		 dtd_ents;	/* the DTD declares entities */
	int		 build;		/* make a tree */
	int		 depth, had_root;
	const char	*stk[W_XML_DEPTH_MAX];
	size_t		 stkn[W_XML_DEPTH_MAX];
	struct xnode	*root, *cur;
	size_t		 nodes;
	size_t		 entries;	/* item / entry elements seen */
	int		 skip;		/* depth from which no tree is made */
	size_t		 errpos;
	char		 err[160];
};

static int
fail(struct xp *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int
fail(struct xp *x, const char *fmt, ...)
{
	va_list ap;

	if (x->err[0] != '\0')
		return -1;
	va_start(ap, fmt);
	vsnprintf(x->err, sizeof(x->err), fmt, ap);
	va_end(ap);
	x->errpos = x->i;
	return -1;
}

static int
is_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
name_start(int c)
{
	return isalpha(c) || c == '_' || c == ':' || c >= 0x80;
}

static int
name_char(int c)
{
	return name_start(c) || isdigit(c) || c == '-' || c == '.';
}

static size_t
name_len(const char *s, size_t n)
{
	size_t i = 0;

	if (n == 0 || !name_start((unsigned char)s[0]))
		return 0;
	while (i < n && name_char((unsigned char)s[i]))
		i++;
	return i;
}

static void
put_utf8(struct w_buf *b, unsigned long c)
{
	char u[4];

	(void)w_buf_add(b, u, w_charset_utf8_put(c, u));
}

static const struct {
	const char	*name;
	unsigned long	 c;
} entities[] = {
	{ "lt", '<' }, { "gt", '>' }, { "amp", '&' }, { "quot", '"' },
	{ "apos", '\'' },
	/* HTML names, accepted in feeds only */
	{ "nbsp", 0xa0 }, { "mdash", 0x2014 }, { "ndash", 0x2013 },
	{ "hellip", 0x2026 }, { "rsquo", 0x2019 }, { "lsquo", 0x2018 },
	{ "ldquo", 0x201c }, { "rdquo", 0x201d }, { "copy", 0xa9 },
	{ "reg", 0xae }, { "trade", 0x2122 }, { "laquo", 0xab },
	{ "raquo", 0xbb }, { "middot", 0xb7 }, { "bull", 0x2022 },
	{ "eacute", 0xe9 }, { "uuml", 0xfc }, { "ouml", 0xf6 },
	{ "auml", 0xe4 }, { "szlig", 0xdf }, { NULL, 0 }
};

/* Decode the reference at s (s[0] == '&'); its length, or 0 if bad. */
static size_t
entity(struct xp *x, const char *s, size_t n, struct w_buf *out)
{
	unsigned long c = 0;
	size_t i = 1, k;
	int hex, j;

	if (n > 2 && s[1] == '#') {
		hex = s[2] == 'x';
		for (i = hex ? 3 : 2; i < n && i < 12 &&
		    (hex ? isxdigit((unsigned char)s[i]) :
		    isdigit((unsigned char)s[i])); i++)
			c = c * (hex ? 16 : 10) + (unsigned long)(isdigit(
			    (unsigned char)s[i]) ? s[i] - '0' :
			    tolower((unsigned char)s[i]) - 'a' + 10);
		if (i == (hex ? 3u : 2u) || i >= n || s[i] != ';' ||
		    c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) ||
		    (c < 0x20 && c != 9 && c != 10 && c != 13))
			return 0;
		if (out)
			put_utf8(out, c);
		return i + 1;
	}
	k = name_len(s + 1, n - 1);
	if (k == 0 || 1 + k >= n || s[1 + k] != ';')
		return 0;
	for (j = 0; entities[j].name != NULL; j++)
		if (strlen(entities[j].name) == k &&
		    memcmp(entities[j].name, s + 1, k) == 0 &&
		    (j < 5 || x->lenient)) {
			if (out)
				put_utf8(out, entities[j].c);
			return k + 2;
		}
	if (!x->lenient && !x->dtd_ents)
		return 0;
	if (out)
		(void)w_buf_add(out, s, k + 2);
	return k + 2;
}

/* Check and decode character data s[0..n) (text or attribute value). */
static int
chars(struct xp *x, const char *s, size_t n, struct w_buf *out, int attr)
{
	size_t i = 0, k, run;
	unsigned char c;

	while (i < n) {
		for (run = i; run < n; run++) {
			c = (unsigned char)s[run];
			if (c == '&' || (c < 0x20 && !is_ws(c)) ||
			    (attr && c == '<') || (!attr && c == ']' &&
			    n - run >= 3 && memcmp(s + run, "]]>", 3) == 0))
				break;
		}
		if (out && run > i)
			(void)w_buf_add(out, s + i, run - i);
		if (run == n)
			break;
		x->i = (size_t)(s + run - x->s);
		c = (unsigned char)s[run];
		if (c != '&') {
			if (c == '<')
				return fail(x, "'<' in an attribute value");
			if (c == ']')
				return fail(x, "']]>' in character data");
			return fail(x, "control character 0x%02x", c);
		}
		if ((k = entity(x, s + run, n - run, out)) == 0)
			return fail(x, "undefined or malformed entity");
		i = run + k;
	}
	return 0;
}

static struct xnode *
node_add(struct xp *x, const char *name, size_t n)
{
	struct xnode *nd;

	if (++x->nodes > XML_NODES_MAX) {
		fail(x, "more than %d nodes", XML_NODES_MAX);
		return NULL;
	}
	nd = w_calloc(1, sizeof(*nd));
	nd->name = name ? w_strndup(name, n) : NULL;
	w_buf_init(&nd->text, x->len + 16);
	(void)w_buf_add(&nd->text, "", 0);
	nd->parent = x->cur;
	if (x->cur == NULL)
		x->root = nd;
	else if (x->cur->last == NULL)
		x->cur->kids = x->cur->last = nd;
	else {
		x->cur->last->next = nd;
		x->cur->last = nd;
	}
	return nd;
}

static void
node_free(struct xnode *nd)
{
	struct xnode *k, *nx;
	size_t i;

	if (nd == NULL)
		return;
	for (k = nd->kids; k != NULL; k = nx) {
		nx = k->next;
		node_free(k);
	}
	for (i = 0; i < nd->nattrs; i++) {
		free(nd->attrs[i].name);
		free(nd->attrs[i].value);
	}
	free(nd->attrs);
	free(nd->name);
	w_buf_free(&nd->text);
	free(nd);
}

/* Attributes of the start tag at x->i; stops at '>' or "/>". Every
 * name is kept for the duplicate check, so their number is bounded. */
static int
attributes(struct xp *x, struct xnode *nd)
{
	const char *s = x->s, *names[W_XML_ATTRS_MAX];
	size_t len = x->len, k, v, nl, nn[W_XML_ATTRS_MAX], na = 0, j;
	struct w_buf val;
	char q;

	for (;;) {
		k = x->i;
		while (x->i < len && is_ws((unsigned char)s[x->i]))
			x->i++;
		if (x->i >= len)
			return fail(x, "unterminated tag");
		if (s[x->i] == '>' || s[x->i] == '/')
			return 0;
		if (x->i == k)
			return fail(x, "missing space between attributes");
		if ((k = name_len(s + x->i, len - x->i)) == 0)
			return fail(x, "bad attribute name");
		for (j = 0; j < na; j++)
			if (nn[j] == k && memcmp(names[j], s + x->i, k) == 0)
				return fail(x, "duplicate attribute");
		if (na == W_XML_ATTRS_MAX)
			return fail(x, "more than %d attributes on one element",
			    W_XML_ATTRS_MAX);
		names[na] = s + x->i;
		nn[na++] = nl = k;
		v = x->i;
		x->i += k;
		while (x->i < len && is_ws((unsigned char)s[x->i]))
			x->i++;
		if (x->i >= len || s[x->i] != '=')
			return fail(x, "attribute without a value");
		x->i++;
		while (x->i < len && is_ws((unsigned char)s[x->i]))
			x->i++;
		if (x->i >= len || (s[x->i] != '"' && s[x->i] != '\''))
			return fail(x, "unquoted attribute value");
		q = s[x->i++];
		k = x->i;
		while (x->i < len && s[x->i] != q)
			x->i++;
		if (x->i >= len)
			return fail(x, "unterminated attribute value");
		w_buf_init(&val, len + 16);
		(void)w_buf_add(&val, "", 0);
		if (chars(x, s + k, x->i - k, nd ? &val : NULL, 1) != 0) {
			w_buf_free(&val);
			return -1;
		}
		x->i++;
		if (nd != NULL) {
			nd->attrs = w_realloc(nd->attrs,
			    (nd->nattrs + 1) * sizeof(*nd->attrs));
			nd->attrs[nd->nattrs].name = w_strndup(s + v, nl);
			nd->attrs[nd->nattrs++].value = w_buf_take(&val);
		} else
			w_buf_free(&val);
	}
}

static int
entry_name(const char *s, size_t n)
{
	const char *c = memchr(s, ':', n);

	if (c != NULL) {
		n -= (size_t)(c + 1 - s);
		s = c + 1;
	}
	return (n == 4 && memcmp(s, "item", 4) == 0) ||
	    (n == 5 && memcmp(s, "entry", 5) == 0);
}

static int
start_tag(struct xp *x)
{
	const char *s = x->s;
	size_t n, at = ++x->i;
	struct xnode *nd = NULL;

	if ((n = name_len(s + at, x->len - at)) == 0)
		return fail(x, "'<' that starts no tag");
	if (x->depth == 0 && x->had_root)
		return fail(x, "more than one root element");
	if (x->depth >= W_XML_DEPTH_MAX)
		return fail(x, "elements nested deeper than %d",
		    W_XML_DEPTH_MAX);
	/* past the entry cap, the rest is checked but not kept */
	if (entry_name(s + at, n) && ++x->entries > W_FEED_ENTRIES_MAX &&
	    x->skip == 0)
		x->skip = x->depth + 1;
	if (x->build && x->skip == 0 && (nd = node_add(x, s + at, n)) == NULL)
		return -1;
	x->i += n;
	if (attributes(x, nd) != 0)
		return -1;
	x->had_root = 1;
	if (s[x->i] == '/') {
		if (x->i + 1 >= x->len || s[x->i + 1] != '>')
			return fail(x, "'/' inside a tag");
		x->i += 2;
		if (x->skip == x->depth + 1)
			x->skip = 0;
		return 0;
	}
	x->i++;
	x->stk[x->depth] = s + at;
	x->stkn[x->depth++] = n;
	if (nd != NULL)
		x->cur = nd;
	return 0;
}

static int
end_tag(struct xp *x)
{
	const char *s = x->s;
	size_t n, at = x->i + 2;

	x->i = at;
	if ((n = name_len(s + at, x->len - at)) == 0)
		return fail(x, "bad end tag");
	if (x->depth == 0)
		return fail(x, "end tag with no open element");
	if (x->stkn[x->depth - 1] != n ||
	    memcmp(x->stk[x->depth - 1], s + at, n) != 0)
		return fail(x, "end tag does not match the open element");
	x->i += n;
	while (x->i < x->len && is_ws((unsigned char)s[x->i]))
		x->i++;
	if (x->i >= x->len || s[x->i] != '>')
		return fail(x, "bad end tag");
	x->i++;
	if (x->cur != NULL && (x->skip == 0 || x->depth < x->skip))
		x->cur = x->cur->parent;
	if (--x->depth < x->skip)
		x->skip = 0;
	return 0;
}

/* The offset of needle at or after x->i, or len. */
static size_t
seek(const struct xp *x, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = x->i; n <= x->len && i <= x->len - n; i++)
		if (x->s[i] == needle[0] && memcmp(x->s + i, needle, n) == 0)
			return i;
	return x->len;
}

static int
doctype(struct xp *x)
{
	const char *s = x->s;
	int sub = 0;
	char q = 0;

	if (x->had_root)
		return fail(x, "DOCTYPE after the root element");
	for (x->i += 9; x->i < x->len; x->i++) {
		if (q) {
			if (s[x->i] == q)
				q = 0;
		} else if (s[x->i] == '"' || s[x->i] == '\'')
			q = s[x->i];
		else if (s[x->i] == '[')
			sub = 1;
		else if (s[x->i] == ']')
			sub = 0;
		else if (sub && s[x->i] == '<' && x->len - x->i > 8 &&
		    memcmp(s + x->i, "<!ENTITY", 8) == 0)
			x->dtd_ents = 1;
		else if (!sub && s[x->i] == '>') {
			x->i++;
			return 0;
		}
	}
	return fail(x, "unterminated DOCTYPE");
}

static int
markup(struct xp *x)
{
	const char *s = x->s + x->i;
	size_t left = x->len - x->i, e;
	struct xnode *nd;

	if (left >= 2 && s[1] == '?') {
		if (left >= 6 && strncasecmp(s, "<?xml", 5) == 0 &&
		    (is_ws((unsigned char)s[5]) || s[5] == '?') && x->i != 0)
			return fail(x, "XML declaration not at the start");
		if ((e = seek(x, "?>")) == x->len)
			return fail(x, "unterminated processing instruction");
		x->i = e + 2;
		return 0;
	}
	if (left >= 4 && memcmp(s, "<!--", 4) == 0) {
		x->i += 4;
		if ((e = seek(x, "--")) == x->len)
			return fail(x, "unterminated comment");
		if (e + 2 >= x->len || x->s[e + 2] != '>')
			return fail(x, "'--' inside a comment");
		x->i = e + 3;
		return 0;
	}
	if (left >= 9 && memcmp(s, "<![CDATA[", 9) == 0) {
		if (x->depth == 0)
			return fail(x, "CDATA outside the root element");
		x->i += 9;
		if ((e = seek(x, "]]>")) == x->len)
			return fail(x, "unterminated CDATA section");
		if (x->build && x->skip == 0) {
			if ((nd = node_add(x, NULL, 0)) == NULL)
				return -1;
			(void)w_buf_add(&nd->text, x->s + x->i, e - x->i);
		}
		x->i = e + 3;
		return 0;
	}
	if (left >= 9 && memcmp(s, "<!DOCTYPE", 9) == 0)
		return doctype(x);
	if (left >= 2 && s[1] == '/')
		return end_tag(x);
	if (left >= 2 && s[1] == '!')
		return fail(x, "unknown markup declaration");
	return start_tag(x);
}

static int
text(struct xp *x)
{
	size_t at = x->i, e = at, k;
	struct xnode *nd = NULL;

	while (e < x->len && x->s[e] != '<')
		e++;
	if (x->depth == 0) {
		for (k = at; k < e; k++)
			if (!is_ws((unsigned char)x->s[k])) {
				x->i = k;
				return fail(x, "text outside the root element");
			}
		x->i = e;
		return 0;
	}
	if (x->build && x->skip == 0 && (nd = node_add(x, NULL, 0)) == NULL)
		return -1;
	if (chars(x, x->s + at, e - at, nd ? &nd->text : NULL, 0) != 0)
		return -1;
	x->i = e;
	return 0;
}

static int
xml_parse(struct xp *x)
{
	while (x->i < x->len) {
		if (x->s[x->i] == '<' ? markup(x) != 0 : text(x) != 0)
			return -1;
	}
	if (x->depth > 0)
		return fail(x, "element <%.*s> is not closed",
		    (int)(x->stkn[x->depth - 1] > 40 ? 40 :
		    x->stkn[x->depth - 1]), x->stk[x->depth - 1]);
	if (!x->had_root)
		return fail(x, "no root element");
	return 0;
}

static struct xp *
xp_new(const char *s, size_t len, int build, int lenient)
{
	struct xp *x = w_calloc(1, sizeof(*x));

	x->s = s;
	x->len = len;
	x->build = build;
	x->lenient = lenient;
	return x;
}

static int
xp_error(const struct xp *x, struct w_err *e)
{
	size_t line = 1, i;

	for (i = 0; i < x->errpos && i < x->len; i++)
		if (x->s[i] == '\n')
			line++;
	return w_err_set(e, W_E_EXTRACTION_FAILED,
	    "XML is not well-formed: line %zu: %s", line, x->err);
}

int
w_feed_xml_check(const char *s, size_t len, struct w_err *e)
{
	struct xp *x;
	int rc = 0;

	if (len > W_XML_PARSE_MAX)
		return w_err_set(e, W_E_RESPONSE_TOO_LARGE,
		    "XML larger than %u MiB is not parsed",
		    W_XML_PARSE_MAX >> 20);
	x = xp_new(s, len, 0, 0);
	if (xml_parse(x) != 0)
		rc = xp_error(x, e);
	free(x);
	return rc;
}

const char *
w_feed_kind(const char *s, size_t len)
{
	size_t i = 0, n;

	if (len > 4096)
		len = 4096;
	while (i < len) {
		while (i < len && s[i] != '<')
			i++;
		if (i + 1 >= len)
			return NULL;
		if (s[i + 1] == '?' || s[i + 1] == '!') {
			i++;
			continue;
		}
		n = name_len(s + i + 1, len - i - 1);
		if (n == 3 && memcmp(s + i + 1, "rss", 3) == 0)
			return "rss";
		if (n == 7 && memcmp(s + i + 1, "rdf:RDF", 7) == 0)
			return "rdf";
		if ((n == 4 && memcmp(s + i + 1, "feed", 4) == 0) ||
		    (n == 9 && memcmp(s + i + 1, "atom:feed", 9) == 0))
			return "atom";
		return NULL;
	}
	return NULL;
}

/* Feed reading. */

static const char *
lname(const char *name)
{
	const char *c = strchr(name, ':');

	return c ? c + 1 : name;
}

/* The first child element named local, an unprefixed one preferred. */
static struct xnode *
kid(const struct xnode *n, const char *local)
{
	struct xnode *k, *any = NULL;

	for (k = n ? n->kids : NULL; k != NULL; k = k->next) {
		if (k->name == NULL || strcmp(lname(k->name), local) != 0)
			continue;
		if (strchr(k->name, ':') == NULL)
			return k;
		if (any == NULL)
			any = k;
	}
	return any;
}

static const char *
attr(const struct xnode *n, const char *name)
{
	size_t i;

	for (i = 0; n && i < n->nattrs; i++)
		if (strcmp(lname(n->attrs[i].name), name) == 0)
			return n->attrs[i].value;
	return NULL;
}

static void
all_text(const struct xnode *n, struct w_buf *b)
{
	const struct xnode *k;

	if (n == NULL)
		return;
	if (n->name == NULL) {
		(void)w_buf_add(b, n->text.p, n->text.len);
		return;
	}
	for (k = n->kids; k != NULL; k = k->next)
		all_text(k, b);
}

/* Append s to b with whitespace runs collapsed, trimmed. */
static void
add_collapsed(struct w_buf *b, const char *s, size_t n)
{
	size_t i;
	int sp = 0;

	for (i = 0; i < n; i++) {
		if (isspace((unsigned char)s[i])) {
			sp = 1;
			continue;
		}
		if (sp && b->len > 0 && b->p[b->len - 1] != ' ')
			(void)w_buf_addc(b, ' ');
		sp = 0;
		(void)w_buf_addc(b, s[i]);
	}
}

/* HTML (already entity-decoded once by XML) to one line of text. */
static void
html_line(struct xp *x, const char *s, size_t n, struct w_buf *out)
{
	struct w_buf t;
	size_t i = 0, k;

	w_buf_init(&t, n + 16);
	(void)w_buf_add(&t, "", 0);
	while (i < n) {
		if (s[i] == '<' && i + 1 < n && (isalpha((unsigned char)
		    s[i + 1]) || s[i + 1] == '/' || s[i + 1] == '!')) {
			if ((n - i > 7 &&
			    strncasecmp(s + i, "<script", 7) == 0) ||
			    (n - i > 6 &&
			    strncasecmp(s + i, "<style", 6) == 0)) {
				for (k = i + 2; k + 1 < n && !(s[k] == '<' &&
				    s[k + 1] == '/'); k++)
					;
				i = k;
			}
			while (i < n && s[i] != '>')
				i++;
			i++;
			(void)w_buf_addc(&t, ' ');
			continue;
		}
		if (s[i] == '&' && (k = entity(x, s + i, n - i, &t)) > 0) {
			i += k;
			continue;
		}
		(void)w_buf_addc(&t, s[i++]);
	}
	add_collapsed(out, t.p, t.len);
	w_buf_free(&t);
}

/* Text of element n: HTML stripped when html is set. Caller frees. */
static char *
field(struct xp *x, const struct xnode *n, int html, size_t maxchars)
{
	struct w_buf raw, out;
	const char *type = attr(n, "type");
	size_t i, chars = 0, cut = 0, sp = 0;

	w_buf_init(&raw, FEED_TEXT_MAX);
	w_buf_init(&out, FEED_TEXT_MAX);
	(void)w_buf_add(&out, "", 0);
	all_text(n, &raw);
	if (type && (strcmp(type, "html") == 0 || strstr(type, "html")))
		html = 1;
	if (type && strcmp(type, "text") == 0)
		html = 0;
	if (raw.len > 0) {
		if (html)
			html_line(x, raw.p, raw.len, &out);
		else
			add_collapsed(&out, raw.p, raw.len);
	}
	w_buf_free(&raw);
	for (i = 0; maxchars && i < out.len; i++) {
		if (((unsigned char)out.p[i] & 0xc0) == 0x80)
			continue;
		if (out.p[i] == ' ')
			sp = i;
		if (++chars > maxchars) {
			cut = sp > i / 2 ? sp : i;
			break;
		}
	}
	if (cut > 0) {
		out.len = cut;
		out.p[cut] = '\0';
		(void)w_buf_adds(&out, "\xe2\x80\xa6");
	}
	return w_buf_take(&out);
}

struct entry {
	char	*title, *link, *date, *summary;
};

static char *
entry_link(const struct xnode *it, const char *base, int atom)
{
	const struct xnode *k;
	const char *href = NULL, *rel;
	struct w_buf b;
	char *s, *r;

	if (atom) {
		for (k = it->kids; k != NULL; k = k->next) {
			if (k->name == NULL || strcmp(lname(k->name), "link"))
				continue;
			rel = attr(k, "rel");
			if (href == NULL || rel == NULL ||
			    strcmp(rel, "alternate") == 0)
				href = attr(k, "href");
			if (rel == NULL || strcmp(rel, "alternate") == 0)
				break;
		}
		s = w_strdup(href ? href : "");
	} else {
		w_buf_init(&b, FEED_TEXT_MAX);
		(void)w_buf_add(&b, "", 0);
		if ((k = kid(it, "link")) != NULL && k->kids != NULL)
			all_text(k, &b);
		else if ((k = kid(it, "guid")) != NULL &&
		    (attr(k, "isPermaLink") == NULL ||
		    strcmp(attr(k, "isPermaLink"), "false") != 0))
			all_text(k, &b);
		s = w_buf_take(&b);
	}
	/* trim */
	for (r = s; isspace((unsigned char)*r); r++)
		;
	memmove(s, r, strlen(r) + 1);
	for (r = s + strlen(s); r > s && isspace((unsigned char)r[-1]); r--)
		r[-1] = '\0';
	if (*s == '\0' || strchr(s, ' ') != NULL) {
		free(s);
		return NULL;
	}
	if (base != NULL && strncasecmp(s, "http://", 7) != 0 &&
	    strncasecmp(s, "https://", 8) != 0) {
		r = w_url_resolve(base, s);
		free(s);
		s = r;
	}
	if (s != NULL && strncasecmp(s, "http://", 7) != 0 &&
	    strncasecmp(s, "https://", 8) != 0) {
		free(s);
		s = NULL;
	}
	return s;
}

/* An RFC 822 date ("Tue, 02 Jan 2024 10:00:00 GMT") as ISO 8601 UTC. */
static int
rfc822(const char *s, char *out, size_t outlen)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	static const struct {
		const char *z;
		int h;
	} zones[] = { { "GMT", 0 }, { "UT", 0 }, { "UTC", 0 }, { "Z", 0 },
	    { "EST", -5 }, { "EDT", -4 }, { "CST", -6 }, { "CDT", -5 },
	    { "MST", -7 }, { "MDT", -6 }, { "PST", -8 }, { "PDT", -7 },
	    { NULL, 0 } };
	struct tm tm;
	char mon[4], zone[8] = "GMT";
	const char *m, *p = strchr(s, ',');
	long off = 0;
	int i, n = 0;
	time_t t;

	memset(&tm, 0, sizeof(tm));
	if (sscanf(p ? p + 1 : s, "%d %3s %d %d:%d%n", &tm.tm_mday, mon,
	    &tm.tm_year, &tm.tm_hour, &tm.tm_min, &n) != 5 ||
	    (m = strstr(months, mon)) == NULL || strlen(mon) != 3 ||
	    (m - months) % 3 != 0)
		return -1;
	p = (p ? p + 1 : s) + n;
	if (*p == ':' && sscanf(p, ":%d%n", &tm.tm_sec, &n) == 1)
		p += n;
	(void)sscanf(p, " %7s", zone);
	if (zone[0] == '+' || zone[0] == '-') {
		if (strlen(zone) != 5 || strspn(zone + 1, "0123456789") != 4)
			return -1;
		off = ((zone[1] - '0') * 10 + zone[2] - '0') * 3600L +
		    ((zone[3] - '0') * 10 + zone[4] - '0') * 60L;
		if (zone[0] == '-')
			off = -off;
	} else {
		for (i = 0; zones[i].z && strcmp(zones[i].z, zone); i++)
			;
		if (zones[i].z == NULL)
			return -1;
		off = zones[i].h * 3600L;
	}
	if (tm.tm_year < 100)
		tm.tm_year += tm.tm_year < 50 ? 2000 : 1900;
	tm.tm_year -= 1900;
	tm.tm_mon = (int)(m - months) / 3;
	if (tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
	    tm.tm_min > 59 || tm.tm_sec > 60)
		return -1;
	t = timegm(&tm) - off;
	if (gmtime_r(&t, &tm) == NULL)
		return -1;
	strftime(out, outlen, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return 0;
}

static void
read_entry(struct xp *x, const struct xnode *it, const char *base,
    int atom, struct entry *en)
{
	struct xnode *d, *t;
	char iso[32];

	en->title = field(x, kid(it, "title"), !atom, 300);
	en->link = entry_link(it, base, atom);
	d = atom ? kid(it, "published") : kid(it, "pubDate");
	if (d == NULL)
		d = atom ? kid(it, "updated") : kid(it, "date");
	en->date = field(x, d, 0, 64);
	if (!atom && rfc822(en->date, iso, sizeof(iso)) == 0) {
		free(en->date);
		en->date = w_strdup(iso);
	}
	t = atom ? kid(it, "summary") : kid(it, "description");
	if (t == NULL || t->kids == NULL)
		t = atom ? kid(it, "content") : kid(it, "encoded");
	en->summary = field(x, t, !atom, W_FEED_SUMMARY_MAX);
}

static void
entry_free(struct entry *en)
{
	free(en->title);
	free(en->link);
	free(en->date);
	free(en->summary);
}

/* Markdown-escape s into b. */
static void
md_add(struct w_buf *b, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>#|", *s) != NULL)
			(void)w_buf_addc(b, '\\');
		(void)w_buf_addc(b, *s);
	}
}

static void
md_url(struct w_buf *b, const char *u)
{
	for (; *u; u++) {
		if (*u == '(' || *u == ')' || *u == ' ' || *u == '<' ||
		    *u == '>')
			(void)w_buf_printf(b, "%%%02X", (unsigned char)*u);
		else
			(void)w_buf_addc(b, *u);
	}
}

static void
write_entry(struct w_buf *b, const struct entry *en, int text)
{
	const char *title = *en->title ? en->title : "(untitled)";

	if (text) {
		(void)w_buf_adds(b, title);
		if (*en->date)
			(void)w_buf_printf(b, " (%s)", en->date);
		if (en->link)
			(void)w_buf_printf(b, "\n%s", en->link);
		if (*en->summary)
			(void)w_buf_printf(b, "\n%s", en->summary);
		(void)w_buf_adds(b, "\n\n");
		return;
	}
	(void)w_buf_adds(b, "- ");
	if (en->link) {
		(void)w_buf_addc(b, '[');
		md_add(b, title);
		(void)w_buf_adds(b, "](");
		md_url(b, en->link);
		(void)w_buf_addc(b, ')');
	} else
		md_add(b, title);
	if (*en->date) {
		(void)w_buf_adds(b, " (");
		md_add(b, en->date);
		(void)w_buf_addc(b, ')');
	}
	if (*en->summary) {
		(void)w_buf_adds(b, "\n  ");
		md_add(b, en->summary);
	}
	(void)w_buf_adds(b, "\n\n");
}

static void
write_head(struct xp *x, const struct xnode *ch, int text,
    struct w_buf *b, struct w_doc *out)
{
	char *title = field(x, kid(ch, "title"), 0, 300);
	char *desc = field(x, kid(ch, "description") ? kid(ch,
	    "description") : kid(ch, "subtitle"), 1, 1000);

	if (*title) {
		if (text)
			(void)w_buf_adds(b, title);
		else {
			(void)w_buf_adds(b, "# ");
			md_add(b, title);
		}
		(void)w_buf_adds(b, "\n\n");
		out->meta = jv_object_set(out->meta, jv_string("title"),
		    jv_string(title));
	}
	if (*desc) {
		if (text)
			(void)w_buf_adds(b, desc);
		else
			md_add(b, desc);
		(void)w_buf_adds(b, "\n\n");
		out->meta = jv_object_set(out->meta,
		    jv_string("description"), jv_string(desc));
	}
	free(title);
	free(desc);
}

static int
is_item(const struct xnode *k, int atom)
{
	return k->name != NULL &&
	    strcmp(lname(k->name), atom ? "entry" : "item") == 0;
}

/* Write the feed's head and entries into out. */
static void
write_feed(struct xp *x, const char *kind, const char *base, int text,
    struct w_doc *out)
{
	const struct xnode *ch, *list, *k;
	struct w_buf b;
	struct entry en;
	int atom = strcmp(kind, "atom") == 0, shown = 0, total = 0;

	ch = atom ? x->root : kid(x->root, "channel");
	list = strcmp(kind, "rss") == 0 ? ch : x->root;
	w_buf_init(&b, FEED_TEXT_MAX);
	(void)w_buf_add(&b, "", 0);
	write_head(x, ch, text, &b, out);
	for (k = list ? list->kids : NULL; k != NULL; k = k->next) {
		if (!is_item(k, atom))
			continue;
		if (++total > W_FEED_ENTRIES_MAX)
			continue;
		read_entry(x, k, base, atom, &en);
		write_entry(&b, &en, text);
		entry_free(&en);
		shown++;
	}
	if ((size_t)total < x->entries)
		total = (int)x->entries;
	while (b.len > 0 && b.p[b.len - 1] == '\n')
		b.p[--b.len] = '\0';
	(void)w_buf_addc(&b, '\n');
	out->len = b.len;
	out->text = w_buf_take(&b);
	out->coverage = jv_object_set(out->coverage,
	    jv_string("feed_format"), jv_string(kind));
	out->coverage = jv_object_set(out->coverage,
	    jv_string("feed_entries"), jv_number(shown));
	out->coverage = jv_object_set(out->coverage,
	    jv_string("feed_entries_total"), jv_number(total));
}

int
w_feed_extract(const char *s, size_t len, const char *base, int text,
    struct w_doc *out, struct w_err *e)
{
	struct xp *x;
	const char *kind;
	int rc = 0;

	if (len > W_XML_PARSE_MAX)
		return w_err_set(e, W_E_RESPONSE_TOO_LARGE,
		    "feeds larger than %u MiB are not parsed",
		    W_XML_PARSE_MAX >> 20);
	x = xp_new(s, len, 1, 1);
	if (xml_parse(x) != 0)
		rc = xp_error(x, e);
	else if ((kind = w_feed_kind(s, len)) == NULL || x->root == NULL)
		rc = w_err_set(e, W_E_EXTRACTION_FAILED,
		    "the XML root element is not rss, rdf:RDF or feed");
	else
		write_feed(x, kind, base, text, out);
	node_free(x->root);
	free(x);
	return rc;
}
