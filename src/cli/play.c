/* `hexchess play`: either game on a terminal board, against the engine or another person. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/engine/search.h"
#include "../core/notation/gamefile.h"
#include "../core/notation/movetext.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/movegen.h"
#include "../core/rules/status.h"
#include "../core/tables/tbprobe.h"
#include "../core/util/quote.h"
#include "cli.h"
#include "input.h"
#include "values.h"

typedef struct {
    const Variant *v;
    Position *start; /* the position the game started from */
    Position *pos;
    bool engine[COLOR_NB];
    int level, movetime_ms;
    bool color; /* ANSI colours */
    bool flipped;
    Verdict ended; /* an ending the players made (resignation, a claim...); OUTCOME_NONE else */
    Engine *engine_handle;
    const char *tb_dir; /* --tablebases: the engine's tables and the hint's; NULL for none */
    TbSet *tb;          /* of the variant played (a loaded game may change it); see tables() */
} Play;

/* Longer than any command, move or sensible file name: a longer line is refused whole. */
enum { PLAY_LINE_MAX = 4096 };

/* 256-colour backgrounds of the three hex shades, and of the last move and a checked king. */
enum { BG_LIGHT = 223, BG_MEDIUM = 180, BG_DARK = 137, BG_LAST = 150, BG_CHECK = 203 };

static int shade_bg(const Variant *v, int cell)
{
    static const int bg[SHADE_NB] = {[SHADE_LIGHT] = BG_LIGHT, [SHADE_MEDIUM] = BG_MEDIUM, [SHADE_DARK] = BG_DARK};
    return bg[v->desc->shades[v->geo.colour[cell]]];
}

/* Each hex is 4 characters wide and 2 rows high; columns interleave by half a hex, as on the board. */
static void draw_board(const Play *pl)
{
    const Variant *v = pl->v;
    const Geometry *g = &v->geo;
    const Position *p = pl->pos;
    int last_from = -1, last_to = -1;
    if (p->ply > 0) {
        Move m = p->hist[p->ply - 1].move;
        last_from = move_from(m);
        last_to = move_to(m);
    }
    int check_cell = pos_in_check(p) ? p->king[p->stm] : -1;
    int rows = g->lines + 1;
    printf("\n      ");
    for (int c = 0; c < g->columns; c++) {
        int col = pl->flipped ? g->columns - 1 - c : c;
        printf(" %c  ", v->desc->column_names[col]);
    }
    printf("\n");
    for (int r = 0; r < rows; r++) {
        char left[8] = "", right[8] = "";
        char line[2048];
        int len = 0;
        for (int c = 0; c < g->columns; c++) {
            int col = pl->flipped ? g->columns - 1 - c : c;
            /* The hex whose top half is row r, or whose bottom half is. */
            int top_line = pl->flipped ? r : g->lines - 1 - r;
            int cell = geometry_cell(g, col, top_line);
            bool top = cell != NO_CELL;
            if (!top)
                cell = geometry_cell(g, col, pl->flipped ? r - 1 : top_line + 1);
            if (cell == NO_CELL || cell < 0) {
                len += snprintf(line + len, sizeof line - (size_t)len, "    ");
                continue;
            }
            if (top && !left[0])
                variant_cell_name(v, cell, left);
            if (top)
                variant_cell_name(v, cell, right);
            int bg = cell == check_cell ? BG_CHECK : (cell == last_from || cell == last_to) ? BG_LAST : shade_bg(v, cell);
            Piece pc = p->board[cell];
            char sym = ' ';
            if (top && pc) {
                char l = variant_piece_letter(v, piece_type(pc));
                sym = piece_color(pc) == WHITE ? (char)(l & ~0x20) : (char)(l | 0x20);
            } else if (top && !pl->color) {
                sym = '.';
            }
            if (pl->color) {
                int fg = pc && piece_color(pc) == WHITE ? 231 : 16;
                len += snprintf(line + len, sizeof line - (size_t)len, "\x1b[48;5;%dm\x1b[1;38;5;%dm %c  \x1b[0m", bg,
                                fg, sym);
            } else {
                bool mark = top && (cell == last_to || cell == check_cell);
                len += snprintf(line + len, sizeof line - (size_t)len, top ? (mark ? "[%c] " : "<%c> ") : "    ",
                                sym);
            }
        }
        printf("%5s %s %s\n", left, line, right);
    }
    printf("      ");
    for (int c = 0; c < g->columns; c++) {
        int col = pl->flipped ? g->columns - 1 - c : c;
        printf(" %c  ", v->desc->column_names[col]);
    }
    printf("\n\n");
}

/* A move about to be played, in the variant's notation with its own letters. */
static void write_move(Play *pl, Move m, char text[MOVETEXT_MAX])
{
    Letters letters;
    letters_default(&letters, pl->v);
    movetext_write(pl->pos, m, STYLE_STANDARD, &letters, text);
}

static void print_moves(Play *pl)
{
    /* Replay from the start to write each move in the variant's notation. */
    Position *q = malloc(sizeof *q);
    if (!q)
        return;
    memcpy(q, pl->start, sizeof *q);
    Letters letters;
    letters_default(&letters, pl->v);
    for (int i = 0; i < pl->pos->ply; i++) {
        char text[MOVETEXT_MAX];
        Move m = pl->pos->hist[i].move;
        movetext_write(q, m, STYLE_STANDARD, &letters, text);
        if (q->stm == WHITE || i == 0)
            printf("%s%d.%s ", i ? "\n" : "", q->fullmove ? q->fullmove : i / 2 + 1, q->stm == BLACK ? " ..." : "");
        printf("%s ", text);
        pos_make(q, m);
    }
    if (pl->pos->ply)
        printf("\n");
    free(q);
}

/* The players' ending, else the board's; false while the game goes on. */
static bool game_over(Play *pl, Verdict *out)
{
    if (pl->ended.outcome != OUTCOME_NONE)
        *out = pl->ended;
    else
        arbiter_judge(pl->pos, out);
    return out->outcome != OUTCOME_NONE;
}

static void print_status(Play *pl)
{
    Verdict verdict;
    if (game_over(pl, &verdict)) {
        char text[96];
        verdict_text(pl->v, &verdict, text, (int)sizeof text);
        printf("Game over: %s, %s. (undo, new, save FILE or quit)\n", text, outcome_text(pl->v, verdict.outcome));
        return;
    }
    printf("%s to move%s", pl->pos->stm == WHITE ? "White" : "Black",
           pos_check_kind(pl->pos) != CHECK_NONE ? ", check" : "");
    if (verdict.claimable != DRAW_NONE) {
        char name[32];
        draw_name(pl->v, verdict.claimable, true, name, (int)sizeof name);
        printf(" (a %s draw may be claimed: 'claim')", name);
    }
    printf(".\n");
}

/* The tables of the variant played, read once for the engine and the hint; NULL without. */
static TbSet *tables(Play *pl)
{
    if (pl->tb && tbset_variant(pl->tb) != pl->v) {
        tbset_free(pl->tb);
        pl->tb = NULL;
    }
    if (!pl->tb && pl->tb_dir)
        pl->tb = tbset_new(pl->v, pl->tb_dir);
    return pl->tb;
}

static Move engine_pick(Play *pl, bool quiet)
{
    if (!pl->engine_handle) {
        pl->engine_handle = engine_new();
        if (!pl->engine_handle) {
            fprintf(stderr, "hexchess play: no memory for the engine\n");
            return MOVE_NONE;
        }
    }
    char val[16], err[128];
    snprintf(val, sizeof val, "%d", pl->level);
    engine_set_option(pl->engine_handle, "Skill Level", val, err, sizeof err);
    engine_share_tablebases(pl->engine_handle, tables(pl));
    SearchLimits lim;
    search_limits_init(&lim);
    lim.movetime_ms = pl->movetime_ms;
    if (!quiet) {
        printf("The engine is thinking...\n");
        fflush(stdout);
    }
    Position *copy = malloc(sizeof *copy);
    if (!copy)
        return MOVE_NONE;
    memcpy(copy, pl->pos, sizeof *copy);
    Move m = engine_search(pl->engine_handle, copy, &lim, NULL, NULL);
    free(copy);
    return m;
}

static void new_game(Play *pl, const Position *from)
{
    memcpy(pl->start, from, sizeof *pl->start);
    memcpy(pl->pos, from, sizeof *pl->pos);
    pl->ended = (Verdict){OUTCOME_NONE, END_NONE, DRAW_NONE};
    if (pl->engine_handle)
        engine_new_game(pl->engine_handle);
}

/* An in-game error: one line on standard error (the game goes on). */
PRINTF_LIKE(1, 2) static void complain(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Plays a move unless the game would outgrow the room an engine search needs. */
static bool play_move(Play *pl, Move m)
{
    if (pl->pos->ply >= MAX_SEARCHABLE_PLY) {
        complain("The game is too long: %d plies at most.", MAX_SEARCHABLE_PLY);
        return false;
    }
    pos_make(pl->pos, m);
    return true;
}

static void save_game(Play *pl, const char *file)
{
    GameFile f = {.variant = pl->v, .castling = pl->pos->castling_allowed};
    pos_to_text(pl->start, f.start, sizeof f.start);
    char q[QUOTE_BUF_SIZE];
    Verdict verdict;
    game_over(pl, &verdict);
    snprintf(f.result, sizeof f.result, "%s", outcome_text(pl->v, verdict.outcome));
    char tags[64];
    snprintf(tags, sizeof tags, "White=%s\nBlack=%s\n", pl->engine[WHITE] ? "hexchess" : "Player",
             pl->engine[BLACK] ? "hexchess" : "Player");
    f.tags = tags;
    size_t cap = (size_t)pl->pos->ply * MOVE_TEXT_MAX + 1, len = 0;
    f.moves = malloc(cap);
    Position *replay = malloc(sizeof *replay);
    if (!f.moves || !replay) {
        free(f.moves);
        free(replay);
        complain("save: out of memory");
        return;
    }
    f.moves[0] = 0;
    memcpy(replay, pl->start, sizeof *replay);
    for (int i = 0; i < pl->pos->ply; i++) {
        char mv[MOVE_TEXT_MAX];
        move_to_text(replay, pl->pos->hist[i].move, mv);
        len += (size_t)snprintf(f.moves + len, cap - len, i ? " %s" : "%s", mv);
        pos_make(replay, pl->pos->hist[i].move);
    }
    free(replay);
    char *text = gamefile_write(&f);
    free(f.moves);
    FILE *out = text ? fopen(file, "w") : NULL;
    if (!out || fputs(text, out) == EOF || fclose(out) == EOF) {
        complain("save: cannot write '%s': %s", quote(q, file), text ? strerror(errno) : "out of memory");
        free(text);
        return;
    }
    free(text);
    printf("Saved to %s.\n", file);
}

/* Replaces the game by the file's first game; false (the game untouched) after an error line. */
static bool load_game(Play *pl, const char *file)
{
    size_t size;
    char *text = input_read_file("play", file, &size);
    if (!text)
        return false;
    GameFile f;
    char err[400], q[QUOTE_BUF_SIZE];
    bool ok = gamefile_read(text, size, pl->v, &f, err, (int)sizeof err);
    free(text);
    if (!ok) {
        complain("load: '%s': %s", quote(q, file), err);
        return false;
    }
    for (const char *w = f.warnings ? f.warnings : ""; *w; w = strchr(w, '\n') + 1)
        complain("load: '%s': warning: %.*s", quote(q, file), (int)strcspn(w, "\n"), w);
    Position *start = malloc(sizeof *start), *game = malloc(sizeof *game);
    ok = start && game && pos_from_text_castling(start, f.variant, f.start, f.castling, err, sizeof err);
    if (ok) {
        memcpy(game, start, sizeof *game);
        /* The record module has replayed the moves already, within MAX_SEARCHABLE_PLY: each one
         * is legal here. */
        for (char *tok = strtok(f.moves, " "); tok; tok = strtok(NULL, " "))
            pos_make(game, move_from_text(game, tok));
    }
    if (!ok)
        complain("load: '%s': %s", quote(q, file), start && game ? err : "out of memory");
    else {
        pl->v = f.variant;
        new_game(pl, start);
        memcpy(pl->pos, game, sizeof *pl->pos);
    }
    free(start);
    free(game);
    if (!ok) {
        gamefile_free(&f);
        return false;
    }
    /* A game that ended off the board keeps the verdict its record was read with. */
    Verdict board;
    if (!game_over(pl, &board))
        verdict_parse(pl->v, f.result, f.reason, &pl->ended);
    gamefile_free(&f);
    printf("Loaded %s: %s, %d moves.\n", file, pl->v->desc->title, pl->pos->ply);
    return true;
}

static const char HELP[] =
    "Type a move as the variant writes it: C'escacs CTL-AN (E7-E13, JF6\xc3\x97G9, KRK-HIO, P21=J), Gli\xc5\x84ski\n"
    "algebraic or coordinates (f6, Nd1-f4, f5f6, f10f11q); check marks are optional.\n"
    "Commands:\n"
    "  moves          list the legal moves          undo       take back your last move\n"
    "  hint           the engine's suggestion       flip       turn the board round\n"
    "  engine SIDE    white, black, both or none    level N    engine strength 0-20\n"
    "  time MS        engine time per move          claim      claim a draw the rules allow\n"
    "  resign         give up the game              new        start again\n"
    "  save FILE      write the game (CTL-PGN/PGN)  load FILE  read a game record\n"
    "  help           this text                     quit       leave\n";

/* What the loop does after a command. */
typedef enum { AFTER_REDRAW, AFTER_PROMPT, AFTER_QUIT } After;

static After do_quit(Play *pl, const char *arg)
{
    (void)pl, (void)arg;
    return AFTER_QUIT;
}

static After do_help(Play *pl, const char *arg)
{
    (void)pl, (void)arg;
    fputs(HELP, stdout);
    return AFTER_PROMPT;
}

static After do_moves(Play *pl, const char *arg)
{
    (void)arg;
    static char moves[MAX_MOVES][MOVE_TEXT_MAX];
    int n = legal_moves_text(pl->pos, moves);
    for (int i = 0; i < n; i++)
        printf("%s%s", moves[i], i + 1 < n ? (i % 8 == 7 ? "\n" : "  ") : "\n");
    return AFTER_PROMPT;
}

static After do_undo(Play *pl, const char *arg)
{
    (void)arg;
    /* Back to the last position where a person was to move. */
    int popped = 0;
    while (pl->pos->ply > 0 && (popped == 0 || pl->engine[pl->pos->stm])) {
        pos_unmake(pl->pos);
        popped++;
        if (!pl->engine[pl->pos->stm])
            break;
    }
    if (!popped) {
        complain("undo: no move to take back.");
        return AFTER_PROMPT;
    }
    pl->ended = (Verdict){OUTCOME_NONE, END_NONE, DRAW_NONE};
    return AFTER_REDRAW;
}

static After do_flip(Play *pl, const char *arg)
{
    (void)arg;
    pl->flipped = !pl->flipped;
    return AFTER_REDRAW;
}

static After do_engine(Play *pl, const char *arg)
{
    char err[QUOTE_BUF_SIZE + 64];
    if (!value_engine_sides(arg, &pl->engine[WHITE], &pl->engine[BLACK], err, sizeof err)) {
        complain("engine: %s", err);
        return AFTER_PROMPT;
    }
    return AFTER_REDRAW;
}

static After do_level(Play *pl, const char *arg)
{
    char err[QUOTE_BUF_SIZE + 64];
    if (!value_level(arg, &pl->level, err, sizeof err))
        complain("level: %s", err);
    return AFTER_PROMPT;
}

static After do_time(Play *pl, const char *arg)
{
    char err[QUOTE_BUF_SIZE + 64];
    if (!value_movetime(arg, &pl->movetime_ms, err, sizeof err))
        complain("time: %s", err);
    return AFTER_PROMPT;
}

static After do_hint(Play *pl, const char *arg)
{
    (void)arg;
    TbSet *tb = tables(pl);
    uint16_t value;
    char text[MOVETEXT_MAX], said[32];
    /* Where the tables hold the position their move is perfect, whatever the engine's level. */
    Move m = tb ? tb_best_move(tb, pl->pos, &value) : MOVE_NONE;
    if (m != MOVE_NONE) {
        write_move(pl, m, text);
        tb_value_text(value, said, sizeof said);
        printf("Hint: %s (tablebase: %s)\n", text, said);
        return AFTER_PROMPT;
    }
    m = engine_pick(pl, true);
    if (m != MOVE_NONE) {
        write_move(pl, m, text);
        printf("Hint: %s\n", text);
    }
    return AFTER_PROMPT;
}

static After do_claim(Play *pl, const char *arg)
{
    (void)arg;
    if (!arbiter_claim_draw(pl->pos, &pl->ended)) {
        complain("claim: no draw can be claimed here.");
        return AFTER_PROMPT;
    }
    return AFTER_REDRAW;
}

static After do_resign(Play *pl, const char *arg)
{
    (void)arg;
    if (!arbiter_resign(pl->pos, pl->pos->stm, &pl->ended))
        complain("resign: the game is over.");
    return AFTER_REDRAW;
}

static After do_new(Play *pl, const char *arg)
{
    (void)arg;
    Position *start = malloc(sizeof *start);
    if (!start) {
        complain("new: out of memory");
        return AFTER_PROMPT;
    }
    pos_set_start(start, pl->v);
    start->castling_allowed = pl->start->castling_allowed;
    new_game(pl, start);
    free(start);
    return AFTER_REDRAW;
}

static After do_save(Play *pl, const char *arg)
{
    save_game(pl, arg);
    return AFTER_PROMPT;
}

static After do_load(Play *pl, const char *arg) { return load_game(pl, arg) ? AFTER_REDRAW : AFTER_PROMPT; }

static const struct {
    const char *name;
    bool takes_value;
    After (*run)(Play *pl, const char *arg);
} play_commands[] = {
    {"quit", false, do_quit},     {"exit", false, do_quit},     {"q", false, do_quit},
    {"help", false, do_help},     {"?", false, do_help},        {"moves", false, do_moves},
    {"undo", false, do_undo},     {"flip", false, do_flip},     {"engine", true, do_engine},
    {"level", true, do_level},    {"time", true, do_time},      {"hint", false, do_hint},
    {"claim", false, do_claim},   {"resign", false, do_resign}, {"new", false, do_new},
    {"save", true, do_save},      {"load", true, do_load},
};

static After play_typed_move(Play *pl, const char *word)
{
    char why[REASON_MAX], q[QUOTE_BUF_SIZE];
    Verdict verdict;
    if (game_over(pl, &verdict)) {
        complain("The game is over: undo, new, load or quit.");
        return AFTER_PROMPT;
    }
    Letters letters;
    letters_default(&letters, pl->v);
    MoveMarks marks;
    Move m = move_from_text(pl->pos, word);
    if (m == MOVE_NONE)
        m = movetext_read(pl->pos, &letters, word, &marks, why, sizeof why);
    if (m == MOVE_NONE) {
        complain("'%s' is not a legal move here: %s (type 'moves' for the list, 'help' for commands)",
                 quote(q, word), why);
        return AFTER_PROMPT;
    }
    return play_move(pl, m) ? AFTER_REDRAW : AFTER_PROMPT;
}

/* One line of input: a command or a move, each a word, a command perhaps with one value. */
static After handle(Play *pl, char *line, size_t len)
{
    char q[QUOTE_BUF_SIZE];
    if (len > PLAY_LINE_MAX || memchr(line, 0, len)) {
        complain("Line refused: %s (%s).", len > PLAY_LINE_MAX ? "too long" : "it holds a NUL byte",
                 quote_bytes(q, line, len));
        return AFTER_PROMPT;
    }
    const char *blank = " \t\r\n";
    char *word = strtok(line, blank);
    if (!word)
        return AFTER_PROMPT;
    char *arg = strtok(NULL, blank), *extra = arg ? strtok(NULL, blank) : NULL;
    for (size_t i = 0; i < sizeof play_commands / sizeof play_commands[0]; i++) {
        if (strcmp(word, play_commands[i].name))
            continue;
        if (play_commands[i].takes_value ? !arg || extra : arg != NULL) {
            complain("%s: %s (type 'help' for commands)", word,
                     play_commands[i].takes_value ? (arg ? "one value only" : "a value is missing")
                                                  : "takes no value");
            return AFTER_PROMPT;
        }
        return play_commands[i].run(pl, arg);
    }
    if (arg) {
        complain("'%s': one move at a time (type 'help' for commands)", quote(q, word));
        return AFTER_PROMPT;
    }
    return play_typed_move(pl, word);
}

static int play_options(const CliOptions *opts, Play *pl, const char **load)
{
    char err[QUOTE_BUF_SIZE + 64];
    for (int i = 0; i < opts->argc; i++) {
        const char *a = opts->argv[i], *val = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        bool value = !strcmp(a, "--engine") || !strcmp(a, "--level") || !strcmp(a, "--movetime") ||
                     !strcmp(a, "--load") || !strcmp(a, "--tablebases");
        if (value && !val)
            return cli_usage_error("play", "option %s needs a value", a);
        bool ok = true;
        if (!strcmp(a, "--engine"))
            ok = value_engine_sides(val, &pl->engine[WHITE], &pl->engine[BLACK], err, sizeof err);
        else if (!strcmp(a, "--level"))
            ok = value_level(val, &pl->level, err, sizeof err);
        else if (!strcmp(a, "--movetime"))
            ok = value_movetime(val, &pl->movetime_ms, err, sizeof err);
        else if (!strcmp(a, "--load"))
            *load = val;
        else if (!strcmp(a, "--tablebases")) {
            /* The tables serve the engine and the hint: play on without them, but say why. */
            pl->tb_dir = val;
            if (!tb_dir_check(val, err, (int)sizeof err))
                fprintf(stderr, "hexchess play: warning: --tablebases: %s\n", err);
        }
        else if (!strcmp(a, "--no-castling"))
            pl->start->castling_allowed = false;
        else if (!strcmp(a, "--no-color"))
            pl->color = false;
        else
            return cli_usage_error("play", "unknown option or argument '%s'", quote(err, a));
        if (!ok)
            return cli_usage_error("play", "%s: %s", a, err);
        i += value;
    }
    return EXIT_OK;
}

int cmd_play(const CliOptions *opts)
{
    Play pl = {.v = opts->variant, .level = 10, .movetime_ms = 1000, .engine = {false, true}};
    pl.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    pl.start = malloc(sizeof *pl.start);
    pl.pos = malloc(sizeof *pl.pos);
    const char *load = NULL;
    char *line = NULL;
    size_t line_cap = 0;
    int rc = EXIT_REJECTED;
    if (!pl.start || !pl.pos || !cli_load_position(opts, pl.start))
        goto out;
    if ((rc = play_options(opts, &pl, &load)))
        goto out;
    new_game(&pl, pl.start);
    rc = EXIT_REJECTED;
    if (load && !load_game(&pl, load))
        goto out;
    printf("hexchess play: %s. Type 'help' for commands, a move to play.\n", pl.v->desc->title);
    After after = AFTER_REDRAW;
    while (after != AFTER_QUIT) {
        Verdict verdict;
        bool over = game_over(&pl, &verdict);
        if (after == AFTER_REDRAW) {
            draw_board(&pl);
            print_moves(&pl);
            print_status(&pl);
        }
        if (!over && pl.engine[pl.pos->stm]) {
            Move m = engine_pick(&pl, false);
            if (m == MOVE_NONE)
                break;
            char text[MOVETEXT_MAX];
            write_move(&pl, m, text);
            printf("The engine plays %s\n", text);
            if (!play_move(&pl, m))
                pl.engine[pl.pos->stm] = false; /* hand the game to the person, who can undo or save */
            after = AFTER_REDRAW;
            continue;
        }
        printf("%s> ", pl.pos->stm == WHITE ? "white" : "black");
        fflush(stdout);
        ssize_t len = getline(&line, &line_cap, stdin);
        if (len < 0)
            break;
        after = handle(&pl, line, (size_t)len);
    }
    rc = EXIT_OK;
out:
    if (pl.engine_handle)
        engine_free(pl.engine_handle);
    tbset_free(pl.tb);
    free(line);
    free(pl.start);
    free(pl.pos);
    return rc;
}
