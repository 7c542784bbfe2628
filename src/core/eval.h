/*
 * Static evaluation, from the side to move's point of view, in centipawns. The weights are
 * derived from the variant description (piece values) and the board geometry (centrality,
 * advancement), so both games share one evaluator.
 */
#ifndef HEXCHESS_EVAL_H
#define HEXCHESS_EVAL_H

#include "position.h"

typedef struct {
    /* Piece-square bonus per colour, type and hex: centrality and advancement. */
    int16_t pst[COLOR_NB][PIECE_TYPE_NB][MAX_CELLS];
    int value[PIECE_TYPE_NB];
} EvalTables;

void eval_build(EvalTables *t, const Variant *v);
int evaluate(const Position *p, const EvalTables *t);
/* Hex distance (king steps along orthogonal lines) from the centre of the board. */
int hex_distance_to_centre(const Geometry *g, int cell);

#endif
