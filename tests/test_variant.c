/*
 * What the variant descriptions derive, checked against the specs' own lists: the start positions,
 * the 24 C'escacs castlings (spec/CESCACS.md §5 table), promotion zones, pawn multi-step hexes.
 */
#include "testutil.h"

#include "core/notation/postext.h"



static void test_names(void **state)
{
    (void)state;
    assert_null(variant_find("chess"));
    assert_null(variant_find(""));
    int n = 0;
    for (; variant_names[n]; n++)
        assert_non_null(variant_find(variant_names[n]));
    assert_int_equal(n, 3);
    assert_string_equal(get("cescacs")->desc->name, "cescacs");
    assert_string_equal(get("glinski")->desc->name, "glinski");
    assert_string_equal(get("mccooey")->desc->name, "mccooey");
    assert_ptr_equal(get("cescacs"), get("cescacs"));
}

/* "K G1, D E1, ..." style lists: a piece letter, then its hexes; White's men, Black's mirrored. */
static void check_setup(const Variant *v, const char *white)
{
    Position *p = position_new();
    pos_set_start(p, v);
    Piece want[MAX_CELLS] = {0};
    char list[256];
    snprintf(list, sizeof list, "%s", white);
    PieceType type = NO_TYPE;
    for (char *w = strtok(list, " ,"); w; w = strtok(NULL, " ,")) {
        if (strlen(w) == 1 && w[0] >= 'A' && w[0] <= 'Z') {
            type = variant_piece_by_letter(v, w[0]);
            assert_int_not_equal(type, NO_TYPE);
            continue;
        }
        int s = cell(v, w);
        want[s] = make_piece(WHITE, type);
        want[geometry_mirror(&v->geo, s)] = make_piece(BLACK, type);
    }
    for (int s = 0; s < v->geo.cell_count; s++) {
        if (p->board[s] != want[s]) {
            char name[8];
            variant_cell_name(v, s, name);
            print_error("%s start position: %s holds %d, expected %d\n", v->desc->name, name, p->board[s], want[s]);
        }
        assert_int_equal(p->board[s], want[s]);
    }
    assert_int_equal(p->stm, WHITE);
    assert_null(position_consistency(p));
    free(p);
}

static void test_start_positions(void **state)
{
    (void)state;
    check_setup(get("cescacs"), "K G1, D E1, V F0, G D2 H2, J F2 F4 F6, N E3 G3, R C3 I3, E D4 E5 G5 H4, "
                                "P A5 B4 C5 D6 E7 F8 G7 H6 I5 K4 L5");
    check_setup(get("glinski"), "K g1, Q e1, R c1 i1, N d1 h1, B f1 f2 f3, P b1 c2 d3 e4 f5 g4 h3 i2 k1");
    /* The spec's PDTL and FEN of the start positions. */
    Position *p = position_new();
    char text[POSITION_TEXT_MAX];
    pos_set_start(p, get("cescacs"));
    pos_to_text(p, text, sizeof text);
    assert_string_equal(text, "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/"
                              "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1");
    pos_set_start(p, get("glinski"));
    pos_to_text(p, text, sizeof text);
    assert_string_equal(text, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1");
    pos_set_start(p, get("mccooey")); /* docs/mccooey.md §3 */
    pos_to_text(p, text, sizeof text);
    assert_string_equal(text, "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - 0 1");
    free(p);
}

typedef struct {
    const char *name, *king, *king_rook, *queen_rook; /* White's targets; NULL: that rook stays */
} CastleRow;

/* spec/CESCACS.md §5: "KRK" king's rook (from I3), "KRD" queen's rook (from C3), "KRR" both. */
static const CastleRow castle_table[] = {
    {"KRK-II", "I5", "I7", NULL},  {"KRK-IK", "I5", "K4", NULL},   {"KRK-IH", "I5", "H4", NULL},
    {"KRK-HIO", "H6", "I5", NULL}, {"KRK-HIOO", "H6", "I7", NULL}, {"KRK-HH", "H6", "H4", NULL},
    {"KRK-HG", "H6", "G5", NULL},  {"KRK-FG", "F6", "G5", NULL},   {"KRK-FE", "F6", "E7", NULL},
    {"KRK-EF", "E5", "F6", NULL},  {"KRK-EE", "E5", "E7", NULL},   {"KRD-DD", "D2", NULL, "D4"},
    {"KRD-DE", "D2", NULL, "E1"},  {"KRD-HH", "H6", NULL, "H8"},   {"KRD-HG", "H6", NULL, "G7"},
    {"KRD-FG", "F6", NULL, "G7"},  {"KRD-FE", "F6", NULL, "E5"},   {"KRD-EF", "E5", NULL, "F6"},
    {"KRD-ED", "E5", NULL, "D4"},  {"KRR-HIH", "H6", "I7", "H8"},  {"KRR-HGG", "H6", "G5", "G7"},
    {"KRR-FGG", "F6", "G5", "G7"}, {"KRR-FEE", "F6", "E7", "E5"},  {"KRR-EEF", "E5", "E7", "F6"},
};

static void check_castle(const Variant *v, Color c, const Castle *got, const CastleRow *row)
{
    const Geometry *g = &v->geo;
    int king = cell(v, row->king);
    assert_int_equal(got->king_to, c == WHITE ? king : geometry_mirror(g, king));
    assert_int_equal(got->rook_count, (row->king_rook != NULL) + (row->queen_rook != NULL));
    const char *targets[2] = {row->queen_rook, row->king_rook};
    for (int which = 0; which < 2; which++) {
        int found = -1;
        for (int i = 0; i < got->rook_count; i++)
            if (got->rook_which[i] == which)
                found = i;
        assert_int_equal(found >= 0, targets[which] != NULL);
        if (found < 0)
            continue;
        int to = cell(v, targets[which]);
        assert_int_equal(got->rook_to[found], c == WHITE ? to : geometry_mirror(g, to));
        /* The path runs in a straight orthogonal line from the rook's start hex to its target. */
        int from = v->rook_start[c][which], len = got->path_len[found];
        bool straight = false;
        for (int d = ORTH_FIRST; d < ORTH_FIRST + ORTH_NB && !straight; d++) {
            int s = g->step[d][from], i = 0;
            while (i < len && s == got->path[found][i]) {
                s = g->step[d][s];
                i++;
            }
            straight = i == len && s == got->rook_to[found];
        }
        assert_true(straight);
    }
}

static void test_castlings(void **state)
{
    (void)state;
    const Variant *v = get("cescacs");
    const int rows = (int)(sizeof castle_table / sizeof castle_table[0]);
    assert_int_equal(rows, 24);
    assert_int_equal(v->castle_count, 24);
    assert_int_equal(v->king_start[WHITE], cell(v, "G1"));
    assert_int_equal(v->rook_start[WHITE][0], cell(v, "C3"));
    assert_int_equal(v->rook_start[WHITE][1], cell(v, "I3"));
    assert_int_equal(v->king_start[BLACK], cell(v, "G27"));
    assert_int_equal(v->rook_start[BLACK][0], cell(v, "C25"));
    assert_int_equal(v->rook_start[BLACK][1], cell(v, "I25"));
    for (int r = 0; r < rows; r++) {
        int matches = 0;
        for (int i = 0; i < v->castle_count; i++) {
            for (int c = 0; c < COLOR_NB; c++) {
                if (strcmp(v->castles[c][i].name, castle_table[r].name))
                    continue;
                matches += c == WHITE;
                check_castle(v, (Color)c, &v->castles[c][i], &castle_table[r]);
            }
        }
        if (matches != 1)
            print_error("castling %s is derived %d times\n", castle_table[r].name, matches);
        assert_int_equal(matches, 1);
    }
    assert_int_equal(get("glinski")->castle_count, 0);
}

static void check_zone(const Variant *v, Color c, const char *hexes)
{
    bool want[MAX_CELLS] = {false};
    char list[256];
    snprintf(list, sizeof list, "%s", hexes);
    for (char *w = strtok(list, " "); w; w = strtok(NULL, " "))
        want[cell(v, w)] = true;
    for (int s = 0; s < v->geo.cell_count; s++) {
        if (v->promotion_zone[c][s] != want[s]) {
            char name[8];
            variant_cell_name(v, s, name);
            print_error("%s: %s promotion zone %s %s\n", v->desc->name, c == WHITE ? "White's" : "Black's",
                        want[s] ? "lacks" : "wrongly holds", name);
        }
        assert_int_equal(v->promotion_zone[c][s], want[s]);
    }
}

static void test_promotion_zones(void **state)
{
    (void)state;
    const Variant *c = get("cescacs"), *g = get("glinski");
    check_zone(c, WHITE, "P21 T22 A23 B24 C25 D26 E27 F28 G27 H26 I25 K24 L23 X22 Z21");
    check_zone(c, BLACK, "P7 T6 A5 B4 C3 D2 E1 F0 G1 H2 I3 K4 L5 X6 Z7");
    check_zone(g, WHITE, "a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6");
    check_zone(g, BLACK, "a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1");
}

static void check_hexes(const Variant *v, const bool *table, const char *hexes)
{
    bool want[MAX_CELLS] = {false};
    char list[256];
    snprintf(list, sizeof list, "%s", hexes);
    for (char *w = strtok(list, " "); w; w = strtok(NULL, " "))
        want[cell(v, w)] = true;
    for (int s = 0; s < v->geo.cell_count; s++)
        assert_int_equal(table[s], want[s]);
}

static void test_pawn_steps(void **state)
{
    (void)state;
    const Variant *c = get("cescacs"), *g = get("glinski");
    check_hexes(c, c->triple_step_from[WHITE], "B4 C5 D6 E7 G7 H6 I5 K4");
    check_hexes(c, c->triple_step_from[BLACK], "B24 C23 D22 E21 G21 H22 I23 K24");
    check_hexes(g, g->triple_step_from[WHITE], "");
    /* Gliński: a double step from the side's nine pawn start hexes only. */
    check_hexes(g, g->double_step_from[WHITE], "b1 c2 d3 e4 f5 g4 h3 i2 k1");
    check_hexes(g, g->double_step_from[BLACK], "b7 c7 d7 e7 f7 g7 h7 i7 k7");
    /* McCooey: the same, but for the centre pawn (docs/mccooey.md §4.2). */
    const Variant *m = get("mccooey");
    check_hexes(m, m->double_step_from[WHITE], "c1 d2 e3 g3 h2 i1");
    check_hexes(m, m->double_step_from[BLACK], "c8 d8 e8 g8 h8 i8");
    assert_true(c->desc->double_step_anywhere);
    assert_false(g->desc->double_step_anywhere);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),      cmocka_unit_test(test_start_positions),
        cmocka_unit_test(test_castlings),  cmocka_unit_test(test_promotion_zones),
        cmocka_unit_test(test_pawn_steps),
    };
    return cmocka_run_group_tests_name("variant", tests, NULL, NULL);
}
