#include <brotli/decode.h>

int
main(void)
{
	BrotliDecoderState *s = BrotliDecoderCreateInstance(0, 0, 0);

	BrotliDecoderDestroyInstance(s);
	return s == 0;
}
