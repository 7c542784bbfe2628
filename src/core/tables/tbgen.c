#include "tbgen.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "../notation/postext.h"
#include "../rules/movegen.h"
#include "../rules/validate.h"

/* Working values of a pass: a distance in plies (odd: the side to move wins), or one of these. */
enum { W_UNKNOWN = 0xffff, W_DRAW = 0xfffe, W_ILLEGAL = 0xfffd, W_OUT = 0xfffc };
/* Threads write a value to every image of a position; several may write the same one at once. */
typedef _Atomic uint16_t Slot;
/* An undecided position's count of the positions its moves lead to (each once, by its least
 * number) not yet shown to win for the opponent: at zero the position is lost. It is counted when
 * the first of them is shown to (most positions of the side that wins never are); LEFT_NEVER: it
 * has a move that does not lose, or too many to count. */
typedef _Atomic uint8_t Left;
enum { BLOCK = 1 << 12, MATE_PASS = 0, STALEMATE_PASS = 1, LEFT_UNCOUNTED = UINT8_MAX - 1, LEFT_NEVER = UINT8_MAX };

/* How to find the position after man j is taken: the sub-ending's table and, for each of its men,
 * the man of this ending it is (its colours exchanged and the board mirrored when swapped). */
typedef struct {
    const TbTable *table;
    bool swapped;
    uint8_t from[TB_MAX_MEN];
} SubMap;

typedef struct Gen Gen;
typedef struct {
    Gen *g;
    Position *p, *q; /* the position being looked at, and one of its predecessors */
} Worker;
typedef void (*EntryFn)(Worker *w, Color stm, uint64_t idx);

struct Gen {
    TbSet *set;
    const TbIndex *ix;
    const TbTable *table; /* verification: the table checked */
    int pass;
    SubMap sub[TB_MAX_MEN]; /* by the man taken */
    /* By the pawn, the type it becomes and the man it takes (0: none, as a king is never taken). */
    SubMap promo[TB_MAX_MEN][PIECE_TYPE_NB][TB_MAX_MEN];
    int pawn_man[COLOR_NB];             /* each side's pawn (a table holds one at most); -1: none */
    bool pawn_hex[COLOR_NB][MAX_CELLS]; /* where a pawn may stand */
    Slot *w[COLOR_NB];    /* this pass */
    Slot *mate[COLOR_NB]; /* the mate pass's results, during the stalemate pass */
    Left *left[COLOR_NB];
    atomic_bool uncounted; /* a position had LEFT_UNCOUNTED moves or more to count */
    int level;
    EntryFn fn;
    int only; /* fn sees only the positions of this working value; -1: every position */
    atomic_uint_fast64_t next, done, bad;
    atomic_int max_value;
    atomic_flag first_bad;
    char bad_text[POSITION_TEXT_MAX + 128];
    const TbGenOptions *o;
};

static uint16_t load(Slot *a, uint64_t i) { return atomic_load_explicit(&a[i], memory_order_relaxed); }

static void raise_max(Gen *g, int d)
{
    int m = atomic_load_explicit(&g->max_value, memory_order_relaxed);
    while (d > m && !atomic_compare_exchange_weak(&g->max_value, &m, d))
        ;
}

static void store_images(Gen *g, Color stm, uint64_t idx, uint16_t value)
{
    uint64_t images[TB_IMAGES_MAX];
    int n = tb_images(g->ix, idx, images);
    for (int i = 0; i < n; i++)
        atomic_store_explicit(&g->w[stm][images[i]], value, memory_order_relaxed);
    if (value < W_OUT)
        raise_max(g, value);
}

/* A position by its number: its men's hexes as decoded (the kings in their canonical pair) and
 * whether the number is its only one. */
typedef struct {
    uint64_t idx;
    uint8_t cells[TB_MAX_MEN];
    bool alone;
} Numbered;

static void decode(const TbIndex *ix, uint64_t idx, Numbered *at)
{
    at->idx = idx;
    tb_index_cells(ix, idx, at->cells);
    at->alone = tb_index_alone(ix, idx);
}

/* The number of next, the position at with man i moved (least: its least number, else any). A
 * man other than a king leaves the kings in their canonical pair, so only its own term changes. */
static uint64_t number_after(const TbIndex *ix, const Numbered *at, const uint8_t *next, int i, bool least)
{
    if (i < 2 || (least && !at->alone))
        return least ? tb_index_least(ix, next) : tb_index_of(ix, next);
    return at->idx + ((uint64_t)next[i] - at->cells[i]) * ix->weight[i];
}

bool tb_set_position(const TbIndex *ix, Position *p, const uint8_t *cells, Color stm)
{
    pos_clear(p, ix->e.v);
    for (int i = 0; i < ix->e.men; i++) {
        if (p->board[cells[i]])
            return false;
        pos_put(p, make_piece(ix->e.colour[i], ix->e.type[i]), cells[i]);
    }
    p->stm = stm;
    return true;
}

/* Is the side not to move in check (a position that cannot arise)? */
static bool opponent_in_check(const Position *p) { return pos_attacked(p, p->king[!p->stm], p->stm); }

/* Sets p to the men on cells and tells whether they can stand so: not two on one hex, the side not
 * to move not in check, and no pawn where the rules never let one stand. */
static bool set_possible(const Gen *g, Position *p, const uint8_t *cells, Color stm)
{
    if (!tb_set_position(g->ix, p, cells, stm) || opponent_in_check(p))
        return false;
    for (int c = 0; c < COLOR_NB; c++)
        if (g->pawn_man[c] >= 0 && !g->pawn_hex[c][cells[g->pawn_man[c]]])
            return false;
    return true;
}

/* The man of colour c that is a pawn awaiting promotion on cells with something to become, or -1;
 * p holds the ending's men anywhere (it is asked for the choices only). */
static int waiting_pawn(const Gen *g, const Position *p, const uint8_t *cells, Color c)
{
    int i = g->pawn_man[c];
    PieceType choices[PIECE_TYPE_NB];
    return i >= 0 && p->v->promotion_zone[c][cells[i]] && pos_promotion_choices(p, c, cells[i], choices) ? i : -1;
}

/* The hexes a pawn on cell came from by a step that takes nothing and does not promote: the
 * reverse of gen_pawn_moves' steps, over empty hexes. */
static int pawn_unmoves(const Position *p, int cell, uint8_t *out)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    Color us = piece_color(p->board[cell]);
    PieceType choices[PIECE_TYPE_NB];
    if (v->promotion_zone[us][cell] && pos_promotion_choices(p, us, cell, choices))
        return 0; /* a pawn stepping here would have promoted */
    int n = 0, back = v->forward_dir[us] ^ 1;
    int b1 = g->step[back][cell];
    if (b1 != NO_CELL && !p->board[b1]) {
        out[n++] = (uint8_t)b1;
        int b2 = g->step[back][b1];
        if (b2 != NO_CELL && !p->board[b2]) {
            if (v->double_step_from[us][b2])
                out[n++] = (uint8_t)b2;
            int b3 = g->step[back][b2];
            if (b3 != NO_CELL && !p->board[b3] && v->triple_step_from[us][b3])
                out[n++] = (uint8_t)b3;
        }
    }
    for (int i = 0; i < v->oblique_nb; i++) {
        int b = g->step[v->oblique_dirs[us][i] ^ 1][cell];
        if (b != NO_CELL && !p->board[b])
            out[n++] = (uint8_t)b;
    }
    return n;
}

/* Legality is the tables' business (a move that leaves the king attacked leads to a position
 * numbered illegal); pawns move by gen_pawn_moves; tb_verify checks every value against gen_legal. */
int tb_man_targets(const Position *p, int from, bool back, uint8_t *out, uint8_t *takes, int *take_nb)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    Piece pc = p->board[from];
    Color us = piece_color(pc);
    int atoms = v->atoms[piece_type(pc)], n = 0;
    *take_nb = 0;
#define REACH(t)                                                                                        \
    do {                                                                                                \
        if (!p->board[t])                                                                               \
            out[n++] = (uint8_t)(t);                                                                    \
        else if (!back && piece_color(p->board[t]) != us)                                               \
            takes[(*take_nb)++] = (uint8_t)(t);                                                         \
    } while (0)
    for (int d = 0; d < DIR_NB; d++) {
        if (!(atoms & (d < DIAG_FIRST ? ATOM_ORTH : ATOM_DIAG)))
            continue;
        int t = g->step[d][from];
        for (; t != NO_CELL && !p->board[t]; t = g->step[d][t])
            out[n++] = (uint8_t)t;
        if (t != NO_CELL)
            REACH(t);
    }
    for (int k = 0; k < LEAP_NB; k++) {
        int t = g->leap[k][from];
        if (t == NO_CELL)
            continue;
        if (atoms & ATOM_LEAP)
            REACH(t);
        int t2 = g->leap[k][t];
        if (atoms & ATOM_RIDE && !p->board[t] && t2 != NO_CELL && !p->board[t2])
            out[n++] = (uint8_t)t2;
    }
    if (atoms & ATOM_KING)
        for (int i = 0; i < g->neighbour_count[from]; i++)
            REACH(g->neighbours[from][i]);
    if (atoms & ATOM_ELEPHANT) {
        int ahead = v->forward_dir[us] ^ (back ? 1 : 0);
        int t1 = g->step[ahead][from];
        if (t1 != NO_CELL) {
            REACH(t1);
            int t2 = g->step[ahead][t1];
            if (!p->board[t1] && t2 != NO_CELL)
                REACH(t2);
        }
        for (int i = 0; i < 4; i++) {
            int t = g->step[v->elephant_diag_dirs[i]][from];
            if (t != NO_CELL)
                REACH(t);
        }
    }
#undef REACH
    return n;
}

/* What the moves of a position offer its side to move, in the pass's terms. */
typedef struct {
    int win;      /* the quickest win; INT_MAX: none */
    int loss;     /* the slowest loss; -1: none */
    bool nonloss; /* a move that neither wins nor loses */
    bool pending; /* a move to a position not yet decided */
} Options;

/* A move to a position whose final value (from its side to move) is known. In the stalemate pass a
 * mate the mover suffers is a loss worse than any stalemate: it never sets the distance. */
static void option_final(const Gen *g, uint16_t child, Options *o)
{
    int d = tb_distance(child) + 1;
    bool counts = g->pass == MATE_PASS ? tb_is_mate(child) : child > TB_DRAW;
    if (!counts || (g->pass == STALEMATE_PASS && tb_is_mate(child) && tb_wins(child))) {
        o->nonloss |= !counts;
        return;
    }
    if (tb_loses(child)) {
        if (d < o->win)
            o->win = d;
    } else if (d > o->loss) {
        o->loss = d;
    }
}

/* A move within the ending to the position numbered cidx; final_below: working values up to it are
 * final, larger ones pending (-1 while the pass starts: none is final yet). Returns whether it is
 * pending. */
static bool option_within(const Gen *g, Color cstm, uint64_t cidx, int final_below, Options *o)
{
    if (g->pass == STALEMATE_PASS) {
        uint16_t m = load(g->mate[cstm], cidx);
        if (m < W_OUT) {
            option_final(g, (uint16_t)(TB_MATE_BASE + m), o);
            return false;
        }
    }
    uint16_t s = load(g->w[cstm], cidx);
    bool pending = s != W_DRAW && (s >= W_OUT || s > final_below);
    if (s == W_DRAW)
        o->nonloss = true;
    else if (pending)
        o->pending = true;
    else if (s % 2 == 0)
        o->win = o->win < s + 1 ? o->win : s + 1;
    else if (s + 1 > o->loss)
        o->loss = s + 1;
    return pending;
}

/* Adds x to the set of n numbers (which has room for one more) unless it is there; returns the new
 * size. */
static int add_once(uint64_t *set, int n, uint64_t x)
{
    for (int i = 0; i < n; i++)
        if (set[i] == x)
            return n;
    set[n] = x;
    return n + 1;
}

/* The value in the sub-ending of m of the position after man i of cells moved to hex to. */
static uint16_t after_change(const Gen *g, const SubMap *m, const uint8_t *cells, Color stm, int i, int to)
{
    const Geometry *geo = &g->ix->e.v->geo;
    uint8_t moved[TB_MAX_MEN], sub[TB_MAX_MEN];
    memcpy(moved, cells, sizeof moved);
    moved[i] = (uint8_t)to;
    for (int k = 0; k < m->table->ix.e.men; k++)
        sub[k] = (uint8_t)(m->swapped ? geometry_mirror(geo, moved[m->from[k]]) : moved[m->from[k]]);
    Color sub_stm = m->swapped ? stm : (Color)!stm;
    uint64_t idx = tb_index_of(&m->table->ix, sub);
    return idx == TB_NONE ? TB_ILLEGAL : m->table->val[sub_stm][idx]; /* TB_NONE: a king took a man by the other */
}

/* The value of the position after a capture: man j of cells taken, man i moved to its hex. */
static uint16_t after_capture(const Gen *g, const uint8_t *cells, Color stm, int i, int j)
{
    return after_change(g, &g->sub[j], cells, stm, i, cells[j]);
}

/* The number of the man on hex cell (a man of the ending is there). */
static int man_on(const uint8_t *cells, int cell)
{
    int j = 2;
    while (cells[j] != cell)
        j++;
    return j;
}

/* A move into a sub-ending whose value there is child; returns 1 when it is legal. */
static int option_sub(const Gen *g, uint16_t child, Options *o)
{
    if (child == TB_ILLEGAL)
        return 0;
    option_final(g, child, o);
    return 1;
}

/* Pawn i of cells promoting on hex to (taking man j there; 0: none), into each type p offers. */
static int option_promotions(const Gen *g, const Position *p, const uint8_t *cells, Color stm, int i, int to, int j,
                             Options *o)
{
    PieceType choices[PIECE_TYPE_NB];
    int n = pos_promotion_choices(p, stm, to, choices), legal = 0;
    for (int k = 0; k < n; k++)
        legal += option_sub(g, after_change(g, &g->promo[i][choices[k]][j], cells, stm, i, to), o);
    return legal;
}

/* The moves of pawn i of cells: its promotions and captures are looked at here (*legal counts
 * them), its steps within the ending go to out; returns how many. */
static int pawn_targets(const Gen *g, const Position *p, const uint8_t *cells, Color stm, int i, uint8_t *out,
                        Options *o, int *legal)
{
    MoveList moves;
    moves.count = 0;
    gen_pawn_moves(p, stm, cells[i], &moves);
    int n = 0;
    for (int k = 0; k < moves.count; k++) {
        Move m = moves.moves[k];
        int to = move_to(m), j = p->board[to] ? man_on(cells, to) : 0;
        if (move_promo(m) != NO_TYPE)
            *legal += option_sub(g, after_change(g, &g->promo[i][move_promo(m)][j], cells, stm, i, to), o);
        else if (j)
            *legal += option_sub(g, after_capture(g, cells, stm, i, j), o);
        else
            out[n++] = (uint8_t)to;
    }
    return n;
}

/* Looks at the moves of the side to move of p (men on cells), captures first; final_below as for
 * option_within. While the pass starts (final_below < 0), left NULL: the moves until one is pending,
 * which leaves p undecided unless a capture wins; left not NULL: every move, *left getting how many
 * positions (each once, by its least number) the pending moves lead to. Else the moves until one
 * shows that p is not lost. Returns the number of legal moves seen. */
static int collect_options(Worker *wk, const Numbered *at, Color stm, int final_below, Options *o, int *left)
{
    const uint8_t *cells = at->cells;
    Gen *g = wk->g;
    const TbIndex *ix = g->ix;
    *o = (Options){INT_MAX, -1, false, false};
    if (left)
        *left = 0;
    /* A pawn awaiting promotion must promote in place when its side is not in check. */
    int waiting = waiting_pawn(g, wk->q, cells, stm);
    if (waiting >= 0 && !pos_in_check(wk->q))
        return option_promotions(g, wk->q, cells, stm, waiting, cells[waiting], 0, o);
    int legal = 0, nb[TB_MAX_MEN] = {0};
    uint8_t to[TB_MAX_MEN][MAX_MOVES];
    for (int i = 0; i < ix->e.men; i++) {
        if (ix->e.colour[i] != stm)
            continue;
        if (ix->e.type[i] == PAWN) {
            nb[i] = pawn_targets(g, wk->q, cells, stm, i, to[i], o, &legal);
            continue;
        }
        uint8_t takes[DIR_NB + LEAP_NB];
        int take_nb;
        nb[i] = tb_man_targets(wk->q, cells[i], false, to[i], takes, &take_nb);
        for (int k = 0; k < take_nb; k++)
            legal += option_sub(g, after_capture(g, cells, stm, i, man_on(cells, takes[k])), o);
    }
    uint64_t pending[LEFT_UNCOUNTED];
    int pending_nb = 0;
    for (int i = 0; i < ix->e.men; i++)
        for (int k = 0; k < nb[i]; k++) {
            uint8_t next[TB_MAX_MEN];
            memcpy(next, cells, sizeof next);
            next[i] = to[i][k];
            uint64_t cidx = number_after(ix, at, next, i, left != NULL);
            if (cidx == TB_NONE || load(g->mate[!stm], cidx) == W_ILLEGAL)
                continue;
            legal++;
            bool pending_move = option_within(g, (Color)!stm, cidx, final_below, o);
            if (left && pending_move && pending_nb < LEFT_UNCOUNTED)
                pending_nb = add_once(pending, pending_nb, cidx);
            if (final_below < 0 ? !left && o->pending : o->pending || o->nonloss || o->win < INT_MAX)
                return legal; /* no need to look further */
        }
    if (left)
        *left = pending_nb;
    return legal;
}

/* The first step of the mate pass: which positions are illegal (men on one hex, the side not to
 * move in check, or a pawn where none may stand). The moves looked at later skip the illegal
 * positions they lead to. */
static void legal_entry(Worker *wk, Color stm, uint64_t idx)
{
    Gen *g = wk->g;
    uint8_t cells[TB_MAX_MEN];
    tb_index_cells(g->ix, idx, cells);
    bool ok = set_possible(g, wk->q, cells, stm);
    atomic_store_explicit(&g->w[stm][idx], ok ? W_UNKNOWN : W_ILLEGAL, memory_order_relaxed);
}

static void init_entry(Worker *wk, Color stm, uint64_t idx)
{
    Gen *g = wk->g;
    Slot *out = &g->w[stm][idx];
    uint16_t before = load(g->mate[stm], idx);
    if (before == W_ILLEGAL || (g->pass == STALEMATE_PASS && before != W_DRAW)) {
        atomic_store_explicit(out, before == W_ILLEGAL ? W_ILLEGAL : W_OUT, memory_order_relaxed);
        return;
    }
    Numbered at;
    decode(g->ix, idx, &at);
    Position *p = wk->q;
    tb_set_position(g->ix, p, at.cells, stm);
    Options o;
    int legal = collect_options(wk, &at, stm, -1, &o, NULL);
    uint16_t value;
    if (legal == 0)
        value = g->pass == STALEMATE_PASS || pos_in_check(p) ? 0 : W_DRAW;
    else if (o.win < INT_MAX)
        value = (uint16_t)o.win;
    else if (o.pending)
        value = W_UNKNOWN;
    else
        value = o.nonloss || o.loss < 0 ? W_DRAW : (uint16_t)o.loss;
    atomic_store_explicit(out, value, memory_order_relaxed);
    if (value < W_OUT)
        raise_max(g, value);
    if (value == W_UNKNOWN)
        atomic_store_explicit(&g->left[stm][idx], o.nonloss ? LEFT_NEVER : LEFT_UNCOUNTED, memory_order_relaxed);
}

/* The count of p's moves not yet lost (see Left), p being undecided with none of them shown to
 * win for the opponent yet; p is set up in wk->q. */
static uint8_t count_left(Worker *wk, const Numbered *p, Color stm)
{
    Options o;
    int left;
    collect_options(wk, p, stm, -1, &o, &left);
    if (o.nonloss)
        return LEFT_NEVER;
    if (left >= LEFT_UNCOUNTED)
        atomic_store(&wk->g->uncounted, true);
    return (uint8_t)left;
}

/* From a position decided at level - 1 (the only ones it is called for), back to the positions one
 * move before it. Every image of a position holds its value; its least number stands for all. */
static void back_entry(Worker *wk, Color stm, uint64_t idx)
{
    Gen *g = wk->g;
    const TbIndex *ix = g->ix;
    int n = g->level;
    Numbered at;
    decode(ix, idx, &at);
    const uint8_t *cells = at.cells;
    if (!at.alone && tb_index_least(ix, cells) != idx)
        return;
    tb_set_position(ix, wk->p, cells, stm);
    Color mover = (Color)!stm;
    bool lost = (n - 1) % 2 == 0, has_pawn = g->pawn_man[mover] >= 0;
    uint64_t seen[TB_MAX_MEN * MAX_CELLS];
    int seen_nb = 0;
    for (int i = 0; i < ix->e.men; i++) {
        if (ix->e.colour[i] != mover)
            continue;
        uint8_t from[MAX_MOVES], none[DIR_NB + LEAP_NB];
        int none_nb, nb = ix->e.type[i] == PAWN ? pawn_unmoves(wk->p, cells[i], from)
                                                : tb_man_targets(wk->p, cells[i], true, from, none, &none_nb);
        for (int j = 0; j < nb; j++) {
            uint8_t prev[TB_MAX_MEN];
            memcpy(prev, cells, sizeof prev);
            prev[i] = from[j];
            uint64_t q = number_after(ix, &at, prev, i, !lost);
            if (q == TB_NONE)
                continue;
            /* Out of check, a side whose pawn awaits promotion has no other move than promoting. */
            if (has_pawn && waiting_pawn(g, wk->p, prev, mover) >= 0) {
                tb_set_position(ix, wk->q, prev, mover);
                if (!pos_in_check(wk->q))
                    continue;
            }
            /* Illegal and decided predecessors hold values no test below accepts. */
            uint16_t s = load(g->w[mover], q);
            if (lost) {
                if (s == W_UNKNOWN || (s < W_OUT && s % 2 == 1 && s > n))
                    store_images(g, mover, q, (uint16_t)n);
                continue;
            }
            /* One count a predecessor, however many un-moves lead to it. */
            Left *left = &g->left[mover][q];
            uint8_t k = atomic_load_explicit(left, memory_order_relaxed);
            if (s != W_UNKNOWN || k == LEFT_NEVER)
                continue;
            int before = seen_nb;
            seen_nb = add_once(seen, seen_nb, q);
            if (seen_nb == before)
                continue;
            Numbered pred = {TB_NONE, {0}, false};
            if (k == LEFT_UNCOUNTED) {
                /* Threads that count it at once count the same: the first one's count stands. */
                decode(ix, q, &pred);
                tb_set_position(ix, wk->q, pred.cells, mover);
                uint8_t count = count_left(wk, &pred, mover);
                atomic_compare_exchange_strong(left, &k, count);
                if (count == LEFT_NEVER)
                    continue;
            }
            if (atomic_fetch_sub_explicit(left, 1, memory_order_relaxed) != 1)
                continue;
            /* Its last move not yet lost: the loss, whose distance its captures may lengthen. */
            if (pred.idx != q) {
                decode(ix, q, &pred);
                tb_set_position(ix, wk->q, pred.cells, mover);
            }
            Options o;
            collect_options(wk, &pred, mover, n - 1, &o, NULL);
            if (!o.pending && !o.nonloss && o.win == INT_MAX && o.loss >= 0)
                store_images(g, mover, q, (uint16_t)o.loss);
        }
    }
}

static int run_worker(void *arg)
{
    Worker *wk = arg;
    Gen *g = wk->g;
    uint64_t size = g->ix->size, total = 2 * size;
    for (;;) {
        uint64_t start = atomic_fetch_add(&g->next, 1) * BLOCK;
        if (start >= total)
            break;
        uint64_t end = start + BLOCK < total ? start + BLOCK : total;
        for (uint64_t i = start; i < end;) {
            Color c = i < size ? WHITE : BLACK;
            uint64_t base = c == WHITE ? 0 : size, stop = c == WHITE && end > size ? size : end;
            EntryFn fn = g->fn;
            int only = g->only;
            if (only < 0) {
                for (; i < stop; i++)
                    fn(wk, c, i - base);
                continue;
            }
            /* Going back, most positions are skipped: a tight scan, and a call for the others. */
            Slot *w = g->w[c];
            for (; i < stop; i++)
                if (load(w, i - base) == only)
                    fn(wk, c, i - base);
        }
        atomic_fetch_add(&g->done, end - start);
    }
    return 0;
}

/* Runs fn on every position of both sides (of working value only, unless -1), on the option's
 * number of threads. */
static bool run_all(Gen *g, EntryFn fn, int only)
{
    enum { THREADS_MAX = 64 };
    int n = g->o->threads < 1 ? 1 : g->o->threads > THREADS_MAX ? THREADS_MAX : g->o->threads;
    Worker wk[THREADS_MAX];
    thrd_t th[THREADS_MAX];
    g->fn = fn;
    g->only = only;
    atomic_store(&g->next, 0);
    atomic_store(&g->done, 0);
    bool ok = true;
    int started = 0;
    for (int i = 0; i < n; i++) {
        wk[i].g = g;
        wk[i].p = malloc(sizeof *wk[i].p);
        wk[i].q = malloc(sizeof *wk[i].q);
        if (!wk[i].p || !wk[i].q) {
            free(wk[i].p);
            free(wk[i].q);
            ok = false;
            break;
        }
        if (thrd_create(&th[i], run_worker, &wk[i]) != thrd_success) {
            free(wk[i].p);
            free(wk[i].q);
            ok = false;
            break;
        }
        started++;
    }
    if (!started) {
        /* Without threads the work is still done, on this one. */
        Worker one = {g, malloc(sizeof(Position)), malloc(sizeof(Position))};
        if (one.p && one.q)
            run_worker(&one);
        ok = one.p && one.q;
        free(one.p);
        free(one.q);
        return ok;
    }
    for (int i = 0; i < started; i++) {
        thrd_join(th[i], NULL);
        free(wk[i].p);
        free(wk[i].q);
    }
    return true;
}

static void report(const Gen *g, const char *step, int ply)
{
    if (g->o->progress)
        g->o->progress(g->o->ctx, step, ply, (uint64_t)atomic_load(&g->done), 2 * g->ix->size);
}

/* One pass: the decided positions, then back one ply at a time until nothing more is decided. */
static bool solve(Gen *g)
{
    const char *step = g->pass == MATE_PASS ? "mate" : "stalemate";
    atomic_store(&g->max_value, -1);
    if ((g->pass == MATE_PASS && !run_all(g, legal_entry, -1)) || !run_all(g, init_entry, -1))
        return false;
    report(g, step, 0);
    for (g->level = 1; g->level - 1 <= atomic_load(&g->max_value); g->level++) {
        if (g->level > TB_DIST_MAX)
            return false;
        if (!run_all(g, back_entry, g->level - 1))
            return false;
        report(g, step, g->level);
    }
    for (int c = 0; c < COLOR_NB; c++)
        for (uint64_t i = 0; i < g->ix->size; i++)
            if (load(g->w[c], i) == W_UNKNOWN)
                atomic_store_explicit(&g->w[c][i], W_DRAW, memory_order_relaxed);
    return true;
}

/* The types a pawn of colour c may become in ending e (on a given hex the bishop's colour may rule
 * one out; pos_promotion_choices has the last word). */
static int promotion_types(const TbEnding *e, Color c, PieceType *out)
{
    const Variant *v = e->v;
    int n = 0;
    for (int k = 0; k < v->promotion_choice_nb; k++) {
        PieceType t = v->promotion_choices[k];
        int have = 0;
        for (int i = 0; i < e->men; i++)
            have += e->colour[i] == c && e->type[i] == t;
        if (v->desc->promotion != PROMOTE_CAPTURED_ONLY || have < v->piece_budget[c][t])
            out[n++] = t;
    }
    return n;
}

/* The men left after a move that takes one or promotes a pawn, and the ending they make. */
typedef struct {
    int n;
    Color colour[TB_MAX_MEN];
    PieceType type[TB_MAX_MEN];
    uint8_t man[TB_MAX_MEN]; /* the man of the ending before the move that each one was */
    TbEnding sub;
    bool swapped; /* sub has the colours exchanged */
} Changed;

/* Man drop (-1: none) taken and man promoted (-1: none) turned into type to; false when the tables
 * cannot hold the men left. */
static bool changed_ending(const TbEnding *e, int drop, int promoted, PieceType to, Changed *c)
{
    c->n = 0;
    for (int i = 0; i < e->men; i++)
        if (i != drop) {
            c->colour[c->n] = e->colour[i];
            c->type[c->n] = i == promoted ? to : e->type[i];
            c->man[c->n++] = (uint8_t)i;
        }
    return tb_ending_of(e->v, c->n, c->colour, c->type, &c->sub, &c->swapped);
}

/* Calls fn for each change a move can make to e's men: a capture of man drop, a promotion of man
 * promoted to type to (with a capture, or drop -1). */
typedef bool (*ChangeFn)(void *ctx, int drop, int promoted, PieceType to);
static bool each_change(const TbEnding *e, ChangeFn fn, void *ctx)
{
    for (int j = 2; j < e->men; j++)
        if (!fn(ctx, j, -1, NO_TYPE))
            return false;
    for (int i = 2; i < e->men; i++) {
        if (e->type[i] != PAWN)
            continue;
        PieceType types[PIECE_TYPE_NB];
        int n = promotion_types(e, e->colour[i], types);
        for (int k = 0; k < n; k++) {
            if (!fn(ctx, -1, i, types[k]))
                return false;
            for (int j = 2; j < e->men; j++)
                if (e->colour[j] != e->colour[i] && !fn(ctx, j, i, types[k]))
                    return false;
        }
    }
    return true;
}

typedef struct {
    const TbEnding *e;
    TbEnding *out;
    int n, max;
} SubList;

static bool list_sub(void *ctx, int drop, int promoted, PieceType to)
{
    SubList *l = ctx;
    Changed c;
    if (!changed_ending(l->e, drop, promoted, to, &c))
        return true;
    bool seen = false;
    for (int i = 0; i < l->n && !seen; i++)
        seen = !strcmp(l->out[i].name, c.sub.name);
    if (!seen && l->n < l->max)
        l->out[l->n++] = c.sub;
    return true;
}

int tb_sub_endings(const TbEnding *e, TbEnding *out, int max)
{
    SubList l = {e, out, 0, max};
    each_change(e, list_sub, &l);
    return l.n;
}

typedef struct {
    Gen *g;
    char *err;
    int size;
} MapCtx;

/* Finds the table of the ending a change leads to and how its men match this ending's. */
static bool map_sub(void *ctx, int drop, int promoted, PieceType to)
{
    MapCtx *c = ctx;
    Gen *g = c->g;
    const TbEnding *e = &g->ix->e;
    SubMap *m = promoted < 0 ? &g->sub[drop] : &g->promo[promoted][to][drop < 0 ? 0 : drop];
    Changed left;
    if (!changed_ending(e, drop, promoted, to, &left))
        return true;
    const TbEnding *sub = &left.sub;
    char why[256];
    m->swapped = left.swapped;
    m->table = tbset_table(g->set, sub, why, sizeof why);
    if (!m->table) {
        snprintf(c->err, (size_t)c->size, "%s needs the table of %s first (%s)", e->name, sub->name, why);
        return false;
    }
    if (!m->table->val[WHITE]) { /* read a block at a time: the set must read whole tables */
        snprintf(c->err, (size_t)c->size, "%s needs the table of %s in memory (tbset_read_whole)", e->name, sub->name);
        return false;
    }
    bool used[TB_MAX_MEN] = {false};
    for (int s = 0; s < sub->men; s++) {
        Color want = m->swapped ? (Color)!sub->colour[s] : sub->colour[s];
        int i = 0;
        while (used[i] || left.colour[i] != want || left.type[i] != sub->type[s])
            i++;
        used[i] = true;
        m->from[s] = left.man[i];
    }
    return true;
}

static void start_gen(Gen *g, TbSet *set, const TbIndex *ix, const TbGenOptions *o)
{
    g->set = set;
    g->ix = ix;
    g->o = o;
    for (int c = 0; c < COLOR_NB; c++) {
        g->pawn_man[c] = -1;
        for (int i = 2; i < ix->e.men; i++)
            if (ix->e.colour[i] == (Color)c && ix->e.type[i] == PAWN)
                g->pawn_man[c] = i;
        pawn_standing_hexes(ix->e.v, (Color)c, g->pawn_hex[c]);
    }
}

static Slot *slots(uint64_t n) { return malloc(sizeof(Slot) * (size_t)(n ? n : 1)); }

bool tb_generate(TbSet *set, const TbEnding *e, const TbGenOptions *o, TbTable *t, char *err, int size)
{
    const VariantDesc *d = e->v->desc;
    if (d->stalemate_share_permille < 500) {
        snprintf(err, (size_t)size, "%s: a stalemate that favours the stalemated side is not supported", d->title);
        return false;
    }
    if (!tb_table_alloc(t, e, err, size))
        return false;
    Gen *g = calloc(1, sizeof *g);
    bool ok = g != NULL;
    if (ok) {
        start_gen(g, set, &t->ix, o);
        for (int c = 0; c < COLOR_NB; c++) {
            g->mate[c] = slots(t->ix.size);
            g->left[c] = malloc(sizeof(Left) * (size_t)(t->ix.size ? t->ix.size : 1));
            ok = ok && g->mate[c] && g->left[c];
        }
    }
    if (!ok) {
        snprintf(err, (size_t)size, "out of memory for %s", e->name);
    } else if (!each_change(e, map_sub, &(MapCtx){g, err, size})) {
        ok = false;
    } else {
        g->pass = MATE_PASS;
        memcpy(g->w, g->mate, sizeof g->w);
        ok = solve(g);
        if (ok && d->stalemate_share_permille > 500) {
            for (int c = 0; c < COLOR_NB; c++) {
                g->w[c] = slots(t->ix.size);
                ok = ok && g->w[c];
            }
            g->pass = STALEMATE_PASS;
            ok = ok && solve(g);
        }
        if (atomic_load(&g->uncounted)) {
            snprintf(err, (size_t)size, "%s: a position has %d moves or more, too many to count", e->name, LEFT_UNCOUNTED);
            ok = false;
        } else if (!ok) {
            snprintf(err, (size_t)size, "out of memory or threads for %s", e->name);
        }
    }
    for (int c = 0; c < COLOR_NB && ok; c++)
        for (uint64_t i = 0; i < t->ix.size; i++) {
            uint16_t m = load(g->mate[c], i);
            uint16_t s = g->pass == STALEMATE_PASS ? load(g->w[c], i) : W_DRAW;
            t->val[c][i] = m == W_ILLEGAL ? TB_ILLEGAL
                           : m < W_OUT    ? (uint16_t)(TB_MATE_BASE + m)
                           : s < W_OUT    ? (uint16_t)(TB_STALEMATE_BASE + s)
                                          : TB_DRAW;
        }
    if (g) {
        for (int c = 0; c < COLOR_NB; c++) {
            if (g->w[c] != g->mate[c])
                free(g->w[c]);
            free(g->mate[c]);
            free(g->left[c]);
        }
        free(g);
    }
    if (!ok)
        tb_table_free(t);
    return ok;
}

/* The value a position must have by the rules and the values of the positions after its moves. */
static uint16_t expected_value(Worker *wk, const uint8_t *cells, Color stm)
{
    Gen *g = wk->g;
    const TbTable *t = g->table;
    Position *p = wk->q;
    if (!set_possible(g, p, cells, stm))
        return TB_ILLEGAL;
    MoveList ml;
    gen_legal(p, &ml);
    if (ml.count == 0)
        return pos_in_check(p) ? TB_MATE_BASE
               : t->ix.e.v->desc->stalemate_share_permille > 500 ? TB_STALEMATE_BASE
                                                                  : TB_DRAW;
    uint16_t best = TB_ILLEGAL;
    for (int i = 0; i < ml.count; i++) {
        Move m = ml.moves[i];
        uint16_t child = TB_ILLEGAL;
        if (p->board[move_to(m)] || move_promo(m) != NO_TYPE) {
            pos_make(p, m);
            if (!tb_probe(g->set, p, &child))
                child = TB_ILLEGAL;
            pos_unmake(p);
        } else {
            uint8_t next[TB_MAX_MEN];
            memcpy(next, cells, sizeof next);
            for (int k = 0; k < t->ix.e.men; k++)
                if (next[k] == move_from(m))
                    next[k] = (uint8_t)move_to(m);
            child = t->val[!stm][tb_index_of(&t->ix, next)];
        }
        if (child == TB_ILLEGAL)
            return TB_ILLEGAL; /* a legal move cannot lead to an illegal position: reported */
        uint16_t v = tb_after(child);
        if (best == TB_ILLEGAL || tb_rank(v) > tb_rank(best))
            best = v;
    }
    return best;
}

static void verify_entry(Worker *wk, Color stm, uint64_t idx)
{
    Gen *g = wk->g;
    const TbTable *t = g->table;
    uint8_t cells[TB_MAX_MEN];
    tb_index_cells(&t->ix, idx, cells);
    uint16_t want = expected_value(wk, cells, stm), have = t->val[stm][idx];
    if (want == have)
        return;
    atomic_fetch_add(&g->bad, 1);
    if (atomic_flag_test_and_set(&g->first_bad))
        return;
    char pos[POSITION_TEXT_MAX];
    tb_set_position(&t->ix, wk->q, cells, stm);
    pos_to_text(wk->q, pos, sizeof pos);
    snprintf(g->bad_text, sizeof g->bad_text, "%.*s: stored %s %d, expected %s %d", POSITION_TEXT_MAX, pos, tb_wdl_name(have),
             tb_distance(have), tb_wdl_name(want), tb_distance(want));
}

uint64_t tb_verify(TbSet *set, const TbTable *t, const TbGenOptions *o, char *err, int size)
{
    Gen *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, (size_t)size, "out of memory");
        return 1;
    }
    start_gen(g, set, &t->ix, o);
    g->table = t;
    atomic_flag_clear(&g->first_bad);
    uint64_t bad = 1;
    if (!run_all(g, verify_entry, -1)) {
        snprintf(err, (size_t)size, "out of memory or threads");
    } else {
        report(g, "verify", 0);
        bad = atomic_load(&g->bad);
        snprintf(err, (size_t)size, "%s", g->bad_text);
    }
    free(g);
    return bad;
}
