/*
 * The training record: one quiet position of a self-play game with its search score and the
 * game's result, in 96 bytes of fixed layout (docs/nnue.md), so that files of records concatenate,
 * a file cut off by a crash is whole up to its last full record, and the trainer reads them
 * without this code.
 */
#ifndef HEXCHESS_TRAINREC_H
#define HEXCHESS_TRAINREC_H

#include <stddef.h>

#include "../rules/position.h"

enum {
    TRAIN_RECORD_SIZE = 96,
    TRAIN_RECORD_FORMAT = 1,
    /* The men a record holds: more than any set-up has (C'escacs 54). */
    TRAIN_RECORD_MAX_MEN = 58,
    TRAIN_FLAG_BLACK = 1,    /* Black to move */
    TRAIN_FLAG_GAME_END = 2, /* the last record of its game */
};

typedef struct {
    int variant;         /* index in variant_names */
    int score;           /* the search's, in centipawns, from the side to move's view */
    int white_permille;  /* the game's result: White's share of the points */
    uint32_t game;       /* the game's number in its run */
    uint16_t run_tag;    /* what made the run (seed and settings), see datagen */
    int ply;             /* plies from the start position */
    bool game_end;
} TrainInfo;

/* Writes p (at most TRAIN_RECORD_MAX_MEN men, variant v_index) and info into out. */
void train_record_encode(const Position *p, const TrainInfo *info, uint8_t out[TRAIN_RECORD_SIZE]);
/* Reads a record: the men and the side to move into p (of variant v, whose index the record must
 * name), the rest into info. False, with a message in err, when the bytes are no such record. */
bool train_record_decode(const uint8_t in[TRAIN_RECORD_SIZE], const Variant *v, Position *p, TrainInfo *info,
                         char *err, int err_size);
/* Sets the game's result and whether the record is its last, once the game is over. */
void train_record_finish(uint8_t rec[TRAIN_RECORD_SIZE], int white_permille, bool game_end);
/* The variant index, game number, run tag and end flag alone (what resuming a file reads). */
bool train_record_peek(const uint8_t in[TRAIN_RECORD_SIZE], TrainInfo *info);

#endif
