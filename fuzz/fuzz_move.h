/*
 * CTL-AN and SAN targets share one body. The first byte picks a position (the start, or one
 * reached by a few moves); the rest is a move token. An accepted move must be legal, and every
 * style it can be written in must read back to the same move.
 */
#ifndef HEXCHESS_FUZZ_MOVE_H
#define HEXCHESS_FUZZ_MOVE_H

#include "../src/core/notation/movetext.h"
#include "../src/core/notation/postext.h"
#include "../src/core/rules/movegen.h"
#include "fuzz_common.h"

static inline void fuzz_move_text(const char *variant, const char *const *positions, int position_nb,
                                  const uint8_t *data, size_t size)
{
    static Position p;
    if (size < 1)
        return;
    const Variant *v = variant_find(variant);
    char err[256];
    if (!pos_from_text(&p, v, positions[data[0] % position_nb], err, sizeof err))
        abort();
    char *token = fuzz_text(data + 1, size - 1);
    for (int set = -1; letter_set_names[set < 0 ? 0 : set]; set++) {
        Letters l;
        if (set < 0)
            letters_default(&l, v);
        else if (!letters_named(&l, v, letter_set_names[set]))
            continue;
        MoveMarks marks;
        char why[REASON_MAX];
        Move m = movetext_read(&p, &l, token, &marks, why, sizeof why);
        if (m == MOVE_NONE)
            continue;
        FUZZ_REQUIRE(move_is_legal(&p, m), "'%s' read as an illegal move", token);
        static const MoveStyle STYLES[] = {STYLE_STANDARD, STYLE_FULL, STYLE_COORD, STYLE_DIGITAL, STYLE_ASCII};
        static const char *const NAMES[] = {"standard", "full", "coord", "digital", "ascii"};
        for (int s = 0; s < 5; s++) {
            MoveStyle style;
            if (!move_style_named(v, NAMES[s], &style) || style != STYLES[s])
                continue;
            char text[MOVETEXT_MAX];
            movetext_write(&p, m, style, &l, text);
            Move back = movetext_read(&p, &l, text, &marks, why, sizeof why);
            FUZZ_REQUIRE(back == m, "'%s' written as %s '%s' reads back as another move: %s", token, NAMES[s], text,
                         why);
        }
    }
    free(token);
}

#endif
