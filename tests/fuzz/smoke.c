/*
 * smoke.c: a plain main() for the fuzz targets, built with any C
 * compiler: feeds each file named on the command line (or, for "-l
 * LIST", each file LIST names, one a line, '#' comments, missing ones
 * skipped) to LLVMFuzzerTestOneInput once. make fuzz-smoke runs every
 * target this way so the harnesses never rot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int	nrun;

static int
feed(const char *path)
{
	FILE *fp;
	uint8_t *p = NULL;
	size_t len = 0, cap = 0, n;

	if ((fp = fopen(path, "rb")) == NULL)
		return -1;
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			if ((p = realloc(p, cap)) == NULL)
				abort();
		}
		if ((n = fread(p + len, 1, cap - len, fp)) == 0)
			break;
		len += n;
	}
	fclose(fp);
	LLVMFuzzerTestOneInput(p, len);
	free(p);
	nrun++;
	return 0;
}

static int
list(const char *path)
{
	char line[4096];
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL) {
		fprintf(stderr, "smoke: %s: cannot open\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '\0' || line[0] == '#')
			continue;
		(void)feed(line);	/* a seed outside the tree may be absent */
	}
	fclose(fp);
	return 0;
}

int
main(int argc, char *argv[])
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-l") == 0 && i + 1 < argc) {
			if (list(argv[++i]) == -1)
				return 1;
		} else if (feed(argv[i]) == -1) {
			fprintf(stderr, "smoke: %s: cannot open\n", argv[i]);
			return 1;
		}
	}
	printf("%s: %d inputs\n", argv[0], nrun);
	return nrun > 0 ? 0 : 1;
}
