/*
 * The engine worker of one game: a thread, started on the game's first engine job, that plays the
 * engine's moves, answers draw offers and runs analyses on demand. Searches run on a copy of the
 * position, never holding the game's lock, and are capped by the server's think-time limit.
 */
#ifndef HEXCHESS_WORKER_H
#define HEXCHESS_WORKER_H

#include "games.h"

Worker *worker_new(ServerGame *g, const GameLimits *limits);
/* Stops the search and the thread; call without holding the game's lock. */
void worker_free(Worker *w);

/* With the game locked: there may be work (an engine move, a draw offer, an analysis). */
void worker_wake(ServerGame *g);
/* With the game locked: abandon the running search (its result will be ignored). */
void worker_stop_search(ServerGame *g);
/* With the game locked: is a search running or due? */
bool worker_busy(const ServerGame *g);

#endif
