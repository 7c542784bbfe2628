/* Reading a whole input file for the commands that take one ("-" is standard input). */
#ifndef HEXCHESS_CLI_INPUT_H
#define HEXCHESS_CLI_INPUT_H

#include <stddef.h>

/* The file's bytes, NUL-terminated (malloc'd), and their count in *size; NULL after printing
 * "hexchess CMD: cannot read 'PATH': REASON" (a directory, a missing or unreadable file). */
char *input_read_file(const char *cmd, const char *path, size_t *size);

#endif
