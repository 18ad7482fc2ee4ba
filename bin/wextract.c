/*
 * wextract: turn one document on stdin, or each named file, into an
 * envelope: HTML, RSS/Atom, JSON, XML, PDF or text to Markdown or plain
 * text, with focus, slicing and links. Pure: never touches the network.
 * With --next, stdin holds requests (continuations) naming their files.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc.h"
#include "input.h"
#include "extract.h"
#include "json.h"
#include "view.h"

#define INPUT_MAX	W_EXTRACT_INPUT_MAX

static const char *prog = "wextract";

struct state {
	jv		 req;		/* the options as a request */
	struct w_request r;		/* req, decoded */
	enum w_out_mode	 mode;
	int		 next;		/* --next: requests on stdin */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: wextract [options] < DOCUMENT\n"
	    "       wextract [options] FILE...\n"
	    "       wextract --next [options] < REQUESTS\n"
	    "      --url URL           where the document came from "
	    "(link base)\n"
	    "      --content-type T    its media type; sniffed when absent\n"
	    "      --charset C         its charset, in place of the header's\n"
	    "      --http-status N     the HTTP status it was served with\n"
	    "  -f, --format F          markdown (default), text or raw\n"
	    "      --focus TERMS       keep only matching blocks\n"
	    "      --page-type T       HTML profile: auto (default), article, forum,\n"
	    "                          product, collection, listing, documentation,\n"
	    "                          service or other\n"
	    "      --include-links     list up to 20 links\n"
	    "      --start-line N      first line of a line slice (1-based)\n"
	    "      --max-lines N       lines in a slice (1-10000, "
	    "default 200)\n"
	    "      --max-output-chars N  cap on returned characters\n"
	    "      --offset N          first character of a char page\n"
	    "      --max-chars N       characters per page (default 20000)\n"
	    "      --next              read requests (next_actions' arguments, "
	    "or file\n"
	    "                          names) on stdin\n"
	    "  -r, --raw-output        print only the content\n"
	    "  -c, --compact           one line per envelope\n"
	    "      --schema            print the JSON Schema of the options\n"
	    "  -h, --help, -V, --version\n"
	    "HTML is typed (coverage.page_type: article, forum, product,\n"
	    "collection, listing, documentation, service, other) and extracted\n"
	    "by that type's profile (coverage.confidence, 0 to 1); when the\n"
	    "main content is thin, content hidden in JSON-LD, framework state,\n"
	    "noscript or templates is added (coverage.recovered_from).\n");
}

/* A number when arg is one, else the string (validation rejects it). */
static jv
number(const char *arg)
{
	long n;

	if (w_arg_long(arg, &n) == -1)
		return jv_string(arg);
	return jv_number((double)n);
}

/* Extract one file (NULL or "-": stdin) and print its envelope. */
static int
one(const struct state *st, const struct w_request *r, const char *file,
    long line)
{
	struct w_buf b;
	struct w_err e;
	int rc;
	jv env;

	if (file != NULL && strcmp(file, "-") == 0)
		file = NULL;
	w_err_clear(&e);
	rc = w_buf_file(&b, file, INPUT_MAX, W_E_REQUEST_FAILED, &e);
	if (rc == 0) {
		struct w_request named = *r;

		named.file = (char *)(uintptr_t)file;	/* borrowed */
		/* the buffer is handed over: valid UTF-8 is decoded in
		 * place of a copy */
		env = w_extract_take(&named, b.p, &b.p, b.len, file,
		    st->mode == W_OUT_RAW);
		w_buf_free(&b);
		return w_out_emit_rc(w_env_line(env, line), st->mode, prog);
	}
	w_buf_free(&b);
	env = w_json_set(w_env_new(prog), "source", file ? w_json_set(
	    jv_object(), "file", jv_string(file)) : jv_object());
	if (rc == 1) {
		char why[sizeof(e.msg)];

		snprintf(why, sizeof(why), "%s", e.msg);
		w_err_set(&e, W_E_RESPONSE_TOO_LARGE, "%s", why);
	}
	return w_out_emit_rc(w_env_line(w_extract_failed(env, &e, "reading"),
	    line), st->mode, prog);
}

/* A request on stdin that is none: an envelope naming its line. */
static int
refuse(const struct state *st, const struct w_err *e, jv file, long line)
{
	jv env = w_env_new(prog);

	env = w_json_set(env, "source", w_json_set(jv_object(), "file", file));
	return w_out_emit_rc(w_env_line(w_extract_failed(env, e, "request"), line),
	    st->mode, prog);
}

/* --next: one request (a JSON text, or a plain line naming a file). */
static int
on_item(struct w_input_item *it, void *arg)
{
	const struct state *st = arg;
	struct w_request r;
	struct w_err e;
	jv req, file;
	int rc;

	if (it->text != NULL)
		req = w_json_set(jv_object(), "file", jv_string(it->text));
	else
		req = it->json;
	if (jv_get_kind(req) == JV_KIND_OBJECT)
		req = jv_object_merge(jv_copy(st->req), req);
	file = jv_get_kind(req) == JV_KIND_OBJECT ?
	    w_json_get(jv_copy(req), "file") : jv_invalid();
	if (!jv_is_valid(file)) {
		jv_free(file);
		file = jv_null();
	}
	w_err_clear(&e);
	if (w_request_decode(W_REQ_WEXTRACT, req, &r, &e) == 0 &&
	    (r.file == NULL || strcmp(r.file, "-") == 0)) {
		w_err_set(&e, W_E_INVALID_PARAMETER, "a request read by "
		    "--next names its document in file (not stdin)");
		e.usage = 1;
	}
	jv_free(req);
	if (e.code != W_E_NONE)
		rc = refuse(st, &e, file, it->line);
	else {
		jv_free(file);
		rc = one(st, &r, r.file, it->line);
	}
	w_request_free(&r);
	return rc;
}

static int
on_bad(const char *msg, long line, void *arg)
{
	struct w_err e;

	w_input_bad(&e, msg, line);
	return refuse(arg, &e, jv_null(), line);
}

/* Parse options into st->req; -1 on a usage error. */
static int
options(int argc, char **argv, struct state *st)
{
	static const struct option lo[] = {
		{ "url", required_argument, NULL, 'u' },
		{ "content-type", required_argument, NULL, 't' },
		{ "charset", required_argument, NULL, 'C' },
		{ "http-status", required_argument, NULL, 'H' },
		{ "format", required_argument, NULL, 'f' },
		{ "focus", required_argument, NULL, 'F' },
		{ "page-type", required_argument, NULL, 'Y' },
		{ "include-links", no_argument, NULL, 'l' },
		{ "start-line", required_argument, NULL, 'S' },
		{ "max-lines", required_argument, NULL, 'L' },
		{ "max-output-chars", required_argument, NULL, 'O' },
		{ "offset", required_argument, NULL, 'o' },
		{ "max-chars", required_argument, NULL, 'M' },
		{ "next", no_argument, NULL, 'n' },
		{ "raw-output", no_argument, NULL, 'r' },
		{ "compact", no_argument, NULL, 'c' },
		{ "schema", optional_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const keys[128] = { ['u'] = "url",
	    ['t'] = "content_type", ['C'] = "charset", ['f'] = "format",
	    ['F'] = "focus", ['Y'] = "page_type", ['H'] = "http_status", ['S'] = "start_line",
	    ['L'] = "max_lines", ['O'] = "max_output_chars",
	    ['o'] = "offset", ['M'] = "max_chars" };
	int ch;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":f:rchV", lo, NULL)) != -1) {
		switch (ch) {
		case 'u': case 't': case 'C': case 'f': case 'F': case 'Y':
			st->req = w_json_set(st->req, keys[ch],
			    jv_string(optarg));
			break;
		case 'H': case 'S': case 'L': case 'O': case 'o': case 'M':
			st->req = w_json_set(st->req, keys[ch], number(optarg));
			break;
		case 'l':
			st->req = w_json_set(st->req, "include_links",
			    jv_true());
			break;
		case 'n':
			st->next = 1;
			break;
		case 'r':
			st->mode = W_OUT_RAW;
			break;
		case 'c':
			if (st->mode != W_OUT_RAW)
				st->mode = W_OUT_COMPACT;
			break;
		case 's':
			exit(w_schema_arg(prog, optarg,
			    w_request_schema(W_REQ_WEXTRACT)));
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

int
main(int argc, char **argv)
{
	struct state st;
	struct w_err e;
	int rc = 0, i;

	st.req = jv_object();
	st.mode = W_OUT_AUTO;
	st.next = 0;
	if (options(argc, argv, &st) == -1) {
		jv_free(st.req);
		return W_EXIT_USAGE;
	}
	if (st.next && optind < argc) {
		jv_free(st.req);
		return w_usage_error(prog, "--next reads its requests on stdin; "
		    "it takes no FILE arguments");
	}
	if (optind == argc && w_input_is_tty(stdin)) {
		usage(stderr);
		jv_free(st.req);
		return W_EXIT_USAGE;
	}
	w_err_clear(&e);
	if (w_request_decode(W_REQ_WEXTRACT, st.req, &st.r, &e) == -1) {
		w_request_msg_as_options(W_REQ_WEXTRACT, &e);
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		rc = w_out_emit_rc(w_extract_failed(w_env_new(prog), &e,
		    "request"),
		    st.mode, prog);
	} else if (st.next)
		rc = w_input_each(stdin, on_item, on_bad, &st);
	else if (optind < argc)
		for (i = optind; i < argc; i++)
			rc = w_exit_worst(rc, one(&st, &st.r, argv[i], 0));
	else
		rc = one(&st, &st.r, NULL, 0);
	jv_free(st.req);
	w_request_free(&st.r);
	if (w_out_finish(prog) != 0)
		rc = w_exit_worst(rc, W_EXIT_ERROR);
	return rc;
}
