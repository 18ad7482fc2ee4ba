/*
 * robots_origin.c: wrobots' per-process origin cache (robots_origin.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "robots_origin.h"

static void
origin_free(struct w_robots_origin *o)
{
	if (o == NULL)
		return;
	w_robots_fetch_free(&o->f);
	w_robots_agent_free(o->sel);
	free(o->name);
	free(o->mid);
	free(o->tail);
	free(o);
}

struct w_robots_origin *
w_robots_origins_find(struct w_robots_origins *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->o[i]->name, name) == 0)
			return c->o[i];
	return NULL;
}

struct w_robots_origin *
w_robots_origins_add(struct w_robots_origins *c, const char *name)
{
	struct w_robots_origin *o;

	if (c->n == W_ROBOTS_ORIGINS_MAX) {
		origin_free(c->o[0]);
		memmove(c->o, c->o + 1, (W_ROBOTS_ORIGINS_MAX - 1) *
		    sizeof(*c->o));
		c->n--;
	}
	o = w_calloc(1, sizeof(*o));
	o->name = w_strdup(name);
	c->o[c->n++] = o;
	return o;
}

struct w_robots_origin *
w_robots_origins_get(struct w_robots_origins *c, const char *name,
    const struct w_robots_opts *opts)
{
	struct w_robots_origin *o;

	if ((o = w_robots_origins_find(c, name)) != NULL)
		return o;
	o = w_robots_origins_add(c, name);
	w_robots_fetch(name, opts, &o->f);
	return o;
}

struct w_robots_origin *
w_robots_origins_file(struct w_robots_origins *c, const char *path,
    struct w_err *e)
{
	struct w_robots_origin *o;
	struct w_buf b;

	/* One byte past the parse limit, so the parser sees it is over. */
	if (w_buf_file(&b, path, W_ROBOTS_PARSE_MAX + 1,
	    W_E_INVALID_PARAMETER, e) == -1) {
		w_buf_free(&b);
		e->usage = 1;
		return NULL;
	}
	w_err_clear(e);
	o = w_robots_origins_add(c, path);
	o->f.status = W_ROBOTS_FETCHED;
	o->f.rules = w_robots_parse(b.p, b.len);
	w_buf_free(&b);
	return o;
}

int
w_robots_origin_select(struct w_robots_origin *o, const char *agent)
{
	if (o->sel != NULL && strcmp(o->agent, agent) == 0)
		return 0;
	w_robots_agent_free(o->sel);
	o->sel = NULL;
	snprintf(o->agent, sizeof(o->agent), "%s", agent);
	if (o->f.rules != NULL)
		o->sel = w_robots_agent_new(o->f.rules, agent);
	free(o->mid);
	free(o->tail);
	o->mid = o->tail = NULL;
	return 1;
}

void
w_robots_origins_free(struct w_robots_origins *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		origin_free(c->o[i]);
	c->n = 0;
}
