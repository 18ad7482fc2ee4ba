/*
 * html_hidden.c: content the DOM hides. When the visible main text is
 * thin, a page may still carry its text in JSON-LD (articleBody, text,
 * recipe steps, Q&A, forum comments, Product / Offer), in framework
 * state (__NEXT_DATA__, __NUXT_DATA__, window.__NUXT__, Remix and other
 * inline state, Next's flight pushes), in <noscript> or in template
 * scripts. Nothing is executed: JSON goes through jv, scripts through a
 * string-literal scanner. What is found becomes one small HTML document,
 * parsed and written like the page, and only lines the visible text
 * does not already hold are appended (html_novel.c). Every step is
 * bounded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "charset.h"
#include "html_int.h"
#include "json.h"

#define HH_OUT_MAX	(64u << 20)
#define HH_HTML_MAX	(512u << 10)	/* recovered HTML, all sources */
#define HH_SCRIPT_MAX	(4u << 20)	/* one script looked at */
#define HH_DEPTH	24		/* JSON nesting followed */
#define HH_VISITS	200000		/* JSON values visited per source */
#define HH_PROSE	60		/* shortest state string taken */
#define HH_LIT_DEPTH	2		/* literals inside literals */
#define HH_SHELL	2		/* times the visible pick a template
					   holds to replace it */
#define HH_TAKE		500		/* bytes of JSON-LD prose or template
					   text that may replace or join a
					   visible pick lacking it */

struct rec {
	struct w_buf	 h;		/* the HTML being built */
	size_t		 visits;
	int		 any;
	size_t		 prose;		/* bytes of article bodies, recipes,
					   how-tos in h */
	size_t		 steps;		/* of which recipes and how-tos */
	int		 lean;		/* products: description and
					   properties only */
};

/* -- building the recovered document ------------------------------- */

static int
room(const struct rec *r, size_t n)
{
	return r->h.len + n + 64 < HH_HTML_MAX;
}

/* Whether s looks like an HTML fragment rather than text. */
static int
looks_html(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 2 < n; i++)
		if (s[i] == '<' && (s[i + 1] == '/' ||
		    ((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z')) &&
		    (memchr(s + i, '>', n - i) != NULL))
			return 1;
	return 0;
}

/*
 * Text stored percent-encoded ("An%20elegant%20sofa"): no space, two
 * or more "%20". Decoded into b; returns whether it was.
 */
static int
pct_text(const char *s, size_t n, struct w_buf *b)
{
	size_t i, sp = 0;
	int h, l;

	if (memchr(s, ' ', n) != NULL)
		return 0;
	for (i = 0; i + 2 < n; i++)
		if (s[i] == '%' && s[i + 1] == '2' && s[i + 2] == '0')
			sp++;
	if (sp < 2)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] == '%' && i + 2 < n &&
		    (h = w_hexval((unsigned char)s[i + 1])) >= 0 &&
		    (l = w_hexval((unsigned char)s[i + 2])) >= 0 &&
		    (h > 0 || l >= 0x20)) {
			w_buf_addc(b, (char)(h * 16 + l));
			i += 2;
		} else
			w_buf_addc(b, s[i]);
	return 1;
}

/*
 * Text or an HTML fragment as a block. Text keeps its entities (they
 * decode in the parse) and its blank lines as paragraph breaks.
 */
static void
add_block(struct rec *r, const char *tag, const char *s, size_t n)
{
	struct w_buf dec;
	size_t i;

	while (n > 0 && (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r'))
		s++, n--;
	if (n == 0 || !room(r, n + n / 4))
		return;
	w_html_buf_init(&dec, n + 1);
	if (pct_text(s, n, &dec)) {
		s = dec.p;
		n = dec.len;
	}
	w_buf_printf(&r->h, "<%s>", tag);
	if (looks_html(s, n))
		w_buf_add(&r->h, s, n);
	else
		for (i = 0; i < n; i++) {
			if (s[i] == '<')
				w_buf_adds(&r->h, "&lt;");
			else if (s[i] == '>')
				w_buf_adds(&r->h, "&gt;");
			else if (s[i] == '\n' && i + 1 < n && s[i + 1] == '\n')
				w_buf_adds(&r->h, "<p>");
			else if (s[i] == '\n')
				w_buf_adds(&r->h, "<br>");
			else
				w_buf_addc(&r->h, s[i]);
		}
	w_buf_printf(&r->h, "</%s>\n", tag);
	r->any = 1;
	w_buf_free(&dec);
}

static void
add_str(struct rec *r, const char *tag, const char *s)
{
	if (s != NULL)
		add_block(r, tag, s, strlen(s));
}

/* -- JSON-LD -------------------------------------------------------- */

/* o[k] when o is an object, else invalid; owned. o is borrowed. */
static jv
get(jv o, const char *k)
{
	return w_json_get(jv_copy(o), k);
}

/* o[k] as a string or NULL; the pointer lives as long as o. */
static const char *
sget(jv o, const char *k)
{
	jv v = get(o, k);
	const char *s = NULL;

	if (jv_get_kind(v) == JV_KIND_STRING)
		s = jv_string_value(v);
	jv_free(v);
	return s;
}

/* o[k] as text: a string, a number, or the name of an object. */
static void
tget(jv o, const char *k, char *buf, size_t sz)
{
	jv v = get(o, k);
	const char *s;

	buf[0] = '\0';
	if (jv_get_kind(v) == JV_KIND_ARRAY)
		v = w_json_at(v, 0);
	if (jv_get_kind(v) == JV_KIND_OBJECT) {
		s = sget(v, "name");
		if (s != NULL)
			snprintf(buf, sz, "%s", s);
	} else if (jv_get_kind(v) == JV_KIND_STRING)
		snprintf(buf, sz, "%s", jv_string_value(v));
	else if (jv_get_kind(v) == JV_KIND_NUMBER)
		snprintf(buf, sz, "%.15g", jv_number_value(v));
	jv_free(v);
}

enum ldtype {
	LD_NONE, LD_ARTICLE, LD_RECIPE, LD_QUESTION, LD_QAPAGE, LD_POSTING,
	LD_PRODUCT, LD_FAQ, LD_HOWTO
};

static enum ldtype
ld_name(const char *t)
{
	static const struct { const char *n; enum ldtype t; } m[] = {
		{ "Article", LD_ARTICLE }, { "NewsArticle", LD_ARTICLE },
		{ "BlogPosting", LD_ARTICLE }, { "TechArticle", LD_ARTICLE },
		{ "ScholarlyArticle", LD_ARTICLE }, { "Report", LD_ARTICLE },
		{ "ReportageNewsArticle", LD_ARTICLE },
		{ "AnalysisNewsArticle", LD_ARTICLE },
		{ "OpinionNewsArticle", LD_ARTICLE },
		{ "LiveBlogPosting", LD_ARTICLE },
		{ "SocialMediaPosting", LD_POSTING },
		{ "DiscussionForumPosting", LD_POSTING },
		{ "Recipe", LD_RECIPE }, { "Question", LD_QUESTION },
		{ "QAPage", LD_QAPAGE }, { "FAQPage", LD_FAQ },
		{ "Product", LD_PRODUCT }, { "ProductGroup", LD_PRODUCT },
		{ "HowTo", LD_HOWTO },
	};
	size_t k;

	if (strncmp(t, "http://schema.org/", 18) == 0)
		t += 18;
	else if (strncmp(t, "https://schema.org/", 19) == 0)
		t += 19;
	for (k = 0; k < sizeof(m) / sizeof(m[0]); k++)
		if (strcmp(t, m[k].n) == 0)
			return m[k].t;
	return LD_NONE;
}

static enum ldtype
ld_type(jv o)
{
	jv t = get(o, "@type");
	enum ldtype r = LD_NONE;

	if (jv_get_kind(t) == JV_KIND_STRING)
		r = ld_name(jv_string_value(t));
	else if (jv_get_kind(t) == JV_KIND_ARRAY) {
		jv_array_foreach(t, i, e) {
			if (r == LD_NONE && jv_get_kind(e) == JV_KIND_STRING)
				r = ld_name(jv_string_value(e));
			jv_free(e);
		}
	}
	jv_free(t);
	return r;
}

/* Call fn on v, or on each element when v is an array. Borrows v. */
static void
each(struct rec *r, jv v, int depth, void (*fn)(struct rec *, jv, int))
{
	if (depth > HH_DEPTH || r->visits++ > HH_VISITS)
		return;
	if (jv_get_kind(v) == JV_KIND_ARRAY) {
		jv_array_foreach(v, i, e) {
			fn(r, e, depth + 1);
			jv_free(e);
		}
	} else if (jv_is_valid(v))
		fn(r, v, depth + 1);
}

/* A recipe step: a string, a HowToStep, or a HowToSection of steps. */
static void
ld_step(struct rec *r, jv v, int depth)
{
	jv items;

	if (jv_get_kind(v) == JV_KIND_STRING) {
		add_block(r, "p", jv_string_value(v),
		    (size_t)jv_string_length_bytes(jv_copy(v)));
		return;
	}
	items = get(v, "itemListElement");
	if (jv_is_valid(items)) {
		add_str(r, "h3", sget(v, "name"));
		each(r, items, depth, ld_step);
	} else if (sget(v, "text") != NULL)
		add_str(r, "p", sget(v, "text"));
	else
		add_str(r, "p", sget(v, "name"));
	jv_free(items);
}

static void
ld_ingredient(struct rec *r, jv v, int depth)
{
	if (jv_get_kind(v) == JV_KIND_STRING)
		add_str(r, "li", jv_string_value(v));
}

/* An answer or a comment: its author line, then its text. */
static void
ld_reply(struct rec *r, jv v, int depth)
{
	char who[256];
	jv c;

	tget(v, "author", who, sizeof(who));
	add_str(r, "p", who[0] != '\0' ? who : NULL);
	add_str(r, "div", sget(v, "text") != NULL ? sget(v, "text") :
	    sget(v, "articleBody"));
	c = get(v, "comment");
	each(r, c, depth, ld_reply);
	jv_free(c);
}

static void
ld_question(struct rec *r, jv v, int depth)
{
	char who[256];
	jv a;

	add_str(r, "h2", sget(v, "name"));
	tget(v, "author", who, sizeof(who));
	add_str(r, "p", who[0] != '\0' ? who : NULL);
	add_str(r, "div", sget(v, "text"));
	a = get(v, "acceptedAnswer");
	each(r, a, depth, ld_reply);
	jv_free(a);
	a = get(v, "suggestedAnswer");
	each(r, a, depth, ld_reply);
	jv_free(a);
}

static void
ld_offer(struct rec *r, jv v, int depth)
{
	char p[160], lo[64], hi[64], cur[32], av[128], line[400];
	const char *a;

	tget(v, "price", p, sizeof(p));
	tget(v, "lowPrice", lo, sizeof(lo));
	tget(v, "highPrice", hi, sizeof(hi));
	tget(v, "priceCurrency", cur, sizeof(cur));
	tget(v, "availability", av, sizeof(av));
	if (p[0] == '\0' && lo[0] != '\0')
		snprintf(p, sizeof(p), "%s%s%s", lo, hi[0] ? " - " : "", hi);
	if (p[0] != '\0') {
		snprintf(line, sizeof(line), "Price: %s%s%s", p,
		    cur[0] ? " " : "", cur);
		add_str(r, "p", line);
	}
	a = strrchr(av, '/');
	a = a != NULL ? a + 1 : av;
	if (*a != '\0') {
		snprintf(line, sizeof(line), "Availability: %s", a);
		add_str(r, "p", line);
	}
}

static void
ld_property(struct rec *r, jv v, int depth)
{
	char n[256], val[512], line[800];

	tget(v, "name", n, sizeof(n));
	tget(v, "value", val, sizeof(val));
	if (n[0] != '\0' && val[0] != '\0') {
		snprintf(line, sizeof(line), "%s: %s", n, val);
		add_str(r, "li", line);
	}
}

static void
ld_product(struct rec *r, jv v, int depth)
{
	char brand[256];
	jv x;

	if (!r->lean) {
		add_str(r, "h1", sget(v, "name"));
		tget(v, "brand", brand, sizeof(brand));
		if (brand[0] != '\0')
			add_str(r, "p", brand);
		x = get(v, "offers");
		each(r, x, depth, ld_offer);
		jv_free(x);
	}
	add_str(r, "div", sget(v, "description"));
	x = get(v, "additionalProperty");
	each(r, x, depth, ld_property);
	jv_free(x);
}

static void	 ld_walk(struct rec *, jv, int);

/* One JSON-LD value: the types we read, else its members. */
static void
ld_walk(struct rec *r, jv v, int depth)
{
	size_t h0 = r->h.len;
	int t;
	jv x;

	if (depth > HH_DEPTH || r->visits++ > HH_VISITS)
		return;
	if (jv_get_kind(v) == JV_KIND_ARRAY) {
		each(r, v, depth, ld_walk);
		return;
	}
	if (jv_get_kind(v) != JV_KIND_OBJECT)
		return;
	switch ((t = ld_type(v))) {
	case LD_ARTICLE:
		add_str(r, "div", sget(v, "articleBody") != NULL ?
		    sget(v, "articleBody") : sget(v, "text"));
		break;
	case LD_POSTING:
		ld_reply(r, v, depth);
		break;
	case LD_RECIPE:
		add_str(r, "p", sget(v, "description"));
		x = get(v, "recipeIngredient");
		each(r, x, depth, ld_ingredient);
		jv_free(x);
		x = get(v, "recipeInstructions");
		if (jv_get_kind(x) == JV_KIND_STRING)
			add_str(r, "div", jv_string_value(x));
		else
			each(r, x, depth, ld_step);
		jv_free(x);
		break;
	case LD_HOWTO:
		x = get(v, "step");
		each(r, x, depth, ld_step);
		jv_free(x);
		break;
	case LD_QUESTION:
		ld_question(r, v, depth);
		break;
	case LD_PRODUCT:
		ld_product(r, v, depth);
		break;
	case LD_QAPAGE: case LD_FAQ: case LD_NONE:
		jv_object_foreach(v, k, e) {
			const char *ks = jv_string_value(k);

			if (strcmp(ks, "@graph") == 0 ||
			    strcmp(ks, "mainEntity") == 0 ||
			    strcmp(ks, "mainEntityOfPage") == 0 ||
			    strcmp(ks, "hasPart") == 0 ||
			    strcmp(ks, "itemListElement") == 0 ||
			    strcmp(ks, "item") == 0)
				ld_walk(r, e, depth + 1);
			jv_free(k);
			jv_free(e);
		}
		break;
	}
	if (t == LD_ARTICLE || t == LD_RECIPE || t == LD_HOWTO)
		r->prose += r->h.len - h0;
	if (t == LD_RECIPE || t == LD_HOWTO)
		r->steps += r->h.len - h0;
}

/* -- framework state ------------------------------------------------ */

/*
 * Whether s holds a placeholder ("{0}", "{count}", "{{name}}"): a
 * message of the interface waiting for its values ("If your bag is
 * over {0} ..."), not the page's text.
 */
int
w_html_placeholder(const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i + 2 < n; i++) {
		if (s[i] != '{')
			continue;
		for (k = i + 1; k < n && k - i <= 24 && (s[k] == '_' ||
		    s[k] == '.' || (s[k] >= '0' && s[k] <= '9') ||
		    ((s[k] | 0x20) >= 'a' && (s[k] | 0x20) <= 'z')); k++)
			;
		if (k > i + 1 && k < n && s[k] == '}')
			return 1;
	}
	return 0;
}

/* A state string worth reading: words, not code, URLs or ids. */
static int
prose(const char *s, size_t n)
{
	size_t i, sp = 0, al = 0, code = 0, js = 0, hi = 0;

	if (n < HH_PROSE || strncmp(s, "http", 4) == 0 || *s == '/' ||
	    *s == '{' || *s == '[' || *s == '$' || w_html_placeholder(s, n))
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ')
			sp++;
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
			al++;
		else if (c >= 0x80) {
			al++;
			hi++;
		} else if (c == '{' || c == '}' || c == ';' || c == '=' ||
		    c == '"' || c == '\\')
			code++;
		/* serialised JSON: "key":, "a","b", ["x */
		if (i > 0 && ((s[i - 1] == '"' && (c == ':' || c == ',')) ||
		    (s[i - 1] == '[' && c == '"')))
			js++;
	}
	if (js > 2 + n / 400)
		return 0;
	if (looks_html(s, n))
		return al > n / 4;
	/* scripts written without spaces (Chinese, Japanese): 30 or
	 * more characters of mostly multibyte text */
	if (hi * 10 > n * 7 && n >= 90)
		return code * 40 < n;
	return sp >= 6 && al * 10 > n * 6 && code * 40 < n;
}

/*
 * Whether key k (n bytes) names a message of a translation catalogue:
 * dotted, without spaces ("checkout.delivery.free", "pdp.size.title").
 */
static int
message_key(const char *k, size_t n)
{
	size_t i, dots = 0;

	for (i = 0; i < n; i++) {
		if (k[i] == '.')
			dots++;
		else if (k[i] != '_' && k[i] != '-' && !(k[i] >= '0' &&
		    k[i] <= '9') && !((k[i] | 0x20) >= 'a' &&
		    (k[i] | 0x20) <= 'z'))
			return 0;
	}
	return dots >= 2 && k[0] != '.' && k[n - 1] != '.';
}

/* State keys whose strings are not page text. */
static int
skip_key(const char *k)
{
	static const char *const skip[] = {
		"url", "href", "src", "image", "images", "img", "icon", "id",
		"slug", "class", "classname", "style", "css", "script",
		"seo", "meta", "metadata", "head", "tracking", "analytics",
		"ads", "config", "settings", "i18n", "translations",
		"locales", "messages", "navigation", "nav", "menu", "footer",
		"header", "cookie", "cookies", "consent", "buildid",
		"runtimeconfig", "query", "schema", "jsonld", "alt",
		"caption", "credit", "related", "recommended", NULL
	};
	size_t i;

	for (i = 0; skip[i] != NULL; i++)
		if (strcasecmp(k, skip[i]) == 0)
			return 1;
	return message_key(k, strlen(k));
}

static void	 st_walk(struct rec *, jv, int);

static void
st_walk(struct rec *r, jv v, int depth)
{
	size_t n;

	if (depth > HH_DEPTH || r->visits++ > HH_VISITS)
		return;
	switch (jv_get_kind(v)) {
	case JV_KIND_STRING:
		n = (size_t)jv_string_length_bytes(jv_copy(v));
		if (prose(jv_string_value(v), n))
			add_block(r, "div", jv_string_value(v), n);
		break;
	case JV_KIND_ARRAY:
		jv_array_foreach(v, i, e) {
			st_walk(r, e, depth + 1);
			jv_free(e);
		}
		break;
	case JV_KIND_OBJECT:
		jv_object_foreach(v, k, e) {
			if (!skip_key(jv_string_value(k)))
				st_walk(r, e, depth + 1);
			jv_free(k);
			jv_free(e);
		}
		break;
	default:
		break;
	}
}

static unsigned
hexv(const char *s, int n)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < n; i++) {
		int d = w_hexval((unsigned char)s[i]);

		if (d == -1)
			return 0xfffd;
		v = v << 4 | (unsigned)d;
	}
	return v;
}

static void
put_cp(struct w_buf *b, unsigned c)
{
	char u8[4];

	if (c == 0 || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		c = 0xfffd;
	w_buf_add(b, u8, w_charset_utf8_put(c, u8));
}

/*
 * The JavaScript string literal at s (its quote) decoded into b.
 * Returns the bytes consumed, through the closing quote.
 */
static size_t
js_literal(const char *s, size_t n, struct w_buf *b)
{
	char q = s[0];
	size_t i;
	unsigned c, lo;

	for (i = 1; i < n && s[i] != q; i++) {
		if (s[i] == '\n' && q != '`')
			return i;
		if (s[i] != '\\' || i + 1 >= n) {
			w_buf_addc(b, s[i]);
			continue;
		}
		switch (s[++i]) {
		case 'n': w_buf_addc(b, '\n'); break;
		case 't': w_buf_addc(b, '\t'); break;
		case 'r': break;
		case 'b': case 'f': case 'v': break;
		case 'x':
			if (i + 2 < n) {
				put_cp(b, hexv(s + i + 1, 2));
				i += 2;
			}
			break;
		case 'u':
			if (i + 4 >= n)
				break;
			c = hexv(s + i + 1, 4);
			i += 4;
			if (c >= 0xd800 && c < 0xdc00 && i + 6 < n &&
			    s[i + 1] == '\\' && s[i + 2] == 'u') {
				lo = hexv(s + i + 3, 4);
				if (lo >= 0xdc00 && lo < 0xe000) {
					c = 0x10000 + ((c - 0xd800) << 10) +
					    (lo - 0xdc00);
					i += 6;
				}
			}
			put_cp(b, c);
			break;
		default:
			w_buf_addc(b, s[i]);
			break;
		}
	}
	return i < n ? i + 1 : n;
}

/*
 * String literals of script text s, the prose ones added; a literal
 * that holds literals itself (serialised JSON) is scanned once more.
 */
static void
scan_literals(struct rec *r, const char *s, size_t n, int depth)
{
	struct w_buf b;
	size_t i, j, k;

	w_html_buf_init(&b, HH_SCRIPT_MAX);
	for (i = 0; i < n && room(r, 0); ) {
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '/' && depth == 0) {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		if (s[i] != '"' && s[i] != '\'' && s[i] != '`') {
			i++;
			continue;
		}
		w_buf_reset(&b);
		k = js_literal(s + i, n - i, &b);
		i += k;
		/* a catalogue's key: its message is no text either */
		for (j = i; j < n && (s[j] == ' ' || s[j] == '\n'); j++)
			;
		if (j < n && s[j] == ':' && message_key(b.p, b.len)) {
			for (j++; j < n && (s[j] == ' ' || s[j] == '\n'); j++)
				;
			if (j < n && (s[j] == '"' || s[j] == '\'' ||
			    s[j] == '`')) {
				w_buf_reset(&b);
				i = j + js_literal(s + j, n - j, &b);
			}
			continue;
		}
		if (b.len < HH_PROSE)
			continue;
		if (prose(b.p, b.len))
			add_block(r, "div", b.p, b.len);
		else if (depth < HH_LIT_DEPTH && memchr(b.p, '"', b.len))
			scan_literals(r, b.p, b.len, depth + 1);
	}
	w_buf_free(&b);
}

/* -- the page's scripts, noscripts and templates -------------------- */

/* The text of script i (its raw children) into b. */
static void
script_text(const struct hdoc *d, int i, struct w_buf *b)
{
	int j;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag == H_TEXT)
			w_buf_add(b, d->pool + d->n[j].off, d->n[j].len);
}

/*
 * Bytes of the JSON object or array s starts with, through its closing
 * bracket (strings skipped), else n.
 */
static size_t
json_end(const char *s, size_t n)
{
	size_t i;
	int depth = 0, str = 0;

	for (i = 0; i < n; i++) {
		if (str) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				str = 0;
			continue;
		}
		if (s[i] == '"')
			str = 1;
		else if (s[i] == '{' || s[i] == '[')
			depth++;
		else if ((s[i] == '}' || s[i] == ']') && --depth <= 0)
			return i + 1;
	}
	return n;
}

static int
json_parse_walk(struct rec *r, const char *s, size_t n,
    void (*fn)(struct rec *, jv, int))
{
	jv v;

	while (n > 0 && (*s == ' ' || *s == '\n' || *s == '\t' ||
	    *s == '\r'))
		s++, n--;
	/* CDATA or comment wrappers some pages leave in */
	if (n > 9 && strncmp(s, "<!--", 4) == 0)
		s += 4, n -= 4;
	if (n > 12 && strncmp(s, "//<![CDATA[", 11) == 0)
		s += 11, n -= 11;
	if (n > HH_SCRIPT_MAX)
		return -1;
	/* the first value: trailing text would make it all invalid */
	v = w_json_parse(s, json_end(s, n));
	if (!jv_is_valid(v)) {
		jv_free(v);
		return -1;
	}
	r->visits = 0;
	fn(r, v, 0);
	jv_free(v);
	return 0;
}

static const char *const state_marks[] = {
	"__NUXT__", "__remixContext", "__INITIAL_STATE__",
	"__PRELOADED_STATE__", "__APOLLO_STATE__", "__INITIAL_DATA__",
	"__staticRouterHydrationData", "__next_f", "__STATE__",
	"__DATA__", "__INITIAL_PROPS__", NULL
};

enum src { SRC_LD, SRC_STATE, SRC_NOSCRIPT, SRC_TEMPLATE, SRC_N };
static const char *const src_name[SRC_N] = {
	"json_ld", "script_state", "noscript", "template"
};

static int
is_template(const char *ty)
{
	return ty != NULL && strncasecmp(ty, "text/", 5) == 0 &&
	    (w_html_ci_contains(ty, "template") ||
	    strcasecmp(ty, "text/html") == 0);
}

/*
 * Whether template s[0..n) (HH_ALERT_MAX bytes at most) opens with an
 * element whose role attribute is alert or status (the whole value:
 * not data-role, not "alertdialog"): the message a script shows when a
 * choice fails ("Sorry, this product is unavailable"), never the page's
 * text.
 */
#define HH_ALERT_MAX	400

static int
alert_template(const char *s, size_t n)
{
	const char *e, *r;

	while (n > 0 && (*s == ' ' || *s == '\n' || *s == '\t' ||
	    *s == '\r'))
		s++, n--;
	if (n == 0 || n > HH_ALERT_MAX || *s != '<' ||
	    (e = memchr(s, '>', n)) == NULL)
		return 0;
	for (r = s; (r = w_html_strstr_n(r, (size_t)(e - r), "role=")) !=
	    NULL; r += 5) {
		const char *v = r + 5;
		char q = 0;
		size_t k;

		/* the attribute role itself, not data-role or x-role */
		if (r == s || (r[-1] != ' ' && r[-1] != '\t' &&
		    r[-1] != '\n' && r[-1] != '\r'))
			continue;
		if (v < e && (*v == '"' || *v == '\''))
			q = *v++;
		k = (size_t)(e - v);
		if (k >= 5 && strncasecmp(v, "alert", 5) == 0)
			v += 5;
		else if (k >= 6 && strncasecmp(v, "status", 6) == 0)
			v += 6;
		else
			continue;
		/* the whole value: not "alertdialog" */
		if (q != 0 ? v < e && *v == q : v == e || *v == ' ' ||
		    *v == '/' || *v == '\t' || *v == '\n' || *v == '\r')
			return 1;
	}
	return 0;
}

/* Template text without {{ }}, {% %} and <% %> markup. */
static void
add_template(struct rec *r, const char *s, size_t n)
{
	struct w_buf b;
	const char *e;
	size_t i;

	w_html_buf_init(&b, HH_SCRIPT_MAX);
	for (i = 0; i < n; i++) {
		const char *close = NULL;

		if (i + 1 < n && s[i] == '{' && s[i + 1] == '{')
			close = "}}";
		else if (i + 1 < n && s[i] == '{' && s[i + 1] == '%')
			close = "%}";
		else if (i + 1 < n && s[i] == '<' && s[i + 1] == '%')
			close = "%>";
		if (close != NULL && (e = w_html_strstr_n(s + i + 2, n - i - 2,
		    close)) != NULL) {
			i = (size_t)(e - s) + 1;
			continue;
		}
		w_buf_addc(&b, s[i]);
	}
	if (looks_html(b.p, b.len))
		add_block(r, "div", b.p, b.len);
	w_buf_free(&b);
}

/*
 * The text of noscript i outside its form controls and their labels
 * (select, option, textarea, button, label): a picker's or a form's
 * script-less fallback ("Product variants" and a select of sizes under
 * each tile of a shop's grid) holds little else, and is no content.
 */
static size_t
noscript_prose(const struct hdoc *d, int i)
{
	size_t n = w_html_text_len(d, i), c = 0;
	int j, t, skip = 0;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, skip)) {
		t = d->n[j].tag;
		skip = t == TidyTag_SELECT || t == TidyTag_TEXTAREA ||
		    t == TidyTag_BUTTON || t == TidyTag_LABEL;
		if (skip)
			c += w_html_text_len(d, j);
	}
	return c < n ? n - c : 0;
}

/* One source over every script / noscript node, detached ones too. */
static void
collect(const struct hdoc *d, const struct w_html_out *o, enum src which,
    struct rec *r, struct w_buf *nsout)
{
	const char *ty, *id;
	struct w_buf s;
	size_t k;
	int i, j;

	w_html_buf_init(&s, HH_SCRIPT_MAX);
	for (i = 0; (size_t)i < d->nn && room(r, 0); i++) {
		if (d->n[i].tag == TidyTag_NOSCRIPT && which == SRC_NOSCRIPT) {
			w_buf_reset(&s);
			w_html_text(d, i, &s);
			if (s.len < HH_PROSE ||
			    (s.len < 400 &&
			    w_html_ci_contains(s.p, "javascript")) ||
			    noscript_prose(d, i) < HH_PROSE)
				continue;
			for (j = d->n[i].first; j >= 0; j = d->n[j].next)
				w_html_write(d, j, o, nsout);
			r->any = 1;
			continue;
		}
		if (d->n[i].tag != TidyTag_SCRIPT)
			continue;
		ty = w_html_attr(d, i, "type");
		id = w_html_attr(d, i, "id");
		w_buf_reset(&s);
		if (which == SRC_LD) {
			if (ty != NULL && strcasecmp(ty, "application/ld+json")
			    == 0) {
				script_text(d, i, &s);
				json_parse_walk(r, s.p, s.len, ld_walk);
			}
		} else if (which == SRC_TEMPLATE) {
			if (is_template(ty)) {
				script_text(d, i, &s);
				if (!alert_template(s.p, s.len))
					add_template(r, s.p, s.len);
			}
		} else if (which == SRC_STATE) {
			if (ty != NULL && w_html_ci_contains(ty, "json")) {
				if (w_html_ci_contains(ty, "ld+json"))
					continue;
				script_text(d, i, &s);
				if (id == NULL || (strcmp(id, "__NEXT_DATA__")
				    != 0 && strcmp(id, "__NUXT_DATA__") != 0 &&
				    s.len < 512))
					continue;
				json_parse_walk(r, s.p, s.len, st_walk);
				continue;
			}
			if (ty != NULL &&
			    !w_html_ci_contains(ty, "javascript") &&
			    strcasecmp(ty, "module") != 0)
				continue;
			script_text(d, i, &s);
			for (k = 0; state_marks[k] != NULL; k++)
				if (w_html_strstr_n(s.p, s.len,
				    state_marks[k]) != NULL)
					break;
			if (state_marks[k] != NULL)
				scan_literals(r, s.p, s.len, 0);
		}
	}
	w_buf_free(&s);
}

/* Write the recovered HTML per o into b. */
static void
render(const struct rec *r, const struct w_html_out *o, struct w_buf *b)
{
	struct hdoc rd;

	if (w_html_parse(&rd, r->h.p, r->h.len) == 0 && rd.body >= 0)
		w_html_write(&rd, rd.body, o, b);
	w_html_free(&rd);
}

/* See html_int.h. */
/*
 * When the visible pick lacks most of a recovered article (at least
 * half of its bytes are novel), the pick was a teaser or the wrong box:
 * JSON-LD prose (TK_REPLACE) takes its place; a JSON-LD recipe or
 * how-to (TK_JOIN) is a part of the page the story around it does not
 * hold (a recipe card drawn by a script under the post): it joins the
 * pick; template text (TK_SHELL) joins it when it is the larger, and
 * takes its place when it is HH_SHELL times the larger (the visible
 * pick of a page whose article is all in the template is its chrome: a
 * cookie notice, the footer). Returns the bytes the article adds,
 * else 0.
 */
enum { TK_SHELL, TK_REPLACE, TK_JOIN };

static size_t
takeover(struct w_buf *out, const struct w_buf *b, int mode)
{
	int replace = mode == TK_REPLACE;

	struct w_buf t;
	size_t n;

	w_html_buf_init(&t, HH_OUT_MAX);
	w_buf_add(&t, out->p, out->len);
	n = w_html_merge_novel(&t, b->p, b->len);
	if (2 * n < b->len || (mode == TK_SHELL && b->len < out->len))
		n = 0;
	else {
		w_buf_reset(out);
		if (mode != TK_JOIN && (replace ||
		    b->len >= HH_SHELL * t.len - HH_SHELL * n))
			w_buf_add(out, b->p, b->len);
		else
			w_buf_add(out, t.p, t.len);
	}
	w_buf_free(&t);
	return n;
}

size_t
w_html_recover(const struct hdoc *d, const struct w_html_out *o, int thin,
    struct w_buf *out, char *from, size_t fromsz)
{
	struct rec r;
	struct w_buf b;
	size_t added = 0, n;
	int s, full, prose;

	from[0] = '\0';
	for (s = 0; s < SRC_N; s++) {
		/* JSON-LD fills out a page of modest length; the rest
		 * only a thin one (the text the profile trimmed as the
		 * shop's chrome was shown: o->trimmed); JSON-LD prose and
		 * templates are weighed against any page (see takeover) */
		full = thin || out->len + o->trimmed < (s == SRC_LD ?
		    (o->thin_ld > 0 ? o->thin_ld : HH_THIN_LD) :
		    s == SRC_STATE ? HH_THIN_STATE : HH_THIN);
		thin = 0;
		if (!full && s != SRC_LD && s != SRC_TEMPLATE)
			continue;
		memset(&r, 0, sizeof(r));
		/* a page that shows some text, or a price, shows the
		 * product's name and price: of its JSON-LD only the
		 * description is news */
		r.lean = out->len + o->trimmed >= HH_THIN_OFFER ||
		    w_html_price_count(out->p, out->len) > 0;
		w_html_buf_init(&r.h, HH_HTML_MAX);
		w_html_buf_init(&b, HH_OUT_MAX);
		w_buf_adds(&r.h, "<html><body>");
		collect(d, o, (enum src)s, &r, &b);
		/* JSON-LD prose: most of what JSON-LD holds */
		prose = s == SRC_TEMPLATE || (r.prose >= HH_TAKE &&
		    2 * r.prose >= r.h.len);
		if (r.any && s != SRC_NOSCRIPT && (full || (prose &&
		    r.h.len >= HH_TAKE && 2 * r.h.len >= out->len))) {
			w_buf_adds(&r.h, "</body></html>");
			render(&r, o, &b);
		}
		n = 0;
		if (prose && b.len >= HH_TAKE &&
		    2 * b.len >= out->len)
			n = takeover(out, &b, s != SRC_LD ? TK_SHELL :
			    2 * r.steps >= r.prose ? TK_JOIN : TK_REPLACE);
		if (n == 0 && b.len > 0 && full)
			n = w_html_merge_novel(out, b.p, b.len);
		if (n > 0) {
			if (added > 0)
				snprintf(from + strlen(from),
				    fromsz - strlen(from), ",");
			snprintf(from + strlen(from), fromsz - strlen(from),
			    "%s", src_name[s]);
			added += n;
		}
		w_buf_free(&b);
		w_buf_free(&r.h);
	}
	return added;
}
