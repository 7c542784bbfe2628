#include "jsonbody.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util/quote.h"

/* What the text must be before cJSON sees it. cJSON decodes \u0000 into a NUL that silently cuts the
 * string short ("E7-E13\u0000junk" would play E7-E13) and passes raw control bytes and invalid UTF-8
 * through, so those are refused here; false with the reason. */
static bool check_text(const char *text, size_t len, char *err, size_t err_size)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        if (s[i] == 0) {
            snprintf(err, err_size, "the body holds a NUL byte (at byte %zu)", i);
            return false;
        }
        if (s[i] < 0x20 && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') {
            snprintf(err, err_size, "the body holds the control byte 0x%02X (at byte %zu); JSON escapes it", s[i], i);
            return false;
        }
        if (s[i] == '\\' && s[i + 1] < 0x80) {
            /* An escape: two bytes, \uXXXX is checked for the one code point no field takes. */
            if (s[i + 1] == 'u' && !strncmp(text + i + 2, "0000", 4)) {
                snprintf(err, err_size, "the body holds \\u0000, a NUL (at byte %zu); no field takes one", i);
                return false;
            }
            i += 2;
            continue;
        }
        size_t n = utf8_sequence(s + i, len - i);
        if (!n) {
            snprintf(err, err_size, "the body is not UTF-8 text (byte %zu)", i);
            return false;
        }
        i += n;
    }
    return true;
}

/* A short description of a value, for "X must be Y, not Z". */
static const char *describe(const cJSON *it, char *buf, size_t size)
{
    char q[QUOTE_BUF_SIZE];
    if (cJSON_IsNull(it))
        return "null";
    if (cJSON_IsBool(it))
        return cJSON_IsTrue(it) ? "true" : "false";
    if (cJSON_IsNumber(it))
        snprintf(buf, size, "%g", it->valuedouble);
    else if (cJSON_IsString(it))
        snprintf(buf, size, "the string '%s'", quote(q, it->valuestring));
    else
        return cJSON_IsArray(it) ? "an array" : "an object";
    return buf;
}

static bool refuse(JsonBody *b, const char *key, const char *what, const cJSON *it)
{
    char d[QUOTE_BUF_SIZE + 16];
    snprintf(b->error, sizeof b->error, "%s must be %s, not %s", key, what, describe(it, d, sizeof d));
    return false;
}

bool body_parse(JsonBody *b, const char *text, size_t len, const char *const *fields)
{
    b->error[0] = 0;
    b->root = NULL;
    if (len == 0) {
        b->root = cJSON_CreateObject();
        if (!b->root)
            snprintf(b->error, sizeof b->error, "out of memory");
        return b->root != NULL;
    }
    if (!check_text(text, len, b->error, sizeof b->error))
        return false;
    const char *end = NULL;
    /* len + 1 takes in the NUL that follows the text: nothing may come after the value. */
    b->root = cJSON_ParseWithLengthOpts(text, len + 1, &end, true);
    if (!b->root) {
        snprintf(b->error, sizeof b->error, "the body is not valid JSON (at byte %zu)", end ? (size_t)(end - text) : 0);
        return false;
    }
    if (!cJSON_IsObject(b->root)) {
        char d[QUOTE_BUF_SIZE + 16];
        snprintf(b->error, sizeof b->error, "the body must be a JSON object, not %s",
                 describe(b->root, d, sizeof d));
        return false;
    }
    uint64_t seen = 0;
    for (const cJSON *it = b->root->child; it; it = it->next) {
        int k = 0;
        while (fields[k] && strcmp(fields[k], it->string))
            k++;
        char q[QUOTE_BUF_SIZE];
        if (!fields[k]) {
            char takes[200] = "no field";
            size_t n = 0;
            for (int f = 0; fields[f] && n < sizeof takes; f++)
                n += (size_t)snprintf(takes + n, sizeof takes - n, "%s%s", f ? ", " : "", fields[f]);
            snprintf(b->error, sizeof b->error, "unknown field '%s' (this request takes %s)", quote(q, it->string),
                     takes);
            return false;
        }
        if (seen >> k & 1) {
            snprintf(b->error, sizeof b->error, "field '%s' is given twice", fields[k]);
            return false;
        }
        seen |= (uint64_t)1 << k;
    }
    return true;
}

void body_free(JsonBody *b)
{
    cJSON_Delete(b->root);
    b->root = NULL;
}

/* Finds a field whose value is accepts (any value when it is NULL): 1 when present (*it set), 0 when
 * absent and optional, -1 after a refusal. */
static int lookup(JsonBody *b, const char *key, BodyNeed need, const char *what,
                  cJSON_bool (*accepts)(const cJSON *), const cJSON **it)
{
    if (b->error[0])
        return -1;
    *it = cJSON_GetObjectItemCaseSensitive(b->root, key);
    if (*it && accepts && !accepts(*it)) {
        refuse(b, key, what, *it);
        return -1;
    }
    if (*it)
        return 1;
    if (need == BODY_OPTIONAL)
        return 0;
    snprintf(b->error, sizeof b->error, "%s is missing (it must be %s)", key, what);
    return -1;
}

bool body_string(JsonBody *b, const char *key, BodyNeed need, const char **out)
{
    const cJSON *it;
    int found = lookup(b, key, need, "a string", cJSON_IsString, &it);
    if (found > 0)
        *out = it->valuestring;
    return found >= 0;
}

bool body_int(JsonBody *b, const char *key, BodyNeed need, int lo, int hi, int *out)
{
    char what[64];
    snprintf(what, sizeof what, "an integer from %d to %d", lo, hi);
    const cJSON *it;
    int found = lookup(b, key, need, what, NULL, &it);
    if (found <= 0)
        return found == 0;
    /* The range test comes first: it also keeps NaN, infinities and huge values from the cast. */
    double d = cJSON_IsNumber(it) ? it->valuedouble : lo - 1.0;
    if (!(d >= lo && d <= hi) || d != (double)(int)d)
        return refuse(b, key, what, it);
    *out = (int)d;
    return true;
}

bool body_bool(JsonBody *b, const char *key, BodyNeed need, bool *out)
{
    const cJSON *it;
    int found = lookup(b, key, need, "true or false", cJSON_IsBool, &it);
    if (found > 0)
        *out = cJSON_IsTrue(it);
    return found >= 0;
}

bool body_enum(JsonBody *b, const char *key, BodyNeed need, const char *const *names, int *out)
{
    char what[200];
    int count = 0;
    while (names[count])
        count++;
    size_t n = (size_t)snprintf(what, sizeof what, "%s", count > 2 ? "one of " : "");
    for (int i = 0; i < count && n < sizeof what; i++)
        n += (size_t)snprintf(what + n, sizeof what - n, "%s\"%s\"", i == 0 ? "" : i == count - 1 ? " or " : ", ",
                              names[i]);
    const cJSON *it;
    int found = lookup(b, key, need, what, NULL, &it);
    if (found <= 0)
        return found == 0;
    for (int i = 0; cJSON_IsString(it) && i < count; i++)
        if (!strcmp(it->valuestring, names[i])) {
            *out = i;
            return true;
        }
    return refuse(b, key, what, it);
}

bool body_words(JsonBody *b, const char *key, BodyNeed need, char **out)
{
    static const char what[] = "an array of strings without spaces";
    const cJSON *it;
    int found = lookup(b, key, need, what, cJSON_IsArray, &it);
    if (found <= 0)
        return found == 0;
    size_t size = 1;
    int i = 0;
    for (const cJSON *w = it->child; w; w = w->next, i++) {
        const char *s = cJSON_IsString(w) ? w->valuestring : "";
        size_t n = strlen(s);
        for (size_t k = 0; k < n; k++)
            if ((unsigned char)s[k] <= ' ')
                n = 0;
        if (n == 0) {
            char item[64];
            snprintf(item, sizeof item, "%s[%d]", key, i);
            return refuse(b, item, "a non-empty string without spaces", w);
        }
        size += n + 1;
    }
    char *joined = malloc(size), *p = joined;
    if (!joined) {
        snprintf(b->error, sizeof b->error, "out of memory");
        return false;
    }
    *p = 0;
    for (const cJSON *w = it->child; w; w = w->next)
        p += sprintf(p, "%s%s", p == joined ? "" : " ", w->valuestring);
    *out = joined;
    return true;
}
