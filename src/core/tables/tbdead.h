/*
 * Dead material by the rules' own move tree: a cooperative retrograde pass over the endings of
 * the two kings and a few of the variant's minor men (PieceDesc.minor). It asks, of every legal
 * position, whether some line of legal moves (both sides helping) reaches a mate, or a stalemate,
 * given or suffered by the side to move; captures lead into the smaller endings, solved first.
 * A material (a colour-bound man counted by the colour of its hex) from none of whose positions a
 * side can reach a win is one with which that side can never win: the variant's no-win list.
 */
#ifndef HEXCHESS_TBDEAD_H
#define HEXCHESS_TBDEAD_H

#include "../rules/variant.h"

/* What the pass found for one material, White's men first as the ending puts them. */
typedef struct {
    SideMaterial white, black;
    uint64_t positions;    /* legal ones, the game not over, either side to move (table numbers) */
    uint64_t to_mate;      /* of those, positions from which some line reaches a mate */
    uint64_t to_stalemate; /* ... a stalemate */
    bool can_win[COLOR_NB]; /* by a mate, or a stalemate where the variant scores one */
} DeadMaterial;

enum { DEAD_MATERIALS_MAX = 96 };

/* Runs the pass over every ending of the kings and up to men - 2 minor men; fills out (in the
 * order of the endings, then of the colours) and returns how many, or -1 with err. */
int tb_dead_materials(const Variant *v, int men, DeadMaterial *out, int max, char *err, int size);
/* The no-win list the results make ("SIDE-OTHER" entries in byte order, space-separated), as
 * VariantDesc.no_win_materials holds it. */
void tb_dead_no_win_list(const Variant *v, const DeadMaterial *m, int n, char *buf, int size);

/* The variant's own list cut to the entries of at most men men, in the same form: what the pass
 * over that many men must give where the list is the move tree's. */
void tb_dead_rules_list(const Variant *v, int men, char *buf, int size);

#endif
