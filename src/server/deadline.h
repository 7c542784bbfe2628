/*
 * Deadlines for the requests of open connections: their headers, then their bodies. The HTTP library
 * only times a connection out after a silence, so a client sending one byte a second would hold its
 * connection for ever; a watchdog thread shuts down the socket of a connection whose request is
 * late, and the library then closes it as if the client had hung up.
 */
#ifndef HEXCHESS_DEADLINE_H
#define HEXCHESS_DEADLINE_H

typedef struct Deadlines Deadlines;
typedef struct Deadline Deadline;

/* Starts the watchdog. */
Deadlines *deadlines_new(char *err, int err_size);
void deadlines_free(Deadlines *d); /* after every deadline is removed */

/* A connection opened on socket fd: its first request is due within seconds. NULL when out of memory
 * (the connection then goes unwatched, as before). */
Deadline *deadline_add(Deadlines *d, int fd, int seconds);
/* What the connection must send next (headers, a body) is due within seconds from now. */
void deadline_arm(Deadlines *d, Deadline *e, int seconds);
/* Its request is read whole: the answer is sent at the client's pace. */
void deadline_disarm(Deadlines *d, Deadline *e);
/* Its connection closed; e is freed. */
void deadline_remove(Deadlines *d, Deadline *e);

#endif
