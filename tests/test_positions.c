/*
 * Every position of the positions.jsonl files: the legal move list equals the data exactly (same
 * text, same order), the status agrees, and so does what each move does (the check suffixes of
 * C'escacs' `full` list; check, mate, stalemate, capture, en passant and double step of Gliński's
 * `desc`). McCooey's hand-checked positions give moves and status only.
 */
#include "testutil.h"

#include "core/notation/notation.h"
#include "core/notation/postext.h"
#include "core/rules/movegen.h"
#include "core/rules/status.h"

static char moves[MAX_MOVES][MOVE_TEXT_MAX];
/* The generated moves in the order of `moves` (sorted by text). */
static Move sorted[MAX_MOVES];

/*
 * Lists the legal moves as text (legal_moves_text) and pairs each with its Move, without a
 * move_from_text per move (quadratic, slow under the sanitizers); move_from_text is checked on a few.
 */
static int list_moves(Tally *t, const char *where, Position *p)
{
    static char texts[MAX_MOVES][MOVE_TEXT_MAX];
    MoveList ml;
    gen_legal(p, &ml);
    int n = legal_moves_text(p, moves);
    if (n != ml.count || n != count_legal(p)) {
        tally_fail(t, "%s: legal_moves_text %d, gen_legal %d, count_legal %d moves", where, n, ml.count,
                   count_legal(p));
        return -1;
    }
    for (int i = 0; i < n; i++) {
        move_to_text(p, ml.moves[i], texts[i]);
        sorted[i] = ml.moves[i];
        for (int j = i; j > 0 && strcmp(texts[j - 1], texts[j]) > 0; j--) {
            char tmp[MOVE_TEXT_MAX];
            memcpy(tmp, texts[j], MOVE_TEXT_MAX);
            memcpy(texts[j], texts[j - 1], MOVE_TEXT_MAX);
            memcpy(texts[j - 1], tmp, MOVE_TEXT_MAX);
            Move m = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = m;
        }
    }
    for (int i = 0; i < n; i++) {
        if (strcmp(texts[i], moves[i]) || (i > 0 && !strcmp(moves[i - 1], moves[i]))) {
            tally_fail(t, "%s: move texts not sorted or not unique at '%s'", where, moves[i]);
            return -1;
        }
        if ((i == 0 || i == n / 2 || i == n - 1) && move_from_text(p, moves[i]) != sorted[i]) {
            tally_fail(t, "%s: move_from_text does not read back '%s'", where, moves[i]);
            return -1;
        }
    }
    return n;
}

/* Compares the generated list with the JSON array; reports the first difference. */
static bool same_moves(Tally *t, const char *where, const cJSON *expected, int n)
{
    if (!cJSON_IsArray(expected)) {
        tally_fail(t, "%s: no moves array", where);
        return false;
    }
    int want = cJSON_GetArraySize(expected);
    int i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, expected)
    {
        if (!cJSON_IsString(item) || i >= n || strcmp(item->valuestring, moves[i])) {
            tally_fail(t, "%s: move %d is '%s', expected '%s' (%d moves, expected %d)", where, i + 1,
                       i < n ? moves[i] : "(none)", cJSON_IsString(item) ? item->valuestring : "?", n, want);
            return false;
        }
        i++;
    }
    if (n != want) {
        tally_fail(t, "%s: %d moves, expected %d; first extra '%s'", where, n, want, moves[want]);
        return false;
    }
    return true;
}

static const char *json_null_or_string(const cJSON *obj, const char *key, bool *ok)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    *ok = cJSON_IsNull(item) || cJSON_IsString(item);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static bool json_bool(const cJSON *obj, const char *key, bool *ok)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsBool(item))
        *ok = false;
    return cJSON_IsTrue(item);
}

/* The data writes "none" as null. */
static const char *draw_text(const Variant *v, DrawKind k, bool claim, char *buf)
{
    if (k == DRAW_NONE)
        return NULL;
    draw_name(v, k, claim, buf, 32);
    return buf;
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

static void check_cescacs_status(Tally *t, const char *where, Position *p, const cJSON *status)
{
    bool ok = cJSON_IsObject(status);
    const char *check = json_null_or_string(status, "check", &ok);
    const char *draw = json_null_or_string(status, "draw", &ok);
    const char *claimable = json_null_or_string(status, "claimable", &ok);
    const char *illegal = json_null_or_string(status, "illegal", &ok);
    bool mate = json_bool(status, "mate", &ok);
    bool stalemate = json_bool(status, "stalemate", &ok);
    if (!ok || illegal) {
        tally_fail(t, "%s: unreadable or illegal status record", where);
        return;
    }
    Status st;
    pos_status(p, &st);
    char d1[32], d2[32];
    const char *got_check = st.check ? check_suffix(st.check) : NULL;
    const char *got_draw = draw_text(p->v, st.draw, false, d1);
    const char *got_claim = draw_text(p->v, st.claimable, true, d2);
    if (!same_text(got_check, check) || st.mate != mate || st.stalemate != stalemate || !same_text(got_draw, draw) ||
        !same_text(got_claim, claimable))
        tally_fail(t,
                   "%s: status check=%s mate=%d stalemate=%d draw=%s claimable=%s, expected check=%s mate=%d "
                   "stalemate=%d draw=%s claimable=%s",
                   where, got_check ? got_check : "null", st.mate, st.stalemate, got_draw ? got_draw : "null",
                   got_claim ? got_claim : "null", check ? check : "null", mate, stalemate, draw ? draw : "null",
                   claimable ? claimable : "null");
    if (st.legal_moves != count_legal(p))
        tally_fail(t, "%s: status counts %d legal moves, count_legal %d", where, st.legal_moves, count_legal(p));
}

/* The `full` list: each move with "#" when it mates, else its check suffix. */
static void check_cescacs_suffixes(Tally *t, const char *where, Position *p, const cJSON *full, int n)
{
    if (!cJSON_IsArray(full) || cJSON_GetArraySize(full) != n) {
        tally_fail(t, "%s: `full` does not list the %d moves", where, n);
        return;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *item = cJSON_GetArrayItem(full, i);
        Move m = sorted[i];
        if (!cJSON_IsString(item)) {
            tally_fail(t, "%s: `full` item %d is not a string", where, i + 1);
            continue;
        }
        pos_make(p, m);
        Status st;
        pos_status(p, &st);
        pos_unmake(p);
        char got[MOVE_TEXT_MAX + 8];
        size_t len = strlen(moves[i]);
        memcpy(got, moves[i], len);
        strcpy(got + len, st.mate ? "#" : check_suffix(st.check));
        if (strcmp(got, item->valuestring))
            tally_fail(t, "%s: move written with suffix as '%s', expected '%s'", where, got, item->valuestring);
    }
}

static void check_glinski_status(Tally *t, const char *where, Position *p, const cJSON *rec)
{
    const char *status = json_string(rec, "status");
    bool ok = true;
    bool in_check = json_bool(rec, "in_check", &ok);
    Status st;
    pos_status(p, &st);
    const char *got = st.mate ? "checkmate" : st.stalemate ? "stalemate" : st.check ? "check" : "ongoing";
    if (!ok || !status || strcmp(got, status) || (st.check != CHECK_NONE) != in_check)
        tally_fail(t, "%s: status %s in_check=%d, expected %s in_check=%d", where, got, st.check != CHECK_NONE,
                   status ? status : "?", in_check);
}

/* Gliński's `desc`: per move, the captured man, en passant, double step, check, mate, stalemate. */
static void check_glinski_desc(Tally *t, const char *where, Position *p, const cJSON *desc, int n)
{
    if (!cJSON_IsArray(desc) || cJSON_GetArraySize(desc) != n) {
        tally_fail(t, "%s: `desc` does not describe the %d moves", where, n);
        return;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *d = cJSON_GetArrayItem(desc, i);
        Move m = sorted[i];
        bool ok = true;
        const char *captured = json_null_or_string(d, "capture", &ok);
        bool ep = json_bool(d, "ep", &ok), twice = json_bool(d, "double", &ok);
        bool check = json_bool(d, "check", &ok), mate = json_bool(d, "mate", &ok);
        bool stalemate = json_bool(d, "stalemate", &ok);
        Piece taken = move_kind(m) == MK_EN_PASSANT ? p->board[p->ep_victim] : p->board[move_to(m)];
        char got_captured[2] = {0};
        if (taken) {
            char c = variant_piece_letter(p->v, piece_type(taken));
            got_captured[0] = piece_color(taken) == WHITE ? c : (char)(c - 'A' + 'a');
        }
        pos_make(p, m);
        Status st;
        pos_status(p, &st);
        pos_unmake(p);
        if (!ok || !same_text(taken ? got_captured : NULL, captured) || (move_kind(m) == MK_EN_PASSANT) != ep ||
            (move_kind(m) == MK_DOUBLE) != twice || (st.check != CHECK_NONE) != check || st.mate != mate ||
            st.stalemate != stalemate)
            tally_fail(t,
                       "%s: move %s: capture=%s ep=%d double=%d check=%d mate=%d stalemate=%d, expected "
                       "capture=%s ep=%d double=%d check=%d mate=%d stalemate=%d",
                       where, moves[i], taken ? got_captured : "null", move_kind(m) == MK_EN_PASSANT,
                       move_kind(m) == MK_DOUBLE, st.check != CHECK_NONE, st.mate, st.stalemate,
                       captured ? captured : "null", ep, twice, check, mate, stalemate);
    }
}

/* The variant's own checks of one record whose moves were listed (n moves, or -1 on failure). */
typedef void (*RecordCheck)(Tally *t, const char *where, Position *p, const cJSON *rec, int n);

static void check_cescacs_record(Tally *t, const char *where, Position *p, const cJSON *rec, int n)
{
    if (n >= 0 && same_moves(t, where, cJSON_GetObjectItemCaseSensitive(rec, "moves"), n))
        check_cescacs_suffixes(t, where, p, cJSON_GetObjectItemCaseSensitive(rec, "full"), n);
    check_cescacs_status(t, where, p, cJSON_GetObjectItemCaseSensitive(rec, "status"));
}

static void check_glinski_record(Tally *t, const char *where, Position *p, const cJSON *rec, int n)
{
    if (n >= 0 && same_moves(t, where, cJSON_GetObjectItemCaseSensitive(rec, "moves"), n))
        check_glinski_desc(t, where, p, cJSON_GetObjectItemCaseSensitive(rec, "desc"), n);
    check_glinski_status(t, where, p, rec);
}

static void check_mccooey_record(Tally *t, const char *where, Position *p, const cJSON *rec, int n)
{
    if (n >= 0)
        same_moves(t, where, cJSON_GetObjectItemCaseSensitive(rec, "moves"), n);
    check_glinski_status(t, where, p, rec);
}

/* Reads every record of a positions file, checks it, and asserts how many there were. */
static void check_positions(const char *variant, const char *file, const char *key, RecordCheck check,
                            int expected_records)
{
    const Variant *v = variant_find(variant);
    assert_non_null(v);
    LineReader r;
    assert_true(reader_open(&r, file));
    Position *p = position_new();
    Tally t = {0};
    int records = 0;
    while (reader_next(&r)) {
        records++;
        char where[64];
        snprintf(where, sizeof where, "%s:%d", file, r.number);
        cJSON *rec = cJSON_Parse(r.line);
        const char *text = json_string(rec, key);
        char err[256];
        if (!text)
            tally_fail(&t, "%s: no %s", where, key);
        else if (!pos_from_text(p, v, text, err, sizeof err))
            tally_fail(&t, "%s: %s", where, err);
        else
            check(&t, where, p, rec, list_moves(&t, where, p));
        cJSON_Delete(rec);
    }
    reader_close(&r);
    free(p);
    assert_int_equal(t.failures, 0);
    assert_int_equal(records, expected_records);
}

static void test_cescacs_positions(void **state)
{
    (void)state;
    check_positions("cescacs", "cescacs/positions.jsonl", "pdtl", check_cescacs_record, 5162);
}

static void test_glinski_positions(void **state)
{
    (void)state;
    check_positions("glinski", "glinski/positions.jsonl", "fen", check_glinski_record, 1503);
}

static void test_mccooey_positions(void **state)
{
    (void)state;
    check_positions("mccooey", "mccooey/positions.jsonl", "fen", check_mccooey_record, 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cescacs_positions),
        cmocka_unit_test(test_glinski_positions),
        cmocka_unit_test(test_mccooey_positions),
    };
    return cmocka_run_group_tests_name("positions", tests, NULL, NULL);
}
