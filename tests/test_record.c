/*
 * Game records: round trips (every game file, every notation, comments, NAGs and nested
 * variations), bad input (truncated files, unknown labels, broken comments, moves of the wrong
 * variant: one clear error naming file, line and token) and the arbiter's adjudication.
 */
#include "testutil.h"

#include "core/notation/gamefile.h"
#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/notation/recplay.h"
#include "core/notation/recread.h"
#include "core/notation/recwrite.h"
#include "core/rules/arbiter.h"
#include "core/rules/movegen.h"
#include "core/util/strbuf.h"


typedef struct {
    int count;
    char last[512];
    char all[4096]; /* every message, a line each */
} Warnings;

static void collect(void *ctx, const char *message)
{
    Warnings *w = ctx;
    w->count++;
    snprintf(w->last, sizeof w->last, "%s", message);
    size_t n = strlen(w->all);
    snprintf(w->all + n, sizeof w->all - n, "%s\n", message);
}

/* Reads every game of text and plays it. */
static int read_all(const char *name, const char *text, const char *fallback, Game *games, PlayReport *reps, int max,
                    Warnings *warnings)
{
    static Position p;
    RecordReader r;
    record_reader_init(&r, name, text, strlen(text), variant_find(fallback));
    if (warnings) {
        r.warn = collect;
        r.warn_ctx = warnings;
    }
    int n = 0;
    Game g;
    while (record_read_game(&r, &g)) {
        assert_true(n < max);
        games[n] = g;
        game_play(&games[n], &p, NULL, &reps[n]);
        n++;
    }
    return n;
}

enum { MAX_GAMES = 220 };
static Game games_a[MAX_GAMES], games_b[MAX_GAMES];
static PlayReport reps_a[MAX_GAMES], reps_b[MAX_GAMES];

/* Writes every game that plays in a style and letter set, reads it back, compares; and checks
 * that writing is stable (the text written from the text written is the same). */
static void round_trip_text(Tally *t, const char *name, const char *text, const char *style_name,
                            const char *letter_set)
{
    int n = read_all(name, text, "cescacs", games_a, reps_a, MAX_GAMES, NULL);
    for (int i = 0; i < n; i++) {
        Game *g = &games_a[i];
        char what[300];
        snprintf(what, sizeof what, "%s game %d (%s, %s)", name, i + 1, style_name, letter_set ? letter_set : "own");
        WriteOptions wo = {STYLE_STANDARD, NULL, false};
        Letters l;
        if (letter_set) {
            if (!letters_named(&l, g->variant, letter_set))
                continue;
            wo.letters = &l;
        }
        if (!move_style_named(g->variant, style_name, &wo.style))
            continue;
        if (reps_a[i].error.failed) {
            /* Only what could be played is written: a prefix of the game. */
            continue;
        }
        char *out = game_write(g, &wo);
        assert_non_null(out);
        int m = read_all("written", out, "cescacs", games_b, reps_b, 4, NULL);
        if (m != 1 || reps_b[0].error.failed) {
            tally_fail(t, "%s: written text reads as %d games%s%s:\n%s", what, m, m ? ", error: " : "",
                       m ? reps_b[0].error.reason : "", out);
        } else {
            char why[300];
            if (!game_same(g, &games_b[0], why, sizeof why))
                tally_fail(t, "%s: %s", what, why);
            char *again = game_write(&games_b[0], &wo);
            if (strcmp(out, again))
                tally_fail(t, "%s: writing is not stable:\n%s\n---\n%s", what, out, again);
            free(again);
        }
        for (int k = 0; k < m; k++)
            game_free(&games_b[k]);
        free(out);
    }
    for (int i = 0; i < n; i++)
        game_free(&games_a[i]);
}

static const char *const GAME_FILES[] = {
    "cescacs/games/game01.ctl-pgn", "cescacs/games/game03.ctl-pgn", "cescacs/games/game05.ctl-pgn",
    "cescacs/games/game07.ctl-pgn", "cescacs/games/game09.ctl-pgn", "cescacs/games/game11.ctl-pgn",
    "cescacs/games/game13.ctl-pgn", "cescacs/games/game15.ctl-pgn", "cescacs/games/game17.ctl-pgn",
    "cescacs/games/game18.ctl-pgn", "cescacs/games/game19.ctl-pgn", "glinski/games/FoolsMate.pgn",
    "glinski/games/HalfFinalEuropeanChampionship_1999.pgn", "glinski/games/YouTube_HexagonalChess.pgn",
    "glinski/games/YouTube_MangoTownPlays.pgn", "glinski/games/hungarian-tournaments-1980-87.pgn",
};

static void test_round_trip_every_file(void **state)
{
    (void)state;
    Tally t = {0};
    static const char *const STYLES[] = {"standard", "ascii", "full", "coord", "digital"};
    static const char *const SETS[] = {NULL, "en", "hu", "pl", "ru", "fan"};
    for (size_t f = 0; f < sizeof GAME_FILES / sizeof GAME_FILES[0]; f++) {
        char *text = read_file(GAME_FILES[f], NULL);
        bool big = strstr(GAME_FILES[f], "hungarian") != NULL;
        for (size_t s = 0; s < sizeof STYLES / sizeof STYLES[0]; s++)
            for (size_t l = 0; l < sizeof SETS / sizeof SETS[0]; l++)
                if (!big || l < 3)
                    round_trip_text(&t, GAME_FILES[f], text, STYLES[s], SETS[l]);
        free(text);
    }
    assert_int_equal(t.failures, 0);
}

/* Comments of every kind, NAGs, indicators and nested labelled variations survive a round trip. */
static const char CTL_ANNOTATED[] =
    "[Variant \"C'escacs\"]\n"
    "[Id \"Test-1\"]\n"
    "[Annotator \"hexchess\"]\n"
    "{ before the first move }\n"
    "1. E7-E13 !?, E21-E15\n"
    "{ @W: a comment, @B: another ~F14 ~JF6 #14@B }\n"
    "( $[1] 1. \xe2\x80\xa6, F20-F16 ?\n"
    ". 2. E13\xc3\x97" "F16, G21-G19\n"
    ".. ( $[2] 2. \xe2\x80\xa6, E21-E17 $13 )\n"
    ". 3. F8-F12 )\n"
    "2. EE5-E9 (=), EE23-E19 $14\n"
    "{: automatic comment }\n"
    "3. F8-F12:\n"
    "*\n"
    "{ after the result }\n";

static const char PGN_ANNOTATED[] = "[Variant \"Glinski\"]\n"
                                    "[Event \"Test\"]\n"
                                    "\n"
                                    "{Start} 1. e5 {centre} (1. f6 e6 (1... d6) 2. e5) 1... Hdf8? 2. d5 $1 g5\n"
                                    "3. Hg2 h5 (3... Hg7 4. h4) 4. h4 1-0 {after}\n";

static void test_comments_nags_variations(void **state)
{
    (void)state;
    Tally t = {0};
    round_trip_text(&t, "annotated.ctl-pgn", CTL_ANNOTATED, "standard", NULL);
    round_trip_text(&t, "annotated.ctl-pgn", CTL_ANNOTATED, "ascii", "fan");
    round_trip_text(&t, "annotated.pgn", PGN_ANNOTATED, "standard", NULL);
    round_trip_text(&t, "annotated.pgn", PGN_ANNOTATED, "digital", "ru");
    assert_int_equal(t.failures, 0);
    /* What was read: the structure itself. */
    int n = read_all("annotated.ctl-pgn", CTL_ANNOTATED, "cescacs", games_a, reps_a, 4, NULL);
    assert_int_equal(n, 1);
    Game *g = &games_a[0];
    assert_false(reps_a[0].error.failed);
    assert_int_equal(reps_a[0].plies, 5);
    assert_string_equal(g->main.comment, "before the first move");
    assert_int_equal(g->main.nodes[0].nag_count, 1);
    assert_int_equal(g->main.nodes[0].nags[0], 5);
    assert_string_equal(g->main.nodes[1].comment, "@W: a comment, @B: another ~F14 ~JF6 #14@B");
    assert_int_equal(g->main.nodes[1].var_count, 1);
    RecLine *v = &g->main.nodes[1].vars[0];
    assert_string_equal(v->label, "1");
    assert_int_equal(v->count, 4);
    assert_int_equal(v->nodes[0].nags[0], 2);
    assert_int_equal(v->nodes[2].var_count, 1);
    assert_string_equal(v->nodes[2].vars[0].label, "2");
    assert_int_equal(v->nodes[2].vars[0].nodes[0].nags[0], 13);
    assert_true(g->main.nodes[2].draw_offer);
    assert_int_equal(g->main.nodes[3].nags[0], 14);
    assert_string_equal(g->main.nodes[3].comment, ": automatic comment");
    assert_true(g->main.nodes[4].stop);
    assert_string_equal(g->final_comment, "after the result");
    game_free(g);
    n = read_all("annotated.pgn", PGN_ANNOTATED, "glinski", games_a, reps_a, 4, NULL);
    assert_int_equal(n, 1);
    g = &games_a[0];
    assert_false(reps_a[0].error.failed);
    assert_string_equal(reps_a[0].letters.name, "hu");
    assert_int_equal(g->main.nodes[0].var_count, 1);
    assert_int_equal(g->main.nodes[0].vars[0].nodes[1].var_count, 1);
    assert_int_equal(g->main.nodes[1].nags[0], 2);
    assert_string_equal(g->result, "1-0");
    game_free(g);
    /* Comments in a row join with blank lines, an empty one too; a move may carry many variations
     * and many comments (read in time linear in their number). */
    StrBuf src = {0};
    strbuf_puts(&src, "[Variant \"Glinski\"]\n\n1. f5f6 {a} {} ; a line comment\n {b} e7e6");
    for (int i = 0; i < 3000; i++)
        strbuf_puts(&src, " (1... d7d6) {c}");
    strbuf_puts(&src, " *\n");
    char *text = strbuf_take(&src);
    n = read_all("many.pgn", text, "glinski", games_a, reps_a, 4, NULL);
    assert_int_equal(n, 1);
    g = &games_a[0];
    assert_false(reps_a[0].error.failed);
    assert_string_equal(g->main.nodes[0].comment, "a\n\n\n\nb");
    assert_int_equal(g->main.nodes[1].var_count, 3000);
    assert_int_equal(strlen(g->main.nodes[1].comment), 3000 * 3 - 2);
    game_free(g);
    free(text);
}

/* A game written with a named letter set says so: Polish "Hc3" (queen) read as Hungarian is a knight. */
static void test_letter_set_declared(void **state)
{
    (void)state;
    int n = read_all("queens.pgn", "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 2. Qe1c3 Qe10c6 *\n", "glinski", games_a,
                     reps_a, 4, NULL);
    assert_int_equal(n, 1);
    Letters pl;
    assert_true(letters_named(&pl, games_a[0].variant, "pl"));
    WriteOptions wo = {STYLE_STANDARD, &pl, false};
    char *out = game_write(&games_a[0], &wo);
    assert_non_null(strstr(out, "[Letters \"pl\"]"));
    assert_non_null(strstr(out, "Hc3"));
    int m = read_all("written", out, "glinski", games_b, reps_b, 4, NULL);
    assert_int_equal(m, 1);
    assert_string_equal(reps_b[0].letters.name, "pl");
    char why[300];
    if (!game_same(&games_a[0], &games_b[0], why, sizeof why))
        fail_msg("%s:\n%s", why, out);
    free(out);
    game_free(&games_a[0]);
    game_free(&games_b[0]);
}

/* ------------------------------------------------------------------ bad input */

/* The one game of text fails with an error at ply, naming the file, line and token. */
/* Reads text, which must hold one game that plays without error, with `warnings` warnings (in *w). */
static Game *read_one_warned(const char *name, const char *text, const char *fallback, Warnings *w, int warnings)
{
    *w = (Warnings){0};
    int n = read_all(name, text, fallback, games_a, reps_a, 4, w);
    assert_int_equal(n, 1);
    assert_false(reps_a[0].error.failed);
    assert_int_equal(w->count, warnings);
    return &games_a[0];
}

static void expect_error(const char *text, const char *fallback, int ply, int line, const char *token,
                         const char *reason_part)
{
    int n = read_all("bad.pgn", text, fallback, games_a, reps_a, MAX_GAMES, NULL);
    assert_true(n >= 1);
    RecError *e = &reps_a[0].error;
    if (!e->failed)
        fail_msg("no error for:\n%s", text);
    char where[32];
    snprintf(where, sizeof where, "bad.pgn:%d:", line);
    if (e->ply != ply || strcmp(e->token, token) || !strstr(e->reason, where) || !strstr(e->reason, reason_part))
        fail_msg("for:\n%s\ngot ply %d '%s': %s", text, e->ply, e->token, e->reason);
    for (int i = 0; i < n; i++)
        game_free(&games_a[i]);
}

static void test_bad_input(void **state)
{
    (void)state;
    expect_error("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. EE5-E11, G21-G15\n", "cescacs", 3, 3, "EE5-E11",
                 "not a legal move of the elephant on E5 to E11");
    /* Truncated files: a label, a comment, a variation, a move cut short. */
    expect_error("[Variant \"C'escacs\"]\n[Event \"Lond", "cescacs", 1, 2, "[Event", "never closed");
    expect_error("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n{ unfinished", "cescacs", 3, 3, "{", "never closed");
    expect_error("[Variant \"Glinski\"]\n\n1. e5 e6 (1... f6 2. f6", "glinski", 3, 3, "(", "never closed");
    /* A ')' forgotten: the error names the variation, not a move of the main line read into it. */
    expect_error("[Variant \"Glinski\"]\n\n1. e5 e6 (1... f6 2. d5\nd6 2. d5 d6 *\n\n[Variant \"Glinski\"]\n\n1. e5 *\n",
                 "glinski", 3, 3, "(", "the variation opened here is never closed");
    expect_error("[Variant \"C'escacs\"]\n1. E7-E13, E21-E1", "cescacs", 2, 2, "E21-E1", "E21");
    expect_error("[Variant \"Glinski\"]\n\n1. e5 e6 ) 2. f6", "glinski", 3, 3, ")", "closes no variation");
    expect_error("[Variant \"Glinski\"]\n\n1. e5 } e6", "glinski", 2, 3, "}", "closes nothing");
    expect_error("[Variant \"Shogi\"]\n1. P7g-7f *\n", "cescacs", 1, 1, "Shogi", "unknown variant");
    /* Moves of the wrong variant. */
    expect_error("[Variant \"C'escacs\"]\n1. e4e5, e7e6\n", "cescacs", 1, 2, "e4e5", "starting hex");
    expect_error("[Variant \"Glinski\"]\n\n1. E7-E13 E21-E15\n", "glinski", 1, 3, "E7-E13", "no piece letter");
    expect_error("[Variant \"Glinski\"]\n\n1. e5 e6 2. Qe1xe9\n", "glinski", 3, 3, "Qe1xe9", "queen on e1");
    /* A bad start position. */
    expect_error("[Variant \"C'escacs\"]\n[PDTL \"/28:x/ w - - 0 1\"]\n1. E7-E13\n", "cescacs", 1, 1, "PDTL",
                 "bad start position");
    /* Unknown labels: a warning naming file, line and label; the game still plays. */
    Warnings w;
    read_one_warned("warn.pgn", "[Variant \"Glinski\"]\n[Balack \"X\"]\n\n1. e5 e6 *\n", "glinski", &w, 1);
    assert_non_null(strstr(w.last, "warn.pgn:2:"));
    assert_non_null(strstr(w.last, "Balack"));
    game_free(&games_a[0]);
    /* A label given twice with two values: a warning that the later one is read. */
    read_one_warned("twice.pgn",
                    "[Variant \"Glinski\"]\n[Result \"1-0\"]\n[Site \"X\"]\n[Site \"X\"]\n[Result \"0-1\"]\n\n1. e5 e6\n",
                    "glinski", &w, 1);
    assert_int_equal(reps_a[0].recorded, OUTCOME_BLACK_WINS);
    assert_non_null(strstr(w.last, "twice.pgn:5: the label 'Result' is given again: \"0-1\" is read, not \"1-0\""));
    game_free(&games_a[0]);
    /* Labels typed in the wrong case are read as the labels they spell, with a warning: the variant
     * and the start position come from them, not from a guess. */
    Game *g = read_one_warned("case.pgn",
                              "[variant \"Glinski\"]\n[fen \"1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1\"]\n\n1. b2e2 1-0\n",
                              "cescacs", &w, 2);
    assert_string_equal(g->variant->desc->name, "glinski");
    assert_string_equal(game_label(g, "FEN"), "1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1");
    assert_non_null(strstr(w.last, "case.pgn:2: the label 'fen' is read as 'FEN'"));
    game_free(g);
    /* After a broken game the next one is read. An unclosed comment ends at the next label line,
     * not at the next game's '}' (with every game before it). */
    int n = read_all("two.pgn",
                     "[Variant \"Glinski\"]\n\n1. e5 {broken\n\n[Variant \"Glinski\"]\n\n1. e5 e6 {fine} 2. f6 *\n"
                     "[Variant \"Glinski\"]\n\n1. e5 {a comment that\n[quotes \"brackets\"], then ends} e6 *\n",
                     "glinski", games_a, reps_a, 4, NULL);
    assert_int_equal(n, 3);
    assert_true(reps_a[0].error.failed);
    assert_string_equal(reps_a[0].error.token, "{");
    assert_non_null(strstr(reps_a[0].error.reason, "two.pgn:3: the comment opened here is not closed with '}' "
                                                   "before the label on line 5"));
    assert_false(reps_a[1].error.failed);
    assert_int_equal(reps_a[1].plies, 3);
    assert_string_equal(games_a[1].main.nodes[1].comment, "fine");
    assert_false(reps_a[2].error.failed);
    assert_int_equal(reps_a[2].plies, 2);
    for (int i = 0; i < n; i++)
        game_free(&games_a[i]);
    n = read_all("two.pgn", "[Variant \"Glinski\"]\n\n1. e5 ) e6\n[Variant \"Glinski\"]\n\n1. e5 *\n", "glinski",
                 games_a, reps_a, 4, NULL);
    assert_int_equal(n, 2);
    assert_true(reps_a[0].error.failed);
    assert_false(reps_a[1].error.failed);
    game_free(&games_a[0]);
    game_free(&games_a[1]);
}

/* ------------------------------------------------------------------ long records */

/* A text of n bytes: words of seven letters from letter on (letter + 19 at most), so a cut shows. */
static char *long_text(size_t n, char letter)
{
    char *s = malloc(n + 1);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++)
        s[i] = i % 7 == 6 ? ' ' : (char)(letter + (int)(i / 7 % 20));
    s[n] = 0;
    return s;
}

/* Reads the one game of text and plays it without error; returns its plies. */
static int read_and_play(const char *name, const char *text, Game *g, Position *p)
{
    RecordReader r;
    PlayReport rep;
    record_reader_init(&r, name, text, strlen(text), NULL);
    assert_true(record_read_game(&r, g));
    game_play(g, p, NULL, &rep);
    if (rep.error.failed)
        fail_msg("%s: %s", name, rep.error.reason);
    return rep.plies;
}

/* Records have no length limit: a 1000-ply game with long comments and labels is written and
 * read back whole (the writer used to cut formatted pieces at 1200 bytes, the reader label
 * values at 1023). */
static void test_long_records(void **state)
{
    (void)state;
    static Position p;
    StrBuf src = {0};
    char *event = long_text(5000, 'a'), *comment = long_text(3000, 'A');
    strbuf_printf(&src, "[Variant \"C'escacs\"]\n[Event \"%s\"]\n[Annotator \"%s\"]\n", event, comment);
    /* The first 1000 plies of a game without repetitions (a shuffle would be drawn on the fifth). */
    char *moves = read_file("cescacs/long-game.txt", NULL);
    char *save = NULL, *move = strtok_r(moves, " \n", &save);
    for (int ply = 0; ply < 1000; ply++, move = strtok_r(NULL, " \n", &save)) {
        assert_non_null(move);
        if (ply % 2)
            strbuf_printf(&src, ", %s\n", move);
        else
            strbuf_printf(&src, "%d. %s", ply / 2 + 1, move);
        if (ply % 200 == 3)
            strbuf_printf(&src, "{ %s }\n", comment);
    }
    free(moves);
    strbuf_puts(&src, "*\n");
    char *text = strbuf_take(&src);
    assert_non_null(text);
    Game g, back;
    assert_int_equal(read_and_play("long.ctl-pgn", text, &g, &p), 1000);
    assert_string_equal(game_label(&g, "Event"), event);
    char final[POSITION_TEXT_MAX];
    pos_to_text(&p, final, sizeof final);
    static const MoveStyle styles[] = {STYLE_STANDARD, STYLE_ASCII};
    for (size_t k = 0; k < sizeof styles / sizeof styles[0]; k++) {
        WriteOptions o = {.style = styles[k]};
        char *written = game_write(&g, &o);
        assert_non_null(written);
        assert_true(strlen(written) > 20000);
        assert_int_equal(read_and_play("written.ctl-pgn", written, &back, &p), 1000);
        char again[POSITION_TEXT_MAX];
        pos_to_text(&p, again, sizeof again);
        assert_string_equal(again, final);
        assert_string_equal(game_label(&back, "Event"), event);
        assert_string_equal(game_label(&back, "Annotator"), comment);
        assert_string_equal(back.main.nodes[3].comment, comment);
        assert_string_equal(back.main.nodes[803].comment, comment);
        game_free(&back);
        free(written);
    }
    game_free(&g);
    free(text);
    /* PGN: a long comment and label, and a variation label well past the 50 bytes once kept. */
    char *label = long_text(200, 'a');
    for (char *c = label; *c; c++)
        if (*c == ' ')
            *c = '_';
    src = (StrBuf){0};
    strbuf_printf(&src, "[Variant \"Glinski\"]\n[Site \"%s\"]\n\n1. e5 {%s} (1. f6 $[%s] e6) e6 *\n", event,
                  comment, label);
    text = strbuf_take(&src);
    assert_int_equal(read_and_play("long.pgn", text, &g, &p), 2);
    WriteOptions o = {.style = STYLE_STANDARD};
    char *written = game_write(&g, &o);
    assert_non_null(written);
    assert_int_equal(read_and_play("written.pgn", written, &back, &p), 2);
    assert_string_equal(game_label(&back, "Site"), event);
    assert_string_equal(back.main.nodes[0].comment, comment);
    assert_int_equal(back.main.nodes[0].var_count, 1);
    assert_string_equal(back.main.nodes[0].vars[0].label, label);
    game_free(&back);
    game_free(&g);
    free(written);
    free(text);
    free(label);
    free(event);
    free(comment);
}

/* What cannot be kept whole is refused with an error, never cut; a long file name leaves the
 * message its room (its length was once taken as the room left, writing past the buffer). */
static void test_overlong_input(void **state)
{
    (void)state;
    char *name = long_text(600, 'a');
    char *word = long_text(300, 'a');
    for (char *c = word; *c; c++)
        if (*c == ' ')
            *c = 'x';
    StrBuf src = {0};
    strbuf_printf(&src, "[Variant \"Glinski\"]\n\n1. e5 %s *\n", word);
    char *text = strbuf_take(&src);
    Warnings w = {0};
    int n = read_all(name, text, "glinski", games_a, reps_a, 4, &w);
    assert_int_equal(n, 1);
    RecError *e = &reps_a[0].error;
    assert_true(e->failed);
    assert_int_equal(e->ply, 2);
    assert_non_null(strstr(e->reason, ":3: a word of 300 bytes"));
    assert_true(strlen(e->reason) < sizeof e->reason);
    game_free(&games_a[0]);
    free(text);
    /* A label name longer than a name can be: an error, not a name cut into a value. */
    src = (StrBuf){0};
    strbuf_printf(&src, "[Variant \"Glinski\"]\n[%s \"x\"]\n\n1. e5 *\n", word);
    text = strbuf_take(&src);
    n = read_all(name, text, "glinski", games_a, reps_a, 4, &w);
    assert_int_equal(n, 1);
    assert_true(e->failed);
    assert_non_null(strstr(e->reason, ":2: the label name"));
    game_free(&games_a[0]);
    free(text);
    /* Warnings name a long file the same way. */
    n = read_all(name, "[Variant \"Glinski\"]\n[Balack \"X\"]\n\n1. e5 e6 *\n", "glinski", games_a, reps_a, 4, &w);
    assert_int_equal(n, 1);
    assert_non_null(strstr(w.last, ":2: unknown label 'Balack'"));
    game_free(&games_a[0]);
    free(word);
    free(name);
}

/* The bounds of recread.h: a game at a bound reads and plays; one past it fails with an error naming
 * the bound, and the game after it is still read. */
static StrBuf bound_text(int what, int n)
{
    StrBuf b = {0};
    strbuf_puts(&b, "[Variant \"Glinski\"]\n");
    for (int i = 0; what == 1 && i < n - 1; i++)
        strbuf_puts(&b, "[Event \"x\"]\n");
    if (what == 0) {
        strbuf_puts(&b, "[Event \"");
        for (int i = 0; i < n; i++)
            strbuf_puts(&b, "a");
        strbuf_puts(&b, "\"]\n");
    }
    strbuf_puts(&b, "\n1. e5");
    if (what == 2) {
        strbuf_puts(&b, " {");
        for (int i = 0; i < n; i++)
            strbuf_puts(&b, "c");
        strbuf_puts(&b, "}");
    }
    for (int i = 0; what == 3 && i < n; i++)
        strbuf_puts(&b, " (e5");
    for (int i = 0; what == 3 && i < n; i++)
        strbuf_puts(&b, ")");
    for (int i = 0; what == 4 && i < n - 1; i++)
        strbuf_puts(&b, " (e5)");
    strbuf_puts(&b, " *\n\n[Variant \"Glinski\"]\n\n1. e5 *\n");
    return b;
}

static void test_record_bounds(void **state)
{
    (void)state;
    static const struct {
        int at;
        const char *past;
    } bounds[] = {
        {RECORD_LABEL_VALUE_MAX, ":2: the label 'Event' is longer than 16384 bytes"},
        {RECORD_LABELS_MAX, ": more than 256 labels"},
        {RECORD_COMMENT_MAX, ":3: the comments on one move are longer than 65536 bytes"},
        {RECORD_DEPTH_MAX, ":3: variations nested more than 63 deep"},
        {RECORD_MOVES_MAX, ":3: more than 65536 moves, variations included"},
    };
    for (int what = 0; what < 5; what++) {
        for (int past = 0; past < 2; past++) {
            StrBuf b = bound_text(what, bounds[what].at + past);
            char *text = strbuf_take(&b);
            assert_non_null(text);
            int n = read_all("bound.pgn", text, "glinski", games_a, reps_a, 4, NULL);
            if (n != 2)
                fail_msg("bound %d, %d past: %d games: %s", what, past, n, reps_a[0].error.reason);
            if (past != reps_a[0].error.failed || (past && !strstr(reps_a[0].error.reason, bounds[what].past)))
                fail_msg("bound %d, %d past: %s", what, past, reps_a[0].error.reason);
            assert_false(reps_a[1].error.failed);
            for (int i = 0; i < n; i++)
                game_free(&games_a[i]);
            free(text);
        }
    }
}

/* ------------------------------------------------------------------ records as people write them */

/* Reads text (of length size: it may hold NUL bytes) into games_a; every game must play without
 * error; returns the number of games and the warnings in *w. */
static int read_clean(const char *name, const char *text, size_t size, const char *fallback, Warnings *w)
{
    static Position p;
    memset(w, 0, sizeof *w);
    RecordReader r;
    record_reader_init(&r, name, text, size, variant_find(fallback));
    r.warn = collect;
    r.warn_ctx = w;
    int n = 0;
    while (n < MAX_GAMES && record_read_game(&r, &games_a[n])) {
        game_play(&games_a[n], &p, NULL, &reps_a[n]);
        if (reps_a[n].error.failed)
            fail_msg("%s game %d: %s '%s'\n%s", name, n + 1, reps_a[n].error.reason, reps_a[n].error.token, text);
        n++;
    }
    return n;
}

static void free_games(int n)
{
    for (int i = 0; i < n; i++)
        game_free(&games_a[i]);
}

#define READ_CLEAN(name, text, fallback, w) read_clean(name, text, sizeof text - 1, fallback, w)

/* The warnings hold a line with both parts. */
static void expect_warning(const Warnings *w, const char *where, const char *what)
{
    for (const char *line = w->all; *line; line = strchr(line, '\n') + 1) {
        size_t len = strcspn(line, "\n");
        char one[512];
        snprintf(one, sizeof one, "%.*s", (int)len, line);
        if (strstr(one, where) && strstr(one, what))
            return;
    }
    fail_msg("no warning '%s ... %s' among:\n%s", where, what, w->all);
}

static const char SEPARATED[] = "Three games of Gli\xc5\x84ski's chess\n"
                                "=====\n"
                                "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 1-0\n"
                                "=====\n"
                                "Game 2\n"
                                "[Variant \"Glinski\"]\n\n1. e4e5 d7d6\n"
                                "- - - - -\n"
                                "1. f5f6 *\n"
                                "* * *\n";

static void test_lines_between_games(void **state)
{
    (void)state;
    Warnings w;
    int n = READ_CLEAN("sep.pgn", SEPARATED, "glinski", &w);
    assert_int_equal(n, 3);
    assert_int_equal(reps_a[0].plies, 2);
    assert_int_equal(reps_a[1].plies, 2); /* the separator ends a game that has no result */
    assert_int_equal(reps_a[2].plies, 1);
    assert_int_equal(w.count, 6);
    expect_warning(&w, "sep.pgn:1:", "Three games");
    expect_warning(&w, "sep.pgn:2:", "=====");
    expect_warning(&w, "sep.pgn:6:", "=====");
    expect_warning(&w, "sep.pgn:7:", "Game 2");
    expect_warning(&w, "sep.pgn:11:", "- - - - -");
    expect_warning(&w, "sep.pgn:13:", "* * *");
    free_games(n);
    /* A stray '}' or ')' after a result is passed over: no game of its own, the next keeps its number. */
    n = READ_CLEAN("stray.pgn", "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 1-0 }\n\n[Variant \"Glinski\"]\n\n"
                   "1. f5f6 0-1 )\n[Variant \"Glinski\"]\n\n1. f5f6 *\n", "glinski", &w);
    assert_int_equal(n, 3);
    assert_int_equal(reps_a[2].plies, 1);
    assert_int_equal(w.count, 2);
    expect_warning(&w, "stray.pgn:3:", "'}' after the result closes nothing");
    expect_warning(&w, "stray.pgn:7:", "')' after the result closes nothing");
    free_games(n);
    /* A result alone is a game (an empty one), not a stray line. */
    n = READ_CLEAN("empty.pgn", "[Variant \"Glinski\"]\n\n*\n\n*\n", "glinski", &w);
    assert_int_equal(n, 2);
    assert_int_equal(w.count, 0);
    free_games(n);
}

static void test_damaged_results(void **state)
{
    (void)state;
    Warnings w;
    /* "½-½" saved as UTF-8 and read back as Latin-1, then a typing slip: the next game keeps its number. */
    static const char MOJIBAKE[] = "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 \xc3\x82\xc2\xbd-\xc3\x82\xc2\xbd\n\n"
                                   "[Variant \"Glinski\"]\n[Result \"1-0\"]\n\n1. f5f6 ?-?\n\n"
                                   "[Variant \"Glinski\"]\n\n1. e4e5 1-0\n";
    int n = READ_CLEAN("mangled.pgn", MOJIBAKE, "glinski", &w);
    assert_int_equal(n, 3);
    assert_int_equal(reps_a[0].plies, 2);
    assert_null(games_a[0].result);
    assert_false(reps_a[0].has_recorded);
    assert_int_equal(reps_a[0].verdict.outcome, OUTCOME_NONE);
    assert_true(reps_a[1].has_recorded); /* the Result label still speaks */
    assert_int_equal(reps_a[1].recorded, OUTCOME_WHITE_WINS);
    assert_string_equal(games_a[2].result, "1-0");
    assert_int_equal(w.count, 2);
    expect_warning(&w, "mangled.pgn:3:", "\xc3\x82\xc2\xbd-\xc3\x82\xc2\xbd is not a result");
    expect_warning(&w, "mangled.pgn:8:", "?-? is not a result");
    free_games(n);
    /* Castling written with zeros is a move that fails at its ply, not a result ending the game
     * (which made the moves after it a second game). */
    static const char ZEROS[] = "[Variant \"Glinski\"]\n\n1. e5 e6 2. 0-0 d6 3. d5 *\n\n"
                                "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. 0-0, F20-F16\n*\n";
    int m = read_all("zeros.pgn", ZEROS, "glinski", games_a, reps_a, 4, &w);
    assert_int_equal(m, 2);
    assert_int_equal(reps_a[0].error.ply, 3);
    assert_string_equal(reps_a[0].error.token, "0-0");
    assert_non_null(strstr(reps_a[0].error.reason, "zeros.pgn:3: '0-0' is chess's castling, and Gli"));
    assert_int_equal(reps_a[1].error.ply, 3);
    assert_non_null(strstr(reps_a[1].error.reason, "castling by columns"));
    free_games(m);
    /* A Result label and the result after the moves that disagree: a warning, the label kept. A
     * '*' on either side, or the same result written otherwise, is no disagreement. */
    static const char TWO_ENDS[] = "[Variant \"Glinski\"]\n[Result \"1-0\"]\n\n1. f5f6 e7e6 0-1\n\n"
                                   "[Variant \"Glinski\"]\n[Result \"*\"]\n\n1. f5f6 e7e6 0-1\n\n"
                                   "[Variant \"Glinski\"]\n[Result \"1-0\"]\n\n1. f5f6 e7e6 *\n\n"
                                   "[Variant \"C'escacs\"]\n[Result \"1-1\"]\n1. E7-E13, E21-E15\n1/2-1/2\n";
    n = READ_CLEAN("two-ends.pgn", TWO_ENDS, "glinski", &w);
    assert_int_equal(n, 4);
    assert_int_equal(reps_a[0].recorded, OUTCOME_WHITE_WINS);
    assert_int_equal(reps_a[1].recorded, OUTCOME_BLACK_WINS);
    assert_int_equal(w.count, 1);
    expect_warning(&w, "two-ends.pgn:2:", "the Result label says 1-0, but the moves end with 0-1");
    free_games(n);
    /* Results glued to the last move; an en dash. */
    static const char GLUED[] = "[Variant \"Glinski\"]\n\n1. Qe1c3 Qe10c6 2. b1b2 b7b6 3. Bf3b1 e7e6 4. Qc3xBf9#1-0\n"
                                "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15:1-1\n"
                                "[Variant \"Glinski\"]\n\n1. f5f6 1\xe2\x80\x93" "0\n";
    n = READ_CLEAN("glued.pgn", GLUED, "glinski", &w);
    assert_int_equal(n, 3);
    assert_int_equal(reps_a[0].plies, 7);
    assert_string_equal(games_a[0].result, "1-0");
    assert_int_equal(reps_a[1].plies, 2);
    assert_string_equal(games_a[1].result, "1-1");
    assert_true(games_a[1].main.nodes[1].stop);
    assert_int_equal(reps_a[2].recorded, OUTCOME_WHITE_WINS);
    assert_int_equal(w.count, 0);
    free_games(n);
    /* A result in parentheses is the result, with a warning (it was read as a variation holding
     * nothing, and lost); a variation that holds moves and a result is still a variation. */
    static const char PARENS[] = "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 (1-0)\n\n"
                                 "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 ( \xc2\xbd-\xc2\xbd ) {agreed}\n\n"
                                 "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 (1... d7d6 0-1) 1-0\n";
    n = READ_CLEAN("parens.pgn", PARENS, "glinski", &w);
    assert_int_equal(n, 3);
    assert_string_equal(games_a[0].result, "1-0");
    assert_int_equal(reps_a[0].recorded, OUTCOME_WHITE_WINS);
    assert_int_equal(games_a[0].main.nodes[1].var_count, 0);
    assert_string_equal(games_a[1].result, "\xc2\xbd-\xc2\xbd");
    assert_string_equal(games_a[1].final_comment, "agreed");
    assert_int_equal(games_a[2].main.nodes[1].var_count, 1);
    assert_string_equal(games_a[2].result, "1-0");
    assert_int_equal(w.count, 2);
    expect_warning(&w, "parens.pgn:3:", "the result (1-0) is written in parentheses: read as the game's result");
    expect_warning(&w, "parens.pgn:7:", "(\xc2\xbd-\xc2\xbd) is written in parentheses");
    free_games(n);
}

static void test_line_comments(void **state)
{
    (void)state;
    Warnings w;
    static const char CTL[] = "// the author's comment before the game\n"
                              "[Variant \"C'escacs\"] // after a label\n"
                              "1. E7-E13, E21-E15 // after the moves\n"
                              "2. EE5-E9//glued ; and more\n"
                              "2. \xe2\x80\xa6, EE23-E19 ; PGN's line comment\n"
                              "*\n";
    int n = READ_CLEAN("slashes.ctl-pgn", CTL, "cescacs", &w);
    assert_int_equal(n, 1);
    assert_int_equal(reps_a[0].plies, 4);
    assert_int_equal(w.count, 0);
    free_games(n);
    /* In PGN "//" is no comment: it is read, and refused, as a move. */
    int m = read_all("slashes.pgn", "[Variant \"Glinski\"]\n\n1. f5f6 // e7e6\n", "glinski", games_a, reps_a, 4, NULL);
    assert_int_equal(m, 1);
    assert_true(reps_a[0].error.failed);
    assert_string_equal(reps_a[0].error.token, "//");
    free_games(m);
    /* ";" in PGN. */
    n = READ_CLEAN("semicolon.pgn", "[Variant \"Glinski\"]\n\n1. f5f6 ; e7e6 is not played\n1... e7e6 *\n", "glinski",
                   &w);
    assert_int_equal(reps_a[0].plies, 2);
    free_games(n);
}

/* Line ends of every system, byte-order mark, Windows-1252, NUL bytes, tabs, trailing spaces. */
static void test_files_from_other_systems(void **state)
{
    (void)state;
    Warnings w;
    static const char CRLF[] = "\xef\xbb\xbf[Variant \"C'escacs\"]\r\n[Annotator \"Jos\xe9\"]\r\n"
                               "{ Partida \x96 obertura }\r\n1.\tE7-E13,\tE21-E15   \r\n\r\n"
                               "2. EE5-E9 , EE23-E19\t\r\n3. D6-D12\r\n3. \x85, E15\xd7" "D12\r\n*\r\n";
    int n = READ_CLEAN("windows.ctl-pgn", CRLF, "cescacs", &w);
    assert_int_equal(n, 1);
    assert_int_equal(reps_a[0].plies, 6);
    assert_string_equal(game_label(&games_a[0], "Annotator"), "Jos\xc3\xa9");
    assert_string_equal(games_a[0].main.comment, "Partida \xe2\x80\x93 obertura");
    assert_int_equal(w.count, 1);
    expect_warning(&w, "windows.ctl-pgn:2:", "not UTF-8");
    free_games(n);
    /* "½-½" in Latin-1 is a draw. */
    n = READ_CLEAN("latin1.pgn", "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 \xbd-\xbd\n", "glinski", &w);
    assert_int_equal(reps_a[0].recorded, OUTCOME_DRAW);
    free_games(n);
    /* Lone CRs end lines: a ";" comment stops at its line, an error names the right line. */
    static const char MAC[] = "[Variant \"Glinski\"]\r\r1. f5f6 ; comment\re7e6\r2. f6f7\r";
    int m = read_all("mac.pgn", MAC, "glinski", games_a, reps_a, 4, NULL);
    assert_int_equal(m, 1);
    assert_int_equal(reps_a[0].error.ply, 3);
    assert_int_equal(reps_a[0].error.line, 5);
    free_games(m);
    m = read_all("crlf.pgn", "[Variant \"Glinski\"]\r\n\r\n1. f5f6\r\ne7e6\r\n2. f6f7\r\n", "glinski", games_a,
                 reps_a, 4, NULL);
    assert_int_equal(reps_a[0].error.line, 5);
    free_games(m);
    /* A NUL byte between moves is a space, and the game goes on after it. */
    static const char NUL[] = "[Variant \"Glinski\"]\n\n1. f5f6\0e7e6 2. e4e5 {a\0b} *\n";
    n = READ_CLEAN("nul.pgn", NUL, "glinski", &w);
    assert_int_equal(reps_a[0].plies, 3);
    assert_string_equal(games_a[0].main.nodes[2].comment, "a b");
    assert_int_equal(w.count, 1);
    expect_warning(&w, "nul.pgn:3:", "NUL");
    free_games(n);
    /* No-break spaces, as text copied from a web page or a word processor has them, in UTF-8 and
     * in Windows-1252; a 0xA0 that continues a UTF-8 letter (Russian 'Р') is no space. */
    static const char NBSP[] = "[Variant \"Glinski\"]\n\n1.\xc2\xa0" "f5f6\xc2\xa0\xc2\xa0" "e7e6 2.\xa0" "e4e5 *\n";
    n = READ_CLEAN("nbsp.pgn", NBSP, "glinski", &w);
    assert_int_equal(reps_a[0].plies, 3);
    free_games(n);
    m = read_all("nbsp.pgn", "[Variant \"Glinski\"]\n\n1. f5f6 \xd0\xa0x\n", "glinski", games_a, reps_a, 4, NULL);
    assert_int_equal(reps_a[0].error.ply, 2);
    assert_string_equal(reps_a[0].error.token, "\xd0\xa0x");
    free_games(m);
    /* UTF-16 cannot be read: one error for the file. */
    static const char UTF16[] = "\xff\xfe[\0V\0a\0r\0i\0a\0n\0t\0";
    static Position p;
    RecordReader r;
    record_reader_init(&r, "utf16.pgn", UTF16, sizeof UTF16 - 1, variant_find("glinski"));
    assert_true(record_read_game(&r, &games_a[0]));
    game_play(&games_a[0], &p, NULL, &reps_a[0]);
    assert_false(record_read_game(&r, &games_a[1]));
    m = 1;
    assert_string_equal(reps_a[0].error.token, "UTF-16");
    assert_int_equal(reps_a[0].error.line, 1);
    free_games(m);
}

/* Labels typed by hand; move numbers written apart; no newline at the end; no labels at all. */
static void test_hand_typed(void **state)
{
    (void)state;
    Warnings w;
    static const char LABELS[] = "[Variant \"Glinski\"]\n"
                                 "[Event \"Hexagonal chess 1974\n"
                                 "[Site \"Warsaw\"\n"
                                 "[Annotator Glinski\n"
                                 "[White \"W. \"Wladek\" Glinski\"]\n"
                                 "[Black \"X]\n"
                                 "[\"nameless\"]\n"
                                 "1 . Qe1c3 Qe10c6 2 .b1b2 b7b6 3 ... Bf3b1 3 ... e7e6? 4. Qc3xBf9#";
    int n = READ_CLEAN("labels.pgn", LABELS, "glinski", &w);
    assert_int_equal(n, 1);
    assert_int_equal(reps_a[0].plies, 7);
    const Game *g = &games_a[0];
    assert_string_equal(game_label(g, "Event"), "Hexagonal chess 1974");
    assert_string_equal(game_label(g, "Site"), "Warsaw");
    assert_string_equal(game_label(g, "Annotator"), "Glinski");
    assert_string_equal(game_label(g, "White"), "W. \"Wladek\" Glinski");
    assert_string_equal(game_label(g, "Black"), "X");
    assert_int_equal(w.count, 5);
    expect_warning(&w, "labels.pgn:2:", "'Event' is never closed with '\"'");
    expect_warning(&w, "labels.pgn:3:", "'Site' is never closed with ']'");
    expect_warning(&w, "labels.pgn:4:", "'Annotator' is never closed with ']'");
    expect_warning(&w, "labels.pgn:6:", "'Black' is never closed");
    expect_warning(&w, "labels.pgn:7:", "without a name");
    free_games(n);
    n = READ_CLEAN("bare.pgn", "1. f5f6 e7e6 *\n\n1. e4e5 *", "glinski", &w);
    assert_int_equal(n, 2);
    assert_int_equal(reps_a[1].plies, 1);
    free_games(n);
}

/* Garbage of every byte value never crashes the reader. */
static void test_garbage_never_crashes(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    char text[600];
    for (int round = 0; round < 3000; round++) {
        int len = (int)(seed % 500);
        for (int i = 0; i < len; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            static const char PIECES[] = "[]{}()\"$;.,*-#+!?:=@ \n1234567890KQRBNEDVGJPabcdefghiklETFx\xc3\x97\xe2";
            text[i] = (seed >> 33) % 3 ? PIECES[(seed >> 40) % (sizeof PIECES - 1)] : (char)(seed >> 48);
        }
        text[len] = 0;
        int n = read_all("garbage", text, round & 1 ? "glinski" : "cescacs", games_a, reps_a, MAX_GAMES, NULL);
        for (int i = 0; i < n; i++)
            game_free(&games_a[i]);
    }
}

/* ------------------------------------------------------------------ arbiter */

static Position *at(const char *variant, const char *text)
{
    static Position p;
    char err[256];
    if (!pos_from_text(&p, variant_find(variant), text, err, sizeof err))
        fail_msg("bad position %s: %s", text, err);
    return &p;
}

static void test_arbiter(void **state)
{
    (void)state;
    const Variant *c = variant_find("cescacs"), *g = variant_find("glinski");
    Verdict v;
    /* Checkmate and stalemate, with each variant's scores. */
    /* Bare kings: dead in McCooey; in Gliński one may still stalemate the other. */
    Position *p = at("mccooey", "1/3/5/7/9/11/11/11/11/11/6K1k2 w - 0 60");
    arbiter_judge(p, &v);
    assert_int_equal(v.outcome, OUTCOME_DRAW);
    assert_int_equal(v.reason, END_INSUFFICIENT);
    assert_string_equal(outcome_text(g, v.outcome), "1/2-1/2");
    p = at("glinski", "1/3/5/7/9/11/11/11/11/11/6K1k2 w - 0 60");
    arbiter_judge(p, &v);
    assert_int_equal(v.outcome, OUTCOME_NONE);
    p = at("cescacs", "/24:G4/3:3k/2:K2/ b -- - 0 81");
    arbiter_judge(p, &v);
    assert_string_equal(outcome_text(c, v.outcome),
                        v.reason == END_CHECKMATE ? "3-0" : v.reason == END_STALEMATE ? "2-1" : outcome_text(c, v.outcome));
    assert_string_equal(outcome_text(c, OUTCOME_WHITE_STALEMATES), "2-1");
    assert_string_equal(outcome_text(c, OUTCOME_BLACK_STALEMATES), "1-2");
    assert_string_equal(outcome_text(g, OUTCOME_WHITE_STALEMATES), "3/4-1/4");
    assert_string_equal(outcome_text(g, OUTCOME_BLACK_WINS), "0-1");
    assert_int_equal(outcome_white_permille(g, OUTCOME_WHITE_STALEMATES), 750);
    assert_int_equal(outcome_white_permille(c, OUTCOME_BLACK_STALEMATES), 333);
    /* McCooey: a stalemate is a draw, whoever stalemated. */
    const Variant *m = variant_find("mccooey");
    p = at("mccooey", "k/3/2K2/7/9/11/11/11/2p8/2P8/11 b - 0 1");
    arbiter_judge(p, &v);
    assert_int_equal(v.outcome, OUTCOME_DRAW);
    assert_int_equal(v.reason, END_STALEMATE);
    assert_string_equal(outcome_text(m, v.outcome), "1/2-1/2");
    assert_int_equal(outcome_white_permille(m, v.outcome), 500);
    /* Every written result is understood. */
    static const struct {
        const char *text;
        Outcome o;
    } RESULTS[] = {{"3-0", OUTCOME_WHITE_WINS}, {"2-1", OUTCOME_WHITE_STALEMATES}, {"1-1", OUTCOME_DRAW},
                   {"1-2", OUTCOME_BLACK_STALEMATES}, {"0-3", OUTCOME_BLACK_WINS}, {"*", OUTCOME_NONE},
                   {"1-0", OUTCOME_WHITE_WINS}, {"0-1", OUTCOME_BLACK_WINS}, {"1/2-1/2", OUTCOME_DRAW},
                   {"3/4-1/4", OUTCOME_WHITE_STALEMATES}, {"1/4-3/4", OUTCOME_BLACK_STALEMATES},
                   {"remi", OUTCOME_DRAW}, {"\xc2\xbd-\xc2\xbd", OUTCOME_DRAW},
                   /* the score written with a colon, as on boards and in some files */
                   {"1:0", OUTCOME_WHITE_WINS}, {"0:1", OUTCOME_BLACK_WINS}, {"\xc2\xbd:\xc2\xbd", OUTCOME_DRAW},
                   {"1/2:1/2", OUTCOME_DRAW}, {"2:1", OUTCOME_WHITE_STALEMATES}};
    for (size_t i = 0; i < sizeof RESULTS / sizeof RESULTS[0]; i++) {
        Outcome o;
        assert_true(outcome_parse(RESULTS[i].text, &o));
        assert_int_equal(o, RESULTS[i].o);
    }
    Outcome o;
    assert_false(outcome_parse("2-0", &o));
    assert_false(outcome_parse(":", &o)); /* a stop mark, no result */
    assert_false(outcome_parse("1:", &o));
    /* Resignation and agreement end a game that goes on; not one already over. */
    p = at("glinski", "startpos");
    assert_true(arbiter_resign(p, WHITE, &v));
    assert_int_equal(v.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(v.reason, END_RESIGNATION);
    assert_true(arbiter_agree_draw(p, &v));
    assert_int_equal(v.reason, END_AGREEMENT);
    assert_false(arbiter_claim_draw(p, &v));
    /* Repetition: Gliński draws on the third occurrence; C'escacs may claim on the third and
     * draws on the fifth. */
    static const char *const SHUFFLE_G[] = {"d1c3", "d9c6", "c3d1", "c6d9"};
    for (int i = 0; i < 8; i++)
        pos_make(p, move_from_text(p, SHUFFLE_G[i % 4]));
    arbiter_judge(p, &v);
    assert_int_equal(v.reason, END_REPETITION);
    assert_string_equal(outcome_text(g, v.outcome), "1/2-1/2");
    p = at("cescacs", "startpos");
    static const char *const SHUFFLE_C[] = {"NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"};
    for (int i = 0; i < 8; i++)
        pos_make(p, move_from_text(p, SHUFFLE_C[i % 4]));
    arbiter_judge(p, &v);
    assert_int_equal(v.outcome, OUTCOME_NONE);
    assert_int_equal(v.claimable, DRAW_REPETITION);
    assert_true(arbiter_claim_draw(p, &v));
    assert_int_equal(v.reason, END_CLAIM);
    for (int i = 0; i < 8; i++)
        pos_make(p, move_from_text(p, SHUFFLE_C[i % 4]));
    arbiter_judge(p, &v);
    assert_int_equal(v.reason, END_REPETITION);
    assert_string_equal(outcome_text(c, v.outcome), "1-1");
    /* The move rules: 50 moves claimable and 75 automatic in C'escacs, 50 automatic in Gliński. */
    p = at("cescacs", "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/"
                      "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 100 60");
    arbiter_judge(p, &v);
    assert_int_equal(v.claimable, DRAW_MOVE_RULE);
    p = at("cescacs", "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/"
                      "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 150 90");
    arbiter_judge(p, &v);
    assert_int_equal(v.reason, END_MOVE_RULE);
    p = at("glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 100 60");
    arbiter_judge(p, &v);
    assert_int_equal(v.reason, END_MOVE_RULE);
    /* Reconciling a record's result with the board. */
    bool disagrees;
    p = at("glinski", "startpos");
    arbiter_reconcile(p, OUTCOME_WHITE_WINS, &v, &disagrees);
    assert_false(disagrees);
    assert_int_equal(v.reason, END_RESIGNATION);
    arbiter_reconcile(p, OUTCOME_WHITE_STALEMATES, &v, &disagrees);
    assert_true(disagrees);
    for (int i = 0; i < 7; i++) { /* Fool's mate */
        static const char *const FOOL[] = {"e1c3", "e10c6", "b1b2", "b7b6", "f3b1", "e7e6", "c3f9"};
        pos_make(p, move_from_text(p, FOOL[i]));
    }
    arbiter_reconcile(p, OUTCOME_BLACK_WINS, &v, &disagrees);
    assert_true(disagrees);
    assert_int_equal(v.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(v.reason, END_CHECKMATE);
}

/* The end of a game: no move after a mate; moves after an automatic draw are checked, the game
 * ends at the draw and they are counted. */
static void test_moves_after_the_end(void **state)
{
    (void)state;
    static Game games[1];
    static PlayReport reps[1];
    const char *after_mate = "[Variant \"Glinski\"]\n\n1. Qe1c3 Qe10c6 2. b1b2 b7b6 3. Bf3b1 e7e6 4. Qc3xBf9# a7a6\n";
    assert_int_equal(read_all("mate", after_mate, "glinski", games, reps, 1, NULL), 1);
    assert_true(reps[0].error.failed);
    assert_int_equal(reps[0].error.ply, 8);
    assert_string_equal(reps[0].error.reason, "mate:3: the game was already over (checkmate at ply 7)");
    game_free(&games[0]);
    const char *after_draw = "[Variant \"Glinski\"]\n\n1. Nd1f4 Nd9c6 2. Nf4d1 Nc6d9 3. Nd1f4 Nd9c6 "
                             "4. Nf4d1 Nc6d9 5. f5f6 e7e6 1-0\n";
    assert_int_equal(read_all("draw", after_draw, "glinski", games, reps, 1, NULL), 1);
    assert_false(reps[0].error.failed);
    assert_int_equal(reps[0].plies, 8);
    assert_int_equal(reps[0].after_end, 2);
    assert_int_equal(reps[0].verdict.outcome, OUTCOME_DRAW);
    assert_int_equal(reps[0].verdict.reason, END_REPETITION);
    assert_true(reps[0].disagrees);
    game_free(&games[0]);
}

/* A game file, as the front ends import one, keeps the reader's warnings, placed as its errors are. */
static void test_game_file_warnings(void **state)
{
    (void)state;
    static const char WARNED[] = "[variant \"Glinski\"]\n\n1. f5f6 e7e6 (1-0)\n";
    GameFile f;
    char err[400];
    assert_true(gamefile_read(WARNED, sizeof WARNED - 1, variant_find("cescacs"), &f, err, (int)sizeof err));
    assert_string_equal(f.warnings, "line 1: the label 'variant' is read as 'Variant'\n"
                                    "line 3: the result (1-0) is written in parentheses: read as the game's result\n");
    assert_string_equal(f.result, "1-0");
    assert_string_equal(f.moves, "f5f6 e7e6");
    gamefile_free(&f);
    static const char CLEAN[] = "[Variant \"Glinski\"]\n\n1. f5f6 *\n";
    assert_true(gamefile_read(CLEAN, sizeof CLEAN - 1, variant_find("cescacs"), &f, err, (int)sizeof err));
    assert_null(f.warnings);
    gamefile_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_file),
        cmocka_unit_test(test_comments_nags_variations),
        cmocka_unit_test(test_letter_set_declared),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_long_records),
        cmocka_unit_test(test_overlong_input),
        cmocka_unit_test(test_record_bounds),
        cmocka_unit_test(test_lines_between_games),
        cmocka_unit_test(test_damaged_results),
        cmocka_unit_test(test_game_file_warnings),
        cmocka_unit_test(test_line_comments),
        cmocka_unit_test(test_files_from_other_systems),
        cmocka_unit_test(test_hand_typed),
        cmocka_unit_test(test_garbage_never_crashes),
        cmocka_unit_test(test_arbiter),
        cmocka_unit_test(test_moves_after_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
