/*
 * Seat tokens: the secret that lets a browser play one colour of a game. A token is 256 random bits
 * written as 64 hex digits; the store keeps only its SHA-256, so a copy of the database opens no seat.
 * The plaintext exists once, in the answer that creates the game.
 */
#ifndef HEXCHESS_SEATS_H
#define HEXCHESS_SEATS_H

#include <stdbool.h>

enum { SEAT_TOKEN_LEN = 64, SEAT_HASH_LEN = 64, WATCH_KEY_LEN = 32 };

/* A new token and its hash (both NUL-terminated hex); false when the system has no randomness. */
bool seat_token_new(char token[SEAT_TOKEN_LEN + 1], char hash[SEAT_HASH_LEN + 1]);
/* A game's watch key: 128 random bits as 32 hex digits that an unlisted game's watch link carries,
 * so that its id alone, which is easily guessed, shows nothing. Not a seat's secret: kept in clear,
 * since every player may hand it out again. False when the system has no randomness. */
bool watch_key_new(char key[WATCH_KEY_LEN + 1]);
/* Does key (NULL: none given) match the game's stored watch key? Constant time. */
bool watch_key_matches(const char *key, const char *stored);
/* The hash a token is stored as. */
void seat_token_hash(const char *token, char hash[SEAT_HASH_LEN + 1]);
/* Does the token open the seat stored as hash? Compares in constant time. */
bool seat_token_matches(const char *token, const char *hash);

#endif
