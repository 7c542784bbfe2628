#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/engine/bench.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/movegen.h"
#include "../core/rules/perft.h"
#include "../core/rules/status.h"
#include "../core/util/quote.h"
#include "cli.h"
#include "values.h"

/* Deeper perft runs for days on either board. */
enum { PERFT_MAX_DEPTH = 20 };

bool cli_load_position(const CliOptions *opts, Position *p)
{
    char err[256];
    if (pos_from_text(p, opts->variant, opts->position, err, sizeof err))
        return true;
    fprintf(stderr, "hexchess: bad %s position: %s\n", opts->variant->desc->title, err);
    return false;
}

/* A position read from the options, or NULL after an error message. Free it with free(). */
static Position *load_position(const CliOptions *opts)
{
    Position *p = malloc(sizeof *p);
    if (!p) {
        fprintf(stderr, "hexchess: out of memory\n");
        return NULL;
    }
    if (!cli_load_position(opts, p)) {
        free(p);
        return NULL;
    }
    return p;
}

int cmd_moves(const CliOptions *opts)
{
    Position *p = load_position(opts);
    if (!p)
        return 1;
    static char moves[MAX_MOVES][MOVE_TEXT_MAX];
    int n = legal_moves_text(p, moves);
    for (int i = 0; i < n; i++)
        puts(moves[i]);
    free(p);
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int cmd_perft(const CliOptions *opts)
{
    int depth;
    char err[QUOTE_BUF_SIZE + 64];
    if (!value_int(opts->argv[0], 1, PERFT_MAX_DEPTH, &depth, err, sizeof err))
        return cli_usage_error("perft", "DEPTH: %s", err);
    Position *p = load_position(opts);
    if (!p)
        return 1;
    double start = now_seconds();
    uint64_t total = 0;
    if (opts->divide) {
        MoveList ml;
        gen_legal(p, &ml);
        static char names[MAX_MOVES][MOVE_TEXT_MAX];
        uint64_t counts[MAX_MOVES];
        int order[MAX_MOVES];
        for (int i = 0; i < ml.count; i++) {
            move_to_text(p, ml.moves[i], names[i]);
            pos_make(p, ml.moves[i]);
            counts[i] = perft(p, depth - 1);
            pos_unmake(p);
            total += counts[i];
            order[i] = i;
        }
        /* Sorted like `moves`, so two divides can be compared line by line. */
        for (int i = 1; i < ml.count; i++)
            for (int j = i; j > 0 && strcmp(names[order[j - 1]], names[order[j]]) > 0; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        for (int i = 0; i < ml.count; i++)
            printf("%s %llu\n", names[order[i]], (unsigned long long)counts[order[i]]);
    } else {
        total = perft(p, depth);
    }
    double elapsed = now_seconds() - start;
    printf("nodes %llu time %.3f nps %.0f\n", (unsigned long long)total, elapsed,
           elapsed > 0 ? (double)total / elapsed : 0.0);
    free(p);
    return 0;
}

int cmd_bench(const CliOptions *opts)
{
    int depth = BENCH_DEFAULT_DEPTH;
    char why[QUOTE_BUF_SIZE + 64];
    if (opts->argc == 1 && !value_int(opts->argv[0], 1, BENCH_MAX_DEPTH, &depth, why, sizeof why))
        return cli_usage_error("bench", "DEPTH: %s", why);
    return bench_run(depth);
}

int cmd_apply(const CliOptions *opts)
{
    Position *p = load_position(opts);
    if (!p)
        return 1;
    for (int i = 0; i < opts->argc; i++) {
        Move m = move_from_text(p, opts->argv[i]);
        if (m == MOVE_NONE) {
            char q[QUOTE_BUF_SIZE];
            fprintf(stderr, "hexchess apply: move %d '%s' is not legal here (see hexchess moves)\n", i + 1,
                    quote(q, opts->argv[i]));
            free(p);
            return 1;
        }
        if (p->ply >= MAX_GAME_PLY - 1) {
            fprintf(stderr, "hexchess apply: more than %d moves\n", MAX_GAME_PLY - 1);
            free(p);
            return 1;
        }
        pos_make(p, m);
    }
    char text[POSITION_TEXT_MAX];
    pos_to_text(p, text, sizeof text);
    puts(text);
    free(p);
    return 0;
}

int cmd_status(const CliOptions *opts)
{
    Position *p = load_position(opts);
    if (!p)
        return 1;
    Status st;
    pos_status(p, &st);
    Verdict verdict;
    arbiter_judge(p, &verdict);
    const char *state = verdict.reason == END_CHECKMATE   ? "checkmate"
                        : verdict.reason == END_STALEMATE ? "stalemate"
                        : verdict.outcome == OUTCOME_DRAW ? "draw"
                        : st.check                        ? "check"
                                                          : "ongoing";
    const char *result = outcome_text(p->v, verdict.outcome);
    char draw[32], claim[32];
    draw_name(p->v, st.draw, false, draw, sizeof draw);
    draw_name(p->v, st.claimable, true, claim, sizeof claim);
    printf("status %s\ncheck %s\ndraw %s\nclaimable %s\nmoves %d\nresult %s\n", state,
           st.check ? check_suffix(st.check) : "none", draw, claim, st.legal_moves, result);
    free(p);
    return 0;
}
