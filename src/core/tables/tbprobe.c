#include "tbprobe.h"

#include <dirent.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "../rules/movegen.h"

enum { SET_MAX = 256, DIR_MAX = 1024 };

typedef struct {
    uint8_t count[COLOR_NB][PIECE_TYPE_NB]; /* the ending's men, White the stronger side */
    _Atomic(TbTable *) table;               /* NULL: no table of this ending (yet) */
} Entry;

struct TbSet {
    const Variant *v;
    char dir[DIR_MAX];
    bool whole; /* compressed tables read whole, not a block at a time */
    mtx_t lock; /* held while an entry is added; readers see entries up to nb */
    atomic_int nb;
    Entry entry[SET_MAX];
};

TbSet *tbset_new(const Variant *v, const char *dir)
{
    TbSet *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (mtx_init(&s->lock, mtx_plain) != thrd_success) {
        free(s);
        return NULL;
    }
    s->v = v;
    snprintf(s->dir, sizeof s->dir, "%s", dir ? dir : "");
    atomic_init(&s->nb, 0);
    return s;
}

void tbset_free(TbSet *s)
{
    if (!s)
        return;
    for (int i = 0; i < atomic_load(&s->nb); i++) {
        TbTable *t = atomic_load(&s->entry[i].table);
        if (t) {
            tb_table_free(t);
            free(t);
        }
    }
    mtx_destroy(&s->lock);
    free(s);
}

const Variant *tbset_variant(const TbSet *s) { return s->v; }

void tbset_read_whole(TbSet *s) { s->whole = true; }

static void ending_counts(const TbEnding *e, uint8_t count[COLOR_NB][PIECE_TYPE_NB])
{
    memset(count, 0, COLOR_NB * PIECE_TYPE_NB);
    for (int i = 0; i < e->men; i++)
        count[e->colour[i]][e->type[i]]++;
}

/* The entry of these men in either orientation; *swapped when its White is their Black. */
static Entry *find(TbSet *s, const uint8_t count[COLOR_NB][PIECE_TYPE_NB], bool *swapped)
{
    int nb = atomic_load_explicit(&s->nb, memory_order_acquire);
    for (int i = 0; i < nb; i++) {
        const uint8_t(*c)[PIECE_TYPE_NB] = s->entry[i].count;
        if (!memcmp(c[WHITE], count[WHITE], PIECE_TYPE_NB) && !memcmp(c[BLACK], count[BLACK], PIECE_TYPE_NB)) {
            *swapped = false;
            return &s->entry[i];
        }
        if (!memcmp(c[WHITE], count[BLACK], PIECE_TYPE_NB) && !memcmp(c[BLACK], count[WHITE], PIECE_TYPE_NB)) {
            *swapped = true;
            return &s->entry[i];
        }
    }
    return NULL;
}

/* Adds an entry under the lock (unless another thread just did). */
static Entry *add_entry(TbSet *s, const TbEnding *e, TbTable *t)
{
    uint8_t count[COLOR_NB][PIECE_TYPE_NB];
    ending_counts(e, count);
    bool swapped;
    Entry *found = find(s, count, &swapped);
    if (found) {
        if (t && !atomic_load(&found->table)) {
            atomic_store(&found->table, t);
            return found;
        }
        if (t) {
            tb_table_free(t);
            free(t);
        }
        return found;
    }
    int nb = atomic_load(&s->nb);
    if (nb >= SET_MAX)
        return NULL;
    memcpy(s->entry[nb].count, count, sizeof count);
    atomic_store(&s->entry[nb].table, t);
    atomic_store_explicit(&s->nb, nb + 1, memory_order_release);
    return &s->entry[nb];
}

bool tbset_add(TbSet *s, TbTable *t)
{
    mtx_lock(&s->lock);
    Entry *e = add_entry(s, &t->ix.e, t);
    mtx_unlock(&s->lock);
    return e != NULL;
}

const TbTable *tbset_table(TbSet *s, const TbEnding *e, char *err, int size)
{
    uint8_t count[COLOR_NB][PIECE_TYPE_NB];
    ending_counts(e, count);
    bool swapped;
    Entry *found = find(s, count, &swapped);
    TbTable *have = found ? atomic_load(&found->table) : NULL;
    if (have)
        return have;
    mtx_lock(&s->lock);
    found = find(s, count, &swapped);
    TbTable *t = found ? atomic_load(&found->table) : NULL;
    if (!t && s->dir[0]) {
        char path[DIR_MAX + 64];
        tb_file_path(path, sizeof path, s->dir, e);
        t = malloc(sizeof *t);
        if (!t) {
            snprintf(err, (size_t)size, "out of memory");
        } else if (!(s->whole ? tb_file_load : tb_file_open)(t, e, path, err, size)) {
            free(t);
            t = NULL;
        }
        if (t && !add_entry(s, e, t)) {
            tb_table_free(t);
            free(t);
            t = NULL;
            snprintf(err, (size_t)size, "too many tables");
        }
    } else if (!t) {
        snprintf(err, (size_t)size, "no table of %s", e->name);
    }
    mtx_unlock(&s->lock);
    return t;
}

Color tb_cells_of(const TbTable *t, const Position *p, bool swapped, uint8_t *cells)
{
    const TbEnding *e = &t->ix.e;
    int used[COLOR_NB][PIECE_TYPE_NB] = {{0}};
    for (int i = 0; i < e->men; i++) {
        Color c = swapped ? (Color)!e->colour[i] : e->colour[i];
        int skip = used[c][e->type[i]]++;
        for (int k = 0; k < p->men_count[c]; k++) {
            int cell = p->men[c][k];
            if (piece_type(p->board[cell]) == e->type[i] && skip-- == 0) {
                cells[i] = (uint8_t)(swapped ? geometry_mirror(&p->v->geo, cell) : cell);
                break;
            }
        }
    }
    return swapped ? (Color)!p->stm : p->stm;
}

/* Whether p could be in a table at all (few enough men, at most one pawn, no rights). A capture
 * right needs a second pawn, which no table holds: it never matters here. */
static bool tableable(const Position *p)
{
    return p->men_count[WHITE] + p->men_count[BLACK] <= TB_MAX_MEN &&
           p->count[WHITE][PAWN] + p->count[BLACK][PAWN] <= 1 && !p->rights && p->king[WHITE] != NO_CELL &&
           p->king[BLACK] != NO_CELL;
}

bool tb_ending_of_position(const Position *p, TbEnding *ending, bool *swapped)
{
    if (!tableable(p))
        return false;
    Color colour[TB_MAX_MEN];
    PieceType type[TB_MAX_MEN];
    int n = 0;
    for (int c = 0; c < COLOR_NB; c++)
        for (int k = 0; k < p->men_count[c]; k++) {
            colour[n] = (Color)c;
            type[n++] = piece_type(p->board[p->men[c][k]]);
        }
    return tb_ending_of(p->v, n, colour, type, ending, swapped);
}

/* The table holding p, or NULL (tried once per ending: a missing table is remembered). */
static const TbTable *table_of(TbSet *s, const Position *p, bool *swapped)
{
    if (!tableable(p))
        return NULL;
    Entry *e = find(s, p->count, swapped);
    if (e)
        return atomic_load(&e->table);
    TbEnding ending;
    if (!tb_ending_of_position(p, &ending, swapped))
        return NULL;
    char err[256];
    const TbTable *t = tbset_table(s, &ending, err, sizeof err);
    if (!t) {
        mtx_lock(&s->lock);
        add_entry(s, &ending, NULL);
        mtx_unlock(&s->lock);
    }
    return t;
}

bool tb_probe(TbSet *s, const Position *p, uint16_t *value)
{
    bool swapped;
    const TbTable *t = table_of(s, p, &swapped);
    if (!t)
        return false;
    uint8_t cells[TB_MAX_MEN];
    Color stm = tb_cells_of(t, p, swapped, cells);
    uint64_t idx = tb_index_of(&t->ix, cells);
    return idx != TB_NONE && tb_value(t, stm, idx, value);
}

Move tb_best_move(TbSet *s, Position *p, uint16_t *value)
{
    if (!tb_probe(s, p, value))
        return MOVE_NONE;
    MoveList ml;
    gen_legal(p, &ml);
    Move best = MOVE_NONE;
    int best_rank = -1;
    for (int i = 0; i < ml.count; i++) {
        pos_make(p, ml.moves[i]);
        uint16_t child;
        bool known = tb_probe(s, p, &child);
        pos_unmake(p);
        int r = known ? tb_rank(tb_after(child)) : -1;
        if (r > best_rank) {
            best_rank = r;
            best = ml.moves[i];
        }
    }
    return best;
}

bool tb_search_score(TbSet *s, const Position *p, int mate, int stalemate, int draw, int *score)
{
    uint16_t v;
    if (!tb_probe(s, p, &v) || v == TB_ILLEGAL)
        return false;
    int d = tb_distance(v), base = tb_is_mate(v) ? mate : stalemate;
    *score = v == TB_DRAW ? draw : tb_wins(v) ? base - d : -(base - d);
    return true;
}

void tb_value_text(uint16_t v, char *buf, size_t size)
{
    int moves = (tb_distance(v) + 1) / 2;
    if (v <= TB_DRAW)
        snprintf(buf, size, "draw");
    else
        snprintf(buf, size, "%s%s in %d", tb_is_mate(v) ? "mate" : "stalemate", tb_wins(v) ? "" : "d", moves);
}

bool tb_dir_check(const char *dir, char *err, int size)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, (size_t)size, "cannot open the tablebase folder %s: %s", dir, strerror(errno));
        return false;
    }
    int tables = 0;
    bool ok = true;
    const struct dirent *ent;
    while (ok && (ent = readdir(d))) {
        size_t n = strlen(ent->d_name);
        if (n < 6 || strcmp(ent->d_name + n - 5, ".hxtb"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        ok = tb_file_check(path, err, size);
        tables++;
    }
    closedir(d);
    if (ok && !tables) {
        snprintf(err, (size_t)size, "the tablebase folder %s holds no table (*.hxtb)", dir);
        ok = false;
    }
    return ok;
}
