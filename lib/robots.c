/*
 * robots.c: the RFC 9309 robots.txt matcher. A body is parsed once into
 * one string pool and flat arrays of user-agent lines, rules and groups;
 * selecting an agent merges its groups' rules into a byte trie keyed by
 * each rule's literal prefix, so that matching a URL walks its path once
 * and tests only the rules whose prefix it carries.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "url.h"
#include "robots.h"

#define IS_ALPHA(c)	((((c) | 0x20) >= 'a') && (((c) | 0x20) <= 'z'))
#define IS_DIGIT(c)	((c) >= '0' && (c) <= '9')
#define IS_HEX(c)	(IS_DIGIT(c) || (((c) | 0x20) >= 'a' && \
			    ((c) | 0x20) <= 'f'))
#define IS_WS(c)	((c) == ' ' || (c) == '\t' || (c) == '\v' || \
			    (c) == '\f')
#define IS_TOKEN(c)	(IS_ALPHA(c) || (c) == '-' || (c) == '_')

struct rule {
	size_t		 norm;		/* pool offset: normalised pattern
					   without its '$' anchor */
	size_t		 nlen;
	size_t		 orig;		/* pool offset: pattern as written */
	size_t		 lit;		/* bytes before the first '*' */
	size_t		 prio;		/* nlen + anchored */
	int		 line;
	unsigned char	 allow, anchored, wild;
};

struct ua {
	size_t		 tok;		/* pool offset: product token or "*" */
	int		 line;
	unsigned char	 global;
};

struct group {
	size_t		 ua0, nua, rule0, nrule;
	double		 delay;		/* -1: none */
};

struct w_robots {
	struct w_buf	 pool;
	struct rule	*rules;
	size_t		 nrules, crules;
	struct ua	*uas;
	size_t		 nuas, cuas;
	struct group	*groups;
	size_t		 ngroups, cgroups;
	size_t		*maps;
	size_t		 nmaps, cmaps;
	size_t		 records;
	int		 truncated;
	int		 in_agents;	/* the last record was a user-agent */
};

struct node {
	int		 child, sib, head;
	int		*fan;		/* child by byte, for wide nodes */
	unsigned char	 c;
};

/* Nodes with at least this many children get a by-byte table. */
#define FAN_MIN	6

struct w_robots_agent {
	const struct w_robots	*r;
	const struct rule	**rules;
	int			*next;		/* rule list of a trie node */
	size_t			 nrules;
	struct node		*nodes;
	size_t			 nnodes, cnodes;
	size_t			*uas;		/* indices into r->uas */
	size_t			 nuas;
	int			 global, matched;
	double			 delay;
};

/* Grow *p (n used of *cap elements of size sz) for one more. */
static void
grow(void *pp, size_t n, size_t *cap, size_t sz)
{
	void **p = pp;

	if (n < *cap)
		return;
	*cap = *cap ? *cap * 2 : 16;
	*p = w_realloc(*p, *cap * sz);
}

/*
 * Bit sets over ASCII: the unreserved characters of RFC 3986
 * (A-Z a-z 0-9 - . _ ~), and the bytes kept as they are when
 * normalising: unreserved plus reserved (: / ? # [ ] @ ! & ' ( ) + , ; =)
 * except '*' and '$', which robots.txt gives a meaning of its own.
 */
static const uint64_t unres_lo = 0x03ff600000000000ULL;
static const uint64_t unres_hi = 0x47fffffe87fffffeULL;
static const uint64_t keep_lo = 0xaffffbca00000000ULL;
static const uint64_t keep_hi = 0x47fffffeafffffffULL;

static int
in_set(unsigned c, uint64_t lo, uint64_t hi)
{
	if (c < 64)
		return (int)((lo >> c) & 1);
	if (c < 128)
		return (int)((hi >> (c - 64)) & 1);
	return 0;
}

#define unreserved(c)	in_set((unsigned)(c), unres_lo, unres_hi)
#define kept(c)		in_set((unsigned)(c), keep_lo, keep_hi)

size_t
w_robots_normalise(const char *s, size_t n, int pattern, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, o = 0;
	unsigned char c;
	int v, query = 0;

	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		/* In the query, the general delimiters compare encoded:
		 * "?u=https://x" matches "?u=https%3A%2F%2Fx" (RFC 9309
		 * section 2.2.2, figure 4). */
		if (query && c != '\0' && strchr(":/?#[]@", c) != NULL) {
			out[o++] = '%';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
			continue;
		}
		if (c == '?')
			query = 1;
		if (c == '%' && i + 2 < n && IS_HEX(s[i + 1]) &&
		    IS_HEX(s[i + 2])) {
			v = w_hexval(s[i + 1]) * 16 + w_hexval(s[i + 2]);
			if (unreserved(v))
				out[o++] = (char)v;
			else {
				out[o++] = '%';
				out[o++] = hex[v >> 4];
				out[o++] = hex[v & 15];
			}
			i += 2;
		} else if (c == '*' && pattern) {
			if (o == 0 || out[o - 1] != '*')
				out[o++] = '*';
		} else if (kept(c))
			out[o++] = (char)c;
		else {
			out[o++] = '%';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		}
	}
	out[o] = '\0';
	return o;
}

/* Append n bytes and a NUL to the pool; returns their offset. */
static size_t
pool_add(struct w_robots *r, const char *s, size_t n)
{
	size_t off = r->pool.len;

	/* The pool is bounded by the parse limit times the encoding
	 * growth; its max is set to fit, so this cannot fail. */
	w_buf_add(&r->pool, s, n);
	w_buf_addc(&r->pool, '\0');
	return off;
}

/* Case-insensitive: does key start with any of the NULL-ended words? */
static int
key_is(const char *k, size_t n, const char *const *words)
{
	size_t w;

	for (; *words != NULL; words++) {
		w = strlen(*words);
		if (n >= w && strncasecmp(k, *words, w) == 0)
			return 1;
	}
	return 0;
}

enum key { K_NONE, K_AGENT, K_ALLOW, K_DISALLOW, K_SITEMAP, K_DELAY };

/* Keys and the typos Google's matcher accepts (plus crawl-delay's). */
static enum key
classify(const char *k, size_t n)
{
	static const char *const agent[] = { "user-agent", "useragent",
	    "user agent", NULL };
	static const char *const allow[] = { "allow", NULL };
	static const char *const disallow[] = { "disallow", "dissallow",
	    "dissalow", "disalow", "diasllow", "disallaw", NULL };
	static const char *const sitemap[] = { "sitemap", "site-map", NULL };
	static const char *const delay[] = { "crawl-delay", "crawldelay",
	    "crawl delay", NULL };

	if (key_is(k, n, agent))
		return K_AGENT;
	if (key_is(k, n, allow))
		return K_ALLOW;
	if (key_is(k, n, disallow))
		return K_DISALLOW;
	if (key_is(k, n, sitemap))
		return K_SITEMAP;
	if (key_is(k, n, delay))
		return K_DELAY;
	return K_NONE;
}

static void
add_agent(struct w_robots *r, const char *v, size_t n, int line)
{
	struct group *g;
	struct ua *u;
	size_t t = 0;

	if (!r->in_agents || r->ngroups == 0) {
		grow(&r->groups, r->ngroups, &r->cgroups, sizeof(*r->groups));
		g = &r->groups[r->ngroups++];
		g->ua0 = r->nuas;
		g->nua = 0;
		g->rule0 = r->nrules;
		g->nrule = 0;
		g->delay = -1;
	}
	r->in_agents = 1;
	g = &r->groups[r->ngroups - 1];
	grow(&r->uas, r->nuas, &r->cuas, sizeof(*r->uas));
	u = &r->uas[r->nuas++];
	g->nua++;
	u->line = line;
	/* Google: "*" followed by whitespace is still the global agent. */
	u->global = n > 0 && v[0] == '*' && (n == 1 || IS_WS(v[1]));
	if (u->global)
		u->tok = pool_add(r, "*", 1);
	else {
		while (t < n && IS_TOKEN(v[t]))
			t++;
		u->tok = pool_add(r, v, t);
	}
}

static void
add_rule(struct w_robots *r, int allow, const char *v, size_t n, int line)
{
	struct rule *ru;
	char *tmp;
	const char *star;
	int anchored = 0;

	if (r->ngroups == 0)
		return;		/* outside any group: ignored */
	r->in_agents = 0;
	if (n == 0)
		return;		/* an empty pattern matches nothing */
	grow(&r->rules, r->nrules, &r->crules, sizeof(*r->rules));
	ru = &r->rules[r->nrules];
	ru->orig = pool_add(r, v, n);
	if (v[n - 1] == '$') {
		anchored = 1;
		n--;
	}
	tmp = w_malloc(3 * n + 1);
	ru->nlen = w_robots_normalise(v, n, 1, tmp);
	ru->norm = pool_add(r, tmp, ru->nlen);
	free(tmp);
	star = memchr(r->pool.p + ru->norm, '*', ru->nlen);
	ru->wild = star != NULL;
	ru->lit = star ? (size_t)(star - (r->pool.p + ru->norm)) : ru->nlen;
	ru->anchored = (unsigned char)anchored;
	ru->prio = ru->nlen + (size_t)anchored;
	ru->allow = (unsigned char)allow;
	ru->line = line;
	r->nrules++;
	r->groups[r->ngroups - 1].nrule++;
}

static void
add_delay(struct w_robots *r, const char *v, size_t n)
{
	char buf[64], *end;
	double d;

	if (r->ngroups == 0 || n == 0 || n >= sizeof(buf) ||
	    r->groups[r->ngroups - 1].delay >= 0)
		return;
	memcpy(buf, v, n);
	buf[n] = '\0';
	d = strtod(buf, &end);
	if (*end != '\0' || !isfinite(d) || d < 0)
		return;
	r->groups[r->ngroups - 1].delay = d;
}

/* Split a line into key and value as Google's matcher does. */
static int
split_line(const char *s, const char *e, const char **k, size_t *kn,
    const char **v, size_t *vn)
{
	const char *sep, *p, *c;

	if ((c = memchr(s, '#', (size_t)(e - s))) != NULL)
		e = c;
	while (s < e && IS_WS(*s))
		s++;
	while (e > s && IS_WS(e[-1]))
		e--;
	if (s == e)
		return -1;
	sep = memchr(s, ':', (size_t)(e - s));
	if (sep == NULL) {
		/* "key value": exactly two runs of non-whitespace. */
		for (sep = s; sep < e && !IS_WS(*sep); sep++)
			;
		if (sep == e)
			return -1;
		for (p = sep; p < e && IS_WS(*p); p++)
			;
		for (; p < e; p++)
			if (IS_WS(*p))
				return -1;
	}
	*k = s;
	for (p = sep; p > s && IS_WS(p[-1]); p--)
		;
	*kn = (size_t)(p - s);
	if (*kn == 0)
		return -1;
	for (p = sep + 1; p < e && IS_WS(*p); p++)
		;
	*v = p;
	*vn = (size_t)(e - p);
	return 0;
}

static void
parse_line(struct w_robots *r, const char *s, const char *e, int line)
{
	const char *k, *v;
	size_t kn, vn;

	if (split_line(s, e, &k, &kn, &v, &vn) == -1)
		return;
	switch (classify(k, kn)) {
	case K_AGENT:
		add_agent(r, v, vn, line);
		break;
	case K_ALLOW:
		add_rule(r, 1, v, vn, line);
		break;
	case K_DISALLOW:
		add_rule(r, 0, v, vn, line);
		break;
	case K_SITEMAP:
		if (vn > 0) {
			grow(&r->maps, r->nmaps, &r->cmaps, sizeof(*r->maps));
			r->maps[r->nmaps++] = pool_add(r, v, vn);
		}
		break;
	case K_DELAY:
		add_delay(r, v, vn);
		break;
	case K_NONE:
		return;
	}
	r->records++;
}

struct w_robots *
w_robots_parse(const char *body, size_t len)
{
	static const unsigned char bom[3] = { 0xEF, 0xBB, 0xBF };
	struct w_robots *r = w_calloc(1, sizeof(*r));
	const char *p, *end, *s;
	int line = 0;
	size_t i;

	if (len > W_ROBOTS_PARSE_MAX) {
		len = W_ROBOTS_PARSE_MAX;
		r->truncated = 1;
	}
	/* A value byte is kept at most 4 times (3 normalised, 1 as
	 * written), plus NULs: 5 per input byte always fits. */
	w_buf_init(&r->pool, 5 * len + 1024);
	for (i = 0; i < len && i < 3 && (unsigned char)body[i] == bom[i]; i++)
		;
	p = body + i;
	end = body + len;
	if (r->truncated) {
		/* Drop a line cut by the limit rather than read half of it. */
		while (end > p && end[-1] != '\n' && end[-1] != '\r')
			end--;
	}
	while (p < end) {
		for (s = p; p < end && *p != '\n' && *p != '\r'; p++)
			;
		parse_line(r, s, p, ++line);
		if (p < end && *p == '\r' && p + 1 < end && p[1] == '\n')
			p++;
		if (p < end)
			p++;
	}
	return r;
}

void
w_robots_free(struct w_robots *r)
{
	if (r == NULL)
		return;
	w_buf_free(&r->pool);
	free(r->rules);
	free(r->uas);
	free(r->groups);
	free(r->maps);
	free(r);
}

size_t
w_robots_records(const struct w_robots *r)
{
	return r->records;
}

int
w_robots_truncated(const struct w_robots *r)
{
	return r->truncated;
}

size_t
w_robots_nsitemaps(const struct w_robots *r)
{
	return r->nmaps;
}

const char *
w_robots_sitemap(const struct w_robots *r, size_t i)
{
	return i < r->nmaps ? r->pool.p + r->maps[i] : NULL;
}

static int
find_child(const struct w_robots_agent *a, int n, unsigned char c)
{
	int k;

	if (a->nodes[n].fan != NULL)
		return a->nodes[n].fan[c];
	for (k = a->nodes[n].child; k != -1; k = a->nodes[k].sib)
		if (a->nodes[k].c == c)
			return k;
	return -1;
}

/* Find or make the child of node n for byte c. */
static int
child(struct w_robots_agent *a, int n, unsigned char c)
{
	int k;

	if ((k = find_child(a, n, c)) != -1)
		return k;
	grow(&a->nodes, a->nnodes, &a->cnodes, sizeof(*a->nodes));
	k = (int)a->nnodes++;
	a->nodes[k].c = c;
	a->nodes[k].fan = NULL;
	a->nodes[k].child = -1;
	a->nodes[k].head = -1;
	a->nodes[k].sib = a->nodes[n].child;
	a->nodes[n].child = k;
	return k;
}

static void
take_group(struct w_robots_agent *a, const struct group *g)
{
	const struct w_robots *r = a->r;
	const struct rule *ru;
	size_t i, j;
	int n;

	for (i = 0; i < g->nua; i++)
		a->uas[a->nuas++] = g->ua0 + i;
	if (a->delay < 0)
		a->delay = g->delay;
	for (i = 0; i < g->nrule; i++) {
		ru = &r->rules[g->rule0 + i];
		n = 0;
		for (j = 0; j < ru->lit; j++)
			n = child(a, n, (unsigned char)r->pool.p[ru->norm + j]);
		a->rules[a->nrules] = ru;
		a->next[a->nrules] = a->nodes[n].head;
		a->nodes[n].head = (int)a->nrules++;
	}
}

static int
group_names(const struct w_robots *r, const struct group *g,
    const char *agent)
{
	size_t i;
	const struct ua *u;

	for (i = 0; i < g->nua; i++) {
		u = &r->uas[g->ua0 + i];
		if (!u->global && r->pool.p[u->tok] != '\0' &&
		    strcasecmp(r->pool.p + u->tok, agent) == 0)
			return 1;
	}
	return 0;
}

static int
group_global(const struct w_robots *r, const struct group *g)
{
	size_t i;

	for (i = 0; i < g->nua; i++)
		if (r->uas[g->ua0 + i].global)
			return 1;
	return 0;
}

/* Give every node with many children a table from byte to child. */
static void
index_wide(struct w_robots_agent *a)
{
	size_t i;
	int k, n, j;

	for (i = 0; i < a->nnodes; i++) {
		for (n = 0, k = a->nodes[i].child; k != -1; k = a->nodes[k].sib)
			n++;
		if (n < FAN_MIN)
			continue;
		a->nodes[i].fan = w_malloc(256 * sizeof(int));
		for (j = 0; j < 256; j++)
			a->nodes[i].fan[j] = -1;
		for (k = a->nodes[i].child; k != -1; k = a->nodes[k].sib)
			a->nodes[i].fan[a->nodes[k].c] = k;
	}
}

struct w_robots_agent *
w_robots_agent_new(const struct w_robots *r, const char *agent)
{
	struct w_robots_agent *a = w_calloc(1, sizeof(*a));
	size_t i;
	int pass;

	a->r = r;
	a->delay = -1;
	a->rules = w_calloc(r->nrules + 1, sizeof(*a->rules));
	a->next = w_calloc(r->nrules + 1, sizeof(*a->next));
	a->uas = w_calloc(r->nuas + 1, sizeof(*a->uas));
	grow(&a->nodes, 0, &a->cnodes, sizeof(*a->nodes));
	a->nnodes = 1;
	a->nodes[0].child = a->nodes[0].sib = a->nodes[0].head = -1;
	a->nodes[0].fan = NULL;
	a->nodes[0].c = 0;
	/* Pass 0: groups naming the agent; pass 1: the "*" groups. An
	 * agent that is not a product token names no group. */
	for (pass = w_robots_token_valid(agent) ? 0 : 1; pass < 2 &&
	    !a->matched; pass++)
		for (i = 0; i < r->ngroups; i++)
			if (pass == 0 ? group_names(r, &r->groups[i], agent) :
			    group_global(r, &r->groups[i])) {
				take_group(a, &r->groups[i]);
				a->matched = 1;
				a->global = pass == 1;
			}
	index_wide(a);
	return a;
}

void
w_robots_agent_free(struct w_robots_agent *a)
{
	size_t i;

	if (a == NULL)
		return;
	for (i = 0; i < a->nnodes; i++)
		free(a->nodes[i].fan);
	free(a->rules);
	free(a->next);
	free(a->nodes);
	free(a->uas);
	free(a);
}

int
w_robots_agent_global(const struct w_robots_agent *a)
{
	return a->global;
}

int
w_robots_agent_matched(const struct w_robots_agent *a)
{
	return a->matched;
}

size_t
w_robots_agent_nlines(const struct w_robots_agent *a)
{
	return a->nuas;
}

const char *
w_robots_agent_line(const struct w_robots_agent *a, size_t i, int *line)
{
	const struct ua *u;

	if (i >= a->nuas)
		return NULL;
	u = &a->r->uas[a->uas[i]];
	if (line)
		*line = u->line;
	return a->r->pool.p + u->tok;
}

double
w_robots_agent_crawl_delay(const struct w_robots_agent *a)
{
	return a->delay;
}

/* The first occurrence of needle (nn > 0 bytes) in h (hn bytes). */
static const char *
find(const char *h, size_t hn, const char *needle, size_t nn)
{
	const char *p, *e = h + hn;

	while ((size_t)(e - h) >= nn &&
	    (p = memchr(h, needle[0], (size_t)(e - h) - nn + 1)) != NULL) {
		if (memcmp(p, needle, nn) == 0)
			return p;
		h = p + 1;
	}
	return NULL;
}

/*
 * Does p (pn bytes, may hold '*') match a prefix of s (all of s when
 * anchored)? Segments between stars are found leftmost-first, which is
 * exact for '*' wildcards; an anchored last segment must end s.
 */
static int
glob(const char *p, size_t pn, int anchored, const char *s, size_t sn)
{
	const char *pe = p + pn, *se = s + sn, *q, *f;
	size_t n;

	q = memchr(p, '*', pn);
	n = (size_t)((q ? q : pe) - p);
	if (n > sn || memcmp(p, s, n) != 0)
		return 0;
	s += n;
	p += n;
	if (p == pe)
		return !anchored || s == se;
	while (p < pe) {
		while (p < pe && *p == '*')
			p++;
		if (p == pe)
			return 1;
		q = memchr(p, '*', (size_t)(pe - p));
		n = (size_t)((q ? q : pe) - p);
		if (q == NULL && anchored)
			return (size_t)(se - s) >= n &&
			    memcmp(se - n, p, n) == 0;
		f = find(s, (size_t)(se - s), p, n);
		if (f == NULL)
			return 0;
		s = f + n;
		p += n;
	}
	return 1;
}

/* Is candidate c better than the best so far? */
static int
better(const struct rule *c, const struct rule *best)
{
	if (best == NULL || c->prio > best->prio)
		return 1;
	if (c->prio < best->prio)
		return 0;
	if (c->allow != best->allow)
		return c->allow;
	return c->line < best->line;
}

/*
 * Remove "." and ".." segments from path[0..n) (which starts with '/')
 * in place with url.c's RFC 3986 remover; the new length. Most paths
 * have no segment starting with a dot and are left as they are.
 */
static size_t
remove_dots(char *path, size_t n)
{
	size_t seg, o;
	char *clean;

	for (seg = 0; seg + 1 < n; seg++)
		if (path[seg] == '/' && path[seg + 1] == '.')
			break;
	if (seg + 1 >= n)
		return n;
	clean = w_url_remove_dots(path, n);
	o = strlen(clean);
	if (o == 0)
		clean[o++] = '/';
	memcpy(path, clean, o);
	free(clean);
	return o;
}

/* The path, params and query of url, without the fragment. */
static int
url_path(const char *url, const char **p, size_t *n)
{
	const char *s = url, *e;

	if (s[0] != '/' || s[1] == '/') {
		e = strstr(s, "://");
		if (e == NULL || (size_t)(e - s) > strcspn(s, "/?#"))
			return -1;
		s = e + 3;
		s += strcspn(s, "/?#");
	}
	*p = s;
	*n = strcspn(s, "#");
	return 0;
}

int
w_robots_match(const struct w_robots_agent *a, const char *url,
    struct w_robots_verdict *v)
{
	const struct w_robots *r = a->r;
	const struct rule *best = NULL, *ru;
	char stack[2048], *buf;
	const char *raw;
	size_t rn, n, pl, depth;
	int node, k;

	memset(v, 0, sizeof(*v));
	if (url_path(url, &raw, &rn) == -1)
		return -1;
	buf = 3 * rn + 2 <= sizeof(stack) ? stack : w_malloc(3 * rn + 2);
	buf[0] = '/';
	n = (rn > 0 && raw[0] == '/') ? 0 : 1;
	n += w_robots_normalise(raw, rn, 0, buf + n);
	pl = strcspn(buf, "?");
	if (pl < n) {
		size_t q = n - pl, np = remove_dots(buf, pl);

		memmove(buf + np, buf + pl, q + 1);
		n = np + q;
		pl = np;
	} else
		n = pl = remove_dots(buf, n);
	buf[n] = '\0';
	if (pl == 11 && memcmp(buf, "/robots.txt", 11) == 0) {
		v->allowed = v->implicit = 1;
		goto done;
	}
	for (node = 0, depth = 0;;) {
		for (k = a->nodes[node].head; k != -1; k = a->next[k]) {
			ru = a->rules[k];
			if (ru->wild ? glob(r->pool.p + ru->norm + depth,
			    ru->nlen - depth, ru->anchored, buf + depth,
			    n - depth) : (!ru->anchored || n == depth)) {
				if (better(ru, best))
					best = ru;
			}
		}
		if (depth == n || (node = find_child(a, node,
		    (unsigned char)buf[depth])) == -1)
			break;
		depth++;
	}
	v->allowed = best == NULL || best->allow;
	if (best != NULL) {
		v->allow_rule = best->allow;
		v->line = best->line;
		v->pattern = r->pool.p + best->orig;
	}
done:
	if (buf != stack)
		free(buf);
	return 0;
}

int
w_robots_token_valid(const char *s)
{
	size_t n = 0;

	if (s == NULL)
		return 0;
	while (IS_TOKEN(s[n]))
		n++;
	return n > 0 && s[n] == '\0' && n < W_ROBOTS_TOKEN_MAX;
}

int
w_robots_token(const char *ua, char *out, size_t len)
{
	const char *s = ua, *c;
	size_t n = 0;

	if ((c = strstr(s, "compatible;")) != NULL)
		s = c + strlen("compatible;");
	while (*s == ' ' || *s == '\t')
		s++;
	while (IS_TOKEN(s[n]))
		n++;
	/* A token ends the string or is followed by a version or the
	 * rest of a User-Agent; "Bot2" is not a product token. */
	if (n == 0 || n >= len || n >= W_ROBOTS_TOKEN_MAX ||
	    (s[n] != '\0' && s[n] != '/' && s[n] != ' ' && s[n] != '\t' &&
	    s[n] != ';' && s[n] != ')'))
		return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}
