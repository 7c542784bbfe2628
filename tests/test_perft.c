/*
 * Perft: leaf counts of the legal-move tree against the data files (counts agreed on by independent
 * implementations) and the published start-position counts.
 *
 * Why a cap: the deepest data counts (Gliński start position at depth 5: 401 622 759 leaves, other
 * positions up to ~116 million) take seconds in an optimised build but minutes under AddressSanitizer.
 * A depth runs when its expected count is at most HEXCHESS_PERFT_CAP leaves (default: every depth of
 * the data); `make check-asan` sets 30 000 000. Depths 1 and 2 always run, so every position is
 * checked in every build, and the start positions always run to depth 4.
 *
 * Every built-in variant has its suite in tests/data/NAME/perft.txt, opening with its start position.
 */
#include "testutil.h"

#include "core/notation/postext.h"
#include "core/rules/perft.h"

enum { MAX_PERFT_DEPTH = 12 };

static uint64_t perft_cap(void)
{
    const char *s = getenv("HEXCHESS_PERFT_CAP");
    if (!s || !*s)
        return UINT64_MAX;
    char *end;
    unsigned long long cap = strtoull(s, &end, 10);
    return *end ? UINT64_MAX : (uint64_t)cap;
}

enum { START_DEPTH_ALWAYS = 4 };

/* Reads "POSITION ;D1 n ;D2 n ..."; returns the number of depths, or -1 when malformed. */
static int parse_perft_line(char *line, char **position, uint64_t *counts)
{
    char *semi = strchr(line, ';');
    if (!semi)
        return -1;
    char *end = semi;
    while (end > line && end[-1] == ' ')
        end--;
    *end = 0;
    *position = line;
    int depths = 0;
    for (char *s = semi; s; s = strchr(s + 1, ';')) {
        int d;
        unsigned long long n;
        if (sscanf(s, ";D%d %llu", &d, &n) != 2 || d != depths + 1 || d > MAX_PERFT_DEPTH)
            return -1;
        counts[depths++] = (uint64_t)n;
    }
    return depths;
}

static void perft_file(const Variant *v)
{
    char file[64];
    snprintf(file, sizeof file, "%s/perft.txt", v->desc->name);
    Position *start = position_new();
    pos_set_start(start, v);
    uint64_t cap = perft_cap();
    LineReader r;
    assert_true(reader_open(&r, file));
    Position *p = position_new();
    Tally t = {0};
    int positions = 0, runs = 0, skipped = 0;
    while (reader_next(&r)) {
        char *text;
        uint64_t counts[MAX_PERFT_DEPTH];
        int depths = parse_perft_line(r.line, &text, counts);
        if (depths < 1) {
            tally_fail(&t, "%s:%d: malformed perft line", file, r.number);
            continue;
        }
        positions++;
        char err[256];
        if (!pos_from_text(p, v, text, err, sizeof err)) {
            tally_fail(&t, "%s:%d: %s", file, r.number, err);
            continue;
        }
        bool is_start = positions == 1;
        if (is_start && p->key != start->key)
            tally_fail(&t, "%s:%d: the first position is not the start position", file, r.number);
        for (int d = 1; d <= depths; d++) {
            if (d > 2 && counts[d - 1] > cap && !(is_start && d <= START_DEPTH_ALWAYS)) {
                skipped++;
                continue;
            }
            runs++;
            uint64_t n = perft(p, d);
            if (n != counts[d - 1])
                tally_fail(&t, "%s:%d depth %d: %llu leaves, expected %llu (%s)", file, r.number, d,
                           (unsigned long long)n, (unsigned long long)counts[d - 1], text);
        }
    }
    reader_close(&r);
    free(p);
    free(start);
    if (skipped)
        print_message("%s: %d perft runs, %d depths above HEXCHESS_PERFT_CAP=%llu skipped\n", file, runs, skipped,
                      (unsigned long long)cap);
    assert_int_equal(t.failures, 0);
    assert_true(positions > 0);
}

static void test_perft_files(void **state)
{
    (void)state;
    for (int i = 0; variant_names[i]; i++)
        perft_file(get(variant_names[i]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_files),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}
