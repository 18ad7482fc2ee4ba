/*
 * test_redis.c: the pure parts of Redis coordination: redis.url
 * parsing (credentials never echoed), the config object, script names
 * (SHA-1, as Redis computes them for EVALSHA).
 */
#include <stdlib.h>

#include "t.h"
#include "redis.h"
#include "sha1.h"

static int
parse(const char *url, struct w_redis_conf *c, struct w_err *e)
{
	memset(c, 0, sizeof(*c));
	w_err_clear(e);
	return w_redis_url_parse(url, c, e);
}

static void
urls(void)
{
	struct w_redis_conf c;
	struct w_err e;
	char w[300];

	CHECK_INT(parse("redis://127.0.0.1", &c, &e), 0);
	CHECK_STR(c.host, "127.0.0.1");
	CHECK_INT(c.port, 6379);
	CHECK(c.pass == NULL && c.user == NULL && c.db == 0);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://al%69ce:p%40ss:w@cache.internal:6380/3", &c,
	    &e), 0);
	CHECK_STR(c.user, "alice");
	CHECK_STR(c.pass, "p@ss:w");
	CHECK_STR(c.host, "cache.internal");
	CHECK_INT(c.port, 6380);
	CHECK_INT(c.db, 3);
	CHECK_STR(w_redis_where(&c, w, sizeof(w)), "cache.internal:6380");
	w_redis_conf_free(&c);
	/* A password alone, with or without the colon. */
	CHECK_INT(parse("redis://:s3cret@localhost:7000", &c, &e), 0);
	CHECK(c.user == NULL);
	CHECK_STR(c.pass, "s3cret");
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://s3cret@localhost", &c, &e), 0);
	CHECK(c.user == NULL);
	CHECK_STR(c.pass, "s3cret");
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://[::1]:6390/0", &c, &e), 0);
	CHECK_STR(c.host, "::1");
	CHECK_INT(c.port, 6390);
	CHECK_STR(w_redis_where(&c, w, sizeof(w)), "[::1]:6390");
	w_redis_conf_free(&c);
	CHECK_INT(parse("unix:///run/redis/redis.sock", &c, &e), 0);
	CHECK_STR(c.path, "/run/redis/redis.sock");
	CHECK(c.host == NULL);
	CHECK_STR(w_redis_where(&c, w, sizeof(w)),
	    "unix:/run/redis/redis.sock");
	w_redis_conf_free(&c);
	/* Refusals name the key and never echo the URL. */
	CHECK_INT(parse("rediss://:topsecret@h", &c, &e), -1);
	CHECK(e.code == W_E_INVALID_PARAMETER);
	CHECK(e.usage == 1);
	CHECK(strstr(e.msg, "redis.url") != NULL);
	CHECK(strstr(e.msg, "topsecret") == NULL);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://:topsecret@h:0", &c, &e), -1);
	CHECK(strstr(e.msg, "topsecret") == NULL);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://h:65536", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://h:6379/x", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://h:6379/1?x=1", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://:bad%zz@h", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://:nul%00@h", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://:trunc%4@h", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://h st", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("unix://relative.sock", &c, &e), -1);
	w_redis_conf_free(&c);
	CHECK_INT(parse("redis://[::1", &c, &e), -1);
	w_redis_conf_free(&c);
}

static void
objects(void)
{
	struct w_redis_conf c;
	struct w_err e;
	jv o;

	w_err_clear(&e);
	o = jv_parse("{\"url\":\"redis://127.0.0.1:6390\"}");
	CHECK_INT(w_redis_conf_from_json(o, &c, &e), 0);
	CHECK_STR(c.prefix, "webtools:");
	CHECK_INT(c.timeout_ms, 250);
	CHECK_INT(c.lease_ms, 120000);
	w_redis_conf_free(&c);
	jv_free(o);
	setenv("T_REDIS_PW", "from-env", 1);
	o = jv_parse("{\"url\":\"redis://:in-url@h\",\"prefix\":\"fleet:\","
	    "\"timeoutMs\":40,\"passwordEnv\":\"T_REDIS_PW\"}");
	CHECK_INT(w_redis_conf_from_json(o, &c, &e), 0);
	CHECK_STR(c.pass, "from-env");
	CHECK_STR(c.prefix, "fleet:");
	CHECK_INT(c.timeout_ms, 40);
	w_redis_conf_free(&c);
	jv_free(o);
	o = jv_parse("{\"prefix\":\"x\"}");
	CHECK_INT(w_redis_conf_from_json(o, &c, &e), -1);
	CHECK(strstr(e.msg, "redis.url") != NULL);
	w_redis_conf_free(&c);
	jv_free(o);
	o = jv_parse("{\"url\":\"redis://h\",\"prefix\":\"a b\"}");
	CHECK_INT(w_redis_conf_from_json(o, &c, &e), -1);
	CHECK(strstr(e.msg, "redis.prefix") != NULL);
	w_redis_conf_free(&c);
	jv_free(o);
	o = jv_parse("{\"url\":\"redis://h\",\"leaseMs\":10}");
	CHECK_INT(w_redis_conf_from_json(o, &c, &e), -1);
	w_redis_conf_free(&c);
	jv_free(o);
	CHECK_INT(w_redis_conf_from_json(jv_null(), &c, &e), -1);
	w_redis_conf_free(&c);
}

static void
sha1(void)
{
	struct w_redis_script s = { "return 1", "" };
	char out[41], a[200];

	w_sha1_hex("abc", 3, out);
	CHECK_STR(out, "a9993e364706816aba3e25717850c26c9cd0d89d");
	w_sha1_hex("", 0, out);
	CHECK_STR(out, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
	w_sha1_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	    56, out);
	CHECK_STR(out, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
	memset(a, 'a', sizeof(a));
	w_sha1_hex(a, 55, out);
	CHECK_STR(out, "c1c8bbdc22796e28c0e15163d20899b65621d65a");
	w_sha1_hex(a, 64, out);
	CHECK_STR(out, "0098ba824b5c16427bd7a1122a5a442a25ec644d");
	/* What redis-cli SCRIPT LOAD "return 1" answers. */
	CHECK_STR(w_redis_script_sha(&s),
	    "e0e1f9fabfc9d4800c877a703b823ac0578ff8db");
}

int
main(void)
{
	urls();
	objects();
	sha1();
	T_DONE();
}
