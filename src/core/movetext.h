/*
 * Moves as players write them, for either variant: the marks that may follow a move (check, mate,
 * assessments, draw offer), a move's written parts matched against the legal moves with a reason
 * when nothing or more than one fits, and the entry points that pick the variant's notation
 * (CTL-AN for C'escacs, ctlan.h; algebraic forms for Gliński, san.h).
 */
#ifndef HEXCHESS_MOVETEXT_H
#define HEXCHESS_MOVETEXT_H

#include <stddef.h>

#include "letters.h"
#include "position.h"
#include "status.h"

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

/* What may follow a move: check or mate marks, assessments as NAGs, game indicators. */
typedef struct {
    bool check, mate;
    uint8_t nags[4];
    int nag_count;
    bool draw_offer; /* "(=)" */
    bool stop;       /* ":" last move written / game interrupted */
} MoveMarks;

typedef enum {
    STYLE_STANDARD, /* CTL-AN (C'escacs) or short algebraic, SAN (Gliński) */
    STYLE_FULL,     /* Gliński full algebraic "Bd1-f4", "Bf6:e7", "b6-b7R" */
    STYLE_COORD,    /* Gliński coordinates "f5f6", "f10f11q" */
    STYLE_DIGITAL,  /* Gliński digital "0356", "61712" */
    STYLE_ASCII     /* CTL-AN with ASCII only: "*" for captures, "+" for a check from afar */
} MoveStyle;

void move_spec_init(MoveSpec *s);
void move_marks_init(MoveMarks *m);

/* Looks up a style by name ("standard", "san", "ctl", "full", "coord", "digital", "ascii");
 * false when unknown or meaningless for the variant. */
bool move_style_named(const Variant *v, const char *name, MoveStyle *out);

/*
 * Strips the marks that may end a move token (in place) and records them. Understands "+", "++",
 * "+∞", "+^", "^+", "#", assessment glyphs (! ? !! ?? !? ?! ◇), "(=)", a final ":" where
 * `colon_ends` is set, and the Gliński mate mark "x" after a complete move where `x_mates` is set.
 */
void move_marks_strip(char *token, MoveMarks *marks, bool colon_ends, bool x_mates);
/* Reads a standalone assessment glyph or "$n"; returns the NAG or -1. */
int nag_from_text(const char *text);
/* The glyph of NAG 1..7 ("!", "?", "!!", "??", "!?", "?!", "◇"), or NULL. */
const char *nag_glyph(int nag);

/* The one legal move fitting the parts; else MOVE_NONE and the reason in why. */
Move move_spec_match(Position *p, const MoveSpec *spec, char *why, size_t why_size);

/* Reads a move as written in the variant's notation (every form it accepts). */
Move movetext_read(Position *p, const Letters *letters, const char *token, MoveMarks *marks, char *why,
                   size_t why_size);
/* Writes m, legal in p, in a style with its check or mate mark; returns the length. */
int movetext_write(Position *p, Move m, MoveStyle style, const Letters *letters, char *buf);
/* The mark m gives: "", "+", "#" or the finer check forms where the variant writes them. */
const char *movetext_mark(Position *p, Move m, MoveStyle style);

#endif
