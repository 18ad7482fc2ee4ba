/*
 * policy.h: the network policy (modes none / localhost / allowlist /
 * all) and classification of IPv4 and IPv6 addresses into special
 * ranges. Pure; the HTTP core calls w_policy_check_addr on the address it
 * is about to connect, at every hop.
 */
#ifndef W_POLICY_H
#define W_POLICY_H

#include <stddef.h>
#include <jv.h>

#include "err.h"
#include "url.h"

enum w_netmode {
	W_NET_NONE,
	W_NET_LOCALHOST,
	W_NET_ALLOWLIST,
	W_NET_ALL
};

enum w_addrclass {
	W_ADDR_PUBLIC = 0,
	W_ADDR_LOOPBACK,
	W_ADDR_PRIVATE,		/* 10/8, 172.16/12, 192.168/16, fc00::/7 */
	W_ADDR_CGNAT,		/* 100.64/10 */
	W_ADDR_LINKLOCAL,	/* 169.254/16, fe80::/10 */
	W_ADDR_METADATA,	/* 169.254.169.254, fd00:ec2::254 */
	W_ADDR_MULTICAST,
	W_ADDR_UNSPECIFIED,	/* 0.0.0.0/8, :: */
	W_ADDR_BROADCAST,	/* 255.255.255.255 */
	W_ADDR_DOCUMENTATION,	/* 192.0.2/24, 198.51.100/24, 203.0.113/24,
				   2001:db8::/32, 3fff::/20 */
	W_ADDR_RESERVED		/* every other special-purpose range */
};

struct w_allow {
	char		*host;		/* name (lowercase, no trailing dot;
					   "*.example.com" matches every
					   subdomain, not the apex) or NULL */
	unsigned char	 addr[16];	/* IPv4 in the first 4 bytes; a
					   mapped ::ffff:a.b.c.d entry is
					   stored as IPv4 */
	int		 family;	/* 0 (name), 4 or 6 */
	int		 prefix;	/* CIDR length; 32 or 128 for one
					   address */
	int		 port;		/* 0: any port */
};

struct w_policy {
	enum w_netmode	 mode;
	struct w_allow	*allow;
	size_t		 nallow;
};

/* The default policy: mode all, empty allow list. */
void		 w_policy_default(struct w_policy *p);

/*
 * Fill p from the config's "network" object (borrowed; jv_null() for
 * defaults): "mode", "allow" (array of host, *.host, host:port, IP,
 * IP:port, [v6], [v6]:port, CIDR with a dotted-quad or IPv6 base and
 * no host bits). -1 with invalid_parameter naming the key (never
 * echoing values) on a bad entry or unknown key; p is then the default
 * policy. p need not be initialised; it is overwritten, not freed.
 */
int		 w_policy_from_json(struct w_policy *p, jv network,
		    struct w_err *e);
void		 w_policy_free(struct w_policy *p);

/*
 * Parse an IP literal. IPv4 accepts every inet_aton spelling (decimal,
 * 0x hex, 0-prefixed octal, 1 to 4 parts); IPv6 accepts RFC 4291 text
 * with or without brackets, and ignores a zone ("%eth0" or "%25eth0").
 * Sets *family to 4 or 6 and out (4 or 16 bytes, the rest zeroed).
 * Returns 0, or -1 when s is not an IP literal.
 */
int		 w_addr_parse(const char *s, int *family,
		    unsigned char out[16]);

/*
 * The test hooks WEB_RESOLVE and WEB_CONNECT_TO (webtools(7)), parsed in
 * one place. w_policy_env_list: the entries of the environment variable
 * var (separated by spaces, tabs or ';') as a NULL-terminated array
 * (free with w_policy_env_list_free); NULL when it is unset or empty.
 */
char		**w_policy_env_list(const char *var);
void		 w_policy_env_list_free(char **list);

/*
 * WEB_RESOLVE's address for host:port: the first entry
 * "[+]host:port:addr[,addr...]" (curl's --resolve syntax; host matched
 * without regard to case) whose first address parses. 0 with *family
 * and a (as w_addr_parse), -1 when none.
 */
int		 w_policy_env_resolve(const char *host, int port,
		    int *family, unsigned char a[16]);

/*
 * Classify an address (family 4 or 6); embedded IPv4 forms (mapped,
 * compatible, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16,
 * Teredo 2001::/32) are classified by the IPv4 address they carry when
 * that is special. With a public IPv4 inside, mapped and 64:ff9b::/96
 * are public, the others (tunnels, deprecated or local-only forms)
 * reserved. IPv6 outside 2000::/3 is reserved. Sources in policy.c.
 */
enum w_addrclass w_addr_classify(int family, const unsigned char *addr);
const char	*w_addr_class_name(enum w_addrclass c);

/*
 * Before connecting: mode none refuses everything (network_denied);
 * a scheme other than http or https is blocked_target ("scheme file is
 * not allowed"); credentials in the URL are invalid_parameter; an
 * IP-literal host is checked as by w_policy_check_addr; a name host
 * under localhost must be "localhost", under allowlist must match a
 * name entry (port respected) or be "localhost" for an operator
 * endpoint (network_denied). operator: the target is an
 * operator-configured provider endpoint (admitted on loopback without
 * an allow entry, except under none).
 */
int		 w_policy_check_url(const struct w_policy *p,
		    const struct w_url *u, int operator, struct w_err *e);

/*
 * At connect time, on the address actually connected: a special range
 * is refused (blocked_target, naming the class) unless an IP or CIDR
 * allow entry covers the address (and port, when the entry has one) or
 * it is loopback and operator is set; name entries never admit a
 * special address. Mode localhost admits only loopback (network_denied
 * otherwise); mode none nothing. Under allowlist a public address
 * needs host (the URL's host, as in struct w_url; NULL skips this) to
 * match a name entry, or the address an IP entry (network_denied).
 */
int		 w_policy_check_addr(const struct w_policy *p,
		    const char *host, int port, int family,
		    const unsigned char *addr, int operator, struct w_err *e);

/*
 * The address class of a configured endpoint's host: "localhost" is
 * loopback, an IP literal its class, -1 for any other name. The one
 * provider loopback check (searxng: loopback only; ollama: local).
 */
int	 w_policy_host_class(const char *host);

#endif
