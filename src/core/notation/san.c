#include "san.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/movegen.h"
#include "../util/quote.h"
#include "notation.h"

/* Digital notation: file digits off file f, and promotion digits (seed order). */
static const char DIGIT_FILES[] = "abcdeghikl";
static const PieceType DIGIT_PROMO[5] = {NO_TYPE, QUEEN, ROOK, KNIGHT, BISHOP};

static int rank_of(const Variant *v, int cell)
{
    const Geometry *g = &v->geo;
    return (g->line[cell] - abs(g->col[cell] - (g->side - 1))) / 2 + 1;
}

int digital_code(const Variant *v, int cell)
{
    if (v->geo.cell_count != 91 || cell == NO_CELL)
        return -1;
    char file = v->desc->column_names[v->geo.col[cell]];
    int rank = rank_of(v, cell);
    if (file == 'f')
        return rank <= 9 ? rank : rank == 10 ? 0 : 90;
    if (rank <= 9)
        return 10 * rank + (int)(strchr(DIGIT_FILES, file) - DIGIT_FILES);
    return file == 'e' ? 80 : 89; /* e10, g10 */
}

int digital_cell(const Variant *v, int code)
{
    for (int c = 0; c < v->geo.cell_count; c++)
        if (digital_code(v, c) == code)
            return c;
    return NO_CELL;
}

static bool parse_digital(const Position *p, const char *text, MoveSpec *spec, char *why, size_t why_size)
{
    size_t n = strlen(text);
    int from = digital_cell(p->v, (text[0] - '0') * 10 + (text[1] - '0'));
    int to = digital_cell(p->v, (text[2] - '0') * 10 + (text[3] - '0'));
    if (from == NO_CELL || to == NO_CELL) {
        char qt[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "'%s' is no digital move: '%.2s' names no hex", quote(qt, text),
                 from == NO_CELL ? text : text + 2);
        return false;
    }
    spec->from = from;
    spec->to = to;
    if (n == 5) {
        int d = text[4] - '0';
        if (d < 1 || d > 4) {
            char qt[QUOTE_BUF_SIZE];
            snprintf(why, why_size, "'%s': the promotion digit is 1 (queen), 2 (rook), 3 (knight) or 4 (bishop)",
                     quote(qt, text));
            return false;
        }
        spec->promo = DIGIT_PROMO[d];
    }
    return true;
}

typedef enum { ITEM_CELL, ITEM_FILE, ITEM_RANK } ItemKind;
typedef struct {
    ItemKind kind;
    int value; /* cell, column or rank */
} Item;

static int file_index(const Variant *v, char c)
{
    const char *s = c ? strchr(v->desc->column_names, c) : NULL;
    return s ? (int)(s - v->desc->column_names) : -1;
}

/* A promotion letter: the set's own, or the coordinate form's lower-case English letter. */
static PieceType promo_letter(const Letters *l, const char *s, bool lower_ok, int *len)
{
    PieceType t = letters_read(l, s, len);
    if (t != NO_TYPE)
        return t;
    if (lower_ok) {
        static const char LOWER[] = "qrbn";
        static const PieceType TYPES[] = {QUEEN, ROOK, BISHOP, KNIGHT};
        const char *c = *s ? strchr(LOWER, *s) : NULL;
        if (c) {
            *len = 1;
            return TYPES[c - LOWER];
        }
    }
    return NO_TYPE;
}

static bool unexpected(const char *s, const char *text, char *why, size_t why_size)
{
    char qs[QUOTE_BUF_SIZE], qt[QUOTE_BUF_SIZE];
    snprintf(why, why_size, "cannot read '%s' in '%s' as an algebraic move", quote(qs, s), quote(qt, text));
    return false;
}

bool san_parse(const Position *p, const Letters *l, const char *text, MoveSpec *spec, char *why, size_t why_size)
{
    const Variant *v = p->v;
    move_spec_init(spec);
    size_t len = strlen(text);
    if ((len == 4 || len == 5) && strspn(text, "0123456789") == len)
        return parse_digital(p, text, spec, why, why_size);
    const char *s = text;
    int n;
    PieceType t = letters_read(l, s, &n);
    if (t != NO_TYPE) {
        spec->piece = t;
        s += n;
    } else if (isupper((unsigned char)*s) || (unsigned char)*s >= 0x80) {
        size_t k = utf8_sequence((const unsigned char *)s, strlen(s));
        char qs[QUOTE_BUF_SIZE], qt[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "'%s' in '%s' is no piece letter of the %s set", quote_bytes(qs, s, k ? k : 1),
                 quote(qt, text), l->name);
        return false;
    }
    Item items[4];
    int count = 0;
    while (*s) {
        if (*s == '-' || *s == ':' || *s == 'x' || !strncmp(s, "\xc3\x97", 2)) {
            spec->capture |= *s != '-';
            s += *s == '\xc3' ? 2 : 1;
            PieceType c = letters_read(l, s, &n);
            if (c != NO_TYPE && file_index(v, s[n]) >= 0) { /* "Qc3xBf9", "f7g6xP" */
                spec->captured = c;
                s += n;
            } else if (c != NO_TYPE && !s[n]) {
                spec->captured = c;
                s += n;
            }
            continue;
        }
        if (*s == '=' || *s == '/' || *s == '(') {
            PieceType pr = promo_letter(l, s + 1, true, &n);
            if (pr == NO_TYPE || count == 0 || items[count - 1].kind != ITEM_CELL)
                return unexpected(s, text, why, why_size);
            spec->promo = pr;
            s += 1 + n;
            if (*s == ')')
                s++;
            if (*s)
                return unexpected(s, text, why, why_size);
            break;
        }
        if (count == 4)
            return unexpected(s, text, why, why_size);
        int col = file_index(v, *s);
        if (col >= 0 && (count == 0 || items[count - 1].kind != ITEM_CELL || s[1])) {
            if (isdigit((unsigned char)s[1])) {
                int cell = variant_parse_cell(v, s, &n);
                if (cell == NO_CELL) {
                    char qs[QUOTE_BUF_SIZE], qt[QUOTE_BUF_SIZE];
                    snprintf(why, why_size, "'%s' in '%s' is not a hex of the board", quote_bytes(qs, s, (size_t)n),
                             quote(qt, text));
                    return false;
                }
                items[count++] = (Item){ITEM_CELL, cell};
                s += n;
            } else {
                items[count++] = (Item){ITEM_FILE, col};
                s++;
            }
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            int rank = *s++ - '0';
            if (isdigit((unsigned char)*s))
                rank = rank * 10 + (*s++ - '0');
            items[count++] = (Item){ITEM_RANK, rank};
            continue;
        }
        /* A promotion letter after the target: "b6-b7R", "b1V", "f10f11q". */
        PieceType pr = count ? promo_letter(l, s, true, &n) : NO_TYPE;
        if (pr != NO_TYPE && items[count - 1].kind == ITEM_CELL && !s[n]) {
            spec->promo = pr;
            break;
        }
        return unexpected(s, text, why, why_size);
    }
    if (count == 1 && items[0].kind == ITEM_CELL) {
        spec->to = items[0].value;
    } else if (count == 2 && items[1].kind == ITEM_CELL) {
        spec->to = items[1].value;
        if (items[0].kind == ITEM_CELL)
            spec->from = items[0].value;
        else if (items[0].kind == ITEM_FILE)
            spec->from_col = items[0].value;
        else
            spec->from_number = items[0].value;
    } else if (count == 2 && items[0].kind == ITEM_FILE && items[1].kind == ITEM_FILE && spec->piece == NO_TYPE) {
        spec->from_col = items[0].value; /* "ed", "e:d", "exd": a pawn capture by columns */
        spec->to_col = items[1].value;
        spec->capture = true;
    } else if (count == 3 && items[0].kind == ITEM_FILE && items[1].kind == ITEM_RANK && items[2].kind == ITEM_CELL) {
        spec->from_col = items[0].value;
        spec->from_number = items[1].value;
        spec->to = items[2].value;
    } else {
        char qt[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "'%s' is no Glinski move (expected forms such as e5, Ndf4, exf5, Bd1-f4, f5f6, 0356)",
                 quote(qt, text));
        return false;
    }
    return true;
}

static bool is_capture(const Position *p, Move m)
{
    MoveKind k = move_kind(m);
    return k == MK_EN_PASSANT || k == MK_SCORNFUL || (k != MK_CASTLE && k != MK_PROMOTE_HERE && p->board[move_to(m)]);
}

static int write_promo(const Letters *l, Move m, bool equals, char *buf)
{
    if (move_promo(m) == NO_TYPE)
        return 0;
    return sprintf(buf, "%s%s", equals ? "=" : "", letters_text(l, move_promo(m)));
}

static int write_digital(Position *p, Move m, char *buf)
{
    int n = sprintf(buf, "%02d%02d", digital_code(p->v, move_from(m)), digital_code(p->v, move_to(m)));
    for (int d = 1; d <= 4; d++)
        if (move_promo(m) != NO_TYPE && DIGIT_PROMO[d] == move_promo(m))
            n += sprintf(buf + n, "%d", d);
    return n;
}

static int write_full(Position *p, Move m, const Letters *l, char *buf)
{
    int n = 0;
    PieceType t = piece_type(p->board[move_from(m)]);
    if (t != PAWN)
        n += sprintf(buf, "%s", letters_text(l, t));
    n += variant_cell_name(p->v, move_from(m), buf + n);
    buf[n++] = is_capture(p, m) ? ':' : '-';
    n += variant_cell_name(p->v, move_to(m), buf + n);
    return n + write_promo(l, m, false, buf + n);
}

/* Short algebraic: the origin's file, else its rank, else the whole hex, only when needed. */
static int write_short(Position *p, Move m, const Letters *l, char *buf)
{
    const Variant *v = p->v;
    int from = move_from(m), to = move_to(m);
    PieceType t = piece_type(p->board[from]);
    int n = 0;
    if (t == PAWN) {
        if (is_capture(p, m)) {
            buf[n++] = v->desc->column_names[v->geo.col[from]];
            buf[n++] = 'x';
        }
        n += variant_cell_name(v, to, buf + n);
        return n + write_promo(l, m, true, buf + n);
    }
    n += sprintf(buf, "%s", letters_text(l, t));
    MoveList ml;
    gen_legal(p, &ml);
    bool rivals = false, same_file = false, same_rank = false;
    for (int i = 0; i < ml.count; i++) {
        int f = move_from(ml.moves[i]);
        if (move_to(ml.moves[i]) != to || f == from || piece_type(p->board[f]) != t)
            continue;
        rivals = true;
        same_file |= v->geo.col[f] == v->geo.col[from];
        same_rank |= rank_of(v, f) == rank_of(v, from);
    }
    if (rivals && !same_file)
        buf[n++] = v->desc->column_names[v->geo.col[from]];
    else if (rivals && !same_rank)
        n += sprintf(buf + n, "%d", rank_of(v, from));
    else if (rivals)
        n += variant_cell_name(v, from, buf + n);
    if (is_capture(p, m))
        buf[n++] = 'x';
    n += variant_cell_name(v, to, buf + n);
    buf[n] = 0;
    return n;
}

int san_write(Position *p, Move m, MoveStyle style, const Letters *l, char *buf)
{
    Letters standard;
    if (!l) {
        letters_default(&standard, p->v);
        l = &standard;
    }
    int n;
    switch (style) {
    case STYLE_DIGITAL:
        n = write_digital(p, m, buf);
        break;
    case STYLE_FULL:
        n = write_full(p, m, l, buf);
        break;
    case STYLE_COORD:
        n = move_to_text(p, m, buf);
        break;
    default:
        n = write_short(p, m, l, buf);
        break;
    }
    buf[n] = 0;
    return n;
}
