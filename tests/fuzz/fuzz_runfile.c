/*
 * fuzz_runfile.c: the run file reader (WEB_RUN_FILE): opening a run whose
 * file holds arbitrary bytes, then showing and reserving from it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz.h"
#include "json.h"
#include "run.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[256];
	struct w_run *r;
	struct w_err e;
	jv v;
	int fd;

	if (path[0] == '\0') {
		snprintf(path, sizeof(path), "%s/run.lock", fuzz_dir());
		if ((fd = open(path, O_WRONLY | O_CREAT, 0600)) == -1)
			abort();
		close(fd);
		snprintf(path, sizeof(path), "%s/run.json", fuzz_dir());
		setenv("WEB_RUN_FILE", path, 1);
	}
	if (fuzz_write(fuzz_dir(), "run.json", data, size) == -1)
		return 0;
	w_err_clear(&e);
	if (w_run_open(&r, 4, &e) == -1) {
		if (e.code == W_E_NONE)
			abort();
		return 0;
	}
	v = w_run_show(r);
	jv_free(v);
	v = w_run_budget(r);
	jv_free(v);
	(void)w_run_is_deferred(r, "searxng");
	w_err_clear(&e);
	if (w_run_reserve(r, &e) == 0) {
		w_err_clear(&e);
		if (w_run_dispatch(r, &e) == 0)
			w_run_settle(r, 1);
	}
	w_run_close(r);
	return 0;
}
