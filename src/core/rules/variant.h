/*
 * A variant is a description (board side, coordinates, piece roster with move atoms, set-up, pawn
 * rules, king specials, scoring and draw rules). variant_build() derives everything else from it:
 * geometry, per-hex rule tables, the castling table and Zobrist keys.
 */
#ifndef HEXCHESS_VARIANT_H
#define HEXCHESS_VARIANT_H

#include "geometry.h"

/* Move atoms a piece combines. */
enum {
    ATOM_ORTH = 1,      /* slides along the 6 orthogonal directions */
    ATOM_DIAG = 2,      /* slides along the 6 diagonal directions */
    ATOM_LEAP = 4,      /* the 12 knight leaps, jumping */
    ATOM_RIDE = 8,      /* the same leap twice over empty hexes, never capturing */
    ATOM_KING = 16,     /* one step in any of the 12 directions */
    ATOM_ELEPHANT = 32, /* forward one or two (the first empty), and the four (±1,±3) diagonals */
    ATOM_PAWN = 64
};

typedef struct {
    char letter; /* 0: the variant does not use this type */
    uint8_t atoms;
    int value;        /* the seeds' values, in hundredths of a pawn */
    bool regainable;  /* may be chosen on promotion */
    bool minor;       /* looked at by the dead-material pass (tb dead): kings and up to two such men */
    bool mates_alone; /* with its king, forces mate on a bare king from every position (tb stats) */
} PieceDesc;

typedef enum { COORDS_CTL, COORDS_RANKS } CoordScheme;
typedef enum { PROMOTE_ANY_LISTED, PROMOTE_CAPTURED_ONLY } PromotionPolicy;
/* How a hex is drawn; 0 is left unset so that an incomplete description is refused. */
typedef enum { SHADE_LIGHT = 1, SHADE_MEDIUM, SHADE_DARK, SHADE_NB } HexShade;
/* How game records write moves: CTL-AN in CTL-PGN (a move pair a line, "1. a, b") or algebraic in PGN. */
typedef enum { RECORD_CTL_PGN, RECORD_PGN, RECORD_FORMAT_NB } RecordFormat;
/* Each format's name and file extension, as users and file choosers see them. */
extern const char *const record_format_names[RECORD_FORMAT_NB];
extern const char *const record_format_extensions[RECORD_FORMAT_NB];

typedef struct {
    const char *name;  /* command-line name */
    const char *title; /* as players write it */
    int side;
    const char *column_names; /* left to right, one character each */
    CoordScheme coords;
    HexShade shades[3]; /* of the hexes whose line mod 3 is 0, 1, 2 (geometry's colour) */
    PieceDesc pieces[PIECE_TYPE_NB];
    const char *setup; /* White's men, "K G1, D E1, ..."; Black's mirror them */
    /* Pawn rules, as White's directions (indices into hex_directions); Black's mirror them. */
    int pawn_capture_dirs[2];
    int pawn_oblique_dirs[2]; /* non-capturing oblique steps; -1 when unused */
    bool double_step_anywhere; /* else only from the side's own pawn start hexes */
    const char *no_double_step_hexes; /* White's pawn start hexes without the double step; NULL for none */
    const char *triple_step_hexes; /* White's, space separated; NULL for none */
    bool en_passant;
    bool scornful_capture;
    PromotionPolicy promotion;
    bool one_bishop_per_colour;
    bool king_leap;
    bool castling;
    /* Scoring as written in records. */
    const char *result_win[2];       /* checkmate by White / by Black */
    const char *result_stalemate[2]; /* White / Black stalemates the other */
    const char *result_draw;
    int stalemate_share_permille; /* share of the points a stalemate gives the stalemating side; 500: a draw */
    /* Draw rules: occurrences of a position and half-moves without capture or pawn move. */
    int repetition_draw, repetition_claim; /* 0: no such rule */
    int move_rule_draw, move_rule_claim;
    /* Material with which a side can never win, as space-separated "SIDE-OTHER" entries: that side's
     * men, its king first, then the other side's ("K-KN": a bare king against king and knight). A
     * man that only slides diagonally keeps the shade of its hex, written after its letter (l, m
     * or d: "KBd-K"). Where neither side can win, the game is drawn (insufficient material). */
    const char *no_win_materials;
    /* The list is what the rules' own move tree decides (tb dead regenerates it, a test compares);
     * false: the rule book's own list, kept as written. */
    bool no_win_from_move_tree;
    /* Game records. */
    RecordFormat record_format;
    const char *record_names;   /* Variant label values read, '|'-separated; the first is written */
    const char *position_label; /* the label of a start position */
    bool fine_check_marks;      /* write +∞ +^ ++ rather than + */
} VariantDesc;

enum { MAX_CASTLES = 32 };
enum { RIGHT_KING = 1, RIGHT_QUEEN_ROOK = 2, RIGHT_KING_ROOK = 4, RIGHTS_PER_SIDE = 3 };

typedef struct {
    uint8_t king_to;
    uint8_t rook_count;
    uint8_t rook_which[2]; /* 0: queen's rook, 1: king's rook */
    uint8_t rook_to[2];
    uint8_t path_len[2];
    uint8_t path[2][MAX_LINES]; /* hexes strictly between rook start and target */
    char name[12];
} Castle;

/* A side's men other than its king; a man bound to one hex colour is counted by that colour
 * (index: geometry's colour), any other under colour 0. */
typedef struct {
    uint8_t n[PIECE_TYPE_NB][3];
} SideMaterial;
/* An entry of no_win_materials. */
typedef struct {
    SideMaterial side, other;
} NoWin;
enum { NO_WIN_MAX = 96, MATERIAL_TEXT_MAX = 64 };

typedef struct {
    uint8_t count;
    uint8_t cell[48];
    uint8_t type[48];
} Setup;

/* The code of the wall at the end of every ray and padded hex list (Position.board): no man's. */
enum { WALL = 15 };
_Static_assert((int)PIECE_TYPE_NB <= (int)WALL, "no man has the wall's code");

typedef struct Variant {
    const VariantDesc *desc;
    Geometry geo;
    uint8_t atoms[PIECE_TYPE_NB];
    int forward_dir[COLOR_NB];
    int capture_dirs[COLOR_NB][2];
    int oblique_dirs[COLOR_NB][2];
    int oblique_nb;
    int elephant_diag_dirs[4];
    /* Bit d: a man of this colour and type one step from a hex in direction d attacks that hex. */
    uint16_t near_attack[COLOR_NB][PIECE_TYPE_NB];
    /* Bit r: a man of this colour and type standing where Geometry.reach reads r from a hex may
     * attack that hex (a superset: whether the line between is open is not asked). */
    uint16_t attack_reach[COLOR_NB][PIECE_TYPE_NB];
    bool has_elephants;
    bool promotion_zone[COLOR_NB][MAX_CELLS];
    bool double_step_from[COLOR_NB][MAX_CELLS];
    bool triple_step_from[COLOR_NB][MAX_CELLS];
    /* A pawn of this colour here has a step (one to three ahead, or oblique) into its promotion
     * zone: only then can a step of it be noisy. */
    bool promotion_step[COLOR_NB][MAX_CELLS];
    /* The hexes a pawn of this colour here steps to: one, two and three ahead, and by
     * oblique_dirs; and takes on, by capture_dirs (NO_CELL off the board). */
    uint8_t pawn_ahead[COLOR_NB][MAX_CELLS][3];
    uint8_t pawn_obliques[COLOR_NB][MAX_CELLS][2];
    uint8_t pawn_takes[COLOR_NB][MAX_CELLS][2];
    /* The hexes from which a pawn of this colour takes on the hex, the opposite of pawn_takes. */
    uint8_t pawn_takers[COLOR_NB][MAX_CELLS][2];
    /* Per colour and board code (EMPTY, a man's or WALL): 1 if a man of that colour may move onto
     * a hex holding it [0], take there [1], or step there without taking [2] (the rows of the move
     * generator's GenKind); read once per target where the test would branch on the code twice. */
    uint8_t enterable[3][COLOR_NB][1 << 5];
    Setup setup[COLOR_NB];
    bool colour_bound[PIECE_TYPE_NB]; /* slides diagonally only: never leaves its hex colour */
    NoWin no_win[NO_WIN_MAX];
    int no_win_nb;
    int no_win_men; /* the most men (kings included) of any entry's two sides */
    int piece_budget[COLOR_NB][PIECE_TYPE_NB]; /* men of each type in the set-up */
    uint8_t king_start[COLOR_NB];
    uint8_t rook_start[COLOR_NB][2];
    uint8_t rights_keep[MAX_CELLS]; /* castling rights that survive a move touching the hex */
    int castle_count;
    Castle castles[COLOR_NB][MAX_CASTLES];
    PieceType promotion_choices[PIECE_TYPE_NB];
    int promotion_choice_nb;
    uint64_t zobrist_piece[COLOR_NB][PIECE_TYPE_NB][MAX_CELLS];
    uint64_t zobrist_side;
    uint64_t zobrist_rights[2 * RIGHTS_PER_SIDE];
    uint64_t zobrist_ep[MAX_CELLS];
    uint64_t zobrist_scorn[MAX_CELLS];
} Variant;

extern const VariantDesc variant_cescacs;
extern const VariantDesc variant_glinski;
extern const VariantDesc variant_mccooey;

/* Builds the derived tables; false (with a message in err) if the description is inconsistent. */
bool variant_build(Variant *v, const VariantDesc *d, char *err, int err_size);
/* The built-in variants, built once on first use; NULL for an unknown name. */
const Variant *variant_find(const char *name);
/* Names of the built-ins, NULL-terminated; the first is the default. */
extern const char *const variant_names[];
/* The built-ins' names as one text, "a, b or c" with sep = ", " and last = " or "; returns buf. */
const char *variant_name_list(char *buf, int size, const char *sep, const char *last);

/* Hex names: "F14" (C'escacs CTL) or "f6" (Gliński). */
int variant_cell_name(const Variant *v, int cell, char *buf);
/* Parses a hex name at s; returns the cell and stores the characters used in *len, or NO_CELL. */
int variant_parse_cell(const Variant *v, const char *s, int *len);
/* The hexes of colour c's promotion zone, in cell order, into cells (MAX_CELLS); returns how many.
 * A pawn standing on its own side's zone is one awaiting promotion: the web app marks it. */
int variant_promotion_cells(const Variant *v, Color c, int *cells);
/* "KBd" for side material m (the king first; a colour-bound man followed by its shade); returns
 * the length. */
int variant_material_text(const Variant *v, const SideMaterial *m, char *buf);
/* Is "SIDE-OTHER" an entry of the variant's no-win list? */
bool variant_no_win(const Variant *v, const SideMaterial *side, const SideMaterial *other);
PieceType variant_piece_by_letter(const Variant *v, char letter);
char variant_piece_letter(const Variant *v, PieceType t);

#endif
