/*
 * What the record modules share and no one else needs: building the model while reading it
 * (record.c), and "FILE:LINE: message" texts for the reader's and the replay's errors.
 */
#ifndef HEXCHESS_RECINTERNAL_H
#define HEXCHESS_RECINTERNAL_H

#include <stdarg.h>
#include <stddef.h>

#include "record.h"

char *dup_text(const char *s, size_t n);
char *dup_str(const char *s);
/* Appends text to a comment, a blank line between two comments. */
void join_comment(char **slot, const char *text);
RecNode *line_add(RecLine *l, const char *token, int line);
RecLine *node_add_variation(RecNode *n);
/* Frees the node's last variation. */
void node_drop_variation(RecNode *n);
void add_label(Game *g, const char *name, const char *value, int line);

/* "FILE:LINE: message" into out; a long file name is cut from the front. */
void vformat_at(char *out, size_t size, const char *file, int line, const char *fmt, va_list ap);
PRINTF_LIKE(5, 6) void format_at(char *out, size_t size, const char *file, int line, const char *fmt, ...);

#endif
