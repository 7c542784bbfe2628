/* The server's game clock (src/server/clock.h): Fischer increments, the first move, flag deadlines.
 * Times are given, never read, so nothing here depends on how fast the test runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "server/clock.h"

static void test_untimed(void **state)
{
    (void)state;
    GameClock c;
    clock_init(&c, 0, 0);
    assert_false(clock_timed(&c));
    assert_int_equal(clock_deadline(&c), -1);
}

static void test_first_move_starts_the_opponent(void **state)
{
    (void)state;
    GameClock c;
    clock_init(&c, 180000, 2000);
    assert_true(clock_timed(&c));
    assert_int_equal(clock_deadline(&c), -1); /* nothing runs before the first move */
    clock_press(&c, WHITE, 1000);
    /* White's clock never ran: no time taken, no increment. */
    assert_int_equal(clock_left(&c, WHITE, 5000), 180000);
    assert_int_equal(c.running, BLACK);
    assert_int_equal(clock_left(&c, BLACK, 4000), 177000);
    assert_int_equal(clock_deadline(&c), 181000);
}

static void test_increment_after_a_timed_move(void **state)
{
    (void)state;
    GameClock c;
    clock_init(&c, 180000, 2000);
    clock_press(&c, WHITE, 0);
    clock_press(&c, BLACK, 10000); /* Black thought 10 s and gains 2 */
    assert_int_equal(clock_left(&c, BLACK, 99999), 172000);
    assert_int_equal(c.running, WHITE);
    clock_press(&c, WHITE, 13000); /* White thought 3 s */
    assert_int_equal(clock_left(&c, WHITE, 13000), 179000);
    assert_int_equal(clock_deadline(&c), 13000 + 172000);
}

static void test_flag_and_stop(void **state)
{
    (void)state;
    GameClock c;
    clock_init(&c, 2000, 0);
    clock_press(&c, WHITE, 0);
    assert_true(clock_left(&c, BLACK, 2500) < 0); /* the flag has fallen */
    clock_stop(&c, 1500);
    assert_int_equal(c.running, -1);
    assert_int_equal(clock_left(&c, BLACK, 99999), 500);
    assert_int_equal(clock_deadline(&c), -1);
}

static void test_run_after_a_take_back(void **state)
{
    (void)state;
    GameClock c;
    clock_init(&c, 60000, 1000);
    clock_press(&c, WHITE, 0);
    clock_press(&c, BLACK, 4000);
    /* Black's move is taken back: the times stay, Black's clock runs again. */
    clock_run(&c, BLACK, 6000);
    assert_int_equal(clock_left(&c, WHITE, 6000), 58000);
    assert_int_equal(clock_left(&c, BLACK, 7000), 56000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_untimed),
        cmocka_unit_test(test_first_move_starts_the_opponent),
        cmocka_unit_test(test_increment_after_a_timed_move),
        cmocka_unit_test(test_flag_and_stop),
        cmocka_unit_test(test_run_after_a_take_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
