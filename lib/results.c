/*
 * results.c: URL normalisation, tracking removal, domain filters,
 * relevance gate, reciprocal-rank fusion, host diversity, markup to
 * text and the output bounds for search results.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libpsl.h>

#include "buf.h"
#include "charset.h"
#include "json.h"
#include "results.h"
#include "slice.h"
#include "url.h"

#define URL_MAX		8192
#define GATE_MAX	32

static const char *const tracking[] = {
	"gclid", "gclsrc", "gbraid", "wbraid", "dclid", "fbclid", "msclkid",
	"mc_cid", "mc_eid", "yclid", "_hsenc", "_hsmi", "__hssc", "__hstc",
	"__hsfp", "hsctatracking", "igshid", "ref_src", "ref_url", "mkt_tok",
	"oly_anon_id", "oly_enc_id", "vero_id", "vero_conv", "_openstat",
	"srsltid", "twclid", "ttclid", "li_fat_id", "rb_clickid", "wickedid",
	"s_cid", "_ga", "_gl", "epik", "ncid", "cmpid", NULL
};

const char *const *
w_results_tracking_names(void)
{
	return tracking;
}

int
w_results_is_tracking(const char *name, size_t len)
{
	const char *const *t;

	if (len >= 4 && strncasecmp(name, "utm_", 4) == 0)
		return 1;
	for (t = tracking; *t; t++)
		if (strlen(*t) == len && strncasecmp(*t, name, len) == 0)
			return 1;
	return 0;
}

static int
bad_url_byte(unsigned char c)
{
	return c <= 0x20 || c == 0x7f;
}

/* Query string without tracking parameters, into b. */
static void
clean_query(struct w_buf *b, const char *q, size_t n)
{
	const char *p = q, *end = q + n, *amp, *eq;
	int first = 1;

	while (p < end) {
		if ((amp = memchr(p, '&', (size_t)(end - p))) == NULL)
			amp = end;
		eq = memchr(p, '=', (size_t)(amp - p));
		if (amp > p && !w_results_is_tracking(p,
		    (size_t)((eq ? eq : amp) - p))) {
			w_buf_addc(b, first ? '?' : '&');
			w_buf_add(b, p, (size_t)(amp - p));
			first = 0;
		}
		p = amp + 1;
	}
}

char *
w_results_normalize(const char *url)
{
	const char *p, *auth, *aend, *hend, *rest, *q, *frag;
	struct w_buf b;
	int https, port = -1;
	size_t i;

	if (url == NULL)
		return NULL;
	while (*url == ' ' || *url == '\t' || *url == '\n' || *url == '\r')
		url++;
	if (strncasecmp(url, "https://", 8) == 0)
		https = 1, auth = url + 8;
	else if (strncasecmp(url, "http://", 7) == 0)
		https = 0, auth = url + 7;
	else
		return NULL;
	aend = auth + strcspn(auth, "/?#");
	if (memchr(auth, '@', (size_t)(aend - auth)) != NULL || aend == auth)
		return NULL;
	hend = aend;
	if (*auth == '[') {
		if ((p = memchr(auth, ']', (size_t)(aend - auth))) == NULL)
			return NULL;
		hend = p + 1;
	} else if ((p = memchr(auth, ':', (size_t)(aend - auth))) != NULL)
		hend = p;
	if (hend < aend) {
		if (*hend != ':')
			return NULL;
		port = 0;
		for (p = hend + 1; p < aend; p++) {
			if (!isdigit((unsigned char)*p) || port > 65535)
				return NULL;
			port = port * 10 + (*p - '0');
		}
		if (hend + 1 == aend)
			port = -1;
		else if (port == 0 || port > 65535)
			return NULL;
	}
	rest = aend;
	for (p = url; *p; p++)
		if (bad_url_byte((unsigned char)*p) && p >= rest)
			break;
	/* trailing whitespace ends the URL; inner control bytes refuse it */
	for (q = p; *q; q++)
		if (!isspace((unsigned char)*q))
			return NULL;
	if ((size_t)(p - url) > URL_MAX)
		return NULL;
	for (q = auth; q < hend; q++)
		if (bad_url_byte((unsigned char)*q))
			return NULL;
	w_buf_init(&b, URL_MAX + 16);
	w_buf_adds(&b, https ? "https://" : "http://");
	for (q = auth; q < hend; q++)
		w_buf_addc(&b, tolower((unsigned char)*q));
	if (hend > auth && hend[-1] == '.' && *auth != '[')
		b.p[--b.len] = '\0';
	if (port > 0 && port != (https ? 443 : 80))
		w_buf_printf(&b, ":%d", port);
	frag = memchr(rest, '#', (size_t)(p - rest));
	if (frag == NULL)
		frag = p;
	q = memchr(rest, '?', (size_t)(frag - rest));
	if (q == NULL)
		q = frag;
	if (q == rest || *rest != '/')
		w_buf_addc(&b, '/');
	w_buf_add(&b, rest, (size_t)(q - rest));
	if (q < frag)
		clean_query(&b, q + 1, (size_t)(frag - q - 1));
	for (i = 0; i < b.len; i++)
		if (b.p[i] == ' ') {
			w_buf_free(&b);
			return NULL;
		}
	return w_buf_take(&b);
}

char *
w_results_key(const char *norm)
{
	const char *p = strstr(norm, "://");
	struct w_buf b;

	p = p ? p + 3 : norm;
	if (strncmp(p, "www.", 4) == 0)
		p += 4;
	w_buf_init(&b, strlen(p) + 1);
	w_buf_adds(&b, p);
	if (b.len > 1 && b.p[b.len - 1] == '/')
		b.p[--b.len] = '\0';
	return w_buf_take(&b);
}

char *
w_results_host(const char *norm)
{
	const char *p = strstr(norm, "://"), *e;

	if (p == NULL)
		return NULL;
	p += 3;
	if (*p == '[') {
		e = strchr(p, ']');
		return e ? w_strndup(p + 1, (size_t)(e - p - 1)) : NULL;
	}
	e = p + strcspn(p, ":/?#");
	return e > p ? w_strndup(p, (size_t)(e - p)) : NULL;
}

static const psl_ctx_t *
psl(void)
{
	return psl_builtin();
}

int
w_results_domain_norm(const char *in, char **out, struct w_err *e)
{
	const char *p = in, *end;
	char *d, *m;
	size_t i, n;

	*out = NULL;
	while (*p == ' ')
		p++;
	if (strncasecmp(p, "site:", 5) == 0)
		p += 5;
	if (strncasecmp(p, "https://", 8) == 0)
		p += 8;
	else if (strncasecmp(p, "http://", 7) == 0)
		p += 7;
	end = p + strcspn(p, "/?#: ");
	n = (size_t)(end - p);
	if (n > 0 && p[n - 1] == '.')
		n--;
	if (n >= 4 && strncasecmp(p, "www.", 4) == 0)
		p += 4, n -= 4;
	if (n == 0 || n > 253)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "a domains entry is not a host name");
	d = w_strndup(p, n);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)d[i];

		d[i] = (char)tolower(c);
		if (!(isalnum(c) || c == '-' || c == '.' || c >= 0x80) ||
		    (c == '.' && (i == 0 || d[i - 1] == '.'))) {
			free(d);
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "a domains entry is not a host name");
		}
	}
	/* as URL hosts are kept: Unicode names as their A-labels */
	m = w_url_host_ascii(d, e);
	free(d);
	if ((d = m) == NULL)
		return -1;
	if (psl() != NULL && psl_is_public_suffix2(psl(), d,
	    PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE)) {
		free(d);
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "a domains entry is a public suffix, not a site");
	}
	*out = d;
	return 0;
}

int
w_results_domain_match(const char *host, const char *domain)
{
	size_t h, d;

	if (host == NULL || domain == NULL)
		return 0;
	h = strlen(host);
	d = strlen(domain);
	if (h == d)
		return strcmp(host, domain) == 0;
	return h > d && host[h - d - 1] == '.' &&
	    strcmp(host + h - d, domain) == 0;
}

char *
w_results_registrable(const char *host)
{
	const char *r = psl() ? psl_registrable_domain(psl(), host) : NULL;

	return w_strdup(r ? r : host);
}

int
w_results_same_site(const char *host, const char *entry)
{
	char *a, *b;
	int same;

	if (host == NULL || entry == NULL)
		return 0;
	if (w_results_domain_match(host, entry))
		return 1;
	a = w_results_registrable(host);
	b = w_results_registrable(entry);
	same = strcmp(a, b) == 0;
	free(a);
	free(b);
	return same;
}

/* Relevance gate. */

struct w_gate {
	char	*phrase[GATE_MAX];
	int	 nphrase;
	char	*term[GATE_MAX];
	int	 nterm;
};

static const char *const stopwords[] = {
	"the", "a", "an", "and", "or", "of", "to", "in", "on", "for", "with",
	"is", "are", "how", "what", "why", "when", "does", "do", "vs", "by",
	"at", "from", "be", "it", "this", "that", "which", "who", NULL
};

static int
is_stop(const char *w)
{
	const char *const *s;

	for (s = stopwords; *s; s++)
		if (strcmp(*s, w) == 0)
			return 1;
	return 0;
}

static int
wordc(unsigned char c)
{
	return isalnum(c) || c >= 0x80;
}

/* Lowercase ASCII, whitespace runs collapsed to one space. Caller frees. */
static char *
fold(const char *s)
{
	struct w_buf b;
	int sp = 1;

	w_buf_init(&b, strlen(s) + 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (isspace(c)) {
			if (!sp)
				w_buf_addc(&b, ' ');
			sp = 1;
			continue;
		}
		w_buf_addc(&b, tolower(c));
		sp = 0;
	}
	if (b.len > 0 && b.p[b.len - 1] == ' ')
		b.p[--b.len] = '\0';
	return w_buf_take(&b);
}

static void
add_terms(struct w_gate *g, const char *tok, size_t n, char **stops,
    int *nstop)
{
	size_t i = 0, j;
	char *w;

	while (i < n) {
		while (i < n && !wordc((unsigned char)tok[i]))
			i++;
		j = i;
		while (j < n && wordc((unsigned char)tok[j]))
			j++;
		if (j > i && g->nterm < GATE_MAX) {
			w = w_strndup(tok + i, j - i);
			for (char *c = w; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			if (strlen(w) < 2 && (unsigned char)*w < 0x80)
				free(w);
			else if (is_stop(w) && *nstop < GATE_MAX)
				stops[(*nstop)++] = w;
			else if (is_stop(w))
				free(w);
			else
				g->term[g->nterm++] = w;
		}
		i = j;
	}
}

struct w_gate *
w_gate_new(const char *query)
{
	struct w_gate *g = w_calloc(1, sizeof(*g));
	char *stops[GATE_MAX];
	const char *p = query ? query : "", *q, *e;
	int nstop = 0, i;

	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			break;
		if (*p == '"' && (q = strchr(p + 1, '"')) != NULL) {
			char *raw = w_strndup(p + 1, (size_t)(q - p - 1));
			char *f = fold(raw);

			free(raw);
			if (*f && g->nphrase < GATE_MAX)
				g->phrase[g->nphrase++] = f;
			else
				free(f);
			p = q + 1;
			continue;
		}
		e = p + strcspn(p, " \t\r\n");
		if (*p == '-' || memchr(p, ':', (size_t)(e - p)) != NULL ||
		    (e - p == 2 && strncmp(p, "OR", 2) == 0) ||
		    (e - p == 3 && strncmp(p, "AND", 3) == 0)) {
			p = e;
			continue;
		}
		add_terms(g, p, (size_t)(e - p), stops, &nstop);
		p = e;
	}
	for (i = 0; i < nstop; i++) {
		if (g->nterm == 0 && g->nphrase == 0 && g->nterm < GATE_MAX) {
			g->term[g->nterm++] = stops[i];
			stops[i] = NULL;
		}
		free(stops[i]);
	}
	return g;
}

void
w_gate_free(struct w_gate *g)
{
	int i;

	if (g == NULL)
		return;
	for (i = 0; i < g->nphrase; i++)
		free(g->phrase[i]);
	for (i = 0; i < g->nterm; i++)
		free(g->term[i]);
	free(g);
}

int
w_gate_terms(const struct w_gate *g)
{
	return g->nterm;
}

int
w_gate_phrases(const struct w_gate *g)
{
	return g->nphrase;
}

static int
has_term(const char *text, const char *t)
{
	size_t n = strlen(t);
	const char *p = text;

	while ((p = strstr(p, t)) != NULL) {
		if (n >= 3 || (unsigned char)*t >= 0x80)
			return 1;
		if ((p == text || !wordc((unsigned char)p[-1])) &&
		    !wordc((unsigned char)p[n]))
			return 1;
		p++;
	}
	return 0;
}

int
w_gate_match(const struct w_gate *g, const char *title, const char *snippet,
    const char *url)
{
	struct w_buf b;
	char *text;
	int i, hits = 0, need, ok = 1;

	if (g->nterm == 0 && g->nphrase == 0)
		return 1;
	w_buf_init(&b, 1u << 20);
	w_buf_printf(&b, "%s %s %s", title ? title : "",
	    snippet ? snippet : "", url ? url : "");
	text = fold(b.p ? b.p : "");
	w_buf_free(&b);
	for (i = 0; i < g->nphrase && ok; i++)
		ok = strstr(text, g->phrase[i]) != NULL;
	for (i = 0; i < g->nterm && ok; i++)
		hits += has_term(text, g->term[i]);
	need = (g->nterm + 2) / 3;
	free(text);
	return ok && hits >= need;
}

/* Fusion. */

/* Whether array a (borrowed) holds the string s. */
static int
has_str(jv a, const char *s)
{
	int i, n = jv_array_length(jv_copy(a)), found = 0;

	for (i = 0; i < n && !found; i++) {
		jv x = w_json_at(jv_copy(a), i);

		found = jv_get_kind(x) == JV_KIND_STRING &&
		    strcmp(jv_string_value(x), s) == 0;
		jv_free(x);
	}
	return found;
}

jv
w_results_fuse(jv lists, int k)
{
	jv out = jv_array(), keys = jv_object();
	int nl = jv_array_length(jv_copy(lists)), li, ri, n, idx, i, j;
	double *score;
	size_t cap = 64;

	score = w_calloc(cap, sizeof(*score));
	n = 0;
	for (li = 0; li < nl; li++) {
		jv list = w_json_at(jv_copy(lists), li);
		int nr = jv_array_length(jv_copy(list));

		for (ri = 0; ri < nr; ri++) {
			jv r = w_json_at(jv_copy(list), ri);
			const char *key = w_json_str_peek(r, "key");
			jv at, be;

			if (key == NULL) {
				jv_free(r);
				continue;
			}
			at = w_json_get(jv_copy(keys), key);
			be = w_json_get(jv_copy(r), "backend");
			if (jv_get_kind(at) == JV_KIND_NUMBER) {
				jv cur, bs;

				idx = (int)jv_number_value(at);
				cur = w_json_at(jv_copy(out), idx);
				bs = w_json_get(jv_copy(cur),
				    "backends");
				if (jv_get_kind(be) == JV_KIND_STRING &&
				    !has_str(bs, jv_string_value(be)))
					bs = jv_array_append(bs, jv_copy(be));
				cur = jv_object_set(cur, jv_string("backends"),
				    bs);
				out = jv_array_set(out, idx, cur);
				jv_free(r);
			} else {
				jv bs = jv_array();

				if (jv_get_kind(be) == JV_KIND_STRING)
					bs = jv_array_append(bs, jv_copy(be));
				r = jv_object_set(r, jv_string("backends"), bs);
				r = jv_object_delete(r, jv_string("backend"));
				keys = jv_object_set(keys, jv_string(key),
				    jv_number(n));
				out = jv_array_append(out, r);
				idx = n++;
				if ((size_t)n >= cap) {
					score = w_realloc(score, cap * 2 *
					    sizeof(*score));
					memset(score + cap, 0, cap *
					    sizeof(*score));
					cap *= 2;
				}
			}
			score[idx] += 1.0 / (double)(k + ri + 1);
			jv_free(at);
			jv_free(be);
		}
		jv_free(list);
	}
	jv_free(lists);
	jv_free(keys);
	/* stable insertion sort by descending score */
	{
		int *ord = w_calloc((size_t)n + 1, sizeof(*ord));
		jv sorted = jv_array();

		for (i = 0; i < n; i++) {
			for (j = i; j > 0 && score[ord[j - 1]] < score[i]; j--)
				ord[j] = ord[j - 1];
			ord[j] = i;
		}
		for (i = 0; i < n; i++) {
			jv r = w_json_at(jv_copy(out), ord[i]);

			r = jv_object_set(r, jv_string("score"),
			    jv_number(score[ord[i]]));
			sorted = jv_array_append(sorted, r);
		}
		free(ord);
		jv_free(out);
		out = sorted;
	}
	free(score);
	return out;
}

jv
w_results_diversify(jv results, int per_host)
{
	jv first = jv_array(), later = jv_array(), count = jv_object();

	jv_array_foreach(results, i, r) {
		jv h = w_json_get(jv_copy(r), "host");
		int c = 0;

		(void)i;
		if (jv_get_kind(h) == JV_KIND_STRING) {
			jv n = w_json_getv(jv_copy(count), jv_copy(h));

			c = jv_get_kind(n) == JV_KIND_NUMBER ?
			    (int)jv_number_value(n) : 0;
			jv_free(n);
			count = jv_object_set(count, jv_copy(h),
			    jv_number(c + 1));
		}
		jv_free(h);
		if (c < per_host)
			first = jv_array_append(first, r);
		else
			later = jv_array_append(later, r);
	}
	jv_free(results);
	jv_free(count);
	return jv_array_concat(first, later);
}

/* Markup to text. */

static const struct {
	const char	*name;
	const char	*utf8;
} entities[] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" },
	{ "apos", "'" }, { "nbsp", " " }, { "ndash", "\xe2\x80\x93" },
	{ "mdash", "\xe2\x80\x94" }, { "hellip", "\xe2\x80\xa6" },
	{ "laquo", "\xc2\xab" }, { "raquo", "\xc2\xbb" },
	{ "lsquo", "\xe2\x80\x98" }, { "rsquo", "\xe2\x80\x99" },
	{ "ldquo", "\xe2\x80\x9c" }, { "rdquo", "\xe2\x80\x9d" },
	{ "middot", "\xc2\xb7" }, { "copy", "\xc2\xa9" }, { "reg", "\xc2\xae" },
	{ "trade", "\xe2\x84\xa2" }, { "bull", "\xe2\x80\xa2" },
	{ "eacute", "\xc3\xa9" }, { "egrave", "\xc3\xa8" },
	{ "aacute", "\xc3\xa1" }, { "uuml", "\xc3\xbc" },
	{ "ouml", "\xc3\xb6" }, { "auml", "\xc3\xa4" },
	{ "szlig", "\xc3\x9f" }, { "ccedil", "\xc3\xa7" },
	{ NULL, NULL }
};

static void
put_cp(struct w_buf *b, unsigned long cp)
{
	char u8[4];

	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x20 || cp == 0x7f)
		cp = ' ';
	w_buf_add(b, u8, w_charset_utf8_put(cp, u8));
}

/* Decode one entity at s (after '&'); returns bytes used, 0 if none. */
static size_t
entity(const char *s, const char *end, struct w_buf *b)
{
	const char *semi;
	size_t n, i;
	unsigned long cp = 0;

	semi = memchr(s, ';', (size_t)(end - s) < 12 ? (size_t)(end - s) : 12);
	if (semi == NULL)
		return 0;
	n = (size_t)(semi - s);
	if (n >= 2 && s[0] == '#') {
		int hex = s[1] == 'x' || s[1] == 'X';

		for (i = hex ? 2 : 1; i < n; i++) {
			int c = (unsigned char)s[i];

			if (hex && isxdigit(c))
				cp = cp * 16 + (unsigned long)(isdigit(c) ?
				    c - '0' : (tolower(c) - 'a' + 10));
			else if (!hex && isdigit(c))
				cp = cp * 10 + (unsigned long)(c - '0');
			else
				return 0;
			if (cp > 0x10ffff)
				cp = 0x110000;
		}
		if (i == (hex ? 2u : 1u))
			return 0;
		put_cp(b, cp);
		return n + 1;
	}
	for (i = 0; entities[i].name; i++)
		if (strlen(entities[i].name) == n &&
		    strncmp(entities[i].name, s, n) == 0) {
			w_buf_adds(b, entities[i].utf8);
			return n + 1;
		}
	return 0;
}

/* Valid UTF-8 sequence length at p, 0 when invalid. */
static size_t
utf8_len(const unsigned char *p, const unsigned char *end)
{
	size_t n, i;

	if (*p < 0x80)
		return 1;
	if (*p >= 0xc2 && *p <= 0xdf)
		n = 2;
	else if (*p >= 0xe0 && *p <= 0xef)
		n = 3;
	else if (*p >= 0xf0 && *p <= 0xf4)
		n = 4;
	else
		return 0;
	if ((size_t)(end - p) < n)
		return 0;
	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if (n == 3 && ((*p == 0xe0 && p[1] < 0xa0) ||
	    (*p == 0xed && p[1] >= 0xa0)))
		return 0;
	if (n == 4 && ((*p == 0xf0 && p[1] < 0x90) ||
	    (*p == 0xf4 && p[1] >= 0x90)))
		return 0;
	return n;
}

/* Whether the tag between p and end is inline (no word break). */
static int
inline_tag(const char *p, const char *end)
{
	static const char *const tags[] = { "b", "i", "em", "strong",
	    "span", "a", "code", "u", "small", "mark", "sup", "sub", "wbr",
	    NULL };
	const char *const *t;
	size_t n;

	if (p < end && *p == '/')
		p++;
	for (n = 0; p + n < end && isalnum((unsigned char)p[n]); n++)
		;
	for (t = tags; *t; t++)
		if (strlen(*t) == n && strncasecmp(*t, p, n) == 0)
			return 1;
	return 0;
}

char *
w_results_html_text(const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	struct w_buf raw, out;
	size_t k;
	int sp = 1;

	w_buf_init(&raw, n * 2 + 16);
	while (p < end) {
		if (*p == '<') {
			const char *gt = memchr(p, '>', (size_t)(end - p));

			if (!inline_tag(p + 1, gt ? gt : end))
				w_buf_addc(&raw, ' ');
			p = gt ? gt + 1 : end;
		} else if (*p == '&' && (k = entity(p + 1, end, &raw)) > 0)
			p += k + 1;
		else
			w_buf_addc(&raw, *p++);
	}
	w_buf_init(&out, raw.len + 16);
	p = raw.p ? raw.p : "";
	end = p + raw.len;
	while (p < end) {
		unsigned char c = (unsigned char)*p;

		if (isspace(c) || c < 0x20 || c == 0x7f ||
		    (c == 0xc2 && p + 1 < end && (unsigned char)p[1] == 0xa0)) {
			if (!sp)
				w_buf_addc(&out, ' ');
			sp = 1;
			p += c == 0xc2 ? 2 : 1;
			continue;
		}
		sp = 0;
		if ((k = utf8_len((const unsigned char *)p,
		    (const unsigned char *)end)) == 0) {
			w_buf_adds(&out, "\xef\xbf\xbd");
			p++;
		} else {
			w_buf_add(&out, p, k);
			p += k;
		}
	}
	if (out.len > 0 && out.p[out.len - 1] == ' ')
		out.p[--out.len] = '\0';
	w_buf_free(&raw);
	return w_buf_take(&out);
}

char *
w_results_utf8_cut(const char *s, size_t max)
{
	size_t n = 0;
	const char *p;

	for (p = s; *p; p++)
		if (((unsigned char)*p & 0xc0) != 0x80 && n++ == max)
			break;
	return w_strndup(s, (size_t)(p - s));
}

/* Snippet of r cut to keep characters plus the marker. Consumes r. */
static jv
cut_snippet(jv r, size_t keep)
{
	const char *s = w_json_str_peek(r, "snippet");
	char *cut;
	struct w_buf b;

	if (s == NULL)
		return r;
	cut = w_results_utf8_cut(s, keep);
	w_buf_init(&b, strlen(cut) + sizeof(W_RESULTS_MARKER) + 4);
	w_buf_adds(&b, cut);
	while (b.len > 0 && b.p[b.len - 1] == ' ')
		b.p[--b.len] = '\0';
	if (b.len > 0)
		w_buf_addc(&b, ' ');
	w_buf_adds(&b, W_RESULTS_MARKER);
	free(cut);
	r = jv_object_set(r, jv_string("snippet"), jv_string(b.p));
	w_buf_free(&b);
	return r;
}

static size_t
entry_bytes(jv r)
{
	jv s = jv_dump_string(jv_copy(r), 0);
	size_t n = (size_t)jv_string_length_bytes(jv_copy(s));

	jv_free(s);
	return n;
}

jv
w_results_head(jv a, int n)
{
	jv out = jv_array();
	int i, len = jv_array_length(jv_copy(a));

	for (i = 0; i < n && i < len; i++)
		out = jv_array_append(out, w_json_at(jv_copy(a), i));
	jv_free(a);
	return out;
}

jv
w_results_bound(jv results, size_t budget, int *lossy)
{
	jv out = jv_array();
	size_t total = 0, *sz, over, chars, mchars;
	int n, i;

	mchars = w_slice_chars(W_RESULTS_MARKER, strlen(W_RESULTS_MARKER));
	jv_array_foreach(results, idx, r) {
		const char *t = w_json_str_peek(r, "title");
		const char *s = w_json_str_peek(r, "snippet");

		(void)idx;
		if (t != NULL &&
		    w_slice_chars(t, strlen(t)) > W_RESULTS_TITLE_MAX) {
			char *c = w_results_utf8_cut(t, W_RESULTS_TITLE_MAX);

			r = jv_object_set(r, jv_string("title"), jv_string(c));
			free(c);
			*lossy = 1;
		}
		if (s != NULL &&
		    w_slice_chars(s, strlen(s)) > W_RESULTS_SNIPPET_MAX) {
			r = cut_snippet(r, W_RESULTS_SNIPPET_MAX - mchars - 1);
			*lossy = 1;
		}
		out = jv_array_append(out, r);
	}
	jv_free(results);
	n = jv_array_length(jv_copy(out));
	sz = w_calloc((size_t)n + 1, sizeof(*sz));
	for (i = 0; i < n; i++) {
		jv r = w_json_at(jv_copy(out), i);

		sz[i] = entry_bytes(r);
		total += sz[i] + 1;
		jv_free(r);
	}
	for (i = n - 1; i >= 0 && total > budget; i--) {
		jv r = w_json_at(jv_copy(out), i);
		const char *s = w_json_str_peek(r, "snippet");

		over = total - budget;
		chars = s ? w_slice_chars(s, strlen(s)) : 0;
		if (s != NULL && chars > mchars + 1) {
			size_t keep = chars > over + mchars + 1 ?
			    chars - over - mchars - 1 : 0;

			if (keep + mchars + 1 >= chars)
				keep = 0;
			r = cut_snippet(r, keep);
			*lossy = 1;
			total -= sz[i];
			sz[i] = entry_bytes(r);
			total += sz[i];
		}
		out = jv_array_set(out, i, r);
	}
	while (n > 0 && total > budget) {
		n--;
		total -= sz[n] + 1;
		out = w_results_head(out, n);
		*lossy = 1;
	}
	free(sz);
	return out;
}
