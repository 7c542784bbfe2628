/*
 * Make-move vectors (every special move kind of C'escacs): applying the move to pdtl_before gives
 * pdtl_after exactly, the made position equals pdtl_after parsed (state and key, not just text),
 * and unmaking restores pdtl_before.
 */
#include "testutil.h"

#include "core/notation/notation.h"
#include "core/notation/postext.h"

/*
 * Twenty records start from a position where the side not to move stands in check (by an
 * elephant's two-step capture or a bishop), which no game reaches: their moves are still worth
 * checking, so those positions alone are read without the validator, and counted.
 */
enum { CAPTURABLE_KING_RECORDS = 20 };

static bool read_before(Position *p, const Variant *v, const char *text, char *err, size_t size, int *capturable)
{
    if (pos_from_text(p, v, text, err, size))
        return true;
    if (!strstr(err, "the side not to move"))
        return false;
    ++*capturable;
    return pos_from_text_unvalidated(p, v, text, err, size);
}

static void test_cescacs_transitions(void **state)
{
    (void)state;
    const Variant *v = variant_find("cescacs");
    assert_non_null(v);
    LineReader r;
    assert_true(reader_open(&r, "cescacs/transitions.jsonl"));
    Position *p = position_new(), *after = position_new(), *before = position_new();
    Tally t = {0};
    int records = 0, ambiguous = 0, capturable = 0;
    while (reader_next(&r)) {
        records++;
        char where[64];
        snprintf(where, sizeof where, "cescacs/transitions.jsonl:%d", r.number);
        cJSON *rec = cJSON_Parse(r.line);
        const char *text_before = json_string(rec, "pdtl_before");
        const char *move = json_string(rec, "move");
        const char *text_after = json_string(rec, "pdtl_after");
        char err[256], got[POSITION_TEXT_MAX];
        Move m = MOVE_NONE;
        if (!text_before || !move || !text_after) {
            tally_fail(&t, "%s: record lacks pdtl_before, move or pdtl_after", where);
        } else if (!read_before(p, v, text_before, err, sizeof err, &capturable) ||
                   !pos_from_text_unvalidated(before, v, text_before, err, sizeof err) ||
                   !pos_from_text(after, v, text_after, err, sizeof err)) {
            tally_fail(&t, "%s: %s", where, err);
        } else if ((m = move_from_text(p, move)) == MOVE_NONE) {
            tally_fail(&t, "%s: move %s not found among the legal moves of %s", where, move, text_before);
        } else {
            pos_make(p, m);
            pos_to_text(p, got, sizeof got);
            ambiguous += scorn_ambiguity(p, after);
            const char *diff = position_difference(p, after, false);
            const char *broken = position_consistency(p);
            if (strcmp(got, text_after))
                tally_fail(&t, "%s: %s after %s gives\n  %s\nexpected\n  %s", where, text_before, move, got,
                           text_after);
            else if (diff)
                tally_fail(&t, "%s: after %s the made position and the parsed pdtl_after differ in %s", where, move,
                           diff);
            else if (broken)
                tally_fail(&t, "%s: after %s: %s", where, move, broken);
            pos_unmake(p);
            diff = position_difference(p, before, true);
            if (diff)
                tally_fail(&t, "%s: unmaking %s does not restore the %s", where, move, diff);
        }
        cJSON_Delete(rec);
    }
    reader_close(&r);
    free(p);
    free(after);
    free(before);
    if (ambiguous)
        print_message("transitions: %d scornful moves whose PDTL also admits another capturer\n", ambiguous);
    assert_int_equal(t.failures, 0);
    assert_int_equal(records, 2046);
    assert_int_equal(capturable, CAPTURABLE_KING_RECORDS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cescacs_transitions),
    };
    return cmocka_run_group_tests_name("transitions", tests, NULL, NULL);
}
