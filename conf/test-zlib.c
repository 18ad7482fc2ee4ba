#include <zlib.h>

int
main(void)
{
	z_stream z = { 0 };

	return inflateInit2(&z, 15 + 16) == Z_OK ? inflateEnd(&z) : 1;
}
