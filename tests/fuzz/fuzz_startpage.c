/*
 * fuzz_startpage.c: the Startpage response parser (w_startpage_parse).
 */
#define PARSE	w_startpage_parse
#define EXTRA	{ char tok[256]; (void)w_startpage_token((const char *)data, size, tok, sizeof(tok)); }
#include "fuzz_provider.h"
