/*
 * search.h: the wsearch provider chain. Validates the search.* config
 * semantically, runs one request through the ordered chain (admission,
 * budget, relevance and domain gates, fusion, output bounds) and builds
 * its envelope with wfetch next_actions.
 */
#ifndef W_SEARCH_H
#define W_SEARCH_H

#include <jv.h>

#include "config.h"
#include "err.h"
#include "json.h"

#define W_SEARCH_DEADLINE_MS	60000L
#define W_SEARCH_LIMIT_DEFAULT	5
#define W_SEARCH_QUERY_MAX	4000	/* characters; prompts refused */

struct w_search;

/*
 * The query guard: why q looks like assembled-prompt text rather than a
 * search query (a static string: several lines, far too long, role or
 * system markers, a response-language directive, instructions to the
 * model such as "cite sources" or "never reveal", or two or more
 * formatting-rule signals in one line), or NULL for an ordinary query.
 * Pure.
 */
const char	*w_search_prompt_reason(const char *q);

/* The request table of wsearch (NULL-name terminated). */
const struct w_field	*w_search_fields(void);

/*
 * Check the search.* semantics of a loaded config (backend names,
 * retired names, "auto", endpoints, Ollama origins and keys). -1 with
 * invalid_parameter, usage set, never echoing values.
 */
int	 w_search_config_check(const struct w_config *cfg, struct w_err *e);

/*
 * A chain for cfg (borrowed; must outlive the chain). -1 with e as
 * w_search_config_check. Free with w_search_free.
 */
int	 w_search_new(const struct w_config *cfg, struct w_search **s,
	    struct w_err *e);
void	 w_search_free(struct w_search *s);

/* Check a request (borrowed) as w_search_run would: 0, or -1 with
 * invalid_parameter (usage set) naming the field. */
int	 w_search_check(jv req, struct w_err *e);

/*
 * Run one request (consumed): always returns an envelope, an error
 * envelope for invalid requests (usage set when nothing was sent).
 */
jv	 w_search_run(struct w_search *s, jv req);

/* The query doctor's liveness probes send. */
#define W_SEARCH_PROBE	"webtools liveness probe"

/*
 * Liveness of the selected providers that allow a probe (SearXNG and
 * Ollama: one bounded JSON query each; Codex: its readiness steps, no
 * turn), outside any run and budget: an array of {check, status "ok" or
 * "FAIL", detail}; *failed set when one failed. An invalid search
 * config yields an empty array (the config check reports it).
 */
jv	 w_search_liveness(const struct w_config *cfg, long timeout_ms,
	    int *failed);

#endif
