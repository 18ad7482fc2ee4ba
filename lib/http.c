/*
 * http.c: the HTTP transfer core over libcurl. Redirects are followed
 * here, each hop's URL and each connected address checked against the
 * network policy; bodies are bounded on decoded bytes; one deadline
 * covers every attempt and retry wait. Every setopt lives in setup().
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <dlfcn.h>

/* libcurl is loaded on the first transfer (dlopen), so programs that
 * never fetch (wrobots --robots-file) do not pay for loading it and its
 * thirty-odd dependencies at start-up. */
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

static struct {
	CURLcode	 (*global_init)(long);
	CURL		*(*easy_init)(void);
	CURLcode	 (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode	 (*easy_perform)(CURL *);
	CURLcode	 (*easy_getinfo)(CURL *, CURLINFO, ...);
	void		 (*easy_reset)(CURL *);
	void		 (*easy_cleanup)(CURL *);
	const char	*(*easy_strerror)(CURLcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void		 (*slist_free_all)(struct curl_slist *);
	CURLM		*(*multi_init)(void);
	CURLMcode	 (*multi_add_handle)(CURLM *, CURL *);
	CURLMcode	 (*multi_remove_handle)(CURLM *, CURL *);
	CURLMcode	 (*multi_perform)(CURLM *, int *);
	CURLMcode	 (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int,
			    int, int *);
	CURLMsg		*(*multi_info_read)(CURLM *, int *);
	CURLMcode	 (*multi_cleanup)(CURLM *);
} lc;

#undef curl_easy_setopt
#undef curl_easy_getinfo
#define curl_global_init	lc.global_init
#define curl_easy_init		lc.easy_init
#define curl_easy_setopt	lc.easy_setopt
#define curl_easy_perform	lc.easy_perform
#define curl_easy_getinfo	lc.easy_getinfo
#define curl_easy_reset		lc.easy_reset
#define curl_easy_cleanup	lc.easy_cleanup
#define curl_easy_strerror	lc.easy_strerror
#define curl_slist_append	lc.slist_append
#define curl_slist_free_all	lc.slist_free_all
#define curl_multi_init		lc.multi_init
#define curl_multi_add_handle	lc.multi_add_handle
#define curl_multi_remove_handle lc.multi_remove_handle
#define curl_multi_perform	lc.multi_perform
#define curl_multi_poll		lc.multi_poll
#define curl_multi_info_read	lc.multi_info_read
#define curl_multi_cleanup	lc.multi_cleanup

/* Load libcurl once; -1 when it cannot be loaded. */
static int
load_curl(void)
{
	static int state;	/* 0 untried, 1 loaded, -1 failed */
	void *h;

	if (state != 0)
		return state == 1 ? 0 : -1;
	state = -1;
	if ((h = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL)) == NULL)
		return -1;
#define SYM(f, name) if ((*(void **)&lc.f = dlsym(h, name)) == NULL) return -1
	SYM(global_init, "curl_global_init");
	SYM(easy_init, "curl_easy_init");
	SYM(easy_setopt, "curl_easy_setopt");
	SYM(easy_perform, "curl_easy_perform");
	SYM(easy_getinfo, "curl_easy_getinfo");
	SYM(easy_reset, "curl_easy_reset");
	SYM(easy_cleanup, "curl_easy_cleanup");
	SYM(easy_strerror, "curl_easy_strerror");
	SYM(slist_append, "curl_slist_append");
	SYM(slist_free_all, "curl_slist_free_all");
	SYM(multi_init, "curl_multi_init");
	SYM(multi_add_handle, "curl_multi_add_handle");
	SYM(multi_remove_handle, "curl_multi_remove_handle");
	SYM(multi_perform, "curl_multi_perform");
	SYM(multi_poll, "curl_multi_poll");
	SYM(multi_info_read, "curl_multi_info_read");
	SYM(multi_cleanup, "curl_multi_cleanup");
#undef SYM
	if (lc.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return -1;
	state = 1;
	return 0;
}

#include "buf.h"
#include "cancel.h"
#include "encoding.h"
#include "http.h"
#include "json.h"
#include "policy.h"
#include "url.h"

#define HEADER_MAX	(64u << 10)
#define RETRY_WAIT_MAX	5000L

static const char *const allowed_headers[] = {
	"Accept", "Accept-Language", "Range", "User-Agent", NULL
};

/* One attempt's state, shared with the callbacks. */
struct xfer {
	const struct w_http_req	*req;
	struct w_url		*url;
	struct w_buf		 body;
	jv			 headers;
	size_t			 header_bytes;
	int			 too_large;
	int			 headers_too_large;
	const char		*conflict;	/* a header sent twice, differing */
	int			 refused;
	struct w_err		 policy_err;
	struct w_enc		*enc;		/* Content-Encoding decoder */
	CURL			*easy;		/* the attempt's handle */
	int			 enc_failed;
	int			 enc_ignored;	/* an error page not decoding */
	struct w_err		 enc_err;
	long			 start_ms;
	long			 drawn_ms;	/* last progress redraw */
	int			 progress_shown;
	int			 show_progress;
};

static long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
w_http_req_init(struct w_http_req *r)
{
	memset(r, 0, sizeof(*r));
	r->headers = jv_null();
	r->max_redirects = -1;
	r->retries = -1;
}

int
w_http_check_headers(jv headers, struct w_err *e)
{
	const char *const *a;
	int rc = 0, ok;

	if (jv_get_kind(headers) == JV_KIND_NULL)
		return 0;
	if (jv_get_kind(headers) != JV_KIND_OBJECT)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "headers must be an object");
	jv_object_foreach(headers, k, v) {
		if (rc == 0) {
			const char *name = jv_string_value(k), *val;

			for (ok = 0, a = allowed_headers; *a; a++)
				if (strcasecmp(*a, name) == 0)
					ok = 1;
			if (!ok)
				rc = w_err_set(e, W_E_INVALID_PARAMETER,
				    "request header %.40s is not allowed "
				    "(only Accept, Accept-Language, Range, "
				    "User-Agent)", name);
			else if (jv_get_kind(v) != JV_KIND_STRING)
				rc = w_err_set(e, W_E_INVALID_PARAMETER,
				    "header values must be strings");
			else if (strlen(jv_string_value(v)) > 1000)
				rc = w_err_set(e, W_E_INVALID_PARAMETER,
				    "header %.40s is longer than 1000 bytes",
				    name);
			else {
				for (val = jv_string_value(v); *val; val++)
					if (*val == '\r' || *val == '\n')
						rc = w_err_set(e,
						    W_E_INVALID_PARAMETER,
						    "header %.40s holds a line "
						    "break", name);
			}
		}
		jv_free(k);
		jv_free(v);
	}
	if (rc)
		e->usage = 1;
	return rc;
}

/* Body bytes as sent; decoded here (not by libcurl) so that a body
 * cut short or mislabelled is seen. The cap bounds decoded bytes. */
static size_t
on_body(char *p, size_t sz, size_t n, void *arg)
{
	struct xfer *x = arg;
	long st = 0;
	int rc;

	if (x->enc_ignored)
		return sz * n;
	if (x->enc == NULL)
		x->enc = w_enc_new(w_json_str_peek(x->headers,
		    "content-encoding"));
	rc = w_enc_feed(x->enc, p, sz * n, &x->body, &x->enc_err);
	if (rc == 1) {
		x->too_large = 1;
		return 0;
	}
	if (rc == -1) {
		/* An error page whose body does not decode (a 503 or 429
		 * with a lying or unknown coding) keeps its status's
		 * meaning, retry and Retry-After included: its body goes. */
		(void)curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &st);
		if (st < 200 || st > 299) {
			x->enc_ignored = 1;
			w_buf_reset(&x->body);
			return sz * n;
		}
		x->enc_failed = 1;
		return 0;
	}
	return sz * n;
}

static size_t
on_header(char *p, size_t sz, size_t n, void *arg)
{
	struct xfer *x = arg;
	size_t len = sz * n, i, klen;
	char *colon, *v, *end;
	const char *prev;
	char name[128];

	x->header_bytes += len;
	if (x->header_bytes > HEADER_MAX) {
		x->headers_too_large = 1;
		return 0;
	}
	if (len > 5 && strncmp(p, "HTTP/", 5) == 0) {
		/* A new response (after 100 Continue): start over. */
		jv_free(x->headers);
		x->headers = jv_object();
		return len;
	}
	if ((colon = memchr(p, ':', len)) == NULL)
		return len;
	klen = (size_t)(colon - p);
	if (klen == 0 || klen >= sizeof(name))
		return len;
	for (i = 0; i < klen; i++)
		name[i] = (char)tolower((unsigned char)p[i]);
	name[klen] = '\0';
	v = colon + 1;
	end = p + len;
	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	while (end > v && (end[-1] == '\r' || end[-1] == '\n' ||
	    end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if ((prev = w_json_str_peek(x->headers, name)) != NULL) {
		/* Two framings or two targets: which one the server meant
		 * cannot be known (RFC 9112 6.3; browsers refuse too). */
		if ((strcmp(name, "content-length") == 0 ||
		    strcmp(name, "location") == 0) &&
		    (strlen(prev) != (size_t)(end - v) ||
		    memcmp(prev, v, (size_t)(end - v)) != 0)) {
			x->conflict = strcmp(name, "location") == 0 ?
			    "Location" : "Content-Length";
			return 0;
		}
		/* Codings sent on two lines are one list (RFC 9110 5.3);
		 * a line merely repeated is taken once. */
		if (strcmp(name, "content-encoding") == 0 &&
		    (strlen(prev) != (size_t)(end - v) ||
		    strncasecmp(prev, v, (size_t)(end - v)) != 0)) {
			jv both = jv_string_fmt("%s, %.*s", prev,
			    (int)(end - v), v);

			x->headers = jv_object_set(x->headers,
			    jv_string(name), both);
			return len;
		}
	}
	x->headers = jv_object_set(x->headers, jv_string(name),
	    jv_string_sized(v, (int)(end - v)));
	if (strcmp(name, "content-length") == 0 && x->body.len == 0) {
		/* Size the body once; the cap still bounds it. */
		unsigned long long cl = strtoull(v, NULL, 10);

		if (cl > 0)
			w_buf_reserve(&x->body, cl > x->body.max ?
			    x->body.max : (size_t)cl);
	}
	return len;
}

static curl_socket_t
on_socket(void *arg, curlsocktype purpose, struct curl_sockaddr *sa)
{
	struct xfer *x = arg;
	unsigned char addr[16];
	int family, port;

	(void)purpose;
	/* The port is the one actually connected (WEB_CONNECT_TO may move
	 * it), so allow entries with a port match the real endpoint. */
	if (sa->family == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)(void *)&sa->addr;

		memcpy(addr, &in->sin_addr, 4);
		port = ntohs(in->sin_port);
		family = 4;
	} else if (sa->family == AF_INET6) {
		struct sockaddr_in6 *in6 =
		    (struct sockaddr_in6 *)(void *)&sa->addr;

		memcpy(addr, &in6->sin6_addr, 16);
		port = ntohs(in6->sin6_port);
		family = 6;
	} else {
		x->refused = 1;
		w_err_set(&x->policy_err, W_E_BLOCKED_TARGET,
		    "address family not allowed");
		return CURL_SOCKET_BAD;
	}
	if (w_policy_check_addr(x->req->policy, x->url->host, port,
	    family, addr, x->req->operator, &x->policy_err) == -1) {
		x->refused = 1;
		return CURL_SOCKET_BAD;
	}
	return socket(sa->family, sa->socktype, sa->protocol);
}

static int
on_progress(void *arg, curl_off_t dltotal, curl_off_t dlnow,
    curl_off_t ultotal, curl_off_t ulnow)
{
	struct xfer *x = arg;
	long now = now_ms(), el = now - x->start_ms;
	char line[160];

	(void)ultotal;
	(void)ulnow;
	/* SIGINT / SIGTERM: abort (CURLE_ABORTED_BY_CALLBACK). */
	if (w_cancel_signal())
		return 1;
	if (!x->show_progress || !w_http_progress_due(el, x->progress_shown ?
	    now - x->drawn_ms : -1))
		return 0;
	w_http_progress_line(line, sizeof(line), x->url->host,
	    (long long)dlnow, (long long)dltotal, el);
	fprintf(stderr, "\r%s\033[K", line);
	x->drawn_ms = now;
	x->progress_shown = 1;
	return 0;
}

/* The entries of a test hook (policy.c parses them) for libcurl. */
static struct curl_slist *
list_from_env(const char *var)
{
	char **list = w_policy_env_list(var);
	struct curl_slist *l = NULL;
	size_t i;

	for (i = 0; list != NULL && list[i] != NULL; i++)
		l = curl_slist_append(l, list[i]);
	w_policy_env_list_free(list);
	return l;
}

/* Request headers; internal (trusted, possibly credentials) ones only
 * while the request stays on its first origin. */
static struct curl_slist *
build_headers(const struct w_http_req *r, int with_internal)
{
	struct curl_slist *l = NULL;
	const char *const *h;
	int has_ua = 0;
	char line[1024];

	if (jv_get_kind(r->headers) == JV_KIND_OBJECT)
		jv_object_foreach(r->headers, k, v) {
			if (strcasecmp(jv_string_value(k), "User-Agent") == 0)
				has_ua = 1;
			snprintf(line, sizeof(line), "%s: %s",
			    jv_string_value(k), jv_string_value(v));
			l = curl_slist_append(l, line);
			jv_free(k);
			jv_free(v);
		}
	for (h = with_internal ? r->internal : NULL; h && *h; h++) {
		if (strncasecmp(*h, "User-Agent:", 11) == 0)
			has_ua = 1;
		l = curl_slist_append(l, *h);
	}
	if (!has_ua)
		l = curl_slist_append(l, "User-Agent: webtools/"
		    WEBTOOLS_VERSION);
	if (r->body && r->body_type) {
		snprintf(line, sizeof(line), "Content-Type: %s", r->body_type);
		l = curl_slist_append(l, line);
	}
	return curl_slist_append(l, "Expect:");
}

struct env_lists {
	struct curl_slist *resolve, *connect_to;
};

static void
setup(CURL *c, struct xfer *x, const char *url, struct curl_slist *hdrs,
    const struct env_lists *el, long left_ms, char *errbuf)
{
	const struct w_http_req *r = x->req;
	const char *ca = getenv("WEB_CA_BUNDLE");

	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_PROXY, "");
	curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, W_ENC_ACCEPT);
	curl_easy_setopt(c, CURLOPT_HTTP_CONTENT_DECODING, 0L);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdrs);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, left_ms > 0 ? left_ms : 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS,
	    left_ms > 0 ? left_ms : 1L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, x);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, x);
	curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, on_socket);
	curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, x);
	curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE,
	    (curl_off_t)x->body.max);
	if (el->resolve)
		curl_easy_setopt(c, CURLOPT_RESOLVE, el->resolve);
	if (el->connect_to)
		curl_easy_setopt(c, CURLOPT_CONNECT_TO, el->connect_to);
	if (ca && *ca)
		curl_easy_setopt(c, CURLOPT_CAINFO, ca);
	if (r->body) {
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, r->body);
		curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE,
		    (curl_off_t)r->body_len);
	}
	if (r->method && strcmp(r->method, "GET") != 0 &&
	    strcmp(r->method, "POST") != 0)
		curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, r->method);
	/* Always: the callback also notices cancellation. */
	x->show_progress = r->progress && isatty(STDERR_FILENO);
	curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
	curl_easy_setopt(c, CURLOPT_XFERINFODATA, x);
	curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
}

long
w_http_retry_after_ms(const char *v, time_t now)
{
	char *end;
	long secs;
	struct tm tm;
	time_t t;

	if (v == NULL)
		return -1;
	while (*v == ' ')
		v++;
	if (isdigit((unsigned char)*v)) {
		secs = strtol(v, &end, 10);
		if (*end != '\0' || secs < 0 || secs > 86400L * 365)
			return -1;
		return secs * 1000;
	}
	memset(&tm, 0, sizeof(tm));
	if (strptime(v, "%a, %d %b %Y %H:%M:%S GMT", &tm) == NULL)
		return -1;
	t = timegm(&tm);
	return t > now ? (long)(t - now) * 1000 : 0;
}

static void
note_retry_after(struct w_http_resp *resp)
{
	const char *v = NULL;
	jv h = w_json_get(jv_copy(resp->headers), "retry-after");
	time_t now = time(NULL);

	if (jv_get_kind(h) == JV_KIND_STRING)
		v = jv_string_value(h);
	resp->retry_after_ms = w_http_retry_after_ms(v, now);
	resp->retry_at = resp->retry_after_ms >= 0 ?
	    now + (resp->retry_after_ms + 999) / 1000 : 0;
	jv_free(h);
}

/* Map a curl failure of one attempt into e; returns whether retryable. */
static int
map_curl_error(CURLcode rc, struct xfer *x, const char *errbuf,
    struct w_err *e)
{
	if (x->refused) {
		*e = x->policy_err;
		return 0;
	}
	if (x->headers_too_large) {
		w_err_set(e, W_E_RESPONSE_TOO_LARGE, "response header too "
		    "large: the headers are larger than %u bytes", HEADER_MAX);
		return 0;
	}
	if (x->conflict) {
		w_err_set(e, W_E_REQUEST_FAILED, "the response has two "
		    "different %s headers", x->conflict);
		e->retryable = 0;
		return 0;
	}
	if (x->enc_failed) {
		/* a body that does not decode fails the same way again */
		*e = x->enc_err;
		e->retryable = 0;
		return 0;
	}
	/* libcurl reports one header line past its own 100 KiB limit as
	 * "Out of memory" before any header reaches on_header. */
	if (rc == CURLE_OUT_OF_MEMORY && x->body.len == 0 &&
	    x->enc == NULL) {
		w_err_set(e, W_E_RESPONSE_TOO_LARGE, "response header too "
		    "large: a header line is longer than 100 KiB");
		return 0;
	}
	if (x->too_large || rc == CURLE_FILESIZE_EXCEEDED) {
		w_err_set(e, W_E_RESPONSE_TOO_LARGE,
		    "the response is larger than %zu bytes", x->body.max);
		return 0;
	}
	if (rc == CURLE_ABORTED_BY_CALLBACK && w_cancel_check(e) == -1)
		return 0;
	if (rc == CURLE_OPERATION_TIMEDOUT) {
		w_err_set(e, W_E_TIMEOUT, "the transfer hit its deadline");
		return 0;
	}
	w_err_set(e, W_E_REQUEST_FAILED, "%s", *errbuf ? errbuf :
	    curl_easy_strerror(rc));
	return rc != CURLE_SSL_CACERT && rc != CURLE_PEER_FAILED_VERIFICATION &&
	    rc != CURLE_UNSUPPORTED_PROTOCOL && rc != CURLE_URL_MALFORMAT;
}

static int
retryable_status(int st)
{
	return st == 408 || st == 425 || (st >= 500 && st <= 599);
}

/* Check one hop's URL; hop 0 is the request itself. */
static int
check_hop(const struct w_http_req *r, const char *url, int hop,
    struct w_url *u, struct w_err *e)
{
	if (w_url_parse(url, u, e) == -1) {
		if (hop > 0)
			w_err_set(e, W_E_BLOCKED_TARGET,
			    "redirect %d points at an invalid URL", hop);
		return -1;
	}
	if (w_policy_check_url(r->policy, u, r->operator, e) == -1) {
		if (hop > 0) {
			char m[sizeof(e->msg)];

			snprintf(m, sizeof(m), "redirect %d refused (to "
			    "%.100s): %.300s", hop, u->host ? u->host : "?",
			    e->msg);
			memcpy(e->msg, m, sizeof(m));
			if (e->code == W_E_INVALID_PARAMETER)
				e->code = W_E_BLOCKED_TARGET;
		}
		w_url_free(u);
		return -1;
	}
	return 0;
}

static char *
location_of(const struct w_http_resp *resp)
{
	jv loc = w_json_get(jv_copy(resp->headers), "location");
	char *s = NULL;

	if (jv_get_kind(loc) == JV_KIND_STRING)
		s = w_strdup(jv_string_value(loc));
	jv_free(loc);
	return s;
}

/*
 * A Location as browsers read it (WHATWG URL): C0 controls and spaces
 * at either end trimmed, and inside, spaces, other controls and DEL
 * percent-encoded (tabs and line breaks are dropped later). Caller
 * frees.
 */
char *
w_http_location_escape(const char *loc)
{
	size_t n = strlen(loc), i;
	struct w_buf b;

	while (n > 0 && (unsigned char)loc[n - 1] <= 0x20)
		n--;
	while (n > 0 && (unsigned char)*loc <= 0x20) {
		loc++;
		n--;
	}
	if (n == 0)
		return w_strdup("");
	w_buf_init(&b, 3 * n + 1);
	w_buf_reserve(&b, 3 * n + 1);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)loc[i];

		if ((c <= 0x20 && c != '\t' && c != '\n' && c != '\r') ||
		    c == 0x7f) {
			char h[4];

			snprintf(h, sizeof(h), "%%%02X", c);
			(void)w_buf_adds(&b, h);
		} else
			(void)w_buf_addc(&b, (char)c);
	}
	return w_buf_take(&b);
}

/* The scheme a Location names when it is neither http nor https
 * ("data", "javascript", "ftp"), lowercased into buf; NULL otherwise. */
const char *
w_http_location_scheme(const char *loc, char *buf, size_t size)
{
	size_t i;

	if (!isalpha((unsigned char)*loc))
		return NULL;
	for (i = 0; loc[i] != ':'; i++)
		if (!isalnum((unsigned char)loc[i]) && loc[i] != '+' &&
		    loc[i] != '-' && loc[i] != '.')
			return NULL;
	if (i + 1 > size)
		i = size - 1;
	snprintf(buf, size, "%.*s", (int)i, loc);
	for (i = 0; buf[i]; i++)
		buf[i] = (char)tolower((unsigned char)buf[i]);
	return strcmp(buf, "http") == 0 || strcmp(buf, "https") == 0 ?
	    NULL : buf;
}

static int
same_origin(const struct w_url *u, const char *origin)
{
	char *o = w_url_origin(u);
	int same = strcmp(o, origin) == 0;

	free(o);
	return same;
}

static int
is_redirect(int st)
{
	return st == 301 || st == 302 || st == 303 || st == 307 || st == 308;
}

static void
init_resp(struct w_http_resp *resp)
{
	memset(resp, 0, sizeof(*resp));
	resp->headers = jv_object();
	resp->redirects = jv_array();
	resp->retry_after_ms = -1;
}

/*
 * One transfer: a state machine driven by w_http_multi_wait. Each
 * attempt is one easy handle run in the multi; a finished attempt is
 * retried (after a wait that never blocks the other transfers),
 * followed to its next hop, or finished.
 */
enum { X_RUN, X_WAIT, X_DONE };

struct w_http_xfer {
	struct xfer		 x;
	const struct w_http_req	*r;
	struct w_http_resp	*resp;
	struct w_err		*e;
	void			*tag;
	struct w_url		 u;
	char			*url;
	char			*origin0;
	struct curl_slist	*hdrs;
	CURL			*c;
	char			 errbuf[CURL_ERROR_SIZE];
	long			 start, deadline, wake;
	int			 hop, n, maxr, retries, rc, state, started;
	struct w_http_xfer	*next;
};

struct w_http_multi {
	CURLM			*m;
	struct env_lists	 el;
	int			 have_el;
	struct w_http_xfer	*list;
};

static w_http_watch_fn	 watch_fn;
static void		*watch_arg;

void
w_http_set_watch(w_http_watch_fn fn, void *arg)
{
	watch_fn = fn;
	watch_arg = arg;
}

static long
effective_timeout(const struct w_http_req *r)
{
	return r->timeout_ms > 0 ? r->timeout_ms : W_HTTP_TIMEOUT_MS;
}

/* Start one attempt of t at its current URL. */
static void
start_attempt(struct w_http_multi *mh, struct w_http_xfer *t)
{
	struct xfer *x = &t->x;
	struct w_http_resp *resp = t->resp;

	w_err_clear(t->e);
	curl_easy_reset(t->c);
	w_buf_reset(&x->body);
	jv_free(x->headers);
	x->headers = jv_object();
	x->header_bytes = 0;
	x->too_large = x->headers_too_large = x->refused = 0;
	x->conflict = NULL;
	w_enc_free(x->enc);
	x->enc = NULL;
	x->enc_failed = x->enc_ignored = 0;
	x->easy = t->c;
	w_err_clear(&x->enc_err);
	x->url = &t->u;
	resp->status = 0;
	resp->truncated_body = 0;
	resp->resolved[0] = '\0';
	free(resp->content_type);
	resp->content_type = NULL;
	t->errbuf[0] = '\0';
	setup(t->c, x, t->url, t->hdrs, &mh->el, t->deadline - now_ms(),
	    t->errbuf);
	curl_multi_add_handle(mh->m, t->c);
	t->state = X_RUN;
}

/* The transfer is over: hand the response its parts, free the rest. */
static void
finish(struct w_http_xfer *t, int rc)
{
	struct w_http_resp *resp = t->resp;

	if (t->started) {
		if (t->r->no_redirects && rc == 0 &&
		    is_redirect(resp->status))
			resp->location = location_of(resp);
		resp->final_url = t->url;
		t->url = NULL;
		resp->len = t->x.body.len;
		resp->body = w_buf_take(&t->x.body);
		resp->duration_ms = now_ms() - t->start;
		w_enc_free(t->x.enc);
		jv_free(t->x.headers);
		free(t->origin0);
		curl_slist_free_all(t->hdrs);
		curl_easy_cleanup(t->c);
		t->c = NULL;
	}
	w_url_free(&t->u);
	t->rc = rc;
	t->state = X_DONE;
}

/* After a final answer for one hop: follow a redirect or finish. */
static void
next_hop(struct w_http_multi *mh, struct w_http_xfer *t, int rc)
{
	const struct w_http_req *r = t->r;
	struct w_http_resp *resp = t->resp;
	char *loc, *next, scheme[33];
	struct w_err he;
	jv ent;

	if (rc == -1 || r->no_redirects || !is_redirect(resp->status)) {
		finish(t, rc);
		return;
	}
	loc = location_of(resp);
	if (loc != NULL) {
		char *esc = w_http_location_escape(loc);

		free(loc);
		loc = esc;
	}
	w_err_clear(&he);
	next = loc ? w_url_resolve_host(t->url, loc, &he) : NULL;
	if (next == NULL && loc != NULL &&
	    w_http_location_scheme(loc, scheme, sizeof(scheme)) != NULL)
		/* data:, javascript:, mailto: ... are no place to fetch */
		w_err_set(&he, W_E_BLOCKED_TARGET, "scheme %s is not "
		    "allowed", scheme);
	ent = jv_object_set(jv_object(), jv_string("url"), jv_string(t->url));
	ent = jv_object_set(ent, jv_string("status"),
	    jv_number(resp->status));
	ent = jv_object_set(ent, jv_string("location"),
	    next ? jv_string(next) : jv_null());
	resp->redirects = jv_array_append(resp->redirects, ent);
	free(loc);
	w_url_free(&t->u);
	memset(&t->u, 0, sizeof(t->u));
	if (next == NULL && he.code != W_E_NONE) {
		/* a host that is no host: refused, and named */
		finish(t, w_err_set(t->e, W_E_BLOCKED_TARGET,
		    "redirect %d refused: %s", t->hop + 1, he.msg));
		return;
	}
	if (next == NULL) {
		finish(t, w_err_set(t->e, W_E_REQUEST_FAILED,
		    "redirect %d has no valid Location", t->hop + 1));
		return;
	}
	if (t->hop + 1 > t->maxr) {
		free(next);
		finish(t, w_err_set(t->e, W_E_TOO_MANY_REDIRECTS,
		    "more than %d redirects", t->maxr));
		return;
	}
	if (check_hop(r, next, t->hop + 1, &t->u, t->e) == -1) {
		free(next);
		memset(&t->u, 0, sizeof(t->u));
		finish(t, -1);
		return;
	}
	free(next);
	if (r->internal && !same_origin(&t->u, t->origin0)) {
		curl_slist_free_all(t->hdrs);
		t->hdrs = build_headers(r, 0);
	}
	t->hop++;
	t->n = 0;
	free(t->url);
	t->url = w_url_format(&t->u, 1);
	start_attempt(mh, t);
}

/* Wait before a retry: Retry-After up to 5 s, else a short backoff;
 * never past the deadline. -1 when no retry fits. */
static long
retry_delay(const struct w_http_resp *resp, int n, long deadline)
{
	long wait = resp->retry_after_ms >= 0 ? resp->retry_after_ms :
	    250L << n;

	/* Retry-After is honoured up to 5 s; a longer one is not cut
	 * short into a retry. */
	if (wait > RETRY_WAIT_MAX || now_ms() + wait >= deadline)
		return -1;
	return wait;
}

/* One attempt of t ended with rc: retry, follow or finish. */
static void
attempt_done(struct w_http_multi *mh, struct w_http_xfer *t, CURLcode crc)
{
	struct xfer *x = &t->x;
	struct w_http_resp *resp = t->resp;
	long code = 0, wait;
	char *ip = NULL, *ct = NULL;
	int retry, rc;

	curl_multi_remove_handle(mh->m, t->c);
	resp->attempts++;
	if (x->progress_shown) {
		fputs("\r\033[K", stderr);
		x->progress_shown = 0;
	}
	if (curl_easy_getinfo(t->c, CURLINFO_PRIMARY_IP, &ip) == CURLE_OK &&
	    ip && *ip)
		snprintf(resp->resolved, sizeof(resp->resolved), "%s", ip);
	jv_free(resp->headers);
	resp->headers = jv_copy(x->headers);
	if (crc != CURLE_OK) {
		retry = map_curl_error(crc, x, t->errbuf, t->e);
		rc = -1;
	} else {
		curl_easy_getinfo(t->c, CURLINFO_RESPONSE_CODE, &code);
		resp->status = (int)code;
		rc = 0;
		retry = 0;
		if (x->enc != NULL && w_enc_finish(x->enc) == -1) {
			/* The encoded body was cut short: what decoded is
			 * kept and said to be partial; a document with
			 * nothing decoded is a failure (any other status
			 * keeps its own meaning). */
			if (x->body.len == 0 && resp->status >= 200 &&
			    resp->status <= 299) {
				w_err_set(t->e, W_E_REQUEST_FAILED, "the "
				    "%s-encoded body was truncated before any "
				    "of it decoded", w_enc_name(x->enc));
				t->e->retryable = 1;
				retry = 1;
				rc = -1;
			} else
				resp->truncated_body = 1;
		}
		if (rc == 0) {
			if (curl_easy_getinfo(t->c, CURLINFO_CONTENT_TYPE,
			    &ct) == CURLE_OK && ct)
				resp->content_type = w_strdup(ct);
			note_retry_after(resp);
			retry = retryable_status(resp->status);
		}
	}
	if (retry && t->n < t->retries) {
		int stop = 0;

		if (rc == 0 && t->r->terminal) {
			resp->body = x->body.p;
			resp->len = x->body.len;
			stop = t->r->terminal(resp, t->r->terminal_arg);
			resp->body = NULL;
			resp->len = 0;
		}
		if (!stop && (wait = retry_delay(resp, t->n, t->deadline)) >=
		    0) {
			t->n++;
			t->wake = now_ms() + wait;
			t->state = X_WAIT;
			return;
		}
	}
	next_hop(mh, t, rc);
}

struct w_http_multi *
w_http_multi_new(void)
{
	return w_calloc(1, sizeof(struct w_http_multi));
}

int
w_http_multi_add(struct w_http_multi *mh, const struct w_http_req *r,
    struct w_http_resp *resp, struct w_err *e, void *tag)
{
	struct w_http_xfer *t = w_calloc(1, sizeof(*t)), **pp;

	t->r = r;
	t->resp = resp;
	t->e = e;
	t->tag = tag;
	for (pp = &mh->list; *pp; pp = &(*pp)->next)
		;
	*pp = t;
	init_resp(resp);
	w_err_clear(e);
	t->start = now_ms();
	t->deadline = t->start + effective_timeout(r);
	if (w_http_check_headers(r->headers, e) == -1 ||
	    w_cancel_check(e) == -1) {
		finish(t, -1);
		return -1;
	}
	if (check_hop(r, r->url, 0, &t->u, e) == -1) {
		memset(&t->u, 0, sizeof(t->u));
		if (e->code == W_E_INVALID_PARAMETER)
			e->usage = 1;
		finish(t, -1);
		return -1;
	}
	if (load_curl() == -1 || (mh->m == NULL &&
	    (mh->m = curl_multi_init()) == NULL)) {
		finish(t, w_err_set(e, W_E_REQUEST_FAILED,
		    "libcurl (libcurl.so.4) could not be loaded"));
		return -1;
	}
	if (!mh->have_el) {
		mh->el.resolve = list_from_env("WEB_RESOLVE");
		mh->el.connect_to = list_from_env("WEB_CONNECT_TO");
		mh->have_el = 1;
	}
	t->started = 1;
	t->x.req = r;
	t->x.headers = jv_object();
	t->x.start_ms = t->start;
	w_buf_init(&t->x.body, r->max_bytes ? r->max_bytes :
	    W_HTTP_MAX_BYTES);
	t->hdrs = build_headers(r, 1);
	t->origin0 = w_url_origin(&t->u);
	t->c = curl_easy_init();
	t->maxr = r->max_redirects < 0 ? W_HTTP_MAX_REDIRECTS :
	    r->max_redirects;
	t->retries = r->retries < 0 ? 2 : r->retries;
	t->url = w_url_format(&t->u, 1);
	start_attempt(mh, t);
	return 0;
}

int
w_http_multi_count(const struct w_http_multi *mh)
{
	const struct w_http_xfer *t;
	int n = 0;

	for (t = mh->list; t; t = t->next)
		n++;
	return n;
}

/* Stop every unfinished transfer with e (cancelled). */
static void
cancel_all(struct w_http_multi *mh)
{
	struct w_http_xfer *t;

	for (t = mh->list; t; t = t->next) {
		if (t->state == X_DONE)
			continue;
		if (t->state == X_RUN)
			curl_multi_remove_handle(mh->m, t->c);
		finish(t, w_err_set(t->e, W_E_CANCELLED,
		    "the request was cancelled"));
	}
}

/* Report progress to the watcher; non-zero: cancel. */
static int
watch(struct w_http_multi *mh)
{
	struct w_http_xfer *t;
	curl_off_t now = 0, total = 0, v;

	for (t = mh->list; t; t = t->next) {
		now += (curl_off_t)t->x.body.len;
		if (t->state == X_RUN && curl_easy_getinfo(t->c,
		    CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &v) == CURLE_OK &&
		    v > 0)
			total += v;
	}
	return watch_fn(watch_arg, (long long)now, (long long)total);
}

void *
w_http_multi_wait(struct w_http_multi *mh, long max_ms, int *rc)
{
	long end = now_ms() + max_ms, now, wake, timeout;
	struct w_http_xfer *t, **pp;
	CURLMsg *msg;
	CURL *easy;
	CURLcode crc;
	int running, left;
	void *tag;

	for (;;) {
		for (pp = &mh->list; *pp; pp = &(*pp)->next)
			if ((*pp)->state == X_DONE) {
				t = *pp;
				*pp = t->next;
				*rc = t->rc;
				tag = t->tag;
				free(t);
				return tag;
			}
		if (mh->list == NULL)
			return NULL;
		now = now_ms();
		wake = -1;
		for (t = mh->list; t; t = t->next)
			if (t->state == X_WAIT && t->wake <= now)
				start_attempt(mh, t);
			else if (t->state == X_WAIT && (wake == -1 ||
			    t->wake < wake))
				wake = t->wake;
		curl_multi_perform(mh->m, &running);
		while ((msg = curl_multi_info_read(mh->m, &left)) != NULL) {
			if (msg->msg != CURLMSG_DONE)
				continue;
			easy = msg->easy_handle;
			crc = msg->data.result;
			for (t = mh->list; t; t = t->next)
				if (t->state == X_RUN && t->c == easy) {
					attempt_done(mh, t, crc);
					break;
				}
		}
		if (watch_fn && watch(mh) != 0)
			cancel_all(mh);
		for (t = mh->list; t; t = t->next)
			if (t->state == X_DONE)
				break;
		if (t != NULL)
			continue;
		now = now_ms();
		if (max_ms >= 0 && now >= end)
			return NULL;
		timeout = max_ms >= 0 ? end - now : 1000;
		if (wake != -1 && wake - now < timeout)
			timeout = wake - now > 0 ? wake - now : 0;
		if (watch_fn && timeout > 100)
			timeout = 100;
		if (timeout > 1000)
			timeout = 1000;
		curl_multi_poll(mh->m, NULL, 0, (int)timeout, NULL);
	}
}

void
w_http_multi_free(struct w_http_multi *mh)
{
	struct w_http_xfer *t;
	struct w_err e;

	if (mh == NULL)
		return;
	for (t = mh->list; t; t = t->next)
		if (t->state == X_RUN)
			curl_multi_remove_handle(mh->m, t->c);
	while ((t = mh->list) != NULL) {
		mh->list = t->next;
		if (t->state != X_DONE) {
			w_err_clear(&e);
			t->e = &e;
			finish(t, -1);
		}
		free(t);
	}
	if (mh->m)
		curl_multi_cleanup(mh->m);
	if (mh->have_el) {	/* libcurl is loaded */
		curl_slist_free_all(mh->el.resolve);
		curl_slist_free_all(mh->el.connect_to);
	}
	free(mh);
}

int
w_http_fetch(const struct w_http_req *r, struct w_http_resp *resp,
    struct w_err *e)
{
	struct w_http_multi *mh = w_http_multi_new();
	int rc = -1;

	(void)w_http_multi_add(mh, r, resp, e, resp);
	while (w_http_multi_wait(mh, -1, &rc) == NULL && mh->list != NULL)
		;
	w_http_multi_free(mh);
	return rc;
}

void
w_http_resp_free(struct w_http_resp *resp)
{
	free(resp->body);
	free(resp->content_type);
	free(resp->final_url);
	free(resp->location);
	jv_free(resp->headers);
	jv_free(resp->redirects);
	memset(resp, 0, sizeof(*resp));
	resp->headers = jv_null();
	resp->redirects = jv_null();
}

int
w_http_status_error(const struct w_http_resp *resp, struct w_err *e)
{
	int st = resp->status;

	if (st >= 200 && st < 300)
		return 0;
	e->http_status = st;
	e->retry_after_ms = resp->retry_after_ms;
	e->retry_at = resp->retry_at;
	if (st < 100 || st > 599)
		return w_err_set(e, W_E_REQUEST_FAILED, "the server answered "
		    "HTTP %d, which is not an HTTP status", st);
	if (st == 401 || st == 407)
		return w_err_set(e, W_E_AUTHENTICATION_REQUIRED,
		    "the server answered HTTP %d", st);
	if (st == 403)
		return w_err_set(e, W_E_HTTP_4XX, "the server answered HTTP 403 "
		    "(forbidden)");
	if (st == 429)
		return w_err_set(e, W_E_HTTP_429, "the server answered HTTP 429 "
		    "(too many requests)");
	if (st >= 500)
		return w_err_set(e, W_E_HTTP_5XX, "the server answered HTTP %d",
		    st);
	if (st < 400)
		return w_err_set(e, W_E_REQUEST_FAILED, "the server answered "
		    "HTTP %d, which is not a document", st);
	return w_err_set(e, W_E_HTTP_4XX, "the server answered HTTP %d", st);
}

/* n bytes as B, KiB or MiB with one decimal. */
static void
human(char *buf, size_t n, long long v)
{
	if (v < 1024)
		snprintf(buf, n, "%lld B", v);
	else if (v < 1024 * 1024)
		snprintf(buf, n, "%lld.%lld KiB", v / 1024, v % 1024 * 10 / 1024);
	else
		snprintf(buf, n, "%lld.%lld MiB", v >> 20,
		    (v & 0xfffff) * 10 >> 20);
}

void
w_http_progress_line(char *buf, size_t n, const char *host, long long got,
    long long total, long elapsed_ms)
{
	char a[32], b[32], r[32];

	if (elapsed_ms < 1)
		elapsed_ms = 1;
	human(a, sizeof(a), got);
	human(r, sizeof(r), got * 1000 / elapsed_ms);
	if (total > 0 && got <= total) {
		human(b, sizeof(b), total);
		snprintf(buf, n, "%.40s: %3lld%% %s of %s, %s/s, %ld.%lds", host,
		    got * 100 / total, a, b, r, elapsed_ms / 1000,
		    elapsed_ms % 1000 / 100);
	} else
		snprintf(buf, n, "%.40s: %s, %s/s, %ld.%lds", host, a, r,
		    elapsed_ms / 1000, elapsed_ms % 1000 / 100);
}

int
w_http_progress_due(long elapsed_ms, long since_drawn_ms)
{
	if (elapsed_ms < 1000)
		return 0;
	return since_drawn_ms < 0 || since_drawn_ms >= W_HTTP_PROGRESS_MS;
}
