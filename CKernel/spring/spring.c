/*
 * Springs: the double-precision closed form, settling time and propagator construction, the scalar
 * lane kernels (the reference every SIMD path is tested against), and every public entry point.
 * Arguments are validated here, once; the per-ISA kernels behind ck_ops_active()->spring never fail.
 *
 * The model is the damped oscillator x'' + 2 zeta omega0 x' + omega0^2 x = 0, x the displacement from
 * the target. Writing a = zeta omega0 and wd = omega0 sqrt|zeta^2 - 1|, every regime is
 *     x(t) = e^{-a t} [x0 C(t) + (v0 + a x0) S(t)],   v(t) = e^{-a t} [v0 C(t) - (omega0^2 x0 + a v0) S(t)]
 * with C = cos(wd t), S = sin(wd t) / wd (underdamped), C = 1, S = t (critical), C = cosh(wd t),
 * S = sinh(wd t) / wd (overdamped). C and S are entire functions of q = (zeta^2 - 1)(omega0 t)^2, which is
 * how the regimes meet without a seam: near q = 0 both come from their Taylor series.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "spring_internal.h"

/* pi to double precision (M_PI is not part of C11). */
static const double ck_pi = 3.14159265358979323846;

_Static_assert(sizeof(ck_spring) == 2 * sizeof(double), "Swift imports ck_spring as two doubles");
_Static_assert(sizeof(ck_propagator) == 4 * sizeof(float), "Swift imports ck_propagator as four floats");

/* MARK: - Double closed form */

/* e^{-a t} C(t) and e^{-a t} S(t) (see the file comment). Both are bounded for every t >= 0: the
   overdamped case never forms e^{-a t} cosh(wd t) as a product of 0 and inf. */
/* sqrt(|zeta^2 - 1|), without cancellation near zeta = 1 and without overflow for huge zeta (zeta^2 would
   overflow past 1.3e154 and turn a heavily damped spring into nonsense). */
static double spring_damped_factor(double z) {
    if (z > 0x1p500) return z * sqrt((1.0 - 1.0 / z) * (1.0 + 1.0 / z));
    return sqrt(fabs((z - 1.0) * (z + 1.0)));
}

/* e^{-a t} C(t) and e^{-a t} S(t) (see the file comment) as *ld = the log of the decay factor and the rest:
   e^{ld} c and e^{ld} sm s. Kept apart so the settling-time solver can compare |x| with an epsilon far below
   the double range in logs; spring_basis multiplies them, e^{ld} sm first (sm = t in the series, where t s alone
   may overflow although e^{ld} t s does not). */
static void spring_basis_parts(double w, double z, double t, double *ld, double *c, double *s, double *sm) {
    const double a = z * w;
    const double s2 = (z - 1.0) * (z + 1.0); /* zeta^2 - 1: only its sign and, below theta = 1, its value */
    const double wd = w * spring_damped_factor(z);
    /* Capped so a huge finite t never turns cos(theta) into cos(inf) = NaN. */
    const double theta = fmin(wd * t, DBL_MAX);
    *sm = 1.0;
    if (s2 <= 0.0 || theta < 1.0) {
        *ld = a == 0.0 ? 0.0 : -a * t; /* undamped: no decay, even when t is infinite */
        if (theta < 1.0) {
            /* |q| < 1: C = sum q^k / (2k)!, S / t = sum q^k / (2k + 1)!, to k = 10 (next term < 4e-19). */
            /* q = (zeta^2 - 1)(omega0 t)^2 = +/-theta^2: formed from theta, which is < 1 here, so a huge zeta
               (zeta^2 = inf) at t = 0 cannot make it inf * 0. */
            const double q = s2 < 0.0 ? -(theta * theta) : theta * theta;
            static const double cc[11] = {1.0,
                                          1.0 / 2.0,
                                          1.0 / 24.0,
                                          1.0 / 720.0,
                                          1.0 / 40320.0,
                                          1.0 / 3628800.0,
                                          1.0 / 479001600.0,
                                          1.0 / 87178291200.0,
                                          1.0 / 20922789888000.0,
                                          1.0 / 6402373705728000.0,
                                          1.0 / 2432902008176640000.0};
            static const double sc[11] = {1.0,
                                          1.0 / 6.0,
                                          1.0 / 120.0,
                                          1.0 / 5040.0,
                                          1.0 / 362880.0,
                                          1.0 / 39916800.0,
                                          1.0 / 6227020800.0,
                                          1.0 / 1307674368000.0,
                                          1.0 / 355687428096000.0,
                                          1.0 / 121645100408832000.0,
                                          1.0 / 51090942171709440000.0};
            /* Estrin's scheme: every frame of a transition evaluates springs here (critical damping, the UIKit
               default, always lands in this branch), and Horner's ten dependent multiply-adds were its latency. */
            const double q2 = q * q, q4 = q2 * q2, q8 = q4 * q4;
            *c = ((cc[0] + cc[1] * q) + q2 * (cc[2] + cc[3] * q)) + q4 * ((cc[4] + cc[5] * q) + q2 * (cc[6] + cc[7] * q)) +
                 q8 * ((cc[8] + cc[9] * q) + q2 * cc[10]);
            *s = ((sc[0] + sc[1] * q) + q2 * (sc[2] + sc[3] * q)) + q4 * ((sc[4] + sc[5] * q) + q2 * (sc[6] + sc[7] * q)) +
                 q8 * ((sc[8] + sc[9] * q) + q2 * sc[10]);
            *sm = t;
        } else {
            *c = cos(theta);
            *s = sin(theta) / wd;
        }
        return;
    }
    /* Overdamped, theta >= 1. a - wd = omega0^2 / (a + wd): the slow decay rate without cancellation at
       large zeta. */
    const double r1 = w * w / (a + wd);
    const double e2 = exp(-2.0 * theta); /* <= e^-2, so 1 - e2 keeps full precision */
    *ld = -r1 * t;
    *c = 0.5 * (1.0 + e2);
    *s = 0.5 * (1.0 - e2) / wd;
}

/* e^{-a t} C(t) and e^{-a t} S(t). Both are bounded for every t >= 0: the overdamped case never forms
   e^{-a t} cosh(wd t) as a product of 0 and inf. */
static void spring_basis(double w, double z, double t, double *ec, double *es) {
    double ld, c, s, sm;
    spring_basis_parts(w, z, t, &ld, &c, &s, &sm);
    const double e = exp(ld);
    if (e == 0.0) {
        /* Fully decayed (and never 0 * inf with an unbounded s). */
        *ec = *es = 0.0;
        return;
    }
    *ec = e * c;
    *es = e * sm * s;
}

/* a b c / (d f) with no overflow or underflow on the way (mantissas and exponents apart): the result is inf or 0
   only when it is itself beyond the double range. d and f are positive. */
static double scaled(double a, double b, double c, double d, double f) {
    int ea, eb, ec, ed, ef;
    const double m = frexp(a, &ea) * frexp(b, &eb) * frexp(c, &ec) / (frexp(d, &ed) * frexp(f, &ef));
    return ldexp(m, ea + eb + ec - ed - ef);
}

/* Damping ratios from here on are "huge": sqrt(zeta^2 - 1) == zeta in double, so the two decay rates are exactly
   omega0 / (2 zeta) and 2 zeta omega0 to double precision, and their ratio 4 zeta^2 >= 2^56. */
#define CK_SPRING_HUGE_ZETA 0x1p27

/* Huge zeta, as the sum of the slow and the fast exponential: with r1 = omega0 / (2 zeta), r2 = 2 zeta omega0,
   e1 = e^{-r1 t}, e2 = e^{-r2 t}, ed = e1 (1 - e^{-(r2 - r1) t}) = e1 - e2 and g = 1 / (4 zeta^2),
       x = x0 e1 + v0 / r2 ed - x0 g e2,   v = v0 e2 - r1 x0 ed - v0 g e1.
   Every product goes through `scaled`, so zeta omega0, omega0 t or v0 / omega0 overflowing (zeta near DBL_MAX)
   cannot turn into inf * 0 = NaN; a term is inf only when it truly exceeds the double range. */
static void spring_state_huge_zeta(double w, double z, double x0, double v0, double t, double *x, double *v) {
    const double r1t = scaled(w, t, 0.5, z, 1.0);
    const double r2t = scaled(z, w, t, 0.5, 1.0);
    const double e1 = exp(-r1t), e2 = exp(-r2t);
    const double ed = e1 * -expm1(-r2t); /* r2 - r1 == r2 in double */
    *x = x0 * e1 + scaled(v0, ed, 0.5, z, w) - scaled(x0, e2, 0.25, z, z);
    *v = v0 * e2 - scaled(x0, w, ed, z, 2.0) - scaled(v0, e1, 0.25, z, z);
}

/* The state is linear in (x0, v0), so a huge one is scaled down first and the result scaled back: products such
   as zeta omega0 x0 must not overflow where the answer does not. omega0 es is formed before it meets the state
   for the same reason with a huge omega0 (omega0^2 alone overflows past 1.3e154). */
static void spring_state_direct(double w, double z, double x0, double v0, double t, double *x, double *v) {
    if (t == 0.0 || (x0 == 0.0 && v0 == 0.0)) {
        /* The start state exactly (at t = 0, or at rest for all t), whatever the spring: for extreme omega0 and
           zeta the basis would form inf * 0 on the way to 1 and 0. */
        *x = x0;
        *v = v0;
        return;
    }
    double ec, es;
    spring_basis(w, z, t, &ec, &es);
    double scale = 1.0;
    const double ax = fabs(x0), av = fabs(v0); /* finite: no fmax NaN rules needed */
    const double amplitude = ax > av ? ax : av;
    if (amplitude > 0x1p900) {
        scale = amplitude;
        x0 /= scale;
        v0 /= scale;
    }
    const double wes = w * es;
    *x = scale * (x0 * ec + v0 * es + z * wes * x0);
    /* (omega0 es x0) omega0: a fully decayed es == 0 then gives 0, never 0 * inf. */
    *v = scale * (v0 * ec - (wes * x0) * w - z * wes * v0);
}

/* Springs whose zeta * omega0 or omega0^2 overflow are evaluated in dimensionless time tau = omega0 t (the same
   motion for omega0 = 1 with velocity v0 / omega0), where the rates are zeta and 1; the velocity is scaled back. */
static void spring_state(double w, double z, double x0, double v0, double t, double *x, double *v) {
    if (z >= CK_SPRING_HUGE_ZETA && t > 0.0 && (x0 != 0.0 || v0 != 0.0)) {
        spring_state_huge_zeta(w, z, x0, v0, t, x, v);
        return;
    }
    if (z * w < 0x1p1000 && w < 0x1p500) {
        spring_state_direct(w, z, x0, v0, t, x, v);
        return;
    }
    double vn;
    spring_state_direct(1.0, z, x0, v0 / w, w * t, x, &vn);
    *v = vn * w;
}

static double spring_x(double w, double z, double x0, double v0, double t) {
    double x, v;
    spring_state(w, z, x0, v0, t, &x, &v);
    return x;
}

/* MARK: - Validation */

/* |value| <= DBL_MAX is false for inf and NaN: two instructions, where isfinite costs about eight (it is a quarter
   of ck_spring_eval's own work). */
static int is_finite(double value) { return fabs(value) <= DBL_MAX; }

static int spring_valid(ck_spring s) {
    return is_finite(s.omega0) && s.omega0 > 0.0 && is_finite(s.zeta) && s.zeta >= 0.0;
}

/* Whether [p, p + pn) and [q, q + qn) (bytes) share a byte. */
static int bytes_overlap(const void *p, size_t pn, const void *q, size_t qn) {
    const uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
    return a < b + qn && b < a + pn;
}

/* MARK: - Construction */

ck_status ck_spring_make(double mass, double stiffness, double damping, ck_spring *out) {
    if (!out) return CK_ERR_NULL;
    if (!is_finite(mass) || !is_finite(stiffness) || !is_finite(damping) || mass <= 0.0 || stiffness <= 0.0 ||
        damping < 0.0)
        return CK_ERR_ARGUMENT;
    const double omega0 = sqrt(stiffness / mass);
    /* sqrt(k) sqrt(m), not sqrt(k m), and that product kept apart from c (`scaled`): sqrt(k) sqrt(m) itself
       overflows when both are near DBL_MAX, long before the result does. */
    const double zeta = scaled(damping, 0.5, 1.0, sqrt(stiffness), sqrt(mass));
    if (!is_finite(omega0) || !(omega0 > 0.0) || !is_finite(zeta)) return CK_ERR_ARGUMENT; /* k/m out of range */
    *out = (ck_spring){omega0, zeta};
    return CK_OK;
}

ck_status ck_spring_from_response(double response, double damping_ratio, ck_spring *out) {
    if (!out) return CK_ERR_NULL;
    if (!is_finite(response) || !is_finite(damping_ratio) || response <= 0.0 || damping_ratio < 0.0)
        return CK_ERR_ARGUMENT;
    const double omega0 = 2.0 * ck_pi / response;
    if (!is_finite(omega0)) return CK_ERR_ARGUMENT; /* response so small that omega0 overflows */
    *out = (ck_spring){omega0, damping_ratio};
    return CK_OK;
}

ck_status ck_spring_from_duration(double duration, double bounce, ck_spring *out) {
    if (!out) return CK_ERR_NULL;
    if (!is_finite(duration) || !is_finite(bounce) || duration <= 0.0 || bounce <= -1.0 || bounce > 1.0)
        return CK_ERR_ARGUMENT;
    const double omega0 = 2.0 * ck_pi / duration;
    if (!is_finite(omega0)) return CK_ERR_ARGUMENT;
    const double zeta = bounce >= 0.0 ? 1.0 - bounce : 1.0 / (1.0 + bounce);
    if (!is_finite(zeta)) return CK_ERR_ARGUMENT;
    *out = (ck_spring){omega0, zeta};
    return CK_OK;
}

/* MARK: - Evaluation */

ck_status ck_spring_eval(ck_spring s, double x0, double v0, double t, double *x, double *v) {
    if (!x || !v) return CK_ERR_NULL;
    if (!spring_valid(s) || !is_finite(x0) || !is_finite(v0) || !is_finite(t) || t < 0.0) return CK_ERR_ARGUMENT;
    spring_state(s.omega0, s.zeta, x0, v0, t, x, v);
    return CK_OK;
}

/* MARK: - Settling time
 *
 * |x| is monotone between consecutive zeros and extrema of x, so the last crossing of |x| = epsilon is
 * found by locating the last monotone piece that starts at or above epsilon and bisecting inside it.
 * Zeros solve x0 C = -(v0 + a x0) S and extrema (v = 0) solve v0 C = (omega0^2 x0 + a v0) S: both are
 * "A C(t) = B S(t)", solved in closed form by first_root. Underdamped, they repeat every pi / wd and the
 * extremal values shrink by e^{-a pi / wd} per half period, which gives the last peak above epsilon
 * directly; otherwise there is at most one of each. */

/* Smallest t >= 0 with A C(t) = B S(t): underdamped, the root in [0, pi / wd); critical and
   overdamped (S / C increases from 0 to 1 / wd), the root or -1 if there is none. */
static double first_root(double a_coef, double b_coef, double wd, int under) {
    if (under) {
        if (b_coef == 0.0) return 0.5 * ck_pi / wd;
        /* tan(wd t) = A wd / B, taken in (-pi/2, pi/2) then moved to [0, pi). */
        double phi = atan(a_coef * wd / b_coef);
        if (phi < 0.0) phi += ck_pi;
        return phi / wd;
    }
    if (a_coef == 0.0) return 0.0;
    if (b_coef == 0.0) return -1.0;
    const double r = a_coef / b_coef; /* S / C = r */
    if (!(r > 0.0) || !is_finite(r)) return -1.0;
    if (wd == 0.0) return r;
    const double y = wd * r;
    if (y >= 1.0) return -1.0;
    return atanh(y) / wd; /* atanh(y) ~ y for small y: accurate as wd -> 0 */
}

/* The settling problem as the solver sees it: dimensionless time tau = omega0 t (the spring
   x'' + 2 zeta x' + x = 0 from (x0, vs = v0 / omega0)), with the state and epsilon scaled by one power of two so
   that max(|x0|, |vs|) is in [1/4, 1). The problem is linear in (x0, vs, epsilon), so the crossing times are
   unchanged, and no product such as zeta vs or the peak / epsilon ratio can overflow. When the scaled epsilon
   would fall out of the normal range (|x| must decay by more than 2^900), |x| >= eps is decided in logs. */
typedef struct settle_problem {
    double z, x0, vs;
    double eps;     /* the scaled epsilon (unused in logs) */
    double log_eps; /* its natural log, always set */
    int in_logs;
} settle_problem;

/* log(|x(tau)| / eps): x = e^{ld} (x0 c + (vs + zeta x0) s), the decay kept as a log so nothing underflows. */
static double log_ratio(const settle_problem *p, double tau) {
    if (!p->in_logs) return log(fabs(spring_x(1.0, p->z, p->x0, p->vs, tau)) / p->eps);
    double ld, c, s, sm;
    spring_basis_parts(1.0, p->z, tau, &ld, &c, &s, &sm);
    s *= sm; /* sm = tau only in the series (theta < 1), which the solver reaches with modest tau: no overflow */
    return ld + log(fabs(p->x0 * c + p->vs * s + p->z * s * p->x0)) - p->log_eps;
}

static int above(const settle_problem *p, double tau) {
    if (!p->in_logs) return fabs(spring_x(1.0, p->z, p->x0, p->vs, tau)) >= p->eps;
    return log_ratio(p, tau) >= 0.0;
}

/* The crossing in [lo, hi] where above(lo) holds, above(hi) does not and |x| is monotone: bisection to the last
   representable step (each step is one closed-form evaluation accurate to a few ulp). */
static double bisect_crossing(int (*pred)(const settle_problem *, double), const settle_problem *p, double lo,
                              double hi) {
    for (int i = 0; i < 2100; i++) {
        const double mid = lo + 0.5 * (hi - lo);
        if (!(mid > lo && mid < hi)) break;
        if (pred(p, mid))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The last crossing in tau for zeta < CK_SPRING_HUGE_ZETA (zeta > 0, state not at rest). */
static double settling_tau(const settle_problem *p) {
    const double z = p->z, x0 = p->x0, v0 = p->vs;
    const double a = z;
    const double s2 = (z - 1.0) * (z + 1.0);
    const double wd = spring_damped_factor(z);
    const double cx = x0 + a * v0; /* extrema: v0 C = cx S */
    const double bx = v0 + a * x0; /* zeros: x0 C = -bx S */
    const int under = s2 < 0.0;
    const double te = first_root(v0, cx, wd, under);
    const double tz = first_root(x0, -bx, wd, under);

    if (under) {
        const double half = ck_pi / wd;
        if (above(p, te)) {
            /* Peak k (at te + k half) is peak * e^{-a k half}: the last one >= eps, then fix rounding. */
            double k = floor(log_ratio(p, te) / (a * half));
            if (!(k >= 0.0)) k = 0.0;
            for (int i = 0; i < 8 && k > 0.0 && !above(p, te + k * half); i++) k -= 1.0;
            for (int i = 0; i < 8 && above(p, te + (k + 1.0) * half); i++) k += 1.0;
            const double lo = te + k * half;
            double gap = tz - te; /* from an extremum to the next zero */
            if (gap <= 0.0) gap += half;
            return bisect_crossing(above, p, lo, lo + gap);
        }
        /* Every later peak is below eps: only a start above eps that falls to the first zero remains. */
        if (!above(p, 0.0) || tz <= 0.0) return 0.0;
        return bisect_crossing(above, p, 0.0, tz);
    }

    /* Critical / overdamped: boundaries 0, te, tz (if they exist), then a point beyond which |x| < eps. */
    double pts[4];
    int m = 0;
    pts[m++] = 0.0;
    if (te > 0.0) pts[m++] = te;
    if (tz > 0.0) pts[m++] = tz;
    if (m == 3 && pts[1] > pts[2]) {
        const double tmp = pts[1];
        pts[1] = pts[2];
        pts[2] = tmp;
    }
    /* After the last boundary |x| falls monotonically to 0, so doubling finds an end below eps. */
    const double slow = 1.0 / (a + wd);
    double end = pts[m - 1] + 1.0 / slow;
    for (int i = 0; i < 2100 && above(p, end); i++) end *= 2.0;
    pts[m++] = end;
    for (int i = m - 2; i >= 0; i--)
        if (above(p, pts[i])) return bisect_crossing(above, p, pts[i], pts[i + 1]);
    return 0.0;
}

/* Huge zeta (>= CK_SPRING_HUGE_ZETA): x falls from x0 to A = x0 + vs / (2 zeta) on the fast scale 1 / (2 zeta)
   and then decays as A e^{-tau / (2 zeta)}. Tau itself may exceed the double range (zeta near DBL_MAX) where t
   does not, so each phase is solved in its own unit: u = 2 zeta tau (fast), s = tau / (2 zeta) (slow); with
   g = 1 / (4 zeta^2) <= 2^-56, x(u) = e^{-g u} (x0 + k (1 - e^{-u})) - g x0 e^{-u}, k = vs / (2 zeta). */
static double huge_x(const settle_problem *p, double u) {
    const double z = p->z, k = scaled(p->vs, 0.5, 1.0, z, 1.0), g = scaled(0.25, 1.0, 1.0, z, z);
    const double gu = g == 0.0 ? 0.0 : g * u; /* g underflows for zeta > 2^511: e^{-g u} = 1 then */
    return exp(-gu) * (p->x0 + k * -expm1(-u)) - g * p->x0 * exp(-u);
}

static int huge_above(const settle_problem *p, double u) {
    const double x = fabs(huge_x(p, u));
    return p->in_logs ? log(x) >= p->log_eps : x >= p->eps;
}

/* The last crossing in seconds for a huge zeta. */
static double settling_time_huge(const settle_problem *p, double w) {
    const double z = p->z, x0 = p->x0;
    const double k = scaled(p->vs, 0.5, 1.0, z, 1.0);
    const double g = scaled(0.25, 1.0, 1.0, z, z);
    const double A = x0 + k;
    const double la = p->in_logs ? log(fabs(A)) - p->log_eps : log(fabs(A) / p->eps);
    /* |A| e^{-s} = eps at s = la; beyond u = 64 the fast term is below e^{-64} of the slow one. */
    if (la >= 64.0 * g) return scaled(la, 2.0, z, w, 1.0);
    /* Otherwise the last crossing is in the fast phase: pieces split at the zero of x0 + k (1 - e^{-u}) and at
       the extremum, where e^{-u} (k + g x0 + g k) = g A (e^{-g u} = 1 to double precision for u < 2^40). */
    double pts[4];
    int m = 0;
    pts[m++] = 0.0;
    const double uz = (k != 0.0 && x0 / k > -1.0 && x0 / k < 0.0) ? -log1p(x0 / k) : -1.0;
    const double ratio = (k + g * x0 + g * k) / A;
    const double ue = ratio > 0.0 ? log(ratio) + 2.0 * log(z) + log(4.0) : -1.0;
    if (uz > 0.0 && is_finite(uz)) pts[m++] = uz;
    if (ue > 0.0 && is_finite(ue)) pts[m++] = ue;
    if (m == 3 && pts[1] > pts[2]) {
        const double tmp = pts[1];
        pts[1] = pts[2];
        pts[2] = tmp;
    }
    double end = pts[m - 1] + 64.0;
    for (int i = 0; i < 2100 && huge_above(p, end); i++) end *= 2.0;
    pts[m++] = end;
    for (int i = m - 2; i >= 0; i--)
        if (huge_above(p, pts[i])) return scaled(bisect_crossing(huge_above, p, pts[i], pts[i + 1]), 0.5, 1.0, z, w);
    return 0.0;
}

/* zeta == 0: +INFINITY when the amplitude sqrt(x0^2 + (v0 / omega0)^2) exceeds epsilon, else 0 (|x| never
   rises above epsilon, the contract's "0 if |x(t)| <= epsilon for all t"); (0, 0) is at rest: 0. */
ck_status ck_spring_settling_time(ck_spring s, double x0, double v0, double epsilon, double *t) {
    if (!t) return CK_ERR_NULL;
    if (!spring_valid(s) || !is_finite(x0) || !is_finite(v0) || !is_finite(epsilon) || epsilon <= 0.0)
        return CK_ERR_ARGUMENT;
    if (x0 == 0.0 && v0 == 0.0) {
        *t = 0.0;
        return CK_OK;
    }
    if (s.zeta == 0.0) {
        /* Undamped: |x| oscillates with amplitude sqrt(x0^2 + (v0 / omega0)^2) forever (inf: certainly above). */
        *t = hypot(x0, v0 / s.omega0) <= epsilon ? 0.0 : INFINITY;
        return CK_OK;
    }
    /* x0 = mx 2^ex, vs = v0 / omega0 = mv 2^ev with |mx| < 1, |mv| < 2, then both scaled by 2^-e. */
    int ex = 0, ev = 0, ew = 0, ee = 0;
    const double mx = frexp(x0, &ex);
    const double mv = frexp(v0, &ev) / frexp(s.omega0, &ew);
    ev -= ew;
    int e = INT_MIN;
    if (x0 != 0.0) e = ex;
    if (v0 != 0.0 && ev + 1 > e) e = ev + 1;
    settle_problem p = {.z = s.zeta, .x0 = ldexp(mx, ex - e), .vs = ldexp(mv, ev - e)};
    const double me = frexp(epsilon, &ee);
    if (ee - e > 2) {
        /* Energy x^2 + vs^2 never grows when damped, so |x| <= sqrt(2) < eps for all t. */
        *t = 0.0;
        return CK_OK;
    }
    p.log_eps = log(me) + (double)(ee - e) * 0.69314718055994530942;
    p.in_logs = ee - e < -900;
    p.eps = p.in_logs ? 0.0 : ldexp(me, ee - e);
    double time;
    if (s.zeta >= CK_SPRING_HUGE_ZETA)
        time = settling_time_huge(&p, s.omega0);
    else
        time = settling_tau(&p) / s.omega0;
    /* A time beyond double range means the state effectively never settles. */
    *t = isnan(time) ? INFINITY : time;
    return CK_OK;
}

/* MARK: - Propagator */

ck_status ck_propagator_make(ck_spring s, double dt, ck_propagator *out) {
    if (!out) return CK_ERR_NULL;
    if (!spring_valid(s) || !is_finite(dt) || dt < 0.0) return CK_ERR_ARGUMENT;
    /* The columns are the closed form from (1, 0) and (0, 1): x = ec + a es, es; v = -w^2 es, ec - a es. */
    double ec, es;
    spring_basis(s.omega0, s.zeta, dt, &ec, &es);
    const double a = s.zeta * s.omega0;
    *out = (ck_propagator){(float)(ec + a * es), (float)es, (float)(-s.omega0 * s.omega0 * es), (float)(ec - a * es)};
    return CK_OK;
}

/* MARK: - Scalar lane kernels: the vocabulary of spring_lanes.h with one-lane vectors */

typedef float vf;
typedef int vm;
typedef int32_t vi;
#define CK_V_WIDTH 1

static inline vf vf_set(float a) { return a; }
static inline vf vf_load(const float *p) { return *p; }
static inline void vf_store(float *p, vf a) { *p = a; }
static inline vf vf_add(vf a, vf b) { return a + b; }
static inline vf vf_sub(vf a, vf b) { return a - b; }
static inline vf vf_mul(vf a, vf b) { return a * b; }
static inline vf vf_div(vf a, vf b) { return a / b; }
static inline vf vf_sqrt(vf a) { return sqrtf(a); }
static inline vf vf_min(vf a, vf b) { return a < b ? a : b; }
static inline vf vf_max(vf a, vf b) { return a > b ? a : b; }
static inline vf vf_abs(vf a) { return fabsf(a); }
static inline vf vf_fma(vf a, vf b, vf c) { return a * b + c; }
static inline vf vf_fnma(vf a, vf b, vf c) { return c - a * b; }
static inline vm vf_lt(vf a, vf b) { return a < b; }
static inline vm vf_gt(vf a, vf b) { return a > b; }
static inline vm vf_ge(vf a, vf b) { return a >= b; }
static inline vm vm_and(vm a, vm b) { return a && b; }
static inline vm vm_xor(vm a, vm b) { return a != b; }
static inline vm vm_andnot(vm a, vm b) { return a && !b; }
static inline vf vf_sel(vm m, vf a, vf b) { return m ? a : b; }
static inline int vm_any(vm m) { return m; }
static inline int vm_all(vm m) { return m; }
static inline int vm_count(vm m) { return m ? 1 : 0; }
static inline vi vf_round_i(vf a) { return (vi)rintf(a); }
static inline vf vi_to_f(vi n) { return (vf)n; }
static inline vf vi_pow2(vi n) {
    const uint32_t bits = (uint32_t)(n + 127) << 23;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}
static inline vm vi_bit(vi n, int bit) { return (n & bit) != 0; }
static inline vf vf_reduce_half_pi(vf x, vi *n) {
    const double k = nearbyint((double)x * 0.63661977236758134308);
    *n = (vi)k;
    return (float)((double)x - k * 1.57079632679489661923);
}
static inline void vf_load_prop(const ck_propagator *p, vf *a, vf *b, vf *c, vf *d) {
    *a = p->a;
    *b = p->b;
    *c = p->c;
    *d = p->d;
}

#include "spring_lanes.h"

const struct ck_spring_ops ck_spring_ops_scalar = {
    .width = 1,
    .propagate_shared = ck_lanes_propagate_shared,
    .propagate_each = ck_lanes_propagate_each,
    .eval_n = ck_lanes_eval,
};

/* MARK: - Batch entry points */

/* Decisions the contract leaves open:
   - n == 0: CK_OK without looking at any pointer (Swift passes NULL for empty buffers);
   - np neither 1 nor n: CK_ERR_SIZE (a count inconsistent with the buffers, like a bad scratch size);
   - x and v overlapping, or the propagators overlapping either: CK_ERR_OVERLAP;
   - propagator entries are not checked: any float matrix is a valid propagator. */
ck_status ck_propagate_n(const ck_propagator *p, size_t np, float *x, float *v, size_t n) {
    if (n == 0) return CK_OK;
    if (!p || !x || !v) return CK_ERR_NULL;
    if (np != 1 && np != n) return CK_ERR_SIZE;
    const size_t bytes = n * sizeof(float);
    if (bytes_overlap(x, bytes, v, bytes) || bytes_overlap(p, np * sizeof *p, x, bytes) ||
        bytes_overlap(p, np * sizeof *p, v, bytes))
        return CK_ERR_OVERLAP;
    const struct ck_spring_ops *ops = ck_ops_active()->spring;
    const size_t width = ops->width, body = n - n % width, rest = n - body;
    if (body) {
        if (np == 1)
            ops->propagate_shared(p[0], x, v, body);
        else
            ops->propagate_each(p, x, v, body);
    }
    if (rest) {
        /* The tail runs as one padded block, so it gets exactly the in-block arithmetic. */
        float bx[CK_SPRING_MAX_WIDTH] = {0}, bv[CK_SPRING_MAX_WIDTH] = {0};
        memcpy(bx, x + body, rest * sizeof(float));
        memcpy(bv, v + body, rest * sizeof(float));
        if (np == 1) {
            ops->propagate_shared(p[0], bx, bv, width);
        } else {
            ck_propagator bp[CK_SPRING_MAX_WIDTH] = {{0}};
            memcpy(bp, p + body, rest * sizeof *p);
            ops->propagate_each(bp, bx, bv, width);
        }
        memcpy(x + body, bx, rest * sizeof(float));
        memcpy(v + body, bv, rest * sizeof(float));
    }
    return CK_OK;
}

/* n == 0: CK_OK without looking at any pointer. A lane is valid when omega0 is finite and > 0, zeta finite
   and >= 0, x0 and v0 finite, t finite and >= 0 (ck_v_lane_valid in spring_lanes.h). */
ck_status ck_spring_eval_n(const float *omega0, const float *zeta, const float *x0, const float *v0,
                           const float *t, float *x, float *v, size_t n) {
    if (n == 0) return CK_OK;
    if (!omega0 || !zeta || !x0 || !v0 || !t || !x || !v) return CK_ERR_NULL;
    const size_t bytes = n * sizeof(float);
    /* Outputs may be exactly an input (each block loads before it stores) but not partly overlap one,
       and x and v must be separate. */
    if (bytes_overlap(x, bytes, v, bytes)) return CK_ERR_OVERLAP;
    const float *inputs[5] = {omega0, zeta, x0, v0, t};
    for (int k = 0; k < 5; k++) {
        if (inputs[k] != x && bytes_overlap(inputs[k], bytes, x, bytes)) return CK_ERR_OVERLAP;
        if (inputs[k] != v && bytes_overlap(inputs[k], bytes, v, bytes)) return CK_ERR_OVERLAP;
    }
    const struct ck_spring_ops *ops = ck_ops_active()->spring;
    const size_t width = ops->width, body = n - n % width, rest = n - body;
    size_t invalid = body ? ops->eval_n(omega0, zeta, x0, v0, t, x, v, body) : 0;
    if (rest) {
        /* Padding lanes are a valid spring at rest, so they never count as invalid. */
        float bw[CK_SPRING_MAX_WIDTH], bz[CK_SPRING_MAX_WIDTH], bx0[CK_SPRING_MAX_WIDTH] = {0},
            bv0[CK_SPRING_MAX_WIDTH] = {0}, bt[CK_SPRING_MAX_WIDTH] = {0}, bx[CK_SPRING_MAX_WIDTH],
            bv[CK_SPRING_MAX_WIDTH];
        for (size_t i = 0; i < CK_SPRING_MAX_WIDTH; i++) bw[i] = bz[i] = 1.0f;
        memcpy(bw, omega0 + body, rest * sizeof(float));
        memcpy(bz, zeta + body, rest * sizeof(float));
        memcpy(bx0, x0 + body, rest * sizeof(float));
        memcpy(bv0, v0 + body, rest * sizeof(float));
        memcpy(bt, t + body, rest * sizeof(float));
        invalid += ops->eval_n(bw, bz, bx0, bv0, bt, bx, bv, width);
        memcpy(x + body, bx, rest * sizeof(float));
        memcpy(v + body, bv, rest * sizeof(float));
    }
    return invalid ? CK_ERR_ARGUMENT : CK_OK;
}
