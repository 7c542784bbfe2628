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
    /* Taking a man worth at least the taker can only lose if threshold asks for more. */
    if (threshold <= 0 && see_value(values, p->board[to]) >= see_value(values, p->board[from]))
        return true;
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
