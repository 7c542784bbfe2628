#include "tbdead.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/movegen.h"
#include "tbgen.h"

/* A position's value in the pass: what some line from it reaches, from its side to move. A value
 * of 0 (TB_ILLEGAL) is a position that cannot stand. */
enum {
    MATED = 1,      /* the side to move is mated */
    MATES = 2,      /* it mates */
    STALEMATED = 4, /* it is stalemated */
    STALEMATES = 8, /* it stalemates */
    REACH_ALL = 15,
    LEGAL = 16,
    OVER = 32 /* mate or stalemate on the board */
};

/* What a move to a position reaching r offers its mover (the roles exchange). */
static unsigned after_move(unsigned r)
{
    return (r & MATED) << 1 | (r & MATES) >> 1 | (r & STALEMATED) << 1 | (r & STALEMATES) >> 1;
}

static uint16_t first_value(const TbIndex *ix, Position *p, Color stm, uint64_t idx)
{
    uint8_t cells[TB_MAX_MEN];
    tb_index_cells(ix, idx, cells);
    if (!tb_set_position(ix, p, cells, stm) || pos_attacked(p, p->king[!stm], stm))
        return TB_ILLEGAL;
    if (count_legal(p))
        return LEGAL;
    return LEGAL | OVER | (pos_in_check(p) ? MATED : STALEMATED);
}

/* Raises the value of a position (every number of it) to reach, marking it to be gone back from. */
static void raise_to(TbTable *t, uint8_t *dirty, Color stm, uint64_t idx, unsigned reach)
{
    uint64_t images[TB_IMAGES_MAX];
    int n = tb_images(&t->ix, idx, images);
    for (int k = 0; k < n; k++)
        t->val[stm][images[k]] = (uint16_t)reach;
    dirty[idx] = 1;
}

/* What the captures of each position reach (into the smaller endings, solved already); dirty
 * marks every position that reaches something, the game's ends included. */
static void look_at_captures(TbSet *set, TbTable *t, Position *p, uint8_t *dirty[COLOR_NB])
{
    const TbIndex *ix = &t->ix;
    for (int stm = 0; stm < COLOR_NB; stm++)
        for (uint64_t idx = 0; idx < ix->size; idx++) {
            unsigned have = t->val[stm][idx];
            if (!(have & LEGAL) || have & OVER) {
                dirty[stm][idx] = (have & REACH_ALL) != 0;
                continue;
            }
            uint8_t cells[TB_MAX_MEN];
            tb_index_cells(ix, idx, cells);
            tb_set_position(ix, p, cells, (Color)stm);
            MoveList ml;
            gen_legal_noisy(p, &ml);
            unsigned reach = have;
            for (int i = 0; i < ml.count; i++) {
                uint16_t child;
                pos_make(p, ml.moves[i]);
                if (tb_probe(set, p, &child))
                    reach |= after_move(child & REACH_ALL);
                pos_unmake(p);
            }
            if (reach != have)
                raise_to(t, dirty[stm], (Color)stm, idx, reach);
        }
}

/* Back from every marked position to the positions one move before it within the ending (its
 * men moved back, nothing taken), until no value grows. Values only grow, four bits at most, so
 * each position is gone back from at most four times and once more. */
static void go_back(TbTable *t, Position *p, uint8_t *dirty[COLOR_NB])
{
    const TbIndex *ix = &t->ix;
    for (bool again = true; again;) {
        again = false;
        for (int stm = 0; stm < COLOR_NB; stm++)
            for (uint64_t idx = 0; idx < ix->size; idx++) {
                if (!dirty[stm][idx])
                    continue;
                dirty[stm][idx] = 0;
                again = true;
                Color mover = (Color)!stm;
                unsigned gain = after_move(t->val[stm][idx] & REACH_ALL);
                uint8_t cells[TB_MAX_MEN];
                tb_index_cells(ix, idx, cells);
                tb_set_position(ix, p, cells, mover);
                for (int i = 0; i < ix->e.men; i++) {
                    if (ix->e.colour[i] != mover)
                        continue;
                    uint8_t from[MAX_MOVES], takes[DIR_NB + LEAP_NB];
                    int take_nb, n = tb_man_targets(p, cells[i], true, from, takes, &take_nb);
                    for (int k = 0; k < n; k++) {
                        uint8_t before[TB_MAX_MEN];
                        memcpy(before, cells, sizeof before);
                        before[i] = from[k];
                        uint64_t prev = tb_index_of(ix, before);
                        unsigned have = prev == TB_NONE ? 0 : t->val[mover][prev];
                        if (have & LEGAL && (have | gain) != have)
                            raise_to(t, dirty[mover], mover, prev, have | gain);
                    }
                }
            }
    }
}

/* The entry of this material, added when new; NULL when out is full. */
static DeadMaterial *entry_of(DeadMaterial *out, int *n, int max, const SideMaterial *w, const SideMaterial *b)
{
    for (int i = 0; i < *n; i++)
        if (!memcmp(&out[i].white, w, sizeof *w) && !memcmp(&out[i].black, b, sizeof *b))
            return &out[i];
    if (*n >= max)
        return NULL;
    DeadMaterial *m = &out[(*n)++];
    memset(m, 0, sizeof *m);
    m->white = *w;
    m->black = *b;
    return m;
}

/* Adds the positions of t to the materials: every placement its numbers stand for (a symmetric
 * twin may put a colour-bound man on another colour). */
static bool count_materials(const TbTable *t, DeadMaterial *out, int *n, int max)
{
    const TbIndex *ix = &t->ix;
    const Variant *v = ix->e.v;
    bool stalemate_wins = ix->e.v->desc->stalemate_share_permille > 500;
    for (int stm = 0; stm < COLOR_NB; stm++)
        for (uint64_t idx = 0; idx < ix->size; idx++) {
            unsigned r = t->val[stm][idx];
            if (!(r & LEGAL) || r & OVER)
                continue;
            uint8_t placed[TB_SYM_MAX][TB_MAX_MEN];
            int placements = tb_index_placement_cells(ix, idx, placed);
            for (int k = 0; k < placements; k++) {
                SideMaterial side[COLOR_NB];
                memset(side, 0, sizeof side);
                for (int i = 2; i < ix->e.men; i++) {
                    PieceType type = ix->e.type[i];
                    side[ix->e.colour[i]].n[type][v->colour_bound[type] ? v->geo.colour[placed[k][i]] : 0]++;
                }
                DeadMaterial *m = entry_of(out, n, max, &side[WHITE], &side[BLACK]);
                if (!m)
                    return false;
                m->positions++;
                m->to_mate += (r & (MATED | MATES)) != 0;
                m->to_stalemate += (r & (STALEMATED | STALEMATES)) != 0;
                unsigned wins = MATES | (stalemate_wins ? STALEMATES : 0), losses = wins >> 1;
                m->can_win[stm] |= (r & wins) != 0;
                m->can_win[!stm] |= (r & losses) != 0;
            }
        }
    return true;
}

/* Solves ending e into the set (which holds its sub-endings) and counts its materials. */
static bool solve_ending(TbSet *set, const TbEnding *e, Position *p, DeadMaterial *out, int *n, int max, char *err,
                         int size)
{
    TbTable *t = malloc(sizeof *t);
    if (!t || !tb_table_alloc(t, e, err, size)) {
        if (!t)
            snprintf(err, (size_t)size, "out of memory for %s", e->name);
        free(t);
        return false;
    }
    for (int stm = 0; stm < COLOR_NB; stm++)
        for (uint64_t idx = 0; idx < t->ix.size; idx++)
            t->val[stm][idx] = first_value(&t->ix, p, (Color)stm, idx);
    if (!tbset_add(set, t)) {
        tb_table_free(t);
        free(t);
        snprintf(err, (size_t)size, "too many endings");
        return false;
    }
    uint8_t *dirty[COLOR_NB] = {calloc(t->ix.size ? t->ix.size : 1, 1), calloc(t->ix.size ? t->ix.size : 1, 1)};
    if (!dirty[WHITE] || !dirty[BLACK]) {
        free(dirty[WHITE]);
        free(dirty[BLACK]);
        snprintf(err, (size_t)size, "out of memory for %s", e->name);
        return false;
    }
    look_at_captures(set, t, p, dirty);
    go_back(t, p, dirty);
    free(dirty[WHITE]);
    free(dirty[BLACK]);
    if (!count_materials(t, out, n, max)) {
        snprintf(err, (size_t)size, "more than %d materials", max);
        return false;
    }
    return true;
}

/* Every ending of the kings and k minor men (each side any share of them, types in order from
 * first), each once, appended to list; returns the new count. */
static int list_endings(const Variant *v, int k, int first, Color *colour, PieceType *type, int men, TbEnding *list,
                        int nb, int max)
{
    if (k == 0) {
        TbEnding e;
        bool swapped;
        if (!tb_ending_of(v, men, colour, type, &e, &swapped) || nb >= max)
            return nb;
        for (int i = 0; i < nb; i++)
            if (!strcmp(list[i].name, e.name))
                return nb;
        list[nb] = e;
        return nb + 1;
    }
    for (int t = first; t < PIECE_TYPE_NB; t++) {
        if (!v->desc->pieces[t].letter || !v->desc->pieces[t].minor)
            continue;
        for (int c = 0; c < COLOR_NB; c++) {
            colour[men] = (Color)c;
            type[men] = (PieceType)t;
            nb = list_endings(v, k - 1, t, colour, type, men + 1, list, nb, max);
        }
    }
    return nb;
}

int tb_dead_materials(const Variant *v, int men, DeadMaterial *out, int max, char *err, int size)
{
    enum { ENDINGS_MAX = 64 };
    TbEnding endings[ENDINGS_MAX];
    Color colour[TB_MAX_MEN] = {WHITE, BLACK};
    PieceType type[TB_MAX_MEN] = {KING, KING};
    int nb = 0;
    for (int k = 0; k + 2 <= men && k + 2 <= TB_MAX_MEN; k++)
        nb = list_endings(v, k, KING + 1, colour, type, 2, endings, nb, ENDINGS_MAX);
    TbSet *set = tbset_new(v, NULL);
    Position *p = malloc(sizeof *p);
    int n = 0;
    bool ok = set && p;
    if (!ok)
        snprintf(err, (size_t)size, "out of memory");
    for (int i = 0; i < nb && ok; i++)
        ok = solve_ending(set, &endings[i], p, out, &n, max, err, size);
    free(p);
    tbset_free(set);
    return ok ? n : -1;
}

static int compare_text(const void *a, const void *b) { return strcmp(a, b); }

enum { ENTRY_MAX = 2 * MATERIAL_TEXT_MAX + 2 };

/* Adds "SIDE-OTHER" to the entries unless there; returns the new count. */
static int add_entry(const Variant *v, const SideMaterial *side, const SideMaterial *other, char (*entries)[ENTRY_MAX],
                     int nb)
{
    int k = variant_material_text(v, side, entries[nb]);
    entries[nb][k++] = '-';
    variant_material_text(v, other, entries[nb] + k);
    for (int j = 0; j < nb; j++)
        if (!strcmp(entries[j], entries[nb]))
            return nb;
    return nb + 1;
}

/* The entries sorted, space-separated, into buf. */
static void join_sorted(char (*entries)[ENTRY_MAX], int nb, char *buf, int size)
{
    int len = 0;
    buf[0] = 0;
    qsort(entries, (size_t)nb, sizeof *entries, compare_text);
    for (int i = 0; i < nb && len < size; i++)
        len += snprintf(buf + len, (size_t)(size - len), "%s%s", i ? " " : "", entries[i]);
}

void tb_dead_no_win_list(const Variant *v, const DeadMaterial *m, int n, char *buf, int size)
{
    char(*entries)[ENTRY_MAX] = malloc(sizeof *entries * (size_t)(2 * n + 1));
    int nb = 0;
    buf[0] = 0;
    if (!entries)
        return;
    for (int i = 0; i < n; i++)
        for (int c = 0; c < COLOR_NB; c++)
            if (!m[i].can_win[c])
                nb = c == WHITE ? add_entry(v, &m[i].white, &m[i].black, entries, nb)
                                : add_entry(v, &m[i].black, &m[i].white, entries, nb);
    join_sorted(entries, nb, buf, size);
    free(entries);
}

/* Men of a side, its king included. */
static int men_of(const SideMaterial *m)
{
    int n = 1;
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        n += m->n[t][0] + m->n[t][1] + m->n[t][2];
    return n;
}

void tb_dead_rules_list(const Variant *v, int men, char *buf, int size)
{
    char(*entries)[ENTRY_MAX] = malloc(sizeof *entries * NO_WIN_MAX);
    int nb = 0;
    buf[0] = 0;
    if (!entries)
        return;
    for (int i = 0; i < v->no_win_nb; i++)
        if (men_of(&v->no_win[i].side) + men_of(&v->no_win[i].other) <= men)
            nb = add_entry(v, &v->no_win[i].side, &v->no_win[i].other, entries, nb);
    join_sorted(entries, nb, buf, size);
    free(entries);
}
