/*
 * Judging moves by what they do to the chances: an evaluation (centipawns or a mate) becomes an
 * expected score through a win-probability model, a move is classed by the expected score it gives
 * away, and a game's accuracy is made from its moves' losses. The model, thresholds and accuracy
 * curve follow lichess's game analysis (docs/review.md says how and why). Pure arithmetic: the
 * review (review.h), the puzzle miner (puzzle.h) and any front end share it.
 */
#ifndef HEXCHESS_ASSESS_H
#define HEXCHESS_ASSESS_H

#include <stddef.h>

#include "../util/types.h"

/* A position's evaluation from White's side: centipawns, or a forced mate. */
typedef struct {
    bool is_mate;
    int cp;         /* !is_mate: centipawns, + good for White */
    int mate_moves; /* is_mate: moves to the mate (0: it is on the board) */
    Color mater;    /* is_mate: the side that mates */
} Evaluation;

typedef enum { CLASS_BEST, CLASS_GOOD, CLASS_INACCURACY, CLASS_MISTAKE, CLASS_BLUNDER, CLASS_NB } MoveClass;

/* Beyond this many centipawns the model no longer tells positions apart: every larger lead, and
 * every mate, counts as this one (lichess's ceiling). */
enum { ASSESS_CP_CEILING = 1000 };

/* The expected score in [0, 1] of the side a lead of cp centipawns favours. */
double win_expectation(int cp);
/* The lead in centipawns whose expected score is share (0 < share < 1), within the ceiling: how a
 * result that is neither a win nor a loss (a draw, a stalemate's share) is shown as an evaluation. */
int cp_of_expectation(double share);
/* The expected score of side at e. */
double eval_expectation(const Evaluation *e, Color side);

/* The class of a move by mover from a position evaluated before to one evaluated after; best when
 * it is the move the engine would have played. */
MoveClass assess_move(const Evaluation *before, const Evaluation *after, Color mover, bool is_best);
/* "best", "good", "inaccuracy", "mistake", "blunder". */
const char *move_class_name(MoveClass c);

/* A move's accuracy in percent (0 to 100) from the mover's expected score before and after it. */
double move_accuracy(double before, double after);

/* Each side's accuracy over a game: from the evaluations of its positions (count >= 1, White's
 * expected scores, the start first) and the side that moves first. A side with no move has none
 * (has[side] false). */
void game_accuracy(const double *white_expect, int count, Color first, double accuracy[COLOR_NB], bool has[COLOR_NB]);

/* "+0.35", "-1.20", "0.00", "#3" (White mates in 3), "#-2" (Black mates in 2), "#0" / "#-0" (the
 * mate is on the board). */
void eval_text(const Evaluation *e, char *buf, size_t size);

#endif
