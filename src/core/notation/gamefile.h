/*
 * Game files for the web app and the terminal board: a game (start position, castling option,
 * bare moves, result, labels) written as CTL-PGN / PGN and read back, through the record module.
 */
#ifndef HEXCHESS_GAMEFILE_H
#define HEXCHESS_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/variant.h"

enum { GAMEFILE_TEXT_MAX = 512 };

typedef struct {
    const Variant *variant;
    char start[GAMEFILE_TEXT_MAX]; /* canonical PDTL / FEN of the start */
    bool castling;
    char *moves; /* bare moves, space separated (malloc'd) */
    char result[16];  /* "*" while the game goes on */
    char reason[32];  /* "checkmate", "resignation" ... or "" */
    char *tags; /* "Name=value\n" lines: Event, Site, Date, Round, White, Black (malloc'd by
                   gamefile_read; the writer only reads them; NULL for none) */
    char *warnings; /* what gamefile_read passed over, "line N: why\n" each (malloc'd; NULL for none) */
} GameFile;

/* The record text of a game (malloc'd), or NULL when the moves do not replay. */
char *gamefile_write(const GameFile *f);
/* Reads the first game of a record; false with a message (the offending move and why). */
bool gamefile_read(const char *text, size_t size, const Variant *fallback, GameFile *out, char *err, int err_size);
void gamefile_free(GameFile *f);

#endif
