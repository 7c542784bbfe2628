/* Legal move generation for any variant description. */
#ifndef HEXCHESS_MOVEGEN_H
#define HEXCHESS_MOVEGEN_H

#include "position.h"

/* What telling the legal moves among the rules' moves needs to know of the position. */
typedef struct {
    Color us, them;
    bool in_check;
    int shield_nb;                   /* -1 until move_is_safe first needs them */
    uint8_t shields[DIR_NB + 1];     /* own men whose move may expose the king */
    int discoverer_nb;               /* -1 until move_gives_check first needs them */
    uint8_t discoverers[DIR_NB + 1]; /* own men whose move may uncover a check of the other king */
    int checker_nb;
    uint8_t checkers[MAX_ATTACKERS]; /* the men giving check, when in_check */
} MoveFilter;

/* Which of the rules' moves to generate: the noisy ones (captures and promotions, see
 * move_is_noisy) and the quiet ones part them. The values are the rows of Variant.enterable. */
typedef enum { GEN_ALL, GEN_NOISY, GEN_QUIET } GenKind;

/* The moves the rules of movement allow (of the kind asked), before king safety: a search tests
 * each with move_is_safe only when it comes to play it. in_check must be the position's. */
void gen_moves(Position *p, bool in_check, GenKind kind, MoveList *out, MoveFilter *filter);
/* Appends the quiet moves to the noisy ones gen_moves made with filter: a search generates them
 * only when no noisy move has refuted the node. */
void gen_more_quiets(const Position *p, const MoveFilter *filter, MoveList *out);
/* Appends a pawn's move into its promotion zone: one for each piece it may become there, or the
 * move alone when there is none (the pawn waits on the hex). */
void add_pawn_promotions(const Position *p, Color us, MoveList *ml, int from, int to, MoveKind kind);
/* Inline: most pawn moves land outside the promotion zone, and a call per move costs as much as
 * the move itself. */
static inline void add_pawn_move(const Position *p, Color us, MoveList *ml, int from, int to, MoveKind kind)
{
    if (p->v->promotion_zone[us][to])
        add_pawn_promotions(p, us, ml, from, to, kind);
    else
        ml->moves[ml->count++] = move_make(from, to, NO_TYPE, kind, 0);
}
/* Appends the steps to empty hexes a pawn of colour us on `from` has by its own rules (MK_DOUBLE
 * and MK_TRIPLE for the multi-steps), a promotion once for each piece it may become. A hex off the
 * board (NO_CELL) reads the board's wall: it is never empty, nor a man to take. */
static inline void gen_pawn_steps(const Position *p, Color us, int from, MoveList *ml)
{
    const Variant *v = p->v;
    const uint8_t *ahead = v->pawn_ahead[us][from];
    if (!p->board[ahead[0]]) {
        add_pawn_move(p, us, ml, from, ahead[0], MK_NORMAL);
        if (!p->board[ahead[1]]) {
            if (v->double_step_from[us][from])
                add_pawn_move(p, us, ml, from, ahead[1], MK_DOUBLE);
            if (v->triple_step_from[us][from] && !p->board[ahead[2]])
                add_pawn_move(p, us, ml, from, ahead[2], MK_TRIPLE);
        }
    }
    /* Both obliques written out: a game without them lists NO_CELL, the wall. */
    const uint8_t *obliques = v->pawn_obliques[us][from];
    if (!p->board[obliques[0]])
        add_pawn_move(p, us, ml, from, obliques[0], MK_NORMAL);
    if (!p->board[obliques[1]])
        add_pawn_move(p, us, ml, from, obliques[1], MK_NORMAL);
}
/* Appends the same pawn's captures by its own rules. */
static inline void gen_pawn_captures(const Position *p, Color us, int from, MoveList *ml)
{
    const uint8_t *takes = p->v->pawn_takes[us][from], *takeable = p->v->enterable[1][us];
    if (takeable[p->board[takes[0]]])
        add_pawn_move(p, us, ml, from, takes[0], MK_NORMAL);
    if (takeable[p->board[takes[1]]])
        add_pawn_move(p, us, ml, from, takes[1], MK_NORMAL);
}
/* Appends the moves a pawn of colour us on `from` has by its own rules: its steps, then its
 * captures; the position's rights (en passant, the scornful capture) are not among them. The move
 * generator and the tablebase generator both take the pawn's rules from here. Inline: as a call
 * per pawn it cost perft 3 % more instructions. */
static inline void gen_pawn_moves(const Position *p, Color us, int from, MoveList *ml)
{
    gen_pawn_steps(p, us, from, ml);
    gen_pawn_captures(p, us, from, ml);
}
/* False when a move of gen_moves surely leaves the king in check, at one look; most moves that do
 * so in check are told this way. A plain move of a man other than the king answers a check only by
 * taking the one checker or by standing between it and the king (on its line, or on the hex an
 * elephant's two-step passes): else the checker still attacks the king after it. (Inline: every
 * legality test asks it first.) */
static inline bool move_may_answer_check(const Position *p, const MoveFilter *filter, Move m)
{
    int k = p->king[filter->us];
    if (!filter->in_check || m >> 16 != 0 || move_from(m) == k || filter->checker_nb == 0)
        return true;
    if (filter->checker_nb > 1)
        return false;
    const Geometry *g = &p->v->geo;
    int to = move_to(m), c = filter->checkers[0];
    return to == c || (g->reach[k][to] == g->reach[k][c] && g->reach[c][to] == g->reach[c][k]);
}
static inline bool in_list(const uint8_t *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell)
            return true;
    return false;
}
/* move_is_safe past its first look. */
bool move_is_safe_closer(Position *p, MoveFilter *filter, Move m);
/* Does a move of gen_moves leave the king safe (is it legal)? Inline: out of check, most moves are
 * plain moves of a man that is neither the king nor one of its shields, told at one look. */
static inline bool move_is_safe(Position *p, MoveFilter *filter, Move m)
{
    int from = move_from(m);
    if (!filter->in_check && m >> 16 == 0 && from != p->king[filter->us] && filter->shield_nb >= 0 &&
        !in_list(filter->shields, filter->shield_nb, from))
        return true;
    return move_is_safe_closer(p, filter, m);
}
/* What a move of one man, not made in full, may do to the other king on hex k, by the geometry and
 * the man's kind alone: nothing, attack it from where it lands, or only leave a line through the
 * king open. */
typedef enum { CHECK_REACH_NONE, CHECK_REACH_DIRECT, CHECK_REACH_LINE } CheckReach;
static inline CheckReach check_reach(const Position *p, int k, Move m)
{
    const Variant *v = p->v;
    const uint8_t *reach = v->geo.reach[k];
    int from = move_from(m);
    if (v->attack_reach[p->stm][piece_type(p->board[from])] >> reach[move_to(m)] & 1)
        return CHECK_REACH_DIRECT;
    return reach[from] && reach[from] != REACH_LEAP ? CHECK_REACH_LINE : CHECK_REACH_NONE;
}
/* move_gives_check past its first look: a line left open is looked at only for the node's
 * discoverers (our men alone between the other king and a slider or elephant of ours), found once
 * a node when first needed, then the board is asked. */
bool move_gives_check_closer(Position *p, MoveFilter *filter, Move m);
/* Does the legal move m check the other king? filter: the position's, from gen_moves. Inline: most
 * moves are plain (no kind, promotion or castling bits) and cleared by the geometry at one look,
 * which a call would cost more than. */
static inline bool move_gives_check(Position *p, MoveFilter *filter, Move m)
{
    int k = p->king[!p->stm];
    if (k == NO_CELL || (m >> 16 == 0 && check_reach(p, k, m) == CHECK_REACH_NONE))
        return false;
    return move_gives_check_closer(p, filter, m);
}
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
