/* `hexchess puzzles`: puzzles mined from self-play and recorded games (core/engine/puzzle.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine/puzzle.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/util/quote.h"
#include "records.h"
#include "values.h"

/* The self-play games: random plies first so that every game is new, then both sides searched
 * this deep, shallow enough to blunder now and then; a game longer than this is stopped. */
enum { SELF_PLAY_OPENING = 6, SELF_PLAY_DEPTH = 2, SELF_PLAY_MAX_PLIES = 300 };
/* The default verification depth; the scan of a game's moves searches two plies less. */
enum { PUZZLE_DEFAULT_DEPTH = 8, SCAN_SHALLOWER = 2, SCAN_TIME_SHARE = 4 };
enum { MAX_COUNT = 1000000, MAX_SEED = 1000000000 };

typedef struct {
    Engine *engine;
    const char *tb_dir;
    TbSet *tables;
    SearchLimits verify, scan;
    int want; /* stop after this many puzzles; 0: no limit */
    int found;
    uint64_t *seen; /* the keys of the positions given, so none is given twice */
    int seen_count, seen_cap;
    const char *source; /* the game's origin, for the output and the progress line */
    int number;
    int random_plies; /* the game's first plies, drawn at random: their blunders are no lesson */
    bool *candidate;  /* per ply of the game being mined */
} Miner;

static void mark_candidate(Position *before, const ReviewedMove *m, void *ctx)
{
    (void)before;
    Miner *mn = ctx;
    mn->candidate[m->ply - 1] = m->ply > mn->random_plies && puzzle_candidate(m);
}

static bool seen_before(Miner *mn, uint64_t key)
{
    for (int i = 0; i < mn->seen_count; i++)
        if (mn->seen[i] == key)
            return true;
    if (mn->seen_count == mn->seen_cap) {
        int cap = mn->seen_cap ? 2 * mn->seen_cap : 64;
        uint64_t *grown = realloc(mn->seen, sizeof *grown * (size_t)cap);
        if (!grown)
            return true; /* no room to remember it: better skip it than give it twice */
        mn->seen = grown;
        mn->seen_cap = cap;
    }
    mn->seen[mn->seen_count++] = key;
    return false;
}

/* VARIANT;THEME;POSITION;LINE;SOURCE */
static void print_puzzle(Miner *mn, Position *p, const PuzzleSolution *z, int ply)
{
    char position[POSITION_TEXT_MAX], theme[16];
    pos_to_text(p, position, sizeof position);
    puzzle_theme(z, theme, sizeof theme);
    printf("%s;%s;%s;", p->v->desc->name, theme, position);
    int made = 0;
    for (int i = 0; i < z->length; i++, made++) {
        char text[MOVE_TEXT_MAX];
        move_to_text(p, z->line[i], text);
        printf("%s%s", i ? " " : "", text);
        pos_make(p, z->line[i]);
    }
    while (made--)
        pos_unmake(p);
    printf(";%s game %d ply %d\n", mn->source, mn->number, ply);
    fflush(stdout);
}

/* Reviews the game's moves, then verifies the position after each mistake or blunder. */
static bool mine_game(Miner *mn, const Position *start, const Move *moves, int count)
{
    if (mn->want && mn->found >= mn->want)
        return true;
    mn->candidate = calloc((size_t)count + 1, sizeof *mn->candidate);
    Position *p = malloc(sizeof *p);
    if (!mn->candidate || !p) {
        free(mn->candidate);
        free(p);
        return false;
    }
    engine_new_game(mn->engine);
    TbSet *tables = search_tables(&mn->tables, mn->tb_dir, start->v);
    engine_share_tablebases(mn->engine, tables);
    Review r = {mn->engine, tables, mn->scan, mark_candidate, mn};
    ReviewSummary sum;
    bool ok = review_line(&r, start, moves, count, &sum);
    memcpy(p, start, sizeof *p);
    for (int i = 0; ok && i < sum.plies && !(mn->want && mn->found >= mn->want); i++) {
        pos_make(p, moves[i]);
        if (progress_shown())
            fprintf(stderr, "\rpuzzles: %s game %d, ply %d of %d, %d found ", mn->source, mn->number, i + 1, sum.plies,
                    mn->found);
        PuzzleSolution z;
        if (mn->candidate[i] && !seen_before(mn, p->key) && puzzle_verify(mn->engine, p, &mn->verify, &z)) {
            print_puzzle(mn, p, &z, i + 1);
            mn->found++;
        }
    }
    free(mn->candidate);
    free(p);
    return ok;
}

static int mine_recorded(const CliOptions *opts, Game *g, int number, Position *p)
{
    Miner *mn = opts->context;
    PlayReport rep;
    Move *moves = game_moves("puzzles", g, number, p, &rep);
    if (!moves)
        return EXIT_REJECTED;
    mn->source = g->source;
    mn->number = number;
    bool ok = mine_game(mn, p, moves, rep.plies);
    free(moves);
    if (!ok) {
        fprintf(stderr, "hexchess puzzles: out of memory\n");
        return EXIT_REJECTED;
    }
    /* The moves before an unreadable one are mined; the file's defect is still told. */
    return game_stop_status("puzzles", g->source, &rep);
}

static int mine_self_play(Miner *mn, const Variant *v, int games, unsigned seed)
{
    Position *start = malloc(sizeof *start);
    Move *moves = malloc(sizeof *moves * SELF_PLAY_MAX_PLIES);
    if (!start || !moves) {
        free(start);
        free(moves);
        fprintf(stderr, "hexchess puzzles: out of memory\n");
        return EXIT_REJECTED;
    }
    uint64_t rng = seed;
    mn->source = "self-play";
    mn->random_plies = SELF_PLAY_OPENING;
    int rc = EXIT_OK;
    for (int g = 1; g <= games && !(mn->want && mn->found >= mn->want); g++) {
        pos_set_start(start, v);
        engine_new_game(mn->engine);
        engine_share_tablebases(mn->engine, search_tables(&mn->tables, mn->tb_dir, v));
        int n =
            puzzle_self_play(mn->engine, start, &rng, SELF_PLAY_OPENING, SELF_PLAY_DEPTH, moves, SELF_PLAY_MAX_PLIES);
        mn->number = g;
        if (!mine_game(mn, start, moves, n)) {
            fprintf(stderr, "hexchess puzzles: out of memory\n");
            rc = EXIT_REJECTED;
            break;
        }
    }
    free(start);
    free(moves);
    return rc;
}

int cmd_puzzles(const CliOptions *opts)
{
    Miner mn = {0};
    search_limits_init(&mn.verify);
    int games = -1, seed = 0;
    char q[QUOTE_BUF_SIZE], err[QUOTE_BUF_SIZE + 64];
    const char **files = calloc((size_t)opts->argc + 1, sizeof *files);
    int file_count = 0;
    if (!files) {
        fprintf(stderr, "hexchess puzzles: out of memory\n");
        return EXIT_REJECTED;
    }
    int rc = EXIT_OK;
    for (int i = 0; i < opts->argc && rc == EXIT_OK; i++) {
        bool known;
        rc = search_option("puzzles", opts, &i, &mn.verify, &mn.tb_dir, &known);
        if (rc || known)
            continue;
        const char *a = opts->argv[i];
        bool number = !strcmp(a, "--games") || !strcmp(a, "--count") || !strcmp(a, "--seed");
        if (number && i + 1 >= opts->argc) {
            rc = cli_usage_error("puzzles", "option %s needs a value", a);
        } else if (number) {
            const char *val = opts->argv[++i];
            int *out = !strcmp(a, "--games") ? &games : !strcmp(a, "--count") ? &mn.want : &seed;
            if (!value_int(val, out == &mn.want ? 1 : 0, out == &seed ? MAX_SEED : MAX_COUNT, out, err, sizeof err))
                rc = cli_usage_error("puzzles", "%s: %s", a, err);
        } else if (a[0] == '-' && a[1]) {
            rc = cli_usage_error("puzzles", "unknown option '%s'", quote(q, a));
        } else {
            files[file_count++] = a;
        }
    }
    if (rc) {
        free(files);
        return rc;
    }
    if (games < 0)
        games = file_count ? 0 : 10;
    if (!mn.verify.depth && !mn.verify.movetime_ms)
        mn.verify.depth = PUZZLE_DEFAULT_DEPTH;
    mn.scan = mn.verify;
    if (mn.scan.depth)
        mn.scan.depth = mn.scan.depth > SCAN_SHALLOWER ? mn.scan.depth - SCAN_SHALLOWER : 1;
    else
        mn.scan.movetime_ms = mn.scan.movetime_ms > SCAN_TIME_SHARE ? mn.scan.movetime_ms / SCAN_TIME_SHARE : 1;
    mn.engine = engine_new();
    Position *p = malloc(sizeof *p);
    if (!mn.engine || !p) {
        fprintf(stderr, "hexchess puzzles: out of memory\n");
        if (mn.engine)
            engine_free(mn.engine);
        free(p);
        free(files);
        return EXIT_REJECTED;
    }
    CliOptions with_miner = *opts;
    with_miner.context = &mn;
    int number = 1;
    for (int i = 0; i < file_count && rc != EXIT_USAGE && !(mn.want && mn.found >= mn.want); i++) {
        int one = each_game("puzzles", &with_miner, files[i], &number, p, mine_recorded);
        rc = one > rc ? one : rc;
    }
    /* A defective record does not stop the self-play games; the status still tells of it. */
    if (rc != EXIT_USAGE && games) {
        int one = mine_self_play(&mn, opts->variant, games, (unsigned)seed);
        rc = one > rc ? one : rc;
    }
    if (progress_shown())
        fprintf(stderr, "\r%*s\r", 60, "");
    engine_free(mn.engine);
    tbset_free(mn.tables);
    free(mn.seen);
    free(p);
    free(files);
    return rc;
}
