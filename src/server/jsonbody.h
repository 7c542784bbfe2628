/*
 * Request bodies of the JSON API, read strictly. A body is one JSON object in UTF-8 with no NUL (raw
 * or \u0000), no control byte, nothing after it, no field given twice and no field the request does
 * not take; each field is read by its type. A wrong body is refused whole, never patched with
 * defaults: every refusal is one line naming the field and what it must be, for a 400 answer.
 */
#ifndef HEXCHESS_JSONBODY_H
#define HEXCHESS_JSONBODY_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

enum { BODY_ERROR_MAX = 400 };

typedef struct {
    cJSON *root;
    char error[BODY_ERROR_MAX]; /* the first refusal; "" while there is none */
} JsonBody;

typedef enum { BODY_OPTIONAL, BODY_REQUIRED } BodyNeed;

/* Reads the len bytes at text (followed by a NUL) as an object whose keys are all in fields (a
 * NULL-terminated list); an empty body is {}. false with the reason in b->error. */
bool body_parse(JsonBody *b, const char *text, size_t len, const char *const *fields);
void body_free(JsonBody *b);

/* The field readers. An absent optional field leaves *out as it is (null is not absent: it is a value
 * of the wrong type). After a refusal, the reader's own or an earlier one's, they do nothing and
 * return false, so a handler reads all its fields and checks once. */
bool body_string(JsonBody *b, const char *key, BodyNeed need, const char **out);
bool body_int(JsonBody *b, const char *key, BodyNeed need, int lo, int hi, int *out);
bool body_bool(JsonBody *b, const char *key, BodyNeed need, bool *out);
/* One of names (NULL-terminated); *out is its index. */
bool body_enum(JsonBody *b, const char *key, BodyNeed need, const char *const *names, int *out);
/* An array of non-empty strings without spaces, joined with single spaces into *out (malloc'd, the
 * caller frees it; "" for an empty array). */
bool body_words(JsonBody *b, const char *key, BodyNeed need, char **out);

#endif
