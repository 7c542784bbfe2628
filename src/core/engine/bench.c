/*
 * `hexchess bench`: fixed-depth searches over fixed positions of both games, one thread, 16 MB
 * hash cleared between positions. The node total is the engine's functional fingerprint: it must
 * not change with the compiler or build type, only with the search's behaviour. The speed counts
 * the searches' time only: clearing the 16 MB table between positions is not searching.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#include "../notation/postext.h"
#include "search.h"

static const struct {
    const char *variant;
    const char *position;
} bench_positions[] = {
    {"cescacs", "startpos"},
    {"cescacs", "/28:v/27:dk/26:gjg/25:rnn1/24:1ejep/23:2e3/21:Pp6/20:4p2/19:2p1e3/17:4pr2/16:4j2/15:3p4/11:2R3P1/"
                "10:4P2/8:1p1N3/7:5E1R/6:1P1J1P1/5:2EE1p/4:1EJ2/3:1N2/2:GJG/1:DK/0:V/ w Krk E15@17-19 0 40"},
    {"cescacs", "/28:v/26:gjg/25:rd2/24:pe1rp/23:pp1ep1/22:2pjk2/21:3e4/20:3pp2/19:4p1p1/17:5e2/14:N6/13:5P2/"
                "12:2E4/8:3P3/7:3P4/6:2PKP2/5:PPGEPP/4:PEJEP/3:R1NR/2:2J/1:1D/0:V/ b -- - 7 16"},
    {"cescacs", "/28:v/27:1k/26:1jg/25:re2/24:2de1/23:2ee2/21:1p2pr2/20:1g5/19:1pp3G1/18:4J2/17:1n3p2/15:j3p3/"
                "14:5p1/12:3p3/10:1PD4/9:1P6/8:2PPEP1/7:J1N1PE2/6:2P1P2/5:2E1PP/4:jE3/3:2NR/2:RJ1/1:1K/0:V/ w KRk - 0 37"},
    {"cescacs", "/25:3k/23:p5/21:3e4/18:2g4/11:2P5/10:2P1P2/7:3r4/6:2P4/5:3EP1/4:R4/2:N2/1:1K/ w K- - 0 54"},
    {"glinski", "startpos"},
    {"glinski", "b/2k/n4/4b2/ppp1pp2p/5P2p2/3b1PPp3/5N5/1P1r7/7QBP1/3K1B1N3 w - 0 22"},
    {"glinski", "1/n1k/5/7/p2pp4/9p1/2R2PpP3/6P1P2/n2P1B3P1/1N9/5BKNR2 w g6 0 16"},
    {"glinski", "b/3/nP3/B4k1/pp2bP2p/3pp2p3/8p2/11/11/1P9/3N2K2B1 w - 1 22"},
};

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bench_run(int depth)
{
    Engine *e = engine_new();
    Position *p = malloc(sizeof *p);
    if (!e || !p) {
        fprintf(stderr, "hexchess bench: out of memory\n");
        engine_free(e);
        free(p);
        return 1;
    }
    char err[256];
    uint64_t total = 0;
    double searching = 0;
    int count = (int)(sizeof bench_positions / sizeof bench_positions[0]);
    for (int i = 0; i < count; i++) {
        const Variant *v = variant_find(bench_positions[i].variant);
        if (!pos_from_text(p, v, bench_positions[i].position, err, sizeof err)) {
            fprintf(stderr, "hexchess bench: position %d: %s\n", i + 1, err);
            engine_free(e);
            free(p);
            return 1;
        }
        engine_new_game(e);
        SearchLimits limits;
        search_limits_init(&limits);
        limits.depth = depth;
        double start = now_seconds();
        engine_search(e, p, &limits, NULL, NULL);
        searching += now_seconds() - start;
        uint64_t nodes = engine_last_nodes(e);
        total += nodes;
        fprintf(stderr, "position %d/%d (%s): %llu nodes\n", i + 1, count, v->desc->title, (unsigned long long)nodes);
    }
    printf("%llu nodes %.0f nps\n", (unsigned long long)total, searching > 0 ? (double)total / searching : 0.0);
    engine_free(e);
    free(p);
    return 0;
}
