/*
 * Ratings: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), and the speed class
 * of a time control that a rating is kept per. Pure arithmetic: no store, no clock.
 * Each rated game is its own rating period, as lichess does: a player's rating moves after every
 * game, by that one result.
 */
#ifndef HEXCHESS_RATING_H
#define HEXCHESS_RATING_H

#include <stdbool.h>

/* The system constant: how much the volatility may change (the paper suggests 0.3 to 1.2). */
#define GLICKO_TAU 0.5
/* A new player's rating, deviation and volatility. */
#define GLICKO_START_RATING 1500.0
#define GLICKO_START_RD 350.0
#define GLICKO_START_VOLATILITY 0.06
/* A rating whose deviation is above this is provisional, shown with a "?". */
#define GLICKO_PROVISIONAL_RD 110.0

typedef struct {
    double rating, rd, volatility;
} Glicko;

/* One game of a period: the opponent's rating and deviation, and the score (1, 0.5 or 0). */
typedef struct {
    double rating, rd, score;
} GlickoGame;

/* A new player's rating. */
Glicko glicko_new(void);
/* The player's rating after the period's n games (none: only the deviation grows), with system
 * constant tau. The deviation never exceeds a new player's. */
Glicko glicko_update(Glicko player, const GlickoGame *games, int n, double tau);
bool glicko_provisional(Glicko g);

/* The speed classes, by a game's estimated duration: base + 40 increments. An untimed game is
 * classical. */
typedef enum { SPEED_BULLET, SPEED_BLITZ, SPEED_RAPID, SPEED_CLASSICAL, SPEED_NB } Speed;
extern const char *const speed_names[SPEED_NB + 1]; /* "bullet", ..., NULL */
Speed speed_of(int time_base_ms, int time_inc_ms);

#endif
