/*
 * Endgame tablebases on the small endings (KQK, KRK of each variant, KPK): the symmetries the
 * men allow, the numbering, generation checked by the independent verifier, facts of the endings,
 * the variants' stalemate rules, files (checksum; compressed in blocks, read whole or block by
 * block, damaged), probing a position, drawing positions, and the engine mating by the tables read
 * from a directory.
 */
#include "testutil.h"

#include <ctype.h>
#include <math.h>
#include <unistd.h>

#include "core/notation/postext.h"
#include "core/rules/movegen.h"
#include "core/rules/status.h"
#include "core/tables/tbdead.h"
#include "core/tables/tbgen.h"
#include "core/tables/tbsample.h"
#include "codec/tbzstd.h"

static TbEnding ending(const char *variant, const char *name)
{
    TbEnding e;
    bool swapped;
    char err[256];
    assert_true(tb_ending_parse(variant_find(variant), name, &e, &swapped, err, sizeof err));
    return e;
}

/* One set per game for the whole run: each table is generated once, whichever test needs it first. */
static TbSet *sets[3];

static TbSet *set_of(const char *variant)
{
    for (int i = 0; variant_names[i]; i++)
        if (!strcmp(variant_names[i], variant)) {
            if (!sets[i])
                sets[i] = tbset_new(variant_find(variant), NULL);
            return sets[i];
        }
    fail_msg("no variant %s", variant);
    return NULL;
}

static int free_sets(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++)
        tbset_free(sets[i]);
    return 0;
}

/* Generates the ending and every ending it needs into the set, each verified. */
static const TbTable *generate(TbSet *set, const TbEnding *e)
{
    char err[512];
    const TbTable *have = tbset_table(set, e, err, sizeof err);
    if (have)
        return have;
    TbEnding subs[8];
    int n = tb_sub_endings(e, subs, 8);
    for (int i = 0; i < n; i++)
        generate(set, &subs[i]);
    TbGenOptions o = {2, NULL, NULL};
    TbTable *t = malloc(sizeof *t);
    assert_non_null(t);
    assert_true(tb_generate(set, e, &o, t, err, sizeof err));
    assert_true(tbset_add(set, t));
    uint64_t bad = tb_verify(set, t, &o, err, sizeof err);
    if (bad)
        fail_msg("%s: %llu wrong values, first %s", e->name, (unsigned long long)bad, err);
    return t;
}

static void test_names(void **state)
{
    (void)state;
    TbEnding e;
    bool swapped;
    char err[256];
    const Variant *c = variant_find("cescacs"), *g = variant_find("glinski");
    assert_true(tb_ending_parse(g, "KQKR", &e, &swapped, err, sizeof err));
    assert_string_equal(e.name, "KQKR");
    assert_false(swapped);
    assert_int_equal(e.men, 4);
    assert_true(tb_ending_parse(g, "KRKQ", &e, &swapped, err, sizeof err));
    assert_string_equal(e.name, "KQKR");
    assert_true(swapped);
    /* Men are written in the order of the piece types (knight before bishop), whatever the input. */
    assert_true(tb_ending_parse(g, "KBNK", &e, &swapped, err, sizeof err));
    assert_string_equal(e.name, "KNBK");
    assert_true(tb_ending_parse(c, "KGNK", &e, &swapped, err, sizeof err));
    assert_true(tb_ending_parse(c, "KJK", &e, &swapped, err, sizeof err));
    assert_true(tb_ending_parse(g, "KNKB", &e, &swapped, err, sizeof err));
    assert_false(tb_ending_parse(g, "KXK", &e, &swapped, err, sizeof err));
    assert_non_null(strstr(err, "unknown ending"));
    assert_false(tb_ending_parse(c, "KQK", &e, &swapped, err, sizeof err)); /* C'escacs's queen is D */
    /* One pawn, its side White; a second would bring capture rights the tables do not play. */
    assert_true(tb_ending_parse(g, "KKP", &e, &swapped, err, sizeof err));
    assert_string_equal(e.name, "KPK");
    assert_true(swapped);
    assert_false(tb_ending_parse(g, "KPKP", &e, &swapped, err, sizeof err));
    assert_false(tb_ending_parse(g, "KPPK", &e, &swapped, err, sizeof err));
    assert_false(tb_ending_parse(g, "KQRBNK", &e, &swapped, err, sizeof err));
    assert_false(tb_ending_parse(g, "QK", &e, &swapped, err, sizeof err));
}

/* Pawnless endings of non-directional men keep the hexagon's twelve symmetries; an elephant (it
 * moves forward) keeps only the left-right mirror. */
static void test_symmetries(void **state)
{
    (void)state;
    const char *full[][2] = {{"glinski", "KQK"}, {"mccooey", "KRK"}, {"cescacs", "KGNK"}, {"cescacs", "KVK"}};
    char err[256];
    static TbIndex ix;
    for (size_t i = 0; i < sizeof full / sizeof full[0]; i++) {
        TbEnding e = ending(full[i][0], full[i][1]);
        assert_true(tb_index_build(&ix, &e, err, sizeof err));
        assert_int_equal(ix.sym_nb, 12);
        tb_index_free(&ix);
    }
    TbEnding e = ending("cescacs", "KEK");
    assert_true(tb_index_build(&ix, &e, err, sizeof err));
    assert_int_equal(ix.sym_nb, 2);
    const Geometry *g = &e.v->geo;
    for (int s = 0; s < g->cell_count; s++) {
        assert_int_equal(g->line[ix.sym[1][s]], g->line[s]);
        assert_int_equal(g->col[ix.sym[1][s]], g->columns - 1 - g->col[s]);
    }
    tb_index_free(&ix);
}

/* Every placement's number decodes to a symmetric twin of it, and all its images share its number's
 * position; the least of them names the position from any image, and a man other than a king
 * moving changes the number by its own term only. */
static void test_numbering(void **state)
{
    (void)state;
    char err[256];
    static TbIndex ix;
    TbEnding e = ending("glinski", "KNNK");
    assert_true(tb_index_build(&ix, &e, err, sizeof err));
    assert_int_equal(ix.perm_nb, 2);
    uint64_t seed = 7;
    for (int n = 0; n < 20000; n++) {
        uint8_t cells[TB_MAX_MEN], back[TB_MAX_MEN];
        for (int i = 0; i < e.men; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            cells[i] = (uint8_t)((seed >> 33) % (uint64_t)ix.cells);
        }
        uint64_t idx = tb_index_of(&ix, cells);
        if (idx == TB_NONE) {
            assert_true(cells[0] == cells[1] || geometry_adjacent(&e.v->geo, cells[0], cells[1]));
            continue;
        }
        assert_true(idx < ix.size);
        tb_index_cells(&ix, idx, back);
        assert_int_equal(tb_index_of(&ix, back), idx);
        uint64_t images[TB_IMAGES_MAX];
        int k = tb_images(&ix, idx, images);
        assert_true(k >= 2);
        bool self = false;
        uint64_t least = idx;
        for (int i = 0; i < k; i++) {
            self |= images[i] == idx;
            least = images[i] < least ? images[i] : least;
        }
        assert_true(self);
        assert_true(tb_index_least(&ix, cells) == least);
        assert_true(tb_index_least(&ix, back) == least);
        assert_false(tb_index_alone(&ix, idx)); /* two knights: two orders */
        int from = back[2];
        back[2] = (uint8_t)((from + 1) % ix.cells);
        assert_true(tb_index_of(&ix, back) == idx + ((uint64_t)back[2] - (uint64_t)from) * ix.weight[2]);
    }
    tb_index_free(&ix);
}

typedef struct {
    uint64_t legal, wins, draws, stalemates;
    int longest;
} Summary;

static Summary summarise(const TbTable *t, Color stm)
{
    Summary s = {0, 0, 0, 0, -1};
    for (uint64_t i = 0; i < t->ix.size; i++) {
        uint16_t v = t->val[stm][i];
        if (v == TB_ILLEGAL)
            continue;
        s.legal++;
        s.wins += tb_is_mate(v) && tb_wins(v) == (stm == WHITE);
        s.draws += v == TB_DRAW;
        s.stalemates += tb_is_stalemate(v);
        if (tb_is_mate(v) && tb_distance(v) > s.longest)
            s.longest = tb_distance(v);
    }
    return s;
}

/* With White to move, a king and a queen or rook mate a lone king from every legal position, in all
 * three games (a queen or rook that cannot be kept is never en prise with White to move). */
static void test_major_pieces_mate(void **state)
{
    (void)state;
    const char *cases[][3] = {{"glinski", "KQK", "17"}, {"glinski", "KRK", "39"}, {"mccooey", "KQK", NULL},
                              {"mccooey", "KRK", NULL}, {"cescacs", "KDK", NULL},   {"cescacs", "KRK", NULL}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TbSet *set = set_of(cases[i][0]);
        TbEnding e = ending(cases[i][0], cases[i][1]);
        const TbTable *t = generate(set, &e);
        Summary w = summarise(t, WHITE), b = summarise(t, BLACK);
        assert_true(w.legal > 0);
        assert_int_equal(w.wins, w.legal);
        assert_true(b.wins > b.legal / 2);
        assert_true(b.draws > 0); /* Black takes the piece */
        if (cases[i][2])
            assert_int_equal(w.longest, atoi(cases[i][2]));
    }
}

/* Threads decide positions in any order (a loss when its count of moves not yet lost reaches
 * zero): one thread and four make the same tables, the stalemate pass's too. */
static void test_threads_agree(void **state)
{
    (void)state;
    TbSet *set = set_of("glinski");
    TbEnding e = ending("glinski", "KQK");
    const TbTable *t = generate(set, &e);
    for (int threads = 1; threads <= 4; threads += 3) {
        TbGenOptions o = {threads, NULL, NULL};
        static TbTable other;
        char err[256];
        assert_true(tb_generate(set, &e, &o, &other, err, sizeof err));
        for (int c = 0; c < COLOR_NB; c++)
            assert_memory_equal(other.val[c], t->val[c], sizeof *t->val[c] * (size_t)t->ix.size);
        tb_table_free(&other);
    }
}

/* The stalemate as each game scores it: in Gliński a lone king stalemated by king and queen is a
 * stalemate win kept apart from a draw; in McCooey the same position is a draw. */
static void test_stalemate_scoring(void **state)
{
    (void)state;
    const char *variants[] = {"glinski", "mccooey"};
    for (int i = 0; i < 2; i++) {
        TbSet *set = set_of(variants[i]);
        TbEnding e = ending(variants[i], "KQK");
        const TbTable *t = generate(set, &e);
        Summary b = summarise(t, BLACK);
        /* Black stalemated: stored as a stalemate (Gliński) or a draw (McCooey). */
        if (i == 0)
            assert_true(b.stalemates > 0);
        else
            assert_int_equal(b.stalemates, 0);
        /* Find a stalemate of Black in the table and check it with the move generator. */
        static Position p;
        bool found = false;
        for (uint64_t k = 0; k < t->ix.size && !found; k++) {
            uint16_t v = t->val[BLACK][k];
            if (!(i == 0 ? v == TB_STALEMATE_BASE : v == TB_DRAW))
                continue;
            uint8_t cells[TB_MAX_MEN];
            tb_index_cells(&t->ix, k, cells);
            pos_clear(&p, e.v);
            for (int m = 0; m < e.men; m++)
                pos_put(&p, make_piece(e.colour[m], e.type[m]), cells[m]);
            p.stm = BLACK;
            found = count_legal(&p) == 0 && !pos_in_check(&p);
        }
        assert_true(found);
    }
}

/* Damages the file: the byte at offset XORed with bits. */
static void flip_bits(const char *path, long offset, int bits)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, offset, SEEK_SET);
    int ch = fgetc(f);
    fseek(f, offset, SEEK_SET);
    fputc(ch ^ bits, f);
    fclose(f);
}

static void test_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/hexchess-tb-XXXXXX";
    assert_non_null(mkdtemp(dir));
    TbSet *set = set_of("glinski");
    TbEnding e = ending("glinski", "KRK");
    const TbTable *t = generate(set, &e);
    char path[256], err[512];
    size_t bytes;
    tb_file_path(path, sizeof path, dir, &e);
    assert_true(tb_file_save(t, path, false, &bytes, err, sizeof err));
    assert_true(bytes < tb_table_bytes(t)); /* one byte a value */
    TbTable back;
    assert_true(tb_file_load(&back, &e, path, err, sizeof err));
    for (int c = 0; c < COLOR_NB; c++)
        assert_memory_equal(back.val[c], t->val[c], t->ix.size * sizeof(uint16_t));
    tb_table_free(&back);
    TbEnding other = ending("glinski", "KQK");
    assert_false(tb_file_load(&back, &other, path, err, sizeof err));
    /* One changed value: the checksum no longer matches. */
    flip_bits(path, (long)bytes - 10, 1);
    assert_false(tb_file_load(&back, &e, path, err, sizeof err));
    assert_non_null(strstr(err, "bad checksum"));
    remove(path);
    rmdir(dir);
}

/* Every value of a, read block by block from the compressed file at path, is b's. */
static void assert_blocks_hold(const TbEnding *e, const char *path, const TbTable *b)
{
    TbTable a;
    char err[512];
    assert_true(tb_file_open(&a, e, path, err, sizeof err));
    assert_non_null(a.blocks);
    for (int c = 0; c < COLOR_NB; c++)
        for (uint64_t i = 0; i < b->ix.size; i++) {
            uint16_t v = 0;
            /* Both sides' blocks in turn, and back: cache misses and hits alike. */
            uint64_t idx = i % 2 ? b->ix.size - 1 - i / 2 : i / 2;
            assert_true(tb_value(&a, (Color)c, idx, &v));
            assert_int_equal(v, b->val[c][idx]);
        }
    assert_null(tb_table_error(&a));
    tb_table_free(&a);
}

static void assert_one_line(const char *err, const char *path, const char *why)
{
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, why));
    assert_null(strchr(err, '\n'));
}

/* Issue 40: a table compressed in blocks is read back, whole and block by block, with every value
 * the table in memory has; one-byte and two-byte tables; damage gives one line naming the file. */
static void test_compressed_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/hexchess-tb-XXXXXX";
    assert_non_null(mkdtemp(dir));
    TbEnding e = ending("glinski", "KRK");
    const TbTable *t = generate(set_of("glinski"), &e);
    /* Distances past a byte: the same ending's table filled with long mates and stalemates. */
    TbTable wide;
    char path[256], wide_path[300], err[512];
    assert_true(tb_table_alloc(&wide, &e, err, sizeof err));
    for (int c = 0; c < COLOR_NB; c++)
        for (uint64_t i = 0; i < wide.ix.size; i++)
            wide.val[c][i] = (uint16_t)(i % 5 == 0 ? TB_DRAW : i % 3 ? TB_MATE_BASE + (i * 7 + (uint64_t)c) % 400
                                                                   : TB_STALEMATE_BASE + i % 300);
    tb_file_path(path, sizeof path, dir, &e);
    snprintf(wide_path, sizeof wide_path, "%s.wide", path);
    size_t bytes, wide_bytes;
    assert_true(tb_file_save(t, path, true, &bytes, err, sizeof err));
    assert_true(bytes < t->ix.size); /* KRK: under half a byte a position (2 x ix.size of them) */
    assert_true(tb_file_save(&wide, wide_path, true, &wide_bytes, err, sizeof err));
    assert_true(tb_file_check(path, err, sizeof err));
    const TbTable *tables[] = {t, &wide};
    const char *paths[] = {path, wide_path};
    for (int k = 0; k < 2; k++) {
        TbTable back;
        assert_true(tb_file_load(&back, &e, paths[k], err, sizeof err));
        for (int c = 0; c < COLOR_NB; c++)
            assert_memory_equal(back.val[c], tables[k]->val[c], t->ix.size * sizeof(uint16_t));
        tb_table_free(&back);
        assert_blocks_hold(&e, paths[k], tables[k]);
    }
    tb_table_free(&wide);
    TbTable back;
    /* Without the codec, a compressed table is refused, saying so. */
    tb_set_codec(NULL);
    assert_false(tb_file_load(&back, &e, path, err, sizeof err));
    assert_one_line(err, path, "lacks");
    tb_set_codec(tb_zstd());
    /* One byte changed in the last block: the index is sound, that block no longer unpacks. */
    flip_bits(path, (long)bytes - 12, 0x55);
    assert_true(tb_file_check(path, err, sizeof err));
    assert_false(tb_file_load(&back, &e, path, err, sizeof err));
    assert_one_line(err, path, "corrupt");
    assert_true(tb_file_open(&back, &e, path, err, sizeof err));
    uint16_t v;
    assert_true(tb_value(&back, WHITE, 0, &v)); /* the first block is whole */
    assert_int_equal(v, t->val[WHITE][0]);
    assert_false(tb_value(&back, BLACK, t->ix.size - 1, &v));
    assert_non_null(tb_table_error(&back));
    assert_one_line(tb_table_error(&back), path, "does not unpack");
    tb_table_free(&back);
    /* Cut short: the index no longer ends where the file does. */
    assert_int_equal(truncate(path, (off_t)bytes - 100), 0);
    assert_false(tb_file_check(path, err, sizeof err));
    assert_one_line(err, path, "corrupt");
    assert_false(tb_file_open(&back, &e, path, err, sizeof err));
    assert_one_line(err, path, "corrupt");
    assert_false(tb_file_load(&back, &e, path, err, sizeof err));
    /* Cut inside the header. */
    assert_int_equal(truncate(path, 70), 0);
    assert_false(tb_file_open(&back, &e, path, err, sizeof err));
    assert_one_line(err, path, "corrupt");
    remove(path);
    remove(wide_path);
    rmdir(dir);
}

/* Probing positions of either colour's strong side, and the best move mating. */
static void test_probe(void **state)
{
    (void)state;
    const Variant *v = variant_find("glinski");
    TbSet *set = set_of("glinski");
    TbEnding e = ending("glinski", "KQK");
    generate(set, &e);
    static Position p;
    char err[256];
    uint16_t value;
    /* A mate in one by the tables, checked by playing the best move. */
    const TbTable *t = tbset_table(set, &e, err, sizeof err);
    uint64_t k = 0;
    while (t->val[WHITE][k] != TB_MATE_BASE + 1)
        k++;
    uint8_t cells[TB_MAX_MEN];
    tb_index_cells(&t->ix, k, cells);
    pos_clear(&p, v);
    for (int m = 0; m < e.men; m++)
        pos_put(&p, make_piece(e.colour[m], e.type[m]), cells[m]);
    p.stm = WHITE;
    p.key = pos_compute_key(&p);
    Move best = tb_best_move(set, &p, &value);
    assert_int_equal(value, TB_MATE_BASE + 1);
    assert_string_equal(tb_wdl_name(value), "win");
    pos_make(&p, best);
    assert_int_equal(count_legal(&p), 0);
    assert_true(pos_in_check(&p));
    pos_unmake(&p);
    /* The same position with the colours exchanged and the board mirrored: Black mates. */
    char text[POSITION_TEXT_MAX];
    pos_clear(&p, v);
    for (int m = 0; m < e.men; m++)
        pos_put(&p, make_piece((Color)!e.colour[m], e.type[m]), geometry_mirror(&v->geo, cells[m]));
    p.stm = BLACK;
    p.key = pos_compute_key(&p);
    pos_to_text(&p, text, sizeof text);
    assert_true(pos_from_text(&p, v, text, err, sizeof err));
    assert_true(tb_probe(set, &p, &value));
    assert_int_equal(value, TB_MATE_BASE + 1);
    /* Too many men: not in the tables. */
    assert_true(pos_from_text(&p, v, "startpos", err, sizeof err));
    assert_false(tb_probe(set, &p, &value));
}

/* Sets p to the men written "Ka1 Pf5 kf6" (White's upper case), side stm to move. */
static void put_men(Position *p, const Variant *v, const char *men, Color stm)
{
    pos_clear(p, v);
    p->rights = 0;
    for (const char *s = men; *s;) {
        char letter = *s++;
        int len, cell = variant_parse_cell(v, s, &len);
        assert_int_not_equal(cell, NO_CELL);
        PieceType t = variant_piece_by_letter(v, (char)toupper((unsigned char)letter));
        pos_put(p, make_piece(isupper((unsigned char)letter) ? WHITE : BLACK, t), cell);
        for (s += len; *s == ' '; s++)
            ;
    }
    p->stm = stm;
    p->key = pos_compute_key(p);
}

static uint16_t probe_men(TbSet *set, const Variant *v, const char *men, Color stm)
{
    static Position p;
    uint16_t value;
    put_men(&p, v, men, stm);
    assert_true(tb_probe(set, &p, &value));
    return value;
}

static int cell_of(const Variant *v, const char *name)
{
    int len;
    return variant_parse_cell(v, name, &len);
}

/* Gliński's KPK (and McCooey's, whose pawns lack some double steps), generated and verified, and
 * positions whose values are plain to see. */
static void test_kpk_glinski(void **state)
{
    (void)state;
    const char *variants[] = {"mccooey", "glinski"};
    for (int i = 0; i < 2; i++) {
        TbEnding e = ending(variants[i], "KPK");
        const TbTable *t = generate(set_of(variants[i]), &e);
        assert_int_equal(t->ix.sym_nb, 2); /* the pawn leaves only the left-right mirror */
    }
    const Variant *v = variant_find("glinski");
    TbSet *set = set_of("glinski");
    static Position p;
    uint16_t value;
    /* The pawn queens at once, out of the lone king's reach: the one quickest mate. */
    put_men(&p, v, "Ka1 Pf10 ke1", WHITE);
    Move best = tb_best_move(set, &p, &value);
    assert_true(tb_is_mate(value) && tb_wins(value));
    assert_int_equal(move_to(best), cell_of(v, "f11"));
    assert_int_equal(move_promo(best), QUEEN);
    /* The lone king takes the unguarded pawn it blocks, whoever moves. */
    assert_int_equal(probe_men(set, v, "Ka1 Pf5 kf6", BLACK), TB_DRAW);
    assert_int_equal(probe_men(set, v, "Ka1 Pf5 kf6", WHITE), TB_DRAW);
    /* The lone king in front of a guarded pawn: it holds against the king behind the pawn, not
     * against the king beside it. */
    assert_int_equal(probe_men(set, v, "Kf4 Pf5 kf6", WHITE), TB_DRAW);
    value = probe_men(set, v, "Kf3 Pe4 ke5", WHITE);
    assert_true(tb_is_mate(value) && tb_wins(value));
    /* A Black pawn: the same position with the colours exchanged and the board mirrored. */
    put_men(&p, v, "kf9 pe7 Ke6", BLACK);
    assert_true(tb_probe(set, &p, &value));
    assert_int_equal(value, probe_men(set, v, "Kf3 Pe4 ke5", WHITE));
    /* No pawn stands on its promotion hex, nor behind its start hexes. */
    assert_int_equal(probe_men(set, v, "Ka1 Pf11 kl1", BLACK), TB_ILLEGAL);
    assert_int_equal(probe_men(set, v, "Ka1 Pf4 kl1", BLACK), TB_ILLEGAL);
}

/* C'escacs's KPK: 169 hexes, six promotion endings; about 40 s of CPU in an optimised build and
 * many minutes under the sanitizers, so the sanitizer builds skip it. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

static void test_kpk_cescacs(void **state)
{
    (void)state;
#ifdef SANITIZED
    skip();
#endif
    const Variant *v = variant_find("cescacs");
    TbSet *set = set_of("cescacs");
    TbEnding e = ending("cescacs", "KPK");
    generate(set, &e);
    static Position p;
    uint16_t value;
    /* A pawn awaiting promotion (it reached its last hex before White lost its pieces) must
     * promote in place: into the queen, the quickest mate. */
    put_men(&p, v, "KG1 PB24 kK10", WHITE);
    Move best = tb_best_move(set, &p, &value);
    assert_true(tb_is_mate(value) && tb_wins(value));
    assert_int_equal(move_kind(best), MK_PROMOTE_HERE);
    assert_int_equal(move_promo(best), QUEEN);
    /* The lone king takes the unguarded pawn next to it. */
    assert_int_equal(probe_men(set, v, "KG1 PF14 kF16", BLACK), TB_DRAW);
    /* A pawn never stands behind its start hexes. */
    assert_int_equal(probe_men(set, v, "KG1 PF6 kK10", BLACK), TB_ILLEGAL);
}

static bool any_value(uint16_t value, const void *ctx)
{
    (void)value, (void)ctx;
    return true;
}

static bool a_win(uint16_t value, const void *ctx)
{
    (void)ctx;
    return tb_is_mate(value) && tb_wins(value);
}

/* tb_sample: the placements it counts are the legal ones, found here by trying every pair of hexes
 * for the kings; its draws are spread evenly over them (a chi-square over ten draws a placement,
 * fixed seed); a value filter holds for every draw; a seed repeats its draws. */
static void test_sample(void **state)
{
    (void)state;
    TbSet *set = set_of("glinski");
    TbEnding kk = ending("glinski", "KK");
    const TbTable *t = generate(set, &kk);
    int cells = t->ix.cells;
    uint64_t legal = 0;
    for (int a = 0; a < cells; a++)
        for (int b = 0; b < cells; b++) {
            uint64_t idx = tb_index_of(&t->ix, (const uint8_t[]){(uint8_t)a, (uint8_t)b});
            legal += idx != TB_NONE && t->val[WHITE][idx] != TB_ILLEGAL;
        }
    enum { PER_PLACEMENT = 10 };
    int n = (int)legal * PER_PLACEMENT;
    TbPlacement *drawn = malloc(sizeof *drawn * (size_t)n);
    int *hits = calloc((size_t)(cells * cells), sizeof *hits);
    assert_non_null(drawn);
    assert_non_null(hits);
    const bool white[COLOR_NB] = {true, false};
    assert_int_equal(tb_sample(t, white, any_value, NULL, 7, n, drawn), legal);
    for (int i = 0; i < n; i++) {
        assert_int_equal(drawn[i].stm, WHITE);
        uint64_t idx = tb_index_of(&t->ix, drawn[i].cells);
        assert_true(idx != TB_NONE && t->val[WHITE][idx] != TB_ILLEGAL);
        hits[drawn[i].cells[0] * cells + drawn[i].cells[1]]++;
    }
    double chi2 = 0;
    int seen = 0;
    for (int i = 0; i < cells * cells; i++) {
        seen += hits[i] > 0;
        if (hits[i])
            chi2 += (hits[i] - PER_PLACEMENT) * (hits[i] - PER_PLACEMENT) / (double)PER_PLACEMENT;
    }
    chi2 += (double)(legal - (uint64_t)seen) * PER_PLACEMENT; /* the placements never drawn */
    /* legal - 1 degrees of freedom: mean legal - 1, standard deviation sqrt(2 (legal - 1)). */
    double df = (double)legal - 1, sd = sqrt(2 * df);
    print_message("KK: %llu legal placements, chi-square %.0f (df %.0f)\n", (unsigned long long)legal, chi2, df);
    assert_true(chi2 > df - 5 * sd && chi2 < df + 5 * sd);
    /* Wins of KQK, either side to move: every draw is one, and the same seed draws the same. */
    TbEnding kqk = ending("glinski", "KQK");
    t = generate(set, &kqk);
    const bool both[COLOR_NB] = {true, true};
    TbPlacement again[50];
    assert_true(tb_sample(t, both, a_win, NULL, 3, 50, drawn) > 0);
    assert_true(tb_sample(t, both, a_win, NULL, 3, 50, again) > 0);
    for (int i = 0; i < 50; i++) {
        assert_int_equal(drawn[i].stm, again[i].stm);
        assert_memory_equal(drawn[i].cells, again[i].cells, (size_t)kqk.men);
        assert_true(a_win(t->val[drawn[i].stm][tb_index_of(&t->ix, drawn[i].cells)], NULL));
    }
    const bool black[COLOR_NB] = {false, true};
    assert_int_equal(tb_sample(t, black, a_win, NULL, 3, 50, drawn), 0); /* Black never mates */
    free(drawn);
    free(hits);
}

/* Issue #15: with the tables the engine mates by the shortest way and defends by the longest. Every
 * convert puzzle of K+Q or K+R against K (Gliński, C'escacs), played by the engine on both sides
 * at a node budget with the tables read block by block from compressed files, ends in mate in exactly its distance,
 * which is the one the puzzle file records. */
enum { TABLES_NODES = 5000 };

static void test_engine_mates_by_tables(void **state)
{
    (void)state;
    char dir[] = "/tmp/hexchess-tb-XXXXXX";
    assert_non_null(mkdtemp(dir));
    const char *endings[][2] = {{"glinski", "KQK"}, {"glinski", "KRK"}, {"cescacs", "KDK"}, {"cescacs", "KRK"}};
    enum { ENDINGS = sizeof endings / sizeof endings[0] };
    char paths[ENDINGS][256], err[512];
    size_t bytes;
    for (int i = 0; i < ENDINGS; i++) {
        TbEnding e = ending(endings[i][0], endings[i][1]);
        tb_file_path(paths[i], sizeof paths[i], dir, &e);
        assert_true(tb_file_save(generate(set_of(endings[i][0]), &e), paths[i], true, &bytes, err, sizeof err));
    }
    Engine *engine = engine_new();
    assert_non_null(engine);
    assert_true(engine_set_tablebases(engine, dir, err, sizeof err));
    static Position p;
    LineReader r;
    assert_true(reader_open(&r, "puzzles.txt"));
    Tally t = {0};
    int games = 0;
    Puzzle z;
    while (puzzle_next(&r, &z)) {
        uint16_t value;
        assert_true(pos_from_text(&p, variant_find(z.variant), z.position, err, sizeof err));
        if (strcmp(z.kind, "convert"))
            continue;
        /* Only the tables saved above: the engine reads the directory, not this file's sets. */
        TbSet *saved = tbset_new(variant_find(z.variant), dir);
        bool held = saved && tb_probe(saved, &p, &value);
        tbset_free(saved);
        if (!held)
            continue;
        games++;
        int dtm = atoi(z.answer + strlen("dtm "));
        if (!tb_is_mate(value) || !tb_wins(value) || tb_distance(value) != dtm)
            tally_fail(&t, "line %d: the tables say %s in %d plies, the file %s", r.number, tb_wdl_name(value),
                       tb_distance(value), z.answer);
        engine_new_game(engine);
        Verdict verdict = play_out(engine, &p, TABLES_NODES, dtm + 1);
        if (verdict.reason != END_CHECKMATE || p.ply != dtm)
            tally_fail(&t, "line %d (%s): after %d plies the game is %s, not mate in %d", r.number, z.variant, p.ply,
                       end_reason_name(verdict.reason), dtm);
    }
    reader_close(&r);
    assert_true(games >= 8);
    assert_int_equal(t.failures, 0);
    engine_free(engine);
    for (int i = 0; i < ENDINGS; i++)
        remove(paths[i]);
    rmdir(dir);
}

/* The material named "W-B" among the pass's results. */
static const DeadMaterial *material(const Variant *v, const DeadMaterial *m, int n, const char *name)
{
    for (int i = 0; i < n; i++) {
        char w[MATERIAL_TEXT_MAX], b[MATERIAL_TEXT_MAX], text[2 * MATERIAL_TEXT_MAX + 2];
        variant_material_text(v, &m[i].white, w);
        variant_material_text(v, &m[i].black, b);
        snprintf(text, sizeof text, "%s-%s", w, b);
        if (!strcmp(text, name))
            return &m[i];
    }
    fail_msg("%s: no material %s", v->desc->name, name);
    return NULL;
}

/* The dead-material pass over three men, against the variants' lists (make check-dead: four). */
static void test_dead_materials(void **state)
{
    (void)state;
    static DeadMaterial m[DEAD_MATERIALS_MAX];
    char err[256], list[4096], rules[4096];
    for (int i = 0; variant_names[i]; i++) {
        const Variant *v = variant_find(variant_names[i]);
        int n = tb_dead_materials(v, 3, m, DEAD_MATERIALS_MAX, err, sizeof err);
        if (n < 0)
            fail_msg("%s: %s", v->desc->name, err);
        tb_dead_no_win_list(v, m, n, list, sizeof list);
        tb_dead_rules_list(v, 3, rules, sizeof rules);
        if (v->desc->no_win_from_move_tree && strcmp(list, rules))
            fail_msg("%s: the pass gives '%s', the variant holds '%s'", v->desc->name, list, rules);
        /* A bare king can be stalemated by a bare king: mates never, stalemates from everywhere. */
        const DeadMaterial *kk = material(v, m, n, "K-K");
        assert_int_equal(kk->to_mate, 0);
        assert_int_equal(kk->to_stalemate, kk->positions);
        bool stalemate_wins = v->desc->stalemate_share_permille > 500;
        assert_int_equal(kk->can_win[WHITE], stalemate_wins);
    }
    /* McCooey: a bishop on the medium hexes never mates, one on either other colour can. */
    const Variant *v = variant_find("mccooey");
    int n = tb_dead_materials(v, 3, m, DEAD_MATERIALS_MAX, err, sizeof err);
    const DeadMaterial *medium = material(v, m, n, "KBm-K"), *light = material(v, m, n, "KBl-K");
    assert_int_equal(medium->to_mate, 0);
    assert_false(medium->can_win[WHITE]);
    assert_true(light->to_mate > 0);
    assert_true(light->can_win[WHITE]);
    static Position p;
    assert_true(pos_from_text(&p, v, "1/3/5/7/9/11/11/11/5B5/11/6K1k2 w - 0 60", err, sizeof err));
    assert_true(pos_insufficient_material(&p));
    /* Gliński: the same bishop is not dead there, since it can stalemate. */
    assert_true(pos_from_text(&p, variant_find("glinski"), "1/3/5/7/9/11/11/11/5B5/11/6K1k2 w - 0 60", err, sizeof err));
    assert_false(pos_insufficient_material(&p));
}

int main(void)
{
    tb_set_codec(tb_zstd());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_dead_materials),
        cmocka_unit_test(test_symmetries),
        cmocka_unit_test(test_numbering),
        cmocka_unit_test(test_major_pieces_mate),
        cmocka_unit_test(test_stalemate_scoring),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_compressed_files),
        cmocka_unit_test(test_probe),
        cmocka_unit_test(test_sample),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_kpk_glinski),
        cmocka_unit_test(test_kpk_cescacs),
        cmocka_unit_test(test_engine_mates_by_tables),
    };
    return cmocka_run_group_tests(tests, NULL, free_sets);
}
