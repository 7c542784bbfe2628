#include "search.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "arbiter.h"
#include "eval.h"
#include "movegen.h"
#include "see.h"
#include "status.h"
#include "tt.h"

/* Where a stalemate wins for the stalemating side: below any mate, above any material edge. */
enum { SCORE_STALEMATE_WIN = SCORE_MATE_IN_MAX - 2000, SCORE_KNOWN = SCORE_STALEMATE_WIN - MAX_PLY };
enum { MAX_THREADS = 64, MAX_HASH_MB = 65536 };

typedef struct Worker {
    struct Engine *engine;
    int id;
    Position pos;
    const EvalTables *eval;
    PawnCache pawns;
    const Variant *pawns_variant; /* the variant whose evaluation filled pawns */
    Move killers[MAX_PLY][2];
    int16_t history[COLOR_NB][MAX_CELLS][MAX_CELLS];
    /* The quiet move that last refuted a move, by countermove_index of the refuted move. */
    Move countermoves[32 * MAX_CELLS];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int static_evals[MAX_PLY + 1]; /* per ply of the current line; TT_NO_EVAL in check */
    int pv_len[MAX_PLY + 1];
    atomic_uint_fast64_t nodes;
    int seldepth;
    int completed_depth;
    Color root_stm;
    /* Root moves excluded from this search (MultiPV lines already reported). */
    Move excluded[MAX_MULTIPV];
    int excluded_nb;
    thrd_t thread;
} Worker;

struct Engine {
    TTable tt;
    int hash_mb, threads, multipv, skill, move_overhead, contempt;
    bool castling;
    char variant[16];
    Worker *workers;
    int worker_nb;
    EvalTables eval[2];
    const Variant *eval_variant[2];
    atomic_bool stop;
    bool armed; /* engine_arm ran: the next search must not clear stop */
    SearchLimits limits;
    double start_time;
    int64_t soft_ms, hard_ms; /* 0: no time limit */
    uint64_t rng;
    SearchInfo lines[MAX_MULTIPV];
    uint8_t lmr[64][64]; /* late-move reductions: log(depth) * log(move number) / 2.2 */
};

const EngineOption engine_options[] = {
    {"UCI_Variant", OPT_COMBO, "cescacs", 0, 0, "cescacs glinski", "the game: C'escacs or Glinski"},
    {"Hash", OPT_SPIN, "16", 1, MAX_HASH_MB, NULL, "transposition table size in megabytes"},
    {"Threads", OPT_SPIN, "1", 1, MAX_THREADS, NULL, "search threads (lazy SMP)"},
    {"MultiPV", OPT_SPIN, "1", 1, MAX_MULTIPV, NULL, "best lines to report"},
    {"Skill Level", OPT_SPIN, "20", 0, 20, NULL, "playing strength, 20 = full"},
    {"Move Overhead", OPT_SPIN, "30", 0, 5000, NULL, "milliseconds kept back per move for transmission"},
    {"Contempt", OPT_SPIN, "0", -200, 200, NULL, "centipawns a draw is worth less than even to the engine"},
    {"Clear Hash", OPT_BUTTON, NULL, 0, 0, NULL, "empty the transposition table"},
    {"CescacsCastling", OPT_CHECK, "true", 0, 0, NULL, "false plays C'escacs without castling (leap cannot capture)"},
    {NULL, OPT_SPIN, NULL, 0, 0, NULL, NULL},
};

static double now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void search_limits_init(SearchLimits *l)
{
    memset(l, 0, sizeof *l);
    l->time_ms[WHITE] = l->time_ms[BLACK] = -1;
}

static bool resize_workers(Engine *e, int n)
{
    Worker *w = calloc((size_t)n, sizeof *w);
    if (!w)
        return false;
    free(e->workers);
    e->workers = w;
    e->worker_nb = n;
    for (int i = 0; i < n; i++) {
        w[i].engine = e;
        w[i].id = i;
    }
    return true;
}

Engine *engine_new(void) { return engine_new_hash(16); }

Engine *engine_new_hash(int hash_mb)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->hash_mb = hash_mb;
    e->threads = 1;
    e->multipv = 1;
    e->skill = 20;
    e->move_overhead = 30;
    e->castling = true;
    strcpy(e->variant, "cescacs");
    e->rng = 0x9E3779B97F4A7C15ull;
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            e->lmr[d][m] = (uint8_t)(0.5 + log(d) * log(m) / 2.2);
    if (!tt_resize(&e->tt, (size_t)e->hash_mb) || !resize_workers(e, 1)) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(Engine *e)
{
    if (!e)
        return;
    tt_free(&e->tt);
    free(e->workers);
    free(e);
}

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt);
    for (int i = 0; i < e->worker_nb; i++) {
        memset(e->workers[i].history, 0, sizeof e->workers[i].history);
        memset(e->workers[i].killers, 0, sizeof e->workers[i].killers);
        memset(e->workers[i].countermoves, 0, sizeof e->workers[i].countermoves);
    }
}

static uint64_t total_nodes(const Engine *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->worker_nb; i++)
        n += atomic_load_explicit(&e->workers[i].nodes, memory_order_relaxed);
    return n;
}

uint64_t engine_last_nodes(const Engine *e) { return total_nodes(e); }

void engine_stop(Engine *e) { atomic_store(&e->stop, true); }

void engine_arm(Engine *e)
{
    atomic_store(&e->stop, false);
    e->armed = true;
}

static bool name_is(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a | 32) != (*b | 32))
            return false;
    return !*a && !*b;
}

bool engine_set_option(Engine *e, const char *name, const char *value, char *err, int err_size)
{
    const EngineOption *o = engine_options;
    while (o->name && !name_is(o->name, name))
        o++;
    if (!o->name) {
        snprintf(err, (size_t)err_size, "unknown option '%s'", name);
        return false;
    }
    long n = 0;
    if (o->type == OPT_SPIN) {
        char *end;
        n = value ? strtol(value, &end, 10) : 0;
        if (!value || end == value || *end || n < o->min || n > o->max) {
            snprintf(err, (size_t)err_size, "option '%s' takes a number from %d to %d, not '%s'", o->name, o->min,
                     o->max, value ? value : "");
            return false;
        }
    }
    if (o->type == OPT_CHECK && (!value || (strcmp(value, "true") && strcmp(value, "false")))) {
        snprintf(err, (size_t)err_size, "option '%s' takes true or false, not '%s'", o->name, value ? value : "");
        return false;
    }
    if (!strcmp(o->name, "UCI_Variant")) {
        if (!value || !variant_find(value)) {
            snprintf(err, (size_t)err_size, "UCI_Variant takes cescacs or glinski, not '%s'", value ? value : "");
            return false;
        }
        snprintf(e->variant, sizeof e->variant, "%s", value);
    } else if (!strcmp(o->name, "Hash")) {
        if (!tt_resize(&e->tt, (size_t)n)) {
            snprintf(err, (size_t)err_size, "cannot allocate %ld MB for the hash table", n);
            return false;
        }
        e->hash_mb = (int)n;
    } else if (!strcmp(o->name, "Threads")) {
        if (!resize_workers(e, (int)n)) {
            snprintf(err, (size_t)err_size, "cannot allocate %ld search threads", n);
            return false;
        }
        e->threads = (int)n;
    } else if (!strcmp(o->name, "MultiPV")) {
        e->multipv = (int)n;
    } else if (!strcmp(o->name, "Skill Level")) {
        e->skill = (int)n;
    } else if (!strcmp(o->name, "Move Overhead")) {
        e->move_overhead = (int)n;
    } else if (!strcmp(o->name, "Contempt")) {
        e->contempt = (int)n;
    } else if (!strcmp(o->name, "Clear Hash")) {
        engine_new_game(e);
    } else if (!strcmp(o->name, "CescacsCastling")) {
        e->castling = !strcmp(value, "true");
    }
    return true;
}

const char *engine_variant(const Engine *e) { return e->variant; }
bool engine_castling(const Engine *e) { return e->castling; }

/* ---- time and node limits ---- */

/* A planned time is at least 1 ms: no time left means move at once, never "no limit". */
static int64_t at_least_1ms(int64_t ms) { return ms < 1 ? 1 : ms; }

/* In 64 bits: clock, increment and overhead come from the user and may each be near INT_MAX or
 * below zero. A negative increment counts as none. */
static void plan_time(Engine *e, Color us)
{
    const SearchLimits *l = &e->limits;
    e->soft_ms = e->hard_ms = 0;
    if (l->movetime_ms > 0) {
        e->soft_ms = e->hard_ms = at_least_1ms((int64_t)l->movetime_ms - e->move_overhead);
        return;
    }
    if (l->time_ms[us] < 0 || l->infinite)
        return;
    int64_t left = at_least_1ms((int64_t)l->time_ms[us] - e->move_overhead);
    int64_t moves = l->movestogo > 0 ? l->movestogo : 30;
    int64_t inc = l->inc_ms[us] > 0 ? l->inc_ms[us] : 0;
    int64_t base = left / moves + inc * 3 / 4;
    int64_t cap = left * 2 / 5;
    e->soft_ms = at_least_1ms(base < cap ? base : cap);
    e->hard_ms = at_least_1ms(base * 4 < cap ? base * 4 : cap);
}

static void check_limits(Worker *w)
{
    Engine *e = w->engine;
    if (w->id != 0)
        return;
    if (e->limits.nodes && total_nodes(e) >= e->limits.nodes)
        atomic_store(&e->stop, true);
    if (e->hard_ms && now_ms() - e->start_time >= e->hard_ms)
        atomic_store(&e->stop, true);
}

/* ---- move ordering ---- */

/* Noisy moves score ORDER_NOISY plus at most ORDER_BAND; until picked, their exchange is unjudged. */
enum {
    ORDER_TT = 1 << 30,
    ORDER_NOISY = 1 << 28,
    ORDER_BAND = 1 << 24,
    ORDER_KILLER = 1 << 26,
    ORDER_LOSING = -(1 << 28)
};

static int piece_value(const Worker *w, Piece pc) { return pc ? w->eval->value[piece_type(pc)] : 0; }

static Piece captured_piece(const Position *p, Move m)
{
    if (move_kind(m) == MK_EN_PASSANT)
        return p->board[p->ep_victim];
    if (move_kind(m) == MK_CASTLE || move_kind(m) == MK_PROMOTE_HERE)
        return EMPTY;
    return p->board[move_to(m)];
}

/* The countermove slot answering the move just played: its man and target hex (slot 0, never a
 * real move's, after a null move). */
static int countermove_index(const Position *p)
{
    Move last = p->ply > 0 ? p->hist[p->ply - 1].move : MOVE_NONE;
    if (last == MOVE_NONE)
        return 0;
    return (p->board[move_to(last)] & 31) * MAX_CELLS + move_to(last);
}

static void score_moves(const Worker *w, const MoveList *ml, int *scores, Move tt_move, int ply)
{
    const Position *p = &w->pos;
    Move countermove = w->countermoves[countermove_index(p)];
    for (int i = 0; i < ml->count; i++) {
        Move m = ml->moves[i];
        if (m == tt_move) {
            scores[i] = ORDER_TT;
        } else if (move_is_noisy(p, m)) {
            int victim = piece_value(w, captured_piece(p, m));
            int promo = move_promo(m) ? w->eval->value[move_promo(m)] : 0;
            scores[i] = ORDER_NOISY + (victim + promo) * 16 - piece_value(w, p->board[move_from(m)]) / 16;
        } else if (ply < MAX_PLY && (m == w->killers[ply][0] || m == w->killers[ply][1])) {
            scores[i] = ORDER_KILLER + 2 * (m == w->killers[ply][0]);
        } else if (m == countermove) {
            scores[i] = ORDER_KILLER - 1;
        } else {
            scores[i] = w->history[p->stm][move_from(m)][move_to(m)];
        }
    }
}

/*
 * The best-scored move left. A capture's exchange is judged only when it comes up, since a cutoff
 * often comes before most are reached: one that loses material moves after the killers and quiet
 * moves (a negative score), and the next best is picked instead.
 */
static Move pick_next(const Worker *w, MoveList *ml, int *scores, int start)
{
    for (;;) {
        int best = start;
        for (int i = start + 1; i < ml->count; i++)
            if (scores[i] > scores[best])
                best = i;
        Move m = ml->moves[best];
        int s = scores[best];
        ml->moves[best] = ml->moves[start];
        scores[best] = scores[start];
        ml->moves[start] = m;
        scores[start] = s;
        if (s < ORDER_NOISY - ORDER_BAND || s >= ORDER_NOISY + ORDER_BAND || see_ge(&w->pos, w->eval->value, m, 0))
            return m;
        scores[start] = s - ORDER_NOISY + ORDER_LOSING;
    }
}

static void update_quiet_stats(Worker *w, Move best, int depth, int ply, const Move *tried, int tried_nb)
{
    Color us = w->pos.stm;
    if (ply < MAX_PLY && w->killers[ply][0] != best) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = best;
    }
    w->countermoves[countermove_index(&w->pos)] = best;
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    for (int i = 0; i < tried_nb; i++) {
        int16_t *h = &w->history[us][move_from(tried[i])][move_to(tried[i])];
        int delta = tried[i] == best ? bonus : -bonus;
        /* Gravity keeps every entry inside +-16384 without clamping artefacts. */
        *h = (int16_t)(*h + delta - *h * abs(delta) / 16384);
    }
}

/* ---- scores ---- */

static int score_to_tt(int s, int ply)
{
    return s >= SCORE_KNOWN ? s + ply : s <= -SCORE_KNOWN ? s - ply : s;
}
static int score_from_tt(int s, int ply)
{
    return s >= SCORE_KNOWN ? s - ply : s <= -SCORE_KNOWN ? s + ply : s;
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

static bool count_node(Worker *w)
{
    /* Once stopped, the calls still made while the stack unwinds are not nodes. */
    if (atomic_load_explicit(&w->engine->stop, memory_order_relaxed))
        return true;
    uint64_t n = atomic_fetch_add_explicit(&w->nodes, 1, memory_order_relaxed) + 1;
    if ((n & 1023) == 0 || (w->engine->limits.nodes && w->id == 0))
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
    bool in_check = pos_in_check(p) && qply < QSEARCH_EVASION_PLIES;
    if (ply >= MAX_PLY - 1)
        return in_check ? 0 : evaluate(p, w->eval, &w->pawns);
    int best = -SCORE_INFINITE, orig_alpha = alpha, static_eval = TT_NO_EVAL;
    Move best_move = MOVE_NONE;
    if (!in_check) {
        /* Step 1. Stand pat: the side to move need not capture. Far outside the window the
         * cheap material estimate decides, sparing the mobility count. */
        if (tt.eval != TT_NO_EVAL) {
            best = static_eval = tt.eval;
        } else {
            int estimate = evaluate_material(p, w->eval, &w->pawns);
            bool decided = estimate - LAZY_MARGIN >= beta || estimate + LAZY_MARGIN <= alpha;
            best = decided ? estimate : (static_eval = evaluate(p, w->eval, &w->pawns));
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
    if (in_check)
        gen_legal(p, &ml);
    else
        gen_legal_noisy(p, &ml);
    if (in_check && ml.count == 0)
        return -SCORE_MATE + ply;
    int scores[MAX_MOVES];
    score_moves(w, &ml, scores, tt.move, ply);
    for (int i = 0; i < ml.count; i++) {
        Move m = pick_next(w, &ml, scores, i);
        /* Step 2. Only the strongest promotion of a pawn is worth a look here. */
        if (!in_check && !best_promotion_only(w, &ml, m))
            continue;
        /* Step 3. Delta pruning: even winning this man for nothing cannot reach alpha. */
        if (!in_check && move_promo(m) == NO_TYPE &&
            best + piece_value(w, captured_piece(p, m)) + 200 <= alpha)
            continue;
        /* Step 4. Captures that lose material in the exchange (ordered as losing) are not
         * worth searching. */
        if (!in_check && (scores[i] < 0 || (m == tt.move && !see_ge(&w->pos, w->eval->value, m, 0))))
            continue;
        pos_make(p, m);
        tt_prefetch(&w->engine->tt, p->key);
        int score = -qsearch(w, -beta, -alpha, ply + 1, qply + 1);
        pos_unmake(p);
        if (atomic_load_explicit(&w->engine->stop, memory_order_relaxed))
            return 0;
        if (record_score(w, ply, m, score, &best, &best_move, &alpha, beta))
            break;
    }
    if (best == -SCORE_INFINITE) /* in check, every evasion pruned: cannot happen, but stay sane */
        return alpha;
    int bound = best >= beta ? BOUND_LOWER : best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&w->engine->tt, p->key, best_move, score_to_tt(best, ply), static_eval, 0, bound);
    return best;
}

/* Asked only of a move about to be pruned, so that the cost of playing it is rarely paid. */
static bool gives_check(Position *p, Move m)
{
    pos_make(p, m);
    bool check = pos_in_check(p);
    pos_unmake(p);
    return check;
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
            return evaluate(p, w->eval, &w->pawns);
        int mate_alpha = alpha > -SCORE_MATE + ply ? alpha : -SCORE_MATE + ply;
        int mate_beta = beta < SCORE_MATE - ply - 1 ? beta : SCORE_MATE - ply - 1;
        if (mate_alpha >= mate_beta)
            return mate_alpha;
    }

    /* Step 2. Transposition table: a deep enough bound ends the node outside PV lines. */
    TTHit tt = tt_lookup(w, ply);
    if (!pv_node && tt_settles(&tt, depth, alpha, beta))
        return tt.score;
    Move tt_move = tt.move;

    bool in_check = pos_in_check(p);
    int static_eval = in_check ? TT_NO_EVAL : tt.eval != TT_NO_EVAL ? tt.eval : evaluate(p, w->eval, &w->pawns);
    w->static_evals[ply] = static_eval;
    /* Better than two plies ago: pruning may be bolder, reductions smaller. */
    bool improving = !in_check && ply >= 2 && w->static_evals[ply - 2] != TT_NO_EVAL &&
                     static_eval > w->static_evals[ply - 2];

    if (!pv_node && !in_check) {
        /* Step 3. Reverse futility: far above beta near the leaves, trust the evaluation. */
        if (depth <= 6 && static_eval - 90 * (depth - improving) >= beta && static_eval < SCORE_KNOWN)
            return static_eval;
        /* Step 4. Null move: if passing still holds beta, a real move will too. */
        if (null_ok && depth >= 3 && static_eval >= beta && has_pieces(p, p->stm)) {
            int r = 3 + depth / 4;
            pos_make_null(p);
            int score = -search(w, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
            pos_unmake(p);
            if (atomic_load_explicit(&e->stop, memory_order_relaxed))
                return 0;
            if (score >= beta)
                return score >= SCORE_KNOWN ? beta : score;
        }
    }

    MoveList ml;
    gen_legal(p, &ml);
    if (ml.count == 0)
        return in_check ? -SCORE_MATE + ply
                        : arbiter_stalemated_score(p->v, SCORE_STALEMATE_WIN - ply, draw_score(w));

    int scores[MAX_MOVES];
    score_moves(w, &ml, scores, tt_move, ply);
    int best = -SCORE_INFINITE, orig_alpha = alpha, searched = 0;
    Move best_move = MOVE_NONE;
    Move quiets[MAX_MOVES];
    int quiet_nb = 0;

    for (int i = 0; i < ml.count; i++) {
        Move m = pick_next(w, &ml, scores, i);
        if (root && excluded_at_root(w, m))
            continue;
        bool noisy = move_is_noisy(p, m);
        /* Step 5. Near the leaves, late quiet moves are pruned outright (sooner when the
         * position is not improving), and so are captures that lose too much in the exchange.
         * A move that gives check is kept: it may mate, which neither the move count, the
         * static evaluation nor the exchange can tell. */
        if (!root && best > -SCORE_KNOWN) {
            bool quiet_prunable = !pv_node && !in_check && !noisy;
            bool late = quiet_prunable && depth <= 3 && searched > (4 + depth * depth) * (2 + improving) / 3;
            /* Futility: a quiet move cannot lift a static evaluation this far below alpha. */
            bool futile = quiet_prunable && depth <= 5 && searched > 0 && static_eval + 100 + 90 * depth <= alpha;
            bool losing = noisy && depth <= 5 && scores[i] < 0 && !see_ge(&w->pos, w->eval->value, m, -120 * depth);
            if ((late || futile || losing) && !gives_check(p, m))
                continue;
        }
        pos_make(p, m);
        tt_prefetch(&e->tt, p->key);
        bool gives_check = pos_in_check(p);
        /* Step 6. Check extension. */
        /* (bounded: a line of checks may not grow past twice the iteration's depth) */
        int new_depth = depth - 1 + (gives_check && ply < 2 * (w->completed_depth + 1) ? 1 : 0);
        int score;
        if (searched == 0) {
            score = -search(w, -beta, -alpha, new_depth, ply + 1, true);
        } else {
            /* Step 7. Late-move reductions for quiet moves, then a null-window probe (PVS). */
            int r = 0;
            if (depth >= 3 && !noisy && !in_check && !gives_check && searched >= (pv_node ? 4 : 2)) {
                r = reduction(w, depth, searched);
                if (pv_node)
                    r--;
                if (!improving)
                    r++;
                /* Moves that often refuted other positions deserve a closer look. */
                r -= w->history[!p->stm][move_from(m)][move_to(m)] / 8192;
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
        if (!noisy)
            quiets[quiet_nb++] = m;
        if (record_score(w, ply, m, score, &best, &best_move, &alpha, beta)) {
            if (!noisy)
                update_quiet_stats(w, m, depth, ply, quiets, quiet_nb);
            break;
        }
    }
    if (searched == 0) /* every root move excluded */
        return alpha;
    int bound = best >= beta ? BOUND_LOWER : best > orig_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&e->tt, p->key, best_move, score_to_tt(best, ply), in_check ? TT_NO_EVAL : static_eval, depth, bound);
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
    info->nodes = total_nodes(e);
    double elapsed = now_ms() - e->start_time;
    info->time_ms = (int)elapsed;
    info->nps = elapsed > 0 ? (uint64_t)((double)info->nodes * 1000.0 / elapsed) : 0;
    info->hashfull = tt_hashfull(&e->tt);
    info->pv_len = w->pv_len[0];
    memcpy(info->pv, w->pv[0], sizeof(Move) * (size_t)info->pv_len);
}

static int aspiration(Worker *w, int depth, int previous)
{
    int delta = 30;
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= 5 && abs(previous) < SCORE_KNOWN) {
        alpha = previous - delta;
        beta = previous + delta;
    }
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
        if (stopped)
            break;
        w->completed_depth = depth;
        if (w->id != 0)
            continue;
        /* Step 8. Stop between iterations when the next one would likely not finish. */
        if (e->soft_ms && now_ms() - e->start_time > e->soft_ms * 0.6)
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

/* Below full strength the engine picks among its best lines with noise proportional to weakness. */
static Move weakened_choice(Engine *e, int lines)
{
    int weakness = (20 - e->skill) * 12;
    Move choice = e->lines[0].pv[0];
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
    e->start_time = now_ms();
    e->limits = *limits;
    if (!e->armed)
        atomic_store(&e->stop, false);
    e->armed = false;
    memset(e->lines, 0, sizeof e->lines);
    const Variant *v = root->v;
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
    plan_time(e, root->stm);
    tt_new_search(&e->tt);

    bool weakened = e->skill < 20;
    IterationPlan plan = {cb, ctx, e->multipv, limits->depth > 0 ? limits->depth : MAX_PLY - 1};
    if (weakened) {
        plan.lines = plan.lines < 4 ? 4 : plan.lines;
        int cap = 1 + e->skill / 2;
        plan.max_depth = plan.max_depth < cap ? plan.max_depth : cap;
    }
    if (plan.lines > legal.count)
        plan.lines = legal.count;
    for (int i = 0; i < e->worker_nb; i++) {
        Worker *w = &e->workers[i];
        memcpy(&w->pos, root, sizeof *root);
        w->root_stm = root->stm;
        w->eval = &e->eval[slot];
        if (w->pawns_variant != v) {
            pawn_cache_clear(&w->pawns);
            w->pawns_variant = v;
        }
        atomic_store(&w->nodes, 0);
        w->completed_depth = 0;
        w->pv_len[0] = 0;
    }
    int started = 1;
    for (int i = 1; i < e->worker_nb; i++)
        started += thrd_create(&e->workers[i].thread, helper_main, &e->workers[i]) == thrd_success;
    iterate(&e->workers[0], &plan);
    /* An infinite or ponder search reports only when told to stop. */
    while (limits->infinite && !atomic_load(&e->stop)) {
        struct timespec pause = {0, 1000000};
        thrd_sleep(&pause, NULL);
    }
    atomic_store(&e->stop, true);
    for (int i = 1; i < started; i++)
        thrd_join(e->workers[i].thread, NULL);

    /* Stopped inside the first iteration (a tiny clock): the best root move finished so far. */
    Worker *main_worker = &e->workers[0];
    Move best = e->lines[0].pv_len ? e->lines[0].pv[0] : main_worker->pv_len[0] ? main_worker->pv[0][0] : legal.moves[0];
    if (weakened)
        best = weakened_choice(e, plan.lines);
    return best;
}
