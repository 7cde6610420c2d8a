/* The gaussian's continuity in sigma across every route it takes (full resolution, each level of the reduced pyramid,
   the direct filter or boxes, back to full resolution where the image is small): every step of 0.1 changes each
   byte by at most 3 levels more than the exact float gaussian (replicated edges) changes it over the same step. The
   sweep covers sigma 0.5 to 12 in steps of 0.1 and pairs (sigma, sigma + 0.1) beyond, on several textures and sizes.
   The bound is checked on the scalar results, and every SIMD path this machine runs must give the same bytes at every
   sigma of the sweep, so it holds on all of them. The exact change is computed only where a byte moves by more than 3
   levels. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "selftest.h"
#include "test_image.h"

/* The textured images continue one sequence of test_image.h's PRNG, from this state. */
static uint64_t sweep_rng = 0x9e3779b97f4a7c15ull;

/* Gradients plus noise, alpha varying, colour <= alpha (test_image.h), rows tight. */
static void fill_textured(uint8_t *d, uint32_t w, uint32_t h) { test_image_textured(d, w, h, (size_t)w * 4, &sweep_rng); }

/* A screen of UI: an opaque light background, translucent coloured bands (bars and cards at alpha 0.6) with hard
   edges, and rows of dark one- and two-pixel strokes (text). */
static void fill_ui(uint8_t *d, uint32_t w, uint32_t h) {
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = d + ((size_t)y * w + x) * 4;
            const uint32_t band = y % 60;
            uint32_t r = 245, g = 245, b = 247, a = 255;
            if (band >= 12 && band < 36) { /* a translucent bar: blue at alpha 153, premultiplied */
                a = 153;
                r = 0;
                g = 122 * a / 255;
                b = a;
            }
            if (band >= 40 && band < 48 && x % 7 < 1 + (y / 60) % 2) { /* text strokes */
                r = g = b = 20;
                a = 255;
            }
            p[0] = (uint8_t)r;
            p[1] = (uint8_t)g;
            p[2] = (uint8_t)b;
            p[3] = (uint8_t)a;
        }
}

static uint32_t clampu(int64_t v, uint32_t n) { return v < 0 ? 0 : (v >= n ? n - 1 : (uint32_t)v); }

/* The exact float gaussian of byte (x, y, c) with edges replicated, truncated at 6 sigma + 1. */
static double exact_at(const uint8_t *src, uint32_t w, uint32_t h, double sigma, uint32_t x, uint32_t y, int c) {
    const int r = (int)ceil(6 * sigma) + 1;
    double total = 0, weights = 0;
    for (int j = -r; j <= r; j++) {
        const double ky = exp(-0.5 * j * j / (sigma * sigma));
        const uint8_t *row = src + (size_t)clampu((int64_t)y + j, h) * w * 4;
        double s = 0, kx_total = 0;
        for (int i = -r; i <= r; i++) {
            const double kx = exp(-0.5 * i * i / (sigma * sigma));
            s += kx * row[clampu((int64_t)x + i, w) * 4 + c];
            kx_total += kx;
        }
        total += ky * s / kx_total;
        weights += ky;
    }
    return total / weights;
}

typedef struct {
    double excess; /* most levels a byte moved past the exact gaussian's own change */
    double sigma;  /* the step's start */
    uint32_t x, y;
    int c, moved;
    double exact;
} sweep_worst;

/* One step from `a` (output `before`) to `b` (output `after`): records the worst excess and checks the bound. */
static void check_step(const uint8_t *src, const uint8_t *before, const uint8_t *after, uint32_t w, uint32_t h,
                       double a, double b, const char *what, sweep_worst *worst) {
    const size_t n = (size_t)w * h * 4;
    int changed = 0;
    for (size_t j = 0; j < n; j++) {
        const int moved = abs(after[j] - before[j]);
        changed |= moved;
        if (moved <= 3) continue;
        const uint32_t x = (uint32_t)(j / 4 % w), y = (uint32_t)(j / 4 / w);
        const int c = (int)(j % 4);
        const double exact = fabs(exact_at(src, w, h, b, x, y, c) - exact_at(src, w, h, a, x, y, c));
        const double excess = moved - exact;
        if (excess > worst->excess) *worst = (sweep_worst){excess, a, x, y, c, moved, exact};
        CHECK(excess <= 3, "%s %ux%u sigma %.1f -> %.1f: byte (%u, %u, %d) moves %d levels, the exact gaussian %.2f",
              what, w, h, a, b, x, y, c, moved, exact);
    }
    CHECK(changed > 0, "%s %ux%u sigma %.1f -> %.1f changes nothing", what, w, h, a, b);
}

static ck_isa simd[3];
static int nsimd;

/* The scalar result at sigma, after checking that every SIMD path gives the same bytes (tmp: scratch image). */
static void blur(const uint8_t *src, uint8_t *dst, uint8_t *tmp, uint32_t w, uint32_t h, double sigma) {
    ck_image s = {(void *)src, w, h, (size_t)w * 4}, d = {dst, w, h, (size_t)w * 4}, t = {tmp, w, h, (size_t)w * 4};
    ck_isa_set(CK_ISA_SCALAR);
    CHECK(ck_gaussian_blur(&s, &d, (float)sigma, NULL, 0) == CK_OK, "gaussian %ux%u sigma %g", w, h, sigma);
    for (int i = 0; i < nsimd; i++) {
        ck_isa_set(simd[i]);
        CHECK(ck_gaussian_blur(&s, &t, (float)sigma, NULL, 0) == CK_OK, "gaussian %ux%u sigma %g", w, h, sigma);
        CHECK(memcmp(dst, tmp, (size_t)w * h * 4) == 0, "gaussian %ux%u sigma %g: ISA %d differs from scalar", w, h,
              sigma, (int)simd[i]);
    }
}

/* Sigma 0.5 to 12 in steps of 0.1, then the pairs in `beyond`. */
static sweep_worst sweep(const uint8_t *src, uint32_t w, uint32_t h, const char *what) {
    static const double beyond[] = {12.2, 12.3, 14, 16, 16.9, 17.0, 17.2, 20, 24.9, 25, 25.1, 32, 33.9, 34.0, 34.3,
                                    37.4, 37.5, 40, 48, 56, 63.9};
    const size_t n = (size_t)w * h * 4;
    uint8_t *before = malloc(n), *after = malloc(n), *tmp = malloc(n);
    sweep_worst worst = {-1e9, 0, 0, 0, 0, 0, 0};
    blur(src, before, tmp, w, h, 0.5);
    for (int i = 1; 0.5 + 0.1 * i <= 12 + 1e-9; i++) {
        const double a = 0.5 + 0.1 * (i - 1), b = 0.5 + 0.1 * i;
        blur(src, after, tmp, w, h, b);
        check_step(src, before, after, w, h, a, b, what, &worst);
        uint8_t *t = before;
        before = after;
        after = t;
    }
    for (size_t i = 0; i < sizeof beyond / sizeof beyond[0]; i++) {
        blur(src, before, tmp, w, h, beyond[i]);
        blur(src, after, tmp, w, h, beyond[i] + 0.1);
        check_step(src, before, after, w, h, beyond[i], beyond[i] + 0.1, what, &worst);
    }
    free(before);
    free(after);
    free(tmp);
    return worst;
}

void selftest_blur_sweep(void) {
    static const struct {
        uint32_t w, h;
        int ui;
    } images[] = {{360, 300, 1}, {300, 200, 0}, {96, 100, 0}, {48, 48, 1}, {300, 20, 0}};
    nsimd = selftest_simd_isas(simd);
    const ck_isa previous = ck_isa_active();
    for (size_t i = 0; i < sizeof images / sizeof images[0]; i++) {
        const uint32_t w = images[i].w, h = images[i].h;
        uint8_t *src = malloc((size_t)w * h * 4);
        if (images[i].ui) fill_ui(src, w, h);
        else fill_textured(src, w, h);
        const char *what = images[i].ui ? "UI" : "textured";
        const sweep_worst worst = sweep(src, w, h, what);
        printf("  gaussian sweep %s %ux%u (every ISA the same bytes): at most %+.2f levels past the exact gaussian's "
               "change",
               what, w, h, worst.excess > 0 ? worst.excess : 0.0);
        if (worst.excess > 0)
            printf(" (sigma %.1f -> %.1f, byte (%u, %u, %d): %d vs %.2f)", worst.sigma, worst.sigma + 0.1, worst.x,
                   worst.y, worst.c, worst.moved, worst.exact);
        printf("\n");
        free(src);
    }
    ck_isa_set(previous);
}
