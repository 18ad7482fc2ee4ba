/*
 * fuzz_ddg.c: the DuckDuckGo response parser (w_ddg_parse).
 */
#define PARSE	w_ddg_parse
#define EXTRA	
#include "fuzz_provider.h"
