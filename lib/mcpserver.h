/*
 * mcpserver.h: webtools as a Model Context Protocol server on stdio
 * (web-control mcp). JSON-RPC 2.0, one message per line, protocol
 * revision 2025-11-25 negotiated down to 2024-11-05; tools web_search,
 * web_fetch and web_extract whose input schemas are the request tables
 * of wsearch, wfetch and wextract. One run per session: started on
 * initialize (or the one WEB_RUN_FILE names, joined), ended at the end
 * of input. notifications/cancelled stops the call in progress;
 * progress notifications follow a call's transfers when the client sent
 * a progressToken. Only protocol messages go to out.
 */
#ifndef W_MCPSERVER_H
#define W_MCPSERVER_H

#include <stdio.h>
#include <jv.h>

#include "config.h"

#define W_MCPS_PROTOCOL		"2025-11-25"
#define W_MCPS_MSG_MAX		(8u << 20)	/* bytes per message line */

struct w_mcps_opts {
	const struct w_config	*config;
	const char		*allow_files;	/* web_extract's file root */
	int			 max_requests;	/* 0: from the config */
};

/*
 * Serve messages read from fd in until its end (or SIGTERM/SIGINT/
 * SIGHUP), answering on out. Returns 0, or 1 when the session could
 * not end cleanly (its run could not be removed).
 */
int	 w_mcps_serve(int in, FILE *out, const struct w_mcps_opts *o);

/* The tools (mcptools.c). */

/* The tools/list array for o. */
jv	 w_mcps_tools(const struct w_mcps_opts *o);

/*
 * A tools/call result from an envelope (consumed) for revision proto:
 * a text block (the content, else the summary with the results or the
 * error), a second one listing next_actions when there are any,
 * isError for error and blocked, and from 2025-06-18 on the envelope
 * as structuredContent.
 */
jv	 w_mcps_result(jv env, const char *proto);

/*
 * web_extract: args (borrowed) hold the wextract options and exactly
 * one of text (the document) or file (under root, resolved; NULL root:
 * no file is read). Returns the envelope.
 */
jv	 w_mcps_extract(jv args, const char *root);

/* The revision answered to a client asking for want (NULL: none). */
const char *w_mcps_negotiate(const char *want);

#endif
