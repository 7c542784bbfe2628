/*
 * Static exchange evaluation on the hex board: the outcome of the capture sequence a move starts
 * on its target hex, each side taking with its least valuable attacker and free to stop.
 */
#ifndef HEXCHESS_SEE_H
#define HEXCHESS_SEE_H

#include "../rules/position.h"

/* Does m leave the mover at least threshold (centipawns, by values[piece type]) once the
 * exchange on its target hex is over? Pins are ignored; promotions and special moves pass. */
bool see_ge(const Position *p, const int *values, Move m, int threshold);

#endif
