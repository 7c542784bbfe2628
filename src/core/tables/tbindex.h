/*
 * Endgame tablebase indexing: which men an ending holds, the board symmetries its men allow, and
 * the numbering of its positions. A position is numbered by its king pair (reduced by symmetry)
 * and the hexes of the other men; every man order and symmetric twin of a position has its own
 * number, and tb_images lists them all so that a table can keep them equal.
 */
#ifndef HEXCHESS_TBINDEX_H
#define HEXCHESS_TBINDEX_H

#include "../rules/variant.h"

enum { TB_MAX_MEN = 5, TB_SYM_MAX = 12, TB_NAME_MAX = 16, TB_IMAGES_MAX = TB_SYM_MAX * 6 };
#define TB_NONE UINT64_MAX

/* Men of an ending in table order: [0] White's king, [1] Black's king, then White's other men,
 * then Black's, each side's by piece type (queen first). */
typedef struct {
    const Variant *v;
    int men;
    Color colour[TB_MAX_MEN];
    PieceType type[TB_MAX_MEN];
    char name[TB_NAME_MAX]; /* "KRK", with the variant's letters */
} TbEnding;

/* Reads "KRK", "KQKR" (White's men first, the variant's letters). *swapped is set when the name
 * puts the weaker side first: the ending is then the one with the colours exchanged. */
bool tb_ending_parse(const Variant *v, const char *text, TbEnding *e, bool *swapped, char *err, int size);
/* The ending of the given men (kings included, any order), with the stronger side as White;
 * *swapped when that exchanged the colours. False when the men are not two kings and at most
 * TB_MAX_MEN - 2 others, or include a man the tables cannot hold (a second pawn). */
bool tb_ending_of(const Variant *v, int n, const Color *colour, const PieceType *type, TbEnding *e, bool *swapped);

typedef struct {
    TbEnding e;
    int cells;
    int sym_nb; /* the symmetries that keep every man's moves; identity first */
    uint8_t sym[TB_SYM_MAX][MAX_CELLS];
    int perm_nb; /* reorderings of the men that only exchange men of one colour and type */
    uint8_t perm[24][TB_MAX_MEN];
    uint32_t pair_nb;
    uint16_t pair_id[MAX_CELLS][MAX_CELLS]; /* of a canonical king pair; UINT16_MAX otherwise */
    uint8_t pair_sym[MAX_CELLS][MAX_CELLS]; /* maps the pair to its canonical pair; 255: none */
    uint8_t (*pair_cells)[2];               /* of each canonical pair */
    uint16_t *pair_stab;                    /* bit s: symmetry s fixes the canonical pair */
    uint64_t others;                        /* cells ^ (men - 2) */
    uint64_t weight[TB_MAX_MEN];            /* of a man's hex in a number (0 for the kings) */
    uint64_t size;                          /* positions per side to move */
} TbIndex;

/* Builds the numbering; false (with err) when out of memory. Free with tb_index_free. */
bool tb_index_build(TbIndex *ix, const TbEnding *e, char *err, int size);
void tb_index_free(TbIndex *ix);
/* The number of the men on these hexes (table order); TB_NONE when the kings touch or share a hex. */
uint64_t tb_index_of(const TbIndex *ix, const uint8_t *cells);
/* The hexes of number idx (kings canonical, the others possibly on one hex). */
void tb_index_cells(const TbIndex *ix, uint64_t idx, uint8_t *cells);
/* How many placements of the men number idx stands for, so that summing over the numbers counts
 * every placement once, not once per symmetric twin: one for each king pair of its pair's orbit. */
uint64_t tb_index_placements(const TbIndex *ix, uint64_t idx);
/* Those placements themselves, one a row of out (the men mapped by one symmetry for each king
 * pair of the orbit), so that a placement's own hexes, and so its men's hex colours, can be told;
 * returns how many (tb_index_placements). */
int tb_index_placement_cells(const TbIndex *ix, uint64_t idx, uint8_t out[TB_SYM_MAX][TB_MAX_MEN]);
/* Every number of the same position (symmetric twins and orders of like men); returns how many. */
int tb_images(const TbIndex *ix, uint64_t idx, uint64_t *out);
/* The least of those numbers for the men on these hexes: one name for the position, whichever
 * image it is met as; TB_NONE as tb_index_of. */
uint64_t tb_index_least(const TbIndex *ix, const uint8_t *cells);
/* Is idx the only number of its position? */
bool tb_index_alone(const TbIndex *ix, uint64_t idx);

#endif
