/* `hexchess serve` once its options are read: the web app and the JSON API until SIGINT or SIGTERM. */
#ifndef HEXCHESS_SERVE_H
#define HEXCHESS_SERVE_H

#include "gamecache.h"
#include "http.h"

typedef struct {
    const char *listen, *db, *web, *public_url;
    const char *copy_from; /* --db-copy: the database to copy into --db, instead of serving */
    HttpListen where; /* listen, read */
    GameLimits limits;
    HttpLimits http;
} ServeOptions;

/* An engine's hash table when the memory is shared out, and what --engine-memory defaults to per thread. */
enum { ENGINE_HASH_MIN_MB = 1, ENGINE_HASH_DEFAULT_MB = 16, ENGINE_THREADS_MAX = 256 };

/* Serves until a signal stops it; 0, or 1 after an error told on stderr. */
int serve_run(const ServeOptions *opts);

#endif
