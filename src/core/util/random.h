/*
 * splitmix64: the one small generator of the project (Zobrist keys, tablebase samples, the tuner's
 * splits), whose sequence for a given seed is the same on every machine and in every build.
 */
#ifndef HEXCHESS_RANDOM_H
#define HEXCHESS_RANDOM_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
