#include "api.h"

#include <cjson/cJSON.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/notation/gamefile.h"
#include "../core/notation/letters.h"
#include "../core/notation/uimove.h"
#include "../core/rules/movegen.h"
#include "../core/util/quote.h"
#include "../core/util/strbuf.h"
#include "accounts.h"
#include "gamefeed.h"
#include "jsonbody.h"
#include "lobby.h"
#include "rating.h"
#include "ratings.h"
#include "seats.h"
#include "throttle.h"
#include "worker.h"

struct Api {
    GameTable *games;
    Throttle *signins; /* failed sign-ins, per name and per address */
    Lobby *lobby;
    const char *cookie_flags; /* "; Secure" when the site is served over https, else "" */
};

/* The lobby's event stream is the hub's channel 0: game ids start at 1. */
enum { LOBBY_CHANNEL = 0 };

/* Sign-in failures allowed per name and per address in a minute; more are answered 429. */
enum { SIGNIN_FAILS = 5, SIGNIN_WINDOW_MS = 60000 };
static const char SESSION_COOKIE[] = "hexchess_session";

/* Who is asking, read once at the door: the request (its seat token, its watch key) and the
 * signed-in player, if any. */
typedef struct {
    const HttpRequest *req;
    char player[STORE_NAME_SIZE]; /* "" for a guest */
    bool session;                 /* the request carries a session cookie, valid or not */
} Actor;

static const char *const COLOR_NAMES[COLOR_NB + 1] = {"white", "black", NULL};
static const char *const PLAYER_NAMES[] = {"human", "engine", NULL};
static const char *const SIDE_TITLES[COLOR_NB] = {"White", "Black"};
static const char *const DRAW_ACTIONS[] = {
    [DRAW_OFFER] = "offer", [DRAW_ACCEPT] = "accept", [DRAW_DECLINE] = "decline", [DRAW_CLAIM] = "claim", NULL};
static const char *const TAKEBACK_ACTIONS[] = {
    [TAKEBACK_REQUEST] = "request", [TAKEBACK_ACCEPT] = "accept", [TAKEBACK_DECLINE] = "decline", NULL};
/* The longest time control: three hours, and a minute a move. */
enum { TIME_BASE_MIN_MS = 1000, TIME_BASE_MAX_MS = 3 * 3600 * 1000, TIME_INC_MAX_MS = 60 * 1000 };
static const char *const SHADE_NAMES[SHADE_NB] = {[SHADE_LIGHT] = "light", [SHADE_MEDIUM] = "medium",
                                                  [SHADE_DARK] = "dark"};
static const char *const PIECE_NAMES[PIECE_TYPE_NB] = {"",       "king",   "queen",  "wyvern",   "rook",
                                                       "pegasus", "knight", "bishop", "elephant", "pawn"};

/* The object as compact text (o is freed), or NULL after answering 500. */
static char *json_text(HttpResponse *res, cJSON *o)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (!text)
        http_error(res, 500, NULL, "out of memory");
    return text;
}

static void send_json(HttpResponse *res, int status, cJSON *o)
{
    char *text = json_text(res, o);
    if (!text)
        return;
    free(res->body);
    res->status = status;
    res->content_type = "application/json";
    res->body = text;
    res->len = strlen(text);
    res->no_store = true;
}

/* Each cause of a game's refusal: its status and its code. */
static const struct {
    int status;
    const char *code;
} GAME_ERRORS[GE_COUNT] = {
    [GE_OK] = {200, ""},
    [GE_BAD_REQUEST] = {400, "bad_field"},
    [GE_FORBIDDEN] = {403, "forbidden"},
    [GE_WRONG_SEAT] = {403, "not_your_seat"},
    [GE_NOT_YOUR_TURN] = {403, "not_your_turn"},
    [GE_NOT_FOUND] = {404, "no_game"},
    [GE_IN_USE] = {409, "game_in_use"},
    [GE_GAME_OVER] = {409, "game_over"},
    [GE_ENGINE_TURN] = {409, "engine_turn"},
    [GE_ENGINE_SIDE] = {409, "engine_side"},
    [GE_ENGINE_THINKING] = {409, "engine_thinking"},
    [GE_TOO_LONG] = {409, "game_too_long"},
    [GE_STALE] = {409, "game_changed"},
    [GE_TOO_LATE_TO_ABORT] = {409, "too_late_to_abort"},
    [GE_NO_OFFER] = {409, "no_offer"},
    [GE_OFFER_PENDING] = {409, "offer_pending"},
    [GE_NOTHING_TO_TAKE_BACK] = {409, "nothing_to_take_back"},
    [GE_NO_CLAIM] = {409, "no_claim"},
    [GE_NOTHING_TO_ANALYSE] = {409, "nothing_to_analyse"},
    [GE_TOO_MANY_ANALYSES] = {409, "too_many_analyses"},
    [GE_ILLEGAL] = {422, "illegal_move"},
    [GE_INTERNAL] = {500, "internal"},
};

/* Answers a game's refusal e with its message. */
static void game_error(HttpResponse *res, GameError e, const char *msg)
{
    http_error(res, GAME_ERRORS[e].status, GAME_ERRORS[e].code, "%s", msg);
}

/* ---- variants ---- */

static cJSON *variant_json(const Variant *v)
{
    const Geometry *g = &v->geo;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", v->desc->name);
    cJSON_AddStringToObject(o, "title", v->desc->title);
    cJSON_AddNumberToObject(o, "side", v->desc->side);
    cJSON_AddNumberToObject(o, "columns", g->columns);
    cJSON_AddNumberToObject(o, "lines", g->lines);
    cJSON_AddStringToObject(o, "notation", v->desc->coords == COORDS_CTL ? "CTL-AN" : "coordinate");
    cJSON_AddStringToObject(o, "record", record_format_names[v->desc->record_format]);
    cJSON_AddStringToObject(o, "record_extension", record_format_extensions[v->desc->record_format]);
    cJSON_AddStringToObject(o, "position_format", v->desc->position_label);
    cJSON_AddBoolToObject(o, "castling", v->desc->castling);
    cJSON *zones = cJSON_AddObjectToObject(o, "promotion");
    for (int c = WHITE; c <= BLACK; c++) {
        int cells[MAX_CELLS];
        cJSON_AddItemToObject(zones, COLOR_NAMES[c], cJSON_CreateIntArray(cells, variant_promotion_cells(v, c, cells)));
    }
    cJSON *shades = cJSON_AddArrayToObject(o, "shades");
    for (int i = 0; i < 3; i++)
        cJSON_AddItemToArray(shades, cJSON_CreateString(SHADE_NAMES[v->desc->shades[i]]));
    cJSON *cells = cJSON_AddArrayToObject(o, "cells");
    for (int c = 0; c < g->cell_count; c++) {
        char name[8];
        variant_cell_name(v, c, name);
        cJSON *cell = cJSON_CreateObject();
        cJSON_AddStringToObject(cell, "name", name);
        cJSON_AddNumberToObject(cell, "col", g->col[c]);
        cJSON_AddNumberToObject(cell, "line", g->line[c]);
        cJSON_AddNumberToObject(cell, "colour", g->colour[c]);
        cJSON_AddItemToArray(cells, cell);
    }
    cJSON *pieces = cJSON_AddObjectToObject(o, "pieces");
    for (int t = KING; t < PIECE_TYPE_NB; t++) {
        char l = v->desc->pieces[t].letter;
        if (!l)
            continue;
        char key[2] = {l, 0};
        cJSON *pc = cJSON_AddObjectToObject(pieces, key);
        cJSON_AddStringToObject(pc, "name", PIECE_NAMES[t]);
        cJSON_AddNumberToObject(pc, "value", v->desc->pieces[t].value);
    }
    /* The named letter sets the variant can be written in, each as {variant's letter: set's}: the page
     * writes moves with the set of its language. */
    cJSON *sets = cJSON_AddObjectToObject(o, "letters");
    for (int i = 0; letter_set_names[i]; i++) {
        Letters l;
        if (!letters_named(&l, v, letter_set_names[i]))
            continue;
        cJSON *set = cJSON_AddObjectToObject(sets, letter_set_names[i]);
        for (int t = KING; t < PIECE_TYPE_NB; t++) {
            char key[2] = {v->desc->pieces[t].letter, 0};
            if (key[0])
                cJSON_AddStringToObject(set, key, letters_text(&l, (PieceType)t));
        }
    }
    cJSON *res = cJSON_AddObjectToObject(o, "results");
    cJSON_AddStringToObject(res, "white_mates", v->desc->result_win[WHITE]);
    cJSON_AddStringToObject(res, "black_mates", v->desc->result_win[BLACK]);
    cJSON_AddStringToObject(res, "white_stalemates", v->desc->result_stalemate[WHITE]);
    cJSON_AddStringToObject(res, "black_stalemates", v->desc->result_stalemate[BLACK]);
    cJSON_AddStringToObject(res, "draw", v->desc->result_draw);
    return o;
}

static void get_variants(HttpResponse *res)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; variant_names[i]; i++)
        cJSON_AddItemToArray(arr, variant_json(variant_find(variant_names[i])));
    send_json(res, 200, arr);
}

/* ---- game state ---- */

static cJSON *cells_json(const int *cells, int n)
{
    return cJSON_CreateIntArray(cells, n);
}

static void add_legal_moves(cJSON *o, ServerGame *g)
{
    cJSON *arr = cJSON_AddArrayToObject(o, "legal");
    if (sgame_over(g))
        return;
    MoveList ml;
    gen_legal(g->pos, &ml);
    for (int i = 0; i < ml.count; i++) {
        UiMove u;
        ui_move_describe(g->pos, ml.moves[i], &u);
        cJSON *mv = cJSON_CreateObject();
        cJSON_AddStringToObject(mv, "text", u.text);
        cJSON_AddNumberToObject(mv, "from", u.from);
        cJSON_AddNumberToObject(mv, "to", u.to);
        if (u.promo[0])
            cJSON_AddStringToObject(mv, "promo", u.promo);
        if (u.kind)
            cJSON_AddStringToObject(mv, "kind", u.kind);
        cJSON *rooks = u.rook_count ? cJSON_AddArrayToObject(mv, "rooks") : NULL;
        for (int r = 0; r < u.rook_count; r++)
            cJSON_AddItemToArray(rooks, cells_json(u.rooks[r], 2));
        if (u.captured != NO_CELL)
            cJSON_AddNumberToObject(mv, "captured", u.captured);
        cJSON_AddItemToArray(arr, mv);
    }
}

static void add_attacks(cJSON *o, const Position *p)
{
    cJSON *att = cJSON_AddObjectToObject(o, "attacks");
    int n = p->v->geo.cell_count;
    int cells[MAX_CELLS];
    for (int c = 0; c < COLOR_NB; c++) {
        int k = 0;
        for (int cell = 0; cell < n; cell++)
            if (pos_attacked(p, cell, (Color)c))
                cells[k++] = cell;
        cJSON_AddItemToObject(att, COLOR_NAMES[c], cells_json(cells, k));
    }
}

static cJSON *sgame_json(ServerGame *g, bool full)
{
    Position *p = g->pos;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)g->rec.id);
    cJSON_AddStringToObject(o, "variant", g->v->desc->name);
    cJSON_AddStringToObject(o, "title", g->v->desc->title);
    cJSON_AddNumberToObject(o, "version", (double)g->rec.version);
    cJSON_AddStringToObject(o, "start", g->start_text);
    cJSON_AddStringToObject(o, "start_board", g->start_board);
    cJSON_AddBoolToObject(o, "castling", g->rec.castling);
    cJSON_AddStringToObject(o, "white", g->rec.engine[WHITE] ? "engine" : "human");
    cJSON_AddStringToObject(o, "black", g->rec.engine[BLACK] ? "engine" : "human");
    cJSON_AddNumberToObject(o, "level", g->rec.level);
    cJSON_AddNumberToObject(o, "movetime", g->rec.movetime_ms);
    cJSON_AddStringToObject(o, "turn", COLOR_NAMES[p->stm]);
    char text[POSITION_TEXT_MAX];
    pos_to_text(p, text, sizeof text);
    cJSON_AddStringToObject(o, "position", text);
    char board[MAX_CELLS + 1];
    sgame_board_string(p, board);
    cJSON_AddStringToObject(o, "board", board);
    cJSON *moves = cJSON_AddArrayToObject(o, "moves");
    for (int i = 0; i < g->ply_count; i++) {
        const Ply *ply = &g->plies[i];
        cJSON *m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "text", ply->text);
        cJSON_AddStringToObject(m, "display", ply->display);
        cJSON_AddNumberToObject(m, "from", ply->from);
        cJSON_AddNumberToObject(m, "to", ply->to);
        cJSON_AddBoolToObject(m, "check", ply->check);
        if (full) {
            cJSON_AddStringToObject(m, "position", ply->position);
            cJSON_AddStringToObject(m, "board", ply->board);
        }
        cJSON_AddItemToArray(moves, m);
    }
    Status st;
    pos_status(p, &st);
    static const char *const check_names[] = {"none", "distant", "near", "double"};
    cJSON_AddStringToObject(o, "check", check_names[st.check]);
    if (p->king[p->stm] != NO_CELL && st.check != CHECK_NONE)
        cJSON_AddNumberToObject(o, "king_in_check", p->king[p->stm]);
    char claim[32] = "none";
    if (!sgame_over(g) && st.claimable != DRAW_NONE)
        draw_name(g->v, st.claimable, true, claim, (int)sizeof claim);
    cJSON_AddStringToObject(o, "claimable", claim);
    cJSON_AddStringToObject(o, "status", sgame_over(g) ? "over" : "ongoing");
    cJSON_AddStringToObject(o, "result", g->rec.result);
    cJSON_AddStringToObject(o, "reason", g->rec.reason);
    char rt[96];
    sgame_result_text(g, rt, (int)sizeof rt);
    cJSON_AddStringToObject(o, "result_text", rt);
    cJSON_AddItemToObject(o, "draw_offer", feed_side_json(g->rec.draw_offer));
    cJSON_AddItemToObject(o, "takeback_offer", feed_side_json(g->rec.takeback_offer));
    cJSON_AddItemToObject(o, "time_control", feed_time_control_json(g));
    cJSON *seats = cJSON_AddObjectToObject(o, "seats");
    for (int c = WHITE; c <= BLACK; c++)
        cJSON_AddStringToObject(seats, COLOR_NAMES[c],
                                g->rec.engine[c] ? "engine" : g->rec.seat_hash[c][0] ? "token" : "open");
    cJSON_AddBoolToObject(o, "rated", g->rec.rated);
    cJSON *players = cJSON_AddObjectToObject(o, "players");
    for (int c = WHITE; c <= BLACK; c++)
        cJSON_AddItemToObject(players, COLOR_NAMES[c],
                              g->rec.player[c][0] ? cJSON_CreateString(g->rec.player[c]) : cJSON_CreateNull());
    /* Who sees the game may pass its key on (a player, to invite watchers). */
    if (g->rec.watch_key[0])
        cJSON_AddStringToObject(o, "watch_key", g->rec.watch_key);
    if (g->rec.rematch)
        cJSON_AddNumberToObject(o, "rematch", (double)g->rec.rematch);
    else
        cJSON_AddNullToObject(o, "rematch");
    cJSON_AddBoolToObject(o, "thinking", g->thinking || sgame_engine_to_move(g));
    cJSON_AddBoolToObject(o, "waiting", worker_waiting(g));
    cJSON_AddItemToObject(o, "analysis", feed_analysis_json(g));
    if (full) {
        add_legal_moves(o, g);
        add_attacks(o, p);
    }
    cJSON_AddNumberToObject(o, "created", (double)g->rec.created);
    cJSON_AddNumberToObject(o, "updated", (double)g->rec.updated);
    return o;
}

/* Sends the full state of a game. Reads far outnumber changes, so the text is kept until the game,
 * its analysis or the engine's thinking changes; the clock, which changes by itself, and the extra
 * members (an object or NULL, freed here) are joined to it as it is sent. */
static void send_game_with(ServerGame *g, HttpResponse *res, int status, cJSON *extra)
{
    if (!extra)
        extra = cJSON_CreateObject();
    cJSON_AddItemToObject(extra, "clock", feed_clock_json(g));
    const Analysis *an = &g->analysis;
    uint64_t key[4] = {g->rec.version, an->serial,
                       (uint64_t)an->depth << 2 | (uint64_t)an->running << 1 | an->requested,
                       (uint64_t)worker_waiting(g) | (uint64_t)g->thinking << 1 |
                           (uint64_t)(an->nodes & 0xffffffff) << 2};
    if (!g->json || memcmp(key, g->json_key, sizeof key)) {
        char *text = json_text(res, sgame_json(g, true));
        if (!text) {
            cJSON_Delete(extra);
            return;
        }
        free(g->json);
        g->json = text;
        memcpy(g->json_key, key, sizeof key);
    }
    char *tail = json_text(res, extra);
    if (!tail)
        return;
    /* {cached...} and {tail...} make {cached..., tail...}: both objects have members. */
    size_t n = strlen(g->json), m = strlen(tail);
    char *text = malloc(n + m);
    if (!text) {
        free(tail);
        http_error(res, 500, NULL, "out of memory");
        return;
    }
    memcpy(text, g->json, n - 1);
    text[n - 1] = ',';
    memcpy(text + n, tail + 1, m - 1);
    text[n + m - 1] = 0;
    free(tail);
    free(res->body);
    res->status = status;
    res->content_type = "application/json";
    res->body = text;
    res->len = n + m - 1;
    res->no_store = true;
}

static void send_game(ServerGame *g, HttpResponse *res, int status) { send_game_with(g, res, status, NULL); }

/* ---- request bodies ---- */

/* Reads the body as an object with the given fields; false after answering 400. */
static bool read_body(JsonBody *b, const HttpRequest *req, const char *const *fields, HttpResponse *res)
{
    if (body_parse(b, http_body(req), http_body_len(req), fields))
        return true;
    http_error(res, 400, "bad_json", "%s", b->error);
    body_free(b);
    return false;
}

/* The fields a new game and an imported one share: who plays each side, the engine's settings and
 * the time control. */
static void read_players(JsonBody *b, GameSpec *spec, const GameLimits *lim)
{
    body_int(b, "time_base", BODY_OPTIONAL, 0, TIME_BASE_MAX_MS, &spec->time_base_ms);
    body_int(b, "time_increment", BODY_OPTIONAL, 0, TIME_INC_MAX_MS, &spec->time_inc_ms);
    if (!b->error[0] && spec->time_base_ms && spec->time_base_ms < TIME_BASE_MIN_MS)
        snprintf(b->error, sizeof b->error, "time_base must be 0 (no clock) or from %d to %d milliseconds",
                 TIME_BASE_MIN_MS, TIME_BASE_MAX_MS);
    if (!b->error[0] && spec->time_inc_ms && !spec->time_base_ms)
        snprintf(b->error, sizeof b->error, "time_increment needs a time_base");
    int white = 0, black = 0;
    body_enum(b, "white", BODY_OPTIONAL, PLAYER_NAMES, &white);
    body_enum(b, "black", BODY_OPTIONAL, PLAYER_NAMES, &black);
    spec->engine[WHITE] = white == 1;
    spec->engine[BLACK] = black == 1;
    spec->level = 20;
    spec->movetime_ms = lim->max_think_ms < 1000 ? lim->max_think_ms : 1000;
    body_int(b, "level", BODY_OPTIONAL, 0, 20, &spec->level);
    body_int(b, "movetime", BODY_OPTIONAL, 50, lim->max_think_ms, &spec->movetime_ms);
}

/* Answers 400 with the body's first refusal; true when there was none. */
static bool body_ok(JsonBody *b, HttpResponse *res)
{
    if (!b->error[0])
        return true;
    http_error(res, 400, "bad_field", "%s", b->error);
    return false;
}

/* A decimal count from a path or query (s, len bytes): digits only, from lo to hi; false after
 * answering 400. */
static bool read_decimal(const char *what, const char *s, size_t len, int64_t lo, int64_t hi, int64_t *out,
                         HttpResponse *res)
{
    int64_t n = 0;
    bool ok = len > 0;
    for (size_t i = 0; ok && i < len; i++) {
        ok = s[i] >= '0' && s[i] <= '9' && n <= (hi - (s[i] - '0')) / 10;
        if (ok)
            n = n * 10 + (s[i] - '0');
    }
    if (ok && n >= lo) {
        *out = n;
        return true;
    }
    char q[QUOTE_BUF_SIZE];
    http_error(res, 400, "bad_field", "%s must be an integer from %lld to %lld, not '%s'", what, (long long)lo, (long long)hi,
               quote_bytes(q, s, len));
    return false;
}

static bool query_int(const HttpRequest *req, const char *key, int lo, int hi, int *out, HttpResponse *res)
{
    const char *s = http_query(req, key);
    int64_t n = *out;
    if (s && !read_decimal(key, s, strlen(s), lo, hi, &n, res))
        return false;
    *out = (int)n;
    return true;
}

/* ---- handlers ---- */

/* The tokens of a new game's human seats, whose hashes the spec points to. */
typedef struct {
    char token[COLOR_NB][SEAT_TOKEN_LEN + 1];
    char hash[COLOR_NB][SEAT_HASH_LEN + 1];
    char watch_key[WATCH_KEY_LEN + 1];
} NewSeats;

/* A game made here is unlisted: watched by its key, played by its tokens. */
static bool new_seats(GameSpec *spec, NewSeats *seats)
{
    if (!watch_key_new(seats->watch_key))
        return false;
    spec->watch_key = seats->watch_key;
    for (int c = WHITE; c <= BLACK; c++) {
        seats->token[c][0] = seats->hash[c][0] = 0;
        if (!spec->engine[c] && !seat_token_new(seats->token[c], seats->hash[c]))
            return false;
        spec->seat_hash[c] = seats->hash[c];
    }
    return true;
}

/* An array of the text's lines ("a\nb\n": ["a", "b"]). */
static cJSON *lines_json(const char *text)
{
    cJSON *a = cJSON_CreateArray();
    for (const char *s = text; a && *s;) {
        size_t n = strcspn(s, "\n");
        char *line = strndup(s, n);
        cJSON_AddItemToArray(a, cJSON_CreateString(line ? line : ""));
        free(line);
        s += n + (s[n] ? 1 : 0);
    }
    return a;
}

/* Answers a game creation: 201 with the new game, its seats' tokens and links (the only time the
 * tokens are told), or the error that stopped it. */
static void answer_created(GameTable *t, ServerGame *g, const NewSeats *seats, const char *warnings, GameError ge,
                           const char *err, HttpResponse *res)
{
    if (!g) {
        game_error(res, ge, err);
        return;
    }
    cJSON *extra = cJSON_CreateObject();
    if (warnings)
        cJSON_AddItemToObject(extra, "warnings", lines_json(warnings));
    cJSON *tokens = cJSON_AddObjectToObject(extra, "tokens");
    cJSON *links = cJSON_AddObjectToObject(extra, "links");
    char link[SEAT_TOKEN_LEN + 64];
    for (int c = WHITE; c <= BLACK; c++) {
        if (!seats->token[c][0])
            continue;
        cJSON_AddStringToObject(tokens, COLOR_NAMES[c], seats->token[c]);
        snprintf(link, sizeof link, "/#/game/%lld/%s/%s", (long long)g->rec.id, COLOR_NAMES[c], seats->token[c]);
        cJSON_AddStringToObject(links, COLOR_NAMES[c], link);
    }
    snprintf(link, sizeof link, "/#/game/%lld/watch/%s", (long long)g->rec.id, g->rec.watch_key);
    cJSON_AddStringToObject(links, "watch", link);
    send_game_with(g, res, 201, extra);
    games_release(t, g);
}

/* Creates the game of spec with new seat tokens and answers; an imported game's answer carries
 * the record reader's warnings (lines of text, "" for none). */
static void create_and_answer(GameTable *t, GameSpec *spec, const char *warnings, HttpResponse *res)
{
    NewSeats seats;
    if (!new_seats(spec, &seats)) {
        http_error(res, 500, NULL, "no random bits for the seats' tokens");
        return;
    }
    GameError ge;
    char err[400];
    ServerGame *g = games_create(t, spec, &ge, err, (int)sizeof err);
    answer_created(t, g, &seats, warnings, ge, err, res);
}

/* A signed-in creator's seat is bound to them: the one human seat, or the one "seat" names (a game
 * for a friend). Two on one screen bind none. */
static void bind_creator(JsonBody *b, const Actor *who, GameSpec *spec)
{
    int seat = -1;
    body_enum(b, "seat", BODY_OPTIONAL, COLOR_NAMES, &seat);
    if (seat < 0 && spec->engine[WHITE] != spec->engine[BLACK])
        seat = spec->engine[WHITE] ? BLACK : WHITE;
    if (who->player[0] && seat >= 0 && !spec->engine[seat])
        spec->player[seat] = who->player;
}

static void create_game(GameTable *t, const Actor *who, HttpResponse *res)
{
    static const char *const fields[] = {"variant",  "position", "castling",  "moves",          "white",
                                         "black",    "level",    "movetime",  "time_base",      "time_increment",
                                         "seat",     NULL};
    JsonBody b;
    if (!read_body(&b, who->req, fields, res))
        return;
    int variant = 0;
    char *moves = NULL;
    GameSpec spec = {.castling = true};
    body_enum(&b, "variant", BODY_OPTIONAL, variant_names, &variant);
    body_string(&b, "position", BODY_OPTIONAL, &spec.position);
    body_bool(&b, "castling", BODY_OPTIONAL, &spec.castling);
    body_words(&b, "moves", BODY_OPTIONAL, &moves);
    read_players(&b, &spec, games_limits(t));
    bind_creator(&b, who, &spec);
    if (body_ok(&b, res)) {
        spec.variant = variant_names[variant];
        spec.moves = moves;
        create_and_answer(t, &spec, NULL, res);
    }
    free(moves);
    body_free(&b);
}

typedef struct {
    cJSON *arr;
    int n_ids;
    const int64_t *ids;
    char (*keys)[WATCH_KEY_LEN + 1]; /* the key given with each id, "" for none */
} ListCtx;

/* An unlisted game is listed only with its key. */
static bool row_shown(const ListCtx *lc, const StoredSummary *row)
{
    if (!row->watch_key || !row->watch_key[0])
        return true;
    for (int i = 0; i < lc->n_ids; i++)
        if (lc->ids[i] == row->id && watch_key_matches(lc->keys[i], row->watch_key))
            return true;
    return false;
}

static void list_row(const StoredSummary *row, void *ctx)
{
    ListCtx *lc = ctx;
    if (!row_shown(lc, row))
        return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)row->id);
    cJSON_AddStringToObject(o, "variant", row->variant ? row->variant : "");
    const Variant *v = variant_find(row->variant ? row->variant : "");
    cJSON_AddStringToObject(o, "title", v ? v->desc->title : "");
    cJSON_AddStringToObject(o, "white", row->engine[WHITE] ? "engine" : "human");
    cJSON_AddStringToObject(o, "black", row->engine[BLACK] ? "engine" : "human");
    cJSON_AddStringToObject(o, "result", row->result ? row->result : "*");
    cJSON_AddStringToObject(o, "reason", row->reason ? row->reason : "");
    cJSON_AddNumberToObject(o, "plies", row->plies);
    cJSON_AddNumberToObject(o, "created", (double)row->created);
    cJSON_AddNumberToObject(o, "updated", (double)row->updated);
    cJSON_AddItemToArray(lc->arr, o);
}

/* ids=ID[:KEY],...: the games a page holds seats or keys of. false after answering 400. */
static bool read_id_list(const char *s, int64_t *ids, char (*keys)[WATCH_KEY_LEN + 1], int *n, HttpResponse *res)
{
    *n = 0;
    while (*s) {
        size_t len = strcspn(s, ",");
        size_t id_len = strcspn(s, ",:");
        if (*n == STORE_LIST_IDS_MAX) {
            http_error(res, 400, "bad_field", "ids names more than %d games", STORE_LIST_IDS_MAX);
            return false;
        }
        if (!read_decimal("an id of ids", s, id_len, 1, INT64_MAX, &ids[*n], res))
            return false;
        size_t key_len = id_len < len ? len - id_len - 1 : 0;
        snprintf(keys[*n], WATCH_KEY_LEN + 1, "%.*s", (int)(key_len <= WATCH_KEY_LEN ? key_len : 0), s + id_len + 1);
        ++*n;
        s += len + (s[len] ? 1 : 0);
    }
    return true;
}

static void list_games(GameTable *t, const HttpRequest *req, HttpResponse *res)
{
    int limit = 50, offset = 0;
    if (!query_int(req, "limit", 1, 500, &limit, res) || !query_int(req, "offset", 0, 1 << 30, &offset, res))
        return;
    static _Thread_local int64_t ids[STORE_LIST_IDS_MAX];
    static _Thread_local char keys[STORE_LIST_IDS_MAX][WATCH_KEY_LEN + 1];
    const char *id_list = http_query(req, "ids");
    ListCtx lc = {.ids = ids, .keys = keys};
    if (id_list && !read_id_list(id_list, ids, keys, &lc.n_ids, res))
        return;
    cJSON *o = cJSON_CreateObject();
    lc.arr = cJSON_AddArrayToObject(o, "games");
    if (store_list(games_store(t), id_list ? ids : NULL, lc.n_ids, limit, offset, list_row, &lc) < 0) {
        cJSON_Delete(o);
        http_error(res, 500, NULL, "the game store failed");
        return;
    }
    cJSON_AddNumberToObject(o, "total", id_list ? cJSON_GetArraySize(lc.arr) : (double)store_count(games_store(t)));
    send_json(res, 200, o);
}

/* The labels of a game's record: those kept from an import, and its players unless kept. */
static char *record_tags(const ServerGame *g)
{
    StrBuf tags = {0};
    const char *kept = g->rec.tags ? g->rec.tags : "";
    strbuf_puts(&tags, kept);
    static const char *const players[] = {"White", "Black"};
    for (int c = WHITE; c <= BLACK; c++) {
        char name[8];
        snprintf(name, sizeof name, "%s=", players[c]);
        if (strstr(kept, name)) /* kept values have no '=': this is the label */
            continue;
        if (g->rec.engine[c])
            strbuf_printf(&tags, "%shexchess (level %d)\n", name, g->rec.level);
        else
            strbuf_printf(&tags, "%s%s\n", name, players[c]);
    }
    return strbuf_take(&tags);
}

static void send_record(ServerGame *g, HttpResponse *res)
{
    GameFile f = {.variant = g->v, .castling = g->rec.castling, .moves = g->rec.moves, .tags = record_tags(g)};
    snprintf(f.start, sizeof f.start, "%s", g->start_text);
    snprintf(f.result, sizeof f.result, "%s", g->rec.result);
    char *text = f.tags ? gamefile_write(&f) : NULL;
    free(f.tags);
    if (!text) {
        http_error(res, 500, NULL, "the game could not be written");
        return;
    }
    free(res->body);
    res->status = 200;
    res->content_type = "text/plain; charset=utf-8";
    res->body = text;
    res->len = strlen(text);
    res->no_store = true;
    snprintf(res->filename, sizeof res->filename, "hexchess-%lld.%s", (long long)g->rec.id,
             record_format_extensions[g->v->desc->record_format]);
}

static void import_game(GameTable *t, const HttpRequest *req, HttpResponse *res)
{
    static const char *const fields[] = {"text",     "white",     "black",          "level",
                                         "movetime", "time_base", "time_increment", NULL};
    JsonBody b;
    if (!read_body(&b, req, fields, res))
        return;
    const char *text = NULL;
    GameSpec spec = {0};
    body_string(&b, "text", BODY_REQUIRED, &text);
    read_players(&b, &spec, games_limits(t));
    if (!body_ok(&b, res)) {
        body_free(&b);
        return;
    }
    GameFile f;
    char err[400];
    if (gamefile_read(text, strlen(text), variant_find(variant_names[0]), &f, err, (int)sizeof err)) {
        spec.variant = f.variant->desc->name;
        spec.position = f.start;
        spec.castling = f.castling;
        spec.moves = f.moves;
        spec.tags = f.tags;
        spec.result = f.result;
        spec.reason = f.reason;
        create_and_answer(t, &spec, f.warnings ? f.warnings : "", res);
        gamefile_free(&f);
    } else {
        http_error(res, 422, "bad_record", "%s", err);
    }
    body_free(&b);
}

/* The actions on one game, their methods and the body fields each takes. */
static const struct {
    const char *action, *method;
    const char *fields[3];
} ACTIONS[] = {
    {"", "GET", {NULL}},
    {"", "DELETE", {NULL}},
    {"moves", "POST", {"move", NULL}},
    {"undo", "POST", {"action", "side", NULL}},
    {"resign", "POST", {"side", NULL}},
    {"abort", "POST", {"side", NULL}},
    {"draw", "POST", {"action", "side", NULL}},
    {"analysis", "POST", {"movetime", "ply", NULL}},
    {"analysis", "DELETE", {NULL}},
    {"rematch", "POST", {NULL}},
    {"record", "GET", {NULL}},
    {"events", "GET", {NULL}},
};

/* ---- seats ---- */

/* Is side's seat the signed-in player's? */
static bool player_seat(const ServerGame *g, int side, const Actor *who)
{
    return who->player[0] && !strcmp(who->player, g->rec.player[side]);
}

/* The seat the request's token or its player opens, or -1. */
static int held_seat(const ServerGame *g, const Actor *who)
{
    for (int c = WHITE; c <= BLACK; c++)
        if ((g->rec.seat_hash[c][0] && seat_token_matches(http_bearer(who->req), g->rec.seat_hash[c])) ||
            player_seat(g, c, who))
            return c;
    return -1;
}

/* May the request see the game at all? A public game is anyone's to watch; an unlisted one needs
 * its watch key (?key=), a seat's token or its player. To the others it does not exist. */
static bool may_see(const ServerGame *g, const Actor *who)
{
    return !g->rec.watch_key[0] || watch_key_matches(http_query(who->req, "key"), g->rec.watch_key) ||
           held_seat(g, who) >= 0;
}

/* May the request act for side? A seat without a token is anyone's: the engine's (the game then
 * refuses with its own reason) and those of a game saved before seats existed. */
static GameError check_seat(const ServerGame *g, Color side, const Actor *who, char *err, int err_size)
{
    const HttpRequest *req = who->req;
    if (!g->rec.seat_hash[side][0] || seat_token_matches(http_bearer(req), g->rec.seat_hash[side]) ||
        player_seat(g, side, who))
        return GE_OK;
    int held = held_seat(g, who);
    if (!http_bearer(req) && held >= 0)
        snprintf(err, (size_t)err_size, "%s plays %s, not %s", who->player, SIDE_TITLES[held], SIDE_TITLES[side]);
    else if (!http_bearer(req))
        snprintf(err, (size_t)err_size, "%s's seat needs its token (Authorization: Bearer TOKEN)", SIDE_TITLES[side]);
    else if (held >= 0)
        snprintf(err, (size_t)err_size, "the token is %s's seat's, not %s's", SIDE_TITLES[held], SIDE_TITLES[side]);
    else
        snprintf(err, (size_t)err_size, "the token opens no seat of this game");
    return held >= 0 ? GE_WRONG_SEAT : GE_FORBIDDEN;
}

/* Requests about the whole game (analysis, rematch, deletion) take either player's token; a game
 * with no seat token (engine against engine, or saved before seats) is anyone's. */
static GameError check_player(const ServerGame *g, const Actor *who, char *err, int err_size)
{
    if ((!g->rec.seat_hash[WHITE][0] && !g->rec.seat_hash[BLACK][0]) || held_seat(g, who) >= 0)
        return GE_OK;
    snprintf(err, (size_t)err_size, http_bearer(who->req) ? "the token opens no seat of this game"
                                                          : "this needs a player's token (Authorization: Bearer TOKEN)");
    return GE_FORBIDDEN;
}

/* The side an action is for: the body's "side"; else the seat of the token or player; else the default. */
static Color read_side(JsonBody *b, const ServerGame *g, const Actor *who, int fallback)
{
    int held = held_seat(g, who);
    int s = held >= 0 ? held : fallback;
    body_enum(b, "side", BODY_OPTIONAL, COLOR_NAMES, &s);
    return (Color)s;
}

/* With no token and no side given: the one human, else the side to move. */
static int default_side(const ServerGame *g)
{
    return g->rec.engine[WHITE] != g->rec.engine[BLACK] ? (g->rec.engine[WHITE] ? BLACK : WHITE) : g->pos->stm;
}

/* Runs a POST action on an acquired game; GE_OK, or an error with its message. The body is read
 * first (400), then the seat checked (403), then the game acts. */
static GameError game_action(ServerGame *g, const char *action, JsonBody *b, const Actor *who, char *err,
                             int err_size)
{
    GameError e;
    if (!strcmp(action, "moves")) {
        const char *mv = NULL;
        body_string(b, "move", BODY_REQUIRED, &mv);
        if (b->error[0])
            return GE_BAD_REQUEST;
        /* The other seat's holder tries to move out of turn. */
        if ((e = check_seat(g, g->pos->stm, who, err, err_size)) != GE_OK)
            return e == GE_WRONG_SEAT ? GE_NOT_YOUR_TURN : e;
        return sgame_play(g, mv, err, err_size);
    }
    if (!strcmp(action, "undo")) {
        int what = TAKEBACK_REQUEST;
        body_enum(b, "action", BODY_OPTIONAL, TAKEBACK_ACTIONS, &what);
        /* Without a side, a reply goes to the pending request. */
        int asking = g->rec.takeback_offer;
        Color side = read_side(b, g, who, what != TAKEBACK_REQUEST && asking >= 0 ? !asking : default_side(g));
        if (b->error[0])
            return GE_BAD_REQUEST;
        if ((e = check_seat(g, side, who, err, err_size)) != GE_OK)
            return e;
        return sgame_takeback(g, (TakebackAction)what, side, err, err_size);
    }
    if (!strcmp(action, "resign") || !strcmp(action, "draw") || !strcmp(action, "abort")) {
        bool draw = !strcmp(action, "draw");
        int what = DRAW_OFFER;
        if (draw)
            body_enum(b, "action", BODY_OPTIONAL, DRAW_ACTIONS, &what);
        Color side = read_side(b, g, who, default_side(g));
        if (b->error[0])
            return GE_BAD_REQUEST;
        if ((e = check_seat(g, side, who, err, err_size)) != GE_OK)
            return e;
        if (draw)
            return sgame_draw(g, (DrawAction)what, side, err, err_size);
        return !strcmp(action, "abort") ? sgame_abort(g, err, err_size) : sgame_resign(g, side, err, err_size);
    }
    /* The worker caps the search at the server's think-time limit. */
    int ms = 2000, ply = g->ply_count;
    body_int(b, "movetime", BODY_OPTIONAL, 50, 3600 * 1000, &ms);
    body_int(b, "ply", BODY_OPTIONAL, 0, g->ply_count, &ply);
    if (b->error[0])
        return GE_BAD_REQUEST;
    if ((e = check_player(g, who, err, err_size)) != GE_OK)
        return e;
    Analyst analyst;
    snprintf(analyst.address, sizeof analyst.address, "%s", who->req->client);
    snprintf(analyst.player, sizeof analyst.player, "%s", who->player);
    return sgame_analyse(g, ply, ms, &analyst, err, err_size);
}

/* A new stream of the game's events, starting with where it stands. */
static void open_events(GameTable *t, const ServerGame *g, HttpResponse *res)
{
    EventHub *hub = games_events(t);
    if (!hub) {
        http_error(res, 404, "no_events", "this server has no event streams");
        return;
    }
    char *text = json_text(res, feed_state_json(g));
    if (!text)
        return;
    if (events_subscribe(hub, g->rec.id, "state", text, &res->source)) {
        res->status = 200;
        res->content_type = "text/event-stream";
        res->no_store = true;
    } else {
        http_error(res, 409, "stopping", "the server is stopping");
    }
    free(text);
}

/* The game's rematch, colours swapped: made on the first request (201), the same one after (200).
 * Each player's token opens the other colour in it. */
static void rematch(GameTable *t, ServerGame *g, HttpResponse *res)
{
    if (!sgame_over(g)) {
        http_error(res, 409, "not_over", "the game is not over");
        return;
    }
    /* Taking a second game while holding g is safe: eviction only locks games nobody holds. */
    ServerGame *r = g->rec.rematch ? games_acquire(t, g->rec.rematch) : NULL;
    if (r) {
        send_game(r, res, 200);
        games_release(t, r);
        return;
    }
    GameSpec spec;
    sgame_rematch_spec(g, &spec);
    GameError ge;
    char err[400];
    r = games_create(t, &spec, &ge, err, (int)sizeof err);
    if (!r) {
        game_error(res, ge, err);
        return;
    }
    sgame_set_rematch(g, r->rec.id);
    send_game(r, res, 201);
    games_release(t, r);
}

static void delete_game(GameTable *t, int64_t id, const Actor *who, HttpResponse *res)
{
    ServerGame *g = games_acquire(t, id);
    char err[200];
    GameError e = !g || !may_see(g, who) ? GE_NOT_FOUND : check_player(g, who, err, (int)sizeof err);
    if (g)
        games_release(t, g);
    if (e == GE_OK)
        e = games_delete(t, id);
    if (e == GE_FORBIDDEN) {
        game_error(res, e, err);
    } else if (e != GE_OK) {
        snprintf(err, sizeof err, e == GE_IN_USE ? "game %lld is in use" : "no such game: %lld", (long long)id);
        game_error(res, e, err);
    } else {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddBoolToObject(o, "deleted", true);
        send_json(res, 200, o);
    }
}

/* /api/games/ID[/action] */
static void sgame_route(GameTable *t, const Actor *who, HttpResponse *res, const char *rest)
{
    const HttpRequest *req = who->req;
    const char *method = http_method(req);
    const char *slash = strchr(rest, '/');
    size_t id_len = slash ? (size_t)(slash - rest) : strlen(rest);
    const char *action = slash ? slash + 1 : "";
    int n = (int)(sizeof ACTIONS / sizeof ACTIONS[0]), known = n, match = n;
    /* "ID/" here was "ID//" (api_handle took the one trailing slash a path may have): no action. */
    bool no_action = slash && !*action;
    for (int i = 0; i < n && !no_action; i++)
        if (!strcmp(action, ACTIONS[i].action)) {
            known = i;
            if (!strcmp(method, ACTIONS[i].method))
                match = i;
        }
    char q[QUOTE_BUF_SIZE];
    if (known == n) {
        http_error(res, 404, NULL, "no such page: %s", quote(q, http_path(req)));
        return;
    }
    if (match == n) {
        char qm[QUOTE_BUF_SIZE];
        http_error(res, 405, NULL, "method %s not allowed on %s", quote(qm, method), quote(q, http_path(req)));
        return;
    }
    int64_t id;
    if (!read_decimal("the game id", rest, id_len, 1, INT64_MAX, &id, res))
        return;
    if (!*action && !strcmp(method, "DELETE")) {
        delete_game(t, id, who, res);
        return;
    }
    JsonBody b = {0};
    bool post = !strcmp(method, "POST");
    if (post && !read_body(&b, req, ACTIONS[match].fields, res))
        return;
    ServerGame *g = games_acquire(t, id);
    char err[300] = "";
    GameError e = GE_OK;
    if (g && !may_see(g, who)) {
        games_release(t, g);
        g = NULL;
    }
    if (g)
        sgame_check_flag(g); /* a flag that fell a moment ago, before its timer woke */
    if (!g) {
        http_error(res, 404, "no_game", "no such game: %lld", (long long)id);
    } else if (!strcmp(action, "record")) {
        send_record(g, res);
    } else if (!strcmp(action, "events")) {
        open_events(t, g, res);
    } else if (!strcmp(action, "rematch") || !strcmp(method, "DELETE")) {
        if ((e = check_player(g, who, err, (int)sizeof err)) != GE_OK)
            game_error(res, e, err);
        else if (post)
            rematch(t, g, res);
        else {
            sgame_stop_analysis(g);
            send_game(g, res, 200);
        }
    } else {
        if (post)
            e = game_action(g, action, &b, who, err, (int)sizeof err);
        if (b.error[0])
            http_error(res, 400, "bad_field", "%s", b.error);
        else if (e != GE_OK)
            game_error(res, e, err);
        else
            send_game(g, res, 200);
    }
    if (g)
        games_release(t, g);
    body_free(&b);
}

/* ---- players ---- */

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Answers {"name": NAME} with a new session for the player in the cookie. */
static void start_session(Api *a, const char *name, int status, HttpResponse *res)
{
    char token[SESSION_TOKEN_LEN + 1];
    if (!session_start(games_store(a->games), name, token)) {
        http_error(res, 500, NULL, "the session could not be started");
        return;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", name);
    send_json(res, status, o);
    snprintf(res->set_cookie, sizeof res->set_cookie, "%s=%s; HttpOnly; SameSite=Lax; Path=/; Max-Age=%d%s",
             SESSION_COOKIE, token, SESSION_DAYS * 86400, a->cookie_flags);
}

/* The name and password of a body {"name": ..., "password": ...}; false after answering 400. */
static bool read_credentials(JsonBody *b, const Actor *who, const char **name, const char **password,
                             HttpResponse *res)
{
    static const char *const fields[] = {"name", "password", NULL};
    if (!read_body(b, who->req, fields, res))
        return false;
    body_string(b, "name", BODY_REQUIRED, name);
    body_string(b, "password", BODY_REQUIRED, password);
    if (body_ok(b, res))
        return true;
    body_free(b);
    return false;
}

static void create_account(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    JsonBody b;
    const char *name, *password;
    if (!read_credentials(&b, who, &name, &password, res))
        return;
    char err[120];
    AccountResult r = account_create(games_store(a->games), name, password, err, (int)sizeof err);
    if (r == ACCOUNT_OK)
        start_session(a, name, 201, res);
    else if (r == ACCOUNT_FAILED)
        http_error(res, 500, NULL, "the account could not be made");
    else
        http_error(res, r == ACCOUNT_TAKEN ? 409 : 400, r == ACCOUNT_TAKEN ? "name_taken" : "bad_account", "%s", err);
    body_free(&b);
}

/* A wrong name and a wrong password get the same answer; past SIGNIN_FAILS failures a minute for
 * the name or for the address, every try is refused unread. */
static void sign_in(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    JsonBody b;
    const char *name, *password;
    if (!read_credentials(&b, who, &name, &password, res))
        return;
    char by_name[80], by_address[80];
    snprintf(by_name, sizeof by_name, "name:%.40s", name);
    for (char *c = by_name; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c); /* names are one ignoring case */
    snprintf(by_address, sizeof by_address, "address:%s", who->req->client);
    int64_t now = now_ms();
    char player[STORE_NAME_SIZE];
    if (throttle_blocked(a->signins, by_name, now) || throttle_blocked(a->signins, by_address, now)) {
        http_error(res, 429, "too_many_sign_ins", "too many failed sign-ins: wait a minute");
    } else if (account_check(games_store(a->games), name, password, player)) {
        start_session(a, player, 200, res);
    } else {
        throttle_fail(a->signins, by_name, now);
        throttle_fail(a->signins, by_address, now);
        http_error(res, 401, "wrong_password", "wrong name or password");
    }
    body_free(&b);
}

static void get_session(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)a, (void)arg;
    if (!who->player[0]) {
        http_error(res, 401, NULL, "not signed in");
        return;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", who->player);
    send_json(res, 200, o);
}

static void sign_out(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    char token[SESSION_TOKEN_LEN + 2];
    session_end(games_store(a->games), http_cookie(who->req, SESSION_COOKIE, token, sizeof token));
    http_text(res, 204, "text/plain", "", 0);
    snprintf(res->set_cookie, sizeof res->set_cookie, "%s=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0%s",
             SESSION_COOKIE, a->cookie_flags);
}

/* A rating as the API shows it (one decimal), provisional while its deviation is high. */
static void rating_fields(cJSON *o, const RatingRow *r)
{
    cJSON_AddNumberToObject(o, "rating", (double)(long long)(r->g.rating * 10 + 0.5) / 10);
    cJSON_AddNumberToObject(o, "rd", (double)(long long)(r->g.rd * 10 + 0.5) / 10);
}

typedef struct {
    cJSON *ratings;
} RatingsCtx;

static void add_history_point(const RatingRow *r, void *ctx)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddNumberToObject(p, "game", atof(r->speed));
    rating_fields(p, r);
    cJSON_AddItemToArray(ctx, p);
}

/* ratings.VARIANT.SPEED = {rating, rd, volatility, games, provisional} (and history, added after) */
static void add_rating(const RatingRow *r, void *ctx)
{
    RatingsCtx *rc = ctx;
    cJSON *by_variant = cJSON_GetObjectItemCaseSensitive(rc->ratings, r->variant);
    if (!by_variant)
        by_variant = cJSON_AddObjectToObject(rc->ratings, r->variant);
    cJSON *o = cJSON_AddObjectToObject(by_variant, r->speed);
    rating_fields(o, r);
    cJSON_AddNumberToObject(o, "volatility", (double)(long long)(r->g.volatility * 1e5 + 0.5) / 1e5);
    cJSON_AddNumberToObject(o, "games", r->games);
    cJSON_AddBoolToObject(o, "provisional", glicko_provisional(r->g));
}

static void add_leader(const RatingRow *r, void *ctx)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", r->player);
    rating_fields(o, r);
    cJSON_AddNumberToObject(o, "games", r->games);
    cJSON_AddItemToArray(ctx, o);
}

static void get_player(Api *a, const Actor *who, HttpResponse *res, const char *name)
{
    (void)who;
    char found[STORE_NAME_SIZE];
    int64_t created;
    char q[QUOTE_BUF_SIZE];
    if (!account_find(games_store(a->games), name, found, &created)) {
        http_error(res, 404, "no_player", "no such player: %s", quote(q, name));
        return;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", found);
    cJSON_AddNumberToObject(o, "created", (double)created);
    RatingsCtx rc = {cJSON_AddObjectToObject(o, "ratings")};
    ratings_of(games_store(a->games), found, add_rating, &rc);
    /* Each rating's history, read once the ratings' query has let the store go. */
    cJSON *by_variant, *rating;
    cJSON_ArrayForEach(by_variant, rc.ratings)
    {
        cJSON_ArrayForEach(rating, by_variant)
        {
            ratings_history(games_store(a->games), found, by_variant->string, rating->string, add_history_point,
                            cJSON_AddArrayToObject(rating, "history"));
        }
    }
    send_json(res, 200, o);
}

static void leaderboard(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    int variant = 0, speed = SPEED_BLITZ;
    const char *v = http_query(who->req, "variant"), *sp = http_query(who->req, "speed");
    char q[QUOTE_BUF_SIZE];
    for (variant = 0; v && variant_names[variant] && strcmp(variant_names[variant], v);)
        variant++;
    for (speed = 0; sp && speed < SPEED_NB && strcmp(speed_names[speed], sp);)
        speed++;
    if (!v || !variant_names[variant] || !sp || speed == SPEED_NB) {
        http_error(res, 400, "bad_field", "give variant= (a game's name) and speed= (bullet, blitz, rapid or classical), not %s",
                   quote(q, v && variant_names[variant] ? (sp ? sp : "none") : (v ? v : "none")));
        return;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "variant", variant_names[variant]);
    cJSON_AddStringToObject(o, "speed", speed_names[speed]);
    cJSON *arr = cJSON_AddArrayToObject(o, "players");
    ratings_top(games_store(a->games), variant_names[variant], speed_names[speed], 100, add_leader, arr);
    send_json(res, 200, o);
}

/* ---- the lobby ---- */

static cJSON *seek_json(const Seek *k)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)k->id);
    cJSON_AddStringToObject(o, "player", k->player);
    cJSON_AddStringToObject(o, "variant", k->variant);
    cJSON_AddNumberToObject(o, "time_base", k->time_base_ms);
    cJSON_AddNumberToObject(o, "time_increment", k->time_inc_ms);
    cJSON_AddStringToObject(o, "speed", speed_names[speed_of(k->time_base_ms, k->time_inc_ms)]);
    cJSON_AddBoolToObject(o, "rated", k->rated);
    cJSON_AddStringToObject(o, "color", seek_color_names[k->color]);
    cJSON_AddNumberToObject(o, "created", (double)k->created);
    return o;
}

/* Tells the lobby's streams that a seek came (name "seek", the seek) or went ("unseek": its id, and
 * the game it became, if any). */
static void lobby_publish(Api *a, const char *name, cJSON *o)
{
    EventHub *hub = games_events(a->games);
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (hub && text)
        events_publish(hub, LOBBY_CHANNEL, name, text);
    free(text);
}

static cJSON *unseek_json(int64_t id, int64_t game)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)id);
    if (game)
        cJSON_AddNumberToObject(o, "game", (double)game);
    return o;
}

static void seek_gone(const Seek *k, void *ctx) { lobby_publish(ctx, "unseek", unseek_json(k->id, 0)); }

static void seek_listed(const Seek *k, void *ctx) { cJSON_AddItemToArray(ctx, seek_json(k)); }

/* {"seeks": [...]}, the open seeks after the silent players' have ended; the asking player is alive. */
static cJSON *seeks_json(Api *a, const Actor *who)
{
    int64_t now = now_ms();
    if (who->player[0])
        lobby_seen(a->lobby, who->player, now);
    cJSON *o = cJSON_CreateObject();
    cJSON *arr = cJSON_AddArrayToObject(o, "seeks");
    lobby_sweep(a->lobby, now, NULL, seek_listed, arr);
    return o;
}

static void list_seeks(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    /* The seeks of players gone silent are told to the streams as they end. */
    lobby_sweep(a->lobby, now_ms(), seek_gone, NULL, a);
    send_json(res, 200, seeks_json(a, who));
}

/* false after answering 401 for a guest. */
static bool signed_in(const Actor *who, const char *what, HttpResponse *res)
{
    if (who->player[0])
        return true;
    http_error(res, 401, "sign_in_needed", "sign in to %s", what);
    return false;
}

static void create_seek(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    static const char *const fields[] = {"variant", "time_base", "time_increment", "rated", "color", NULL};
    if (!signed_in(who, "seek a game", res))
        return;
    JsonBody b;
    if (!read_body(&b, who->req, fields, res))
        return;
    int variant = 0, color = SEEK_RANDOM;
    Seek k = {.time_base_ms = 300000};
    body_enum(&b, "variant", BODY_OPTIONAL, variant_names, &variant);
    body_int(&b, "time_base", BODY_OPTIONAL, TIME_BASE_MIN_MS, TIME_BASE_MAX_MS, &k.time_base_ms);
    body_int(&b, "time_increment", BODY_OPTIONAL, 0, TIME_INC_MAX_MS, &k.time_inc_ms);
    body_bool(&b, "rated", BODY_OPTIONAL, &k.rated);
    body_enum(&b, "color", BODY_OPTIONAL, seek_color_names, &color);
    if (body_ok(&b, res)) {
        k.color = (SeekColor)color;
        snprintf(k.variant, sizeof k.variant, "%s", variant_names[variant]);
        snprintf(k.player, sizeof k.player, "%s", who->player);
        if (lobby_add(a->lobby, &k, now_ms())) {
            send_json(res, 201, seek_json(&k));
            lobby_publish(a, "seek", seek_json(&k));
        } else {
            http_error(res, 409, "too_many_seeks", "at most %d open seeks a player, %d in all", SEEKS_PER_PLAYER, SEEKS_MAX);
        }
    }
    body_free(&b);
}

/* A seek's id from the path; false after answering 400. */
static bool seek_id(const char *arg, int64_t *id, HttpResponse *res)
{
    return read_decimal("the seek id", arg, strlen(arg), 1, INT64_MAX, id, res);
}

static void delete_seek(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    int64_t id;
    if (!signed_in(who, "withdraw a seek", res) || !seek_id(arg, &id, res))
        return;
    if (!lobby_take(a->lobby, id, who->player, NULL)) {
        http_error(res, 404, "no_seek", "no seek %lld of yours", (long long)id);
        return;
    }
    http_text(res, 204, "text/plain", "", 0);
    lobby_publish(a, "unseek", unseek_json(id, 0));
}

/* The game of an accepted seek: public (it is the archive's), each seat bound to its player and
 * given a token that nobody is told (the sessions open the seats). */
static void accept_seek(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    int64_t id;
    if (!signed_in(who, "accept a seek", res) || !seek_id(arg, &id, res))
        return;
    Seek k;
    if (!lobby_take(a->lobby, id, NULL, &k)) {
        http_error(res, 404, "no_seek", "no such seek: %lld (taken, withdrawn or expired)", (long long)id);
        return;
    }
    if (!strcmp(k.player, who->player)) {
        lobby_add(a->lobby, &k, now_ms()); /* put back, under a new id */
        lobby_publish(a, "unseek", unseek_json(id, 0));
        lobby_publish(a, "seek", seek_json(&k));
        http_error(res, 409, "own_seek", "that is your own seek");
        return;
    }
    int seeker = k.color == SEEK_WHITE ? WHITE : k.color == SEEK_BLACK ? BLACK : (int)(randombytes_random() & 1);
    GameSpec spec = {.variant = k.variant, .castling = true, .time_base_ms = k.time_base_ms,
                     .time_inc_ms = k.time_inc_ms, .level = 20, .movetime_ms = 1000, .rated = k.rated};
    spec.player[seeker] = k.player;
    spec.player[!seeker] = who->player;
    NewSeats seats;
    GameError ge;
    char err[400];
    bool seated = new_seats(&spec, &seats);
    spec.watch_key = NULL;
    ServerGame *g = seated ? games_create(a->games, &spec, &ge, err, (int)sizeof err) : NULL;
    if (!g) {
        http_error(res, 500, NULL, "the game could not be made");
        return;
    }
    send_game(g, res, 201);
    lobby_publish(a, "unseek", unseek_json(id, g->rec.id));
    games_release(a->games, g);
}

/* The lobby's stream: first its state (the open seeks), then each seek coming and going. */
static void lobby_events(Api *a, const Actor *who, HttpResponse *res, const char *arg)
{
    (void)arg;
    EventHub *hub = games_events(a->games);
    char *text = hub ? json_text(res, seeks_json(a, who)) : NULL;
    if (!hub)
        http_error(res, 404, "no_events", "this server has no event streams");
    if (!text)
        return;
    if (events_subscribe(hub, LOBBY_CHANNEL, "state", text, &res->source)) {
        res->status = 200;
        res->content_type = "text/event-stream";
        res->no_store = true;
    } else {
        http_error(res, 409, "stopping", "the server is stopping");
    }
    free(text);
}

/* The routes of players and the lobby: a path, where "*" stands for one segment (the handler's
 * argument), a method, a handler. */
typedef void (*RouteHandler)(Api *a, const Actor *who, HttpResponse *res, const char *arg);
static const struct {
    const char *path, *method;
    RouteHandler handler;
} PLAYER_ROUTES[] = {
    {"accounts", "POST", create_account},
    {"session", "POST", sign_in},
    {"session", "GET", get_session},
    {"session", "DELETE", sign_out},
    {"players/*", "GET", get_player},
    {"seeks", "GET", list_seeks},
    {"seeks", "POST", create_seek},
    {"seeks/*", "DELETE", delete_seek},
    {"seeks/*/accept", "POST", accept_seek},
    {"lobby/events", "GET", lobby_events},
    {"leaderboard", "GET", leaderboard},
};

/* Does path match pattern? The segment at "*" goes into arg (size bytes). */
static bool route_matches(const char *pattern, const char *path, char *arg, size_t size)
{
    const char *star = strchr(pattern, '*');
    if (!star)
        return !strcmp(pattern, path);
    size_t head = (size_t)(star - pattern);
    if (strncmp(pattern, path, head))
        return false;
    size_t seg = strcspn(path + head, "/"); /* path is at least head long here */
    if (!seg || seg >= size || strcmp(star + 1, path + head + seg))
        return false;
    memcpy(arg, path + head, seg);
    arg[seg] = 0;
    return true;
}

/* Answers a players' or the lobby's route; false when path is none of them. */
static bool player_route(Api *a, const Actor *who, HttpResponse *res, const char *path)
{
    const char *method = http_method(who->req);
    char arg[128] = "";
    bool known = false;
    for (size_t i = 0; i < sizeof PLAYER_ROUTES / sizeof *PLAYER_ROUTES; i++) {
        if (!route_matches(PLAYER_ROUTES[i].path, path, arg, sizeof arg))
            continue;
        known = true;
        if (!strcmp(method, PLAYER_ROUTES[i].method)) {
            PLAYER_ROUTES[i].handler(a, who, res, arg);
            return true;
        }
    }
    if (known) {
        char q[QUOTE_BUF_SIZE];
        http_error(res, 405, NULL, "method %s not allowed on %s", quote(q, method), http_path(who->req));
    }
    return known;
}

/* path: after "/api/", without a trailing slash */
static void api_route(Api *a, const Actor *who, HttpResponse *res, const char *path)
{
    GameTable *t = a->games;
    const HttpRequest *req = who->req;
    if (player_route(a, who, res, path))
        return;
    const char *method = http_method(req);
    bool get = !strcmp(method, "GET");
    char q[QUOTE_BUF_SIZE];
    if (!strcmp(path, "health")) {
        if (!get) {
            http_error(res, 405, NULL, "use GET");
            return;
        }
        cJSON *o = cJSON_CreateObject();
        cJSON_AddBoolToObject(o, "ok", true);
        cJSON_AddNumberToObject(o, "max_think_ms", games_limits(t)->max_think_ms);
        if (games_events(t))
            cJSON_AddNumberToObject(o, "streams", events_stream_count(games_events(t)));
        send_json(res, 200, o);
    } else if (!strcmp(path, "variants")) {
        if (get)
            get_variants(res);
        else
            http_error(res, 405, NULL, "use GET");
    } else if (!strcmp(path, "games")) {
        if (get)
            list_games(t, req, res);
        else if (!strcmp(method, "POST"))
            create_game(t, who, res);
        else
            http_error(res, 405, NULL, "use GET or POST");
    } else if (!strcmp(path, "games/import")) {
        if (!strcmp(method, "POST"))
            import_game(t, req, res);
        else
            http_error(res, 405, NULL, "use POST");
    } else if (!strncmp(path, "games/", 6)) {
        sgame_route(t, who, res, path + 6);
    } else {
        http_error(res, 404, NULL, "no such page: %s", quote(q, http_path(req)));
    }
}

/* One side's points in a result ("1", "1/2", "3/4"); -1 when it is no number. */
static double points(const char *s, size_t len)
{
    char text[16];
    snprintf(text, sizeof text, "%.*s", (int)(len < 15 ? len : 15), s);
    int n, d = 1, used = 0;
    if (sscanf(text, "%d%n/%d%n", &n, &used, &d, &used) < 1 || text[used] || d <= 0 || n < 0)
        return -1;
    return (double)n / d;
}

/* A rated game between two players ended: both ratings move by its result, White's share of the
 * points the variant scores it with ("1-0", "3/4-1/4", "2-1"...). */
static void game_ended(void *ctx, ServerGame *g)
{
    Api *a = ctx;
    const StoredGame *r = &g->rec;
    const char *dash = strchr(r->result, '-');
    if (!r->rated || !r->player[WHITE][0] || !r->player[BLACK][0] || !dash)
        return;
    double w = points(r->result, (size_t)(dash - r->result)), b = points(dash + 1, strlen(dash + 1));
    if (w < 0 || b < 0 || w + b <= 0)
        return;
    ratings_apply(games_store(a->games), r->id, r->player[WHITE], r->player[BLACK], r->variant,
                  speed_of(r->time_base_ms, r->time_inc_ms), w / (w + b));
}

Api *api_new(GameTable *games, bool https, char *err, int err_size)
{
    Api *a = calloc(1, sizeof *a);
    if (a && accounts_init() && (a->signins = throttle_new(SIGNIN_FAILS, SIGNIN_WINDOW_MS)) &&
        (a->lobby = lobby_new())) {
        a->games = games;
        a->cookie_flags = https ? "; Secure" : "";
        games_on_end(games, game_ended, a);
        return a;
    }
    snprintf(err, (size_t)err_size, a ? "the password hashing library did not start" : "out of memory");
    api_free(a);
    return NULL;
}

void api_free(Api *a)
{
    if (!a)
        return;
    throttle_free(a->signins);
    lobby_free(a->lobby);
    free(a);
}

/* The request's actor: its session's player, if it names a live one. */
static void read_actor(Api *a, const HttpRequest *req, Actor *who)
{
    char token[SESSION_TOKEN_LEN + 2];
    const char *t = http_cookie(req, SESSION_COOKIE, token, sizeof token);
    *who = (Actor){.req = req, .session = t != NULL};
    if (t && !session_player(games_store(a->games), t, who->player))
        who->player[0] = 0;
}

void api_handle(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    Api *a = ctx;
    Actor who;
    read_actor(a, req, &who);
    /* A request that changes something with a session from another site's page is forged. */
    if (who.session && strcmp(http_method(req), "GET") && !http_same_site(req)) {
        http_error(res, 403, "cross_site", "a request from another site may not act for a signed-in player");
        return;
    }
    /* Any API path may end with one slash, as links and hand-typed addresses often do: /api/health/
     * is /api/health. */
    const char *path = http_path(req) + strlen("/api/");
    size_t len = strlen(path);
    char *bare = strndup(path, len && path[len - 1] == '/' ? len - 1 : len);
    if (bare)
        api_route(a, &who, res, bare);
    else
        http_error(res, 500, NULL, "out of memory");
    free(bare);
}
