/*
 * fuzz_url.c: URL parsing, formatting and resolution, and the policy's
 * address parser. The input is "base\nreference"; without a newline it
 * is one URL (and an address).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "policy.h"
#include "url.h"

static void
stable(const char *f)
{
	struct w_url u;
	struct w_err e;
	char *g;

	if (w_url_parse(f, &u, &e) == -1)
		abort();
	g = w_url_format(&u, 0);
	if (strcmp(f, g) != 0)
		abort();
	free(g);
	w_url_free(&u);
}

static void
one(const char *s)
{
	struct w_url u;
	struct w_err e;
	char *f;

	memset(&u, 0, sizeof(u));
	w_err_clear(&e);
	if (w_url_parse(s, &u, &e) == 0) {
		if (u.scheme == NULL || u.host == NULL || u.path == NULL ||
		    u.path[0] == '\0')
			abort();
		/* the canonical form parses back to itself */
		f = w_url_format(&u, 0);
		stable(f);
		free(f);
		if ((f = w_url_format(&u, 1)) != NULL)
			free(f);
		if ((f = w_url_origin(&u)) != NULL)
			free(f);
		w_url_free(&u);
	} else if (e.code == W_E_NONE)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char addr[16];
	struct w_err e;
	char *s, *nl, *r;
	int fam;

	if (size > 4 * W_URL_MAX)
		return 0;
	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if ((nl = strchr(s, '\n')) != NULL) {
		*nl = '\0';
		one(s);
		one(nl + 1);
		w_err_clear(&e);
		if ((r = w_url_resolve_host(s, nl + 1, &e)) != NULL) {
			if (e.code != W_E_NONE)
				abort();
			one(r);
			free(r);
		}
	} else {
		one(s);
		(void)w_addr_parse(s, &fam, addr);
	}
	free(s);
	return 0;
}
