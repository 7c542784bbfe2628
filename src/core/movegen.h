/* Legal move generation for any variant description. */
#ifndef HEXCHESS_MOVEGEN_H
#define HEXCHESS_MOVEGEN_H

#include "position.h"

/* Every legal move of the side to move. */
void gen_legal(Position *p, MoveList *out);
/* The legal captures and promotions (the quiescence search's moves). */
void gen_legal_noisy(Position *p, MoveList *out);
/* Does the move take a man or promote? */
bool move_is_noisy(const Position *p, Move m);
/* How many legal moves there are (the same rules as gen_legal, counted without storing). */
int count_legal(Position *p);
/* Is m one of the legal moves? */
bool move_is_legal(Position *p, Move m);

#endif
