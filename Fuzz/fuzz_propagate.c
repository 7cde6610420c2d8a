/*
 * Fuzzes the float batch spring entry points: ck_propagate_n and ck_spring_eval_n.
 *
 * Lane counts up to 67 cover every SIMD width's main loop and tail. For every input: the status is one
 * the contract allows; ck_propagate_n gives a x + b v, c x + d v within float rounding of the products
 * on every ISA; ck_spring_eval_n puts NaN in exactly the invalid lanes, returns CK_ERR_ARGUMENT iff
 * there is one, gives finite valid lanes, and every ISA stays within the contract's float bound of
 * the double closed form (ck_spring_eval) and within twice that bound of scalar.
 */
#include "fuzz_common.h"

#define MAX_LANES 67
/* Float results below 2^-126 are subnormal: each rounding there costs up to 2^-150 absolute, which the
   relative bound (1e-6 * S) cannot cover when S itself is tiny. A few such roundings are allowed. */
#define SUBNORMAL_SLACK (16 * 0x1p-149)

/* A lane parameter: mostly in range (non-negative when `positive`), sometimes anything at all. */
static float lane_value(fuzz_input *in, double scale, int positive) {
    float v = fuzz_float(in, scale);
    uint8_t keep = fuzz_u8(in);
    if (positive && (keep & 7) != 0) v = fabsf(v);
    return v;
}

/* MARK: - ck_propagate_n */

static void check_propagate(fuzz_input *in, const ck_isa *isas, int nisa) {
    uint8_t shape = fuzz_u8(in);
    size_t n = fuzz_below(in, MAX_LANES + 1);
    size_t np = (shape & 3) == 0 ? n : (shape & 3) == 1 ? 1 : fuzz_below(in, MAX_LANES + 1); /* last: mismatch */
    int null_p = (shape & 0x70) == 0x10, null_x = (shape & 0x70) == 0x20, null_v = (shape & 0x70) == 0x30;

    ck_propagator p[MAX_LANES + 1];
    float x0[MAX_LANES + 1], v0[MAX_LANES + 1];
    int finite = 1;
    for (size_t i = 0; i < np; i++) {
        p[i] = (ck_propagator){fuzz_float(in, 1), fuzz_float(in, 0.1), fuzz_float(in, 100), fuzz_float(in, 1)};
        finite &= isfinite(p[i].a) && isfinite(p[i].b) && isfinite(p[i].c) && isfinite(p[i].d);
    }
    for (size_t i = 0; i < n; i++) {
        x0[i] = fuzz_float(in, 1);
        v0[i] = fuzz_float(in, 10);
        finite &= isfinite(x0[i]) && isfinite(v0[i]);
    }

    fuzz_status_set errors = 0;
    if (n > 0 && (null_p || null_x || null_v)) errors |= FS(CK_ERR_NULL);
    if (np != 1 && np != n && n > 0) errors |= FS(CK_ERR_SIZE) | FS(CK_ERR_ARGUMENT); /* contract names neither */
    fuzz_status_set allowed = fuzz_expect(errors);
    /* n == 0: nothing to do, so success is fine; so is rejecting a NULL or an np that is neither 1 nor n. */
    if (n == 0) allowed |= FS(CK_OK) | (null_p || null_x || null_v ? FS(CK_ERR_NULL) : 0) |
                           (np > 1 ? FS(CK_ERR_SIZE) | FS(CK_ERR_ARGUMENT) : 0);
    /* The contract does not say whether propagate validates its numbers: a NaN may be rejected. */
    if (!errors && !finite) allowed |= FS(CK_ERR_ARGUMENT);

    for (int k = 0; k < nisa; k++) {
        fuzz_use(isas[k]);
        float x[MAX_LANES + 1], v[MAX_LANES + 1];
        memcpy(x, x0, sizeof x);
        memcpy(v, v0, sizeof v);
        ck_status st = ck_propagate_n(null_p ? NULL : p, np, null_x ? NULL : x, null_v ? NULL : v, n);
        FUZZ_CHECK_STATUS(allowed, st, "ck_propagate_n");
        if (st != CK_OK) {
            FUZZ_CHECK(memcmp(x, x0, n * sizeof *x) == 0 && memcmp(v, v0, n * sizeof *v) == 0,
                       "ck_propagate_n failed (%s) but changed the state", fuzz_status_name(st));
            continue;
        }
        for (size_t i = 0; i < n; i++) {
            const ck_propagator *q = &p[np == 1 ? 0 : i];
            double ax = (double)q->a * x0[i], bv = (double)q->b * v0[i];
            double cx = (double)q->c * x0[i], dv = (double)q->d * v0[i];
            double ex = ax + bv, ev = cx + dv;
            /* Float evaluation (with or without FMA): at most ~2 roundings of the larger product. */
            double tx = 0x1p-22 * (fabs(ax) + fabs(bv)) + 0x1p-148, tv = 0x1p-22 * (fabs(cx) + fabs(dv)) + 0x1p-148;
            if (fabs(ex) < 3e38 && fabs(ax) + fabs(bv) < 3e38 && isfinite(ex))
                FUZZ_CHECK(fabs(x[i] - ex) <= tx, "isa %d lane %zu/%zu: x %a, expected %a (a %a b %a x %a v %a)",
                           (int)isas[k], i, n, x[i], ex, q->a, q->b, x0[i], v0[i]);
            if (fabs(ev) < 3e38 && fabs(cx) + fabs(dv) < 3e38 && isfinite(ev))
                FUZZ_CHECK(fabs(v[i] - ev) <= tv, "isa %d lane %zu/%zu: v %a, expected %a (c %a d %a x %a v %a)",
                           (int)isas[k], i, n, v[i], ev, q->c, q->d, x0[i], v0[i]);
        }
    }
}

/* MARK: - ck_spring_eval_n */

static int lane_valid(float w, float z, float x0, float v0, float t) {
    return isfinite(w) && w > 0 && isfinite(z) && z >= 0 && isfinite(x0) && isfinite(v0) && isfinite(t) && t >= 0;
}

/* Inside the contract's accuracy domain, with amplitudes small enough that float cannot overflow. */
static int lane_checkable(float w, float z, float x0, float v0, float t) {
    return w >= 1e-2f && w <= 1e4f && z <= 1e3f && t <= 1e3f && fabsf(x0) <= 1e20f && fabsf(v0) <= 1e20f;
}

static void check_eval_n(fuzz_input *in, const ck_isa *isas, int nisa) {
    uint8_t shape = fuzz_u8(in);
    size_t n = fuzz_below(in, MAX_LANES + 1);
    int null_which = (shape & 0xF0) == 0xF0 ? 1 + (int)(shape & 7) % 7 : 0; /* 1..7: that array is NULL */
    float w[MAX_LANES], z[MAX_LANES], x0[MAX_LANES], v0[MAX_LANES], t[MAX_LANES];
    size_t invalid = 0;
    for (size_t i = 0; i < n; i++) {
        w[i] = lane_value(in, 100, 1);
        z[i] = lane_value(in, 2, 1);
        x0[i] = lane_value(in, 1, 0);
        v0[i] = lane_value(in, 10, 0);
        t[i] = lane_value(in, 2, 1);
        invalid += !lane_valid(w[i], z[i], x0[i], v0[i], t[i]);
    }
    fuzz_status_set errors = 0;
    if (null_which && n > 0) errors |= FS(CK_ERR_NULL);
    if (invalid) errors |= FS(CK_ERR_ARGUMENT);
    fuzz_status_set allowed = fuzz_expect(errors);
    if (null_which && n == 0) allowed |= FS(CK_ERR_NULL);

    float xs[MAX_LANES], vs[MAX_LANES];
    for (int k = 0; k < nisa; k++) {
        fuzz_use(isas[k]);
        float x[MAX_LANES], v[MAX_LANES];
        for (size_t i = 0; i < MAX_LANES; i++) x[i] = v[i] = -12345.0f;
        const float *args[5] = {w, z, x0, v0, t};
        if (null_which >= 1 && null_which <= 5) args[null_which - 1] = NULL;
        ck_status st = ck_spring_eval_n(args[0], args[1], args[2], args[3], args[4], null_which == 6 ? NULL : x,
                                        null_which == 7 ? NULL : v, n);
        if (!fuzz_allowed(allowed, st))
            for (size_t i = 0; i < n; i++)
                if (!lane_valid(w[i], z[i], x0[i], v0[i], t[i]))
                    fprintf(stderr, "invalid lane %zu of %zu: w %a z %a x0 %a v0 %a t %a -> x %a v %a\n", i, n, w[i],
                            z[i], x0[i], v0[i], t[i], x[i], v[i]);
        FUZZ_CHECK_STATUS(allowed, st, "ck_spring_eval_n");
        for (size_t i = n; i < MAX_LANES; i++)
            FUZZ_CHECK(x[i] == -12345.0f && v[i] == -12345.0f, "eval_n wrote lane %zu beyond n %zu", i, n);
        if (null_which) continue;
        for (size_t i = 0; i < n; i++) {
            int valid = lane_valid(w[i], z[i], x0[i], v0[i], t[i]);
            if (!valid) {
                FUZZ_CHECK(isnan(x[i]) && isnan(v[i]), "isa %d invalid lane %zu (w %a z %a x0 %a v0 %a t %a) gave %a %a",
                           (int)isas[k], i, w[i], z[i], x0[i], v0[i], t[i], x[i], v[i]);
                continue;
            }
            if (lane_checkable(w[i], z[i], x0[i], v0[i], t[i]))
                FUZZ_CHECK(isfinite(x[i]) && isfinite(v[i]), "isa %d lane %zu (w %a z %a x0 %a v0 %a t %a) gave %a %a",
                           (int)isas[k], i, w[i], z[i], x0[i], v0[i], t[i], x[i], v[i]);
            if (k == 0) continue;
            if (!lane_checkable(w[i], z[i], x0[i], v0[i], t[i])) continue;
            double S = fabsf(x0[i]) + fabsf(v0[i]) / (double)w[i];
            double Sv = fabsf(v0[i]) + 2 * fmax(1, z[i]) * (double)w[i] * fabsf(x0[i]);
            double g = 1e-6 * (4 + (double)w[i] * t[i]);
            FUZZ_CHECK(fabs((double)x[i] - xs[i]) <= 2 * g * S + SUBNORMAL_SLACK &&
                           fabs((double)v[i] - vs[i]) <= 2 * g * Sv + SUBNORMAL_SLACK,
                       "isa %d lane %zu: (%a, %a) vs scalar (%a, %a); w %a z %a x0 %a v0 %a t %a", (int)isas[k], i,
                       x[i], v[i], xs[i], vs[i], w[i], z[i], x0[i], v0[i], t[i]);
        }
        if (k == 0) {
            memcpy(xs, x, sizeof xs);
            memcpy(vs, v, sizeof vs);
        }
    }
    fuzz_use(CK_ISA_SCALAR);
    if (null_which) return;
    /* Scalar against the double closed form: the float bound plus the double one. */
    for (size_t i = 0; i < n; i++) {
        if (!lane_valid(w[i], z[i], x0[i], v0[i], t[i]) || !lane_checkable(w[i], z[i], x0[i], v0[i], t[i])) continue;
        double xe, ve;
        ck_status st = ck_spring_eval((ck_spring){w[i], z[i]}, x0[i], v0[i], t[i], &xe, &ve);
        FUZZ_CHECK(st == CK_OK, "ck_spring_eval rejected a lane eval_n accepted: %s", fuzz_status_name(st));
        double S = fabsf(x0[i]) + fabsf(v0[i]) / (double)w[i];
        double Sv = fabsf(v0[i]) + 2 * fmax(1, z[i]) * (double)w[i] * fabsf(x0[i]);
        double g = 1e-6 * (4 + (double)w[i] * t[i]) + 1e-12 + 4e-16 * (double)w[i] * t[i];
        FUZZ_CHECK(fabs(xs[i] - xe) <= g * S + SUBNORMAL_SLACK && fabs(vs[i] - ve) <= g * Sv + SUBNORMAL_SLACK,
                   "lane %zu: float (%a, %a) vs double (%a, %a), tol x %a v %a; w %a z %a x0 %a v0 %a t %a", i, xs[i],
                   vs[i], xe, ve, g * S, g * Sv, w[i], z[i], x0[i], v0[i], t[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    if (fuzz_bool(&in))
        check_propagate(&in, isas, nisa);
    else
        check_eval_n(&in, isas, nisa);
    ck_isa_set(ck_isa_best());
    return 0;
}
