/*
 * Quoting what a user typed inside an error message. Input can be any bytes: a message that echoes
 * it must stay one short line of valid UTF-8 (it ends up in JSON bodies, UCI "info string" lines
 * and terminals), so the copy is cut short and every byte that is not printable UTF-8 is escaped.
 */
#ifndef HEXCHESS_QUOTE_H
#define HEXCHESS_QUOTE_H

#include <stddef.h>

/* Longest stretch of the input a quote shows; the rest becomes "..." and a byte count. */
enum { QUOTE_MAX_SHOWN = 48 };
/* A buffer this size always holds the quote (escapes take 4 bytes per input byte). */
enum { QUOTE_BUF_SIZE = 4 * QUOTE_MAX_SHOWN + 40 };

/* Writes a safe copy of the len bytes at text into buf (QUOTE_BUF_SIZE bytes) and returns buf:
 * valid UTF-8 passes, control and invalid bytes (NUL included) become \xHH, a longer input is
 * cut after QUOTE_MAX_SHOWN bytes with "... (N bytes)". */
const char *quote_bytes(char *buf, const char *text, size_t len);
/* The same for a NUL-terminated string (NULL quotes as the empty string). */
const char *quote(char *buf, const char *text);
/* Length of the valid UTF-8 sequence at s (n bytes available), 0 when it is not valid UTF-8
 * (overlong forms, surrogates and code points past U+10FFFF are not, RFC 3629). */
size_t utf8_sequence(const unsigned char *s, size_t n);

#endif
