#include "gamefile.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../util/quote.h"
#include "../util/strbuf.h"
#include "notation.h"
#include "postext.h"
#include "recplay.h"
#include "recread.h"
#include "recwrite.h"

void gamefile_free(GameFile *f)
{
    free(f->moves);
    free(f->tags);
    free(f->warnings);
    f->moves = f->tags = f->warnings = NULL;
}

/* The value of a label kept in tags (its length in *len), or NULL. */
static const char *find_tag(const GameFile *f, const char *name, size_t *len)
{
    size_t n = strlen(name);
    for (const char *s = f->tags ? f->tags : ""; *s;) {
        size_t line = strcspn(s, "\n");
        if (line > n && !strncmp(s, name, n) && s[n] == '=') {
            *len = line - n - 1;
            return s + n + 1;
        }
        s += line + (s[line] ? 1 : 0);
    }
    return NULL;
}

/* A label line; the value is written between quotes, so what would break them becomes "'". */
static void add_label_line(StrBuf *t, const char *name, const char *value, size_t len)
{
    strbuf_printf(t, "[%s \"", name);
    for (size_t i = 0; i < len; i++) {
        char c = value[i];
        bool breaks = c == '"' || c == '\\' || c == '[' || c == ']' || (unsigned char)c < 0x20;
        strbuf_put(t, breaks ? "'" : &value[i], 1);
    }
    strbuf_puts(t, "\"]\n");
}

char *gamefile_write(const GameFile *f)
{
    const Variant *v = f->variant;
    StrBuf t = {0};
    char date[16];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    static const struct {
        const char *name, *def;
    } seven[] = {{"Event", "Casual game"}, {"Site", "hexchess"}, {"Date", NULL}, {"Round", "-"},
                 {"White", "White"},       {"Black", "Black"}};
    const char *names = v->desc->record_names;
    strbuf_printf(&t, "[Variant \"%.*s\"]\n", (int)strcspn(names, "|"), names);
    for (size_t i = 0; i < sizeof seven / sizeof seven[0]; i++) {
        size_t len;
        const char *val = find_tag(f, seven[i].name, &len);
        if (!val) {
            val = seven[i].def ? seven[i].def : date;
            len = strlen(val);
        }
        add_label_line(&t, seven[i].name, val, len);
    }
    strbuf_printf(&t, "[Result \"%s\"]\n", f->result);
    if (v->desc->castling && !f->castling)
        strbuf_puts(&t, "[Castling \"No\"]\n");
    Position *p = malloc(sizeof *p);
    char err[256];
    if (!p || !pos_from_text(p, v, "startpos", err, sizeof err)) {
        free(p);
        strbuf_free(&t);
        return NULL;
    }
    char start[POSITION_TEXT_MAX];
    pos_to_text(p, start, sizeof start);
    free(p);
    if (strcmp(start, f->start))
        strbuf_printf(&t, "[%s \"%s\"]\n", v->desc->position_label, f->start);
    strbuf_printf(&t, "\n%s %s\n", f->moves ? f->moves : "", f->result);
    size_t draft_len = t.len;
    char *draft = strbuf_take(&t);
    if (!draft)
        return NULL;
    /* Read the draft back and write it again: the record module writes each variant's notation
     * (CTL-AN move pairs, Gliński algebraic) with check marks and move numbers. */
    RecordReader r;
    record_reader_init(&r, "game", draft, draft_len, v);
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
    free(draft);
    return out;
}

/* Keeps a label of g as a "Name=value" line: line breaks and '=' inside the value become spaces,
 * which the warnings say. */
static void add_tag(StrBuf *tags, StrBuf *warnings, const Game *g, const char *name)
{
    const RecLabel *l = NULL;
    for (int i = 0; i < g->label_count; i++)
        if (!strcmp(g->labels[i].name, name))
            l = &g->labels[i];
    if (!l)
        return;
    strbuf_printf(tags, "%s=", name);
    bool rewritten = false;
    for (const char *c = l->value; *c; c++) {
        bool odd = *c == '\n' || *c == '\r' || *c == '=';
        strbuf_put(tags, odd ? " " : c, 1);
        rewritten |= odd;
    }
    strbuf_puts(tags, "\n");
    if (rewritten)
        strbuf_printf(warnings, "line %d: the label '%s' is kept with spaces for its line breaks and '='\n", l->line,
                      name);
}

/* The record's name, as the reader and the replay place their messages ("record:LINE: why"). */
static const char RECORD_NAME[] = "record";

/* A reason without its "record:LINE: " place, which the message gives already. */
static const char *without_place(const char *reason)
{
    size_t n = sizeof RECORD_NAME - 1;
    if (strncmp(reason, RECORD_NAME, n) || reason[n] != ':' || !isdigit((unsigned char)reason[n + 1]))
        return reason;
    const char *s = reason + n + 1;
    while (isdigit((unsigned char)*s))
        s++;
    return *s == ':' && s[1] == ' ' ? s + 2 : reason;
}

/* Keeps a warning of the reader, its place written as the errors write theirs ("line N: why"). */
static void keep_warning(void *ctx, const char *message)
{
    const char *why = without_place(message);
    if (why == message)
        strbuf_printf(ctx, "%s\n", message);
    else
        strbuf_printf(ctx, "line %d: %s\n", atoi(message + sizeof RECORD_NAME), why);
}

bool gamefile_read(const char *text, size_t size, const Variant *fallback, GameFile *out, char *err, int err_size)
{
    memset(out, 0, sizeof *out);
    RecordReader r;
    record_reader_init(&r, RECORD_NAME, text, size, fallback);
    StrBuf warnings = {0};
    r.warn = keep_warning;
    r.warn_ctx = &warnings;
    Game g;
    if (!record_read_game(&r, &g)) {
        strbuf_free(&warnings);
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
                     quote(qt, rep.error.token), without_place(rep.error.reason));
        else
            snprintf(err, (size_t)err_size, "line %d: %s", rep.error.line, without_place(rep.error.reason));
        goto done;
    }
    if (rep.plies > MAX_SEARCHABLE_PLY) {
        snprintf(err, (size_t)err_size, "the game is longer than %d plies", MAX_SEARCHABLE_PLY);
        goto done;
    }
    /* Where the record and the rules part, the rules decide (the moves after the end are left
     * out), and the caller is told. */
    char note[256];
    play_report_after_end(g.variant, &rep, note, sizeof note);
    if (note[0])
        strbuf_printf(&warnings, "line %d: the game %s: they are left out\n", g.line, note);
    play_report_disagreement(g.variant, &rep, note, sizeof note);
    if (note[0])
        strbuf_printf(&warnings, "line %d: the game %s\n", g.line, note);
    char perr[256];
    if (!game_start_position(&g, q, perr, sizeof perr)) {
        snprintf(err, (size_t)err_size, "start position: %s", perr);
        goto done;
    }
    out->variant = g.variant;
    out->castling = q->castling_allowed;
    pos_to_text(q, out->start, sizeof out->start);
    StrBuf moves = {0}, tags = {0};
    for (int i = 0; i < rep.plies && i < g.main.count; i++) {
        char mv[MOVE_TEXT_MAX];
        move_to_text(q, g.main.nodes[i].move, mv);
        strbuf_printf(&moves, i ? " %s" : "%s", mv);
        pos_make(q, g.main.nodes[i].move);
    }
    static const char *const keep[] = {"Event", "Site", "Date", "Round", "White", "Black"};
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
        add_tag(&tags, &warnings, &g, keep[i]);
    out->moves = strbuf_take(&moves);
    out->tags = strbuf_take(&tags);
    bool warned = warnings.len || warnings.failed;
    out->warnings = warned ? strbuf_take(&warnings) : NULL;
    if (!out->moves || !out->tags || (warned && !out->warnings)) {
        gamefile_free(out);
        snprintf(err, (size_t)err_size, "out of memory");
        goto done;
    }
    snprintf(out->result, sizeof out->result, "%s", outcome_text(g.variant, rep.verdict.outcome));
    if (rep.verdict.outcome != OUTCOME_NONE)
        snprintf(out->reason, sizeof out->reason, "%s", end_reason_name(rep.verdict.reason));
    ok = true;
done:
    strbuf_free(&warnings);
    free(p);
    free(q);
    game_free(&g);
    return ok;
}
