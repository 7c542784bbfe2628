/*
 * The lobby: the open seeks, each a game one player offers to anyone (variant, clock, rated or
 * casual, colour), kept in memory (a seek outlives no restart, as its player's presence does not).
 * A seek ends when it is accepted or withdrawn, or when its player has shown no sign of life in the
 * lobby (a request, an open stream's heartbeat) for SEEK_IDLE_MS. Thread-safe; times are given.
 */
#ifndef HEXCHESS_LOBBY_H
#define HEXCHESS_LOBBY_H

#include <stdbool.h>
#include <stdint.h>

#include "store.h"

enum { SEEK_IDLE_MS = 60000, SEEKS_MAX = 500, SEEKS_PER_PLAYER = 5 };

typedef enum { SEEK_RANDOM, SEEK_WHITE, SEEK_BLACK } SeekColor;
extern const char *const seek_color_names[]; /* "random", "white", "black", NULL */

typedef struct {
    int64_t id;
    char player[STORE_NAME_SIZE];
    char variant[16];
    int time_base_ms, time_inc_ms;
    bool rated;
    SeekColor color;
    int64_t created; /* Unix seconds */
} Seek;

typedef struct Lobby Lobby;

Lobby *lobby_new(void);
void lobby_free(Lobby *l);
/* Adds the seek (its id and created set here); false when the lobby or the player's share of it
 * is full. */
bool lobby_add(Lobby *l, Seek *s, int64_t now_ms);
/* Takes the seek out (into out, when not NULL) if it is there and, with player non-NULL, that
 * player's; false otherwise. */
bool lobby_take(Lobby *l, int64_t id, const char *player, Seek *out);
/* A sign of life of player: their seeks stay. */
void lobby_seen(Lobby *l, const char *player, int64_t now_ms);
/* Ends the seeks of players silent since now_ms - SEEK_IDLE_MS, each reported to gone; then
 * reports every open seek to fn, oldest first. Either may be NULL. */
typedef void (*SeekFn)(const Seek *s, void *ctx);
void lobby_sweep(Lobby *l, int64_t now_ms, SeekFn gone, SeekFn fn, void *ctx);

#endif
