/*
 * url.h: parsing, resolving and normalising http(s) URLs. Pure; no
 * network, no libcurl.
 */
#ifndef W_URL_H
#define W_URL_H

#include "err.h"

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
 * Any scheme parses; callers decide which they accept.
 */
int	 w_url_parse(const char *s, struct w_url *u, struct w_err *e);
void	 w_url_free(struct w_url *u);

/* u serialised back (without fragment when nofrag). Caller frees. */
char	*w_url_format(const struct w_url *u, int nofrag);

/*
 * ref resolved against base (RFC 3986 section 5); NULL when the result
 * is not a valid absolute URL. Caller frees.
 */
char	*w_url_resolve(const char *base, const char *ref);

/* The origin "scheme://host[:port]" of u. Caller frees. */
char	*w_url_origin(const struct w_url *u);

#endif
