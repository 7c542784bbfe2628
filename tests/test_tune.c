/* The Texel tuner's numerical part (tools/texel.c) on synthetic data. */
#include <math.h>

#include "testutil.h"

#include "../tools/texel.h"

static void test_sigmoid(void **state)
{
    (void)state;
    assert_true(fabs(texel_sigmoid(0, 1.0) - 0.5) < 1e-12);
    /* 400 centipawns at k = 1: odds of ten to one. */
    assert_true(fabs(texel_sigmoid(400, 1.0) - 10.0 / 11.0) < 1e-12);
    for (int s = -1000; s <= 1000; s += 125) {
        assert_true(fabs(texel_sigmoid(s, 0.7) + texel_sigmoid(-s, 0.7) - 1.0) < 1e-12);
        assert_true(texel_sigmoid(s + 1, 0.7) > texel_sigmoid(s, 0.7));
    }
}

enum { SYNTH_N = 401 };

static void test_error_and_k(void **state)
{
    (void)state;
    int scores[SYNTH_N];
    double results[SYNTH_N];
    for (int i = 0; i < SYNTH_N; i++) {
        scores[i] = (i - SYNTH_N / 2) * 4;
        results[i] = texel_sigmoid(scores[i], 1.3);
    }
    assert_true(texel_error(scores, results, SYNTH_N, 1.3) < 1e-20);
    assert_true(texel_error(scores, results, SYNTH_N, 1.0) > 1e-6);
    assert_true(texel_error(scores, results, 0, 1.0) == 0.0);
    double k = texel_fit_k(scores, results, SYNTH_N);
    assert_true(fabs(k - 1.3) < 1e-3);

    /* Game results are 0, 1/2 or 1: K still comes out where the outcomes were drawn from. */
    uint64_t seed = 7;
    enum { GAMES = 20000 };
    static int game_scores[GAMES];
    static double game_results[GAMES];
    for (int i = 0; i < GAMES; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        game_scores[i] = (int)(seed >> 33) % 1201 - 600;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(seed >> 11) / 9007199254740992.0;
        game_results[i] = u < texel_sigmoid(game_scores[i], 0.8) ? 1.0 : 0.0;
    }
    k = texel_fit_k(game_scores, game_results, GAMES);
    assert_true(fabs(k - 0.8) < 0.08);
}

/* A two-feature linear model: score = w0 * x + w1 * y + w2 * 0 (w2 is dead weight). */
typedef struct {
    int x[SYNTH_N], y[SYNTH_N], scores[SYNTH_N];
    double results[SYNTH_N];
    double last_error;
    int passes;
    bool rose;
} Model;

static double model_error(const int *w, void *ctx)
{
    Model *m = ctx;
    for (int i = 0; i < SYNTH_N; i++)
        m->scores[i] = w[0] * m->x[i] + w[1] * m->y[i];
    return texel_error(m->scores, m->results, SYNTH_N, 1.0);
}

static void model_progress(int pass, int step, double error, void *ctx)
{
    (void)step;
    Model *m = ctx;
    m->rose |= error > m->last_error;
    m->last_error = error;
    m->passes = pass;
}

static void test_descent(void **state)
{
    (void)state;
    static Model m;
    for (int i = 0; i < SYNTH_N; i++) {
        m.x[i] = i % 9 - 4;
        m.y[i] = i % 7 - 3;
        m.results[i] = texel_sigmoid(120 * m.x[i] - 35 * m.y[i], 1.0);
    }
    int w[3] = {100, 0, 5};
    bool active[3] = {true, true, true};
    double before = model_error(w, &m);
    m.last_error = before;
    TexelDescent d = {3, active, NULL, NULL, 16, 0, model_progress};
    double after = texel_descend(&d, w, model_error, &m);
    assert_true(after < before);
    assert_false(m.rose);
    assert_true(fabs(after - model_error(w, &m)) < 1e-15);
    assert_int_equal(w[0], 120);
    assert_int_equal(w[1], -35);
    assert_int_equal(w[2], 5); /* nothing depends on it: no strict improvement, never moved */

    /* Inactive weights stay put, bounds hold, max_passes stops early. */
    int v[3] = {100, 0, 5};
    bool only_first[3] = {true, false, false};
    int lo[3] = {0, 0, 0}, hi[3] = {110, 0, 10};
    TexelDescent bounded = {3, only_first, lo, hi, 4, 0, NULL};
    texel_descend(&bounded, v, model_error, &m);
    assert_true(v[0] <= 110);
    assert_int_equal(v[1], 0);
    assert_int_equal(v[2], 5);
    int u[3] = {100, 0, 5};
    m.passes = 0;
    TexelDescent short_run = {3, NULL, NULL, NULL, 16, 2, model_progress};
    texel_descend(&short_run, u, model_error, &m);
    assert_int_equal(m.passes, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigmoid),
        cmocka_unit_test(test_error_and_k),
        cmocka_unit_test(test_descent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
