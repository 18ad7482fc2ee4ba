/*
 * html_novel.c: what a recovered text adds to the visible one. Lines
 * are compared by their words, lowercased and blind to punctuation
 * (curly and straight quotes, dashes), through hash sets of word
 * n-grams: a long line is held when half its trigrams are, a line of
 * one or two words when the visible text has those words in a row.
 * Linear in the texts' lengths.
 */
#include <stdlib.h>
#include <string.h>

#include "html_int.h"

#define HN_OUT_MAX	(64u << 20)
#define HN_MIN_ADD	40	/* smaller novelties are noise */

/*
 * Whether s[i] starts a word byte: ASCII letters and digits, and any
 * non-ASCII character but the punctuation of U+0080-00BF and
 * U+2000-206F (dashes, curly quotes, bullets), so that "it’s – ok"
 * and "it's - ok" fold alike. *k receives the character's length.
 */
static int
word_at(const unsigned char *s, size_t n, size_t i, size_t *k)
{
	unsigned char c = s[i];

	*k = 1;
	if (c < 0x80)
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9');
	if (c == 0xc2 && i + 1 < n) {
		*k = 2;
		return 0;
	}
	if (c == 0xe2 && i + 2 < n && (s[i + 1] == 0x80 || s[i + 1] == 0x81)) {
		*k = 3;
		return 0;
	}
	return 1;
}

/* s folded to lowercase words joined by one space, into b. */
static void
fold(const char *s, size_t n, struct w_buf *b)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, k;
	int sp = 0;

	for (i = 0; i < n; i += k) {
		if (word_at(u, n, i, &k)) {
			if (sp && b->len > 0)
				w_buf_addc(b, ' ');
			sp = 0;
			w_buf_addc(b, u[i] >= 'A' && u[i] <= 'Z' ?
			    u[i] | 0x20 : u[i]);
		} else
			sp = 1;
	}
	if (b->p == NULL)
		w_buf_adds(b, "");
}

/* See html_int.h. */
int
w_hset_has(const struct w_hset *g, unsigned long long h)
{
	size_t i;

	if (g->cap == 0)
		return 0;
	for (i = h & (g->cap - 1); g->t[i] != 0; i = (i + 1) & (g->cap - 1))
		if (g->t[i] == h)
			return 1;
	return 0;
}

/* See html_int.h. */
void
w_hset_add(struct w_hset *g, unsigned long long h)
{
	struct w_hset o = *g;
	size_t i;

	if (w_hset_has(g, h))
		return;
	if (2 * (g->n + 1) > g->cap) {
		g->cap = g->cap ? g->cap * 2 : 1024;
		g->t = w_calloc(g->cap, sizeof(*g->t));
		g->n = 0;
		for (i = 0; i < o.cap; i++)
			if (o.t[i] != 0)
				w_hset_add(g, o.t[i]);
		free(o.t);
	}
	for (i = h & (g->cap - 1); g->t[i] != 0; i = (i + 1) & (g->cap - 1))
		;
	g->t[i] = h;
	g->n++;
}

/*
 * The word k-grams (k 1 to 3) of folded text f (n bytes): added to g
 * when add, else looked up, *found receiving how many g holds; g may
 * be NULL. Returns the number of k-grams.
 */
static size_t
grams(const char *f, size_t n, int k, struct w_hset *g, int add,
    size_t *found)
{
	unsigned long long w[3] = { 0, 0, 0 }, h;
	size_t i = 0, nw = 0, ng = 0;

	*found = 0;
	while (i < n) {
		h = 1469598103934665603ULL;
		for (; i < n && f[i] != ' '; i++)
			h = (h ^ (unsigned char)f[i]) * 1099511628211ULL;
		i++;
		w[0] = w[1];
		w[1] = w[2];
		w[2] = h;
		if (++nw < (size_t)k)
			continue;
		h = k == 1 ? w[2] * 7 : k == 2 ? (w[1] * 31 + w[2]) * 11 :
		    (w[0] * 31 + w[1]) * 31 + w[2];
		if (h == 0)
			h = 1;
		ng++;
		if (g == NULL)
			continue;
		if (add)
			w_hset_add(g, h);
		else if (w_hset_has(g, h))
			(*found)++;
	}
	return ng;
}

/*
 * Whether line s (n bytes) is already there: a line of one or two
 * words (an author's name, a product's name) when the visible text
 * holds those words in a row (short, its unigrams and bigrams), so
 * that it may repeat within what is recovered; a longer one when g
 * (visible and added) holds half its trigrams.
 */
static int
seen(const struct w_hset *shrt, const struct w_hset *g, const char *s,
    size_t n)
{
	struct w_buf f;
	size_t ng, found;
	int r;

	w_html_buf_init(&f, n + 16);
	fold(s, n, &f);
	if (f.len == 0)
		r = 1;
	else if ((ng = grams(f.p, f.len, 3, NULL, 0, &found)) == 0) {
		ng = grams(f.p, f.len, 2, NULL, 0, &found);
		grams(f.p, f.len, ng > 0 ? 2 : 1, (struct w_hset *)shrt, 0,
		    &found);
		r = found > 0;
	} else {
		grams(f.p, f.len, 3, (struct w_hset *)g, 0, &found);
		r = 2 * found >= ng;
	}
	w_buf_free(&f);
	return r;
}

/* Add line s's trigrams to g and, when shrt, its uni- and bigrams. */
static void
learn(struct w_hset *g, struct w_hset *shrt, const char *s, size_t n)
{
	struct w_buf f;
	size_t found;

	w_html_buf_init(&f, n + 16);
	fold(s, n, &f);
	grams(f.p, f.len, 3, g, 1, &found);
	if (shrt != NULL) {
		grams(f.p, f.len, 1, shrt, 1, &found);
		grams(f.p, f.len, 2, shrt, 1, &found);
	}
	w_buf_free(&f);
}

/*
 * Append to out the lines of add (alen bytes) that neither out nor an
 * earlier line of add holds, keeping add's blank lines, after a blank
 * line; nothing when that is under HN_MIN_ADD bytes. Returns the bytes
 * appended.
 */
size_t
w_html_merge_novel(struct w_buf *out, const char *add, size_t alen)
{
	struct w_buf novel;
	struct w_hset g, shrt;
	const char *p = add, *e = add + alen, *nl, *q, *qe;
	size_t n0;

	memset(&g, 0, sizeof(g));
	memset(&shrt, 0, sizeof(shrt));
	/* the visible text line by line, so no trigram spans two */
	for (q = out->p, qe = q + out->len; q != NULL && q < qe; q = nl + 1) {
		if ((nl = memchr(q, '\n', (size_t)(qe - q))) == NULL)
			nl = qe;
		learn(&g, &shrt, q, (size_t)(nl - q));
	}
	w_html_buf_init(&novel, HN_OUT_MAX);
	while (p < e) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		if (nl == p) {
			if (novel.len > 1 && novel.p[novel.len - 2] != '\n')
				w_buf_addc(&novel, '\n');
		} else if (!seen(&shrt, &g, p, (size_t)(nl - p))) {
			w_buf_add(&novel, p, (size_t)(nl - p));
			w_buf_addc(&novel, '\n');
			learn(&g, NULL, p, (size_t)(nl - p));
		}
		p = nl + 1;
	}
	n0 = novel.len;
	if (n0 >= HN_MIN_ADD) {
		while (out->len > 0 && out->p[out->len - 1] == '\n')
			out->len--;
		if (out->len > 0)
			w_buf_adds(out, "\n\n");
		while (novel.len > 0 && novel.p[novel.len - 1] == '\n')
			novel.len--;
		w_buf_add(out, novel.p, novel.len);
		w_buf_addc(out, '\n');
	} else
		n0 = 0;
	free(g.t);
	free(shrt.t);
	w_buf_free(&novel);
	return n0;
}

/*
 * Where the block s[0..n) starts once white space and a list marker
 * ("- ", "* ", "+ ", "12. ") are passed: an item's title printed as a
 * list item and again inside it is one text.
 */
static size_t
past_marker(const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t'))
		i++;
	k = i;
	if (k < n && (s[k] == '-' || s[k] == '*' || s[k] == '+'))
		k++;
	else {
		while (k < n && s[k] >= '0' && s[k] <= '9' && k - i < 4)
			k++;
		if (k == i || k >= n || s[k] != '.')
			return i;
		k++;
	}
	return k < n && s[k] == ' ' ? k + 1 : i;
}

/* FNV-1a of the block s[0..n) with its white space runs as one space,
 * a leading list marker left out. */
static unsigned long long
block_hash(const char *s, size_t n, size_t *len)
{
	unsigned long long h = 1469598103934665603ull;
	size_t i, m = 0;
	int sp = 0;

	for (i = past_marker(s, n); i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
			sp = m > 0;
			continue;
		}
		if (sp) {
			h = (h ^ ' ') * 1099511628211ull;
			m++;
			sp = 0;
		}
		h = (h ^ c) * 1099511628211ull;
		m++;
	}
	*len = m;
	return h;
}

/* Whether the block s[0..n) opens or closes a fenced code block an odd
 * number of times. */
static int
fence_flips(const char *s, size_t n)
{
	size_t i;
	int f = 0;

	for (i = 0; i + 3 <= n; i++)
		if ((i == 0 || s[i - 1] == '\n') && memcmp(s + i, "```", 3) == 0)
			f ^= 1;
	return f;
}

/* A set of block hashes (open addressing, 0 is empty), each with a
 * number: the index of the block it last came from (hset_seen()), or
 * how often it is on the page (copied_runs()). */
struct hset {
	unsigned long long	*v;
	size_t			*at;
	size_t			 cap, used;
};

/* Double t's room. */
static void
hset_grow(struct hset *t)
{
	unsigned long long *nv;
	size_t k, j, c2 = t->cap * 2, *na;

	nv = w_calloc(c2, sizeof(*nv));
	na = w_calloc(c2, sizeof(*na));
	for (j = 0; j < t->cap; j++) {
		if (t->v[j] == 0)
			continue;
		for (k = t->v[j] & (c2 - 1); nv[k] != 0; k = (k + 1) & (c2 - 1))
			;
		nv[k] = t->v[j];
		na[k] = t->at[j];
	}
	free(t->v);
	free(t->at);
	t->v = nv;
	t->at = na;
	t->cap = c2;
}

/* The slot of h (not 0) in t, *found whether h was in; a new one holds
 * h and 0. */
static size_t
hset_slot(struct hset *t, unsigned long long h, int *found)
{
	size_t k;

	for (;;) {
		for (k = h & (t->cap - 1); t->v[k] != 0 && t->v[k] != h;
		    k = (k + 1) & (t->cap - 1))
			;
		if ((*found = t->v[k] == h))
			return k;
		if ((t->used + 1) * 2 <= t->cap)
			break;
		hset_grow(t);
	}
	t->v[k] = h;
	t->at[k] = 0;
	t->used++;
	return k;
}

static void
hset_init(struct hset *t, size_t cap)
{
	t->cap = 64;
	t->used = 0;
	while (t->cap < cap)
		t->cap <<= 1;
	t->v = w_calloc(t->cap, sizeof(*t->v));
	t->at = w_calloc(t->cap, sizeof(*t->at));
}

/*
 * Whether h is in the set, *last the index of the block it last came
 * from; it is in once this returns, from block idx.
 */
static int
hset_seen(struct hset *t, unsigned long long h, size_t idx, size_t *last)
{
	size_t k;
	int found;

	k = hset_slot(t, h, &found);
	if (found)
		*last = t->at[k];
	t->at[k] = idx;
	return found;
}

/* One block of the text: s[start..end), a repeat, long enough, its
 * folded length. */
struct hblock {
	unsigned long long h;
	size_t	start, end, len, at;
	int	dup, lng, tile, seen, opens;
};

static int
cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a,
	    y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* The first of the sorted v[0..n) not under h. */
static size_t
lower_ull(const unsigned long long *v, size_t n, unsigned long long h)
{
	size_t lo = 0, hi = n, m;

	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (v[m] < h)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

/*
 * A field every item of a list prints (a spec line, an offer's terms,
 * a description the items share): a long block, not an item's first
 * block, found HN_FIELD_COPIES times or more, each copy after a block
 * seen for the first time since the copy before (the next item's
 * name). It stays at every copy, a part of each item. A section
 * printed again (the blocks between its copies are copies too) and an
 * item printed in two lists (a headline: an item's first block) still
 * go. Only in lists (HN_ITEMS): on WCXB dev collection F1 0.7690 ->
 * 0.7705 (fold A +0.0034, B -0.0006), listing 0.7888 -> 0.7903 (A
 * +0.0001, B +0.0026), nothing else moved; 3 sites up (a monitor arm's
 * "supports up to six monitors" line, an offer's terms on every
 * coupon), 1 down (a shop whose truth leaves its products out).
 * Measured and worse: no dedup in lists (collection -0.0083), dropping
 * runs of 1 or 2 long repeats as in articles (-0.0034, -0.0021), three
 * copies without the fresh block (-0.0030: a section printed three
 * times), item openers too (listing fold A -0.0004: headlines listed
 * under three headings, a camera's feature list under each kit).
 */
static void
item_fields(struct hblock *bl, size_t nb)
{
	unsigned long long *v;
	size_t *fresh, *copies, k, j, nu = 0;
	unsigned char *ok;

	v = w_calloc(nb + 1, sizeof(*v));
	fresh = w_calloc(nb + 1, sizeof(*fresh));
	copies = w_calloc(nb + 1, sizeof(*copies));
	ok = w_calloc(nb + 1, 1);
	for (k = 0; k < nb; k++) {
		v[k] = bl[k].h;
		fresh[k + 1] = fresh[k] + (!bl[k].seen && bl[k].len > 0);
	}
	qsort(v, nb, sizeof(*v), cmp_ull);
	/* v[0..nu) the distinct hashes, with how often each is printed
	 * and whether every copy of it follows a fresh block */
	for (k = 0; k < nb; k++) {
		if (k == 0 || v[k] != v[nu - 1]) {
			v[nu] = v[k];
			ok[nu++] = 1;
		}
		copies[nu - 1]++;
	}
	for (k = 0; k < nb; k++)
		if (bl[k].seen && fresh[k] == fresh[bl[k].at + 1])
			ok[lower_ull(v, nu, bl[k].h)] = 0;
	for (k = 0; k < nb; k++) {
		if (!bl[k].dup || bl[k].len < HN_DUP_MIN || bl[k].opens)
			continue;
		j = lower_ull(v, nu, bl[k].h);
		if (ok[j] && copies[j] >= HN_FIELD_COPIES)
			bl[k].dup = bl[k].tile = 0;
	}
	free(v);
	free(fresh);
	free(copies);
	free(ok);
}

/*
 * A card printed again for another screen size, its blocks each short:
 * a run of HN_COPY_RUN repeats or more, holding HN_DUP_MIN characters,
 * that copies an earlier run block for block and holds a name (a block
 * of HN_COPY_NAME characters or more) printed exactly twice on the
 * page. A tile's fields that every tile repeats ("Cushioning:",
 * "Neutral"; colour names; a plan's features) are on the page more
 * often than twice: they stay.
 */
static void
copied_runs(struct hblock *bl, size_t nb)
{
	struct hset cnt;
	size_t k, r, i, len, c;
	int twice, f;

	/* how often each block is on the page, counted to 3 at the most
	 * (only "exactly twice" is asked); a hash of 0 (no block asked
	 * has one) is no member */
	hset_init(&cnt, 2 * nb);
	for (k = 0; k < nb; k++)
		if (bl[k].h != 0) {
			i = hset_slot(&cnt, bl[k].h, &f);
			if (cnt.at[i] < 3)
				cnt.at[i]++;
		}
	for (k = 0; k < nb; k = r) {
		r = k + 1;
		if (!bl[k].seen)
			continue;
		c = bl[k].at;
		len = bl[k].len;
		twice = bl[k].len >= HN_COPY_NAME &&
		    cnt.at[hset_slot(&cnt, bl[k].h, &f)] == 2;
		for (; r < nb && c + (r - k) < k && bl[r].seen &&
		    bl[r].h == bl[c + (r - k)].h; r++) {
			len += bl[r].len;
			if (bl[r].len >= HN_COPY_NAME &&
			    cnt.at[hset_slot(&cnt, bl[r].h, &f)] == 2)
				twice = 1;
		}
		if (r - k >= HN_COPY_RUN && len >= HN_DUP_MIN && twice)
			for (i = k; i < r; i++)
				bl[i].dup = 1;
	}
	free(cnt.v);
	free(cnt.at);
}

/* See html_int.h. */
size_t
w_html_dedup_blocks(char *s, size_t n, int run)
{
	struct hset set;
	struct hblock *bl = NULL;
	unsigned long long h, prev = 0;
	size_t nb = 0, cb = 0, i, e, o = 0, len, k, r, nl, last = 0, item = 0;
	int fence = 0, flip, listed = 0, fields = run == HN_ITEMS,
	    huge = run == HN_HUGE;

	if (fields || huge)
		run = 0;
	hset_init(&set, n / 32);
	for (i = 0; i < n; i = e) {
		/* one block: up to and with its blank-line separator */
		const char *q = w_html_strstr_n(s + i, n - i, "\n\n");

		e = q != NULL ? (size_t)(q - s) + 2 : n;
		while (e < n && s[e] == '\n')
			e++;
		if (nb == cb) {
			cb = cb ? cb * 2 : 64;
			bl = w_realloc(bl, cb * sizeof(*bl));
		}
		bl[nb].start = i;
		bl[nb].end = e;
		flip = fence_flips(s + i, e - i);
		h = block_hash(s + i, e - i, &len);
		bl[nb].lng = len >= HN_DUP_MIN;
		bl[nb].len = len;
		bl[nb].opens = past_marker(s + i, e - i) > 0 && s[i] != ' ' &&
		    s[i] != '\t' && s[i] != '\n';
		if (bl[nb].opens) {
			item = nb;
			listed = 1;
		}
		bl[nb].seen = !fence && !flip && h != 0 && len > 0 &&
		    hset_seen(&set, h, nb, &last);
		bl[nb].at = bl[nb].seen ? last : 0;
		bl[nb].h = h;
		bl[nb].dup = bl[nb].seen && (run == 0 || h != prev) &&
		    (bl[nb].lng || run > 0 || (nb - last <= HN_DUP_NEAR &&
		    last >= item));
		bl[nb].tile = bl[nb].dup && run == 0 && listed &&
		    nb - last <= HN_DUP_NEAR && last >= item;
		prev = h;
		fence ^= flip;
		nb++;
	}
	free(set.v);
	free(set.at);
	if (fields)
		item_fields(bl, nb);
	if (run == 0)
		copied_runs(bl, nb);
	/*
	 * a run of repeats goes when it holds run long ones; at 0, when
	 * it holds HN_DUP_MIN characters (a card's title, date and price
	 * printed again for another screen size: short blocks that
	 * repeat together), a short repeat alone ("Free", "Reply") stays
	 */
	for (k = 0; k < nb; k = r) {
		for (r = k, nl = 0, len = 0; r < nb && bl[r].dup; r++) {
			nl += (size_t)bl[r].lng;
			len += bl[r].len;
		}
		if (r == k) {
			r++;
			bl[k].dup = 0;
			continue;
		}
		for (i = k; i < r; i++)
			bl[i].dup = !huge && (run > 0 ? nl >= (size_t)run :
			    len >= HN_DUP_MIN || bl[i].tile);
	}
	/* a block of HN_DUP_HUGE characters printed again over
	 * HN_DUP_NEAR blocks after its copy goes alone, in every mode (a
	 * promotion interleaved with a list's sections; a paragraph
	 * printed under each of a few headings stays) */
	for (k = 0; k < nb; k++)
		if (bl[k].seen && bl[k].len >= HN_DUP_HUGE &&
		    k - bl[k].at > HN_DUP_NEAR)
			bl[k].dup = 1;
	for (k = 0; k < nb; k++) {
		if (bl[k].dup)
			continue;
		if (o != bl[k].start)
			memmove(s + o, s + bl[k].start,
			    bl[k].end - bl[k].start);
		o += bl[k].end - bl[k].start;
	}
	free(bl);
	return o;
}
