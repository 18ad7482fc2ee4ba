/* configure probe: hiredis (0.14 API subset; 1.x builds too). */
#include <hiredis/hiredis.h>

int
main(void)
{
	struct timeval tv = { 0, 1000 };
	redisContext *c = redisConnectWithTimeout("127.0.0.1", 1, tv);

	if (c != NULL)
		redisFree(c);
	return 0;
}
