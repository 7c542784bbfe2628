#include "tbfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <threads.h>
#include <unistd.h>

/* The first seven bytes of every table; the eighth is the format's version. */
static const char MAGIC[7] = "HXTB\r\n\x1a";
enum { RAW = 1, BLOCKED = 2 };
enum { HEADER_NAME = 16, NAMES_AT = 8, WIDTH_AT = NAMES_AT + 2 * HEADER_NAME, VALUES_AT = WIDTH_AT + 8, SUM_AT = VALUES_AT + 8 };
enum { HEADER_SIZE = SUM_AT + 8, CODEC_AT = HEADER_SIZE, PER_BLOCK_AT = CODEC_AT + 8, BLOCKED_HEADER_SIZE = PER_BLOCK_AT + 8 };
/* One byte holds mates in up to 125 plies (2..127) and stalemates in up to 127 (128..255). */
enum { BYTE_MATE_MAX = 125, BYTE_STALEMATE = 128, BYTE_STALEMATE_MAX = 127 };
/* Values a block holds. Larger blocks pack a little tighter (Gliński KRKN at zstd's level 19:
 * 4,401,293 bytes in blocks of 4 K values, 4,314,110 of 16 K, 4,166,938 of 256 K) but a probe
 * that misses the cache unpacks the whole block: 4 K keeps a miss near ten microseconds. */
enum { BLOCK_VALUES = 1 << 12, BLOCK_VALUES_MAX = 1 << 24 };
/* Decompressed blocks kept by each table open for probing (256 KB of one-byte values), the least
 * recently used replaced. */
enum { CACHE_SLOTS = 64 };
/* More positions than any table of at most five men has. */
static const uint64_t VALUES_MAX = 1ull << 40;

static const TbCodec *codec_set;

void tb_set_codec(const TbCodec *codec) { codec_set = codec; }

struct TbBlocks {
    FILE *f;
    int width;
    uint64_t per_block, blocks, values; /* values: both sides' */
    uint64_t *offset;                   /* of each block in the file, and of the file's end */
    mtx_t lock;                         /* held while the cache is used */
    uint64_t clock;
    struct {
        uint64_t block, used; /* used: the clock when last read; 0: empty */
        uint8_t *bytes;
    } slot[CACHE_SLOTS];
    uint8_t *packed, *plane;
    void *unpacker;
    char path[256];
    char error[320];
};

const char *tb_wdl_name(uint16_t v)
{
    if (v == TB_ILLEGAL)
        return "illegal";
    if (v == TB_DRAW)
        return "draw";
    if (tb_is_mate(v))
        return tb_wins(v) ? "win" : "loss";
    return tb_wins(v) ? "stalemate-win" : "stalemate-loss";
}

bool tb_table_alloc(TbTable *t, const TbEnding *e, char *err, int size)
{
    memset(t, 0, sizeof *t);
    if (!tb_index_build(&t->ix, e, err, size))
        return false;
    for (int c = 0; c < COLOR_NB; c++) {
        t->val[c] = calloc((size_t)t->ix.size, sizeof **t->val);
        if (!t->val[c]) {
            tb_table_free(t);
            snprintf(err, (size_t)size, "out of memory for %s (%llu positions)", e->name,
                     (unsigned long long)(2 * t->ix.size));
            return false;
        }
    }
    return true;
}

static void blocks_free(TbBlocks *b)
{
    if (!b)
        return;
    if (b->f)
        fclose(b->f);
    for (int i = 0; i < CACHE_SLOTS; i++)
        free(b->slot[i].bytes);
    free(b->offset);
    free(b->packed);
    free(b->plane);
    if (b->unpacker)
        codec_set->free_unpacker(b->unpacker);
    mtx_destroy(&b->lock);
    free(b);
}

void tb_table_free(TbTable *t)
{
    for (int c = 0; c < COLOR_NB; c++) {
        free(t->val[c]);
        t->val[c] = NULL;
    }
    blocks_free(t->blocks);
    t->blocks = NULL;
    tb_index_free(&t->ix);
}

size_t tb_table_bytes(const TbTable *t) { return (size_t)(2 * t->ix.size * sizeof **t->val); }

void tb_file_path(char *buf, size_t size, const char *dir, const TbEnding *e)
{
    snprintf(buf, size, "%s/%s-%s.hxtb", dir, e->v->desc->name, e->name);
}

static bool fits_bytes(const TbTable *t)
{
    for (int c = 0; c < COLOR_NB; c++)
        for (uint64_t i = 0; i < t->ix.size; i++) {
            uint16_t v = t->val[c][i];
            if ((tb_is_mate(v) && tb_distance(v) > BYTE_MATE_MAX) ||
                (tb_is_stalemate(v) && tb_distance(v) > BYTE_STALEMATE_MAX))
                return false;
        }
    return true;
}

static uint8_t to_byte(uint16_t v)
{
    return (uint8_t)(tb_is_stalemate(v) ? BYTE_STALEMATE + tb_distance(v) : v);
}

static uint16_t from_byte(uint8_t b)
{
    return (uint16_t)(b >= BYTE_STALEMATE ? TB_STALEMATE_BASE + (b - BYTE_STALEMATE) : b);
}

static uint16_t value_at(const uint8_t *p, int width)
{
    return width == 1 ? from_byte(p[0]) : (uint16_t)(p[0] | p[1] << 8);
}

static void put_u64(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> 8 * i);
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x |= (uint64_t)p[i] << 8 * i;
    return x;
}

static uint64_t fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}
static const uint64_t FNV_START = 0xcbf29ce484222325ull;

/* Values first .. first + n - 1 of the file's order (White to move, then Black), as bytes
 * (little-endian when two bytes wide). */
static void encode(const TbTable *t, uint64_t first, uint64_t n, int width, uint8_t *out)
{
    for (uint64_t k = 0; k < n; k++) {
        uint64_t at = first + k, i = at % t->ix.size;
        uint16_t v = t->val[at / t->ix.size][i];
        if (width == 1) {
            out[k] = to_byte(v);
        } else {
            out[2 * k] = (uint8_t)v;
            out[2 * k + 1] = (uint8_t)(v >> 8);
        }
    }
}

static void decode(TbTable *t, uint64_t first, uint64_t n, int width, const uint8_t *in)
{
    for (uint64_t k = 0; k < n; k++) {
        uint64_t at = first + k;
        t->val[at / t->ix.size][at % t->ix.size] = value_at(in + k * (uint64_t)width, width);
    }
}

/* A compressed block of two-byte values holds their low bytes, then their high bytes: the high
 * bytes are nearly all zero, and apart they cost almost nothing (the first 2 million values of
 * Gliński KRKN made two bytes wide: 884 KB packed interleaved, 734 KB in planes, 736 KB as one
 * byte). to_planes: n values in the file's order into planes; from_planes: back again. */
static void to_planes(uint8_t *out, const uint8_t *in, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        out[k] = in[2 * k];
        out[n + k] = in[2 * k + 1];
    }
}

static void from_planes(uint8_t *out, const uint8_t *in, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        out[2 * k] = in[k];
        out[2 * k + 1] = in[n + k];
    }
}

/* The variant's and the ending's names as the header holds them. */
static void header_names(uint8_t *h, const TbEnding *e)
{
    memset(h, 0, 2 * HEADER_NAME);
    memcpy(h, e->v->desc->name, strnlen(e->v->desc->name, HEADER_NAME - 1));
    memcpy(h + HEADER_NAME, e->name, strnlen(e->name, HEADER_NAME - 1));
}

/* A file's header, read. */
typedef struct {
    int version;
    uint8_t names[2 * HEADER_NAME];
    uint64_t width, values, sum, codec;
    uint64_t per_block, blocks; /* values a block holds (raw files are read in such blocks too), and blocks */
    uint64_t bytes;             /* the file's */
} Header;

static uint64_t blocks_of(uint64_t values, uint64_t per_block) { return (2 * values + per_block - 1) / per_block; }

static uint64_t block_values(const Header *h, uint64_t block)
{
    uint64_t first = block * h->per_block;
    return 2 * h->values - first < h->per_block ? 2 * h->values - first : h->per_block;
}

static size_t header_size(int version) { return version == RAW ? HEADER_SIZE : BLOCKED_HEADER_SIZE; }

static void put_header(uint8_t *out, const Header *h)
{
    memset(out, 0, header_size(h->version));
    memcpy(out, MAGIC, sizeof MAGIC);
    out[sizeof MAGIC] = (uint8_t)h->version;
    memcpy(out + NAMES_AT, h->names, sizeof h->names);
    put_u64(out + WIDTH_AT, h->width);
    put_u64(out + VALUES_AT, h->values);
    put_u64(out + SUM_AT, h->sum);
    if (h->version == BLOCKED) {
        put_u64(out + CODEC_AT, h->codec);
        put_u64(out + PER_BLOCK_AT, h->per_block);
    }
}

static bool write_all(FILE *f, const void *p, size_t n) { return fwrite(p, 1, n, f) == n; }

/* Writes the values of t after the header: raw, or in blocks packed by the codec with their
 * offsets into index. Computes the checksum into h->sum. */
static bool write_values(const TbTable *t, Header *h, uint64_t *index, FILE *f, char *err, int size)
{
    size_t room = (size_t)(BLOCK_VALUES * h->width);
    bool blocked = h->version == BLOCKED;
    uint8_t *raw = malloc(room), *plane = blocked ? malloc(room) : NULL;
    uint8_t *packed = blocked ? malloc(codec_set->bound(room)) : NULL;
    bool ok = raw && ((plane && packed) || !blocked);
    if (!ok)
        snprintf(err, (size_t)size, "out of memory");
    uint64_t at = header_size(h->version) + (h->version == BLOCKED ? 8 * (h->blocks + 1) : 0);
    h->sum = FNV_START;
    for (uint64_t block = 0; ok && block * BLOCK_VALUES < 2 * h->values; block++) {
        size_t n = (size_t)(block_values(h, block) * h->width);
        encode(t, block * BLOCK_VALUES, block_values(h, block), (int)h->width, raw);
        h->sum = fnv1a(h->sum, raw, n);
        if (h->version == RAW) {
            ok = write_all(f, raw, n);
            continue;
        }
        if (h->width == 2)
            to_planes(plane, raw, n / 2);
        size_t len = codec_set->pack(packed, codec_set->bound(room), h->width == 2 ? plane : raw, n);
        if (!len) {
            snprintf(err, (size_t)size, "%s could not compress block %llu", codec_set->name, (unsigned long long)block);
            ok = false;
        }
        index[block] = at;
        at += len;
        ok = ok && write_all(f, packed, len);
    }
    if (index)
        index[h->blocks] = at;
    free(raw);
    free(plane);
    free(packed);
    return ok;
}

bool tb_file_save(const TbTable *t, const char *path, bool compress, size_t *bytes, char *err, int size)
{
    Header h = {.version = compress && codec_set ? BLOCKED : RAW, .width = fits_bytes(t) ? 1 : 2, .values = t->ix.size,
                .per_block = BLOCK_VALUES};
    header_names(h.names, &t->ix.e);
    if (h.version == BLOCKED) {
        h.codec = codec_set->id;
        h.blocks = blocks_of(h.values, h.per_block);
    }
    /* Written under another name and renamed when whole: a generation stopped while writing leaves
     * no truncated table for the next run to trip on. */
    char part[4096];
    if (snprintf(part, sizeof part, "%s.part", path) >= (int)sizeof part) {
        snprintf(err, (size_t)size, "path too long: %s", path);
        return false;
    }
    uint64_t *index = h.version == BLOCKED ? calloc(h.blocks + 1, sizeof *index) : NULL;
    FILE *f = h.version == RAW || index ? fopen(part, "wb") : NULL;
    if (!f) {
        snprintf(err, (size_t)size, "cannot write %s: %s", part, index || h.version == RAW ? strerror(errno) : "out of memory");
        free(index);
        return false;
    }
    /* The header and the index come first but are known last: room is left for them. */
    uint8_t head[BLOCKED_HEADER_SIZE];
    put_header(head, &h);
    size_t index_bytes = index ? 8 * (size_t)(h.blocks + 1) : 0;
    uint8_t *index_out = calloc(index_bytes + 1, 1);
    char why[256] = "";
    bool ok = index_out && write_all(f, head, header_size(h.version)) && write_all(f, index_out, index_bytes) &&
              write_values(t, &h, index, f, why, sizeof why);
    if (ok) {
        put_header(head, &h);
        for (uint64_t b = 0; index && b <= h.blocks; b++)
            put_u64(index_out + 8 * b, index[b]);
        ok = fseek(f, 0, SEEK_SET) == 0 && write_all(f, head, header_size(h.version)) && write_all(f, index_out, index_bytes);
    }
    *bytes = (size_t)(index ? index[h.blocks] : header_size(RAW) + 2 * h.values * h.width);
    free(index);
    free(index_out);
    if (fclose(f) != 0 || !ok || rename(part, path) != 0) {
        snprintf(err, (size_t)size, "cannot write %s: %s", path, why[0] ? why : strerror(errno));
        remove(part);
        return false;
    }
    return true;
}

/* Opens a table file for reading, and reads its header; NULL with a message. Only a regular file
 * is a table: a FIFO or device of that name would block the reader for ever. It is asked before
 * the open (Node's file system, under WebAssembly, ignores O_NONBLOCK) and again of what was
 * opened. The header's sizes are checked against the file's length, and a compressed file's codec
 * against the one set. */
static FILE *open_table(const char *path, Header *h, char *err, int size)
{
    struct stat st;
    if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
        snprintf(err, (size_t)size, "%s is not a regular file", path);
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0 || fstat(fd, &st)) {
        snprintf(err, (size_t)size, "cannot read %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    FILE *f = S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
    if (!f) {
        snprintf(err, (size_t)size, "%s is not a regular file", path);
        close(fd);
        return NULL;
    }
    uint8_t b[BLOCKED_HEADER_SIZE];
    memset(h, 0, sizeof *h);
    h->bytes = (uint64_t)st.st_size;
    if (fread(b, 1, HEADER_SIZE, f) != HEADER_SIZE || memcmp(b, MAGIC, sizeof MAGIC)) {
        snprintf(err, (size_t)size, "%s is not a hexchess table", path);
    } else if ((h->version = b[sizeof MAGIC]) != RAW && h->version != BLOCKED) {
        snprintf(err, (size_t)size, "%s is a table of format %d, newer than this program reads (1 and 2)", path, h->version);
    } else if (h->version == BLOCKED &&
               fread(b + HEADER_SIZE, 1, BLOCKED_HEADER_SIZE - HEADER_SIZE, f) != BLOCKED_HEADER_SIZE - HEADER_SIZE) {
        snprintf(err, (size_t)size, "%s is corrupt (wrong length)", path);
    } else {
        memcpy(h->names, b + NAMES_AT, sizeof h->names);
        h->width = get_u64(b + WIDTH_AT);
        h->values = get_u64(b + VALUES_AT);
        h->sum = get_u64(b + SUM_AT);
        h->codec = h->version == BLOCKED ? get_u64(b + CODEC_AT) : 0;
        h->per_block = h->version == BLOCKED ? get_u64(b + PER_BLOCK_AT) : BLOCK_VALUES; /* raw: read so */
        /* A compressed file can hold more values than bytes, but no more than an index can number. */
        bool sized = (h->width == 1 || h->width == 2) && h->values <= (h->version == RAW ? h->bytes : VALUES_MAX);
        if (h->version == RAW && sized && h->bytes == HEADER_SIZE + 2 * h->width * h->values)
            return f;
        if (h->version == BLOCKED && sized && h->per_block >= 1 && h->per_block <= BLOCK_VALUES_MAX) {
            h->blocks = blocks_of(h->values, h->per_block);
            if (h->blocks >= h->bytes / 8) {
                snprintf(err, (size_t)size, "%s is corrupt (wrong length)", path);
            } else if (!codec_set || codec_set->id != h->codec) {
                snprintf(err, (size_t)size,
                         "%s is compressed by codec %llu, which this build lacks: rewrite it raw with `hexchess tb pack --raw` of a build that has it",
                         path, (unsigned long long)h->codec);
            } else {
                return f;
            }
        } else {
            snprintf(err, (size_t)size, "%s is corrupt (wrong length)", path);
        }
    }
    fclose(f);
    return NULL;
}

/* Reads a compressed file's block index: the first block after it, each block packed no larger
 * than the codec can make it, the last ending at the file's end. NULL with a message. */
static uint64_t *read_index(FILE *f, const Header *h, const char *path, char *err, int size)
{
    uint64_t n = h->blocks + 1, *index = malloc(8 * (size_t)n);
    uint8_t *raw = malloc(8 * (size_t)n);
    const char *why = !index || !raw ? "out of memory" : fread(raw, 8, (size_t)n, f) != n ? "wrong length" : NULL;
    for (uint64_t b = 0; !why && b < n; b++)
        index[b] = get_u64(raw + 8 * b);
    free(raw);
    /* A file cut short (or grown) keeps an index that says where it should end. */
    if (!why && index[h->blocks] != h->bytes)
        why = "wrong length";
    if (!why && index[0] != BLOCKED_HEADER_SIZE + 8 * n)
        why = "bad block index";
    for (uint64_t b = 0; !why && b < h->blocks; b++)
        if (index[b + 1] <= index[b] || index[b + 1] - index[b] > codec_set->bound((size_t)(block_values(h, b) * h->width)))
            why = "bad block index";
    if (why) {
        snprintf(err, (size_t)size, "%s is corrupt (%s)", path, why);
        free(index);
        return NULL;
    }
    return index;
}

bool tb_file_check(const char *path, char *err, int size)
{
    Header h;
    FILE *f = open_table(path, &h, err, size);
    if (!f)
        return false;
    uint64_t *index = h.version == BLOCKED ? read_index(f, &h, path, err, size) : NULL;
    fclose(f);
    free(index);
    return h.version == RAW || index;
}

/* Opens path and checks that it holds the table of e (its index built into t); NULL with a
 * message. */
static FILE *open_ending(TbTable *t, const TbEnding *e, const char *path, Header *h, char *err, int size)
{
    memset(t, 0, sizeof *t);
    FILE *f = open_table(path, h, err, size);
    if (!f)
        return NULL;
    uint8_t names[2 * HEADER_NAME];
    header_names(names, e);
    if (!tb_index_build(&t->ix, e, err, size)) {
        fclose(f);
        return NULL;
    }
    if (memcmp(names, h->names, sizeof names) || h->values != t->ix.size) {
        snprintf(err, (size_t)size, "%s does not hold the %s table of %s", path, e->name, e->v->desc->title);
        tb_index_free(&t->ix);
        fclose(f);
        return NULL;
    }
    return f;
}

bool tb_file_load(TbTable *t, const TbEnding *e, const char *path, char *err, int size)
{
    Header h;
    FILE *f = open_ending(t, e, path, &h, err, size);
    if (!f)
        return false;
    tb_index_free(&t->ix);
    uint64_t *index = h.version == BLOCKED ? read_index(f, &h, path, err, size) : NULL;
    if ((h.version == BLOCKED && !index) || !tb_table_alloc(t, e, err, size)) {
        free(index);
        fclose(f);
        return false;
    }
    uint64_t per_block = h.per_block;
    size_t room = (size_t)(per_block * h.width);
    uint8_t *raw = malloc(room), *plane = malloc(room), *packed = index ? malloc(codec_set->bound(room)) : NULL;
    void *unpacker = index ? codec_set->new_unpacker() : NULL;
    const char *why = raw && plane && ((packed && unpacker) || !index) ? NULL : "out of memory";
    uint64_t sum = FNV_START;
    for (uint64_t first = 0; !why && first < 2 * h.values; first += per_block) {
        uint64_t n = 2 * h.values - first < per_block ? 2 * h.values - first : per_block;
        size_t len = index ? (size_t)(index[first / per_block + 1] - index[first / per_block]) : (size_t)(n * h.width);
        if (fread(index ? packed : raw, 1, len, f) != len)
            why = "wrong length";
        else if (index && !codec_set->unpack(unpacker, h.width == 2 ? plane : raw, (size_t)(n * h.width), packed, len))
            why = "a block does not unpack";
        if (!why && index && h.width == 2)
            from_planes(raw, plane, (size_t)n);
        if (!why) {
            sum = fnv1a(sum, raw, (size_t)(n * h.width));
            decode(t, first, n, (int)h.width, raw);
        }
    }
    if (!why && sum != h.sum)
        why = "bad checksum";
    free(raw);
    free(plane);
    free(packed);
    free(index);
    if (unpacker)
        codec_set->free_unpacker(unpacker);
    fclose(f);
    if (why) {
        tb_table_free(t);
        snprintf(err, (size_t)size, "%s is corrupt (%s)", path, why);
        return false;
    }
    return true;
}

bool tb_file_open(TbTable *t, const TbEnding *e, const char *path, char *err, int size)
{
    Header h;
    FILE *f = open_ending(t, e, path, &h, err, size);
    if (f && h.version == RAW) {
        fclose(f);
        tb_index_free(&t->ix);
        return tb_file_load(t, e, path, err, size);
    }
    TbBlocks *b = f ? calloc(1, sizeof *b) : NULL;
    if (f && (!b || mtx_init(&b->lock, mtx_plain) != thrd_success)) {
        snprintf(err, (size_t)size, "out of memory opening %s", path);
        free(b);
        b = NULL;
    }
    if (!b) {
        if (f) {
            fclose(f);
            tb_index_free(&t->ix);
        }
        return false;
    }
    t->blocks = b;
    b->f = f;
    b->width = (int)h.width;
    b->per_block = h.per_block;
    b->blocks = h.blocks;
    b->values = 2 * h.values;
    snprintf(b->path, sizeof b->path, "%s", path);
    size_t room = (size_t)(h.per_block * h.width);
    bool ok = (b->offset = read_index(f, &h, path, err, size)) != NULL;
    for (int i = 0; ok && i < CACHE_SLOTS; i++)
        ok = (b->slot[i].bytes = malloc(room)) != NULL;
    ok = ok && (b->packed = malloc(codec_set->bound(room))) != NULL && (b->plane = malloc(room)) != NULL &&
         (b->unpacker = codec_set->new_unpacker()) != NULL;
    if (!ok) {
        if (b->offset)
            snprintf(err, (size_t)size, "out of memory opening %s", path);
        tb_table_free(t);
    }
    return ok;
}

/* The bytes of the block, from the cache or read into its least recently used slot; NULL when
 * the block cannot be read or unpacked. The lock is held. */
static const uint8_t *cached_block(TbBlocks *b, uint64_t block)
{
    int victim = 0;
    for (int i = 0; i < CACHE_SLOTS; i++) {
        if (b->slot[i].used && b->slot[i].block == block) {
            b->slot[i].used = ++b->clock;
            return b->slot[i].bytes;
        }
        if (b->slot[i].used < b->slot[victim].used)
            victim = i;
    }
    size_t len = (size_t)(b->offset[block + 1] - b->offset[block]);
    uint64_t first = block * b->per_block, n = b->values - first < b->per_block ? b->values - first : b->per_block;
    b->slot[victim].used = 0;
    ssize_t got = pread(fileno(b->f), b->packed, len, (off_t)b->offset[block]);
    uint8_t *bytes = b->slot[victim].bytes;
    if (got != (ssize_t)len || !codec_set->unpack(b->unpacker, b->width == 2 ? b->plane : bytes, (size_t)n * (size_t)b->width, b->packed, len)) {
        if (!b->error[0])
            snprintf(b->error, sizeof b->error, "%s is corrupt (block %llu %s)", b->path, (unsigned long long)block,
                     got != (ssize_t)len ? "cannot be read" : "does not unpack");
        return NULL;
    }
    if (b->width == 2)
        from_planes(bytes, b->plane, (size_t)n);
    b->slot[victim].block = block;
    b->slot[victim].used = ++b->clock;
    return bytes;
}

bool tb_block_value(const TbTable *t, Color c, uint64_t idx, uint16_t *v)
{
    TbBlocks *b = t->blocks;
    uint64_t at = (uint64_t)c * t->ix.size + idx;
    mtx_lock(&b->lock);
    const uint8_t *bytes = cached_block(b, at / b->per_block);
    if (bytes)
        *v = value_at(bytes + (at % b->per_block) * (uint64_t)b->width, b->width);
    mtx_unlock(&b->lock);
    return bytes != NULL;
}

const char *tb_table_error(const TbTable *t)
{
    if (!t->blocks)
        return NULL;
    mtx_lock(&t->blocks->lock);
    const char *e = t->blocks->error[0] ? t->blocks->error : NULL;
    mtx_unlock(&t->blocks->lock);
    return e;
}
