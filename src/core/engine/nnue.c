#include "nnue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/geometry.h"

/* The file's header (docs/nnue.md); integers little-endian. */
enum {
    HEADER_SIZE = 64,
    AT_VERSION = 4,
    AT_VARIANT = 8,
    VARIANT_NAME_SIZE = 16,
    AT_CELLS = 24,
    AT_TYPES = 26,
    AT_HIDDEN = 28,
    AT_SLOTS = 32,
    MAX_SLOTS = 16,
    AT_QA = 48,
    AT_QB = 52,
    AT_SCALE = 56,
    NETWORK_VERSION = 1,
};
static const char MAGIC[4] = {'H', 'X', 'N', 'N'};

struct Network {
    const Variant *v;
    int cells, types, hidden, scale;
    /* Per piece type, its feature slot (0 .. types-1). */
    uint8_t slot[PIECE_TYPE_NB];
    /* Per hex, where Black sees it: the board reflected top to bottom. */
    uint8_t mirror[MAX_CELLS];
    int16_t *bias;    /* [hidden] */
    int16_t *weights; /* [2 * types * cells][hidden]: own men's slots first, then the opponent's */
    int8_t *out;      /* [2 * hidden]: the side to move's half first */
    int32_t out_bias;
};

static unsigned get16(const uint8_t *at) { return (unsigned)at[0] | (unsigned)at[1] << 8; }
static int32_t get32(const uint8_t *at)
{
    return (int32_t)((uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 | (uint32_t)at[3] << 24);
}

void nnue_free(Network *n)
{
    if (!n)
        return;
    free(n->bias);
    free(n->weights);
    free(n->out);
    free(n);
}

const Variant *nnue_variant(const Network *n) { return n->v; }

/* Checks the header and fills n's sizes from it; false with a message in err. */
static bool read_header(Network *n, const uint8_t *h, char *err, int err_size)
{
    if (memcmp(h, MAGIC, sizeof MAGIC) || get32(h + AT_VERSION) != NETWORK_VERSION) {
        snprintf(err, (size_t)err_size, "not a hexchess network of version %d", NETWORK_VERSION);
        return false;
    }
    char name[VARIANT_NAME_SIZE + 1] = {0};
    memcpy(name, h + AT_VARIANT, VARIANT_NAME_SIZE);
    n->v = variant_find(name);
    if (!n->v) {
        snprintf(err, (size_t)err_size, "the network is for an unknown variant");
        return false;
    }
    n->cells = (int)get16(h + AT_CELLS);
    n->types = (int)get16(h + AT_TYPES);
    n->hidden = (int)get16(h + AT_HIDDEN);
    n->scale = get32(h + AT_SCALE);
    if (n->cells != n->v->geo.cell_count || n->types < 1 || n->types > MAX_SLOTS || n->hidden < NNUE_HIDDEN_STEP ||
        n->hidden > NNUE_MAX_HIDDEN || n->hidden % NNUE_HIDDEN_STEP || get32(h + AT_QA) != NNUE_QA ||
        get32(h + AT_QB) != NNUE_QB || n->scale < 1) {
        snprintf(err, (size_t)err_size, "the %s network's sizes (%d hexes, %d piece types, %d hidden) do not fit",
                 n->v->desc->title, n->cells, n->types, n->hidden);
        return false;
    }
    memset(n->slot, 0xff, sizeof n->slot);
    for (int i = 0; i < n->types; i++) {
        int t = h[AT_SLOTS + i];
        if (t <= NO_TYPE || t >= PIECE_TYPE_NB || n->slot[t] != 0xff) {
            snprintf(err, (size_t)err_size, "the network's piece type %d is no type or given twice", i + 1);
            return false;
        }
        n->slot[t] = (uint8_t)i;
    }
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        if (n->v->desc->pieces[t].letter && n->slot[t] == 0xff) {
            snprintf(err, (size_t)err_size, "the network has no inputs for the %s '%c'", n->v->desc->title,
                     n->v->desc->pieces[t].letter);
            return false;
        }
    for (int s = 0; s < n->cells; s++)
        n->mirror[s] = (uint8_t)geometry_mirror(&n->v->geo, s);
    return true;
}

Network *nnue_load(const char *path, char *err, int err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, (size_t)err_size, "cannot open the network file");
        return NULL;
    }
    Network *n = calloc(1, sizeof *n);
    uint8_t h[HEADER_SIZE];
    bool ok = n && fread(h, sizeof h, 1, f) == 1;
    if (!ok)
        snprintf(err, (size_t)err_size, n ? "the network file is too short" : "out of memory");
    ok = ok && read_header(n, h, err, err_size);
    size_t inputs = ok ? (size_t)2 * (size_t)n->types * (size_t)n->cells : 0, hidden = ok ? (size_t)n->hidden : 0;
    if (ok) {
        n->bias = malloc(hidden * sizeof *n->bias);
        n->weights = malloc(inputs * hidden * sizeof *n->weights);
        n->out = malloc(2 * hidden);
        ok = n->bias && n->weights && n->out;
        if (!ok)
            snprintf(err, (size_t)err_size, "out of memory");
    }
    uint8_t tail[4];
    if (ok) {
        /* The file's integers are little-endian: read byte by byte into host order. */
        uint8_t *raw = malloc(inputs * hidden * 2);
        ok = raw && fread(raw, 2, hidden, f) == hidden;
        for (size_t i = 0; ok && i < hidden; i++)
            n->bias[i] = (int16_t)get16(raw + 2 * i);
        ok = ok && fread(raw, 2, inputs * hidden, f) == inputs * hidden;
        for (size_t i = 0; ok && i < inputs * hidden; i++)
            n->weights[i] = (int16_t)get16(raw + 2 * i);
        ok = ok && fread(n->out, 1, 2 * hidden, f) == 2 * hidden && fread(tail, 4, 1, f) == 1 && fgetc(f) == EOF;
        free(raw);
        if (!ok)
            snprintf(err, (size_t)err_size, "the network file's size does not match its header");
        else
            n->out_bias = get32(tail);
    }
    fclose(f);
    if (!ok) {
        nnue_free(n);
        return NULL;
    }
    return n;
}

/* The loops over the hidden units go by blocks of NNUE_HIDDEN_STEP units, each through pointers
 * of its own: a count the compiler knows and no overlap, so that even its cheapest vectorisation
 * (gcc -O2) makes each block a few vector operations. */
enum { STEP = NNUE_HIDDEN_STEP };

/* sum += w */
static inline void add_row(int16_t *restrict sum, const int16_t *restrict w, int hidden)
{
    for (int b = 0; b < hidden; b += STEP) {
        int16_t *restrict d = sum + b;
        const int16_t *restrict x = w + b;
        for (int j = 0; j < STEP; j++)
            d[j] = (int16_t)(d[j] + x[j]);
    }
}

/* sum -= w */
static inline void sub_row(int16_t *restrict sum, const int16_t *restrict w, int hidden)
{
    for (int b = 0; b < hidden; b += STEP) {
        int16_t *restrict d = sum + b;
        const int16_t *restrict x = w + b;
        for (int j = 0; j < STEP; j++)
            d[j] = (int16_t)(d[j] - x[j]);
    }
}

/* sum = from + a - s (- t when t is not NULL): a man moved, and perhaps one taken. */
static inline void move_rows(int16_t *restrict sum, const int16_t *restrict from, const int16_t *restrict a,
                             const int16_t *restrict s, const int16_t *restrict t, int hidden)
{
    for (int b = 0; b < hidden; b += STEP) {
        int16_t *restrict d = sum + b;
        const int16_t *restrict f = from + b, *restrict x = a + b, *restrict y = s + b;
        if (t) {
            const int16_t *restrict z = t + b;
            for (int j = 0; j < STEP; j++)
                d[j] = (int16_t)(f[j] + x[j] - y[j] - z[j]);
        } else
            for (int j = 0; j < STEP; j++)
                d[j] = (int16_t)(f[j] + x[j] - y[j]);
    }
}

/* The feature of a man seen from side `view`: its slot among the viewer's or the opponent's men,
 * on the hex as the viewer sees it. */
static inline size_t feature(const Network *n, Color view, Piece pc, int cell)
{
    int whose = piece_color(pc) != view;
    int s = view == WHITE ? cell : n->mirror[cell];
    return ((size_t)(whose * n->types + n->slot[piece_type(pc)]) * (size_t)n->cells + (size_t)s) * (size_t)n->hidden;
}

void nnue_refresh(const Network *n, NnueAccumulator *acc, const Position *p)
{
    for (int view = 0; view < COLOR_NB; view++) {
        int16_t *sum = acc->sum[view];
        memcpy(sum, n->bias, sizeof *sum * (size_t)n->hidden);
        for (int c = 0; c < COLOR_NB; c++)
            for (int i = 0; i < p->men_count[c]; i++) {
                int s = p->men[c][i];
                add_row(sum, n->weights + feature(n, (Color)view, p->board[s], s), n->hidden);
            }
    }
    acc->computed = true;
}

static void add_change(NnueAccumulator *acc, Piece pc, int cell, int sign)
{
    acc->change[acc->change_nb++] = (NnueChange){pc, (uint8_t)cell, (int8_t)sign};
}

void nnue_record_move(NnueAccumulator *acc, const Position *p)
{
    const Undo *u = &p->hist[p->ply - 1];
    Move m = u->move;
    acc->computed = false;
    acc->change_nb = 0;
    if (m == MOVE_NONE)
        return;
    Color us = (Color)!p->stm;
    int from = move_from(m), to = move_to(m);
    Piece arrived = p->board[to];
    switch (move_kind(m)) {
    case MK_CASTLE: {
        const Castle *c = &p->v->castles[us][move_castle(m)];
        add_change(acc, arrived, from, -1);
        add_change(acc, arrived, to, +1);
        for (int i = 0; i < c->rook_count; i++) {
            Piece rook = p->board[c->rook_to[i]];
            add_change(acc, rook, p->v->rook_start[us][c->rook_which[i]], -1);
            add_change(acc, rook, c->rook_to[i], +1);
        }
        return;
    }
    case MK_PROMOTE_HERE:
        add_change(acc, make_piece(us, PAWN), to, -1);
        add_change(acc, arrived, to, +1);
        return;
    default:
        add_change(acc, move_promo(m) != NO_TYPE ? make_piece(us, PAWN) : arrived, from, -1);
        add_change(acc, arrived, to, +1);
        if (u->captured)
            add_change(acc, u->captured, u->captured_cell, -1);
    }
}

/* next = prev plus next's changes, from both views. A plain move (a man off one hex, onto
 * another) and a capture get loops of their own, each a single pass over the units. */
static void apply_changes(const Network *n, const NnueAccumulator *prev, NnueAccumulator *next)
{
    int hidden = n->hidden;
    for (int view = 0; view < COLOR_NB; view++) {
        const int16_t *add[NNUE_MAX_CHANGES], *sub[NNUE_MAX_CHANGES];
        int adds = 0, subs = 0;
        for (int k = 0; k < next->change_nb; k++) {
            const NnueChange *c = &next->change[k];
            const int16_t *w = n->weights + feature(n, (Color)view, c->piece, c->cell);
            if (c->sign > 0)
                add[adds++] = w;
            else
                sub[subs++] = w;
        }
        int16_t *sum = next->sum[view];
        if (adds == 1 && (subs == 1 || subs == 2)) {
            move_rows(sum, prev->sum[view], add[0], sub[0], subs == 2 ? sub[1] : NULL, hidden);
            continue;
        }
        memcpy(sum, prev->sum[view], sizeof *sum * (size_t)hidden);
        for (int k = 0; k < adds; k++)
            add_row(sum, add[k], hidden);
        for (int k = 0; k < subs; k++)
            sub_row(sum, sub[k], hidden);
    }
    next->computed = true;
}

void nnue_update(const Network *n, NnueAccumulator *line, int ply)
{
    int from = ply;
    while (!line[from].computed)
        from--;
    for (int i = from + 1; i <= ply; i++)
        apply_changes(n, &line[i - 1], &line[i]);
}

static inline int clipped(long long x) { return x < 0 ? 0 : x > NNUE_QA ? NNUE_QA : (int)x; }

/* The output sum to centipawns, kept clear of the mate scores. */
static int to_centipawns(const Network *n, long long sum)
{
    long long cp = sum * n->scale / (NNUE_QA * NNUE_QB);
    const long long bound = 20000;
    return (int)(cp > bound ? bound : cp < -bound ? -bound : cp);
}

/* The clipped units of one view times their output weights. */
static inline int32_t clipped_dot(const int16_t *restrict units, const int8_t *restrict w, int hidden)
{
    int32_t sum = 0;
    for (int b = 0; b < hidden; b += STEP) {
        const int16_t *restrict u = units + b;
        const int8_t *restrict x = w + b;
        for (int j = 0; j < STEP; j++) {
            int32_t v = u[j] < 0 ? 0 : u[j] > NNUE_QA ? NNUE_QA : u[j];
            sum += v * x[j];
        }
    }
    return sum;
}

int nnue_output(const Network *n, const NnueAccumulator *acc, Color stm)
{
    int32_t sum = clipped_dot(acc->sum[stm], n->out, n->hidden) + clipped_dot(acc->sum[!stm], n->out + n->hidden, n->hidden);
    return to_centipawns(n, (long long)sum + n->out_bias);
}

int nnue_evaluate_scalar(const Network *n, const Position *p)
{
    long long sum = n->out_bias;
    for (int j = 0; j < n->hidden; j++)
        for (int half = 0; half < 2; half++) {
            Color view = half == 0 ? p->stm : (Color)!p->stm;
            long long x = n->bias[j];
            for (int s = 0; s < n->cells; s++)
                if (p->board[s])
                    x += n->weights[feature(n, view, p->board[s], s) + (size_t)j];
            sum += (long long)clipped(x) * n->out[half * n->hidden + j];
        }
    return to_centipawns(n, sum);
}
