/* Time management: how long one search may think, planned from the clock when it starts. */
#ifndef HEXCHESS_TIMEMAN_H
#define HEXCHESS_TIMEMAN_H

#include <stdint.h>

#include "search.h"

typedef struct {
    double start_ms;
    int64_t limit_ms; /* 0: no time limit */
} TimePlan;

/* Milliseconds on a monotonic-enough wall clock. */
double time_now_ms(void);
/* The search starts now, with no limit until time_plan. */
void time_start(TimePlan *t);
/* Plans the search for us from the limits; a clock keeps overhead_ms back for transmission. */
void time_plan(TimePlan *t, const SearchLimits *l, Color us, int overhead_ms);
double time_elapsed_ms(const TimePlan *t);
/* The planned time is spent: stop, even inside an iteration (the search keeps the best root move
 * that iteration has proved so far). */
bool time_limit_passed(const TimePlan *t);

#endif
