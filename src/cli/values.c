#include "values.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util/quote.h"

bool value_int(const char *text, int min, int max, int *out, char *err, size_t size)
{
    char *end = NULL;
    errno = 0;
    /* strtol alone would take leading spaces and '+'; a value is digits, perhaps after '-'. */
    const char *digits = text[0] == '-' ? text + 1 : text;
    long long n = *digits >= '0' && *digits <= '9' ? strtoll(text, &end, 10) : 0;
    if (!end || *end || errno == ERANGE || n < min || n > max) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, size, "'%s' is not a whole number from %d to %d", quote(q, text), min, max);
        return false;
    }
    *out = (int)n;
    return true;
}

bool value_level(const char *text, int *out, char *err, size_t size)
{
    return value_int(text, LEVEL_MIN, LEVEL_MAX, out, err, size);
}

bool value_movetime(const char *text, int *out, char *err, size_t size)
{
    return value_int(text, 1, MOVETIME_MAX_MS, out, err, size);
}

bool value_engine_sides(const char *text, bool *white, bool *black, char *err, size_t size)
{
    bool w = !strcmp(text, "white") || !strcmp(text, "both"), b = !strcmp(text, "black") || !strcmp(text, "both");
    if (!w && !b && strcmp(text, "none")) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, size, "'%s' is not white, black, both or none", quote(q, text));
        return false;
    }
    *white = w;
    *black = b;
    return true;
}
