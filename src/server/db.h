/*
 * One SQL connection, to SQLite or to PostgreSQL, behind one small interface, so that the store
 * (store.c) and the modules keeping their own tables (accounts.c, ratings.c) write their queries once.
 * Queries use SQLite's placeholders, ? and ?N, which the PostgreSQL side sends as $N. Not thread-safe:
 * the store serialises its use.
 */
#ifndef HEXCHESS_DB_H
#define HEXCHESS_DB_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Db Db;

typedef enum { DB_SQLITE, DB_POSTGRES } DbDialect;
/* A statement's outcome: DB_CONSTRAINT when it broke a key or another constraint. */
typedef enum { DB_OK, DB_CONSTRAINT, DB_ERROR } DbStatus;

typedef enum { DBV_INT, DBV_REAL, DBV_TEXT } DbType;
typedef struct {
    DbType type;
    int64_t i;
    double r;
    const char *t;
} DbValue;
#define DB_INT(x) ((DbValue){.type = DBV_INT, .i = (int64_t)(x)})
#define DB_REAL(x) ((DbValue){.type = DBV_REAL, .r = (x)})
#define DB_TEXT(x) ((DbValue){.type = DBV_TEXT, .t = (x)})

/* A row of a result, valid during the callback that gets it; NULL columns read as "" and 0. */
typedef struct {
    Db *db;
    void *result; /* the implementation's statement or result */
    int index;    /* the row's number in result, where that counts */
} DbRow;
typedef void (*DbRowFn)(const DbRow *row, void *ctx);
const char *db_text(const DbRow *row, int col);
int64_t db_int(const DbRow *row, int col);
double db_real(const DbRow *row, int col);
int db_columns(const DbRow *row);

/* The operations each kind of database implements (db_sqlite.c, db_pg.c). */
typedef struct {
    DbDialect dialect;
    /* Runs sql with args bound to its parameters, each row of its result to fn (may be NULL);
     * *rows (may be NULL): the rows returned, or changed when fn is NULL. */
    DbStatus (*exec)(Db *db, const char *sql, const DbValue *args, int n_args, DbRowFn fn, void *ctx, int64_t *rows);
    /* Statements separated by ';', without parameters; false with the message in err. */
    bool (*script)(Db *db, const char *sql, char *err, int err_size);
    /* The latest statement's error message. */
    const char *(*error)(Db *db);
    /* The schema version the database is at, and recording a new one (inside the migration's
     * transaction). */
    int (*schema_version)(Db *db);
    bool (*set_schema_version)(Db *db, int version);
    const char *(*text)(const DbRow *row, int col);
    int64_t (*integer)(const DbRow *row, int col);
    double (*real)(const DbRow *row, int col);
    int (*columns)(const DbRow *row);
    /* What the database is, for the log: a path, or a database, host and user (never a password). */
    void (*describe)(Db *db, char *out, int size);
    const char *begin; /* the statement opening a write transaction */
    void (*close)(Db *db);
} DbOps;

struct Db {
    const DbOps *ops;
};

/* Opens where: a PostgreSQL connection URI (postgresql://... or postgres://...) or an SQLite file,
 * created with its folder when missing; NULL with a message in err on failure. */
Db *db_open(const char *where, char *err, int err_size);
bool db_is_postgres_uri(const char *where);
Db *db_sqlite_open(const char *path, char *err, int err_size);
Db *db_pg_open(const char *uri, char *err, int err_size);

static inline DbStatus db_exec(Db *db, const char *sql, const DbValue *args, int n_args, DbRowFn fn, void *ctx,
                               int64_t *rows)
{
    return db->ops->exec(db, sql, args, n_args, fn, ctx, rows);
}
bool db_begin(Db *db);
bool db_end(Db *db, bool commit); /* COMMIT, or ROLLBACK when !commit */
void db_close(Db *db);

#endif
