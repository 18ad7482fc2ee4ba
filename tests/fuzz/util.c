/*
 * util.c: scratch files for the targets that read state, run and
 * config files (fuzz.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

static char	dir[64];

static void
cleanup(void)
{
	char cmd[128];

	if (dir[0] == '\0')
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		return;
}

const char *
fuzz_dir(void)
{
	const char *t = getenv("TMPDIR");

	if (dir[0] != '\0')
		return dir;
	snprintf(dir, sizeof(dir), "%s/wtfuzz.XXXXXX",
	    t != NULL && *t == '/' && strlen(t) < 40 ? t : "/tmp");
	if (mkdtemp(dir) == NULL)
		abort();
	atexit(cleanup);
	return dir;
}

int
fuzz_write(const char *d, const char *name, const uint8_t *data, size_t size)
{
	char path[256];
	size_t off = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", d, name);
	unlink(path);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600)) == -1)
		return -1;
	while (off < size) {
		if ((n = write(fd, data + off, size - off)) <= 0) {
			close(fd);
			return -1;
		}
		off += (size_t)n;
	}
	return close(fd);
}
