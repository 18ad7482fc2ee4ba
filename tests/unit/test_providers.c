/*
 * test_providers.c: the provider parsers against the fixtures in
 * tests/fixtures/search/ (see its README.md for their source), and the
 * chain's rules driven by test-only providers registered with
 * w_search_register (adding a provider needs no chain code).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "config.h"
#include "json.h"
#include "provider.h"
#include "search.h"
#include "t.h"

#define FIX "tests/fixtures/search/"

/* Remove a directory tree of regular files (depth 3 at most). */
static void
rm_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	char sub[1024];

	if (d == NULL) {
		unlink(path);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		rm_tree(sub);
	}
	closedir(d);
	rmdir(path);
}

static char *
slurp(const char *path, size_t *len)
{
	char *s = t_slurp(path, len, 4u << 20);

	if (s == NULL) {
		fprintf(stderr, "cannot open %s\n", path);
		*len = 0;
		return w_strdup("");
	}
	return s;
}

static const char *
field(jv a, int i, const char *k)
{
	static char buf[1024];
	jv r = jv_array_get(jv_copy(a), i);
	const char *s = w_json_str_peek(r, k);

	snprintf(buf, sizeof(buf), "%s", s ? s : "(none)");
	jv_free(r);
	return buf;
}

typedef int (*parser)(const char *, size_t, jv *, struct w_err *);

static int
parse_file(parser p, const char *name, jv *out, struct w_err *e)
{
	size_t len;
	char *body = slurp(name, &len);
	int rc;

	w_err_clear(e);
	rc = p(body, len, out, e);
	free(body);
	return rc;
}

static void
test_ddg(void)
{
	struct w_err e;
	jv out;

	CHECK_INT(parse_file(w_ddg_parse, FIX "ddg_html_eino_2025.html", &out,
	    &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 10);
	CHECK_STR(field(out, 0, "url"), "https://github.com/cloudwego/eino");
	CHECK_STR(field(out, 0, "title"), "GitHub - cloudwego/eino: The "
	    "ultimate LLM/AI application development ...");
	CHECK(strncmp(field(out, 0, "snippet"), "Eino is a framework for "
	    "building LLM applications in Golang", 59) == 0);
	CHECK_STR(field(out, 1, "published"), "2025-06-23");
	CHECK_STR(field(out, 0, "published"), "(none)");
	CHECK(strstr(field(out, 1, "snippet"), "&quot;") == NULL);
	jv_free(out);
	CHECK_INT(parse_file(w_ddg_parse, FIX
	    "ddg_html_noresults_eino_2025.html", &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 0);
	jv_free(out);
	CHECK_INT(parse_file(w_ddg_parse, FIX
	    "ddg_html_eof_google_fallback_eino_2025.html", &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 0);
	jv_free(out);
	CHECK_INT(parse_file(w_ddg_parse, FIX "ddg_challenge.html", &out, &e),
	    -1);
	CHECK_STR(w_err_name(e.code), "rate_limited");
	jv_free(out);
	CHECK_INT(parse_file(w_ddg_parse, FIX "ddg_wrapped_ad.html", &out, &e),
	    0);
	CHECK_INT(jv_array_length(jv_copy(out)), 2);
	CHECK_STR(field(out, 0, "url"),
	    "https://www.html-tidy.org/?utm_source=ddg&page=2");
	CHECK_STR(field(out, 0, "title"), "HTML Tidy & tidy-html5");
	CHECK_STR(field(out, 0, "snippet"), "The tidy-html5 project "
	    "\xe2\x80\x94 granddaddy of HTML tools.");
	CHECK_STR(field(out, 1, "url"), "https://github.com/htacg/tidy-html5");
	CHECK_STR(field(out, 1, "snippet"), "The granddaddy of HTML tools, "
	    "with support for modern standards");
	jv_free(out);
	/* an empty 2xx is genuine emptiness */
	CHECK_INT(w_ddg_parse("<html></html>", 13, &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 0);
	jv_free(out);
}

static void
test_searxng(void)
{
	struct w_err e;
	jv out;

	CHECK_INT(parse_file(w_searxng_parse, FIX
	    "searx110_loopback_engines_plus_offline.json", &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 5);
	CHECK(strncmp(field(out, 0, "url"), "http", 4) == 0);
	jv_free(out);
	CHECK_INT(parse_file(w_searxng_parse, FIX
	    "searx110_all_engines_offline.json", &out, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	CHECK(strstr(e.msg, "wikipedia: HTTP error") != NULL);
	CHECK(strstr(e.msg, "duckduckgo: HTTP error") != NULL);
	jv_free(out);
	/* results present: success even with failed engines */
	CHECK_INT(parse_file(w_searxng_parse, FIX "searx110_error_kinds.json",
	    &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 3);
	jv_free(out);
	{
		const char *j = "{\"results\":[],\"unresponsive_engines\":"
		    "[[\"duckduckgo\",\"CAPTCHA\"],[\"brave\","
		    "\"too many requests\"]]}";

		w_err_clear(&e);
		CHECK_INT(w_searxng_parse(j, strlen(j), &out, &e), -1);
		CHECK_STR(w_err_name(e.code), "rate_limited");
		CHECK(strstr(e.msg, "duckduckgo: CAPTCHA; brave: too many "
		    "requests") != NULL);
		jv_free(out);
		j = "{\"results\":[],\"unresponsive_engines\":[]}";
		CHECK_INT(w_searxng_parse(j, strlen(j), &out, &e), 0);
		CHECK_INT(jv_array_length(jv_copy(out)), 0);
		jv_free(out);
		j = "<html>not json</html>";
		CHECK_INT(w_searxng_parse(j, strlen(j), &out, &e), -1);
		CHECK_STR(w_err_name(e.code), "backend_unavailable");
		jv_free(out);
	}
}

static void
test_ollama(void)
{
	struct w_err e;
	jv out;
	const char *j;

	CHECK_INT(parse_file(w_ollama_parse, FIX
	    "ollama_web_search_docs_example.json", &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 3);
	CHECK_STR(field(out, 0, "url"), "https://ollama.com/");
	CHECK_STR(field(out, 0, "snippet"), "Cloud models are now "
	    "available...");
	jv_free(out);
	j = "{\"error\":\"unauthorized\"";
	CHECK_INT(w_ollama_parse(j, strlen(j), &out, &e), -1);
	CHECK_STR(w_err_name(e.code), "backend_unavailable");
	jv_free(out);
}

static void
test_startpage(void)
{
	struct w_err e;
	char sc[64];
	size_t len;
	char *home = slurp(FIX "startpage_home.html", &len);
	jv out;

	CHECK_INT(w_startpage_token(home, len, sc, sizeof(sc)), 0);
	CHECK_STR(sc, "Xk3mQ9wTzL0p20");
	CHECK_INT(w_startpage_token("<p>none</p>", 11, sc, sizeof(sc)), -1);
	free(home);
	CHECK_INT(parse_file(w_startpage_parse, FIX "startpage_serp.html", &out,
	    &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 2);
	CHECK_STR(field(out, 0, "url"),
	    "https://www.html-tidy.org/?utm_medium=sp");
	CHECK_STR(field(out, 0, "title"), "HTML Tidy");
	CHECK_STR(field(out, 0, "snippet"), "The tidy-html5 project, "
	    "\"granddaddy\" of HTML tools })");
	CHECK_STR(field(out, 1, "snippet"), "The granddaddy of HTML tools & "
	    "more");
	jv_free(out);
	CHECK_INT(parse_file(w_startpage_parse, FIX "startpage_noresults.html",
	    &out, &e), 0);
	CHECK_INT(jv_array_length(jv_copy(out)), 0);
	jv_free(out);
	CHECK_INT(parse_file(w_startpage_parse, FIX "startpage_anubis.html",
	    &out, &e), -1);
	CHECK_STR(w_err_name(e.code), "rate_limited");
	jv_free(out);
}

/* Test-only providers. */

static char last_query[512];
static int calls;

static jv
results_for(const char *host, int n)
{
	jv a = jv_array();
	char url[256], title[64];
	int i;

	for (i = 0; i < n; i++) {
		snprintf(url, sizeof(url), "https://%s/doc/%d?utm_source=x"
		    "&id=%d#frag", host, i, i);
		snprintf(title, sizeof(title), "Widget guide %d", i);
		a = jv_array_append(a, w_search_result(title, url,
		    "all about widgets", NULL));
	}
	return a;
}

static int
fake_search(void *state, struct w_search_call *c,
    const struct w_search_req *q, const char *query, jv *out,
    struct w_err *e)
{
	calls++;
	snprintf(last_query, sizeof(last_query), "%s", query);
	if (w_search_dispatch(c, e) == -1)
		return -1;
	if (strstr(query, "fail"))
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "fake failed");
	if (strstr(query, "throttle")) {
		w_err_set(e, W_E_RATE_LIMITED, "fake throttled");
		e->retry_after_ms = 2000;
		return -1;
	}
	if (strstr(query, "empty")) {
		*out = jv_array();
		return 0;
	}
	if (strstr(query, "junk")) {
		*out = jv_array_append(jv_array(), w_search_result("Cooking",
		    "https://food.example/", "pasta", NULL));
		return 0;
	}
	*out = results_for(strstr(query, "other") ? "b.example" :
	    "a.example", 4);
	*out = jv_array_concat(*out, results_for("docs.c.example", 2));
	return 0;
}

static int
second_search(void *state, struct w_search_call *c,
    const struct w_search_req *q, const char *query, jv *out,
    struct w_err *e)
{
	calls++;
	if (w_search_dispatch(c, e) == -1)
		return -1;
	*out = results_for("second.example", 2);
	return 0;
}

static const struct w_provider fake = {
	.name = "fake", .scope = "fake",
	.filters = { W_FS_OPERATOR, W_FS_NONE, W_FS_ADVISORY, W_FS_NATIVE },
	.available = 1, .search = fake_search
};

static const struct w_provider fakecc = {
	.name = "fakecc", .scope = "fakecc",
	.filters = { W_FS_OPERATOR, W_FS_NATIVE, W_FS_ADVISORY, W_FS_NATIVE },
	.available = 1, .search = second_search
};

/* Two probed providers: the doctor's words come from probe_ready, never
 * from a provider's name. */
static const struct w_provider fakeready = {
	.name = "fakeready", .scope = "fakeready", .live = 1,
	.probe_ready = 1,
	.filters = { W_FS_OPERATOR, W_FS_NONE, W_FS_ADVISORY, W_FS_NATIVE },
	.available = 1, .search = second_search
};

static const struct w_provider fakelive = {
	.name = "fakelive", .scope = "fakelive", .live = 1,
	.filters = { W_FS_OPERATOR, W_FS_NONE, W_FS_ADVISORY, W_FS_NATIVE },
	.available = 1, .search = second_search
};

static struct w_config cfg;

static struct w_search *
chain(const char *web)
{
	struct w_search *s = NULL;
	struct w_err e;

	w_config_free(&cfg);
	cfg.web = jv_parse(web);
	w_policy_default(&cfg.policy);
	w_err_clear(&e);
	if (w_search_new(&cfg, &s, &e) == -1)
		fprintf(stderr, "chain: %s\n", e.msg);
	return s;
}

/* Config error message for web, "" when it loads. */
static const char *
cfg_error(const char *web)
{
	static char msg[512];
	struct w_err e;

	w_config_free(&cfg);
	cfg.web = jv_parse(web);
	w_policy_default(&cfg.policy);
	w_err_clear(&e);
	if (w_search_config_check(&cfg, &e) == 0)
		return "";
	snprintf(msg, sizeof(msg), "%s", e.msg);
	CHECK(e.usage);
	return msg;
}

static jv
run(struct w_search *s, const char *req)
{
	return w_search_run(s, jv_parse(req));
}

static const char *
path(jv env, const char *p)
{
	static char buf[1024];
	jv v = jv_copy(env), k;
	const char *dot;

	while (*p) {
		dot = strchr(p, '.');
		k = dot ? jv_string_sized(p, (int)(dot - p)) : jv_string(p);
		if (jv_get_kind(v) == JV_KIND_ARRAY)
			v = jv_array_get(v, (int)strtol(jv_string_value(k),
			    NULL, 10)), jv_free(k);
		else if (jv_get_kind(v) == JV_KIND_OBJECT)
			v = jv_object_get(v, k);
		else {
			jv_free(k);
			break;
		}
		p = dot ? dot + 1 : p + strlen(p);
	}
	if (jv_get_kind(v) == JV_KIND_STRING)
		snprintf(buf, sizeof(buf), "%s", jv_string_value(v));
	else if (jv_is_valid(v)) {
		jv d = jv_dump_string(v, 0);

		snprintf(buf, sizeof(buf), "%s", jv_string_value(d));
		jv_free(d);
		return buf;
	} else
		snprintf(buf, sizeof(buf), "(invalid)");
	jv_free(v);
	return buf;
}

static void
test_config(void)
{
	CHECK_STR(cfg_error("{}"), "");
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"auto\","
	    "\"searxng\":{\"endpoint\":\"http://127.0.0.1:8888\"}}}"),
	    "use [\"searxng\",\"codex\",\"keyless\"]") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":[\"auto\"],"
	    "\"ollama\":{}}}"), "[\"ollama\",\"codex\",\"keyless\"]") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"hound\"}}"),
	    "renamed to \"local\"") != NULL);
	CHECK(strstr(cfg_error("{\"fetch\":{\"provider\":[\"hound\"]}}"),
	    "not equivalent") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":[\"ollama\","
	    "\"ollama\"]}}"), "twice") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":[\"keyless\","
	    "\"startpage\"]}}"), "twice") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"bing\"}}"),
	    "unknown provider") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":[]}}"),
	    "non-empty") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"searxng\"}}"),
	    "not set") != NULL);
	CHECK_STR(cfg_error("{\"search\":{\"backend\":\"searxng\","
	    "\"endpoint\":\"http://localhost:8888/\"}}"), "");
	CHECK(strstr(cfg_error("{\"search\":{\"searxng\":{\"endpoint\":"
	    "\"http://search.example.com/\"}}}"), "loopback") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"searxng\":{\"endpoint\":"
	    "\"http://u:secret@127.0.0.1/\"}}}"), "credentials") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"searxng\":{\"endpoint\":"
	    "\"http://127.0.0.1/?x=1\"}}}"), "query") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"searxng\":{\"endpoint\":"
	    "\"https://127.0.0.1/\"}}}"), "http://") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"searxng\":{\"endpoint\":"
	    "\"http://u:secret@127.0.0.1/\"}}}"), "secret") == NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"ollama\","
	    "\"ollama\":{\"baseUrl\":\"https://ollama.com\"}}}"),
	    "apiKeyEnv") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"ollama\","
	    "\"ollama\":{\"apiKeyEnv\":\"K\"}}}"), "only for the hosted") !=
	    NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"ollama\":{\"baseUrl\":"
	    "\"http://ollama.example.com\"}}}"), "https://") != NULL);
	CHECK(strstr(cfg_error("{\"search\":{\"ollama\":{\"baseUrl\":"
	    "\"https://ollama.example.com\"}}}"), "trustPublicUrl") != NULL);
	CHECK_STR(cfg_error("{\"search\":{\"ollama\":{\"baseUrl\":"
	    "\"https://ollama.example.com\",\"trustPublicUrl\":true}}}"), "");
	unsetenv("SRCH_TEST_KEY");
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"ollama\","
	    "\"ollama\":{\"baseUrl\":\"https://ollama.com\",\"apiKeyEnv\":"
	    "\"SRCH_TEST_KEY\"}}}"), "unset or empty") != NULL);
	setenv("SRCH_TEST_KEY", "", 1);
	CHECK(strstr(cfg_error("{\"search\":{\"backend\":\"ollama\","
	    "\"ollama\":{\"baseUrl\":\"https://ollama.com\",\"apiKeyEnv\":"
	    "\"SRCH_TEST_KEY\"}}}"), "unset or empty") != NULL);
	setenv("SRCH_TEST_KEY", "k-123", 1);
	CHECK_STR(cfg_error("{\"search\":{\"backend\":\"ollama\","
	    "\"ollama\":{\"baseUrl\":\"https://ollama.com\",\"apiKeyEnv\":"
	    "\"SRCH_TEST_KEY\"}}}"), "");
	CHECK_STR(cfg_error("{\"search\":{\"backend\":[\"fake\","
	    "\"keyless\"]}}"), "");
}

static void
test_chain(void)
{
	struct w_search *s;
	jv env;

	/* results: normalised, tracking removed, diversity, actions */
	s = chain("{\"search\":{\"backend\":\"fake\","
	    "\"maxRequestsPerRun\":20}}");
	env = run(s, "{\"query\":\"widget guide\",\"limit\":4}");
	CHECK_STR(path(env, "status"), "ok");
	CHECK_STR(path(env, "results.0.url"), "https://a.example/doc/0?id=0");
	CHECK_STR(path(env, "results.1.url"), "https://a.example/doc/1?id=1");
	/* a.example has two already: docs.c.example comes next */
	CHECK_STR(path(env, "results.2.url"),
	    "https://docs.c.example/doc/0?id=0");
	CHECK_STR(path(env, "results.0.representation"), "search_snippet");
	CHECK_STR(path(env, "results.0.backends"), "[\"fake\"]");
	CHECK_STR(path(env, "next_actions.0.tool"), "wfetch");
	CHECK_STR(path(env, "next_actions.2.arguments.url"),
	    "https://docs.c.example/doc/0?id=0");
	CHECK_STR(path(env, "next_actions.3"), "(invalid)");
	CHECK_STR(path(env, "coverage.budget.requestsUsed"), "1");
	jv_free(env);
	/* domains: site clause appended, enforced client-side */
	env = run(s, "{\"query\":\"widget\",\"domains\":[\"c.example\","
	    "\"site:x.example\"],\"exclude_domains\":[\"a.example\"]}");
	CHECK_STR(last_query, "widget (site:c.example OR site:x.example)");
	CHECK_STR(path(env, "results.0.url"),
	    "https://docs.c.example/doc/0?id=0");
	CHECK_STR(path(env, "results.2"), "(invalid)");
	CHECK_STR(path(env, "coverage.requestedFilters.domains"),
	    "[\"c.example\",\"x.example\"]");
	CHECK(strstr(path(env, "coverage"), "a.example") == NULL);
	jv_free(env);
	env = run(s, "{\"query\":\"widget\",\"domains\":[\"zzz.example\"]}");
	CHECK_STR(last_query, "widget site:zzz.example");
	CHECK_STR(path(env, "summary"), "No results.");
	CHECK_STR(path(env, "coverage.backends.0.outcome"), "out_of_domain");
	jv_free(env);
	/* strict never falls back */
	env = run(s, "{\"query\":\"widget fail\"}");
	CHECK_STR(path(env, "status"), "error");
	CHECK_STR(path(env, "error.code"), "backend_unavailable");
	CHECK_STR(path(env, "next_actions"), "(invalid)");
	jv_free(env);
	/* prompt-shaped and invalid requests: nothing is sent */
	calls = 0;
	env = run(s, "{\"query\":\"system: you are a helpful assistant\\n"
	    "user: what is a widget\\nassistant:\"}");
	CHECK_STR(path(env, "error.code"), "invalid_parameter");
	CHECK(strstr(path(env, "error.message"), "assembled prompt") != NULL);
	CHECK_INT(w_env_exit_peek(env), 2);
	jv_free(env);
	env = run(s, "{\"query\":\"widget\",\"country\":\"XX\"}");
	CHECK(strstr(path(env, "error.message"), "ISO 3166") != NULL);
	jv_free(env);
	env = run(s, "{\"query\":\"widget\",\"limit\":11}");
	CHECK_STR(path(env, "error.code"), "invalid_parameter");
	jv_free(env);
	env = run(s, "{\"query\":\"widget\",\"domains\":[\"co.uk\"]}");
	CHECK_STR(path(env, "error.code"), "invalid_parameter");
	jv_free(env);
	CHECK_INT(calls, 0);
	/* strict provider without country transport */
	env = run(s, "{\"query\":\"widget\",\"country\":\"pl\"}");
	CHECK_STR(path(env, "error.code"), "unsupported_country_filter");
	CHECK_STR(path(env, "coverage.requestedFilters.country"), "PL");
	CHECK_INT(calls, 0);
	jv_free(env);
	/* alternates run only while nothing relevant was accepted */
	env = run(s, "{\"query\":\"widget junk\",\"alternate_queries\":"
	    "[\"widget other\",\"widget third\"]}");
	CHECK_STR(path(env, "coverage.backends.0.queries"), "2");
	CHECK_STR(path(env, "results.0.url"), "https://b.example/doc/0?id=0");
	jv_free(env);
	/* a failure ends the stage: alternates cannot repair it */
	calls = 0;
	env = run(s, "{\"query\":\"widget fail\",\"alternate_queries\":"
	    "[\"widget other\"]}");
	CHECK_INT(calls, 1);
	jv_free(env);
	w_search_free(s);

	/* a chain advances on failure, emptiness and irrelevance */
	s = chain("{\"search\":{\"backend\":[\"fake\",\"fakecc\"],"
	    "\"maxRequestsPerRun\":20}}");
	env = run(s, "{\"query\":\"widget junk\"}");
	CHECK_STR(path(env, "coverage.backends.0.outcome"), "irrelevant");
	CHECK_STR(path(env, "coverage.backend"), "fakecc");
	CHECK_STR(path(env, "results.0.backends"), "[\"fakecc\"]");
	jv_free(env);
	env = run(s, "{\"query\":\"widget fail\"}");
	CHECK_STR(path(env, "status"), "ok");
	CHECK_STR(path(env, "coverage.backends.0.outcome"), "failed");
	jv_free(env);
	/* country: the chain skips the provider without transport */
	calls = 0;
	env = run(s, "{\"query\":\"widget\",\"country\":\"de\"}");
	CHECK_STR(path(env, "coverage.backends.0.outcome"), "skipped");
	CHECK_STR(path(env, "coverage.backends.0.code"),
	    "unsupported_country_filter");
	CHECK_STR(path(env, "coverage.backend"), "fakecc");
	CHECK_INT(calls, 1);
	jv_free(env);
	/* rate limit: deferred for the run, the chain advances */
	env = run(s, "{\"query\":\"widget throttle\"}");
	CHECK_STR(path(env, "status"), "ok");
	CHECK_STR(path(env, "coverage.rateLimited"), "true");
	CHECK_STR(path(env, "coverage.retryAfterMs"), "2000");
	CHECK(strlen(path(env, "coverage.retryAt")) == 20);
	jv_free(env);
	calls = 0;
	env = run(s, "{\"query\":\"widget\"}");
	CHECK_STR(path(env, "coverage.backends.0.outcome"), "cooldown");
	CHECK_STR(path(env, "coverage.cooldownBackends"), "[\"fake\"]");
	CHECK_INT(calls, 1);
	jv_free(env);
	w_search_free(s);

	/* budget: answered searches, refunds, dispatch ceiling */
	s = chain("{\"search\":{\"backend\":\"fake\","
	    "\"maxRequestsPerRun\":1}}");
	env = run(s, "{\"query\":\"widget fail\"}");
	CHECK_STR(path(env, "coverage.budget.requestsUsed"), "0");
	CHECK_STR(path(env, "coverage.budget.dispatchesUsed"), "1");
	jv_free(env);
	env = run(s, "{\"query\":\"widget empty\"}");
	CHECK_STR(path(env, "summary"), "No results.");
	CHECK_STR(path(env, "coverage.budget.requestsUsed"), "1");
	jv_free(env);
	env = run(s, "{\"query\":\"widget\"}");
	CHECK_STR(path(env, "status"), "blocked");
	CHECK_STR(path(env, "error.code"), "search_budget_exhausted");
	CHECK_STR(path(env, "error.retryInRun"), "false");
	CHECK_STR(path(env, "error.nextAction"), "use_available_evidence");
	CHECK_STR(path(env, "error.requestsRemaining"), "0");
	CHECK(strstr(path(env, "error.message"), "fake: backend_unavailable")
	    != NULL);
	CHECK_STR(path(env, "next_actions"), "(invalid)");
	CHECK_INT(w_env_exit_peek(env), 3);
	jv_free(env);
	w_search_free(s);
	s = chain("{\"search\":{\"backend\":\"fake\","
	    "\"maxRequestsPerRun\":1}}");
	for (int i = 0; i < 4; i++)
		jv_free(run(s, "{\"query\":\"widget fail\"}"));
	env = run(s, "{\"query\":\"widget\"}");
	CHECK_STR(path(env, "error.code"), "search_budget_exhausted");
	CHECK(strstr(path(env, "error.message"), "spent its dispatches on "
	    "failing providers") != NULL);
	CHECK_STR(path(env, "error.requestsRemaining"), "1");
	CHECK_STR(path(env, "error.dispatchesRemaining"), "0");
	jv_free(env);
	w_search_free(s);
}

/* web-control doctor's liveness words come from the provider's fields. */
static void
test_liveness(void)
{
	int failed = 0;
	jv l;

	w_config_free(&cfg);
	cfg.web = jv_parse("{\"search\":{\"backend\":[\"fakeready\","
	    "\"fake\",\"fakelive\"]}}");
	w_policy_default(&cfg.policy);
	l = w_search_liveness(&cfg, 2000, &failed);
	CHECK_INT(failed, 0);
	CHECK_INT(w_json_len_peek(l), 2);	/* fake is not live */
	CHECK_STR(path(l, "0.check"), "fakeready liveness");
	CHECK(strncmp(path(l, "0.detail"), "ready (2 results", 16) == 0);
	CHECK_STR(path(l, "1.check"), "fakelive liveness");
	CHECK(strncmp(path(l, "1.detail"), "answered (2 results", 19) == 0);
	jv_free(l);
}

int
main(void)
{
	char tmp[] = "/tmp/test_providers.XXXXXX";

	unsetenv("WEB_RUN_FILE");
	/* a private, empty search cache and state for the chain tests */
	if (mkdtemp(tmp) == NULL)
		return 1;
	setenv("XDG_CACHE_HOME", tmp, 1);
	setenv("XDG_STATE_HOME", tmp, 1);
	memset(&cfg, 0, sizeof(cfg));
	cfg.web = jv_null();
	w_policy_default(&cfg.policy);
	w_search_register(&fake);
	w_search_register(&fakecc);
	w_search_register(&fakeready);
	w_search_register(&fakelive);
	test_ddg();
	test_searxng();
	test_ollama();
	test_startpage();
	test_config();
	test_chain();
	test_liveness();
	w_config_free(&cfg);
	{
		char cmd[128];

		/* the cache files are ours alone: remove the tree */
		snprintf(cmd, sizeof(cmd), "%s", tmp);
		rm_tree(cmd);
	}
	T_DONE();
}
