/*
 * The evaluation network and its training records. Networks of random weights are written for
 * every variant; along random games (special moves preferred: castlings, promotions, captures
 * en passant and scornful) with take-backs, the accumulator kept by the moves' changes equals one
 * summed from the board, and its output equals the plain reference evaluation. Bad network files
 * are refused with a message; a training record reads back as the position written.
 */
#include <unistd.h>

#include "testutil.h"

#include "core/engine/nnue.h"
#include "core/engine/trainrec.h"
#include "core/rules/movegen.h"

enum { HIDDEN = 32, GAMES = 12, GAME_PLIES = 160 };

static Position *p, *back;
static NnueAccumulator line[GAME_PLIES + 1], fresh;

static int setup(void **state)
{
    (void)state;
    p = position_new();
    back = position_new();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(p);
    free(back);
    return 0;
}

static void put16(FILE *f, int x) { fputc(x & 255, f), fputc(x >> 8 & 255, f); }
static void put32(FILE *f, int x) { put16(f, x & 0xffff), put16(f, (int)((unsigned)x >> 16)); }

/* Writes a network of v with small random weights (docs/nnue.md) to path; cut bytes short of whole. */
static void write_network(const char *path, const Variant *v, uint64_t seed, int cut)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    int types = 0;
    uint8_t slots[16] = {0};
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        if (v->desc->pieces[t].letter)
            slots[types++] = (uint8_t)t;
    fwrite("HXNN", 1, 4, f);
    put32(f, 1);
    char name[16] = {0};
    snprintf(name, sizeof name, "%s", v->desc->name);
    fwrite(name, 1, sizeof name, f);
    put16(f, v->geo.cell_count), put16(f, types), put16(f, HIDDEN), put16(f, 0);
    fwrite(slots, 1, sizeof slots, f);
    put32(f, NNUE_QA), put32(f, NNUE_QB), put32(f, 400), put32(f, 0);
    for (int i = 0; i < HIDDEN; i++)
        put16(f, rng_below(&seed, 200) - 60);
    for (long i = 0; i < 2L * types * v->geo.cell_count * HIDDEN; i++)
        put16(f, rng_below(&seed, 161) - 80);
    for (int i = 0; i < 2 * HIDDEN; i++)
        fputc(rng_below(&seed, 255) - 127, f);
    put32(f, rng_below(&seed, 20001) - 10000);
    long size = ftell(f) - cut;
    rewind(f);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    for (long i = 0; i < size; i++)
        fputc(fgetc(f), out);
    fclose(out);
    fclose(f);
}

static Network *random_network(const Variant *v, uint64_t seed)
{
    char path[] = "/tmp/hexchess-test-nnue-XXXXXX", err[160];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_network(path, v, seed, 0);
    Network *n = nnue_load(path, err, sizeof err);
    if (!n)
        fail_msg("%s network: %s", v->desc->name, err);
    remove(path);
    return n;
}

static bool special(Move m, const Position *pos)
{
    MoveKind k = move_kind(m);
    return k != MK_NORMAL || move_promo(m) != NO_TYPE || pos->board[move_to(m)];
}

/* A random legal move, a special one when there is one and a coin says so; MOVE_NONE at the end. */
static Move pick(Position *pos, uint64_t *rng)
{
    MoveList ml;
    gen_legal(pos, &ml);
    if (!ml.count)
        return MOVE_NONE;
    Move specials[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < ml.count; i++)
        if (special(ml.moves[i], pos))
            specials[n++] = ml.moves[i];
    return n && rng_below(rng, 2) ? specials[rng_below(rng, n)] : ml.moves[rng_below(rng, ml.count)];
}

/* The accumulator at ply, brought up to date, against a refresh from the board and the reference. */
static void check_at(const Network *n, int ply, int *checked)
{
    nnue_update(n, line, ply);
    nnue_refresh(n, &fresh, p);
    for (int view = 0; view < COLOR_NB; view++)
        if (memcmp(line[ply].sum[view], fresh.sum[view], sizeof(int16_t) * HIDDEN))
            fail_msg("%s ply %d: the kept accumulator differs from a refresh", p->v->desc->name, ply);
    assert_int_equal(nnue_output(n, &line[ply], p->stm), nnue_evaluate_scalar(n, p));
    (*checked)++;
}

static void playouts(const char *variant, int want_specials)
{
    const Variant *v = get(variant);
    Network *n = random_network(v, 7);
    uint64_t rng = 11;
    int checked = 0, specials = 0;
    for (int g = 0; g < GAMES; g++) {
        pos_set_start(p, v);
        nnue_refresh(n, &line[0], p);
        int ply = 0;
        while (ply < GAME_PLIES) {
            /* Now and then a move is taken back, as a search returns from a line. */
            if (ply > 0 && rng_below(&rng, 5) == 0) {
                pos_unmake(p);
                ply--;
                check_at(n, ply, &checked);
                continue;
            }
            Move m = pick(p, &rng);
            if (m == MOVE_NONE)
                break;
            specials += special(m, p);
            if (rng_below(&rng, 8) == 0)
                pos_make_null(p);
            else
                pos_make(p, m);
            nnue_record_move(&line[++ply], p);
            /* Not every position is evaluated: the update then spans several moves. */
            if (rng_below(&rng, 3) == 0)
                check_at(n, ply, &checked);
        }
    }
    print_message("%s: %d accumulators checked, %d special moves\n", variant, checked, specials);
    assert_true(checked > GAMES * 20);
    assert_true(specials >= want_specials);
    nnue_free(n);
}

static void test_accumulator_cescacs(void **state)
{
    (void)state;
    playouts("cescacs", 100);
}
static void test_accumulator_glinski(void **state)
{
    (void)state;
    playouts("glinski", 100);
}
static void test_accumulator_mccooey(void **state)
{
    (void)state;
    playouts("mccooey", 100);
}

/* A refused file names what is wrong with it. */
static void expect_refused(const char *path, const char *why)
{
    char err[160] = "";
    Network *n = nnue_load(path, err, sizeof err);
    if (n)
        fail_msg("a network with %s was read", why);
    assert_true(strlen(err) > 10);
}

static void test_bad_networks(void **state)
{
    (void)state;
    char path[] = "/tmp/hexchess-test-nnue-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_network(path, get("glinski"), 3, 1);
    expect_refused(path, "its last byte missing");
    FILE *f = fopen(path, "wb");
    fputs("HXNN but not a network", f);
    fclose(f);
    expect_refused(path, "a short header");
    write_network(path, get("glinski"), 3, 0);
    f = fopen(path, "r+b");
    fseek(f, 24, SEEK_SET);
    put16(f, 169); /* C'escacs's hex count in a Gliński network */
    fclose(f);
    expect_refused(path, "the wrong number of hexes");
    remove(path);
    expect_refused("/nonexistent/net.nnue", "no file");
}

static void test_training_record(void **state)
{
    (void)state;
    const Variant *v = get("cescacs");
    pos_set_start(p, v);
    uint64_t rng = 5;
    for (int i = 0; i < 30; i++)
        pos_make(p, pick(p, &rng));
    uint8_t rec[TRAIN_RECORD_SIZE];
    TrainInfo info = {0, -123, 500, 70000, 0xbeef, p->ply, false}, got;
    train_record_encode(p, &info, rec);
    train_record_finish(rec, 667, true);
    char err[160];
    assert_true(train_record_decode(rec, v, back, &got, err, sizeof err));
    assert_int_equal(got.score, -123);
    assert_int_equal(got.white_permille, 667);
    assert_int_equal(got.game, 70000);
    assert_int_equal(got.run_tag, 0xbeef);
    assert_int_equal(got.ply, 30);
    assert_true(got.game_end);
    assert_int_equal(back->stm, p->stm);
    assert_memory_equal(back->board, p->board, (size_t)v->geo.cell_count);
    rec[0] = 2;
    assert_false(train_record_decode(rec, v, back, &got, err, sizeof err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accumulator_cescacs),
        cmocka_unit_test(test_accumulator_glinski),
        cmocka_unit_test(test_accumulator_mccooey),
        cmocka_unit_test(test_bad_networks),
        cmocka_unit_test(test_training_record),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
