/*
 * libFuzzer target: the position validator, on positions read from text and on positions built
 * man by man from the input (every field set directly, including states no text expresses).
 * It must never crash, and a position it accepts must be safe to play: no legal move takes a king
 * or leaves the mover's king attacked, every position one legal move on is accepted too, and the
 * position written as text reads back as the same text and is accepted again.
 *
 * Input: byte 0 chooses the variant (bit 0), text or men (bit 1), starting the men from the set-up
 * (bit 2) and the "no castling" option (bit 3). Text: the rest of the input. Men: six state bytes
 * (turn and rights, en-passant pawn, two skipped hexes, scornful pawn, one capturer), then byte
 * pairs, each putting a man on an empty hex (a king only where its side has none) or taking the man
 * off an occupied one.
 */
#include "../src/core/notation/postext.h"
#include "../src/core/rules/movegen.h"
#include "../src/core/rules/validate.h"
#include "fuzz_common.h"

static int cell_or_none(const Variant *v, uint8_t b) { return b < v->geo.cell_count ? b : NO_CELL; }

static void build_from_men(Position *p, const Variant *v, bool from_setup, const uint8_t *data, size_t size)
{
    if (from_setup)
        pos_set_start(p, v);
    else
        pos_clear(p, v);
    if (size < 6)
        return;
    p->stm = (Color)(data[0] & 1);
    p->rights = (uint8_t)(data[0] >> 1 & 077);
    p->ep_victim = (uint8_t)cell_or_none(v, data[1]);
    p->ep_target[0] = (uint8_t)cell_or_none(v, data[2]);
    p->ep_target[1] = (uint8_t)cell_or_none(v, data[3]);
    p->scorn_victim = (uint8_t)cell_or_none(v, data[4]);
    p->scorn_capturer[0] = (uint8_t)cell_or_none(v, data[5]);
    PieceType types[PIECE_TYPE_NB];
    int type_nb = 0;
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        if (v->desc->pieces[t].letter)
            types[type_nb++] = (PieceType)t;
    for (size_t i = 6; i + 1 < size; i += 2) {
        int cell = data[i] % v->geo.cell_count;
        if (p->board[cell]) {
            pos_remove(p, cell);
            continue;
        }
        Color c = (Color)(data[i + 1] & 1);
        PieceType t = types[(data[i + 1] >> 1) % type_nb];
        /* Position keeps one king hex a side: a second king is the text reader's case. */
        if (p->men_count[c] < MAX_PIECES_PER_SIDE && !(t == KING && p->count[c][KING]))
            pos_put(p, make_piece(c, t), cell);
    }
    p->key = pos_compute_key(p);
}

static void require_safe_to_play(Position *p, const char *text)
{
    char err[256], child[POSITION_TEXT_MAX];
    Color us = p->stm;
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.count; i++) {
        Move m = ml.moves[i];
        FUZZ_REQUIRE(piece_type(p->board[move_to(m)]) != KING, "a legal move of '%s' takes a king", text);
        pos_make(p, m);
        FUZZ_REQUIRE(!pos_attacked(p, p->king[us], p->stm), "a legal move of '%s' leaves the king attacked", text);
        if (!pos_validate(p, err, sizeof err)) {
            pos_to_text(p, child, sizeof child);
            FUZZ_REQUIRE(false, "'%s', one legal move on from '%s', refused: %s", child, text, err);
        }
        pos_unmake(p);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Position p, q;
    if (size < 1)
        return 0;
    const Variant *v = variant_find(data[0] & 1 ? "glinski" : "cescacs");
    bool castling = !(data[0] & 8);
    char err[256], out[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX];
    if (data[0] & 2) {
        char *text = fuzz_text(data + 1, size - 1);
        bool read = pos_from_text_unvalidated(&p, v, text, err, sizeof err);
        free(text);
        if (!read)
            return 0;
    } else {
        build_from_men(&p, v, data[0] & 4, data + 1, size - 1);
    }
    p.castling_allowed = p.castling_allowed && castling;
    if (!pos_validate(&p, err, sizeof err)) {
        FUZZ_REQUIRE(*err && !strchr(err, '\n'), "a refusal in one line, not '%s'", err);
        return 0;
    }
    pos_to_text(&p, out, sizeof out);
    FUZZ_REQUIRE(pos_from_text_unvalidated(&q, v, out, err, sizeof err), "'%s' reads back: %s", out, err);
    q.castling_allowed = p.castling_allowed;
    FUZZ_REQUIRE(pos_validate(&q, err, sizeof err), "'%s' read back is refused: %s", out, err);
    pos_to_text(&q, again, sizeof again);
    FUZZ_REQUIRE(!strcmp(out, again), "'%s' then '%s'", out, again);
    require_safe_to_play(&p, out);
    return 0;
}
