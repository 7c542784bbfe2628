#include "rating.h"

#include <math.h>
#include <stddef.h>

/* The Glicko-2 scale: a rating of 1500 + 173.7178 mu, a deviation of 173.7178 phi. */
#define SCALE 173.7178
/* When the volatility's iteration stops (the paper's epsilon). */
#define CONVERGENCE 0.000001
#define PI 3.14159265358979323846

const char *const speed_names[SPEED_NB + 1] = {"bullet", "blitz", "rapid", "classical", NULL};

Glicko glicko_new(void) { return (Glicko){GLICKO_START_RATING, GLICKO_START_RD, GLICKO_START_VOLATILITY}; }

bool glicko_provisional(Glicko g) { return g.rd > GLICKO_PROVISIONAL_RD; }

/* How much an opponent's deviation dampens what their result tells (the paper's g). */
static double dampen(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI)); }

/* The expected score against an opponent (the paper's E). */
static double expected(double mu, double mu_j, double g_j) { return 1.0 / (1.0 + exp(-g_j * (mu - mu_j))); }

/* The function whose root is the log of the new volatility squared (step 5, f). */
static double volatility_f(double x, double delta2, double phi2, double v, double a, double tau)
{
    double ex = exp(x);
    double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm as the paper gives it. */
static double new_volatility(double sigma, double phi, double v, double delta, double tau)
{
    double a = log(sigma * sigma), delta2 = delta * delta, phi2 = phi * phi;
    double A = a, B;
    if (delta2 > phi2 + v) {
        B = log(delta2 - phi2 - v);
    } else {
        int k = 1;
        while (volatility_f(a - k * tau, delta2, phi2, v, a, tau) < 0)
            k++;
        B = a - k * tau;
    }
    double fA = volatility_f(A, delta2, phi2, v, a, tau), fB = volatility_f(B, delta2, phi2, v, a, tau);
    while (fabs(B - A) > CONVERGENCE) {
        double C = A + (A - B) * fA / (fB - fA);
        double fC = volatility_f(C, delta2, phi2, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2);
}

Glicko glicko_update(Glicko player, const GlickoGame *games, int n, double tau)
{
    double mu = (player.rating - GLICKO_START_RATING) / SCALE, phi = player.rd / SCALE;
    double max_phi = GLICKO_START_RD / SCALE;
    if (n <= 0) {
        /* Step 6 alone: no game, the deviation grows by the volatility. */
        double grown = sqrt(phi * phi + player.volatility * player.volatility);
        return (Glicko){player.rating, SCALE * fmin(grown, max_phi), player.volatility};
    }
    /* Steps 3 and 4: the estimated variance v from the games, and the improvement delta. */
    double inv_v = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        double mu_j = (games[i].rating - GLICKO_START_RATING) / SCALE, g_j = dampen(games[i].rd / SCALE);
        double e = expected(mu, mu_j, g_j);
        inv_v += g_j * g_j * e * (1 - e);
        sum += g_j * (games[i].score - e);
    }
    double v = 1 / inv_v, delta = v * sum;
    /* Steps 5 to 8. */
    double sigma = new_volatility(player.volatility, phi, v, delta, tau);
    double phi_star = sqrt(phi * phi + sigma * sigma);
    double phi_new = fmin(1 / sqrt(1 / (phi_star * phi_star) + 1 / v), max_phi);
    double mu_new = mu + phi_new * phi_new * sum;
    return (Glicko){GLICKO_START_RATING + SCALE * mu_new, SCALE * phi_new, sigma};
}

Speed speed_of(int time_base_ms, int time_inc_ms)
{
    if (time_base_ms <= 0)
        return SPEED_CLASSICAL;
    long long estimated = (long long)time_base_ms + 40LL * time_inc_ms;
    if (estimated < 3 * 60000LL)
        return SPEED_BULLET;
    if (estimated < 8 * 60000LL)
        return SPEED_BLITZ;
    if (estimated < 25 * 60000LL)
        return SPEED_RAPID;
    return SPEED_CLASSICAL;
}
