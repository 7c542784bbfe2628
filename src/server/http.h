/*
 * The HTTP layer over libmicrohttpd: listening, reading request bodies (capped at 1 MiB), routing
 * by path prefix and sending responses, within limits that keep slow or greedy clients from holding
 * the server. Handlers see plain structs, never libmicrohttpd.
 */
#ifndef HEXCHESS_HTTP_H
#define HEXCHESS_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#include "../core/util/types.h"
#include "request.h"
#include "site.h"

/* A response body sent as it is produced (an event stream). The connection waits, costing no thread,
 * until its producer has more. */
typedef struct HttpPush HttpPush;
typedef struct {
    /* Copies up to max bytes that are ready into buf and returns their count. With nothing ready, it
     * calls http_push_wait and returns 0; -1 ends the body. */
    long (*read)(void *ctx, HttpPush *push, char *buf, size_t max);
    void (*close)(void *ctx); /* the connection is gone: no read or wake follows */
    void *ctx;
} HttpSource;

/* From within read only: the connection sleeps until http_push_wake. */
void http_push_wait(HttpPush *p);
/* From any thread, once after each http_push_wait and before close: read is called again. */
void http_push_wake(HttpPush *p);

typedef struct {
    int status;
    const char *content_type;
    char *body; /* malloc'd; freed by the server */
    size_t len;
    char filename[96]; /* non-empty: sent as an attachment with this name */
    bool no_store;     /* Cache-Control: no-store */
    char set_cookie[256]; /* non-empty: sent as Set-Cookie */
    HttpSource source; /* source.read set: the body comes from it instead; the server closes it (a
                          caller of http_route without a socket closes it itself) */
} HttpResponse;

typedef void (*HttpHandler)(const HttpRequest *req, HttpResponse *res, void *ctx);

typedef struct {
    const char *prefix; /* the first route whose prefix starts the path handles it */
    HttpHandler handler;
    void *ctx;
} HttpRoute;

typedef struct {
    int threads;          /* threads answering requests */
    int max_connections;  /* open connections in all; more are refused */
    int max_per_client;   /* open connections from one address; more are refused */
    int header_timeout_s; /* a request's headers must be complete this long after the connection
                             opened or its previous request ended; else it is closed */
    int idle_timeout_s;   /* a connection silent this long is closed */
    int request_timeout_s; /* a request's body must be complete this long after its headers */
} HttpLimits;

typedef struct HttpServer HttpServer;

/* Where to listen, read before anything starts so that a bad value is the user's error, not the server's. */
typedef struct {
    struct sockaddr_storage addr;
    bool v6;
    const char *text; /* as given, for messages; not owned */
    char host[128];   /* the address part as given ("localhost", "[::1]") */
    const char *public_url; /* where the site is served for the world (--public-url), or NULL */
} HttpListen;

/* Reads "ADDR:PORT" ("[::1]:PORT" for IPv6, "localhost:PORT"; port 0 picks a free one); false with
 * one line naming the value. */
bool http_parse_listen(const char *text, HttpListen *out, char *err, int err_size);
/* NULL with a message. */
HttpServer *http_start(const HttpListen *listen, const HttpRoute *routes, int route_count, const HttpLimits *limits,
                       char *err, int err_size);
int http_port(const HttpServer *s);
void http_stop(HttpServer *s);

/* Answers a request: 400 when its target is malformed, the status of site_check (site.h) when the
 * site refuses it, else by the first route whose prefix starts its path, else 404. The server calls
 * it for every request; a test can call it with no socket (site NULL). */
void http_route(const HttpRoute *routes, int route_count, const HttpSite *site, const HttpRequest *req,
                HttpResponse *res);

/* Sets the response to a copy of text. */
void http_text(HttpResponse *res, int status, const char *content_type, const char *text, size_t len);
/* Sets the response to {"error": message, "code": code, "status": status}. The code names the cause
 * for programs and for the page's translations (docs/http-api.md lists them); NULL: the status's own
 * ("not_found", "too_many_requests" ...). */
PRINTF_LIKE(4, 5) void http_error(HttpResponse *res, int status, const char *code, const char *fmt, ...);

#endif
