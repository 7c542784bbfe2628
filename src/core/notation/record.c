#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/arbiter.h"
#include "../util/quote.h"
#include "postext.h"
#include "recinternal.h"

/* ---------------------------------------------------------------- model */

char *dup_text(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

char *dup_str(const char *s) { return s ? dup_text(s, strlen(s)) : NULL; }

void join_comment(char **slot, const char *text)
{
    if (!*slot) {
        *slot = dup_str(text);
        return;
    }
    size_t a = strlen(*slot), b = strlen(text);
    char *s = realloc(*slot, a + b + 3);
    if (!s)
        return;
    memcpy(s + a, "\n\n", 2);
    memcpy(s + a + 2, text, b + 1);
    *slot = s;
}

static void line_free(RecLine *l)
{
    for (int i = 0; i < l->count; i++) {
        RecNode *n = &l->nodes[i];
        free(n->token);
        free(n->comment);
        for (int v = 0; v < n->var_count; v++)
            line_free(&n->vars[v]);
        free(n->vars);
    }
    free(l->nodes);
    free(l->comment);
    free(l->label);
    memset(l, 0, sizeof *l);
}

/* items (count of *cap used, each of size bytes) with room for one more, grown by doubling from
 * first; NULL when out of memory (items untouched). Doubling keeps a file of many thousand moves or
 * variations on one move linear to read. */
static void *room_for_one(void *items, int count, int *cap, size_t size, int first)
{
    if (count < *cap)
        return items;
    int grown = *cap ? 2 * *cap : first;
    void *more = realloc(items, (size_t)grown * size);
    if (more)
        *cap = grown;
    return more;
}

RecNode *line_add(RecLine *l, const char *token, int line)
{
    /* Small at first: a file may hold many thousand one-move variations. */
    RecNode *nodes = room_for_one(l->nodes, l->count, &l->cap, sizeof *nodes, 4);
    if (!nodes)
        return NULL;
    l->nodes = nodes;
    RecNode *n = &l->nodes[l->count];
    memset(n, 0, sizeof *n);
    n->token = dup_str(token);
    if (!n->token)
        return NULL;
    n->line = line;
    l->count++;
    return n;
}

RecLine *node_add_variation(RecNode *n)
{
    RecLine *vars = room_for_one(n->vars, n->var_count, &n->var_cap, sizeof *vars, 2);
    if (!vars)
        return NULL;
    n->vars = vars;
    RecLine *v = &n->vars[n->var_count++];
    memset(v, 0, sizeof *v);
    return v;
}

void node_drop_variation(RecNode *n)
{
    if (n->var_count > 0)
        line_free(&n->vars[--n->var_count]);
}

void game_init(Game *g, const Variant *v)
{
    memset(g, 0, sizeof *g);
    g->variant = v;
}

void game_free(Game *g)
{
    for (int i = 0; i < g->label_count; i++) {
        free(g->labels[i].name);
        free(g->labels[i].value);
    }
    free(g->labels);
    line_free(&g->main);
    free(g->result);
    free(g->final_comment);
    memset(g, 0, sizeof *g);
}

const char *game_label(const Game *g, const char *name)
{
    for (int i = g->label_count - 1; i >= 0; i--)
        if (!strcmp(g->labels[i].name, name))
            return g->labels[i].value;
    return NULL;
}

void add_label(Game *g, const char *name, const char *value, int line)
{
    if (g->label_count == g->label_cap) {
        int cap = g->label_cap ? 2 * g->label_cap : 8;
        RecLabel *l = realloc(g->labels, (size_t)cap * sizeof *l);
        if (!l)
            return;
        g->labels = l;
        g->label_cap = cap;
    }
    RecLabel *l = &g->labels[g->label_count];
    l->name = dup_str(name);
    l->value = dup_str(value);
    l->line = line;
    if (l->name && l->value)
        g->label_count++;
}

void game_set_label(Game *g, const char *name, const char *value)
{
    for (int i = 0; i < g->label_count; i++) {
        if (!strcmp(g->labels[i].name, name)) {
            char *v = dup_str(value);
            if (v) {
                free(g->labels[i].value);
                g->labels[i].value = v;
            }
            return;
        }
    }
    add_label(g, name, value, 0);
}

bool game_start_position(const Game *g, Position *p, char *err, size_t err_size)
{
    const Variant *v = g->variant;
    const char *start = game_label(g, v->desc->position_label);
    if (!start)
        start = game_label(g, "FEN");
    if (!start)
        start = game_label(g, "PDTL");
    const char *castling = game_label(g, "Castling");
    bool without = castling && (!strcmp(castling, "No") || !strcmp(castling, "no") || !strcmp(castling, "-"));
    return pos_from_text_castling(p, v, start ? start : "startpos", !without, err, err_size);
}

/* "FILE:LINE: message" into out. A file name longer than the space left is cut from the front:
 * its prefix's length must never be taken as room for the message. */
void vformat_at(char *out, size_t size, const char *file, int line, const char *fmt, va_list ap)
{
    size_t name_len = strlen(file), keep = size / 3;
    const char *shown = name_len > keep ? file + name_len - keep : file;
    int n = snprintf(out, size, "%s%s:%d: ", shown == file ? "" : "...", shown, line);
    if (n >= 0 && (size_t)n < size)
        vsnprintf(out + n, size - (size_t)n, fmt, ap);
}

void format_at(char *out, size_t size, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vformat_at(out, size, file, line, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- comparing */

static bool same_text(const char *a, const char *b) { return (!a && !b) || (a && b && !strcmp(a, b)); }

PRINTF_LIKE(3, 4) static bool differ(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}

static bool same_line(const RecLine *a, const RecLine *b, char *why, size_t size)
{
    char q1[QUOTE_BUF_SIZE], q2[QUOTE_BUF_SIZE];
    if (!same_text(a->comment, b->comment))
        return differ(why, size, "the comment %s became %s", quote(q1, a->comment), quote(q2, b->comment));
    if (!same_text(a->label, b->label))
        return differ(why, size, "the variation label %s became %s", quote(q1, a->label), quote(q2, b->label));
    if (a->count != b->count)
        return differ(why, size, "a line of %d moves became %d", a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        const RecNode *x = &a->nodes[i], *y = &b->nodes[i];
        quote(q1, x->token);
        if (x->move != y->move)
            return differ(why, size, "the move %s became %s", q1, quote(q2, y->token));
        if (!same_text(x->comment, y->comment))
            return differ(why, size, "the comment after %s changed", q1);
        if (x->nag_count != y->nag_count || memcmp(x->nags, y->nags, (size_t)x->nag_count))
            return differ(why, size, "the NAGs of %s changed", q1);
        if (x->draw_offer != y->draw_offer || x->stop != y->stop)
            return differ(why, size, "the indicators of %s changed", q1);
        if (x->var_count != y->var_count)
            return differ(why, size, "%s had %d variations, now %d", q1, x->var_count, y->var_count);
        for (int v = 0; v < x->var_count; v++)
            if (!same_line(&x->vars[v], &y->vars[v], why, size))
                return false;
    }
    return true;
}

/* The result the game ends with: its termination marker, else its Result label. */
static Outcome marked_outcome(const Game *g)
{
    const char *r = g->result ? g->result : game_label(g, "Result");
    Outcome o;
    return r && outcome_parse(r, &o) ? o : OUTCOME_NONE;
}

bool game_same(const Game *a, const Game *b, char *why, size_t size)
{
    if (a->variant != b->variant)
        return differ(why, size, "the variant changed");
    if (!same_line(&a->main, &b->main, why, size))
        return false;
    if (marked_outcome(a) != marked_outcome(b))
        return differ(why, size, "the result %s became %s", outcome_text(a->variant, marked_outcome(a)),
                      outcome_text(b->variant, marked_outcome(b)));
    if (!same_text(a->final_comment, b->final_comment))
        return differ(why, size, "the comment after the result changed");
    for (int i = 0; i < a->label_count; i++) {
        const char *name = a->labels[i].name;
        if (strcmp(name, "Variant") && strcmp(name, "Redefine") && strcmp(name, "Letters") &&
            !same_text(game_label(a, name), game_label(b, name)))
            return differ(why, size, "the label %s changed", name);
    }
    return true;
}
