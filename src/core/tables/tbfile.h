/*
 * A tablebase in memory and on disk. Each position holds one value, from the side to move:
 * illegal (the side not to move is in check), a draw, or a mate or a stalemate in d plies; d odd
 * means the side to move gives it, d even that it suffers it (0: it already has). A file is a
 * header (variant, ending, sizes, an FNV-1a checksum of the values) and the values, one byte each
 * when every distance fits, else two.
 */
#ifndef HEXCHESS_TBFILE_H
#define HEXCHESS_TBFILE_H

#include <stddef.h>

#include "tbindex.h"

enum { TB_ILLEGAL = 0, TB_DRAW = 1, TB_MATE_BASE = 2, TB_STALEMATE_BASE = 0x8000, TB_DIST_MAX = 0x7ffd };

static inline bool tb_is_mate(uint16_t v) { return v >= TB_MATE_BASE && v < TB_STALEMATE_BASE; }
static inline bool tb_is_stalemate(uint16_t v) { return v >= TB_STALEMATE_BASE; }
/* Plies to the mate or stalemate (0 for illegal and draw). */
static inline int tb_distance(uint16_t v)
{
    return tb_is_stalemate(v) ? v - TB_STALEMATE_BASE : tb_is_mate(v) ? v - TB_MATE_BASE : 0;
}
/* Does the side to move win (by mate or stalemate)? */
static inline bool tb_wins(uint16_t v) { return v > TB_DRAW && tb_distance(v) % 2 == 1; }
static inline bool tb_loses(uint16_t v) { return v > TB_DRAW && tb_distance(v) % 2 == 0; }
/* The value a move to a position of value child gives the side that makes it. */
static inline uint16_t tb_after(uint16_t child) { return child <= TB_DRAW ? child : (uint16_t)(child + 1); }
/* Orders values for the side to move: mate beats stalemate beats a draw; a quicker win and a
 * slower loss are better. Inline: the verifier ranks every move of every position. */
static inline int tb_rank(uint16_t v)
{
    enum { STEP = 1 << 16 };
    int d = tb_distance(v);
    if (v <= TB_DRAW)
        return 2 * STEP;
    if (tb_is_mate(v))
        return d % 2 ? 5 * STEP - d : d;
    return d % 2 ? 4 * STEP - d : STEP + d;
}
/* "win", "stalemate-win", "draw", "stalemate-loss", "loss" or "illegal". */
const char *tb_wdl_name(uint16_t v);

typedef struct {
    TbIndex ix;
    uint16_t *val[COLOR_NB]; /* by side to move */
} TbTable;

/* A table of the ending with every value TB_ILLEGAL; false (with err) when out of memory. */
bool tb_table_alloc(TbTable *t, const TbEnding *e, char *err, int size);
void tb_table_free(TbTable *t);
/* Bytes the values take in memory. */
size_t tb_table_bytes(const TbTable *t);
/* DIR/VARIANT-ENDING.hxtb */
void tb_file_path(char *buf, size_t size, const char *dir, const TbEnding *e);
/* Writes the table; *bytes gets the file size. False with a one-line err. */
bool tb_file_save(const TbTable *t, const char *path, size_t *bytes, char *err, int size);
/* Whether path is a table by its header and length (its values unread); false with a one-line err. */
bool tb_file_check(const char *path, char *err, int size);
/* Reads the table of ending e from path, checking the header and the checksum. */
bool tb_file_load(TbTable *t, const TbEnding *e, const char *path, char *err, int size);

#endif
