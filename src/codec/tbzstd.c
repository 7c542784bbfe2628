#include "tbzstd.h"

#include <zstd.h>

/* The codec's number in a table's header: 1, for ever, means these frames. */
enum { ZSTD_CODEC_ID = 1 };
/* A table is compressed once and read many times: the slow level that packs tightest is worth
 * it, as unpacking is no slower for it. */
enum { LEVEL = 19 };

static size_t bound(size_t n) { return ZSTD_compressBound(n); }

/* Each frame carries its content's checksum: a block damaged on disk does not unpack, rather
 * than giving wrong values. A context per block: tables are written rarely, by one thread. */
static size_t pack(void *dst, size_t room, const void *src, size_t n)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    size_t len = 0;
    if (c && !ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, LEVEL)) &&
        !ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1))) {
        len = ZSTD_compress2(c, dst, room, src, n);
        if (ZSTD_isError(len))
            len = 0;
    }
    ZSTD_freeCCtx(c);
    return len;
}

/* A table probed block by block unpacks a block at most probes: the context is kept, as making
 * one costs more than unpacking a block. */
static void *new_unpacker(void) { return ZSTD_createDCtx(); }

static void free_unpacker(void *ctx) { ZSTD_freeDCtx(ctx); }

static bool unpack(void *ctx, void *dst, size_t n, const void *src, size_t size)
{
    /* A frame that holds other than n bytes (its header says how many) is not this block. */
    if (ZSTD_getFrameContentSize(src, size) != n)
        return false;
    size_t got = ZSTD_decompressDCtx(ctx, dst, n, src, size);
    return !ZSTD_isError(got) && got == n;
}

static const TbCodec CODEC = {"zstd", ZSTD_CODEC_ID, bound, pack, new_unpacker, free_unpacker, unpack};

const TbCodec *tb_zstd(void) { return &CODEC; }
