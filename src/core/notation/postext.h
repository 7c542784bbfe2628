/*
 * Positions as text: C'escacs PDTL (canonical form written, the author's program's forms also
 * read) and Gliński FEN. The variant's coordinate scheme decides which.
 */
#ifndef HEXCHESS_POSTEXT_H
#define HEXCHESS_POSTEXT_H

#include <stddef.h>

#include "../rules/position.h"

enum { POSITION_TEXT_MAX = 512 };

/* Parses text ("startpos" too) and judges it with pos_validate: what every reader of a user's
 * position calls. On failure returns false, puts one line naming the field and the problem in err, and
 * leaves p holding the variant's start position, never a half-read one. */
bool pos_from_text(Position *p, const Variant *v, const char *text, char *err, size_t err_size);
/* The same for a game played with or without castling (the game option): without it an unmoved
 * king's leap takes nothing, so it attacks nothing, and the validator must judge it so. */
bool pos_from_text_castling(Position *p, const Variant *v, const char *text, bool castling, char *err,
                            size_t err_size);
/* Parses without judging whether the rules can reach the position: only for test data that records
 * such positions on purpose (a made move is checked, not the position it starts from). */
bool pos_from_text_unvalidated(Position *p, const Variant *v, const char *text, char *err, size_t err_size);
void pos_to_text(const Position *p, char *buf, size_t size);

#endif
