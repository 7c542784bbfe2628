/* Large zeroed blocks (the transposition table, the search threads' histories), in huge pages where
 * the system offers them. */
#ifndef HEXCHESS_BIGALLOC_H
#define HEXCHESS_BIGALLOC_H

#include <stddef.h>

/* A zeroed block of at least bytes, freed with free(); NULL when out of memory. */
void *big_calloc(size_t bytes);

#endif
