#include "arbiter.h"

#include <stdio.h>
#include <string.h>

static bool game_over(const Verdict *v) { return v->outcome != OUTCOME_NONE; }

/* +1 when a stalemate favours the stalemating side, 0 when it is a draw, -1 when it favours the
 * stalemated side: the variant's stalemate share against 500. */
static int stalemate_sign(const Variant *v)
{
    int share = v->desc->stalemate_share_permille;
    return (share > 500) - (share < 500);
}

void arbiter_judge(Position *p, Verdict *out)
{
    Status st;
    pos_status(p, &st);
    Color mover = (Color)!p->stm; /* who made the last move */
    out->outcome = OUTCOME_NONE;
    out->reason = END_NONE;
    out->claimable = DRAW_NONE;
    if (st.mate) {
        out->outcome = mover == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
        out->reason = END_CHECKMATE;
    } else if (st.stalemate) {
        out->outcome = stalemate_sign(p->v) == 0 ? OUTCOME_DRAW
                       : mover == WHITE          ? OUTCOME_WHITE_STALEMATES
                                                 : OUTCOME_BLACK_STALEMATES;
        out->reason = END_STALEMATE;
    } else if (st.draw != DRAW_NONE) {
        out->outcome = OUTCOME_DRAW;
        out->reason = st.draw == DRAW_REPETITION ? END_REPETITION
                      : st.draw == DRAW_MOVE_RULE ? END_MOVE_RULE
                                                  : END_INSUFFICIENT;
    } else {
        out->claimable = st.claimable;
    }
}

/* Ends a game the board has not ended; false (out unchanged) when it is already over. */
static bool end_game(Position *p, Outcome o, EndReason r, Verdict *out)
{
    Verdict v;
    arbiter_judge(p, &v);
    if (game_over(&v) || (r == END_CLAIM && v.claimable == DRAW_NONE))
        return false;
    out->outcome = o;
    out->reason = r;
    out->claimable = r == END_CLAIM ? v.claimable : DRAW_NONE;
    return true;
}

static Outcome win_for(Color c) { return c == WHITE ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS; }

bool arbiter_resign(Position *p, Color who, Verdict *out) { return end_game(p, win_for(!who), END_RESIGNATION, out); }

bool arbiter_abort(Position *p, int moves_made, Verdict *out)
{
    return moves_made < 2 && end_game(p, OUTCOME_ABORTED, END_ABORTED, out);
}

bool arbiter_agree_draw(Position *p, Verdict *out) { return end_game(p, OUTCOME_DRAW, END_AGREEMENT, out); }

bool arbiter_claim_draw(Position *p, Verdict *out) { return end_game(p, OUTCOME_DRAW, END_CLAIM, out); }

bool arbiter_flag_fall(Position *p, Color flagged, Verdict *out)
{
    return end_game(p, pos_can_win(p, !flagged) ? win_for(!flagged) : OUTCOME_DRAW, END_TIME, out);
}

bool arbiter_forfeit(Position *p, Color who, Verdict *out) { return end_game(p, win_for(!who), END_FORFEIT, out); }

bool verdict_winner(const Verdict *vd, Color *winner)
{
    switch (vd->outcome) {
    case OUTCOME_WHITE_WINS:
    case OUTCOME_WHITE_STALEMATES:
        *winner = WHITE;
        return true;
    case OUTCOME_BLACK_WINS:
    case OUTCOME_BLACK_STALEMATES:
        *winner = BLACK;
        return true;
    case OUTCOME_DRAW:
    case OUTCOME_NONE:
    case OUTCOME_ABORTED:
        break;
    }
    return false;
}

const char *outcome_text(const Variant *v, Outcome o)
{
    const VariantDesc *d = v->desc;
    switch (o) {
    case OUTCOME_WHITE_WINS:
        return d->result_win[WHITE];
    case OUTCOME_BLACK_WINS:
        return d->result_win[BLACK];
    case OUTCOME_WHITE_STALEMATES:
        return d->result_stalemate[WHITE];
    case OUTCOME_BLACK_STALEMATES:
        return d->result_stalemate[BLACK];
    case OUTCOME_DRAW:
        return d->result_draw;
    case OUTCOME_NONE:
    case OUTCOME_ABORTED:
        break;
    }
    return "*";
}

bool outcome_parse(const char *text, Outcome *out)
{
    static const struct {
        const char *text;
        Outcome outcome;
    } FORMS[] = {
        {"*", OUTCOME_NONE},
        {"1-0", OUTCOME_WHITE_WINS},
        {"3-0", OUTCOME_WHITE_WINS},
        {"0-1", OUTCOME_BLACK_WINS},
        {"0-3", OUTCOME_BLACK_WINS},
        {"2-1", OUTCOME_WHITE_STALEMATES},
        {"3/4-1/4", OUTCOME_WHITE_STALEMATES},
        {"\xc2\xbe-\xc2\xbc", OUTCOME_WHITE_STALEMATES},
        {"1-2", OUTCOME_BLACK_STALEMATES},
        {"1/4-3/4", OUTCOME_BLACK_STALEMATES},
        {"\xc2\xbc-\xc2\xbe", OUTCOME_BLACK_STALEMATES},
        {"1-1", OUTCOME_DRAW},
        {"1/2-1/2", OUTCOME_DRAW},
        {"\xc2\xbd-\xc2\xbd", OUTCOME_DRAW},
        {"0.5-0.5", OUTCOME_DRAW},
        {"remi", OUTCOME_DRAW},
        {"Remi", OUTCOME_DRAW},
        {"=", OUTCOME_DRAW},
    };
    char norm[24];
    size_t n = 0;
    for (const char *s = text; *s && n + 1 < sizeof norm; s++) {
        if (!strncmp(s, "\xe2\x80\x93", 3) || !strncmp(s, "\xe2\x80\x90", 3)) { /* en dash, hyphen */
            norm[n++] = '-';
            s += 2;
        } else if (*s == ':' && s != text && s[1]) { /* "1:0", "½:½": the score as boards write it */
            norm[n++] = '-';
        } else {
            norm[n++] = *s;
        }
    }
    norm[n] = 0;
    for (size_t i = 0; i < sizeof FORMS / sizeof FORMS[0]; i++) {
        if (!strcmp(norm, FORMS[i].text)) {
            *out = FORMS[i].outcome;
            return true;
        }
    }
    return false;
}

int outcome_white_permille(const Variant *v, Outcome o)
{
    int share = v->desc->stalemate_share_permille;
    switch (o) {
    case OUTCOME_WHITE_WINS:
        return 1000;
    case OUTCOME_BLACK_WINS:
        return 0;
    case OUTCOME_WHITE_STALEMATES:
        return share;
    case OUTCOME_BLACK_STALEMATES:
        return 1000 - share;
    case OUTCOME_DRAW:
    case OUTCOME_NONE:
    case OUTCOME_ABORTED:
        break;
    }
    return 500;
}

const char *end_reason_name(EndReason r)
{
    static const char *const NAMES[] = {"none",       "checkmate",   "stalemate", "repetition",
                                        "move-rule",  "insufficient-material",   "resignation",
                                        "agreement",  "claim",       "time",      "forfeit", "recorded",
                                        "aborted"};
    return (unsigned)r < sizeof NAMES / sizeof NAMES[0] ? NAMES[r] : "none";
}

void verdict_reason_text(const Variant *v, const Verdict *vd, char *buf, int size)
{
    if (vd->outcome == OUTCOME_NONE)
        buf[0] = 0;
    else if (vd->reason == END_MOVE_RULE) /* the variant's own number of moves */
        draw_name(v, DRAW_MOVE_RULE, false, buf, size);
    else if (vd->reason == END_CLAIM && vd->claimable != DRAW_NONE)
        draw_name(v, vd->claimable, true, buf, size);
    else if (vd->reason == END_RECORDED || vd->reason == END_NONE)
        buf[0] = 0;
    else
        snprintf(buf, (size_t)size, "%s", end_reason_name(vd->reason));
}

void verdict_text(const Variant *v, const Verdict *vd, char *buf, int size)
{
    Color winner;
    if (vd->outcome == OUTCOME_ABORTED) {
        snprintf(buf, (size_t)size, "Game aborted");
        return;
    }
    const char *who = vd->outcome == OUTCOME_NONE     ? NULL
                      : !verdict_winner(vd, &winner) ? "Draw"
                      : winner == WHITE              ? "White wins"
                                                     : "Black wins";
    if (!who) {
        buf[0] = 0;
        return;
    }
    char reason[32];
    verdict_reason_text(v, vd, reason, (int)sizeof reason);
    if (vd->reason == END_INSUFFICIENT)
        snprintf(reason, sizeof reason, "insufficient material");
    snprintf(buf, (size_t)size, "%s%s%s", who, *reason ? " by " : "", reason);
}

bool verdict_parse(const Variant *v, const char *result, const char *reason, Verdict *out)
{
    Outcome o;
    if (!strcmp(result, "*") && !strcmp(reason, end_reason_name(END_ABORTED))) {
        *out = (Verdict){OUTCOME_ABORTED, END_ABORTED, DRAW_NONE};
        return true;
    }
    if (!outcome_parse(result, &o) || o == OUTCOME_NONE)
        return false;
    *out = (Verdict){o, END_RECORDED, DRAW_NONE};
    static const DrawKind CLAIMS[] = {DRAW_REPETITION, DRAW_MOVE_RULE, DRAW_INSUFFICIENT};
    for (EndReason r = END_CHECKMATE; r < END_RECORDED; r++) {
        for (int k = -1; k < (r == END_CLAIM ? 3 : 0); k++) {
            Verdict c = {o, r, k < 0 ? DRAW_NONE : CLAIMS[k]};
            char text[32];
            verdict_reason_text(v, &c, text, (int)sizeof text);
            if (!strcmp(reason, text) || (k < 0 && !strcmp(reason, end_reason_name(r)))) {
                *out = c;
                return true;
            }
        }
    }
    return true;
}

void arbiter_reconcile(Position *p, Outcome recorded, Verdict *out, bool *disagrees)
{
    arbiter_judge(p, out);
    *disagrees = false;
    if (game_over(out)) {
        *disagrees = recorded != OUTCOME_NONE && recorded != out->outcome;
        return;
    }
    switch (recorded) {
    case OUTCOME_WHITE_WINS:
        arbiter_resign(p, BLACK, out);
        break;
    case OUTCOME_BLACK_WINS:
        arbiter_resign(p, WHITE, out);
        break;
    case OUTCOME_DRAW:
        if (!arbiter_claim_draw(p, out))
            arbiter_agree_draw(p, out);
        break;
    case OUTCOME_WHITE_STALEMATES:
    case OUTCOME_BLACK_STALEMATES:
        *disagrees = true; /* a stalemate score, but nobody is stalemated */
        break;
    case OUTCOME_NONE:
    case OUTCOME_ABORTED:
        break;
    }
}
