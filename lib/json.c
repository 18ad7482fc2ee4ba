/*
 * json.c: envelopes, output, strict request validation, schemas and the
 * stdin loop over jv values.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "json.h"

jv
w_env_new(const char *tool)
{
	jv env = jv_object();

	env = jv_object_set(env, jv_string("tool"), jv_string(tool));
	env = jv_object_set(env, jv_string("status"), jv_string("ok"));
	return env;
}

jv
w_env_not_saved(jv env, const char *what, const struct w_err *why)
{
	const char *sum = w_json_str_peek(env, "summary");
	struct w_buf b;

	if (sum == NULL)
		return env;
	w_buf_init(&b, 8192);
	w_buf_printf(&b, "%s; %s could not be saved (%s)", sum, what,
	    why->code != W_E_NONE ? why->msg : "unknown reason");
	if (b.p != NULL)
		env = jv_object_set(env, jv_string("summary"),
		    jv_string(b.p));
	w_buf_free(&b);
	return env;
}

jv
w_env_status(jv env, enum w_status st)
{
	return jv_object_set(env, jv_string("status"),
	    jv_string(w_status_name(st)));
}

const char *
w_json_iso8601(time_t t, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

jv
w_env_error(jv env, const struct w_err *e)
{
	jv err;
	char when[32];

	if (e->code == W_E_NONE)
		return env;
	env = w_env_status(env, w_err_class(e->code));
	err = jv_object();
	err = jv_object_set(err, jv_string("code"), jv_string(w_err_name(e->code)));
	err = jv_object_set(err, jv_string("message"), jv_string(e->msg));
	err = jv_object_set(err, jv_string("retryable"),
	    jv_bool(e->retryable));
	if (e->http_status > 0)
		err = jv_object_set(err, jv_string("http_status"),
		    jv_number(e->http_status));
	if (e->retry_after_ms >= 0)
		err = jv_object_set(err, jv_string("retry_after_ms"),
		    jv_number((double)e->retry_after_ms));
	if (e->retry_at > 0)
		err = jv_object_set(err, jv_string("retry_at"),
		    jv_string(w_json_iso8601(e->retry_at, when, sizeof(when))));
	if (e->usage)
		err = jv_object_set(err, jv_string("usage"), jv_true());
	return jv_object_set(env, jv_string("error"), err);
}

jv
w_env_line(jv env, long line)
{
	jv src;

	if (line <= 0)
		return env;
	src = w_json_get(jv_copy(env), "source");
	if (jv_get_kind(src) != JV_KIND_OBJECT) {
		jv_free(src);
		src = jv_object();
	}
	src = jv_object_set(src, jv_string("line"), jv_number(line));
	return jv_object_set(env, jv_string("source"), src);
}

jv
w_env_failed(jv env, const struct w_err *e, const char *what)
{
	char sum[700];

	snprintf(sum, sizeof(sum), "%s failed (%s): %s", what,
	    w_err_name(e->code), e->msg);
	env = jv_object_set(env, jv_string("summary"), jv_string(sum));
	return w_env_error(env, e);
}

enum w_status
w_env_status_peek(jv env)
{
	const char *s = w_json_str_peek(env, "status");

	if (s == NULL)
		return W_ST_ERROR;
	if (strcmp(s, "ok") == 0)
		return W_ST_OK;
	if (strcmp(s, "partial") == 0)
		return W_ST_PARTIAL;
	if (strcmp(s, "blocked") == 0)
		return W_ST_BLOCKED;
	return W_ST_ERROR;
}

int
w_env_exit_peek(jv env)
{
	jv err = jv_object_get(jv_copy(env), jv_string("error"));
	int usage = w_json_bool_peek(err, "usage", 0);

	jv_free(err);
	return w_exit_for(w_env_status_peek(env), usage);
}

jv
w_json_get(jv o, const char *key)
{
	if (jv_get_kind(o) != JV_KIND_OBJECT) {
		jv_free(o);
		return jv_invalid();
	}
	return jv_object_get(o, jv_string(key));
}

jv
w_json_set(jv o, const char *key, jv v)
{
	return jv_object_set(o, jv_string(key), v);
}

jv
w_json_getv(jv o, jv key)
{
	if (jv_get_kind(o) != JV_KIND_OBJECT ||
	    jv_get_kind(key) != JV_KIND_STRING) {
		jv_free(o);
		jv_free(key);
		return jv_invalid();
	}
	return jv_object_get(o, key);
}

jv
w_json_at(jv a, int i)
{
	if (jv_get_kind(a) != JV_KIND_ARRAY || i < 0 ||
	    i >= jv_array_length(jv_copy(a))) {
		jv_free(a);
		return jv_invalid();
	}
	return jv_array_get(a, i);
}

int
w_json_len_peek(jv a)
{
	if (jv_get_kind(a) != JV_KIND_ARRAY)
		return 0;
	return jv_array_length(jv_copy(a));
}

int
w_num_long(double d, long lo, long hi, long *out)
{
	/* Compare as doubles first: converting an out-of-range double to
	 * long is undefined. LONG_MAX is not exact as a double, so the
	 * bound is strict at 2^63. */
	if (!isfinite(d) || d != floor(d) || d < (double)lo ||
	    d >= 9223372036854775808.0 || d > (double)hi)
		return -1;
	*out = (long)d;
	if (*out < lo || *out > hi)
		return -1;
	return 0;
}

const char *
w_json_str_peek(jv o, const char *key)
{
	jv v;
	const char *s;

	if (jv_get_kind(o) != JV_KIND_OBJECT)
		return NULL;
	v = jv_object_get(jv_copy(o), jv_string(key));
	if (jv_get_kind(v) != JV_KIND_STRING) {
		jv_free(v);
		return NULL;
	}
	/* o still holds a reference, so the pointer outlives v. */
	s = jv_string_value(v);
	jv_free(v);
	return s;
}

long
w_json_int_peek(jv o, const char *key, long dflt)
{
	jv v;
	long n = dflt;

	if (jv_get_kind(o) != JV_KIND_OBJECT)
		return dflt;
	v = jv_object_get(jv_copy(o), jv_string(key));
	if (jv_get_kind(v) == JV_KIND_NUMBER &&
	    w_num_long(jv_number_value(v), LONG_MIN, LONG_MAX, &n) != 0)
		n = dflt;
	jv_free(v);
	return n;
}

int
w_json_bool_peek(jv o, const char *key, int dflt)
{
	jv v;
	int b = dflt;

	if (jv_get_kind(o) != JV_KIND_OBJECT)
		return dflt;
	v = jv_object_get(jv_copy(o), jv_string(key));
	if (jv_get_kind(v) == JV_KIND_TRUE)
		b = 1;
	else if (jv_get_kind(v) == JV_KIND_FALSE)
		b = 0;
	jv_free(v);
	return b;
}

/* The string s as libjq's ASCII dump writes it; -1 on a byte sequence
 * it would not hold (a jv string is valid UTF-8). */
static int
ascii_string(jv s, struct w_buf *b)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)jv_string_value(s);
	size_t n = (size_t)jv_string_length_bytes(jv_copy(s)), i = 0, k;
	unsigned long c;
	char e[12];
	int m, j;

	w_buf_reserve(b, n + 2);
	w_buf_addc(b, '"');
	while (i < n) {
		/* a run of printable ASCII that needs no escape */
		for (k = i; k < n && p[k] >= 0x20 && p[k] < 0x7f &&
		    p[k] != '"' && p[k] != '\\'; k++)
			;
		if (k > i)
			w_buf_add(b, p + i, k - i);
		if ((i = k) >= n)
			break;
		c = p[i];
		if (c == '"' || c == '\\') {
			e[0] = '\\';
			e[1] = (char)c;
			w_buf_add(b, e, 2);
			i++;
			continue;
		}
		if (c < 0x80) {
			m = 1;
		} else if (c >= 0xc2 && c <= 0xdf) {
			m = 2;
			c &= 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			m = 3;
			c &= 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			m = 4;
			c &= 0x07;
		} else
			return -1;
		if (i + (size_t)m > n)
			return -1;
		for (j = 1; j < m; j++) {
			if ((p[i + j] & 0xc0) != 0x80)
				return -1;
			c = c << 6 | (p[i + j] & 0x3f);
		}
		if ((m == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
		    (m == 4 && (c < 0x10000 || c > 0x10ffff)))
			return -1;
		i += (size_t)m;
		switch (c) {
		case '\b': w_buf_add(b, "\\b", 2); continue;
		case '\t': w_buf_add(b, "\\t", 2); continue;
		case '\r': w_buf_add(b, "\\r", 2); continue;
		case '\n': w_buf_add(b, "\\n", 2); continue;
		case '\f': w_buf_add(b, "\\f", 2); continue;
		default: break;
		}
		if (c > 0xffff) {
			c -= 0x10000;
			j = 0;
			for (k = 0; k < 2; k++) {
				unsigned long u = k == 0 ?
				    (0xd800 | ((c & 0xffc00) >> 10)) :
				    (0xdc00 | (c & 0x3ff));

				e[j++] = '\\';
				e[j++] = 'u';
				e[j++] = hex[u >> 12 & 0xf];
				e[j++] = hex[u >> 8 & 0xf];
				e[j++] = hex[u >> 4 & 0xf];
				e[j++] = hex[u & 0xf];
			}
			w_buf_add(b, e, 12);
			continue;
		}
		e[0] = '\\';
		e[1] = 'u';
		e[2] = hex[c >> 12 & 0xf];
		e[3] = hex[c >> 8 & 0xf];
		e[4] = hex[c >> 4 & 0xf];
		e[5] = hex[c & 0xf];
		w_buf_add(b, e, 6);
	}
	w_buf_addc(b, '"');
	return 0;
}

/* See json.h. */
int
w_json_ascii(jv x, struct w_buf *b)
{
	jv k, v, s;
	int i, n, first, rc = 0;

	switch (jv_get_kind(x)) {
	case JV_KIND_NULL:
		w_buf_add(b, "null", 4);
		break;
	case JV_KIND_FALSE:
		w_buf_add(b, "false", 5);
		break;
	case JV_KIND_TRUE:
		w_buf_add(b, "true", 4);
		break;
	case JV_KIND_NUMBER:
		/* libjq's own digits */
		s = jv_dump_string(jv_copy(x), JV_PRINT_ASCII);
		w_buf_add(b, jv_string_value(s),
		    (size_t)jv_string_length_bytes(jv_copy(s)));
		jv_free(s);
		break;
	case JV_KIND_STRING:
		rc = ascii_string(x, b);
		break;
	case JV_KIND_ARRAY:
		n = jv_array_length(jv_copy(x));
		w_buf_addc(b, '[');
		for (i = 0; i < n && rc == 0; i++) {
			if (i > 0)
				w_buf_addc(b, ',');
			v = jv_array_get(jv_copy(x), i);
			rc = w_json_ascii(v, b);
			jv_free(v);
		}
		w_buf_addc(b, ']');
		break;
	case JV_KIND_OBJECT:
		/* libjq's order: the object's own, unsorted */
		w_buf_addc(b, '{');
		first = 1;
		for (i = jv_object_iter(x); rc == 0 && jv_object_iter_valid(x, i);
		    i = jv_object_iter_next(x, i)) {
			if (!first)
				w_buf_addc(b, ',');
			first = 0;
			k = jv_object_iter_key(x, i);
			rc = ascii_string(k, b);
			jv_free(k);
			if (rc != 0)
				break;
			w_buf_addc(b, ':');
			v = jv_object_iter_value(x, i);
			rc = w_json_ascii(v, b);
			jv_free(v);
		}
		w_buf_addc(b, '}');
		break;
	default:
		rc = -1;
		break;
	}
	return rc;
}

void
w_out_emit(jv env, enum w_out_mode mode, const char *prog)
{
	struct w_buf b;
	const char *content, *summary;
	int flags;

	if (mode == W_OUT_RAW) {
		content = w_json_str_peek(env, "content");
		if (content != NULL) {
			fputs(content, stdout);
			if (*content && content[strlen(content) - 1] != '\n')
				putchar('\n');
		} else if ((summary = w_json_str_peek(env, "summary")))
			fprintf(stderr, "%s: %s\n", prog, summary);
		jv_free(env);
		return;
	}
	flags = JV_PRINT_ASCII;
	if (mode == W_OUT_AUTO && isatty(STDOUT_FILENO))
		flags = JV_PRINT_PRETTY | JV_PRINT_SPACE1;
	/* the compact envelope written here: libjq's dump appends a
	 * character at a time (a fifth of a batch's own time went there);
	 * the same bytes, or libjq's where the value is not plain */
	if (flags == JV_PRINT_ASCII) {
		w_buf_init(&b, SIZE_MAX);
		if (w_json_ascii(env, &b) == 0) {
			w_buf_addc(&b, '\n');
			fwrite(b.p, 1, b.len, stdout);
			w_buf_free(&b);
			jv_free(env);
			fflush(stdout);
			return;
		}
		w_buf_free(&b);
	}
	/* One write: jv_dumpf makes a stdio call per escaped character. */
	env = jv_dump_string(env, flags);
	fwrite(jv_string_value(env), 1,
	    (size_t)jv_string_length_bytes(jv_copy(env)), stdout);
	jv_free(env);
	putchar('\n');
	/* One envelope at a time reaches a reader waiting on a pipe. */
	fflush(stdout);
}

int
w_out_emit_rc(jv env, enum w_out_mode mode, const char *prog)
{
	int rc = w_env_exit_peek(env);

	w_out_emit(env, mode, prog);
	return rc;
}

int
w_arg_long(const char *s, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return *s != '\0' && *end == '\0' && errno == 0 ? 0 : -1;
}

static jv
typed(const char *type)
{
	return jv_object_set(jv_object(), jv_string("type"), jv_string(type));
}

jv
w_env_schema(const char *tool)
{
	static const char *const statuses[] = { "ok", "partial", "blocked",
	    "error", NULL };
	jv s = jv_object(), p = jv_object(), err = jv_object(), ep =
	    jv_object(), codes = jv_array(), src = jv_object(), sp =
	    jv_object(), srcst = jv_array(), act, ap = jv_object(), st =
	    jv_array();
	int i;

	/* the codes and source statuses come from err.c's table */
	for (i = 1; i < W_E_COUNT; i++)
		codes = jv_array_append(codes, jv_string(w_err_name(
		    (enum w_code)i)));
	for (i = W_SRC_OPENED; i <= W_SRC_FETCH_FAILED; i++)
		srcst = jv_array_append(srcst, jv_string(
		    w_source_status_name((enum w_source_status)i)));
	for (i = 0; statuses[i] != NULL; i++)
		st = jv_array_append(st, jv_string(statuses[i]));
	ep = w_json_set(ep, "code", w_json_set(jv_object(), "enum", codes));
	ep = w_json_set(ep, "message", typed("string"));
	ep = w_json_set(ep, "retryable", typed("boolean"));
	ep = w_json_set(ep, "http_status", typed("integer"));
	ep = w_json_set(ep, "retry_after_ms", typed("integer"));
	ep = w_json_set(ep, "retry_at", typed("string"));
	ep = w_json_set(ep, "usage", typed("boolean"));
	err = jv_object_set(typed("object"), jv_string("properties"), ep);
	err = jv_object_set(err, jv_string("required"), jv_parse(
	    "[\"code\",\"message\",\"retryable\"]"));
	sp = w_json_set(sp, "url", w_json_set(jv_object(), "description",
	    jv_string("the request's URL as given, even when invalid")));
	sp = w_json_set(sp, "file", typed("string"));
	sp = w_json_set(sp, "line", typed("integer"));
	sp = w_json_set(sp, "status", w_json_set(jv_object(), "enum", srcst));
	src = jv_object_set(typed("object"), jv_string("properties"), sp);
	ap = w_json_set(ap, "tool", typed("string"));
	ap = w_json_set(ap, "arguments", typed("object"));
	ap = w_json_set(ap, "reason", typed("string"));
	act = jv_object_set(typed("object"), jv_string("properties"), ap);
	p = w_json_set(p, "tool", w_json_set(jv_object(), "const",
	    jv_string(tool)));
	p = w_json_set(p, "status", w_json_set(jv_object(), "enum", st));
	p = w_json_set(p, "summary", typed("string"));
	p = w_json_set(p, "content", typed("string"));
	p = w_json_set(p, "results", typed("array"));
	p = w_json_set(p, "source", src);
	p = w_json_set(p, "coverage", typed("object"));
	p = w_json_set(p, "details", typed("object"));
	p = w_json_set(p, "links", typed("array"));
	p = w_json_set(p, "next_actions", jv_object_set(typed("array"),
	    jv_string("items"), act));
	p = w_json_set(p, "artifact", typed("string"));
	p = w_json_set(p, "output", typed("string"));
	p = w_json_set(p, "error", err);
	p = w_json_set(p, "untrusted_fields", jv_object_set(typed("array"),
	    jv_string("items"), typed("string")));
	s = jv_object_set(s, jv_string("$schema"),
	    jv_string("https://json-schema.org/draft/2020-12/schema"));
	s = jv_object_set(s, jv_string("title"), jv_string_fmt("%s envelope",
	    tool));
	s = jv_object_set(s, jv_string("type"), jv_string("object"));
	s = jv_object_set(s, jv_string("properties"), p);
	return jv_object_set(s, jv_string("required"),
	    jv_parse("[\"tool\",\"status\",\"summary\"]"));
}

int
w_schema_arg(const char *prog, const char *arg, jv request)
{
	if (arg == NULL || strcmp(arg, "request") == 0) {
		w_out_schema(request);
		return w_out_finish(prog);
	}
	jv_free(request);
	if (strcmp(arg, "envelope") == 0) {
		w_out_schema(w_env_schema(prog));
		return w_out_finish(prog);
	}
	return w_usage_error(prog, "--schema takes request or envelope, not "
	    "'%s'", arg);
}

int
w_opt_error(const char *prog, char *const argv[], int ch)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	int n = (int)strcspn(arg, "=");

	if (optopt != 0 && (arg[0] != '-' || arg[1] != '-'))
		return w_usage_error(prog, ch == ':' ? "-%c needs a value" :
		    "unknown option -%c", optopt);
	return w_usage_error(prog, ch == ':' ? "%.*s needs a value" :
	    "unknown option %.*s", n, arg);
}

int
w_usage_error(const char *prog, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see %s --help)\n", prog);
	return W_EXIT_USAGE;
}

void
w_out_schema(jv schema)
{
	jv_dumpf(schema, stdout, JV_PRINT_PRETTY | JV_PRINT_SPACE2);
	putchar('\n');
}

void
w_out_version(const char *prog)
{
	printf("%s %s\n", prog, WEBTOOLS_VERSION);
}

int
w_out_finish(const char *prog)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		fprintf(stderr, "%s: writing output failed: %s\n", prog,
		    strerror(errno ? errno : EIO));
		return 1;
	}
	return 0;
}

static const struct w_field *
find_field(const struct w_field *t, const char *name)
{
	for (; t->name != NULL; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

static int
check_value(const struct w_field *f, jv v, struct w_err *e)
{
	jv_kind k = jv_get_kind(v);
	const char *const *c;
	double d;
	int n, i;

	switch (f->type) {
	case W_FT_STRING:
		if (k != JV_KIND_STRING)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be a string", f->name);
		n = jv_string_length_codepoints(jv_copy(v));
		if (f->max > 0 && n > f->max)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s is longer than %ld characters", f->name, f->max);
		if (f->min > 0 && n < f->min)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must not be empty", f->name);
		return 0;
	case W_FT_INT:
		if (k != JV_KIND_NUMBER || !jv_is_integer(v))
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be an integer", f->name);
		d = jv_number_value(v);
		if (d < (double)f->min || d > (double)f->max)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be between %ld and %ld", f->name,
			    f->min, f->max);
		return 0;
	case W_FT_BOOL:
		if (k != JV_KIND_TRUE && k != JV_KIND_FALSE)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be a boolean", f->name);
		return 0;
	case W_FT_ENUM:
		if (k == JV_KIND_STRING)
			for (c = f->choices; *c != NULL; c++)
				if (strcmp(*c, jv_string_value(v)) == 0)
					return 0;
		{
			char list[256];
			size_t used = 0;

			list[0] = '\0';
			for (c = f->choices; *c != NULL && used < sizeof(list);
			    c++)
				used += (size_t)snprintf(list + used,
				    sizeof(list) - used, "%s%s",
				    c == f->choices ? "" : c[1] ? ", " :
				    " or ", *c);
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be %s", f->name, list);
		}
	case W_FT_STRLIST:
		if (k != JV_KIND_ARRAY)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be an array of strings", f->name);
		n = jv_array_length(jv_copy(v));
		if (f->max > 0 && n > f->max)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s has more than %ld entries", f->name, f->max);
		for (i = 0; i < n; i++) {
			jv x = jv_array_get(jv_copy(v), i);
			int bad = jv_get_kind(x) != JV_KIND_STRING;

			jv_free(x);
			if (bad)
				return w_err_set(e, W_E_INVALID_PARAMETER,
				    "%s must be an array of strings", f->name);
		}
		return 0;
	case W_FT_HEADERS:
		if (k != JV_KIND_OBJECT)
			return w_err_set(e, W_E_INVALID_PARAMETER,
			    "%s must be an object of strings", f->name);
		jv_object_foreach(v, hk, hv) {
			int bad = jv_get_kind(hv) != JV_KIND_STRING;

			jv_free(hk);
			jv_free(hv);
			if (bad)
				return w_err_set(e, W_E_INVALID_PARAMETER,
				    "%s values must be strings", f->name);
		}
		return 0;
	}
	return 0;
}

/* The option of field name (n bytes) into opt. */
static void
option_of(const char *name, size_t n, const char *const *renames,
    char *opt, size_t len)
{
	const char *const *r;
	size_t k;

	for (r = renames; r != NULL && r[0] != NULL && r[1] != NULL; r += 2)
		if (strlen(r[0]) == n && strncmp(r[0], name, n) == 0) {
			snprintf(opt, len, "--%s", r[1]);
			return;
		}
	snprintf(opt, len, "--%.*s", (int)n, name);
	for (k = 2; opt[k]; k++)
		if (opt[k] == '_')
			opt[k] = '-';
}

void
w_req_msg_as_options(const struct w_field *t, const char *const *renames,
    const char *skip, struct w_err *e)
{
	const struct w_field *f;
	char out[sizeof(e->msg)], opt[64];
	const char *p = e->msg;
	size_t used = 0, n;
	int hit;

	while (*p && used + 1 < sizeof(out)) {
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz_");
		for (hit = 0, f = t; n > 0 && f->name && !hit; f++)
			hit = strlen(f->name) == n &&
			    strncmp(f->name, p, n) == 0 &&
			    (skip == NULL || strcmp(f->name, skip) != 0);
		if (hit) {
			option_of(p, n, renames, opt, sizeof(opt));
			used += (size_t)snprintf(out + used, sizeof(out) - used,
			    "%s", opt);
		} else if (n > 0)
			used += (size_t)snprintf(out + used, sizeof(out) - used,
			    "%.*s", (int)n, p);
		else
			out[used++] = *p, n = 1;
		if (used >= sizeof(out))
			used = sizeof(out) - 1;
		p += n;
	}
	out[used] = '\0';
	memcpy(e->msg, out, used + 1);
}

int
w_req_validate_peek(const struct w_field *t, jv req,
    const char *const *required, struct w_err *e)
{
	const struct w_field *f;
	int rc = 0;

	if (jv_get_kind(req) != JV_KIND_OBJECT) {
		w_err_set(e, W_E_INVALID_PARAMETER, "a request must be a JSON object");
		e->usage = 1;
		return -1;
	}
	jv_object_foreach(req, k, v) {
		if (rc == 0) {
			f = find_field(t, jv_string_value(k));
			if (f == NULL) {
				const char *name = jv_string_value(k);

				rc = w_err_set(e, W_E_INVALID_PARAMETER,
				    "unknown field: %.64s%s", name,
				    strlen(name) > 64 ? "..." : "");
			} else
				rc = check_value(f, v, e);
		}
		jv_free(k);
		jv_free(v);
	}
	for (; rc == 0 && required && *required; required++) {
		jv has = jv_object_get(jv_copy(req), jv_string(*required));

		if (!jv_is_valid(has) || jv_get_kind(has) == JV_KIND_NULL)
			rc = w_err_set(e, W_E_INVALID_PARAMETER,
			    "missing required field: %s", *required);
		jv_free(has);
	}
	if (rc)
		e->usage = 1;
	return rc;
}

static jv
field_schema(const struct w_field *f)
{
	jv s = jv_object(), en;
	const char *const *c;

	switch (f->type) {
	case W_FT_STRING:
		s = jv_object_set(s, jv_string("type"), jv_string("string"));
		if (f->min > 0)
			s = jv_object_set(s, jv_string("minLength"),
			    jv_number(f->min));
		if (f->max > 0)
			s = jv_object_set(s, jv_string("maxLength"),
			    jv_number(f->max));
		break;
	case W_FT_INT:
		s = jv_object_set(s, jv_string("type"), jv_string("integer"));
		s = jv_object_set(s, jv_string("minimum"), jv_number(f->min));
		s = jv_object_set(s, jv_string("maximum"), jv_number(f->max));
		break;
	case W_FT_BOOL:
		s = jv_object_set(s, jv_string("type"), jv_string("boolean"));
		break;
	case W_FT_ENUM:
		s = jv_object_set(s, jv_string("type"), jv_string("string"));
		en = jv_array();
		for (c = f->choices; *c != NULL; c++)
			en = jv_array_append(en, jv_string(*c));
		s = jv_object_set(s, jv_string("enum"), en);
		break;
	case W_FT_STRLIST:
		s = jv_object_set(s, jv_string("type"), jv_string("array"));
		s = jv_object_set(s, jv_string("items"),
		    jv_object_set(jv_object(), jv_string("type"),
		    jv_string("string")));
		if (f->max > 0)
			s = jv_object_set(s, jv_string("maxItems"),
			    jv_number(f->max));
		break;
	case W_FT_HEADERS:
		s = jv_object_set(s, jv_string("type"), jv_string("object"));
		s = jv_object_set(s, jv_string("additionalProperties"),
		    jv_object_set(jv_object(), jv_string("type"),
		    jv_string("string")));
		break;
	}
	if (f->desc)
		s = jv_object_set(s, jv_string("description"),
		    jv_string(f->desc));
	return s;
}

jv
w_req_schema(const struct w_field *t, const char *title,
    const char *const *required)
{
	jv s = jv_object(), props = jv_object(), req = jv_array();

	s = jv_object_set(s, jv_string("$schema"),
	    jv_string("https://json-schema.org/draft/2020-12/schema"));
	s = jv_object_set(s, jv_string("title"), jv_string(title));
	s = jv_object_set(s, jv_string("type"), jv_string("object"));
	for (; t->name != NULL; t++)
		props = jv_object_set(props, jv_string(t->name),
		    field_schema(t));
	s = jv_object_set(s, jv_string("properties"), props);
	for (; required && *required; required++)
		req = jv_array_append(req, jv_string(*required));
	s = jv_object_set(s, jv_string("required"), req);
	return jv_object_set(s, jv_string("additionalProperties"),
	    jv_false());
}

/*
 * The strict RFC 8259 checker: libjq 1.6's parser leaks on some errors
 * and asserts on others, so it only sees texts this has accepted. "more"
 * records that a check failed because the bytes ran out (the stream
 * reader then waits for more input).
 */
struct jp {
	const char	*s;
	size_t		 n, i;
	int		 depth, max, more;
};

static int	 jvalue(struct jp *);

static int
jend(struct jp *p)
{
	if (p->i < p->n)
		return 0;
	p->more = 1;
	return 1;
}

static void
jws(struct jp *p)
{
	while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' ||
	    p->s[p->i] == '\n' || p->s[p->i] == '\r'))
		p->i++;
}

static int
jchar(struct jp *p, char c)
{
	jws(p);
	if (jend(p) || p->s[p->i] != c)
		return -1;
	p->i++;
	return 0;
}

static int
jstring(struct jp *p)
{
	unsigned char c;
	int k;

	if (jchar(p, '"') != 0)
		return -1;
	while (!jend(p)) {
		c = (unsigned char)p->s[p->i++];
		if (c == '"')
			return 0;
		if (c < 0x20)
			return -1;
		if (c != '\\')
			continue;
		if (jend(p))
			return -1;
		c = (unsigned char)p->s[p->i++];
		if (c == 'u') {
			for (k = 0; k < 4; k++, p->i++)
				if (jend(p) ||
				    !isxdigit((unsigned char)p->s[p->i]))
					return -1;
		} else if (strchr("\"\\/bfnrt", c) == NULL || c == '\0')
			return -1;
	}
	return -1;
}

static size_t
jdigits(struct jp *p)
{
	size_t at = p->i;

	while (p->i < p->n && isdigit((unsigned char)p->s[p->i]))
		p->i++;
	if (p->i == at)
		(void)jend(p);
	return p->i - at;
}

static int
jnumber(struct jp *p)
{
	if (p->i < p->n && p->s[p->i] == '-')
		p->i++;
	if (p->i < p->n && p->s[p->i] == '0')
		p->i++;
	else if (jdigits(p) == 0)
		return -1;
	if (p->i < p->n && p->s[p->i] == '.') {
		p->i++;
		if (jdigits(p) == 0)
			return -1;
	}
	if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
		p->i++;
		if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-'))
			p->i++;
		if (jdigits(p) == 0)
			return -1;
	}
	return 0;
}

/* The members of an object or the elements of an array. */
static int
jmembers(struct jp *p, char close, int object)
{
	if (++p->depth > p->max)
		return -1;
	p->i++;
	if (jchar(p, close) == 0) {
		p->depth--;
		return 0;
	}
	for (;;) {
		if (object && (jstring(p) != 0 || jchar(p, ':') != 0))
			return -1;
		if (jvalue(p) != 0)
			return -1;
		if (jchar(p, ',') == 0)
			continue;
		if (jchar(p, close) != 0)
			return -1;
		p->depth--;
		return 0;
	}
}

static int
jvalue(struct jp *p)
{
	static const char *const lits[] = { "true", "false", "null", NULL };
	size_t k, i, left;

	jws(p);
	if (jend(p))
		return -1;
	switch (p->s[p->i]) {
	case '{':
		return jmembers(p, '}', 1);
	case '[':
		return jmembers(p, ']', 0);
	case '"':
		return jstring(p);
	}
	left = p->n - p->i;
	for (i = 0; lits[i] != NULL; i++) {
		k = strlen(lits[i]);
		if (left >= k && memcmp(p->s + p->i, lits[i], k) == 0) {
			p->i += k;
			return 0;
		}
		if (left < k && memcmp(p->s + p->i, lits[i], left) == 0) {
			p->i = p->n;
			p->more = 1;
			return -1;
		}
	}
	return jnumber(p);
}

int
w_json_check(const char *s, size_t len, int maxdepth)
{
	struct jp p;

	memset(&p, 0, sizeof(p));
	p.s = s;
	p.n = len;
	p.max = maxdepth;
	if (jvalue(&p) != 0)
		return -1;
	jws(&p);
	return p.i == p.n ? 0 : -1;
}

jv
w_json_parse(const char *s, size_t len)
{
	/* A UTF-8 BOM first is skipped, as libjq's parser does. */
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	/* libjq 1.6 refuses nesting deeper than 256 (and leaks then). */
	if (len > INT_MAX || w_json_check(s, len, 256) != 0)
		return jv_invalid_with_msg(jv_string("not a JSON text"));
	return jv_parse_sized(s, (int)len);
}

jv
w_json_parse_object(const char *s, size_t len)
{
	jv v = w_json_parse(s, len);

	if (jv_get_kind(v) == JV_KIND_OBJECT)
		return v;
	jv_free(v);
	return jv_null();
}

int
w_json_next_text(const char *s, size_t n, int eof, size_t *start, size_t *end)
{
	struct jp p;

	memset(&p, 0, sizeof(p));
	p.s = s;
	p.n = n;
	p.max = 256;
	jws(&p);
	if (p.i == n)
		return W_TEXT_DONE;
	*start = p.i;
	if (jvalue(&p) != 0)
		return p.more && !eof ? W_TEXT_MORE : W_TEXT_BAD;
	/* A number at the very end may go on in the next read. */
	if (p.i == n && !eof && strchr("-0123456789", s[*start]) != NULL)
		return W_TEXT_MORE;
	*end = p.i;
	return W_TEXT_ONE;
}

