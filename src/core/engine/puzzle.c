#include "puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/arbiter.h"
#include "../rules/movegen.h"
#include "../util/random.h"

/* One move is the solution when it scores this much more than any other, in expected score: the
 * 0.42 of "winning chances" (-1 to +1) by which lichess's puzzle generator tells the only move. */
static const double UNIQUE_GAP = 0.21;
/* Clearly won: the expected score the solver's position reaches (about +2.3 pawns)... */
static const double CLEARLY_WON = 0.70;
/* ...and had not reached before the opponent's mistake (about +3.8 pawns): a won game's routine
 * moves are no puzzle. */
static const double ALREADY_WON = 0.80;
/* Material won by force: at least two pawns' worth, counted after the opponent's answer. */
enum { MIN_GAIN = 200 };

bool puzzle_candidate(const ReviewedMove *m)
{
    if (m->judgement != CLASS_MISTAKE && m->judgement != CLASS_BLUNDER)
        return false;
    Color solver = (Color)!m->mover;
    return eval_expectation(&m->before, solver) < ALREADY_WON && eval_expectation(&m->after, solver) >= CLEARLY_WON;
}

typedef struct {
    SearchInfo line[2];
    int count;
} TwoLines;

static void keep_two(const SearchInfo *info, void *ctx)
{
    TwoLines *t = ctx;
    if (info->multipv > 2)
        return;
    t->line[info->multipv - 1] = *info;
    if (info->multipv > t->count)
        t->count = info->multipv;
}

/* The two best moves of p; false when p has fewer than two legal moves (nothing to choose). */
static bool two_best(Engine *e, Position *p, const SearchLimits *limits, TwoLines *t)
{
    memset(t, 0, sizeof *t);
    char err[64];
    engine_set_option(e, "MultiPV", "2", err, sizeof err);
    Move m = engine_search(e, p, limits, keep_two, t);
    engine_set_option(e, "MultiPV", "1", err, sizeof err);
    return m != MOVE_NONE && t->count == 2 && t->line[0].pv_len > 0 && t->line[1].pv_len > 0;
}

/* Does the first line's move stand alone: the second neither mates nor comes near it? */
static bool only_move(const TwoLines *t, Color stm)
{
    Evaluation best, second;
    evaluation_of_search(&t->line[0], stm, &best);
    evaluation_of_search(&t->line[1], stm, &second);
    if (second.is_mate && second.mater == stm)
        return false;
    return eval_expectation(&best, stm) - eval_expectation(&second, stm) >= UNIQUE_GAP;
}

/* stm's material lead at p, in hundredths of a pawn by the variant's values. */
static int material(const Position *p, Color stm)
{
    int sum = 0;
    for (int t = KING + 1; t < PIECE_TYPE_NB; t++)
        sum += (p->count[stm][t] - p->count[!stm][t]) * p->v->desc->pieces[t].value;
    return sum;
}

/* Plays the line's move onto q, first checking that it is legal there. */
static bool extend(PuzzleSolution *z, Position *q, Move m)
{
    if (z->length >= PUZZLE_MAX_LINE || !move_is_legal(q, m))
        return false;
    z->line[z->length++] = m;
    pos_make(q, m);
    return true;
}

/* The mate in n of t's first line, move by move: each of the solver's moves but the mating one
 * (where any mate is right) must be the only move, found again by a search of its own. */
static bool solve_mate(Engine *e, Position *q, const SearchLimits *limits, TwoLines *t, int n, PuzzleSolution *z)
{
    Color solver = q->stm;
    for (int step = 0; step < n; step++) {
        if (step > 0) {
            if (!two_best(e, q, limits, t) || !t->line[0].is_mate || t->line[0].mate_moves != n - step)
                return false;
            if (step < n - 1 && !only_move(t, solver))
                return false;
        }
        if (!extend(z, q, t->line[0].pv[0]))
            return false;
        if (step < n - 1 && (t->line[0].pv_len < 2 || !extend(z, q, t->line[0].pv[1])))
            return false;
    }
    Verdict verdict;
    arbiter_judge(q, &verdict);
    return verdict.reason == END_CHECKMATE;
}

/* Material won by t's first line: the solver's move, and when the gain needs a second blow, the
 * answer and that blow, itself the only move. The gain is counted after the opponent's answer. */
static bool solve_material(Engine *e, Position *q, const SearchLimits *limits, TwoLines *t, PuzzleSolution *z)
{
    Color solver = q->stm;
    int before = material(q, solver);
    SearchInfo first = t->line[0]; /* t is searched again below */
    if (first.pv_len < 2 || win_expectation(first.score) < CLEARLY_WON)
        return false;
    if (!extend(z, q, first.pv[0]) || !move_is_legal(q, first.pv[1]))
        return false;
    pos_make(q, first.pv[1]);
    z->gain = material(q, solver) - before;
    if (z->gain >= MIN_GAIN)
        return true;
    if (!two_best(e, q, limits, t) || t->line[0].pv_len < 2 || !only_move(t, solver))
        return false;
    z->line[z->length++] = first.pv[1];
    if (!extend(z, q, t->line[0].pv[0]) || !move_is_legal(q, t->line[0].pv[1]))
        return false;
    pos_make(q, t->line[0].pv[1]);
    z->gain = material(q, solver) - before;
    return z->gain >= MIN_GAIN;
}

bool puzzle_verify(Engine *e, Position *p, const SearchLimits *limits, PuzzleSolution *out)
{
    memset(out, 0, sizeof *out);
    TwoLines *t = malloc(sizeof *t);
    Position *q = malloc(sizeof *q);
    bool ok = false;
    if (t && q && two_best(e, p, limits, t) && only_move(t, p->stm)) {
        memcpy(q, p, sizeof *q);
        const SearchInfo *best = &t->line[0];
        if (best->is_mate && best->mate_moves > 0 && best->mate_moves <= PUZZLE_MAX_MATE) {
            out->mate_moves = best->mate_moves;
            ok = solve_mate(e, q, limits, t, best->mate_moves, out);
        } else if (!best->is_mate) {
            ok = solve_material(e, q, limits, t, out);
        }
    }
    free(t);
    free(q);
    return ok;
}

void puzzle_theme(const PuzzleSolution *z, char *buf, size_t size)
{
    if (z->mate_moves)
        snprintf(buf, size, "mate%d", z->mate_moves);
    else
        snprintf(buf, size, "material");
}

int puzzle_self_play(Engine *e, Position *start, uint64_t *rng, int opening_plies, int depth, Move *moves,
                     int max_plies)
{
    Position *p = malloc(sizeof *p);
    if (!p)
        return 0;
    memcpy(p, start, sizeof *p);
    SearchLimits limits;
    search_limits_init(&limits);
    int n = 0;
    while (n < max_plies && p->ply < MAX_SEARCHABLE_PLY) {
        Verdict verdict;
        arbiter_judge(p, &verdict);
        if (verdict.outcome != OUTCOME_NONE)
            break;
        Move m;
        if (n < opening_plies) {
            MoveList ml;
            gen_legal(p, &ml);
            m = ml.moves[splitmix64(rng) % (uint64_t)ml.count];
        } else {
            /* A depth drawn anew for each move: the shallower searches blunder more often. */
            limits.depth = 1 + (int)(splitmix64(rng) % (uint64_t)depth);
            m = engine_search(e, p, &limits, NULL, NULL);
        }
        if (m == MOVE_NONE)
            break;
        moves[n++] = m;
        pos_make(p, m);
    }
    free(p);
    return n;
}
