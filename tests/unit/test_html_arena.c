/*
 * test_html_arena.c: the allocator tidy parses a page with
 * (html_arena.c), and w_html_attr()'s name bits (hnode.amask).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#pragma GCC diagnostic pop

#include "t.h"
#include "html_int.h"

#define NB	3000

/* Blocks of every size across the small/large boundary keep their
 * bytes, are 16-aligned, are reused once freed, and grow in place or by
 * copy with their bytes. */
static void
blocks(void)
{
	TidyAllocator *a = w_html_arena_new();
	const TidyAllocatorVtbl *v = a->vtbl;
	static unsigned char *p[NB];
	static size_t sz[NB];
	unsigned char *q, *r;
	size_t i, k, bad = 0, odd = 0;

	for (i = 0; i < NB; i++) {
		sz[i] = (i * 37) % 2100 + (i % 7 == 0 ? 0 : 1);
		p[i] = v->alloc(a, sz[i]);
		if ((uintptr_t)p[i] % 16 != 0)
			odd++;
		memset(p[i], (int)(i & 0xff), sz[i]);
	}
	/* every other one freed, then as many taken again */
	for (i = 0; i < NB; i += 2)
		v->free(a, p[i]);
	for (i = 0; i < NB; i += 2) {
		p[i] = v->alloc(a, sz[i]);
		memset(p[i], (int)(i & 0xff), sz[i]);
	}
	for (i = 0; i < NB; i++)
		for (k = 0; k < sz[i]; k++)
			if (p[i][k] != (unsigned char)(i & 0xff))
				bad++;
	CHECK_INT(odd, 0);
	CHECK_INT(bad, 0);
	/* a freed block of a size is the next one of that size */
	q = v->alloc(a, 40);
	v->free(a, q);
	CHECK(v->alloc(a, 40) == q);
	/* realloc: NULL, within the block, past it, past the small ones */
	r = v->realloc(a, NULL, 10);
	memcpy(r, "0123456789", 10);
	CHECK(v->realloc(a, r, 12) == r);
	r = v->realloc(a, r, 600);
	CHECK(memcmp(r, "0123456789", 10) == 0);
	r = v->realloc(a, r, 5000);
	CHECK(memcmp(r, "0123456789", 10) == 0);
	r = v->realloc(a, r, 100000);
	CHECK(memcmp(r, "0123456789", 10) == 0);
	CHECK((uintptr_t)r % 16 == 0);
	v->free(a, r);
	v->free(a, NULL);
	for (i = 0; i < NB; i++)
		v->free(a, p[i]);
	w_html_arena_free(a);
	w_html_arena_free(NULL);
}

/* Attributes found by name whatever their number and first bytes, and
 * none found that the element lacks. */
static void
attrs(void)
{
	static const char html[] = "<html><body>"
	    "<div x=1 class=c id=i data-role=2 aria-hidden=true role=r "
	    "hidden style=s href=h title=t>a</div>"
	    "<p>b</p></body></html>";
	struct hdoc d;
	int i, div = -1, p = -1;

	CHECK_INT(w_html_parse(&d, html, sizeof(html) - 1), 0);
	for (i = d.root; i >= 0; i = w_html_next_pre(&d, i, d.root, 0))
		if (d.n[i].tag == TidyTag_DIV)
			div = i;
		else if (d.n[i].tag == TidyTag_P)
			p = i;
	CHECK(div >= 0 && p >= 0);
	if (div < 0 || p < 0) {
		w_html_free(&d);
		return;
	}
	CHECK_STR(w_html_attr(&d, div, "x"), "1");
	CHECK_STR(w_html_attr(&d, div, "class"), "c");
	CHECK_STR(w_html_attr(&d, div, "id"), "i");
	CHECK_STR(w_html_attr(&d, div, "data-role"), "2");
	CHECK_STR(w_html_attr(&d, div, "aria-hidden"), "true");
	CHECK_STR(w_html_attr(&d, div, "role"), "r");
	CHECK_STR(w_html_attr(&d, div, "hidden"), "");
	CHECK_STR(w_html_attr(&d, div, "style"), "s");
	CHECK_STR(w_html_attr(&d, div, "href"), "h");
	CHECK_STR(w_html_attr(&d, div, "title"), "t");
	CHECK(w_html_attr(&d, div, "aria-label") == NULL);
	CHECK(w_html_attr(&d, div, "classes") == NULL);
	CHECK(w_html_attr(&d, div, "i") == NULL);
	CHECK(w_html_attr(&d, p, "class") == NULL);
	CHECK(w_html_attr(&d, p, "x") == NULL);
	w_html_free(&d);
}

int
main(void)
{
	blocks();
	attrs();
	T_DONE();
}
