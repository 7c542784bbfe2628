#include "lobby.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const seek_color_names[] = {"random", "white", "black", NULL};

typedef struct {
    Seek seek;
    int64_t seen; /* the player's last sign of life, monotonic ms */
} Entry;

struct Lobby {
    pthread_mutex_t lock;
    Entry entries[SEEKS_MAX]; /* oldest first */
    int count;
    int64_t next_id;
};

Lobby *lobby_new(void)
{
    Lobby *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    pthread_mutex_init(&l->lock, NULL);
    l->next_id = 1;
    return l;
}

void lobby_free(Lobby *l)
{
    if (!l)
        return;
    pthread_mutex_destroy(&l->lock);
    free(l);
}

bool lobby_add(Lobby *l, Seek *s, int64_t now_ms)
{
    pthread_mutex_lock(&l->lock);
    int mine = 0;
    for (int i = 0; i < l->count; i++)
        mine += !strcmp(l->entries[i].seek.player, s->player);
    bool ok = l->count < SEEKS_MAX && mine < SEEKS_PER_PLAYER;
    if (ok) {
        s->id = l->next_id++;
        s->created = (int64_t)time(NULL);
        l->entries[l->count++] = (Entry){*s, now_ms};
    }
    pthread_mutex_unlock(&l->lock);
    return ok;
}

static void remove_at(Lobby *l, int i)
{
    memmove(&l->entries[i], &l->entries[i + 1], (size_t)(l->count - i - 1) * sizeof *l->entries);
    l->count--;
}

bool lobby_take(Lobby *l, int64_t id, const char *player, Seek *out)
{
    pthread_mutex_lock(&l->lock);
    bool found = false;
    for (int i = 0; i < l->count && !found; i++) {
        const Seek *s = &l->entries[i].seek;
        if (s->id != id || (player && strcmp(s->player, player)))
            continue;
        if (out)
            *out = *s;
        remove_at(l, i);
        found = true;
    }
    pthread_mutex_unlock(&l->lock);
    return found;
}

void lobby_seen(Lobby *l, const char *player, int64_t now_ms)
{
    pthread_mutex_lock(&l->lock);
    for (int i = 0; i < l->count; i++)
        if (!strcmp(l->entries[i].seek.player, player))
            l->entries[i].seen = now_ms;
    pthread_mutex_unlock(&l->lock);
}

void lobby_sweep(Lobby *l, int64_t now_ms, SeekFn gone, SeekFn fn, void *ctx)
{
    Seek ended[SEEKS_MAX];
    int n_ended = 0;
    pthread_mutex_lock(&l->lock);
    for (int i = 0; i < l->count;) {
        if (l->entries[i].seen < now_ms - SEEK_IDLE_MS) {
            ended[n_ended++] = l->entries[i].seek;
            remove_at(l, i);
        } else {
            i++;
        }
    }
    for (int i = 0; fn && i < l->count; i++)
        fn(&l->entries[i].seek, ctx);
    pthread_mutex_unlock(&l->lock);
    for (int i = 0; gone && i < n_ended; i++)
        gone(&ended[i], ctx);
}
