/*
 * The engine worker replaced for the API fuzz target: engine games are created and stored, but no
 * thread starts and no search runs, so every input is quick and repeatable.
 */
#include <stdlib.h>

#include "../src/server/worker.h"

struct Worker {
    ServerGame *game;
};

struct EnginePool {
    int unused;
};

EnginePool *pool_new(int threads, int hash_mb, int max_think_ms, const char *tablebases, char *err, int err_size)
{
    (void)threads, (void)hash_mb, (void)max_think_ms, (void)tablebases, (void)err, (void)err_size;
    return calloc(1, sizeof(EnginePool));
}

void pool_free(EnginePool *p)
{
    free(p);
}

Worker *worker_new(EnginePool *p, ServerGame *g)
{
    (void)p;
    Worker *w = malloc(sizeof *w);
    if (w)
        w->game = g;
    return w;
}

void worker_free(Worker *w)
{
    free(w);
}
void worker_wake(ServerGame *g)
{
    (void)g;
}
void worker_stop_search(ServerGame *g)
{
    (void)g;
}
bool worker_busy(const ServerGame *g)
{
    (void)g;
    return false;
}
bool worker_waiting(const ServerGame *g)
{
    (void)g;
    return false;
}
int worker_analyses(const ServerGame *g, const char *client)
{
    (void)g, (void)client;
    return 0;
}
