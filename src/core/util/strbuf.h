/*
 * A growing text buffer: records, game files and move lists have no length limit (a game can run
 * to thousands of plies, a comment or a label to any length), so their text is built here rather
 * than in fixed arrays. Writing never truncates: when memory runs out the buffer remembers it,
 * later writes do nothing, and strbuf_take() reports the failure.
 */
#ifndef HEXCHESS_STRBUF_H
#define HEXCHESS_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "types.h"

typedef struct {
    char *data; /* NUL-terminated once anything was written; NULL before */
    size_t len, cap;
    bool failed; /* out of memory (or a format error): the text is incomplete */
} StrBuf;

void strbuf_put(StrBuf *b, const char *s, size_t n);
void strbuf_puts(StrBuf *b, const char *s);
PRINTF_LIKE(2, 3) void strbuf_printf(StrBuf *b, const char *fmt, ...);
void strbuf_vprintf(StrBuf *b, const char *fmt, va_list ap);
/* The text (malloc'd, "" when nothing was written), or NULL when a write failed; b is emptied. */
char *strbuf_take(StrBuf *b);
void strbuf_free(StrBuf *b);

#endif
