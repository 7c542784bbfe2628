#include "throttle.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The keys tracked at once; past them the oldest failure's key gives way. A key is short: a
 * player's name or an address, with a prefix. */
enum { SLOTS = 1024, KEY_MAX = 64, FAILS_MAX = 16 };

typedef struct {
    char key[KEY_MAX];
    int64_t at[FAILS_MAX]; /* the failures' times, a ring */
    int next;
    int64_t last;
} Slot;

struct Throttle {
    pthread_mutex_t lock;
    int limit;
    int64_t window;
    Slot slots[SLOTS];
};

Throttle *throttle_new(int limit, int64_t window_ms)
{
    Throttle *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    pthread_mutex_init(&t->lock, NULL);
    t->limit = limit < FAILS_MAX ? limit : FAILS_MAX;
    t->window = window_ms;
    return t;
}

void throttle_free(Throttle *t)
{
    if (!t)
        return;
    pthread_mutex_destroy(&t->lock);
    free(t);
}

static Slot *find(Throttle *t, const char *key)
{
    for (int i = 0; i < SLOTS; i++)
        if (t->slots[i].key[0] && !strcmp(t->slots[i].key, key))
            return &t->slots[i];
    return NULL;
}

static int recent(const Throttle *t, const Slot *s, int64_t now)
{
    int n = 0;
    for (int i = 0; i < FAILS_MAX; i++)
        n += s->at[i] && s->at[i] > now - t->window;
    return n;
}

bool throttle_blocked(Throttle *t, const char *key, int64_t now_ms)
{
    pthread_mutex_lock(&t->lock);
    Slot *s = find(t, key);
    bool blocked = s && recent(t, s, now_ms) >= t->limit;
    pthread_mutex_unlock(&t->lock);
    return blocked;
}

void throttle_fail(Throttle *t, const char *key, int64_t now_ms)
{
    pthread_mutex_lock(&t->lock);
    Slot *s = find(t, key);
    if (!s) {
        s = &t->slots[0];
        for (int i = 1; i < SLOTS && s->key[0]; i++)
            if (!t->slots[i].key[0] || t->slots[i].last < s->last)
                s = &t->slots[i];
        memset(s, 0, sizeof *s);
        snprintf(s->key, sizeof s->key, "%s", key);
    }
    s->at[s->next] = now_ms ? now_ms : 1;
    s->next = (s->next + 1) % t->limit;
    s->last = now_ms;
    pthread_mutex_unlock(&t->lock);
}
