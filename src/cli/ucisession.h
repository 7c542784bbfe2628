/*
 * The UCI protocol without its input and threads: one command line at a time against a session
 * (engine, position, the search asked for). The front end supplies output and decides how a search
 * runs: `hexchess uci` reads standard input and searches on a thread (uci.c); the fuzz target
 * runs every search at once, bounded.
 */
#ifndef HEXCHESS_UCISESSION_H
#define HEXCHESS_UCISESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/engine/search.h"

typedef struct UciSession UciSession;

typedef struct {
    /* One output line, without its newline; may be called from the search's thread. */
    void (*write)(void *ctx, const char *line);
    /* Runs uci_session_search now or elsewhere; false when it cannot be started. */
    bool (*start)(void *ctx, UciSession *s);
    /* Ends the running search, if any, once it has written its bestmove. */
    void (*stop)(void *ctx, UciSession *s);
    void *ctx;
} UciHooks;

/* A session in the start position of the default game; NULL when out of memory. baseline: `go`
 * is answered by the yardstick search instead of the engine. */
UciSession *uci_session_new(const UciHooks *hooks, bool baseline);
void uci_session_free(UciSession *s);
Engine *uci_session_engine(UciSession *s);
/* Every option back to its default, except with keep_resources those that size memory or threads
 * (Hash, Threads): a fresh session for a fuzzer without the cost of reallocating. */
void uci_session_reset_options(UciSession *s, bool keep_resources);

/* Carries out one command line of len bytes (no newline; changed in place). False after `quit`. */
bool uci_session_command(UciSession *s, char *line, size_t len);

/* The limits of the search the last `go` asked for: a front end may bound them before it starts. */
SearchLimits *uci_session_limits(UciSession *s);
/* Runs that search, writing its info lines and exactly one bestmove. */
void uci_session_search(UciSession *s);

#endif
