/*
 * challenge.c: access-challenge and log-in-wall classification of HTML
 * responses, after the reference's "Challenge classification": challenge
 * headers count regardless of length, conclusive vendor markers in the
 * markup on pages of at most 5,000 visible characters (a real page that
 * carries a widget in a form is the page); human-check phrasing only on
 * pages of at most 500 visible
 * characters; bare vocabulary only on tiny bodies served with 202, 403,
 * 429 or 503. One light pass strips tags to measure the visible text.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "challenge.h"
#include "json.h"

#define MARKUP_MAX	(1u << 20)	/* markup kept for marker search */
#define VIS_KEEP	8192		/* visible bytes kept for phrases */

struct scan {
	struct w_buf	 markup;	/* lowercased tags, raw-text bodies */
	char		 vis[VIS_KEEP + 1]; /* lowercased, collapsed */
	size_t		 vislen;
	size_t		 visible;	/* visible characters */
	int		 space;		/* a space is pending */
	char		 title[256];
	int		 password;	/* an <input type=password> */
	/* past every limit (see scan_html): the markup is no longer
	 * kept, only its length and whether it names "/cdn-cgi/" */
	int		 past;
	size_t		 mlen;		/* the markup's length then */
	int		 cdn;		/* "/cdn-cgi/" in the markup since */
};

_Static_assert(W_CHALLENGE_MARKUP_MAX >= W_CHALLENGE_PHRASE_MAX &&
    W_CHALLENGE_MARKUP_MAX >= W_CHALLENGE_VOCAB_MAX &&
    W_CHALLENGE_MARKUP_MAX >= W_CHALLENGE_LOGIN_MAX,
    "the markup limit is the largest visible-text limit");

/* A marker and the vendor it names. */
struct marker {
	const char	*needle;
	const char	*vendor;
};

/* Found in the markup: conclusive on any page. */
static const struct marker strong[] = {
	{ "_cf_chl_opt", "Cloudflare" },
	{ "cf_chl_", "Cloudflare" },
	{ "cf-chl-", "Cloudflare" },
	{ "/orchestrate/chl_page/", "Cloudflare" },
	{ "/orchestrate/managed/", "Cloudflare" },
	{ "/orchestrate/jsch/", "Cloudflare" },
	{ "id=\"challenge-form\"", "Cloudflare" },
	{ "captcha-delivery.com", "DataDome" },
	{ "px-captcha", "PerimeterX" },
	{ "_pxcaptcha", "PerimeterX" },
	{ "captcha.px-cdn.net", "PerimeterX" },
	{ "sec-if-cpt", "Akamai" },
	{ "/_sec/cp_challenge", "Akamai" },
	{ "within.website/x/cmd/anubis", "Anubis" },
	{ "anubis_challenge", "Anubis" },
	{ "gokuprops", "AWS WAF" },
	{ "sucuri_cloudproxy_js", "Sucuri" },
	{ "check.ddos-guard.net", "DDoS-Guard" },
	{ NULL, NULL }
};

/* Captcha widgets: a sparse page that holds one is a challenge form. */
static const struct marker widgets[] = {
	{ "cf-turnstile", "Cloudflare" },
	{ "h-captcha", "hCaptcha" },
	{ "g-recaptcha", "reCAPTCHA" },
	{ NULL, NULL }
};

/*
 * Vendor scripts, also served on ordinary pages (Cloudflare's JavaScript
 * detections, bot-manager tags): a challenge only on a sparse refused
 * page; otherwise they only name the vendor of a phrasing match.
 */
static const struct marker scripts[] = {
	{ "challenge-platform", "Cloudflare" },
	{ "challenges.cloudflare.com", "Cloudflare" },
	{ "hcaptcha.com", "hCaptcha" },
	{ "google.com/recaptcha", "reCAPTCHA" },
	{ "recaptcha.net", "reCAPTCHA" },
	{ "_incapsula_resource", "Imperva" },
	{ "awswaf", "AWS WAF" },
	{ "ddos-guard", "DDoS-Guard" },
	{ "datadome", "DataDome" },
	{ "perimeterx", "PerimeterX" },
	{ "px-cdn.net", "PerimeterX" },
	{ "kpsdk", "Kasada" },
	{ NULL, NULL }
};

/* Titles that are conclusive. */
static const struct marker titles[] = {
	{ "attention required! | cloudflare", "Cloudflare" },
	{ "making sure you're not a bot", "Anubis" },
	{ "ddos-guard", "DDoS-Guard" },
	{ "sucuri website firewall", "Sucuri" },
	{ NULL, NULL }
};

/* Human-check phrasing: pages of at most 500 visible characters. */
static const char *const phrases[] = {
	"verify you are human", "verifying you are human",
	"verify that you are human", "verify you're human",
	"confirm you are human", "prove you are human", "are you a robot",
	"are you human", "not a robot", "checking your browser",
	"checking if the site connection is secure", "press and hold",
	"press & hold", "human verification", "complete the security check",
	"please complete the captcha", "enable javascript and cookies to",
	"one more step", "bot verification", "making sure you're not a bot",
	"incapsula incident id", NULL
};

/* Bare vocabulary: tiny bodies on 202/403/429/503 only. */
static const char *const vocab[] = {
	"captcha", "bot", "bots", "robot", "robots", "blocked",
	"unusual traffic", NULL
};

static const char *const login[] = {
	"sign in", "sign-in", "signin", "log in", "log-in", "login",
	"log on", NULL
};

/* ASCII lowercase of byte c, as tolower() in the C locale. */
#define LC(c)	((c) >= 'A' && (c) <= 'Z' ? (c) + 32 : (c))
/* isspace() in the C locale. */
#define IS_SPACE(c)	((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))

/* Whether s[0..n) equals needle (lowercase) ignoring ASCII case. */
static int
eq_ci(const char *s, const char *needle, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (LC((unsigned char)s[i]) != (unsigned char)needle[i])
			return 0;
	return 1;
}

/* Offset of needle (lowercase) in s[0..len) ignoring case, or len. */
static size_t
find_ci(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle), i = 0;
	unsigned char f = (unsigned char)needle[0];
	const char *p;

	if (n == 0 || n > len)
		return n == 0 ? 0 : len;
	if (f < 'a' || f > 'z') {
		/* no case to fold on the first byte: let memchr skip */
		while (i <= len - n &&
		    (p = memchr(s + i, f, len - n + 1 - i)) != NULL) {
			i = (size_t)(p - s);
			if (eq_ci(s + i + 1, needle + 1, n - 1))
				return i;
			i++;
		}
		return len;
	}
	for (; i <= len - n; i++)
		if (LC((unsigned char)s[i]) == f &&
		    eq_ci(s + i + 1, needle + 1, n - 1))
			return i;
	return len;
}

/* Word-at-a-time constants: 0x01, 0x80 in every byte of a word. */
#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

static void
markup_add(struct scan *sc, const char *s, size_t n)
{
	struct w_buf *b = &sc->markup;
	size_t room = b->max - b->len, i = 0;
	uint64_t w, h, up, nul;
	unsigned char c;
	char *o;

	if (sc->past) {
		/* what cloudflare_hint() would find in the markup kept */
		if ((room = b->max - sc->mlen) < n)
			n = room;
		if (!sc->cdn && find_ci(s, n, "/cdn-cgi/") < n)
			sc->cdn = 1;
		sc->mlen += n;
		return;
	}
	if (n > room)
		n = room;
	if (n == 0)
		return;
	w_buf_reserve(b, n);
	o = b->p + b->len;
	/* eight bytes at a time: ASCII capitals + 0x20, NUL to ' ' */
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = w & ~HIGHS;
		up = (h + ONES * (0x80 - 'A')) & ~(h + ONES * (0x7f - 'Z')) &
		    ~w & HIGHS;
		nul = ~((h + ~HIGHS) | w) & HIGHS;
		w |= (up | nul) >> 2;
		memcpy(o + i, &w, 8);
	}
	for (; i < n; i++) {
		c = (unsigned char)s[i];
		o[i] = c == '\0' ? ' ' : (char)LC(c);
	}
	b->len += n;
	b->p[b->len] = '\0';
}

/*
 * A run of plain text at s (up to '<', '&' or a curly quote's lead
 * byte): text_char() for each byte, kept in locals. Returns its length.
 */
static size_t
text_run(struct scan *sc, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, visible = sc->visible, vislen = sc->vislen;
	int space = sc->space;
	unsigned char c;

	for (i = 0; i < len; i++) {
		c = p[i];
		if (c == '<' || c == '&' || c == 0xe2)
			break;
		if (IS_SPACE(c) || c == 0) {
			space = visible > 0;
			continue;
		}
		if (space) {
			space = 0;
			visible++;
			if (vislen < VIS_KEEP)
				sc->vis[vislen++] = ' ';
		}
		if ((c & 0xc0) != 0x80)
			visible++;
		if (vislen < VIS_KEEP)
			sc->vis[vislen++] = (char)LC(c);
	}
	sc->visible = visible;
	sc->vislen = vislen;
	sc->space = space;
	return i;
}

static void
vis_byte(struct scan *sc, int c)
{
	if (c == ' ') {
		sc->space = sc->visible > 0;
		return;
	}
	if (sc->space) {
		sc->space = 0;
		sc->visible++;
		if (sc->vislen < VIS_KEEP)
			sc->vis[sc->vislen++] = ' ';
	}
	if ((c & 0xc0) != 0x80)
		sc->visible++;
	if (sc->vislen < VIS_KEEP)
		sc->vis[sc->vislen++] = (char)LC(c);
}

/* One character of text at s: entities and curly quotes folded. */
static size_t
text_char(struct scan *sc, const char *s, size_t len)
{
	static const struct {
		const char *ent;
		int c;
	} ents[] = {
		{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' },
		{ "&quot;", '"' }, { "&apos;", '\'' }, { "&#39;", '\'' },
		{ "&#x27;", '\'' }, { "&rsquo;", '\'' }, { "&lsquo;", '\'' },
		{ "&#8217;", '\'' }, { "&nbsp;", ' ' }, { "&#160;", ' ' },
		{ NULL, 0 }
	};
	unsigned char c = (unsigned char)*s;
	size_t i, n;

	if (c == '&')
		for (i = 0; ents[i].ent != NULL; i++) {
			n = strlen(ents[i].ent);
			if (n <= len && eq_ci(s, ents[i].ent, n)) {
				vis_byte(sc, ents[i].c);
				return n;
			}
		}
	if (c == 0xe2 && len >= 3 && (unsigned char)s[1] == 0x80 &&
	    ((unsigned char)s[2] == 0x98 || (unsigned char)s[2] == 0x99)) {
		vis_byte(sc, '\'');
		return 3;
	}
	vis_byte(sc, IS_SPACE(c) || c == 0 ? ' ' : c);
	return 1;
}

static int
raw_text_tag(const char *name)
{
	return strcmp(name, "script") == 0 || strcmp(name, "style") == 0 ||
	    strcmp(name, "noscript") == 0 || strcmp(name, "template") == 0;
}

/* The tag at s (s[0] == '<'); returns its length and its name. */
static size_t
tag_span(const char *s, size_t len, char *name, size_t namelen, int *end)
{
	size_t i = 1, k = 0, start, j;
	const char *p;
	unsigned char c;

	*end = i < len && s[i] == '/';
	if (*end)
		i++;
	while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '-' ||
	    s[i] == ':')) {
		if (k + 1 < namelen)
			name[k++] = (char)LC((unsigned char)s[i]);
		i++;
	}
	name[k] = '\0';
	/*
	 * As the HTML tokenizer: a quote opens a value only after '='
	 * (the last byte before it other than a space, after the name);
	 * the value runs to the same quote. Only '>' and the quotes stop
	 * the scan.
	 */
	for (start = i; i < len; i++) {
		c = (unsigned char)s[i];
		if (c == '>')
			return i + 1;
		if (c != '"' && c != '\'')
			continue;
		for (j = i; j > start && IS_SPACE(s[j - 1]); j--)
			;
		if (j == start || s[j - 1] != '=')
			continue;
		if ((p = memchr(s + i + 1, c, len - i - 1)) == NULL)
			return len;
		i = (size_t)(p - s);
	}
	return len;
}

static void
scan_tag(struct scan *sc, const char *s, size_t n, const char *name)
{
	markup_add(sc, s, n);
	if (strcmp(name, "input") == 0 &&
	    (find_ci(s, n, "type=password") < n ||
	    find_ci(s, n, "type=\"password\"") < n ||
	    find_ci(s, n, "type='password'") < n))
		sc->password = 1;
}

/* Skip a raw-text element's body; title text is kept, counted visible. */
static size_t
raw_body(struct scan *sc, const char *s, size_t len, const char *name)
{
	char close[24];
	size_t n, i, k = 0, start;

	snprintf(close, sizeof(close), "</%s", name);
	n = find_ci(s, len, close);
	if (strcmp(name, "title") == 0) {
		start = sc->vislen;
		for (i = 0; i < n; i += text_char(sc, s + i, n - i))
			;
		for (i = start; i < sc->vislen && k + 1 < sizeof(sc->title);
		    i++)
			if (k > 0 || sc->vis[i] != ' ')
				sc->title[k++] = sc->vis[i];
		while (k > 0 && sc->title[k - 1] == ' ')
			k--;
		sc->title[k] = '\0';
	} else
		markup_add(sc, s, n);
	return n;
}

static void
scan_html(struct scan *sc, const char *s, size_t len)
{
	char name[16];
	size_t i = 0, n;
	unsigned char c;
	int end;

	while (i < len) {
		/*
		 * Past every visible-text limit, with the phrase window
		 * full, nothing the text holds can change the verdict:
		 * only the tags are read on (a later <title>, the raw-text
		 * bodies, "/cdn-cgi/" in the markup); the visible count
		 * stays where it is, over the limits.
		 */
		if (!sc->past && sc->vislen >= VIS_KEEP &&
		    sc->visible > W_CHALLENGE_MARKUP_MAX) {
			sc->past = 1;
			sc->mlen = sc->markup.len;
		}
		c = (unsigned char)s[i];
		if (sc->past && c != '<') {
			const char *lt = memchr(s + i, '<', len - i);

			i = lt != NULL ? (size_t)(lt - s) : len;
			continue;
		}
		if (c != '<' && c != '&' && c != 0xe2) {
			i += text_run(sc, s + i, len - i);
			continue;
		}
		if (c != '<') {
			i += text_char(sc, s + i, len - i);
			continue;
		}
		if (len - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
			n = find_ci(s + i + 4, len - i - 4, "-->");
			i += 4 + n + (n < len - i - 4 ? 3 : 0);
			continue;
		}
		if (i + 1 < len && (isalpha((unsigned char)s[i + 1]) ||
		    s[i + 1] == '/' || s[i + 1] == '!' || s[i + 1] == '?')) {
			n = tag_span(s + i, len - i, name, sizeof(name), &end);
			scan_tag(sc, s + i, n, name);
			vis_byte(sc, ' ');
			i += n;
			if (!end && (raw_text_tag(name) ||
			    strcmp(name, "title") == 0))
				i += raw_body(sc, s + i, len - i, name);
			continue;
		}
		i += text_char(sc, s + i, len - i);
	}
	sc->vis[sc->vislen] = '\0';
}

/* The header's value, arrays joined, lowercased, into out. */
static const char *
header(jv headers, const char *name, char *out, size_t outlen)
{
	jv v;
	size_t k = 0, i;
	const char *p;
	int n, j;

	out[0] = '\0';
	if (jv_get_kind(headers) != JV_KIND_OBJECT)
		return NULL;
	v = w_json_get(jv_copy(headers), name);
	if (jv_get_kind(v) == JV_KIND_STRING)
		v = jv_array_append(jv_array(), v);
	if (jv_get_kind(v) != JV_KIND_ARRAY) {
		jv_free(v);
		return NULL;
	}
	n = jv_array_length(jv_copy(v));
	for (j = 0; j < n; j++) {
		jv x = w_json_at(jv_copy(v), j);

		if (jv_get_kind(x) == JV_KIND_STRING) {
			p = jv_string_value(x);
			for (i = 0; p[i] && k + 2 < outlen; i++)
				out[k++] = (char)tolower((unsigned char)p[i]);
			if (k + 2 < outlen)
				out[k++] = '\n';
		}
		jv_free(x);
	}
	jv_free(v);
	out[k] = '\0';
	return out;
}

static int
has_word(const char *hay, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = hay; (p = strstr(p, w)) != NULL; p++)
		if ((p == hay || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

/*
 * Whether needle occurs in hay other than as the start of a Turnstile
 * widget's name ("cf-chl-widget-..."): the widget sits in ordinary
 * forms, the challenge page's own names do not.
 */
static int
has_marker(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	const char *p;

	for (p = hay; (p = strstr(p, needle)) != NULL; p += n)
		if (strncmp(p + n, "widget", 6) != 0)
			return 1;
	return 0;
}

static const char *
find_marker(const struct marker *m, const char *hay)
{
	for (; m->needle != NULL; m++)
		if (has_marker(hay, m->needle))
			return m->vendor;
	return NULL;
}

static int
set(struct w_challenge *c, enum w_code code, const char *vendor,
    const char *reason)
{
	c->code = code;
	c->vendor = vendor;
	c->reason = reason;
	return 1;
}

/* Challenge headers: conclusive on any status. */
static int
by_headers(jv headers, int status, struct w_challenge *c)
{
	char v[512];

	if (header(headers, "cf-mitigated", v, sizeof(v)) &&
	    strstr(v, "challenge"))
		return set(c, W_E_ACCESS_CHALLENGE, "Cloudflare",
		    "challenge header");
	if (header(headers, "x-amzn-waf-action", v, sizeof(v)) &&
	    (strstr(v, "challenge") || strstr(v, "captcha")))
		return set(c, W_E_ACCESS_CHALLENGE, "AWS WAF",
		    "challenge header");
	if ((status == 403 || status == 405 || status == 429) &&
	    header(headers, "x-datadome", v, sizeof(v)))
		return set(c, W_E_ACCESS_CHALLENGE, "DataDome",
		    "challenge header on a refused response");
	if ((status == 403 || status == 428) &&
	    header(headers, "set-cookie", v, sizeof(v)) && strstr(v, "_abck="))
		return set(c, W_E_ACCESS_CHALLENGE, "Akamai",
		    "bot-manager cookie on a refused response");
	return 0;
}

static int
cloudflare_hint(jv headers, int status, const struct scan *sc)
{
	char v[256];

	return header(headers, "cf-ray", v, sizeof(v)) != NULL ||
	    (header(headers, "server", v, sizeof(v)) &&
	    strstr(v, "cloudflare")) || strstr(sc->markup.p, "/cdn-cgi/") ||
	    sc->cdn ||
	    status == 403 || status == 503;
}

static int
is_login(const struct scan *sc, int status)
{
	const char *const *p;

	if (status == 401)
		return 1;
	if (!sc->password || sc->visible > W_CHALLENGE_LOGIN_MAX)
		return 0;
	for (p = login; *p != NULL; p++)
		if (strstr(sc->vis, *p) || strstr(sc->title, *p))
			return 1;
	return 0;
}

static int
classify(const struct scan *sc, int status, jv headers,
    struct w_challenge *c)
{
	const char *const *p;
	const char *v;
	int refused = status == 202 || status == 403 || status == 429 ||
	    status == 503, sparse;

	if (by_headers(headers, status, c))
		return 1;
	/*
	 * vendor markup is conclusive on a page whose readable text could
	 * be the challenge's; a long page that carries it (a widget in a
	 * form, a stylesheet rule) is the page
	 */
	if (sc->visible <= W_CHALLENGE_MARKUP_MAX &&
	    (v = find_marker(strong, sc->markup.p)) != NULL)
		return set(c, W_E_ACCESS_CHALLENGE, v, "challenge markup");
	if ((v = find_marker(titles, sc->title)) != NULL)
		return set(c, W_E_ACCESS_CHALLENGE, v, "challenge page title");
	if (strncmp(sc->title, "just a moment", 13) == 0 &&
	    cloudflare_hint(headers, status, sc))
		return set(c, W_E_ACCESS_CHALLENGE, "Cloudflare",
		    "interstitial page title");
	if (is_login(sc, status))
		return set(c, W_E_AUTHENTICATION_REQUIRED, NULL,
		    status == 401 ? "HTTP 401" : "log-in form");
	sparse = sc->visible <= W_CHALLENGE_PHRASE_MAX;
	if (sparse && (v = find_marker(widgets, sc->markup.p)) != NULL)
		return set(c, W_E_ACCESS_CHALLENGE, v,
		    "captcha form on a sparse page");
	/* the vendor scripts matter only on the sparse pages below */
	v = sparse || (sc->visible <= W_CHALLENGE_VOCAB_MAX && refused) ?
	    find_marker(scripts, sc->markup.p) : NULL;
	if (v != NULL && sparse && refused)
		return set(c, W_E_ACCESS_CHALLENGE, v,
		    "challenge script on a sparse refused page");
	if (sc->visible <= W_CHALLENGE_PHRASE_MAX)
		for (p = phrases; *p != NULL; p++)
			if (strstr(sc->vis, *p) || strstr(sc->title, *p))
				return set(c, W_E_ACCESS_CHALLENGE, v,
				    "human-check page");
	if (sc->visible <= W_CHALLENGE_VOCAB_MAX && refused)
		for (p = vocab; *p != NULL; p++)
			if (has_word(sc->vis, *p) || has_word(sc->title, *p))
				return set(c, W_E_ACCESS_CHALLENGE, v,
				    "refusal page about automated access");
	return 0;
}

int
w_challenge_classify(const char *html, size_t len, int http_status,
    jv headers, struct w_challenge *c)
{
	struct scan *sc = w_calloc(1, sizeof(*sc));
	int hit;

	memset(c, 0, sizeof(*c));
	w_buf_init(&sc->markup, MARKUP_MAX);
	/* the markup kept is a part of html: one allocation holds it */
	w_buf_reserve(&sc->markup, len);
	(void)w_buf_add(&sc->markup, "", 0);
	scan_html(sc, html, len);
	hit = classify(sc, http_status, headers, c);
	c->visible = sc->visible;
	w_buf_free(&sc->markup);
	free(sc);
	return hit;
}
