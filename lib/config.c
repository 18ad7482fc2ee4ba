/*
 * config.c: load the config file and check it against one key table.
 * Errors name the key and never echo values (endpoints and secrets).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "config.h"
#include "json.h"
#include "redis.h"

enum kind {
	K_OBJ,
	K_STR,
	K_INT,
	K_BOOL,
	K_ENUM,
	K_STRLIST,
	K_STR_OR_LIST,
	K_RETIRED
};

struct key {
	const char		*path;
	enum kind		 kind;
	long			 min, max;
	const char *const	*choices;
	const char		*why;	/* K_RETIRED: the migration hint */
};

static const char *const coord_modes[] = { "process", "host", "redis",
    NULL };
static const char *const net_modes[] = { "none", "localhost", "allowlist",
    "all", NULL };
static const char *const renders[] = { "never", "auto", "always", NULL };

/* Every key the programs read; later modules add their lines here. */
static const struct key keys[] = {
	{ "coordination", K_ENUM, 0, 0, coord_modes, NULL },
	{ "redis", K_OBJ, 0, 0, NULL, NULL },
	{ "redis.url", K_STR, 1, 4096, NULL, NULL },
	{ "redis.prefix", K_STR, 1, 64, NULL, NULL },
	{ "redis.timeoutMs", K_INT, 1, 60000, NULL, NULL },
	{ "redis.leaseMs", K_INT, 1000, 600000, NULL, NULL },
	{ "redis.passwordEnv", K_STR, 1, 200, NULL, NULL },
	{ "userAgent", K_STR, 1, 200, NULL, NULL },
	{ "network", K_OBJ, 0, 0, NULL, NULL },
	{ "network.mode", K_ENUM, 0, 0, net_modes, NULL },
	{ "network.allow", K_STRLIST, 0, 256, NULL, NULL },
	{ "search", K_OBJ, 0, 0, NULL, NULL },
	{ "search.backend", K_STR_OR_LIST, 0, 16, NULL, NULL },
	{ "search.maxRequestsPerRun", K_INT, 1, 20, NULL, NULL },
	{ "search.endpoint", K_STR, 1, 2048, NULL, NULL },
	{ "search.searxng", K_OBJ, 0, 0, NULL, NULL },
	{ "search.searxng.endpoint", K_STR, 1, 2048, NULL, NULL },
	{ "search.ollama", K_OBJ, 0, 0, NULL, NULL },
	{ "search.ollama.baseUrl", K_STR, 1, 2048, NULL, NULL },
	{ "search.ollama.apiKeyEnv", K_STR, 1, 200, NULL, NULL },
	{ "search.ollama.trustPublicUrl", K_BOOL, 0, 0, NULL, NULL },
	{ "search.codex", K_OBJ, 0, 0, NULL, NULL },
	{ "search.codex.model", K_STR, 1, 200, NULL, NULL },
	{ "search.parallel", K_OBJ, 0, 0, NULL, NULL },
	{ "search.parallel.apiKeyEnv", K_STR, 1, 200, NULL, NULL },
	{ "search.hound", K_OBJ, 0, 0, NULL, NULL },
	{ "search.hound.endpoint", K_RETIRED, 0, 0, NULL,
	    "is retired: the hound search provider is now \"local\" and "
	    "needs no endpoint" },
	{ "fetch", K_OBJ, 0, 0, NULL, NULL },
	{ "fetch.provider", K_STR_OR_LIST, 0, 8, NULL, NULL },
	{ "fetch.render", K_ENUM, 0, 0, renders, NULL },
	{ "fetch.concurrency", K_INT, 1, 16, NULL, NULL },
	{ "fetch.browserCommand", K_STR, 1, 1024, NULL, NULL },
	{ "fetch.browserExecutable", K_STR, 1, 1024, NULL, NULL },
	{ "fetch.robots", K_BOOL, 0, 0, NULL, NULL },
	{ "fetch.sourcePolicy", K_OBJ, 0, 0, NULL, NULL },
	{ "fetch.sourcePolicy.licensed", K_STRLIST, 0, 256, NULL, NULL },
	{ "fetch.sourcePolicy.manualOnly", K_STRLIST, 0, 256, NULL, NULL },
	{ "fetch.parallel", K_OBJ, 0, 0, NULL, NULL },
	{ "fetch.parallel.apiKeyEnv", K_STR, 1, 200, NULL, NULL },
	{ "fetch.hound", K_OBJ, 0, 0, NULL, NULL },
	{ "fetch.hound.endpoint", K_RETIRED, 0, 0, NULL,
	    "is retired: fetch.provider \"local\" needs no endpoint" },
	{ "doctor", K_OBJ, 0, 0, NULL, NULL },
	{ "doctor.liveness", K_BOOL, 0, 0, NULL, NULL },
	{ NULL, K_OBJ, 0, 0, NULL, NULL }
};

static const struct key *
find_key(const char *path)
{
	const struct key *k;

	for (k = keys; k->path != NULL; k++)
		if (strcmp(k->path, path) == 0)
			return k;
	return NULL;
}

/* "config: PATH WHAT" as an invalid_parameter usage error. */
static int
bad(struct w_err *e, const char *what, const char *path)
{
	w_err_set(e, W_E_INVALID_PARAMETER, "config: %s %s", path, what);
	e->usage = 1;
	return -1;
}

static int
check_list(jv v, const struct key *k, struct w_err *e)
{
	int n = jv_array_length(jv_copy(v)), i, ok = 1;

	if (k->max > 0 && n > k->max)
		return bad(e, "has too many entries", k->path);
	for (i = 0; i < n && ok; i++) {
		jv x = w_json_at(jv_copy(v), i);

		ok = jv_get_kind(x) == JV_KIND_STRING;
		jv_free(x);
	}
	return ok ? 0 : bad(e, "must hold only strings", k->path);
}

static int check_object(jv o, const char *prefix, struct w_err *e);

static int
check_value(const struct key *k, jv v, struct w_err *e)
{
	jv_kind t = jv_get_kind(v);
	const char *const *c;
	char msg[160];

	switch (k->kind) {
	case K_OBJ:
		if (t != JV_KIND_OBJECT)
			return bad(e, "must be an object", k->path);
		return check_object(v, k->path, e);
	case K_STR:
		if (t != JV_KIND_STRING)
			return bad(e, "must be a string", k->path);
		if ((long)strlen(jv_string_value(v)) < k->min ||
		    (long)strlen(jv_string_value(v)) > k->max)
			return bad(e, "has a bad length", k->path);
		return 0;
	case K_INT:
		if (t != JV_KIND_NUMBER || !jv_is_integer(v) ||
		    jv_number_value(v) < k->min || jv_number_value(v) > k->max) {
			snprintf(msg, sizeof(msg), "must be an integer from "
			    "%ld to %ld", k->min, k->max);
			return bad(e, msg, k->path);
		}
		return 0;
	case K_BOOL:
		if (t != JV_KIND_TRUE && t != JV_KIND_FALSE)
			return bad(e, "must be a boolean", k->path);
		return 0;
	case K_ENUM:
		if (t == JV_KIND_STRING)
			for (c = k->choices; *c; c++)
				if (strcmp(*c, jv_string_value(v)) == 0)
					return 0;
		{
			size_t used = 0;

			used = (size_t)snprintf(msg, sizeof(msg), "must be");
			for (c = k->choices; *c && used < sizeof(msg); c++)
				used += (size_t)snprintf(msg + used,
				    sizeof(msg) - used, "%s%s",
				    c == k->choices ? " " : c[1] ? ", " :
				    " or ", *c);
			return bad(e, msg, k->path);
		}
	case K_STRLIST:
		if (t != JV_KIND_ARRAY)
			return bad(e, "must be an array", k->path);
		return check_list(v, k, e);
	case K_STR_OR_LIST:
		if (t == JV_KIND_STRING)
			return 0;
		if (t != JV_KIND_ARRAY)
			return bad(e, "must be a string or an array",
			    k->path);
		return check_list(v, k, e);
	case K_RETIRED:
		return bad(e, k->why, k->path);
	}
	return 0;
}

static int
check_object(jv o, const char *prefix, struct w_err *e)
{
	char path[256];
	int rc = 0;

	jv_object_foreach(o, k, v) {
		if (rc == 0) {
			const struct key *key;

			snprintf(path, sizeof(path), "%s%s%s", prefix,
			    *prefix ? "." : "", jv_string_value(k));
			/* "network.mode" as one key would match the table
			 * yet never be read: a dot is never part of a key. */
			if (strchr(jv_string_value(k), '.') != NULL ||
			    (key = find_key(path)) == NULL) {
				w_err_set(e, W_E_INVALID_PARAMETER,
				    "config: unknown key %.200s", path);
				e->usage = 1;
				rc = -1;
			} else
				rc = check_value(key, v, e);
		}
		jv_free(k);
		jv_free(v);
	}
	return rc;
}

/* Validate a parsed tools.web object (borrowed). */
static int
check_web_peek(jv web, struct w_err *e)
{
	if (jv_get_kind(web) != JV_KIND_OBJECT)
		return bad(e, "must be a JSON object", "the top");
	return check_object(web, "", e);
}

static char *
config_path(int *explicit)
{
	const char *p;

	*explicit = 0;
	if ((p = getenv("WEB_CONFIG")) != NULL && *p) {
		*explicit = 1;
		return w_strdup(p);
	}
	return w_config_basedir(W_BASE_CONFIG, "config.json");
}

/*
 * Lines whose first non-blank characters are "//" are comments (the
 * shipped example, share/webtools/config.json, is all comments): they
 * become blanks, keeping every other byte where it was.
 */
static void
blank_comments(char *s, size_t n)
{
	size_t i = 0, j;

	while (s != NULL && i < n) {
		for (j = i; j < n && (s[j] == ' ' || s[j] == '\t'); j++)
			;
		if (j + 1 < n && s[j] == '/' && s[j + 1] == '/')
			for (; j < n && s[j] != '\n'; j++)
				s[j] = ' ';
		while (j < n && s[j] != '\n')
			j++;
		i = j + 1;
	}
}

static int
read_file(const char *path, int explicit, jv *out, struct w_err *e)
{
	struct w_buf b;
	char why[sizeof(e->msg)];
	int rc;

	rc = w_buf_file(&b, path, W_CONFIG_MAX_BYTES, W_E_INVALID_PARAMETER,
	    e);
	if (rc == -1 && errno == ENOENT && !explicit) {
		w_buf_free(&b);
		w_err_clear(e);
		*out = jv_object();
		return 0;
	}
	if (rc != 0) {
		/* "config: cannot read PATH (WEB_CONFIG): why" */
		if (rc == -1)
			snprintf(why, sizeof(why), "cannot read %s%s: %s", path,
			    explicit ? " (WEB_CONFIG)" : "", strerror(errno));
		else
			snprintf(why, sizeof(why), "%s", e->msg);
		w_buf_free(&b);
		w_err_set(e, W_E_INVALID_PARAMETER, "config: %s", why);
		e->usage = 1;
		return -1;
	}
	blank_comments(b.p, b.len);
	*out = w_json_parse(b.p, b.len);
	w_buf_free(&b);
	if (!jv_is_valid(*out)) {
		jv_free(*out);
		return bad(e, "is not valid JSON", path);
	}
	return 0;
}

char *
w_config_basedir(enum w_base which, const char *sub)
{
	static const char *const var[] = { "XDG_CONFIG_HOME",
	    "XDG_STATE_HOME", "XDG_CACHE_HOME" };
	static const char *const dflt[] = { ".config", ".local/state",
	    ".cache" };
	const char *x = getenv(var[which]), *home = getenv("HOME");
	struct w_buf b;

	w_buf_init(&b, 8192);
	if (x != NULL && *x == '/')
		w_buf_printf(&b, "%s/webtools", x);
	else if (home != NULL && *home == '/')
		w_buf_printf(&b, "%s/%s/webtools", home, dflt[which]);
	else
		return NULL;
	if (sub != NULL)
		w_buf_printf(&b, "/%s", sub);
	return w_buf_take(&b);
}

/* Unwrap {"tools":{"web":...}}. Consumes root. */
static jv
unwrap(jv root)
{
	jv tools, web;

	if (jv_get_kind(root) != JV_KIND_OBJECT ||
	    jv_object_length(jv_copy(root)) != 1)
		return root;
	tools = w_json_get(jv_copy(root), "tools");
	if (jv_get_kind(tools) != JV_KIND_OBJECT) {
		jv_free(tools);
		return root;
	}
	web = w_json_get(tools, "web");
	if (jv_get_kind(web) != JV_KIND_OBJECT) {
		jv_free(web);
		return root;
	}
	jv_free(root);
	return web;
}

/* coordination "redis" needs a usable redis object (lib/redis.h). */
static int
check_redis(const struct w_config *c, struct w_err *e)
{
	struct w_redis_conf rc;
	jv mode = w_config_get(c, "coordination"), r;
	int redis, rv = 0;

	redis = jv_get_kind(mode) == JV_KIND_STRING &&
	    strcmp(jv_string_value(mode), "redis") == 0;
	jv_free(mode);
	r = w_config_get(c, "redis");
	if (redis || jv_get_kind(r) == JV_KIND_OBJECT) {
		rv = w_redis_conf_from_json(r, &rc, e);
		w_redis_conf_free(&rc);
	}
	jv_free(r);
	return rv;
}

int
w_config_load(struct w_config *c, struct w_err *e)
{
	char *path;
	int explicit;
	jv root, net;

	c->web = jv_object();
	w_policy_default(&c->policy);
	if ((path = config_path(&explicit)) == NULL)
		return 0;
	if (read_file(path, explicit, &root, e) == -1) {
		free(path);
		goto fail;
	}
	free(path);
	root = unwrap(root);
	if (check_web_peek(root, e) == -1) {
		jv_free(root);
		goto fail;
	}
	jv_free(c->web);
	c->web = root;
	net = w_config_get(c, "network");
	if (w_policy_from_json(&c->policy, net, e) == -1) {
		jv_free(net);
		e->usage = 1;
		goto fail;
	}
	jv_free(net);
	if (check_redis(c, e) == -1)
		goto fail;
	return 0;
fail:
	w_config_free(c);
	return -1;
}

jv
w_config_get(const struct w_config *c, const char *path)
{
	jv v = jv_copy(c->web);
	const char *p = path, *dot;

	while (*p) {
		dot = strchr(p, '.');
		if (jv_get_kind(v) != JV_KIND_OBJECT) {
			jv_free(v);
			return jv_null();
		}
		v = w_json_getv(v, dot ? jv_string_sized(p, (int)(dot - p))
		    : jv_string(p));
		if (!jv_is_valid(v)) {
			jv_free(v);
			return jv_null();
		}
		p = dot ? dot + 1 : p + strlen(p);
	}
	return v;
}

int
w_config_int(const struct w_config *c, const char *path, int dflt)
{
	jv v = w_config_get(c, path);
	long n = dflt;

	if (jv_get_kind(v) != JV_KIND_NUMBER ||
	    w_num_long(jv_number_value(v), INT_MIN, INT_MAX, &n) != 0)
		n = dflt;
	jv_free(v);
	return (int)n;
}

void
w_config_free(struct w_config *c)
{
	jv_free(c->web);
	c->web = jv_null();
	w_policy_free(&c->policy);
}

jv
w_config_defaults(void)
{
	const char *d = "{\"coordination\":\"process\","
	    "\"network\":{\"mode\":\"all\",\"allow\":[]},"
	    "\"search\":{\"backend\":[\"parallel\",\"ollama\"],"
	    "\"maxRequestsPerRun\":" W_CONFIG_STR(W_CONFIG_MAX_REQUESTS) "},"
	    "\"fetch\":{\"provider\":\"local\",\"render\":\"never\","
	    "\"browserCommand\":\"agent-browser\",\"concurrency\":1}}";

	return jv_parse(d);
}

jv
w_config_effective(const struct w_config *c)
{
	return w_config_redact(jv_object_merge_recursive(w_config_defaults(),
	    jv_copy(c->web)));
}

jv
w_config_redact(jv v)
{
	const char *s, *at, *sep;
	struct w_buf b;
	jv k, x;
	int it, i, n;

	switch (jv_get_kind(v)) {
	case JV_KIND_STRING:
		s = jv_string_value(v);
		if ((sep = strstr(s, "://")) == NULL ||
		    (at = strchr(sep + 3, '@')) == NULL ||
		    strcspn(sep + 3, "/?#") < (size_t)(at - sep - 3))
			return v;
		w_buf_init(&b, 16384);
		w_buf_add(&b, s, (size_t)(sep + 3 - s));
		w_buf_adds(&b, "[redacted]");
		w_buf_adds(&b, at);
		jv_free(v);
		v = jv_string(b.p);
		w_buf_free(&b);
		return v;
	case JV_KIND_ARRAY:
		n = jv_array_length(jv_copy(v));
		for (i = 0; i < n; i++)
			v = jv_array_set(v, i, w_config_redact(w_json_at(jv_copy(v),
			    i)));
		return v;
	case JV_KIND_OBJECT:
		for (it = jv_object_iter(v); jv_object_iter_valid(v, it);
		    it = jv_object_iter_next(v, it)) {
			k = jv_object_iter_key(v, it);
			x = jv_object_iter_value(v, it);
			v = jv_object_set(v, k, w_config_redact(x));
		}
		return v;
	default:
		return v;
	}
}
