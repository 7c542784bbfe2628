/*
 * The public interface (include/hexchess.h) over the core: a handle holds a game (its start, its
 * moves and the position they lead to) and, once asked to search, an engine. Text in and out, so
 * that no core type crosses the interface and the core may change beneath it.
 */
#include "../../include/hexchess.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine/search.h"
#include "../core/notation/gamefile.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/status.h"
#include "../core/util/quote.h"
#include "../core/util/strbuf.h"

#ifndef HEXCHESS_VERSION
#error "HEXCHESS_VERSION is defined by the Makefile (scripts/version.sh)"
#endif

struct hexchess_game {
    const Variant *v;
    bool castling;
    char start[GAMEFILE_TEXT_MAX];
    int plies;
    Move moves[MAX_SEARCHABLE_PLY];
    Engine *engine; /* made by the first search */
    Position pos;
};

const char *hexchess_version(void) { return HEXCHESS_VERSION; }

const char *hexchess_variant_name(int index)
{
    for (int i = 0; variant_names[i]; i++)
        if (i == index)
            return variant_names[i];
    return NULL;
}

static void say(char *err, size_t size, const char *fmt, ...)
{
    if (!err || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
}

static hexchess_game *game_new(const Variant *v, const char *start, bool castling, char *err, size_t err_size)
{
    hexchess_game *g = calloc(1, sizeof *g);
    if (!g) {
        say(err, err_size, "out of memory");
        return NULL;
    }
    g->v = v;
    g->castling = castling && v->desc->castling;
    char why[256];
    if (!pos_from_text_castling(&g->pos, v, start ? start : "startpos", g->castling, why, sizeof why)) {
        say(err, err_size, "bad %s position: %s", v->desc->title, why);
        free(g);
        return NULL;
    }
    pos_to_text(&g->pos, g->start, sizeof g->start);
    return g;
}

hexchess_game *hexchess_new(const char *variant, const char *position, char *err, size_t err_size)
{
    const Variant *v = variant_find(variant ? variant : variant_names[0]);
    if (!v) {
        char names[160], q[QUOTE_BUF_SIZE];
        say(err, err_size, "unknown variant '%s' (%s)", quote(q, variant),
            variant_name_list(names, (int)sizeof names, ", ", " or "));
        return NULL;
    }
    return game_new(v, position, true, err, err_size);
}

void hexchess_free(hexchess_game *g)
{
    if (!g)
        return;
    if (g->engine)
        engine_free(g->engine);
    free(g);
}

const char *hexchess_variant(const hexchess_game *g) { return g->v->desc->name; }

int hexchess_position(const hexchess_game *g, char *buf, size_t size)
{
    char text[GAMEFILE_TEXT_MAX];
    pos_to_text(&g->pos, text, sizeof text);
    size_t n = strlen(text);
    if (n >= size)
        return -1;
    memcpy(buf, text, n + 1);
    return (int)n;
}

int hexchess_legal_moves(hexchess_game *g, char *buf, size_t size)
{
    char(*texts)[MOVE_TEXT_MAX] = malloc(MAX_MOVES * sizeof *texts);
    if (!texts)
        return -1;
    int n = legal_moves_text(&g->pos, texts), used = 0;
    for (int i = 0; i < n && used >= 0; i++) {
        int w = snprintf(buf + used, size - (size_t)used, "%s%s", i ? " " : "", texts[i]);
        used = w < 0 || (size_t)(used + w) >= size ? -1 : used + w;
    }
    free(texts);
    if (used < 0 || size == 0)
        return -1;
    buf[used] = 0;
    return n;
}

/* The board's verdict on the current position. */
static void judge(hexchess_game *g, Verdict *vd) { arbiter_judge(&g->pos, vd); }

int hexchess_play(hexchess_game *g, const char *move, char *err, size_t err_size)
{
    Verdict vd;
    judge(g, &vd);
    if (vd.outcome != OUTCOME_NONE) {
        char why[64];
        verdict_reason_text(g->v, &vd, why, (int)sizeof why);
        say(err, err_size, "the game is over (%s)", why);
        return -1;
    }
    if (g->plies >= MAX_SEARCHABLE_PLY) {
        say(err, err_size, "the game is longer than %d plies", MAX_SEARCHABLE_PLY);
        return -1;
    }
    Move m = move ? move_from_text(&g->pos, move) : MOVE_NONE;
    if (m == MOVE_NONE) {
        char q[QUOTE_BUF_SIZE];
        say(err, err_size, "'%s' is not a legal move here", quote(q, move ? move : ""));
        return -1;
    }
    g->moves[g->plies++] = m;
    pos_make(&g->pos, m);
    return 0;
}

int hexchess_undo(hexchess_game *g)
{
    if (!g->plies)
        return -1;
    g->plies--;
    pos_unmake(&g->pos);
    return 0;
}

void hexchess_get_status(hexchess_game *g, hexchess_status *out)
{
    memset(out, 0, sizeof *out);
    Status st;
    pos_status(&g->pos, &st);
    Verdict vd;
    judge(g, &vd);
    out->white_to_move = g->pos.stm == WHITE;
    out->check = st.check != CHECK_NONE;
    out->over = vd.outcome != OUTCOME_NONE;
    out->plies = g->plies;
    out->legal_moves = st.legal_moves;
    snprintf(out->result, sizeof out->result, "%s", outcome_text(g->v, vd.outcome));
    verdict_reason_text(g->v, &vd, out->reason, (int)sizeof out->reason);
    if (vd.claimable != DRAW_NONE)
        draw_name(g->v, vd.claimable, true, out->claimable, (int)sizeof out->claimable);
    verdict_text(g->v, &vd, out->text, (int)sizeof out->text);
}

/* The game's moves from its start, bare, space separated (malloc'd), or NULL. */
static char *moves_text(const hexchess_game *g)
{
    Position *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    *p = g->pos;
    for (int i = 0; i < g->plies; i++)
        pos_unmake(p);
    StrBuf b = {0};
    char word[MOVE_TEXT_MAX];
    for (int i = 0; i < g->plies; i++) {
        move_to_text(p, g->moves[i], word);
        strbuf_printf(&b, "%s%s", i ? " " : "", word);
        pos_make(p, g->moves[i]);
    }
    free(p);
    return strbuf_take(&b);
}

char *hexchess_record_write(hexchess_game *g)
{
    GameFile f = {.variant = g->v, .castling = g->castling, .moves = moves_text(g)};
    if (!f.moves)
        return NULL;
    snprintf(f.start, sizeof f.start, "%s", g->start);
    Verdict vd;
    judge(g, &vd);
    snprintf(f.result, sizeof f.result, "%s", outcome_text(g->v, vd.outcome));
    verdict_reason_text(g->v, &vd, f.reason, (int)sizeof f.reason);
    char *text = gamefile_write(&f);
    free(f.moves);
    return text;
}

hexchess_game *hexchess_record_read(const char *text, size_t size, char *err, size_t err_size)
{
    GameFile f;
    char why[400];
    if (!gamefile_read(text, size, variant_find(variant_names[0]), &f, why, (int)sizeof why)) {
        say(err, err_size, "%s", why);
        return NULL;
    }
    hexchess_game *g = game_new(f.variant, f.start, f.castling, err, err_size);
    /* The record module has replayed the moves: each one is legal in turn. */
    for (char *tok = g ? strtok(f.moves, " ") : NULL; tok; tok = strtok(NULL, " "))
        if (hexchess_play(g, tok, err, err_size)) {
            hexchess_free(g);
            g = NULL;
            break;
        }
    gamefile_free(&f);
    return g;
}

typedef struct {
    SearchInfo last;
    bool seen;
} Collect;

static void collect(const SearchInfo *info, void *ctx)
{
    Collect *c = ctx;
    if (info->multipv == 1) {
        c->last = *info;
        c->seen = true;
    }
}

/* The line as bare moves into out, whole moves only. */
static void pv_text(const Position *root, const SearchInfo *info, char *out, size_t size)
{
    out[0] = 0;
    Position *p = malloc(sizeof *p);
    if (!p)
        return;
    *p = *root;
    size_t used = 0;
    char word[MOVE_TEXT_MAX];
    for (int i = 0; i < info->pv_len; i++) {
        int n = move_to_text(p, info->pv[i], word);
        if (used + (size_t)n + 2 > size)
            break;
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "", word);
        pos_make(p, info->pv[i]);
    }
    free(p);
}

int hexchess_search(hexchess_game *g, const hexchess_limits *limits, hexchess_search_result *out, char *err,
                    size_t err_size)
{
    memset(out, 0, sizeof *out);
    if (!g->engine && !(g->engine = engine_new())) {
        say(err, err_size, "out of memory");
        return -1;
    }
    SearchLimits l;
    search_limits_init(&l);
    l.depth = limits ? limits->depth : 0;
    l.nodes = limits ? limits->nodes : 0;
    l.movetime_ms = limits ? limits->movetime_ms : 0;
    if (!l.depth && !l.nodes && !l.movetime_ms)
        l.depth = 8;
    Collect c = {.seen = false};
    Move best = engine_search(g->engine, &g->pos, &l, collect, &c);
    if (best == MOVE_NONE) {
        say(err, err_size, "no legal move to search");
        return -1;
    }
    move_to_text(&g->pos, best, out->best);
    out->nodes = engine_last_nodes(g->engine);
    if (c.seen) {
        out->depth = c.last.depth;
        out->score_cp = c.last.is_mate ? 0 : c.last.score;
        out->mate = c.last.is_mate ? c.last.mate_moves : 0;
        pv_text(&g->pos, &c.last, out->pv, sizeof out->pv);
    }
    return 0;
}
