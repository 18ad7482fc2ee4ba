/* test_http.c: the pure parts of the HTTP core: the progress line and
 * its redraw rate, how a Location is read, status classes. */
#include <stdlib.h>
#include <string.h>

#include "http.h"
#include "t.h"

int
main(void)
{
	char b[160], *s;
	struct w_http_resp r;
	struct w_err e;

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
	/* a Location: ends trimmed, spaces and controls inside encoded */
	s = w_http_location_escape(" \x01/ok with space\x01\x7f?q=a b \r\n");
	CHECK_STR(s, "/ok%20with%20space%01%7F?q=a%20b");
	free(s);
	s = w_http_location_escape("/a\tb\xc3\xa9");
	CHECK_STR(s, "/a\tb\xc3\xa9");
	free(s);
	s = w_http_location_escape("  ");
	CHECK_STR(s, "");
	free(s);
	/* the schemes a redirect may not go to, named */
	CHECK_STR(w_http_location_scheme("DATA:text/html,x", b, sizeof(b)),
	    "data");
	CHECK_STR(w_http_location_scheme("javascript:alert(1)", b, 5), "java");
	CHECK_STR(w_http_location_scheme("ftp://h/x", b, sizeof(b)), "ftp");
	CHECK(w_http_location_scheme("HTTPS://h/", b, sizeof(b)) == NULL);
	CHECK(w_http_location_scheme("/a:b", b, sizeof(b)) == NULL);
	CHECK(w_http_location_scheme("a b:c", b, sizeof(b)) == NULL);
	CHECK(w_http_location_scheme("nocolon", b, sizeof(b)) == NULL);
	CHECK(w_http_location_scheme("", b, sizeof(b)) == NULL);
	/* a status outside 100-599 is no status (not http_5xx) */
	memset(&r, 0, sizeof(r));
	r.retry_after_ms = -1;
	r.status = 999;
	w_err_clear(&e);
	CHECK_INT(w_http_status_error(&r, &e), -1);
	CHECK_INT(e.code, W_E_REQUEST_FAILED);
	CHECK(strstr(e.msg, "HTTP 999, which is not an HTTP status") != NULL);
	r.status = 599;
	w_err_clear(&e);
	(void)w_http_status_error(&r, &e);
	CHECK_INT(e.code, W_E_HTTP_5XX);
	T_DONE();
}
