/* hexchess tb: generate, probe and summarise endgame tablebases. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/tables/tbdead.h"
#include "../core/tables/tbgen.h"
#include "../core/tables/tbsample.h"
#include "../core/util/quote.h"
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
    bool raw;  /* gen, pack: write tables uncompressed */
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
        return cli_usage_error("tb", "missing action: gen, pack, probe, stats, verify, sample or dead");
    a->action = o->argv[0];
    a->argv = o->argv;
    for (int i = 1; i < o->argc; i++) {
        const char *s = o->argv[i];
        bool dir = !strcmp(s, "--dir"), threads = !strcmp(s, "--threads");
        bool count = !strcmp(s, "--count"), seed = !strcmp(s, "--seed"), wdl = !strcmp(s, "--wdl"),
             stm = !strcmp(s, "--stm");
        if (!strcmp(s, "--line")) {
            a->line = true;
        } else if (!strcmp(s, "--raw")) {
            a->raw = true;
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
    if (!tb_file_save(t, path, !a->raw, &bytes, err, sizeof err)) {
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

/* A set whose tables are read whole: for the actions that visit every position of a table. */
static TbSet *whole_set(const Variant *v, const char *dir)
{
    TbSet *set = tbset_new(v, dir);
    if (set)
        tbset_read_whole(set);
    return set;
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
    TbSet *set = whole_set(o->variant, a->dir);
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
        const TbTable *t = load_table(set, a, &ending);
        if (t && tb_table_error(t))
            fprintf(stderr, "hexchess tb: %s (generate it again with hexchess tb gen)\n", tb_table_error(t));
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

enum { SHADE_KEYS = 27 }; /* the hex colours of up to three colour-bound men */

/* The hex colours of the colour-bound men of e on cells, as a number in base 3 (0 without any);
 * like men's colours in order, so that exchanging them keeps the number. */
static int shade_key(const TbEnding *e, const uint8_t *cells)
{
    int colours[TB_MAX_MEN], key = 0;
    for (int i = 2; i < e->men; i++) {
        colours[i] = e->v->geo.colour[cells[i]];
        for (int j = i; j > 2 && e->type[j - 1] == e->type[j] && e->colour[j - 1] == e->colour[j] &&
                        colours[j - 1] > colours[j];
             j--) {
            int c = colours[j];
            colours[j] = colours[j - 1];
            colours[j - 1] = c;
        }
    }
    for (int i = 2; i < e->men; i++)
        if (e->v->colour_bound[e->type[i]])
            key = key * 3 + colours[i];
    return key;
}

static void count_value(Tally *t, uint16_t v, Color stm, uint64_t weight, const uint8_t *cells)
{
    t->legal += weight;
    bool white_wins = tb_wins(v) == (stm == WHITE);
    int slot = v == TB_DRAW ? 2 : tb_is_mate(v) ? (white_wins ? 4 : 0) : (white_wins ? 3 : 1);
    t->count[slot] += weight;
    if (tb_is_mate(v) && tb_distance(v) > t->longest) {
        t->longest = tb_distance(v);
        memcpy(t->longest_cells, cells, sizeof t->longest_cells);
    }
}

/* Every placement of the men, each counted once (not once per symmetric twin): into out[0] in
 * all, and into out[1 + shade_key] by the colours of the colour-bound men when by_shade (a
 * symmetric twin may stand on other colours, so those count placement by placement). */
static void tally(const TbTable *t, Color stm, bool by_shade, Tally *out)
{
    const TbIndex *ix = &t->ix;
    memset(out, 0, sizeof *out * (1 + SHADE_KEYS));
    for (int k = 0; k <= SHADE_KEYS; k++)
        out[k].longest = -1;
    for (uint64_t idx = 0; idx < ix->size; idx++) {
        uint16_t v = t->val[stm][idx];
        if (v == TB_ILLEGAL)
            continue;
        uint8_t cells[TB_MAX_MEN];
        tb_index_cells(ix, idx, cells);
        count_value(&out[0], v, stm, tb_index_placements(ix, idx), cells);
        if (!by_shade)
            continue;
        uint8_t placed[TB_SYM_MAX][TB_MAX_MEN];
        int n = tb_index_placement_cells(ix, idx, placed);
        for (int k = 0; k < n; k++)
            count_value(&out[1 + shade_key(&ix->e, placed[k])], v, stm, 1, placed[k]);
    }
}

/* One stats line: "NAME wtm|btm win P% ... longest N POSITION". */
static void print_tally(const CliOptions *o, const TbEnding *e, const char *name, Color stm, const Tally *s,
                        Position *p)
{
    bool stalemates = o->variant->desc->stalemate_share_permille > 500;
    double legal = s->legal ? (double)s->legal : 1.0;
    printf("%s %s win %.4f%%", name, stm == WHITE ? "wtm" : "btm", 100.0 * (double)s->count[4] / legal);
    if (stalemates)
        printf(" stalemate-win %.4f%%", 100.0 * (double)s->count[3] / legal);
    printf(" draw %.4f%%", 100.0 * (double)s->count[2] / legal);
    if (stalemates)
        printf(" stalemate-loss %.4f%%", 100.0 * (double)s->count[1] / legal);
    printf(" loss %.4f%% longest %d", 100.0 * (double)s->count[0] / legal, s->longest < 0 ? 0 : s->longest);
    if (s->longest >= 0) {
        pos_clear(p, o->variant);
        for (int i = 0; i < e->men; i++)
            pos_put(p, make_piece(e->colour[i], e->type[i]), s->longest_cells[i]);
        p->stm = stm;
        char text[POSITION_TEXT_MAX];
        pos_to_text(p, text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
}

/* The material of e with its colour-bound men on the colours of shade key key, "KBl-K". */
static void shade_name(const TbEnding *e, int key, char *buf)
{
    SideMaterial m[COLOR_NB];
    memset(m, 0, sizeof m);
    int colours[TB_MAX_MEN];
    for (int i = e->men - 1; i >= 2; i--)
        if (e->v->colour_bound[e->type[i]]) {
            colours[i] = key % 3;
            key /= 3;
        }
    for (int i = 2; i < e->men; i++)
        m[e->colour[i]].n[e->type[i]][e->v->colour_bound[e->type[i]] ? colours[i] : 0]++;
    int n = variant_material_text(e->v, &m[WHITE], buf);
    buf[n++] = '-';
    variant_material_text(e->v, &m[BLACK], buf + n);
}

static int tb_stats(const CliOptions *o, const TbArgs *a)
{
    if (a->argc != 1)
        return cli_usage_error("tb", "stats takes one ENDING");
    TbEnding e;
    if (!parse_ending(o->variant, a->argv[0], &e, NULL))
        return EXIT_REJECTED;
    TbSet *set = whole_set(o->variant, a->dir);
    const TbTable *t = load_table(set, a, &e);
    Position *p = malloc(sizeof *p);
    Tally *s = malloc(sizeof *s * (1 + SHADE_KEYS));
    if (!t || !p || !s) {
        tbset_free(set);
        free(p);
        free(s);
        return EXIT_REJECTED;
    }
    bool by_shade = false;
    for (int i = 2; i < e.men; i++)
        by_shade |= o->variant->colour_bound[e.type[i]];
    for (int stm = 0; stm < COLOR_NB; stm++) {
        tally(t, (Color)stm, by_shade, s);
        print_tally(o, &e, e.name, (Color)stm, &s[0], p);
        for (int k = 0; k < SHADE_KEYS; k++) {
            char name[2 * MATERIAL_TEXT_MAX + 2];
            shade_name(&e, k, name);
            if (s[1 + k].legal)
                print_tally(o, &e, name, (Color)stm, &s[1 + k], p);
        }
    }
    tbset_free(set);
    free(p);
    free(s);
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
    TbSet *set = whole_set(o->variant, a->dir);
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
    TbSet *set = whole_set(o->variant, a->dir);
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

/* Rewrites tables in DIR compressed (or raw with --raw), each read whole and checked first: how
 * tables made before compression, or by a build without it, are brought to the other form. */
static int tb_pack_cmd(const CliOptions *o, const TbArgs *a)
{
    if (a->argc < 1)
        return cli_usage_error("tb", "pack needs at least one ENDING");
    TbSet *set = whole_set(o->variant, a->dir);
    int rc = set ? EXIT_OK : EXIT_REJECTED;
    for (int i = 0; i < a->argc && rc == EXIT_OK; i++) {
        TbEnding e;
        const TbTable *t = parse_ending(o->variant, a->argv[i], &e, NULL) ? load_table(set, a, &e) : NULL;
        char path[2048], err[1024];
        size_t bytes;
        tb_file_path(path, sizeof path, a->dir, &e);
        if (t && tb_file_save(t, path, !a->raw, &bytes, err, sizeof err)) {
            printf("%s %s: %zu bytes in %s\n", o->variant->desc->name, e.name, bytes, path);
        } else {
            if (t)
                fprintf(stderr, "hexchess tb: %s\n", err);
            rc = EXIT_REJECTED;
        }
    }
    tbset_free(set);
    return rc;
}

/* The dead-material pass: one line per material, then the no-win list it makes. */
static int tb_dead_cmd(const CliOptions *o, const TbArgs *a)
{
    const Variant *v = o->variant;
    int men = v->desc->no_win_from_move_tree ? 4 : 3;
    char err[256];
    if (a->argc > 1)
        return cli_usage_error("tb", "dead takes at most one operand, the number of men");
    if (a->argc == 1 && !value_int(a->argv[0], 2, 4, &men, err, sizeof err))
        return cli_usage_error("tb", "dead: %s", err);
    DeadMaterial *m = malloc(sizeof *m * DEAD_MATERIALS_MAX);
    int n = m ? tb_dead_materials(v, men, m, DEAD_MATERIALS_MAX, err, sizeof err) : -1;
    if (n < 0) {
        fprintf(stderr, "hexchess tb: %s\n", m ? err : "out of memory");
        free(m);
        return EXIT_REJECTED;
    }
    for (int i = 0; i < n; i++) {
        char w[MATERIAL_TEXT_MAX], b[MATERIAL_TEXT_MAX];
        variant_material_text(v, &m[i].white, w);
        variant_material_text(v, &m[i].black, b);
        printf("%s-%s positions %llu to-mate %llu to-stalemate %llu white-can-win %s black-can-win %s\n", w, b,
               (unsigned long long)m[i].positions, (unsigned long long)m[i].to_mate,
               (unsigned long long)m[i].to_stalemate, m[i].can_win[WHITE] ? "yes" : "no",
               m[i].can_win[BLACK] ? "yes" : "no");
    }
    char list[NO_WIN_MAX * (2 * MATERIAL_TEXT_MAX + 2)], rules[sizeof list];
    tb_dead_no_win_list(v, m, n, list, (int)sizeof list);
    tb_dead_rules_list(v, men, rules, (int)sizeof rules);
    printf("no-win %s\n", list);
    free(m);
    if (!v->desc->no_win_from_move_tree) {
        printf("rules %s (the rule book's list, kept as written)\n", rules);
        return EXIT_OK;
    }
    bool same = !strcmp(list, rules);
    printf("rules %s (%s)\n", rules, same ? "the same" : "differs: the variant's list is out of date");
    return same ? EXIT_OK : EXIT_REJECTED;
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
    if (!strcmp(a.action, "pack"))
        return tb_pack_cmd(o, &a);
    if (!strcmp(a.action, "stats"))
        return tb_stats(o, &a);
    if (!strcmp(a.action, "verify"))
        return tb_verify_cmd(o, &a);
    if (!strcmp(a.action, "sample"))
        return tb_sample_cmd(o, &a);
    if (!strcmp(a.action, "dead"))
        return tb_dead_cmd(o, &a);
    char q[QUOTE_BUF_SIZE];
    return cli_usage_error("tb", "unknown action '%s' (gen, pack, probe, stats, verify, sample or dead)", quote(q, a.action));
}
