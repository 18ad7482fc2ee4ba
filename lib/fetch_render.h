/*
 * fetch_render.h: wfetch's browser rendering step (the reference's
 * "Browser rendering"): the effective render mode, when auto escalates,
 * and one render (render.h) of a request's URL through host admission
 * into the same extractor as a static page.
 */
#ifndef W_FETCH_RENDER_H
#define W_FETCH_RENDER_H

#include <stddef.h>
#include <jv.h>

#include "doc.h"
#include "err.h"
#include "fetch.h"
#include "render.h"
#include "url.h"
#include "view.h"

/*
 * The request's effective mode under the config ceiling.
 * -1 with invalid_parameter when fetch.render is not never but no local
 * provider is selected (only Parallel: nothing could render).
 */
int	 w_fetch_render_mode(const struct w_config *c,
	    const struct w_request *r, enum w_render *m, struct w_err *e);

/*
 * Whether a static extraction that failed with e escalates under auto:
 * only for an HTML response (ctype, else d's kind) classified as an
 * application shell (unusable_content with browser_recommended) or one
 * every HTML parser failed on (extraction_failed). The reason
 * ("app_shell", "parser_failure") or NULL.
 */
const char *w_fetch_render_reason(const char *ctype, const struct w_doc *d,
	    const struct w_err *e);

/*
 * Render u (the request's URL) and extract the DOM (format and options
 * of req) into d, with coverage rendered, render_reason (reason),
 * render_blocked. Holds host admission for the origin (coordination
 * host). deadline: the request's monotonic deadline; the render gets
 * W_RENDER_BUDGET_MS of it at most. Sets env's source (final_url,
 * status) and details; on -1, e says why and env's coverage carries
 * render_blocked and render_error.
 */
int	 w_fetch_render(const struct w_fetch_ctx *ctx,
	    const struct w_request *req,
	    const struct w_url *u, const char *reason, long long deadline,
	    jv *env, struct w_doc *d, size_t *bytes, struct w_err *e);

#endif
