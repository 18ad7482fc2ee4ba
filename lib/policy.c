/*
 * policy.c: the network policy (modes none / localhost / allowlist /
 * all and network.allow entries) and the classification of IPv4 and IPv6
 * addresses into special-purpose ranges. Pure; the HTTP core calls
 * w_policy_check_url before a hop and w_policy_check_addr on the address
 * it is about to connect.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "url.h"
#include "json.h"
#include "policy.h"

#define ALLOW_MAX	1024	/* network.allow entries */
#define ENTRY_MAX	300	/* bytes in one entry */

#define IS_DIGIT(c)	((c) >= '0' && (c) <= '9')
#define IS_ALPHA(c)	(((c) | 0x20) >= 'a' && ((c) | 0x20) <= 'z')

/*
 * IPv4 special-purpose ranges, from the IANA IPv4 Special-Purpose
 * Address Registry (RFC 6890 and its updates: RFC 6598 for 100.64/10,
 * RFC 7526 for 192.88.99/24, RFC 5737 for the documentation ranges,
 * RFC 2544 for 198.18/15, RFC 1112 for 240/4, RFC 5771 for 224/4).
 * First match wins, so the single addresses come first. 192.0.0/24
 * (IETF protocol assignments) is refused whole, including its few
 * globally reachable /32s; AS112 and AMT ranges that IANA marks globally
 * reachable are left public.
 */
static const struct {
	uint32_t		net;
	int			len;
	enum w_addrclass	cls;
} v4ranges[] = {
	{ 0xffffffffu, 32, W_ADDR_BROADCAST },		/* 255.255.255.255 */
	{ 0xa9fea9feu, 32, W_ADDR_METADATA },		/* 169.254.169.254 */
	{ 0x00000000u, 8, W_ADDR_UNSPECIFIED },		/* 0/8 "this network" */
	{ 0x0a000000u, 8, W_ADDR_PRIVATE },		/* 10/8 */
	{ 0x64400000u, 10, W_ADDR_CGNAT },		/* 100.64/10 */
	{ 0x7f000000u, 8, W_ADDR_LOOPBACK },		/* 127/8 */
	{ 0xa9fe0000u, 16, W_ADDR_LINKLOCAL },		/* 169.254/16 */
	{ 0xac100000u, 12, W_ADDR_PRIVATE },		/* 172.16/12 */
	{ 0xc0000000u, 24, W_ADDR_RESERVED },		/* 192.0.0/24 */
	{ 0xc0000200u, 24, W_ADDR_DOCUMENTATION },	/* 192.0.2/24 */
	{ 0xc0586300u, 24, W_ADDR_RESERVED },		/* 192.88.99/24 */
	{ 0xc0a80000u, 16, W_ADDR_PRIVATE },		/* 192.168/16 */
	{ 0xc6120000u, 15, W_ADDR_RESERVED },		/* 198.18/15 */
	{ 0xc6336400u, 24, W_ADDR_DOCUMENTATION },	/* 198.51.100/24 */
	{ 0xcb007100u, 24, W_ADDR_DOCUMENTATION },	/* 203.0.113/24 */
	{ 0xe0000000u, 4, W_ADDR_MULTICAST },		/* 224/4 */
	{ 0xf0000000u, 4, W_ADDR_RESERVED }		/* 240/4 */
};

/*
 * IPv6 special-purpose ranges, from the IANA IPv6 Special-Purpose
 * Address Registry (RFC 6890 and updates) and the IANA IPv6 address
 * space: ::1 (RFC 4291), 100::/64 discard-only (RFC 6666), 2001::/23
 * IETF protocol assignments (RFC 2928; Teredo 2001::/32 RFC 4380,
 * benchmarking 2001:2::/48 RFC 5180, ORCHIDv2 2001:20::/28 RFC 7343,
 * refused whole even where IANA marks a sub-block globally reachable),
 * 2001:db8::/32 (RFC 3849) and 3fff::/20 (RFC 9637) documentation,
 * 5f00::/16 SRv6 SIDs (RFC 9602), fc00::/7 unique local (RFC 4193),
 * fe80::/10 link-local (RFC 4291), fec0::/10 deprecated site-local
 * (RFC 3879, treated as private), ff00::/8 multicast (RFC 4291).
 * fd00:ec2::254 is the AWS instance metadata service over IPv6.
 * Embedded IPv4 forms are handled in classify6.
 */
static const struct {
	unsigned char		pfx[16];
	int			len;
	enum w_addrclass	cls;
} v6ranges[] = {
	{ { 0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02,
	    0x54 }, 128, W_ADDR_METADATA },
	{ { 0x01, 0x00 }, 64, W_ADDR_RESERVED },
	{ { 0x20, 0x01 }, 23, W_ADDR_RESERVED },
	{ { 0x20, 0x01, 0x0d, 0xb8 }, 32, W_ADDR_DOCUMENTATION },
	{ { 0x3f, 0xff }, 20, W_ADDR_DOCUMENTATION },
	{ { 0x5f, 0x00 }, 16, W_ADDR_RESERVED },
	{ { 0xfc }, 7, W_ADDR_PRIVATE },
	{ { 0xfe, 0x80 }, 10, W_ADDR_LINKLOCAL },
	{ { 0xfe, 0xc0 }, 10, W_ADDR_PRIVATE },
	{ { 0xff }, 8, W_ADDR_MULTICAST }
};

static const char *const class_names[] = {
	"public", "loopback", "private", "cgnat", "link-local", "metadata",
	"multicast", "unspecified", "broadcast", "documentation", "reserved"
};

static const char *const mode_names[] = {
	"none", "localhost", "allowlist", "all"
};

static int
prefix_match(const unsigned char *a, const unsigned char *b, int len)
{
	int full = len / 8, rest = len % 8;
	unsigned char mask;

	if (memcmp(a, b, (size_t)full) != 0)
		return 0;
	if (rest == 0)
		return 1;
	mask = (unsigned char)(0xff << (8 - rest));
	return (a[full] & mask) == (b[full] & mask);
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* One inet_aton part: decimal, 0x hex (digits may be empty) or 0 octal. */
static int
v4_number(const char *s, size_t n, uint64_t *v)
{
	unsigned base = 10, d;
	size_t i = 0;

	if (n == 0)
		return -1;
	if (n >= 2 && s[0] == '0' && (s[1] | 0x20) == 'x') {
		base = 16;
		i = 2;
	} else if (n >= 2 && s[0] == '0') {
		base = 8;
		i = 1;
	}
	*v = 0;
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (IS_DIGIT(c))
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (unsigned)(c | 0x20) - 'a' + 10;
		else
			return -1;
		if (d >= base)
			return -1;
		*v = *v * base + d;
		if (*v > 0xffffffffu)
			return -1;
	}
	return 0;
}

/* IPv4 in every inet_aton spelling, one trailing dot allowed. */
static int
parse_v4(const char *s, size_t n, unsigned char out[4])
{
	uint64_t part[4], a;
	size_t i, start = 0, np = 0;

	if (n > 0 && s[n - 1] == '.')
		n--;
	if (n == 0)
		return -1;
	for (i = 0; i <= n; i++) {
		if (i < n && s[i] != '.')
			continue;
		if (np == 4 || v4_number(s + start, i - start, &part[np]) == -1)
			return -1;
		np++;
		start = i + 1;
	}
	for (i = 0; i + 1 < np; i++)
		if (part[i] > 255)
			return -1;
	if (part[np - 1] >= (uint64_t)1 << (8 * (5 - np)))
		return -1;
	a = part[np - 1];
	for (i = 0; i + 1 < np; i++)
		a += part[i] << (8 * (3 - i));
	out[0] = (unsigned char)(a >> 24);
	out[1] = (unsigned char)(a >> 16);
	out[2] = (unsigned char)(a >> 8);
	out[3] = (unsigned char)a;
	return 0;
}

/* IPv6 text (no brackets), an optional "%zone" or "%25zone" ignored. */
static int
parse_v6(const char *s, size_t n, unsigned char out[16])
{
	char tmp[64];
	const char *pct = memchr(s, '%', n), *z;

	if (pct != NULL) {
		if (pct + 1 == s + n)
			return -1;
		for (z = pct + 1; z < s + n; z++)
			if (!IS_ALPHA((unsigned char)*z) &&
			    !IS_DIGIT((unsigned char)*z) &&
			    strchr("-._~", *z) == NULL)
				return -1;
		n = (size_t)(pct - s);
	}
	if (n == 0 || n >= sizeof(tmp))
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	return inet_pton(AF_INET6, tmp, out) == 1 ? 0 : -1;
}

/* An IP literal (inet_aton IPv4 spellings, IPv6 with or without []). */
int
w_addr_parse(const char *s, int *family, unsigned char out[16])
{
	size_t n = strlen(s);

	memset(out, 0, 16);
	if (n >= 2 && s[0] == '[') {
		if (s[n - 1] != ']' || parse_v6(s + 1, n - 2, out) == -1)
			return -1;
		*family = 6;
		return 0;
	}
	if (memchr(s, ':', n) != NULL) {
		if (parse_v6(s, n, out) == -1)
			return -1;
		*family = 6;
		return 0;
	}
	if (parse_v4(s, n, out) == -1)
		return -1;
	*family = 4;
	return 0;
}

static enum w_addrclass
classify4(uint32_t a)
{
	size_t i;
	uint32_t mask;

	for (i = 0; i < sizeof(v4ranges) / sizeof(v4ranges[0]); i++) {
		mask = v4ranges[i].len == 0 ? 0 :
		    0xffffffffu << (32 - v4ranges[i].len);
		if ((a & mask) == v4ranges[i].net)
			return v4ranges[i].cls;
	}
	return W_ADDR_PUBLIC;
}

/* The embedded IPv4 address's class when special, else otherwise. */
static enum w_addrclass
embedded(uint32_t v4, enum w_addrclass otherwise)
{
	enum w_addrclass c = classify4(v4);

	return c != W_ADDR_PUBLIC ? c : otherwise;
}

/*
 * Embedded IPv4 forms. Mapped ::ffff:0:0/96 (RFC 4291) and the NAT64
 * well-known prefix 64:ff9b::/96 (RFC 6052) reach the IPv4 address they
 * carry, so they take its class. Everything else that carries an IPv4
 * address is a tunnel or a deprecated or local-only form, refused as
 * reserved whatever it carries (named by the carried address when that
 * is special): IPv4-compatible ::/96 (deprecated, RFC 4291), local-use
 * NAT64 64:ff9b:1::/48 (RFC 8215, not globally reachable), 6to4
 * 2002::/16 (RFC 3056, IPv4 in bits 16..47) and Teredo 2001::/32
 * (RFC 4380, the client's IPv4 in the last 32 bits, inverted).
 */
static int
classify_embedded(const unsigned char *a, enum w_addrclass *c)
{
	static const unsigned char zero[12], mapped[12] = {
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
	}, nat64[12] = { 0, 0x64, 0xff, 0x9b }, nat64l[6] = {
		0, 0x64, 0xff, 0x9b, 0, 1
	}, teredo[4] = { 0x20, 0x01, 0, 0 };

	if (memcmp(a, mapped, 12) == 0) {
		*c = classify4(get32(a + 12));
		return 1;
	}
	if (memcmp(a, nat64, 12) == 0)
		*c = classify4(get32(a + 12));
	else if (memcmp(a, zero, 12) == 0)
		*c = embedded(get32(a + 12), W_ADDR_RESERVED);
	else if (memcmp(a, nat64l, 6) == 0)
		*c = embedded(get32(a + 12), W_ADDR_RESERVED);
	else if (a[0] == 0x20 && a[1] == 0x02)
		*c = embedded(get32(a + 2), W_ADDR_RESERVED);
	else if (memcmp(a, teredo, 4) == 0)
		*c = embedded(~get32(a + 12), W_ADDR_RESERVED);
	else
		return 0;
	/* Only the mapped form is this host: the tunnels and NAT64 carrying
	 * 127/8 are routed off the machine, so never count as loopback
	 * (which localhost mode and operator endpoints admit). */
	if (*c == W_ADDR_LOOPBACK)
		*c = W_ADDR_RESERVED;
	return 1;
}

static enum w_addrclass
classify6(const unsigned char *a)
{
	static const unsigned char zero[16];
	enum w_addrclass c;
	size_t i;

	if (memcmp(a, zero, 16) == 0)
		return W_ADDR_UNSPECIFIED;
	if (memcmp(a, zero, 15) == 0 && a[15] == 1)
		return W_ADDR_LOOPBACK;
	if (classify_embedded(a, &c))
		return c;
	for (i = 0; i < sizeof(v6ranges) / sizeof(v6ranges[0]); i++)
		if (prefix_match(a, v6ranges[i].pfx, v6ranges[i].len))
			return v6ranges[i].cls;
	/* Only 2000::/3 is allocated for global unicast (IANA). */
	if ((a[0] & 0xe0) != 0x20)
		return W_ADDR_RESERVED;
	return W_ADDR_PUBLIC;
}

/* The special-purpose class of an address, W_ADDR_PUBLIC if none. */
enum w_addrclass
w_addr_classify(int family, const unsigned char *addr)
{
	if (family == 4)
		return classify4(get32(addr));
	if (family == 6)
		return classify6(addr);
	return W_ADDR_RESERVED;
}

/* A class's name for messages ("link-local"); static storage. */
const char *
w_addr_class_name(enum w_addrclass c)
{
	if ((unsigned)c >= sizeof(class_names) / sizeof(class_names[0]))
		return "reserved";
	return class_names[c];
}

/* Mode all, no allow entries; allocates nothing. */
void
w_policy_default(struct w_policy *p)
{
	p->mode = W_NET_ALL;
	p->allow = NULL;
	p->nallow = 0;
}

/* Free the allow entries and reset p to the default; p may be NULL. */
void
w_policy_free(struct w_policy *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->nallow; i++)
		free(p->allow[i].host);
	free(p->allow);
	w_policy_default(p);
}

/* A mapped ::ffff:a.b.c.d address (or /96+ prefix) as plain IPv4. */
static void
unmap(int *family, unsigned char *addr, int *prefix)
{
	static const unsigned char mapped[12] = {
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
	};

	if (*family != 6 || memcmp(addr, mapped, 12) != 0 ||
	    (prefix != NULL && *prefix < 96))
		return;
	memmove(addr, addr + 12, 4);
	memset(addr + 4, 0, 12);
	*family = 4;
	if (prefix != NULL)
		*prefix -= 96;
}

/* Whether the last label is numeric (the name would be an IPv4). */
static int
numeric_tail(const char *h)
{
	const char *t = strrchr(h, '.');

	t = t ? t + 1 : h;
	if (t[0] == '0' && (t[1] | 0x20) == 'x')
		return 1;
	for (; *t; t++)
		if (!IS_DIGIT((unsigned char)*t))
			return 0;
	return 1;
}

/* *h from start on as URL hosts are kept (IDNA: Unicode names as their
 * A-labels); -1 (h freed) when IDNA refuses it. */
static int
map_name(char **h, size_t start)
{
	struct w_err e;
	char *m;
	struct w_buf b;

	if ((m = w_url_host_ascii(*h + start, &e)) == NULL) {
		free(*h);
		return -1;
	}
	w_buf_init(&b, start + strlen(m) + 1);
	(void)w_buf_add(&b, *h, start);
	(void)w_buf_adds(&b, m);
	free(m);
	free(*h);
	*h = w_buf_take(&b);
	return 0;
}

/* A host name entry ("example.com", "*.example.com", "bücher.example"),
 * lowercased, Unicode names as their A-labels. */
static int
parse_name(const char *s, size_t n, struct w_allow *a)
{
	char *h;
	size_t i, start = 0;

	if (n > 0 && s[n - 1] == '.')
		n--;
	if (n >= 2 && s[0] == '*' && s[1] == '.')
		start = 2;
	if (n <= start || n > 253)
		return -1;
	h = w_strndup(s, n);
	if (map_name(&h, start) == -1)
		return -1;
	n = strlen(h);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)h[i];

		if (i < start)
			continue;
		if (c == '.' && (i == start || h[i - 1] == '.'))
			break;
		if (!IS_ALPHA(c) && !IS_DIGIT(c) && c != '-' && c != '_' &&
		    c != '.')
			break;
		h[i] = (char)(c | (IS_ALPHA(c) ? 0x20 : 0));
	}
	if (i < n || numeric_tail(h + start)) {
		free(h);
		return -1;
	}
	a->host = h;
	a->family = 0;
	return 0;
}

/* Strict dotted decimal a.b.c.d, as CIDR bases must be written. */
static int
dotted_quad(const char *s)
{
	int parts = 0, digits = 0;

	for (;; s++) {
		if (IS_DIGIT((unsigned char)*s)) {
			if (digits > 0 && s[-digits] == '0')
				return 0;
			if (++digits > 3)
				return 0;
		} else if (*s == '.' || *s == '\0') {
			if (digits == 0)
				return 0;
			parts++;
			digits = 0;
			if (*s == '\0')
				break;
		} else
			return 0;
	}
	return parts == 4;
}

/* "addr/len": host bits must be zero. */
static int
parse_cidr(char *s, char *slash, struct w_allow *a)
{
	char *end;
	long len;
	int max, i;
	unsigned char mask[16];

	*slash = '\0';
	if (!IS_DIGIT((unsigned char)slash[1]) || strlen(slash + 1) > 3)
		return -1;
	len = strtol(slash + 1, &end, 10);
	if (*end != '\0' || w_addr_parse(s, &a->family, a->addr) == -1)
		return -1;
	if (a->family == 4 && !dotted_quad(s))
		return -1;
	max = a->family == 4 ? 32 : 128;
	if (len > max)
		return -1;
	memset(mask, 0, sizeof(mask));
	for (i = 0; i < len; i++)
		mask[i / 8] |= (unsigned char)(0x80 >> (i % 8));
	for (i = 0; i < max / 8; i++)
		if (a->addr[i] & ~mask[i])
			return -1;
	a->prefix = (int)len;
	return 0;
}

/* One network.allow entry into a. s is a private copy. */
static int
parse_entry(char *s, struct w_allow *a)
{
	char *p, *colon;
	size_t n = strlen(s), ncolon = 0;
	int cidr = 0;

	memset(a, 0, sizeof(*a));
	if (n == 0 || n > ENTRY_MAX)
		return -1;
	if ((p = strchr(s, '/')) != NULL) {
		cidr = 1;
		if (parse_cidr(s, p, a) == -1)
			return -1;
	} else if (s[0] == '[') {
		if ((p = strchr(s, ']')) == NULL)
			return -1;
		if (p[1] == ':' && w_url_port(p + 2, strlen(p + 2), &a->port) == -1)
			return -1;
		if (p[1] != ':' && p[1] != '\0')
			return -1;
		p[1] = '\0';
		if (w_addr_parse(s, &a->family, a->addr) == -1)
			return -1;
	} else {
		for (p = s; *p; p++)
			ncolon += *p == ':';
		colon = strchr(s, ':');
		if (ncolon == 1) {
			*colon = '\0';
			if (w_url_port(colon + 1, strlen(colon + 1), &a->port) == -1)
				return -1;
		}
		if (w_addr_parse(s, &a->family, a->addr) == -1) {
			if (ncolon > 1 || parse_name(s, strlen(s), a) == -1)
				return -1;
		}
	}
	if (a->family != 0 && !cidr)
		a->prefix = a->family == 4 ? 32 : 128;
	unmap(&a->family, a->addr, &a->prefix);
	return 0;
}

static int
set_mode(struct w_policy *p, jv v, struct w_err *e)
{
	size_t i;

	if (jv_get_kind(v) == JV_KIND_STRING)
		for (i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]);
		    i++)
			if (strcmp(jv_string_value(v), mode_names[i]) == 0) {
				p->mode = (enum w_netmode)i;
				return 0;
			}
	return w_err_set(e, W_E_INVALID_PARAMETER,
	    "network.mode must be none, localhost, allowlist or all");
}

static int
set_allow(struct w_policy *p, jv v, struct w_err *e)
{
	int i, n;
	jv item;
	char *copy;

	if (jv_get_kind(v) != JV_KIND_ARRAY)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "network.allow must be an array of strings");
	n = jv_array_length(jv_copy(v));
	if (n > ALLOW_MAX)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "network.allow has more than %d entries", ALLOW_MAX);
	if (n == 0)
		return 0;
	p->allow = w_calloc((size_t)n, sizeof(*p->allow));
	for (i = 0; i < n; i++) {
		item = w_json_at(jv_copy(v), i);
		if (jv_get_kind(item) != JV_KIND_STRING) {
			jv_free(item);
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "network.allow[%d] is not a string", i);
		}
		copy = w_strdup(jv_string_value(item));
		jv_free(item);
		if (parse_entry(copy, &p->allow[i]) == -1) {
			free(copy);
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "network.allow[%d] is not a host, address or CIDR",
			    i);
		}
		free(copy);
		p->nallow++;
	}
	return 0;
}

/* The policy from the config's network object (borrowed). */
int
w_policy_from_json(struct w_policy *p, jv network, struct w_err *e)
{
	int rc = 0;
	const char *key;

	w_policy_default(p);
	if (jv_get_kind(network) == JV_KIND_NULL)
		return 0;
	if (jv_get_kind(network) != JV_KIND_OBJECT)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "network must be an object");
	jv_object_foreach(network, k, v) {
		key = jv_string_value(k);
		if (rc == 0 && strcmp(key, "mode") == 0)
			rc = set_mode(p, v, e);
		else if (rc == 0 && strcmp(key, "allow") == 0)
			rc = set_allow(p, v, e);
		else if (rc == 0)
			rc = w_err_set(e, W_E_INVALID_PARAMETER,
			    "network.%.64s is not a known key", key);
		jv_free(k);
		jv_free(v);
	}
	if (rc == -1)
		w_policy_free(p);
	return rc;
}

/* Whether entry a admits address addr (port respected when set). */
static int
addr_entry(const struct w_allow *a, int family, const unsigned char *addr,
    int port)
{
	if (a->family == 0 || a->family != family)
		return 0;
	if (a->port != 0 && a->port != port)
		return 0;
	return prefix_match(a->addr, addr, a->prefix);
}

/* Whether entry a admits host name host (port respected when set). */
static int
name_entry(const struct w_allow *a, const char *host, int port)
{
	size_t hn = strlen(host), en;
	const char *h = a->host;

	if (a->family != 0 || (a->port != 0 && a->port != port))
		return 0;
	if (hn > 0 && host[hn - 1] == '.')
		hn--;
	if (h[0] == '*') {
		h++;
		en = strlen(h);
		return hn > en && strncasecmp(host + hn - en, h, en) == 0;
	}
	en = strlen(h);
	return hn == en && strncasecmp(host, h, en) == 0;
}

static int
addr_listed(const struct w_policy *p, int family, const unsigned char *addr,
    int port)
{
	unsigned char a[16];
	size_t i;

	memcpy(a, addr, family == 4 ? 4 : 16);
	unmap(&family, a, NULL);
	for (i = 0; i < p->nallow; i++)
		if (addr_entry(&p->allow[i], family, a, port))
			return 1;
	return 0;
}

static int
name_listed(const struct w_policy *p, const char *host, int port)
{
	size_t i;

	for (i = 0; i < p->nallow; i++)
		if (name_entry(&p->allow[i], host, port))
			return 1;
	return 0;
}

static int
denied(struct w_err *e, const char *why)
{
	return w_err_set(e, W_E_NETWORK_DENIED, "%s", why);
}

/* The connect-time check on the address actually connected. */
int
w_policy_check_addr(const struct w_policy *p, const char *host, int port,
    int family, const unsigned char *addr, int operator, struct w_err *e)
{
	enum w_addrclass c;
	unsigned char a[16];
	int hf;

	if (p->mode == W_NET_NONE)
		return denied(e, "network mode none refuses every connection");
	if (family != 4 && family != 6)
		return w_err_set(e, W_E_BLOCKED_TARGET,
		    "address family is not an allowed target");
	c = w_addr_classify(family, addr);
	if (p->mode == W_NET_LOCALHOST) {
		if (c == W_ADDR_LOOPBACK)
			return 0;
		return denied(e, "network mode localhost admits only loopback");
	}
	if (c != W_ADDR_PUBLIC) {
		if (addr_listed(p, family, addr, port) ||
		    (operator && c == W_ADDR_LOOPBACK))
			return 0;
		return w_err_set(e, W_E_BLOCKED_TARGET,
		    "address class %s is not an allowed target; to allow "
		    "it, add the address (with its port) or a CIDR to the "
		    "config's network.allow%s (webtools.json(5))",
		    w_addr_class_name(c), c == W_ADDR_LOOPBACK ? ", or set "
		    "network.mode to localhost to reach loopback only" : "");
	}
	if (p->mode == W_NET_ALL || host == NULL)
		return 0;
	if (addr_listed(p, family, addr, port))
		return 0;
	if (w_addr_parse(host, &hf, a) == -1 && name_listed(p, host, port))
		return 0;
	return denied(e, "host is not in network.allow");
}

/* The pre-connect check of one URL (every hop). */
int
w_policy_check_url(const struct w_policy *p, const struct w_url *u,
    int operator, struct w_err *e)
{
	unsigned char a[16];
	int fam;

	if (p->mode == W_NET_NONE)
		return denied(e, "network mode none refuses every connection");
	if (strcmp(u->scheme, "http") != 0 && strcmp(u->scheme, "https") != 0)
		return w_err_set(e, W_E_BLOCKED_TARGET,
		    "scheme %.32s is not allowed", u->scheme);
	if (u->has_userinfo)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "credentials in URLs are not allowed");
	if (u->host == NULL || u->host[0] == '\0')
		return w_err_set(e, W_E_INVALID_PARAMETER, "URL has no host");
	if (w_addr_parse(u->host, &fam, a) == 0)
		return w_policy_check_addr(p, u->host, u->port, fam, a,
		    operator, e);
	switch (p->mode) {
	case W_NET_LOCALHOST:
		if (strcmp(u->host, "localhost") != 0 &&
		    strcmp(u->host, "localhost.") != 0)
			return denied(e,
			    "network mode localhost admits only loopback");
		return 0;
	case W_NET_ALLOWLIST:
		if (name_listed(p, u->host, u->port))
			return 0;
		if (operator && (strcmp(u->host, "localhost") == 0 ||
		    strcmp(u->host, "localhost.") == 0))
			return 0;
		return denied(e, "host is not in network.allow");
	default:
		return 0;
	}
}

int
w_policy_host_class(const char *host)
{
	unsigned char a[16];
	int fam;

	if (strcmp(host, "localhost") == 0)
		return W_ADDR_LOOPBACK;
	if (w_addr_parse(host, &fam, a) == -1)
		return -1;
	return (int)w_addr_classify(fam, a);
}

char **
w_policy_env_list(const char *var)
{
	const char *v = getenv(var), *p, *q;
	char **list = NULL;
	size_t n = 0;

	if (v == NULL)
		return NULL;
	for (p = v; *p; p = q) {
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		for (q = p; *q && *q != ' ' && *q != '\t' && *q != ';'; q++)
			;
		if (q == p)
			continue;
		list = w_realloc(list, (n + 2) * sizeof(*list));
		list[n++] = w_strndup(p, (size_t)(q - p));
		list[n] = NULL;
	}
	return list;
}

void
w_policy_env_list_free(char **list)
{
	size_t i;

	for (i = 0; list != NULL && list[i] != NULL; i++)
		free(list[i]);
	free(list);
}

int
w_policy_env_resolve(const char *host, int port, int *family,
    unsigned char a[16])
{
	char **list = w_policy_env_list("WEB_RESOLVE"), want[300], *addr;
	size_t i, wl;
	int n, rc = -1;

	n = snprintf(want, sizeof(want), "%s:%d:", host, port);
	wl = n > 0 && (size_t)n < sizeof(want) ? (size_t)n : 0;
	for (i = 0; wl > 0 && list != NULL && list[i] != NULL; i++) {
		addr = list[i] + (list[i][0] == '+');
		if (strncasecmp(addr, want, wl) != 0)
			continue;
		addr += wl;
		addr[strcspn(addr, ",")] = '\0';
		if (*addr == '[') {
			addr++;
			addr[strcspn(addr, "]")] = '\0';
		}
		if (w_addr_parse(addr, family, a) == 0) {
			rc = 0;
			break;
		}
	}
	w_policy_env_list_free(list);
	return rc;
}
