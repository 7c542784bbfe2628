/* The PostgreSQL side of db.h: one libpq connection; parameters and results travel as text. */
#include "db.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PG_PARAMS_MAX = 256, PG_SQL_MAX = 8192, PG_ERROR_MAX = 512 };

typedef struct {
    Db base;
    PGconn *conn;
    char error[PG_ERROR_MAX];
} PgDb;

static PgDb *pg_of(Db *db) { return (PgDb *)db; }

static const char *pg_text(const DbRow *row, int col) { return PQgetvalue(row->result, row->index, col); }
static int64_t pg_integer(const DbRow *row, int col) { return strtoll(pg_text(row, col), NULL, 10); }
static double pg_real(const DbRow *row, int col) { return strtod(pg_text(row, col), NULL); }
static int pg_columns(const DbRow *row) { return PQnfields(row->result); }

/* SQLite's placeholders as PostgreSQL's: ?N stays N, a bare ? is one more than the one before;
 * nothing inside quotes changes. False when out is too small. */
static bool translate(const char *sql, char *out, size_t size)
{
    size_t k = 0;
    int next = 1;
    bool quoted = false;
    for (const char *p = sql; *p; p++) {
        int w = 0;
        if (*p == '\'')
            quoted = !quoted;
        if (*p == '?' && !quoted) {
            char *end;
            long n = strtol(p + 1, &end, 10);
            if (end == p + 1)
                n = next;
            next = (int)n + 1;
            w = snprintf(out + k, size - k, "$%ld", n);
            p = end - 1;
        } else {
            w = snprintf(out + k, size - k, "%c", *p);
        }
        if (w < 0 || (size_t)w >= size - k)
            return false;
        k += (size_t)w;
    }
    return true;
}

static void keep_error(PgDb *pg, const char *msg)
{
    snprintf(pg->error, sizeof pg->error, "%s", msg);
    size_t n = strlen(pg->error);
    while (n && (pg->error[n - 1] == '\n' || pg->error[n - 1] == ' '))
        pg->error[--n] = 0;
}

static DbStatus pg_exec(Db *db, const char *sql, const DbValue *args, int n_args, DbRowFn fn, void *ctx,
                        int64_t *rows)
{
    PgDb *pg = pg_of(db);
    char text[PG_SQL_MAX];
    if (n_args > PG_PARAMS_MAX || !translate(sql, text, sizeof text)) {
        keep_error(pg, "statement too long");
        return DB_ERROR;
    }
    char numbers[PG_PARAMS_MAX][32];
    const char *values[PG_PARAMS_MAX];
    for (int i = 0; i < n_args; i++) {
        const DbValue *a = &args[i];
        if (a->type == DBV_TEXT)
            values[i] = a->t;
        else if (a->type == DBV_INT)
            snprintf(numbers[i], sizeof numbers[i], "%lld", (long long)a->i);
        else
            snprintf(numbers[i], sizeof numbers[i], "%.17g", a->r);
        if (a->type != DBV_TEXT)
            values[i] = numbers[i];
    }
    PGresult *res = PQexecParams(pg->conn, text, n_args, NULL, values, NULL, NULL, 0);
    ExecStatusType st = PQresultStatus(res);
    DbStatus out = DB_OK;
    int64_t n = 0;
    if (st == PGRES_TUPLES_OK) {
        n = PQntuples(res);
        for (int i = 0; fn && i < n; i++)
            fn(&(DbRow){db, res, i}, ctx);
    } else if (st == PGRES_COMMAND_OK) {
        n = fn ? 0 : strtoll(PQcmdTuples(res), NULL, 10);
    } else {
        const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
        /* Class 23: integrity constraint violation (a key taken, a reference broken). */
        out = state && !strncmp(state, "23", 2) ? DB_CONSTRAINT : DB_ERROR;
        keep_error(pg, res ? PQresultErrorMessage(res) : PQerrorMessage(pg->conn));
    }
    PQclear(res);
    if (rows)
        *rows = n;
    return out;
}

static bool pg_script(Db *db, const char *sql, char *err, int err_size)
{
    PgDb *pg = pg_of(db);
    PGresult *res = PQexec(pg->conn, sql);
    bool ok = PQresultStatus(res) == PGRES_COMMAND_OK || PQresultStatus(res) == PGRES_TUPLES_OK;
    if (!ok) {
        keep_error(pg, res ? PQresultErrorMessage(res) : PQerrorMessage(pg->conn));
        snprintf(err, (size_t)err_size, "%s", pg->error);
    }
    PQclear(res);
    return ok;
}

static const char *pg_error(Db *db) { return pg_of(db)->error; }

static void read_int(const DbRow *row, void *ctx) { *(int *)ctx = (int)db_int(row, 0); }

/* PostgreSQL has no user_version: a table of one row holds it. */
static int pg_schema_version(Db *db)
{
    int version = 0;
    pg_exec(db, "SELECT coalesce(max(version), 0) FROM hexchess_schema", NULL, 0, read_int, &version, NULL);
    return version;
}

static bool pg_set_schema_version(Db *db, int version)
{
    DbValue v = DB_INT(version);
    return pg_exec(db, "DELETE FROM hexchess_schema", NULL, 0, NULL, NULL, NULL) == DB_OK &&
           pg_exec(db, "INSERT INTO hexchess_schema (version) VALUES (?)", &v, 1, NULL, NULL, NULL) == DB_OK;
}

static void pg_close(Db *db)
{
    PQfinish(pg_of(db)->conn);
    free(db);
}

static void pg_describe(Db *db, char *out, int size)
{
    PGconn *c = pg_of(db)->conn;
    snprintf(out, (size_t)size, "PostgreSQL database %s on %s as %s", PQdb(c), PQhost(c), PQuser(c));
}

static const DbOps PG_OPS = {
    .dialect = DB_POSTGRES,
    .exec = pg_exec,
    .script = pg_script,
    .error = pg_error,
    .schema_version = pg_schema_version,
    .set_schema_version = pg_set_schema_version,
    .text = pg_text,
    .integer = pg_integer,
    .real = pg_real,
    .columns = pg_columns,
    .describe = pg_describe,
    .begin = "BEGIN",
    .close = pg_close,
};

/* The server's notices ("already exists, skipping") are not errors. */
static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

Db *db_pg_open(const char *uri, char *err, int err_size)
{
    PgDb *pg = calloc(1, sizeof *pg);
    if (!pg) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    pg->base.ops = &PG_OPS;
    pg->conn = PQconnectdb(uri);
    if (PQstatus(pg->conn) != CONNECTION_OK) {
        keep_error(pg, PQerrorMessage(pg->conn));
        /* The message names the host, never the password a URI may hold. */
        snprintf(err, (size_t)err_size, "cannot connect to PostgreSQL: %s", pg->error);
        pg_close(&pg->base);
        return NULL;
    }
    PQsetNoticeProcessor(pg->conn, quiet, NULL);
    char msg[PG_ERROR_MAX];
    if (!pg_script(&pg->base, "SET client_min_messages = warning;"
                              "CREATE TABLE IF NOT EXISTS hexchess_schema (version INTEGER NOT NULL)",
                   msg, (int)sizeof msg)) {
        snprintf(err, (size_t)err_size, "cannot set up the PostgreSQL database: %s", msg);
        pg_close(&pg->base);
        return NULL;
    }
    return &pg->base;
}
