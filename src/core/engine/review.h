/*
 * Game review: the engine evaluates every position of a line of moves, and each move is judged by
 * what it gave away (assess.h). The command line's `hexchess review` is one front end; the server
 * and the page module can call the same code for an "Analyse game" button.
 */
#ifndef HEXCHESS_REVIEW_H
#define HEXCHESS_REVIEW_H

#include "../tables/tbprobe.h"
#include "assess.h"
#include "search.h"

typedef struct {
    int ply; /* 1-based half-move number in the line */
    Color mover;
    Move played;
    Move best; /* the engine's (or the tables') move in the position before */
    Evaluation before, after;
    MoveClass judgement;
} ReviewedMove;

/* Called for each move reviewed, with the position before it (the callback may make and unmake
 * moves on it, e.g. to write a move with its check mark, but leaves it as it was). */
typedef void (*ReviewMoveFn)(Position *before, const ReviewedMove *m, void *ctx);

typedef struct {
    Engine *engine;
    TbSet *tables; /* the tables of the line's variant, or NULL: where they hold a position their
                      verdict and move replace the search's */
    SearchLimits limits;
    ReviewMoveFn on_move; /* may be NULL */
    void *ctx;
} Review;

typedef struct {
    int plies;                   /* the moves reviewed */
    double accuracy[COLOR_NB];   /* percent */
    bool has_accuracy[COLOR_NB]; /* false for a side that made no move */
} ReviewSummary;

/* The evaluation a search reports (its first line) at a position where stm is to move. */
void evaluation_of_search(const SearchInfo *info, Color stm, Evaluation *out);

/* Evaluates p (not changed on return): its evaluation, and the best move, MOVE_NONE when the game
 * is over there (mate, stalemate, an automatic draw: the evaluation gives its result). */
Move review_position(Engine *engine, TbSet *tables, const SearchLimits *limits, Position *p, Evaluation *out);

/* Reviews count legal moves played from start, in order; stops early where the position's history
 * is too long to search. False when memory runs out. */
bool review_line(const Review *r, const Position *start, const Move *moves, int count, ReviewSummary *out);

#endif
