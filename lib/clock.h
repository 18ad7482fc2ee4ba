/*
 * clock.h: the library's clocks (one place: deadlines, admission,
 * caches and runs all read these).
 */
#ifndef W_CLOCK_H
#define W_CLOCK_H

/* Milliseconds since the epoch (CLOCK_REALTIME). */
long long w_clock_now_ms(void);

/* Milliseconds of CLOCK_MONOTONIC, for deadlines and spacing. */
long long w_clock_mono_ms(void);

/* Sleep ms milliseconds, resuming after signals. */
void	 w_clock_sleep_ms(long ms);

#endif
