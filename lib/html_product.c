/*
 * html_product.c: what a shop page wraps around the product. The
 * shopping cart (a drawer, a mini-cart, a quick-order form posting to
 * the cart) is never the page's content, whatever the page's type: it
 * lists what the visitor is buying, not what the page offers.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

/* Class and id words of a cart box. */
static const char *const cart_words[] = {
	"cart-drawer", "cartdrawer", "cart_drawer", "drawer-cart",
	"mini-cart", "minicart", "mini_cart", "side-cart", "sidecart",
	"cart-notification", "cart-popup", "cart-flyout", "cart-sidebar",
	"offcanvas-cart", "cart-offcanvas", "quick-order", "quickorder",
	NULL
};

/* Whether class or id of i holds a cart word (case aside; memoised:
 * the words hold no space, so a match within the value is one within
 * a token). */
static int
cart_named(const struct hdoc *d, int i)
{
	int m;

	if ((m = w_html_memo(d, i, HM_CART)) >= 0)
		return m;
	return w_html_memo_put(d, i, HM_CART,
	    w_html_ci_any(d, w_html_attr(d, i, "class"), cart_words) ||
	    w_html_ci_any(d, w_html_attr(d, i, "id"), cart_words));
}

/*
 * Whether a form's action changes the cart or checks out ("/cart",
 * "/cart/update", "/checkout"); adding to the cart ("/cart/add") is the
 * product's own form, with its options.
 */
static int
cart_action(const char *a)
{
	const char *p, *q;

	if (a == NULL)
		return 0;
	for (p = a; (p = strstr(p, "/c")) != NULL; p++) {
		if (strncasecmp(p, "/checkout", 9) == 0)
			return 1;
		if (strncasecmp(p, "/cart", 5) != 0)
			continue;
		q = p + 5;
		if (*q == '\0' || *q == '?' || *q == '#')
			return 1;
		if (*q == '/' && strncasecmp(q + 1, "add", 3) != 0)
			return 1;
	}
	return 0;
}

/* See html_int.h. */
int
w_html_cart_box(const struct hdoc *d, int i)
{
	int t = d->n[i].tag;

	if (t == TidyTag_FORM && cart_action(w_html_attr(d, i, "action")))
		return 1;
	if (t == TidyTag_BODY || t == TidyTag_HTML || t == TidyTag_MAIN ||
	    (!w_html_is_block(t) && !(d->n[i].flags & HF_CUSTOM)))
		return 0;
	return cart_named(d, i);
}

/* Whether p (before end) starts with a digit, after spaces. */
static int
digit_after(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || (unsigned char)*p == 0xc2 ||
	    (unsigned char)*p == 0xa0))
		p++;
	return p < end && *p >= '0' && *p <= '9';
}

/* Whether p (after start) follows a digit, before spaces. */
static int
digit_before(const char *p, const char *start)
{
	while (p > start && (p[-1] == ' ' || (unsigned char)p[-1] == 0xa0 ||
	    (unsigned char)p[-1] == 0xc2))
		p--;
	return p > start && p[-1] >= '0' && p[-1] <= '9';
}

/* See html_int.h. */
size_t
w_html_price_count(const char *s, size_t n)
{
	static const char *const sym[] = {
		"$", "\xe2\x82\xac", "\xc2\xa3", "\xc2\xa5", "EUR", "USD",
		"GBP", "CHF", NULL
	};
	const char *p = s, *end = s + n;
	size_t k, l, c = 0;

	while (p < end) {
		for (k = 0; sym[k] != NULL; k++) {
			l = strlen(sym[k]);
			if ((size_t)(end - p) >= l &&
			    memcmp(p, sym[k], l) == 0 &&
			    (digit_after(p + l, end) || digit_before(p, s)))
				break;
		}
		if (sym[k] != NULL) {
			c++;
			p += l;
			/* the amount itself */
			while (p < end && ((*p >= '0' && *p <= '9') ||
			    *p == '.' || *p == ',' || *p == ' '))
				p++;
		} else
			p++;
	}
	return c;
}

/* See html_int.h. */
size_t
w_html_prices_in(const struct hdoc *d, int i)
{
	struct w_buf b;
	size_t c;

	w_html_buf_init(&b, 1 << 20);
	w_html_text(d, i, &b);
	c = w_html_price_count(b.p, b.len);
	w_buf_free(&b);
	return c;
}

/*
 * Other products beside the product: a group of TILES_MIN or more like
 * siblings (html_repeat.c) that each hold a link and an amount of
 * money, three quarters of the group or more, holding under TILES_SHARE
 * of the content's text ("Similar items", "Customers also viewed",
 * sponsored strips, whatever their heading or class says). The
 * product's own variants or price tiers hold no link each, or are
 * fewer. A heading right above the group, its title, goes with it.
 */
#define TILES_MIN	3
#define TILES_SHARE	0.5

struct tiles {
	size_t		 rlen;		/* characters of the content */
	int		*v;		/* groups to drop */
	size_t		 nv, vcap;
};

/* Whether item i holds a link elsewhere and an amount of money. */
static int
priced_tile(const struct hdoc *d, int i)
{
	const char *h;
	int j, link = 0;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_A &&
		    (h = w_html_attr(d, j, "href")) != NULL && h[0] != '#' &&
		    strncasecmp(h, "javascript:", 11) != 0) {
			link = 1;
			break;
		}
	return link && w_html_prices_in(d, i) > 0;
}

static void
tile_group(const struct hdoc *d, int p, unsigned s, int n, void *arg)
{
	struct tiles *t = arg;
	size_t k;
	int j, priced = 0;

	if ((double)w_html_text_len(d, p) >= TILES_SHARE * (double)t->rlen)
		return;
	/* inside a group already taken */
	for (k = 0; k < t->nv; k++)
		for (j = d->n[p].parent; j >= 0; j = d->n[j].parent)
			if (j == t->v[k])
				return;
	for (j = w_html_rep_next(d, d->n[p].first, s); j >= 0;
	    j = w_html_rep_next(d, d->n[j].next, s))
		priced += priced_tile(d, j);
	if (priced >= TILES_MIN && 4 * priced >= 3 * n)
		w_html_push(&t->v, &t->nv, &t->vcap, p);
}

/* See html_int.h. */
void
w_html_drop_tiles(struct hdoc *d, int root)
{
	struct tiles t;
	size_t k;
	int h;

	memset(&t, 0, sizeof(t));
	t.rlen = w_html_text_len(d, root);
	if (t.rlen == 0)
		return;
	w_html_rep_walk(d, root, 0, TILES_MIN, NULL, tile_group, &t);
	for (k = 0; k < t.nv; k++) {
		/* and the heading right above them, their title */
		for (h = d->n[t.v[k]].prev; h >= 0 && d->n[h].tag == H_TEXT;
		    h = d->n[h].prev)
			;
		if (h >= 0 && d->n[h].tag >= TidyTag_H2 &&
		    d->n[h].tag <= TidyTag_H6)
			w_html_unlink(d, h);
		w_html_unlink(d, t.v[k]);
	}
	free(t.v);
}

/*
 * Whether element i holds only a loading placeholder ("Loading...",
 * "Chargement…"): a box whose scripts never ran, on any page. Its
 * text, trimmed and without trailing dots or an ellipsis, is one of
 * the words, case aside.
 */
int
w_html_loading(const struct hdoc *d, int i)
{
	static const char *const w[] = {
		"loading", "laden", "wird geladen", "chargement",
		"cargando", "caricamento", "carregando", "bezig met laden",
		"lataa", "laddar", NULL
	};
	struct w_buf b;
	size_t n, k, len = w_html_text_len(d, i);
	const char *p;
	int r = 0;

	if (len < 5 || len > 20)
		return 0;
	w_html_buf_init(&b, 256);
	w_html_text(d, i, &b);
	for (p = b.p, n = b.len; n > 0 && (*p == ' ' || *p == '\n' ||
	    *p == '\t'); p++, n--)
		;
	for (;;) {
		if (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\n' ||
		    p[n - 1] == '\t' || p[n - 1] == '.'))
			n--;
		else if (n >= 3 && memcmp(p + n - 3, "\xe2\x80\xa6", 3) == 0)
			n -= 3;
		else
			break;
	}
	for (k = 0; w[k] != NULL; k++)
		if (strlen(w[k]) == n && strncasecmp(p, w[k], n) == 0)
			r = 1;
	w_buf_free(&b);
	return r;
}
