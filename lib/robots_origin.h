/*
 * robots_origin.h: wrobots' per-process cache of origins. Each holds the
 * origin's robots answer (fetched once, robots_fetch.c, or read from a
 * local file), the rule selection for the last agent asked, and the
 * envelope parts robots_env.c made for that selection. At most
 * W_ROBOTS_ORIGINS_MAX origins are kept; the oldest goes first.
 */
#ifndef W_ROBOTS_ORIGIN_H
#define W_ROBOTS_ORIGIN_H

#include <stddef.h>

#include "err.h"
#include "robots.h"
#include "robots_fetch.h"

#define W_ROBOTS_ORIGINS_MAX	64

struct w_robots_origin {
	char			*name;		/* origin, or the file */
	struct w_robots_fetch	 f;
	char			 agent[W_ROBOTS_TOKEN_MAX]; /* selected */
	struct w_robots_agent	*sel;		/* NULL: none selected */
	char			*mid;		/* robots_env.c's parts */
	char			*tail;
};

struct w_robots_origins {
	struct w_robots_origin	*o[W_ROBOTS_ORIGINS_MAX];
	size_t			 n;
};

/* The cached origin called name, or NULL (borrowed from c). */
struct w_robots_origin *w_robots_origins_find(struct w_robots_origins *c,
		    const char *name);

/*
 * A new origin called name with nothing fetched (fill its f), the
 * oldest dropped first when c is full. Owned by c.
 */
struct w_robots_origin *w_robots_origins_add(struct w_robots_origins *c,
		    const char *name);

/* The cached origin called name, else a new one fetched under o. */
struct w_robots_origin *w_robots_origins_get(struct w_robots_origins *c,
		    const char *name, const struct w_robots_opts *o);

/*
 * A new origin answered from the local robots.txt at path (past
 * W_ROBOTS_PARSE_MAX bytes the rest is ignored); NULL with e ("cannot
 * read PATH: why") when it cannot be read.
 */
struct w_robots_origin *w_robots_origins_file(struct w_robots_origins *c,
		    const char *path, struct w_err *e);

/*
 * Select agent's rules in o: 1 when the selection changed (o's envelope
 * parts are gone and must be made again), 0 when agent was selected
 * already.
 */
int		 w_robots_origin_select(struct w_robots_origin *o,
		    const char *agent);

void		 w_robots_origins_free(struct w_robots_origins *c);

#endif
