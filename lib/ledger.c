/*
 * ledger.c: the run's source ledger (ledger.h): the pure bound, citation
 * finding and grading, and the file backend beside the run file.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "clock.h"
#include "json.h"
#include "ledger.h"
#include "lock.h"
#include "results.h"

#define LEDGER_FILE_MAX		(W_LEDGER_MAX_BYTES * 2)
#define CITATIONS_MAX		500

static size_t
entry_bytes(jv x)
{
	jv s = jv_dump_string(jv_copy(x), 0);
	size_t n = strlen(jv_string_value(s));

	jv_free(s);
	return n;
}

static int
is_snippet(jv x)
{
	const char *k = w_json_str_peek(x, "kind");

	return k != NULL && strcmp(k, "search") == 0;
}

/* Index of the oldest search entry, else 0 (the oldest of all). */
static int
victim(jv list, int n)
{
	int i, yes;
	jv x;

	for (i = 0; i < n; i++) {
		x = w_json_at(jv_copy(list), i);
		yes = is_snippet(x);
		jv_free(x);
		if (yes)
			return i;
	}
	return 0;
}

static jv
array_remove(jv list, int at, int n)
{
	jv out = jv_array_slice(jv_copy(list), 0, at);

	out = jv_array_concat(out, jv_array_slice(list, at + 1, n));
	return out;
}

static jv
empty_ledger(void)
{
	jv l = jv_object();

	l = w_json_set(l, "entries", jv_array());
	l = w_json_set(l, "bytes", jv_number(0));
	l = w_json_set(l, "dropped", jv_number(0));
	return w_json_set(l, "dropped_snippets", jv_number(0));
}

jv
w_ledger_bound(jv ledger, jv entries, size_t max_entries, size_t max_bytes)
{
	jv list, x;
	long bytes, dropped, dsnip;
	int n, at;

	if (jv_get_kind(ledger) != JV_KIND_OBJECT) {
		jv_free(ledger);
		ledger = empty_ledger();
	}
	list = w_json_get(jv_copy(ledger), "entries");
	if (jv_get_kind(list) != JV_KIND_ARRAY) {
		jv_free(list);
		list = jv_array();
	}
	bytes = w_json_int_peek(ledger, "bytes", 0);
	dropped = w_json_int_peek(ledger, "dropped", 0);
	dsnip = w_json_int_peek(ledger, "dropped_snippets", 0);
	if (jv_get_kind(entries) == JV_KIND_ARRAY) {
		jv_array_foreach(entries, i, y) {
			(void)i;
			if (jv_get_kind(y) != JV_KIND_OBJECT) {
				jv_free(y);
				continue;
			}
			bytes += (long)entry_bytes(y);
			list = jv_array_append(list, y);
		}
	}
	jv_free(entries);
	n = jv_array_length(jv_copy(list));
	while (n > 0 && ((size_t)n > max_entries ||
	    (size_t)bytes > max_bytes)) {
		at = victim(list, n);
		x = w_json_at(jv_copy(list), at);
		bytes -= (long)entry_bytes(x);
		if (is_snippet(x))
			dsnip++;
		jv_free(x);
		dropped++;
		list = array_remove(list, at, n);
		n--;
	}
	ledger = w_json_set(ledger, "entries", list);
	ledger = w_json_set(ledger, "bytes", jv_number(bytes < 0 ? 0 : bytes));
	ledger = w_json_set(ledger, "dropped", jv_number(dropped));
	return w_json_set(ledger, "dropped_snippets", jv_number(dsnip));
}

/* The file backend. */

static char *
ledger_path(struct w_run *r)
{
	struct w_buf b;

	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/run.ledger", w_run_dir(r));
	return w_buf_take(&b);
}

/* Read the ledger (the run lock held by the caller for a file run). */
static int
load(struct w_run *r, jv *out, struct w_err *e)
{
	char *p, *data;
	size_t n;
	int rc;

	if (w_run_private(r)) {
		*out = jv_copy(*w_run_ledger_mem(r));
		return 0;
	}
	p = ledger_path(r);
	rc = w_lock_read_private(p, LEDGER_FILE_MAX, &data, &n, e);
	free(p);
	if (rc == 1) {
		*out = jv_null();
		return 0;
	}
	if (rc == -1)
		return -1;
	*out = w_json_parse_object(data, n);
	free(data);
	if (jv_get_kind(*out) != JV_KIND_OBJECT)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the run's "
		    "ledger is corrupt; start a new run");
	return 0;
}

static int
store(struct w_run *r, jv l, struct w_err *e)
{
	char *p;
	jv s;
	int rc;

	if (w_run_private(r)) {
		jv_free(*w_run_ledger_mem(r));
		*w_run_ledger_mem(r) = l;
		return 0;
	}
	p = ledger_path(r);
	s = jv_dump_string(l, 0);
	rc = w_lock_write_atomic(p, jv_string_value(s),
	    strlen(jv_string_value(s)), 0, e);
	jv_free(s);
	free(p);
	return rc;
}

int
w_ledger_append(struct w_run *r, jv entries, struct w_err *e)
{
	jv l;
	int rc;

	if (w_run_lock(r, e) == -1) {
		jv_free(entries);
		return -1;
	}
	if (load(r, &l, e) == -1) {
		w_run_unlock(r);
		jv_free(entries);
		return -1;
	}
	l = w_ledger_bound(l, entries, W_LEDGER_MAX_ENTRIES,
	    W_LEDGER_MAX_BYTES);
	rc = store(r, l, e);
	w_run_unlock(r);
	return rc;
}

jv
w_ledger_list(struct w_run *r)
{
	struct w_err e;
	jv l;
	int rc;

	w_err_clear(&e);
	if (w_run_lock(r, &e) == -1)
		return jv_invalid_with_msg(jv_string(e.msg));
	rc = load(r, &l, &e);
	w_run_unlock(r);
	if (rc == -1)
		return jv_invalid_with_msg(jv_string(e.msg));
	l = w_ledger_bound(l, jv_array(), W_LEDGER_MAX_ENTRIES,
	    W_LEDGER_MAX_BYTES);
	l = w_json_set(l, "max_entries", jv_number(W_LEDGER_MAX_ENTRIES));
	return w_json_set(l, "max_bytes", jv_number(W_LEDGER_MAX_BYTES));
}

/* Recording. */

static jv
entry(const char *kind, const char *url)
{
	jv x = jv_object();

	x = w_json_set(x, "kind", jv_string(kind));
	x = w_json_set(x, "url", jv_string(url));
	return w_json_set(x, "at", jv_number((double)w_clock_now_ms()));
}

int
w_ledger_note_search(struct w_run *r, jv env, struct w_err *e)
{
	jv res, list = jv_array(), b, x;
	const char *u, *rep;
	int n, i;

	if (r == NULL) {
		jv_free(list);
		return 0;
	}
	res = w_json_get(jv_copy(env), "results");
	n = jv_get_kind(res) == JV_KIND_ARRAY ?
	    jv_array_length(jv_copy(res)) : 0;
	for (i = 0; i < n; i++) {
		jv it = w_json_at(jv_copy(res), i);

		if ((u = w_json_str_peek(it, "url")) == NULL) {
			jv_free(it);
			continue;
		}
		rep = w_json_str_peek(it, "representation");
		x = entry("search", u);
		b = w_json_get(jv_copy(it), "backends");
		if (jv_get_kind(b) == JV_KIND_ARRAY &&
		    jv_array_length(jv_copy(b)) > 0)
			x = w_json_set(x, "provider", w_json_at(jv_copy(b),
			    0));
		else if (w_json_str_peek(it, "backend") != NULL)
			x = w_json_set(x, "provider", jv_string(
			    w_json_str_peek(it, "backend")));
		jv_free(b);
		x = w_json_set(x, "representation", jv_string(rep ? rep :
		    "search_snippet"));
		x = w_json_set(x, "status", jv_string(""));
		list = jv_array_append(list, x);
		jv_free(it);
	}
	jv_free(res);
	if (jv_array_length(jv_copy(list)) == 0) {
		jv_free(list);
		return 0;
	}
	return w_ledger_append(r, list, e);
}

/* A request error: nothing was attempted, nothing to record. */
static int
request_error(jv env)
{
	jv err = w_json_get(jv_copy(env), "error");
	const char *c = w_json_str_peek(err, "code");
	int yes = c != NULL && (strcmp(c, "invalid_parameter") == 0 ||
	    strcmp(c, "unsupported_parameter") == 0 ||
	    strcmp(c, "coordination_unavailable") == 0 ||
	    strcmp(c, "cancelled") == 0);

	jv_free(err);
	return yes;
}

int
w_ledger_note_fetch(struct w_run *r, jv env, struct w_err *e)
{
	jv src, cov, x;
	const char *u, *st, *rep, *prov;
	char *norm;

	if (r == NULL || request_error(env))
		return 0;
	src = w_json_get(jv_copy(env), "source");
	cov = w_json_get(jv_copy(env), "coverage");
	if ((u = w_json_str_peek(src, "url")) == NULL) {
		jv_free(src);
		jv_free(cov);
		return 0;
	}
	norm = w_results_normalize(u);
	x = entry("fetch", norm ? norm : u);
	free(norm);
	if ((u = w_json_str_peek(src, "final_url")) != NULL) {
		norm = w_results_normalize(u);
		x = w_json_set(x, "final_url", jv_string(norm ? norm : u));
		free(norm);
	}
	st = w_json_str_peek(src, "status");
	rep = w_json_str_peek(src, "representation");
	prov = w_json_str_peek(cov, "provider");
	x = w_json_set(x, "provider", jv_string(prov ? prov : "local"));
	x = w_json_set(x, "representation",
	    jv_string(rep ? rep : "page_extract"));
	x = w_json_set(x, "status", jv_string(st ? st : "fetch_failed"));
	x = w_json_set(x, "chars", jv_number((double)(st && strcmp(st,
	    "opened") ==
	    0 ? w_json_int_peek(cov, "total_chars", w_json_int_peek(cov,
	    "chars", 0)) : 0)));
	jv_free(src);
	jv_free(cov);
	return w_ledger_append(r, jv_array_append(jv_array(), x), e);
}

/* Citations. */

static int
url_start(const char *p, const char *end)
{
	if ((size_t)(end - p) >= 8 && strncasecmp(p, "https://", 8) == 0)
		return 1;
	return (size_t)(end - p) >= 7 && strncasecmp(p, "http://", 7) == 0;
}

/* Length of the URL at p once trailing punctuation and unbalanced
 * closing brackets are cut. */
static size_t
url_len(const char *p, const char *end)
{
	size_t n = 0, i;
	int paren = 0, brack = 0;

	while (p + n < end && !isspace((unsigned char)p[n]) &&
	    strchr("<>\"`", p[n]) == NULL && p[n] != '\0')
		n++;
	for (i = 0; i < n; i++) {
		if (p[i] == '(')
			paren++;
		else if (p[i] == '[')
			brack++;
		else if ((p[i] == ')' && --paren < 0) ||
		    (p[i] == ']' && --brack < 0)) {
			n = i;
			break;
		}
	}
	while (n > 0 && strchr(".,;:!?*_'", p[n - 1]) != NULL)
		n--;
	return n;
}

/* Whether list (consumed) holds the string s. */
static int
has(jv list, const char *s)
{
	int yes = 0;

	jv_array_foreach(list, i, x) {
		(void)i;
		if (strcmp(jv_string_value(x), s) == 0)
			yes = 1;
		jv_free(x);
	}
	jv_free(list);
	return yes;
}

jv
w_ledger_citations(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	jv out = jv_array();
	char *raw, *norm;
	size_t n;
	int count = 0;

	while (p < end && count < CITATIONS_MAX) {
		if (!url_start(p, end) || (p > text &&
		    isalnum((unsigned char)p[-1]))) {
			p++;
			continue;
		}
		n = url_len(p, end);
		raw = w_strndup(p, n);
		norm = w_results_normalize(raw);
		if (norm != NULL && !has(jv_copy(out), norm)) {
			out = jv_array_append(out, jv_string(norm));
			count++;
		}
		free(norm);
		free(raw);
		p += n > 0 ? n : 1;
	}
	return out;
}

/* Grading. */

static int
rank(const char *status)
{
	if (status == NULL || *status == '\0')
		return 1;
	if (strcmp(status, "opened") == 0)
		return 4;
	if (strncmp(status, "blocked_", 8) == 0)
		return 3;
	return 2;	/* fetch_failed */
}

static int
same(const char *key, const char *url)
{
	char *k;
	int yes;

	if (url == NULL)
		return 0;
	k = w_results_key(url);
	yes = k != NULL && strcmp(k, key) == 0;
	free(k);
	return yes;
}

/* The best entry of entries (consumed) for url, jv_null when none. */
static jv
best_for(jv entries, const char *url)
{
	char *key = w_results_key(url);
	jv best = jv_null();
	int br = 0, r;

	jv_array_foreach(entries, i, x) {
		(void)i;
		if (key != NULL && (same(key, w_json_str_peek(x, "url")) ||
		    same(key, w_json_str_peek(x, "final_url"))) &&
		    (r = rank(w_json_str_peek(x, "status"))) > br) {
			br = r;
			jv_free(best);
			best = jv_copy(x);
		}
		jv_free(x);
	}
	jv_free(entries);
	free(key);
	return best;
}

jv
w_ledger_grade(jv ledger, jv citations)
{
	jv entries = jv_get_kind(ledger) == JV_KIND_OBJECT ?
	    w_json_get(jv_copy(ledger), "entries") : jv_null();
	jv out = jv_array(), counts = jv_object(), res = jv_object(), c, b;
	long opened = 0, found = 0, blocked = 0, failed = 0, unseen = 0;
	const char *st, *verdict;
	int n, i;

	if (jv_get_kind(entries) != JV_KIND_ARRAY) {
		jv_free(entries);
		entries = jv_array();
	}
	n = jv_array_length(jv_copy(citations));
	for (i = 0; i < n; i++) {
		jv u = w_json_at(jv_copy(citations), i);

		b = best_for(jv_copy(entries), jv_string_value(u));
		c = w_json_set(jv_object(), "url", u);
		if (jv_get_kind(b) == JV_KIND_NULL) {
			unseen++;
			c = w_json_set(c, "seen", jv_false());
			c = w_json_set(c, "status", jv_null());
			c = w_json_set(c, "representation", jv_null());
		} else {
			st = w_json_str_peek(b, "status");
			switch (rank(st)) {
			case 4: opened++; break;
			case 3: blocked++; break;
			case 2: failed++; break;
			default: found++; break;
			}
			c = w_json_set(c, "seen", jv_true());
			c = w_json_set(c, "status", jv_string(st ? st : ""));
			c = w_json_set(c, "representation",
			    w_json_get(jv_copy(b), "representation"));
		}
		jv_free(b);
		out = jv_array_append(out, c);
	}
	jv_free(citations);
	if (n == 0)
		verdict = "ungrounded_no_chunks";
	else if (unseen > 0)
		verdict = "unsupported_claim";
	else if (opened > 0)
		verdict = "grounded";
	else
		verdict = "unopened_sources";
	counts = w_json_set(counts, "citations", jv_number(n));
	counts = w_json_set(counts, "opened", jv_number(opened));
	counts = w_json_set(counts, "found_only", jv_number(found));
	counts = w_json_set(counts, "blocked", jv_number(blocked));
	counts = w_json_set(counts, "fetch_failed", jv_number(failed));
	counts = w_json_set(counts, "not_in_ledger", jv_number(unseen));
	counts = w_json_set(counts, "ledger_entries",
	    jv_number(jv_array_length(entries)));
	res = w_json_set(res, "verdict", jv_string(verdict));
	res = w_json_set(res, "citations", out);
	return w_json_set(res, "counts", counts);
}

const char *const w_ledger_statuses[] = { "opened", "blocked_policy",
    "blocked_soft", "blocked_target", "fetch_failed", "found", NULL };

int
w_ledger_status_is(jv x, const char *want)
{
	const char *st = w_json_str_peek(x, "status");

	if (want == NULL)
		return 1;
	if (st == NULL || *st == '\0')
		st = "found";
	return strcmp(st, want) == 0;
}

const char *
w_ledger_verdict_summary(const char *v)
{
	if (strcmp(v, "grounded") == 0)
		return "grounded: the answer cites a page this run opened";
	if (strcmp(v, "unopened_sources") == 0)
		return "unopened_sources: every cited source was only found "
		    "(or blocked or failed), none opened";
	if (strcmp(v, "unsupported_claim") == 0)
		return "unsupported_claim: the answer cites a source this run "
		    "never consulted";
	return "ungrounded_no_chunks: the answer cites no source";
}
