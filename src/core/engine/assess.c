#include "assess.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The logistic's slope per centipawn: lichess's fit of Stockfish's evaluations to the results of
 * its players' games. */
static const double WIN_SLOPE = 0.00368208;

/* Expected score a move may give away before it is an inaccuracy, a mistake, a blunder: lichess's
 * 0.1, 0.2 and 0.3 of "winning chances", which run from -1 to +1, i.e. half that in points. */
static const double LOSS_INACCURACY = 0.05, LOSS_MISTAKE = 0.10, LOSS_BLUNDER = 0.15;

/* Letting a mate in (or missing one) is a blunder unless the position was already this lost (or
 * stays this won), in centipawns from the mover's side: then a mistake, or only an inaccuracy. */
enum { MATE_MISTAKE_CP = 700, MATE_INACCURACY_CP = 999 };

/* The accuracy curve, a * exp(-k * points lost) + b: 100 for no loss, about 0 past 80 points;
 * plus one point for the analysis's own imprecision. */
static const double ACC_A = 103.1668, ACC_K = 0.04354, ACC_B = -3.1669, ACC_BONUS = 1.0;

/* Weights of the volatility-weighted mean: the spread of the expected score (in points) around a
 * move, held within these bounds so that neither a calm opening nor a wild swing dominates. */
static const double WEIGHT_MIN = 0.5, WEIGHT_MAX = 12.0;
enum { WINDOW_MIN = 2, WINDOW_MAX = 8, WINDOW_PER_MOVES = 10 };

static int clamp_int(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}
static double clamp_double(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

double win_expectation(int cp)
{
    cp = clamp_int(cp, -ASSESS_CP_CEILING, ASSESS_CP_CEILING);
    return 1.0 / (1.0 + exp(-WIN_SLOPE * cp));
}

int cp_of_expectation(double share)
{
    double lo = win_expectation(-ASSESS_CP_CEILING), hi = win_expectation(ASSESS_CP_CEILING);
    share = clamp_double(share, lo, hi);
    return (int)lround(log(share / (1.0 - share)) / WIN_SLOPE);
}

/* The evaluation in centipawns from side's view, a mate counting as the ceiling. */
static int cp_for(const Evaluation *e, Color side)
{
    if (e->is_mate)
        return e->mater == side ? ASSESS_CP_CEILING : -ASSESS_CP_CEILING;
    return side == WHITE ? e->cp : -e->cp;
}

double eval_expectation(const Evaluation *e, Color side)
{
    return win_expectation(cp_for(e, side));
}

/* Whether side is being mated (sign -1), mates (+1) or neither (0) at e. */
static int mate_sign(const Evaluation *e, Color side)
{
    return !e->is_mate ? 0 : e->mater == side ? 1 : -1;
}

MoveClass assess_move(const Evaluation *before, const Evaluation *after, Color mover, bool is_best)
{
    if (is_best)
        return CLASS_BEST;
    int was = mate_sign(before, mover), now = mate_sign(after, mover);
    if (!was && !now) {
        double loss = eval_expectation(before, mover) - eval_expectation(after, mover);
        return loss >= LOSS_BLUNDER      ? CLASS_BLUNDER
               : loss >= LOSS_MISTAKE    ? CLASS_MISTAKE
               : loss >= LOSS_INACCURACY ? CLASS_INACCURACY
                                         : CLASS_GOOD;
    }
    /* A mate appears against the mover: how lost was the position already? */
    if (was == 0 && now < 0) {
        int cp = cp_for(before, mover);
        return cp < -MATE_INACCURACY_CP ? CLASS_INACCURACY : cp < -MATE_MISTAKE_CP ? CLASS_MISTAKE : CLASS_BLUNDER;
    }
    /* The mover's own mate is gone: how won is the position still? (None left when it is the
     * opponent who mates now.) */
    if (was > 0 && now <= 0) {
        int cp = now < 0 ? 0 : cp_for(after, mover);
        return cp > MATE_INACCURACY_CP ? CLASS_INACCURACY : cp > MATE_MISTAKE_CP ? CLASS_MISTAKE : CLASS_BLUNDER;
    }
    /* A slower mate, or a mate that was coming anyway: no harm the model can tell. */
    return CLASS_GOOD;
}

const char *move_class_name(MoveClass c)
{
    static const char *const names[CLASS_NB] = {"best", "good", "inaccuracy", "mistake", "blunder"};
    return c >= 0 && c < CLASS_NB ? names[c] : "?";
}

double move_accuracy(double before, double after)
{
    if (after >= before)
        return 100.0;
    double lost = 100.0 * (before - after);
    return clamp_double(ACC_A * exp(-ACC_K * lost) + ACC_B + ACC_BONUS, 0.0, 100.0);
}

/* The population standard deviation of the expected scores, in points, of count positions. */
static double spread(const double *x, int count)
{
    double mean = 0.0, var = 0.0;
    for (int i = 0; i < count; i++)
        mean += x[i];
    mean /= count;
    for (int i = 0; i < count; i++)
        var += (x[i] - mean) * (x[i] - mean);
    return 100.0 * sqrt(var / count);
}

void game_accuracy(const double *white_expect, int count, Color first, double accuracy[COLOR_NB], bool has[COLOR_NB])
{
    int moves = count - 1;
    int window = clamp_int(moves / WINDOW_PER_MOVES, WINDOW_MIN, WINDOW_MAX);
    if (window > count)
        window = count;
    double weighted[COLOR_NB] = {0}, weights[COLOR_NB] = {0}, inverse[COLOR_NB] = {0};
    int n[COLOR_NB] = {0};
    for (int i = 0; i < moves; i++) {
        Color mover = (Color)(i % 2 == 0 ? first : !first);
        double before = white_expect[i], after = white_expect[i + 1];
        if (mover == BLACK) {
            before = 1.0 - before;
            after = 1.0 - after;
        }
        double acc = move_accuracy(before, after);
        /* The window of positions around the move: those ending with the position it leads to,
         * moved on to the start of the game where there are not enough before it. */
        int start = clamp_int(i + 2 - window, 0, count - window);
        double w = clamp_double(spread(white_expect + start, window), WEIGHT_MIN, WEIGHT_MAX);
        weighted[mover] += acc * w;
        weights[mover] += w;
        /* One point at least, so a single hopeless move cannot make the harmonic mean zero. */
        inverse[mover] += 1.0 / (acc < 1.0 ? 1.0 : acc);
        n[mover]++;
    }
    /* The weighted mean rewards steadiness where the game was sharp; the harmonic mean makes a
     * few bad moves count more than many easy good ones. Each corrects the other. */
    for (int c = 0; c < COLOR_NB; c++) {
        has[c] = n[c] > 0;
        accuracy[c] = has[c] ? (weighted[c] / weights[c] + n[c] / inverse[c]) / 2.0 : 0.0;
    }
}

void eval_text(const Evaluation *e, char *buf, size_t size)
{
    if (e->is_mate)
        snprintf(buf, size, "#%s%d", e->mater == BLACK ? "-" : "", e->mate_moves);
    else if (e->cp == 0)
        snprintf(buf, size, "0.00");
    else
        snprintf(buf, size, "%c%d.%02d", e->cp > 0 ? '+' : '-', abs(e->cp) / 100, abs(e->cp) % 100);
}
