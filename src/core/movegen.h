/* Legal move generation for any variant description. */
#ifndef HEXCHESS_MOVEGEN_H
#define HEXCHESS_MOVEGEN_H

#include "position.h"

/* What telling the legal moves among the rules' moves needs to know of the position. */
typedef struct {
    Color us, them;
    bool in_check;
    int shield_nb;
    uint8_t shields[DIR_NB + 1]; /* own men whose move may expose the king */
    int checker_nb;
    uint8_t checkers[MAX_ATTACKERS]; /* the men giving check, when in_check */
} MoveFilter;

/* The moves the rules of movement allow (all, or the noisy ones), before king safety: a search
 * tests each with move_is_safe only when it comes to play it. in_check must be the position's. */
void gen_moves(Position *p, bool in_check, bool noisy_only, MoveList *out, MoveFilter *filter);
/* Does a move of gen_moves leave the king safe (is it legal)? */
bool move_is_safe(Position *p, const MoveFilter *filter, Move m);
/* Does the legal move m check the other king? */
bool move_gives_check(Position *p, Move m);
/* Every legal move of the side to move. */
void gen_legal(Position *p, MoveList *out);
/* The legal captures and promotions (the quiescence search's moves). */
void gen_legal_noisy(Position *p, MoveList *out);
/* Does the move take a man or promote? (Inline: move ordering asks it of every move.) */
static inline bool move_is_noisy(const Position *p, Move m)
{
    /* Most moves are plain (no kind, promotion or castling bits): noisy when they take. */
    if (m >> 16 == 0)
        return p->board[move_to(m)];
    MoveKind kind = move_kind(m);
    if (kind == MK_CASTLE)
        return false;
    return move_promo(m) != NO_TYPE || kind == MK_EN_PASSANT || kind == MK_SCORNFUL || p->board[move_to(m)];
}
/* How many legal moves there are (the same rules as gen_legal, counted without storing). */
int count_legal(Position *p);
/* Is m one of the legal moves? */
bool move_is_legal(Position *p, Move m);

#endif
