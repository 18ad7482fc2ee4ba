/*
 * view.c: turn an extracted document and a request into the envelope
 * fields wfetch and wextract share.
 */
#include <string.h>

#include "json.h"
#include "slice.h"
#include "view.h"

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
	jv args = jv_copy(base), act;

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
		why = strcmp(d->kind, "html") == 0 ?
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
w_view_apply(jv env, const struct w_doc *d, jv req, const char *tool,
    jv base_args, int whole, struct w_err *e)
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
	w_slice_opts_from_req(&o, req);
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
	env = links_view(env, cov, d,
	    w_json_bool_peek(req, "include_links", 0));
	if (rc == -1) {
		w_slice_free(&s);
		jv_free(base_args);
		return w_env_error(env, e);
	}
	if (s.content)
		env = jv_object_set(env, jv_string("content"),
		    jv_string(s.content));
	/* An encoded body cut short (coverage.truncated_body) is partial
	 * whatever the slice says. */
	if (s.partial || w_json_bool_peek(d->coverage, "truncated_body", 0))
		env = w_env_status(env, W_ST_PARTIAL);
	act = continuation(&s, &o, tool, base_args);
	if (jv_is_valid(act))
		env = jv_object_set(env, jv_string("next_actions"),
		    jv_array_append(jv_array(), act));
	else
		jv_free(act);
	w_slice_free(&s);
	jv_free(base_args);
	return env;
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
