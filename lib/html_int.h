/*
 * html_int.h: the private tree shared by the html*.c files. Tidy's tree
 * is copied once into flat arrays (nodes, attributes, one string pool)
 * that the scorer may rewrite freely; nodes link by index, -1 is none.
 * Only html*.c include this header.
 */
#ifndef W_HTML_INT_H
#define W_HTML_INT_H

#include <stddef.h>
#include <stdint.h>
#include <tidyenum.h>
#include <jv.h>

#include "buf.h"

#define H_TEXT		(-1)	/* tag of a text node */

/* Node flags. */
#define HF_PRE		0x01	/* text inside pre / textarea */
#define HF_DATATABLE	0x02	/* table judged a data table */
#define HF_SCORED	0x04	/* has a content score */
#define HF_CUSTOM	0x08	/* autonomous custom element */
#define HF_RAWENT	0x10	/* inside math / svg: tidy kept entities */
#define HF_CHOICE	0x20	/* label wrapping a grouped radio button
				   or checkbox (w_html_mark_choices) */
#define HF_BUY		0x40	/* a short box after a product's cart
				   button in its buy box (w_html_mark_buy) */
#define HF_REVIEW	0x80	/* a box summing up a product's reviews
				   (w_html_mark_reviews) */
#define HF_FAQ		0x100	/* a FAQ's closed answer (w_html_faq_mark) */
#define HF_CART		0x200	/* holds a cart button, as parsed
				   (w_html_mark_carts) */
#define HF_OWN		0x400	/* holds the page's first h1, as parsed
				   (w_html_mark_carts) */
#define HF_TABSET	0x800	/* a tab set's closed panel (w_html_faq_mark) */

struct hnode {
	int		 tag;		/* TidyTagId, or H_TEXT */
	int		 otag;		/* the tag as parsed: the writer's */
	int		 parent, first, last, prev, next;
	unsigned	 off, len;	/* text: bytes in the pool */
	unsigned	 attr, nattr;	/* element: attrs[attr .. +nattr] */
	unsigned	 flags;
	double		 score;
	/* text statistics of the subtree, cached until it changes */
	unsigned	 tn;		/* characters, trimmed, runs as one */
	unsigned char	 tf;		/* TS_* */
	unsigned char	 valid;
	unsigned	 com, comall;	/* ',' and all comma characters */
	float		 link;		/* characters inside links */
	unsigned	 amask;		/* W_HTML_ABIT of each attribute's
					   name (more bits do no harm) */
	/* the subtree's words (w_html_word_first), cached with the
	 * statistics: its first and last text node holding a word, and
	 * (set by the parent) the next sibling holding one, or -1 */
	int		 fw, lw, nw;
};

/* An attribute name's bit in hnode.amask: w_html_attr() looks no
 * further on an element without it. */
#define W_HTML_ABIT(nm)	(1u << (((unsigned char)(nm)[0] * 5u + \
			    (unsigned char)(nm)[1]) & 31))

#define TS_ANY		0x1	/* has a non-space character */
#define TS_LEAD		0x2	/* starts with space */
#define TS_TRAIL	0x4	/* ends with space */
#define TS_WS		0x8	/* has a space */
#define TS_GAP		0x10	/* (set by the parent) white space lies
				   between the node and its nw sibling */

struct hattr {
	unsigned	 name, val;	/* pool offsets, NUL-terminated;
					   names lowercase */
};

/*
 * Memo of per-element predicates that read only the element's
 * attributes (attributes never change once parsed; a node made anew
 * starts with an empty memo): bit k of known says whether bit k of val
 * holds predicate k's answer. The keys, one per predicate:
 */
enum {
	HM_NEVER, HM_BIO, HM_POPUP, HM_BOX, HM_LINK, HM_LINE,	/* prose */
	HM_THREADW, HM_LISTW, HM_CHROME, HM_CHROME_T, HM_SHOP,	/* chrome */
	HM_UNLIKELY, HM_UNLIKELY_T, HM_BANNER, HM_NEG_C, HM_NEG_C_T,
	HM_POS_C, HM_NEG_ID, HM_NEG_ID_T, HM_POS_ID, HM_ARTBODY, /* score */
	HM_BYLINE, HM_TABPANEL, HM_COOKIE, HM_COMMENT, HM_AUTHOR,
	HM_PRICE, HM_DATE, HM_REPNAMED, HM_CART, HM_PANE, HM_SRW, HM_FOOTW,
	HM_SLIDES, HM_WIDGET, HM_NKEYS
};
struct hmemo {
	uint64_t	 known, val;
};

/* A class or id value folded for a word search (w_html_fold). */
typedef int	(*w_html_fold_fn)(const char *, char *, size_t);
#define HF_SLOTS	4
#define HF_SIZE		512
struct hfold {
	const char	*v;		/* the value (in the pool) */
	w_html_fold_fn	 fn;
	int		 fit;
	char		 s[HF_SIZE];
};

/* A list of words chained by first byte, for w_html_ci_any. */
struct hwords {
	const char *const	*w;
	unsigned char	 head[256], next[256];
	int		 empty;		/* holds "" */
	/* the words' first two bytes, lowered, hashed (HW_PAIR): a
	 * place whose pair is not set starts none of the longer words;
	 * one[] holds the one-byte words' bytes */
	uint64_t	 pair[64], one[4];
};
#define HW_PAIR(a, b)	((((unsigned)(a) << 5) ^ (unsigned)(b)) & 0xfff)

struct hdoc {
	struct hnode	*n;
	struct hmemo	*memo;		/* by node, ncap of them */
	size_t		 nn, ncap;
	struct hattr	*a;
	size_t		 na, acap;
	char		*pool;
	size_t		 plen, pcap;
	int		 root, html, head, body;
	const char	*base;		/* page URL or NULL */
	char		*title;		/* article title used by the scorer */
	int		 truncated;	/* input was cut at W_HTML_PARSE_MAX */
	int		 meta_byline;	/* metadata names an author */
	char		*author;	/* that author's name, or NULL */
	char		*bios;		/* the JSON-LD Persons' descriptions,
					   folded (w_html_fold_words), each
					   ended by a NUL, the list by an
					   empty one; or NULL */
	size_t		 vis;		/* visible text of the body (no
					   scripts, styles), or 0 */
	int		 keep;		/* the page's items (w_html_items):
					   no class word strips it, -1 */
	int		 grid;		/* a collection's or listing's item
					   grid (w_html_grid_find): its
					   tiles' names stay, -1 */
	int		 post_first;	/* the pick is a short post that
					   its comments, author box or
					   form outscored (html_score.c) */
	struct hwords	*ws;		/* w_html_ci_any's lists */
	size_t		 nws, wscap;
	unsigned char	 wsh[64];	/* 1 + a list's index, by a hash
					   of its address (0: look) */
	struct hfold	*fold;		/* w_html_fold's, HF_SLOTS */
	unsigned	 nfold;
	size_t		 nraw;		/* script and style bodies tidy
					   never lexed (w_html_parse) */
};

/* The memo of predicate k on element i: 0, 1, or -1 when not known. */
static inline int
w_html_memo(const struct hdoc *d, int i, unsigned k)
{
	uint64_t b = (uint64_t)1 << k;

	return (d->memo[i].known & b) ? (d->memo[i].val & b) != 0 : -1;
}

/* Note v (0 or 1) as predicate k's answer on i; returns v. The memo is
 * a cache, logically invisible: hence the const. */
static inline int
w_html_memo_put(const struct hdoc *d, int i, unsigned k, int v)
{
	struct hmemo *m = &d->memo[i];
	uint64_t b = (uint64_t)1 << k;

	m->known |= b;
	if (v)
		m->val |= b;
	return v;
}

/* Pre-order successor of i inside root (-1 at the end); inline: the
 * walk every pass makes (about 1% of wextract's instructions as a call). */
static inline int
w_html_next_pre(const struct hdoc *d, int i, int root, int skipkids)
{
	if (!skipkids && d->n[i].first >= 0)
		return d->n[i].first;
	while (i >= 0 && i != root) {
		if (d->n[i].next >= 0)
			return d->n[i].next;
		i = d->n[i].parent;
	}
	return -1;
}

/* html_dom.c */
int		 w_html_parse(struct hdoc *, const char *, size_t);
/* w_html_parse, fast 0: tidy lexes every script and style body (the
 * tests compare the two). */
int		 w_html_parse_opt(struct hdoc *, const char *, size_t, int);
/* The allocator tidy parses one page with (html_arena.c): blocks cut
 * from a few chunks, all freed by w_html_arena_free() (accepts NULL). */
struct _TidyAllocator;
struct _TidyAllocator	*w_html_arena_new(void);
void		 w_html_arena_free(struct _TidyAllocator *);
void		 w_html_free(struct hdoc *);
void		 w_html_buf_init(struct w_buf *, size_t);
const char	*w_html_attr(const struct hdoc *, int, const char *);
/* The next token of a class attribute at *c (space, tab and newline
 * part them): its start, its length in *n, *c past it; NULL at the end. */
const char	*w_html_class_next(const char **c, size_t *n);
/* Whether a lower-case class token hides only in one view or breakpoint
 * ("hidden-xs", "quick-add-hidden"; html_score.c). */
int		 w_html_hidden_where(const char *, size_t);
/* Whether a class token names a term of the site's taxonomy. */
int		 w_html_taxonomy_token(const char *, size_t);
/* The first needle in s[0..n) (memmem for a string), or NULL. */
const char	*w_html_strstr_n(const char *s, size_t n, const char *needle);
int		 w_html_new(struct hdoc *, int);
size_t		 w_html_commas(struct hdoc *, int, int);
void		 w_html_unlink(struct hdoc *, int);
void		 w_html_append(struct hdoc *, int, int);
void		 w_html_insert_before(struct hdoc *, int, int);
int		 w_html_next_el(const struct hdoc *, int);
int		 w_html_prev_el(const struct hdoc *, int);
int		 w_html_first_el(const struct hdoc *, int);
void		 w_html_text(const struct hdoc *, int, struct w_buf *);
size_t		 w_html_text_len(const struct hdoc *, int);
/* a walk over a subtree's text nodes counting their characters as
 * w_html_text_len() counts the subtree's (w_html_tcount_*) */
struct w_html_tcount {
	size_t	 seen, all;
	int	 any, trail;
};
void		 w_html_tcount_init(const struct hdoc *, int,
		    struct w_html_tcount *);
void		 w_html_tcount_add(const struct hdoc *, int,
		    struct w_html_tcount *);
int		 w_html_tcount_done(const struct w_html_tcount *);
void		 w_html_text_short(const struct hdoc *, int, struct w_buf *);
/* the text nodes holding a word under i, in order, reached without
 * walking what holds none; *sep (may be NULL) says whether white
 * space lies between the two */
int		 w_html_word_first(const struct hdoc *, int);
int		 w_html_word_next(const struct hdoc *, int, int, int *);
size_t		 w_html_link_len(const struct hdoc *, int);
double		 w_html_link_density(const struct hdoc *, int);
void		 w_html_dirty(struct hdoc *, int);
int		 w_html_is_block(int);
int		 w_html_listed(const char *, const char *const *);
int		 w_html_has_ancestor(const struct hdoc *, int, int, int);
size_t		 w_html_utf8_len(const char *, size_t);
int		 w_html_ci_contains(const char *, const char *);
/* Class (or id) value c lowered into buf (size bytes) with the tokens a
 * word search skips blanked: utility classes (holding ':', '[', '.' or
 * '/'), tokens of max bytes or more, and with tax set taxonomy tokens
 * (w_html_taxonomy_token). A word (no white space in it) is in buf
 * where it is in one of the other tokens. Returns buf, or NULL when c
 * does not fit. */
char		*w_html_class_low(const char *, char *, size_t, size_t, int);
/* Whether hay (may be NULL) holds one of the words (a NULL-ended list of
 * at most 255), ASCII case folded: w_html_ci_contains on each, in one
 * pass over hay trying the words that start with each byte; the list's
 * chains are made once per document d (NULL: on each call). */
int		 w_html_ci_any(const struct hdoc *, const char *,
		    const char *const *);
/* The same on a hay with no ASCII capital (folded already): no byte
 * lowered. */
int		 w_html_low_any(const struct hdoc *, const char *,
		    const char *const *);
/* fn(v, buf, HF_SIZE) (1: folded, 0: v does not fit), for a value v of
 * the document's pool (an attribute's: the pool never changes after
 * the parse): the last HF_SLOTS folds are kept, so the lists asked of
 * one value in a row fold it once. Returns the folded value (valid
 * until the next call) or NULL when it did not fit; tmp (HF_SIZE
 * bytes) serves when d is NULL. */
const char	*w_html_fold(const struct hdoc *, const char *, w_html_fold_fn,
		    char *);

/*
 * html.c: whether a page of sections (a landing page: hero, features,
 * prices, questions, each a heading over a little text) is its region,
 * not the one section the scorer picked (alen characters, aplain
 * outside links, aheads headings) out of the region's rlen (rplain,
 * rheads): on a service or documentation page whose region holds 2500
 * characters or more, when the pick holds under 60% of the region, the
 * region holds more plain text, and the headings outside the pick, at
 * least 4, head under 400 plain characters each. A page typed as an
 * article (a landing page often is: it carries a date and an author in
 * its metadata) asks for more, as its comments and teasers have
 * headings too: 8 headings or more outside the pick, under 130 plain
 * characters each (a feature's title over a line or two, not a teaser
 * over its summary), 400 plain characters or more outside the pick
 * (not a menu of headed link lists), and a region 85% plain text or
 * more (a news page's teasers and most-read lists are links).
 */
int		 w_html_sectioned(int, size_t, size_t, size_t, size_t, int,
		    int);

/* html_score.c and html_clean.c: the main-content pass. */
#define HS_STRIP	0x1	/* drop unlikely candidates */
#define HS_WEIGHT	0x2	/* class / id weights */
#define HS_CLEAN	0x4	/* conditional cleaning */
#define HS_CHARS	500	/* an attempt shorter than this retries */

/* Extraction profiles, chosen by the page type (html_type.c). */
#define HP_EXPAND	0x1	/* climb until the pick holds the page's text */
#define HP_THREAD	0x2	/* comment-class containers are content */
#define HP_LISTS	0x4	/* keep lists of links (items, results) */
#define HP_TABS		0x8	/* product boxes, shop chrome */
#define HP_CHROME	0x10	/* drop page chrome before scoring */
#define HP_PROSE	0x20	/* an article: captions, bios, teasers go */

struct agg;

struct hscore {
	struct hdoc	*d;
	int		 flags;		/* HS_* */
	int		 prof;		/* HP_* */
	double		*mass;		/* text under each node, by node */
	double		 share;		/* of the page's text in the pick */
	size_t		 nmass;
	int		*v;		/* scratch node list */
	size_t		 nv, vcap;
	int		*cand;
	size_t		 nc, ccap;
	struct agg	*agg;		/* conditional cleaning, by node */
	size_t		 nagg;
	int		 byline_done;
	int		 title_removed;
	int		 post_scans;	/* post_header's page scans so far */
	int		 h1, h1_par;	/* the first h1 and its parent */
	int		 skip;		/* a box gather() leaves out, or -1 */
	const char	*title;
};

int		 w_html_readable(struct hdoc *, const char *, int, double *);
int		 w_html_profile(int);
int		 w_html_strip(struct hdoc *, int, int);
/* Headings with text under root, outside links (sections' titles). */
int		 w_html_headings(const struct hdoc *, int);
void		 w_html_strip_chrome(struct hdoc *, int, int);
/* In a thread, drop the quotes of posts printed before them under root
 * (a blockquote whose word runs mostly repeat the text before it). */
void		 w_html_quote_copies(struct hdoc *, int);
/* In a thread, an aside holding a quote (a short title, then a
 * blockquote) becomes that quote (html_clean.c). */
void		 w_html_thread_quotes(struct hdoc *);
int		 w_html_class_weight(const struct hscore *, int);
void		 w_html_push(int **, size_t *, size_t *, int);
int		 w_html_nelem_kids(const struct hdoc *, int);
int		 w_html_visible(const struct hdoc *, int);
int		 w_html_page_veil(const struct hdoc *, int);
int		 w_html_stream_segment(const struct hdoc *, int);
int		 w_html_stream_id(const char *, char);
int		 w_html_sr_only(const struct hdoc *, int);
int		 w_html_tab_panel(const struct hdoc *, int);
void		 w_html_faq_mark(struct hdoc *, int);
/* Buttons that are a heading's text, before a section the extractor
 * keeps, become spans (html_dom.c); not on article pages */
void		 w_html_heading_buttons(struct hdoc *);
void		 w_html_collect(struct hscore *, int, int);
void		 w_html_prep_article(struct hscore *, int);

/* html_md.c */
struct w_html_out {
	int		 text;		/* plain text, else Markdown */
	const char	*base;
	jv		*links;		/* collect {url,text} here, or NULL */
	size_t		*invisible;	/* count removed invisible characters
					   here, or NULL */
	int		 cell;		/* inside this many table cells: no block
					   markers to escape */
	size_t		 trimmed;	/* bytes of shown text the profile
					   dropped as the shop's chrome: the
					   page is no thinner for it */
	size_t		 thin_ld;	/* HH_THIN_LD, or the profile's own */
};
void		 w_html_write(const struct hdoc *, int,
		    const struct w_html_out *, struct w_buf *);
char		*w_html_abs_url(const char *, const char *);
size_t		 w_html_invisible_at(const char *, size_t);
size_t		 w_html_invisible_strip(char *, size_t *);
#define H_SPAN_COL	0x40000000	/* grid: right of a cell's origin */
#define H_SPAN_ROW	0x20000000	/* grid: below it, first column */
int		 w_html_table_grid(const int *, const int *, const int *, int,
		    int, int, int *);

/* html_hidden.c: content the DOM hides, appended to a thin output. */
#define HH_THIN		1000	/* output bytes below which state,
				   noscript and templates are read */
#define HH_THIN_STATE	200	/* the same for framework state: a page
				   that shows a headline, a price or a
				   hero has its text on the page; its
				   state holds the catalogue, reviews
				   and the interface's messages */
#define HH_THIN_LD	3000	/* the same for JSON-LD */
#define HH_THIN_LD_SHOP	1000	/* the same on product pages: a product
				   shown in this much text has its
				   description on the page */
#define HH_THIN_OFFER	600	/* output bytes below which a JSON-LD
				   product's name, brand and offers are
				   added, not only its description
				   (unless the output shows a price) */
size_t		 w_html_recover(const struct hdoc *, const struct w_html_out *,
		    int, struct w_buf *, char *, size_t);

/* html_hidden.c: whether s holds a placeholder ("{0}", "{name}"): an
 * interface message, not text */
int	 w_html_placeholder(const char *, size_t);

/* html_product.c: a shopping cart box or form, never content */
int		 w_html_cart_box(const struct hdoc *, int);
/* Amounts of money ("$12.50", "12,50 \xe2\x82\xac", "EUR 9") in s[0..n),
 * and in the text of element i. */
size_t		 w_html_price_count(const char *, size_t);
size_t		 w_html_prices_in(const struct hdoc *, int);
/* Drop from root the groups of three or more like tiles that each hold
 * a link and an amount of money (other products beside a product) or
 * that name the shop's service (its promises: shipping, returns,
 * warranty); returns the characters dropped. */
size_t		 w_html_drop_tiles(struct hdoc *, int);
/* The section a product page closes with, in root: the last child
 * with text of root's top (below its wrappers), or that child's last
 * child, while it follows another and holds a small part of the text
 * and no h1 (-1 when none). w_html_shop_tail_cut drops that box from
 * root when it is still in root and returns the characters dropped (0
 * when it is no longer there). */
int		 w_html_shop_tail(struct hdoc *, int);
size_t		 w_html_shop_tail_cut(struct hdoc *, int, int);
/* Drop from a product page's root the text for screen readers alone
 * (sr-only, visually-hidden, screen-reader classes); returns the
 * characters dropped. */
size_t		 w_html_shop_sr(struct hdoc *, int);
/* Drop from a product page's root the text that is a JSON object (or
 * an array of them), 40 bytes or more, outside code: a script's data
 * written into the page; returns the characters dropped. */
size_t		 w_html_shop_data(struct hdoc *, int);
/* html_picker.c: drop from a product page's root its option pickers:
 * the labels, grouped and short, of radio buttons or checkboxes (a
 * colour's or a size's choices, swatches), and a fieldset they leave
 * with its legend alone; returns the characters dropped. */
size_t		 w_html_shop_pickers(struct hdoc *, int);
/* html_picker.c: flag (HF_CHOICE) each label that wraps a radio button
 * or checkbox sharing its name with another, before cleaning drops the
 * inputs. */
void		 w_html_mark_choices(struct hdoc *);
/* html_product.c: flag (HF_BUY) the buy box's closing boxes, before
 * cleaning drops the cart button; w_html_shop_buy drops those still
 * under root and returns the characters dropped. */
void		 w_html_mark_buy(struct hdoc *);
size_t		 w_html_shop_buy(struct hdoc *, int);
/* html_product.c: flag (HF_CART) each element holding a cart button
 * (up to 256 buttons), and (HF_OWN) each holding the page's first h1,
 * before cleaning drops the buttons and the h1. */
void		 w_html_mark_carts(struct hdoc *);
/* html_product.c: flag (HF_REVIEW) the boxes that sum up a product's
 * reviews, found by their label ("Customers say", "Reviews summary",
 * "AI-generated from customer reviews"), before cleaning drops the
 * label; w_html_shop_reviews drops those still under root and returns
 * the characters dropped. */
void		 w_html_mark_reviews(struct hdoc *);
size_t		 w_html_shop_reviews(struct hdoc *, int);
/* Whether element i holds only a loading placeholder ("Loading..."). */
int		 w_html_loading(const struct hdoc *, int);
/* Whether s[0..n) is the whole text of a shop's control or counter
 * beside a product ("Add to wishlist", "Share", "Size guide", "487",
 * "Image 2 of 7"), SHOP_LINE_MAX bytes at most; w_html_shop_lines drops
 * the short elements of root that hold one (a counter only outside
 * tables, lists and headings); both return the characters dropped. */
#define SHOP_LINE_MAX	48
/* ... or a line of the shop's terms ("Free shipping on orders over
 * $50", "Sold and shipped by ...", "or 4 payments of $12"), this long
 * at most */
#define SHOP_TERMS_MAX	120
int		 w_html_shop_line(const char *, size_t);
size_t		 w_html_shop_lines(struct hdoc *, int);
/* Drop the lines of s[0..n) whose words (letters and digits, case
 * folded, punctuation and markup aside) an earlier line already
 * printed, when they number SHOP_DUP_WORDS or more (space-separated
 * tokens holding a letter or digit), outside fenced
 * code: a product page's specifications or features printed again
 * for another screen size or in a second tab, not a short label
 * ("Weight", "100% cotton") repeated beside each variant's values.
 * The blank line after a dropped line goes with it. Returns the new
 * length; s is not terminated. */
#define SHOP_DUP_WORDS	3
/* A sentence (up to a full stop, exclamation or question mark and a
 * space) of SHOP_DUP_SENT words or more that an earlier line or
 * sentence printed goes too, from inside a longer line: a review or
 * blurb a cell prints once per variant, joined by commas. */
#define SHOP_DUP_SENT	8
size_t		 w_html_dedup_lines(char *, size_t);
/* Whether element i's class hides it on every screen: a whole token
 * "hide", "hidden", "d-none" or "invisible" with no responsive token
 * beside it that shows it somewhere ("md:block", "d-lg-flex"). */
int		 w_html_class_hides(const struct hdoc *, int);
/* html_prose.c */
void		 w_html_prose_strip(struct hdoc *, int);
int		 w_html_button_link(const struct hdoc *, int);
void		 w_html_prose_teasers(struct hdoc *, int);
/* Whether box b, after a post's title block, is not the post: a
 * comment list or form, an author box, a contact form (html_prose.c). */
int		 w_html_after_post(const struct hdoc *, int, int);
/* In tc, from the h1 (or box c it went from as the title) up, the
 * boxes after the post that w_html_after_post() strict names go
 * (html_score.c). */
void		 w_html_drop_after_post(struct hdoc *, int, int, int);
/* Unlink box i; in a thread (prof HP_THREAD), a box of at most 300
 * characters first gives up the poster's name it holds (an innermost
 * author-named element of a few words, outside paragraphs, quotes and
 * sentences) to a line of its own in its place (html_score.c). */
void		 w_html_drop_box(struct hdoc *, int, int);
/* Whether block i is a notice about the page, never its text: a
 * ticker of one call to action repeated or, with status set, a
 * thread's status (closed, archived, who is reading) (html_prose.c). */
int		 w_html_notice(const struct hdoc *, int, int);
int		 w_html_never_content(const struct hdoc *, int, int);

/* html_novel.c */
/* A set of 64-bit hashes, open addressing (0 is the empty slot, never
 * a member); zeroed is empty, free(t) frees it. */
struct w_hset {
	unsigned long long	*t;
	size_t			 cap, n;	/* cap a power of two */
};
int		 w_hset_has(const struct w_hset *, unsigned long long);
void		 w_hset_add(struct w_hset *, unsigned long long);
size_t		 w_html_merge_novel(struct w_buf *, const char *, size_t);
#define HN_DUP_MIN	60	/* characters of a block worth deduplicating */
#define HN_DUP_NEAR	8	/* blocks back a short repeat's copy lies */
#define HN_COPY_RUN	3	/* short blocks of a card's second copy, at least */
#define HN_COPY_NAME	25	/* characters of the name in such a copy */
#define HN_FIELD_COPIES	3	/* copies of an item's field, at least */
#define HN_ITEMS	(-2)	/* run: 0, and items' fields stay */
#define HN_HUGE		(-3)	/* run: only HN_DUP_HUGE blocks go */
#define HN_DUP_HUGE	800	/* characters of a block that goes at any run */
/* Drop the blocks (parts between blank lines) of s[0..n) that repeat an
 * earlier block of HN_DUP_MIN characters or more, white space folded,
 * outside fenced code: a page's second copy of a section (a mobile and
 * a desktop layout). With run > 0, only runs of consecutive repeats
 * holding run such blocks or more go (the short repeats among them
 * too; a block the same as the one before it is no repeat): a copied
 * layout, not a sentence quoted twice nor a paragraph printed over and
 * over. At 0, short repeats go too when consecutive ones hold
 * HN_DUP_MIN characters and each copies a block at most HN_DUP_NEAR
 * blocks back in the same list item (a card printed twice), a run of
 * HN_COPY_RUN short repeats or more goes when it copies an earlier run
 * block for block, holds HN_DUP_MIN characters and holds a block of
 * HN_COPY_NAME characters or more found exactly twice in s (a card
 * printed again, far from the first copy, for another screen size),
 * and a short repeat in the same list item goes alone (a shop tile
 * printing its name or price twice); a list marker does not make two
 * blocks differ. With run HN_ITEMS (lists), as at 0, but a field every
 * item prints stays (a long block, not an item's first, printed
 * HN_FIELD_COPIES times or more, each copy after a block new since the
 * copy before: see item_fields in html_novel.c). In every mode a block
 * of HN_DUP_HUGE characters or more that repeats a block more than
 * HN_DUP_NEAR blocks before it goes, alone or in a run; with run
 * HN_HUGE only those go. Returns the new
 * length; s is not terminated. */
size_t		 w_html_dedup_blocks(char *, size_t, int);

/* html_meta.c */
jv		 w_html_meta(struct hdoc *, const char *);
char		*w_html_title_clean(const char *);

/* html_type.c: page types, the extraction profiles they choose */
enum {
	H_OTHER, H_ARTICLE, H_FORUM, H_PRODUCT, H_COLLECTION, H_LISTING,
	H_DOC, H_SERVICE, H_NTYPES
};
struct w_html_groups;
int		 w_html_page_type(const struct hdoc *,
		    const struct w_html_groups *, const char *, double *);
const char	*w_html_type_name(int);
int		 w_html_authorish(const struct hdoc *, int);
size_t		 w_html_fold_words(const char *, size_t, char *, size_t);
#define W_HTML_BIO_FOLD	96	/* bytes of a JSON-LD Person's description kept,
				   folded (d->bios) */
#define W_HTML_BIO_MIN	40	/* folded bytes a bio holds at least */
/* Whether i's class or id holds "comment" (any case). */
int		 w_html_comment_named(const struct hdoc *, int);
/* Whether i or an ancestor of it below stop (-1: the root) is
 * comment-named (w_html_comment_named). */
int		 w_html_in_comments(const struct hdoc *, int, int);
int		 w_html_priceish(const struct hdoc *, int);
/* Whether element i has a datetime attribute or a class naming a date. */
int		 w_html_date_named(const struct hdoc *, int);

/*
 * html_repeat.c: repeated sibling groups. A shape is an element's tag
 * and first class token, digits left out; a group is the largest run
 * of one shape among an element's element children.
 */
struct w_html_rep {
	unsigned	*buf;		/* scratch: the children's shapes */
	size_t		 cap;
};
unsigned	 w_html_shape(const struct hdoc *, int);
/* The shape of p's largest group (the lowest shape on a tie), its
 * size in *n (0 without element children); r is scratch, freed by the
 * caller. */
unsigned	 w_html_rep_group(const struct hdoc *, int, struct w_html_rep *,
		    int *);
/* The first sibling from j on (j itself included) of the shape, or -1:
 * for (j = w_html_rep_next(d, d->n[p].first, s); j >= 0;
 *     j = w_html_rep_next(d, d->n[j].next, s)) walks a group's items. */
int		 w_html_rep_next(const struct hdoc *, int, unsigned);
typedef void	(*w_html_rep_fn)(const struct hdoc *, int, unsigned, int,
		    void *);
/* The one walk over root's subtree (root itself when self is set):
 * fn(d, p, shape, n, arg) for each element p whose largest group holds
 * at least min items; subtrees where skip(d, i, arg) (may be NULL)
 * says so are left out, root never; skip sees each element after its
 * parent. */
void		 w_html_rep_walk(const struct hdoc *, int, int, int,
		    int (*)(const struct hdoc *, int, void *), w_html_rep_fn,
		    void *);

/* A page's groups, surveyed once: each element's largest group of 2+. */
#define H_REP_BODY	0x1	/* under the body (or the body) */
#define H_REP_CHROME	0x2	/* in nav, header, footer, aside, menu,
				 * form, hidden or related/comment boxes */
#define H_REP_PRE	0x4	/* in preformatted text */
struct w_html_group {
	int		 p;		/* the parent */
	unsigned	 shape;		/* the items' shape */
	int		 n;		/* items */
	int		 where;		/* H_REP_* */
};
struct w_html_groups {
	struct w_html_group	*g;		/* in document order */
	size_t		 n, cap;
};
/* The one walk over the page (scripts, styles, templates and SVG left
 * out); gs->g is the caller's to free. */
void		 w_html_rep_survey(const struct hdoc *, struct w_html_groups *);

/* html_grid.c: item grids (the repeated tiles of collections). */
struct w_html_grid {
	int		 box;		/* element whose children repeat, or -1 */
	int		 items;		/* item-like children (a link, text) */
	int		 priced;	/* of them, holding a price */
	int		 imaged;	/* of them, holding a picture */
	size_t		 text;		/* their characters */
};
/* The grid under root whose items hold the most text (none: box -1);
 * menus, headers, footers and hidden parts are no grids. */
void		 w_html_grid_find(const struct hdoc *, int,
		    struct w_html_grid *);
/* The grid's box widened to the ancestors (below top) that add little
 * text beside it: its heading, its count line. -1 without a grid. */
int		 w_html_grid_section(const struct hdoc *,
		    const struct w_html_grid *, int);

/* Whether i is a form that wraps the page (a whole-page form of a
 * server framework, a search form around its results): over half of
 * the body's visible text (d->vis) and at least PAGE_FORM_MIN
 * characters. Such a form
 * is no chrome. */
int		 w_html_page_form(const struct hdoc *, int);
/* Whether form i shows no control a reader fills in or presses (an
 * input other than a hidden one, a textarea, a select, a button)
 * outside its hidden parts, and holds text: a post wrapped in the form
 * its editor would submit. */
int		 w_html_bare_form(const struct hdoc *, int);

/* The main column of a collection: the smallest element below top
 * holding both the page's heading h1 (before the grid, in no menu,
 * footer or sidebar) and the grid's box; -1 when there is none. */
int		 w_html_grid_column(const struct hdoc *,
		    const struct w_html_grid *, int, int);

/* Whether a page of type (H_*) is read by its main column (html.c,
 * stage "column"): a collection or a listing, whatever its grid g
 * holds (priced tiles: a shop's category taken for a listing; posts:
 * a blog's category under its heading and introduction). */
int		 w_html_column_type(const struct w_html_grid *, int);

/* The introduction of a category under its heading h1 (below top):
 * the element siblings right after h1, or after the wrapper (two at
 * most) that holds h1 alone, up to the next heading, list, table or
 * form, each with under 30% of its text in links, min (80 for a
 * category) to 1500 characters in all. Stores at most npart of them in
 * part; returns how many (0: none). A shop's category opens with a
 * sentence or two on what it sells; the scorer's pick (the copy below
 * the grid) often leaves them out. */
int		 w_html_grid_intro(const struct hdoc *, int, int, int *, int,
		    size_t);

/* Drop the boxes after root's list of items (its grid holding half of
 * root's text) that are another kind of list: a grid of another shape
 * or a box of links (html_grid.c). Returns their characters. */
size_t		 w_html_list_boxes(struct hdoc *, int);
/* Whether the grid's box or one of its two parents is named for a
 * carousel or slider. */
int		 w_html_grid_carousel(const struct hdoc *, int);

/* Drop the controls of the item tiles under root: small elements named
 * for compare, quick view or quick shop, wish list, swatches, ratings,
 * add to cart, form labels and elements classed btn or button,
 * and short screen-reader-only labels without digits ("Sale price",
 * "Unit price"; "Was $30.00" stays: its visible twin may be hidden). */
void		 w_html_tile_widgets(struct hdoc *, int);
/* Whether element i, holding clen characters, is the name of one of the
 * page's grid tiles (d->grid): a short element under the grid whose
 * text is its links' (a product's name, linked to its page), which
 * conditional cleaning keeps whatever its link density. */
int		 w_html_tile_name(const struct hdoc *, int, size_t);

/* html_items.c: the listing's items among the page's groups (NULL:
 * surveyed here), their text in the size_t. */
int		 w_html_items(const struct hdoc *, const struct w_html_groups *,
		    size_t *);
/* Whether items holding ilen characters once stripped beat a scorer
 * pick of alen (over one and a half times its text; over 1.2 times
 * when they fill nine tenths of the region's rlen), in a region of
 * rplain characters outside links, on a page typed as a story or not. */
int		 w_html_items_win(size_t, size_t, size_t, size_t, int);
/* Whether a text is a link to more of the same and nothing else ("View
 * all", "See more", "Load more", "Show all", "More", with an arrow, a
 * colon or a period at most): a section's or a feed's, not an item. */
int		 w_html_more_line(const char *);
/* Whether a text is an item's control and nothing else, the way
 * w_html_more_line reads it: "Compare", "Quick view", "Fast apply",
 * "View company profile", "Save job", "Add to wishlist" (a tile's
 * buttons, not its text), or the page's account control ("Sign in",
 * "Log in", "Sign up", "Open in app", "My account"). */
int		 w_html_action_line(const char *);
/* Whether a text is an item's meta line and nothing more: counts of
 * comments, reactions, views or reading minutes, relative times ("3
 * comments", "5 min read", "2 hours ago", joined by | or a dot), a
 * listing's result count or sort control ("24 results", "Products
 * (24)", "Sort by: Best match"), a shop
 * tile's empty review line ("Be the first to review this product", "No
 * reviews yet"; a review count stays: WCXB's truth keeps it as often as
 * not). */
int		 w_html_meta_line(const char *);
/* Drop the small elements under root whose text is a meta line, a
 * link to more (w_html_more_line, or a link to more of a named kind:
 * "See all reviews", "Browse all categories") or an item's control
 * (w_html_action_line); with lines set, only whole lines: an inline
 * element whose parent holds more text is part of a sentence ("needs
 * <em>more</em> explanation") and stays. */
void		 w_html_item_meta(struct hdoc *, int, int);
/* Drop the groups of links under root that link the site's own pages
 * (about, careers, privacy, terms, help, contact, imprint...), five
 * short links or more and nothing else, three of them such pages: a
 * footer or menu the markup does not mark. Returns the characters
 * dropped. */
size_t		 w_html_site_links(struct hdoc *, int);
/* Drop the elements under root whose whole text is a pager ("Previous
 * Next", "« 1 2 3 … next »", "Page 2 of 8") or a count of results
 * ("1–30 of 296 products"). Returns the characters dropped. */
size_t		 w_html_pager_lines(struct hdoc *, int);
/* html_cards.c: drop the rows of cards under root that each open with
 * the kind of page they link to ("Blog", "Case study", "Webinar"),
 * with the row's short title, when they hold a small part of root.
 * Returns the rows dropped. */
size_t		 w_html_kind_cards(struct hdoc *, int);

/* html_links.c */
jv		 w_html_links(const struct hdoc *, const int *, size_t, int,
		    const char *);

#endif
