/*
 * fuzz_searxng.c: the SearXNG response parser (w_searxng_parse).
 */
#define PARSE	w_searxng_parse
#define EXTRA	
#include "fuzz_provider.h"
