/* The web app's static files, served from one folder; nothing outside it is ever read. */
#ifndef HEXCHESS_FILES_H
#define HEXCHESS_FILES_H

#include <stdbool.h>

#include "http.h"

typedef struct {
    char root[4096]; /* the folder, resolved */
} StaticFiles;

/* Finds the web folder: dir if given, else $HEXCHESS_WEB, else web/ or share/hexchess/web/ beside
 * or above the program. false with a message when none holds index.html. */
bool files_init(StaticFiles *f, const char *dir, char *err, int err_size);
/* The HTTP handler (ctx: StaticFiles). */
void files_handle(const HttpRequest *req, HttpResponse *res, void *ctx);

#endif
