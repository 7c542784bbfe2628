/*
 * The arbiter: how a game ends and what it scores, by each variant's rules. The board decides
 * checkmate, stalemate (C'escacs 2-1, Gliński 3/4-1/4, McCooey a draw) and the automatic draws (repetition, move
 * count, insufficient material); players end a game by resignation, by agreeing a draw, or by
 * claiming a draw the rules make claimable; a flag fall loses unless the opponent cannot mate. It is
 * the only judge: replay, engine matches, the terminal game and the server keep its Verdict as a
 * value and turn it into text only where they write it, through the functions below.
 */
#ifndef HEXCHESS_ARBITER_H
#define HEXCHESS_ARBITER_H

#include "position.h"
#include "status.h"

typedef enum {
    OUTCOME_NONE = 0,        /* the game goes on (written "*") */
    OUTCOME_WHITE_WINS,
    OUTCOME_BLACK_WINS,
    OUTCOME_WHITE_STALEMATES, /* White stalemated Black: a minimal win for White */
    OUTCOME_BLACK_STALEMATES,
    OUTCOME_DRAW,
    OUTCOME_ABORTED /* ended before both sides moved: no result (written "*"), never scored */
} Outcome;

typedef enum {
    END_NONE = 0,
    END_CHECKMATE,
    END_STALEMATE,
    END_REPETITION,
    END_MOVE_RULE,
    END_INSUFFICIENT,
    END_RESIGNATION,
    END_AGREEMENT,
    END_CLAIM,
    END_TIME,    /* a flag fell */
    END_FORFEIT, /* a player broke the rules of play (an engine's illegal move, no answer) */
    END_RECORDED, /* the record says so, for a reason the board cannot show (time, forfeit...) */
    END_ABORTED   /* a player called the game off before each side had moved */
} EndReason;

typedef struct {
    Outcome outcome;
    EndReason reason;
    DrawKind claimable; /* while the game goes on: a draw the side to move may claim */
} Verdict;

/* What the board says: mate, stalemate, an automatic draw, or that the game goes on. */
void arbiter_judge(Position *p, Verdict *out);
/* The side `who` resigns; false (verdict unchanged) when the board has already ended the game. */
bool arbiter_resign(Position *p, Color who, Verdict *out);
/* A player calls the game off, which the rules of play allow until each side has made a move
 * (moves_made: the game's plies, not the position's); false when later or already over. */
bool arbiter_abort(Position *p, int moves_made, Verdict *out);
/* Both players agree a draw; false when the game is already over. */
bool arbiter_agree_draw(Position *p, Verdict *out);
/* The side to move claims a draw; false when no claimable rule holds (or the game is over). */
bool arbiter_claim_draw(Position *p, Verdict *out);
/* The flag of `flagged` fell: a loss, or a draw when the opponent has no mating material by the
 * variant's insufficient-material rule; false when the game is already over. */
bool arbiter_flag_fall(Position *p, Color flagged, Verdict *out);
/* The side `who` forfeits the game; false when the game is already over. */
bool arbiter_forfeit(Position *p, Color who, Verdict *out);
/* Which side the verdict wins the game for (a stalemate win included); false for a draw or none. */
bool verdict_winner(const Verdict *vd, Color *winner);

/* The result as the variant writes it: "3-0", "2-1", "1-1", "1/2-1/2", "3/4-1/4", "*" ... */
const char *outcome_text(const Variant *v, Outcome o);
/* Reads any written result of either variant ("1-0", "3-0", "1/2-1/2", "½-½", "remi", "3/4-1/4",
 * "*" ...); false when the text is no result. */
bool outcome_parse(const char *text, Outcome *out);
/* White's share of the points in thousandths (1000 win, the stalemate share, 500 draw). */
int outcome_white_permille(const Variant *v, Outcome o);
const char *end_reason_name(EndReason r);
/* Why the game ended as the server and its API write it: "checkmate", "75-move", "50-move" (a claim
 * of that rule), "resignation", "time" ...; "" while the game goes on. */
void verdict_reason_text(const Variant *v, const Verdict *vd, char *buf, int size);
/* For people: "White wins by stalemate", "Draw by agreement", "Game aborted"; "" while the game goes on. */
void verdict_text(const Variant *v, const Verdict *vd, char *buf, int size);
/* Reads back a written result with the reason verdict_reason_text or end_reason_name wrote (an
 * unknown reason reads as END_RECORDED; "*" with "aborted", an aborted game); false when the result
 * is none or no result at all. */
bool verdict_parse(const Variant *v, const char *result, const char *reason, Verdict *out);

/*
 * Reconciles a recorded result with the board at the end of the record: the board's verdict when
 * it ended the game; otherwise a recorded win is a resignation and a recorded draw an agreement
 * (or a claim when one is claimable). *disagrees is set when the record contradicts the board
 * (another result after mate, stalemate or an automatic draw, or a stalemate score without one).
 */
void arbiter_reconcile(Position *p, Outcome recorded, Verdict *out, bool *disagrees);

#endif
