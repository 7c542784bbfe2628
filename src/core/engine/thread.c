#include "thread.h"

#include <stdlib.h>
#include <string.h>

#include "../util/bigalloc.h"

bool threads_resize(Engine *e, int n)
{
    /* The histories are read at random: in huge pages, like the table. */
    Worker *w = big_calloc((size_t)n * sizeof *w);
    if (!w)
        return false;
    free(e->workers);
    e->workers = w;
    e->worker_nb = n;
    for (int i = 0; i < n; i++) {
        w[i].engine = e;
        w[i].id = i;
    }
    return true;
}

uint64_t threads_nodes(const Engine *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->worker_nb; i++)
        n += atomic_load_explicit(&e->workers[i].nodes, memory_order_relaxed);
    return n;
}

void threads_clear_history(Engine *e)
{
    for (int i = 0; i < e->worker_nb; i++) {
        memset(e->workers[i].history, 0, sizeof e->workers[i].history);
        memset(e->workers[i].killers, 0, sizeof e->workers[i].killers);
        memset(e->workers[i].countermoves, 0, sizeof e->workers[i].countermoves);
        memset(e->workers[i].cont_history, 0, sizeof e->workers[i].cont_history);
        memset(e->workers[i].capture_history, 0, sizeof e->workers[i].capture_history);
    }
}

void threads_prepare(Engine *e, const Position *root, const EvalTables *eval, const Network *net)
{
    atomic_store(&e->main_depth, 0);
    for (int i = 0; i < e->worker_nb; i++) {
        Worker *w = &e->workers[i];
        memcpy(&w->pos, root, sizeof *root);
        pos_keep_sum(&w->pos, eval->pst);
        w->root_stm = root->stm;
        w->eval = eval;
        w->net = net;
        if (net)
            nnue_refresh(net, &w->nnue[0], &w->pos);
        /* A pawn structure's score is only valid for the variant that computed it. */
        if (w->pawns_variant != root->v) {
            pawn_cache_clear(&w->pawns);
            w->pawns_variant = root->v;
        }
        atomic_store(&w->nodes, 0);
        w->completed_depth = 0;
        w->cont_line[0] = w->cont_line[1] = &w->cont_history[NO_TYPE][0];
        w->pv_len[0] = 0;
    }
}

int threads_start_helpers(Engine *e, thrd_start_t fn)
{
    int started = 1;
    for (int i = 1; i < e->worker_nb; i++)
        started += thrd_create(&e->workers[i].thread, fn, &e->workers[i]) == thrd_success;
    return started;
}

void threads_join_helpers(Engine *e, int started)
{
    for (int i = 1; i < started; i++)
        thrd_join(e->workers[i].thread, NULL);
}
