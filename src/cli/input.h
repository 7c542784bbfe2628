/* Reading a whole input file for the commands that take one ("-" is standard input). */
#ifndef HEXCHESS_CLI_INPUT_H
#define HEXCHESS_CLI_INPUT_H

#include <stddef.h>

/* The file's bytes, NUL-terminated (malloc'd), and their count in *size; NULL after printing
 * "hexchess CMD: cannot read 'PATH': REASON" (a directory, a missing or unreadable file). */
char *input_read_file(const char *cmd, const char *path, size_t *size);
/* Cuts the next line off a text read whole, in place: the line, NUL-terminated where its end was,
 * with *cursor moved past it; NULL at the end of the text. "\n", "\r\n" and a lone "\r" (old Mac
 * files) each end one line, as editors on every system save them. */
char *input_next_line(char **cursor);

#endif
