/*
 * web-control: runs (run start/show/end), host coordination state
 * (status, reset), the effective config (config) and a health check
 * (doctor). JSON with --json (or -c), a short table otherwise.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "buf.h"
#include "config.h"
#include "coord.h"
#include "doctor.h"
#include "hoststate.h"
#include "json.h"
#include "ledger.h"
#include "mcpserver.h"
#include "render.h"
#include "run.h"
#include "searchcache.h"

static const char *prog = "web-control";

struct opts {
	int		 json;
	enum w_out_mode	 mode;
	int		 max_requests;	/* 0: from the config */
	enum w_coord	 coord;
	int		 export;
	const char	*status;	/* sources --status */
	int		 no_liveness;	/* doctor --no-liveness */
	const char	*allow_files;	/* mcp --allow-files */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: web-control [options] run start [--max-requests N]\n"
	    "                   [--coordination process|host|redis] [--export]\n"
	    "       web-control [options] run show | run end [--export]\n"
	    "       web-control [options] status | reset [ORIGIN|PROVIDER]\n"
	    "       web-control [options] config\n"
	    "       web-control [options] doctor [--no-liveness]\n"
	    "       web-control [options] sources [--status S]\n"
	    "       web-control [options] verdict [FILE] < answer.md\n"
	    "       web-control mcp [--max-requests N] [--allow-files DIR]\n"
	    "  -j, --json              JSON output (an envelope)\n"
	    "  -c, --compact           compact JSON output (implies --json)\n"
	    "      --max-requests N    the run's answered searches (1-20)\n"
	    "      --coordination M    process, host or redis, for the whole run\n"
	    "      --allow-files DIR   mcp: web_extract may read files under DIR\n"
	    "      --export            print shell for eval: export/unset\n"
	    "                          WEB_RUN_FILE\n"
	    "      --status S          sources: only opened, found,\n"
	    "                          blocked_policy, blocked_soft,\n"
	    "                          blocked_target or fetch_failed\n"
	    "      --no-liveness       doctor: send no probe to any provider\n"
	    "      --schema            print the JSON Schema of the commands\n"
	    "  -h, --help, -V, --version\n");
}

/* Print env (consumed) as JSON, or call text(env) for the table. */
static int
emit(const struct opts *o, jv env, void (*text)(jv))
{
	int rc = w_env_exit_peek(env);

	if (o->json)
		w_out_emit(env, o->mode, prog);
	else {
		if (text != NULL)
			text(env);
		jv_free(env);
	}
	return rc;
}

static int
fail(const struct opts *o, const char *cmd, const struct w_err *e)
{
	jv env = w_env_new(prog);

	env = jv_object_set(env, jv_string("command"), jv_string(cmd));
	env = jv_object_set(env, jv_string("summary"), jv_string(e->msg));
	env = w_env_error(env, e);
	/* a message that names its subject already is not prefixed again */
	if (!o->json)
		fprintf(stderr, "%s: %s%s%s\n", prog, strncmp(e->msg, cmd,
		    strlen(cmd)) == 0 && e->msg[strlen(cmd)] == ':' ? "" : cmd,
		    strncmp(e->msg, cmd, strlen(cmd)) == 0 &&
		    e->msg[strlen(cmd)] == ':' ? "" : ": ", e->msg);
	return emit(o, env, NULL);
}

static jv
ok_env(const char *cmd, const char *summary)
{
	jv env = w_env_new(prog);

	env = jv_object_set(env, jv_string("command"), jv_string(cmd));
	return jv_object_set(env, jv_string("summary"), jv_string(summary));
}

/* Write s as one single-quoted shell word. */
static void
shell_quote(const char *s)
{
	putchar('\'');
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*s);
	putchar('\'');
}

/* w_config_load, leaving nothing to free when it fails. */
static int
load_config(struct w_config *c, struct w_err *e)
{
	if (w_config_load(c, e) == 0)
		return 0;
	w_config_free(c);
	return -1;
}

static int
run_start(const struct opts *o)
{
	struct w_config c;
	struct w_err e;
	enum w_coord coord = o->coord;
	char *path;
	int max = o->max_requests, rc;
	jv env, mode;

	w_err_clear(&e);
	if (load_config(&c, &e) == -1)
		return fail(o, "run start", &e);
	if (max == 0)
		max = w_config_int(&c, "search.maxRequestsPerRun",
		    W_CONFIG_MAX_REQUESTS);
	/* A fleet configured for Redis shares its runs' budgets there. */
	mode = w_config_get(&c, "coordination");
	if (coord == W_COORD_DEFAULT && jv_get_kind(mode) == JV_KIND_STRING &&
	    strcmp(jv_string_value(mode), "redis") == 0)
		coord = W_COORD_REDIS;
	jv_free(mode);
	rc = w_run_start(NULL, max, coord, &c, &path, &e);
	w_config_free(&c);
	if (rc == -1)
		return fail(o, "run start", &e);
	if (o->export) {
		fputs("export WEB_RUN_FILE=", stdout);
		shell_quote(path);
		putchar('\n');
	} else if (o->json) {
		env = ok_env("run start", "run started");
		env = jv_object_set(env, jv_string("run_file"),
		    jv_string(path));
		w_out_emit(env, o->mode, prog);
	} else
		printf("%s\n", path);
	free(path);
	return 0;
}

static void
show_text(jv env)
{
	jv r = w_json_get(jv_copy(env), "run");
	jv d = w_json_get(jv_copy(r), "deferrals");
	jv dc = w_json_get(jv_copy(r), "document_cache");
	int it;

	printf("run file      %s\n", w_json_str_peek(env, "run_file"));
	printf("coordination  %s\n", strcmp(w_json_str_peek(r,
	    "coordination"), "default") == 0 ? "from the config" :
	    w_json_str_peek(r, "coordination"));
	printf("requests      %ld of %ld used, %ld remaining, %ld pending\n",
	    w_json_int_peek(r, "requestsUsed", 0),
	    w_json_int_peek(r, "maxRequestsPerRun", 0),
	    w_json_int_peek(r, "requestsRemaining", 0),
	    w_json_int_peek(r, "pending", 0));
	printf("dispatches    %ld of %ld used\n",
	    w_json_int_peek(r, "dispatchesUsed", 0),
	    w_json_int_peek(r, "maxDispatches", 0));
	printf("refunds       %ld\n", w_json_int_peek(r, "refunds", 0));
	printf("refusals      %ld\n", w_json_int_peek(r, "exhausted", 0));
	printf("deferrals    ");
	if (jv_object_length(jv_copy(d)) == 0)
		printf(" none");
	for (it = jv_object_iter(d); jv_object_iter_valid(d, it);
	    it = jv_object_iter_next(d, it)) {
		jv k = jv_object_iter_key(d, it);

		printf(" %s", jv_string_value(k));
		jv_free(k);
	}
	printf("\ndocuments     %ld cached (max %ld), %ld bytes (max %ld), "
	    "%ld in flight\n", w_json_int_peek(dc, "documents", 0),
	    w_json_int_peek(dc, "max_documents", 0),
	    w_json_int_peek(dc, "bytes", 0),
	    w_json_int_peek(dc, "max_bytes", 0),
	    w_json_int_peek(dc, "in_flight", 0));
	jv_free(dc);
	jv_free(d);
	jv_free(r);
}

/* WEB_RUN_FILE; NULL with a usage error when it is unset. */
static const char *
run_file(struct w_err *e)
{
	const char *f = getenv("WEB_RUN_FILE");

	if (f != NULL && *f != '\0')
		return f;
	e->usage = 1;
	w_err_set(e, W_E_INVALID_PARAMETER, "WEB_RUN_FILE is not set (start "
	    "a run with: eval \"$(web-control run start --export)\")");
	return NULL;
}

static int
run_show(const struct opts *o)
{
	const char *f;
	struct w_run *r;
	struct w_err e;
	jv env, show;

	w_err_clear(&e);
	if ((f = run_file(&e)) == NULL || w_run_open(&r, 0, &e) == -1)
		return fail(o, "run show", &e);
	show = w_run_show(r);
	w_run_close(r);
	if (!jv_is_valid(show)) {
		w_err_set(&e, W_E_COORDINATION_UNAVAILABLE, "%s",
		    jv_string_value(show = jv_invalid_get_msg(show)));
		jv_free(show);
		return fail(o, "run show", &e);
	}
	env = ok_env("run show", "run figures");
	env = jv_object_set(env, jv_string("run_file"), jv_string(f));
	env = jv_object_set(env, jv_string("run"), show);
	return emit(o, env, show_text);
}

static int
run_end(const struct opts *o)
{
	const char *f;
	struct w_err e;
	int rc = -1;

	w_err_clear(&e);
	if ((f = run_file(&e)) == NULL || (rc = w_run_end(f, &e)) == -1)
		return fail(o, "run end", &e);
	if (rc == 1)
		fprintf(stderr, "%s: the run of %s is gone (ended or cleaned "
		    "up already); nothing to end\n", prog, f);
	if (o->export)
		printf("unset WEB_RUN_FILE\n");
	else if (o->json)
		w_out_emit(ok_env("run end", rc == 1 ? "the run is gone "
		    "(ended or cleaned up already)" : "run ended"), o->mode,
		    prog);
	return 0;
}

static void
status_text(jv env)
{
	jv h = w_json_get(jv_copy(env), "host");
	jv ents = w_json_get(jv_copy(h), "entries"), x;
	int i, n = jv_array_length(jv_copy(ents));

	printf("coordination  %s\n", w_json_str_peek(env, "coordination"));
	printf("state         %s%s\n", w_json_str_peek(h, "state_dir") ?
	    w_json_str_peek(h, "state_dir") : "?",
	    w_json_bool_peek(h, "exists", 0) ? "" : " (none yet)");
	printf("buckets       %ld of %ld\n", w_json_int_peek(h, "buckets", 0),
	    w_json_int_peek(h, "max_buckets", 0));
	printf("active        %ld\n", w_json_int_peek(h, "active_requests", 0));
	printf("cooling down  %ld\n", w_json_int_peek(h, "cooling_down", 0));
	for (i = 0; i < n; i++) {
		x = w_json_at(jv_copy(ents), i);
		printf("  %-30.60s %-10s active %ld admitted %ld throttled "
		    "%ld failed %ld%s%s\n", w_json_str_peek(x, "name") ?
		    w_json_str_peek(x, "name") : w_json_str_peek(x, "bucket"),
		    w_json_str_peek(x, "scope"),
		    w_json_int_peek(x, "active", 0),
		    w_json_int_peek(x, "admitted", 0),
		    w_json_int_peek(x, "throttled", 0),
		    w_json_int_peek(x, "failed", 0),
		    w_json_bool_peek(x, "cooling_down", 0) ?
		    " cooling until " : "",
		    w_json_bool_peek(x, "cooling_down", 0) ?
		    w_json_str_peek(x, "retry_at") : "");
		jv_free(x);
	}
	jv_free(ents);
	jv_free(h);
}

static const char *
coord_name(void)
{
	struct w_config c;
	struct w_err e;
	static char mode[16];
	jv v;

	w_err_clear(&e);
	snprintf(mode, sizeof(mode), "process");
	if (load_config(&c, &e) == -1)
		return "unknown (config error)";
	v = w_config_get(&c, "coordination");
	if (jv_get_kind(v) == JV_KIND_STRING)
		snprintf(mode, sizeof(mode), "%s", jv_string_value(v));
	jv_free(v);
	w_config_free(&c);
	return mode;
}

static int
status(const struct opts *o)
{
	struct w_coordinator *co;
	struct w_config c;
	struct w_run *r;
	struct w_err e;
	jv env, h;

	w_err_clear(&e);
	if (w_run_coord_open(&r, &c, &co, &e) == -1)
		return fail(o, "status", &e);
	if (w_coord_status(co, &h, &e) == -1) {
		w_run_coord_close(r, &c);
		return fail(o, "status", &e);
	}
	env = ok_env("status", w_coord_kind_of(co) == W_COORD_KIND_REDIS ?
	    "Redis coordination state" : "host coordination state");
	env = jv_object_set(env, jv_string("coordination"), jv_string(
	    w_coord_kind_of(co) == W_COORD_KIND_PROCESS ? coord_name() :
	    w_coord_kind_name(w_coord_kind_of(co))));
	env = jv_object_set(env, jv_string("host"), h);
	env = jv_object_set(env, jv_string("search_cache"),
	    w_coord_cache_usage(co));
	w_run_coord_close(r, &c);
	return emit(o, env, status_text);
}

static void
reset_text(jv env)
{
	jv r = w_json_get(jv_copy(env), "reset");
	const char *t = w_json_str_peek(r, "target");

	printf("host coordination state %s%s%scleared (%ld bucket%s)\n",
	    t ? "of " : "", t ? t : "", t ? " " : "",
	    w_json_int_peek(r, "buckets_cleared", 0),
	    w_json_int_peek(r, "buckets_cleared", 0) == 1 ? "" : "s");
	jv_free(r);
}

static int
reset(const struct opts *o, const char *target)
{
	struct w_coordinator *co;
	struct w_config c;
	struct w_run *run;
	struct w_err e;
	jv env, r;
	int rc;

	w_err_clear(&e);
	if (target != NULL)
		rc = w_host_reset_target(target, &r, &e);
	else {
		if (w_run_coord_open(&run, &c, &co, &e) == -1)
			return fail(o, "reset", &e);
		rc = w_coord_reset(co, &r, &e);
		w_run_coord_close(run, &c);
	}
	if (rc == -1)
		return fail(o, "reset", &e);
	env = ok_env("reset", target ? "host coordination state of one "
	    "origin or provider cleared" : "host coordination state cleared");
	env = jv_object_set(env, jv_string("reset"), r);
	return emit(o, env, reset_text);
}

static void
config_text(jv env)
{
	jv c = w_json_get(jv_copy(env), "config");
	jv h = w_json_get(jv_copy(env), "hints"), x;
	int i, n = jv_array_length(jv_copy(h));

	jv_dumpf(c, stdout, JV_PRINT_PRETTY | JV_PRINT_SPACE1);
	putchar('\n');
	for (i = 0; i < n; i++) {
		x = w_json_at(jv_copy(h), i);
		printf("hint: %s\n", jv_string_value(x));
		jv_free(x);
	}
	jv_free(h);
}

static void
doctor_text(jv env)
{
	jv ch = w_json_get(jv_copy(env), "checks"), x;
	int i, n = jv_array_length(jv_copy(ch));

	for (i = 0; i < n; i++) {
		x = w_json_at(jv_copy(ch), i);
		printf("%-4s %-14s %s\n", w_json_str_peek(x, "status"),
		    w_json_str_peek(x, "check"), w_json_str_peek(x, "detail"));
		jv_free(x);
	}
	jv_free(ch);
}

/* Every check; exit 1 when one fails. */
static int
doctor(const struct opts *o)
{
	int bad = 0, rc;
	jv env;

	env = ok_env("doctor", "no problems found");
	env = jv_object_set(env, jv_string("checks"),
	    w_doctor_all(o->no_liveness, &bad));
	if (bad) {
		env = jv_object_set(env, jv_string("summary"),
		    jv_string("problems found"));
		env = w_env_status(env, W_ST_ERROR);
	}
	rc = emit(o, env, doctor_text);
	return bad ? W_EXIT_ERROR : rc;
}

/* The effective config, the programs' own checks and their hints. */
static int
config(const struct opts *o)
{
	struct w_config c;
	struct w_err e;
	jv env, eff, hints = jv_array(), v, checks;
	int bad = 0;

	w_err_clear(&e);
	if (load_config(&c, &e) == -1) {
		jv_free(hints);
		return fail(o, "config", &e);
	}
	eff = w_config_effective(&c);
	v = w_config_get(&c, "search.endpoint");
	if (jv_get_kind(v) != JV_KIND_NULL)
		hints = jv_array_append(hints, jv_string("search.endpoint is "
		    "the legacy spelling of search.searxng.endpoint"));
	jv_free(v);
	checks = w_doctor_config(jv_array(), &c, &bad);
	w_config_free(&c);
	hints = w_doctor_hints(hints, jv_copy(checks));
	env = ok_env("config", bad ? "the configuration fails the "
	    "programs' checks" : "effective configuration");
	env = jv_object_set(env, jv_string("source"), jv_string(
	    getenv("WEB_CONFIG") ? "WEB_CONFIG" : "XDG_CONFIG_HOME"));
	env = jv_object_set(env, jv_string("config"), eff);
	env = jv_object_set(env, jv_string("checks"), checks);
	env = jv_object_set(env, jv_string("hints"), hints);
	if (bad) {
		w_err_set(&e, W_E_INVALID_PARAMETER, "the configuration fails "
		    "the programs' checks (see hints)");
		e.usage = 1;
		env = w_env_error(env, &e);
		if (!o->json)
			fprintf(stderr, "%s: config: %s\n", prog, e.msg);
	}
	return emit(o, env, config_text);
}

/* The run for sources and verdict; NULL (after the error) without one. */
static struct w_run *
need_run(const struct opts *o, const char *cmd, int *rc)
{
	struct w_run *r;
	struct w_err e;

	w_err_clear(&e);
	if (run_file(&e) == NULL || w_run_open(&r, 0, &e) == -1) {
		if (e.code == W_E_INVALID_PARAMETER)
			snprintf(e.msg, sizeof(e.msg), "%s needs a run: "
			    "WEB_RUN_FILE is not set (start one with: eval "
			    "\"$(web-control run start --export)\", then "
			    "search and fetch inside it)", cmd);
		*rc = fail(o, cmd, &e);
		return NULL;
	}
	return r;
}

/* r's ledger; NULL-kind invalid after printing the error. */
static jv
ledger_of(const struct opts *o, struct w_run *r, const char *cmd, int *rc)
{
	struct w_err e;
	jv l = w_ledger_list(r), m;

	if (jv_is_valid(l))
		return l;
	m = jv_invalid_get_msg(l);
	w_err_clear(&e);
	w_err_set(&e, W_E_COORDINATION_UNAVAILABLE, "%s",
	    jv_get_kind(m) == JV_KIND_STRING ? jv_string_value(m) :
	    "the ledger is unreadable");
	jv_free(m);
	*rc = fail(o, cmd, &e);
	return jv_invalid();
}

static void
sources_row(jv x)
{
	const char *st = w_json_str_peek(x, "status");

	printf("%-14s %-16s %-9s %s\n", st && *st ? st : "found",
	    w_json_str_peek(x, "representation") ?
	    w_json_str_peek(x, "representation") : "-",
	    w_json_str_peek(x, "provider") ? w_json_str_peek(x, "provider") :
	    "-", w_json_str_peek(x, "url"));
}

static int
sources(const struct opts *o)
{
	struct w_run *r;
	int rc = 0, tty = !o->json && isatty(STDOUT_FILENO);
	jv l, ents, keep = jv_array(), env;

	if ((r = need_run(o, "sources", &rc)) == NULL) {
		jv_free(keep);
		return rc;
	}
	l = ledger_of(o, r, "sources", &rc);
	w_run_close(r);
	if (!jv_is_valid(l)) {
		jv_free(keep);
		return rc;
	}
	ents = w_json_get(jv_copy(l), "entries");
	jv_array_foreach(ents, i, x) {
		(void)i;
		if (!w_ledger_status_is(x, o->status))
			jv_free(x);
		else if (o->json)
			keep = jv_array_append(keep, x);
		else if (tty) {
			sources_row(x);
			jv_free(x);
		} else {
			jv_dumpf(x, stdout, 0);
			putchar('\n');
		}
	}
	if (tty)
		printf("%ld entr%s kept, %ld dropped (%ld search snippets)\n",
		    (long)jv_array_length(jv_copy(ents)),
		    jv_array_length(jv_copy(ents)) == 1 ? "y" : "ies",
		    w_json_int_peek(l, "dropped", 0),
		    w_json_int_peek(l, "dropped_snippets", 0));
	jv_free(ents);
	if (!o->json) {
		jv_free(keep);
		jv_free(l);
		return 0;
	}
	env = ok_env("sources", "the run's source ledger");
	l = jv_object_set(l, jv_string("entries"), keep);
	env = jv_object_set(env, jv_string("ledger"), l);
	return emit(o, env, NULL);
}

#define ANSWER_MAX	(4u << 20)

static int
verdict(const struct opts *o, const char *path)
{
	struct w_run *r;
	struct w_buf b;
	struct w_err e;
	int rc = 0;
	jv l, g, env;

	if ((r = need_run(o, "verdict", &rc)) == NULL)
		return rc;
	w_err_clear(&e);
	if (w_buf_file(&b, path, ANSWER_MAX, W_E_INVALID_PARAMETER,
	    &e) != 0) {
		e.usage = 1;
		w_buf_free(&b);
		w_run_close(r);
		return fail(o, "verdict", &e);
	}
	l = ledger_of(o, r, "verdict", &rc);
	w_run_close(r);
	if (!jv_is_valid(l)) {
		w_buf_free(&b);
		return rc;
	}
	g = w_ledger_grade(l, w_ledger_citations(b.p ? b.p : "", b.len));
	jv_free(l);
	w_buf_free(&b);
	env = ok_env("verdict", w_ledger_verdict_summary(w_json_str_peek(g,
	    "verdict")));
	env = jv_object_set(env, jv_string("verdict"), w_json_get(
	    jv_copy(g), "verdict"));
	env = jv_object_set(env, jv_string("citations"), w_json_get(
	    jv_copy(g), "citations"));
	env = jv_object_set(env, jv_string("counts"), w_json_get(g, "counts"));
	if (strcmp(w_json_str_peek(env, "verdict"), "grounded") != 0)
		env = w_env_status(env, W_ST_BLOCKED);
	/* Always the envelope: the verdict is the output. */
	w_out_emit(jv_copy(env), o->mode, prog);
	rc = w_env_exit_peek(env);
	jv_free(env);
	return rc;
}

/* The MCP server on stdio: stdout carries only protocol messages. */
static int
mcp(const struct opts *o)
{
	struct w_mcps_opts mo;
	struct w_config c;
	struct w_err e;
	struct stat st;
	int rc;

	if (o->allow_files && (stat(o->allow_files, &st) == -1 ||
	    !S_ISDIR(st.st_mode))) {
		fprintf(stderr, "%s: --allow-files %s is not a directory\n",
		    prog, o->allow_files);
		return W_EXIT_USAGE;
	}
	w_err_clear(&e);
	if (load_config(&c, &e) == -1) {
		fprintf(stderr, "%s: %s\n", prog, e.msg);
		return W_EXIT_USAGE;
	}
	memset(&mo, 0, sizeof(mo));
	mo.config = &c;
	mo.allow_files = o->allow_files;
	mo.max_requests = o->max_requests;
	rc = w_mcps_serve(STDIN_FILENO, stdout, &mo);
	w_config_free(&c);
	return rc ? W_EXIT_ERROR : 0;
}

static int
dispatch(const struct opts *o, int argc, char **argv)
{
	const char *c = argv[0], *sub = argc > 1 ? argv[1] : "";
	int start = strcmp(c, "run") == 0 && strcmp(sub, "start") == 0;
	int end = strcmp(c, "run") == 0 && strcmp(sub, "end") == 0;
	int mcp_cmd = strcmp(c, "mcp") == 0;

	/* an option the command would ignore is an error */
	if (!start && !mcp_cmd && o->max_requests > 0)
		return w_usage_error(prog, "--max-requests applies to run "
		    "start and mcp only");
	if (!mcp_cmd && o->allow_files != NULL)
		return w_usage_error(prog, "--allow-files applies to mcp only");
	if (!start && o->coord != W_COORD_DEFAULT)
		return w_usage_error(prog, "--coordination applies to run "
		    "start only");
	if (!start && !end && o->export)
		return w_usage_error(prog, "--export applies to run start and "
		    "run end only");

	if (strcmp(c, "run") == 0 && argc == 2) {
		if (strcmp(sub, "start") == 0)
			return run_start(o);
		if (strcmp(sub, "show") == 0)
			return run_show(o);
		if (strcmp(sub, "end") == 0)
			return run_end(o);
	}
	if (argc == 1 && strcmp(c, "status") == 0)
		return status(o);
	if (argc <= 2 && strcmp(c, "reset") == 0)
		return reset(o, argc == 2 ? sub : NULL);
	if (argc == 1 && strcmp(c, "config") == 0)
		return config(o);
	if (argc == 1 && strcmp(c, "doctor") == 0)
		return doctor(o);
	if (argc == 1 && strcmp(c, "sources") == 0)
		return sources(o);
	if (argc <= 2 && strcmp(c, "verdict") == 0)
		return verdict(o, argc == 2 ? argv[1] : NULL);
	if (argc == 1 && strcmp(c, "mcp") == 0)
		return mcp(o);
	return w_usage_error(prog, "unknown command: %s%s%s", c,
	    argc > 1 ? " " : "", sub);
}

static const char schema[] =
    "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
    "\"title\":\"web-control\",\"type\":\"object\","
    "\"properties\":{\"command\":{\"enum\":[\"run start\","
    "\"run show\",\"run end\",\"status\",\"reset\",\"config\","
    "\"doctor\",\"sources\",\"verdict\",\"mcp\"]},\"allow_files\":{\"type\":\"string\"},"
    "\"max_requests\":{\"type\":\"integer\","
    "\"minimum\":1,\"maximum\":20},\"coordination\":{\"enum\":"
    "[\"process\",\"host\",\"redis\"]},\"status\":{\"enum\":[\"opened\","
    "\"found\",\"blocked_policy\",\"blocked_soft\",\"blocked_target\","
    "\"fetch_failed\"]},\"no_liveness\":{\"type\":\"boolean\"}},"
    "\"required\":[\"command\"],"
    "\"additionalProperties\":false}";

/* --max-requests and --coordination; -1 (after a message) when bad. */
static int
run_option(struct opts *o, int ch, const char *arg)
{
	long n;

	if (ch == 'm') {
		if (w_arg_long(arg, &n) == -1 || n < 1 || n > 20) {
			w_usage_error(prog, "--max-requests must be 1 to 20, not "
			    "'%s'", arg);
			return -1;
		}
		o->max_requests = (int)n;
	} else if (strcmp(arg, "process") == 0)
		o->coord = W_COORD_PROCESS;
	else if (strcmp(arg, "host") == 0)
		o->coord = W_COORD_HOST;
	else if (strcmp(arg, "redis") == 0)
		o->coord = W_COORD_REDIS;
	else {
		w_usage_error(prog, "--coordination must be process, host or "
		    "redis, not '%s'", arg);
		return -1;
	}
	return 0;
}

static int
status_option(struct opts *o, const char *arg)
{
	const char *const *s;

	for (s = w_ledger_statuses; *s; s++)
		if (strcmp(*s, arg) == 0) {
			o->status = *s;
			return 0;
		}
	fprintf(stderr, "%s: --status must be opened, found, blocked_policy, "
	    "blocked_soft, blocked_target or fetch_failed\n", prog);
	return -1;
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "compact", no_argument, NULL, 'c' },
		{ "max-requests", required_argument, NULL, 'm' },
		{ "coordination", required_argument, NULL, 'C' },
		{ "export", no_argument, NULL, 'x' },
		{ "status", required_argument, NULL, 'S' },
		{ "no-liveness", no_argument, NULL, 'N' },
		{ "allow-files", required_argument, NULL, 'A' },
		{ "schema", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = { 0, W_OUT_AUTO, 0, W_COORD_DEFAULT, 0, NULL, 0,
	    NULL };
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":jchV", lo, NULL)) != -1)
		switch (ch) {
		case 'j':
			o.json = 1;
			break;
		case 'c':
			o.json = 1;
			o.mode = W_OUT_COMPACT;
			break;
		case 'm':
		case 'C':
			if (run_option(&o, ch, optarg) == -1)
				return W_EXIT_USAGE;
			break;
		case 'x':
			o.export = 1;
			break;
		case 'N':
			o.no_liveness = 1;
			break;
		case 'S':
			if (status_option(&o, optarg) == -1)
				return W_EXIT_USAGE;
			break;
		case 'A':
			o.allow_files = optarg;
			break;
		case 's':
			fputs(schema, stdout);
			putchar('\n');
			return w_out_finish(prog);
		case 'h':
			usage(stdout);
			return w_out_finish(prog);
		case 'V':
			printf("%s %s\n", prog, WEBTOOLS_VERSION);
			return w_out_finish(prog);
		default:
			return w_opt_error(prog, argv, ch);
		}
	if (optind >= argc) {
		usage(stderr);
		return W_EXIT_USAGE;
	}
	rc = dispatch(&o, argc - optind, argv + optind);
	return w_exit_worst(rc, w_out_finish(prog));
}
