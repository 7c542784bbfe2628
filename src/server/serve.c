/* `hexchess serve`: the web app and the JSON API over the game store. */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "../cli/values.h"
#include "../core/quote.h"
#include "api.h"
#include "clock.h"
#include "events.h"
#include "fanout.h"
#include "files.h"
#include "http.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

typedef struct {
    const char *listen, *db, *web, *public_url;
    const char *copy_from; /* --db-copy: the database to copy into --db, instead of serving */
    HttpListen where; /* listen, read */
    GameLimits limits;
    HttpLimits http;
} ServeOptions;

/* Event streams send a comment this often (ms): proxies keep them open, and a client gone is found. */
enum { HEARTBEAT_MS = 15000 };

/* The server writes that it is alive this often (s): after a kill -9, the clocks that ran are
 * charged up to the last time written, so at most this much of the movers' time is lost. */
enum { CLOCK_HEARTBEAT_S = 2 };

/* An engine's hash table when the memory is shared out, and what --engine-memory defaults to per thread. */
enum { ENGINE_HASH_MIN_MB = 1, ENGINE_HASH_DEFAULT_MB = 16, ENGINE_THREADS_MAX = 256 };

typedef struct {
    const char *name;
    int lo, hi;
    size_t at; /* where in ServeOptions */
} NumberOption;

static const NumberOption NUMBER_OPTIONS[] = {
    {"--max-think", 50, 600000, offsetof(ServeOptions, limits.max_think_ms)},
    {"--threads", 1, 256, offsetof(ServeOptions, http.threads)},
    {"--cache", 1, 100000, offsetof(ServeOptions, limits.cache_games)},
    {"--engine-threads", 1, ENGINE_THREADS_MAX, offsetof(ServeOptions, limits.engine_threads)},
    {"--engine-memory", ENGINE_HASH_MIN_MB, 65536, offsetof(ServeOptions, limits.engine_memory_mb)},
    {"--max-connections", 1, 100000, offsetof(ServeOptions, http.max_connections)},
    {"--max-per-client", 1, 100000, offsetof(ServeOptions, http.max_per_client)},
    {"--header-timeout", 1, 3600, offsetof(ServeOptions, http.header_timeout_s)},
    {"--idle-timeout", 1, 3600, offsetof(ServeOptions, http.idle_timeout_s)},
    {"--request-timeout", 1, 3600, offsetof(ServeOptions, http.request_timeout_s)},
};

static const NumberOption *number_option(const char *name)
{
    for (size_t i = 0; i < sizeof NUMBER_OPTIONS / sizeof *NUMBER_OPTIONS; i++)
        if (!strcmp(name, NUMBER_OPTIONS[i].name))
            return &NUMBER_OPTIONS[i];
    return NULL;
}

static int parse_serve_options(const CliOptions *opts, ServeOptions *o)
{
    *o = (ServeOptions){
        .listen = "127.0.0.1:8080",
        .limits = {.max_think_ms = 10000, .cache_games = 256},
        .http = {.threads = 4, .max_connections = 512, .max_per_client = 32, .header_timeout_s = 5,
                 .idle_timeout_s = 30, .request_timeout_s = 30},
    };
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o->limits.engine_threads = cores < 1 ? 1 : cores > ENGINE_THREADS_MAX ? ENGINE_THREADS_MAX : (int)cores;
    char err[QUOTE_BUF_SIZE + 64], q[QUOTE_BUF_SIZE];
    for (int i = 0; i < opts->argc; i += 2) {
        const char *a = opts->argv[i];
        const char *val = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        const NumberOption *num = number_option(a);
        bool known = !strcmp(a, "--listen") || !strcmp(a, "--db") || !strcmp(a, "--db-copy") || !strcmp(a, "--web") ||
                     !strcmp(a, "--tablebases") || !strcmp(a, "--public-url") || num;
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
        else if (!strcmp(a, "--db-copy"))
            o->copy_from = val;
        else if (!strcmp(a, "--web"))
            o->web = val;
        else if (!strcmp(a, "--tablebases"))
            o->limits.tablebases = val;
        else if (!strcmp(a, "--public-url"))
            ok = site_public_url_ok(o->public_url = val, err, (int)sizeof err);
        else
            ok = value_int(val, num->lo, num->hi, (int *)((char *)o + num->at), err, sizeof err);
        if (!ok)
            return cli_usage_error("serve", "%s: %s", a, err);
    }
    if (!http_parse_listen(o->listen, &o->where, err, (int)sizeof err))
        return cli_usage_error("serve", "--listen: %s", err);
    o->where.public_url = o->public_url;
    int threads = o->limits.engine_threads;
    if (!o->limits.engine_memory_mb)
        o->limits.engine_memory_mb = threads * ENGINE_HASH_DEFAULT_MB;
    if (o->limits.engine_memory_mb < threads * ENGINE_HASH_MIN_MB)
        return cli_usage_error("serve", "--engine-memory %d leaves less than %d MB for each of %d engine threads",
                               o->limits.engine_memory_mb, ENGINE_HASH_MIN_MB, threads);
    return 0;
}

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
    Api *api = games ? api_new(games, err, (int)sizeof err) : NULL;
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
