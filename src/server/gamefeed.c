#include "gamefeed.h"

#include <stdlib.h>

#include "../core/tables/tbprobe.h"

static const char *const SIDE_NAMES[] = {"white", "black"};

cJSON *feed_side_json(int side)
{
    return side == WHITE || side == BLACK ? cJSON_CreateString(SIDE_NAMES[side]) : cJSON_CreateNull();
}

cJSON *feed_clock_json(const ServerGame *g)
{
    if (!clock_timed(&g->clock))
        return cJSON_CreateNull();
    int64_t now = clock_now();
    cJSON *o = cJSON_CreateObject();
    for (int c = WHITE; c <= BLACK; c++) {
        int64_t left = clock_left(&g->clock, (Color)c, now);
        cJSON_AddNumberToObject(o, SIDE_NAMES[c], (double)(left > 0 ? left : 0));
    }
    cJSON_AddItemToObject(o, "running", feed_side_json(g->clock.running));
    return o;
}

cJSON *feed_time_control_json(const ServerGame *g)
{
    if (!clock_timed(&g->clock))
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "base", g->clock.base_ms);
    cJSON_AddNumberToObject(o, "increment", g->clock.inc_ms);
    return o;
}

/* The move as the members `best`, `best_display` and, for a move, `best_from` and `best_to`. */
static void add_shown_move(cJSON *o, const ShownMove *m)
{
    cJSON_AddStringToObject(o, "best", m->text);
    cJSON_AddStringToObject(o, "best_display", m->display);
    if (m->text[0]) {
        cJSON_AddNumberToObject(o, "best_from", m->from);
        cJSON_AddNumberToObject(o, "best_to", m->to);
    }
}

/* The tables' verdict: `wdl` and `dtm` (plies) as `hexchess tb probe` prints them, `text` as
 * `play`'s hint says it ("mate in 5"), and their best move. */
static cJSON *tablebase_json(const Analysis *a)
{
    char text[32];
    tb_value_text(a->tb_value, text, sizeof text);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "wdl", tb_wdl_name(a->tb_value));
    cJSON_AddNumberToObject(o, "dtm", tb_distance(a->tb_value));
    cJSON_AddStringToObject(o, "text", text);
    add_shown_move(o, &a->tb_best);
    return o;
}

cJSON *feed_analysis_json(const ServerGame *g)
{
    const Analysis *a = &g->analysis;
    if (!a->requested && !a->depth)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "running", a->requested || a->running);
    cJSON_AddNumberToObject(o, "ply", a->ply);
    cJSON_AddNumberToObject(o, "depth", a->depth);
    cJSON_AddNumberToObject(o, "seldepth", a->seldepth);
    cJSON_AddNumberToObject(o, "score", a->score);
    if (a->is_mate)
        cJSON_AddNumberToObject(o, "mate", a->mate_moves);
    else
        cJSON_AddNullToObject(o, "mate");
    cJSON_AddNumberToObject(o, "nodes", (double)a->nodes);
    cJSON_AddNumberToObject(o, "time_ms", a->time_ms);
    cJSON_AddStringToObject(o, "pv", a->pv);
    cJSON_AddStringToObject(o, "pv_display", a->pv_display);
    add_shown_move(o, &a->best);
    /* Only where the tables hold the position: without them the answer is as it always was. */
    if (a->tb_value != TB_ILLEGAL)
        cJSON_AddItemToObject(o, "tablebase", tablebase_json(a));
    return o;
}

/* What every event but the analysis carries: the game's version, where it stands, the offers
 * pending and the clock. */
static cJSON *event_base(const ServerGame *g)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "version", (double)g->rec.version);
    cJSON_AddNumberToObject(o, "moves", g->ply_count);
    cJSON_AddStringToObject(o, "turn", SIDE_NAMES[g->pos->stm]);
    cJSON_AddStringToObject(o, "status", sgame_over(g) ? "over" : "ongoing");
    cJSON_AddItemToObject(o, "draw_offer", feed_side_json(g->rec.draw_offer));
    cJSON_AddItemToObject(o, "takeback_offer", feed_side_json(g->rec.takeback_offer));
    cJSON_AddItemToObject(o, "clock", feed_clock_json(g));
    return o;
}

static void add_result(cJSON *o, const ServerGame *g)
{
    char text[96];
    sgame_result_text(g, text, (int)sizeof text);
    cJSON_AddStringToObject(o, "result", g->rec.result);
    cJSON_AddStringToObject(o, "reason", g->rec.reason);
    cJSON_AddStringToObject(o, "result_text", text);
}

cJSON *feed_state_json(const ServerGame *g)
{
    cJSON *o = event_base(g);
    cJSON_AddNumberToObject(o, "id", (double)g->rec.id);
    add_result(o, g);
    if (g->rec.rematch)
        cJSON_AddNumberToObject(o, "rematch", (double)g->rec.rematch);
    else
        cJSON_AddNullToObject(o, "rematch");
    return o;
}

void feed_publish(EventHub *hub, ServerGame *g, const GameEvent *e)
{
    static const char *const names[] = {[GAME_EVENT_MOVE] = "move",    [GAME_EVENT_TAKEBACK] = "takeback",
                                        [GAME_EVENT_DRAW] = "draw",    [GAME_EVENT_END] = "end",
                                        [GAME_EVENT_REMATCH] = "rematch", [GAME_EVENT_ANALYSIS] = "analysis"};
    cJSON *o;
    if (e->kind == GAME_EVENT_ANALYSIS) {
        o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "version", (double)g->rec.version);
        cJSON_AddItemToObject(o, "analysis", feed_analysis_json(g));
    } else {
        o = event_base(g);
    }
    if (e->action)
        cJSON_AddStringToObject(o, "action", e->action);
    if (e->kind != GAME_EVENT_ANALYSIS)
        cJSON_AddItemToObject(o, "side", feed_side_json(e->side));
    if (e->kind == GAME_EVENT_MOVE && g->ply_count > 0) {
        const Ply *p = &g->plies[g->ply_count - 1];
        cJSON *m = cJSON_AddObjectToObject(o, "move");
        cJSON_AddStringToObject(m, "text", p->text);
        cJSON_AddStringToObject(m, "display", p->display);
        cJSON_AddNumberToObject(m, "from", p->from);
        cJSON_AddNumberToObject(m, "to", p->to);
        cJSON_AddBoolToObject(m, "check", p->check);
        cJSON_AddStringToObject(m, "position", p->position);
        cJSON_AddStringToObject(m, "board", p->board);
    } else if (e->kind == GAME_EVENT_END) {
        add_result(o, g);
    } else if (e->kind == GAME_EVENT_REMATCH) {
        cJSON_AddNumberToObject(o, "game", (double)g->rec.rematch);
    }
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (text)
        events_publish(hub, g->rec.id, names[e->kind], text);
    free(text);
}

void feed_deleted(EventHub *hub, int64_t id)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "id", (double)id);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    /* Without its text the streams still end: a watcher must not wait on a game that is gone. */
    events_finish(hub, id, "deleted", text ? text : "{}");
    free(text);
}
