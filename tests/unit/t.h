/*
 * t.h: a tiny unit-test harness. Each CHECK counts; main ends with
 * T_DONE(), which prints "name: N passed, N failed" for tests/run-all.sh.
 */
#ifndef T_H
#define T_H

#include <stdio.h>
#include <string.h>

#include "buf.h"

static int t_pass, t_fail;

#define CHECK(cond) do {						\
	if (cond)							\
		t_pass++;						\
	else {								\
		t_fail++;						\
		fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__,	\
		    #cond);						\
	}								\
} while (0)

#define CHECK_STR(got, want) do {					\
	const char *g_ = (got), *w_ = (want);				\
	if (g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0)		\
		t_pass++;						\
	else {								\
		t_fail++;						\
		fprintf(stderr, "FAIL %s:%d: %s: got \"%s\", want \"%s\"\n",\
		    __FILE__, __LINE__, #got, g_ ? g_ : "(null)",	\
		    w_ ? w_ : "(null)");				\
	}								\
} while (0)

#define CHECK_INT(got, want) do {					\
	long long g_ = (long long)(got), w_ = (long long)(want);	\
	if (g_ == w_)							\
		t_pass++;						\
	else {								\
		t_fail++;						\
		fprintf(stderr, "FAIL %s:%d: %s: got %lld, want %lld\n",\
		    __FILE__, __LINE__, #got, g_, w_);			\
	}								\
} while (0)

/* The bytes of the file at path (at most max, NUL-terminated, length
 * in *len when len is not NULL); NULL when it cannot be opened. */
static inline char *
t_slurp(const char *path, size_t *len, size_t max)
{
	struct w_buf b;
	char tmp[8192];
	size_t n;
	FILE *fp;

	if ((fp = fopen(path, "rb")) == NULL)
		return NULL;
	w_buf_init(&b, max);
	while ((n = fread(tmp, 1, sizeof(tmp), fp)) > 0)
		w_buf_add(&b, tmp, n);
	fclose(fp);
	if (len != NULL)
		*len = b.len;
	return w_buf_take(&b);
}

#define T_DONE() do {							\
	printf("%s: %d passed, %d failed\n", __FILE__, t_pass, t_fail);	\
	return t_fail != 0;						\
} while (0)

#endif
