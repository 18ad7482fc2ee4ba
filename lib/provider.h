/*
 * provider.h: the search provider interface. A provider is one file in
 * lib/provider/ and one line in the table in search.c; the chain owns
 * admission, budget reservation and refund, relevance and domain gates,
 * fusion and output bounds. A provider only turns one query into raw
 * results ({title, url, snippet, published?, representation?}).
 */
#ifndef W_PROVIDER_H
#define W_PROVIDER_H

#include <stddef.h>
#include <jv.h>

#include "config.h"
#include "err.h"
#include "http.h"

/* How a provider treats a filter (coverage filterSupport). */
enum w_fsupport {
	W_FS_NONE = 0,		/* "unsupported": skipped when asked */
	W_FS_NATIVE,		/* "native": sent as a request field */
	W_FS_OPERATOR,		/* "operator": query syntax honoured */
	W_FS_ADVISORY,		/* "advisory": a hint, not enforced */
	W_FS_UNVERIFIED		/* "unverified": sent, support unknown */
};

struct w_filters {
	enum w_fsupport	 domains, country, language, time;
};

/* One validated search request (all borrowed). */
struct w_search_req {
	const char	*query;
	const char	*alts[3];
	int		 nalts;
	int		 limit;			/* 1-10 */
	char		**domains;		/* normalised, ndomains */
	size_t		 ndomains;
	char		**exclude;
	size_t		 nexclude;
	const char	*language;		/* NULL when absent */
	char		 country[3];		/* "" or uppercase */
	const char	*time_range;	/* NULL, day, month or year */
};

struct w_search_call;

/*
 * The chain's dispatch gate: a provider calls it right before each HTTP
 * request it sends. The first call of a search reserves one answered
 * search and one dispatch, later ones count a dispatch; -1 with
 * search_budget_exhausted (the provider returns that error unchanged).
 */
int	 w_search_dispatch(struct w_search_call *c, struct w_err *e);

/* Whether c is doctor's liveness probe (no run, nothing counted). */
int	 w_search_probing(const struct w_search_call *c);

/*
 * Deadline left for this call in ms (at least 1), and the HTTP request
 * defaults every provider starts from: policy, timeout bounded by both
 * the deadline and max_ms, no retries, redirects returned unfollowed.
 */
long	 w_search_remaining_ms(const struct w_search_call *c);
void	 w_search_http_init(const struct w_search_call *c,
	    struct w_http_req *r, long max_ms);

/* Record a provider-specific fact in this backend's coverage entry
 * (key, value consumed). */
void	 w_search_note(struct w_search_call *c, const char *key, jv value);

/* Whether this provider is the only one in the chain (stage budgets). */
int	 w_search_alone(const struct w_search_call *c);

struct w_provider {
	const char	*name;
	/*
	 * Non-NULL for a virtual group ("keyless"): the chain expands the
	 * name into these members and the other fields are unused.
	 */
	const char *const *group;
	/*
	 * Validate this provider's config keys. Keys that are present are
	 * always checked; with selected, requirements too (an endpoint, a
	 * key variable) and *state is built (freed by release). -1 with
	 * invalid_parameter (usage set), never echoing values. NULL: no
	 * configuration.
	 */
	int		(*configure)(const struct w_config *cfg,
			    int selected, void **state, struct w_err *e);
	void		(*release)(void *state);
	/*
	 * Whether the request can be served: -1 with e (typically
	 * unsupported_country_filter) to skip before dispatch and budget.
	 * NULL: always eligible.
	 */
	int		(*eligible)(void *state,
			    const struct w_search_req *q, struct w_err *e);
	/* Admission scope (pacing key) and minimum start spacing. */
	const char	*scope;
	long		 spacing_ms;
	/*
	 * The stage budget (ms; 0: none) in a chain and alone: c->deadline
	 * is capped at the stage's start plus it, and host admission and
	 * run-cache waits before the request count inside it.
	 */
	long		 stage_ms;
	long		 alone_ms;
	/*
	 * The URLs this provider will contact (borrowed strings, at most
	 * 4, NULL-terminated into out); the chain checks each against the
	 * network policy before any dispatch. operator: they are
	 * operator-configured endpoints.
	 */
	void		(*targets)(void *state, const char **out);
	int		 operator;
	struct w_filters filters;
	int		 batches;	/* primary + alternates at once */
	int		 available;	/* 0: a reserved slot */
	/* provider_excerpt instead of search_snippet for its snippets */
	int		 excerpts;
	/* a robots_denied refusal holds for the rest of the request: the
	 * chain does not ask this provider again (local) */
	int		 refusal_sticks;
	/*
	 * web-control doctor may probe it: one search of W_SEARCH_PROBE
	 * with the call in probe mode (w_search_probing: no run, no budget;
	 * a provider with a readiness step may stop after it).
	 */
	int		 live;
	/* its probe stops after a readiness step: doctor says "ready" */
	int		 probe_ready;
	/* a public keyless engine: paced across every process of the run
	 * (search.c's KEYLESS_SPACING_MS and KEYLESS_IN_FLIGHT) */
	int		 run_paced;
	/*
	 * Run one query (or, with batches, the primary and alternates in
	 * q). On success 0 and *out an array of raw results {title, url,
	 * snippet, published?} (possibly empty: a genuine "No results.");
	 * -1 with e otherwise: rate_limited (retry fields set when known),
	 * backend_unavailable, search_budget_exhausted, network_denied,
	 * blocked_target, timeout, request_failed, robots_denied...
	 */
	int		(*search)(void *state, struct w_search_call *c,
			    const struct w_search_req *q, const char *query,
			    jv *out, struct w_err *e);
};

/* The provider named name (table in search.c, then a registered one);
 * NULL when unknown. */
const struct w_provider	*w_search_provider(const char *name);

/* Install an extra provider (up to four; tests show that adding one
 * needs no chain code); NULL removes them all. */
void			 w_search_register(const struct w_provider *p);

/*
 * Helpers shared by providers: percent-encode s (form: spaces become
 * '+') into b; a new raw result object (NULL fields omitted).
 */
struct w_buf;
void	 w_search_urlencode(struct w_buf *b, const char *s, int form);
jv	 w_search_result(const char *title, const char *url,
	    const char *snippet, const char *published);

/* The providers (lib/provider/<name>.c). */
extern const struct w_provider w_provider_searxng;
extern const struct w_provider w_provider_ollama;
extern const struct w_provider w_provider_duckduckgo;
extern const struct w_provider w_provider_startpage;
extern const struct w_provider w_provider_local;
extern const struct w_provider w_provider_parallel;
extern const struct w_provider w_provider_codex;

/*
 * Response parsers, exported for the unit tests. Each returns 0 with
 * *out an array of raw results, or -1 with e (rate_limited,
 * backend_unavailable). len bytes of body.
 */
int	 w_searxng_parse(const char *body, size_t len, jv *out,
	    struct w_err *e);
int	 w_ollama_parse(const char *body, size_t len, jv *out,
	    struct w_err *e);
int	 w_ddg_parse(const char *body, size_t len, jv *out, struct w_err *e);
int	 w_startpage_parse(const char *body, size_t len, jv *out,
	    struct w_err *e);
/*
 * The DuckDuckGo HTML engine (provider/ddg_html.c) shared by the
 * duckduckgo and local providers: one form
 * POST to https://html.duckduckgo.com/html/ with kl / df, bounded by
 * max_bytes and max_ms, redirects and 202/403/429 as rate_limited.
 */
int	 w_ddg_engine(struct w_search_call *c, const struct w_search_req *q,
	    const char *query, size_t max_bytes, long max_ms, jv *out,
	    struct w_err *e);
/* Country (a reviewed region) and query length (499) admission for the
 * DuckDuckGo engine; unsupported_country_filter / invalid_parameter. */
int	 w_ddg_eligible(void *state, const struct w_search_req *q,
	    struct w_err *e);
#define W_DDG_URL	"https://html.duckduckgo.com/html/"
#define W_DDG_QUERY_MAX	499

/* Startpage's form token from its home page into out; -1 if none. */
/* Raw results from codex's completed webSearch item (borrowed). */
jv	 w_codex_item_results(jv item);

int	 w_startpage_token(const char *body, size_t len, char *out,
	    size_t outlen);

#endif
