/*
 * Piece letters of game records: the variant's own letters, the named sets players use (English,
 * Hungarian, Polish, Russian, Unicode figurines), and the C'escacs Redefine label ("A@J, T@R").
 * A set is usable for a variant when it names every piece the variant has, each differently.
 */
#ifndef HEXCHESS_LETTERS_H
#define HEXCHESS_LETTERS_H

#include <stddef.h>

#include "../rules/variant.h"

enum { LETTER_MAX = 8 };

typedef struct {
    char name[16];
    char text[PIECE_TYPE_NB][LETTER_MAX];  /* as written; "" for a type the variant lacks */
    char other[PIECE_TYPE_NB][LETTER_MAX]; /* a second form read (Black's figurine), or "" */
} Letters;

/* Names of the built-in sets, NULL-terminated: "en", "hu", "pl", "ru", "fan". */
extern const char *const letter_set_names[];

/* The variant's own letters (named "default"). */
void letters_default(Letters *l, const Variant *v);
/* A named set ("default" too); false when unknown or unusable for the variant. */
bool letters_named(Letters *l, const Variant *v, const char *name);
/* Applies a Redefine value: "NEW@STANDARD" pairs separated by commas. */
bool letters_redefine(Letters *l, const Variant *v, const char *spec, char *err, size_t err_size);
/* The piece written at s (longest form first), storing the bytes used; NO_TYPE when none. */
PieceType letters_read(const Letters *l, const char *s, int *len);
const char *letters_text(const Letters *l, PieceType t);
/* The English name of a piece type, for messages. */
const char *piece_name(PieceType t);

#endif
