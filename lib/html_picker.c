/*
 * html_picker.c: a product page's option pickers. A colour, size or
 * model is chosen with radio buttons, each named by its label ("xs",
 * "s", "m"; "Black", "Moon Silver"): the choices are controls of the
 * buy box, not the product's description, and the reviewers of shop
 * pages leave them out. By the time the shop's lines are cleaned the
 * inputs themselves are gone (conditional cleaning drops every input),
 * so a label is known as a choice by its for attribute, which names a
 * radio button's id anywhere in the document, or, when it wraps its
 * radio button, by a flag set before the cleaning
 * (w_html_mark_choices). On WCXB dev the wrapping labels: product fold A
 * +0.0005, fold B +0.0000 (one page, +0.033), nothing else moved.
 * Checkboxes are choices too (swatches "Swatch Swatch Swatch" labelling
 * checkboxes of one name): product fold A +0.0005 (one site, two pages
 * up), nothing else moved.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

#define PICK_IDS	256	/* radio buttons' ids looked at, at most */
#define PICK_LABEL_MAX	48	/* characters of a choice's label, at most */
#define PICK_UP		3	/* levels from a label up to its fieldset */
#define PICK_LABELS	512	/* choice labels dropped, at most */

/* A radio button: its id and the name of its group (NULL when none). */
struct radio {
	const char	*id, *name;
};

/* Whether node i is a radio button, or a checkbox: a shop draws a
 * colour's swatches as checkboxes of one name too; taken as a group
 * only when another shares its name or sits beside it, as a radio
 * button is. */
static int
is_radio(const struct hdoc *d, int i)
{
	const char *t;

	return d->n[i].tag == TidyTag_INPUT &&
	    (t = w_html_attr(d, i, "type")) != NULL &&
	    (strcasecmp(t, "radio") == 0 || strcasecmp(t, "checkbox") == 0);
}

/* The document's radio buttons with an id (at most cap); the count. */
static size_t
radios(const struct hdoc *d, struct radio *r, size_t cap)
{
	const char *id;
	size_t n = 0;
	int i;

	for (i = 0; (size_t)i < d->nn && n < cap; i++) {
		if (!is_radio(d, i) || (id = w_html_attr(d, i, "id")) == NULL ||
		    id[0] == '\0')
			continue;
		r[n].id = id;
		r[n].name = w_html_attr(d, i, "name");
		if (r[n].name != NULL && r[n].name[0] == '\0')
			r[n].name = NULL;
		n++;
	}
	return n;
}

/* The radio button of r[0..n) that element i labels with a short text
 * (a choice, not a sentence), or -1. */
static int
choice_label(const struct hdoc *d, int i, const struct radio *r, size_t n)
{
	const char *f;
	size_t k, len;

	if ((d->n[i].tag != TidyTag_LABEL && d->n[i].otag != TidyTag_LABEL) ||
	    (f = w_html_attr(d, i, "for")) == NULL || f[0] == '\0')
		return -1;
	len = w_html_text_len(d, i);
	if (len == 0 || len > PICK_LABEL_MAX)
		return -1;
	for (k = 0; k < n; k++)
		if (strcmp(r[k].id, f) == 0)
			return (int)k;
	return -1;
}

/* The choice labels of r[0..n) among the children of p, counted to 2
 * at the most. */
static int
sibling_choices(const struct hdoc *d, int p, const struct radio *r,
    size_t n)
{
	int j, c = 0;

	for (j = d->n[p].first; j >= 0 && c < 2; j = d->n[j].next)
		if (d->n[j].tag != H_TEXT && choice_label(d, j, r, n) >= 0)
			c++;
	return c;
}

/* The last parent whose children grouped() counted, and their count
 * (the tree does not change while the labels are looked at). */
struct sibs {
	int	 parent, count;
};

/*
 * Whether the choice i labels (r[k]) is one of a group: another radio
 * button has its name, or, when it has none, another choice label is
 * i's sibling. A lone radio button is a yes-or-no question, not a
 * picker.
 */
static int
grouped(const struct hdoc *d, int i, const struct radio *r, size_t n,
    size_t k, struct sibs *sb)
{
	size_t m;
	int p;

	if (r[k].name != NULL) {
		for (m = 0; m < n; m++)
			if (m != k && r[m].name != NULL &&
			    strcmp(r[m].name, r[k].name) == 0)
				return 1;
		return 0;
	}
	if ((p = d->n[i].parent) < 0)
		return 0;
	/* i is one of them: a group when there are two */
	if (sb->parent != p) {
		sb->parent = p;
		sb->count = sibling_choices(d, p, r, n);
	}
	return sb->count >= 2;
}

/* The fieldset around i, PICK_UP levels up or nearer (below root), or
 * -1. */
static int
fieldset_of(const struct hdoc *d, int root, int i)
{
	int k, p = i;

	for (k = 0; k < PICK_UP; k++) {
		if ((p = d->n[p].parent) < 0 || p == root)
			return -1;
		if (d->n[p].tag == TidyTag_FIELDSET)
			return p;
	}
	return -1;
}

/* Whether fieldset f holds no text but its legend's ("Select a size"
 * once its choices are gone). */
static int
legend_only(const struct hdoc *d, int f)
{
	size_t leg = 0;
	int j;

	for (j = d->n[f].first; j >= 0; j = d->n[j].next)
		if (d->n[j].tag == TidyTag_LEGEND)
			leg += w_html_text_len(d, j);
	return w_html_text_len(d, f) <= leg;
}

/* See html_int.h. */
size_t
w_html_shop_pickers(struct hdoc *d, int root)
{
	struct radio r[PICK_IDS];
	int got[PICK_LABELS], sets[PICK_LABELS];
	struct sibs sb = { -1, 0 };
	size_t n, ng = 0, nsets = 0, k, len, cut = 0;
	int i, f, c;

	if (root < 0)
		return 0;
	n = radios(d, r, PICK_IDS);
	/* all the group's labels are found before any goes */
	for (i = d->n[root].first; i >= 0 && ng < PICK_LABELS;
	    i = w_html_next_pre(d, i, root, 0)) {
		if (d->n[i].tag == H_TEXT)
			continue;
		if ((d->n[i].flags & HF_CHOICE) &&
		    (len = w_html_text_len(d, i)) > 0 &&
		    len <= PICK_LABEL_MAX)
			got[ng++] = i;
		else if (n >= 2 && (c = choice_label(d, i, r, n)) >= 0 &&
		    grouped(d, i, r, n, (size_t)c, &sb))
			got[ng++] = i;
	}
	for (k = 0; k < ng; k++) {
		if ((f = fieldset_of(d, root, got[k])) >= 0)
			sets[nsets++] = f;
		cut += w_html_text_len(d, got[k]);
		w_html_unlink(d, got[k]);
	}
	/* a fieldset left with its legend alone goes with its choices */
	for (k = 0; k < nsets; k++) {
		f = sets[k];
		if (d->n[f].parent < 0 || !legend_only(d, f))
			continue;
		len = w_html_text_len(d, f);
		w_html_unlink(d, f);
		cut += len;
	}
	return cut;
}

/*
 * A label may hold its radio button rather than name it by id
 * (<label><input type=radio name=size>M</label>); conditional cleaning
 * drops the inputs before the shop's lines are cleaned, so such a label
 * is flagged first. A radio button alone with its name is a yes-or-no
 * question: its label stays.
 */
void
w_html_mark_choices(struct hdoc *d)
{
	const char *nm[PICK_IDS], *a;
	int at[PICK_IDS];
	size_t n = 0, k, m;
	int i, p, up;

	for (i = 0; (size_t)i < d->nn && n < PICK_IDS; i++) {
		if (!is_radio(d, i) || (a = w_html_attr(d, i, "name")) == NULL ||
		    a[0] == '\0')
			continue;
		nm[n] = a;
		at[n++] = i;
	}
	for (k = 0; k < n; k++) {
		for (m = 0; m < n; m++)
			if (m != k && strcmp(nm[m], nm[k]) == 0)
				break;
		if (m == n)
			continue;
		for (p = d->n[at[k]].parent, up = 0; p >= 0 && up < PICK_UP;
		    p = d->n[p].parent, up++)
			if (d->n[p].tag == TidyTag_LABEL ||
			    d->n[p].otag == TidyTag_LABEL) {
				d->n[p].flags |= HF_CHOICE;
				break;
			}
	}
}
