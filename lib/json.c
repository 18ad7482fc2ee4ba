/*
 * json.c: envelopes, output, strict request validation, schemas and the
 * stdin loop over jv values.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
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
	if (jv_get_kind(v) == JV_KIND_NUMBER)
		n = (long)jv_number_value(v);
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

void
w_out_emit(jv env, enum w_out_mode mode, const char *prog)
{
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

