/*
 * Positions as text: C'escacs PDTL (canonical form written, the author's program's forms also
 * read) and Gliński FEN. The variant's coordinate scheme decides which.
 */
#ifndef HEXCHESS_POSTEXT_H
#define HEXCHESS_POSTEXT_H

#include <stddef.h>

#include "position.h"

enum { POSITION_TEXT_MAX = 512 };

/* Parses text ("startpos" too). On failure returns false and puts one line naming the field and
 * the offending text in err. */
bool pos_from_text(Position *p, const Variant *v, const char *text, char *err, size_t err_size);
void pos_to_text(const Position *p, char *buf, size_t size);

#endif
