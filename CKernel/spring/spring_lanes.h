/*
 * The float lane kernels of the spring family, written once over a small vector vocabulary.
 *
 * Each ISA file (and spring.c for scalar, with one-lane "vectors") defines the types and operations
 * below as static inline functions, then includes this file, which defines static kernels and the
 * table-shaped functions ck_lanes_propagate_shared / _each / ck_lanes_eval. So the polynomials, the
 * regime selection and the lane-validity rule exist once and every ISA computes the same formulas;
 * results differ only where an ISA fuses a multiply-add.
 *
 * Vocabulary (vf: floats, vm: lane mask, vi: int32 lanes; CK_V_WIDTH lanes):
 *   vf_set vf_load vf_store vf_add vf_sub vf_mul vf_div vf_sqrt vf_min vf_max vf_abs
 *   vf_fma(a, b, c) = a * b + c, vf_fnma(a, b, c) = c - a * b (fused where the ISA has it)
 *   vf_lt vf_gt vf_ge -> vm (false for NaN)   vm_and vm_xor vm_andnot(a, b) = a & ~b
 *   vf_sel(m, a, b) = m ? a : b   vm_any(m)   vm_all(m)   vm_count(m) (lanes set)
 *   vf_round_i (to nearest even) vi_to_f   vi_pow2(n) = 2^n for n in [-126, 127]   vi_bit(n, bit) = (n & bit) != 0
 *   vf_load_prop(p, &a, &b, &c, &d): CK_V_WIDTH propagators (array of structs) as four vectors
 *   vf_reduce_half_pi(x, &n): n = round(x * 2 / pi) and r = x - n pi/2 computed in double, r rounded to float
 */
#ifndef CK_SPRING_LANES_H
#define CK_SPRING_LANES_H

#include <float.h>

/* MARK: - exp and sincos in float
 *
 * Cephes-style: argument reduction by ln 2 (Cody-Waite, two parts) or pi/2 (three parts), then the
 * Cephes minimax polynomials, which are within about 1 ulp on the reduced ranges. */

/* e^x for x <= 0; exactly 0 below -87.3 (where e^x leaves the normal range), so a decayed lane is 0 and
   not a denormal-sized remainder that a large t could scale back up. */
static inline vf ck_v_exp_neg(vf x) {
    const vm underflow = vf_lt(x, vf_set(-87.3f));
    x = vf_max(x, vf_set(-87.3f));
    const vi n = vf_round_i(vf_mul(x, vf_set(1.44269504088896341f)));
    const vf fn = vi_to_f(n);
    /* ln 2 = 0.693359375 - 2.12194440e-4: the first part has 9 bits, so fn * part is exact for |n| <= 2^15. */
    vf r = vf_fma(fn, vf_set(-0.693359375f), x);
    r = vf_fma(fn, vf_set(2.12194440e-4f), r);
    vf p = vf_set(1.9875691500e-4f);
    p = vf_fma(p, r, vf_set(1.3981999507e-3f));
    p = vf_fma(p, r, vf_set(8.3334519073e-3f));
    p = vf_fma(p, r, vf_set(4.1665795894e-2f));
    p = vf_fma(p, r, vf_set(1.6666665459e-1f));
    p = vf_fma(p, r, vf_set(5.0000001201e-1f));
    const vf y = vf_add(vf_fma(vf_mul(p, r), r, r), vf_set(1.0f));
    return vf_sel(underflow, vf_set(0.0f), vf_mul(y, vi_pow2(n)));
}

/* MARK: - Closed form per lane
 *
 * x(t) = EC x0 + ES (v0 + a x0),  v(t) = EC v0 - ES (omega0^2 x0 + a v0),  a = zeta omega0,
 * with EC = e^{-a t} C(t), ES = e^{-a t} S(t), and for wd = omega0 sqrt|zeta^2 - 1|, theta = wd t:
 *   |theta| < 1/2 (any regime, critical included): C and S/t from their Taylor series in
 *       q = (zeta^2 - 1) (omega0 t)^2 = +-theta^2, so nothing cancels as zeta crosses 1 and nothing divides by wd;
 *   underdamped: C = cos theta, S = sin theta / wd;
 *   overdamped: e^{-a t} cosh and sinh never meet: with the slow rate r1 = a - wd = omega0^2 / (a + wd)
 *       (no cancellation for large zeta), EC = e^{-r1 t} (1 + e^{-2 theta}) / 2 and
 *       ES = e^{-r1 t} (1 - e^{-2 theta}) / (2 wd); theta >= 1/2 keeps 1 - e^{-2 theta} >= 0.63.
 *
 * One polynomial pair serves all three. With Cq(q) = sum q^k / (2k)! and Sq(q) = sum q^k / (2k + 1)!:
 *   series lanes: C = Cq(q), S / t = Sq(q) for the q above (|q| < 1/4);
 *   underdamped: theta = n pi/2 + r, |r| <= pi/4, cos r = Cq(-r^2), sin r = r Sq(-r^2), then the quadrant n;
 *   overdamped: -2 theta = n ln 2 + r, |r| <= ln2 / 2, e^{-2 theta} = 2^n (Cq(r^2) + r Sq(r^2)) (cosh + sinh).
 * So each lane needs one exponential (the decay) and one reduction + polynomial pair, whatever the mix of regimes
 * in the block. Degree 4 in q: the truncation is below q^5 / 10! <= 2.5e-8 relative at |q| = (pi/4)^2.
 *
 * The reduction by pi/2 is Cody-Waite in float with a three-part pi/2 (the first two parts have 8 and 11
 * significant bits, so n P1 and n P2 are exact without FMA for n < 2^13): its error is below 1e-10 rad for
 * theta <= 8192, far inside a float ulp of theta. A block with an underdamped theta beyond that (rare: omega0 t
 * ~ 1e4 rad) takes the double reduction (vf_reduce_half_pi), whose only error is the float rounding of theta
 * itself: at omega0 t = 1e6 rad one float ulp is 1/16 rad, inside the contract's 1e-6 * omega0 * t. theta is
 * capped at 2^24 there (beyond it a float carries no phase at all, and n still fits an int32). */

#define CK_V_FAST_REDUCTION_MAX 8192.0f

/* The one lane-validity rule: omega0 > 0, zeta >= 0, t >= 0, all five finite. y * 0 is +-0 for finite y and NaN
   for inf or NaN, so the sum of the five is >= 0 exactly when all are finite (comparisons are false for NaN). */
static inline vm ck_v_lane_valid(vf w, vf z, vf x0, vf v0, vf t) {
    const vf zero = vf_set(0.0f);
    vf f = vf_fma(x0, zero, vf_fma(v0, zero, vf_fma(z, zero, vf_fma(t, zero, vf_mul(w, zero)))));
    const vm finite = vf_ge(f, zero);
    return vm_and(finite, vm_and(vf_gt(w, zero), vf_ge(vf_min(z, t), zero)));
}

static size_t ck_lanes_eval(const float *omega0, const float *zeta, const float *px0, const float *pv0,
                            const float *pt, float *px, float *pv, size_t n) {
    size_t invalid = 0;
    const vf one = vf_set(1.0f), zero = vf_set(0.0f), half = vf_set(0.5f);
    for (size_t i = 0; i < n; i += CK_V_WIDTH) {
        vf w = vf_load(omega0 + i), z = vf_load(zeta + i), x0 = vf_load(px0 + i), v0 = vf_load(pv0 + i);
        vf t = vf_load(pt + i);
        const vm valid = ck_v_lane_valid(w, z, x0, v0, t);
        const int all_valid = vm_all(valid);
        if (!all_valid) {
            invalid += (size_t)(CK_V_WIDTH - vm_count(valid));
            /* A harmless lane in place of an invalid one, so no NaN or inf flows through the math. */
            w = vf_sel(valid, w, one);
            z = vf_sel(valid, z, one);
            x0 = vf_sel(valid, x0, zero);
            v0 = vf_sel(valid, v0, zero);
            t = vf_sel(valid, t, zero);
        }
        const vf a = vf_mul(z, w);
        const vf s2 = vf_mul(vf_sub(z, one), vf_add(z, one)); /* zeta^2 - 1, exact near zeta = 1 */
        const vf wd = vf_mul(w, vf_sqrt(vf_abs(s2)));
        const vf theta = vf_mul(wd, t);
        const vm series = vf_lt(theta, half);
        const vm neg = vf_lt(s2, zero);
        const vm over = vm_andnot(vf_gt(s2, zero), series);
        const vm under = vm_andnot(neg, series);
        /* 1 / wd, shared by both non-series forms (inf where wd = 0, a series lane, which never uses it). */
        const vf inv_wd = vf_div(one, wd);

        /* One exponential serves every regime: e^{-a t}, or e^{-r1 t} in overdamped lanes. */
        const vf w2 = vf_mul(w, w);
        const vf r1 = vf_div(w2, vf_add(a, wd));
        const vf e = ck_v_exp_neg(vf_fnma(vf_sel(over, r1, a), t, zero));

        /* Reduction: theta = n pi/2 + r (underdamped), -2 theta = n ln 2 + r (overdamped; >= -87.3 so 2^n stays
           normal, and e^{-87.3} next to 1 is nothing). Series lanes reduce theta < 1/2 to n = 0 and ignore it. */
        const vf xr = vf_sel(over, vf_max(vf_mul(theta, vf_set(-2.0f)), vf_set(-87.3f)),
                             vf_min(theta, vf_set(CK_V_FAST_REDUCTION_MAX)));
        const vf k = vf_sel(over, vf_set(1.44269504088896341f), vf_set(0.63661977236758134f)); /* 1/ln2, 2/pi */
        vf fn = vi_to_f(vf_round_i(vf_mul(xr, k)));
        vf r = vf_fma(fn, vf_sel(over, vf_set(-0.693359375f), vf_set(-1.5703125f)), xr);
        r = vf_fma(fn, vf_sel(over, vf_set(2.12194440e-4f), vf_set(-4.837512969970703125e-4f)), r);
        r = vf_fma(fn, vf_sel(over, vf_set(-1.6465718e-12f), vf_set(-7.5497901e-8f)), r);
        const vm far = vm_and(under, vf_gt(theta, vf_set(CK_V_FAST_REDUCTION_MAX)));
        if (vm_any(far)) {
            vi nd;
            const vf rd = vf_reduce_half_pi(vf_min(theta, vf_set(16777216.0f)), &nd);
            r = vf_sel(far, rd, r);
            fn = vf_sel(far, vi_to_f(nd), fn);
        }
        const vi n = vf_round_i(fn);

        /* q = +-theta^2 (series: the sign of zeta^2 - 1), -r^2 (underdamped), r^2 (overdamped). A series lane has
           theta < 1/2, reduced by pi/2 to n = 0 and r = theta exactly, so r serves it too. */
        const vf q0 = vf_mul(r, r);
        const vf q = vf_sel(neg, vf_sub(zero, q0), q0);
        vf cq = vf_set(1.0f / 40320.0f);
        cq = vf_fma(cq, q, vf_set(1.0f / 720.0f));
        cq = vf_fma(cq, q, vf_set(1.0f / 24.0f));
        cq = vf_fma(cq, q, half);
        cq = vf_fma(cq, q, one);
        vf sq = vf_set(1.0f / 362880.0f);
        sq = vf_fma(sq, q, vf_set(1.0f / 5040.0f));
        sq = vf_fma(sq, q, vf_set(1.0f / 120.0f));
        sq = vf_fma(sq, q, vf_set(1.0f / 6.0f));
        sq = vf_fma(sq, q, one);

        /* Underdamped: sin r = r Sq, cos r = Cq; quadrant n & 3 picks (sin, cos) = (sr, cr), (cr, -sr), (-sr, -cr),
           (-cr, sr). Overdamped: e2 = e^{-2 theta}, C = (1 + e2) / 2, S = (1 - e2) / 2. */
        const vf sr = vf_mul(r, sq);
        const vm swap = vi_bit(n, 1);
        const vm sneg = vi_bit(n, 2);
        const vm cneg = vm_xor(swap, sneg); /* bit 1 of n + 1 */
        const vf sv = vf_sel(swap, cq, sr);
        const vf cv = vf_sel(swap, sr, cq);
        const vf sn = vf_sel(sneg, vf_sub(zero, sv), sv);
        const vf cn = vf_sel(cneg, vf_sub(zero, cv), cv);
        const vf e2 = vf_mul(vf_add(cq, sr), vi_pow2(n));
        /* Series lanes have n = 0, so cn is already their cq. */
        const vf cc = vf_sel(over, vf_fma(e2, half, half), cn);
        const vf ss = vf_sel(under, sn, vf_sel(over, vf_fnma(e2, half, half), sq));
        const vf ec = vf_mul(e, cc);
        const vf es = vf_mul(vf_mul(e, vf_sel(series, t, inv_wd)), ss);

        const vf b = vf_fma(a, x0, v0);                /* v0 + a x0 */
        const vf c = vf_fma(w2, x0, vf_mul(a, v0)); /* omega0^2 x0 + a v0 */
        vf x = vf_fma(x0, ec, vf_mul(b, es));
        vf v = vf_fnma(c, es, vf_mul(v0, ec));
        if (!all_valid) {
            const vf nan = vf_set(__builtin_nanf(""));
            x = vf_sel(valid, x, nan);
            v = vf_sel(valid, v, nan);
        }
        vf_store(px + i, x);
        vf_store(pv + i, v);
    }
    return invalid;
}

/* MARK: - Propagation */

static void ck_lanes_propagate_shared(ck_propagator p, float *px, float *pv, size_t n) {
    const vf a = vf_set(p.a), b = vf_set(p.b), c = vf_set(p.c), d = vf_set(p.d);
    for (size_t i = 0; i < n; i += CK_V_WIDTH) {
        const vf x = vf_load(px + i), v = vf_load(pv + i);
        vf_store(px + i, vf_fma(a, x, vf_mul(b, v)));
        vf_store(pv + i, vf_fma(c, x, vf_mul(d, v)));
    }
}

static void ck_lanes_propagate_each(const ck_propagator *p, float *px, float *pv, size_t n) {
    for (size_t i = 0; i < n; i += CK_V_WIDTH) {
        vf a, b, c, d;
        vf_load_prop(p + i, &a, &b, &c, &d);
        const vf x = vf_load(px + i), v = vf_load(pv + i);
        vf_store(px + i, vf_fma(a, x, vf_mul(b, v)));
        vf_store(pv + i, vf_fma(c, x, vf_mul(d, v)));
    }
}

#endif
