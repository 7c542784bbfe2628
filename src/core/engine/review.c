#include "review.h"

#include <stdlib.h>
#include <string.h>

#include "../rules/arbiter.h"

/* An evaluation of side's making: a mate in moves, or a lead of cp for side. */
static void set_mate(Evaluation *e, Color mater, int moves)
{
    memset(e, 0, sizeof *e);
    e->is_mate = true;
    e->mater = mater;
    e->mate_moves = moves;
}

static void set_cp(Evaluation *e, Color side, int cp)
{
    memset(e, 0, sizeof *e);
    e->cp = side == WHITE ? cp : -cp;
}

/* The game's end at p by the rules, as an evaluation; false while it goes on. A result between a
 * win and a loss (a draw, a stalemate's share of the points) becomes the lead that the model
 * expects to score as much. */
static bool evaluate_end(Position *p, Evaluation *out)
{
    Verdict verdict;
    arbiter_judge(p, &verdict);
    if (verdict.outcome == OUTCOME_NONE)
        return false;
    if (verdict.reason == END_CHECKMATE)
        set_mate(out, (Color)!p->stm, 0);
    else
        set_cp(out, WHITE, cp_of_expectation(outcome_white_permille(p->v, verdict.outcome) / 1000.0));
    return true;
}

/* The tables' verdict on p from its side to move, and their move; MOVE_NONE when they do not hold it. */
static Move evaluate_by_tables(TbSet *tables, Position *p, Evaluation *out)
{
    uint16_t value;
    if (!tables || tbset_variant(tables) != p->v || !tb_probe(tables, p, &value))
        return MOVE_NONE;
    Move m = tb_best_move(tables, p, &value);
    if (m == MOVE_NONE)
        return MOVE_NONE;
    Color winner = tb_wins(value) ? p->stm : (Color)!p->stm;
    int moves = (tb_distance(value) + 1) / 2;
    if (value <= TB_DRAW)
        set_cp(out, WHITE, 0);
    else if (tb_is_mate(value))
        set_mate(out, winner, moves);
    else
        set_cp(out, winner, cp_of_expectation(p->v->desc->stalemate_share_permille / 1000.0));
    return m;
}

void evaluation_of_search(const SearchInfo *info, Color stm, Evaluation *out)
{
    if (info->is_mate)
        set_mate(out, info->mate_moves > 0 ? stm : (Color)!stm, abs(info->mate_moves));
    else
        set_cp(out, stm, info->score);
}

static void keep_first_line(const SearchInfo *info, void *ctx)
{
    if (info->multipv == 1)
        *(SearchInfo *)ctx = *info;
}

Move review_position(Engine *engine, TbSet *tables, const SearchLimits *limits, Position *p, Evaluation *out)
{
    if (evaluate_end(p, out))
        return MOVE_NONE;
    Move m = evaluate_by_tables(tables, p, out);
    if (m != MOVE_NONE)
        return m;
    SearchInfo info;
    memset(&info, 0, sizeof info);
    m = engine_search(engine, p, limits, keep_first_line, &info);
    evaluation_of_search(&info, p->stm, out);
    return m;
}

bool review_line(const Review *r, const Position *start, const Move *moves, int count, ReviewSummary *out)
{
    memset(out, 0, sizeof *out);
    Position *p = malloc(sizeof *p);
    double *expect = malloc(sizeof *expect * (size_t)(count + 1));
    if (!p || !expect) {
        free(p);
        free(expect);
        return false;
    }
    memcpy(p, start, sizeof *p);
    ReviewedMove rm;
    memset(&rm, 0, sizeof rm);
    Color first = p->stm;
    Move best = review_position(r->engine, r->tables, &r->limits, p, &rm.after);
    expect[0] = eval_expectation(&rm.after, WHITE);
    int i = 0;
    for (; i < count && p->ply < MAX_SEARCHABLE_PLY; i++) {
        rm.ply = i + 1;
        rm.mover = p->stm;
        rm.played = moves[i];
        rm.best = best;
        rm.before = rm.after;
        pos_make(p, moves[i]);
        Move next_best = review_position(r->engine, r->tables, &r->limits, p, &rm.after);
        pos_unmake(p);
        rm.judgement = assess_move(&rm.before, &rm.after, rm.mover, moves[i] == best);
        if (r->on_move)
            r->on_move(p, &rm, r->ctx);
        pos_make(p, moves[i]);
        expect[i + 1] = eval_expectation(&rm.after, WHITE);
        best = next_best;
    }
    out->plies = i;
    game_accuracy(expect, i + 1, first, out->accuracy, out->has_accuracy);
    free(expect);
    free(p);
    return true;
}
