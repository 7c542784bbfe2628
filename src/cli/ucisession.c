/*
 * UCI commands, with the Fairy-Stockfish convention for variants: option UCI_Variant picks the
 * game, `position fen` takes a PDTL (C'escacs) or FEN (Glinski), moves are written as `hexchess
 * moves` prints them. Input is never trusted: a token that is not understood gets one `info string
 * error` line naming it, and a `go` is always answered by exactly one bestmove.
 */
#include "ucisession.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine/baseline.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/tables/tbprobe.h"
#include "../core/util/quote.h"

struct UciSession {
    UciHooks hooks;
    Engine *engine;
    /* Protocol state: the game and the castling rule chosen through setoption. */
    const Variant *variant;
    bool castling;
    Position *pos;        /* set by `position` */
    Position *search_pos; /* where the last search started: its moves are written from here */
    SearchLimits limits;
    bool baseline;  /* answer `go` with the yardstick search instead of the engine */
    bool pondering; /* the search running is a `go ponder`: ponderhit ends it */
};

PRINTF_LIKE(2, 3) static void say(UciSession *s, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->hooks.write(s->hooks.ctx, line);
}

static const char *const delimiters = " \t\r";

static char *next_token(char **save)
{
    return strtok_r(NULL, delimiters, save);
}

/* Joins the tokens up to the token `until` (or the end) with single spaces, in place: a name or a
 * position written with odd spacing reads the same. NULL when there is none; *stop gets `until`'s
 * token, or NULL at the end of the line. */
static char *join_tokens(char **save, const char *until, char **stop)
{
    char *joined = NULL, *end = NULL, *t;
    while ((t = next_token(save)) && strcmp(t, until)) {
        size_t n = strlen(t);
        if (joined) {
            *end++ = ' ';
            memmove(end, t, n);
        } else {
            joined = end = t;
        }
        end += n;
        *end = 0;
    }
    *stop = t;
    return joined;
}

/* A token for an error message: quoted, or "nothing" at the end of the line. */
static const char *shown(char buf[QUOTE_BUF_SIZE + 2], const char *t)
{
    if (!t)
        return "nothing";
    buf[0] = '\'';
    quote(buf + 1, t);
    strcat(buf, "'");
    return buf;
}

/* Commands that take nothing still run when given something, but say what they ignored. */
static void expect_end(UciSession *s, const char *cmd, char **save)
{
    char *t = next_token(save);
    char q[QUOTE_BUF_SIZE + 2];
    if (t)
        say(s, "info string error: %s takes no arguments; ignored '%s'", cmd, quote(q, t));
}

static void print_info(const SearchInfo *info, void *ctx)
{
    UciSession *s = ctx;
    char line[8192];
    int n = snprintf(line, sizeof line,
                     "info depth %d seldepth %d multipv %d score %s %d nodes %llu nps %llu time %d hashfull %d pv",
                     info->depth, info->seldepth, info->multipv, info->is_mate ? "mate" : "cp",
                     info->is_mate ? info->mate_moves : info->score, (unsigned long long)info->nodes,
                     (unsigned long long)info->nps, info->time_ms, info->hashfull);
    /* The PV is written move by move from the searched position. */
    Position *p = s->search_pos;
    int played = 0;
    for (int i = 0; i < info->pv_len && n < (int)sizeof line - MOVE_TEXT_MAX - 2; i++) {
        char text[MOVE_TEXT_MAX];
        move_to_text(p, info->pv[i], text);
        n += snprintf(line + n, sizeof line - (size_t)n, " %s", text);
        pos_make(p, info->pv[i]);
        played++;
    }
    while (played--)
        pos_unmake(p);
    s->hooks.write(s->hooks.ctx, line);
}

void uci_session_search(UciSession *s)
{
    Position *copy = malloc(sizeof *copy);
    if (!copy) {
        say(s, "info string error: out of memory");
        say(s, "bestmove (none)");
        return;
    }
    memcpy(copy, s->search_pos, sizeof *copy);
    Move best;
    if (s->baseline) {
        SearchInfo info = {.multipv = 1, .depth = BASELINE_DEPTH, .pv_len = 1};
        best = baseline_search(copy, BASELINE_DEPTH, &info.score, &info.nodes);
        info.pv[0] = best;
        if (best != MOVE_NONE)
            print_info(&info, s);
    } else {
        best = engine_search(s->engine, copy, &s->limits, print_info, s);
    }
    free(copy);
    if (best == MOVE_NONE) {
        say(s, "bestmove (none)");
        return;
    }
    char text[MOVE_TEXT_MAX];
    move_to_text(s->search_pos, best, text);
    say(s, "bestmove %s", text);
}

SearchLimits *uci_session_limits(UciSession *s)
{
    return &s->limits;
}

/* Options the protocol keeps for itself: the engine searches whatever position it is given. */
typedef struct {
    const char *name;
    OptionType type; /* OPT_COMBO, OPT_CHECK or OPT_STRING */
    const char *default_value;
    /* What a change does, value checked as the type requires; false with a message in err. */
    bool (*changed)(UciSession *s, const char *value, char *err, size_t err_size);
} SessionOption;

/* The built-in variants' names, each after `before`. */
static void list_variants(char *buf, size_t size, const char *before)
{
    buf[0] = 0;
    for (const char *const *v = variant_names; *v; v++) {
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, "%s%s", before, *v);
    }
}

/* A new game of the session's variant: the position set up for the old one is meaningless. */
static void reset_position(UciSession *s)
{
    pos_set_start(s->pos, s->variant);
    s->pos->castling_allowed = s->pos->castling_allowed && s->castling;
}

static bool set_variant(UciSession *s, const char *value, char *err, size_t err_size)
{
    const Variant *v = value ? variant_find(value) : NULL;
    if (!v) {
        char q[QUOTE_BUF_SIZE], names[256];
        list_variants(names, sizeof names, " ");
        snprintf(err, err_size, "UCI_Variant takes one of%s, not '%s'", names, quote(q, value));
        return false;
    }
    s->variant = v;
    reset_position(s);
    return true;
}

static bool set_castling(UciSession *s, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    s->castling = !strcmp(value, "true");
    reset_position(s);
    return true;
}

static bool set_tablebases(UciSession *s, const char *value, char *err, size_t err_size)
{
    if (!engine_set_tablebases(s->engine, value ? value : "", err, (int)err_size))
        return false;
    /* The engine plays on without tables it cannot read: the GUI is told why. */
    if (value && *value && !tb_dir_check(value, err, (int)err_size))
        say(s, "info string warning: TablebasePath: %s", err);
    engine_load_tables(s->engine, s->pos);
    return true;
}

static bool set_eval_file(UciSession *s, const char *value, char *err, size_t err_size)
{
    return engine_set_eval_file(s->engine, value ? value : "", err, (int)err_size);
}

static const SessionOption session_options[] = {
    {"UCI_Variant", OPT_COMBO, NULL, set_variant}, /* the first built-in variant */
    {"CescacsCastling", OPT_CHECK, "true", set_castling},
    {"TablebasePath", OPT_STRING, "", set_tablebases}, /* the directory of hexchess tb gen */
    {"EvalFile", OPT_STRING, "", set_eval_file},       /* a network file (docs/nnue.md) */
};
enum { SESSION_OPTION_NB = sizeof session_options / sizeof session_options[0] };

static const char *default_of(const SessionOption *o)
{
    return o->default_value ? o->default_value : variant_names[0];
}

static void say_option(UciSession *s, const char *name, OptionType type, const char *default_value, int min, int max)
{
    switch (type) {
    case OPT_SPIN:
        say(s, "option name %s type spin default %s min %d max %d", name, default_value, min, max);
        break;
    case OPT_CHECK:
        say(s, "option name %s type check default %s", name, default_value);
        break;
    case OPT_BUTTON:
        say(s, "option name %s type button", name);
        break;
    case OPT_STRING:
        say(s, "option name %s type string default %s", name, default_value[0] ? default_value : "<empty>");
        break;
    case OPT_COMBO: {
        char vars[256];
        list_variants(vars, sizeof vars, " var ");
        say(s, "option name %s type combo default %s%s", name, default_value, vars);
        break;
    }
    }
}

static bool cmd_uci(UciSession *s, char **save)
{
    expect_end(s, "uci", save);
    say(s, "id name hexchess 1.0");
    say(s, "id author the hexchess developers");
    for (int i = 0; i < SESSION_OPTION_NB; i++)
        say_option(s, session_options[i].name, session_options[i].type, default_of(&session_options[i]), 0, 0);
    for (const EngineOption *o = engine_options; o->name; o++) {
        char number[16];
        say_option(s, o->name, o->type, engine_option_default_text(o, number, sizeof number), o->min, o->max);
    }
    say(s, "uciok");
    return true;
}

/* Sets a session option, or failing that an engine option; false with a message in err. */
static bool set_option(UciSession *s, const char *name, const char *value, char *err, size_t err_size)
{
    for (int i = 0; i < SESSION_OPTION_NB; i++) {
        const SessionOption *o = &session_options[i];
        if (!option_name_is(o->name, name))
            continue;
        if (o->type == OPT_CHECK && (!value || (strcmp(value, "true") && strcmp(value, "false")))) {
            char q[QUOTE_BUF_SIZE];
            snprintf(err, err_size, "option '%s' takes true or false, not '%s'", o->name, quote(q, value));
            return false;
        }
        return o->changed(s, value, err, err_size);
    }
    return engine_set_option(s->engine, name, value, err, (int)err_size);
}

void uci_session_reset_options(UciSession *s, bool keep_resources)
{
    char err[160];
    for (int i = 0; i < SESSION_OPTION_NB; i++)
        session_options[i].changed(s, default_of(&session_options[i]), err, sizeof err);
    for (const EngineOption *o = engine_options; o->name; o++) {
        /* A number whose change does more than store it resizes something (Hash, Threads). */
        bool resource = o->changed && o->type == OPT_SPIN;
        if (o->type == OPT_BUTTON || (keep_resources && resource))
            continue;
        char number[16];
        engine_set_option(s->engine, o->name, engine_option_default_text(o, number, sizeof number), err, sizeof err);
    }
}

static bool cmd_debug(UciSession *s, char **save)
{
    char *t = next_token(save);
    char q[QUOTE_BUF_SIZE + 2];
    if (!t || (strcmp(t, "on") && strcmp(t, "off")))
        say(s, "info string error: debug takes 'on' or 'off', got %s", shown(q, t));
    else
        expect_end(s, "debug", save);
    return true;
}

static bool cmd_isready(UciSession *s, char **save)
{
    expect_end(s, "isready", save);
    say(s, "readyok");
    return true;
}

static bool cmd_setoption(UciSession *s, char **save)
{
    char *t = next_token(save);
    char q[QUOTE_BUF_SIZE + 2];
    if (!t || strcmp(t, "name")) {
        say(s, "info string error: setoption needs 'name <option> [value <v>]', got %s", shown(q, t));
        return true;
    }
    char *value;
    char *name = join_tokens(save, "value", &value);
    if (!name) {
        say(s, "info string error: setoption needs an option name after 'name'");
        return true;
    }
    if (value) {
        /* The value is the rest of the line as written (a string option may hold spaces). */
        value = *save + strspn(*save, delimiters);
        value[strcspn(value, "\r")] = 0;
        for (size_t n = strlen(value); n && (value[n - 1] == ' ' || value[n - 1] == '\t'); n--)
            value[n - 1] = 0;
        if (!*value) {
            say(s, "info string error: setoption name %s: nothing after 'value'", quote(q, name));
            return true;
        }
    }
    char err[160];
    if (!set_option(s, name, value, err, sizeof err))
        say(s, "info string error: %s", err);
    return true;
}

static bool cmd_newgame(UciSession *s, char **save)
{
    expect_end(s, "ucinewgame", save);
    engine_new_game(s->engine);
    return true;
}

/* `position startpos|fen <text> [moves <move>...]`: all or nothing, the position stays as it was
 * unless every token is understood and every move legal. */
static bool cmd_position(UciSession *s, char **save)
{
    const Variant *v = s->variant;
    char *t = next_token(save);
    char q[QUOTE_BUF_SIZE + 2];
    const char *text = NULL;
    if (t && !strcmp(t, "startpos")) {
        text = "startpos";
        t = next_token(save);
    } else if (t && !strcmp(t, "fen")) {
        text = join_tokens(save, "moves", &t);
        if (!text) {
            say(s, "info string error: position fen needs a %s; position unchanged",
                v->desc->coords == COORDS_CTL ? "PDTL" : "FEN");
            return true;
        }
    } else {
        say(s, "info string error: position needs 'startpos' or 'fen <position>', got %s; position unchanged",
            shown(q, t));
        return true;
    }
    if (t && strcmp(t, "moves")) {
        say(s, "info string error: position: '%s' where 'moves' or the end was expected; position unchanged",
            quote(q, t));
        return true;
    }
    char err[256];
    Position *p = malloc(sizeof *p);
    if (!p) {
        say(s, "info string error: out of memory; position unchanged");
        return true;
    }
    if (!pos_from_text_castling(p, v, text, s->castling, err, sizeof err)) {
        say(s, "info string error: %s position: %s; position unchanged", v->desc->title, err);
        free(p);
        return true;
    }
    int n = 0;
    for (char *m = t ? next_token(save) : NULL; m; m = next_token(save)) {
        n++;
        /* The search needs room in the history after the last move. */
        if (p->ply >= MAX_SEARCHABLE_PLY) {
            say(s, "info string error: position: more than %d moves; position unchanged", n - 1);
            free(p);
            return true;
        }
        Move mv = move_from_text(p, m);
        if (mv == MOVE_NONE) {
            say(s, "info string error: position: move %d '%s' is not legal; position unchanged", n, quote(q, m));
            free(p);
            return true;
        }
        pos_make(p, mv);
    }
    memcpy(s->pos, p, sizeof *p);
    free(p);
    /* Before `go` starts the clock: the tables this position can reach are read now. */
    engine_load_tables(s->engine, s->pos);
    return true;
}

/* The numeric parameters of `go`. A number outside what the engine can carry out is clamped into
 * range: a clock below zero is an empty clock (move at once), a depth past the search's limit is
 * that limit. Only what cannot be read as a number is an error. */
enum { GO_WTIME, GO_BTIME, GO_WINC, GO_BINC, GO_MOVESTOGO, GO_DEPTH, GO_NODES, GO_MOVETIME, GO_MATE, GO_NUMBERS };
static const struct {
    const char *name;
    long long min, max;
} go_numbers[GO_NUMBERS] = {
    [GO_WTIME] = {"wtime", 0, INT_MAX},         [GO_BTIME] = {"btime", 0, INT_MAX},
    [GO_WINC] = {"winc", 0, INT_MAX},           [GO_BINC] = {"binc", 0, INT_MAX},
    [GO_MOVESTOGO] = {"movestogo", 0, INT_MAX}, [GO_DEPTH] = {"depth", 1, MAX_PLY - 1},
    [GO_NODES] = {"nodes", 1, LLONG_MAX},       [GO_MOVETIME] = {"movetime", 1, INT_MAX},
    [GO_MATE] = {"mate", 1, MAX_PLY / 2},
};

/* A decimal integer, clamped into [min, max] (strtoll itself saturates past long long). */
static bool read_number(const char *t, long long min, long long max, long long *out)
{
    char *end;
    if (!t)
        return false;
    long long n = strtoll(t, &end, 10);
    if (end == t || *end)
        return false;
    *out = n < min ? min : n > max ? max : n;
    return true;
}

static int go_number_index(const char *t)
{
    for (int i = 0; i < GO_NUMBERS; i++)
        if (!strcmp(t, go_numbers[i].name))
            return i;
    return -1;
}

static bool is_go_keyword(const char *t)
{
    return go_number_index(t) >= 0 || !strcmp(t, "infinite") || !strcmp(t, "ponder") || !strcmp(t, "searchmoves");
}

/* Reads the parameters of `go` into *l; false, with what was wrong in err, at the first that cannot
 * be read. searchmoves is read and checked but not carried out: the engine searches every move. */
static bool read_go(UciSession *s, char **save, SearchLimits *l, bool *ponder, char *err, size_t err_size)
{
    long long value[GO_NUMBERS];
    bool given[GO_NUMBERS] = {false};
    char q[QUOTE_BUF_SIZE + 2];
    bool searchmoves = false;
    char *t = next_token(save);
    while (t) {
        int i = go_number_index(t);
        if (i >= 0) {
            char *number = next_token(save);
            if (!read_number(number, go_numbers[i].min, go_numbers[i].max, &value[i])) {
                snprintf(err, err_size, "go %s needs a number, got %s", t, shown(q, number));
                return false;
            }
            given[i] = true;
        } else if (!strcmp(t, "infinite")) {
            l->infinite = true;
        } else if (!strcmp(t, "ponder")) {
            *ponder = true;
        } else if (!strcmp(t, "searchmoves")) {
            searchmoves = true;
            /* Its moves run up to the next parameter. */
            while ((t = next_token(save)) && !is_go_keyword(t))
                if (move_from_text(s->pos, t) == MOVE_NONE) {
                    snprintf(err, err_size, "go searchmoves: '%s' is not a legal move", quote(q, t));
                    return false;
                }
            continue;
        } else {
            snprintf(err, err_size, "go: unknown parameter '%s'", quote(q, t));
            return false;
        }
        t = next_token(save);
    }
    if (searchmoves)
        say(s, "info string searchmoves is not supported: every move is searched");
    l->time_ms[WHITE] = given[GO_WTIME] ? (int)value[GO_WTIME] : -1;
    l->time_ms[BLACK] = given[GO_BTIME] ? (int)value[GO_BTIME] : -1;
    l->inc_ms[WHITE] = given[GO_WINC] ? (int)value[GO_WINC] : 0;
    l->inc_ms[BLACK] = given[GO_BINC] ? (int)value[GO_BINC] : 0;
    l->movestogo = given[GO_MOVESTOGO] ? (int)value[GO_MOVESTOGO] : 0;
    l->depth = given[GO_DEPTH] ? (int)value[GO_DEPTH] : 0;
    l->nodes = given[GO_NODES] ? (uint64_t)value[GO_NODES] : 0;
    l->movetime_ms = given[GO_MOVETIME] ? (int)value[GO_MOVETIME] : 0;
    l->mate = given[GO_MATE] ? (int)value[GO_MATE] : 0;
    return true;
}

static bool cmd_go(UciSession *s, char **save)
{
    SearchLimits l;
    search_limits_init(&l);
    bool ponder = false;
    char err[QUOTE_BUF_SIZE + 64];
    if (!read_go(s, save, &l, &ponder, err, sizeof err)) {
        /* A GUI waits for the bestmove of every go: the one it gets is the quickest. */
        say(s, "info string error: %s; answered at depth 1", err);
        search_limits_init(&l);
        l.depth = 1;
        ponder = false;
    }
    bool timed = l.time_ms[s->pos->stm] >= 0;
    if (l.mate && !l.depth && !l.nodes && !l.movetime_ms && !timed)
        l.depth = 2 * l.mate + 1;
    /* Nothing to end the search (a bare go): it runs until stop, like go infinite. A ponder search
     * waits for ponderhit or stop. */
    if (ponder || (!l.depth && !l.nodes && !l.movetime_ms && !timed))
        l.infinite = true;
    s->limits = l;
    s->pondering = ponder;
    memcpy(s->search_pos, s->pos, sizeof *s->pos);
    if (!s->hooks.start(s->hooks.ctx, s)) {
        say(s, "info string error: cannot start the search");
        say(s, "bestmove (none)");
    }
    return true;
}

/* Pondering runs as an infinite search; ponderhit answers at once with what it found. */
static bool cmd_ponderhit(UciSession *s, char **save)
{
    expect_end(s, "ponderhit", save);
    if (s->pondering) {
        s->pondering = false;
        s->hooks.stop(s->hooks.ctx, s);
    }
    return true;
}

/* The search was stopped before the command ran (see uci_session_command). */
static bool cmd_stop(UciSession *s, char **save)
{
    expect_end(s, "stop", save);
    return true;
}

static bool cmd_quit(UciSession *s, char **save)
{
    expect_end(s, "quit", save);
    return false;
}

static bool cmd_show(UciSession *s, char **save)
{
    expect_end(s, "d", save);
    char text[POSITION_TEXT_MAX];
    pos_to_text(s->pos, text, sizeof text);
    say(s, "info string position %s", text);
    return true;
}

typedef struct {
    const char *name;
    bool (*run)(UciSession *s, char **save); /* false: the session ends */
    bool during_search;                      /* may run beside a search; anything else stops it first */
} UciCommand;

static const UciCommand uci_commands[] = {
    {"uci", cmd_uci, false},
    {"debug", cmd_debug, true},
    {"isready", cmd_isready, true},
    {"setoption", cmd_setoption, false},
    {"ucinewgame", cmd_newgame, false},
    {"position", cmd_position, false},
    {"go", cmd_go, false},
    {"ponderhit", cmd_ponderhit, true},
    {"stop", cmd_stop, false},
    {"quit", cmd_quit, false},
    {"d", cmd_show, true},
};

bool uci_session_command(UciSession *s, char *line, size_t len)
{
    char q[QUOTE_BUF_SIZE + 2];
    if (memchr(line, 0, len)) {
        say(s, "info string error: command '%s' holds a NUL byte; ignored", quote_bytes(q, line, len));
        return true;
    }
    char *save;
    char *cmd = strtok_r(line, delimiters, &save);
    if (!cmd)
        return true;
    const UciCommand *c = NULL;
    for (size_t i = 0; i < sizeof uci_commands / sizeof uci_commands[0] && !c; i++)
        if (!strcmp(cmd, uci_commands[i].name))
            c = &uci_commands[i];
    if (!c) {
        say(s, "info string error: unknown command '%s'", quote(q, cmd));
        return true;
    }
    if (!c->during_search) {
        s->pondering = false;
        s->hooks.stop(s->hooks.ctx, s);
    }
    return c->run(s, &save);
}

UciSession *uci_session_new(const UciHooks *hooks, bool baseline)
{
    UciSession *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->hooks = *hooks;
    s->baseline = baseline;
    s->engine = engine_new();
    s->pos = malloc(sizeof *s->pos);
    s->search_pos = malloc(sizeof *s->search_pos);
    if (!s->engine || !s->pos || !s->search_pos) {
        uci_session_free(s);
        return NULL;
    }
    s->variant = variant_find(variant_names[0]);
    s->castling = true;
    reset_position(s);
    return s;
}

void uci_session_free(UciSession *s)
{
    if (!s)
        return;
    if (s->engine)
        engine_free(s->engine);
    free(s->pos);
    free(s->search_pos);
    free(s);
}

Engine *uci_session_engine(UciSession *s)
{
    return s->engine;
}
