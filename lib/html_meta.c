/*
 * html_meta.c: page metadata from one walk over the tree: title
 * (JSON-LD headline, og:title, <title> without its site suffix, first
 * h1), byline, published date, site name, language, description and
 * the absolute canonical URL.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>


#include "html_int.h"
#include "json.h"

#define META_MAX	2048

enum {
	M_TITLE_LD, M_TITLE_OG, M_TITLE_TW, M_TITLE_DC, M_TITLE, M_H1,
	M_BY_LD, M_BY_META, M_BY_REL, M_BY_CLASS,
	M_PUB_LD, M_PUB_META, M_PUB_TIME,
	M_SITE, M_SITE_LD, M_LANG, M_DESC, M_DESC_OG, M_CANON, M_N
};

#define BIOS_MAX	4	/* Person descriptions kept */

struct mt {
	char	*v[M_N];
	int	 nh1;
	char	 bio[BIOS_MAX][W_HTML_BIO_FOLD];
	int	 nbio;
};

/*
 * The words of s (n bytes) into out (cap bytes, NUL ended): ASCII
 * letters lowered, letters and digits (and any byte of a multibyte
 * character) kept, each run of anything else one space, none at the
 * ends. Stops when out is full; returns the length.
 */
size_t
w_html_fold_words(const char *s, size_t n, char *out, size_t cap)
{
	size_t i, k = 0;
	int sp = 0;

	if (cap == 0)
		return 0;
	for (i = 0; i < n && s[i] != '\0'; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c >= 0x80)) {
			sp = k > 0;
			continue;
		}
		if (k + 1 + (size_t)sp >= cap)
			break;
		if (sp)
			out[k++] = ' ';
		sp = 0;
		out[k++] = (char)c;
	}
	out[k] = '\0';
	return k;
}

/* Whitespace-collapsed, trimmed copy of s (at most META_MAX bytes). */
static char *
squash(const char *s, size_t n)
{
	char *r = w_malloc(n + 1);
	size_t i, k = 0;
	int sp = 0;

	for (i = 0; i < n && k < META_MAX; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || (c >= '\t' && c <= '\r') ||
		    (c == 0xc2 && i + 1 < n &&
		    (unsigned char)s[i + 1] == 0xa0)) {
			if (c == 0xc2)
				i++;
			sp = 1;
			continue;
		}
		if (c < ' ')
			continue;
		if (sp && k > 0)
			r[k++] = ' ';
		sp = 0;
		r[k++] = (char)c;
	}
	while (k > 0 && (r[k - 1] & 0xc0) == 0x80 && i < n)
		k--;
	r[k] = '\0';
	return r;
}

static void
set(struct mt *m, int k, const char *s)
{
	if (m->v[k] != NULL || s == NULL)
		return;
	m->v[k] = squash(s, strlen(s));
	if (m->v[k][0] == '\0') {
		free(m->v[k]);
		m->v[k] = NULL;
	}
}

static void
set_text(struct mt *m, int k, const struct hdoc *d, int i)
{
	struct w_buf b;

	if (m->v[k] != NULL)
		return;
	w_html_buf_init(&b, 1 << 20);
	w_html_text(d, i, &b);
	set(m, k, b.p);
	w_buf_free(&b);
}

static int
eq(const char *a, const char *b)
{
	return a != NULL && strcasecmp(a, b) == 0;
}

static void
meta_tag(struct mt *m, const struct hdoc *d, int i)
{
	const char *n = w_html_attr(d, i, "property"), *c;

	c = w_html_attr(d, i, "content");
	if (c == NULL)
		return;
	if (n == NULL || *n == '\0')
		n = w_html_attr(d, i, "name");
	if (n == NULL)
		n = w_html_attr(d, i, "itemprop");
	if (n == NULL)
		return;
	if (eq(n, "og:title"))
		set(m, M_TITLE_OG, c);
	else if (eq(n, "twitter:title"))
		set(m, M_TITLE_TW, c);
	else if (eq(n, "dc.title") || eq(n, "dcterm:title") ||
	    eq(n, "dc:title"))
		set(m, M_TITLE_DC, c);
	else if (eq(n, "author") || eq(n, "dc.creator") ||
	    eq(n, "dc:creator") || eq(n, "article:author") ||
	    eq(n, "parsely-author") || eq(n, "sailthru.author"))
		set(m, M_BY_META, strncmp(c, "http", 4) == 0 ? NULL : c);
	else if (eq(n, "article:published_time") || eq(n, "date") ||
	    eq(n, "pubdate") || eq(n, "publishdate") || eq(n, "dc.date") ||
	    eq(n, "dc.date.issued") || eq(n, "datepublished") ||
	    eq(n, "sailthru.date") || eq(n, "parsely-pub-date") ||
	    eq(n, "og:published_time"))
		set(m, M_PUB_META, c);
	else if (eq(n, "og:site_name") || eq(n, "application-name"))
		set(m, M_SITE, c);
	else if (eq(n, "description") || eq(n, "dc.description"))
		set(m, M_DESC, c);
	else if (eq(n, "og:description") || eq(n, "twitter:description"))
		set(m, M_DESC_OG, c);
}

static const char *
jstr(jv o, const char *k)
{
	jv v;
	const char *s;

	if (jv_get_kind(o) != JV_KIND_OBJECT)
		return NULL;
	v = w_json_get(jv_copy(o), k);
	s = jv_get_kind(v) == JV_KIND_STRING ? jv_string_value(v) : NULL;
	jv_free(v);
	/* the string lives on inside o */
	return s;
}

/*
 * A Person's description (o an object with "@type" "Person", alone or
 * in an array): the author box's bio, if the page prints it (see
 * w_html_prose_strip); W_HTML_BIO_MIN folded bytes at least.
 */
static void
ld_bio(struct mt *m, jv o)
{
	jv t, x;
	int i, n, person = 0;

	if (m->nbio >= BIOS_MAX || jv_get_kind(o) != JV_KIND_OBJECT)
		return;
	t = w_json_get(jv_copy(o), "@type");
	if (jv_get_kind(t) == JV_KIND_STRING)
		person = strcmp(jv_string_value(t), "Person") == 0;
	else if (jv_get_kind(t) == JV_KIND_ARRAY) {
		n = jv_array_length(jv_copy(t));
		for (i = 0; i < n && i < 8 && !person; i++) {
			x = w_json_at(jv_copy(t), i);
			person = jv_get_kind(x) == JV_KIND_STRING &&
			    strcmp(jv_string_value(x), "Person") == 0;
			jv_free(x);
		}
	}
	jv_free(t);
	if (!person)
		return;
	x = w_json_get(jv_copy(o), "description");
	if (jv_get_kind(x) == JV_KIND_STRING &&
	    w_html_fold_words(jv_string_value(x), strlen(jv_string_value(x)),
	    m->bio[m->nbio], W_HTML_BIO_FOLD) >= W_HTML_BIO_MIN) {
		for (i = 0; i < m->nbio &&
		    strcmp(m->bio[i], m->bio[m->nbio]) != 0; i++)
			;
		if (i == m->nbio)
			m->nbio++;
	}
	jv_free(x);
}

static void
ld_author(struct mt *m, jv a)
{
	jv x;

	switch (jv_get_kind(a)) {
	case JV_KIND_STRING:
		set(m, M_BY_LD, jv_string_value(a));
		break;
	case JV_KIND_OBJECT:
		set(m, M_BY_LD, jstr(a, "name"));
		ld_bio(m, a);
		break;
	case JV_KIND_ARRAY:
		if (jv_array_length(jv_copy(a)) > 0) {
			x = w_json_at(jv_copy(a), 0);
			ld_author(m, x);
			jv_free(x);
		}
		break;
	default:
		break;
	}
}

static void
ld_obj(struct mt *m, jv o, int depth)
{
	jv t, x;
	const char *ty;
	int i, n;

	if (depth > 4)
		return;
	if (jv_get_kind(o) == JV_KIND_ARRAY) {
		n = jv_array_length(jv_copy(o));
		for (i = 0; i < n && i < 32; i++) {
			x = w_json_at(jv_copy(o), i);
			ld_obj(m, x, depth + 1);
			jv_free(x);
		}
		return;
	}
	if (jv_get_kind(o) != JV_KIND_OBJECT)
		return;
	x = w_json_get(jv_copy(o), "@graph");
	if (jv_get_kind(x) == JV_KIND_ARRAY)
		ld_obj(m, x, depth + 1);
	jv_free(x);
	t = w_json_get(jv_copy(o), "@type");
	ty = jv_get_kind(t) == JV_KIND_STRING ? jv_string_value(t) : "";
	if (strstr(ty, "Article") != NULL || strstr(ty, "Posting") != NULL ||
	    strcmp(ty, "Report") == 0 || strcmp(ty, "WebPage") == 0 ||
	    strstr(ty, "Blog") != NULL || strstr(ty, "Recipe") != NULL) {
		set(m, M_TITLE_LD, jstr(o, "headline"));
		if (strcmp(ty, "WebPage") != 0)
			set(m, M_TITLE_LD, jstr(o, "name"));
		x = w_json_get(jv_copy(o), "author");
		ld_author(m, x);
		jv_free(x);
		set(m, M_PUB_LD, jstr(o, "datePublished"));
		x = w_json_get(jv_copy(o), "publisher");
		set(m, M_SITE_LD, jstr(x, "name"));
		jv_free(x);
	}
	ld_bio(m, o);
	jv_free(t);
}

static void
ld_script(struct mt *m, const struct hdoc *d, int i)
{
	const char *ty = w_html_attr(d, i, "type");
	struct w_buf b;
	jv v;

	if (ty == NULL || strcasecmp(ty, "application/ld+json") != 0)
		return;
	w_html_buf_init(&b, 1 << 20);
	w_html_text(d, i, &b);
	if (b.len > 0) {
		v = w_json_parse(b.p, b.len);
		if (jv_is_valid(v))
			ld_obj(m, v, 0);
		jv_free(v);
	}
	w_buf_free(&b);
}

static int
has_class_word(const char *c, const char *w)
{
	return w_html_ci_contains(c, w);
}

static void
walk(struct mt *m, const struct hdoc *d)
{
	const char *rel, *c;
	int i;

	for (i = d->root; i >= 0; i = w_html_next_pre(d, i, d->root, 0)) {
		switch (d->n[i].tag) {
		case H_TEXT:
			break;
		case TidyTag_HTML:
			set(m, M_LANG, w_html_attr(d, i, "lang"));
			set(m, M_LANG, w_html_attr(d, i, "xml:lang"));
			break;
		case TidyTag_TITLE:
			if (!w_html_has_ancestor(d, i, TidyTag_SVG, 0))
				set_text(m, M_TITLE, d, i);
			break;
		case TidyTag_META:
			meta_tag(m, d, i);
			break;
		case TidyTag_LINK:
			rel = w_html_attr(d, i, "rel");
			if (eq(rel, "canonical"))
				set(m, M_CANON, w_html_attr(d, i, "href"));
			break;
		case TidyTag_SCRIPT:
			ld_script(m, d, i);
			break;
		case TidyTag_H1:
			if (m->nh1++ == 0)
				set_text(m, M_H1, d, i);
			break;
		case TidyTag_TIME:
			set(m, M_PUB_TIME, w_html_attr(d, i, "datetime"));
			break;
		default:
			break;
		}
		if (d->n[i].tag == H_TEXT)
			continue;
		rel = w_html_attr(d, i, "rel");
		/* a commenter's name is not the page's byline, even when
		 * the post's own byline is only a link */
		if (eq(rel, "author") && m->v[M_BY_REL] == NULL &&
		    !w_html_in_comments(d, i, d->body))
			set_text(m, M_BY_REL, d, i);
		c = w_html_attr(d, i, "class");
		if (m->v[M_BY_CLASS] == NULL && c != NULL &&
		    (has_class_word(c, "byline") ||
		    has_class_word(c, "author")) && w_html_text_len(d, i) < 100 &&
		    !w_html_in_comments(d, i, d->body))
			set_text(m, M_BY_CLASS, d, i);
	}
}

static int
words(const char *s)
{
	int n = 0, in = 0;

	for (; *s != '\0'; s++) {
		if (*s == ' ')
			in = 0;
		else if (!in) {
			in = 1;
			n++;
		}
	}
	return n;
}

static const char *
find_sep(const char *s, int last)
{
	static const char *const seps[] = {
		" | ", " - ", " \xe2\x80\x93 ", " \xe2\x80\x94 ", " \\ ",
		" / ", " > ", " \xc2\xbb ", " \xc2\xb7 ", " :: ", NULL
	};
	const char *best = NULL, *p;
	int k;

	for (k = 0; seps[k] != NULL; k++)
		for (p = s; (p = strstr(p, seps[k])) != NULL; p++)
			if (best == NULL || (last ? p > best : p < best))
				best = p;
	return best;
}

/* The title without a site name suffix or prefix. Caller frees. */
char *
w_html_title_clean(const char *t)
{
	const char *sep, *q;
	char *cur, *alt;

	if ((sep = find_sep(t, 1)) == NULL)
		return w_strdup(t);
	cur = w_strndup(t, (size_t)(sep - t));
	if (words(cur) < 3) {
		sep = find_sep(t, 0);
		for (q = sep + 1; *q != ' '; q++)
			;
		alt = w_strdup(q + 1);
		if (words(alt) > words(cur)) {
			free(cur);
			cur = alt;
		} else
			free(alt);
	}
	return cur;
}

/*
 * Metadata of d as a jv object (only fields found). Sets d->title to
 * the article title used to spot a repeated heading.
 */
jv
w_html_meta(struct hdoc *d, const char *base)
{
	struct mt m;
	jv o = jv_object();
	char *t = NULL, *u;
	const char *a;
	int k;

	memset(&m, 0, sizeof(m));
	walk(&m, d);
	if (m.v[M_TITLE] != NULL)
		t = w_html_title_clean(m.v[M_TITLE]);
	for (k = M_TITLE_LD; k <= M_H1; k++)
		if (k == M_TITLE && t != NULL)
			break;
		else if (m.v[k] != NULL)
			break;
	if (k == M_TITLE && t != NULL)
		o = jv_object_set(o, jv_string("title"), jv_string(t));
	else if (k <= M_H1)
		o = jv_object_set(o, jv_string("title"), jv_string(m.v[k]));
	free(d->title);
	d->title = w_strdup(k <= M_H1 ? (k == M_TITLE && t ? t : m.v[k]) :
	    "");
	free(t);
	for (k = M_BY_LD; k <= M_BY_CLASS && m.v[k] == NULL; k++)
		;
	if (k <= M_BY_CLASS)
		o = jv_object_set(o, jv_string("byline"), jv_string(m.v[k]));
	d->meta_byline = m.v[M_BY_LD] != NULL || m.v[M_BY_META] != NULL;
	free(d->author);
	d->author = NULL;
	free(d->bios);
	d->bios = NULL;
	if (m.nbio > 0) {
		size_t bl = 1, at = 0;

		for (k = 0; k < m.nbio; k++)
			bl += strlen(m.bio[k]) + 1;
		d->bios = w_malloc(bl);
		for (k = 0; k < m.nbio; k++) {
			memcpy(d->bios + at, m.bio[k], strlen(m.bio[k]) + 1);
			at += strlen(m.bio[k]) + 1;
		}
		d->bios[at] = '\0';
	}
	a = m.v[M_BY_LD] != NULL ? m.v[M_BY_LD] : m.v[M_BY_META];
	/* a name, not an address; the first of several */
	if (a != NULL && strchr(a, '/') == NULL && strchr(a, '@') == NULL) {
		d->author = w_strdup(a);
		d->author[strcspn(d->author, ",;|")] = '\0';
	}
	for (k = M_PUB_LD; k <= M_PUB_TIME && m.v[k] == NULL; k++)
		;
	if (k <= M_PUB_TIME)
		o = jv_object_set(o, jv_string("published"),
		    jv_string(m.v[k]));
	if (m.v[M_SITE] != NULL || m.v[M_SITE_LD] != NULL)
		o = jv_object_set(o, jv_string("site_name"), jv_string(
		    m.v[M_SITE] ? m.v[M_SITE] : m.v[M_SITE_LD]));
	if (m.v[M_LANG] != NULL)
		o = jv_object_set(o, jv_string("language"),
		    jv_string(m.v[M_LANG]));
	/* the longer of the two: one is often the other cut short */
	if (m.v[M_DESC] != NULL || m.v[M_DESC_OG] != NULL)
		o = jv_object_set(o, jv_string("description"), jv_string(
		    m.v[M_DESC] != NULL && (m.v[M_DESC_OG] == NULL ||
		    strlen(m.v[M_DESC]) >= strlen(m.v[M_DESC_OG])) ?
		    m.v[M_DESC] : m.v[M_DESC_OG]));
	if (m.v[M_CANON] != NULL &&
	    (u = w_html_abs_url(base, m.v[M_CANON])) != NULL) {
		o = jv_object_set(o, jv_string("canonical"), jv_string(u));
		free(u);
	}
	for (k = 0; k < M_N; k++)
		free(m.v[k]);
	return o;
}
