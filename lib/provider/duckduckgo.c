/*
 * duckduckgo.c: the duckduckgo provider: the DuckDuckGo HTML engine
 * (ddg_html.c) with a 2 MiB answer bound and a 15-second deadline.
 */
#include "provider.h"

#define DDG_MAX_BYTES	(2u << 20)
#define DDG_TIMEOUT_MS	15000L

static void
targets(void *state, const char **out)
{
	out[0] = W_DDG_URL;
	out[1] = NULL;
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	return w_ddg_engine(c, q, query, DDG_MAX_BYTES, DDG_TIMEOUT_MS, out,
	    e);
}

const struct w_provider w_provider_duckduckgo = {
	.name = "duckduckgo",
	.eligible = w_ddg_eligible,
	.scope = "duckduckgo",
	.spacing_ms = 1500,
	.run_paced = 1,
	.targets = targets,
	.filters = { W_FS_OPERATOR, W_FS_NATIVE, W_FS_ADVISORY,
	    W_FS_NATIVE },
	.available = 1,
	.search = search
};
