#include "deadline.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "waiter.h"

struct Deadline {
    int fd;
    struct timespec due;
    Deadline *prev, *next; /* in the armed list while armed */
    bool armed;
};

struct Deadlines {
    pthread_mutex_t lock;
    pthread_cond_t cond; /* the list was empty and is not, or the watchdog must stop */
    pthread_t thread;
    /* Sorted by due time (an arming is placed from the end, where deadlines of one length go):
     * the watchdog only ever looks at the first. */
    Deadline *first, *last;
    bool quit;
};

static bool reached(const struct timespec *due)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > due->tv_sec || (now.tv_sec == due->tv_sec && now.tv_nsec >= due->tv_nsec);
}

/* With the lock held. */
static void unlink_deadline(Deadlines *d, Deadline *e)
{
    if (!e->armed)
        return;
    if (e->prev)
        e->prev->next = e->next;
    else
        d->first = e->next;
    if (e->next)
        e->next->prev = e->prev;
    else
        d->last = e->prev;
    e->prev = e->next = NULL;
    e->armed = false;
}

static void *watchdog_main(void *arg)
{
    Deadlines *d = arg;
    pthread_mutex_lock(&d->lock);
    while (!d->quit) {
        Deadline *e = d->first;
        if (!e) {
            pthread_cond_wait(&d->cond, &d->lock);
        } else if (reached(&e->due)) {
            /* Not close(): the library still owns the socket, and closes it when it sees the end. */
            shutdown(e->fd, SHUT_RDWR);
            unlink_deadline(d, e);
        } else {
            pthread_cond_timedwait(&d->cond, &d->lock, &e->due);
        }
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

Deadlines *deadlines_new(char *err, int err_size)
{
    Deadlines *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    if (!waiter_start(&d->lock, &d->cond, &d->thread, watchdog_main, d)) {
        snprintf(err, (size_t)err_size, "cannot start the header watchdog thread");
        free(d);
        return NULL;
    }
    return d;
}

void deadlines_free(Deadlines *d)
{
    if (!d)
        return;
    pthread_mutex_lock(&d->lock);
    d->quit = true;
    pthread_cond_signal(&d->cond);
    pthread_mutex_unlock(&d->lock);
    pthread_join(d->thread, NULL);
    pthread_cond_destroy(&d->cond);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

static bool before(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

void deadline_arm(Deadlines *d, Deadline *e, int seconds)
{
    if (!e)
        return;
    pthread_mutex_lock(&d->lock);
    unlink_deadline(d, e);
    clock_gettime(CLOCK_MONOTONIC, &e->due);
    e->due.tv_sec += seconds;
    Deadline *after = d->last;
    while (after && before(&e->due, &after->due))
        after = after->prev;
    e->prev = after;
    e->next = after ? after->next : d->first;
    if (e->next)
        e->next->prev = e;
    else
        d->last = e;
    if (after)
        after->next = e;
    else
        d->first = e;
    e->armed = true;
    if (d->first == e)
        pthread_cond_signal(&d->cond);
    pthread_mutex_unlock(&d->lock);
}

Deadline *deadline_add(Deadlines *d, int fd, int seconds)
{
    Deadline *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->fd = fd;
    deadline_arm(d, e, seconds);
    return e;
}

void deadline_disarm(Deadlines *d, Deadline *e)
{
    if (!e)
        return;
    pthread_mutex_lock(&d->lock);
    unlink_deadline(d, e);
    pthread_mutex_unlock(&d->lock);
}

void deadline_remove(Deadlines *d, Deadline *e)
{
    deadline_disarm(d, e);
    free(e);
}
