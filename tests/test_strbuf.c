/* The growing text buffer: formatted text of any length arrives whole, nothing is ever cut. */
#include "testutil.h"

#include "core/util/strbuf.h"

static void test_formats_past_any_fixed_size(void **state)
{
    (void)state;
    enum { N = 100000 };
    char *big = malloc(N + 1);
    assert_non_null(big);
    memset(big, 'x', N);
    big[N] = 0;
    StrBuf b = {0};
    strbuf_printf(&b, "[%s]", "start");
    strbuf_printf(&b, "<%s>%d", big, 42);
    strbuf_put(&b, "ab\0cd", 5);
    assert_false(b.failed);
    assert_int_equal(b.len, 7 + N + 4 + 5);
    char *s = strbuf_take(&b);
    assert_non_null(s);
    assert_int_equal(memcmp(s, "[start]<x", 9), 0);
    assert_int_equal(memcmp(s + 8 + N, ">42ab\0cd", 9), 0);
    assert_null(b.data);
    free(s);
    free(big);
}

static void test_empty_and_freed(void **state)
{
    (void)state;
    StrBuf b = {0};
    char *s = strbuf_take(&b);
    assert_string_equal(s, "");
    free(s);
    strbuf_puts(&b, "dropped");
    strbuf_free(&b);
    assert_null(b.data);
    assert_int_equal(b.len, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats_past_any_fixed_size),
        cmocka_unit_test(test_empty_and_freed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
