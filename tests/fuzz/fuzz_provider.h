/*
 * fuzz_provider.h: one search provider's response parser as a
 * target. Define PARSE (a w_*_parse function) before including.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "json.h"
#include "provider.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct w_err e;
	jv out = jv_null();

	w_err_clear(&e);
	if (PARSE((const char *)data, size, &out, &e) == 0) {
		if (jv_get_kind(out) != JV_KIND_ARRAY)
			abort();
		jv_array_foreach(out, i, r) {
			(void)i;
			if (jv_get_kind(r) != JV_KIND_OBJECT ||
			    w_json_str_peek(r, "url") == NULL)
				abort();
			jv_free(r);
		}
	} else if (e.code == W_E_NONE)
		abort();
	jv_free(out);
	EXTRA
	return 0;
}
