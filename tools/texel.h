/*
 * The numerical half of the Texel tuner, with no chess in it (so the tests can check it on
 * synthetic data): the sigmoid that turns a score into an expected result, the mean squared
 * error against game results, the fit of the sigmoid's scale K, and coordinate descent over
 * integer weights for any error function.
 */
#ifndef HEXCHESS_TEXEL_H
#define HEXCHESS_TEXEL_H

#include <stdbool.h>
#include <stddef.h>

/* The expected result (0..1) of a score in centipawns: 1 / (1 + 10^(-k * score / 400)). */
double texel_sigmoid(double score, double k);

/* Mean squared error between texel_sigmoid(scores[i], k) and results[i] (White's share, 0..1);
 * scores are from White's point of view. 0 when n is 0. */
double texel_error(const int *scores, const double *results, size_t n, double k);

/* The k in [TEXEL_K_MIN, TEXEL_K_MAX] that minimises texel_error: a coarse scan, then a
 * golden-section search around the best point of the scan. */
enum { TEXEL_K_SCAN_POINTS = 64 };
#define TEXEL_K_MIN 0.01
#define TEXEL_K_MAX 10.0
double texel_fit_k(const int *scores, const double *results, size_t n);

/* The error of a weight vector (the caller's model and data behind ctx). */
typedef double (*TexelObjective)(const int *w, void *ctx);
/* Told after every pass: the pass number, the step size used and the error reached. */
typedef void (*TexelProgress)(int pass, int step, double error, void *ctx);

typedef struct {
    int n;              /* weights */
    const bool *active; /* weights the descent may change (NULL: all) */
    const int *lo, *hi; /* bounds, inclusive (NULL: none) */
    int first_step;     /* the largest step tried; halved whenever a pass improves nothing */
    int max_passes;     /* 0: until a pass at step 1 improves nothing */
    TexelProgress progress;
} TexelDescent;

/*
 * Coordinate descent: for each active weight in turn, moves it by +step while the error falls,
 * else by -step while it falls; a pass that improves nothing halves the step, and the descent
 * ends after a fruitless pass at step 1 (or max_passes). w is updated in place; returns the
 * final error. Only strict improvements are kept, so a weight that no data depends on stays put.
 */
double texel_descend(const TexelDescent *d, int *w, TexelObjective f, void *ctx);

#endif
