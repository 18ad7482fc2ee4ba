/*
 * wfetch: fetch URLs under the network policy and print one envelope per
 * URL. URLs come from the arguments, else from stdin: plain lines (one URL
 * each), JSON requests or wsearch envelopes.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cancel.h"
#include "config.h"
#include "fetch.h"
#include "input.h"
#include "json.h"
#include "url.h"
#include "view.h"

static const char *prog = "wfetch";

struct state {
	struct w_fetch_ctx	 ctx;
	jv			 base;
	int			 top;
	int			 parallel;	/* -P; 0: config or 1 */
	int			 unordered;
	int			 rc;		/* worst exit so far */
	enum w_out_mode		 mode;
	const char		*outfile;	/* -o FILE */
	struct w_fetch_batch	*batch;
	struct w_err		 setup;		/* a config or run failure
						   answers every request */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: wfetch [options] URL...\n"
	    "       wfetch [options] < URLS-OR-REQUESTS\n"
	    "       wsearch QUERY | wfetch [--top N] [options]\n"
	    "  -f, --format F          markdown (default), text or raw\n"
	    "      --render R          never, auto or always (config is the ceiling)\n"
	    "      --start-line N      first line of a line slice (1-based)\n"
	    "      --max-lines N       lines in a slice (1-10000, default 200)\n"
	    "      --max-output-chars N  cap on returned characters\n"
	    "      --offset N          first character of a char page\n"
	    "      --max-chars N       characters per page (default 20000)\n"
	    "      --focus TERMS       keep only matching blocks\n"
	    "      --page-type T       HTML profile: auto (default), article, forum,\n"
	    "                          product, collection, listing, documentation,\n"
	    "                          service or other\n"
	    "      --include-links     list up to 20 links of an HTML page\n"
	    "  -H, --header 'N: V'     Accept, Accept-Language, Range, User-Agent\n"
	    "      --artifact NAME     save the full text (or binary) as NAME\n"
	    "      --timeout SECS      lower the 45 s deadline\n"
	    "      --top N             with a wsearch envelope: fetch its top N results\n"
	    "  -o, --output FILE       write the content to FILE (one URL)\n"
	    "  -s, --silent            no progress line\n"
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

static jv to_file(const struct state *st, jv env);

/* The batch's envelopes, in input order (or as they end, --unordered). */
static void
on_env(jv env, void *arg)
{
	struct state *st = arg;

	if (st->outfile != NULL)
		env = to_file(st, env);
	st->rc = w_exit_worst(st->rc, w_out_emit_rc(env, st->mode, prog));
}

/* An envelope made here: queued behind the batch's, or printed when
 * there is no batch yet (configuration). */
static int
emit(struct state *st, jv env, long line)
{
	env = w_env_line(env, line);
	if (st->batch == NULL)
		return w_out_emit_rc(env, st->mode, prog);
	w_fetch_batch_add_env(st->batch, env);
	return 0;
}

/* An error envelope for input that is no request. */
static int
refuse(struct state *st, enum w_code code, const char *url, long line,
    const char *why)
{
	struct w_err e;
	jv env = w_env_new(prog), src = jv_object();
	char sum[700];

	w_err_clear(&e);
	w_err_set(&e, code, "%s", why);
	e.usage = code == W_E_INVALID_PARAMETER;
	src = jv_object_set(src, jv_string("url"), url ? jv_string(url) :
	    jv_null());
	src = jv_object_set(src, jv_string("status"), jv_string(
	    w_source_status_name(w_err_source_status(code))));
	env = jv_object_set(env, jv_string("source"), src);
	snprintf(sum, sizeof(sum), "request failed (%s): %s",
	    w_err_name(code), e.msg);
	env = jv_object_set(env, jv_string("summary"), jv_string(sum));
	return emit(st, w_env_error(env, &e), line);
}

/*
 * A wsearch envelope that gives nothing to fetch: say why. Its own error
 * is passed on (a failed search fails the fetch the same way).
 */
static int
nothing_to_fetch(struct state *st, jv input, long line)
{
	jv err = w_json_get(jv_copy(input), "error");
	enum w_code code = w_err_lookup(w_json_str_peek(err, "code"));
	const char *msg = w_json_str_peek(err, "message");
	char why[600];
	int rc;

	if (code != W_E_NONE)
		snprintf(why, sizeof(why), "the wsearch envelope on stdin is "
		    "an error (%s): %s", w_err_name(code), msg ? msg : "");
	else {
		snprintf(why, sizeof(why), "the wsearch envelope on stdin "
		    "offers no %s to fetch", st->top > 0 ? "result" :
		    "wfetch next action");
		code = W_E_INVALID_PARAMETER;
	}
	rc = refuse(st, code, NULL, line, why);
	jv_free(err);
	return rc;
}

/*
 * -o FILE: the content goes to FILE, as curl's -o does with a body; the
 * envelope names the file instead of holding the content.
 */
static jv
to_file(const struct state *st, jv env)
{
	jv c = w_json_get(jv_copy(env), "content");
	struct w_err e;
	FILE *fp;
	int ok;

	if (jv_get_kind(c) != JV_KIND_STRING) {
		jv_free(c);
		return env;
	}
	errno = 0;
	fp = fopen(st->outfile, "wb");
	ok = fp != NULL && fwrite(jv_string_value(c), 1,
	    (size_t)jv_string_length_bytes(jv_copy(c)), fp) ==
	    (size_t)jv_string_length_bytes(jv_copy(c));
	if (fp != NULL && fclose(fp) != 0)
		ok = 0;
	jv_free(c);
	if (!ok) {
		w_err_clear(&e);
		w_err_set(&e, W_E_REQUEST_FAILED, "cannot write %s: %s",
		    st->outfile, strerror(errno ? errno : EIO));
		return w_env_failed(env, &e, "writing the output");
	}
	env = jv_object_delete(env, jv_string("content"));
	return jv_object_set(env, jv_string("output"),
	    jv_string(st->outfile));
}

static int
run_one(struct state *st, jv req, long line)
{
	int rc;

	if (w_cancel_signal()) {	/* cancelled: nothing more starts */
		jv_free(req);
		return 0;
	}
	if (st->setup.code != W_E_NONE) {
		rc = refuse(st, st->setup.code, w_json_str_peek(req, "url"),
		    line, st->setup.msg);
		jv_free(req);
		return rc;
	}
	w_fetch_batch_add_line(st->batch, req, line);
	return 0;
}

/*
 * A URL as typed: bytes that are not ASCII are percent-encoded as they
 * are (as curl does), so that a Latin-1 URL names the same resource and
 * never becomes U+FFFD; the authority ("//" up to "/", "?" or "#") is
 * kept as it is, so that a Unicode host reaches IDNA (w_url_parse).
 * Caller frees.
 */
static char *
url_arg(const char *s)
{
	const char *a = strstr(s, "://");
	struct w_buf b;
	size_t n = 0;

	if (a != NULL && (size_t)(a - s) < strcspn(s, "/?#")) {
		n = (size_t)(a + 3 - s);
		n += strcspn(s + n, "/?#");
	}
	w_buf_init(&b, 3 * strlen(s) + 1);
	(void)w_buf_add(&b, s, n);
	w_url_escape_8bit(&b, s + n);
	return b.p ? b.p : w_strdup("");
}

static jv
url_request(struct state *st, const char *text)
{
	char *u = url_arg(text);
	jv r = jv_object_set(jv_copy(st->base), jv_string("url"),
	    jv_string(u));

	free(u);
	return r;
}

static int
on_item(struct w_input_item *it, void *arg)
{
	struct state *st = arg;
	const char *tool;
	jv reqs;
	int rc = 0, n;

	if (it->text != NULL)
		return run_one(st, url_request(st, it->text), it->line);
	if (st->top > 0 && ((tool = w_json_str_peek(it->json, "tool")) ==
	    NULL || strcmp(tool, "wsearch") != 0)) {
		jv_free(it->json);
		return refuse(st, W_E_INVALID_PARAMETER, NULL, it->line,
		    "--top takes a wsearch envelope on stdin");
	}
	reqs = w_fetch_expand(jv_copy(it->json), st->base, st->top);
	n = jv_array_length(jv_copy(reqs));
	if (n == 0)
		rc = nothing_to_fetch(st, it->json, it->line);
	jv_free(it->json);
	jv_array_foreach(reqs, i, r) {
		(void)i;
		rc = w_exit_worst(rc, run_one(st, r, it->line));
	}
	jv_free(reqs);
	return rc;
}

static int
on_bad(const char *msg, long line, void *arg)
{
	struct w_err e;

	w_input_bad(&e, msg, line);
	return refuse(arg, e.code, NULL, line, e.msg);
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
		{ "offset", required_argument, NULL, 'X' },
		{ "max-chars", required_argument, NULL, 'C' },
		{ "focus", required_argument, NULL, 'F' },
		{ "page-type", required_argument, NULL, 'Y' },
		{ "include-links", no_argument, NULL, 'l' },
		{ "header", required_argument, NULL, 'H' },
		{ "artifact", required_argument, NULL, 'a' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "top", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "silent", no_argument, NULL, 's' },
		{ "parallel", required_argument, NULL, 'P' },
		{ "unordered", no_argument, NULL, 'U' },
		{ "raw-output", no_argument, NULL, 'r' },
		{ "compact", no_argument, NULL, 'c' },
		{ "schema", optional_argument, NULL, 'Z' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const numkeys[] = { ['S'] = "start_line",
	    ['L'] = "max_lines", ['O'] = "max_output_chars",
	    ['X'] = "offset", ['C'] = "max_chars" };
	int ch, li = -1;
	long n;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":f:H:o:sP:rchV", lo, &li)) != -1) {
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
		case 'Y':
			st->base = jv_object_set(st->base,
			    jv_string("page_type"), jv_string(optarg));
			break;
		case 'a':
			st->base = jv_object_set(st->base,
			    jv_string("artifact"), jv_string(optarg));
			break;
		case 'l':
			st->base = jv_object_set(st->base,
			    jv_string("include_links"), jv_true());
			break;
		case 'S': case 'L': case 'O': case 'X': case 'C':
			if (w_arg_long(optarg, &n) == -1) {
				w_usage_error(prog, "--%s needs a whole number, "
				    "not '%s'", lo[li].name, optarg);
				return -1;
			}
			st->base = jv_object_set(st->base,
			    jv_string(numkeys[ch]), jv_number((double)n));
			break;
		case 'H':
			st->base = add_header(st->base, optarg);
			if (!jv_is_valid(st->base)) {
				w_usage_error(prog, "-H/--header wants 'Name: "
				    "value', not '%s'", optarg);
				return -1;
			}
			break;
		case 'T':
			if (w_arg_long(optarg, &n) == -1 || n < 1 || n > 45) {
				w_usage_error(prog, "--timeout takes 1 to 45 "
				    "seconds, not '%s'", optarg);
				return -1;
			}
			st->ctx.timeout_ms = n * 1000;
			break;
		case 't':
			if (w_arg_long(optarg, &n) == -1 || n < 1 || n > 10) {
				w_usage_error(prog, "--top takes 1 to 10, not "
				    "'%s'", optarg);
				return -1;
			}
			st->top = (int)n;
			break;
		case 'o':
			st->outfile = optarg;
			st->ctx.whole = 1;
			break;
		case 's':
			st->ctx.progress = 0;
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
		case 'Z':
			exit(w_schema_arg(prog, optarg,
			    w_request_schema(W_REQ_WFETCH)));
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
		li = -1;
	}
	return 0;
}

/*
 * Options that make no sense together or with the input fail before any
 * work; the options as a request are checked once, naming the options.
 */
static int
check_options(struct state *st, int nargs, const char *first)
{
	struct w_request r;
	struct w_err e;
	jv probe;
	int rc;

	if (st->outfile != NULL && nargs != 1)
		return w_usage_error(prog, "-o/--output writes one document: "
		    "give exactly one URL argument");
	if (st->top > 0 && nargs > 0)
		return w_usage_error(prog, "--top fetches the results of a "
		    "wsearch envelope on stdin; it cannot be used with URL "
		    "arguments");
	probe = jv_object_set(jv_copy(st->base), jv_string("url"),
	    jv_string("http://options.invalid/"));
	w_err_clear(&e);
	rc = w_request_decode(W_REQ_WFETCH, probe, &r, &e);
	jv_free(probe);
	w_request_free(&r);
	if (rc == -1) {
		w_request_msg_as_options(W_REQ_WFETCH, &e);
		refuse(st, e.code, first, 0, e.msg);
		return W_EXIT_USAGE;
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
	if (options(argc, argv, &st) == -1 ||
	    check_options(&st, argc - optind, optind < argc ? argv[optind] :
	    NULL) != 0) {
		jv_free(st.base);
		return W_EXIT_USAGE;
	}
	if (optind == argc && w_input_is_tty(stdin)) {
		usage(stderr);
		jv_free(st.base);
		return W_EXIT_USAGE;
	}
	w_err_clear(&e);
	w_cancel_install();
	/* A config or run that cannot be had answers every request. */
	if (w_config_load(&cfg, &e) == -1 || w_run_open(&st.ctx.run,
	    w_config_int(&cfg, "search.maxRequestsPerRun", 0), &e) == -1) {
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		st.setup = e;
	} else {
		/* One URL in a process-private run: nothing could hit the
		 * cache. */
		st.ctx.nocache = optind == argc - 1 &&
		    w_run_private(st.ctx.run);
		if (st.parallel == 0)
			st.parallel = w_config_int(&cfg, "fetch.concurrency",
			    1);
		st.batch = w_fetch_batch_new(&st.ctx, st.parallel,
		    st.unordered, on_env, &st);
	}
	if (optind < argc)
		for (i = optind; i < argc; i++)
			rc = w_exit_worst(rc, run_one(&st,
			    url_request(&st, argv[i]), 0));
	else {
		/* Transfers go on while the input is slow to come. */
		if (st.batch != NULL)
			w_input_set_idle(w_fetch_batch_idle, st.batch);
		rc = w_input_each(stdin, on_item, on_bad, &st);
		w_input_set_idle(NULL, NULL);
	}
	if (st.batch != NULL)
		w_fetch_batch_finish(st.batch);
	rc = w_exit_worst(rc, st.rc);
	jv_free(st.base);
	w_run_close(st.ctx.run);
	w_config_free(&cfg);
	if (w_out_finish(prog) != 0)
		rc = w_exit_worst(rc, W_EXIT_ERROR);
	return w_cancel_exit(rc);
}
