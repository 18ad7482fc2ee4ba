/*
 * fuzz_ollama.c: the Ollama response parser (w_ollama_parse).
 */
#define PARSE	w_ollama_parse
#define EXTRA	
#include "fuzz_provider.h"
