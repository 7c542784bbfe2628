/*
 * Moves as players write them, for either variant: the marks that may follow a move (check, mate,
 * assessments, draw offer), and the entry points that pick the variant's notation (CTL-AN for
 * C'escacs, ctlan.h; algebraic forms for Gliński, san.h), whose parts movespec.h matches against
 * the legal moves.
 */
#ifndef HEXCHESS_MOVETEXT_H
#define HEXCHESS_MOVETEXT_H

#include <stddef.h>

#include "../rules/status.h"
#include "letters.h"
#include "movespec.h"

/* What may follow a move: check or mate marks, assessments as NAGs, game indicators. */
typedef struct {
    bool check, mate;
    uint8_t nags[4];
    int nag_count;
    bool draw_offer; /* "(=)" */
    bool stop;       /* ":" last move written / game interrupted */
} MoveMarks;

void move_marks_init(MoveMarks *m);

/* Looks up a style by name ("standard", "san", "ctl", "full", "coord", "digital", "ascii");
 * false when unknown or meaningless for the variant. */
bool move_style_named(const Variant *v, const char *name, MoveStyle *out);
/* The names move_style_named accepts for v, comma-separated, cut to size. */
void move_style_names(const Variant *v, char *buf, size_t size);

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


/* Reads a move as written in the variant's notation (every form it accepts). */
Move movetext_read(Position *p, const Letters *letters, const char *token, MoveMarks *marks, char *why,
                   size_t why_size);
/* Writes m, legal in p, in a style with its check or mate mark; returns the length. */
int movetext_write(Position *p, Move m, MoveStyle style, const Letters *letters, char *buf);
/* The mark m gives: "", "+", "#" or the finer check forms where the variant writes them. */
const char *movetext_mark(Position *p, Move m, MoveStyle style);

#endif
