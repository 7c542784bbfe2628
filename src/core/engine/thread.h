/*
 * The engine's state and its pool of search threads (lazy SMP: every worker searches the same
 * root, sharing only the transposition table). Internal to the engine's files; front ends use
 * search.h.
 */
#ifndef HEXCHESS_THREAD_H
#define HEXCHESS_THREAD_H

#include <stdatomic.h>
#include <threads.h>

#include "eval.h"
#include "nnue.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

/* Skill Level at full strength: the engine plays its best move. */
enum { SKILL_MAX = 20 };

/* A move's history slot: its low 16 bits, the from and to hexes (to * 256 + from), read without
 * taking the move apart. */
static inline int history_index(Move m) { return (int)(m & 0xffff); }

typedef int16_t ContHistory[PIECE_TYPE_NB][MAX_CELLS];

typedef struct Worker {
    struct Engine *engine;
    int id;
    Position pos;
    const EvalTables *eval;
    PawnCache pawns;
    /* The network evaluating this search (NULL: the hand-written evaluation), and its
     * accumulators along the current line, by ply. */
    const Network *net;
    NnueAccumulator nnue[MAX_PLY + 2];
    const Variant *pawns_variant; /* the variant whose evaluation filled pawns */
    Move killers[MAX_PLY][2];
    /* Per side to move and quiet move, by history_index. */
    int16_t history[COLOR_NB][MAX_CELLS << 8];
    /* The quiet move that last refuted a move, by countermove_index of the refuted move. */
    Move countermoves[32 * MAX_CELLS];
    /* Continuation history: how well a quiet move (its man's type, its target) did as the answer
     * to an earlier move of the line (that move's type and target). */
    ContHistory cont_history[PIECE_TYPE_NB][MAX_CELLS];
    /* How well a capture or promotion (its man's type, its target, the type taken) did. */
    int16_t capture_history[PIECE_TYPE_NB][MAX_CELLS][PIECE_TYPE_NB];
    /* The continuation table of the move played at each ply of the current line, at index ply + 2
     * (the two before the root: the never-updated slot of no move). */
    ContHistory *cont_line[MAX_PLY + 3];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int static_evals[MAX_PLY + 1]; /* per ply of the current line; TT_NO_EVAL in check */
    bool in_check[MAX_PLY + 1];    /* per ply of the current line, set by the move that led there */
    int pv_len[MAX_PLY + 1];
    atomic_uint_fast64_t nodes;
    int seldepth;
    int completed_depth;
    Color root_stm;
    /* Root moves excluded from this search (MultiPV lines already reported). */
    Move excluded[MAX_MULTIPV];
    int excluded_nb;
    thrd_t thread;
} Worker;

struct Engine {
    TTable tt;
    int hash_mb, threads, multipv, skill, move_overhead, contempt, use_nnue;
    Network *net; /* read from EvalFile; NULL for none */
    Worker *workers;
    int worker_nb;
    EvalTables eval[2];
    const Variant *eval_variant[2];
    atomic_bool stop;
    atomic_int main_depth; /* the last depth worker 0 finished in this search */
    bool armed; /* engine_arm ran: the next search must not clear stop */
    SearchLimits limits;
    TimePlan time;
    uint64_t rng;
    SearchInfo lines[MAX_MULTIPV];
    uint8_t lmr[64][64];     /* late-move reductions: log(depth) * log(move number) / 2.2 */
    char tb_dir[1024];       /* TablebasePath; "" for none */
    struct TbSet *own_tb;    /* read from tb_dir for the variant last searched, as needed */
    struct TbSet *shared_tb; /* engine_share_tablebases' */
    struct TbSet *tb;        /* the tables this search probes: one of those two, or NULL */
};

/* n fresh workers in place of the old ones (which must be idle); false when out of memory. */
bool threads_resize(Engine *e, int n);
/* Nodes searched by every worker since threads_prepare. */
uint64_t threads_nodes(const Engine *e);
/* Forgets the move-ordering histories of every worker. */
void threads_clear_history(Engine *e);
/* Every worker at root, evaluating with net when not NULL, else with eval, counting from zero. */
void threads_prepare(Engine *e, const Position *root, const EvalTables *eval, const Network *net);
/* Runs fn on every helper worker (all but worker 0); returns how many workers run, worker 0
 * included, for threads_join. */
int threads_start_helpers(Engine *e, thrd_start_t fn);
void threads_join_helpers(Engine *e, int started);
/* Points e->tb at the tables of v: the shared set when it is v's, else the engine's own, read
 * anew when the variant changes (none without a TablebasePath). */
void tablebases_for(Engine *e, const Variant *v);

#endif
