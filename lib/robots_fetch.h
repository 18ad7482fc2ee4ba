/*
 * robots_fetch.h: fetching an origin's /robots.txt through the HTTP core
 * under the network policy (five-second, 64 KiB and two-redirect bounds),
 * the fail-closed outcome table, and a small per-user cache of completed
 * answers (64 origins, one hour) behind its own interface so that a run
 * file can hold it later.
 */
#ifndef W_ROBOTS_FETCH_H
#define W_ROBOTS_FETCH_H

#include <stddef.h>
#include <time.h>
#include <jv.h>

#include "err.h"
#include "policy.h"
#include "robots.h"

#define W_ROBOTS_MAX_BYTES	(64u << 10)
#define W_ROBOTS_TIMEOUT_MS	5000L
#define W_ROBOTS_MAX_REDIRECTS	2
#define W_ROBOTS_CACHE_MAX	64
#define W_ROBOTS_CACHE_TTL	3600

/*
 * Outcomes. Only FETCHED and MISSING are answers from the site; every
 * other outcome fails closed (everything disallowed).
 */
enum w_robots_status {
	W_ROBOTS_FETCHED,	/* a 2xx robots.txt, parsed */
	W_ROBOTS_MISSING,	/* 404 or 410: everything allowed */
	W_ROBOTS_DENIED,	/* 401, 403, 407 */
	W_ROBOTS_UNAVAILABLE,	/* 429, other 4xx, 5xx, network, timeout,
				   too large, too many redirects, policy */
	W_ROBOTS_MALFORMED,	/* not a text file, or markup with no record */
	W_ROBOTS_CHALLENGED	/* an anti-bot challenge page */
};

struct w_robots_opts {
	const struct w_policy	*policy;
	const char		*user_agent;	/* HTTP User-Agent; NULL: the
						   core's default */
	int			 no_cache;	/* neither read nor write */
};

struct w_robots_fetch {
	enum w_robots_status	 status;
	struct w_robots		*rules;		/* FETCHED: the file; MISSING:
						   empty; otherwise NULL */
	char			*robots_url;	/* origin + "/robots.txt" */
	char			*final_url;	/* after redirects, or NULL */
	int			 http_status;	/* 0 when none arrived */
	int			 cache_hit;
	long			 duration_ms;
	struct w_err		 why;		/* the failure behind a
						   fail-closed status */
	struct w_err		 cache_why;	/* the cache write that
						   failed (W_E_NONE: none) */
};

/*
 * Get the robots.txt of origin ("scheme://host[:port]") from the cache,
 * else through the HTTP core, and classify the outcome into f (free with
 * w_robots_fetch_free). Never fails: every failure is a fail-closed
 * status with its reason in f->why.
 */
void		 w_robots_fetch(const char *origin,
		    const struct w_robots_opts *o, struct w_robots_fetch *f);
void		 w_robots_fetch_free(struct w_robots_fetch *f);

/*
 * The verdict for url under f for the product token agent: by the rules
 * when f's status lets them decide, else disallowed (fail closed, no
 * rule). *crawl_delay, when not NULL, gets the Crawl-delay of the groups
 * used (seconds) or -1. Returns 0, or -1 when url has no path.
 */
int		 w_robots_check(const struct w_robots_fetch *f,
		    const char *agent, const char *url,
		    struct w_robots_verdict *v, double *crawl_delay);

/* "fetched", "missing", "denied", "unavailable", "malformed",
 * "challenged". */
const char	*w_robots_status_name(enum w_robots_status s);

/* Whether a status lets the rules decide (FETCHED or MISSING). */
int		 w_robots_status_ok(enum w_robots_status s);

/*
 * Classify a completed HTTP answer (status, body, content type, headers
 * borrowed) into f->status, f->why and f->rules. Exposed for tests.
 */
void		 w_robots_classify(int http_status, const char *body,
		    size_t len, const char *content_type, jv headers,
		    struct w_robots_fetch *f);

/* The cache. A key is 64 hex digits. */
struct w_robots_cache_ent {
	enum w_robots_status	 status;	/* FETCHED or MISSING */
	int			 http_status;
	time_t			 stored;
	char			*body;		/* NUL-terminated, caller's */
	size_t			 len;
};

/* The key of origin under policy and user agent (NULL: default). */
void		 w_robots_cache_key(const char *origin,
		    const struct w_policy *policy, const char *user_agent,
		    char out[65]);

/*
 * Look key up: 0 with ent filled (free ent->body) when a fresh, intact
 * entry exists; -1 otherwise. A corrupt or expired entry is removed.
 */
int		 w_robots_cache_get(const char *key,
		    struct w_robots_cache_ent *ent);

/*
 * Store ent under key (0700 directory, 0600 file, atomic replacement),
 * keeping at most W_ROBOTS_CACHE_MAX entries. -1 with e when it cannot
 * be written (a full or read-only disk): the cache is an optimisation,
 * so callers go on and only say what was not saved.
 */
int		 w_robots_cache_put(const char *key,
		    const struct w_robots_cache_ent *ent, struct w_err *e);

#endif
