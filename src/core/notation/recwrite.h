/*
 * The writer of played games: CTL-PGN or PGN with labels, comments and variations, or the move
 * text alone.
 */
#ifndef HEXCHESS_RECWRITE_H
#define HEXCHESS_RECWRITE_H

#include "record.h"

typedef struct {
    MoveStyle style;
    const Letters *letters; /* NULL: the variant's own */
    bool moves_only;        /* the move text alone: no labels, no result */
} WriteOptions;

/* Writes a played game as CTL-PGN or PGN (the variant's format), up to its first unresolved
 * move; returns a malloc'd text or NULL when memory runs out. */
char *game_write(const Game *g, const WriteOptions *o);

#endif
