#include "movespec.h"

#include <stdio.h>
#include <stdlib.h>

#include "../rules/movegen.h"
#include "letters.h"

void move_spec_init(MoveSpec *s)
{
    s->piece = s->captured = s->promo = NO_TYPE;
    s->from = s->to = NO_CELL;
    s->from_col = s->from_number = s->to_col = s->castle = -1;
    s->capture = s->awaiting = s->in_place = false;
}

static const char *side_name(Color c) { return c == WHITE ? "White" : "Black"; }

static int cell_text(const Position *p, int cell, char *buf)
{
    if (cell == NO_CELL)
        return sprintf(buf, "?");
    return variant_cell_name(p->v, cell, buf);
}

static int rank_of(const Variant *v, int cell)
{
    const Geometry *g = &v->geo;
    if (v->desc->coords == COORDS_CTL)
        return g->line[cell];
    return (g->line[cell] - abs(g->col[cell] - (g->side - 1))) / 2 + 1;
}

static bool fits(const Position *p, const MoveSpec *s, Move m, bool check_promo)
{
    const Variant *v = p->v;
    MoveKind kind = move_kind(m);
    int from = move_from(m), to = move_to(m);
    if (s->castle >= 0)
        return kind == MK_CASTLE && move_castle(m) == s->castle;
    if (kind == MK_CASTLE)
        return false;
    if (s->in_place != (kind == MK_PROMOTE_HERE))
        return false;
    if (s->from != NO_CELL && from != s->from)
        return false;
    if (s->from_col >= 0 && v->geo.col[from] != s->from_col)
        return false;
    if (s->from_number >= 0 && rank_of(v, from) != s->from_number)
        return false;
    if (s->to != NO_CELL && to != s->to)
        return false;
    PieceType mover = piece_type(p->board[from]);
    if (s->to == NO_CELL) {
        bool captures = kind == MK_EN_PASSANT || kind == MK_SCORNFUL || p->board[to];
        if (s->to_col < 0 || v->geo.col[to] != s->to_col || !captures)
            return false;
    }
    if (s->piece != NO_TYPE && mover != s->piece)
        return false;
    if (s->piece == NO_TYPE && s->from == NO_CELL && !s->in_place && mover != PAWN)
        return false;
    if (check_promo && s->promo != NO_TYPE && move_promo(m) != s->promo)
        return false;
    return true;
}

static PieceType victim_type(const Position *p, Move m)
{
    MoveKind kind = move_kind(m);
    if (kind == MK_EN_PASSANT)
        return piece_type(p->board[p->ep_victim]);
    if (kind == MK_CASTLE || kind == MK_PROMOTE_HERE)
        return NO_TYPE;
    return piece_type(p->board[move_to(m)]);
}

static void list_promotions(const Position *p, const Move *moves, int n, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && len + 4 < size; i++) {
        char c = variant_piece_letter(p->v, move_promo(moves[i]));
        len += (size_t)snprintf(out + len, size - len, "%s=%c", i ? ", " : "", c ? c : '&');
    }
}

static void explain_none(Position *p, const MoveSpec *s, const MoveList *ml, char *why, size_t size)
{
    char from[8], to[8];
    cell_text(p, s->from, from);
    cell_text(p, s->to, to);
    if (s->castle >= 0) {
        snprintf(why, size, "%s cannot castle %s here", side_name(p->stm), p->v->castles[p->stm][s->castle].name);
        return;
    }
    if (s->from != NO_CELL) {
        Piece pc = p->board[s->from];
        if (!pc) {
            snprintf(why, size, "no man stands on %s", from);
            return;
        }
        if (piece_color(pc) != p->stm) {
            snprintf(why, size, "the %s on %s is %s's, and %s is to move", piece_name(piece_type(pc)), from,
                     side_name(piece_color(pc)), side_name(p->stm));
            return;
        }
        if (s->piece != NO_TYPE && piece_type(pc) != s->piece) {
            snprintf(why, size, "%s holds a %s, not a %s", from, piece_name(piece_type(pc)), piece_name(s->piece));
            return;
        }
        Move same[PIECE_TYPE_NB];
        int n = 0;
        for (int i = 0; i < ml->count && n < PIECE_TYPE_NB; i++)
            if (fits(p, s, ml->moves[i], false))
                same[n++] = ml->moves[i];
        if (n > 0) {
            char choices[64];
            list_promotions(p, same, n, choices, sizeof choices);
            snprintf(why, size, "the %s cannot do that on %s: the legal choices are %s", piece_name(piece_type(pc)),
                     to, choices);
            return;
        }
        if (s->in_place)
            snprintf(why, size, "the pawn on %s cannot promote in place now", from);
        else
            snprintf(why, size, "not a legal move of the %s on %s to %s", piece_name(piece_type(pc)), from, to);
        return;
    }
    PieceType t = s->piece == NO_TYPE ? PAWN : s->piece;
    if (s->to == NO_CELL && s->to_col >= 0)
        snprintf(why, size, "no %s of %s can capture on column %c", piece_name(t), side_name(p->stm),
                 p->v->desc->column_names[s->to_col]);
    else
        snprintf(why, size, "no %s of %s can move to %s", piece_name(t), side_name(p->stm), to);
}

Move move_spec_match(Position *p, const MoveSpec *s, char *why, size_t why_size)
{
    MoveList ml;
    gen_legal(p, &ml);
    Move found[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < ml.count; i++)
        if (fits(p, s, ml.moves[i], true))
            found[n++] = ml.moves[i];
    if (n == 0) {
        explain_none(p, s, &ml, why, why_size);
        return MOVE_NONE;
    }
    /* Several moves differing only by the promotion piece: the record must name it. */
    bool same_path = true;
    for (int i = 1; i < n; i++)
        same_path &= move_from(found[i]) == move_from(found[0]) && move_to(found[i]) == move_to(found[0]);
    if (n > 1 && same_path) {
        char choices[64];
        list_promotions(p, found, n, choices, sizeof choices);
        snprintf(why, why_size, "the pawn must say what it becomes: %s", choices);
        return MOVE_NONE;
    }
    if (n > 1) {
        char list[120];
        size_t len = 0;
        for (int i = 0; i < n && len + 8 < sizeof list; i++) {
            char c[8];
            variant_cell_name(p->v, move_from(found[i]), c);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", c);
        }
        snprintf(why, why_size, "ambiguous: %d moves fit (from %s)", n, list);
        return MOVE_NONE;
    }
    Move m = found[0];
    if (s->awaiting && move_promo(m) != NO_TYPE) {
        snprintf(why, why_size, "the pawn cannot wait (=&): a piece is regainable");
        return MOVE_NONE;
    }
    PieceType victim = victim_type(p, m);
    if (s->captured != NO_TYPE && victim != s->captured) {
        char to[8];
        cell_text(p, move_to(m), to);
        if (victim == NO_TYPE)
            snprintf(why, why_size, "the move captures nothing, not a %s", piece_name(s->captured));
        else
            snprintf(why, why_size, "the move captures a %s, not a %s", piece_name(victim), piece_name(s->captured));
        return MOVE_NONE;
    }
    return m;
}
