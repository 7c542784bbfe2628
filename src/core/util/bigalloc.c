/* For madvise's MADV_HUGEPAGE, where the system has it. */
#define _DEFAULT_SOURCE
#include "bigalloc.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* The size of a huge page on x86-64 and arm64 Linux. */
enum { HUGE_PAGE = 2 * 1024 * 1024 };

void *big_calloc(size_t bytes)
{
    /* A block of whole huge pages spares most of its random reads a page-table walk, which in a
     * virtual machine costs several memory reads. Smaller blocks are not worth a huge page each. */
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    if (bytes % align)
        bytes += align - bytes % align;
    void *block = aligned_alloc(align, bytes);
    if (!block)
        return NULL;
#if defined(MADV_HUGEPAGE)
    if (align == HUGE_PAGE)
        madvise(block, bytes, MADV_HUGEPAGE); /* only advice: a refusal leaves normal pages */
#endif
    memset(block, 0, bytes);
    return block;
}
