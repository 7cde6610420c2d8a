/*
 * Cubic-bezier timing curves: the scalar reference and the public entry points.
 *
 * x(t) = 3 x1 (1-t)^2 t + 3 x2 (1-t) t^2 + t^3 is non-decreasing on [0, 1] because x1, x2 are in
 * [0, 1], so x(t) == x has one root interval and every iterate can be kept inside a bracket [lo, hi].
 *
 * The contract asks for a backward error: the result must be the exact y(x') for some |x' - x| <= 1e-14
 * (1e-7 for float). Browser solvers stop when |x(t) - x| is below some epsilon that is checked with
 * rounding noise and loosened for short durations; here the certificate is the size of the last Newton
 * step instead. A Newton step dt taken from t with the exact derivative leaves the residual
 *     x(t + dt) - x = x''(t)/2 dt^2 + ax dt^3  (+ the rounding of r, ~1e-16),
 * and |x''(t)|/2 + |ax| <= M for all t in [0, 1] (M from the coefficients, computed once), so a step with
 * M dt^2 <= 4e-15 proves |x(t + dt) - x| < 1e-14 wherever x'(t) is, even at a vertical tangent.
 * Steps that leave the bracket are replaced by bisection and the loop also stops when the bracket is
 * narrower than 1e-15 (|x'| <= 3 keeps that a residual below 3e-15), so it always terminates.
 *
 * First guesses come from tables of t(x) fitted at init to points solved to the certificate: for double
 * calls degree-7 pieces around the 65 points k/64 (error ~1e-16 on ordinary curves: ck_bezier_value's
 * fast path, bezier_value.h, certifies them without a Newton step, and the solver here takes one), then,
 * if that step is not certified, 16 monotone cubic pieces (float, shared with the SSE2 and NEON batches,
 * error ~1e-5..1e-7) and two steps; near x'(t) == 0 (x1 == 0 at x -> 0, x2 == 1 at x -> 1, the
 * (1, 0, 0, 1) inflection at 0.5) the bracketed loop runs longer and still meets the certificate.
 *
 * value and slope return double and cannot report a status: a NULL curve gives NaN.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "bezier_internal.h"

_Static_assert(offsetof(ck_bezier, x1) == 0 && offsetof(ck_bezier, y1) == 8 && offsetof(ck_bezier, x2) == 16 &&
                   offsetof(ck_bezier, y2) == 24,
               "Swift reads the control points from the start of ck_bezier");
_Static_assert(sizeof(ck_bezier) == 4 * 8 + 15 * 8 + 4 * 16 * 4 + 22 * 65 * 8 + 14 * 8 * 4 + 11 * 8 * 4,
               "ck_bezier has no padding");
_Static_assert(CK_BZ_BATCH_ROWS == 14 && CK_BZ_DIRECT_ROWS == 11, "ck_bezier._batch has 14 rows, _direct 11");
_Static_assert(CK_BEZIER_SEGMENTS == 16, "the SIMD table lookups assume 16 segments");
_Static_assert(CK_BEZIER_SEGMENTS_D == 64 && CK_BZ_D_COUNT == 22, "ck_bezier._rows is [22][65]: 22 quantities at k/64");

/* Estrin forms (t and t^2 in parallel: four dependent operations instead of six), plain multiply-add
   so the portable build needs no FMA instruction. The solver is latency-bound, so this matters. */
static inline double ck_bz_x(const ck_bezier *b, double t) {
    return b->_x[2] * t + (t * t) * (b->_x[0] * t + b->_x[1]);
}
/* y(t), rounded monotonically at both ends: Horner in t has relative accuracy near t = 0, but near
   t = 1 its rounding noise (1e-16) would make a flat end (y2 == 1) go up and down between neighbouring
   inputs. There 1 - y = s (s^2 + 3 (1-y1) s t + 3 (1-y2) t^2) with s = 1 - t (exact for t >= 1/2) is
   small and accurate, and 1 - (it) rounds monotonically. Both are computed and one is selected, so
   there is no unpredictable branch. */
static inline double ck_bz_y(const ck_bezier *b, double t) {
    const double s = 1.0 - t;
    const double near_start = b->_y[2] * t + (t * t) * (b->_y[0] * t + b->_y[1]);
    const double unit = b->_y_scale[0];
    const double near_end = unit - s * ((unit * s + b->_y_end[0] * t) * s + b->_y_end[1] * (t * t));
    return (t <= 0.5 ? near_start : near_end) * b->_y_scale[1];
}
static inline double ck_bz_dx(const ck_bezier *b, double t) {
    return (b->_x[2] + 2.0 * b->_x[1] * t) + (3.0 * b->_x[0]) * (t * t);
}
static inline double ck_bz_dy(const ck_bezier *b, double t) {
    return (3.0 * b->_y[0] * t + 2.0 * b->_y[1]) * t + b->_y[2];
}

/* Bracketed Newton with bisection fallback for x(t) == x, 0 < x < 1, from t inside [lo, hi].
   Returns once the last Newton step is at most tol (see the certificate above) or the bracket is
   narrower than 1e-15. 80 iterations cover a full bisection of [0, 1] to that width with room. */
static double ck_bz_solve_bracketed(const ck_bezier *b, double x, double t, double lo, double hi, double tol) {
    for (int i = 0; i < 80; i++) {
        const double r = ck_bz_x(b, t) - x;
        if (r == 0) return t;
        /* x is non-decreasing, so the sign of r says on which side of the root t lies. */
        if (r > 0) hi = t;
        else lo = t;
        const double tn = t - r / ck_bz_dx(b, t);
        if (tn >= lo && tn <= hi) { /* false for NaN and +/-inf (x'(t) == 0) too */
            const double step = tn - t;
            t = tn;
            if (fabs(step) <= tol) return t;
        } else {
            t = lo + 0.5 * (hi - lo);
        }
        if (hi - lo <= 1e-15) return t;
    }
    return t;
}

/* First guess from the table: the Hermite piece of segment k at local coordinate f in [0, 1], for
   0 < x < 1. floor(u) comes from adding 1.5 * 2^52 (round to nearest, one binade for either sign) to
   u - 0.5: an int-to-double conversion here (cvtsi2sd) would merge into a stale register and chain
   every call to the previous one, tripling the time per call. At integer u the rounding may pick
   k = u - 1 and f = 1, which evaluates the same node. */
static inline double ck_bz_guess(const ck_bezier *b, double x, int *segment) {
    const double u = x * CK_BEZIER_SEGMENTS;
    const double shifted = (u - 0.5) + 0x1.8p52;
    uint64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    const int k = (int)(bits & (CK_BEZIER_SEGMENTS - 1));
    const double f = u - (shifted - 0x1.8p52);
    *segment = k;
    const float(*g)[CK_BEZIER_SEGMENTS] = b->_guess;
    return (g[0][k] + f * (double)g[1][k]) + (f * f) * (g[2][k] + f * (double)g[3][k]);
}

/* The double table's first guess t(x) for 0 < x < 1: t_k + d(f) from row k = round(64 x), f = 64 x - k
   in [-1/2, 1/2] (see bezier_internal.h). 64 x + 1.5 * 2^52 rounds 64 x (exact) to an integer in the low
   mantissa bits, so no float-to-int conversion sits on the chain, and k <= 64 for x < 1. */
static inline double ck_bz_guess_d(const ck_bezier *b, double x) {
    const double shifted = x * CK_BEZIER_SEGMENTS_D + 0x1.8p52;
    uint64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    const size_t k = bits & (2 * CK_BEZIER_SEGMENTS_D - 1);
    const double(*c)[CK_BEZIER_SEGMENTS_D + 1] = b->_rows;
    const double f = x * CK_BEZIER_SEGMENTS_D - (shifted - 0x1.8p52), f2 = f * f, f4 = f2 * f2;
    const double low = (c[CK_BZ_D_C1][k] + f * c[CK_BZ_D_C2][k]) + f2 * (c[CK_BZ_D_C3][k] + f * c[CK_BZ_D_C4][k]);
    const double high = (c[CK_BZ_D_C5][k] + f * c[CK_BZ_D_C6][k]) + f2 * c[CK_BZ_D_C7][k];
    return c[CK_BZ_D_T][k] + f * (low + f4 * high);
}

/* t with x(t) == x for 0 < x < 1 to the double certificate. The common case is straight-line code:
   two Newton steps from the table guess, the second certified, no data-dependent branch before the
   final check, so calls overlap in the pipeline. */
static double ck_bz_solve(const ck_bezier *b, double x) {
    /* The double table's guess is usually within ~1e-16, so one certified Newton step suffices. */
    const double q0 = ck_bz_guess_d(b, x);
    const double q1 = q0 - (ck_bz_x(b, q0) - x) / ck_bz_dx(b, q0);
    if (fabs(q1 - q0) <= b->_tolerance[0] && q1 >= 0 && q1 <= 1) return q1;

    int k;
    const double t0 = ck_bz_guess(b, x, &k);
    const double t1 = t0 - (ck_bz_x(b, t0) - x) / ck_bz_dx(b, t0);
    const double t2 = t1 - (ck_bz_x(b, t1) - x) / ck_bz_dx(b, t1);
    /* The certificate needs no bracket: its bound M holds on [0, 1] (and, with the budget's slack, a
       tolerance beyond it), and x(t) has no other root there. */
    if (fabs(t2 - t1) <= b->_tolerance[0] && t2 >= 0 && t2 <= 1) return t2;
    /* The nodes g[0][k] are exact roots rounded to float (error <= 2^-25); widening by 2^-20 keeps
       the bracket valid. */
    const float(*g)[CK_BEZIER_SEGMENTS] = b->_guess;
    const double lo = fmax(0.0, (double)g[0][k] - 0x1p-20);
    const double hi = k + 1 < CK_BEZIER_SEGMENTS ? fmin(1.0, (double)g[0][k + 1] + 0x1p-20) : 1.0;
    return ck_bz_solve_bracketed(b, x, fmin(fmax(t0, lo), hi), lo, hi, b->_tolerance[0]);
}

/* The contract's gradient rules (CSS Easing 1 / Chromium): the tangent of the first control point
   that differs from the end point, with the degenerate all-equal cases falling back to 1 or 0. Kept as
   the fraction num / den (den != 0, both finite and exact but for the rounding of y - 1), because the
   quotient itself overflows for steep tangents, (0.5, DBL_MAX, ...) or x1 = 2^-1074, while the
   extension it describes is finite near the ends. end: 0 for the start gradient, 1 for the end one. */
static void ck_bz_gradient_fraction(const ck_bezier *b, int end, double *num, double *den) {
    const double x1 = b->x1, y1 = b->y1, x2 = b->x2, y2 = b->y2;
    *num = 0.0, *den = 1.0;
    if (!end) {
        if (x1 > 0) *num = y1, *den = x1;
        else if (y1 == 0 && x2 > 0) *num = y2, *den = x2;
        else if (y1 == 0 && y2 == 0) *num = 1.0;
    } else {
        if (x2 < 1) *num = y2 - 1, *den = x2 - 1;
        else if (y2 == 1 && x1 < 1) *num = y1 - 1, *den = x1 - 1;
        else if (y1 == 1 && y2 == 1) *num = 1.0;
    }
}

/* A finite result beyond the double range becomes +/-DBL_MAX: finite input never gives infinity. */
static inline double ck_bz_saturate(double v) { return isinf(v) ? copysign(DBL_MAX, v) : v; }

/* The end-tangent extension gradient * u (u = x, or x - 1 after the end) for finite u. With a
   gradient inside the double range this is the product of the stored gradient and u. Beyond it
   (_gradient saturated at +/-DBL_MAX) num u / den is formed from the mantissas and exponents of the
   three, so no intermediate overflows: two roundings, as the plain product has. */
static double ck_bz_extension(const ck_bezier *b, int end, double u) {
    const double g = b->_gradient[end];
    if (fabs(g) < DBL_MAX) return ck_bz_saturate(g * u);
    double num, den;
    ck_bz_gradient_fraction(b, end, &num, &den);
    int en, eu, ed;
    const double mn = frexp(num, &en), mu = frexp(u, &eu), md = frexp(den, &ed);
    return ck_bz_saturate(ldexp(mn * mu / md, en + eu - ed));
}

double ck_bezier_value_trusted(const ck_bezier *b, double x) {
    if (x > 0 && x < 1) return ck_bz_y(b, ck_bz_solve(b, x));
    if (x == 0) return 0.0;
    if (x == 1) return 1.0;
    /* End-tangent extensions. A zero gradient gives exactly the end value, also at +/-infinity; any
       other gradient gives +/-infinity there (the limit), and a finite value beyond the double range
       for finite x saturates at +/-DBL_MAX. */
    if (x < 0) {
        if (b->_gradient[0] == 0) return 0.0;
        return isinf(x) ? b->_gradient[0] * x : ck_bz_extension(b, 0, x);
    }
    if (x > 1) {
        if (b->_gradient[1] == 0) return 1.0;
        return isinf(x) ? b->_gradient[1] * x : ck_bz_saturate(1.0 + ck_bz_extension(b, 1, x - 1.0));
    }
    return x; /* NaN */
}

/* Fills the guess table: nodes t_k = t(k/16) solved to the double certificate, dt/dx there, and the
   cubic Hermite piece between each pair with the Fritsch-Carlson limit (end slopes at most three
   times the secant) so each piece stays monotone and inside its bracket even where dt/dx is infinite. */
static void ck_bz_build_table(ck_bezier *b) {
    double node[CK_BEZIER_SEGMENTS + 1], slope[CK_BEZIER_SEGMENTS + 1];
    node[0] = 0.0;
    node[CK_BEZIER_SEGMENTS] = 1.0;
    for (int k = 1; k < CK_BEZIER_SEGMENTS; k++) {
        const double x = (double)k / CK_BEZIER_SEGMENTS;
        node[k] = ck_bz_solve_bracketed(b, x, x, node[k - 1], 1.0, b->_tolerance[0]);
    }
    for (int k = 0; k <= CK_BEZIER_SEGMENTS; k++) {
        const double dx = ck_bz_dx(b, node[k]) * CK_BEZIER_SEGMENTS; /* dx per unit of local f */
        slope[k] = dx > 0 ? 1.0 / dx : INFINITY;
    }
    for (int k = 0; k < CK_BEZIER_SEGMENTS; k++) {
        const double delta = node[k + 1] - node[k];
        const double m0 = fmin(slope[k], 3.0 * delta), m1 = fmin(slope[k + 1], 3.0 * delta);
        b->_guess[0][k] = (float)node[k];
        b->_guess[1][k] = (float)m0;
        b->_guess[2][k] = (float)(3.0 * delta - 2.0 * m0 - m1);
        b->_guess[3][k] = (float)(m0 + m1 - 2.0 * delta);
    }
}

/* Coefficients c[0..n-1] of the polynomial of degree n - 1 through (f[j], v[j]), j < n (distinct f):
   Newton's divided differences, then the Newton form multiplied out (O(n^2), no system to solve). The
   nodes are Chebyshev nodes of short intervals, where this is accurate in double. */
static void ck_bz_fit(int n, const double *f, const double *v, double *c) {
    double a[8];
    for (int j = 0; j < n; j++) a[j] = v[j];
    for (int level = 1; level < n; level++)
        for (int j = n - 1; j >= level; j--) a[j] = (a[j] - a[j - 1]) / (f[j] - f[j - level]);
    /* p = a0 + (f - f0)(a1 + (f - f1)(a2 + ...)), expanded from the innermost factor out. */
    for (int i = 0; i < n; i++) c[i] = 0.0;
    c[0] = a[n - 1];
    for (int i = n - 2; i >= 0; i--) {
        for (int j = n - 1 - i; j >= 1; j--) c[j] = c[j - 1] - f[i] * c[j];
        c[0] = a[i] - f[i] * c[0];
    }
    for (int i = 0; i < n; i++)
        if (!isfinite(c[i])) c[i] = 0.0; /* a degenerate fit only costs the fast path */
}

/* Chebyshev nodes: interpolating there is within a small factor of the best polynomial approximation of that
   degree. ck_bz_unit_chebyshev gives the n cosines cos((2j + 1) pi / 2n) once (the table builders place the
   same nodes on every point's range: 700 cos calls per init otherwise, an eighth of its time), and
   ck_bz_chebyshev_node places cosine u on [lo, hi]. */
static void ck_bz_unit_chebyshev(int n, double *u) {
    for (int j = 0; j < n; j++) u[j] = cos((2.0 * j + 1.0) * 3.14159265358979323846 / (2.0 * n));
}
static double ck_bz_chebyshev_node(double u, double lo, double hi) { return 0.5 * (lo + hi) - 0.5 * (hi - lo) * u; }

/* Points at which the certificates (ck_bz_certify_point, ck_bz_certify_y) evaluate a polynomial p of
   degree n (3 times the guess's degree) on [-1, 1], mapped onto each point's range, and a factor with
   max |p| <= factor * max |p(x_i)| for every such p. Two sets:
     - Chebyshev nodes, count = n + 1: p equals its interpolant there, so the factor is the Lebesgue
       constant, below 2/pi ln(n + 2) + 1 (Rivlin): 3 for n = 21. Few evaluations, a loose bound.
     - cos(i pi / M), i = 0..M: p(cos theta) is a trigonometric polynomial of degree n, whose derivative
       is at most n max |p| (Bernstein), and every theta lies within pi / 2M of a sample, so max |p| <=
       max |p(x_i)| + n pi / 2M max |p|: the factor is 1 / (1 - n pi / 2M), 1.35 for n = 21, M = 128. */
typedef struct ck_bz_nodes {
    int count;
    double factor;
    double x[129];
} ck_bz_nodes;
static ck_bz_nodes ck_bz_chebyshev_nodes(int degree) {
    ck_bz_nodes nodes = {degree + 1, 2.0 / 3.14159265358979323846 * log(degree + 2.0) + 1.0, {0}};
    double u[sizeof nodes.x / sizeof nodes.x[0]];
    ck_bz_unit_chebyshev(nodes.count, u);
    for (int i = 0; i < nodes.count; i++) nodes.x[i] = ck_bz_chebyshev_node(u[i], -1.0, 1.0);
    return nodes;
}
static ck_bz_nodes ck_bz_sample_nodes(int degree) {
    enum { M = 128 };
    ck_bz_nodes nodes = {M + 1, 1.0 / (1.0 - degree * 3.14159265358979323846 / (2.0 * M)), {0}};
    for (int i = 0; i <= M; i++) nodes.x[i] = cos(i * 3.14159265358979323846 / M);
    return nodes;
}

/* t(x) for x in [x(lo), 1] to the certificate, starting one Newton step from lo: the table builders
   solve their points in increasing order, so lo (the previous point's t) is close and a bracket. */
static double ck_bz_solve_from(const ck_bezier *b, double x, double lo) {
    const double dx = ck_bz_dx(b, lo);
    const double start = dx > 0 ? lo + (x - ck_bz_x(b, lo)) / dx : lo;
    return ck_bz_solve_bracketed(b, x, fmin(fmax(start, lo), 1.0), lo, 1.0, b->_tolerance[0]);
}

/* Proves at init, for every f of point k at once, what the fast path (bezier_value.h) otherwise checks
   on each call: that the guess d(f) meets the double certificate, |x(t_k + d(f)) - x| <= 9e-15, so the
   returned y(t_k + d) is y(x') with |x' - x| < 1e-14 as in the solver (x(t) is the cubic with the curve's
   double coefficients _x, as there). The residual
       e(f) = x(t_k + d(f)) - (k + f)/64 = (E - f/64) + A1 d + A2 d^2 + ax d^3
   is a polynomial of degree 3m in f (x is a cubic in d, d = C1 f + ... + Cm f^m, m = 7), so (see
   ck_bz_nodes)
       max |e| <= factor max_i |e(f_i)|
   over the nodes (for the double table 22 Chebyshev nodes, factor 3), each evaluation widened by a
   bound on its own roundings and on the roundings of d. Added to that: how far a call's roundings of d
   (call_rounding times the sum of its terms: 16 ulps for the double table's n = 64 points, see
   ck_bz_build_direct_table for the float one's 8) move x, and what the roundings of E, A1 and A2
   themselves can contribute. The bound is loose by up to the factor, and a point fails as a whole where
   the per-call check would fail only some of its inputs (near x' == 0), so a point that fails keeps the
   per-call check rather than the solver. */
enum { CK_BZ_GUESS_DEGREE = 7 }; /* m: both tables' guesses d of t - t_k */
static int ck_bz_certify_point(const ck_bezier *b, double tk, double E, double A1, double A2, const double *c,
                               double f_lo, double f_hi, const ck_bz_nodes *nodes, double n,
                               double call_rounding, double bound) {
    const double u = 0x1p-53;
    const int m = CK_BZ_GUESS_DEGREE;
    const double ax = fabs(b->_x[0]), bx = fabs(b->_x[1]), cx = fabs(b->_x[2]);
    const double h = fmax(fabs(f_lo), fabs(f_hi));
    double terms_d = 0.0; /* sum of |C_j| h^j: bounds |d| and the terms whose roundings d carries */
    for (int j = m - 1; j >= 0; j--) terms_d = (terms_d + fabs(c[j])) * h;
    const double slope = fabs(A1) + 2.0 * fabs(A2) * terms_d + 3.0 * ax * terms_d * terms_d; /* >= |x'| */
    const double moved = slope * 16.0 * u * terms_d, call_moved = slope * call_rounding * terms_d;
    /* The stored E, A1 and A2 are rounded: E = x(t_k) - k/64 carries the few roundings of x(t_k) (the
       subtraction is exact, Sterbenz), A1 and A2 a few of their own, multiplying d and d^2. The true
       residual differs from the one with stored values by at most this, at every f. */
    const double coefficients = 8.0 * u * (cx * tk + tk * tk * (ax * tk + bx)) +
                                8.0 * u * (cx + 2.0 * bx * tk + 3.0 * ax * tk * tk) * terms_d +
                                8.0 * u * (3.0 * ax * tk + bx) * terms_d * terms_d;
    double worst = 0.0;
    for (int i = 0; i < nodes->count; i++) {
        const double f = 0.5 * (f_lo + f_hi) + 0.5 * (f_hi - f_lo) * nodes->x[i];
        double q = c[m - 1];
        for (int j = m - 2; j >= 0; j--) q = q * f + c[j];
        const double d = q * f;
        const double e = ((E - f / n) + A1 * d) + d * d * (A2 + b->_x[0] * d);
        const double terms_e = fabs(E) + fabs(f) / n + fabs(A1 * d) + d * d * (fabs(A2) + ax * fabs(d));
        worst = fmax(worst, fabs(e) + 8.0 * u * terms_e + moved);
    }
    return nodes->factor * worst + call_moved + coefficients <= bound; /* false for NaN */
}

/* Proves at init, for every f of point k at once, that Q(f) = Y + f (Q1 + Q2 f + ... + Q7 f^6) as a call
   computes it is within 1e-13 of y(t_k + d(f)), the exact y of the curve's cubic at the parameter whose x
   ck_bz_certify_point proved within 1e-14 of x: so the fast path may return Q(f) alone (see bezier_value.h).
   As there, the difference
       Q(f) - y(t_k + d(f)) = f q(f) - (B1 d + B2 d^2 + ay d^3)   (Y cancels)
   is a polynomial of degree 21 in f, so it is at most 3 times its largest value at 22 Chebyshev nodes,
   each widened by a bound on its own roundings (of its terms, and of d there). Added: the roundings of a
   call's Q(f) (at most 16 ulps of the sum of its terms) and of the stored Y, B1, B2 (a few ulps of the
   terms of y(t_k) and its derivatives, each times its power of |d|). The margin to the contract's 1e-12 is
   10; on the four ordinary curves of the benchmark Q is within 7e-15 (measured in long double). */
static int ck_bz_certify_y(const ck_bezier *b, double tk, double Y, double B1, double B2, const double *c,
                           const double *cy, double f_lo, double f_hi, const ck_bz_nodes *nodes) {
    const double u = 0x1p-53;
    const double ay = fabs(b->_y[0]), by = fabs(b->_y[1]), cy1 = fabs(b->_y[2]);
    const double h = fmax(fabs(f_lo), fabs(f_hi));
    const int m = CK_BZ_GUESS_DEGREE;
    double terms_d = 0.0, terms_q = 0.0; /* sums of |C_j| h^j and |Q_j| h^j */
    for (int j = m - 1; j >= 0; j--) {
        terms_d = (terms_d + fabs(c[j])) * h;
        terms_q = (terms_q + fabs(cy[j])) * h;
    }
    const double slope = fabs(B1) + 2.0 * fabs(B2) * terms_d + 3.0 * ay * terms_d * terms_d; /* >= |y'| */
    const double call = 16.0 * u * (fabs(Y) + terms_q);
    const double coefficients = 8.0 * u * (1.0 + cy1 * tk + tk * tk * (ay * tk + by)) +
                                8.0 * u * (cy1 + 2.0 * by * tk + 3.0 * ay * tk * tk) * terms_d +
                                8.0 * u * (3.0 * ay * tk + by) * terms_d * terms_d;
    double worst = 0.0;
    for (int i = 0; i < nodes->count; i++) {
        const double f = 0.5 * (f_lo + f_hi) + 0.5 * (f_hi - f_lo) * nodes->x[i];
        double q = c[m - 1], qy = cy[m - 1];
        for (int j = m - 2; j >= 0; j--) q = q * f + c[j], qy = qy * f + cy[j];
        const double d = q * f;
        const double e = qy * f - (B1 * d + d * d * (B2 + b->_y[0] * d));
        const double terms_e = terms_q + fabs(B1 * d) + d * d * (fabs(B2) + ay * fabs(d));
        worst = fmax(worst, fabs(e) + 8.0 * u * terms_e + slope * 16.0 * u * terms_d);
    }
    return nodes->factor * worst + call + coefficients <= 1e-13; /* false for NaN */
}

/* Fills the double table (see bezier_internal.h): for each of the 65 points k/64, t_k solved to the
   certificate, then d(f) = f q(f) on the row's range of f (|f| <= 1/2, the half inside [0, 1] at the
   ends), q of degree 6 interpolating (t(x) - t_k) / f at seven Chebyshev nodes (at f == 0 that is
   dt/dx / 64), the Taylor data of x and y at t_k, and whether init certifies the point. The error of d
   is ~1e-17 t^(8) here: about 1e-16 on ordinary curves, where init certifies every point. Near x'(t) == 0
   the fit is poor, and the per-call check sends those inputs to the full solver. */
static void ck_bz_build_table_d(ck_bezier *b) {
    enum { N = CK_BEZIER_SEGMENTS_D, D = CK_BZ_GUESS_DEGREE };
    double unit[D];
    ck_bz_unit_chebyshev(D, unit);
    const int y_ok = b->_y_scale[1] == 1.0;
    double lo = 0.0;
    const ck_bz_nodes chebyshev = ck_bz_chebyshev_nodes(3 * D), *nodes = &chebyshev;
    for (int k = 0; k <= N; k++) {
        const double f_lo = k == 0 ? 0.0 : -0.5, f_hi = k == N ? 0.0 : 0.5;
        const double xk = (double)k / N;
        /* Started at t = x, as the 16-node table's points are: where the curve is symmetric about a
           vertical tangent (as (1, 0, 0, 1) at 1/2) that start is the exact root, which slope reports. */
        const double tk =
            k == 0 ? 0.0 : k == N ? 1.0 : ck_bz_solve_bracketed(b, xk, fmax(xk, lo), lo, 1.0, b->_tolerance[0]);
        /* B1 = y'(t_k), B2 = y''(t_k)/2 as in bezier_internal.h; Y in the form that rounds monotonically at
           the ends (t_0 = 0, t_64 = 1 give exactly 0 and 1). */
        const int usable = y_ok && isfinite(b->_y[0] + b->_y[1] + b->_y[2]);
        const double B1 = usable ? ck_bz_dy(b, tk) : 0.0, B2 = usable ? 3.0 * b->_y[0] * tk + b->_y[1] : 0.0;
        const double Y = usable ? ck_bz_y(b, tk) : 0.0;
        /* g: (t(x) - t_k) / f at the nodes; gy: (y(t(x)) - Y) / f, from the exact Taylor form of y at t_k
           (t - t_k rounds once, relative to itself), so Y cancels without a rounding at its size. */
        double f[D], g[D], gy[D], c[D], cy[D];
        for (int j = 0; j < D; j++) {
            f[j] = ck_bz_chebyshev_node(unit[j], f_lo, f_hi);
            if (fabs(f[j]) < 1e-9) { /* the middle node of a symmetric row */
                const double dx = ck_bz_dx(b, tk);
                f[j] = 0.0;
                g[j] = dx > 0 ? 1.0 / (N * dx) : 0.0;
                gy[j] = B1 * g[j];
                continue;
            }
            const double x = (k + f[j]) / N;
            const double t = ck_bz_solve_from(b, x, lo);
            const double dt = t - tk;
            g[j] = dt / f[j];
            gy[j] = (B1 * dt + dt * dt * (B2 + b->_y[0] * dt)) / f[j];
            if (f[j] < 0) lo = t; /* the points left of k/64 bracket what follows */
        }
        lo = tk;
        ck_bz_fit(D, f, g, c);
        ck_bz_fit(D, f, gy, cy);
        double(*row)[CK_BEZIER_SEGMENTS_D + 1] = b->_rows;
        row[CK_BZ_D_T][k] = tk;
        for (int j = 0; j < D; j++) row[CK_BZ_D_C1 + j][k] = c[j];
        for (int j = 0; j < D; j++) row[CK_BZ_D_Q1 + j][k] = usable ? cy[j] : 0.0;
        /* E = x(t_k) - k/64; its rounding (~1e-17) is far inside the fast path's budget. */
        const double E = ck_bz_x(b, tk) - xk, A1 = ck_bz_dx(b, tk), A2 = 3.0 * b->_x[0] * tk + b->_x[1];
        row[CK_BZ_D_E][k] = usable ? E : NAN;
        row[CK_BZ_D_A1][k] = A1;
        row[CK_BZ_D_A2][k] = A2;
        const int x_certified =
            usable && ck_bz_certify_point(b, tk, E, A1, A2, c, f_lo, f_hi, nodes, N, 16 * 0x1p-53, 9e-15);
        const int y_certified = x_certified && ck_bz_certify_y(b, tk, Y, B1, B2, c, cy, f_lo, f_hi, nodes);
        row[CK_BZ_D_CHECK][k] =
            y_certified ? CK_BZ_CERTIFIED_Y : x_certified ? CK_BZ_CERTIFIED_X : CK_BZ_CERTIFIED_NONE;
        row[CK_BZ_D_B1][k] = B1;
        row[CK_BZ_D_B2][k] = B2;
        row[CK_BZ_D_Y][k] = Y;
    }
}

/* Fills ck_bezier._batch (see bezier_internal.h) for the AVX2 float batch. Per lane it evaluates the
   guess d0, the residual r = x(t_k + d0) - x from the Taylor form (the constant k/8 - x = -f/8 is exact,
   so r carries only roundings of the small terms, ~2^-24 (f/8 + |A1 d| + ...)), one Newton step
   h = r / x'(t_k + d0) and y at t_k + d1, d1 = d0 - h, all in float. It keeps a lane when
   |h| <= _tolerance[2]. A segment where the roundings could exceed the
   budget (x' varying strongly across it, or a wide t range) is marked with E = NaN so every lane of it
   fails the check and takes the scalar solver. */
static void ck_bz_build_batch_table(ck_bezier *b) {
    enum { N = CK_BEZIER_BATCH_SEGMENTS, D = 5 };
    double unit[D];
    ck_bz_unit_chebyshev(D, unit);
    float(*g)[N] = b->_batch;
    double node[N + 1];
    node[0] = 0.0;
    node[N] = 1.0;
    for (int k = 1; k < N; k++)
        node[k] = ck_bz_solve_bracketed(b, (double)k / N, (double)k / N, node[k - 1], 1.0, b->_tolerance[0]);
    /* Float coefficients of y overflow (or lose the ordinates) beyond the float range. */
    const int y_ok = ck_bz_y_fits_float(b);
    const double ax = b->_x[0], bx = b->_x[1];
    for (int k = 0; k < N; k++) {
        const float t = (float)node[k];
        const double p0 = t;
        /* The guess d0(f) = f q(f), q of degree 4 interpolating (t(x) - t_k) / f at the Chebyshev nodes
           of [0, 1]: near-minimax, about 30 times closer than the quintic Hermite piece with the same
           six coefficients, so the single step's |h| stays within the batch tolerance. */
        double fj[D], v[D], c[D + 1];
        double lo = node[k];
        for (int j = 0; j < D; j++) {
            fj[j] = ck_bz_chebyshev_node(unit[j], 0.0, 1.0);
            const double xj = (k + fj[j]) / N;
            lo = ck_bz_solve_bracketed(b, xj, fmin(fmax(lo, xj), node[k + 1]), lo, node[k + 1], b->_tolerance[0]);
            v[j] = (lo - p0) / fj[j];
        }
        ck_bz_fit(D, fj, v, c + 1);
        const double dx = ck_bz_dx(b, p0);
        const double y = ck_bz_y(b, p0), dy = ck_bz_dy(b, p0);
        /* Every float rounding is at most 2^-24 of the value rounded. For d in [0, w] (w: the segment's
           width in t, with room for the guess error) the residual's roundings (of f/8 - E, of A1 and
           a2 = x''/2, of the two inner sums) stay below 2^-24 terms_r, and rounding d1 = d0 - h to float
           moves x by at most 2^-24 terms_d. With the step's own error (r times the reciprocal's, <= 1e-8)
           and M h^2 <= 2e-8, |x(t_k + d1) - x| stays below 9e-8 < 1e-7 when terms_r + terms_d <= 1. */
        const double w = fmax(node[k + 1] - p0, 1e-3) * 1.1, slope = fabs(dx), ax_abs = fabs(ax);
        const double a2 = fabs(3.0 * ax * p0 + bx), c3 = fabs(3.0 * ax * p0);
        const double terms_r =
            1.0 / N + w * (2.0 * slope + w * a2 + w * w * ax_abs) + w * w * (2.0 * a2 + w * ax_abs + c3);
        const double terms_d = w * (slope + 2.0 * w * a2 + 3.0 * w * w * ax_abs);
        const int certifiable = y_ok && terms_r + terms_d <= 1.0 && isfinite(dx) && isfinite(dy);
        const double b2 = 3.0 * b->_y[0] * p0 + b->_y[1];
        g[CK_BZ_E][k] = certifiable ? (float)(ck_bz_x(b, p0) - (double)k / N) : NAN;
        g[CK_BZ_A1][k] = (float)dx;
        g[CK_BZ_A2][k] = (float)(3.0 * ax * p0 + bx);
        g[CK_BZ_A2X2][k] = (float)(2.0 * (3.0 * ax * p0 + bx));
        g[CK_BZ_B1][k] = y_ok ? (float)dy : 0.0f;
        g[CK_BZ_B2][k] = y_ok ? (float)b2 : 0.0f;
        g[CK_BZ_B2X2][k] = y_ok ? (float)(2.0 * b2) : 0.0f;
        g[CK_BZ_YH][k] = y_ok ? (float)y : 0.0f;
        g[CK_BZ_YL][k] = y_ok ? (float)(y - (double)(float)y) : 0.0f;
        for (int j = 1; j <= D; j++) g[CK_BZ_G1 + j - 1][k] = (float)c[j];
    }
}

/* Fills ck_bezier._direct (see bezier_internal.h) for the AVX2 batch's direct path. Per segment: t_k at
   the middle, d(u) = u q(u) with q of degree 6 interpolating (t(x) - t_k) / u at seven Chebyshev nodes of
   [-1/2, 1/2] (as the double table, at eight times the width), rounded to float, and proved as stored:
     - x: ck_bz_certify_point bounds |x(t_k + d(u)) - x| for the real polynomial (129 samples, factor 1.35:
       with 22 Chebyshev nodes and factor 3 a segment of ease failed) and adds how far a call's float
       roundings of d move x. Those are at most 7 roundings of 2^-24 of the sum of d's terms (Estrin with
       fused multiply-adds: the product D1 u, u^2 and u^4, and each level of sums); slope times that sum is
       about the segment's width in x (1/16), so this is ~2e-8. Bound 9e-8 less 2^-29 (a call rounds u by
       up to 2^-26 where x < 1/32, which is x moved by 2^-29), under the contract's 1e-7.
     - y: a call returns YH + (YL + B1 d + d^2 (B2 + ay d)) at the d it computed, so y is exact there but
       for roundings: the last addition (2^-24 |y|), and the coefficients B1, B2, ay and the two levels of
       the small sum, at most 6 roundings of 2^-24 of the sum of its terms. Bound 4e-7, under 5e-7.
   A segment that fails either (a vertical tangent, ordinates beyond float range) gets YH = NaN. */
static void ck_bz_build_direct_table(ck_bezier *b) {
    enum { N = CK_BEZIER_BATCH_SEGMENTS, D = CK_BZ_GUESS_DEGREE };
    double unit[D];
    ck_bz_unit_chebyshev(D, unit);
    const ck_bz_nodes samples = ck_bz_sample_nodes(3 * D), *nodes = &samples;
    const double uf = 0x1p-24;
    float(*s)[N] = b->_direct;
    const int y_ok = ck_bz_y_fits_float(b);
    for (int k = 0; k < N; k++) {
        const double xk = (k + 0.5) / N;
        const double tk = ck_bz_solve_bracketed(b, xk, xk, 0.0, 1.0, b->_tolerance[0]);
        const double dx = ck_bz_dx(b, tk);
        double f[D], g[D], c[D];
        for (int j = 0; j < D; j++) {
            f[j] = ck_bz_chebyshev_node(unit[j], -0.5, 0.5);
            if (fabs(f[j]) < 1e-9) { /* the middle node */
                f[j] = 0.0;
                g[j] = dx > 0 ? 1.0 / (N * dx) : 0.0;
                continue;
            }
            const double x = (k + 0.5 + f[j]) / N;
            g[j] = (ck_bz_solve_bracketed(b, x, x, 0.0, 1.0, b->_tolerance[0]) - tk) / f[j];
        }
        ck_bz_fit(D, f, g, c);
        double terms_d = 0.0;
        for (int j = D - 1; j >= 0; j--) {
            c[j] = (double)(float)c[j]; /* the certificate speaks about the coefficients as stored */
            terms_d = (terms_d + fabs(c[j])) * 0.5;
        }
        const double E = ck_bz_x(b, tk) - xk, A2 = 3.0 * b->_x[0] * tk + b->_x[1];
        const int x_ok =
            ck_bz_certify_point(b, tk, E, dx, A2, c, -0.5, 0.5, nodes, N, 7.0 * uf, 9e-8 - 0x1p-29);
        const double Y = ck_bz_y(b, tk), B1 = ck_bz_dy(b, tk), B2 = 3.0 * b->_y[0] * tk + b->_y[1];
        const double terms_y = terms_d * (fabs(B1) + terms_d * (fabs(B2) + terms_d * fabs(b->_y[0])));
        const double y_error = uf * (fabs(Y) + 6.0 * terms_y) + 1e-15 * (1.0 + fabs(Y));
        const int ok = y_ok && x_ok && y_error <= 4e-7; /* false for NaN */
        for (int j = 0; j < D; j++) s[CK_BZ_S_D1 + j][k] = ok ? (float)c[j] : 0.0f;
        s[CK_BZ_S_YH][k] = ok ? (float)Y : NAN;
        s[CK_BZ_S_YL][k] = ok ? (float)(Y - (double)(float)Y) : 0.0f;
        s[CK_BZ_S_B1][k] = ok ? (float)B1 : 0.0f;
        s[CK_BZ_S_B2][k] = ok ? (float)B2 : 0.0f;
    }
}

ck_status ck_bezier_init(ck_bezier *b, double x1, double y1, double x2, double y2) {
    if (b == NULL) return CK_ERR_NULL;
    if (!isfinite(x1) || !isfinite(y1) || !isfinite(x2) || !isfinite(y2)) return CK_ERR_ARGUMENT;
    if (!(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1)) return CK_ERR_ARGUMENT;
    ck_bezier c;
    memset(&c, 0, sizeof c);
    c.x1 = x1, c.y1 = y1, c.x2 = x2, c.y2 = y2;
    c._x[2] = 3.0 * x1;
    c._x[1] = 3.0 * (x2 - x1) - c._x[2];
    c._x[0] = 1.0 - c._x[2] - c._x[1];
    /* Any finite ordinates are valid, but 3 y1 or 3 (y2 - y1) overflow beyond DBL_MAX / 3 (and then
       inf - inf is NaN). The coefficients of y (|each| <= 9 max|y| + 1) are therefore kept for y * 2^-64
       when an ordinate exceeds 2^1000, and the result is multiplied back: both scalings are exact, and
       y(x) itself is a weighted mean of 0, y1, y2, 1 with weights summing to 1, so it stays finite. */
    const double big = fmax(fabs(y1), fabs(y2)) > 0x1p1000 ? 1.0 : 0.0;
    c._y_scale[0] = big ? 0x1p-64 : 1.0;
    c._y_scale[1] = big ? 0x1p64 : 1.0;
    const double unit = c._y_scale[0], y1s = y1 * unit, y2s = y2 * unit;
    c._y[2] = 3.0 * y1s;
    c._y[1] = 3.0 * (y2s - y1s) - c._y[2];
    c._y[0] = unit - c._y[2] - c._y[1];
    c._y_end[0] = 3.0 * (unit - y1s);
    c._y_end[1] = 3.0 * (unit - y2s);
    for (int end = 0; end < 2; end++) {
        double num, den;
        ck_bz_gradient_fraction(&c, end, &num, &den);
        c._gradient[end] = ck_bz_saturate(num / den); /* +/-DBL_MAX: see ck_bz_extension */
    }
    /* M bounds |x''(t)|/2 + |ax| on [0, 1]; x'' is linear in t so its extremes are at the ends. The
       budgets 4e-15 and 2e-8 leave room under 1e-14 and 1e-7 for the rounding of r, of t and (float
       path) of the approximate reciprocal of x'. */
    const double m = 0.5 * fmax(fabs(2.0 * c._x[1]), fabs(6.0 * c._x[0] + 2.0 * c._x[1])) + fabs(c._x[0]);
    c._tolerance[0] = m > 0 ? fmin(1e-3, sqrt(4e-15 / m)) : 1e-3;
    c._tolerance[1] = m > 0 ? fmin(1e-3, sqrt(2e-8 / m)) : 1e-3;
    /* The AVX2 batch (see ck_bz_build_batch_table) divides by x' with the bare rcpps (relative error
       <= 1.5 * 2^-12), which leaves r * 3.7e-4 <= 3 |h| * 3.7e-4 of the residual: |h| <= 9e-6 keeps that
       below 1e-8. */
    /* It also takes y after the step as y(t + d0) - h y'(t + d0), off by at most My h^2, where My bounds
       |y''|/2 + |ay| on [0, 1] (y'' is linear in t, so from its values at the ends): My h^2 <= 1e-8. */
    const double my = (0.5 * fmax(fabs(2.0 * c._y[1]), fabs(6.0 * c._y[0] + 2.0 * c._y[1])) + fabs(c._y[0])) *
                      c._y_scale[1];
    c._tolerance[2] = fmin(fmin(c._tolerance[1], 9e-6), my > 0 ? sqrt(1e-8 / my) : 1.0);
    ck_bz_build_table(&c);
    ck_bz_build_table_d(&c);
    ck_bz_build_batch_table(&c);
    ck_bz_build_direct_table(&c);
    *b = c;
    return CK_OK;
}

/* The portable fast path of ck_bezier_value (scalar ISA); see bezier_value.h. */
#define CK_BZ_VALUE_NAME ck_bz_value_portable
#define CK_BZ_MADD(a, b, c) ((a) * (b) + (c))
#include "bezier_value.h"
#undef CK_BZ_VALUE_NAME
#undef CK_BZ_MADD

double ck_bezier_value(const ck_bezier *b, double x) {
    if (b == NULL) return NAN; /* value and slope cannot report a status: NaN marks the missing curve */
    /* The known targets are called directly (a promoted indirect call): a call is only ~40 cycles, and
       under the IBRS mitigation that hosts such as the one this was measured on run, each indirect branch
       costs ~20 more (the benchmark loop went from 10 to 15-20 ns per call through the pointer). The row
       of the best ISA is recognised by its address, one load before the compare instead of three (the
       row, its bezier table, the function): about 0.5 ns of a 9 ns call. */
    const ck_ops *const ops = ck_ops_active();
#if CK_ARCH_X86_64
    if (ops == &ck_ops_table[CK_ISA_AVX2]) return ck_bz_value_fma(b, x);
#elif CK_ARCH_ARM64
    if (ops == &ck_ops_table[CK_ISA_NEON]) return ck_bz_value_neon(b, x);
#endif
    double (*const value)(const ck_bezier *, double) = ops->bezier->value;
    if (value == ck_bz_value_portable) return ck_bz_value_portable(b, x);
    return value(b, x);
}

double ck_bezier_slope(const ck_bezier *b, double x) {
    if (b == NULL) return NAN;
    if (isnan(x)) return x;
    if (x <= 0) return b->_gradient[0];
    if (x >= 1) return b->_gradient[1];
    const double t = ck_bz_solve(b, x);
    /* dy is scaled like the y coefficients: the quotient is formed first and scaled back last, so it
       only overflows when the slope itself is beyond DBL_MAX, and then saturates there. */
    const double dx = ck_bz_dx(b, t), dy = ck_bz_dy(b, t), up = b->_y_scale[1];
    if (dx != 0) return ck_bz_saturate(dy / dx * up); /* steep but not vertical: at most +/-DBL_MAX */
    if (dy != 0) return dy > 0 ? INFINITY : -INFINITY; /* vertical tangent */
    /* x' and y' vanish together (a cusp of the parametrisation): the limit of y'/x' is y''/x''. */
    const double ddx = 6.0 * b->_x[0] * t + 2.0 * b->_x[1], ddy = 6.0 * b->_y[0] * t + 2.0 * b->_y[1];
    if (ddx != 0) return ck_bz_saturate(ddy / ddx * up);
    return b->_x[0] != 0 ? ck_bz_saturate(b->_y[0] / b->_x[0] * up) : 0.0;
}

/* The double value rounded to float once; a finite value beyond the float range saturates at +/-FLT_MAX
   (finite input never gives infinity), an infinite one (infinite x) stays infinite. */
static inline float ck_bz_to_float(double v) {
    return isfinite(v) && fabs(v) > FLT_MAX ? (v > 0 ? FLT_MAX : -FLT_MAX) : (float)v;
}

/* Scalar float batch: the double solver per value, rounded once. */
static void ck_bz_value_n_scalar(const ck_bezier *b, const float *x, float *y, size_t n) {
    for (size_t i = 0; i < n; i++) y[i] = ck_bz_to_float(ck_bezier_value_trusted(b, x[i]));
}

/* Whether every lane of the chunk was solved, eight groups per compare: this check runs once per 64
   vectors, and a byte-by-byte scan cost about a tenth of the AVX2 loop. */
static int ck_bz_all_solved(const uint8_t *ok_lanes, size_t groups, uint8_t all) {
    const uint64_t all_word = all * 0x0101010101010101u;
    size_t group = 0;
    for (; group + 8 <= groups; group += 8) {
        uint64_t word;
        memcpy(&word, ok_lanes + group, sizeof word);
        if (word != all_word) return 0;
    }
    for (; group < groups; group++)
        if (ok_lanes[group] != all) return 0;
    return 1;
}

void ck_bezier_value_n_blocks(const ck_bezier *b, const float *x, float *y, size_t n, size_t lanes,
                              ck_bezier_vector_loop loop) {
    uint8_t ok_lanes[64];
    const uint8_t all = (uint8_t)((1u << lanes) - 1);
    for (size_t start = 0; start < n; start += 64 * lanes) {
        const size_t count = n - start < 64 * lanes ? n - start : 64 * lanes;
        loop(b, x + start, y + start, count, ok_lanes);
        const size_t groups = count / lanes;
        if (ck_bz_all_solved(ok_lanes, groups, all)) continue;
        for (size_t group = 0; group < groups; group++) {
            if (ok_lanes[group] == all) continue;
            for (size_t j = 0; j < lanes; j++) {
                const size_t i = start + group * lanes + j;
                if (!(ok_lanes[group] >> j & 1)) y[i] = ck_bz_to_float(ck_bezier_value_trusted(b, y[i]));
            }
        }
    }
}

const struct ck_bezier_ops ck_bezier_ops_scalar = {1, ck_bz_value_n_scalar, ck_bz_value_portable};

ck_status ck_bezier_value_n(const ck_bezier *b, const float *x, float *y, size_t n) {
    if (n == 0) return CK_OK;
    if (b == NULL || x == NULL || y == NULL) return CK_ERR_NULL;
    /* In place (y == x) works block by block; any other overlap would read values already written. */
    const uintptr_t xs = (uintptr_t)x, ys = (uintptr_t)y, bytes = (uintptr_t)(n * sizeof(float));
    if (xs != ys && xs < ys + bytes && ys < xs + bytes) return CK_ERR_OVERLAP;
    /* Ordinates beyond the float tables' range (ck_bz_y_fits_float) go through the scalar solver on
       every ISA: the SIMD loops would round such values to float without saturating them. */
    const struct ck_bezier_ops *ops = ck_bz_y_fits_float(b) ? ck_ops_active()->bezier : &ck_bezier_ops_scalar;
    const size_t block = ops->block, whole = n - n % block;
    if (whole > 0) ops->value_n(b, x, y, whole);
    if (whole < n) {
        /* The tail, once for every ISA: padded to one block with a value inside (0, 1). */
        float xt[16], yt[16];
        for (size_t i = 0; i < block; i++) xt[i] = whole + i < n ? x[whole + i] : 0.5f;
        ops->value_n(b, xt, yt, block);
        for (size_t i = whole; i < n; i++) y[i] = yt[i - whole];
    }
    return CK_OK;
}
