#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "../rules/status.h"
#include "../tables/tbprobe.h"
#include "movepicker.h"
#include "see.h"
#include "thread.h"

/* Scores from here up are forced stalemates, known wins or mates. */
enum { SCORE_KNOWN = SCORE_STALEMATE_IN_MAX };
/* Where a man forces mate on a bare king: the evaluation plus this, above every stalemate and below
 * every mate (an evaluation stays within a few thousand). */
enum { SCORE_KNOWN_WIN = SCORE_STALEMATE + 2000 };
_Static_assert(SCORE_KNOWN_WIN + 10000 < SCORE_MATE_IN_MAX, "known wins stay below the mates");

/* Search margins, each with why it has its size (depths in plies, margins in centipawns). */
enum {
    /* Reverse futility: the evaluation may drop this much per ply left before beta is at risk. */
    RFP_DEPTH = 6, RFP_MARGIN = 90,
    /* Null move: below this depth the verification costs more than it saves; a deeper search
     * affords a larger reduction, R = base + depth / divisor. */
    NMP_DEPTH = 3, NMP_BASE_R = 3, NMP_DEPTH_DIVISOR = 4,
    /* ... and each two pawns above beta one ply more, up to three. */
    NMP_SURPLUS_PER_PLY = 200, NMP_SURPLUS_PLIES = 3,
    /* Late-move pruning: near the leaves a quiet move this late in the order almost never refutes. */
    LMP_DEPTH = 3,
    /* Futility: a quiet move gains at most this much plus so much per ply left. */
    FUTILITY_DEPTH = 5, FUTILITY_BASE = 100, FUTILITY_MARGIN = 90,
    /* Losing captures: near the leaves, an exchange that loses more than this per ply is dropped. */
    SEE_PRUNE_DEPTH = 5, SEE_PRUNE_MARGIN = 120,
    /* ... and a quiet move that puts a man where it is lost for more than this per ply. */
    SEE_QUIET_MARGIN = 60,
    /* Late-move reductions: shallower nodes gain too little; the first moves are never reduced
     * (more of them in PV nodes); this much history good or bad is worth a ply. */
    LMR_DEPTH = 3, LMR_PV_MOVES = 4, LMR_MOVES = 2, LMR_HISTORY_PER_PLY = 12288,
    /* Internal iterative reduction: below this depth a node without a table move is searched as is. */
    IIR_DEPTH = 4,
    /* Delta pruning: a capture's positional gain, beyond the man taken, rarely exceeds this. */
    DELTA_MARGIN = 200,
    /* Aspiration windows: shallow scores swing too much; this window holds most next scores. */
    ASPIRATION_DEPTH = 5, ASPIRATION_WINDOW = 30,
};

/* Skill Level: each level below full strength adds this much noise to a line's score, the choice
 * is among at least this many lines, and the depth is capped at 1 + level / 2. */
enum { SKILL_NOISE_PER_LEVEL = 12, SKILL_LINES = 4 };

/* ---- scores ---- */

/* Is s a stalemate or a mate some plies away (the table stores those relative to the node)? */
static bool counts_plies(int s)
{
    int a = abs(s);
    return a >= SCORE_MATE_IN_MAX || (a >= SCORE_STALEMATE_IN_MAX && a <= SCORE_STALEMATE);
}
static int score_to_tt(int s, int ply)
{
    return !counts_plies(s) ? s : s > 0 ? s + ply : s - ply;
}
static int score_from_tt(int s, int ply)
{
    return !counts_plies(s) ? s : s > 0 ? s - ply : s + ply;
}

/* What the table remembers of the node (bound BOUND_NONE: nothing). */
typedef struct {
    Move move;
    int score, eval, depth, bound;
} TTHit;

static TTHit tt_lookup(const Worker *w, int ply)
{
    TTHit hit = {MOVE_NONE, 0, TT_NO_EVAL, 0, BOUND_NONE};
    const TTEntry *tte = tt_probe(&w->engine->tt, w->pos.key);
    if (!tte)
        return hit;
    TTEntry entry = *tte; /* one copy: another thread may be rewriting the slot */
    hit.move = entry.move;
    hit.score = score_from_tt(entry.score, ply);
    hit.eval = entry.eval;
    hit.depth = entry.depth;
    hit.bound = entry.bound_age & 3;
    return hit;
}

/* A bound at least depth deep that settles the window. */
static bool tt_settles(const TTHit *hit, int depth, int alpha, int beta)
{
    return hit->bound != BOUND_NONE && hit->depth >= depth &&
           (hit->bound == BOUND_EXACT || (hit->bound == BOUND_LOWER && hit->score >= beta) ||
            (hit->bound == BOUND_UPPER && hit->score <= alpha));
}

static bool is_draw(const Position *p, int ply)
{
    const VariantDesc *d = p->v->desc;
    if (d->move_rule_draw && p->halfmove >= d->move_rule_draw)
        return true;
    /* Inside the search one repetition is enough: the side repeating could have done better. */
    if (ply > 0 && p->halfmove >= 4 && pos_repetitions(p) >= 2)
        return true;
    return pos_insufficient_material(p);
}

/* With Contempt, a draw scores below even for the side the engine plays: against a weaker
 * opponent, playing on in a level position wins more than it risks. */
static int draw_score(const Worker *w)
{
    return w->pos.stm == w->root_stm ? -w->engine->contempt : w->engine->contempt;
}

/* What giving a stalemate ply plies from the root is worth to the stalemating side: a result that
 * no material lead can promise where a stalemate wins (however small its share), a draw where it
 * is one. w->pos is the stalemated side's turn. */
static int stalemate_score(const Worker *w, int ply)
{
    return w->pos.v->desc->stalemate_share_permille > 500 ? SCORE_STALEMATE - ply : -draw_score(w);
}

/* The share of the move rule's count over which static scores fade to the draw. */
enum { MOVE_RULE_FADE_DIVISOR = 2 };

/* Does side c hold a man that forces mate on the other side's bare king (PieceDesc.mates_alone)? */
static bool mates_bare_king(const Position *p, Color c)
{
    if (p->men_count[!c] != 1)
        return false;
    for (int t = KING + 1; t < PIECE_TYPE_NB; t++)
        if (p->count[c][t] && p->v->desc->pieces[t].mates_alone)
            return true;
    return false;
}

/*
 * A static score. Where a man forces mate on a bare king, the evaluation is lifted into the band of
 * known wins, above a stalemate: a stalemate wins less than the point, and the mate the search
 * cannot see yet is certain. An advantage not turned into a capture or pawn move (which reset the
 * count) before the move rule ends the game is worth nothing: over the last part of the count a
 * static score fades toward the draw (a known win below a stalemate at last), so the search
 * prefers lines that make progress, and mates sooner rather than later.
 */
static int fade_to_move_rule(const Position *p, int eval)
{
    if (mates_bare_king(p, p->stm))
        eval += SCORE_KNOWN_WIN;
    else if (mates_bare_king(p, (Color)!p->stm))
        eval -= SCORE_KNOWN_WIN;
    int limit = p->v->desc->move_rule_draw;
    int window = limit / MOVE_RULE_FADE_DIVISOR;
    int left = limit - p->halfmove;
    if (!limit || left >= window)
        return eval;
    return left > 0 ? eval * left / window : 0;
}

static bool has_pieces(const Position *p, Color c)
{
    return p->men_count[c] - p->count[c][PAWN] - p->count[c][KING] > 0;
}

/* ---- the search ---- */

/* Late-move reduction by depth and move number, in whole plies. */
static int reduction(const Worker *w, int depth, int searched)
{
    return w->engine->lmr[depth < 63 ? depth : 63][searched < 63 ? searched : 63];
}

static void update_pv(Worker *w, int ply, Move m)
{
    w->pv[ply][ply] = m;
    for (int i = ply + 1; i < w->pv_len[ply + 1]; i++)
        w->pv[ply][i] = w->pv[ply + 1][i];
    w->pv_len[ply] = w->pv_len[ply + 1] > ply + 1 ? w->pv_len[ply + 1] : ply + 1;
}

static void check_limits(Worker *w)
{
    Engine *e = w->engine;
    if (w->id != 0)
        return;
    if (e->limits.nodes && threads_nodes(e) >= e->limits.nodes)
        atomic_store(&e->stop, true);
    if (time_limit_passed(&e->time))
        atomic_store(&e->stop, true);
}

/* The clock is read every this many nodes (a power of two): well under a millisecond apart, so that
 * a fixed move time is overrun by less than that, at a cost too small to measure. */
enum { CLOCK_CHECK_NODES = 256 };

static bool count_node(Worker *w)
{
    /* Once stopped, the calls still made while the stack unwinds are not nodes. */
    if (atomic_load_explicit(&w->engine->stop, memory_order_relaxed))
        return true;
    /* Only this thread writes its count: a plain store, not a locked add, keeps it readable. */
    uint64_t n = atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&w->nodes, n, memory_order_relaxed);
    if ((n & (CLOCK_CHECK_NODES - 1)) == 0 || (w->engine->limits.nodes && w->id == 0))
        check_limits(w);
    return atomic_load_explicit(&w->engine->stop, memory_order_relaxed);
}

/* Takes a searched move's score into the node's best, alpha and PV; true on a beta cutoff. */
static bool record_score(Worker *w, int ply, Move m, int score, int *best, Move *best_move, int *alpha, int beta)
{
    if (score <= *best)
        return false;
    *best = score;
    *best_move = m;
    if (score <= *alpha)
        return false;
    *alpha = score;
    update_pv(w, ply, m);
    return score >= beta;
}

/* The static evaluation of the node at ply: the network's when the search has one. */
static int evaluate_node(Worker *w, int ply)
{
    if (!w->net)
        return evaluate(&w->pos, w->eval, &w->pawns);
    nnue_update(w->net, w->nnue, ply);
    return nnue_output(w->net, &w->nnue[ply], w->pos.stm);
}

/* Makes m (MOVE_NONE: passes) from the node at ply; the network's accumulator of the child
 * takes note of the men moved, to be summed only if the child is evaluated. */
static void make_move(Worker *w, int ply, Move m)
{
    if (m == MOVE_NONE)
        pos_make_null(&w->pos);
    else
        pos_make(&w->pos, m);
    if (w->net)
        nnue_record_move(&w->nnue[ply + 1], &w->pos);
}

/* Beyond this many quiescence plies a check is no longer answered move by move. */
enum { QSEARCH_EVASION_PLIES = 6 };
/* How far activity (mobility, king safety) can move the material estimate, in practice. */
enum { LAZY_MARGIN = 400 };

static bool best_promotion_only(const Worker *w, const MoveList *ml, Move m)
{
    if (move_promo(m) == NO_TYPE)
        return true;
    for (int i = 0; i < ml->count; i++) {
        Move o = ml->moves[i];
        if ((o & 0xffff) == (m & 0xffff) && move_kind(o) == move_kind(m) &&
            w->eval->value[move_promo(o)] > w->eval->value[move_promo(m)])
            return false;
    }
    return true;
}

static int qsearch(Worker *w, int alpha, int beta, int ply, int qply)
{
    Position *p = &w->pos;
    w->pv_len[ply] = ply;
    if (count_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (is_draw(p, ply))
        return draw_score(w);
    TTHit tt = tt_lookup(w, ply);
    if (beta - alpha == 1 && tt_settles(&tt, 0, alpha, beta))
        return tt.score;
    bool checked = w->in_check[ply];
    bool in_check = checked && qply < QSEARCH_EVASION_PLIES;
    if (ply >= MAX_PLY - 1)
        return in_check ? 0 : fade_to_move_rule(p, evaluate_node(w, ply));
    int best = -SCORE_INFINITE, orig_alpha = alpha, static_eval = TT_NO_EVAL;
    Move best_move = MOVE_NONE;
    if (!in_check) {
        /* Step 1. Stand pat: the side to move need not capture. Far outside the window the
         * cheap material estimate decides, sparing the mobility count. */
        if (tt.eval != TT_NO_EVAL) {
            static_eval = tt.eval;
            best = fade_to_move_rule(p, static_eval);
        } else if (w->net) {
            static_eval = evaluate_node(w, ply);
            best = fade_to_move_rule(p, static_eval);
        } else {
            int material = evaluate_material(p, w->eval, &w->pawns);
            int estimate = fade_to_move_rule(p, material);
            bool decided = estimate - LAZY_MARGIN >= beta || estimate + LAZY_MARGIN <= alpha;
            if (!decided)
                static_eval = material + evaluate_activity(p, w->eval);
            best = decided ? estimate : fade_to_move_rule(p, static_eval);
        }
        if (best >= beta) {
            if (tt.bound == BOUND_NONE)
                tt_store(&w->engine->tt, p->key, MOVE_NONE, score_to_tt(best, ply), static_eval, 0, BOUND_LOWER);
            return best;
        }
        if (best > alpha)
            alpha = best;
    }
    MoveList ml;
    MoveFilter filter;
    gen_moves(p, checked, in_check ? GEN_ALL : GEN_NOISY, &ml, &filter);
    MovePicker pk;
    score_moves(w, &ml, &pk, tt.move, ply, NULL);
    if (checked)
        drop_unwanted(w, &ml, &pk, &filter, 0);
    for (int i = 0; i < ml.count; i++) {
        Move m = pick_next_move(w, &ml, &pk, i);
        /* Step 2. Only the strongest promotion of a pawn is worth a look here. */
        if (!in_check && !best_promotion_only(w, &ml, m))
            continue;
        /* Step 3. Delta pruning: even winning this man for nothing cannot reach alpha. */
        if (!in_check && move_promo(m) == NO_TYPE &&
            best + piece_value(w, captured_piece(p, m)) + DELTA_MARGIN <= alpha)
            continue;
        /* Step 4. Captures that lose material in the exchange (ordered as losing) are not
         * worth searching. */
        if (!in_check && (pk.scores[i] < 0 || (m == tt.move && !see_ge(&w->pos, w->eval->value, m, 0))))
            continue;
        tt_prefetch(&w->engine->tt, pos_key_after(p, m));
        /* Legality last: the moves pruned above need no test. */
        if (!move_is_safe(p, &filter, m))
            continue;
        w->in_check[ply + 1] = move_gives_check(p, &filter, m);
        note_move_played(w, ply, m);
        make_move(w, ply, m);
        int score = -qsearch(w, -beta, -alpha, ply + 1, qply + 1);
        pos_unmake(p);
        if (atomic_load_explicit(&w->engine->stop, memory_order_relaxed))
            return 0;
        if (record_score(w, ply, m, score, &best, &best_move, &alpha, beta))
            break;
    }
    if (best == -SCORE_INFINITE) /* in check, and no move is legal */
        return -SCORE_MATE + ply;
    int bound = best >= beta ? BOUND_LOWER : best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&w->engine->tt, p->key, best_move, score_to_tt(best, ply), static_eval, 0, bound);
    return best;
}

static bool excluded_at_root(const Worker *w, Move m)
{
    for (int i = 0; i < w->excluded_nb; i++)
        if (w->excluded[i] == m)
            return true;
    return false;
}

static int search(Worker *w, int alpha, int beta, int depth, int ply, bool null_ok)
{
    Position *p = &w->pos;
    Engine *e = w->engine;
    bool root = ply == 0;
    bool pv_node = beta - alpha > 1;

    if (depth <= 0)
        return qsearch(w, alpha, beta, ply, 0);
    w->pv_len[ply] = ply;
    if (count_node(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;

    if (!root) {
        /* Step 1. Draws by rule, and mate-distance pruning. */
        if (is_draw(p, ply))
            return draw_score(w);
        if (ply >= MAX_PLY - 1)
            return fade_to_move_rule(p, evaluate_node(w, ply));
        int mate_alpha = alpha > -SCORE_MATE + ply ? alpha : -SCORE_MATE + ply;
        int mate_beta = beta < SCORE_MATE - ply - 1 ? beta : SCORE_MATE - ply - 1;
        if (mate_alpha >= mate_beta)
            return mate_alpha;
        /* Step 1b. Endgame tables: the exact value once few enough men are left. */
        int tb_score;
        if (e->tb && tb_search_score(e->tb, p, SCORE_MATE - ply, stalemate_score(w, ply), draw_score(w), &tb_score))
            return tb_score;
    }

    /* Step 2. Transposition table: a deep enough bound ends the node outside PV lines. */
    TTHit tt = tt_lookup(w, ply);
    if (!pv_node && tt_settles(&tt, depth, alpha, beta))
        return tt.score;
    Move tt_move = tt.move;

    bool in_check = w->in_check[ply];
    /* The table keeps the unfaded evaluation: the same position recurs with other counts. */
    int raw_eval = in_check ? TT_NO_EVAL : tt.eval != TT_NO_EVAL ? tt.eval : evaluate_node(w, ply);
    int static_eval = in_check ? TT_NO_EVAL : fade_to_move_rule(p, raw_eval);
    w->static_evals[ply] = static_eval;
    /* Better than two plies ago: pruning may be bolder, reductions smaller. */
    bool improving = !in_check && ply >= 2 && w->static_evals[ply - 2] != TT_NO_EVAL &&
                     static_eval > w->static_evals[ply - 2];

    /* The table's bound, where it says more than the evaluation, is the better estimate of the
     * node for deciding what to prune (improving still compares static evaluations). */
    int estimate = static_eval;
    if (!in_check && tt.bound != BOUND_NONE && abs(tt.score) < SCORE_KNOWN &&
        (tt.bound == BOUND_EXACT || (tt.bound == BOUND_LOWER && tt.score > estimate) ||
         (tt.bound == BOUND_UPPER && tt.score < estimate)))
        estimate = tt.score;

    /* The evaluation holds nothing against a beta that is a forced stalemate or mate suffered
     * (the opponent has one): passing or trusting it would hide how the side to move escapes. */
    if (!pv_node && !in_check && beta > -SCORE_KNOWN) {
        /* Step 3. Reverse futility: far above beta near the leaves, trust the evaluation. */
        if (depth <= RFP_DEPTH && estimate - RFP_MARGIN * (depth - improving) >= beta && estimate < SCORE_KNOWN)
            return estimate;
        /* Step 4. Null move: if passing still holds beta, a real move will too. The further
         * above beta, the less a verification needs to see. */
        if (null_ok && depth >= NMP_DEPTH && estimate >= beta && has_pieces(p, p->stm)) {
            int surplus = (estimate - beta) / NMP_SURPLUS_PER_PLY;
            int r = NMP_BASE_R + depth / NMP_DEPTH_DIVISOR + (surplus < NMP_SURPLUS_PLIES ? surplus : NMP_SURPLUS_PLIES);
            note_move_played(w, ply, MOVE_NONE);
            make_move(w, ply, MOVE_NONE);
            tt_prefetch(&e->tt, p->key);
            w->in_check[ply + 1] = false; /* else the side passing would have been able to take the king */
            int score = -search(w, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
            pos_unmake(p);
            if (atomic_load_explicit(&e->stop, memory_order_relaxed))
                return 0;
            if (score >= beta)
                return score >= SCORE_KNOWN ? beta : score;
        }
    }

    /* Step 4b. Internal iterative reduction: with no move from the table, this node was never
     * searched (or lost its entry); a shallower search orders it for the next iteration cheaply. */
    if (depth >= IIR_DEPTH && tt_move == MOVE_NONE)
        depth--;

    /* Step 4c. The noisy moves first, and the quiet ones only once those are used up: a noisy move
     * refutes about half the nodes before a quiet one is tried. A quiet table move comes first
     * and brings the others with it; in check, every move is generated at once to be sorted
     * out at once; and the root needs them all. */
    bool staged = !root && !in_check && (tt_move == MOVE_NONE || move_is_noisy(p, tt_move));
    MoveList ml;
    MoveFilter filter;
    gen_moves(p, in_check, staged ? GEN_NOISY : GEN_ALL, &ml, &filter);
    MovePicker pk;
    score_moves(w, &ml, &pk, tt_move, ply, staged ? &filter : NULL);
    /* In check, most moves are illegal at one look: they need not be sorted. */
    if (in_check)
        drop_unwanted(w, &ml, &pk, &filter, 0);
    int best = -SCORE_INFINITE, orig_alpha = alpha, searched = 0;
    Move best_move = MOVE_NONE;
    Move quiets[MAX_MOVES], noisies[MAX_MOVES];
    int quiet_nb = 0, noisy_nb = 0;
    /* Late-move pruning's count, worked out once for the node rather than at every move. */
    int late_after = (4 + depth * depth) * (2 + improving) / 3;

    for (int i = 0; picker_has_move(w, &ml, &pk, i); i++) {
        /* Step 5. Near the leaves, late quiet moves are pruned outright (sooner when the
         * position is not improving), and so are captures that lose too much in the exchange.
         * A move that gives check is kept: it may mate, which neither the move count, the
         * static evaluation nor the exchange can tell; but it is not extended (a mate shows
         * at any depth: the node after it finds no legal reply). */
        bool pruning = !root && best > -SCORE_KNOWN;
        /* Futility: a quiet move cannot lift a static evaluation this far below alpha. */
        bool quiets_pruned = pruning && !pv_node && !in_check && alpha < SCORE_KNOWN &&
                             ((depth <= LMP_DEPTH && searched > late_after) ||
                              (depth <= FUTILITY_DEPTH && searched > 0 &&
                               estimate + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha));
        /* Pruned once, quiet moves stay pruned (the count and alpha only grow): the picker may
         * drop those that do not check, sparing their sort and picks. */
        if (quiets_pruned && !pk.dropping) {
            drop_unwanted(w, &ml, &pk, &filter, i);
            if (!picker_has_move(w, &ml, &pk, i))
                break;
        }
        Move m = pick_next_move(w, &ml, &pk, i);
        tt_prefetch(&e->tt, pos_key_after(p, m));
        bool noisy = move_is_noisy(p, m);
        /* Asked before the move is made: most moves are cleared by the geometry at one look. */
        bool gives_check = move_gives_check(p, &filter, m);
        bool prunable = false;
        if (pruning) {
            /* A quiet move already pruned needs no exchange evaluation. */
            prunable = (quiets_pruned && !noisy) ||
                       (depth <= SEE_PRUNE_DEPTH &&
                        (noisy ? pk.scores[i] < 0 && !see_ge(&w->pos, w->eval->value, m, -SEE_PRUNE_MARGIN * depth)
                               : !in_check && !see_ge(&w->pos, w->eval->value, m, -SEE_QUIET_MARGIN * depth)));
            if (prunable && !gives_check)
                continue;
        }
        /* Legality is tested only here: a cutoff spares the test of the moves after it, and a move
         * pruned (which changes nothing) needs none. */
        if (!move_is_safe(p, &filter, m) || (root && excluded_at_root(w, m)))
            continue;
        /* Step 6. Check extension, for checks that do not give material away, and bounded: a
         * line of checks may not grow past twice the iteration's depth. */
        bool extend = gives_check && !prunable && ply < 2 * (w->completed_depth + 1) &&
                      see_ge(&w->pos, w->eval->value, m, 0);
        int stat = noisy ? 0 : quiet_move_stat(w, m, ply);
        int new_depth = depth - 1 + extend;
        /* Only a search below (not the quiescence search) updates the tables the quiet moves are
         * scored from: they are read before it. */
        if (new_depth > 0 && pk.quiets_unscored)
            score_quiet_moves(w, &ml, &pk);
        note_move_played(w, ply, m);
        make_move(w, ply, m);
        w->in_check[ply + 1] = gives_check;
        int score;
        if (searched == 0) {
            score = -search(w, -beta, -alpha, new_depth, ply + 1, true);
        } else {
            /* Step 7. Late-move reductions for quiet moves, then a null-window probe (PVS). */
            int r = 0;
            if (depth >= LMR_DEPTH && !noisy && !in_check && !gives_check &&
                searched >= (pv_node ? LMR_PV_MOVES : LMR_MOVES)) {
                r = reduction(w, depth, searched);
                if (pv_node)
                    r--;
                if (!improving)
                    r++;
                /* Moves that often refuted other positions deserve a closer look. */
                r -= stat / LMR_HISTORY_PER_PLY;
                if (r < 0)
                    r = 0;
                if (r > new_depth - 1)
                    r = new_depth - 1 > 0 ? new_depth - 1 : 0;
            }
            score = -search(w, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (score > alpha && r > 0)
                score = -search(w, -alpha - 1, -alpha, new_depth, ply + 1, true);
            if (score > alpha && score < beta)
                score = -search(w, -beta, -alpha, new_depth, ply + 1, true);
        }
        pos_unmake(p);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed))
            return 0;
        searched++;
        if (noisy)
            noisies[noisy_nb++] = m;
        else
            quiets[quiet_nb++] = m;
        if (record_score(w, ply, m, score, &best, &best_move, &alpha, beta)) {
            if (!noisy)
                update_quiet_stats(w, m, depth, ply, quiets, quiet_nb);
            update_capture_stats(w, m, depth, noisies, noisy_nb);
            break;
        }
    }
    /* Nothing searched: every root move excluded, or (since a move is pruned only after one was
     * searched) no legal move, mate or stalemate. */
    if (searched == 0)
        return root      ? alpha
               : in_check ? -SCORE_MATE + ply
                          : -stalemate_score(w, ply);
    int bound = best >= beta ? BOUND_LOWER : best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&e->tt, p->key, best_move, score_to_tt(best, ply), raw_eval, depth, bound);
    return best;
}

/* ---- iterative deepening ---- */

static void fill_info(Worker *w, SearchInfo *info, int depth, int score, int line)
{
    Engine *e = w->engine;
    memset(info, 0, sizeof *info);
    info->multipv = line;
    info->depth = depth;
    info->seldepth = w->seldepth;
    info->score = score;
    info->is_mate = abs(score) >= SCORE_MATE_IN_MAX;
    if (info->is_mate)
        info->mate_moves = score > 0 ? (SCORE_MATE - score + 1) / 2 : -(SCORE_MATE + score) / 2;
    info->nodes = threads_nodes(e);
    double elapsed = time_elapsed_ms(&e->time);
    info->time_ms = (int)elapsed;
    info->nps = elapsed > 0 ? (uint64_t)((double)info->nodes * 1000.0 / elapsed) : 0;
    info->hashfull = tt_hashfull(&e->tt);
    info->pv_len = w->pv_len[0];
    memcpy(info->pv, w->pv[0], sizeof(Move) * (size_t)info->pv_len);
}

static int aspiration(Worker *w, int depth, int previous)
{
    int delta = ASPIRATION_WINDOW;
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= ASPIRATION_DEPTH && abs(previous) < SCORE_KNOWN) {
        alpha = previous - delta;
        beta = previous + delta;
    }
    w->in_check[0] = pos_in_check(&w->pos);
    for (;;) {
        int score = search(w, alpha, beta, depth, 0, false);
        if (atomic_load_explicit(&w->engine->stop, memory_order_relaxed))
            return score;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = score - delta > -SCORE_INFINITE ? score - delta : -SCORE_INFINITE;
        } else if (score >= beta) {
            beta = score + delta < SCORE_INFINITE ? score + delta : SCORE_INFINITE;
        } else {
            return score;
        }
        delta += delta;
    }
}

typedef struct {
    SearchInfoFn cb;
    void *ctx;
    int lines;
    int max_depth;
} IterationPlan;

static void iterate(Worker *w, const IterationPlan *plan)
{
    Engine *e = w->engine;
    int previous[MAX_MULTIPV] = {0};
    for (int depth = 1 + (w->id & 1); depth <= plan->max_depth; depth++) {
        /* A helper that searched the main thread's depth would mostly repeat its work: it stays
         * one or two plies ahead instead, and what it finds there waits in the table for the
         * main thread's next iteration. */
        if (w->id != 0) {
            int ahead = atomic_load_explicit(&e->main_depth, memory_order_relaxed) + 1 + (w->id & 1);
            if (depth < ahead)
                depth = ahead < plan->max_depth ? ahead : plan->max_depth;
        }
        w->seldepth = 0;
        w->excluded_nb = 0;
        SearchInfo found[MAX_MULTIPV];
        int line;
        for (line = 0; line < plan->lines; line++) {
            int score = aspiration(w, depth, previous[line]);
            if (atomic_load_explicit(&e->stop, memory_order_relaxed))
                break;
            if (w->pv_len[0] == 0)
                break; /* fewer legal moves than lines */
            previous[line] = score;
            w->excluded[w->excluded_nb++] = w->pv[0][0];
            if (w->id == 0)
                fill_info(w, &found[line], depth, score, line + 1);
        }
        /* Lines are reported best first: a later line can outscore an earlier one when the
         * search of the earlier was less complete. A partly searched depth only updates line 1,
         * which always searched every move. */
        bool stopped = atomic_load_explicit(&e->stop, memory_order_relaxed);
        if (w->id == 0 && line > 0) {
            int n = stopped ? 1 : line;
            for (int i = 1; i < n; i++)
                for (int j = i; j > 0 && found[j].score > found[j - 1].score; j--) {
                    SearchInfo t = found[j];
                    found[j] = found[j - 1];
                    found[j - 1] = t;
                }
            for (int i = 0; i < n; i++) {
                found[i].multipv = i + 1;
                e->lines[i] = found[i];
                if (plan->cb && !stopped)
                    plan->cb(&e->lines[i], plan->ctx);
            }
        }
        /* Stopped before line 1 finished: a root move that beat the window in this unfinished
         * iteration was searched in full to this depth, deeper than the last finished one. */
        if (stopped && w->id == 0 && line == 0 && w->pv_len[0] > 0) {
            e->lines[0].pv_len = w->pv_len[0];
            memcpy(e->lines[0].pv, w->pv[0], sizeof(Move) * (size_t)w->pv_len[0]);
        }
        if (stopped)
            break;
        w->completed_depth = depth;
        if (w->id != 0)
            continue;
        atomic_store_explicit(&e->main_depth, depth, memory_order_relaxed);
        /* Step 8. Stop between iterations once the planned time is spent. */
        if (time_limit_passed(&e->time))
            break;
        int mate = e->limits.mate;
        if (mate && e->lines[0].is_mate && e->lines[0].mate_moves > 0 && e->lines[0].mate_moves <= mate)
            break;
    }
}

static int helper_main(void *arg)
{
    Worker *w = arg;
    IterationPlan plan = {NULL, NULL, 1, MAX_PLY - 1};
    iterate(w, &plan);
    return 0;
}

static uint64_t next_random(Engine *e)
{
    e->rng ^= e->rng << 13;
    e->rng ^= e->rng >> 7;
    e->rng ^= e->rng << 17;
    return e->rng;
}

/* Below full strength the engine picks among its best lines with noise proportional to weakness.
 * A search stopped inside its first iteration has no line yet: then it is the full-strength choice. */
static Move weakened_choice(Engine *e, int lines, Move fallback)
{
    int weakness = (SKILL_MAX - e->skill) * SKILL_NOISE_PER_LEVEL;
    Move choice = fallback;
    int best = -SCORE_INFINITE * 2;
    for (int i = 0; i < lines; i++) {
        if (e->lines[i].pv_len == 0)
            continue;
        int noisy = e->lines[i].score + (int)(next_random(e) % (uint64_t)(weakness + 1));
        if (noisy > best) {
            best = noisy;
            choice = e->lines[i].pv[0];
        }
    }
    return choice;
}

Move engine_search(Engine *e, Position *root, const SearchLimits *limits, SearchInfoFn cb, void *ctx)
{
    /* The tables the search can reach from the root are read before the clock starts: the first
     * time an ending comes up, reading them from disk can take most of a short move time, and a
     * search left with none of it would answer with an unsearched move where the tables know the
     * mate. Their best move stands until an iteration of the search finishes. */
    const Variant *v = root->v;
    engine_load_tables(e, root);
    uint16_t tb_value;
    Move tb_move = e->tb ? tb_best_move(e->tb, root, &tb_value) : MOVE_NONE;
    time_start(&e->time);
    e->limits = *limits;
    if (!e->armed)
        atomic_store(&e->stop, false);
    e->armed = false;
    memset(e->lines, 0, sizeof e->lines);
    int slot = v == e->eval_variant[0] ? 0 : v == e->eval_variant[1] ? 1 : -1;
    if (slot < 0) {
        slot = e->eval_variant[0] ? 1 : 0;
        eval_build(&e->eval[slot], v);
        e->eval_variant[slot] = v;
    }
    MoveList legal;
    gen_legal(root, &legal);
    if (legal.count == 0)
        return MOVE_NONE;
    time_plan(&e->time, limits, root->stm, e->move_overhead);
    tt_new_search(&e->tt);

    bool weakened = e->skill < SKILL_MAX;
    IterationPlan plan = {cb, ctx, e->multipv, limits->depth > 0 ? limits->depth : MAX_PLY - 1};
    if (weakened) {
        plan.lines = plan.lines < SKILL_LINES ? SKILL_LINES : plan.lines;
        int cap = 1 + e->skill / 2;
        plan.max_depth = plan.max_depth < cap ? plan.max_depth : cap;
    }
    if (plan.lines > legal.count)
        plan.lines = legal.count;
    /* The network, when asked for and one of this variant is loaded. */
    const Network *net = e->use_nnue && e->net && nnue_variant(e->net) == v ? e->net : NULL;
    threads_prepare(e, root, &e->eval[slot], net);
    int started = threads_start_helpers(e, helper_main);
    iterate(&e->workers[0], &plan);
    /* An infinite or ponder search reports only when told to stop. */
    while (limits->infinite && !atomic_load(&e->stop)) {
        struct timespec pause = {0, 1000000};
        thrd_sleep(&pause, NULL);
    }
    atomic_store(&e->stop, true);
    threads_join_helpers(e, started);

    /* Stopped inside the first iteration (a tiny clock): the best root move finished so far. */
    Worker *main_worker = &e->workers[0];
    Move best = e->lines[0].pv_len ? e->lines[0].pv[0]
                : tb_move != MOVE_NONE ? tb_move
                : main_worker->pv_len[0] ? main_worker->pv[0][0]
                                         : legal.moves[0];
    if (weakened)
        best = weakened_choice(e, plan.lines, best);
    return best;
}
