/*
 * Engine work (engine moves, answers to draw offers, analyses) runs on a fixed pool of threads, each
 * with one engine whose hash table is its share of the server's engine memory. A game with work due
 * waits in a first-in, first-out queue until a thread is free, so any number of engine games costs
 * the same threads and memory; engine moves on a clock queue before all other work. Searches run on a copy of the position, never holding the game's
 * lock, and are capped by the server's think-time limit. With endgame tables (--tablebases) an
 * analysis also carries their verdict on its position, from one set of tables per variant that
 * every thread shares.
 */
#ifndef HEXCHESS_WORKER_H
#define HEXCHESS_WORKER_H

#include "games.h"

typedef struct EnginePool EnginePool;

/* Starts the threads and their engines (hash_mb each); NULL with a message. */
EnginePool *pool_new(int threads, int hash_mb, int max_think_ms, const char *tablebases, char *err, int err_size);
/* Stops the threads; every game's worker must be freed first. */
void pool_free(EnginePool *p);

/* A game's place in the pool: its queue entry and the search run for it. */
Worker *worker_new(EnginePool *p, ServerGame *g);
/* Leaves the queue, stops the game's search and waits for it; call without holding the game's lock. */
void worker_free(Worker *w);

/* With the game locked, after any change to its engine work: queue the game when work is due and it
 * is neither queued nor being served, take it off the queue when nothing is due any more. */
void worker_wake(ServerGame *g);
/* With the game locked: abandon the running search (its result will be ignored). */
void worker_stop_search(ServerGame *g);
/* With the game locked: is a search running or due? */
bool worker_busy(const ServerGame *g);
/* With the game locked: is its engine work queued, waiting for a free engine? */
bool worker_waiting(const ServerGame *g);
/* With the game locked: how many other games have an analysis waiting or running that was asked for
 * from who's address or by who's player. */
int worker_analyses(const ServerGame *g, const Analyst *who);

#endif
