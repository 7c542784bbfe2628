#include "timeman.h"

#include <time.h>

/* Sudden death is planned as if this many moves remained. */
enum { DEFAULT_MOVES_TO_GO = 30 };
/* With a clock, one move never takes more than this share (in fifths) of what is left. */
enum { CAP_FIFTHS = 2 };

double time_now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void time_start(TimePlan *t)
{
    t->start_ms = time_now_ms();
    t->limit_ms = 0;
}

/* A planned time is at least 1 ms: no time left means move at once, never "no limit". */
static int64_t at_least_1ms(int64_t ms) { return ms < 1 ? 1 : ms; }

/*
 * In 64 bits: clock, increment and overhead come from the user and may each be near INT_MAX or
 * below zero. A negative increment counts as none. A fixed move time is the caller's own plan:
 * the whole of it is used (the move overhead is the caller's margin for our late stop), where a
 * clock keeps the overhead back from what is left. The plan is spent, no more and no less: an
 * iteration is not given up for fear it will not finish, nor allowed to overrun.
 */
void time_plan(TimePlan *t, const SearchLimits *l, Color us, int overhead_ms)
{
    t->limit_ms = 0;
    if (l->movetime_ms > 0) {
        t->limit_ms = l->movetime_ms;
        return;
    }
    if (l->time_ms[us] < 0 || l->infinite)
        return;
    int64_t left = at_least_1ms((int64_t)l->time_ms[us] - overhead_ms);
    int64_t moves = l->movestogo > 0 ? l->movestogo : DEFAULT_MOVES_TO_GO;
    int64_t inc = l->inc_ms[us] > 0 ? l->inc_ms[us] : 0;
    int64_t base = left / moves + inc * 3 / 4;
    int64_t cap = left * CAP_FIFTHS / 5;
    t->limit_ms = at_least_1ms(base < cap ? base : cap);
}

double time_elapsed_ms(const TimePlan *t) { return time_now_ms() - t->start_ms; }

bool time_limit_passed(const TimePlan *t) { return t->limit_ms && time_elapsed_ms(t) >= t->limit_ms; }
