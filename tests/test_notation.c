/*
 * Move notations: every CTL-AN form and every Gliński form the issue lists, read and written;
 * round trips of every legal move of the test positions through every style and letter set;
 * check and mate marks against the test data.
 */
#include "testutil.h"

#include "core/notation/letters.h"
#include "core/notation/movetext.h"
#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/notation/san.h"
#include "core/rules/movegen.h"

static Position *at(const char *variant, const char *text)
{
    static Position p;
    char err[256];
    if (!pos_from_text(&p, variant_find(variant), text, err, sizeof err))
        fail_msg("bad test position '%s': %s", text, err);
    return &p;
}

/* Reads token with the given letters (NULL: the variant's own) and returns the bare move text. */
static const char *read_as(Position *p, const char *letters, const char *token)
{
    static char out[REASON_MAX + 16];
    Letters l;
    if (letters)
        assert_true(letters_named(&l, p->v, letters));
    else
        letters_default(&l, p->v);
    MoveMarks marks;
    char why[REASON_MAX];
    Move m = movetext_read(p, &l, token, &marks, why, sizeof why);
    if (m == MOVE_NONE) {
        snprintf(out, sizeof out, "error: %s", why);
        return out;
    }
    move_to_text(p, m, out);
    return out;
}

static const char *write_as(Position *p, const char *bare, MoveStyle style, const char *letters)
{
    static char out[MOVETEXT_MAX];
    Move m = move_from_text(p, bare);
    assert_int_not_equal(m, MOVE_NONE);
    Letters l;
    if (letters)
        assert_true(letters_named(&l, p->v, letters));
    else
        letters_default(&l, p->v);
    movetext_write(p, m, style, &l, out);
    return out;
}

#define START_CTL "startpos"
/* After 1. E7-E13, E21-E15 (a triple step): en passant and a choice of separators. */
#define CTL_EP                                                                                                    \
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/13:3P4/8:3P3/7:4P3/6:2PJP2/"  \
    "5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr E15@17-19 0 2"

static void test_ctlan_reads_every_separator(void **state)
{
    (void)state;
    Position *p = at("cescacs", START_CTL);
    assert_string_equal(read_as(p, NULL, "E7-E13"), "E7-E13");
    assert_string_equal(read_as(p, NULL, "E7\xe2\x80\x90" "E13"), "E7-E13"); /* U+2010 */
    assert_string_equal(read_as(p, NULL, "E7\xe2\x80\x93" "E13"), "E7-E13"); /* U+2013 */
    assert_string_equal(read_as(p, NULL, "ED4-C7"), "ED4-C7");
    assert_string_equal(read_as(p, NULL, "E7xE13"),
                        "error: 'x' is no CTL-AN separator in 'E7xE13' (use - for a move, \xc3\x97 or * for a capture)");
    /* Captures with ×, * and the captured letter; en passant written @ or @@. */
    p = at("cescacs", "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/16:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F16@18 0 2");
    assert_string_equal(read_as(p, NULL, "E13\xc3\x97" "F16"), "E13\xc3\x97" "F16");
    assert_string_equal(read_as(p, NULL, "E13*F16"), "E13\xc3\x97" "F16");
    assert_string_equal(read_as(p, NULL, "E13-F16"), "E13\xc3\x97" "F16"); /* capture sign missing: lenient */
    assert_string_equal(read_as(p, NULL, "E13\xc3\x97JF16"), "error: the move captures a pawn, not a bishop");
}

/* The kinds of CTL-AN move, told by their text. */
enum { KIND_PLAIN, KIND_CAPTURE, KIND_EP, KIND_EP_FAR, KIND_PROMOTION, KIND_AWAITING, KIND_IN_PLACE, KIND_CASTLE,
       KIND_NB };

static int ctl_kind(const char *t)
{
    if (!strncmp(t, "KR", 2))
        return KIND_CASTLE;
    if (strstr(t, "=&"))
        return KIND_AWAITING;
    const char *eq = strchr(t, '=');
    if (eq && !strpbrk(t, "-@") && !strstr(t, "\xc3\x97"))
        return KIND_IN_PLACE;
    if (eq)
        return KIND_PROMOTION;
    if (strstr(t, "@@"))
        return KIND_EP_FAR;
    if (strchr(t, '@'))
        return KIND_EP;
    return strstr(t, "\xc3\x97") ? KIND_CAPTURE : KIND_PLAIN;
}

/* Replaces the canonical signs by the other accepted ones: * for ×, U+2013 for -. */
static void lenient_form(const char *t, char *out)
{
    size_t n = 0;
    for (const char *s = t; *s;) {
        if (!strncmp(s, "\xc3\x97", 2)) {
            out[n++] = '*';
            s += 2;
        } else if (*s == '-') {
            memcpy(out + n, "\xe2\x80\x93", 3);
            n += 3;
            s++;
        } else {
            out[n++] = *s++;
        }
    }
    out[n] = 0;
}

/* Every kind of move (castlings, @ and @@, =X, =&, forced in-place promotion) in real positions. */
static void test_ctlan_every_move_kind(void **state)
{
    (void)state;
    LineReader r;
    assert_true(reader_open(&r, "cescacs/positions.jsonl"));
    Position *p = position_new();
    const Variant *v = variant_find("cescacs");
    Letters l;
    letters_default(&l, v);
    int seen[KIND_NB] = {0};
    Tally t = {0};
    while (reader_next(&r)) {
        cJSON *j = cJSON_Parse(r.line);
        char err[256];
        assert_true(pos_from_text(p, v, json_string(j, "pdtl"), err, sizeof err));
        const cJSON *item;
        cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(j, "moves"))
        {
            const char *bare = item->valuestring;
            int kind = ctl_kind(bare);
            if (seen[kind]++ > 40 && kind <= KIND_CAPTURE)
                continue;
            char lenient[MOVETEXT_MAX * 2], out[MOVE_TEXT_MAX];
            lenient_form(bare, lenient);
            const char *forms[2] = {bare, lenient};
            for (int f = 0; f < 2; f++) {
                MoveMarks marks;
                char why[REASON_MAX];
                Move m = movetext_read(p, &l, forms[f], &marks, why, sizeof why);
                if (m == MOVE_NONE) {
                    tally_fail(&t, "line %d: '%s' not read: %s", r.number, forms[f], why);
                    continue;
                }
                move_to_text(p, m, out);
                if (strcmp(out, bare))
                    tally_fail(&t, "line %d: '%s' read as '%s'", r.number, forms[f], out);
            }
        }
        cJSON_Delete(j);
    }
    reader_close(&r);
    free(p);
    for (int k = 0; k < KIND_NB; k++) {
        print_message("kind %d: %d moves\n", k, seen[k]);
        assert_true(seen[k] > 0);
    }
    assert_int_equal(t.failures, 0);
}

static void test_ctlan_marks_and_letters(void **state)
{
    (void)state;
    Position *p = at("cescacs", START_CTL);
    const char *forms[] = {"E7-E13+", "E7-E13++", "E7-E13+\xe2\x88\x9e", "E7-E13+^", "E7-E13^+", "E7-E13#",
                           "E7-E13 ?!", "E7-E13!", "E7-E13\xe2\x97\x87", "E7-E13(=)", "E7-E13:", "E7-E13!!?"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        assert_string_equal(read_as(p, NULL, forms[i]), "E7-E13");
    MoveMarks marks;
    char why[REASON_MAX], token[32];
    Letters l;
    letters_default(&l, p->v);
    strcpy(token, "E7-E13?!(=):");
    move_marks_init(&marks);
    move_marks_strip(token, &marks, true, false);
    assert_string_equal(token, "E7-E13");
    assert_true(marks.draw_offer && marks.stop && marks.nag_count == 1 && marks.nags[0] == 6);
    /* Redefine: A for the bishop, T for the rook, C for the knight; the standard letter is gone. */
    assert_true(letters_redefine(&l, p->v, "A@J, T@R, C@N", why, sizeof why));
    Move m = movetext_read(p, &l, "AF6-C15", &marks, why, sizeof why);
    assert_int_not_equal(m, MOVE_NONE);
    char out[MOVETEXT_MAX];
    movetext_write(p, m, STYLE_STANDARD, &l, out);
    assert_string_equal(out, "AF6-C15");
    assert_int_equal(movetext_read(p, &l, "JF6-C15", &marks, why, sizeof why), MOVE_NONE);
    assert_int_not_equal(movetext_read(p, &l, "CE3-C7", &marks, why, sizeof why), MOVE_NONE);
    assert_false(letters_redefine(&l, p->v, "E@J", why, sizeof why)); /* E is the elephant already */
    /* FAN figurines, White's and Black's. */
    assert_true(letters_named(&l, p->v, "fan"));
    assert_int_not_equal(movetext_read(p, &l, "\xe2\x99\x97" "F6-C15", &marks, why, sizeof why), MOVE_NONE);
    assert_int_not_equal(movetext_read(p, &l, "\xe2\x99\x9d" "F6-C15", &marks, why, sizeof why), MOVE_NONE);
    assert_int_not_equal(movetext_read(p, &l, "\xe2\x98\x96" "D4-C7", &marks, why, sizeof why), MOVE_NONE);
    assert_false(letters_named(&l, p->v, "hu")); /* Hungarian letters name no wyvern */
    /* ASCII style. */
    p = at("cescacs", "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/16:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F16@18 0 2");
    assert_string_equal(write_as(p, "E13\xc3\x97" "F16", STYLE_ASCII, NULL), "E13*F16");
}

/* Every legal move of the test positions, written with its mark, is the data's `full` form. */
static void test_ctlan_full_forms_match_data(void **state)
{
    (void)state;
    LineReader r;
    assert_true(reader_open(&r, "cescacs/positions.jsonl"));
    Position *p = position_new();
    Tally t = {0};
    int positions = 0, moves = 0;
    Letters l, fan;
    letters_default(&l, variant_find("cescacs"));
    assert_true(letters_named(&fan, variant_find("cescacs"), "fan"));
    while (reader_next(&r)) {
        if (r.number % 4)
            continue;
        cJSON *j = cJSON_Parse(r.line);
        char err[256];
        if (!pos_from_text(p, variant_find("cescacs"), json_string(j, "pdtl"), err, sizeof err)) {
            tally_fail(&t, "line %d: %s", r.number, err);
            cJSON_Delete(j);
            continue;
        }
        positions++;
        const cJSON *full = cJSON_GetObjectItemCaseSensitive(j, "full");
        const cJSON *item;
        cJSON_ArrayForEach(item, full)
        {
            const char *want = item->valuestring;
            MoveMarks marks;
            char why[REASON_MAX], out[MOVETEXT_MAX];
            Move m = movetext_read(p, &l, want, &marks, why, sizeof why);
            if (m == MOVE_NONE) {
                tally_fail(&t, "line %d: '%s' not read: %s", r.number, want, why);
                continue;
            }
            moves++;
            movetext_write(p, m, STYLE_STANDARD, &l, out);
            if (strcmp(out, want))
                tally_fail(&t, "line %d: wrote '%s', data says '%s'", r.number, out, want);
            static const MoveStyle styles[] = {STYLE_ASCII, STYLE_STANDARD};
            for (int s = 0; s < 2; s++) {
                const Letters *set = s ? &fan : &l;
                movetext_write(p, m, styles[s], set, out);
                if (movetext_read(p, set, out, &marks, why, sizeof why) != m)
                    tally_fail(&t, "line %d: '%s' does not read back: %s", r.number, out, why);
            }
        }
        cJSON_Delete(j);
    }
    reader_close(&r);
    free(p);
    print_message("%d positions, %d moves\n", positions, moves);
    assert_true(positions > 1000);
    assert_int_equal(t.failures, 0);
}

/* ------------------------------------------------------------------ Gliński */

#define START_GL "startpos"

static void test_glinski_forms(void **state)
{
    (void)state;
    Position *p = at("glinski", START_GL);
    assert_string_equal(read_as(p, NULL, "f5f6"), "f5f6");
    assert_string_equal(read_as(p, NULL, "f6"), "f5f6");
    assert_string_equal(read_as(p, NULL, "e5"), "e4e5");
    assert_string_equal(read_as(p, NULL, "Bd1-f4"), "error: d1 holds a knight, not a bishop");
    assert_string_equal(read_as(p, NULL, "Nd1-f4"), "d1f4");
    assert_string_equal(read_as(p, NULL, "d1-f4"), "d1f4"); /* the seed writes no letter with the origin */
    assert_string_equal(read_as(p, NULL, "Ndf4"), "d1f4");
    assert_string_equal(read_as(p, NULL, "Nhf4"), "h1f4");
    assert_string_equal(read_as(p, NULL, "Nh1f4"), "h1f4");
    assert_string_equal(read_as(p, NULL, "Nf4"), "error: ambiguous: 2 moves fit (from d1, h1)");
    assert_string_equal(read_as(p, NULL, "Qe1c3"), "e1c3");
    assert_string_equal(read_as(p, NULL, "f6!?"), "f5f6");
    assert_string_equal(read_as(p, NULL, "E7-E13"), "error: 'E' in 'E7-E13' is no piece letter of the default set");
    assert_string_equal(read_as(p, "hu", "Hdf4"), "d1f4");
    assert_string_equal(read_as(p, "hu", "Fe3"), "f2e3");
    assert_string_equal(read_as(p, "pl", "Sdf4"), "d1f4");
    assert_string_equal(read_as(p, "ru", "\xd0\x9a" "df4"), "d1f4");  /* К: knight */
    assert_string_equal(read_as(p, "ru", "\xd0\xa4" "c3"), "e1c3");    /* Ф: queen */
    assert_string_equal(read_as(p, "ru", "\xd0\x9a\xd1\x80" "f2"), "error: no king of White can move to f2");
    /* The seed's example of the digital notation: 0356 = f3-h5. */
    p = at("glinski", "b/qbk/n1b1n/r5r/ppppp1ppp/6p4/5PP4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 2");
    assert_string_equal(read_as(p, NULL, "0356"), "f3h5");
    assert_string_equal(read_as(p, NULL, "Bf3-h5"), "f3h5");
    assert_string_equal(read_as(p, NULL, "Bh5"), "f3h5");
    /* Captures: exf5 / e:f5 / ed / fxe / with a captured letter. */
    p = at("glinski", "b/qbk/n1b1n/r5r/ppp1ppppp/11/4pP5/4P1PP3/3P1B5/2P2B2P2/1PRNQBKNRP1 w e6 0 2");
    const char *captures[] = {"fxe5", "f:e5", "fxe", "fe", "f5:e5", "f5xe5", "f5e5xP", "f5-e5", "fxe5ep."};
    for (size_t i = 0; i < sizeof captures / sizeof captures[0]; i++)
        assert_string_equal(read_as(p, NULL, captures[i]), "f5e5");
    assert_string_equal(read_as(p, NULL, "f5e5xN"), "error: the move captures a pawn, not a knight");
}

static void test_glinski_promotions_and_marks(void **state)
{
    (void)state;
    Position *p = at("glinski", "1/3/1P3/7/9/11/11/11/11/11/6K1k2 w - 0 60");
    const char *queen[] = {"e10=Q", "e10Q", "e9e10q", "e9-e10Q", "e10(Q)", "e10/Q", "94801", "e9e10Q+"};
    for (size_t i = 0; i < sizeof queen / sizeof queen[0]; i++)
        assert_string_equal(read_as(p, NULL, queen[i]), "e9e10q");
    assert_string_equal(read_as(p, NULL, "e10=R"), "e9e10r");
    assert_string_equal(read_as(p, NULL, "94802"), "e9e10r");
    assert_string_equal(read_as(p, NULL, "94803"), "e9e10n");
    assert_string_equal(read_as(p, NULL, "94804"), "e9e10b");
    assert_string_equal(read_as(p, "hu", "e10V"), "e9e10q");
    assert_string_equal(read_as(p, NULL, "e10"), "error: the pawn must say what it becomes: =Q, =R, =N, =B");
    assert_string_equal(write_as(p, "e9e10q", STYLE_STANDARD, NULL), "e10=Q");
    assert_string_equal(write_as(p, "e9e10r", STYLE_FULL, NULL), "e9-e10R");
    assert_string_equal(write_as(p, "e9e10n", STYLE_DIGITAL, NULL), "94803");
    assert_string_equal(write_as(p, "e9e10b", STYLE_COORD, NULL), "e9e10b");
    assert_string_equal(write_as(p, "e9e10q", STYLE_STANDARD, "hu"), "e10=V");
    /* The seed's examples of the digital code. */
    const Variant *v = variant_find("glinski");
    int len;
    assert_int_equal(digital_code(v, variant_parse_cell(v, "f3", &len)), 3);
    assert_int_equal(digital_code(v, variant_parse_cell(v, "h5", &len)), 56);
    assert_int_equal(digital_code(v, variant_parse_cell(v, "b6", &len)), 61);
    assert_int_equal(digital_code(v, variant_parse_cell(v, "b7", &len)), 71);
    for (int c = 0; c < v->geo.cell_count; c++) /* a code for every hex, each different */
        assert_int_equal(digital_cell(v, digital_code(v, c)), c);
    /* Fool's mate: check and mate marks; the seed's x mate mark. */
    p = at("glinski", "b/1bk/n1b1n/r5r/1pp1ppppp/1pq1p6/5P5/4P1P4/2QP3P3/1PP2B2P2/1BRN1BKNRP1 w - 0 4");
    assert_string_equal(write_as(p, "c3f9", STYLE_STANDARD, NULL), "Qxf9#");
    assert_string_equal(write_as(p, "c3f9", STYLE_FULL, NULL), "Qc3:f9#");
    assert_string_equal(read_as(p, NULL, "Qc3xBf9#"), "c3f9");
    assert_string_equal(read_as(p, NULL, "Qc3:f9x"), "c3f9");
}

/* Every legal move of the test positions: every style and letter set reads back; marks agree. */
static void test_glinski_round_trips_match_data(void **state)
{
    (void)state;
    LineReader r;
    assert_true(reader_open(&r, "glinski/positions.jsonl"));
    Position *p = position_new();
    const Variant *v = variant_find("glinski");
    Tally t = {0};
    int positions = 0, moves = 0;
    static const MoveStyle STYLES[] = {STYLE_STANDARD, STYLE_FULL, STYLE_COORD, STYLE_DIGITAL};
    while (reader_next(&r)) {
        if (r.number % 3)
            continue;
        cJSON *j = cJSON_Parse(r.line);
        char err[256];
        if (!pos_from_text(p, v, json_string(j, "fen"), err, sizeof err)) {
            tally_fail(&t, "line %d: %s", r.number, err);
            cJSON_Delete(j);
            continue;
        }
        positions++;
        const cJSON *desc = cJSON_GetObjectItemCaseSensitive(j, "desc"), *d;
        cJSON_ArrayForEach(d, desc)
        {
            const char *uci = json_string(d, "uci");
            Move m = move_from_text(p, uci);
            if (m == MOVE_NONE) {
                tally_fail(&t, "line %d: %s is not legal here", r.number, uci);
                continue;
            }
            moves++;
            for (int s = 0; s < 4; s++) {
                for (int set = 0; letter_set_names[set]; set++) {
                    Letters l;
                    if (!letters_named(&l, v, letter_set_names[set]))
                        continue;
                    char out[MOVETEXT_MAX], why[REASON_MAX];
                    MoveMarks marks;
                    movetext_write(p, m, STYLES[s], &l, out);
                    if (movetext_read(p, &l, out, &marks, why, sizeof why) != m)
                        tally_fail(&t, "line %d: %s written '%s' (%s) does not read back: %s", r.number, uci, out,
                                   letter_set_names[set], why);
                    if (s == 0 && set == 0) {
                        bool mate = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "mate"));
                        bool check = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "check"));
                        const char *mark = movetext_mark(p, m, STYLE_STANDARD);
                        const char *want = mate ? "#" : check ? "+" : "";
                        if (strcmp(mark, want))
                            tally_fail(&t, "line %d: %s marked '%s', data says '%s'", r.number, uci, mark, want);
                    }
                }
            }
        }
        cJSON_Delete(j);
    }
    reader_close(&r);
    free(p);
    print_message("%d positions, %d moves\n", positions, moves);
    assert_true(positions > 400);
    assert_int_equal(t.failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ctlan_reads_every_separator),
        cmocka_unit_test(test_ctlan_every_move_kind),
        cmocka_unit_test(test_ctlan_marks_and_letters),
        cmocka_unit_test(test_ctlan_full_forms_match_data),
        cmocka_unit_test(test_glinski_forms),
        cmocka_unit_test(test_glinski_promotions_and_marks),
        cmocka_unit_test(test_glinski_round_trips_match_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
