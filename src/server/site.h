/*
 * Who may ask the server to act. A request must name the server as it is served (Host: the --listen
 * address, loopback names when it listens on loopback, the --public-url), which a page of another
 * name rebound to this address (DNS rebinding) cannot; a request that changes anything must not
 * come from another site's page (Origin); and a body is JSON sent as JSON, which another site's
 * form or plain fetch cannot send without the browser asking first. http_route checks every request
 * here before any handler sees it, so each new route is covered as it is added.
 */
#ifndef HEXCHESS_SITE_H
#define HEXCHESS_SITE_H

#include <stdbool.h>

#include "request.h"

enum { SITE_NAMES_MAX = 8, SITE_NAME_MAX = 300 };

typedef struct {
    char names[SITE_NAMES_MAX][SITE_NAME_MAX]; /* Host values accepted, lower case ("host:port") */
    int count;
    bool any_address; /* listening on every address: any IP address with the port is a name */
    int port;
    char public_origin[SITE_NAME_MAX]; /* "https://example.org" of --public-url, or "" */
    bool secure;                       /* --public-url is https: cookies are to be marked Secure */
} HttpSite;

/* The site served on listen_host (as --listen gives it: "127.0.0.1", "[::1]", "0.0.0.0",
 * "localhost") and port, and at public_url (NULL for none); false with one line on a bad URL. */
bool site_init(HttpSite *s, const char *listen_host, int port, const char *public_url, char *err, int err_size);
/* Whether public_url is one site_init takes; false with one line naming what is wrong. */
bool site_public_url_ok(const char *public_url, char *err, int err_size);
/* 0 when the request may be answered, else its status with why: 400 no Host, 403 a Host that is not
 * the site's or an Origin of another site on a request that is not GET or HEAD, 415 a body not sent
 * as application/json. site NULL (a request with no socket, in a test) checks the body only. */
int site_check(const HttpSite *site, const HttpRequest *r, char *why, int why_size);

#endif
