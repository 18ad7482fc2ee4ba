/*
 * search_int.h: what the chain's files (search.c, search_req.c,
 * search_out.c) share; not a public interface.
 */
#ifndef W_SEARCH_INT_H
#define W_SEARCH_INT_H

#include <jv.h>

#include "config.h"
#include "err.h"
#include "provider.h"
#include "run.h"

#define CHAIN_MAX	16
#define CANDIDATES_MAX	30
#define FAILURES_MAX	8
#define ACTIONS_MAX	3
#define COOLDOWN_MS	300000L
/* Keyless engines, across every process of a run. */
#define KEYLESS_SPACING_MS	1500L
#define KEYLESS_IN_FLIGHT	3

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
	jv			 retry;		/* backend -> retry */
};

struct w_search_call {
	struct w_search		*s;
	const struct w_provider	*p;
	int			 reserved;
	int			 dispatches;
	int			 alone;
	long long		 deadline;
	jv			 notes;
	int			 paced;	/* holds a run pacing lease */
	int			 probe;	/* doctor's liveness probe */
};

/* One request, validated, in the form sent to providers. */
struct req {
	struct w_search_req	 q;		/* dispatched form */
	char			*query;		/* as sent */
	char			*alts[3];
	char			*language;
	char			*time;
	jv			 domains_in;	/* for coverage */
};

/* What one provider answer became. */
struct tally {
	int	raw, accepted, irrelevant, outside, excluded, invalid;
};

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
	unsigned	 refused;	/* chain slots whose refusal sticks
					   (provider.h refusal_sticks) */
	long long	 deadline;
	long long	 started;	/* w_search_run's start */
	int		 calls;		/* provider calls so far */
	struct w_coordinator *co;	/* host decisions (lib/coord.h) */
};

/* Validate req (borrowed) into r (w_search_req_free frees it, even after
 * a failure); -1 with invalid_parameter. */
int	 w_search_req_parse(jv req, struct req *r, struct w_err *e);
void	 w_search_req_free(struct req *r);

/* Gate raw answers of p to query into a ranked list of accepted results,
 * counting into t. Consumes raw. */
jv	 w_search_accept(const struct w_search_req *q,
	    const struct w_provider *p, const char *query, jv raw,
	    struct tally *t);

/* Envelope parts of a finished pass (each returns a new value). */
jv	 w_search_coverage(struct pass *ps);
jv	 w_search_untrusted(void);

/* Fused, diversified, limited and bounded results; sets *lossy. */
jv	 w_search_rank(struct pass *ps, int *lossy);

/* Up to three wfetch actions for results (consumed) the policy allows. */
jv	 w_search_actions(const struct w_config *cfg, jv results);

/* The blocked envelope of a stopped pass (budget or coordination).
 * Consumes env. */
jv	 w_search_budget_env(struct pass *ps, jv env);

/* The error when no backend answered. */
void	 w_search_final_error(struct pass *ps, struct w_err *e);

/*
 * The search cache (lib/searchcache.h): the key of request r under s's
 * backend configuration (a credential only as its digest; caller
 * frees); the envelope for a hit (consumed), with next actions filtered
 * again under the current policy and the run's current budget; and
 * storing a finished envelope (consumed and returned, its summary saying
 * so when the cache could not be written) when it is a success.
 */
char	*w_search_cache_key(const struct w_search *s, const struct req *r);
jv	 w_search_from_cache(struct w_search *s, jv hit);
struct w_coordinator;
jv	 w_search_to_cache(struct w_coordinator *co, const char *key,
	    jv env);

#endif
