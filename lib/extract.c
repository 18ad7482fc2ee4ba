/*
 * extract.c: one document (bytes in hand) into a wextract envelope:
 * the request table of wextract and of the MCP web_extract tool, and
 * the pipeline (doc.c extraction, views, summary). No network.
 */
#include <stdio.h>
#include <string.h>

#include "doc.h"
#include "extract.h"
#include "view.h"

static const char *prog = "wextract";

static const char *const formats[] = { "markdown", "text", "raw", NULL };

const struct w_field w_extract_fields[] = {
	{ "url", W_FT_STRING, 1, 8192, NULL,
	    "URL the document came from: base for relative links" },
	{ "content_type", W_FT_STRING, 1, 256, NULL,
	    "Content-Type of the document; sniffed when absent" },
	{ "charset", W_FT_STRING, 1, 64, NULL,
	    "charset, in place of the HTTP header's" },
	{ "http_status", W_FT_INT, 100, 599, NULL,
	    "HTTP status the document was served with (challenge checks)" },
	{ "format", W_FT_ENUM, 0, 0, formats,
	    "markdown (default), text, or raw (decoded body as is)" },
	{ "focus", W_FT_STRING, 0, 500, NULL,
	    "keep only the blank-line-separated blocks matching these terms" },
	{ "include_links", W_FT_BOOL, 0, 0, NULL,
	    "list up to 20 absolute links of the document" },
	{ "start_line", W_FT_INT, 1, 100000000, NULL,
	    "first line of a line slice (1-based)" },
	{ "max_lines", W_FT_INT, 1, 10000, NULL,
	    "lines in a line slice (default 200)" },
	{ "max_output_chars", W_FT_INT, 1, 100000, NULL,
	    "cap on the characters of content returned" },
	{ "offset", W_FT_INT, 0, 1000000000, NULL,
	    "first character of a character page (0-based)" },
	{ "max_chars", W_FT_INT, 1, 100000, NULL,
	    "characters per page (default 20000)" },
	{ NULL, W_FT_STRING, 0, 0, NULL, NULL }
};

jv
w_extract_schema(void)
{
	return w_req_schema(w_extract_fields, "wextract", NULL);
}

static jv
set(jv o, const char *k, jv v)
{
	return jv_object_set(o, jv_string(k), v);
}

static jv
untrusted(void)
{
	static const char *const f[] = { "content", "source.title",
	    "source.byline", "source.description", "source.site_name",
	    "links[].text", "links[].url", NULL };
	jv u = jv_array();
	int i;

	for (i = 0; f[i] != NULL; i++)
		u = jv_array_append(u, jv_string(f[i]));
	return u;
}

/* The options every continuation repeats. */
static jv
base_args(jv req)
{
	static const char *const keep[] = { "url", "content_type", "charset",
	    "http_status", "format", "focus", "include_links", NULL };
	jv a = jv_object(), v;
	int i;

	for (i = 0; keep[i] != NULL; i++) {
		v = jv_object_get(jv_copy(req), jv_string(keep[i]));
		if (jv_is_valid(v) && jv_get_kind(v) != JV_KIND_NULL)
			a = set(a, keep[i], v);
		else
			jv_free(v);
	}
	return a;
}

static enum w_format
format_of(jv req)
{
	const char *f = w_json_str_peek(req, "format");

	if (f != NULL && strcmp(f, "text") == 0)
		return W_FMT_TEXT;
	if (f != NULL && strcmp(f, "raw") == 0)
		return W_FMT_RAW;
	return W_FMT_MARKDOWN;
}

jv
w_extract_failed(jv env, const struct w_err *e, const char *what)
{
	jv src = jv_object_get(jv_copy(env), jv_string("source"));
	char sum[700];
	int soft = strcmp(e->code, "access_challenge") == 0 ||
	    strcmp(e->code, "authentication_required") == 0;

	if (jv_get_kind(src) == JV_KIND_OBJECT)
		env = set(env, "source", set(src, "status",
		    jv_string(soft ? "blocked_soft" : "fetch_failed")));
	else
		jv_free(src);
	snprintf(sum, sizeof(sum), "%s failed (%s): %s", what, e->code,
	    e->msg);
	return w_env_error(set(env, "summary", jv_string(sum)), e);
}

/* One document into one envelope. */
jv
w_extract_run(jv req, const char *bytes, size_t len, const char *file,
    int whole)
{
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_doc d;
	struct w_err e;
	jv env = set(w_env_new(prog), "untrusted_fields", untrusted()), src;
	char sum[700];

	memset(&in, 0, sizeof(in));
	in.bytes = bytes;
	in.len = len;
	in.url = w_json_str_peek(req, "url");
	in.content_type = w_json_str_peek(req, "content_type");
	in.charset = w_json_str_peek(req, "charset");
	in.http_status = (int)w_json_int_peek(req, "http_status", 0);
	in.headers = jv_null();
	memset(&o, 0, sizeof(o));
	o.format = format_of(req);
	o.include_links = w_json_bool_peek(req, "include_links", 0);
	src = set(jv_object(), "representation", jv_string("page_extract"));
	if (file != NULL)
		src = set(src, "file", jv_string(file));
	if (in.url != NULL)
		src = set(src, "url", jv_string(in.url));
	if (in.http_status > 0)
		src = set(src, "http_status", jv_number(in.http_status));
	env = set(env, "source", set(src, "status", jv_string("opened")));
	w_doc_init(&d);
	w_err_clear(&e);
	if (w_doc_extract(&in, &o, &d, &e) == -1) {
		src = jv_object_get(jv_copy(env), jv_string("source"));
		if (*d.mime)
			src = set(src, "content_type", jv_string(d.mime));
		env = set(env, "source", src);
		env = set(env, "coverage", set(jv_copy(d.coverage),
		    "content_kind", jv_string(d.kind)));
		w_doc_free(&d);
		return w_extract_failed(env, &e, "extraction");
	}
	env = w_view_apply(env, &d, req, prog, base_args(req),
	    whole, &e);
	snprintf(sum, sizeof(sum), "Extracted %s from %s (%s, %zu bytes): %s",
	    d.kind, file ? file : "stdin", *d.mime ? d.mime : "unknown type",
	    len, w_status_name(w_env_status_peek(env)));
	if (e.code != NULL)
		snprintf(sum, sizeof(sum), "No block of the document matches "
		    "the focus.");
	w_doc_free(&d);
	return set(env, "summary", jv_string(sum));
}
