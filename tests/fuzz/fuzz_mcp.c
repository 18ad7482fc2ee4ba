/*
 * fuzz_mcp.c: MCP framing as the client reads an answer: an SSE event
 * stream or a JSON body (first byte), the message matching the request
 * id, its result or error, the tool's text, and the Parallel result shape
 * carried in that text.
 */
#include <stdlib.h>
#include <string.h>

#include "parallel_mcp.h"
#include "fuzz.h"
#include "json.h"
#include "mcp.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s;
	struct w_err e;
	jv msgs, msg, res, text, out, errs, v, id;

	if (size < 1)
		return 0;
	s = (const char *)data + 1;
	size--;
	w_err_clear(&e);
	if (data[0] & 1) {
		if (w_mcp_sse_parse(s, size, &msgs, &e) == -1) {
			if (e.code == W_E_NONE)
				abort();
			jv_free(msgs);
			return 0;
		}
	} else {
		v = w_json_parse(s, size);
		if (!jv_is_valid(v)) {
			jv_free(v);
			return 0;
		}
		msgs = jv_get_kind(v) == JV_KIND_ARRAY ? v :
		    jv_array_append(jv_array(), v);
	}
	id = (data[0] & 2) ? jv_number(1) : jv_string("1");
	msg = w_mcp_match(msgs, id);
	jv_free(id);
	jv_free(msgs);
	if (!jv_is_valid(msg)) {
		jv_free(msg);
		return 0;
	}
	w_err_clear(&e);
	if (w_mcp_result(msg, "tools/call", &res, &e) == 0) {
		text = w_mcp_text(res);
		w_err_clear(&e);
		if (w_parallel_parse(jv_string_value(text),
		    (size_t)jv_string_length_bytes(jv_copy(text)), &out, &errs,
		    &e) == 0) {
			v = w_parallel_search_results(out);
			jv_free(v);
		}
		jv_free(out);
		jv_free(errs);
		jv_free(text);
		jv_free(res);
	} else if (e.code == W_E_NONE)
		abort();
	jv_free(msg);
	return 0;
}
