/*
 * fuzz.h: shared bits of the libFuzzer targets (tests/fuzz/fuzz_*.c).
 * Each target defines LLVMFuzzerTestOneInput; clang's -fsanitize=fuzzer
 * supplies main(), else tests/fuzz/smoke.c feeds it seed files.
 */
#ifndef W_FUZZ_H
#define W_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A private scratch directory (mode 0700) for targets that read files;
 * made once per process, its path stays valid until exit. */
const char *fuzz_dir(void);

/* Write data to dir/name with mode 0600, replacing it; -1 on failure. */
int	fuzz_write(const char *dir, const char *name, const uint8_t *data,
	    size_t size);

#endif
