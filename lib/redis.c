/*
 * redis.c: the Redis connection: URL and config parsing (pure), a
 * policy-checked connect with timeouts, AUTH, SELECT, commands whose
 * replies become jv values, and EVALSHA with a reload on NOSCRIPT.
 */
#include <sys/socket.h>
#include <sys/time.h>

#include <netdb.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef W_HAVE_HIREDIS
#include <hiredis/hiredis.h>
#endif

#include "buf.h"
#include "json.h"
#include "redis.h"
#include "sha1.h"

static int
bad_url(struct w_err *e, const char *why)
{
	w_err_set(e, W_E_INVALID_PARAMETER, "config: redis.url %s", why);
	e->usage = 1;
	return -1;
}

/* Percent-decode s[0..n) (no NUL may result); NULL when malformed. */
static char *
pct_decode(const char *s, size_t n)
{
	char *o = w_malloc(n + 1), *q = o;
	size_t i;
	int h, l;

	for (i = 0; i < n; i++) {
		if (s[i] != '%') {
			*q++ = s[i];
			continue;
		}
		if (i + 2 >= n)
			goto bad;
		if ((h = w_hexval(s[i + 1])) == -1 || (l = w_hexval(s[i + 2])) == -1 ||
		    (h == 0 && l == 0))
			goto bad;
		*q++ = (char)(h * 16 + l);
		i += 2;
	}
	*q = '\0';
	return o;
bad:
	free(o);
	return NULL;
}

static void
conf_clear_addr(struct w_redis_conf *c)
{
	free(c->host);
	free(c->path);
	free(c->user);
	free(c->pass);
	c->host = c->path = c->user = c->pass = NULL;
	c->port = 6379;
	c->db = 0;
}

/* The userinfo "user:pass" of s[0..n). */
static int
userinfo(const char *s, size_t n, struct w_redis_conf *c, struct w_err *e)
{
	const char *colon = memchr(s, ':', n);
	size_t ul = colon ? (size_t)(colon - s) : n;

	if (ul > 0 && (c->user = pct_decode(s, ul)) == NULL)
		return bad_url(e, "has a malformed user name");
	if (colon != NULL && (size_t)(s + n - colon - 1) > 0 &&
	    (c->pass = pct_decode(colon + 1, (size_t)(s + n - colon - 1))) ==
	    NULL)
		return bad_url(e, "has a malformed password");
	if (colon == NULL && c->user != NULL) {
		/* "redis://secret@host": a password alone, as redis-cli. */
		c->pass = c->user;
		c->user = NULL;
	}
	return 0;
}

static int
hostport(const char *s, size_t n, struct w_redis_conf *c, struct w_err *e)
{
	const char *end = s + n, *hp, *he;
	long v;
	char *x;

	if (n > 0 && *s == '[') {
		if ((he = memchr(s, ']', n)) == NULL)
			return bad_url(e, "has a malformed IPv6 host");
		hp = s + 1;
		s = he + 1;
	} else {
		hp = s;
		for (he = s; he < end && *he != ':'; he++)
			;
		s = he;
	}
	if (he == hp || he - hp > 253)
		return bad_url(e, "has no host");
	c->host = w_strndup(hp, (size_t)(he - hp));
	for (x = c->host; *x; x++)
		if (*x <= ' ' || *x == '/' || *x == '?' || *x == '#' ||
		    *x == '%' || *x == '\\' || *x == '@')
			return bad_url(e, "has a malformed host");
	if (s == end)
		return 0;
	if (*s != ':' || end - s < 2 || end - s > 6)
		return bad_url(e, "has a malformed port");
	for (v = 0, s++; s < end; s++) {
		if (*s < '0' || *s > '9')
			return bad_url(e, "has a malformed port");
		v = v * 10 + (*s - '0');
	}
	if (v < 1 || v > 65535)
		return bad_url(e, "has a port out of range");
	c->port = (int)v;
	return 0;
}

int
w_redis_url_parse(const char *url, struct w_redis_conf *c, struct w_err *e)
{
	const char *s, *auth_end, *at, *slash;
	long db;

	conf_clear_addr(c);
	if (strlen(url) > 4096)
		return bad_url(e, "is too long");
	for (s = url; *s; s++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return bad_url(e, "has spaces or control characters");
	if (strncmp(url, "unix://", 7) == 0) {
		if (url[7] != '/' || url[8] == '\0')
			return bad_url(e, "needs an absolute socket path "
			    "(unix:///path)");
		if (strlen(url + 7) >= 108)
			return bad_url(e, "names a socket path too long");
		c->path = w_strdup(url + 7);
		return 0;
	}
	if (strncmp(url, "redis://", 8) != 0)
		return bad_url(e, "must start redis:// or unix:// (rediss:// "
		    "is not supported)");
	s = url + 8;
	auth_end = s + strcspn(s, "/?#");
	if (*auth_end == '?' || *auth_end == '#')
		return bad_url(e, "takes no query or fragment");
	at = NULL;
	for (slash = s; slash < auth_end; slash++)
		if (*slash == '@')
			at = slash;
	if (at != NULL) {
		if (userinfo(s, (size_t)(at - s), c, e) == -1)
			return -1;
		s = at + 1;
	}
	if (hostport(s, (size_t)(auth_end - s), c, e) == -1)
		return -1;
	if (*auth_end == '/' && auth_end[1] != '\0') {
		for (db = 0, s = auth_end + 1; *s; s++) {
			if (*s < '0' || *s > '9' || db > 9999)
				return bad_url(e, "has a malformed database "
				    "number");
			db = db * 10 + (*s - '0');
		}
		if (db > 9999)
			return bad_url(e, "has a malformed database number");
		c->db = (int)db;
	}
	return 0;
}

static int
bad_key(struct w_err *e, const char *key, const char *why)
{
	w_err_set(e, W_E_INVALID_PARAMETER, "config: redis.%s %s", key, why);
	e->usage = 1;
	return -1;
}

int
w_redis_conf_from_json(jv o, struct w_redis_conf *c, struct w_err *e)
{
	const char *url, *pre, *env, *pw;
	size_t i;

	memset(c, 0, sizeof(*c));
	c->port = 6379;
	snprintf(c->prefix, sizeof(c->prefix), "webtools:");
	c->timeout_ms = W_REDIS_TIMEOUT_MS;
	c->lease_ms = 120000;
	if (jv_get_kind(o) != JV_KIND_OBJECT ||
	    (url = w_json_str_peek(o, "url")) == NULL)
		return bad_key(e, "url", "is required with coordination "
		    "\"redis\"");
	if (w_redis_url_parse(url, c, e) == -1)
		return -1;
	if ((pre = w_json_str_peek(o, "prefix")) != NULL) {
		if (strlen(pre) > W_REDIS_PREFIX_MAX)
			return bad_key(e, "prefix", "is too long");
		for (i = 0; pre[i]; i++)
			if ((unsigned char)pre[i] <= ' ' || pre[i] == 0x7f)
				return bad_key(e, "prefix", "has spaces or "
				    "control characters");
		snprintf(c->prefix, sizeof(c->prefix), "%s", pre);
	}
	c->timeout_ms = w_json_int_peek(o, "timeoutMs", W_REDIS_TIMEOUT_MS);
	if (c->timeout_ms < 1 || c->timeout_ms > 60000)
		return bad_key(e, "timeoutMs", "must be 1 to 60000");
	c->lease_ms = w_json_int_peek(o, "leaseMs", 120000);
	if (c->lease_ms < 1000 || c->lease_ms > 600000)
		return bad_key(e, "leaseMs", "must be 1000 to 600000");
	if ((env = w_json_str_peek(o, "passwordEnv")) != NULL &&
	    (pw = getenv(env)) != NULL && *pw != '\0') {
		free(c->pass);
		c->pass = w_strdup(pw);
	}
	return 0;
}

void
w_redis_conf_free(struct w_redis_conf *c)
{
	if (c == NULL)
		return;
	if (c->pass != NULL)
		memset(c->pass, 0, strlen(c->pass));
	conf_clear_addr(c);
}

const char *
w_redis_where(const struct w_redis_conf *c, char *buf, size_t len)
{
	if (c->path != NULL)
		snprintf(buf, len, "unix:%s", c->path);
	else if (c->host != NULL && strchr(c->host, ':') != NULL)
		snprintf(buf, len, "[%s]:%d", c->host, c->port);
	else
		snprintf(buf, len, "%s:%d", c->host ? c->host : "?", c->port);
	return buf;
}

const char *
w_redis_script_sha(struct w_redis_script *s)
{
	if (s->sha[0] == '\0')
		w_sha1_hex(s->text, strlen(s->text), s->sha);
	return s->sha;
}

#ifndef W_HAVE_HIREDIS

int
w_redis_available(void)
{
	return 0;
}

int
w_redis_open(struct w_redis **r, const struct w_redis_conf *c,
    const struct w_policy *p, struct w_err *e)
{
	*r = NULL;
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "coordination \"redis\" "
	    "is not available in this build (configure found no hiredis; "
	    "install libhiredis-dev and rebuild)");
}

void
w_redis_close(struct w_redis *r)
{
}

const struct w_redis_conf *
w_redis_conf_peek(const struct w_redis *r)
{
	return NULL;
}

int
w_redis_cmd(struct w_redis *r, int argc, const char **argv,
    const size_t *lens, jv *out, struct w_err *e)
{
	*out = jv_null();
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no Redis support");
}

int
w_redis_eval(struct w_redis *r, struct w_redis_script *s, int nkeys,
    int argc, const char **argv, jv *out, struct w_err *e)
{
	*out = jv_null();
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "no Redis support");
}

#else

struct w_redis {
	redisContext		*ctx;
	struct w_redis_conf	 conf;
	char			 where[300];
};

int
w_redis_available(void)
{
	return 1;
}

static int
down(struct w_redis *r, struct w_err *e, const char *what)
{
	w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "Redis at %s %s; nothing "
	    "was sent (coordination \"redis\" fails closed)", r->where, what);
	e->retryable = 1;
	if (r->ctx != NULL) {
		redisFree(r->ctx);
		r->ctx = NULL;
	}
	return -1;
}

static struct timeval
tv_ms(long ms)
{
	struct timeval tv;

	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	return tv;
}

/* The numeric address to connect to, after the policy check. */
static int
checked_addr(const struct w_redis_conf *c, const struct w_policy *p,
    char *ip, size_t iplen, struct w_err *e)
{
	struct addrinfo hints, *res = NULL, *ai;
	unsigned char a[16];
	struct w_err first;
	int fam, rc;

	if (w_addr_parse(c->host, &fam, a) == 0) {
		if (w_policy_check_addr(p, c->host, c->port, fam, a, 1, e) ==
		    -1)
			return -1;
		snprintf(ip, iplen, "%s", c->host);
		return 0;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(c->host, NULL, &hints, &res)) != 0)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the Redis "
		    "host %s does not resolve (%s); nothing was sent",
		    c->host, gai_strerror(rc));
	w_err_clear(&first);
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		if (ai->ai_family == AF_INET) {
			memcpy(a, &((struct sockaddr_in *)(void *)
			    ai->ai_addr)->sin_addr, 4);
			fam = 4;
		} else if (ai->ai_family == AF_INET6) {
			memcpy(a, &((struct sockaddr_in6 *)(void *)
			    ai->ai_addr)->sin6_addr, 16);
			fam = 6;
		} else
			continue;
		w_err_clear(e);
		if (w_policy_check_addr(p, c->host, c->port, fam, a, 1, e) ==
		    0) {
			inet_ntop(fam == 4 ? AF_INET : AF_INET6, a, ip,
			    (socklen_t)iplen);
			freeaddrinfo(res);
			return 0;
		}
		if (first.code == W_E_NONE)
			first = *e;
	}
	freeaddrinfo(res);
	if (first.code != W_E_NONE) {
		*e = first;
		return -1;
	}
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "the Redis host %s "
	    "has no usable address; nothing was sent", c->host);
}

/* A reply as jv; -1 for an error reply or too deep or too big. */
static int
to_jv(const redisReply *rp, int depth, jv *out)
{
	size_t i;

	*out = jv_null();
	switch (rp->type) {
	case REDIS_REPLY_INTEGER:
		*out = jv_number((double)rp->integer);
		return 0;
	case REDIS_REPLY_STRING:
	case REDIS_REPLY_STATUS:
		if (rp->len > W_REDIS_REPLY_MAX)
			return -1;
		*out = jv_string_sized(rp->str, (int)rp->len);
		return 0;
	case REDIS_REPLY_NIL:
		return 0;
	case REDIS_REPLY_ARRAY:
		if (depth > 4 || rp->elements > 100000)
			return -1;
		*out = jv_array();
		for (i = 0; i < rp->elements; i++) {
			jv x;

			if (to_jv(rp->element[i], depth + 1, &x) == -1) {
				jv_free(x);
				jv_free(*out);
				*out = jv_null();
				return -1;
			}
			*out = jv_array_append(*out, x);
		}
		return 0;
	default:
		return -1;
	}
}

/* Run one command; *err_word gets an error reply's first word. */
static int
command(struct w_redis *r, int argc, const char **argv, const size_t *lens,
    jv *out, char *err_word, size_t wlen, struct w_err *e)
{
	size_t l[16];
	redisReply *rp;
	int i, rc;

	*out = jv_null();
	err_word[0] = '\0';
	if (r->ctx == NULL)
		return down(r, e, "is not connected");
	if (argc > 16)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "too many "
		    "arguments");
	for (i = 0; i < argc; i++)
		l[i] = lens ? lens[i] : strlen(argv[i]);
	rp = redisCommandArgv(r->ctx, argc, argv, l);
	if (rp == NULL)
		return down(r, e, r->ctx->err == REDIS_ERR_PROTOCOL ?
		    "answered something that is not Redis" :
		    r->ctx->err == REDIS_ERR_EOF ? "closed the connection" :
		    "did not answer in time or the connection failed");
	if (rp->type == REDIS_REPLY_ERROR) {
		snprintf(err_word, wlen, "%.*s", (int)strcspn(rp->str, " "),
		    rp->str);
		freeReplyObject(rp);
		return -1;
	}
	rc = to_jv(rp, 0, out);
	freeReplyObject(rp);
	if (rc == -1)
		return down(r, e, "answered something unexpected");
	return 0;
}

static int
error_reply(struct w_redis *r, struct w_err *e, const char *word)
{
	if (strcmp(word, "NOAUTH") == 0 || strcmp(word, "WRONGPASS") == 0 ||
	    strcmp(word, "NOPERM") == 0)
		return down(r, e, "refused authentication or permission "
		    "(check redis.url's user and redis.passwordEnv)");
	return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "Redis at %s "
	    "answered an error (%.40s); nothing was sent", r->where, word);
}

int
w_redis_cmd(struct w_redis *r, int argc, const char **argv,
    const size_t *lens, jv *out, struct w_err *e)
{
	char word[48];

	if (command(r, argc, argv, lens, out, word, sizeof(word), e) == 0)
		return 0;
	return word[0] ? error_reply(r, e, word) : -1;
}

int
w_redis_eval(struct w_redis *r, struct w_redis_script *s, int nkeys,
    int argc, const char **argv, jv *out, struct w_err *e)
{
	const char *a[16];
	char word[48], nk[16];
	int i, tries;

	if (argc + 3 > 16)
		return w_err_set(e, W_E_COORDINATION_UNAVAILABLE, "too many "
		    "script arguments");
	snprintf(nk, sizeof(nk), "%d", nkeys);
	a[0] = "EVALSHA";
	a[1] = w_redis_script_sha(s);
	a[2] = nk;
	for (i = 0; i < argc; i++)
		a[3 + i] = argv[i];
	for (tries = 0; tries < 2; tries++) {
		if (command(r, argc + 3, a, NULL, out, word, sizeof(word),
		    e) == 0)
			return 0;
		if (strcmp(word, "NOSCRIPT") != 0)
			break;
		/* Flushed or restarted: load it and go again, once. */
		a[0] = "SCRIPT";
		a[1] = "LOAD";
		a[2] = s->text;
		if (command(r, 3, a, NULL, out, word, sizeof(word), e) == -1)
			break;
		jv_free(*out);
		a[0] = "EVALSHA";
		a[1] = s->sha;
		a[2] = nk;
	}
	return word[0] ? error_reply(r, e, word) : -1;
}

int
w_redis_open(struct w_redis **rp, const struct w_redis_conf *c,
    const struct w_policy *p, struct w_err *e)
{
	struct w_redis *r;
	const char *a[3];
	char ip[64], db[16];
	int n;
	jv out;

	*rp = NULL;
	r = w_calloc(1, sizeof(*r));
	w_redis_where(c, r->where, sizeof(r->where));
	r->conf = *c;
	r->conf.host = c->host ? w_strdup(c->host) : NULL;
	r->conf.path = c->path ? w_strdup(c->path) : NULL;
	r->conf.user = c->user ? w_strdup(c->user) : NULL;
	r->conf.pass = c->pass ? w_strdup(c->pass) : NULL;
	if (c->path != NULL) {
		/* A local socket is not network: no policy applies. */
		r->ctx = redisConnectUnixWithTimeout(c->path,
		    tv_ms(c->timeout_ms));
	} else {
		if (checked_addr(c, p, ip, sizeof(ip), e) == -1) {
			w_redis_close(r);
			return -1;
		}
		r->ctx = redisConnectWithTimeout(ip, c->port,
		    tv_ms(c->timeout_ms));
	}
	if (r->ctx == NULL || r->ctx->err) {
		down(r, e, "is unreachable");
		w_redis_close(r);
		return -1;
	}
	if (redisSetTimeout(r->ctx, tv_ms(c->timeout_ms)) != REDIS_OK) {
		down(r, e, "cannot take a timeout");
		w_redis_close(r);
		return -1;
	}
	if (c->pass != NULL) {
		n = 0;
		a[n++] = "AUTH";
		if (c->user != NULL)
			a[n++] = c->user;
		a[n++] = c->pass;
		if (w_redis_cmd(r, n, a, NULL, &out, e) == -1) {
			w_redis_close(r);
			return -1;
		}
		jv_free(out);
	}
	if (c->db != 0) {
		snprintf(db, sizeof(db), "%d", c->db);
		a[0] = "SELECT";
		a[1] = db;
		if (w_redis_cmd(r, 2, a, NULL, &out, e) == -1) {
			w_redis_close(r);
			return -1;
		}
		jv_free(out);
	}
	*rp = r;
	return 0;
}

void
w_redis_close(struct w_redis *r)
{
	if (r == NULL)
		return;
	if (r->ctx != NULL)
		redisFree(r->ctx);
	w_redis_conf_free(&r->conf);
	free(r);
}

const struct w_redis_conf *
w_redis_conf_peek(const struct w_redis *r)
{
	return &r->conf;
}

#endif
