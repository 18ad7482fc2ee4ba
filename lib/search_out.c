/*
 * search_out.c: from provider answers to the envelope: relevance and
 * domain gates, fusion and bounds, coverage, next actions, and the
 * budget and failure envelopes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "coord.h"
#include "json.h"
#include "policy.h"
#include "results.h"
#include "run.h"
#include "search.h"
#include "search_int.h"
#include "searchcache.h"
#include "sha256.h"
#include "url.h"

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

static int
in_list(const char *host, char **list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w_results_same_site(host, list[i]))
			return 1;
	return 0;
}

/* Gate raw answers into a ranked list of accepted results. Consumes
 * raw. */
jv
w_search_accept(const struct w_search_req *q, const struct w_provider *p,
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

jv
w_search_coverage(struct pass *ps)
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
			    w_json_get(jv_copy(v), "retryAt"));
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

jv
w_search_untrusted(void)
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
jv
w_search_rank(struct pass *ps, int *lossy)
{
	jv fused = w_results_fuse(jv_copy(ps->lists), W_RESULTS_RRF_K), out;
	int i = 0;

	fused = w_results_diversify(fused, W_RESULTS_PER_HOST);
	if (jv_array_length(jv_copy(fused)) > ps->r->q.limit)
		fused = w_results_head(fused, ps->r->q.limit);
	out = jv_array();
	jv_array_foreach(fused, j, r) {
		jv x = jv_object();
		jv pub = w_json_get(jv_copy(r), "published");

		(void)j;
		x = jv_object_set(x, jv_string("rank"), jv_number(++i));
		x = jv_object_set(x, jv_string("title"),
		    w_json_get(jv_copy(r), "title"));
		x = jv_object_set(x, jv_string("url"),
		    w_json_get(jv_copy(r), "url"));
		x = jv_object_set(x, jv_string("snippet"),
		    w_json_get(jv_copy(r), "snippet"));
		if (jv_get_kind(pub) == JV_KIND_STRING)
			x = jv_object_set(x, jv_string("published"), pub);
		else
			jv_free(pub);
		x = jv_object_set(x, jv_string("backends"),
		    w_json_get(jv_copy(r), "backends"));
		x = jv_object_set(x, jv_string("representation"),
		    w_json_get(r, "representation"));
		out = jv_array_append(out, x);
	}
	jv_free(fused);
	return w_results_bound(out, W_RESULTS_BUDGET, lossy);
}

jv
w_search_actions(const struct w_config *cfg, jv results)
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

jv
w_search_budget_env(struct pass *ps, jv env)
{
	struct w_err e = ps->stop_err;
	jv b = w_run_budget(ps->s->run), err;
	jv fails = w_run_failures(ps->s->run);
	struct w_buf m;
	int n, i;

	/* Every process of the run, ours included (also kept in memory). */
	if (jv_array_length(jv_copy(fails)) == 0) {
		jv_free(fails);
		fails = jv_copy(ps->s->failures);
	}
	n = jv_array_length(jv_copy(fails));

	if (e.code == W_E_SEARCH_BUDGET_EXHAUSTED) {
		w_buf_init(&m, sizeof(e.msg));
		w_buf_adds(&m, e.msg);
		if (jv_is_valid(b) && w_json_int_peek(b,
		    "dispatchesRemaining", 1) <= 0)
			w_buf_adds(&m, "; the run spent its dispatches on "
			    "failing providers");
		if (n > 0)
			w_buf_adds(&m, "; failures this run: ");
		for (i = 0; i < n; i++) {
			jv f = w_json_at(jv_copy(fails), i);

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
	jv_free(fails);
	env = w_env_error(env, &e);
	err = w_json_get(jv_copy(env), "error");
	if (jv_is_valid(b) && jv_get_kind(b) == JV_KIND_OBJECT)
		jv_object_foreach(b, k, v)
			err = jv_object_set(err, k, v);
	err = jv_object_set(err, jv_string("retryInRun"), jv_false());
	err = jv_object_set(err, jv_string("nextAction"),
	    jv_string("use_available_evidence"));
	jv_free(b);
	env = jv_object_set(env, jv_string("error"), err);
	return jv_object_set(env, jv_string("summary"), jv_string(
	    e.code == W_E_SEARCH_BUDGET_EXHAUSTED ?
	    "Search budget exhausted for this run: use the evidence already "
	    "gathered." : e.code == W_E_CANCELLED ?
	    "Cancelled: the search in flight was abandoned and its budget "
	    "refunded." : "Coordination is unavailable: nothing more was "
	    "sent."));
}

/* The error when nothing answered. */
void
w_search_final_error(struct pass *ps, struct w_err *e)
{
	w_err_clear(e);
	if (ps->nfail == 0) {
		w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no search backend was "
		    "eligible");
		return;
	}
	if (ps->nskip_country == ps->nfail) {
		w_err_set(e, W_E_UNSUPPORTED_COUNTRY_FILTER, "no selected "
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
str_list(char **v, size_t n)
{
	jv a = jv_array();
	size_t i;

	for (i = 0; i < n; i++)
		a = jv_array_append(a, jv_string(v[i]));
	return a;
}

/* A provider's credential enters cache keys only as its digest. */
static jv
credential_digest(jv k, const struct w_search *s, const char *path,
    const char *name)
{
	jv v = w_config_get(s->cfg, path);
	const char *env;
	char digest[65];

	if (jv_get_kind(v) == JV_KIND_STRING &&
	    (env = getenv(jv_string_value(v))) != NULL) {
		w_sha256_hex(env, strlen(env), digest);
		k = jv_object_set(k, jv_string(name), jv_string(digest));
	}
	jv_free(v);
	return k;
}

char *
w_search_cache_key(const struct w_search *s, const struct req *r)
{
	jv k = jv_object(), q = jv_object(), v;
	char *out;
	int i;

	q = jv_object_set(q, jv_string("query"), jv_string(r->q.query));
	v = jv_array();
	for (i = 0; i < r->q.nalts; i++)
		v = jv_array_append(v, jv_string(r->q.alts[i]));
	q = jv_object_set(q, jv_string("alts"), v);
	q = jv_object_set(q, jv_string("limit"), jv_number(r->q.limit));
	q = jv_object_set(q, jv_string("domains"),
	    str_list(r->q.domains, r->q.ndomains));
	q = jv_object_set(q, jv_string("exclude"),
	    str_list(r->q.exclude, r->q.nexclude));
	q = jv_object_set(q, jv_string("language"), r->q.language ?
	    jv_string(r->q.language) : jv_null());
	q = jv_object_set(q, jv_string("country"), jv_string(r->q.country));
	q = jv_object_set(q, jv_string("time"), r->q.time_range ?
	    jv_string(r->q.time_range) : jv_null());
	k = jv_object_set(k, jv_string("request"), q);
	k = jv_object_set(k, jv_string("search"),
	    w_config_get(s->cfg, "search"));
	k = credential_digest(k, s, "search.ollama.apiKeyEnv", "ollama");
	k = credential_digest(k, s, "search.parallel.apiKeyEnv", "parallel");
	k = jv_dump_string(k, JV_PRINT_SORTED);
	v = jv_string_fmt("wsearch/1 %s", jv_string_value(k));
	jv_free(k);
	out = w_strdup(jv_string_value(v));
	jv_free(v);
	return out;
}

jv
w_search_from_cache(struct w_search *s, jv hit)
{
	jv env = w_env_new("wsearch"), cov, res, b, d;

	env = jv_object_set(env, jv_string("status"),
	    w_json_get(jv_copy(hit), "status"));
	env = jv_object_set(env, jv_string("summary"),
	    w_json_get(jv_copy(hit), "summary"));
	res = w_json_get(jv_copy(hit), "results");
	if (jv_get_kind(res) != JV_KIND_ARRAY) {
		jv_free(res);
		res = jv_array();
	}
	if (jv_array_length(jv_copy(res)) > 0)
		env = jv_object_set(env, jv_string("next_actions"),
		    w_search_actions(s->cfg, jv_copy(res)));
	env = jv_object_set(env, jv_string("results"), res);
	cov = w_json_get(hit, "coverage");
	if (jv_get_kind(cov) != JV_KIND_OBJECT) {
		jv_free(cov);
		cov = jv_object();
	}
	b = w_run_budget(s->run);
	if (jv_is_valid(b))
		cov = jv_object_set(cov, jv_string("budget"), b);
	else
		jv_free(b);
	cov = jv_object_set(cov, jv_string("cache_hit"), jv_true());
	env = jv_object_set(env, jv_string("coverage"), cov);
	d = jv_object_set(jv_object(), jv_string("cache_hit"), jv_true());
	env = jv_object_set(env, jv_string("details"), d);
	return jv_object_set(env, jv_string("untrusted_fields"),
	    w_search_untrusted());
}

jv
w_search_to_cache(struct w_coordinator *co, const char *key, jv env)
{
	enum w_status st = w_env_status_peek(env);
	struct w_err e;
	struct w_buf b;
	const char *sum;
	jv keep;

	if (st != W_ST_OK && st != W_ST_PARTIAL)
		return env;
	keep = jv_object();
	keep = jv_object_set(keep, jv_string("status"),
	    w_json_get(jv_copy(env), "status"));
	keep = jv_object_set(keep, jv_string("summary"),
	    w_json_get(jv_copy(env), "summary"));
	keep = jv_object_set(keep, jv_string("results"),
	    w_json_get(jv_copy(env), "results"));
	keep = jv_object_set(keep, jv_string("coverage"),
	    jv_object_delete(w_json_get(jv_copy(env),
	    "coverage"), jv_string("budget")));
	w_err_clear(&e);
	if (w_coord_cache_put(co, key, keep, &e) == 0 ||
	    (sum = w_json_str_peek(env, "summary")) == NULL)
		return env;
	/* A cache that cannot be written does not fail the search. */
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s; the answer could not be saved in the search "
	    "cache (%s)", sum, e.code != W_E_NONE ? e.msg : "unknown reason");
	if (b.p != NULL)
		env = jv_object_set(env, jv_string("summary"),
		    jv_string(b.p));
	w_buf_free(&b);
	return env;
}
