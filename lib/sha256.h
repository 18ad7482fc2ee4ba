/*
 * sha256.h: SHA-256 (FIPS 180-4) for hashed keys: backend scopes in the
 * host state, cache keys, the run's session identity.
 */
#ifndef W_SHA256_H
#define W_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct w_sha256 {
	uint32_t	 h[8];
	uint64_t	 nbytes;
	unsigned char	 blk[64];
	size_t		 nblk;
};

/* Start a digest in s (no allocation; nothing to free). */
void	 w_sha256_init(struct w_sha256 *s);
/* Add n bytes of data. */
void	 w_sha256_update(struct w_sha256 *s, const void *data, size_t n);
/* Finish into out[32]; s must be re-initialised before reuse. */
void	 w_sha256_final(struct w_sha256 *s, unsigned char out[32]);

/* n bytes of d as 2n lowercase hex digits + NUL into out. */
void	 w_sha256_tohex(const unsigned char *d, size_t n, char *out);

/* One-shot digest of n bytes as 64 lowercase hex digits + NUL. */
void	 w_sha256_hex(const void *data, size_t n, char out[65]);

#endif
