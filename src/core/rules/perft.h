/* Perft: leaf counts of the legal-move tree, the standard check of a move generator. */
#ifndef HEXCHESS_PERFT_H
#define HEXCHESS_PERFT_H

#include "position.h"

uint64_t perft(Position *p, int depth);

#endif
