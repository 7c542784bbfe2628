/*
 * Replay of a read game against the rules: every move resolved to a legal move, the result
 * reconciled by the arbiter.
 */
#ifndef HEXCHESS_RECPLAY_H
#define HEXCHESS_RECPLAY_H

#include <stddef.h>

#include "../rules/arbiter.h"
#include "record.h"

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

/* Where the record and the rules part, after game_play: the game's end, told the way every front
 * end words it ("ended at ply 8 (repetition, 1/2-1/2), but 2 more plies are recorded"), then
 * whether its recorded result contradicts the rules ("is recorded as 1-0, but the rules give ...").
 * Each is written into buf (empty when there is nothing to say). */
void play_report_after_end(const Variant *v, const PlayReport *rep, char *buf, size_t size);
void play_report_disagreement(const Variant *v, const PlayReport *rep, char *buf, size_t size);

#endif
