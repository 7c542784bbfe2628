/*
 * The yardstick engine: plain fixed-depth alpha-beta over legal moves with a material + mobility
 * evaluation, no transposition table, no quiescence. Matches against it measure the real engine.
 */
#ifndef HEXCHESS_BASELINE_H
#define HEXCHESS_BASELINE_H

#include "../rules/position.h"

enum { BASELINE_DEPTH = 4 };

/* Best move at the given depth (MOVE_NONE without legal moves); score from the mover's view. */
Move baseline_search(Position *p, int depth, int *score, uint64_t *nodes);

#endif
