/*
 * An HTTP request as the handlers see it: the method, the path and the query arguments
 * percent-decoded and checked, and the body. The transport (http.c) builds it from what the client
 * sent; a test or a fuzzer can build one with no socket at all.
 */
#ifndef HEXCHESS_REQUEST_H
#define HEXCHESS_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

enum { HTTP_BODY_MAX = 1 << 20 };

/* The headers kept besides Authorization: who the client is (its session) and where the request
 * comes from (same-site or not). */
typedef enum { REQUEST_COOKIE, REQUEST_ORIGIN, REQUEST_HOST, REQUEST_HEADER_NB } RequestHeader;
extern const char *const request_header_names[REQUEST_HEADER_NB];

typedef struct HttpRequest {
    const char *method;  /* owned by the builder */
    char *path;          /* decoded, never NULL */
    char **query;        /* decoded: key, value, key, value ... */
    int query_count;     /* pairs */
    char malformed[200]; /* why the request target cannot be served (a 400), or "" */
    char *body;          /* NUL-terminated once anything was appended */
    size_t len, cap;
    bool too_large;      /* the body passed HTTP_BODY_MAX and was dropped */
    char *authorization; /* the Authorization header, or NULL */
    char *headers[REQUEST_HEADER_NB]; /* the other headers handlers read, or NULL */
    char client[48];     /* the client's address as text, "" when unknown */
} HttpRequest;

/* A request for target as the client sent it ("/path?query", percent-encoded). A target with a
 * percent-encoded NUL or other control byte, a bad escape, a "." or ".." segment or bytes that are
 * not UTF-8 still gives a request, with the reason in malformed. NULL when out of memory. */
HttpRequest *request_new(const char *method, const char *target);
/* Adds to the body; past HTTP_BODY_MAX the rest is dropped and too_large set. false when out of memory. */
bool request_append_body(HttpRequest *r, const char *data, size_t n);
void request_free(HttpRequest *r);
/* Keeps a copy of the Authorization header; false when out of memory. */
bool request_set_authorization(HttpRequest *r, const char *value);
/* Keeps a copy of header h; false when out of memory. */
bool request_set_header(HttpRequest *r, RequestHeader h, const char *value);

const char *http_method(const HttpRequest *r);
const char *http_path(const HttpRequest *r);
const char *http_body(const HttpRequest *r); /* NUL-terminated */
size_t http_body_len(const HttpRequest *r);
/* The token of an "Authorization: Bearer TOKEN" header, or NULL when there is none. */
const char *http_bearer(const HttpRequest *r);
/* A query-string argument, or NULL. */
const char *http_query(const HttpRequest *r, const char *key);
/* A header kept, or NULL. */
const char *http_header(const HttpRequest *r, RequestHeader h);
/* The value of cookie name (copied into out, size bytes at most), or NULL when there is none. */
const char *http_cookie(const HttpRequest *r, const char *name, char *out, size_t size);
/* Does the request come from this site? A browser names the page's site in Origin on a
 * state-changing request; none (a tool, not a browser) counts as this site.
 * Temporary: the Origin check of the request layer (branch harden) replaces it. */
bool http_same_site(const HttpRequest *r);

#endif
