/*
 * url.h: parsing, resolving and normalising http(s) URLs. Pure; no
 * network, no libcurl.
 */
#ifndef W_URL_H
#define W_URL_H

#include "err.h"

/* Longest URL w_url_parse accepts, in bytes. */
#define W_URL_MAX	16384

struct w_url {
	char	*scheme;	/* lowercase: "http", "https", ... */
	char	*host;		/* lowercase; IPv6 without brackets; a numeric
				   IPv4 spelling (0x7f000001, 2130706433,
				   0177.0.0.1) canonicalised to dotted quad */
	int	 port;		/* explicit, else the scheme's default */
	char	*path;		/* path and ?query, never empty ("/") */
	char	*fragment;	/* without '#', NULL when absent */
	int	 has_userinfo;	/* user:pass@ present */
	int	 host_is_ip;	/* 4 or 6 when the host is an IP literal */
};

/*
 * Parse an absolute URL. Fills u (free with w_url_free); -1 with
 * invalid_parameter in e when s is not an absolute URL with a host.
 * Any "scheme://" URL parses; callers decide which schemes they accept
 * (schemes other than http and https may have an empty host, as in
 * file:///etc/passwd, so that they can be refused by scheme). Whitespace
 * and control characters are refused; dot segments are removed; bytes
 * RFC 3986 never allows in a path, query or fragment are
 * percent-encoded; a host with '%' (other than an IPv6 zone "%25...")
 * or a backslash is refused. A host with bytes outside ASCII or an
 * A-label ("xn--") is mapped as browsers do (UTS #46 non-transitional,
 * IDNA2008, Punycode: "bücher.example" and its full-width spelling are
 * "xn--bcher-kva.example"); a label IDNA refuses is invalid_parameter
 * naming the host. Userinfo is only detected, never kept.
 */
int	 w_url_parse(const char *s, struct w_url *u, struct w_err *e);
void	 w_url_free(struct w_url *u);

/* u serialised back (without fragment when nofrag; the scheme's
 * default port omitted). Caller frees. */
char	*w_url_format(const struct w_url *u, int nofrag);

/*
 * ref resolved against base (RFC 3986 section 5), normalised as by
 * w_url_parse and w_url_format; NULL when the result is not a valid
 * absolute URL. Leading and trailing spaces and controls of ref are
 * trimmed and tabs and newlines inside it dropped (as browsers do). A
 * ref with the base's scheme and no authority ("http:g") is read as
 * relative (the non-strict reading of section 5.2.2). A result with
 * userinfo comes back unnormalised, credentials included, so that the
 * caller's w_url_parse sees has_userinfo and refuses it. The result's
 * host is percent-decoded and IDNA-mapped as w_url_parse maps it (so
 * "http://%31%32%37.0.0.1/" is "http://127.0.0.1/"). Caller frees.
 */
char	*w_url_resolve(const char *base, const char *ref);

/*
 * w_url_resolve, and when the result is NULL because of its host (a
 * forbidden character once percent-decoded, a label IDNA refuses),
 * invalid_parameter in e naming that host; e clear otherwise.
 */
char	*w_url_resolve_host(const char *base, const char *ref,
	    struct w_err *e);

/*
 * Host name h as w_url_parse keeps it: ASCII lowercased, and when it has
 * bytes outside ASCII or an A-label, mapped by IDNA ("Bücher.example" is
 * "xn--bcher-kva.example"), so that names from config and requests
 * compare with URL hosts. NULL with invalid_parameter in e naming h when
 * IDNA refuses it. Nothing else is checked. Caller frees.
 */
char	*w_url_host_ascii(const char *h, struct w_err *e);

/* The origin "scheme://host[:port]" of u. Caller frees. */
char	*w_url_origin(const struct w_url *u);

/*
 * Append s to b with every byte outside ASCII percent-encoded as it is
 * (%XX), the way curl treats a URL typed with raw 8-bit bytes.
 */
struct w_buf;
void	 w_url_escape_8bit(struct w_buf *b, const char *s);

/* A port (1 to 65535) from n decimal digits: 0, or -1 (empty too). The
 * one port parser: URLs, allow-list entries. */
int	 w_url_port(const char *p, size_t n, int *port);

/* p[0..n) without its "." and ".." segments (RFC 3986 5.2.4), newly
 * allocated (n + 2 bytes at least). The one dot-segment remover: URLs
 * and robots.txt paths. */
char	*w_url_remove_dots(const char *p, size_t n);

#endif
