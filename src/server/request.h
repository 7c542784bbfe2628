/*
 * An HTTP request as the handlers see it: the method, the path and the query arguments
 * percent-decoded and checked, and the body. The transport (http.c) builds it from what the client
 * sent; a test or a fuzzer can build one with no socket at all.
 */
#ifndef HEXCHESS_REQUEST_H
#define HEXCHESS_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

/* The server's own bounds on a request; the connection's buffer (http.c) holds more than a target
 * and headers at these bounds, so that the server, not the library, answers past them. */
enum { HTTP_BODY_MAX = 1 << 20, HTTP_TARGET_MAX = 8192, HTTP_HEADERS_MAX = 16384 };

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
    char *host, *origin, *content_type; /* those headers, or NULL (site.h checks them) */
    char *cookie;        /* the Cookie header (the session), or NULL */
    char client[64];     /* the client's address, "" when there is no socket */
    int content_lengths; /* Content-Length headers sent (more than one is refused) */
    size_t target_bytes, header_bytes; /* the target and the headers as sent (names, values) */
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
/* Keeps a copy of a header the server reads (Authorization, Host, Origin, Content-Type, Cookie;
 * others are ignored); false when out of memory. */
bool request_set_header(HttpRequest *r, const char *name, const char *value);

const char *http_method(const HttpRequest *r);
const char *http_path(const HttpRequest *r);
const char *http_body(const HttpRequest *r); /* NUL-terminated */
size_t http_body_len(const HttpRequest *r);
/* The token of an "Authorization: Bearer TOKEN" header, or NULL when there is none. */
const char *http_bearer(const HttpRequest *r);
/* A query-string argument, or NULL. */
const char *http_query(const HttpRequest *r, const char *key);
/* The value of cookie name (copied into out, size bytes at most), or NULL when there is none. */
const char *http_cookie(const HttpRequest *r, const char *name, char *out, size_t size);
/* Does the request come from this site? A browser names the page's site in Origin on a
 * state-changing request; none (a tool, not a browser) counts as this site. The API asks it of
 * every request carrying a session, since a request can reach the API without site_check (a fuzzer
 * or test builds one with no socket). */
bool http_same_site(const HttpRequest *r);

#endif
