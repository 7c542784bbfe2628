/*
 * This machine's memory latency, to judge the transposition table's cost apart from the engine:
 * nanoseconds per dependent load, the loads chasing a random cycle through a region of 1 to 256 MB
 * (advised as huge pages, as the table is). "all lines" uses every cache line of the region;
 * "a line a page" one line of each 4 KB page, so that the data is small and mostly the address
 * translation grows with the region.
 * Build and run: cc -O2 bench/memory-latency.c -o /tmp/memory-latency && taskset -c 1 /tmp/memory-latency
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

enum { LINE = 64, PAGE = 4096, LOADS = 20000000 };

static size_t place(size_t index, size_t unit)
{
    /* A line a page: the line's place in its page varies, so the lines do not share cache sets. */
    return index * unit + (unit == PAGE ? (index % (PAGE / LINE)) * LINE : 0);
}

static double chase(size_t mb, size_t unit)
{
    size_t bytes = mb << 20, count = bytes / unit;
    char *region = aligned_alloc(2u << 20, bytes);
    size_t *order = malloc(count * sizeof *order);
    if (!region || !order) {
        fprintf(stderr, "memory-latency: out of memory at %zu MB\n", mb);
        exit(1);
    }
    madvise(region, bytes, MADV_HUGEPAGE);
    for (size_t i = 0; i < count; i++)
        order[i] = i;
    uint64_t s = 88172645463325252ull;
    for (size_t i = count - 1; i > 0; i--) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        size_t j = s % (i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (size_t i = 0; i < count; i++)
        *(void **)(region + place(order[i], unit)) = region + place(order[(i + 1) % count], unit);
    void **p = (void **)(region + place(order[0], unit));
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < LOADS; i++)
        p = *p;
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (!p)
        puts("unreachable"); /* keeps the chase from being optimised away */
    free(order);
    free(region);
    return ((double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec)) / LOADS;
}

int main(void)
{
    const size_t sizes[] = {1, 2, 4, 8, 16, 32, 64, 256};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        printf("%4zu MB: all lines %6.1f ns   a line a page %6.1f ns\n", sizes[k], chase(sizes[k], LINE),
               chase(sizes[k], PAGE));
    return 0;
}
