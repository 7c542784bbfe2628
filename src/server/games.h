/*
 * A game the server holds: its position, move list, the arbiter's verdict and its engine worker,
 * and the operations on it (create, move, undo, resign, draw, analyse), each saved at once. Every
 * operation takes a game acquired (locked) from the game cache (gamecache.h).
 */
#ifndef HEXCHESS_GAMES_H
#define HEXCHESS_GAMES_H

#include <pthread.h>

#include "../core/notation/movetext.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/status.h"
#include "clock.h"
#include "store.h"

typedef struct Worker Worker;
typedef struct ServerGame ServerGame;

/* What others watching a game must hear of at once (events.h carries it to them). */
typedef enum {
    GAME_EVENT_MOVE,
    GAME_EVENT_TAKEBACK, /* action "request", "decline" or "done" */
    GAME_EVENT_DRAW,     /* action "offer" or "decline" */
    GAME_EVENT_END,
    GAME_EVENT_REMATCH,
    GAME_EVENT_ANALYSIS
} GameEventKind;

typedef struct {
    GameEventKind kind;
    const char *action; /* NULL when the kind says it all */
    int side;           /* the side that acted (asked, offered, declined, moved); -1 none */
} GameEvent;

typedef struct {
    /* Called with the game locked, after the change is saved. */
    void (*on_event)(void *ctx, ServerGame *g, const GameEvent *e);
    void *ctx;
} GameHooks;

/* One played move and what the board looked like after it. */
typedef struct {
    Move move;
    char text[MOVE_TEXT_MAX]; /* bare notation, as `hexchess moves` writes it */
    char display[64];         /* as the move list shows it (check and mate marks) */
    char *position;           /* PDTL / FEN after the move */
    char board[MAX_CELLS + 1];
    uint8_t from, to;
    bool check;
    int64_t clock_before[COLOR_NB]; /* what each side had just before the ply (ms), which a take-back
                                       gives back; -1: not known (a game given with its moves) */
} Ply;

enum { PV_TEXT_MAX = 400 };
/* A client (an address), and a signed-in player from any address, may have analyses waiting or
 * running on this many games at once: no one fills the engines' queue (docs/limits.md). */
enum { ANALYST_MAX = 64, ANALYSES_PER_CLIENT = 2 };

/* Who asked for an analysis: the client's address and the signed-in player ("" for a guest). */
typedef struct {
    char address[ANALYST_MAX];
    char player[ANALYST_MAX];
} Analyst;

/* A move as an analysis shows it: bare, for programs, and in the game's notation, for people. */
typedef struct {
    char text[MOVE_TEXT_MAX]; /* "" for none */
    char display[MOVETEXT_MAX];
    uint8_t from, to;
} ShownMove;

typedef struct {
    unsigned serial; /* which request this is */
    bool requested;  /* a search was asked for and has not finished */
    bool running;
    int ply;        /* the position analysed: after this many plies of the game */
    int depth, seldepth;
    int score;      /* centipawns from White's view */
    bool is_mate;
    int mate_moves; /* signed, from White's view */
    uint64_t nodes;
    int time_ms;
    int movetime_ms;
    char pv[PV_TEXT_MAX];         /* bare notation, as `legal` writes moves */
    char pv_display[PV_TEXT_MAX]; /* the game's notation with check marks, as the move list */
    ShownMove best;
    /* The endgame tables' verdict (serve --tablebases) from the side to move: a tbfile.h value,
     * TB_ILLEGAL (0) when they do not hold the position, and their best move. */
    uint16_t tb_value;
    ShownMove tb_best;
} Analysis;

struct ServerGame {
    StoredGame rec; /* what the store keeps (rec.moves follows the plies, rec.version every change) */
    Store *store;
    const Variant *v;
    Position *pos;
    char start_board[MAX_CELLS + 1];
    char *start_text;
    Ply *plies;
    int ply_count, ply_cap;
    Verdict verdict;  /* the arbiter's; rec.result and rec.reason are its text as stored */
    GameClock clock;  /* rec's clock fields are its reading at the last save */
    const GameHooks *hooks; /* NULL: nobody listens */
    /* engine */
    Worker *worker;
    bool thinking;
    int draw_reply;   /* -1 none, else the colour whose draw offer the engine is weighing */
    Analysis analysis;
    Analyst analyst; /* who asked for the analysis */
    /* the game's JSON as last sent, and what it showed (api.c) */
    char *json;
    uint64_t json_key[4];
    /* the store holds a later version of the game, saved by another server on the same database: this
     * copy is dropped when released (gamecache.c), and the change that found it out was refused */
    bool stale;
    /* bookkeeping of the cache */
    pthread_mutex_t lock;
    pthread_cond_t cond; /* wakes the worker */
    int refs;
    uint64_t last_used;
};

/* Why an operation failed, one value per cause: api.c answers each with its status and code.
 * GE_FORBIDDEN: the request holds no seat it may act for; GE_WRONG_SEAT: it holds the other one
 * (api.c checks the seats). */
typedef enum {
    GE_OK,
    GE_BAD_REQUEST,
    GE_FORBIDDEN,
    GE_WRONG_SEAT,
    GE_NOT_YOUR_TURN,
    GE_NOT_FOUND,
    GE_IN_USE,
    GE_GAME_OVER,
    GE_ENGINE_TURN,
    GE_ENGINE_SIDE,
    GE_ENGINE_THINKING,
    GE_TOO_LONG,
    GE_STALE, /* this process's copy is older than the stored game (another process changed it) */
    GE_TOO_LATE_TO_ABORT,
    GE_NO_OFFER,
    GE_OFFER_PENDING,
    GE_NOTHING_TO_TAKE_BACK,
    GE_NO_CLAIM,
    GE_NOTHING_TO_ANALYSE,
    GE_TOO_MANY_ANALYSES,
    GE_ILLEGAL,
    GE_INTERNAL,
    GE_COUNT
} GameError;

typedef struct {
    const char *variant;
    const char *position; /* NULL or "startpos" for the set-up */
    bool castling;
    bool engine[2];
    int level;
    int movetime_ms;
    const char *moves; /* bare moves, space separated, to replay (import); may be NULL */
    const char *tags;
    const char *result, *reason; /* of an imported game that ended off the board; may be NULL */
    int time_base_ms, time_inc_ms; /* base 0: untimed */
    const char *seat_hash[2];      /* each seat's token hash (seats.h); NULL or "" for none */
    const char *watch_key;         /* an unlisted game's (seats.h); NULL or "" for a public game */
    const char *player[2];         /* the signed-in player each seat is bound to; NULL or "" for none */
    bool rated;
} GameSpec;

/* A game rebuilt from its stored record (replayed, its verdict and clock read back); NULL with a
 * message when the record does not replay. Takes rec's moves, tags and clock history. A clock that
 * was running counts the time since it was saved (store_restart_clocks moved that save past the
 * server's downtime). Moves after the end of the game by the rules are an error when left_out is
 * NULL (a new game); else the replay stops there and *left_out counts them, so that a game stored
 * before they were refused still loads. */
ServerGame *sgame_build(Store *store, StoredGame *rec, int *left_out, char *err, int err_size);
/* A new game from its spec, saved in the store, without its engine; NULL with a message in err. */
ServerGame *sgame_create(Store *store, const GameSpec *spec, GameError *ge, char *err, int err_size);
void sgame_destroy(ServerGame *g);

/* The operations, on an acquired game; each returns GE_OK or an error with a message. */
GameError sgame_play(ServerGame *g, const char *move_text, char *err, int err_size);
/* A take-back: side asks to take back its last move (and the reply to it); the opponent accepts or
 * declines. Against the engine it is done at once. */
typedef enum { TAKEBACK_REQUEST, TAKEBACK_ACCEPT, TAKEBACK_DECLINE } TakebackAction;
GameError sgame_takeback(ServerGame *g, TakebackAction action, Color side, char *err, int err_size);
GameError sgame_resign(ServerGame *g, Color side, char *err, int err_size);
/* Either player calls the game off before each side has moved: over, no result, not rated. */
GameError sgame_abort(ServerGame *g, char *err, int err_size);
typedef enum { DRAW_OFFER, DRAW_ACCEPT, DRAW_DECLINE, DRAW_CLAIM } DrawAction;
GameError sgame_draw(ServerGame *g, DrawAction action, Color side, char *err, int err_size);
/* Analyses the position after `ply` plies (0 to the game's length; a finished game too); movetime_ms
 * is at least 50 (the caller checks both; the worker caps the time). */
GameError sgame_analyse(ServerGame *g, int ply, int movetime_ms, const Analyst *who, char *err, int err_size);
/* The engine's search for its move on a clock starts: its clock runs from now (it stood still while
 * the move waited for a free engine). */
void sgame_engine_clock_start(ServerGame *g);
void sgame_stop_analysis(ServerGame *g);
/* Lets the flag of the running clock fall when its time is up; true when it fell now. Every
 * operation calls it first, and the flag timer when the deadline passes. */
bool sgame_check_flag(ServerGame *g);
/* When the running clock's flag falls (monotonic ms, clock.h), or -1. */
int64_t sgame_flag_deadline(const ServerGame *g);
/* The spec of a finished game's rematch: the same game with the colours (seats and engine) swapped. */
void sgame_rematch_spec(const ServerGame *g, GameSpec *spec);
void sgame_set_rematch(ServerGame *g, int64_t rematch_id);
/* Tells the listeners (analysis progress comes from the worker). */
void sgame_notify(ServerGame *g, GameEventKind kind, const char *action, int side);

/* Applies an engine move found for `version`; ignored when the game changed meanwhile. */
void sgame_engine_move(ServerGame *g, Move m, uint64_t version);
/* The engine's answer to a draw offer. */
void sgame_engine_draw_reply(ServerGame *g, bool accept, uint64_t version);
/* Is the side to move played by the engine (and the game still on)? */
bool sgame_engine_to_move(const ServerGame *g);

bool sgame_over(const ServerGame *g);
/* "White wins by stalemate" etc., or "" while the game goes on. */
void sgame_result_text(const ServerGame *g, char *buf, int size);
/* Copies into p the game's position as it stood after `ply` plies (0 to ply_count). */
void sgame_position_at(const ServerGame *g, int ply, Position *p);
/* The board as a string: one character a hex, '.' when empty, upper case White. */
void sgame_board_string(const Position *p, char *out);

#endif
