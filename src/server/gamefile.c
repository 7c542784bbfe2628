#include "gamefile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/notation.h"
#include "../core/postext.h"
#include "../core/quote.h"
#include "../core/record.h"

void gamefile_free(GameFile *f)
{
    free(f->moves);
    f->moves = NULL;
}

const char *gamefile_tag(const GameFile *f, const char *name, const char *def, char *buf, size_t size)
{
    size_t n = strlen(name);
    for (const char *s = f->tags; *s;) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (len > n && !strncmp(s, name, n) && s[n] == '=') {
            snprintf(buf, size, "%.*s", (int)(len - n - 1), s + n + 1);
            return buf;
        }
        s += len + (end ? 1 : 0);
    }
    return def;
}

/* Appends to a growing string; false when memory runs out. */
typedef struct {
    char *s;
    size_t len, cap;
    bool failed;
} Text;

static void add(Text *t, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || t->failed)
        return;
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            t->failed = true;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
    memcpy(t->s + t->len, tmp, (size_t)n + 1);
    t->len += (size_t)n;
}

/* Label values are written between quotes: drop what would break them. */
static void clean_value(char *s)
{
    for (; *s; s++)
        if (*s == '"' || *s == '\\' || *s == '[' || *s == ']' || (unsigned char)*s < 0x20)
            *s = '\'';
}

char *gamefile_write(const GameFile *f)
{
    const Variant *v = f->variant;
    Text t = {0};
    char buf[GAMEFILE_TEXT_MAX], date[16];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    static const struct {
        const char *name, *def;
    } seven[] = {{"Event", "Casual game"}, {"Site", "hexchess"}, {"Date", NULL}, {"Round", "-"},
                 {"White", "White"},       {"Black", "Black"}};
    const char *names = v->desc->record_names;
    add(&t, "[Variant \"%.*s\"]\n", (int)strcspn(names, "|"), names);
    for (size_t i = 0; i < sizeof seven / sizeof seven[0]; i++) {
        const char *val = gamefile_tag(f, seven[i].name, seven[i].def ? seven[i].def : date, buf, sizeof buf);
        char copy[GAMEFILE_TEXT_MAX];
        snprintf(copy, sizeof copy, "%s", val);
        clean_value(copy);
        add(&t, "[%s \"%s\"]\n", seven[i].name, copy);
    }
    add(&t, "[Result \"%s\"]\n", f->result);
    if (v->desc->castling && !f->castling)
        add(&t, "[Castling \"No\"]\n");
    Position *p = malloc(sizeof *p);
    char err[256];
    if (!p || !pos_from_text(p, v, "startpos", err, sizeof err)) {
        free(p);
        free(t.s);
        return NULL;
    }
    char start[POSITION_TEXT_MAX];
    pos_to_text(p, start, sizeof start);
    free(p);
    if (strcmp(start, f->start))
        add(&t, "[%s \"%s\"]\n", v->desc->position_label, f->start);
    add(&t, "\n%s %s\n", f->moves ? f->moves : "", f->result);
    if (t.failed) {
        free(t.s);
        return NULL;
    }
    /* Read the draft back and write it again: the record module writes each variant's notation
     * (CTL-AN move pairs, Gliński algebraic) with check marks and move numbers. */
    RecordReader r;
    record_reader_init(&r, "game", t.s, t.len, v);
    Game g;
    char *out = NULL;
    if (record_read_game(&r, &g)) {
        Position *q = malloc(sizeof *q);
        if (q) {
            PlayReport rep;
            game_play(&g, q, NULL, &rep);
            if (!rep.error.failed) {
                WriteOptions o = {.style = STYLE_STANDARD};
                out = game_write(&g, &o);
            }
            free(q);
        }
        game_free(&g);
    }
    free(t.s);
    return out;
}

static void add_tag(GameFile *f, const char *name, const char *value)
{
    if (!value)
        return;
    size_t len = strlen(f->tags);
    char copy[200];
    snprintf(copy, sizeof copy, "%s", value);
    for (char *c = copy; *c; c++)
        if (*c == '\n' || *c == '\r' || *c == '=')
            *c = ' ';
    snprintf(f->tags + len, sizeof f->tags - len, "%s=%s\n", name, copy);
}

bool gamefile_read(const char *text, size_t size, const Variant *fallback, GameFile *out, char *err, int err_size)
{
    memset(out, 0, sizeof *out);
    RecordReader r;
    record_reader_init(&r, "upload", text, size, fallback);
    Game g;
    if (!record_read_game(&r, &g)) {
        snprintf(err, (size_t)err_size, "no game found in the record");
        return false;
    }
    bool ok = false;
    Position *p = malloc(sizeof *p), *q = malloc(sizeof *q);
    if (!p || !q) {
        snprintf(err, (size_t)err_size, "out of memory");
        goto done;
    }
    if (!g.variant) {
        snprintf(err, (size_t)err_size, "the record names no variant");
        goto done;
    }
    PlayReport rep;
    game_play(&g, p, NULL, &rep);
    if (rep.error.failed) {
        char qt[QUOTE_BUF_SIZE];
        if (rep.error.ply)
            snprintf(err, (size_t)err_size, "line %d, move %d '%s': %s", rep.error.line, rep.error.ply,
                     quote(qt, rep.error.token), rep.error.reason);
        else
            snprintf(err, (size_t)err_size, "line %d: %s", rep.error.line, rep.error.reason);
        goto done;
    }
    char perr[256];
    if (!game_start_position(&g, q, perr, sizeof perr)) {
        snprintf(err, (size_t)err_size, "start position: %s", perr);
        goto done;
    }
    out->variant = g.variant;
    out->castling = q->castling_allowed;
    pos_to_text(q, out->start, sizeof out->start);
    Text moves = {0};
    add(&moves, "%s", "");
    for (int i = 0; i < rep.plies && i < g.main.count; i++) {
        char mv[MOVE_TEXT_MAX];
        move_to_text(q, g.main.nodes[i].move, mv);
        add(&moves, i ? " %s" : "%s", mv);
        pos_make(q, g.main.nodes[i].move);
    }
    if (moves.failed) {
        free(moves.s);
        snprintf(err, (size_t)err_size, "out of memory");
        goto done;
    }
    out->moves = moves.s;
    snprintf(out->result, sizeof out->result, "%s", outcome_text(g.variant, rep.verdict.outcome));
    if (rep.verdict.outcome != OUTCOME_NONE)
        snprintf(out->reason, sizeof out->reason, "%s", end_reason_name(rep.verdict.reason));
    static const char *const keep[] = {"Event", "Site", "Date", "Round", "White", "Black"};
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
        add_tag(out, keep[i], game_label(&g, keep[i]));
    ok = true;
done:
    free(p);
    free(q);
    game_free(&g);
    return ok;
}
