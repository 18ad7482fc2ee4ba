/*
 * fuzz_mcpserver.c: web-control mcp's stdin (JSON-RPC lines) through
 * w_mcps_serve to EOF. The config's network mode is "none", so a
 * tools/call can send nothing; run the fuzzer under unshare -rn anyway.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "config.h"
#include "fuzz.h"
#include "mcpserver.h"

static const uint8_t	cfg[] = "{\"network\":{\"mode\":\"none\"}}";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct w_config c;
	static int loaded;
	static char path[256];
	struct w_mcps_opts o;
	struct w_err e;
	FILE *out;
	int fd;

	if (!loaded) {
		setenv("XDG_STATE_HOME", fuzz_dir(), 1);
		setenv("XDG_CACHE_HOME", fuzz_dir(), 1);
		unsetenv("WEB_RUN_FILE");
		if (fuzz_write(fuzz_dir(), "mcps.json", cfg, sizeof(cfg) - 1))
			abort();
		snprintf(path, sizeof(path), "%s/mcps.json", fuzz_dir());
		setenv("WEB_CONFIG", path, 1);
		w_err_clear(&e);
		if (w_config_load(&c, &e) == -1)
			abort();
		snprintf(path, sizeof(path), "%s/mcps.in", fuzz_dir());
		loaded = 1;
	}
	if (fuzz_write(fuzz_dir(), "mcps.in", data, size) == -1)
		return 0;
	if ((fd = open(path, O_RDONLY)) == -1)
		return 0;
	if ((out = fopen("/dev/null", "w")) == NULL) {
		close(fd);
		return 0;
	}
	o.config = &c;
	o.allow_files = NULL;
	o.max_requests = 4;
	(void)w_mcps_serve(fd, out, &o);
	fclose(out);
	close(fd);
	return 0;
}
