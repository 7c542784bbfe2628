/*
 * Many servers on one PostgreSQL database: each event one server's streams get is sent to the others
 * (NOTIFY on one channel), whose streams get it too, and whose copy of the game leaves their memory
 * so that their next request reads the stored one.
 */
#ifndef HEXCHESS_FANOUT_H
#define HEXCHESS_FANOUT_H

#include "events.h"
#include "gamecache.h"

typedef struct Fanout Fanout;

/* Listens on the database at uri (a PostgreSQL URI) and relays hub's events to it; NULL with a
 * message in err. Before the HTTP server starts. */
Fanout *fanout_start(const char *uri, EventHub *hub, GameTable *games, char *err, int err_size);
/* After the HTTP server has stopped. */
void fanout_stop(Fanout *f);

#endif
