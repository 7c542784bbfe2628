/* The JSON API under /api/ (documented in docs/http-api.md and docs/community-api.md). */
#ifndef HEXCHESS_API_H
#define HEXCHESS_API_H

#include "gamecache.h"
#include "http.h"

/* The API's state beside the games: the players' sign-in failures. */
typedef struct Api Api;

/* NULL with a message. https: the site is served over https (--public-url https://...), so the
 * session cookie is marked Secure, never sent over plain http. */
Api *api_new(GameTable *games, bool https, char *err, int err_size);
void api_free(Api *a);
/* The HTTP handler for /api/ (ctx: the Api). */
void api_handle(const HttpRequest *req, HttpResponse *res, void *ctx);

#endif
