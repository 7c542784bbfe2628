/*
 * The position validator: one illegal position per reason per variant, refused through the text
 * reader with a one-line message naming the problem; the legal edge cases next to them (an awaiting
 * pawn, en passant after double and triple steps and after a promoting step, a scornful pawn,
 * promoted men within the limits); fields no text can express; the "no castling" option, under
 * which an unmoved king's leap attacks nothing; and every position one legal move
 * from the perft suites' positions, which the validator must accept.
 */
#include "testutil.h"

#include <ctype.h>

#include "core/notation/postext.h"
#include "core/rules/movegen.h"
#include "core/rules/validate.h"

typedef struct {
    const char *variant;
    const char *men;    /* "KG1 kG27 PF8": letter (upper case White) and hex */
    const char *fields; /* what follows the placement */
    const char *reason; /* a part of the message; NULL: the position is legal */
} Case;

static const Case cases[] = {
    /* C'escacs: kings. */
    {"cescacs", "KG1", "w -- - 0 1", "Black has 0 kings"},
    {"cescacs", "KG1 KF2 kG27", "w -- - 0 1", "White has 2 kings"},
    /* The example: White's pegasus could take the king on I3. */
    {"cescacs", "GB24 kI3 KD2", "w -- - 0 81", "the side not to move (Black) is in check"},
    {"cescacs", "GB24 kI3 KD2", "b -- - 0 81", NULL},
    /* Castling rights need the men on their start hexes. */
    {"cescacs", "KF2 RC3 RI3 kG27", "w K- - 0 1", "White's king never moved, but it is not on its start hex G1"},
    {"cescacs", "KG1 RI3 kG27", "w RK- - 0 1", "White's queen's rook never moved, but it is not on its start hex C3"},
    {"cescacs", "KG1 RC3 RI3 kG27", "w RKR- - 0 1", NULL},
    /* Material: promotion only regains captured men, never elephants or pawns, one bishop a colour. */
    {"cescacs", "KG1 DE1 DF2 kG27", "w -- - 0 1", "'D', more than the set-up's 1, and promotion only regains"},
    {"cescacs", "KG1 ED4 EE5 EG5 EH4 EF8 kG27", "w -- - 0 1", "'E', more than the set-up's 4, and promotion never"},
    {"cescacs", "KG1 PA5 PB4 PC5 PD6 PE7 PF8 PG7 PH6 PI5 PK4 PL5 PF10 kG27", "w -- - 0 1",
     "'P', more than the set-up's 11"},
    {"cescacs", "KG1 JF2 JF8 kG27", "w -- - 0 1", "2 bishops 'J' on hexes of one colour"},
    {"cescacs", "KG1 JF2 JF4 JF6 DE1 VF0 RC3 RI3 GD2 GH2 NE3 NG3 kG27", "w -- - 0 1", NULL},
    /* Pawns: never behind where a pawn can go; on its promotion hex only as an awaiting pawn. */
    {"cescacs", "KG1 PF2 kG27", "w -- - 0 1", "White pawn on F2, a hex no White pawn can reach"},
    {"cescacs", "KG1 pF26 kG27", "w -- - 0 1", "Black pawn on F26, a hex no Black pawn can reach"},
    {"cescacs", "KG1 PF28 PT6 PP7 kA23", "w -- - 0 1", NULL},
    {"cescacs", "KG1 pF0 kA23", "b -- - 0 1", NULL},
    /* En passant: the pawn that just stepped, the hexes it skipped, the hex it came from. */
    {"cescacs", "KG1 NF12 kG27", "b -- F12@10 0 1", "no pawn of the side that just moved (White) on F12"},
    {"cescacs", "KG1 PF12 kG27", "b -- F12@8 0 1", "the pawn on F12 did not skip F8"},
    {"cescacs", "KG1 PF12 NF10 kG27", "b -- F12@10 0 1", "the skipped hex F10 is not empty"},
    {"cescacs", "KG1 PF10 kG27", "b -- F10@8 0 1", "the pawn on F10 cannot have stepped from F6"},
    {"cescacs", "KG1 PF14 kG27", "b -- F14@10-12 0 1", "a pawn on F8 has no triple step"},
    {"cescacs", "KG1 PF12 kG27", "b -- F12@10 3 1", "the halfmove clock must be 0, not 3"},
    {"cescacs", "KG1 PF12 kG27", "b -- F12@10 0 1", NULL},
    {"cescacs", "KG1 PE13 kG27", "b -- E13@9-11 0 1", NULL},
    {"cescacs", "KG1 pE15 kG27", "w -- E15@17-19 0 1", NULL},
    {"cescacs", "KG1 RT22 kG27", "b -- T22@20 0 1", NULL}, /* a double step that promoted */
    {"cescacs", "KG1 NT22 kG27", "b -- T20@18 0 1", "no pawn of the side that just moved (White) on T20"},
    /* The scornful pawn: it dodged a facing pawn, which may take it. */
    {"cescacs", "KG1 PG15 kG27", "b -- G15 0 1", "no pawn can take the scornful pawn on G15"},
    {"cescacs", "KG1 NG15 pF16 kG27", "b -- G15 0 1", "no pawn of the side that just moved (White) on G15"},
    {"cescacs", "KG1 PG15 pF16 kG27", "b -- H16@G15 0 1", "no pawn on H16 can take the scornful pawn on G15"},
    {"cescacs", "KG1 PG15 pF16 kG27", "b -- G15 4 1", "the halfmove clock must be 0, not 4"},
    {"cescacs", "KG1 PG15 pF16 kG27", "b -- G15 0 1", NULL},
    {"cescacs", "KG1 PG15 pF16 kG27", "b -- F16@G15 0 1", NULL},
    /* Gliński: a pawn never stays on its promotion hex, nor stands behind its start. */
    {"glinski", "Kg1 kg10 Pf11", "w - 0 1", "White pawn on f11, its promotion hex"},
    {"glinski", "Kg1 kg10 pf1", "w - 0 1", "Black pawn on f1, its promotion hex"},
    {"glinski", "Kg1 kg10 Pf4", "w - 0 1", "White pawn on f4, a hex no White pawn can reach"},
    {"glinski", "Kg1 kg10 Pa1 Pl1", "w - 0 1", NULL}, /* reached by capturing away from the centre */
    {"glinski", "Kg1 kg10 Qg9", "w - 0 1", "the side not to move (Black) is in check"},
    {"glinski", "Kg1 kg10 Qg9", "b - 0 1", NULL},
    {"glinski", "Kg1 kg10 Kf1", "w - 0 1", "White has 2 kings"},
    /* Promotion gives any piece, but only as many as pawns have left the board. */
    {"glinski", "Kg1 kg10 Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1 Pf6", "w - 0 1", "'P', more than the set-up's 9"},
    {"glinski", "Kg1 kg10 Qe1 Qa6 Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1", "w - 0 1",
     "White's men beyond the set-up (1) outnumber its pawns gone to promote (0)"},
    {"glinski", "Kg1 kg10 Qe1 Qa6 Bf1 Bf2 Bf3 Bb2 Pb1 Pc2 Pd3 Pe4 Pg4 Ph3 Pi2", "w - 0 1", NULL},
    /* En passant only after a double step from a pawn's start hex. */
    {"glinski", "Kg1 kg10 Pf8", "b f7 0 1", "a pawn on f6 has no double step"},
    {"glinski", "Kg1 kg10 Pe6", "b e5 0 1", NULL},
    {"glinski", "Kg1 kg10 pe5", "w e6 0 1", NULL},
    {"glinski", "Kg1 kg10 Pe6 Pe4", "b e5 0 1", "the pawn on e6 cannot have stepped from e4"},
};

/* The placement field of the position holding exactly the listed men. */
static void placement(Position *p, const Variant *v, const char *men, char *out, size_t size)
{
    pos_clear(p, v);
    char copy[256];
    snprintf(copy, sizeof copy, "%s", men);
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        PieceType t = variant_piece_by_letter(v, tok[0]);
        assert_int_not_equal(t, NO_TYPE);
        pos_put(p, make_piece(isupper((unsigned char)tok[0]) ? WHITE : BLACK, t), cell(v, tok + 1));
    }
    char text[POSITION_TEXT_MAX];
    pos_to_text(p, text, sizeof text);
    *strchr(text, ' ') = 0;
    snprintf(out, size, "%s", text);
}

static void test_reasons(void **state)
{
    (void)state;
    Position *p = position_new();
    Tally t = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const Case *c = &cases[i];
        const Variant *v = get(c->variant);
        char board[POSITION_TEXT_MAX], text[POSITION_TEXT_MAX + 64], err[256] = "";
        placement(p, v, c->men, board, sizeof board);
        snprintf(text, sizeof text, "%s %s", board, c->fields);
        bool ok = pos_from_text(p, v, text, err, sizeof err);
        if (!c->reason && !ok)
            tally_fail(&t, "%s '%s': refused: %s", c->variant, text, err);
        else if (c->reason && ok)
            tally_fail(&t, "%s '%s': accepted, expected '%s'", c->variant, text, c->reason);
        else if (c->reason && (!strstr(err, c->reason) || strchr(err, '\n')))
            tally_fail(&t, "%s '%s': refused with '%s', expected one line with '%s'", c->variant, text, err,
                       c->reason);
    }
    free(p);
    assert_int_equal(t.failures, 0);
}

/* States a program can build but no text expresses: the validator judges them too. */
static void test_fields_without_text(void **state)
{
    (void)state;
    Position *p = position_new();
    char err[256];
    pos_set_start(p, get("glinski"));
    p->rights = RIGHT_KING;
    assert_false(pos_validate(p, err, sizeof err));
    assert_non_null(strstr(err, "castling: White has a castling right Gli\xc5\x84ski does not have"));

    pos_set_start(p, get("cescacs"));
    p->rights &= (uint8_t) ~RIGHT_KING;
    assert_false(pos_validate(p, err, sizeof err));
    assert_non_null(strstr(err, "White keeps a rook's right after the king has moved"));

    pos_set_start(p, get("cescacs"));
    p->ep_target[0] = (uint8_t)cell(p->v, "F14");
    assert_false(pos_validate(p, err, sizeof err));
    assert_non_null(strstr(err, "skipped hexes without the pawn that skipped them"));

    assert_true(pos_from_text(p, get("cescacs"), "/28:v/27:dk/12:3P3/1:DK/ b -- F12@10 0 1", err, sizeof err));
    p->scorn_victim = p->ep_victim;
    assert_false(pos_validate(p, err, sizeof err));
    assert_non_null(strstr(err, "both an en-passant and a scornful-pawn capture"));
    free(p);
}

/* An unmoved king's leap attacks only in a game with castling: without it the leap takes nothing. */
static void test_castling_option(void **state)
{
    (void)state;
    Position *p = position_new();
    char err[256];
    const char *text = "/6:4k2/1:1K/ w K- - 0 1"; /* Black's king on H6, a leap from G1 */
    assert_false(pos_from_text(p, get("cescacs"), text, err, sizeof err));
    assert_non_null(strstr(err, "the side not to move (Black) is in check"));
    assert_true(pos_from_text_castling(p, get("cescacs"), text, false, err, sizeof err));
    assert_false(p->castling_allowed);
    free(p);
}

static void expect_children_legal(Tally *t, Position *p, const char *where)
{
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.count; i++) {
        char err[256], text[POSITION_TEXT_MAX];
        pos_make(p, ml.moves[i]);
        if (!pos_validate(p, err, sizeof err)) {
            pos_to_text(p, text, sizeof text);
            tally_fail(t, "%s: '%s', one move on, refused: %s", where, text, err);
        }
        pos_unmake(p);
    }
}

/* What the rules reach must pass: every position one move from a perft suite's positions. */
static void test_reached_positions_pass(void **state)
{
    (void)state;
    static const char *const suites[][2] = {{"cescacs", "cescacs/perft.txt"}, {"glinski", "glinski/perft.txt"}};
    Position *p = position_new();
    Tally t = {0};
    int positions = 0;
    for (int s = 0; s < 2; s++) {
        const Variant *v = get(suites[s][0]);
        LineReader r;
        assert_true(reader_open(&r, suites[s][1]));
        while (reader_next(&r)) {
            char where[64], err[256];
            snprintf(where, sizeof where, "%s:%d", suites[s][1], r.number);
            *strchr(r.line, ';') = 0;
            if (!pos_from_text(p, v, r.line, err, sizeof err)) {
                tally_fail(&t, "%s: %s", where, err);
                continue;
            }
            positions++;
            expect_children_legal(&t, p, where);
        }
        reader_close(&r);
    }
    free(p);
    assert_int_equal(t.failures, 0);
    assert_int_equal(positions, 76);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reasons),
        cmocka_unit_test(test_fields_without_text),
        cmocka_unit_test(test_castling_option),
        cmocka_unit_test(test_reached_positions_pass),
    };
    return cmocka_run_group_tests_name("validate", tests, NULL, NULL);
}
