/* PDTL and FEN targets share one body: read, and if the text is accepted, write and read back. */
#ifndef HEXCHESS_FUZZ_POSITION_H
#define HEXCHESS_FUZZ_POSITION_H

#include "../src/core/notation/postext.h"
#include "../src/core/rules/movegen.h"
#include "fuzz_common.h"

static inline void fuzz_position_text(const char *variant, const uint8_t *data, size_t size)
{
    static Position p, q;
    const Variant *v = variant_find(variant);
    char *text = fuzz_text(data, size);
    char err[256];
    if (pos_from_text(&p, v, text, err, sizeof err)) {
        char out[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX];
        pos_to_text(&p, out, sizeof out);
        FUZZ_REQUIRE(pos_from_text(&q, v, out, err, sizeof err), "'%s' written from '%s' reads back: %s", out, text,
                     err);
        pos_to_text(&q, again, sizeof again);
        FUZZ_REQUIRE(!strcmp(out, again), "'%s' then '%s'", out, again);
        MoveList ml;
        gen_legal(&p, &ml); /* an accepted position must be safe to play in */
    }
    free(text);
}

#endif
