#include "movetext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctlan.h"
#include "movegen.h"
#include "san.h"

void move_spec_init(MoveSpec *s)
{
    s->piece = s->captured = s->promo = NO_TYPE;
    s->from = s->to = NO_CELL;
    s->from_col = s->from_number = s->to_col = s->castle = -1;
    s->capture = s->awaiting = s->in_place = false;
}

void move_marks_init(MoveMarks *m) { memset(m, 0, sizeof *m); }

bool move_style_named(const Variant *v, const char *name, MoveStyle *out)
{
    bool ctl = v->desc->record_format == RECORD_CTL_PGN;
    static const struct {
        const char *name;
        MoveStyle style;
        int which; /* 0 both, 1 CTL-PGN only, 2 PGN only */
    } STYLES[] = {{"standard", STYLE_STANDARD, 0}, {"ctl", STYLE_STANDARD, 1},   {"san", STYLE_STANDARD, 2},
                  {"short", STYLE_STANDARD, 2},    {"ascii", STYLE_ASCII, 1},     {"full", STYLE_FULL, 2},
                  {"coord", STYLE_COORD, 2},       {"digital", STYLE_DIGITAL, 2}};
    for (size_t i = 0; i < sizeof STYLES / sizeof STYLES[0]; i++) {
        if (strcmp(STYLES[i].name, name))
            continue;
        if ((STYLES[i].which == 1 && !ctl) || (STYLES[i].which == 2 && ctl))
            return false;
        if (STYLES[i].style == STYLE_DIGITAL && v->geo.cell_count != 91)
            return false;
        *out = STYLES[i].style;
        return true;
    }
    return false;
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

static const char *side_name(Color c) { return c == WHITE ? "White" : "Black"; }

static int cell_text(const Position *p, int cell, char *buf)
{
    if (cell == NO_CELL)
        return sprintf(buf, "?");
    return variant_cell_name(p->v, cell, buf);
}

static int rank_of(const Variant *v, int cell)
{
    const Geometry *g = &v->geo;
    if (v->desc->coords == COORDS_CTL)
        return g->line[cell];
    return (g->line[cell] - abs(g->col[cell] - (g->side - 1))) / 2 + 1;
}

static bool fits(const Position *p, const MoveSpec *s, Move m, bool check_promo)
{
    const Variant *v = p->v;
    MoveKind kind = move_kind(m);
    int from = move_from(m), to = move_to(m);
    if (s->castle >= 0)
        return kind == MK_CASTLE && move_castle(m) == s->castle;
    if (kind == MK_CASTLE)
        return false;
    if (s->in_place != (kind == MK_PROMOTE_HERE))
        return false;
    if (s->from != NO_CELL && from != s->from)
        return false;
    if (s->from_col >= 0 && v->geo.col[from] != s->from_col)
        return false;
    if (s->from_number >= 0 && rank_of(v, from) != s->from_number)
        return false;
    if (s->to != NO_CELL && to != s->to)
        return false;
    PieceType mover = piece_type(p->board[from]);
    if (s->to == NO_CELL) {
        bool captures = kind == MK_EN_PASSANT || kind == MK_SCORNFUL || p->board[to];
        if (s->to_col < 0 || v->geo.col[to] != s->to_col || !captures)
            return false;
    }
    if (s->piece != NO_TYPE && mover != s->piece)
        return false;
    if (s->piece == NO_TYPE && s->from == NO_CELL && !s->in_place && mover != PAWN)
        return false;
    if (check_promo && s->promo != NO_TYPE && move_promo(m) != s->promo)
        return false;
    return true;
}

static PieceType victim_type(const Position *p, Move m)
{
    MoveKind kind = move_kind(m);
    if (kind == MK_EN_PASSANT)
        return piece_type(p->board[p->ep_victim]);
    if (kind == MK_CASTLE || kind == MK_PROMOTE_HERE)
        return NO_TYPE;
    return piece_type(p->board[move_to(m)]);
}

static void list_promotions(const Position *p, const Move *moves, int n, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && len + 4 < size; i++) {
        char c = variant_piece_letter(p->v, move_promo(moves[i]));
        len += (size_t)snprintf(out + len, size - len, "%s=%c", i ? ", " : "", c ? c : '&');
    }
}

static void explain_none(Position *p, const MoveSpec *s, const MoveList *ml, char *why, size_t size)
{
    char from[8], to[8];
    cell_text(p, s->from, from);
    cell_text(p, s->to, to);
    if (s->castle >= 0) {
        snprintf(why, size, "%s cannot castle %s here", side_name(p->stm), p->v->castles[p->stm][s->castle].name);
        return;
    }
    if (s->from != NO_CELL) {
        Piece pc = p->board[s->from];
        if (!pc) {
            snprintf(why, size, "no man stands on %s", from);
            return;
        }
        if (piece_color(pc) != p->stm) {
            snprintf(why, size, "the %s on %s is %s's, and %s is to move", piece_name(piece_type(pc)), from,
                     side_name(piece_color(pc)), side_name(p->stm));
            return;
        }
        if (s->piece != NO_TYPE && piece_type(pc) != s->piece) {
            snprintf(why, size, "%s holds a %s, not a %s", from, piece_name(piece_type(pc)), piece_name(s->piece));
            return;
        }
        Move same[PIECE_TYPE_NB];
        int n = 0;
        for (int i = 0; i < ml->count && n < PIECE_TYPE_NB; i++)
            if (fits(p, s, ml->moves[i], false))
                same[n++] = ml->moves[i];
        if (n > 0) {
            char choices[64];
            list_promotions(p, same, n, choices, sizeof choices);
            snprintf(why, size, "the %s cannot do that on %s: the legal choices are %s", piece_name(piece_type(pc)),
                     to, choices);
            return;
        }
        if (s->in_place)
            snprintf(why, size, "the pawn on %s cannot promote in place now", from);
        else
            snprintf(why, size, "not a legal move of the %s on %s to %s", piece_name(piece_type(pc)), from, to);
        return;
    }
    PieceType t = s->piece == NO_TYPE ? PAWN : s->piece;
    if (s->to == NO_CELL && s->to_col >= 0)
        snprintf(why, size, "no %s of %s can capture on column %c", piece_name(t), side_name(p->stm),
                 p->v->desc->column_names[s->to_col]);
    else
        snprintf(why, size, "no %s of %s can move to %s", piece_name(t), side_name(p->stm), to);
}

Move move_spec_match(Position *p, const MoveSpec *s, char *why, size_t why_size)
{
    MoveList ml;
    gen_legal(p, &ml);
    Move found[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < ml.count; i++)
        if (fits(p, s, ml.moves[i], true))
            found[n++] = ml.moves[i];
    if (n == 0) {
        explain_none(p, s, &ml, why, why_size);
        return MOVE_NONE;
    }
    /* Several moves differing only by the promotion piece: the record must name it. */
    bool same_path = true;
    for (int i = 1; i < n; i++)
        same_path &= move_from(found[i]) == move_from(found[0]) && move_to(found[i]) == move_to(found[0]);
    if (n > 1 && same_path) {
        char choices[64];
        list_promotions(p, found, n, choices, sizeof choices);
        snprintf(why, why_size, "the pawn must say what it becomes: %s", choices);
        return MOVE_NONE;
    }
    if (n > 1) {
        char list[120];
        size_t len = 0;
        for (int i = 0; i < n && len + 8 < sizeof list; i++) {
            char c[8];
            variant_cell_name(p->v, move_from(found[i]), c);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", c);
        }
        snprintf(why, why_size, "ambiguous: %d moves fit (from %s)", n, list);
        return MOVE_NONE;
    }
    Move m = found[0];
    if (s->awaiting && move_promo(m) != NO_TYPE) {
        snprintf(why, why_size, "the pawn cannot wait (=&): a piece is regainable");
        return MOVE_NONE;
    }
    PieceType victim = victim_type(p, m);
    if (s->captured != NO_TYPE && victim != s->captured) {
        char to[8];
        cell_text(p, move_to(m), to);
        if (victim == NO_TYPE)
            snprintf(why, why_size, "the move captures nothing, not a %s", piece_name(s->captured));
        else
            snprintf(why, why_size, "the move captures a %s, not a %s", piece_name(victim), piece_name(s->captured));
        return MOVE_NONE;
    }
    return m;
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
