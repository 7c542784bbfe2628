#include "eval.h"

#include "../rules/status.h"

#include <stdlib.h>
#include <string.h>

static const char *const param_names[EP_VALUE_FIRST] = {
    "CentreMinor", "CentreSlider", "KingCentre",  "KingCentreEg", "PawnAdvance", "PawnNearPromotion",
    "PassedPawn",  "PassedPawnNear", "ProtectedPawn", "PawnEg", "AwaitingPawn", "Mobility",
    "AllBishops",  "KingShelter",  "KingAttackers", "Tempo",
};

/* Default weights (centipawns); piece values come from the variant description. */
static const int default_weights[EP_VALUE_FIRST] = {
    [EP_CENTRE_MINOR] = 6,  [EP_CENTRE_SLIDER] = 3,   [EP_KING_CENTRE] = 8,    [EP_KING_CENTRE_EG] = 8,
    [EP_PAWN_ADVANCE] = 4,  [EP_PAWN_NEAR_PROMOTION] = 30, [EP_PASSED_PAWN] = 6, [EP_PASSED_PAWN_NEAR] = 4,
    [EP_PROTECTED_PAWN] = 8, [EP_PAWN_EG] = 0,        [EP_AWAITING_PAWN] = 150,
    [EP_MOBILITY] = 2,      [EP_ALL_BISHOPS] = 50,     [EP_KING_SHELTER] = 6,  [EP_KING_ATTACKERS] = 10,
    [EP_TEMPO] = 10,
};

const char *eval_param_name(int param)
{
    static const char *const value_names[PIECE_TYPE_NB] = {"-",        "ValueKing",   "ValueQueen",
                                                           "ValueWyvern", "ValueRook", "ValuePegasus",
                                                           "ValueKnight", "ValueBishop", "ValueElephant",
                                                           "ValuePawn"};
    if (param < EP_VALUE_FIRST)
        return param_names[param];
    return value_names[param - EP_VALUE_FIRST];
}

static int hex_distance(const Geometry *g, int a, int b)
{
    int dc = abs(g->col[a] - g->col[b]);
    int dl = abs(g->line[a] - g->line[b]);
    int diagonal_path = (dc + dl) / 2;
    return dc > diagonal_path ? dc : diagonal_path;
}

int hex_distance_to_centre(const Geometry *g, int cell)
{
    int centre = geometry_cell(g, g->side - 1, (g->lines - 1) / 2);
    return hex_distance(g, cell, centre);
}

/*
 * Mop-up weights, in centipawns per hex step: against a bare king the mating side herds it to the
 * edge, then to a corner, with its own king alongside. The term is scaled below a pawn's value
 * (mop_up_white), so no man is ever given up for a better herd.
 */
enum {
    MOPUP_EDGE = 8,   /* per step the lone king stands from the edge */
    MOPUP_CORNER = 3, /* per step it stands from the nearest corner */
    MOPUP_KINGS = 4,  /* per step between the kings beyond adjoining */
    MOPUP_FREEDOM = 6, /* per hex next to the lone king that the other side does not attack */
};

/* The board's corners are the hexes with the fewest orthogonal neighbours. */
static void lone_king_room(EvalTables *t, const Geometry *g)
{
    int fewest = ORTH_NB, neighbours[MAX_CELLS];
    for (int s = 0; s < g->cell_count; s++) {
        neighbours[s] = 0;
        for (int d = ORTH_FIRST; d < ORTH_FIRST + ORTH_NB; d++)
            neighbours[s] += g->step[d][s] != NO_CELL;
        if (neighbours[s] < fewest)
            fewest = neighbours[s];
    }
    for (int s = 0; s < g->cell_count; s++) {
        int to_corner = MAX_CELLS;
        for (int c = 0; c < g->cell_count; c++)
            if (neighbours[c] == fewest && t->king_distance[s][c] < to_corner)
                to_corner = t->king_distance[s][c];
        int to_edge = g->side - 1 - hex_distance_to_centre(g, s);
        t->lone_king_room[s] = (int16_t)(MOPUP_EDGE * to_edge + MOPUP_CORNER * to_corner);
    }
    int room = 0, apart = 0, free = 0;
    for (int s = 0; s < g->cell_count; s++) {
        room = t->lone_king_room[s] > room ? t->lone_king_room[s] : room;
        free = g->neighbour_count[s] > free ? g->neighbour_count[s] : free;
        for (int k = 0; k < g->cell_count; k++)
            apart = t->king_distance[s][k] > apart ? t->king_distance[s][k] : apart;
    }
    t->herd_max = room + MOPUP_KINGS * (apart - 1) + MOPUP_FREEDOM * free;
}

/* Orthogonal steps from the hex to its own promotion hex (straight up its column). */
static int steps_to_promotion(const Variant *v, Color c, int cell)
{
    int n = 0;
    for (int s = cell; s != NO_CELL && !v->promotion_zone[c][s]; s = v->geo.step[v->forward_dir[c]][s])
        n++;
    return n;
}

void eval_rebuild(EvalTables *t)
{
    const Variant *v = t->v;
    const Geometry *g = &v->geo;
    const int *w = t->w;
    int radius = g->side - 1;
    for (int type = 0; type < PIECE_TYPE_NB; type++)
        t->value[type] = w[EP_VALUE_FIRST + type];
    t->phase_full = 0;
    for (int type = KING + 1; type < PAWN; type++)
        t->phase_full += (v->piece_budget[WHITE][type] + v->piece_budget[BLACK][type]) * t->value[type];
    for (int s = 0; s < g->cell_count; s++)
        t->king_endgame_gain[s] =
            (int16_t)((w[EP_KING_CENTRE] - w[EP_KING_CENTRE_EG]) * (radius - hex_distance_to_centre(g, s)));
    for (int k = 0; k < g->cell_count; k++)
        for (int s = 0; s < g->cell_count; s++)
            t->king_distance[k][s] = (uint8_t)hex_distance(g, k, s);
    for (int k = 0; k < g->cell_count; k++)
        for (int s = 0; s < g->cell_count; s++)
            if (t->king_distance[k][s] <= KING_ZONE_RADIUS)
                hexset_add(t->king_zone[k], s);
    lone_king_room(t, g);
    for (int c = 0; c < COLOR_NB; c++) {
        for (int s = 0; s < g->cell_count; s++) {
            int made = 0;
            for (int b = g->step[v->forward_dir[!c]][s]; b != NO_CELL; b = g->step[v->forward_dir[!c]][b])
                made++;
            t->pawn_steps_made[c][s] = (uint8_t)made;
        }
        for (int s = 0; s < g->cell_count; s++)
            for (int f = g->step[v->forward_dir[c]][s]; f != NO_CELL; f = g->step[v->forward_dir[c]][f]) {
                hexset_add(t->front_span[c][s], f);
                for (int i = 0; i < 2; i++) {
                    int from = g->step[v->capture_dirs[!c][i] ^ 1][f];
                    if (from != NO_CELL)
                        hexset_add(t->front_span[c][s], from);
                }
            }
        for (int type = KING; type < PIECE_TYPE_NB; type++) {
            int atoms = v->atoms[type];
            for (int s = 0; s < g->cell_count; s++) {
                int centrality = radius - hex_distance_to_centre(g, s);
                int bonus;
                if (atoms & ATOM_PAWN) {
                    int to_go = steps_to_promotion(v, (Color)c, s);
                    int nearness = to_go < 6 ? 6 - to_go : 0;
                    t->passed_pawn_bonus[c][s] = (int16_t)(w[EP_PASSED_PAWN] * t->pawn_steps_made[c][s] +
                                                           w[EP_PASSED_PAWN_NEAR] * nearness * nearness);
                    bonus = w[EP_PAWN_ADVANCE] * t->pawn_steps_made[c][s] +
                            (to_go <= 3 && to_go > 0 ? w[EP_PAWN_NEAR_PROMOTION] * (4 - to_go) / 3 : 0);
                } else if (atoms & ATOM_KING) {
                    bonus = -w[EP_KING_CENTRE] * centrality;
                } else if (atoms & (ATOM_LEAP | ATOM_ELEPHANT)) {
                    bonus = w[EP_CENTRE_MINOR] * centrality;
                } else {
                    bonus = w[EP_CENTRE_SLIDER] * centrality;
                }
                t->pst[c][type][s] = (int16_t)(t->value[type] + bonus);
            }
        }
    }
}

/*
 * Per game, the Texel-tuned weights a match confirmed (see tools/tuned-weights.txt for how they were
 * fitted and tested); a game without a set uses default_weights and its seeds' piece values.
 */
static const struct {
    const char *variant;
    int weights[EVAL_PARAM_NB];
} tuned_sets[] = {
    {"cescacs", {
        [EP_CENTRE_MINOR] = 0,                   /* default 6 */
        [EP_CENTRE_SLIDER] = -3,                 /* default 3 */
        [EP_KING_CENTRE] = 28,                   /* default 8 */
        [EP_KING_CENTRE_EG] = 28,                /* (added after the fit: the middlegame's) */
        [EP_PAWN_ADVANCE] = -3,                  /* default 4 */
        [EP_PAWN_NEAR_PROMOTION] = 54,           /* default 30 */
        [EP_PASSED_PAWN] = 27,                   /* default 6 */
        [EP_PASSED_PAWN_NEAR] = 16,              /* default 4 */
        [EP_PROTECTED_PAWN] = 12,                /* default 8 */
        [EP_AWAITING_PAWN] = 150,
        [EP_MOBILITY] = 1,                       /* default 2 */
        [EP_ALL_BISHOPS] = 54,                   /* default 50 */
        [EP_KING_SHELTER] = 7,                   /* default 6 */
        [EP_KING_ATTACKERS] = 9,
        [EP_TEMPO] = 4,
        [EP_VALUE_FIRST + QUEEN] = 1956,         /* seed 1600 */
        [EP_VALUE_FIRST + WYVERN] = 1883,        /* seed 1500 */
        [EP_VALUE_FIRST + ROOK] = 988,           /* seed 1000 */
        [EP_VALUE_FIRST + PEGASUS] = 1227,       /* seed 800 */
        [EP_VALUE_FIRST + KNIGHT] = 353,         /* seed 400 */
        [EP_VALUE_FIRST + BISHOP] = 423,         /* seed 300 */
        [EP_VALUE_FIRST + ELEPHANT] = 141,       /* seed 200 */
        [EP_VALUE_FIRST + PAWN] = 150,           /* seed 100 */
    }},
    {"glinski", {
        [EP_CENTRE_MINOR] = 6,
        [EP_CENTRE_SLIDER] = 3,
        [EP_KING_CENTRE] = 3,                    /* default 8 */
        [EP_KING_CENTRE_EG] = -9,                /* default 8 */
        [EP_PAWN_ADVANCE] = -1,                  /* default 4 */
        [EP_PAWN_NEAR_PROMOTION] = 36,           /* default 30 */
        [EP_PASSED_PAWN] = -2,                   /* default 6 */
        [EP_PASSED_PAWN_NEAR] = 10,              /* default 4 */
        [EP_PROTECTED_PAWN] = 15,                /* default 8 */
        [EP_PAWN_EG] = 6,                        /* default 0 */
        [EP_AWAITING_PAWN] = 150,
        [EP_MOBILITY] = 2,
        [EP_ALL_BISHOPS] = 69,                   /* default 50 */
        [EP_KING_SHELTER] = 8,                   /* default 6 */
        [EP_KING_ATTACKERS] = 4,                 /* default 10 */
        [EP_TEMPO] = -3,                         /* default 10 */
        [EP_VALUE_FIRST + QUEEN] = 1379,         /* seed 1600 */
        [EP_VALUE_FIRST + ROOK] = 805,           /* seed 800 */
        [EP_VALUE_FIRST + KNIGHT] = 399,         /* seed 400 */
        [EP_VALUE_FIRST + BISHOP] = 338,         /* seed 300 */
        [EP_VALUE_FIRST + PAWN] = 112,           /* seed 100 */
    }},
};

void eval_build(EvalTables *t, const Variant *v)
{
    memset(t, 0, sizeof *t);
    t->v = v;
    memcpy(t->w, default_weights, sizeof default_weights);
    for (int type = 0; type < PIECE_TYPE_NB; type++)
        t->w[EP_VALUE_FIRST + type] = v->desc->pieces[type].value;
    for (size_t i = 0; i < sizeof tuned_sets / sizeof tuned_sets[0]; i++)
        if (!strcmp(tuned_sets[i].variant, v->desc->name))
            memcpy(t->w, tuned_sets[i].weights, sizeof t->w);
    eval_rebuild(t);
}

/*
 * The hexes a slider on s reaches along an axis: the empty ones either way, plus the men that end
 * the two walks (the wall ends a walk without counting). The line's set gives the nearest man
 * or wall each way at one look: between them lie next - prev - 1 hexes, s's among them.
 */
static inline int axis_reach(const Position *p, int s, int a)
{
    LineStops stops = line_stops(p, s, a);
    return stops.next - stops.prev - (stops.next == p->v->geo.lines_of[s][a].wall) - (stops.prev == 0);
}

/* The same along the three axes from `first`. */
static inline int slider_mobility(const Position *p, int s, int first)
{
    return axis_reach(p, s, first) + axis_reach(p, s, first + 1) + axis_reach(p, s, first + 2);
}

/* No enemy pawn (enemy_pawns: their hexes, as a set) stands on, or can capture onto, any hex ahead
 * of the pawn (its front span). */
static bool is_passed(const EvalTables *t, Color c, int s, const uint64_t *enemy_pawns)
{
    uint64_t met = 0;
    for (int i = 0; i < HEX_WORDS; i++)
        met |= t->front_span[c][s][i] & enemy_pawns[i];
    return !met;
}

static int pawn_score(const Position *p, const EvalTables *t, Color c, int s, const uint64_t *enemy_pawns)
{
    const Variant *v = p->v;
    int score = 0;
    if (v->promotion_zone[c][s])
        return t->w[EP_AWAITING_PAWN];
    for (int i = 0; i < 2; i++) {
        int guard = v->pawn_takers[c][s][i];
        if (guard != NO_CELL && p->board[guard] == make_piece(c, PAWN)) {
            score += t->w[EP_PROTECTED_PAWN];
            break;
        }
    }
    if (is_passed(t, c, s, enemy_pawns))
        score += t->passed_pawn_bonus[c][s];
    return score;
}

/* Side c's pawns: values, placement, structure. */
static int side_pawns(const Position *p, const EvalTables *t, Color c)
{
    int score = 0;
    for (int w = 0; w < HEX_WORDS; w++)
        for (uint64_t pawns = p->pawns[c][w]; pawns; pawns &= pawns - 1) {
            int s = w * 64 + __builtin_ctzll(pawns);
            score += t->pst[c][PAWN][s] + pawn_score(p, t, c, s, p->pawns[!c]);
        }
    return score;
}

void pawn_cache_clear(PawnCache *cache) { memset(cache, 0, sizeof *cache); }

static int pawns_white_minus_black(const Position *p, const EvalTables *t, PawnCache *cache)
{
    if (!cache)
        return side_pawns(p, t, WHITE) - side_pawns(p, t, BLACK);
    PawnCacheEntry *e = &cache->entry[p->pawn_key & (PAWN_CACHE_SIZE - 1)];
    if (!e->valid || e->key != p->pawn_key) {
        e->key = p->pawn_key;
        e->score = side_pawns(p, t, WHITE) - side_pawns(p, t, BLACK);
        e->valid = true;
    }
    return e->score;
}

/* Material and placement of the pieces, White's less Black's: the cheap part of the evaluation,
 * kept by the position when it sums these tables. */
static int pieces_white_minus_black(const Position *p, const EvalTables *t)
{
    int score = p->summed == t->pst ? p->sum : pos_table_sum(p, t->pst);
    return score + t->w[EP_ALL_BISHOPS] * ((p->count[WHITE][BISHOP] >= 3) - (p->count[BLACK][BISHOP] >= 3));
}

/* Mobility and king safety: the costly part. */
static int side_activity(const Position *p, const EvalTables *t, Color c)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    int mobility = 0, near_enemy_king = 0, shelter = 0;
    int their_king = p->king[!c], k = p->king[c];
    const uint64_t *ours = p->occupied[c];
    for (int w = 0; w < HEX_WORDS; w++) {
        for (uint64_t set = p->movers[c][MOVER_ORTH][w]; set; set &= set - 1) {
            int s = w * 64 + __builtin_ctzll(set);
            mobility += slider_mobility(p, s, ORTH_AXES);
        }
        for (uint64_t set = p->movers[c][MOVER_DIAG][w]; set; set &= set - 1) {
            int s = w * 64 + __builtin_ctzll(set);
            mobility += slider_mobility(p, s, DIAG_AXES);
        }
        /* a leaper: the hexes a leap away that none of ours holds */
        for (uint64_t set = p->movers[c][MOVER_LEAP][w]; set; set &= set - 1)
            mobility += hexset_count_outside(g->leap_set[w * 64 + __builtin_ctzll(set)], ours);
    }
    if (their_king != NO_CELL) {
        /* Our pieces (men other than pawns) near the enemy king, counted with our king among them,
         * whose term is taken off after. */
        uint64_t pieces[HEX_WORDS];
        for (int i = 0; i < HEX_WORDS; i++)
            pieces[i] = ours[i] & ~p->pawns[c][i];
        near_enemy_king = hexset_count_in(t->king_zone[their_king], pieces);
        if (k != NO_CELL)
            near_enemy_king -= t->king_distance[their_king][k] <= KING_ZONE_RADIUS;
    }
    if (k != NO_CELL)
        shelter = hexset_count_in(g->neighbour_set[k], ours); /* our men next to the king */
    return t->w[EP_MOBILITY] * mobility + t->w[EP_KING_ATTACKERS] * near_enemy_king + t->w[EP_KING_SHELTER] * shelter;
}

static int from_mover(const Position *p, int white) { return p->stm == WHITE ? white : -white; }

/*
 * Against a bare king (no pawns on the board) with the men to mate, the usual king placement (keep
 * to the back) would help the lone king stay central: it is replaced by the mop-up, for the
 * stronger side, which drives the lone king to a corner and brings its own king near.
 */
/* The side that can mate a bare king (no pawns on the board), or COLOR_NB when that is not the
 * position. */
static int mating_side(const Position *p)
{
    if (p->count[WHITE][PAWN] || p->count[BLACK][PAWN] || p->king[WHITE] == NO_CELL || p->king[BLACK] == NO_CELL)
        return COLOR_NB;
    Color weak = p->men_count[WHITE] == 1 ? WHITE : BLACK;
    Color strong = (Color)!weak;
    if (p->men_count[weak] != 1 || p->men_count[strong] == 1 || !pos_can_win(p, strong))
        return COLOR_NB;
    return strong;
}

static int mop_up_white(const Position *p, const EvalTables *t)
{
    int mating = mating_side(p);
    if (mating == COLOR_NB)
        return 0;
    Color strong = (Color)mating, weak = (Color)!strong;
    int lone = p->king[weak], own = p->king[strong];
    /* The hexes the lone king may still step to: distances alone cannot see a box a rook makes. */
    const Geometry *g = &p->v->geo;
    int freedom = 0;
    for (int i = 0; i < g->neighbour_count[lone]; i++)
        freedom += !pos_attacked(p, g->neighbours[lone][i], strong);
    int herd = t->lone_king_room[lone] + MOPUP_KINGS * (t->king_distance[lone][own] - 1) + MOPUP_FREEDOM * freedom;
    /* Scaled rather than clipped: on the larger board a clipped herd was flat wherever the lone
     * king kept away from the edge, and the search had nothing to steer by. */
    if (t->herd_max >= t->value[PAWN])
        herd = herd * (t->value[PAWN] - 1) / t->herd_max;
    int score = t->pst[weak][KING][lone] - t->pst[strong][KING][own] - herd; /* the kings' values cancel */
    return strong == WHITE ? score : -score;
}

/* The terms that change as pieces leave the board, White's less Black's: their endgame weights
 * count by the share of the set-up's pieces gone. */
static int endgame_shift_white(const Position *p, const EvalTables *t)
{
    int pieces = 0;
    for (int type = KING + 1; type < PAWN; type++)
        pieces += (p->count[WHITE][type] + p->count[BLACK][type]) * t->value[type];
    int gone = t->phase_full - pieces;
    if (gone <= 0)
        return 0;
    int shift = t->w[EP_PAWN_EG] * (p->count[WHITE][PAWN] - p->count[BLACK][PAWN]);
    /* Against a bare king the mop-up places the kings instead. */
    if (p->king[WHITE] != NO_CELL && p->king[BLACK] != NO_CELL && mating_side(p) == COLOR_NB)
        shift += t->king_endgame_gain[p->king[WHITE]] - t->king_endgame_gain[p->king[BLACK]];
    return shift * gone / t->phase_full;
}

int evaluate_material(const Position *p, const EvalTables *t, PawnCache *cache)
{
    int white = pieces_white_minus_black(p, t) + pawns_white_minus_black(p, t, cache) + mop_up_white(p, t) +
                endgame_shift_white(p, t);
    return from_mover(p, white) + t->w[EP_TEMPO];
}

int evaluate_activity(const Position *p, const EvalTables *t)
{
    /* Against a bare king only the herd counts: mobility and the men near either king would
     * outweigh its few centipawns a step and steer the pieces instead of the kings. */
    if (mating_side(p) != COLOR_NB)
        return 0;
    return from_mover(p, side_activity(p, t, WHITE) - side_activity(p, t, BLACK));
}

int evaluate(const Position *p, const EvalTables *t, PawnCache *cache)
{
    return evaluate_material(p, t, cache) + evaluate_activity(p, t);
}
