/*
 * Board geometry of both boards, checked against the specs' own definitions (spec/CESCACS.md §1,
 * spec/GLINSKI.md "Board") rather than against the tables the library derives.
 */
#include "testutil.h"

#include "core/rules/variant.h"



/* The spec's existence rule: |c-(N-1)| <= l <= 4(N-1)-|c-(N-1)|, l of the parity of c-(N-1). */
static void check_cells(const Variant *v, int side, int expected)
{
    const Geometry *g = &v->geo;
    assert_int_equal(g->side, side);
    assert_int_equal(g->columns, 2 * side - 1);
    assert_int_equal(g->lines, 4 * (side - 1) + 1);
    assert_int_equal(g->cell_count, expected);
    int found = 0;
    for (int c = 0; c < g->columns; c++)
        for (int l = 0; l < g->lines; l++) {
            int q = abs(c - (side - 1));
            bool exists = q <= l && l <= 4 * (side - 1) - q && (l - q) % 2 == 0;
            int s = geometry_cell(g, c, l);
            assert_int_equal(s != NO_CELL, exists);
            if (!exists)
                continue;
            found++;
            assert_true(s < g->cell_count);
            assert_int_equal(g->col[s], c);
            assert_int_equal(g->line[s], l);
        }
    assert_int_equal(found, expected);
    assert_int_equal(geometry_cell(g, -1, 0), NO_CELL);
    assert_int_equal(geometry_cell(g, 0, -1), NO_CELL);
    assert_int_equal(geometry_cell(g, g->columns, 0), NO_CELL);
    assert_int_equal(geometry_cell(g, side - 1, g->lines), NO_CELL);
}

static void test_cell_counts(void **state)
{
    (void)state;
    check_cells(get("cescacs"), 8, 169);
    check_cells(get("glinski"), 6, 91);
}

/* Colour index = line mod 3 in both games; which name each index has is fixed by named hexes. */
static void test_colours(void **state)
{
    (void)state;
    const Variant *c = get("cescacs"), *g = get("glinski");
    int counts[2][3] = {{0}};
    for (int s = 0; s < c->geo.cell_count; s++)
        counts[0][c->geo.colour[s]]++;
    for (int s = 0; s < g->geo.cell_count; s++)
        counts[1][g->geo.colour[s]]++;
    /* C'escacs: 0 black (G27, E27), 1 white (G1, E1), 2 "coloured" (F14, the centre). */
    assert_int_equal(c->geo.colour[cell(c, "G27")], 0);
    assert_int_equal(c->geo.colour[cell(c, "E27")], 0);
    assert_int_equal(c->geo.colour[cell(c, "G1")], 1);
    assert_int_equal(c->geo.colour[cell(c, "E1")], 1);
    assert_int_equal(c->geo.colour[cell(c, "F14")], 2);
    assert_int_equal(counts[0][0], 57);
    assert_int_equal(counts[0][1], 57);
    assert_int_equal(counts[0][2], 55);
    /* Gliński: f1 light, then up the file light -> dark -> medium; f6 medium, f11 dark; 30/30/31. */
    int light = g->geo.colour[cell(g, "f1")], dark = g->geo.colour[cell(g, "f2")];
    int medium = g->geo.colour[cell(g, "f3")];
    assert_int_equal(light, 0);
    assert_int_equal(medium, 1);
    assert_int_equal(dark, 2);
    assert_int_equal(g->geo.colour[cell(g, "f6")], medium);
    assert_int_equal(g->geo.colour[cell(g, "f11")], dark);
    assert_int_equal(counts[1][light], 30);
    assert_int_equal(counts[1][dark], 30);
    assert_int_equal(counts[1][medium], 31);
}

/* A direction and its opposite differ in bit 0; the same holds for leaps. */
static void check_symmetry(const Geometry *g)
{
    for (int d = 0; d < DIR_NB; d++) {
        assert_int_equal(hex_directions[d].dc, -hex_directions[d ^ 1].dc);
        assert_int_equal(hex_directions[d].dl, -hex_directions[d ^ 1].dl);
    }
    for (int a = 0; a < g->cell_count; a++) {
        int near = 0, leaps = 0;
        for (int b = 0; b < g->cell_count; b++) {
            for (int d = 0; d < DIR_NB; d++)
                assert_int_equal(g->step[d][a] == b, g->step[d ^ 1][b] == a);
            for (int k = 0; k < LEAP_NB; k++)
                assert_int_equal(g->leap[k][a] == b, g->leap[k ^ 1][b] == a);
            assert_int_equal(geometry_adjacent(g, a, b), geometry_adjacent(g, b, a));
        }
        for (int d = 0; d < DIR_NB; d++) {
            near += g->step[d][a] != NO_CELL;
            if (g->step[d][a] != NO_CELL)
                assert_true(geometry_adjacent(g, a, g->step[d][a]));
        }
        for (int k = 0; k < LEAP_NB; k++)
            leaps += g->leap[k][a] != NO_CELL;
        assert_int_equal(g->neighbour_count[a], near);
        assert_int_equal(g->leap_count[a], leaps);
        assert_false(geometry_adjacent(g, a, a));
        /* Orthogonal steps change colour, diagonal steps keep it, knight leaps change it. */
        for (int d = 0; d < DIR_NB; d++)
            if (g->step[d][a] != NO_CELL)
                assert_int_equal(g->colour[g->step[d][a]] == g->colour[a], d >= DIAG_FIRST);
        for (int k = 0; k < LEAP_NB; k++)
            if (g->leap[k][a] != NO_CELL)
                assert_int_not_equal(g->colour[g->leap[k][a]], g->colour[a]);
    }
}

/* Every hex lies on one line along each axis, its place one past the hex a step back along it;
 * the walls lie just past both ends; and the lines, with their lengths, cover the board once an axis. */
static void check_lines(const Geometry *g)
{
    assert_true(g->line_count <= MAX_HEX_LINES);
    for (int a = 0; a < AXIS_NB; a++) {
        int hexes = 0;
        for (int id = 0; id < g->line_count; id++) {
            if (g->lines_of[g->line_hexes[id][1]][a].line != id)
                continue; /* a line of another axis */
            int place = 1;
            for (; g->line_hexes[id][place] != NO_CELL; place++)
                hexes++;
            assert_int_equal(g->line_walls[id], 1u | 1u << place);
        }
        assert_int_equal(hexes, g->cell_count);
        for (int s = 0; s < g->cell_count; s++) {
            const HexLine *on = &g->lines_of[s][a];
            assert_int_equal(g->line_hexes[on->line][on->place], s);
            assert_int_equal(g->line_hexes[on->line][on->place + 1], g->step[2 * a][s]);
            assert_int_equal(g->line_hexes[on->line][on->place - 1], g->step[2 * a + 1][s]);
            assert_int_equal(g->line_hexes[on->line][on->wall], NO_CELL);
            assert_true(on->wall <= MAX_RAY + 2);
        }
    }
}

static void test_lines(void **state)
{
    (void)state;
    check_lines(&get("cescacs")->geo);
    check_lines(&get("glinski")->geo);
}

static void test_neighbour_symmetry(void **state)
{
    (void)state;
    check_symmetry(&get("cescacs")->geo);
    check_symmetry(&get("glinski")->geo);
}

static void check_centre(const Variant *v, const char *centre)
{
    const Geometry *g = &v->geo;
    int s = cell(v, centre);
    assert_int_equal(g->neighbour_count[s], 12);
    assert_int_equal(g->leap_count[s], 12);
    /* The spec's leap offsets, in any order. */
    static const int offsets[12][2] = {{3, 1},  {3, -1},  {-3, 1}, {-3, -1}, {2, 4},  {2, -4},
                                       {-2, 4}, {-2, -4}, {1, 5},  {1, -5},  {-1, 5}, {-1, -5}};
    for (int i = 0; i < 12; i++) {
        int t = geometry_offset(g, s, offsets[i][0], offsets[i][1]);
        assert_int_not_equal(t, NO_CELL);
        bool listed = false;
        for (int k = 0; k < g->leap_count[s]; k++)
            listed |= g->leaps[s][k] == t;
        assert_true(listed);
    }
}

static void test_centre(void **state)
{
    (void)state;
    check_centre(get("cescacs"), "F14");
    check_centre(get("glinski"), "f6");
    /* A corner hex: 3 orthogonal neighbours, and G1 leaps to D2 E5 F6 H6 I5 (spec §5). */
    const Variant *c = get("cescacs");
    int g1 = cell(c, "G1");
    assert_int_equal(c->geo.leap_count[g1], 5);
    static const char *const from_g1[] = {"D2", "E5", "F6", "H6", "I5"};
    for (int i = 0; i < 5; i++) {
        bool listed = false;
        for (int k = 0; k < c->geo.leap_count[g1]; k++)
            listed |= c->geo.leaps[g1][k] == cell(c, from_g1[i]);
        assert_true(listed);
    }
}

static void check_mirror(const Geometry *g)
{
    for (int s = 0; s < g->cell_count; s++) {
        int m = geometry_mirror(g, s);
        assert_int_not_equal(m, NO_CELL);
        assert_int_equal(geometry_mirror(g, m), s);
        assert_int_equal(g->col[m], g->col[s]);
        assert_int_equal(g->line[m], g->lines - 1 - g->line[s]);
    }
}

static void test_mirror(void **state)
{
    (void)state;
    check_mirror(&get("cescacs")->geo);
    check_mirror(&get("glinski")->geo);
}

/* The whole text names one hex (variant_parse_cell reads a prefix). */
static bool names_a_hex(const Variant *v, const char *text)
{
    int used = 0;
    return variant_parse_cell(v, text, &used) != NO_CELL && used == (int)strlen(text);
}

/* Every hex's name reads back as the same hex; names follow the specs' column letters. */
static void check_names(const Variant *v, const char *columns)
{
    const Geometry *g = &v->geo;
    for (int s = 0; s < g->cell_count; s++) {
        char name[8] = {0};
        int len = variant_cell_name(v, s, name);
        assert_int_equal(len, (int)strlen(name));
        assert_int_equal(name[0], columns[g->col[s]]);
        int used;
        assert_int_equal(variant_parse_cell(v, name, &used), s);
        assert_int_equal(used, len);
        /* CTL names carry the cross-line; Gliński names the rank within the file. */
        int number = atoi(name + 1);
        int q = abs(g->col[s] - (g->side - 1));
        assert_int_equal(number, v->desc->coords == COORDS_CTL ? g->line[s] : (g->line[s] - q) / 2 + 1);
    }
    assert_false(names_a_hex(v, "J5"));
    assert_false(names_a_hex(v, "j5"));
    assert_false(names_a_hex(v, ""));
    assert_false(names_a_hex(v, "F"));
}

static void test_names(void **state)
{
    (void)state;
    check_names(get("cescacs"), "PTABCDEFGHIKLXZ");
    check_names(get("glinski"), "abcdefghikl");
    const Variant *c = get("cescacs"), *g = get("glinski");
    assert_true(names_a_hex(c, "F28"));
    assert_false(names_a_hex(c, "F29"));
    assert_false(names_a_hex(c, "F13")); /* column F holds even lines only */
    assert_false(names_a_hex(c, "P5"));
    assert_false(names_a_hex(c, "f14"));
    assert_true(names_a_hex(g, "f11"));
    assert_false(names_a_hex(g, "a7"));
    assert_false(names_a_hex(g, "f12"));
    assert_false(names_a_hex(g, "f0"));
    assert_false(names_a_hex(g, "F6"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cell_counts), cmocka_unit_test(test_colours), cmocka_unit_test(test_neighbour_symmetry),
        cmocka_unit_test(test_centre),      cmocka_unit_test(test_mirror),  cmocka_unit_test(test_names),
        cmocka_unit_test(test_lines),
    };
    return cmocka_run_group_tests_name("geometry", tests, NULL, NULL);
}
