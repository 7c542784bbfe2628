#include "ratings.h"

#include <stdio.h>
#include <time.h>

typedef struct {
    Glicko *g;
    int *games;
} RatingRead;

static void read_row(const DbRow *row, void *ctx)
{
    RatingRead *r = ctx;
    *r->g = (Glicko){db_real(row, 0), db_real(row, 1), db_real(row, 2)};
    *r->games = (int)db_int(row, 3);
}

/* A player's rating in variant and speed (a new player's when none); false when the store failed. */
static bool read_rating(Db *db, const char *player, const char *variant, const char *speed, Glicko *g, int *games)
{
    *g = glicko_new();
    *games = 0;
    DbValue v[] = {DB_TEXT(player), DB_TEXT(variant), DB_TEXT(speed)};
    RatingRead r = {g, games};
    return db_exec(db, "SELECT rating, rd, volatility, games FROM ratings WHERE player=? AND variant=? AND speed=?", v,
                   3, read_row, &r, NULL) == DB_OK;
}

/* Writes a player's new rating and its history row for game: DB_CONSTRAINT when the game was
 * applied to this player before. */
static DbStatus write_rating(Db *db, const char *player, const char *variant, const char *speed, Glicko g, int games,
                             int64_t game)
{
    DbValue history[] = {DB_TEXT(player),  DB_INT(game),  DB_TEXT(variant),  DB_TEXT(speed),
                         DB_REAL(g.rating), DB_REAL(g.rd), DB_INT(time(NULL))};
    DbValue now[] = {DB_TEXT(player), DB_TEXT(variant),      DB_TEXT(speed), DB_REAL(g.rating),
                     DB_REAL(g.rd),   DB_REAL(g.volatility), DB_INT(games)};
    DbStatus st = db_exec(db,
                          "INSERT INTO rating_history (player, game, variant, speed, rating, rd, at)"
                          " VALUES (?,?,?,?,?,?,?)",
                          history, 7, NULL, NULL, NULL);
    if (st == DB_OK)
        st = db_exec(db,
                     "INSERT INTO ratings (player, variant, speed, rating, rd, volatility, games) VALUES (?,?,?,?,?,?,?)"
                     " ON CONFLICT (player, variant, speed) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,"
                     " volatility = excluded.volatility, games = excluded.games",
                     now, 7, NULL, NULL, NULL);
    return st;
}

bool ratings_apply(Store *s, int64_t game, const char *white, const char *black, const char *variant, Speed speed,
                   double score)
{
    const char *sp = speed_names[speed];
    Db *db = store_lock(s);
    Glicko g[2];
    int n[2];
    bool ok = db_begin(db);
    DbStatus st = ok && read_rating(db, white, variant, sp, &g[0], &n[0]) &&
                          read_rating(db, black, variant, sp, &g[1], &n[1])
                      ? DB_OK
                      : DB_ERROR;
    if (st == DB_OK) {
        /* Each from the other's rating before the game: one rating period each. */
        GlickoGame vs_black = {g[1].rating, g[1].rd, score}, vs_white = {g[0].rating, g[0].rd, 1 - score};
        Glicko w = glicko_update(g[0], &vs_black, 1, GLICKO_TAU), b = glicko_update(g[1], &vs_white, 1, GLICKO_TAU);
        st = write_rating(db, white, variant, sp, w, n[0] + 1, game);
        if (st == DB_OK)
            st = write_rating(db, black, variant, sp, b, n[1] + 1, game);
    }
    /* A game applied before fails its history row's key: nothing changes. */
    if (ok && st == DB_ERROR)
        fprintf(stderr, "hexchess serve: ratings of game %lld: %s\n", (long long)game, db->ops->error(db));
    if (ok)
        db_end(db, st == DB_OK);
    store_unlock(s);
    return ok;
}

typedef struct {
    RatingFn fn;
    void *ctx;
} EachRow;

static void rating_row(const DbRow *row, void *ctx)
{
    EachRow *e = ctx;
    RatingRow r = {
        .player = db_text(row, 0),
        .variant = db_text(row, 1),
        .speed = db_text(row, 2),
        .g = {db_real(row, 3), db_real(row, 4), db_real(row, 5)},
        .games = (int)db_int(row, 6),
    };
    e->fn(&r, e->ctx);
}

/* Runs a query whose columns are player, variant, speed, rating, rd, volatility, games, with text
 * parameters args (NULL-terminated) and the number limit last when with_limit. */
static void each_row(Store *s, const char *sql, const char *const *args, bool with_limit, int limit, RatingFn fn,
                     void *ctx)
{
    DbValue v[4];
    int n = 0;
    for (; args[n]; n++)
        v[n] = DB_TEXT(args[n]);
    if (with_limit)
        v[n++] = DB_INT(limit);
    EachRow e = {fn, ctx};
    Db *db = store_lock(s);
    db_exec(db, sql, v, n, rating_row, &e, NULL);
    store_unlock(s);
}

void ratings_of(Store *s, const char *player, RatingFn fn, void *ctx)
{
    const char *args[] = {player, NULL};
    each_row(s,
             "SELECT player, variant, speed, rating, rd, volatility, games FROM ratings WHERE player=?"
             " ORDER BY variant, speed",
             args, false, 0, fn, ctx);
}

void ratings_history(Store *s, const char *player, const char *variant, const char *speed, RatingFn fn, void *ctx)
{
    const char *args[] = {player, variant, speed, NULL};
    each_row(s,
             "SELECT player, variant, CAST(game AS TEXT), rating, rd, 0, ROW_NUMBER() OVER (ORDER BY game)"
             " FROM rating_history WHERE player=? AND variant=? AND speed=? ORDER BY game",
             args, false, 0, fn, ctx);
}

void ratings_top(Store *s, const char *variant, const char *speed, int limit, RatingFn fn, void *ctx)
{
    const char *args[] = {variant, speed, NULL};
    char sql[300];
    snprintf(sql, sizeof sql,
             "SELECT player, variant, speed, rating, rd, volatility, games FROM ratings"
             " WHERE variant=? AND speed=? AND rd <= %g ORDER BY rating DESC LIMIT ?",
             GLICKO_PROVISIONAL_RD);
    each_row(s, sql, args, true, limit, fn, ctx);
}
