/*
 * `hexchess datagen`: self-play games that make training data for an evaluation network. Each
 * game starts with random plies, then the engine plays at a fixed node count (now and then a
 * random move early on, so that games spread out); every quiet position it searched is written
 * with the search's score and, once the game is over, its result (src/core/engine/trainrec.h).
 *
 * Game g of a run depends on the seed, the settings and g alone (a fresh engine state per game,
 * one thread, node limits), so an interrupted file is resumed by replaying from its first
 * unfinished game: the result is the file an uninterrupted run writes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/engine/search.h"
#include "../core/engine/trainrec.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/movegen.h"
#include "../core/util/quote.h"
#include "../core/util/random.h"
#include "cli.h"
#include "values.h"

enum {
    DEFAULT_RANDOM_PLIES = 8,
    DEFAULT_NODES = 5000,
    /* Over the first engine plies, one move in RANDOM_MOVE_ODDS is a random legal one instead. */
    NOISY_PLIES = 16,
    RANDOM_MOVE_ODDS = 8,
    /* A game still going after this many plies is a draw: the move rule ends almost all sooner. */
    MAX_GAME_PLIES = 600,
    /* A lead this large, kept this many plies in a row, is won: playing it out teaches little. */
    WIN_ADJUDICATE_CP = 2000,
    WIN_ADJUDICATE_PLIES = 8,
    /* Beyond this a score is a mate's: its number is no evaluation to learn. */
    MAX_TRAIN_SCORE = SCORE_MATE_IN_MAX,
};

typedef struct {
    const Variant *v;
    int variant_index;
    int games, nodes, random_plies;
    unsigned seed;
    const char *out;
    uint16_t tag;
} DatagenConfig;

static void remember_score(const SearchInfo *info, void *ctx)
{
    if (info->multipv == 1)
        *(int *)ctx = info->score;
}

static bool is_capture(const Position *p, Move m)
{
    MoveKind k = move_kind(m);
    return p->board[move_to(m)] != EMPTY || k == MK_EN_PASSANT || k == MK_SCORNFUL;
}

static Move random_move(Position *p, uint64_t *rng)
{
    MoveList ml;
    gen_legal(p, &ml);
    return ml.count ? ml.moves[splitmix64(rng) % (uint64_t)ml.count] : MOVE_NONE;
}

/*
 * Plays game `game` of the run into recs (TRAIN_RECORD_SIZE bytes each, room for MAX_GAME_PLIES);
 * returns how many records it made.
 */
static int play_game(const DatagenConfig *cfg, Engine *engine, Position *p, uint32_t game, uint8_t *recs)
{
    uint64_t rng = (uint64_t)cfg->seed << 32 ^ game;
    splitmix64(&rng);
    engine_new_game(engine);
    pos_set_start(p, cfg->v);
    SearchLimits limits;
    search_limits_init(&limits);
    limits.nodes = (uint64_t)cfg->nodes;
    int n = 0, leading_plies = 0, leader = 0;
    Verdict verdict = {OUTCOME_NONE, END_NONE, DRAW_NONE};
    for (int ply = 0;; ply++) {
        arbiter_judge(p, &verdict);
        if (verdict.outcome != OUTCOME_NONE)
            break;
        if (ply >= MAX_GAME_PLIES) {
            verdict.outcome = OUTCOME_DRAW;
            break;
        }
        if (ply < cfg->random_plies) {
            pos_make(p, random_move(p, &rng));
            continue;
        }
        int score = 0;
        Move best = engine_search(engine, p, &limits, remember_score, &score);
        /* Step 1. A quiet position with a plain score is kept: the network learns what the
         * search could not settle by captures alone. */
        if (!pos_in_check(p) && !is_capture(p, best) && move_promo(best) == NO_TYPE && abs(score) < MAX_TRAIN_SCORE) {
            TrainInfo info = {cfg->variant_index, score, 500, game, cfg->tag, p->ply, false};
            train_record_encode(p, &info, recs + (size_t)n++ * TRAIN_RECORD_SIZE);
        }
        /* Step 2. A lasting decisive lead ends the game. */
        int white_score = p->stm == WHITE ? score : -score;
        int side = white_score >= WIN_ADJUDICATE_CP ? 1 : white_score <= -WIN_ADJUDICATE_CP ? -1 : 0;
        leading_plies = side && side == leader ? leading_plies + 1 : side ? 1 : 0;
        leader = side;
        if (leading_plies >= WIN_ADJUDICATE_PLIES) {
            verdict.outcome = leader > 0 ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
            break;
        }
        /* Step 3. Early on, now and then a random move instead of the best. */
        bool noisy = ply < cfg->random_plies + NOISY_PLIES && splitmix64(&rng) % RANDOM_MOVE_ODDS == 0;
        pos_make(p, noisy ? random_move(p, &rng) : best);
    }
    int permille = outcome_white_permille(cfg->v, verdict.outcome);
    for (int i = 0; i < n; i++)
        train_record_finish(recs + (size_t)i * TRAIN_RECORD_SIZE, permille, i == n - 1);
    return n;
}

/*
 * Opens cfg->out for appending the run's games and says which game comes next: a file of this
 * run is cut back to its last finished game (a game is finished when its last record, flagged so,
 * is whole in the file). NULL after a message when the file is another run's or cannot be used.
 */
static FILE *open_for_resume(const DatagenConfig *cfg, uint32_t *next_game, long *records)
{
    char q[QUOTE_BUF_SIZE];
    FILE *f = fopen(cfg->out, "r+b");
    if (!f && errno == ENOENT)
        f = fopen(cfg->out, "w+b");
    if (!f) {
        fprintf(stderr, "hexchess datagen: cannot open '%s': %s\n", quote(q, cfg->out), strerror(errno));
        return NULL;
    }
    uint8_t rec[TRAIN_RECORD_SIZE];
    long n = 0, keep = 0; /* records read; records up to the last finished game */
    *next_game = 0;
    while (fread(rec, TRAIN_RECORD_SIZE, 1, f) == 1) {
        TrainInfo info;
        n++;
        if (!train_record_peek(rec, &info) || info.variant != cfg->variant_index || info.run_tag != cfg->tag) {
            fprintf(stderr,
                    "hexchess datagen: '%s': record %ld is not of this run (another variant, --seed, --nodes or "
                    "--random-plies, or no training record): resume a file with the arguments that began it\n",
                    quote(q, cfg->out), n);
            fclose(f);
            return NULL;
        }
        if (info.game_end) {
            keep = n;
            *next_game = info.game + 1;
        }
    }
    if (fflush(f) || ftruncate(fileno(f), (off_t)keep * TRAIN_RECORD_SIZE) || fseek(f, 0, SEEK_END)) {
        fprintf(stderr, "hexchess datagen: cannot resume '%s': %s\n", quote(q, cfg->out), strerror(errno));
        fclose(f);
        return NULL;
    }
    *records = keep;
    return f;
}

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run(const DatagenConfig *cfg)
{
    uint32_t game;
    long records;
    FILE *f = open_for_resume(cfg, &game, &records);
    if (!f)
        return EXIT_REJECTED;
    Engine *engine = engine_new();
    Position *p = malloc(sizeof *p);
    uint8_t *recs = malloc((size_t)MAX_GAME_PLIES * TRAIN_RECORD_SIZE);
    int status = EXIT_OK;
    if (!engine || !p || !recs) {
        fprintf(stderr, "hexchess datagen: out of memory\n");
        status = EXIT_REJECTED;
    }
    if (status == EXIT_OK && game > 0)
        fprintf(stderr, "datagen: resuming '%s' at game %u (%ld positions kept)\n", cfg->out, game + 1, records);
    double start = now_seconds();
    long made = 0;
    for (; status == EXIT_OK && game < (uint32_t)cfg->games; game++) {
        int n = play_game(cfg, engine, p, game, recs);
        if (fwrite(recs, TRAIN_RECORD_SIZE, (size_t)n, f) != (size_t)n || fflush(f)) {
            fprintf(stderr, "\nhexchess datagen: cannot write '%s': %s\n", cfg->out, strerror(errno));
            status = EXIT_REJECTED;
            break;
        }
        made += n;
        double elapsed = now_seconds() - start;
        fprintf(stderr, "\rdatagen: game %u/%d, %ld positions, %.0f positions/s   ", game + 1, cfg->games,
                records + made, elapsed > 0 ? (double)made / elapsed : 0.0);
    }
    fprintf(stderr, "\n");
    if (fclose(f) && status == EXIT_OK) {
        fprintf(stderr, "hexchess datagen: cannot write '%s': %s\n", cfg->out, strerror(errno));
        status = EXIT_REJECTED;
    }
    free(recs);
    free(p);
    engine_free(engine);
    return status;
}

int cmd_datagen(const CliOptions *opts)
{
    DatagenConfig cfg = {opts->variant, 0, 0, DEFAULT_NODES, DEFAULT_RANDOM_PLIES, 1, NULL, 0};
    while (variant_names[cfg.variant_index] && variant_find(variant_names[cfg.variant_index]) != cfg.v)
        cfg.variant_index++;
    char err[QUOTE_BUF_SIZE + 64], q[QUOTE_BUF_SIZE];
    for (int i = 0; i < opts->argc; i += 2) {
        const char *a = opts->argv[i];
        const char *val = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        if (!val)
            return cli_usage_error("datagen", "option %s needs a value", quote(q, a));
        bool ok = true;
        int seed = 0;
        if (!strcmp(a, "--games"))
            ok = value_int(val, 1, 100000000, &cfg.games, err, sizeof err);
        else if (!strcmp(a, "--nodes"))
            ok = value_int(val, 1, 100000000, &cfg.nodes, err, sizeof err);
        else if (!strcmp(a, "--random-plies"))
            ok = value_int(val, 0, 100, &cfg.random_plies, err, sizeof err);
        else if (!strcmp(a, "--seed")) {
            ok = value_int(val, 0, 1000000000, &seed, err, sizeof err);
            cfg.seed = (unsigned)seed;
        } else if (!strcmp(a, "--out"))
            cfg.out = val;
        else
            return cli_usage_error("datagen", "unknown option or argument '%s'", quote(q, a));
        if (!ok)
            return cli_usage_error("datagen", "%s: %s", a, err);
    }
    if (!cfg.games)
        return cli_usage_error("datagen", "--games N is required");
    if (!cfg.out)
        return cli_usage_error("datagen", "--out FILE is required");
    /* The run's tag: records of another seed or settings are never taken for this run's. */
    uint64_t mix = (uint64_t)cfg.seed << 40 ^ (uint64_t)cfg.nodes << 8 ^ (uint64_t)cfg.random_plies;
    cfg.tag = (uint16_t)splitmix64(&mix);
    return run(&cfg);
}
