/* The transposition table, shared by the search threads of one engine. */
#ifndef HEXCHESS_TT_H
#define HEXCHESS_TT_H

#include <stddef.h>

#include "../util/types.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* An entry's eval when the node's static evaluation was not computed (in check, or lazily skipped). */
enum { TT_NO_EVAL = -32768 };

typedef struct {
    uint32_t check; /* the key's high half (the low bits chose the bucket) */
    Move move;
    int16_t score;
    int16_t eval; /* the position's static evaluation, or TT_NO_EVAL */
    uint8_t depth;
    uint8_t bound_age; /* bound in bits 0-1, generation in bits 2-7 */
} TTEntry;

typedef struct {
    TTEntry *entries;
    size_t count; /* a power of two */
    uint8_t generation;
} TTable;

/* Allocates about mb megabytes (at least one entry); false when out of memory. */
bool tt_resize(TTable *tt, size_t mb);
void tt_free(TTable *tt);
void tt_clear(TTable *tt);
void tt_new_search(TTable *tt);
/* Starts loading key's bucket into the cache, so that a later probe need not wait for memory. */
static inline void tt_prefetch(const TTable *tt, uint64_t key)
{
    __builtin_prefetch(&tt->entries[(size_t)key & (tt->count - 1)]);
}
/* The entry for key, or NULL. Concurrent writers may tear an entry, and a key's high half may
 * collide: callers use the move only if it is legal. */
const TTEntry *tt_probe(const TTable *tt, uint64_t key);
void tt_store(TTable *tt, uint64_t key, Move move, int score, int eval, int depth, int bound);
int tt_hashfull(const TTable *tt);

#endif
