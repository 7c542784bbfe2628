/* libFuzzer target: the CTL-AN move reader (C'escacs). */
#include "fuzz_move.h"

static const char *const POSITIONS[] = {
    "startpos",
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/13:3P4/8:3P3/7:4P3/6:2PJP2/"
    "5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr E15@17-19 0 2",
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:pp1epp/22:3jp2/21:4p3/20:3p3/16:2e4/12:2E4/8:3P3/7:4P3/6:3JP2/"
    "5:PP1EPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 6",
    "/24:G4/3:3k/2:K2/ b -- - 0 81",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_move_text("cescacs", POSITIONS, 4, data, size);
    return 0;
}
