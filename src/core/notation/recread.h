/*
 * The reader of whole CTL-PGN and PGN files: text into games (record.h).
 *
 * The reader is lenient with what real records contain (move numbers glued to moves, "..." and
 * "…" placeholders, unquoted label values, ";" line comments and CTL-PGN's "//" ones, results
 * glued to the last move, "remi"), and reads past what people's files carry with a warning: lines
 * between games that are neither labels nor moves, a damaged result ("Â½-Â½": the result is
 * unknown), a label missing its closing quote or bracket, Windows-1252 text, NUL bytes, CR line
 * ends, no-break spaces. Anything it cannot read is the game's first error, with line and token; it never stops
 * reading the file: the next game starts at the next label.
 */
#ifndef HEXCHESS_RECREAD_H
#define HEXCHESS_RECREAD_H

#include <stddef.h>

#include "record.h"

/* Bounds on what one game of a record may hold, so that an untrusted record costs little to read
 * (docs/limits.md). Past one, the game's error names the bound; the next game is read as usual. */
enum {
    RECORD_LABEL_VALUE_MAX = 16384, /* bytes of one label's value */
    RECORD_LABELS_MAX = 256,        /* labels of one game */
    RECORD_COMMENT_MAX = 65536,     /* bytes of the comments on one move (or before the first) */
    RECORD_DEPTH_MAX = 63,          /* variations nested in variations */
    RECORD_MOVES_MAX = 65536,       /* moves of one game, variations included */
};

typedef void (*RecordWarn)(void *ctx, const char *message);

typedef struct {
    const char *name; /* for messages */
    const char *text;
    size_t size, pos;
    int line;
    const Variant *fallback; /* for a game without Variant label, when no game before had one */
    const Variant *last;
    RecordWarn warn;
    void *warn_ctx;
    bool slash_comments; /* "//" starts a line comment: the game is CTL-PGN, or its variant is unknown yet */
    bool move_list;      /* a bare move list: no line is skipped as neither labels nor moves */
    bool recoded, nul;   /* warned once: text that is not UTF-8, NUL bytes */
} RecordReader;

void record_reader_init(RecordReader *r, const char *name, const char *text, size_t size, const Variant *fallback);
/* Reads the next game into g (free it with game_free); false at the end of the text. */
bool record_read_game(RecordReader *r, Game *g);

/* Reads a move list (movetext without labels) for variant v from start; used for conversions. */
bool record_read_moves(const Variant *v, const char *text, Game *g);

#endif
