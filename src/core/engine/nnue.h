/*
 * The evaluation network (NNUE): one hidden layer over the men as features (piece type, whose
 * man, hex) seen from each side, White's board as it is and Black's reflected, so that one set
 * of weights serves both sides. The hidden layer's input sums (the accumulator) change only by
 * the men a move moves, adds or takes, so a search keeps them along its line instead of summing
 * every man at every node. Integers throughout: any build, vectorised or not, gives the same
 * numbers. The file layout is in docs/nnue.md.
 */
#ifndef HEXCHESS_NNUE_H
#define HEXCHESS_NNUE_H

#include "../rules/position.h"

enum {
    NNUE_MAX_HIDDEN = 512,
    /* The hidden sizes a file may have are multiples of this, so that vector loops need no tail. */
    NNUE_HIDDEN_STEP = 16,
    /* Quantisation: feature weights and biases are the trained value times NNUE_QA; output weights
     * times NNUE_QB, the output bias times both; the output times NNUE_SCALE is centipawns. */
    NNUE_QA = 255,
    NNUE_QB = 64,
    /* The most men one move adds or removes: a castling with two rooks moves three. */
    NNUE_MAX_CHANGES = 6,
};

typedef struct Network Network;

/* Reads a network file; NULL with a message in err when it cannot be read or is not a network of
 * a built-in variant. */
Network *nnue_load(const char *path, char *err, int err_size);
void nnue_free(Network *n);
/* The variant the network evaluates. */
const Variant *nnue_variant(const Network *n);

/* A man added (+1) or taken away (-1) by a move. */
typedef struct {
    Piece piece;
    uint8_t cell;
    int8_t sign;
} NnueChange;

/* The hidden layer's input sums from White's and from Black's view, for one position of a line,
 * or (not computed) the changes from the previous position's. */
typedef struct {
    _Alignas(64) int16_t sum[COLOR_NB][NNUE_MAX_HIDDEN];
    bool computed;
    uint8_t change_nb;
    NnueChange change[NNUE_MAX_CHANGES];
} NnueAccumulator;

/* Sums every man of p into acc (computed). */
void nnue_refresh(const Network *n, NnueAccumulator *acc, const Position *p);
/* Records in acc (not computed) what the move last made on p (pos_make or pos_make_null) changed. */
void nnue_record_move(NnueAccumulator *acc, const Position *p);
/* Brings line[ply] up to date from its nearest computed predecessor (line[0] must be computed). */
void nnue_update(const Network *n, NnueAccumulator *line, int ply);
/* The evaluation in centipawns for the side to move, from a computed accumulator. */
int nnue_output(const Network *n, const NnueAccumulator *acc, Color stm);
/* The same by plain loops over the men and the hidden units, in wider integers: what the
 * accumulator and the vector loops must reproduce exactly (the tests' reference). */
int nnue_evaluate_scalar(const Network *n, const Position *p);

#endif
