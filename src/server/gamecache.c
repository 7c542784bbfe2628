#include "gamecache.h"

#include <stdio.h>
#include <stdlib.h>

#include "flagtimer.h"
#include "gamefeed.h"
#include "worker.h"

struct GameTable {
    Store *store;
    GameLimits limits;
    EnginePool *pool;
    pthread_mutex_t lock; /* guards the slots and the games' refs; taken before any game's lock */
    ServerGame **slot;
    int count;
    uint64_t clock; /* for least-recently-used eviction */
    EventHub *hub;
    FlagTimer *timer;
    GameHooks hooks;
    GameEndFn on_end;
    void *on_end_ctx;
};

/* With the game locked: its listeners hear of the change, and the flag timer of its clock. */
static void on_game_event(void *ctx, ServerGame *g, const GameEvent *e)
{
    GameTable *t = ctx;
    if (t->hub)
        feed_publish(t->hub, g, e);
    flagtimer_set(t->timer, g->rec.id, sgame_flag_deadline(g));
    if (e->kind == GAME_EVENT_END && t->on_end)
        t->on_end(t->on_end_ctx, g);
}

void games_on_end(GameTable *t, GameEndFn fn, void *ctx)
{
    t->on_end = fn;
    t->on_end_ctx = ctx;
}

/* The timer thread: a deadline passed. The game may have moved on meanwhile: set the next one. */
static void on_flag_deadline(void *ctx, int64_t id)
{
    GameTable *t = ctx;
    ServerGame *g = games_acquire(t, id);
    if (!g)
        return;
    sgame_check_flag(g);
    flagtimer_set(t->timer, id, sgame_flag_deadline(g));
    games_release(t, g);
}

/* A game in memory joins the listeners and the flag timer. */
static void attach(GameTable *t, ServerGame *g)
{
    g->hooks = &t->hooks;
    flagtimer_set(t->timer, g->rec.id, sgame_flag_deadline(g));
}

/* A game whose clock ran when the server stopped is loaded at the start: loading sets its timer. */
static void arm_clock(int64_t id, void *ctx)
{
    GameTable *t = ctx;
    ServerGame *g = games_acquire(t, id);
    if (g)
        games_release(t, g);
}

GameTable *games_new(Store *store, const GameLimits *limits, EventHub *hub, char *err, int err_size)
{
    GameTable *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    t->store = store;
    t->limits = *limits;
    if (t->limits.cache_games < 1)
        t->limits.cache_games = 1;
    t->slot = calloc((size_t)t->limits.cache_games, sizeof *t->slot);
    if (!t->slot) {
        snprintf(err, (size_t)err_size, "out of memory");
        free(t);
        return NULL;
    }
    int threads = t->limits.engine_threads;
    t->pool = pool_new(threads, t->limits.engine_memory_mb / threads, t->limits.max_think_ms, t->limits.tablebases, err,
                       err_size);
    if (!t->pool) {
        free(t->slot);
        free(t);
        return NULL;
    }
    pthread_mutex_init(&t->lock, NULL);
    t->hub = hub;
    t->hooks = (GameHooks){on_game_event, t};
    /* Before any game is loaded: the clocks that ran when the server stopped go on from now. */
    store_restart_clocks(store, clock_wall_now());
    t->timer = flagtimer_new(on_flag_deadline, t, err, err_size);
    if (!t->timer) {
        games_free(t);
        return NULL;
    }
    store_running_clocks(store, arm_clock, t);
    return t;
}

EventHub *games_events(GameTable *t) { return t->hub; }

const GameLimits *games_limits(const GameTable *t) { return &t->limits; }
Store *games_store(GameTable *t) { return t->store; }

void games_free(GameTable *t)
{
    if (!t)
        return;
    /* No flag falls from now on; the games' last changes may still set deadlines. */
    flagtimer_stop(t->timer);
    for (int i = 0; i < t->count; i++)
        sgame_destroy(t->slot[i]);
    pool_free(t->pool);
    flagtimer_free(t->timer);
    pthread_mutex_destroy(&t->lock);
    free(t->slot);
    free(t);
}

/* With the table locked: the least recently used game nobody holds and no engine works on. */
static int eviction_victim(GameTable *t)
{
    int best = -1;
    for (int i = 0; i < t->count; i++) {
        ServerGame *g = t->slot[i];
        if (g->refs)
            continue;
        pthread_mutex_lock(&g->lock);
        bool busy = worker_busy(g);
        pthread_mutex_unlock(&g->lock);
        if (!busy && (best < 0 || g->last_used < t->slot[best]->last_used))
            best = i;
    }
    return best;
}

/* Puts g into the cache (acquired), or returns the copy another thread put there first. */
static ServerGame *cache_insert(GameTable *t, ServerGame *g)
{
    ServerGame *evicted = NULL;
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count; i++)
        if (t->slot[i]->rec.id == g->rec.id) {
            ServerGame *other = t->slot[i];
            other->refs++;
            other->last_used = ++t->clock;
            pthread_mutex_unlock(&t->lock);
            sgame_destroy(g);
            pthread_mutex_lock(&other->lock);
            return other;
        }
    if (t->count == t->limits.cache_games) {
        int victim = eviction_victim(t);
        if (victim >= 0) {
            evicted = t->slot[victim];
            t->slot[victim] = t->slot[--t->count];
        }
    }
    if (t->count < t->limits.cache_games)
        t->slot[t->count++] = g;
    /* When every cached game is busy, this one is served uncached and dropped on release. */
    g->refs = 1;
    g->last_used = ++t->clock;
    pthread_mutex_unlock(&t->lock);
    sgame_destroy(evicted);
    pthread_mutex_lock(&g->lock);
    return g;
}

static bool cached(GameTable *t, const ServerGame *g)
{
    for (int i = 0; i < t->count; i++)
        if (t->slot[i] == g)
            return true;
    return false;
}

ServerGame *games_acquire(GameTable *t, int64_t id)
{
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count; i++) {
        ServerGame *g = t->slot[i];
        if (g->rec.id != id)
            continue;
        g->refs++;
        g->last_used = ++t->clock;
        pthread_mutex_unlock(&t->lock);
        pthread_mutex_lock(&g->lock);
        return g;
    }
    pthread_mutex_unlock(&t->lock);
    StoredGame rec;
    if (!store_load(t->store, id, &rec))
        return NULL;
    char err[256];
    int left_out = 0;
    ServerGame *g = sgame_build(t->store, &rec, &left_out, err, sizeof err);
    stored_game_free(&rec);
    if (g && left_out)
        fprintf(stderr, "hexchess serve: game %lld: its last %d moves come after the end of the game and are left out\n",
                (long long)id, left_out);
    if (!g) {
        fprintf(stderr, "hexchess serve: game %lld does not replay: %s\n", (long long)id, err);
        return NULL;
    }
    g->worker = worker_new(t->pool, g);
    if (!g->worker) {
        sgame_destroy(g);
        return NULL;
    }
    g = cache_insert(t, g);
    attach(t, g);
    worker_wake(g); /* an engine to move resumes thinking after a restart */
    return g;
}

void games_release(GameTable *t, ServerGame *g)
{
    bool stale = g->stale;
    pthread_mutex_unlock(&g->lock);
    pthread_mutex_lock(&t->lock);
    /* A copy older than the store's leaves the cache: the next request loads the game again. */
    for (int i = 0; stale && i < t->count; i++)
        if (t->slot[i] == g)
            t->slot[i] = t->slot[--t->count];
    g->refs--;
    bool drop = g->refs == 0 && !cached(t, g);
    pthread_mutex_unlock(&t->lock);
    if (drop)
        sgame_destroy(g);
}

ServerGame *games_create(GameTable *t, const GameSpec *spec, GameError *ge, char *err, int err_size)
{
    ServerGame *g = sgame_create(t->store, spec, ge, err, err_size);
    if (!g)
        return NULL;
    g->worker = worker_new(t->pool, g);
    if (!g->worker) {
        *ge = GE_INTERNAL;
        snprintf(err, (size_t)err_size, "out of memory");
        sgame_destroy(g);
        return NULL;
    }
    g = cache_insert(t, g);
    attach(t, g);
    worker_wake(g);
    return g;
}

GameError games_delete(GameTable *t, int64_t id)
{
    ServerGame *victim = NULL;
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count; i++)
        if (t->slot[i]->rec.id == id && t->slot[i]->refs == 0) {
            victim = t->slot[i];
            t->slot[i] = t->slot[--t->count];
            break;
        } else if (t->slot[i]->rec.id == id) {
            pthread_mutex_unlock(&t->lock);
            return GE_IN_USE;
        }
    bool ok = store_delete(t->store, id);
    pthread_mutex_unlock(&t->lock);
    if (ok && t->hub)
        feed_deleted(t->hub, id);
    flagtimer_set(t->timer, id, -1);
    sgame_destroy(victim);
    return ok ? GE_OK : GE_NOT_FOUND;
}


void games_forget(GameTable *t, int64_t id)
{
    ServerGame *victim = NULL;
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count && !victim; i++)
        if (t->slot[i]->rec.id == id && t->slot[i]->refs == 0) {
            victim = t->slot[i];
            t->slot[i] = t->slot[--t->count];
        }
    pthread_mutex_unlock(&t->lock);
    sgame_destroy(victim);
}
