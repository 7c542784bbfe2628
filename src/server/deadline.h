/*
 * Deadlines for the request headers of open connections. The HTTP library only times a connection
 * out after a silence, so a client sending one header byte a second would hold its connection for
 * ever; a watchdog thread shuts down the socket of a connection whose headers are late, and the
 * library then closes it as if the client had hung up.
 */
#ifndef HEXCHESS_DEADLINE_H
#define HEXCHESS_DEADLINE_H

typedef struct Deadlines Deadlines;
typedef struct Deadline Deadline;

/* Starts the watchdog; headers are due `seconds` after a connection opens or its last request ends. */
Deadlines *deadlines_new(int seconds, char *err, int err_size);
void deadlines_free(Deadlines *d); /* after every deadline is removed */

/* A connection opened on socket fd: its first request's headers are due. NULL when out of memory
 * (the connection then goes unwatched, as before). */
Deadline *deadline_add(Deadlines *d, int fd);
/* Its request ended: the next request's headers are due. */
void deadline_arm(Deadlines *d, Deadline *e);
/* Its request's headers are complete. */
void deadline_disarm(Deadlines *d, Deadline *e);
/* Its connection closed; e is freed. */
void deadline_remove(Deadlines *d, Deadline *e);

#endif
