#define _XOPEN_SOURCE 700 /* realpath */

#include "files.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/util/quote.h"

static bool has_index(const char *dir)
{
    char path[4200];
    struct stat st;
    snprintf(path, sizeof path, "%s/index.html", dir);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool try_dir(StaticFiles *f, const char *dir)
{
    char resolved[PATH_MAX];
    if (!dir || !realpath(dir, resolved) || !has_index(resolved))
        return false;
    snprintf(f->root, sizeof f->root, "%s", resolved);
    return true;
}

bool files_init(StaticFiles *f, const char *dir, char *err, int err_size)
{
    if (dir) {
        if (try_dir(f, dir))
            return true;
        snprintf(err, (size_t)err_size, "--web %s: no index.html there", dir);
        return false;
    }
    if (try_dir(f, getenv("HEXCHESS_WEB")))
        return true;
    /* Beside the program: build/hexchess -> ../web (a clone), bin/hexchess -> ../share/hexchess/web. */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = 0;
        static const char *const rel[] = {"web", "../web", "../share/hexchess/web"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            char cand[PATH_MAX + 32];
            snprintf(cand, sizeof cand, "%s/%s", exe, rel[i]);
            if (try_dir(f, cand))
                return true;
        }
    }
    if (try_dir(f, "web"))
        return true;
    snprintf(err, (size_t)err_size, "cannot find the web app (web/index.html); give --web DIR");
    return false;
}

static const char *mime_type(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".ico", "image/x-icon"},              {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext))
            return types[i].type;
    return "application/octet-stream";
}

/* A path is served only if every segment is a plain name: no "..", no hidden files, no backslash. */
static bool safe_path(const char *path)
{
    if (path[0] != '/' || strlen(path) > 512)
        return false;
    for (const char *p = path; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == '\\' || c == 0x7f)
            return false;
        if (c == '/' && (p[1] == '.' || p[1] == '/'))
            return false;
    }
    return true;
}

void files_handle(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    const StaticFiles *f = ctx;
    const char *method = http_method(req);
    char q[QUOTE_BUF_SIZE];
    if (strcmp(method, "GET")) {
        http_error(res, 405, NULL, "method %s not allowed here", quote(q, method));
        return;
    }
    const char *path = http_path(req);
    if (!safe_path(path)) {
        http_error(res, 400, NULL, "bad path");
        return;
    }
    if (!strcmp(path, "/"))
        path = "/index.html";
    char full[PATH_MAX + 600], resolved[PATH_MAX];
    snprintf(full, sizeof full, "%s%s", f->root, path);
    size_t root_len = strlen(f->root);
    struct stat st;
    /* Resolve links too: the file must still lie inside the root. */
    if (!realpath(full, resolved) || strncmp(resolved, f->root, root_len) || resolved[root_len] != '/' ||
        stat(resolved, &st) || !S_ISREG(st.st_mode) || st.st_size > 16 * 1024 * 1024) {
        http_error(res, 404, NULL, "no such file: %s", quote(q, path));
        return;
    }
    FILE *in = fopen(resolved, "rb");
    char *data = in ? malloc((size_t)st.st_size + 1) : NULL;
    size_t got = data ? fread(data, 1, (size_t)st.st_size, in) : 0;
    if (in)
        fclose(in);
    if (!data || got != (size_t)st.st_size) {
        free(data);
        http_error(res, 500, NULL, "cannot read %s", quote(q, path));
        return;
    }
    free(res->body);
    res->status = 200;
    res->content_type = mime_type(resolved);
    res->body = data;
    res->len = got;
}
