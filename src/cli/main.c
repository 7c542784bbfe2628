#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../include/hexchess.h"
#include "../codec/tbzstd.h"
#include "../core/util/quote.h"
#include "cli.h"

static const char EXIT_STATUS[] = "Exit status: 0 on success, 1 when %s, 2 on a usage error.\n";

static void print_main_help(void)
{
    printf("hexchess - hexagonal chess:");
    for (int i = 0; variant_names[i]; i++) {
        const Variant *v = variant_find(variant_names[i]);
        printf("%s %s (%d hexes)", i ? "," : "", v->desc->title, v->geo.cell_count);
    }
    printf("\n\n"
           "Usage: hexchess COMMAND [OPTIONS] [ARGS]\n"
           "       hexchess COMMAND --help\n"
           "       hexchess --version    (or: hexchess version)\n\n"
           "Commands:\n");
    for (int i = 0; i < cli_command_count; i++)
        printf("  %-8s %s\n", cli_commands[i].name, cli_commands[i].summary);
    printf("\nCommon options (each command's usage line names those it takes):\n"
           "  -v, --variant V     the game, one of the variants below\n"
           "  -p, --position POS  in the variant's position text, or 'startpos' (default)\n"
           "  -h, --help          explain the command\n\n"
           "Variants:\n");
    for (int i = 0; variant_names[i]; i++) {
        const VariantDesc *d = variant_find(variant_names[i])->desc;
        printf("  %-9s %s: positions as %s, records as %s%s\n", d->name, d->title, d->position_label,
               record_format_names[d->record_format], i ? "" : " (the default)");
    }
    printf("\nExamples:\n"
           "  hexchess moves\n"
           "  hexchess apply E7-E13 E21-E15\n");
    for (int i = 1; variant_names[i]; i++)
        printf("  hexchess perft -v %s 4\n", variant_names[i]);
    printf("\n");
    printf(EXIT_STATUS, "a move, position or file is rejected");
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    fprintf(stderr, "hexchess %s: ", cmd);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see hexchess %s --help)\n", cmd);
    return EXIT_USAGE;
}

static const struct {
    const char *short_name, *long_name;
    unsigned bit;
    bool takes_value;
} common_options[] = {
    {"-v", "--variant", OPT_VARIANT, true},   {"-p", "--position", OPT_POSITION, true},
    {NULL, "--divide", OPT_DIVIDE, false},    {NULL, "--to", OPT_TO, true},
    {NULL, "--letters", OPT_LETTERS, true},   {NULL, "--from-letters", OPT_FROM_LETTERS, true},
};

static void set_option(CliOptions *o, unsigned bit, const char *value)
{
    switch (bit) {
    case OPT_POSITION: o->position = value; break;
    case OPT_DIVIDE: o->divide = true; break;
    case OPT_TO: o->to = value; break;
    case OPT_LETTERS: o->letters = value; break;
    case OPT_FROM_LETTERS: o->from_letters = value; break;
    default: o->variant = variant_find(value); break;
    }
}

static int parse_options(int argc, char **argv, CliOptions *o, const Command *cmd)
{
    memset(o, 0, sizeof *o);
    o->variant = variant_find(variant_names[0]);
    o->position = "startpos";
    o->argv = argv;
    char q[QUOTE_BUF_SIZE];
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            o->help = true;
            continue;
        }
        int k = (int)(sizeof common_options / sizeof common_options[0]);
        while (--k >= 0 && strcmp(a, common_options[k].long_name) &&
               !(common_options[k].short_name && !strcmp(a, common_options[k].short_name)))
            ;
        if (k >= 0) {
            if (!(cmd->options & common_options[k].bit))
                return cli_usage_error(cmd->name, "%s is not an option of %s", a, cmd->name);
            const char *value = NULL;
            if (common_options[k].takes_value) {
                if (i + 1 >= argc)
                    return cli_usage_error(cmd->name, "option %s needs a value", a);
                value = argv[++i];
            }
            set_option(o, common_options[k].bit, value);
            if (!o->variant) {
                char names[160];
                return cli_usage_error(cmd->name, "unknown variant '%s' (%s)", quote(q, value),
                                       variant_name_list(names, (int)sizeof names, ", ", " or "));
            }
        } else if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9') && !cmd->own_options) {
            return cli_usage_error(cmd->name, "unknown option '%s'", quote(q, a));
        } else {
            o->argv[o->argc++] = argv[i];
        }
    }
    if (cmd->own_options || o->help)
        return 0;
    /* Checked here, for every command alike; an empty word is never a move, a file or a number. */
    for (int i = 0; i < o->argc; i++)
        if (!o->argv[i][0])
            return cli_usage_error(cmd->name, "argument %d is empty", i + 1);
    if (o->argc < cmd->min_operands)
        return cli_usage_error(cmd->name, "missing argument; usage: %.*s", (int)strcspn(cmd->usage, "\n"),
                               cmd->usage);
    if (cmd->max_operands != NO_LIMIT && o->argc > cmd->max_operands)
        return cli_usage_error(cmd->name, "unexpected argument '%s'", quote(q, o->argv[cmd->max_operands]));
    return 0;
}

int main(int argc, char **argv)
{
    tb_set_codec(tb_zstd());
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        print_main_help();
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        printf("hexchess %s\n", hexchess_version());
        return EXIT_OK;
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
            printf("Usage: %s\n\n%s\n", cmd->usage, cmd->help);
            printf(EXIT_STATUS, cmd->fails);
            return EXIT_OK;
        }
        return cmd->run(&o);
    }
    char q[QUOTE_BUF_SIZE];
    fprintf(stderr, "hexchess: unknown command '%s' (see hexchess --help)\n", quote(q, argv[1]));
    return EXIT_USAGE;
}
