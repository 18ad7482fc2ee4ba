/*
 * hoststate.h: host coordination (coordination: "host"). Per-user state
 * in $XDG_STATE_HOME/webtools/state.json (directory 0700, file 0600,
 * at most 256 KiB and 512 buckets) holds, per hashed backend scope key,
 * the admission leases (owner pid and process start time), the last
 * start, cooldowns and quota counters; no query text, URLs, content,
 * headers or credentials. Every change happens under an fcntl lock on
 * the permanent file state.lock beside it and replaces state.json
 * atomically: the new state is written to a private spare file, synced
 * when it changes a cooldown, streak or reset (lease-only changes are
 * not, to keep admission under a millisecond), then exchanged with
 * state.json in one rename. Corrupt, oversized or unsafe state fails
 * closed with coordination_unavailable.
 */
#ifndef W_HOSTSTATE_H
#define W_HOSTSTATE_H

#include <sys/types.h>
#include <jv.h>

#include "err.h"

#define W_HOST_MAX_BYTES	(256u << 10)
#define W_HOST_MAX_BUCKETS	512
#define W_HOST_NAME_MAX		120	/* a cooling bucket's origin or
					   provider, in bytes */
#define W_HOST_MAX_LEASES	8
#define W_HOST_LEASE_MAX_MS	120000L	/* a lease older is reclaimed */
#define W_HOST_MAX_COOLDOWN_MS	3600000L
#define W_HOST_INFRA_COOLDOWN_MS 60000L

/* Backend scopes of the reference's admission table. */
enum w_scope {
	W_SCOPE_SEARXNG,
	W_SCOPE_OLLAMA,
	W_SCOPE_PARALLEL,
	W_SCOPE_PROVIDER,	/* other registered provider kinds */
	W_SCOPE_DUCKDUCKGO,
	W_SCOPE_STARTPAGE,
	W_SCOPE_CODEX,
	W_SCOPE_FETCH,		/* a fetch origin */
	W_SCOPE_COUNT
};

struct w_scope_rule {
	const char	*name;
	int		 concurrency;
	long		 spacing_ms;
	long		 cooldown_ms;	/* throttled, without Retry-After */
};

/* The rule for a scope (never NULL for a valid scope). */
const struct w_scope_rule *w_host_rule(enum w_scope s);

/* The scope named name ("fetch", "duckduckgo", ...), -1 if none. */
int	 w_host_scope_named(const char *name);

struct w_coordinator;

/* An admission held by this process. */
struct w_host_lease {
	int		 held;
	struct w_coordinator	*co;		/* the backend that granted it
					   (lib/coord.h); NULL: host files */
	enum w_scope	 scope;
	char		 bucket[33];
	long		 id;
	int		 probe;
	long long	 since;		/* admission time, ms since the epoch */
	char		 name[W_HOST_NAME_MAX + 1];	/* the key, kept in
					   the state only while cooling */
};

/*
 * Wait (at most wait_ms) for admission to scope's bucket for key (the
 * SearXNG endpoint, the Ollama origin, "scheme://host:port" of a fetch
 * origin, or "" for a provider without one; only a hash is stored).
 * 0 with *l held; -1 with rate_limited and retry_after_ms / retry_at
 * while the bucket cools down (nothing may be sent), timeout when the
 * wait runs out, or coordination_unavailable.
 */
int	 w_host_admit(enum w_scope scope, const char *key, long wait_ms,
	    struct w_host_lease *l, struct w_err *e);

/*
 * w_host_admit asking give_up(arg, e) (when not NULL) before each wait;
 * its -1 ends the wait with its error.
 */
int	 w_host_admit_until(enum w_scope scope, const char *key,
	    long wait_ms, int (*give_up)(void *, struct w_err *), void *arg,
	    struct w_host_lease *l, struct w_err *e);

/* The hashed bucket name (32 hex digits) of scope and key. */
void	 w_host_bucket_key(enum w_scope scope, const char *key,
	    char out[33]);

/*
 * Release a held lease with the request's outcome; retry_after_ms is a
 * Retry-After in ms, or -1 when the response gave none.
 */
void	 w_host_release(struct w_host_lease *l, enum w_host_outcome o,
	    long retry_after_ms);

/* Operational metadata of the state; -1 with coordination_unavailable. */
int	 w_host_status(jv *out, struct w_err *e);

/*
 * Clear validated state when no request is active; -1 refusing (with the
 * reason) otherwise. Never repairs unsafe or corrupt state.
 */
int	 w_host_reset(jv *out, struct w_err *e);

/*
 * Clear the buckets of one origin or provider: target is a bucket's name
 * as status shows it ("https://example.org", "duckduckgo"), a host
 * ("example.org") or a scope name. Refused while one of them has an
 * active request. *out: {reset, target, buckets_cleared}.
 */
int	 w_host_reset_target(const char *target, jv *out, struct w_err *e);

/* Copy key into name (at most W_HOST_NAME_MAX bytes), keeping printable
 * ASCII other than '"' and '\' and writing '?' for the rest. */
void	 w_host_name(char *name, const char *key);

/*
 * The pure part, exposed for unit tests: one bucket and the decisions
 * on it at time now (ms).
 */
struct w_host_holder {
	long			 id;
	pid_t			 pid;
	unsigned long long	 start;
	long long		 since;
	int			 probe;
};

struct w_host_bucket {
	char			 key[33];
	char			 name[W_HOST_NAME_MAX + 1];	/* origin or
				   provider while cooling down, else "" */
	int			 scope;
	struct w_host_holder	 act[W_HOST_MAX_LEASES];
	int			 nact;
	long long		 last;		/* last admitted start */
	long long		 until;		/* cooldown end, 0 if none */
	long			 throttles;	/* throttle streak */
	long			 failures;	/* infrastructure streak */
	long			 seq;
	long			 admitted, throttled, failed;
};

enum { W_HOST_ADMIT, W_HOST_WAIT, W_HOST_COOLING };

/* Cooldown after the streak-th throttle (Retry-After wins if >= 0). */
long	 w_host_cooldown_ms(enum w_scope s, long streak, long retry_after_ms);

/*
 * Decide for one caller: W_HOST_ADMIT (holder *id added last in b->act,
 * its probe flag set when it is the one probe after a cooldown),
 * W_HOST_WAIT (*ms to wait) or W_HOST_COOLING (*ms left). Expired
 * holders, and with check_alive dead ones, are reclaimed first.
 */
int	 w_host_decide(struct w_host_bucket *b, long long now, pid_t pid,
	    unsigned long long start, int check_alive, long *ms, long *id);

/* Remove holder id from b and apply the outcome at time now. */
void	 w_host_settle(struct w_host_bucket *b, long id,
	    enum w_host_outcome o, long retry_after_ms, long long now);

#endif
