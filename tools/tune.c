/*
 * tune: a Texel tuner for the evaluation weights (eval.h). It reads game records written by
 * `hexchess match` (CTL-PGN or PGN, the variant from each game's Variant label), samples quiet
 * positions from them, fits the sigmoid scale K to the default weights, then fits every named
 * weight by coordinate descent to the game results and prints the tuned weights as a C
 * initialiser. A held-out share of the games is never fitted, so the error on their positions
 * shows whether the new weights generalise or only learned the sample (positions of one game
 * share its result, so holding out positions of fitted games would not show it).
 *
 *   build/tune [--variant V] [--skip-plies N] [--per-game N] [--holdout PCT] [--seed N]
 *              [--step N] [--passes N] [--only NAMES | --fix NAMES] FILE...
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/engine/eval.h"
#include "core/notation/postext.h"
#include "core/notation/recplay.h"
#include "core/notation/recread.h"
#include "core/rules/arbiter.h"
#include "core/rules/movegen.h"
#include "core/util/random.h"
#include "texel.h"

enum { MAX_MEN = COLOR_NB * MAX_PIECES_PER_SIDE, MAX_VARIANTS = 8 };
/* A position whose capture sequences need more nodes than this is not called quiet. */
enum { QUIET_NODE_BUDGET = 20000 };

typedef struct {
    uint8_t stm, men;
    bool held_out; /* its game is not fitted */
    uint8_t cell[MAX_MEN];
    Piece piece[MAX_MEN];
} Sample;

typedef struct {
    uint64_t *slot; /* open addressing, 0 = free (a zero key is stored as 1) */
    size_t cap, count;
} KeySet;

typedef struct {
    const Variant *v;
    Sample *samples;
    double *results; /* White's share of the points, 0..1 */
    int *scores;     /* scratch: the evaluation, White's view */
    size_t n, cap;
    KeySet seen;
    EvalTables tables;
    int games, held_games, duplicates;
    double k;
} VariantSet;

typedef struct {
    const char *variant; /* only this one; NULL: all */
    int skip_plies, per_game, holdout_pct, step, passes;
    const char *only, *fix; /* comma-separated weight names (eval_param_name) */
    double reg;
    uint64_t seed;
    const char *dump; /* write the sampled positions here */
    bool all_results; /* also games the board did not end (forfeits, resignations, adjudications) */
} Options;

typedef struct {
    Options opt;
    VariantSet sets[MAX_VARIANTS];
    int set_nb;
    Position *pos;
    uint64_t rng;
    int games_read, games_unfinished, games_unreadable, games_not_by_board;
} Tuner;

/* The objective: one variant's samples [from, to) under weights w, plus reg times the mean
 * squared relative change of the active weights from the prior (a pull towards the hand-set
 * weights, which a few hundred games cannot otherwise outweigh). */
typedef struct {
    Tuner *tu;
    VariantSet *set;
    size_t from, to;
    double reg;
    const int *prior;
    const bool *active;
} Fit;

static bool keyset_add(KeySet *ks, uint64_t key)
{
    key = key ? key : 1;
    if (2 * (ks->count + 1) > ks->cap) {
        size_t cap = ks->cap ? 2 * ks->cap : 4096;
        uint64_t *slot = calloc(cap, sizeof *slot);
        if (!slot) {
            fprintf(stderr, "tune: out of memory\n");
            exit(1);
        }
        for (size_t i = 0; i < ks->cap; i++)
            if (ks->slot[i])
                for (size_t j = ks->slot[i] & (cap - 1);; j = (j + 1) & (cap - 1))
                    if (!slot[j]) {
                        slot[j] = ks->slot[i];
                        break;
                    }
        free(ks->slot);
        ks->slot = slot;
        ks->cap = cap;
    }
    for (size_t j = key & (ks->cap - 1);; j = (j + 1) & (ks->cap - 1)) {
        if (ks->slot[j] == key)
            return false;
        if (!ks->slot[j]) {
            ks->slot[j] = key;
            ks->count++;
            return true;
        }
    }
}

static VariantSet *set_for(Tuner *tu, const Variant *v)
{
    for (int i = 0; i < tu->set_nb; i++)
        if (tu->sets[i].v == v)
            return &tu->sets[i];
    if (tu->set_nb == MAX_VARIANTS)
        return NULL;
    VariantSet *s = &tu->sets[tu->set_nb++];
    memset(s, 0, sizeof *s);
    s->v = v;
    eval_build(&s->tables, v);
    return s;
}

static void sample_store(const Position *p, Sample *s)
{
    s->stm = (uint8_t)p->stm;
    s->men = 0;
    for (int c = 0; c < COLOR_NB; c++)
        for (int i = 0; i < p->men_count[c]; i++) {
            int cell = p->men[c][i];
            s->cell[s->men] = (uint8_t)cell;
            s->piece[s->men++] = p->board[cell];
        }
}

static void sample_load(Position *p, const Variant *v, const Sample *s)
{
    pos_clear(p, v);
    for (int i = 0; i < s->men; i++)
        pos_put(p, s->piece[i], s->cell[i]);
    p->stm = (Color)s->stm;
}

/* ---- quiet positions ---- */

static int victim_value(const Position *p, const EvalTables *t, Move m)
{
    Piece victim = p->board[move_to(m)];
    if (move_kind(m) == MK_EN_PASSANT || move_kind(m) == MK_SCORNFUL || !victim)
        return t->value[PAWN];
    return t->value[piece_type(victim)];
}

/* Captures-only alpha-beta from the side to move's view; *budget counts nodes down. */
static int quiesce(Position *p, const EvalTables *t, int alpha, int beta, long *budget)
{
    int best = evaluate(p, t, NULL);
    if (--*budget < 0 || best >= beta)
        return best;
    if (best > alpha)
        alpha = best;
    MoveList ml;
    gen_legal_noisy(p, &ml);
    int order[MAX_MOVES];
    for (int i = 0; i < ml.count; i++) {
        Move m = ml.moves[i];
        int promo = move_promo(m) != NO_TYPE ? t->value[move_promo(m)] : 0;
        order[i] = (victim_value(p, t, m) + promo) * 64 - t->value[piece_type(p->board[move_from(m)])] / 16;
    }
    for (int i = 0; i < ml.count; i++) {
        int top = i;
        for (int j = i + 1; j < ml.count; j++)
            if (order[j] > order[top])
                top = j;
        Move m = ml.moves[top];
        ml.moves[top] = ml.moves[i];
        order[top] = order[i];
        pos_make(p, m);
        int score = -quiesce(p, t, -beta, -alpha, budget);
        pos_unmake(p);
        if (score > best) {
            best = score;
            if (score > alpha)
                alpha = score;
            if (score >= beta)
                break;
        }
    }
    return best;
}

/* No sequence of captures (or promotion) gains over the static evaluation: quiescence search
 * with a null window at the stand-pat score stays there. */
static bool is_quiet(Position *p, const EvalTables *t)
{
    int stand = evaluate(p, t, NULL);
    long budget = QUIET_NODE_BUDGET;
    int q = quiesce(p, t, stand, stand + 1, &budget);
    return budget >= 0 && q <= stand;
}

/* ---- reading games ---- */

static void add_sample(VariantSet *s, const Position *p, double result, bool held_out)
{
    if (!keyset_add(&s->seen, p->key)) {
        s->duplicates++;
        return;
    }
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        Sample *samples = realloc(s->samples, cap * sizeof *samples);
        double *results = samples ? realloc(s->results, cap * sizeof *results) : NULL;
        if (results)
            s->results = results;
        if (samples)
            s->samples = samples;
        if (!samples || !results) {
            fprintf(stderr, "tune: out of memory\n");
            exit(1);
        }
        s->cap = cap;
    }
    sample_store(p, &s->samples[s->n]);
    s->samples[s->n].held_out = held_out;
    s->results[s->n++] = result;
}

static void add_game(Tuner *tu, Game *g, const char *where)
{
    Position *p = tu->pos;
    const Options *o = &tu->opt;
    if (o->variant && strcmp(o->variant, g->variant->desc->name))
        return;
    PlayReport rep;
    game_play(g, p, NULL, &rep);
    char err[256];
    if (rep.error.failed || !game_start_position(g, p, err, sizeof err)) {
        fprintf(stderr, "tune: %s: skipped (%s)\n", where, rep.error.failed ? rep.error.reason : err);
        tu->games_unreadable++;
        return;
    }
    if (rep.verdict.outcome == OUTCOME_NONE) {
        tu->games_unfinished++;
        return;
    }
    /* A game lost on time or by a failing engine says nothing about its positions. */
    EndReason why = rep.verdict.reason;
    if (!o->all_results && why != END_CHECKMATE && why != END_STALEMATE && why != END_REPETITION &&
        why != END_MOVE_RULE && why != END_INSUFFICIENT) {
        tu->games_not_by_board++;
        return;
    }
    VariantSet *set = set_for(tu, g->variant);
    if (!set)
        return;
    set->games++;
    tu->games_read++;
    bool held_out = splitmix64(&tu->rng) % 100 < (uint64_t)o->holdout_pct;
    set->held_games += held_out;
    double result = outcome_white_permille(g->variant, rep.verdict.outcome) / 1000.0;
    /* Each ply past the opening gets a random rank; the quiet ones of lowest rank are kept, so
     * the sample spreads over the whole game without favouring its start. */
    int plies = rep.plies;
    int *rank = malloc(sizeof *rank * (size_t)(plies + 1));
    int *kept = malloc(sizeof *kept * (size_t)(plies + 1));
    if (!rank || !kept) {
        fprintf(stderr, "tune: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < plies; i++)
        rank[i] = i;
    for (int i = plies - 1; i > 0; i--) {
        int j = (int)(splitmix64(&tu->rng) % (uint64_t)(i + 1));
        int x = rank[i];
        rank[i] = rank[j];
        rank[j] = x;
    }
    int kept_nb = 0;
    for (int i = 0; i < plies; i++) {
        bool candidate = i >= o->skip_plies && (o->per_game == 0 || rank[i] < 4 * o->per_game);
        if (candidate && !pos_in_check(p) && count_legal(p) > 0 && is_quiet(p, &set->tables))
            kept[kept_nb++] = i;
        pos_make(p, g->main.nodes[i].move);
    }
    /* Keep the per_game lowest-ranked quiet plies, then replay once more to store them. */
    for (int i = 1; i < kept_nb; i++)
        for (int j = i; j > 0 && rank[kept[j]] < rank[kept[j - 1]]; j--) {
            int x = kept[j];
            kept[j] = kept[j - 1];
            kept[j - 1] = x;
        }
    if (o->per_game > 0 && kept_nb > o->per_game)
        kept_nb = o->per_game;
    bool *take = calloc((size_t)plies + 1, sizeof *take);
    if (!take) {
        fprintf(stderr, "tune: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < kept_nb; i++)
        take[kept[i]] = true;
    game_start_position(g, p, err, sizeof err);
    for (int i = 0; i < plies; i++) {
        if (take[i])
            add_sample(set, p, result, held_out);
        pos_make(p, g->main.nodes[i].move);
    }
    free(take);
    free(rank);
    free(kept);
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 65536 + 1 > cap) {
            cap = 2 * cap + 65536 + 1;
            char *t = realloc(text, cap);
            if (!t) {
                free(text);
                fclose(f);
                return NULL;
            }
            text = t;
        }
        size_t got = fread(text + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    text[n] = 0;
    *size = n;
    return text;
}

static bool read_games(Tuner *tu, const char *path)
{
    size_t size;
    char *text = read_file(path, &size);
    if (!text) {
        fprintf(stderr, "tune: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    RecordReader r;
    record_reader_init(&r, path, text, size, variant_find("cescacs"));
    Game g;
    int number = 1;
    for (; record_read_game(&r, &g); number++) {
        char where[1100];
        snprintf(where, sizeof where, "%s game %d", path, number);
        add_game(tu, &g, where);
        game_free(&g);
    }
    free(text);
    /* A directory reads as no text at all: say so rather than tune on nothing. */
    if (number == 1)
        fprintf(stderr, "tune: %s holds no game (an empty file or a directory)\n", path);
    return number > 1;
}

/* ---- fitting ---- */

static void score_samples(Fit *f, size_t from, size_t to)
{
    VariantSet *s = f->set;
    Position *p = f->tu->pos;
    for (size_t i = from; i < to; i++) {
        sample_load(p, s->v, &s->samples[i]);
        int e = evaluate(p, &s->tables, NULL);
        s->scores[i] = p->stm == WHITE ? e : -e;
    }
}

static double fit_error(const int *w, void *ctx)
{
    Fit *f = ctx;
    VariantSet *s = f->set;
    memcpy(s->tables.w, w, sizeof s->tables.w);
    eval_rebuild(&s->tables);
    score_samples(f, f->from, f->to);
    double penalty = 0;
    int active = 0;
    for (int i = 0; f->reg > 0 && i < EVAL_PARAM_NB; i++)
        if (f->active[i]) {
            /* Relative to the prior, but a small weight may still move by 10 at the price of 1. */
            double scale = abs(f->prior[i]) > 10 ? abs(f->prior[i]) : 10;
            double change = (w[i] - f->prior[i]) / scale;
            penalty += change * change;
            active++;
        }
    double mse = texel_error(s->scores + f->from, s->results + f->from, f->to - f->from, s->k);
    return mse + (active ? f->reg * penalty / active : 0);
}

static void report_pass(int pass, int step, double error, void *ctx)
{
    (void)ctx;
    fprintf(stderr, "  pass %d step %d error %.6f\n", pass, step, error);
}

/* "PawnNearPromotion" -> "PAWN_NEAR_PROMOTION"; "ValueQueen" -> "VALUE_FIRST + QUEEN". */
static void enum_name(int param, char *out, size_t size)
{
    const char *name = eval_param_name(param);
    size_t n = 0;
    if (param >= EP_VALUE_FIRST) {
        n = (size_t)snprintf(out, size, "VALUE_FIRST + ");
        name += strlen("Value");
    }
    for (size_t i = 0; name[i] && n + 2 < size; i++) {
        if (i > 0 && name[i] >= 'A' && name[i] <= 'Z' && param < EP_VALUE_FIRST)
            out[n++] = '_';
        out[n++] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
    }
    out[n] = 0;
}

/* Is the weight's name in the comma-separated list? */
static bool name_listed(const char *list, int param)
{
    const char *name = eval_param_name(param);
    size_t len = strlen(name);
    for (const char *s = list; *s; s += strcspn(s, ",") + (s[strcspn(s, ",")] == ',')) {
        if (strcspn(s, ",") == len && !strncmp(s, name, len))
            return true;
    }
    return false;
}

/* Weights that mean something in this variant: no king value, no piece the variant lacks. */
static bool param_used(const Variant *v, int param)
{
    if (param < EP_VALUE_FIRST)
        return true;
    int type = param - EP_VALUE_FIRST;
    return type != NO_TYPE && type != KING && v->desc->pieces[type].letter;
}

static void tune_variant(Tuner *tu, VariantSet *s)
{
    const Options *o = &tu->opt;
    const char *name = s->v->desc->name;
    if (s->n < 10) {
        fprintf(stderr, "tune: %s: only %zu positions, nothing fitted\n", name, s->n);
        return;
    }
    /* Step 1. The positions of fitted games first, those of held-out games after them. */
    size_t fitted = 0;
    for (size_t i = 0; i < s->n; i++)
        if (!s->samples[i].held_out) {
            Sample x = s->samples[i];
            s->samples[i] = s->samples[fitted];
            s->samples[fitted] = x;
            double r = s->results[i];
            s->results[i] = s->results[fitted];
            s->results[fitted++] = r;
        }
    size_t held = s->n - fitted;
    s->scores = malloc(sizeof *s->scores * s->n);
    if (!s->scores) {
        fprintf(stderr, "tune: out of memory\n");
        exit(1);
    }
    int before[EVAL_PARAM_NB], w[EVAL_PARAM_NB];
    memcpy(before, s->tables.w, sizeof before);
    memcpy(w, before, sizeof w);
    bool active[EVAL_PARAM_NB];
    for (int i = 0; i < EVAL_PARAM_NB; i++)
        active[i] = param_used(s->v, i) && (!o->only || name_listed(o->only, i)) && !(o->fix && name_listed(o->fix, i));
    Fit train = {tu, s, 0, fitted, 0.0, before, active}, test = {tu, s, fitted, s->n, 0.0, before, active};

    /* Step 2. K: the scale that makes the default evaluation predict the results best. */
    score_samples(&train, 0, fitted);
    s->k = texel_fit_k(s->scores, s->results, fitted);
    double train_before = fit_error(w, &train), test_before = held ? fit_error(w, &test) : 0.0;
    double draws = 0, white = 0;
    for (size_t i = 0; i < s->n; i++) {
        draws += s->results[i] == 0.5;
        white += s->results[i];
    }
    fprintf(stderr,
            "%s: %d games (%d held out), %zu positions (%zu fitted, %zu held out; %d repeated positions dropped), "
            "White scores %.3f, %.0f%% from drawn games\n",
            name, s->games, s->held_games, s->n, fitted, held, s->duplicates, white / (double)s->n,
            100.0 * draws / (double)s->n);
    fprintf(stderr, "%s: K = %.4f, error %.6f (held out %.6f)\n", name, s->k, train_before, test_before);

    /* Step 3. Coordinate descent over every weight the variant uses (the pull towards the prior
     * only here: the errors reported are the plain ones). */
    int lo[EVAL_PARAM_NB], hi[EVAL_PARAM_NB];
    for (int i = 0; i < EVAL_PARAM_NB; i++) {
        /* Piece values stay positive: move ordering and exchange evaluation rely on it. */
        lo[i] = i >= EP_VALUE_FIRST ? 10 : -1000;
        hi[i] = 10000;
    }
    TexelDescent d = {EVAL_PARAM_NB, active, lo, hi, o->step, o->passes, report_pass};
    clock_t t0 = clock();
    Fit pulled = train;
    pulled.reg = o->reg;
    texel_descend(&d, w, fit_error, &pulled);
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    double train_after = fit_error(w, &train);
    double test_after = held ? fit_error(w, &test) : 0.0;
    fprintf(stderr, "%s: error %.6f -> %.6f, held out %.6f -> %.6f (%.1f s)\n", name, train_before, train_after,
            test_before, test_after, seconds);

    /* Step 4. The weights as a C initialiser (eval.h's names). */
    printf("/* %s: %d games (%d held out), %zu positions (%zu fitted, %zu held out), K = %.4f, reg %g,\n"
           " * error %.6f -> %.6f, held out %.6f -> %.6f */\n",
           name, s->games, s->held_games, s->n, fitted, held, s->k, o->reg, train_before, train_after, test_before,
           test_after);
    printf("static const int tuned_weights_%s[EVAL_PARAM_NB] = {\n", name);
    for (int i = 0; i < EVAL_PARAM_NB; i++) {
        if (!param_used(s->v, i))
            continue;
        char id[64], line[128];
        enum_name(i, id, sizeof id);
        snprintf(line, sizeof line, "    [EP_%s] = %d,", id, w[i]);
        if (w[i] != before[i])
            printf("%-44s /* was %d */\n", line, before[i]);
        else
            printf("%s\n", line);
    }
    printf("};\n\n");
    fflush(stdout);
}

/* One line a sample: variant, position text (men and side to move only), White's share. */
static bool dump_samples(Tuner *tu, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tune: cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    for (int k = 0; k < tu->set_nb; k++) {
        const VariantSet *s = &tu->sets[k];
        for (size_t i = 0; i < s->n; i++) {
            char text[POSITION_TEXT_MAX];
            sample_load(tu->pos, s->v, &s->samples[i]);
            pos_to_text(tu->pos, text, sizeof text);
            fprintf(f, "%s %s %.3f%s\n", s->v->desc->name, text, s->results[i],
                    s->samples[i].held_out ? " held-out" : "");
        }
    }
    return fclose(f) == 0;
}

static void usage(FILE *f)
{
    fprintf(f, "Usage: tune [OPTIONS] FILE...\n\n"
               "Fits the evaluation weights to the results of the games in FILE (CTL-PGN or PGN as written by\n"
               "hexchess match), each variant on its own, and prints them as C initialisers.\n\n"
               "Options:\n"
               "  --variant V      tune only this variant (cescacs or glinski)\n"
               "  --skip-plies N   ignore the first N plies of each game (default 10)\n"
               "  --per-game N     at most N quiet positions a game (default 20; 0 = all)\n"
               "  --holdout PCT    games kept out of the fit to check it (default 10)\n"
               "  --seed N         sampling and hold-out seed (default 1)\n"
               "  --step N         first coordinate-descent step (default 16, halved down to 1)\n"
               "  --passes N       at most N passes (default 0: until nothing improves)\n"
               "  --only NAMES     fit only these weights (comma-separated, e.g. Mobility,ValuePawn)\n"
               "  --fix NAMES      keep these weights as they are\n"
               "  --all-results    also games the board did not end: resignations, agreed or adjudicated\n"
               "                   draws, time forfeits (by default only mates, stalemates and\n"
               "                   automatic draws count)\n"
               "  --dump FILE      write the sampled positions to FILE (variant, position, White's share)\n"
               "  --reg X          add X times the mean squared relative change of the weights to the\n"
               "                   error (a pull towards the defaults for small samples; default 0)\n\n"
               "Weights: ");
    for (int i = 0; i < EVAL_PARAM_NB; i++)
        if (i != EP_VALUE_FIRST + NO_TYPE && i != EP_VALUE_FIRST + KING)
            fprintf(f, "%s%s", eval_param_name(i), i + 1 < EVAL_PARAM_NB ? " " : "\n");
}

/* Every name in the comma-separated list is a weight's. */
static bool names_known(const char *list)
{
    for (const char *s = list; *s; s += strcspn(s, ",") + (s[strcspn(s, ",")] == ',')) {
        int i = 0;
        while (i < EVAL_PARAM_NB && !(strcspn(s, ",") == strlen(eval_param_name(i)) &&
                                      !strncmp(s, eval_param_name(i), strlen(eval_param_name(i)))))
            i++;
        if (i == EVAL_PARAM_NB) {
            fprintf(stderr, "tune: no weight is called '%.*s'\n", (int)strcspn(s, ","), s);
            return false;
        }
    }
    return true;
}

static bool reg_arg(const char *s, double *out)
{
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end || !(x >= 0 && x <= 1e6))
        return false;
    *out = x;
    return true;
}

static bool number_arg(const char *flag, const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = s ? strtol(s, &end, 10) : 0;
    if (!s || end == s || *end || errno || n < lo || n > hi) {
        fprintf(stderr, "tune: %s takes a number from %ld to %ld\n", flag, lo, hi);
        return false;
    }
    *out = n;
    return true;
}

int main(int argc, char **argv)
{
    Tuner *tu = calloc(1, sizeof *tu);
    if (!tu || !(tu->pos = malloc(sizeof *tu->pos))) {
        fprintf(stderr, "tune: out of memory\n");
        return 1;
    }
    tu->opt = (Options){.skip_plies = 10, .per_game = 20, .holdout_pct = 10, .step = 16, .seed = 1};
    long seed = 1;
    const struct {
        const char *flag;
        long lo, hi;
        int *i;
        long *l;
    } numbers[] = {
        {"--skip-plies", 0, MAX_GAME_PLY, &tu->opt.skip_plies, NULL},
        {"--per-game", 0, MAX_GAME_PLY, &tu->opt.per_game, NULL},
        {"--holdout", 0, 90, &tu->opt.holdout_pct, NULL},
        {"--step", 1, 1024, &tu->opt.step, NULL},
        {"--passes", 0, 100000, &tu->opt.passes, NULL},
        {"--seed", 0, 2147483647L, NULL, &seed},
    };
    int files = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (a[0] != '-' || !a[1]) {
            argv[++files] = argv[i];
            continue;
        }
        if (!strcmp(a, "--all-results")) {
            tu->opt.all_results = true;
            continue;
        }
        const char *value = i + 1 < argc ? argv[++i] : NULL;
        size_t k = 0;
        while (k < sizeof numbers / sizeof numbers[0] && strcmp(numbers[k].flag, a))
            k++;
        if (k < sizeof numbers / sizeof numbers[0]) {
            long n;
            if (!number_arg(a, value, numbers[k].lo, numbers[k].hi, &n))
                return 2;
            if (numbers[k].i)
                *numbers[k].i = (int)n;
            else
                *numbers[k].l = n;
        } else if (!strcmp(a, "--variant") && value && variant_find(value)) {
            tu->opt.variant = value;
        } else if (!strcmp(a, "--reg") && value && reg_arg(value, &tu->opt.reg)) {
        } else if (!strcmp(a, "--dump") && value) {
            tu->opt.dump = value;
        } else if (!strcmp(a, "--only") && value && names_known(value)) {
            tu->opt.only = value;
        } else if (!strcmp(a, "--fix") && value && names_known(value)) {
            tu->opt.fix = value;
        } else {
            fprintf(stderr, "tune: unknown option or value '%s%s%s'\n", a, value ? " " : "", value ? value : "");
            usage(stderr);
            return 2;
        }
    }
    tu->opt.seed = (uint64_t)seed;
    if (files == 0) {
        usage(stderr);
        return 2;
    }
    tu->rng = tu->opt.seed;
    int rc = 0;
    for (int i = 1; i <= files && rc == 0; i++)
        rc = read_games(tu, argv[i]) ? 0 : 1;
    if (rc == 0)
        fprintf(stderr, "tune: %d games read (skipped: %d unfinished, %d not ended by the board, %d unreadable)\n",
                tu->games_read, tu->games_unfinished, tu->games_not_by_board, tu->games_unreadable);
    if (rc == 0 && tu->opt.dump && !dump_samples(tu, tu->opt.dump))
        rc = 1;
    for (int i = 0; rc == 0 && i < tu->set_nb; i++)
        tune_variant(tu, &tu->sets[i]);
    for (int i = 0; i < tu->set_nb; i++) {
        free(tu->sets[i].samples);
        free(tu->sets[i].results);
        free(tu->sets[i].scores);
        free(tu->sets[i].seen.slot);
    }
    free(tu->pos);
    free(tu);
    return rc;
}
