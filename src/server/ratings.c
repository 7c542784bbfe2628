#include "ratings.h"

#include <sqlite3.h>
#include <stdio.h>
#include <time.h>

/* A player's rating in variant and speed (a new player's when none); false when the store failed. */
static bool read_rating(sqlite3 *db, const char *player, const char *variant, const char *speed, Glicko *g,
                        int *games)
{
    sqlite3_stmt *st = NULL;
    *g = glicko_new();
    *games = 0;
    if (sqlite3_prepare_v2(db,
                           "SELECT rating, rd, volatility, games FROM ratings WHERE player=? AND variant=? AND speed=?",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, player, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, variant, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, speed, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *g = (Glicko){sqlite3_column_double(st, 0), sqlite3_column_double(st, 1), sqlite3_column_double(st, 2)};
        *games = sqlite3_column_int(st, 3);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/* Writes a player's new rating and its history row for game; false when the store failed or the
 * game was applied to this player before. */
static bool write_rating(sqlite3 *db, const char *player, const char *variant, const char *speed, Glicko g,
                         int games, int64_t game)
{
    static const char *const sql[] = {
        "INSERT INTO rating_history (player, game, variant, speed, rating, rd, at) VALUES (?1,?2,?3,?4,?5,?6,?7)",
        "INSERT OR REPLACE INTO ratings (player, variant, speed, rating, rd, volatility, games)"
        " VALUES (?1,?3,?4,?5,?6,?8,?9)",
    };
    for (int i = 0; i < 2; i++) {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, sql[i], -1, &st, NULL) != SQLITE_OK)
            return false;
        sqlite3_bind_text(st, 1, player, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, game);
        sqlite3_bind_text(st, 3, variant, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, speed, -1, SQLITE_STATIC);
        sqlite3_bind_double(st, 5, g.rating);
        sqlite3_bind_double(st, 6, g.rd);
        sqlite3_bind_int64(st, 7, (int64_t)time(NULL));
        sqlite3_bind_double(st, 8, g.volatility);
        sqlite3_bind_int(st, 9, games);
        int rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE)
            return false;
    }
    return true;
}

bool ratings_apply(Store *s, int64_t game, const char *white, const char *black, const char *variant, Speed speed,
                   double score)
{
    const char *sp = speed_names[speed];
    sqlite3 *db = store_lock(s);
    Glicko g[2];
    int n[2];
    bool ok = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
    bool done = ok && read_rating(db, white, variant, sp, &g[0], &n[0]) && read_rating(db, black, variant, sp, &g[1], &n[1]);
    if (done) {
        /* Each from the other's rating before the game: one rating period each. */
        GlickoGame vs_black = {g[1].rating, g[1].rd, score}, vs_white = {g[0].rating, g[0].rd, 1 - score};
        Glicko w = glicko_update(g[0], &vs_black, 1, GLICKO_TAU), b = glicko_update(g[1], &vs_white, 1, GLICKO_TAU);
        done = write_rating(db, white, variant, sp, w, n[0] + 1, game) &&
               write_rating(db, black, variant, sp, b, n[1] + 1, game);
    }
    /* A game applied before fails its history row's key: nothing changes. */
    if (ok)
        sqlite3_exec(db, done ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    if (ok && !done && sqlite3_extended_errcode(db) != SQLITE_CONSTRAINT_PRIMARYKEY)
        fprintf(stderr, "hexchess serve: ratings of game %lld: %s\n", (long long)game, sqlite3_errmsg(db));
    store_unlock(s);
    return ok;
}

/* Runs a query whose columns are player, variant, speed, rating, rd, volatility, games, with text
 * parameters args (NULL-terminated) and the number limit last. */
static void each_row(Store *s, const char *sql, const char *const *args, int limit, RatingFn fn, void *ctx)
{
    sqlite3 *db = store_lock(s);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
        int i = 0;
        for (; args[i]; i++)
            sqlite3_bind_text(st, i + 1, args[i], -1, SQLITE_STATIC);
        if (sqlite3_bind_parameter_count(st) > i)
            sqlite3_bind_int(st, i + 1, limit);
        while (sqlite3_step(st) == SQLITE_ROW) {
            RatingRow r = {
                .player = (const char *)sqlite3_column_text(st, 0),
                .variant = (const char *)sqlite3_column_text(st, 1),
                .speed = (const char *)sqlite3_column_text(st, 2),
                .g = {sqlite3_column_double(st, 3), sqlite3_column_double(st, 4), sqlite3_column_double(st, 5)},
                .games = sqlite3_column_int(st, 6),
            };
            fn(&r, ctx);
        }
    }
    sqlite3_finalize(st);
    store_unlock(s);
}

void ratings_of(Store *s, const char *player, RatingFn fn, void *ctx)
{
    const char *args[] = {player, NULL};
    each_row(s,
             "SELECT player, variant, speed, rating, rd, volatility, games FROM ratings WHERE player=?"
             " ORDER BY variant, speed",
             args, 0, fn, ctx);
}

void ratings_history(Store *s, const char *player, const char *variant, const char *speed, RatingFn fn, void *ctx)
{
    const char *args[] = {player, variant, speed, NULL};
    each_row(s,
             "SELECT player, variant, CAST(game AS TEXT), rating, rd, 0, ROW_NUMBER() OVER (ORDER BY game)"
             " FROM rating_history WHERE player=? AND variant=? AND speed=? ORDER BY game",
             args, 0, fn, ctx);
}

void ratings_top(Store *s, const char *variant, const char *speed, int limit, RatingFn fn, void *ctx)
{
    const char *args[] = {variant, speed, NULL};
    char sql[300];
    snprintf(sql, sizeof sql,
             "SELECT player, variant, speed, rating, rd, volatility, games FROM ratings"
             " WHERE variant=? AND speed=? AND rd <= %g ORDER BY rating DESC LIMIT ?",
             GLICKO_PROVISIONAL_RD);
    each_row(s, sql, args, limit, fn, ctx);
}
