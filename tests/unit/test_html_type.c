/*
 * test_html_type.c: the page-type classifier (lib/html_type.c) on the
 * fixtures of tests/fixtures/wextract/types/ and on small pages built
 * here, and coverage.page_type / coverage.confidence from
 * w_html_extract.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "buf.h"
#include "html.h"
#include "html_int.h"
#include "json.h"

static char dir[4096];

static char *
slurp(const char *path, size_t *len)
{
	return t_slurp(path, len, 16u << 20);
}

/* The type w_html_page_type gives html (url may be NULL); conf into *c. */
static const char *
classify(const char *html, size_t len, const char *url, double *c)
{
	struct hdoc d;
	int t;

	*c = -1;
	if (w_html_parse(&d, html, len) == -1) {
		w_html_free(&d);
		return "parse-failed";
	}
	t = w_html_page_type(&d, NULL, url, c);
	w_html_free(&d);
	return w_html_type_name(t);
}

/* Fixture name.html must be classified as want, with and via extract. */
static void
fixture(const char *name, const char *url, const char *want)
{
	char p[8192];
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_doc d;
	struct w_err e;
	double c;
	size_t len;
	char *html;

	snprintf(p, sizeof(p), "%s/%s.html", dir, name);
	if ((html = slurp(p, &len)) == NULL) {
		fprintf(stderr, "cannot read %s\n", p);
		CHECK(0);
		return;
	}
	CHECK_STR(classify(html, len, url, &c), want);
	CHECK(c > 0 && c <= 1);
	memset(&in, 0, sizeof(in));
	memset(&o, 0, sizeof(o));
	memset(&d, 0, sizeof(d));
	d.meta = d.links = d.coverage = jv_null();
	in.url = url;
	in.headers = jv_null();
	o.format = W_FMT_TEXT;
	CHECK_INT(w_html_extract(html, len, &in, &o, &d, &e), 0);
	CHECK_STR(w_json_str_peek(d.coverage, "page_type"), want);
	{
		jv v = jv_object_get(jv_copy(d.coverage),
		    jv_string("confidence"));

		CHECK(jv_get_kind(v) == JV_KIND_NUMBER &&
		    jv_number_value(v) > 0 && jv_number_value(v) <= 1);
		jv_free(v);
	}
	free(d.text);
	jv_free(d.meta);
	jv_free(d.links);
	jv_free(d.coverage);
	free(html);
}

static void
fixtures(void)
{
	fixture("forum", "https://example.com/page", "forum");
	/* a tie of article and forum votes (long posts, a date) is a
	 * thread's */
	fixture("forum-link-thread",
	    "https://crumbs.example/s/k2x9/a_practical_guide_to_sourdough",
	    "forum");
	/* nested comments whose authors link to user pages (a class no
	 * author word names) outweigh the post above them */
	fixture("forum-user-thread", "https://crumbs.example/post/4411",
	    "forum");
	fixture("product", "https://example.com/page", "product");
	fixture("listing", "https://example.com/page", "listing");
	fixture("collection", "https://example.com/page", "collection");
	fixture("docs", "https://example.com/page", "documentation");
	fixture("article-turnstile", "https://example.com/page", "article");
	/* no og:type, two short lines: the h1 heads an article element */
	fixture("article-short-inside", "https://example.com/page", "article");
	/* a landing page is the front of its site */
	fixture("service", "https://ledgerly.example/", "service");
	/* a site's front showing a grid of linked, priced items is a
	 * shop's, not a landing page */
	fixture("collection-shop-front", "https://oakandloom.example/",
	    "collection");
	/* FAQ microdata and section headings, but the h1 names a product */
	fixture("product-faq", "https://example.com/page", "product");
}

static void	addf(struct w_buf *, const char *, ...);

static const char *
page(const char *head, const char *body, const char *url, double *c)
{
	static char buf[65536];

	snprintf(buf, sizeof(buf), "<!DOCTYPE html><html><head><title>t"
	    "</title>%s</head><body>%s</body></html>", head, body);
	return classify(buf, strlen(buf), url, c);
}

/* Metadata votes: JSON-LD, microdata, Open Graph. */
static void
metadata(void)
{
	double c;

	CHECK_STR(page("<script type=\"application/ld+json\">{\"@context\":"
	    "\"https://schema.org\",\"@type\":\"Product\",\"name\":\"Kettle\"}"
	    "</script>", "<h1>Kettle</h1><p>A kettle.</p>", NULL, &c),
	    "product");
	CHECK_STR(page("<script type=\"application/ld+json\">{\"@graph\":["
	    "{\"@type\":[\"WebPage\",\"QAPage\"]}]}</script>",
	    "<h1>How?</h1><p>Like this.</p>", NULL, &c), "forum");
	CHECK_STR(page("", "<div itemscope itemtype=\"https://schema.org/"
	    "TechArticle\"><h1>API</h1><p>Call it.</p></div>", NULL, &c),
	    "documentation");
	CHECK_STR(page("<meta property=\"og:type\" content=\"article\">",
	    "<p>Short.</p>", NULL, &c), "article");
	/* the h1's class or id names one product, not a list of them */
	CHECK_STR(page("", "<h1 class=\"product_title entry-title\">Kettle"
	    "</h1><p>A kettle.</p>", NULL, &c), "product");
	CHECK_STR(page("", "<h1 id=\"pdp-title\">Kettle</h1><p>A kettle.</p>",
	    NULL, &c), "product");
	CHECK_STR(page("", "<h1 class=\"products-header__title\">Kettles"
	    "</h1><p>Kettles.</p>", NULL, &c), "other");
	CHECK_STR(page("", "<h1 id=\"productlistheading\">Kettles</h1>"
	    "<p>Kettles.</p>", NULL, &c), "other");
	/* only the first h1 counts */
	CHECK_STR(page("", "<h1>Kettles</h1><p>Kettles.</p><h1 class=\""
	    "product-name\">Kettle</h1>", NULL, &c), "other");
	/* nothing to go on */
	CHECK_STR(page("", "<p>Hello.</p>", NULL, &c), "other");
	CHECK(c > 0 && c < 0.5);
	/* a broken JSON-LD text is only ignored */
	CHECK_STR(page("<script type=\"application/ld+json\">{\"@type\":"
	    "\"Prod", "<p>Hello.</p>", NULL, &c), "other");
}

/*
 * Without a URL the page's own canonical link or og:url (absolute
 * http(s) only) gives the URL hints; a given URL wins over both.
 */
static void
self_url(void)
{
	const char *body = "<h1>Re: the pump</h1><p>Same here.</p>";
	double c;

	CHECK_STR(page("<link rel=\"canonical\" href=\"https://example.com"
	    "/forum/thread/12\">", body, NULL, &c), "forum");
	CHECK_STR(page("<meta property=\"og:url\" content=\"http://example"
	    ".com/forum/thread/12\">", body, NULL, &c), "forum");
	/* canonical before og:url, whichever comes first */
	CHECK_STR(page("<meta property=\"og:url\" content=\"https://"
	    "example.com/p/3\"><link rel=\"canonical\" href=\"https://"
	    "example.com/forum/thread/12\">", body, NULL, &c), "forum");
	/* relative, protocol-relative, other schemes: no hint */
	CHECK_STR(page("<link rel=\"canonical\" href=\"/forum/thread/12\">",
	    body, NULL, &c), "other");
	CHECK_STR(page("<link rel=\"canonical\" href=\"//example.com/forum/"
	    "thread/12\">", body, NULL, &c), "other");
	CHECK_STR(page("<meta property=\"og:url\" content=\"ftp://example"
	    ".com/forum/thread/12\">", body, NULL, &c), "other");
	CHECK_STR(page("<link rel=\"canonical\" href=\"https:///forum/"
	    "\">", body, NULL, &c), "other");
	/* the caller's URL wins */
	CHECK_STR(page("<link rel=\"canonical\" href=\"https://example.com"
	    "/forum/thread/12\">", body, "https://example.com/page", &c),
	    "other");
}

/* Structure: inline code, linked headings, prices, calls to action. */
static void
structure(void)
{
	struct w_buf b;
	double c;
	int k;

	/* the questions of a FAQ page are not a thread */
	CHECK_STR(page("<script type=\"application/ld+json\">{\"@type\":"
	    "\"FAQPage\",\"mainEntity\":[{\"@type\":\"Question\",\"name\":"
	    "\"Why?\",\"acceptedAnswer\":{\"@type\":\"Answer\",\"text\":"
	    "\"So.\"}}]}</script>", "<h2>FAQ</h2><p>Why? So.</p>", NULL, &c),
	    "service");
	CHECK_STR(page("<script type=\"application/ld+json\">{\"@type\":"
	    "\"Question\",\"name\":\"Why?\",\"suggestedAnswer\":{\"@type\":"
	    "\"Answer\",\"text\":\"So.\"}}</script>", "<p>Why? So.</p>",
	    NULL, &c), "forum");
	/* inline code */
	w_buf_init(&b, 1 << 20);
	addf(&b, "<h1>open</h1>");
	for (k = 0; k < 12; k++)
		addf(&b, "<p>Pass <code>flag%d</code> to open.</p>", k);
	CHECK_STR(page("", b.p, NULL, &c), "documentation");
	/* most headings link to other pages, little prose */
	w_buf_reset(&b);
	for (k = 0; k < 8; k++)
		addf(&b, "<h3><a href=\"/p/%d\">Post %d</a></h3><p>A line.</p>",
		    k, k);
	CHECK_STR(page("", b.p, NULL, &c), "listing");
	/* the same headings as anchors of their own sections: not */
	w_buf_reset(&b);
	for (k = 0; k < 8; k++)
		addf(&b, "<h3><a href=\"#s%d\">Section %d</a></h3><p>A line."
		    "</p>", k, k);
	CHECK(strcmp(page("", b.p, NULL, &c), "listing") != 0);
	/* ... and full of prices: a collection */
	w_buf_reset(&b);
	for (k = 0; k < 8; k++)
		addf(&b, "<h3><a href=\"/p/%d\">Mug %d</a></h3><p>$%d.99</p>",
		    k, k, k + 10);
	CHECK_STR(page("", b.p, NULL, &c), "collection");
	/* service headings and calls to action, no date */
	CHECK_STR(page("", "<h1>Bookkeeping</h1><a class=\"btn\" href=\"/s\">"
	    "Get started</a><h2>How it works</h2><p>We do it.</p><a href=\"/"
	    "d\">Request a demo</a><h2>Pricing</h2><p>Plans.</p><a href=\"/c"
	    "\">Contact us</a>", NULL, &c), "service");
	/* the same with a publication date is not */
	CHECK(strcmp(page("<meta property=\"article:published_time\" "
	    "content=\"2024-01-01\">", "<h1>Bookkeeping</h1><a class=\"btn\" "
	    "href=\"/s\">Get started</a><h2>How it works</h2><p>We do it.</p>"
	    "<a href=\"/d\">Request a demo</a><h2>Pricing</h2><p>Plans.</p>"
	    "<a href=\"/c\">Contact us</a>", NULL, &c), "service") != 0);
	w_buf_free(&b);
}

static void
addf(struct w_buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	w_buf_adds(b, tmp);
}

/* coverage.confidence of w_html_extract on html. */
static double
extract_conf(const char *html, size_t len)
{
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_doc d;
	struct w_err e;
	double c = -1;
	jv v;

	memset(&in, 0, sizeof(in));
	memset(&o, 0, sizeof(o));
	memset(&d, 0, sizeof(d));
	d.meta = d.links = d.coverage = jv_null();
	in.headers = jv_null();
	o.format = W_FMT_TEXT;
	if (w_html_extract(html, len, &in, &o, &d, &e) == 0) {
		v = jv_object_get(jv_copy(d.coverage), jv_string("confidence"));
		if (jv_get_kind(v) == JV_KIND_NUMBER)
			c = jv_number_value(v);
		jv_free(v);
	}
	free(d.text);
	jv_free(d.meta);
	jv_free(d.links);
	jv_free(d.coverage);
	return c;
}

/*
 * Confidence is high for a page that is its article and lower when the
 * pick holds little of the page's text.
 */
static void
confidence(void)
{
	struct w_buf b;
	double one, crowded;
	int k;

	w_buf_init(&b, 1 << 20);
	addf(&b, "<html><head><title>Pruning</title></head><body><article>"
	    "<h1>Pruning</h1>");
	for (k = 0; k < 6; k++)
		addf(&b, "<p>The article goes on about pruning apple trees in "
		    "late winter, paragraph %d, with enough words to be prose: "
		    "which branches to take, where to cut above the bud, and "
		    "why a clean saw matters more than any paint.</p>", k);
	addf(&b, "</article></body></html>");
	one = extract_conf(b.p, b.len);
	w_buf_reset(&b);
	addf(&b, "<html><head><title>Pruning</title></head><body><article>"
	    "<h1>Pruning</h1><p>The article is one paragraph about pruning "
	    "apple trees in late winter, with enough words to be prose: "
	    "which branches to take and where to cut.</p></article>");
	/* under an eighth of the text: an article holding the h1 and
	 * more would be the page's main region (region_root) */
	for (k = 0; k < 14; k++)
		addf(&b, "<div><h2>Elsewhere %d</h2><ul><li>Shed %d, a note on "
		    "sheds and their roofs.</li><li>Pond %d, a note on ponds "
		    "and frogs.</li><li>Hedge %d, a note on hedges.</li></ul>"
		    "</div>", k, k, k, k);
	addf(&b, "</body></html>");
	crowded = extract_conf(b.p, b.len);
	CHECK(one > 0.6 && one <= 1);
	CHECK(crowded > 0 && crowded < one - 0.08);
	w_buf_free(&b);
}

/*
 * Confidence is an expected F1: the same article in a page whose tree
 * is a hundred times larger (layout wrappers around nothing: a large
 * tree is mostly chrome) is less sure.
 */
static void
confidence_tree(void)
{
	struct w_buf b;
	double small, large;
	int k;

	w_buf_init(&b, 1 << 20);
	addf(&b, "<html><head><title>Pruning</title></head><body><article>"
	    "<h1>Pruning</h1>");
	for (k = 0; k < 6; k++)
		addf(&b, "<p>The article goes on about pruning apple trees in "
		    "late winter, paragraph %d, with enough words to be prose: "
		    "which branches to take, where to cut above the bud, and "
		    "why a clean saw matters more than any paint.</p>", k);
	addf(&b, "</article>");
	small = extract_conf(b.p, b.len);
	for (k = 0; k < 8000; k++)
		addf(&b, "<div class=\"cell\"><div class=\"pad\"><br><br>"
		    "</div><br></div>");
	addf(&b, "</body></html>");
	large = extract_conf(b.p, b.len);
	CHECK(small > 0.8 && small <= 1);
	CHECK(large > 0.5 && large < small - 0.04);
	w_buf_free(&b);
}

/*
 * The links' share of the page is of the text a reader sees: a page of
 * links on a tag's address is a listing, also when a script's data
 * (JSON, three times the page's text) sits in its body; the same page
 * with the links as plain text is not.
 */
static void
script_share(void)
{
	struct w_buf b;
	double c;
	int k, v;

	w_buf_init(&b, 1 << 20);
	for (v = 0; v < 3; v++) {
		w_buf_reset(&b);
		addf(&b, "<html><head><title>Gardens</title></head><body>"
		    "<p>Notes filed under gardens, newest first.</p><div>");
		for (k = 0; k < 12; k++)
			if (v == 2)
				addf(&b, "<span>Garden note number %d</span> ",
				    k);
			else
				addf(&b, "<a href=\"/notes/%d\">Garden note "
				    "number %d</a> ", k, k);
		addf(&b, "</div>");
		if (v > 0) {
			addf(&b, "<script type=\"application/json\">{\"notes\":[");
			for (k = 0; k < 12; k++)
				addf(&b, "%s{\"id\":%d,\"title\":\"Garden note "
				    "number %d\",\"tags\":[\"gardens\",\"sheds\"],"
				    "\"words\":%d}", k ? "," : "", k, k, 300 + k);
			addf(&b, "]}</script>");
		}
		addf(&b, "</body></html>");
		if (v < 2)
			CHECK_STR(classify(b.p, b.len, "https://example.org/tag/"
			    "gardens", &c), "listing");
		else
			CHECK_STR(classify(b.p, b.len, "https://example.org/tag/"
			    "gardens", &c), "other");
	}
	w_buf_free(&b);
}

/*
 * Confidence follows the main column's share outside links: the same
 * article above twenty notes is less sure when the notes are links
 * (a column of tiles and menus) than when they are plain text.
 */
static void
confidence_links(void)
{
	struct w_buf b;
	double plain = -1, linked = -1;
	int k, v;

	w_buf_init(&b, 1 << 20);
	for (v = 0; v < 2; v++) {
		w_buf_reset(&b);
		addf(&b, "<html><head><title>Pruning</title></head><body>"
		    "<header><a href=\"/\">Home</a></header><main><article>"
		    "<h1>Pruning</h1>");
		for (k = 0; k < 6; k++)
			addf(&b, "<p>The article goes on about pruning apple "
			    "trees in late winter, paragraph %d, with enough "
			    "words to be prose: which branches to take, where to "
			    "cut above the bud, and why a clean saw matters more "
			    "than any paint.</p>", k);
		addf(&b, "</article><div class=\"more\"><ul>");
		for (k = 0; k < 20; k++)
			if (v)
				addf(&b, "<li><a href=\"/n/%d\">Note %d on sheds "
				    "and their roofs, and ponds</a></li>", k, k);
			else
				addf(&b, "<li>Note %d on sheds and their roofs, "
				    "and ponds</li>", k);
		addf(&b, "</ul></div></main></body></html>");
		if (v == 0)
			plain = extract_conf(b.p, b.len);
		else
			linked = extract_conf(b.p, b.len);
	}
	CHECK(plain > 0.9 && plain <= 1);
	CHECK(linked > 0.5 && linked < plain - 0.04);
	w_buf_free(&b);
}

/* A blog post with a comment thread under it is an article. */
static void
comments(void)
{
	struct w_buf b;
	double c;
	int k;

	w_buf_init(&b, 1 << 20);
	addf(&b, "<html><head><title>Post</title></head><body>"
	    "<article><h1>Post</h1>");
	for (k = 0; k < 6; k++)
		addf(&b, "<p>The article itself goes on for a while "
		    "about pruning apple trees in late winter, paragraph "
		    "%d, with enough words to be prose: which branches to "
		    "take, where to cut above the bud, how much of the "
		    "crown to thin in one year, and why a clean saw "
		    "matters more than any paint on the wound.</p>", k);
	addf(&b, "</article><ol class=\"comment-list\">");
	for (k = 0; k < 5; k++)
		addf(&b, "<li class=\"comment\"><div class=\"comment-"
		    "author\">reader%d</div><time datetime=\"2024-01-0%d\">"
		    "Jan %d</time><p>Thanks, I pruned mine last week and the "
		    "cuts healed well before the spring.</p></li>", k, k + 1,
		    k + 1);
	addf(&b, "</ol></body></html>");
	CHECK_STR(classify(b.p, b.len, NULL, &c), "article");
	w_buf_free(&b);
}

/*
 * A thread whose posts print their dates as plain text in a link
 * ("2024-08-08 07:44:21", "Aug 8, 2024"), not in a time element or a
 * date-named class, is still a thread of dated posts: a forum; the same
 * posts without dates tie with an article and are one.
 */
static void
text_dates(void)
{
	static const char *const dates[] = {
		"2024-08-08 07:44:21", "Aug 8, 2024, 9:12am", "08/08/2024"
	};
	struct w_buf b;
	double c;
	int k, v;

	w_buf_init(&b, 1 << 20);
	for (v = 0; v < 4; v++) {
		w_buf_reset(&b);
		addf(&b, "<html><head><title>Boot hangs</title></head><body>"
		    "<div id=\"brdmain\">");
		for (k = 0; k < 5; k++) {
			addf(&b, "<div class=\"blockpost\"><h2><span><a href="
			    "\"/viewtopic?pid=%d\">%s</a></span></h2>", k,
			    v < 3 ? dates[v] : "Permalink");
			addf(&b, "<div class=\"postleft\"><dl><dt><strong>"
			    "<a class=\"username\" href=\"/u/%d\">user%d</a>"
			    "</strong></dt></dl></div><div class=\"postright\">"
			    "<p>The machine stops at the same line of the boot "
			    "log every time, right after the graphics driver "
			    "loads, and only a hard reset brings it back; reply "
			    "%d with what I tried since, which kernel options, "
			    "and which of them changed anything at all.</p>"
			    "</div></div>", k, k, k);
		}
		addf(&b, "</div></body></html>");
		CHECK_STR(classify(b.p, b.len, NULL, &c),
		    v < 3 ? "forum" : "article");
	}
	w_buf_free(&b);
}

/*
 * Dated posts with an author line each that sit below a larger group of
 * page columns (the group with the most text) still make a forum, on a
 * thread's address and elsewhere; elsewhere, not when each item's
 * heading links to another page (a listing's teasers).
 */
static void
wrapped_posts(void)
{
	struct w_buf b;
	double c;
	int k, u;

	w_buf_init(&b, 1 << 20);
	for (u = 0; u < 3; u++) {
		w_buf_reset(&b);
		addf(&b, "<html><head><title>Do forums still matter?</title>"
		    "</head><body><div class=\"col\"><p>Forums, members, "
		    "search and the help pages of this site, listed here.</p>"
		    "</div><div class=\"col\"><ol class=\"messages\">");
		for (k = 0; k < 5; k++)
			addf(&b, "<li class=\"message\">%s<div class=\"info\">"
			    "<a class=\"username\" href=\"/m/%d\">member%d</a>"
			    "<time datetime=\"2024-05-1%d\">May 1%d, 2024</time>"
			    "</div><div class=\"text\"><p>Answer %d: niche "
			    "boards still hold the long answers that a feed "
			    "buries in a day, and search finds them years "
			    "later, when the question comes back with the same "
			    "broken part and the same worried owner asking "
			    "whether anyone ever fixed it.</p></div></li>",
			    u == 2 ? "<h3><a href=\"/stories/niche\">Why niche "
			    "boards last</a></h3>" : "", k, k, k, k, k);
		addf(&b, "</ol></div><div class=\"col\"><p>Staff online, "
		    "latest posts and the shoutbox of the site.</p></div>"
		    "</body></html>");
		if (u == 0)
			CHECK_STR(classify(b.p, b.len, "https://forum.example."
			    "org/threads/do-forums-still-matter.288/", &c),
			    "forum");
		else if (u == 1)
			CHECK_STR(classify(b.p, b.len, "https://example.org/"
			    "do-forums-still-matter", &c), "forum");
		else
			CHECK(strcmp(classify(b.p, b.len, "https://example.org/"
			    "do-forums-still-matter", &c), "forum") != 0);
	}
	w_buf_free(&b);
}

/*
 * A thread of comment boxes whose authors link to user pages ("/u/name")
 * and which hold most of the page's prose is a forum, on any address;
 * not when the authors link to their own sites (a blog's commenters),
 * when fewer than ten such links stand in the comments, or when the
 * text above the comments holds more prose than they do.
 */
static void
user_thread(void)
{
	struct w_buf b;
	double c;
	int k, v, n;

	w_buf_init(&b, 1 << 20);
	for (v = 0; v < 4; v++) {
		n = v == 2 ? 4 : 12;
		w_buf_reset(&b);
		addf(&b, "<html><head><title>Winter pruning</title></head>"
		    "<body><h1>Winter pruning</h1><p>When do you prune apple "
		    "trees that were planted two winters ago?</p>");
		for (k = 0; v == 3 && k < 12; k++)
			addf(&b, "<p>Section %d of the post: young trees need "
			    "their leader cut back by a third in the first "
			    "winter, then only the crossing branches, and every "
			    "cut sits just above an outward facing bud so that "
			    "the crown opens to the light.</p>", k);
		addf(&b, "<div class=\"comments\">");
		for (k = 0; k < n; k++) {
			addf(&b, "<div class=\"comment-node\"><div><a class="
			    "\"person\" href=\"");
			if (v == 1)
				addf(&b, "https://grower%d.example.net/", k);
			else
				addf(&b, "/u/grower%d", k);
			addf(&b, "\">grower%d</a> <span>%d points</span></div>"
			    "<p>Reply %d: I wait until the coldest weeks are "
			    "over and cut on a dry day, so the wounds close "
			    "before the sap rises again.</p>", k, k + 3, k);
			if (k % 2 == 0)
				addf(&b, "<div class=\"comment-children\">");
			else
				addf(&b, "</div></div>");
			addf(&b, "</div>");
		}
		addf(&b, "</div></body></html>");
		if (v == 0)
			CHECK_STR(classify(b.p, b.len, "https://example.org/"
			    "post/77", &c), "forum");
		else
			CHECK(strcmp(classify(b.p, b.len, "https://example.org/"
			    "post/77", &c), "forum") != 0);
	}
	w_buf_free(&b);
}

int
main(void)
{
	const char *top = getenv("WT_TOP");

	snprintf(dir, sizeof(dir), "%s/tests/fixtures/wextract/types",
	    top != NULL ? top : ".");
	fixtures();
	metadata();
	self_url();
	text_dates();
	wrapped_posts();
	user_thread();
	structure();
	confidence();
	confidence_tree();
	confidence_links();
	script_share();
	comments();
	T_DONE();
}
