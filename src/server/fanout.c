#include "fanout.h"

#include <stdio.h>
#include <stdlib.h>

#if HEXCHESS_PG

#include <fcntl.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

/* A payload is at most 8000 bytes in PostgreSQL; an event is far shorter (the JSON of a move is
 * under one kilobyte). */
enum { PAYLOAD_MAX = 7999, RECONNECT_MS = 1000 };

static const char CHANNEL[] = "hexchess_events";

struct Fanout {
    PGconn *conn; /* sends and listens; used under lock */
    pthread_mutex_t lock;
    pthread_t thread;
    int wake[2]; /* a pipe: the listener looks at the connection again */
    atomic_bool stop;
    EventHub *hub;
    GameTable *games;
};

static bool listen_on(PGconn *conn)
{
    PGresult *r = PQexec(conn, "LISTEN hexchess_events");
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    return ok;
}

static void poke(Fanout *f)
{
    char c = 0;
    if (write(f->wake[1], &c, 1) < 0) {
        /* the pipe is full: the listener is awake already */
    }
}

/* An event of this server: to the others, as "GAME LAST NAME DATA". */
static void relay(void *ctx, int64_t game, const char *name, const char *data, bool last)
{
    Fanout *f = ctx;
    char payload[PAYLOAD_MAX + 1];
    int n = snprintf(payload, sizeof payload, "%lld %d %s %s", (long long)game, last, name, data);
    if (n < 0 || n > PAYLOAD_MAX) {
        fprintf(stderr, "hexchess serve: game %lld: a %s event too long to share with other servers\n",
                (long long)game, name);
        return;
    }
    const char *values[] = {CHANNEL, payload};
    pthread_mutex_lock(&f->lock);
    PGresult *r = PQexecParams(f->conn, "SELECT pg_notify($1, $2)", 2, NULL, values, NULL, NULL, 0);
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        fprintf(stderr, "hexchess serve: sharing an event: %s", PQerrorMessage(f->conn));
    PQclear(r);
    pthread_mutex_unlock(&f->lock);
    /* Notifications of others read meanwhile wait in the connection: the listener takes them. */
    poke(f);
}

/* Another server's event, "GAME LAST NAME DATA", to the streams here. */
static void deliver(Fanout *f, const char *payload)
{
    long long game;
    int last, used = 0;
    char name[32];
    if (sscanf(payload, "%lld %d %31s %n", &game, &last, name, &used) != 3 || !used)
        return;
    games_forget(f->games, game);
    events_deliver(f->hub, game, name, payload + used, last);
}

/* Takes the notifications the connection holds, other servers' only, and delivers them with the
 * connection free; reconnects when it was lost. */
static void drain(Fanout *f)
{
    enum { BATCH = 64 };
    PGnotify *batch[BATCH];
    int n;
    do {
        n = 0;
        pthread_mutex_lock(&f->lock);
        if (PQstatus(f->conn) != CONNECTION_OK) {
            PQreset(f->conn);
            if (PQstatus(f->conn) == CONNECTION_OK && listen_on(f->conn))
                fprintf(stderr, "hexchess serve: listening to the other servers again\n");
        }
        PQconsumeInput(f->conn);
        int self = PQbackendPID(f->conn);
        PGnotify *note;
        while (n < BATCH && (note = PQnotifies(f->conn))) {
            if (note->be_pid == self)
                PQfreemem(note);
            else
                batch[n++] = note;
        }
        pthread_mutex_unlock(&f->lock);
        for (int i = 0; i < n; i++) {
            deliver(f, batch[i]->extra);
            PQfreemem(batch[i]);
        }
    } while (n == BATCH);
}

static void *listener_main(void *arg)
{
    Fanout *f = arg;
    while (!atomic_load(&f->stop)) {
        drain(f);
        fd_set in;
        FD_ZERO(&in);
        FD_SET(f->wake[0], &in);
        pthread_mutex_lock(&f->lock);
        int sock = PQsocket(f->conn);
        pthread_mutex_unlock(&f->lock);
        if (sock >= 0)
            FD_SET(sock, &in);
        int top = sock > f->wake[0] ? sock : f->wake[0];
        struct timeval tv = {RECONNECT_MS / 1000, 0};
        if (select(top + 1, &in, NULL, NULL, &tv) > 0 && FD_ISSET(f->wake[0], &in)) {
            char buf[64];
            if (read(f->wake[0], buf, sizeof buf) < 0) {
                /* nothing to read after all */
            }
        }
    }
    return NULL;
}

Fanout *fanout_start(const char *uri, EventHub *hub, GameTable *games, char *err, int err_size)
{
    Fanout *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    f->hub = hub;
    f->games = games;
    f->wake[0] = f->wake[1] = -1;
    f->conn = PQconnectdb(uri);
    const char *why = PQstatus(f->conn) != CONNECTION_OK ? PQerrorMessage(f->conn)
                      : !listen_on(f->conn)               ? PQerrorMessage(f->conn)
                      : pipe(f->wake)                     ? "no pipe"
                                                          : NULL;
    /* A full pipe wakes the listener all the same: writing to it never blocks. */
    for (int i = 0; !why && i < 2; i++)
        fcntl(f->wake[i], F_SETFL, O_NONBLOCK);
    if (!why) {
        pthread_mutex_init(&f->lock, NULL);
        if (!pthread_create(&f->thread, NULL, listener_main, f)) {
            events_relay(hub, relay, f);
            return f;
        }
        pthread_mutex_destroy(&f->lock);
        why = "no thread";
    }
    snprintf(err, (size_t)err_size, "listening to the other servers: %s", why);
    for (int i = 0; i < 2; i++)
        if (f->wake[i] >= 0)
            close(f->wake[i]);
    PQfinish(f->conn);
    free(f);
    return NULL;
}

void fanout_stop(Fanout *f)
{
    if (!f)
        return;
    events_relay(f->hub, NULL, NULL);
    atomic_store(&f->stop, true);
    poke(f);
    pthread_join(f->thread, NULL);
    close(f->wake[0]);
    close(f->wake[1]);
    PQfinish(f->conn);
    pthread_mutex_destroy(&f->lock);
    free(f);
}

#else

Fanout *fanout_start(const char *uri, EventHub *hub, GameTable *games, char *err, int err_size)
{
    (void)uri, (void)hub, (void)games;
    snprintf(err, (size_t)err_size, "this hexchess was built without PostgreSQL");
    return NULL;
}

void fanout_stop(Fanout *f) { (void)f; }

#endif
