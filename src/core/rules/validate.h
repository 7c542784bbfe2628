/*
 * The one judge of whether a position could stand on the board in a game of its variant. Every
 * reader of a user's position calls it, so the engine never plays from a position its rules cannot
 * reach (a king that can be taken, a pawn where no pawn can go, a capture right no move gave).
 * The rules come from the variant's description alone: set-up, pawn moves, promotion policy.
 */
#ifndef HEXCHESS_VALIDATE_H
#define HEXCHESS_VALIDATE_H

#include <stddef.h>

#include "position.h"

/* True when p is legal; otherwise false with one line in err naming the field and the problem. */
bool pos_validate(const Position *p, char *err, size_t err_size);

/* Marks in out (MAX_CELLS) the hexes where a pawn of colour c may stand: reached from the set-up
 * by pawn moves, and not a promotion hex it must have left by promoting. */
void pawn_standing_hexes(const Variant *v, Color c, bool *out);

/* The pawns of the side to move that could take a scornful pawn on `victim` (each faced the hex the
 * dodger left, now empty, and reaches victim by its oblique step); returns how many (0 to 2). */
int scornful_capturers(const Position *p, int victim, uint8_t out[2]);

#endif
