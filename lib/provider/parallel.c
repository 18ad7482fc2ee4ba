/*
 * parallel.c: the parallel provider: Parallel's Search MCP endpoint
 * (https://search.parallel.ai/mcp, anonymous unless
 * search.parallel.apiKeyEnv names a key variable). One web_search call
 * carries the primary query and up to three alternates unchanged, plus
 * an advisory natural-language objective built from language, country,
 * time range and preferred domains; excerpts come back as
 * provider_excerpt snippets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "buf.h"
#include "parallel_mcp.h"
#include "json.h"
#include "lock.h"
#include "mcp.h"
#include "provider.h"
#include "search_int.h"

struct parallel {
	int	 keyed;
};

static int
configure(const struct w_config *cfg, int selected, void **state,
    struct w_err *e)
{
	struct parallel *p;
	char *line = NULL;

	if (!selected)
		return 0;
	if (w_parallel_auth(cfg, "search.parallel.apiKeyEnv", &line, e) ==
	    -1) {
		w_err_set(e, W_E_INVALID_PARAMETER, "config: the variable named "
		    "by search.parallel.apiKeyEnv is unset or empty (it is "
		    "not downgraded to anonymous access)");
		e->usage = 1;
		return -1;
	}
	p = w_calloc(1, sizeof(*p));
	p->keyed = line != NULL;
	w_parallel_auth_free(line);
	*state = p;
	return 0;
}

static void
release(void *state)
{
	free(state);
}

static void
targets(void *state, const char **out)
{
	(void)state;
	out[0] = W_PARALLEL_URL;
	out[1] = NULL;
}

static const char *
time_words(const char *t)
{
	if (t == NULL)
		return NULL;
	if (strcmp(t, "day") == 0)
		return "the last day";
	if (strcmp(t, "month") == 0)
		return "the last month";
	if (strcmp(t, "year") == 0)
		return "the last year";
	return NULL;
}

/* The advisory objective for q (caller frees). */
static char *
objective(const struct w_search_req *q, const char *query)
{
	struct w_buf b;
	const char *t;
	size_t i;

	w_buf_init(&b, 8192);
	w_buf_printf(&b, "Find web pages about: %s.", query);
	if (q->language != NULL)
		w_buf_printf(&b, " Prefer pages in language %s.", q->language);
	if (q->country[0])
		w_buf_printf(&b, " Prefer results relevant to country %s.",
		    q->country);
	if ((t = time_words(q->time_range)) != NULL)
		w_buf_printf(&b, " Prefer pages published within %s.", t);
	if (q->ndomains > 0) {
		w_buf_adds(&b, " Prefer these domains: ");
		for (i = 0; i < q->ndomains; i++)
			w_buf_printf(&b, "%s%s", i ? ", " : "", q->domains[i]);
		w_buf_addc(&b, '.');
	}
	return w_buf_take(&b);
}

static int
gate(void *arg, struct w_err *e)
{
	return w_search_dispatch(arg, e);
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	struct parallel *p = state;
	struct w_mcp_opts o;
	char *auth = NULL, *obj, sess[96];
	jv args, qs, results;
	int i, rc;

	*out = jv_array();
	if (w_parallel_auth(c->s->cfg, "search.parallel.apiKeyEnv", &auth,
	    e) == -1)
		return -1;
	w_search_note(c, "access", jv_string(p->keyed ? "apiKeyEnv" :
	    "anonymous"));
	memset(&o, 0, sizeof(o));
	o.url = W_PARALLEL_URL;
	o.policy = &c->s->cfg->policy;
	o.max_bytes = W_MCP_SEARCH_MAX;
	o.timeout_ms = W_PARALLEL_TIMEOUT_MS;
	o.deadline = w_clock_mono_ms() + w_search_remaining_ms(c);
	o.auth = auth;
	o.name = "wsearch";
	o.gate = gate;
	o.gate_arg = c;
	qs = jv_array_append(jv_array(), jv_string(query));
	for (i = 0; i < q->nalts && i < 3; i++)
		qs = jv_array_append(qs, jv_string(q->alts[i]));
	obj = objective(q, query);
	w_parallel_session(c->s->run, sess, sizeof(sess));
	args = jv_object();
	args = jv_object_set(args, jv_string("objective"), jv_string(obj));
	args = jv_object_set(args, jv_string("search_queries"), qs);
	args = jv_object_set(args, jv_string("session_id"), jv_string(sess));
	free(obj);
	rc = w_parallel_call(&o, auth, "web_search", args, &results, NULL, e);
	if (rc == 0) {
		jv_free(*out);
		*out = w_parallel_search_results(results);
	}
	jv_free(results);
	return rc;
}

const struct w_provider w_provider_parallel = {
	.name = "parallel",
	.configure = configure,
	.release = release,
	.scope = "parallel",
	.spacing_ms = 2000,
	.targets = targets,
	.operator = 0,
	.filters = { W_FS_OPERATOR, W_FS_ADVISORY, W_FS_ADVISORY,
	    W_FS_ADVISORY },
	.batches = 1,
	.available = 1,
	.excerpts = 1,
	.search = search
};
