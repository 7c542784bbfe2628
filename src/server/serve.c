/* `hexchess serve`: the web app and the JSON API over the game store. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "../core/quote.h"
#include "api.h"
#include "files.h"
#include "http.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

typedef struct {
    const char *listen, *db, *web;
    GameLimits limits;
    int threads;
} ServeOptions;

static bool parse_number(const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    long n = s ? strtol(s, &end, 10) : 0;
    if (!s || *end || end == s || n < lo || n > hi) {
        fprintf(stderr, "hexchess serve: %s wants a number from %d to %d\n", opt, lo, hi);
        return false;
    }
    *out = (int)n;
    return true;
}

static int parse_serve_options(const CliOptions *opts, ServeOptions *o)
{
    *o = (ServeOptions){
        .listen = "127.0.0.1:8080",
        .limits = {.max_think_ms = 10000, .cache_games = 256, .hash_mb = 16},
        .threads = 4,
    };
    for (int i = 0; i < opts->argc; i += 2) {
        const char *a = opts->argv[i];
        const char *val = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(a, "--listen") && val)
            o->listen = val;
        else if (!strcmp(a, "--db") && val)
            o->db = val;
        else if (!strcmp(a, "--web") && val)
            o->web = val;
        else if (!strcmp(a, "--max-think"))
            ok = parse_number(a, val, 50, 600000, &o->limits.max_think_ms);
        else if (!strcmp(a, "--threads"))
            ok = parse_number(a, val, 1, 256, &o->threads);
        else if (!strcmp(a, "--cache"))
            ok = parse_number(a, val, 1, 100000, &o->limits.cache_games);
        else if (!strcmp(a, "--hash"))
            ok = parse_number(a, val, 1, 4096, &o->limits.hash_mb);
        else {
            char q[QUOTE_BUF_SIZE];
            fprintf(stderr, "hexchess serve: unknown option or missing value: '%s' (see hexchess serve --help)\n",
                    quote(q, a));
            return 2;
        }
        if (!ok)
            return 2;
    }
    return 0;
}

int cmd_serve(const CliOptions *opts)
{
    ServeOptions o;
    int rc = parse_serve_options(opts, &o);
    if (rc)
        return rc;
    char err[512], db_path[4096];
    if (o.db)
        snprintf(db_path, sizeof db_path, "%s", o.db);
    else
        store_default_path(db_path, (int)sizeof db_path);
    StaticFiles *files = calloc(1, sizeof *files);
    if (!files || !files_init(files, o.web, err, (int)sizeof err)) {
        fprintf(stderr, "hexchess serve: %s\n", files ? err : "out of memory");
        free(files);
        return 1;
    }
    Store *store = store_open(db_path, err, (int)sizeof err);
    if (!store) {
        fprintf(stderr, "hexchess serve: %s\n", err);
        free(files);
        return 1;
    }
    GameTable *games = games_new(store, &o.limits);
    HttpRoute routes[] = {{"/api/", api_handle, games}, {"/", files_handle, files}};
    HttpServer *http = games ? http_start(o.listen, routes, 2, o.threads, err, (int)sizeof err) : NULL;
    if (!http) {
        fprintf(stderr, "hexchess serve: %s\n", games ? err : "out of memory");
        games_free(games);
        store_close(store);
        free(files);
        return 1;
    }
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    char host[256];
    const char *colon = strrchr(o.listen, ':');
    snprintf(host, sizeof host, "%.*s", (int)(colon - o.listen), o.listen);
    if (!strcmp(host, "0.0.0.0") || !strcmp(host, "[::]"))
        snprintf(host, sizeof host, "127.0.0.1");
    printf("hexchess serve: open http://%s:%d/ in a browser (games saved in %s; Ctrl-C stops)\n", host,
           http_port(http), db_path);
    fflush(stdout);
    while (!stop_requested)
        pause();
    printf("hexchess serve: stopping\n");
    http_stop(http);
    games_free(games);
    store_close(store);
    free(files);
    return 0;
}
