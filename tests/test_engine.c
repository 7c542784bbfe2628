/*
 * The engine through its protocol-free API: puzzles it must solve (mates in one taken from the
 * rule data, knight-ride mates, stalemates it must not take for a mate, moves that lose at once),
 * those mates played out, reproducibility of a fixed-depth search, legality of its move on every
 * data position, MultiPV, skill levels, contempt and stopping an infinite search, the static exchange evaluation against a full search of the
 * exchange, an evaluation that favours neither colour, a mate by a losing capture it must see,
 * mates in one it must not walk into and won endings (the puzzle suite's) it must mate in time.
 */
#include <limits.h>
#include <threads.h>

#include "testutil.h"

#include "core/engine/eval.h"
#include "core/engine/search.h"
#include "core/engine/see.h"
#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/rules/arbiter.h"
#include "core/rules/movegen.h"

static Engine *engine(void)
{
    Engine *e = engine_new();
    assert_non_null(e);
    return e;
}

static void load(Position *p, const char *variant, const char *text)
{
    char err[256];
    const Variant *v = variant_find(variant);
    assert_non_null(v);
    if (!pos_from_text(p, v, text, err, sizeof err))
        fail_msg("cannot read %s position '%s': %s", variant, text, err);
}

static SearchLimits depth_limit(int depth)
{
    SearchLimits l;
    search_limits_init(&l);
    l.depth = depth;
    return l;
}

static void remember_last(const SearchInfo *info, void *ctx)
{
    if (info->multipv == 1)
        *(SearchInfo *)ctx = *info;
}

static void test_puzzles(void **state)
{
    (void)state;
    LineReader r;
    assert_true(reader_open(&r, "puzzles.txt"));
    Position *p = position_new();
    Engine *e = engine();
    Tally t = {0};
    int solved = 0, read = 0;
    Puzzle z;
    while (puzzle_next(&r, &z)) {
        if (!strcmp(z.kind, "convert")) /* a whole game: test_converts_won_endings */
            continue;
        read++;
        load(p, z.variant, z.position);
        engine_new_game(e);
        SearchLimits l = depth_limit(4);
        SearchInfo last = {0};
        Move best = engine_search(e, p, &l, remember_last, &last);
        char text[MOVE_TEXT_MAX];
        move_to_text(p, best, text);
        char padded[2048];
        snprintf(padded, sizeof padded, " %s ", z.answer);
        char needle[MOVE_TEXT_MAX + 2];
        snprintf(needle, sizeof needle, " %s ", text);
        /* A stalemate that gives less than the point the material wins is a move to avoid. */
        bool avoid = !strcmp(z.kind, "avoid") || !strcmp(z.kind, "no-stalemate");
        bool right = strstr(padded, needle) != NULL;
        /* A mate in one must be reported as such. */
        if (avoid && right)
            tally_fail(&t, "line %d (%s %s): played %s, which it must not", r.number, z.variant, z.kind, text);
        else if (!avoid && (!right || !last.is_mate || last.mate_moves != 1))
            tally_fail(&t, "line %d (%s %s): played %s (score %d, mate %d), expected one of: %s", r.number, z.variant,
                       z.kind, text, last.score, last.mate_moves, z.answer);
        else
            solved++;
    }
    reader_close(&r);
    print_message("puzzles: %d of %d solved\n", solved, read);
    assert_true(read >= 70);
    assert_int_equal(t.failures, 0);
    engine_free(e);
    free(p);
}

/* From each puzzle of the kind both sides play on at a fixed node budget (never a clock, so the
 * test is the same on any machine): every game must end in the mate of the side first to move. */
static void assert_side_to_move_mates(const char *kind, int nodes, int max_plies, int min_games)
{
    LineReader r;
    assert_true(reader_open(&r, "puzzles.txt"));
    Position *p = position_new();
    Engine *e = engine();
    Tally t = {0};
    int games = 0;
    Puzzle z;
    while (puzzle_next(&r, &z)) {
        if (strcmp(z.kind, kind))
            continue;
        games++;
        load(p, z.variant, z.position);
        engine_new_game(e);
        Outcome mate = p->stm == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
        Verdict verdict = play_out(e, p, nodes, max_plies);
        if (verdict.outcome != mate || verdict.reason != END_CHECKMATE)
            tally_fail(&t, "line %d (%s, %s): after %d plies the game is %s by %s, not a mate", r.number, z.variant,
                       z.answer, p->ply, verdict.outcome == OUTCOME_NONE ? "still on" : "over",
                       end_reason_name(verdict.reason));
    }
    reader_close(&r);
    assert_true(games >= min_games);
    assert_int_equal(t.failures, 0);
    engine_free(e);
    free(p);
}

/* Issue #15: where a stalemate gives less than the point, the engine played one instead of mating.
 * From each no-stalemate puzzle the side that could stalemate must mate instead. */
static void test_mates_instead_of_stalemate(void **state)
{
    (void)state;
    assert_side_to_move_mates("no-stalemate", 40000, 60, 3);
}

/* Issue #15: won endings were drawn by the move rule. From each convert puzzle (long mates drawn
 * from the tablebases, see tools/make_puzzles.py) the engine, without tables, must mate before the
 * move rule ends the game (no ply cap of the test's own). */
static void test_converts_won_endings(void **state)
{
    (void)state;
    assert_side_to_move_mates("convert", 32000, INT_MAX, 14);
}

/* Issue #40: a stalemate win was worth about 3.3 pawns, so the engine kept a +12 pawn score in
 * C'escacs K + pegasus v K rather than stalemate. Without tables, from starts the tables score as
 * stalemate wins in 49 to 69 plies (tb sample --wdl stalemate-win --seed 40), it must stalemate
 * before the 75-move rule draws (150 plies). */
static void test_takes_forced_stalemate(void **state)
{
    (void)state;
    static const char *const STARTS[] = {
        "/20:4k2/17:6K1/3:3G/ w -- - 0 1",   "/18:3G3/8:2k4/6:1K5/ w -- - 0 1", "/19:2k5/17:G7/12:6K/ w -- - 0 1",
        "/23:G5/12:5K1/8:2k4/ w -- - 0 1", "/26:1G1/24:2k2/17:5K2/ w -- - 0 1",
    };
    Position *p = position_new();
    Engine *e = engine();
    Tally t = {0};
    for (size_t i = 0; i < sizeof STARTS / sizeof STARTS[0]; i++) {
        load(p, "cescacs", STARTS[i]);
        engine_new_game(e);
        Verdict verdict = play_out(e, p, 40000, 150);
        if (verdict.outcome != OUTCOME_WHITE_STALEMATES)
            tally_fail(&t, "%s: after %d plies the game is %s by %s, not stalemated", STARTS[i], p->ply,
                       verdict.outcome == OUTCOME_NONE ? "still on" : "over", end_reason_name(verdict.reason));
    }
    assert_int_equal(t.failures, 0);
    engine_free(e);
    free(p);
}

/* Issue #15: a capture that loses by exchange but mates (GG17×JF22#) was pruned near the leaves,
 * so depth 6 took the knight and was mated. */
static void test_sees_mate_by_losing_capture(void **state)
{
    (void)state;
    Position *p = position_new();
    Engine *e = engine();
    load(p, "cescacs",
         "/28:v/27:dk/26:1je/25:1nnr/24:1ejep/23:2e1pp/22:1ppjpg1/21:1p2p3/18:3p3/17:4G3/15:3p4/14:1p5/11:1N6/"
         "10:g1P4/9:4J3/8:1PEP3/7:3PP3/6:4PP1/5:1PEE1P/4:2JEP/3:RDNR/2:1J1/1:1K/0:V/ b RKRkr - 1 15");
    SearchLimits l = depth_limit(6);
    char text[MOVE_TEXT_MAX];
    move_to_text(p, engine_search(e, p, &l, NULL, NULL), text);
    assert_string_not_equal(text, "B14×NA11");
    engine_free(e);
    free(p);
}

static void test_reproducible(void **state)
{
    (void)state;
    Position *p = position_new();
    Engine *e = engine();
    const char *variants[] = {"cescacs", "glinski"};
    for (int i = 0; i < 2; i++) {
        load(p, variants[i], "startpos");
        uint64_t nodes[2];
        Move moves[2];
        for (int run = 0; run < 2; run++) {
            engine_new_game(e);
            SearchLimits l = depth_limit(6);
            moves[run] = engine_search(e, p, &l, NULL, NULL);
            nodes[run] = engine_last_nodes(e);
        }
        assert_int_equal(nodes[0], nodes[1]);
        assert_int_equal(moves[0], moves[1]);
        assert_true(move_is_legal(p, moves[0]));
        /* A node limit is honoured exactly by a single thread. */
        engine_new_game(e);
        SearchLimits l;
        search_limits_init(&l);
        l.nodes = 5000;
        engine_search(e, p, &l, NULL, NULL);
        assert_true(engine_last_nodes(e) >= 5000 && engine_last_nodes(e) <= 5001);
    }
    assert_int_equal(p->ply, 0);
    engine_free(e);
    free(p);
}

/* The rule data's positions of one game. */
typedef struct {
    const char *variant, *key, *file;
} DataSet;

static DataSet cescacs_data = {"cescacs", "pdtl", "cescacs/positions.jsonl"};
static DataSet glinski_data = {"glinski", "fen", "glinski/positions.jsonl"};

typedef void (*PositionVisit)(Position *p, int line, void *ctx);

/* Calls visit on every position of the set; returns how many there were. */
static int visit_data_positions(const DataSet *set, PositionVisit visit, void *ctx)
{
    LineReader r;
    assert_true(reader_open(&r, set->file));
    Position *p = position_new();
    int n = 0;
    while (reader_next(&r)) {
        cJSON *d = cJSON_Parse(r.line);
        assert_non_null(d);
        load(p, set->variant, json_string(d, set->key));
        cJSON_Delete(d);
        visit(p, r.number, ctx);
        n++;
    }
    reader_close(&r);
    free(p);
    return n;
}

typedef struct {
    Engine *e;
    const char *file;
    Tally t;
} LegalityRun;

/* Depth 2, with a node cap so that capture-rich random positions keep the run short. */
static void check_engine_move(Position *p, int line, void *ctx)
{
    LegalityRun *run = ctx;
    MoveList legal;
    gen_legal(p, &legal);
    SearchLimits l = depth_limit(2);
    l.nodes = 1500;
    Move m = engine_search(run->e, p, &l, NULL, NULL);
    if (legal.count == 0 ? m != MOVE_NONE : !move_is_legal(p, m))
        tally_fail(&run->t, "%s line %d: engine returned an illegal move", run->file, line);
}

/* On every data position a shallow search returns a legal move, or none when there is none. */
static void test_legal(void **state)
{
    const DataSet *set = *state;
    LegalityRun run = {engine(), set->file, {0}};
    assert_true(visit_data_positions(set, check_engine_move, &run) > 1000);
    assert_int_equal(run.t.failures, 0);
    engine_free(run.e);
}

/* Can the side to move mate at once? Only a check can mate, so replies are counted after checks only. */
static bool has_mate_in_one(Position *p)
{
    MoveList ml;
    gen_legal(p, &ml);
    bool mate = false;
    for (int i = 0; i < ml.count && !mate; i++) {
        pos_make(p, ml.moves[i]);
        mate = pos_in_check(p) && count_legal(p) == 0;
        pos_unmake(p);
    }
    return mate;
}

typedef struct {
    Engine *e;
    const char *file;
    int roots, searched, allowing; /* roots looked at; searched (some moves allow a mate, some not); such moves */
    Tally t;
} MateGuardRun;

/* A mate in one lies at ply 2 of a depth-3 search, and ply 3 sees that the mated side has no move:
 * the search must find it and play a move that does not allow it, when there is one. Roots are
 * those where the opponent threatens a mate in one (or the side to move is in check), since there
 * most moves allow one; the rest are skipped to keep the run short. */
static void check_mate_avoided(MateGuardRun *run, Position *p, int line, const char *side)
{
    if (!pos_in_check(p)) {
        pos_make_null(p);
        bool threat = has_mate_in_one(p);
        pos_unmake(p);
        if (!threat)
            return;
    }
    run->roots++;
    MoveList ml;
    gen_legal(p, &ml);
    bool allows[MAX_MOVES];
    int allowing = 0;
    for (int i = 0; i < ml.count; i++) {
        pos_make(p, ml.moves[i]);
        allows[i] = has_mate_in_one(p);
        pos_unmake(p);
        allowing += allows[i];
    }
    if (allowing == 0 || allowing == ml.count)
        return;
    run->searched++;
    run->allowing += allowing;
    engine_new_game(run->e);
    SearchLimits l = depth_limit(3);
    Move best = engine_search(run->e, p, &l, NULL, NULL);
    for (int i = 0; i < ml.count; i++)
        if (ml.moves[i] == best && allows[i]) {
            char text[MOVE_TEXT_MAX];
            move_to_text(p, best, text);
            tally_fail(&run->t, "%s line %d (%s): depth 3 plays %s, after which the opponent mates in one", run->file,
                       line, side, text);
        }
}

/* The position as given, and with the other side to move (the threats it would make). */
static void check_mate_avoided_both_sides(Position *p, int line, void *ctx)
{
    check_mate_avoided(ctx, p, line, "as given");
    if (pos_in_check(p))
        return;
    pos_make_null(p);
    check_mate_avoided(ctx, p, line, "other side to move");
    pos_unmake(p);
}

/* On the data positions, a depth-3 search never plays into a mate in one that another move avoids
 * (with the default, fixed hash size, cleared before each search). */
static void test_avoids_mate_in_one(void **state)
{
    const DataSet *set = *state;
    MateGuardRun run = {engine(), set->file, 0, 0, 0, {0}};
    visit_data_positions(set, check_mate_avoided_both_sides, &run);
    print_message("%s: %d roots under a mate threat or in check, %d searched, with %d moves that allow a mate in one\n",
                  set->variant, run.roots, run.searched, run.allowing);
    assert_true(run.searched > 40);
    assert_int_equal(run.t.failures, 0);
    engine_free(run.e);
}

static void collect_lines(const SearchInfo *info, void *ctx)
{
    SearchInfo *lines = ctx;
    lines[info->multipv - 1] = *info;
}

static void test_multipv_and_skill(void **state)
{
    (void)state;
    Position *p = position_new();
    Engine *e = engine();
    char err[128];
    load(p, "glinski", "startpos");
    assert_true(engine_set_option(e, "MultiPV", "3", err, sizeof err));
    SearchInfo lines[MAX_MULTIPV] = {0};
    SearchLimits l = depth_limit(4);
    engine_search(e, p, &l, collect_lines, lines);
    for (int i = 0; i < 3; i++) {
        assert_true(lines[i].pv_len > 0);
        assert_true(move_is_legal(p, lines[i].pv[0]));
        for (int j = 0; j < i; j++)
            assert_int_not_equal(lines[i].pv[0], lines[j].pv[0]);
        if (i > 0)
            assert_true(lines[i].score <= lines[i - 1].score);
    }
    assert_true(engine_set_option(e, "MultiPV", "1", err, sizeof err));
    for (int skill = 0; skill <= 20; skill += 5) {
        char value[16];
        snprintf(value, sizeof value, "%d", skill);
        assert_true(engine_set_option(e, "Skill Level", value, err, sizeof err));
        SearchLimits lim = depth_limit(5);
        assert_true(move_is_legal(p, engine_search(e, p, &lim, NULL, NULL)));
        /* Stopped inside the first iteration (go nodes 1): no line is finished, a move is still due. */
        search_limits_init(&lim);
        lim.nodes = 1;
        assert_true(move_is_legal(p, engine_search(e, p, &lim, NULL, NULL)));
    }
    assert_false(engine_set_option(e, "Skill Level", "21", err, sizeof err));
    assert_false(engine_set_option(e, "Hash", "zero", err, sizeof err));
    assert_false(engine_set_option(e, "No Such Option", "1", err, sizeof err));
    assert_non_null(strstr(err, "No Such Option"));
    engine_free(e);
    free(p);
}

typedef struct {
    Engine *e;
    Position *p;
    Move best;
} InfiniteRun;

static int run_infinite(void *arg)
{
    InfiniteRun *run = arg;
    SearchLimits l;
    search_limits_init(&l);
    l.infinite = true;
    run->best = engine_search(run->e, run->p, &l, NULL, NULL);
    return 0;
}

/* The option table is the whole truth about options: each default is accepted, each bound holds. */
static void test_option_table(void **state)
{
    (void)state;
    Engine *e = engine();
    char err[256], value[16];
    for (const EngineOption *o = engine_options; o->name; o++) {
        if (o->type == OPT_BUTTON) {
            assert_true(engine_set_option(e, o->name, NULL, err, sizeof err));
            continue;
        }
        assert_true(engine_set_option(e, o->name, engine_option_default_text(o, value, sizeof value), err, sizeof err));
        if (o->type == OPT_CHECK) {
            assert_true(engine_set_option(e, o->name, "true", err, sizeof err));
            assert_true(engine_set_option(e, o->name, "false", err, sizeof err));
            assert_false(engine_set_option(e, o->name, "1", err, sizeof err));
            assert_non_null(strstr(err, o->name));
            continue;
        }
        snprintf(value, sizeof value, "%d", o->max + 1);
        assert_false(engine_set_option(e, o->name, value, err, sizeof err));
        assert_non_null(strstr(err, o->name));
        snprintf(value, sizeof value, "%d", o->min - 1);
        assert_false(engine_set_option(e, o->name, value, err, sizeof err));
    }
    engine_free(e);
}

static void test_stop_infinite(void **state)
{
    (void)state;
    InfiniteRun run = {engine(), position_new(), MOVE_NONE};
    load(run.p, "cescacs", "startpos");
    thrd_t t;
    assert_int_equal(thrd_create(&t, run_infinite, &run), thrd_success);
    struct timespec pause = {0, 200000000};
    thrd_sleep(&pause, NULL);
    engine_stop(run.e);
    thrd_join(t, NULL);
    assert_true(move_is_legal(run.p, run.best));
    engine_free(run.e);
    free(run.p);
}

/* Clocks at the edges of int: time planning must neither overflow (UBSan traps in the sanitizer
 * build) nor mistake an empty clock for no limit. Huge clocks get a node cap so the test is short. */
static void test_extreme_clocks(void **state)
{
    (void)state;
    struct {
        int time, inc, movestogo;
        uint64_t nodes;
    } cases[] = {
        {INT_MAX, INT_MAX, 1, 2000},  {1000000000, 1000000000, 1, 2000}, {INT_MAX, INT_MIN, 0, 2000},
        {1000, INT_MIN, 0, 0},        {1000, -1000000000, 1, 0},         {0, 0, 0, 0},
        {0, INT_MAX, INT_MAX, 2000},  {INT_MAX, 0, INT_MAX, 2000},
    };
    Position *p = position_new();
    Engine *e = engine();
    load(p, "glinski", "startpos");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SearchLimits l;
        search_limits_init(&l);
        for (int c = 0; c < COLOR_NB; c++) {
            l.time_ms[c] = cases[i].time;
            l.inc_ms[c] = cases[i].inc;
        }
        l.movestogo = cases[i].movestogo;
        l.nodes = cases[i].nodes;
        assert_true(move_is_legal(p, engine_search(e, p, &l, NULL, NULL)));
    }
    engine_free(e);
    free(p);
}

/* The exchange on one hex searched exactly: legal captures there only, either side free to stop. */
static int exchange_value(Position *p, const int *values, int to)
{
    MoveList ml;
    gen_legal(p, &ml);
    int best = 0;
    for (int i = 0; i < ml.count; i++) {
        Move m = ml.moves[i];
        if (move_to(m) != to || move_kind(m) != MK_NORMAL || move_promo(m) != NO_TYPE)
            continue;
        int gain = values[piece_type(p->board[to])];
        pos_make(p, m);
        gain -= exchange_value(p, values, to);
        pos_unmake(p);
        if (gain > best)
            best = gain;
    }
    return best;
}

typedef struct {
    const EvalTables *t;
    int captures, disagreements;
} SeeRun;

static void compare_see(Position *p, int line, void *ctx)
{
    (void)line;
    SeeRun *run = ctx;
    const int *values = run->t->value;
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.count; i++) {
        Move m = ml.moves[i];
        int to = move_to(m);
        if (move_kind(m) != MK_NORMAL || move_promo(m) != NO_TYPE || !p->board[to])
            continue;
        int exact = values[piece_type(p->board[to])];
        pos_make(p, m);
        exact -= exchange_value(p, values, to);
        pos_unmake(p);
        run->captures++;
        run->disagreements += see_ge(p, values, m, 0) != (exact >= 0);
    }
}

/* Evaluation tables (too big for the stack) of the data set's game; the caller frees them. */
static EvalTables *eval_tables(const DataSet *set)
{
    EvalTables *t = malloc(sizeof *t);
    assert_non_null(t);
    eval_build(t, variant_find(set->variant));
    return t;
}

/* The quiescence search's generator: the legal moves that capture or promote, in the same order. */
static void compare_noisy(Position *p, int line, void *ctx)
{
    int *bad = ctx;
    MoveList all, noisy;
    gen_legal(p, &all);
    gen_legal_noisy(p, &noisy);
    int n = 0;
    for (int i = 0; i < all.count; i++)
        if (move_is_noisy(p, all.moves[i]) && (n >= noisy.count || noisy.moves[n++] != all.moves[i]))
            n = noisy.count + 1;
    if (n != noisy.count) {
        print_error("line %d: %d noisy moves generated, not those of the %d legal moves\n", line, noisy.count,
                    all.count);
        (*bad)++;
    }
}

/* Every data position passes compare, which counts its failures (and prints each). */
static void assert_every_position(const DataSet *set, PositionVisit compare)
{
    int bad = 0;
    visit_data_positions(set, compare, &bad);
    assert_int_equal(bad, 0);
}

static void test_noisy_moves(void **state) { assert_every_position(*state, compare_noisy); }

static bool same_moves(const Move *a, const Move *b, int n)
{
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < n; j++)
            found += a[i] == b[j];
        if (found != 1)
            return false;
    }
    return true;
}

/* The search's staged generation: the noisy moves, then the quiet ones added to them, are the
 * rules' moves, each once, parted as move_is_noisy parts them. */
static void compare_staged(Position *p, int line, void *ctx)
{
    int *bad = ctx;
    MoveList all, staged, quiet;
    MoveFilter filter;
    bool in_check = pos_in_check(p);
    gen_moves(p, in_check, GEN_ALL, &all, &filter);
    gen_moves(p, in_check, GEN_QUIET, &quiet, &filter);
    gen_moves(p, in_check, GEN_NOISY, &staged, &filter);
    int noisy_nb = staged.count;
    gen_more_quiets(p, &filter, &staged);
    bool parted = true;
    for (int i = 0; i < staged.count; i++)
        parted &= move_is_noisy(p, staged.moves[i]) == (i < noisy_nb);
    if (staged.count != all.count || !parted || !same_moves(all.moves, staged.moves, all.count) ||
        quiet.count != staged.count - noisy_nb || !same_moves(quiet.moves, staged.moves + noisy_nb, quiet.count)) {
        print_error("line %d: %d noisy and %d quiet moves staged (%d generated alone), not the %d of the rules\n", line,
                    noisy_nb, staged.count - noisy_nb, quiet.count, all.count);
        (*bad)++;
    }
}

static void test_staged_moves(void **state) { assert_every_position(*state, compare_staged); }

/* Attack detection asked both ways, from the attacked hex (who attacks it) and from the attackers
 * (is it attacked), for every hex and side, also on boards where a move is tried without its lists. */
static void compare_attacks(Position *p, int line, void *ctx)
{
    int *bad = ctx;
    uint8_t who[64];
    for (int c = 0; c < COLOR_NB; c++)
        for (int s = 0; s < p->v->geo.cell_count; s++)
            if (pos_attacked(p, s, (Color)c) != (pos_attackers(p, s, (Color)c, who) > 0)) {
                print_error("line %d: hex %d attacked by %d: the two tests disagree\n", line, s, c);
                (*bad)++;
            }
    MoveList ml, rules;
    MoveFilter filter;
    gen_legal(p, &ml);
    gen_moves(p, pos_in_check(p), GEN_ALL, &rules, &filter);
    for (int i = 0; i < ml.count; i++) {
        bool fast = move_gives_check(p, &filter, ml.moves[i]);
        pos_make(p, ml.moves[i]);
        bool made = pos_in_check(p);
        pos_unmake(p);
        if (fast != made) {
            print_error("line %d: move %d of %d: gives check %d, made %d\n", line, i, ml.count, fast, made);
            (*bad)++;
        }
    }
}

static void test_attacks(void **state) { assert_every_position(*state, compare_attacks); }

/* SEE ignores pins and checks; elsewhere it must agree with the exact exchange. */
static void test_see(void **state)
{
    const DataSet *set = *state;
    EvalTables *t = eval_tables(set);
    SeeRun run = {t, 0, 0};
    visit_data_positions(set, compare_see, &run);
    print_message("%s: SEE disagrees with the exact exchange on %d of %d captures\n", set->variant,
                  run.disagreements, run.captures);
    assert_true(run.captures > 1000);
    assert_true(run.disagreements * 100 <= run.captures);
    free(t);
}

typedef struct {
    const EvalTables *t;
    Position *mirrored;
    Tally tally;
} SymmetryRun;

/* The position seen from the other side: every man on the mirrored hex in the other colour. */
static void mirror_position(const Position *p, Position *out)
{
    const Geometry *g = &p->v->geo;
    pos_clear(out, p->v);
    for (int s = 0; s < g->cell_count; s++)
        if (p->board[s])
            pos_put(out, make_piece((Color)!piece_color(p->board[s]), piece_type(p->board[s])),
                    geometry_mirror(g, s));
    out->stm = (Color)!p->stm;
}

static void compare_mirrored_eval(Position *p, int line, void *ctx)
{
    SymmetryRun *run = ctx;
    mirror_position(p, run->mirrored);
    int direct = evaluate(p, run->t, NULL), mirrored = evaluate(run->mirrored, run->t, NULL);
    if (direct != mirrored)
        tally_fail(&run->tally, "line %d: evaluation %d, mirrored %d", line, direct, mirrored);
}

/* Neither colour is favoured: the evaluation is the same from the mirrored position. */
static void test_eval_symmetric(void **state)
{
    const DataSet *set = *state;
    EvalTables *t = eval_tables(set);
    SymmetryRun run = {t, position_new(), {0}};
    assert_true(visit_data_positions(set, compare_mirrored_eval, &run) > 1000);
    assert_int_equal(run.tally.failures, 0);
    free(run.mirrored);
    free(t);
}

/*
 * The endgame weights count by the share of the set-up's pieces gone: not at all in the set-up,
 * wholly with none left. A pawn ending, kings on hexes of different centrality, White a pawn up.
 */
static void test_endgame_weights_follow_phase(void **state)
{
    (void)state;
    const Variant *v = variant_find("glinski");
    EvalTables *t = malloc(sizeof *t);
    assert_non_null(t);
    eval_build(t, v);
    Position *start = position_new(), *ending = position_new();
    pos_set_start(start, v);
    load(ending, "glinski", "1/3/2k2/7/9/1P9/11/11/11/7K3/11 w - 1 69");
    int start_before = evaluate(start, t, NULL), ending_before = evaluate(ending, t, NULL);
    const Geometry *g = &v->geo;
    int radius = g->side - 1;
    int white_centrality = radius - hex_distance_to_centre(g, ending->king[WHITE]);
    int black_centrality = radius - hex_distance_to_centre(g, ending->king[BLACK]);
    assert_int_not_equal(white_centrality, black_centrality);
    t->w[EP_KING_CENTRE_EG] += 10; /* the king is worth 10 less per step nearer the centre */
    t->w[EP_PAWN_EG] += 7;
    eval_rebuild(t);
    assert_int_equal(evaluate(start, t, NULL), start_before);
    assert_int_equal(evaluate(ending, t, NULL), ending_before - 10 * (white_centrality - black_centrality) + 7);
    free(start);
    free(ending);
    free(t);
}

/* A dead draw (McCooey: a bishop on the medium hexes against a bare king) scores minus Contempt for
 * the side the engine plays. */
static void test_contempt(void **state)
{
    (void)state;
    Position *p = position_new();
    Engine *e = engine();
    char err[128];
    static const char *const sides[] = {"1/3/5/7/9/11/11/11/5B5/11/6K1k2 w - 0 1", "1/3/5/7/9/11/11/11/5B5/11/6K1k2 b - 0 1"};
    static const char *const contempts[] = {"20", "0", "-35"};
    for (int c = 0; c < 3; c++) {
        assert_true(engine_set_option(e, "Contempt", contempts[c], err, sizeof err));
        for (int side = 0; side < 2; side++) {
            load(p, "mccooey", sides[side]);
            SearchInfo last = {0};
            SearchLimits l = depth_limit(4);
            engine_search(e, p, &l, remember_last, &last);
            assert_int_equal(last.score, -atoi(contempts[c]));
        }
    }
    assert_false(engine_set_option(e, "Contempt", "201", err, sizeof err));
    engine_free(e);
    free(p);
}

/* A data-driven test run on one game's data set (its state), named after both. */
#define PER_GAME(test, game) {#test "_" #game, test, NULL, NULL, &game##_data}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_puzzles),          cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_multipv_and_skill), cmocka_unit_test(test_stop_infinite),
        cmocka_unit_test(test_extreme_clocks),
        cmocka_unit_test(test_option_table),
        PER_GAME(test_legal, cescacs),          PER_GAME(test_legal, glinski),
        PER_GAME(test_see, cescacs),            PER_GAME(test_see, glinski),
        PER_GAME(test_noisy_moves, cescacs),    PER_GAME(test_noisy_moves, glinski),
        PER_GAME(test_staged_moves, cescacs),   PER_GAME(test_staged_moves, glinski),
        PER_GAME(test_attacks, cescacs),        PER_GAME(test_attacks, glinski),
        PER_GAME(test_eval_symmetric, cescacs), PER_GAME(test_eval_symmetric, glinski),
        cmocka_unit_test(test_endgame_weights_follow_phase), cmocka_unit_test(test_contempt),
        cmocka_unit_test(test_sees_mate_by_losing_capture),
        cmocka_unit_test(test_mates_instead_of_stalemate),
        cmocka_unit_test(test_converts_won_endings),
        cmocka_unit_test(test_takes_forced_stalemate),
        PER_GAME(test_avoids_mate_in_one, cescacs), PER_GAME(test_avoids_mate_in_one, glinski),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
