#include "input.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/util/quote.h"

static char *fail(const char *cmd, const char *path, const char *reason, FILE *f)
{
    char q[QUOTE_BUF_SIZE];
    fprintf(stderr, "hexchess %s: cannot read '%s': %s\n", cmd, quote(q, path), reason);
    if (f && f != stdin)
        fclose(f);
    return NULL;
}

char *input_read_file(const char *cmd, const char *path, size_t *size)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return fail(cmd, path, strerror(errno), NULL);
    /* fopen opens a directory; reading it fails later with a less helpful message. */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode))
        return fail(cmd, path, "it is a directory", f);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len + 1 < cap)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int error = ferror(f) ? errno : 0;
    if (!buf)
        return fail(cmd, path, "out of memory", f);
    if (error) {
        free(buf);
        return fail(cmd, path, strerror(error), f);
    }
    if (f != stdin)
        fclose(f);
    buf[len] = 0;
    *size = len;
    return buf;
}

char *input_next_line(char **cursor)
{
    char *line = *cursor;
    if (!*line)
        return NULL;
    char *end = line + strcspn(line, "\r\n");
    *cursor = end + (*end == '\r' && end[1] == '\n' ? 2 : *end ? 1 : 0);
    *end = 0;
    return line;
}
