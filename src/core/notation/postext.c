#include "postext.h"

#include "../rules/validate.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/quote.h"

typedef struct {
    char *err;
    size_t size;
    char q[2][QUOTE_BUF_SIZE]; /* room for quoting the text a message echoes */
} Errors;

PRINTF_LIKE(2, 3) static bool failf(Errors *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, e->size, fmt, ap);
    va_end(ap);
    return false;
}

/* Splits text into at most n space-separated fields; returns how many. */
static int split_fields(char *text, char **fields, int n)
{
    int count = 0;
    for (char *s = strtok(text, " \t\r\n"); s && count < n; s = strtok(NULL, " \t\r\n"))
        fields[count++] = s;
    return count;
}

/* The largest halfmove clock or move number read: far beyond any game, and safe to count on from. */
enum { COUNTER_MAX = 1000000 };

static bool parse_int(const char *s, int *out)
{
    char *end;
    long value = strtol(s, &end, 10);
    if (end == s || *end || value < 0 || value > COUNTER_MAX)
        return false;
    *out = (int)value;
    return true;
}

static Piece piece_from_letter(const Variant *v, char c)
{
    PieceType t = variant_piece_by_letter(v, c);
    if (t == NO_TYPE)
        return EMPTY;
    return make_piece(isupper((unsigned char)c) ? WHITE : BLACK, t);
}

/* Fills one row of hexes (a PDTL cross-line or a FEN rank) from letters and empty-run digits. */
static bool fill_row(Position *p, const uint8_t *cells, int n, const char *text, int len, const char *row, Errors *e)
{
    int i = 0;
    for (int k = 0; k < len;) {
        char c = text[k];
        if (isdigit((unsigned char)c)) {
            int run = 0;
            while (k < len && isdigit((unsigned char)text[k])) {
                int digit = text[k++] - '0';
                run = run > MAX_CELLS ? run : run * 10 + digit; /* saturates: any larger run is too long */
            }
            if (run == 0)
                return failf(e, "placement: %s has an empty run of 0 in '%s'", row,
                             quote_bytes(e->q[0], text, (size_t)len));
            i += run;
        } else {
            Piece pc = piece_from_letter(p->v, c);
            if (pc == EMPTY) {
                /* The letter may be the first byte of a longer UTF-8 character: show all of it. */
                size_t ch = utf8_sequence((const unsigned char *)text + k, (size_t)(len - k));
                return failf(e, "placement: %s has an unknown piece letter '%s' in '%s'", row,
                             quote_bytes(e->q[1], text + k, ch ? ch : 1), quote_bytes(e->q[0], text, (size_t)len));
            }
            if (i < n) {
                if (p->men_count[piece_color(pc)] >= MAX_PIECES_PER_SIDE)
                    return failf(e, "placement: too many men for one side in %s", row);
                pos_put(p, pc, cells[i]);
            }
            i++;
            k++;
        }
        if (i > n)
            return failf(e, "placement: %s has %d hexes but '%s' describes more", row, n,
                             quote_bytes(e->q[0], text, (size_t)len));
    }
    if (i != n)
        return failf(e, "placement: %s has %d hexes but '%s' describes %d", row, n,
                     quote_bytes(e->q[0], text, (size_t)len), i);
    return true;
}

static int row_of_line(const Geometry *g, int line, uint8_t *cells)
{
    int n = 0;
    for (int c = 0; c < g->columns; c++)
        if (g->at[c][line] != NO_CELL)
            cells[n++] = g->at[c][line];
    return n;
}

static int row_of_rank(const Geometry *g, int rank, uint8_t *cells)
{
    int n = 0;
    for (int c = 0; c < g->columns; c++) {
        int l = 2 * (rank - 1) + abs(c - (g->side - 1));
        if (l < g->lines && g->at[c][l] != NO_CELL)
            cells[n++] = g->at[c][l];
    }
    return n;
}

static int ranks_of(const Geometry *g) { return 2 * g->side - 1; }

static bool parse_pdtl_placement(Position *p, const char *s, Errors *e)
{
    const Geometry *g = &p->v->geo;
    bool seen[MAX_LINES] = {false};
    if (*s != '/')
        return failf(e, "placement: must start with '/', found '%s'", quote(e->q[0], s));
    s++;
    while (*s) {
        char *end;
        long line = strtol(s, &end, 10);
        if (end == s || *end != ':')
            return failf(e, "placement: expected '<line>:' at '%s'", quote(e->q[0], s));
        if (line < 0 || line >= g->lines)
            return failf(e, "placement: cross-line %ld is off the board (0-%d)", line, g->lines - 1);
        if (seen[line])
            return failf(e, "placement: cross-line %ld appears twice", line);
        seen[line] = true;
        const char *cells_text = end + 1;
        const char *slash = strchr(cells_text, '/');
        if (!slash)
            return failf(e, "placement: cross-line %ld is not closed by '/'", line);
        uint8_t cells[MAX_COLUMNS];
        int n = row_of_line(g, (int)line, cells);
        char row[24];
        snprintf(row, sizeof row, "cross-line %ld", line);
        if (!fill_row(p, cells, n, cells_text, (int)(slash - cells_text), row, e))
            return false;
        s = slash + 1;
    }
    return true;
}

static bool parse_fen_placement(Position *p, const char *s, Errors *e)
{
    const Geometry *g = &p->v->geo;
    int rank = ranks_of(g);
    while (rank >= 1) {
        const char *slash = strchr(s, '/');
        int len = slash ? (int)(slash - s) : (int)strlen(s);
        uint8_t cells[MAX_COLUMNS];
        int n = row_of_rank(g, rank, cells);
        char row[16];
        snprintf(row, sizeof row, "rank %d", rank);
        if (!fill_row(p, cells, n, s, len, row, e))
            return false;
        rank--;
        if (!slash)
            break;
        s = slash + 1;
        if (rank == 0)
            return failf(e, "placement: more than %d ranks in '%s'", ranks_of(g), quote(e->q[0], s));
    }
    if (rank != 0)
        return failf(e, "placement: %d ranks given, %d expected", ranks_of(g) - rank, ranks_of(g));
    return true;
}

static bool parse_side_rights(const char *text, bool white, int *rights, int *used)
{
    static const char *const forms[] = {"RKR", "KR", "RK", "K"};
    static const int values[] = {7, RIGHT_KING | RIGHT_KING_ROOK, RIGHT_KING | RIGHT_QUEEN_ROOK, RIGHT_KING};
    if (text[0] == '-') {
        *rights = 0;
        *used = 1;
        return true;
    }
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(forms[i]);
        bool match = true;
        for (size_t k = 0; k < n && match; k++)
            match = text[k] == (white ? forms[i][k] : (char)tolower((unsigned char)forms[i][k]));
        if (match) {
            *rights = values[i];
            *used = (int)n;
            return true;
        }
    }
    return false;
}

static bool parse_rights(Position *p, const char *s, Errors *e)
{
    int white = 0, black = 0, used = 0;
    if (!parse_side_rights(s, true, &white, &used))
        return failf(e, "castling: cannot read White's rights in '%s' (RKR, KR, RK, K or -)", quote(e->q[0], s));
    const char *rest = s + used;
    if (*rest && !parse_side_rights(rest, false, &black, &used))
        return failf(e, "castling: cannot read Black's rights in '%s' (rkr, kr, rk, k or -)", quote(e->q[0], s));
    if (*rest && rest[used])
        return failf(e, "castling: unexpected '%s' after the rights", quote(e->q[0], rest + used));
    p->rights = (uint8_t)(white | black << RIGHTS_PER_SIDE);
    /* A side whose king has moved keeps no rook rights either. */
    for (int c = 0; c < COLOR_NB; c++)
        if (!pos_has_right(p, (Color)c, RIGHT_KING))
            p->rights &= (uint8_t) ~(7 << (RIGHTS_PER_SIDE * c));
    return true;
}

/* The capture rights are only recorded here (always successfully, hence true): pos_validate judges
 * whether a last move could have left them. */
static bool set_ep(Position *p, int victim, int near, int far)
{
    p->ep_victim = (uint8_t)victim;
    p->ep_target[0] = (uint8_t)near;
    p->ep_target[1] = (uint8_t)far;
    return true;
}

/* The dodger's hex alone: the pawns that faced it are those whose oblique step reaches it. */
static bool set_scorn(Position *p, int victim)
{
    p->scorn_victim = (uint8_t)victim;
    scornful_capturers(p, victim, p->scorn_capturer);
    return true;
}

static int cell_on_line(const Variant *v, int column_cell, const char *digits, int *len)
{
    char *end;
    long line = strtol(digits, &end, 10);
    *len = (int)(end - digits);
    if (end == digits)
        return NO_CELL;
    return geometry_cell(&v->geo, v->geo.col[column_cell], (int)line);
}

static int nearest_first(const Position *p, int victim, int a, int b, int *far)
{
    const Geometry *g = &p->v->geo;
    bool a_near = geometry_adjacent(g, victim, a);
    *far = a_near ? b : a;
    return a_near ? a : b;
}

static bool parse_pdtl_special(Position *p, const char *s, Errors *e)
{
    const Variant *v = p->v;
    if (!strcmp(s, "-"))
        return true;
    char copy[64];
    snprintf(copy, sizeof copy, "%s", s);
    /* The author's program: P@G13[G15] or P@G9,11[G13] (targets, then the stepped pawn). */
    char *bracket = strchr(copy, '[');
    if (copy[1] == '@' && bracket) {
        int len, victim = variant_parse_cell(v, bracket + 1, &len);
        int t1len, t1 = variant_parse_cell(v, copy + 2, &t1len);
        if (victim == NO_CELL || t1 == NO_CELL)
            return failf(e, "special: cannot read hexes in '%s'", quote(e->q[0], s));
        int t2 = NO_CELL;
        if (copy[2 + t1len] == ',') {
            int l2;
            t2 = cell_on_line(v, t1, copy + 3 + t1len, &l2);
            if (t2 == NO_CELL)
                return failf(e, "special: second skipped hex is off the board in '%s'", quote(e->q[0], s));
        }
        int far = NO_CELL, near = t2 == NO_CELL ? t1 : nearest_first(p, victim, t1, t2, &far);
        return set_ep(p, victim, near, far);
    }
    int len, victim = variant_parse_cell(v, copy, &len);
    if (victim == NO_CELL)
        return failf(e, "special: '%s' does not start with a hex", quote(e->q[0], s));
    const char *rest = copy + len;
    if (!*rest)
        return set_scorn(p, victim);
    if (*rest != '@')
        return failf(e, "special: expected '@' after the hex in '%s'", quote(e->q[0], s));
    rest++;
    if (isalpha((unsigned char)*rest)) { /* G15@F14: capturer, then the scornful pawn */
        int vlen, dodger = variant_parse_cell(v, rest, &vlen);
        if (dodger == NO_CELL || rest[vlen])
            return failf(e, "special: cannot read the scornful pawn's hex in '%s'", s);
        /* This form names the pawn that was dodged: only it may take. */
        p->scorn_victim = (uint8_t)dodger;
        p->scorn_capturer[0] = (uint8_t)victim;
        return true;
    }
    int l1len, t1 = cell_on_line(v, victim, rest, &l1len);
    if (t1 == NO_CELL)
        return failf(e, "special: skipped cross-line is off the board in '%s'", quote(e->q[0], s));
    rest += l1len;
    if (!*rest)
        return set_ep(p, victim, t1, NO_CELL);
    if (*rest != '-' && *rest != ',')
        return failf(e, "special: unexpected '%s' in '%s'", quote(e->q[1], rest), quote(e->q[0], s));
    int l2len, t2 = cell_on_line(v, victim, rest + 1, &l2len);
    if (t2 == NO_CELL || rest[1 + l2len])
        return failf(e, "special: second skipped cross-line unreadable in '%s'", quote(e->q[0], s));
    int far, near = nearest_first(p, victim, t1, t2, &far);
    return set_ep(p, victim, near, far);
}

static bool parse_fen_ep(Position *p, const char *s, Errors *e)
{
    if (!strcmp(s, "-"))
        return true;
    int len, skipped = variant_parse_cell(p->v, s, &len);
    if (skipped == NO_CELL || s[len])
        return failf(e, "en passant: '%s' is not a hex", quote(e->q[0], s));
    int victim = p->v->geo.step[p->v->forward_dir[!p->stm]][skipped];
    if (victim == NO_CELL)
        return failf(e, "en passant: no pawn can have skipped '%s'", s);
    return set_ep(p, victim, skipped, NO_CELL);
}

static bool parse_position(Position *p, const Variant *v, const char *text, char *err, size_t err_size)
{
    Errors e = {.err = err, .size = err_size};
    if (!strcmp(text, "startpos")) {
        pos_set_start(p, v);
        return true;
    }
    if (strnlen(text, POSITION_TEXT_MAX) >= POSITION_TEXT_MAX)
        return failf(&e, "position: longer than %d characters", POSITION_TEXT_MAX - 1);
    char copy[POSITION_TEXT_MAX];
    strcpy(copy, text);
    char *f[8];
    int n = split_fields(copy, f, 8);
    bool ctl = v->desc->coords == COORDS_CTL;
    const char *format = ctl ? "PDTL" : "FEN";
    pos_clear(p, v);
    if (n == 0)
        return failf(&e, "position: empty %s", format);
    int min_fields = ctl ? 3 : 2, max_fields = ctl ? 6 : 5;
    if (n < min_fields || n > max_fields)
        return failf(&e, "position: a %s has %d to %d fields, found %d", format, min_fields, max_fields, n);
    if (!(ctl ? parse_pdtl_placement(p, f[0], &e) : parse_fen_placement(p, f[0], &e)))
        return false;
    if (strcmp(f[1], "w") && strcmp(f[1], "b"))
        return failf(&e, "turn: expected 'w' or 'b', found '%s'", quote(e.q[0], f[1]));
    p->stm = f[1][0] == 'w' ? WHITE : BLACK;
    int next = 2;
    if (ctl) {
        if (!parse_rights(p, f[next++], &e))
            return false;
    }
    if (n > next) {
        if (!(ctl ? parse_pdtl_special(p, f[next], &e) : parse_fen_ep(p, f[next], &e)))
            return false;
        next++;
    }
    if (n > next && !parse_int(f[next], &p->halfmove))
        return failf(&e, "halfmove clock: expected a number from 0 to %d, found '%s'", COUNTER_MAX,
                     quote(e.q[0], f[next]));
    next++;
    if (n > next) {
        if (!strcmp(f[next], "?") || !strcmp(f[next], "-"))
            p->fullmove = 0;
        else if (!parse_int(f[next], &p->fullmove) || p->fullmove == 0)
            return failf(&e, "move number: expected a number from 1 to %d or '?', found '%s'", COUNTER_MAX,
                         quote(e.q[0], f[next]));
    }
    p->key = pos_compute_key(p);
    return true;
}

/* A caller that ignores the answer (a record's replay judges the position its error stopped at)
 * must still hold a whole position: a refused text leaves the start position, never a half-read
 * board or the bytes that were there before. */
bool pos_from_text_unvalidated(Position *p, const Variant *v, const char *text, char *err, size_t err_size)
{
    if (parse_position(p, v, text, err, err_size))
        return true;
    pos_set_start(p, v);
    return false;
}

bool pos_from_text_castling(Position *p, const Variant *v, const char *text, bool castling, char *err,
                            size_t err_size)
{
    if (!pos_from_text_unvalidated(p, v, text, err, err_size))
        return false;
    p->castling_allowed = p->castling_allowed && castling;
    if (pos_validate(p, err, err_size))
        return true;
    pos_set_start(p, v);
    return false;
}

bool pos_from_text(Position *p, const Variant *v, const char *text, char *err, size_t err_size)
{
    return pos_from_text_castling(p, v, text, true, err, err_size);
}

static int write_row(const Position *p, const uint8_t *cells, int n, char *out)
{
    int len = 0, run = 0;
    for (int i = 0; i < n; i++) {
        Piece pc = p->board[cells[i]];
        if (!pc) {
            run++;
            continue;
        }
        if (run)
            len += sprintf(out + len, "%d", run);
        run = 0;
        char c = variant_piece_letter(p->v, piece_type(pc));
        out[len++] = piece_color(pc) == WHITE ? c : (char)tolower((unsigned char)c);
    }
    if (run)
        len += sprintf(out + len, "%d", run);
    out[len] = 0;
    return len;
}

static int write_rights(const Position *p, char *out)
{
    int len = 0;
    for (int c = 0; c < COLOR_NB; c++) {
        if (!pos_has_right(p, (Color)c, RIGHT_KING)) {
            out[len++] = '-';
            continue;
        }
        const char *form = pos_has_right(p, (Color)c, RIGHT_QUEEN_ROOK) ? "RK" : "K";
        for (const char *s = form; *s; s++)
            out[len++] = c == WHITE ? *s : (char)tolower((unsigned char)*s);
        if (pos_has_right(p, (Color)c, RIGHT_KING_ROOK))
            out[len++] = c == WHITE ? 'R' : 'r';
    }
    out[len] = 0;
    return len;
}

static int write_pdtl_special(const Position *p, char *out)
{
    const Geometry *g = &p->v->geo;
    if (p->ep_victim != NO_CELL) {
        int len = variant_cell_name(p->v, p->ep_victim, out);
        int a = g->line[p->ep_target[0]];
        if (p->ep_target[1] == NO_CELL)
            return len + sprintf(out + len, "@%d", a);
        int b = g->line[p->ep_target[1]];
        return len + sprintf(out + len, "@%d-%d", a < b ? a : b, a < b ? b : a);
    }
    if (p->scorn_victim != NO_CELL)
        return variant_cell_name(p->v, p->scorn_victim, out);
    return sprintf(out, "-");
}

void pos_to_text(const Position *p, char *buf, size_t size)
{
    const Geometry *g = &p->v->geo;
    char out[POSITION_TEXT_MAX * 2];
    int len = 0;
    uint8_t cells[MAX_COLUMNS];
    if (p->v->desc->coords == COORDS_CTL) {
        out[len++] = '/';
        for (int l = g->lines - 1; l >= 0; l--) {
            int n = row_of_line(g, l, cells);
            bool any = false;
            for (int i = 0; i < n; i++)
                any |= p->board[cells[i]] != EMPTY;
            if (!any)
                continue;
            len += sprintf(out + len, "%d:", l);
            len += write_row(p, cells, n, out + len);
            out[len++] = '/';
        }
        len += sprintf(out + len, " %c ", p->stm == WHITE ? 'w' : 'b');
        len += write_rights(p, out + len);
        out[len++] = ' ';
        len += write_pdtl_special(p, out + len);
    } else {
        for (int r = ranks_of(g); r >= 1; r--) {
            int n = row_of_rank(g, r, cells);
            len += write_row(p, cells, n, out + len);
            if (r > 1)
                out[len++] = '/';
        }
        len += sprintf(out + len, " %c ", p->stm == WHITE ? 'w' : 'b');
        if (p->ep_victim != NO_CELL)
            len += variant_cell_name(p->v, p->ep_target[0], out + len);
        else
            out[len++] = '-';
    }
    if (p->fullmove)
        sprintf(out + len, " %d %d", p->halfmove, p->fullmove);
    else
        sprintf(out + len, " %d ?", p->halfmove);
    snprintf(buf, size, "%s", out);
}
