/* libFuzzer target: the PDTL reader (C'escacs positions). */
#include "fuzz_position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_position_text("cescacs", data, size);
    return 0;
}
