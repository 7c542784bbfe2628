/*
 * Probe speed of one table (bench/tb-size.sh builds and runs it): the table is opened from DIR as
 * the engine opens it (a raw file read whole, a compressed one block by block), then probed
 * through tb_probe at positions drawn uniformly from its numbering (the worst case for the block
 * cache), then through tb_best_move at such positions (each probe followed by one per move, as a
 * search near the root asks them).
 *
 * Usage: tb-probe VARIANT DIR ENDING COUNT
 * Prints: ENDING open S s random N probes/s moves N probes/s
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "codec/tbzstd.h"
#include "core/rules/movegen.h"
#include "core/tables/tbgen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A position of the table by a random number (men on distinct hexes), its side to move random. */
static void draw(const TbTable *t, uint64_t *seed, Position *p)
{
    uint8_t cells[TB_MAX_MEN];
    do
        tb_index_cells(&t->ix, next(seed) % t->ix.size, cells);
    while (!tb_set_position(&t->ix, p, cells, (Color)(next(seed) & 1)));
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: tb-probe VARIANT DIR ENDING COUNT\n");
        return 2;
    }
    tb_set_codec(tb_zstd());
    const Variant *v = variant_find(argv[1]);
    TbEnding e;
    bool swapped;
    char err[512];
    if (!v || !tb_ending_parse(v, argv[3], &e, &swapped, err, sizeof err)) {
        fprintf(stderr, "tb-probe: unknown variant or ending (%s)\n", v ? err : argv[1]);
        return 2;
    }
    long count = atol(argv[4]);
    TbSet *set = tbset_new(v, argv[2]);
    static Position p;
    double start = now();
    const TbTable *t = set ? tbset_table(set, &e, err, sizeof err) : NULL;
    double opened = now();
    if (!t) {
        fprintf(stderr, "tb-probe: %s\n", set ? err : "out of memory");
        return 1;
    }
    uint64_t seed = 0x9e3779b97f4a7c15ull, sum = 0, probes = 0, found = 0;
    for (long i = 0; i < count; i++) {
        draw(t, &seed, &p);
        uint16_t value = 0;
        bool held = tb_probe(set, &p, &value);
        found += held;
        sum += held ? value : 0;
    }
    double random = now();
    for (long i = 0; i < count / 16; i++) {
        draw(t, &seed, &p);
        MoveList ml;
        gen_legal(&p, &ml);
        uint16_t value = 0;
        sum += tb_best_move(set, &p, &value);
        probes += 1 + (uint64_t)ml.count;
    }
    double moves = now();
    const char *bad = tb_table_error(t);
    printf("%s open %.3f s random %.0f probes/s (%.1f%% held) moves %.0f probes/s (checksum %llu)\n", e.name,
           opened - start, (double)count / (random - opened), 100.0 * (double)found / (double)count,
           (double)probes / (moves - random), (unsigned long long)sum);
    tbset_free(set);
    return bad ? 1 : 0;
}
