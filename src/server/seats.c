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

bool seat_token_new(char token[SEAT_TOKEN_LEN + 1], char hash[SEAT_HASH_LEN + 1])
{
    unsigned char bits[SEAT_TOKEN_LEN / 2];
    size_t got = 0;
    while (got < sizeof bits) {
        ssize_t n = getrandom(bits + got, sizeof bits - got, 0);
        if (n <= 0)
            return false;
        got += (size_t)n;
    }
    to_hex(bits, (int)sizeof bits, token);
    seat_token_hash(token, hash);
    return true;
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
    unsigned char diff = 0;
    for (int i = 0; i < SEAT_HASH_LEN; i++)
        diff |= (unsigned char)(given[i] ^ hash[i]);
    return diff == 0;
}
