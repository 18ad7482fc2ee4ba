/*
 * html_product.c: what a shop page wraps around the product. The
 * shopping cart (a drawer, a mini-cart, a quick-order form posting to
 * the cart) is never the page's content, whatever the page's type: it
 * lists what the visitor is buying, not what the page offers.
 */
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

/* Whether class or id of i holds one of the words w (case aside). */
static int
named_any(const struct hdoc *d, int i, const char *const *w)
{
	static const char *const at[] = { "class", "id" };
	const char *c, *t;
	size_t n, k, a, l, j;

	for (a = 0; a < 2; a++) {
		if ((c = w_html_attr(d, i, at[a])) == NULL)
			continue;
		while ((t = w_html_class_next(&c, &n)) != NULL)
			for (k = 0; w[k] != NULL; k++)
				for (l = strlen(w[k]), j = 0; j + l <= n; j++)
					if (strncasecmp(t + j, w[k], l) == 0)
						return 1;
	}
	return 0;
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
	return named_any(d, i, cart_words);
}
