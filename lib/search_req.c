/*
 * search_req.c: the wsearch request: its field table, validation, the
 * assembled-prompt refusal, domain entries and the query as sent
 * (with its site: clause).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "country.h"
#include "json.h"
#include "results.h"
#include "search.h"
#include "search_int.h"
#include "slice.h"

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

/* Lowercased copy of q; caller frees. */
static char *
lower(const char *q)
{
	char *low = w_strdup(q);
	size_t i;

	for (i = 0; low[i]; i++)
		low[i] = (char)tolower((unsigned char)low[i]);
	return low;
}

/* Whether the phrase at low + at starts an instruction: the line's or a
 * sentence's first words, or after a word that makes it one. */
static int
imperative(const char *low, size_t at)
{
	static const char *const lead[] = { "always", "please", "must",
	    "only", "should", "then", "also", "and", "never", NULL };
	const char *const *w;
	size_t end, start;

	while (at > 0 && low[at - 1] == ' ')
		at--;
	if (at == 0 || strchr(".;:!,)]>-*", low[at - 1]) != NULL)
		return 1;
	end = at;
	start = end;
	while (start > 0 && isalpha((unsigned char)low[start - 1]))
		start--;
	for (w = lead; *w; w++)
		if (end - start == strlen(*w) &&
		    strncmp(low + start, *w, end - start) == 0)
			return 1;
	return 0;
}

/* A response-language directive: respond/reply/answer/write in LANG. */
static int
language_directive(const char *low, int *weak)
{
	static const char *const verbs[] = { "respond in ", "reply in ",
	    "answer in ", "write in ", "respond only in ", "answer only in ",
	    "reply only in ", NULL };
	static const char *const langs[] = { "english", "french", "german",
	    "spanish", "italian", "portuguese", "polish", "dutch", "russian",
	    "chinese", "japanese", "korean", "arabic", "hindi", "turkish",
	    "swedish", "ukrainian", "czech", "greek", "hebrew",
	    "the user's language", "the language of the", "the same language",
	    "the user language", "user's language", NULL };
	const char *const *v, *const *l, *p;

	for (v = verbs; *v; v++)
		for (p = strstr(low, *v); p; p = strstr(p + 1, *v))
			for (l = langs; *l; l++)
				if (strncmp(p + strlen(*v), *l,
				    strlen(*l)) == 0) {
					if (imperative(low, (size_t)(p - low)))
						return 1;
					(*weak)++;
				}
	return 0;
}

/* Instructions to the model: strong at an imperative position, weak
 * elsewhere (how-to questions use the same words). */
static int
instruction(const char *low, int *weak)
{
	static const char *const phrases[] = { "cite sources",
	    "cite your sources", "cite the sources", "always cite",
	    "never reveal", "do not reveal", "don't reveal",
	    "never mention", "do not mention", "keep your answer",
	    "use markdown", "format your answer", "format the answer",
	    "format your response", "use bullet points", NULL };
	const char *const *ph, *p;

	for (ph = phrases; *ph; ph++)
		for (p = strstr(low, *ph); p; p = strstr(p + 1, *ph)) {
			if (imperative(low, (size_t)(p - low)))
				return 1;
			(*weak)++;
		}
	return 0;
}

/* Words an ordinary query uses alone; two together mean a prompt. */
static int
weak_signals(const char *low)
{
	static const char *const words[] = { "formatting rules",
	    "formatting:", "format:", "rules:", "instructions:",
	    "markdown", "bullet point", "you must", "be concise",
	    "conversation history", "the user's question", "question:",
	    "your response", "your answer", "the assistant",
	    "system prompt", NULL };
	const char *const *w;
	int n = 0;

	for (w = words; *w; w++)
		if (strstr(low, *w) != NULL)
			n++;
	return n;
}

const char *
w_search_prompt_reason(const char *q)
{
	static const char *const markers[] = { "system:", "assistant:",
	    "user:", "developer:", "<|im_start|>", "<|im_end|>", "[inst]",
	    "[/inst]", "<<sys>>", "<system>", "</system>", "### instruction",
	    "### response", "ignore previous instructions",
	    "ignore all previous", "you are a helpful", "you are an ai",
	    "you are a research assistant", "you are an assistant",
	    "answer in the following format", NULL };
	const char *const *m, *why = NULL;
	const char *p;
	int lines = 1, weak = 0;
	char *low;

	if (w_slice_chars(q, strlen(q)) > 1000)
		return "far longer than a search query";
	for (p = q; *p; p++)
		if (*p == '\n')
			lines++;
	if (lines >= 3)
		return "several lines";
	low = lower(q);
	for (m = markers; *m && why == NULL; m++)
		if (strstr(low, *m) != NULL)
			why = "role or system markers";
	if (why == NULL && language_directive(low, &weak))
		why = "a response-language directive";
	if (why == NULL && instruction(low, &weak))
		why = "instructions to the model";
	if (why == NULL && weak + weak_signals(low) >= 2)
		why = "formatting rules or instructions";
	free(low);
	return why;
}

void
w_search_req_free(struct req *r)
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
	jv v = w_json_get(jv_copy(req), key);
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

int
w_search_req_parse(jv req, struct req *r, struct w_err *e)
{
	const char *s, *why;
	jv alts;
	int i;

	memset(r, 0, sizeof(*r));
	r->domains_in = jv_array();
	if (w_req_validate_peek(fields, req, required, e) == -1)
		return -1;
	s = w_json_str_peek(req, "query");
	if (blank(s))
		return w_err_set(e, W_E_INVALID_PARAMETER, "query is empty");
	if ((why = w_search_prompt_reason(s)) != NULL)
		return w_err_set(e, W_E_INVALID_PARAMETER, "query looks like "
		    "an assembled prompt (%s); send only the question as the "
		    "query", why);
	alts = w_json_get(jv_copy(req), "alternate_queries");
	if (jv_get_kind(alts) == JV_KIND_ARRAY) {
		jv_array_foreach(alts, j, x) {
			const char *a = jv_string_value(x);

			if (e->code == W_E_NONE && (blank(a) ||
			    w_search_prompt_reason(a) != NULL))
				w_err_set(e, W_E_INVALID_PARAMETER,
				    "alternate_queries[%d] is empty or looks "
				    "like an assembled prompt", j);
			else if (e->code == W_E_NONE && r->q.nalts < 3)
				r->alts[r->q.nalts++] = w_strdup(a);
			jv_free(x);
		}
	}
	jv_free(alts);
	if (e->code != W_E_NONE)
		return -1;
	r->q.limit = (int)w_json_int_peek(req, "limit",
	    W_SEARCH_LIMIT_DEFAULT);
	if (domain_list(req, "domains", &r->q.domains, &r->q.ndomains, e) ==
	    -1 || domain_list(req, "exclude_domains", &r->q.exclude,
	    &r->q.nexclude, e) == -1)
		return -1;
	if ((s = w_json_str_peek(req, "country")) != NULL &&
	    w_country_norm(s, r->q.country) == -1)
		return w_err_set(e, W_E_INVALID_PARAMETER, "country must be an "
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

int
w_search_check(jv req, struct w_err *e)
{
	struct req r;
	int rc;

	memset(&r, 0, sizeof(r));
	rc = w_search_req_parse(req, &r, e);
	w_search_req_free(&r);
	if (rc == -1)
		e->usage = 1;
	return rc;
}
