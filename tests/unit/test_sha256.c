/* test_sha256.c: SHA-256 against the FIPS 180-2 appendix B vectors. */
#include <stdlib.h>

#include "t.h"
#include "sha256.h"

static void
hex(const unsigned char *d, char *out)
{
	static const char hx[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 32; i++) {
		out[2 * i] = hx[d[i] >> 4];
		out[2 * i + 1] = hx[d[i] & 15];
	}
	out[64] = '\0';
}

int
main(void)
{
	const char *two = "abcdbcdecdefdefgefghfghighijhijk"
	    "ijkljklmklmnlmnomnopnopq";
	struct w_sha256 s;
	unsigned char d[32], a[1001];
	char out[65];
	size_t i;

	w_sha256_hex("abc", 3, out);
	CHECK_STR(out, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad");
	w_sha256_hex(two, strlen(two), out);
	CHECK_STR(out, "248d6a61d20638b8e5c026930c3e6039"
	    "a33ce45964ff2167f6ecedd419db06c1");
	/* B.3: one million 'a', fed in uneven pieces. */
	memset(a, 'a', sizeof(a));
	w_sha256_init(&s);
	for (i = 0; i < 1000; i++)
		w_sha256_update(&s, a, i % 2 ? 999 : 1001);
	w_sha256_final(&s, d);
	hex(d, out);
	CHECK_STR(out, "cdc76e5c9914fb9281a1c7e284d73e67"
	    "f1809a48a497200e046d39ccc7112cd0");
	w_sha256_hex("", 0, out);
	CHECK_STR(out, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855");
	/* 55 and 56 bytes straddle the padding boundary. */
	w_sha256_hex(a, 55, out);
	CHECK(strlen(out) == 64);
	w_sha256_hex(a, 56, out);
	CHECK(strlen(out) == 64);
	T_DONE();
}
