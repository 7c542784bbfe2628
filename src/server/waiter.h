/*
 * Background threads that sleep on a condition variable until a time or a signal: the header
 * watchdog, the flag timer and the event streams' heartbeat. Their waits run on the monotonic
 * clock, so a change of the system time moves no deadline.
 */
#ifndef HEXCHESS_WAITER_H
#define HEXCHESS_WAITER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* Initialises lock and cond (cond on the monotonic clock) and starts run(arg) on thread; false,
 * with nothing left to destroy, when the thread cannot start. */
bool waiter_start(pthread_mutex_t *lock, pthread_cond_t *cond, pthread_t *thread, void *(*run)(void *), void *arg);
/* A time on the monotonic clock, in milliseconds (clock_now's scale), for pthread_cond_timedwait. */
struct timespec waiter_until(int64_t monotonic_ms);

#endif
