/* Quoting user input in error messages: always one short line of valid UTF-8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/util/quote.h"

static void test_plain_text_passes(void **state)
{
    (void)state;
    char buf[QUOTE_BUF_SIZE];
    assert_string_equal(quote(buf, "E7-E13"), "E7-E13");
    assert_string_equal(quote(buf, "Кр e1 ½-½ ×"), "Кр e1 ½-½ ×");
    assert_string_equal(quote(buf, NULL), "");
}

static void test_bad_bytes_are_escaped(void **state)
{
    (void)state;
    char buf[QUOTE_BUF_SIZE];
    assert_string_equal(quote(buf, "a\tb\n"), "a\\x09b\\x0A");
    assert_string_equal(quote(buf, "\xff\xfe"), "\\xFF\\xFE");
    /* An overlong '/', a lone continuation byte, a surrogate, a truncated sequence. */
    assert_string_equal(quote(buf, "\xc0\xaf"), "\\xC0\\xAF");
    assert_string_equal(quote(buf, "x\x80y"), "x\\x80y");
    assert_string_equal(quote(buf, "\xed\xa0\x80"), "\\xED\\xA0\\x80");
    assert_string_equal(quote(buf, "\xe2\x82"), "\\xE2\\x82");
    assert_string_equal(quote_bytes(buf, "E7\0junk", 7), "E7\\x00junk");
}

static void test_long_input_is_cut(void **state)
{
    (void)state;
    char buf[QUOTE_BUF_SIZE];
    enum { LONG = 100000 };
    char *big = malloc(LONG + 1);
    assert_non_null(big);
    memset(big, 'a', LONG);
    big[LONG] = '\0';
    quote(buf, big);
    assert_true(strlen(buf) < 80);
    assert_non_null(strstr(buf, "... (100000 bytes)"));
    /* The worst case fills the buffer without overflowing it. */
    memset(big, 0x01, LONG);
    quote(buf, big);
    assert_true(strlen(buf) < QUOTE_BUF_SIZE);
    /* A multi-byte character cut by the limit is escaped, never split. */
    memset(big, 'a', QUOTE_MAX_SHOWN - 1);
    memcpy(big + QUOTE_MAX_SHOWN - 1, "×", 2);
    big[QUOTE_MAX_SHOWN + 1] = '\0';
    quote(buf, big);
    assert_non_null(strstr(buf, "\\xC3..."));
    free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_text_passes),
        cmocka_unit_test(test_bad_bytes_are_escaped),
        cmocka_unit_test(test_long_input_is_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
