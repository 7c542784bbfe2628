/* The JSON API under /api/ (documented in docs/http-api.md). */
#ifndef HEXCHESS_API_H
#define HEXCHESS_API_H

#include "gamecache.h"
#include "http.h"

/* The HTTP handler for /api/ (ctx: the GameTable). */
void api_handle(const HttpRequest *req, HttpResponse *res, void *ctx);

#endif
