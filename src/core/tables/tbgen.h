/*
 * Tablebase generation by retrograde analysis, and its verification.
 *
 * Two passes: the first finds who can force mate and in how many plies (a stalemate ends the game
 * undecided); where the variant scores a stalemate above a draw, the second solves what is left
 * for the side that can force a stalemate (or a mate the defender would rather avoid). Each pass
 * starts from the positions decided at once (mate, stalemate, captures into smaller endings, whose
 * tables must be in the set) and goes back one ply at a time: un-moves from a position lost in
 * n-1 plies give wins in n; un-moves from a position won in n-1 give candidates for a loss in n,
 * confirmed by looking at all their moves.
 */
#ifndef HEXCHESS_TBGEN_H
#define HEXCHESS_TBGEN_H

#include "tbprobe.h"

typedef struct {
    int threads;
    /* Called from the generating thread between steps; may be NULL. */
    void (*progress)(void *ctx, const char *step, int ply, uint64_t done, uint64_t total);
    void *ctx;
} TbGenOptions;

/* Sets p to the men of ix's ending on cells, stm to move; false when two share a hex. */
bool tb_set_position(const TbIndex *ix, Position *p, const uint8_t *cells, Color stm);
/* The hexes the man on from reaches by a move that takes nothing (back: the hexes it came from by
 * one), into out, and forward the hexes of the enemy men it can take, into takes (*take_nb); which
 * of these moves leave the king safe is not asked. Men other than pawns, without rights. */
int tb_man_targets(const Position *p, int from, bool back, uint8_t *out, uint8_t *takes, int *take_nb);
/* The endings one capture away from e, each once; returns how many. */
int tb_sub_endings(const TbEnding *e, TbEnding *out, int max);
/* Generates the table of e into t (allocated here); its sub-endings must be in the set, in memory
 * (a set that reads whole tables: tbset_read_whole). */
bool tb_generate(TbSet *set, const TbEnding *e, const TbGenOptions *o, TbTable *t, char *err, int size);
/* Checks every value of t (which must be in the set, which reads whole tables) against its
 * position's moves; returns the number of wrong values and describes the first in err. */
uint64_t tb_verify(TbSet *set, const TbTable *t, const TbGenOptions *o, char *err, int size);

#endif
