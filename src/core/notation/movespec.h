/*
 * A move as written, taken apart: the piece, origin (whole or partial), target, capture,
 * promotion and castling the text names, matched against the legal moves with a reason when
 * nothing or more than one fits; and the written styles. The notations (ctlan.h, san.h) fill a
 * MoveSpec; movetext.h picks the notation and handles the marks.
 */
#ifndef HEXCHESS_MOVESPEC_H
#define HEXCHESS_MOVESPEC_H

#include <stddef.h>

#include "../rules/position.h"

enum { MOVETEXT_MAX = 64, REASON_MAX = 200 };

/* The parts of a written move; unwritten parts are NO_TYPE / NO_CELL / -1 / false. */
typedef struct {
    PieceType piece;
    int from;
    int from_col, from_number; /* a partial origin: column, or rank (Gliński) / line (C'escacs) */
    int to;
    int to_col; /* a pawn capture written with columns only ("ed") */
    bool capture;
    PieceType captured;
    PieceType promo;
    bool awaiting; /* "=&" */
    bool in_place; /* "P21=J": an awaiting pawn promotes where it stands */
    int castle;    /* index into the variant's castlings, -1 when not a castling */
} MoveSpec;

typedef enum {
    STYLE_STANDARD, /* CTL-AN (C'escacs) or short algebraic, SAN (Gliński) */
    STYLE_FULL,     /* Gliński full algebraic "Bd1-f4", "Bf6:e7", "b6-b7R" */
    STYLE_COORD,    /* Gliński coordinates "f5f6", "f10f11q" */
    STYLE_DIGITAL,  /* Gliński digital "0356", "61712" */
    STYLE_ASCII     /* CTL-AN with ASCII only: "*" for captures, "+" for a check from afar */
} MoveStyle;

void move_spec_init(MoveSpec *s);
/* The one legal move fitting the parts; else MOVE_NONE and the reason in why. */
Move move_spec_match(Position *p, const MoveSpec *spec, char *why, size_t why_size);

#endif
