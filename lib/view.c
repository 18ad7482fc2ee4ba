/*
 * view.c: the wfetch and wextract request surface (one field table, the
 * decoder, continuation arguments, untrusted fields) and the envelope
 * fields both programs build from an extracted document.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "http.h"
#include "json.h"
#include "slice.h"
#include "url.h"
#include "view.h"

static const char *const formats[] = { "markdown", "text", "raw", NULL };
static const char *const renders[] = { "never", "auto", "always", NULL };
/* "auto", then html_type.c's names in its order (w_html_type_name) */
static const char *const page_types[] = { "auto", "other", "article",
    "forum", "product", "collection", "listing", "documentation",
    "service", NULL };

/*
 * The one table of request fields: which programs take it (F wfetch,
 * E wextract, FE both), then name, type, min, max, choices, and the
 * description for wfetch and for wextract. Expanded below into each
 * program's struct w_field table.
 */
#define REQUEST_FIELDS(X)						\
	X(FE, "url", W_FT_STRING, 1, 8192, NULL,			\
	    "http:// or https:// URL",					\
	    "URL the document came from: base for relative links")	\
	X(E, "file", W_FT_STRING, 1, 4096, NULL, "",			\
	    "the file to read (continuations name it); stdin when absent") \
	X(E, "content_type", W_FT_STRING, 1, 256, NULL, "",		\
	    "Content-Type of the document; sniffed when absent")	\
	X(E, "charset", W_FT_STRING, 1, 64, NULL, "",			\
	    "charset, in place of the HTTP header's")			\
	X(E, "http_status", W_FT_INT, 100, 599, NULL, "",		\
	    "HTTP status the document was served with (challenge checks)") \
	X(FE, "format", W_FT_ENUM, 0, 0, formats,			\
	    "markdown (default), text, or raw (decoded body)",		\
	    "markdown (default), text, or raw (decoded body as is)")	\
	X(F, "render", W_FT_ENUM, 0, 0, renders,			\
	    "browser rendering wish; the config's fetch.render is the ceiling", \
	    "")								\
	X(FE, "start_line", W_FT_INT, 1, 100000000, NULL,		\
	    "first line of a line slice (1-based)",			\
	    "first line of a line slice (1-based)")			\
	X(FE, "max_lines", W_FT_INT, 1, 10000, NULL,			\
	    "lines in a line slice (default 200 when slicing)",	\
	    "lines in a line slice (default 200)")			\
	X(FE, "max_output_chars", W_FT_INT, 1, 100000, NULL,		\
	    "cap on returned content characters",			\
	    "cap on the characters of content returned")		\
	X(FE, "offset", W_FT_INT, 0, 1000000000, NULL,			\
	    "first character of a char page (0-based)",		\
	    "first character of a character page (0-based)")		\
	X(FE, "max_chars", W_FT_INT, 1, 100000, NULL,			\
	    "characters in a char page (default 20000)",		\
	    "characters per page (default 20000)")			\
	X(FE, "focus", W_FT_STRING, 0, 500, NULL,			\
	    "keep only blocks matching these terms",			\
	    "keep only the blank-line-separated blocks matching these terms") \
	X(FE, "page_type", W_FT_ENUM, 0, 0, page_types,		\
	    "extraction profile of an HTML page: auto (classified, the "	\
	    "default) or a page type",					\
	    "extraction profile of an HTML page: auto (classified, the " \
	    "default) or a page type")					\
	X(FE, "include_links", W_FT_BOOL, 0, 0, NULL,			\
	    "list up to 20 links of an HTML page",			\
	    "list up to 20 absolute links of the document")		\
	X(F, "headers", W_FT_HEADERS, 0, 0, NULL,			\
	    "only Accept, Accept-Language, Range, User-Agent", "")	\
	X(F, "artifact", W_FT_STRING, 1, 100, NULL,			\
	    "save the full text (or a binary body) under this name", "")

#define IN_F_F(...)	__VA_ARGS__
#define IN_F_FE(...)	__VA_ARGS__
#define IN_F_E(...)
#define IN_E_E(...)	__VA_ARGS__
#define IN_E_FE(...)	__VA_ARGS__
#define IN_E_F(...)
#define FETCH_ROW(in, n, t, lo, hi, ch, fd, ed)				\
	IN_F_##in({ n, t, lo, hi, ch, fd },)
#define EXTRACT_ROW(in, n, t, lo, hi, ch, fd, ed)			\
	IN_E_##in({ n, t, lo, hi, ch, ed },)

static const struct w_field fetch_fields[] = {
	REQUEST_FIELDS(FETCH_ROW)
	{ NULL, W_FT_STRING, 0, 0, NULL, NULL }
};

static const struct w_field extract_fields[] = {
	REQUEST_FIELDS(EXTRACT_ROW)
	{ NULL, W_FT_STRING, 0, 0, NULL, NULL }
};

static const char *const fetch_required[] = { "url", NULL };

const struct w_field *
w_request_fields(enum w_req_tool tool)
{
	return tool == W_REQ_WFETCH ? fetch_fields : extract_fields;
}

jv
w_request_schema(enum w_req_tool tool)
{
	if (tool == W_REQ_WFETCH)
		return w_req_schema(fetch_fields, "wfetch request",
		    fetch_required);
	return w_req_schema(extract_fields, "wextract", NULL);
}

const char *
w_format_name(enum w_format f)
{
	return f == W_FMT_TEXT ? "text" : f == W_FMT_RAW ? "raw" :
	    "markdown";
}

static int
choice(const char *const *list, const char *s)
{
	int i;

	for (i = 0; s != NULL && list[i] != NULL; i++)
		if (strcmp(list[i], s) == 0)
			return i;
	return -1;
}

static char *
dup_or_null(jv req, const char *k)
{
	const char *s = w_json_str_peek(req, k);

	return s ? w_strdup(s) : NULL;
}

static int
artifact_name_ok(const char *s)
{
	const char *p;

	if (*s == '.' || *s == '\0')
		return 0;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '.' || *p == '-' ||
		    *p == '_'))
			return 0;
	return 1;
}

/* wfetch's rules beyond the table; usage errors, nothing sent. */
static int
fetch_rules(const struct w_request *r, struct w_err *e)
{
	struct w_url u;
	int rc = 0;

	if (r->format == W_FMT_RAW && r->render != W_RENDER_DEFAULT &&
	    r->render != W_RENDER_NEVER)
		return w_err_set(e, W_E_INVALID_PARAMETER,
		    "format raw requires render never");
	if (r->artifact && !artifact_name_ok(r->artifact))
		return w_err_set(e, W_E_INVALID_PARAMETER, "artifact must be a "
		    "plain file name (letters, digits, . - _)");
	if (w_http_check_headers(r->headers, e) == -1)
		return -1;
	if (w_url_parse(r->url, &u, e) == -1)
		return -1;
	if (strcmp(u.scheme, "http") != 0 && strcmp(u.scheme, "https") != 0)
		rc = w_err_set(e, W_E_INVALID_PARAMETER,
		    "url must be http:// or https://");
	else if (u.has_userinfo)
		rc = w_err_set(e, W_E_INVALID_PARAMETER,
		    "credentials in the URL are not allowed");
	w_url_free(&u);
	return rc;
}

int
w_request_decode(enum w_req_tool tool, jv req, struct w_request *r,
    struct w_err *e)
{
	jv h;
	int rc;

	memset(r, 0, sizeof(*r));
	r->tool = tool;
	r->headers = jv_object();
	if (w_req_validate_peek(w_request_fields(tool), req,
	    tool == W_REQ_WFETCH ? fetch_required : NULL, e) == -1)
		return -1;
	r->url = dup_or_null(req, "url");
	rc = choice(formats, w_json_str_peek(req, "format"));
	r->format = rc == 1 ? W_FMT_TEXT : rc == 2 ? W_FMT_RAW :
	    W_FMT_MARKDOWN;
	r->render = (enum w_render)(choice(renders,
	    w_json_str_peek(req, "render")) + 1);
	r->include_links = w_json_bool_peek(req, "include_links", 0);
	rc = choice(page_types, w_json_str_peek(req, "page_type"));
	r->page_type = rc > 0 ? rc : 0;
	r->view.focus = dup_or_null(req, "focus");
	if (r->view.focus != NULL && *r->view.focus == '\0') {
		free((char *)r->view.focus);
		r->view.focus = NULL;
	}
	r->view.start_line = w_json_int_peek(req, "start_line", 0);
	r->view.max_lines = w_json_int_peek(req, "max_lines", 0);
	r->view.max_output_chars = w_json_int_peek(req, "max_output_chars",
	    0);
	r->view.offset = w_json_int_peek(req, "offset", 0);
	r->view.max_chars = w_json_int_peek(req, "max_chars", 0);
	h = w_json_get(jv_copy(req), "headers");
	if (jv_get_kind(h) == JV_KIND_OBJECT) {
		jv_free(r->headers);
		r->headers = h;
	} else
		jv_free(h);
	r->artifact = dup_or_null(req, "artifact");
	r->file = dup_or_null(req, "file");
	r->content_type = dup_or_null(req, "content_type");
	r->charset = dup_or_null(req, "charset");
	r->http_status = (int)w_json_int_peek(req, "http_status", 0);
	if (r->view.offset > 0 && (r->view.start_line > 0 ||
	    r->view.max_lines > 0)) {
		e->usage = 1;
		return w_err_set(e, W_E_INVALID_PARAMETER, "offset pages by "
		    "characters and cannot be combined with start_line or "
		    "max_lines");
	}
	if (tool == W_REQ_WFETCH && fetch_rules(r, e) == -1) {
		e->usage = 1;
		return -1;
	}
	return 0;
}

void
w_request_msg_as_options(enum w_req_tool tool, struct w_err *e)
{
	static const char *const renames[] = { "headers", "header", NULL };

	w_req_msg_as_options(w_request_fields(tool), renames, "url", e);
}

void
w_request_free(struct w_request *r)
{
	free(r->url);
	free((char *)r->view.focus);
	jv_free(r->headers);
	free(r->artifact);
	free(r->file);
	free(r->content_type);
	free(r->charset);
	memset(r, 0, sizeof(*r));
	r->headers = jv_null();
}

static jv
set_str(jv o, const char *k, const char *v)
{
	return v ? jv_object_set(o, jv_string(k), jv_string(v)) : o;
}

jv
w_request_args(const struct w_request *r)
{
	jv a = set_str(jv_object(), "url", r->url);

	if (r->tool == W_REQ_WEXTRACT) {
		a = set_str(a, "file", r->file);
		a = set_str(a, "content_type", r->content_type);
		a = set_str(a, "charset", r->charset);
		if (r->http_status > 0)
			a = jv_object_set(a, jv_string("http_status"),
			    jv_number(r->http_status));
	}
	if (r->format != W_FMT_MARKDOWN)
		a = set_str(a, "format", w_format_name(r->format));
	a = set_str(a, "focus", r->view.focus);
	if (r->page_type > 0)
		a = set_str(a, "page_type", page_types[r->page_type]);
	if (r->include_links)
		a = jv_object_set(a, jv_string("include_links"), jv_true());
	if (jv_get_kind(r->headers) == JV_KIND_OBJECT &&
	    jv_object_length(jv_copy(r->headers)) > 0)
		a = jv_object_set(a, jv_string("headers"), jv_copy(r->headers));
	return a;
}

jv
w_view_untrusted(void)
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

static const char *const meta_keys[][2] = {
	{ "title", "title" },
	{ "byline", "byline" },
	{ "published", "published" },
	{ "site_name", "site_name" },
	{ "language", "language" },
	{ "description", "description" },
	{ "canonical", "canonical_url" },
	{ NULL, NULL }
};

static jv
source_from_doc(jv src, const struct w_doc *d)
{
	int i;

	if (*d->mime)
		src = jv_object_set(src, jv_string("content_type"),
		    jv_string(d->mime));
	if (*d->charset)
		src = jv_object_set(src, jv_string("charset"),
		    jv_string(d->charset));
	if (jv_get_kind(d->meta) != JV_KIND_OBJECT)
		return src;
	for (i = 0; meta_keys[i][0] != NULL; i++) {
		jv v = w_json_get(jv_copy(d->meta),
		    meta_keys[i][0]);

		if (jv_get_kind(v) == JV_KIND_STRING &&
		    jv_string_length_bytes(jv_copy(v)) > 0)
			src = jv_object_set(src, jv_string(meta_keys[i][1]), v);
		else
			jv_free(v);
	}
	return src;
}

static jv
merge(jv into, jv from)
{
	if (jv_get_kind(from) != JV_KIND_OBJECT) {
		jv_free(from);
		return into;
	}
	jv_object_foreach(from, k, v)
		into = jv_object_set(into, k, v);
	jv_free(from);
	return into;
}

static jv
continuation(const struct w_slice *s, const struct w_slice_opts *o,
    const char *tool, jv base)
{
	jv args = base, act;

	if (s->next_line > 0) {
		args = jv_object_set(args, jv_string("start_line"),
		    jv_number(s->next_line));
		args = jv_object_set(args, jv_string("max_lines"),
		    jv_number(o->max_lines > 0 ? o->max_lines :
		    W_SLICE_LINES_DEFAULT));
	} else if (s->next_offset >= 0)
		args = jv_object_set(args, jv_string("offset"),
		    jv_number((double)s->next_offset));
	else {
		jv_free(args);
		return jv_invalid();
	}
	if (o->max_chars > 0)
		args = jv_object_set(args, jv_string("max_chars"),
		    jv_number(o->max_chars));
	if (o->max_output_chars > 0)
		args = jv_object_set(args, jv_string("max_output_chars"),
		    jv_number(o->max_output_chars));
	act = jv_object_set(jv_object(), jv_string("tool"), jv_string(tool));
	act = jv_object_set(act, jv_string("arguments"), args);
	return jv_object_set(act, jv_string("reason"),
	    jv_string("continue reading where this view stopped"));
}

static jv
links_view(jv env, jv cov, const struct w_doc *d, int want)
{
	const char *why = NULL;

	if (!want)
		return jv_object_set(env, jv_string("coverage"), cov);
	if (jv_get_kind(d->links) == JV_KIND_ARRAY) {
		env = jv_object_set(env, jv_string("links"),
		    jv_copy(d->links));
		cov = jv_object_set(cov, jv_string("links"),
		    jv_object_set(jv_object(), jv_string("available"),
		    jv_true()));
	} else {
		why = jv_get_kind(d->coverage) == JV_KIND_OBJECT &&
		    w_json_bool_peek(d->coverage, "rendered", 0) ?
		    "links are only listed from static HTML, not from a "
		    "rendered page" : strcmp(d->kind, "html") == 0 ?
		    "links were not extracted" :
		    "links are only listed for HTML documents";
		cov = jv_object_set(cov, jv_string("links"),
		    jv_object_set(jv_object_set(jv_object(),
		    jv_string("available"), jv_false()), jv_string("reason"),
		    jv_string(why)));
	}
	return jv_object_set(env, jv_string("coverage"), cov);
}

jv
w_view_apply(jv env, const struct w_doc *d, const struct w_request *r,
    int whole, struct w_err *e)
{
	struct w_slice_opts o;
	struct w_slice s;
	jv src, cov, act;
	int rc;

	src = w_json_get(jv_copy(env), "source");
	if (jv_get_kind(src) != JV_KIND_OBJECT) {
		jv_free(src);
		src = jv_object();
	}
	env = jv_object_set(env, jv_string("source"), source_from_doc(src, d));
	o = r->view;
	o.whole = whole;
	rc = w_slice_apply(d->text ? d->text : "", d->len, &o, &s, e);
	cov = w_json_get(jv_copy(env), "coverage");
	if (jv_get_kind(cov) != JV_KIND_OBJECT) {
		jv_free(cov);
		cov = jv_object();
	}
	cov = merge(cov, jv_copy(d->coverage));
	cov = jv_object_set(cov, jv_string("content_kind"),
	    jv_string(d->kind));
	cov = jv_object_set(cov, jv_string("replacement_chars"),
	    jv_number((double)d->replacements));
	cov = merge(cov, jv_copy(s.coverage));
	env = links_view(env, cov, d, r->include_links);
	if (rc == -1) {
		w_slice_free(&s);
		return w_env_error(env, e);
	}
	if (s.content)
		env = jv_object_set(env, jv_string("content"),
		    jv_string(s.content));
	/* An encoded body cut short (coverage.truncated_body) is partial
	 * whatever the slice says. */
	if (s.partial || w_json_bool_peek(d->coverage, "truncated_body", 0))
		env = w_env_status(env, W_ST_PARTIAL);
	/* a document read from stdin cannot be read again: no action */
	act = r->tool == W_REQ_WEXTRACT && r->file == NULL ? jv_invalid() :
	    continuation(&s, &o, r->tool == W_REQ_WFETCH ? "wfetch" :
	    "wextract", w_request_args(r));
	if (jv_is_valid(act))
		env = jv_object_set(env, jv_string("next_actions"),
		    jv_array_append(jv_array(), act));
	else
		jv_free(act);
	w_slice_free(&s);
	return env;
}

jv
w_view_meta(jv env, const struct w_doc *d)
{
	jv src = w_json_get(jv_copy(env), "source");

	if (jv_get_kind(src) != JV_KIND_OBJECT) {
		jv_free(src);
		src = jv_object();
	}
	return jv_object_set(env, jv_string("source"), source_from_doc(src,
	    d));
}

jv
w_view_decoded(jv env, const struct w_doc *d)
{
	jv src, cov;

	if (d->charset[0] == '\0')
		return env;
	src = w_json_get(jv_copy(env), "source");
	if (jv_get_kind(src) != JV_KIND_OBJECT) {
		jv_free(src);
		src = jv_object();
	}
	env = jv_object_set(env, jv_string("source"), jv_object_set(src,
	    jv_string("charset"), jv_string(d->charset)));
	cov = w_json_get(jv_copy(env), "coverage");
	if (jv_get_kind(cov) != JV_KIND_OBJECT) {
		jv_free(cov);
		cov = jv_object();
	}
	return jv_object_set(env, jv_string("coverage"), jv_object_set(cov,
	    jv_string("replacement_chars"),
	    jv_number((double)d->replacements)));
}
