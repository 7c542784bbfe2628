#include "flagtimer.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "waiter.h"

typedef struct {
    int64_t game, deadline;
} Entry;

struct FlagTimer {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_t thread;
    bool quit, joined;
    FlagFn fire;
    void *ctx;
    Entry *entry; /* unordered: a few hundred running clocks at most are scanned in microseconds */
    int count, cap;
};

void flagtimer_set(FlagTimer *t, int64_t game, int64_t deadline)
{
    pthread_mutex_lock(&t->lock);
    int i = 0;
    while (i < t->count && t->entry[i].game != game)
        i++;
    if (deadline < 0) {
        if (i < t->count)
            t->entry[i] = t->entry[--t->count];
    } else {
        if (i == t->count && t->count == t->cap) {
            int cap = t->cap ? 2 * t->cap : 64;
            Entry *more = realloc(t->entry, (size_t)cap * sizeof *more);
            if (!more) {
                /* The flag then falls at the game's next request instead. */
                fprintf(stderr, "hexchess serve: out of memory for the clock of game %lld\n", (long long)game);
                pthread_mutex_unlock(&t->lock);
                return;
            }
            t->entry = more;
            t->cap = cap;
        }
        if (i == t->count)
            t->count++;
        t->entry[i] = (Entry){game, deadline};
    }
    pthread_cond_signal(&t->changed);
    pthread_mutex_unlock(&t->lock);
}

static void *timer_main(void *arg)
{
    FlagTimer *t = arg;
    pthread_mutex_lock(&t->lock);
    while (!t->quit) {
        int first = -1;
        for (int i = 0; i < t->count; i++)
            if (first < 0 || t->entry[i].deadline < t->entry[first].deadline)
                first = i;
        if (first < 0) {
            pthread_cond_wait(&t->changed, &t->lock);
            continue;
        }
        int64_t deadline = t->entry[first].deadline;
        if (clock_now() < deadline) {
            struct timespec until = waiter_until(deadline);
            pthread_cond_timedwait(&t->changed, &t->lock, &until);
            continue;
        }
        int64_t game = t->entry[first].game;
        t->entry[first] = t->entry[--t->count];
        pthread_mutex_unlock(&t->lock);
        t->fire(t->ctx, game);
        pthread_mutex_lock(&t->lock);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

FlagTimer *flagtimer_new(FlagFn fire, void *ctx, char *err, int err_size)
{
    FlagTimer *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    t->fire = fire;
    t->ctx = ctx;
    if (!waiter_start(&t->lock, &t->changed, &t->thread, timer_main, t)) {
        snprintf(err, (size_t)err_size, "cannot start the flag timer");
        free(t);
        return NULL;
    }
    return t;
}

void flagtimer_stop(FlagTimer *t)
{
    if (!t || t->joined)
        return;
    pthread_mutex_lock(&t->lock);
    t->quit = true;
    pthread_cond_signal(&t->changed);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    t->joined = true;
}

void flagtimer_free(FlagTimer *t)
{
    if (!t)
        return;
    flagtimer_stop(t);
    pthread_cond_destroy(&t->changed);
    pthread_mutex_destroy(&t->lock);
    free(t->entry);
    free(t);
}
