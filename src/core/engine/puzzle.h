/*
 * Puzzles: positions with one clearly winning move (a mate in 1 to 3, or material won by force),
 * found where a reviewed game's move was a mistake or a blunder (review.h) and verified by a
 * deeper search of the two best moves; and the self-play games they can be mined from. The
 * command line's `hexchess puzzles` is one front end; docs/review.md gives the rules.
 */
#ifndef HEXCHESS_PUZZLE_H
#define HEXCHESS_PUZZLE_H

#include "review.h"

enum { PUZZLE_MAX_MATE = 3, PUZZLE_MAX_LINE = 2 * PUZZLE_MAX_MATE - 1 };

typedef struct {
    int mate_moves; /* 1 to PUZZLE_MAX_MATE for a mate, 0 for material won */
    int gain;       /* material won, in hundredths of a pawn by the variant's values (0 for a mate) */
    int length;
    Move line[PUZZLE_MAX_LINE]; /* the solver's moves and the best replies, the solver's first and last */
} PuzzleSolution;

/* Whether the move reviewed hands its opponent a chance worth a puzzle: a mistake or a blunder
 * after which the opponent's position is clearly won, when it was not before. */
bool puzzle_candidate(const ReviewedMove *m);

/* Whether the side to move at p (not changed on return) has one clearly winning move, by searches
 * of the two best moves within limits; the solution in out. e's MultiPV is 1 again on return. */
bool puzzle_verify(Engine *e, Position *p, const SearchLimits *limits, PuzzleSolution *out);

/* "mate1", "mate2", "mate3" or "material". */
void puzzle_theme(const PuzzleSolution *z, char *buf, size_t size);

/* A game the engine plays against itself from start (not changed): opening_plies random legal
 * moves drawn from *rng, then moves searched to a depth drawn from 1 to depth for each, until the
 * game ends or max_plies moves are made (moves holds max_plies). Returns the number of moves. */
int puzzle_self_play(Engine *e, Position *start, uint64_t *rng, int opening_plies, int depth, Move *moves,
                     int max_plies);

#endif
