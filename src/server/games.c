#include "games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine/search.h"
#include "../core/notation/movetext.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/movegen.h"
#include "../core/util/quote.h"
#include "../core/util/strbuf.h"
#include "worker.h"

void sgame_destroy(ServerGame *g)
{
    if (!g)
        return;
    if (g->worker)
        worker_free(g->worker);
    for (int i = 0; i < g->ply_count; i++)
        free(g->plies[i].position);
    free(g->plies);
    free(g->start_text);
    free(g->json);
    free(g->pos);
    stored_game_free(&g->rec);
    pthread_cond_destroy(&g->cond);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

void sgame_board_string(const Position *p, char *out)
{
    const Variant *v = p->v;
    int n = v->geo.cell_count;
    for (int c = 0; c < n; c++) {
        Piece pc = p->board[c];
        if (!pc) {
            out[c] = '.';
            continue;
        }
        char l = variant_piece_letter(v, piece_type(pc));
        out[c] = piece_color(pc) == WHITE ? (char)(l & ~0x20) : (char)(l | 0x20);
    }
    out[n] = 0;
}

bool sgame_over(const ServerGame *g) { return g->verdict.outcome != OUTCOME_NONE; }

void sgame_result_text(const ServerGame *g, char *buf, int size) { verdict_text(g->v, &g->verdict, buf, size); }

/* The verdict as the store and the API write it. */
static void write_verdict(ServerGame *g)
{
    snprintf(g->rec.result, sizeof g->rec.result, "%s", outcome_text(g->v, g->verdict.outcome));
    verdict_reason_text(g->v, &g->verdict, g->rec.reason, (int)sizeof g->rec.reason);
}

/* Rebuilds rec.moves from the plies. */
static bool sync_moves_text(ServerGame *g)
{
    size_t len = 1;
    for (int i = 0; i < g->ply_count; i++)
        len += strlen(g->plies[i].text) + 1;
    char *s = malloc(len);
    if (!s)
        return false;
    char *w = s;
    for (int i = 0; i < g->ply_count; i++)
        w += sprintf(w, i ? " %s" : "%s", g->plies[i].text);
    *w = 0;
    free(g->rec.moves);
    g->rec.moves = s;
    return true;
}

/* Rebuilds rec.clock_history from the plies. */
static bool sync_clock_history(ServerGame *g)
{
    StrBuf b = {0};
    for (int i = 0; i < g->ply_count; i++)
        strbuf_printf(&b, i ? " %lld,%lld" : "%lld,%lld", (long long)g->plies[i].clock_before[WHITE],
                      (long long)g->plies[i].clock_before[BLACK]);
    char *s = b.len ? strbuf_take(&b) : strdup("");
    if (!s)
        return false;
    free(g->rec.clock_history);
    g->rec.clock_history = s;
    return true;
}

/* Reads rec.clock_history back into the plies; a game without one knows no clock before its plies. */
static void read_clock_history(ServerGame *g)
{
    const char *s = g->rec.clock_history ? g->rec.clock_history : "";
    for (int i = 0; i < g->ply_count; i++) {
        long long w, b;
        int used = 0;
        bool read = sscanf(s, "%lld,%lld%n", &w, &b, &used) == 2;
        g->plies[i].clock_before[WHITE] = read ? w : -1;
        g->plies[i].clock_before[BLACK] = read ? b : -1;
        s += used;
    }
}

/* The clock as the store keeps it: each side's time now, and when that was. */
static void write_clock(ServerGame *g)
{
    int64_t now = clock_now();
    for (int c = WHITE; c <= BLACK; c++) {
        int64_t left = clock_left(&g->clock, (Color)c, now);
        g->rec.clock_ms[c] = left > 0 ? left : 0;
    }
    g->rec.clock_running = g->clock.running;
    g->rec.clock_saved = clock_wall_now();
}

void sgame_notify(ServerGame *g, GameEventKind kind, const char *action, int side)
{
    GameEvent e = {kind, action, side};
    if (g->hooks)
        g->hooks->on_event(g->hooks->ctx, g, &e);
}

/* Every change of a game goes through here: a new version, saved at once. False when the store
 * refused it, being at that version already (another server changed the game): g is stale. */
static bool changed(ServerGame *g)
{
    g->rec.version++;
    write_verdict(g);
    write_clock(g);
    if (sync_moves_text(g) && sync_clock_history(g) && store_update(g->store, &g->rec) == STORE_STALE)
        g->stale = true;
    return !g->stale;
}

/* Plays m (legal) and records the ply; false when out of room. */
static bool push_move(ServerGame *g, Move m)
{
    Position *p = g->pos;
    if (p->ply >= MAX_SEARCHABLE_PLY)
        return false;
    if (g->ply_count == g->ply_cap) {
        int cap = g->ply_cap ? 2 * g->ply_cap : 64;
        Ply *np = realloc(g->plies, (size_t)cap * sizeof *np);
        if (!np)
            return false;
        g->plies = np;
        g->ply_cap = cap;
    }
    Ply *ply = &g->plies[g->ply_count];
    memset(ply, 0, sizeof *ply);
    ply->move = m;
    ply->clock_before[WHITE] = ply->clock_before[BLACK] = -1;
    move_to_text(p, m, ply->text);
    ply->from = (uint8_t)move_from(m);
    ply->to = (uint8_t)move_to(m);
    /* The move list shows the variant's own notation: CTL-AN, or Gliński's short algebraic. */
    Letters letters;
    letters_default(&letters, g->v);
    char display[MOVETEXT_MAX];
    movetext_write(p, m, STYLE_STANDARD, &letters, display);
    snprintf(ply->display, sizeof ply->display, "%s", display);
    pos_make(p, m);
    ply->check = pos_check_kind(p) != CHECK_NONE;
    char text[POSITION_TEXT_MAX];
    pos_to_text(p, text, sizeof text);
    ply->position = strdup(text);
    sgame_board_string(p, ply->board);
    if (!ply->position) {
        pos_unmake(p);
        return false;
    }
    g->ply_count++;
    return true;
}

static void pop_move(ServerGame *g)
{
    pos_unmake(g->pos);
    g->ply_count--;
    free(g->plies[g->ply_count].position);
}

/* The clock as it was saved; a running one has lost the time since. */
static void read_clock(ServerGame *g)
{
    const StoredGame *r = &g->rec;
    clock_init(&g->clock, r->time_base_ms, r->time_inc_ms);
    if (!clock_timed(&g->clock))
        return;
    g->clock.left_ms[WHITE] = r->clock_ms[WHITE];
    g->clock.left_ms[BLACK] = r->clock_ms[BLACK];
    if (r->clock_running < 0 || r->clock_running > BLACK || sgame_over(g))
        return;
    int64_t elapsed = clock_wall_now() - r->clock_saved;
    g->clock.running = r->clock_running;
    g->clock.since = clock_now() - (elapsed > 0 ? elapsed : 0);
}

/* The clock of the side to move runs from now, unless that side is the engine: its clock starts
 * with its search (sgame_engine_clock_start), not while its move waits for a free engine. */
static void run_mover_clock(ServerGame *g, int64_t now)
{
    if (sgame_engine_to_move(g))
        clock_stop(&g->clock, now);
    else
        clock_run(&g->clock, g->pos->stm, now);
}

void sgame_engine_clock_start(ServerGame *g)
{
    if (clock_timed(&g->clock) && g->ply_count > 0 && sgame_engine_to_move(g) && g->clock.running < 0)
        clock_run(&g->clock, g->pos->stm, clock_now());
}

/* How many words (runs of other characters than spaces) s holds. */
static int words_in(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s != ' ' && (s[1] == ' ' || !s[1]);
    return n;
}

ServerGame *sgame_build(Store *store, StoredGame *rec, int *left_out, char *err, int err_size)
{
    if (left_out)
        *left_out = 0;
    ServerGame *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    g->store = store;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->cond, NULL);
    g->rec = *rec;
    rec->moves = rec->tags = rec->clock_history = NULL; /* now ours */
    g->draw_reply = -1;
    g->v = variant_find(g->rec.variant);
    g->pos = malloc(sizeof *g->pos);
    if (!g->v || !g->pos) {
        snprintf(err, (size_t)err_size, g->v ? "out of memory" : "unknown variant '%s'", g->rec.variant);
        sgame_destroy(g);
        return NULL;
    }
    char perr[256];
    if (!pos_from_text_castling(g->pos, g->v, g->rec.start, g->rec.castling, perr, sizeof perr)) {
        snprintf(err, (size_t)err_size, "bad %s position: %s", g->v->desc->title, perr);
        sgame_destroy(g);
        return NULL;
    }
    char text[POSITION_TEXT_MAX];
    pos_to_text(g->pos, text, sizeof text);
    g->start_text = strdup(text);
    sgame_board_string(g->pos, g->start_board);
    /* Replay the moves. */
    const char *s = g->rec.moves ? g->rec.moves : "";
    int n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        char mv[MOVE_TEXT_MAX];
        int len = 0;
        while (s[len] && s[len] != ' ')
            len++;
        n++;
        Move m = MOVE_NONE;
        if (len < MOVE_TEXT_MAX) {
            memcpy(mv, s, (size_t)len);
            mv[len] = 0;
            m = move_from_text(g->pos, mv);
        }
        if (g->pos->ply >= MAX_SEARCHABLE_PLY) {
            snprintf(err, (size_t)err_size, "the game is longer than %d plies", MAX_SEARCHABLE_PLY);
            sgame_destroy(g);
            return NULL;
        }
        /* Only the final position is judged below, and a repetition draw leaves no trace there:
         * a move after the board ended the game would make a game the rules never had. */
        Verdict ended;
        arbiter_judge(g->pos, &ended);
        if (ended.outcome != OUTCOME_NONE && left_out) {
            *left_out = words_in(s);
            break;
        }
        if (ended.outcome != OUTCOME_NONE) {
            char q[QUOTE_BUF_SIZE], reason[sizeof g->rec.reason];
            verdict_reason_text(g->v, &ended, reason, (int)sizeof reason);
            snprintf(err, (size_t)err_size, "move %d '%s' comes after the end of the game (%s)", n,
                     quote_bytes(q, s, (size_t)len), reason);
            sgame_destroy(g);
            return NULL;
        }
        if (m == MOVE_NONE || !push_move(g, m)) {
            char q[QUOTE_BUF_SIZE];
            snprintf(err, (size_t)err_size, "move %d '%s' is not legal here", n, quote_bytes(q, s, (size_t)len));
            sgame_destroy(g);
            return NULL;
        }
        s += len;
    }
    read_clock_history(g);
    if (!sync_moves_text(g) || !sync_clock_history(g)) {
        snprintf(err, (size_t)err_size, "out of memory");
        sgame_destroy(g);
        return NULL;
    }
    /* A finished game keeps its stored verdict (resignation, agreement); else the rules judge, as
     * they do a game whose stored moves went on past the end they give. */
    bool cut = left_out && *left_out;
    if (cut || !verdict_parse(g->v, g->rec.result, g->rec.reason, &g->verdict))
        arbiter_judge(g->pos, &g->verdict);
    if (cut)
        write_verdict(g);
    read_clock(g);
    /* A draw offer the engine had not answered when the server stopped is weighed again. */
    if (!sgame_over(g) && g->rec.draw_offer >= 0 && g->rec.draw_offer <= BLACK && g->rec.engine[!g->rec.draw_offer])
        g->draw_reply = g->rec.draw_offer;
    return g;
}

ServerGame *sgame_create(Store *store, const GameSpec *spec, GameError *ge, char *err, int err_size)
{
    *ge = GE_BAD_REQUEST;
    const Variant *v = variant_find(spec->variant ? spec->variant : "");
    if (!v) {
        char q[QUOTE_BUF_SIZE];
        char names[160];
        snprintf(err, (size_t)err_size, "unknown variant '%s' (%s)", quote(q, spec->variant),
                 variant_name_list(names, (int)sizeof names, ", ", " or "));
        return NULL;
    }
    StoredGame rec = {0};
    snprintf(rec.variant, sizeof rec.variant, "%s", v->desc->name);
    const char *start = spec->position && *spec->position ? spec->position : "startpos";
    if (strlen(start) >= sizeof rec.start) {
        snprintf(err, (size_t)err_size, "position: too long");
        return NULL;
    }
    snprintf(rec.start, sizeof rec.start, "%s", start);
    rec.castling = spec->castling && v->desc->castling;
    rec.engine[WHITE] = spec->engine[WHITE];
    rec.engine[BLACK] = spec->engine[BLACK];
    rec.level = spec->level;
    rec.movetime_ms = spec->movetime_ms;
    rec.moves = strdup(spec->moves ? spec->moves : "");
    snprintf(rec.result, sizeof rec.result, "*");
    rec.draw_offer = -1;
    rec.takeback_offer = -1;
    rec.clock_running = -1;
    rec.time_base_ms = spec->time_base_ms;
    rec.time_inc_ms = spec->time_base_ms ? spec->time_inc_ms : 0;
    rec.clock_ms[WHITE] = rec.clock_ms[BLACK] = rec.time_base_ms;
    for (int c = WHITE; c <= BLACK; c++)
        snprintf(rec.seat_hash[c], sizeof rec.seat_hash[c], "%s", spec->seat_hash[c] ? spec->seat_hash[c] : "");
    snprintf(rec.watch_key, sizeof rec.watch_key, "%s", spec->watch_key ? spec->watch_key : "");
    for (int c = WHITE; c <= BLACK; c++)
        snprintf(rec.player[c], sizeof rec.player[c], "%s", spec->player[c] ? spec->player[c] : "");
    rec.rated = spec->rated;
    rec.tags = strdup(spec->tags ? spec->tags : "");
    if (!rec.moves || !rec.tags) {
        stored_game_free(&rec);
        *ge = GE_INTERNAL;
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    ServerGame *g = sgame_build(store, &rec, NULL, err, err_size);
    stored_game_free(&rec);
    if (!g)
        return NULL;
    /* A start whose halfmove clock is past the automatic draw is a game over before it began (the
     * rules can never reach it: the game ended when the clock got there). */
    Position *first = malloc(sizeof *first);
    int halfmove = 0, draw_at = v->desc->move_rule_draw;
    if (first) {
        sgame_position_at(g, 0, first);
        halfmove = first->halfmove;
        free(first);
    }
    if (draw_at && halfmove > draw_at) {
        snprintf(err, (size_t)err_size, "position: the halfmove clock %d is past the automatic draw at %d",
                 halfmove, draw_at);
        sgame_destroy(g);
        return NULL;
    }
    /* An imported game that ended off the board keeps the verdict its record was read with. */
    if (spec->result && !sgame_over(g))
        verdict_parse(g->v, spec->result, spec->reason ? spec->reason : "", &g->verdict);
    write_verdict(g);
    /* The clocks start with the first move: at once for a game that comes with moves. */
    if (clock_timed(&g->clock) && g->ply_count > 0 && !sgame_over(g))
        run_mover_clock(g, clock_now());
    write_clock(g);
    /* Store the canonical start text. */
    snprintf(g->rec.start, sizeof g->rec.start, "%s", g->start_text);
    if (!store_insert(store, &g->rec)) {
        *ge = GE_INTERNAL;
        snprintf(err, (size_t)err_size, "the game store refused the game");
        sgame_destroy(g);
        return NULL;
    }
    *ge = GE_OK;
    return g;
}

bool sgame_engine_to_move(const ServerGame *g) { return !sgame_over(g) && g->rec.engine[g->pos->stm]; }

static GameError fail(GameError e, char *err, int err_size, const char *msg)
{
    snprintf(err, (size_t)err_size, "%s", msg);
    return e;
}

/* A human move or an engine move: play it, judge the position, save, wake the engine. */
static bool play_and_save(ServerGame *g, Move m)
{
    Color mover = g->pos->stm;
    if (!push_move(g, m))
        return false;
    int64_t now = clock_now();
    if (clock_timed(&g->clock))
        for (int c = WHITE; c <= BLACK; c++)
            g->plies[g->ply_count - 1].clock_before[c] = clock_left(&g->clock, (Color)c, now);
    /* A draw offer stands until its receiver moves; a take-back request is void once anyone moves. */
    if (g->rec.draw_offer == (int)g->pos->stm) {
        g->rec.draw_offer = -1;
        g->draw_reply = -1;
    }
    g->rec.takeback_offer = -1;
    arbiter_judge(g->pos, &g->verdict);
    if (clock_timed(&g->clock)) {
        clock_press(&g->clock, mover, now);
        if (sgame_over(g))
            clock_stop(&g->clock, now);
        else
            run_mover_clock(g, now);
    }
    g->analysis.requested = false;
    if (!changed(g))
        return false;
    sgame_notify(g, GAME_EVENT_MOVE, NULL, (int)mover);
    if (sgame_over(g))
        sgame_notify(g, GAME_EVENT_END, NULL, -1);
    worker_wake(g);
    return true;
}

GameError sgame_play(ServerGame *g, const char *move_text, char *err, int err_size)
{
    sgame_check_flag(g);
    if (sgame_over(g))
        return fail(GE_GAME_OVER, err, err_size, "the game is over");
    if (g->rec.engine[g->pos->stm])
        return fail(GE_ENGINE_TURN, err, err_size, "it is the engine's turn");
    Move m = move_from_text(g->pos, move_text);
    if (m == MOVE_NONE) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, (size_t)err_size, "illegal move '%s' (moves are written as the legal list shows them)",
                 quote(q, move_text));
        return GE_ILLEGAL;
    }
    worker_stop_search(g); /* an analysis of the old position */
    if (!play_and_save(g, m))
        return g->stale ? fail(GE_STALE, err, err_size, "the game was changed meanwhile: fetch it again")
                        : fail(GE_TOO_LONG, err, err_size, "the game is too long");
    return GE_OK;
}

void sgame_engine_move(ServerGame *g, Move m, uint64_t version)
{
    if (sgame_check_flag(g) || version != g->rec.version || !sgame_engine_to_move(g) || m == MOVE_NONE)
        return;
    play_and_save(g, m);
}

/* How many plies side's take-back removes: its last move, and the reply when there was one; 0 when
 * side has not moved. */
static int takeback_plies(const ServerGame *g, Color side)
{
    int n = g->pos->stm == side ? 2 : 1;
    return n <= g->ply_count ? n : 0;
}

static void take_back(ServerGame *g, int plies)
{
    worker_stop_search(g);
    /* Both clocks go back to what they were before the first move taken back: the increments
     * earned since and the opponent's thinking are undone (take-backs must not add time). */
    int64_t before[COLOR_NB];
    memcpy(before, g->plies[g->ply_count - plies].clock_before, sizeof before);
    while (plies-- > 0)
        pop_move(g);
    g->rec.draw_offer = -1;
    g->draw_reply = -1;
    g->rec.takeback_offer = -1;
    g->analysis.requested = false;
    arbiter_judge(g->pos, &g->verdict);
    /* The clock of the side now to move runs, unless no move is left. */
    if (clock_timed(&g->clock)) {
        int64_t now = clock_now();
        clock_stop(&g->clock, now);
        for (int c = WHITE; c <= BLACK && before[WHITE] >= 0; c++)
            g->clock.left_ms[c] = before[c];
        if (g->ply_count > 0)
            run_mover_clock(g, now);
    }
    changed(g);
    /* The engine to move plays again. */
    worker_wake(g);
}

GameError sgame_takeback(ServerGame *g, TakebackAction action, Color side, char *err, int err_size)
{
    sgame_check_flag(g);
    if (sgame_over(g))
        return fail(GE_GAME_OVER, err, err_size, "the game is over");
    static const char *const names[] = {"White", "Black"};
    Color asker = action == TAKEBACK_REQUEST ? side : (Color)!side;
    if (action != TAKEBACK_REQUEST && g->rec.takeback_offer != (int)asker) {
        snprintf(err, (size_t)err_size, "there is no take-back request of %s's to %s", names[asker],
                 action == TAKEBACK_ACCEPT ? "accept" : "decline");
        return GE_NO_OFFER;
    }
    if (action == TAKEBACK_DECLINE) {
        g->rec.takeback_offer = -1;
        changed(g);
        sgame_notify(g, GAME_EVENT_TAKEBACK, "decline", (int)side);
        return GE_OK;
    }
    if (g->rec.engine[asker] && !g->rec.engine[!asker])
        return fail(GE_ENGINE_SIDE, err, err_size, "that side is played by the engine");
    int plies = takeback_plies(g, asker);
    if (!plies) {
        snprintf(err, (size_t)err_size, "%s has no move to take back", names[asker]);
        return GE_NOTHING_TO_TAKE_BACK;
    }
    if (action == TAKEBACK_REQUEST && !g->rec.engine[!asker]) {
        if (g->rec.takeback_offer == (int)!asker) {
            snprintf(err, (size_t)err_size, "%s asks to take back: accept or decline that first", names[!asker]);
            return GE_OFFER_PENDING;
        }
        if (g->rec.takeback_offer != (int)asker) {
            g->rec.takeback_offer = (int)asker;
            changed(g);
            sgame_notify(g, GAME_EVENT_TAKEBACK, "request", (int)asker);
        }
        return GE_OK;
    }
    /* Accepted, or asked of the engine, which always agrees. */
    take_back(g, plies);
    sgame_notify(g, GAME_EVENT_TAKEBACK, "done", (int)asker);
    return GE_OK;
}

/* The players ended the game: the arbiter's verdict, or false when the rules allow no such end. */
static bool finish(ServerGame *g, bool ended)
{
    if (!ended)
        return false;
    worker_stop_search(g);
    clock_stop(&g->clock, clock_now());
    g->rec.draw_offer = -1;
    g->draw_reply = -1;
    g->rec.takeback_offer = -1;
    changed(g);
    sgame_notify(g, GAME_EVENT_END, NULL, -1);
    worker_wake(g); /* withdraws queued work */
    return true;
}

GameError sgame_resign(ServerGame *g, Color side, char *err, int err_size)
{
    sgame_check_flag(g);
    if (sgame_over(g))
        return fail(GE_GAME_OVER, err, err_size, "the game is over");
    if (g->rec.engine[side] && !g->rec.engine[!side])
        return fail(GE_ENGINE_SIDE, err, err_size, "only a human player resigns");
    finish(g, arbiter_resign(g->pos, side, &g->verdict));
    return GE_OK;
}

GameError sgame_abort(ServerGame *g, char *err, int err_size)
{
    sgame_check_flag(g);
    if (sgame_over(g))
        return fail(GE_GAME_OVER, err, err_size, "the game is over");
    if (!finish(g, arbiter_abort(g->pos, g->ply_count, &g->verdict)))
        return fail(GE_TOO_LATE_TO_ABORT, err, err_size, "both sides have moved: the game can no longer be aborted");
    return GE_OK;
}

GameError sgame_draw(ServerGame *g, DrawAction action, Color side, char *err, int err_size)
{
    sgame_check_flag(g);
    if (sgame_over(g))
        return fail(GE_GAME_OVER, err, err_size, "the game is over");
    if (g->rec.engine[side])
        return fail(GE_ENGINE_SIDE, err, err_size, "that side is played by the engine");
    switch (action) {
    case DRAW_OFFER:
        if (g->rec.draw_offer == (int)!side)
            return sgame_draw(g, DRAW_ACCEPT, side, err, err_size);
        g->rec.draw_offer = (int)side;
        changed(g);
        sgame_notify(g, GAME_EVENT_DRAW, "offer", (int)side);
        if (g->rec.engine[!side]) {
            g->draw_reply = (int)side;
            worker_wake(g);
        }
        return GE_OK;
    case DRAW_ACCEPT:
        if (g->rec.draw_offer != (int)!side)
            return fail(GE_NO_OFFER, err, err_size, "there is no draw offer to accept");
        finish(g, arbiter_agree_draw(g->pos, &g->verdict));
        return GE_OK;
    case DRAW_DECLINE:
        if (g->rec.draw_offer != (int)!side)
            return fail(GE_NO_OFFER, err, err_size, "there is no draw offer to decline");
        g->rec.draw_offer = -1;
        changed(g);
        sgame_notify(g, GAME_EVENT_DRAW, "decline", (int)side);
        return GE_OK;
    case DRAW_CLAIM:
        break;
    }
    if (!finish(g, arbiter_claim_draw(g->pos, &g->verdict)))
        return fail(GE_NO_CLAIM, err, err_size, "no draw can be claimed in this position");
    return GE_OK;
}

void sgame_engine_draw_reply(ServerGame *g, bool accept, uint64_t version)
{
    int offerer = g->draw_reply;
    g->draw_reply = -1;
    (void)version; /* the offer stands across a move, so a slightly older evaluation still answers it */
    if (sgame_over(g) || offerer < 0 || g->rec.draw_offer != offerer)
        return;
    if (accept) {
        finish(g, arbiter_agree_draw(g->pos, &g->verdict));
    } else {
        g->rec.draw_offer = -1;
        changed(g);
        sgame_notify(g, GAME_EVENT_DRAW, "decline", !offerer);
    }
}

void sgame_position_at(const ServerGame *g, int ply, Position *p)
{
    memcpy(p, g->pos, sizeof *p);
    for (int i = g->ply_count; i > ply; i--)
        pos_unmake(p);
}

GameError sgame_analyse(ServerGame *g, int ply, int movetime_ms, const Analyst *who, char *err, int err_size)
{
    if (worker_analyses(g, who) >= ANALYSES_PER_CLIENT) {
        snprintf(err, (size_t)err_size, "analyses of %d other games of yours are waiting or running: at most %d",
                 ANALYSES_PER_CLIENT, ANALYSES_PER_CLIENT);
        return GE_TOO_MANY_ANALYSES;
    }
    Position *p = malloc(sizeof *p);
    if (!p)
        return fail(GE_INTERNAL, err, err_size, "out of memory");
    sgame_position_at(g, ply, p);
    Status st;
    pos_status(p, &st);
    free(p);
    if (st.legal_moves == 0)
        return fail(GE_NOTHING_TO_ANALYSE, err, err_size, "there is no legal move to analyse");
    if (sgame_engine_to_move(g) || g->thinking)
        return fail(GE_ENGINE_THINKING, err, err_size, "the engine is thinking about its move");
    worker_stop_search(g);
    unsigned serial = g->analysis.serial + 1;
    memset(&g->analysis, 0, sizeof g->analysis);
    g->analysis.serial = serial;
    g->analysis.requested = true;
    g->analysis.ply = ply;
    g->analysis.movetime_ms = movetime_ms;
    g->analyst = *who;
    worker_wake(g);
    sgame_notify(g, GAME_EVENT_ANALYSIS, NULL, -1);
    return GE_OK;
}

void sgame_stop_analysis(ServerGame *g)
{
    if (g->analysis.requested || g->analysis.running)
        worker_stop_search(g);
    /* The new serial disowns the stopped search, whose end therefore clears nothing: it is over now. */
    g->analysis.requested = false;
    g->analysis.running = false;
    g->analysis.serial++;
    worker_wake(g); /* withdraws a queued analysis */
    sgame_notify(g, GAME_EVENT_ANALYSIS, NULL, -1);
}

bool sgame_check_flag(ServerGame *g)
{
    if (sgame_over(g) || g->clock.running < 0)
        return false;
    int64_t now = clock_now();
    Color side = (Color)g->clock.running;
    if (clock_left(&g->clock, side, now) > 0)
        return false;
    clock_stop(&g->clock, now);
    g->clock.left_ms[side] = 0;
    return finish(g, arbiter_flag_fall(g->pos, side, &g->verdict));
}

int64_t sgame_flag_deadline(const ServerGame *g) { return sgame_over(g) ? -1 : clock_deadline(&g->clock); }

void sgame_rematch_spec(const ServerGame *g, GameSpec *spec)
{
    *spec = (GameSpec){
        .variant = g->v->desc->name,
        .position = g->start_text,
        .castling = g->rec.castling,
        .engine = {g->rec.engine[BLACK], g->rec.engine[WHITE]},
        .level = g->rec.level,
        .movetime_ms = g->rec.movetime_ms,
        .time_base_ms = g->rec.time_base_ms,
        .time_inc_ms = g->rec.time_inc_ms,
        .seat_hash = {g->rec.seat_hash[BLACK], g->rec.seat_hash[WHITE]},
        .watch_key = g->rec.watch_key, /* who watched the game may watch its rematch */
        .player = {g->rec.player[BLACK], g->rec.player[WHITE]},
        .rated = g->rec.rated,
    };
}

void sgame_set_rematch(ServerGame *g, int64_t rematch_id)
{
    g->rec.rematch = rematch_id;
    changed(g);
    sgame_notify(g, GAME_EVENT_REMATCH, NULL, -1);
}
