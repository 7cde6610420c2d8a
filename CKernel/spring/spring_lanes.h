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
 *   vf_fma(a, b, c) = a * b + c (fused where the ISA has it)
 *   vf_lt vf_le vf_gt vf_ge -> vm (false for NaN)   vm_and vm_xor vm_andnot(a, b) = a & ~b
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

/* sin and cos of x >= 0. The quadrant reduction x = n pi/2 + r is done in double (vf_reduce_half_pi), so its
   only error is the float rounding of x itself: at omega0 t = 1e6 rad one float ulp is 1/16 rad, inside the
   contract's 1e-6 * omega0 * t, whereas a float reduction of n pi/2 loses more than that beyond n = 2^15. x is
   capped at 2^24 (beyond it a float carries no phase at all, and n still fits an int32). */
static inline void ck_v_sincos(vf x, vf *s, vf *c) {
    x = vf_min(x, vf_set(16777216.0f));
    vi n;
    const vf r = vf_reduce_half_pi(x, &n);
    const vf z = vf_mul(r, r);
    vf ps = vf_set(-1.9515295891e-4f);
    ps = vf_fma(ps, z, vf_set(8.3321608736e-3f));
    ps = vf_fma(ps, z, vf_set(-1.6666654611e-1f));
    const vf sr = vf_fma(vf_mul(ps, z), r, r);
    vf pc = vf_set(2.443315711809948e-5f);
    pc = vf_fma(pc, z, vf_set(-1.388731625493765e-3f));
    pc = vf_fma(pc, z, vf_set(4.166664568298827e-2f));
    const vf cr = vf_fma(vf_mul(pc, z), z, vf_fma(z, vf_set(-0.5f), vf_set(1.0f)));
    /* x = n pi/2 + r: quadrant n & 3 picks (sin, cos) = (sr, cr), (cr, -sr), (-sr, -cr), (-cr, sr). */
    const vm swap = vi_bit(n, 1);
    const vf sv = vf_sel(swap, cr, sr);
    const vf cv = vf_sel(swap, sr, cr);
    const vm sneg = vi_bit(n, 2);
    const vm cneg = vm_xor(swap, sneg); /* bit 1 of n + 1 */
    *s = vf_sel(sneg, vf_sub(vf_set(0.0f), sv), sv);
    *c = vf_sel(cneg, vf_sub(vf_set(0.0f), cv), cv);
}

/* MARK: - Closed form per lane
 *
 * x(t) = EC x0 + ES (v0 + a x0),  v(t) = EC v0 - ES (omega0^2 x0 + a v0),  a = zeta omega0,
 * with EC = e^{-a t} C(t), ES = e^{-a t} S(t), and for wd = omega0 sqrt|zeta^2 - 1|, theta = wd t:
 *   |theta| < 1/2 (any regime, critical included): C and S/t from their Taylor series in
 *       q = (zeta^2 - 1) (omega0 t)^2 = +-theta^2 (degree 4 in q, error < 3e-9 relative), so nothing
 *       cancels as zeta crosses 1 and nothing divides by wd;
 *   underdamped: C = cos theta, S = sin theta / wd;
 *   overdamped: e^{-a t} cosh and sinh never meet: with the slow rate r1 = a - wd = omega0^2 / (a + wd)
 *       (no cancellation for large zeta), EC = e^{-r1 t} (1 + e^{-2 theta}) / 2 and
 *       ES = e^{-r1 t} (1 - e^{-2 theta}) / (2 wd); theta >= 1/2 keeps 1 - e^{-2 theta} >= 0.63.
 * The three are computed branch-free and blended per lane; the sincos or second exp is skipped only
 * when no lane of the block needs it. */

/* The one lane-validity rule (comparisons are false for NaN, so NaN fails every test). */
static inline vm ck_v_lane_valid(vf w, vf z, vf x0, vf v0, vf t) {
    const vf fmax = vf_set(FLT_MAX);
    vm ok = vm_and(vf_gt(w, vf_set(0.0f)), vf_le(w, fmax));
    ok = vm_and(ok, vm_and(vf_ge(z, vf_set(0.0f)), vf_le(z, fmax)));
    ok = vm_and(ok, vm_and(vf_le(vf_abs(x0), fmax), vf_le(vf_abs(v0), fmax)));
    return vm_and(ok, vm_and(vf_ge(t, vf_set(0.0f)), vf_le(t, fmax)));
}

static size_t ck_lanes_eval(const float *omega0, const float *zeta, const float *px0, const float *pv0,
                            const float *pt, float *px, float *pv, size_t n) {
    size_t invalid = 0;
    const vf one = vf_set(1.0f), zero = vf_set(0.0f), half = vf_set(0.5f);
    for (size_t i = 0; i < n; i += CK_V_WIDTH) {
        vf w = vf_load(omega0 + i), z = vf_load(zeta + i), x0 = vf_load(px0 + i), v0 = vf_load(pv0 + i);
        vf t = vf_load(pt + i);
        const vm valid = ck_v_lane_valid(w, z, x0, v0, t);
        if (!vm_all(valid)) {
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
        const vf u = vf_mul(w, t);
        const vm series = vf_lt(theta, half);
        const vm over = vm_andnot(vf_gt(s2, zero), series);
        const vm under = vm_andnot(vf_lt(s2, zero), series);
        const vf inv_wd = vf_div(one, vf_sel(series, one, wd)); /* 1 / wd, shared by both non-series forms */

        /* One exponential serves every regime: e^{-a t}, or e^{-r1 t} in overdamped lanes. */
        const vf r1 = vf_div(vf_mul(w, w), vf_add(a, wd));
        const vf e = ck_v_exp_neg(vf_sub(zero, vf_mul(vf_sel(over, r1, a), t)));

        const vf q = vf_mul(vf_mul(s2, u), u);
        vf cs = vf_set(1.0f / 40320.0f);
        cs = vf_fma(cs, q, vf_set(1.0f / 720.0f));
        cs = vf_fma(cs, q, vf_set(1.0f / 24.0f));
        cs = vf_fma(cs, q, half);
        cs = vf_fma(cs, q, one);
        vf ss = vf_set(1.0f / 362880.0f);
        ss = vf_fma(ss, q, vf_set(1.0f / 5040.0f));
        ss = vf_fma(ss, q, vf_set(1.0f / 120.0f));
        ss = vf_fma(ss, q, vf_set(1.0f / 6.0f));
        ss = vf_fma(ss, q, one);
        vf ec = vf_mul(e, cs);
        vf es = vf_mul(vf_mul(e, t), ss);

        if (vm_any(under)) {
            vf sn, cn;
            ck_v_sincos(theta, &sn, &cn);
            ec = vf_sel(under, vf_mul(e, cn), ec);
            es = vf_sel(under, vf_mul(vf_mul(e, sn), inv_wd), es);
        }
        if (vm_any(over)) {
            const vf e2 = ck_v_exp_neg(vf_sub(zero, vf_add(theta, theta)));
            const vf he = vf_mul(e, half);
            ec = vf_sel(over, vf_mul(he, vf_add(one, e2)), ec);
            es = vf_sel(over, vf_mul(vf_mul(he, vf_sub(one, e2)), inv_wd), es);
        }

        const vf b = vf_fma(a, x0, v0);                /* v0 + a x0 */
        const vf c = vf_fma(vf_mul(w, w), x0, vf_mul(a, v0)); /* omega0^2 x0 + a v0 */
        vf x = vf_fma(x0, ec, vf_mul(b, es));
        vf v = vf_sub(vf_mul(v0, ec), vf_mul(c, es));
        const vf nan = vf_set(__builtin_nanf(""));
        x = vf_sel(valid, x, nan);
        v = vf_sel(valid, v, nan);
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
