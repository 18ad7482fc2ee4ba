/*
 * wsearch: run queries through the configured provider chain and print
 * one envelope per request. The query comes from the arguments, else
 * from stdin: plain lines (one query each) or JSON requests.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cancel.h"
#include "config.h"
#include "input.h"
#include "json.h"
#include "search.h"

static const char *prog = "wsearch";

struct state {
	struct w_search	*search;
	jv		 base;
	enum w_out_mode	 mode;
	int		 urls;		/* -r: result URLs only */
	struct w_err	 setup;		/* a config failure answers every
					   request */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: wsearch [options] QUERY...\n"
	    "       wsearch [options] < QUERIES-OR-REQUESTS\n"
	    "  -n, --limit N           results wanted, 1-10 (default 5)\n"
	    "  -a, --alt QUERY         an alternate query (up to three)\n"
	    "  -d, --domain D          only results on site D (repeatable)\n"
	    "  -x, --exclude-domain D  never results on site D (repeatable)\n"
	    "  -l, --language L        preferred language (en, fr-CH)\n"
	    "  -C, --country CC        ISO 3166-1 alpha-2 region (PL, GB, US)\n"
	    "  -t, --time-range R      day, month or year\n"
	    "  -r, --raw-output        print only the result URLs\n"
	    "  -c, --compact           one line per envelope\n"
	    "      --schema            print the JSON Schema of a request\n"
	    "  -h, --help, -V, --version\n");
}

static jv
append(jv base, const char *key, const char *v)
{
	jv a = w_json_get(jv_copy(base), key);

	if (jv_get_kind(a) != JV_KIND_ARRAY) {
		jv_free(a);
		a = jv_array();
	}
	return jv_object_set(base, jv_string(key),
	    jv_array_append(a, jv_string(v)));
}

static int
emit(struct state *st, jv env, long line)
{
	int rc;
	jv res;

	env = w_env_line(env, line);
	rc = w_env_exit_peek(env);

	if (!st->urls) {
		w_out_emit(env, st->mode, prog);
		return rc;
	}
	res = w_json_get(jv_copy(env), "results");
	if (jv_get_kind(res) == JV_KIND_ARRAY &&
	    jv_array_length(jv_copy(res)) > 0) {
		jv_array_foreach(res, i, r) {
			const char *u = w_json_str_peek(r, "url");

			(void)i;
			if (u != NULL)
				printf("%s\n", u);
			jv_free(r);
		}
	} else if (w_json_str_peek(env, "summary") != NULL)
		fprintf(stderr, "%s: %s\n", prog, w_json_str_peek(env,
		    "summary"));
	jv_free(res);
	jv_free(env);
	return rc;
}

static int
on_request(struct state *st, jv req, long line)
{
	if (w_cancel_signal()) {	/* cancelled: nothing more starts */
		jv_free(req);
		return 0;
	}
	/* the options are defaults: the request's own fields win */
	if (jv_get_kind(req) == JV_KIND_OBJECT)
		req = jv_object_merge(jv_copy(st->base), req);
	if (st->setup.code != W_E_NONE) {
		jv_free(req);
		return emit(st, w_env_failed(w_env_new(prog), &st->setup,
		    "configuration"), line);
	}
	return emit(st, w_search_run(st->search, req), line);
}

/* A plain line is a query; a JSON text a request. */
static int
on_item(struct w_input_item *it, void *arg)
{
	struct state *st = arg;

	if (it->text != NULL)
		return on_request(st, jv_object_set(jv_object(),
		    jv_string("query"), jv_string(it->text)), it->line);
	return on_request(st, it->json, it->line);
}

static int
on_bad(const char *msg, long line, void *arg)
{
	struct w_err e;

	w_input_bad(&e, msg, line);
	return emit(arg, w_env_failed(w_env_new(prog), &e, "request"), line);
}

static int
options(int argc, char **argv, struct state *st)
{
	static const struct option lo[] = {
		{ "limit", required_argument, NULL, 'n' },
		{ "alt", required_argument, NULL, 'a' },
		{ "domain", required_argument, NULL, 'd' },
		{ "exclude-domain", required_argument, NULL, 'x' },
		{ "language", required_argument, NULL, 'l' },
		{ "country", required_argument, NULL, 'C' },
		{ "time-range", required_argument, NULL, 't' },
		{ "raw-output", no_argument, NULL, 'r' },
		{ "compact", no_argument, NULL, 'c' },
		{ "schema", optional_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	long n;
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":n:a:d:x:l:C:t:rchV", lo,
	    NULL)) != -1) {
		switch (ch) {
		case 'n':
			if (w_arg_long(optarg, &n) == -1) {
				fprintf(stderr, "%s: --limit needs a number\n",
				    prog);
				return -1;
			}
			st->base = jv_object_set(st->base, jv_string("limit"),
			    jv_number((double)n));
			break;
		case 'a':
			st->base = append(st->base, "alternate_queries",
			    optarg);
			break;
		case 'd':
			st->base = append(st->base, "domains", optarg);
			break;
		case 'x':
			st->base = append(st->base, "exclude_domains", optarg);
			break;
		case 'l':
			st->base = jv_object_set(st->base,
			    jv_string("language"), jv_string(optarg));
			break;
		case 'C':
			st->base = jv_object_set(st->base,
			    jv_string("country"), jv_string(optarg));
			break;
		case 't':
			st->base = jv_object_set(st->base,
			    jv_string("time_range"), jv_string(optarg));
			break;
		case 'r':
			st->urls = 1;
			break;
		case 'c':
			st->mode = W_OUT_COMPACT;
			break;
		case 's':
			exit(w_schema_arg(prog, optarg,
			    w_req_schema(w_search_fields(), "wsearch request",
			    (const char *const[]){ "query", NULL })));
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

/*
 * The options as a request are checked once, before any work, naming
 * the options as typed: an envelope and exit 2 when they are not valid.
 */
static int
check_options(struct state *st)
{
	static const char *const renames[] = { "alternate_queries", "alt",
	    "domains", "domain", "exclude_domains", "exclude-domain", NULL };
	struct w_err e;
	jv probe;
	int rc;

	probe = jv_object_set(jv_copy(st->base), jv_string("query"),
	    jv_string("options"));
	w_err_clear(&e);
	rc = w_search_check(probe, &e);
	jv_free(probe);
	if (rc == 0)
		return 0;
	w_req_msg_as_options(w_search_fields(), renames, "query", &e);
	emit(st, w_env_failed(w_env_new(prog), &e, "request"), 0);
	return -1;
}

int
main(int argc, char **argv)
{
	struct state st;
	struct w_config cfg;
	struct w_err e;
	struct w_buf q;
	int rc, i;

	memset(&st, 0, sizeof(st));
	st.base = jv_object();
	if (options(argc, argv, &st) == -1 || check_options(&st) == -1) {
		jv_free(st.base);
		w_out_finish(prog);
		return W_EXIT_USAGE;
	}
	if (optind == argc && w_input_is_tty(stdin)) {
		usage(stderr);
		jv_free(st.base);
		return W_EXIT_USAGE;
	}
	w_err_clear(&e);
	w_cancel_install();
	if (w_config_load(&cfg, &e) == -1 ||
	    w_search_new(&cfg, &st.search, &e) == -1) {
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		e.usage = 1;
		st.setup = e;
	}
	if (optind < argc) {
		w_buf_init(&q, 1u << 20);
		for (i = optind; i < argc; i++)
			w_buf_printf(&q, "%s%s", i > optind ? " " : "",
			    argv[i]);
		rc = on_request(&st, jv_object_set(jv_object(),
		    jv_string("query"), jv_string(q.p ? q.p : "")), 0);
		w_buf_free(&q);
	} else
		rc = w_input_each(stdin, on_item, on_bad, &st);
	jv_free(st.base);
	w_search_free(st.search);
	w_config_free(&cfg);
	if (w_out_finish(prog) != 0)
		rc = w_exit_worst(rc, W_EXIT_ERROR);
	return w_cancel_exit(rc);
}
