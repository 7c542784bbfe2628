/*
 * Drawing positions from a tablebase, for start positions of measurements and tests: each draw is
 * uniform among the legal placements of the men (every symmetric twin and order of like men a
 * placement of its own, as the board shows them) whose side to move and value are wanted. The
 * draws depend on the table, the seed and their number only, the same on every machine (a
 * smaller number is not a prefix of a larger one's draws).
 */
#ifndef HEXCHESS_TBSAMPLE_H
#define HEXCHESS_TBSAMPLE_H

#include "tbfile.h"

typedef struct {
    uint8_t cells[TB_MAX_MEN]; /* in the table's order of men */
    Color stm;
} TbPlacement;

/* Is a value (from the side to move) one to draw from? ctx is tb_sample's. */
typedef bool (*TbValueFilter)(uint16_t value, const void *ctx);

/* Draws n placements, independently (one may come twice), among the legal ones with a side to
 * move in sides and a value keep accepts. Returns how many placements were eligible (0: none,
 * nothing drawn), or UINT64_MAX when out of memory. */
uint64_t tb_sample(const TbTable *t, const bool sides[COLOR_NB], TbValueFilter keep, const void *ctx, uint64_t seed,
                   int n, TbPlacement *out);

#endif
