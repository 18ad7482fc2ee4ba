/*
 * config.h: the JSON config file ($WEB_CONFIG, else
 * $XDG_CONFIG_HOME/webtools/config.json): loading, structural validation
 * against one key table, and the network policy it implies.
 */
#ifndef W_CONFIG_H
#define W_CONFIG_H

#include <jv.h>

#include "err.h"
#include "policy.h"

#define W_CONFIG_MAX_BYTES (1u << 20)

/* search.maxRequestsPerRun when unset (w_config_defaults shows it). */
#define W_CONFIG_MAX_REQUESTS	4
#define W_CONFIG_STR_(x)	#x
#define W_CONFIG_STR(x)		W_CONFIG_STR_(x)

struct w_config {
	jv		 web;		/* the tools.web object ({} by default) */
	struct w_policy	 policy;
};

/*
 * Load and validate the config. A missing default file means defaults; a
 * file named by WEB_CONFIG must exist. -1 with invalid_parameter (usage
 * set) naming the key, never echoing values; then c holds nothing to
 * free (w_config_free stays safe).
 */
int	 w_config_load(struct w_config *c, struct w_err *e);

/* The XDG base directories webtools keeps its files under. */
enum w_base {
	W_BASE_CONFIG,	/* $XDG_CONFIG_HOME, else ~/.config */
	W_BASE_STATE,	/* $XDG_STATE_HOME, else ~/.local/state */
	W_BASE_CACHE	/* $XDG_CACHE_HOME, else ~/.cache */
};

/*
 * "<base>/webtools" or "<base>/webtools/<sub>" (sub may be NULL). NULL
 * when neither the XDG variable nor HOME is an absolute path: there is
 * no shared fallback such as /tmp. Caller frees.
 */
char	*w_config_basedir(enum w_base which, const char *sub);

/* The value at a dotted path ("search.backend"); jv_null() if absent. */
jv	 w_config_get(const struct w_config *c, const char *path);

/* The integer at a dotted path, or dflt when absent. */
int	 w_config_int(const struct w_config *c, const char *path, int dflt);

void	 w_config_free(struct w_config *c);

/*
 * The defaults of the keys that have one, as a config object (what
 * web-control config shows under the file's keys, and what
 * share/webtools/config.json lists).
 */
jv	 w_config_defaults(void);

/* v (consumed) with the credentials of every URL string replaced by
 * "[redacted]"; everything else is kept. */
jv	 w_config_redact(jv v);

/* The effective config c describes, redacted: the defaults with the
 * file's keys over them (what web-control config shows). */
jv	 w_config_effective(const struct w_config *c);

#endif
