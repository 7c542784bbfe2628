/* The hexchess command-line front end: shared option parsing and the commands. */
#ifndef HEXCHESS_CLI_H
#define HEXCHESS_CLI_H

#include <stdbool.h>

#include "../core/position.h"

typedef struct {
    const Variant *variant;
    const char *position;
    bool divide;
    const char *to;           /* convert: the notation written */
    const char *letters;      /* piece letters written */
    const char *from_letters; /* piece letters read */
    bool help;
    int argc; /* operands left after the options */
    char **argv;
} CliOptions;

typedef struct {
    const char *name;
    int (*run)(const CliOptions *opts);
    const char *summary;
    const char *usage;
    const char *help;
    bool own_options; /* options other than the common ones are passed on as operands */
} Command;

extern const Command cli_commands[];
extern const int cli_command_count;

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

#endif
