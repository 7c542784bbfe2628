/* The game-record commands replay and convert, and what every record command shares: reading
 * the games of a file, playing them, the engine options of those that search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/notation/postext.h"
#include "../core/notation/recplay.h"
#include "../core/notation/recread.h"
#include "../core/notation/recwrite.h"
#include "../core/util/quote.h"
#include "input.h"
#include "records.h"
#include "values.h"

static void print_warning(void *ctx, const char *message)
{
    fprintf(stderr, "hexchess %s: warning: %s\n", (const char *)ctx, message);
}

/* The letters named by an option for the game's variant; false with a message when unusable. */
static bool option_letters(const char *cmd, const char *name, const Variant *v, Letters *out)
{
    if (letters_named(out, v, name))
        return true;
    char q[QUOTE_BUF_SIZE];
    fprintf(stderr, "hexchess %s: the letter set '%s' does not fit %s (sets: default", cmd, quote(q, name),
            v->desc->title);
    for (int i = 0; letter_set_names[i]; i++)
        if (letters_named(out, v, letter_set_names[i]))
            fprintf(stderr, ", %s", letter_set_names[i]);
    fprintf(stderr, ")\n");
    return false;
}

/* Warnings where a record and the rules part: moves after an automatic draw, another result. */
static void warn_about_end(const char *cmd, const char *path, const Game *g, int number, const PlayReport *rep)
{
    char note[256];
    play_report_after_end(g->variant, rep, note, sizeof note);
    if (note[0])
        fprintf(stderr, "hexchess %s: warning: %s:%d: game %d %s\n", cmd, path, g->line, number, note);
    play_report_disagreement(g->variant, rep, note, sizeof note);
    if (note[0])
        fprintf(stderr, "hexchess %s: warning: %s:%d: game %d %s\n", cmd, path, g->line, number, note);
}

int each_game(const char *cmd, const CliOptions *opts, const char *path, int *number, Position *p,
              GameAction action)
{
    size_t size;
    char *text = input_read_file(cmd, path, &size);
    if (!text)
        return EXIT_REJECTED;
    RecordReader r;
    record_reader_init(&r, path, text, size, opts->variant);
    r.warn = print_warning;
    r.warn_ctx = (void *)cmd;
    int rc = EXIT_OK, first = *number;
    Game g;
    for (; rc != EXIT_USAGE && record_read_game(&r, &g); (*number)++) {
        int one = action(opts, &g, *number, p);
        rc = one > rc ? one : rc;
        game_free(&g);
    }
    free(text);
    if (*number == first) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess %s: '%s' holds no game\n", cmd, quote(q, path));
        return EXIT_REJECTED;
    }
    return rc;
}

Move *game_moves(const char *cmd, Game *g, int number, Position *p, PlayReport *rep)
{
    char err[256];
    game_play(g, p, NULL, rep);
    if (!game_start_position(g, p, err, sizeof err)) {
        fprintf(stderr, "hexchess %s: %s:%d: game %d: %s\n", cmd, g->source, g->line, number, err);
        return NULL;
    }
    Move *moves = malloc(sizeof *moves * (size_t)(rep->plies + 1));
    if (!moves) {
        fprintf(stderr, "hexchess %s: out of memory\n", cmd);
        return NULL;
    }
    for (int i = 0; i < rep->plies; i++)
        moves[i] = g->main.nodes[i].move;
    return moves;
}

int game_stop_status(const char *cmd, const char *where, const PlayReport *rep)
{
    if (!rep->error.failed)
        return EXIT_OK;
    char q[QUOTE_BUF_SIZE];
    fprintf(stderr, "hexchess %s: %s: stopped at ply %d '%s': %s\n", cmd, where, rep->error.ply,
            quote(q, rep->error.token), rep->error.reason);
    return EXIT_REJECTED;
}

static int replay_game(const CliOptions *opts, Game *g, int number, Position *p)
{
    Letters letters;
    if (opts->from_letters && !option_letters("replay", opts->from_letters, g->variant, &letters))
        return EXIT_USAGE;
    PlayReport rep;
    game_play(g, p, opts->from_letters ? &letters : NULL, &rep);
    if (rep.error.failed) {
        char q[QUOTE_BUF_SIZE];
        printf("%d error ply %d '%s': %s\n", number, rep.error.ply, quote(q, rep.error.token), rep.error.reason);
        return EXIT_REJECTED;
    }
    char position[POSITION_TEXT_MAX];
    pos_to_text(p, position, sizeof position);
    printf("%d %d %s %s\n", number, rep.plies, outcome_text(g->variant, rep.verdict.outcome), position);
    warn_about_end("replay", g->source, g, number, &rep);
    return EXIT_OK;
}

int cmd_replay(const CliOptions *opts)
{
    Position *p = malloc(sizeof *p);
    if (!p) {
        fprintf(stderr, "hexchess replay: out of memory\n");
        return EXIT_REJECTED;
    }
    int rc = EXIT_OK;
    /* Games are numbered on through the files, so every output line keeps the fixed format. */
    int number = 1;
    for (int i = 0; i < opts->argc && rc != EXIT_USAGE; i++) {
        int one = each_game("replay", opts, opts->argv[i], &number, p, replay_game);
        rc = one > rc ? one : rc;
    }
    free(p);
    return rc;
}

/* Writes one game (or the move text alone); where names it in an error message. */
static int write_converted(const CliOptions *opts, Game *g, Position *p, bool moves_only, const char *where,
                           int number)
{
    const Variant *v = g->variant;
    Letters in, out;
    if (opts->from_letters && !option_letters("convert", opts->from_letters, v, &in))
        return EXIT_USAGE;
    if (opts->letters && !option_letters("convert", opts->letters, v, &out))
        return EXIT_USAGE;
    WriteOptions wo = {STYLE_STANDARD, opts->letters ? &out : NULL, moves_only};
    if (opts->to && !move_style_named(v, opts->to, &wo.style)) {
        char q[QUOTE_BUF_SIZE], names[128];
        move_style_names(v, names, sizeof names);
        return cli_usage_error("convert", "'%s' is no notation of %s (%s)", quote(q, opts->to), v->desc->title,
                               names);
    }
    PlayReport rep;
    game_play(g, p, opts->from_letters ? &in : NULL, &rep);
    char *text = game_write(g, &wo);
    if (!text) {
        fprintf(stderr, "hexchess convert: out of memory\n");
        return EXIT_REJECTED;
    }
    fputs(text, stdout);
    free(text);
    if (rep.error.failed)
        return game_stop_status("convert", where, &rep);
    warn_about_end("convert", where, g, number, &rep);
    return EXIT_OK;
}

static int convert_game(const CliOptions *opts, Game *g, int number, Position *p)
{
    if (number > 1)
        putchar('\n');
    return write_converted(opts, g, p, false, g->source, number);
}

/* No move is written with a '/' and none ends in ".pgn": such a word names a file, even a missing one. */
static bool names_file(const char *word)
{
    size_t len = strlen(word);
    return !strcmp(word, "-") || strchr(word, '/') || (len > 4 && !strcmp(word + len - 4, ".pgn")) ||
           access(word, F_OK) == 0;
}

static int convert_moves(const CliOptions *opts, Position *p)
{
    char q[QUOTE_BUF_SIZE];
    size_t len = 1;
    for (int i = 0; i < opts->argc; i++) {
        if (names_file(opts->argv[i]))
            return cli_usage_error("convert", "'%s' looks like a file: give one FILE alone, or moves",
                                   quote(q, opts->argv[i]));
        len += strlen(opts->argv[i]) + 1;
    }
    char *text = calloc(len, 1);
    if (!text) {
        fprintf(stderr, "hexchess convert: out of memory\n");
        return EXIT_REJECTED;
    }
    for (int i = 0; i < opts->argc; i++) {
        strcat(text, opts->argv[i]);
        strcat(text, " ");
    }
    Game g;
    record_read_moves(opts->variant, text, &g);
    g.variant = opts->variant;
    if (strcmp(opts->position, "startpos"))
        game_set_label(&g, opts->variant->desc->position_label, opts->position);
    int rc;
    if (g.main.count == 0 && !g.syntax.failed) {
        fprintf(stderr, "hexchess convert: no move in '%s'\n", quote(q, text));
        rc = EXIT_REJECTED;
    } else {
        rc = write_converted(opts, &g, p, true, "moves", 1);
    }
    game_free(&g);
    free(text);
    return rc;
}

int cmd_convert(const CliOptions *opts)
{
    bool file_mode = opts->argc == 1 && names_file(opts->argv[0]);
    if (file_mode && strcmp(opts->position, "startpos"))
        return cli_usage_error("convert", "-p sets the start of MOVEs; a FILE's games name their own");
    Position *p = malloc(sizeof *p);
    if (!p) {
        fprintf(stderr, "hexchess convert: out of memory\n");
        return EXIT_REJECTED;
    }
    int number = 1;
    int rc = file_mode ? each_game("convert", opts, opts->argv[0], &number, p, convert_game) : convert_moves(opts, p);
    free(p);
    return rc;
}

int search_option(const char *cmd, const CliOptions *opts, int *i, SearchLimits *limits, const char **tb_dir,
                  bool *known)
{
    const char *a = opts->argv[*i];
    *known = !strcmp(a, "--movetime") || !strcmp(a, "--depth") || !strcmp(a, "--tablebases");
    if (!*known)
        return EXIT_OK;
    if (*i + 1 >= opts->argc)
        return cli_usage_error(cmd, "option %s needs a value", a);
    const char *val = opts->argv[++*i];
    char err[QUOTE_BUF_SIZE + 64];
    bool ok = true;
    if (!strcmp(a, "--tablebases")) {
        *tb_dir = val;
    } else if ((!strcmp(a, "--depth") ? limits->movetime_ms : limits->depth) != 0) {
        return cli_usage_error(cmd, "--movetime and --depth exclude each other");
    } else if (!strcmp(a, "--depth")) {
        ok = value_int(val, 1, MAX_PLY - 1, &limits->depth, err, sizeof err);
    } else {
        ok = value_movetime(val, &limits->movetime_ms, err, sizeof err);
    }
    return ok ? EXIT_OK : cli_usage_error(cmd, "%s: %s", a, err);
}

TbSet *search_tables(TbSet **tables, const char *dir, const Variant *v)
{
    if (*tables && tbset_variant(*tables) != v) {
        tbset_free(*tables);
        *tables = NULL;
    }
    if (!*tables && dir)
        *tables = tbset_new(v, dir);
    return *tables;
}

bool progress_shown(void)
{
    return isatty(STDERR_FILENO) && !isatty(STDOUT_FILENO);
}
