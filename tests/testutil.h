/*
 * Helpers shared by the test programs: where the data lives, reading it line by line, the puzzle
 * suite, collecting mismatches (so one run reports every bad record, not just the first), games the
 * engine plays against itself, comparing positions and a deterministic random generator.
 * Everything is static inline: each test file is its own program.
 */
#ifndef HEXCHESS_TESTUTIL_H
#define HEXCHESS_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "core/engine/search.h"
#include "core/rules/arbiter.h"
#include "core/rules/position.h"

/* tests/data by default (make runs from the repository root); HEXCHESS_TEST_DATA overrides it. */
static inline FILE *open_data(const char *relative)
{
    const char *dir = getenv("HEXCHESS_TEST_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "tests/data", relative);
    FILE *f = fopen(path, "r");
    if (!f)
        print_error("cannot open test data %s (run from the repository root or set HEXCHESS_TEST_DATA)\n", path);
    return f;
}

/* A built-in variant; the test fails when it is missing. */
static inline const Variant *get(const char *name)
{
    const Variant *v = variant_find(name);
    assert_non_null(v);
    return v;
}

/* The hex named exactly by name (the whole string); the test fails otherwise. */
static inline int cell(const Variant *v, const char *name)
{
    int len;
    int c = variant_parse_cell(v, name, &len);
    if (c == NO_CELL || name[len])
        print_error("%s: cannot read hex '%s'\n", v->desc->name, name);
    assert_int_not_equal(c, NO_CELL);
    assert_int_equal(len, (int)strlen(name));
    return c;
}

/* A whole data file as a NUL-terminated string (its length in *size when size is not NULL). */
static inline char *read_file(const char *relative, size_t *size)
{
    FILE *f = open_data(relative);
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = 0;
    fclose(f);
    if (size)
        *size = (size_t)n;
    return text;
}

typedef struct {
    FILE *f;
    char *line;
    size_t cap;
    int number; /* 1-based line number of the current line */
} LineReader;

static inline bool reader_open(LineReader *r, const char *relative)
{
    memset(r, 0, sizeof *r);
    r->f = open_data(relative);
    return r->f != NULL;
}

/* The next line that is neither blank nor a '#' comment, without its line end. */
static inline bool reader_next(LineReader *r)
{
    for (;;) {
        ssize_t n = getline(&r->line, &r->cap, r->f);
        if (n < 0)
            return false;
        r->number++;
        while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r'))
            r->line[--n] = 0;
        if (n > 0 && r->line[0] != '#')
            return true;
    }
}

static inline void reader_close(LineReader *r)
{
    if (r->f)
        fclose(r->f);
    free(r->line);
    memset(r, 0, sizeof *r);
}

/* One line of tests/data/puzzles.txt (tools/make_puzzles.py gives its format), split in place. */
typedef struct {
    char *variant, *kind, *position, *answer;
} Puzzle;

static inline bool puzzle_next(LineReader *r, Puzzle *z)
{
    if (!reader_next(r))
        return false;
    z->variant = strtok(r->line, ";");
    z->kind = strtok(NULL, ";");
    z->position = strtok(NULL, ";");
    z->answer = strtok(NULL, ";");
    assert_non_null(z->answer);
    return true;
}

/* Both sides play e's move at a fixed node budget (the same game on any machine, whatever its
 * load) until the rules end the game or max_plies are played; the verdict on the last position. */
static inline Verdict play_out(Engine *e, Position *p, uint64_t nodes, int max_plies)
{
    Verdict verdict;
    arbiter_judge(p, &verdict);
    for (int ply = 0; ply < max_plies && verdict.outcome == OUTCOME_NONE; ply++) {
        SearchLimits l;
        search_limits_init(&l);
        l.nodes = nodes;
        pos_make(p, engine_search(e, p, &l, NULL, NULL));
        arbiter_judge(p, &verdict);
    }
    return verdict;
}

/* Mismatches are counted and the first few printed; a test asserts the count is zero at its end. */
typedef struct {
    int failures;
} Tally;

enum { TALLY_SHOWN = 25 };

static inline void tally_fail(Tally *t, const char *fmt, ...)
{
    if (t->failures++ < TALLY_SHOWN) {
        char msg[2048];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        print_error("%s\n", msg);
    } else if (t->failures == TALLY_SHOWN + 1) {
        print_error("(further mismatches not shown)\n");
    }
}

static inline const char *json_string(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

/* Positions are large (the undo history): tests keep them in static storage or on the heap. */
static inline Position *position_new(void)
{
    Position *p = malloc(sizeof *p);
    assert_non_null(p);
    return p;
}

/* The men of colour c as a sorted list of hexes: make/unmake may reorder the piece list. */
static inline int sorted_men(const Position *p, Color c, uint8_t *out)
{
    int n = p->men_count[c];
    memcpy(out, p->men[c], (size_t)n);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* Checks that the redundant piece bookkeeping agrees with the board; returns why not, or NULL. */
static inline const char *position_consistency(const Position *p)
{
    const Geometry *g = &p->v->geo;
    uint8_t count[COLOR_NB][PIECE_TYPE_NB] = {{0}}, bishops[COLOR_NB][3] = {{0}}, men[COLOR_NB] = {0};
    uint8_t king[COLOR_NB] = {NO_CELL, NO_CELL};
    uint64_t occupied[COLOR_NB][HEX_WORDS] = {{0}}, pawns[COLOR_NB][HEX_WORDS] = {{0}};
    for (int s = 0; s < g->cell_count; s++) {
        Piece pc = p->board[s];
        if (!pc)
            continue;
        Color c = piece_color(pc);
        PieceType t = piece_type(pc);
        if (t == NO_TYPE || t >= PIECE_TYPE_NB || c > BLACK)
            return "a hex holds an invalid piece";
        hexset_add(occupied[c], s);
        if (t == PAWN)
            hexset_add(pawns[c], s);
        count[c][t]++;
        men[c]++;
        if (t == BISHOP)
            bishops[c][g->colour[s]]++;
        if (t == KING)
            king[c] = (uint8_t)s;
        if (p->man_index[s] >= p->men_count[c] || p->men[c][p->man_index[s]] != s)
            return "man_index/men disagree with the board";
        if (t != PAWN && (p->piece_index[s] >= p->piece_nb[c] || p->pieces[c][p->piece_index[s]] != s))
            return "piece_index/pieces disagree with the board";
    }
    if (memcmp(count, p->count, sizeof count))
        return "piece counts disagree with the board";
    if (memcmp(bishops, p->bishops_on, sizeof bishops))
        return "bishops_on disagrees with the board";
    if (memcmp(occupied, p->occupied, sizeof occupied) || memcmp(pawns, p->pawns, sizeof pawns))
        return "the sets of occupied hexes disagree with the board";
    for (int c = 0; c < COLOR_NB; c++) {
        if (men[c] != p->men_count[c])
            return "men_count disagrees with the board";
        if (men[c] - count[c][PAWN] != p->piece_nb[c])
            return "piece_nb disagrees with the board";
        if (count[c][KING] == 1 && king[c] != p->king[c])
            return "king hex disagrees with the board";
    }
    /* The lines' sets against a walk: the nearest man (or the wall) each way along every axis. */
    for (int s = 0; s < g->cell_count; s++)
        for (int a = 0; a < AXIS_NB; a++) {
            LineStops stops = line_stops(p, s, a);
            for (int way = 0; way < 2; way++) {
                int t = g->step[2 * a + way][s];
                while (t != NO_CELL && !p->board[t])
                    t = g->step[2 * a + way][t];
                if (g->line_hexes[g->lines_of[s][a].line][way ? stops.prev : stops.next] != t)
                    return "the lines' sets disagree with the board";
            }
        }
    if (p->key != pos_compute_key(p))
        return "incremental key differs from pos_compute_key";
    return NULL;
}

/*
 * Compares everything a position means: the board and its bookkeeping, side, rights, the one-move
 * capture rights, clocks and key; with history, also the ply and the undo records below it.
 * Returns the first difference, or NULL.
 */
static inline const char *position_difference(const Position *a, const Position *b, bool history)
{
    if (a->v != b->v)
        return "variant";
    if (memcmp(a->board, b->board, (size_t)a->v->geo.cell_count))
        return "board";
    if (memcmp(a->king, b->king, sizeof a->king))
        return "king hexes";
    if (memcmp(a->count, b->count, sizeof a->count))
        return "piece counts";
    if (memcmp(a->bishops_on, b->bishops_on, sizeof a->bishops_on))
        return "bishops by colour";
    for (int c = 0; c < COLOR_NB; c++) {
        uint8_t ma[MAX_PIECES_PER_SIDE], mb[MAX_PIECES_PER_SIDE];
        int na = sorted_men(a, (Color)c, ma), nb = sorted_men(b, (Color)c, mb);
        if (na != nb || memcmp(ma, mb, (size_t)na))
            return "piece lists";
    }
    if (a->stm != b->stm)
        return "side to move";
    if (a->rights != b->rights)
        return "castling rights";
    if (a->castling_allowed != b->castling_allowed)
        return "castling option";
    if (a->ep_victim != b->ep_victim || memcmp(a->ep_target, b->ep_target, sizeof a->ep_target))
        return "en-passant state";
    if (a->scorn_victim != b->scorn_victim || memcmp(a->scorn_capturer, b->scorn_capturer, sizeof a->scorn_capturer))
        return "scornful-pawn state";
    if (a->halfmove != b->halfmove)
        return "halfmove clock";
    if (a->fullmove != b->fullmove)
        return "move number";
    if (a->key != b->key)
        return "key";
    if (!history)
        return NULL;
    if (a->ply != b->ply)
        return "ply";
    for (int i = 0; i < a->ply; i++) {
        const Undo *x = &a->hist[i], *y = &b->hist[i];
        if (x->key != y->key || x->move != y->move || x->captured != y->captured ||
            x->captured_cell != y->captured_cell || x->rights != y->rights || x->ep_victim != y->ep_victim ||
            memcmp(x->ep_target, y->ep_target, sizeof x->ep_target) || x->scorn_victim != y->scorn_victim ||
            memcmp(x->scorn_capturer, y->scorn_capturer, sizeof x->scorn_capturer) || x->halfmove != y->halfmove)
            return "undo history";
    }
    return NULL;
}

/*
 * PDTL records a scornful pawn by its hex alone. When a second pawn of the capturing side stands
 * obliquely behind that hex with an empty hex before it, the text cannot tell which pawn was dodged,
 * and the reader lets both capture (e.g. transitions.jsonl:1587, E15-D14: C13 and E13). The made
 * position knows the one pawn dodged; this accepts it when it is among the parsed capturers, and
 * counts such cases.
 */
static inline int scorn_ambiguity(const Position *made, Position *parsed)
{
    if (made->scorn_victim == NO_CELL || made->scorn_victim != parsed->scorn_victim)
        return 0;
    if (!memcmp(made->scorn_capturer, parsed->scorn_capturer, sizeof made->scorn_capturer))
        return 0;
    for (int i = 0; i < 2; i++) {
        int c = made->scorn_capturer[i];
        if (c != NO_CELL && c != parsed->scorn_capturer[0] && c != parsed->scorn_capturer[1])
            return 0;
    }
    memcpy(parsed->scorn_capturer, made->scorn_capturer, sizeof made->scorn_capturer);
    return 1;
}

/* splitmix64: a fixed seed gives the same playouts on every machine and build. */
static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int rng_below(uint64_t *state, int n)
{
    return (int)(rng_next(state) % (uint64_t)n);
}

#endif
