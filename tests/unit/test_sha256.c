/* test_sha256.c: SHA-256 against the FIPS 180-2 appendix B vectors. */
#include <stdlib.h>

#include "t.h"
#include "sha256.h"

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
	w_sha256_tohex(d, sizeof(d), out);
	CHECK_STR(out, "cdc76e5c9914fb9281a1c7e284d73e67"
	    "f1809a48a497200e046d39ccc7112cd0");
	w_sha256_hex("", 0, out);
	CHECK_STR(out, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855");
	/* 55, 56 and 64 bytes straddle the padding boundary (digests
	 * from Python's hashlib). */
	w_sha256_hex(a, 55, out);
	CHECK_STR(out, "9f4390f8d30c2dd92ec9f095b65e2b9a"
	    "e9b0a925a5258e241c9f1e910f734318");
	w_sha256_hex(a, 56, out);
	CHECK_STR(out, "b35439a4ac6f0948b6d6f9e3c6af0f5f"
	    "590ce20f1bde7090ef7970686ec6738a");
	w_sha256_hex(a, 64, out);
	CHECK_STR(out, "ffe054fe7ae0cb6dc65c3af9b61d5209"
	    "f439851db43d0ba5997337df154668eb");
	w_sha256_tohex((const unsigned char *)"\x00\x7f\xa5\xff", 4, out);
	CHECK_STR(out, "007fa5ff");
	T_DONE();
}
