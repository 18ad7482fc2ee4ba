/*
 * fuzz_robots.c: robots.txt parsing and matching. The first line is the
 * caller's agent, the second a URL path to match; the rest is the file.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "robots.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size, *nl, *u;
	char agent[128], path[512], tok[W_ROBOTS_TOKEN_MAX + 1];
	char norm[3 * sizeof(path)];
	struct w_robots *r;
	struct w_robots_agent *a;
	struct w_robots_verdict v;
	size_t n, i;
	int line;

	agent[0] = path[0] = '\0';
	if ((nl = memchr(s, '\n', size)) != NULL) {
		n = (size_t)(nl - s) < sizeof(agent) - 1 ?
		    (size_t)(nl - s) : sizeof(agent) - 1;
		memcpy(agent, s, n);
		agent[n] = '\0';
		s = nl + 1;
		if ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
			n = (size_t)(nl - s) < sizeof(path) - 1 ?
			    (size_t)(nl - s) : sizeof(path) - 1;
			memcpy(path, s, n);
			path[n] = '\0';
			s = nl + 1;
		}
	}
	if (agent[0] == '\0')
		strcpy(agent, "webtools");
	(void)w_robots_token_valid(agent);
	(void)w_robots_token(agent, tok, sizeof(tok));
	n = strlen(path);
	(void)w_robots_normalise(path, n, 0, norm);
	(void)w_robots_normalise(path, n, 1, norm);
	if ((r = w_robots_parse(s, (size_t)(end - s))) == NULL)
		return 0;
	(void)w_robots_records(r);
	(void)w_robots_truncated(r);
	for (i = 0; i < w_robots_nsitemaps(r); i++)
		if (w_robots_sitemap(r, i) == NULL)
			abort();
	if ((a = w_robots_agent_new(r, agent)) != NULL) {
		for (i = 0; i < w_robots_agent_nlines(a); i++)
			(void)w_robots_agent_line(a, i, &line);
		(void)w_robots_agent_crawl_delay(a);
		(void)w_robots_agent_global(a);
		(void)w_robots_agent_matched(a);
		u = path[0] == '/' ? path : "/";
		(void)w_robots_match(a, u, &v);
		(void)w_robots_match(a, "/robots.txt", &v);
		w_robots_agent_free(a);
	}
	w_robots_free(r);
	return 0;
}
