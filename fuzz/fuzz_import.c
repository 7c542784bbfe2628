/*
 * libFuzzer target: the page module's import (hx_import in src/wasm/api.c, built natively with
 * fuzz/stub/emscripten.h). Properties: the answer is JSON; an error has a status and a one-line
 * message; an imported game loads back through hx_game as the page would load it.
 */
#include <cjson/cJSON.h>

#include "fuzz_common.h"

char *hx_import(const char *text);
char *hx_game(const char *variant, const char *start, int castling, const char *moves, const char *result,
              const char *reason, const char *action);
void hx_free(char *s);

/* The imported moves as hx_game takes them: space separated. */
static char *joined_moves(const cJSON *moves)
{
    size_t len = 1;
    const cJSON *m;
    cJSON_ArrayForEach(m, moves) len += strlen(cJSON_GetStringValue(m)) + 1;
    char *s = calloc(len, 1);
    if (!s)
        abort();
    cJSON_ArrayForEach(m, moves)
    {
        if (*s)
            strcat(s, " ");
        strcat(s, cJSON_GetStringValue(m));
    }
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return 0;
    char *text = fuzz_text(data, size);
    char *out = hx_import(text);
    FUZZ_REQUIRE(out, "no answer");
    cJSON *o = cJSON_Parse(out);
    FUZZ_REQUIRE(o, "the answer is not JSON: %s", out);
    const char *err = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "error"));
    if (err) {
        FUZZ_REQUIRE(*err && !strchr(err, '\n'), "an error of more or less than one line: %s", out);
        FUZZ_REQUIRE(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(o, "status")), "an error with no status: %s",
                     out);
    } else {
        const char *field[] = {"variant", "start", "result", "reason"};
        const char *val[4];
        for (int i = 0; i < 4; i++) {
            val[i] = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, field[i]));
            FUZZ_REQUIRE(val[i], "no %s: %s", field[i], out);
        }
        char *moves = joined_moves(cJSON_GetObjectItemCaseSensitive(o, "moves"));
        int castling = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "castling"));
        char *game = hx_game(val[0], val[1], castling, moves, val[2], val[3], "");
        FUZZ_REQUIRE(game && !strstr(game, "\"error\""), "the imported game does not load: %s\n%s",
                     game ? game : "(null)", out);
        hx_free(game);
        free(moves);
    }
    cJSON_Delete(o);
    hx_free(out);
    free(text);
    return 0;
}
