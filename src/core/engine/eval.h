/*
 * Static evaluation, from the side to move's point of view, in centipawns. Every weight is a named
 * parameter (so the tuner can fit them); the piece-square tables are derived from the weights and
 * the board geometry (centrality, advancement), so every variant shares one evaluator.
 */
#ifndef HEXCHESS_EVAL_H
#define HEXCHESS_EVAL_H

#include "../rules/position.h"

typedef enum {
    EP_CENTRE_MINOR,      /* per step nearer the centre: leapers, elephants */
    EP_CENTRE_SLIDER,     /* ... long-range men */
    EP_KING_CENTRE,       /* per step nearer the centre: the king (a penalty when positive) */
    EP_KING_CENTRE_EG,    /* ... with no pieces left: the king joins the fight (blended by the phase) */
    EP_PAWN_ADVANCE,      /* per orthogonal step a pawn has made */
    EP_PAWN_NEAR_PROMOTION, /* extra for each of the last three steps */
    EP_PASSED_PAWN,       /* a pawn no enemy pawn can stop, per step made */
    EP_PASSED_PAWN_NEAR,  /* ... per square of its nearness to promotion (6 - steps to go) */
    EP_PROTECTED_PAWN,    /* a pawn guarded by an own pawn */
    EP_PAWN_EG,           /* each pawn's extra worth with no pieces left (blended by the phase) */
    EP_AWAITING_PAWN,     /* a pawn waiting on its promotion hex (C'escacs) */
    EP_MOBILITY,          /* per hex a slider or leaper reaches */
    EP_ALL_BISHOPS,       /* a bishop on every hex colour */
    EP_KING_SHELTER,      /* per own man next to the king */
    EP_KING_ATTACKERS,    /* per enemy piece within KING_ZONE_RADIUS steps of the king (a penalty) */
    EP_TEMPO,
    EP_VALUE_FIRST,       /* then one value per piece type, KING..PAWN (the king's unused) */
    EVAL_PARAM_NB = EP_VALUE_FIRST + PIECE_TYPE_NB
} EvalParam;

enum { KING_ZONE_RADIUS = 3 };

typedef struct {
    const Variant *v;
    int w[EVAL_PARAM_NB];
    /* Per colour, type and hex: the man's value plus its placement bonus (centrality, advancement). */
    int16_t pst[COLOR_NB][PIECE_TYPE_NB][MAX_CELLS];
    int value[PIECE_TYPE_NB];
    /* The game phase: the pieces' (not pawns') values summed, up to that of the set-up's pieces,
     * where the middlegame weights hold alone; with none left only the endgame's do. Per hex, what
     * a king gains standing there in the endgame over the middlegame. */
    int phase_full;
    int16_t king_endgame_gain[MAX_CELLS];
    uint8_t pawn_steps_made[COLOR_NB][MAX_CELLS];
    int16_t passed_pawn_bonus[COLOR_NB][MAX_CELLS];
    /* Per colour and hex, the set (a bit per hex) of the hexes where an enemy pawn stops a pawn
     * standing there from being passed: those ahead of it, and those from which one captures onto
     * them. */
    uint64_t front_span[COLOR_NB][MAX_CELLS][HEX_WORDS];
    /* Mop-up against a bare king: per hex, how much the lone king standing there is worth to
     * it (away from the edge and corners), and per pair of hexes how near the kings stand. */
    int16_t lone_king_room[MAX_CELLS];
    int herd_max; /* the most the mop-up's herding can count on this board (see mop_up_white) */
    uint8_t king_distance[MAX_CELLS][MAX_CELLS];
    /* Per hex, the hexes within KING_ZONE_RADIUS steps of a king standing there. */
    uint64_t king_zone[MAX_CELLS][HEX_WORDS];
} EvalTables;

/*
 * Pawn structure depends on the pawns alone, so its score is remembered by Position.pawn_key:
 * one cache per search thread (the tuner, changing weights, passes none).
 */
enum { PAWN_CACHE_SIZE = 1 << 13 };
typedef struct {
    uint64_t key;
    int32_t score; /* White's pawns minus Black's: values, placement, structure */
    bool valid;
} PawnCacheEntry;
typedef struct {
    PawnCacheEntry entry[PAWN_CACHE_SIZE];
} PawnCache;

/* Builds the tables from the variant's default weights. */
void eval_build(EvalTables *t, const Variant *v);
/* Rebuilds the derived tables after t->w changed (the tuner's entry point). */
void eval_rebuild(EvalTables *t);
/* Empties a cache: needed whenever the tables it was filled from change. */
void pawn_cache_clear(PawnCache *cache);
/* cache may be NULL. */
int evaluate(const Position *p, const EvalTables *t, PawnCache *cache);
/* Material, placement and pawns only: a cheap estimate that evaluate() refines by activity. */
int evaluate_material(const Position *p, const EvalTables *t, PawnCache *cache);
/* The refinement: evaluate() is evaluate_material() plus this (a caller holding the estimate adds
 * it instead of evaluating again). */
int evaluate_activity(const Position *p, const EvalTables *t);
const char *eval_param_name(int param);
/* Hex distance (king steps along orthogonal lines) from the centre of the board. */
int hex_distance_to_centre(const Geometry *g, int cell);

#endif
