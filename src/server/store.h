/*
 * The game store: every game as it is played, in an SQLite database in WAL mode or in PostgreSQL
 * (db.h), with the players, sessions and ratings. Each change is one transaction, so a crash or
 * restart loses nothing that was acknowledged. Thread-safe.
 */
#ifndef HEXCHESS_STORE_H
#define HEXCHESS_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "db.h"

typedef struct Store Store;

enum { STORE_TEXT_MAX = 512, STORE_HASH_SIZE = 65, STORE_KEY_SIZE = 33, STORE_NAME_SIZE = 21, STORE_LIST_IDS_MAX = 200 };

/* A saved game: its set-up and the moves in bare notation, space separated. */
typedef struct {
    int64_t id;
    char variant[16];
    char start[STORE_TEXT_MAX]; /* PDTL / FEN of the start position */
    bool castling;
    bool engine[2]; /* White, Black played by the engine */
    int level;      /* engine Skill Level */
    int movetime_ms;
    char *moves;    /* owned, never NULL after a load */
    char result[16];
    char reason[32];
    int draw_offer; /* -1 none, else the colour that offered */
    char *tags; /* record labels kept from an import, "Name=value\n" lines (owned, like moves) */
    int64_t created, updated;  /* Unix seconds */
    /* Each seat's token as its SHA-256 in hex (seats.h); "" for an engine's seat, and for the seats
     * of a game saved before seats existed, which stay open to anyone. */
    char seat_hash[2][STORE_HASH_SIZE];
    int time_base_ms, time_inc_ms; /* the time control; base 0: untimed */
    int64_t clock_ms[2];  /* what each side had left at clock_saved */
    int clock_running;    /* -1: stopped; else the colour whose clock ran */
    int64_t clock_saved;  /* Unix milliseconds when the clock was read */
    int takeback_offer;   /* -1 none, else the colour asking to take back */
    int64_t rematch;      /* the id of this game's rematch, 0 while there is none */
    uint64_t version;     /* bumped on every change of the game, kept so that it never goes back */
    char *clock_history;  /* "W,B" ms each side had before each ply, space separated (owned); "" when
                             not kept (a game from before it was) */
    char watch_key[STORE_KEY_SIZE]; /* an unlisted game's watch key (seats.h); "" for a public game */
    char player[2][STORE_NAME_SIZE]; /* the signed-in player each seat is bound to (accounts.h), or "" */
    bool rated;                      /* its end updates the players' ratings (ratings.h) */
} StoredGame;

/* One row of the games list. */
typedef struct {
    int64_t id;
    const char *variant, *result, *reason;
    bool engine[2];
    int plies;
    int64_t created, updated;
    const char *watch_key;
} StoredSummary;

typedef void (*StoreListFn)(const StoredSummary *row, void *ctx);

/* Opens where, a PostgreSQL connection URI or an SQLite file (created with its folder), and brings
 * its tables up to date; NULL with a message in err on failure. */
Store *store_open(const char *where, char *err, int err_size);
void store_close(Store *s);
/* Where the games are, for the log (db.h): never a password. */
void store_describe(Store *s, char *out, int size);
/* The database connection, for the modules that keep their own tables in it (accounts.c), held
 * until store_unlock: one thread at a time. */
Db *store_lock(Store *s);
void store_unlock(Store *s);
/* The default path: $XDG_DATA_HOME/hexchess/games.db or ~/.local/share/hexchess/games.db. */
void store_default_path(char *buf, int size);

bool store_insert(Store *s, StoredGame *g); /* sets g->id and the times */
/* STORE_STALE: the stored game is at g->version or later already, saved from another copy of it
 * (another process on the same database): nothing was written. */
typedef enum { STORE_SAVED, STORE_STALE, STORE_FAILED } StoreWrite;
StoreWrite store_update(Store *s, StoredGame *g); /* sets g->updated */
/* false when there is no such game */
bool store_load(Store *s, int64_t id, StoredGame *out);
bool store_delete(Store *s, int64_t id);
/* Newest first, the public games (no watch key), or with ids (n_ids of them) those games whatever
 * they are; returns the number of rows reported, -1 on error. */
int store_list(Store *s, const int64_t *ids, int n_ids, int limit, int offset, StoreListFn fn, void *ctx);
int64_t store_count(Store *s); /* of the public games */
/* The ids of the games going on whose clock runs, for the flag timer after a restart. */
typedef void (*StoreIdFn)(int64_t id, void *ctx);
void store_running_clocks(Store *s, StoreIdFn fn, void *ctx);
void stored_game_free(StoredGame *g);

/* Copies every game, player, session and rating of from into to, which holds no game and no player
 * yet (SQLite to PostgreSQL, or back), in one transaction; false with a message in err. */
bool store_copy(Store *from, Store *to, char *err, int err_size);

/* The server is alive at now (wall ms): written every few seconds and at shutdown, so that a restart
 * knows when the clocks stopped, after a kill -9 too. */
bool store_heartbeat(Store *s, int64_t now);
/* At start: each running clock is charged up to the last heartbeat and runs on from now (wall ms),
 * the downtime charged to no one. */
bool store_restart_clocks(Store *s, int64_t now);

#endif
