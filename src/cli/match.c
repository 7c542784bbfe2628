/*
 * `hexchess match`: two UCI engines play each other from opening positions (random plies from
 * the start, or the positions of a file), both colours per opening or, on request, each opening once
 * with engine 1 to move. Games are adjudicated by the library's rules (mate, stalemate with the variant's
 * scoring, automatic draws), written to a game file, and summed up as a score, an Elo difference
 * with a 95% interval and, on request, an SPRT verdict.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "../core/engine/search.h"
#include "../core/notation/notation.h"
#include "../core/notation/postext.h"
#include "../core/notation/recplay.h"
#include "../core/notation/recread.h"
#include "../core/notation/recwrite.h"
#include "../core/rules/arbiter.h"
#include "../core/rules/movegen.h"
#include "../core/rules/status.h"
#include "../core/util/quote.h"
#include "cli.h"
#include "input.h"
#include "uciclient.h"
#include "values.h"

enum {
    MAX_CONCURRENCY = 64,
    MAX_OPENINGS = 1000,
    MAX_POSITIONS = 100000,
    MAX_ENGINE_OPTIONS = 16,
    DEFAULT_MAX_PLIES = 600,
    ENGINE_START_MS = 10000
};

typedef struct {
    const char *engine_cmd[2];
    /* Per engine: "NAME=VALUE" options set after UCI_Variant. */
    const char *engine_option[2][MAX_ENGINE_OPTIONS];
    int engine_option_nb[2];
    const char *positions_path; /* the openings, one a line; NULL: random plies from the start */
    bool once;                  /* each opening once, engine 1 to move (else both colours) */
    bool games_given;
    const Variant *variant;
    int games;
    int base_ms, inc_ms, movetime_ms, depth, nodes;
    int concurrency;
    int opening_plies;
    int max_plies;
    unsigned seed;
    const char *pgn_path;
    bool sprt;
    double elo0, elo1, alpha, beta;
    bool castling;
    int answer_ms; /* without a clock: how long an engine may take before it forfeits */
    /* Score adjudication: both engines agree, for resign_moves moves each, that one side is
     * ahead by resign_cp (0 = off). */
    int resign_moves, resign_cp;
} MatchConfig;

typedef struct {
    double score[2]; /* points of engine 0 and 1 on a 0..1 scale */
    int plies;
    Verdict verdict;
    char termination[96]; /* the verdict's reason, or why the match ended the game */
} GameOutcome;

typedef struct {
    const MatchConfig *cfg;
    char (*openings)[POSITION_TEXT_MAX];
    Color *opening_stm; /* each opening's side to move */
    int opening_nb;
    mtx_t lock;
    int next_game;
    int finished;
    double *scores; /* engine 0's score per game */
    int wins, losses, draws;
    FILE *pgn;
    bool stop;
} Match;

/* Builds distinct openings by random legal plies from the start position (fixed seed). */
static int make_openings(const MatchConfig *cfg, char (*out)[POSITION_TEXT_MAX], Color *stm, int want)
{
    Position *p = malloc(sizeof *p);
    if (!p)
        return 0;
    uint64_t rng = cfg->seed * 0x9E3779B97F4A7C15ull + 1;
    int n = 0;
    for (int attempt = 0; n < want && attempt < want * 20; attempt++) {
        pos_set_start(p, cfg->variant);
        p->castling_allowed = p->castling_allowed && cfg->castling;
        bool ok = true;
        for (int ply = 0; ply < cfg->opening_plies && ok; ply++) {
            MoveList ml;
            gen_legal(p, &ml);
            if (ml.count == 0) {
                ok = false;
                break;
            }
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            pos_make(p, ml.moves[rng % (uint64_t)ml.count]);
        }
        if (!ok || count_legal(p) == 0)
            continue;
        char text[POSITION_TEXT_MAX];
        pos_to_text(p, text, sizeof text);
        bool seen = false;
        for (int i = 0; i < n && !seen; i++)
            seen = !strcmp(out[i], text);
        if (!seen) {
            stm[n] = p->stm;
            strcpy(out[n++], text);
        }
    }
    free(p);
    return n;
}

/* Can a game start from the position of this line? Else why not. */
static bool opening_ok(const MatchConfig *cfg, Position *p, const char *line, size_t len, char *why, size_t size)
{
    if (len >= POSITION_TEXT_MAX) {
        snprintf(why, size, "a line of more than %d bytes", POSITION_TEXT_MAX - 1);
        return false;
    }
    if (!pos_from_text_castling(p, cfg->variant, line, cfg->castling, why, size))
        return false;
    Verdict verdict;
    arbiter_judge(p, &verdict);
    if (verdict.outcome == OUTCOME_NONE)
        return true;
    char reason[96];
    verdict_reason_text(cfg->variant, &verdict, reason, (int)sizeof reason);
    snprintf(why, size, "the game is already over (%s)", reason);
    return false;
}

/* Reads the openings of --positions: one position a line; blank lines and lines starting with '#'
 * are skipped. Each must be legal and not already over. Returns how many (with the arrays in
 * m), or 0 with the error, naming the line, in err ("" when the file could not be read: that
 * was told already). */
static int read_positions(const MatchConfig *cfg, Match *m, char *err, size_t size)
{
    char q[QUOTE_BUF_SIZE];
    size_t text_size;
    char *text = input_read_file("match", cfg->positions_path, &text_size);
    if (!text) {
        err[0] = 0;
        return 0;
    }
    Position *p = malloc(sizeof *p);
    char why[256];
    int n = 0, capacity = 0, number = 0;
    bool ok = p != NULL;
    if (!ok)
        snprintf(err, size, "out of memory");
    /* The lines end at the first NUL: the positions after it would be lost without a word. */
    if (ok && memchr(text, 0, text_size)) {
        snprintf(err, size, "'%s' holds a NUL byte: it is no text of positions", quote(q, cfg->positions_path));
        ok = false;
    }
    char *cursor = text;
    for (char *line; ok && (line = input_next_line(&cursor));) {
        number++;
        /* As editors save text: a byte-order mark opening the file, tabs or spaces ending a line. */
        if (number == 1 && !strncmp(line, "\xef\xbb\xbf", 3))
            line += 3;
        size_t len = strlen(line);
        while (len > 0 && isspace((unsigned char)line[len - 1]))
            line[--len] = 0;
        if (len == 0 || line[0] == '#')
            continue;
        bool good = opening_ok(cfg, p, line, len, why, sizeof why);
        if (good && n == MAX_POSITIONS) {
            snprintf(why, sizeof why, "more than %d positions", MAX_POSITIONS);
            good = false;
        }
        if (!good) {
            snprintf(err, size, "%s:%d: %s", quote(q, cfg->positions_path), number, why);
            ok = false;
            break;
        }
        if (n == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            void *texts = realloc(m->openings, sizeof *m->openings * (size_t)capacity);
            if (texts)
                m->openings = texts;
            void *stm = realloc(m->opening_stm, sizeof *m->opening_stm * (size_t)capacity);
            if (stm)
                m->opening_stm = stm;
            if (!texts || !stm) {
                snprintf(err, size, "out of memory");
                ok = false;
                break;
            }
        }
        strcpy(m->openings[n], line);
        m->opening_stm[n++] = p->stm;
    }
    if (ok && n == 0) {
        snprintf(err, size, "'%s' holds no position", quote(q, cfg->positions_path));
        ok = false;
    }
    free(text);
    free(p);
    return ok ? n : 0;
}

static bool start_engine(UciClient *c, const MatchConfig *cfg, int engine)
{
    const char *cmd = cfg->engine_cmd[engine];
    char line[4096];
    if (!uci_client_start(c, cmd))
        return false;
    if (!uci_client_send(c, "uci") || !uci_client_wait_for(c, "uciok", line, sizeof line, ENGINE_START_MS)) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess match: '%s' did not answer 'uci'\n", quote(q, cmd));
        return false;
    }
    uci_client_send(c, "setoption name UCI_Variant value %s", cfg->variant->desc->name);
    uci_client_send(c, "setoption name CescacsCastling value %s", cfg->castling ? "true" : "false");
    for (int i = 0; i < cfg->engine_option_nb[engine]; i++) {
        const char *option = cfg->engine_option[engine][i], *eq = strchr(option, '=');
        uci_client_send(c, "setoption name %.*s value %s", (int)(eq - option), option, eq + 1);
    }
    return true;
}

static bool ready(UciClient *c)
{
    char line[4096];
    return uci_client_send(c, "isready") && uci_client_wait_for(c, "readyok", line, sizeof line, ENGINE_START_MS);
}

static long long now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Scores the arbiter's verdict; `why` names what ended the game when the board did not (NULL: the
 * verdict's own reason). */
static void conclude(GameOutcome *g, const Variant *v, int white_engine, const char *why)
{
    double white = outcome_white_permille(v, g->verdict.outcome) / 1000.0;
    g->score[white_engine] = white;
    g->score[!white_engine] = 1.0 - white;
    if (why)
        snprintf(g->termination, sizeof g->termination, "%s", why);
    else
        verdict_reason_text(v, &g->verdict, g->termination, (int)sizeof g->termination);
}

/* Appends the game to the game file through the record writer (CTL-PGN or PGN, canonical). */
static void write_game(Match *m, int number, const char *opening, const char *names[2], int white_engine,
                       char (*moves)[MOVE_TEXT_MAX], int plies, const GameOutcome *g)
{
    const Variant *v = m->cfg->variant;
    size_t size = (size_t)plies * (MOVE_TEXT_MAX + 1) + 1;
    char *text = malloc(size);
    Position *p = malloc(sizeof *p);
    if (!text || !p) {
        free(text);
        free(p);
        return;
    }
    size_t len = 0;
    text[0] = 0;
    for (int i = 0; i < plies; i++)
        len += (size_t)snprintf(text + len, size - len, "%s%s", i ? " " : "", moves[i]);
    Game game;
    game_init(&game, v);
    if (record_read_moves(v, text, &game)) {
        char round[16];
        snprintf(round, sizeof round, "%d", number);
        game_set_label(&game, "Event", "hexchess match");
        game_set_label(&game, "Round", round);
        game_set_label(&game, "White", names[white_engine]);
        game_set_label(&game, "Black", names[!white_engine]);
        game_set_label(&game, "Result", outcome_text(v, g->verdict.outcome));
        game_set_label(&game, "Termination", g->termination);
        game_set_label(&game, v->desc->position_label, opening);
        PlayReport report;
        game_play(&game, p, NULL, &report);
        WriteOptions options = {STYLE_STANDARD, NULL, false};
        char *out = game_write(&game, &options);
        if (out) {
            fprintf(m->pgn, "%s\n", out);
            fflush(m->pgn);
        }
        free(out);
    }
    game_free(&game);
    free(text);
    free(p);
}

/* Plays one game; engine white_engine has White. */
static void play_game(Match *m, UciClient eng[2], int number, const char *opening, int white_engine,
                      const char *names[2])
{
    const MatchConfig *cfg = m->cfg;
    const Variant *v = cfg->variant;
    Position *p = malloc(sizeof *p);
    char (*moves)[MOVE_TEXT_MAX] = malloc(sizeof *moves * (size_t)(cfg->max_plies + 1));
    char *cmd = malloc(MOVE_TEXT_MAX * (size_t)(cfg->max_plies + 1) + POSITION_TEXT_MAX + 64);
    GameOutcome g = {{0, 0}, 0, {OUTCOME_NONE, END_NONE, DRAW_NONE}, ""};
    char err[256], line[65536];
    if (!p || !moves || !cmd || !pos_from_text(p, cfg->variant, opening, err, sizeof err)) {
        g.verdict = (Verdict){OUTCOME_DRAW, END_RECORDED, DRAW_NONE}; /* no game to judge */
        conclude(&g, v, white_engine, "could not set up the opening");
        goto done;
    }
    p->castling_allowed = p->castling_allowed && cfg->castling;
    for (int i = 0; i < 2; i++) {
        uci_client_send(&eng[i], "ucinewgame");
        ready(&eng[i]);
    }
    long long clock_ms[2] = {cfg->base_ms, cfg->base_ms};
    int plies = 0;
    /* Per engine: its consecutive moves reporting a win, and a loss, by at least resign_cp. */
    int winning[2] = {0, 0}, losing[2] = {0, 0};
    int agreed_winner = -1;
    for (;;) {
        arbiter_judge(p, &g.verdict);
        if (g.verdict.outcome != OUTCOME_NONE) {
            conclude(&g, v, white_engine, NULL);
            break;
        }
        if (agreed_winner >= 0) {
            Color loser = agreed_winner == white_engine ? BLACK : WHITE;
            arbiter_resign(p, loser, &g.verdict);
            conclude(&g, v, white_engine, "adjudicated: both engines' scores agree");
            break;
        }
        if (plies >= cfg->max_plies) {
            arbiter_agree_draw(p, &g.verdict);
            conclude(&g, v, white_engine, "adjudicated: too long");
            break;
        }
        int side = p->stm == WHITE ? white_engine : !white_engine;
        UciClient *e = &eng[side];
        int n = sprintf(cmd, "position fen %s", opening);
        if (plies)
            n += sprintf(cmd + n, " moves");
        for (int i = 0; i < plies; i++)
            n += sprintf(cmd + n, " %s", moves[i]);
        uci_client_send(e, "%s", cmd);
        int wait_ms;
        if (cfg->movetime_ms) {
            uci_client_send(e, "go movetime %d", cfg->movetime_ms);
            wait_ms = cfg->answer_ms;
        } else if (cfg->depth) {
            uci_client_send(e, "go depth %d", cfg->depth);
            wait_ms = cfg->answer_ms;
        } else if (cfg->nodes) {
            uci_client_send(e, "go nodes %d", cfg->nodes);
            wait_ms = cfg->answer_ms;
        } else {
            int wc = white_engine, bc = !white_engine;
            uci_client_send(e, "go wtime %lld btime %lld winc %d binc %d", clock_ms[wc], clock_ms[bc], cfg->inc_ms,
                            cfg->inc_ms);
            /* The clock grows by the increment every move: it may pass what an int holds. */
            wait_ms = clock_ms[side] < INT_MAX - 1000 ? (int)clock_ms[side] + 1000 : INT_MAX;
        }
        long long started = now_ms();
        int score = 0;
        bool scored;
        bool got = uci_client_wait_bestmove(e, line, sizeof line, wait_ms, &score, &scored);
        long long used = now_ms() - started;
        bool clocked = !cfg->movetime_ms && !cfg->depth && !cfg->nodes;
        if (!got && !clocked) {
            arbiter_forfeit(p, p->stm, &g.verdict);
            conclude(&g, v, white_engine, "engine did not answer");
            break;
        }
        if (clocked) {
            clock_ms[side] -= used;
            if (!got || clock_ms[side] < 0) {
                arbiter_flag_fall(p, p->stm, &g.verdict);
                conclude(&g, v, white_engine, "time forfeit");
                break;
            }
            clock_ms[side] += cfg->inc_ms;
        }
        char text[MOVE_TEXT_MAX] = "";
        sscanf(line, "bestmove %23s", text);
        Move mv = move_from_text(p, text);
        if (mv == MOVE_NONE) {
            char reason[96], q[QUOTE_BUF_SIZE];
            snprintf(reason, sizeof reason, "illegal move '%s'", quote(q, text));
            arbiter_forfeit(p, p->stm, &g.verdict);
            conclude(&g, v, white_engine, reason);
            fprintf(stderr, "hexchess match: game %d: %s by %s\n", number, reason, names[side]);
            break;
        }
        strcpy(moves[plies++], text);
        pos_make(p, mv);
        if (cfg->resign_cp) {
            winning[side] = scored && score >= cfg->resign_cp ? winning[side] + 1 : 0;
            losing[side] = scored && score <= -cfg->resign_cp ? losing[side] + 1 : 0;
            for (int i = 0; i < 2; i++)
                if (winning[i] >= cfg->resign_moves && losing[!i] >= cfg->resign_moves)
                    agreed_winner = i;
        }
    }
    g.plies = plies;
    mtx_lock(&m->lock);
    if (m->pgn)
        write_game(m, number, opening, names, white_engine, moves, plies, &g);
    mtx_unlock(&m->lock);
done:
    mtx_lock(&m->lock);
    m->scores[number - 1] = g.score[0];
    m->wins += g.score[0] > 0.5;
    m->losses += g.score[0] < 0.5;
    m->draws += g.score[0] == 0.5;
    m->finished++;
    fprintf(stderr, "game %d/%d: %s %s (%s, %d plies)  score %d-%d-%d\n", number, m->cfg->games,
            names[white_engine], outcome_text(cfg->variant, g.verdict.outcome), g.termination, g.plies, m->wins, m->losses, m->draws);
    mtx_unlock(&m->lock);
    free(p);
    free(moves);
    free(cmd);
}

static int match_worker(void *arg)
{
    Match *m = arg;
    const MatchConfig *cfg = m->cfg;
    UciClient eng[2];
    const char *names[2] = {cfg->engine_cmd[0], cfg->engine_cmd[1]};
    bool ok = start_engine(&eng[0], cfg, 0) && start_engine(&eng[1], cfg, 1);
    for (;;) {
        mtx_lock(&m->lock);
        int game = m->stop || !ok ? cfg->games : m->next_game++;
        mtx_unlock(&m->lock);
        if (game >= cfg->games)
            break;
        int per_opening = cfg->once ? 1 : 2, opening = (game / per_opening) % m->opening_nb;
        int white_engine = cfg->once ? m->opening_stm[opening] != WHITE : game % 2;
        play_game(m, eng, game + 1, m->openings[opening], white_engine, names);
    }
    uci_client_stop(&eng[0]);
    uci_client_stop(&eng[1]);
    if (!ok) {
        mtx_lock(&m->lock);
        m->stop = true;
        mtx_unlock(&m->lock);
    }
    return 0;
}

static double elo_of(double score)
{
    if (score <= 0.0)
        return -999.0;
    if (score >= 1.0)
        return 999.0;
    return -400.0 * log10(1.0 / score - 1.0);
}

static double expected_score(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

static void report(const Match *m)
{
    const MatchConfig *cfg = m->cfg;
    int n = m->finished;
    if (n == 0)
        return;
    double sum = 0, sq = 0;
    for (int i = 0; i < cfg->games; i++)
        if (m->scores[i] >= 0) {
            sum += m->scores[i];
            sq += m->scores[i] * m->scores[i];
        }
    double mean = sum / n;
    double var = sq / n - mean * mean;
    double se = n > 1 ? sqrt(var / (n - 1)) : 0.0;
    printf("games %d  engine 1: +%d -%d =%d  score %.1f/%d (%.1f%%)\n", n, m->wins, m->losses, m->draws, sum, n,
           100.0 * mean);
    printf("elo %+.1f  95%% interval [%+.1f, %+.1f]\n", elo_of(mean), elo_of(mean - 1.96 * se),
           elo_of(mean + 1.96 * se));
    if (cfg->sprt && var > 0) {
        /* Wald's SPRT with the normal approximation of the per-game score. */
        double s0 = expected_score(cfg->elo0), s1 = expected_score(cfg->elo1);
        double llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
        double lower = log(cfg->beta / (1 - cfg->alpha)), upper = log((1 - cfg->beta) / cfg->alpha);
        const char *verdict = llr >= upper ? "H1 accepted" : llr <= lower ? "H0 accepted" : "inconclusive";
        printf("sprt elo0 %.1f elo1 %.1f  llr %.2f  bounds [%.2f, %.2f]  %s\n", cfg->elo0, cfg->elo1, llr, lower,
               upper, verdict);
    }
}

/* BASE[+INC] in seconds; the bounds keep the milliseconds within an int (and NaN out). */
static bool parse_tc(const char *s, MatchConfig *cfg)
{
    char *end;
    double base = strtod(s, &end), inc = 0;
    bool ok = end != s && base > 0 && base <= 86400;
    if (ok && *end == '+') {
        const char *from = end + 1;
        inc = strtod(from, &end);
        ok = end != from && inc >= 0 && inc <= 3600;
    }
    if (!ok || *end)
        return false;
    cfg->base_ms = (int)(base * 1000);
    cfg->inc_ms = (int)(inc * 1000);
    return true;
}

int cmd_match(const CliOptions *opts)
{
    MatchConfig cfg = {.variant = opts->variant,
                       .games = 20,
                       .base_ms = 10000,
                       .inc_ms = 100,
                       .concurrency = 1,
                       .opening_plies = 2,
                       .max_plies = DEFAULT_MAX_PLIES,
                       .seed = 1,
                       .elo1 = 5,
                       .alpha = 0.05,
                       .beta = 0.05,
                       .castling = true,
                       .answer_ms = 60000};
    int engines = 0;
    bool plies_given = false;
    char err[QUOTE_BUF_SIZE + 64], q[QUOTE_BUF_SIZE];
    for (int i = 0; i < opts->argc; i += 2) {
        const char *a = opts->argv[i];
        const char *v = i + 1 < opts->argc ? opts->argv[i + 1] : NULL;
        bool flag = !strcmp(a, "--no-castling") || !strcmp(a, "--once");
        if (!v && !flag)
            return cli_usage_error("match", "option %s needs a value", quote(q, a));
        bool ok = true;
        int seed = 0;
        const char *form = NULL; /* what a value of the options not read by a number reader looks like */
        if (!strcmp(a, "--engine")) {
            if (engines == 2)
                return cli_usage_error("match", "--engine given more than twice");
            cfg.engine_cmd[engines++] = v;
        } else if (!strcmp(a, "--option1") || !strcmp(a, "--option2")) {
            int engine = a[8] - '1';
            const char *eq = strchr(v, '=');
            if (cfg.engine_option_nb[engine] == MAX_ENGINE_OPTIONS)
                return cli_usage_error("match", "%s given more than %d times", a, MAX_ENGINE_OPTIONS);
            cfg.engine_option[engine][cfg.engine_option_nb[engine]++] = v;
            ok = eq && eq != v;
            form = "NAME=VALUE";
        } else if (!strcmp(a, "--games")) {
            ok = value_int(v, 1, 100000, &cfg.games, err, sizeof err);
            cfg.games_given = true;
        } else if (!strcmp(a, "--positions")) {
            cfg.positions_path = v;
        } else if (!strcmp(a, "--tc")) {
            ok = parse_tc(v, &cfg);
            form = "BASE+INC seconds (BASE above 0, at most 86400; INC at most 3600)";
        } else if (!strcmp(a, "--movetime"))
            ok = value_movetime(v, &cfg.movetime_ms, err, sizeof err);
        else if (!strcmp(a, "--depth"))
            ok = value_int(v, 1, MAX_PLY - 1, &cfg.depth, err, sizeof err);
        else if (!strcmp(a, "--nodes"))
            ok = value_int(v, 1, 2000000000, &cfg.nodes, err, sizeof err);
        else if (!strcmp(a, "--answer-ms"))
            ok = value_int(v, 1, 86400000, &cfg.answer_ms, err, sizeof err);
        else if (!strcmp(a, "--concurrency"))
            ok = value_int(v, 1, MAX_CONCURRENCY, &cfg.concurrency, err, sizeof err);
        else if (!strcmp(a, "--opening-plies")) {
            ok = value_int(v, 0, 20, &cfg.opening_plies, err, sizeof err);
            plies_given = true;
        } else if (!strcmp(a, "--max-plies"))
            ok = value_int(v, 10, MAX_SEARCHABLE_PLY, &cfg.max_plies, err, sizeof err);
        else if (!strcmp(a, "--seed")) {
            ok = value_int(v, 0, 1000000000, &seed, err, sizeof err);
            cfg.seed = (unsigned)seed;
        } else if (!strcmp(a, "--pgn"))
            cfg.pgn_path = v;
        else if (flag) {
            cfg.castling = cfg.castling && strcmp(a, "--no-castling");
            cfg.once = cfg.once || !strcmp(a, "--once");
            i--; /* takes no value */
        } else if (!strcmp(a, "--resign")) {
            char extra;
            ok = sscanf(v, "%d,%d%c", &cfg.resign_moves, &cfg.resign_cp, &extra) == 2 && cfg.resign_moves >= 1 &&
                 cfg.resign_cp >= 1;
            form = "N,CP (two whole numbers from 1)";
        } else if (!strcmp(a, "--sprt")) {
            char extra;
            ok = sscanf(v, "%lf,%lf%c", &cfg.elo0, &cfg.elo1, &extra) == 2 && cfg.elo1 > cfg.elo0;
            form = "ELO0,ELO1 with ELO0 below ELO1";
            cfg.sprt = true;
        } else
            return cli_usage_error("match", "unknown option or argument '%s'", quote(q, a));
        if (!ok && form)
            snprintf(err, sizeof err, "'%s' is not %s", quote(q, v), form);
        if (!ok)
            return cli_usage_error("match", "%s: %s", a, err);
    }
    if (engines != 2)
        return cli_usage_error("match", "give two engines with --engine CMD --engine CMD");
    if (plies_given && cfg.positions_path)
        return cli_usage_error("match", "--positions and --opening-plies exclude each other");
    Match m = {0};
    m.cfg = &cfg;
    int per_opening = cfg.once ? 1 : 2;
    const char *failure = NULL;
    char file_err[QUOTE_BUF_SIZE + 320]; /* the file's name, the line and its fault */
    if (cfg.positions_path) {
        m.opening_nb = read_positions(&cfg, &m, file_err, sizeof file_err);
        failure = m.opening_nb ? NULL : file_err;
        /* Every position, each as often as --once or both colours say, unless --games says otherwise. */
        if (!cfg.games_given)
            cfg.games = m.opening_nb * per_opening;
    } else {
        m.openings = malloc(sizeof *m.openings * MAX_OPENINGS);
        m.opening_stm = malloc(sizeof *m.opening_stm * MAX_OPENINGS);
        int want = (cfg.games + per_opening - 1) / per_opening;
        want = want < MAX_OPENINGS ? want : MAX_OPENINGS;
        if (!m.openings || !m.opening_stm)
            failure = "out of memory";
        else if ((m.opening_nb = make_openings(&cfg, m.openings, m.opening_stm, want)) == 0)
            failure = "could not build openings";
    }
    m.scores = failure ? NULL : malloc(sizeof *m.scores * (size_t)cfg.games);
    if (!failure && !m.scores)
        failure = "out of memory";
    for (int i = 0; !failure && i < cfg.games; i++)
        m.scores[i] = -1;
    if (!failure && cfg.pgn_path && !(m.pgn = fopen(cfg.pgn_path, "w"))) {
        snprintf(err, sizeof err, "cannot write '%s': %s", quote(q, cfg.pgn_path), strerror(errno));
        failure = err;
    }
    if (failure) {
        if (*failure)
            fprintf(stderr, "hexchess match: %s\n", failure);
        free(m.openings);
        free(m.opening_stm);
        free(m.scores);
        return EXIT_REJECTED;
    }
    mtx_init(&m.lock, mtx_plain);
    thrd_t threads[MAX_CONCURRENCY];
    for (int i = 0; i < cfg.concurrency; i++)
        thrd_create(&threads[i], match_worker, &m);
    for (int i = 0; i < cfg.concurrency; i++)
        thrd_join(threads[i], NULL);
    report(&m);
    if (m.pgn)
        fclose(m.pgn);
    mtx_destroy(&m.lock);
    int rc = m.finished == cfg.games ? 0 : 1;
    free(m.openings);
    free(m.opening_stm);
    free(m.scores);
    return rc;
}
