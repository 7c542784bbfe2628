#include "uimove.h"

#include <string.h>

void ui_move_describe(const Position *p, Move m, UiMove *u)
{
    const Variant *v = p->v;
    memset(u, 0, sizeof *u);
    move_to_text(p, m, u->text);
    u->from = move_from(m);
    u->to = move_to(m);
    u->captured = NO_CELL;
    if (move_promo(m) != NO_TYPE)
        u->promo[0] = variant_piece_letter(v, move_promo(m));
    else if (piece_type(p->board[u->from]) == PAWN && v->promotion_zone[p->stm][u->to])
        u->promo[0] = '&';
    switch (move_kind(m)) {
    case MK_CASTLE: {
        u->kind = "castle";
        const Castle *c = &v->castles[p->stm][move_castle(m)];
        u->rook_count = c->rook_count;
        for (int r = 0; r < c->rook_count; r++) {
            u->rooks[r][0] = v->rook_start[p->stm][c->rook_which[r]];
            u->rooks[r][1] = c->rook_to[r];
        }
        break;
    }
    case MK_EN_PASSANT:
        u->kind = "en-passant";
        u->captured = p->ep_victim;
        break;
    case MK_SCORNFUL:
        u->kind = "scornful";
        break;
    case MK_PROMOTE_HERE:
        u->kind = "promote-here";
        break;
    default:
        break;
    }
}
