/* The command line of `hexchess serve`: its options, read into what the server runs on. */
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include "../core/util/quote.h"
#include "../server/serve.h"
#include "../server/site.h"
#include "cli.h"
#include "values.h"

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

int cmd_serve(const CliOptions *opts)
{
    ServeOptions o;
    int rc = parse_serve_options(opts, &o);
    return rc ? rc : serve_run(&o);
}
