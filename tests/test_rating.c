/* Ratings (src/server/rating.h): Glicko-2 against the worked example of Glickman's paper, and the
 * speed classes' bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "server/rating.h"

/* "Example of the Glicko-2 system", section 3: a 1500 / 200 / 0.06 player beats a 1400 / 30 one and
 * loses to 1550 / 100 and 1700 / 300; with tau 0.5 the paper finds 1464.06, 151.52, 0.05999. The
 * paper rounds its steps (mu' = -0.2069): unrounded, the rating is 1464.0507 and the volatility 0.059996. */
static void test_the_papers_example(void **state)
{
    (void)state;
    const GlickoGame games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    Glicko after = glicko_update((Glicko){1500, 200, 0.06}, games, 3, 0.5);
    assert_float_equal(after.rating, 1464.06, 0.01);
    assert_float_equal(after.rd, 151.52, 0.005);
    assert_float_equal(after.volatility, 0.05999, 0.00001);
}

/* A new player: 1500 / 350 / 0.06, provisional; one win against another new player gains, a draw
 * between equals moves no rating, and the deviations shrink. */
static void test_a_new_players_first_games(void **state)
{
    (void)state;
    Glicko p = glicko_new();
    assert_float_equal(p.rating, 1500, 0);
    assert_float_equal(p.rd, 350, 0);
    assert_float_equal(p.volatility, 0.06, 0);
    assert_true(glicko_provisional(p));
    GlickoGame win = {p.rating, p.rd, 1}, draw = {p.rating, p.rd, 0.5}, loss = {p.rating, p.rd, 0};
    Glicko w = glicko_update(p, &win, 1, GLICKO_TAU), d = glicko_update(p, &draw, 1, GLICKO_TAU);
    Glicko l = glicko_update(p, &loss, 1, GLICKO_TAU);
    assert_true(w.rating > 1500 && w.rd < 350);
    assert_float_equal(d.rating, 1500, 1e-9);
    assert_float_equal(w.rating - 1500, 1500 - l.rating, 1e-9); /* symmetric */
    assert_true(glicko_provisional(w));
}

/* Without games the deviation grows by the volatility, never beyond a new player's. */
static void test_no_games(void **state)
{
    (void)state;
    Glicko g = glicko_update((Glicko){1700, 100, 0.06}, NULL, 0, GLICKO_TAU);
    assert_float_equal(g.rating, 1700, 0);
    assert_true(g.rd > 100 && g.rd < 101);
    assert_false(glicko_provisional((Glicko){1700, 110, 0.06}));
    g = glicko_update((Glicko){1700, 349.99, 0.06}, NULL, 0, GLICKO_TAU);
    assert_float_equal(g.rd, 350, 0);
}

/* A long series against a fixed opponent settles: the deviation falls below the provisional line. */
static void test_deviation_settles(void **state)
{
    (void)state;
    Glicko p = glicko_new();
    for (int i = 0; i < 20; i++) {
        GlickoGame g = {1500, 60, i % 2};
        p = glicko_update(p, &g, 1, GLICKO_TAU);
    }
    assert_false(glicko_provisional(p));
    assert_true(p.rating > 1400 && p.rating < 1600);
}

/* Base + 40 increments: under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical. */
static void test_speed_classes(void **state)
{
    (void)state;
    assert_int_equal(speed_of(60000, 0), SPEED_BULLET);
    assert_int_equal(speed_of(120000, 1000), SPEED_BULLET);    /* 2:40 */
    assert_int_equal(speed_of(180000, 0), SPEED_BLITZ);        /* 3:00 exactly */
    assert_int_equal(speed_of(180000, 2000), SPEED_BLITZ);     /* 3 + 2: 4:20 */
    assert_int_equal(speed_of(300000, 3000), SPEED_BLITZ);     /* 5 + 3: 7:00 */
    assert_int_equal(speed_of(480000, 0), SPEED_RAPID);        /* 8:00 */
    assert_int_equal(speed_of(900000, 10000), SPEED_RAPID);    /* 15 + 10: 21:40 */
    assert_int_equal(speed_of(1500000, 0), SPEED_CLASSICAL);   /* 25:00 */
    assert_int_equal(speed_of(0, 0), SPEED_CLASSICAL);         /* untimed */
    assert_string_equal(speed_names[SPEED_BLITZ], "blitz");
    assert_null(speed_names[SPEED_NB]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_papers_example), cmocka_unit_test(test_a_new_players_first_games),
        cmocka_unit_test(test_no_games),           cmocka_unit_test(test_deviation_settles),
        cmocka_unit_test(test_speed_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
