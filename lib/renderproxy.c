/*
 * renderproxy.c: the per-render policy proxy (renderproxy.h). One
 * accept thread, one thread per connection (at most
 * W_RPROXY_CONNS_MAX), every wait a poll of at most 25 ms so a stop,
 * the deadline or the byte bound ends every connection promptly
 * (stopping costs at most a tick or two).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "http.h"
#include "lock.h"
#include "policy.h"
#include "renderproxy.h"

#define TICK_MS		25
#define RELAY_CHUNK	16384

struct conn {
	struct w_rproxy	*px;
	int		 fd;
	pthread_t	 th;
	atomic_int	 done;
};

struct w_rproxy {
	struct w_rproxy_opts	 o;
	char			*host;
	char			*token;
	int			 lfd;
	int			 port;
	pthread_t		 th;
	atomic_int		 stop;
	atomic_int		 requests, blocked, too_large, last_refusal;
	atomic_size_t		 bytes;
	struct conn		*conns[W_RPROXY_CONNS_MAX];
};

int
w_rproxy_admit(const struct w_policy *p, const char *allowed_host,
    const char *target, int connect, struct w_url *u, struct w_err *e)
{
	struct w_buf b;
	int rc;

	memset(u, 0, sizeof(*u));
	w_buf_init(&b, W_URL_MAX + 16);
	if (connect) {
		if (strchr(target, '/') || strchr(target, '@') ||
		    strchr(target, ':') == NULL) {
			w_buf_free(&b);
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "CONNECT needs host:port");
		}
		w_buf_printf(&b, "https://%s/", target);
	} else
		w_buf_adds(&b, target);
	rc = w_url_parse(b.p, u, e);
	w_buf_free(&b);
	if (rc == -1)
		return -1;
	if (!connect && strcmp(u->scheme, "http") != 0)
		rc = w_err_set(e, W_E_BLOCKED_TARGET, "scheme %s is not "
		    "proxied in absolute form", u->scheme);
	else if (u->has_userinfo)
		rc = w_err_set(e, W_E_INVALID_PARAMETER,
		    "credentials in the URL are not allowed");
	else if (allowed_host == NULL || strcmp(u->host, allowed_host) != 0)
		rc = w_err_set(e, W_E_BLOCKED_TARGET, "the host is outside the "
		    "render's allowed domain");
	else
		rc = w_policy_check_url(p, u, 0, e);
	if (rc == -1)
		w_url_free(u);
	return rc;
}

/* Whether the header line (name: value) is one the proxy drops. */
static int
hop_by_hop(const char *line, size_t n, const char *conn_list)
{
	static const char *const drop[] = { "connection", "keep-alive", "te",
	    "trailer", "transfer-encoding", "upgrade", NULL };
	const char *colon = memchr(line, ':', n), *p, *q;
	const char *const *d;
	size_t nl;

	if (colon == NULL)
		return 1;
	nl = (size_t)(colon - line);
	if (nl >= 6 && strncasecmp(line, "proxy-", 6) == 0)
		return 1;
	for (d = drop; *d; d++)
		if (strlen(*d) == nl && strncasecmp(line, *d, nl) == 0)
			return 1;
	for (p = conn_list; p && *p; p = q) {
		while (*p == ' ' || *p == ',' || *p == '\t')
			p++;
		for (q = p; *q && *q != ',' && *q != ' ' && *q != '\t'; q++)
			;
		if ((size_t)(q - p) == nl && nl > 0 &&
		    strncasecmp(line, p, nl) == 0)
			return 1;
	}
	return 0;
}

char *
w_rproxy_rewrite(const char *head, size_t len, const char *path)
{
	const char *p = head, *end = head + len, *eol, *sp;
	struct w_buf out, conn;
	size_t n;

	if ((eol = memchr(p, '\n', len)) == NULL ||
	    (sp = memchr(p, ' ', (size_t)(eol - p))) == NULL || sp == p)
		return NULL;
	w_buf_init(&out, len + strlen(path) + 64);
	w_buf_init(&conn, len);
	w_buf_add(&out, p, (size_t)(sp - p));
	w_buf_printf(&out, " %s HTTP/1.0\r\n", path);
	/* First pass: the Connection header's list of hop-by-hop names. */
	for (p = eol + 1; p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		n = (size_t)(eol - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n > 11 && strncasecmp(p, "connection:", 11) == 0) {
			w_buf_add(&conn, p + 11, n - 11);
			w_buf_addc(&conn, ',');
		}
	}
	for (p = (const char *)memchr(head, '\n', len) + 1; p < end;
	    p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		n = (size_t)(eol - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n == 0)
			break;
		if (!hop_by_hop(p, n, conn.p)) {
			w_buf_add(&out, p, n);
			w_buf_adds(&out, "\r\n");
		}
	}
	w_buf_free(&conn);
	w_buf_adds(&out, "\r\n");
	return w_buf_take(&out);
}

/* ---------------------------------------------------------- plumbing */

static int
over(struct w_rproxy *px)
{
	return atomic_load(&px->stop) || w_clock_mono_ms() >= px->o.deadline ||
	    atomic_load(&px->too_large);
}

/* Write all of buf, giving up when the proxy is over. */
static int
send_all(struct w_rproxy *px, int fd, const char *buf, size_t n)
{
	struct pollfd pf;
	ssize_t w;

	while (n > 0) {
		if (over(px))
			return -1;
		pf.fd = fd;
		pf.events = POLLOUT;
		if (poll(&pf, 1, TICK_MS) <= 0)
			continue;
		w = send(fd, buf, n, MSG_NOSIGNAL);
		if (w < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Read the request head (to the blank line) into b. -1 on failure. */
static int
read_head(struct w_rproxy *px, int fd, struct w_buf *b)
{
	struct pollfd pf;
	char tmp[4096];
	ssize_t r;

	while (!over(px)) {
		pf.fd = fd;
		pf.events = POLLIN;
		if (poll(&pf, 1, TICK_MS) <= 0)
			continue;
		r = recv(fd, tmp, sizeof(tmp), 0);
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r <= 0 || w_buf_add(b, tmp, (size_t)r) == -1)
			return -1;
		if (strstr(b->p, "\r\n\r\n") || strstr(b->p, "\n\n"))
			return 0;
	}
	return -1;
}

static void
refuse(struct w_rproxy *px, int fd, int status, const char *why)
{
	char msg[1000];
	int n;

	char body[600];

	snprintf(body, sizeof(body), "webtools render proxy %s: %.400s\n",
	    px->token, why);
	n = snprintf(msg, sizeof(msg), "HTTP/1.1 %d %s\r\nContent-Type: "
	    "text/plain\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n"
	    "%s", status, status == 403 ? "Forbidden" : status == 503 ?
	    "Service Unavailable" : "Bad Gateway", strlen(body), body);
	if (n > 0 && (size_t)n < sizeof(msg))
		(void)send_all(px, fd, msg, (size_t)n);
}

/* Connect to a non-blocking socket within the deadline. */
static int
connect_addr(struct w_rproxy *px, int family, const unsigned char *a,
    int port)
{
	struct sockaddr_storage ss;
	struct pollfd pf;
	socklen_t sl;
	int fd, err = 0;
	socklen_t el = sizeof(err);

	memset(&ss, 0, sizeof(ss));
	if (family == 4) {
		struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;

		s4->sin_family = AF_INET;
		s4->sin_port = htons((unsigned short)port);
		memcpy(&s4->sin_addr, a, 4);
		sl = sizeof(*s4);
	} else {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;

		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((unsigned short)port);
		memcpy(&s6->sin6_addr, a, 16);
		sl = sizeof(*s6);
	}
	if ((fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, 0)) == -1)
		return -1;
	if (connect(fd, (struct sockaddr *)&ss, sl) == 0)
		return fd;
	if (errno != EINPROGRESS) {
		close(fd);
		return -1;
	}
	while (!over(px)) {
		pf.fd = fd;
		pf.events = POLLOUT;
		if (poll(&pf, 1, TICK_MS) <= 0)
			continue;
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) == 0 &&
		    err == 0)
			return fd;
		break;
	}
	close(fd);
	return -1;
}

/*
 * Resolve u's host, check each address against the policy (the address
 * actually connected), connect the first admitted one. Returns the
 * socket, -1 with e set when policy refused every address, -2 when no
 * connection could be made.
 */
static int
open_upstream(struct w_rproxy *px, const struct w_url *u, struct w_err *e)
{
	struct addrinfo hints, *res = NULL, *ai;
	unsigned char a[16];
	char portstr[16];
	int family, fd, refused = 0;

	if (u->host_is_ip || w_policy_env_resolve(u->host, u->port, &family,
	    a) == 0) {
		if (u->host_is_ip && w_addr_parse(u->host, &family, a) == -1)
			return -2;
		if (w_policy_check_addr(px->o.policy, u->host, u->port, family,
		    a, 0, e) == -1)
			return -1;
		fd = connect_addr(px, family, a, u->port);
		return fd >= 0 ? fd : -2;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	snprintf(portstr, sizeof(portstr), "%d", u->port);
	if (getaddrinfo(u->host, portstr, &hints, &res) != 0)
		return -2;
	fd = -2;
	for (ai = res; ai && fd < 0; ai = ai->ai_next) {
		memset(a, 0, sizeof(a));
		if (ai->ai_family == AF_INET) {
			family = 4;
			memcpy(a, &((struct sockaddr_in *)ai->ai_addr)->sin_addr,
			    4);
		} else if (ai->ai_family == AF_INET6) {
			family = 6;
			memcpy(a,
			    &((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr,
			    16);
		} else
			continue;
		if (w_policy_check_addr(px->o.policy, u->host, u->port, family,
		    a, 0, e) == -1) {
			refused = 1;
			continue;
		}
		w_err_clear(e);
		if ((fd = connect_addr(px, family, a, u->port)) < 0)
			fd = -2;
	}
	freeaddrinfo(res);
	return fd < 0 && refused ? -1 : fd;
}

/* Relay both ways until one side closes; upstream bytes are counted
 * against the render's bound. */
static void
relay(struct w_rproxy *px, int cfd, int ufd)
{
	struct pollfd pf[2];
	char buf[RELAY_CHUNK];
	ssize_t r;
	size_t total;
	int i;

	while (!over(px)) {
		pf[0].fd = cfd;
		pf[1].fd = ufd;
		pf[0].events = pf[1].events = POLLIN;
		if (poll(pf, 2, TICK_MS) <= 0)
			continue;
		for (i = 0; i < 2; i++) {
			if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = recv(pf[i].fd, buf, sizeof(buf), 0);
			if (r < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			if (r <= 0)
				return;
			if (i == 1) {
				total = atomic_fetch_add(&px->bytes,
				    (size_t)r) + (size_t)r;
				if (total > px->o.max_bytes) {
					atomic_store(&px->too_large, 1);
					atomic_fetch_add(&px->blocked, 1);
					return;
				}
			}
			if (send_all(px, pf[1 - i].fd, buf, (size_t)r) == -1)
				return;
		}
	}
}

static void
serve(struct w_rproxy *px, int cfd)
{
	struct w_buf head;
	struct w_url u;
	struct w_err e;
	char method[16], target[W_URL_MAX + 1], *out = NULL, *hend;
	const char *eoh;
	int ufd = -1, isconnect, n;
	size_t hlen;

	w_buf_init(&head, W_RPROXY_HEAD_MAX);
	w_err_clear(&e);
	if (read_head(px, cfd, &head) == -1)
		goto done;
	atomic_fetch_add(&px->requests, 1);
	n = sscanf(head.p, "%15s %16384s", method, target);
	if (n != 2) {
		refuse(px, cfd, 403, "malformed request");
		atomic_fetch_add(&px->blocked, 1);
		goto done;
	}
	isconnect = strcmp(method, "CONNECT") == 0;
	if (w_rproxy_admit(px->o.policy, px->host, target, isconnect, &u,
	    &e) == -1) {
		atomic_store(&px->last_refusal, (int)e.code);
		refuse(px, cfd, 403, e.msg);
		atomic_fetch_add(&px->blocked, 1);
		goto done;
	}
	ufd = open_upstream(px, &u, &e);
	if (ufd == -1) {
		atomic_store(&px->last_refusal, (int)e.code);
		refuse(px, cfd, 403, e.msg);
		atomic_fetch_add(&px->blocked, 1);
	} else if (ufd == -2)
		refuse(px, cfd, 502, "could not connect");
	if (ufd < 0) {
		w_url_free(&u);
		goto done;
	}
	hend = strstr(head.p, "\r\n\r\n");
	eoh = hend ? hend + 4 : strstr(head.p, "\n\n") + 2;
	hlen = (size_t)(eoh - head.p);
	if (isconnect) {
		static const char ok[] = "HTTP/1.1 200 Connection "
		    "Established\r\n\r\n";

		if (send_all(px, cfd, ok, sizeof(ok) - 1) == 0 &&
		    (head.len == hlen || send_all(px, ufd, eoh,
		    head.len - hlen) == 0))
			relay(px, cfd, ufd);
	} else if ((out = w_rproxy_rewrite(head.p, hlen, u.path)) != NULL) {
		if (send_all(px, ufd, out, strlen(out)) == 0 &&
		    (head.len == hlen || send_all(px, ufd, eoh,
		    head.len - hlen) == 0))
			relay(px, cfd, ufd);
	}
	w_url_free(&u);
done:
	free(out);
	if (ufd >= 0)
		close(ufd);
	w_buf_free(&head);
}

static void
block_signals(void)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
}

static void *
conn_main(void *arg)
{
	struct conn *c = arg;

	block_signals();
	serve(c->px, c->fd);
	shutdown(c->fd, SHUT_RDWR);
	close(c->fd);
	atomic_store(&c->done, 1);
	return NULL;
}

/* Join finished connection threads; returns a free slot or -1. */
static int
reap(struct w_rproxy *px, int all)
{
	int i, slot = -1;

	for (i = 0; i < W_RPROXY_CONNS_MAX; i++) {
		struct conn *c = px->conns[i];

		if (c && (all || atomic_load(&c->done))) {
			pthread_join(c->th, NULL);
			free(c);
			px->conns[i] = NULL;
		}
		if (px->conns[i] == NULL && slot < 0)
			slot = i;
	}
	return slot;
}

static void *
accept_main(void *arg)
{
	struct w_rproxy *px = arg;
	struct pollfd pf;
	struct conn *c;
	int fd, slot;

	block_signals();
	while (!atomic_load(&px->stop)) {
		pf.fd = px->lfd;
		pf.events = POLLIN;
		if (poll(&pf, 1, TICK_MS) <= 0)
			continue;
		if ((fd = accept(px->lfd, NULL, NULL)) == -1)
			continue;
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
		(void)fcntl(fd, F_SETFL, O_NONBLOCK);
		slot = reap(px, 0);
		if (slot < 0 || over(px)) {
			refuse(px, fd, 503, "render proxy busy or over");
			atomic_fetch_add(&px->blocked, 1);
			close(fd);
			continue;
		}
		c = w_calloc(1, sizeof(*c));
		c->px = px;
		c->fd = fd;
		if (pthread_create(&c->th, NULL, conn_main, c) != 0) {
			close(fd);
			free(c);
			continue;
		}
		px->conns[slot] = c;
	}
	reap(px, 1);
	return NULL;
}

int
w_rproxy_start(const struct w_rproxy_opts *o, struct w_rproxy **out,
    struct w_err *e)
{
	struct w_rproxy *px;
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);

	*out = NULL;
	px = w_calloc(1, sizeof(*px));
	px->o = *o;
	if (px->o.max_bytes == 0)
		px->o.max_bytes = W_HTTP_MAX_BYTES;
	px->host = w_strdup(o->host ? o->host : "");
	px->token = w_strdup(o->token ? o->token : "");
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((px->lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, 0)) == -1 ||
	    bind(px->lfd, (struct sockaddr *)&sa, sizeof(sa)) == -1 ||
	    listen(px->lfd, 64) == -1 ||
	    getsockname(px->lfd, (struct sockaddr *)&sa, &sl) == -1)
		goto fail;
	px->port = ntohs(sa.sin_port);
	if (pthread_create(&px->th, NULL, accept_main, px) != 0)
		goto fail;
	*out = px;
	return 0;
fail:
	w_err_set(e, W_E_REQUEST_FAILED, "the render proxy could not start: %s",
	    strerror(errno));
	if (px->lfd >= 0)
		close(px->lfd);
	free(px->host);
	free(px->token);
	free(px);
	return -1;
}

int
w_rproxy_port(const struct w_rproxy *p)
{
	return p->port;
}

int
w_rproxy_too_large(struct w_rproxy *p)
{
	return atomic_load(&p->too_large);
}

void
w_rproxy_stop(struct w_rproxy *px, struct w_rproxy_stats *st)
{
	if (px == NULL)
		return;
	atomic_store(&px->stop, 1);
	pthread_join(px->th, NULL);
	close(px->lfd);
	if (st) {
		st->requests = atomic_load(&px->requests);
		st->blocked = atomic_load(&px->blocked);
		st->bytes = atomic_load(&px->bytes);
		st->too_large = atomic_load(&px->too_large);
		st->last_refusal = (enum w_code)atomic_load(
		    &px->last_refusal);
	}
	free(px->token);
	free(px->host);
	free(px);
}
