/*
 * Prints the C bad-input table of docs/reliability.md from the kernels themselves: every public entry
 * point called with each kind of bad input, and the status it returns, next to what the contract
 * requires. Exits non-zero if a status differs from the contract's. Build and run:
 *   clang -std=c11 -fsanitize=address,undefined -ICKernel/include -ICKernel Fuzz/bad_inputs.c \
 *       $(find CKernel -name '*.c') -lm -o Fuzz/out/bad_inputs && Fuzz/out/bad_inputs
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CKernel.h"

static int mismatches;

static const char *name(ck_status s) {
    switch (s) {
    case CK_OK: return "CK_OK";
    case CK_ERR_NULL: return "CK_ERR_NULL";
    case CK_ERR_ARGUMENT: return "CK_ERR_ARGUMENT";
    case CK_ERR_SIZE: return "CK_ERR_SIZE";
    case CK_ERR_OVERLAP: return "CK_ERR_OVERLAP";
    case CK_ERR_NOMEM: return "CK_ERR_NOMEM";
    }
    return "?";
}

/* One table row: every call in the row must give the same status, the contract's. */
static void row(const char *fn, const char *input, ck_status want, int n, ...) {
    va_list ap;
    va_start(ap, n);
    ck_status got = va_arg(ap, ck_status);
    int mixed = 0;
    for (int i = 1; i < n; i++) mixed |= va_arg(ap, ck_status) != got;
    va_end(ap);
    if (mixed) {
        printf("| `%s` | %s | (differs between the calls) | **NO** |\n", fn, input);
        mismatches++;
        fprintf(stderr, "%s with %s: the calls disagree\n", fn, input);
        return;
    }
    printf("| `%s` | %s | %s | %s |\n", fn, input, name(got), got == want ? "yes" : "**NO**");
    if (got != want) {
        mismatches++;
        fprintf(stderr, "%s with %s: got %s, contract says %s\n", fn, input, name(got), name(want));
    }
}

int main(void) {
    const double nan = NAN, inf = INFINITY;
    ck_spring s = {10, 0.5}, out;
    double x, v, t;
    printf("| Entry point | Bad input | Status | As contract |\n|---|---|---|---|\n");

    row("ck_spring_make", "NULL out", CK_ERR_NULL, 1, ck_spring_make(1, 100, 10, NULL));
    row("ck_spring_make", "mass 0, -1, NaN, inf", CK_ERR_ARGUMENT, 4, ck_spring_make(0, 100, 10, &out),
        ck_spring_make(-1, 100, 10, &out),
        ck_spring_make(nan, 100, 10, &out),
        ck_spring_make(inf, 100, 10, &out));
    row("ck_spring_make", "stiffness 0, NaN", CK_ERR_ARGUMENT, 2, ck_spring_make(1, 0, 10, &out),
        ck_spring_make(1, nan, 10, &out));
    row("ck_spring_make", "damping -1e-300, inf", CK_ERR_ARGUMENT, 2, ck_spring_make(1, 100, -1e-300, &out),
        ck_spring_make(1, 100, inf, &out));
    row("ck_spring_from_response", "response 0, -1, NaN, inf", CK_ERR_ARGUMENT, 4, ck_spring_from_response(0, 1, &out),
        ck_spring_from_response(-1, 1, &out),
        ck_spring_from_response(nan, 1, &out),
        ck_spring_from_response(inf, 1, &out));
    row("ck_spring_from_response", "damping ratio -0.1, NaN", CK_ERR_ARGUMENT, 2, ck_spring_from_response(1, -0.1, &out),
        ck_spring_from_response(1, nan, &out));
    row("ck_spring_from_response", "response 1e-320 (omega0 overflows)", CK_ERR_ARGUMENT, 1, ck_spring_from_response(1e-320, 1, &out));
    row("ck_spring_from_duration", "bounce -1, 1.0000001, NaN", CK_ERR_ARGUMENT, 3, ck_spring_from_duration(1, -1, &out),
        ck_spring_from_duration(1, 1.0000001, &out),
        ck_spring_from_duration(1, nan, &out));
    row("ck_spring_from_duration", "duration 0, inf", CK_ERR_ARGUMENT, 2, ck_spring_from_duration(0, 0, &out),
        ck_spring_from_duration(inf, 0, &out));
    row("ck_spring_from_duration", "NULL out", CK_ERR_NULL, 1, ck_spring_from_duration(1, 0, NULL));
    row("ck_spring_eval", "NULL x", CK_ERR_NULL, 1, ck_spring_eval(s, 1, 0, 1, NULL, &v));
    row("ck_spring_eval", "omega0 0 / NaN, zeta -1 / inf", CK_ERR_ARGUMENT, 4, ck_spring_eval((ck_spring){0, 1}, 1, 0, 1, &x, &v),
        ck_spring_eval((ck_spring){nan, 1}, 1, 0, 1, &x, &v),
        ck_spring_eval((ck_spring){1, -1}, 1, 0, 1, &x, &v),
        ck_spring_eval((ck_spring){1, inf}, 1, 0, 1, &x, &v));
    row("ck_spring_eval", "x0 NaN, v0 inf", CK_ERR_ARGUMENT, 2, ck_spring_eval(s, nan, 0, 1, &x, &v),
        ck_spring_eval(s, 0, inf, 1, &x, &v));
    row("ck_spring_eval", "t -1, NaN, inf", CK_ERR_ARGUMENT, 3, ck_spring_eval(s, 1, 0, -1, &x, &v),
        ck_spring_eval(s, 1, 0, nan, &x, &v),
        ck_spring_eval(s, 1, 0, inf, &x, &v));
    row("ck_spring_settling_time", "NULL t", CK_ERR_NULL, 1, ck_spring_settling_time(s, 1, 0, 1e-3, NULL));
    row("ck_spring_settling_time", "epsilon 0, -1, NaN", CK_ERR_ARGUMENT, 3, ck_spring_settling_time(s, 1, 0, 0, &t),
        ck_spring_settling_time(s, 1, 0, -1, &t),
        ck_spring_settling_time(s, 1, 0, nan, &t));
    row("ck_spring_settling_time", "invalid spring, x0 inf", CK_ERR_ARGUMENT, 2, ck_spring_settling_time((ck_spring){-1, 1}, 1, 0, 1e-3, &t),
        ck_spring_settling_time(s, inf, 0, 1e-3, &t));
    ck_propagator p;
    row("ck_propagator_make", "NULL out", CK_ERR_NULL, 1, ck_propagator_make(s, 0.01, NULL));
    row("ck_propagator_make", "dt -0.01, NaN, inf; invalid spring", CK_ERR_ARGUMENT, 4, ck_propagator_make(s, -0.01, &p),
        ck_propagator_make(s, nan, &p),
        ck_propagator_make(s, inf, &p),
        ck_propagator_make((ck_spring){0, 1}, 0.01, &p));
    ck_propagator_make(s, 0.01, &p);
    float fx[3] = {1, 2, 3}, fv[3] = {0, 0, 0};
    row("ck_propagate_n", "NULL propagator / x / v (n 3)", CK_ERR_NULL, 3, ck_propagate_n(NULL, 1, fx, fv, 3),
        ck_propagate_n(&p, 1, NULL, fv, 3),
        ck_propagate_n(&p, 1, fx, NULL, 3));
    {
        ck_status st = ck_propagate_n(&p, 2, fx, fv, 3);
        printf("| `ck_propagate_n` | np 2 with n 3 (neither 1 nor n) | %s | %s |\n", name(st),
               st == CK_ERR_SIZE || st == CK_ERR_ARGUMENT ? "yes (contract names no status)" : "**NO**");
        if (st != CK_ERR_SIZE && st != CK_ERR_ARGUMENT) mismatches++;
    }
    float w[2] = {10, 10}, z[2] = {0.5f, 0.5f}, x0[2] = {1, 1}, v0[2] = {0, 0}, tt[2] = {0.1f, 0.1f}, ox[2], ov[2];
    row("ck_spring_eval_n", "any NULL array (n 2)", CK_ERR_NULL, 2, ck_spring_eval_n(NULL, z, x0, v0, tt, ox, ov, 2),
        ck_spring_eval_n(w, z, x0, v0, tt, ox, NULL, 2));
    w[1] = -1;
    ck_status st = ck_spring_eval_n(w, z, x0, v0, tt, ox, ov, 2);
    row("ck_spring_eval_n", "lane 1 omega0 -1 (lane 0 valid)", CK_ERR_ARGUMENT, 1, st);
    printf("| `ck_spring_eval_n` | ... lane results | lane 0 %s, lane 1 %s | %s |\n", isfinite(ox[0]) ? "finite" : "NOT finite",
           isnan(ox[1]) && isnan(ov[1]) ? "NaN" : "not NaN", isfinite(ox[0]) && isnan(ox[1]) ? "yes" : "**NO**");

    ck_bezier b;
    row("ck_bezier_init", "NULL curve", CK_ERR_NULL, 1, ck_bezier_init(NULL, 0.4, 0, 0.6, 1));
    row("ck_bezier_init", "x1 -0.1, x2 1.1", CK_ERR_ARGUMENT, 2, ck_bezier_init(&b, -0.1, 0, 0.6, 1),
        ck_bezier_init(&b, 0.4, 0, 1.1, 1));
    row("ck_bezier_init", "y1 NaN, y2 inf", CK_ERR_ARGUMENT, 2, ck_bezier_init(&b, 0.4, nan, 0.6, 1),
        ck_bezier_init(&b, 0.4, 0, 0.6, inf));
    ck_bezier_init(&b, 0.42, 0, 0.58, 1);
    printf("| `ck_bezier_value` / `_slope` | x NaN | value %s, slope %s | %s |\n", isnan(ck_bezier_value(&b, nan)) ? "NaN" : "not NaN",
           isnan(ck_bezier_slope(&b, nan)) ? "NaN" : "not NaN", isnan(ck_bezier_value(&b, nan)) ? "yes" : "**NO**");
    /* A gradient beyond the double range (issue #48): the extension near the ends stays finite. */
    ck_bezier steep;
    ck_bezier_init(&steep, 0.5, 1.7976931348623157e308, 0.5, 1.7976931348623157e308);
    const double after = ck_bezier_value(&steep, 1 + 0x1p-52), before = ck_bezier_value(&steep, -0x1p-52);
    printf("| `ck_bezier_value` | cubic-bezier(0.5, DBL_MAX, 0.5, DBL_MAX) at 1 + 2^-52, -2^-52 | %.3g, %.3g | %s |\n",
           after, before, isfinite(after) && isfinite(before) ? "yes" : "**NO**");
    if (!isfinite(after) || !isfinite(before)) mismatches++;
    float y[2];
    row("ck_bezier_value_n", "NULL curve / x / y (n 2)", CK_ERR_NULL, 3, ck_bezier_value_n(NULL, fx, y, 2),
        ck_bezier_value_n(&b, NULL, y, 2),
        ck_bezier_value_n(&b, fx, NULL, 2));

    enum { W = 8, H = 6 };
    uint8_t *a = calloc(4 * W * H * 2, 1);
    ck_image im = {a, W, H, 4 * W}, dst = {a + 4 * W * H, W, H, 4 * W};
    size_t need = ck_blur_scratch_size(W, H);
    void *scratch = malloc(need);
    ck_backdrop bd = {4, 1.2f, {0, 0, 0, 0}, 1};
    for (int k = 0; k < 3; k++) {
        const char *fn = k == 0 ? "ck_box_blur" : k == 1 ? "ck_gaussian_blur" : "ck_backdrop_apply";
#define CALL(S, D, SC, N) \
    (k == 0 ? ck_box_blur(S, D, 2, 2, SC, N) : k == 1 ? ck_gaussian_blur(S, D, 2, SC, N) : ck_backdrop_apply(S, D, &bd, SC, N))
        row(fn, "NULL src / dst", CK_ERR_NULL, 2, CALL(NULL, &dst, NULL, 0),
        CALL(&im, NULL, NULL, 0));
        ck_image nd = im;
        nd.data = NULL;
        row(fn, "NULL data (8x6)", CK_ERR_NULL, 1, CALL(&nd, &dst, NULL, 0));
        ck_image big = im;
        big.width = (1u << 20) + 1;
        big.stride = 4 * (size_t)big.width;
        ck_image bigd = big;
        row(fn, "width 2^20 + 1", CK_ERR_SIZE, 1, CALL(&big, &bigd, NULL, 0));
        ck_image thin = im, thind = dst;
        thin.stride = thind.stride = 4 * W - 1;
        row(fn, "stride 4 * width - 1", CK_ERR_SIZE, 1, CALL(&thin, &thind, NULL, 0));
        ck_image of = im, ofd = dst;
        of.stride = ofd.stride = SIZE_MAX / H + 1;
        row(fn, "stride * height overflows", CK_ERR_SIZE, 1, CALL(&of, &ofd, NULL, 0));
        ck_image other = dst;
        other.height = H - 1;
        row(fn, "dst height differs", CK_ERR_SIZE, 1, CALL(&im, &other, NULL, 0));
        row(fn, "scratch one byte short", CK_ERR_SIZE, 1, CALL(&im, &dst, scratch, need - 1));
        uint8_t *inside = malloc(need + 4 * W * H);
        ck_image held = {inside, W, H, 4 * W};
        row(fn, "scratch overlaps src / dst", CK_ERR_OVERLAP, 2, CALL(&held, &dst, inside + 4, need),
            CALL(&im, &held, inside + 4 * W * H - 1, need));
        free(inside);
        ck_image shifted = im;
        shifted.data = a + 4;
        row(fn, "dst = src + 1 pixel (overlap)", CK_ERR_OVERLAP, 1, CALL(&im, &shifted, NULL, 0));
        ck_image restride = im;
        restride.stride = 4 * W + 4;
        restride.height = H - 1;
        ck_image im5 = im;
        im5.height = H - 1;
        row(fn, "same data, other stride", CK_ERR_OVERLAP, 1, CALL(&im5, &restride, NULL, 0));
        ck_image empty = im, emptyd = dst;
        empty.width = emptyd.width = 0;
        row(fn, "width 0 (not an error)", CK_OK, 1, CALL(&empty, &emptyd, NULL, 0));
        row(fn, "in place (not an error)", CK_OK, 1, CALL(&im, &im, scratch, need));
#undef CALL
    }
    row("ck_box_blur", "radius_x 65536, radius_y 2^32 - 1", CK_ERR_ARGUMENT, 2, ck_box_blur(&im, &dst, 65536, 0, NULL, 0),
        ck_box_blur(&im, &dst, 0, UINT32_MAX, NULL, 0));
    row("ck_gaussian_blur", "sigma -1, NaN, inf, 2000.001", CK_ERR_ARGUMENT, 4, ck_gaussian_blur(&im, &dst, -1, NULL, 0),
        ck_gaussian_blur(&im, &dst, NAN, NULL, 0),
        ck_gaussian_blur(&im, &dst, INFINITY, NULL, 0),
        ck_gaussian_blur(&im, &dst, 2000.001f, NULL, 0));
    row("ck_backdrop_apply", "NULL params", CK_ERR_NULL, 1, ck_backdrop_apply(&im, &dst, NULL, NULL, 0));
    ck_backdrop bad[4] = {{-1, 1, {0}, 1}, {NAN, 1, {0}, 1}, {4, NAN, {0}, 1}, {4, 1, {0}, 3}};
    row("ck_backdrop_apply", "sigma -1 / NaN, saturation NaN, downsample 3", CK_ERR_ARGUMENT, 4, ck_backdrop_apply(&im, &dst, &bad[0], NULL, 0),
        ck_backdrop_apply(&im, &dst, &bad[1], NULL, 0),
        ck_backdrop_apply(&im, &dst, &bad[2], NULL, 0),
        ck_backdrop_apply(&im, &dst, &bad[3], NULL, 0));
    ck_backdrop above[3] = {{2000.001f, 1, {0}, 1}, {2500, 1, {0}, 0}, {INFINITY, 1, {0}, 4}};
    row("ck_backdrop_apply", "sigma 2000.001, 2500, inf (above CK_MAX_SIGMA)", CK_ERR_ARGUMENT, 3,
        ck_backdrop_apply(&im, &dst, &above[0], NULL, 0), ck_backdrop_apply(&im, &dst, &above[1], NULL, 0),
        ck_backdrop_apply(&im, &dst, &above[2], NULL, 0));
    ck_backdrop open[3] = {{4, -1, {0}, 1}, {4, 1e6f, {0}, 1}, {4, 1, {200, 0, 0, 100}, 1}};
    const char *open_names[3] = {"saturation -1", "saturation 1e6", "tint colour > alpha"};
    for (int k = 0; k < 3; k++)
        printf("| `ck_backdrop_apply` | %s (contract gives no range) | %s | open |\n", open_names[k],
               name(ck_backdrop_apply(&im, &dst, &open[k], NULL, 0)));
    {
        /* ck_backdrop_reduce on its own small images. */
        uint8_t src_px[16 * 4] = {0}, small_px[4 * 4 * 4] = {0};
        ck_image s4 = {src_px, 4, 4, 16}, r4 = {small_px, 4, 4, 16}, wrong = {small_px, 3, 4, 16};
        ck_image aliased = {src_px, 4, 4, 16};
        row("ck_backdrop_reduce", "NULL src or small", CK_ERR_NULL, 2, ck_backdrop_reduce(NULL, &r4, 2),
            ck_backdrop_reduce(&s4, NULL, 2));
        row("ck_backdrop_reduce", "factor 0, 3, 16", CK_ERR_ARGUMENT, 3, ck_backdrop_reduce(&s4, &r4, 0),
            ck_backdrop_reduce(&s4, &r4, 3), ck_backdrop_reduce(&s4, &r4, 16));
        row("ck_backdrop_reduce", "small not ceil(size / factor) + 2", CK_ERR_SIZE, 1, ck_backdrop_reduce(&s4, &wrong, 2));
        row("ck_backdrop_reduce", "small sharing bytes with src", CK_ERR_OVERLAP, 1, ck_backdrop_reduce(&s4, &aliased, 2));
        row("ck_backdrop_reduce", "4 x 4 by 2", CK_OK, 1, ck_backdrop_reduce(&s4, &r4, 2));
    }
    free(scratch);
    free(a);
    fprintf(stderr, "%d mismatch(es) with the contract\n", mismatches);
    return mismatches != 0;
}
