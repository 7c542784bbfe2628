/*
 * UCI front end, with the Fairy-Stockfish convention for variants: option UCI_Variant picks the
 * game, `position fen` takes a PDTL (C'escacs) or FEN (Glinski), moves are written as
 * `hexchess moves` prints them. A malformed command gets an `info string` error, never a crash.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "../core/baseline.h"
#include "../core/notation.h"
#include "../core/postext.h"
#include "../core/search.h"
#include "cli.h"
#include "../core/quote.h"

typedef struct {
    Engine *engine;
    Position *pos;
    Position *search_pos;
    SearchLimits limits;
    thrd_t thread;
    bool searching;
    bool baseline; /* answer `go` with the yardstick search instead of the engine */
    mtx_t out;
} Uci;

static void say(Uci *u, const char *fmt, ...)
{
    va_list ap;
    mtx_lock(&u->out);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    mtx_unlock(&u->out);
}

static void print_info(const SearchInfo *info, void *ctx)
{
    Uci *u = ctx;
    char line[8192];
    int n = snprintf(line, sizeof line, "info depth %d seldepth %d multipv %d score %s %d nodes %llu nps %llu time %d hashfull %d pv",
                     info->depth, info->seldepth, info->multipv, info->is_mate ? "mate" : "cp",
                     info->is_mate ? info->mate_moves : info->score, (unsigned long long)info->nodes,
                     (unsigned long long)info->nps, info->time_ms, info->hashfull);
    /* The PV is written move by move from the searched position. */
    Position *p = u->search_pos;
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
    say(u, "%s", line);
}

static int search_thread(void *arg)
{
    Uci *u = arg;
    Position *copy = malloc(sizeof *copy);
    if (!copy) {
        say(u, "info string error: out of memory");
        say(u, "bestmove (none)");
        return 0;
    }
    memcpy(copy, u->search_pos, sizeof *copy);
    Move best;
    if (u->baseline) {
        SearchInfo info = {.multipv = 1, .depth = BASELINE_DEPTH, .pv_len = 1};
        best = baseline_search(copy, BASELINE_DEPTH, &info.score, &info.nodes);
        info.pv[0] = best;
        if (best != MOVE_NONE)
            print_info(&info, u);
    } else {
        best = engine_search(u->engine, copy, &u->limits, print_info, u);
    }
    free(copy);
    if (best == MOVE_NONE) {
        say(u, "bestmove (none)");
        return 0;
    }
    char text[MOVE_TEXT_MAX];
    move_to_text(u->search_pos, best, text);
    say(u, "bestmove %s", text);
    return 0;
}

static void wait_search(Uci *u)
{
    if (u->searching) {
        thrd_join(u->thread, NULL);
        u->searching = false;
    }
}

static void cmd_uci(Uci *u)
{
    say(u, "id name hexchess 1.0");
    say(u, "id author the hexchess developers");
    for (const EngineOption *o = engine_options; o->name; o++) {
        switch (o->type) {
        case OPT_SPIN:
            say(u, "option name %s type spin default %s min %d max %d", o->name, o->default_value, o->min, o->max);
            break;
        case OPT_CHECK:
            say(u, "option name %s type check default %s", o->name, o->default_value);
            break;
        case OPT_BUTTON:
            say(u, "option name %s type button", o->name);
            break;
        case OPT_STRING:
            say(u, "option name %s type string default %s", o->name, o->default_value);
            break;
        case OPT_COMBO: {
            char vars[128] = "";
            char copy[128];
            snprintf(copy, sizeof copy, "%s", o->combo_values);
            for (char *s = strtok(copy, " "); s; s = strtok(NULL, " ")) {
                strncat(vars, " var ", sizeof vars - strlen(vars) - 1);
                strncat(vars, s, sizeof vars - strlen(vars) - 1);
            }
            say(u, "option name %s type combo default %s%s", o->name, o->default_value, vars);
            break;
        }
        }
    }
    say(u, "uciok");
}

static void cmd_setoption(Uci *u, char *args)
{
    char *name = strstr(args, "name ");
    if (!name) {
        say(u, "info string error: setoption needs 'name <option> [value <v>]'");
        return;
    }
    name += 5;
    char *value = strstr(name, " value ");
    if (value) {
        *value = 0;
        value += 7;
    }
    char err[160];
    if (!engine_set_option(u->engine, name, value, err, sizeof err))
        say(u, "info string error: %s", err);
    else if (!strcmp(name, "UCI_Variant") || !strcmp(name, "CescacsCastling")) {
        pos_set_start(u->pos, variant_find(engine_variant(u->engine)));
        u->pos->castling_allowed = u->pos->castling_allowed && engine_castling(u->engine);
    }
}

static void cmd_position(Uci *u, char *args)
{
    const Variant *v = variant_find(engine_variant(u->engine));
    char *moves = strstr(args, " moves");
    if (moves) {
        *moves = 0;
        moves += 6;
    }
    while (*args == ' ')
        args++;
    const char *text;
    if (!strncmp(args, "startpos", 8))
        text = "startpos";
    else if (!strncmp(args, "fen ", 4))
        text = args + 4;
    else {
        char q[QUOTE_BUF_SIZE];
        say(u, "info string error: position needs 'startpos' or 'fen <position>', got '%s'", quote(q, args));
        return;
    }
    char err[256];
    Position *p = malloc(sizeof *p);
    if (!p)
        return;
    if (!pos_from_text(p, v, text, err, sizeof err)) {
        say(u, "info string error: bad %s position: %s", v->desc->title, err);
        free(p);
        return;
    }
    p->castling_allowed = p->castling_allowed && engine_castling(u->engine);
    int n = 0;
    for (char *m = moves ? strtok(moves, " \t") : NULL; m; m = strtok(NULL, " \t")) {
        n++;
        Move mv = move_from_text(p, m);
        if (mv == MOVE_NONE || p->ply >= MAX_GAME_PLY - MAX_PLY - 1) {
            char q[QUOTE_BUF_SIZE];
            say(u, "info string error: move %d '%s' is not legal; position unchanged", n, quote(q, m));
            free(p);
            return;
        }
        pos_make(p, mv);
    }
    memcpy(u->pos, p, sizeof *p);
    free(p);
}

static bool read_int(char **save, int *out)
{
    char *t = strtok_r(NULL, " \t", save);
    char *end;
    if (!t)
        return false;
    long n = strtol(t, &end, 10);
    if (*end || n < -1000000000L || n > 1000000000L)
        return false;
    *out = (int)n;
    return true;
}

static void cmd_go(Uci *u, char *args)
{
    wait_search(u);
    SearchLimits l;
    search_limits_init(&l);
    char *save;
    for (char *t = strtok_r(args, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        int n = 0;
        bool ok = true;
        if (!strcmp(t, "infinite"))
            l.infinite = true;
        else if (!strcmp(t, "ponder"))
            continue;
        else if (!strcmp(t, "depth"))
            ok = read_int(&save, &l.depth) && l.depth > 0;
        else if (!strcmp(t, "nodes"))
            ok = read_int(&save, &n) && n > 0, l.nodes = (uint64_t)n;
        else if (!strcmp(t, "movetime"))
            ok = read_int(&save, &l.movetime_ms) && l.movetime_ms > 0;
        else if (!strcmp(t, "wtime"))
            ok = read_int(&save, &l.time_ms[WHITE]);
        else if (!strcmp(t, "btime"))
            ok = read_int(&save, &l.time_ms[BLACK]);
        else if (!strcmp(t, "winc"))
            ok = read_int(&save, &l.inc_ms[WHITE]);
        else if (!strcmp(t, "binc"))
            ok = read_int(&save, &l.inc_ms[BLACK]);
        else if (!strcmp(t, "movestogo"))
            ok = read_int(&save, &l.movestogo);
        else if (!strcmp(t, "mate"))
            ok = read_int(&save, &l.mate) && l.mate > 0;
        else {
            char q[QUOTE_BUF_SIZE];
            say(u, "info string error: unknown go parameter '%s'", quote(q, t));
            return;
        }
        if (!ok) {
            say(u, "info string error: go %s needs a positive number", t);
            return;
        }
    }
    if (l.mate && !l.depth && !l.nodes && !l.movetime_ms && l.time_ms[u->pos->stm] < 0)
        l.depth = 2 * l.mate + 1;
    u->limits = l;
    memcpy(u->search_pos, u->pos, sizeof *u->pos);
    /* A `stop` read before the search thread gets going must still stop it. */
    engine_arm(u->engine);
    if (thrd_create(&u->thread, search_thread, u) != thrd_success) {
        say(u, "info string error: cannot start the search thread");
        return;
    }
    u->searching = true;
}

static void cmd_isready(Uci *u, char *args)
{
    (void)args;
    say(u, "readyok");
}

static void cmd_newgame(Uci *u, char *args)
{
    (void)args;
    engine_new_game(u->engine);
}

static void cmd_show(Uci *u, char *args)
{
    (void)args;
    char text[POSITION_TEXT_MAX];
    pos_to_text(u->pos, text, sizeof text);
    say(u, "info string position %s", text);
}

static void cmd_uci_args(Uci *u, char *args)
{
    (void)args;
    cmd_uci(u);
}

typedef struct {
    const char *name;
    void (*run)(Uci *u, char *args);
    bool during_search; /* allowed while a search runs; anything else stops it first */
} UciCommand;

static const UciCommand uci_commands[] = {
    {"uci", cmd_uci_args, false},      {"isready", cmd_isready, true}, {"setoption", cmd_setoption, false},
    {"ucinewgame", cmd_newgame, false}, {"position", cmd_position, false}, {"go", cmd_go, false},
    {"d", cmd_show, true},
};

int cmd_uci_loop(const CliOptions *opts)
{
    Uci u = {0};
    for (int i = 0; i < opts->argc; i++) {
        if (strcmp(opts->argv[i], "--baseline")) {
            char q[QUOTE_BUF_SIZE];
            fprintf(stderr, "hexchess uci: unknown argument '%s' (see hexchess uci --help)\n", quote(q, opts->argv[i]));
            return 2;
        }
        u.baseline = true;
    }
    u.engine = engine_new();
    u.pos = malloc(sizeof *u.pos);
    u.search_pos = malloc(sizeof *u.search_pos);
    if (!u.engine || !u.pos || !u.search_pos) {
        fprintf(stderr, "hexchess uci: out of memory\n");
        return 1;
    }
    mtx_init(&u.out, mtx_plain);
    pos_set_start(u.pos, variant_find(engine_variant(u.engine)));
    char line[65536];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            say(&u, "info string error: command longer than %zu bytes ignored", sizeof line - 2);
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            continue;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *cmd = line + strspn(line, " \t");
        char *args = cmd + strcspn(cmd, " \t");
        if (*args)
            *args++ = 0;
        if (!*cmd || !strcmp(cmd, "ponderhit"))
            continue;
        if (!strcmp(cmd, "quit"))
            break;
        if (!strcmp(cmd, "stop")) {
            engine_stop(u.engine);
            wait_search(&u);
            continue;
        }
        const UciCommand *c = NULL;
        for (size_t i = 0; i < sizeof uci_commands / sizeof uci_commands[0]; i++)
            if (!strcmp(cmd, uci_commands[i].name))
                c = &uci_commands[i];
        if (!c) {
            char q[QUOTE_BUF_SIZE];
            say(&u, "info string error: unknown command '%s'", quote(q, cmd));
            continue;
        }
        if (u.searching && !c->during_search) {
            engine_stop(u.engine);
            wait_search(&u);
        }
        c->run(&u, args);
    }
    /* At the end of piped input a bounded search still finishes; `quit` or an infinite one stops. */
    if (feof(stdin) && u.searching && !u.limits.infinite)
        wait_search(&u);
    engine_stop(u.engine);
    wait_search(&u);
    engine_free(u.engine);
    free(u.pos);
    free(u.search_pos);
    mtx_destroy(&u.out);
    return 0;
}
