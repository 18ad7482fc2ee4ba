/*
 * parallel_mcp.h: Parallel's Search MCP as a remote fetch provider
 * (web_fetch, one URL, full_content), and the pieces the Parallel
 * search provider shares with it: the fixed endpoint, the credential
 * line from a named variable, the session identity, the answer parser
 * and the tools/list liveness probe.
 */
#ifndef W_PARALLEL_MCP_H
#define W_PARALLEL_MCP_H

#include <stddef.h>
#include <jv.h>

#include "config.h"
#include "doc.h"
#include "err.h"
#include "run.h"
#include "view.h"

#define W_PARALLEL_URL		"https://search.parallel.ai/mcp"
#define W_PARALLEL_TIMEOUT_MS	30000L

/*
 * The "Authorization: Bearer KEY" line for the variable the config key
 * ckey ("search.parallel.apiKeyEnv" or "fetch.parallel.apiKeyEnv")
 * names, read now. 0 with *line NULL when ckey is absent (anonymous) or
 * a new string (free with w_parallel_auth_free, which wipes it); -1 with
 * invalid_parameter when the variable is unset, empty or unusable.
 */
int	 w_parallel_auth(const struct w_config *cfg, const char *ckey,
	    char **line, struct w_err *e);
void	 w_parallel_auth_free(char *line);

/* The session identity ("webtools-" + SHA-256 of the run id) into out
 * (>= 74 bytes); a run-less process gets a random one, kept for the
 * process. */
void	 w_parallel_session(struct w_run *run, char *out, size_t len);

/*
 * Parse the JSON text of a web_search or web_fetch result (len bytes)
 * into *out: its "results" array of objects (new reference) and, via
 * errors (may be NULL), its "errors" array. -1 with backend_unavailable
 * when the text is not that shape (never an invented empty answer).
 */
int	 w_parallel_parse(const char *text, size_t len, jv *out, jv *errors,
	    struct w_err *e);

/*
 * Raw search results {title, url, snippet, published?} from parsed
 * results (borrowed): excerpts joined, bounded by the chain later.
 */
jv	 w_parallel_search_results(jv results);

struct w_mcp_opts;

/*
 * One call of the Parallel MCP tool with args (consumed) over o, then
 * auth (the line o->auth borrows; may be NULL) wiped and freed: the
 * tool's text parsed as by w_parallel_parse into *results and, when
 * errors is not NULL, *errors (both null when the call fails). 0 or -1.
 */
int	 w_parallel_call(const struct w_mcp_opts *o, char *auth,
	    const char *tool, jv args, jv *results, jv *errors,
	    struct w_err *e);

/*
 * Liveness for doctor/validate: tools/list only, no query. which is
 * "search" or "fetch" (the config key of the credential, and the tool
 * that must be listed: web_search / web_fetch). 0 with *info {access:
 * "anonymous"|"apiKeyEnv", tool: true}, or -1 with e.
 */
int	 w_parallel_live(const struct w_config *cfg, const char *which,
	    long timeout_ms, jv *info, struct w_err *e);

/*
 * Options a Parallel fetch cannot honour: format raw, any request
 * header, render auto/always, include_links. -1 with
 * unsupported_parameter naming the option (before any connection);
 * 0 when r can go to Parallel.
 */
int	 w_parallel_fetch_check(const struct w_request *r, struct w_err *e);

/*
 * Fetch req's url through Parallel's web_fetch (full_content: true):
 * 0 with d filled as a Markdown or text document (d->meta title and
 * published when given; d->coverage {representation, excerpts_only,
 * remote: "parallel", redirects_attested: false}) and *source (new
 * object: url, final_url, title, representation, status "opened"); -1
 * with e: backend_unavailable, rate_limited, timeout, request_failed,
 * network_denied, blocked_target, response_too_large, unusable_content,
 * invalid_parameter (key variable), or the source's own HTTP status
 * mapped as a local fetch maps it (http_4xx, authentication_required
 * ...). timeout_ms 0 means 45 s.
 */
int	 w_parallel_fetch(const struct w_config *cfg, struct w_run *run,
	    const struct w_request *r, long timeout_ms, struct w_doc *d,
	    jv *source, struct w_err *e);

/*
 * The fetch providers fetch.provider selects, in order, into names
 * (static "local" / "parallel"), at most max: their count, or -1 with
 * invalid_parameter (usage set) for an unknown or repeated name or an
 * empty list. Absent: just "local".
 */
int	 w_parallel_fetch_chain(const struct w_config *cfg, const char **names,
	    int max, struct w_err *e);

/*
 * Whether the failed envelope env (borrowed) lets a fetch chain try its
 * next provider: unusable_content, backend_unavailable, non-refusal HTTP
 * errors (not 401/403/407/429), request_failed and timeout. Refusals,
 * policy, parameters, content limits and coordination are terminal.
 */
int	 w_parallel_fetch_advance(jv env);

/*
 * The Parallel side of one wfetch: like w_parallel_fetch, then the
 * envelope: on success *env gets source (representation, status) and
 * details (no redirects attested), *bytes the text length; on failure
 * *env becomes the error envelope (source.status, summary, error).
 * chained: part of a chain (options Parallel cannot honour were checked
 * by the caller). 0 or -1.
 */
int	 w_parallel_obtain(const struct w_config *cfg, struct w_run *run,
	    const struct w_request *r, long timeout_ms, jv *env,
	    struct w_doc *d, size_t *bytes);

#endif
