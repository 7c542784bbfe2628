/*
 * The engine worker replaced for the API fuzz target: engine games are created and stored, but no
 * thread starts and no search runs, so every input is quick and repeatable.
 */
#include <stdlib.h>

#include "../src/server/worker.h"

struct Worker {
    ServerGame *game;
};

Worker *worker_new(ServerGame *g, const GameLimits *limits)
{
    (void)limits;
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
