/*
 * test_html_parts.c: the pure helpers of the HTML writer: the table
 * grid (colspan / rowspan laid out as HTML's table model does), the
 * invisible-character stripping, the merge of recovered hidden
 * content into the visible text, the items of a listing, and the
 * sections of a landing page (w_html_headings, w_html_sectioned).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"
#include "html_int.h"

#define MC	8

static void
grid_spans(void)
{
	/*
	 * | A (rowspan 2) | B (colspan 2)     |
	 * |               | C     | D         |
	 * | E             | F (colspan 2, rowspan 9: clipped) |
	 */
	int rowof[] = { 0, 0, 1, 1, 2, 2 };
	int cs[] = { 1, 2, 1, 1, 1, 2 };
	int rs[] = { 2, 1, 1, 1, 1, 9 };
	int g[3 * MC];

	CHECK_INT(w_html_table_grid(rowof, cs, rs, 6, 3, MC, g), 3);
	CHECK_INT(g[0 * MC + 0], 0);
	CHECK_INT(g[0 * MC + 1], 1);
	CHECK_INT(g[0 * MC + 2], 1 | H_SPAN_COL);
	CHECK_INT(g[1 * MC + 0], 0 | H_SPAN_ROW);
	CHECK_INT(g[1 * MC + 1], 2);
	CHECK_INT(g[1 * MC + 2], 3);
	CHECK_INT(g[2 * MC + 0], 4);
	CHECK_INT(g[2 * MC + 1], 5);
	CHECK_INT(g[2 * MC + 2], 5 | H_SPAN_COL);
	CHECK_INT(g[0 * MC + 3], -1);
}

static void
grid_ragged(void)
{
	/* rows of 1 and 3 cells; a 0 span counts as 1; row 1 is empty */
	int rowof[] = { 0, 2, 2, 2 };
	int cs[] = { 0, 1, 1, 1 };
	int rs[] = { -1, 1, 1, 1 };
	int g[3 * MC];

	CHECK_INT(w_html_table_grid(rowof, cs, rs, 4, 3, MC, g), 3);
	CHECK_INT(g[0], 0);
	CHECK_INT(g[1], -1);
	CHECK_INT(g[1 * MC + 0], -1);
	CHECK_INT(g[2 * MC + 2], 3);
}

static void
grid_too_wide(void)
{
	int rowof[] = { 0, 0 };
	int cs[] = { 6, 3 };
	int rs[] = { 1, 1 };
	int g[1 * MC];

	CHECK_INT(w_html_table_grid(rowof, cs, rs, 2, 1, MC, g), -1);
	CHECK_INT(w_html_table_grid(rowof, cs, rs, 1, 1, MC, g), 6);
	CHECK_INT(w_html_table_grid(rowof, cs, rs, 0, 1, MC, g), 0);
}

static void
invisible(void)
{
	char s[] = "in\xc2\xadter\xe2\x80\x8bna\xe2\x80\x8c"
	    "tion\xe2\x80\x8d" "al\xe2\x81\xa0\xef\xbb\xbf \xc2\xa0x";
	size_t n = strlen(s);

	CHECK_INT(w_html_invisible_at("\xc2\xad", 2), 2);
	CHECK_INT(w_html_invisible_at("\xc2\xad", 1), 0);
	CHECK_INT(w_html_invisible_at("\xe2\x80\x8b", 3), 3);
	CHECK_INT(w_html_invisible_at("\xe2\x80\x8e", 3), 0);	/* LRM stays */
	CHECK_INT(w_html_invisible_at("\xe2\x80\x8a", 3), 0);	/* hair space */
	CHECK_INT(w_html_invisible_at("\xc2\xa0", 2),
	    0);		/* nbsp */
	CHECK_INT(w_html_invisible_at("a", 1), 0);
	CHECK_INT(w_html_invisible_strip(s, &n), 6);
	CHECK_STR(s, "international \xc2\xa0x");
	CHECK_INT(n, strlen("international \xc2\xa0x"));
	n = 0;
	CHECK_INT(w_html_invisible_strip(s, &n), 0);
}

/* merge VIS ADD: the text w_html_merge_novel makes; caller frees */
static char *
merge(const char *vis, const char *add, size_t *added)
{
	struct w_buf b;

	w_buf_init(&b, 1 << 20);
	w_buf_adds(&b, vis);
	*added = w_html_merge_novel(&b, add, strlen(add));
	return w_buf_take(&b);
}

static void
novel(void)
{
	size_t n;
	char *s;

	/* the same article with other quotes and dashes adds nothing */
	s = merge("It\xe2\x80\x99s cold \xe2\x80\x93 prune the apple trees "
	    "now, before the buds swell.\n",
	    "It's cold - prune the apple trees now, before the buds "
	    "swell.\n", &n);
	CHECK_INT(n, 0);
	free(s);
	/* new paragraphs come after a blank line, blank lines kept */
	s = merge("Title\n", "Title\n\nThe body opens with a first "
	    "paragraph.\n\nA second one follows it here.\n", &n);
	CHECK_STR(s, "Title\n\nThe body opens with a first paragraph.\n\n"
	    "A second one follows it here.\n");
	CHECK(n > 0);
	free(s);
	/* a short line repeats within what is added, not from the page */
	s = merge("Visible heading\n", "visible heading\nann\nThe first "
	    "comment says something long enough.\nann\nThe second comment "
	    "says something else entirely.\n", &n);
	CHECK_STR(s, "Visible heading\n\nann\nThe first comment says "
	    "something long enough.\nann\nThe second comment says "
	    "something else entirely.\n");
	free(s);
	/* a long line repeated inside add is kept once */
	s = merge("", "One line that repeats in the recovered text.\n"
	    "One line that repeats in the recovered text.\n", &n);
	CHECK_STR(s, "One line that repeats in the recovered text.\n");
	free(s);
	/* under 40 new bytes: nothing */
	s = merge("Some visible text here.\n", "tiny add\n", &n);
	CHECK_INT(n, 0);
	CHECK_STR(s, "Some visible text here.\n");
	free(s);
	/* a teaser visible, the full body recovered: only the rest */
	s = merge("Prune apple trees while they are dormant in winter.\n",
	    "Prune apple trees while they are dormant in winter.\n\n"
	    "Cut out dead and crossing branches first, then thin.\n", &n);
	CHECK_STR(s, "Prune apple trees while they are dormant in winter.\n\n"
	    "Cut out dead and crossing branches first, then thin.\n");
	free(s);
}

/* A dedup of s (runs of run repeats, 0: every repeat) into want. */
static void
dedup_run_is(const char *s, int run, const char *want)
{
	char *c = strdup(s);
	size_t n;

	n = w_html_dedup_blocks(c, strlen(c), run);
	c[n] = '\0';
	CHECK_STR(c, want);
	free(c);
}

/*
 * A block of HN_DUP_HUGE characters printed again over HN_DUP_NEAR
 * blocks after its copy goes alone: in an article's runs, in lists (even
 * as a field every item prints) and with HN_HUGE, where a shorter repeat
 * stays; so does one printed again a few blocks on (a paragraph under
 * each of two headings).
 */
static void
dedup_huge(void)
{
	const char *a = "A shorter paragraph that the page prints twice, long "
	    "enough to count as a block.", *f = "A1\n\nA2\n\nA3\n\nA4\n\n"
	    "A5\n\nA6\n\nA7\n\nA8", *g = "B1\n\nB2\n\nB3\n\nB4\n\nB5\n\n"
	    "B6\n\nB7\n\nB8";
	char big[HN_DUP_HUGE + 64], in[8192], want[8192];
	size_t k;

	for (k = 0; k < HN_DUP_HUGE + 16; k += 8)
		memcpy(big + k, "promo x ", 8);
	big[k] = '\0';
	snprintf(in, sizeof(in), "Head\n\n%s\n\n%s\n\n%s\n\n%s\n\nTwo\n\n"
	    "%s\n\nEnd", big, f, a, big, a);
	snprintf(want, sizeof(want), "Head\n\n%s\n\n%s\n\n%s\n\nTwo\n\n"
	    "%s\n\nEnd", big, f, a, a);
	dedup_run_is(in, HN_HUGE, want);
	dedup_run_is(in, 3, want);
	snprintf(in, sizeof(in), "- One\n\n%s\n\n%s\n\n- Two\n\n%s\n\n%s\n\n"
	    "- Three\n\n%s\n\nEnd", big, f, big, g, big);
	snprintf(want, sizeof(want), "- One\n\n%s\n\n%s\n\n- Two\n\n%s\n\n"
	    "- Three\n\nEnd", big, f, g);
	dedup_run_is(in, HN_ITEMS, want);
	/* a few blocks on, the copy stays */
	snprintf(in, sizeof(in), "%s\n\nSub\n\n%s\n\nSub\n\n%s\n\nEnd", big,
	    big, big);
	dedup_run_is(in, HN_HUGE, in);
	dedup_run_is(in, 3, in);
	/* under HN_DUP_HUGE characters, HN_HUGE keeps the repeat */
	big[HN_DUP_HUGE - 8] = '\0';
	snprintf(in, sizeof(in), "%s\n\n%s\n\n%s\n\nEnd", big, f, big);
	dedup_run_is(in, HN_HUGE, in);
}

/*
 * An article's dedup: a layout printed again (three long blocks and the
 * short ones among them) goes; a paragraph quoted once more, or the same
 * paragraph printed several times in a row, stays.
 */
static void
dedup_runs(void)
{
	const char *a = "The first long paragraph of the story, long enough to "
	    "count as a block.", *b = "The second long paragraph of the "
	    "story, which goes on for a while too.", *c = "The third long "
	    "paragraph of the story closes it with a sentence or two.";
	char in[2048], want[2048];

	snprintf(in, sizeof(in), "Head\n\n%s\n\n%s\n\nSub\n\n%s\n\n"
	    "Head\n\n%s\n\n%s\n\nSub\n\n%s\n\nEnd", a, b, c, a, b, c);
	snprintf(want, sizeof(want), "Head\n\n%s\n\n%s\n\nSub\n\n%s\n\n"
	    "End", a, b, c);
	dedup_run_is(in, 3, want);
	snprintf(in, sizeof(in), "%s\n\n%s\n\n%s\n\nQuote\n\n%s\n\nEnd",
	    a, b, c, b);
	dedup_run_is(in, 3, in);
	snprintf(in, sizeof(in), "%s\n\n%s\n\n%s\n\n%s\n\nEnd", a, a, a, a);
	dedup_run_is(in, 3, in);
	dedup_huge();
}

/* A dedup of s into the expected text. */
static void
dedup_is(const char *s, const char *want)
{
	char *c = strdup(s);
	size_t n;

	n = w_html_dedup_blocks(c, strlen(c), 0);
	c[n] = '\0';
	CHECK_STR(c, want);
	free(c);
}

static void
dedup(void)
{
	const char *a = "A long paragraph that a responsive page prints twice "
	    "over, once for phones.";
	char in[1024], want[1024];

	/* the second copy of a long block goes, white space folded */
	snprintf(in, sizeof(in), "Title\n\n%s\n\nMiddle\n\n%s\n\nEnd",
	    a, "A long paragraph that a responsive page prints  twice\nover, "
	    "once for phones.");
	snprintf(want, sizeof(want), "Title\n\n%s\n\nMiddle\n\nEnd", a);
	dedup_is(in, want);
	/* as the last block too */
	snprintf(in, sizeof(in), "%s\n\nMiddle\n\n%s", a, a);
	snprintf(want, sizeof(want), "%s\n\nMiddle\n\n", a);
	dedup_is(in, want);
	/* short blocks repeat freely */
	dedup_is("Price\n\n$10\n\nPrice\n\n$10",
	    "Price\n\n$10\n\nPrice\n\n$10");
	/* code blocks stay verbatim, repeats and all */
	snprintf(in, sizeof(in), "```\n%s\n\n%s\n```\n\n%s", a, a, a);
	dedup_is(in, in);
	dedup_is("", "");
	/* a card's title, date and price printed again inside the card
	 * (another screen size): the short copies go together */
	dedup_is("- How to Sell Handmade Goods Online in Small Towns\n\n"
	    "  Wednesday at 4:00 PM\n\n  Free\n\n  Crafts Hub\n\n"
	    "  How to Sell Handmade Goods Online in Small Towns\n\n"
	    "  Wednesday at 4:00 PM\n\n  Free\n\n"
	    "- Pottery for Beginners, an Evening Class\n\n  Free\n\n",
	    "- How to Sell Handmade Goods Online in Small Towns\n\n"
	    "  Wednesday at 4:00 PM\n\n  Free\n\n  Crafts Hub\n\n"
	    "- Pottery for Beginners, an Evening Class\n\n  Free\n\n");
	/* a card grid printed again far below (another screen size):
	 * a run of short blocks copying an earlier run, its name twice
	 * on the page, goes; fields every card repeats stay */
	dedup_is("Tuning the scheduler for bursty queues at peak hours\n\nBy Ada\n\n"
	    "Blog\n\nNov 7\n\nCold starts on our edge fleet, cut\n\n"
	    "By Marco\n\nBlog\n\nOct 30\n\nSee all\n\n"
	    "Tuning the scheduler for bursty queues at peak hours\n\nBy Ada\n\n"
	    "Blog\n\nNov 7\n\nEnd",
	    "Tuning the scheduler for bursty queues at peak hours\n\nBy Ada\n\n"
	    "Blog\n\nNov 7\n\nCold starts on our edge fleet, cut\n\n"
	    "By Marco\n\nBlog\n\nOct 30\n\nSee all\n\nEnd");
	dedup_is("Cushioning:\n\nMaximum cushioning for long runs\n\n"
	    "Support:\n\nNeutral\n\nTrail runner one\n\n"
	    "Cushioning:\n\nMaximum cushioning for long runs\n\n"
	    "Support:\n\nNeutral\n\nTrail runner two\n\n"
	    "Cushioning:\n\nMaximum cushioning for long runs\n\n"
	    "Support:\n\nNeutral\n\nEnd",
	    "Cushioning:\n\nMaximum cushioning for long runs\n\n"
	    "Support:\n\nNeutral\n\nTrail runner one\n\n"
	    "Cushioning:\n\nMaximum cushioning for long runs\n\n"
	    "Support:\n\nNeutral\n\nTrail runner two\n\n"
	    "Cushioning:\n\nMaximum cushioning for long runs\n\n"
	    "Support:\n\nNeutral\n\nEnd");
	/* the same short lines in the next item are that item's own */
	snprintf(in, sizeof(in), "- 1\n\n  Ten off a panel upgrade\n\n"
	    "  Must be shown before work starts.\n\n  Not with other "
	    "offers.\n\n- 2\n\n  Twenty off a repair\n\n"
	    "  Must be shown before work starts.\n\n  Not with other "
	    "offers.\n\n");
	dedup_is(in, in);
	/* a shop tile printing its name and price twice: a short copy in
	 * the same list item goes alone, the next tile keeps its own */
	dedup_is("- Dark Roast Coffee\n\n  Dark Roast Coffee\n\n  $19.99\n\n"
	    "  $19.99\n\n- Blueberry Coffee\n\n  $19.99\n\n",
	    "- Dark Roast Coffee\n\n  $19.99\n\n"
	    "- Blueberry Coffee\n\n  $19.99\n\n");
	/* outside a list, short near repeats stay */
	dedup_is("Price\n\n$10\n\n$10\n\nEnd",
	    "Price\n\n$10\n\n$10\n\nEnd");
	/* far apart, short repeats are a listing's recurring sections */
	dedup_is("Ankle socks for running\n\nComfy coverage\n\nA\n\nB\n\n"
	    "C\n\nD\n\nE\n\nF\n\nG\n\nH\n\n"
	    "Ankle socks for running\n\nComfy coverage\n\nI",
	    "Ankle socks for running\n\nComfy coverage\n\nA\n\nB\n\n"
	    "C\n\nD\n\nE\n\nF\n\nG\n\nH\n\n"
	    "Ankle socks for running\n\nComfy coverage\n\nI");
}

/*
 * Lists (HN_ITEMS): a long field every item prints, each copy after the
 * next item's new name, stays at every copy (at run 0 only the first
 * stays); a section printed three times and an item printed in two
 * lists still go.
 */
static void
dedup_fields(void)
{
	const char *f = "Scalable arm system that carries up to six monitors "
	    "on a single post";
	char in[2048], want[2048];

	snprintf(in, sizeof(in), "Arm one\n\nUp to 43 inches\n\n%s\n\n"
	    "Arm two\n\nUp to 65 inches\n\n%s\n\nArm three\n\n%s\n\n"
	    "End", f, f, f);
	dedup_run_is(in, HN_ITEMS, in);
	snprintf(want, sizeof(want), "Arm one\n\nUp to 43 inches\n\n%s\n\n"
	    "Arm two\n\nUp to 65 inches\n\nArm three\n\nEnd", f);
	dedup_run_is(in, 0, want);
	/* printed twice only: a copy, it goes */
	snprintf(in, sizeof(in), "Arm one\n\n%s\n\nArm two\n\n%s\n\nEnd",
	    f, f);
	snprintf(want, sizeof(want), "Arm one\n\n%s\n\nArm two\n\nEnd", f);
	dedup_run_is(in, HN_ITEMS, want);
	/* a section printed three times: nothing new between the second
	 * and third copies */
	snprintf(in, sizeof(in), "Head\n\n%s\n\nHead\n\n%s\n\nHead\n\n%s"
	    "\n\nEnd", f, f, f);
	snprintf(want, sizeof(want), "Head\n\n%s\n\nEnd", f);
	dedup_run_is(in, HN_ITEMS, want);
	/* an item's first block (a headline in three lists) goes */
	snprintf(in, sizeof(in), "- %s\n\n- Latest one\n\n- %s\n\n"
	    "- Popular one\n\n- %s\n\n- Picked one\n\n", f, f, f);
	snprintf(want, sizeof(want), "- %s\n\n- Latest one\n\n"
	    "- Popular one\n\n- Picked one\n\n", f);
	dedup_run_is(in, HN_ITEMS, want);
}

static void
add(struct w_buf *b, const char *s)
{
	w_buf_add(b, s, strlen(s));
}

/* The text of element i's first H_TEXT descendant starts with want. */
static int
text_starts(const struct hdoc *d, int i, const char *want)
{
	int j;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == H_TEXT && d->n[j].len > 0 &&
		    strspn(d->pool + d->n[j].off, " \n") < d->n[j].len)
			break;
	if (j < 0)
		return 0;
	return strstr(d->pool + d->n[j].off, want) != NULL;
}

static void
items(void)
{
	static const char menu[] = "<nav><ul>"
	    "<li><a href=/a>Home</a></li><li><a href=/b>Posts</a></li>"
	    "<li><a href=/c>About</a></li><li><a href=/d>Tags</a></li>"
	    "<li><a href=/e>Feed</a></li><li><a href=/f>Shop</a></li>"
	    "</ul></nav>";
	static const char item[] = "<div class=\"result\"><h3>"
	    "<a href=/p>A title of several words for item</a></h3>"
	    "<p>Short teaser text under the title.</p></div>";
	static const char remark[] = "<div class=\"note\"><a href=/u>"
	    "someone with a long user name</a> said a thing that goes "
	    "on for quite a while longer</div>";
	struct w_buf b;
	struct hdoc d;
	size_t text;
	int k, i;

	w_buf_init(&b, 1 << 20);
	add(&b, "<html><body>");
	add(&b, menu);
	add(&b, "<main><h1>Results</h1><div id=\"found\">");
	for (k = 0; k < 6; k++)
		add(&b, item);
	add(&b, "</div><div class=\"comments\">");
	for (k = 0; k < 9; k++)
		add(&b, remark);
	add(&b, "</div></main></body></html>");
	CHECK_INT(w_html_parse(&d, b.p, b.len), 0);
	/* the results, not the menu (short links), not the comments */
	i = w_html_items(&d, NULL, &text);
	CHECK(i >= 0);
	if (i >= 0) {
		CHECK_STR(w_html_attr(&d, i, "id"), "found");
		CHECK(text_starts(&d, i, "A title of several words"));
	}
	CHECK(text > 6 * 40);
	w_html_free(&d);
	/* five items are the least; four are not a listing */
	w_buf_reset(&b);
	add(&b, "<html><body><div>");
	for (k = 0; k < 4; k++)
		add(&b, item);
	add(&b, "</div></body></html>");
	CHECK_INT(w_html_parse(&d, b.p, b.len), 0);
	CHECK_INT(w_html_items(&d, NULL, &text), -1);
	CHECK_INT((int)text, 0);
	w_html_free(&d);
	/*
	 * a wrapper named for chrome that holds the main element is a
	 * layout box; one beside it is chrome
	 */
	for (k = 0; k < 2; k++) {
		w_buf_reset(&b);
		add(&b, "<html><body><div class=\"wrap-footer\">");
		add(&b, k == 0 ? "<main>" : "<div>");
		for (i = 0; i < 6; i++)
			add(&b, item);
		add(&b, k == 0 ? "</main>" : "</div>");
		add(&b, "</div><footer>Contact us</footer></body></html>");
		CHECK_INT(w_html_parse(&d, b.p, b.len), 0);
		i = w_html_items(&d, NULL, &text);
		if (k == 0)
			CHECK(i >= 0 && d.n[i].tag == TidyTag_MAIN);
		else
			CHECK_INT(i, -1);
		w_html_free(&d);
	}
	/* a definition list's items: titles in the dt, text in the dd */
	w_buf_reset(&b);
	add(&b, "<html><body><main><dl>");
	for (k = 0; k < 6; k++) {
		/* two terms to each description: the survey's run is
		 * the dt, the title link is in the dd */
		add(&b, "<dt>[1]</dt><dt><a href=/abs/1>abs</a> "
		    "<a href=/pdf/1>pdf</a></dt>");
		add(&b, "<dd><div><a href=/abs/1>On the counting of moths"
		    "</a></div><div><a href=/a/x>A. Author</a>, <a "
		    "href=/a/y>B. Author</a></div></dd>");
	}
	add(&b, "</dl></main></body></html>");
	CHECK_INT(w_html_parse(&d, b.p, b.len), 0);
	i = w_html_items(&d, NULL, &text);
	CHECK(i >= 0 && d.n[i].tag == TidyTag_DL);
	CHECK(text > 6 * 40);
	w_html_free(&d);
	w_buf_free(&b);
}

static void
sections(void)
{
	static const char page[] = "<html><body><main>"
	    "<h1>Cold storage</h1><p>Our story.</p>"
	    "<h2>Chilled</h2><div>Two to eight degrees.</div>"
	    "<h2><a href=/x>A teaser that is a link</a></h2>"
	    "<h3>Frozen <a href=/y>rooms</a></h3><div>Minus 25.</div>"
	    "<h2> </h2><h4>Prices</h4>"
	    "</main></body></html>";
	struct hdoc d;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	/* h1, Chilled, Frozen (mostly text), Prices; not the link, not
	 * the empty one */
	CHECK_INT(w_html_headings(&d, d.body), 4);
	CHECK_INT(w_html_strip(&d, d.body, -1), 4);
	w_html_free(&d);
	/* a service page: the pick holds half of a 6000-character region,
	 * 8 headings outside it over 3000 plain characters: sections */
	CHECK(w_html_sectioned(H_SERVICE, 3000, 6000, 2900, 5900, 10, 2));
	CHECK(w_html_sectioned(H_DOC, 3000, 6000, 2900, 5900, 10, 2));
	/* the other types keep their pick; an article too, unless 8
	 * headings or more outside the pick head under 130 plain
	 * characters each, 400 or more in all, in a region 85% plain */
	CHECK(!w_html_sectioned(H_ARTICLE, 3000, 6000, 2900, 5900, 10, 2));
	CHECK(w_html_sectioned(H_ARTICLE, 3000, 6000, 2900, 5900, 30, 2));
	CHECK(!w_html_sectioned(H_ARTICLE, 3000, 6000, 2900, 5900, 9, 2));
	CHECK(!w_html_sectioned(H_ARTICLE, 3000, 6000, 2900, 5000, 30, 2));
	CHECK(!w_html_sectioned(H_ARTICLE, 3000, 6000, 2900, 3200, 30, 2));
	CHECK(!w_html_sectioned(H_OTHER, 3000, 6000, 2900, 5900, 30, 2));
	CHECK(!w_html_sectioned(H_FORUM, 3000, 6000, 2900, 5900, 10, 2));
	CHECK(!w_html_sectioned(H_LISTING, 3000, 6000, 2900, 5900, 10, 2));
	/* 60% of the region is the content, not a part of it */
	CHECK(!w_html_sectioned(H_SERVICE, 3600, 6000, 2900, 5900, 10, 2));
	/* three headings outside the pick are not sections */
	CHECK(!w_html_sectioned(H_SERVICE, 3000, 6000, 2900, 5900, 5, 2));
	/* 400 plain characters a heading are chapters, not sections */
	CHECK(!w_html_sectioned(H_SERVICE, 3000, 6000, 2900, 6100, 10, 2));
	/* a small region (under 2500 characters), an empty pick */
	CHECK(!w_html_sectioned(H_SERVICE, 1000, 2400, 900, 2300, 10, 2));
	CHECK(!w_html_sectioned(H_SERVICE, 0, 6000, 0, 5900, 10, 2));
}

/* The element with id attribute want, or -1. */
static int
by_id(const struct hdoc *d, const char *want)
{
	const char *id;
	size_t k;

	for (k = 0; k < d->nn; k++)
		if (d->n[k].tag != H_TEXT &&
		    (id = w_html_attr(d, (int)k, "id")) != NULL &&
		    strcmp(id, want) == 0)
			return (int)k;
	return -1;
}

/*
 * A tree of links left in a region (a section picker, a page tree: a
 * list of 12 links or more and nothing else, lists nested in its
 * items) is chrome, while it holds at most 40% of the region; a flat
 * list of links, a list of text with links and a tree that is most of
 * the region stay.
 */
static void
link_trees(void)
{
	static const char *const kids[] = { "Audits", "Reviews", "Tax",
	    "Payroll", "Valuations", "Risk", "Cloud", "Backups", "Security",
	    "Training", "Hiring", "Benefits", NULL };
	struct w_buf pg, b;
	struct hdoc d;
	size_t k;
	int pass;

	for (pass = 0; pass < 4; pass++) {
		w_html_buf_init(&pg, 1 << 16);
		w_buf_printf(&pg, "<html><body><div id=\"r\"><h1>Payroll</h1>"
		    "<ul id=\"t\"><li><a href=/a>Accounting</a>%s",
		    pass == 1 ? "" : "<ul>");
		for (k = 0; kids[k] != NULL; k++)
			w_buf_printf(&pg, "<li>%s<a href=/a/%zu>%s</a></li>",
			    pass == 2 ? "Our service for small firms: " : "",
			    k, kids[k]);
		w_buf_printf(&pg, "%s</li></ul>", pass == 1 ? "" : "</ul>");
		for (k = 0; k < (pass == 3 ? 1 : 6); k++)
			w_buf_printf(&pg, "<p>We run payroll for shops and "
			    "workshops of two to two hundred people, with one "
			    "named clerk who answers the phone.</p>");
		w_buf_printf(&pg, "</div></body></html>");
		CHECK_INT(w_html_parse(&d, pg.p, pg.len), 0);
		w_html_strip(&d, by_id(&d, "r"), w_html_profile(H_SERVICE));
		w_html_buf_init(&b, 1 << 16);
		w_html_text(&d, by_id(&d, "r"), &b);
		CHECK(strstr(b.p, "named clerk") != NULL);
		if (pass == 0)
			CHECK(strstr(b.p, "Valuations") == NULL);
		else
			CHECK(strstr(b.p, "Valuations") != NULL);
		w_buf_free(&b);
		w_html_free(&d);
		w_buf_free(&pg);
	}
}

/*
 * On a product page the text for screen readers alone goes when the
 * region is stripped, however short; elsewhere a short one stays.
 */
static void
sr_shop_text(void)
{
	static const char page[] = "<html><body><div id=r>"
	    "<h1>Moorland Wool Beanie</h1><p><span class=sr-only>Regular "
	    "price</span> 28.00</p><div class=visually-hidden>Use the arrow "
	    "keys to move between images.</div><p>A ribbed beanie knitted "
	    "from the wool of hill sheep on the moors above the valley.</p>"
	    "</div></body></html>";
	struct w_buf b;
	struct hdoc d;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
		w_html_strip(&d, by_id(&d, "r"),
		    w_html_profile(pass == 0 ? H_PRODUCT : H_SERVICE));
		w_html_buf_init(&b, 1 << 16);
		w_html_text(&d, by_id(&d, "r"), &b);
		CHECK(strstr(b.p, "hill sheep") != NULL);
		CHECK(strstr(b.p, "28.00") != NULL);
		if (pass == 0) {
			CHECK(strstr(b.p, "Regular price") == NULL);
			CHECK(strstr(b.p, "arrow keys") == NULL);
		} else
			CHECK(strstr(b.p, "arrow keys") != NULL);
		w_buf_free(&b);
		w_html_free(&d);
	}
}

/*
 * The pane beside a forum post (its poster's rank, statistics and
 * custom fields: a post profile) is never content, whatever the page
 * type, while short; the post beside it is.
 */
static void
post_panes(void)
{
	static const char page[] = "<html><body><div class=post>"
	    "<dl id=pp class=\"postprofile\"><dt><a href=/m/1>fernhill</a>"
	    "</dt><dd>Seedling Sage</dd><dd>Founded: Apr 02, 2019</dd>"
	    "<dd>Raised beds and a greenhouse</dd></dl>"
	    "<div id=pb class=postbody><p>My leeks are thin as threads and "
	    "falling over.</p></div></div></body></html>";
	struct hdoc d;
	int pp, pb;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	pp = by_id(&d, "pp");
	pb = by_id(&d, "pb");
	CHECK(pp >= 0 && pb >= 0);
	if (pp >= 0 && pb >= 0) {
		CHECK_INT(w_html_never_content(&d, pp, 0), 1);
		CHECK_INT(w_html_never_content(&d, pp, HP_THREAD), 1);
		CHECK_INT(w_html_never_content(&d, pb, HP_THREAD), 0);
	}
	w_html_free(&d);
}

/*
 * Notices about the page (w_html_notice): a thread's status ("Not open
 * for further replies", who is browsing) with status asked, and a
 * ticker of one call to action repeated; a post that says its thread
 * is closed among other words, a row of cards whose captions repeat
 * and a list of distinct items are none.
 */
static void
notices(void)
{
	static const char page[] = "<html><body>"
	    "<dl id=st><dt>Status</dt><dd>Not open for further replies.</dd>"
	    "</dl><h3 id=rb>Recently Browsing 0 members</h3>"
	    "<div id=tk><span>Book Now <span>*</span></span>"
	    "<span>Book Now <span>*</span></span><span>Book Now <span>*</span>"
	    "</span><span>Book Now <span>*</span></span><span>Book Now "
	    "<span>*</span></span><span>Book Now <span>*</span></span></div>"
	    "<div id=cd><div><img src=a.png alt=\"\">Expires 01/01/26</div>"
	    "<div><img src=b.png alt=\"\">Expires 01/01/26</div>"
	    "<div><img src=c.png alt=\"\">Expires 01/01/26</div>"
	    "<div><img src=d.png alt=\"\">Expires 01/01/26</div>"
	    "<div><img src=e.png alt=\"\">Expires 01/01/26</div></div>"
	    "<ul id=ls><li>Leeks</li><li>Onions</li><li>Garlic</li>"
	    "<li>Shallots</li><li>Chives</li></ul>"
	    "<p id=po>The thread is closed, they said, but my leeks still bolt "
	    "every June, whatever I sow them in, and I would like to know "
	    "why before the next season starts again in the raised beds.</p>"
	    "</body></html>";
	struct hdoc d;
	int st, rb, tk, cd, ls, po;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	st = by_id(&d, "st");
	rb = by_id(&d, "rb");
	tk = by_id(&d, "tk");
	cd = by_id(&d, "cd");
	ls = by_id(&d, "ls");
	po = by_id(&d, "po");
	CHECK(st >= 0 && rb >= 0 && tk >= 0 && cd >= 0 && ls >= 0 && po >= 0);
	if (st >= 0 && rb >= 0 && tk >= 0 && cd >= 0 && ls >= 0 && po >= 0) {
		CHECK_INT(w_html_notice(&d, st, 1), 1);
		CHECK_INT(w_html_notice(&d, st, 0), 0);
		CHECK_INT(w_html_notice(&d, rb, 1), 1);
		CHECK_INT(w_html_notice(&d, tk, 0), 1);
		CHECK_INT(w_html_notice(&d, cd, 1), 0);
		CHECK_INT(w_html_notice(&d, ls, 1), 0);
		CHECK_INT(w_html_notice(&d, po, 1), 0);
	}
	w_html_free(&d);
}

/*
 * A style hiding the whole page until its scripts run (a veil) does not
 * hide the page's text; a hidden box holding a small part of it does.
 */
static void
veil(void)
{
	static const char para[] = "<p>A paragraph of the page's own text, "
	    "long enough to count for something when the lengths are "
	    "compared with the rest of the body.</p>";
	struct w_buf b;
	struct hdoc d;
	int k, v, h;

	w_buf_init(&b, 1 << 16);
	add(&b, "<html><body><div id=\"v\" style=\"visibility: hidden\">");
	for (k = 0; k < 8; k++)
		add(&b, para);
	add(&b, "<div id=\"h\" style=\"display:none\">");
	add(&b, para);
	add(&b, "</div></div></body></html>");
	CHECK_INT(w_html_parse(&d, b.p, b.len), 0);
	v = by_id(&d, "v");
	h = by_id(&d, "h");
	CHECK(v >= 0 && h >= 0);
	if (v >= 0 && h >= 0) {
		CHECK_INT(w_html_page_veil(&d, v), 1);
		CHECK_INT(w_html_visible(&d, v), 1);
		CHECK_INT(w_html_visible(&d, h), 0);
	}
	w_html_free(&d);
	w_buf_free(&b);
}

/*
 * Self-closed SVG elements (<path/>) add no nesting: thousands of them
 * do not make the parser flatten the page, and the text after them
 * keeps its paragraphs.
 */
static void
svg_depth(void)
{
	struct w_buf b;
	struct hdoc d;
	int k, p;

	w_buf_init(&b, 1 << 20);
	add(&b, "<html><body><svg>");
	for (k = 0; k < 6000; k++)
		add(&b, "<path d=\"M0 0\"/>");
	add(&b, "</svg><p id=\"after\">The text after the diagram.</p>"
	    "</body></html>");
	CHECK_INT(w_html_parse(&d, b.p, b.len), 0);
	CHECK_INT(d.truncated, 0);
	p = by_id(&d, "after");
	CHECK(p >= 0);
	if (p >= 0)
		CHECK_INT(d.n[p].tag, TidyTag_P);
	w_html_free(&d);
	w_buf_free(&b);
}

static int
fold_up(const char *v, char *out, size_t size)
{
	size_t n;

	for (n = 0; v[n] != '\0' && n + 1 < size; n++)
		out[n] = (char)(v[n] >= 'a' && v[n] <= 'z' ? v[n] - 32 : v[n]);
	out[n] = '\0';
	return n < 8;
}

static int
fold_low(const char *v, char *out, size_t size)
{
	return w_html_class_low(v, out, size, 64, 0) != NULL;
}

/* w_html_fold: the same answer as the fold itself, by value and fold,
 * whether kept or not, with a document or without */
static void
folds(void)
{
	static const char pool[] = "Ab c\0Nav Bar\0longer than eight\0x\0"
	    "Y z\0";
	static const size_t at[] = { 0, 5, 13, 31, 33 };
	struct hdoc d;
	char tmp[HF_SIZE], want[HF_SIZE];
	const char *got, *v;
	int t, k, f;

	memset(&d, 0, sizeof(d));
	for (t = 0; t < 60; t++) {
		k = (t * 7) % 5;
		f = (t / 5) % 2;
		v = pool + at[k];
		got = w_html_fold(t % 3 ? &d : NULL, v, f ? fold_low : fold_up,
		    tmp);
		if ((f ? fold_low : fold_up)(v, want, sizeof(want)))
			CHECK(got != NULL && strcmp(got, want) == 0);
		else
			CHECK(got == NULL);
	}
	w_html_free(&d);
}

/* w_html_ci_any against w_html_ci_contains word by word, on random
 * values and lists (one-byte words, capitals, non-ASCII, words that
 * share their first bytes), with a document's lists (more than fit its
 * 64: the rest made on each call) and without */
static void
words_random(void)
{
	static const char *const pool[] = {
		"a", "Z", "ab", "aB", "ba", "abc", "ad-", "-ad-", "x", "xy",
		"\xc3\xa9", "\xc3\xa9t", "e\xcc", "cookie", "cook", "nav",
		"na", "-", "1", "12", "sidebar", "side", NULL
	};
	static const char alpha[] = "abcdxyzABZ-_ 12\xc3\xa9\xcc";
	const char *lists[80][6];
	struct hdoc d;
	char hay[40];
	unsigned seed = 11;
	size_t np, k, n, l;
	int t, want, j;

	for (np = 0; pool[np] != NULL; np++)
		;
	memset(&d, 0, sizeof(d));
	for (l = 0; l < 80; l++) {
		for (k = 0; k < 5; k++) {
			seed = seed * 1103515245u + 12345u;
			lists[l][k] = pool[(seed >> 16) % np];
		}
		seed = seed * 1103515245u + 12345u;
		lists[l][1 + (seed >> 16) % 4] = NULL;
		lists[l][5] = NULL;
	}
	for (t = 0; t < 20000; t++) {
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 16) % (sizeof(hay) - 1);
		for (k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			hay[k] = alpha[(seed >> 16) % (sizeof(alpha) - 1)];
		}
		hay[n] = '\0';
		l = (size_t)t % 80;
		want = 0;
		for (j = 0; lists[l][j] != NULL; j++)
			want |= w_html_ci_contains(hay, lists[l][j]);
		CHECK_INT(w_html_ci_any(&d, hay, lists[l]), want);
		CHECK_INT(w_html_ci_any(NULL, hay, lists[l]), want);
	}
	CHECK_INT((int)d.nws, 64);
	w_html_free(&d);
}

/* The word searches: one pass for a list, a value lowered with the
 * skipped tokens blanked, and the memo of a node's answers. */
static void
words(void)
{
	static const char *const w[] = { "cookie", "consent", "-ad-", NULL };
	static const char *const none[] = { NULL };
	static const char *const empty[] = { "x", "", NULL };
	static const char page[] = "<html><body><div class=\"A Cookie-Bar\">"
	    "x</div></body></html>";
	struct hdoc d;
	char buf[64];
	int i;

	CHECK(w_html_ci_any(NULL, "top Cookie-bar", w));
	CHECK(w_html_ci_any(NULL, "gdpr-CONSENT", w));
	CHECK(w_html_ci_any(NULL, "x-AD-y", w));
	CHECK(!w_html_ci_any(NULL, "cooki consen -ad", w));
	CHECK(!w_html_ci_any(NULL, NULL, w));
	CHECK(!w_html_ci_any(NULL, "cookie", none));
	CHECK(w_html_ci_any(NULL, "anything", empty));
	CHECK(w_html_ci_contains("a-Tab-Pane", "tab-pane"));
	CHECK(!w_html_ci_contains("a-Tab-Pan", "tab-pane"));
	/* past 64 bytes the search hands over to strpbrk */
	CHECK(w_html_ci_contains("0123456789012345678901234567890123456789"
	    "0123456789012345678901234567890123456789 NewsLetter", "newsletter"));
	CHECK_STR(w_html_class_low("Nav md:Hidden w-1/2 TOOLONGTOKEN",
	    buf, sizeof(buf), 8, 0), "nav" "              "
	    "               ");
	CHECK(w_html_class_low("a-rather-long-value", buf, 8, 8, 0) == NULL);
	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	for (i = d.body; i >= 0 && d.n[i].tag != TidyTag_DIV;
	    i = w_html_next_pre(&d, i, d.body, 0))
		;
	CHECK(i >= 0);
	CHECK_INT(w_html_memo(&d, i, HM_COOKIE), -1);
	CHECK(w_html_ci_any(&d, w_html_attr(&d, i, "class"), w));
	/* the document keeps the list's chains: the second search reuses
	 * them */
	CHECK(w_html_ci_any(&d, "consent", w));
	CHECK_INT((int)d.nws, 1);
	CHECK_INT(w_html_memo_put(&d, i, HM_COOKIE, 1), 1);
	CHECK_INT(w_html_memo(&d, i, HM_COOKIE), 1);
	CHECK_INT(w_html_memo(&d, i, HM_NEVER), -1);
	w_html_free(&d);
	words_random();
	folds();
}

/* An item's meta line: counts, relative times and empty review lines,
 * nothing else. */
static void
meta_lines(void)
{
	CHECK_INT(w_html_more_line("View all"), 1);
	CHECK_INT(w_html_more_line("  See more \xe2\x80\xba "), 1);
	CHECK_INT(w_html_more_line("LOAD MORE"), 1);
	CHECK_INT(w_html_more_line("Show all:"), 1);
	CHECK_INT(w_html_more_line("More"), 1);
	CHECK_INT(w_html_more_line("More about the moth trap"), 0);
	CHECK_INT(w_html_more_line("View all 12 photos of the plot"), 0);
	CHECK_INT(w_html_more_line("Seemore"), 0);
	CHECK_INT(w_html_more_line(""), 0);
	CHECK_INT(w_html_action_line("Compare"), 1);
	CHECK_INT(w_html_action_line("  Quick View "), 1);
	CHECK_INT(w_html_action_line("\xe2\x99\xa1 Save job"), 1);
	CHECK_INT(w_html_action_line("View company profile \xe2\x80\xba"), 1);
	CHECK_INT(w_html_action_line("Compare the two borlotti strains"), 0);
	CHECK_INT(w_html_action_line("Save"), 0);
	CHECK_INT(w_html_action_line("Learn more"), 0);
	CHECK_INT(w_html_action_line(""), 0);
	CHECK_INT(w_html_action_line("Sign in"), 1);
	CHECK_INT(w_html_action_line("LOG IN \xe2\x86\x92"), 1);
	CHECK_INT(w_html_action_line("Open in app"), 1);
	CHECK_INT(w_html_action_line("Sign in to see the salary"), 0);
	CHECK_INT(w_html_action_line("Subscribe"), 0);
	CHECK_INT(w_html_meta_line("3 comments"), 1);
	CHECK_INT(w_html_meta_line("  44 Reactions "), 1);
	CHECK_INT(w_html_meta_line("1.2k views"), 1);
	CHECK_INT(w_html_meta_line("7 min read"), 1);
	CHECK_INT(w_html_meta_line("2 hours ago"), 1);
	CHECK_INT(w_html_meta_line("an hour ago"), 1);
	CHECK_INT(w_html_meta_line("5d ago"), 1);
	CHECK_INT(w_html_meta_line("15m ago \xe2\x80\xa2 3 min read"), 1);
	CHECK_INT(w_html_meta_line("Mar 7 \xc2\xb7 2 comments"), 0);
	CHECK_INT(w_html_meta_line("3 ways to cook rice"), 0);
	CHECK_INT(w_html_meta_line("10 days in Rome"), 0);
	CHECK_INT(w_html_meta_line("2 hours"), 0);
	CHECK_INT(w_html_meta_line("Comments"), 0);
	/* a shop tile's empty review line */
	CHECK_INT(w_html_meta_line("Be the first to review this product"), 1);
	CHECK_INT(w_html_meta_line("No reviews yet"), 1);
	CHECK_INT(w_html_meta_line("Write a review"), 1);
	CHECK_INT(w_html_meta_line("21 reviews"), 0);
	CHECK_INT(w_html_meta_line("Reviews of the best tents"), 0);
	/* a listing's result count and sort control */
	CHECK_INT(w_html_meta_line("1,072 results"), 1);
	CHECK_INT(w_html_meta_line("(18 Products)"), 1);
	CHECK_INT(w_html_meta_line("Products (18)"), 1);
	CHECK_INT(w_html_meta_line("loaded 24 results"), 1);
	CHECK_INT(w_html_meta_line("Sort by: Best match"), 1);
	CHECK_INT(w_html_meta_line("Products (new)"), 0);
	CHECK_INT(w_html_meta_line("3 results of the survey"), 0);
	CHECK_INT(w_html_meta_line("Sort by colour, then by size, and pack the "
	    "rest away"), 0);
	CHECK_INT(w_html_meta_line(""), 0);
	CHECK_INT(w_html_meta_line("5 years ago, a small team of engineers "
	    "set out to rebuild the search"), 0);
}

/* Text of the body once w_html_kind_cards ran on it; *rows its count. */
static char *
cards_text(const char *page, size_t *rows)
{
	struct hdoc d;
	struct w_buf b;
	char *t;

	CHECK_INT(w_html_parse(&d, page, strlen(page)), 0);
	*rows = w_html_kind_cards(&d, d.body);
	w_html_buf_init(&b, 1 << 16);
	w_html_text(&d, d.body, &b);
	t = w_buf_take(&b);
	w_html_free(&d);
	return t;
}

/*
 * A row of cards each opening with the kind of page it links to
 * ("Blog", "Case study") goes with its title; cards without such a
 * label stay; so do kind cards that are most of the text (a page of
 * them: the items).
 */
static void
kind_cards(void)
{
	static const char page[] = "<html><body><div class=page>"
	    "<h1>Data services</h1><p>We clean, join and publish the data "
	    "your teams rely on, and we stay to run it: pipelines, quality "
	    "checks and dashboards, with one engineer who knows your "
	    "tables by name and answers within the day.</p>"
	    "<p>Most projects start with a two-week audit of the sources, "
	    "a plan for the first three pipelines and a price fixed in "
	    "advance, so there are no surprises on the invoice later.</p>"
	    "<div class=plans><div class=plan><h3>Audit</h3><a href=/a>"
	    "Two weeks, fixed price</a></div><div class=plan><h3>Run</h3>"
	    "<a href=/r>Monthly, one engineer</a></div></div>"
	    "<section><div class=title><h2>News and insights</h2></div>"
	    "<div class=row><div class=card><p>Blog</p><h3>How to pick a "
	    "warehouse</h3><a href=/b1>Read more</a></div>"
	    "<div class=card><p>Case study:</p><h3>A retailer halves its "
	    "reporting time</h3><a href=/c1>Read</a></div>"
	    "<div class=card><p>WHITEPAPER</p><a href=/w1>Data quality "
	    "at scale</a></div></div></section></div></body></html>";
	static const char many[] = "<html><body><h1>Blog</h1><div>"
	    "<div><p>Blog</p><a href=/1>How to pick a warehouse</a></div>"
	    "<div><p>Blog</p><a href=/2>Ten rules for clean tables</a></div>"
	    "<div><p>Guide</p><a href=/3>Joining data without tears</a>"
	    "</div></div><p>Page 1 of 9</p></body></html>";
	size_t rows;
	char *t;

	t = cards_text(page, &rows);
	CHECK_INT((int)rows, 1);
	CHECK(strstr(t, "We clean, join and publish") != NULL);
	CHECK(strstr(t, "Two weeks, fixed price") != NULL);
	CHECK(strstr(t, "How to pick a warehouse") == NULL);
	CHECK(strstr(t, "A retailer halves") == NULL);
	CHECK(strstr(t, "Data quality at scale") == NULL);
	CHECK(strstr(t, "News and insights") == NULL);
	free(t);
	t = cards_text(many, &rows);
	CHECK_INT((int)rows, 0);
	CHECK(strstr(t, "Joining data without tears") != NULL);
	free(t);
}

/* The item meta walk drops links to more of the same, not titles. */
static void
more_links(void)
{
	static const char page[] = "<html><body><main><ul>"
	    "<li><a href=\"/a\">More about the moth trap</a></li>"
	    "<li><a href=\"/b\">Counting frogspawn</a> <span>3 comments"
	    "</span></li></ul><div class=\"foot\"><a href=\"/all\">"
	    "View all \xe2\x80\xba</a></div><p>Load more</p></main>"
	    "</body></html>";
	struct hdoc d;
	struct w_buf b;
	struct w_html_out o;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	w_html_item_meta(&d, d.body, 0);
	memset(&o, 0, sizeof(o));
	o.text = 1;
	w_html_buf_init(&b, 1024);
	w_html_write(&d, d.body, &o, &b);
	CHECK(strstr(b.p, "More about the moth trap") != NULL);
	CHECK(strstr(b.p, "Counting frogspawn") != NULL);
	CHECK(strstr(b.p, "View all") == NULL);
	CHECK(strstr(b.p, "Load more") == NULL);
	CHECK(strstr(b.p, "3 comments") == NULL);
	w_buf_free(&b);
	w_html_free(&d);
}

/*
 * On a page typed as an article the item meta walk takes whole lines
 * only: a word of a sentence in an inline element ("needs <em>more
 * </em> explanation") stays, a line of its own ("4 comments", a "See
 * all reviews" link alone in its paragraph) goes; without lines set
 * (an item's meta, inline beside its title) the inline count and word
 * go too.
 */
static void
meta_whole_lines(void)
{
	static const char page[] = "<html><body><main>"
	    "<p>The app developer needs <em>more</em> explanation.</p>"
	    "<p>Counting frogspawn <span>3 comments</span></p>"
	    "<div>4 comments</div>"
	    "<p><a href=\"/r\">See all reviews</a></p></main></body></html>";
	struct hdoc d;
	struct w_buf b;
	struct w_html_out o;
	int lines;

	for (lines = 1; lines >= 0; lines--) {
		CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
		w_html_item_meta(&d, d.body, lines);
		memset(&o, 0, sizeof(o));
		o.text = 1;
		w_html_buf_init(&b, 1024);
		w_html_write(&d, d.body, &o, &b);
		CHECK((strstr(b.p, "needs more explanation") != NULL) ==
		    lines);
		CHECK((strstr(b.p, "3 comments") != NULL) == lines);
		CHECK(strstr(b.p, "4 comments") == NULL);
		CHECK(strstr(b.p, "See all reviews") == NULL);
		w_buf_free(&b);
		w_html_free(&d);
	}
}

/*
 * A thread's region stripped with the forum profile: a post in the
 * state before a vote ("entry unvoted") holds the post's text, so it
 * is no vote widget, and its text wrapped in the editor's form (no
 * control shown: a hidden input only) is no form to drop; the vote
 * counter and the reply form with its textarea go.
 */
static void
thread_forms(void)
{
	static const char page[] = "<html><body><div id=r>"
	    "<div class=\"entry unvoted\"><p class=tagline><a href=/u/wren>"
	    "wren</a></p><form class=usertext action=#><input type=hidden "
	    "name=id value=t1><div class=md><p>Every loaf rises over the "
	    "pan and then sinks into a crater during the bake.</p></div>"
	    "</form><div class=vote-box>12 votes</div></div>"
	    "<div class=\"entry unvoted\"><p class=tagline><a href=/u/tam>"
	    "tam</a></p><form class=usertext action=#><input type=hidden "
	    "name=id value=t2><div class=md><p>Too much yeast or too much "
	    "water: cut the yeast by a quarter first.</p></div></form>"
	    "<div class=vote-box>8 votes</div></div>"
	    "<p>Odd fellow wrote a short note under the thread that is "
	    "long enough to keep the vote boxes small beside it all.</p>"
	    "<p>Another reader added a second paragraph of plain text so "
	    "the region holds more than the two posts and their boxes.</p>"
	    "<form class=reply action=/c><textarea name=t></textarea>"
	    "<button>Save reply</button> Be kind when you reply.</form>"
	    "</div></body></html>";
	struct hdoc d;
	struct w_buf b;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	d.vis = w_html_text_len(&d, d.body);
	w_html_strip(&d, by_id(&d, "r"), w_html_profile(H_FORUM));
	w_html_buf_init(&b, 1 << 16);
	w_html_text(&d, by_id(&d, "r"), &b);
	CHECK(strstr(b.p, "sinks into a crater") != NULL);
	CHECK(strstr(b.p, "cut the yeast by a quarter") != NULL);
	CHECK(strstr(b.p, "12 votes") == NULL);
	CHECK(strstr(b.p, "Be kind") == NULL);
	w_buf_free(&b);
	w_html_free(&d);
}

/*
 * A site's taxonomy terms name its posts by class ("category-sidebar":
 * a post filed under Sidebars), never an element's id: an id starting
 * "category-" or "tag-" names the element ("category-sidebar-filters",
 * the filter pane of a category page) and is chrome like any other.
 */
static void
taxonomy_ids(void)
{
	static const char page[] = "<html><body><div id=r>"
	    "<div id=category-sidebar-filters><h4>Company size</h4>"
	    "<div>All sizes (40)</div><div>Small business (35)</div></div>"
	    "<div class=\"post category-sidebar\"><p>Our guide to the "
	    "sidebar tables of a small kitchen, with measurements.</p></div>"
	    "<p>Forty tools ranked by their score, with the notes of the "
	    "people who use them every day at work and at home.</p>"
	    "<p>Each entry lists the platforms it runs on, the size of the "
	    "teams that use it and what it costs for a year.</p>"
	    "</div></body></html>";
	struct hdoc d;
	struct w_buf b;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	d.vis = w_html_text_len(&d, d.body);
	w_html_strip(&d, by_id(&d, "r"), w_html_profile(H_OTHER));
	w_html_buf_init(&b, 1 << 16);
	w_html_text(&d, by_id(&d, "r"), &b);
	CHECK(strstr(b.p, "Small business") == NULL);
	CHECK(strstr(b.p, "sidebar tables of a small kitchen") != NULL);
	CHECK(strstr(b.p, "Forty tools ranked") != NULL);
	w_buf_free(&b);
	w_html_free(&d);
}

static void
pager_lines(void)
{
	static const char page[] = "<html><body><main>"
	    "<p>The council met on Tuesday about the footbridge.</p>"
	    "<div><a href=\"?p=1\">&laquo; Previous</a> <a href=\"?p=1\">1"
	    "</a> <span>2</span> <a href=\"?p=3\">3</a> &hellip; "
	    "<a href=\"?p=9\">95</a> <a href=\"?p=3\">Next &raquo;</a></div>"
	    "<div>&lt; Previous | | Next &gt;</div>"
	    "<div><span>Page 2 of 8</span></div>"
	    "<div>1&ndash;30 of 296 products</div>"
	    "<div>Showing 1 - 20 of 85</div>"
	    "<div>( 8 results )</div>"
	    "<div>&lsaquo; Zur\xc3\xbc" "ck Weiter &rsaquo;</div>"
	    "<p>Next time, previous owners</p>"
	    "<p>Previous: The old bridge Next: The new road</p>"
	    "<p>1 2 3</p><p>Page 2</p><p>12 of 40 players</p>"
	    "</main></body></html>";
	struct hdoc d;
	struct w_buf b;

	CHECK_INT(w_html_parse(&d, page, sizeof(page) - 1), 0);
	CHECK(w_html_pager_lines(&d, d.body) > 0);
	w_html_buf_init(&b, 1024);
	w_html_text(&d, d.body, &b);
	CHECK(strstr(b.p, "footbridge") != NULL);
	CHECK(strstr(b.p, "Previous |") == NULL);
	CHECK(strstr(b.p, "95") == NULL);
	CHECK(strstr(b.p, "Page 2 of 8") == NULL);
	CHECK(strstr(b.p, "296 products") == NULL);
	CHECK(strstr(b.p, "of 85") == NULL);
	CHECK(strstr(b.p, "8 results") == NULL);
	CHECK(strstr(b.p, "Weiter") == NULL);
	CHECK(strstr(b.p, "Next time, previous owners") != NULL);
	CHECK(strstr(b.p, "Previous: The old bridge") != NULL);
	CHECK(strstr(b.p, "1 2 3") != NULL);
	CHECK(strstr(b.p, "Page 2") != NULL);
	CHECK(strstr(b.p, "12 of 40 players") != NULL);
	w_buf_free(&b);
	w_html_free(&d);
}

int
main(void)
{
	meta_lines();
	more_links();
	meta_whole_lines();
	kind_cards();
	words();
	sections();
	items();
	dedup();
	novel();
	grid_spans();
	grid_ragged();
	grid_too_wide();
	invisible();
	veil();
	post_panes();
	sr_shop_text();
	notices();
	link_trees();
	svg_depth();
	dedup_runs();
	dedup_fields();
	thread_forms();
	taxonomy_ids();
	pager_lines();
	T_DONE();
}
