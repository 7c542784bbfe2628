/*
 * The players' ratings as the store keeps them: one Glicko-2 rating (rating.h) per player, variant
 * and speed, and its history, one row per rated game. A rated game between two players updates
 * both ratings once, each from the other's rating before the game.
 */
#ifndef HEXCHESS_RATINGS_H
#define HEXCHESS_RATINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "rating.h"
#include "store.h"

typedef struct {
    const char *player, *variant, *speed;
    Glicko g;
    int games;
} RatingRow;

/* Applies the result of rated game id (score: White's, 0 to 1) to both players' ratings in
 * variant and speed; nothing when the game was applied before. false when the store failed. */
bool ratings_apply(Store *s, int64_t game, const char *white, const char *black, const char *variant, Speed speed,
                   double score);
/* Each rating of player (those played only), to fn. */
typedef void (*RatingFn)(const RatingRow *r, void *ctx);
void ratings_of(Store *s, const char *player, RatingFn fn, void *ctx);
/* The rating after each rated game of player in variant and speed, oldest first: r->games counts
 * them, r->speed is the game's id as text. */
void ratings_history(Store *s, const char *player, const char *variant, const char *speed, RatingFn fn, void *ctx);
/* The established ratings (not provisional) of variant and speed, best first. */
void ratings_top(Store *s, const char *variant, const char *speed, int limit, RatingFn fn, void *ctx);

#endif
