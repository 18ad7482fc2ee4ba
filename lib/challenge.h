/*
 * challenge.h: classify an HTML response as an anti-bot access challenge
 * or a log-in wall before extraction, from its markup, its visible text,
 * its HTTP status and its response headers. Pure; never fetches.
 */
#ifndef W_CHALLENGE_H
#define W_CHALLENGE_H

#include <stddef.h>
#include <jv.h>

#include "err.h"

/* Visible-text limits of the reference's classification. */
#define W_CHALLENGE_PHRASE_MAX	500	/* human-check phrasing */
#define W_CHALLENGE_MARKUP_MAX	5000	/* vendor markup, any status */
#define W_CHALLENGE_VOCAB_MAX	256	/* bare vocabulary, 202/403/429/503 */
#define W_CHALLENGE_LOGIN_MAX	1500	/* sparse log-in page */

struct w_challenge {
	enum w_code	 code;		/* W_E_ACCESS_CHALLENGE,
					   W_E_AUTHENTICATION_REQUIRED, or
					   W_E_NONE */
	const char	*vendor;	/* static name, NULL when unknown */
	const char	*reason;	/* static, host-written */
	size_t		 visible;	/* visible characters counted (the
					   count stops once over every
					   limit and the phrase window) */
};

/*
 * Classify html (len bytes, any ASCII-compatible encoding) given the
 * HTTP status (0: not HTTP) and headers (borrowed: lowercase name ->
 * string or array of strings, or jv_null()). Fills c and returns 1 when
 * the page is a challenge or a log-in wall, 0 when it is readable.
 */
int	 w_challenge_classify(const char *html, size_t len, int http_status,
	    jv headers, struct w_challenge *c);

#endif
