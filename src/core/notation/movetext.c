#include "movetext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/movegen.h"
#include "ctlan.h"
#include "san.h"

void move_marks_init(MoveMarks *m) { memset(m, 0, sizeof *m); }

/* The notations a variant's records can be written in, by the names commands accept. */
static const struct {
    const char *name;
    MoveStyle style;
    int which; /* 0 both, 1 CTL-PGN only, 2 PGN only */
} STYLES[] = {{"standard", STYLE_STANDARD, 0}, {"ctl", STYLE_STANDARD, 1},   {"san", STYLE_STANDARD, 2},
              {"short", STYLE_STANDARD, 2},    {"ascii", STYLE_ASCII, 1},     {"full", STYLE_FULL, 2},
              {"coord", STYLE_COORD, 2},       {"digital", STYLE_DIGITAL, 2}};
enum { STYLE_NAMES = sizeof STYLES / sizeof STYLES[0] };

static bool style_fits(const Variant *v, int i)
{
    bool ctl = v->desc->record_format == RECORD_CTL_PGN;
    if ((STYLES[i].which == 1 && !ctl) || (STYLES[i].which == 2 && ctl))
        return false;
    /* Digital notation numbers files and ranks with two digits each, as on the 91-hex board. */
    return STYLES[i].style != STYLE_DIGITAL || v->geo.cell_count == 91;
}

bool move_style_named(const Variant *v, const char *name, MoveStyle *out)
{
    for (int i = 0; i < STYLE_NAMES; i++) {
        if (!strcmp(STYLES[i].name, name) && style_fits(v, i)) {
            *out = STYLES[i].style;
            return true;
        }
    }
    return false;
}

void move_style_names(const Variant *v, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < STYLE_NAMES && len < size; i++)
        if (style_fits(v, i))
            len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "", STYLES[i].name);
}

static const char *const GLYPHS[8] = {NULL, "!", "?", "!!", "??", "!?", "?!", "\xe2\x97\x87"};

const char *nag_glyph(int nag) { return nag >= 1 && nag <= 7 ? GLYPHS[nag] : NULL; }

int nag_from_text(const char *text)
{
    if (text[0] == '$' && isdigit((unsigned char)text[1])) {
        char *end;
        long n = strtol(text + 1, &end, 10);
        return *end || n > 255 ? -1 : (int)n;
    }
    for (int i = 1; i <= 7; i++)
        if (!strcmp(text, GLYPHS[i]))
            return i;
    return -1;
}

static bool ends_with(const char *s, size_t n, const char *suffix)
{
    size_t k = strlen(suffix);
    return n >= k && !memcmp(s + n - k, suffix, k);
}

void move_marks_strip(char *token, MoveMarks *marks, bool colon_ends, bool x_mates)
{
    size_t n = strlen(token);
    for (bool changed = true; changed && n > 0;) {
        changed = true;
        static const char *const CHECKS[] = {"+\xe2\x88\x9e", "+^", "^+", "++", "+"};
        bool found = false;
        for (size_t i = 0; i < sizeof CHECKS / sizeof CHECKS[0] && !found; i++) {
            if (ends_with(token, n, CHECKS[i])) {
                n -= strlen(CHECKS[i]);
                marks->check = found = true;
            }
        }
        if (found)
            continue;
        if (token[n - 1] == '#') {
            n--;
            marks->mate = true;
        } else if (ends_with(token, n, "(=)")) {
            n -= 3;
            marks->draw_offer = true;
        } else if (colon_ends && token[n - 1] == ':') {
            n--;
            marks->stop = true;
        } else if (ends_with(token, n, GLYPHS[7])) {
            n -= strlen(GLYPHS[7]);
            if (marks->nag_count < 4)
                marks->nags[marks->nag_count++] = 7;
        } else if (token[n - 1] == '!' || token[n - 1] == '?') {
            size_t k = n;
            while (k > 0 && n - k < 2 && (token[k - 1] == '!' || token[k - 1] == '?'))
                k--;
            char glyph[3] = {0};
            memcpy(glyph, token + k, n - k);
            int nag = nag_from_text(glyph);
            if (nag > 0 && marks->nag_count < 4)
                marks->nags[marks->nag_count++] = (uint8_t)nag;
            n = k;
        } else if (!colon_ends && (ends_with(token, n, "e.p.") || ends_with(token, n, "e.p"))) {
            n -= token[n - 1] == '.' ? 4 : 3;
        } else if (!colon_ends && (ends_with(token, n, "ep.") || ends_with(token, n, "bp."))) {
            n -= 3;
        } else if (x_mates && n >= 3 && token[n - 1] == 'x' &&
                   (isdigit((unsigned char)token[n - 2]) || isupper((unsigned char)token[n - 2]))) {
            n--;
            marks->mate = true;
        } else if (token[n - 1] == '.' || token[n - 1] == ' ' || token[n - 1] == ',') {
            n--;
        } else {
            changed = false;
        }
    }
    token[n] = 0;
}

Move movetext_read(Position *p, const Letters *letters, const char *token, MoveMarks *marks, char *why,
                   size_t why_size)
{
    char text[MOVETEXT_MAX];
    if (strlen(token) >= sizeof text) {
        snprintf(why, why_size, "too long for a move");
        return MOVE_NONE;
    }
    strcpy(text, token);
    move_marks_init(marks);
    bool ctl = p->v->desc->record_format == RECORD_CTL_PGN;
    move_marks_strip(text, marks, ctl, !ctl);
    if (!text[0]) {
        snprintf(why, why_size, "no move, only marks");
        return MOVE_NONE;
    }
    /* Chess's castling, with letters or zeros, as players used to chess write it: say how this
     * game writes castling rather than that '0' or 'O' starts no move. */
    if (!strcmp(text, "O-O") || !strcmp(text, "O-O-O") || !strcmp(text, "0-0") || !strcmp(text, "0-0-0")) {
        if (p->v->desc->castling)
            snprintf(why, why_size, "'%s' is chess's castling: %s names each castling by columns, such as %s", text,
                     p->v->desc->title, p->v->castles[p->stm][0].name);
        else
            snprintf(why, why_size, "'%s' is chess's castling, and %s has no castling", text, p->v->desc->title);
        return MOVE_NONE;
    }
    MoveSpec spec;
    move_spec_init(&spec);
    bool ok = ctl ? ctlan_parse(p, letters, text, &spec, why, why_size)
                  : san_parse(p, letters, text, &spec, why, why_size);
    if (!ok)
        return MOVE_NONE;
    return move_spec_match(p, &spec, why, why_size);
}

const char *movetext_mark(Position *p, Move m, MoveStyle style)
{
    if (style == STYLE_COORD || style == STYLE_DIGITAL)
        return "";
    pos_make(p, m);
    CheckKind k = pos_check_kind(p);
    bool mate = k != CHECK_NONE && count_legal(p) == 0;
    pos_unmake(p);
    if (mate)
        return "#";
    if (k == CHECK_NONE)
        return "";
    if (!p->v->desc->fine_check_marks || (style == STYLE_ASCII && k == CHECK_DISTANT))
        return "+";
    return check_suffix(k);
}

int movetext_write(Position *p, Move m, MoveStyle style, const Letters *letters, char *buf)
{
    int n = p->v->desc->record_format == RECORD_CTL_PGN ? ctlan_write(p, m, letters, style == STYLE_ASCII, buf)
                                                         : san_write(p, m, style, letters, buf);
    const char *mark = movetext_mark(p, m, style);
    strcpy(buf + n, mark);
    return n + (int)strlen(mark);
}
