#include "accounts.h"

#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "seats.h"

/* A session's last use is written at most this often: reading a game is not a write. */
enum { SESSION_TOUCH_S = 3600 };

/* Verified when the name is unknown, so that a wrong name costs the time of a wrong password and
 * the answer's delay tells nothing. Made on the first need, not at start-up. */
static char decoy_hash[crypto_pwhash_STRBYTES];
static pthread_once_t decoy_once = PTHREAD_ONCE_INIT;

static void make_decoy(void)
{
    static const char decoy[] = "decoy password";
    if (crypto_pwhash_str(decoy_hash, decoy, strlen(decoy), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE))
        decoy_hash[0] = 0; /* out of memory: verifying it fails, as a wrong password does */
}

bool accounts_init(void) { return sodium_init() >= 0; }

bool account_name_ok(const char *name, char *err, int err_size)
{
    size_t n = strlen(name);
    bool ok = n >= PLAYER_NAME_MIN && n <= PLAYER_NAME_MAX;
    for (size_t i = 0; ok && i < n; i++) {
        char c = name[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
    if (!ok)
        snprintf(err, (size_t)err_size, "a name is %d to %d letters, digits, '_' or '-'", PLAYER_NAME_MIN, PLAYER_NAME_MAX);
    return ok;
}

typedef struct {
    char *out;
    size_t size;
    int64_t *num_out;
} FirstRow;

static void first_row(const DbRow *row, void *ctx)
{
    FirstRow *f = ctx;
    if (row->index)
        return;
    if (f->out)
        snprintf(f->out, f->size, "%s", db_text(row, 0));
    if (f->num_out)
        *f->num_out = db_int(row, 1);
}

/* Runs one statement under the store's lock: args bound as its first parameters, *num (when num is not
 * NULL) as the one after them; of its first row, column 0 into out and column 1 into num_out. RUN_ROW
 * when it gave a row. */
typedef enum { RUN_ROW, RUN_DONE, RUN_TAKEN, RUN_FAILED } RunResult;

static RunResult run(Store *s, const char *sql, const char *const *args, int n_args, const int64_t *num, char *out,
                     size_t size, int64_t *num_out)
{
    DbValue v[4];
    for (int i = 0; i < n_args; i++)
        v[i] = DB_TEXT(args[i]);
    int n = n_args;
    if (num)
        v[n++] = DB_INT(*num);
    FirstRow f = {out, size, num_out};
    int64_t rows = 0;
    Db *db = store_lock(s);
    DbStatus st = db_exec(db, sql, v, n, first_row, &f, &rows);
    if (st == DB_ERROR)
        fprintf(stderr, "hexchess serve: database: %s\n", db->ops->error(db));
    store_unlock(s);
    return st == DB_CONSTRAINT ? RUN_TAKEN : st != DB_OK ? RUN_FAILED : rows ? RUN_ROW : RUN_DONE;
}

AccountResult account_create(Store *s, const char *name, const char *password, char *err, int err_size)
{
    if (!account_name_ok(name, err, err_size))
        return ACCOUNT_BAD;
    size_t n = strlen(password);
    if (n < PASSWORD_MIN || n > PASSWORD_MAX) {
        snprintf(err, (size_t)err_size, "a password is %d to %d characters", PASSWORD_MIN, PASSWORD_MAX);
        return ACCOUNT_BAD;
    }
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, password, n, crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE))
        return ACCOUNT_FAILED;
    const char *args[] = {name, hash};
    int64_t now = (int64_t)time(NULL);
    RunResult rc = run(s, "INSERT INTO players (name, password, created) VALUES (?, ?, ?)", args, 2, &now, NULL, 0,
                       NULL);
    sodium_memzero(hash, sizeof hash);
    if (rc == RUN_TAKEN) {
        snprintf(err, (size_t)err_size, "the name %s is taken", name);
        return ACCOUNT_TAKEN;
    }
    return rc == RUN_DONE ? ACCOUNT_OK : ACCOUNT_FAILED;
}

bool account_check(Store *s, const char *name, const char *password, char out[STORE_NAME_SIZE])
{
    char hash[crypto_pwhash_STRBYTES] = "";
    const char *args[] = {name};
    char err[8];
    bool known = account_name_ok(name, err, (int)sizeof err) &&
                 run(s, "SELECT password, 0 FROM players WHERE name = ?", args, 1, NULL, hash,
                     sizeof hash, NULL) == RUN_ROW;
    if (!known)
        pthread_once(&decoy_once, make_decoy);
    bool ok = !crypto_pwhash_str_verify(known ? hash : decoy_hash, password, strlen(password)) && known;
    return ok && account_find(s, name, out, NULL);
}

bool account_find(Store *s, const char *name, char out[STORE_NAME_SIZE], int64_t *created)
{
    const char *args[] = {name};
    int64_t when = 0;
    bool found = run(s, "SELECT name, created FROM players WHERE name = ?", args, 1, NULL, out,
                     STORE_NAME_SIZE, &when) == RUN_ROW;
    if (found && created)
        *created = when;
    return found;
}

bool session_start(Store *s, const char *name, char token[SESSION_TOKEN_LEN + 1])
{
    char hash[SEAT_HASH_LEN + 1];
    if (!seat_token_new(token, hash))
        return false;
    const char *args[] = {hash, name};
    int64_t now = (int64_t)time(NULL);
    return run(s, "INSERT INTO sessions (hash, player, used) VALUES (?, ?, ?)", args, 2, &now, NULL, 0, NULL) ==
           RUN_DONE;
}

bool session_player(Store *s, const char *token, char out[STORE_NAME_SIZE])
{
    if (!token || strlen(token) != SESSION_TOKEN_LEN)
        return false;
    char hash[SEAT_HASH_LEN + 1];
    seat_token_hash(token, hash);
    const char *args[] = {hash};
    int64_t used = 0, now = (int64_t)time(NULL);
    if (run(s, "SELECT player, used FROM sessions WHERE hash = ?", args, 1, NULL, out,
            STORE_NAME_SIZE, &used) != RUN_ROW)
        return false;
    if (used < now - SESSION_DAYS * 86400LL) {
        run(s, "DELETE FROM sessions WHERE hash = ?", args, 1, NULL, NULL, 0, NULL);
        return false;
    }
    if (used < now - SESSION_TOUCH_S)
        run(s, "UPDATE sessions SET used = ?2 WHERE hash = ?1", args, 1, &now, NULL, 0, NULL);
    return true;
}

void session_end(Store *s, const char *token)
{
    if (!token || strlen(token) != SESSION_TOKEN_LEN)
        return;
    char hash[SEAT_HASH_LEN + 1];
    seat_token_hash(token, hash);
    const char *args[] = {hash};
    run(s, "DELETE FROM sessions WHERE hash = ?", args, 1, NULL, NULL, 0, NULL);
}
