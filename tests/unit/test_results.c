/*
 * test_results.c: URL normalisation and tracking removal, domain
 * entries, the relevance gate, reciprocal-rank fusion, host diversity,
 * markup to text, output bounds and the country table.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "country.h"
#include "json.h"
#include "results.h"
#include "slice.h"
#include "t.h"

static void
norm(const char *in, const char *want)
{
	char *got = w_results_normalize(in);

	if (want == NULL)
		CHECK(got == NULL);
	else
		CHECK_STR(got, want);
	free(got);
}

static void
test_normalize(void)
{
	char *k, *h;

	norm("HTTPS://Example.COM", "https://example.com/");
	norm("http://example.com:80/a?b=1#frag", "http://example.com/a?b=1");
	norm("https://example.com:8443/x", "https://example.com:8443/x");
	norm("https://example.com/p?utm_source=x&id=7&utm_medium=y",
	    "https://example.com/p?id=7");
	norm("https://example.com/p?gclid=1&fbclid=2&msclkid=3&mc_cid=4"
	    "&mc_eid=5&yclid=6&_hsenc=7&igshid=8&ref_src=9",
	    "https://example.com/p");
	norm("https://example.com/p?UTM_Campaign=z&q=a%20b",
	    "https://example.com/p?q=a%20b");
	norm("https://example.com/p?", "https://example.com/p");
	norm("https://example.com./x", "https://example.com/x");
	norm("https://user:pw@example.com/", NULL);
	norm("ftp://example.com/", NULL);
	norm("javascript:alert(1)", NULL);
	norm("https:///nohost", NULL);
	norm("https://exa mple.com/", NULL);
	norm("https://example.com:99999/", NULL);
	norm("  https://example.com/a  ", "https://example.com/a");
	norm("https://example.com/a b", NULL);
	norm("https://[2001:db8::1]:443/v6", "https://[2001:db8::1]/v6");
	CHECK(w_results_is_tracking("utm_content", 11));
	CHECK(!w_results_is_tracking("utm", 3));
	CHECK(!w_results_is_tracking("id", 2));
	k = w_results_key("https://www.example.com/");
	CHECK_STR(k, "example.com");
	free(k);
	k = w_results_key("http://example.com/a/");
	CHECK_STR(k, "example.com/a");
	free(k);
	h = w_results_host("https://docs.example.com:8080/x");
	CHECK_STR(h, "docs.example.com");
	free(h);
}

static void
test_domains(void)
{
	struct w_err e;
	char *d, *r;

	w_err_clear(&e);
	CHECK_INT(w_results_domain_norm("site:WWW.Example.com/path", &d, &e),
	    0);
	CHECK_STR(d, "example.com");
	free(d);
	CHECK_INT(w_results_domain_norm("https://docs.python.org/3/", &d, &e),
	    0);
	CHECK_STR(d, "docs.python.org");
	free(d);
	CHECK_INT(w_results_domain_norm("co.uk", &d, &e), -1);
	CHECK_STR(w_err_name(e.code), "invalid_parameter");
	CHECK_INT(w_results_domain_norm("com", &d, &e), -1);
	CHECK_INT(w_results_domain_norm("", &d, &e), -1);
	CHECK_INT(w_results_domain_norm("a..b", &d, &e), -1);
	CHECK_INT(w_results_domain_norm("ex_ample.com", &d, &e), -1);
	/* Unicode names as their A-labels, as result URLs keep hosts */
	CHECK_INT(w_results_domain_norm("https://B\xc3\x9c" "cher.Example/x",
	    &d, &e), 0);
	CHECK_STR(d, "xn--bcher-kva.example");
	CHECK(w_results_domain_match("www.xn--bcher-kva.example", d));
	free(d);
	CHECK_INT(w_results_domain_norm("xn--zz.example", &d, &e), -1);
	CHECK_STR(e.msg, "host \"xn--zz.example\" is not a valid "
	    "internationalised domain name (IDNA: string contains invalid "
	    "punycode data)");
	CHECK(w_results_domain_match("example.com", "example.com"));
	CHECK(w_results_domain_match("a.b.example.com", "example.com"));
	CHECK(!w_results_domain_match("badexample.com", "example.com"));
	CHECK(!w_results_domain_match("example.com.evil.net", "example.com"));
	CHECK(!w_results_domain_match("example.com", "docs.example.com"));
	CHECK(w_results_same_site("www.python.org", "docs.python.org"));
	CHECK(w_results_same_site("docs.python.org", "python.org"));
	CHECK(!w_results_same_site("python.org.evil.net", "python.org"));
	CHECK(w_results_same_site("a.foo.github.io", "foo.github.io"));
	CHECK(!w_results_same_site("bar.github.io", "foo.github.io"));
	CHECK(!w_results_same_site("news.bbc.co.uk", "itv.co.uk"));
	r = w_results_registrable("www.bbc.co.uk");
	CHECK_STR(r, "bbc.co.uk");
	free(r);
	r = w_results_registrable("a.b.github.io");
	CHECK_STR(r, "b.github.io");
	free(r);
}

static int
gate(const char *q, const char *title, const char *snippet, const char *url)
{
	struct w_gate *g = w_gate_new(q);
	int m = w_gate_match(g, title, snippet, url);

	w_gate_free(g);
	return m;
}

static void
test_gate(void)
{
	struct w_gate *g;

	g = w_gate_new("\"exact phrase\" site:example.com -spam OR rust");
	CHECK_INT(w_gate_phrases(g), 1);
	CHECK_INT(w_gate_terms(g), 1);
	w_gate_free(g);
	CHECK(gate("tidy html5 markdown", "HTML Tidy", "tidy-html5 docs",
	    "https://x.org/"));
	CHECK(!gate("tidy html5 markdown", "Cooking", "pasta recipes",
	    "https://food.example/"));
	CHECK(gate("\"Exact  Phrase\" stuff", "an exact phrase here", "stuff",
	    "https://a/"));
	CHECK(!gate("\"exact phrase\" stuff", "exact stuff phrase", "",
	    "https://a/"));
	CHECK(gate("site:example.com", "anything", "", "https://a/"));
	CHECK(gate("the", "The Band", "", "https://a/"));
	CHECK(!gate("go", "google", "", "https://a/"));
	CHECK(gate("go language", "The Go programming language", "",
	    "https://go.dev/"));
	CHECK(gate("eino", "Eino: 概述", "", "https://cloudwego.io/"));
	CHECK(gate("概述", "Eino: 概述", "", "https://cloudwego.io/"));
	/* deterministic: same answer twice */
	CHECK(gate("rust async", "Async in Rust", "", "https://r/") ==
	    gate("rust async", "Async in Rust", "", "https://r/"));
	/* four terms need two */
	CHECK(!gate("alpha beta gamma delta", "alpha only", "", "https://a/"));
	CHECK(gate("alpha beta gamma delta", "alpha and delta", "",
	    "https://a/"));
}

static jv
res(const char *key, const char *backend)
{
	jv r = jv_object();

	r = jv_object_set(r, jv_string("key"), jv_string(key));
	r = jv_object_set(r, jv_string("url"), jv_string(key));
	r = jv_object_set(r, jv_string("backend"), jv_string(backend));
	return r;
}

static const char *
key_at(jv a, int i)
{
	static char buf[64];
	jv r = jv_array_get(jv_copy(a), i);
	const char *k = w_json_str_peek(r, "key");

	snprintf(buf, sizeof(buf), "%s", k ? k : "(none)");
	jv_free(r);
	return buf;
}

static void
test_fuse(void)
{
	jv l1 = jv_array(), l2 = jv_array(), lists, out, r, bs;

	l1 = jv_array_append(l1, res("a", "searxng"));
	l1 = jv_array_append(l1, res("b", "searxng"));
	l1 = jv_array_append(l1, res("c", "searxng"));
	l2 = jv_array_append(l2, res("c", "ollama"));
	l2 = jv_array_append(l2, res("d", "ollama"));
	lists = jv_array_append(jv_array_append(jv_array(), l1), l2);
	out = w_results_fuse(lists, W_RESULTS_RRF_K);
	CHECK_INT(jv_array_length(jv_copy(out)), 4);
	/* c: 1/63 + 1/61 beats a: 1/61 */
	CHECK_STR(key_at(out, 0), "c");
	CHECK_STR(key_at(out, 1), "a");
	/* b (1/62) and d (1/62) tie: first seen first */
	CHECK_STR(key_at(out, 2), "b");
	CHECK_STR(key_at(out, 3), "d");
	r = jv_array_get(jv_copy(out), 0);
	bs = jv_object_get(jv_copy(r), jv_string("backends"));
	CHECK_INT(jv_array_length(jv_copy(bs)), 2);
	CHECK(!jv_object_has(jv_copy(r), jv_string("backend")));
	jv_free(bs);
	jv_free(r);
	jv_free(out);
	/* same backend twice is listed once */
	l1 = jv_array_append(jv_array(), res("x", "searxng"));
	l2 = jv_array_append(jv_array(), res("x", "searxng"));
	out = w_results_fuse(jv_array_append(jv_array_append(jv_array(), l1),
	    l2), 60);
	r = jv_array_get(jv_copy(out), 0);
	bs = jv_object_get(r, jv_string("backends"));
	CHECK_INT(jv_array_length(bs), 1);
	jv_free(out);
}

static void
test_diversify(void)
{
	jv a = jv_array(), out;
	const char *hosts[] = { "h1", "h1", "h1", "h2", "h1", "h3" };
	const char *keys[] = { "1", "2", "3", "4", "5", "6" };
	int i;

	for (i = 0; i < 6; i++) {
		jv r = res(keys[i], "x");

		r = jv_object_set(r, jv_string("host"), jv_string(hosts[i]));
		a = jv_array_append(a, r);
	}
	out = w_results_diversify(a, 2);
	CHECK_STR(key_at(out, 0), "1");
	CHECK_STR(key_at(out, 1), "2");
	CHECK_STR(key_at(out, 2), "4");
	CHECK_STR(key_at(out, 3), "6");
	CHECK_STR(key_at(out, 4), "3");
	CHECK_STR(key_at(out, 5), "5");
	jv_free(out);
}

static void
test_text(void)
{
	const char *in = "<b>Eino</b> is &quot;a&quot; &amp; x&#x27;s "
	    "&#8212;<br>next\tline&nbsp;&nbsp;end &bogus; \x01";
	char *t = w_results_html_text(in, strlen(in));

	CHECK_STR(t, "Eino is \"a\" & x's \xe2\x80\x94 next line end "
	    "&bogus;");
	free(t);
	t = w_results_html_text("bad \xff utf8", 10);
	CHECK_STR(t, "bad \xef\xbf\xbd utf8");
	free(t);
	t = w_results_utf8_cut("a\xc3\xa9z", 2);
	CHECK_STR(t, "a\xc3\xa9");
	free(t);
}

static jv
entry(size_t title, size_t snippet)
{
	struct w_buf b;
	jv r = jv_object();
	size_t i;

	w_buf_init(&b, 1u << 20);
	for (i = 0; i < title; i++)
		w_buf_adds(&b, "\xc3\xa9");
	r = jv_object_set(r, jv_string("title"), jv_string(b.p ? b.p : ""));
	w_buf_reset(&b);
	for (i = 0; i < snippet; i++)
		w_buf_addc(&b, 'a' + (int)(i % 26));
	r = jv_object_set(r, jv_string("url"), jv_string("https://e/"));
	r = jv_object_set(r, jv_string("snippet"), jv_string(b.p ? b.p : ""));
	w_buf_free(&b);
	return r;
}

static void
test_bound(void)
{
	jv a = jv_array(), out, r;
	int lossy = 0, i, n;
	const char *s;
	size_t total = 0;

	a = jv_array_append(a, entry(600, 5000));
	a = jv_array_append(a, entry(10, 100));
	out = w_results_bound(a, W_RESULTS_BUDGET, &lossy);
	CHECK(lossy);
	r = jv_array_get(jv_copy(out), 0);
	s = w_json_str_peek(r, "title");
	CHECK_INT(w_slice_chars(s, strlen(s)), 500);
	s = w_json_str_peek(r, "snippet");
	CHECK_INT(w_slice_chars(s, strlen(s)), 4000);
	CHECK(strstr(s, W_RESULTS_MARKER) != NULL);
	jv_free(r);
	jv_free(out);
	/* within bounds: nothing changes */
	lossy = 0;
	a = jv_array_append(jv_array(), entry(10, 100));
	out = w_results_bound(a, W_RESULTS_BUDGET, &lossy);
	CHECK(!lossy);
	jv_free(out);
	/* 20 x 3900 bytes > 64 KiB: lower ranks shorten first */
	a = jv_array();
	for (i = 0; i < 20; i++)
		a = jv_array_append(a, entry(10, 3900));
	lossy = 0;
	out = w_results_bound(a, W_RESULTS_BUDGET, &lossy);
	CHECK(lossy);
	n = jv_array_length(jv_copy(out));
	CHECK_INT(n, 20);
	r = jv_array_get(jv_copy(out), 0);
	CHECK(strstr(w_json_str_peek(r, "snippet"), W_RESULTS_MARKER) == NULL);
	jv_free(r);
	r = jv_array_get(jv_copy(out), 19);
	CHECK(strstr(w_json_str_peek(r, "snippet"), W_RESULTS_MARKER) != NULL);
	jv_free(r);
	for (i = 0; i < n; i++) {
		jv x = jv_dump_string(jv_array_get(jv_copy(out), i), 0);

		total += (size_t)jv_string_length_bytes(x) + 1;
	}
	CHECK(total <= W_RESULTS_BUDGET);
	jv_free(out);
	/* a budget too small for even the markers drops whole results */
	a = jv_array();
	for (i = 0; i < 5; i++)
		a = jv_array_append(a, entry(10, 400));
	lossy = 0;
	out = w_results_bound(a, 300, &lossy);
	CHECK(lossy);
	CHECK(jv_array_length(jv_copy(out)) < 5);
	jv_free(out);
}

static void
test_country(void)
{
	char cc[3];

	CHECK_INT(w_country_count(), 249);
	CHECK_INT(w_country_norm("pl", cc), 0);
	CHECK_STR(cc, "PL");
	CHECK_INT(w_country_norm("Gb", cc), 0);
	CHECK_STR(cc, "GB");
	/* UK is exceptionally reserved, not assigned */
	CHECK_INT(w_country_norm("UK", cc), -1);
	CHECK_INT(w_country_norm("XX", cc), -1);
	CHECK_INT(w_country_norm("EU", cc), -1);
	CHECK_INT(w_country_norm("USA", cc), -1);
	CHECK_INT(w_country_norm("1A", cc), -1);
	CHECK_INT(w_country_norm("", cc), -1);
	CHECK_INT(w_country_norm("SS", cc), 0);
	CHECK_STR(w_country_ddg_region(NULL, NULL), "wt-wt");
	CHECK_STR(w_country_ddg_region("GB", NULL), "uk-en");
	CHECK_STR(w_country_ddg_region("PL", "pl"), "pl-pl");
	CHECK_STR(w_country_ddg_region("US", NULL), "us-en");
	CHECK_STR(w_country_ddg_region("US", "es"), "us-es");
	CHECK_STR(w_country_ddg_region("CH", "fr-CH"), "ch-fr");
	CHECK_STR(w_country_ddg_region("CH", "it"), "ch-it");
	CHECK_STR(w_country_ddg_region("CH", "en"), "ch-de");
	CHECK_STR(w_country_ddg_region("BE", "nl"), "be-nl");
	CHECK_STR(w_country_ddg_region("SI", NULL), "sl-sl");
	CHECK(w_country_ddg_region("IS", NULL) == NULL);
	CHECK(w_country_ddg_region("KE", NULL) == NULL);
}

int
main(void)
{
	test_normalize();
	test_domains();
	test_gate();
	test_fuse();
	test_diversify();
	test_text();
	test_bound();
	test_country();
	T_DONE();
}
