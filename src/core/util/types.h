/* Shared enums, limits and small value types of the hexchess core. */
#ifndef HEXCHESS_TYPES_H
#define HEXCHESS_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Lets the compiler check a printf-style format against its arguments (a mismatch is an error
 * under -Werror, not a crash at run time). */
#if defined(__GNUC__)
#define PRINTF_LIKE(format_index, first_argument) __attribute__((format(printf, format_index, first_argument)))
#else
#define PRINTF_LIKE(format_index, first_argument)
#endif

enum { MAX_SIDE = 8, MAX_COLUMNS = 2 * MAX_SIDE - 1, MAX_LINES = 4 * (MAX_SIDE - 1) + 1 };
enum { MAX_CELLS = 169, NO_CELL = 255 };
/* Enough for any reachable position of either variant, promotions included. */
enum { MAX_MOVES = 1024 };
/* Longest game (plus search stack) a position can record for repetition checks and unmake. */
enum { MAX_GAME_PLY = 4096 };
/* The deepest a search goes, and so the longest game a search may start from: the position's
 * history keeps room for the search's own plies. Every front end and record reader stops a game
 * there, so that any game it accepts can be searched. */
enum { MAX_PLY = 128, MAX_SEARCHABLE_PLY = MAX_GAME_PLY - 2 * MAX_PLY };
enum { MAX_PIECES_PER_SIDE = 64 };

typedef enum { WHITE = 0, BLACK = 1 } Color;
enum { COLOR_NB = 2 };

/* Every kind of man either variant knows; a variant says which it uses and how each moves. */
typedef enum {
    NO_TYPE = 0,
    KING,
    QUEEN,
    WYVERN,
    ROOK,
    PEGASUS,
    KNIGHT,
    BISHOP,
    ELEPHANT,
    PAWN,
    PIECE_TYPE_NB
} PieceType;

/* A piece on the board: 0 for an empty hex, else (colour << 4) | type. */
typedef uint8_t Piece;
enum { EMPTY = 0 };

static inline Piece make_piece(Color c, PieceType t) { return (Piece)((unsigned)c << 4 | (unsigned)t); }
static inline PieceType piece_type(Piece p) { return (PieceType)(p & 15); }
static inline Color piece_color(Piece p) { return (Color)(p >> 4); }

/*
 * A move packed in 32 bits: from, to, promotion type, kind, castling index.
 * Castlings keep the king's from/to so that generic code (hashing, notation of the king) works.
 */
typedef uint32_t Move;
enum { MOVE_NONE = 0 };

typedef enum {
    MK_NORMAL = 0,  /* includes captures, promotions, moves to an awaiting hex, king's leap */
    MK_DOUBLE,      /* pawn two-step: creates an en-passant target */
    MK_TRIPLE,      /* pawn three-step: creates two en-passant targets */
    MK_EN_PASSANT,  /* takes the piece that just skipped the target hex */
    MK_SCORNFUL,    /* takes the pawn (or its promotion) that just dodged this pawn */
    MK_CASTLE,      /* king's leap plus one or two rook moves */
    MK_PROMOTE_HERE /* forced in-place promotion of an awaiting pawn */
} MoveKind;

static inline Move move_make(int from, int to, PieceType promo, MoveKind kind, int castle)
{
    return (Move)from | (Move)to << 8 | (Move)promo << 16 | (Move)kind << 20 | (Move)castle << 24;
}
static inline int move_from(Move m) { return (int)(m & 255); }
static inline int move_to(Move m) { return (int)(m >> 8 & 255); }
static inline PieceType move_promo(Move m) { return (PieceType)(m >> 16 & 15); }
static inline MoveKind move_kind(Move m) { return (MoveKind)(m >> 20 & 15); }
static inline int move_castle(Move m) { return (int)(m >> 24 & 63); }

typedef struct {
    int count;
    Move moves[MAX_MOVES];
} MoveList;

#endif
