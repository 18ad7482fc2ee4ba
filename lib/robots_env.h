/*
 * robots_env.h: wrobots' envelopes, written as JSON text (jsonw.h)
 * rather than built as jv values: a jv envelope costs about 10
 * microseconds to build and dump, which alone would be several times the
 * whole budget of answering 2,000 URLs from one file (bench/robots.sh).
 * The parts that are the same for every URL of one origin and agent are
 * made once per selection and kept in the origin (robots_origin.h).
 */
#ifndef W_ROBOTS_ENV_H
#define W_ROBOTS_ENV_H

#include "robots_origin.h"

struct w_buf;

#define W_ROBOTS_ENV_MAX	(8u << 20)	/* one envelope's text */

/*
 * Make o's envelope parts for its current selection (after
 * w_robots_origin_select said it changed). file: the local robots.txt
 * the answer came from, or NULL when it was fetched.
 */
void	 w_robots_env_describe(struct w_robots_origin *o, const char *file);

/*
 * The envelope of url's verdict v under o, as one JSON text into out
 * (reset first; sum is scratch for the summary). Returns the exit code:
 * W_EXIT_OK when allowed, W_EXIT_BLOCKED when not.
 */
int	 w_robots_env_answer(struct w_buf *out, struct w_buf *sum,
	    const struct w_robots_origin *o, const char *url,
	    const struct w_robots_verdict *v);

#endif
