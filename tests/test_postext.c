/*
 * Positions as text: round trips over every data position, the author's alternative PDTL forms,
 * and malformed input, which must be refused with a one-line message naming the field — never a
 * crash (the sanitizer build runs this too).
 */
#include "testutil.h"

#include "core/notation/postext.h"
#include "core/rules/movegen.h"

static Position *first, *second;

static int setup(void **state)
{
    (void)state;
    first = position_new();
    second = position_new();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(first);
    free(second);
    return 0;
}

typedef bool PositionReader(Position *p, const Variant *v, const char *text, char *err, size_t err_size);

/* write(parse(x)) == x, and parse(write(parse(x))) is the same position. */
static void round_trip(Tally *t, const Variant *v, PositionReader *read, const char *where, const char *text)
{
    char err[256], out[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX];
    if (!read(first, v, text, err, sizeof err)) {
        tally_fail(t, "%s: %s", where, err);
        return;
    }
    const char *broken = position_consistency(first);
    if (broken)
        tally_fail(t, "%s: parsed position inconsistent: %s", where, broken);
    pos_to_text(first, out, sizeof out);
    if (strcmp(out, text)) {
        tally_fail(t, "%s: written back as\n  %s\nexpected\n  %s", where, out, text);
        return;
    }
    if (!read(second, v, out, err, sizeof err)) {
        tally_fail(t, "%s: own output refused: %s", where, err);
        return;
    }
    const char *diff = position_difference(first, second, true);
    if (diff)
        tally_fail(t, "%s: parse(write(parse(x))) differs in %s", where, diff);
    pos_to_text(second, again, sizeof again);
    if (strcmp(again, out))
        tally_fail(t, "%s: second write differs: %s", where, again);
}

static int round_trip_jsonl(Tally *t, const Variant *v, PositionReader *read, const char *file,
                            const char *const *keys)
{
    LineReader r;
    assert_true(reader_open(&r, file));
    int records = 0;
    while (reader_next(&r)) {
        records++;
        cJSON *rec = cJSON_Parse(r.line);
        for (const char *const *k = keys; *k; k++) {
            char where[96];
            snprintf(where, sizeof where, "%s:%d %s", file, r.number, *k);
            const char *text = json_string(rec, *k);
            if (text)
                round_trip(t, v, read, where, text);
            else
                tally_fail(t, "%s: missing", where);
        }
        cJSON_Delete(rec);
    }
    reader_close(&r);
    return records;
}

static int round_trip_perft(Tally *t, const Variant *v, const char *file)
{
    LineReader r;
    assert_true(reader_open(&r, file));
    int records = 0;
    while (reader_next(&r)) {
        records++;
        char *semi = strchr(r.line, ';');
        if (!semi) {
            tally_fail(t, "%s:%d: no ';'", file, r.number);
            continue;
        }
        while (semi > r.line && semi[-1] == ' ')
            semi--;
        *semi = 0;
        char where[64];
        snprintf(where, sizeof where, "%s:%d", file, r.number);
        round_trip(t, v, pos_from_text, where, r.line);
    }
    reader_close(&r);
    return records;
}

static void test_round_trip_cescacs(void **state)
{
    (void)state;
    const Variant *v = variant_find("cescacs");
    Tally t = {0};
    static const char *const pdtl[] = {"pdtl", NULL}, *const before[] = {"pdtl_before", NULL},
                             *const after[] = {"pdtl_after", NULL};
    int positions = round_trip_jsonl(&t, v, pos_from_text, "cescacs/positions.jsonl", pdtl);
    /* A few starting positions of the make-move vectors leave a king capturable (test_transitions.c). */
    int transitions = round_trip_jsonl(&t, v, pos_from_text_unvalidated, "cescacs/transitions.jsonl", before);
    int transitions_after = round_trip_jsonl(&t, v, pos_from_text, "cescacs/transitions.jsonl", after);
    int perfts = round_trip_perft(&t, v, "cescacs/perft.txt");
    assert_int_equal(t.failures, 0);
    assert_int_equal(positions, 5162);
    assert_int_equal(transitions, 2046);
    assert_int_equal(transitions_after, 2046);
    assert_int_equal(perfts, 70);
}

static void test_round_trip_glinski(void **state)
{
    (void)state;
    const Variant *v = variant_find("glinski");
    Tally t = {0};
    static const char *const fen[] = {"fen", NULL};
    int positions = round_trip_jsonl(&t, v, pos_from_text, "glinski/positions.jsonl", fen);
    int perfts = round_trip_perft(&t, v, "glinski/perft.txt");
    assert_int_equal(t.failures, 0);
    assert_int_equal(positions, 1503);
    assert_int_equal(perfts, 6);
}

static void expect_same(const Variant *v, const char *text, const char *canonical)
{
    char err[256], out[POSITION_TEXT_MAX];
    if (!pos_from_text(first, v, text, err, sizeof err))
        print_error("'%s' refused: %s\n", text, err);
    assert_true(pos_from_text(first, v, text, err, sizeof err));
    pos_to_text(first, out, sizeof out);
    assert_string_equal(out, canonical);
    assert_true(pos_from_text(second, v, canonical, err, sizeof err));
    assert_null(position_difference(first, second, false));
}

/* spec/CESCACS.md §7: readers accept the author's program's forms too. */
static void test_alternative_forms(void **state)
{
    (void)state;
    const Variant *c = variant_find("cescacs"), *g = variant_find("glinski");
    char start[POSITION_TEXT_MAX];
    pos_set_start(first, c);
    pos_to_text(first, start, sizeof start);
    expect_same(c, "startpos", start);
    /* Short forms: clocks omitted; '?' and '-' as the move number. */
    const char *board = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/"
                        "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/";
    char text[POSITION_TEXT_MAX], canonical[POSITION_TEXT_MAX];
    snprintf(text, sizeof text, "%s w RKRrkr", board);
    expect_same(c, text, start);
    snprintf(text, sizeof text, "%s w RKRrkr - 0 ?", board);
    snprintf(canonical, sizeof canonical, "%s w RKRrkr - 0 ?", board);
    expect_same(c, text, canonical);
    snprintf(text, sizeof text, "%s w RKRrkr - 0 -", board);
    expect_same(c, text, canonical);
    /* After E7-E13 (a triple step): the canonical special field and the author's two forms. */
    const char *after = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/"
                        "7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr";
    snprintf(canonical, sizeof canonical, "%s E13@9-11 0 1", after);
    snprintf(text, sizeof text, "%s E13@11-9 0 1", after);
    expect_same(c, text, canonical);
    snprintf(text, sizeof text, "%s P@E9,11[E13] 0 1", after);
    expect_same(c, text, canonical);
    /* Gliński: the start position by name, and a FEN without clocks. */
    pos_set_start(first, g);
    pos_to_text(first, start, sizeof start);
    expect_same(g, "startpos", start);
    expect_same(g, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w", start);
}

typedef struct {
    const char *text;
    const char *field; /* the message must name it */
} BadInput;

#define CES_BOARD                                                                                                      \
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/"     \
    "3:RNNR/2:GJG/1:DK/0:V/"
#define GLI_BOARD "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1"

static const BadInput bad_cescacs[] = {
    {"", "position"},
    {"   ", "position"},
    {CES_BOARD, "position"},
    {CES_BOARD " w", "position"},
    {CES_BOARD " w RKRrkr - 0 1 extra", "position"},
    {CES_BOARD " w RKRrkr - 0 1 a b c d e f", "position"},
    {"/28:x/27:dk/1:DK/ w -- - 0 1", "placement"},
    {"/28:v/27:dk/1:DK/0:Y/ w -- - 0 1", "placement"},
    {"/27:dkk/1:DK/ w -- - 0 1", "placement"},
    {"/27:d/1:DK/ w -- - 0 1", "placement"},
    {"/27:dk/1:DK/0:2/ w -- - 0 1", "placement"},
    {"/27:dk/1:DK/0:0V/ w -- - 0 1", "placement"},
    {"/29:v/27:dk/1:DK/ w -- - 0 1", "placement"},
    {"/-1:v/27:dk/1:DK/ w -- - 0 1", "placement"},
    {"/99999999999999999999:v/27:dk/1:DK/ w -- - 0 1", "placement"},
    {"/27:dk/27:dk/1:DK/ w -- - 0 1", "placement"},
    {"/27:dk/1:DK w -- - 0 1", "placement"},
    {"27:dk/1:DK/ w -- - 0 1", "placement"},
    {"/27dk/1:DK/ w -- - 0 1", "placement"},
    {"/:dk/1:DK/ w -- - 0 1", "placement"},
    {"/27:d1/1:DK/ w -- - 0 1", "placement"}, /* Black's king missing */
    {"/27:d1/1:D1/ w -- - 0 1", "placement"}, /* both kings missing */
    {"/27:kk/1:DK/ w -- - 0 1", "placement"}, /* two black kings */
    {"/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/"
     "4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ x RKRrkr - 0 1",
     "turn"},
    {CES_BOARD " white RKRrkr - 0 1", "turn"},
    {CES_BOARD " W RKRrkr - 0 1", "turn"},
    {CES_BOARD " w RKQrkr - 0 1", "castling"},
    {CES_BOARD " w RKRrkrx - 0 1", "castling"},
    {CES_BOARD " w rkrRKR - 0 1", "castling"},
    {CES_BOARD " w X - 0 1", "castling"},
    {"/27:dk/1:D1/0:K/ w K- - 0 1", "castling"},     /* rights, king not on G1 */
    {"/27:1k/25:r3/1:DK/ w -rkr - 0 1", "castling"}, /* rights, Black's king's rook missing */
    {"/27:dk/1:DK/ w RK- - 0 1", "castling"},        /* rights, White's queen's rook missing */
    {CES_BOARD " w RKRrkr Q99 0 1", "special"},
    {CES_BOARD " w RKRrkr F14 0 1", "special"},    /* no scornful pawn there */
    {CES_BOARD " b RKRrkr F8@6 0 1", "special"},   /* skipped hex not empty */
    {CES_BOARD " b RKRrkr F20@18 0 1", "special"}, /* pawn of the wrong side */
    {CES_BOARD " b RKRrkr F8@99 0 1", "special"},
    {CES_BOARD " b RKRrkr F8@ 0 1", "special"},
    {CES_BOARD " b RKRrkr F8@6x 0 1", "special"},
    {CES_BOARD " b RKRrkr F8@6-x 0 1", "special"},
    {CES_BOARD " b RKRrkr P@F6,99[F8] 0 1", "special"},
    {CES_BOARD " b RKRrkr P@[ 0 1", "special"},
    {CES_BOARD " b RKRrkr @ 0 1", "special"},
    {CES_BOARD " w RKRrkr - x 1", "halfmove"},
    {CES_BOARD " w RKRrkr - -1 1", "halfmove"},
    {CES_BOARD " w RKRrkr - 1.5 1", "halfmove"},
    {CES_BOARD " w RKRrkr - 99999999999999999999 1", "halfmove"},
    {CES_BOARD " w RKRrkr - 0 x", "move number"},
    {CES_BOARD " w RKRrkr - 0 0", "move number"},
    {CES_BOARD " w RKRrkr - 0 1x", "move number"},
    /* Numbers past the bound: the message tells the bound, not merely "a number". */
    {CES_BOARD " w RKRrkr - 1000001 1", "halfmove clock: expected a number from 0 to 1000000"},
    {CES_BOARD " w RKRrkr - 0 1000001", "move number: expected a number from 1 to 1000000"},
};

static const BadInput bad_glinski[] = {
    {"", "position"},
    {GLI_BOARD, "position"},
    {GLI_BOARD " w - 0 1 extra", "position"},
    {"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2 w - 0 1", "placement"}, /* 10 ranks */
    {GLI_BOARD "/11 w - 0 1", "placement"},                                          /* 12 ranks */
    {"x/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1", "placement"},
    {"b/qbkk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1", "placement"},
    {"b/qb/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1", "placement"},
    {"b/qbk/n1b1n/r5r/ppppppppp/12/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1", "placement"},
    {"b/qb1/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1", "placement"},
    {"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQB1NRP1 w - 0 1", "placement"},
    {GLI_BOARD " x - 0 1", "turn"},
    {GLI_BOARD " w z9 0 1", "en passant"},
    {GLI_BOARD " w f3 0 1", "en passant"}, /* nothing skipped f3 */
    {GLI_BOARD " w - x 1", "halfmove"},
    {GLI_BOARD " w - 0 x", "move number"},
};

/* Refused, with a non-empty one-line message naming the field; the position left behind is the
 * start position, whatever bytes it held before (a record's replay judges it after the error). */
static void expect_refused(Tally *t, const Variant *v, const char *text, const char *field)
{
    char err[256], left[POSITION_TEXT_MAX], start[POSITION_TEXT_MAX];
    memset(err, 0, sizeof err);
    memset(first, 0xa5, sizeof *first);
    if (pos_from_text(first, v, text, err, sizeof err)) {
        tally_fail(t, "%s: accepted '%s'", v->desc->name, text);
        return;
    }
    const char *broken = position_consistency(first);
    pos_to_text(first, left, sizeof left);
    pos_set_start(second, v);
    pos_to_text(second, start, sizeof start);
    if (broken || strcmp(left, start))
        tally_fail(t, "%s: '%.40s' refused, but left a position that is not the start: %s", v->desc->name, text,
                   broken ? broken : left);
    if (!*err || strchr(err, '\n'))
        tally_fail(t, "%s: '%s' refused with an empty or multi-line message '%s'", v->desc->name, text, err);
    else if (!strstr(err, field))
        tally_fail(t, "%s: '%s' refused with '%s', which does not name the %s field", v->desc->name, text, err, field);
}

static void test_bad_input(void **state)
{
    (void)state;
    Tally t = {0};
    const Variant *c = variant_find("cescacs"), *g = variant_find("glinski");
    for (size_t i = 0; i < sizeof bad_cescacs / sizeof bad_cescacs[0]; i++)
        expect_refused(&t, c, bad_cescacs[i].text, bad_cescacs[i].field);
    for (size_t i = 0; i < sizeof bad_glinski / sizeof bad_glinski[0]; i++)
        expect_refused(&t, g, bad_glinski[i].text, bad_glinski[i].field);
    /* Very long input, and a long field inside the size limit. */
    static char long_text[100000];
    memset(long_text, 'p', sizeof long_text - 1);
    expect_refused(&t, c, long_text, "position");
    expect_refused(&t, g, long_text, "position");
    char text[POSITION_TEXT_MAX];
    snprintf(text, sizeof text, "%s w RKRrkr %0*d 0 1", CES_BOARD, 200, 7);
    expect_refused(&t, c, text, "special");
    /* A message cut to a tiny buffer is still terminated. */
    char tiny[8];
    memset(tiny, 'x', sizeof tiny);
    assert_false(pos_from_text(first, c, "/29:v/ w -- - 0 1", tiny, sizeof tiny));
    assert_non_null(memchr(tiny, 0, sizeof tiny));
    assert_int_equal(t.failures, 0);
}

/*
 * Every prefix and many random byte edits of data positions: whatever is accepted must be a sound
 * position (consistent bookkeeping, writes and re-reads, legal moves generate); whatever is
 * refused must come with a message. Run under the sanitizers this is the crash test.
 */
static void mutate_and_parse(Tally *t, const Variant *v, const char *text, uint64_t *rng, int edits)
{
    static const char alphabet[] = "0123456789/:-@,[]? wbKDVRGNJEPkdvrgnjepQBqbxX\t";
    size_t len = strlen(text);
    char buf[POSITION_TEXT_MAX + 2], err[256], out[POSITION_TEXT_MAX];
    for (size_t cut = 0; cut <= len + edits; cut++) {
        if (cut <= len) {
            memcpy(buf, text, cut);
            buf[cut] = 0;
        } else {
            snprintf(buf, sizeof buf, "%s", text);
            int n = 1 + rng_below(rng, 3);
            for (int k = 0; k < n; k++)
                buf[rng_below(rng, (int)len)] = alphabet[rng_below(rng, (int)sizeof alphabet - 1)];
        }
        err[0] = 0;
        if (!pos_from_text(first, v, buf, err, sizeof err)) {
            if (!*err)
                tally_fail(t, "'%s' refused without a message", buf);
            continue;
        }
        const char *broken = position_consistency(first);
        if (broken) {
            tally_fail(t, "'%s' accepted but %s", buf, broken);
            continue;
        }
        pos_to_text(first, out, sizeof out);
        if (!pos_from_text(second, v, out, err, sizeof err))
            tally_fail(t, "'%s' accepted, but its writing '%s' is refused: %s", buf, out, err);
        MoveList ml;
        gen_legal(first, &ml);
        if (ml.count != count_legal(first))
            tally_fail(t, "'%s': gen_legal and count_legal disagree", buf);
    }
}

static void test_mutations(void **state)
{
    (void)state;
    Tally t = {0};
    uint64_t rng = 20240611;
    static const char *const cescacs[] = {
        CES_BOARD " w RKRrkr - 0 1",
        "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:3P4/6:2PJP2/"
        "5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1",
    };
    static const char *const glinski[] = {GLI_BOARD " w - 0 1",
                                          "1/n1k/5/7/p2pp4/9p1/2R2PpP3/6P1P2/n2P1B3P1/1N9/5BKNR2 w g6 0 16"};
    for (int i = 0; i < 2; i++) {
        mutate_and_parse(&t, variant_find("cescacs"), cescacs[i], &rng, 3000);
        mutate_and_parse(&t, variant_find("glinski"), glinski[i], &rng, 3000);
    }
    assert_int_equal(t.failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_cescacs), cmocka_unit_test(test_round_trip_glinski),
        cmocka_unit_test(test_alternative_forms),  cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests_name("postext", tests, setup, teardown);
}
