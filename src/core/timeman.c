#include "timeman.h"

#include <time.h>

/* Share of the soft limit after which the next, deeper iteration is not started: it usually takes
 * longer than all the earlier ones together. */
#define SOFT_LIMIT_SHARE 0.6
/* Sudden death is planned as if this many moves remained. */
enum { DEFAULT_MOVES_TO_GO = 30 };

double time_now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void time_start(TimePlan *t)
{
    t->start_ms = time_now_ms();
    t->soft_ms = t->hard_ms = 0;
}

/* A planned time is at least 1 ms: no time left means move at once, never "no limit". */
static int64_t at_least_1ms(int64_t ms) { return ms < 1 ? 1 : ms; }

/* In 64 bits: clock, increment and overhead come from the user and may each be near INT_MAX or
 * below zero. A negative increment counts as none. */
void time_plan(TimePlan *t, const SearchLimits *l, Color us, int overhead_ms)
{
    t->soft_ms = t->hard_ms = 0;
    if (l->movetime_ms > 0) {
        t->soft_ms = t->hard_ms = at_least_1ms((int64_t)l->movetime_ms - overhead_ms);
        return;
    }
    if (l->time_ms[us] < 0 || l->infinite)
        return;
    int64_t left = at_least_1ms((int64_t)l->time_ms[us] - overhead_ms);
    int64_t moves = l->movestogo > 0 ? l->movestogo : DEFAULT_MOVES_TO_GO;
    int64_t inc = l->inc_ms[us] > 0 ? l->inc_ms[us] : 0;
    int64_t base = left / moves + inc * 3 / 4;
    int64_t cap = left * 2 / 5;
    t->soft_ms = at_least_1ms(base < cap ? base : cap);
    t->hard_ms = at_least_1ms(base * 4 < cap ? base * 4 : cap);
}

double time_elapsed_ms(const TimePlan *t) { return time_now_ms() - t->start_ms; }

bool time_hard_limit_passed(const TimePlan *t) { return t->hard_ms && time_elapsed_ms(t) >= t->hard_ms; }

bool time_soft_limit_passed(const TimePlan *t) { return t->soft_ms && time_elapsed_ms(t) > t->soft_ms * SOFT_LIMIT_SHARE; }
