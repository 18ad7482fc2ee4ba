/*
 * cancel.c: the cancellation flag behind SIGINT, SIGTERM and SIGHUP
 * (cancel.h).
 */
#include <signal.h>
#include <string.h>

#include "cancel.h"

static volatile sig_atomic_t got;

static void
on_signal(int sig)
{
	got = sig;
}

void
w_cancel_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	(void)sigaction(SIGINT, &sa, NULL);
	(void)sigaction(SIGTERM, &sa, NULL);
	(void)sigaction(SIGHUP, &sa, NULL);
}

int
w_cancel_signal(void)
{
	return (int)got;
}

int
w_cancel_check(struct w_err *e)
{
	if (got == 0)
		return 0;
	return w_err_set(e, W_E_CANCELLED, "cancelled by %s",
	    got == SIGINT ? "SIGINT" : got == SIGHUP ? "SIGHUP" : "SIGTERM");
}

int
w_cancel_exit(int rc)
{
	return got ? 128 + (int)got : rc;
}
