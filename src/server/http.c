#include "http.h"

#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "../core/util/quote.h"
#include "deadline.h"

/* Each connection's buffer for its request line, headers and reading: room for a target and headers
 * at the server's own bounds (request.h) with the rest, so that past them the server answers, in
 * JSON; past this, libmicrohttpd answers 414 or 431 itself. 512 connections hold 32 MiB at most. */
enum { HTTP_CONNECTION_MEMORY = 64 * 1024 };

struct HttpServer {
    struct MHD_Daemon *daemon;
    Deadlines *deadlines;
    HttpRoute *routes;
    int route_count;
    int port;
    HttpSite site;
    int header_timeout_s, request_timeout_s;
};

void http_text(HttpResponse *res, int status, const char *content_type, const char *text, size_t len)
{
    free(res->body);
    res->status = status;
    res->content_type = content_type;
    res->body = malloc(len + 1);
    res->len = res->body ? len : 0;
    if (res->body) {
        memcpy(res->body, text, len);
        res->body[len] = 0;
    }
}

/* The code of a refusal whose cause is no more than its status. */
static const char *status_code(int status)
{
    static const struct {
        int status;
        const char *code;
    } CODES[] = {{400, "bad_request"},      {401, "not_signed_in"}, {403, "forbidden"},
                 {404, "not_found"},        {405, "method_not_allowed"}, {408, "timeout"},
                 {409, "conflict"},         {413, "too_large"},     {415, "bad_content_type"},
                 {422, "unprocessable"},    {429, "too_many_requests"}, {503, "unavailable"}};
    for (size_t i = 0; i < sizeof CODES / sizeof CODES[0]; i++)
        if (CODES[i].status == status)
            return CODES[i].code;
    return "internal";
}

void http_error(HttpResponse *res, int status, const char *code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "error", msg);
    cJSON_AddStringToObject(o, "code", code ? code : status_code(status));
    cJSON_AddNumberToObject(o, "status", status);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    const char *fallback = "{\"error\":\"out of memory\"}";
    http_text(res, status, "application/json", text ? text : fallback, strlen(text ? text : fallback));
    free(text);
    res->filename[0] = 0;
}

struct HttpPush {
    struct MHD_Connection *conn;
    HttpSource source;
};

void http_push_wait(HttpPush *p) { MHD_suspend_connection(p->conn); }
void http_push_wake(HttpPush *p) { MHD_resume_connection(p->conn); }

static ssize_t push_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    HttpPush *p = cls;
    long n = p->source.read(p->source.ctx, p, buf, max);
    return n < 0 ? MHD_CONTENT_READER_END_OF_STREAM : (ssize_t)n;
}

static void push_free(void *cls)
{
    HttpPush *p = cls;
    p->source.close(p->source.ctx);
    free(p);
}

/* A streamed body: the response reads its source until the source ends it or the client leaves. */
static struct MHD_Response *push_response(struct MHD_Connection *conn, HttpResponse *res)
{
    HttpPush *p = malloc(sizeof *p);
    struct MHD_Response *r = p ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, push_read, p, push_free)
                               : NULL;
    if (!r) {
        res->source.close(res->source.ctx);
        free(p);
        return NULL;
    }
    p->conn = conn;
    p->source = res->source;
    /* A proxy must pass each event on at once. */
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    return r;
}

static enum MHD_Result send_response(struct MHD_Connection *conn, HttpResponse *res)
{
    if (res->source.read) {
        free(res->body);
        res->body = NULL;
    } else if (!res->body) {
        res->body = malloc(1);
        res->len = 0;
        if (!res->body)
            return MHD_NO;
        res->body[0] = 0;
    }
    struct MHD_Response *r = res->source.read ? push_response(conn, res)
                                              : MHD_create_response_from_buffer(res->len, res->body,
                                                                                MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(res->body);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
                            res->content_type ? res->content_type : "application/octet-stream");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, res->no_store ? "no-store" : "no-cache");
    if (res->set_cookie[0])
        MHD_add_response_header(r, MHD_HTTP_HEADER_SET_COOKIE, res->set_cookie);
    if (res->filename[0]) {
        char disp[160];
        snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", res->filename);
        MHD_add_response_header(r, "Content-Disposition", disp);
    }
    enum MHD_Result ok = MHD_queue_response(conn, (unsigned)res->status, r);
    MHD_destroy_response(r);
    return ok;
}

void http_route(const HttpRoute *routes, int route_count, const HttpSite *site, const HttpRequest *req,
                HttpResponse *res)
{
    if (req->malformed[0]) {
        http_error(res, 400, NULL, "%s", req->malformed);
        return;
    }
    char why[QUOTE_BUF_SIZE + 80];
    int refused = site_check(site, req, why, (int)sizeof why);
    if (refused) {
        http_error(res, refused, NULL, "%s", why);
        return;
    }
    for (int i = 0; i < route_count; i++) {
        const HttpRoute *rt = &routes[i];
        if (!strncmp(req->path, rt->prefix, strlen(rt->prefix))) {
            rt->handler(req, res, rt->ctx);
            return;
        }
    }
    char q[QUOTE_BUF_SIZE];
    http_error(res, 404, NULL, "no such page: %s", quote(q, req->path));
}

static Deadline *connection_deadline(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* Answers at once instead of reading the body on; the library closes the connection after it.
 * Once part of a body was read, libmicrohttpd 0.9.75 refuses the response and just closes. */
PRINTF_LIKE(3, 4) static enum MHD_Result refuse_now(struct MHD_Connection *conn, int status, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    HttpResponse res = {0};
    http_error(&res, status, NULL, "%s", msg);
    return send_response(conn, &res);
}

static enum MHD_Result refuse_large_body(struct MHD_Connection *conn)
{
    return refuse_now(conn, 413, "request body larger than %d bytes", HTTP_BODY_MAX);
}

/* Keeps the headers the handlers and site_check read, and counts the Content-Length ones. */
static enum MHD_Result keep_header(void *cls, enum MHD_ValueKind kind, const char *name, const char *value)
{
    (void)kind;
    HttpRequest *req = cls;
    if (!strcasecmp(name, MHD_HTTP_HEADER_CONTENT_LENGTH))
        req->content_lengths++;
    req->header_bytes += strlen(name) + (value ? strlen(value) : 0) + 4; /* ": " and CRLF */
    return request_set_header(req, name, value ? value : "") ? MHD_YES : MHD_NO;
}

/* The client's address as text, for the caps per client. */
static void client_address(struct MHD_Connection *conn, char *out, size_t size)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *a = info ? info->client_addr : NULL;
    out[0] = 0;
    if (a && a->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)a)->sin_addr, out, (socklen_t)size);
    else if (a && a->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)a)->sin6_addr, out, (socklen_t)size);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    (void)version, (void)url; /* the request holds the path as sent, decoded and checked */
    HttpServer *s = cls;
    HttpRequest *req = *con_cls;
    if (!req)
        return MHD_NO; /* out of memory in uri_received */
    if (!req->method) {
        /* First call: the headers are complete; the body is due within the request timeout. Refuse
         * an announced oversized body before reading it. */
        deadline_arm(s->deadlines, connection_deadline(conn), s->request_timeout_s);
        /* libmicrohttpd answers a HEAD without the body, so every handler answers it as its GET. */
        req->method = strcmp(method, MHD_HTTP_METHOD_HEAD) ? method : MHD_HTTP_METHOD_GET;
        MHD_get_connection_values(conn, MHD_HEADER_KIND, keep_header, req);
        client_address(conn, req->client, sizeof req->client);
        if (req->target_bytes > HTTP_TARGET_MAX) {
            req->too_large = true;
            return refuse_now(conn, 414, "the request target is %zu bytes: at most %d", req->target_bytes,
                              HTTP_TARGET_MAX);
        }
        if (req->header_bytes > HTTP_HEADERS_MAX) {
            req->too_large = true;
            return refuse_now(conn, 431, "the request's headers are %zu bytes: at most %d", req->header_bytes,
                              HTTP_HEADERS_MAX);
        }
        /* Two lengths leave where the body ends (and the next request starts) to whoever reads it. */
        if (req->content_lengths > 1) {
            req->too_large = true; /* whatever comes is dropped */
            return refuse_now(conn, 400, "the request has %d Content-Length headers", req->content_lengths);
        }
        const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > HTTP_BODY_MAX) {
            req->too_large = true;
            return refuse_large_body(conn);
        }
        return MHD_YES;
    }
    if (req->too_large) {
        *upload_data_size = 0; /* the 413 is queued: whatever comes is dropped */
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (!request_append_body(req, upload_data, n))
            return MHD_NO;
        /* A body without a length (chunked) grew past the cap: stop reading it. */
        return req->too_large ? refuse_large_body(conn) : MHD_YES;
    }
    deadline_disarm(s->deadlines, connection_deadline(conn));
    HttpResponse res = {0};
    http_route(s->routes, s->route_count, &s->site, req, &res);
    if (!res.status)
        http_error(&res, 500, NULL, "no response");
    /* After a HEAD's headers libmicrohttpd 0.9.75 may still send a streamed body's first bytes,
     * which the client reads as the next answer on the connection: a stream's HEAD gets no stream. */
    if (res.source.read && !strcmp(method, MHD_HTTP_METHOD_HEAD)) {
        res.source.close(res.source.ctx);
        res.source.read = NULL;
    }
    return send_response(conn, &res);
}

/* libmicrohttpd's own decoding of the path cuts it at a %00 (/index.html%00.js would serve
 * index.html), so each request starts from the target exactly as the client sent it. */
static void *uri_received(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls, (void)conn;
    HttpRequest *req = request_new(NULL, uri);
    if (req)
        req->target_bytes = strlen(uri);
    return req;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    HttpServer *s = cls;
    /* A kept-alive connection now waits for its next request's headers. */
    deadline_arm(s->deadlines, connection_deadline(conn), s->header_timeout_s);
    request_free(*con_cls);
    *con_cls = NULL;
}

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    HttpServer *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = info ? deadline_add(s->deadlines, info->connect_fd, s->header_timeout_s) : NULL;
    } else {
        /* Before the library closes the socket: the watchdog never touches a reused descriptor. */
        deadline_remove(s->deadlines, *socket_context);
        *socket_context = NULL;
    }
}

bool http_parse_listen(const char *listen, HttpListen *out, char *err, int err_size)
{
    char host[128], q[QUOTE_BUF_SIZE];
    quote(q, listen);
    out->text = listen;
    const char *colon = strrchr(listen, ':');
    if (!colon || colon == listen || (size_t)(colon - listen) >= sizeof host) {
        snprintf(err, (size_t)err_size, "'%s' is not ADDR:PORT, e.g. 127.0.0.1:8080", q);
        return false;
    }
    memcpy(host, listen, (size_t)(colon - listen));
    host[colon - listen] = 0;
    snprintf(out->host, sizeof out->host, "%s", host);
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (*end || end == colon + 1 || port < 0 || port > 65535) {
        snprintf(err, (size_t)err_size, "'%s': the port is not from 0 to 65535", q);
        return false;
    }
    struct sockaddr_storage *addr = &out->addr;
    memset(addr, 0, sizeof *addr);
    out->v6 = host[0] == '[';
    if (out->v6) {
        size_t hl = strlen(host);
        if (hl < 3 || host[hl - 1] != ']') {
            snprintf(err, (size_t)err_size, "'%s': the address in brackets is not IPv6", q);
            return false;
        }
        host[hl - 1] = 0;
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)addr;
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, host + 1, &a6->sin6_addr) != 1) {
            snprintf(err, (size_t)err_size, "'%s': the address in brackets is not IPv6", q);
            return false;
        }
        return true;
    }
    struct sockaddr_in *a4 = (struct sockaddr_in *)addr;
    a4->sin_family = AF_INET;
    a4->sin_port = htons((uint16_t)port);
    if (!strcmp(host, "localhost"))
        snprintf(host, sizeof host, "127.0.0.1");
    if (inet_pton(AF_INET, host, &a4->sin_addr) != 1) {
        snprintf(err, (size_t)err_size, "'%s': the address is neither IPv4 nor localhost", q);
        return false;
    }
    return true;
}

HttpServer *http_start(const HttpListen *listen, const HttpRoute *routes, int route_count, const HttpLimits *limits,
                       char *err, int err_size)
{
    HttpServer *s = calloc(1, sizeof *s);
    if (!s || !(s->routes = malloc((size_t)route_count * sizeof *routes))) {
        free(s);
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    memcpy(s->routes, routes, (size_t)route_count * sizeof *routes);
    s->route_count = route_count;
    s->header_timeout_s = limits->header_timeout_s;
    s->request_timeout_s = limits->request_timeout_s;
    s->deadlines = deadlines_new(err, err_size);
    if (!s->deadlines) {
        free(s->routes);
        free(s);
        return NULL;
    }
    /* epoll and a small pool of threads serve every connection; an event stream that waits is
     * suspended, so hundreds of them cost no thread. */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    if (listen->v6)
        flags |= MHD_USE_IPv6;
    s->daemon = MHD_start_daemon(flags, 0, NULL, NULL, on_request, s,
                                 MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&listen->addr,
                                 MHD_OPTION_THREAD_POOL_SIZE, (unsigned)limits->threads,
                                 MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)limits->idle_timeout_s,
                                 MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)HTTP_CONNECTION_MEMORY,
                                 MHD_OPTION_CONNECTION_LIMIT, (unsigned)limits->max_connections,
                                 MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)limits->max_per_client,
                                 MHD_OPTION_NOTIFY_CONNECTION, on_connection, s, MHD_OPTION_NOTIFY_COMPLETED,
                                 on_completed, s, MHD_OPTION_URI_LOG_CALLBACK, uri_received, s, MHD_OPTION_END);
    if (!s->daemon) {
        snprintf(err, (size_t)err_size, "cannot listen on %s (in use, or not an address of this machine?)",
                 listen->text);
        deadlines_free(s->deadlines);
        free(s->routes);
        free(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : 0;
    if (!site_init(&s->site, listen->host, s->port, listen->public_url, err, err_size)) {
        http_stop(s);
        return NULL;
    }
    return s;
}

int http_port(const HttpServer *s)
{
    return s->port;
}

void http_stop(HttpServer *s)
{
    if (!s)
        return;
    MHD_stop_daemon(s->daemon);
    deadlines_free(s->deadlines);
    free(s->routes);
    free(s);
}
