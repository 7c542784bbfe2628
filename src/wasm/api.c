/*
 * The page module's C interface (make wasm: build-wasm/hexchess-module.js): the core library behind
 * a few functions of strings in, JSON text out, for web/hexchess-wasm.js. A game is passed whole on
 * every call (variant, start, castling option, bare moves, a recorded result) and replayed, so the
 * module keeps no game state and the engine's worker reads the same description as the page.
 * The JSON has the shape the server's API gives (src/server/api.c), so that the web app can use
 * either back end. Every function returns a malloc'd string that the caller frees with hx_free.
 */
#include <emscripten.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __EMSCRIPTEN_PTHREADS__
#include <emscripten/threading.h>
#include <threads.h>
#endif

#include "../core/engine/bench.h"
#include "../core/engine/search.h"
#include "../core/notation/gamefile.h"
#include "../core/notation/letters.h"
#include "../core/notation/movetext.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/notation/uimove.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/movegen.h"
#include "../core/util/quote.h"
#include "../core/util/strbuf.h"

static const char *const COLOR_NAMES[COLOR_NB] = {"white", "black"};
static const char *const SHADE_NAMES[SHADE_NB] = {[SHADE_LIGHT] = "light", [SHADE_MEDIUM] = "medium",
                                                  [SHADE_DARK] = "dark"};
static const char *const PIECE_NAMES[PIECE_TYPE_NB] = {"",       "king",   "queen",  "wyvern",   "rook",
                                                       "pegasus", "knight", "bishop", "elephant", "pawn"};

/* ---- JSON text ---- */

static void json_string(StrBuf *b, const char *s)
{
    strbuf_puts(b, "\"");
    while (*s) {
        size_t run = 0;
        while (s[run] && s[run] != '"' && s[run] != '\\' && (unsigned char)s[run] >= 0x20)
            run++;
        strbuf_put(b, s, run);
        s += run;
        if (*s == '"' || *s == '\\')
            strbuf_printf(b, "\\%c", *s++);
        else if (*s)
            strbuf_printf(b, "\\u%04x", (unsigned char)*s++);
    }
    strbuf_puts(b, "\"");
}

/* "name": "value", with the separator before every member but the first. */
static void json_key(StrBuf *b, const char *key)
{
    if (b->len && b->data[b->len - 1] != '{' && b->data[b->len - 1] != '[')
        strbuf_puts(b, ",");
    json_string(b, key);
    strbuf_puts(b, ":");
}

static void json_str_member(StrBuf *b, const char *key, const char *value)
{
    json_key(b, key);
    json_string(b, value);
}

static void json_int_member(StrBuf *b, const char *key, long long value)
{
    json_key(b, key);
    strbuf_printf(b, "%lld", value);
}

static void json_bool_member(StrBuf *b, const char *key, bool value)
{
    json_key(b, key);
    strbuf_puts(b, value ? "true" : "false");
}

static void json_item_sep(StrBuf *b)
{
    if (b->data[b->len - 1] != '[')
        strbuf_puts(b, ",");
}

static char *json_take(StrBuf *b)
{
    char *s = strbuf_take(b);
    return s ? s : strdup("{\"error\":\"out of memory\",\"status\":500}");
}

/* The error object of the server's API: the message and the HTTP status it would answer with. */
static char *json_error(int status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    StrBuf b = {0};
    strbuf_puts(&b, "{");
    json_str_member(&b, "error", msg);
    json_int_member(&b, "status", status);
    strbuf_puts(&b, "}");
    return json_take(&b);
}

EMSCRIPTEN_KEEPALIVE void hx_free(char *s) { free(s); }

/* ---- variants ---- */

static void variant_json(StrBuf *b, const Variant *v)
{
    const VariantDesc *d = v->desc;
    const Geometry *g = &v->geo;
    strbuf_puts(b, "{");
    json_str_member(b, "name", d->name);
    json_str_member(b, "title", d->title);
    json_int_member(b, "side", d->side);
    json_int_member(b, "columns", g->columns);
    json_int_member(b, "lines", g->lines);
    json_str_member(b, "notation", d->coords == COORDS_CTL ? "CTL-AN" : "coordinate");
    json_str_member(b, "record", record_format_names[d->record_format]);
    json_str_member(b, "record_extension", record_format_extensions[d->record_format]);
    json_str_member(b, "position_format", d->position_label);
    json_bool_member(b, "castling", d->castling);
    json_key(b, "promotion");
    strbuf_puts(b, "{");
    for (int c = WHITE; c <= BLACK; c++) {
        int cells[MAX_CELLS], n = variant_promotion_cells(v, c, cells);
        json_key(b, COLOR_NAMES[c]);
        strbuf_puts(b, "[");
        for (int i = 0; i < n; i++)
            strbuf_printf(b, i ? ",%d" : "%d", cells[i]);
        strbuf_puts(b, "]");
    }
    strbuf_puts(b, "}");
    json_key(b, "shades");
    strbuf_puts(b, "[");
    for (int i = 0; i < 3; i++) {
        json_item_sep(b);
        json_string(b, SHADE_NAMES[d->shades[i]]);
    }
    strbuf_puts(b, "]");
    json_key(b, "cells");
    strbuf_puts(b, "[");
    for (int c = 0; c < g->cell_count; c++) {
        char name[8];
        variant_cell_name(v, c, name);
        json_item_sep(b);
        strbuf_puts(b, "{");
        json_str_member(b, "name", name);
        json_int_member(b, "col", g->col[c]);
        json_int_member(b, "line", g->line[c]);
        json_int_member(b, "colour", g->colour[c]);
        strbuf_puts(b, "}");
    }
    strbuf_puts(b, "]");
    json_key(b, "pieces");
    strbuf_puts(b, "{");
    for (int t = KING; t < PIECE_TYPE_NB; t++) {
        char letter[2] = {d->pieces[t].letter, 0};
        if (!letter[0])
            continue;
        json_key(b, letter);
        strbuf_puts(b, "{");
        json_str_member(b, "name", PIECE_NAMES[t]);
        json_int_member(b, "value", d->pieces[t].value);
        strbuf_puts(b, "}");
    }
    strbuf_puts(b, "}");
    /* The named letter sets the game can be written in, as the server sends them. */
    json_key(b, "letters");
    strbuf_puts(b, "{");
    Letters l;
    for (int i = 0; letter_set_names[i]; i++) {
        if (!letters_named(&l, v, letter_set_names[i]))
            continue;
        json_key(b, letter_set_names[i]);
        strbuf_puts(b, "{");
        for (int t = KING; t < PIECE_TYPE_NB; t++) {
            char letter[2] = {d->pieces[t].letter, 0};
            if (letter[0])
                json_str_member(b, letter, letters_text(&l, (PieceType)t));
        }
        strbuf_puts(b, "}");
    }
    strbuf_puts(b, "}");
    json_key(b, "results");
    strbuf_puts(b, "{");
    json_str_member(b, "white_mates", d->result_win[WHITE]);
    json_str_member(b, "black_mates", d->result_win[BLACK]);
    json_str_member(b, "white_stalemates", d->result_stalemate[WHITE]);
    json_str_member(b, "black_stalemates", d->result_stalemate[BLACK]);
    json_str_member(b, "draw", d->result_draw);
    strbuf_puts(b, "}}");
}

/* Every built-in game, the default first (GET /api/variants). */
EMSCRIPTEN_KEEPALIVE char *hx_variants(void)
{
    StrBuf b = {0};
    strbuf_puts(&b, "[");
    for (int i = 0; variant_names[i]; i++) {
        json_item_sep(&b);
        variant_json(&b, variant_find(variant_names[i]));
    }
    strbuf_puts(&b, "]");
    return json_take(&b);
}

/* ---- a game, replayed ---- */

typedef struct {
    const Variant *v;
    Position pos;
    char start[POSITION_TEXT_MAX];
    char start_board[MAX_CELLS + 1];
    Verdict verdict;
} Game;

/* One character a hex, '.' when empty, upper case White: the server's board string. */
static void board_string(const Position *p, char *out)
{
    int n = p->v->geo.cell_count;
    for (int c = 0; c < n; c++) {
        Piece pc = p->board[c];
        if (!pc) {
            out[c] = '.';
            continue;
        }
        char l = variant_piece_letter(p->v, piece_type(pc));
        out[c] = piece_color(pc) == WHITE ? (char)(l & ~0x20) : (char)(l | 0x20);
    }
    out[n] = 0;
}

/* The next space-separated word of *s (advanced past it) into word; false at the end. */
static bool next_word(const char **s, char *word, size_t size, size_t *len)
{
    while (**s == ' ')
        ++*s;
    if (!**s)
        return false;
    *len = strcspn(*s, " ");
    if (*len < size) {
        memcpy(word, *s, *len);
        word[*len] = 0;
    } else {
        word[0] = 0; /* no move is that long: the caller refuses it */
    }
    *s += *len;
    return true;
}

/* Makes m, legal, writing its ply (bare and shown text, hexes, check, position and board after it)
 * into plies when not NULL. */
static void play(Game *g, Move m, StrBuf *plies)
{
    if (!plies) {
        pos_make(&g->pos, m);
        return;
    }
    char text[MOVE_TEXT_MAX], display[MOVETEXT_MAX], after[POSITION_TEXT_MAX], board[MAX_CELLS + 1];
    Letters letters;
    letters_default(&letters, g->v);
    move_to_text(&g->pos, m, text);
    movetext_write(&g->pos, m, STYLE_STANDARD, &letters, display);
    pos_make(&g->pos, m);
    pos_to_text(&g->pos, after, sizeof after);
    board_string(&g->pos, board);
    json_item_sep(plies);
    strbuf_puts(plies, "{");
    json_str_member(plies, "text", text);
    json_str_member(plies, "display", display);
    json_int_member(plies, "from", move_from(m));
    json_int_member(plies, "to", move_to(m));
    json_bool_member(plies, "check", pos_check_kind(&g->pos) != CHECK_NONE);
    json_str_member(plies, "position", after);
    json_str_member(plies, "board", board);
    strbuf_puts(plies, "}");
}

/* Sets up g from the description, plays the moves (each ply's JSON into plies when not NULL) and
 * judges the end: the board's verdict, else the recorded one. NULL, or the error's JSON. */
static char *game_load(Game *g, const char *variant, const char *start, bool castling, const char *moves,
                       const char *result, const char *reason, StrBuf *plies)
{
    char q[QUOTE_BUF_SIZE];
    g->v = variant_find(variant ? variant : "");
    if (!g->v) {
        char names[160];
        return json_error(400, "unknown variant '%s' (%s)", quote(q, variant),
                          variant_name_list(names, (int)sizeof names, ", ", " or "));
    }
    char err[256];
    if (!pos_from_text_castling(&g->pos, g->v, start && *start ? start : "startpos", castling && g->v->desc->castling,
                                err, sizeof err))
        return json_error(400, "bad %s position: %s", g->v->desc->title, err);
    pos_to_text(&g->pos, g->start, sizeof g->start);
    board_string(&g->pos, g->start_board);
    const char *s = moves ? moves : "";
    char word[MOVE_TEXT_MAX];
    size_t len;
    for (int n = 1; next_word(&s, word, sizeof word, &len); n++) {
        Move m = word[0] ? move_from_text(&g->pos, word) : MOVE_NONE;
        if (g->pos.ply >= MAX_SEARCHABLE_PLY)
            return json_error(409, "the game is longer than %d plies", MAX_SEARCHABLE_PLY);
        if (m == MOVE_NONE)
            return json_error(422, "move %d '%s' is not legal here", n, quote_bytes(q, s - len, len));
        play(g, m, plies);
    }
    if (!verdict_parse(g->v, result ? result : "*", reason ? reason : "", &g->verdict))
        arbiter_judge(&g->pos, &g->verdict);
    return NULL;
}

static bool game_over(const Game *g) { return g->verdict.outcome != OUTCOME_NONE; }

static void legal_json(StrBuf *b, Game *g)
{
    json_key(b, "legal");
    strbuf_puts(b, "[");
    MoveList ml;
    ml.count = 0;
    if (!game_over(g))
        gen_legal(&g->pos, &ml);
    for (int i = 0; i < ml.count; i++) {
        UiMove u;
        ui_move_describe(&g->pos, ml.moves[i], &u);
        json_item_sep(b);
        strbuf_puts(b, "{");
        json_str_member(b, "text", u.text);
        json_int_member(b, "from", u.from);
        json_int_member(b, "to", u.to);
        if (u.promo[0])
            json_str_member(b, "promo", u.promo);
        if (u.kind)
            json_str_member(b, "kind", u.kind);
        if (u.rook_count) {
            json_key(b, "rooks");
            strbuf_puts(b, "[");
            for (int r = 0; r < u.rook_count; r++)
                strbuf_printf(b, "%s[%d,%d]", r ? "," : "", u.rooks[r][0], u.rooks[r][1]);
            strbuf_puts(b, "]");
        }
        if (u.captured != NO_CELL)
            json_int_member(b, "captured", u.captured);
        strbuf_puts(b, "}");
    }
    strbuf_puts(b, "]");
}

static void attacks_json(StrBuf *b, const Position *p)
{
    json_key(b, "attacks");
    strbuf_puts(b, "{");
    for (int c = 0; c < COLOR_NB; c++) {
        json_key(b, COLOR_NAMES[c]);
        strbuf_puts(b, "[");
        for (int cell = 0, k = 0; cell < p->v->geo.cell_count; cell++)
            if (pos_attacked(p, cell, (Color)c))
                strbuf_printf(b, "%s%d", k++ ? "," : "", cell);
        strbuf_puts(b, "]");
    }
    strbuf_puts(b, "}");
}

/* The players' ways to end a game, or a move: "move TEXT", "resign white|black", "agree", "claim".
 * NULL when done, else the error's JSON (the server's message and status). */
static char *game_act(Game *g, const char *action, StrBuf *plies)
{
    char q[QUOTE_BUF_SIZE];
    if (!*action)
        return NULL;
    if (game_over(g))
        return json_error(409, "the game is over");
    if (!strncmp(action, "move ", 5)) {
        const char *text = action + 5;
        Move m = move_from_text(&g->pos, text);
        if (m == MOVE_NONE)
            return json_error(422, "illegal move '%s' (moves are written as the legal list shows them)",
                              quote(q, text));
        if (g->pos.ply >= MAX_SEARCHABLE_PLY)
            return json_error(409, "the game is too long");
        play(g, m, plies);
        arbiter_judge(&g->pos, &g->verdict);
        return NULL;
    }
    bool done = false;
    if (!strcmp(action, "resign white") || !strcmp(action, "resign black"))
        done = arbiter_resign(&g->pos, action[7] == 'w' ? WHITE : BLACK, &g->verdict);
    else if (!strcmp(action, "agree"))
        done = arbiter_agree_draw(&g->pos, &g->verdict);
    else if (!strcmp(action, "claim"))
        return arbiter_claim_draw(&g->pos, &g->verdict)
                   ? NULL
                   : json_error(409, "no draw can be claimed in this position");
    else
        return json_error(400, "unknown action '%s' (move TEXT, resign white|black, agree, claim)", quote(q, action));
    return done ? NULL : json_error(409, "the game is over");
}

/*
 * The game after the moves and the action (see game_act; "" for none), as the server's game
 * object: start, board, moves (text, display, from, to, check, position, board), legal, attacks,
 * turn, check, king_in_check, claimable, status, result, reason, result_text. result and reason
 * are a verdict the board cannot show (a resignation, an agreement), as an earlier call gave them.
 */
EMSCRIPTEN_KEEPALIVE char *hx_game(const char *variant, const char *start, int castling, const char *moves,
                                   const char *result, const char *reason, const char *action)
{
    Game *g = malloc(sizeof *g);
    if (!g)
        return json_error(500, "out of memory");
    StrBuf plies = {0};
    strbuf_puts(&plies, "[");
    char *err = game_load(g, variant, start, castling, moves, result, reason, &plies);
    if (!err)
        err = game_act(g, action ? action : "", &plies);
    if (err) {
        strbuf_free(&plies);
        free(g);
        return err;
    }
    strbuf_puts(&plies, "]");
    Position *p = &g->pos;
    StrBuf b = {0};
    strbuf_puts(&b, "{");
    json_str_member(&b, "variant", g->v->desc->name);
    json_str_member(&b, "title", g->v->desc->title);
    json_str_member(&b, "start", g->start);
    json_str_member(&b, "start_board", g->start_board);
    json_bool_member(&b, "castling", castling && g->v->desc->castling);
    json_str_member(&b, "turn", COLOR_NAMES[p->stm]);
    char text[POSITION_TEXT_MAX], board[MAX_CELLS + 1];
    pos_to_text(p, text, sizeof text);
    board_string(p, board);
    json_str_member(&b, "position", text);
    json_str_member(&b, "board", board);
    json_key(&b, "moves");
    char *ply_text = strbuf_take(&plies);
    strbuf_puts(&b, ply_text ? ply_text : "[]");
    free(ply_text);
    Status st;
    pos_status(p, &st);
    static const char *const check_names[] = {"none", "distant", "near", "double"};
    json_str_member(&b, "check", check_names[st.check]);
    if (p->king[p->stm] != NO_CELL && st.check != CHECK_NONE)
        json_int_member(&b, "king_in_check", p->king[p->stm]);
    char claim[32] = "none";
    if (!game_over(g) && st.claimable != DRAW_NONE)
        draw_name(g->v, st.claimable, true, claim, (int)sizeof claim);
    json_str_member(&b, "claimable", claim);
    json_str_member(&b, "status", game_over(g) ? "over" : "ongoing");
    char why[32], says[96];
    verdict_reason_text(g->v, &g->verdict, why, (int)sizeof why);
    verdict_text(g->v, &g->verdict, says, (int)sizeof says);
    json_str_member(&b, "result", outcome_text(g->v, g->verdict.outcome));
    json_str_member(&b, "reason", why);
    json_str_member(&b, "result_text", says);
    legal_json(&b, g);
    attacks_json(&b, p);
    strbuf_puts(&b, "}");
    free(g);
    return json_take(&b);
}

/* ---- records ---- */

static void words_json(StrBuf *b, const char *key, const char *words)
{
    json_key(b, key);
    strbuf_puts(b, "[");
    char word[MOVE_TEXT_MAX];
    size_t len;
    while (next_word(&words, word, sizeof word, &len)) {
        json_item_sep(b);
        json_string(b, word);
    }
    strbuf_puts(b, "]");
}

/* The first game of a CTL-PGN / PGN text, as the description hx_game takes: variant, start,
 * castling, moves (an array of bare moves), result, reason, tags ("Name=value" lines); and
 * warnings, what the reader passed over ("line N: why" each), as POST /api/games/import says. */
EMSCRIPTEN_KEEPALIVE char *hx_import(const char *text)
{
    GameFile f;
    char err[400];
    if (!gamefile_read(text, strlen(text), variant_find(variant_names[0]), &f, err, (int)sizeof err))
        return json_error(422, "%s", err);
    StrBuf b = {0};
    strbuf_puts(&b, "{");
    json_str_member(&b, "variant", f.variant->desc->name);
    json_str_member(&b, "start", f.start);
    json_bool_member(&b, "castling", f.castling);
    words_json(&b, "moves", f.moves ? f.moves : "");
    json_str_member(&b, "result", f.result);
    json_str_member(&b, "reason", f.reason);
    json_str_member(&b, "tags", f.tags ? f.tags : "");
    json_key(&b, "warnings");
    strbuf_puts(&b, "[");
    for (const char *w = f.warnings ? f.warnings : ""; *w; w = strchr(w, '\n') + 1) {
        char *line = strndup(w, strcspn(w, "\n"));
        json_item_sep(&b);
        json_string(&b, line ? line : "");
        free(line);
    }
    strbuf_puts(&b, "]}");
    gamefile_free(&f);
    return json_take(&b);
}

/* The game as its record (GET /api/games/ID/record): {"text": ..., "extension": "ctl-pgn"|"pgn"}.
 * tags are "Name=value" lines (Event, Site, Date, Round, White, Black). */
EMSCRIPTEN_KEEPALIVE char *hx_export(const char *variant, const char *start, int castling, const char *moves,
                                     const char *result, const char *tags)
{
    Game *g = malloc(sizeof *g);
    if (!g)
        return json_error(500, "out of memory");
    char *err = game_load(g, variant, start, castling, moves, result, "", NULL);
    if (err) {
        free(g);
        return err;
    }
    GameFile f = {.variant = g->v, .castling = castling && g->v->desc->castling, .moves = (char *)moves,
                  .tags = (char *)tags};
    snprintf(f.start, sizeof f.start, "%s", g->start);
    snprintf(f.result, sizeof f.result, "%s", outcome_text(g->v, g->verdict.outcome));
    free(g);
    char *text = gamefile_write(&f);
    if (!text)
        return json_error(500, "the game could not be written");
    StrBuf b = {0};
    strbuf_puts(&b, "{");
    json_str_member(&b, "text", text);
    json_str_member(&b, "extension", record_format_extensions[f.variant->desc->record_format]);
    strbuf_puts(&b, "}");
    free(text);
    return json_take(&b);
}

/* ---- the engine ---- */

static Engine *engine;

/* Calls the page's handler Module[handler] with a JSON text. */
EM_JS(void, call_handler, (const char *handler, const char *json), {
    var f = Module[UTF8ToString(handler)];
    if (f)
        f(UTF8ToString(json));
});

static void deliver_here(const char *handler, char *json)
{
    call_handler(handler, json);
    free(json);
}

/* Hands a JSON text (malloc'd, or NULL when out of memory) to the page's handler Module[handler]. */
static void deliver(const char *handler, char *json)
{
    if (!json)
        return;
#ifdef __EMSCRIPTEN_PTHREADS__
    /* A search thread has a Module of its own: the handlers are on the main one. */
    if (!emscripten_is_main_runtime_thread()) {
        emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_VII, deliver_here, handler, json);
        return;
    }
#endif
    deliver_here(handler, json);
}

/* A search asked for: the game's position, its limits, and a copy of the root to write lines from. */
typedef struct {
    Game g;
    Position scratch;
    Letters letters;
    SearchLimits limits;
} Job;

/* A line of moves from the root in both notations: bare (as the legal list) and as the move list
 * shows them. */
static void line_json(StrBuf *b, Job *j, const Move *pv, int n)
{
    StrBuf bare = {0}, shown = {0};
    int made = 0;
    for (; made < n && move_is_legal(&j->scratch, pv[made]); made++) {
        char text[MOVE_TEXT_MAX], display[MOVETEXT_MAX];
        move_to_text(&j->scratch, pv[made], text);
        movetext_write(&j->scratch, pv[made], STYLE_STANDARD, &j->letters, display);
        strbuf_printf(&bare, made ? " %s" : "%s", text);
        strbuf_printf(&shown, made ? " %s" : "%s", display);
        if (!made) {
            json_str_member(b, "best", text);
            json_int_member(b, "best_from", move_from(pv[0]));
            json_int_member(b, "best_to", move_to(pv[0]));
        }
        pos_make(&j->scratch, pv[made]);
    }
    while (made--)
        pos_unmake(&j->scratch);
    char *t = strbuf_take(&bare), *d = strbuf_take(&shown);
    json_str_member(b, "pv", t ? t : "");
    json_str_member(b, "pv_display", d ? d : "");
    free(t);
    free(d);
}

static void on_info(const SearchInfo *info, void *ctx)
{
    Job *j = ctx;
    /* White's view, as the server's analysis gives it. */
    int sign = j->scratch.stm == WHITE ? 1 : -1;
    StrBuf b = {0};
    strbuf_puts(&b, "{");
    json_int_member(&b, "multipv", info->multipv);
    json_int_member(&b, "depth", info->depth);
    json_int_member(&b, "seldepth", info->seldepth);
    json_int_member(&b, "score", sign * info->score);
    json_key(&b, "mate");
    if (info->is_mate)
        strbuf_printf(&b, "%d", sign * info->mate_moves);
    else
        strbuf_puts(&b, "null");
    json_int_member(&b, "nodes", (long long)info->nodes);
    json_int_member(&b, "nps", (long long)info->nps);
    json_int_member(&b, "time_ms", info->time_ms);
    json_int_member(&b, "hashfull", info->hashfull);
    line_json(&b, j, info->pv, info->pv_len);
    strbuf_puts(&b, "}");
    deliver("onInfo", strbuf_take(&b));
}

/* Hash and Threads reallocate (and so empty the hash table) whenever they are set: only changes are. */
static int hash_set = 16, threads_set = 1;

static bool set_option(const char *name, int value, char *err, int err_size)
{
    char text[16];
    snprintf(text, sizeof text, "%d", value);
    return engine_set_option(engine, name, text, err, err_size);
}

/* Forgets what the engine learned (its hash table): a new game. */
EMSCRIPTEN_KEEPALIVE void hx_engine_new_game(void)
{
    if (engine)
        engine_new_game(engine);
}

/* The job for a search of the game's position, with the engine's options set; NULL with the
 * error's JSON in *err. */
static Job *prepare(const char *variant, const char *start, int castling, const char *moves, int depth, int nodes,
                    int movetime_ms, int level, int multipv, int threads, int hash_mb, char **err)
{
    Job *j = malloc(sizeof *j);
    if ((!engine && !(engine = engine_new())) || !j) {
        free(j);
        *err = json_error(500, "out of memory");
        return NULL;
    }
    *err = game_load(&j->g, variant, start, castling, moves, "*", "", NULL);
    char why[128];
    if (!*err && !(set_option("Skill Level", level, why, (int)sizeof why) &&
                   set_option("MultiPV", multipv, why, (int)sizeof why) &&
                   (threads == threads_set || set_option("Threads", threads, why, (int)sizeof why)) &&
                   (hash_mb == hash_set || set_option("Hash", hash_mb, why, (int)sizeof why))))
        *err = json_error(400, "%s", why);
    if (*err) {
        free(j);
        return NULL;
    }
    threads_set = threads;
    hash_set = hash_mb;
    search_limits_init(&j->limits);
    j->limits.depth = depth;
    j->limits.nodes = (uint64_t)nodes;
    j->limits.movetime_ms = movetime_ms;
    j->limits.infinite = !depth && !nodes && !movetime_ms;
    memcpy(&j->scratch, &j->g.pos, sizeof j->scratch);
    letters_default(&j->letters, j->g.v);
    return j;
}

/* Runs the job (and frees it): {"best": TEXT, "best_from", "best_to", "nodes"}. */
static char *run(Job *j)
{
    Move best = engine_search(engine, &j->g.pos, &j->limits, on_info, j);
    StrBuf b = {0};
    strbuf_puts(&b, "{");
    if (best == MOVE_NONE) {
        json_str_member(&b, "best", "");
    } else {
        char text[MOVE_TEXT_MAX];
        move_to_text(&j->g.pos, best, text);
        json_str_member(&b, "best", text);
        json_int_member(&b, "best_from", move_from(best));
        json_int_member(&b, "best_to", move_to(best));
    }
    json_int_member(&b, "nodes", (long long)engine_last_nodes(engine));
    strbuf_puts(&b, "}");
    free(j);
    return json_take(&b);
}

/*
 * Searches the game's position within the limits (0: none; no limit at all searches until
 * hx_engine_stop), reporting each finished iteration of each line through Module.onInfo, and
 * returns {"best": TEXT, "best_from", "best_to", "nodes"} ("best" is "" when there is no legal
 * move). level is the Skill Level (0-20), multipv the number of lines, threads the search threads
 * (1 unless the module was built with threads), hash_mb the hash table.
 */
EMSCRIPTEN_KEEPALIVE char *hx_engine_search(const char *variant, const char *start, int castling, const char *moves,
                                            int depth, int nodes, int movetime_ms, int level, int multipv,
                                            int threads, int hash_mb)
{
    char *err;
    Job *j = prepare(variant, start, castling, moves, depth, nodes, movetime_ms, level, multipv, threads, hash_mb, &err);
    return j ? run(j) : err;
}

#ifdef __EMSCRIPTEN_PTHREADS__
static int search_thread(void *job)
{
    deliver("onDone", run(job));
    return 0;
}

/*
 * The same search on a thread of its own (the module built with threads): returns {} at once, or
 * the error's JSON, and hands hx_engine_search's answer to Module.onDone when the search ends, so
 * that the caller's thread stays free to stop it. One search at a time: the next starts after
 * onDone.
 */
EMSCRIPTEN_KEEPALIVE char *hx_engine_start(const char *variant, const char *start, int castling, const char *moves,
                                           int depth, int nodes, int movetime_ms, int level, int multipv,
                                           int threads, int hash_mb)
{
    char *err;
    Job *j = prepare(variant, start, castling, moves, depth, nodes, movetime_ms, level, multipv, threads, hash_mb, &err);
    if (!j)
        return err;
    /* A stop that comes before the thread starts must still stop its search. */
    engine_arm(engine);
    thrd_t t;
    if (thrd_create(&t, search_thread, j) != thrd_success) {
        free(j);
        return json_error(500, "cannot start the search thread");
    }
    thrd_detach(t);
    return strdup("{}");
}
#endif

/* Asks a running search to end with its best move so far (from another thread). */
EMSCRIPTEN_KEEPALIVE void hx_engine_stop(void)
{
    if (engine)
        engine_stop(engine);
}

/* The command line's `hexchess bench` (src/core/engine/bench.c), to measure the engine where the module runs:
 * its lines go to Module.print and Module.printErr. */
EMSCRIPTEN_KEEPALIVE int hx_bench(void) { return bench_run(BENCH_DEFAULT_DEPTH); }
