/*
 * robots_fetch.c: an origin's /robots.txt through the HTTP core, the
 * fail-closed table (stricter than RFC 9309 section 2.3.1.3, which lets
 * a crawler proceed on any 4xx), and the per-user cache of completed
 * answers under $XDG_STATE_HOME/webtools/robots/.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "buf.h"
#include "challenge.h"
#include "config.h"
#include "http.h"
#include "json.h"
#include "lock.h"
#include "robots_fetch.h"
#include "sha256.h"

#define CACHE_MAGIC	"webtools-robots 1\n"
#define CACHE_HDR_MAX	512

static const char *const names[] = { "fetched", "missing", "denied",
    "unavailable", "malformed", "challenged" };

const char *
w_robots_status_name(enum w_robots_status s)
{
	return names[s];
}

int
w_robots_status_ok(enum w_robots_status s)
{
	return s == W_ROBOTS_FETCHED || s == W_ROBOTS_MISSING;
}

int
w_robots_check(const struct w_robots_fetch *f, const char *agent,
    const char *url, struct w_robots_verdict *v, double *crawl_delay)
{
	struct w_robots_agent *a;
	int rc = 0;

	memset(v, 0, sizeof(*v));
	if (crawl_delay != NULL)
		*crawl_delay = -1;
	if (!w_robots_status_ok(f->status) || f->rules == NULL)
		return 0;
	a = w_robots_agent_new(f->rules, agent);
	rc = w_robots_match(a, url, v);
	if (crawl_delay != NULL)
		*crawl_delay = w_robots_agent_crawl_delay(a);
	w_robots_agent_free(a);
	return rc;
}

/* Does the body look like markup rather than a text file? */
static int
looks_like_markup(const char *body, size_t len, const char *ctype)
{
	size_t i = 0;

	if (ctype != NULL && (strncasecmp(ctype, "text/html", 9) == 0 ||
	    strncasecmp(ctype, "application/xhtml", 17) == 0))
		return 1;
	if (len >= 3 && memcmp(body, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len && (body[i] == ' ' || body[i] == '\t' ||
	    body[i] == '\r' || body[i] == '\n'))
		i++;
	return i < len && body[i] == '<';
}

void
w_robots_classify(int st, const char *body, size_t len, const char *ctype,
    jv headers, struct w_robots_fetch *f)
{
	struct w_challenge ch;
	struct w_http_resp fake;
	const char *ra;
	time_t now;

	f->http_status = st;
	if (body != NULL && len > 0 && looks_like_markup(body, len, ctype) &&
	    w_challenge_classify(body, len, st, headers, &ch) == 1 &&
	    ch.code == W_E_ACCESS_CHALLENGE) {
		f->status = W_ROBOTS_CHALLENGED;
		w_err_set(&f->why, W_E_ACCESS_CHALLENGE, "robots.txt is an "
		    "anti-bot challenge page%s%s", ch.vendor ? " from " : "",
		    ch.vendor ? ch.vendor : "");
		f->why.http_status = st;
		return;
	}
	if (st == 404 || st == 410) {
		f->status = W_ROBOTS_MISSING;
		f->rules = w_robots_parse("", 0);
		return;
	}
	if (st < 200 || st > 299) {
		memset(&fake, 0, sizeof(fake));
		fake.status = st;
		fake.retry_after_ms = -1;
		now = time(NULL);
		if ((ra = w_json_str_peek(headers, "retry-after")) != NULL &&
		    (fake.retry_after_ms = w_http_retry_after_ms(ra, now)) >= 0)
			fake.retry_at = now + (fake.retry_after_ms + 999) / 1000;
		w_http_status_error(&fake, &f->why);
		f->status = st == 401 || st == 403 || st == 407 ?
		    W_ROBOTS_DENIED : W_ROBOTS_UNAVAILABLE;
		return;
	}
	if (body != NULL && memchr(body, '\0', len) != NULL) {
		f->status = W_ROBOTS_MALFORMED;
		w_err_set(&f->why, W_E_UNUSABLE_CONTENT,
		    "robots.txt is not a text file (NUL bytes)");
		return;
	}
	f->rules = w_robots_parse(body ? body : "", body ? len : 0);
	if (len > 0 && w_robots_records(f->rules) == 0 &&
	    looks_like_markup(body, len, ctype)) {
		w_robots_free(f->rules);
		f->rules = NULL;
		f->status = W_ROBOTS_MALFORMED;
		w_err_set(&f->why, W_E_UNUSABLE_CONTENT,
		    "robots.txt is a markup page with no robots records");
		return;
	}
	f->status = W_ROBOTS_FETCHED;
}

/* Fill f from an HTTP core failure (the transfer did not complete). */
static void
transport_failed(const struct w_err *e, struct w_robots_fetch *f)
{
	f->status = W_ROBOTS_UNAVAILABLE;
	f->why = *e;
	/* the body over the bound; a header too large says so itself */
	if (e->code == W_E_RESPONSE_TOO_LARGE &&
	    strncmp(e->msg, "response header", 15) != 0)
		snprintf(f->why.msg, sizeof(f->why.msg), "robots.txt is "
		    "larger than the %u KiB bound", W_ROBOTS_MAX_BYTES >> 10);
}

static void
fetch_network(const struct w_robots_opts *o, const char *key,
    struct w_robots_fetch *f)
{
	struct w_robots_cache_ent ent;
	struct w_http_req req;
	struct w_http_resp resp;
	struct w_err e;
	char ua[512];
	const char *internal[2] = { NULL, NULL };

	w_http_req_init(&req);
	req.url = f->robots_url;
	req.policy = o->policy;
	req.max_bytes = W_ROBOTS_MAX_BYTES;
	req.timeout_ms = W_ROBOTS_TIMEOUT_MS;
	req.max_redirects = W_ROBOTS_MAX_REDIRECTS;
	if (o->user_agent != NULL) {
		snprintf(ua, sizeof(ua), "User-Agent: %s", o->user_agent);
		internal[0] = ua;
		req.internal = internal;
	}
	w_err_clear(&e);
	memset(&resp, 0, sizeof(resp));
	resp.headers = resp.redirects = jv_null();
	if (w_http_fetch(&req, &resp, &e) == -1) {
		transport_failed(&e, f);
		f->http_status = resp.status;
	} else if (resp.truncated_body && resp.status >= 200 &&
	    resp.status <= 299) {
		/* Rules cut short could drop a Disallow: fail closed. */
		w_err_set(&e, W_E_REQUEST_FAILED, "the encoded robots.txt "
		    "body was cut short");
		transport_failed(&e, f);
		f->http_status = resp.status;
	} else
		w_robots_classify(resp.status, resp.body, resp.len,
		    resp.content_type, resp.headers, f);
	if (resp.final_url != NULL)
		f->final_url = w_strdup(resp.final_url);
	f->duration_ms = resp.duration_ms;
	if (key != NULL && w_robots_status_ok(f->status)) {
		ent.status = f->status;
		ent.http_status = f->http_status;
		ent.stored = time(NULL);
		ent.body = f->status == W_ROBOTS_FETCHED ? resp.body : NULL;
		ent.len = ent.body ? resp.len : 0;
		if (w_robots_cache_put(key, &ent, &f->cache_why) == -1 &&
		    f->cache_why.code == W_E_NONE)
			w_err_set(&f->cache_why, W_E_REQUEST_FAILED,
			    "the cache could not be written");
	}
	w_http_resp_free(&resp);
}

void
w_robots_fetch(const char *origin, const struct w_robots_opts *o,
    struct w_robots_fetch *f)
{
	struct w_robots_cache_ent ent;
	struct w_buf b;
	char key[65];

	memset(f, 0, sizeof(*f));
	w_err_clear(&f->why);
	w_buf_init(&b, strlen(origin) + 16);
	w_buf_adds(&b, origin);
	w_buf_adds(&b, "/robots.txt");
	f->robots_url = w_buf_take(&b);
	if (!o->no_cache) {
		w_robots_cache_key(origin, o->policy, o->user_agent, key);
		if (w_robots_cache_get(key, &ent) == 0) {
			f->status = ent.status;
			f->http_status = ent.http_status;
			f->rules = w_robots_parse(ent.body, ent.len);
			f->cache_hit = 1;
			free(ent.body);
			return;
		}
	}
	fetch_network(o, o->no_cache ? NULL : key, f);
}

void
w_robots_fetch_free(struct w_robots_fetch *f)
{
	w_robots_free(f->rules);
	free(f->robots_url);
	free(f->final_url);
	memset(f, 0, sizeof(*f));
}

/* $XDG_STATE_HOME/webtools/robots, else ~/.local/state/webtools/robots,
 * made 0700 and checked to be ours and private. */
static int
cache_dir(char *out, size_t len, struct w_err *e)
{
	char *d = w_config_basedir(W_BASE_STATE, "robots");
	int rc = -1;

	if (d == NULL || strlen(d) >= len)
		w_err_set(e, W_E_REQUEST_FAILED, "no usable state directory "
		    "($XDG_STATE_HOME or $HOME)");
	else if (w_lock_private_dir(d, e) == 0) {
		memcpy(out, d, strlen(d) + 1);
		rc = 0;
	}
	free(d);
	return rc;
}

/* Append str and its NUL to b, so that adjacent fields cannot run together. */
static void
key_str(struct w_buf *b, const char *str)
{
	(void)w_buf_add(b, str, strlen(str) + 1);
}

void
w_robots_cache_key(const char *origin, const struct w_policy *policy,
    const char *user_agent, char out[65])
{
	struct w_buf b;
	char num[64];
	size_t i;

	w_buf_init(&b, SIZE_MAX / 2);	/* config and URL text: no cap */
	key_str(&b, "robots");
	key_str(&b, origin);
	key_str(&b, user_agent ? user_agent : "");
	snprintf(num, sizeof(num), "%d:%zu", policy ? (int)policy->mode : -1,
	    policy ? policy->nallow : 0);
	key_str(&b, num);
	for (i = 0; policy != NULL && i < policy->nallow; i++) {
		const struct w_allow *a = &policy->allow[i];

		key_str(&b, a->host ? a->host : "");
		(void)w_buf_add(&b, a->addr, sizeof(a->addr));
		snprintf(num, sizeof(num), "%d/%d:%d", a->family, a->prefix,
		    a->port);
		key_str(&b, num);
	}
	w_sha256_hex(b.p, b.len, out);
	w_buf_free(&b);
}

static int
valid_key(const char *key)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!((key[i] >= '0' && key[i] <= '9') ||
		    (key[i] >= 'a' && key[i] <= 'f')))
			return 0;
	return key[64] == '\0';
}

/* Read one "name value\n" header line into *v; advances *p. */
static int
header(const char **p, const char *end, const char *name, long long *v,
    char *str, size_t slen)
{
	size_t n = strlen(name);
	const char *s = *p, *nl;
	char *e;

	nl = memchr(s, '\n', (size_t)(end - s));
	if (nl == NULL || (size_t)(nl - s) <= n + 1 ||
	    memcmp(s, name, n) != 0 || s[n] != ' ')
		return -1;
	s += n + 1;
	if (str != NULL) {
		if ((size_t)(nl - s) >= slen)
			return -1;
		memcpy(str, s, (size_t)(nl - s));
		str[nl - s] = '\0';
	} else {
		errno = 0;
		*v = strtoll(s, &e, 10);
		if (errno != 0 || e != nl || *v < 0)
			return -1;
	}
	*p = nl + 1;
	return 0;
}

/* Check a cache file's bytes; 0 with ent filled (body copied). */
static int
cache_parse(const char *buf, size_t n, const char *key,
    struct w_robots_cache_ent *ent)
{
	const char *p = buf, *end = buf + n;
	char k[65], sum[65], want[65];
	long long stored, status, http, len;
	time_t now = time(NULL);

	if (n < sizeof(CACHE_MAGIC) - 1 ||
	    memcmp(p, CACHE_MAGIC, sizeof(CACHE_MAGIC) - 1) != 0)
		return -1;
	p += sizeof(CACHE_MAGIC) - 1;
	if (header(&p, end, "key", NULL, k, sizeof(k)) == -1 ||
	    strcmp(k, key) != 0 ||
	    header(&p, end, "stored", &stored, NULL, 0) == -1 ||
	    header(&p, end, "status", &status, NULL, 0) == -1 ||
	    header(&p, end, "http", &http, NULL, 0) == -1 ||
	    header(&p, end, "length", &len, NULL, 0) == -1 ||
	    header(&p, end, "sha256", NULL, sum, sizeof(sum)) == -1)
		return -1;
	if (p >= end || *p++ != '\n' || (long long)(end - p) != len ||
	    len > (long long)W_ROBOTS_MAX_BYTES)
		return -1;
	if (status != W_ROBOTS_FETCHED && status != W_ROBOTS_MISSING)
		return -1;
	if ((time_t)stored > now + 60 || now - (time_t)stored >=
	    W_ROBOTS_CACHE_TTL || http < 100 || http > 599)
		return -1;
	w_sha256_hex(p, (size_t)len, want);
	if (strcmp(want, sum) != 0)
		return -1;
	ent->status = (enum w_robots_status)status;
	ent->http_status = (int)http;
	ent->stored = (time_t)stored;
	ent->len = (size_t)len;
	ent->body = w_malloc((size_t)len + 1);
	memcpy(ent->body, p, (size_t)len);
	ent->body[len] = '\0';
	return 0;
}

int
w_robots_cache_get(const char *key, struct w_robots_cache_ent *ent)
{
	char dir[4096], path[4200], *buf;
	struct stat sb;
	struct w_err e;
	ssize_t r;
	size_t n = 0, max = CACHE_HDR_MAX + W_ROBOTS_MAX_BYTES;
	int fd, rc = -1;

	memset(ent, 0, sizeof(*ent));
	w_err_clear(&e);
	if (!valid_key(key) || cache_dir(dir, sizeof(dir), &e) == -1)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", dir, key);
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode) ||
	    sb.st_uid != geteuid() || (size_t)sb.st_size > max) {
		close(fd);
		unlink(path);
		return -1;
	}
	buf = w_malloc(max + 1);
	while (n < max && (r = read(fd, buf + n, max - n)) > 0)
		n += (size_t)r;
	close(fd);
	rc = cache_parse(buf, n, key, ent);
	free(buf);
	if (rc == -1)
		unlink(path);	/* corrupt or expired: never trusted */
	return rc;
}

/* A cache entry's file name: its 64-hex-digit key. */
static int
entry_name(const char *name)
{
	return strlen(name) == 64 && valid_key(name);
}

int
w_robots_cache_put(const char *key, const struct w_robots_cache_ent *ent,
    struct w_err *e)
{
	char dir[4096], path[4200], tmp[4200], sum[65];
	struct w_buf b;
	size_t off = 0;
	ssize_t w;
	int fd, ok, err = 0;

	if (!valid_key(key) || ent->len > W_ROBOTS_MAX_BYTES)
		return 0;
	if (cache_dir(dir, sizeof(dir), e) == -1)
		return -1;
	w_lock_prune_dir(dir, entry_name, W_ROBOTS_CACHE_TTL * 1000LL,
	    W_ROBOTS_CACHE_MAX - 1);
	w_sha256_hex(ent->body ? ent->body : "", ent->len, sum);
	w_buf_init(&b, CACHE_HDR_MAX + W_ROBOTS_MAX_BYTES);
	w_buf_printf(&b, "%skey %s\nstored %lld\nstatus %d\nhttp %d\n"
	    "length %zu\nsha256 %s\n\n", CACHE_MAGIC, key,
	    (long long)ent->stored, (int)ent->status, ent->http_status,
	    ent->len, sum);
	if (ent->len > 0)
		w_buf_add(&b, ent->body, ent->len);
	snprintf(path, sizeof(path), "%s/%s", dir, key);
	snprintf(tmp, sizeof(tmp), "%s/.tmp.XXXXXX", dir);
	if ((fd = mkstemp(tmp)) == -1) {
		w_buf_free(&b);
		return w_err_set(e, W_E_REQUEST_FAILED, "cannot write in %s: "
		    "%s", dir, strerror(errno));
	}
	fchmod(fd, 0600);
	errno = 0;
	while (off < b.len && (w = write(fd, b.p + off, b.len - off)) > 0)
		off += (size_t)w;
	ok = off == b.len;
	if (!ok)
		err = errno;
	if (close(fd) == -1 && ok) {
		ok = 0;
		err = errno;
	}
	if (ok && rename(tmp, path) == -1) {
		ok = 0;
		err = errno;
	}
	if (!ok)
		unlink(tmp);
	w_buf_free(&b);
	if (!ok)
		return w_err_set(e, W_E_REQUEST_FAILED, "cannot write %s: %s",
		    path, err != 0 ? strerror(err) : "short write");
	return 0;
}
