/*
 * The engine: a protocol-free search API. The UCI loop, the CLI, the web server and the tests
 * are front ends over it. An Engine owns its transposition table and worker threads; several
 * engines may live in one process (one per web game).
 */
#ifndef HEXCHESS_SEARCH_H
#define HEXCHESS_SEARCH_H

#include <stddef.h>

#include "../rules/position.h"

struct TbSet; /* tbprobe.h */

enum { MAX_MULTIPV = 16 };
enum { SCORE_MATE = 32000, SCORE_INFINITE = 32001, SCORE_MATE_IN_MAX = SCORE_MATE - MAX_PLY };
/* Where a stalemate wins (a share of the point above a half), giving one scores SCORE_STALEMATE
 * less the plies to it: above any material score, below every mate. */
enum { SCORE_STALEMATE = 16000, SCORE_STALEMATE_IN_MAX = SCORE_STALEMATE - MAX_PLY };

typedef struct {
    int depth;          /* 0: no depth limit */
    uint64_t nodes;     /* 0: no node limit */
    int movetime_ms;    /* 0: none */
    int time_ms[COLOR_NB]; /* remaining clock; negative when not given */
    int inc_ms[COLOR_NB];  /* a negative increment counts as none */
    int movestogo;      /* 0: sudden death */
    int mate;           /* search for a mate in this many moves; 0: no */
    bool infinite;      /* run until engine_stop() */
} SearchLimits;

typedef struct {
    int multipv;   /* 1-based line number */
    int depth, seldepth;
    int score;     /* centipawns from the side to move's view, or +-(SCORE_MATE - plies) */
    bool is_mate;
    int mate_moves; /* signed: + when the side to move mates */
    uint64_t nodes;
    int time_ms;
    uint64_t nps;
    int hashfull;  /* per mille */
    int pv_len;
    Move pv[MAX_PLY];
} SearchInfo;

typedef void (*SearchInfoFn)(const SearchInfo *info, void *ctx);

typedef struct Engine Engine;

/* A new engine with default options (Hash 16 MB, Threads 1, MultiPV 1, Skill Level 20). */
Engine *engine_new(void);
/* The same with a hash table of hash_mb megabytes from the start (1 to the Hash option's maximum),
 * for a caller that must never hold more than its memory budget, even briefly. */
Engine *engine_new_hash(int hash_mb);
void engine_free(Engine *e);
void search_limits_init(SearchLimits *l);

/* Options by their UCI names (any case); false when the name or value is not accepted (message
 * in err). A button takes no value. */
bool engine_set_option(Engine *e, const char *name, const char *value, char *err, int err_size);
/* UCI option names compare without regard to case. */
bool option_name_is(const char *declared, const char *given);

typedef enum { OPT_SPIN, OPT_CHECK, OPT_COMBO, OPT_BUTTON, OPT_STRING } OptionType;
typedef struct {
    const char *name;
    OptionType type; /* OPT_SPIN, OPT_CHECK (the value 0 or 1, set as false or true) or OPT_BUTTON */
    int default_value, min, max;
    const char *help;
    size_t field; /* where a spin's value lives in the Engine */
    /* What else a change does, once the value is in place (NULL: nothing); false, with a message
     * in err, puts the old value back. */
    bool (*changed)(Engine *e, char *err, int err_size);
} EngineOption;
/* The one table of engine options (NULL-name terminated). */
extern const EngineOption engine_options[];

/* The evaluation network (hexchess's network file; "" for none) that UseNNUE searches with, in
 * its variant's games. False (with err, the network kept) when the file cannot be read. */
bool engine_set_eval_file(Engine *e, const char *path, char *err, int err_size);
/* Option o's default as setoption takes it: a number, or true/false for a check. */
const char *engine_option_default_text(const EngineOption *o, char *buf, int size);

/* Endgame tablebases read from dir (hexchess tb gen makes them) as they are needed, probed at
 * every node with few enough men; "" turns them off. False (with err) when the name is too long. */
bool engine_set_tablebases(Engine *e, const char *dir, char *err, int err_size);
/* Reads the tables a search from p can reach (p's ending and every ending its captures and
 * promotions lead to), so that none is read on the clock; engine_search does it too. */
void engine_load_tables(Engine *e, const Position *p);
/* Tables the caller owns and shares (a server's one set per variant, each table read once): the
 * engine probes set in searches of its variant instead of its own tables, until it is called
 * again (NULL: its own again). set must outlive the engine's use of it. */
void engine_share_tablebases(Engine *e, struct TbSet *set);

/* Forget everything learned (transposition table, histories). */
void engine_new_game(Engine *e);
/* Searches root (not modified on return) within limits; reports each finished iteration through
 * cb (may be NULL) and returns the best move, or MOVE_NONE when there is no legal move. */
Move engine_search(Engine *e, Position *root, const SearchLimits *limits, SearchInfoFn cb, void *ctx);
/* Nodes searched by the last engine_search (all threads). */
uint64_t engine_last_nodes(const Engine *e);
/* Asks a running search to stop as soon as possible; safe from another thread. */
void engine_stop(Engine *e);
/* For a search about to start on another thread: clears earlier stop requests now, so that the
 * coming engine_search keeps (instead of clearing) a stop that arrives before it begins. */
void engine_arm(Engine *e);

#endif
