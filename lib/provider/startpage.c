/*
 * startpage.c: the startpage provider. The home page's form gives the
 * sc token; the search is a form POST to /sp/search whose results ride
 * as JSON inside the HTML (React.createElement(UIStartpage.AppSerpWeb,
 * {...})). Any redirect (to /sp/captcha or a block page), challenge
 * markers and the Anubis proof-of-work interstitial are rate_limited.
 * No country transport: the chain skips it when a country is asked.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "json.h"
#include "provider.h"
#include "results.h"

#define SP_HOME		"https://www.startpage.com/"
#define SP_SEARCH	"https://www.startpage.com/sp/search"
#define SP_MAX_BYTES	(2u << 20)
#define SP_TIMEOUT_MS	15000L
#define SP_MARK		"React.createElement(UIStartpage.AppSerpWeb,"

static const char *
find(const char *hay, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (hay[i] == *needle && memcmp(hay + i, needle, n) == 0)
			return hay + i;
	return NULL;
}

static int
interstitial(const char *body, size_t len)
{
	static const char *const marks[] = { "anubis_challenge",
	    "Making sure you're not a bot", "Making sure you&#39;re not a bot",
	    "Verifying your request", "/.within.website/", "g-recaptcha",
	    "h-captcha", "cf-challenge", "/sp/captcha", NULL };
	const char *const *m;

	for (m = marks; *m; m++)
		if (find(body, len, *m) != NULL)
			return 1;
	return 0;
}

int
w_startpage_token(const char *body, size_t len, char *out, size_t outlen)
{
	const char *p = find(body, len, "name=\"sc\""), *v, *end = body + len;
	const char *tag;
	size_t n;

	if (p == NULL)
		return -1;
	for (tag = p; tag > body && *tag != '<'; tag--)
		;
	if ((v = find(tag, (size_t)(end - tag), "value=\"")) == NULL)
		return -1;
	v += 7;
	for (n = 0; v + n < end && v[n] != '"'; n++)
		;
	if (n == 0 || n + 1 > outlen || v + n >= end)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && v[i] != '-' &&
		    v[i] != '_')
			return -1;
	memcpy(out, v, n);
	out[n] = '\0';
	return 0;
}

/* End of the JSON object starting at p ('{'), string-aware; NULL if
 * unbalanced. */
static const char *
object_end(const char *p, const char *end)
{
	int depth = 0, str = 0, esc = 0;

	for (; p < end; p++) {
		if (str) {
			if (esc)
				esc = 0;
			else if (*p == '\\')
				esc = 1;
			else if (*p == '"')
				str = 0;
		} else if (*p == '"')
			str = 1;
		else if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			return p + 1;
	}
	return NULL;
}

static void
add_result(jv r, jv *out)
{
	const char *dt = w_json_str_peek(r, "display_type");
	const char *url = w_json_str_peek(r, "clickUrl");
	const char *t = w_json_str_peek(r, "title");
	const char *d = w_json_str_peek(r, "description");
	char *title, *snip;

	if (url == NULL)
		url = w_json_str_peek(r, "url");
	if (url == NULL || (dt != NULL && strncmp(dt, "web-", 4) != 0) ||
	    strncmp(url, "http", 4) != 0 ||
	    strstr(url, "startpage.com/") != NULL)
		return;
	title = w_results_html_text(t ? t : "", t ? strlen(t) : 0);
	snip = w_results_html_text(d ? d : "", d ? strlen(d) : 0);
	*out = jv_array_append(*out, w_search_result(title, url, snip, NULL));
	free(title);
	free(snip);
}

int
w_startpage_parse(const char *body, size_t len, jv *out, struct w_err *e)
{
	const char *p = find(body, len, SP_MARK), *end = body + len, *q;
	jv doc, main;

	*out = jv_array();
	if (p == NULL) {
		if (interstitial(body, len))
			return w_err_set(e, W_E_RATE_LIMITED, "startpage "
			    "answered a challenge or proof-of-work page "
			    "instead of results");
		return 0;
	}
	p += strlen(SP_MARK);
	while (p < end && *p != '{')
		p++;
	if ((q = object_end(p, end)) == NULL)
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "startpage results "
		    "payload is cut short");
	doc = w_json_parse(p, (size_t)(q - p));
	if (!jv_is_valid(doc)) {
		jv_free(doc);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "startpage results "
		    "payload is not JSON");
	}
	main = w_json_get(w_json_get(w_json_get(w_json_get(doc,
	    "render"), "presenter"),
	    "regions"), "mainline");
	if (jv_get_kind(main) == JV_KIND_ARRAY) {
		jv_array_foreach(main, i, blk) {
			const char *bt = w_json_str_peek(blk, "display_type");
			jv rs = w_json_get(jv_copy(blk),
			    "results");

			(void)i;
			if (jv_get_kind(rs) == JV_KIND_ARRAY && (bt == NULL ||
			    strncmp(bt, "web-", 4) == 0))
				jv_array_foreach(rs, j, r) {
					(void)j;
					if (jv_get_kind(r) == JV_KIND_OBJECT)
						add_result(r, out);
					jv_free(r);
				}
			jv_free(rs);
			jv_free(blk);
		}
	}
	jv_free(main);
	return 0;
}

static int
blocked(const struct w_http_resp *resp, const char *what, struct w_err *e)
{
	int st = resp->status;

	if (st == 403 || st == 429 || (st >= 300 && st < 400)) {
		w_err_set(e, W_E_RATE_LIMITED, "startpage is throttling this "
		    "address (%s: HTTP %d%s)", what, st, st >= 300 && st < 400 ?
		    (resp->location && strstr(resp->location, "captcha") ?
		    ", a redirect to its captcha" : ", a redirect") : "");
		e->http_status = st;
		e->retry_after_ms = resp->retry_after_ms;
		e->retry_at = resp->retry_at;
		return -1;
	}
	if (st < 200 || st > 299) {
		e->http_status = st;
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "startpage answered "
		    "HTTP %d (%s)", st, what);
	}
	return 0;
}

static int
get(struct w_search_call *c, const char *url, const char *body,
    struct w_http_resp *resp, struct w_err *e)
{
	struct w_http_req r;

	memset(resp, 0, sizeof(*resp));
	resp->headers = jv_null();
	resp->redirects = jv_null();
	w_search_http_init(c, &r, SP_TIMEOUT_MS);
	r.url = url;
	r.max_bytes = SP_MAX_BYTES;
	if (body != NULL) {
		r.method = "POST";
		r.body = body;
		r.body_len = strlen(body);
		r.body_type = "application/x-www-form-urlencoded";
	}
	if (w_search_dispatch(c, e) == -1)
		return -1;
	return w_http_fetch(&r, resp, e);
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	struct w_http_resp resp;
	struct w_buf b;
	char sc[128];
	int rc;

	rc = get(c, SP_HOME, NULL, &resp, e);
	if (rc == 0)
		rc = blocked(&resp, "home page", e);
	if (rc == 0 && w_startpage_token(resp.body ? resp.body : "",
	    resp.len, sc, sizeof(sc)) == -1) {
		if (interstitial(resp.body ? resp.body : "", resp.len))
			rc = w_err_set(e, W_E_RATE_LIMITED, "startpage answered "
			    "a challenge or proof-of-work page");
		else
			rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "startpage "
			    "home page has no search form token");
	}
	w_http_resp_free(&resp);
	if (rc == -1)
		return -1;
	w_buf_init(&b, 16384);
	w_buf_adds(&b, "query=");
	w_search_urlencode(&b, query, 1);
	w_buf_printf(&b, "&cat=web&sc=%s", sc);
	if (q->time_range)
		w_buf_printf(&b, "&with_date=%c", q->time_range[0]);
	rc = get(c, SP_SEARCH, b.p, &resp, e);
	w_buf_free(&b);
	if (rc == 0)
		rc = blocked(&resp, "search", e);
	if (rc == 0)
		rc = w_startpage_parse(resp.body ? resp.body : "", resp.len,
		    out, e);
	w_http_resp_free(&resp);
	return rc;
}

static void
targets(void *state, const char **out)
{
	out[0] = SP_HOME;
	out[1] = SP_SEARCH;
	out[2] = NULL;
}

const struct w_provider w_provider_startpage = {
	.name = "startpage",
	.scope = "startpage",
	.spacing_ms = 1500,
	.run_paced = 1,
	.targets = targets,
	.filters = { W_FS_OPERATOR, W_FS_NONE, W_FS_ADVISORY,
	    W_FS_ADVISORY },
	.available = 1,
	.search = search
};
