#include "tt.h"

#include <stdlib.h>
#include <string.h>

#include "../util/bigalloc.h"

/* Two entries per bucket: one kept by depth, one always replaced. */
enum { BUCKET = 2 };

bool tt_resize(TTable *tt, size_t mb)
{
    size_t want = mb * 1024 * 1024 / sizeof(TTEntry);
    size_t count = BUCKET;
    while (count * 2 <= want)
        count *= 2;
    /* Buckets never straddle a cache line (big_calloc aligns to 64 bytes at least), so a probe
     * costs one memory access. */
    TTEntry *entries = big_calloc(count * sizeof(TTEntry));
    if (!entries)
        return false;
    free(tt->entries);
    tt->entries = entries;
    tt->count = count;
    tt->generation = 0;
    return true;
}

void tt_free(TTable *tt)
{
    free(tt->entries);
    tt->entries = NULL;
    tt->count = 0;
}

void tt_clear(TTable *tt)
{
    memset(tt->entries, 0, tt->count * sizeof(TTEntry));
    tt->generation = 0;
}

void tt_new_search(TTable *tt) { tt->generation = (uint8_t)((tt->generation + 1) & 63); }

static uint32_t check_of(uint64_t key) { return (uint32_t)(key >> 32); }

static TTEntry *bucket_of(const TTable *tt, uint64_t key)
{
    return &tt->entries[(size_t)key & (tt->count - 1) & ~(size_t)(BUCKET - 1)];
}

const TTEntry *tt_probe(const TTable *tt, uint64_t key)
{
    TTEntry *b = bucket_of(tt, key);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].check == check_of(key) && (b[i].bound_age & 3))
            return &b[i];
    return NULL;
}

void tt_store(TTable *tt, uint64_t key, Move move, int score, int eval, int depth, int bound)
{
    TTEntry *b = bucket_of(tt, key);
    TTEntry *e = &b[1];
    uint32_t check = check_of(key);
    bool stale = (b[0].bound_age >> 2) != tt->generation;
    if (b[0].check == check || stale || depth >= b[0].depth)
        e = &b[0];
    if (e->check == check && move == MOVE_NONE)
        move = e->move; /* keep the best move we knew */
    e->check = check;
    e->move = move;
    e->score = (int16_t)score;
    e->eval = (int16_t)eval;
    e->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    e->bound_age = (uint8_t)(bound | tt->generation << 2);
}

int tt_hashfull(const TTable *tt)
{
    int used = 0, n = tt->count < 1000 ? (int)tt->count : 1000;
    for (int i = 0; i < n; i++)
        used += (tt->entries[i].bound_age & 3) && (tt->entries[i].bound_age >> 2) == tt->generation;
    return n ? used * 1000 / n : 0;
}
