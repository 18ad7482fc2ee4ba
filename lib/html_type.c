/*
 * html_type.c: the page-type classifier. One walk over the parsed tree,
 * before the scorer rewrites it, gathers metadata (JSON-LD and
 * microdata @type, Open Graph type) and structure (repeated sibling
 * items and what they hold: author lines, dates, prices, links,
 * pictures; code density; headings; forms), then a vote names the type
 * and how sure it is. The type chooses the extraction profile.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

/*
 * A vote of at least this tied between article and forum is the
 * forum's: a thread's posts are long paragraphs too, so the prose vote
 * grows with the thread (on WCXB dev the 4 ties of 3 or more were all
 * threads; the ties of 2, an address hint against two long paragraphs,
 * were not).
 */
#define TIE_THREAD	3

static const char *const names[] = {
	"other", "article", "forum", "product", "collection", "listing",
	"documentation", "service"
};

const char *
w_html_type_name(int t)
{
	return t >= 0 && t < H_NTYPES ? names[t] : "other";
}

/* What the walk counts. */
struct feat {
	size_t	 text, pre, link;	/* characters */
	int	 npre, nh2, nh3, np, nlongp, ntime, nform, ncart;
	int	 vote[H_NTYPES];	/* metadata votes */
	/* the best repeated group of siblings */
	int	 rep_n;			/* items */
	int	 rep_author, rep_date, rep_price, rep_img, rep_link;
	size_t	 rep_text;		/* characters in the items */
	int	 rep_h;			/* items with a heading */
	int	 rep_parent;		/* their parent */
	int	 rep_comment;		/* comment-class items or parent */
	/* the largest group of posts: items with an author line each */
	int	 th_n, th_author, th_date, th_comment, th_parent, th_hlink;
	size_t	 th_text;
	size_t	 ptext;			/* characters in prose paragraphs */
	int	 prices;		/* itemprop=price and price classes */
	int	 nav_links;		/* links in nav / aside */
	int	 comments;		/* comment-class items */
	int	 ucomm;			/* links to user pages in comments */
	size_t	 pcomm;			/* prose characters in them */
	const char *self;		/* the page's own URL, when absolute */
	int	 pubdate;		/* a publication date in metadata */
	int	 nhead, lhead;		/* headings; those that are links */
	int	 dochead;		/* API / reference headings */
	int	 svchead;		/* FAQ, pricing, testimonial headings */
	int	 code;			/* code elements outside pre */
	int	 cur;			/* currency amounts in the text */
	int	 cta;			/* call-to-action links and buttons */
	int	 qa, faq;		/* Question / Answer votes; FAQPage */
	int	 h1;			/* first h1: 1 seen, 2 named a product's */
	int	 art_h1;		/* the first h1 is inside an article
					   element */
	int	 shop_n;		/* items of the largest priced grid
					   (SHOP_MIN or more) */
};

#define SHOP_MIN	4

#define ART_H1_TEXT	80

/*
 * Links to user pages inside comment boxes that make a thread of them
 * when those boxes hold most of the page's prose.
 */
#define UCOMM_MIN	10

/* Whether word w (lowercase letters) occurs in s after a non-letter. */
static int
token_ci(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p;
	char set[3];

	if (s == NULL)
		return 0;
	set[0] = w[0];
	set[1] = (char)(w[0] - 32);
	set[2] = '\0';
	for (p = s; (p = strpbrk(p, set)) != NULL; p++) {
		if (strncasecmp(p, w, n) != 0)
			continue;
		if (p > s && ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'))
			continue;
		return 1;
	}
	return 0;
}

/*
 * Whether a class or id names a single product ("product-name",
 * "product_title", "pdp__title"), not a list of them ("products-header",
 * "productlist").
 */
static int
product_named(const char *s)
{
	const char *p;

	if (s == NULL)
		return 0;
	if (w_html_ci_contains(s, "pdp"))
		return 1;
	for (p = s; *p != '\0'; p++)
		if (strncasecmp(p, "product", 7) == 0 &&
		    (p[7] | 32) != 's' && strncasecmp(p + 7, "list", 4) != 0)
			return 1;
	return 0;
}

/* Votes from a schema.org type name. */
static void
schema_vote(struct feat *f, const char *ty, size_t n, int weight)
{
	static const struct {
		const char	*name;
		int		 type;
	} map[] = {
		{ "DiscussionForumPosting", H_FORUM }, { "QAPage", H_FORUM },
		{ "Question", -1 }, { "Answer", -1 },
		{ "SocialMediaPosting", H_FORUM },
		{ "Product", H_PRODUCT }, { "ProductGroup", H_PRODUCT },
		{ "IndividualProduct", H_PRODUCT }, { "Vehicle", H_PRODUCT },
		{ "Book", H_PRODUCT },
		{ "ItemList", H_LISTING }, { "CollectionPage", H_COLLECTION },
		{ "OfferCatalog", H_COLLECTION },
		{ "SearchResultsPage", H_LISTING },
		{ "TechArticle", H_DOC }, { "APIReference", H_DOC },
		{ "SoftwareSourceCode", H_DOC },
		{ "NewsArticle", H_ARTICLE }, { "Article", H_ARTICLE },
		{ "BlogPosting", H_ARTICLE }, { "Report", H_ARTICLE },
		{ "ReportageNewsArticle", H_ARTICLE },
		{ "AnalysisNewsArticle", H_ARTICLE },
		{ "OpinionNewsArticle", H_ARTICLE }, { "Recipe", H_ARTICLE },
		{ "ScholarlyArticle", H_ARTICLE }, { "LiveBlogPosting", H_ARTICLE },
		{ "Service", H_SERVICE }, { "ProfessionalService", H_SERVICE },
		{ "LocalBusiness", H_SERVICE }, { "FAQPage", H_SERVICE },
		{ "SoftwareApplication", H_SERVICE },
		{ NULL, 0 }
	};
	int k;

	for (k = 0; map[k].name != NULL; k++)
		if (strlen(map[k].name) == n &&
		    strncmp(map[k].name, ty, n) == 0) {
			if (map[k].type < 0)
				/* see w_html_page_type */
				f->qa += weight;
			else
				f->vote[map[k].type] += weight;
			if (strcmp(map[k].name, "FAQPage") == 0)
				f->faq = 1;
			return;
		}
}

/* Every "@type": "X" (or ["X", ...]) in a JSON-LD text, unparsed. */
static void
ld_types(struct feat *f, const char *s, size_t len)
{
	const char *p = s, *e = s + len, *q;
	int seen = 0;

	while (p < e && seen < 64 &&
	    (p = w_html_strstr_n(p, (size_t)(e - p), "\"@type\"")) != NULL) {
		p += 7;
		while (p < e && (*p == ' ' || *p == ':' || *p == '\n' ||
		    *p == '\t' || *p == '\r' || *p == '['))
			p++;
		while (p < e && *p == '"') {
			q = memchr(p + 1, '"', (size_t)(e - p - 1));
			if (q == NULL)
				return;
			schema_vote(f, p + 1, (size_t)(q - p - 1), 3);
			seen++;
			p = q + 1;
			while (p < e && (*p == ',' || *p == ' '))
				p++;
		}
	}
}

/* A microdata itemtype URL: its last path segment. */
static void
itemtype(struct feat *f, const char *v)
{
	const char *s = strrchr(v, '/');

	s = s != NULL ? s + 1 : v;
	schema_vote(f, s, strcspn(s, " "), 2);
}

/* Whether class list c holds token w exactly. */
static int
class_token(const char *c, const char *w)
{
	size_t n = strlen(w), k;

	while (*c != '\0') {
		c += strspn(c, " \t\n\r\f");
		k = strcspn(c, " \t\n\r\f");
		if (k == n && strncasecmp(c, w, n) == 0)
			return 1;
		c += k;
	}
	return 0;
}

/* Whether element i names an author (class, itemprop). */
int
w_html_authorish(const struct hdoc *d, int i)
{
	static const char *const words[] = {
		"author", "username", "user-name", "poster", "user-info",
		"userinfo", "byline", NULL
	};
	const char *c, *ip;
	int m;

	if ((m = w_html_memo(d, i, HM_AUTHOR)) >= 0)
		return m;
	c = w_html_attr(d, i, "class");
	ip = w_html_attr(d, i, "itemprop");
	if (ip != NULL && (strstr(ip, "author") || strstr(ip, "creator")))
		return w_html_memo_put(d, i, HM_AUTHOR, 1);
	if (c == NULL)
		return w_html_memo_put(d, i, HM_AUTHOR, 0);
	return w_html_memo_put(d, i, HM_AUTHOR, w_html_ci_any(d, c, words) ||
	    token_ci(c, "user") || class_token(c, "by"));
}

/* Whether element i holds a price (itemprop, class). */
int
w_html_priceish(const struct hdoc *d, int i)
{
	const char *c, *ip;
	int m;

	if ((m = w_html_memo(d, i, HM_PRICE)) >= 0)
		return m;
	c = w_html_attr(d, i, "class");
	ip = w_html_attr(d, i, "itemprop");
	if (ip != NULL && strcmp(ip, "price") == 0)
		return w_html_memo_put(d, i, HM_PRICE, 1);
	return w_html_memo_put(d, i, HM_PRICE, c != NULL &&
	    token_ci(c, "price"));
}

static int currency(const char *, size_t);

struct item {
	int	 author, date, price, img, link, head, money;
	int	 hlink;		/* a heading linking to another page */
	size_t	 text;
};

/* See html_int.h. */
int
w_html_date_named(const struct hdoc *d, int j)
{
	int m;

	if ((m = w_html_memo(d, j, HM_DATE)) >= 0)
		return m;
	return w_html_memo_put(d, j, HM_DATE,
	    w_html_attr(d, j, "datetime") != NULL ||
	    w_html_ci_contains(w_html_attr(d, j, "class"), "date"));
}

/*
 * Whether text t (n bytes, a short run of its own) reads as a date: a
 * year (19xx or 20xx, digits on neither side) beside a month's name or
 * a day and month in digits ("2024-08-08 07:50", "Aug 7, 2023",
 * "08/08/2024").
 */
static int
date_text(const char *t, size_t n)
{
	static const char *const mon[] = {
		"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
		"oct", "nov", "dec", NULL
	};
	size_t k, m;
	int year = 0, month = 0, sep = 0;

	for (k = 0; k + 4 <= n; k++)
		if ((t[k] == '1' && t[k + 1] == '9') ||
		    (t[k] == '2' && t[k + 1] == '0'))
			if (t[k + 2] >= '0' && t[k + 2] <= '9' &&
			    t[k + 3] >= '0' && t[k + 3] <= '9' &&
			    (k == 0 || t[k - 1] < '0' || t[k - 1] > '9') &&
			    (k + 4 == n || t[k + 4] < '0' || t[k + 4] > '9'))
				year = 1;
	if (!year)
		return 0;
	for (k = 0; k + 3 <= n && !month; k++) {
		if (k > 0 && ((t[k - 1] | 32) >= 'a' && (t[k - 1] | 32) <= 'z'))
			continue;
		for (m = 0; mon[m] != NULL; m++)
			if (strncasecmp(t + k, mon[m], 3) == 0)
				month = 1;
	}
	for (k = 1; k + 1 < n; k++)
		if ((t[k] == '-' || t[k] == '/' || t[k] == '.') &&
		    t[k - 1] >= '0' && t[k - 1] <= '9' &&
		    t[k + 1] >= '0' && t[k + 1] <= '9')
			sep++;
	return month || sep >= 2;
}

#define DATE_TEXT	40	/* characters in a date's own text */

/* Whether v starts with an ISO 8601 timestamp, "2024-05-01T12:00". */
static int
iso_stamp(const char *v)
{
	static const char pat[] = "dddd-dd-ddTdd:dd";
	size_t k;

	if (v == NULL)
		return 0;
	for (k = 0; pat[k] != '\0'; k++)
		if (pat[k] == 'd' ? v[k] < '0' || v[k] > '9' : v[k] != pat[k])
			return 0;
	return 1;
}

/*
 * Whether element j carries a post's time in an attribute only, for a
 * script to draw the visible date from (an empty <a class="timeago"
 * title="2024-11-27T15:50:23Z">): its title or data-time is an ISO
 * timestamp.
 */
static int
stamped(const struct hdoc *d, int j)
{
	return iso_stamp(w_html_attr(d, j, "title")) ||
	    iso_stamp(w_html_attr(d, j, "data-time"));
}

/* Whether heading h links to another page (a teaser's title), not to
 * a place on this one ("#p42", a post's own anchor). */
static int
away_heading(const struct hdoc *d, int h)
{
	const char *href;
	int j;

	for (j = d->n[h].parent; j >= 0 && j != d->body; j = d->n[j].parent)
		if (d->n[j].tag == TidyTag_A)
			return (href = w_html_attr(d, j, "href")) != NULL &&
			    *href != '#';
	for (j = d->n[h].first; j >= 0; j = w_html_next_pre(d, j, h, 0))
		if (d->n[j].tag == TidyTag_A &&
		    (href = w_html_attr(d, j, "href")) != NULL && *href != '#')
			return 1;
	return 0;
}

/* What one repeated item holds. */
static void
item_scan(const struct hdoc *d, int i, struct item *it)
{
	int j, t;

	memset(it, 0, sizeof(*it));
	it->text = w_html_text_len(d, i);
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		t = d->n[j].tag;
		if (t == H_TEXT) {
			if (!it->money && currency(d->pool + d->n[j].off,
			    d->n[j].len) > 0)
				it->money = 1;
			if (!it->date && d->n[j].len <= DATE_TEXT &&
			    date_text(d->pool + d->n[j].off, d->n[j].len))
				it->date = 1;
			continue;
		}
		if (t == TidyTag_TIME)
			it->date = 1;
		else if (t == TidyTag_IMG || t == TidyTag_PICTURE)
			it->img = 1;
		else if (t == TidyTag_A && w_html_attr(d, j, "href") != NULL)
			it->link = 1;
		else if (t >= TidyTag_H1 && t <= TidyTag_H6) {
			it->head = 1;
			if (!it->hlink)
				it->hlink = away_heading(d, j);
		}
		if (!it->author && w_html_authorish(d, j))
			it->author = 1;
		if (!it->price && w_html_priceish(d, j))
			it->price = it->money = 1;
		if (!it->date && (w_html_date_named(d, j) || stamped(d, j)))
			it->date = 1;
	}
	if (d->n[i].tag >= TidyTag_H1 && d->n[i].tag <= TidyTag_H6)
		it->head = 1;
}

static int
comment_class(const struct hdoc *d, int i)
{
	return i >= 0 && w_html_comment_named(d, i);
}

/* See html_int.h. */
int
w_html_comment_named(const struct hdoc *d, int i)
{
	int m;

	if ((m = w_html_memo(d, i, HM_COMMENT)) >= 0)
		return m;
	return w_html_memo_put(d, i, HM_COMMENT,
	    w_html_ci_contains(w_html_attr(d, i, "class"), "comment") ||
	    w_html_ci_contains(w_html_attr(d, i, "id"), "comment"));
}

/* See html_int.h. */
int
w_html_in_comments(const struct hdoc *d, int i, int stop)
{
	for (; i >= 0 && i != stop; i = d->n[i].parent)
		if (w_html_comment_named(d, i))
			return 1;
	return 0;
}

/* Characters of prose paragraphs under i. */
static size_t
prose(const struct hdoc *d, int i)
{
	size_t n = 0, len;
	int j;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_P &&
		    (len = w_html_text_len(d, j)) > 40 &&
		    w_html_link_density(d, j) < 0.3)
			n += len;
	return n;
}

/*
 * Characters of the list items outside p under i that read as text (a
 * recipe's ingredients and steps): over 20 characters, under 0.3 links,
 * holding no paragraph (prose() counts those).
 */
static size_t
items_outside(const struct hdoc *d, int i, int p)
{
	size_t n = 0, len;
	int j, k;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		if (j == p) {
			j = w_html_next_pre(d, j, i, 1);
			if (j < 0)
				break;
		}
		if (d->n[j].tag != TidyTag_LI ||
		    (len = w_html_text_len(d, j)) <= 20 ||
		    w_html_link_density(d, j) >= 0.3)
			continue;
		for (k = d->n[j].first; k >= 0; k = w_html_next_pre(d, k, j, 0))
			if (d->n[k].tag == TidyTag_P)
				break;
		if (k < 0)
			n += len;
	}
	return n;
}

/* Whether group g is comments: its parent, the parent's parent or
 * one of its items has a comment class. */
static int
commented(const struct hdoc *d, const struct w_html_group *g)
{
	int j, p = g->p;

	if (comment_class(d, p) || comment_class(d, d->n[p].parent))
		return 1;
	for (j = w_html_rep_next(d, d->n[p].first, g->shape); j >= 0;
	    j = w_html_rep_next(d, d->n[j].next, g->shape))
		if (comment_class(d, j))
			return 1;
	return 0;
}

/*
 * The largest group of one shape among the element children of p (at
 * least 3, or 2 for long items); keep it in f when it holds more text
 * than the best so far.
 */
static void
group(const struct hdoc *d, const struct w_html_group *g, struct feat *f)
{
	struct item it;
	int j, p = g->p;
	int a = 0, dt = 0, pr = 0, im = 0, ln = 0, hd = 0, mo = 0, hl = 0;
	size_t text = 0;

	for (j = w_html_rep_next(d, d->n[p].first, g->shape); j >= 0;
	    j = w_html_rep_next(d, d->n[j].next, g->shape)) {
		item_scan(d, j, &it);
		a += it.author;
		dt += it.date;
		pr += it.price;
		im += it.img;
		ln += it.link;
		hd += it.head;
		mo += it.money;
		hl += it.hlink;
		text += it.text;
	}
	if (g->n >= SHOP_MIN && mo * 2 >= g->n && ln * 2 >= g->n &&
	    text / (size_t)g->n < 600 && g->n > f->shop_n)
		f->shop_n = g->n;
	if (g->n < 3 && text < 600)
		return;
	if (g->n >= 3 && a >= 2 && a * 2 >= g->n && pr == 0 &&
	    text > f->th_text) {
		f->th_n = g->n;
		f->th_author = a;
		f->th_date = dt;
		f->th_text = text;
		f->th_parent = p;
		f->th_hlink = hl;
		f->th_comment = commented(d, g);
	}
	if (text <= f->rep_text)
		return;
	f->rep_n = g->n;
	f->rep_author = a;
	f->rep_date = dt;
	f->rep_price = pr;
	f->rep_img = im;
	f->rep_link = ln;
	f->rep_h = hd;
	f->rep_text = text;
	f->rep_parent = p;
	f->rep_comment = commented(d, g);
}

/* The best group of the page's (those in preformatted text left out). */
static void
groups(const struct hdoc *d, const struct w_html_groups *gs, struct feat *f)
{
	struct w_html_groups own = { NULL, 0, 0 };
	size_t k;

	if (gs == NULL) {
		w_html_rep_survey(d, &own);
		gs = &own;
	}
	for (k = 0; k < gs->n; k++)
		if (!(gs->g[k].where & H_REP_PRE))
			group(d, &gs->g[k], f);
	free(own.g);
}

static int
skip_tag(int t)
{
	return t == TidyTag_SCRIPT || t == TidyTag_STYLE ||
	    t == TidyTag_NOSCRIPT || t == TidyTag_TEMPLATE ||
	    t == TidyTag_SVG;
}

/*
 * The page's own address from <link rel=canonical> or og:url, when it is
 * an absolute http(s) URL: a hint for the type, never fetched.
 */
static void
self_url(const struct hdoc *d, int i, struct feat *f)
{
	const char *v = NULL, *rel;

	if (d->n[i].tag == TidyTag_LINK) {
		rel = w_html_attr(d, i, "rel");
		if (rel != NULL && token_ci(rel, "canonical"))
			v = w_html_attr(d, i, "href");
	} else if ((rel = w_html_attr(d, i, "property")) != NULL &&
	    strcasecmp(rel, "og:url") == 0 && f->self == NULL)
		v = w_html_attr(d, i, "content");
	if (v == NULL)
		return;
	v += strspn(v, " \t\r\n");
	if ((strncasecmp(v, "http://", 7) == 0 && v[7] != '/' &&
	    v[7] != '\0') || (strncasecmp(v, "https://", 8) == 0 &&
	    v[8] != '/' && v[8] != '\0'))
		f->self = v;	/* canonical wins over og:url */
}

/* The first sz - 1 bytes of the text under i, lowercase ASCII. */
static void
short_text(const struct hdoc *d, int i, char *buf, size_t sz)
{
	size_t n = 0, k;
	int j;

	for (j = d->n[i].first; j >= 0 && n + 1 < sz;
	    j = w_html_next_pre(d, j, i, 0)) {
		if (d->n[j].tag != H_TEXT)
			continue;
		for (k = 0; k < d->n[j].len && n + 1 < sz; k++) {
			char c = d->pool[d->n[j].off + k];

			buf[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		}
		if (n + 1 < sz)
			buf[n++] = ' ';
	}
	buf[n] = '\0';
}

/* Whether s starts (after spaces) with or is one of the words. */
static int
lead_word(const char *s, const char *const *w)
{
	s += strspn(s, " \t\r\n");
	/* the first byte settles most words without a call */
	for (; *w != NULL; w++)
		if (((*w)[0] == s[0] || (*w)[0] == '\0') &&
		    strncmp(s, *w, strlen(*w)) == 0)
			return 1;
	return 0;
}

/* Class words of add-to-cart controls. */
static const char *const cart_words[] = {
	"add-to-cart", "addtocart", "add_to_cart", NULL
};
/* Heading vocabulary of reference documentation, several languages. */
static const char *const doc_words[] = {
	"parameters", "parameter", "arguments", "returns", "return value",
	"return type", "syntax", "example", "usage", "options", "exceptions",
	"raises", "throws", "see also", "attributes", "methods",
	"properties", "fields", "constructor", "installation", "prerequisites",
	"requirements", "description", "synopsis", "type parameters",
	"par\xc3\xa1metros", "param\xc3\xa8tres", "parametri",
	"r\xc3\xbc" "ckgabe", "beispiel", "exemple", "ejemplo", "esempio",
	"syntaxe", "sintaxis", "sintassi", "valeur de retour",
	"valor de retorno", "voraussetzungen", NULL
};

/* Headings of service and landing pages. */
static const char *const svc_words[] = {
	"faq", "frequently asked", "pricing", "plans", "testimonials",
	"what our clients", "what our customers", "why choose", "why us",
	"our services", "our process", "how it works", "get started",
	"features", "benefits", "contact us", "get in touch", "our clients",
	"trusted by", "case studies", "request a", "book a", "schedule a",
	NULL
};

/* Call-to-action wording of short links and buttons. */
static const char *const cta_words[] = {
	"get started", "contact us", "contact sales", "request a",
	"request demo", "book a", "book now", "get a quote", "get a free",
	"free quote", "free trial", "start free", "start your", "try it",
	"try for free", "try free", "sign up", "schedule a", "talk to",
	"call now", "call us", "get in touch", "learn more", "apply now",
	"enroll", "register now", "buy now", "get pricing", "see pricing",
	"see plans", "view plans", "start now", "join now", "get demo",
	"watch demo", "download now", NULL
};

/* Currency amounts in a text: a symbol next to a digit. */
static int
currency(const char *s, size_t n)
{
	size_t k;
	int c = 0;

	for (k = 0; k < n; k++) {
		unsigned char ch;
		size_t w = 0;

		/* eight bytes at a time while none is '$' or the lead byte
		 * of a sign below (0xc2, 0xe2): most text holds none */
		while (n - k >= 8) {
			const uint64_t ones = 0x0101010101010101ULL;
			uint64_t v, x, y, z;

			memcpy(&v, s + k, 8);
			x = v ^ (ones * '$');
			y = v ^ (ones * 0xc2);
			z = v ^ (ones * 0xe2);
			if ((((x - ones) & ~x) | ((y - ones) & ~y) |
			    ((z - ones) & ~z)) & (ones * 0x80))
				break;
			k += 8;
		}
		if (k >= n)
			break;
		ch = (unsigned char)s[k];
		if (ch == '$')
			w = 1;
		else if (ch == 0xc2 && k + 1 < n &&
		    ((unsigned char)s[k + 1] == 0xa3 ||
		    (unsigned char)s[k + 1] == 0xa5))
			w = 2;			/* pound, yen */
		else if (ch == 0xe2 && k + 2 < n &&
		    (unsigned char)s[k + 1] == 0x82 &&
		    ((unsigned char)s[k + 2] == 0xac ||
		    (unsigned char)s[k + 2] == 0xb9))
			w = 3;			/* euro, rupee */
		if (w == 0)
			continue;
		if ((k + w < n && s[k + w] >= '0' && s[k + w] <= '9') ||
		    (k + w + 1 < n && s[k + w] == ' ' && s[k + w + 1] >= '0' &&
		    s[k + w + 1] <= '9') ||
		    (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9') ||
		    (k > 1 && s[k - 1] == ' ' && s[k - 2] >= '0' &&
		    s[k - 2] <= '9'))
			c++;
		k += w - 1;
	}
	return c;
}

/*
 * Characters under i inside links to other pages (a heading's own
 * "#section" anchor is not one).
 */
static size_t
linked(const struct hdoc *d, int i)
{
	const char *h;
	size_t n = 0;
	int j, skip = 0;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, skip)) {
		skip = 0;
		if (d->n[j].tag == TidyTag_A &&
		    (h = w_html_attr(d, j, "href")) != NULL && h[0] != '#' &&
		    h[0] != '\0') {
			n += w_html_text_len(d, j);
			skip = 1;
		}
	}
	return n;
}

/*
 * Whether href h is the address of a user's page: a path beginning
 * /u/, /user/, /users/, /profile(s)/, /member(s)/ and naming one (an
 * article's /author/ page is not one, nor a personal home page /~name:
 * on WCXB dev two story pages of one site with threads of /~name links
 * have truths that disagree, one keeps the thread and one does not).
 */
static int
user_href(const char *h)
{
	static const char *const w[] = {
		"/u/", "/user/", "/users/", "/profile/", "/profiles/",
		"/member/", "/members/", NULL
	};
	const char *p;
	size_t k;

	if (h == NULL)
		return 0;
	if ((p = strstr(h, "//")) != NULL && (p == h || p[-1] == ':'))
		h = p + 2 + strcspn(p + 2, "/?#");
	else if (strstr(h, "://") != NULL)
		return 0;
	for (k = 0; w[k] != NULL; k++)
		if (strncasecmp(h, w[k], strlen(w[k])) == 0 &&
		    h[strlen(w[k])] != '\0' && h[strlen(w[k])] != '?')
			return 1;
	return 0;
}

/* Whether i or an ancestor below the body is comment-named. */
static int
in_thread(const struct hdoc *d, int i)
{
	for (; i >= 0 && d->n[i].tag != TidyTag_BODY &&
	    d->n[i].tag != TidyTag_HTML; i = d->n[i].parent)
		if (w_html_comment_named(d, i))
			return 1;
	return 0;
}

static void
walk(const struct hdoc *d, struct feat *f)
{
	const char *v;
	char txt[48];
	int i, t, skip;

	for (i = d->root; i >= 0; i = w_html_next_pre(d, i, d->root, skip)) {
		skip = 0;
		t = d->n[i].tag;
		if (t == H_TEXT) {
			if (f->cur < 1000)
				f->cur += currency(d->pool + d->n[i].off,
				    d->n[i].len);
			continue;
		}
		if (t == TidyTag_LINK) {
			self_url(d, i, f);
			continue;
		}
		if (t == TidyTag_META) {
			self_url(d, i, f);
			v = w_html_attr(d, i, "property");
			if (v != NULL && (strcasecmp(v, "article:published_time")
			    == 0 || strcasecmp(v, "article:modified_time") == 0))
				f->pubdate = 1;

			if (v != NULL && strcasecmp(v, "og:type") == 0 &&
			    (v = w_html_attr(d, i, "content")) != NULL) {
				if (strncasecmp(v, "article", 7) == 0 ||
				    strcasecmp(v, "blog") == 0)
					f->vote[H_ARTICLE] += 2;
				else if (strncasecmp(v, "product", 7) == 0 ||
				    strstr(v, ":product") != NULL)
					f->vote[H_PRODUCT] += 3;
			}
			continue;
		}
		if (t == TidyTag_SCRIPT) {
			v = w_html_attr(d, i, "type");
			if (v != NULL && strcasecmp(v, "application/ld+json")
			    == 0 && d->n[i].first >= 0 &&
			    d->n[d->n[i].first].tag == H_TEXT) {
				ld_types(f, d->pool + d->n[d->n[i].first].off,
				    d->n[d->n[i].first].len);
				if (w_html_strstr_n(d->pool +
				    d->n[d->n[i].first].off,
				    d->n[d->n[i].first].len,
				    "\"datePublished\"") != NULL)
					f->pubdate = 1;
			}
			skip = 1;
			continue;
		}
		if (skip_tag(t)) {
			skip = 1;
			continue;
		}
		if ((v = w_html_attr(d, i, "itemtype")) != NULL)
			itemtype(f, v);
		if (t == TidyTag_A && user_href(w_html_attr(d, i, "href")) &&
		    in_thread(d, i))
			f->ucomm++;
		if ((v = w_html_attr(d, i, "itemprop")) != NULL &&
		    strcmp(v, "datePublished") == 0)
			f->pubdate = 1;
		if (t >= TidyTag_H1 && t <= TidyTag_H6) {
			size_t hl = w_html_text_len(d, i);

			f->nhead++;
			if (t == TidyTag_H1 && f->h1 == 0)
				f->art_h1 = w_html_has_ancestor(d, i,
				    TidyTag_ARTICLE, 0);
			if (t == TidyTag_H1 && f->h1 == 0)
				f->h1 = product_named(w_html_attr(d, i,
				    "class")) || product_named(w_html_attr(d,
				    i, "id")) ? 2 : 1;
			if (hl > 0 && (linked(d, i) * 2 > hl ||
			    w_html_has_ancestor(d, i, TidyTag_A, 4)))
				f->lhead++;
			short_text(d, i, txt, sizeof(txt));
			if (lead_word(txt, doc_words))
				f->dochead++;
			if (lead_word(txt, svc_words))
				f->svchead++;
		} else if (t == TidyTag_A || t == TidyTag_BUTTON) {
			if (w_html_text_len(d, i) < 40) {
				short_text(d, i, txt, sizeof(txt));
				if (lead_word(txt, cta_words))
					f->cta++;
			}
		} else if (t == TidyTag_CODE) {
			if (!w_html_has_ancestor(d, i, TidyTag_PRE, 3))
				f->code++;
		}
		if (w_html_priceish(d, i))
			f->prices++;
		switch (t) {
		case TidyTag_PRE:
			f->npre++;
			f->pre += w_html_text_len(d, i);
			skip = 1;
			continue;
		case TidyTag_H2: f->nh2++; break;
		case TidyTag_H3: f->nh3++; break;
		case TidyTag_P:
			f->np++;
			if (w_html_text_len(d, i) > 40 &&
			    w_html_link_density(d, i) < 0.3) {
				f->ptext += w_html_text_len(d, i);
				if (in_thread(d, i))
					f->pcomm += w_html_text_len(d, i);
			}
			if (w_html_text_len(d, i) > 200 &&
			    w_html_link_density(d, i) < 0.2)
				f->nlongp++;
			break;
		case TidyTag_TIME: f->ntime++; break;
		case TidyTag_FORM:
			f->nform++;
			v = w_html_attr(d, i, "action");
			if (v != NULL && (w_html_ci_contains(v, "cart") ||
			    w_html_ci_contains(v, "basket")))
				f->ncart++;
			break;
		case TidyTag_NAV: case TidyTag_ASIDE:
			f->nav_links += (int)w_html_link_len(d, i);
			break;
		default:
			break;
		}
		if (w_html_ci_any(d, w_html_attr(d, i, "class"), cart_words) ||
		    w_html_ci_contains(w_html_attr(d, i, "id"),
		    "add-to-cart"))
			f->ncart++;
	}
	if (d->body >= 0) {
		f->text = w_html_text_len(d, d->body);
		f->link = w_html_link_len(d, d->body);
	}
}

/*
 * Text and link characters under i that a reader sees: those of
 * scripts, styles, templates and the like (skip_tag) left out.
 */
static void
seen(const struct hdoc *d, int i, size_t *text, size_t *link)
{
	size_t n;
	int j, skip = 0;

	*text = w_html_text_len(d, i);
	*link = w_html_link_len(d, i);
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, skip)) {
		skip = 0;
		if (d->n[j].tag == H_TEXT || !skip_tag(d->n[j].tag))
			continue;
		n = w_html_text_len(d, j);
		*text -= n < *text ? n : *text;
		n = w_html_link_len(d, j);
		*link -= n < *link ? n : *link;
		skip = 1;
	}
}

/* Path of url without query: whether it holds one of the words. */
static int
url_has(const char *url, const char *const *w)
{
	const char *p, *e;
	char path[512];
	size_t n;

	if (url == NULL || (p = strstr(url, "://")) == NULL)
		return 0;
	if ((p = strchr(p + 3, '/')) == NULL)
		return 0;
	e = p + strcspn(p, "?#");
	n = (size_t)(e - p) < sizeof(path) - 1 ? (size_t)(e - p) :
	    sizeof(path) - 1;
	memcpy(path, p, n);
	path[n] = '\0';
	for (; *w != NULL; w++)
		if (w_html_ci_contains(path, *w))
			return 1;
	return 0;
}

static int
url_root(const char *url)
{
	const char *p;

	if (url == NULL || (p = strstr(url, "://")) == NULL)
		return 0;
	p = strchr(p + 3, '/');
	return p == NULL || p[1] == '\0' || p[1] == '?' || p[1] == '#';
}

/* See html_int.h. */
int
w_html_page_type(const struct hdoc *d, const struct w_html_groups *gs,
    const char *url, double *conf)
{
	static const char *const docw[] = {
		"/docs", "/doc/", "/documentation", "/reference", "/api/",
		"/manual", "/guide", "/tutorial", "/wiki/", "/man/",
		"/library/", "/learn/", NULL
	};
	static const char *const forumw[] = {
		"/forum", "/thread", "/questions/", "/topic", "/t/",
		"/community", "/discussion", "/comments/", "/answers/",
		"/board", "/showthread", "/viewtopic", NULL
	};
	static const char *const prodw[] = {
		"/product", "/p/", "/dp/", "/item/", "/pd/", "/pdp/",
		"/shop/", NULL
	};
	static const char *const collw[] = {
		"/collections/", "/category/", "/categories/", "/c/",
		"/shop/", "/catalog", "/browse", "/department", NULL
	};
	static const char *const listw[] = {
		"/blog/", "/news/", "/search", "/tag/", "/tags/", "/archive",
		"/jobs", "/events", "/page/", "/list", NULL
	};
	struct feat f;
	double s[H_NTYPES], best, second, pre_share, ld;
	size_t outside, vis, vtext = 0, vlink = 0;
	int k, t;

	memset(&f, 0, sizeof(f));
	f.rep_parent = -1;
	f.th_parent = -1;
	walk(d, &f);
	groups(d, gs, &f);
	if (url == NULL)
		url = f.self;
	/* the body's text without scripts' (a page's data as JSON) */
	vis = d->vis > 0 && d->vis < f.text ? d->vis : f.text;
	/* questions and answers are a thread's, unless the FAQ of a page */
	if (!f.faq)
		f.vote[H_FORUM] += f.qa;
	for (k = 0; k < H_NTYPES; k++)
		s[k] = f.vote[k] > 6 ? 6 : f.vote[k];
	pre_share = f.text > 0 ? (double)f.pre / (double)f.text : 0;
	/*
	 * the links' share of the text a reader sees: a script's data
	 * (JSON, 2K of a 8K page) diluted a page of links under half; on
	 * WCXB dev one page moved (article -> listing, +0.093), no other
	 * changed type. Measured so and left on all the text: the
	 * listing's item share (no page moved), the share of
	 * preformatted text (one article typed documentation, F1 equal)
	 */
	if (d->body >= 0)
		seen(d, d->body, &vtext, &vlink);
	ld = vtext > 0 ? (double)vlink / (double)vtext : 0;
	/* articles: long paragraphs, a date, article metadata */
	s[H_ARTICLE] += f.nlongp >= 3 ? 2 : f.nlongp >= 1 ? 1 : 0;
	if (f.ntime > 0 && f.ntime < 4)
		s[H_ARTICLE] += 1;
	/*
	 * forum: repeated items with author lines and text; comments
	 * under a text of their own are an article's
	 */
	if (f.ucomm >= UCOMM_MIN && f.pcomm * 2 >= f.ptext &&
	    (f.rep_n == 0 || f.rep_author * 2 < f.rep_n))
		/*
		 * a thread: comment boxes whose authors link to user pages
		 * (no author class: the rule below decides those) hold most
		 * of the page's prose
		 */
		s[H_FORUM] += 4;
	else if ((f.rep_n >= 3 || (f.rep_n == 2 && url_has(url, forumw))) &&
	    f.rep_author >= 2 && f.rep_author * 2 >= f.rep_n &&
	    f.rep_text / (size_t)f.rep_n > 80 && f.rep_price == 0) {
		outside = f.ptext - prose(d, f.rep_parent) +
		    items_outside(d, d->body, f.rep_parent);
		if (f.rep_comment && outside >= 800)
			s[H_ARTICLE] += 3;
		else
			s[H_FORUM] += f.rep_date * 2 >= f.rep_n ? 4 : 2;
	} else if (f.th_n > 0 && f.th_text * 3 >= vis &&
	    f.th_text / (size_t)f.th_n > 80 && !f.th_comment &&
	    f.th_date * 2 >= f.th_n && ((url_has(url, forumw) &&
	    f.th_text * 3 >= f.text) || f.th_hlink * 2 < f.th_n))
		/*
		 * dated posts below a larger group of wrappers (the page's
		 * columns) holding a third of the page's text, on a
		 * thread's address or, on any, when most posts' headings
		 * link to no other page: a listing's teasers carry an
		 * author and a date too, but their titles link to the
		 * stories (a post's heading is plain or its own anchor,
		 * "#p42"). On WCXB dev without the address: two threads
		 * typed other before (phpBB, vBulletin: forum +0.0010,
		 * fold B +0.0022), no other page changed type.
		 * The share is of the text a reader sees (scripts' JSON
		 * left out: a 95K-character data script beside 14K of
		 * posts blocked a thread); on the address path, where
		 * linked headings pass, still of all the text (an
		 * address's /topic/ listing of teasers stays a listing).
		 */
		s[H_FORUM] += 4;
	if (url_has(url, forumw))
		s[H_FORUM] += 2;
	/* products: a price, a cart */
	if (f.ncart > 0)
		s[H_PRODUCT] += 2;
	if (f.prices > 0 && f.prices <= 6)
		s[H_PRODUCT] += 1;
	if (url_has(url, prodw))
		s[H_PRODUCT] += 1.5;
	/* the page's title is a product's name by its class or id */
	if (f.h1 == 2)
		s[H_PRODUCT] += 2;
	/* collections and listings: many repeated linked items */
	if (f.rep_n >= 4 && f.rep_link * 3 >= f.rep_n * 2 &&
	    f.rep_text / (size_t)f.rep_n < 600) {
		if (f.rep_price * 2 >= f.rep_n || (f.rep_img * 2 >= f.rep_n &&
		    f.prices >= 4))
			s[H_COLLECTION] += 4;
		else if (f.rep_author * 2 < f.rep_n)
			s[H_LISTING] += f.rep_h * 2 >= f.rep_n &&
			    f.rep_text * 3 > f.text ? 4 : 1;
	}
	if (f.prices > 6)
		s[H_COLLECTION] += 2;
	if (url_has(url, collw))
		s[H_COLLECTION] += 1.5;
	if (url_has(url, listw))
		s[H_LISTING] += 1;
	/* documentation: code, many sections, documentation paths */
	if (f.npre >= 2 || pre_share > 0.05)
		s[H_DOC] += pre_share > 0.15 ? 3 : 2;
	if (url_has(url, docw))
		s[H_DOC] += 2;
	/*
	 * service and landing pages: the site's front, sections, links;
	 * a front showing a grid of linked, priced items is a shop's
	 */
	if (url_root(url))
		s[f.shop_n >= SHOP_MIN ? H_COLLECTION : H_SERVICE] += 3;
	if (f.nh2 + f.nh3 >= 4 && f.nlongp < 3)
		s[H_SERVICE] += 1.5;
	if (ld > 0.5)
		s[H_LISTING] += 1;
	/* inline code and reference headings are documentation's */
	if (f.code >= 10)
		s[H_DOC] += f.code >= 30 ? 4 : 3;
	if (f.dochead >= 2)
		s[H_DOC] += 1.5;
	/*
	 * a publication date is an article's; without one, a page of few
	 * long paragraphs with FAQ / pricing / features headings or calls
	 * to action is a service page
	 */
	if (f.pubdate)
		s[H_ARTICLE] += 1;
	else if (f.nlongp < 10) {
		if (f.svchead > 0)
			s[H_SERVICE] += 1.5;
		if (f.cta >= 3)
			s[H_SERVICE] += 1.5;
	}
	/*
	 * most headings are links to other pages and little prose: a
	 * listing, or a collection when the page is full of prices
	 */
	if (f.lhead >= 5 && f.lhead * 2 >= f.nhead && f.nlongp < 5)
		s[f.cur >= 8 ? H_COLLECTION : H_LISTING] += 3;
	if (f.cur >= 8)
		s[H_COLLECTION] += 2;
	t = H_OTHER;
	best = 1.5;
	second = 0;
	for (k = 1; k < H_NTYPES; k++) {
		if (s[k] > best || (k == H_FORUM && t == H_ARTICLE &&
		    s[k] == best && best >= TIE_THREAD)) {
			second = best > 1.5 ? best : second;
			best = s[k];
			t = k;
		} else if (s[k] > second)
			second = s[k];
	}
	if (t == H_OTHER) {
		/* nothing stands out: pages of prose are articles, and
		 * so is a post whose title heads an article element
		 * (ART_H1_TEXT characters of paragraphs, two short lines) */
		t = f.nlongp >= 2 || (f.art_h1 && f.ptext >= ART_H1_TEXT) ?
		    H_ARTICLE : H_OTHER;
		*conf = t == H_ARTICLE ? 0.5 : 0.3;
		return t;
	}
	*conf = best / (best + second + 1);
	if (*conf > 0.95)
		*conf = 0.95;
	return t;
}
