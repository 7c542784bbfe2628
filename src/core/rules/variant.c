#include "../util/quote.h"
#include "../util/random.h"
#include "variant.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

const VariantDesc variant_cescacs = {
    .name = "cescacs",
    .title = "C'escacs",
    .side = 8,
    .column_names = "PTABCDEFGHIKLXZ",
    .coords = COORDS_CTL,
    .shades = {SHADE_DARK, SHADE_LIGHT, SHADE_MEDIUM},
    .pieces = {
        [KING] = {'K', ATOM_KING, 0, false, false, false},
        [QUEEN] = {'D', ATOM_ORTH | ATOM_DIAG, 1600, true, false, true},
        [WYVERN] = {'V', ATOM_ORTH | ATOM_LEAP, 1500, true, false, true},
        [ROOK] = {'R', ATOM_ORTH, 1000, true, false, true},
        [PEGASUS] = {'G', ATOM_DIAG | ATOM_LEAP, 800, true, false, false},
        [KNIGHT] = {'N', ATOM_LEAP | ATOM_RIDE, 400, true, true, false},
        [BISHOP] = {'J', ATOM_DIAG, 300, true, true, false},
        [ELEPHANT] = {'E', ATOM_ELEPHANT, 200, false, true, false},
        [PAWN] = {'P', ATOM_PAWN, 100, false, false, false},
    },
    .setup = "K G1, D E1, V F0, G D2 H2, J F2 F4 F6, N E3 G3, R C3 I3, E D4 E5 G5 H4, "
             "P A5 B4 C5 D6 E7 F8 G7 H6 I5 K4 L5",
    .pawn_capture_dirs = {8, 11},
    .pawn_oblique_dirs = {2, 5},
    .double_step_anywhere = true,
    .triple_step_hexes = "B4 C5 D6 E7 G7 H6 I5 K4",
    .en_passant = true,
    .scornful_capture = true,
    .promotion = PROMOTE_CAPTURED_ONLY,
    .one_bishop_per_colour = true,
    .king_leap = true,
    .castling = true,
    .result_win = {"3-0", "0-3"},
    .result_stalemate = {"2-1", "1-2"},
    .result_draw = "1-1",
    .stalemate_share_permille = 667,
    .repetition_draw = 5,
    .repetition_claim = 3,
    .move_rule_draw = 150,
    .move_rule_claim = 100,
    /* The rule book's list: a bare king against king, king and knight, bishop or elephant. */
    .no_win_materials = "K-K K-KN KN-K K-KJl KJl-K K-KJm KJm-K K-KJd KJd-K K-KE KE-K",
    .no_win_from_move_tree = false,
    .record_format = RECORD_CTL_PGN,
    .record_names = "C'escacs|Cescacs|C\xe2\x80\x99" "escacs|CTL",
    .position_label = "PDTL",
    .fine_check_marks = true,
};

const VariantDesc variant_glinski = {
    .name = "glinski",
    .title = "Gli\xc5\x84ski",
    .side = 6,
    .column_names = "abcdefghikl",
    .coords = COORDS_RANKS,
    .shades = {SHADE_LIGHT, SHADE_MEDIUM, SHADE_DARK},
    .pieces = {
        [KING] = {'K', ATOM_KING, 0, false, false, false},
        [QUEEN] = {'Q', ATOM_ORTH | ATOM_DIAG, 1600, true, false, true},
        [ROOK] = {'R', ATOM_ORTH, 800, true, false, true},
        [KNIGHT] = {'N', ATOM_LEAP, 400, true, true, false},
        [BISHOP] = {'B', ATOM_DIAG, 300, true, true, false},
        [PAWN] = {'P', ATOM_PAWN, 100, false, false, false},
    },
    .setup = "K g1, Q e1, R c1 i1, N d1 h1, B f1 f2 f3, P b1 c2 d3 e4 f5 g4 h3 i2 k1",
    .pawn_capture_dirs = {2, 5},
    .pawn_oblique_dirs = {-1, -1},
    .double_step_anywhere = false,
    .triple_step_hexes = NULL,
    .en_passant = true,
    .scornful_capture = false,
    .promotion = PROMOTE_ANY_LISTED,
    .one_bishop_per_colour = false,
    .king_leap = false,
    .castling = false,
    .result_win = {"1-0", "0-1"},
    .result_stalemate = {"3/4-1/4", "1/4-3/4"},
    .result_draw = "1/2-1/2",
    .stalemate_share_permille = 750,
    .repetition_draw = 3,
    .repetition_claim = 0,
    .move_rule_draw = 100,
    .move_rule_claim = 0,
    /* tb dead -v glinski 4 (a test compares): a bare king can stalemate a bare king. */
    .no_win_materials = "",
    .no_win_from_move_tree = true,
    .record_format = RECORD_PGN,
    .record_names = "Glinski|Gli\xc5\x84ski|Hexagonal|Glinski's hexagonal chess|Hexagonal chess",
    .position_label = "FEN",
    .fine_check_marks = false,
};

/* Gliński's board and men in Honeycutt's array; pawns capture diagonally, stalemate is a draw
 * (docs/mccooey.md). */
const VariantDesc variant_mccooey = {
    .name = "mccooey",
    .title = "McCooey",
    .side = 6,
    .column_names = "abcdefghikl",
    .coords = COORDS_RANKS,
    .shades = {SHADE_LIGHT, SHADE_MEDIUM, SHADE_DARK},
    .pieces = {
        [KING] = {'K', ATOM_KING, 0, false, false, false},
        [QUEEN] = {'Q', ATOM_ORTH | ATOM_DIAG, 1000, true, false, true},
        [ROOK] = {'R', ATOM_ORTH, 700, true, false, true},
        [KNIGHT] = {'N', ATOM_LEAP, 400, true, true, false},
        [BISHOP] = {'B', ATOM_DIAG, 300, true, true, false},
        [PAWN] = {'P', ATOM_PAWN, 100, false, false, false},
    },
    .setup = "K g1, Q e1, R d1 h1, N e2 g2, B f1 f2 f3, P c1 d2 e3 f4 g3 h2 i1",
    .pawn_capture_dirs = {8, 11},
    .pawn_oblique_dirs = {-1, -1},
    .double_step_anywhere = false,
    .no_double_step_hexes = "f4", /* so that White cannot take the centre on the first move */
    .triple_step_hexes = NULL,
    .en_passant = true,
    .scornful_capture = false,
    .promotion = PROMOTE_ANY_LISTED,
    .one_bishop_per_colour = false,
    .king_leap = false,
    .castling = false,
    .result_win = {"1-0", "0-1"},
    .result_stalemate = {"1/2-1/2", "1/2-1/2"},
    .result_draw = "1/2-1/2",
    .stalemate_share_permille = 500,
    .repetition_draw = 3,
    .repetition_claim = 0,
    .move_rule_draw = 100,
    .move_rule_claim = 0,
    /* tb dead -v mccooey 4 (a test compares); a bishop on the medium hexes never mates. */
    .no_win_materials = "K-K K-KBd K-KBdBd K-KBl K-KBlBd K-KBlBl K-KBlBm K-KBm K-KBmBd K-KBmBm K-KN K-KNBd K-KNBl "
                        "K-KNBm K-KNN KBm-K KBm-KBm KBm-KN KBmBm-K",
    .no_win_from_move_tree = true,
    .record_format = RECORD_PGN,
    .record_names = "McCooey|McCooey's hexagonal chess",
    .position_label = "FEN",
    .fine_check_marks = false,
};

static const VariantDesc *const builtin_descs[] = {&variant_cescacs, &variant_glinski, &variant_mccooey};
enum { BUILTIN_NB = sizeof builtin_descs / sizeof builtin_descs[0] };

const char *const record_format_names[RECORD_FORMAT_NB] = {[RECORD_CTL_PGN] = "CTL-PGN", [RECORD_PGN] = "PGN"};
const char *const record_format_extensions[RECORD_FORMAT_NB] = {[RECORD_CTL_PGN] = "ctl-pgn", [RECORD_PGN] = "pgn"};

const char *const variant_names[] = {"cescacs", "glinski", "mccooey", NULL};

int variant_cell_name(const Variant *v, int cell, char *buf)
{
    const Geometry *g = &v->geo;
    int c = g->col[cell], l = g->line[cell];
    if (v->desc->coords == COORDS_CTL)
        return sprintf(buf, "%c%d", v->desc->column_names[c], l);
    int rank = (l - abs(c - (g->side - 1))) / 2 + 1;
    return sprintf(buf, "%c%d", v->desc->column_names[c], rank);
}

int variant_promotion_cells(const Variant *v, Color c, int *cells)
{
    int n = 0;
    for (int cell = 0; cell < v->geo.cell_count; cell++)
        if (v->promotion_zone[c][cell])
            cells[n++] = cell;
    return n;
}

static int cell_from_number(const Variant *v, int col, int number)
{
    const Geometry *g = &v->geo;
    if (v->desc->coords == COORDS_CTL)
        return geometry_cell(g, col, number);
    if (number < 1)
        return NO_CELL;
    return geometry_cell(g, col, 2 * (number - 1) + abs(col - (g->side - 1)));
}

int variant_parse_cell(const Variant *v, const char *s, int *len)
{
    const char *names = v->desc->column_names;
    if (!s[0] || !strchr(names, s[0]) || !isdigit((unsigned char)s[1]))
        return NO_CELL;
    int col = (int)(strchr(names, s[0]) - names);
    /* Prefer two digits when they name a hex: "F14", "f10". */
    if (isdigit((unsigned char)s[2])) {
        int cell = cell_from_number(v, col, (s[1] - '0') * 10 + (s[2] - '0'));
        if (cell != NO_CELL) {
            *len = 3;
            return cell;
        }
    }
    int cell = cell_from_number(v, col, s[1] - '0');
    *len = 2;
    return cell;
}

PieceType variant_piece_by_letter(const Variant *v, char letter)
{
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        if (v->desc->pieces[t].letter && v->desc->pieces[t].letter == toupper((unsigned char)letter))
            return (PieceType)t;
    return NO_TYPE;
}

char variant_piece_letter(const Variant *v, PieceType t) { return v->desc->pieces[t].letter; }

static int mirror_dir(int d)
{
    for (int e = 0; e < DIR_NB; e++)
        if (hex_directions[e].dc == hex_directions[d].dc && hex_directions[e].dl == -hex_directions[d].dl)
            return e;
    return -1;
}

static bool fail(char *err, int size, const char *what, const char *text)
{
    char q[QUOTE_BUF_SIZE];
    snprintf(err, (size_t)size, "%s: '%s'", what, quote(q, text));
    return false;
}

/* The shades' letters in material texts, by HexShade. */
static const char SHADE_LETTERS[SHADE_NB] = {0, 'l', 'm', 'd'};

int variant_material_text(const Variant *v, const SideMaterial *m, char *buf)
{
    int n = 0;
    buf[n++] = v->desc->pieces[KING].letter;
    for (int t = KING + 1; t < PIECE_TYPE_NB; t++)
        for (int colour = 0; colour < 3; colour++)
            for (int k = 0; k < m->n[t][colour] && n < MATERIAL_TEXT_MAX - 3; k++) {
                buf[n++] = v->desc->pieces[t].letter;
                if (v->colour_bound[t])
                    buf[n++] = SHADE_LETTERS[v->desc->shades[colour]];
            }
    buf[n] = 0;
    return n;
}

/* Reads one side's men at s ("KBdN"), up to the first character that is neither a man's letter
 * nor a shade; returns the characters read, 0 when the text is no side's men. */
static int parse_side_material(const Variant *v, const char *s, SideMaterial *m)
{
    memset(m, 0, sizeof *m);
    if (variant_piece_by_letter(v, s[0]) != KING || s[0] != v->desc->pieces[KING].letter)
        return 0;
    int i = 1;
    for (;;) {
        PieceType t = isupper((unsigned char)s[i]) ? variant_piece_by_letter(v, s[i]) : NO_TYPE;
        if (t == NO_TYPE || t == KING)
            return i;
        i++;
        int colour = 0;
        if (v->colour_bound[t]) {
            const char *shade = s[i] ? memchr(SHADE_LETTERS + 1, s[i], SHADE_NB - 1) : NULL;
            if (!shade)
                return 0;
            while ((int)v->desc->shades[colour] != (int)(shade - SHADE_LETTERS))
                colour++;
            i++;
        }
        m->n[t][colour]++;
    }
}

static bool parse_no_win(Variant *v, char *err, int err_size)
{
    const char *s = v->desc->no_win_materials;
    while (s && *s) {
        if (*s == ' ') {
            s++;
            continue;
        }
        NoWin *w = &v->no_win[v->no_win_nb];
        int a = v->no_win_nb < NO_WIN_MAX ? parse_side_material(v, s, &w->side) : 0;
        int b = a && s[a] == '-' ? parse_side_material(v, s + a + 1, &w->other) : 0;
        if (!b || (s[a + 1 + b] && s[a + 1 + b] != ' '))
            return fail(err, err_size, "no-win material list: bad entry at", s);
        int men = 2;
        for (int t = KING + 1; t < PIECE_TYPE_NB; t++)
            for (int colour = 0; colour < 3; colour++)
                men += w->side.n[t][colour] + w->other.n[t][colour];
        if (men > v->no_win_men)
            v->no_win_men = men;
        v->no_win_nb++;
        s += a + 1 + b;
    }
    return true;
}

bool variant_no_win(const Variant *v, const SideMaterial *side, const SideMaterial *other)
{
    for (int i = 0; i < v->no_win_nb; i++)
        if (!memcmp(&v->no_win[i].side, side, sizeof *side) && !memcmp(&v->no_win[i].other, other, sizeof *other))
            return true;
    return false;
}

static bool parse_setup(Variant *v, char *err, int err_size)
{
    const char *s = v->desc->setup;
    PieceType type = NO_TYPE;
    Setup *w = &v->setup[WHITE];
    while (*s) {
        if (*s == ' ' || *s == ',') {
            s++;
            continue;
        }
        if (isalpha((unsigned char)s[0]) && (s[1] == ' ' || s[1] == ',' || !s[1])) {
            type = variant_piece_by_letter(v, s[0]);
            if (type == NO_TYPE)
                return fail(err, err_size, "set-up names an unknown piece", s);
            s++;
            continue;
        }
        int len, cell = variant_parse_cell(v, s, &len);
        if (cell == NO_CELL || type == NO_TYPE || w->count >= 48)
            return fail(err, err_size, "set-up names no hex", s);
        w->cell[w->count] = (uint8_t)cell;
        w->type[w->count++] = (uint8_t)type;
        s += len;
    }
    Setup *b = &v->setup[BLACK];
    b->count = w->count;
    for (int i = 0; i < w->count; i++) {
        b->cell[i] = (uint8_t)geometry_mirror(&v->geo, w->cell[i]);
        b->type[i] = w->type[i];
    }
    return true;
}

static bool orth_adjacent(const Geometry *g, int a, int b)
{
    for (int d = ORTH_FIRST; d < ORTH_FIRST + ORTH_NB; d++)
        if (g->step[d][a] == b)
            return true;
    return false;
}

/* A rook move of the castling: target and the hexes it crosses. */
typedef struct {
    uint8_t to, len, path[MAX_LINES];
} RookRun;

static int rook_runs(const Variant *v, int rook, int other_rook, int king_to, RookRun *out)
{
    const Geometry *g = &v->geo;
    int n = 0;
    for (int d = ORTH_FIRST; d < ORTH_FIRST + ORTH_NB; d++) {
        RookRun run = {0};
        for (int c = g->step[d][rook]; c != NO_CELL; c = g->step[d][c]) {
            if (c == v->king_start[WHITE] || c == other_rook)
                break;
            if (c != king_to && orth_adjacent(g, c, king_to)) {
                run.to = (uint8_t)c;
                out[n++] = run;
            }
            run.path[run.len++] = (uint8_t)c;
        }
    }
    return n;
}

/*
 * The castling table follows from the rule itself: the king makes one of its leaps, and each
 * moved rook makes an ordinary rook move ending orthogonally next to the king (and, when both
 * move, next to each other). Names: KRK/KRD/KRR, the king's column, then the rook columns; a
 * rook with two targets in one column gets O, OO from White's side up.
 */
static void build_castles(Variant *v)
{
    const Geometry *g = &v->geo;
    int king = v->king_start[WHITE];
    Castle *out = v->castles[WHITE];
    int n = 0;
    for (int i = 0; i < g->leap_count[king]; i++) {
        int king_to = g->leaps[king][i];
        RookRun runs[2][DIR_NB * MAX_LINES];
        int run_nb[2];
        for (int which = 0; which < 2; which++)
            run_nb[which] = rook_runs(v, v->rook_start[WHITE][which], v->rook_start[WHITE][!which], king_to,
                                      runs[which]);
        for (int which = 1; which >= 0; which--) {
            for (int r = 0; r < run_nb[which]; r++) {
                Castle *c = &out[n++];
                memset(c, 0, sizeof *c);
                c->king_to = (uint8_t)king_to;
                c->rook_count = 1;
                c->rook_which[0] = (uint8_t)which;
                c->rook_to[0] = runs[which][r].to;
                c->path_len[0] = runs[which][r].len;
                memcpy(c->path[0], runs[which][r].path, runs[which][r].len);
                int col = g->col[c->rook_to[0]], same = 0, below = 0;
                for (int o = 0; o < run_nb[which]; o++) {
                    if (g->col[runs[which][o].to] != col)
                        continue;
                    same++;
                    below += g->line[runs[which][o].to] < g->line[c->rook_to[0]];
                }
                int len = sprintf(c->name, "KR%c-%c%c", which ? 'K' : 'D', v->desc->column_names[g->col[king_to]],
                                  v->desc->column_names[col]);
                for (int o = 0; same > 1 && o <= below; o++)
                    c->name[len++] = 'O';
            }
        }
        for (int k = 0; k < run_nb[1]; k++) {
            for (int q = 0; q < run_nb[0]; q++) {
                if (!orth_adjacent(g, runs[1][k].to, runs[0][q].to))
                    continue;
                Castle *c = &out[n++];
                memset(c, 0, sizeof *c);
                c->king_to = (uint8_t)king_to;
                c->rook_count = 2;
                const RookRun *pair[2] = {&runs[1][k], &runs[0][q]};
                for (int j = 0; j < 2; j++) {
                    c->rook_which[j] = (uint8_t)(j == 0);
                    c->rook_to[j] = pair[j]->to;
                    c->path_len[j] = pair[j]->len;
                    memcpy(c->path[j], pair[j]->path, pair[j]->len);
                }
                sprintf(c->name, "KRR-%c%c%c", v->desc->column_names[g->col[king_to]],
                        v->desc->column_names[g->col[c->rook_to[0]]], v->desc->column_names[g->col[c->rook_to[1]]]);
            }
        }
    }
    v->castle_count = n;
    for (int i = 0; i < n; i++) {
        Castle *b = &v->castles[BLACK][i];
        *b = out[i];
        b->king_to = (uint8_t)geometry_mirror(g, out[i].king_to);
        for (int j = 0; j < out[i].rook_count; j++) {
            b->rook_to[j] = (uint8_t)geometry_mirror(g, out[i].rook_to[j]);
            for (int p = 0; p < out[i].path_len[j]; p++)
                b->path[j][p] = (uint8_t)geometry_mirror(g, out[i].path[j][p]);
        }
    }
}

static void build_zobrist(Variant *v)
{
    uint64_t seed = 0x4845584348455353ull; /* "HEXCHESS" */
    for (const char *s = v->desc->name; *s; s++)
        seed = seed * 131 + (unsigned char)*s;
    for (int c = 0; c < COLOR_NB; c++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            for (int s = 0; s < MAX_CELLS; s++)
                v->zobrist_piece[c][t][s] = splitmix64(&seed);
    v->zobrist_side = splitmix64(&seed);
    for (int i = 0; i < 2 * RIGHTS_PER_SIDE; i++)
        v->zobrist_rights[i] = splitmix64(&seed);
    for (int s = 0; s < MAX_CELLS; s++) {
        v->zobrist_ep[s] = splitmix64(&seed);
        v->zobrist_scorn[s] = splitmix64(&seed);
    }
}

static bool find_castling_men(Variant *v, char *err, int err_size)
{
    const Setup *w = &v->setup[WHITE];
    int rooks = 0, rook_cells[2] = {0, 0}, king = -1;
    for (int i = 0; i < w->count; i++) {
        if (w->type[i] == KING)
            king = w->cell[i];
        if (w->type[i] == ROOK && rooks < 2)
            rook_cells[rooks++] = w->cell[i];
    }
    if (king < 0)
        return fail(err, err_size, "set-up has no king", v->desc->setup);
    if (v->desc->castling && rooks != 2)
        return fail(err, err_size, "castling needs two rooks in the set-up", v->desc->setup);
    const Geometry *g = &v->geo;
    for (int c = 0; c < COLOR_NB; c++) {
        int m = c == WHITE ? king : geometry_mirror(g, king);
        v->king_start[c] = (uint8_t)m;
        /* The queen's rook is the one on the queen's wing: the lower column, as in both set-ups. */
        int q = g->col[rook_cells[0]] < g->col[rook_cells[1]] ? 0 : 1;
        v->rook_start[c][0] = (uint8_t)(c == WHITE ? rook_cells[q] : geometry_mirror(g, rook_cells[q]));
        v->rook_start[c][1] = (uint8_t)(c == WHITE ? rook_cells[!q] : geometry_mirror(g, rook_cells[!q]));
    }
    memset(v->rights_keep, 0xff, sizeof v->rights_keep);
    if (v->desc->castling || v->desc->king_leap) {
        for (int c = 0; c < COLOR_NB; c++) {
            int shift = RIGHTS_PER_SIDE * c;
            v->rights_keep[v->king_start[c]] &= (uint8_t) ~(7 << shift);
            if (v->desc->castling) {
                v->rights_keep[v->rook_start[c][0]] &= (uint8_t) ~(RIGHT_QUEEN_ROOK << shift);
                v->rights_keep[v->rook_start[c][1]] &= (uint8_t) ~(RIGHT_KING_ROOK << shift);
            }
        }
    }
    return true;
}

/* Sets table[][hex] to value for each hex of White's space-separated list and its mirror for Black. */
static bool mark_hexes(const Variant *v, const char *list, bool value, bool table[COLOR_NB][MAX_CELLS],
                       const char *what, char *err, int err_size)
{
    for (const char *s = list; s && *s;) {
        if (*s == ' ') {
            s++;
            continue;
        }
        int len, cell = variant_parse_cell(v, s, &len);
        if (cell == NO_CELL)
            return fail(err, err_size, what, s);
        table[WHITE][cell] = value;
        table[BLACK][geometry_mirror(&v->geo, cell)] = value;
        s += len;
    }
    return true;
}

bool variant_build(Variant *v, const VariantDesc *d, char *err, int err_size)
{
    memset(v, 0, sizeof *v);
    v->desc = d;
    unsigned shades_seen = 0;
    for (int i = 0; i < 3; i++)
        if (d->shades[i] > 0 && d->shades[i] < SHADE_NB)
            shades_seen |= 1u << d->shades[i];
    if (shades_seen != (1u << SHADE_LIGHT | 1u << SHADE_MEDIUM | 1u << SHADE_DARK))
        return fail(err, err_size, "the three hex shades must be light, medium and dark", d->name);
    geometry_build(&v->geo, d->side);
    const Geometry *g = &v->geo;
    for (int t = 0; t < PIECE_TYPE_NB; t++)
        v->atoms[t] = d->pieces[t].letter ? d->pieces[t].atoms : 0;
    v->forward_dir[WHITE] = 0;
    v->forward_dir[BLACK] = 1;
    v->oblique_nb = d->pawn_oblique_dirs[0] >= 0 ? 2 : 0;
    for (int i = 0; i < 2; i++) {
        v->capture_dirs[WHITE][i] = d->pawn_capture_dirs[i];
        v->capture_dirs[BLACK][i] = mirror_dir(d->pawn_capture_dirs[i]);
        if (v->oblique_nb) {
            v->oblique_dirs[WHITE][i] = d->pawn_oblique_dirs[i];
            v->oblique_dirs[BLACK][i] = mirror_dir(d->pawn_oblique_dirs[i]);
        }
    }
    int n = 0;
    for (int dir = DIAG_FIRST; dir < DIAG_FIRST + DIAG_NB; dir++)
        if (hex_directions[dir].dl != 0)
            v->elephant_diag_dirs[n++] = dir;
    for (int c = 0; c < COLOR_NB; c++) {
        for (int t = KING; t < PIECE_TYPE_NB; t++) {
            uint16_t mask = 0;
            if (v->atoms[t] & ATOM_KING)
                mask |= 0xfff;
            if (v->atoms[t] & ATOM_ORTH)
                mask |= 0x03f;
            if (v->atoms[t] & ATOM_DIAG)
                mask |= 0xfc0;
            if (v->atoms[t] & ATOM_PAWN)
                mask |= (uint16_t)(1u << (v->capture_dirs[c][0] ^ 1) | 1u << (v->capture_dirs[c][1] ^ 1));
            if (v->atoms[t] & ATOM_ELEPHANT) {
                mask |= (uint16_t)(1u << (v->forward_dir[c] ^ 1));
                for (int i = 0; i < 4; i++)
                    mask |= (uint16_t)(1u << v->elephant_diag_dirs[i]);
                v->has_elephants = true;
            }
            v->near_attack[c][t] = mask;
            uint16_t reach = (uint16_t)(mask << 1);
            if (v->atoms[t] & ATOM_ORTH)
                reach |= 0x03f << 1;
            if (v->atoms[t] & ATOM_DIAG)
                reach |= 0xfc0 << 1;
            if (v->atoms[t] & ATOM_LEAP || (v->atoms[t] & ATOM_KING && d->king_leap))
                reach |= 1u << REACH_LEAP;
            v->attack_reach[c][t] = reach;
        }
    }
    if (!parse_setup(v, err, err_size) || !find_castling_men(v, err, err_size))
        return false;
    for (int c = 0; c < COLOR_NB; c++) {
        for (int i = 0; i < v->setup[c].count; i++) {
            v->piece_budget[c][v->setup[c].type[i]]++;
            if (v->setup[c].type[i] == PAWN && !d->double_step_anywhere)
                v->double_step_from[c][v->setup[c].cell[i]] = true;
        }
        for (int s = 0; s < g->cell_count; s++) {
            v->promotion_zone[c][s] = g->step[v->forward_dir[c]][s] == NO_CELL;
            if (d->double_step_anywhere)
                v->double_step_from[c][s] = true;
        }
    }
    if (!mark_hexes(v, d->no_double_step_hexes, false, v->double_step_from, "no-double-step list names no hex", err,
                    err_size) ||
        !mark_hexes(v, d->triple_step_hexes, true, v->triple_step_from, "triple-step list names no hex", err,
                    err_size))
        return false;
    for (int c = 0; c < COLOR_NB; c++)
        for (int s = 0; s < g->cell_count; s++) {
            bool near = false;
            for (int t = g->step[v->forward_dir[c]][s], k = 0; t != NO_CELL && k < 3; t = g->step[v->forward_dir[c]][t], k++)
                near |= v->promotion_zone[c][t];
            for (int i = 0; i < v->oblique_nb; i++) {
                int t = g->step[v->oblique_dirs[c][i]][s];
                near |= t != NO_CELL && v->promotion_zone[c][t];
            }
            v->promotion_step[c][s] = near;
            for (int i = 0, t = s; i < 3; i++) {
                t = t == NO_CELL ? NO_CELL : g->step[v->forward_dir[c]][t];
                v->pawn_ahead[c][s][i] = (uint8_t)t;
            }
            for (int i = 0; i < 2; i++) {
                v->pawn_obliques[c][s][i] = v->oblique_nb ? g->step[v->oblique_dirs[c][i]][s] : NO_CELL;
                v->pawn_takes[c][s][i] = g->step[v->capture_dirs[c][i]][s];
                v->pawn_takers[c][s][i] = g->step[v->capture_dirs[c][i] ^ 1][s];
            }
        }
    for (int c = 0; c < COLOR_NB; c++)
        for (int code = 0; code < (int)sizeof v->enterable[0][c]; code++) {
            bool other = code != WALL && code != EMPTY && piece_color((Piece)code) != (Color)c;
            v->enterable[0][c][code] = other || code == EMPTY;
            v->enterable[1][c][code] = other;
            v->enterable[2][c][code] = code == EMPTY;
        }
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        if (d->pieces[t].letter && d->pieces[t].regainable)
            v->promotion_choices[v->promotion_choice_nb++] = (PieceType)t;
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        v->colour_bound[t] = d->pieces[t].letter && d->pieces[t].atoms == ATOM_DIAG;
    if (!parse_no_win(v, err, err_size))
        return false;
    if (d->castling)
        build_castles(v);
    build_zobrist(v);
    return true;
}

static Variant builtins[BUILTIN_NB];
static bool builtins_ok[BUILTIN_NB];
static once_flag builtins_once = ONCE_FLAG_INIT;

static void build_builtins(void)
{
    char err[160];
    for (int i = 0; i < BUILTIN_NB; i++)
        builtins_ok[i] = variant_build(&builtins[i], builtin_descs[i], err, sizeof err);
}

const Variant *variant_find(const char *name)
{
    call_once(&builtins_once, build_builtins);
    for (int i = 0; i < BUILTIN_NB; i++)
        if (builtins_ok[i] && strcmp(builtins[i].desc->name, name) == 0)
            return &builtins[i];
    return NULL;
}

const char *variant_name_list(char *buf, int size, const char *sep, const char *last)
{
    int n = 0;
    buf[0] = 0;
    for (int i = 0; variant_names[i] && n < size; i++)
        n += snprintf(buf + n, (size_t)(size - n), "%s%s", i == 0 ? "" : variant_names[i + 1] ? sep : last,
                      variant_names[i]);
    return buf;
}
