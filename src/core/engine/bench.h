#ifndef HEXCHESS_BENCH_H
#define HEXCHESS_BENCH_H

/* `hexchess bench`: the engine's node signature over fixed positions of both games. It lives in the
 * core because every front end (the command line, the page module) must print the same signature. */
enum { BENCH_DEFAULT_DEPTH = 9, BENCH_MAX_DEPTH = 30 };

/* Searches each position to depth; prints a line per position on stderr and "NODES nodes NPS nps"
 * on stdout. Returns 0, or 1 when memory or a position fails (told on stderr). */
int bench_run(int depth);

#endif
