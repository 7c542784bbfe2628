#include "recplay.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "recinternal.h"

/* The first failure of a game: move n (a main-line ply or a variation's), FILE:LINE and why. */
PRINTF_LIKE(5, 6) static void fail(RecError *e, int ply, const RecNode *n, const char *file, const char *fmt, ...)
{
    if (e->failed)
        return;
    e->failed = true;
    e->ply = ply;
    e->line = n->line;
    snprintf(e->token, sizeof e->token, "%s", n->token);
    va_list ap;
    va_start(ap, fmt);
    vformat_at(e->reason, sizeof e->reason, file, n->line, fmt, ap);
    va_end(ap);
}

static void reset_moves(RecLine *l)
{
    for (int i = 0; i < l->count; i++) {
        l->nodes[i].move = MOVE_NONE;
        for (int v = 0; v < l->nodes[i].var_count; v++)
            reset_moves(&l->nodes[i].vars[v]);
    }
}

typedef struct {
    const char *file;
    const Letters *letters;
    RecError *error;
    int base_ply; /* plies of the main line before the position the game started from */
    int end_ply;  /* main line: the ply at which an automatic draw ended the game, else -1 */
} PlayContext;

/* Plays a line from the current position, leaving p after its last move; returns moves made. */
static int play_line(Position *p, RecLine *l, PlayContext *ctx, bool main_line)
{
    int made = 0;
    for (int i = 0; i < l->count && !ctx->error->failed; i++) {
        RecNode *n = &l->nodes[i];
        int ply = p->ply - ctx->base_ply + 1;
        for (int v = 0; v < n->var_count && !ctx->error->failed; v++) {
            int k = play_line(p, &n->vars[v], ctx, false);
            while (k-- > 0)
                pos_unmake(p);
        }
        if (ctx->error->failed)
            break;
        if (p->ply >= MAX_GAME_PLY - 1) {
            fail(ctx->error, ply, n, ctx->file, "the game is longer than %d plies", MAX_GAME_PLY - 1);
            break;
        }
        /* No move follows a mate or a stalemate; moves after an automatic draw are legal on the
         * board, so they are played and counted as recorded after the end. */
        if (main_line && ctx->end_ply < 0) {
            Verdict end;
            arbiter_judge(p, &end);
            if (end.reason == END_CHECKMATE || end.reason == END_STALEMATE) {
                fail(ctx->error, ply, n, ctx->file, "the game was already over (%s at ply %d)",
                     end_reason_name(end.reason), ply - 1);
                break;
            }
            if (end.outcome != OUTCOME_NONE)
                ctx->end_ply = ply - 1;
        }
        char why[REASON_MAX];
        MoveMarks marks;
        Move m = movetext_read(p, ctx->letters, n->token, &marks, why, sizeof why);
        if (m == MOVE_NONE) {
            fail(ctx->error, ply, n, ctx->file, "%s%s", main_line ? "" : "in a variation: ", why);
            break;
        }
        n->move = m;
        if (!n->marks_read) {
            n->marks_read = true;
            n->stop |= marks.stop;
            n->draw_offer |= marks.draw_offer;
            for (int k = 0; k < marks.nag_count && n->nag_count < 8; k++)
                n->nags[n->nag_count++] = marks.nags[k];
        }
        pos_make(p, m);
        made++;
    }
    return made;
}

static void play_with(Game *g, Position *p, const Letters *letters, const char *file, PlayReport *rep)
{
    memset(&rep->error, 0, sizeof rep->error);
    rep->plies = 0;
    rep->after_end = 0;
    reset_moves(&g->main);
    char err[256];
    if (!game_start_position(g, p, err, sizeof err)) {
        rep->error.failed = true;
        rep->error.ply = 1;
        rep->error.line = g->line;
        snprintf(rep->error.token, sizeof rep->error.token, "%s", g->variant->desc->position_label);
        format_at(rep->error.reason, sizeof rep->error.reason, file, g->line, "bad start position: %s", err);
        return;
    }
    PlayContext ctx = {file, letters, &rep->error, p->ply, -1};
    rep->plies = play_line(p, &g->main, &ctx, true);
    if (!rep->error.failed && ctx.end_ply >= 0) {
        rep->after_end = rep->plies - ctx.end_ply;
        for (; rep->plies > ctx.end_ply; rep->plies--)
            pos_unmake(p);
    }
    /* A reading error counts only when no move before it failed. */
    if (!rep->error.failed && g->syntax.failed)
        rep->error = g->syntax;
}

void game_play(Game *g, Position *p, const Letters *letters, PlayReport *rep)
{
    const Variant *v = g->variant;
    const char *file = g->source ? g->source : "game";
    memset(rep, 0, sizeof *rep);
    Letters chosen;
    const char *redefine = game_label(g, "Redefine");
    const char *set = game_label(g, "Letters");
    if (letters)
        chosen = *letters;
    else if (!set || !letters_named(&chosen, v, set))
        letters_default(&chosen, v);
    if (redefine) {
        char err[200];
        if (!letters_redefine(&chosen, v, redefine, err, sizeof err)) {
            rep->error.failed = true;
            rep->error.ply = 1;
            snprintf(rep->error.token, sizeof rep->error.token, "%.60s", redefine);
            snprintf(rep->error.reason, sizeof rep->error.reason, "%s", err);
            pos_set_start(p, v);
            return;
        }
    }
    play_with(g, p, &chosen, file, rep);
    rep->letters = chosen;
    if (!letters && !redefine && rep->error.failed && rep->error.ply <= g->main.count) {
        /* Try the other letter sets; keep the one that reads furthest. */
        PlayReport best = *rep;
        Letters best_letters = chosen;
        for (int i = 0; letter_set_names[i]; i++) {
            Letters other;
            if (!letters_named(&other, v, letter_set_names[i]))
                continue;
            play_with(g, p, &other, file, rep);
            if (!rep->error.failed || rep->error.ply > best.error.ply) {
                best = *rep;
                best_letters = other;
                if (!rep->error.failed)
                    break;
            }
        }
        play_with(g, p, &best_letters, file, rep);
        rep->letters = best_letters;
    }
    rep->has_recorded = false;
    rep->recorded = OUTCOME_NONE;
    const char *label = game_label(g, "Result");
    Outcome o;
    if (label && outcome_parse(label, &o) && o != OUTCOME_NONE) {
        rep->recorded = o;
        rep->has_recorded = true;
    } else if (g->result && outcome_parse(g->result, &o)) {
        rep->recorded = o;
        rep->has_recorded = o != OUTCOME_NONE;
    }
    if (rep->error.failed) {
        arbiter_judge(p, &rep->verdict);
        return;
    }
    arbiter_reconcile(p, rep->recorded, &rep->verdict, &rep->disagrees);
}

void play_report_after_end(const Variant *v, const PlayReport *rep, char *buf, size_t size)
{
    buf[0] = 0;
    if (rep->after_end)
        snprintf(buf, size, "ended at ply %d (%s, %s), but %d more plies are recorded", rep->plies,
                 end_reason_name(rep->verdict.reason), outcome_text(v, rep->verdict.outcome), rep->after_end);
}

void play_report_disagreement(const Variant *v, const PlayReport *rep, char *buf, size_t size)
{
    buf[0] = 0;
    if (rep->disagrees)
        snprintf(buf, size, "is recorded as %s, but the rules give %s (%s)", outcome_text(v, rep->recorded),
                 outcome_text(v, rep->verdict.outcome), end_reason_name(rep->verdict.reason));
}
