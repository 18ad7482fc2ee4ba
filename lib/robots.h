/*
 * robots.h: the RFC 9309 robots.txt matcher. Pure: a robots.txt body is
 * parsed once into a compact structure, the groups that apply to one
 * product token are selected once, and any number of URLs are then
 * matched against them. No I/O; fetching and caching sit beside it in
 * robots_fetch.h.
 */
#ifndef W_ROBOTS_H
#define W_ROBOTS_H

#include <stddef.h>

/* Bytes of a robots.txt that are parsed (RFC 9309 section 2.5 asks for
 * at least 500 KiB); the rest is ignored. */
#define W_ROBOTS_PARSE_MAX	(512u << 10)

/* Longest product token kept (RFC 9309 tokens are [A-Za-z_-]+). */
#define W_ROBOTS_TOKEN_MAX	64

/* A parsed robots.txt (opaque). */
struct w_robots;

/* The merged groups of one robots.txt that apply to one agent (opaque). */
struct w_robots_agent;

/* What one URL matched. */
struct w_robots_verdict {
	int		 allowed;
	int		 allow_rule;	/* the rule matched is an allow */
	int		 line;		/* 1-based line of the rule, 0: none */
	const char	*pattern;	/* as written (trimmed), NUL-terminated,
					   borrowed from the w_robots; NULL
					   when no rule matched */
	int		 implicit;	/* /robots.txt, implicitly allowed */
};

/*
 * Parse len bytes of a robots.txt (the first W_ROBOTS_PARSE_MAX of them).
 * Parsing is tolerant and never fails: a UTF-8 BOM, CR, LF and CRLF
 * endings, comments, surrounding whitespace, case-insensitive keys,
 * Google's common typos and a missing colon are accepted; lines it cannot
 * read are skipped. Free with w_robots_free.
 */
struct w_robots	*w_robots_parse(const char *body, size_t len);
void		 w_robots_free(struct w_robots *r);

/* Lines that were recognised records (user-agent, allow, disallow,
 * sitemap, crawl-delay); 0 for a body with nothing a robots.txt has. */
size_t		 w_robots_records(const struct w_robots *r);

/* Whether body was longer than W_ROBOTS_PARSE_MAX (the rest ignored). */
int		 w_robots_truncated(const struct w_robots *r);

/* Sitemap URLs in file order (borrowed, NUL-terminated). */
size_t		 w_robots_nsitemaps(const struct w_robots *r);
const char	*w_robots_sitemap(const struct w_robots *r, size_t i);

/*
 * Select the rules that apply to the product token agent (compared
 * case-insensitively): every group naming it, merged; else every "*"
 * group, merged; else none (everything allowed). An agent that is not a
 * valid product token (w_robots_token_valid) names no group, so only
 * "*" can apply (RFC 9309 section 2.2.1). r must outlive the
 * result. Free with w_robots_agent_free.
 */
struct w_robots_agent *w_robots_agent_new(const struct w_robots *r,
		    const char *agent);
void		 w_robots_agent_free(struct w_robots_agent *a);

/* Whether the "*" group(s) were used; whether any group applies. */
int		 w_robots_agent_global(const struct w_robots_agent *a);
int		 w_robots_agent_matched(const struct w_robots_agent *a);

/* The user-agent lines of the groups used: product token ("*" for the
 * global group; borrowed) and line number. */
size_t		 w_robots_agent_nlines(const struct w_robots_agent *a);
const char	*w_robots_agent_line(const struct w_robots_agent *a, size_t i,
		    int *line);

/* The Crawl-delay of the groups used in seconds (the first one given),
 * or -1 when none. Reported only; it never changes a verdict. */
double		 w_robots_agent_crawl_delay(const struct w_robots_agent *a);

/*
 * Match url (absolute "scheme://authority/path?query#frag", or a path
 * starting with "/") into v: the longest matching rule wins, an allow
 * wins a tie, nothing matching means allowed, /robots.txt is always
 * allowed. Both sides are compared after RFC 9309 section 2.2.2
 * normalisation. Returns 0, or -1 when url has no path to match.
 */
int		 w_robots_match(const struct w_robots_agent *a, const char *url,
		    struct w_robots_verdict *v);

/* Whether s is a product token: 1 to W_ROBOTS_TOKEN_MAX - 1 bytes of
 * [A-Za-z_-], nothing around them. */
int		 w_robots_token_valid(const char *s);

/*
 * The product token of an HTTP User-Agent value into out (at most
 * W_ROBOTS_TOKEN_MAX bytes with the NUL): a bare token is itself;
 * "Name/1.0 ..." gives Name; "Mozilla/5.0 (compatible; Bot/1.0)" gives
 * Bot. Returns 0, or -1 when there is no [A-Za-z_-] token.
 */
int		 w_robots_token(const char *ua, char *out, size_t len);

/*
 * Normalise a path or rule pattern as RFC 9309 section 2.2.2 compares
 * them: %XX of an unreserved character decoded, other %XX upper-cased, a
 * stray '%' and any byte that is neither reserved nor unreserved (raw
 * non-ASCII, controls, space, "<>\"{}|\\^`") percent-encoded. In a
 * pattern '*' stays a wildcard; in a path '*' and '$' become %2A and %24
 * (so that a pattern can name them). After the first '?', the general
 * delimiters (: / ? # [ ] @) are percent-encoded too, so that a query
 * written either way compares equal (RFC 9309 figure 4). out must hold 3 * n + 1 bytes;
 * returns the length written.
 */
size_t		 w_robots_normalise(const char *s, size_t n, int pattern,
		    char *out);

#endif
