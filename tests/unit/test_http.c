/* test_http.c: the pure parts of the HTTP core: the progress line and
 * its redraw rate. */
#include <string.h>

#include "http.h"
#include "t.h"

int
main(void)
{
	char b[160];

	w_http_progress_line(b, sizeof(b), "example.org", 1572864, 3145728,
	    3250);
	CHECK_STR(b, "example.org:  50% 1.5 MiB of 3.0 MiB, 472.6 KiB/s, 3.2s");
	w_http_progress_line(b, sizeof(b), "example.org", 2048, 0, 2000);
	CHECK_STR(b, "example.org: 2.0 KiB, 1.0 KiB/s, 2.0s");
	/* a length that turns out wrong shows no percent */
	w_http_progress_line(b, sizeof(b), "e", 5000, 100, 1000);
	CHECK(strchr(b, '%') == NULL);
	w_http_progress_line(b, sizeof(b), "e", 10, 100, 0);
	CHECK(strstr(b, " 10% 10 B of 100 B") != NULL);
	/* nothing in the first second, then at most 10 redraws a second */
	CHECK(!w_http_progress_due(999, -1));
	CHECK(w_http_progress_due(1000, -1));
	CHECK(!w_http_progress_due(1500, 99));
	CHECK(w_http_progress_due(1500, 100));
	CHECK_INT(W_HTTP_PROGRESS_MS, 100);
	T_DONE();
}
