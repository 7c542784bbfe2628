/*
 * A game's chess clock: base time plus an increment (Fischer), counted on the monotonic clock so a
 * change of the system time moves no flag. The clock of the side to move runs from the game's first
 * move; the increment is added to a side's clock when it completes a move on a running clock.
 */
#ifndef HEXCHESS_CLOCK_H
#define HEXCHESS_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/util/types.h"

typedef struct {
    int base_ms, inc_ms; /* base 0: the game is untimed */
    int64_t left_ms[COLOR_NB]; /* what each side had when its clock last stopped or was settled */
    int running;               /* -1: stopped; else the colour whose time runs */
    int64_t since;             /* monotonic ms from which the running side's time counts */
} GameClock;

/* Milliseconds on the monotonic clock, and on the wall clock (for what outlives the process). */
int64_t clock_now(void);
int64_t clock_wall_now(void);

void clock_init(GameClock *c, int base_ms, int inc_ms);
bool clock_timed(const GameClock *c);
/* What side has left at now; below zero once its flag has fallen. */
int64_t clock_left(const GameClock *c, Color side, int64_t now);
/* side completed a move at now: its time stops (with the increment when its clock ran) and the
 * opponent's starts. */
void clock_press(GameClock *c, Color side, int64_t now);
/* Runs side's clock from now (after a take-back or a resumed game); the other stops. */
void clock_run(GameClock *c, Color side, int64_t now);
void clock_stop(GameClock *c, int64_t now);
/* When the running side's flag falls (monotonic ms), or -1 when no clock runs. */
int64_t clock_deadline(const GameClock *c);

#endif
