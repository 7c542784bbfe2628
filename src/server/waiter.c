#include "waiter.h"

bool waiter_start(pthread_mutex_t *lock, pthread_cond_t *cond, pthread_t *thread, void *(*run)(void *), void *arg)
{
    pthread_mutex_init(lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(cond, &attr);
    pthread_condattr_destroy(&attr);
    if (pthread_create(thread, NULL, run, arg)) {
        pthread_cond_destroy(cond);
        pthread_mutex_destroy(lock);
        return false;
    }
    return true;
}

struct timespec waiter_until(int64_t monotonic_ms)
{
    return (struct timespec){.tv_sec = monotonic_ms / 1000, .tv_nsec = (long)(monotonic_ms % 1000) * 1000000};
}
