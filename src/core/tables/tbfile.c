#include "tbfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char MAGIC[8] = "HXTB\r\n\x1a\x01";
enum { HEADER_NAME = 16, HEADER_SIZE = 8 + 2 * HEADER_NAME + 8 + 8 + 8 };
/* One byte holds mates in up to 125 plies (2..127) and stalemates in up to 127 (128..255). */
enum { BYTE_MATE_MAX = 125, BYTE_STALEMATE = 128, BYTE_STALEMATE_MAX = 127 };

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

void tb_table_free(TbTable *t)
{
    for (int c = 0; c < COLOR_NB; c++) {
        free(t->val[c]);
        t->val[c] = NULL;
    }
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

/* The values of one side as bytes in the file's order (little-endian when two bytes wide). */
static void encode(const TbTable *t, int c, int width, uint8_t *out)
{
    for (uint64_t i = 0; i < t->ix.size; i++) {
        uint16_t v = t->val[c][i];
        if (width == 1) {
            out[i] = to_byte(v);
        } else {
            out[2 * i] = (uint8_t)v;
            out[2 * i + 1] = (uint8_t)(v >> 8);
        }
    }
}

static void decode(TbTable *t, int c, int width, const uint8_t *in)
{
    for (uint64_t i = 0; i < t->ix.size; i++)
        t->val[c][i] = width == 1 ? from_byte(in[i]) : (uint16_t)(in[2 * i] | in[2 * i + 1] << 8);
}

static void header(uint8_t *h, const TbEnding *e, int width, uint64_t size, uint64_t sum)
{
    memset(h, 0, HEADER_SIZE);
    memcpy(h, MAGIC, 8);
    memcpy(h + 8, e->v->desc->name, strnlen(e->v->desc->name, HEADER_NAME - 1));
    memcpy(h + 8 + HEADER_NAME, e->name, strnlen(e->name, HEADER_NAME - 1));
    put_u64(h + 8 + 2 * HEADER_NAME, (uint64_t)width);
    put_u64(h + 16 + 2 * HEADER_NAME, size);
    put_u64(h + 24 + 2 * HEADER_NAME, sum);
}

bool tb_file_save(const TbTable *t, const char *path, size_t *bytes, char *err, int size)
{
    int width = fits_bytes(t) ? 1 : 2;
    size_t side_bytes = (size_t)t->ix.size * (size_t)width;
    uint8_t *buf = malloc(side_bytes ? side_bytes : 1);
    if (!buf) {
        snprintf(err, (size_t)size, "out of memory writing %s", path);
        return false;
    }
    uint64_t sum = FNV_START;
    for (int c = 0; c < COLOR_NB; c++) {
        encode(t, c, width, buf);
        sum = fnv1a(sum, buf, side_bytes);
    }
    /* Written under another name and renamed when whole: a generation stopped while writing leaves
     * no truncated table for the next run to trip on. */
    char part[4096];
    if (snprintf(part, sizeof part, "%s.part", path) >= (int)sizeof part) {
        snprintf(err, (size_t)size, "path too long: %s", path);
        free(buf);
        return false;
    }
    FILE *f = fopen(part, "wb");
    if (!f) {
        snprintf(err, (size_t)size, "cannot write %s: %s", part, strerror(errno));
        free(buf);
        return false;
    }
    uint8_t h[HEADER_SIZE];
    header(h, &t->ix.e, width, t->ix.size, sum);
    bool ok = fwrite(h, 1, sizeof h, f) == sizeof h;
    for (int c = 0; c < COLOR_NB && ok; c++) {
        encode(t, c, width, buf);
        ok = fwrite(buf, 1, side_bytes, f) == side_bytes;
    }
    free(buf);
    if (fclose(f) != 0 || !ok || rename(part, path) != 0) {
        snprintf(err, (size_t)size, "cannot write %s: %s", path, strerror(errno));
        remove(part);
        return false;
    }
    *bytes = sizeof h + 2 * side_bytes;
    return true;
}

/* Opens a table file for reading, and its header; NULL with a message. Only a regular file is a
 * table: a FIFO or device of that name would block the reader for ever. It is asked before the
 * open (Node's file system, under WebAssembly, ignores O_NONBLOCK) and again of what was opened. */
static FILE *open_table(const char *path, uint8_t *h, off_t *bytes, char *err, int size)
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
    if (fread(h, 1, HEADER_SIZE, f) != HEADER_SIZE || memcmp(h, MAGIC, 8)) {
        fclose(f);
        snprintf(err, (size_t)size, "%s is not a hexchess table", path);
        return NULL;
    }
    *bytes = st.st_size;
    return f;
}

bool tb_file_check(const char *path, char *err, int size)
{
    uint8_t h[HEADER_SIZE];
    off_t bytes;
    FILE *f = open_table(path, h, &bytes, err, size);
    if (!f)
        return false;
    fclose(f);
    uint64_t width = get_u64(h + 8 + 2 * HEADER_NAME), values = get_u64(h + 16 + 2 * HEADER_NAME);
    if ((width != 1 && width != 2) || values > (uint64_t)bytes ||
        (uint64_t)bytes != HEADER_SIZE + 2 * width * values) {
        snprintf(err, (size_t)size, "%s is corrupt (wrong length)", path);
        return false;
    }
    return true;
}

bool tb_file_load(TbTable *t, const TbEnding *e, const char *path, char *err, int size)
{
    uint8_t h[HEADER_SIZE], want[HEADER_SIZE];
    off_t bytes;
    FILE *f = open_table(path, h, &bytes, err, size);
    if (!f)
        return false;
    if (!tb_table_alloc(t, e, err, size)) {
        fclose(f);
        return false;
    }
    uint64_t width = get_u64(h + 8 + 2 * HEADER_NAME);
    header(want, e, (int)width, t->ix.size, get_u64(h + 24 + 2 * HEADER_NAME));
    if ((width != 1 && width != 2) || memcmp(h, want, sizeof h)) {
        fclose(f);
        tb_table_free(t);
        snprintf(err, (size_t)size, "%s does not hold the %s table of %s", path, e->name, e->v->desc->title);
        return false;
    }
    size_t side_bytes = (size_t)t->ix.size * (size_t)width;
    uint8_t *buf = malloc(side_bytes ? side_bytes : 1);
    bool ok = buf != NULL;
    uint64_t sum = FNV_START;
    for (int c = 0; c < COLOR_NB && ok; c++) {
        ok = fread(buf, 1, side_bytes, f) == side_bytes;
        if (ok) {
            sum = fnv1a(sum, buf, side_bytes);
            decode(t, c, (int)width, buf);
        }
    }
    ok = ok && fgetc(f) == EOF;
    free(buf);
    fclose(f);
    if (!ok || sum != get_u64(h + 24 + 2 * HEADER_NAME)) {
        tb_table_free(t);
        snprintf(err, (size_t)size, "%s is corrupt (%s)", path, ok ? "bad checksum" : "wrong length");
        return false;
    }
    return true;
}
