/*
 * url.c: absolute URL parsing (numeric IPv4 host spellings canonicalised
 * to a dotted quad, as the WHATWG URL standard and inet_aton read them),
 * RFC 3986 section 5 reference resolution, serialisation and origins.
 * Pure; no network, no libcurl.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <idn2.h>

#include "buf.h"
#include "policy.h"
#include "url.h"

#define IS_ALPHA(c)	(((c) | 0x20) >= 'a' && ((c) | 0x20) <= 'z')
#define IS_DIGIT(c)	((c) >= '0' && (c) <= '9')
#define IS_HEX(c)	(IS_DIGIT(c) || (((c) | 0x20) >= 'a' && \
			    ((c) | 0x20) <= 'f'))
/* Longest host as written: a Unicode name is longer than its A-labels. */
#define W_HOST_RAW_MAX	1024
#define LOWER(c)	((c) >= 'A' && (c) <= 'Z' ? (c) + 32 : (c))

/* One component of a reference: start, length, and whether defined. */
struct part {
	const char	*p;
	size_t		 n;
	int		 has;
};

struct parts {
	struct part	 scheme, auth, path, query, frag;
};

static const struct {
	const char	*scheme;
	int		 port;
} defports[] = {
	{ "http", 80 }, { "https", 443 }, { "ws", 80 }, { "wss", 443 },
	{ "ftp", 21 }, { "gopher", 70 }, { NULL, 0 }
};

static int
default_port(const char *scheme)
{
	size_t i;

	for (i = 0; defports[i].scheme != NULL; i++)
		if (strcmp(defports[i].scheme, scheme) == 0)
			return defports[i].port;
	return 0;
}

static int
is_web(const char *scheme)
{
	return strcmp(scheme, "http") == 0 || strcmp(scheme, "https") == 0;
}

/* Length of a leading "scheme:" (without the colon), 0 when none. */
static size_t
scheme_len(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || !IS_ALPHA((unsigned char)s[0]))
		return 0;
	for (i = 1; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ':')
			return i;
		if (!IS_ALPHA(c) && !IS_DIGIT(c) && c != '+' && c != '-' &&
		    c != '.')
			return 0;
	}
	return 0;
}

/* Split s (RFC 3986 appendix B) into its five components. */
static void
split(const char *s, size_t n, struct parts *r)
{
	size_t i = 0, j;

	memset(r, 0, sizeof(*r));
	if ((j = scheme_len(s, n)) > 0) {
		r->scheme.p = s;
		r->scheme.n = j;
		r->scheme.has = 1;
		i = j + 1;
	}
	if (n - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
		for (j = i + 2; j < n && s[j] != '/' && s[j] != '?' &&
		    s[j] != '#'; j++)
			;
		r->auth.p = s + i + 2;
		r->auth.n = j - i - 2;
		r->auth.has = 1;
		i = j;
	}
	for (j = i; j < n && s[j] != '?' && s[j] != '#'; j++)
		;
	r->path.p = s + i;
	r->path.n = j - i;
	r->path.has = 1;
	i = j;
	if (i < n && s[i] == '?') {
		for (j = i + 1; j < n && s[j] != '#'; j++)
			;
		r->query.p = s + i + 1;
		r->query.n = j - i - 1;
		r->query.has = 1;
		i = j;
	}
	if (i < n && s[i] == '#') {
		r->frag.p = s + i + 1;
		r->frag.n = n - i - 1;
		r->frag.has = 1;
	}
}

static int
starts(const char *p, size_t n, const char *lit)
{
	size_t l = strlen(lit);

	return n >= l && memcmp(p, lit, l) == 0;
}

static int
equals(const char *p, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(p, lit, n) == 0;
}

/* Drop the last segment and its "/" from out[0..*o). */
static void
pop_segment(const char *out, size_t *o)
{
	while (*o > 0 && out[*o - 1] != '/')
		(*o)--;
	if (*o > 0)
		(*o)--;
}

/* RFC 3986 section 5.2.4 remove_dot_segments. Caller frees. */
char *
w_url_remove_dots(const char *p, size_t n)
{
	char *out = w_malloc(n + 2);
	size_t i = 0, j, o = 0;

	while (i < n) {
		if (starts(p + i, n - i, "../"))
			i += 3;
		else if (starts(p + i, n - i, "./"))
			i += 2;
		else if (starts(p + i, n - i, "/./"))
			i += 2;
		else if (equals(p + i, n - i, "/.")) {
			out[o++] = '/';
			i = n;
		} else if (starts(p + i, n - i, "/../")) {
			i += 3;
			pop_segment(out, &o);
		} else if (equals(p + i, n - i, "/..")) {
			pop_segment(out, &o);
			out[o++] = '/';
			i = n;
		} else if (equals(p + i, n - i, ".") ||
		    equals(p + i, n - i, ".."))
			i = n;
		else {
			j = i;
			if (p[j] == '/')
				j++;
			while (j < n && p[j] != '/')
				j++;
			memcpy(out + o, p + i, j - i);
			o += j - i;
			i = j;
		}
	}
	out[o] = '\0';
	return out;
}

/*
 * Whether the last label of a host (one trailing dot ignored) is a
 * number, which makes the whole host an IPv4 spelling (WHATWG "ends in a
 * number").
 */
static int
ends_in_number(const char *h, size_t n)
{
	size_t i, s;

	if (n > 0 && h[n - 1] == '.')
		n--;
	for (s = n; s > 0 && h[s - 1] != '.'; s--)
		;
	if (s == n)
		return 0;
	for (i = s; i < n && IS_DIGIT((unsigned char)h[i]); i++)
		;
	if (i == n)
		return 1;
	if (n - s < 2 || h[s] != '0' || (h[s + 1] | 0x20) != 'x')
		return 0;
	for (i = s + 2; i < n && IS_HEX((unsigned char)h[i]); i++)
		;
	return i == n;
}

/* An IPv6 zone after "%25": unreserved characters only. */
static int
valid_zone(const char *z, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)z[i];

		if (!IS_ALPHA(c) && !IS_DIGIT(c) && c != '-' && c != '.' &&
		    c != '_' && c != '~')
			return 0;
	}
	return 1;
}

/* "[v6]" (brackets included) into u->host, canonical RFC 5952 text. */
static int
parse_v6_host(const char *h, size_t n, struct w_url *u)
{
	char tmp[64], out[INET6_ADDRSTRLEN];
	unsigned char a[16];
	const char *pct;
	size_t an, zn = 0;
	struct w_buf b;

	if (n < 3 || h[n - 1] != ']')
		return -1;
	h++;
	n -= 2;
	pct = memchr(h, '%', n);
	an = pct ? (size_t)(pct - h) : n;
	if (pct != NULL) {
		if (!starts(pct, n - an, "%25"))
			return -1;
		zn = n - an - 3;
		if (!valid_zone(pct + 3, zn))
			return -1;
	}
	if (an == 0 || an >= sizeof(tmp))
		return -1;
	memcpy(tmp, h, an);
	tmp[an] = '\0';
	if (inet_pton(AF_INET6, tmp, a) != 1 ||
	    inet_ntop(AF_INET6, a, out, sizeof(out)) == NULL)
		return -1;
	w_buf_init(&b, sizeof(out) + 3 + zn);
	w_buf_adds(&b, out);
	if (pct != NULL) {
		w_buf_adds(&b, "%25");
		w_buf_add(&b, pct + 3, zn);
	}
	u->host = w_buf_take(&b);
	u->host_is_ip = 6;
	return 0;
}

/*
 * Whether h[0..n) is a registered name as the URL keeps it: letters,
 * digits, "-", ".", "_", "~" (and, raw, bytes outside ASCII, which
 * IDNA maps), no empty label but a final one.
 */
static int
valid_name(const char *h, size_t n, int raw)
{
	size_t i;

	if (n == 0 || h[0] == '.')
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)h[i];

		if (!((raw && c >= 0x80) || IS_ALPHA(c) || IS_DIGIT(c) ||
		    c == '-' || c == '.' || c == '_' || c == '~') ||
		    (c == '.' && h[i - 1] == '.'))
			return 0;
	}
	return 1;
}

/* Whether h (lowercase) needs IDNA: a byte outside ASCII or an A-label
 * ("xn--"), which must decode. */
static int
needs_idna(const char *h)
{
	size_t i;

	for (i = 0; h[i] != '\0'; i++)
		if ((unsigned char)h[i] >= 0x80 || ((i == 0 ||
		    h[i - 1] == '.') && strncmp(h + i, "xn--", 4) == 0))
			return 1;
	return 0;
}

/*
 * h mapped as browsers map a host ("domain to ASCII": UTS #46
 * non-transitional mapping -- case, width, compatibility forms, the
 * ideographic and full-width full stops --, IDNA2008 validity, Punycode).
 * NULL with invalid_parameter in e naming the host when a label is not
 * valid. Caller frees.
 */
static char *
idna_host(const char *h, const char *what, struct w_err *e)
{
	char *a = NULL, *out;
	struct w_buf b;
	int rc;

	rc = idn2_to_ascii_8z(h, &a, IDN2_NONTRANSITIONAL);
	if (rc == IDN2_OK) {
		out = w_strdup(a);
		idn2_free(a);
		return out;
	}
	/* Bytes that are not UTF-8 are named as %XX. */
	w_buf_init(&b, 3 * strlen(h) + 1);
	if (rc == IDN2_ENCODING_ERROR)
		w_url_escape_8bit(&b, h);
	else
		(void)w_buf_adds(&b, h);
	w_err_set(e, W_E_INVALID_PARAMETER, "%s \"%.200s\" is not a "
	    "valid internationalised domain name (IDNA: %s)", what,
	    b.p ? b.p : "", idn2_strerror(rc));
	w_buf_free(&b);
	return NULL;
}

/* A host name mapped as w_url_parse maps it; see url.h. */
char *
w_url_host_ascii(const char *h, struct w_err *e)
{
	char *l = w_strdup(h), *m;
	size_t i;

	for (i = 0; l[i] != '\0'; i++)
		l[i] = (char)LOWER((unsigned char)l[i]);
	if (!needs_idna(l))
		return l;
	m = idna_host(l, "host", e);
	free(l);
	return m;
}

/*
 * A registered name or IPv4 spelling into u->host (lowercase, Unicode
 * names as their A-labels). -1 when it is not valid; -2 with e set
 * (naming the host) when IDNA refuses it.
 */
static int
parse_name_host(const char *h, size_t n, struct w_url *u, struct w_err *e)
{
	char *host, *m, out[INET_ADDRSTRLEN];
	unsigned char a[16];
	int fam;
	size_t i;

	if (n > W_HOST_RAW_MAX || !valid_name(h, n, 1))
		return -1;
	host = w_malloc(n + 1);
	for (i = 0; i < n; i++)
		host[i] = (char)LOWER((unsigned char)h[i]);
	host[n] = '\0';
	if (needs_idna(host)) {
		m = idna_host(host, "URL host", e);
		free(host);
		if (m == NULL)
			return -2;
		host = m;
		n = strlen(host);
	}
	if (n > 255 || !valid_name(host, n, 0)) {
		free(host);
		return -1;
	}
	if (ends_in_number(host, n)) {
		if (w_addr_parse(host, &fam, a) == -1 || fam != 4 ||
		    inet_ntop(AF_INET, a, out, sizeof(out)) == NULL) {
			free(host);
			return -1;
		}
		free(host);
		host = w_strdup(out);
		u->host_is_ip = 4;
	}
	u->host = host;
	return 0;
}

/* The authority (without "//") into host, port and has_userinfo; -1
 * when not valid, -2 with e set when IDNA refuses the host. */
static int
parse_authority(const char *a, size_t n, int web, struct w_url *u,
    struct w_err *e)
{
	const char *at, *colon = NULL, *h;
	size_t i, hn;

	for (i = 0; i < n; i++)
		if (a[i] == '\\')
			return -1;
	at = NULL;
	for (i = n; i > 0; i--)
		if (a[i - 1] == '@') {
			at = a + i - 1;
			break;
		}
	if (at != NULL) {
		u->has_userinfo = 1;
		n -= (size_t)(at + 1 - a);
		a = at + 1;
	}
	h = a;
	if (n > 0 && a[0] == '[') {
		const char *rb = memchr(a, ']', n);

		if (rb == NULL)
			return -1;
		hn = (size_t)(rb - a) + 1;
		if (hn < n) {
			if (a[hn] != ':')
				return -1;
			colon = a + hn;
		}
		if (colon != NULL && hn + 1 < n && w_url_port(colon + 1,
		    n - hn - 1, &u->port) == -1)
			return -1;
		return parse_v6_host(h, hn, u);
	}
	for (i = 0; i < n; i++)
		if (a[i] == ':') {
			if (colon != NULL)
				return -1;
			colon = a + i;
		}
	hn = colon ? (size_t)(colon - a) : n;
	if (colon != NULL && hn + 1 < n && w_url_port(colon + 1, n - hn - 1,
	    &u->port) == -1)
		return -1;
	if (hn == 0) {
		if (web || colon != NULL)
			return -1;
		u->host = w_strdup("");
		return 0;
	}
	return parse_name_host(h, hn, u, e);
}

/*
 * Append s[0..n) to b, percent-encoding bytes RFC 3986 never allows
 * (non-ASCII and " < > \ ^ ` { | }).
 */
static void
add_encoded(struct w_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x80 || strchr("\"<>\\^`{|}", c) != NULL) {
			w_buf_addc(b, '%');
			w_buf_addc(b, hex[c >> 4]);
			w_buf_addc(b, hex[c & 15]);
		} else
			w_buf_addc(b, c);
	}
}

/* Path (dot segments removed) and query of r into u->path. */
static void
set_path(const struct parts *r, struct w_url *u)
{
	struct w_buf b;
	char *clean;

	w_buf_init(&b, 3 * (r->path.n + r->query.n) + 4);
	if (r->path.n == 0 || r->path.p[0] != '/')
		w_buf_addc(&b, '/');
	add_encoded(&b, r->path.p, r->path.n);
	clean = w_url_remove_dots(b.p, b.len);
	w_buf_reset(&b);
	w_buf_adds(&b, clean);
	free(clean);
	if (r->query.has) {
		w_buf_addc(&b, '?');
		add_encoded(&b, r->query.p, r->query.n);
	}
	u->path = w_buf_take(&b);
}

/* w_url_parse, -2 when IDNA refused the host (e names it). */
static int
url_parse(const char *s, struct w_url *u, struct w_err *e)
{
	struct parts r;
	struct w_buf b;
	size_t i, n;
	int rc;

	memset(u, 0, sizeof(*u));
	if (s == NULL || (n = strlen(s)) == 0)
		return w_err_set(e, W_E_INVALID_PARAMETER, "URL is empty");
	if (n > W_URL_MAX)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "URL is longer than %d bytes", W_URL_MAX);
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] <= 0x20 || s[i] == 0x7f)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "URL contains whitespace or control characters");
	split(s, n, &r);
	if (!r.scheme.has || !r.auth.has)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "URL is not absolute (scheme://host/...)");
	u->scheme = w_malloc(r.scheme.n + 1);
	for (i = 0; i < r.scheme.n; i++)
		u->scheme[i] = (char)LOWER((unsigned char)r.scheme.p[i]);
	u->scheme[i] = '\0';
	if ((rc = parse_authority(r.auth.p, r.auth.n, is_web(u->scheme), u,
	    e)) < 0) {
		w_url_free(u);
		if (rc == -2)
			return -2;
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "URL host or port is not valid");
	}
	if (u->port == 0)
		u->port = default_port(u->scheme);
	set_path(&r, u);
	if (r.frag.has) {
		w_buf_init(&b, 3 * r.frag.n + 1);
		add_encoded(&b, r.frag.p, r.frag.n);
		u->fragment = w_buf_take(&b);
	}
	return 0;
}

/* Parse an absolute URL into u; see url.h for the normalisations. */
int
w_url_parse(const char *s, struct w_url *u, struct w_err *e)
{
	return url_parse(s, u, e) == 0 ? 0 : -1;
}

/* Free u's strings; u may be NULL. */
void
w_url_free(struct w_url *u)
{
	if (u == NULL)
		return;
	free(u->scheme);
	free(u->host);
	free(u->path);
	free(u->fragment);
	memset(u, 0, sizeof(*u));
}

/* "scheme://host[:port]" of u into b. */
static void
add_origin(struct w_buf *b, const struct w_url *u)
{
	w_buf_adds(b, u->scheme);
	w_buf_adds(b, "://");
	if (strchr(u->host, ':') != NULL) {
		w_buf_addc(b, '[');
		w_buf_adds(b, u->host);
		w_buf_addc(b, ']');
	} else
		w_buf_adds(b, u->host);
	if (u->port != 0 && u->port != default_port(u->scheme))
		w_buf_printf(b, ":%d", u->port);
}

/* u as a string, never with userinfo. Caller frees. */
char *
w_url_format(const struct w_url *u, int nofrag)
{
	struct w_buf b;

	w_buf_init(&b, strlen(u->scheme) + strlen(u->host) + strlen(u->path) +
	    (u->fragment ? strlen(u->fragment) : 0) + 32);
	add_origin(&b, u);
	w_buf_adds(&b, u->path);
	if (!nofrag && u->fragment != NULL) {
		w_buf_addc(&b, '#');
		w_buf_adds(&b, u->fragment);
	}
	return w_buf_take(&b);
}

/* "scheme://host[:port]" of u. Caller frees. */
char *
w_url_origin(const struct w_url *u)
{
	struct w_buf b;

	w_buf_init(&b, strlen(u->scheme) + strlen(u->host) + 32);
	add_origin(&b, u);
	return w_buf_take(&b);
}

static void
add_part(struct w_buf *b, const char *pre, const struct part *p)
{
	if (!p->has)
		return;
	w_buf_adds(b, pre);
	w_buf_add(b, p->p, p->n);
}

/* RFC 3986 section 5.2.3: merge a relative path with the base's. */
static char *
merge(const struct parts *base, const struct part *ref)
{
	struct w_buf b;
	size_t i;

	w_buf_init(&b, base->path.n + ref->n + 1);
	if (base->auth.has && base->path.n == 0)
		w_buf_addc(&b, '/');
	else {
		for (i = base->path.n; i > 0 && base->path.p[i - 1] != '/'; i--)
			;
		w_buf_add(&b, base->path.p, i);
	}
	w_buf_add(&b, ref->p, ref->n);
	return w_buf_take(&b);
}

/* RFC 3986 section 5.2.2: the target of reference R against B, into b. */
static void
transform(const struct parts *B, struct parts *R, struct w_buf *b)
{
	struct part auth, query;
	char *path;

	/* Non-strict (5.2.2): "http:g" against an http base is relative. */
	if (R->scheme.has && !R->auth.has && R->scheme.n == B->scheme.n &&
	    strncasecmp(R->scheme.p, B->scheme.p, R->scheme.n) == 0)
		R->scheme.has = 0;
	if (R->scheme.has) {
		w_buf_add(b, R->scheme.p, R->scheme.n);
		w_buf_addc(b, ':');
		add_part(b, "//", &R->auth);
		path = w_url_remove_dots(R->path.p, R->path.n);
		query = R->query;
	} else {
		w_buf_add(b, B->scheme.p, B->scheme.n);
		w_buf_addc(b, ':');
		if (R->auth.has) {
			auth = R->auth;
			path = w_url_remove_dots(R->path.p, R->path.n);
			query = R->query;
		} else {
			auth = B->auth;
			if (R->path.n == 0) {
				path = w_strndup(B->path.p, B->path.n);
				query = R->query.has ? R->query : B->query;
			} else {
				if (R->path.p[0] == '/')
					path = w_url_remove_dots(R->path.p,
					    R->path.n);
				else {
					char *m = merge(B, &R->path);

					path = w_url_remove_dots(m, strlen(m));
					free(m);
				}
				query = R->query;
			}
		}
		add_part(b, "//", &auth);
	}
	w_buf_adds(b, path);
	free(path);
	add_part(b, "?", &query);
	add_part(b, "#", &R->frag);
}

/*
 * The WHATWG host parser's first step for a host in a reference:
 * percent-decode (IDNA mapping follows in w_url_parse). NULL with
 * invalid_parameter in e naming the host when the result holds a
 * forbidden code point, a control or a space (then the reference is not
 * a valid URL). Caller frees.
 */
static char *
whatwg_host(const char *h, size_t n, struct w_err *e)
{
	static const char forbidden[] = "/?#@:\\[]<>^|%";
	struct w_buf b;
	unsigned char c, c2;
	size_t i;

	w_buf_init(&b, n + 1);
	for (i = 0; i < n; i++) {
		c = (unsigned char)h[i];
		if (c == '%' && i + 2 < n &&
		    IS_HEX((unsigned char)h[i + 1]) &&
		    IS_HEX((unsigned char)h[i + 2])) {
			c = (unsigned char)h[i + 1];
			c2 = (unsigned char)h[i + 2];
			c = (unsigned char)((IS_DIGIT(c) ? c - '0' :
			    (c | 0x20) - 'a' + 10) << 4 | (IS_DIGIT(c2) ?
			    c2 - '0' : (c2 | 0x20) - 'a' + 10));
			i += 2;
		} else if (c == '%')
			c = 0;		/* a lone '%' is forbidden too */
		if (c <= 0x20 || c == 0x7f || strchr(forbidden, c) != NULL) {
			w_buf_free(&b);
			w_err_set(e, W_E_INVALID_PARAMETER, "URL host \"%.*s\" "
			    "holds a forbidden character", n > 200 ? 200 :
			    (int)n, h);
			return NULL;
		}
		(void)w_buf_addc(&b, (char)c);
	}
	return w_buf_take(&b);
}

/*
 * t with its host put through whatwg_host; NULL (e set) when that
 * fails. An IPv6 literal is left alone. Caller frees.
 */
static char *
whatwg_hosts(const char *t, struct w_err *e)
{
	struct parts r;
	const char *a, *h, *end, *at;
	struct w_buf b;
	char *host;

	split(t, strlen(t), &r);
	if (!r.auth.has)
		return w_strdup(t);
	a = r.auth.p;
	end = a + r.auth.n;
	for (h = a, at = a; at < end; at++)
		if (*at == '@')
			h = at + 1;
	if (h < end && *h == '[')
		return w_strdup(t);
	for (at = h; at < end && *at != ':'; at++)
		;
	if (at == h)
		return w_strdup(t);	/* no host: w_url_parse says so */
	/* a ':' from a decoded "%3A" is refused by whatwg_host */
	if ((host = whatwg_host(h, (size_t)(at - h), e)) == NULL)
		return NULL;
	w_buf_init(&b, strlen(t) + strlen(host) + 1);
	(void)w_buf_add(&b, t, (size_t)(h - t));
	(void)w_buf_adds(&b, host);
	(void)w_buf_adds(&b, at);
	free(host);
	return w_buf_take(&b);
}

/* Whether ref (or, relative, its base) has a special scheme, whose
 * backslashes browsers read as slashes. */
static int
special_ref(const char *ref, size_t n, const char *base)
{
	size_t k = scheme_len(ref, n);
	char sch[8];

	if (k == 0)
		return strncmp(base, "http", 4) == 0;
	if (k >= sizeof(sch))
		return 0;
	memcpy(sch, ref, k);
	sch[k] = '\0';
	for (n = 0; n < k; n++)
		sch[n] = (char)LOWER((unsigned char)sch[n]);
	return is_web(sch);
}

/* ref against base (RFC 3986 section 5.2), normalised. Caller frees. */
char *
w_url_resolve(const char *base, const char *ref)
{
	struct w_err e;

	return w_url_resolve_host(base, ref, &e);
}

/* w_url_resolve, e naming a host that is not valid. Caller frees. */
char *
w_url_resolve_host(const char *base, const char *ref, struct w_err *he)
{
	struct w_url bu, tu;
	struct w_err e;
	struct parts B, R;
	struct w_buf clean, t;
	char *bs, *wt, *out = NULL;
	size_t i, n;
	int rc = 0;

	w_err_clear(he);
	if (base == NULL || ref == NULL || w_url_parse(base, &bu, &e) == -1)
		return NULL;
	bs = w_url_format(&bu, 1);
	w_url_free(&bu);
	/* Trim C0 controls and spaces; drop tabs and newlines inside. */
	n = strlen(ref);
	while (n > 0 && (unsigned char)ref[n - 1] <= 0x20)
		n--;
	while (n > 0 && (unsigned char)ref[0] <= 0x20) {
		ref++;
		n--;
	}
	w_buf_init(&clean, W_URL_MAX);
	for (i = 0; i < n; i++)
		if (ref[i] != '\t' && ref[i] != '\n' && ref[i] != '\r' &&
		    w_buf_addc(&clean, ref[i]) == -1)
			goto done;
	/* WHATWG: in http(s) references a backslash is a slash, up to
	 * the query. */
	if (clean.p != NULL && special_ref(clean.p, clean.len, bs))
		for (i = 0; i < clean.len && clean.p[i] != '?' &&
		    clean.p[i] != '#'; i++)
			if (clean.p[i] == '\\')
				clean.p[i] = '/';
	split(bs, strlen(bs), &B);
	split(clean.p ? clean.p : "", clean.len, &R);
	w_buf_init(&t, 2 * W_URL_MAX);
	transform(&B, &R, &t);
	/* ... and a host is percent-decoded, then mapped by IDNA in
	 * w_url_parse, before it is checked. */
	if (t.p != NULL && (wt = whatwg_hosts(t.p, he)) != NULL) {
		w_buf_reset(&t);
		(void)w_buf_adds(&t, wt);
		free(wt);
	} else
		w_buf_reset(&t);
	if (t.p != NULL && t.len > 0 && (rc = url_parse(t.p, &tu, &e)) == 0) {
		/* Keep credentials visible so the caller's policy refuses. */
		out = tu.has_userinfo ? w_strdup(t.p) : w_url_format(&tu, 0);
		w_url_free(&tu);
	} else if (rc == -2)
		*he = e;
	w_buf_free(&t);
done:
	w_buf_free(&clean);
	free(bs);
	return out;
}

void
w_url_escape_8bit(struct w_buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if (*p >= 0x80) {
			w_buf_addc(b, '%');
			w_buf_addc(b, hex[*p >> 4]);
			w_buf_addc(b, hex[*p & 15]);
		} else
			w_buf_addc(b, *p);
}

int
w_url_port(const char *p, size_t n, int *port)
{
	size_t i;
	long v = 0;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (p[i] - '0');
		if (v > 65535)
			return -1;
	}
	if (v == 0)
		return -1;
	*port = (int)v;
	return 0;
}
