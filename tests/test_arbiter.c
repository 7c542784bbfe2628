/*
 * The arbiter's verdicts on the endings players and clocks make (resignation, agreement, a claim,
 * a flag fall with and without mating material, a forfeit, an abort) and the texts every front end writes
 * from a verdict, read back as they were written.
 */
#include "testutil.h"

#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/rules/arbiter.h"

static Position *at(const char *variant, const char *text)
{
    static Position p;
    char err[256];
    if (!pos_from_text(&p, get(variant), text, err, sizeof err))
        fail_msg("bad position %s: %s", text, err);
    return &p;
}

/* Gliński after Fool's mate: White has mated. */
static Position *mated(void)
{
    static const char *const FOOL[] = {"e1c3", "e10c6", "b1b2", "b7b6", "f3b1", "e7e6", "c3f9"};
    Position *p = at("glinski", "startpos");
    for (int i = 0; i < 7; i++)
        pos_make(p, move_from_text(p, FOOL[i]));
    return p;
}

static void test_players_end_a_game(void **state)
{
    (void)state;
    Verdict v;
    Position *p = at("glinski", "startpos");
    assert_true(arbiter_resign(p, WHITE, &v));
    assert_int_equal(v.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(v.reason, END_RESIGNATION);
    assert_true(arbiter_agree_draw(p, &v));
    assert_int_equal(v.outcome, OUTCOME_DRAW);
    assert_int_equal(v.reason, END_AGREEMENT);
    assert_true(arbiter_forfeit(p, BLACK, &v));
    assert_int_equal(v.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(v.reason, END_FORFEIT);
    /* Nothing to claim at the start: the verdict stays as it was. */
    assert_false(arbiter_claim_draw(p, &v));
    assert_int_equal(v.reason, END_FORFEIT);
    /* C'escacs: the 50-move rule may be claimed before the 75-move rule draws. */
    p = at("cescacs", "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/"
                      "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 100 60");
    assert_true(arbiter_claim_draw(p, &v));
    assert_int_equal(v.outcome, OUTCOME_DRAW);
    assert_int_equal(v.reason, END_CLAIM);
    assert_int_equal(v.claimable, DRAW_MOVE_RULE);
    /* After a mate no one resigns, agrees, claims or loses on time. */
    p = mated();
    Verdict before = {OUTCOME_NONE, END_NONE, DRAW_NONE};
    v = before;
    assert_false(arbiter_resign(p, BLACK, &v));
    assert_false(arbiter_agree_draw(p, &v));
    assert_false(arbiter_flag_fall(p, BLACK, &v));
    assert_int_equal(v.outcome, OUTCOME_NONE);
}

/* An abort ends a game that has not really begun: until each side has moved, with no result,
 * worth nothing to either side, and read back from what the store writes. */
static void test_abort(void **state)
{
    (void)state;
    const Variant *v = get("glinski");
    Position *p = at("glinski", "startpos");
    Verdict vd;
    assert_true(arbiter_abort(p, 0, &vd));
    assert_int_equal(vd.outcome, OUTCOME_ABORTED);
    assert_int_equal(vd.reason, END_ABORTED);
    assert_true(arbiter_abort(p, 1, &vd));
    assert_false(arbiter_abort(p, 2, &vd));
    assert_false(arbiter_abort(mated(), 1, &vd));
    vd = (Verdict){OUTCOME_ABORTED, END_ABORTED, DRAW_NONE};
    Color winner;
    assert_false(verdict_winner(&vd, &winner));
    assert_string_equal(outcome_text(v, vd.outcome), "*");
    char text[64], reason[32];
    verdict_text(v, &vd, text, (int)sizeof text);
    assert_string_equal(text, "Game aborted");
    verdict_reason_text(v, &vd, reason, (int)sizeof reason);
    assert_string_equal(reason, "aborted");
    Verdict back;
    assert_true(verdict_parse(v, outcome_text(v, vd.outcome), reason, &back));
    assert_int_equal(back.outcome, OUTCOME_ABORTED);
    assert_int_equal(back.reason, END_ABORTED);
    assert_false(verdict_parse(v, "*", "", &back));
}

static void test_flag_fall(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *position;
        Color flagged;
        Outcome outcome;
    } CASES[] = {
        {"glinski", "startpos", WHITE, OUTCOME_BLACK_WINS},
        {"cescacs", "startpos", BLACK, OUTCOME_WHITE_WINS},
        /* A queen mates: Black wins on time. */
        {"glinski", "1/3/5/7/9/11/11/11/11/5q5/6K1k2 w - 0 60", WHITE, OUTCOME_BLACK_WINS},
        /* A pawn may promote. */
        {"glinski", "1/3/5/7/9/11/5p5/11/11/11/6K1k2 w - 0 60", WHITE, OUTCOME_BLACK_WINS},
        /* A lone knight may mate with the help of the other side's men. */
        {"glinski", "1/3/5/7/9/11/11/11/5Q5/5n5/6K1k2 w - 0 60", WHITE, OUTCOME_BLACK_WINS},
        /* A bare king never mates: where a stalemate is a draw, it cannot win on time. */
        {"mccooey", "1/3/5/7/9/11/11/11/11/5q5/6K1k2 w - 0 60", BLACK, OUTCOME_DRAW},
        /* In Gliński it may still stalemate the queen's side. */
        {"glinski", "1/3/5/7/9/11/11/11/11/5q5/6K1k2 w - 0 60", BLACK, OUTCOME_WHITE_WINS},
        /* McCooey: K + a bishop on hexes of a colour that can mate a bare king wins on time, ... */
        {"mccooey", "1/3/5/7/9/11/11/11/11/5B5/6K1k2 w - 0 60", BLACK, OUTCOME_WHITE_WINS},
        /* ... one on the medium hexes (tb dead) never can, even against a knight that could mate. */
        {"mccooey", "1/3/5/7/9/11/11/11/5B5/2n8/6K1k2 w - 0 60", BLACK, OUTCOME_DRAW},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Verdict v;
        Position *p = at(CASES[i].variant, CASES[i].position);
        if (!arbiter_flag_fall(p, CASES[i].flagged, &v))
            fail_msg("case %zu (%s): the game is over already", i, CASES[i].position);
        if (v.outcome != CASES[i].outcome)
            fail_msg("case %zu (%s): outcome %d, expected %d", i, CASES[i].position, v.outcome, CASES[i].outcome);
        assert_int_equal(v.reason, END_TIME);
    }
    /* Bare kings in McCooey: the board has drawn already, no flag can fall. */
    Verdict v;
    assert_false(arbiter_flag_fall(at("mccooey", "1/3/5/7/9/11/11/11/11/11/6K1k2 w - 0 60"), WHITE, &v));
    /* Nor with a bishop on the medium hexes against a bare king. */
    assert_false(arbiter_flag_fall(at("mccooey", "1/3/5/7/9/11/11/11/5B5/11/6K1k2 w - 0 60"), BLACK, &v));
}

static void test_texts(void **state)
{
    (void)state;
    const Variant *c = get("cescacs"), *g = get("glinski");
    char buf[96];
    Verdict v = {OUTCOME_WHITE_STALEMATES, END_STALEMATE, DRAW_NONE};
    verdict_text(c, &v, buf, (int)sizeof buf);
    assert_string_equal(buf, "White wins by stalemate");
    v = (Verdict){OUTCOME_DRAW, END_INSUFFICIENT, DRAW_NONE};
    verdict_text(g, &v, buf, (int)sizeof buf);
    assert_string_equal(buf, "Draw by insufficient material");
    v = (Verdict){OUTCOME_DRAW, END_MOVE_RULE, DRAW_NONE};
    verdict_reason_text(c, &v, buf, (int)sizeof buf);
    assert_string_equal(buf, "75-move");
    v = (Verdict){OUTCOME_DRAW, END_CLAIM, DRAW_MOVE_RULE};
    verdict_reason_text(c, &v, buf, (int)sizeof buf);
    assert_string_equal(buf, "50-move");
    v = (Verdict){OUTCOME_BLACK_WINS, END_TIME, DRAW_NONE};
    verdict_text(g, &v, buf, (int)sizeof buf);
    assert_string_equal(buf, "Black wins by time");
    v = (Verdict){OUTCOME_NONE, END_NONE, DRAW_NONE};
    verdict_text(g, &v, buf, (int)sizeof buf);
    assert_string_equal(buf, "");
    /* Every verdict reads back from its result and reason as written (but a claimed repetition,
     * written "repetition" like the automatic one since the server's first games). */
    static const Verdict ALL[] = {
        {OUTCOME_WHITE_WINS, END_CHECKMATE, DRAW_NONE},      {OUTCOME_BLACK_STALEMATES, END_STALEMATE, DRAW_NONE},
        {OUTCOME_DRAW, END_REPETITION, DRAW_NONE},           {OUTCOME_DRAW, END_MOVE_RULE, DRAW_NONE},
        {OUTCOME_DRAW, END_INSUFFICIENT, DRAW_NONE},         {OUTCOME_BLACK_WINS, END_RESIGNATION, DRAW_NONE},
        {OUTCOME_DRAW, END_AGREEMENT, DRAW_NONE},            {OUTCOME_DRAW, END_CLAIM, DRAW_MOVE_RULE},
        {OUTCOME_DRAW, END_TIME, DRAW_NONE},
        {OUTCOME_WHITE_WINS, END_FORFEIT, DRAW_NONE},        {OUTCOME_WHITE_WINS, END_RECORDED, DRAW_NONE},
    };
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++) {
        char reason[32];
        Verdict back;
        verdict_reason_text(c, &ALL[i], reason, (int)sizeof reason);
        assert_true(verdict_parse(c, outcome_text(c, ALL[i].outcome), reason, &back));
        if (back.outcome != ALL[i].outcome || back.reason != ALL[i].reason || back.claimable != ALL[i].claimable)
            fail_msg("verdict %zu (%s) read back as %d/%d/%d", i, reason, back.outcome, back.reason, back.claimable);
    }
    /* What records write (end_reason_name), and reasons nobody knows. */
    Verdict back;
    assert_true(verdict_parse(g, "1/2-1/2", "claim", &back));
    assert_int_equal(back.reason, END_CLAIM);
    assert_true(verdict_parse(g, "1/2-1/2", "move-rule", &back));
    assert_int_equal(back.reason, END_MOVE_RULE);
    assert_true(verdict_parse(g, "0-1", "abandoned", &back));
    assert_int_equal(back.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(back.reason, END_RECORDED);
    assert_false(verdict_parse(g, "*", "", &back));
    assert_false(verdict_parse(g, "2-0", "checkmate", &back));
    /* Who won, for scoring. */
    Color w;
    v = (Verdict){OUTCOME_BLACK_STALEMATES, END_STALEMATE, DRAW_NONE};
    assert_true(verdict_winner(&v, &w));
    assert_int_equal(w, BLACK);
    v.outcome = OUTCOME_DRAW;
    assert_false(verdict_winner(&v, &w));
}

/* What a stalemate is worth is the variant's: a minimal win for the stalemating side in C'escacs
 * and Gliński, a draw in McCooey; the search's score for the stalemated side is its share of the
 * point, between a loss and a draw. */
static void test_stalemate_values(void **state)
{
    (void)state;
    Verdict v;
    arbiter_judge(at("mccooey", "k/3/2K2/7/9/11/11/11/2p8/2P8/11 b - 0 1"), &v);
    assert_int_equal(v.outcome, OUTCOME_DRAW);
    assert_int_equal(v.reason, END_STALEMATE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_players_end_a_game),
        cmocka_unit_test(test_abort),
        cmocka_unit_test(test_flag_fall),
        cmocka_unit_test(test_texts),
        cmocka_unit_test(test_stalemate_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
