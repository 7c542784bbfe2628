#include "status.h"

#include <stdio.h>
#include <string.h>

#include "movegen.h"

CheckKind pos_check_kind(const Position *p)
{
    int k = p->king[p->stm];
    if (k == NO_CELL)
        return CHECK_NONE;
    uint8_t attackers[64];
    int n = pos_attackers(p, k, (Color)!p->stm, attackers);
    if (n == 0)
        return CHECK_NONE;
    if (n > 1)
        return CHECK_DOUBLE;
    const Geometry *g = &p->v->geo;
    if (geometry_adjacent(g, k, attackers[0]))
        return CHECK_NEAR;
    for (int i = 0; i < g->leap_count[k]; i++)
        if (g->leaps[k][i] == attackers[0])
            return CHECK_NEAR;
    return CHECK_DISTANT;
}

int pos_repetitions(const Position *p)
{
    int count = 1;
    int oldest = p->ply - p->halfmove;
    for (int i = p->ply - 2; i >= 0 && i >= oldest; i -= 2)
        count += p->hist[i].key == p->key;
    return count;
}

void pos_side_material(const Position *p, Color c, SideMaterial *m)
{
    const Variant *v = p->v;
    memset(m, 0, sizeof *m);
    for (int k = 0; k < p->men_count[c]; k++) {
        int cell = p->men[c][k];
        PieceType t = piece_type(p->board[cell]);
        if (t != KING)
            m->n[t][v->colour_bound[t] ? v->geo.colour[cell] : 0]++;
    }
}

bool pos_can_win(const Position *p, Color c)
{
    const Variant *v = p->v;
    /* A king never gives check: alone, it wins only where a stalemate does. */
    if (p->men_count[c] == 1 && v->desc->stalemate_share_permille <= 500)
        return false;
    /* The list names pawnless material only, and none larger than no_win_men men. */
    if (p->count[WHITE][PAWN] || p->count[BLACK][PAWN] || p->men_count[WHITE] + p->men_count[BLACK] > v->no_win_men)
        return true;
    SideMaterial side, other;
    pos_side_material(p, c, &side);
    pos_side_material(p, (Color)!c, &other);
    return !variant_no_win(v, &side, &other);
}

bool pos_insufficient_material(const Position *p) { return !pos_can_win(p, WHITE) && !pos_can_win(p, BLACK); }

void pos_status(Position *p, Status *st)
{
    const VariantDesc *d = p->v->desc;
    st->check = pos_check_kind(p);
    st->legal_moves = count_legal(p);
    st->mate = st->legal_moves == 0 && st->check != CHECK_NONE;
    st->stalemate = st->legal_moves == 0 && st->check == CHECK_NONE;
    st->draw = st->claimable = DRAW_NONE;
    if (st->mate || st->stalemate)
        return;
    int reps = pos_repetitions(p);
    if (pos_insufficient_material(p))
        st->draw = DRAW_INSUFFICIENT;
    else if (d->move_rule_draw && p->halfmove >= d->move_rule_draw)
        st->draw = DRAW_MOVE_RULE;
    else if (d->repetition_draw && reps >= d->repetition_draw)
        st->draw = DRAW_REPETITION;
    else if (d->move_rule_claim && p->halfmove >= d->move_rule_claim)
        st->claimable = DRAW_MOVE_RULE;
    else if (d->repetition_claim && reps >= d->repetition_claim)
        st->claimable = DRAW_REPETITION;
}

const char *check_suffix(CheckKind k)
{
    switch (k) {
    case CHECK_DISTANT:
        return "+\xe2\x88\x9e";
    case CHECK_NEAR:
        return "+^";
    case CHECK_DOUBLE:
        return "++";
    case CHECK_NONE:
        break;
    }
    return "";
}

void draw_name(const Variant *v, DrawKind k, bool claim, char *buf, int size)
{
    switch (k) {
    case DRAW_MOVE_RULE:
        snprintf(buf, (size_t)size, "%d-move", (claim ? v->desc->move_rule_claim : v->desc->move_rule_draw) / 2);
        return;
    case DRAW_REPETITION:
        snprintf(buf, (size_t)size, "repetition");
        return;
    case DRAW_INSUFFICIENT:
        snprintf(buf, (size_t)size, "insufficient-material");
        return;
    case DRAW_NONE:
        break;
    }
    snprintf(buf, (size_t)size, "none");
}
