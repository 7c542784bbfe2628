#include "texel.h"

#include <math.h>

double texel_sigmoid(double score, double k)
{
    return 1.0 / (1.0 + pow(10.0, -k * score / 400.0));
}

double texel_error(const int *scores, const double *results, size_t n, double k)
{
    if (n == 0)
        return 0.0;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        double d = results[i] - texel_sigmoid(scores[i], k);
        sum += d * d;
    }
    return sum / (double)n;
}

static double k_at(int i)
{
    /* Log-spaced: the error changes about as fast per ratio of k as anywhere else. */
    return TEXEL_K_MIN * pow(TEXEL_K_MAX / TEXEL_K_MIN, (double)i / (TEXEL_K_SCAN_POINTS - 1));
}

double texel_fit_k(const int *scores, const double *results, size_t n)
{
    /* Step 1. Scan: the error is not unimodal everywhere on a wide range (a flat tail for tiny k),
     * so find the basin first. */
    int best = 0;
    double best_error = texel_error(scores, results, n, k_at(0));
    for (int i = 1; i < TEXEL_K_SCAN_POINTS; i++) {
        double e = texel_error(scores, results, n, k_at(i));
        if (e < best_error) {
            best_error = e;
            best = i;
        }
    }
    /* Step 2. Golden-section search between the scan points either side of the best one. */
    double a = k_at(best > 0 ? best - 1 : 0);
    double b = k_at(best < TEXEL_K_SCAN_POINTS - 1 ? best + 1 : best);
    const double ratio = (sqrt(5.0) - 1.0) / 2.0;
    double c = b - ratio * (b - a), d = a + ratio * (b - a);
    double ec = texel_error(scores, results, n, c), ed = texel_error(scores, results, n, d);
    for (int iter = 0; iter < 80 && b - a > 1e-7; iter++) {
        if (ec < ed) {
            b = d;
            d = c;
            ed = ec;
            c = b - ratio * (b - a);
            ec = texel_error(scores, results, n, c);
        } else {
            a = c;
            c = d;
            ec = ed;
            d = a + ratio * (b - a);
            ed = texel_error(scores, results, n, d);
        }
    }
    double k = (a + b) / 2.0;
    /* The scan point itself may still be the best (the bracket's ends are not probed). */
    return texel_error(scores, results, n, k) <= best_error ? k : k_at(best);
}

static bool movable(const TexelDescent *d, const int *w, int i, int delta)
{
    if (d->active && !d->active[i])
        return false;
    long next = (long)w[i] + delta;
    return (!d->lo || next >= d->lo[i]) && (!d->hi || next <= d->hi[i]);
}

/* Moves weight i by delta while the error falls; true when it moved at least once. */
static bool slide(const TexelDescent *d, int *w, int i, int delta, double *error, TexelObjective f, void *ctx)
{
    bool moved = false;
    while (movable(d, w, i, delta)) {
        w[i] += delta;
        double e = f(w, ctx);
        if (e >= *error) {
            w[i] -= delta;
            break;
        }
        *error = e;
        moved = true;
    }
    return moved;
}

double texel_descend(const TexelDescent *d, int *w, TexelObjective f, void *ctx)
{
    double error = f(w, ctx);
    int step = d->first_step > 0 ? d->first_step : 1;
    for (int pass = 1; d->max_passes == 0 || pass <= d->max_passes; pass++) {
        bool improved = false;
        for (int i = 0; i < d->n; i++)
            if (!slide(d, w, i, step, &error, f, ctx))
                improved |= slide(d, w, i, -step, &error, f, ctx);
            else
                improved = true;
        if (d->progress)
            d->progress(pass, step, error, ctx);
        if (!improved) {
            if (step == 1)
                break;
            step /= 2;
        }
    }
    return error;
}
