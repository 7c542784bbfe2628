/*
 * Game records: the model (labels, a main line of moves with comments, NAGs and nested
 * variations, the result), the reader of whole CTL-PGN and PGN files, replay against the rules
 * (every move resolved to a legal move, the result reconciled by the arbiter), and the writer.
 *
 * The reader is lenient with what real records contain (move numbers glued to moves, "..." and
 * "…" placeholders, unquoted label values, ";" line comments and CTL-PGN's "//" ones, results
 * glued to the last move, "remi"), and reads past what people's files carry with a warning: lines
 * between games that are neither labels nor moves, a damaged result ("Â½-Â½": the result is
 * unknown), a label missing its closing quote or bracket, Windows-1252 text, NUL bytes, CR line
 * ends. Anything it cannot read is the game's first error, with line and token; it never stops
 * reading the file: the next game starts at the next label.
 */
#ifndef HEXCHESS_RECORD_H
#define HEXCHESS_RECORD_H

#include <stddef.h>

#include "arbiter.h"
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
    int var_count;
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
void game_init(Game *g, const Variant *v);
void game_free(Game *g);
const char *game_label(const Game *g, const char *name);
void game_set_label(Game *g, const char *name, const char *value);

/* The start position the labels give (PDTL/FEN, Castling "No"); false with a message. */
bool game_start_position(const Game *g, Position *p, char *err, size_t err_size);

typedef struct {
    int plies;          /* main-line moves played up to the end of the game */
    int after_end;      /* main-line moves recorded after an automatic draw ended the game (checked) */
    RecError error;     /* the first illegal or unreadable move, or the reading error */
    Outcome recorded;   /* the Result label, else the termination marker */
    bool has_recorded;
    Verdict verdict;    /* the arbiter's, at the end of the main line */
    bool disagrees;     /* the record's result contradicts the rules */
    Letters letters;    /* the letters the moves were read with */
} PlayReport;

/*
 * Plays the game: every move of the main line and of the variations is resolved against the
 * rules (node.move). letters NULL: the Redefine label, else the set the Letters label names,
 * else the letter set that reads the game furthest (the variant's own first). p ends at the last
 * main-line position reached, or where an automatic draw ended the game when the record goes on
 * (a move after a mate or a stalemate is an error: "the game was already over").
 */
void game_play(Game *g, Position *p, const Letters *letters, PlayReport *rep);

typedef struct {
    MoveStyle style;
    const Letters *letters; /* NULL: the variant's own */
    bool moves_only;        /* the move text alone: no labels, no result */
} WriteOptions;

/* Writes a played game as CTL-PGN or PGN (the variant's format), up to its first unresolved
 * move; returns a malloc'd text or NULL when memory runs out. */
char *game_write(const Game *g, const WriteOptions *o);

/* Whether two played games are the same game: moves, comments, NAGs, indicators, variations and
 * their labels, result, final comment and labels (but Variant, Redefine and Letters: the writer's);
 * false with the first difference in why. */
bool game_same(const Game *a, const Game *b, char *why, size_t size);

/* Reads a move list (movetext without labels) for variant v from start; used for conversions. */
bool record_read_moves(const Variant *v, const char *text, Game *g);

#endif
