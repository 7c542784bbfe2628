/*
 * The values the command line and the in-game commands of `play` take, one reader per kind of
 * value, so that a flag and the command that sets the same thing cannot accept different things.
 * Each reader returns false and writes one line saying what was wrong (the value quoted) to err.
 */
#ifndef HEXCHESS_CLI_VALUES_H
#define HEXCHESS_CLI_VALUES_H

#include <stdbool.h>
#include <stddef.h>

enum { LEVEL_MIN = 0, LEVEL_MAX = 20, MOVETIME_MAX_MS = 3600000 };

/* A whole decimal number from min to max (no sign other than '-', no spaces, no fraction). */
bool value_int(const char *text, int min, int max, int *out, char *err, size_t size);
/* The engine's strength, LEVEL_MIN to LEVEL_MAX (the UCI Skill Level). */
bool value_level(const char *text, int *out, char *err, size_t size);
/* Engine time per move in milliseconds: more than 0, at most an hour. */
bool value_movetime(const char *text, int *out, char *err, size_t size);
/* Which sides the engine plays: white, black, both or none. */
bool value_engine_sides(const char *text, bool *white, bool *black, char *err, size_t size);

#endif
