/*
 * test_html.c: w_html_extract against the golden files in
 * tests/fixtures/html/ (case.html with case.md, case.txt, case.links,
 * case.meta or case.err), then garbage, deep nesting and oversize input.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "buf.h"
#include "html.h"

#define BASE	"https://example.com/dir/page.html"

static char dir[4096];

static char *
slurp(const char *path, size_t *len)
{
	return t_slurp(path, len, 16u << 20);
}

static void
chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == '\n')
		s[--n] = '\0';
}

static int
run(const char *html, size_t len, enum w_format f, int links,
    struct w_doc *d, struct w_err *e)
{
	struct w_doc_in in;
	struct w_doc_opts o;

	memset(&in, 0, sizeof(in));
	memset(&o, 0, sizeof(o));
	memset(d, 0, sizeof(*d));
	d->meta = d->links = d->coverage = jv_null();
	w_err_clear(e);
	in.url = BASE;
	in.headers = jv_null();
	o.format = f;
	o.include_links = links;
	return w_html_extract(html, len, &in, &o, d, e);
}

static void
done(struct w_doc *d)
{
	free(d->text);
	jv_free(d->meta);
	jv_free(d->links);
	jv_free(d->coverage);
}

static char *
path(const char *name, const char *ext)
{
	static char p[8192];

	snprintf(p, sizeof(p), "%s/%s.%s", dir, name, ext);
	return p;
}

/* Compare output of one format with case.ext when that file exists. */
static void
golden(const char *name, const char *html, size_t len, const char *ext,
    enum w_format f)
{
	struct w_doc d;
	struct w_err e;
	char *want;

	if ((want = slurp(path(name, ext), NULL)) == NULL)
		return;
	CHECK_INT(run(html, len, f, 0, &d, &e), 0);
	if (d.text != NULL && strcmp(d.text, want) != 0)
		fprintf(stderr, "%s.%s: got\n%s\n", name, ext, d.text);
	CHECK_STR(d.text ? d.text : "", want);
	done(&d);
	free(want);
}

static void
golden_json(const char *name, const char *html, size_t len,
    const char *ext)
{
	struct w_doc d;
	struct w_err e;
	char *want;
	jv got;

	if ((want = slurp(path(name, ext), NULL)) == NULL)
		return;
	chomp(want);
	CHECK_INT(run(html, len, W_FMT_MARKDOWN, 1, &d, &e), 0);
	got = jv_dump_string(jv_copy(strcmp(ext, "links") == 0 ? d.links :
	    d.meta), JV_PRINT_SORTED);
	if (strcmp(jv_string_value(got), want) != 0)
		fprintf(stderr, "%s.%s: got %s\n", name, ext,
		    jv_string_value(got));
	CHECK_STR(jv_string_value(got), want);
	jv_free(got);
	done(&d);
	free(want);
}

static void
golden_err(const char *name, const char *html, size_t len)
{
	struct w_doc d;
	struct w_err e;
	char *want, *nl;
	jv br;

	if ((want = slurp(path(name, "err"), NULL)) == NULL)
		return;
	CHECK_INT(run(html, len, W_FMT_TEXT, 0, &d, &e), -1);
	nl = strchr(want, '\n');
	if (nl != NULL)
		*nl++ = '\0';
	CHECK_STR(w_err_name(e.code), want);
	if (nl != NULL && strncmp(nl, "browser_recommended", 19) == 0) {
		br = jv_object_get(jv_copy(d.coverage),
		    jv_string("browser_recommended"));
		CHECK(jv_get_kind(br) == JV_KIND_TRUE);
		jv_free(br);
	}
	done(&d);
	free(want);
}

static void
fixtures(void)
{
	struct dirent *de;
	DIR *dp;
	char name[256], *html;
	size_t n, len;
	int cases = 0;

	if ((dp = opendir(dir)) == NULL) {
		CHECK(!"tests/fixtures/html is missing");
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		n = strlen(de->d_name);
		if (n < 6 || n >= sizeof(name) ||
		    strcmp(de->d_name + n - 5, ".html") != 0)
			continue;
		memcpy(name, de->d_name, n - 5);
		name[n - 5] = '\0';
		if ((html = slurp(path(name, "html"), &len)) == NULL)
			continue;
		golden(name, html, len, "md", W_FMT_MARKDOWN);
		golden(name, html, len, "txt", W_FMT_TEXT);
		golden_json(name, html, len, "links");
		golden_json(name, html, len, "meta");
		golden_err(name, html, len);
		free(html);
		cases++;
	}
	closedir(dp);
	CHECK(cases >= 14);
}

/* Random bytes, then random tag soup: an answer, never a crash. */
static void
garbage(void)
{
	static const char *const bits[] = {
		"<", ">", "</", "<p>", "<div class='a'>", "</div>", "<table>",
		"<td colspan=9>", "<a href='javascript:x'>", "&amp;", "&#0;",
		"&#x110000;", "\xff", "\xc3", "<pre>", "<script>", "<!--",
		"<ul><li>", "<br>", "text, words. ", "<svg><p>", "\0"
	};
	struct w_doc d;
	struct w_err e;
	char buf[4096];
	unsigned seed = 12345;
	size_t i, k, len;
	int round, rc;

	for (round = 0; round < 200; round++) {
		len = 0;
		for (i = 0; i < 300 && len + 40 < sizeof(buf); i++) {
			seed = seed * 1103515245 + 12345;
			if (round % 2 == 0)
				buf[len++] = (char)(seed >> 16);
			else {
				k = (seed >> 16) % (sizeof(bits) /
				    sizeof(bits[0]));
				memcpy(buf + len, bits[k], strlen(bits[k]) +
				    (k == 21));
				len += strlen(bits[k]) + (k == 21);
			}
		}
		rc = run(buf, len, round % 4 < 2 ? W_FMT_TEXT :
		    W_FMT_MARKDOWN, 1, &d, &e);
		CHECK(rc == 0 ? d.text != NULL && strlen(d.text) == d.len :
		    e.code != W_E_NONE);
		done(&d);
	}
}

/* Deep trees: written without recursion trouble; too deep for tidy: cut. */
static void
deep(void)
{
	struct w_buf b;
	struct w_doc d;
	struct w_err e;
	jv t;
	int i;

	w_buf_init(&b, 1u << 24);
	for (i = 0; i < 1200; i++)
		w_buf_adds(&b, "<div><blockquote><ul><li>");
	w_buf_adds(&b, "<p>Deep text, at the bottom of a very deep tree.</p>");
	CHECK_INT(run(b.p, b.len, W_FMT_MARKDOWN, 0, &d, &e), 0);
	CHECK(d.text != NULL && strstr(d.text, "Deep text") != NULL);
	done(&d);
	w_buf_reset(&b);
	w_buf_adds(&b, "<p>Shallow text first, then a very deep pile.</p>");
	for (i = 0; i < 200000; i++)
		w_buf_adds(&b, "<b>");
	CHECK_INT(run(b.p, b.len, W_FMT_TEXT, 0, &d, &e), 0);
	t = jv_object_get(jv_copy(d.coverage), jv_string("html_truncated"));
	CHECK(jv_get_kind(t) == JV_KIND_TRUE);
	jv_free(t);
	done(&d);
	w_buf_free(&b);
}

/* 100,000 nested elements: the deep text is kept (flattened past the
 * safe depth), html_truncated says so. */
static void
flattened(void)
{
	struct w_buf b;
	struct w_doc d;
	struct w_err e;
	jv t;
	int i;

	w_buf_init(&b, 1u << 24);
	w_buf_adds(&b, "<html><body><p>Shallow words come first here.</p>");
	for (i = 0; i < 100000; i++)
		w_buf_adds(&b, "<div>");
	w_buf_adds(&b, "<p>Deepest words of the whole pile, kept.</p>");
	for (i = 0; i < 100000; i++)
		w_buf_adds(&b, "</div>");
	w_buf_adds(&b, "<p>Closing words after the pile.</p></body></html>");
	CHECK_INT(run(b.p, b.len, W_FMT_TEXT, 0, &d, &e), 0);
	CHECK(d.text != NULL && strstr(d.text, "Deepest words") != NULL);
	CHECK(d.text != NULL && strstr(d.text, "Closing words") != NULL);
	t = jv_object_get(jv_copy(d.coverage), jv_string("html_truncated"));
	CHECK(jv_get_kind(t) == JV_KIND_TRUE);
	jv_free(t);
	done(&d);
	w_buf_free(&b);
}

/* "<?xml" processing instructions never reach tidy 5.6, which leaks on
 * them (the sanitizer build of this test reports the leak). */
static void
pi_leak(void)
{
	static const char *const files[] = { "tidy-pi-leak-1.html",
	    "tidy-pi-leak-2.html", NULL };
	const char *const *f;
	struct w_doc d;
	struct w_err e;
	char path[256], buf[4096];
	size_t n;
	FILE *fp;

	for (f = files; *f; f++) {
		snprintf(path, sizeof(path),
		    "tests/fixtures/fuzz-findings/%s", *f);
		fp = fopen(path, "rb");
		CHECK(fp != NULL);
		if (fp == NULL)
			continue;
		n = fread(buf, 1, sizeof(buf), fp);
		fclose(fp);
		(void)run(buf, n, W_FMT_MARKDOWN, 1, &d, &e);
		done(&d);
	}
	/* a PI is a comment to a browser: the text around it is kept */
	CHECK_INT(run("<p>Before the instruction, some words.<?xml version="
	    "'1.0'?> After it, more words.</p>", 85, W_FMT_TEXT, 0, &d, &e),
	    0);
	CHECK(d.text != NULL && strstr(d.text, "some words. After it") != NULL);
	CHECK(d.text != NULL && strstr(d.text, "xml") == NULL);
	done(&d);
}

/* Whether html (6000 levels of "<b>" inside wrap) was cut for depth. */
static int
cut_for_depth(const char *pre, const char *tag, const char *post)
{
	struct w_buf b;
	struct w_doc d;
	struct w_err e;
	jv t;
	int i, cut;

	w_buf_init(&b, 1u << 24);
	w_buf_adds(&b, "<p>Shallow text first, then a pile.</p>");
	w_buf_adds(&b, pre);
	for (i = 0; i < 6000; i++)
		w_buf_adds(&b, tag);
	w_buf_adds(&b, post);
	w_buf_adds(&b, "<p>Closing words after the pile.</p>");
	CHECK_INT(run(b.p, b.len, W_FMT_TEXT, 0, &d, &e), 0);
	t = jv_object_get(jv_copy(d.coverage), jv_string("html_truncated"));
	cut = jv_get_kind(t) == JV_KIND_TRUE;
	if (!cut)
		CHECK(d.text != NULL && strstr(d.text, "Closing") != NULL);
	jv_free(t);
	done(&d);
	w_buf_free(&b);
	return cut;
}

/* What the depth scan counts and skips, in any letter case. */
static void
depth_scan(void)
{
	struct w_buf b;
	struct w_doc d;
	struct w_err e;
	int i;

	CHECK_INT(cut_for_depth("", "<b>", ""), 1);
	CHECK_INT(cut_for_depth("", "<P>x", ""), 0);
	CHECK_INT(cut_for_depth("", "<Li>x", ""), 0);
	CHECK_INT(cut_for_depth("", "<BR>", ""), 0);
	CHECK_INT(cut_for_depth("<script>var s='", "<b>", "';</SCRIPT>"), 0);
	CHECK_INT(cut_for_depth("<STYLE>/*", "<b>", "*/</style >"), 0);
	CHECK_INT(cut_for_depth("<script>var s='</scrip", "<b>",
	    "';</script>"), 0);
	CHECK_INT(cut_for_depth("<!-- -- >", "<b>", "-->"), 0);
	CHECK_INT(cut_for_depth("<!-- -->", "<b>", ""), 1);
	/* a long text node, then short ones: each is whole */
	w_buf_init(&b, 1u << 20);
	w_buf_adds(&b, "<article><p>");
	for (i = 0; i < 400; i++)
		w_buf_adds(&b, "Long words, ");
	w_buf_adds(&b, "end of the long one.</p><p>Short one.</p>"
	    "<p>Another.</p></article>");
	CHECK_INT(run(b.p, b.len, W_FMT_TEXT, 0, &d, &e), 0);
	CHECK(d.text != NULL && strstr(d.text, "end of the long one.") !=
	    NULL && strstr(d.text, "Short one.") != NULL &&
	    strstr(d.text, "Another.") != NULL);
	done(&d);
	w_buf_free(&b);
}

/* Over W_HTML_PARSE_MAX: cut, not failed. */
static void
oversize(void)
{
	struct w_buf b;
	struct w_doc d;
	struct w_err e;
	jv t;

	w_buf_init(&b, 1u << 25);
	w_buf_adds(&b, "<html><body><article>");
	while (b.len < W_HTML_PARSE_MAX + 4096)
		w_buf_adds(&b, "<p>A long article goes on, and on, with "
		    "commas, words and sentences that never seem to "
		    "end.</p>\n");
	CHECK_INT(run(b.p, b.len, W_FMT_TEXT, 0, &d, &e), 0);
	t = jv_object_get(jv_copy(d.coverage), jv_string("html_truncated"));
	CHECK(jv_get_kind(t) == JV_KIND_TRUE);
	jv_free(t);
	done(&d);
	w_buf_free(&b);
}

int
main(void)
{
	const char *top = getenv("WT_TOP");

	snprintf(dir, sizeof(dir), "%s/tests/fixtures/html",
	    top != NULL ? top : ".");
	fixtures();
	garbage();
	deep();
	flattened();
	pi_leak();
	depth_scan();
	oversize();
	T_DONE();
}
