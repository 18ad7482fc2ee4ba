/* test_url.c: URL parsing, IPv4 spellings, formatting and RFC 3986
 * resolution (the section 5.4 examples). */
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "buf.h"
#include "url.h"

static char out[W_URL_MAX * 3 + 64];

/* parse then format: the canonical form, or "ERR". */
static const char *
canon(const char *s)
{
	struct w_url u;
	struct w_err e;
	char *f;

	w_err_clear(&e);
	if (w_url_parse(s, &u, &e) == -1) {
		if (e.code == W_E_NONE || e.code != W_E_INVALID_PARAMETER)
			return "BADCODE";
		return "ERR";
	}
	f = w_url_format(&u, 0);
	snprintf(out, sizeof(out), "%s", f);
	free(f);
	w_url_free(&u);
	return out;
}

/* The host of a parsed URL and its IP kind, "ERR" when it fails. */
static const char *
host(const char *s, int *ip)
{
	struct w_url u;
	struct w_err e;

	*ip = -1;
	if (w_url_parse(s, &u, &e) == -1)
		return "ERR";
	snprintf(out, sizeof(out), "%s", u.host);
	*ip = u.host_is_ip;
	w_url_free(&u);
	return out;
}

static const char *
resolve(const char *base, const char *ref)
{
	char *r = w_url_resolve(base, ref);

	if (r == NULL)
		return "NULL";
	snprintf(out, sizeof(out), "%s", r);
	free(r);
	return out;
}

static void
test_parse_fields(void)
{
	struct w_url u;
	struct w_err e;
	char *s;

	CHECK_INT(w_url_parse("HTTP://Example.COM:80/A/b?Q=1#Frag", &u, &e),
	    0);
	CHECK_STR(u.scheme, "http");
	CHECK_STR(u.host, "example.com");
	CHECK_INT(u.port, 80);
	CHECK_STR(u.path, "/A/b?Q=1");
	CHECK_STR(u.fragment, "Frag");
	CHECK_INT(u.has_userinfo, 0);
	CHECK_INT(u.host_is_ip, 0);
	s = w_url_format(&u, 0);
	CHECK_STR(s, "http://example.com/A/b?Q=1#Frag");
	free(s);
	s = w_url_format(&u, 1);
	CHECK_STR(s, "http://example.com/A/b?Q=1");
	free(s);
	s = w_url_origin(&u);
	CHECK_STR(s, "http://example.com");
	free(s);
	w_url_free(&u);

	CHECK_INT(w_url_parse("https://example.com", &u, &e), 0);
	CHECK_INT(u.port, 443);
	CHECK_STR(u.path, "/");
	CHECK(u.fragment == NULL);
	w_url_free(&u);

	CHECK_INT(w_url_parse("https://[::1]:8443/x", &u, &e), 0);
	CHECK_STR(u.host, "::1");
	CHECK_INT(u.port, 8443);
	CHECK_INT(u.host_is_ip, 6);
	s = w_url_origin(&u);
	CHECK_STR(s, "https://[::1]:8443");
	free(s);
	w_url_free(&u);

	CHECK_INT(w_url_parse("http://user:secret@example.com/", &u, &e), 0);
	CHECK_INT(u.has_userinfo, 1);
	CHECK_STR(u.host, "example.com");
	s = w_url_format(&u, 0);
	CHECK(strstr(s, "secret") == NULL);
	free(s);
	w_url_free(&u);

	CHECK_INT(w_url_parse("http://a@b@127.0.0.1/", &u, &e), 0);
	CHECK_INT(u.has_userinfo, 1);
	CHECK_STR(u.host, "127.0.0.1");
	w_url_free(&u);

	CHECK_INT(w_url_parse("http://@example.com/", &u, &e), 0);
	CHECK_INT(u.has_userinfo, 1);
	w_url_free(&u);

	CHECK_INT(w_url_parse("file:///etc/passwd", &u, &e), 0);
	CHECK_STR(u.scheme, "file");
	CHECK_STR(u.host, "");
	CHECK_STR(u.path, "/etc/passwd");
	w_url_free(&u);

	CHECK_INT(w_url_parse("gopher://127.0.0.1:70/_GET", &u, &e), 0);
	CHECK_STR(u.scheme, "gopher");
	CHECK_INT(u.port, 70);
	CHECK_INT(u.host_is_ip, 4);
	w_url_free(&u);

	CHECK_INT(w_url_parse("http://example.com?q=1", &u, &e), 0);
	CHECK_STR(u.path, "/?q=1");
	w_url_free(&u);

	CHECK_INT(w_url_parse("http://example.com#", &u, &e), 0);
	CHECK_STR(u.fragment, "");
	w_url_free(&u);

	CHECK_INT(w_url_parse("http://example.com:/", &u, &e), 0);
	CHECK_INT(u.port, 80);
	w_url_free(&u);

	w_url_free(NULL);
}

static void
test_ipv4_spellings(void)
{
	static const char *const loop[] = {
		"http://127.0.0.1/", "http://0x7f000001/",
		"http://2130706433/", "http://0177.0.0.1/",
		"http://0x7f.0.0.1/", "http://127.1/",
		"http://017700000001/", "http://0X7F.0.0.1/",
		"http://127.0.1/", "http://127.0.0.1./",
		"http://0x7f.1/", "http://0177.0x0.0.01/", NULL
	};
	int i, ip;

	for (i = 0; loop[i] != NULL; i++) {
		CHECK_STR(host(loop[i], &ip), "127.0.0.1");
		CHECK_INT(ip, 4);
	}
	CHECK_STR(host("http://0/", &ip), "0.0.0.0");
	CHECK_STR(host("http://0.0.0.0/", &ip), "0.0.0.0");
	CHECK_STR(host("http://2852039166/", &ip), "169.254.169.254");
	CHECK_STR(host("http://0xa9fea9fe/", &ip), "169.254.169.254");
	CHECK_STR(host("http://0251.0376.0251.0376/", &ip),
	    "169.254.169.254");
	CHECK_STR(host("http://169.254.43518/", &ip), "169.254.169.254");
	CHECK_STR(host("http://4294967295/", &ip), "255.255.255.255");
	CHECK_STR(host("http://0x/", &ip), "0.0.0.0");
	/* Numeric-looking but invalid: the URL is refused. */
	CHECK_STR(host("http://4294967296/", &ip), "ERR");
	CHECK_STR(host("http://0x100000000/", &ip), "ERR");
	CHECK_STR(host("http://256.0.0.1/", &ip), "ERR");
	CHECK_STR(host("http://1.2.3.256/", &ip), "ERR");
	CHECK_STR(host("http://1.2.65536/", &ip), "ERR");
	CHECK_STR(host("http://1.2.3.4.5/", &ip), "ERR");
	CHECK_STR(host("http://1.2.3.09/", &ip), "ERR");
	CHECK_STR(host("http://08/", &ip), "ERR");
	CHECK_STR(host("http://1..2/", &ip), "ERR");
	CHECK_STR(host("http://foo.0x/", &ip), "ERR");
	CHECK_STR(host("http://example.123/", &ip), "ERR");
	CHECK_STR(host("http://0x1g/", &ip), "0x1g");
	CHECK_INT(ip, 0);
	CHECK_STR(host("http://1.2.3.4.example/", &ip), "1.2.3.4.example");
	CHECK_INT(ip, 0);
	CHECK_STR(host("http://127.0.0.1.nip.io/", &ip), "127.0.0.1.nip.io");
}

static void
test_ipv6_hosts(void)
{
	int ip;

	CHECK_STR(host("http://[::1]/", &ip), "::1");
	CHECK_INT(ip, 6);
	CHECK_STR(host("http://[0:0:0:0:0:0:0:1]/", &ip), "::1");
	CHECK_STR(host("http://[::]/", &ip), "::");
	CHECK_STR(host("http://[::ffff:127.0.0.1]/", &ip), "::ffff:127.0.0.1");
	CHECK_STR(host("http://[::FFFF:7F00:1]/", &ip), "::ffff:127.0.0.1");
	CHECK_STR(host("http://[64:ff9b::a9fe:a9fe]/", &ip),
	    "64:ff9b::a9fe:a9fe");
	CHECK_STR(host("http://[2002:A9FE:A9FE::]/", &ip), "2002:a9fe:a9fe::");
	CHECK_STR(host("http://[FD00:EC2::254]/", &ip), "fd00:ec2::254");
	CHECK_STR(host("http://[fe80::1%25eth0]/", &ip), "fe80::1%25eth0");
	CHECK_INT(ip, 6);
	CHECK_STR(canon("http://[fe80::1%25eth0]:81/"),
	    "http://[fe80::1%25eth0]:81/");
	CHECK_STR(host("http://[fe80::1%eth0]/", &ip), "ERR");
	CHECK_STR(host("http://[fe80::1%25]/", &ip), "ERR");
	CHECK_STR(host("http://[::1/", &ip), "ERR");
	CHECK_STR(host("http://[::1]x/", &ip), "ERR");
	CHECK_STR(host("http://[1.2.3.4]/", &ip), "ERR");
	CHECK_STR(host("http://[::g]/", &ip), "ERR");
	CHECK_STR(host("http://[v1.x]/", &ip), "ERR");
	CHECK_STR(host("http://[]/", &ip), "ERR");
	CHECK_STR(host("http://::1/", &ip), "ERR");
	CHECK_STR(canon("http://[::FFFF:7F00:1]:8080/x"),
	    "http://[::ffff:127.0.0.1]:8080/x");
}

static void
test_rejects(void)
{
	struct w_url u;
	struct w_err e;
	char *big;
	static const char *const bad[] = {
		"", "example.com", "/path", "//example.com/",
		"mailto:a@example.com", "javascript:alert(1)",
		"data:text/html,x", "http:/x", "http:x", "http:///x",
		"https://", "http://:80/", "http://user@/",
		"http://exa mple.com/", " http://example.com/",
		"http://example.com/\n", "http://example.com/\x01",
		"http://example.com/\x7f", "http://example.com/a\tb",
		"http://example.com:0/", "http://example.com:65536/",
		"http://example.com:8a/", "http://example.com::80/",
		"http://example.com:-1/", "http://%6c%6f%63alhost/",
		"http://exa%20mple.com/", "http://evil.com\\@127.0.0.1/",
		"http://a..b/", "http://.a/", "http://a!b/", "http://a,b/",
		"http://[::1]:0/", "1http://x/", "ht tp://x/", NULL
	};
	int i;

	for (i = 0; bad[i] != NULL; i++) {
		w_err_clear(&e);
		CHECK_INT(w_url_parse(bad[i], &u, &e), -1);
		CHECK(e.code != W_E_NONE &&
		    e.code == W_E_INVALID_PARAMETER);
	}
	CHECK_INT(w_url_parse(NULL, &u, &e), -1);
	CHECK_STR(canon("http://example.com:65535/"),
	    "http://example.com:65535/");
	CHECK_STR(canon("http://example.com:00080/"), "http://example.com/");
	big = w_malloc(W_URL_MAX + 2);
	memcpy(big, "http://x/", 9);
	memset(big + 9, 'a', W_URL_MAX + 1 - 9);
	big[W_URL_MAX + 1] = '\0';
	CHECK_STR(canon(big), "ERR");
	big[W_URL_MAX] = '\0';
	CHECK(strcmp(canon(big), "ERR") != 0);
	free(big);
}

static void
test_format(void)
{
	static const char *const same[] = {
		"http://example.com/", "https://example.com/a/b?c=d#e",
		"http://example.com:8080/", "https://example.com:80/",
		"http://example.com:443/", "http://[::1]/",
		"http://[2001:db8::1]:8080/p?q", "http://127.0.0.1:9000/x",
		"http://exa_mple.com/", "http://xn--bcher-kva.example/",
		"http://example.com/%41%2F", "http://example.com/a?b/../c",
		"http://example.com/#a/../b", "file:///etc/passwd",
		"http://example.com/?", NULL
	};
	int i;

	for (i = 0; same[i] != NULL; i++)
		CHECK_STR(canon(same[i]), same[i]);
	CHECK_STR(canon("HTTPS://EXAMPLE.COM:443"), "https://example.com/");
	CHECK_STR(canon("http://Example.COM/A"), "http://example.com/A");
	CHECK_STR(canon("http://x/a/./b/../c"), "http://x/a/c");
	CHECK_STR(canon("http://x/../../a"), "http://x/a");
	CHECK_STR(canon("http://x/a/.."), "http://x/");
	CHECK_STR(canon("http://x/\xc3\xa9?\xc3\xa9#\xc3\xa9"),
	    "http://x/%C3%A9?%C3%A9#%C3%A9");
	CHECK_STR(canon("http://x/<a>\"{|}^`"),
	    "http://x/%3Ca%3E%22%7B%7C%7D%5E%60");
	CHECK_STR(canon("http://x/a\\b"), "http://x/a%5Cb");
	CHECK_STR(canon("http://b\xc3\xbc" "cher.example/"),
	    "http://xn--bcher-kva.example/");
	CHECK_STR(canon("http://0x7f000001:80/"), "http://127.0.0.1/");
	CHECK_STR(canon("gopher://127.0.0.1:70/_x"), "gopher://127.0.0.1/_x");
	CHECK_STR(canon("ftp://example.com:21/"), "ftp://example.com/");
	CHECK_STR(canon("foo://example.com:21/"), "foo://example.com:21/");
	/* Idempotent. */
	CHECK_STR(canon("http://x/%C3%A9"), "http://x/%C3%A9");
}

/* RFC 3986 section 5.4: base "http://a/b/c/d;p?q". */
static void
test_resolve_rfc(void)
{
	static const char *const v[][2] = {
		/* 5.4.1 normal examples ("g:h" has no host: refused). */
		{ "g:h", "NULL" },
		{ "g", "http://a/b/c/g" },
		{ "./g", "http://a/b/c/g" },
		{ "g/", "http://a/b/c/g/" },
		{ "/g", "http://a/g" },
		{ "//g", "http://g/" },
		{ "?y", "http://a/b/c/d;p?y" },
		{ "g?y", "http://a/b/c/g?y" },
		{ "#s", "http://a/b/c/d;p?q#s" },
		{ "g#s", "http://a/b/c/g#s" },
		{ "g?y#s", "http://a/b/c/g?y#s" },
		{ ";x", "http://a/b/c/;x" },
		{ "g;x", "http://a/b/c/g;x" },
		{ "g;x?y#s", "http://a/b/c/g;x?y#s" },
		{ "", "http://a/b/c/d;p?q" },
		{ ".", "http://a/b/c/" },
		{ "./", "http://a/b/c/" },
		{ "..", "http://a/b/" },
		{ "../", "http://a/b/" },
		{ "../g", "http://a/b/g" },
		{ "../..", "http://a/" },
		{ "../../", "http://a/" },
		{ "../../g", "http://a/g" },
		/* 5.4.2 abnormal examples. */
		{ "../../../g", "http://a/g" },
		{ "../../../../g", "http://a/g" },
		{ "/./g", "http://a/g" },
		{ "/../g", "http://a/g" },
		{ "g.", "http://a/b/c/g." },
		{ ".g", "http://a/b/c/.g" },
		{ "g..", "http://a/b/c/g.." },
		{ "..g", "http://a/b/c/..g" },
		{ "./../g", "http://a/b/g" },
		{ "./g/.", "http://a/b/c/g/" },
		{ "g/./h", "http://a/b/c/g/h" },
		{ "g/../h", "http://a/b/c/h" },
		{ "g;x=1/./y", "http://a/b/c/g;x=1/y" },
		{ "g;x=1/../y", "http://a/b/c/y" },
		{ "g?y/./x", "http://a/b/c/g?y/./x" },
		{ "g?y/../x", "http://a/b/c/g?y/../x" },
		{ "g#s/./x", "http://a/b/c/g#s/./x" },
		{ "g#s/../x", "http://a/b/c/g#s/../x" },
		/* Non-strict reading, as browsers do. */
		{ "http:g", "http://a/b/c/g" },
		{ NULL, NULL }
	};
	int i;

	for (i = 0; v[i][0] != NULL; i++)
		CHECK_STR(resolve("http://a/b/c/d;p?q", v[i][0]), v[i][1]);
}

static void
test_resolve_more(void)
{
	const char *b = "https://Example.com:443/dir/page.html?x=1#top";

	CHECK_STR(resolve(b, "other.html"),
	    "https://example.com/dir/other.html");
	CHECK_STR(resolve(b, "//cdn.example.net/a.js"),
	    "https://cdn.example.net/a.js");
	CHECK_STR(resolve(b, "?y=2"), "https://example.com/dir/page.html?y=2");
	CHECK_STR(resolve(b, "#frag"),
	    "https://example.com/dir/page.html?x=1#frag");
	CHECK_STR(resolve(b, ""), "https://example.com/dir/page.html?x=1");
	CHECK_STR(resolve(b, "  /trim\n"), "https://example.com/trim");
	CHECK_STR(resolve(b, "/a\tb\r\nc"), "https://example.com/abc");
	CHECK_STR(resolve(b, "HTTP://OTHER.example/"), "http://other.example/");
	CHECK_STR(resolve(b, "http:g"), "NULL");
	CHECK_STR(resolve(b, "mailto:a@example.com"), "NULL");
	CHECK_STR(resolve(b, "javascript:alert(1)"), "NULL");
	CHECK_STR(resolve(b, "http://[::1"), "NULL");
	CHECK_STR(resolve(b, "http://exa mple.com/"), "NULL");
	CHECK_STR(resolve("not a url", "/x"), "NULL");
	CHECK_STR(resolve("/relative", "/x"), "NULL");
	CHECK(w_url_resolve(NULL, "x") == NULL);
	CHECK(w_url_resolve(b, NULL) == NULL);
	/* Redirect targets in their many spellings. */
	CHECK_STR(resolve(b, "http://127.0.0.1/"), "http://127.0.0.1/");
	CHECK_STR(resolve(b, "http://169.254.169.254/latest/meta-data/"),
	    "http://169.254.169.254/latest/meta-data/");
	CHECK_STR(resolve(b, "http://[::1]:8080/"), "http://[::1]:8080/");
	CHECK_STR(resolve(b, "//0x7f000001/"), "https://127.0.0.1/");
	CHECK_STR(resolve(b, "http://2130706433/"), "http://127.0.0.1/");
	CHECK_STR(resolve(b, "http://0177.0.0.1/"), "http://127.0.0.1/");
	CHECK_STR(resolve(b, "file:///etc/passwd"), "file:///etc/passwd");
	CHECK_STR(resolve(b, "gopher://127.0.0.1:70/_x"),
	    "gopher://127.0.0.1/_x");
	CHECK_STR(resolve(b, "http://user:pw@example.com/"),
	    "http://user:pw@example.com/");
	CHECK_STR(resolve(b, "//u@127.0.0.1/"), "https://u@127.0.0.1/");
	CHECK_STR(resolve("http://a", "b"), "http://a/b");
	CHECK_STR(resolve("http://a/b", "../../../c"), "http://a/c");
}

/* Redirect Location values read the WHATWG way (issue 13). */
static void
test_resolve_whatwg(void)
{
	const char *b = "http://127.0.0.1:8080/a/b";

	CHECK_STR(resolve(b, "http:\\\\127.0.0.2\\x"), "http://127.0.0.2/x");
	CHECK_STR(resolve(b, "https:\\\\Example.COM:8443\\a"),
	    "https://example.com:8443/a");
	CHECK_STR(resolve(b, "\\\\evil.example\\x?a\\b"),
	    "http://evil.example/x?a%5Cb");
	CHECK_STR(resolve(b, "x\\y"), "http://127.0.0.1:8080/a/x/y");
	CHECK_STR(resolve(b, "http://%31%32%37.0.0.2/"), "http://127.0.0.2/");
	CHECK_STR(resolve(b, "http://%6c%6f%63alhost:81/"),
	    "http://localhost:81/");
	CHECK_STR(resolve(b, "http://\xef\xbc\x91\xef\xbc\x92\xef\xbc\x97"
	    "\xef\xbc\x8e" "0\xe3\x80\x82" "0\xef\xbd\xa1" "2/p"),
	    "http://127.0.0.2/p");
	CHECK_STR(resolve(b, "http://user@%31%32%37.0.0.1:81/"),
	    "http://user@127.0.0.1:81/");
	/* decoded forbidden code points make no URL */
	CHECK_STR(resolve(b, "http://a%40127.0.0.1/"), "NULL");
	CHECK_STR(resolve(b, "http://exa%20mple.com/"), "NULL");
	CHECK_STR(resolve(b, "http://a%2Fb/"), "NULL");
	CHECK_STR(resolve(b, "http://a%3A80/"), "NULL");
	/* not special: no backslash rewriting */
	CHECK_STR(resolve(b, "mailto:a\\b"), "NULL");
	CHECK_STR(resolve(b, "http://[::1]/"), "http://[::1]/");
}

/* The message of w_url_parse's error for s ("OK" when it parses). */
static const char *
parse_msg(const char *s)
{
	struct w_url u;
	struct w_err e;

	w_err_clear(&e);
	if (w_url_parse(s, &u, &e) == 0) {
		w_url_free(&u);
		return "OK";
	}
	if (e.code != W_E_INVALID_PARAMETER)
		return "BADCODE";
	snprintf(out, sizeof(out), "%s", e.msg);
	return out;
}

/* Unicode hosts: UTS #46 mapping and Punycode, as browsers map them. */
static void
test_idna(void)
{
	const char *b = "http://127.0.0.1:8080/a";
	struct w_err e;
	char *r;
	int ip;

	CHECK_STR(canon("http://b\xc3\xbc" "cher.example/x"),
	    "http://xn--bcher-kva.example/x");
	/* mixed case, capital umlaut */
	CHECK_STR(canon("https://B\xc3\x9c" "CHER.Example:8443/"),
	    "https://xn--bcher-kva.example:8443/");
	/* full-width letters and the ideographic full stop */
	CHECK_STR(canon("http://\xef\xbd\x82\xc3\xbc\xef\xbd\x83\xef\xbd\x88"
	    "\xef\xbd\x85\xef\xbd\x92\xe3\x80\x82" "example/"),
	    "http://xn--bcher-kva.example/");
	/* full-width capitals and the full-width full stop */
	CHECK_STR(canon("http://\xef\xbc\xa2\xc3\x9c\xef\xbc\xa3\xef\xbc\xa8"
	    "\xef\xbc\xa5\xef\xbc\xb2\xef\xbc\x8e" "example/"),
	    "http://xn--bcher-kva.example/");
	/* non-transitional: sharp s is kept (IDNA2008), not "ss" */
	CHECK_STR(canon("http://stra\xc3\x9f" "e.de/"),
	    "http://xn--strae-oqa.de/");
	/* an A-label is kept, in lowercase */
	CHECK_STR(canon("http://XN--BCHER-KVA.example/"),
	    "http://xn--bcher-kva.example/");
	/* full-width "localhost" is localhost; full-width digits an IP */
	CHECK_STR(host("http://\xef\xbd\x8c\xef\xbd\x8f\xef\xbd\x83\xef\xbd\x81"
	    "\xef\xbd\x8c\xef\xbd\x88\xef\xbd\x8f\xef\xbd\x93\xef\xbd\x94/", &ip),
	    "localhost");
	CHECK_STR(host("http://\xef\xbc\x91\xef\xbc\x92\xef\xbc\x97.0.0.1/", &ip),
	    "127.0.0.1");
	CHECK_INT(ip, 4);
	/* a Unicode label before a number is no IPv4 address */
	CHECK_STR(host("http://\xc3\xbc.127.0.0.1/", &ip), "ERR");
	/* labels IDNA refuses: named in the message */
	CHECK_STR(parse_msg("http://xn--zz.example/"),
	    "URL host \"xn--zz.example\" is not a valid internationalised "
	    "domain name (IDNA: string contains invalid punycode data)");
	CHECK(strstr(parse_msg("http://-\xc3\xbc.example/"),
	    "URL host \"-\xc3\xbc.example\"") != NULL);
	CHECK(strstr(parse_msg("http://a\xe2\x80\x8d" "b.\xc3\xbc/"),
	    "is not a valid internationalised domain name") != NULL);
	CHECK(strstr(parse_msg("http://\xef\xbf\xbc.example/"),
	    "disallowed") != NULL);
	/* bytes that are not UTF-8 are named as %XX */
	CHECK(strstr(parse_msg("http://b\xfc" "cher.example/"),
	    "URL host \"b%FCcher.example\"") != NULL);
	/* a mapped forbidden character (full-width solidus) is refused */
	CHECK_STR(canon("http://\xc3\xbc\xef\xbc\x8fx.example/"), "ERR");
	/* empty labels once mapped */
	CHECK_STR(canon("http://a\xe3\x80\x82\xe3\x80\x82" "b\xc3\xbc/"), "ERR");
	CHECK_STR(canon("http://\xe3\x80\x82\xc3\xbc/"), "ERR");
	/* ASCII names are left as they were */
	CHECK_STR(canon("http://a_b.Example/"), "http://a_b.example/");
	/* in references (redirect Locations): raw, percent-encoded */
	CHECK_STR(resolve(b, "http://b\xc3\xbc" "cher.example/p"),
	    "http://xn--bcher-kva.example/p");
	CHECK_STR(resolve(b, "//b%C3%BC" "cher.example:81/p"),
	    "http://xn--bcher-kva.example:81/p");
	r = w_url_resolve_host(b, "http://xn--zz.example/", &e);
	CHECK(r == NULL && e.code == W_E_INVALID_PARAMETER &&
	    strstr(e.msg, "\"xn--zz.example\"") != NULL);
	r = w_url_resolve_host(b, "http://a%2Fb/", &e);
	CHECK(r == NULL && e.code == W_E_INVALID_PARAMETER &&
	    strstr(e.msg, "URL host \"a%2Fb\" holds a forbidden") != NULL);
	/* a decoded NUL ends no host early */
	CHECK_STR(resolve(b, "http://127.0.0.2%00.example/"), "NULL");
	/* other failures leave e clear */
	r = w_url_resolve_host(b, "http://x:99999/", &e);
	CHECK(r == NULL && e.code == W_E_NONE);
	r = w_url_resolve_host(b, "/ok", &e);
	CHECK_STR(r, "http://127.0.0.1:8080/ok");
	CHECK(e.code == W_E_NONE);
	free(r);
}

int
main(void)
{
	test_parse_fields();
	test_ipv4_spellings();
	test_ipv6_hosts();
	test_rejects();
	test_format();
	test_resolve_rfc();
	test_resolve_more();
	test_resolve_whatwg();
	test_idna();
	T_DONE();
}
