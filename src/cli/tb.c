/* hexchess tb: generate, probe and summarise endgame tablebases. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/notation.h"
#include "../core/postext.h"
#include "../core/quote.h"
#include "../core/tbgen.h"
#include "../core/tbsample.h"
#include "cli.h"
#include "values.h"

enum { THREADS_MAX = 64, ENDINGS_MAX = 64, SAMPLE_MAX = 1000000, SEED_MAX = 1000000000 };

/* The values --wdl names, by tb_wdl_name. */
static const char *const WDL_NAMES[] = {"win", "stalemate-win", "draw", "stalemate-loss", "loss"};
enum { WDL_ANY = -1, WDL_NB = sizeof WDL_NAMES / sizeof WDL_NAMES[0] };

typedef struct {
    const char *dir;
    int threads;
    bool line; /* probe: print the best line to the end */
    /* sample: how many positions, the generator's seed, the value (WDL_ANY or an index of
     * WDL_NAMES) and the side to move (COLOR_NB: either) */
    int count, seed, wdl, stm;
    bool sampling; /* a sample option was given */
    const char *action;
    int argc;
    char **argv;
} TbArgs;

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void progress(void *ctx, const char *step, int ply, uint64_t done, uint64_t total)
{
    const char *name = ctx;
    if (isatty(2))
        fprintf(stderr, "\r%s: %s ply %d (%llu/%llu positions)   ", name, step, ply, (unsigned long long)done,
                (unsigned long long)total);
}

static void end_progress(void)
{
    if (isatty(2))
        fprintf(stderr, "\r%*s\r", 79, "");
}

/* Reads the operands after the action: --dir DIR, --threads N and the rest. */
static int read_args(const CliOptions *o, TbArgs *a)
{
    char q[QUOTE_BUF_SIZE], err[QUOTE_BUF_SIZE + 64];
    memset(a, 0, sizeof *a);
    a->dir = "tablebases";
    a->threads = 2;
    a->count = 1;
    a->wdl = WDL_ANY;
    a->stm = COLOR_NB;
    if (o->argc < 1)
        return cli_usage_error("tb", "missing action: gen, probe, stats, verify or sample");
    a->action = o->argv[0];
    a->argv = o->argv;
    for (int i = 1; i < o->argc; i++) {
        const char *s = o->argv[i];
        bool dir = !strcmp(s, "--dir"), threads = !strcmp(s, "--threads");
        bool count = !strcmp(s, "--count"), seed = !strcmp(s, "--seed"), wdl = !strcmp(s, "--wdl"),
             stm = !strcmp(s, "--stm");
        if (!strcmp(s, "--line")) {
            a->line = true;
        } else if (count || seed || wdl || stm) {
            if (i + 1 >= o->argc)
                return cli_usage_error("tb", "option %s needs a value", s);
            const char *value = o->argv[++i];
            a->sampling = true;
            if (count && !value_int(value, 1, SAMPLE_MAX, &a->count, err, sizeof err))
                return cli_usage_error("tb", "--count: %s", err);
            if (seed && !value_int(value, 0, SEED_MAX, &a->seed, err, sizeof err))
                return cli_usage_error("tb", "--seed: %s", err);
            if (wdl) {
                for (a->wdl = 0; a->wdl < WDL_NB && strcmp(value, WDL_NAMES[a->wdl]); a->wdl++)
                    ;
                if (a->wdl == WDL_NB)
                    return cli_usage_error("tb", "--wdl: '%s' is not win, stalemate-win, draw, stalemate-loss or loss",
                                           quote(q, value));
            }
            if (stm && strcmp(value, "white") && strcmp(value, "black"))
                return cli_usage_error("tb", "--stm: '%s' is not white or black", quote(q, value));
            if (stm)
                a->stm = strcmp(value, "white") ? BLACK : WHITE;
        } else if (dir || threads) {
            if (i + 1 >= o->argc)
                return cli_usage_error("tb", "option %s needs a value", s);
            const char *value = o->argv[++i];
            if (dir && !value[0])
                return cli_usage_error("tb", "--dir: the directory name is empty");
            if (dir)
                a->dir = value;
            else if (!value_int(value, 1, THREADS_MAX, &a->threads, err, sizeof err))
                return cli_usage_error("tb", "--threads: %s", err);
        } else if (s[0] == '-' && s[1]) {
            return cli_usage_error("tb", "unknown option '%s'", quote(q, s));
        } else {
            a->argv[a->argc++] = o->argv[i];
        }
    }
    return 0;
}

/* *swapped (may be NULL): the name puts the weaker side first, as White. */
static bool parse_ending(const Variant *v, const char *text, TbEnding *e, bool *swapped)
{
    char err[256];
    bool ignored;
    if (tb_ending_parse(v, text, e, swapped ? swapped : &ignored, err, sizeof err))
        return true;
    fprintf(stderr, "hexchess tb: %s\n", err);
    return false;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Makes the table of e and, first, those of the endings its captures and promotions lead to; a
 * table already in the directory is read (and must be sound). */
static bool build(TbSet *set, const TbArgs *a, const TbEnding *e, int depth)
{
    char path[2048], err[1024];
    tb_file_path(path, sizeof path, a->dir, e);
    if (file_exists(path)) {
        if (tbset_table(set, e, err, sizeof err))
            return true;
        fprintf(stderr, "hexchess tb: %s\n", err);
        return false;
    }
    TbEnding subs[ENDINGS_MAX];
    int n = tb_sub_endings(e, subs, ENDINGS_MAX);
    for (int i = 0; i < n; i++)
        if (!build(set, a, &subs[i], depth + 1))
            return false;
    char name[TB_NAME_MAX + 32];
    snprintf(name, sizeof name, "%s %s", e->v->desc->name, e->name);
    TbGenOptions opt = {a->threads, progress, name};
    TbTable *t = malloc(sizeof *t);
    double start = now_seconds();
    if (!t || !tb_generate(set, e, &opt, t, err, sizeof err)) {
        end_progress();
        fprintf(stderr, "hexchess tb: %s\n", t ? err : "out of memory");
        free(t);
        return false;
    }
    double generated = now_seconds();
    if (!tbset_add(set, t)) {
        fprintf(stderr, "hexchess tb: too many tables at once\n");
        tb_table_free(t);
        free(t);
        return false;
    }
    uint64_t bad = tb_verify(set, t, &opt, err, sizeof err);
    double verified = now_seconds();
    end_progress();
    if (bad) {
        fprintf(stderr, "hexchess tb: %s failed verification: %llu wrong values, first %s\n", e->name,
                (unsigned long long)bad, err);
        return false;
    }
    size_t bytes;
    if (!tb_file_save(t, path, &bytes, err, sizeof err)) {
        fprintf(stderr, "hexchess tb: %s\n", err);
        return false;
    }
    printf("%s %s: %llu positions (2 x %llu, %d symmetries), generated in %.1f s, verified in %.1f s, "
           "%zu bytes in %s\n",
           e->v->desc->name, e->name, (unsigned long long)(2 * t->ix.size), (unsigned long long)t->ix.size,
           t->ix.sym_nb, generated - start, verified - generated, bytes, path);
    fflush(stdout);
    return true;
}

static int tb_gen(const CliOptions *o, const TbArgs *a)
{
    if (a->argc < 1)
        return cli_usage_error("tb", "gen needs at least one ENDING (KRK, KQKR ...)");
    struct stat st;
    if (stat(a->dir, &st) != 0 && mkdir(a->dir, 0777) != 0) {
        fprintf(stderr, "hexchess tb: cannot make the directory %s\n", a->dir);
        return EXIT_REJECTED;
    }
    if (stat(a->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "hexchess tb: %s is not a directory\n", a->dir);
        return EXIT_REJECTED;
    }
    TbEnding endings[ENDINGS_MAX];
    for (int i = 0; i < a->argc && i < ENDINGS_MAX; i++)
        if (!parse_ending(o->variant, a->argv[i], &endings[i], NULL))
            return EXIT_REJECTED;
    TbSet *set = tbset_new(o->variant, a->dir);
    bool ok = set != NULL;
    for (int i = 0; i < a->argc && i < ENDINGS_MAX && ok; i++)
        ok = build(set, a, &endings[i], 0);
    tbset_free(set);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("memory: %.1f MB at most\n", (double)ru.ru_maxrss / 1024.0);
    return ok ? EXIT_OK : EXIT_REJECTED;
}

/* The moves both sides play by the tables until the mate or stalemate (a decided value's distance
 * falls by one a ply, so the line ends). */
static void print_line(TbSet *set, Position *p, uint16_t value)
{
    printf("line");
    while (value > TB_DRAW && tb_distance(value) > 0 && p->ply < MAX_GAME_PLY - 1) {
        Move m = tb_best_move(set, p, &value);
        if (m == MOVE_NONE)
            break;
        char text[MOVE_TEXT_MAX];
        move_to_text(p, m, text);
        printf(" %s", text);
        pos_make(p, m);
        if (!tb_probe(set, p, &value))
            break;
    }
    printf("\n");
}

static const TbTable *load_table(TbSet *set, const TbArgs *a, const TbEnding *e)
{
    char err[1024];
    const TbTable *t = set ? tbset_table(set, e, err, sizeof err) : NULL;
    if (!t)
        fprintf(stderr, "hexchess tb: %s (generate it with hexchess tb gen -v %s --dir %s %s)\n",
                set ? err : "out of memory", e->v->desc->name, a->dir, e->name);
    return t;
}

static int tb_probe_cmd(const CliOptions *o, const TbArgs *a)
{
    if (a->argc)
        return cli_usage_error("tb", "probe takes no ENDING, only -p POSITION");
    Position *p = malloc(sizeof *p);
    if (!p || !cli_load_position(o, p)) {
        free(p);
        return EXIT_REJECTED;
    }
    TbSet *set = tbset_new(o->variant, a->dir);
    uint16_t value;
    Move best = set ? tb_best_move(set, p, &value) : MOVE_NONE;
    int rc = EXIT_OK;
    TbEnding ending;
    bool swapped;
    if (set && best == MOVE_NONE && !tb_probe(set, p, &value) && tb_ending_of_position(p, &ending, &swapped)) {
        /* Its ending's table is missing or unreadable: say which, and why. */
        load_table(set, a, &ending);
        rc = EXIT_REJECTED;
    } else if (!set || (best == MOVE_NONE && !tb_probe(set, p, &value))) {
        fprintf(stderr,
                "hexchess tb: no table in %s holds this position (at most %d men, at most one pawn, no castling "
                "rights)\n",
                a->dir, TB_MAX_MEN);
        rc = EXIT_REJECTED;
    } else {
        char move[MOVE_TEXT_MAX] = "none";
        if (best != MOVE_NONE)
            move_to_text(p, best, move);
        printf("wdl %s dtm %d best %s\n", tb_wdl_name(value), tb_distance(value), move);
        if (a->line)
            print_line(set, p, value);
    }
    tbset_free(set);
    free(p);
    return rc;
}

typedef struct {
    uint64_t count[5]; /* White's: loss, stalemate-loss, draw, stalemate-win, win */
    uint64_t legal;
    int longest;
    uint8_t longest_cells[TB_MAX_MEN];
} Tally;

/* Every placement of the men, each counted once (not once per symmetric twin). */
static void tally(const TbTable *t, Color stm, Tally *out)
{
    const TbIndex *ix = &t->ix;
    memset(out, 0, sizeof *out);
    out->longest = -1;
    for (uint64_t idx = 0; idx < ix->size; idx++) {
        uint16_t v = t->val[stm][idx];
        if (v == TB_ILLEGAL)
            continue;
        uint64_t weight = tb_index_placements(ix, idx);
        out->legal += weight;
        bool white_wins = tb_wins(v) == (stm == WHITE);
        int slot = v == TB_DRAW ? 2 : tb_is_mate(v) ? (white_wins ? 4 : 0) : (white_wins ? 3 : 1);
        out->count[slot] += weight;
        if (tb_is_mate(v) && tb_distance(v) > out->longest) {
            out->longest = tb_distance(v);
            tb_index_cells(ix, idx, out->longest_cells);
        }
    }
}

static int tb_stats(const CliOptions *o, const TbArgs *a)
{
    if (a->argc != 1)
        return cli_usage_error("tb", "stats takes one ENDING");
    TbEnding e;
    if (!parse_ending(o->variant, a->argv[0], &e, NULL))
        return EXIT_REJECTED;
    TbSet *set = tbset_new(o->variant, a->dir);
    const TbTable *t = load_table(set, a, &e);
    Position *p = malloc(sizeof *p);
    if (!t || !p) {
        tbset_free(set);
        free(p);
        return EXIT_REJECTED;
    }
    bool stalemates = o->variant->desc->stalemate_share_permille > 500;
    for (int stm = 0; stm < COLOR_NB; stm++) {
        Tally s;
        tally(t, (Color)stm, &s);
        double legal = s.legal ? (double)s.legal : 1.0;
        printf("%s %s win %.4f%%", e.name, stm == WHITE ? "wtm" : "btm", 100.0 * (double)s.count[4] / legal);
        if (stalemates)
            printf(" stalemate-win %.4f%%", 100.0 * (double)s.count[3] / legal);
        printf(" draw %.4f%%", 100.0 * (double)s.count[2] / legal);
        if (stalemates)
            printf(" stalemate-loss %.4f%%", 100.0 * (double)s.count[1] / legal);
        printf(" loss %.4f%% longest %d", 100.0 * (double)s.count[0] / legal, s.longest < 0 ? 0 : s.longest);
        if (s.longest >= 0) {
            pos_clear(p, o->variant);
            for (int i = 0; i < e.men; i++)
                pos_put(p, make_piece(e.colour[i], e.type[i]), s.longest_cells[i]);
            p->stm = (Color)stm;
            char text[POSITION_TEXT_MAX];
            pos_to_text(p, text, sizeof text);
            printf(" %s", text);
        }
        printf("\n");
    }
    tbset_free(set);
    free(p);
    return EXIT_OK;
}

/* Is the value one the sample is drawn from? ctx: the TbArgs. */
static bool wanted(uint16_t v, const void *ctx)
{
    const TbArgs *a = ctx;
    return a->wdl == WDL_ANY || !strcmp(tb_wdl_name(v), WDL_NAMES[a->wdl]);
}

/* Prints --count positions drawn from the table (tb_sample). */
static int tb_sample_cmd(const CliOptions *o, const TbArgs *a)
{
    if (a->argc != 1)
        return cli_usage_error("tb", "sample takes one ENDING");
    TbEnding e;
    bool swapped;
    if (!parse_ending(o->variant, a->argv[0], &e, &swapped))
        return EXIT_REJECTED;
    TbSet *set = tbset_new(o->variant, a->dir);
    const TbTable *t = load_table(set, a, &e);
    TbPlacement *drawn = malloc(sizeof *drawn * (size_t)a->count);
    Position *p = malloc(sizeof *p);
    int rc = t && drawn && p ? EXIT_OK : EXIT_REJECTED;
    /* The table's side to move is the other one when the name exchanged the colours. */
    bool side[COLOR_NB];
    for (int c = 0; c < COLOR_NB; c++)
        side[c] = a->stm == COLOR_NB || c == (swapped ? !a->stm : a->stm);
    uint64_t eligible = rc == EXIT_OK ? tb_sample(t, side, wanted, a, (uint64_t)a->seed, a->count, drawn) : 0;
    if (t && (rc != EXIT_OK || eligible == UINT64_MAX)) {
        fprintf(stderr, "hexchess tb: out of memory\n");
        rc = EXIT_REJECTED;
    } else if (rc == EXIT_OK && eligible == 0) {
        fprintf(stderr, "hexchess tb: no legal position of %s has that value and side to move\n", e.name);
        rc = EXIT_REJECTED;
    }
    for (int i = 0; i < a->count && rc == EXIT_OK; i++) {
        pos_clear(p, o->variant);
        for (int m = 0; m < e.men; m++)
            pos_put(p, make_piece(swapped ? !e.colour[m] : e.colour[m], e.type[m]), drawn[i].cells[m]);
        p->stm = swapped ? !drawn[i].stm : drawn[i].stm;
        char text[POSITION_TEXT_MAX];
        pos_to_text(p, text, sizeof text);
        printf("%s\n", text);
    }
    tbset_free(set);
    free(drawn);
    free(p);
    return rc;
}

/* Checks a table on disk again, value by value, with the tables of its sub-endings. */
static int tb_verify_cmd(const CliOptions *o, const TbArgs *a)
{
    if (a->argc < 1)
        return cli_usage_error("tb", "verify needs at least one ENDING");
    TbSet *set = tbset_new(o->variant, a->dir);
    int rc = set ? EXIT_OK : EXIT_REJECTED;
    for (int i = 0; i < a->argc && rc == EXIT_OK; i++) {
        TbEnding e;
        const TbTable *t = parse_ending(o->variant, a->argv[i], &e, NULL) ? load_table(set, a, &e) : NULL;
        if (!t) {
            rc = EXIT_REJECTED;
            break;
        }
        char err[1024];
        TbGenOptions opt = {a->threads, NULL, NULL};
        uint64_t bad = tb_verify(set, t, &opt, err, sizeof err);
        if (bad) {
            fprintf(stderr, "hexchess tb: %s: %llu wrong values, first %s\n", e.name, (unsigned long long)bad, err);
            rc = EXIT_REJECTED;
        } else {
            printf("%s %s: %llu positions verified\n", o->variant->desc->name, e.name,
                   (unsigned long long)(2 * t->ix.size));
        }
    }
    tbset_free(set);
    return rc;
}

int cmd_tb(const CliOptions *o)
{
    TbArgs a;
    int rc = read_args(o, &a);
    if (rc)
        return rc;
    if (a.sampling && strcmp(a.action, "sample"))
        return cli_usage_error("tb", "--count, --seed, --wdl and --stm are options of tb sample");
    if (!strcmp(a.action, "gen"))
        return tb_gen(o, &a);
    if (!strcmp(a.action, "probe"))
        return tb_probe_cmd(o, &a);
    if (!strcmp(a.action, "stats"))
        return tb_stats(o, &a);
    if (!strcmp(a.action, "verify"))
        return tb_verify_cmd(o, &a);
    if (!strcmp(a.action, "sample"))
        return tb_sample_cmd(o, &a);
    char q[QUOTE_BUF_SIZE];
    return cli_usage_error("tb", "unknown action '%s' (gen, probe, stats, verify or sample)", quote(q, a.action));
}
