/* The game-record commands: replay and convert. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/postext.h"
#include "../core/record.h"
#include "cli.h"
#include "../core/quote.h"

/* Reads a whole file ("-" for standard input); NULL with a message on failure. */
static char *slurp(const char *cmd, const char *path, size_t *size)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess %s: cannot read '%s': %s\n", cmd, quote(q, path), strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len + 1 < cap)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool error = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || error) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess %s: cannot read '%s'%s\n", cmd, quote(q, path), buf ? "" : ": out of memory");
        free(buf);
        return NULL;
    }
    buf[len] = 0;
    *size = len;
    return buf;
}

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

static int replay_file(const CliOptions *opts, const char *path, Position *p, int *number, bool *failed)
{
    size_t size;
    char *text = slurp("replay", path, &size);
    if (!text)
        return 1;
    RecordReader r;
    record_reader_init(&r, path, text, size, opts->variant);
    r.warn = print_warning;
    r.warn_ctx = "replay";
    Game g;
    for (; record_read_game(&r, &g); (*number)++) {
        const Variant *v = g.variant;
        Letters letters;
        if (opts->from_letters && !option_letters("replay", opts->from_letters, v, &letters)) {
            game_free(&g);
            free(text);
            return 2;
        }
        PlayReport rep;
        game_play(&g, p, opts->from_letters ? &letters : NULL, &rep);
        if (rep.error.failed) {
            char q[QUOTE_BUF_SIZE];
            printf("%d error ply %d '%s': %s\n", *number, rep.error.ply, quote(q, rep.error.token), rep.error.reason);
            *failed = true;
        } else {
            char position[POSITION_TEXT_MAX];
            pos_to_text(p, position, sizeof position);
            printf("%d %d %s %s\n", *number, rep.plies, outcome_text(v, rep.verdict.outcome), position);
            if (rep.disagrees)
                fprintf(stderr,
                        "hexchess replay: warning: %s:%d: game %d is recorded as %s, but the rules give %s (%s)\n",
                        path, g.line, *number, outcome_text(v, rep.recorded), outcome_text(v, rep.verdict.outcome),
                        end_reason_name(rep.verdict.reason));
        }
        game_free(&g);
    }
    free(text);
    return 0;
}

int cmd_replay(const CliOptions *opts)
{
    if (opts->argc == 0) {
        fprintf(stderr, "hexchess replay: give one or more game files (see hexchess replay --help)\n");
        return 2;
    }
    Position *p = malloc(sizeof *p);
    if (!p) {
        fprintf(stderr, "hexchess replay: out of memory\n");
        return 1;
    }
    bool failed = false;
    int rc = 0;
    /* Games are numbered on through the files, so every output line keeps the fixed format. */
    int number = 1;
    for (int i = 0; i < opts->argc && rc != 2; i++) {
        int r = replay_file(opts, opts->argv[i], p, &number, &failed);
        if (r)
            rc = r;
    }
    free(p);
    return rc ? rc : failed ? 1 : 0;
}

static int convert_game(const CliOptions *opts, Game *g, Position *p, bool moves_only, const char *where)
{
    const Variant *v = g->variant;
    Letters in, out;
    if (opts->from_letters && !option_letters("convert", opts->from_letters, v, &in))
        return 2;
    if (opts->letters && !option_letters("convert", opts->letters, v, &out))
        return 2;
    WriteOptions wo = {STYLE_STANDARD, opts->letters ? &out : NULL, moves_only};
    if (opts->to && !move_style_named(v, opts->to, &wo.style)) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr,
                "hexchess convert: '%s' is no notation of %s (C'escacs: ctl, ascii; Glinski: san, full, coord, "
                "digital)\n",
                quote(q, opts->to), v->desc->title);
        return 2;
    }
    PlayReport rep;
    game_play(g, p, opts->from_letters ? &in : NULL, &rep);
    char *text = game_write(g, &wo);
    if (!text) {
        fprintf(stderr, "hexchess convert: out of memory\n");
        return 1;
    }
    fputs(text, stdout);
    free(text);
    if (rep.error.failed) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess convert: %s: stopped at ply %d '%s': %s\n", where, rep.error.ply,
                quote(q, rep.error.token), rep.error.reason);
        return 1;
    }
    return 0;
}

int cmd_convert(const CliOptions *opts)
{
    if (opts->argc == 0) {
        fprintf(stderr, "hexchess convert: give a game FILE, '-' for standard input, or moves "
                        "(see hexchess convert --help)\n");
        return 2;
    }
    Position *p = malloc(sizeof *p);
    if (!p) {
        fprintf(stderr, "hexchess convert: out of memory\n");
        return 1;
    }
    int rc = 0;
    FILE *probe = opts->argc == 1 && strcmp(opts->argv[0], "-") ? fopen(opts->argv[0], "rb") : NULL;
    bool file_mode = opts->argc == 1 && (!strcmp(opts->argv[0], "-") || probe);
    if (probe)
        fclose(probe);
    if (file_mode) {
        size_t size;
        char *text = slurp("convert", opts->argv[0], &size);
        if (!text) {
            free(p);
            return 1;
        }
        RecordReader r;
        record_reader_init(&r, opts->argv[0], text, size, opts->variant);
        r.warn = print_warning;
        r.warn_ctx = "convert";
        Game g;
        for (int number = 1; rc != 2 && record_read_game(&r, &g); number++) {
            if (number > 1)
                putchar('\n');
            char where[300];
            snprintf(where, sizeof where, "%s game %d", opts->argv[0], number);
            int r1 = convert_game(opts, &g, p, false, where);
            if (r1 > rc)
                rc = r1;
            game_free(&g);
        }
        free(text);
    } else {
        size_t len = 1;
        for (int i = 0; i < opts->argc; i++)
            len += strlen(opts->argv[i]) + 1;
        char *text = calloc(len, 1);
        if (!text) {
            free(p);
            return 1;
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
        rc = convert_game(opts, &g, p, true, "moves");
        game_free(&g);
        free(text);
    }
    free(p);
    return rc;
}
