#include "seats.h"

#include <nettle/sha2.h>
#include <string.h>
#include <sys/random.h>

static void to_hex(const unsigned char *bytes, int n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = 0;
}

/* n random bytes as 2n hex digits; false when the system has none. */
static bool random_hex(int n, char *out)
{
    unsigned char bits[64];
    size_t got = 0;
    while (got < (size_t)n) {
        ssize_t k = getrandom(bits + got, (size_t)n - got, 0);
        if (k <= 0)
            return false;
        got += (size_t)k;
    }
    to_hex(bits, n, out);
    return true;
}

/* Equal strings of len characters, compared in constant time. */
static bool same_text(const char *a, const char *b, size_t len)
{
    unsigned char diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

bool seat_token_new(char token[SEAT_TOKEN_LEN + 1], char hash[SEAT_HASH_LEN + 1])
{
    if (!random_hex(SEAT_TOKEN_LEN / 2, token))
        return false;
    seat_token_hash(token, hash);
    return true;
}

bool watch_key_new(char key[WATCH_KEY_LEN + 1]) { return random_hex(WATCH_KEY_LEN / 2, key); }

bool watch_key_matches(const char *key, const char *stored)
{
    return key && strlen(key) == WATCH_KEY_LEN && strlen(stored) == WATCH_KEY_LEN &&
           same_text(key, stored, WATCH_KEY_LEN);
}

void seat_token_hash(const char *token, char hash[SEAT_HASH_LEN + 1])
{
    struct sha256_ctx ctx;
    unsigned char digest[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, strlen(token), (const uint8_t *)token);
    sha256_digest(&ctx, sizeof digest, digest);
    to_hex(digest, (int)sizeof digest, hash);
}

bool seat_token_matches(const char *token, const char *hash)
{
    if (!token || strlen(hash) != SEAT_HASH_LEN)
        return false;
    char given[SEAT_HASH_LEN + 1];
    seat_token_hash(token, given);
    return same_text(given, hash, SEAT_HASH_LEN);
}
