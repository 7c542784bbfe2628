/*
 * libFuzzer target: the JSON API through its router, with no socket. An input is up to eight
 * requests separated by a line "===", each "METHOD TARGET [@white|@black]" on its first line and the
 * body after it, run in order on a fresh in-memory game store (so game ids count from 1); @white and
 * @black send the token of that seat of the game created last. Properties: every answer
 * has a status the API documents, a body of valid UTF-8, JSON that parses for every JSON answer and
 * an "error" string in every 4xx; no crash, undefined behaviour or leak.
 */
#include <cjson/cJSON.h>

#include "../src/core/util/quote.h"
#include "../src/server/api.h"
#include "fuzz_common.h"

enum { MAX_REQUESTS = 8 };

static bool utf8_valid(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t n = utf8_sequence((const unsigned char *)s + i, len - i);
        if (!n)
            return false;
        i += n;
    }
    return true;
}

static void check_response(const HttpResponse *res)
{
    static const int statuses[] = {200, 201, 400, 403, 404, 405, 409, 413, 415, 422};
    bool known = false;
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        known |= res->status == statuses[i];
    FUZZ_REQUIRE(known, "status %d: %.*s", res->status, (int)res->len, res->body);
    if (res->source.read) {
        /* An event stream: its first event is ready at once. */
        char buf[1 << 16];
        long n = res->source.read(res->source.ctx, NULL, buf, sizeof buf);
        FUZZ_REQUIRE(n > 0 && !strncmp(buf, "retry: ", 7), "an event stream that starts with %ld bytes", n);
        res->source.close(res->source.ctx);
        return;
    }
    FUZZ_REQUIRE(res->body && strlen(res->body) == res->len, "a body of %zu bytes with a NUL", res->len);
    FUZZ_REQUIRE(utf8_valid(res->body, res->len), "the body is not UTF-8: %s", res->body);
    if (strcmp(res->content_type, "application/json"))
        return;
    cJSON *o = cJSON_ParseWithLengthOpts(res->body, res->len + 1, NULL, true);
    FUZZ_REQUIRE(o, "the body is not JSON: %s", res->body);
    if (res->status >= 400)
        FUZZ_REQUIRE(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "error")), "no error: %s", res->body);
    cJSON_Delete(o);
}

/* The seat tokens of the game created last. */
static char tokens[2][80];

static void keep_tokens(const HttpResponse *res)
{
    cJSON *o = res->status == 201 ? cJSON_Parse(res->body) : NULL;
    cJSON *tk = cJSON_GetObjectItemCaseSensitive(o, "tokens");
    static const char *const sides[] = {"white", "black"};
    for (int c = 0; c < 2 && tk; c++) {
        const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tk, sides[c]));
        snprintf(tokens[c], sizeof tokens[c], "Bearer %s", v ? v : "");
    }
    cJSON_Delete(o);
}

/* Runs one "METHOD TARGET [@SEAT]\nBODY" request (len bytes at text, NUL-terminated). */
static void run_request(Api *t, const char *text, size_t len)
{
    size_t line = strcspn(text, "\n");
    size_t sp = strcspn(text, " \n");
    char method[16], *target = malloc(line + 1);
    if (!target)
        abort();
    snprintf(method, sizeof method, "%.*s", (int)sp, text);
    int seat = -1;
    if (line > 7 && !memcmp(text + line - 7, " @white", 7))
        seat = 0, line -= 7;
    else if (line > 7 && !memcmp(text + line - 7, " @black", 7))
        seat = 1, line -= 7;
    size_t tlen = sp < line ? line - sp - 1 : 0;
    memcpy(target, text + sp + (sp < line), tlen);
    target[tlen] = 0;
    HttpRequest *req = request_new(method, target);
    free(target);
    if (!req)
        abort();
    size_t body = line + (seat >= 0 ? 7 : 0);
    if (body < len && (!request_append_body(req, text + body + 1, len - body - 1) ||
                       !request_set_header(req, "Content-Type", "application/json")))
        abort();
    if (seat >= 0 && tokens[seat][0] && !request_set_authorization(req, tokens[seat]))
        abort();
    HttpResponse res = {0};
    HttpRoute api = {"/api/", api_handle, t};
    http_route(&api, 1, NULL, req, &res);
    check_response(&res);
    keep_tokens(&res);
    free(res.body);
    request_free(req);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return 0;
    char *text = fuzz_text(data, size), err[256];
    Store *store = store_open(":memory:", err, (int)sizeof err);
    FUZZ_REQUIRE(store, "%s", err);
    GameLimits limits = {.max_think_ms = 1000, .cache_games = 3, .engine_threads = 1, .engine_memory_mb = 1};
    EventHub *hub = events_new(60000, err, (int)sizeof err);
    FUZZ_REQUIRE(hub, "no event hub: %s", err);
    GameTable *games = games_new(store, &limits, hub, err, (int)sizeof err);
    FUZZ_REQUIRE(games, "no game table: %s", err);
    Api *t = api_new(games, false, err, (int)sizeof err);
    FUZZ_REQUIRE(t, "no API: %s", err);
    tokens[0][0] = tokens[1][0] = 0;
    char *req = text;
    for (int n = 0; n < MAX_REQUESTS && req; n++) {
        char *sep = strstr(req, "\n===\n");
        if (sep)
            *sep = 0;
        run_request(t, req, sep ? (size_t)(sep - req) : size - (size_t)(req - text));
        req = sep ? sep + 5 : NULL;
    }
    api_free(t);
    games_free(games);
    events_free(hub);
    store_close(store);
    free(text);
    return 0;
}
