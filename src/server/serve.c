/* `hexchess serve`: the web app and the JSON API over the game store. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "../cli/values.h"
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

static int parse_serve_options(const CliOptions *opts, ServeOptions *o)
{
    *o = (ServeOptions){
        .listen = "127.0.0.1:8080",
        .limits = {.max_think_ms = 10000, .cache_games = 256, .hash_mb = 16},
        .threads = 4,
    };
    char err[QUOTE_BUF_SIZE + 64], q[QUOTE_BUF_SIZE];
    for (int i = 0; i < opts->argc; i += 2) {
        const char *a = opts->argv[i];
        const char *val = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        bool known = !strcmp(a, "--listen") || !strcmp(a, "--db") || !strcmp(a, "--web") ||
                     !strcmp(a, "--max-think") || !strcmp(a, "--threads") || !strcmp(a, "--cache") ||
                     !strcmp(a, "--hash");
        if (!known)
            return cli_usage_error("serve", "unknown option or argument '%s'", quote(q, a));
        if (!val)
            return cli_usage_error("serve", "option %s needs a value", a);
        if (!val[0])
            return cli_usage_error("serve", "option %s has an empty value", a);
        bool ok = true;
        if (!strcmp(a, "--listen"))
            o->listen = val;
        else if (!strcmp(a, "--db"))
            o->db = val;
        else if (!strcmp(a, "--web"))
            o->web = val;
        else if (!strcmp(a, "--max-think"))
            ok = value_int(val, 50, 600000, &o->limits.max_think_ms, err, sizeof err);
        else if (!strcmp(a, "--threads"))
            ok = value_int(val, 1, 256, &o->threads, err, sizeof err);
        else if (!strcmp(a, "--cache"))
            ok = value_int(val, 1, 100000, &o->limits.cache_games, err, sizeof err);
        else
            ok = value_int(val, 1, 4096, &o->limits.hash_mb, err, sizeof err);
        if (!ok)
            return cli_usage_error("serve", "%s: %s", a, err);
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
