/*
 * country.h: ISO 3166-1 alpha-2 assigned codes and the per-provider
 * country transports (DuckDuckGo's documented kl regions). Pure.
 */
#ifndef W_COUNTRY_H
#define W_COUNTRY_H

#include <stddef.h>

/*
 * Normalise a case-insensitive two-letter code into out (3 bytes,
 * uppercase). -1 when it is not an assigned ISO 3166-1 alpha-2 code.
 */
int		 w_country_norm(const char *in, char out[3]);

/* Number of assigned codes in the table, and the i-th one. */
size_t		 w_country_count(void);
const char	*w_country_at(size_t i);

/*
 * DuckDuckGo's kl region for an uppercase country and an optional
 * language ("fr", "fr-CH"): "wt-wt" when cc is NULL or empty; the
 * locale matching the language where the country has several, else the
 * primary one; NULL when DuckDuckGo documents no region for cc.
 */
const char	*w_country_ddg_region(const char *cc, const char *language);

#endif
