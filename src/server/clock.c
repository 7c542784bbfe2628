#include "clock.h"

#include <time.h>

static int64_t ms_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t clock_now(void) { return ms_of(CLOCK_MONOTONIC); }
int64_t clock_wall_now(void) { return ms_of(CLOCK_REALTIME); }

void clock_init(GameClock *c, int base_ms, int inc_ms)
{
    *c = (GameClock){.base_ms = base_ms, .inc_ms = inc_ms, .left_ms = {base_ms, base_ms}, .running = -1};
}

bool clock_timed(const GameClock *c) { return c->base_ms > 0; }

int64_t clock_left(const GameClock *c, Color side, int64_t now)
{
    int64_t left = c->left_ms[side];
    return c->running == (int)side ? left - (now - c->since) : left;
}

void clock_stop(GameClock *c, int64_t now)
{
    if (c->running >= 0)
        c->left_ms[c->running] = clock_left(c, (Color)c->running, now);
    c->running = -1;
}

void clock_run(GameClock *c, Color side, int64_t now)
{
    clock_stop(c, now);
    c->running = (int)side;
    c->since = now;
}

void clock_press(GameClock *c, Color side, int64_t now)
{
    bool ran = c->running == (int)side;
    clock_stop(c, now);
    if (ran)
        c->left_ms[side] += c->inc_ms;
    clock_run(c, (Color)!side, now);
}

int64_t clock_deadline(const GameClock *c)
{
    return c->running >= 0 ? c->since + c->left_ms[c->running] : -1;
}
