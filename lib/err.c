/*
 * err.c: the closed table of error codes and their status classes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"

struct code {
	const char	*name;
	enum w_status	 cls;
};

static const struct code codes[] = {
	{ "network_denied", W_ST_BLOCKED },
	{ "blocked_target", W_ST_BLOCKED },
	{ "access_challenge", W_ST_BLOCKED },
	{ "authentication_required", W_ST_BLOCKED },
	{ "rate_limited", W_ST_BLOCKED },
	{ "http_429", W_ST_BLOCKED },
	{ "robots_denied", W_ST_BLOCKED },
	{ "search_budget_exhausted", W_ST_BLOCKED },
	{ "coordination_unavailable", W_ST_BLOCKED },
	{ "backend_unavailable", W_ST_ERROR },
	{ "request_failed", W_ST_ERROR },
	{ "timeout", W_ST_ERROR },
	{ "too_many_redirects", W_ST_ERROR },
	{ "response_too_large", W_ST_ERROR },
	{ "unsupported_content", W_ST_ERROR },
	{ "unsupported_charset", W_ST_ERROR },
	{ "unusable_content", W_ST_ERROR },
	{ "extraction_failed", W_ST_ERROR },
	{ "invalid_parameter", W_ST_ERROR },
	{ "unsupported_parameter", W_ST_ERROR },
	{ "unsupported_country_filter", W_ST_ERROR },
	{ "focus_no_match", W_ST_ERROR },
	{ "http_4xx", W_ST_ERROR },
	{ "http_5xx", W_ST_ERROR },
	{ "cancelled", W_ST_ERROR },
	{ NULL, W_ST_ERROR }
};

void
w_err_clear(struct w_err *e)
{
	memset(e, 0, sizeof(*e));
	e->retry_after_ms = -1;
}

int
w_err_set(struct w_err *e, const char *code, const char *fmt, ...)
{
	va_list ap;

	e->code = code;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

static const struct code *
lookup(const char *name)
{
	const struct code *c;

	if (name == NULL)
		return NULL;
	for (c = codes; c->name != NULL; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

enum w_status
w_err_class(const char *code)
{
	const struct code *c = lookup(code);

	return c ? c->cls : W_ST_ERROR;
}

int
w_err_known(const char *code)
{
	return lookup(code) != NULL;
}

int
w_exit_for(enum w_status st, int usage)
{
	if (usage)
		return W_EXIT_USAGE;
	switch (st) {
	case W_ST_ERROR:
		return W_EXIT_ERROR;
	case W_ST_BLOCKED:
		return W_EXIT_BLOCKED;
	default:
		return W_EXIT_OK;
	}
}

static int
severity(int x)
{
	switch (x) {
	case W_EXIT_USAGE:
		return 3;
	case W_EXIT_ERROR:
		return 2;
	case W_EXIT_BLOCKED:
		return 1;
	default:
		return 0;
	}
}

int
w_exit_worst(int a, int b)
{
	return severity(a) >= severity(b) ? a : b;
}

const char *
w_status_name(enum w_status st)
{
	static const char *const names[] = { "ok", "partial", "blocked",
	    "error" };

	return names[st];
}

const char *
w_err_code_at(size_t i)
{
	if (i >= sizeof(codes) / sizeof(codes[0]) - 1)
		return NULL;
	return codes[i].name;
}
