/*
 * The flag timer: one thread that wakes when the running clock of a timed game runs out, so a flag
 * falls on time even when no request comes. It knows games only by id and deadline; what a fall
 * means is its caller's.
 */
#ifndef HEXCHESS_FLAGTIMER_H
#define HEXCHESS_FLAGTIMER_H

#include <stdint.h>

typedef struct FlagTimer FlagTimer;
/* Called on the timer's thread, with no lock of the timer held, once a game's deadline has passed. */
typedef void (*FlagFn)(void *ctx, int64_t game);

/* NULL with a message. */
FlagTimer *flagtimer_new(FlagFn fire, void *ctx, char *err, int err_size);
/* Stops the thread (a call of fire under way finishes first); deadlines set after it are kept but
 * never fire. */
void flagtimer_stop(FlagTimer *t);
/* Stops the thread if it runs, and frees the timer. */
void flagtimer_free(FlagTimer *t);
/* The game's deadline on the monotonic clock (clock.h) in ms; -1 forgets the game. */
void flagtimer_set(FlagTimer *t, int64_t game, int64_t deadline);

#endif
