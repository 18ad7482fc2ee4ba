/*
 * local.c: the local provider: the built-in DuckDuckGo HTML engine
 * (ddg_html.c, shared with the duckduckgo provider, never calling it) with
 * robots.txt honoured first (lib/robots_fetch.h; unavailable, malformed,
 * denied or challenged rules fail closed, a positive Crawl-delay defers).
 * At most 30 candidates, a 2 MiB response bound, a 15-second aggregate
 * deadline, no retry. A refusal is robots_denied: the chain advances and
 * makes no further local attempt.
 */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "buf.h"
#include "json.h"
#include "lock.h"
#include "provider.h"
#include "robots.h"
#include "robots_fetch.h"

#define LOCAL_ORIGIN	"https://html.duckduckgo.com"
#define LOCAL_ROBOTS	LOCAL_ORIGIN "/robots.txt"
#define LOCAL_MAX_BYTES	(2u << 20)
#define LOCAL_DEADLINE	15000L
#define LOCAL_AGENT	"webtools"


static int
configure(const struct w_config *cfg, int selected, void **state,
    struct w_err *e)
{
	if (selected)
		*state = (void *)&cfg->policy;
	return 0;
}

static void
targets(void *state, const char **out)
{
	out[0] = LOCAL_ROBOTS;
	out[1] = W_DDG_URL;
	out[2] = NULL;
}

/* robots.txt first: 0 when the engine path may be fetched. */
static int
robots(struct w_search_call *c, const struct w_policy *policy,
    struct w_err *e)
{
	struct w_robots_opts o = { policy, NULL, 0 };
	struct w_robots_cache_ent ent;
	struct w_robots_fetch f;
	struct w_robots_agent *a;
	struct w_robots_verdict v;
	char key[65];
	int rc = 0;

	w_robots_cache_key(LOCAL_ORIGIN, policy, NULL, key);
	if (w_robots_cache_get(key, &ent) == 0)
		free(ent.body);
	else if (w_search_dispatch(c, e) == -1)
		return -1;
	memset(&f, 0, sizeof(f));
	w_robots_fetch(LOCAL_ORIGIN, &o, &f);
	w_search_note(c, "robots", jv_string(w_robots_status_name(f.status)));
	if (!w_robots_status_ok(f.status)) {
		rc = w_err_set(e, W_E_ROBOTS_DENIED, "local search refused: the "
		    "engine's robots.txt is %s, which fails closed",
		    w_robots_status_name(f.status));
		w_robots_fetch_free(&f);
		return rc;
	}
	a = w_robots_agent_new(f.rules, LOCAL_AGENT);
	if (w_robots_match(a, W_DDG_URL, &v) == -1 || !v.allowed)
		rc = w_err_set(e, W_E_ROBOTS_DENIED, "local search refused: the "
		    "engine's robots.txt disallows its search path");
	else if (w_robots_agent_crawl_delay(a) > 0)
		rc = w_err_set(e, W_E_ROBOTS_DENIED, "local search deferred: the "
		    "engine's robots.txt asks for a crawl delay");
	w_robots_agent_free(a);
	w_robots_fetch_free(&f);
	return rc;
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	long long t0 = w_clock_mono_ms();
	long left;

	if (robots(c, state, e) == -1)
		return -1;
	left = LOCAL_DEADLINE - (long)(w_clock_mono_ms() - t0);
	if (left <= 0)
		return w_err_set(e, W_E_TIMEOUT, "local search passed its "
		    "15-second deadline");
	return w_ddg_engine(c, q, query, LOCAL_MAX_BYTES, left, out, e);
}

const struct w_provider w_provider_local = {
	.name = "local",
	.configure = configure,
	.eligible = w_ddg_eligible,
	.scope = "duckduckgo",
	.spacing_ms = 1500,
	.targets = targets,
	.filters = { W_FS_OPERATOR, W_FS_NATIVE, W_FS_ADVISORY,
	    W_FS_NATIVE },
	.available = 1,
	.refusal_sticks = 1,
	.search = search
};
