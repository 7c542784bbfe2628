/*
 * Make/unmake and the Zobrist key along random legal playouts (fixed seed: the same moves on every
 * machine and build). After every make the incremental key equals pos_compute_key and the position
 * equals its own text read back; after every unmake the whole position (board, bookkeeping, side,
 * rights, en-passant/scornful state, clocks, key, ply and the undo records below it) is restored.
 */
#include "testutil.h"

#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/rules/movegen.h"

enum { SHORT_PLAYOUT = 12, LONG_PLAYOUT = 400 };

static Position *p, *reread, *snaps;

static int setup(void **state)
{
    (void)state;
    p = position_new();
    reread = position_new();
    snaps = malloc((LONG_PLAYOUT + 1) * sizeof *snaps);
    assert_non_null(snaps);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(p);
    free(reread);
    free(snaps);
    return 0;
}

/* Copies what position_difference(.., true) reads: the fields and the undo records below ply. */
static void snapshot(Position *dst, const Position *src)
{
    memcpy(dst, src, offsetof(Position, hist) + (size_t)src->ply * sizeof(Undo));
}

/* Plays up to `plies` random legal moves from p, checking each step; then takes them all back. */
static void playout(Tally *t, const char *where, uint64_t *rng, int plies)
{
    int start_ply = p->ply;
    int played = 0;
    char text[POSITION_TEXT_MAX], err[256], name[MOVE_TEXT_MAX];
    for (; played < plies && p->ply < MAX_GAME_PLY - 1; played++) {
        MoveList ml;
        gen_legal(p, &ml);
        if (ml.count == 0)
            break;
        snapshot(&snaps[played], p);
        Move m = ml.moves[rng_below(rng, ml.count)];
        move_to_text(p, m, name);
        if (move_from_text(p, name) != m)
            tally_fail(t, "%s ply %d: move_from_text does not read back '%s'", where, played + 1, name);
        pos_make(p, m);
        const char *broken = position_consistency(p);
        if (broken) {
            tally_fail(t, "%s: after %s (ply %d): %s", where, name, played + 1, broken);
            played++;
            break;
        }
        pos_to_text(p, text, sizeof text);
        if (!pos_from_text(reread, p->v, text, err, sizeof err)) {
            tally_fail(t, "%s: after %s the position's own text '%s' is refused: %s", where, name, text, err);
        } else {
            scorn_ambiguity(p, reread);
            const char *diff = position_difference(p, reread, false);
            if (diff)
                tally_fail(t, "%s: after %s the position and its text '%s' differ in %s", where, name, text, diff);
        }
    }
    while (played > 0) {
        pos_unmake(p);
        played--;
        const char *diff = position_difference(p, &snaps[played], true);
        const char *broken = position_consistency(p);
        if (diff || broken) {
            tally_fail(t, "%s: unmaking ply %d does not restore the position: %s", where, played + 1,
                       diff ? diff : broken);
            break;
        }
    }
    if (p->ply != start_ply)
        tally_fail(t, "%s: ply %d after unmaking everything, expected %d", where, p->ply, start_ply);
}

static int playouts_from_file(Tally *t, const Variant *v, const char *file, const char *key, uint64_t *rng)
{
    LineReader r;
    assert_true(reader_open(&r, file));
    int records = 0;
    while (reader_next(&r)) {
        records++;
        char where[96], err[256];
        snprintf(where, sizeof where, "%s:%d", file, r.number);
        cJSON *rec = cJSON_Parse(r.line);
        const char *text = json_string(rec, key);
        if (!text || !pos_from_text(p, v, text, err, sizeof err))
            tally_fail(t, "%s: unreadable position", where);
        else
            playout(t, where, rng, SHORT_PLAYOUT);
        cJSON_Delete(rec);
    }
    reader_close(&r);
    return records;
}

static void test_playouts_cescacs(void **state)
{
    (void)state;
    Tally t = {0};
    uint64_t rng = 1;
    int n = playouts_from_file(&t, variant_find("cescacs"), "cescacs/positions.jsonl", "pdtl", &rng);
    assert_int_equal(t.failures, 0);
    assert_int_equal(n, 5162);
}

static void test_playouts_glinski(void **state)
{
    (void)state;
    Tally t = {0};
    uint64_t rng = 2;
    int n = playouts_from_file(&t, variant_find("glinski"), "glinski/positions.jsonl", "fen", &rng);
    assert_int_equal(t.failures, 0);
    assert_int_equal(n, 1503);
}

/* Whole random games from the start: deep undo stacks, promotions, long clocks. */
static void test_long_games(void **state)
{
    (void)state;
    Tally t = {0};
    uint64_t rng = 3;
    for (int game = 0; game < 16; game++) {
        const char *name = game % 2 ? "glinski" : "cescacs";
        char where[64];
        snprintf(where, sizeof where, "%s random game %d", name, game / 2 + 1);
        pos_set_start(p, variant_find(name));
        Position *start = &snaps[LONG_PLAYOUT];
        snapshot(start, p);
        playout(&t, where, &rng, LONG_PLAYOUT);
        const char *diff = position_difference(p, start, true);
        if (diff)
            tally_fail(&t, "%s: not back to the start position: %s", where, diff);
    }
    assert_int_equal(t.failures, 0);
}

/* Clocks read from text may be large; make/unmake must give them back unchanged. */
static void test_large_clocks(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *text, *move;
    } cases[] = {
        {"cescacs", "/27:dk/25:r3/3:R3/1:DK/ w -- - 70000 9000", "RC3-C5"},
        {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 99999 50000", "d1c3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256], text[POSITION_TEXT_MAX];
        const Variant *v = variant_find(cases[i].variant);
        if (!pos_from_text(p, v, cases[i].text, err, sizeof err))
            print_error("%s: %s\n", cases[i].text, err);
        assert_true(pos_from_text(p, v, cases[i].text, err, sizeof err));
        Move m = move_from_text(p, cases[i].move);
        assert_int_not_equal(m, MOVE_NONE);
        pos_make(p, m);
        pos_unmake(p);
        pos_to_text(p, text, sizeof text);
        assert_string_equal(text, cases[i].text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_playouts_cescacs),
        cmocka_unit_test(test_playouts_glinski),
        cmocka_unit_test(test_long_games),
        cmocka_unit_test(test_large_clocks),
    };
    return cmocka_run_group_tests_name("position", tests, setup, teardown);
}
