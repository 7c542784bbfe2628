#include "eval.h"

#include <stdlib.h>

/* Evaluation weights, in centipawns. */
enum {
    CENTRE_WEIGHT_MINOR = 6,   /* leapers and short-range men love the centre */
    CENTRE_WEIGHT_SLIDER = 3,  /* long-range men less so */
    PAWN_ADVANCE = 4,          /* per orthogonal step towards promotion */
    PAWN_NEAR_PROMOTION = 40,  /* extra for the last three steps */
    KING_CENTRE_PENALTY = 8,   /* per step towards the centre: the king is safest at home */
    MOBILITY_WEIGHT = 2,       /* per reachable hex of a slider or leaper */
    ALL_BISHOPS_BONUS = 50,    /* a bishop on every hex colour */
    KING_SHELTER = 6,          /* per own man next to the king */
    TEMPO = 10
};

int hex_distance_to_centre(const Geometry *g, int cell)
{
    int dc = abs(g->col[cell] - (g->side - 1));
    int dl = abs(g->line[cell] - (g->lines - 1) / 2);
    int diagonal_path = (dc + dl) / 2;
    return dc > diagonal_path ? dc : diagonal_path;
}

/* Orthogonal steps from the hex to its own promotion hex (straight up its column). */
static int steps_to_promotion(const Variant *v, Color c, int cell)
{
    int n = 0;
    for (int s = cell; s != NO_CELL && !v->promotion_zone[c][s]; s = v->geo.step[v->forward_dir[c]][s])
        n++;
    return n;
}

void eval_build(EvalTables *t, const Variant *v)
{
    const Geometry *g = &v->geo;
    int radius = g->side - 1;
    for (int type = 0; type < PIECE_TYPE_NB; type++)
        t->value[type] = v->desc->pieces[type].value;
    for (int c = 0; c < COLOR_NB; c++) {
        for (int type = KING; type < PIECE_TYPE_NB; type++) {
            int atoms = v->atoms[type];
            for (int s = 0; s < g->cell_count; s++) {
                int centrality = radius - hex_distance_to_centre(g, s);
                int bonus;
                if (atoms & ATOM_PAWN) {
                    int to_go = steps_to_promotion(v, (Color)c, s);
                    int column_length = to_go;
                    for (int b = s; b != NO_CELL; b = g->step[v->forward_dir[!c]][b])
                        column_length++;
                    bonus = PAWN_ADVANCE * (column_length - to_go) + (to_go <= 3 ? PAWN_NEAR_PROMOTION * (4 - to_go) / 3 : 0);
                } else if (atoms & ATOM_KING) {
                    bonus = -KING_CENTRE_PENALTY * centrality;
                } else if (atoms & (ATOM_LEAP | ATOM_ELEPHANT) || !(atoms & (ATOM_ORTH | ATOM_DIAG))) {
                    bonus = CENTRE_WEIGHT_MINOR * centrality;
                } else {
                    bonus = CENTRE_WEIGHT_SLIDER * centrality;
                }
                t->pst[c][type][s] = (int16_t)bonus;
            }
        }
    }
}

static int slider_mobility(const Position *p, int s, int first)
{
    const Geometry *g = &p->v->geo;
    int n = 0;
    for (int d = first; d < first + 6; d++)
        for (int t = g->step[d][s]; t != NO_CELL; t = g->step[d][t]) {
            n++;
            if (p->board[t])
                break;
        }
    return n;
}

static int side_score(const Position *p, const EvalTables *t, Color c)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    int score = 0, mobility = 0;
    for (int i = 0; i < p->men_count[c]; i++) {
        int s = p->men[c][i];
        PieceType type = piece_type(p->board[s]);
        int atoms = v->atoms[type];
        score += t->value[type] + t->pst[c][type][s];
        if (atoms & ATOM_ORTH)
            mobility += slider_mobility(p, s, ORTH_FIRST);
        if (atoms & ATOM_DIAG)
            mobility += slider_mobility(p, s, DIAG_FIRST);
        if (atoms & ATOM_LEAP)
            for (int k = 0; k < g->leap_count[s]; k++) {
                Piece target = p->board[g->leaps[s][k]];
                mobility += !target || piece_color(target) != c;
            }
    }
    score += MOBILITY_WEIGHT * mobility;
    if (p->count[c][BISHOP] >= 3)
        score += ALL_BISHOPS_BONUS;
    int k = p->king[c];
    if (k != NO_CELL)
        for (int i = 0; i < g->neighbour_count[k]; i++) {
            Piece pc = p->board[g->neighbours[k][i]];
            score += pc && piece_color(pc) == c ? KING_SHELTER : 0;
        }
    return score;
}

int evaluate(const Position *p, const EvalTables *t)
{
    int white = side_score(p, t, WHITE) - side_score(p, t, BLACK);
    return (p->stm == WHITE ? white : -white) + TEMPO;
}
