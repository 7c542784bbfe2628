/* Drawing positions from a tablebase (see tbsample.h). */
#include "tbsample.h"

#include <stdlib.h>

#include "../util/random.h"

/* Uniform in [0, n): draws past the last whole multiple of n are redrawn, so no value is favoured. */
static uint64_t random_below(uint64_t *state, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, r;
    do
        r = splitmix64(state);
    while (r >= limit);
    return r % n;
}

typedef struct {
    uint64_t target; /* a placement's rank among the eligible ones */
    int slot;        /* the draw's place in the output */
} Draw;

static int by_target(const void *x, const void *y)
{
    uint64_t a = ((const Draw *)x)->target, b = ((const Draw *)y)->target;
    return (a > b) - (a < b);
}

/* A number is drawn with the weight of the placements it stands for (tb_index_placements), then
 * its men are moved by a symmetry drawn uniformly: over the numbers of one king pair and the
 * symmetries, that makes every placement of the number's orbit equally likely. */
uint64_t tb_sample(const TbTable *t, const bool sides[COLOR_NB], TbValueFilter keep, const void *ctx, uint64_t seed,
                   int n, TbPlacement *out)
{
    const TbIndex *ix = &t->ix;
    uint64_t total = 0;
    for (int c = 0; c < COLOR_NB; c++)
        for (uint64_t idx = 0; sides[c] && idx < ix->size; idx++)
            if (t->val[c][idx] != TB_ILLEGAL && keep(t->val[c][idx], ctx))
                total += tb_index_placements(ix, idx);
    if (total == 0 || n <= 0)
        return total;
    Draw *draws = malloc(sizeof *draws * (size_t)n);
    if (!draws)
        return UINT64_MAX;
    uint64_t rng = seed;
    for (int i = 0; i < n; i++)
        draws[i] = (Draw){random_below(&rng, total), i};
    qsort(draws, (size_t)n, sizeof *draws, by_target);
    uint64_t below = 0; /* the placements of the numbers passed so far */
    int next = 0;
    for (int c = 0; c < COLOR_NB && next < n; c++)
        for (uint64_t idx = 0; sides[c] && idx < ix->size && next < n; idx++) {
            if (t->val[c][idx] == TB_ILLEGAL || !keep(t->val[c][idx], ctx))
                continue;
            below += tb_index_placements(ix, idx);
            for (; next < n && draws[next].target < below; next++) {
                TbPlacement *p = &out[draws[next].slot];
                tb_index_cells(ix, idx, p->cells);
                p->stm = (Color)c;
            }
        }
    free(draws);
    for (int i = 0; i < n; i++) {
        const uint8_t *turn = ix->sym[random_below(&rng, (uint64_t)ix->sym_nb)];
        for (int m = 0; m < ix->e.men; m++)
            out[i].cells[m] = turn[out[i].cells[m]];
    }
    return total;
}
