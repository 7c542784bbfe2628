#include "ctlan.h"

#include <stdio.h>
#include <string.h>

#include "../util/quote.h"
#include "notation.h"

typedef enum { SEP_NONE, SEP_MOVE, SEP_CAPTURE, SEP_SPECIAL } SepKind;

/* The move and capture signs players use; the letter x never (it is a column). */
static SepKind read_separator(const char *s, int *len)
{
    static const struct {
        const char *text;
        SepKind kind;
    } SEPS[] = {
        {"@@", SEP_SPECIAL},          {"@", SEP_SPECIAL},           {"-", SEP_MOVE},
        {"\xe2\x80\x90", SEP_MOVE},   {"\xe2\x80\x91", SEP_MOVE},   {"\xe2\x80\x92", SEP_MOVE},
        {"\xe2\x80\x93", SEP_MOVE},   {"\xe2\x80\x94", SEP_MOVE},   {"\xe2\x88\x92", SEP_MOVE},
        {"\xc3\x97", SEP_CAPTURE},    {"*", SEP_CAPTURE},
    };
    for (size_t i = 0; i < sizeof SEPS / sizeof SEPS[0]; i++) {
        size_t n = strlen(SEPS[i].text);
        if (!strncmp(s, SEPS[i].text, n)) {
            *len = (int)n;
            return SEPS[i].kind;
        }
    }
    *len = 0;
    return SEP_NONE;
}

/* A piece letter directly followed by a hex: "EE5", "JD18", "AF6" (with Redefine A@J). */
static PieceType letter_then_cell(const Position *p, const Letters *l, const char *s, int *len)
{
    int n, cell_len;
    PieceType t = letters_read(l, s, &n);
    if (t == NO_TYPE || variant_parse_cell(p->v, s + n, &cell_len) == NO_CELL)
        return NO_TYPE;
    *len = n;
    return t;
}

static bool read_cell(const Position *p, const char *s, int *cell, int *len, const char *what, const char *text,
                      char *why, size_t why_size)
{
    *cell = variant_parse_cell(p->v, s, len);
    if (*cell == NO_CELL) {
        char qs[QUOTE_BUF_SIZE], qt[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "expected the %s hex at '%s' in '%s'", what, quote(qs, s), quote(qt, text));
        return false;
    }
    return true;
}

static bool read_promotion(const Position *p, const Letters *l, const char *s, MoveSpec *spec, const char *text,
                           char *why, size_t why_size)
{
    if (!*s)
        return true;
    if (*s != '=') {
        char qs[QUOTE_BUF_SIZE], qt[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "unexpected '%s' at the end of '%s'", quote(qs, s), quote(qt, text));
        return false;
    }
    if (s[1] == '&' && !s[2]) {
        spec->awaiting = true;
        return true;
    }
    int n;
    spec->promo = letters_read(l, s + 1, &n);
    if (spec->promo == NO_TYPE || s[1 + n]) {
        char qs[QUOTE_BUF_SIZE], qt[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "'%s' names no piece to promote to in '%s'", quote(qs, s + 1), quote(qt, text));
        return false;
    }
    (void)p;
    return true;
}

static bool is_castling(const Position *p, const char *text, MoveSpec *spec)
{
    if (!p->v->desc->castling || strncmp(text, "KR", 2))
        return false;
    char norm[MOVETEXT_MAX];
    size_t n = 0;
    for (const char *s = text; *s && n + 1 < sizeof norm;) {
        int len;
        if (read_separator(s, &len) == SEP_MOVE) {
            norm[n++] = '-';
            s += len;
        } else {
            norm[n++] = *s++;
        }
    }
    norm[n] = 0;
    for (int i = 0; i < p->v->castle_count; i++) {
        if (!strcmp(norm, p->v->castles[p->stm][i].name)) {
            spec->castle = i;
            return true;
        }
    }
    return false;
}

bool ctlan_parse(const Position *p, const Letters *l, const char *text, MoveSpec *spec, char *why, size_t why_size)
{
    move_spec_init(spec);
    if (is_castling(p, text, spec))
        return true;
    const char *s = text;
    int n;
    /* "P21=J": an awaiting pawn promotes in place, the hex written alone. */
    int cell = variant_parse_cell(p->v, s, &n);
    if (cell != NO_CELL && s[n] == '=' && s[n + 1] != '&') {
        spec->in_place = true;
        spec->from = spec->to = cell;
        return read_promotion(p, l, s + n, spec, text, why, why_size);
    }
    PieceType t = letter_then_cell(p, l, s, &n);
    if (t != NO_TYPE) {
        spec->piece = t;
        s += n;
    }
    if (!read_cell(p, s, &spec->from, &n, "starting", text, why, why_size))
        return false;
    s += n;
    SepKind sep = read_separator(s, &n);
    if (sep == SEP_NONE) {
        char qt[QUOTE_BUF_SIZE];
        if (*s == 'x' || *s == 'X' || *s == ':')
            snprintf(why, why_size, "'%c' is no CTL-AN separator in '%s' (use - for a move, \xc3\x97 or * for a capture)",
                     *s, quote(qt, text));
        else
            snprintf(why, why_size, "expected a separator (- \xc3\x97 * @ @@) after the starting hex in '%s'",
                     quote(qt, text));
        return false;
    }
    s += n;
    spec->capture = sep != SEP_MOVE;
    t = letter_then_cell(p, l, s, &n);
    if (t != NO_TYPE) {
        spec->captured = t;
        spec->capture = true;
        s += n;
    }
    if (!read_cell(p, s, &spec->to, &n, "target", text, why, why_size))
        return false;
    return read_promotion(p, l, s + n, spec, text, why, why_size);
}

static bool is_default(const Position *p, const Letters *l)
{
    for (int t = KING; t < PIECE_TYPE_NB; t++) {
        char c = p->v->desc->pieces[t].letter;
        if (c && (l->text[t][0] != c || l->text[t][1]))
            return false;
    }
    return true;
}

static int copy_cell(const Position *p, const char **s, char *buf)
{
    int n;
    if (variant_parse_cell(p->v, *s, &n) == NO_CELL)
        n = 0;
    memcpy(buf, *s, (size_t)n);
    *s += n;
    return n;
}

static int write_letter(const Letters *l, PieceType t, char *buf) { return sprintf(buf, "%s", letters_text(l, t)); }

/* Rewrites the canonical text ([L]HEX SEP [L]HEX [=X], or HEX=X) with other letters or ASCII signs. */
int ctlan_write(const Position *p, Move m, const Letters *l, bool ascii, char *buf)
{
    char canon[MOVE_TEXT_MAX];
    int len = move_to_text(p, m, canon);
    if (move_kind(m) == MK_CASTLE || ((!l || is_default(p, l)) && !ascii)) {
        memcpy(buf, canon, (size_t)len + 1);
        return len;
    }
    Letters standard;
    letters_default(&standard, p->v);
    if (!l)
        l = &standard;
    const char *s = canon;
    int out = 0, n;
    PieceType t = letter_then_cell(p, &standard, s, &n);
    if (t != NO_TYPE) {
        out += write_letter(l, t, buf + out);
        s += n;
    }
    out += copy_cell(p, &s, buf + out);
    SepKind sep = read_separator(s, &n);
    if (sep != SEP_NONE) {
        if (sep == SEP_CAPTURE) {
            out += sprintf(buf + out, "%s", ascii ? "*" : "\xc3\x97");
        } else {
            memcpy(buf + out, s, (size_t)n);
            out += n;
        }
        s += n;
        t = letter_then_cell(p, &standard, s, &n);
        if (t != NO_TYPE) {
            out += write_letter(l, t, buf + out);
            s += n;
        }
        out += copy_cell(p, &s, buf + out);
    }
    if (*s == '=') {
        buf[out++] = '=';
        if (s[1] == '&')
            buf[out++] = '&';
        else
            out += write_letter(l, variant_piece_by_letter(p->v, s[1]), buf + out);
    }
    buf[out] = 0;
    return out;
}
