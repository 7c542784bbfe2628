#include "site.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/util/quote.h"

static void add_name(HttpSite *s, const char *host, int port)
{
    if (s->count == SITE_NAMES_MAX)
        return;
    char *n = s->names[s->count++];
    if (port >= 0)
        snprintf(n, SITE_NAME_MAX, "%s:%d", host, port);
    else
        snprintf(n, SITE_NAME_MAX, "%s", host);
    for (; *n; n++)
        *n = (char)tolower((unsigned char)*n);
}

/* Splits "scheme://host[:port][/path]" into the scheme's length and host[:port]; false when it is not one. */
static bool url_authority(const char *url, size_t *scheme_len, char *authority, size_t size)
{
    const char *sep = strstr(url, "://");
    if (!sep || (strncmp(url, "http", 4) || (sep - url != 4 && (sep - url != 5 || url[4] != 's'))))
        return false;
    const char *a = sep + 3;
    size_t n = strcspn(a, "/?#");
    if (!n || n >= size || memchr(a, '@', n))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)a[i]) && !strchr(".-:[]", a[i]))
            return false;
    memcpy(authority, a, n);
    authority[n] = 0;
    *scheme_len = (size_t)(sep - url);
    return true;
}

bool site_public_url_ok(const char *public_url, char *err, int err_size)
{
    char authority[SITE_NAME_MAX], q[QUOTE_BUF_SIZE];
    size_t scheme;
    if (url_authority(public_url, &scheme, authority, sizeof authority))
        return true;
    snprintf(err, (size_t)err_size, "'%s' is not an http:// or https:// URL with a host name", quote(q, public_url));
    return false;
}

bool site_init(HttpSite *s, const char *listen_host, int port, const char *public_url, char *err, int err_size)
{
    memset(s, 0, sizeof *s);
    s->port = port;
    s->any_address = !strcmp(listen_host, "0.0.0.0") || !strcmp(listen_host, "[::]");
    bool loopback = s->any_address || !strcmp(listen_host, "localhost") || !strncmp(listen_host, "127.", 4) ||
                    !strcmp(listen_host, "[::1]");
    if (!s->any_address)
        add_name(s, listen_host, port);
    if (loopback) {
        add_name(s, "localhost", port);
        add_name(s, "127.0.0.1", port);
        add_name(s, "[::1]", port);
    }
    if (!public_url)
        return true;
    size_t scheme;
    char authority[SITE_NAME_MAX];
    if (!url_authority(public_url, &scheme, authority, sizeof authority))
        return site_public_url_ok(public_url, err, err_size);
    add_name(s, authority, -1);
    s->secure = scheme == 5;
    int n = snprintf(s->public_origin, sizeof s->public_origin, "%.*s%s", (int)scheme + 3, public_url,
                     s->names[s->count - 1]);
    if (n < 0 || (size_t)n >= sizeof s->public_origin) {
        snprintf(err, (size_t)err_size, "the --public-url's origin is longer than %zu bytes", sizeof s->public_origin - 1);
        return false;
    }
    return true;
}

/* "ADDRESS:port" with an IPv4 or bracketed IPv6 address and the site's port. */
static bool address_with_port(const HttpSite *s, const char *host)
{
    const char *colon = strrchr(host, ':');
    if (!colon || atoi(colon + 1) != s->port)
        return false;
    char addr[64];
    unsigned char buf[16];
    size_t n = (size_t)(colon - host);
    if (n < 2 || n >= sizeof addr)
        return false;
    if (host[0] == '[' && host[n - 1] == ']') {
        snprintf(addr, sizeof addr, "%.*s", (int)n - 2, host + 1);
        return inet_pton(AF_INET6, addr, buf) == 1;
    }
    snprintf(addr, sizeof addr, "%.*s", (int)n, host);
    return inet_pton(AF_INET, addr, buf) == 1;
}

static bool host_allowed(const HttpSite *s, const char *host)
{
    for (int i = 0; i < s->count; i++)
        if (!strcasecmp(host, s->names[i]))
            return true;
    return s->any_address && address_with_port(s, host);
}

/* The Origin of one of the site's own pages: the scheme and the Host the request was sent to, or
 * the public URL's. */
static bool same_origin(const HttpSite *s, const char *origin, const char *host)
{
    if (s->public_origin[0] && !strcasecmp(origin, s->public_origin))
        return true;
    const char *rest = !strncasecmp(origin, "http://", 7) ? origin + 7 : !strncasecmp(origin, "https://", 8) ? origin + 8 : NULL;
    return rest && !strcasecmp(rest, host);
}

/* "application/json", with parameters or not. */
static bool json_type(const char *type)
{
    static const char JSON[] = "application/json";
    if (!type || strncasecmp(type, JSON, sizeof JSON - 1))
        return false;
    const char *rest = type + sizeof JSON - 1;
    while (*rest == ' ')
        rest++;
    return !*rest || *rest == ';';
}

int site_check(const HttpSite *site, const HttpRequest *r, char *why, int why_size)
{
    char q[QUOTE_BUF_SIZE];
    if (site && !r->host) {
        snprintf(why, (size_t)why_size, "the request has no Host header");
        return 400;
    }
    if (site && !host_allowed(site, r->host)) {
        snprintf(why, (size_t)why_size, "Host '%s' is not a name this server is served at", quote(q, r->host));
        return 403;
    }
    bool reads = !strcmp(r->method, "GET") || !strcmp(r->method, "HEAD");
    if (site && !reads && r->origin && !same_origin(site, r->origin, r->host)) {
        snprintf(why, (size_t)why_size, "a request from another site's page (Origin '%s') is refused", quote(q, r->origin));
        return 403;
    }
    if (r->len && !json_type(r->content_type)) {
        snprintf(why, (size_t)why_size, "the body must be sent as Content-Type: application/json");
        return 415;
    }
    return 0;
}
