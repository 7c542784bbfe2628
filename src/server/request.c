#include "request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/util/quote.h"

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes the n bytes at s ('+' is a space in a query, not in a path) into a new string; NULL when out
 * of memory. A reason it cannot be served goes to why (unless one is there already): the decoded text
 * must be UTF-8 with no control byte, so no NUL can cut it short further on. */
static char *decode(const char *s, size_t n, bool query, const char *what, char *why, size_t why_size)
{
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    size_t len = 0;
    const char *problem = NULL;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '%') {
            int hi = i + 2 < n ? hex_digit(s[i + 1]) : -1;
            int lo = hi >= 0 ? hex_digit(s[i + 2]) : -1;
            if (lo < 0) {
                problem = problem ? problem : "a bad percent escape";
            } else {
                c = (char)(hi * 16 + lo);
                i += 2;
            }
        } else if (c == '+' && query) {
            c = ' ';
        }
        if ((unsigned char)c < 0x20 || c == 0x7f)
            problem = problem ? problem : "a control byte (such as %00)";
        out[len++] = c;
    }
    out[len] = 0;
    for (size_t i = 0; !problem && i < len;) {
        size_t k = utf8_sequence((const unsigned char *)out + i, len - i);
        if (!k)
            problem = "bytes that are not UTF-8";
        i += k ? k : 1;
    }
    if (problem && !why[0]) {
        char q[QUOTE_BUF_SIZE];
        snprintf(why, why_size, "%s '%s' holds %s", what, quote_bytes(q, s, n), problem);
    }
    return out;
}

/* Reads "key=value&..." into r->query. */
static bool read_query(HttpRequest *r, const char *q)
{
    int cap = 1;
    for (const char *p = q; *p; p++)
        cap += *p == '&';
    r->query = calloc((size_t)cap * 2, sizeof *r->query);
    if (!r->query)
        return false;
    while (*q) {
        size_t n = strcspn(q, "&");
        size_t k = strcspn(q, "=&");
        if (n) {
            char **pair = r->query + 2 * r->query_count;
            pair[0] = decode(q, k, true, "the query argument", r->malformed, sizeof r->malformed);
            pair[1] = decode(q + k + (k < n), n - k - (k < n), true, "the query argument", r->malformed,
                             sizeof r->malformed);
            bool twice = pair[0] && http_query(r, pair[0]);
            r->query_count++;
            if (!pair[0] || !pair[1])
                return false;
            if (twice && !r->malformed[0]) {
                char qk[QUOTE_BUF_SIZE];
                snprintf(r->malformed, sizeof r->malformed, "the query argument '%s' is given twice",
                         quote(qk, pair[0]));
            }
        }
        q += n + (q[n] == '&');
    }
    return true;
}

/* A "." or ".." segment would name another place than the path says. */
static bool dot_segment(const char *path)
{
    for (const char *p = path; (p = strchr(p, '/')); p++) {
        size_t n = strcspn(p + 1, "/");
        if ((n == 1 && p[1] == '.') || (n == 2 && p[1] == '.' && p[2] == '.'))
            return true;
    }
    return false;
}

HttpRequest *request_new(const char *method, const char *target)
{
    HttpRequest *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->method = method;
    size_t n = strcspn(target, "?");
    r->path = decode(target, n, false, "the path", r->malformed, sizeof r->malformed);
    if (!r->path || !read_query(r, target + n + (target[n] == '?'))) {
        request_free(r);
        return NULL;
    }
    if (!r->malformed[0] && r->path[0] != '/')
        snprintf(r->malformed, sizeof r->malformed, "the path must start with /");
    if (!r->malformed[0] && dot_segment(r->path))
        snprintf(r->malformed, sizeof r->malformed, "the path has a '.' or '..' segment");
    return r;
}

bool request_append_body(HttpRequest *r, const char *data, size_t n)
{
    if (r->too_large || r->len + n > HTTP_BODY_MAX) {
        r->too_large = true;
        return true;
    }
    if (r->len + n + 1 > r->cap) {
        size_t cap = r->cap ? r->cap : 4096;
        while (cap < r->len + n + 1)
            cap *= 2;
        char *b = realloc(r->body, cap);
        if (!b)
            return false;
        r->body = b;
        r->cap = cap;
    }
    memcpy(r->body + r->len, data, n);
    r->len += n;
    r->body[r->len] = 0;
    return true;
}

void request_free(HttpRequest *r)
{
    if (!r)
        return;
    for (int i = 0; r->query && i < 2 * r->query_count; i++)
        free(r->query[i]);
    free(r->query);
    free(r->path);
    free(r->body);
    free(r->authorization);
    free(r->host);
    free(r->origin);
    free(r->content_type);
    free(r->cookie);
    free(r);
}

bool request_set_header(HttpRequest *r, const char *name, const char *value)
{
    char **slot = !strcasecmp(name, "Authorization") ? &r->authorization
                  : !strcasecmp(name, "Host")        ? &r->host
                  : !strcasecmp(name, "Origin")      ? &r->origin
                  : !strcasecmp(name, "Content-Type") ? &r->content_type
                  : !strcasecmp(name, "Cookie")      ? &r->cookie
                                                     : NULL;
    if (!slot)
        return true;
    free(*slot);
    *slot = strdup(value);
    return *slot != NULL;
}

const char *http_cookie(const HttpRequest *r, const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    for (const char *c = r->cookie; c && *c;) {
        while (*c == ' ' || *c == ';')
            c++;
        size_t len = strcspn(c, ";");
        if (len > n && !strncmp(c, name, n) && c[n] == '=') {
            size_t vlen = len - n - 1;
            if (vlen >= size)
                return NULL;
            memcpy(out, c + n + 1, vlen);
            out[vlen] = 0;
            return out;
        }
        c += len;
    }
    return NULL;
}

bool http_same_site(const HttpRequest *r)
{
    const char *origin = r->origin, *host = r->host;
    if (!origin)
        return true;
    const char *sep = strstr(origin, "://");
    return host && sep && !strcmp(sep + 3, host);
}

bool request_set_authorization(HttpRequest *r, const char *value)
{
    return request_set_header(r, "Authorization", value);
}

const char *http_bearer(const HttpRequest *r)
{
    const char *a = r->authorization;
    if (!a || strncasecmp(a, "Bearer ", 7))
        return NULL;
    a += 7;
    while (*a == ' ')
        a++;
    return *a ? a : NULL;
}

const char *http_method(const HttpRequest *r) { return r->method; }
const char *http_path(const HttpRequest *r) { return r->path; }
const char *http_body(const HttpRequest *r) { return r->body ? r->body : ""; }
size_t http_body_len(const HttpRequest *r) { return r->len; }

const char *http_query(const HttpRequest *r, const char *key)
{
    for (int i = 0; i < r->query_count; i++)
        if (!strcmp(r->query[2 * i], key))
            return r->query[2 * i + 1];
    return NULL;
}
