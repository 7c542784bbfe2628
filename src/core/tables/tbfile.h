/*
 * A tablebase in memory and on disk. Each position holds one value, from the side to move:
 * illegal (the side not to move is in check), a draw, or a mate or a stalemate in d plies; d odd
 * means the side to move gives it, d even that it suffers it (0: it already has).
 *
 * A file is a header (format version, variant, ending, sizes, an FNV-1a checksum of the values)
 * and the values of White to move then Black to move, one byte each when every distance fits,
 * else two. Version 1 stores them raw. Version 2 cuts them into blocks of a fixed number of
 * values, each compressed on its own by a block codec, behind an index of block offsets: a table
 * so stored can be probed a block at a time, through a small cache of decompressed blocks,
 * without reading the rest. The core has no compression of its own (it stays free of
 * dependencies): the program that embeds it sets the codec (tb_set_codec); without one, raw
 * tables are written and read, and a compressed one is refused with a line saying why.
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

/* Compresses and decompresses blocks; set once, before any table is read or written. */
typedef struct {
    const char *name;
    uint64_t id; /* in the file's header: a file names the codec it needs */
    /* The most bytes pack can make of n. */
    size_t (*bound)(size_t n);
    /* Packs n bytes of src into dst (room bytes); returns the packed size, 0 on failure. */
    size_t (*pack)(void *dst, size_t room, const void *src, size_t n);
    /* A context for unpack (used by one thread at a time), NULL when out of memory; freed by
     * free_unpacker (which takes NULL). */
    void *(*new_unpacker)(void);
    void (*free_unpacker)(void *ctx);
    /* Unpacks src (size bytes) into exactly n bytes of dst; false when src is not such a block. */
    bool (*unpack)(void *ctx, void *dst, size_t n, const void *src, size_t size);
} TbCodec;

/* The codec new files are compressed by and compressed files are read with; NULL: none. */
void tb_set_codec(const TbCodec *codec);

/* A compressed file open for probing: its index, and a cache of decompressed blocks. */
typedef struct TbBlocks TbBlocks;

typedef struct {
    TbIndex ix;
    uint16_t *val[COLOR_NB]; /* by side to move; NULL when the values are read from blocks */
    TbBlocks *blocks;        /* the file, when its values are read as they are probed */
} TbTable;

/* Reads position idx's value with c to move from t's blocks; false when its block cannot be read
 * (tb_table_error says why). */
bool tb_block_value(const TbTable *t, Color c, uint64_t idx, uint16_t *v);
/* The value of position idx with c to move, wherever t keeps it; false as tb_block_value. */
static inline bool tb_value(const TbTable *t, Color c, uint64_t idx, uint16_t *v)
{
    if (!t->val[c])
        return tb_block_value(t, c, idx, v);
    *v = t->val[c][idx];
    return true;
}
/* The first failure to read one of t's blocks, in one line; NULL when there was none. */
const char *tb_table_error(const TbTable *t);

/* A table of the ending with every value TB_ILLEGAL; false (with err) when out of memory. */
bool tb_table_alloc(TbTable *t, const TbEnding *e, char *err, int size);
void tb_table_free(TbTable *t);
/* Bytes the values take in memory. */
size_t tb_table_bytes(const TbTable *t);
/* DIR/VARIANT-ENDING.hxtb */
void tb_file_path(char *buf, size_t size, const char *dir, const TbEnding *e);
/* Writes the table (t's values in memory), compressed in blocks when compress and a codec is set,
 * else raw; *bytes gets the file size. False with a one-line err. */
bool tb_file_save(const TbTable *t, const char *path, bool compress, size_t *bytes, char *err, int size);
/* Whether path is a table by its header, its length and its block index (its values unread);
 * false with a one-line err. */
bool tb_file_check(const char *path, char *err, int size);
/* Reads the table of ending e from path into memory, checking the header and the checksum. */
bool tb_file_load(TbTable *t, const TbEnding *e, const char *path, char *err, int size);
/* Opens the table of ending e at path for probing: a compressed file is read a block at a time as
 * it is probed (its header and index checked now, each block as it is read), a raw one whole. */
bool tb_file_open(TbTable *t, const TbEnding *e, const char *path, char *err, int size);

#endif
