/*
 * Bare move notation: C'escacs CTL-AN without check suffixes ("JF6-A21", "D22×RC25=J",
 * "F12@@G9", "P21=J", "KRK-HIO"), Gliński coordinate moves ("f5f6", "f10f11q").
 */
#ifndef HEXCHESS_NOTATION_H
#define HEXCHESS_NOTATION_H

#include "../rules/position.h"

enum { MOVE_TEXT_MAX = 24 };

/* Writes m, legal in p, and returns its length. */
int move_to_text(const Position *p, Move m, char *buf);
/* The legal move written exactly as text, or MOVE_NONE. */
Move move_from_text(Position *p, const char *text);
/* The legal moves as text, sorted by byte order. */
int legal_moves_text(Position *p, char (*out)[MOVE_TEXT_MAX]);

#endif
