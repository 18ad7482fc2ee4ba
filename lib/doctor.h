/*
 * doctor.h: the checks web-control doctor and config run: the config
 * checks every program runs at start (search chain, fetch providers)
 * with their hints, the renderer's presence, and liveness probes of the
 * selected providers (bounded; skipped with --no-liveness or config
 * doctor.liveness false).
 */
#ifndef W_DOCTOR_H
#define W_DOCTOR_H

#include <jv.h>

#include "config.h"

/* Bound of each liveness probe. */
#define W_DOCTOR_PROBE_MS	5000L

/*
 * Append one check {check, status "ok"|"FAIL"|"skip", detail} to list
 * (consumed); returns the list.
 */
jv	 w_doctor_check(jv list, const char *name, const char *status,
	    const char *detail);

/*
 * The programs' own config checks on c, appended to list (consumed);
 * *failed set when one fails. A failure's detail is the message the
 * program prints, hint included (the "auto" migration chain, the
 * hound-to-local note, ...).
 */
jv	 w_doctor_config(jv list, const struct w_config *c, int *failed);

/*
 * When fetch.render is not "never": the browser command's version
 * (agent-browser 0.33.1 or newer; an older one or no version is a
 * failure) and the Chromium it will drive, appended to list (consumed);
 * *failed set when one is missing or too old. Local only: nothing is sent, so it runs with
 * --no-liveness too.
 */
jv	 w_doctor_render(jv list, const struct w_config *c, int *failed);

/* Whether c lets doctor send liveness probes (doctor.liveness). */
int	 w_doctor_liveness_enabled(const struct w_config *c);

/*
 * Liveness of what c selects, appended to list (consumed): SearXNG and
 * Ollama (one bounded JSON query), Codex readiness, Parallel tools/list
 * with its access mode (anonymous or key) for search and fetch. *failed
 * set when one fails.
 */
jv	 w_doctor_liveness(jv list, const struct w_config *c, int *failed);

/*
 * Every check of web-control doctor, in order: the config (loaded and
 * the programs' own checks), the renderer, host state, the
 * coordination backend (for Redis ping, version, latency and its
 * scripts), the run file and, unless no_liveness or doctor.liveness is
 * false, the liveness probes. *failed set when one fails.
 */
jv	 w_doctor_all(int no_liveness, int *failed);

/* hints (consumed) with the details of checks' (consumed) failures. */
jv	 w_doctor_hints(jv hints, jv checks);

#endif
