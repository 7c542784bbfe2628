/* The engine's life (creation, new game, stop) and its options, each declared once with what
 * happens when it changes. Its API is part of search.h, the engine's one public header. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tables/tbgen.h"
#include "../util/quote.h"
#include "thread.h"

enum { MAX_THREADS = 64, MAX_HASH_MB = 65536, DEFAULT_HASH_MB = 16 };
/* Late-move reductions grow with log(depth) * log(move number) / this: two plies for the eighth
 * move at depth 8; a larger divisor reduces less. */
#define LMR_DIVISOR 2.2

/* The table says where each option's value lives; these say what else a change does. */
static bool resize_hash(Engine *e, char *err, int err_size)
{
    if (tt_resize(&e->tt, (size_t)e->hash_mb))
        return true;
    snprintf(err, (size_t)err_size, "cannot allocate %d MB for the hash table", e->hash_mb);
    return false;
}

static bool resize_threads(Engine *e, char *err, int err_size)
{
    if (threads_resize(e, e->threads))
        return true;
    snprintf(err, (size_t)err_size, "cannot allocate %d search threads", e->threads);
    return false;
}

static bool clear_hash(Engine *e, char *err, int err_size)
{
    (void)err, (void)err_size;
    engine_new_game(e);
    return true;
}

#define FIELD(name) offsetof(Engine, name)
#define NO_FIELD SIZE_MAX

const EngineOption engine_options[] = {
    {"Hash", OPT_SPIN, DEFAULT_HASH_MB, 1, MAX_HASH_MB, "transposition table size in megabytes", FIELD(hash_mb), resize_hash},
    {"Threads", OPT_SPIN, 1, 1, MAX_THREADS, "search threads (lazy SMP)", FIELD(threads), resize_threads},
    {"MultiPV", OPT_SPIN, 1, 1, MAX_MULTIPV, "best lines to report", FIELD(multipv), NULL},
    {"Skill Level", OPT_SPIN, SKILL_MAX, 0, SKILL_MAX, "playing strength, 20 = full", FIELD(skill), NULL},
    {"Move Overhead", OPT_SPIN, 30, 0, 5000, "milliseconds kept back from the clock per move for transmission", FIELD(move_overhead),
     NULL},
    {"Contempt", OPT_SPIN, 0, -200, 200, "centipawns a draw is worth less than even to the engine", FIELD(contempt),
     NULL},
    /* The table's static evaluations are the other evaluation's after a change: it is emptied. */
    {"UseNNUE", OPT_CHECK, 0, 0, 1, "evaluate with the network of EvalFile (false: the hand-written evaluation)",
     FIELD(use_nnue), clear_hash},
    {"Clear Hash", OPT_BUTTON, 0, 0, 0, "empty the transposition table", NO_FIELD, clear_hash},
    {NULL, OPT_SPIN, 0, 0, 0, NULL, NO_FIELD, NULL},
};

static int *option_field(Engine *e, const EngineOption *o)
{
    return o->field == NO_FIELD ? NULL : (int *)(void *)((char *)e + o->field);
}

void search_limits_init(SearchLimits *l)
{
    memset(l, 0, sizeof *l);
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
}

Engine *engine_new(void) { return engine_new_hash(DEFAULT_HASH_MB); }

Engine *engine_new_hash(int hash_mb)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    /* Every value at its default; the resources they size are allocated below, once. */
    for (const EngineOption *o = engine_options; o->name; o++)
        if (option_field(e, o))
            *option_field(e, o) = o->default_value;
    e->hash_mb = hash_mb;
    e->rng = 0x9E3779B97F4A7C15ull;
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            e->lmr[d][m] = (uint8_t)(0.5 + log(d) * log(m) / LMR_DIVISOR);
    if (!tt_resize(&e->tt, (size_t)e->hash_mb) || !threads_resize(e, e->threads)) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(Engine *e)
{
    if (!e)
        return;
    tt_free(&e->tt);
    tbset_free(e->own_tb);
    nnue_free(e->net);
    free(e->workers);
    free(e);
}

bool engine_set_tablebases(Engine *e, const char *dir, char *err, int err_size)
{
    if (strlen(dir) >= sizeof e->tb_dir) {
        snprintf(err, (size_t)err_size, "TablebasePath is longer than %zu bytes", sizeof e->tb_dir - 1);
        return false;
    }
    if (strcmp(dir, e->tb_dir)) { /* the same directory keeps the tables already read */
        tbset_free(e->own_tb);
        e->own_tb = e->tb = NULL;
        snprintf(e->tb_dir, sizeof e->tb_dir, "%s", dir);
    }
    return true;
}

bool engine_set_eval_file(Engine *e, const char *path, char *err, int err_size)
{
    Network *net = NULL;
    if (path[0]) {
        char why[160], q[QUOTE_BUF_SIZE];
        net = nnue_load(path, why, sizeof why);
        if (!net) {
            snprintf(err, (size_t)err_size, "EvalFile '%s': %s", quote(q, path), why);
            return false;
        }
    }
    nnue_free(e->net);
    e->net = net;
    engine_new_game(e);
    return true;
}

void engine_share_tablebases(Engine *e, TbSet *set) { e->shared_tb = set; }

/* Reads the table of ending e and of every ending its captures and promotions lead to. */
static void load_tables(TbSet *set, const TbEnding *e, int depth)
{
    char err[256];
    if (!tbset_table(set, e, err, sizeof err) || depth >= TB_MAX_MEN)
        return;
    TbEnding subs[TB_MAX_MEN * PIECE_TYPE_NB];
    int n = tb_sub_endings(e, subs, (int)(sizeof subs / sizeof subs[0]));
    for (int i = 0; i < n; i++)
        load_tables(set, &subs[i], depth + 1);
}

void engine_load_tables(Engine *e, const Position *p)
{
    tablebases_for(e, p->v);
    TbEnding ending;
    bool swapped;
    if (e->tb && tb_ending_of_position(p, &ending, &swapped))
        load_tables(e->tb, &ending, 0);
}

void tablebases_for(Engine *e, const Variant *v)
{
    if (e->shared_tb && tbset_variant(e->shared_tb) == v) {
        e->tb = e->shared_tb;
        return;
    }
    if (!e->own_tb || tbset_variant(e->own_tb) != v) {
        tbset_free(e->own_tb);
        e->own_tb = e->tb_dir[0] ? tbset_new(v, e->tb_dir) : NULL;
    }
    e->tb = e->own_tb;
}

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt);
    threads_clear_history(e);
}

uint64_t engine_last_nodes(const Engine *e) { return threads_nodes(e); }

void engine_stop(Engine *e) { atomic_store(&e->stop, true); }

void engine_arm(Engine *e)
{
    atomic_store(&e->stop, false);
    e->armed = true;
}

const char *engine_option_default_text(const EngineOption *o, char *buf, int size)
{
    if (o->type == OPT_CHECK)
        return o->default_value ? "true" : "false";
    snprintf(buf, (size_t)size, "%d", o->default_value);
    return buf;
}

bool option_name_is(const char *declared, const char *given)
{
    for (; *declared && *given; declared++, given++)
        if ((*declared | 32) != (*given | 32))
            return false;
    return !*declared && !*given;
}

bool engine_set_option(Engine *e, const char *name, const char *value, char *err, int err_size)
{
    const EngineOption *o = engine_options;
    while (o->name && !option_name_is(o->name, name))
        o++;
    if (!o->name) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, (size_t)err_size, "unknown option '%s'", quote(q, name));
        return false;
    }
    int *field = option_field(e, o);
    if (!field)
        return o->changed(e, err, err_size);
    char *end;
    long n = value ? strtol(value, &end, 10) : 0;
    if (o->type == OPT_CHECK) {
        if (!value || (strcmp(value, "true") && strcmp(value, "false"))) {
            char q[QUOTE_BUF_SIZE];
            snprintf(err, (size_t)err_size, "option '%s' takes true or false, not '%s'", o->name, quote(q, value));
            return false;
        }
        n = !strcmp(value, "true");
    } else if (!value || end == value || *end || n < o->min || n > o->max) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, (size_t)err_size, "option '%s' takes a number from %d to %d, not '%s'", o->name, o->min, o->max,
                 quote(q, value));
        return false;
    }
    int old = *field;
    *field = (int)n;
    if (o->changed && !o->changed(e, err, err_size)) {
        *field = old;
        return false;
    }
    return true;
}
