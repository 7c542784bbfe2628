/*
 * Gliński move notations: short algebraic (SAN: "Ndf4", "exf5", "e:f5", "ed", "f10=Q"), full
 * algebraic ("Bd1-f4", "Bf6:e7", "b6-b7R", "Qc3xBf9"), coordinates ("f5f6", "f10f11q") and the
 * digital notation ("0356", "61712"), with any letter set. Marks are handled by movetext.h.
 *
 * Digital codes (the seed's diagram is lost; reconstructed from its examples 0356 = f3-h5 and
 * 61712 = b6-b7=R): ranks 1-9 off file f are 10*rank + the file digit (a0 b1 c2 d3 e4 g5 h6 i7 k8
 * l9); f1-f9 are 01-09; the four hexes the examples cannot fix are our choice: e10 = 80,
 * f10 = 00, g10 = 89, f11 = 90. A fifth digit promotes: 1 queen, 2 rook, 3 knight, 4 bishop.
 */
#ifndef HEXCHESS_SAN_H
#define HEXCHESS_SAN_H

#include "letters.h"
#include "movespec.h"

/* Parses any of the forms above without marks; false with a reason when it is none of them. */
bool san_parse(const Position *p, const Letters *letters, const char *text, MoveSpec *spec, char *why,
               size_t why_size);
/* Writes m (legal in p) without marks in STYLE_STANDARD, STYLE_FULL, STYLE_COORD or STYLE_DIGITAL. */
int san_write(Position *p, Move m, MoveStyle style, const Letters *letters, char *buf);
/* The two-digit code of a hex of the 91-hex board, or -1; and back (NO_CELL when none). */
int digital_code(const Variant *v, int cell);
int digital_cell(const Variant *v, int code);

#endif
