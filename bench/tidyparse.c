/*
 * tidyparse.c: the floor for bench/extract.sh: parse every file named
 * on the command line with tidy-html5 (the options lib/html_dom.c
 * uses) in one process, and print pages/s on stdout.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int
parse(const char *path)
{
	TidyBuffer in, err;
	TidyDoc td;
	FILE *fp;
	char *buf;
	long n;

	if ((fp = fopen(path, "rb")) == NULL)
		return -1;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	if (n < 0 || (buf = malloc((size_t)n + 1)) == NULL) {
		fclose(fp);
		return -1;
	}
	n = (long)fread(buf, 1, (size_t)n, fp);
	fclose(fp);
	td = tidyCreate();
	tidyBufInit(&err);
	tidySetErrorBuffer(td, &err);
	tidyOptSetBool(td, TidyQuiet, yes);
	tidyOptSetBool(td, TidyShowWarnings, no);
	tidyOptSetInt(td, TidyShowErrors, 0);
	tidyOptSetBool(td, TidyDropEmptyElems, no);
	tidyOptSetBool(td, TidyDropPropAttrs, no);
	tidyOptSetBool(td, TidyForceOutput, yes);
	tidyOptSetInt(td, TidyUseCustomTags, TidyCustomBlocklevel);
	tidyOptSetValue(td, TidyDoctype, "omit");
	tidySetInCharEncoding(td, "utf8");
	tidyBufInit(&in);
	tidyBufAttach(&in, (byte *)buf, (unsigned)n);
	tidyParseBuffer(td, &in);
	tidyBufDetach(&in);
	tidyBufFree(&err);
	tidyRelease(td);
	free(buf);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct timespec a, b;
	double s;
	int i, n = 0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 1; i < argc; i++)
		if (parse(argv[i]) == 0)
			n++;
	clock_gettime(CLOCK_MONOTONIC, &b);
	s = (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
	printf("%d %.3f %.2f\n", n, s, s > 0 ? n / s : 0);
	return 0;
}
