#include "worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../core/search.h"

/* The engine accepts a draw when it sees itself this far behind (centipawns). */
enum { DRAW_ACCEPT_BELOW = -150, DRAW_THINK_MS = 300 };

typedef enum { JOB_NONE, JOB_MOVE, JOB_DRAW, JOB_ANALYSE } Job;

struct Worker {
    ServerGame *g;
    GameLimits limits;
    pthread_t thread;
    bool started, quit, searching;
    Engine *engine;   /* created by the thread on its first job */
    Position *root;   /* what the engine searches */
    Position *scratch; /* for writing the principal variation */
    Job job;
    unsigned serial;  /* of the analysis being run */
    int last_score;   /* side to move's view */
};

Worker *worker_new(ServerGame *g, const GameLimits *limits)
{
    Worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->g = g;
    w->limits = *limits;
    return w;
}

static Job due_job(const ServerGame *g)
{
    if (sgame_engine_to_move(g))
        return JOB_MOVE;
    if (g->draw_reply >= 0 && !g->over)
        return JOB_DRAW;
    if (g->analysis.requested)
        return JOB_ANALYSE;
    return JOB_NONE;
}

bool worker_busy(const ServerGame *g) { return (g->worker && g->worker->searching) || due_job(g) != JOB_NONE; }

void worker_stop_search(ServerGame *g)
{
    Worker *w = g->worker;
    if (w && w->searching && w->engine)
        engine_stop(w->engine);
}

/* Reports each finished iteration of an analysis into the game. */
static void on_info(const SearchInfo *info, void *ctx)
{
    Worker *w = ctx;
    w->last_score = info->score;
    if (w->job != JOB_ANALYSE || info->multipv > 1)
        return;
    Analysis a = {0};
    Position *p = w->scratch;
    Color stm = w->root->stm;
    int sign = stm == WHITE ? 1 : -1;
    a.depth = info->depth;
    a.seldepth = info->seldepth;
    a.score = sign * info->score;
    a.is_mate = info->is_mate;
    a.mate_moves = sign * info->mate_moves;
    a.nodes = info->nodes;
    a.time_ms = info->time_ms;
    int len = 0, made = 0;
    for (int i = 0; i < info->pv_len && len < PV_TEXT_MAX - MOVE_TEXT_MAX - 2; i++) {
        Move m = info->pv[i];
        if (!move_is_legal(p, m))
            break;
        char text[MOVE_TEXT_MAX];
        move_to_text(p, m, text);
        if (i == 0) {
            snprintf(a.best, sizeof a.best, "%s", text);
            a.best_from = (uint8_t)move_from(m);
            a.best_to = (uint8_t)move_to(m);
        }
        len += snprintf(a.pv + len, (size_t)(PV_TEXT_MAX - len), i ? " %s" : "%s", text);
        pos_make(p, m);
        made++;
    }
    while (made--)
        pos_unmake(p);
    ServerGame *g = w->g;
    pthread_mutex_lock(&g->lock);
    if (g->analysis.serial == w->serial && g->analysis.requested) {
        a.serial = g->analysis.serial;
        a.requested = a.running = true;
        a.ply = g->analysis.ply;
        a.movetime_ms = g->analysis.movetime_ms;
        g->analysis = a;
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

static void *worker_main(void *arg)
{
    Worker *w = arg;
    ServerGame *g = w->g;
    w->engine = engine_new();
    if (w->engine)
        set_option(w->engine, "Hash", w->limits.hash_mb);
    pthread_mutex_lock(&g->lock);
    while (!w->quit) {
        Job job = due_job(g);
        if (job == JOB_NONE) {
            pthread_cond_wait(&g->cond, &g->lock);
            continue;
        }
        uint64_t version = g->version;
        memcpy(w->root, g->pos, sizeof *w->root);
        memcpy(w->scratch, g->pos, sizeof *w->scratch);
        int level = job == JOB_MOVE ? g->rec.level : 20;
        int ms = job == JOB_MOVE ? g->rec.movetime_ms : job == JOB_DRAW ? DRAW_THINK_MS : g->analysis.movetime_ms;
        if (ms > w->limits.max_think_ms)
            ms = w->limits.max_think_ms;
        /* 0 would mean no limit at all: a movetime read from an edited database must still end. */
        if (ms < 1)
            ms = 1;
        w->job = job;
        w->serial = g->analysis.serial;
        w->searching = true;
        /* A stop requested from now on (under the lock) must reach this search. */
        if (w->engine)
            engine_arm(w->engine);
        g->thinking = job == JOB_MOVE;
        if (job == JOB_ANALYSE)
            g->analysis.running = true;
        pthread_mutex_unlock(&g->lock);

        Move best = MOVE_NONE;
        if (w->engine) {
            set_option(w->engine, "Skill Level", level);
            SearchLimits limits;
            search_limits_init(&limits);
            limits.movetime_ms = ms;
            w->last_score = 0;
            best = engine_search(w->engine, w->root, &limits, on_info, w);
        }

        pthread_mutex_lock(&g->lock);
        w->searching = false;
        if (job == JOB_MOVE) {
            g->thinking = false;
            if (!w->engine) {
                fprintf(stderr, "hexchess serve: no memory for an engine; game %lld waits\n", (long long)g->rec.id);
                w->quit = true;
            }
            if (best == MOVE_NONE && version == g->version && sgame_engine_to_move(g)) {
                /* A search stopped before its first iteration: never leave the game stuck. */
                MoveList ml;
                gen_legal(g->pos, &ml);
                best = ml.count ? ml.moves[0] : MOVE_NONE;
            }
            sgame_engine_move(g, best, version);
        } else if (job == JOB_DRAW) {
            sgame_engine_draw_reply(g, w->last_score <= DRAW_ACCEPT_BELOW, version);
        } else if (g->analysis.serial == w->serial) {
            g->analysis.running = false;
            g->analysis.requested = false;
        }
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

void worker_wake(ServerGame *g)
{
    Worker *w = g->worker;
    if (!w || due_job(g) == JOB_NONE)
        return;
    if (!w->started) {
        if (!w->root)
            w->root = malloc(sizeof *w->root);
        if (!w->scratch)
            w->scratch = malloc(sizeof *w->scratch);
        if (!w->root || !w->scratch || pthread_create(&w->thread, NULL, worker_main, w)) {
            fprintf(stderr, "hexchess serve: cannot start an engine thread for game %lld\n", (long long)g->rec.id);
            return;
        }
        w->started = true;
    }
    pthread_cond_signal(&g->cond);
}

void worker_free(Worker *w)
{
    if (!w)
        return;
    ServerGame *g = w->g;
    if (w->started) {
        pthread_mutex_lock(&g->lock);
        w->quit = true;
        if (w->searching && w->engine)
            engine_stop(w->engine);
        pthread_cond_signal(&g->cond);
        pthread_mutex_unlock(&g->lock);
        pthread_join(w->thread, NULL);
    }
    if (w->engine)
        engine_free(w->engine);
    free(w->root);
    free(w->scratch);
    free(w);
}
