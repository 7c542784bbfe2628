/* The JSON API under /api/ (documented in docs/http-api.md and docs/community-api.md). */
#ifndef HEXCHESS_API_H
#define HEXCHESS_API_H

#include "gamecache.h"
#include "http.h"

/* The API's state beside the games: the players' sign-in failures. */
typedef struct Api Api;

/* NULL with a message. */
Api *api_new(GameTable *games, char *err, int err_size);
void api_free(Api *a);
/* The HTTP handler for /api/ (ctx: the Api). */
void api_handle(const HttpRequest *req, HttpResponse *res, void *ctx);

#endif
