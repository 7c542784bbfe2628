/*
 * libFuzzer target: the UCI command loop. The input is a session, one command a line, run with
 * every search done at once and bounded to a hundred nodes (no clock, so a run repeats).
 * Properties: every go gets exactly one bestmove, and every output line is one line. Hash and
 * Threads are left alone: a huge table or many threads is not a bug. One session serves every
 * input (a new engine builds its evaluation tables, which is most of a run's time), put back to
 * its defaults and a new game before each.
 */
#include <ctype.h>

#include "../src/cli/ucisession.h"
#include "fuzz_common.h"

enum { FUZZ_NODES = 100, FUZZ_DEPTH = 3 };

typedef struct {
    int bestmoves;
} Output;

static void check_line(void *ctx, const char *line)
{
    Output *out = ctx;
    FUZZ_REQUIRE(!strchr(line, '\n'), "an output line holds a newline: %s", line);
    if (!strncmp(line, "bestmove ", 9))
        out->bestmoves++;
}

static bool search_now(void *ctx, UciSession *s)
{
    Output *out = ctx;
    SearchLimits *l = uci_session_limits(s);
    l->infinite = false;
    l->movetime_ms = 0;
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
    l->nodes = l->nodes && l->nodes < FUZZ_NODES ? l->nodes : FUZZ_NODES;
    l->depth = l->depth && l->depth < FUZZ_DEPTH ? l->depth : FUZZ_DEPTH;
    int before = out->bestmoves;
    uci_session_search(s);
    FUZZ_REQUIRE(out->bestmoves == before + 1, "a search wrote %d bestmoves", out->bestmoves - before);
    return true;
}

/* Searches run to their end inside search_now: there is never one to stop. */
static void nothing_to_stop(void *ctx, UciSession *s)
{
    (void)ctx;
    (void)s;
}

/* The command word of a line as the session reads it (first token of " \t\r"). */
static bool first_word_is(const char *line, size_t len, const char *word)
{
    size_t i = 0, n = strlen(word);
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
        i++;
    return len - i >= n && !memcmp(line + i, word, n) &&
           (i + n == len || line[i + n] == ' ' || line[i + n] == '\t' || line[i + n] == '\r');
}

static bool contains_ignoring_case(const char *line, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++) {
        size_t j = 0;
        while (j < n && tolower((unsigned char)line[i + j]) == word[j])
            j++;
        if (j == n)
            return true;
    }
    return false;
}

/* Text that may name the hash table or the thread pool. */
static bool names_resource(const char *text, size_t len)
{
    return contains_ignoring_case(text, len, "hash") || contains_ignoring_case(text, len, "threads");
}

/* The session changes a command line in place: it gets a copy. */
static void command(UciSession *s, const char *text)
{
    char line[256];
    snprintf(line, sizeof line, "%s", text);
    uci_session_command(s, line, strlen(line));
}

static UciSession *fresh_session(Output *out)
{
    static UciSession *s;
    if (!s) {
        UciHooks hooks = {check_line, search_now, nothing_to_stop, out};
        s = uci_session_new(&hooks, false);
        if (!s)
            abort();
        command(s, "setoption name Hash value 1");
    }
    /* The hash table and the thread pool keep their size: reallocating them per input is slow. */
    uci_session_reset_options(s, true);
    command(s, "ucinewgame");
    command(s, "position startpos");
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Output out;
    UciSession *s = fresh_session(&out);
    out.bestmoves = 0;
    char *text = fuzz_text(data, size);
    int gos = 0;
    for (char *line = text, *end; line <= text + size; line = end + 1) {
        end = memchr(line, '\n', (size_t)(text + size - line));
        if (!end)
            end = text + size;
        size_t len = (size_t)(end - line);
        *end = 0;
        if (first_word_is(line, len, "setoption") && names_resource(line, len))
            continue;
        bool go = first_word_is(line, len, "go") && !memchr(line, 0, len);
        if (!uci_session_command(s, line, len))
            break;
        gos += go;
        FUZZ_REQUIRE(out.bestmoves == gos, "%d go commands, %d bestmoves", gos, out.bestmoves);
    }
    free(text);
    return 0;
}
