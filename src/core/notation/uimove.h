/*
 * A legal move as a user interface offers it: its bare text, its hexes, the promotion it makes and
 * what a board must draw besides the man moved (castling's rooks, the man en passant takes). The
 * web server and the WebAssembly page both write this description as their JSON list of moves.
 */
#ifndef HEXCHESS_UIMOVE_H
#define HEXCHESS_UIMOVE_H

#include "notation.h"

typedef struct {
    char text[MOVE_TEXT_MAX]; /* as `hexchess moves` writes it and a move request sends it back */
    int from, to;
    /* The promotion's letter; "&" for a pawn that enters its promotion zone without promoting
     * (it waits there); "" for neither. */
    char promo[2];
    const char *kind; /* "castle", "en-passant", "scornful" or "promote-here"; NULL for another */
    int rook_count;   /* castle: each rook's start and end hex */
    int rooks[2][2];
    int captured; /* en passant: the hex of the man taken; NO_CELL for another */
} UiMove;

/* Describes m, a legal move of p. */
void ui_move_describe(const Position *p, Move m, UiMove *u);

#endif
