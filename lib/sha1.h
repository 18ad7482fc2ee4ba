/*
 * sha1.h: SHA-1 (FIPS 180-4), only to name Lua scripts the way Redis
 * does (EVALSHA takes the script's SHA-1), so a process can call a
 * script without loading it first. Not for anything secret.
 */
#ifndef W_SHA1_H
#define W_SHA1_H

#include <stddef.h>

/* Digest of n bytes of data as 40 lowercase hex digits + NUL. */
void	 w_sha1_hex(const void *data, size_t n, char out[41]);

#endif
