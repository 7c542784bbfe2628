/* Shared by the record targets: every game of the input read and played, the clean ones handed on. */
#ifndef HEXCHESS_FUZZ_RECORD_H
#define HEXCHESS_FUZZ_RECORD_H

#include "../src/core/notation/recplay.h"
#include "../src/core/notation/recread.h"
#include "../src/core/notation/recwrite.h"
#include "fuzz_common.h"

/* Reads every game of the input (the variant of a game without label from the first byte's
 * parity), plays it, and calls clean for each that plays without error. */
static inline void fuzz_clean_games(const uint8_t *data, size_t size, void (*clean)(const Game *, const PlayReport *))
{
    static Position p;
    if (size > 20000)
        return;
    char *text = fuzz_text(data, size);
    const Variant *fallback = variant_find(size && data[0] & 1 ? "glinski" : "cescacs");
    RecordReader r;
    record_reader_init(&r, "fuzz", text, size, fallback);
    Game g;
    while (record_read_game(&r, &g)) {
        PlayReport rep;
        game_play(&g, &p, NULL, &rep);
        if (!rep.error.failed)
            clean(&g, &rep);
        game_free(&g);
    }
    free(text);
}

#endif
