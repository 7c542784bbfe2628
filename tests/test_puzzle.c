/* The puzzle verifier and miner (core/engine/puzzle.h) on known positions: the mates of
 * tests/data/puzzles.txt, a hung queen, and a self-play game. */
#include "testutil.h"

#include "core/engine/puzzle.h"
#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/rules/movegen.h"

static Position pos;

static void search_depth(SearchLimits *l, int depth)
{
    search_limits_init(l);
    l->depth = depth;
}

/* A mate in one with a single mating move is a mate1 puzzle with that move, unless another move
 * wins nearly as surely (then it is no puzzle: nothing to find); one with several mating moves
 * is never a puzzle. */
static void test_known_mates(void **state)
{
    (void)state;
    Engine *e = engine_new();
    assert_non_null(e);
    LineReader r;
    reader_open(&r, "puzzles.txt");
    Puzzle z;
    SearchLimits limits;
    search_depth(&limits, 4);
    int single = 0, verified = 0, several = 0;
    Tally t = {0};
    while (puzzle_next(&r, &z)) {
        if (strcmp(z.kind, "mate"))
            continue;
        char err[256];
        assert_true(pos_from_text(&pos, get(z.variant), z.position, err, sizeof err));
        engine_new_game(e);
        PuzzleSolution s;
        bool ok = puzzle_verify(e, &pos, &limits, &s);
        char first[MOVE_TEXT_MAX] = "";
        if (ok)
            move_to_text(&pos, s.line[0], first);
        if (strchr(z.answer, ' ')) {
            several++;
            if (ok)
                tally_fail(&t, "line %d: several mates, yet a puzzle with %s", r.number, first);
            continue;
        }
        single++;
        if (!ok)
            continue;
        verified++;
        if (s.mate_moves != 1 || s.length != 1 || strcmp(first, z.answer))
            tally_fail(&t, "line %d: mate%d in %d moves, first %s; expected %s", r.number, s.mate_moves, s.length,
                       first, z.answer);
    }
    reader_close(&r);
    print_message("%d single mates (%d puzzles), %d with several mates\n", single, verified, several);
    /* Most single mates of the file come with a second move that mates later or wins anyway. */
    assert_true(several >= 5);
    assert_true(verified >= 3);
    assert_int_equal(t.failures, 0);
    engine_free(e);
}

static void test_hung_queen(void **state)
{
    (void)state;
    Engine *e = engine_new();
    assert_non_null(e);
    /* 1. b2 h6 2. Qb4: Black's queen takes White's for nothing (tests/data/glinski/review/queen-trade.pgn). */
    char err[256];
    assert_true(pos_from_text(&pos, get("glinski"), "startpos", err, sizeof err));
    const char *const moves[] = {"b1b2", "h7h6", "e1b4"};
    for (int i = 0; i < 3; i++)
        pos_make(&pos, move_from_text(&pos, moves[i]));
    char before[POSITION_TEXT_MAX], after[POSITION_TEXT_MAX];
    pos_to_text(&pos, before, sizeof before);
    SearchLimits limits;
    search_depth(&limits, 6);
    PuzzleSolution s;
    assert_true(puzzle_verify(e, &pos, &limits, &s));
    pos_to_text(&pos, after, sizeof after);
    assert_string_equal(before, after);
    char theme[16], first[MOVE_TEXT_MAX];
    puzzle_theme(&s, theme, sizeof theme);
    assert_string_equal(theme, "material");
    move_to_text(&pos, s.line[0], first);
    assert_string_equal(first, "e10b4");
    assert_int_equal(s.length, 1);
    assert_int_equal(s.gain, pos.v->desc->pieces[QUEEN].value);
    /* The start position has no winning move. */
    assert_true(pos_from_text(&pos, get("glinski"), "startpos", err, sizeof err));
    assert_false(puzzle_verify(e, &pos, &limits, &s));
    engine_free(e);
}

/* A mistake that hands the opponent a won game is a candidate; one in a game already won, or a
 * move that is merely inaccurate, is not. */
static void test_candidates(void **state)
{
    (void)state;
    ReviewedMove m = {.ply = 9, .mover = WHITE, .judgement = CLASS_BLUNDER};
    m.before.cp = 20;
    m.after.cp = -600;
    assert_true(puzzle_candidate(&m));
    m.judgement = CLASS_MISTAKE;
    assert_true(puzzle_candidate(&m));
    m.judgement = CLASS_INACCURACY;
    assert_false(puzzle_candidate(&m));
    m.judgement = CLASS_BLUNDER;
    m.before.cp = -500; /* Black was winning already */
    assert_false(puzzle_candidate(&m));
    m.before.cp = 20;
    m.after.cp = -100; /* Black better, not clearly winning */
    assert_false(puzzle_candidate(&m));
    m.after = (Evaluation){.is_mate = true, .mater = BLACK, .mate_moves = 2};
    assert_true(puzzle_candidate(&m));
    /* Black's blunder gives White the puzzle. */
    m.mover = BLACK;
    m.after = (Evaluation){.cp = 600};
    assert_true(puzzle_candidate(&m));
}

/* Self-play: legal, the same game from the same seed, another from another seed. */
static void test_self_play(void **state)
{
    (void)state;
    Engine *e = engine_new();
    assert_non_null(e);
    static Position start;
    static Move a[200], b[200], c[200];
    pos_set_start(&start, get("glinski"));
    uint64_t rng = 7;
    int na = puzzle_self_play(e, &start, &rng, 4, 2, a, 200);
    rng = 7;
    engine_new_game(e);
    int nb = puzzle_self_play(e, &start, &rng, 4, 2, b, 200);
    rng = 8;
    int nc = puzzle_self_play(e, &start, &rng, 4, 2, c, 200);
    assert_true(na > 4);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, sizeof(Move) * (size_t)na);
    assert_true(nc != na || memcmp(a, c, sizeof(Move) * (size_t)na) != 0);
    pos = start;
    for (int i = 0; i < na; i++) {
        assert_true(move_is_legal(&pos, a[i]));
        pos_make(&pos, a[i]);
    }
    Verdict v;
    arbiter_judge(&pos, &v);
    assert_true(na == 200 || v.outcome != OUTCOME_NONE);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_mates),
        cmocka_unit_test(test_hung_queen),
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_self_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
