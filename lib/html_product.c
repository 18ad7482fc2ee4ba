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
#include "json.h"

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

/*
 * Whether item i holds a link elsewhere and an amount of money, or its
 * own cart button (HF_CART, marked as parsed: cleaning drops buttons
 * and cart links): a tile of another product bought from the tile (a
 * slide of add-ons, "Get everything you need"), priced or not. A
 * cart link running a script is not marked: a product's own editions
 * are bought so, each under its price.
 */
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
	return ((d->n[i].flags & (HF_CART | HF_OWN)) == HF_CART) ||
	    (link && w_html_prices_in(d, i) > 0);
}

/*
 * The shop's promises beside the product: a group of TILES_MIN or more
 * like siblings, each short (PROMISE_ITEM characters at most: a title
 * and a line), half of them or more naming the shop's service
 * (shipping, returns, warranty, secure payment, support), in several
 * languages: "Free shipping over $50 / 30-day returns / 2-year
 * warranty". Words of the product's own facts are not among them.
 */
#define PROMISE_ITEM	240
#define SHOP_BAR_MAX	96	/* characters of a bar of controls */

static const char *const promise_words[] = {
	"shipping", "delivery", "returns", "return policy", "refund",
	"exchange", "warranty", "guarantee", "secure payment",
	"secure checkout", "checkout", "customer service",
	"customer support", "support team", "financing", "installments",
	"versand", "lieferung", "r\xc3\xbc" "ckgabe", "r\xc3\xbc" "cksendung",
	"garantie", "kundenservice", "zahlung", "livraison", "retour",
	"remboursement", "paiement", "env\xc3\xad" "o", "devoluci",
	"spedizion", "reso", "verzending", "retourneren", NULL
};

/* Whether item i is short and names the shop's service. */
static int
promise_tile(const struct hdoc *d, int i)
{
	struct w_buf b;
	size_t n = w_html_text_len(d, i);
	int r;

	if (n == 0 || n > PROMISE_ITEM)
		return 0;
	w_html_buf_init(&b, 512);
	w_html_text(d, i, &b);
	r = w_html_ci_any(d, b.p, promise_words);
	w_buf_free(&b);
	return r;
}

static void
tile_group(const struct hdoc *d, int p, unsigned s, int n, void *arg)
{
	struct tiles *t = arg;
	size_t k;
	int j, priced = 0, promise = 0, all = 0;

	if ((double)w_html_text_len(d, p) >= TILES_SHARE * (double)t->rlen)
		return;
	/* inside a group already taken */
	for (k = 0; k < t->nv; k++)
		for (j = d->n[p].parent; j >= 0; j = d->n[j].parent)
			if (j == t->v[k])
				return;
	for (j = w_html_rep_next(d, d->n[p].first, s); j >= 0;
	    j = w_html_rep_next(d, d->n[j].next, s)) {
		priced += priced_tile(d, j);
		if (w_html_text_len(d, j) > 0) {
			all++;
			promise += promise_tile(d, j);
		}
	}
	if ((priced >= TILES_MIN && 4 * priced >= 3 * n) ||
	    (all >= TILES_MIN && promise >= 2 && 2 * promise >= all &&
	    w_html_text_len(d, p) <= (size_t)all * PROMISE_ITEM))
		w_html_push(&t->v, &t->nv, &t->vcap, p);
}

/*
 * The box that held group g, once g is gone: its highest ancestor
 * below root left with TILES_TITLE characters at most and no h1, the
 * title of the group ("Complete your order", "Add the essentials"),
 * else -1.
 */
#define TILES_TITLE	60

static int
tiles_box(const struct hdoc *d, int a, int root)
{
	int top = -1, j;

	for (; a >= 0 && a != root && w_html_text_len(d, a) <= TILES_TITLE;
	    a = d->n[a].parent) {
		for (j = a; j >= 0; j = w_html_next_pre(d, j, a, 0))
			if (d->n[j].tag == TidyTag_H1)
				return top;
		top = a;
	}
	return top;
}

/*
 * A box where TILES_MIN or more of its children are short tiles each
 * holding a cart button (HF_CART), whatever the shape of its other
 * children: the heads of a grid comparing other products, each bought
 * from its column, with the rows of their facts between them. It
 * does not hold the page's first h1 (HF_OWN: the product's own box;
 * the h1 itself is gone by now, written as the title) and holds under
 * TILES_SHARE of the content's text.
 */
static int
cart_grid(const struct hdoc *d, int p, size_t rlen)
{
	int j, n = 0;

	if ((d->n[p].flags & (HF_CART | HF_OWN)) != HF_CART ||
	    (double)w_html_text_len(d, p) >= TILES_SHARE * (double)rlen)
		return 0;
	for (j = d->n[p].first; j >= 0 && n < TILES_MIN; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT && (d->n[j].flags & HF_CART) &&
		    w_html_text_len(d, j) <= PROMISE_ITEM)
			n++;
	return n >= TILES_MIN;
}

/*
 * The title of group g: the element before g (or before the box left
 * holding g) when it is a heading, or a box of its own, a chain of
 * single children holding nothing but one heading of TILES_TITLE
 * characters at most ("<div><div><h2>Get everything you need</h2>
 * </div></div>" beside the carousel's wrapper), else -1.
 */
static int
tiles_title(const struct hdoc *d, int g)
{
	int h = w_html_prev_el(d, g), j, f;

	if (h < 0)
		return -1;
	if (d->n[h].tag >= TidyTag_H2 && d->n[h].tag <= TidyTag_H6)
		return h;
	if (w_html_text_len(d, h) == 0 || w_html_text_len(d, h) > TILES_TITLE)
		return -1;
	for (j = h; j >= 0; j = f) {
		if (d->n[j].tag >= TidyTag_H2 && d->n[j].tag <= TidyTag_H6)
			/* no loose text beside it on the way down */
			return w_html_text_len(d, j) == w_html_text_len(d, h) ?
			    h : -1;
		if ((f = w_html_first_el(d, j)) >= 0 &&
		    w_html_next_el(d, f) >= 0)
			return -1;
	}
	return -1;
}

/* See html_int.h. */
size_t
w_html_drop_tiles(struct hdoc *d, int root)
{
	struct tiles t;
	size_t k, cut;
	int h, a;

	memset(&t, 0, sizeof(t));
	t.rlen = w_html_text_len(d, root);
	if (t.rlen == 0)
		return 0;
	/* comparison grids first: the groups inside one go with it */
	for (a = d->n[root].first; a >= 0; a = w_html_next_pre(d, a, root,
	    h))
		if ((h = d->n[a].tag != H_TEXT && cart_grid(d, a, t.rlen)))
			w_html_push(&t.v, &t.nv, &t.vcap, a);
	w_html_rep_walk(d, root, 0, TILES_MIN, NULL, tile_group, &t);
	for (k = 0; k < t.nv; k++) {
		/* and the heading right above them, their title */
		if ((h = tiles_title(d, t.v[k])) >= 0)
			w_html_unlink(d, h);
		a = d->n[t.v[k]].parent;
		w_html_unlink(d, t.v[k]);
		/* and the box left holding only their title, or the
		 * title boxed before it */
		if ((a = tiles_box(d, a, root)) >= 0) {
			if ((h = tiles_title(d, a)) >= 0)
				w_html_unlink(d, h);
			w_html_unlink(d, a);
		}
	}
	free(t.v);
	cut = t.rlen - w_html_text_len(d, root);
	return cut;
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

/*
 * Whole texts of the shop's controls and counters around a product, in
 * several languages: wish lists, sharing, comparing, size guides, the
 * review and question prompts, stock alerts, a gallery's zoom hints,
 * the toggles of a folded text ("Read more", "Show less"), badges
 * ("New", "Best seller"), purchase options ("Subscribe and save"), the
 * lone labels of the review and question tabs.
 * A reader of the page wants the product, not its buttons. Matched on
 * the whole text of a short element (ASCII letters in either case,
 * spaces folded, trailing punctuation dropped).
 */
static const char *const shop_lines[] = {
	"add to wishlist", "add to wish list", "wishlist", "wish list",
	"add to list", "add to favorites", "add to favourites",
	"save to list", "save to wishlist", "remove from wishlist",
	"share", "share this", "share this product", "compare",
	"add to compare", "size guide", "size chart", "find your size",
	"write a review", "be the first to write a review",
	"be the first to review this product", "ask a question",
	"notify me", "notify me when available",
	"notify me when back in stock", "email me when available",
	"click to see full view", "click to zoom", "click image to zoom",
	"roll over image to zoom in", "hover to zoom", "image not available",
	"image unavailable", "view larger", "see full item description",
	"view full details", "read full details", "report an issue",
	"report incorrect product information",
	"see any errors on this page", "sign in to continue",
	"add to cart", "add to bag", "add to basket", "add to trolley",
	"buy now", "buy it now", "regular price", "sale price",
	"unit price", "original price", "current price", "select a size",
	"select size", "choose a size", "choose size", "select an option",
	"choose an option", "select options", "leave a review", "quantity",
	"qty", "decrease quantity", "increase quantity", "play video",
	"previous slide", "next slide", "sponsored", "advertisement",
	"read more", "read less", "learn more", "see more", "see less",
	"show more", "show less", "view more", "view less", "more details",
	"see details", "see all details", "view details", "new",
	"one-time purchase", "one time purchase", "subscribe and save",
	"subscribe & save", "best seller", "bestseller", "hot seller",
	"top seller", "reviews", "customer reviews", "q&a",
	"recently viewed", "back to top", "return to top",
	"generated by ai", "reviews summary", "anzeige", "gesponsert",
	"sponsoris\xc3\xa9", "patrocinado", "sponsorizzato", "gesponsord",
	"in den warenkorb", "in den einkaufswagen", "ajouter au panier",
	"a\xc3\xb1" "adir al carrito", "a\xc3\xb1" "adir a la cesta",
	"aggiungi al carrello", "in winkelwagen",
	"toevoegen aan winkelwagen",
	/* German, French, Spanish, Italian, Dutch */
	"auf den merkzettel", "merken", "auf die wunschliste",
	"zur wunschliste hinzuf\xc3\xbcgen", "wunschliste", "merkzettel",
	"teilen", "vergleichen", "gr\xc3\xb6\xc3\x9f" "entabelle",
	"bewertung schreiben", "frage stellen",
	"ajouter \xc3\xa0 ma liste d'envies", "liste d'envies",
	"ajouter aux favoris", "partager", "comparer", "guide des tailles",
	"\xc3\xa9" "crire un avis", "a\xc3\xb1" "adir a la lista de deseos",
	"lista de deseos", "compartir", "gu\xc3\xad" "a de tallas",
	"aggiungi alla wishlist", "condividi", "guida alle taglie",
	"verlanglijst", "delen", "maattabel", NULL
};

/*
 * Beginnings of the shop's service lines beside the product: shipping
 * and delivery promises, return terms, payment plans, store pick-up
 * (in several languages), invitations to sign in ("Sign in to add this
 * item to your wishlist"), a fit reported from reviews ("Customers say
 * it fits true to size"). Its terms, not the product's; a line of
 * SHOP_TERMS_MAX bytes at most.
 */
static const char *const shop_terms[] = {
	"free shipping", "free delivery", "free returns", "free standard",
	"free express", "free pickup", "free 30-day", "free 60-day",
	"free 90-day", "ships from", "ships in ", "ships within",
	"usually ships", "sold by ", "sold and shipped", "shipped by ",
	"fulfilled by", "arrives by", "arrives in ", "arrives before",
	"order within", "order today", "order now and", "estimated delivery",
	"get it by", "get it as soon", "delivery by ", "shipping calculated",
	"taxes included", "tax included", "vat included", "incl. vat",
	"secure checkout", "100% secure", "money back guarantee",
	"money-back guarantee", "easy returns", "hassle-free returns",
	"returns & exchanges", "returns and exchanges", "return policy",
	"pick up in store", "pick up today", "in-store pickup",
	"check store availability", "find in store", "find in a store",
	"or 4 payments", "or 4 interest-free", "or 3 payments",
	"or 3 interest-free", "pay in 4", "pay in 3", "4 interest-free",
	"buy now, pay later", "as low as ", "financing available",
	"ships by ", "get notified", "notify me when", "flat rate",
	"sign in to ", "log in to ", "customers say ",
	"kostenloser versand", "versandkostenfrei", "kostenlose r\xc3\xbc" "cksendung",
	"inkl. mwst", "lieferzeit", "lieferung bis", "livraison gratuite",
	"retours gratuits", "retour gratuit", "env\xc3\xad" "o gratis",
	"devoluci\xc3\xb3n gratuita", "spedizione gratuita",
	"gratis verzending", "gratis retourneren", NULL
};

/* Lower-case s[0..n) into t (cap bytes), spaces folded, trailing
 * punctuation and spaces dropped; returns the length. */
static size_t
shop_norm(const char *s, size_t n, char *t, size_t cap)
{
	size_t k, m = 0;
	unsigned char c;

	for (k = 0; k < n && m + 1 < cap; k++) {
		c = (unsigned char)s[k];
		if (c == '\n' || c == '\t' || c == '\r')
			c = ' ';
		if (c == ' ' && (m == 0 || t[m - 1] == ' '))
			continue;
		t[m++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	if (k < n)
		return 0;	/* too long for a control's label */
	while (m > 0 && strchr(" :.!?>|+\xe2\x80\xa6\xba\xc2\xbb",
	    t[m - 1]) != NULL)
		m--;
	t[m] = '\0';
	return m;
}

/* Whether t (m bytes) is a counter: "487", "(7,147)", "1.2k", "4.5". */
static int
shop_counter(const char *t, size_t m)
{
	size_t k = 0, e = m, dig = 0;

	if (m > 0 && t[0] == '(' && t[m - 1] == ')') {
		k = 1;
		e = m - 1;
	}
	for (; k < e; k++) {
		if (t[k] >= '0' && t[k] <= '9')
			dig++;
		else if ((t[k] != ',' && t[k] != '.' && t[k] != 'k') ||
		    dig == 0)
			return 0;
	}
	return dig > 0;
}

/* Whether t is a gallery's position: "image 2 of 7", "1 / 5". */
static int
shop_position(const char *t)
{
	static const char *const w[] = {
		"image ", "picture ", "photo ", "slide ", "bild ", NULL
	};
	const char *p = t;
	size_t k;

	for (k = 0; w[k] != NULL; k++)
		if (strncmp(p, w[k], strlen(w[k])) == 0) {
			p += strlen(w[k]);
			break;
		}
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	if (strncmp(p, " of ", 4) == 0)
		p += 4;
	else if (strncmp(p, " von ", 5) == 0 || strncmp(p, " sur ", 5) == 0)
		p += 5;
	else if (strncmp(p, " / ", 3) == 0)
		p += 3;
	else if (*p == '/')
		p++;
	else
		return 0;
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0';
}

/* Skip a number ("4", "4.7", "1,664") at *p; returns whether one was. */
static int
skip_number(const char **p)
{
	const char *q = *p;

	if (*q < '0' || *q > '9')
		return 0;
	while ((*q >= '0' && *q <= '9') || ((*q == '.' || *q == ',') &&
	    q[1] >= '0' && q[1] <= '9'))
		q++;
	*p = q;
	return 1;
}

/*
 * Whether t is a rating or a count of reviews standing alone: "4.7 out
 * of 5 stars", "Rated 5 out of 5", "4.6/5", "(1,664 reviews)", "0 stars
 * based on 0 reviews", "98 customer ratings", "4.4 stars out of 1935
 * reviews". The score, not the product.
 */
static int
shop_rating(const char *t)
{
	static const char *const count[] = {
		"review", "reviews", "rating", "ratings", "customer rating",
		"customer ratings", "customer reviews", "votes", "total votes",
		"bewertungen", "rezensionen", "avis", "opiniones",
		"recensioni", "beoordelingen", NULL
	};
	const char *p = t;

	if (strncmp(p, "rated ", 6) == 0)
		p += 6;
	if (*p == '(')
		p++;
	if (!skip_number(&p))
		return 0;
	/* a score: "of 5", "/5" or "/10" (not "24/7") */
	if (*p == '/')
		return (p[1] == '5' && p[2] == '\0') ||
		    (p[1] == '1' && p[2] == '0' && p[3] == '\0');
	if (strncmp(p, " out of ", 8) == 0)
		return p[8] >= '0' && p[8] <= '9';
	/* "4.4 stars out of 1935 reviews" */
	if (strncmp(p, " stars out of ", 14) == 0)
		return p[14] >= '0' && p[14] <= '9';
	if (strncmp(p, " von ", 5) == 0 || strncmp(p, " sur ", 5) == 0)
		return p[5] >= '0' && p[5] <= '9';
	if (strncmp(p, " stars based on ", 16) == 0 ||
	    strncmp(p, " star based on ", 15) == 0)
		return 1;
	if (*p++ != ' ')
		return 0;
	if (w_html_listed(p, count) >= 0)
		return 1;
	/* "(12 reviews)" */
	return strncmp(p, "reviews)", 8) == 0 && p[8] == '\0';
}

/* w_html_shop_line; counters and positions only when counters is set. */
static int
shop_match(const char *s, size_t n, int counters)
{
	char t[SHOP_TERMS_MAX + 8];
	size_t m, k;

	if (n == 0 || n > SHOP_TERMS_MAX ||
	    (m = shop_norm(s, n, t, sizeof(t))) == 0)
		return 0;
	for (k = 0; shop_terms[k] != NULL; k++)
		if (strncmp(t, shop_terms[k], strlen(shop_terms[k])) == 0)
			return 1;
	if (n > SHOP_LINE_MAX)
		return 0;
	if (counters && (shop_counter(t, m) || shop_position(t) ||
	    shop_rating(t)))
		return 1;
	if (w_html_listed(t, shop_lines) >= 0)
		return 1;
	return 0;
}

/* See html_int.h. */
int
w_html_shop_line(const char *s, size_t n)
{
	return shop_match(s, n, 1);
}

/* Whether s[0..n) is a counter alone ("487", "(12)"). */
static int
shop_counter_text(const char *s, size_t n)
{
	char t[SHOP_LINE_MAX + 8];
	size_t m = shop_norm(s, n, t, sizeof(t));

	return m > 0 && shop_counter(t, m);
}

/* Whether i sits in a table, a list, a term list, a heading or code (a
 * few levels up): a counter there is a value. (A div holding only text
 * is a paragraph by now: the scorer rewrote it.) */
static int
in_value(const struct hdoc *d, int i)
{
	int k, t;

	for (k = 0; i >= 0 && k < 5; i = d->n[i].parent, k++) {
		t = d->n[i].tag;
		if (t == TidyTag_TD || t == TidyTag_TH || t == TidyTag_DD ||
		    t == TidyTag_DT || t == TidyTag_LI ||
		    t == TidyTag_PRE || t == TidyTag_CODE ||
		    (t >= TidyTag_H1 && t <= TidyTag_H6))
			return 1;
	}
	return 0;
}

/* An inline element a shop makes its controls of. */
static int
control_tag(const struct hdoc *d, int i)
{
	int t = d->n[i].tag;

	return t == TidyTag_A || t == TidyTag_LABEL || t == TidyTag_SPAN ||
	    t == TidyTag_BUTTON || t == TidyTag_STRONG || t == TidyTag_B;
}

/* See html_int.h. */
int
w_html_class_hides(const struct hdoc *d, int i)
{
	static const char *const w[] = {
		"hide", "hidden", "d-none", "invisible", "is-hidden", NULL
	};
	const char *c = w_html_attr(d, i, "class"), *t;
	size_t n, k;
	int hit = 0;

	if (c == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		if (memchr(t, ':', n) != NULL ||
		    (n > 2 && strncmp(t, "d-", 2) == 0 && !(n == 6 &&
		    strncmp(t, "d-none", 6) == 0)))
			return 0;
		for (k = 0; w[k] != NULL; k++)
			if (strlen(w[k]) == n && strncasecmp(t, w[k], n) == 0)
				hit = 1;
	}
	return hit;
}

/* See html_int.h. */
size_t
w_html_shop_lines(struct hdoc *d, int root)
{
	struct w_buf b;
	size_t len = 0, plen, cut = 0;
	int i, nx, par, drop, alone;

	if (root < 0)
		return 0;
	w_html_buf_init(&b, 256);
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = 0;
		if (d->n[i].tag != H_TEXT &&
		    (len = w_html_text_len(d, i)) > 0 && len <= SHOP_TERMS_MAX) {
			/* standing alone: a block, the parent's only
			 * text, or a control in a short bar of them
			 * ("Quantity [-] 1 [+] Add to cart") */
			par = d->n[i].parent;
			plen = par >= 0 ? w_html_text_len(d, par) : 0;
			w_buf_reset(&b);
			w_html_text(d, i, &b);
			alone = w_html_is_block(d->n[i].tag) || plen == len;
			/* in a bar, a number is a value ("6/6") */
			if ((alone || (plen <= SHOP_BAR_MAX &&
			    control_tag(d, i))) && shop_match(b.p, b.len, alone))
				drop = !shop_counter_text(b.p, b.len) ||
				    !in_value(d, i);
		}
		nx = w_html_next_pre(d, i, root, drop);
		if (drop) {
			cut += len;
			w_html_unlink(d, i);
		}
	}
	w_buf_free(&b);
	return cut;
}

/*
 * Whether s[0..n) is a JSON object, or an array of them, DATA_MIN
 * bytes or more (spaces aside): a script's data written into the page
 * ({"displayPrice":"EUR 15.49",...}), which its style hides or shows
 * to no reader.
 */
#define DATA_MIN	40
#define DATA_DEPTH	64

static int
json_data(const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\n' || *s == '\t' ||
	    *s == '\r'))
		s++, n--;
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' ||
	    s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	if (n < DATA_MIN || (s[0] != '{' && !(s[0] == '[' &&
	    memchr(s, '{', n > 8 ? 8 : n) != NULL)))
		return 0;
	return w_json_check(s, n, DATA_DEPTH) == 0;
}

/* See html_int.h. */
size_t
w_html_shop_data(struct hdoc *d, int root)
{
	size_t cut = 0, len;
	int i, nx, p, drop;

	if (root < 0)
		return 0;
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = -1;
		if (d->n[i].tag == H_TEXT && !(d->n[i].flags & HF_PRE) &&
		    json_data(d->pool + d->n[i].off, d->n[i].len) &&
		    !w_html_has_ancestor(d, i, TidyTag_CODE, 0)) {
			/* the box holding it alone goes with it */
			p = d->n[i].parent;
			drop = p >= 0 && p != root &&
			    w_html_text_len(d, p) == w_html_text_len(d, i) ?
			    p : i;
		}
		nx = w_html_next_pre(d, drop >= 0 ? drop : i, root,
		    drop >= 0);
		if (drop >= 0) {
			len = w_html_text_len(d, drop);
			w_html_unlink(d, drop);
			cut += len;
		}
	}
	return cut;
}

/* FNV-1a of the words of line s[0..n) (runs of letters, digits and
 * UTF-8 sequences, ASCII case folded, one space between runs); *words
 * counts the space-separated tokens holding one ("1.2 kg" is two). */
static unsigned long long
line_words(const char *s, size_t n, size_t *words)
{
	unsigned long long h = 1469598103934665603ull;
	size_t i, runs = 0;
	int in = 0, tok = 0;

	*words = 0;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '\n')
			tok = 0;
		if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
		    c >= 0x80) {
		} else if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		else {
			in = 0;
			continue;
		}
		if (!tok) {
			(*words)++;
			tok = 1;
		}
		if (!in) {
			if (runs++ > 0)
				h = (h ^ ' ') * 1099511628211ull;
			in = 1;
		}
		h = (h ^ c) * 1099511628211ull;
	}
	return h;
}

/* Whether line s[0..n) opens or closes a fenced code block. */
static int
fence_line(const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\t'))
		s++, n--;
	return n >= 3 && (strncmp(s, "```", 3) == 0 ||
	    strncmp(s, "~~~", 3) == 0);
}

/* Set apart the hashes of sentences from those of whole lines. */
#define SENT_SALT	0x9e3779b97f4a7c15ull

/* Whether h is in the open-addressed set (cap a power of two); adds it
 * when not. A zero hash is taken as one. */
static int
seen_hash(unsigned long long *set, size_t cap, unsigned long long h)
{
	size_t k;

	if (h == 0)
		h = 1;
	for (k = h & (cap - 1); set[k] != 0 && set[k] != h;
	    k = (k + 1) & (cap - 1))
		;
	if (set[k] == h)
		return 1;
	set[k] = h;
	return 0;
}

/* The end of the sentence that starts at s[0..n): past its full stop,
 * exclamation or question mark (and a closing quote or bracket) when a
 * space follows, else n; a list's number is no sentence. The spaces
 * after it stay with it. */
static size_t
sentence_end(const char *s, size_t n)
{
	size_t i, j;

	for (i = 0; i + 1 < n; i++) {
		if (s[i] != '.' && s[i] != '!' && s[i] != '?')
			continue;
		/* a list's number ("2. Raise the panel") */
		if (strspn(s, " 0123456789") == i)
			continue;
		for (j = i + 1; j < n && (s[j] == '"' || s[j] == '\'' ||
		    s[j] == ')'); j++)
			;
		if (j < n && s[j] == ' ') {
			while (j < n && s[j] == ' ')
				j++;
			return j;
		}
	}
	return n;
}

/*
 * Copy line s[i..e) to s + o, less its sentences of SHOP_DUP_SENT
 * words or more that an earlier line or sentence already printed (each
 * one new is added to set). Returns the bytes written.
 */
static size_t
dedup_sentences(char *s, size_t i, size_t e, size_t o,
    unsigned long long *set, size_t cap)
{
	size_t a, b, w = 0, words;
	unsigned long long h;

	for (a = i; a < e; a = b) {
		b = a + sentence_end(s + a, e - a);
		h = line_words(s + a, b - a, &words) ^ SENT_SALT;
		if (words >= SHOP_DUP_SENT && seen_hash(set, cap, h))
			continue;
		if (o + w != a)
			memmove(s + o + w, s + a, b - a);
		w += b - a;
	}
	/* the line's end, when its last sentence went */
	if (w > 0 && s[o + w - 1] != '\n' && s[e - 1] == '\n') {
		while (w > 0 && s[o + w - 1] == ' ')
			w--;
		s[o + w++] = '\n';
	}
	return w;
}

/* See html_int.h. */
size_t
w_html_dedup_lines(char *s, size_t n)
{
	unsigned long long *set, h;
	size_t cap = 64, i, e, o = 0, words, nl = 0;
	int fence = 0, dropped = 0, blank_out = 1;

	for (i = 0; i < n; i++)
		nl += s[i] == '\n' || s[i] == '.' || s[i] == '!' ||
		    s[i] == '?';
	while (cap < 2 * nl + 2)
		cap <<= 1;
	set = w_calloc(cap, sizeof(*set));
	for (i = 0; i < n; i = e) {
		const char *q = memchr(s + i, '\n', n - i);
		int drop = 0, blank;

		e = q != NULL ? (size_t)(q - s) + 1 : n;
		h = line_words(s + i, e - i, &words);
		blank = words == 0 && (e - i <= 1 || strspn(s + i, " \t") >=
		    e - i - 1);
		if (fence_line(s + i, e - i))
			fence ^= 1;
		else if (!fence && words >= SHOP_DUP_WORDS)
			drop = seen_hash(set, cap, h);
		/* the blank line after a dropped one, when the text
		 * kept already ends in one */
		if (!drop && blank && dropped && blank_out)
			drop = 1;
		if (!drop && !fence && words >= SHOP_DUP_SENT) {
			size_t w = dedup_sentences(s, i, e, o, set, cap);

			drop = w == 0;
			if (!drop) {
				o += w;
				dropped = 0;
				blank_out = 0;
				continue;
			}
		}
		if (drop) {
			dropped = 1;
			continue;
		}
		if (!blank)
			dropped = 0;
		blank_out = blank;
		if (o != i)
			memmove(s + o, s + i, e - i);
		o += e - i;
	}
	free(set);
	return o;
}

/*
 * The shop's last word after the product: the section a product page
 * closes its content with (the seller's store and feedback, a brand
 * blurb, legal lines, payment and security notes, a "Need help?" box,
 * user testimonials). The pick's top is its root, or down a chain of
 * wrappers the child holding TAIL_WRAP of its text; its last child
 * with text, or that child's last child (TAIL_DEPTH levels down, the
 * deepest found), goes when it is a box (section_box) that follows a
 * sibling with text, holds TAIL_SHARE of the top's text or less, is
 * none of the product's tab panels and holds no h1, table or term
 * list and is not the last of short like items (like_item), on a pick
 * that shows an amount of money (a service or landing page taken for a
 * product shows none: its last section is its call to action). On
 * WCXB dev's product pages the cut gains on three sites for each it
 * loses; the rules keyed to a section's heading or class words that
 * were tried lost (the reviewers keep an FAQ, a warranty or the
 * reviews on one shop and drop them on the next), and so did cutting
 * everything after the first section under a heading. TAIL_SHARE
 * swept on WCXB dev's products (before the table and like-item
 * guards): 0.10 0.746, 0.15 0.747, 0.20 0.748, 0.25 0.748, 0.30 0.752,
 * 0.35 0.753, 0.40 0.751, 0.50 0.748; with them, 0.30 0.752, 0.35
 * 0.754, 0.40 0.752.
 */
#define TAIL_WRAP	0.95
#define TAIL_DEPTH	1
#define TAIL_SHARE	0.35

/* Whether i is the product's own: one of its tab panels (its
 * specifications, its details), or a box holding its h1 or a table or
 * term list (its specifications: the cut at TAIL_SHARE 0.35 without
 * this took a closing specification box on one site more). */
static int
holds_own(const struct hdoc *d, int i)
{
	int j, t;

	if (w_html_tab_panel(d, i))
		return 1;
	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		t = d->n[j].tag;
		if (t == TidyTag_H1 || t == TidyTag_TABLE || t == TidyTag_DL)
			return 1;
	}
	return 0;
}

/* Whether element i is a box of blocks (a div, a section, an aside, a
 * footer, a custom element), not a block of the text itself (a
 * paragraph, a list, a table, code). */
static int
section_box(const struct hdoc *d, int i)
{
	int t = d->n[i].tag;

	return t == TidyTag_DIV || t == TidyTag_SECTION ||
	    t == TidyTag_ASIDE || t == TidyTag_FOOTER ||
	    t == TidyTag_ARTICLE || (d->n[i].flags & HF_CUSTOM);
}

/* The last child of i with text, and in *prev the one before it (-1
 * when none). */
static int
last_with_text(const struct hdoc *d, int i, int *prev)
{
	int j, last = -1;

	*prev = -1;
	for (j = d->n[i].last; j >= 0; j = d->n[j].prev) {
		if (w_html_text_len(d, j) == 0)
			continue;
		if (last >= 0) {
			*prev = j;
			break;
		}
		last = j;
	}
	return last;
}

/* Whether i is the last of a group of like items, as prev is (the
 * same tag and class), and short (TAIL_ITEM characters at most): a
 * feature slide or card, not a closing section. (Long like boxes are
 * the page's sections: a shop's theme gives them all one class.) */
#define TAIL_ITEM	500

static int
like_item(const struct hdoc *d, int i, int prev)
{
	const char *a = w_html_attr(d, i, "class"),
	    *b = w_html_attr(d, prev, "class");

	return w_html_text_len(d, i) <= TAIL_ITEM &&
	    d->n[i].tag == d->n[prev].tag && a != NULL && b != NULL &&
	    *a != '\0' && strcmp(a, b) == 0;
}

/* See html_int.h. */
int
w_html_shop_tail(struct hdoc *d, int root)
{
	size_t total;
	int top = root, j, node, last, prev, k, cand = -1;

	if (root < 0 || w_html_text_len(d, root) == 0 ||
	    w_html_prices_in(d, root) == 0)
		return -1;
	/* down the wrappers */
	for (j = d->n[top].first; j >= 0; ) {
		if (d->n[j].tag != H_TEXT && (double)w_html_text_len(d, j) >=
		    TAIL_WRAP * (double)w_html_text_len(d, top)) {
			top = j;
			j = d->n[top].first;
		} else
			j = d->n[j].next;
	}
	total = w_html_text_len(d, top);
	for (node = top, k = 0; k <= TAIL_DEPTH; k++, node = last) {
		if ((last = last_with_text(d, node, &prev)) < 0 ||
		    d->n[last].tag == H_TEXT)
			break;
		if (prev >= 0 && section_box(d, last) &&
		    (double)w_html_text_len(d, last) <=
		    TAIL_SHARE * (double)total && !holds_own(d, last) &&
		    !like_item(d, last, prev))
			cand = last;
	}
	return cand;
}

/* See html_int.h. */
size_t
w_html_shop_tail_cut(struct hdoc *d, int root, int cand)
{
	size_t len;
	int j;

	if (root < 0 || cand < 0 || cand == root)
		return 0;
	for (j = d->n[cand].parent; j >= 0 && j != root; j = d->n[j].parent)
		;
	if (j != root)
		return 0;	/* gone with another box meanwhile */
	len = w_html_text_len(d, cand);
	w_html_unlink(d, cand);
	return len;
}

/*
 * The buy box's closing part. A product's cart button ("Add to cart",
 * a submit input of that value) sits in the box that prices the
 * product; what follows the button in that box, box by box, is the
 * shop's: stock and delivery promises, payment marks, sharing, a
 * wish list, "Sold by". A box after the button up to the nearest
 * ancestor holding a price is flagged when it is short (BUY_LINE_MAX
 * characters or less) and holds no heading, table, term list or
 * details of the product.
 */
#define BUY_LINE_MAX	200
#define BUY_BOX_MAX	4000
#define PRICED_LEVELS	8	/* a climb's levels of grown text priced at
				 * most (mark_buy, mark_reviews) */
#define BUY_NAME	20
#define CART_MARKS	256	/* cart buttons marked at most */

static const char *const buy_words[] = {
	"add to cart", "add to bag", "add to basket", "add to trolley",
	"buy now", "buy it now", "in den warenkorb", "in den einkaufswagen",
	"ajouter au panier", "a\xc3\xb1" "adir al carrito",
	"a\xc3\xb1" "adir a la cesta", "aggiungi al carrello",
	"in winkelwagen", "toevoegen aan winkelwagen", NULL
};

/* Whether s starts with a cart button's words. */
static int
buy_text(const char *s, size_t n)
{
	char t[SHOP_TERMS_MAX + 8];
	size_t k, l;

	while (n > 0 && (*s == ' ' || *s == '\n' || *s == '\t'))
		s++, n--;
	if (n > SHOP_TERMS_MAX)
		n = SHOP_TERMS_MAX;
	if (shop_norm(s, n, t, sizeof(t)) == 0)
		return 0;
	for (k = 0; buy_words[k] != NULL; k++) {
		l = strlen(buy_words[k]);
		if (strncmp(t, buy_words[k], l) == 0 &&
		    (t[l] == '\0' || t[l] == ' ' || t[l] == '-'))
			return 1;
	}
	return 0;
}

/* Whether s holds a cart button's words at a word's start. */
static int
buy_within(const char *s, size_t n)
{
	char t[SHOP_TERMS_MAX + 8];
	size_t k, l;
	const char *q;

	if (shop_norm(s, n, t, sizeof(t)) == 0)
		return 0;
	for (k = 0; buy_words[k] != NULL; k++) {
		l = strlen(buy_words[k]);
		for (q = t; (q = strstr(q, buy_words[k])) != NULL; q++)
			if ((q == t || q[-1] == ' ') && (q[l] == '\0' ||
			    q[l] == ' ' || q[l] == '-'))
				return 1;
	}
	return 0;
}

/*
 * The value of submit or button input i (NULL for any other input): the
 * label a cart button of that kind shows.
 */
static const char *
input_label(const struct hdoc *d, int i)
{
	const char *v = w_html_attr(d, i, "type");

	if (v == NULL || (strcasecmp(v, "submit") != 0 &&
	    strcasecmp(v, "button") != 0))
		return NULL;
	return w_html_attr(d, i, "value");
}

/*
 * Put control i's label into b: its words, white space between two as
 * one space (w_html_word_next). Both callers ask only of a control of
 * SHOP_TERMS_MAX characters at most, so the read is that short,
 * whatever lies around the words: a nest of controls, each asking,
 * or an icon's many elements before "Add to cart" (an svg of 70
 * paths; a read of the first 64 nodes found no label there).
 */
static void
short_label(const struct hdoc *d, int i, struct w_buf *b)
{
	w_buf_reset(b);
	w_html_text_short(d, i, b);
}

/*
 * Whether element i is a cart control as a tile has one: a button, a
 * link or a submit input whose short label holds a cart button's words
 * anywhere ("Loading... Add to cart" behind a spinner).
 */
static int
cart_control(const struct hdoc *d, int i, struct w_buf *b)
{
	const char *v;
	int t = d->n[i].tag;

	if (t == TidyTag_INPUT)
		return (v = input_label(d, i)) != NULL &&
		    buy_within(v, strlen(v));
	if ((t != TidyTag_BUTTON && t != TidyTag_A) ||
	    w_html_text_len(d, i) > SHOP_TERMS_MAX)
		return 0;
	/* a link that runs a script, not one to an offer of its own */
	if (t == TidyTag_A && ((v = w_html_attr(d, i, "href")) == NULL ||
	    v[0] == '#' || strncasecmp(v, "javascript:", 11) == 0))
		return 0;
	short_label(d, i, b);
	return buy_within(b->p, b->len);
}

/* Whether element i is a cart button. */
static int
buy_button(const struct hdoc *d, int i, struct w_buf *b)
{
	const char *v;

	if (d->n[i].tag == TidyTag_INPUT)
		return (v = input_label(d, i)) != NULL &&
		    buy_text(v, strlen(v));
	if (d->n[i].tag != TidyTag_BUTTON ||
	    w_html_text_len(d, i) > SHOP_TERMS_MAX)
		return 0;
	short_label(d, i, b);
	return buy_text(b->p, b->len);
}

/* Whether i holds what a product describes itself with. */
static int
buy_own(const struct hdoc *d, int i)
{
	int j, t;

	if (w_html_tab_panel(d, i))
		return 1;
	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		t = d->n[j].tag;
		if ((t >= TidyTag_H1 && t <= TidyTag_H6) ||
		    t == TidyTag_TABLE || t == TidyTag_DL ||
		    t == TidyTag_DETAILS)
			return 1;
	}
	return 0;
}

/* Whether i holds a grid of BUY_GRID or more like items with text (a
 * product's highlights, side by side). */
#define BUY_GRID	3

static int
buy_grid(const struct hdoc *d, int i)
{
	int j, k, m, n, best = 0;
	unsigned sh;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		if (d->n[j].tag == H_TEXT)
			continue;
		for (k = d->n[j].first; k >= 0; k = d->n[k].next) {
			if (d->n[k].tag == H_TEXT || w_html_text_len(d, k) == 0)
				continue;
			sh = w_html_shape(d, k);
			n = 0;
			for (m = k; m >= 0; m = d->n[m].next)
				if (d->n[m].tag != H_TEXT &&
				    w_html_text_len(d, m) > 0 &&
				    w_html_shape(d, m) == sh)
					n++;
			if (n > best)
				best = n;
			break;
		}
	}
	return best >= BUY_GRID;
}

/* Whether i's text starts with a stock keeping unit ("SKU: 4001"): the
 * product's own number. */
static int
buy_sku(const struct hdoc *d, int i)
{
	struct w_buf b;
	const char *p;
	int r;

	w_html_buf_init(&b, 256);
	w_html_text(d, i, &b);
	for (p = b.p; p < b.p + b.len && (*p == ' ' || *p == '\n' ||
	    *p == '\t'); p++)
		;
	r = b.p + b.len - p >= 3 && strncasecmp(p, "sku", 3) == 0;
	w_buf_free(&b);
	return r;
}

/* Whether i's text is prose: BUY_WORDS words or more and a full stop
 * ending a sentence (before a space or at the end), as the product's
 * description has; the shop's lines are labels and calls. */
#define BUY_WORDS	8

static int
buy_prose(const struct hdoc *d, int i)
{
	struct w_buf b;
	size_t k, words = 0;
	int stop = 0, in = 0;

	w_html_buf_init(&b, 256);
	w_html_text(d, i, &b);
	for (k = 0; k < b.len; k++) {
		if (b.p[k] == ' ' || b.p[k] == '\n' || b.p[k] == '\t')
			in = 0;
		else if (!in) {
			in = 1;
			words++;
		}
		if (b.p[k] == '.' && k > 0 && b.p[k - 1] != '.' &&
		    (k + 1 == b.len || b.p[k + 1] == ' ' ||
		    b.p[k + 1] == '\n'))
			stop = 1;
	}
	w_buf_free(&b);
	return stop && words >= BUY_WORDS;
}

/* See html_int.h. */
void
w_html_mark_carts(struct hdoc *d)
{
	struct w_buf b;
	int i, a, n = 0;

	w_html_buf_init(&b, 256);
	for (i = 0; (size_t)i < d->nn && n < CART_MARKS; i++) {
		if (!cart_control(d, i, &b))
			continue;
		n++;
		for (a = i; a >= 0 && !(d->n[a].flags & HF_CART);
		    a = d->n[a].parent)
			d->n[a].flags |= HF_CART;
	}
	w_buf_free(&b);
	/* the page's first h1 names the product: its boxes are no tiles */
	for (i = 0; (size_t)i < d->nn; i++)
		if (d->n[i].tag == TidyTag_H1 && w_html_text_len(d, i) > 0) {
			for (a = i; a >= 0; a = d->n[a].parent)
				d->n[a].flags |= HF_OWN;
			break;
		}
}

/* See html_int.h. */
void
w_html_mark_buy(struct hdoc *d)
{
	struct w_buf b;
	size_t clen, plen, last = 0;
	int i, e, p, s, j, tries = 0;

	w_html_buf_init(&b, 256);
	for (i = 0; (size_t)i < d->nn; i++)
		if (buy_button(d, i, &b))
			break;
	w_buf_free(&b);
	if ((size_t)i >= d->nn)
		return;
	/*
	 * The climb copies a level's text only where it grew (a level
	 * of the same text holds the same prices), at most PRICED_LEVELS
	 * times: each copy walks the level's whole subtree.
	 */
	clen = w_html_text_len(d, i);
	for (e = i; (p = d->n[e].parent) >= 0; e = p) {
		if ((plen = w_html_text_len(d, p)) > BUY_BOX_MAX)
			return;
		if (plen == last)
			continue;
		last = plen;
		if (plen > clen + 20 && (++tries > PRICED_LEVELS ||
		    w_html_prices_in(d, p) > 0))
			break;
	}
	if (tries > PRICED_LEVELS)
		return;
	if (p < 0)
		return;
	/* another cart button with a name beside it after this one: a
	 * row of products, compared */
	w_html_buf_init(&b, 256);
	for (e = i; e != p; e = d->n[e].parent)
		for (s = d->n[e].next; s >= 0; s = d->n[s].next)
			for (j = s; j >= 0; j = w_html_next_pre(d, j, s, 0))
				if (buy_button(d, j, &b) &&
				    w_html_text_len(d, s) >
				    w_html_text_len(d, j) + BUY_NAME) {
					w_buf_free(&b);
					return;
				}
	/* or one in a box beside the priced box: products side by side */
	if ((e = d->n[p].parent) >= 0)
		for (j = d->n[e].first; j >= 0; j = w_html_next_pre(d, j, e,
		    j == p))
			if (j != p && buy_button(d, j, &b)) {
				w_buf_free(&b);
				return;
			}
	w_buf_free(&b);
	for (e = i; e != p; e = d->n[e].parent)
		for (s = d->n[e].next; s >= 0; s = d->n[s].next) {
			if (d->n[s].tag == H_TEXT ||
			    w_html_text_len(d, s) == 0 ||
			    w_html_text_len(d, s) > BUY_LINE_MAX ||
			    buy_own(d, s) || buy_grid(d, s) || buy_sku(d, s) ||
			    buy_prose(d, s))
				continue;
			d->n[s].flags |= HF_BUY;
		}
}

/* Drop from root the elements flagged flag; returns the characters
 * dropped. */
static size_t
drop_flagged(struct hdoc *d, int root, unsigned flag)
{
	size_t cut = 0;
	int i, nx, drop;

	if (root < 0)
		return 0;
	for (i = d->n[root].first; i >= 0; i = nx) {
		drop = d->n[i].tag != H_TEXT && (d->n[i].flags & flag);
		nx = w_html_next_pre(d, i, root, drop);
		if (drop) {
			cut += w_html_text_len(d, i);
			w_html_unlink(d, i);
		}
	}
	return cut;
}

/* See html_int.h. */
size_t
w_html_shop_buy(struct hdoc *d, int root)
{
	return drop_flagged(d, root, HF_BUY);
}

/*
 * The labels of a box summing up a product's reviews, a shop's or a
 * model's words about what its customers say, not the product's:
 * "Customers say", "Reviews summary", "AI-generated from customer
 * reviews" (the whole text of an element, case folded, trailing
 * punctuation aside). Not "What our customers say": a shop's own
 * testimonials, which readers and truths keep.
 */
static const char *const review_labels[] = {
	"customers say", "review summary", "reviews summary",
	"customer review summary", "customer reviews summary",
	"what customers are saying", "ai-generated from customer reviews",
	"ai-generated from the text of customer reviews",
	"generated from customer reviews", "ai review summary",
	"kunden sagen", "zusammenfassung der bewertungen",
	"les clients disent", "r\xc3\xa9sum\xc3\xa9 des avis",
	"los clientes dicen", "resumen de rese\xc3\xb1" "as",
	"i clienti dicono", "riepilogo delle recensioni", "klanten zeggen",
	NULL
};

/* A review summary's box: this long at most. */
#define REVIEW_BOX_MAX	1500

/* Whether i's subtree holds a heading (h1-h6) that does not hold
 * node l: another section's. */
static int
other_heading(const struct hdoc *d, int i, int l)
{
	int j, k, t;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		t = d->n[j].tag;
		if (t < TidyTag_H1 || t > TidyTag_H6)
			continue;
		for (k = l; k >= 0 && k != j; k = d->n[k].parent)
			;
		if (k != j)
			return 1;
	}
	return 0;
}

/* Whether a child of p other than e holds a heading (h1-h6). */
static int
other_branch_heading(const struct hdoc *d, int p, int e)
{
	int j, k, t;

	for (j = d->n[p].first; j >= 0; j = d->n[j].next)
		if (j != e)
			for (k = j; k >= 0; k = w_html_next_pre(d, k, j, 0)) {
				t = d->n[k].tag;
				if (t >= TidyTag_H1 && t <= TidyTag_H6)
					return 1;
			}
	return 0;
}

/* See html_int.h. */
void
w_html_mark_reviews(struct hdoc *d)
{
	struct w_buf b;
	char t[64];
	size_t len, plen, last;
	int i, e, p, tries, marks = 0;

	w_html_buf_init(&b, 64);
	for (i = 0; (size_t)i < d->nn && marks < 16; i++) {
		if (d->n[i].tag == H_TEXT || (d->n[i].flags & HF_REVIEW) ||
		    (len = w_html_text_len(d, i)) == 0 || len >= sizeof(t))
			continue;
		w_buf_reset(&b);
		w_html_text_short(d, i, &b);
		if (shop_norm(b.p, b.len, t, sizeof(t)) == 0 ||
		    w_html_listed(t, review_labels) < 0)
			continue;
		/*
		 * the box: up while the parent is short, holds no other
		 * heading and no price (the buy box). As in mark_buy, a
		 * level's text is copied for its prices only where it
		 * grew, PRICED_LEVELS times at most (the box as climbed
		 * so far then), and only the new branches are searched
		 * for headings: each search walks a whole subtree.
		 */
		last = len;
		tries = 0;
		for (e = i; (p = d->n[e].parent) >= 0; e = p) {
			if ((plen = w_html_text_len(d, p)) > REVIEW_BOX_MAX)
				break;
			if (plen != last && (++tries > PRICED_LEVELS ||
			    w_html_prices_in(d, p) > 0))
				break;
			last = plen;
			if (e == i ? other_heading(d, p, i) :
			    other_branch_heading(d, p, e))
				break;
		}
		if (e == i)
			continue;	/* a label alone: no box */
		d->n[e].flags |= HF_REVIEW;
		marks++;
	}
	w_buf_free(&b);
}

/* See html_int.h. Not when the boxes hold most of root's text: the
 * page's only prose, whose drop would leave no readable text. */
size_t
w_html_shop_reviews(struct hdoc *d, int root)
{
	size_t box = 0;
	int i, in;

	if (root < 0)
		return 0;
	for (i = d->n[root].first; i >= 0;
	    i = w_html_next_pre(d, i, root, in)) {
		in = d->n[i].tag != H_TEXT && (d->n[i].flags & HF_REVIEW);
		if (in)
			box += w_html_text_len(d, i);
	}
	if (box * 2 > w_html_text_len(d, root))
		return 0;
	return drop_flagged(d, root, HF_REVIEW);
}
