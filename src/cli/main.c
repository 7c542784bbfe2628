#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "../core/quote.h"

static void print_main_help(void)
{
    printf("hexchess - hexagonal chess: C'escacs (169 hexes) and Glinski (91 hexes)\n\n"
           "Usage: hexchess COMMAND [OPTIONS] [ARGS]\n"
           "       hexchess COMMAND --help\n\n"
           "Commands:\n");
    for (int i = 0; i < cli_command_count; i++)
        printf("  %-8s %s\n", cli_commands[i].name, cli_commands[i].summary);
    printf("\nCommon options:\n"
           "  -v, --variant V     cescacs (default) or glinski\n"
           "  -p, --position POS  a PDTL (C'escacs) or FEN (Glinski), or 'startpos' (default)\n"
           "  -h, --help          explain the command\n\n"
           "Examples:\n"
           "  hexchess moves\n"
           "  hexchess perft -v glinski 4\n"
           "  hexchess apply E7-E13 E21-E15\n\n"
           "Exit status: 0 on success, 1 when a move or position is rejected, 2 on a usage error.\n");
}

static int parse_options(int argc, char **argv, CliOptions *o, const Command *cmd)
{
    memset(o, 0, sizeof *o);
    o->variant = variant_find("cescacs");
    o->position = "startpos";
    o->argv = argv;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool takes_value = !strcmp(a, "-v") || !strcmp(a, "--variant") || !strcmp(a, "-p") || !strcmp(a, "--position") ||
                           !strcmp(a, "--to") || !strcmp(a, "--letters") || !strcmp(a, "--from-letters");
        if (takes_value && i + 1 >= argc) {
            fprintf(stderr, "hexchess %s: option %s needs a value\n", cmd->name, a);
            return 2;
        }
        if (!strcmp(a, "-v") || !strcmp(a, "--variant")) {
            o->variant = variant_find(argv[++i]);
            if (!o->variant) {
                char q[QUOTE_BUF_SIZE];
                fprintf(stderr, "hexchess %s: unknown variant '%s' (cescacs or glinski)\n", cmd->name,
                        quote(q, argv[i]));
                return 2;
            }
        } else if (!strcmp(a, "-p") || !strcmp(a, "--position")) {
            o->position = argv[++i];
        } else if (!strcmp(a, "--to")) {
            o->to = argv[++i];
        } else if (!strcmp(a, "--letters")) {
            o->letters = argv[++i];
        } else if (!strcmp(a, "--from-letters")) {
            o->from_letters = argv[++i];
        } else if (!strcmp(a, "--divide")) {
            o->divide = true;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            o->help = true;
        } else if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9') && !cmd->own_options) {
            char q[QUOTE_BUF_SIZE];
            fprintf(stderr, "hexchess %s: unknown option '%s' (see hexchess %s --help)\n", cmd->name, quote(q, a),
                    cmd->name);
            return 2;
        } else {
            o->argv[o->argc++] = argv[i];
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        print_main_help();
        return argc < 2 ? 2 : 0;
    }
    for (int i = 0; i < cli_command_count; i++) {
        const Command *cmd = &cli_commands[i];
        if (strcmp(argv[1], cmd->name))
            continue;
        CliOptions o;
        int rc = parse_options(argc - 2, argv + 2, &o, cmd);
        if (rc)
            return rc;
        if (o.help) {
            printf("Usage: %s\n\n%s", cmd->usage, cmd->help);
            return 0;
        }
        return cmd->run(&o);
    }
    char q[QUOTE_BUF_SIZE];
    fprintf(stderr, "hexchess: unknown command '%s' (see hexchess --help)\n", quote(q, argv[1]));
    return 2;
}
