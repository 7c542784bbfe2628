#include "../util/quote.h"
#include "letters.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name;
    const char *text[PIECE_TYPE_NB];
    const char *other[PIECE_TYPE_NB];
} LetterSet;

/* Pawns keep "P" where a set has no letter of its own: records name a captured pawn with it. */
static const LetterSet SETS[] = {
    {"en", {[KING] = "K", [QUEEN] = "Q", [ROOK] = "R", [BISHOP] = "B", [KNIGHT] = "N", [PAWN] = "P"}, {0}},
    {"hu", {[KING] = "K", [QUEEN] = "V", [ROOK] = "B", [BISHOP] = "F", [KNIGHT] = "H", [PAWN] = "P"}, {0}},
    {"pl", {[KING] = "K", [QUEEN] = "H", [ROOK] = "W", [BISHOP] = "G", [KNIGHT] = "S", [PAWN] = "P"}, {0}},
    {"ru",
     {[KING] = "\xd0\x9a\xd1\x80", [QUEEN] = "\xd0\xa4", [ROOK] = "\xd0\x9b", [BISHOP] = "\xd0\xa1",
      [KNIGHT] = "\xd0\x9a", [PAWN] = "P"},
     {0}},
    {"fan",
     {[KING] = "\xe2\x99\x94", [QUEEN] = "\xe2\x99\x95", [ROOK] = "\xe2\x99\x96", [BISHOP] = "\xe2\x99\x97",
      [KNIGHT] = "\xe2\x99\x98", [PAWN] = "\xe2\x99\x99", [WYVERN] = "\xf0\x9f\xa9\x8f",
      [PEGASUS] = "\xf0\x9f\xa9\x90", [ELEPHANT] = "\xe2\x98\x96"},
     {[KING] = "\xe2\x99\x9a", [QUEEN] = "\xe2\x99\x9b", [ROOK] = "\xe2\x99\x9c", [BISHOP] = "\xe2\x99\x9d",
      [KNIGHT] = "\xe2\x99\x9e", [PAWN] = "\xe2\x99\x9f", [WYVERN] = "\xf0\x9f\xa9\x92",
      [PEGASUS] = "\xf0\x9f\xa9\x93", [ELEPHANT] = "\xe2\x98\x97"}},
};

const char *const letter_set_names[] = {"en", "hu", "pl", "ru", "fan", NULL};

void letters_default(Letters *l, const Variant *v)
{
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "default");
    for (int t = KING; t < PIECE_TYPE_NB; t++)
        if (v->desc->pieces[t].letter)
            l->text[t][0] = v->desc->pieces[t].letter;
}

static bool distinct(const Letters *l)
{
    for (int a = KING; a < PIECE_TYPE_NB; a++)
        for (int b = a + 1; b < PIECE_TYPE_NB; b++)
            if (l->text[a][0] && !strcmp(l->text[a], l->text[b]))
                return false;
    return true;
}

bool letters_named(Letters *l, const Variant *v, const char *name)
{
    if (!strcmp(name, "default")) {
        letters_default(l, v);
        return true;
    }
    for (size_t i = 0; i < sizeof SETS / sizeof SETS[0]; i++) {
        if (strcmp(SETS[i].name, name))
            continue;
        memset(l, 0, sizeof *l);
        snprintf(l->name, sizeof l->name, "%s", name);
        for (int t = KING; t < PIECE_TYPE_NB; t++) {
            if (!v->desc->pieces[t].letter)
                continue;
            if (!SETS[i].text[t])
                return false;
            snprintf(l->text[t], LETTER_MAX, "%s", SETS[i].text[t]);
            if (SETS[i].other[t])
                snprintf(l->other[t], LETTER_MAX, "%s", SETS[i].other[t]);
        }
        return distinct(l);
    }
    return false;
}

bool letters_redefine(Letters *l, const Variant *v, const char *spec, char *err, size_t err_size)
{
    Letters out = *l;
    const char *s = spec;
    while (*s) {
        if (*s == ' ' || *s == ',' || *s == ';') {
            s++;
            continue;
        }
        const char *at = strchr(s, '@');
        size_t new_len = at ? (size_t)(at - s) : 0;
        if (!at || new_len == 0 || new_len >= LETTER_MAX) {
            char q[QUOTE_BUF_SIZE];
            snprintf(err, err_size, "Redefine: expected NEW@STANDARD pairs such as 'A@J', found '%s'", quote(q, s));
            return false;
        }
        PieceType t = variant_piece_by_letter(v, at[1]);
        if (t == NO_TYPE || (at[2] && at[2] != ',' && at[2] != ' ' && at[2] != ';')) {
            char q[QUOTE_BUF_SIZE];
            snprintf(err, err_size, "Redefine: '%s' names no piece of %s",
                     quote_bytes(q, at + 1, strcspn(at + 1, ", ;")), v->desc->title);
            return false;
        }
        memcpy(out.text[t], s, new_len);
        out.text[t][new_len] = 0;
        s = at + 2;
    }
    if (!distinct(&out)) {
        char q[QUOTE_BUF_SIZE];
        snprintf(err, err_size, "Redefine: '%s' gives two pieces the same letter", quote(q, spec));
        return false;
    }
    snprintf(out.name, sizeof out.name, "redefined");
    *l = out;
    return true;
}

PieceType letters_read(const Letters *l, const char *s, int *len)
{
    PieceType best = NO_TYPE;
    int best_len = 0;
    for (int t = KING; t < PIECE_TYPE_NB; t++) {
        const char *forms[2] = {l->text[t], l->other[t]};
        for (int f = 0; f < 2; f++) {
            int n = (int)strlen(forms[f]);
            if (n > best_len && !strncmp(s, forms[f], (size_t)n)) {
                best = (PieceType)t;
                best_len = n;
            }
        }
    }
    *len = best_len;
    return best;
}

const char *letters_text(const Letters *l, PieceType t) { return l->text[t]; }

const char *piece_name(PieceType t)
{
    static const char *const names[PIECE_TYPE_NB] = {"nothing", "king",   "queen",  "wyvern",   "rook",
                                                      "pegasus", "knight", "bishop", "elephant", "pawn"};
    return (unsigned)t < PIECE_TYPE_NB ? names[t] : "piece";
}
