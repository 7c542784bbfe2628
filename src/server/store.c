#include "store.h"

#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

struct Store {
    sqlite3 *db;
    pthread_mutex_t lock; /* one connection, used by one thread at a time */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " variant TEXT NOT NULL,"
    " start TEXT NOT NULL,"
    " castling INTEGER NOT NULL DEFAULT 1,"
    " white_engine INTEGER NOT NULL DEFAULT 0,"
    " black_engine INTEGER NOT NULL DEFAULT 0,"
    " level INTEGER NOT NULL DEFAULT 20,"
    " movetime INTEGER NOT NULL DEFAULT 1000,"
    " moves TEXT NOT NULL DEFAULT '',"
    " plies INTEGER NOT NULL DEFAULT 0,"
    " result TEXT NOT NULL DEFAULT '*',"
    " reason TEXT NOT NULL DEFAULT '',"
    " draw_offer INTEGER NOT NULL DEFAULT -1,"
    " tags TEXT NOT NULL DEFAULT '',"
    " created INTEGER NOT NULL,"
    " updated INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS games_updated ON games(updated);";

/* Each step brings a database from the version before it (PRAGMA user_version) to its own; a database
 * of an earlier hexchess gains the new columns with values that keep its games as they were. */
static const char *const MIGRATIONS[] = {
    /* 1: seats, clocks, take-back requests and rematches */
    "ALTER TABLE games ADD COLUMN white_seat TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN black_seat TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN time_base INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN time_increment INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN white_clock INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN black_clock INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN clock_running INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN clock_saved INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN rematch INTEGER NOT NULL DEFAULT 0;",
    /* 2: the version clients compare, which restarted at 0 when the game was loaded again */
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;",
    /* 3: the clocks before each ply, for take-backs; when the server was last known alive, for restarts */
    "ALTER TABLE games ADD COLUMN clock_history TEXT NOT NULL DEFAULT '';"
    "CREATE TABLE server_state (id INTEGER PRIMARY KEY CHECK (id = 1), alive INTEGER NOT NULL);",
    /* 4: unlisted games' watch keys; the games before them stay public */
    "ALTER TABLE games ADD COLUMN watch_key TEXT NOT NULL DEFAULT '';",
    /* 5: players (accounts.h), their sessions, and the players a game's seats are bound to */
    "CREATE TABLE players ("
    " name TEXT PRIMARY KEY COLLATE NOCASE,"
    " password TEXT NOT NULL,"
    " created INTEGER NOT NULL);"
    "CREATE TABLE sessions ("
    " hash TEXT PRIMARY KEY,"
    " player TEXT NOT NULL REFERENCES players(name) ON DELETE CASCADE,"
    " used INTEGER NOT NULL);"
    "CREATE INDEX sessions_player ON sessions(player);"
    "ALTER TABLE games ADD COLUMN white_player TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN black_player TEXT NOT NULL DEFAULT '';",
    /* 6: rated games, the players' ratings (ratings.h) and their history */
    "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE ratings ("
    " player TEXT NOT NULL REFERENCES players(name) ON DELETE CASCADE,"
    " variant TEXT NOT NULL, speed TEXT NOT NULL,"
    " rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,"
    " PRIMARY KEY (player, variant, speed));"
    "CREATE TABLE rating_history ("
    " player TEXT NOT NULL REFERENCES players(name) ON DELETE CASCADE,"
    " game INTEGER NOT NULL, variant TEXT NOT NULL, speed TEXT NOT NULL,"
    " rating REAL NOT NULL, rd REAL NOT NULL, at INTEGER NOT NULL,"
    " PRIMARY KEY (player, game));",
};

/* Runs the migrations the database has not had, each in one transaction; false with SQLite's message. */
static bool migrate(sqlite3 *db, char **msg)
{
    sqlite3_stmt *st = NULL;
    int version = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    int latest = (int)(sizeof MIGRATIONS / sizeof *MIGRATIONS);
    for (; version < latest; version++) {
        char bump[48];
        snprintf(bump, sizeof bump, "PRAGMA user_version = %d;", version + 1);
        if (sqlite3_exec(db, "BEGIN IMMEDIATE;", NULL, NULL, msg) != SQLITE_OK)
            return false;
        if (sqlite3_exec(db, MIGRATIONS[version], NULL, NULL, msg) != SQLITE_OK ||
            sqlite3_exec(db, bump, NULL, NULL, msg) != SQLITE_OK ||
            sqlite3_exec(db, "COMMIT;", NULL, NULL, msg) != SQLITE_OK) {
            sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
            return false;
        }
    }
    return true;
}

static int64_t now_seconds(void) { return (int64_t)time(NULL); }

void store_default_path(char *buf, int size)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    if (xdg && *xdg)
        snprintf(buf, (size_t)size, "%s/hexchess/games.db", xdg);
    else
        snprintf(buf, (size_t)size, "%s/.local/share/hexchess/games.db", home && *home ? home : ".");
}

/* mkdir -p of the folder holding path. */
static bool make_parent_dirs(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return false;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return true;
    *slash = 0;
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(dir, 0700) && errno != EEXIST)
            return false;
        *p = '/';
    }
    return !mkdir(dir, 0700) || errno == EEXIST;
}

Store *store_open(const char *path, char *err, int err_size)
{
    if (!make_parent_dirs(path)) {
        snprintf(err, (size_t)err_size, "cannot create the folder of %s: %s", path, strerror(errno));
        return NULL;
    }
    Store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, (size_t)err_size, "cannot open %s: %s", path, s->db ? sqlite3_errmsg(s->db) : "no memory");
        sqlite3_close(s->db);
        free(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    /* WAL: readers never block the writer and a crash keeps every committed move. NORMAL
     * synchronisation is durable against a crash of the process (not of the machine). */
    char *msg = NULL;
    if (sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", NULL,
                     NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(s->db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK || !migrate(s->db, &msg)) {
        snprintf(err, (size_t)err_size, "cannot set up %s: %s", path, msg ? msg : sqlite3_errmsg(s->db));
        sqlite3_free(msg);
        sqlite3_close(s->db);
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    return s;
}

sqlite3 *store_lock(Store *s)
{
    pthread_mutex_lock(&s->lock);
    return s->db;
}

void store_unlock(Store *s) { pthread_mutex_unlock(&s->lock); }

void store_close(Store *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

void stored_game_free(StoredGame *g)
{
    free(g->moves);
    free(g->tags);
    free(g->clock_history);
    g->moves = g->tags = g->clock_history = NULL;
}

static int count_plies(const char *moves)
{
    int n = 0;
    for (const char *p = moves; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        n++;
        while (*p && *p != ' ')
            p++;
    }
    return n;
}

/* Binds the columns shared by insert and update, in the order of both statements. */
static void bind_game(sqlite3_stmt *st, const StoredGame *g)
{
    sqlite3_bind_text(st, 1, g->variant, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, g->start, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, g->castling);
    sqlite3_bind_int(st, 4, g->engine[0]);
    sqlite3_bind_int(st, 5, g->engine[1]);
    sqlite3_bind_int(st, 6, g->level);
    sqlite3_bind_int(st, 7, g->movetime_ms);
    sqlite3_bind_text(st, 8, g->moves ? g->moves : "", -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 9, count_plies(g->moves ? g->moves : ""));
    sqlite3_bind_text(st, 10, g->result, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 11, g->reason, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 12, g->draw_offer);
    sqlite3_bind_text(st, 13, g->tags ? g->tags : "", -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 14, g->updated);
    sqlite3_bind_text(st, 15, g->seat_hash[0], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 16, g->seat_hash[1], -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 17, g->time_base_ms);
    sqlite3_bind_int(st, 18, g->time_inc_ms);
    sqlite3_bind_int64(st, 19, g->clock_ms[0]);
    sqlite3_bind_int64(st, 20, g->clock_ms[1]);
    sqlite3_bind_int(st, 21, g->clock_running);
    sqlite3_bind_int64(st, 22, g->clock_saved);
    sqlite3_bind_int(st, 23, g->takeback_offer);
    sqlite3_bind_int64(st, 24, g->rematch);
    sqlite3_bind_int64(st, 25, (sqlite3_int64)g->version);
    sqlite3_bind_text(st, 26, g->clock_history ? g->clock_history : "", -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 27, g->watch_key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 28, g->player[0], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 29, g->player[1], -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 30, g->rated);
}

static bool run_statement(Store *s, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    if (rc != SQLITE_DONE)
        fprintf(stderr, "hexchess serve: database: %s\n", sqlite3_errmsg(s->db));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE;
}

bool store_insert(Store *s, StoredGame *g)
{
    g->created = g->updated = now_seconds();
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    bool ok = sqlite3_prepare_v2(s->db,
                                 "INSERT INTO games (variant, start, castling, white_engine, black_engine, level,"
                                 " movetime, moves, plies, result, reason, draw_offer, tags, updated, white_seat,"
                                 " black_seat, time_base, time_increment, white_clock, black_clock, clock_running,"
                                 " clock_saved, takeback_offer, rematch, version, clock_history, watch_key, white_player,"
                                 " black_player, rated, created)"
                                 " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                                 -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        bind_game(st, g);
        sqlite3_bind_int64(st, 31, g->created);
        ok = run_statement(s, st);
        g->id = ok ? sqlite3_last_insert_rowid(s->db) : 0;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool store_update(Store *s, StoredGame *g)
{
    g->updated = now_seconds();
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    bool ok = sqlite3_prepare_v2(s->db,
                                 "UPDATE games SET variant=?, start=?, castling=?, white_engine=?, black_engine=?,"
                                 " level=?, movetime=?, moves=?, plies=?, result=?, reason=?, draw_offer=?, tags=?,"
                                 " updated=?, white_seat=?, black_seat=?, time_base=?, time_increment=?,"
                                 " white_clock=?, black_clock=?, clock_running=?, clock_saved=?, takeback_offer=?,"
                                 " rematch=?, version=?, clock_history=?, watch_key=?, white_player=?, black_player=?,"
                                 " rated=? WHERE id=?",
                                 -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        bind_game(st, g);
        sqlite3_bind_int64(st, 31, g->id);
        ok = run_statement(s, st);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static void copy_column(sqlite3_stmt *st, int col, char *out, size_t size)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

/* A column of unbounded text (moves, labels), malloc'd; NULL when memory runs out. */
static char *copy_text_column(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return strdup(t ? (const char *)t : "");
}

bool store_load(Store *s, int64_t id, StoredGame *out)
{
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    bool found = false;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT variant, start, castling, white_engine, black_engine, level, movetime, moves,"
                           " result, reason, draw_offer, tags, created, updated, white_seat, black_seat, time_base,"
                           " time_increment, white_clock, black_clock, clock_running, clock_saved, takeback_offer,"
                           " rematch, version, clock_history, watch_key, white_player, black_player, rated"
                           " FROM games WHERE id=?",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            found = true;
            out->id = id;
            copy_column(st, 0, out->variant, sizeof out->variant);
            copy_column(st, 1, out->start, sizeof out->start);
            out->castling = sqlite3_column_int(st, 2);
            out->engine[0] = sqlite3_column_int(st, 3);
            out->engine[1] = sqlite3_column_int(st, 4);
            out->level = sqlite3_column_int(st, 5);
            out->movetime_ms = sqlite3_column_int(st, 6);
            out->moves = copy_text_column(st, 7);
            copy_column(st, 8, out->result, sizeof out->result);
            copy_column(st, 9, out->reason, sizeof out->reason);
            out->draw_offer = sqlite3_column_int(st, 10);
            out->tags = copy_text_column(st, 11);
            out->created = sqlite3_column_int64(st, 12);
            out->updated = sqlite3_column_int64(st, 13);
            copy_column(st, 14, out->seat_hash[0], sizeof out->seat_hash[0]);
            copy_column(st, 15, out->seat_hash[1], sizeof out->seat_hash[1]);
            out->time_base_ms = sqlite3_column_int(st, 16);
            out->time_inc_ms = sqlite3_column_int(st, 17);
            out->clock_ms[0] = sqlite3_column_int64(st, 18);
            out->clock_ms[1] = sqlite3_column_int64(st, 19);
            out->clock_running = sqlite3_column_int(st, 20);
            out->clock_saved = sqlite3_column_int64(st, 21);
            out->takeback_offer = sqlite3_column_int(st, 22);
            out->rematch = sqlite3_column_int64(st, 23);
            out->version = (uint64_t)sqlite3_column_int64(st, 24);
            out->clock_history = copy_text_column(st, 25);
            copy_column(st, 26, out->watch_key, sizeof out->watch_key);
            copy_column(st, 27, out->player[0], sizeof out->player[0]);
            copy_column(st, 28, out->player[1], sizeof out->player[1]);
            out->rated = sqlite3_column_int(st, 29);
            if (!out->moves || !out->tags || !out->clock_history) {
                stored_game_free(out);
                found = false;
            }
        }
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&s->lock);
    return found;
}

bool store_delete(Store *s, int64_t id)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    bool ok = sqlite3_prepare_v2(s->db, "DELETE FROM games WHERE id=?", -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        ok = run_statement(s, st) && sqlite3_changes(s->db) > 0;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

int store_list(Store *s, const int64_t *ids, int n_ids, int limit, int offset, StoreListFn fn, void *ctx)
{
    /* The ids are bound one by one as ?3, ?4, ...: "IN (?3,?4)". */
    char sql[STORE_LIST_IDS_MAX * 8 + 300];
    int k = snprintf(sql, sizeof sql,
                     "SELECT id, variant, result, reason, white_engine, black_engine, plies, created, updated,"
                     " watch_key FROM games WHERE %s",
                     ids ? "id IN (" : "watch_key = ''");
    for (int i = 0; ids && i < n_ids && i < STORE_LIST_IDS_MAX; i++)
        k += snprintf(sql + k, sizeof sql - (size_t)k, "%s?%d", i ? "," : "", i + 3);
    snprintf(sql + k, sizeof sql - (size_t)k, "%s ORDER BY updated DESC, id DESC LIMIT ?1 OFFSET ?2",
             ids ? ")" : "");
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    int n = -1;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int(st, 1, limit);
        sqlite3_bind_int(st, 2, offset);
        for (int i = 0; ids && i < n_ids && i < STORE_LIST_IDS_MAX; i++)
            sqlite3_bind_int64(st, i + 3, ids[i]);
        n = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            StoredSummary row = {
                .id = sqlite3_column_int64(st, 0),
                .variant = (const char *)sqlite3_column_text(st, 1),
                .result = (const char *)sqlite3_column_text(st, 2),
                .reason = (const char *)sqlite3_column_text(st, 3),
                .engine = {sqlite3_column_int(st, 4), sqlite3_column_int(st, 5)},
                .plies = sqlite3_column_int(st, 6),
                .created = sqlite3_column_int64(st, 7),
                .updated = sqlite3_column_int64(st, 8),
                .watch_key = (const char *)sqlite3_column_text(st, 9),
            };
            fn(&row, ctx);
            n++;
        }
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&s->lock);
    return n;
}

int64_t store_count(Store *s)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    int64_t n = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT COUNT(*) FROM games WHERE watch_key = ''", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&s->lock);
    return n;
}

void store_running_clocks(Store *s, StoreIdFn fn, void *ctx)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    int64_t *ids = NULL;
    size_t n = 0, cap = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT id FROM games WHERE result='*' AND time_base>0 AND clock_running>=0", -1,
                           &st, NULL) == SQLITE_OK)
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (n == cap) {
                int64_t *more = realloc(ids, (cap = cap ? 2 * cap : 64) * sizeof *ids);
                if (!more)
                    break;
                ids = more;
            }
            ids[n++] = sqlite3_column_int64(st, 0);
        }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&s->lock);
    /* Reported once the store is free again: loading a game reads the store. */
    for (size_t i = 0; i < n; i++)
        fn(ids[i], ctx);
    free(ids);
}

/* Runs one statement with the store locked, its parameters bound to the int64_t arguments; false on error. */
static bool exec_ints(Store *s, const char *sql, ...)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = NULL;
    bool ok = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        va_list ap;
        va_start(ap, sql);
        for (int i = 1; i <= sqlite3_bind_parameter_count(st); i++)
            sqlite3_bind_int64(st, i, va_arg(ap, int64_t));
        va_end(ap);
        ok = run_statement(s, st);
    } else {
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool store_heartbeat(Store *s, int64_t now)
{
    return exec_ints(s, "INSERT INTO server_state (id, alive) VALUES (1, ?1) ON CONFLICT(id) DO UPDATE SET alive = ?1",
                     now);
}

bool store_restart_clocks(Store *s, int64_t now)
{
    /* The mover used the time from its clock's save to the server's last sign of life; the time
     * after it, while no server ran, is charged to no one: the clocks go on from now. A database
     * with no heartbeat yet charges nothing. */
    static const char SETTLE[] =
        "UPDATE games SET"
        " white_clock = CASE WHEN clock_running = 0 THEN max(0, white_clock - max(0, a.alive - clock_saved))"
        " ELSE white_clock END,"
        " black_clock = CASE WHEN clock_running = 1 THEN max(0, black_clock - max(0, a.alive - clock_saved))"
        " ELSE black_clock END,"
        " clock_saved = ?1"
        " FROM (SELECT coalesce(max(alive), 0) AS alive FROM server_state) AS a"
        " WHERE result = '*' AND time_base > 0 AND clock_running >= 0";
    return exec_ints(s, SETTLE, now) && store_heartbeat(s, now);
}
