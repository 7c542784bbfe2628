#include "movepicker.h"

#include <limits.h>
#include <stdlib.h>

#include "see.h"

/* Noisy moves score ORDER_NOISY plus at most ORDER_BAND; until picked, their exchange is unjudged. */
enum {
    ORDER_TT = 1 << 30,
    ORDER_NOISY = 1 << 28,
    ORDER_BAND = 1 << 24,
    ORDER_KILLER = 1 << 26,
    ORDER_LOSING = -(1 << 28)
};

/* A cutoff at depth d earns d * d, up to this: one deep cutoff must not drown the others. */
enum { HISTORY_BONUS_MAX = 400 };
/* History scores stay within +-HISTORY_MAX: inside int16_t, and below the killers' order. */
enum { HISTORY_MAX = 16384 };
/* Capture history orders captures of like victims: at most about a pawn and a third either way
 * (victims count 16 per centipawn), never enough to put a pawn's capture before a rook's. */
enum { CAPTURE_HISTORY_PER_ORDER = 8 };

int piece_value(const Worker *w, Piece pc) { return pc ? w->eval->value[piece_type(pc)] : 0; }

Piece captured_piece(const Position *p, Move m)
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

/* The continuation tables of the last two moves before the node at ply: the opponent's, then ours. */
static const ContHistory *previous_move_table(const Worker *w, int ply, int back)
{
    return w->cont_line[ply + 2 - back];
}

/* The tables a quiet move's stat is read from at the node at ply: the side's history and the
 * continuation tables of the last two moves. Found once, for scoring a node's moves. */
typedef struct {
    const int16_t *history;
    const ContHistory *answered, *followed;
} QuietTables;

static QuietTables quiet_tables(const Worker *w, int ply)
{
    return (QuietTables){w->history[w->pos.stm], previous_move_table(w, ply, 1), previous_move_table(w, ply, 2)};
}

static int quiet_stat(const QuietTables *t, const Piece *board, Move m)
{
    PieceType type = piece_type(board[move_from(m)]);
    return t->history[history_index(m)] + (*t->answered)[type][move_to(m)] + (*t->followed)[type][move_to(m)];
}

int quiet_move_stat(const Worker *w, Move m, int ply)
{
    QuietTables t = quiet_tables(w, ply);
    return quiet_stat(&t, w->pos.board, m);
}

void note_move_played(Worker *w, int ply, Move m)
{
    PieceType type = m == MOVE_NONE ? NO_TYPE : piece_type(w->pos.board[move_from(m)]);
    w->cont_line[ply + 2] = &w->cont_history[type][m == MOVE_NONE ? 0 : move_to(m)];
}

/* Where a noisy move's capture history is, in the table seen as flat (by its man's type, target
 * and the type it takes: none for a plain promotion). */
static size_t capture_index(const Position *p, Move m)
{
    PieceType mover = piece_type(p->board[move_from(m)]), taken = piece_type(captured_piece(p, m));
    return ((size_t)mover * MAX_CELLS + move_to(m)) * PIECE_TYPE_NB + taken;
}

/* Moves scored from here up are picked from MovePicker.top; the rest score at most three
 * histories' worth (quiet moves) or below 0 (captures that lose material). */
enum { ORDER_TOP = ORDER_KILLER - 1 };
_Static_assert(3 * (int)HISTORY_MAX < (int)ORDER_TOP && ORDER_NOISY - ORDER_BAND > ORDER_TOP,
               "top moves outscore the rest");

/* A quiet move's score until score_quiet_moves reads its stat (every score is far above). */
enum { QUIET_UNSCORED = INT_MIN };

/* Scores moves [from, count) of ml, as score_moves describes. all_quiet: the moves come from the
 * quiet stage, which spares each a look at its target hex. Inlined into both callers whatever
 * the compiler judges: each copy then loses the tests of all_quiet (gcc -O2 kept one copy out
 * of line, which ran 42 M more instructions on bench). */
static inline __attribute__((always_inline)) void score_from(const Worker *w, const MoveList *ml, MovePicker *pk,
                                                             int from, bool all_quiet)
{
    const Position *p = &w->pos;
    Move tt_move = pk->tt_move;
    int ply = pk->ply;
    /* Read once into locals: a store to scores could alias any of them, forcing a reload per move. */
    Move countermove = w->countermoves[countermove_index(p)];
    Move killer0 = ply < MAX_PLY ? w->killers[ply][0] : MOVE_NONE;
    Move killer1 = ply < MAX_PLY ? w->killers[ply][1] : MOVE_NONE;
    /* The four moves' target hexes folded into a word: most quiet moves are told from all four by
     * one look at it, and only a noisy move is compared with the table move first. */
    uint64_t special_to = UINT64_C(1) << (move_to(tt_move) & 63) | UINT64_C(1) << (move_to(killer0) & 63) |
                          UINT64_C(1) << (move_to(killer1) & 63) | UINT64_C(1) << (move_to(countermove) & 63);
    const int *value = w->eval->value;
    int *scores = pk->scores;
    int count = ml->count, top_nb = pk->top_nb;
    for (int i = from; i < count; i++) {
        Move m = ml->moves[i];
        bool noisy = !all_quiet && move_is_noisy(p, m);
        if (!noisy && !(special_to >> (move_to(m) & 63) & 1)) {
            scores[i] = QUIET_UNSCORED;
            continue;
        }
        if (m == tt_move) {
            scores[i] = ORDER_TT;
        } else if (noisy) {
            int victim = piece_value(w, captured_piece(p, m));
            int promo = move_promo(m) ? value[move_promo(m)] : 0;
            scores[i] = ORDER_NOISY + (victim + promo) * 16 - piece_value(w, p->board[move_from(m)]) / 16 +
                        (&w->capture_history[0][0][0])[capture_index(p, m)] / CAPTURE_HISTORY_PER_ORDER;
        } else if (m == killer0 || m == killer1) {
            scores[i] = ORDER_KILLER + 2 * (m == killer0);
        } else if (m == countermove) {
            scores[i] = ORDER_TOP;
        } else {
            scores[i] = QUIET_UNSCORED;
            continue;
        }
        pk->top[top_nb++] = (uint16_t)i;
    }
    pk->quiets_unscored |= top_nb - pk->top_nb < count - from;
    pk->top_nb = top_nb;
    pk->sorted_from = count;
}

void score_moves(const Worker *w, const MoveList *ml, MovePicker *pk, Move tt_move, int ply,
                 const MoveFilter *quiets_to_come)
{
    pk->top_nb = 0;
    pk->sorted_to = 0;
    pk->dropping = NULL;
    pk->quiets_unscored = false;
    pk->quiets_to_come = quiets_to_come;
    pk->tt_move = tt_move;
    pk->ply = ply;
    score_from(w, ml, pk, 0, false);
}

void add_quiet_moves(const Worker *w, MoveList *ml, MovePicker *pk)
{
    int from = ml->count;
    gen_more_quiets(&w->pos, pk->quiets_to_come, ml);
    pk->quiets_to_come = NULL;
    score_from(w, ml, pk, from, true);
}

void score_quiet_moves(const Worker *w, const MoveList *ml, MovePicker *pk)
{
    QuietTables quiet = quiet_tables(w, pk->ply);
    const Piece *board = w->pos.board;
    int *scores = pk->scores;
    for (int i = 0; i < ml->count; i++)
        if (scores[i] == QUIET_UNSCORED)
            scores[i] = quiet_stat(&quiet, board, ml->moves[i]);
    pk->quiets_unscored = false;
}

/* Takes the unwanted moves out of ml from place `from` on, keeping the order of the rest and their
 * scores. */
static void leave_wanted(Worker *w, MoveList *ml, MovePicker *pk, int from)
{
    Position *p = &w->pos;
    MoveFilter *filter = pk->dropping;
    /* The end of the moves in order (MovePicker.sorted_to) follows them, if it lies in the part. */
    int kept = from, sorted_to = pk->sorted_to;
    for (int i = from; i < ml->count; i++) {
        if (i == pk->sorted_to)
            sorted_to = kept;
        Move m = ml->moves[i];
        if (filter->in_check ? move_may_answer_check(p, filter, m)
                             : move_is_noisy(p, m) || move_gives_check(p, filter, m)) {
            ml->moves[kept] = m;
            pk->scores[kept++] = pk->scores[i];
        }
    }
    if (pk->sorted_to == ml->count)
        sorted_to = kept;
    pk->sorted_to = sorted_to;
    ml->count = kept;
}

void drop_unwanted(Worker *w, MoveList *ml, MovePicker *pk, MoveFilter *filter, int start)
{
    pk->dropping = filter;
    if (start >= pk->sorted_from)
        leave_wanted(w, ml, pk, start);
}

/* Runs this short are sorted by insertion before merging: below it, insertion is the cheaper. */
enum { SORT_RUN = 8 };
/* The moves put in order first when more than SORT_ALL_BELOW are left (see sort_best; the sizes
 * measured best on bench). */
enum { SORT_FIRST = 6, SORT_ALL_BELOW = 4 * SORT_FIRST };

/* A move's sort key: its score above, then its place in the list reversed, so that keys are unique,
 * larger is better and equal scores keep their order (the one order a stable sort gives). */
static uint64_t sort_key(int score, int place)
{
    return (uint64_t)((uint32_t)score ^ 0x80000000u) << 32 | (uint32_t)(MAX_MOVES - place);
}

static int key_score(uint64_t key) { return (int)((int64_t)(key >> 32) - INT64_C(0x80000000)); }

static void insertion_sort(uint64_t *keys, int n)
{
    for (int i = 1; i < n; i++) {
        uint64_t k = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] < k; j--)
            keys[j] = keys[j - 1];
        keys[j] = k;
    }
}

/*
 * Sorts moves [from, count) by score, best first, keeping the order of equals. Insertion alone
 * costs quadratic time on the hundred or so quiet moves of a C'escacs node: sorted runs of keys
 * are merged bottom up instead, then the moves are put in the keys' order.
 */
static void sort_rest(MoveList *ml, int *scores, int from)
{
    int n = ml->count - from;
    Move *moves = ml->moves + from, original[MAX_MOVES];
    uint64_t keys[MAX_MOVES], spare[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        original[i] = moves[i];
        keys[i] = sort_key(scores[from + i], i);
    }
    for (int run = 0; run < n; run += SORT_RUN)
        insertion_sort(keys + run, n - run < SORT_RUN ? n - run : SORT_RUN);
    uint64_t *src = keys, *dst = spare;
    for (int width = SORT_RUN; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int a = lo, b = mid, k = lo;
            /* The run with the larger last key runs out first: only its end needs watching. (With
             * no second run, the last keys are one: the first run is copied.) */
            if (src[mid - 1] > src[hi - 1]) {
                while (a < mid)
                    dst[k++] = src[a] > src[b] ? src[a++] : src[b++];
            } else {
                while (b < hi)
                    dst[k++] = src[a] > src[b] ? src[a++] : src[b++];
            }
            while (a < mid)
                dst[k++] = src[a++];
            while (b < hi)
                dst[k++] = src[b++];
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    for (int i = 0; i < n; i++) {
        moves[i] = original[MAX_MOVES - (uint32_t)src[i]];
        scores[from + i] = key_score(src[i]);
    }
}

/*
 * Puts the SORT_FIRST best of moves [from, count) in order at from, and the others after them in
 * their list order (or sorts them all, when few are left); returns where the order ends. A node
 * that sorts many quiet moves often reads few of them before a cutoff or pruning: of the 1.40 M
 * moves bench sorted in lists of more than 32, 0.26 M were read. The best are found by insertion
 * into a short list that most keys do not enter. The others keep their list order, which ranks
 * equal scores as their keys do: sorted later, they come in the order the whole sort gives.
 */
static int sort_best(MoveList *ml, int *scores, int from)
{
    int n = ml->count - from;
    if (n <= SORT_ALL_BELOW) {
        sort_rest(ml, scores, from);
        return ml->count;
    }
    Move *moves = ml->moves + from, original[MAX_MOVES];
    uint64_t keys[MAX_MOVES], best[SORT_FIRST];
    int best_nb = 0;
    for (int i = 0; i < n; i++) {
        original[i] = moves[i];
        uint64_t k = keys[i] = sort_key(scores[from + i], i);
        if (best_nb == SORT_FIRST && k < best[SORT_FIRST - 1])
            continue;
        int j = best_nb < SORT_FIRST ? best_nb++ : SORT_FIRST - 1;
        for (; j > 0 && best[j - 1] < k; j--)
            best[j] = best[j - 1];
        best[j] = k;
    }
    for (int j = 0; j < SORT_FIRST; j++) {
        moves[j] = original[MAX_MOVES - (uint32_t)best[j]];
        scores[from + j] = key_score(best[j]);
    }
    int rest = SORT_FIRST;
    for (int i = 0; i < n; i++)
        if (keys[i] < best[SORT_FIRST - 1]) {
            moves[rest] = original[i];
            scores[from + rest++] = key_score(keys[i]);
        }
    return from + SORT_FIRST;
}

/*
 * The place of the best-scored move left, the first of equals: among the top moves when any is
 * left, else by a scan of the rest. Picking a top move takes it out of pk->top, and the move it
 * swaps with (from start to the picked move's place) is followed there.
 */
static int best_place(MovePicker *pk, int start, int count)
{
    const int *scores = pk->scores;
    /* The best score is kept in a local: read through scores[best], it costs a load at every
     * step of the scans. */
    int best, best_score;
    if (pk->top_nb) {
        int picked = 0, at_start = -1;
        best = pk->top[0];
        best_score = scores[best];
        for (int j = 0; j < pk->top_nb; j++) {
            int i = pk->top[j], s = scores[i];
            if (s > best_score || (s == best_score && i < best)) {
                best = i;
                best_score = s;
                picked = j;
            }
            if (i == start)
                at_start = j;
        }
        if (at_start >= 0)
            pk->top[at_start] = (uint16_t)best;
        pk->top[picked] = pk->top[--pk->top_nb];
        return best;
    }
    best = start;
    best_score = scores[start];
    for (int i = start + 1; i < count; i++)
        if (scores[i] > best_score) {
            best = i;
            best_score = scores[i];
        }
    return best;
}

/*
 * The best-scored move left. A capture's exchange is judged only when it comes up, since a cutoff
 * often comes before most are reached: one that loses material moves after the killers and quiet
 * moves (a negative score), and the next best is picked instead. Once only moves ordered by
 * history (or losing captures) are left, the rest is put in order, the best few first (sort_best):
 * picking each by a scan would cost a scan per move.
 */
Move pick_best_move(Worker *w, MoveList *ml, MovePicker *pk, int start)
{
    int *scores = pk->scores;
    if (start >= pk->sorted_from) {
        /* The best few are all read: a node that reads past them mostly reads on, and the rest is
         * sorted whole. */
        sort_rest(ml, scores, start);
        pk->sorted_to = ml->count;
        return ml->moves[start];
    }
    for (;;) {
        if (!pk->top_nb && pk->quiets_to_come)
            add_quiet_moves(w, ml, pk);
        if (!pk->top_nb && pk->quiets_unscored)
            score_quiet_moves(w, ml, pk);
        int best = best_place(pk, start, ml->count), s = scores[best];
        Move m = ml->moves[best];
        ml->moves[best] = ml->moves[start];
        scores[best] = scores[start];
        ml->moves[start] = m;
        scores[start] = s;
        if (s < ORDER_TOP) {
            if (pk->dropping)
                leave_wanted(w, ml, pk, start + 1);
            pk->sorted_to = sort_best(ml, scores, start + 1);
            pk->sorted_from = start + 1;
        }
        if (s < ORDER_NOISY - ORDER_BAND || s >= ORDER_NOISY + ORDER_BAND || see_ge(&w->pos, w->eval->value, m, 0))
            return m;
        scores[start] = s - ORDER_NOISY + ORDER_LOSING;
    }
}

/* Gravity keeps every entry inside +-HISTORY_MAX without clamping artefacts. */
static void age_toward(int16_t *h, int delta)
{
    *h = (int16_t)(*h + delta - *h * abs(delta) / HISTORY_MAX);
}

static int history_bonus(int depth) { return depth * depth > HISTORY_BONUS_MAX ? HISTORY_BONUS_MAX : depth * depth; }

void update_capture_stats(Worker *w, Move best, int depth, const Move *tried, int tried_nb)
{
    int bonus = history_bonus(depth);
    for (int i = 0; i < tried_nb; i++)
        age_toward(&w->capture_history[0][0][0] + capture_index(&w->pos, tried[i]), tried[i] == best ? bonus : -bonus);
}

void update_quiet_stats(Worker *w, Move best, int depth, int ply, const Move *tried, int tried_nb)
{
    Color us = w->pos.stm;
    if (ply < MAX_PLY && w->killers[ply][0] != best) {
        w->killers[ply][1] = w->killers[ply][0];
        w->killers[ply][0] = best;
    }
    w->countermoves[countermove_index(&w->pos)] = best;
    int bonus = history_bonus(depth);
    /* The slot of no move (before the root, after a null move) learns nothing: it stands for no
     * particular position. */
    ContHistory *none = &w->cont_history[NO_TYPE][0];
    ContHistory *answered = w->cont_line[ply + 1], *followed = w->cont_line[ply];
    for (int i = 0; i < tried_nb; i++) {
        Move m = tried[i];
        int delta = m == best ? bonus : -bonus;
        PieceType type = piece_type(w->pos.board[move_from(m)]);
        age_toward(&w->history[us][history_index(m)], delta);
        if (answered != none)
            age_toward(&(*answered)[type][move_to(m)], delta);
        if (followed != none)
            age_toward(&(*followed)[type][move_to(m)], delta);
    }
}
