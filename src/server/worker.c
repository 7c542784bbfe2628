#include "worker.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine/search.h"
#include "../core/rules/movegen.h"
#include "../core/tables/tbprobe.h"
#include "../core/util/quote.h"

/* The engine accepts a draw when it sees itself this far behind (centipawns). */
enum { DRAW_ACCEPT_BELOW = -150, DRAW_THINK_MS = 300 };
/* On a clock, the engine is told this much less than it has: the time from its search's end to its
 * move on the board (locks, a busy machine), beyond the engine's own Move Overhead. */
enum { CLOCK_MARGIN_MS = 100 };

typedef enum { JOB_NONE, JOB_MOVE, JOB_DRAW, JOB_ANALYSE } Job;

struct Worker {
    EnginePool *pool;
    ServerGame *g;
    /* under the pool's lock */
    Worker *next; /* in the queue */
    Worker *next_all; /* in the pool's list of every worker */
    bool queued;
    bool urgent;    /* its due job is an engine move on a clock: it queues before the rest */
    bool analysing; /* its due job is an analysis, asked for by analyst */
    Analyst analyst;
    bool running; /* a pool thread has taken the game */
    bool pending; /* woken while running: queue it again after */
    /* written under both locks, so either one suffices to read it */
    bool gone; /* the game is being destroyed: serve and apply nothing more */
    /* under the game's lock */
    bool searching;
    Engine *engine; /* the engine of the running search */
};

typedef struct {
    EnginePool *pool;
    pthread_t thread;
    Engine *engine;
    Position *root;    /* what the engine searches */
    Position *scratch; /* for writing the principal variation */
    int64_t last_game; /* the game whose positions fill the hash table */
    /* the job being run */
    Worker *w;
    Job job;
    unsigned serial;   /* of the analysis being run */
    int last_score;    /* side to move's view */
    uint16_t tb_value; /* the tables' verdict on the analysed position (Analysis) */
    ShownMove tb_best;
} EngineThread;

struct EnginePool {
    pthread_mutex_t lock;
    pthread_cond_t work; /* a game was queued, or the pool is stopping */
    pthread_cond_t done; /* a thread let go of a game */
    Worker *head, *tail;
    Worker *urgent_tail; /* the last urgent worker: they stand first in the queue */
    Worker *all;
    bool quit;
    int max_think_ms;
    /* One set of endgame tables per built-in variant (NULL without --tablebases), shared by the
     * threads' engines and verdicts: a set reads each table once and is safe to probe from
     * several threads. */
    TbSet **tables;
    int table_count;
    EngineThread *threads;
    int count;
};

Worker *worker_new(EnginePool *p, ServerGame *g)
{
    Worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->pool = p;
    w->g = g;
    pthread_mutex_lock(&p->lock);
    w->next_all = p->all;
    p->all = w;
    pthread_mutex_unlock(&p->lock);
    return w;
}

/* With the pool locked. An engine move on a clock goes before analyses and untimed work: a player
 * waits for it, and its engine's clock starts only with its search. */
static void enqueue(EnginePool *p, Worker *w)
{
    Worker *after = w->urgent ? p->urgent_tail : p->tail;
    w->next = after ? after->next : w->urgent ? p->head : NULL;
    if (after)
        after->next = w;
    else
        p->head = w;
    if (!w->next)
        p->tail = w;
    if (w->urgent)
        p->urgent_tail = w;
    w->queued = true;
    pthread_cond_signal(&p->work);
}

/* With the pool locked. */
static void dequeue(EnginePool *p, Worker *w)
{
    Worker *prev = NULL;
    for (Worker *q = p->head; q; prev = q, q = q->next)
        if (q == w) {
            if (prev)
                prev->next = q->next;
            else
                p->head = q->next;
            if (p->tail == q)
                p->tail = prev;
            if (p->urgent_tail == q)
                p->urgent_tail = prev;
            break;
        }
    w->queued = false;
    w->next = NULL;
}

static Job due_job(const ServerGame *g)
{
    if (sgame_engine_to_move(g))
        return JOB_MOVE;
    if (g->draw_reply >= 0 && !sgame_over(g))
        return JOB_DRAW;
    if (g->analysis.requested)
        return JOB_ANALYSE;
    return JOB_NONE;
}

/* With the pool locked: what w's game has due, as the queue and the analysis cap read it. */
static void note_due(Worker *w, Job due, bool timed)
{
    w->urgent = due == JOB_MOVE && timed;
    w->analysing = due == JOB_ANALYSE;
}

int worker_analyses(const ServerGame *g, const Analyst *who)
{
    Worker *w = g->worker;
    if (!w)
        return 0;
    int n = 0;
    pthread_mutex_lock(&w->pool->lock);
    for (const Worker *o = w->pool->all; o; o = o->next_all)
        n += o != w && o->analysing &&
             (!strcmp(o->analyst.address, who->address) || (who->player[0] && !strcmp(o->analyst.player, who->player)));
    pthread_mutex_unlock(&w->pool->lock);
    return n;
}

bool worker_busy(const ServerGame *g) { return (g->worker && g->worker->searching) || due_job(g) != JOB_NONE; }

bool worker_waiting(const ServerGame *g)
{
    Worker *w = g->worker;
    if (!w)
        return false;
    pthread_mutex_lock(&w->pool->lock);
    bool queued = w->queued;
    pthread_mutex_unlock(&w->pool->lock);
    return queued;
}

void worker_stop_search(ServerGame *g)
{
    Worker *w = g->worker;
    if (w && w->searching)
        engine_stop(w->engine);
}

static void show_move(Position *p, Move m, const Letters *letters, ShownMove *out)
{
    move_to_text(p, m, out->text);
    movetext_write(p, m, STYLE_STANDARD, letters, out->display);
    out->from = (uint8_t)move_from(m);
    out->to = (uint8_t)move_to(m);
}

static TbSet *tables_of(const EnginePool *pool, const Variant *v)
{
    for (int i = 0; i < pool->table_count; i++)
        if (tbset_variant(pool->tables[i]) == v)
            return pool->tables[i];
    return NULL;
}

/* The tables' verdict on the analysed position, read before the search starts (the first probe of
 * an ending reads its table from disk). Without tables, or with more men, there is none. */
static void probe_tables(EngineThread *t)
{
    t->tb_value = TB_ILLEGAL;
    memset(&t->tb_best, 0, sizeof t->tb_best);
    TbSet *set = tables_of(t->pool, t->root->v);
    if (!set || !tb_probe(set, t->scratch, &t->tb_value))
        return;
    Move m = tb_best_move(set, t->scratch, &t->tb_value);
    if (m != MOVE_NONE) { /* none in a mate or stalemate on the board */
        Letters letters;
        letters_default(&letters, t->scratch->v);
        show_move(t->scratch, m, &letters, &t->tb_best);
    }
}

/* Reports each finished iteration of an analysis into the game. */
static void on_info(const SearchInfo *info, void *ctx)
{
    EngineThread *t = ctx;
    t->last_score = info->score;
    if (t->job != JOB_ANALYSE || info->multipv > 1)
        return;
    Analysis a = {0};
    Position *p = t->scratch;
    Color stm = t->root->stm;
    int sign = stm == WHITE ? 1 : -1;
    a.depth = info->depth;
    a.seldepth = info->seldepth;
    a.score = sign * info->score;
    a.is_mate = info->is_mate;
    a.mate_moves = sign * info->mate_moves;
    a.nodes = info->nodes;
    a.time_ms = info->time_ms;
    /* The line twice: bare, for programs, and in the game's notation, for people. */
    Letters letters;
    letters_default(&letters, p->v);
    int len = 0, display_len = 0, made = 0;
    for (int i = 0; i < info->pv_len && len < PV_TEXT_MAX - MOVE_TEXT_MAX - 2 &&
                    display_len < PV_TEXT_MAX - MOVETEXT_MAX - 2;
         i++) {
        Move m = info->pv[i];
        if (!move_is_legal(p, m))
            break;
        ShownMove shown;
        show_move(p, m, &letters, &shown);
        if (i == 0)
            a.best = shown;
        len += snprintf(a.pv + len, (size_t)(PV_TEXT_MAX - len), i ? " %s" : "%s", shown.text);
        display_len +=
            snprintf(a.pv_display + display_len, (size_t)(PV_TEXT_MAX - display_len), i ? " %s" : "%s", shown.display);
        pos_make(p, m);
        made++;
    }
    while (made--)
        pos_unmake(p);
    a.tb_value = t->tb_value;
    a.tb_best = t->tb_best;
    ServerGame *g = t->w->g;
    pthread_mutex_lock(&g->lock);
    if (g->analysis.serial == t->serial && g->analysis.requested) {
        a.serial = g->analysis.serial;
        a.requested = a.running = true;
        a.ply = g->analysis.ply;
        a.movetime_ms = g->analysis.movetime_ms;
        g->analysis = a;
        sgame_notify(g, GAME_EVENT_ANALYSIS, NULL, -1);
    }
    pthread_mutex_unlock(&g->lock);
}

static bool set_option(Engine *e, const char *name, int value)
{
    char text[16], err[128];
    snprintf(text, sizeof text, "%d", value);
    if (engine_set_option(e, name, text, err, sizeof err))
        return true;
    fprintf(stderr, "hexchess serve: engine option %s: %s\n", name, err);
    return false;
}

/* A move on the clock: the engine's time manager plans it from both clocks as they stand now (its
 * own started with this search: time spent waiting for a free engine is not its), never thinking on
 * the opponent's time. The clock it sees
 * is capped so that no search runs past the server's think-time cap (the plan's hard limit is at
 * most 2/5 of the clock). */
static void clock_limits(const EngineThread *t, const ServerGame *g, SearchLimits *limits)
{
    int64_t now = clock_now(), cap = (int64_t)t->pool->max_think_ms * 5 / 2;
    for (int c = WHITE; c <= BLACK; c++) {
        int64_t left = clock_left(&g->clock, (Color)c, now) - CLOCK_MARGIN_MS;
        limits->time_ms[c] = (int)(left < 1 ? 1 : left > cap ? cap : left);
        limits->inc_ms[c] = g->clock.inc_ms;
    }
}

/* Runs the job due for w's game, if any; returns the job due after it. */
static Job serve_game(EngineThread *t, Worker *w)
{
    ServerGame *g = w->g;
    pthread_mutex_lock(&g->lock);
    Job job = w->gone ? JOB_NONE : due_job(g);
    if (job == JOB_NONE) {
        pthread_mutex_unlock(&g->lock);
        return JOB_NONE;
    }
    if (t->last_game != g->rec.id) {
        /* Another game's entries would only crowd this one's out of the table. */
        engine_new_game(t->engine);
        t->last_game = g->rec.id;
    }
    uint64_t version = g->rec.version;
    int offerer = g->draw_reply;
    sgame_position_at(g, job == JOB_ANALYSE ? g->analysis.ply : g->ply_count, t->root);
    memcpy(t->scratch, t->root, sizeof *t->scratch);
    SearchLimits limits;
    search_limits_init(&limits);
    if (job == JOB_MOVE && clock_timed(&g->clock)) {
        sgame_engine_clock_start(g);
        clock_limits(t, g, &limits);
    }
    int level = job == JOB_MOVE ? g->rec.level : 20;
    int ms = job == JOB_MOVE ? g->rec.movetime_ms : job == JOB_DRAW ? DRAW_THINK_MS : g->analysis.movetime_ms;
    if (ms > t->pool->max_think_ms)
        ms = t->pool->max_think_ms;
    /* 0 would mean no limit at all: a movetime read from an edited database must still end. */
    if (ms < 1)
        ms = 1;
    t->w = w;
    t->job = job;
    t->serial = g->analysis.serial;
    w->engine = t->engine;
    w->searching = true;
    /* A stop requested from now on (under the lock) must reach this search. */
    engine_arm(t->engine);
    g->thinking = job == JOB_MOVE;
    if (job == JOB_ANALYSE)
        g->analysis.running = true;
    pthread_mutex_unlock(&g->lock);

    if (job == JOB_ANALYSE)
        probe_tables(t);
    engine_share_tablebases(t->engine, tables_of(t->pool, t->root->v));
    set_option(t->engine, "Skill Level", level);
    if (limits.time_ms[WHITE] < 0)
        limits.movetime_ms = ms;
    t->last_score = 0;
    Move best = engine_search(t->engine, t->root, &limits, on_info, t);

    pthread_mutex_lock(&g->lock);
    w->searching = false;
    w->engine = NULL;
    if (job == JOB_MOVE) {
        g->thinking = false;
        if (!w->gone && best == MOVE_NONE && version == g->rec.version && sgame_engine_to_move(g)) {
            /* A search stopped before its first iteration: never leave the game stuck. */
            MoveList ml;
            gen_legal(g->pos, &ml);
            best = ml.count ? ml.moves[0] : MOVE_NONE;
        }
        if (!w->gone)
            sgame_engine_move(g, best, version);
    } else if (job == JOB_DRAW) {
        /* The search scores the side to move, which may be the offerer: the engine weighs the offer
         * from its own side. */
        int engine_score = t->root->stm == (Color)offerer ? -t->last_score : t->last_score;
        if (!w->gone)
            sgame_engine_draw_reply(g, engine_score <= DRAW_ACCEPT_BELOW, version);
    } else if (g->analysis.serial == t->serial) {
        g->analysis.running = false;
        g->analysis.requested = false;
        sgame_notify(g, GAME_EVENT_ANALYSIS, NULL, -1);
    }
    Job next = w->gone ? JOB_NONE : due_job(g);
    pthread_mutex_unlock(&g->lock);
    return next;
}

static void *engine_thread_main(void *arg)
{
    EngineThread *t = arg;
    EnginePool *p = t->pool;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && !p->head)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->quit)
            break;
        Worker *w = p->head;
        dequeue(p, w);
        w->running = true;
        w->pending = false;
        pthread_mutex_unlock(&p->lock);
        Job next = serve_game(t, w);
        pthread_mutex_lock(&p->lock);
        w->running = false;
        note_due(w, next, clock_timed(&w->g->clock));
        /* To the back of the queue (of its kind): a game of engine against engine must not starve
         * the others. */
        if (!w->gone && (next != JOB_NONE || w->pending))
            enqueue(p, w);
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

void worker_wake(ServerGame *g)
{
    Worker *w = g->worker;
    if (!w)
        return;
    Job job = due_job(g);
    bool due = job != JOB_NONE;
    EnginePool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    w->analyst = g->analyst;
    bool was_urgent = w->urgent;
    note_due(w, job, clock_timed(&g->clock));
    /* A game whose due job became a timed move moves up to its place. */
    if (w->queued && w->urgent != was_urgent)
        dequeue(p, w);
    if (w->running)
        w->pending = due;
    else if (due && !w->queued)
        enqueue(p, w);
    else if (!due && w->queued)
        dequeue(p, w);
    pthread_mutex_unlock(&p->lock);
}

void worker_free(Worker *w)
{
    if (!w)
        return;
    ServerGame *g = w->g;
    EnginePool *p = w->pool;
    pthread_mutex_lock(&g->lock);
    pthread_mutex_lock(&p->lock);
    w->gone = true;
    if (w->queued)
        dequeue(p, w);
    for (Worker **o = &p->all; *o; o = &(*o)->next_all)
        if (*o == w) {
            *o = w->next_all;
            break;
        }
    pthread_mutex_unlock(&p->lock);
    if (w->searching)
        engine_stop(w->engine);
    pthread_mutex_unlock(&g->lock);
    pthread_mutex_lock(&p->lock);
    while (w->running)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
    free(w);
}

/* A set per built-in variant reading from dir; false with a message when dir is no directory. */
static bool open_tables(EnginePool *p, const char *dir, char *err, int err_size)
{
    char q[QUOTE_BUF_SIZE];
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, (size_t)err_size, "--tablebases %s: %s", quote(q, dir), strerror(errno));
        return false;
    }
    closedir(d);
    char why[512];
    if (!tb_dir_check(dir, why, (int)sizeof why))
        fprintf(stderr, "hexchess serve: warning: --tablebases: %s\n", why);
    int n = 0;
    while (variant_names[n])
        n++;
    p->tables = calloc((size_t)n, sizeof *p->tables);
    for (; p->tables && p->table_count < n; p->table_count++)
        if (!(p->tables[p->table_count] = tbset_new(variant_find(variant_names[p->table_count]), dir)))
            break;
    if (p->table_count < n) {
        snprintf(err, (size_t)err_size, "out of memory");
        return false;
    }
    return true;
}

EnginePool *pool_new(int threads, int hash_mb, int max_think_ms, const char *tablebases, char *err, int err_size)
{
    EnginePool *p = calloc(1, sizeof *p);
    if (!p || !(p->threads = calloc((size_t)threads, sizeof *p->threads))) {
        free(p);
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    p->max_think_ms = max_think_ms;
    if (tablebases && !open_tables(p, tablebases, err, err_size)) {
        pool_free(p);
        return NULL;
    }
    for (; p->count < threads; p->count++) {
        EngineThread *t = &p->threads[p->count];
        t->pool = p;
        t->engine = engine_new_hash(hash_mb);
        t->root = malloc(sizeof *t->root);
        t->scratch = malloc(sizeof *t->scratch);
        if (!t->engine || !t->root || !t->scratch) {
            snprintf(err, (size_t)err_size, "cannot allocate engine %d of %d (%d MB of hash each)", p->count + 1,
                     threads, hash_mb);
            break;
        }
        if (pthread_create(&t->thread, NULL, engine_thread_main, t)) {
            snprintf(err, (size_t)err_size, "cannot start engine thread %d of %d", p->count + 1, threads);
            break;
        }
    }
    if (p->count < threads) {
        EngineThread *t = &p->threads[p->count];
        engine_free(t->engine);
        free(t->root);
        free(t->scratch);
        pool_free(p);
        return NULL;
    }
    return p;
}

void pool_free(EnginePool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->quit = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->count; i++) {
        EngineThread *t = &p->threads[i];
        pthread_join(t->thread, NULL);
        engine_free(t->engine);
        free(t->root);
        free(t->scratch);
    }
    for (int i = 0; i < p->table_count; i++)
        tbset_free(p->tables[i]);
    free(p->tables);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    free(p->threads);
    free(p);
}
