/*
 * Probing tablebases: a set of tables of one variant, opened from a directory the first time a
 * position of their ending is probed (the generator also adds the tables it makes). A compressed
 * table is then read a block at a time as it is probed, unless the set reads whole tables (the
 * generator and the verifier, which visit every position, want them in memory). Probing is safe
 * from several threads at once.
 */
#ifndef HEXCHESS_TBPROBE_H
#define HEXCHESS_TBPROBE_H

#include "../rules/position.h"
#include "tbfile.h"

typedef struct TbSet TbSet;

/* A set reading from dir (NULL or "": tables added by tbset_add only); NULL when out of memory. */
TbSet *tbset_new(const Variant *v, const char *dir);
void tbset_free(TbSet *s);
/* Whether dir is a folder of tables a set can read: it opens, holds tables, and each is a table by
 * its header and length (tb_file_check); false with the first problem in one line. */
bool tb_dir_check(const char *dir, char *err, int size);
const Variant *tbset_variant(const TbSet *s);
/* From now on the set reads each table whole into memory (every table's val[] is then set). */
void tbset_read_whole(TbSet *s);
/* Hands the table over to the set (which frees it); false when the set is full. */
bool tbset_add(TbSet *s, TbTable *t);
/* The table of the ending, read from the directory if needed; NULL when it is not there, with the
 * reason (no file, or a file that is corrupt) in err. */
const TbTable *tbset_table(TbSet *s, const TbEnding *e, char *err, int size);
/* The men of p in the order of table t (swapped: t has the colours exchanged); the side to move
 * of the table is returned. */
Color tb_cells_of(const TbTable *t, const Position *p, bool swapped, uint8_t *cells);

/* The ending of p's men (swapped: as the table names it, with the colours exchanged); false when no
 * table could hold p (too many men, more than one pawn, castling or leap rights). */
bool tb_ending_of_position(const Position *p, TbEnding *ending, bool *swapped);
/* The value of p from its side to move; false when no table of the set holds it (too many men,
 * more than one pawn, castling or leap rights, or no table of its ending) or its block cannot be
 * read (tb_table_error). */
bool tb_probe(TbSet *s, const Position *p, uint16_t *value);
/* The best move by the tables (the quickest mate, the slowest loss) and the value of p; MOVE_NONE
 * when p is not in the tables or has no legal move. */
Move tb_best_move(TbSet *s, Position *p, uint16_t *value);

/* The search's score of p by the tables: mate - d for a mate the side to move gives in d plies,
 * -(mate - d) for one it suffers, the same from stalemate for a stalemate, draw for a draw; false
 * when p is not in the tables. */
bool tb_search_score(TbSet *s, const Position *p, int mate, int stalemate, int draw, int *score);
/* For people: "mate in 5", "mated in 4", "stalemate in 3", "stalemated in 2" (moves, not plies)
 * or "draw". */
void tb_value_text(uint16_t v, char *buf, size_t size);

#endif
