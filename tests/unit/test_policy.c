/* test_policy.c: address parsing and classification, network.allow
 * entries, modes, and the URL and connect-time checks. */
#include <stdlib.h>

#include "t.h"
#include "policy.h"

/* The class name of an address literal, "ERR" when it does not parse. */
static const char *
cls(const char *s)
{
	unsigned char a[16];
	int fam;

	if (w_addr_parse(s, &fam, a) == -1)
		return "ERR";
	return w_addr_class_name(w_addr_classify(fam, a));
}

/* Dotted or RFC 5952 text of a parsed literal. */
static const char *
addr(const char *s)
{
	static char buf[64];
	unsigned char a[16];
	int fam;

	if (w_addr_parse(s, &fam, a) == -1)
		return "ERR";
	if (fam == 4)
		snprintf(buf, sizeof(buf), "%u.%u.%u.%u", a[0], a[1], a[2],
		    a[3]);
	else
		snprintf(buf, sizeof(buf), "v6:%02x%02x..%02x%02x", a[0],
		    a[1], a[14], a[15]);
	return buf;
}

static int
policy(struct w_policy *p, const char *json, struct w_err *e)
{
	jv v = jv_parse(json);
	int rc;

	w_err_clear(e);
	rc = w_policy_from_json(p, v, e);
	jv_free(v);
	return rc;
}

static char msg[512];

/* Check URL s under p: "ok", the error code, or "parse". */
static const char *
url(const struct w_policy *p, const char *s, int op)
{
	struct w_url u;
	struct w_err e;
	int rc;

	w_err_clear(&e);
	if (w_url_parse(s, &u, &e) == -1)
		return "parse";
	rc = w_policy_check_url(p, &u, op, &e);
	w_url_free(&u);
	snprintf(msg, sizeof(msg), "%s", e.msg);
	return rc == 0 ? "ok" : w_err_name(e.code);
}

/* Check a connected address under p. */
static const char *
conn(const struct w_policy *p, const char *host, int port, const char *ip,
    int op)
{
	struct w_err e;
	unsigned char a[16];
	int fam, rc;

	if (w_addr_parse(ip, &fam, a) == -1)
		return "parse";
	w_err_clear(&e);
	rc = w_policy_check_addr(p, host, port, fam, a, op, &e);
	snprintf(msg, sizeof(msg), "%s", e.msg);
	return rc == 0 ? "ok" : w_err_name(e.code);
}

static void
test_addr_parse(void)
{
	static const char *const loop[] = {
		"127.0.0.1", "0x7f000001", "2130706433", "0177.0.0.1",
		"0x7f.0.0.1", "127.1", "017700000001", "127.0.1",
		"127.0.0.1.", "0X7F.0.0.1", NULL
	};
	int i;

	for (i = 0; loop[i] != NULL; i++)
		CHECK_STR(addr(loop[i]), "127.0.0.1");
	CHECK_STR(addr("0"), "0.0.0.0");
	CHECK_STR(addr("0x"), "0.0.0.0");
	CHECK_STR(addr("10.1"), "10.0.0.1");
	CHECK_STR(addr("10.1.65535"), "10.1.255.255");
	CHECK_STR(addr("::1"), "v6:0000..0001");
	CHECK_STR(addr("[::1]"), "v6:0000..0001");
	CHECK_STR(addr("[::ffff:127.0.0.1]"), "v6:0000..0001");
	CHECK_STR(addr("fe80::1%eth0"), "v6:fe80..0001");
	CHECK_STR(addr("fe80::1%25eth0"), "v6:fe80..0001");
	CHECK_STR(addr(""), "ERR");
	CHECK_STR(addr("."), "ERR");
	CHECK_STR(addr("1.2.3.4.5"), "ERR");
	CHECK_STR(addr("256.1.1.1"), "ERR");
	CHECK_STR(addr("1.2.3.256"), "ERR");
	CHECK_STR(addr("1.2.16777216"), "ERR");
	CHECK_STR(addr("4294967296"), "ERR");
	CHECK_STR(addr("08"), "ERR");
	CHECK_STR(addr("1..2"), "ERR");
	CHECK_STR(addr("1.2.3.4 "), "ERR");
	CHECK_STR(addr("example.com"), "ERR");
	CHECK_STR(addr("[::1"), "ERR");
	CHECK_STR(addr("[127.0.0.1]"), "ERR");
	CHECK_STR(addr("::g"), "ERR");
	CHECK_STR(addr(":::1"), "ERR");
	CHECK_STR(addr("fe80::1%"), "ERR");
	CHECK_STR(addr("fe80::1%eth0]"), "ERR");
	CHECK_STR(addr("fe80::1%a b"), "ERR");
	CHECK_STR(addr("fe80::1%%"), "ERR");
	CHECK_STR(addr("-1"), "ERR");
	CHECK_STR(addr("+1"), "ERR");
}

static void
test_classify_v4(void)
{
	static const char *const v[][2] = {
		{ "8.8.8.8", "public" }, { "1.1.1.1", "public" },
		{ "93.184.216.34", "public" },
		{ "0.0.0.0", "unspecified" },
		{ "0.255.255.255", "unspecified" },
		{ "1.0.0.0", "public" },
		{ "10.0.0.0", "private" }, { "10.255.255.255", "private" },
		{ "11.0.0.0", "public" }, { "9.255.255.255", "public" },
		{ "100.63.255.255", "public" }, { "100.64.0.0", "cgnat" },
		{ "100.127.255.255", "cgnat" }, { "100.128.0.0", "public" },
		{ "100.100.100.200", "cgnat" },
		{ "126.255.255.255", "public" }, { "127.0.0.1", "loopback" },
		{ "127.255.255.254", "loopback" }, { "128.0.0.0", "public" },
		{ "169.254.0.1", "link-local" },
		{ "169.254.169.254", "metadata" },
		{ "169.254.169.253", "link-local" },
		{ "169.254.170.2", "link-local" },
		{ "169.253.255.255", "public" }, { "169.255.0.0", "public" },
		{ "172.15.255.255", "public" }, { "172.16.0.0", "private" },
		{ "172.31.255.255", "private" }, { "172.32.0.0", "public" },
		{ "192.0.0.0", "reserved" }, { "192.0.0.192", "reserved" },
		{ "192.0.0.255", "reserved" }, { "192.0.1.0", "public" },
		{ "192.0.2.0", "documentation" },
		{ "192.0.2.255", "documentation" }, { "192.0.3.0", "public" },
		{ "192.88.99.1", "reserved" }, { "192.88.98.255", "public" },
		{ "192.88.100.0", "public" },
		{ "192.167.255.255", "public" }, { "192.168.0.1", "private" },
		{ "192.168.255.255", "private" }, { "192.169.0.0", "public" },
		{ "198.17.255.255", "public" }, { "198.18.0.0", "reserved" },
		{ "198.19.255.255", "reserved" }, { "198.20.0.0", "public" },
		{ "198.51.100.7", "documentation" },
		{ "198.51.101.0", "public" },
		{ "203.0.113.9", "documentation" },
		{ "203.0.112.255", "public" },
		{ "223.255.255.255", "public" }, { "224.0.0.1", "multicast" },
		{ "239.255.255.250", "multicast" }, { "240.0.0.1", "reserved" },
		{ "255.255.255.254", "reserved" },
		{ "255.255.255.255", "broadcast" },
		{ NULL, NULL }
	};
	int i;

	for (i = 0; v[i][0] != NULL; i++)
		CHECK_STR(cls(v[i][0]), v[i][1]);
}

static void
test_classify_v6(void)
{
	static const char *const v[][2] = {
		{ "::", "unspecified" }, { "::1", "loopback" },
		{ "0:0:0:0:0:0:0:1", "loopback" },
		{ "2606:4700:4700::1111", "public" },
		{ "2a00:1450:4001::1", "public" },
		/* Mapped: the IPv4 class. */
		{ "::ffff:127.0.0.1", "loopback" },
		{ "::ffff:7f00:1", "loopback" },
		{ "::ffff:8.8.8.8", "public" },
		{ "::ffff:169.254.169.254", "metadata" },
		{ "::ffff:10.1.2.3", "private" },
		{ "::ffff:0.0.0.0", "unspecified" },
		/* Compatible (deprecated): reserved unless special. */
		{ "::127.0.0.1", "reserved" }, { "::8.8.8.8", "reserved" },
		{ "::a9fe:a9fe", "metadata" },
		/* NAT64 well-known prefix: the IPv4 class. */
		{ "64:ff9b::a9fe:a9fe", "metadata" },
		{ "64:ff9b::169.254.169.254", "metadata" },
		{ "64:ff9b::7f00:1", "reserved" },	/* off-host: never loopback */
		{ "64:ff9b::a00:1", "private" },
		{ "64:ff9b::808:808", "public" },
		/* Local-use NAT64: reserved unless special. */
		{ "64:ff9b:1::808:808", "reserved" },
		{ "64:ff9b:1::7f00:1", "reserved" },
		/* 6to4: reserved unless special. */
		{ "2002:a9fe:a9fe::", "metadata" },
		{ "2002:7f00:1::1", "reserved" },
		{ "2002:c0a8:101::", "private" },
		{ "2002:808:808::1", "reserved" },
		/* Teredo: client is the last 32 bits inverted. */
		{ "2001:0:4136:e378:8000:63bf:80ff:fffe", "reserved" },
		{ "2001:0:4136:e378:8000:63bf:5601:5601", "metadata" },
		{ "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "reserved" },
		{ "2001::1", "reserved" },
		/* Other IETF protocol assignments 2001::/23. */
		{ "2001:1::1", "reserved" }, { "2001:2::1", "reserved" },
		{ "2001:10::1", "reserved" }, { "2001:20::1", "reserved" },
		{ "2001:1ff:ffff::1", "reserved" },
		{ "2001:200::1", "public" },
		{ "2001:db8::1", "documentation" },
		{ "2001:db8:ffff::1", "documentation" },
		{ "2001:db9::1", "public" },
		{ "3fff::1", "documentation" },
		{ "3fff:fff:ffff::1", "documentation" },
		{ "3fff:1000::1", "public" },
		{ "100::1", "reserved" },
		{ "100::ffff:ffff:ffff:ffff", "reserved" },
		{ "5f00::1", "reserved" },
		{ "fc00::1", "private" }, { "fd12:3456::1", "private" },
		{ "fd00:ec2::254", "metadata" },
		{ "fd00:ec2::253", "private" },
		{ "fe80::1", "link-local" }, { "febf:ffff::1", "link-local" },
		{ "fe80::1%eth0", "link-local" },
		{ "fec0::1", "private" }, { "feff::1", "private" },
		{ "ff02::1", "multicast" }, { "ff05::1:3", "multicast" },
		/* Outside 2000::/3, unallocated: reserved. */
		{ "4000::1", "reserved" }, { "e000::1", "reserved" },
		{ "1::1", "reserved" }, { "::2:0:0:1", "reserved" },
		{ "3fff:ffff::1", "public" },
		{ NULL, NULL }
	};
	int i;

	for (i = 0; v[i][0] != NULL; i++)
		CHECK_STR(cls(v[i][0]), v[i][1]);
	CHECK_STR(w_addr_class_name(W_ADDR_PUBLIC), "public");
	CHECK_STR(w_addr_class_name(W_ADDR_RESERVED), "reserved");
	CHECK_STR(w_addr_class_name((enum w_addrclass)99), "reserved");
	CHECK_INT(w_addr_classify(5, (const unsigned char *)"xxxx"),
	    W_ADDR_RESERVED);
}

static void
test_from_json(void)
{
	struct w_policy p;
	struct w_err e;
	static const char *const badentries[] = {
		"", " ", "10.0.0.0/33", "10.0.0.1/8", "10/8", "010.0.0.0/8",
		"10.0.0.0/", "10.0.0.0/8x", "10.0.0.0/-1", "10.0.0.0/0008",
		"::1/129", "fd00::1/8", "example.com/24", "example.com:0",
		"example.com:65536", "example.com:", "example.com:x",
		"exa mple.com", "http://example.com", "example.com/path",
		"[::1", "[::1]x", "[::1]:", "[example.com]:80", "1.2.3.4.5",
		"a..b", ".a", "*", "*.", "**.a", "a.*.b", "example.123",
		"1.2.3.4:80:80", "user@example.com", "ex%61mple.com",
		"10.0.0.1:0", "[::1]:70000", "::g", NULL
	};
	char json[256];
	int i;

	w_policy_default(&p);
	CHECK_INT(p.mode, W_NET_ALL);
	CHECK_INT(p.nallow, 0);
	CHECK_INT(policy(&p, "null", &e), 0);
	CHECK_INT(p.mode, W_NET_ALL);
	CHECK_INT(policy(&p, "{}", &e), 0);
	CHECK_INT(p.mode, W_NET_ALL);
	CHECK_INT(policy(&p, "{\"mode\":\"none\"}", &e), 0);
	CHECK_INT(p.mode, W_NET_NONE);
	CHECK_INT(policy(&p, "{\"mode\":\"localhost\"}", &e), 0);
	CHECK_INT(p.mode, W_NET_LOCALHOST);
	CHECK_INT(policy(&p, "{\"mode\":\"allowlist\",\"allow\":[]}", &e), 0);
	CHECK_INT(p.mode, W_NET_ALLOWLIST);
	CHECK_INT(policy(&p, "{\"mode\":\"all\"}", &e), 0);
	CHECK_INT(p.mode, W_NET_ALL);

	CHECK_INT(policy(&p, "{\"mode\":\"bogus-value\"}", &e), -1);
	CHECK_STR(w_err_name(e.code), "invalid_parameter");
	CHECK(strstr(e.msg, "network.mode") != NULL);
	CHECK(strstr(e.msg, "bogus-value") == NULL);
	CHECK_INT(policy(&p, "{\"mode\":\"ALL\"}", &e), -1);
	CHECK_INT(policy(&p, "{\"mode\":1}", &e), -1);
	CHECK_INT(policy(&p, "{\"colour\":1}", &e), -1);
	CHECK(strstr(e.msg, "network.colour") != NULL);
	CHECK_INT(policy(&p, "[]", &e), -1);
	CHECK_STR(w_err_name(e.code), "invalid_parameter");
	CHECK_INT(policy(&p, "\"all\"", &e), -1);
	CHECK_INT(policy(&p, "{\"allow\":\"example.com\"}", &e), -1);
	CHECK(strstr(e.msg, "network.allow") != NULL);
	CHECK_INT(policy(&p, "{\"allow\":[\"a.com\", 5]}", &e), -1);
	CHECK(strstr(e.msg, "network.allow[1]") != NULL);
	CHECK_INT(p.nallow, 0);
	CHECK(p.allow == NULL);

	for (i = 0; badentries[i] != NULL; i++) {
		snprintf(json, sizeof(json),
		    "{\"allow\":[\"ok.example\",\"%s\"]}", badentries[i]);
		CHECK_INT(policy(&p, json, &e), -1);
		CHECK_STR(e.msg,
		    "network.allow[1] is not a host, address or CIDR");
	}

	CHECK_INT(policy(&p, "{\"mode\":\"allowlist\",\"allow\":["
	    "\"Example.COM\",\"api.example.net:8443\",\"10.0.0.0/8\","
	    "\"127.0.0.1:9000\",\"[::1]:9001\",\"*.docs.example.org\","
	    "\"192.0.2.7\",\"fd00::/8\",\"::ffff:172.16.0.9\","
	    "\"0x7f000002\",\"::1\",\"[fe80::1]\",\"example.net.\","
	    "\"[2001:db8::]/32\",\"0.0.0.0/0\",\"::/0\"]}", &e), 0);
	CHECK_INT(p.nallow, 16);
	CHECK_STR(p.allow[0].host, "example.com");
	CHECK_INT(p.allow[0].family, 0);
	CHECK_INT(p.allow[0].port, 0);
	CHECK_STR(p.allow[1].host, "api.example.net");
	CHECK_INT(p.allow[1].port, 8443);
	CHECK_INT(p.allow[2].family, 4);
	CHECK_INT(p.allow[2].prefix, 8);
	CHECK_INT(p.allow[2].addr[0], 10);
	CHECK(p.allow[2].host == NULL);
	CHECK_INT(p.allow[3].prefix, 32);
	CHECK_INT(p.allow[3].port, 9000);
	CHECK_INT(p.allow[4].family, 6);
	CHECK_INT(p.allow[4].prefix, 128);
	CHECK_INT(p.allow[4].port, 9001);
	CHECK_STR(p.allow[5].host, "*.docs.example.org");
	CHECK_INT(p.allow[7].prefix, 8);
	CHECK_INT(p.allow[8].family, 4);	/* mapped stored as IPv4 */
	CHECK_INT(p.allow[8].addr[0], 172);
	CHECK_INT(p.allow[9].addr[3], 2);
	CHECK_INT(p.allow[10].family, 6);
	CHECK_INT(p.allow[11].family, 6);
	CHECK_STR(p.allow[12].host, "example.net");
	CHECK_INT(p.allow[13].prefix, 32);
	CHECK_INT(p.allow[14].prefix, 0);
	CHECK_INT(p.allow[15].prefix, 0);
	w_policy_free(&p);
	CHECK_INT(p.nallow, 0);
	CHECK(p.allow == NULL);
	w_policy_free(NULL);
}

static void
test_mode_all(void)
{
	static const char *const blocked[] = {
		"http://127.0.0.1/", "http://0x7f000001/",
		"http://2130706433/", "http://0177.0.0.1/",
		"http://0x7f.0.0.1/", "http://127.1/",
		"http://017700000001/", "http://[::1]/",
		"http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/",
		"http://169.254.169.254/latest/meta-data/",
		"http://[64:ff9b::a9fe:a9fe]/", "http://[2002:a9fe:a9fe::]/",
		"http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
		"http://[fd00:ec2::254]/", "http://[::]/", "http://0.0.0.0/",
		"http://0/", "http://10.0.0.1/", "http://172.16.5.4/",
		"http://192.168.1.1/", "http://100.64.0.1/",
		"http://224.0.0.1/", "http://255.255.255.255/",
		"http://192.0.2.1/", "http://198.18.0.1/",
		"http://[fe80::1%25eth0]/", "http://[fc00::1]/",
		"http://[ff02::1]/", "http://[2001:db8::1]/",
		"https://127.0.0.1:8443/", NULL
	};
	struct w_policy p;
	int i;

	w_policy_default(&p);
	CHECK_STR(url(&p, "http://example.com/", 0), "ok");
	CHECK_STR(url(&p, "HTTPS://Example.com/", 0), "ok");
	CHECK_STR(url(&p, "http://8.8.8.8/", 0), "ok");
	CHECK_STR(url(&p, "http://[2606:4700::1111]/", 0), "ok");
	CHECK_STR(url(&p, "http://localhost/", 0), "ok");
	for (i = 0; blocked[i] != NULL; i++)
		CHECK_STR(url(&p, blocked[i], 0), "blocked_target");
	CHECK_STR(url(&p, "http://169.254.169.254/", 0), "blocked_target");
	CHECK_STR(msg, "address class metadata is not an allowed target; to "
	    "allow it, add the address (with its port) or a CIDR to the "
	    "config's network.allow (webtools.json(5))");
	CHECK_STR(url(&p, "http://0x7f000001/", 0), "blocked_target");
	CHECK_STR(msg, "address class loopback is not an allowed target; to "
	    "allow it, add the address (with its port) or a CIDR to the "
	    "config's network.allow, or set network.mode to localhost to "
	    "reach loopback only (webtools.json(5))");

	/* Schemes and credentials. */
	CHECK_STR(url(&p, "file:///etc/passwd", 0), "blocked_target");
	CHECK_STR(msg, "scheme file is not allowed");
	CHECK_STR(url(&p, "gopher://127.0.0.1:70/_x", 0), "blocked_target");
	CHECK_STR(msg, "scheme gopher is not allowed");
	CHECK_STR(url(&p, "ftp://example.com/", 0), "blocked_target");
	CHECK_STR(url(&p, "ws://example.com/", 0), "blocked_target");
	CHECK_STR(url(&p, "https+x://example.com/", 0), "blocked_target");
	CHECK_STR(url(&p, "javascript:alert(1)", 0), "parse");
	CHECK_STR(url(&p, "http://user:pw@example.com/", 0),
	    "invalid_parameter");
	CHECK(strstr(msg, "pw") == NULL);
	CHECK_STR(url(&p, "http://user@127.0.0.1/", 0), "invalid_parameter");
	CHECK_STR(url(&p, "http://@example.com/", 0), "invalid_parameter");
	CHECK_STR(url(&p, "http://evil.com\\@127.0.0.1/", 0), "parse");

	/* Operator endpoints: loopback only, without an entry. */
	CHECK_STR(url(&p, "http://127.0.0.1:8888/", 1), "ok");
	CHECK_STR(url(&p, "http://[::1]:11434/", 1), "ok");
	CHECK_STR(url(&p, "http://localhost:8888/", 1), "ok");
	CHECK_STR(url(&p, "http://10.0.0.1/", 1), "blocked_target");
	CHECK_STR(url(&p, "http://169.254.169.254/", 1), "blocked_target");
	CHECK_STR(url(&p, "file:///etc/passwd", 1), "blocked_target");

	/* Connect time: the address actually connected. */
	CHECK_STR(conn(&p, "example.com", 443, "93.184.216.34", 0), "ok");
	CHECK_STR(conn(&p, "example.com", 443, "2606:2800::1", 0), "ok");
	CHECK_STR(conn(&p, "internal.example.com", 80, "10.1.2.3", 0),
	    "blocked_target");
	CHECK(strstr(msg, "address class private is not an allowed target; "
	    "to allow it") == msg);
	CHECK_STR(conn(&p, "rebind.example", 80, "127.0.0.1", 0),
	    "blocked_target");
	CHECK_STR(conn(&p, "rebind.example", 80, "::ffff:169.254.169.254", 0),
	    "blocked_target");
	CHECK_STR(conn(&p, "rebind.example", 80, "64:ff9b::a9fe:a9fe", 0),
	    "blocked_target");
	CHECK_STR(conn(&p, "localhost", 8888, "127.0.0.1", 1), "ok");
	CHECK_STR(conn(&p, "localhost", 8888, "::1", 1), "ok");
	CHECK_STR(conn(&p, "localhost", 8888, "::ffff:127.0.0.1", 1), "ok");
	/* Tunnels carrying 127/8 leave the host: not an operator loopback. */
	CHECK_STR(conn(&p, "localhost", 8888, "2002:7f00:1::", 1),
	    "blocked_target");
	CHECK_STR(conn(&p, "localhost", 8888, "64:ff9b::7f00:1", 1),
	    "blocked_target");
	CHECK_STR(conn(&p, "localhost", 8888, "::127.0.0.1", 1),
	    "blocked_target");
	CHECK_STR(conn(&p, "searx.lan", 8888, "192.168.1.5", 1),
	    "blocked_target");
	CHECK_STR(conn(&p, NULL, 80, "8.8.8.8", 0), "ok");
}

static void
test_mode_none(void)
{
	struct w_policy p;
	struct w_err e;

	CHECK_INT(policy(&p, "{\"mode\":\"none\",\"allow\":[\"example.com\","
	    "\"127.0.0.1\"]}", &e), 0);
	CHECK_STR(url(&p, "http://example.com/", 0), "network_denied");
	CHECK_STR(url(&p, "http://127.0.0.1/", 1), "network_denied");
	CHECK_STR(url(&p, "http://localhost/", 1), "network_denied");
	CHECK_STR(url(&p, "file:///etc/passwd", 0), "network_denied");
	CHECK_STR(conn(&p, "example.com", 80, "93.184.216.34", 0),
	    "network_denied");
	CHECK_STR(conn(&p, "localhost", 80, "127.0.0.1", 1),
	    "network_denied");
	w_policy_free(&p);
}

static void
test_mode_localhost(void)
{
	struct w_policy p;
	struct w_err e;

	CHECK_INT(policy(&p, "{\"mode\":\"localhost\"}", &e), 0);
	CHECK_STR(url(&p, "http://localhost:8080/", 0), "ok");
	CHECK_STR(url(&p, "http://LOCALHOST./", 0), "ok");
	CHECK_STR(url(&p, "http://127.0.0.1:8080/", 0), "ok");
	CHECK_STR(url(&p, "http://127.0.0.2/", 0), "ok");
	CHECK_STR(url(&p, "http://0x7f000001/", 0), "ok");
	CHECK_STR(url(&p, "http://[::1]:11434/", 1), "ok");
	CHECK_STR(url(&p, "http://example.com/", 0), "network_denied");
	CHECK_STR(url(&p, "http://localhost.example.com/", 0),
	    "network_denied");
	CHECK_STR(url(&p, "http://10.0.0.1/", 0), "network_denied");
	CHECK_STR(url(&p, "http://169.254.169.254/", 1), "network_denied");
	CHECK_STR(url(&p, "http://8.8.8.8/", 0), "network_denied");
	CHECK_STR(url(&p, "file:///etc/passwd", 0), "blocked_target");
	CHECK_STR(url(&p, "http://u:p@localhost/", 0), "invalid_parameter");
	CHECK_STR(conn(&p, "localhost", 8080, "127.0.0.1", 0), "ok");
	CHECK_STR(conn(&p, "localhost", 8080, "::1", 0), "ok");
	CHECK_STR(conn(&p, "localhost", 8080, "10.0.0.1", 0),
	    "network_denied");
	CHECK_STR(conn(&p, "localhost", 8080, "93.184.216.34", 0),
	    "network_denied");
	w_policy_free(&p);
}

/* Unicode names in network.allow compare with URL hosts by their
 * A-labels, whichever way either is written. */
static void
test_allow_idna(void)
{
	struct w_policy p;
	struct w_err e;

	CHECK_INT(policy(&p, "{\"mode\":\"allowlist\",\"allow\":["
	    "\"B\xc3\x9c" "cher.example\",\"*.\xef\xbd\x86\xc3\xbc.example:8443\","
	    "\"xn--strae-oqa.de\"]}", &e), 0);
	CHECK_STR(p.allow[0].host, "xn--bcher-kva.example");
	CHECK_STR(p.allow[1].host, "*.xn--f-eha.example");
	CHECK_STR(url(&p, "http://b\xc3\xbc" "cher.example/", 0), "ok");
	CHECK_STR(url(&p, "http://xn--bcher-kva.example/", 0), "ok");
	CHECK_STR(url(&p, "https://a.f\xc3\xbc.example:8443/", 0), "ok");
	CHECK_STR(url(&p, "https://a.xn--f-eha.example:8443/", 0), "ok");
	CHECK_STR(url(&p, "http://stra\xc3\x9f" "e.de/", 0), "ok");
	CHECK_STR(url(&p, "http://strasse.de/", 0), "network_denied");
	CHECK_STR(url(&p, "http://bucher.example/", 0), "network_denied");
	w_policy_free(&p);
	/* a name IDNA refuses is not an entry */
	CHECK_INT(policy(&p, "{\"allow\":[\"xn--zz.example\"]}", &e), -1);
	CHECK_STR(e.msg, "network.allow[0] is not a host, address or CIDR");
	CHECK_INT(policy(&p, "{\"allow\":[\"-\xc3\xbc.example\"]}", &e), -1);
}

static void
test_mode_allowlist(void)
{
	struct w_policy p;
	struct w_err e;

	CHECK_INT(policy(&p, "{\"mode\":\"allowlist\",\"allow\":["
	    "\"example.com\",\"api.example.net:8443\",\"10.0.0.0/8\","
	    "\"127.0.0.1:9000\",\"[::1]:9001\",\"*.docs.example.org\","
	    "\"192.0.2.7\",\"localhost\",\"fd00::/8\","
	    "\"::ffff:172.16.0.9\"]}", &e), 0);
	/* Names. */
	CHECK_STR(url(&p, "http://example.com/", 0), "ok");
	CHECK_STR(url(&p, "https://EXAMPLE.com./x", 0), "ok");
	CHECK_STR(url(&p, "http://www.example.com/", 0), "network_denied");
	CHECK_STR(url(&p, "http://example.com.evil.net/", 0),
	    "network_denied");
	CHECK_STR(url(&p, "http://api.example.net:8443/", 0), "ok");
	CHECK_STR(url(&p, "https://api.example.net/", 0), "network_denied");
	CHECK_STR(url(&p, "http://a.docs.example.org/", 0), "ok");
	CHECK_STR(url(&p, "http://a.b.docs.example.org/", 0), "ok");
	CHECK_STR(url(&p, "http://docs.example.org/", 0), "network_denied");
	CHECK_STR(url(&p, "http://xdocs.example.org/", 0), "network_denied");
	CHECK_STR(url(&p, "http://other.org/", 0), "network_denied");
	CHECK_STR(msg, "host is not in network.allow");
	/* Addresses and CIDRs. */
	CHECK_STR(url(&p, "http://10.1.2.3/", 0), "ok");
	CHECK_STR(url(&p, "http://012.1.2.3/", 0), "ok");
	CHECK_STR(url(&p, "http://11.0.0.1/", 0), "network_denied");
	CHECK_STR(url(&p, "http://127.0.0.1:9000/", 0), "ok");
	CHECK_STR(url(&p, "http://127.0.0.1:9001/", 0), "blocked_target");
	CHECK_STR(url(&p, "http://[::ffff:127.0.0.1]:9000/", 0), "ok");
	CHECK_STR(url(&p, "http://[::1]:9001/", 0), "ok");
	CHECK_STR(url(&p, "http://[::1]:9000/", 0), "blocked_target");
	CHECK_STR(url(&p, "http://192.0.2.7/", 0), "ok");
	CHECK_STR(url(&p, "http://192.0.2.8/", 0), "blocked_target");
	CHECK_STR(url(&p, "http://[fd12::1]/", 0), "ok");
	CHECK_STR(url(&p, "http://[fd00:ec2::254]/", 0), "ok");
	CHECK_STR(url(&p, "http://172.16.0.9/", 0), "ok");
	CHECK_STR(url(&p, "http://169.254.169.254/", 0), "blocked_target");
	CHECK_STR(url(&p, "http://[::ffff:a9fe:a9fe]/", 0), "blocked_target");
	CHECK_STR(url(&p, "file:///etc/passwd", 0), "blocked_target");
	CHECK_STR(url(&p, "http://u@example.com/", 0), "invalid_parameter");
	/* Operator endpoints on loopback need no entry. */
	CHECK_STR(url(&p, "http://127.0.0.1:8888/", 1), "ok");
	CHECK_STR(url(&p, "http://127.0.0.1:8888/", 0), "blocked_target");
	CHECK_STR(url(&p, "http://searx.lan:8888/", 1), "network_denied");
	CHECK_STR(url(&p, "http://172.16.0.1/", 1), "blocked_target");
	/* Connect time. */
	CHECK_STR(conn(&p, "example.com", 80, "93.184.216.34", 0), "ok");
	CHECK_STR(conn(&p, NULL, 80, "93.184.216.34", 0), "ok");
	CHECK_STR(conn(&p, "other.org", 80, "93.184.216.34", 0),
	    "network_denied");
	CHECK_STR(conn(&p, "example.com", 80, "127.0.0.1", 0),
	    "blocked_target");
	CHECK_STR(conn(&p, "localhost", 80, "127.0.0.1", 0),
	    "blocked_target");
	CHECK_STR(conn(&p, "localhost", 80, "127.0.0.1", 1), "ok");
	CHECK_STR(conn(&p, "example.com", 9000, "127.0.0.1", 0), "ok");
	CHECK_STR(conn(&p, "example.com", 80, "10.9.9.9", 0), "ok");
	CHECK_STR(conn(&p, "example.com", 80, "::ffff:10.9.9.9", 0), "ok");
	CHECK_STR(conn(&p, "example.com", 80, "169.254.169.254", 1),
	    "blocked_target");
	CHECK_STR(conn(&p, "example.com", 80, "2002:a9fe:a9fe::", 0),
	    "blocked_target");
	w_policy_free(&p);

	/* An operator can list the metadata address explicitly. */
	CHECK_INT(policy(&p, "{\"mode\":\"all\",\"allow\":"
	    "[\"169.254.169.254:80\"]}", &e), 0);
	CHECK_STR(url(&p, "http://169.254.169.254/", 0), "ok");
	CHECK_STR(url(&p, "http://169.254.169.254:8080/", 0),
	    "blocked_target");
	CHECK_STR(url(&p, "http://example.com/", 0), "ok");
	w_policy_free(&p);

	/* An empty allowlist admits nothing but operator loopback. */
	CHECK_INT(policy(&p, "{\"mode\":\"allowlist\"}", &e), 0);
	CHECK_STR(url(&p, "http://example.com/", 0), "network_denied");
	CHECK_STR(url(&p, "http://localhost:8888/", 1), "ok");
	CHECK_STR(url(&p, "http://127.0.0.1/", 0), "blocked_target");
	w_policy_free(&p);
}

/* WEB_RESOLVE / WEB_CONNECT_TO: one parser for libcurl and the render
 * proxy. */
static void
test_env_hooks(void)
{
	unsigned char a[16];
	char **l;
	int fam;

	unsetenv("WT_T_HOOK");
	CHECK(w_policy_env_list("WT_T_HOOK") == NULL);
	setenv("WT_T_HOOK", " a:1:x ;;b:2:y\tc ", 1);
	l = w_policy_env_list("WT_T_HOOK");
	CHECK(l != NULL && l[0] && l[1] && l[2] && l[3] == NULL);
	if (l != NULL && l[0] && l[1] && l[2]) {
		CHECK_STR(l[0], "a:1:x");
		CHECK_STR(l[1], "b:2:y");
		CHECK_STR(l[2], "c");
	}
	w_policy_env_list_free(l);
	setenv("WT_T_HOOK", " ; ", 1);
	CHECK(w_policy_env_list("WT_T_HOOK") == NULL);
	unsetenv("WT_T_HOOK");
	setenv("WEB_RESOLVE", "other.test:443:10.0.0.1 +Example.TEST:443:"
	    "bad,1.2.3.4 example.test:443:[::1],127.0.0.1;"
	    "example.test:8443:127.0.0.9", 1);
	CHECK_INT(w_policy_env_resolve("example.test", 443, &fam, a), 0);
	CHECK_INT(fam, 6);
	CHECK_INT(a[15], 1);
	CHECK_INT(w_policy_env_resolve("EXAMPLE.test", 8443, &fam, a), 0);
	CHECK_INT(fam, 4);
	CHECK_INT(a[3], 9);
	CHECK_INT(w_policy_env_resolve("example.test", 80, &fam, a), -1);
	CHECK_INT(w_policy_env_resolve("ample.test", 443, &fam, a), -1);
	unsetenv("WEB_RESOLVE");
	CHECK_INT(w_policy_env_resolve("example.test", 443, &fam, a), -1);
}

int
main(void)
{
	test_addr_parse();
	test_classify_v4();
	test_classify_v6();
	test_from_json();
	test_mode_all();
	test_mode_none();
	test_mode_localhost();
	test_mode_allowlist();
	test_env_hooks();
	test_allow_idna();
	T_DONE();
}
