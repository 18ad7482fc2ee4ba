/*
 * html_links.c: the links of a page for include_links: absolute
 * http(s) URLs without their fragment, deduplicated, main-content
 * citations first, then the rest of the page, at most H_LINKS_MAX.
 */
#include <stdlib.h>
#include <string.h>


#include "html_int.h"

#define H_LINKS_MAX	20
#define TEXT_MAX	200

static int
under(const struct hdoc *d, int i, int root)
{
	for (; i >= 0; i = d->n[i].parent)
		if (i == root)
			return 1;
	return 0;
}

static char *
link_text(const struct hdoc *d, int i)
{
	struct w_buf b, t;
	size_t k;
	int sp = 0;

	w_html_buf_init(&b, 1 << 20);
	w_html_buf_init(&t, TEXT_MAX + 8);
	w_html_text(d, i, &b);
	for (k = 0; k < b.len; k++) {
		unsigned char c = (unsigned char)b.p[k];

		if (c <= ' ' || (c == 0xc2 && k + 1 < b.len &&
		    (unsigned char)b.p[k + 1] == 0xa0)) {
			if (c == 0xc2)
				k++;
			sp = 1;
			continue;
		}
		if (t.len >= TEXT_MAX && (c & 0xc0) != 0x80)
			break;
		if (sp && t.len > 0)
			w_buf_addc(&t, ' ');
		sp = 0;
		w_buf_addc(&t, (char)c);
	}
	w_buf_free(&b);
	return w_buf_take(&t);
}

/*
 * Links among the a elements as (doc-order indices a[0..n)); those
 * under art are "main-content", the others "page". Returns a jv array.
 */
jv
w_html_links(const struct hdoc *d, const int *a, size_t n, int art,
    const char *base)
{
	jv out = jv_array(), seen = jv_object(), o;
	char *u, *h, *t;
	size_t k;
	int pass, cnt = 0, in;

	for (pass = 0; pass < 2 && cnt < H_LINKS_MAX; pass++) {
		for (k = 0; k < n && cnt < H_LINKS_MAX; k++) {
			in = art >= 0 && under(d, a[k], art);
			if (in != (pass == 0))
				continue;
			u = w_html_abs_url(base, w_html_attr(d, a[k], "href"));
			if (u == NULL)
				continue;
			if ((h = strchr(u, '#')) != NULL)
				*h = '\0';
			if (jv_object_has(jv_copy(seen), jv_string(u))) {
				free(u);
				continue;
			}
			seen = jv_object_set(seen, jv_string(u), jv_true());
			t = link_text(d, a[k]);
			o = jv_object();
			o = jv_object_set(o, jv_string("url"), jv_string(u));
			o = jv_object_set(o, jv_string("text"), jv_string(t));
			o = jv_object_set(o, jv_string("where"), jv_string(
			    in ? "main-content" : "page"));
			out = jv_array_append(out, o);
			cnt++;
			free(u);
			free(t);
		}
	}
	jv_free(seen);
	return out;
}
