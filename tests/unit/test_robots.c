/*
 * test_robots.c: the RFC 9309 matcher, with vectors built from the RFC's
 * text and examples, the departures from Google's matcher the issue
 * lists, and the lenient parsing Google's matcher does where the RFC is
 * silent.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "robots.h"
#include "robots_env.h"
#include "robots_fetch.h"
#include "robots_origin.h"
#include "json.h"
#include "t.h"

/* Verdict of agent for url under body: 1 allowed, 0 disallowed, -1 bad. */
static int
allowed(const char *body, const char *agent, const char *url)
{
	struct w_robots *r = w_robots_parse(body, strlen(body));
	struct w_robots_agent *a = w_robots_agent_new(r, agent);
	struct w_robots_verdict v;
	int rc;

	rc = w_robots_match(a, url, &v) == -1 ? -1 : v.allowed;
	w_robots_agent_free(a);
	w_robots_free(r);
	return rc;
}

/* Line of the rule that decided, 0 when none. */
static int
line_of(const char *body, const char *agent, const char *url)
{
	struct w_robots *r = w_robots_parse(body, strlen(body));
	struct w_robots_agent *a = w_robots_agent_new(r, agent);
	struct w_robots_verdict v;
	int line;

	w_robots_match(a, url, &v);
	line = v.line;
	w_robots_agent_free(a);
	w_robots_free(r);
	return line;
}

static const char *
norm(const char *s, int pattern)
{
	static char out[1024];

	w_robots_normalise(s, strlen(s), pattern, out);
	return out;
}

#define YES(b, ag, u)	CHECK_INT(allowed((b), (ag), (u)), 1)
#define NO(b, ag, u)	CHECK_INT(allowed((b), (ag), (u)), 0)

static void
test_rfc_simple_example(void)
{
	/* RFC 9309 section 5.1. */
	const char *b =
	    "User-Agent: *\n"
	    "Disallow: *.gif$\n"
	    "Disallow: /example/\n"
	    "Allow: /publications/\n"
	    "\n"
	    "User-Agent: foobot\n"
	    "Disallow:/\n"
	    "Allow:/example/page.html\n"
	    "Allow:/example/allowed.gif\n"
	    "\n"
	    "User-Agent: barbot\n"
	    "User-Agent: bazbot\n"
	    "Disallow: /example/page.html\n"
	    "\n"
	    "User-Agent: quxbot\n"
	    "\n"
	    "EOF\n";

	YES(b, "otherbot", "http://example.com/publications/a.html");
	NO(b, "otherbot", "http://example.com/example/x");
	NO(b, "otherbot", "http://example.com/a/b.gif");
	YES(b, "otherbot", "http://example.com/a/b.gif?x");
	YES(b, "otherbot", "http://example.com/");
	NO(b, "foobot", "http://example.com/");
	NO(b, "foobot", "http://example.com/publications/");
	YES(b, "foobot", "http://example.com/example/page.html");
	YES(b, "foobot", "http://example.com/example/allowed.gif");
	NO(b, "foobot", "http://example.com/example/other.gif");
	NO(b, "barbot", "http://example.com/example/page.html");
	NO(b, "bazbot", "http://example.com/example/page.html");
	YES(b, "barbot", "http://example.com/example/other");
	YES(b, "bazbot", "http://example.com/a.gif");
	YES(b, "quxbot", "http://example.com/example/x");
	YES(b, "quxbot", "http://example.com/a.gif");
	CHECK_INT(line_of(b, "foobot", "http://example.com/x"), 7);
	CHECK_INT(line_of(b, "foobot", "http://example.com/example/page.html"),
	    8);
	CHECK_INT(line_of(b, "quxbot", "http://example.com/x"), 0);
}

static void
test_rfc_longest_match(void)
{
	/* RFC 9309 section 5.2. */
	const char *b =
	    "User-Agent: foobot\n"
	    "Allow: /example/page/\n"
	    "Disallow: /example/page/disallowed.gif\n";

	NO(b, "foobot", "http://example.com/example/page/disallowed.gif");
	YES(b, "foobot", "http://example.com/example/page/allowed.gif");
	YES(b, "foobot", "http://example.com/example/page/");
	CHECK_INT(line_of(b, "foobot",
	    "http://example.com/example/page/disallowed.gif"), 3);
	/* Order in the file does not matter, only length. */
	b = "user-agent: a\ndisallow: /example/page/disallowed.gif\n"
	    "allow: /example/page/\n";
	NO(b, "a", "/example/page/disallowed.gif");
	YES(b, "a", "/example/page/x");
}

static void
test_groups(void)
{
	/* Merging groups for one token (RFC 9309 section 2.2.1). */
	const char *m =
	    "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\n"
	    "user-agent: ExampleBot\ndisallow: /baz\n";
	const char *s =
	    "user-agent: *\ndisallow: /foo\ndisallow: /bar\n\n"
	    "user-agent: BazBot\ndisallow: /baz\n";

	NO(m, "ExampleBot", "/foo");
	NO(m, "ExampleBot", "/bar");
	NO(m, "ExampleBot", "/baz");
	YES(m, "ExampleBot", "/qux");
	/* Case-insensitive token match. */
	NO(m, "examplebot", "/baz");
	NO(m, "EXAMPLEBOT", "/foo");
	/* Only the "*" group applies to ExampleBot. */
	NO(s, "ExampleBot", "/foo");
	YES(s, "ExampleBot", "/baz");
	NO(s, "BazBot", "/baz");
	YES(s, "BazBot", "/foo");
	/* No group and no "*": everything allowed. */
	YES("user-agent: a\ndisallow: /\n", "b", "/x");
	YES("", "b", "/x");
	/* A specific group without rules beats the "*" group. */
	YES("user-agent: *\ndisallow: /\n\nuser-agent: a\n", "a", "/x");
	NO("user-agent: *\ndisallow: /\n\nuser-agent: a\n", "b", "/x");
	/* Several user-agent lines share one group. */
	NO("user-agent: a\nuser-agent: b\ndisallow: /x\n", "a", "/x");
	NO("user-agent: a\nuser-agent: b\ndisallow: /x\n", "b", "/x");
	/* A user-agent after rules starts a new group. */
	YES("user-agent: a\ndisallow: /x\nuser-agent: b\nallow: /\n", "b",
	    "/x");
	/* An empty disallow still ends the user-agent list. */
	YES("user-agent: a\ndisallow:\nuser-agent: b\ndisallow: /\n", "a",
	    "/x");
	NO("user-agent: a\ndisallow:\nuser-agent: b\ndisallow: /\n", "b",
	    "/x");
	/* Sitemap and unknown records do not end a group (section 2.3). */
	NO("user-agent: a\nsitemap: http://x/s.xml\nuser-agent: b\n"
	    "disallow: /\n", "a", "/x");
	NO("user-agent: a\nfoo: bar\nuser-agent: b\ndisallow: /\n", "a",
	    "/x");
	NO("user-agent: a\ndisallow: /x\nsitemap: http://x/s\ndisallow: /y\n",
	    "a", "/y");
	/* Rules before any user-agent are ignored. */
	YES("disallow: /\nuser-agent: a\nallow: /x\n", "a", "/y");
	YES("disallow: /\n", "a", "/y");
	YES("allow: /\ndisallow: /y\n", "a", "/y");
	/* The product token of a user-agent line: "Bot/1.1" is Bot. */
	NO("user-agent: ExampleBot/1.1\ndisallow: /\n", "ExampleBot", "/x");
	NO("user-agent: ExampleBot 1.1\ndisallow: /\n", "ExampleBot", "/x");
	YES("user-agent: ExampleBotPlus\ndisallow: /\n", "ExampleBot", "/x");
	YES("user-agent: Example\ndisallow: /\n", "ExampleBot", "/x");
	/* "* " with trailing text is still global (Google). */
	NO("user-agent: * mybot\ndisallow: /\n", "other", "/x");
	/* Underscores and hyphens in tokens. */
	NO("user-agent: my_bot-2\ndisallow: /\n", "my_bot-", "/x");
	NO("user-agent: Googlebot-News\ndisallow: /\n", "googlebot-news",
	    "/x");
	YES("user-agent: Googlebot-News\ndisallow: /\n", "googlebot", "/x");
}

static void
test_allow_disallow(void)
{
	const char *tie = "user-agent: *\nallow: /page\ndisallow: /page\n";

	/* Allow wins a tie, whatever the order. */
	YES(tie, "a", "/page");
	YES("user-agent: *\ndisallow: /page\nallow: /page\n", "a", "/page");
	CHECK_INT(line_of(tie, "a", "/page"), 2);
	/* Tie with wildcards of equal length. */
	YES("user-agent: *\ndisallow: /*.html\nallow: /a*html\n", "a",
	    "/a.html");
	/* Empty disallow allows everything. */
	YES("user-agent: *\ndisallow:\n", "a", "/x");
	YES("user-agent: *\ndisallow: \n", "a", "/");
	/* Matching is case-sensitive. */
	YES("user-agent: *\ndisallow: /Foo\n", "a", "/foo");
	NO("user-agent: *\ndisallow: /Foo\n", "a", "/Foo/bar");
	/* Matching starts at the first octet of the path. */
	YES("user-agent: *\ndisallow: /b\n", "a", "/a/b");
	YES("user-agent: *\ndisallow: b\n", "a", "/b");
	/* Prefix match. */
	NO("user-agent: *\ndisallow: /fish\n", "a", "/fish.html");
	NO("user-agent: *\ndisallow: /fish\n", "a", "/fishheads/x");
	YES("user-agent: *\ndisallow: /fish/\n", "a", "/fish");
	/* The query is part of what is matched. */
	NO("user-agent: *\ndisallow: /p?x=1\n", "a", "/p?x=1&y=2");
	YES("user-agent: *\ndisallow: /p?x=1\n", "a", "/p?y=2&x=1");
	/* The fragment is not. */
	NO("user-agent: *\ndisallow: /p$\n", "a", "http://h/p#frag");
}

static void
test_wildcards(void)
{
	const char *b = "user-agent: *\n"
	    "disallow: /*.php$\n"
	    "disallow: /private*/\n"
	    "disallow: /a*b*c\n"
	    "allow: /this/path/exactly$\n"
	    "disallow: /this/\n";

	NO(b, "a", "/index.php");
	NO(b, "a", "/dir/x.php");
	YES(b, "a", "/index.php?x");
	YES(b, "a", "/index.php5");
	NO(b, "a", "/private1/x");
	NO(b, "a", "/private/");
	YES(b, "a", "/private");
	NO(b, "a", "/axxbyyc");
	NO(b, "a", "/abc");
	YES(b, "a", "/acb");
	YES(b, "a", "/this/path/exactly");
	NO(b, "a", "/this/path/exactly/");
	NO(b, "a", "/this/path/exactlyx");
	/* '*' matches '/' as well. */
	NO("user-agent: *\ndisallow: /*/feed/\n", "a", "/blog/2020/feed/");
	/* Consecutive stars are one. */
	NO("user-agent: *\ndisallow: /a**b$\n", "a", "/a/x/b");
	/* A trailing star changes nothing but length. */
	NO("user-agent: *\ndisallow: /a*\n", "a", "/a");
	NO("user-agent: *\ndisallow: /*\n", "a", "/");
	NO("user-agent: *\ndisallow: *\n", "a", "/x");
	/* Anchor after a star: the pattern must end the path. */
	NO("user-agent: *\ndisallow: /*$\n", "a", "/anything");
	NO("user-agent: *\ndisallow: /a*z$\n", "a", "/a/z/z");
	YES("user-agent: *\ndisallow: /a*z$\n", "a", "/a/z/y");
	/* '$' anchors only at the end; elsewhere it is literal. */
	NO("user-agent: *\ndisallow: /a$b\n", "a", "/a$b");
	YES("user-agent: *\ndisallow: /a$b\n", "a", "/ab");
	NO("user-agent: *\ndisallow: /$\n", "a", "/");
	YES("user-agent: *\ndisallow: /$\n", "a", "/x");
	/* Backtracking: the leftmost segment choice must not lose. */
	NO("user-agent: *\ndisallow: /*ab$\n", "a", "/abab");
	NO("user-agent: *\ndisallow: /*aab\n", "a", "/aaab");
	/* Longer wildcard beats a shorter literal. */
	NO("user-agent: *\nallow: /shop/\ndisallow: /shop/*?utm=\n", "a",
	    "/shop/x?utm=1");
	YES("user-agent: *\nallow: /shop/\ndisallow: /shop/*?utm=\n", "a",
	    "/shop/x?a=1");
}

static void
test_percent(void)
{
	/* RFC 9309 section 2.2.2 table. */
	const char *t1 = "user-agent: *\ndisallow: /foo/bar?baz=quz\n";
	const char *t3 = "user-agent: *\ndisallow: /foo/bar/\xE3\x83\x84\n";
	const char *t4 = "user-agent: *\ndisallow: /foo/bar/%E3%83%84\n";
	const char *t5 = "user-agent: *\ndisallow: /foo/bar/%62%61%7A\n";

	NO(t1, "a", "/foo/bar?baz=quz");
	NO(t3, "a", "/foo/bar/%E3%83%84");
	NO(t3, "a", "/foo/bar/\xE3\x83\x84");
	NO(t4, "a", "/foo/bar/%E3%83%84");
	NO(t4, "a", "/foo/bar/%e3%83%84");
	NO(t4, "a", "/foo/bar/\xE3\x83\x84");
	NO(t5, "a", "/foo/bar/baz");
	NO(t5, "a", "/foo/bar/%62az");
	/* Encoded unreserved characters equal their raw form. */
	NO("user-agent: *\ndisallow: /%7Ea\n", "a", "/~a");
	NO("user-agent: *\ndisallow: /~a\n", "a", "/%7Ea");
	NO("user-agent: *\ndisallow: /~a\n", "a", "/%7ea");
	NO("user-agent: *\ndisallow: /%41\n", "a", "/A");
	NO("user-agent: *\ndisallow: /a-b_c.d\n", "a", "/a%2Db%5Fc%2Ed");
	/* Reserved characters stay distinct. */
	YES("user-agent: *\ndisallow: /a%2Fb\n", "a", "/a/b");
	YES("user-agent: *\ndisallow: /a/b\n", "a", "/a%2Fb");
	NO("user-agent: *\ndisallow: /a%2fb\n", "a", "/a%2Fb");
	YES("user-agent: *\ndisallow: /p?a%3Db\n", "a", "/p?a=b");
	/* Hex case in escapes does not matter. */
	NO("user-agent: *\ndisallow: /a%3a\n", "a", "/a%3A");
	NO("user-agent: *\ndisallow: /%c3%a9\n", "a", "/\xC3\xA9");
	/* Literal '*' and '$' through %2A and %24 (section 2.2.3). */
	NO("user-agent: *\ndisallow: /path/file-with-a-%2A.html\n", "a",
	    "https://www.example.com/path/file-with-a-*.html");
	YES("user-agent: *\ndisallow: /path/file-with-a-%2A.html\n", "a",
	    "https://www.example.com/path/file-with-a-x.html");
	NO("user-agent: *\ndisallow: /path/foo-%24\n", "a",
	    "https://www.example.com/path/foo-$");
	NO("user-agent: *\ndisallow: /path/foo-%24\n", "a",
	    "https://www.example.com/path/foo-%24");
	/* Raw non-ASCII bytes in the URL are encoded, even invalid UTF-8. */
	NO("user-agent: *\ndisallow: /%FF\n", "a", "/\xFF");
	/* A stray '%' is itself encoded. */
	NO("user-agent: *\ndisallow: /100%25\n", "a", "/100%");
	NO("user-agent: *\ndisallow: /100%\n", "a", "/100%25");
	/* The normaliser itself. */
	CHECK_STR(norm("/%7Ea%2fb%e3", 0), "/~a%2Fb%E3");
	CHECK_STR(norm("/a b\"<>|", 0), "/a%20b%22%3C%3E%7C");
	CHECK_STR(norm("/a*b$", 0), "/a%2Ab%24");
	CHECK_STR(norm("/a**b$c", 1), "/a*b%24c");
	CHECK_STR(norm("/%zz%4", 0), "/%25zz%254");
	/* In the query, general delimiters compare encoded (figure 4). */
	CHECK_STR(norm("/\xC3\xA9?q=1&r=:@!'()+,;", 0),
	    "/%C3%A9?q=1&r=%3A%40!'()+,;");
	CHECK_STR(norm("/a:b/c?u=https://x/y?z#", 0),
	    "/a:b/c?u=https%3A%2F%2Fx%2Fy%3Fz%23");
	CHECK_STR(norm("/p?u=*$", 1), "/p?u=*%24");
	/* RFC 9309 figure 4: either spelling of the query matches. */
	NO("user-agent: *\ndisallow: /foo/bar?baz=https://foo.bar\n", "a",
	    "/foo/bar?baz=https%3A%2F%2Ffoo.bar");
	NO("user-agent: *\ndisallow: /foo/bar?baz=https%3A%2F%2Ffoo.bar\n",
	    "a", "https://e.org/foo/bar?baz=https://foo.bar");
	NO("user-agent: *\ndisallow: /foo/bar?baz=quz\n", "a",
	    "/foo/bar?baz=quz");
	NO("user-agent: *\ndisallow: /foo/bar/%62%61%7A\n", "a",
	    "/foo/bar/baz");
	YES("user-agent: *\ndisallow: /foo/bar?baz=https://foo.bar\n", "a",
	    "/foo/bar?baz=https%3A%2F%2Ffoo.baz");
}

/* A caller's agent that is not a product token names no group (RFC
 * 9309 2.2.1): only "*" applies. */
static void
test_invalid_agent(void)
{
	const char *b = "user-agent: foo\ndisallow: /foo\n\n"
	    "user-agent: *\ndisallow: /star\n";
	static const char *const bad[] = { " foo", "foo ", "Foo/1.2",
	    "Foo Bar", "foo2", "", "f\xc3\xb6o", NULL };
	const char *const *a;

	NO(b, "foo", "/foo");
	NO(b, "FOO", "/foo");
	YES(b, "foo", "/star");
	for (a = bad; *a; a++) {
		CHECK_INT(w_robots_token_valid(*a), 0);
		YES(b, *a, "/foo");
		NO(b, *a, "/star");
	}
	CHECK_INT(w_robots_token_valid("Foo_Bar-x"), 1);
	CHECK_INT(w_robots_token_valid(NULL), 0);
	/* an invalid agent with no "*" group: everything allowed */
	YES("user-agent: foo\ndisallow: /\n", "Foo/1.2", "/x");
}

static void
test_robots_txt_and_paths(void)
{
	const char *all = "user-agent: *\ndisallow: /\n";
	struct w_robots *r = w_robots_parse(all, strlen(all));
	struct w_robots_agent *a = w_robots_agent_new(r, "x");
	struct w_robots_verdict v;

	/* /robots.txt is always allowed, even under "Disallow: /". */
	YES(all, "a", "http://example.com/robots.txt");
	YES(all, "a", "/robots.txt");
	YES(all, "a", "/robots.txt?x=1");
	YES("user-agent: *\ndisallow: /robots.txt\n", "a", "/robots.txt");
	NO(all, "a", "/robots.txt.bak");
	NO(all, "a", "/robots.TXT");
	CHECK_INT(w_robots_match(a, "http://h/robots.txt", &v), 0);
	CHECK_INT(v.implicit, 1);
	CHECK(v.pattern == NULL);
	/* No directory is allowed because its index.html is (Google). */
	NO("user-agent: *\ndisallow: /\nallow: /d/index.html\n", "a", "/d/");
	YES("user-agent: *\ndisallow: /\nallow: /d/index.html\n", "a",
	    "/d/index.html");
	/* URL forms. */
	NO(all, "a", "https://h");
	NO(all, "a", "https://h?q");
	CHECK_INT(allowed(all, "a", "not a url"), -1);
	CHECK_INT(allowed(all, "a", "a/b://c"), -1);
	NO("user-agent: *\ndisallow: /$\n", "a", "https://h");
	NO("user-agent: *\ndisallow: /?q$\n", "a", "https://h:8080?q");
	/* Dot segments are resolved before matching. */
	NO("user-agent: *\nallow: /pub/\ndisallow: /priv\n", "a",
	    "/pub/../priv/x");
	NO("user-agent: *\nallow: /pub/\ndisallow: /priv\n", "a",
	    "/pub/%2E%2E/priv/x");
	YES("user-agent: *\ndisallow: /a/b\n", "a", "/a/./c/../x");
	NO("user-agent: *\ndisallow: /a/$\n", "a", "/a/b/..");
	w_robots_agent_free(a);
	w_robots_free(r);
}

static void
test_tolerant_parsing(void)
{
	/* BOM, CRLF, CR, comments, whitespace, case. */
	NO("\xEF\xBB\xBFuser-agent: *\r\ndisallow: /x\r\n", "a", "/x");
	NO("user-agent: *\rdisallow: /x\r", "a", "/x");
	NO("user-agent: *\r\n\r\ndisallow: /x", "a", "/x");
	NO("  USER-AGENT  :  *  \n  DisAllow\t:\t/x  # no\n", "a", "/x");
	YES("user-agent: *\ndisallow: /x # /y\n", "a", "/y");
	NO("user-agent: *\ndisallow: /x#y\n", "a", "/x");
	YES("# user-agent: *\n# disallow: /\n", "a", "/x");
	NO("user-agent: * # all\ndisallow: /x\n", "a", "/x");
	/* Google's typos. */
	NO("useragent: *\ndisallow: /x\n", "a", "/x");
	NO("user agent: *\ndisallow: /x\n", "a", "/x");
	NO("user-agent: *\ndissallow: /x\n", "a", "/x");
	NO("user-agent: *\ndissalow: /x\n", "a", "/x");
	NO("user-agent: *\ndisalow: /x\n", "a", "/x");
	NO("user-agent: *\ndiasllow: /x\n", "a", "/x");
	NO("user-agent: *\ndisallaw: /x\n", "a", "/x");
	YES("user-agent: *\ndisalloww /x y\n", "a", "/x");
	/* Missing colon: "key value" with exactly two words. */
	NO("user-agent *\ndisallow /x\n", "a", "/x");
	YES("user-agent: *\ndisallow /x /y\n", "a", "/x");
	YES("user-agent: *\ndisallow\n", "a", "/x");
	/* Odd whitespace. */
	NO("user-agent:\t*\ndisallow:\t\t/x\n", "a", "/x");
	NO("\t user-agent: *\n\t disallow: /x\n", "a", "/x");
	/* Unknown keys are ignored. */
	NO("user-agent: *\nnoindex: /y\ndisallow: /x\n", "a", "/x");
	YES("user-agent: *\nnoindex: /y\ndisallow: /x\n", "a", "/y");
	/* No newline at the end. */
	NO("user-agent: *\ndisallow: /x", "a", "/x");
	/* A NUL byte does not end the file. */
	{
		static const char b[] = "user-agent: *\n\0\ndisallow: /x\n";
		struct w_robots *r = w_robots_parse(b, sizeof(b) - 1);
		struct w_robots_agent *a = w_robots_agent_new(r, "a");
		struct w_robots_verdict v;

		w_robots_match(a, "/x", &v);
		CHECK_INT(v.allowed, 0);
		CHECK_INT(v.line, 3);
		w_robots_agent_free(a);
		w_robots_free(r);
	}
	/* Line numbers count CR, LF and CRLF once each. */
	CHECK_INT(line_of("user-agent: *\r\n\r\ndisallow: /x\n", "a", "/x"),
	    3);
	CHECK_INT(line_of("user-agent: *\r\rdisallow: /x\n", "a", "/x"), 3);
	CHECK_INT(line_of("\xEF\xBB\xBFuser-agent: *\ndisallow: /x\n", "a",
	    "/x"), 2);
}

static void
test_long_lines_and_limit(void)
{
	size_t n = 100000, i;
	char *b = malloc(n + 64), *u = malloc(n + 16);
	struct w_robots *r;
	struct w_robots_agent *a;
	struct w_robots_verdict v;

	/* A 100,000-byte pattern is not cut (Google cuts lines). */
	memcpy(b, "user-agent: *\ndisallow: /", 25);
	for (i = 0; i < n; i++)
		b[25 + i] = 'a';
	memcpy(b + 25 + n, "b\n", 3);
	u[0] = '/';
	for (i = 0; i < n; i++)
		u[1 + i] = 'a';
	u[1 + n] = '\0';
	YES(b, "x", u);
	u[1 + n] = 'b';
	u[2 + n] = '\0';
	NO(b, "x", u);
	free(b);
	free(u);

	/* A rule past the parse limit is ignored; one before it is not. */
	n = W_ROBOTS_PARSE_MAX + 4096;
	b = malloc(n + 64);
	memset(b, '#', n);
	memcpy(b, "user-agent: *\ndisallow: /early\n", 31);
	for (i = 1000; i < n; i += 100)
		b[i] = '\n';
	memcpy(b + n - 32, "\ndisallow: /late\n", 17);
	r = w_robots_parse(b, n - 15);
	CHECK_INT(w_robots_truncated(r), 1);
	a = w_robots_agent_new(r, "x");
	w_robots_match(a, "/late", &v);
	CHECK_INT(v.allowed, 1);
	w_robots_match(a, "/early", &v);
	CHECK_INT(v.allowed, 0);
	w_robots_agent_free(a);
	w_robots_free(r);
	/* 500 KiB are read in full (RFC 9309 section 2.5). */
	memcpy(b + 500 * 1024, "\ndisallow: /late\n", 17);
	r = w_robots_parse(b, 500 * 1024 + 17);
	CHECK_INT(w_robots_truncated(r), 0);
	a = w_robots_agent_new(r, "x");
	w_robots_match(a, "/late", &v);
	CHECK_INT(v.allowed, 0);
	w_robots_agent_free(a);
	w_robots_free(r);
	/* A line cut by the limit is dropped, not read in half. */
	memset(b, 'x', n);
	memcpy(b, "user-agent: *\nallow: /\ndisallow: /a", 35);
	r = w_robots_parse(b, n);
	a = w_robots_agent_new(r, "x");
	w_robots_match(a, "/a", &v);
	CHECK_INT(v.allowed, 1);
	w_robots_agent_free(a);
	w_robots_free(r);
	free(b);
}

static void
test_reports(void)
{
	const char *b =
	    "Sitemap: https://example.com/s1.xml\n"
	    "user-agent: Googlebot\n"
	    "user-agent: Googlebot-News\n"
	    "crawl-delay: 2.5\n"
	    "disallow: /g\n"
	    "site-map: https://example.com/s2.xml\n"
	    "\n"
	    "user-agent: *\n"
	    "crawl-delay: bad\n"
	    "crawl-delay: 7\n"
	    "disallow: /x\n";
	struct w_robots *r = w_robots_parse(b, strlen(b));
	struct w_robots_agent *a = w_robots_agent_new(r, "googlebot");
	struct w_robots_verdict v;
	int line = 0;

	CHECK_INT(w_robots_nsitemaps(r), 2);
	CHECK_STR(w_robots_sitemap(r, 0), "https://example.com/s1.xml");
	CHECK_STR(w_robots_sitemap(r, 1), "https://example.com/s2.xml");
	CHECK(w_robots_sitemap(r, 2) == NULL);
	CHECK_INT(w_robots_records(r), 10);
	CHECK_INT(w_robots_agent_matched(a), 1);
	CHECK_INT(w_robots_agent_global(a), 0);
	CHECK_INT(w_robots_agent_nlines(a), 2);
	CHECK_STR(w_robots_agent_line(a, 0, &line), "Googlebot");
	CHECK_INT(line, 2);
	CHECK_STR(w_robots_agent_line(a, 1, &line), "Googlebot-News");
	CHECK_INT(line, 3);
	CHECK(w_robots_agent_crawl_delay(a) == 2.5);
	CHECK_INT(w_robots_match(a, "https://example.com/g/1", &v), 0);
	CHECK_INT(v.allowed, 0);
	CHECK_INT(v.allow_rule, 0);
	CHECK_INT(v.line, 5);
	CHECK_STR(v.pattern, "/g");
	w_robots_agent_free(a);
	a = w_robots_agent_new(r, "other");
	CHECK_INT(w_robots_agent_global(a), 1);
	CHECK_STR(w_robots_agent_line(a, 0, &line), "*");
	CHECK_INT(line, 8);
	CHECK(w_robots_agent_crawl_delay(a) == 7);
	w_robots_match(a, "/x$y", &v);
	CHECK_STR(v.pattern, "/x");
	w_robots_agent_free(a);
	w_robots_free(r);
	/* Patterns are reported as written. */
	b = "user-agent: *\ndisallow: /%7Ea*$\n";
	r = w_robots_parse(b, strlen(b));
	a = w_robots_agent_new(r, "x");
	w_robots_match(a, "/~a/b", &v);
	CHECK_STR(v.pattern, "/%7Ea*$");
	CHECK_INT(w_robots_agent_crawl_delay(a) < 0, 1);
	w_robots_agent_free(a);
	w_robots_free(r);
	/* Nothing a robots.txt has: zero records. */
	b = "<html><body>Not found</body></html>\n";
	r = w_robots_parse(b, strlen(b));
	CHECK_INT(w_robots_records(r), 0);
	w_robots_free(r);
}

static void
test_token(void)
{
	char t[W_ROBOTS_TOKEN_MAX];

	CHECK_INT(w_robots_token("webtools/0.1.0", t, sizeof(t)), 0);
	CHECK_STR(t, "webtools");
	CHECK_INT(w_robots_token("ExampleBot", t, sizeof(t)), 0);
	CHECK_STR(t, "ExampleBot");
	CHECK_INT(w_robots_token("Mozilla/5.0 (compatible; ExampleBot/0.1; "
	    "https://www.example.com/bot.html)", t, sizeof(t)), 0);
	CHECK_STR(t, "ExampleBot");
	CHECK_INT(w_robots_token("  my_bot-x 1.0", t, sizeof(t)), 0);
	CHECK_STR(t, "my_bot-x");
	CHECK_INT(w_robots_token("/1.0", t, sizeof(t)), -1);
	CHECK_INT(w_robots_token("Bot2", t, sizeof(t)), -1);
	CHECK_INT(w_robots_token("Bot 2", t, sizeof(t)), 0);
	CHECK_STR(t, "Bot");
	CHECK_INT(w_robots_token("webtools/0.1.0 (+https://x.example/)", t,
	    sizeof(t)), 0);
	CHECK_STR(t, "webtools");
	CHECK_INT(w_robots_token("", t, sizeof(t)), -1);
	CHECK_INT(w_robots_token("abcdef", t, 4), -1);
}

static void
test_corpus_style(void)
{
	/* Shapes from a large shop robots.txt. */
	const char *b =
	    "User-agent: *\n"
	    "Disallow: /search\n"
	    "Disallow: /*.json$\n"
	    "Disallow: /*?sessionid=\n"
	    "Disallow: /*&sessionid=\n"
	    "Allow: /search/help$\n"
	    "Disallow: /shop/*/edit$\n"
	    "Disallow: /shop/drafts/\n"
	    "Allow: /shop/drafts/published/\n"
	    "\n"
	    "User-agent: Bingbot\n"
	    "Crawl-delay: 5\n"
	    "Disallow: /shop/\n";

	NO(b, "webtools", "https://x/search?q=1");
	YES(b, "webtools", "https://x/search/help");
	NO(b, "webtools", "https://x/search/help/more");
	NO(b, "webtools", "https://x/api/data.json");
	NO(b, "webtools", "https://x/a?sessionid=3");
	NO(b, "webtools", "https://x/a?b=1&sessionid=3");
	YES(b, "webtools", "https://x/a?b=1");
	NO(b, "webtools", "https://x/shop/12/edit");
	YES(b, "webtools", "https://x/shop/12/edit/more");
	NO(b, "webtools", "https://x/shop/drafts/a");
	YES(b, "webtools", "https://x/shop/drafts/published/a");
	NO(b, "bingbot", "https://x/shop/drafts/published/a");
	YES(b, "bingbot", "https://x/search");
}

/* Outcome of a completed HTTP answer. */
static enum w_robots_status
classify(int st, const char *body, const char *ctype)
{
	struct w_robots_fetch f;
	enum w_robots_status s;

	memset(&f, 0, sizeof(f));
	w_err_clear(&f.why);
	w_robots_classify(st, body, body ? strlen(body) : 0, ctype, jv_null(),
	    &f);
	s = f.status;
	/* Only the statuses that let rules decide carry rules. */
	CHECK_INT(f.rules != NULL, w_robots_status_ok(s));
	CHECK_INT(f.why.code == W_E_NONE, w_robots_status_ok(s));
	w_robots_fetch_free(&f);
	return s;
}

static void
test_classify(void)
{
	const char *rb = "User-agent: *\nDisallow: /x\n";
	const char *chal = "<!DOCTYPE html><html><head><title>Just a "
	    "moment...</title></head><body><div id=\"cf-chl-widget\">"
	    "Checking your browser before accessing the site.</div>"
	    "<script src=\"/cdn-cgi/challenge-platform/h/b/orchestrate/"
	    "chl_page/v1\"></script></body></html>";

	CHECK_INT(classify(200, rb, "text/plain"), W_ROBOTS_FETCHED);
	CHECK_INT(classify(200, rb, NULL), W_ROBOTS_FETCHED);
	CHECK_INT(classify(200, rb, "text/html"), W_ROBOTS_FETCHED);
	CHECK_INT(classify(200, "", "text/plain"), W_ROBOTS_FETCHED);
	CHECK_INT(classify(203, rb, "text/plain"), W_ROBOTS_FETCHED);
	CHECK_INT(classify(404, "not found", "text/html"), W_ROBOTS_MISSING);
	CHECK_INT(classify(410, NULL, NULL), W_ROBOTS_MISSING);
	CHECK_INT(classify(401, NULL, NULL), W_ROBOTS_DENIED);
	CHECK_INT(classify(403, "no", NULL), W_ROBOTS_DENIED);
	CHECK_INT(classify(407, NULL, NULL), W_ROBOTS_DENIED);
	CHECK_INT(classify(429, NULL, NULL), W_ROBOTS_UNAVAILABLE);
	CHECK_INT(classify(400, NULL, NULL), W_ROBOTS_UNAVAILABLE);
	CHECK_INT(classify(418, NULL, NULL), W_ROBOTS_UNAVAILABLE);
	CHECK_INT(classify(500, NULL, NULL), W_ROBOTS_UNAVAILABLE);
	CHECK_INT(classify(503, NULL, NULL), W_ROBOTS_UNAVAILABLE);
	CHECK_INT(classify(302, NULL, NULL), W_ROBOTS_UNAVAILABLE);
	CHECK_INT(classify(200, chal, "text/html"), W_ROBOTS_CHALLENGED);
	CHECK_INT(classify(503, chal, "text/html"), W_ROBOTS_CHALLENGED);
	CHECK_INT(classify(200, "<html><body>Welcome</body></html>",
	    "text/html"), W_ROBOTS_MALFORMED);
	CHECK_INT(classify(200, "  <?xml version=\"1.0\"?><x/>", NULL),
	    W_ROBOTS_MALFORMED);
	{
		struct w_robots_fetch f;
		static const char nul[] = "User-agent: *\n\0\1\2";

		memset(&f, 0, sizeof(f));
		w_robots_classify(200, nul, sizeof(nul) - 1, "text/plain",
		    jv_null(), &f);
		CHECK_INT(f.status, W_ROBOTS_MALFORMED);
		CHECK_STR(w_err_name(f.why.code), "unusable_content");
		w_robots_fetch_free(&f);
	}
	{
		struct w_robots_fetch f;
		struct w_robots_verdict v;
		const char *b = "User-agent: a\nCrawl-delay: 3\n"
		    "Disallow: /x\n";
		double d;

		memset(&f, 0, sizeof(f));
		w_robots_classify(200, b, strlen(b), NULL, jv_null(), &f);
		CHECK_INT(w_robots_check(&f, "a", "https://h/x", &v, &d), 0);
		CHECK_INT(v.allowed, 0);
		CHECK_INT(v.line, 3);
		CHECK(d == 3);
		CHECK_INT(w_robots_check(&f, "b", "https://h/x", &v, &d), 0);
		CHECK_INT(v.allowed, 1);
		CHECK(d < 0);
		CHECK_INT(w_robots_check(&f, "a", "nonsense", &v, NULL), -1);
		w_robots_fetch_free(&f);
		memset(&f, 0, sizeof(f));
		w_robots_classify(500, NULL, 0, NULL, jv_null(), &f);
		CHECK_INT(w_robots_check(&f, "a", "https://h/robots.txt", &v,
		    &d), 0);
		CHECK_INT(v.allowed, 0);
		CHECK(v.pattern == NULL);
		w_robots_fetch_free(&f);
	}
	CHECK_STR(w_robots_status_name(W_ROBOTS_CHALLENGED), "challenged");
	CHECK_STR(w_robots_status_name(W_ROBOTS_FETCHED), "fetched");
}

/* Files in the cache directory. */
static int
cache_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void
test_cache(void)
{
	char tmpl[] = "/tmp/test_robots.XXXXXX", dir[300], path[600];
	char key[65], key2[65];
	struct w_robots_cache_ent ent, got;
	struct w_policy pol;
	struct w_err ce;
	struct stat sb;
	FILE *fp;
	int i;

	w_err_clear(&ce);
	if (mkdtemp(tmpl) == NULL) {
		CHECK(0);
		return;
	}
	setenv("XDG_STATE_HOME", tmpl, 1);
	snprintf(dir, sizeof(dir), "%s/webtools/robots", tmpl);
	w_policy_default(&pol);
	w_robots_cache_key("https://example.com", &pol, NULL, key);
	w_robots_cache_key("https://example.com", &pol, "Bot/1", key2);
	CHECK(strcmp(key, key2) != 0);
	CHECK_INT(strlen(key), 64);
	pol.mode = W_NET_NONE;
	w_robots_cache_key("https://example.com", &pol, NULL, key2);
	CHECK(strcmp(key, key2) != 0);
	w_robots_cache_key("https://example.org", &pol, NULL, key2);
	CHECK(strcmp(key, key2) != 0);
	CHECK_INT(w_robots_cache_get(key, &got), -1);

	memset(&ent, 0, sizeof(ent));
	ent.status = W_ROBOTS_FETCHED;
	ent.http_status = 200;
	ent.stored = time(NULL);
	ent.body = (char *)"User-agent: *\nDisallow: /x\n";
	ent.len = strlen(ent.body);
	CHECK_INT(w_robots_cache_put(key, &ent, &ce), 0);
	CHECK_INT(w_robots_cache_get(key, &got), 0);
	CHECK_INT(got.status, W_ROBOTS_FETCHED);
	CHECK_INT(got.http_status, 200);
	CHECK_STR(got.body, ent.body);
	free(got.body);
	CHECK_INT(stat(dir, &sb), 0);
	CHECK_INT(sb.st_mode & 0777, 0700);
	snprintf(path, sizeof(path), "%s/%s", dir, key);
	CHECK_INT(stat(path, &sb), 0);
	CHECK_INT(sb.st_mode & 0777, 0600);

	/* A flipped byte in the body fails the checksum: removed. */
	fp = fopen(path, "r+");
	fseek(fp, -3, SEEK_END);
	fputc('y', fp);
	fclose(fp);
	CHECK_INT(w_robots_cache_get(key, &got), -1);
	CHECK_INT(access(path, F_OK), -1);
	/* So does an expired entry, and one stored under another key. */
	ent.stored = time(NULL) - W_ROBOTS_CACHE_TTL - 1;
	CHECK_INT(w_robots_cache_put(key, &ent, &ce), 0);
	CHECK_INT(w_robots_cache_get(key, &got), -1);
	ent.stored = time(NULL);
	CHECK_INT(w_robots_cache_put(key, &ent, &ce), 0);
	snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/%s", key2);
	rename(path, dir);
	CHECK_INT(w_robots_cache_get(key2, &got), -1);
	snprintf(dir, sizeof(dir), "%s/webtools/robots", tmpl);
	/* A missing robots.txt is stored with no body. */
	ent.status = W_ROBOTS_MISSING;
	ent.http_status = 404;
	ent.body = NULL;
	ent.len = 0;
	CHECK_INT(w_robots_cache_put(key, &ent, &ce), 0);
	CHECK_INT(w_robots_cache_get(key, &got), 0);
	CHECK_INT(got.status, W_ROBOTS_MISSING);
	CHECK_INT(got.len, 0);
	free(got.body);
	/* Invalid keys are refused. */
	CHECK_INT(w_robots_cache_get("../../etc/passwd", &got), -1);
	/* At most 64 entries. */
	for (i = 0; i < 80; i++) {
		char o[64];

		snprintf(o, sizeof(o), "https://h%d.example", i);
		w_robots_cache_key(o, &pol, NULL, key2);
		CHECK_INT(w_robots_cache_put(key2, &ent, &ce), 0);
	}
	CHECK(cache_files(dir) <= W_ROBOTS_CACHE_MAX);
	CHECK(cache_files(dir) >= W_ROBOTS_CACHE_MAX - 1);
	/* A group- or world-readable directory is not used. */
	chmod(dir, 0755);
	w_robots_cache_key("https://new.example", &pol, NULL, key2);
	w_err_clear(&ce);
	CHECK_INT(w_robots_cache_put(key2, &ent, &ce), -1);
	CHECK(ce.code != W_E_NONE && ce.msg[0] != '\0');
	CHECK_INT(w_robots_cache_get(key2, &got), -1);
	chmod(dir, 0700);
	CHECK_INT(w_robots_cache_get(key2, &got), -1);
	/* Clean up: the entries, then the directories. */
	{
		DIR *d = opendir(dir);
		struct dirent *e;

		while (d != NULL && (e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 ||
			    strcmp(e->d_name, "..") == 0)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
		if (d != NULL)
			closedir(d);
		CHECK_INT(rmdir(dir), 0);
		snprintf(dir, sizeof(dir), "%s/webtools", tmpl);
		CHECK_INT(rmdir(dir), 0);
		CHECK_INT(rmdir(tmpl), 0);
	}
}

/* robots_origin.h: the per-process cache keeps 64 origins, oldest out. */
static void
test_origins(void)
{
	struct w_robots_origins c;
	struct w_robots_origin *o, *first;
	char name[64];
	int i;

	memset(&c, 0, sizeof(c));
	first = w_robots_origins_add(&c, "http://o0.test");
	for (i = 1; i < W_ROBOTS_ORIGINS_MAX; i++) {
		snprintf(name, sizeof(name), "http://o%d.test", i);
		w_robots_origins_add(&c, name);
	}
	CHECK_INT(c.n, W_ROBOTS_ORIGINS_MAX);
	CHECK(w_robots_origins_find(&c, "http://o0.test") == first);
	CHECK(w_robots_origins_find(&c, "http://none.test") == NULL);
	o = w_robots_origins_add(&c, "http://new.test");
	CHECK_INT(c.n, W_ROBOTS_ORIGINS_MAX);
	CHECK(w_robots_origins_find(&c, "http://o0.test") == NULL);
	CHECK(w_robots_origins_find(&c, "http://o1.test") != NULL);
	CHECK(w_robots_origins_find(&c, "http://new.test") == o);
	/* selection: made once per agent */
	o->f.status = W_ROBOTS_FETCHED;
	o->f.rules = w_robots_parse("User-agent: *\nDisallow: /x\n", 27);
	CHECK_INT(w_robots_origin_select(o, "bot"), 1);
	w_robots_env_describe(o, "f.txt");
	CHECK(o->mid != NULL && o->tail != NULL);
	CHECK_INT(w_robots_origin_select(o, "bot"), 0);
	CHECK(o->mid != NULL);
	CHECK_INT(w_robots_origin_select(o, "other"), 1);
	CHECK(o->mid == NULL && o->tail == NULL);
	w_robots_origins_free(&c);
	CHECK_INT(c.n, 0);
}

/* robots_env.h: the envelope text of a --robots-file answer. */
static void
test_env(void)
{
	char path[] = "/tmp/t_robots_XXXXXX";
	struct w_robots_origins c;
	struct w_robots_origin *o;
	struct w_robots_verdict v;
	struct w_buf out, sum;
	struct w_err e;
	FILE *fp;
	int fd;
	jv env;

	memset(&c, 0, sizeof(c));
	w_err_clear(&e);
	CHECK((fd = mkstemp(path)) != -1);
	fp = fdopen(fd, "w");
	fputs("Sitemap: https://a.test/s\xc3\xa9.xml\nUser-agent: bot\n"
	    "Crawl-delay: 2.5\nDisallow: /private\n", fp);
	fclose(fp);
	CHECK((o = w_robots_origins_file(&c, path, &e)) != NULL);
	CHECK_INT(w_robots_origin_select(o, "bot"), 1);
	w_robots_env_describe(o, path);
	w_buf_init(&out, W_ROBOTS_ENV_MAX);
	w_buf_init(&sum, 4096);
	memset(&v, 0, sizeof(v));
	CHECK_INT(w_robots_match(o->sel, "/private/\"x\"", &v), 0);
	CHECK_INT(w_robots_env_answer(&out, &sum, o, "/private/\"x\"", &v),
	    3);
	env = w_json_parse(out.p, out.len);
	CHECK(jv_is_valid(env));
	CHECK_STR(w_json_str_peek(env, "tool"), "wrobots");
	CHECK_STR(w_json_str_peek(env, "status"), "blocked");
	CHECK_STR(w_json_str_peek(env, "summary"),
	    "disallowed for bot by the disallow rule on line 4");
	CHECK(strstr(out.p, "\"rule\":{\"directive\":\"disallow\","
	    "\"pattern\":\"/private\",\"line\":4}") != NULL);
	CHECK(strstr(out.p, "\"group\":{\"user_agents\":[\"bot\"],"
	    "\"lines\":[2],\"global\":false},\"sitemaps\":"
	    "[\"https://a.test/s\\u00e9.xml\"],\"crawl_delay\":2.5,"
	    "\"robots_status\":\"fetched\",\"cache_hit\":false,") != NULL);
	CHECK(strstr(out.p, "\"source\":{\"url\":\"/private/\\\"x\\\"\","
	    "\"robots_file\":\"/tmp/t_robots_") != NULL);
	CHECK(strstr(out.p, "\"error\":{\"code\":\"robots_denied\","
	    "\"message\":\"disallowed for bot by the disallow rule on line "
	    "4\",\"retryable\":false},\"untrusted_fields\":") != NULL);
	jv_free(env);
	memset(&v, 0, sizeof(v));
	CHECK_INT(w_robots_match(o->sel, "/open", &v), 0);
	CHECK_INT(w_robots_env_answer(&out, &sum, o, "/open", &v), 0);
	CHECK(strncmp(out.p, "{\"tool\":\"wrobots\",\"status\":\"ok\","
	    "\"summary\":\"allowed for bot: no rule matches\",\"allowed\":"
	    "true,\"agent\":\"bot\",\"rule\":null,", 118) == 0);
	CHECK(strstr(out.p, "\"error\"") == NULL);
	w_buf_free(&out);
	w_buf_free(&sum);
	unlink(path);
	/* a file that cannot be read: its path and the reason */
	CHECK(w_robots_origins_file(&c, path, &e) == NULL);
	CHECK(strncmp(e.msg, "cannot read /tmp/t_robots_", 26) == 0 &&
	    strstr(e.msg, ": No such file or directory") != NULL);
	CHECK_INT(e.usage, 1);
	w_robots_origins_free(&c);
}

int
main(void)
{
	test_rfc_simple_example();
	test_rfc_longest_match();
	test_groups();
	test_allow_disallow();
	test_wildcards();
	test_percent();
	test_robots_txt_and_paths();
	test_tolerant_parsing();
	test_long_lines_and_limit();
	test_reports();
	test_token();
	test_invalid_agent();
	test_corpus_style();
	test_classify();
	test_cache();
	test_origins();
	test_env();
	T_DONE();
}
