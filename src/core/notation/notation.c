#include "notation.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/movegen.h"

static const char CAPTURE_SIGN[] = "\xc3\x97"; /* U+00D7 multiplication sign */

static int coordinate_text(const Position *p, Move m, char *buf)
{
    int n = variant_cell_name(p->v, move_from(m), buf);
    n += variant_cell_name(p->v, move_to(m), buf + n);
    if (move_promo(m) != NO_TYPE)
        buf[n++] = (char)tolower((unsigned char)variant_piece_letter(p->v, move_promo(m)));
    buf[n] = 0;
    return n;
}

static int ctl_text(const Position *p, Move m, char *buf)
{
    const Variant *v = p->v;
    int from = move_from(m), to = move_to(m);
    MoveKind kind = move_kind(m);
    if (kind == MK_CASTLE)
        return (int)strlen(strcpy(buf, v->castles[p->stm][move_castle(m)].name));
    int n = 0;
    if (kind == MK_PROMOTE_HERE) {
        n = variant_cell_name(v, to, buf);
    } else {
        Piece mover = p->board[from];
        Piece taken = p->board[to];
        const char *sep = "-";
        if (kind == MK_EN_PASSANT) {
            taken = p->board[p->ep_victim];
            sep = to == p->ep_target[1] ? "@@" : "@";
        } else if (kind == MK_SCORNFUL) {
            sep = "@";
        } else if (taken) {
            sep = CAPTURE_SIGN;
        }
        if (piece_type(mover) != PAWN)
            buf[n++] = variant_piece_letter(v, piece_type(mover));
        n += variant_cell_name(v, from, buf + n);
        n += (int)strlen(strcpy(buf + n, sep));
        if (taken && piece_type(taken) != PAWN)
            buf[n++] = variant_piece_letter(v, piece_type(taken));
        n += variant_cell_name(v, to, buf + n);
        if (piece_type(mover) == PAWN && v->promotion_zone[p->stm][to] && move_promo(m) == NO_TYPE) {
            buf[n++] = '=';
            buf[n++] = '&';
        }
    }
    if (move_promo(m) != NO_TYPE) {
        buf[n++] = '=';
        buf[n++] = variant_piece_letter(v, move_promo(m));
    }
    buf[n] = 0;
    return n;
}

int move_to_text(const Position *p, Move m, char *buf)
{
    return p->v->desc->coords == COORDS_CTL ? ctl_text(p, m, buf) : coordinate_text(p, m, buf);
}

static int compare_text(const void *a, const void *b) { return strcmp(a, b); }

int legal_moves_text(Position *p, char (*out)[MOVE_TEXT_MAX])
{
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.count; i++)
        move_to_text(p, ml.moves[i], out[i]);
    qsort(out, (size_t)ml.count, MOVE_TEXT_MAX, compare_text);
    return ml.count;
}

Move move_from_text(Position *p, const char *text)
{
    MoveList ml;
    gen_legal(p, &ml);
    char buf[MOVE_TEXT_MAX];
    for (int i = 0; i < ml.count; i++) {
        move_to_text(p, ml.moves[i], buf);
        if (strcmp(buf, text) == 0)
            return ml.moves[i];
    }
    return MOVE_NONE;
}
