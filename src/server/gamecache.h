/*
 * The game cache: a bounded set of the server's games in memory over the game store, with the
 * engine pool they share. A game not in memory is rebuilt from its saved moves; the least recently
 * used idle game makes room. Acquiring a game locks it; the table's lock is taken before a game's.
 */
#ifndef HEXCHESS_GAMECACHE_H
#define HEXCHESS_GAMECACHE_H

#include "events.h"
#include "games.h"

typedef struct GameTable GameTable;

typedef struct {
    int max_think_ms;     /* cap on any engine search */
    int cache_games;      /* games kept in memory */
    int engine_threads;   /* searches run at once; more engine work waits its turn */
    int engine_memory_mb; /* the hash tables of all the engines together */
    const char *tablebases; /* the engines' endgame tables (hexchess tb); NULL for none */
} GameLimits;

/* NULL with a message when the engines cannot be started. Every change of a game is told to the
 * event hub's streams (NULL: to none); the flags of timed games fall on time, also those that ran
 * when the server stopped. */
GameTable *games_new(Store *store, const GameLimits *limits, EventHub *hub, char *err, int err_size);
/* fn(ctx, g) hears of each game's end, with the game locked (before any request runs). */
typedef void (*GameEndFn)(void *ctx, ServerGame *g);
void games_on_end(GameTable *t, GameEndFn fn, void *ctx);
void games_free(GameTable *t); /* stops every engine */
EventHub *games_events(GameTable *t);
const GameLimits *games_limits(const GameTable *t);
Store *games_store(GameTable *t);

/* The game, locked (rebuilt from the store when it is not in memory); NULL when there is no such
 * game. Pair with games_release. */
ServerGame *games_acquire(GameTable *t, int64_t id);
void games_release(GameTable *t, ServerGame *g);
/* A new game, acquired; NULL with a message in err. The caller checks the level (0-20), the
 * think time (from 50 ms to the server's cap) and the time control. A game's lock may be held
 * meanwhile (a rematch): the new game is nobody else's yet. */
ServerGame *games_create(GameTable *t, const GameSpec *spec, GameError *ge, char *err, int err_size);
GameError games_delete(GameTable *t, int64_t id);
/* Another server changed the game: its copy here, unless in use, leaves the memory, and the next
 * request loads it from the store again (one in use is refused its next change, games.h: stale). */
void games_forget(GameTable *t, int64_t id);

#endif
