/*
 * clock.c: the library's clocks: wall-clock and monotonic milliseconds,
 * and a sleep that resumes after signals other than a cancellation.
 */
#include <errno.h>
#include <time.h>

#include "cancel.h"
#include "clock.h"

long long
w_clock_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long long
w_clock_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
w_clock_sleep_ms(long ms)
{
	struct timespec ts;

	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	/* A cancellation signal ends the sleep early (lib/cancel.h). */
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR &&
	    !w_cancel_signal())
		;
}
