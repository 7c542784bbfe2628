/*
 * hexchess: the public interface of the library (libhexchess.a), for programs that embed the
 * rules, the records and the engine. It is small and stable: a game is an opaque handle, every
 * position and move is text (PDTL or FEN; bare moves as `hexchess moves` writes them), and nothing
 * of the library's internals shows. Link with `pkg-config --cflags --libs hexchess`.
 *
 * Functions that can fail take a buffer err of err_size bytes for one line saying why. A handle is
 * used by one thread at a time; separate handles may be used by separate threads.
 */
#ifndef HEXCHESS_H
#define HEXCHESS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, as `hexchess --version` prints it ("1.0.0", "1.0.0-4-gabcdef0"). */
const char *hexchess_version(void);

/* The built-in variants by index, the default first ("cescacs", "glinski", "mccooey"); NULL
 * past the last. */
const char *hexchess_variant_name(int index);

typedef struct hexchess_game hexchess_game;

/* A new game of the named variant (NULL: the default) from position, in the variant's position
 * text (PDTL for C'escacs, FEN for Gliński and McCooey; NULL or "startpos": the start). NULL, with
 * err, when the variant is unknown, the text unreadable or the position unreachable. */
hexchess_game *hexchess_new(const char *variant, const char *position, char *err, size_t err_size);
void hexchess_free(hexchess_game *g);

/* The variant's name, as hexchess_variant_name gives it. */
const char *hexchess_variant(const hexchess_game *g);

/* The current position's text into buf; its length, or -1 when buf is too small. */
int hexchess_position(const hexchess_game *g, char *buf, size_t size);

/* The legal moves, space separated and sorted by byte order, into buf; their number, or -1 when
 * buf is too small (4096 bytes always suffice). */
int hexchess_legal_moves(hexchess_game *g, char *buf, size_t size);

/* Plays a legal move written exactly as hexchess_legal_moves writes it; 0, or -1 with err when
 * the move is not legal here or the game is over. */
int hexchess_play(hexchess_game *g, const char *move, char *err, size_t err_size);
/* Takes back the last move; 0, or -1 when no move was played. */
int hexchess_undo(hexchess_game *g);

typedef struct {
    int white_to_move;   /* 1 or 0 */
    int check;           /* the side to move is in check */
    int over;            /* mate, stalemate or an automatic draw ended the game */
    int plies;           /* moves played since the game's start */
    int legal_moves;
    char result[16];     /* as the variant writes it: "*" while the game goes on, "1-0", "2-1", "3/4-1/4" ... */
    char reason[32];     /* "checkmate", "stalemate", "repetition", "50-move" ...; "" while it goes on */
    char claimable[32];  /* a draw the side to move may claim ("50-move", "repetition") or "" */
    char text[64];       /* for people: "White wins by stalemate", "Draw by repetition" or "" */
} hexchess_status;

/* What the board says about the current position, by the variant's rules. */
void hexchess_get_status(hexchess_game *g, hexchess_status *out);

/* The game as a record: CTL-PGN for C'escacs, PGN for Gliński and McCooey (malloc'd; free()
 * it), or NULL when memory ran out. */
char *hexchess_record_write(hexchess_game *g);
/* The first game of a record (CTL-PGN or PGN, as players write them; the variant from its
 * Variant label, else the default), replayed to its last move; NULL with err naming the line and
 * the move that could not be read or played. Only the board is kept: a recorded resignation or
 * agreed draw is not, and hexchess_get_status says what the board says. */
hexchess_game *hexchess_record_read(const char *text, size_t size, char *err, size_t err_size);

typedef struct {
    int depth;             /* 0: no depth limit */
    unsigned long nodes;   /* 0: no node limit */
    int movetime_ms;       /* 0: no time limit; with no limit at all the search runs to depth 8 */
} hexchess_limits;

typedef struct {
    char best[24];         /* the best move, bare; "" when there is no legal move */
    int depth;
    int score_cp;          /* centipawns from the side to move's view */
    int mate;              /* signed moves to mate (+ when the side to move mates); 0: none found */
    unsigned long long nodes;
    char pv[512];          /* the principal line, bare moves space separated (cut at a whole move) */
} hexchess_search_result;

/* Searches the current position with the engine (one thread, a 16 MB table kept with the game
 * between searches); 0, or -1 with err when the game has no legal move or memory ran out. */
int hexchess_search(hexchess_game *g, const hexchess_limits *limits, hexchess_search_result *out, char *err,
                    size_t err_size);

#ifdef __cplusplus
}
#endif

#endif
