/*
 * redis.h: a connection to the Redis server that holds fleet
 * coordination (coordination: "redis"). The only module that includes
 * hiredis (0.14 API subset, builds with 1.x). The address is checked
 * against the network policy like an operator endpoint (loopback
 * admitted; anything else needs an allow entry; a unix socket is not
 * network and is always admitted). The password never appears in a
 * message. Every failure -- unreachable, timed out, refused
 * authentication, an error or an unexpected reply -- is
 * coordination_unavailable, and the connection is then dropped.
 */
#ifndef W_REDIS_H
#define W_REDIS_H

#include <jv.h>

#include "err.h"
#include "policy.h"

#define W_REDIS_PREFIX_MAX	64
#define W_REDIS_TIMEOUT_MS	250L
#define W_REDIS_REPLY_MAX	(2u << 20)	/* a bulk reply's cap */

struct w_redis_conf {
	char	*host;		/* TCP host (IPv6 without brackets), or NULL */
	int	 port;
	char	*path;		/* unix socket path, or NULL */
	char	*user;		/* ACL user, or NULL */
	char	*pass;		/* never printed; NULL without AUTH */
	int	 db;
	char	 prefix[W_REDIS_PREFIX_MAX + 1];	/* default "webtools:" */
	long	 timeout_ms;	/* connect and per-command, default 250 */
	long	 lease_ms;	/* a lease's TTL, default 120000 */
};

/*
 * Parse url ("redis://[user[:pass]@]host[:port][/db]" or
 * "unix:///path") into c (fields not in a URL keep their value; free
 * with w_redis_conf_free). Pure. -1 with invalid_parameter naming what
 * is wrong, never echoing the URL.
 */
int	 w_redis_url_parse(const char *url, struct w_redis_conf *c,
	    struct w_err *e);

/*
 * Fill c from a "redis" object (borrowed: url, prefix, timeoutMs,
 * passwordEnv, leaseMs). The variable named by passwordEnv, when set,
 * gives the password. -1 with invalid_parameter (no "url").
 */
int	 w_redis_conf_from_json(jv redis, struct w_redis_conf *c,
	    struct w_err *e);
void	 w_redis_conf_free(struct w_redis_conf *c);

/* "host:port" or the socket path, for messages (never credentials). */
const char *w_redis_where(const struct w_redis_conf *c, char *buf,
	    size_t len);

/* Whether this build has Redis support. */
int	 w_redis_available(void);

struct w_redis;

/*
 * Connect (policy-checked), AUTH and SELECT. *r freed by w_redis_close.
 * -1 with backend_unavailable when the build lacks hiredis, else
 * network_denied / blocked_target from the policy or
 * coordination_unavailable.
 */
int	 w_redis_open(struct w_redis **r, const struct w_redis_conf *c,
	    const struct w_policy *p, struct w_err *e);
void	 w_redis_close(struct w_redis *r);

/* The configuration r was opened with (borrowed). */
const struct w_redis_conf *w_redis_conf_peek(const struct w_redis *r);

/*
 * One command of argc arguments (argv[i] of lens[i] bytes; lens NULL
 * for C strings). *out (owned): integer -> number, bulk and status ->
 * string, nil -> null, array -> array. An error reply is -1 with
 * coordination_unavailable (its first word in the message).
 */
int	 w_redis_cmd(struct w_redis *r, int argc, const char **argv,
	    const size_t *lens, jv *out, struct w_err *e);

/* A Lua script, named by its SHA-1 (computed once). */
struct w_redis_script {
	const char	*text;
	char		 sha[41];
};

/*
 * EVALSHA script with nkeys keys first in argv; on NOSCRIPT (a flushed
 * or restarted server) SCRIPT LOAD, then once more. As w_redis_cmd.
 */
int	 w_redis_eval(struct w_redis *r, struct w_redis_script *s,
	    int nkeys, int argc, const char **argv, jv *out,
	    struct w_err *e);

/* The script's SHA-1 (hex). */
const char *w_redis_script_sha(struct w_redis_script *s);

#endif
