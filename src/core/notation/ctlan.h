/*
 * C'escacs CTL-AN: the parts of a written move, read leniently (the separators "-", U+2010,
 * U+2013, "×", "*", "@", "@@"; alternative piece letters; captured letters optional), and the
 * move written with any letter set or with ASCII separators. Marks are handled by movetext.h.
 */
#ifndef HEXCHESS_CTLAN_H
#define HEXCHESS_CTLAN_H

#include "letters.h"
#include "movespec.h"

/* Parses a move without its marks; false with a reason when the text is no CTL-AN move. */
bool ctlan_parse(const Position *p, const Letters *letters, const char *text, MoveSpec *spec, char *why,
                 size_t why_size);
/* Writes m (legal in p) without marks; ascii writes "*" for "×". Returns the length. */
int ctlan_write(const Position *p, Move m, const Letters *letters, bool ascii, char *buf);

#endif
