/*
 * test_html_product.c: the product-page helpers: taxonomy class tokens
 * (lib/html_dom.c), classes hiding in one view only (lib/html_score.c)
 * and the shopping-cart boxes that are never content and the amounts
 * of money in a text (lib/html_product.c), interface messages with
 * placeholders (lib/html_hidden.c), lines printed twice on a product
 * page (lib/html_product.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "html_int.h"

static int
tax(const char *t)
{
	return w_html_taxonomy_token(t, strlen(t));
}

static void
taxonomy(void)
{
	CHECK(tax("product_cat-bundles"));
	CHECK(tax("product_tag-preorder"));
	CHECK(tax("category-related-news"));
	CHECK(tax("tag-share"));
	CHECK(tax("pa_colour"));
	CHECK(!tax("category-"));
	CHECK(!tax("tag"));
	CHECK(!tax("related-products"));
	CHECK(!tax("sidebar"));
	CHECK(!tax("product-tags"));
	/* a length cuts the token: "tag-x" seen as "tag-" is none */
	CHECK(!w_html_taxonomy_token("tag-x", 4));
	/* either case, any prefix */
	CHECK(tax("Category-News"));
	CHECK(tax("TAG-sale"));
	CHECK(tax("PA_size"));
	CHECK(!tax("Catalog-news"));
	CHECK(!w_html_taxonomy_token("", 0));
}

static int
where(const char *t)
{
	return w_html_hidden_where(t, strlen(t));
}

static void
hidden_somewhere(void)
{
	CHECK(where("quick-add-hidden"));
	CHECK(where("hidden-xs"));
	CHECK(where("hidden-md-down"));
	CHECK(where("mobile-hidden"));
	CHECK(!where("hidden"));
	CHECK(!where("is-hidden"));
	CHECK(!where("u-hidden"));
	CHECK(!where("visually-hidden"));
	CHECK(!where("hidden-visually"));
	CHECK(!where("hiddenfield"));
	CHECK(!where("product-description"));
}

static size_t
prices(const char *s)
{
	return w_html_price_count(s, strlen(s));
}

static void
money(void)
{
	CHECK_INT((int)prices("$12.50"), 1);
	CHECK_INT((int)prices("from $ 9 to $1,299.00"), 2);
	CHECK_INT((int)prices("12,50 \xe2\x82\xac and \xc2\xa3" "8"), 2);
	CHECK_INT((int)prices("EUR 163.12, was 180 EUR, + USD 7"), 3);
	CHECK_INT((int)prices("12,50\xc2\xa0\xe2\x82\xac"), 1);
	/* a sign without an amount, words, a dollar in code */
	CHECK_INT((int)prices("pay in $ or \xe2\x82\xac"), 0);
	CHECK_INT((int)prices("EUROPE 2024"), 0);
	CHECK_INT((int)prices("echo $HOME"), 0);
	CHECK_INT((int)prices(""), 0);
}

static int
placeholder(const char *s)
{
	return w_html_placeholder(s, strlen(s));
}

/* Interface messages waiting for values (lib/html_hidden.c). */
static void
messages(void)
{
	CHECK(placeholder("If your bag is over {0} you pay no shipping."));
	CHECK(placeholder("Only {count} left in {store_name}"));
	CHECK(placeholder("Hello {{user.first}}"));
	CHECK(!placeholder("A set {of three} bowls"));
	CHECK(!placeholder("Braces { } and {} alone"));
	CHECK(!placeholder("A plain sentence about a kettle."));
	CHECK(!placeholder("{"));
	CHECK(!placeholder(""));
}

/* The element whose id is id, or -1. */
static int
by_id(const struct hdoc *d, const char *id)
{
	const char *v;
	int i;

	for (i = d->root; i >= 0; i = w_html_next_pre(d, i, d->root, 0))
		if (d->n[i].tag != H_TEXT &&
		    (v = w_html_attr(d, i, "id")) != NULL && strcmp(v, id) == 0)
			return i;
	return -1;
}

static void
cart(void)
{
	static const char doc[] = "<html><body>"
	    "<form id=f1 action=\"/cart/update\"><p>x</p></form>"
	    "<form id=f2 action=\"https://shop.example/cart\"><p>x</p></form>"
	    "<form id=f3 action=\"/checkout?step=1\"><p>x</p></form>"
	    "<form id=f4 action=\"/cart/add\"><p>x</p></form>"
	    "<form id=f5 action=\"/cartography/maps\"><p>x</p></form>"
	    "<form id=f6 action=\"/search\"><p>x</p></form>"
	    "<div id=d1 class=\"drawer cart-drawer is-empty\"><p>x</p></div>"
	    "<div id=d2 class=\"MiniCart__panel\"><p>x</p></div>"
	    "<aside id=CartDrawer-sidecart><p>x</p></aside>"
	    "<div id=d4 class=\"product-card\"><p>x</p></div>"
	    "<span id=s1 class=\"minicart-count\">2</span>"
	    "</body></html>";
	struct hdoc d;

	CHECK_INT(w_html_parse(&d, doc, sizeof(doc) - 1), 0);
	CHECK(w_html_cart_box(&d, by_id(&d, "f1")));
	CHECK(w_html_cart_box(&d, by_id(&d, "f2")));
	CHECK(w_html_cart_box(&d, by_id(&d, "f3")));
	CHECK(!w_html_cart_box(&d, by_id(&d, "f4")));
	CHECK(!w_html_cart_box(&d, by_id(&d, "f5")));
	CHECK(!w_html_cart_box(&d, by_id(&d, "f6")));
	CHECK(w_html_cart_box(&d, by_id(&d, "d1")));
	CHECK(w_html_cart_box(&d, by_id(&d, "d2")));
	CHECK(w_html_cart_box(&d, by_id(&d, "CartDrawer-sidecart")));
	CHECK(!w_html_cart_box(&d, by_id(&d, "d4")));
	/* inline elements are no boxes */
	CHECK(!w_html_cart_box(&d, by_id(&d, "s1")));
	CHECK(!w_html_cart_box(&d, d.body));
	w_html_free(&d);
}

/* Loading placeholders (lib/html_product.c). */
static void
loading(void)
{
	static const char doc[] = "<html><body>"
	    "<div id=a>Loading...</div>"
	    "<div id=b> <span>LOADING</span>\xe2\x80\xa6 </div>"
	    "<p id=c>Chargement</p>"
	    "<div id=d>Loading times of the site</div>"
	    "<div id=e>Unloading</div>"
	    "<div id=f>Load</div>"
	    "</body></html>";
	struct hdoc d;

	CHECK_INT(w_html_parse(&d, doc, sizeof(doc) - 1), 0);
	CHECK(w_html_loading(&d, by_id(&d, "a")));
	CHECK(w_html_loading(&d, by_id(&d, "b")));
	CHECK(w_html_loading(&d, by_id(&d, "c")));
	CHECK(!w_html_loading(&d, by_id(&d, "d")));
	CHECK(!w_html_loading(&d, by_id(&d, "e")));
	CHECK(!w_html_loading(&d, by_id(&d, "f")));
	w_html_free(&d);
}

/* The shop's controls and counters (lib/html_product.c). */
static int
shop(const char *s)
{
	return w_html_shop_line(s, strlen(s));
}

static void
shop_controls(void)
{
	CHECK(shop("Add to Wishlist!"));
	CHECK(shop("  Share  "));
	CHECK(shop("Size guide >"));
	CHECK(shop("Click to see full view"));
	CHECK(shop("Auf die Wunschliste"));
	CHECK(shop("Gr\xc3\xb6\xc3\x9f" "entabelle"));
	CHECK(shop("487"));
	CHECK(shop("(7,147)"));
	CHECK(shop("Image 2 of 7"));
	/* ratings and counts of reviews standing alone */
	CHECK(shop("4.7 out of 5 stars from 10 customer ratings"));
	CHECK(shop("Rated 5 out of 5 stars."));
	CHECK(shop("4.6/5"));
	CHECK(shop("(1,664 reviews)"));
	CHECK(shop("0 stars based on 0 reviews"));
	CHECK(shop("98 Customer ratings"));
	CHECK(shop("4,8 von 5 Sternen"));
	CHECK(shop("4.4 stars out of 1935 reviews"));
	CHECK(!shop("5 stars out of reach"));
	CHECK(!shop("4 reviews of the best tents"));
	CHECK(!shop("5 stars"));
	CHECK(!shop("Rated for 40 kg"));
	CHECK(shop("1 / 5"));
	CHECK(shop("Bild 3 von 4"));
	CHECK(shop("Add to Cart"));
	CHECK(shop("Sponsored"));
	CHECK(shop("Generated by AI"));
	CHECK(!shop("Sponsored by the city of Lyon"));
	CHECK(shop("Regular price"));
	CHECK(shop("Select a size"));
	CHECK(shop("Ajouter au panier"));
	CHECK(shop("Ships by March 10th"));
	CHECK(shop("Get notified by email when this product is in stock"));
	CHECK(!shop("Add to cart and pay later"));
	CHECK(!shop("Regular fit"));
	/* text, amounts, long lines */
	CHECK(!shop("Share the joy of cooking with friends"));
	CHECK(!shop("$20.00"));
	CHECK(!shop("Image quality"));
	CHECK(!shop("2 of us"));
	CHECK(!shop("(approx.)"));
	CHECK(!shop(""));
	CHECK(!shop("add to wishlist add to wishlist add to wishlist add"));
	/* the shop's terms: beginnings, up to SHOP_TERMS_MAX bytes */
	CHECK(shop("FREE Shipping on orders over $50"));
	CHECK(shop("Sold and shipped by Example Store"));
	CHECK(shop("or 4 interest-free payments of $12.25 with Klarna"));
	CHECK(shop("Arrives by Friday, Mar 14"));
	CHECK(shop("Kostenloser Versand ab 50 \xe2\x82\xac"));
	CHECK(!shop("Arrives fully assembled"));
	/* a fit reported from reviews; not a shop's testimonials */
	CHECK(shop("Customers say it fits true to size"));
	CHECK(!shop("What our customers say"));
	CHECK(!shop("Customers saying goodbye to the old range"));
	CHECK(!shop("Warranty: 2 years"));
	CHECK(!shop("In stock"));
	CHECK(!shop("Shipping weight: 2.4 kg"));
	CHECK(!shop("Free shipping is what we offer on every order placed "
	    "through the shop, whatever its size, its weight, its "
	    "destination, and whatever the day of the week"));
}

/* w_html_dedup_lines on c; the result compared with want. */
static void
dedup_is(const char *c, const char *want)
{
	char *s = strdup(c);
	size_t n = w_html_dedup_lines(s, strlen(s));

	s[n] = '\0';
	CHECK_STR(s, want);
	free(s);
}

static void
dedup_lines(void)
{
	/* a spec table printed again: its rows go, the header row and
	 * the separator (no words) stay */
	dedup_is("| Weight | 1.65 lb / 750 g |\n| Sensor | Full frame CMOS |\n"
	    "\n| Title | Value |\n|---|---|\n| Weight | 1.65 lb / 750 g |\n",
	    "| Weight | 1.65 lb / 750 g |\n| Sensor | Full frame CMOS |\n"
	    "\n| Title | Value |\n|---|---|\n");
	/* a paragraph printed twice, case and markup aside: the copy and
	 * its blank line go */
	dedup_is("Light rain, sweat and brief water contact.\n\nNext\n\n"
	    "- **Light rain**, sweat and brief water contact\n\nEnd\n",
	    "Light rain, sweat and brief water contact.\n\nNext\n\nEnd\n");
	/* short labels and values repeated beside each variant stay */
	dedup_is("Ideal for:\nHot sleepers\nFabric\n100% cotton\n\n"
	    "Ideal for:\nCold sleepers\nFabric\n100% cotton\n",
	    "Ideal for:\nHot sleepers\nFabric\n100% cotton\n\n"
	    "Ideal for:\nCold sleepers\nFabric\n100% cotton\n");
	/* a value of three runs but two tokens is short */
	dedup_is("- Brass\n  1.2 kg\n- Copper\n  1.2 kg\n",
	    "- Brass\n  1.2 kg\n- Copper\n  1.2 kg\n");
	/* fenced code is left alone */
	dedup_is("set the clock now\n```\nset the clock now\n```\n",
	    "set the clock now\n```\nset the clock now\n```\n");
	/* two lines differing in one number both stay */
	dedup_is("Storage: 85 GB available space\n"
	    "Storage: 86 GB available space\n",
	    "Storage: 85 GB available space\n"
	    "Storage: 86 GB available space\n");
	/* a blurb a cell printed again beside another: the sentence goes,
	 * the short one and the new one stay */
	dedup_is("The kettle boils a full litre of water in three minutes. "
	    "Its handle stays cool.\n\nA second printing. The kettle boils "
	    "a full litre of water in three minutes. It is quiet.\n",
	    "The kettle boils a full litre of water in three minutes. "
	    "Its handle stays cool.\n\nA second printing. It is quiet.\n");
	/* a line that is one such sentence goes with its blank line */
	dedup_is("Intro. The kettle boils a full litre of water in three "
	    "minutes.\n\nThe kettle boils a full litre of water in three "
	    "minutes!\n\nEnd\n",
	    "Intro. The kettle boils a full litre of water in three "
	    "minutes.\n\nEnd\n");
	/* a list's number is no sentence; the last sentence gone, the
	 * line still ends */
	dedup_is("Squeeze the lever on the right side of the panel now.\n"
	    "1. Squeeze the lever on the right side of the panel now.\n"
	    "Fine. Squeeze the lever on the right side of the panel now.\n",
	    "Squeeze the lever on the right side of the panel now.\n"
	    "1. Squeeze the lever on the right side of the panel now.\n"
	    "Fine.\n");
	dedup_is("", "");
}

int
main(void)
{
	taxonomy();
	hidden_somewhere();
	money();
	messages();
	cart();
	loading();
	shop_controls();
	dedup_lines();
	T_DONE();
}
