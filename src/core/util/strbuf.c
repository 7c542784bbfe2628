#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for n more bytes and the terminating NUL. */
static bool reserve(StrBuf *b, size_t n)
{
    if (b->failed)
        return false;
    if (n > (size_t)-1 / 2 - b->len) {
        b->failed = true;
        return false;
    }
    if (b->len + n + 1 <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d) {
        b->failed = true;
        return false;
    }
    b->data = d;
    b->cap = cap;
    return true;
}

void strbuf_put(StrBuf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void strbuf_puts(StrBuf *b, const char *s) { strbuf_put(b, s, strlen(s)); }

void strbuf_vprintf(StrBuf *b, const char *fmt, va_list ap)
{
    /* Measure first, then format straight into the buffer: no intermediate array to outgrow. */
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n < 0) {
        b->failed = true;
    } else if (reserve(b, (size_t)n)) {
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void strbuf_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *strbuf_take(StrBuf *b)
{
    char *s = b->failed ? NULL : b->data ? b->data : calloc(1, 1);
    if (b->failed)
        free(b->data);
    *b = (StrBuf){0};
    return s;
}

void strbuf_free(StrBuf *b)
{
    free(b->data);
    *b = (StrBuf){0};
}
