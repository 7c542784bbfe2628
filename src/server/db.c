#include "db.h"

#include <stdio.h>
#include <string.h>

const char *db_text(const DbRow *row, int col) { return row->db->ops->text(row, col); }
int64_t db_int(const DbRow *row, int col) { return row->db->ops->integer(row, col); }
double db_real(const DbRow *row, int col) { return row->db->ops->real(row, col); }
int db_columns(const DbRow *row) { return row->db->ops->columns(row); }

bool db_is_postgres_uri(const char *where)
{
    return !strncmp(where, "postgresql://", 13) || !strncmp(where, "postgres://", 11);
}

Db *db_open(const char *where, char *err, int err_size)
{
    if (!db_is_postgres_uri(where))
        return db_sqlite_open(where, err, err_size);
#if HEXCHESS_PG
    return db_pg_open(where, err, err_size);
#else
    snprintf(err, (size_t)err_size, "this hexchess was built without PostgreSQL (install libpq-dev and rebuild)");
    return NULL;
#endif
}

bool db_begin(Db *db) { return db_exec(db, db->ops->begin, NULL, 0, NULL, NULL, NULL) == DB_OK; }

bool db_end(Db *db, bool commit)
{
    return db_exec(db, commit ? "COMMIT" : "ROLLBACK", NULL, 0, NULL, NULL, NULL) == DB_OK;
}

void db_close(Db *db)
{
    if (db)
        db->ops->close(db);
}
