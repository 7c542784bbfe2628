/* The hexchess command-line front end: shared option parsing and the commands. */
#ifndef HEXCHESS_CLI_H
#define HEXCHESS_CLI_H

#include <stdbool.h>

#include "../core/rules/position.h"

/* Exit statuses, the same for every command. */
enum { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_USAGE = 2 };

typedef struct {
    const Variant *variant;
    const char *position;
    bool divide;
    const char *to;           /* convert: the notation written */
    const char *letters;      /* piece letters written */
    const char *from_letters; /* piece letters read */
    bool help;
    void *context; /* a command's own state, for what it runs on each game of a file */
    int argc;      /* operands left after the options */
    char **argv;
} CliOptions;

/* The common options, as a set: which of them a command takes. */
enum {
    OPT_VARIANT = 1 << 0,
    OPT_POSITION = 1 << 1,
    OPT_DIVIDE = 1 << 2,
    OPT_TO = 1 << 3,
    OPT_LETTERS = 1 << 4,
    OPT_FROM_LETTERS = 1 << 5
};

enum { NO_LIMIT = -1 };

typedef struct {
    const char *name;
    int (*run)(const CliOptions *opts);
    const char *summary;
    const char *usage;
    const char *help;
    unsigned options;               /* the common options it takes; any other is refused */
    int min_operands, max_operands; /* max NO_LIMIT: any number */
    const char *fails;              /* when it exits with status 1, for its help */
    bool own_options; /* options other than the common ones are passed on as operands */
} Command;

extern const Command cli_commands[];
extern const int cli_command_count;

/* Prints "hexchess CMD: MESSAGE" on standard error and returns EXIT_USAGE. */
PRINTF_LIKE(2, 3) int cli_usage_error(const char *cmd, const char *fmt, ...);

/* Sets up the position named by the options; prints an error and returns false on failure. */
bool cli_load_position(const CliOptions *opts, Position *p);

int cmd_moves(const CliOptions *opts);
int cmd_perft(const CliOptions *opts);
int cmd_apply(const CliOptions *opts);
int cmd_status(const CliOptions *opts);
int cmd_replay(const CliOptions *opts);
int cmd_convert(const CliOptions *opts);
int cmd_uci_loop(const CliOptions *opts);
int cmd_bench(const CliOptions *opts);
int cmd_match(const CliOptions *opts);
int cmd_serve(const CliOptions *opts);
int cmd_play(const CliOptions *opts);
int cmd_tb(const CliOptions *opts);
int cmd_review(const CliOptions *opts);
int cmd_puzzles(const CliOptions *opts);
int cmd_datagen(const CliOptions *opts);

#endif
