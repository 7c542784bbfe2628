#include "events.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "waiter.h"

/* Events a stream may hold unsent before its client counts as gone. */
enum { STREAM_BACKLOG_MAX = 1 << 20, BUCKETS = 256 };

typedef struct Stream {
    EventHub *hub;
    int64_t game;
    struct Stream *prev, *next; /* in the game's bucket */
    char *buf;                  /* bytes not yet sent, from off to len */
    size_t off, len, cap;
    bool ended;                 /* send what is left, then end */
    HttpPush *push;             /* set while the connection waits */
} Stream;

struct EventHub {
    pthread_mutex_t lock; /* guards everything below and every stream */
    pthread_cond_t stop;
    pthread_t heartbeat;
    int heartbeat_ms;
    bool closing;
    int count;
    Stream *bucket[BUCKETS];
    EventRelayFn relay; /* set before any event, read without the lock */
    void *relay_ctx;
};

static Stream **bucket_of(EventHub *h, int64_t game) { return &h->bucket[(uint64_t)game % BUCKETS]; }

/* With the hub locked. */
static void wake(Stream *s)
{
    if (s->push) {
        HttpPush *p = s->push;
        s->push = NULL;
        http_push_wake(p);
    }
}

/* With the hub locked: queues text on the stream, or ends a stream whose client does not keep up. */
static void append(Stream *s, const char *text, size_t n)
{
    if (s->ended)
        return;
    if (s->off) {
        memmove(s->buf, s->buf + s->off, s->len - s->off);
        s->len -= s->off;
        s->off = 0;
    }
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 1024;
        while (cap < s->len + n)
            cap *= 2;
        char *more = s->len + n <= STREAM_BACKLOG_MAX ? realloc(s->buf, cap) : NULL;
        if (!more) {
            s->ended = true;
            wake(s);
            return;
        }
        s->buf = more;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, text, n);
    s->len += n;
    wake(s);
}

static long stream_read(void *ctx, HttpPush *push, char *buf, size_t max)
{
    Stream *s = ctx;
    EventHub *h = s->hub;
    pthread_mutex_lock(&h->lock);
    long n = 0;
    if (s->off < s->len) {
        size_t k = s->len - s->off < max ? s->len - s->off : max;
        memcpy(buf, s->buf + s->off, k);
        s->off += k;
        n = (long)k;
    } else if (s->ended) {
        n = -1;
    } else {
        /* Waits under the lock, so that an event queued meanwhile finds the push set and wakes it. */
        s->push = push;
        http_push_wait(push);
    }
    pthread_mutex_unlock(&h->lock);
    return n;
}

static void stream_close(void *ctx)
{
    Stream *s = ctx;
    EventHub *h = s->hub;
    pthread_mutex_lock(&h->lock);
    if (s->prev)
        s->prev->next = s->next;
    else
        *bucket_of(h, s->game) = s->next;
    if (s->next)
        s->next->prev = s->prev;
    h->count--;
    pthread_mutex_unlock(&h->lock);
    free(s->buf);
    free(s);
}

/* "event: NAME\ndata: DATA\n\n" in a new string, or NULL. */
static char *frame(const char *name, const char *data, size_t *len)
{
    size_t n = strlen(name) + strlen(data) + 20;
    char *text = malloc(n);
    if (text)
        *len = (size_t)snprintf(text, n, "event: %s\ndata: %s\n\n", name, data);
    return text;
}

/* Sends the event to every stream of the game; last: then ends them. */
static void broadcast(EventHub *h, int64_t game, const char *name, const char *data, bool last)
{
    size_t len;
    char *text = frame(name, data, &len);
    pthread_mutex_lock(&h->lock);
    for (Stream *s = *bucket_of(h, game); s; s = s->next)
        if (s->game == game) {
            if (text)
                append(s, text, len);
            if (last) {
                s->ended = true;
                wake(s);
            }
        }
    pthread_mutex_unlock(&h->lock);
    free(text);
}

void events_deliver(EventHub *h, int64_t game, const char *name, const char *data, bool last)
{
    broadcast(h, game, name, data, last);
}

void events_relay(EventHub *h, EventRelayFn fn, void *ctx)
{
    h->relay = fn;
    h->relay_ctx = ctx;
}

void events_publish(EventHub *h, int64_t game, const char *name, const char *data)
{
    broadcast(h, game, name, data, false);
    if (h->relay)
        h->relay(h->relay_ctx, game, name, data, false);
}

void events_finish(EventHub *h, int64_t game, const char *name, const char *data)
{
    broadcast(h, game, name, data, true);
    if (h->relay)
        h->relay(h->relay_ctx, game, name, data, true);
}

bool events_subscribe(EventHub *h, int64_t game, const char *name, const char *data, HttpSource *out)
{
    Stream *s = calloc(1, sizeof *s);
    size_t len;
    char *text = frame(name, data, &len);
    if (!s || !text) {
        free(s);
        free(text);
        return false;
    }
    s->hub = h;
    s->game = game;
    pthread_mutex_lock(&h->lock);
    bool ok = !h->closing;
    if (ok) {
        /* A browser that loses the stream tries again after this long. */
        static const char retry[] = "retry: 2000\n\n";
        append(s, retry, sizeof retry - 1);
        append(s, text, len);
        Stream **b = bucket_of(h, game);
        s->next = *b;
        if (*b)
            (*b)->prev = s;
        *b = s;
        h->count++;
    }
    pthread_mutex_unlock(&h->lock);
    free(text);
    if (!ok) {
        free(s->buf);
        free(s);
        return false;
    }
    *out = (HttpSource){.read = stream_read, .close = stream_close, .ctx = s};
    return true;
}

int events_stream_count(EventHub *h)
{
    pthread_mutex_lock(&h->lock);
    int n = h->count;
    pthread_mutex_unlock(&h->lock);
    return n;
}

static void *heartbeat_main(void *arg)
{
    EventHub *h = arg;
    static const char ping[] = ":\n\n";
    pthread_mutex_lock(&h->lock);
    while (!h->closing) {
        struct timespec until = waiter_until(clock_now() + h->heartbeat_ms);
        pthread_cond_timedwait(&h->stop, &h->lock, &until);
        if (h->closing)
            break;
        for (int b = 0; b < BUCKETS; b++)
            for (Stream *s = h->bucket[b]; s; s = s->next)
                append(s, ping, sizeof ping - 1);
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

EventHub *events_new(int heartbeat_ms, char *err, int err_size)
{
    EventHub *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    h->heartbeat_ms = heartbeat_ms;
    if (!waiter_start(&h->lock, &h->stop, &h->heartbeat, heartbeat_main, h)) {
        snprintf(err, (size_t)err_size, "cannot start the event streams' heartbeat");
        free(h);
        return NULL;
    }
    return h;
}

void events_close(EventHub *h)
{
    pthread_mutex_lock(&h->lock);
    if (h->closing) {
        pthread_mutex_unlock(&h->lock);
        return;
    }
    h->closing = true;
    pthread_cond_signal(&h->stop);
    for (int b = 0; b < BUCKETS; b++)
        for (Stream *s = h->bucket[b]; s; s = s->next) {
            s->ended = true;
            wake(s);
        }
    pthread_mutex_unlock(&h->lock);
    pthread_join(h->heartbeat, NULL);
}

void events_free(EventHub *h)
{
    if (!h)
        return;
    events_close(h);
    pthread_cond_destroy(&h->stop);
    pthread_mutex_destroy(&h->lock);
    free(h);
}
