#include "tbindex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/movegen.h"
#include "../util/quote.h"

/* A side's men other than the king: value first, then the stronger types, then more men. */
static int side_compare(const Variant *v, const PieceType *a, int na, const PieceType *b, int nb)
{
    int va = 0, vb = 0;
    for (int i = 0; i < na; i++)
        va += v->desc->pieces[a[i]].value;
    for (int i = 0; i < nb; i++)
        vb += v->desc->pieces[b[i]].value;
    if (va != vb)
        return va > vb ? 1 : -1;
    for (int i = 0; i < na && i < nb; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? 1 : -1;
    return na == nb ? 0 : na > nb ? 1 : -1;
}

static void sort_types(PieceType *t, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            PieceType x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
}

/* Fills e from each side's other men (sorted here); the stronger side becomes White. */
static bool make_ending(const Variant *v, PieceType side_men[2][TB_MAX_MEN], int side_nb[2], TbEnding *e,
                        bool *swapped)
{
    if (side_nb[0] + side_nb[1] + 2 > TB_MAX_MEN)
        return false;
    /* A second pawn would bring en passant and the scornful capture, which the tables do not play. */
    int pawns = 0;
    for (int c = 0; c < 2; c++) {
        sort_types(side_men[c], side_nb[c]);
        for (int i = 0; i < side_nb[c]; i++) {
            pawns += side_men[c][i] == PAWN;
            if (side_men[c][i] == KING || !v->desc->pieces[side_men[c][i]].letter)
                return false;
        }
    }
    if (pawns > 1)
        return false;
    int w = side_compare(v, side_men[0], side_nb[0], side_men[1], side_nb[1]) < 0 ? 1 : 0;
    *swapped = w == 1;
    memset(e, 0, sizeof *e);
    e->v = v;
    e->colour[0] = WHITE;
    e->type[0] = KING;
    e->colour[1] = BLACK;
    e->type[1] = KING;
    e->men = 2;
    int len = 0;
    for (int s = 0; s < 2; s++) {
        int from = s == 0 ? w : !w;
        e->name[len++] = variant_piece_letter(v, KING);
        for (int i = 0; i < side_nb[from]; i++) {
            e->colour[e->men] = (Color)s;
            e->type[e->men++] = side_men[from][i];
            e->name[len++] = variant_piece_letter(v, side_men[from][i]);
        }
    }
    e->name[len] = 0;
    return true;
}

bool tb_ending_of(const Variant *v, int n, const Color *colour, const PieceType *type, TbEnding *e, bool *swapped)
{
    PieceType men[2][TB_MAX_MEN];
    int nb[2] = {0, 0}, kings[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        if (type[i] == KING) {
            kings[colour[i]]++;
            continue;
        }
        if (nb[colour[i]] >= TB_MAX_MEN - 2)
            return false;
        men[colour[i]][nb[colour[i]]++] = type[i];
    }
    return kings[0] == 1 && kings[1] == 1 && make_ending(v, men, nb, e, swapped);
}

bool tb_ending_parse(const Variant *v, const char *text, TbEnding *e, bool *swapped, char *err, int size)
{
    char q[QUOTE_BUF_SIZE];
    char king = variant_piece_letter(v, KING);
    PieceType men[2][TB_MAX_MEN];
    int nb[2] = {0, 0}, side = -1;
    for (const char *s = text; *s; s++) {
        if (*s == king) {
            if (++side > 1)
                break;
            continue;
        }
        PieceType t = *s >= 'A' && *s <= 'Z' ? variant_piece_by_letter(v, *s) : NO_TYPE;
        if (side < 0 || t == NO_TYPE) {
            snprintf(err, (size_t)size, "unknown ending '%s': write the kings and men with the %s letters, White's first (KRK, KQKR)",
                     quote(q, text), v->desc->title);
            return false;
        }
        if (nb[side] >= TB_MAX_MEN - 2)
            break;
        men[side][nb[side]++] = t;
    }
    if (side != 1) {
        snprintf(err, (size_t)size, "unknown ending '%s': it needs two kings and at most %d men in all",
                 quote(q, text), TB_MAX_MEN);
        return false;
    }
    if (!make_ending(v, men, nb, e, swapped)) {
        snprintf(err, (size_t)size, "ending '%s' is not supported: at most %d men, at most one pawn", quote(q, text),
                 TB_MAX_MEN);
        return false;
    }
    return true;
}

/* The twelve symmetries of the regular hexagon, as maps of hexes (cube coordinates about the centre). */
static void hexagon_symmetries(const Geometry *g, uint8_t sym[TB_SYM_MAX][MAX_CELLS])
{
    int c0 = g->side - 1;
    for (int s = 0; s < g->cell_count; s++) {
        int x = g->col[s] - c0, y = (g->line[s] - 2 * c0 - x) / 2;
        for (int k = 0; k < TB_SYM_MAX; k++) {
            int a = x, b = y;
            if (k >= 6) { /* the mirror first, then the rotation */
                a = y;
                b = x;
            }
            for (int r = 0; r < k % 6; r++) { /* 60 degrees: (x, y, z) -> (-y, -z, -x) */
                int z = -a - b;
                int na = -b, nb = -z;
                a = na;
                b = nb;
            }
            sym[k][s] = (uint8_t)geometry_cell(g, a + c0, 2 * b + a + 2 * c0);
        }
    }
}

/* Does symmetry map every move of a man of this colour and type onto a move (on the empty board)? */
static bool keeps_moves(const Variant *v, const uint8_t *map, Color c, PieceType t, Position *p)
{
    const Geometry *g = &v->geo;
    for (int s = 0; s < g->cell_count; s++) {
        uint8_t there[2][MAX_CELLS];
        for (int side = 0; side < 2; side++) {
            int from = side ? map[s] : s;
            memset(there[side], 0, sizeof there[side]);
            pos_clear(p, v);
            p->rights = 0;
            p->stm = c;
            pos_put(p, make_piece(c, t), from);
            MoveList ml;
            gen_legal(p, &ml);
            for (int i = 0; i < ml.count; i++)
                there[side][side ? move_to(ml.moves[i]) : map[move_to(ml.moves[i])]] = 1;
        }
        if (memcmp(there[0], there[1], (size_t)g->cell_count))
            return false;
    }
    return true;
}

static void find_symmetries(TbIndex *ix, Position *p)
{
    const Variant *v = ix->e.v;
    uint8_t all[TB_SYM_MAX][MAX_CELLS];
    hexagon_symmetries(&v->geo, all);
    ix->sym_nb = 0;
    for (int k = 0; k < TB_SYM_MAX; k++) {
        bool ok = true;
        for (int i = 0; i < v->geo.cell_count && ok; i++)
            ok = all[k][i] != NO_CELL;
        for (int m = 0; m < ix->e.men && ok; m++)
            ok = keeps_moves(v, all[k], ix->e.colour[m], ix->e.type[m], p);
        if (ok)
            memcpy(ix->sym[ix->sym_nb++], all[k], sizeof all[k]);
    }
}

static void find_permutations(TbIndex *ix)
{
    const TbEnding *e = &ix->e;
    int n = e->men - 2;
    ix->perm_nb = 0;
    int a[TB_MAX_MEN];
    for (int i = 0; i < TB_MAX_MEN; i++)
        a[i] = i;
    /* Every order of the other men (at most 3! of them), kept when like replaces like. */
    int total = 1;
    for (int i = 2; i <= n; i++)
        total *= i;
    for (int k = 0; k < total; k++) {
        int rest[TB_MAX_MEN], left = n, code = k;
        for (int i = 0; i < n; i++)
            rest[i] = 2 + i;
        bool ok = true;
        for (int i = 0; i < n; i++) {
            int pick = code % left;
            code /= left;
            a[2 + i] = rest[pick];
            rest[pick] = rest[--left];
            ok = ok && e->colour[a[2 + i]] == e->colour[2 + i] && e->type[a[2 + i]] == e->type[2 + i];
        }
        if (!ok)
            continue;
        for (int i = 0; i < TB_MAX_MEN; i++)
            ix->perm[ix->perm_nb][i] = (uint8_t)a[i];
        ix->perm_nb++;
    }
}

bool tb_index_build(TbIndex *ix, const TbEnding *e, char *err, int size)
{
    const Geometry *g = &e->v->geo;
    int n = g->cell_count;
    memset(ix, 0, sizeof *ix);
    ix->e = *e;
    ix->cells = n;
    Position *p = malloc(sizeof *p);
    ix->pair_cells = malloc(sizeof *ix->pair_cells * (size_t)(n * n));
    ix->pair_stab = malloc(sizeof *ix->pair_stab * (size_t)(n * n));
    if (!p || !ix->pair_cells || !ix->pair_stab) {
        free(p);
        tb_index_free(ix);
        snprintf(err, (size_t)size, "out of memory");
        return false;
    }
    find_symmetries(ix, p);
    free(p);
    find_permutations(ix);
    memset(ix->pair_id, 0xff, sizeof ix->pair_id);
    memset(ix->pair_sym, 0xff, sizeof ix->pair_sym);
    /* Canonical pairs in order of their code, so that numbers are the same in every build. */
    for (int wk = 0; wk < n; wk++)
        for (int bk = 0; bk < n; bk++) {
            if (wk == bk || geometry_adjacent(g, wk, bk))
                continue;
            int best = wk * n + bk, best_sym = 0;
            for (int s = 1; s < ix->sym_nb; s++) {
                int code = ix->sym[s][wk] * n + ix->sym[s][bk];
                if (code < best) {
                    best = code;
                    best_sym = s;
                }
            }
            ix->pair_sym[wk][bk] = (uint8_t)best_sym;
            if (best_sym == 0 && best == wk * n + bk) {
                uint32_t id = ix->pair_nb++;
                ix->pair_id[wk][bk] = (uint16_t)id;
                ix->pair_cells[id][0] = (uint8_t)wk;
                ix->pair_cells[id][1] = (uint8_t)bk;
                uint16_t stab = 0;
                for (int s = 0; s < ix->sym_nb; s++)
                    if (ix->sym[s][wk] == wk && ix->sym[s][bk] == bk)
                        stab |= (uint16_t)(1u << s);
                ix->pair_stab[id] = stab;
            }
        }
    ix->others = 1;
    for (int i = e->men - 1; i >= 2; i--) {
        ix->weight[i] = ix->others;
        ix->others *= (uint64_t)n;
    }
    ix->size = ix->pair_nb * ix->others;
    return true;
}

void tb_index_free(TbIndex *ix)
{
    free(ix->pair_cells);
    free(ix->pair_stab);
    ix->pair_cells = NULL;
    ix->pair_stab = NULL;
}

static uint64_t number(const TbIndex *ix, uint32_t pair, const uint8_t *cells, const uint8_t *order)
{
    uint64_t idx = pair;
    for (int i = 2; i < ix->e.men; i++)
        idx = idx * (uint64_t)ix->cells + cells[order[i]];
    return idx;
}

uint64_t tb_index_of(const TbIndex *ix, const uint8_t *cells)
{
    int s = ix->pair_sym[cells[0]][cells[1]];
    if (s == 255)
        return TB_NONE;
    const uint8_t *map = ix->sym[s];
    uint64_t idx = ix->pair_id[map[cells[0]]][map[cells[1]]];
    for (int i = 2; i < ix->e.men; i++)
        idx = idx * (uint64_t)ix->cells + map[cells[ix->perm[0][i]]];
    return idx;
}

void tb_index_cells(const TbIndex *ix, uint64_t idx, uint8_t *cells)
{
    for (int i = ix->e.men - 1; i >= 2; i--) {
        cells[i] = (uint8_t)(idx % (uint64_t)ix->cells);
        idx /= (uint64_t)ix->cells;
    }
    cells[0] = ix->pair_cells[idx][0];
    cells[1] = ix->pair_cells[idx][1];
}

/* The orbit of the pair holds as many pairs as the symmetries over those that fix the pair. */
uint64_t tb_index_placements(const TbIndex *ix, uint64_t idx)
{
    unsigned stab = ix->pair_stab[idx / ix->others], fixed = 0;
    for (; stab; stab &= stab - 1)
        fixed++;
    return (uint64_t)ix->sym_nb / fixed;
}

int tb_index_placement_cells(const TbIndex *ix, uint64_t idx, uint8_t out[TB_SYM_MAX][TB_MAX_MEN])
{
    uint8_t cells[TB_MAX_MEN];
    tb_index_cells(ix, idx, cells);
    int n = 0;
    for (int s = 0; s < ix->sym_nb; s++) {
        for (int i = 0; i < ix->e.men; i++)
            out[n][i] = ix->sym[s][cells[i]];
        bool seen = false;
        for (int k = 0; k < n && !seen; k++)
            seen = out[k][0] == out[n][0] && out[k][1] == out[n][1];
        n += !seen;
    }
    return n;
}

/* Does a position with its kings on this canonical pair have one number only? */
static bool alone_on(const TbIndex *ix, uint32_t pair) { return ix->perm_nb == 1 && ix->pair_stab[pair] == 1; }

bool tb_index_alone(const TbIndex *ix, uint64_t idx) { return alone_on(ix, (uint32_t)(idx / ix->others)); }

/* The numbers of the men on cells (kings on canonical pair pair): every symmetry that fixes the
 * pair, with every order of like men; returns how many, written to out. */
static int images_of(const TbIndex *ix, uint32_t pair, const uint8_t *cells, uint64_t *out)
{
    uint8_t mapped[TB_MAX_MEN];
    int n = 0;
    for (int s = 0; s < ix->sym_nb; s++) {
        if (!(ix->pair_stab[pair] >> s & 1))
            continue;
        for (int i = 0; i < ix->e.men; i++)
            mapped[i] = ix->sym[s][cells[i]];
        for (int k = 0; k < ix->perm_nb; k++)
            out[n++] = number(ix, pair, mapped, ix->perm[k]);
    }
    return n;
}

int tb_images(const TbIndex *ix, uint64_t idx, uint64_t *out)
{
    if (tb_index_alone(ix, idx)) {
        out[0] = idx;
        return 1;
    }
    uint8_t cells[TB_MAX_MEN];
    tb_index_cells(ix, idx, cells);
    return images_of(ix, (uint32_t)(idx / ix->others), cells, out);
}

uint64_t tb_index_least(const TbIndex *ix, const uint8_t *cells)
{
    int s = ix->pair_sym[cells[0]][cells[1]];
    if (s == 255)
        return TB_NONE;
    uint8_t mapped[TB_MAX_MEN] = {0};
    for (int i = 0; i < ix->e.men; i++)
        mapped[i] = ix->sym[s][cells[i]];
    uint32_t pair = ix->pair_id[mapped[0]][mapped[1]];
    if (alone_on(ix, pair))
        return number(ix, pair, mapped, ix->perm[0]);
    uint64_t images[TB_IMAGES_MAX], least = TB_NONE;
    int n = images_of(ix, pair, mapped, images);
    for (int i = 0; i < n; i++)
        least = images[i] < least ? images[i] : least;
    return least;
}
