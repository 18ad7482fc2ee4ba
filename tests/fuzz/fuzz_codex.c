/*
 * fuzz_codex.c: codex app-server JSON-RPC lines as the client reads them:
 * each line decoded (w_codex_line), and the results of any webSearch item
 * a message carries (params.item).
 */
#include <stdlib.h>
#include <string.h>

#include "codex_rpc.h"
#include "fuzz.h"
#include "json.h"
#include "provider.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *nl;
	struct w_err e;
	jv msg, params, item, out;
	int rc;

	while (s < end) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		w_err_clear(&e);
		rc = w_codex_line(s, (size_t)(nl - s), &msg, &e);
		if (rc == -1 && e.code == W_E_NONE)
			abort();
		if (rc == 0) {
			params = w_json_get(jv_copy(msg), "params");
			item = w_json_get(params, "item");
			out = w_codex_item_results(item);
			if (jv_get_kind(out) != JV_KIND_ARRAY)
				abort();
			jv_free(out);
			jv_free(item);
		}
		jv_free(msg);
		s = nl + 1;
	}
	return 0;
}
