/*
 * html_arena.c: the memory tidy parses one page in. Tidy allocates and
 * frees some 16,000 small blocks a page (nodes, attributes, their
 * strings, the lexer's tokens), and malloc's bins and consolidation
 * cost about 3% of wextract's instructions and 4% of its time on WCXB
 * pages. Here a block of up to ARENA_SMALL bytes is cut from a few
 * large chunks; a freed one goes on a list by its size and is handed
 * out again, so memory grows only as tidy's live blocks do. Larger
 * blocks (the lexer's buffer) come from malloc. The chunks go back all
 * at once after tidyRelease().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#pragma GCC diagnostic pop

#include "html_int.h"

#define ARENA_GRAIN	16		/* block sizes are multiples */
#define ARENA_SMALL	1024		/* largest block cut from a chunk */
#define ARENA_CLASSES	(ARENA_SMALL / ARENA_GRAIN + 1)
#define ARENA_HDR	8		/* a block's size, before it */
#define CHUNK_FIRST	(64 * 1024)
#define CHUNK_MAX	(1024 * 1024)

/*
 * A block's header holds its whole size (header included, even) when
 * it was cut from a chunk, or its capacity with the low bit set when
 * it came from malloc (which returned the address 16 bytes before it).
 * Blocks start at 8 mod 16, so that what tidy gets is 16-aligned as
 * malloc's is.
 */
struct chunk {
	struct chunk	*next;
	size_t		 pad;		/* the blocks start at 8 mod 16 */
};

struct arena {
	TidyAllocator	 base;		/* first: tidy hands it back */
	struct chunk	*chunks;
	char		*cur, *end;	/* the rest of the newest chunk */
	size_t		 next;		/* the next chunk's size */
	void		*freed[ARENA_CLASSES];
};

static void TIDY_CALL arena_panic(TidyAllocator *, ctmbstr);

static void *TIDY_CALL
arena_alloc(TidyAllocator *self, size_t n)
{
	struct arena *a = (struct arena *)self;
	struct chunk *c;
	size_t need, size;
	char *p;
	void *f;

	if (n > ARENA_SMALL - ARENA_HDR) {
		if (n > SIZE_MAX / 2)
			arena_panic(self, "out of memory");
		p = w_malloc(n + 2 * ARENA_HDR);
		*(size_t *)(void *)(p + ARENA_HDR) = n | 1;
		return p + 2 * ARENA_HDR;
	}
	need = (n + ARENA_HDR + ARENA_GRAIN - 1) & ~(size_t)(ARENA_GRAIN - 1);
	if ((f = a->freed[need / ARENA_GRAIN]) != NULL) {
		a->freed[need / ARENA_GRAIN] = *(void **)f;
		return f;
	}
	if ((size_t)(a->end - a->cur) < need) {
		size = a->next;
		if (a->next < CHUNK_MAX)
			a->next *= 2;
		c = w_malloc(size);
		c->next = a->chunks;
		a->chunks = c;
		a->cur = (char *)(c + 1) + ARENA_HDR;
		a->end = (char *)c + size;
	}
	p = a->cur;
	a->cur += need;
	*(size_t *)(void *)p = need;
	return p + ARENA_HDR;
}

static void TIDY_CALL
arena_free(TidyAllocator *self, void *block)
{
	struct arena *a = (struct arena *)self;
	char *p = block;
	size_t h;

	if (p == NULL)
		return;
	h = *(size_t *)(void *)(p - ARENA_HDR);
	if (h & 1) {
		free(p - 2 * ARENA_HDR);
		return;
	}
	*(void **)block = a->freed[h / ARENA_GRAIN];
	a->freed[h / ARENA_GRAIN] = block;
}

static void *TIDY_CALL
arena_realloc(TidyAllocator *self, void *block, size_t n)
{
	char *p = block, *q;
	size_t h, cap;

	if (p == NULL)
		return arena_alloc(self, n);
	h = *(size_t *)(void *)(p - ARENA_HDR);
	if (h & 1) {
		q = w_realloc(p - 2 * ARENA_HDR, n + 2 * ARENA_HDR);
		*(size_t *)(void *)(q + ARENA_HDR) = n | 1;
		return q + 2 * ARENA_HDR;
	}
	cap = h - ARENA_HDR;
	if (n <= cap)
		return block;
	q = arena_alloc(self, n);
	memcpy(q, block, cap);
	arena_free(self, block);
	return q;
}

/* As tidy's own allocator does. */
static void TIDY_CALL
arena_panic(TidyAllocator *self, ctmbstr msg)
{
	(void)self;
	fprintf(stderr, "Fatal error: %s\n", (const char *)msg);
	exit(2);
}

static const TidyAllocatorVtbl arena_vtbl = {
	arena_alloc, arena_realloc, arena_free, arena_panic
};

/* See html_int.h. */
TidyAllocator *
w_html_arena_new(void)
{
	struct arena *a = w_calloc(1, sizeof(*a));

	a->base.vtbl = &arena_vtbl;
	a->next = CHUNK_FIRST;
	return &a->base;
}

/* See html_int.h. */
void
w_html_arena_free(TidyAllocator *t)
{
	struct arena *a = (struct arena *)t;
	struct chunk *c, *n;

	if (a == NULL)
		return;
	for (c = a->chunks; c != NULL; c = n) {
		n = c->next;
		free(c);
	}
	free(a);
}
