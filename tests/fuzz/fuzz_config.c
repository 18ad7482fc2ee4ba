/*
 * fuzz_config.c: the config file (WEB_CONFIG): loading, the network
 * policy it carries, and every search provider's validation of its keys.
 */
#include <stdio.h>
#include <stdlib.h>

#include "config.h"
#include "fuzz.h"
#include "provider.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "searxng", "ollama",
	    "duckduckgo", "startpage", "local", "parallel", "codex" };
	static char path[256];
	const struct w_provider *p;
	struct w_config c;
	struct w_err e;
	void *st;
	size_t i;

	if (path[0] == '\0') {
		snprintf(path, sizeof(path), "%s/config.json", fuzz_dir());
		setenv("WEB_CONFIG", path, 1);
	}
	if (fuzz_write(fuzz_dir(), "config.json", data, size) == -1)
		return 0;
	w_err_clear(&e);
	if (w_config_load(&c, &e) == -1) {
		if (e.code == W_E_NONE)
			abort();
		return 0;
	}
	(void)w_config_int(&c, "search.maxRequestsPerRun", 4);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if ((p = w_search_provider(names[i])) == NULL ||
		    p->configure == NULL)
			continue;
		st = NULL;
		w_err_clear(&e);
		if (p->configure(&c, 1, &st, &e) == 0 && p->release != NULL)
			p->release(st);
	}
	w_config_free(&c);
	return 0;
}
