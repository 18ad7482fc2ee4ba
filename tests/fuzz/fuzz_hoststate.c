/*
 * fuzz_hoststate.c: the host state reader (state.json under
 * $XDG_STATE_HOME/webtools): status, then an admission and release
 * that rewrite it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "hoststate.h"
#include "json.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char dir[256];
	struct w_host_lease l;
	struct w_err e;
	jv v;

	if (dir[0] == '\0') {
		setenv("XDG_STATE_HOME", fuzz_dir(), 1);
		snprintf(dir, sizeof(dir), "%s/webtools", fuzz_dir());
		(void)mkdir(dir, 0700);
	}
	if (fuzz_write(dir, "state.json", data, size) == -1)
		return 0;
	w_err_clear(&e);
	if (w_host_status(&v, &e) == 0)
		jv_free(v);
	else if (e.code == W_E_NONE)
		abort();
	w_err_clear(&e);
	if (w_host_admit(W_SCOPE_FETCH, "https://example.com", 0, &l,
	    &e) == 0)
		w_host_release(&l, W_HOST_SUCCESS, 0);
	return 0;
}
