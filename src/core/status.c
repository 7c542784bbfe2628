#include "status.h"

#include <stdio.h>

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

static bool lone_minor_at_most(const Position *p, Color c, int minors_allowed)
{
    int minors = 0;
    for (int t = KING + 1; t < PIECE_TYPE_NB; t++) {
        if (!p->count[c][t])
            continue;
        if (!p->v->desc->pieces[t].minor)
            return false;
        minors += p->count[c][t];
    }
    return minors <= minors_allowed;
}

bool pos_insufficient_material(const Position *p)
{
    if (p->count[WHITE][PAWN] || p->count[BLACK][PAWN])
        return false;
    switch (p->v->desc->insufficient) {
    case BARE_KING_AGAINST_ONE_MINOR:
        return (lone_minor_at_most(p, WHITE, 0) && lone_minor_at_most(p, BLACK, 1)) ||
               (lone_minor_at_most(p, BLACK, 0) && lone_minor_at_most(p, WHITE, 1));
    case AT_MOST_ONE_MINOR_EACH:
        return lone_minor_at_most(p, WHITE, 1) && lone_minor_at_most(p, BLACK, 1);
    }
    return false;
}

bool pos_can_mate(const Position *p, Color c)
{
    if (p->count[c][PAWN])
        return true;
    /* A lone minor mates only with the help of the other side's men: never against a bare king,
     * and never at all where the variant holds a minor each insufficient (Gliński). */
    bool other_bare = !p->count[!c][PAWN] && lone_minor_at_most(p, (Color)!c, 0);
    bool minor_mates = p->v->desc->insufficient != AT_MOST_ONE_MINOR_EACH && !other_bare;
    return !lone_minor_at_most(p, c, minor_mates ? 0 : 1);
}

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
