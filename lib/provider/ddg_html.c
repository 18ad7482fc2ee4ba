/*
 * ddg_html.c: the DuckDuckGo HTML engine that the duckduckgo and local
 * providers both use (neither calls the other): a form POST (q, b, kl, df) to
 * https://html.duckduckgo.com/html/, results parsed from div.result
 * blocks (a.result__a, .result__snippet), redirect wrappers unwrapped
 * once, ads and Google pseudo-results skipped; 202/403/429, redirects
 * and challenge pages are rate_limited.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "country.h"
#include "json.h"
#include "provider.h"
#include "results.h"

#define DDG_RESULTS_MAX	30

/* A tag's attribute value (between p, at '<', and the tag's '>'). */
static int
attr(const char *p, const char *end, const char *name, const char **v,
    size_t *vn)
{
	const char *gt = memchr(p, '>', (size_t)(end - p)), *q;
	size_t n = strlen(name);
	char quote;

	if (gt == NULL)
		return -1;
	for (q = p + 1; q + n < gt; q++) {
		if (!isspace((unsigned char)q[-1]) ||
		    strncasecmp(q, name, n) != 0 || q[n] != '=')
			continue;
		q += n + 1;
		quote = (*q == '"' || *q == '\'') ? *q++ : ' ';
		*v = q;
		while (q < gt && *q != quote && !(quote == ' ' &&
		    isspace((unsigned char)*q)))
			q++;
		*vn = (size_t)(q - *v);
		return 0;
	}
	return -1;
}

/* Whether the class attribute of the tag at p has token tok. */
static int
has_class(const char *p, const char *end, const char *tok)
{
	const char *v, *q;
	size_t vn, n = strlen(tok), i, j;

	if (attr(p, end, "class", &v, &vn) == -1)
		return 0;
	for (i = 0; i < vn; i = j + 1) {
		while (i < vn && isspace((unsigned char)v[i]))
			i++;
		for (j = i; j < vn && !isspace((unsigned char)v[j]); j++)
			;
		q = v + i;
		if (j - i == n && strncmp(q, tok, n) == 0)
			return 1;
	}
	return 0;
}

/* The first tag in [p, end) with class token tok; NULL if none. */
static const char *
find_class(const char *p, const char *end, const char *tok)
{
	for (; p < end && (p = memchr(p, '<', (size_t)(end - p))) != NULL;
	    p++)
		if (end - p > 1 && isalpha((unsigned char)p[1]) &&
		    has_class(p, end, tok))
			return p;
	return NULL;
}

/* Text inside the element whose start tag is at p. Caller frees. */
static char *
inner_text(const char *p, const char *end)
{
	const char *gt = memchr(p, '>', (size_t)(end - p)), *close;
	char name[16], pat[20];
	size_t n = 0;

	if (gt == NULL)
		return w_strdup("");
	while (n + 1 < sizeof(name) && p + n + 1 < gt &&
	    isalnum((unsigned char)p[n + 1])) {
		name[n] = (char)tolower((unsigned char)p[n + 1]);
		n++;
	}
	name[n] = '\0';
	snprintf(pat, sizeof(pat), "</%s", name);
	for (close = gt + 1; close < end; close++)
		if (*close == '<' && (size_t)(end - close) > n + 2 &&
		    strncasecmp(close, pat, n + 2) == 0)
			break;
	return w_results_html_text(gt + 1, (size_t)(close - gt - 1));
}

/* The target of a //duckduckgo.com/l/?uddg=... wrapper, decoded once;
 * other hrefs as they are (scheme-relative made https). Caller frees. */
static char *
unwrap(const char *href)
{
	const char *u, *end;
	struct w_buf b;

	w_buf_init(&b, strlen(href) + 8);
	if (strstr(href, "duckduckgo.com/l/?") != NULL &&
	    (u = strstr(href, "uddg=")) != NULL &&
	    (u == href || u[-1] == '?' || u[-1] == '&')) {
		u += 5;
		end = u + strcspn(u, "&");
		for (; u < end; u++) {
			if (*u == '%' && end - u >= 3 &&
			    w_hexval((unsigned char)u[1]) >= 0 &&
			    w_hexval((unsigned char)u[2]) >= 0) {
				w_buf_addc(&b,
				    w_hexval((unsigned char)u[1]) * 16 +
				    w_hexval((unsigned char)u[2]));
				u += 2;
			} else
				w_buf_addc(&b, *u == '+' ? ' ' : *u);
		}
		return w_buf_take(&b);
	}
	if (strncmp(href, "//", 2) == 0)
		w_buf_adds(&b, "https:");
	w_buf_adds(&b, href);
	return w_buf_take(&b);
}

/* "2025-06-23" from an ISO timestamp in [p, end), into out (11 bytes). */
static int
find_date(const char *p, const char *end, char *out)
{
	static const char shape[] = "dddd-dd-ddTdd:";
	size_t i;

	for (; p + 19 <= end; p++) {
		for (i = 0; shape[i]; i++)
			if (shape[i] == 'd' ? !isdigit((unsigned char)p[i]) :
			    p[i] != shape[i])
				break;
		if (shape[i] == '\0') {
			memcpy(out, p, 10);
			out[10] = '\0';
			return 0;
		}
	}
	return -1;
}

static int
google_pseudo(const char *u)
{
	return strncmp(u, "http://www.google.com/search", 28) == 0 ||
	    strncmp(u, "https://www.google.com/search", 29) == 0;
}

/* One result block [p, end). */
static void
block(const char *p, const char *end, jv *out)
{
	const char *a, *sn, *href;
	size_t hn;
	char *raw, *url, *title, *snippet, date[11];

	if (has_class(p, end, "result--ad") || has_class(p, end,
	    "result--no-result"))
		return;
	if ((a = find_class(p, end, "result__a")) == NULL ||
	    attr(a, end, "href", &href, &hn) == -1)
		return;
	raw = w_results_html_text(href, hn);
	url = unwrap(raw);
	free(raw);
	if (google_pseudo(url) || strstr(url, "duckduckgo.com/y.js") != NULL ||
	    strncmp(url, "http", 4) != 0) {
		free(url);
		return;
	}
	title = inner_text(a, end);
	sn = find_class(p, end, "result__snippet");
	snippet = sn ? inner_text(sn, end) : w_strdup("");
	*out = jv_array_append(*out, w_search_result(title, url, snippet,
	    find_date(p, end, date) == 0 ? date : NULL));
	free(url);
	free(title);
	free(snippet);
}

static int
contains(const char *hay, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (hay[i] == *needle && memcmp(hay + i, needle, n) == 0)
			return 1;
	return 0;
}

static int
challenge(const char *body, size_t len)
{
	static const char *const marks[] = { "anomaly-modal",
	    "challenge-form", "bots use DuckDuckGo too", "anomaly.js",
	    "g-recaptcha", "h-captcha", "cf-challenge", NULL };
	const char *const *m;

	for (m = marks; *m; m++)
		if (contains(body, len, *m))
			return 1;
	return 0;
}

int
w_ddg_parse(const char *body, size_t len, jv *out, struct w_err *e)
{
	const char *end = body + len, *p, *starts[DDG_RESULTS_MAX + 1];
	int n = 0, i, noresult = 0;

	*out = jv_array();
	for (p = body; n <= DDG_RESULTS_MAX && p < end &&
	    (p = memchr(p, '<', (size_t)(end - p))) != NULL; p++) {
		if (end - p < 5 || strncasecmp(p, "<div", 4) != 0 ||
		    !isspace((unsigned char)p[4]))
			continue;
		if (has_class(p, end, "result")) {
			if (has_class(p, end, "result--no-result"))
				noresult = 1;
			if (n < DDG_RESULTS_MAX)
				starts[n++] = p;
			else
				break;
		}
	}
	for (i = 0; i < n; i++)
		block(starts[i], i + 1 < n ? starts[i + 1] : end, out);
	if (jv_array_length(jv_copy(*out)) > 0 || noresult ||
	    contains(body, len, "No more results"))
		return 0;
	if (challenge(body, len))
		return w_err_set(e, W_E_RATE_LIMITED, "duckduckgo answered a "
		    "challenge page instead of results");
	return 0;
}

int
w_ddg_engine(struct w_search_call *c, const struct w_search_req *q,
    const char *query, size_t max_bytes, long max_ms, jv *out,
    struct w_err *e)
{
	struct w_http_req r;
	struct w_http_resp resp;
	struct w_buf b;
	const char *kl = w_country_ddg_region(q->country, q->language);
	int rc, st;

	if (kl == NULL)
		return w_err_set(e, W_E_UNSUPPORTED_COUNTRY_FILTER, "duckduckgo "
		    "documents no region for %s", q->country);
	w_buf_init(&b, 16384);
	w_buf_adds(&b, "q=");
	w_search_urlencode(&b, query, 1);
	w_buf_printf(&b, "&b=&kl=%s", kl);
	if (q->time_range)
		w_buf_printf(&b, "&df=%c", q->time_range[0]);
	w_search_http_init(c, &r, max_ms);
	r.url = W_DDG_URL;
	r.method = "POST";
	r.body = b.p;
	r.body_len = b.len;
	r.body_type = "application/x-www-form-urlencoded";
	r.max_bytes = max_bytes;
	memset(&resp, 0, sizeof(resp));
	resp.headers = jv_null();
	resp.redirects = jv_null();
	if (w_search_dispatch(c, e) == -1) {
		w_buf_free(&b);
		return -1;
	}
	rc = w_http_fetch(&r, &resp, e);
	w_buf_free(&b);
	st = resp.status;
	if (rc == 0 && (st == 202 || st == 403 || st == 429 ||
	    (st >= 300 && st < 400))) {
		w_err_set(e, W_E_RATE_LIMITED, "duckduckgo is throttling this "
		    "address (HTTP %d%s)", st, st >= 300 && st < 400 ?
		    ", a redirect" : "");
		e->http_status = st;
		e->retry_after_ms = resp.retry_after_ms;
		e->retry_at = resp.retry_at;
		rc = -1;
	} else if (rc == 0 && (st < 200 || st > 299)) {
		e->http_status = st;
		rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "duckduckgo answered "
		    "HTTP %d", st);
	}
	if (rc == 0)
		rc = w_ddg_parse(resp.body ? resp.body : "", resp.len, out, e);
	w_http_resp_free(&resp);
	return rc;
}

int
w_ddg_eligible(void *state, const struct w_search_req *q, struct w_err *e)
{
	int i;

	if (q->country[0] && w_country_ddg_region(q->country,
	    q->language) == NULL)
		return w_err_set(e, W_E_UNSUPPORTED_COUNTRY_FILTER, "duckduckgo "
		    "documents no region for %s; it never falls back to "
		    "global results", q->country);
	if (strlen(q->query) > W_DDG_QUERY_MAX)
		return w_err_set(e, W_E_INVALID_PARAMETER, "duckduckgo refuses "
		    "queries over %d characters", W_DDG_QUERY_MAX);
	for (i = 0; i < q->nalts; i++)
		if (strlen(q->alts[i]) > W_DDG_QUERY_MAX)
			return w_err_set(e, W_E_INVALID_PARAMETER, "duckduckgo "
			    "refuses queries over %d characters",
			    W_DDG_QUERY_MAX);
	return 0;
}
