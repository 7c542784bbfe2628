/* The SQLite side of db.h: one file in WAL mode. */
#include "db.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    Db base;
    sqlite3 *conn;
    char path[4096];
    char real_text[64][32]; /* the text of each real column of the row read, by column */
} SqliteDb;

static sqlite3 *conn_of(Db *db) { return ((SqliteDb *)db)->conn; }

/* A real keeps every digit (SQLite's own text has 15): a copy into another database is exact. */
static const char *sqlite_text(const DbRow *row, int col)
{
    SqliteDb *s = (SqliteDb *)row->db;
    if (sqlite3_column_type(row->result, col) == SQLITE_FLOAT && col < (int)(sizeof s->real_text / sizeof *s->real_text)) {
        snprintf(s->real_text[col], sizeof s->real_text[col], "%.17g", sqlite3_column_double(row->result, col));
        return s->real_text[col];
    }
    const unsigned char *t = sqlite3_column_text(row->result, col);
    return t ? (const char *)t : "";
}

static int64_t sqlite_integer(const DbRow *row, int col) { return sqlite3_column_int64(row->result, col); }
static double sqlite_real(const DbRow *row, int col) { return sqlite3_column_double(row->result, col); }
static int sqlite_columns(const DbRow *row) { return sqlite3_column_count(row->result); }

static DbStatus sqlite_exec(Db *db, const char *sql, const DbValue *args, int n_args, DbRowFn fn, void *ctx,
                            int64_t *rows)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(conn_of(db), sql, -1, &st, NULL);
    int64_t n = 0;
    for (int i = 0; rc == SQLITE_OK && i < n_args; i++) {
        const DbValue *a = &args[i];
        rc = a->type == DBV_INT    ? sqlite3_bind_int64(st, i + 1, a->i)
             : a->type == DBV_REAL ? sqlite3_bind_double(st, i + 1, a->r)
                                   : sqlite3_bind_text(st, i + 1, a->t, -1, SQLITE_TRANSIENT);
    }
    if (rc == SQLITE_OK) {
        DbRow row = {db, st, 0};
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (fn)
                fn(&row, ctx);
            row.index = (int)++n;
        }
    }
    if (rc == SQLITE_DONE && !fn)
        n = sqlite3_changes64(conn_of(db));
    sqlite3_finalize(st);
    if (rows)
        *rows = n;
    return rc == SQLITE_DONE ? DB_OK : (rc & 0xff) == SQLITE_CONSTRAINT ? DB_CONSTRAINT : DB_ERROR;
}

static bool sqlite_script(Db *db, const char *sql, char *err, int err_size)
{
    char *msg = NULL;
    bool ok = sqlite3_exec(conn_of(db), sql, NULL, NULL, &msg) == SQLITE_OK;
    if (!ok)
        snprintf(err, (size_t)err_size, "%s", msg ? msg : sqlite3_errmsg(conn_of(db)));
    sqlite3_free(msg);
    return ok;
}

static const char *sqlite_error(Db *db) { return sqlite3_errmsg(conn_of(db)); }

static void read_int(const DbRow *row, void *ctx) { *(int *)ctx = (int)db_int(row, 0); }

static int sqlite_schema_version(Db *db)
{
    int version = 0;
    sqlite_exec(db, "PRAGMA user_version", NULL, 0, read_int, &version, NULL);
    return version;
}

static bool sqlite_set_schema_version(Db *db, int version)
{
    char sql[48], err[8];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
    return sqlite_script(db, sql, err, (int)sizeof err);
}

static void sqlite_close(Db *db)
{
    sqlite3_close(conn_of(db));
    free(db);
}

static void sqlite_describe(Db *db, char *out, int size) { snprintf(out, (size_t)size, "%s", ((SqliteDb *)db)->path); }

static const DbOps SQLITE_OPS = {
    .dialect = DB_SQLITE,
    .exec = sqlite_exec,
    .script = sqlite_script,
    .error = sqlite_error,
    .schema_version = sqlite_schema_version,
    .set_schema_version = sqlite_set_schema_version,
    .text = sqlite_text,
    .integer = sqlite_integer,
    .real = sqlite_real,
    .columns = sqlite_columns,
    /* IMMEDIATE: the write lock at once, so that two writers never deadlock on an upgrade */
    .describe = sqlite_describe,
    .begin = "BEGIN IMMEDIATE",
    .close = sqlite_close,
};

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

Db *db_sqlite_open(const char *path, char *err, int err_size)
{
    if (!make_parent_dirs(path)) {
        snprintf(err, (size_t)err_size, "cannot create the folder of %s: %s", path, strerror(errno));
        return NULL;
    }
    SqliteDb *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    s->base.ops = &SQLITE_OPS;
    snprintf(s->path, sizeof s->path, "%s", path);
    if (sqlite3_open_v2(path, &s->conn, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) !=
        SQLITE_OK) {
        snprintf(err, (size_t)err_size, "cannot open %s: %s", path, s->conn ? sqlite3_errmsg(s->conn) : "no memory");
        sqlite_close(&s->base);
        return NULL;
    }
    sqlite3_busy_timeout(s->conn, 5000);
    /* WAL: readers never block the writer and a crash keeps every committed move. NORMAL
     * synchronisation is durable against a crash of the process (not of the machine). */
    char msg[256];
    if (!sqlite_script(&s->base, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", msg,
                       (int)sizeof msg)) {
        snprintf(err, (size_t)err_size, "cannot set up %s: %s", path, msg);
        sqlite_close(&s->base);
        return NULL;
    }
    return &s->base;
}
