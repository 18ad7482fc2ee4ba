/*
 * doctor.c: web-control doctor's and config's checks (doctor.h): the
 * programs' own config checks, the renderer's presence, host state, the
 * coordination backend, the run file, and bounded liveness probes of
 * what the config selects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "coord.h"
#include "doctor.h"
#include "hoststate.h"
#include "json.h"
#include "lock.h"
#include "parallel_mcp.h"
#include "render.h"
#include "run.h"
#include "search.h"

jv
w_doctor_check(jv list, const char *name, const char *status,
    const char *detail)
{
	jv o = jv_object();

	o = jv_object_set(o, jv_string("check"), jv_string(name));
	o = jv_object_set(o, jv_string("status"), jv_string(status));
	o = jv_object_set(o, jv_string("detail"), jv_string(detail));
	return jv_array_append(list, o);
}

/* Whether the provider list at path names name (dflt when unset). */
static int
selects(const struct w_config *c, const char *path, const char *name,
    int dflt)
{
	jv v = w_config_get(c, path);
	int yes = dflt;

	if (jv_get_kind(v) == JV_KIND_STRING)
		yes = strcmp(jv_string_value(v), name) == 0;
	else if (jv_get_kind(v) == JV_KIND_ARRAY) {
		yes = 0;
		jv_array_foreach(v, i, x) {
			(void)i;
			if (jv_get_kind(x) == JV_KIND_STRING &&
			    strcmp(jv_string_value(x), name) == 0)
				yes = 1;
			jv_free(x);
		}
	}
	jv_free(v);
	return yes;
}

/* fetch.render asks for a browser (auto or always). */
static int
renders(const struct w_config *c)
{
	jv v = w_config_get(c, "fetch.render");
	int yes = jv_get_kind(v) == JV_KIND_STRING &&
	    strcmp(jv_string_value(v), "never") != 0;

	jv_free(v);
	return yes;
}

jv
w_doctor_config(jv list, const struct w_config *c, int *failed)
{
	const char *names[2];
	struct w_err e;
	char detail[600], first[sizeof(e.msg)];
	int n, i;

	w_err_clear(&e);
	if (w_search_config_check(c, &e) == -1) {
		list = w_doctor_check(list, "search config", "FAIL", e.msg);
		*failed = 1;
	} else
		list = w_doctor_check(list, "search config", "ok",
		    "the wsearch chain is valid");
	snprintf(first, sizeof(first), "%s", e.msg);
	w_err_clear(&e);
	if ((n = w_parallel_fetch_chain(c, names, 2, &e)) == -1) {
		/* wsearch checks fetch.provider "hound" too: say it once */
		list = w_doctor_check(list, "fetch config", "FAIL",
		    strcmp(first, e.msg) == 0 ? "as above" : e.msg);
		*failed = 1;
	} else {
		snprintf(detail, sizeof(detail), "fetch.provider:");
		for (i = 0; i < n; i++)
			snprintf(detail + strlen(detail), sizeof(detail) -
			    strlen(detail), " %s", names[i]);
		list = w_doctor_check(list, "fetch config", "ok", detail);
	}
	return list;
}

int
w_doctor_liveness_enabled(const struct w_config *c)
{
	jv v = w_config_get(c, "doctor.liveness");
	int yes = jv_get_kind(v) != JV_KIND_FALSE;

	jv_free(v);
	return yes;
}

/* Parallel liveness (tools/list only, no query) where it is selected. */
static jv
parallel(jv list, const struct w_config *c, int *failed)
{
	static const char *const which[] = { "search", "fetch" };
	struct w_err e;
	char name[32], detail[600];
	const char *access;
	jv info;
	int i;

	for (i = 0; i < 2; i++) {
		if (!selects(c, i == 0 ? "search.backend" : "fetch.provider",
		    "parallel", i == 0))
			continue;
		snprintf(name, sizeof(name), "parallel %s", which[i]);
		w_err_clear(&e);
		if (w_parallel_live(c, which[i], W_DOCTOR_PROBE_MS, &info,
		    &e) == -1) {
			list = w_doctor_check(list, name, "FAIL", e.msg);
			*failed = 1;
			continue;
		}
		access = w_json_str_peek(info, "access");
		snprintf(detail, sizeof(detail), "tools/list answered "
		    "(access: %s)", access != NULL && strcmp(access,
		    "anonymous") == 0 ? "anonymous" : "key");
		list = w_doctor_check(list, name, "ok", detail);
		jv_free(info);
	}
	return list;
}

jv
w_doctor_render(jv list, const struct w_config *c, int *failed)
{
	jv cmd = w_config_get(c, "fetch.browserCommand");
	jv exe = w_config_get(c, "fetch.browserExecutable");
	const char *cs = jv_get_kind(cmd) == JV_KIND_STRING ?
	    jv_string_value(cmd) : W_RENDER_DEFAULT_CMD;
	char ver[256], path[4096], msg[700];
	struct w_err e;

	if (!renders(c))
		goto done;
	w_err_clear(&e);
	if (w_render_command_version(cs, ver, sizeof(ver), &e) == -1) {
		list = w_doctor_check(list, "browser command", "FAIL", e.msg);
		*failed = 1;
	} else if (w_render_version_cmp(ver, W_RENDER_MIN_VERSION) < 0) {
		snprintf(msg, sizeof(msg), "%.200s: \"%.200s\" is not "
		    "agent-browser %s or newer (older releases lack the "
		    "flags a render needs; npm install agent-browser@%s or "
		    "later)", cs, ver, W_RENDER_MIN_VERSION,
		    W_RENDER_MIN_VERSION);
		list = w_doctor_check(list, "browser command", "FAIL", msg);
		*failed = 1;
	} else {
		snprintf(msg, sizeof(msg), "%.200s (%.200s)", ver, cs);
		list = w_doctor_check(list, "browser command", "ok", msg);
	}
	if (w_render_browser(jv_get_kind(exe) == JV_KIND_STRING ?
	    jv_string_value(exe) : NULL, path, sizeof(path)) == -1) {
		snprintf(msg, sizeof(msg), "%.200s not found (install "
		    "chromium-headless-shell)", jv_get_kind(exe) ==
		    JV_KIND_STRING ? jv_string_value(exe) :
		    "chromium-headless-shell or chromium on PATH");
		list = w_doctor_check(list, "chromium", "FAIL", msg);
		*failed = 1;
	} else
		list = w_doctor_check(list, "chromium", "ok", path);
done:
	jv_free(cmd);
	jv_free(exe);
	return list;
}

jv
w_doctor_liveness(jv list, const struct w_config *c, int *failed)
{
	jv probes;

	probes = w_search_liveness(c, W_DOCTOR_PROBE_MS, failed);
	list = jv_array_concat(list, probes);
	return parallel(list, c, failed);
}

/* The coordination backend: for Redis ping, version, latency and
 * whether its scripts are loaded. */
static jv
coord_check(jv list, int *bad)
{
	struct w_coordinator *co;
	struct w_config c;
	struct w_run *r;
	struct w_err e;
	char d[400];
	jv h;

	w_err_clear(&e);
	if (w_run_coord_open(&r, &c, &co, &e) == -1) {
		*bad = 1;
		return w_doctor_check(list, "coordination", "FAIL", e.msg);
	}
	if (w_coord_doctor(co, &h, &e) == -1) {
		*bad = 1;
		list = w_doctor_check(list, "coordination", "FAIL", e.msg);
	} else if (w_coord_kind_of(co) != W_COORD_KIND_REDIS) {
		snprintf(d, sizeof(d), "%s", w_coord_kind_name(
		    w_coord_kind_of(co)));
		list = w_doctor_check(list, "coordination", "ok", d);
	} else {
		jv sc = w_json_get(jv_copy(h), "scripts");

		snprintf(d, sizeof(d), "redis %s at %s (prefix %s): ping "
		    "%ld us, scripts %ld of %ld loaded",
		    w_json_str_peek(h, "version"), w_json_str_peek(h, "where"),
		    w_json_str_peek(h, "prefix"),
		    w_json_int_peek(h, "latency_us", 0),
		    w_json_int_peek(sc, "loaded", 0),
		    w_json_int_peek(sc, "total", 0));
		jv_free(sc);
		list = w_doctor_check(list, "coordination", "ok", d);
		list = jv_array_set(list, jv_array_length(jv_copy(list)) - 1,
		    jv_object_set(w_json_at(jv_copy(list),
		    jv_array_length(jv_copy(list)) - 1), jv_string("redis"),
		    jv_copy(h)));
	}
	jv_free(h);
	w_run_coord_close(r, &c);
	return list;
}

jv
w_doctor_hints(jv hints, jv checks)
{
	jv_array_foreach(checks, i, x) {
		(void)i;
		if (strcmp(w_json_str_peek(x, "status"), "FAIL") == 0 &&
		    strcmp(w_json_str_peek(x, "detail"), "as above") != 0)
			hints = jv_array_append(hints, jv_string(
			    w_json_str_peek(x, "detail")));
		jv_free(x);
	}
	jv_free(checks);
	return hints;
}

jv
w_doctor_all(int no_liveness, int *bad)
{
	struct w_config c;
	struct w_err e;
	struct w_run *r;
	jv list = jv_array(), h;
	int loaded;

	w_err_clear(&e);
	if (!(loaded = w_config_load(&c, &e) == 0)) {
		w_config_free(&c);
		list = w_doctor_check(list, "config", "FAIL", e.msg);
		*bad = 1;
	} else {
		list = w_doctor_check(list, "config", "ok", "loaded and valid");
		list = w_doctor_config(list, &c, bad);
		list = w_doctor_render(list, &c, bad);
	}
	w_err_clear(&e);
	if (w_host_status(&h, &e) == -1) {
		list = w_doctor_check(list, "host state", "FAIL", e.msg);
		*bad = 1;
	} else {
		list = w_doctor_check(list, "host state", "ok",
		    "private and valid");
		jv_free(h);
	}
	list = coord_check(list, bad);
	w_err_clear(&e);
	if (getenv("WEB_RUN_FILE") == NULL)
		list = w_doctor_check(list, "run", "ok", "no WEB_RUN_FILE: "
		    "each process is its own run");
	else if (w_run_open(&r, 0, &e) == -1) {
		list = w_doctor_check(list, "run", "FAIL", e.msg);
		*bad = 1;
	} else {
		list = w_doctor_check(list, "run", "ok", "run file readable");
		w_run_close(r);
	}
	if (loaded && (no_liveness || !w_doctor_liveness_enabled(&c)))
		list = w_doctor_check(list, "liveness", "skip", no_liveness ?
		    "--no-liveness: no probe sent" :
		    "doctor.liveness is false: no probe sent");
	else if (loaded) {
		list = w_doctor_liveness(list, &c, bad);
		list = w_doctor_check(list, "keyless liveness", "skip",
		    "public keyless engines are never probed");
	}
	if (loaded)
		w_config_free(&c);
	return list;
}
