/*
 * run.h: a run — one budget, one document cache, deferrals and in-flight
 * markers shared by every process started with the same WEB_RUN_FILE
 * (web-control run start). Without WEB_RUN_FILE a process is its own run,
 * held in memory. Budget rules (DESIGN.md "Runs, budgets, coordination"):
 * maxRequestsPerRun answered searches (1-20, default 4), a dispatch
 * ceiling of 4x that, reservation before dispatch under an exclusive
 * lock, a refund when the answer failed, dispatches never refunded.
 */
#ifndef W_RUN_H
#define W_RUN_H

#include <jv.h>

#include "err.h"

struct w_run;

/*
 * Open the run named by WEB_RUN_FILE, or a private in-memory run with
 * max_requests (from config search.maxRequestsPerRun; 0 means 4) when
 * the variable is unset. A missing, unreadable, foreign-owned or corrupt
 * run file: -1 with coordination_unavailable. *r freed by w_run_close.
 */
int	 w_run_open(struct w_run **r, int max_requests, struct w_err *e);
/* Free r (NULL is fine); the run file and its cache stay. */
void	 w_run_close(struct w_run *r);

/*
 * Reserve one answered search and one dispatch before sending a search
 * request. -1 with search_budget_exhausted (e->msg bounded, host-written)
 * when either the answered budget or the dispatch ceiling is used up.
 */
int	 w_run_reserve(struct w_run *r, struct w_err *e);

/* Count one more dispatch of an already reserved search (a provider's
 * second HTTP request, e.g. Ollama's 404 fallback); -1 at the ceiling. */
int	 w_run_dispatch(struct w_run *r, struct w_err *e);

/* Settle a reservation: answered=0 refunds the answered count (the
 * dispatch stays spent). */
void	 w_run_settle(struct w_run *r, int answered);

/* Budget figures: {requestsUsed, requestsRemaining, dispatchesUsed,
 * maxDispatches, dispatchesRemaining, maxRequestsPerRun}. */
jv	 w_run_budget(struct w_run *r);

/* Deferrals: a rate-limited backend is skipped for the rest of the run. */
void	 w_run_defer(struct w_run *r, const char *backend, long retry_after_ms);
int	 w_run_is_deferred(struct w_run *r, const char *backend);

/*
 * Extensions for web-control and the caches (issue 6).
 */

/* Coordination modes a run may carry. */
enum w_coord {
	W_COORD_DEFAULT = 0,	/* the config decides */
	W_COORD_PROCESS,
	W_COORD_HOST,
	W_COORD_REDIS	/* budget in Redis; the file names id and Redis */
};

struct w_config;
struct w_coordinator;

/*
 * Create a run: a fresh private directory (0700, mkdtemp) under base
 * ($XDG_RUNTIME_DIR, else $TMPDIR, else /tmp when base is NULL) holding
 * the run file (0600). *path (caller frees) names the run file. With
 * W_COORD_REDIS the budget is created in the Redis of c's "redis"
 * object (c may be NULL otherwise) and the file keeps only the run id
 * and that object.
 */
int	 w_run_start(const char *base, int max_requests, enum w_coord coord,
	    const struct w_config *c, char **path, struct w_err *e);

/*
 * The process's coordination backend (lib/coord.h), chosen once: the
 * run's own mode when it was started with one, else c's
 * "coordination". 0 with *co (owned by r), or -1 with the error, the
 * same on every later call.
 */
int	 w_run_coord(struct w_run *r, const struct w_config *c,
	    struct w_coordinator **co, struct w_err *e);

/*
 * The coordination backend this process would use: the run's (when
 * WEB_RUN_FILE names one), else the config's, with the config loaded
 * into c. 0 with *r (NULL without a run) and *co, to release with
 * w_run_coord_close; -1 with e and nothing to release.
 */
int	 w_run_coord_open(struct w_run **r, struct w_config *c,
	    struct w_coordinator **co, struct w_err *e);
void	 w_run_coord_close(struct w_run *r, struct w_config *c);

/*
 * -1 with search_budget_exhausted when a reservation would now be
 * refused (answered budget or dispatch ceiling used up), else 0.
 */
int	 w_run_check(struct w_run *r, struct w_err *e);

/*
 * Remove the run named by path: its file, cache and directory. 0 when
 * removed, 1 when the run is already gone (its directory no longer
 * exists), -1 with coordination_unavailable otherwise.
 */
int	 w_run_end(const char *path, struct w_err *e);

/*
 * The run's public figures: budget, coordination, deferrals, pending
 * reservations and document cache use; never the run id. A jv invalid
 * with a message when the run file cannot be read.
 */
jv	 w_run_show(struct w_run *r);

/*
 * Whether host coordination applies (lib/hoststate.h): the run's own
 * mode when it was started with one, else config_mode (the config's
 * "coordination" value; NULL means "process").
 */
int	 w_run_host_mode(struct w_run *r, const char *config_mode);

/* w_run_host_mode with config_mode read from c's "coordination". */
struct w_config;
int	 w_run_host(struct w_run *r, const struct w_config *c);

/* Whether this process is its own in-memory run (no WEB_RUN_FILE). */
int	 w_run_private(struct w_run *r);

/* The run directory (NULL for a private run), for the document cache. */
const char *w_run_dir(struct w_run *r);

/* Hold / release the run's exclusive lock (no-ops for a private run). */
int	 w_run_lock(struct w_run *r, struct w_err *e);
void	 w_run_unlock(struct w_run *r);

/* The run's document cache handle (lib/doccache.h), created lazily. */
struct w_doccache *w_run_doccache(struct w_run *r);

/* The private run's in-memory ledger slot (lib/ledger.c; jv_null when
 * empty); owned by r. */
jv	*w_run_ledger_mem(struct w_run *r);

/* The run id's derived session identity: "webtools-" + hex SHA-256 of
 * the run id (a random id for a private run). Into out (>= 74 bytes). */
void	 w_run_session_id(struct w_run *r, char *out, size_t len);

/*
 * Pacing across the processes of the run: wait until scope's last start
 * is spacing_ms old and fewer than max_active leases are live, then
 * take a lease (owner pid and start time; a dead owner's lease is
 * dropped). -1 with timeout when the wait would pass deadline (a
 * monotonic w_clock_mono_ms time), coordination_unavailable when the run
 * file fails. End the lease with w_run_pace_done.
 */
int	 w_run_pace(struct w_run *r, const char *scope, long spacing_ms,
	    int max_active, long long deadline, struct w_err *e);
void	 w_run_pace_done(struct w_run *r, const char *scope);

/* Provider failures seen by any process of the run ("backend: code",
 * distinct, at most W_RUN_FAILURES_MAX). */
#define W_RUN_FAILURES_MAX	8
void	 w_run_note_failure(struct w_run *r, const char *one);
/* The run's failures (an owned array, empty when unreadable). */
jv	 w_run_failures(struct w_run *r);

#endif
