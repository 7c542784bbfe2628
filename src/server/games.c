#include "games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../core/movetext.h"
#include "../core/quote.h"
#include "../core/search.h"
#include "worker.h"

struct GameTable {
    Store *store;
    GameLimits limits;
    EnginePool *pool;
    pthread_mutex_t lock; /* guards the slots and the games' refs; taken before any game's lock */
    ServerGame **slot;
    int count;
    uint64_t clock; /* for least-recently-used eviction */
};

GameTable *games_new(Store *store, const GameLimits *limits, char *err, int err_size)
{
    GameTable *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    t->store = store;
    t->limits = *limits;
    if (t->limits.cache_games < 1)
        t->limits.cache_games = 1;
    t->slot = calloc((size_t)t->limits.cache_games, sizeof *t->slot);
    if (!t->slot) {
        snprintf(err, (size_t)err_size, "out of memory");
        free(t);
        return NULL;
    }
    int threads = t->limits.engine_threads;
    t->pool = pool_new(threads, t->limits.engine_memory_mb / threads, t->limits.max_think_ms, err, err_size);
    if (!t->pool) {
        free(t->slot);
        free(t);
        return NULL;
    }
    pthread_mutex_init(&t->lock, NULL);
    return t;
}

const GameLimits *games_limits(const GameTable *t) { return &t->limits; }
Store *games_store(GameTable *t) { return t->store; }

static void sgame_destroy(ServerGame *g)
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

void games_free(GameTable *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->count; i++)
        sgame_destroy(t->slot[i]);
    pool_free(t->pool);
    pthread_mutex_destroy(&t->lock);
    free(t->slot);
    free(t);
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

/* The game's result and reason from the rules, after a move or on loading. */
static void judge(ServerGame *g)
{
    Status st;
    pos_status(g->pos, &st);
    const VariantDesc *d = g->v->desc;
    Color mover = (Color)!g->pos->stm;
    g->over = true;
    if (st.mate) {
        snprintf(g->rec.result, sizeof g->rec.result, "%s", d->result_win[mover]);
        snprintf(g->rec.reason, sizeof g->rec.reason, "checkmate");
    } else if (st.stalemate) {
        snprintf(g->rec.result, sizeof g->rec.result, "%s", d->result_stalemate[mover]);
        snprintf(g->rec.reason, sizeof g->rec.reason, "stalemate");
    } else if (st.draw != DRAW_NONE) {
        snprintf(g->rec.result, sizeof g->rec.result, "%s", d->result_draw);
        draw_name(g->v, st.draw, false, g->rec.reason, (int)sizeof g->rec.reason);
    } else {
        g->over = false;
        snprintf(g->rec.result, sizeof g->rec.result, "*");
        g->rec.reason[0] = 0;
    }
}

void sgame_result_text(const ServerGame *g, char *buf, int size)
{
    const VariantDesc *d = g->v->desc;
    const char *r = g->rec.result;
    const char *who = NULL;
    if (!strcmp(r, d->result_win[WHITE]) || !strcmp(r, d->result_stalemate[WHITE]))
        who = "White wins";
    else if (!strcmp(r, d->result_win[BLACK]) || !strcmp(r, d->result_stalemate[BLACK]))
        who = "Black wins";
    else if (!strcmp(r, d->result_draw))
        who = "Draw";
    if (!who) {
        buf[0] = 0;
        return;
    }
    const char *reason = g->rec.reason;
    if (!strcmp(reason, "insufficient-material"))
        reason = "insufficient material";
    snprintf(buf, (size_t)size, "%s%s%s", who, *reason ? " by " : "", reason);
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

/* Every change of a game goes through here: a new version, saved at once. */
static void changed(ServerGame *g)
{
    g->version++;
    if (sync_moves_text(g))
        store_update(g->store, &g->rec);
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

/* Builds a game from its stored record; false with a message when the record does not replay. */
static ServerGame *sgame_build(Store *store, StoredGame *rec, char *err, int err_size)
{
    ServerGame *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    g->store = store;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->cond, NULL);
    g->rec = *rec;
    rec->moves = rec->tags = NULL; /* now ours */
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
        if (m == MOVE_NONE || !push_move(g, m)) {
            char q[QUOTE_BUF_SIZE];
            snprintf(err, (size_t)err_size, "move %d '%s' is not legal here", n, quote_bytes(q, s, (size_t)len));
            sgame_destroy(g);
            return NULL;
        }
        s += len;
    }
    if (!sync_moves_text(g)) {
        snprintf(err, (size_t)err_size, "out of memory");
        sgame_destroy(g);
        return NULL;
    }
    /* A finished game keeps its stored result (resignation, agreement); else the rules judge. */
    g->over = strcmp(g->rec.result, "*") != 0;
    if (!g->over)
        judge(g);
    return g;
}

/* With the table locked: the least recently used game nobody holds and no engine works on. */
static int eviction_victim(GameTable *t)
{
    int best = -1;
    for (int i = 0; i < t->count; i++) {
        ServerGame *g = t->slot[i];
        if (g->refs)
            continue;
        pthread_mutex_lock(&g->lock);
        bool busy = worker_busy(g);
        pthread_mutex_unlock(&g->lock);
        if (!busy && (best < 0 || g->last_used < t->slot[best]->last_used))
            best = i;
    }
    return best;
}

/* Puts g into the cache (acquired), or returns the copy another thread put there first. */
static ServerGame *cache_insert(GameTable *t, ServerGame *g)
{
    ServerGame *evicted = NULL;
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count; i++)
        if (t->slot[i]->rec.id == g->rec.id) {
            ServerGame *other = t->slot[i];
            other->refs++;
            other->last_used = ++t->clock;
            pthread_mutex_unlock(&t->lock);
            sgame_destroy(g);
            pthread_mutex_lock(&other->lock);
            return other;
        }
    if (t->count == t->limits.cache_games) {
        int victim = eviction_victim(t);
        if (victim >= 0) {
            evicted = t->slot[victim];
            t->slot[victim] = t->slot[--t->count];
        }
    }
    if (t->count < t->limits.cache_games)
        t->slot[t->count++] = g;
    /* When every cached game is busy, this one is served uncached and dropped on release. */
    g->refs = 1;
    g->last_used = ++t->clock;
    pthread_mutex_unlock(&t->lock);
    sgame_destroy(evicted);
    pthread_mutex_lock(&g->lock);
    return g;
}

static bool cached(GameTable *t, const ServerGame *g)
{
    for (int i = 0; i < t->count; i++)
        if (t->slot[i] == g)
            return true;
    return false;
}

ServerGame *games_acquire(GameTable *t, int64_t id)
{
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count; i++) {
        ServerGame *g = t->slot[i];
        if (g->rec.id != id)
            continue;
        g->refs++;
        g->last_used = ++t->clock;
        pthread_mutex_unlock(&t->lock);
        pthread_mutex_lock(&g->lock);
        return g;
    }
    pthread_mutex_unlock(&t->lock);
    StoredGame rec;
    if (!store_load(t->store, id, &rec))
        return NULL;
    char err[256];
    ServerGame *g = sgame_build(t->store, &rec, err, sizeof err);
    stored_game_free(&rec);
    if (!g) {
        fprintf(stderr, "hexchess serve: game %lld does not replay: %s\n", (long long)id, err);
        return NULL;
    }
    g->worker = worker_new(t->pool, g);
    if (!g->worker) {
        sgame_destroy(g);
        return NULL;
    }
    g = cache_insert(t, g);
    worker_wake(g); /* an engine to move resumes thinking after a restart */
    return g;
}

void games_release(GameTable *t, ServerGame *g)
{
    pthread_mutex_unlock(&g->lock);
    pthread_mutex_lock(&t->lock);
    g->refs--;
    bool drop = g->refs == 0 && !cached(t, g);
    pthread_mutex_unlock(&t->lock);
    if (drop)
        sgame_destroy(g);
}

ServerGame *games_create(GameTable *t, const GameSpec *spec, GameError *ge, char *err, int err_size)
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
    rec.tags = strdup(spec->tags ? spec->tags : "");
    if (!rec.moves || !rec.tags) {
        stored_game_free(&rec);
        *ge = GE_INTERNAL;
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    ServerGame *g = sgame_build(t->store, &rec, err, err_size);
    stored_game_free(&rec);
    if (!g)
        return NULL;
    if (spec->result && strcmp(spec->result, "*") && !g->over) {
        /* An imported game that ended off the board (resignation, agreement). */
        snprintf(g->rec.result, sizeof g->rec.result, "%s", spec->result);
        snprintf(g->rec.reason, sizeof g->rec.reason, "%s", spec->reason ? spec->reason : "");
        g->over = true;
    }
    /* Store the canonical start text. */
    snprintf(g->rec.start, sizeof g->rec.start, "%s", g->start_text);
    if (!store_insert(t->store, &g->rec)) {
        *ge = GE_INTERNAL;
        snprintf(err, (size_t)err_size, "the game store refused the game");
        sgame_destroy(g);
        return NULL;
    }
    g->worker = worker_new(t->pool, g);
    if (!g->worker) {
        *ge = GE_INTERNAL;
        snprintf(err, (size_t)err_size, "out of memory");
        sgame_destroy(g);
        return NULL;
    }
    *ge = GE_OK;
    g = cache_insert(t, g);
    worker_wake(g);
    return g;
}

GameError games_delete(GameTable *t, int64_t id)
{
    ServerGame *victim = NULL;
    pthread_mutex_lock(&t->lock);
    for (int i = 0; i < t->count; i++)
        if (t->slot[i]->rec.id == id && t->slot[i]->refs == 0) {
            victim = t->slot[i];
            t->slot[i] = t->slot[--t->count];
            break;
        } else if (t->slot[i]->rec.id == id) {
            pthread_mutex_unlock(&t->lock);
            return GE_CONFLICT;
        }
    bool ok = store_delete(t->store, id);
    pthread_mutex_unlock(&t->lock);
    sgame_destroy(victim);
    return ok ? GE_OK : GE_NOT_FOUND;
}

bool sgame_engine_to_move(const ServerGame *g) { return !g->over && g->rec.engine[g->pos->stm]; }

static GameError fail(GameError e, char *err, int err_size, const char *msg)
{
    snprintf(err, (size_t)err_size, "%s", msg);
    return e;
}

/* A human move or an engine move: play it, judge the position, save, wake the engine. */
static bool play_and_save(ServerGame *g, Move m)
{
    if (!push_move(g, m))
        return false;
    /* A draw offer stands until its receiver moves. */
    if (g->rec.draw_offer == (int)g->pos->stm) {
        g->rec.draw_offer = -1;
        g->draw_reply = -1;
    }
    judge(g);
    g->analysis.requested = false;
    changed(g);
    worker_wake(g);
    return true;
}

GameError sgame_play(ServerGame *g, const char *move_text, char *err, int err_size)
{
    if (g->over)
        return fail(GE_CONFLICT, err, err_size, "the game is over");
    if (g->rec.engine[g->pos->stm])
        return fail(GE_CONFLICT, err, err_size, "it is the engine's turn");
    Move m = move_from_text(g->pos, move_text);
    if (m == MOVE_NONE) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, (size_t)err_size, "illegal move '%s' (moves are written as the legal list shows them)",
                 quote(q, move_text));
        return GE_ILLEGAL;
    }
    worker_stop_search(g); /* an analysis of the old position */
    if (!play_and_save(g, m))
        return fail(GE_CONFLICT, err, err_size, "the game is too long");
    return GE_OK;
}

void sgame_engine_move(ServerGame *g, Move m, uint64_t version)
{
    if (version != g->version || !sgame_engine_to_move(g) || m == MOVE_NONE)
        return;
    play_and_save(g, m);
}

GameError sgame_undo(ServerGame *g, char *err, int err_size)
{
    if (g->ply_count == 0)
        return fail(GE_CONFLICT, err, err_size, "there is no move to take back");
    worker_stop_search(g);
    pop_move(g);
    /* Against the engine, take back to the human's turn. */
    bool humans = !g->rec.engine[WHITE] || !g->rec.engine[BLACK];
    while (humans && g->ply_count > 0 && g->rec.engine[g->pos->stm])
        pop_move(g);
    g->rec.draw_offer = -1;
    g->draw_reply = -1;
    g->analysis.requested = false;
    judge(g);
    changed(g);
    /* Both sides engines, or the engine moved first: it plays again. */
    worker_wake(g);
    return GE_OK;
}

static void finish(ServerGame *g, const char *result, const char *reason)
{
    worker_stop_search(g);
    snprintf(g->rec.result, sizeof g->rec.result, "%s", result);
    snprintf(g->rec.reason, sizeof g->rec.reason, "%s", reason);
    g->rec.draw_offer = -1;
    g->draw_reply = -1;
    g->over = true;
    changed(g);
    worker_wake(g); /* withdraws queued work */
}

GameError sgame_resign(ServerGame *g, Color side, char *err, int err_size)
{
    if (g->over)
        return fail(GE_CONFLICT, err, err_size, "the game is over");
    if (g->rec.engine[side] && !g->rec.engine[!side])
        return fail(GE_CONFLICT, err, err_size, "only a human player resigns");
    finish(g, g->v->desc->result_win[!side], "resignation");
    return GE_OK;
}

GameError sgame_draw(ServerGame *g, DrawAction action, Color side, char *err, int err_size)
{
    if (g->over)
        return fail(GE_CONFLICT, err, err_size, "the game is over");
    if (g->rec.engine[side])
        return fail(GE_CONFLICT, err, err_size, "that side is played by the engine");
    switch (action) {
    case DRAW_OFFER:
        if (g->rec.draw_offer == (int)!side)
            return sgame_draw(g, DRAW_ACCEPT, side, err, err_size);
        g->rec.draw_offer = (int)side;
        changed(g);
        if (g->rec.engine[!side]) {
            g->draw_reply = (int)side;
            worker_wake(g);
        }
        return GE_OK;
    case DRAW_ACCEPT:
        if (g->rec.draw_offer != (int)!side)
            return fail(GE_CONFLICT, err, err_size, "there is no draw offer to accept");
        finish(g, g->v->desc->result_draw, "agreement");
        return GE_OK;
    case DRAW_DECLINE:
        if (g->rec.draw_offer != (int)!side)
            return fail(GE_CONFLICT, err, err_size, "there is no draw offer to decline");
        g->rec.draw_offer = -1;
        changed(g);
        return GE_OK;
    case DRAW_CLAIM:
        break;
    }
    Status st;
    pos_status(g->pos, &st);
    if (st.claimable == DRAW_NONE)
        return fail(GE_CONFLICT, err, err_size, "no draw can be claimed in this position");
    char name[32];
    draw_name(g->v, st.claimable, true, name, (int)sizeof name);
    finish(g, g->v->desc->result_draw, name);
    return GE_OK;
}

void sgame_engine_draw_reply(ServerGame *g, bool accept, uint64_t version)
{
    int offerer = g->draw_reply;
    g->draw_reply = -1;
    (void)version; /* the offer stands across a move, so a slightly older evaluation still answers it */
    if (g->over || offerer < 0 || g->rec.draw_offer != offerer)
        return;
    if (accept) {
        finish(g, g->v->desc->result_draw, "agreement");
    } else {
        g->rec.draw_offer = -1;
        changed(g);
    }
}

GameError sgame_analyse(ServerGame *g, int movetime_ms, char *err, int err_size)
{
    Status st;
    pos_status(g->pos, &st);
    if (st.legal_moves == 0)
        return fail(GE_CONFLICT, err, err_size, "there is no legal move to analyse");
    if (sgame_engine_to_move(g) || g->thinking)
        return fail(GE_CONFLICT, err, err_size, "the engine is thinking about its move");
    worker_stop_search(g);
    unsigned serial = g->analysis.serial + 1;
    memset(&g->analysis, 0, sizeof g->analysis);
    g->analysis.serial = serial;
    g->analysis.requested = true;
    g->analysis.ply = g->ply_count;
    g->analysis.movetime_ms = movetime_ms;
    worker_wake(g);
    return GE_OK;
}

void sgame_stop_analysis(ServerGame *g)
{
    if (g->analysis.requested || g->analysis.running)
        worker_stop_search(g);
    g->analysis.requested = false;
    g->analysis.serial++;
    worker_wake(g); /* withdraws a queued analysis */
}
