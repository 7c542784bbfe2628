#include "baseline.h"

#include <stddef.h>

#include "../rules/movegen.h"
#include "../rules/status.h"

enum { BASELINE_MATE = 100000, BASELINE_STALEMATE = 50000, MOBILITY_CP = 4 };

static int material(const Position *p, Color c)
{
    int sum = 0;
    for (int t = KING + 1; t < PIECE_TYPE_NB; t++)
        sum += p->count[c][t] * p->v->desc->pieces[t].value;
    return sum;
}

static int evaluate_plain(Position *p, int own_moves)
{
    pos_make_null(p);
    int their_moves = count_legal(p);
    pos_unmake(p);
    return material(p, p->stm) - material(p, (Color)!p->stm) + MOBILITY_CP * (own_moves - their_moves);
}

static int alphabeta(Position *p, int depth, int alpha, int beta, int ply, uint64_t *nodes, Move *best)
{
    (*nodes)++;
    MoveList ml;
    gen_legal(p, &ml);
    if (ml.count == 0)
        return pos_in_check(p) ? -BASELINE_MATE + ply : -BASELINE_STALEMATE + ply;
    if (ply > 0 && (pos_insufficient_material(p) || pos_repetitions(p) >= 2))
        return 0;
    if (depth == 0)
        return evaluate_plain(p, ml.count);
    /* Captures first: the only ordering a plain searcher gets, and it keeps depth 4 affordable. */
    for (int i = 0, front = 0; i < ml.count; i++)
        if (move_is_noisy(p, ml.moves[i])) {
            Move t = ml.moves[front];
            ml.moves[front++] = ml.moves[i];
            ml.moves[i] = t;
        }
    for (int i = 0; i < ml.count; i++) {
        pos_make(p, ml.moves[i]);
        int score = -alphabeta(p, depth - 1, -beta, -alpha, ply + 1, nodes, NULL);
        pos_unmake(p);
        if (score > alpha) {
            alpha = score;
            if (best)
                *best = ml.moves[i];
            if (alpha >= beta)
                break;
        }
    }
    return alpha;
}

Move baseline_search(Position *p, int depth, int *score, uint64_t *nodes)
{
    Move best = MOVE_NONE;
    MoveList ml;
    gen_legal(p, &ml);
    if (ml.count == 0)
        return MOVE_NONE;
    best = ml.moves[0];
    *nodes = 0;
    *score = alphabeta(p, depth, -BASELINE_MATE - 1, BASELINE_MATE + 1, 0, nodes, &best);
    return best;
}
