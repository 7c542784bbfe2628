/*
 * Server-sent events: each game's open event streams, and the events pushed to them the moment the
 * game changes. A stream is an HTTP source (http.h) that sleeps while it has nothing to send, so
 * hundreds of watchers cost no thread. A comment line every few seconds keeps idle streams open
 * through proxies and finds the clients that left; a client too slow to take its events is cut off
 * (its browser reconnects and starts from a fresh state).
 */
#ifndef HEXCHESS_EVENTS_H
#define HEXCHESS_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "http.h"

typedef struct EventHub EventHub;

/* Starts the heartbeat; NULL with a message. */
EventHub *events_new(int heartbeat_ms, char *err, int err_size);
/* Ends every stream (each sends what it holds first) and refuses new ones: before the HTTP server
 * stops. */
void events_close(EventHub *h);
/* After events_close and once the HTTP server has stopped. */
void events_free(EventHub *h);

/* Sends the event (data: one line of JSON) to every stream of the game. */
void events_publish(EventHub *h, int64_t game, const char *name, const char *data);
/* Sends the game's last event to its streams and ends them (each sends what it holds first): the
 * game is gone, and nothing more will come. */
void events_finish(EventHub *h, int64_t game, const char *name, const char *data);
/* Hears each event published or finished here, after its streams have it (not the events delivered
 * from elsewhere): how another server's streams get them (fanout.h). Set before any event. */
typedef void (*EventRelayFn)(void *ctx, int64_t game, const char *name, const char *data, bool last);
void events_relay(EventHub *h, EventRelayFn fn, void *ctx);
/* An event of another server: to this hub's streams, as events_publish (events_finish when last),
 * without relaying it. */
void events_deliver(EventHub *h, int64_t game, const char *name, const char *data, bool last);
/* A new stream of the game's events, starting with the given one, as the source of a response;
 * false when out of memory or closing. */
bool events_subscribe(EventHub *h, int64_t game, const char *name, const char *data, HttpSource *out);
/* The streams open now. */
int events_stream_count(EventHub *h);

#endif
