/* libFuzzer target: the FEN reader (Glinski positions). */
#include "fuzz_position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_position_text("glinski", data, size);
    return 0;
}
