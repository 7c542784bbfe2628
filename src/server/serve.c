/* `hexchess serve`: the web app and the JSON API over the game store. */
#include "serve.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "clock.h"
#include "events.h"
#include "fanout.h"
#include "files.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

/* Event streams send a comment this often (ms): proxies keep them open, and a client gone is found. */
enum { HEARTBEAT_MS = 15000 };

/* The server writes that it is alive this often (s): after a kill -9, the clocks that ran are
 * charged up to the last time written, so at most this much of the movers' time is lost. */
enum { CLOCK_HEARTBEAT_S = 2 };

/* serve --db-copy FROM --db TO: every game, player, session and rating of FROM into TO. */
static int copy_database(const char *from_where, const char *to_where)
{
    char err[512];
    Store *from = store_open(from_where, err, (int)sizeof err);
    Store *to = from ? store_open(to_where, err, (int)sizeof err) : NULL;
    bool ok = to && store_copy(from, to, err, (int)sizeof err);
    if (ok) {
        char a[4200], b[4200];
        store_describe(from, a, (int)sizeof a);
        store_describe(to, b, (int)sizeof b);
        printf("hexchess serve: copied %s into %s\n", a, b);
    } else {
        fprintf(stderr, "hexchess serve: --db-copy: %s\n", err);
    }
    store_close(to);
    store_close(from);
    return ok ? 0 : 1;
}

int serve_run(const ServeOptions *opts)
{
    const ServeOptions o = *opts;
    char err[512], db_path[4096];
    if (o.db)
        snprintf(db_path, sizeof db_path, "%s", o.db);
    else
        store_default_path(db_path, (int)sizeof db_path);
    if (o.copy_from)
        return copy_database(o.copy_from, db_path);
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
    EventHub *hub = events_new(HEARTBEAT_MS, err, (int)sizeof err);
    GameTable *games = hub ? games_new(store, &o.limits, hub, err, (int)sizeof err) : NULL;
    bool https = o.public_url && !strncmp(o.public_url, "https://", 8);
    Api *api = games ? api_new(games, https, err, (int)sizeof err) : NULL;
    /* Other servers on the same PostgreSQL database hear of the changes made here, and this one of theirs. */
    bool shared = db_is_postgres_uri(db_path);
    Fanout *fanout = api && shared ? fanout_start(db_path, hub, games, err, (int)sizeof err) : NULL;
    HttpRoute routes[] = {{"/api/", api_handle, api}, {"/", files_handle, files}};
    HttpServer *http = api && (fanout || !shared) ? http_start(&o.where, routes, 2, &o.http, err, (int)sizeof err) : NULL;
    if (!http) {
        fprintf(stderr, "hexchess serve: %s\n", err);
        api_free(api);
        games_free(games);
        fanout_stop(fanout);
        events_free(hub);
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
    char where[4200];
    store_describe(store, where, (int)sizeof where);
    printf("hexchess serve: open http://%s:%d/ in a browser (games saved in %s; Ctrl-C stops)\n", host,
           http_port(http), where);
    fflush(stdout);
    /* The heartbeat tells a restart when the clocks stopped, after a kill -9 too (store.h). */
    while (!stop_requested) {
        store_heartbeat(store, clock_wall_now());
        sleep(CLOCK_HEARTBEAT_S);
    }
    printf("hexchess serve: stopping\n");
    /* The event streams end first: the HTTP server stops only with no connection waiting. */
    events_close(hub);
    http_stop(http);
    api_free(api);
    games_free(games);
    fanout_stop(fanout);
    /* No clock runs from here: the restart charges the movers up to now. */
    store_heartbeat(store, clock_wall_now());
    events_free(hub);
    store_close(store);
    free(files);
    return 0;
}
