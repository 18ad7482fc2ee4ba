/*
 * wfetch: fetch URLs under the network policy and print one envelope per
 * URL. URLs come from the arguments, else from stdin as JSON requests or
 * wsearch envelopes.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cancel.h"
#include "config.h"
#include "fetch.h"
#include "view.h"
#include "json.h"

static const char *prog = "wfetch";

struct state {
	struct w_fetch_ctx	 ctx;
	jv			 base;
	int			 top;
	int			 parallel;	/* -P; 0: config or 1 */
	int			 unordered;
	int			 rc;		/* worst exit so far */
	enum w_out_mode		 mode;
	struct w_fetch_batch	*batch;
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: wfetch [options] URL...\n"
	    "       wfetch [options] < requests.ndjson\n"
	    "       wsearch QUERY | wfetch [--top N] [options]\n"
	    "  -f, --format F          markdown (default), text or raw\n"
	    "      --render R          never, auto or always (config is the ceiling)\n"
	    "      --start-line N      first line of a line slice (1-based)\n"
	    "      --max-lines N       lines in a slice (1-10000, default 200)\n"
	    "      --max-output-chars N  cap on returned characters\n"
	    "      --offset N          first character of a char page\n"
	    "      --max-chars N       characters per page (default 20000)\n"
	    "      --focus TERMS       keep only matching blocks\n"
	    "      --include-links     list up to 20 links of an HTML page\n"
	    "  -H, --header 'N: V'     Accept, Accept-Language, Range, User-Agent\n"
	    "      --artifact NAME     save the full text (or binary) as NAME\n"
	    "      --timeout SECS      lower the 45 s deadline\n"
	    "      --top N             with a wsearch envelope: fetch its top N results\n"
	    "  -P, --parallel N        up to N fetches at once (1-16, default 1)\n"
	    "      --unordered         print each envelope as it completes\n"
	    "  -r, --raw-output        print only the content\n"
	    "  -c, --compact           one line per envelope\n"
	    "      --schema            print the JSON Schema of a request\n"
	    "  -h, --help, -V, --version\n");
}

static jv
add_header(jv base, const char *h)
{
	const char *colon = strchr(h, ':'), *v;
	jv hs;

	if (colon == NULL || colon == h) {
		jv_free(base);
		return jv_invalid();
	}
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		;
	hs = w_json_get(jv_copy(base), "headers");
	if (!jv_is_valid(hs)) {
		jv_free(hs);
		hs = jv_object();
	}
	hs = jv_object_set(hs, jv_string_sized(h, (int)(colon - h)),
	    jv_string(v));
	return jv_object_set(base, jv_string("headers"), hs);
}

static void
on_env(jv env, void *arg)
{
	struct state *st = arg;

	st->rc = w_exit_worst(st->rc, w_out_emit_rc(env, st->mode, prog));
}

static int
on_request(jv input, void *arg)
{
	struct state *st = arg;
	jv reqs = w_fetch_expand(input, st->base, st->top);

	jv_array_foreach(reqs, i, r) {
		(void)i;
		if (w_cancel_signal()) {	/* nothing more starts */
			jv_free(r);
			continue;
		}
		w_fetch_batch_add(st->batch, r);
	}
	jv_free(reqs);
	return 0;
}

static int
on_bad(const char *msg, void *arg)
{
	struct state *st = arg;
	struct w_err e;
	jv env = w_env_new(prog);

	w_err_clear(&e);
	w_err_set(&e, W_E_INVALID_PARAMETER, "%s", msg);
	e.usage = 1;
	env = jv_object_set(env, jv_string("summary"), jv_string(msg));
	w_fetch_batch_add_env(st->batch, w_env_error(env, &e));
	return 0;
}

/* Parse options into st; returns -1 on a usage error. */
static int
options(int argc, char **argv, struct state *st)
{
	static const struct option lo[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "render", required_argument, NULL, 'R' },
		{ "start-line", required_argument, NULL, 'S' },
		{ "max-lines", required_argument, NULL, 'L' },
		{ "max-output-chars", required_argument, NULL, 'O' },
		{ "offset", required_argument, NULL, 'o' },
		{ "max-chars", required_argument, NULL, 'C' },
		{ "focus", required_argument, NULL, 'F' },
		{ "include-links", no_argument, NULL, 'l' },
		{ "header", required_argument, NULL, 'H' },
		{ "artifact", required_argument, NULL, 'a' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "top", required_argument, NULL, 't' },
		{ "parallel", required_argument, NULL, 'P' },
		{ "unordered", no_argument, NULL, 'U' },
		{ "raw-output", no_argument, NULL, 'r' },
		{ "compact", no_argument, NULL, 'c' },
		{ "schema", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const numkeys[] = { ['S'] = "start_line",
	    ['L'] = "max_lines", ['O'] = "max_output_chars",
	    ['o'] = "offset", ['C'] = "max_chars" };
	int ch;
	long n;

	while ((ch = getopt_long(argc, argv, "f:H:P:rchV", lo, NULL)) != -1) {
		switch (ch) {
		case 'f':
			st->base = jv_object_set(st->base, jv_string("format"),
			    jv_string(optarg));
			break;
		case 'R':
			st->base = jv_object_set(st->base, jv_string("render"),
			    jv_string(optarg));
			break;
		case 'F':
			st->base = jv_object_set(st->base, jv_string("focus"),
			    jv_string(optarg));
			break;
		case 'a':
			st->base = jv_object_set(st->base,
			    jv_string("artifact"), jv_string(optarg));
			break;
		case 'l':
			st->base = jv_object_set(st->base,
			    jv_string("include_links"), jv_true());
			break;
		case 'S': case 'L': case 'O': case 'o': case 'C':
			if (w_arg_long(optarg, &n) == -1) {
				fprintf(stderr, "%s: --%s needs a number\n",
				    prog, numkeys[ch]);
				return -1;
			}
			st->base = jv_object_set(st->base,
			    jv_string(numkeys[ch]), jv_number((double)n));
			break;
		case 'H':
			st->base = add_header(st->base, optarg);
			if (!jv_is_valid(st->base)) {
				fprintf(stderr, "%s: --header wants 'Name: "
				    "value'\n", prog);
				return -1;
			}
			break;
		case 'T':
			if (w_arg_long(optarg, &n) == -1 || n < 1 || n > 45) {
				fprintf(stderr, "%s: --timeout takes 1 to 45 "
				    "seconds\n", prog);
				return -1;
			}
			st->ctx.timeout_ms = n * 1000;
			break;
		case 't':
			if (w_arg_long(optarg, &n) == -1 || n < 1 || n > 10) {
				fprintf(stderr, "%s: --top takes 1 to 10\n",
				    prog);
				return -1;
			}
			st->top = (int)n;
			break;
		case 'P':
			if (w_arg_long(optarg, &n) == -1 || n < 1 ||
			    n > W_FETCH_PARALLEL_MAX) {
				fprintf(stderr, "%s: --parallel takes 1 to "
				    "%d\n", prog, W_FETCH_PARALLEL_MAX);
				return -1;
			}
			st->parallel = (int)n;
			break;
		case 'U':
			st->unordered = 1;
			break;
		case 'r':
			st->mode = W_OUT_RAW;
			st->ctx.whole = 1;
			break;
		case 'c':
			if (st->mode != W_OUT_RAW)
				st->mode = W_OUT_COMPACT;
			break;
		case 's':
			w_out_schema(w_request_schema(W_REQ_WFETCH));
			exit(w_out_finish(prog));
		case 'h':
			usage(stdout);
			exit(w_out_finish(prog));
		case 'V':
			w_out_version(prog);
			exit(w_out_finish(prog));
		default:
			usage(stderr);
			return -1;
		}
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct state st;
	struct w_config cfg;
	struct w_err e;
	int rc = 0, i;

	memset(&st, 0, sizeof(st));
	st.base = jv_object();
	st.ctx.config = &cfg;
	st.ctx.progress = 1;
	if (options(argc, argv, &st) == -1) {
		jv_free(st.base);
		return W_EXIT_USAGE;
	}
	w_err_clear(&e);
	w_cancel_install();
	if (w_config_load(&cfg, &e) == -1) {
		jv_free(st.base);
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		w_out_emit(w_env_error(w_env_new(prog), &e), st.mode, prog);
		w_out_finish(prog);
		return W_EXIT_USAGE;
	}
	if (w_run_open(&st.ctx.run, w_config_int(&cfg,
	    "search.maxRequestsPerRun", 0), &e) == -1) {
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		w_out_emit(w_env_error(w_env_new(prog), &e), st.mode, prog);
		jv_free(st.base);
		w_config_free(&cfg);
		w_out_finish(prog);
		return W_EXIT_BLOCKED;
	}
	/* One URL in a process-private run: nothing could hit the cache. */
	st.ctx.nocache = optind == argc - 1 && w_run_private(st.ctx.run);
	if (st.parallel == 0)
		st.parallel = w_config_int(&cfg, "fetch.concurrency", 1);
	st.batch = w_fetch_batch_new(&st.ctx, st.parallel, st.unordered,
	    on_env, &st);
	if (optind < argc)
		for (i = optind; i < argc; i++)
			rc = w_exit_worst(rc, on_request(jv_object_set(
			    jv_object(), jv_string("url"), jv_string(argv[i])),
			    &st));
	else {
		/* Transfers go on while the input is slow to come. */
		w_input_set_idle(w_fetch_batch_idle, st.batch);
		rc = w_input_stream(stdin, on_request, on_bad, &st);
		w_input_set_idle(NULL, NULL);
	}
	w_fetch_batch_finish(st.batch);
	rc = w_exit_worst(rc, st.rc);
	jv_free(st.base);
	w_run_close(st.ctx.run);
	w_config_free(&cfg);
	if (w_out_finish(prog) != 0)
		rc = w_exit_worst(rc, W_EXIT_ERROR);
	return w_cancel_exit(rc);
}
