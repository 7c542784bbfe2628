/* The public interface (include/hexchess.h) against the core it wraps: the same moves, positions,
 * verdicts and records, and one line for every refusal. */
#include "testutil.h"

#include "../include/hexchess.h"
#include "core/notation/notation.h"
#include "core/notation/postext.h"

static hexchess_game *new_game(const char *variant, const char *position)
{
    char err[256] = "";
    hexchess_game *g = hexchess_new(variant, position, err, sizeof err);
    if (!g)
        print_error("hexchess_new(%s, %s): %s\n", variant, position, err);
    assert_non_null(g);
    return g;
}

static void test_variants_by_index(void **state)
{
    (void)state;
    int i = 0;
    for (; variant_names[i]; i++)
        assert_string_equal(hexchess_variant_name(i), variant_names[i]);
    assert_null(hexchess_variant_name(i));
    assert_null(hexchess_variant_name(-1));
    hexchess_game *g = new_game(NULL, NULL);
    assert_string_equal(hexchess_variant(g), variant_names[0]);
    hexchess_free(g);
    assert_non_null(strchr(hexchess_version(), '.'));
}

/* Each variant's start: the moves are the core's, space separated, and the position its text. */
static void test_start_positions_and_moves(void **state)
{
    (void)state;
    for (int i = 0; variant_names[i]; i++) {
        hexchess_game *g = new_game(variant_names[i], "startpos");
        Position *p = malloc(sizeof *p);
        assert_non_null(p);
        pos_set_start(p, get(variant_names[i]));
        char want[512], have[512];
        pos_to_text(p, want, sizeof want);
        assert_int_equal(hexchess_position(g, have, sizeof have), (int)strlen(want));
        assert_string_equal(have, want);
        assert_int_equal(hexchess_position(g, have, 8), -1);

        char(*texts)[MOVE_TEXT_MAX] = malloc(MAX_MOVES * sizeof *texts);
        assert_non_null(texts);
        int n = legal_moves_text(p, texts);
        char list[4096];
        assert_int_equal(hexchess_legal_moves(g, list, sizeof list), n);
        char *w = list;
        for (int k = 0; k < n; k++) {
            size_t len = strcspn(w, " ");
            assert_int_equal(len, strlen(texts[k]));
            assert_memory_equal(w, texts[k], len);
            w += len + (w[len] == ' ');
        }
        assert_int_equal(*w, 0);
        assert_int_equal(hexchess_legal_moves(g, list, 10), -1);

        hexchess_status st;
        hexchess_get_status(g, &st);
        assert_int_equal(st.legal_moves, n);
        assert_true(st.white_to_move);
        assert_false(st.over);
        assert_string_equal(st.result, "*");
        assert_string_equal(st.reason, "");
        free(texts);
        free(p);
        hexchess_free(g);
    }
}

static void test_refusals_say_why(void **state)
{
    (void)state;
    char err[256] = "";
    assert_null(hexchess_new("nosuch", NULL, err, sizeof err));
    assert_non_null(strstr(err, "unknown variant 'nosuch'"));
    err[0] = 0;
    assert_null(hexchess_new("glinski", "not a position", err, sizeof err));
    assert_non_null(strstr(err, "position"));
    assert_null(hexchess_new("glinski", "not a position", NULL, 0));

    hexchess_game *g = new_game("glinski", NULL);
    char before[512], after[512];
    hexchess_position(g, before, sizeof before);
    err[0] = 0;
    assert_int_equal(hexchess_play(g, "e1e9\x01", err, sizeof err), -1);
    assert_non_null(strstr(err, "'e1e9\\x01' is not a legal move"));
    assert_int_equal(hexchess_play(g, NULL, err, sizeof err), -1);
    hexchess_position(g, after, sizeof after);
    assert_string_equal(after, before);
    assert_int_equal(hexchess_undo(g), -1);
    hexchess_free(g);
    hexchess_free(NULL);
}

static void test_play_and_undo(void **state)
{
    (void)state;
    hexchess_game *g = new_game("glinski", NULL);
    char start[512], now[512], err[256];
    hexchess_position(g, start, sizeof start);
    assert_int_equal(hexchess_play(g, "f5f6", err, sizeof err), 0);
    hexchess_status st;
    hexchess_get_status(g, &st);
    assert_false(st.white_to_move);
    assert_int_equal(st.plies, 1);
    hexchess_position(g, now, sizeof now);
    assert_string_not_equal(now, start);
    assert_int_equal(hexchess_undo(g), 0);
    hexchess_position(g, now, sizeof now);
    assert_string_equal(now, start);
    hexchess_free(g);
}

/* Gliński's own mate (tests/data): read, judged by the arbiter, refused a further move, written
 * and read back to the same position. */
static void test_records_and_the_end(void **state)
{
    (void)state;
    size_t size;
    char *text = read_file("glinski/games/FoolsMate.pgn", &size);
    char err[400] = "";
    hexchess_game *g = hexchess_record_read(text, size, err, sizeof err);
    free(text);
    if (!g)
        print_error("%s\n", err);
    assert_non_null(g);
    assert_string_equal(hexchess_variant(g), "glinski");
    hexchess_status st;
    hexchess_get_status(g, &st);
    assert_true(st.over);
    assert_true(st.check);
    assert_int_equal(st.legal_moves, 0);
    assert_int_equal(st.plies, 7);
    assert_string_equal(st.result, "1-0");
    assert_string_equal(st.reason, "checkmate");
    assert_int_equal(hexchess_play(g, "f5f6", err, sizeof err), -1);
    assert_non_null(strstr(err, "over (checkmate)"));

    char *record = hexchess_record_write(g);
    assert_non_null(record);
    hexchess_game *back = hexchess_record_read(record, strlen(record), err, sizeof err);
    assert_non_null(back);
    char a[512], b[512];
    hexchess_position(g, a, sizeof a);
    hexchess_position(back, b, sizeof b);
    assert_string_equal(a, b);
    free(record);
    hexchess_free(back);
    hexchess_free(g);

    const char bad[] = "[Variant \"Glinski\"]\n\n1. f5f6 f5f6 *\n";
    err[0] = 0;
    assert_null(hexchess_record_read(bad, sizeof bad - 1, err, sizeof err));
    assert_non_null(strstr(err, "f5f6"));
}

/* The engine's move is legal, its line starts with it, and a mate in one is found as one. */
static void test_search(void **state)
{
    (void)state;
    hexchess_game *g = new_game("glinski", NULL);
    hexchess_limits lim = {.depth = 4};
    hexchess_search_result r;
    char err[256], list[4096];
    assert_int_equal(hexchess_search(g, &lim, &r, err, sizeof err), 0);
    hexchess_legal_moves(g, list, sizeof list);
    char padded[4100];
    snprintf(padded, sizeof padded, " %s ", list);
    char word[32];
    snprintf(word, sizeof word, " %s ", r.best);
    assert_non_null(strstr(padded, word));
    assert_int_equal(strncmp(r.pv, r.best, strlen(r.best)), 0);
    assert_int_equal(r.depth, 4);
    assert_true(r.nodes > 0);

    /* The mate of test_records_and_the_end, one move before it. */
    size_t size;
    char *text = read_file("glinski/games/FoolsMate.pgn", &size);
    hexchess_game *m = hexchess_record_read(text, size, err, sizeof err);
    free(text);
    assert_non_null(m);
    char mate[32];
    assert_int_equal(hexchess_undo(m), 0);
    hexchess_search_result rm;
    assert_int_equal(hexchess_search(m, &lim, &rm, err, sizeof err), 0);
    assert_int_equal(rm.mate, 1);
    snprintf(mate, sizeof mate, "%s", rm.best);
    assert_int_equal(hexchess_play(m, mate, err, sizeof err), 0);
    hexchess_status st;
    hexchess_get_status(m, &st);
    assert_string_equal(st.reason, "checkmate");
    assert_int_equal(hexchess_search(m, NULL, &rm, err, sizeof err), -1);
    assert_non_null(strstr(err, "no legal move"));
    hexchess_free(m);
    hexchess_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variants_by_index),
        cmocka_unit_test(test_start_positions_and_moves),
        cmocka_unit_test(test_refusals_say_why),
        cmocka_unit_test(test_play_and_undo),
        cmocka_unit_test(test_records_and_the_end),
        cmocka_unit_test(test_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
