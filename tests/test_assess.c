/* The judge of moves (core/engine/assess.h): the win-probability model, the class thresholds, the mate
 * rules, accuracy and how evaluations are written; and the review of a line (core/engine/review.h). */
#include <math.h>

#include "testutil.h"

#include "core/engine/assess.h"
#include "core/engine/review.h"
#include "core/notation/notation.h"
#include "core/notation/postext.h"

static Evaluation cp(int centipawns)
{
    Evaluation e = {.cp = centipawns};
    return e;
}

static Evaluation mate(Color mater, int moves)
{
    Evaluation e = {.is_mate = true, .mater = mater, .mate_moves = moves};
    return e;
}

/* The centipawns at which the expected score is share, from the logistic's definition (slope
 * 0.00368208 a centipawn): the boundaries the class thresholds fall on. */
static double cp_at(double share)
{
    return log(share / (1.0 - share)) / 0.00368208;
}

static void test_win_expectation(void **state)
{
    (void)state;
    assert_true(fabs(win_expectation(0) - 0.5) < 1e-12);
    for (int x = -1200; x <= 1200; x += 50) {
        assert_true(fabs(win_expectation(x) + win_expectation(-x) - 1.0) < 1e-12);
        if (x >= -1000 && x < 1000)
            assert_true(win_expectation(x + 1) > win_expectation(x));
    }
    /* A pawn is worth about 9 points of expected score; 1000 centipawns about 97.5%. */
    assert_true(fabs(win_expectation(100) - 0.5910) < 1e-3);
    assert_true(fabs(win_expectation(1000) - 0.9755) < 1e-3);
    /* Beyond the ceiling every lead is the same. */
    assert_true(win_expectation(5000) == win_expectation(1000));
    assert_true(win_expectation(-5000) == win_expectation(-1000));
    /* A mate counts as the ceiling. */
    Evaluation m = mate(WHITE, 3);
    assert_true(eval_expectation(&m, WHITE) == win_expectation(1000));
    assert_true(eval_expectation(&m, BLACK) == win_expectation(-1000));
    /* Back and forth: the lead that scores a share. */
    assert_int_equal(cp_of_expectation(0.5), 0);
    assert_int_equal(cp_of_expectation(0.75), (int)lround(cp_at(0.75)));
    assert_int_equal(cp_of_expectation(1.0), 1000);
}

/* From an even position, a move by mover that leaves the evaluation at cp (White's side). */
static MoveClass from_even(Color mover, int white_cp)
{
    Evaluation before = cp(0), after = cp(white_cp);
    return assess_move(&before, &after, mover, false);
}

static void test_thresholds(void **state)
{
    (void)state;
    /* Losses of 5, 10 and 15 points of expected score from 50%: the lead the opponent gets. */
    static const struct {
        double share;
        MoveClass below, above;
    } edges[] = {{0.45, CLASS_GOOD, CLASS_INACCURACY},
                 {0.40, CLASS_INACCURACY, CLASS_MISTAKE},
                 {0.35, CLASS_MISTAKE, CLASS_BLUNDER}};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        int edge = (int)cp_at(edges[i].share); /* negative: towards Black */
        assert_int_equal(from_even(WHITE, edge + 1), edges[i].below);
        assert_int_equal(from_even(WHITE, edge - 1), edges[i].above);
        /* The same for Black, mirrored. */
        assert_int_equal(from_even(BLACK, -edge - 1), edges[i].below);
        assert_int_equal(from_even(BLACK, -edge + 1), edges[i].above);
    }
    /* A gain is never a mistake; the engine's own move is best whatever the numbers say. */
    assert_int_equal(from_even(WHITE, 300), CLASS_GOOD);
    Evaluation before = cp(0), after = cp(-900);
    assert_int_equal(assess_move(&before, &after, WHITE, true), CLASS_BEST);
    /* The same loss in points matters less far from even: -900 to -1000 costs little. */
    before = cp(-900);
    after = cp(-1000);
    assert_int_equal(assess_move(&before, &after, WHITE, false), CLASS_GOOD);
}

static void test_mate_rules(void **state)
{
    (void)state;
    Evaluation even = cp(0), lost = cp(-800), hopeless = cp(-1200), won = cp(1200), better = cp(800);
    Evaluation black_mates = mate(BLACK, 2), white_mates = mate(WHITE, 3), white_slower = mate(WHITE, 5);
    /* Letting a mate in: a blunder from an even game, less from a game already lost. */
    assert_int_equal(assess_move(&even, &black_mates, WHITE, false), CLASS_BLUNDER);
    assert_int_equal(assess_move(&lost, &black_mates, WHITE, false), CLASS_MISTAKE);
    assert_int_equal(assess_move(&hopeless, &black_mates, WHITE, false), CLASS_INACCURACY);
    /* Missing one's own mate: by how won the game stays. */
    assert_int_equal(assess_move(&white_mates, &even, WHITE, false), CLASS_BLUNDER);
    assert_int_equal(assess_move(&white_mates, &better, WHITE, false), CLASS_MISTAKE);
    assert_int_equal(assess_move(&white_mates, &won, WHITE, false), CLASS_INACCURACY);
    assert_int_equal(assess_move(&white_mates, &black_mates, WHITE, false), CLASS_BLUNDER);
    /* A slower mate still wins. */
    assert_int_equal(assess_move(&white_mates, &white_slower, WHITE, false), CLASS_GOOD);
    /* Black's move that lets White mate: the mate is White's, the blunder Black's. */
    assert_int_equal(assess_move(&even, &white_mates, BLACK, false), CLASS_BLUNDER);
    assert_string_equal(move_class_name(CLASS_INACCURACY), "inaccuracy");
}

static void test_eval_text(void **state)
{
    (void)state;
    static const struct {
        Evaluation e;
        const char *text;
    } cases[] = {{{.cp = 35}, "+0.35"},        {{.cp = -120}, "-1.20"},     {{.cp = 0}, "0.00"},
                 {{.cp = -5}, "-0.05"},        {{.cp = 1234}, "+12.34"},    {{true, 0, 3, WHITE}, "#3"},
                 {{true, 0, 2, BLACK}, "#-2"}, {{true, 0, 0, WHITE}, "#0"}, {{true, 0, 0, BLACK}, "#-0"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[32];
        eval_text(&cases[i].e, buf, sizeof buf);
        assert_string_equal(buf, cases[i].text);
    }
}

static void test_accuracy(void **state)
{
    (void)state;
    assert_true(move_accuracy(0.6, 0.6) == 100.0);
    assert_true(move_accuracy(0.6, 0.7) == 100.0);
    assert_true(move_accuracy(0.6, 0.5) < move_accuracy(0.6, 0.55));
    assert_true(move_accuracy(0.9, 0.0) == 0.0);
    /* Nobody loses anything: 100% each. */
    double flat[11], acc[COLOR_NB];
    bool has[COLOR_NB];
    for (int i = 0; i < 11; i++)
        flat[i] = 0.5;
    game_accuracy(flat, 11, WHITE, acc, has);
    assert_true(has[WHITE] && has[BLACK]);
    assert_true(fabs(acc[WHITE] - 100.0) < 1e-9 && fabs(acc[BLACK] - 100.0) < 1e-9);
    /* White throws the game away at its third move; Black only collects. */
    double swing[11] = {0.5, 0.5, 0.5, 0.5, 0.5, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
    game_accuracy(swing, 11, WHITE, acc, has);
    assert_true(acc[WHITE] < 80.0);
    assert_true(fabs(acc[BLACK] - 100.0) < 1e-9);
    /* One move: only the side that made it has an accuracy. */
    game_accuracy(flat, 2, BLACK, acc, has);
    assert_true(has[BLACK] && !has[WHITE]);
}

typedef struct {
    int count;
    ReviewedMove moves[8];
} Collected;

static void collect(Position *before, const ReviewedMove *m, void *ctx)
{
    (void)before;
    Collected *c = ctx;
    if (c->count < 8)
        c->moves[c->count++] = *m;
}

/* Reviews the moves (coordinate notation) of Gliński from its start at the depth. */
static void review_moves(Engine *e, const char *const *texts, int count, int depth, Collected *out)
{
    static Position p, start;
    Move moves[8];
    char err[128];
    assert_true(pos_from_text(&start, get("glinski"), "startpos", err, sizeof err));
    p = start;
    for (int i = 0; i < count; i++) {
        moves[i] = move_from_text(&p, texts[i]);
        assert_int_not_equal(moves[i], MOVE_NONE);
        pos_make(&p, moves[i]);
    }
    Review r = {e, NULL, {0}, collect, out};
    search_limits_init(&r.limits);
    r.limits.depth = depth;
    ReviewSummary sum;
    memset(out, 0, sizeof *out);
    engine_new_game(e);
    assert_true(review_line(&r, &start, moves, count, &sum));
    assert_int_equal(sum.plies, count);
    assert_int_equal(out->count, count);
}

static void test_review_line(void **state)
{
    (void)state;
    Engine *e = engine_new();
    assert_non_null(e);
    /* The queen left to the bishop on f9 (tests/data/glinski/review/hung-queen.pgn), then taken. */
    const char *const hung[] = {"e4e5", "e7e6", "e1c3", "f9c3"};
    Collected a, b;
    review_moves(e, hung, 4, 5, &a);
    assert_int_equal(a.moves[2].judgement, CLASS_BLUNDER);
    assert_int_equal(a.moves[2].mover, WHITE);
    assert_true(a.moves[2].best != a.moves[2].played);
    assert_true(!a.moves[2].after.is_mate && a.moves[2].after.cp < -500);
    assert_int_equal(a.moves[3].judgement, CLASS_BEST);
    /* Each move's evaluation after is the next one's before. */
    for (int i = 0; i + 1 < a.count; i++)
        assert_memory_equal(&a.moves[i].after, &a.moves[i + 1].before, sizeof(Evaluation));
    /* At a fixed depth the review is the same every time. */
    review_moves(e, hung, 4, 5, &b);
    assert_memory_equal(a.moves, b.moves, sizeof(ReviewedMove) * 4);
    /* Fool's mate (tests/data/glinski/games/FoolsMate.pgn): the last move mates on the board. */
    const char *const fools[] = {"e1c3", "e10c6", "b1b2", "b7b6", "f3b1", "e7e6", "c3f9"};
    review_moves(e, fools, 7, 4, &a);
    assert_true(a.moves[6].after.is_mate && a.moves[6].after.mate_moves == 0 && a.moves[6].after.mater == WHITE);
    assert_true(a.moves[5].after.is_mate && a.moves[5].after.mater == WHITE && a.moves[5].after.mate_moves == 1);
    assert_int_equal(a.moves[5].judgement, CLASS_BLUNDER);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_expectation), cmocka_unit_test(test_thresholds), cmocka_unit_test(test_mate_rules),
        cmocka_unit_test(test_eval_text),       cmocka_unit_test(test_accuracy),   cmocka_unit_test(test_review_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
