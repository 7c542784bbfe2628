/*
 * Players' accounts and sessions, in the game store's database. A password is kept only as its
 * Argon2id hash (libsodium's crypto_pwhash_str); a session is 256 random bits that the browser
 * holds in a cookie and the store knows only by their SHA-256, ended after 30 days unused.
 */
#ifndef HEXCHESS_ACCOUNTS_H
#define HEXCHESS_ACCOUNTS_H

#include <stdbool.h>
#include <stdint.h>

#include "store.h"

enum {
    PLAYER_NAME_MIN = 2,
    PLAYER_NAME_MAX = 20, /* STORE_NAME_SIZE - 1 */
    PASSWORD_MIN = 8,
    PASSWORD_MAX = 256,
    SESSION_TOKEN_LEN = 64,
    SESSION_DAYS = 30,
};

typedef enum { ACCOUNT_OK, ACCOUNT_BAD, ACCOUNT_TAKEN, ACCOUNT_FAILED } AccountResult;

/* Once, before any other call: false when the hashing library cannot start. */
bool accounts_init(void);
/* Is name a player's name (2-20 of A-Z a-z 0-9 _ -)? false with the reason in err. */
bool account_name_ok(const char *name, char *err, int err_size);
/* A new player: ACCOUNT_BAD (err says why), ACCOUNT_TAKEN (the name, ignoring case), ACCOUNT_FAILED. */
AccountResult account_create(Store *s, const char *name, const char *password, char *err, int err_size);
/* The player's name as registered when the password is theirs; false for a wrong name or password. */
bool account_check(Store *s, const char *name, const char *password, char out[STORE_NAME_SIZE]);
/* When the player registered (Unix seconds), with the name as registered; false for no such player. */
bool account_find(Store *s, const char *name, char out[STORE_NAME_SIZE], int64_t *created);

/* A new session of player name: its token (for the cookie); false on failure. */
bool session_start(Store *s, const char *name, char token[SESSION_TOKEN_LEN + 1]);
/* The player a session token opens (and marks it used), or false: none, unknown or expired. */
bool session_player(Store *s, const char *token, char out[STORE_NAME_SIZE]);
void session_end(Store *s, const char *token);

#endif
