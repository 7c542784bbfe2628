#include "position.h"

#include <stddef.h>
#include <string.h>

static int side_sign(Color c) { return c == WHITE ? 1 : -1; }

int pos_table_sum(const Position *p, const int16_t (*table)[PIECE_TYPE_NB][MAX_CELLS])
{
    int sum = 0;
    for (int c = 0; c < COLOR_NB; c++)
        for (int i = 0; i < p->piece_nb[c]; i++) {
            int s = p->pieces[c][i];
            sum += side_sign((Color)c) * table[c][piece_type(p->board[s])][s];
        }
    return sum;
}

void pos_keep_sum(Position *p, const int16_t (*table)[PIECE_TYPE_NB][MAX_CELLS])
{
    p->summed = table;
    p->sum = pos_table_sum(p, table);
}

void pos_clear(Position *p, const Variant *v)
{
    memset(p, 0, offsetof(Position, hist));
    p->v = v;
    p->king[WHITE] = p->king[BLACK] = NO_CELL;
    p->ep_victim = p->ep_target[0] = p->ep_target[1] = NO_CELL;
    p->scorn_victim = p->scorn_capturer[0] = p->scorn_capturer[1] = NO_CELL;
    p->castling_allowed = v->desc->castling;
    p->fullmove = 1;
    memset(p->man_index, 0xff, sizeof p->man_index);
    p->board[NO_CELL] = WALL;
    memset(p->piece_index, 0xff, sizeof p->piece_index);
    memcpy(p->line_men, v->geo.line_walls, sizeof p->line_men);
}

_Static_assert(ATOM_ORTH == 1 << MOVER_ORTH && ATOM_DIAG == 1 << MOVER_DIAG && ATOM_LEAP == 1 << MOVER_LEAP,
               "the movers' kinds are the atoms' bits");

/* Flips cell in the sets of side c's movers of type t's kinds. */
static inline void flip_movers(Position *p, Color c, PieceType t, int cell)
{
    int atoms = p->v->atoms[t];
    if (atoms & ATOM_ORTH)
        hexset_flip(p->movers[c][MOVER_ORTH], cell);
    if (atoms & ATOM_DIAG)
        hexset_flip(p->movers[c][MOVER_DIAG], cell);
    if (atoms & ATOM_LEAP)
        hexset_flip(p->movers[c][MOVER_LEAP], cell);
}

/* Puts or takes a man on cell in the sets of its lines. Unrolled: gcc -O2 kept the six flips a
 * counted loop, and written out they ran 58 M fewer instructions on bench (a make and an unmake
 * each flip twelve). */
static inline void flip_lines(Position *p, int cell)
{
    const HexLine *on = p->v->geo.lines_of[cell];
#pragma GCC unroll 6
    for (int a = 0; a < AXIS_NB; a++)
        p->line_men[on[a].line] ^= 1u << on[a].place;
}

void pos_put(Position *p, Piece pc, int cell)
{
    Color c = piece_color(pc);
    PieceType t = piece_type(pc);
    p->board[cell] = pc;
    hexset_flip(p->occupied[c], cell);
    flip_lines(p, cell);
    p->man_index[cell] = p->men_count[c];
    p->men[c][p->men_count[c]++] = (uint8_t)cell;
    p->count[c][t]++;
    if (t != PAWN) {
        p->piece_index[cell] = p->piece_nb[c];
        p->pieces[c][p->piece_nb[c]++] = (uint8_t)cell;
        flip_movers(p, c, t, cell);
        if (p->summed)
            p->sum += side_sign(c) * p->summed[c][t][cell];
    } else {
        p->awaiting[c] += p->v->promotion_zone[c][cell];
        hexset_flip(p->pawns[c], cell);
    }
    if (t == BISHOP)
        p->bishops_on[c][p->v->geo.colour[cell]]++;
    if (t == KING)
        p->king[c] = (uint8_t)cell;
    p->key ^= p->v->zobrist_piece[c][t][cell];
    if (t == PAWN)
        p->pawn_key ^= p->v->zobrist_piece[c][t][cell];
}

void pos_remove(Position *p, int cell)
{
    Piece pc = p->board[cell];
    Color c = piece_color(pc);
    PieceType t = piece_type(pc);
    int i = p->man_index[cell];
    int last = p->men[c][--p->men_count[c]];
    p->men[c][i] = (uint8_t)last;
    p->man_index[last] = (uint8_t)i;
    p->man_index[cell] = 0xff;
    p->board[cell] = EMPTY;
    hexset_flip(p->occupied[c], cell);
    flip_lines(p, cell);
    p->count[c][t]--;
    if (t != PAWN) {
        int j = p->piece_index[cell];
        int last_piece = p->pieces[c][--p->piece_nb[c]];
        p->pieces[c][j] = (uint8_t)last_piece;
        p->piece_index[last_piece] = (uint8_t)j;
        p->piece_index[cell] = 0xff;
        flip_movers(p, c, t, cell);
        if (p->summed)
            p->sum -= side_sign(c) * p->summed[c][t][cell];
    } else {
        p->awaiting[c] -= p->v->promotion_zone[c][cell];
        hexset_flip(p->pawns[c], cell);
    }
    if (t == BISHOP)
        p->bishops_on[c][p->v->geo.colour[cell]]--;
    if (t == KING && p->king[c] == cell)
        p->king[c] = NO_CELL;
    p->key ^= p->v->zobrist_piece[c][t][cell];
    if (t == PAWN)
        p->pawn_key ^= p->v->zobrist_piece[c][t][cell];
}

/* Moves the man on `from` to the empty hex `to`, the board, sets and lists of men alone: unmake
 * restores the keys and the sum from the undo record instead of undoing their changes. */
static void shift_man(Position *p, int from, int to)
{
    Piece pc = p->board[from];
    Color c = piece_color(pc);
    PieceType t = piece_type(pc);
    int i = p->man_index[from];
    p->men[c][i] = (uint8_t)to;
    p->man_index[to] = (uint8_t)i;
    p->man_index[from] = 0xff;
    p->board[to] = pc;
    p->board[from] = EMPTY;
    hexset_flip(p->occupied[c], from);
    hexset_flip(p->occupied[c], to);
    flip_lines(p, from);
    flip_lines(p, to);
    if (t != PAWN) {
        int j = p->piece_index[from];
        p->pieces[c][j] = (uint8_t)to;
        p->piece_index[to] = (uint8_t)j;
        p->piece_index[from] = 0xff;
        flip_movers(p, c, t, from);
        flip_movers(p, c, t, to);
    } else {
        p->awaiting[c] += p->v->promotion_zone[c][to] - p->v->promotion_zone[c][from];
        hexset_flip(p->pawns[c], from);
        hexset_flip(p->pawns[c], to);
    }
    if (t == BISHOP) {
        p->bishops_on[c][p->v->geo.colour[from]]--;
        p->bishops_on[c][p->v->geo.colour[to]]++;
    }
    if (t == KING)
        p->king[c] = (uint8_t)to;
}

static void move_man(Position *p, int from, int to)
{
    Piece pc = p->board[from];
    Color c = piece_color(pc);
    PieceType t = piece_type(pc);
    if (t != PAWN && p->summed)
        p->sum += side_sign(c) * (p->summed[c][t][to] - p->summed[c][t][from]);
    uint64_t change = p->v->zobrist_piece[c][t][from] ^ p->v->zobrist_piece[c][t][to];
    p->key ^= change;
    if (t == PAWN)
        p->pawn_key ^= change;
    /* Last: shift_man is not inlined, and a last call is a jump (called first, it cost 7 M more
     * on bench). */
    shift_man(p, from, to);
}

void pos_set_start(Position *p, const Variant *v)
{
    pos_clear(p, v);
    for (int c = 0; c < COLOR_NB; c++)
        for (int i = 0; i < v->setup[c].count; i++)
            pos_put(p, make_piece((Color)c, (PieceType)v->setup[c].type[i]), v->setup[c].cell[i]);
    if (v->desc->castling || v->desc->king_leap)
        p->rights = (uint8_t)(v->desc->castling ? 077 : 011);
    p->key = pos_compute_key(p);
}

static uint64_t state_key(const Position *p)
{
    uint64_t k = 0;
    if (p->stm == BLACK)
        k ^= p->v->zobrist_side;
    for (int i = 0; i < 2 * RIGHTS_PER_SIDE; i++)
        if (p->rights >> i & 1)
            k ^= p->v->zobrist_rights[i];
    if (p->ep_victim != NO_CELL)
        k ^= p->v->zobrist_ep[p->ep_victim];
    if (p->scorn_victim != NO_CELL)
        k ^= p->v->zobrist_scorn[p->scorn_victim];
    return k;
}

uint64_t pos_compute_key(const Position *p)
{
    uint64_t k = state_key(p);
    for (int s = 0; s < p->v->geo.cell_count; s++)
        if (p->board[s])
            k ^= p->v->zobrist_piece[piece_color(p->board[s])][piece_type(p->board[s])][s];
    return k;
}

static bool king_leaps(const Position *p, Color by)
{
    return p->v->desc->king_leap && p->castling_allowed && pos_has_right(p, by, RIGHT_KING);
}

/* Where an attack on a hex comes from: a direction (0..11), a leap (LEAP_SLOTS + its place in
 * the hex's list of leaps) or the elephant's two-step; each side has at most one man per slot. */
enum { LEAP_SLOTS = DIR_NB, TWO_STEP_SLOT = LEAP_SLOTS + LEAP_NB, NO_SLOT = -1 };
_Static_assert((int)TWO_STEP_SLOT < (int)MAX_ATTACKERS, "a slot per attacker");

/* Through which slot does the man of `by` on s, of type type, attack cell on board (NO_SLOT: it
 * does not)? The one test every attack question below applies to a man, so that they agree. */
static inline int man_attack_slot(const Position *p, const Piece *board, int s, PieceType type, int cell, Color by,
                                  bool leaping_king)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    int r = g->reach[cell][s];
    /* The reach mask tells at one look most men that cannot attack the hex from where they stand
     * (its bit 0, neither in line nor a leap away, is never set). */
    if (!(v->attack_reach[by][type] >> r & 1))
        return NO_SLOT;
    int atoms = v->atoms[type];
    if (r == REACH_LEAP) {
        if (!(atoms & ATOM_LEAP || (leaping_king && type == KING && s == v->king_start[by])))
            return NO_SLOT;
        int i = 0;
        while (g->leaps[cell][i] != s)
            i++;
        return LEAP_SLOTS + i;
    }
    int d = r - 1;
    const uint8_t *ray = g->rays[cell][d];
    if (ray[0] == s)
        return v->near_attack[by][type] >> d & 1 ? d : NO_SLOT;
    if (atoms & (d < DIAG_FIRST ? ATOM_ORTH : ATOM_DIAG)) {
        while (*ray != s && !board[*ray])
            ray++;
        return *ray == s ? d : NO_SLOT;
    }
    /* the elephant's two-step capture over an empty hex */
    if (atoms & ATOM_ELEPHANT && d == (v->forward_dir[by] ^ 1) && ray[1] == s && !board[ray[0]])
        return TWO_STEP_SLOT;
    return NO_SLOT;
}

static inline bool man_attacks(const Position *p, int s, PieceType type, int cell, Color by, bool leaping_king)
{
    return man_attack_slot(p, p->board, s, type, cell, by, leaping_king) != NO_SLOT;
}

static bool pawn_attacks(const Position *p, int s, int cell, Color by)
{
    const Variant *v = p->v;
    for (int i = 0; i < 2; i++)
        if (v->pawn_takers[by][cell][i] == s)
            return true;
    return false;
}

/*
 * Asked from the attackers' side: a pawn can take only from two hexes, which the board answers;
 * most pieces stand neither in line with the hex nor a leap from it, which the geometry tells at
 * one look, so only a few need a closer one. It must agree with pos_attackers (a test compares
 * them on every data position and hex).
 */
bool pos_attacked(const Position *p, int cell, Color by)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    if (p->count[by][PAWN]) {
        Piece pawn = make_piece(by, PAWN);
        for (int i = 0; i < 2; i++) {
            int s = v->pawn_takers[by][cell][i];
            if (s != NO_CELL && p->board[s] == pawn)
                return true;
        }
    }
    const uint8_t *reach = g->reach[cell];
    bool leaping_king = king_leaps(p, by);
    for (int i = 0; i < p->piece_nb[by]; i++) {
        int s = p->pieces[by][i];
        Piece pc = p->board[s];
        if (!reach[s] || !pc || piece_color(pc) != by) /* a man taken on a board tried without its list */
            continue;
        if (man_attacks(p, s, piece_type(pc), cell, by, leaping_king))
            return true;
    }
    return false;
}

bool pos_man_attacks(const Position *p, int s, int cell, Color by)
{
    Piece pc = p->board[s];
    return pc && piece_color(pc) == by && man_attacks(p, s, piece_type(pc), cell, by, king_leaps(p, by));
}

bool pos_attacked_after_move(const Position *p, int cell, Color by, int from, int to)
{
    const Geometry *g = &p->v->geo;
    bool leaping_king = king_leaps(p, by);
    Piece moved = p->board[to];
    if (piece_color(moved) == by &&
        (piece_type(moved) == PAWN ? pawn_attacks(p, to, cell, by)
                                   : man_attacks(p, to, piece_type(moved), cell, by, leaping_king)))
        return true;
    /* The first man behind the vacated hex, seen from cell, if nothing stands between. */
    int r = g->reach[cell][from];
    if (!r || r == REACH_LEAP)
        return false;
    const uint8_t *ray = g->rays[cell][r - 1];
    while (*ray != from && !p->board[*ray])
        ray++;
    if (*ray != from)
        return false;
    for (ray++; *ray != NO_CELL && !p->board[*ray]; ray++)
        ;
    if (*ray == NO_CELL)
        return false;
    Piece behind = p->board[*ray];
    return piece_color(behind) == by && piece_type(behind) != PAWN &&
           man_attacks(p, *ray, piece_type(behind), cell, by, leaping_king);
}

int pos_attackers(const Position *p, int cell, Color by, uint8_t *out)
{
    return board_attackers(p, p->board, cell, by, out);
}

/* Puts the attacker on s, coming through slot, into the n attackers listed by slot. */
static void insert_by_slot(uint8_t *out, int *slots, int n, int s, int slot)
{
    int j = n;
    for (; j > 0 && slots[j - 1] > slot; j--) {
        slots[j] = slots[j - 1];
        out[j] = out[j - 1];
    }
    slots[j] = slot;
    out[j] = (uint8_t)s;
}

/* Asked from the attackers' side as pos_attacked is, where walking every ray from the hex costs
 * several times as much; listed by slot, the order in which a look outward from the hex meets
 * them (exchange evaluation takes the first of equal value). The pieces looked at are those of
 * p's sets in sight of the hex, read a word at a time: most pieces stand in no line with it. */
int board_attackers(const Position *p, const Piece *board, int cell, Color by, uint8_t *out)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    int slots[MAX_ATTACKERS], n = 0;
    if (p->count[by][PAWN]) {
        Piece pawn = make_piece(by, PAWN);
        for (int i = 0; i < 2; i++) {
            int s = v->pawn_takers[by][cell][i];
            if (s != NO_CELL && board[s] == pawn)
                insert_by_slot(out, slots, n++, s, v->capture_dirs[by][i] ^ 1);
        }
    }
    const uint64_t *sight = g->sight_set[cell];
    bool leaping_king = king_leaps(p, by);
    for (int w = 0; w < HEX_WORDS; w++)
        for (uint64_t seen = p->occupied[by][w] & ~p->pawns[by][w] & sight[w]; seen; seen &= seen - 1) {
            int s = w * 64 + __builtin_ctzll(seen);
            Piece pc = board[s];
            if (!pc || piece_color(pc) != by) /* a man taken on a scratch board */
                continue;
            int slot = man_attack_slot(p, board, s, piece_type(pc), cell, by, leaping_king);
            if (slot == NO_SLOT)
                continue;
            insert_by_slot(out, slots, n++, s, slot);
        }
    return n;
}

bool pos_in_check(const Position *p)
{
    int k = p->king[p->stm];
    return k != NO_CELL && pos_attacked(p, k, (Color)!p->stm);
}

int pos_promotion_choices(const Position *p, Color c, int cell, PieceType *out)
{
    const Variant *v = p->v;
    int n = 0;
    for (int i = 0; i < v->promotion_choice_nb; i++) {
        PieceType t = v->promotion_choices[i];
        if (v->desc->promotion == PROMOTE_CAPTURED_ONLY) {
            if (p->count[c][t] >= v->piece_budget[c][t])
                continue;
            if (t == BISHOP && v->desc->one_bishop_per_colour && p->bishops_on[c][v->geo.colour[cell]])
                continue;
        }
        out[n++] = t;
    }
    return n;
}

static void clear_capture_rights(Position *p)
{
    if (p->ep_victim != NO_CELL)
        p->key ^= p->v->zobrist_ep[p->ep_victim];
    if (p->scorn_victim != NO_CELL)
        p->key ^= p->v->zobrist_scorn[p->scorn_victim];
    p->ep_victim = p->ep_target[0] = p->ep_target[1] = NO_CELL;
    p->scorn_victim = p->scorn_capturer[0] = p->scorn_capturer[1] = NO_CELL;
}

static void capture(Position *p, Undo *u, int cell)
{
    u->captured = p->board[cell];
    u->captured_cell = (uint8_t)cell;
    pos_remove(p, cell);
    p->halfmove = 0;
}

static void promote(Position *p, int cell, PieceType t)
{
    Color c = piece_color(p->board[cell]);
    pos_remove(p, cell);
    pos_put(p, make_piece(c, t), cell);
}

static Undo *push_undo(Position *p, Move m)
{
    Undo *u = &p->hist[p->ply++];
    u->key = p->key;
    u->pawn_key = p->pawn_key;
    u->sum = p->sum;
    u->move = m;
    u->captured = EMPTY;
    u->captured_cell = NO_CELL;
    u->rights = p->rights;
    u->ep_victim = p->ep_victim;
    u->ep_target[0] = p->ep_target[0];
    u->ep_target[1] = p->ep_target[1];
    u->scorn_victim = p->scorn_victim;
    u->scorn_capturer[0] = p->scorn_capturer[0];
    u->scorn_capturer[1] = p->scorn_capturer[1];
    u->halfmove = p->halfmove;
    return u;
}

void pos_make_null(Position *p)
{
    push_undo(p, MOVE_NONE);
    clear_capture_rights(p);
    p->halfmove++;
    if (p->stm == BLACK && p->fullmove)
        p->fullmove++;
    p->stm = (Color)!p->stm;
    p->key ^= p->v->zobrist_side;
}

void pos_make(Position *p, Move m)
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    Undo *u = push_undo(p, m);
    Color us = p->stm;
    int from = move_from(m), to = move_to(m);
    MoveKind kind = move_kind(m);
    PieceType promo = move_promo(m);
    uint8_t old_rights = p->rights;
    clear_capture_rights(p);
    p->halfmove++;

    switch (kind) {
    case MK_CASTLE: {
        const Castle *c = &v->castles[us][move_castle(m)];
        move_man(p, from, to);
        for (int i = 0; i < c->rook_count; i++)
            move_man(p, v->rook_start[us][c->rook_which[i]], c->rook_to[i]);
        break;
    }
    case MK_PROMOTE_HERE:
        promote(p, to, promo);
        p->halfmove = 0;
        break;
    case MK_EN_PASSANT:
        capture(p, u, u->ep_victim);
        move_man(p, from, to);
        break;
    default:
        if (p->board[to])
            capture(p, u, to);
        if (piece_type(p->board[from]) == PAWN) {
            p->halfmove = 0;
            if (kind == MK_DOUBLE || kind == MK_TRIPLE) {
                p->ep_victim = (uint8_t)to;
                p->ep_target[0] = g->step[v->forward_dir[!us]][to];
                if (kind == MK_TRIPLE)
                    p->ep_target[1] = g->step[v->forward_dir[us]][from];
            } else if (v->desc->scornful_capture && !u->captured && kind == MK_NORMAL &&
                       to != g->step[v->forward_dir[us]][from]) {
                int facing = g->step[v->forward_dir[us]][from];
                if (facing != NO_CELL && p->board[facing] == make_piece((Color)!us, PAWN)) {
                    p->scorn_victim = (uint8_t)to;
                    p->scorn_capturer[0] = (uint8_t)facing;
                }
            }
        }
        move_man(p, from, to);
        break;
    }
    if (promo != NO_TYPE && kind != MK_PROMOTE_HERE)
        promote(p, to, promo);
    if (p->ep_victim != NO_CELL)
        p->key ^= v->zobrist_ep[p->ep_victim];
    if (p->scorn_victim != NO_CELL)
        p->key ^= v->zobrist_scorn[p->scorn_victim];

    p->rights &= v->rights_keep[from] & v->rights_keep[to];
    if (u->captured_cell != NO_CELL)
        p->rights &= v->rights_keep[u->captured_cell];
    /* Most moves change no right: the loop over them is skipped. */
    if (old_rights != p->rights)
        for (int i = 0; i < 2 * RIGHTS_PER_SIDE; i++)
            if ((old_rights ^ p->rights) >> i & 1)
                p->key ^= v->zobrist_rights[i];

    if (us == BLACK && p->fullmove)
        p->fullmove++;
    p->stm = (Color)!us;
    p->key ^= v->zobrist_side;
}

void pos_unmake(Position *p)
{
    const Variant *v = p->v;
    Undo *u = &p->hist[--p->ply];
    Move m = u->move;
    Color us = (Color)!p->stm;
    int from = move_from(m), to = move_to(m);
    MoveKind kind = move_kind(m);

    p->stm = us;
    if (us == BLACK && p->fullmove)
        p->fullmove--;
    if (m == MOVE_NONE) {
        /* a null move moved nothing */
    } else if (kind == MK_CASTLE) {
        const Castle *c = &v->castles[us][move_castle(m)];
        for (int i = c->rook_count - 1; i >= 0; i--)
            shift_man(p, c->rook_to[i], v->rook_start[us][c->rook_which[i]]);
        shift_man(p, to, from);
    } else if (kind == MK_PROMOTE_HERE) {
        promote(p, to, PAWN);
    } else {
        if (move_promo(m) != NO_TYPE)
            promote(p, to, PAWN);
        shift_man(p, to, from);
        if (u->captured)
            pos_put(p, u->captured, u->captured_cell);
    }
    p->rights = u->rights;
    p->ep_victim = u->ep_victim;
    p->ep_target[0] = u->ep_target[0];
    p->ep_target[1] = u->ep_target[1];
    p->scorn_victim = u->scorn_victim;
    p->scorn_capturer[0] = u->scorn_capturer[0];
    p->scorn_capturer[1] = u->scorn_capturer[1];
    p->halfmove = u->halfmove;
    p->key = u->key;
    p->pawn_key = u->pawn_key;
    p->sum = u->sum;
}
