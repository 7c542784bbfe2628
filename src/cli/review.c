/* `hexchess review`: the engine's verdict on every move of the games of a record (core/review.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/movetext.h"
#include "../core/quote.h"
#include "../core/recplay.h"
#include "../core/review.h"
#include "records.h"
#include "values.h"

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

/* The options every engine-driven record command takes; i moves past a value. Returns 0, or the
 * exit status of a usage error (told on stderr). */
int search_option(const char *cmd, const CliOptions *opts, int *i, SearchLimits *limits, const char **tb_dir,
                  bool *known)
{
    const char *a = opts->argv[*i];
    *known = !strcmp(a, "--movetime") || !strcmp(a, "--depth") || !strcmp(a, "--tablebases");
    if (!*known)
        return EXIT_OK;
    if (*i + 1 >= opts->argc)
        return cli_usage_error(cmd, "option %s needs a value", a);
    const char *val = opts->argv[++*i];
    char err[QUOTE_BUF_SIZE + 64];
    bool ok = true;
    if (!strcmp(a, "--tablebases")) {
        *tb_dir = val;
    } else if ((!strcmp(a, "--depth") ? limits->movetime_ms : limits->depth) != 0) {
        return cli_usage_error(cmd, "--movetime and --depth exclude each other");
    } else if (!strcmp(a, "--depth")) {
        ok = value_int(val, 1, MAX_PLY - 1, &limits->depth, err, sizeof err);
    } else {
        ok = value_movetime(val, &limits->movetime_ms, err, sizeof err);
    }
    return ok ? EXIT_OK : cli_usage_error(cmd, "%s: %s", a, err);
}

/* The tables of v for the engine and the verdicts, read anew when the variant changes. */
TbSet *search_tables(TbSet **tables, const char *dir, const Variant *v)
{
    if (*tables && tbset_variant(*tables) != v) {
        tbset_free(*tables);
        *tables = NULL;
    }
    if (!*tables && dir)
        *tables = tbset_new(v, dir);
    return *tables;
}

static void print_reviewed(const Position *before, const ReviewedMove *m, void *ctx)
{
    Reviewer *rv = ctx;
    Position *p = (Position *)before; /* the notation writer plays the move to mark a check; undone */
    Letters letters;
    letters_default(&letters, p->v);
    char played[MOVETEXT_MAX], best[MOVETEXT_MAX] = "-", eval[32];
    movetext_write(p, m->played, STYLE_STANDARD, &letters, played);
    if (m->best != MOVE_NONE)
        movetext_write(p, m->best, STYLE_STANDARD, &letters, best);
    eval_text(&m->after, eval, sizeof eval);
    printf("%d %s %s %s %s\n", m->ply, played, eval, best, move_class_name(m->judgement));
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\rreview: game %d, ply %d of %d ", rv->game, m->ply, rv->plies);
    fflush(stdout);
}

static int review_game(const CliOptions *opts, Game *g, int number, Position *p)
{
    Reviewer *rv = (Reviewer *)opts->context;
    char err[256];
    PlayReport rep;
    game_play(g, p, NULL, &rep);
    if (!game_start_position(g, p, err, sizeof err)) {
        fprintf(stderr, "hexchess review: %s:%d: game %d: %s\n", g->source, g->line, number, err);
        return EXIT_REJECTED;
    }
    Move *moves = malloc(sizeof *moves * (size_t)(rep.plies + 1));
    if (!moves) {
        fprintf(stderr, "hexchess review: out of memory\n");
        return EXIT_REJECTED;
    }
    for (int i = 0; i < rep.plies; i++)
        moves[i] = g->main.nodes[i].move;
    rv->game = number;
    rv->plies = rep.plies;
    engine_new_game(rv->engine);
    TbSet *tables = search_tables(&rv->tables, rv->tb_dir, g->variant);
    engine_share_tablebases(rv->engine, tables);
    Review r = {rv->engine, tables, rv->limits, print_reviewed, rv};
    ReviewSummary sum;
    bool ok = review_line(&r, p, moves, rep.plies, &sum);
    free(moves);
    if (isatty(STDERR_FILENO))
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
    if (rep.error.failed) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess review: %s: stopped at ply %d '%s': %s\n", g->source, rep.error.ply,
                quote(q, rep.error.token), rep.error.reason);
        return EXIT_REJECTED;
    }
    return EXIT_OK;
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
