/*
 * wrobots: may this agent fetch this URL? One envelope per URL, from the
 * origin's robots.txt (fetched and cached under the network policy) or,
 * with --robots-file, from a local file with no network at all. The
 * origins are cached per process (lib/robots_origin.c) and envelopes
 * written as JSON text (lib/robots_env.c); pretty output on a terminal
 * re-reads that text with libjq.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "config.h"
#include "input.h"
#include "json.h"
#include "robots.h"
#include "robots_env.h"
#include "robots_fetch.h"
#include "robots_origin.h"
#include "url.h"

static const char *prog = "wrobots";

static const struct w_field fields[] = {
	{ "url", W_FT_STRING, 1, W_URL_MAX, NULL,
	    "the URL to check (http or https)" },
	{ "agent", W_FT_STRING, 1, W_ROBOTS_TOKEN_MAX - 1, NULL,
	    "product token to match user-agent lines against" },
	{ NULL, 0, 0, 0, NULL, NULL }
};
static const char *const required[] = { "url", NULL };

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
	struct w_robots_origins	 origins;
	struct w_robots_origin	*offline;	/* --robots-file's */
	struct w_err		 setup;		/* a config failure answers
						   every URL */
	struct w_buf		 out;
	struct w_buf		 sum;
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: wrobots [options] URL...\n"
	    "       wrobots [options] < URLS-OR-REQUESTS\n"
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

/* Print url's envelope under o; returns its exit code. */
static int
answer(struct state *st, struct w_robots_origin *o, const char *url,
    const struct w_robots_verdict *v)
{
	struct w_buf *b = &st->out;
	int rc;

	rc = w_robots_env_answer(b, &st->sum, o, url, v);
	if (st->pretty) {
		jv env = jv_parse_sized(b->p, (int)b->len);

		w_out_emit(env, W_OUT_AUTO, prog);
	} else {
		w_buf_addc(b, '\n');
		fwrite(b->p, 1, b->len, stdout);
	}
	return rc;
}

/* An error envelope naming url (credentials redacted) and the stdin
 * line (0: an argument). */
static int
fail(struct state *st, const char *url, struct w_err *e, long line)
{
	jv env = w_env_new(prog);

	env = jv_object_set(env, jv_string("summary"), jv_string(e->msg));
	if (url != NULL)
		env = jv_object_set(env, jv_string("source"), jv_object_set(
		    jv_object(), jv_string("url"),
		    w_config_redact(jv_string(url))));
	env = w_env_line(w_env_error(env, e), line);
	w_out_emit(env, st->pretty ? W_OUT_AUTO : W_OUT_COMPACT, prog);
	return w_exit_for(w_err_class(e->code), e->usage);
}

static int
check(struct state *st, const char *url, const char *agent, long line)
{
	struct w_robots_verdict v;
	struct w_robots_origin *o;
	struct w_url u;
	struct w_err e;
	char *name;

	w_err_clear(&e);
	if (st->setup.code != W_E_NONE)
		return fail(st, url, &st->setup, line);
	if (st->file != NULL) {
		o = st->offline;
	} else {
		if (w_url_parse(url, &u, &e) == -1) {
			e.usage = 1;
			return fail(st, url, &e, line);
		}
		if (strcmp(u.scheme, "http") != 0 &&
		    strcmp(u.scheme, "https") != 0) {
			w_url_free(&u);
			w_err_set(&e, W_E_INVALID_PARAMETER,
			    "url must be http:// or https://");
			e.usage = 1;
			return fail(st, url, &e, line);
		}
		if (u.has_userinfo) {
			w_url_free(&u);
			w_err_set(&e, W_E_INVALID_PARAMETER,
			    "credentials in the URL are not allowed");
			e.usage = 1;
			return fail(st, url, &e, line);
		}
		name = w_url_origin(&u);
		w_url_free(&u);
		o = w_robots_origins_get(&st->origins, name, &st->opts);
		free(name);
	}
	if (w_robots_origin_select(o, agent))
		w_robots_env_describe(o, st->file);
	memset(&v, 0, sizeof(v));
	if (!w_robots_status_ok(o->f.status))
		v.allowed = 0;
	else if (w_robots_match(o->sel, url, &v) == -1) {
		w_err_set(&e, W_E_INVALID_PARAMETER, "url is not an absolute "
		    "URL or a path starting with /");
		e.usage = 1;
		return fail(st, url, &e, line);
	}
	return answer(st, o, url, &v);
}

/* One JSON request {"url", "agent"} (consumed). */
static int
check_request(struct state *st, jv req, long line)
{
	struct w_err e;
	const char *agent;
	char tok[W_ROBOTS_TOKEN_MAX];
	int rc;

	w_err_clear(&e);
	if (w_req_validate_peek(fields, req, required, &e) == -1) {
		rc = fail(st, w_json_str_peek(req, "url"), &e, line);
		jv_free(req);
		return rc;
	}
	/* The agent is a product token as given: one that is not valid
	 * (RFC 9309 2.2.1) matches no named group, only "*". */
	agent = w_json_str_peek(req, "agent");
	if (agent != NULL)
		snprintf(tok, sizeof(tok), "%s", agent);
	rc = check(st, w_json_str_peek(req, "url"), agent ? tok : st->agent,
	    line);
	jv_free(req);
	return rc;
}

/* One stdin request (lib/input.c): a URL line, or a JSON request. */
static int
on_item(struct w_input_item *it, void *arg)
{
	struct state *st = arg;

	if (it->text != NULL)
		return check(st, it->text, st->agent, it->line);
	return check_request(st, it->json, it->line);
}

static int
on_bad(const char *msg, long line, void *arg)
{
	struct w_err e;

	w_input_bad(&e, msg, line);
	return fail(arg, NULL, &e, line);
}

/* Read the --robots-file into the one offline origin. */
static int
load_file(struct state *st)
{
	struct w_err e;

	w_err_clear(&e);
	st->offline = w_robots_origins_file(&st->origins, st->file, &e);
	if (st->offline != NULL)
		return 0;
	fprintf(stderr, "%s: %s\n", prog, e.msg);
	return -1;
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
static void
setup(struct state *st)
{
	struct w_err e;
	jv ua;

	if (st->file != NULL)
		goto dflt;
	w_err_clear(&e);
	st->have_cfg = 1;
	if (w_config_load(&st->cfg, &e) == -1) {
		/* answered for every URL (check) */
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		e.usage = 1;
		st->setup = e;
		goto dflt;
	}
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
}

int
main(int argc, char **argv)
{
	struct state st;
	int rc = 0, i;

	memset(&st, 0, sizeof(st));
	if (options(argc, argv, &st) == -1)
		return W_EXIT_USAGE;
	st.pretty = st.mode == W_OUT_AUTO && isatty(STDOUT_FILENO);
	w_buf_init(&st.out, W_ROBOTS_ENV_MAX);
	w_buf_init(&st.sum, 4096);
	setup(&st);
	if (st.file != NULL && load_file(&st) == -1)
		return W_EXIT_USAGE;
	if (optind < argc)
		for (i = optind; i < argc; i++)
			rc = w_exit_worst(rc, check(&st, argv[i], st.agent,
			    0));
	else if (isatty(STDIN_FILENO)) {
		usage(stderr);
		rc = W_EXIT_USAGE;
	} else
		rc = w_input_each(stdin, on_item, on_bad, &st);
	w_robots_origins_free(&st.origins);
	w_buf_free(&st.out);
	w_buf_free(&st.sum);
	free((char *)st.opts.user_agent);
	if (st.have_cfg)
		w_config_free(&st.cfg);
	if (w_out_finish(prog) != 0)
		rc = w_exit_worst(rc, W_EXIT_ERROR);
	return rc;
}
