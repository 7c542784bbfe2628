/* libFuzzer target: the Glinski move readers (SAN, full algebraic, coordinates, digital). */
#include "fuzz_move.h"

static const char *const POSITIONS[] = {
    "startpos",
    "b/qbk/n1b1n/r5r/pppp1pppp/6p4/5P5/4P6/3P1B1PN2/2P2B2P2/1PRNQBK1RP1 b - 1 2",
    "1/3/5/3nnk1/3B2p1p/1p2p3p2/4PP1P3/N7P2/6b2P1/5q5/6K4 w - 6 32",
    "1/1R1/5/7/8p/5pQBk2/8p2/1N4PP3/1PP8/8P2/6KN3 b - 0 32",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_move_text("glinski", POSITIONS, 4, data, size);
    return 0;
}
