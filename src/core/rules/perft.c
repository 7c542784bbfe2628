#include "perft.h"

#include "movegen.h"

uint64_t perft(Position *p, int depth)
{
    if (depth <= 0)
        return 1;
    /* Bulk counting: the last ply is counted, not played. */
    if (depth == 1)
        return (uint64_t)count_legal(p);
    MoveList ml;
    gen_legal(p, &ml);
    uint64_t nodes = 0;
    for (int i = 0; i < ml.count; i++) {
        pos_make(p, ml.moves[i]);
        nodes += perft(p, depth - 1);
        pos_unmake(p);
    }
    return nodes;
}
