/*
 * fuzz_htmlparse.c: libFuzzer target for w_html_parse_opt's fast path
 * (off in w_html_parse): the document is parsed with the script and
 * style bodies handed past tidy's lexer and without, and the two trees
 * must be the same node for node, byte for byte (abort otherwise). The
 * whole input is the document.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html_int.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
same(const struct hdoc *a, const struct hdoc *b)
{
	const struct hnode *x, *y;
	size_t i;

	if (a->nn != b->nn || a->na != b->na || a->root != b->root ||
	    a->html != b->html || a->head != b->head || a->body != b->body ||
	    a->truncated != b->truncated)
		return 0;
	for (i = 0; i < a->nn; i++) {
		x = &a->n[i];
		y = &b->n[i];
		if (x->tag != y->tag || x->otag != y->otag ||
		    x->parent != y->parent || x->first != y->first ||
		    x->last != y->last || x->prev != y->prev ||
		    x->next != y->next || x->flags != y->flags ||
		    x->attr != y->attr || x->nattr != y->nattr ||
		    x->len != y->len || (x->tag == H_TEXT &&
		    memcmp(a->pool + x->off, b->pool + y->off, x->len) != 0))
			return 0;
	}
	for (i = 0; i < a->na; i++)
		if (strcmp(a->pool + a->a[i].name, b->pool + b->a[i].name) ||
		    strcmp(a->pool + a->a[i].val, b->pool + b->a[i].val))
			return 0;
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hdoc a, b;
	int ra, rb;

	ra = w_html_parse_opt(&a, (const char *)data, size, 1);
	rb = w_html_parse_opt(&b, (const char *)data, size, 0);
	if (ra != rb || (ra == 0 && !same(&a, &b)))
		abort();
	w_html_free(&a);
	w_html_free(&b);
	return 0;
}
