/*
 * Move ordering: the table move, then captures and promotions by victim and attacker, killers,
 * the countermove, and quiet moves by history; captures that lose material go last.
 */
#ifndef HEXCHESS_MOVEPICKER_H
#define HEXCHESS_MOVEPICKER_H

#include "../rules/movegen.h"
#include "thread.h"

/* The value of a man for ordering and pruning (0 for no man). */
int piece_value(const Worker *w, Piece pc);
/* The man a move takes (EMPTY for none). */
Piece captured_piece(const Position *p, Move m);
/* The order of one node's moves, as pick_next_move finds it. */
typedef struct {
    int scores[MAX_MOVES];
    /* From sorted_from on, the list is put in order, the best few first: up to sorted_to it is,
     * and picking is reading it; the moves after keep their list order, each scored below those
     * before. (sorted_to is 0 until the order starts.) */
    int sorted_from, sorted_to;
    /* The places of the moves not yet picked that score above every quiet move's history (the
     * table move, noisy moves, killers, the countermove): most picks are among these few, so only
     * they are scanned, not the hundred moves of the list. */
    int top_nb;
    uint16_t top[MAX_MOVES];
    /* The node's filter, once the search skips moves it can tell by it: in check, those
     * move_may_answer_check rules out; else (once every quiet move that does not give check is
     * pruned) those. The picker leaves them out of the list. */
    MoveFilter *dropping;
    /* The quiet moves' stats are read only when the picker first needs them: a cutoff often
     * comes before. They must be read before any table they come from changes (a search below
     * the node that can update them: score_quiet_moves). */
    bool quiets_unscored;
    /* While the node's quiet moves are still to be generated, the filter the noisy ones came
     * with (else NULL): they are added once the moves that outscore them are used up, since a
     * noisy move often refutes the node before. */
    const MoveFilter *quiets_to_come;
    Move tt_move;
    int ply;
} MovePicker;

/* Scores every move of ml for pick_next_move, the quiet moves when first needed. With
 * quiets_to_come, ml holds the noisy moves alone, and the quiet moves come when needed. */
void score_moves(const Worker *w, const MoveList *ml, MovePicker *pk, Move tt_move, int ply,
                 const MoveFilter *quiets_to_come);
/* Adds the quiet moves still to come to ml. */
void add_quiet_moves(const Worker *w, MoveList *ml, MovePicker *pk);
/* Is there a move at place i, once the quiet moves to come are added if none is left? */
static inline bool picker_has_move(const Worker *w, MoveList *ml, MovePicker *pk, int i)
{
    if (i < ml->count)
        return true;
    if (!pk->quiets_to_come)
        return false;
    add_quiet_moves(w, ml, pk);
    return i < ml->count;
}
/* Scores the quiet moves of ml not yet scored. */
void score_quiet_moves(const Worker *w, const MoveList *ml, MovePicker *pk);
/* The part of pick_next_move that is not yet sorted. */
Move pick_best_move(Worker *w, MoveList *ml, MovePicker *pk, int start);
/* From now on the moves the search skips by filter (MovePicker.dropping) are not wanted: those at
 * place `start` on go at once when the list is sorted there, else when the picker sorts it (the
 * picks before the sort move them about as if they were there, which the order of the others
 * depends on). */
void drop_unwanted(Worker *w, MoveList *ml, MovePicker *pk, MoveFilter *filter, int start);
/* Swaps the best-scored move left into place start and returns it. A capture picked there that
 * loses material in the exchange gets a negative score. (Inline: once sorted, most picks just read
 * the list, and a call would cost more than the read.) */
static inline Move pick_next_move(Worker *w, MoveList *ml, MovePicker *pk, int start)
{
    if (start < pk->sorted_to)
        return ml->moves[start];
    return pick_best_move(w, ml, pk, start);
}
/* How well the quiet move m did before, at the node at ply: its history and its continuation
 * history after the last two moves (each within +-16384). */
int quiet_move_stat(const Worker *w, Move m, int ply);
/* The move about to be played at ply (MOVE_NONE: a null move), for the continuation history. */
void note_move_played(Worker *w, int ply, Move m);
/* best, a quiet move, refuted the node at depth: it becomes a killer and the countermove, and
 * the history rewards it and punishes the quiet moves tried before it. */
void update_quiet_stats(Worker *w, Move best, int depth, int ply, const Move *tried, int tried_nb);
/* A cutoff at depth: the capture history rewards best if it is one of the noisy moves tried and
 * punishes the others. */
void update_capture_stats(Worker *w, Move best, int depth, const Move *tried, int tried_nb);

#endif
