/*
 * Hexagonal board geometry, computed from the side length alone.
 *
 * Both games use the same model: a column index c (0 .. 2N-2) and a half-step height l
 * (0 .. 4(N-1)). A hex exists iff |c-(N-1)| <= l <= 4(N-1)-|c-(N-1)| and l has the parity of
 * c-(N-1). C'escacs calls l the cross-line; Gliński ranks are derived from it.
 */
#ifndef HEXCHESS_GEOMETRY_H
#define HEXCHESS_GEOMETRY_H

#include "../util/types.h"

enum { DIR_NB = 12, ORTH_FIRST = 0, ORTH_NB = 6, DIAG_FIRST = 6, DIAG_NB = 6, LEAP_NB = 12 };
/* The longest ray: along a column, every other line. */
enum { MAX_RAY = MAX_LINES / 2 };
/* An axis is a direction and its opposite (2a and 2a + 1): 0..2 orthogonal, 3..5 diagonal. */
enum { AXIS_NB = DIR_NB / 2, ORTH_AXES = 0, DIAG_AXES = DIAG_FIRST / 2 };
/* The hexes in a row along an axis make a line: a column's worth along each orthogonal axis, a
 * line's worth along each diagonal one, at most. */
enum { MAX_HEX_LINES = 3 * MAX_COLUMNS + 3 * MAX_LINES };
/* A hex's line along an axis, its place there (1 at the end that direction 2a + 1 leads to, rising
 * along direction 2a) and the place of the wall past the other end (the line's length + 1). */
typedef struct {
    uint8_t line, place, wall;
} HexLine;
/* Where the nearest man or wall lies either way along an axis from a hex: their places on its line. */
typedef struct {
    int next, prev;
} LineStops;

typedef struct {
    int dc, dl;
} HexStep;

/* A set of hexes, a bit per hex (hex s is bit s % 64 of word s / 64). */
enum { HEX_WORDS = (MAX_CELLS + 63) / 64 };
static inline void hexset_add(uint64_t *set, int cell) { set[cell >> 6] |= UINT64_C(1) << (cell & 63); }
static inline void hexset_flip(uint64_t *set, int cell) { set[cell >> 6] ^= UINT64_C(1) << (cell & 63); }
/* How many hexes of a are in b; not in b. */
static inline int hexset_count_in(const uint64_t *a, const uint64_t *b)
{
    return __builtin_popcountll(a[0] & b[0]) + __builtin_popcountll(a[1] & b[1]) +
           __builtin_popcountll(a[2] & b[2]);
}
static inline int hexset_count_outside(const uint64_t *a, const uint64_t *b)
{
    return __builtin_popcountll(a[0] & ~b[0]) + __builtin_popcountll(a[1] & ~b[1]) +
           __builtin_popcountll(a[2] & ~b[2]);
}
_Static_assert(HEX_WORDS == 3, "the set counts are written out for three words");

/* Directions: 0..5 orthogonal, 6..11 diagonal; a direction and its opposite differ in bit 0. */
extern const HexStep hex_directions[DIR_NB];
/* Knight leaps (a diagonal step plus the orthogonal step 30 degrees from it); opposite = k ^ 1. */
extern const HexStep hex_leaps[LEAP_NB];

typedef struct {
    int side;
    int columns;
    int lines;
    int cell_count;
    uint8_t col[MAX_CELLS];
    uint8_t line[MAX_CELLS];
    /* 0, 1 or 2: the line modulo 3 is the hex colour in both games. */
    uint8_t colour[MAX_CELLS];
    uint8_t at[MAX_COLUMNS][MAX_LINES];
    uint8_t step[DIR_NB][MAX_CELLS];
    uint8_t leap[LEAP_NB][MAX_CELLS];
    /* The king-step neighbours (12 directions) and knight-leap targets of each hex, compacted and
     * padded with NO_CELL. */
    uint8_t neighbour_count[MAX_CELLS];
    uint8_t neighbours[MAX_CELLS][DIR_NB];
    uint8_t leap_count[MAX_CELLS];
    uint8_t leaps[MAX_CELLS][LEAP_NB];
    /* The same as sets: the evaluation counts those a side may enter at one look per word. */
    uint64_t neighbour_set[MAX_CELLS][HEX_WORDS];
    uint64_t leap_set[MAX_CELLS][HEX_WORDS];
    /* The hexes in line with the hex or a leap from it (reach, below, not 0): only a man standing on
     * one may attack it. */
    uint64_t sight_set[MAX_CELLS][HEX_WORDS];
    /* The hexes along each direction from each hex, nearest first, ended by NO_CELL: a slider's
     * walk reads them in a row instead of chasing one step after another. */
    uint8_t rays[MAX_CELLS][DIR_NB][MAX_RAY + 1];
    /* How hex b lies from hex a: 1 + the direction from a along which b lies, REACH_LEAP a knight
     * leap away, 0 neither (then no man standing on one attacks the other). */
    uint8_t reach[MAX_CELLS][MAX_CELLS];
    /* The lines: a set of a line's places (a bit each, as Position.line_men keeps its men) finds
     * the man nearest to a hex along both directions of an axis at one look each. line_walls holds
     * the places just off the board at both ends, 0 and the line's length + 1. */
    int line_count;
    HexLine lines_of[MAX_CELLS][AXIS_NB];
    uint32_t line_walls[MAX_HEX_LINES];
    /* The hex at each place of each line, NO_CELL at the walls. */
    uint8_t line_hexes[MAX_HEX_LINES][MAX_RAY + 3];
} Geometry;

enum { REACH_LEAP = DIR_NB + 1 };

void geometry_build(Geometry *g, int side);
/* The hex at (column, line), or NO_CELL when off the board. */
int geometry_cell(const Geometry *g, int col, int line);
/* The hex reached by an arbitrary (dc, dl) offset, or NO_CELL. */
int geometry_offset(const Geometry *g, int cell, int dc, int dl);
/* The same column, reflected top to bottom: how Black's set-up mirrors White's. */
int geometry_mirror(const Geometry *g, int cell);
/* True when the hexes touch by a king step (the 12 directions). */
bool geometry_adjacent(const Geometry *g, int a, int b);

#endif
