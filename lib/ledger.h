/*
 * ledger.h: a run's source ledger (grounding-reference.txt): every
 * search result shown, every fetch outcome and every remote excerpt,
 * with its representation and source status, so that web-control
 * sources can list them and web-control verdict can grade an answer.
 *
 * The ledger is bounded (W_LEDGER_MAX_ENTRIES entries, W_LEDGER_MAX_BYTES
 * of serialised entries): past a bound the oldest search snippets go
 * first, then the oldest entries of any kind, and every drop is counted.
 * It holds URLs, statuses and figures, never page text or snippets.
 *
 * Storage is a small interface of two calls, w_ledger_append and
 * w_ledger_list: the file backend keeps run.ledger (0600) beside the run
 * file, rewritten atomically under the run's exclusive lock; a private
 * run (no WEB_RUN_FILE) keeps it in memory. Another coordination backend
 * (Redis) implements the same two calls over its own storage and reuses
 * the pure w_ledger_bound.
 */
#ifndef W_LEDGER_H
#define W_LEDGER_H

#include <stddef.h>
#include <jv.h>

#include "err.h"
#include "run.h"

#define W_LEDGER_MAX_ENTRIES	2000
#define W_LEDGER_MAX_BYTES	(1u << 20)

/*
 * Pure: add entries (an array, consumed) to ledger (an object
 * {entries, bytes, dropped, dropped_snippets}, consumed; null starts an
 * empty one) and enforce the bounds; returns the new ledger.
 */
jv	 w_ledger_bound(jv ledger, jv entries, size_t max_entries,
	    size_t max_bytes);

/*
 * Append entries (an array of entry objects, consumed) to r's ledger
 * under the run's lock. -1 with coordination_unavailable when the
 * ledger cannot be read or written.
 */
int	 w_ledger_append(struct w_run *r, jv entries, struct w_err *e);

/*
 * The ledger: {entries, bytes, dropped, dropped_snippets, max_entries,
 * max_bytes} (owned), or a jv invalid with a message when it cannot be
 * read.
 */
jv	 w_ledger_list(struct w_run *r);

/*
 * Record what a wsearch envelope (borrowed) showed: one search_snippet
 * or provider_excerpt entry per result. -1 with e when the ledger
 * cannot be written (a full or read-only disk): the caller says so in
 * the envelope's summary, nothing else changes.
 */
int	 w_ledger_note_search(struct w_run *r, jv env, struct w_err *e);

/*
 * Record a wfetch envelope's (borrowed) outcome: the URL, final URL,
 * source status (opened, blocked_policy, blocked_soft, blocked_target,
 * fetch_failed), representation, provider and characters read. Request
 * errors (nothing was attempted) are not recorded. -1 with e as
 * w_ledger_note_search.
 */
int	 w_ledger_note_fetch(struct w_run *r, jv env, struct w_err *e);

/*
 * Pure: the URLs an answer text cites, in order of first appearance,
 * normalised like search results (w_results_normalize), duplicates
 * removed: Markdown links [t](url), autolinks <url>, reference
 * definitions [id]: url, and bare http(s) URLs. Returns an array.
 */
jv	 w_ledger_citations(const char *text, size_t len);

/*
 * Pure: grade citations (an array of normalised URLs, consumed) against
 * a ledger (borrowed). Returns {verdict, citations: [{url, status,
 * representation, seen}], counts}. verdict is grounded (an opened or
 * page-derived remote source is cited), unopened_sources (every cited
 * source was only found), unsupported_claim (a cited URL is not in the
 * ledger), or ungrounded_no_chunks (nothing cited and nothing retrieved).
 */
jv	 w_ledger_grade(jv ledger, jv citations);

/* The one-line summary of a verdict w_ledger_grade gives. */
const char	*w_ledger_verdict_summary(const char *verdict);

/* The statuses a ledger entry may have (an entry without one is
 * "found"), NULL-terminated. */
extern const char *const w_ledger_statuses[];

/* Whether entry x (borrowed) has status want (NULL: any). */
int	 w_ledger_status_is(jv x, const char *want);

#endif
