#include "trainrec.h"

#include <stdio.h>
#include <string.h>

/* Offsets of the fields (docs/nnue.md); integers are little-endian. */
enum {
    AT_FORMAT = 0,
    AT_VARIANT = 1,
    AT_FLAGS = 2,
    AT_MEN = 3,
    AT_SCORE = 4,
    AT_RESULT = 6,
    AT_GAME = 8,
    AT_TAG = 12,
    AT_PLY = 14,
    AT_OCCUPIED = 16,
    OCCUPIED_BYTES = (MAX_CELLS + 7) / 8,
    AT_PIECES = AT_OCCUPIED + OCCUPIED_BYTES,
};
_Static_assert(AT_PIECES + TRAIN_RECORD_MAX_MEN == TRAIN_RECORD_SIZE, "the men fill the record");

static void put16(uint8_t *at, unsigned v) { at[0] = (uint8_t)v, at[1] = (uint8_t)(v >> 8); }
static unsigned get16(const uint8_t *at) { return (unsigned)at[0] | (unsigned)at[1] << 8; }

void train_record_encode(const Position *p, const TrainInfo *info, uint8_t out[TRAIN_RECORD_SIZE])
{
    memset(out, 0, TRAIN_RECORD_SIZE);
    out[AT_FORMAT] = TRAIN_RECORD_FORMAT;
    out[AT_VARIANT] = (uint8_t)info->variant;
    out[AT_FLAGS] = (uint8_t)((p->stm == BLACK ? TRAIN_FLAG_BLACK : 0) | (info->game_end ? TRAIN_FLAG_GAME_END : 0));
    put16(out + AT_SCORE, (unsigned)(int16_t)info->score);
    put16(out + AT_RESULT, (unsigned)info->white_permille);
    put16(out + AT_GAME, info->game & 0xffff);
    put16(out + AT_GAME + 2, info->game >> 16);
    put16(out + AT_TAG, info->run_tag);
    put16(out + AT_PLY, (unsigned)info->ply);
    int n = 0;
    for (int s = 0; s < p->v->geo.cell_count && n < TRAIN_RECORD_MAX_MEN; s++)
        if (p->board[s]) {
            out[AT_OCCUPIED + s / 8] |= (uint8_t)(1u << (s % 8));
            out[AT_PIECES + n++] = p->board[s];
        }
    out[AT_MEN] = (uint8_t)n;
}

void train_record_finish(uint8_t rec[TRAIN_RECORD_SIZE], int white_permille, bool game_end)
{
    put16(rec + AT_RESULT, (unsigned)white_permille);
    rec[AT_FLAGS] = (uint8_t)((rec[AT_FLAGS] & ~TRAIN_FLAG_GAME_END) | (game_end ? TRAIN_FLAG_GAME_END : 0));
}

bool train_record_peek(const uint8_t in[TRAIN_RECORD_SIZE], TrainInfo *info)
{
    if (in[AT_FORMAT] != TRAIN_RECORD_FORMAT || in[AT_MEN] > TRAIN_RECORD_MAX_MEN)
        return false;
    info->variant = in[AT_VARIANT];
    info->score = (int16_t)get16(in + AT_SCORE);
    info->white_permille = (int)get16(in + AT_RESULT);
    info->game = get16(in + AT_GAME) | (uint32_t)get16(in + AT_GAME + 2) << 16;
    info->run_tag = (uint16_t)get16(in + AT_TAG);
    info->ply = (int)get16(in + AT_PLY);
    info->game_end = in[AT_FLAGS] & TRAIN_FLAG_GAME_END;
    return info->white_permille <= 1000;
}

bool train_record_decode(const uint8_t in[TRAIN_RECORD_SIZE], const Variant *v, Position *p, TrainInfo *info,
                         char *err, int err_size)
{
    if (!train_record_peek(in, info)) {
        snprintf(err, (size_t)err_size, "not a training record of format %d", TRAIN_RECORD_FORMAT);
        return false;
    }
    pos_clear(p, v);
    int n = 0;
    for (int s = 0; s < MAX_CELLS; s++) {
        if (!(in[AT_OCCUPIED + s / 8] >> (s % 8) & 1))
            continue;
        Piece pc = n < in[AT_MEN] ? in[AT_PIECES + n] : EMPTY;
        PieceType t = piece_type(pc);
        if (s >= v->geo.cell_count || t == NO_TYPE || t >= PIECE_TYPE_NB || piece_color(pc) > BLACK ||
            !v->desc->pieces[t].letter) {
            snprintf(err, (size_t)err_size, "man %d of the record (hex %d) is not a %s man", n + 1, s, v->desc->title);
            return false;
        }
        pos_put(p, pc, s);
        n++;
    }
    if (n != in[AT_MEN]) {
        snprintf(err, (size_t)err_size, "the record counts %d men but marks %d hexes", in[AT_MEN], n);
        return false;
    }
    p->stm = in[AT_FLAGS] & TRAIN_FLAG_BLACK ? BLACK : WHITE;
    p->key = pos_compute_key(p);
    return true;
}
