/*
 * The position: men on the hexes, side to move, castling/leap rights, the one-move capture
 * rights (en passant, scornful pawn), clocks and the history of keys for repetition.
 * Make/unmake keep the Zobrist key incrementally.
 */
#ifndef HEXCHESS_POSITION_H
#define HEXCHESS_POSITION_H

#include "variant.h"

/* What pos_unmake restores: the keys and the sum are copied back rather than undone. */
typedef struct {
    uint64_t key, pawn_key;
    int sum;
    Move move;
    Piece captured;
    uint8_t captured_cell;
    uint8_t rights;
    uint8_t ep_victim;
    uint8_t ep_target[2];
    uint8_t scorn_victim;
    uint8_t scorn_capturer[2];
    int halfmove; /* as wide as Position.halfmove: a clock read from text may exceed 16 bits */
} Undo;

/* The kinds of Position.movers, by their atom's bit (ATOM_ORTH, ATOM_DIAG, ATOM_LEAP). */
enum { MOVER_ORTH, MOVER_DIAG, MOVER_LEAP, MOVER_KINDS };

typedef struct Position {
    const Variant *v;
    /* The hexes, padded to every value a hex list holds: board[NO_CELL], where every ray and
     * padded list of hexes ends, is a wall (WALL) that ends a walk and that no man may enter; the
     * bytes between are never read. */
    Piece board[NO_CELL + 1];
    /* Each side's men, and its pawns, as sets of hexes, kept with the board (not by the legality
     * tests' brief moves on it): the evaluation counts the men around a hex (a leaper's targets,
     * the king's shelter, the pieces near the enemy king) and walks the pawns from them, and
     * board_attackers finds the pieces in sight of a hex. */
    uint64_t occupied[COLOR_NB][HEX_WORDS];
    uint64_t pawns[COLOR_NB][HEX_WORDS];
    /* Each side's pieces by how they move (Variant.atoms): orthogonal sliders, diagonal sliders
     * (a queen in both) and leapers, so that the evaluation walks each kind's set without a look
     * at every piece's type, and the pins and discovered checks are looked for from the sliders
     * alone. */
    uint64_t movers[COLOR_NB][MOVER_KINDS][HEX_WORDS];
    /* Both sides' men on each line of the board (Geometry's lines), a bit for each place, and the
     * walls at its two ends: the evaluation counts a slider's reach along an axis from it without
     * a walk. */
    uint32_t line_men[MAX_HEX_LINES];
    uint8_t king[COLOR_NB]; /* NO_CELL when a side has no king (set-up positions only) */
    uint8_t count[COLOR_NB][PIECE_TYPE_NB];
    uint8_t bishops_on[COLOR_NB][3]; /* bishops of each side by hex colour */
    uint8_t men[COLOR_NB][MAX_PIECES_PER_SIDE];
    uint8_t men_count[COLOR_NB];
    uint8_t man_index[MAX_CELLS];
    /* The same men less the pawns, in no set order: a pawn attacks from one of two hexes, which a
     * look at the board settles, so attack tests and the evaluation walk the pieces alone. */
    uint8_t pieces[COLOR_NB][MAX_PIECES_PER_SIDE];
    uint8_t piece_nb[COLOR_NB];
    uint8_t piece_index[MAX_CELLS];
    /* Pawns standing on their promotion hexes: move generation looks for forced promotions only
     * when a side has one. */
    uint8_t awaiting[COLOR_NB];
    Color stm;
    uint8_t rights;          /* RIGHT_* bits, White's in bits 0-2, Black's in bits 3-5 */
    bool castling_allowed;   /* the "no castling" game option clears this */
    /* After a double or triple step: the man that stepped and the hexes it skipped (nearest first). */
    uint8_t ep_victim;
    uint8_t ep_target[2];
    /* After a pawn dodged a facing enemy pawn: the dodger and the pawn(s) that may take it. */
    uint8_t scorn_victim;
    uint8_t scorn_capturer[2];
    int halfmove;
    int fullmove; /* 0 when unknown ('?') */
    uint64_t key;
    uint64_t pawn_key; /* the pawns' share of key: the evaluation caches pawn structure by it */
    /* A per colour, type and hex table (the evaluation's, set by pos_keep_sum; NULL for none) and
     * its sum over the men other than pawns, White's less Black's: every change of the board
     * keeps it, so that the evaluation need not walk the pieces. */
    const int16_t (*summed)[PIECE_TYPE_NB][MAX_CELLS];
    int sum;
    int ply;
    Undo hist[MAX_GAME_PLY];
} Position;

/* The places of the nearest man or wall along axis a from hex s, both ways. */
static inline LineStops line_stops(const Position *p, int s, int a)
{
    const HexLine *on = &p->v->geo.lines_of[s][a];
    uint32_t stops = p->line_men[on->line];
    return (LineStops){on->place + 1 + __builtin_ctz(stops >> (on->place + 1)),
                       31 - __builtin_clz(stops & ((1u << on->place) - 1))};
}

void pos_clear(Position *p, const Variant *v);
/* The sum of a per colour, type and hex table over p's men other than pawns, White's less Black's. */
int pos_table_sum(const Position *p, const int16_t (*table)[PIECE_TYPE_NB][MAX_CELLS]);
/* From now on p keeps that sum for table (Position.sum). Moves made before are not to be unmade:
 * their undo records hold the sum as it was. */
void pos_keep_sum(Position *p, const int16_t (*table)[PIECE_TYPE_NB][MAX_CELLS]);
void pos_set_start(Position *p, const Variant *v);
void pos_put(Position *p, Piece pc, int cell);
void pos_remove(Position *p, int cell);
uint64_t pos_compute_key(const Position *p);

static inline bool pos_has_right(const Position *p, Color c, int right)
{
    return p->rights >> (RIGHTS_PER_SIDE * c) & right;
}

/* Is the hex attacked by side `by` (every capture its men could make there, pins ignored)? */
bool pos_attacked(const Position *p, int cell, Color by);
/* pos_attacked once one man has moved from `from` to `to` on the board and nothing else changed,
 * for a cell not attacked before the move (nor `to` itself): only the man moved and the men seen
 * through the hex it left can attack it now, so only they are looked at. */
bool pos_attacked_after_move(const Position *p, int cell, Color by, int from, int to);
/* Does the man of `by` standing on s (if one does) attack cell? */
bool pos_man_attacks(const Position *p, int s, int cell, Color by);
/* The most men of one side that can attack a hex: one per direction, per leap, and the elephant's
 * two-step. */
enum { MAX_ATTACKERS = DIR_NB + LEAP_NB + 1 };
/* The hexes of `by`'s men attacking cell; returns how many. */
int pos_attackers(const Position *p, int cell, Color by, uint8_t *out);
/* The same on a scratch copy of p's board (for exchange evaluation) that differs from it only by
 * men taken off or moved onto `cell`: the men are looked for where p's lists have them. Rights
 * are p's. */
int board_attackers(const Position *p, const Piece *board, int cell, Color by, uint8_t *out);
bool pos_in_check(const Position *p);
/* The pieces a pawn of colour c arriving on cell may become; returns how many. */
int pos_promotion_choices(const Position *p, Color c, int cell, PieceType *out);

void pos_make(Position *p, Move m);
/* The key after m for a plain move or capture (castling, promotion, the rights it changes and a
 * pawn's new en passant are left out): enough to start loading the child's table entry before the move is made. */
static inline uint64_t pos_key_after(const Position *p, Move m)
{
    const uint64_t(*z)[PIECE_TYPE_NB][MAX_CELLS] = p->v->zobrist_piece;
    int from = move_from(m), to = move_to(m);
    Piece mover = p->board[from], taken = p->board[to];
    uint64_t key = p->key ^ p->v->zobrist_side ^ z[piece_color(mover)][piece_type(mover)][from] ^
                   z[piece_color(mover)][piece_type(mover)][to];
    if (taken)
        key ^= z[piece_color(taken)][piece_type(taken)][to];
    if (p->ep_victim != NO_CELL)
        key ^= p->v->zobrist_ep[p->ep_victim];
    if (p->scorn_victim != NO_CELL)
        key ^= p->v->zobrist_scorn[p->scorn_victim];
    return key;
}
void pos_unmake(Position *p);
/* Passes the turn (the search's null move); undone by pos_unmake. */
void pos_make_null(Position *p);

#endif
