/*
 * wrobots: may this agent fetch this URL? One envelope per URL, from the
 * origin's robots.txt (fetched and cached under the network policy) or,
 * with --robots-file, from a local file with no network at all.
 *
 * Envelopes are written as JSON text directly rather than built as jv
 * values: a jv envelope costs about 10 microseconds to build and dump,
 * which alone would be several times the whole budget of answering
 * 2,000 URLs from one file (bench/robots.sh). Pretty output on a
 * terminal re-reads that text with libjq.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "config.h"
#include "input.h"
#include "json.h"
#include "robots.h"
#include "robots_fetch.h"
#include "url.h"

#define ENV_MAX_BYTES	(8u << 20)	/* one envelope's text */
#define PATTERN_OUT_MAX	1024		/* pattern bytes reported */
#define SITEMAPS_MAX	50		/* sitemaps reported */
#define ORIGINS_MAX	64		/* origins kept per process */

static const char *prog = "wrobots";

static const struct w_field fields[] = {
	{ "url", W_FT_STRING, 1, W_URL_MAX, NULL,
	    "the URL to check (http or https)" },
	{ "agent", W_FT_STRING, 1, W_ROBOTS_TOKEN_MAX - 1, NULL,
	    "product token to match user-agent lines against" },
	{ NULL, 0, 0, 0, NULL, NULL }
};
static const char *const required[] = { "url", NULL };

/* One origin's robots answer and the selection for the last agent. */
struct origin {
	char			*name;
	struct w_robots_fetch	 f;
	char			 agent[W_ROBOTS_TOKEN_MAX];
	struct w_robots_agent	*sel;
	char			*mid;		/* JSON text from "group" to
						   "source":{"url": */
	char			*tail;		/* the rest of "source" */
};

struct state {
	enum w_out_mode		 mode;
	int			 pretty;
	char			 agent[W_ROBOTS_TOKEN_MAX];
	int			 agent_set;
	const char		*file;
	int			 no_cache;
	struct w_config		 cfg;
	int			 have_cfg;
	struct w_robots_opts	 opts;
	struct origin		*origins[ORIGINS_MAX];
	size_t			 norigins;
	struct w_buf		 out;
	struct w_buf		 sum;
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: wrobots [options] URL...\n"
	    "       wrobots [options] < urls-or-requests\n"
	    "       wrobots --robots-file FILE [--agent TOKEN] URL...\n"
	    "  -a, --agent TOKEN       product token (default: config "
	    "userAgent's, else webtools)\n"
	    "  -f, --robots-file FILE  answer from FILE, offline\n"
	    "      --no-cache          neither read nor write the robots "
	    "cache\n"
	    "  -c, --compact           one line per envelope\n"
	    "      --schema            print the JSON Schema of a request\n"
	    "  -h, --help, -V, --version\n");
}

/* JSON string s (n bytes) into b, ASCII only: \uXXXX beyond ASCII,
 * U+FFFD for bytes that are not UTF-8. */
static void
put_str(struct w_buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	unsigned long cp;
	int k, i;

	w_buf_addc(b, '"');
	while (p < e) {
		const unsigned char *run = p;

		while (p < e && *p >= 0x20 && *p < 0x7f && *p != '"' &&
		    *p != '\\')
			p++;
		if (p > run)
			w_buf_add(b, run, (size_t)(p - run));
		if (p == e)
			break;
		if (*p == '"' || *p == '\\') {
			w_buf_addc(b, '\\');
			w_buf_addc(b, *p++);
			continue;
		}
		if (*p < 0x80) {
			w_buf_printf(b, "\\u%04x", *p++);
			continue;
		}
		if (*p >= 0xc2 && *p <= 0xdf)
			k = 1, cp = *p & 0x1fu;
		else if (*p >= 0xe0 && *p <= 0xef)
			k = 2, cp = *p & 0x0fu;
		else if (*p >= 0xf0 && *p <= 0xf4)
			k = 3, cp = *p & 0x07u;
		else
			k = 0, cp = 0;
		for (i = 1; k > 0 && i <= k; i++) {
			if (p + i >= e || (p[i] & 0xc0) != 0x80) {
				k = 0;
				break;
			}
			cp = cp << 6 | (p[i] & 0x3fu);
		}
		if (k == 0 || (k == 2 && cp < 0x800) || (k == 3 &&
		    (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff)) {
			w_buf_adds(b, "\\ufffd");
			p++;
			continue;
		}
		p += k + 1;
		if (cp >= 0x10000) {
			cp -= 0x10000;
			w_buf_printf(b, "\\u%04lx\\u%04lx", 0xd800 + (cp >> 10),
			    0xdc00 + (cp & 0x3ff));
		} else
			w_buf_printf(b, "\\u%04lx", cp);
	}
	w_buf_addc(b, '"');
}

static void
put_cstr(struct w_buf *b, const char *s)
{
	put_str(b, s, strlen(s));
}

/* "key": (a comma first unless it opens the object). */
static void
put_key(struct w_buf *b, const char *k)
{
	if (b->len > 0 && b->p[b->len - 1] != '{')
		w_buf_addc(b, ',');
	w_buf_addc(b, '"');
	w_buf_adds(b, k);
	w_buf_adds(b, "\":");
}

/* "group" of the selection, then "sitemaps" of the file. */
static void
put_group_maps(struct w_buf *b, const struct origin *o)
{
	size_t i, n;
	int line;

	put_key(b, "group");
	if (o->sel == NULL || !w_robots_agent_matched(o->sel))
		w_buf_adds(b, "null");
	else {
		n = w_robots_agent_nlines(o->sel);
		w_buf_adds(b, "{\"user_agents\":[");
		for (i = 0; i < n; i++) {
			if (i > 0)
				w_buf_addc(b, ',');
			put_cstr(b, w_robots_agent_line(o->sel, i, &line));
		}
		w_buf_adds(b, "],\"lines\":[");
		for (i = 0; i < n; i++) {
			w_robots_agent_line(o->sel, i, &line);
			w_buf_printf(b, "%s%d", i > 0 ? "," : "", line);
		}
		w_buf_printf(b, "],\"global\":%s}",
		    w_robots_agent_global(o->sel) ? "true" : "false");
	}
	put_key(b, "sitemaps");
	w_buf_addc(b, '[');
	n = o->f.rules ? w_robots_nsitemaps(o->f.rules) : 0;
	for (i = 0; i < n && i < SITEMAPS_MAX; i++) {
		const char *sm = w_robots_sitemap(o->f.rules, i);

		if (i > 0)
			w_buf_addc(b, ',');
		put_str(b, sm, strlen(sm) > 2048 ? 2048 : strlen(sm));
	}
	w_buf_addc(b, ']');
}

/*
 * The parts of an envelope that are the same for every URL of one
 * origin and agent: o->mid runs from "group" to the opening of
 * source.url, o->tail closes "source".
 */
static void
describe(struct origin *o, const char *file)
{
	struct w_buf b;
	double d;

	w_buf_init(&b, ENV_MAX_BYTES);
	w_buf_addc(&b, '-');	/* so that put_key starts with a comma */
	put_group_maps(&b, o);
	put_key(&b, "crawl_delay");
	d = o->sel ? w_robots_agent_crawl_delay(o->sel) : -1;
	if (d >= 0)
		w_buf_printf(&b, "%.15g", d);
	else
		w_buf_adds(&b, "null");
	put_key(&b, "robots_status");
	put_cstr(&b, w_robots_status_name(o->f.status));
	put_key(&b, "cache_hit");
	w_buf_adds(&b, o->f.cache_hit ? "true" : "false");
	put_key(&b, "source");
	w_buf_adds(&b, "{\"url\":");
	free(o->mid);
	o->mid = w_strdup(b.p + 1);
	w_buf_reset(&b);
	if (file != NULL) {
		w_buf_adds(&b, ",\"robots_file\":");
		put_cstr(&b, file);
	} else {
		w_buf_adds(&b, ",\"robots_url\":");
		put_cstr(&b, o->f.robots_url);
		if (o->f.final_url != NULL &&
		    strcmp(o->f.final_url, o->f.robots_url) != 0) {
			w_buf_adds(&b, ",\"final_url\":");
			put_cstr(&b, o->f.final_url);
		}
		if (o->f.http_status > 0)
			w_buf_printf(&b, ",\"http_status\":%d",
			    o->f.http_status);
	}
	w_buf_addc(&b, '}');
	free(o->tail);
	o->tail = w_buf_take(&b);
}

/* Select the rules for agent (kept while the agent stays the same). */
static void
select_agent(struct origin *o, const char *agent, const char *file)
{
	if (o->sel != NULL && strcmp(o->agent, agent) == 0)
		return;
	w_robots_agent_free(o->sel);
	o->sel = NULL;
	snprintf(o->agent, sizeof(o->agent), "%s", agent);
	if (o->f.rules != NULL)
		o->sel = w_robots_agent_new(o->f.rules, agent);
	describe(o, file);
}

static void
origin_free(struct origin *o)
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

/* Append the decimal n. */
static void
put_int(struct w_buf *b, long n)
{
	char d[24];
	int i = (int)sizeof(d);
	unsigned long u = n < 0 ? -(unsigned long)n : (unsigned long)n;

	do
		d[--i] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (n < 0)
		d[--i] = '-';
	w_buf_add(b, d + i, sizeof(d) - (size_t)i);
}

/* The host-written summary of a verdict (never page text) into s. */
static void
explain(const struct origin *o, const struct w_robots_verdict *v,
    struct w_buf *s)
{
	const struct w_robots_fetch *f = &o->f;

	w_buf_reset(s);
	if (!w_robots_status_ok(f->status))
		w_buf_printf(s, "disallowed, failing closed: robots.txt is "
		    "%s: %s", w_robots_status_name(f->status), f->why.msg);
	else if (f->status == W_ROBOTS_MISSING)
		w_buf_printf(s, "allowed: robots.txt is missing (HTTP %d)",
		    f->http_status);
	else if (v->implicit)
		w_buf_adds(s, "allowed: /robots.txt is always allowed");
	else if (v->line == 0) {
		w_buf_adds(s, "allowed for ");
		w_buf_adds(s, o->agent);
		w_buf_adds(s, ": no rule matches");
	} else {
		w_buf_adds(s, v->allowed ? "allowed for " : "disallowed for ");
		w_buf_adds(s, o->agent);
		w_buf_adds(s, v->allow_rule ? " by the allow rule on line " :
		    " by the disallow rule on line ");
		put_int(s, v->line);
	}
	/* A cache that cannot be written does not change the verdict. */
	if (f->cache_why.code != W_E_NONE)
		w_buf_printf(s, "; the robots.txt cache entry could not be "
		    "saved (%s)", f->cache_why.msg);
}

static void
put_error(struct w_buf *b, const struct origin *o, const char *sum)
{
	const struct w_err *why = &o->f.why;
	int closed = !w_robots_status_ok(o->f.status);

	put_key(b, "error");
	w_buf_adds(b, "{\"code\":\"robots_denied\",\"message\":");
	put_cstr(b, sum);
	w_buf_printf(b, ",\"retryable\":%s", closed && why->retryable ?
	    "true" : "false");
	if (closed && why->retry_after_ms >= 0)
		w_buf_printf(b, ",\"retry_after_ms\":%ld", why->retry_after_ms);
	w_buf_addc(b, '}');
	if (!closed)
		return;
	put_key(b, "details");
	w_buf_adds(b, "{\"robots_error\":{\"code\":");
	put_cstr(b, why->code != W_E_NONE ? w_err_name(why->code) :
	    "request_failed");
	w_buf_adds(b, ",\"message\":");
	put_cstr(b, why->msg);
	if (why->http_status > 0)
		w_buf_printf(b, ",\"http_status\":%d", why->http_status);
	w_buf_adds(b, "}}");
}

/* The envelope of url under o's answer; returns its exit code. */
static int
answer(struct state *st, struct origin *o, const char *url,
    const struct w_robots_verdict *v)
{
	struct w_buf *b = &st->out, *sum = &st->sum;

	explain(o, v, sum);
	w_buf_reset(b);
	w_buf_adds(b, v->allowed ? "{\"tool\":\"wrobots\",\"status\":\"ok\","
	    "\"summary\":" : "{\"tool\":\"wrobots\",\"status\":\"blocked\","
	    "\"summary\":");
	put_str(b, sum->p, sum->len);
	w_buf_adds(b, v->allowed ? ",\"allowed\":true,\"agent\":" :
	    ",\"allowed\":false,\"agent\":");
	put_cstr(b, o->agent);
	w_buf_adds(b, ",\"rule\":");
	if (v->pattern != NULL) {
		size_t n = strlen(v->pattern);

		w_buf_adds(b, v->allow_rule ? "{\"directive\":\"allow\","
		    "\"pattern\":" : "{\"directive\":\"disallow\","
		    "\"pattern\":");
		put_str(b, v->pattern, n > PATTERN_OUT_MAX ? PATTERN_OUT_MAX :
		    n);
		w_buf_adds(b, ",\"line\":");
		put_int(b, v->line);
		w_buf_addc(b, '}');
	} else
		w_buf_adds(b, "null");
	w_buf_adds(b, o->mid);
	put_cstr(b, url);
	w_buf_adds(b, o->tail);
	if (!v->allowed)
		put_error(b, o, sum->p);
	w_buf_adds(b, ",\"untrusted_fields\":[\"rule.pattern\","
	    "\"group.user_agents\",\"sitemaps\"]}");
	if (st->pretty) {
		jv env = jv_parse_sized(b->p, (int)b->len);

		w_out_emit(env, W_OUT_AUTO, prog);
	} else {
		w_buf_addc(b, '\n');
		fwrite(b->p, 1, b->len, stdout);
	}
	return v->allowed ? W_EXIT_OK : W_EXIT_BLOCKED;
}

static int
fail(struct state *st, const char *url, struct w_err *e)
{
	jv env = w_env_new(prog);

	env = jv_object_set(env, jv_string("summary"), jv_string(e->msg));
	if (url != NULL)
		env = jv_object_set(env, jv_string("source"), jv_object_set(
		    jv_object(), jv_string("url"), jv_string(url)));
	env = w_env_error(env, e);
	w_out_emit(env, st->pretty ? W_OUT_AUTO : W_OUT_COMPACT, prog);
	return w_exit_for(w_err_class(e->code), e->usage);
}

/* The origin's answer, fetched once per process. */
static struct origin *
origin_for(struct state *st, const char *name)
{
	struct origin *o;
	size_t i;

	for (i = 0; i < st->norigins; i++)
		if (strcmp(st->origins[i]->name, name) == 0)
			return st->origins[i];
	if (st->norigins == ORIGINS_MAX) {
		origin_free(st->origins[0]);
		memmove(st->origins, st->origins + 1,
		    (ORIGINS_MAX - 1) * sizeof(*st->origins));
		st->norigins--;
	}
	o = w_calloc(1, sizeof(*o));
	o->name = w_strdup(name);
	w_robots_fetch(name, &st->opts, &o->f);
	st->origins[st->norigins++] = o;
	return o;
}

static int
check(struct state *st, const char *url, const char *agent)
{
	struct w_robots_verdict v;
	struct origin *o;
	struct w_url u;
	struct w_err e;
	char *name;

	w_err_clear(&e);
	if (st->file != NULL) {
		o = st->origins[0];
	} else {
		if (w_url_parse(url, &u, &e) == -1) {
			e.usage = 1;
			return fail(st, url, &e);
		}
		if (strcmp(u.scheme, "http") != 0 &&
		    strcmp(u.scheme, "https") != 0) {
			w_url_free(&u);
			w_err_set(&e, W_E_INVALID_PARAMETER,
			    "url must be http:// or https://");
			e.usage = 1;
			return fail(st, url, &e);
		}
		if (u.has_userinfo) {
			w_url_free(&u);
			w_err_set(&e, W_E_INVALID_PARAMETER,
			    "credentials in the URL are not allowed");
			e.usage = 1;
			return fail(st, NULL, &e);	/* not echoed */
		}
		name = w_url_origin(&u);
		w_url_free(&u);
		o = origin_for(st, name);
		free(name);
	}
	select_agent(o, agent, st->file);
	memset(&v, 0, sizeof(v));
	if (!w_robots_status_ok(o->f.status))
		v.allowed = 0;
	else if (w_robots_match(o->sel, url, &v) == -1) {
		w_err_set(&e, W_E_INVALID_PARAMETER, "url is not an absolute "
		    "URL or a path starting with /");
		e.usage = 1;
		return fail(st, url, &e);
	}
	return answer(st, o, url, &v);
}

/* One JSON request {"url", "agent"} (consumed). */
static int
check_request(struct state *st, jv req)
{
	struct w_err e;
	const char *agent;
	char tok[W_ROBOTS_TOKEN_MAX];
	int rc;

	w_err_clear(&e);
	if (w_req_validate_peek(fields, req, required, &e) == -1) {
		jv_free(req);
		return fail(st, NULL, &e);
	}
	/* The agent is a product token as given: one that is not valid
	 * (RFC 9309 2.2.1) matches no named group, only "*". */
	agent = w_json_str_peek(req, "agent");
	if (agent != NULL)
		snprintf(tok, sizeof(tok), "%s", agent);
	rc = check(st, w_json_str_peek(req, "url"), agent ? tok : st->agent);
	jv_free(req);
	return rc;
}

/* One stdin request (lib/input.c): a URL line, or a JSON request. */
static int
on_item(struct w_input_item *it, void *arg)
{
	struct state *st = arg;

	if (it->text != NULL)
		return check(st, it->text, st->agent);
	return check_request(st, it->json);
}

static int
on_bad(const char *msg, long line, void *arg)
{
	struct w_err e;

	w_input_bad(&e, msg, line);
	return fail(arg, NULL, &e);
}

/* Read the --robots-file into the one offline origin. */
static int
load_file(struct state *st)
{
	struct origin *o = w_calloc(1, sizeof(*o));
	struct w_buf b;
	char chunk[65536];
	size_t n;
	FILE *fp;

	if ((fp = fopen(st->file, "rb")) == NULL) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, st->file,
		    strerror(errno));
		free(o);
		return -1;
	}
	w_buf_init(&b, W_ROBOTS_PARSE_MAX + 1);
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		if (w_buf_add(&b, chunk, n) == -1) {
			/* Past the parse limit the rest is ignored. */
			w_buf_add(&b, chunk, W_ROBOTS_PARSE_MAX + 1 - b.len);
			break;
		}
	if (ferror(fp)) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, st->file,
		    strerror(errno ? errno : EIO));
		fclose(fp);
		w_buf_free(&b);
		free(o);
		return -1;
	}
	fclose(fp);
	o->name = w_strdup(st->file);
	o->f.status = W_ROBOTS_FETCHED;
	o->f.rules = w_robots_parse(b.p ? b.p : "", b.len);
	w_buf_free(&b);
	st->origins[st->norigins++] = o;
	return 0;
}

static int
options(int argc, char **argv, struct state *st)
{
	static const struct option lo[] = {
		{ "agent", required_argument, NULL, 'a' },
		{ "robots-file", required_argument, NULL, 'f' },
		{ "no-cache", no_argument, NULL, 'n' },
		{ "compact", no_argument, NULL, 'c' },
		{ "schema", optional_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":a:f:chV", lo, NULL)) != -1) {
		switch (ch) {
		case 'a':
			/* As given: an invalid product token (RFC 9309
			 * 2.2.1) matches only the "*" group. */
			if (*optarg == '\0' ||
			    strlen(optarg) >= sizeof(st->agent)) {
				fprintf(stderr, "%s: --agent needs 1 to %d "
				    "bytes\n", prog, W_ROBOTS_TOKEN_MAX - 1);
				return -1;
			}
			snprintf(st->agent, sizeof(st->agent), "%s", optarg);
			st->agent_set = 1;
			break;
		case 'f':
			st->file = optarg;
			break;
		case 'n':
			st->no_cache = 1;
			break;
		case 'c':
			st->mode = W_OUT_COMPACT;
			break;
		case 's':
			exit(w_schema_arg(prog, optarg, w_req_schema(fields,
			    "wrobots request", required)));
		case 'h':
			usage(stdout);
			exit(w_out_finish(prog));
		case 'V':
			w_out_version(prog);
			exit(w_out_finish(prog));
		default:
			w_opt_error(prog, argv, ch);
			return -1;
		}
	}
	return 0;
}

/* Config, policy and the default agent; with --robots-file nothing is
 * read and the default agent is "webtools". */
static int
setup(struct state *st)
{
	struct w_err e;
	jv ua;

	if (st->file != NULL)
		goto dflt;
	w_err_clear(&e);
	if (w_config_load(&st->cfg, &e) == -1) {
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		fail(st, NULL, &e);
		return -1;
	}
	st->have_cfg = 1;
	st->opts.policy = &st->cfg.policy;
	st->opts.no_cache = st->no_cache;
	ua = w_config_get(&st->cfg, "userAgent");
	if (jv_get_kind(ua) == JV_KIND_STRING) {
		st->opts.user_agent = w_strdup(jv_string_value(ua));
		if (!st->agent_set && w_robots_token(jv_string_value(ua),
		    st->agent, sizeof(st->agent)) == 0)
			st->agent_set = 1;
	}
	jv_free(ua);
dflt:
	if (!st->agent_set)
		snprintf(st->agent, sizeof(st->agent), "webtools");
	return 0;
}

int
main(int argc, char **argv)
{
	struct state st;
	int rc = 0, i;
	size_t k;

	memset(&st, 0, sizeof(st));
	if (options(argc, argv, &st) == -1)
		return W_EXIT_USAGE;
	st.pretty = st.mode == W_OUT_AUTO && isatty(STDOUT_FILENO);
	w_buf_init(&st.out, ENV_MAX_BYTES);
	w_buf_init(&st.sum, 4096);
	if (setup(&st) == -1) {
		w_out_finish(prog);
		return W_EXIT_USAGE;
	}
	if (st.file != NULL && load_file(&st) == -1)
		return W_EXIT_USAGE;
	if (optind < argc)
		for (i = optind; i < argc; i++)
			rc = w_exit_worst(rc, check(&st, argv[i], st.agent));
	else if (isatty(STDIN_FILENO)) {
		usage(stderr);
		rc = W_EXIT_USAGE;
	} else
		rc = w_input_each(stdin, on_item, on_bad, &st);
	for (k = 0; k < st.norigins; k++)
		origin_free(st.origins[k]);
	w_buf_free(&st.out);
	w_buf_free(&st.sum);
	free((char *)st.opts.user_agent);
	if (st.have_cfg)
		w_config_free(&st.cfg);
	if (w_out_finish(prog) != 0)
		rc = w_exit_worst(rc, W_EXIT_ERROR);
	return rc;
}
