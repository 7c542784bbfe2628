/* Shared helpers of the libFuzzer targets: input as a C string, crash on a broken property. */
#ifndef HEXCHESS_FUZZ_COMMON_H
#define HEXCHESS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input with a terminating NUL (inputs are bytes; readers take strings). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

#define FUZZ_REQUIRE(cond, ...)                                                                                   \
    do {                                                                                                          \
        if (!(cond)) {                                                                                            \
            fprintf(stderr, "property broken: %s: ", #cond);                                                      \
            fprintf(stderr, __VA_ARGS__);                                                                         \
            fprintf(stderr, "\n");                                                                                \
            abort();                                                                                              \
        }                                                                                                         \
    } while (0)

#endif
