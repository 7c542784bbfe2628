#include "recwrite.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/arbiter.h"
#include "../util/strbuf.h"

typedef struct {
    StrBuf out;
    bool glue;         /* the next PGN word follows without a space ("(" before it) */
    size_t line_start; /* where the current output line starts */
} Buf;

/* Notes where the current line starts after text was added from offset from on. */
static void track_lines(Buf *b, size_t from)
{
    if (b->out.failed)
        return;
    for (size_t i = b->out.len; i > from; i--) {
        if (b->out.data[i - 1] == '\n') {
            b->line_start = i;
            return;
        }
    }
}

static void put(Buf *b, const char *s, size_t n)
{
    size_t from = b->out.len;
    strbuf_put(&b->out, s, n);
    track_lines(b, from);
}

static void puts_buf(Buf *b, const char *s) { put(b, s, strlen(s)); }

PRINTF_LIKE(2, 3) static void printf_buf(Buf *b, const char *fmt, ...)
{
    size_t from = b->out.len;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(&b->out, fmt, ap);
    va_end(ap);
    track_lines(b, from);
}

static bool line_open(const Buf *b) { return b->out.len > b->line_start; }

static void end_line(Buf *b)
{
    if (line_open(b))
        puts_buf(b, "\n");
}

/* PGN: words separated by spaces, wrapped before column 80. */
static void word(Buf *b, const char *w)
{
    size_t col = b->out.len - b->line_start;
    if (b->glue)
        b->glue = false;
    else if (col > 0 && col + 1 + strlen(w) > 79)
        puts_buf(b, "\n");
    else if (col > 0)
        puts_buf(b, " ");
    puts_buf(b, w);
}

typedef struct {
    const Game *g;
    const WriteOptions *o;
    const Letters *letters;
    bool ctl;
    bool inline_start; /* CTL-PGN: a variation's first move goes on the "(" line */
    int start_ply;
    bool start_black;
} Writer;

static void dots(Buf *b, int depth)
{
    for (int i = 0; i < depth; i++)
        puts_buf(b, ".");
    if (depth)
        puts_buf(b, " ");
}

/* Comment text as written: a '}' inside would end it early, so it becomes ')'. */
static void put_comment_text(Buf *b, const char *text)
{
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "}");
        put(b, s, n);
        s += n;
        if (*s) {
            puts_buf(b, ")");
            s++;
        }
    }
}

static void write_comment(Buf *b, Writer *w, const char *text, int depth)
{
    if (!text)
        return;
    if (w->ctl) {
        end_line(b);
        dots(b, depth);
        puts_buf(b, "{ ");
        put_comment_text(b, text);
        puts_buf(b, " }\n");
        return;
    }
    size_t col = b->out.len - b->line_start;
    if (col > 0)
        puts_buf(b, col + strlen(text) + 2 > 79 ? "\n" : " ");
    puts_buf(b, "{");
    put_comment_text(b, text);
    puts_buf(b, "}");
}

static int move_number(const Writer *w, const Position *p)
{
    if (p->fullmove)
        return p->fullmove;
    return 1 + (p->ply - w->start_ply + (w->start_black ? 1 : 0)) / 2;
}

/* The move text of a node: move, mark, assessments, indicators. */
static void node_text(const Writer *w, Position *p, const RecNode *n, char *out, size_t size)
{
    char mv[MOVETEXT_MAX];
    movetext_write(p, n->move, w->o->style, w->letters, mv);
    /* In PGN a ':' glued to a move is read as part of it (Hungarian captures write "e:f5"), so
     * the stop indicator stands apart there. */
    size_t len = (size_t)snprintf(out, size, "%s%s", mv, n->stop ? (w->ctl ? ":" : " :") : "");
    for (int i = 0; i < n->nag_count && len + 8 < size; i++) {
        const char *glyph = nag_glyph(n->nags[i]);
        if (glyph && w->ctl)
            len += (size_t)snprintf(out + len, size - len, " %s", glyph);
        else if (glyph && n->nags[i] <= 6 && i == 0)
            len += (size_t)snprintf(out + len, size - len, "%s", glyph);
        else
            len += (size_t)snprintf(out + len, size - len, " $%d", n->nags[i]);
    }
    if (n->draw_offer && len + 5 < size)
        snprintf(out + len, size - len, " (=)");
}

static void number_text(const Writer *w, const Position *p, bool black, char *out, size_t size)
{
    int num = move_number(w, p);
    if (w->ctl)
        snprintf(out, size, black ? "%d%s \xe2\x80\xa6," : "%d%s", num, w->g->numbers_unknown ? "?" : ".");
    else
        snprintf(out, size, "%d%s", num, black ? "..." : ".");
}

static void write_line(Buf *b, Writer *w, Position *p, const RecLine *l, int depth);

static void write_variations(Buf *b, Writer *w, Position *p, const RecNode *n, int depth)
{
    for (int v = 0; v < n->var_count; v++) {
        const RecLine *var = &n->vars[v];
        if (!var->count || var->nodes[0].move == MOVE_NONE)
            continue;
        if (w->ctl) {
            end_line(b);
            dots(b, depth + 1);
            puts_buf(b, "(");
            if (var->label)
                printf_buf(b, " $[%s]", var->label);
            puts_buf(b, " ");
            w->inline_start = true;
            write_line(b, w, p, var, depth + 1);
            w->inline_start = false;
            if (!line_open(b))
                dots(b, depth + 1);
            else
                puts_buf(b, " ");
            puts_buf(b, ")\n");
        } else {
            word(b, "(");
            b->glue = true;
            if (var->label) {
                StrBuf lab = {0};
                strbuf_printf(&lab, "$[%s]", var->label);
                if (lab.failed)
                    b->out.failed = true;
                else
                    word(b, lab.data);
                strbuf_free(&lab);
            }
            write_line(b, w, p, var, depth + 1);
            puts_buf(b, ")");
        }
    }
}

static void write_line(Buf *b, Writer *w, Position *p, const RecLine *l, int depth)
{
    int made = 0;
    bool need_number = true;
    if (l->comment) {
        w->inline_start = false;
        write_comment(b, w, l->comment, depth);
    }
    for (int i = 0; i < l->count; i++) {
        const RecNode *n = &l->nodes[i];
        if (n->move == MOVE_NONE)
            break;
        bool black = p->stm == BLACK;
        char num[32], text[MOVETEXT_MAX + 64];
        node_text(w, p, n, text, sizeof text);
        if (w->ctl) {
            if (!black || need_number) {
                if (!w->inline_start) {
                    end_line(b);
                    dots(b, depth);
                }
                w->inline_start = false;
                number_text(w, p, black, num, sizeof num);
                printf_buf(b, "%s %s", num, text);
            } else {
                printf_buf(b, ", %s", text);
            }
        } else {
            if (!black || need_number) {
                number_text(w, p, black, num, sizeof num);
                word(b, num);
            }
            word(b, text);
        }
        need_number = n->comment || n->var_count;
        write_comment(b, w, n->comment, depth);
        /* Variations replace this move: they are written from the position before it. */
        write_variations(b, w, p, n, depth);
        pos_make(p, n->move);
        made++;
    }
    while (made-- > 0)
        pos_unmake(p);
}

static void write_label(Buf *b, const char *name, const char *value)
{
    printf_buf(b, "[%s \"", name);
    for (const char *s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            puts_buf(b, "\\");
        put(b, s, 1);
    }
    puts_buf(b, "\"]\n");
}

/* The Redefine value that declares non-standard single letters ("A@J, T@R"). */
static void redefine_text(const Variant *v, const Letters *l, char *out, size_t size)
{
    Letters standard;
    letters_default(&standard, v);
    size_t n = 0;
    out[0] = 0;
    for (int t = KING; t < PIECE_TYPE_NB && n < size; t++) {
        if (!standard.text[t][0] || !strcmp(standard.text[t], l->text[t]) || strlen(l->text[t]) != 1)
            continue;
        n += (size_t)snprintf(out + n, size - n, "%s%s@%s", n ? ", " : "", l->text[t], standard.text[t]);
    }
}

static void write_labels(Buf *b, const Game *g, const WriteOptions *o, bool ctl)
{
    const Variant *v = g->variant;
    const char *names = v->desc->record_names;
    printf_buf(b, "[Variant \"%.*s\"]\n", (int)strcspn(names, "|"), names);
    char redefine[128] = "";
    if (ctl && o->letters)
        redefine_text(v, o->letters, redefine, sizeof redefine);
    const char *start = game_label(g, v->desc->position_label);
    if (!start)
        start = game_label(g, "FEN") ? game_label(g, "FEN") : game_label(g, "PDTL");
    for (int i = 0; i < g->label_count; i++) {
        const char *name = g->labels[i].name;
        if (strcmp(name, "Variant") && strcmp(name, "Redefine") && strcmp(name, "Letters") && strcmp(name, "PDTL") &&
            strcmp(name, "FEN"))
            write_label(b, name, g->labels[i].value);
    }
    if (redefine[0])
        write_label(b, "Redefine", redefine);
    /* A named set is declared: read as another set, its letters could name other pieces. */
    if (o->letters && strcmp(o->letters->name, "default"))
        write_label(b, "Letters", o->letters->name);
    if (start)
        write_label(b, v->desc->position_label, start);
    if (!ctl)
        puts_buf(b, "\n");
}

char *game_write(const Game *g, const WriteOptions *o)
{
    const Variant *v = g->variant;
    Buf b = {0};
    Position *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    char err[256];
    if (!game_start_position(g, p, err, sizeof err))
        pos_set_start(p, v);
    Writer w = {g, o, o->letters, v->desc->record_format == RECORD_CTL_PGN, false, p->ply, p->stm == BLACK};
    if (!o->moves_only)
        write_labels(&b, g, o, w.ctl);
    write_line(&b, &w, p, &g->main, 0);
    const char *result = g->result ? g->result : "*";
    Outcome labelled;
    if (!g->result && game_label(g, "Result") && outcome_parse(game_label(g, "Result"), &labelled))
        result = game_label(g, "Result");
    if (o->moves_only) {
        end_line(&b);
        free(p);
        return strbuf_take(&b.out);
    }
    Outcome oc;
    if (outcome_parse(result, &oc))
        result = outcome_text(v, oc);
    if (w.ctl) {
        end_line(&b);
        printf_buf(&b, "%s\n", result);
        write_comment(&b, &w, g->final_comment, 0);
    } else {
        word(&b, result);
        if (g->final_comment)
            write_comment(&b, &w, g->final_comment, 0);
        puts_buf(&b, "\n");
    }
    free(p);
    return strbuf_take(&b.out);
}
