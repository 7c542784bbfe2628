/*
 * Failed attempts counted per key (a name, an address) over the last minute, so that guessing
 * passwords is slowed to a few tries a minute. Thread-safe; times are given, never read.
 */
#ifndef HEXCHESS_THROTTLE_H
#define HEXCHESS_THROTTLE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Throttle Throttle;

/* At most limit failures per key in any window_ms; NULL when out of memory. */
Throttle *throttle_new(int limit, int64_t window_ms);
void throttle_free(Throttle *t);
/* Has key had limit failures in the window before now_ms? */
bool throttle_blocked(Throttle *t, const char *key, int64_t now_ms);
void throttle_fail(Throttle *t, const char *key, int64_t now_ms);

#endif
