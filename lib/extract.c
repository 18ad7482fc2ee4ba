/*
 * extract.c: one document (bytes in hand) into a wextract envelope, for
 * wextract and the MCP server's web_extract tool. No network.
 */
#include <stdio.h>
#include <string.h>

#include "doc.h"
#include "extract.h"
#include "json.h"
#include "view.h"

static const char *prog = "wextract";

jv
w_extract_failed(jv env, const struct w_err *e, const char *what)
{
	jv src = w_json_get(jv_copy(env), "source");
	char sum[700];

	if (jv_get_kind(src) == JV_KIND_OBJECT)
		env = w_json_set(env, "source", w_json_set(src, "status",
		    jv_string(w_source_status_name(
		    w_err_source_status(e->code)))));
	else
		jv_free(src);
	snprintf(sum, sizeof(sum), "%s failed (%s): %s", what,
	    w_err_name(e->code), e->msg);
	return w_env_error(w_json_set(env, "summary", jv_string(sum)), e);
}

jv
w_extract_run(const struct w_request *r, const char *bytes, size_t len,
    const char *file, int whole)
{
	return w_extract_take(r, bytes, NULL, len, file, whole);
}

jv
w_extract_take(const struct w_request *r, const char *bytes, char **steal,
    size_t len, const char *file, int whole)
{
	struct w_doc_in in;
	struct w_doc_opts o;
	struct w_doc d;
	struct w_err e;
	jv env = w_json_set(w_env_new(prog), "untrusted_fields",
	    w_view_untrusted());
	jv src;
	char sum[700];

	memset(&in, 0, sizeof(in));
	in.bytes = bytes;
	in.len = len;
	in.steal = steal;
	in.url = r->url;
	in.content_type = r->content_type;
	in.charset = r->charset;
	in.http_status = r->http_status;
	in.headers = jv_null();
	memset(&o, 0, sizeof(o));
	o.format = r->format;
	o.include_links = r->include_links;
	o.page_type = r->page_type;
	src = w_json_set(jv_object(), "representation",
	    jv_string("page_extract"));
	if (file != NULL)
		src = w_json_set(src, "file", jv_string(file));
	if (in.url != NULL)
		src = w_json_set(src, "url", jv_string(in.url));
	if (in.http_status > 0)
		src = w_json_set(src, "http_status", jv_number(in.http_status));
	env = w_json_set(env, "source", w_json_set(src, "status",
	    jv_string("opened")));
	w_doc_init(&d);
	w_err_clear(&e);
	if (w_doc_extract(&in, &o, &d, &e) == -1) {
		src = w_json_get(jv_copy(env), "source");
		if (*d.mime)
			src = w_json_set(src, "content_type",
			    jv_string(d.mime));
		env = w_json_set(env, "source", src);
		env = w_json_set(env, "coverage",
		    w_json_set(jv_copy(d.coverage),
		    "content_kind", jv_string(d.kind)));
		env = w_view_decoded(env, &d);
		env = w_view_meta(env, &d);
		w_doc_free(&d);
		return w_extract_failed(env, &e, "extraction");
	}
	env = w_view_apply(env, &d, r, whole, &e);
	snprintf(sum, sizeof(sum), "Extracted %s from %s (%s, %zu bytes): %s",
	    d.kind, file ? file : "stdin", *d.mime ? d.mime : "unknown type",
	    len, w_status_name(w_env_status_peek(env)));
	if (e.code != W_E_NONE)
		snprintf(sum, sizeof(sum), "No block of the document matches "
		    "the focus.");
	w_doc_free(&d);
	return w_json_set(env, "summary", jv_string(sum));
}
