/*
 * results.h: search result hygiene shared by every provider and the
 * chain: URL normalisation and tracking-parameter removal, registrable
 * domain filters (libpsl), the query-term / quoted-phrase relevance
 * gate, reciprocal-rank fusion, host diversity, HTML-to-text for result
 * markup, and the model-facing output bounds. Pure; no network.
 */
#ifndef W_RESULTS_H
#define W_RESULTS_H

#include <stddef.h>
#include <jv.h>

#include "err.h"

#define W_RESULTS_TITLE_MAX	500		/* characters */
#define W_RESULTS_SNIPPET_MAX	4000		/* with the marker */
#define W_RESULTS_BUDGET	(64u << 10)	/* bytes of all entries */
#define W_RESULTS_RRF_K		60
#define W_RESULTS_PER_HOST	2		/* before other hosts */
#define W_RESULTS_MARKER \
	"[snippet truncated; use wfetch for full source]"

/* Whether a query parameter name is a known tracking parameter. */
int	 w_results_is_tracking(const char *name, size_t len);

/* The NULL-terminated list of exact tracking names (utm_* is a prefix). */
const char *const *w_results_tracking_names(void);

/*
 * Normalise an absolute http(s) URL: lowercase scheme and host, default
 * port dropped, empty path "/", fragment dropped, tracking parameters
 * removed. NULL for anything else (other schemes, credentials, control
 * characters, no host). Caller frees.
 */
char	*w_results_normalize(const char *url);

/* The fusion key of a normalised URL (scheme, "www." and a lone
 * trailing slash ignored). Caller frees. */
char	*w_results_key(const char *norm);

/* The lowercase host of a normalised URL. Caller frees; NULL if none. */
char	*w_results_host(const char *norm);

/*
 * Normalise a domains / exclude_domains entry ("site:", a scheme, a
 * path, "www." and a trailing dot removed; lowercase) into *out (caller
 * frees). -1 with invalid_parameter when it is not a host name or is a
 * bare public suffix (libpsl).
 */
int	 w_results_domain_norm(const char *in, char **out, struct w_err *e);

/* Whether host is domain or a subdomain of it (label boundaries). */
int	 w_results_domain_match(const char *host, const char *domain);

/* The registrable domain of host (libpsl), or host itself. Caller
 * frees. */
char	*w_results_registrable(const char *host);

/* Whether host and a domains entry share their registrable domain (how
 * domains and exclude_domains are enforced: site level, not path). */
int	 w_results_same_site(const char *host, const char *entry);

/* The relevance gate for one query. */
struct w_gate;

/* Compile query (borrowed): quoted phrases, then plain terms; operators
 * (site:, -x, OR) ignored. Free with w_gate_free. */
struct w_gate	*w_gate_new(const char *query);
void		 w_gate_free(struct w_gate *g);

/* Every quoted phrase and at least a third of the terms (at least one)
 * occur in title, snippet or url. A gate with no terms passes all. */
int		 w_gate_match(const struct w_gate *g, const char *title,
		    const char *snippet, const char *url);

/* Number of terms / phrases (for tests and coverage). */
int		 w_gate_terms(const struct w_gate *g);
int		 w_gate_phrases(const struct w_gate *g);

/*
 * Reciprocal-rank fusion. lists is an array of ranked arrays of result
 * objects, each with "key" and "backend"; the same key in several lists
 * becomes one result (first-seen fields kept, "backends" the union in
 * first-seen order, "score" sum of 1/(k+rank)). Ties keep first-seen
 * order. Consumes lists.
 */
jv	 w_results_fuse(jv lists, int k);

/* Stable host diversity: results past per_host for their host move
 * behind all others ("host" field). Consumes results. */
jv	 w_results_diversify(jv results, int per_host);

/*
 * Markup to text: tags removed, entities decoded (named common ones and
 * numeric), whitespace collapsed, control characters dropped, invalid
 * UTF-8 replaced. n bytes of s. Caller frees.
 */
char	*w_results_html_text(const char *s, size_t n);

/* s cut to at most max characters at a code point boundary. Caller
 * frees. */
char	*w_results_utf8_cut(const char *s, size_t max);

/* The first n entries of array a (no shared slices: libjq 1.6 leaks
 * when a slice is written). Consumes a. */
jv	 w_results_head(jv a, int n);

/*
 * Apply the output bounds to ranked entries {title, url, snippet, ...}:
 * title <= 500 chars, snippet <= 4000 chars with the marker, then all
 * entries within budget bytes (compact JSON): lower-ranked snippets
 * shorten first, then whole results go from the bottom. *lossy set when
 * anything was cut or dropped. Consumes results.
 */
jv	 w_results_bound(jv results, size_t budget, int *lossy);

#endif
