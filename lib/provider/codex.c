/*
 * codex.c: the codex provider: web search through the operator's
 * ChatGPT sign-in and the installed `codex app-server` (lib/codex_rpc.h).
 * Ready only when account/read reports ChatGPT authentication,
 * modelProvider/capabilities/read reports webSearch and model/list
 * holds search.codex.model; skipped (no request counted) when a quota
 * window is at 90% or more, or the figures are missing, invalid or
 * stale. One low-effort turn with the exact primary query; only the one
 * completed webSearch item is read, prose is ignored; an approval
 * request, a second search or any other tool item interrupts the turn
 * and rejects the answer.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "buf.h"
#include "codex_rpc.h"
#include "json.h"
#include "lock.h"
#include "provider.h"
#include "search_int.h"

#define CODEX_MODEL		"gpt-5.6-luna"
#define CODEX_STEP_MS		10000L
#define CODEX_TURN_MS		45000L
#define CODEX_QUOTA_TTL_MS	60000LL
#define CODEX_RESERVE		90.0
#define CODEX_PAGES		5

struct codex {
	char	*model;
};

/* The last quota snapshot (at most 60 s old is trusted). */
static struct {
	long long	 at;		/* mono ms, 0: none */
	int		 ok;
	char		 why[160];
} quota;

static int
configure(const struct w_config *cfg, int selected, void **state,
    struct w_err *e)
{
	jv m = w_config_get(cfg, "search.codex.model");
	struct codex *c;

	if (selected) {
		c = w_calloc(1, sizeof(*c));
		c->model = w_strdup(jv_get_kind(m) == JV_KIND_STRING ?
		    jv_string_value(m) : CODEX_MODEL);
		*state = c;
	}
	jv_free(m);
	(void)e;
	return 0;
}

static void
release(void *state)
{
	struct codex *c = state;

	free(c->model);
	free(c);
}

static void
targets(void *state, const char **out)
{
	(void)state;
	out[0] = "https://chatgpt.com/";
	out[1] = NULL;
}

/* Per-step and whole-turn limits: WEB_CODEX_TIMEOUT_MS caps both (for
 * tests and slow hosts), the search deadline always bounds them. */
static long
limit(struct w_search_call *c, long dflt)
{
	const char *v = getenv("WEB_CODEX_TIMEOUT_MS");
	long t = dflt, left = w_search_remaining_ms(c), n;
	char *end;

	if (v != NULL && *v) {
		n = strtol(v, &end, 10);
		if (*end == '\0' && n > 0 && n < t)
			t = n;
	}
	return t < left ? t : left;
}

static int
skip(struct w_search_call *c, const char *why, const char *what,
    struct w_err *e)
{
	w_search_note(c, "skipped", jv_string(why));
	return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex was skipped: %s",
	    what);
}

/* A rate-limit snapshot (borrowed) is usable: 0, or -1 with why. */
static int
quota_ok(jv rl, char *why, size_t n)
{
	static const char *const win[] = { "primary", "secondary", NULL };
	const char *const *w;
	int seen = 0;
	double used, reset;

	if (jv_get_kind(rl) != JV_KIND_OBJECT) {
		snprintf(why, n, "no quota figures");
		return -1;
	}
	for (w = win; *w; w++) {
		jv x = w_json_get(jv_copy(rl), *w), u, r;

		if (jv_get_kind(x) != JV_KIND_OBJECT) {
			jv_free(x);
			continue;
		}
		u = w_json_get(jv_copy(x), "usedPercent");
		r = w_json_get(x, "resetsAt");
		used = jv_get_kind(u) == JV_KIND_NUMBER ? jv_number_value(u) :
		    -1;
		reset = jv_get_kind(r) == JV_KIND_NUMBER ? jv_number_value(r) :
		    0;
		jv_free(u);
		jv_free(r);
		if (used < 0 || used > 100) {
			snprintf(why, n, "invalid quota figures");
			return -1;
		}
		if (reset > 0 && reset < (double)time(NULL)) {
			snprintf(why, n, "stale quota figures");
			return -1;
		}
		if (used >= CODEX_RESERVE) {
			snprintf(why, n, "the %s quota window is %.0f%% used "
			    "(10%% is kept in reserve)", *w, used);
			return -1;
		}
		seen++;
	}
	if (seen == 0) {
		snprintf(why, n, "no quota figures");
		return -1;
	}
	return 0;
}

static void
quota_store(jv rl)
{
	quota.ok = quota_ok(rl, quota.why, sizeof(quota.why)) == 0;
	quota.at = w_clock_mono_ms();
}

/* Readiness: ChatGPT sign-in, webSearch capability, the model. */
static int
ready(struct codex *st, struct w_search_call *c, struct w_codex *cx,
    struct w_err *e)
{
	jv r = jv_null(), p, acct;
	const char *t, *cur = NULL;
	char cursor[256] = "";
	int found = 0, page, rc;

	p = jv_object_set(jv_object(), jv_string("refreshToken"), jv_false());
	rc = w_codex_request(cx, "account/read", p, limit(c, CODEX_STEP_MS),
	    &r, e);
	acct = rc == 0 ? w_json_get(jv_copy(r), "account") :
	    jv_null();
	jv_free(r);
	t = jv_get_kind(acct) == JV_KIND_OBJECT ?
	    w_json_str_peek(acct, "type") : NULL;
	rc = rc == -1 ? -1 : (t != NULL && strcasecmp(t, "chatgpt") == 0) ?
	    0 : 1;
	jv_free(acct);
	if (rc != 0)
		return skip(c, "not_ready", "not signed in with ChatGPT "
		    "(account/read)", e);
	rc = w_codex_request(cx, "modelProvider/capabilities/read",
	    jv_object(), limit(c, CODEX_STEP_MS), &r, e);
	found = rc == 0 && w_json_bool_peek(r, "webSearch", 0);
	jv_free(r);
	if (!found)
		return skip(c, "not_ready", "the model provider has no web "
		    "search capability", e);
	found = 0;
	for (page = 0; page < CODEX_PAGES && !found; page++) {
		p = jv_object_set(jv_object(), jv_string("limit"),
		    jv_number(100));
		if (cur != NULL)
			p = jv_object_set(p, jv_string("cursor"),
			    jv_string(cursor));
		if (w_codex_request(cx, "model/list", p, limit(c,
		    CODEX_STEP_MS), &r, e) == -1) {
			jv_free(r);
			break;
		}
		p = w_json_get(jv_copy(r), "data");
		if (jv_get_kind(p) == JV_KIND_ARRAY)
			jv_array_foreach(p, i, m) {
				const char *id = w_json_str_peek(m, "id"),
				    *mo = w_json_str_peek(m, "model");

				(void)i;
				if ((id && strcmp(id, st->model) == 0) ||
				    (mo && strcmp(mo, st->model) == 0))
					found = 1;
				jv_free(m);
			}
		jv_free(p);
		cur = w_json_str_peek(r, "nextCursor");
		if (cur != NULL)
			snprintf(cursor, sizeof(cursor), "%s", cur);
		jv_free(r);
		if (cur == NULL)
			break;
	}
	if (!found)
		return skip(c, "not_ready", "the configured search.codex.model "
		    "is not offered (model/list)", e);
	return 0;
}

static int
check_quota(struct w_search_call *c, struct w_codex *cx, struct w_err *e)
{
	jv r;
	int rc;

	if (quota.at == 0 || w_clock_mono_ms() - quota.at > CODEX_QUOTA_TTL_MS) {
		rc = w_codex_request(cx, "account/rateLimits/read",
		    jv_invalid(), limit(c, CODEX_STEP_MS), &r, e);
		if (rc == 0) {
			jv rl = w_json_get(jv_copy(r),
			    "rateLimits");

			quota_store(rl);
			jv_free(rl);
		} else {
			quota.at = 0;
			jv_free(r);
			return skip(c, "quota", "quota figures are unavailable",
			    e);
		}
		jv_free(r);
	}
	if (!quota.ok) {
		w_search_note(c, "quota_skip", jv_true());
		return skip(c, "quota", quota.why, e);
	}
	return 0;
}

jv
w_codex_item_results(jv item)
{
	jv res = w_json_get(jv_copy(item), "results"), out;

	out = jv_array();
	if (jv_get_kind(res) == JV_KIND_ARRAY)
		jv_array_foreach(res, i, r) {
			const char *u = w_json_str_peek(r, "url"), *s;

			(void)i;
			s = w_json_str_peek(r, "snippet");
			if (s == NULL)
				s = w_json_str_peek(r, "text");
			if (u != NULL)
				out = jv_array_append(out, w_search_result(
				    w_json_str_peek(r, "title"), u, s,
				    w_json_str_peek(r, "published")));
			jv_free(r);
		}
	jv_free(res);
	return out;
}

/* What one turn message (borrowed) means: 0 go on, 1 done, -1 reject. */
static int
on_message(struct w_codex *cx, jv m, jv *item, int *status,
    struct w_err *e)
{
	const char *meth = w_json_str_peek(m, "method"), *type, *st;
	jv params = w_json_get(jv_copy(m), "params"), it;
	int rc = 0;

	if (meth == NULL)
		meth = "";
	if (jv_object_has(jv_copy(m), jv_string("id"))) {
		/* a server request: approvals and anything else refused */
		jv no = jv_object();

		no = jv_object_set(no, jv_string("id"), w_json_get(
		    jv_copy(m), "id"));
		no = jv_object_set(no, jv_string("error"), jv_object_set(
		    jv_object_set(jv_object(), jv_string("code"),
		    jv_number(-32000)), jv_string("message"),
		    jv_string("declined by webtools")));
		w_codex_send(cx, no, e);
		rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex asked for "
		    "approval or input during a search; the turn was "
		    "interrupted and its answer rejected");
	} else if (strcmp(meth, "account/rateLimits/updated") == 0) {
		it = w_json_get(jv_copy(params), "rateLimits");
		quota_store(it);
		jv_free(it);
	} else if (strcmp(meth, "item/started") == 0 ||
	    strcmp(meth, "item/completed") == 0) {
		it = w_json_get(jv_copy(params), "item");
		type = w_json_str_peek(it, "type");
		if (type == NULL)
			type = "";
		if (strcmp(type, "webSearch") == 0) {
			if (jv_is_valid(*item))
				rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE,
				    "codex searched more than once; the "
				    "answer was rejected");
			else if (strcmp(meth, "item/completed") == 0) {
				jv_free(*item);
				*item = jv_copy(it);
			}
		} else if (strcmp(type, "userMessage") != 0 &&
		    strcmp(type, "agentMessage") != 0 &&
		    strcmp(type, "reasoning") != 0)
			rc = w_err_set(e, W_E_BACKEND_UNAVAILABLE, "codex used a "
			    "tool other than web search; the turn was "
			    "interrupted and its answer rejected");
		jv_free(it);
	} else if (strcmp(meth, "turn/completed") == 0) {
		it = w_json_get(jv_copy(params), "turn");
		st = w_json_str_peek(it, "status");
		*status = st != NULL && strcmp(st, "completed") == 0;
		jv_free(it);
		rc = 1;
	}
	jv_free(params);
	return rc;
}

/* Ask the peer to stop the turn (no wait: the peer is stopped next). */
static void
interrupt(struct w_codex *cx, const char *tid, const char *turnid)
{
	struct w_err ignored;
	jv p = jv_object(), m = jv_object();

	w_err_clear(&ignored);
	p = jv_object_set(p, jv_string("threadId"), jv_string(tid));
	p = jv_object_set(p, jv_string("turnId"), jv_string(turnid));
	m = jv_object_set(m, jv_string("id"), jv_number(1e6));
	m = jv_object_set(m, jv_string("method"), jv_string("turn/interrupt"));
	m = jv_object_set(m, jv_string("params"), p);
	w_codex_send(cx, m, &ignored);
}

/* thread/start + one turn; *out the raw results. */
static int
turn(struct codex *st, struct w_search_call *c, struct w_codex *cx,
    const struct w_search_req *q, const char *query, jv *out,
    struct w_err *e)
{
	jv p, r = jv_null(), item = jv_invalid(), m;
	char tid[128], turnid[128], dev[256] = "";
	long long end;
	int rc, done = 0, ok = 0;

	if (q->language != NULL || q->time_range != NULL)
		snprintf(dev, sizeof(dev), "Advisory preferences for the web "
		    "search:%s%s%s%s", q->language ? " language " : "",
		    q->language ? q->language : "", q->time_range ?
		    " published within the last " : "", q->time_range ?
		    q->time_range : "");
	p = jv_object();
	p = jv_object_set(p, jv_string("cwd"), jv_string(w_codex_dir(cx)));
	p = jv_object_set(p, jv_string("model"), jv_string(st->model));
	p = jv_object_set(p, jv_string("approvalPolicy"), jv_string("never"));
	p = jv_object_set(p, jv_string("sandbox"), jv_string("read-only"));
	p = jv_object_set(p, jv_string("ephemeral"), jv_true());
	p = jv_object_set(p, jv_string("baseInstructions"), jv_string(""));
	p = jv_object_set(p, jv_string("developerInstructions"),
	    jv_string(dev));
	p = jv_object_set(p, jv_string("config"), jv_object_set(jv_object(),
	    jv_string("mcp_servers"), jv_object()));
	if (w_codex_request(cx, "thread/start", p, limit(c, CODEX_STEP_MS),
	    &r, e) == -1) {
		jv_free(r);
		return -1;
	}
	m = w_json_get(r, "thread");
	snprintf(tid, sizeof(tid), "%s", w_json_str_peek(m, "id") ?
	    w_json_str_peek(m, "id") : "");
	jv_free(m);
	if (w_search_dispatch(c, e) == -1)
		return -1;
	p = jv_object();
	p = jv_object_set(p, jv_string("threadId"), jv_string(tid));
	p = jv_object_set(p, jv_string("input"), jv_array_append(jv_array(),
	    jv_object_set(jv_object_set(jv_object(), jv_string("type"),
	    jv_string("text")), jv_string("text"), jv_string(query))));
	p = jv_object_set(p, jv_string("model"), jv_string(st->model));
	p = jv_object_set(p, jv_string("effort"), jv_string("low"));
	end = w_clock_mono_ms() + limit(c, CODEX_TURN_MS);
	if (w_codex_request(cx, "turn/start", p, limit(c, CODEX_STEP_MS), &r,
	    e) == -1) {
		jv_free(r);
		return -1;
	}
	m = w_json_get(r, "turn");
	snprintf(turnid, sizeof(turnid), "%s", w_json_str_peek(m, "id") ?
	    w_json_str_peek(m, "id") : "");
	jv_free(m);
	while (!done) {
		long left = (long)(end - w_clock_mono_ms());

		if (left <= 0 || w_codex_next(cx, left, &m, e) == -1) {
			if (left <= 0)
				w_err_set(e, W_E_TIMEOUT, "the codex search turn "
				    "did not finish in time");
			rc = -1;
		} else {
			rc = on_message(cx, m, &item, &ok, e);
			jv_free(m);
		}
		if (rc == -1) {
			interrupt(cx, tid, turnid);
			jv_free(item);
			return -1;
		}
		done = rc == 1;
	}
	if (!ok) {
		jv_free(item);
		return w_err_set(e, W_E_BACKEND_UNAVAILABLE, "the codex search "
		    "turn did not complete");
	}
	jv_free(*out);
	*out = jv_is_valid(item) ? w_codex_item_results(item) : jv_array();
	jv_free(item);
	return 0;
}

/* Serialise Codex searches within one run (a lock in the run dir). */
static int
run_lock(struct w_search_call *c, struct w_err *e)
{
	const char *dir = w_run_dir(c->s->run);
	char path[4096];
	int fd;

	if (dir == NULL)
		return -2;
	snprintf(path, sizeof(path), "%s/codex.lock", dir);
	if ((fd = w_lock_open(path, 1, e)) == -1)
		return -1;
	if (w_lock_take(fd, 1, limit(c, CODEX_TURN_MS), e) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

static int
search(void *state, struct w_search_call *c, const struct w_search_req *q,
    const char *query, jv *out, struct w_err *e)
{
	struct codex *st = state;
	struct w_codex *cx = NULL;
	int rc, lk;

	*out = jv_array();
	/* doctor's probe: readiness only, no turn, outside any run */
	if ((lk = w_search_probing(c) ? -2 : run_lock(c, e)) == -1)
		return -1;
	rc = w_codex_start(limit(c, CODEX_STEP_MS), &cx, e);
	if (rc == 0)
		rc = ready(st, c, cx, e);
	if (rc == 0 && !w_search_probing(c))
		rc = check_quota(c, cx, e);
	if (rc == 0 && !w_search_probing(c))
		rc = turn(st, c, cx, q, query, out, e);
	w_codex_stop(cx);
	if (lk >= 0) {
		w_lock_drop(lk);
		close(lk);
	}
	return rc;
}

const struct w_provider w_provider_codex = {
	.live = 1,
	.probe_ready = 1,	/* the probe stops once signed in */
	.name = "codex",
	.configure = configure,
	.release = release,
	.scope = "codex",
	.targets = targets,
	.operator = 0,
	.filters = { W_FS_UNVERIFIED, W_FS_NONE, W_FS_ADVISORY,
	    W_FS_ADVISORY },
	.batches = 1,		/* primary only: alternates are not sent */
	.available = 1,
	.search = search
};
