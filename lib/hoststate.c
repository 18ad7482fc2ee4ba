/*
 * hoststate.c: host coordination state. The decisions (admission,
 * spacing, cooldowns, probes) are pure functions on one bucket; the
 * rest loads state.json into buckets under the lock, applies one
 * decision and writes it back atomically: the new text goes into the
 * spare file state.spare, which is then exchanged with state.json. That
 * is safe only because every reader takes state.lock first (admission,
 * release, status, reset); it saves the inode allocation and the
 * flush-on-replacing-rename that cost ext4 about 0.3 ms a write.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "config.h"
#include "cancel.h"
#include "hoststate.h"
#include "jsonw.h"
#include "json.h"
#include "lock.h"
#include "sha256.h"

static const struct w_scope_rule rules[W_SCOPE_COUNT] = {
	{ "searxng", 1, 2000, 300000 },
	{ "ollama", 1, 2000, 300000 },
	{ "parallel", 1, 2000, 300000 },
	{ "provider", 1, 2000, 300000 },
	{ "duckduckgo", 1, 3000, 300000 },
	{ "startpage", 1, 3000, 300000 },
	{ "codex", 1, 0, 300000 },
	{ "fetch", 2, 500, 60000 },
};

const struct w_scope_rule *
w_host_rule(enum w_scope s)
{
	if ((int)s < 0 || s >= W_SCOPE_COUNT)
		return &rules[W_SCOPE_PROVIDER];
	return &rules[s];
}

int
w_host_scope_named(const char *name)
{
	int i;

	for (i = 0; i < W_SCOPE_COUNT; i++)
		if (strcmp(rules[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- the pure part ---- */

long
w_host_cooldown_ms(enum w_scope s, long streak, long retry_after_ms)
{
	long d = w_host_rule(s)->cooldown_ms;

	if (retry_after_ms >= 0)
		/* Honoured as given, within a day. */
		return retry_after_ms > 86400000L ? 86400000L : retry_after_ms;
	while (--streak > 0 && d < W_HOST_MAX_COOLDOWN_MS)
		d *= 2;
	return d > W_HOST_MAX_COOLDOWN_MS ? W_HOST_MAX_COOLDOWN_MS : d;
}

static void
drop_holder(struct w_host_bucket *b, int i)
{
	b->act[i] = b->act[--b->nact];
}

/* Reclaim expired holders and, with check_alive, dead ones. */
static int
reclaim(struct w_host_bucket *b, long long now, int check_alive)
{
	int i, n = 0;

	for (i = 0; i < b->nact; ) {
		if (now - b->act[i].since > W_HOST_LEASE_MAX_MS ||
		    (check_alive && !w_lock_proc_alive(b->act[i].pid,
		    b->act[i].start))) {
			drop_holder(b, i);
			n++;
		} else
			i++;
	}
	return n;
}

int
w_host_decide(struct w_host_bucket *b, long long now, pid_t pid,
    unsigned long long start, int check_alive, long *ms, long *id)
{
	const struct w_scope_rule *r = w_host_rule(b->scope);
	struct w_host_holder *h;
	int i, probe = 0;

	reclaim(b, now, check_alive);
	*ms = 0;
	if (b->until > now) {
		*ms = (long)(b->until - now);
		return W_HOST_COOLING;
	}
	if (b->until != 0) {
		/* The cooldown is over: one probe, the others wait on it. */
		for (i = 0; i < b->nact; i++)
			if (b->act[i].probe) {
				*ms = 50;
				return W_HOST_WAIT;
			}
		probe = 1;
	}
	if (b->nact >= r->concurrency || b->nact >= W_HOST_MAX_LEASES) {
		*ms = 20;
		return W_HOST_WAIT;
	}
	if (b->last != 0 && now < b->last + r->spacing_ms) {
		*ms = (long)(b->last + r->spacing_ms - now);
		return W_HOST_WAIT;
	}
	h = &b->act[b->nact++];
	h->id = ++b->seq;
	h->pid = pid;
	h->start = start;
	h->since = now;
	h->probe = probe;
	b->last = now;
	b->admitted++;
	*id = h->id;
	return W_HOST_ADMIT;
}

void
w_host_settle(struct w_host_bucket *b, long id, enum w_host_outcome o,
    long retry_after_ms, long long now)
{
	long long until;
	int i;

	for (i = 0; i < b->nact; i++)
		if (b->act[i].id == id) {
			drop_holder(b, i);
			break;
		}
	switch (o) {
	case W_HOST_SUCCESS:
		b->throttles = b->failures = 0;
		b->until = 0;
		break;
	case W_HOST_THROTTLED:
		b->throttled++;
		b->throttles++;
		until = now + w_host_cooldown_ms(b->scope, b->throttles,
		    retry_after_ms);
		if (until > b->until)
			b->until = until;
		break;
	case W_HOST_FAILURE:
		b->failed++;
		if (++b->failures >= 2 &&
		    now + W_HOST_INFRA_COOLDOWN_MS > b->until)
			b->until = now + W_HOST_INFRA_COOLDOWN_MS;
		break;
	case W_HOST_NEUTRAL:
		break;
	}
}

/* ---- the state file ---- */

/*
 * The loaded state. raw[i] is bucket i's member text ("key":{...}) in
 * text as read, written back verbatim unless the bucket was touched
 * (len 0): one call changes one bucket, so a store re-encodes only it.
 */
struct span {
	size_t	 off, len;
};

struct state {
	struct w_host_bucket	*b;
	struct span		*raw;
	size_t			 n, cap;
	char			*text;
};

static void
state_free(struct state *st)
{
	free(st->b);
	free(st->raw);
	free(st->text);
	memset(st, 0, sizeof(*st));
}

/* Room for one more bucket. */
static void
state_grow(struct state *st)
{
	if (st->n < st->cap)
		return;
	st->cap = st->cap ? st->cap * 2 : 16;
	st->b = w_realloc(st->b, st->cap * sizeof(*st->b));
	st->raw = w_realloc(st->raw, st->cap * sizeof(*st->raw));
}

static int
unavailable(struct w_err *e, const char *why)
{
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "host coordination "
	    "state %s; refusing to send without it (inspect "
	    "$XDG_STATE_HOME/webtools by hand; web-control reset does not "
	    "repair it)", why);
}

/* The state directory ($XDG_STATE_HOME/webtools); caller frees. */
static char *
state_dir(void)
{
	char *d = w_config_basedir(W_BASE_STATE, NULL);

	/* No usable base: a path that cannot exist, so admission fails
	 * closed instead of falling back to a shared place. */
	return d != NULL ? d : w_strdup("/nonexistent/webtools");
}

static int
is_hex32(const char *s)
{
	size_t i;

	for (i = 0; i < 32; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[32] == '\0';
}

/*
 * The state file is read and written by hand rather than through jv:
 * jq's parser and a jv tree per bucket cost about a millisecond per
 * call once a few dozen origins are recorded. The reader is strict JSON
 * (any key order, whitespace, unknown members skipped); anything else,
 * a missing or out-of-range field, a duplicate bucket or trailing bytes,
 * is corrupt.
 */
#define BIG	9007199254740991.0	/* 2^53 - 1 */
#define MAX_DEPTH	32

struct cur {
	const char	*p, *end;
	int		 depth;
};

static void
ws(struct cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' ||
	    *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

/* Consume ch after any whitespace; -1 when something else comes. */
static int
eat(struct cur *c, char ch)
{
	ws(c);
	if (c->p < c->end && *c->p == ch) {
		c->p++;
		return 0;
	}
	return -1;
}

/*
 * A string. Its text (escapes decoded; non-ASCII and NUL as byte 1,
 * which matches no name) goes to out when it fits in cap - 1 bytes,
 * else out is "\1".
 */
static int
str(struct cur *c, char *out, size_t cap)
{
	size_t n = 0;
	int ch, i, d, v;

	if (eat(c, '"') == -1)
		return -1;
	for (;;) {
		if (c->p >= c->end)
			return -1;
		ch = (unsigned char)*c->p++;
		if (ch == '"')
			break;
		if (ch < 0x20)
			return -1;
		if (ch == '\\') {
			if (c->p >= c->end)
				return -1;
			switch (ch = (unsigned char)*c->p++) {
			case '"': case '\\': case '/':
				break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			case 'n': ch = '\n'; break;
			case 'r': ch = '\r'; break;
			case 't': ch = '\t'; break;
			case 'u':
				if (c->end - c->p < 4)
					return -1;
				for (v = 0, i = 0; i < 4; i++) {
					if ((d = w_hexval(c->p[i])) == -1)
						return -1;
					v = v * 16 + d;
				}
				c->p += 4;
				ch = v > 0 && v < 0x80 ? v : 1;
				break;
			default:
				return -1;
			}
		} else if (ch >= 0x80)
			ch = 1;
		if (n + 1 < cap)
			out[n++] = (char)ch;
		else
			n = cap;
	}
	if (n >= cap) {
		out[0] = '\1';
		n = 1;
	}
	out[n] = '\0';
	return 0;
}

static int
digits(struct cur *c)
{
	const char *s = c->p;

	while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
		c->p++;
	return c->p > s ? 0 : -1;
}

/* A JSON number; *v is -1 when it is too long to be one of ours. */
static int
lexnum(struct cur *c, double *v)
{
	const char *s;
	char tmp[40];
	size_t n;

	ws(c);
	s = c->p;
	if (c->p < c->end && *c->p == '-')
		c->p++;
	if (c->p < c->end && *c->p == '0')
		c->p++;
	else if (digits(c) == -1)
		return -1;
	if (c->p < c->end && *c->p == '.') {
		c->p++;
		if (digits(c) == -1)
			return -1;
	}
	if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
		c->p++;
		if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
			c->p++;
		if (digits(c) == -1)
			return -1;
	}
	n = (size_t)(c->p - s);
	if (n <= 15 && s[0] != '-') {
		/* Digits only (what the writer puts): exact without strtod. */
		for (*v = 0; s < c->p && *s >= '0' && *s <= '9'; s++)
			*v = *v * 10 + (*s - '0');
		if (s == c->p)
			return 0;
		s = c->p - n;
	}
	if (n >= sizeof(tmp)) {
		*v = -1;
		return 0;
	}
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*v = strtod(tmp, NULL);
	return 0;
}

/* A number that is an integer in [lo, hi]. */
static int
num(struct cur *c, double lo, double hi, long long *out)
{
	double v;

	if (lexnum(c, &v) == -1 || !(v >= lo && v <= hi) ||
	    v != (double)(long long)v)
		return -1;
	*out = (long long)v;
	return 0;
}

static int
word(struct cur *c, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, w, n) != 0)
		return -1;
	c->p += n;
	return 0;
}

/* Skip any one value. */
static int
skip(struct cur *c)
{
	char k[2], close;
	double v;

	ws(c);
	if (c->p >= c->end)
		return -1;
	switch (*c->p) {
	case '"':
		return str(c, k, sizeof(k));
	case 't':
		return word(c, "true");
	case 'f':
		return word(c, "false");
	case 'n':
		return word(c, "null");
	case '{':
	case '[':
		break;
	default:
		return lexnum(c, &v);
	}
	close = *c->p++ == '{' ? '}' : ']';
	if (++c->depth > MAX_DEPTH)
		return -1;
	if (eat(c, close) == 0) {
		c->depth--;
		return 0;
	}
	do {
		if (close == '}' && (str(c, k, sizeof(k)) == -1 ||
		    eat(c, ':') == -1))
			return -1;
		if (skip(c) == -1)
			return -1;
	} while (eat(c, ',') == 0);
	c->depth--;
	return eat(c, close);
}

/* Index of name in f[0..n), n when absent; *next (the field after the
 * last one found: the order the writer uses) is tried first. */
static int
field(const char *const *f, int n, const char *name, int *next)
{
	int i;

	if (*next < n && strcmp(f[*next], name) == 0)
		i = *next;
	else
		for (i = 0; i < n && strcmp(f[i], name) != 0; i++)
			;
	*next = i + 1;
	return i;
}

/*
 * The next member's name as an index in f[0..n) (n for another name),
 * its colon consumed; -1 on bad syntax. The name field() would try first
 * is matched in place.
 */
static int
member(struct cur *c, const char *const *f, int n, int *next)
{
	char k[40];
	size_t len;

	ws(c);
	if (*next < n) {
		len = strlen(f[*next]);
		if ((size_t)(c->end - c->p) > len + 1 && c->p[0] == '"' &&
		    memcmp(c->p + 1, f[*next], len) == 0 &&
		    c->p[len + 1] == '"') {
			c->p += len + 2;
			return eat(c, ':') == -1 ? -1 : (*next)++;
		}
	}
	if (str(c, k, sizeof(k)) == -1 || eat(c, ':') == -1)
		return -1;
	return field(f, n, k, next);
}

static int
parse_holder(struct cur *c, struct w_host_holder *h)
{
	static const char *const f[] = { "id", "pid", "start", "since",
	    "probe" };
	static const double lo[] = { 0, 1, 0, 0, 0 };
	static const double hi[] = { BIG, 1 << 30, BIG, BIG, 1 };
	long long v[5] = { 0 };
	int i, seen = 0, next = 0;

	if (eat(c, '{') == -1)
		return -1;
	do {
		if ((i = member(c, f, 5, &next)) == -1)
			return -1;
		if (i == 5) {
			if (skip(c) == -1)
				return -1;
			continue;
		}
		if (num(c, lo[i], hi[i], &v[i]) == -1)
			return -1;
		seen |= 1 << i;
	} while (eat(c, ',') == 0);
	if (eat(c, '}') == -1 || seen != 0x1f)
		return -1;
	h->id = (long)v[0];
	h->pid = (pid_t)v[1];
	h->start = (unsigned long long)v[2];
	h->since = v[3];
	h->probe = (int)v[4];
	return 0;
}

static int
parse_active(struct cur *c, struct w_host_bucket *b)
{
	b->nact = 0;
	if (eat(c, '[') == -1)
		return -1;
	if (eat(c, ']') == 0)
		return 0;
	do {
		if (b->nact >= W_HOST_MAX_LEASES ||
		    parse_holder(c, &b->act[b->nact]) == -1)
			return -1;
		b->nact++;
	} while (eat(c, ',') == 0);
	return eat(c, ']');
}

static int
parse_bucket(struct cur *c, struct w_host_bucket *b)
{
	/* In the order the writer uses. */
	static const char *const f[] = { "scope", "active", "last", "until",
	    "throttles", "failures", "seq", "admitted", "throttled",
	    "failed", "name" };
	long long v[10] = { 0 };
	int i, seen = 0, next = 0;

	if (eat(c, '{') == -1)
		return -1;
	do {
		if ((i = member(c, f, 11, &next)) == -1)
			return -1;
		if (i == 11) {
			if (skip(c) == -1)
				return -1;
			continue;
		}
		if (i == 10) {	/* optional: state written before names */
			if (str(c, b->name, sizeof(b->name)) == -1)
				return -1;
			continue;
		}
		if (i == 1 ? parse_active(c, b) : num(c, 0, i == 0 ?
		    W_SCOPE_COUNT - 1 : BIG, &v[i]))
			return -1;
		seen |= 1 << i;
	} while (eat(c, ',') == 0);
	if (eat(c, '}') == -1 || seen != 0x3ff)
		return -1;
	b->scope = (int)v[0];
	b->last = v[2];
	b->until = v[3];
	b->throttles = (long)v[4];
	b->failures = (long)v[5];
	b->seq = (long)v[6];
	b->admitted = (long)v[7];
	b->throttled = (long)v[8];
	b->failed = (long)v[9];
	return 0;
}

/* Whether key is already among the n buckets (a table by key prefix). */
static int
duplicate(struct state *st, unsigned short *tab, size_t n)
{
	const char *key = st->b[n].key;
	unsigned long h = 0;
	size_t i;
	int j;

	for (j = 0; j < 8; j++)
		h = h * 16 + (unsigned long)w_hexval(key[j]);
	for (i = h % 1024; tab[i] != 0; i = (i + 1) % 1024)
		if (strcmp(st->b[tab[i] - 1].key, key) == 0)
			return 1;
	tab[i] = (unsigned short)(n + 1);
	return 0;
}

static int
parse_buckets(struct cur *c, struct state *st, struct w_err *e)
{
	unsigned short tab[1024];
	char k[40];

	if (eat(c, '{') == -1)
		return unavailable(e, "is corrupt (not a webtools state file)");
	if (eat(c, '}') == 0)
		return 0;
	memset(tab, 0, sizeof(tab));
	do {
		if (st->n >= W_HOST_MAX_BUCKETS)
			return unavailable(e, "is corrupt or has too many "
			    "buckets");
		state_grow(st);
		memset(&st->b[st->n], 0, sizeof(*st->b));
		ws(c);
		st->raw[st->n].off = (size_t)(c->p - st->text);
		if (str(c, k, sizeof(k)) == -1 || !is_hex32(k) ||
		    eat(c, ':') == -1 || parse_bucket(c, &st->b[st->n]) == -1)
			return unavailable(e, "is corrupt (a bucket)");
		st->raw[st->n].len = (size_t)(c->p - st->text) -
		    st->raw[st->n].off;
		memcpy(st->b[st->n].key, k, 33);
		if (duplicate(st, tab, st->n))
			return unavailable(e, "is corrupt (a duplicate "
			    "bucket)");
		st->n++;
	} while (eat(c, ',') == 0);
	if (eat(c, '}') == -1)
		return unavailable(e, "is corrupt (not a webtools state file)");
	return 0;
}

static int
parse_top(struct cur *c, struct state *st, struct w_err *e)
{
	char k[40];
	long long v;
	int version = 0, buckets = 0;

	if (eat(c, '{') == -1)
		return -1;
	do {
		if (str(c, k, sizeof(k)) == -1 || eat(c, ':') == -1)
			return -1;
		if (strcmp(k, "webtoolsHostState") == 0) {
			if (num(c, 1, 1, &v) == -1)
				return -1;
			version = 1;
		} else if (strcmp(k, "buckets") == 0) {
			if (buckets)
				return -1;
			if (parse_buckets(c, st, e) == -1)
				return -2;
			buckets = 1;
		} else if (skip(c) == -1)
			return -1;
	} while (eat(c, ',') == 0);
	if (eat(c, '}') == -1 || !version || !buckets)
		return -1;
	ws(c);
	return c->p == c->end ? 0 : -1;
}

/* Parse st->text (len bytes) into st. */
static int
parse_state(size_t len, struct state *st, struct w_err *e)
{
	struct cur c;
	int rc;

	c.p = st->text;
	c.end = st->text + len;
	c.depth = 0;
	if ((rc = parse_top(&c, st, e)) == 0)
		return 0;
	state_free(st);
	if (rc == -1)
		unavailable(e, "is corrupt (not a webtools state file)");
	return -1;
}

/* Append "name":v (after a comma unless it opens the object). */
static int
addnum(struct w_buf *o, const char *name, long long v)
{
	return w_jsonw_key(o, name) | w_jsonw_int(o, v);
}

/* Append one bucket as a member of the buckets object (-1: too big). */
static int
dump_bucket(struct w_buf *o, const struct w_host_bucket *b)
{
	const struct w_host_holder *h;
	int i, rc;

	rc = w_jsonw_str(o, b->key, 32) | w_buf_add(o, ":{", 2) |
	    addnum(o, "scope", b->scope) | w_jsonw_key(o, "active") |
	    w_buf_addc(o, '[');
	for (i = 0; i < b->nact; i++) {
		h = &b->act[i];
		if (i > 0)
			rc |= w_buf_addc(o, ',');
		rc |= w_buf_addc(o, '{') | addnum(o, "id", h->id) |
		    addnum(o, "pid", h->pid) |
		    addnum(o, "start", (long long)h->start) |
		    addnum(o, "since", h->since) |
		    addnum(o, "probe", h->probe) | w_buf_addc(o, '}');
	}
	rc |= w_buf_addc(o, ']') | addnum(o, "last", b->last) |
	    addnum(o, "until", b->until) |
	    addnum(o, "throttles", b->throttles) |
	    addnum(o, "failures", b->failures) |
	    addnum(o, "seq", b->seq) |
	    addnum(o, "admitted", b->admitted) |
	    addnum(o, "throttled", b->throttled) |
	    addnum(o, "failed", b->failed);
	if (*b->name)	/* w_host_name keeps it free of escapes */
		rc |= w_jsonw_key(o, "name") | w_jsonw_cstr(o, b->name);
	return rc | w_buf_addc(o, '}');
}

/* Paths of the state directory's files. */
struct paths {
	char	*dir, *state, *spare, *lock;
	int	 lockfd;
};

static void
paths_free(struct paths *p)
{
	if (p->lockfd != -1) {
		w_lock_drop(p->lockfd);
		close(p->lockfd);
	}
	free(p->dir);
	free(p->state);
	free(p->spare);
	free(p->lock);
}

/* dir/name; caller frees. */
static char *
join(const char *dir, const char *name)
{
	struct w_buf b;

	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s/%s", dir, name);
	return w_buf_take(&b);
}

/* Check (create when create) the directory, open and take the lock. */
static int
paths_lock(struct paths *p, int create, struct w_err *e)
{
	int rc;

	p->lockfd = -1;
	p->dir = state_dir();
	p->state = join(p->dir, "state.json");
	p->spare = join(p->dir, "state.spare");
	p->lock = join(p->dir, "state.lock");
	if (access(p->dir, F_OK) == -1 && errno == ENOENT && create)
		rc = w_lock_private_dir(p->dir, e);
	else
		rc = w_lock_check_dir(p->dir, e);
	if (rc == -1) {
		if (!create && access(p->dir, F_OK) == -1 && errno == ENOENT)
			return 1;
		return -1;
	}
	if ((p->lockfd = w_lock_open(p->lock, 1, e)) == -1)
		return -1;
	return w_lock_take(p->lockfd, 1, W_LOCK_WAIT_MS, e);
}

static int
load_state(struct paths *p, struct state *st, struct w_err *e)
{
	size_t n;
	int rc;

	memset(st, 0, sizeof(*st));
	rc = w_lock_read_private(p->state, W_HOST_MAX_BYTES, &st->text, &n,
	    e);
	if (rc == 1)
		return 0;
	if (rc == -1)
		return -1;
	return parse_state(n, st, e);
}

/*
 * Write the state. sync: fsync before the exchange. Lease bookkeeping is
 * written without it (a lease means nothing after a crash, and an fsync
 * costs milliseconds per call); cooldowns, streaks and resets with it.
 */
static int
store_state(struct paths *p, const struct state *st, int sync,
    struct w_err *e)
{
	struct w_buf o;
	size_t i;
	int rc = 0;

	w_buf_init(&o, W_HOST_MAX_BYTES);
	w_buf_reserve(&o, 256 + st->n * 240);
	if (w_buf_adds(&o, "{\"webtoolsHostState\":1,\"buckets\":{") == -1)
		rc = -1;
	for (i = 0; i < st->n && rc == 0; i++)
		if ((i > 0 && w_buf_addc(&o, ',') == -1) ||
		    (st->raw[i].len > 0 ? w_buf_add(&o, st->text +
		    st->raw[i].off, st->raw[i].len) :
		    dump_bucket(&o, &st->b[i])) == -1)
			rc = -1;
	if (rc == 0 && w_buf_adds(&o, "}}") == -1)
		rc = -1;
	if (rc == -1) {
		w_buf_free(&o);
		return unavailable(e, "would grow past 256 KiB");
	}
	/* Every reader and writer holds state.lock, so the spare may be
	 * rewritten in place and exchanged (lock.h). */
	rc = w_lock_write_swap(p->state, p->spare, o.p, o.len, sync, e);
	w_buf_free(&o);
	return rc;
}

void
w_host_bucket_key(enum w_scope scope, const char *key, char out[33])
{
	struct w_buf b;
	char h[65];

	w_buf_init(&b, 16384);
	w_buf_printf(&b, "webtools-host\n%s\n%s", w_host_rule(scope)->name,
	    key ? key : "");
	w_sha256_hex(b.p, b.len, h);
	w_buf_free(&b);
	memcpy(out, h, 32);
	out[32] = '\0';
}

/* Whether a bucket holds nothing worth keeping at time now. */
static int
idle(const struct w_host_bucket *b, long long now)
{
	return b->nact == 0 && b->until <= now && b->throttles == 0 &&
	    b->failures == 0 && now - b->last > 60000;
}

/*
 * Find or add key's bucket, marked as changed (the caller changes it);
 * NULL when the state is full.
 */
void
w_host_name(char *name, const char *key)
{
	size_t i;

	for (i = 0; i < W_HOST_NAME_MAX && key[i] != '\0'; i++)
		name[i] = key[i] > 0x20 && key[i] < 0x7f && key[i] != '"' &&
		    key[i] != '\\' ? key[i] : '?';
	name[i] = '\0';
}

static struct w_host_bucket *
find_bucket(struct state *st, const char *key, enum w_scope scope,
    long long now)
{
	struct w_host_bucket *nb;
	size_t i, old = 0;

	for (i = 0; i < st->n; i++)
		if (memcmp(st->b[i].key, key, 33) == 0) {
			st->raw[i].len = 0;
			return &st->b[i];
		}
	if (st->n >= W_HOST_MAX_BUCKETS) {
		/* Drop the least recently used idle bucket. */
		for (i = 0, old = st->n; i < st->n; i++)
			if (idle(&st->b[i], now) && (old == st->n ||
			    st->b[i].last < st->b[old].last))
				old = i;
		if (old == st->n)
			return NULL;
		st->n--;
		st->b[old] = st->b[st->n];
		st->raw[old] = st->raw[st->n];
	}
	state_grow(st);
	nb = &st->b[st->n];
	memset(nb, 0, sizeof(*nb));
	memcpy(nb->key, key, 33);
	nb->scope = scope;
	st->raw[st->n++].len = 0;
	return nb;
}

static int
cooling(struct w_err *e, const char *name, long ms, long long now)
{
	w_err_set(e, W_E_RATE_LIMITED, "%s is cooling down after throttling "
	    "or failures; nothing was sent (retry after %ld s)", name,
	    (ms + 999) / 1000);
	e->retry_after_ms = ms;
	e->retry_at = (time_t)((now + ms + 999) / 1000);
	return -1;
}

int
w_host_admit(enum w_scope scope, const char *key, long wait_ms,
    struct w_host_lease *l, struct w_err *e)
{
	return w_host_admit_until(scope, key, wait_ms, NULL, NULL, l, e);
}

int
w_host_admit_until(enum w_scope scope, const char *key, long wait_ms,
    int (*give_up)(void *, struct w_err *), void *arg,
    struct w_host_lease *l, struct w_err *e)
{
	long long end = w_clock_mono_ms() + wait_ms, now;
	unsigned long long start = w_lock_proc_start(getpid());
	struct w_host_bucket *b;
	struct paths p;
	struct state st;
	char bk[33];
	long ms, id;
	int d, before;

	memset(l, 0, sizeof(*l));
	w_host_bucket_key(scope, key, bk);
	for (;;) {
		if (paths_lock(&p, 1, e) != 0 || load_state(&p, &st, e)) {
			paths_free(&p);
			return -1;
		}
		now = w_clock_now_ms();
		if ((b = find_bucket(&st, bk, scope, now)) == NULL) {
			state_free(&st);
			paths_free(&p);
			return unavailable(e, "is full (512 active buckets)");
		}
		before = b->nact;
		d = w_host_decide(b, now, getpid(), start, 1, &ms, &id);
		if (d == W_HOST_ADMIT)
			l->probe = b->act[b->nact - 1].probe;
		/* Waiting changes nothing unless a lease was reclaimed. */
		if ((d == W_HOST_ADMIT || b->nact != before) &&
		    store_state(&p, &st, 0, e) == -1) {
			state_free(&st);
			paths_free(&p);
			return -1;
		}
		state_free(&st);
		paths_free(&p);
		if (d == W_HOST_ADMIT) {
			l->held = 1;
			l->since = now;
			l->scope = scope;
			l->id = id;
			memcpy(l->bucket, bk, sizeof(bk));
			w_host_name(l->name, key && *key ? key :
			    w_host_rule(scope)->name);
			return 0;
		}
		if (d == W_HOST_COOLING)
			return cooling(e, w_host_rule(scope)->name, ms, now);
		if (give_up != NULL && give_up(arg, e) == -1)
			return -1;
		if (w_clock_mono_ms() + ms > end)
			return w_err_set(e, W_E_TIMEOUT, "host admission for %s "
			    "did not come within %ld ms",
			    w_host_rule(scope)->name, wait_ms);
		w_clock_sleep_ms(ms);
		if (w_cancel_check(e) == -1)
			return -1;
	}
}

void
w_host_release(struct w_host_lease *l, enum w_host_outcome o,
    long retry_after_ms)
{
	struct w_host_bucket *b;
	struct paths p;
	struct state st;
	struct w_err e;
	int durable;

	if (!l->held)
		return;
	l->held = 0;
	w_err_clear(&e);
	if (paths_lock(&p, 1, &e) != 0 || load_state(&p, &st, &e)) {
		paths_free(&p);
		return;
	}
	b = find_bucket(&st, l->bucket, l->scope, w_clock_now_ms());
	if (b != NULL) {
		durable = o == W_HOST_THROTTLED || o == W_HOST_FAILURE ||
		    (o == W_HOST_SUCCESS && (b->until != 0 ||
		    b->throttles != 0 || b->failures != 0));
		w_host_settle(b, l->id, o, retry_after_ms, w_clock_now_ms());
		/* A name is kept only while it explains a cooldown: status
		 * can say who cools down, and nothing else is remembered. */
		if (b->until != 0)
			memcpy(b->name, l->name, sizeof(b->name));
		else if (o == W_HOST_SUCCESS)
			b->name[0] = '\0';
		(void)store_state(&p, &st, durable, &e);
	}
	state_free(&st);
	paths_free(&p);
}

static jv
status_bucket(const struct w_host_bucket *b, long long now)
{
	char iso[32];
	jv o = jv_object();

	o = jv_object_set(o, jv_string("bucket"), jv_string(b->key));
	o = jv_object_set(o, jv_string("name"), *b->name ?
	    jv_string(b->name) : jv_null());
	o = jv_object_set(o, jv_string("scope"),
	    jv_string(w_host_rule(b->scope)->name));
	o = jv_object_set(o, jv_string("active"), jv_number(b->nact));
	if (b->until > now) {
		o = jv_object_set(o, jv_string("cooling_down"), jv_true());
		o = jv_object_set(o, jv_string("retry_after_ms"),
		    jv_number((double)(b->until - now)));
		o = jv_object_set(o, jv_string("retry_at"), jv_string(
		    w_json_iso8601((time_t)(b->until / 1000), iso,
		    sizeof(iso))));
	} else
		o = jv_object_set(o, jv_string("cooling_down"), jv_false());
	o = jv_object_set(o, jv_string("probe_pending"),
	    jv_bool(b->until != 0 && b->until <= now));
	o = jv_object_set(o, jv_string("throttle_streak"),
	    jv_number(b->throttles));
	o = jv_object_set(o, jv_string("failure_streak"),
	    jv_number(b->failures));
	o = jv_object_set(o, jv_string("admitted"), jv_number(b->admitted));
	o = jv_object_set(o, jv_string("throttled"), jv_number(b->throttled));
	o = jv_object_set(o, jv_string("failed"), jv_number(b->failed));
	if (b->last != 0)
		o = jv_object_set(o, jv_string("last_start"), jv_string(
		    w_json_iso8601((time_t)(b->last / 1000), iso,
		    sizeof(iso))));
	return o;
}

/* Load under the lock, reclaiming dead leases; 1: no state dir yet. */
static int
open_validated(struct paths *p, struct state *st, struct w_err *e)
{
	long long now = w_clock_now_ms();
	size_t i;
	int rc, n = 0;

	memset(st, 0, sizeof(*st));
	if ((rc = paths_lock(p, 0, e)) != 0)
		return rc;
	if (load_state(p, st, e) == -1)
		return -1;
	for (i = 0; i < st->n; i++)
		if (reclaim(&st->b[i], now, 1) > 0) {
			st->raw[i].len = 0;
			n++;
		}
	if (n > 0 && store_state(p, st, 0, e) == -1)
		return -1;
	return 0;
}

int
w_host_status(jv *out, struct w_err *e)
{
	long long now = w_clock_now_ms();
	struct paths p;
	struct state st;
	size_t i;
	long active = 0, cool = 0;
	int rc;
	jv bs = jv_array();

	*out = jv_null();
	rc = open_validated(&p, &st, e);
	if (rc == -1) {
		state_free(&st);
		paths_free(&p);
		jv_free(bs);
		return -1;
	}
	for (i = 0; i < st.n; i++) {
		active += st.b[i].nact;
		cool += st.b[i].until > now;
		bs = jv_array_append(bs, status_bucket(&st.b[i], now));
	}
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("state_dir"), jv_string(p.dir));
	*out = jv_object_set(*out, jv_string("exists"), jv_bool(rc == 0));
	*out = jv_object_set(*out, jv_string("buckets"),
	    jv_number((double)st.n));
	*out = jv_object_set(*out, jv_string("max_buckets"),
	    jv_number(W_HOST_MAX_BUCKETS));
	*out = jv_object_set(*out, jv_string("active_requests"),
	    jv_number(active));
	*out = jv_object_set(*out, jv_string("cooling_down"), jv_number(cool));
	*out = jv_object_set(*out, jv_string("entries"), bs);
	state_free(&st);
	paths_free(&p);
	return 0;
}

int
w_host_reset(jv *out, struct w_err *e)
{
	struct paths p;
	struct state st;
	size_t i;
	long active = 0;
	int rc;

	*out = jv_null();
	rc = open_validated(&p, &st, e);
	if (rc == -1)
		goto out;
	for (i = 0; i < st.n; i++)
		active += st.b[i].nact;
	if (active > 0) {
		rc = w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "reset refused: "
		    "%ld request%s active under host coordination; wait for "
		    "%s to finish", active, active == 1 ? " is" : "s are",
		    active == 1 ? "it" : "them");
		goto out;
	}
	*out = jv_object();
	*out = jv_object_set(*out, jv_string("reset"), jv_true());
	*out = jv_object_set(*out, jv_string("buckets_cleared"),
	    jv_number((double)st.n));
	if (rc == 0) {
		state_free(&st);
		rc = store_state(&p, &st, 1, e);
		/* The spare now holds the cleared state: keep no copy. */
		if (rc == 0)
			(void)unlink(p.spare);
	} else
		rc = 0;
out:
	if (rc == -1) {
		jv_free(*out);
		*out = jv_null();
	}
	state_free(&st);
	paths_free(&p);
	return rc;
}

/* Whether bucket b belongs to target (see w_host_reset_target). */
static int
targets(const struct w_host_bucket *b, const char *target)
{
	const char *h = strstr(b->name, "://");
	size_t n = strlen(target);

	if (strcmp(b->name, target) == 0 ||
	    strcmp(w_host_rule(b->scope)->name, target) == 0)
		return 1;
	return h != NULL && strncmp(h + 3, target, n) == 0 &&
	    (h[3 + n] == '\0' || h[3 + n] == ':' || h[3 + n] == '/');
}

int
w_host_reset_target(const char *target, jv *out, struct w_err *e)
{
	struct paths p;
	struct state st;
	size_t i;
	long active = 0, n = 0;
	int rc;

	*out = jv_null();
	rc = open_validated(&p, &st, e);
	if (rc == 0) {
		for (i = 0; i < st.n; i++)
			if (targets(&st.b[i], target))
				active += st.b[i].nact;
		if (active > 0)
			rc = w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "reset "
			    "refused: %ld request%s active for %s", active,
			    active == 1 ? " is" : "s are", target);
	}
	for (i = 0; rc == 0 && i < st.n;)
		if (targets(&st.b[i], target)) {
			st.n--;
			st.b[i] = st.b[st.n];
			st.raw[i] = st.raw[st.n];
			n++;
		} else
			i++;
	if (rc == 0 && n > 0)
		rc = store_state(&p, &st, 1, e);
	if (rc != -1) {
		rc = 0;
		*out = jv_object();
		*out = jv_object_set(*out, jv_string("reset"), jv_true());
		*out = jv_object_set(*out, jv_string("target"),
		    jv_string(target));
		*out = jv_object_set(*out, jv_string("buckets_cleared"),
		    jv_number((double)n));
	}
	state_free(&st);
	paths_free(&p);
	return rc;
}
