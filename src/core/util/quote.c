#include "quote.h"

#include <stdio.h>
#include <string.h>

size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t need;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (need > n)
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < need; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return need;
}

const char *quote_bytes(char *buf, const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t shown = len < QUOTE_MAX_SHOWN ? len : QUOTE_MAX_SHOWN;
    size_t out = 0;
    for (size_t i = 0; i < shown;) {
        size_t seq = utf8_sequence(s + i, shown - i);
        if (seq == 1 && s[i] >= 0x20 && s[i] != 0x7F) {
            buf[out++] = (char)s[i];
        } else if (seq > 1) {
            memcpy(buf + out, s + i, seq);
            out += seq;
        } else {
            /* A sequence cut by the limit is escaped byte by byte like any invalid one. */
            seq = 1;
            out += (size_t)snprintf(buf + out, 5, "\\x%02X", s[i]);
        }
        i += seq;
    }
    if (shown < len)
        snprintf(buf + out, QUOTE_BUF_SIZE - out, "... (%zu bytes)", len);
    else
        buf[out] = '\0';
    return buf;
}

const char *quote(char *buf, const char *text) { return quote_bytes(buf, text ? text : "", text ? strlen(text) : 0); }
