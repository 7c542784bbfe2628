/*
 * Game records, the model every record module shares: labels, a main line of moves with
 * comments, NAGs and nested variations, the result. Reading text into it is recread.h, playing
 * it against the rules recplay.h, writing it back recwrite.h.
 */
#ifndef HEXCHESS_RECORD_H
#define HEXCHESS_RECORD_H

#include <stddef.h>

#include "movetext.h"

typedef struct RecLine RecLine;

typedef struct {
    char *token; /* the move as written */
    int line;    /* where it stands in the source */
    Move move;   /* MOVE_NONE until the game is played */
    uint8_t nags[8];
    int nag_count;
    bool draw_offer; /* "(=)" */
    bool stop;       /* ":" */
    bool marks_read; /* the marks glued to the token are in nags/draw_offer/stop */
    char *comment;   /* the comment after the move */
    RecLine *vars;   /* alternatives to this move */
    int var_count, var_cap;
} RecNode;

struct RecLine {
    RecNode *nodes;
    int count, cap;
    char *comment; /* before the first move */
    char *label;   /* a variation's "$[n]" label, without "$[" and "]" */
};

typedef struct {
    char *name, *value;
    int line;
} RecLabel;

/* The first thing in a game that could not be read or played. */
typedef struct {
    bool failed;
    int ply;   /* 1-based half-move number of the offending move (main line) */
    int line;  /* source line */
    char token[MOVETEXT_MAX];
    char reason[REASON_MAX + 64];
} RecError;

typedef struct {
    const Variant *variant;
    const char *source; /* the reader's file name (not owned) */
    int line;           /* the game's first line */
    RecLabel *labels;
    int label_count, label_cap;
    RecLine main;
    char *result; /* the termination marker as written, NULL when none */
    char *final_comment;
    bool numbers_unknown; /* "1?" move numbers */
    RecError syntax;      /* a reading error; the moves before it are kept */
} Game;

void game_init(Game *g, const Variant *v);
void game_free(Game *g);
const char *game_label(const Game *g, const char *name);
void game_set_label(Game *g, const char *name, const char *value);

/* The start position the labels give (PDTL/FEN, Castling "No"); false with a message. */
bool game_start_position(const Game *g, Position *p, char *err, size_t err_size);

/* Whether two played games are the same game: moves, comments, NAGs, indicators, variations and
 * their labels, result, final comment and labels (but Variant, Redefine and Letters: the writer's);
 * false with the first difference in why. */
bool game_same(const Game *a, const Game *b, char *why, size_t size);

#endif
