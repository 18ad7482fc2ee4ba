/*
 * search.c: the wsearch provider chain. Config semantics, the provider
 * table, request validation, admission (pacing, deferrals, policy),
 * budget reservation and refund, relevance and domain gates, fusion,
 * output bounds, coverage and next_actions. Provider-independent: a
 * provider is a struct w_provider and one line in the table below.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "buf.h"
#include "country.h"
#include "http.h"
#include "json.h"
#include "policy.h"
#include "provider.h"
#include "results.h"
#include "run.h"
#include "search.h"
#include "url.h"

#define CHAIN_MAX	16
#define CANDIDATES_MAX	30
#define FAILURES_MAX	8
#define ACTIONS_MAX	3
#define COOLDOWN_MS	300000L

/* Slots for providers that arrive with their own issue. */
static const struct w_provider p_parallel = {
	.name = "parallel", .scope = "parallel",
	.filters = { W_FS_OPERATOR, W_FS_ADVISORY, W_FS_ADVISORY,
	    W_FS_ADVISORY },
	.batches = 1, .available = 0
};
static const struct w_provider p_codex = {
	.name = "codex", .scope = "codex",
	.filters = { W_FS_UNVERIFIED, W_FS_NONE, W_FS_ADVISORY,
	    W_FS_ADVISORY },
	.available = 0
};
static const char *const keyless_members[] = { "duckduckgo", "startpage",
    NULL };
static const struct w_provider p_keyless = {
	.name = "keyless", .group = keyless_members, .available = 1
};

/* The provider table: one line per provider. */
static const struct w_provider *const table[] = {
	&p_parallel,
	&w_provider_ollama,
	&w_provider_searxng,
	&p_codex,
	&p_keyless,
	&w_provider_duckduckgo,
	&w_provider_startpage,
	&w_provider_local,
	NULL
};
#define EXTRA_MAX	4
static const struct w_provider *extra[EXTRA_MAX];

static const char *const default_chain[] = { "parallel", "ollama", NULL };

struct slot {
	const struct w_provider	*p;
	void			*state;
};

struct pace {
	const char	*scope;
	long long	 last_ms;
};

struct w_search {
	const struct w_config	*cfg;
	struct slot		 chain[CHAIN_MAX];
	int			 n;
	int			 strict;
	struct w_run		*run;
	int			 run_tried;
	struct w_err		 run_err;
	struct pace		 pace[CHAIN_MAX];
	int			 npace;
	jv			 failures;	/* ["backend: code", ...] */
	jv			 retry;		/* backend -> {ms, at} */
};

struct w_search_call {
	struct w_search		*s;
	const struct w_provider	*p;
	int			 reserved;
	int			 dispatches;
	int			 alone;
	long long		 deadline;
	jv			 notes;
};

static const char *const time_ranges[] = { "day", "month", "year", NULL };

static const struct w_field fields[] = {
	{ "query", W_FT_STRING, 0, W_SEARCH_QUERY_MAX, NULL,
	    "One broad, high-yield search query. Quotes and site: are sent "
	    "verbatim." },
	{ "alternate_queries", W_FT_STRLIST, 0, 3, NULL,
	    "Up to three alternate wordings, tried in order only while "
	    "nothing relevant was found." },
	{ "limit", W_FT_INT, 1, 10, NULL, "Results wanted, 1-10 (default 5)." },
	{ "domains", W_FT_STRLIST, 0, 20, NULL,
	    "Only results on these sites (registrable domain match)." },
	{ "exclude_domains", W_FT_STRLIST, 0, 20, NULL,
	    "Never return results on these sites." },
	{ "language", W_FT_STRING, 0, 35, NULL,
	    "Preferred language (BCP 47, e.g. en or fr-CH)." },
	{ "country", W_FT_STRING, 0, 2, NULL,
	    "Search region, ISO 3166-1 alpha-2 (e.g. PL, GB, US)." },
	{ "time_range", W_FT_ENUM, 0, 0, time_ranges,
	    "Only recent results: day, month or year." },
	{ NULL, W_FT_STRING, 0, 0, NULL, NULL }
};

static const char *const required[] = { "query", NULL };

const struct w_field *
w_search_fields(void)
{
	return fields;
}

const char *const *
w_search_default_chain(void)
{
	return default_chain;
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const struct w_provider *
w_search_provider(const char *name)
{
	const struct w_provider *const *p;
	int i;

	for (p = table; *p; p++)
		if (strcmp((*p)->name, name) == 0)
			return *p;
	for (i = 0; i < EXTRA_MAX; i++)
		if (extra[i] != NULL && strcmp(extra[i]->name, name) == 0)
			return extra[i];
	return NULL;
}

void
w_search_register(const struct w_provider *p)
{
	int i;

	for (i = 0; i < EXTRA_MAX; i++)
		if (p == NULL)
			extra[i] = NULL;
		else if (extra[i] == NULL) {
			extra[i] = p;
			return;
		}
}

void
w_search_urlencode(struct w_buf *b, const char *s, int form)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~')
			w_buf_addc(b, c);
		else if (c == ' ' && form)
			w_buf_addc(b, '+');
		else {
			w_buf_addc(b, '%');
			w_buf_addc(b, hex[c >> 4]);
			w_buf_addc(b, hex[c & 15]);
		}
	}
}

jv
w_search_result(const char *title, const char *url, const char *snippet,
    const char *published)
{
	jv r = jv_object();

	r = jv_object_set(r, jv_string("title"), jv_string(title ? title : ""));
	r = jv_object_set(r, jv_string("url"), jv_string(url ? url : ""));
	r = jv_object_set(r, jv_string("snippet"),
	    jv_string(snippet ? snippet : ""));
	if (published != NULL && *published)
		r = jv_object_set(r, jv_string("published"),
		    jv_string(published));
	return r;
}

/* Call-side helpers for providers. */

int
w_search_dispatch(struct w_search_call *c, struct w_err *e)
{
	struct w_search *s = c->s;
	long long now, wait;
	int i;

	if (!c->reserved) {
		for (i = 0; c->p->spacing_ms > 0 && i < s->npace; i++) {
			if (strcmp(s->pace[i].scope, c->p->scope) != 0)
				continue;
			now = now_ms();
			wait = s->pace[i].last_ms + c->p->spacing_ms - now;
			if (wait > 0 && now + wait < c->deadline) {
				struct timespec ts = { (time_t)(wait / 1000),
				    (long)(wait % 1000) * 1000000L };

				nanosleep(&ts, NULL);
			}
		}
		if (w_run_reserve(s->run, e) == -1)
			return -1;
		c->reserved = 1;
		for (i = 0; i < s->npace; i++)
			if (strcmp(s->pace[i].scope, c->p->scope) == 0)
				break;
		if (i == s->npace && i < CHAIN_MAX)
			s->pace[s->npace++].scope = c->p->scope;
		if (i < CHAIN_MAX)
			s->pace[i].last_ms = now_ms();
	} else if (w_run_dispatch(s->run, e) == -1)
		return -1;
	c->dispatches++;
	return 0;
}

long
w_search_remaining_ms(const struct w_search_call *c)
{
	long long left = c->deadline - now_ms();

	return left < 1 ? 1 : (long)left;
}

void
w_search_http_init(const struct w_search_call *c, struct w_http_req *r,
    long max_ms)
{
	long left = w_search_remaining_ms(c);

	w_http_req_init(r);
	r->policy = &c->s->cfg->policy;
	r->timeout_ms = max_ms > 0 && max_ms < left ? max_ms : left;
	r->retries = 0;
	r->no_redirects = 1;
	r->max_redirects = 0;
	r->operator = c->p->operator;
}

void
w_search_note(struct w_search_call *c, const char *key, jv value)
{
	c->notes = jv_object_set(c->notes, jv_string(key), value);
}

int
w_search_alone(const struct w_search_call *c)
{
	return c->alone;
}

/* Config. */

static int	cfg_bad(struct w_err *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static int
cfg_bad(struct w_err *e, const char *fmt, ...)
{
	va_list ap;

	e->code = "invalid_parameter";
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	e->usage = 1;
	return -1;
}

static int
has_key(const struct w_config *cfg, const char *path)
{
	jv v = w_config_get(cfg, path);
	int yes = jv_get_kind(v) != JV_KIND_NULL;

	jv_free(v);
	return yes;
}

/* The chain "auto" stood for with this config, into b. */
static void
auto_chain(const struct w_config *cfg, struct w_buf *b)
{
	w_buf_addc(b, '[');
	if (has_key(cfg, "search.ollama"))
		w_buf_adds(b, "\"ollama\",");
	if (has_key(cfg, "search.searxng.endpoint") ||
	    has_key(cfg, "search.endpoint"))
		w_buf_adds(b, "\"searxng\",");
	w_buf_adds(b, "\"codex\",\"keyless\"]");
}

static int
name_ok(const struct w_config *cfg, const char *name, struct w_err *e)
{
	struct w_buf b;

	if (strcmp(name, "auto") == 0) {
		w_buf_init(&b, 256);
		auto_chain(cfg, &b);
		w_err_set(e, "invalid_parameter", "config: search.backend "
		    "\"auto\" was removed; use %s (the previous auto order for "
		    "this configuration), or omit search.backend for the "
		    "parallel, ollama default", b.p);
		e->usage = 1;
		w_buf_free(&b);
		return -1;
	}
	if (strcmp(name, "hound") == 0)
		return cfg_bad(e, "config: search.backend \"%s\" was renamed "
		    "to \"local\" (a pure rename: local needs no endpoint)",
		    "hound");
	if (w_search_provider(name) == NULL)
		return cfg_bad(e, "config: search.backend names an unknown "
		    "provider%s", "");
	return 0;
}

/* Add name (expanding groups) to s's chain. */
static int
chain_add(struct w_search *s, const char *name, struct w_err *e)
{
	const struct w_provider *p = w_search_provider(name);
	const char *const *m;
	int i;

	if (p->group != NULL) {
		for (m = p->group; *m; m++)
			if (chain_add(s, *m, e) == -1)
				return -1;
		return 0;
	}
	for (i = 0; i < s->n; i++)
		if (s->chain[i].p == p)
			return cfg_bad(e, "config: search.backend names "
			    "\"%s\" twice (keyless includes duckduckgo and "
			    "startpage)", p->name);
	if (s->n >= CHAIN_MAX)
		return cfg_bad(e, "config: %s has too many entries",
		    "search.backend");
	s->chain[s->n++].p = p;
	return 0;
}

static int
fetch_hound(const struct w_config *cfg, struct w_err *e)
{
	jv v = w_config_get(cfg, "fetch.provider");
	int bad = 0;

	if (jv_get_kind(v) == JV_KIND_STRING)
		bad = strcmp(jv_string_value(v), "hound") == 0;
	else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		jv_array_foreach(v, i, x) {
			(void)i;
			if (jv_get_kind(x) == JV_KIND_STRING &&
			    strcmp(jv_string_value(x), "hound") == 0)
				bad = 1;
			jv_free(x);
		}
	}
	jv_free(v);
	if (bad)
		return cfg_bad(e, "config: fetch.provider \"%s\" was removed; "
		    "\"local\" is not equivalent: it keeps the classic posture "
		    "(standard retries, no robots preflight, configured render "
		    "mode honoured); select it only if that is acceptable",
		    "hound");
	return 0;
}

static int
build_chain(struct w_search *s, struct w_err *e)
{
	jv v = w_config_get(s->cfg, "search.backend");
	const char *const *d;
	int rc = 0, n;

	if (jv_get_kind(v) == JV_KIND_NULL) {
		for (d = default_chain; *d && rc == 0; d++)
			rc = chain_add(s, *d, e);
	} else if (jv_get_kind(v) == JV_KIND_STRING) {
		if ((rc = name_ok(s->cfg, jv_string_value(v), e)) == 0)
			rc = chain_add(s, jv_string_value(v), e);
		s->strict = s->n == 1;
	} else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		n = jv_array_length(jv_copy(v));
		if (n == 0)
			rc = cfg_bad(e, "config: %s must be a provider name or "
			    "a non-empty array", "search.backend");
		jv_array_foreach(v, i, x) {
			(void)i;
			if (rc == 0 && jv_get_kind(x) != JV_KIND_STRING)
				rc = cfg_bad(e, "config: %s must hold only "
				    "strings", "search.backend");
			if (rc == 0)
				rc = name_ok(s->cfg, jv_string_value(x), e);
			if (rc == 0)
				rc = chain_add(s, jv_string_value(x), e);
			jv_free(x);
		}
	} else
		rc = cfg_bad(e, "config: %s must be a string or an array",
		    "search.backend");
	jv_free(v);
	return rc;
}

static int
selected(const struct w_search *s, const struct w_provider *p)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->chain[i].p == p)
			return i;
	return -1;
}

int
w_search_new(const struct w_config *cfg, struct w_search **sp,
    struct w_err *e)
{
	struct w_search *s = w_calloc(1, sizeof(*s));
	const struct w_provider *const *p;
	const struct w_provider *all[16];
	int i, n = 0, at;
	void *state;

	*sp = NULL;
	s->cfg = cfg;
	s->failures = jv_array();
	s->retry = jv_object();
	if (fetch_hound(cfg, e) == -1 || build_chain(s, e) == -1) {
		w_search_free(s);
		return -1;
	}
	for (p = table; *p; p++)
		all[n++] = *p;
	for (i = 0; i < EXTRA_MAX; i++)
		if (extra[i] != NULL)
			all[n++] = extra[i];
	for (i = 0; i < n; i++) {
		if (all[i]->configure == NULL)
			continue;
		at = selected(s, all[i]);
		state = NULL;
		if (all[i]->configure(cfg, at >= 0, &state, e) == -1) {
			e->usage = 1;
			w_search_free(s);
			return -1;
		}
		if (at >= 0)
			s->chain[at].state = state;
		else if (state != NULL && all[i]->release != NULL)
			all[i]->release(state);
	}
	*sp = s;
	return 0;
}

int
w_search_config_check(const struct w_config *cfg, struct w_err *e)
{
	struct w_search *s;

	if (w_search_new(cfg, &s, e) == -1)
		return -1;
	w_search_free(s);
	return 0;
}

void
w_search_free(struct w_search *s)
{
	int i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		if (s->chain[i].state != NULL && s->chain[i].p->release)
			s->chain[i].p->release(s->chain[i].state);
	if (s->run != NULL)
		w_run_close(s->run);
	jv_free(s->failures);
	jv_free(s->retry);
	free(s);
}

/* Requests. */

static int
prompt_shaped(const char *q)
{
	static const char *const markers[] = { "system:", "assistant:",
	    "user:", "<|im_start|>", "<|im_end|>", "[inst]", "<<sys>>",
	    "<system>", "</system>", "### instruction", "### response",
	    "ignore previous instructions", "ignore all previous",
	    "you are a helpful", "you are an ai", "respond in ",
	    "answer in the following format", NULL };
	const char *const *m;
	const char *p;
	int lines = 1;
	char *low;
	size_t i, n = strlen(q);

	if (w_results_utf8_chars(q) > 1000)
		return 1;
	for (p = q; *p; p++)
		if (*p == '\n')
			lines++;
	if (lines >= 3)
		return 1;
	low = w_strdup(q);
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)low[i]);
	for (m = markers; *m; m++)
		if (strstr(low, *m) != NULL) {
			free(low);
			return 1;
		}
	free(low);
	return 0;
}

struct req {
	struct w_search_req	 q;		/* dispatched form */
	char			*query;		/* dispatched primary */
	char			*alts[3];
	char			*language;
	char			*time;
	jv			 domains_in;	/* normalised, for coverage */
};

static void
req_free(struct req *r)
{
	size_t i;

	free(r->query);
	for (i = 0; i < 3; i++)
		free(r->alts[i]);
	for (i = 0; i < r->q.ndomains; i++)
		free(r->q.domains[i]);
	for (i = 0; i < r->q.nexclude; i++)
		free(r->q.exclude[i]);
	free(r->q.domains);
	free(r->q.exclude);
	free(r->language);
	free(r->time);
	jv_free(r->domains_in);
}

/* query plus the site clause of the domains. Caller frees. */
static char *
dispatched(const char *query, char **domains, size_t n)
{
	struct w_buf b;
	size_t i;

	w_buf_init(&b, strlen(query) + n * 270 + 16);
	w_buf_adds(&b, query);
	if (n > 0)
		w_buf_adds(&b, n > 1 ? " (" : " ");
	for (i = 0; i < n; i++)
		w_buf_printf(&b, "%ssite:%s", i ? " OR " : "", domains[i]);
	if (n > 1)
		w_buf_addc(&b, ')');
	return w_buf_take(&b);
}

static int
blank(const char *s)
{
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			return 0;
	return 1;
}

static int
domain_list(jv req, const char *key, char ***out, size_t *n,
    struct w_err *e)
{
	jv v = jv_object_get(jv_copy(req), jv_string(key));
	int len, rc = 0;

	*out = NULL;
	*n = 0;
	if (jv_get_kind(v) != JV_KIND_ARRAY) {
		jv_free(v);
		return 0;
	}
	len = jv_array_length(jv_copy(v));
	*out = w_calloc((size_t)len + 1, sizeof(**out));
	jv_array_foreach(v, i, x) {
		(void)i;
		if (rc == 0 && w_results_domain_norm(jv_string_value(x),
		    &(*out)[*n], e) == -1) {
			snprintf(e->msg, sizeof(e->msg), "%s: an entry is not "
			    "a site's host name (or is a bare public suffix)",
			    key);
			rc = -1;
		} else if (rc == 0)
			(*n)++;
		jv_free(x);
	}
	jv_free(v);
	return rc;
}

static int
req_parse(jv req, struct req *r, struct w_err *e)
{
	const char *s;
	jv alts;
	int i;

	memset(r, 0, sizeof(*r));
	r->domains_in = jv_array();
	if (w_req_validate_peek(fields, req, required, e) == -1)
		return -1;
	s = w_json_str_peek(req, "query");
	if (blank(s))
		return w_err_set(e, "invalid_parameter", "query is empty");
	if (prompt_shaped(s))
		return w_err_set(e, "invalid_parameter", "query looks like an "
		    "assembled prompt (several lines, role or instruction "
		    "markers, or far longer than a search query); send only "
		    "the question as the query");
	alts = jv_object_get(jv_copy(req), jv_string("alternate_queries"));
	if (jv_get_kind(alts) == JV_KIND_ARRAY) {
		jv_array_foreach(alts, j, x) {
			const char *a = jv_string_value(x);

			if (e->code == NULL && (blank(a) || prompt_shaped(a)))
				w_err_set(e, "invalid_parameter",
				    "alternate_queries[%d] is empty or looks "
				    "like an assembled prompt", j);
			else if (e->code == NULL && r->q.nalts < 3)
				r->alts[r->q.nalts++] = w_strdup(a);
			jv_free(x);
		}
	}
	jv_free(alts);
	if (e->code != NULL)
		return -1;
	r->q.limit = (int)w_json_int_peek(req, "limit",
	    W_SEARCH_LIMIT_DEFAULT);
	if (domain_list(req, "domains", &r->q.domains, &r->q.ndomains, e) ==
	    -1 || domain_list(req, "exclude_domains", &r->q.exclude,
	    &r->q.nexclude, e) == -1)
		return -1;
	if ((s = w_json_str_peek(req, "country")) != NULL &&
	    w_country_norm(s, r->q.country) == -1)
		return w_err_set(e, "invalid_parameter", "country must be an "
		    "assigned ISO 3166-1 alpha-2 code (such as PL, GB or US)");
	if ((s = w_json_str_peek(req, "language")) != NULL && !blank(s))
		r->q.language = r->language = w_strdup(s);
	if ((s = w_json_str_peek(req, "time_range")) != NULL)
		r->q.time_range = r->time = w_strdup(s);
	r->query = dispatched(w_json_str_peek(req, "query"), r->q.domains,
	    r->q.ndomains);
	r->q.query = r->query;
	for (i = 0; i < r->q.nalts; i++) {
		char *d = dispatched(r->alts[i], r->q.domains, r->q.ndomains);

		free(r->alts[i]);
		r->alts[i] = d;
		r->q.alts[i] = d;
	}
	for (i = 0; i < (int)r->q.ndomains; i++)
		r->domains_in = jv_array_append(r->domains_in,
		    jv_string(r->q.domains[i]));
	return 0;
}

/* Results. */

/* Whitespace and control characters collapsed. Caller frees. */
static char *
clean(const char *s)
{
	struct w_buf b;
	int sp = 1;

	w_buf_init(&b, strlen(s) + 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f || c == ' ') {
			if (!sp)
				w_buf_addc(&b, ' ');
			sp = 1;
			continue;
		}
		w_buf_addc(&b, c);
		sp = 0;
	}
	if (b.len > 0 && b.p[b.len - 1] == ' ')
		b.p[--b.len] = '\0';
	return w_buf_take(&b);
}

struct tally {
	int	raw, accepted, irrelevant, outside, excluded, invalid;
};

static int
in_list(const char *host, char **list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w_results_domain_match(host, list[i]))
			return 1;
	return 0;
}

/* Gate raw answers into a ranked list of accepted results. Consumes
 * raw. */
static jv
accept(const struct w_search_req *q, const struct w_provider *p,
    const char *query, jv raw, struct tally *t)
{
	struct w_gate *g = w_gate_new(query);
	jv out = jv_array(), seen = jv_object();

	jv_array_foreach(raw, i, r) {
		const char *u = w_json_str_peek(r, "url");
		const char *pub = w_json_str_peek(r, "published");
		char *norm = NULL, *host = NULL, *key = NULL, *title, *snip;
		jv x;

		if (i >= CANDIDATES_MAX) {
			jv_free(r);
			continue;
		}
		t->raw++;
		if ((norm = w_results_normalize(u)) == NULL ||
		    (host = w_results_host(norm)) == NULL) {
			t->invalid++;
			goto next;
		}
		key = w_results_key(norm);
		if (jv_object_has(jv_copy(seen), jv_string(key)))
			goto next;
		seen = jv_object_set(seen, jv_string(key), jv_true());
		if (q->ndomains > 0 && !in_list(host, q->domains,
		    q->ndomains)) {
			t->outside++;
			goto next;
		}
		if (in_list(host, q->exclude, q->nexclude)) {
			t->excluded++;
			goto next;
		}
		title = clean(w_json_str_peek(r, "title") ?
		    w_json_str_peek(r, "title") : "");
		snip = clean(w_json_str_peek(r, "snippet") ?
		    w_json_str_peek(r, "snippet") : "");
		if (!w_gate_match(g, title, snip, norm)) {
			t->irrelevant++;
			free(title);
			free(snip);
			goto next;
		}
		x = jv_object();
		x = jv_object_set(x, jv_string("key"), jv_string(key));
		x = jv_object_set(x, jv_string("host"), jv_string(host));
		x = jv_object_set(x, jv_string("title"), jv_string(title));
		x = jv_object_set(x, jv_string("url"), jv_string(norm));
		x = jv_object_set(x, jv_string("snippet"), jv_string(snip));
		if (pub != NULL && *pub)
			x = jv_object_set(x, jv_string("published"),
			    jv_string(pub));
		x = jv_object_set(x, jv_string("backend"), jv_string(p->name));
		x = jv_object_set(x, jv_string("representation"),
		    jv_string(p->excerpts ? "provider_excerpt" :
		    "search_snippet"));
		out = jv_array_append(out, x);
		t->accepted++;
		free(title);
		free(snip);
next:
		free(norm);
		free(host);
		free(key);
		jv_free(r);
	}
	jv_free(raw);
	jv_free(seen);
	w_gate_free(g);
	return out;
}

static const char *
fs_name(enum w_fsupport f)
{
	switch (f) {
	case W_FS_NATIVE:
		return "native";
	case W_FS_OPERATOR:
		return "operator";
	case W_FS_ADVISORY:
		return "advisory";
	case W_FS_UNVERIFIED:
		return "unverified";
	default:
		return "unsupported";
	}
}

static jv
filter_support(const struct w_provider *p)
{
	jv o = jv_object();

	o = jv_object_set(o, jv_string("domains"),
	    jv_string(fs_name(p->filters.domains)));
	o = jv_object_set(o, jv_string("country"),
	    jv_string(fs_name(p->filters.country)));
	o = jv_object_set(o, jv_string("language"),
	    jv_string(fs_name(p->filters.language)));
	o = jv_object_set(o, jv_string("time_range"),
	    jv_string(fs_name(p->filters.time)));
	return o;
}

/* Remember a failure for the bounded budget summary. */
static void
note_failure(struct w_search *s, const char *backend, const char *code)
{
	char one[128];
	jv str;
	int n = jv_array_length(jv_copy(s->failures)), i, dup = 0;

	snprintf(one, sizeof(one), "%s: %s", backend, code);
	for (i = 0; i < n && !dup; i++) {
		str = jv_array_get(jv_copy(s->failures), i);
		dup = strcmp(jv_string_value(str), one) == 0;
		jv_free(str);
	}
	if (!dup && n < FAILURES_MAX)
		s->failures = jv_array_append(s->failures, jv_string(one));
}

static void
note_retry(struct w_search *s, const char *backend, long ms)
{
	jv o = jv_object();
	time_t at = time(NULL) + (ms + 999) / 1000;
	char iso[32];

	o = jv_object_set(o, jv_string("retryAfterMs"), jv_number((double)ms));
	o = jv_object_set(o, jv_string("retryAt"),
	    jv_string(w_json_iso8601(at, iso, sizeof(iso))));
	s->retry = jv_object_set(s->retry, jv_string(backend), o);
}

/* The state of one request through the chain. */
struct pass {
	struct w_search	*s;
	struct req	*r;
	jv		 backends;	/* coverage entries */
	jv		 lists;		/* accepted ranked lists */
	jv		 cooldown;	/* backend names */
	int		 relevant;	/* accepted results so far */
	int		 answered;	/* a working backend answered */
	int		 rate_limited;
	const struct w_provider *answering;
	const struct w_provider *first_tried;
	struct w_err	 last;		/* last failure */
	int		 nfail, nskip_country;
	int		 stop;		/* budget or coordination */
	struct w_err	 stop_err;
	int		 local_refused;
	long long	 deadline;
};

static jv
entry_new(const struct w_provider *p, const char *outcome)
{
	jv o = jv_object();

	o = jv_object_set(o, jv_string("backend"), jv_string(p->name));
	return jv_object_set(o, jv_string("outcome"), jv_string(outcome));
}

static void
entry_fail(struct pass *ps, jv *ent, const struct w_provider *p,
    const struct w_err *e)
{
	*ent = jv_object_set(*ent, jv_string("code"), jv_string(e->code));
	*ent = jv_object_set(*ent, jv_string("message"), jv_string(e->msg));
	ps->last = *e;
	if (strcmp(e->code, "rate_limited") != 0 &&
	    strcmp(e->code, "http_429") != 0) {
		ps->last.retry_after_ms = -1;
		ps->last.retry_at = 0;
	}
	ps->nfail++;
	note_failure(ps->s, p->name, e->code);
}

/* Run one provider's stage. */
static void
stage(struct pass *ps, struct slot *sl)
{
	struct w_search *s = ps->s;
	const struct w_provider *p = sl->p;
	const char *queries[4], *targets[5] = { NULL };
	struct w_search_call c;
	struct w_err e;
	struct tally t;
	jv ent, raw;
	int nq, i, rc, ok = 0, sent = 0;

	w_err_clear(&e);
	if (!p->available) {
		ent = entry_new(p, "not_available");
		w_err_set(&e, "backend_unavailable", "%s is not available "
		    "in this build", p->name);
		entry_fail(ps, &ent, p, &e);
		ps->backends = jv_array_append(ps->backends, ent);
		return;
	}
	if (w_run_is_deferred(s->run, p->name)) {
		jv info = jv_object_get(jv_copy(s->retry), jv_string(p->name));

		ent = entry_new(p, "cooldown");
		ps->cooldown = jv_array_append(ps->cooldown,
		    jv_string(p->name));
		w_err_set(&e, "rate_limited", "%s is deferred for the rest of "
		    "this run after a rate limit", p->name);
		if (jv_get_kind(info) == JV_KIND_OBJECT) {
			e.retry_after_ms = w_json_int_peek(info,
			    "retryAfterMs", -1);
		}
		jv_free(info);
		ent = jv_object_set(ent, jv_string("code"),
		    jv_string(e.code));
		ps->last = e;
		ps->nfail++;
		ps->backends = jv_array_append(ps->backends, ent);
		return;
	}
	if (ps->r->q.country[0] && p->filters.country == W_FS_NONE) {
		w_err_set(&e, "unsupported_country_filter", "%s has no "
		    "per-call country transport; it was skipped rather than "
		    "queried without the requested country", p->name);
		goto skip;
	}
	if (p->eligible != NULL && p->eligible(sl->state, &ps->r->q, &e) ==
	    -1)
		goto skip;
	if (p == &w_provider_local && ps->local_refused) {
		w_err_set(&e, "robots_denied", "local was refused earlier");
		goto skip;
	}
	if (p->targets != NULL)
		p->targets(sl->state, targets);
	for (i = 0; targets[i] != NULL; i++) {
		struct w_url u;

		if (w_url_parse(targets[i], &u, &e) == -1)
			break;
		rc = w_policy_check_url(&s->cfg->policy, &u, p->operator, &e);
		w_url_free(&u);
		if (rc == -1)
			break;
	}
	if (targets[i] != NULL) {
		ent = entry_new(p, "denied");
		entry_fail(ps, &ent, p, &e);
		ps->backends = jv_array_append(ps->backends, ent);
		return;
	}
	if (ps->first_tried == NULL)
		ps->first_tried = p;
	nq = 1;
	queries[0] = ps->r->q.query;
	for (i = 0; !p->batches && i < ps->r->q.nalts; i++)
		queries[nq++] = ps->r->q.alts[i];
	ent = entry_new(p, "empty");
	memset(&t, 0, sizeof(t));
	for (i = 0; i < nq && ps->relevant == 0; i++) {
		memset(&c, 0, sizeof(c));
		c.s = s;
		c.p = p;
		c.alone = s->n == 1;
		c.deadline = ps->deadline;
		c.notes = jv_object();
		raw = jv_null();
		w_err_clear(&e);
		rc = p->search(sl->state, &c, &ps->r->q, queries[i], &raw, &e);
		sent++;
		if (c.reserved)
			w_run_settle(s->run, rc == 0);
		ent = jv_object_set(ent, jv_string("dispatches"),
		    jv_number(w_json_int_peek(ent, "dispatches", 0) +
		    c.dispatches));
		if (jv_object_length(jv_copy(c.notes)) > 0)
			ent = jv_object_set(ent, jv_string("notes"), c.notes);
		else
			jv_free(c.notes);
		if (rc == -1) {
			jv_free(raw);
			if (e.code == NULL)
				w_err_set(&e, "backend_unavailable",
				    "%s failed", p->name);
			if (strcmp(e.code, "search_budget_exhausted") == 0 ||
			    strcmp(e.code, "coordination_unavailable") == 0) {
				ps->stop = 1;
				ps->stop_err = e;
				ent = jv_object_set(ent, jv_string("outcome"),
				    jv_string("stopped"));
				ent = jv_object_set(ent, jv_string("code"),
				    jv_string(e.code));
				break;
			}
			if (strcmp(e.code, "rate_limited") == 0) {
				long ms = e.retry_after_ms >= 0 ?
				    e.retry_after_ms : COOLDOWN_MS;

				w_run_defer(s->run, p->name, ms);
				note_retry(s, p->name, ms);
				ps->rate_limited = 1;
				if (e.retry_after_ms < 0)
					e.retry_after_ms = ms;
				if (e.retry_at == 0)
					e.retry_at = time(NULL) +
					    (ms + 999) / 1000;
			}
			if (strcmp(e.code, "robots_denied") == 0 &&
			    p == &w_provider_local)
				ps->local_refused = 1;
			ent = jv_object_set(ent, jv_string("outcome"),
			    jv_string(strcmp(e.code, "rate_limited") == 0 ?
			    "rate_limited" : "failed"));
			entry_fail(ps, &ent, p, &e);
			break;
		}
		ok = 1;
		ps->answered = 1;
		raw = accept(&ps->r->q, p, queries[i], raw, &t);
		if (jv_array_length(jv_copy(raw)) > 0) {
			ps->relevant += jv_array_length(jv_copy(raw));
			ps->lists = jv_array_append(ps->lists, raw);
		} else
			jv_free(raw);
	}
	ent = jv_object_set(ent, jv_string("queries"), jv_number(sent));
	if (ok) {
		const char *outcome = t.accepted > 0 ? "ok" : t.raw == 0 ?
		    "empty" : t.outside + t.excluded > t.irrelevant ?
		    "out_of_domain" : "irrelevant";

		if (w_json_str_peek(ent, "code") == NULL)
			ent = jv_object_set(ent, jv_string("outcome"),
			    jv_string(outcome));
		ent = jv_object_set(ent, jv_string("results"),
		    jv_number(t.raw));
		ent = jv_object_set(ent, jv_string("accepted"),
		    jv_number(t.accepted));
		if (t.irrelevant)
			ent = jv_object_set(ent, jv_string("irrelevant"),
			    jv_number(t.irrelevant));
		if (t.outside + t.excluded)
			ent = jv_object_set(ent, jv_string("outOfDomain"),
			    jv_number(t.outside + t.excluded));
		if (t.accepted > 0 && ps->answering == NULL)
			ps->answering = p;
	}
	ps->backends = jv_array_append(ps->backends, ent);
	return;
skip:
	ent = entry_new(p, "skipped");
	ent = jv_object_set(ent, jv_string("code"), jv_string(e.code));
	ent = jv_object_set(ent, jv_string("message"), jv_string(e.msg));
	if (strcmp(e.code, "unsupported_country_filter") == 0)
		ps->nskip_country++;
	ps->last = e;
	ps->nfail++;
	ps->backends = jv_array_append(ps->backends, ent);
}

/* Envelope parts. */

static jv
requested_filters(const struct req *r)
{
	jv o = jv_object();

	if (r->q.ndomains > 0)
		o = jv_object_set(o, jv_string("domains"),
		    jv_copy(r->domains_in));
	if (r->q.language)
		o = jv_object_set(o, jv_string("language"),
		    jv_string(r->q.language));
	if (r->q.country[0])
		o = jv_object_set(o, jv_string("country"),
		    jv_string(r->q.country));
	if (r->q.time_range)
		o = jv_object_set(o, jv_string("time_range"),
		    jv_string(r->q.time_range));
	return o;
}

static jv
coverage(struct pass *ps)
{
	struct w_search *s = ps->s;
	jv cov = jv_object(), alts = jv_array(), chain = jv_array(), b;
	const struct w_provider *fp = ps->answering ? ps->answering :
	    ps->first_tried;
	long long best_ms = -1;
	int i;

	cov = jv_object_set(cov, jv_string("query"),
	    jv_string(ps->r->q.query));
	for (i = 0; i < ps->r->q.nalts; i++)
		alts = jv_array_append(alts, jv_string(ps->r->q.alts[i]));
	if (ps->r->q.nalts)
		cov = jv_object_set(cov, jv_string("alternate_queries"), alts);
	else
		jv_free(alts);
	for (i = 0; i < s->n; i++)
		chain = jv_array_append(chain, jv_string(s->chain[i].p->name));
	cov = jv_object_set(cov, jv_string("chain"), chain);
	cov = jv_object_set(cov, jv_string("strict"), jv_bool(s->strict));
	cov = jv_object_set(cov, jv_string("backend"), ps->answering ?
	    jv_string(ps->answering->name) : jv_null());
	cov = jv_object_set(cov, jv_string("backends"),
	    jv_copy(ps->backends));
	cov = jv_object_set(cov, jv_string("requestedFilters"),
	    requested_filters(ps->r));
	if (fp != NULL)
		cov = jv_object_set(cov, jv_string("filterSupport"),
		    filter_support(fp));
	cov = jv_object_set(cov, jv_string("rateLimited"),
	    jv_bool(ps->rate_limited || jv_array_length(jv_copy(
	    ps->cooldown)) > 0));
	cov = jv_object_set(cov, jv_string("cooldownBackends"),
	    jv_copy(ps->cooldown));
	jv_object_foreach(s->retry, k, v) {
		long ms = w_json_int_peek(v, "retryAfterMs", -1);

		if (ms >= 0 && (best_ms < 0 || ms < best_ms)) {
			best_ms = ms;
			cov = jv_object_set(cov, jv_string("retryAfterMs"),
			    jv_number((double)ms));
			cov = jv_object_set(cov, jv_string("retryAt"),
			    jv_object_get(jv_copy(v), jv_string("retryAt")));
		}
		jv_free(k);
		jv_free(v);
	}
	b = w_run_budget(s->run);
	if (jv_is_valid(b))
		cov = jv_object_set(cov, jv_string("budget"), b);
	else
		jv_free(b);
	cov = jv_object_set(cov, jv_string("limit"),
	    jv_number(ps->r->q.limit));
	return cov;
}

static jv
untrusted(void)
{
	jv a = jv_array();

	a = jv_array_append(a, jv_string("results[].title"));
	a = jv_array_append(a, jv_string("results[].snippet"));
	a = jv_array_append(a, jv_string("coverage.query"));
	return jv_array_append(a, jv_string("coverage.alternate_queries"));
}

static int
policy_allows(const struct w_config *cfg, const char *url)
{
	struct w_url u;
	struct w_err e;
	int rc;

	w_err_clear(&e);
	if (w_url_parse(url, &u, &e) == -1)
		return 0;
	rc = w_policy_check_url(&cfg->policy, &u, 0, &e);
	w_url_free(&u);
	return rc == 0;
}

/* Final ranking: fuse, diversify, cut to limit, bound. Sets lossy. */
static jv
rank(struct pass *ps, int *lossy)
{
	jv fused = w_results_fuse(jv_copy(ps->lists), W_RESULTS_RRF_K), out;
	int i = 0;

	fused = w_results_diversify(fused, W_RESULTS_PER_HOST);
	if (jv_array_length(jv_copy(fused)) > ps->r->q.limit)
		fused = w_results_head(fused, ps->r->q.limit);
	out = jv_array();
	jv_array_foreach(fused, j, r) {
		jv x = jv_object();
		jv pub = jv_object_get(jv_copy(r), jv_string("published"));

		(void)j;
		x = jv_object_set(x, jv_string("rank"), jv_number(++i));
		x = jv_object_set(x, jv_string("title"),
		    jv_object_get(jv_copy(r), jv_string("title")));
		x = jv_object_set(x, jv_string("url"),
		    jv_object_get(jv_copy(r), jv_string("url")));
		x = jv_object_set(x, jv_string("snippet"),
		    jv_object_get(jv_copy(r), jv_string("snippet")));
		if (jv_get_kind(pub) == JV_KIND_STRING)
			x = jv_object_set(x, jv_string("published"), pub);
		else
			jv_free(pub);
		x = jv_object_set(x, jv_string("backends"),
		    jv_object_get(jv_copy(r), jv_string("backends")));
		x = jv_object_set(x, jv_string("representation"),
		    jv_object_get(r, jv_string("representation")));
		out = jv_array_append(out, x);
	}
	jv_free(fused);
	return w_results_bound(out, W_RESULTS_BUDGET, lossy);
}

static jv
actions(const struct w_config *cfg, jv results)
{
	jv a = jv_array();
	int n = 0;

	jv_array_foreach(results, i, r) {
		const char *u = w_json_str_peek(r, "url");

		if (n < ACTIONS_MAX && u != NULL && policy_allows(cfg, u)) {
			jv act = jv_object(), args = jv_object();
			char why[96];

			args = jv_object_set(args, jv_string("url"),
			    jv_string(u));
			snprintf(why, sizeof(why), "read the source behind "
			    "result %d before searching again", i + 1);
			act = jv_object_set(act, jv_string("tool"),
			    jv_string("wfetch"));
			act = jv_object_set(act, jv_string("arguments"), args);
			act = jv_object_set(act, jv_string("reason"),
			    jv_string(why));
			a = jv_array_append(a, act);
			n++;
		}
		jv_free(r);
	}
	jv_free(results);
	return a;
}

static jv
budget_envelope(struct pass *ps, jv env)
{
	struct w_err e = ps->stop_err;
	jv b = w_run_budget(ps->s->run), err;
	struct w_buf m;
	int n = jv_array_length(jv_copy(ps->s->failures)), i;

	if (strcmp(e.code, "search_budget_exhausted") == 0) {
		w_buf_init(&m, sizeof(e.msg));
		w_buf_adds(&m, e.msg);
		if (jv_is_valid(b) && w_json_int_peek(b,
		    "dispatchesRemaining", 1) <= 0)
			w_buf_adds(&m, "; the run spent its dispatches on "
			    "failing providers");
		if (n > 0)
			w_buf_adds(&m, "; failures this run: ");
		for (i = 0; i < n; i++) {
			jv f = jv_array_get(jv_copy(ps->s->failures), i);

			w_buf_printf(&m, "%s%s", i ? ", " : "",
			    jv_string_value(f));
			jv_free(f);
		}
		if (jv_object_length(jv_copy(ps->s->retry)) > 0)
			w_buf_adds(&m, " (rate-limited backends are deferred "
			    "for the rest of the run)");
		w_buf_adds(&m, ". Answer from the evidence already gathered.");
		snprintf(e.msg, sizeof(e.msg), "%s", m.p);
		w_buf_free(&m);
	}
	env = w_env_error(env, &e);
	err = jv_object_get(jv_copy(env), jv_string("error"));
	if (jv_is_valid(b) && jv_get_kind(b) == JV_KIND_OBJECT)
		jv_object_foreach(b, k, v)
			err = jv_object_set(err, k, v);
	err = jv_object_set(err, jv_string("retryInRun"), jv_false());
	err = jv_object_set(err, jv_string("nextAction"),
	    jv_string("use_available_evidence"));
	jv_free(b);
	env = jv_object_set(env, jv_string("error"), err);
	return jv_object_set(env, jv_string("summary"), jv_string(
	    "Search budget exhausted for this run: use the evidence already "
	    "gathered."));
}

/* The error when nothing answered. */
static void
final_error(struct pass *ps, struct w_err *e)
{
	w_err_clear(e);
	if (ps->nfail == 0) {
		w_err_set(e, "backend_unavailable", "no search backend was "
		    "eligible");
		return;
	}
	if (ps->nskip_country == ps->nfail) {
		w_err_set(e, "unsupported_country_filter", "no selected "
		    "backend can apply country %s (DuckDuckGo supports a "
		    "reviewed region list); retry without country or select "
		    "duckduckgo, keyless or local", ps->r->q.country);
		return;
	}
	*e = ps->last;
	if (ps->nfail > 1 && !ps->s->strict) {
		snprintf(e->msg, sizeof(e->msg), "every backend in the chain "
		    "failed; last: %.400s", ps->last.msg);
	}
}

static jv
run_pass(struct pass *ps)
{
	struct w_search *s = ps->s;
	jv env = w_env_new("wsearch"), results;
	struct w_err e;
	int i, lossy = 0, n;
	char sum[256];

	for (i = 0; i < s->n && !ps->stop && ps->relevant == 0; i++)
		stage(ps, &s->chain[i]);
	if (ps->stop) {
		env = budget_envelope(ps, env);
		env = jv_object_set(env, jv_string("coverage"), coverage(ps));
		return jv_object_set(env, jv_string("untrusted_fields"),
		    untrusted());
	}
	if (ps->relevant > 0) {
		results = rank(ps, &lossy);
		n = jv_array_length(jv_copy(results));
		snprintf(sum, sizeof(sum), "%d result%s from %s%s; snippets are "
		    "leads: read the strongest with wfetch.", n, n == 1 ? "" :
		    "s", ps->answering->name, lossy ? " (output bounded: some "
		    "snippets or results were cut)" : "");
		env = jv_object_set(env, jv_string("summary"), jv_string(sum));
		if (lossy)
			env = w_env_status(env, W_ST_PARTIAL);
		env = jv_object_set(env, jv_string("next_actions"),
		    actions(s->cfg, jv_copy(results)));
		env = jv_object_set(env, jv_string("results"), results);
	} else if (ps->answered) {
		env = jv_object_set(env, jv_string("summary"),
		    jv_string("No results."));
		env = jv_object_set(env, jv_string("results"), jv_array());
	} else {
		final_error(ps, &e);
		env = w_env_error(env, &e);
		snprintf(sum, sizeof(sum), "Search failed: %s.", e.code);
		env = jv_object_set(env, jv_string("summary"), jv_string(sum));
		env = jv_object_set(env, jv_string("results"), jv_array());
	}
	env = jv_object_set(env, jv_string("coverage"), coverage(ps));
	if (ps->relevant > 0) {
		jv cov = jv_object_get(jv_copy(env), jv_string("coverage"));

		cov = jv_object_set(cov, jv_string("truncated"),
		    jv_bool(lossy));
		env = jv_object_set(env, jv_string("coverage"), cov);
	}
	return jv_object_set(env, jv_string("untrusted_fields"), untrusted());
}

static jv
usage_envelope(struct w_err *e)
{
	jv env = w_env_new("wsearch");

	e->usage = 1;
	env = w_env_error(env, e);
	return jv_object_set(env, jv_string("summary"),
	    jv_string("Invalid request: nothing was sent."));
}

jv
w_search_run(struct w_search *s, jv req)
{
	struct pass ps;
	struct req r;
	struct w_err e;
	jv env, maxr;

	w_err_clear(&e);
	if (req_parse(req, &r, &e) == -1) {
		jv_free(req);
		req_free(&r);
		return usage_envelope(&e);
	}
	jv_free(req);
	if (!s->run_tried) {
		s->run_tried = 1;
		w_err_clear(&s->run_err);
		maxr = w_config_get(s->cfg, "search.maxRequestsPerRun");
		if (w_run_open(&s->run, jv_get_kind(maxr) == JV_KIND_NUMBER ?
		    (int)jv_number_value(maxr) : 0, &s->run_err) == -1)
			s->run = NULL;
		jv_free(maxr);
	}
	if (s->run == NULL) {
		env = w_env_error(w_env_new("wsearch"), &s->run_err);
		req_free(&r);
		return jv_object_set(env, jv_string("summary"),
		    jv_string("Run coordination is unavailable: nothing was "
		    "sent."));
	}
	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.r = &r;
	ps.backends = jv_array();
	ps.lists = jv_array();
	ps.cooldown = jv_array();
	ps.deadline = now_ms() + W_SEARCH_DEADLINE_MS;
	env = run_pass(&ps);
	jv_free(ps.backends);
	jv_free(ps.lists);
	jv_free(ps.cooldown);
	req_free(&r);
	return env;
}
