#include "see.h"

#include <string.h>

/* The king can take part only as the last capturer: losing it outweighs everything. */
enum { SEE_KING_VALUE = 100000 };

static int see_value(const int *values, Piece pc)
{
    if (!pc)
        return 0;
    return piece_type(pc) == KING ? SEE_KING_VALUE : values[piece_type(pc)];
}

/* Does a pawn of colour by attack the hex? */
static bool pawn_takes_on(const Position *p, int cell, Color by)
{
    const Variant *v = p->v;
    Piece pawn = make_piece(by, PAWN);
    for (int i = 0; i < 2; i++) {
        int s = v->pawn_takers[by][cell][i];
        if (s != NO_CELL && p->board[s] == pawn)
            return true;
    }
    return false;
}

/*
 * Attackers are recomputed on a scratch board after every capture, so x-rays (and the elephant's
 * two-step) come in naturally.
 */
bool see_ge(const Position *p, const int *values, Move m, int threshold)
{
    MoveKind kind = move_kind(m);
    if (kind != MK_NORMAL || move_promo(m) != NO_TYPE)
        return true;
    int from = move_from(m), to = move_to(m);
    /* The exchange ends between losing the mover for the man taken and keeping the man taken. */
    int taken = see_value(values, p->board[to]), mover = see_value(values, p->board[from]);
    if (taken - mover >= threshold)
        return true;
    if (taken < threshold)
        return false;
    /* Taken back by a pawn, the mover is lost for at most a pawn won back: the common case of a
     * man defended by a pawn needs no exchange played out. */
    if (taken - mover + values[PAWN] < threshold && pawn_takes_on(p, to, (Color)!p->stm))
        return false;
    Piece board[MAX_CELLS];
    memcpy(board, p->board, sizeof board);
    int gain[64], d = 0;
    gain[0] = see_value(values, board[to]);
    int on_target = see_value(values, board[from]);
    board[to] = board[from];
    board[from] = EMPTY;
    Color side = (Color)!p->stm;
    while (d < 62) {
        uint8_t attackers[64];
        int n = board_attackers(p, board, to, side, attackers);
        if (n == 0)
            break;
        int best = 0;
        for (int i = 1; i < n; i++)
            if (see_value(values, board[attackers[i]]) < see_value(values, board[attackers[best]]))
                best = i;
        d++;
        gain[d] = on_target - gain[d - 1];
        /* Neither stopping nor this capture helps the side making it: later captures cannot. */
        if ((-gain[d - 1] > gain[d] ? -gain[d - 1] : gain[d]) < 0)
            break;
        on_target = see_value(values, board[attackers[best]]);
        board[to] = board[attackers[best]];
        board[attackers[best]] = EMPTY;
        side = (Color)!side;
    }
    /* Every gain[1..d] is a capture that can happen (its attacker exists); each side picks the
     * better of capturing and stopping, from the last capture back. */
    for (; d > 0; d--)
        gain[d - 1] = -(-gain[d - 1] > gain[d] ? -gain[d - 1] : gain[d]);
    return gain[0] >= threshold;
}
