/* `hexchess play`: either game on a terminal board, against the engine or another person. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/movegen.h"
#include "../core/movetext.h"
#include "../core/notation.h"
#include "../core/postext.h"
#include "../core/search.h"
#include "../core/status.h"
#include "../server/gamefile.h"
#include "cli.h"
#include "../core/quote.h"

typedef struct {
    const Variant *v;
    Position *start; /* the position the game started from */
    Position *pos;
    bool engine[COLOR_NB];
    int level, movetime_ms;
    bool color; /* ANSI colours */
    bool flipped;
    char result[16], reason[32]; /* an ending that is no board position: resignation */
    Engine *engine_handle;
} Play;

/* 256-colour backgrounds of the three hex shades, and of the last move and a checked king. */
enum { BG_LIGHT = 223, BG_MEDIUM = 180, BG_DARK = 137, BG_LAST = 150, BG_CHECK = 203 };

static int shade_bg(const Variant *v, int cell)
{
    int colour = v->geo.colour[cell];
    /* C'escacs: line mod 3 = 0 black, 1 white, 2 coloured. Gliński: 0 light, 2 dark, 1 medium. */
    static const int ctl[3] = {BG_DARK, BG_LIGHT, BG_MEDIUM}, ranks[3] = {BG_LIGHT, BG_MEDIUM, BG_DARK};
    return v->desc->coords == COORDS_CTL ? ctl[colour] : ranks[colour];
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

/* The result the board gives, or the stored one; NULL while the game goes on. */
static const char *game_over(Play *pl, char *why, size_t size)
{
    if (strcmp(pl->result, "*")) {
        snprintf(why, size, "%s", pl->reason);
        return pl->result;
    }
    Status st;
    pos_status(pl->pos, &st);
    const VariantDesc *d = pl->v->desc;
    Color mover = (Color)!pl->pos->stm;
    if (st.mate) {
        snprintf(why, size, "checkmate");
        return d->result_win[mover];
    }
    if (st.stalemate) {
        snprintf(why, size, "stalemate");
        return d->result_stalemate[mover];
    }
    if (st.draw != DRAW_NONE) {
        draw_name(pl->v, st.draw, false, why, (int)size);
        return d->result_draw;
    }
    return NULL;
}

static void print_status(Play *pl)
{
    char why[32];
    const char *result = game_over(pl, why, sizeof why);
    if (result) {
        const VariantDesc *d = pl->v->desc;
        const char *who = !strcmp(result, d->result_draw) ? "Draw"
                          : (!strcmp(result, d->result_win[WHITE]) || !strcmp(result, d->result_stalemate[WHITE]))
                              ? "White wins"
                              : "Black wins";
        printf("Game over: %s by %s, %s. (undo, new, save FILE or quit)\n", who, why, result);
        return;
    }
    Status st;
    pos_status(pl->pos, &st);
    printf("%s to move%s", pl->pos->stm == WHITE ? "White" : "Black", st.check != CHECK_NONE ? ", check" : "");
    if (st.claimable != DRAW_NONE) {
        char name[32];
        draw_name(pl->v, st.claimable, true, name, (int)sizeof name);
        printf(" (a %s draw may be claimed: 'claim')", name);
    }
    printf(".\n");
}

static const char HELP[] =
    "Type a move as the variant writes it: C'escacs CTL-AN (E7-E13, JF6xG9, KRK-HIO, P21=J), Gliński\n"
    "algebraic or coordinates (f6, Nd1-f4, f5f6, f10f11q); check marks are optional.\n"
    "Commands:\n"
    "  moves          list the legal moves          undo       take back your last move\n"
    "  hint           the engine's suggestion       flip       turn the board round\n"
    "  engine SIDE    white, black, both or none    level N    engine strength 0-20\n"
    "  time MS        engine time per move          claim      claim a draw the rules allow\n"
    "  resign         give up the game              new        start again\n"
    "  save FILE      write the game (CTL-PGN/PGN)  load FILE  read a game record\n"
    "  help           this text                     quit       leave\n";

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
    if (!pl->pos->castling_allowed)
        engine_set_option(pl->engine_handle, "CescacsCastling", "false", err, sizeof err);
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
    snprintf(pl->result, sizeof pl->result, "*");
    pl->reason[0] = 0;
    if (pl->engine_handle)
        engine_new_game(pl->engine_handle);
}

static void save_game(Play *pl, const char *file)
{
    GameFile f = {.variant = pl->v, .castling = pl->pos->castling_allowed};
    pos_to_text(pl->start, f.start, sizeof f.start);
    char why[32];
    const char *result = game_over(pl, why, sizeof why);
    snprintf(f.result, sizeof f.result, "%s", result ? result : "*");
    snprintf(f.tags, sizeof f.tags, "White=%s\nBlack=%s\n", pl->engine[WHITE] ? "hexchess" : "Player",
             pl->engine[BLACK] ? "hexchess" : "Player");
    size_t cap = (size_t)pl->pos->ply * MOVE_TEXT_MAX + 1, len = 0;
    f.moves = malloc(cap);
    Position *q = malloc(sizeof *q);
    if (!f.moves || !q) {
        free(f.moves);
        free(q);
        printf("Out of memory.\n");
        return;
    }
    f.moves[0] = 0;
    memcpy(q, pl->start, sizeof *q);
    for (int i = 0; i < pl->pos->ply; i++) {
        char mv[MOVE_TEXT_MAX];
        move_to_text(q, pl->pos->hist[i].move, mv);
        len += (size_t)snprintf(f.moves + len, cap - len, i ? " %s" : "%s", mv);
        pos_make(q, pl->pos->hist[i].move);
    }
    free(q);
    char *text = gamefile_write(&f);
    free(f.moves);
    FILE *out = text ? fopen(file, "w") : NULL;
    if (!out) {
        printf("Cannot write %s.\n", file);
        free(text);
        return;
    }
    fputs(text, out);
    fclose(out);
    free(text);
    printf("Saved to %s.\n", file);
}

static void load_game(Play *pl, const char *file)
{
    FILE *in = fopen(file, "rb");
    if (!in) {
        printf("Cannot open %s.\n", file);
        return;
    }
    char *text = malloc(1 << 20);
    size_t n = text ? fread(text, 1, (1 << 20) - 1, in) : 0;
    fclose(in);
    if (!text)
        return;
    text[n] = 0;
    GameFile f;
    char err[400];
    bool ok = gamefile_read(text, n, pl->v, &f, err, (int)sizeof err);
    free(text);
    if (!ok) {
        printf("Cannot load %s: %s\n", file, err);
        return;
    }
    Position *q = malloc(sizeof *q);
    char perr[256];
    if (!q || !pos_from_text(q, f.variant, f.start, perr, sizeof perr)) {
        printf("Cannot load %s: bad start position.\n", file);
        free(q);
        gamefile_free(&f);
        return;
    }
    q->castling_allowed = f.castling;
    pl->v = f.variant;
    new_game(pl, q);
    free(q);
    for (char *tok = strtok(f.moves, " "); tok; tok = strtok(NULL, " ")) {
        Move m = move_from_text(pl->pos, tok);
        if (m == MOVE_NONE)
            break;
        pos_make(pl->pos, m);
    }
    if (strcmp(f.result, "*") && !game_over(pl, (char[32]){0}, 32)) {
        snprintf(pl->result, sizeof pl->result, "%s", f.result);
        snprintf(pl->reason, sizeof pl->reason, "%s", f.reason);
    }
    gamefile_free(&f);
    printf("Loaded %s: %s, %d moves.\n", file, pl->v->desc->title, pl->pos->ply);
}

/* One line of input: a command or a move. Returns false to quit. */
static bool handle(Play *pl, char *line)
{
    char *cmd = strtok(line, " \t\r\n");
    if (!cmd)
        return true;
    char *arg = strtok(NULL, " \t\r\n");
    char why[REASON_MAX];
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit") || !strcmp(cmd, "q"))
        return false;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
        fputs(HELP, stdout);
    } else if (!strcmp(cmd, "moves")) {
        static char moves[MAX_MOVES][MOVE_TEXT_MAX];
        int n = legal_moves_text(pl->pos, moves);
        for (int i = 0; i < n; i++)
            printf("%s%s", moves[i], i + 1 < n ? (i % 8 == 7 ? "\n" : "  ") : "\n");
    } else if (!strcmp(cmd, "undo")) {
        /* Back to the last position where a person was to move. */
        int popped = 0;
        while (pl->pos->ply > 0 && (popped == 0 || pl->engine[pl->pos->stm])) {
            pos_unmake(pl->pos);
            popped++;
            if (!pl->engine[pl->pos->stm])
                break;
        }
        snprintf(pl->result, sizeof pl->result, "*");
        if (!popped)
            printf("No move to take back.\n");
    } else if (!strcmp(cmd, "flip")) {
        pl->flipped = !pl->flipped;
    } else if (!strcmp(cmd, "engine") && arg) {
        bool w = !strcmp(arg, "white") || !strcmp(arg, "both"), b = !strcmp(arg, "black") || !strcmp(arg, "both");
        if (!w && !b && strcmp(arg, "none")) {
            printf("engine white, black, both or none.\n");
        } else {
            pl->engine[WHITE] = w;
            pl->engine[BLACK] = b;
        }
    } else if (!strcmp(cmd, "level") && arg) {
        int n = atoi(arg);
        pl->level = n < 0 ? 0 : n > 20 ? 20 : n;
    } else if (!strcmp(cmd, "time") && arg) {
        int n = atoi(arg);
        pl->movetime_ms = n < 50 ? 50 : n;
    } else if (!strcmp(cmd, "hint")) {
        Move m = engine_pick(pl, true);
        if (m != MOVE_NONE) {
            char text[MOVE_TEXT_MAX];
            move_to_text(pl->pos, m, text);
            printf("Hint: %s\n", text);
        }
    } else if (!strcmp(cmd, "claim")) {
        Status st;
        pos_status(pl->pos, &st);
        if (st.claimable == DRAW_NONE) {
            printf("No draw can be claimed here.\n");
        } else {
            snprintf(pl->result, sizeof pl->result, "%s", pl->v->desc->result_draw);
            draw_name(pl->v, st.claimable, true, pl->reason, (int)sizeof pl->reason);
        }
    } else if (!strcmp(cmd, "resign")) {
        snprintf(pl->result, sizeof pl->result, "%s", pl->v->desc->result_win[!pl->pos->stm]);
        snprintf(pl->reason, sizeof pl->reason, "resignation");
    } else if (!strcmp(cmd, "new")) {
        Position *q = malloc(sizeof *q);
        if (q) {
            pos_set_start(q, pl->v);
            q->castling_allowed = pl->start->castling_allowed;
            new_game(pl, q);
            free(q);
        }
    } else if (!strcmp(cmd, "save") && arg) {
        save_game(pl, arg);
    } else if (!strcmp(cmd, "load") && arg) {
        load_game(pl, arg);
    } else if (strcmp(pl->result, "*") || game_over(pl, why, sizeof why)) {
        printf("The game is over: undo, new, load or quit.\n");
    } else {
        Letters letters;
        letters_default(&letters, pl->v);
        MoveMarks marks;
        Move m = move_from_text(pl->pos, cmd);
        if (m == MOVE_NONE)
            m = movetext_read(pl->pos, &letters, cmd, &marks, why, sizeof why);
        if (m == MOVE_NONE) {
            char q[QUOTE_BUF_SIZE];
            printf("'%s' is not a legal move here: %s\n(type 'moves' for the list, 'help' for commands)\n", quote(q, cmd),
                   why);
            return true;
        }
        if (pl->pos->ply >= MAX_GAME_PLY - 2 * MAX_PLY) {
            printf("The game is too long.\n");
            return true;
        }
        pos_make(pl->pos, m);
    }
    return true;
}

static int play_options(const CliOptions *opts, Play *pl, const char **load)
{
    for (int i = 0; i < opts->argc; i++) {
        const char *a = opts->argv[i], *val = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        if (!strcmp(a, "--engine") && val) {
            pl->engine[WHITE] = !strcmp(val, "white") || !strcmp(val, "both");
            pl->engine[BLACK] = !strcmp(val, "black") || !strcmp(val, "both");
            if (!pl->engine[WHITE] && !pl->engine[BLACK] && strcmp(val, "none")) {
                fprintf(stderr, "hexchess play: --engine white, black, both or none\n");
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--level") && val) {
            pl->level = atoi(val);
            if (pl->level < 0 || pl->level > 20) {
                fprintf(stderr, "hexchess play: --level from 0 to 20\n");
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--movetime") && val) {
            pl->movetime_ms = atoi(val);
            if (pl->movetime_ms < 50) {
                fprintf(stderr, "hexchess play: --movetime at least 50 ms\n");
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--load") && val) {
            *load = val;
            i++;
        } else if (!strcmp(a, "--no-castling")) {
            pl->start->castling_allowed = false;
        } else if (!strcmp(a, "--no-color")) {
            pl->color = false;
        } else {
            char q[QUOTE_BUF_SIZE];
            fprintf(stderr, "hexchess play: unknown option '%s' (see hexchess play --help)\n", quote(q, a));
            return 2;
        }
    }
    return 0;
}

int cmd_play(const CliOptions *opts)
{
    Play pl = {.v = opts->variant, .level = 10, .movetime_ms = 1000, .engine = {false, true}};
    pl.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    pl.start = malloc(sizeof *pl.start);
    pl.pos = malloc(sizeof *pl.pos);
    const char *load = NULL;
    int rc = 1;
    if (!pl.start || !pl.pos || !cli_load_position(opts, pl.start))
        goto out;
    if ((rc = play_options(opts, &pl, &load)))
        goto out;
    new_game(&pl, pl.start);
    if (load)
        load_game(&pl, load);
    printf("hexchess play: %s. Type 'help' for commands, a move to play.\n", pl.v->desc->title);
    char line[512];
    bool show = true;
    for (;;) {
        char why[32];
        bool over = strcmp(pl.result, "*") || game_over(&pl, why, sizeof why);
        if (show) {
            draw_board(&pl);
            print_moves(&pl);
            print_status(&pl);
        }
        show = true;
        if (!over && pl.engine[pl.pos->stm]) {
            Move m = engine_pick(&pl, false);
            if (m == MOVE_NONE)
                break;
            char text[MOVETEXT_MAX];
            Letters letters;
            letters_default(&letters, pl.v);
            movetext_write(pl.pos, m, STYLE_STANDARD, &letters, text);
            printf("The engine plays %s\n", text);
            pos_make(pl.pos, m);
            continue;
        }
        printf("%s> ", pl.pos->stm == WHITE ? "white" : "black");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            break;
        char first[16] = "";
        sscanf(line, "%15s", first);
        show = strcmp(first, "moves") && strcmp(first, "help") && strcmp(first, "?") && strcmp(first, "hint") &&
               strcmp(first, "save") && first[0];
        if (!handle(&pl, line))
            break;
    }
    rc = 0;
out:
    if (pl.engine_handle)
        engine_free(pl.engine_handle);
    free(pl.start);
    free(pl.pos);
    return rc;
}
