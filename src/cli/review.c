/* `hexchess review`: the engine's verdict on every move of the games of a record (core/engine/review.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine/review.h"
#include "../core/notation/movetext.h"
#include "../core/util/quote.h"
#include "records.h"

/* A third of a second a position: a 40-move game in about half a minute. */
enum { REVIEW_DEFAULT_MOVETIME_MS = 300 };

typedef struct {
    Engine *engine;
    const char *tb_dir; /* --tablebases, or NULL */
    TbSet *tables;      /* of the variant of the game reviewed last */
    SearchLimits limits;
    int game;  /* the number of the game reviewed */
    int plies; /* its length */
} Reviewer;

static void print_reviewed(Position *before, const ReviewedMove *m, void *ctx)
{
    Reviewer *rv = ctx;
    Letters letters;
    letters_default(&letters, before->v);
    char played[MOVETEXT_MAX], best[MOVETEXT_MAX] = "-", eval[32];
    movetext_write(before, m->played, STYLE_STANDARD, &letters, played);
    if (m->best != MOVE_NONE)
        movetext_write(before, m->best, STYLE_STANDARD, &letters, best);
    eval_text(&m->after, eval, sizeof eval);
    printf("%d %s %s %s %s\n", m->ply, played, eval, best, move_class_name(m->judgement));
    if (progress_shown())
        fprintf(stderr, "\rreview: game %d, ply %d of %d ", rv->game, m->ply, rv->plies);
    fflush(stdout);
}

static int review_game(const CliOptions *opts, Game *g, int number, Position *p)
{
    Reviewer *rv = (Reviewer *)opts->context;
    PlayReport rep;
    Move *moves = game_moves("review", g, number, p, &rep);
    if (!moves)
        return EXIT_REJECTED;
    rv->game = number;
    rv->plies = rep.plies;
    engine_new_game(rv->engine);
    TbSet *tables = search_tables(&rv->tables, rv->tb_dir, g->variant);
    engine_share_tablebases(rv->engine, tables);
    Review r = {rv->engine, tables, rv->limits, print_reviewed, rv};
    ReviewSummary sum;
    bool ok = review_line(&r, p, moves, rep.plies, &sum);
    free(moves);
    if (progress_shown())
        fprintf(stderr, "\r%*s\r", 40, "");
    if (!ok) {
        fprintf(stderr, "hexchess review: out of memory\n");
        return EXIT_REJECTED;
    }
    printf("accuracy");
    for (int c = 0; c < COLOR_NB; c++)
        if (sum.has_accuracy[c])
            printf(" %s %.1f%%", c == WHITE ? "white" : "black", sum.accuracy[c]);
        else
            printf(" %s -", c == WHITE ? "white" : "black");
    printf("\n");
    return game_stop_status("review", g->source, &rep);
}

int cmd_review(const CliOptions *opts)
{
    Reviewer rv = {0};
    search_limits_init(&rv.limits);
    const char *file = NULL;
    char q[QUOTE_BUF_SIZE];
    for (int i = 0; i < opts->argc; i++) {
        bool known;
        int rc = search_option("review", opts, &i, &rv.limits, &rv.tb_dir, &known);
        if (rc)
            return rc;
        if (known)
            continue;
        const char *a = opts->argv[i];
        if (a[0] == '-' && a[1])
            return cli_usage_error("review", "unknown option '%s'", quote(q, a));
        if (file)
            return cli_usage_error("review", "unexpected argument '%s': one FILE", quote(q, a));
        file = a;
    }
    if (!file)
        return cli_usage_error("review", "missing FILE");
    if (!rv.limits.depth && !rv.limits.movetime_ms)
        rv.limits.movetime_ms = REVIEW_DEFAULT_MOVETIME_MS;
    rv.engine = engine_new();
    Position *p = malloc(sizeof *p);
    if (!rv.engine || !p) {
        fprintf(stderr, "hexchess review: out of memory\n");
        if (rv.engine)
            engine_free(rv.engine);
        free(p);
        return EXIT_REJECTED;
    }
    CliOptions with_reviewer = *opts;
    with_reviewer.context = &rv;
    int number = 1;
    int rc = each_game("review", &with_reviewer, file, &number, p, review_game);
    engine_free(rv.engine);
    tbset_free(rv.tables);
    free(p);
    return rc;
}
