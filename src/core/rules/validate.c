#include "validate.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const side_name[COLOR_NB] = {"White", "Black"};

typedef struct {
    const Position *p;
    char *err;
    size_t size;
    /* Hexes a pawn of each colour can reach from the set-up by its own moves. */
    bool reach[COLOR_NB][MAX_CELLS];
} Judge;

PRINTF_LIKE(2, 3) static bool refuse(Judge *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->err, j->size, fmt, ap);
    va_end(ap);
    return false;
}

typedef struct {
    char s[8];
} HexName;

static HexName hex(const Variant *v, int cell)
{
    HexName h = {"none"};
    if (cell != NO_CELL && cell < v->geo.cell_count)
        variant_cell_name(v, cell, h.s);
    return h;
}

static char letter(const Variant *v, PieceType t)
{
    char c = variant_piece_letter(v, t);
    return c ? c : '?';
}

/* Under a captured-only policy a pawn may reach its last hex with nothing to become, and wait there. */
static bool pawns_may_wait(const Variant *v) { return v->desc->promotion == PROMOTE_CAPTURED_ONLY; }

static bool may_stand(const Variant *v, Color c, const bool *reach, int cell)
{
    return reach[cell] && (!v->promotion_zone[c][cell] || pawns_may_wait(v));
}

static bool pawn_may_stand(const Judge *j, Color c, int cell) { return may_stand(j->p->v, c, j->reach[c], cell); }

/* The closure of the set-up's pawn hexes under the pawn's steps: forward, capture and oblique.
 * Longer steps are repeated forward steps, so they reach nothing more. */
static void find_pawn_reach(const Variant *v, Color c, bool *reach)
{
    const Geometry *g = &v->geo;
    int dirs[5] = {v->forward_dir[c], v->capture_dirs[c][0], v->capture_dirs[c][1]};
    int dir_nb = 3;
    for (int i = 0; i < v->oblique_nb; i++)
        dirs[dir_nb++] = v->oblique_dirs[c][i];
    uint8_t queue[MAX_CELLS];
    int head = 0, tail = 0;
    for (int i = 0; i < v->setup[c].count; i++) {
        int cell = v->setup[c].cell[i];
        if (v->setup[c].type[i] == PAWN && !reach[cell]) {
            reach[cell] = true;
            queue[tail++] = (uint8_t)cell;
        }
    }
    while (head < tail) {
        int cell = queue[head++];
        if (!may_stand(v, c, reach, cell)) /* it promoted on arrival */
            continue;
        for (int i = 0; i < dir_nb; i++) {
            int to = g->step[dirs[i]][cell];
            if (to != NO_CELL && !reach[to]) {
                reach[to] = true;
                queue[tail++] = (uint8_t)to;
            }
        }
    }
}

void pawn_standing_hexes(const Variant *v, Color c, bool *out)
{
    bool reach[MAX_CELLS] = {false};
    find_pawn_reach(v, c, reach);
    for (int cell = 0; cell < v->geo.cell_count; cell++)
        out[cell] = may_stand(v, c, reach, cell);
}

static bool check_rights(Judge *j)
{
    const Position *p = j->p;
    const Variant *v = p->v;
    int allowed = (v->desc->king_leap || v->desc->castling ? RIGHT_KING : 0) |
                  (v->desc->castling ? RIGHT_QUEEN_ROOK | RIGHT_KING_ROOK : 0);
    for (int c = 0; c < COLOR_NB; c++) {
        int rights = p->rights >> (RIGHTS_PER_SIDE * c) & 7;
        const char *side = side_name[c];
        if (rights & ~allowed)
            return refuse(j, "castling: %s has a castling right %s does not have", side, v->desc->title);
        if (!rights)
            continue;
        if (!(rights & RIGHT_KING))
            return refuse(j, "castling: %s keeps a rook's right after the king has moved", side);
        if (p->board[v->king_start[c]] != make_piece((Color)c, KING))
            return refuse(j, "castling: %s's king never moved, but it is not on its start hex %s", side,
                          hex(v, v->king_start[c]).s);
        for (int which = 0; which < 2; which++) {
            int cell = v->rook_start[c][which];
            if (rights & (which ? RIGHT_KING_ROOK : RIGHT_QUEEN_ROOK) && p->board[cell] != make_piece((Color)c, ROOK))
                return refuse(j, "castling: %s's %s rook never moved, but it is not on its start hex %s", side,
                              which ? "king's" : "queen's", hex(v, cell).s);
        }
    }
    return true;
}

static bool check_kings(Judge *j)
{
    for (int c = 0; c < COLOR_NB; c++)
        if (j->p->count[c][KING] != 1)
            return refuse(j, "placement: %s has %d kings, not one", side_name[c], j->p->count[c][KING]);
    return true;
}

/* Men beyond the set-up can only come from promoted pawns, and only as the policy allows. */
static bool check_material(Judge *j)
{
    const Position *p = j->p;
    const Variant *v = p->v;
    const VariantDesc *d = v->desc;
    for (int c = 0; c < COLOR_NB; c++) {
        const char *side = side_name[c];
        int promoted = 0;
        for (int t = KING; t < PIECE_TYPE_NB; t++) {
            int n = p->count[c][t], budget = v->piece_budget[c][t];
            if (n <= budget)
                continue;
            bool regainable = d->pieces[t].letter && d->pieces[t].regainable;
            if (!regainable || d->promotion == PROMOTE_CAPTURED_ONLY)
                return refuse(j, "placement: %s has %d '%c', more than the set-up's %d, and promotion %s", side, n,
                              letter(v, (PieceType)t), budget,
                              regainable ? "only regains captured men" : "never gives one");
            promoted += n - budget;
        }
        int pawns_gone = v->piece_budget[c][PAWN] - p->count[c][PAWN];
        if (promoted > pawns_gone)
            return refuse(j, "placement: %s's men beyond the set-up (%d) outnumber its pawns gone to promote (%d)",
                          side, promoted, pawns_gone);
        for (int k = 0; d->one_bishop_per_colour && k < 3; k++)
            if (p->bishops_on[c][k] > 1)
                return refuse(j, "placement: %s has %d bishops '%c' on hexes of one colour, at most one per colour",
                              side, p->bishops_on[c][k], letter(v, BISHOP));
    }
    return true;
}

static bool check_pawns(Judge *j)
{
    const Position *p = j->p;
    const Variant *v = p->v;
    for (int c = 0; c < COLOR_NB; c++) {
        for (int i = 0; i < p->men_count[c]; i++) {
            int cell = p->men[c][i];
            if (piece_type(p->board[cell]) != PAWN)
                continue;
            if (!j->reach[c][cell])
                return refuse(j, "placement: %s pawn on %s, a hex no %s pawn can reach", side_name[c], hex(v, cell).s,
                              side_name[c]);
            if (!pawn_may_stand(j, c, cell))
                return refuse(j, "placement: %s pawn on %s, its promotion hex, where it must have promoted",
                              side_name[c], hex(v, cell).s);
        }
    }
    return true;
}

/* Can the man on cell be a pawn of colour c that has just stepped there (promoting on its last hex)? */
static bool just_stepped(const Judge *j, Color c, int cell)
{
    const Variant *v = j->p->v;
    Piece pc = j->p->board[cell];
    if (!pc || piece_color(pc) != c)
        return false;
    PieceType t = piece_type(pc);
    return t == PAWN || (v->promotion_zone[c][cell] && v->desc->pieces[t].regainable);
}

static bool check_pawn_just_moved(Judge *j, const char *field)
{
    if (j->p->halfmove)
        return refuse(j, "%s: a pawn has just moved, so the halfmove clock must be 0, not %d", field, j->p->halfmove);
    return true;
}

static bool on_board(const Variant *v, int cell) { return cell < v->geo.cell_count; }

/* The en-passant right: a pawn of the side that just moved, the hexes it skipped, the hex it left. */
static bool check_en_passant(Judge *j)
{
    const Position *p = j->p;
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    const char *field = v->desc->coords == COORDS_CTL ? "special" : "en passant";
    int victim = p->ep_victim;
    if (victim == NO_CELL) {
        if (p->ep_target[0] != NO_CELL || p->ep_target[1] != NO_CELL)
            return refuse(j, "%s: skipped hexes without the pawn that skipped them", field);
        return true;
    }
    if (!v->desc->en_passant)
        return refuse(j, "%s: %s has no en passant", field, v->desc->title);
    Color mover = (Color)!p->stm;
    if (!on_board(v, victim) || !just_stepped(j, mover, victim))
        return refuse(j, "%s: no pawn of the side that just moved (%s) on %s", field, side_name[mover],
                      hex(v, victim).s);
    int back = v->forward_dir[mover] ^ 1;
    int skipped = p->ep_target[1] == NO_CELL ? 1 : 2;
    int cell = victim;
    for (int i = 0; i < skipped; i++) {
        cell = g->step[back][cell];
        if (cell == NO_CELL || p->ep_target[i] != cell)
            return refuse(j, "%s: the pawn on %s did not skip %s", field, hex(v, victim).s, hex(v, p->ep_target[i]).s);
        if (p->board[cell])
            return refuse(j, "%s: the skipped hex %s is not empty", field, hex(v, cell).s);
    }
    int from = g->step[back][cell];
    if (from == NO_CELL || p->board[from] || !pawn_may_stand(j, mover, from))
        return refuse(j, "%s: the pawn on %s cannot have stepped from %s", field, hex(v, victim).s, hex(v, from).s);
    if (!(skipped == 1 ? v->double_step_from : v->triple_step_from)[mover][from])
        return refuse(j, "%s: a pawn on %s has no %s step", field, hex(v, from).s, skipped == 1 ? "double" : "triple");
    return check_pawn_just_moved(j, field);
}

int scornful_capturers(const Position *p, int victim, uint8_t out[2])
{
    const Variant *v = p->v;
    const Geometry *g = &v->geo;
    Color us = p->stm;
    int n = 0;
    for (int i = 0; i < v->oblique_nb; i++) {
        int c = g->step[v->oblique_dirs[us][i] ^ 1][victim];
        if (c == NO_CELL || p->board[c] != make_piece(us, PAWN))
            continue;
        int left = g->step[v->forward_dir[us]][c];
        if (left != NO_CELL && !p->board[left])
            out[n++] = (uint8_t)c;
    }
    return n;
}

/* The scornful-pawn right: a pawn of the side that just moved dodged a facing pawn of the side to move. */
static bool check_scornful(Judge *j)
{
    const Position *p = j->p;
    const Variant *v = p->v;
    int victim = p->scorn_victim;
    if (victim == NO_CELL) {
        if (p->scorn_capturer[0] != NO_CELL || p->scorn_capturer[1] != NO_CELL)
            return refuse(j, "special: pawns that may take a scornful pawn, but no scornful pawn");
        return true;
    }
    if (!v->desc->scornful_capture)
        return refuse(j, "special: %s has no scornful-pawn capture", v->desc->title);
    if (p->ep_victim != NO_CELL)
        return refuse(j, "special: both an en-passant and a scornful-pawn capture are open");
    Color mover = (Color)!p->stm;
    if (!on_board(v, victim) || !just_stepped(j, mover, victim))
        return refuse(j, "special: no pawn of the side that just moved (%s) on %s", side_name[mover], hex(v, victim).s);
    uint8_t can[2];
    int n = scornful_capturers(p, victim, can), listed = 0;
    for (int i = 0; i < 2; i++) {
        int c = p->scorn_capturer[i];
        if (c == NO_CELL)
            continue;
        bool found = false;
        for (int k = 0; k < n; k++)
            found |= can[k] == c;
        int left = found ? v->geo.step[v->forward_dir[p->stm]][c] : NO_CELL;
        if (!found || !pawn_may_stand(j, mover, left))
            return refuse(j, "special: no pawn on %s can take the scornful pawn on %s", hex(v, c).s, hex(v, victim).s);
        listed++;
    }
    if (!listed)
        return refuse(j, "special: no pawn can take the scornful pawn on %s", hex(v, victim).s);
    return check_pawn_just_moved(j, "special");
}

bool pos_validate(const Position *p, char *err, size_t err_size)
{
    Judge *j = &(Judge){.p = p, .err = err, .size = err_size};
    for (int c = 0; c < COLOR_NB; c++)
        find_pawn_reach(p->v, (Color)c, j->reach[c]);
    if (!check_kings(j) || !check_rights(j) || !check_material(j) || !check_pawns(j) || !check_en_passant(j) ||
        !check_scornful(j))
        return false;
    Color them = (Color)!p->stm;
    if (pos_attacked(p, p->king[them], p->stm))
        return refuse(j, "turn: the side not to move (%s) is in check", side_name[them]);
    return true;
}
