/*
 * fuzz_ndjson.c: the stdin request stream (w_input_each) and what each
 * request goes through before anything is sent: wsearch's request
 * validation and wfetch's expansion of envelopes into requests.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fetch.h"
#include "fuzz.h"
#include "input.h"
#include "json.h"
#include "search_int.h"

static int
on_req(struct w_input_item *it, void *arg)
{
	struct req r;
	struct w_err e;
	jv req, reqs, base = jv_object();

	(void)arg;
	req = it->text != NULL ? jv_object_set(jv_object(),
	    jv_string("query"), jv_string(it->text)) : it->json;
	w_err_clear(&e);
	(void)w_search_req_parse(req, &r, &e);
	w_search_req_free(&r);
	reqs = w_fetch_expand(req, base, 3);
	jv_free(reqs);
	jv_free(base);
	return 0;
}

static int
on_bad(const char *msg, long line, void *arg)
{
	(void)line;
	(void)arg;
	if (msg == NULL)
		abort();
	return 2;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *fp;

	if ((fp = tmpfile()) == NULL)
		return 0;
	if (size > 0 && fwrite(data, 1, size, fp) != size) {
		fclose(fp);
		return 0;
	}
	fflush(fp);
	rewind(fp);
	(void)w_input_each(fp, on_req, on_bad, NULL);
	fclose(fp);
	return 0;
}
