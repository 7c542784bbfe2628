/* What the position means for the game: check and its kind, mate, stalemate, draws. */
#ifndef HEXCHESS_STATUS_H
#define HEXCHESS_STATUS_H

#include "position.h"

typedef enum { CHECK_NONE, CHECK_DISTANT, CHECK_NEAR, CHECK_DOUBLE } CheckKind;
typedef enum { DRAW_NONE, DRAW_REPETITION, DRAW_MOVE_RULE, DRAW_INSUFFICIENT } DrawKind;

typedef struct {
    CheckKind check;
    bool mate;
    bool stalemate;
    DrawKind draw;      /* the game ended by rule (mate and stalemate take precedence) */
    DrawKind claimable; /* a player may claim it */
    int legal_moves;
} Status;

void pos_status(Position *p, Status *st);
CheckKind pos_check_kind(const Position *p);
/* How often the current position has stood with the same side to move and rights. */
int pos_repetitions(const Position *p);
/* Can neither side win any more (the variant's no-win list names both sides' material)? The game
 * is then drawn for insufficient material. */
bool pos_insufficient_material(const Position *p);
/* Can side c still win by some line of legal moves, as far as the variant's no-win list and a
 * lone king's want of checks tell? (A flag fall against a side that cannot is a draw.) Positions
 * with pawns are never judged hopeless by the list, even blocked ones. */
bool pos_can_win(const Position *p, Color c);
/* Side c's men other than its king, colour-bound men by the colour of their hexes. */
void pos_side_material(const Position *p, Color c, SideMaterial *m);
/* "+∞", "+^", "++" or "". */
const char *check_suffix(CheckKind k);
/* "75-move", "50-move", "repetition", "insufficient-material"; claim picks the claimable rule. */
void draw_name(const Variant *v, DrawKind k, bool claim, char *buf, int size);

#endif
