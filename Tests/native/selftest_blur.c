/* Native checks of the blur family: exact box blur against a naive sum, gaussian accuracy against a float
   gaussian with replicated edges, backdrop invariants, and every SIMD path bit-identical to scalar. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "selftest.h"
#include "test_image.h"

/* The PRNG state of test_image.h for the whole file: images continue one sequence (the seeded continuity cases
   restore it). */
static uint64_t rng_state = 0x1234567u;

/* A premultiplied image with texture: gradients plus noise, alpha varying, colour <= alpha (test_image.h). */
static void fill(uint8_t *d, uint32_t w, uint32_t h, size_t stride) { test_image_textured(d, w, h, stride, &rng_state); }

static int image_equal(const uint8_t *a, const uint8_t *b, uint32_t w, uint32_t h, size_t stride) {
    for (uint32_t y = 0; y < h; y++)
        if (memcmp(a + y * stride, b + y * stride, w * 4) != 0) return 0;
    return 1;
}

static uint32_t clampi(int64_t v, uint32_t n) { return v < 0 ? 0 : (v >= n ? n - 1 : (uint32_t)v); }

/* Opaque vertical stripes, each channel 0 or 255 in runs of 3 + c pixels: the largest column sums next to empty
   ones, so the box's window differences reach +-255 (2 ry + 1) (the 16-bit column sums' bound at ry = 63). */
static void fill_stripes(uint8_t *d, uint32_t w, uint32_t h, size_t stride) {
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = d + y * stride + x * 4;
            for (uint32_t c = 0; c < 3; c++) p[c] = (x / (3 + c)) % 2 ? 255 : 0;
            p[3] = 255;
        }
}

/* Opaque one-pixel checkerboard, each colour channel 0 or 255 and the channels out of phase: every pixel differs from
   each of its four neighbours by 255 in every colour channel. */
static void fill_checkerboard(uint8_t *d, uint32_t w, uint32_t h, size_t stride) {
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = d + y * stride + x * 4;
            for (uint32_t c = 0; c < 3; c++) p[c] = (x + y + c) % 2 ? 255 : 0;
            p[3] = 255;
        }
}

static void check_box_exact_filled(uint32_t w, uint32_t h, uint32_t rx, uint32_t ry,
                                   void (*filler)(uint8_t *, uint32_t, uint32_t, size_t)) {
    const size_t stride = w * 4 + 12;
    uint8_t *src = malloc(stride * h), *dst = malloc(stride * h);
    filler(src, w, h, stride);
    ck_image s = {src, w, h, stride}, d = {dst, w, h, stride};
    CHECK(ck_box_blur(&s, &d, rx, ry, NULL, 0) == CK_OK, "box %ux%u r %u %u", w, h, rx, ry);
    const uint64_t n = (2ull * rx + 1) * (2ull * ry + 1);
    int bad = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                uint64_t sum = 0;
                /* rows: weight per source row = number of window rows that clamp to it */
                for (uint32_t sy = 0; sy < h; sy++) {
                    int64_t lo = (int64_t)y - ry, hi = (int64_t)y + ry;
                    int64_t wy;
                    if (sy == 0 && sy == h - 1) wy = hi - lo + 1;
                    else if (sy == 0) wy = (0 > hi ? hi : 0) - lo + 1;
                    else if (sy == h - 1) wy = hi - ((int64_t)sy < lo ? lo : (int64_t)sy) + 1;
                    else wy = (lo <= (int64_t)sy && (int64_t)sy <= hi) ? 1 : 0;
                    if (wy <= 0) continue;
                    for (uint32_t sx = 0; sx < w; sx++) {
                        int64_t lx = (int64_t)x - rx, hx = (int64_t)x + rx, wx;
                        if (sx == 0 && sx == w - 1) wx = hx - lx + 1;
                        else if (sx == 0) wx = (0 > hx ? hx : 0) - lx + 1;
                        else if (sx == w - 1) wx = hx - ((int64_t)sx < lx ? lx : (int64_t)sx) + 1;
                        else wx = (lx <= (int64_t)sx && (int64_t)sx <= hx) ? 1 : 0;
                        if (wx <= 0) continue;
                        sum += (uint64_t)wy * (uint64_t)wx * src[sy * stride + sx * 4 + c];
                    }
                }
                const uint64_t want = (sum + n / 2) / n;
                if (dst[y * stride + x * 4 + c] != want) bad++;
            }
    CHECK(bad == 0, "box %ux%u r %u %u: %d wrong bytes", w, h, rx, ry, bad);
    free(src);
    free(dst);
}

static void check_box_exact(uint32_t w, uint32_t h, uint32_t rx, uint32_t ry) {
    check_box_exact_filled(w, h, rx, ry, fill);
}

/* Sampled, normalised float gaussian with replicated edges, separable, in double. */
static void gauss_ref(const uint8_t *src, double *out, uint32_t w, uint32_t h, size_t stride, double sigma) {
    const int R = (int)ceil(6 * sigma) + 1;
    double *k = malloc(sizeof(double) * (2 * R + 1)), *tmp = malloc(sizeof(double) * w * h * 4), t = 0;
    for (int i = -R; i <= R; i++) t += k[i + R] = exp(-0.5 * i * i / (sigma * sigma));
    for (int i = 0; i <= 2 * R; i++) k[i] /= t;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                double s = 0;
                for (int i = -R; i <= R; i++) s += k[i + R] * src[clampi((int64_t)y + i, h) * stride + x * 4 + c];
                tmp[(y * w + x) * 4 + c] = s;
            }
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                double s = 0;
                for (int i = -R; i <= R; i++) s += k[i + R] * tmp[(y * w + clampi((int64_t)x + i, w)) * 4 + c];
                out[(y * w + x) * 4 + c] = s;
            }
    free(k);
    free(tmp);
}

static double psnr_ref(const uint8_t *img, const double *ref, uint32_t w, uint32_t h, size_t stride) {
    double se = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w * 4; x++) {
            const double d = img[y * stride + x] - ref[y * w * 4 + x];
            se += d * d;
        }
    return 10 * log10(255.0 * 255.0 / (se / (w * h * 4.0)));
}

/* PSNR against the float gaussian at the given sigmas; widths and heights that are not multiples of 4 end in
   partial tiles of the gaussian's intermediate (and partial row bands), which every ISA shares, so only an
   accuracy check can catch a mistake there. */
static void check_gauss_quality(uint32_t w, uint32_t h, size_t extra, const double *sigmas, size_t count) {
    const size_t stride = w * 4 + extra;
    uint8_t *src = malloc(stride * h), *dst = malloc(stride * h);
    double *ref = malloc(sizeof(double) * w * h * 4);
    fill(src, w, h, stride);
    for (size_t i = 0; i < count; i++) {
        ck_image s = {src, w, h, stride}, d = {dst, w, h, stride};
        CHECK(ck_gaussian_blur(&s, &d, (float)sigmas[i], NULL, 0) == CK_OK, "gaussian %g", sigmas[i]);
        gauss_ref(src, ref, w, h, stride, sigmas[i]);
        const double p = psnr_ref(dst, ref, w, h, stride);
        CHECK(p >= 50.0, "gaussian %ux%u sigma %g: PSNR %.2f dB < 50", w, h, sigmas[i], p);
        printf("  gaussian %ux%u sigma %5.1f: %.2f dB\n", w, h, sigmas[i], p);
    }
    free(src);
    free(dst);
    free(ref);
}

/* The backdrop with saturation 1 and no tint: only its blur. */
static ck_status identity_backdrop(const ck_image *s, ck_image *d, float sigma, uint32_t downsample, void *scratch,
                                   size_t size) {
    const ck_backdrop identity = {sigma, 1.0f, {0, 0, 0, 0}, downsample};
    return ck_backdrop_apply(s, d, &identity, scratch, size);
}

/* The full-resolution gaussian whatever sigma and size: the identity backdrop at downsample 1 (the same bytes as
   ck_gaussian_blur wherever that runs the same full-resolution filter: check_full_resolution_route). */
static ck_status full_resolution_gaussian(const ck_image *s, ck_image *d, float sigma, void *scratch, size_t size) {
    return identity_backdrop(s, d, sigma, 1, scratch, size);
}

/* Which full-resolution filter runs (see fir_sigma_until in blur_route.c): the direct filter below sigma 1.2, and up
   to the reduced image where a route reduces from sigma 3 or below (the gaussian on an image whose shorter side is at
   least 40, from 1.5; the backdrop at downsample 0, from 2); boxes where the route stays at full resolution past 3
   (the backdrop at downsample 1, images too small to reduce). Each direct filter takes the taps that leave 0.25 % of
   the weight out (ck_blur_gauss_fir_radius), but no more than it needs where its route leaves it: the gaussian's at 1.5
   (4 each side, level_fir_params), the backdrop's at 2 (6). The same filter gives the same bytes, since the identity
   colour stage changes nothing. */
/* ck_backdrop_reduce against its definition: each small pixel the rounded mean of a factor x factor block with clamped
   indices, a ring of one; every ISA (the box reduction's rows are per-ISA kernels). */
static void check_backdrop_reduce(void) {
    static const uint32_t sizes[][2] = {{37, 29}, {64, 48}, {9, 130}, {1, 1}};
    static const uint32_t factors[] = {2, 4, 8};
    ck_isa isas[4] = {CK_ISA_SCALAR};
    const int count = 1 + selftest_simd_isas(isas + 1);
    const ck_isa previous = ck_isa_active();
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (size_t f = 0; f < sizeof factors / sizeof factors[0]; f++) {
            const uint32_t w = sizes[i][0], h = sizes[i][1], k = factors[f];
            const uint32_t rw = (w + k - 1) / k + 2, rh = (h + k - 1) / k + 2;
            uint8_t *src = malloc((size_t)w * 4 * h), *out = malloc((size_t)rw * 4 * rh);
            fill(src, w, h, (size_t)w * 4);
            ck_image s = {src, w, h, (size_t)w * 4}, r = {out, rw, rh, (size_t)rw * 4};
            for (int n = 0; n < count; n++) {
                ck_isa_set(isas[n]);
                memset(out, 0xAB, (size_t)rw * 4 * rh);
                CHECK(ck_backdrop_reduce(&s, &r, k) == CK_OK, "reduce %ux%u by %u", w, h, k);
                int bad = 0;
                for (uint32_t j = 0; j < rh && !bad; j++)
                    for (uint32_t i2 = 0; i2 < rw && !bad; i2++)
                        for (int c = 0; c < 4; c++) {
                            uint32_t sum = 0;
                            for (uint32_t y = 0; y < k; y++)
                                for (uint32_t x = 0; x < k; x++)
                                    sum += src[(size_t)clampi(((int64_t)j - 1) * k + y, h) * w * 4 +
                                               clampi(((int64_t)i2 - 1) * k + x, w) * 4 + c];
                            const uint32_t want = (sum + k * k / 2) / (k * k);
                            if (out[(size_t)j * rw * 4 + i2 * 4 + c] != want) {
                                CHECK(0, "reduce %ux%u by %u (isa %d): small pixel (%u, %u, %d) is %u, the block mean %u",
                                      w, h, k, (int)isas[n], i2, j, c, out[(size_t)j * rw * 4 + i2 * 4 + c], want);
                                bad = 1;
                                break;
                            }
                        }
            }
            free(src);
            free(out);
        }
    ck_isa_set(previous);
    printf("  backdrop reduction (4 sizes, factors 2, 4, 8, every ISA): the block means with a ring of one\n");
}

static void check_full_resolution_route(void) {
    static const struct {
        uint32_t w, h;
        float sigma;
        uint32_t downsample; /* of the identity backdrop compared with the gaussian */
        int same;
    } cases[] = {
        {300, 200, 1.0f, 1, 1},  /* both the direct filter */
        {300, 200, 30.0f, 1, 1}, /* both boxes: 8 sigma > 200 */
        {300, 20, 2.5f, 1, 1},   /* too small to reduce: both four extended boxes */
        {300, 20, 2.9f, 1, 1},
        {300, 200, 2.5f, 1, 0}, /* the gaussian reduces from 1.5: its reduced image against the backdrop's boxes */
        {300, 200, 2.9f, 1, 0},
        {300, 200, 1.0f, 0, 1}, /* downsample 0 reduces from 2: both the direct filter */
        {300, 200, 1.3f, 0, 1},
        {300, 200, 1.4f, 0, 1}, /* both the direct filter of 9 taps (those that leave 0.25 % out at 1.4) */
        {300, 200, 1.9f, 0, 0}, /* the gaussian's blend into its reduced image against the backdrop's direct filter */
        {20, 20, 1.5f, 0, 0}, /* too small for the gaussian to reduce: its boxes against the backdrop's direct filter */
        {39, 100, 2.5f, 1, 1}, /* the smallest side that reduces is 40 (CK_GAUSS_MIN_RETURN_SIGMA): boxes, then */
        {40, 100, 2.5f, 1, 0}, /* the reduced image */
        {1, 200, 1.8f, 0, 1}, /* too narrow for either to reduce: both boxes (past the gaussian's blend from 1.2) */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint32_t w = cases[i].w, h = cases[i].h;
        uint8_t *src = malloc(w * 4 * h), *a = malloc(w * 4 * h), *b = malloc(w * 4 * h);
        fill(src, w, h, w * 4);
        ck_image s = {src, w, h, w * 4}, da = {a, w, h, w * 4}, db = {b, w, h, w * 4};
        const int ok = ck_gaussian_blur(&s, &da, cases[i].sigma, NULL, 0) == CK_OK &&
                       identity_backdrop(&s, &db, cases[i].sigma, cases[i].downsample, NULL, 0) == CK_OK;
        CHECK(ok && (memcmp(a, b, w * 4 * h) == 0) == cases[i].same,
              "%ux%u sigma %g: identity backdrop at downsample %u %s the gaussian", w, h, cases[i].sigma,
              cases[i].downsample, cases[i].same ? "differs from" : "equals");
        free(src);
        free(a);
        free(b);
    }
}

/* PSNR against the float gaussian on every step-th column and the last four (a tile), for images too large for
   gauss_ref; full: the full-resolution route. The vertical pass of a wide image whose tiles' band-to-band state does
   not all fit in the scratch runs in strips of tiles; a tile given another tile's state, or a strip starting at the
   wrong band, shows up as a wrong column. */
static void check_gauss_columns(uint32_t w, uint32_t h, double sigma, uint32_t step, int full) {
    const size_t stride = w * 4;
    uint8_t *src = malloc(stride * h), *dst = malloc(stride * h);
    fill(src, w, h, stride);
    ck_image s = {src, w, h, stride}, d = {dst, w, h, stride};
    const ck_status st = full ? full_resolution_gaussian(&s, &d, (float)sigma, NULL, 0)
                              : ck_gaussian_blur(&s, &d, (float)sigma, NULL, 0);
    CHECK(st == CK_OK, "gaussian columns sigma %g", sigma);
    const int R = (int)ceil(6 * sigma) + 1;
    double *k = malloc(sizeof(double) * (2 * R + 1)), *col = malloc(sizeof(double) * h * 4), t = 0, se = 0;
    for (int i = -R; i <= R; i++) t += k[i + R] = exp(-0.5 * i * i / (sigma * sigma));
    for (int i = 0; i <= 2 * R; i++) k[i] /= t;
    size_t n = 0;
    for (uint32_t x = 0; x < w; x = x + step < w - 4 ? x + step : (x < w - 4 ? w - 4 : x + 1)) {
        for (uint32_t y = 0; y < h; y++) /* horizontal: the column's value on every row */
            for (int c = 0; c < 4; c++) {
                double v = 0;
                for (int i = -R; i <= R; i++) v += k[i + R] * src[y * stride + clampi((int64_t)x + i, w) * 4 + c];
                col[y * 4 + c] = v;
            }
        for (uint32_t y = 0; y < h; y++)
            for (int c = 0; c < 4; c++) {
                double v = 0;
                for (int i = -R; i <= R; i++) v += k[i + R] * col[clampi((int64_t)y + i, h) * 4 + c];
                const double e = dst[y * stride + x * 4 + c] - v;
                se += e * e;
            }
        n += h * 4;
    }
    const double p = 10 * log10(255.0 * 255.0 / (se / (double)n));
    CHECK(p >= 50.0, "gaussian %ux%u sigma %g%s, columns: PSNR %.2f dB < 50", w, h, sigma, full ? " (full)" : "", p);
    printf("  gaussian %ux%u sigma %5.1f%s, every %u-th column: %.2f dB\n", w, h, sigma, full ? " (full)" : "", step,
           p);
    free(k);
    free(col);
    free(src);
    free(dst);
}

/* Steps of 0.1 across [a, b] on a textured w x h image (fill from the random state `seed`, or where the sequence
   stands if 0): no pixel moves by more than 3 levels and every step changes the image. Returns the most any step
   moved a pixel. */
static int gauss_continuity(uint32_t w, uint32_t h, double a, double b, uint64_t seed) {
    const size_t n = (size_t)w * 4 * h;
    uint8_t *src = malloc(n), *prev = malloc(n), *out = malloc(n);
    const uint64_t sequence = rng_state;
    if (seed != 0) rng_state = seed;
    fill(src, w, h, w * 4);
    if (seed != 0) rng_state = sequence; /* a seeded image leaves the sequence where it was */
    ck_image s = {src, w, h, w * 4}, dp = {prev, w, h, w * 4}, d = {out, w, h, w * 4};
    CHECK(ck_gaussian_blur(&s, &dp, (float)a, NULL, 0) == CK_OK, "gaussian %g", a);
    int worst = 0;
    for (int i = 1; a + 0.1 * i <= b + 1e-9; i++) {
        const float sigma = (float)(a + 0.1 * i);
        CHECK(ck_gaussian_blur(&s, &d, sigma, NULL, 0) == CK_OK, "gaussian %g", sigma);
        int most = 0;
        for (size_t j = 0; j < n; j++) {
            const int m = abs(out[j] - prev[j]);
            most = m > most ? m : most;
        }
        CHECK(most <= 3 && most > 0, "gaussian %ux%u step to sigma %g moves a pixel by %d levels", w, h, sigma, most);
        worst = most > worst ? most : worst;
        memcpy(prev, out, n);
    }
    free(src);
    free(prev);
    free(out);
    return worst;
}

static void check_gauss_continuity(uint32_t w, uint32_t h, double a, double b) {
    const int worst = gauss_continuity(w, h, a, b, 0);
    printf("  gaussian %ux%u sigma %.1f..%.1f in steps of 0.1: at most %d levels per step\n", w, h, a, b, worst);
}

/* Images too small to keep the reduced image for long (shorter side 24 to 39, where 8 sigma passes the side below sigma
   5) stay at full resolution (CK_GAUSS_MIN_RETURN_SIGMA in blur_route.c). When they reduced from sigma 3 and
   switched back at side / 8, the step across that switch moved a pixel by 4 levels on about one such image in 15. The
   seeded textures are ones on which it did, found by a probe over 1152 images (with the tent's ring of two); the rest
   are the self-test's sequence. */
static void check_gauss_continuity_small_sides(void) {
    static const struct {
        uint32_t w, h;
        uint64_t seed;
    } cases[] = {{24, 150, 1}, {26, 37, 1}, {25, 77, 2}, {24, 77, 3}, {28, 150, 4}, {26, 77, 6},
                 {27, 37, 0},  {30, 77, 0}, {33, 37, 0}, {39, 77, 0}};
    int worst = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int m = gauss_continuity(cases[i].w, cases[i].h, 2.5, 5.2, cases[i].seed);
        worst = m > worst ? m : worst;
    }
    printf("  gaussian, shorter sides 24 to 39 (10 images), sigma 2.5..5.2 in steps of 0.1: at most %d levels per "
           "step\n",
           worst);
}

/* Below sigma 2 no gaussian can keep the contract's 3 levels per 0.1 step: the exact one moves some pixel of a
   textured image by more (10-12 levels from 1.0 to 1.1). So across [a, b] every step may move a pixel by at most
   max(3, ceil(m) + 1) levels, where m is the most the exact float gaussian moves one in that step (the result is
   within a level of it at both ends), and every step changes the image. */
static void check_gauss_steps_follow_exact(uint32_t w, uint32_t h, double a, double b) {
    const size_t n = (size_t)w * 4 * h;
    uint8_t *src = malloc(n), *prev = malloc(n), *out = malloc(n);
    double *ref_prev = malloc(sizeof(double) * n), *ref = malloc(sizeof(double) * n);
    fill(src, w, h, w * 4);
    ck_image s = {src, w, h, w * 4}, dp = {prev, w, h, w * 4}, d = {out, w, h, w * 4};
    CHECK(ck_gaussian_blur(&s, &dp, (float)a, NULL, 0) == CK_OK, "gaussian %g", a);
    gauss_ref(src, ref_prev, w, h, w * 4, (float)a);
    int worst_excess = -99;
    double most_exact = 0;
    for (int i = 1; a + 0.1 * i <= b + 1e-9; i++) {
        const float sigma = (float)(a + 0.1 * i);
        CHECK(ck_gaussian_blur(&s, &d, sigma, NULL, 0) == CK_OK, "gaussian %g", sigma);
        gauss_ref(src, ref, w, h, w * 4, sigma);
        int most = 0;
        double exact = 0;
        for (size_t j = 0; j < n; j++) {
            const int m = abs(out[j] - prev[j]);
            most = m > most ? m : most;
            const double e = fabs(ref[j] - ref_prev[j]);
            exact = e > exact ? e : exact;
        }
        const int bound = (int)ceil(exact) + 1 > 3 ? (int)ceil(exact) + 1 : 3;
        CHECK(most <= bound && most > 0, "gaussian %ux%u step to sigma %g moves a pixel by %d levels (exact %.2f)", w,
              h, sigma, most, exact);
        worst_excess = most - (int)ceil(exact) > worst_excess ? most - (int)ceil(exact) : worst_excess;
        most_exact = exact > most_exact ? exact : most_exact;
        memcpy(prev, out, n);
        double *t = ref_prev;
        ref_prev = ref;
        ref = t;
    }
    printf("  gaussian %ux%u sigma %.1f..%.1f in steps of 0.1: the exact gaussian moves up to %.1f levels per step, "
           "the result at most %+d levels past it (rounded up)\n",
           w, h, a, b, most_exact, worst_excess);
    free(src);
    free(prev);
    free(out);
    free(ref_prev);
    free(ref);
}

/* The reduced image's edges (its ring, reduced_ring in blur_stages.h): a one-pixel checkerboard (fill_checkerboard)
   makes every edge pixel differ from its inner neighbour by 255, the content on which a ring pixel that still mixes in
   that neighbour and is then replicated goes wrong most. Reduced by 4 and 8 (sigma 7.5 and 10, two and three levels of
   the pyramid) every pixel stays within 2 levels of the exact gaussian: 1.2-1.6 with the tent's ring of two, 2.4-3.4
   (at the corners) with a ring of one. */
static void check_gauss_reduced_edges(uint32_t w, uint32_t h) {
    const size_t n = (size_t)w * 4 * h;
    uint8_t *src = malloc(n), *out = malloc(n);
    double *ref = malloc(sizeof(double) * n);
    fill_checkerboard(src, w, h, (size_t)w * 4);
    static const double sigmas[] = {7.5, 10};
    for (size_t i = 0; i < sizeof sigmas / sizeof sigmas[0]; i++) {
        ck_image s = {src, w, h, (size_t)w * 4}, d = {out, w, h, (size_t)w * 4};
        CHECK(ck_gaussian_blur(&s, &d, (float)sigmas[i], NULL, 0) == CK_OK, "gaussian %g", sigmas[i]);
        gauss_ref(src, ref, w, h, (size_t)w * 4, sigmas[i]);
        double most = 0;
        for (size_t j = 0; j < n; j++) {
            const double e = fabs(out[j] - ref[j]);
            most = e > most ? e : most;
        }
        CHECK(most <= 2.0, "gaussian %ux%u checkerboard sigma %g: a pixel %.2f levels off the exact gaussian", w, h,
              sigmas[i], most);
        printf("  gaussian %ux%u one-pixel checkerboard, sigma %4.1f (reduced): within %.2f levels of exact\n", w,
               h, sigmas[i], most);
    }
    free(src);
    free(out);
    free(ref);
}

typedef ck_status (*run_fn)(const ck_image *, ck_image *, int variant, void *scratch, size_t size);

static ck_status run_box(const ck_image *s, ck_image *d, int v, void *sc, size_t n) {
    /* 16-bit column sums up to ry = 63 (63 x 63: the largest window of the fused row), 32-bit in the fused row
       above it (1 x 100, 3 x 64), separate passes and 64-bit sums for the largest windows */
    static const uint32_t r[][2] = {{1, 1},    {2, 0},     {0, 3},         {7, 5},      {60, 60},  {200, 3},
                                    {63, 63}, {1, 100}, {3, 64}, {65535, 65535}, {3000, 3000}};
    return ck_box_blur(s, d, r[v][0], r[v][1], sc, n);
}
static ck_status run_gauss(const ck_image *s, ck_image *d, int v, void *sc, size_t n) {
    /* 5.3: reduced by 2, 7.7: by 4, where the image's shorter side is at least 8 sigma (else full resolution); 2.5:
       the direct filter where the shorter side is at least 40 (130 x 67), else four extended boxes; 1.8 and 4.4: the
       polyphase filter of the bands into the image reduced by 2 and by 4 (on sides of at least 40) */
    static const float sg[] = {0.3f, 1.0f, 2.5f, 5.3f, 30.0f, 300.0f, 2000.0f, 0.0f, 7.7f, 1.8f, 4.4f};
    return ck_gaussian_blur(s, d, sg[v], sc, n);
}
/* The tiled cascade at full resolution on a large image, through the identity backdrop at downsample 1: four
   extended boxes at 2.5 (which the gaussian itself runs on images too small to reduce), the box mix at 5.3 and 14. */
static ck_status run_full_resolution(const ck_image *s, ck_image *d, int v, void *sc, size_t n) {
    static const float sg[] = {2.5f, 5.3f, 14.0f};
    return full_resolution_gaussian(s, d, sg[v], sc, n);
}
static ck_status run_backdrop(const ck_image *s, ck_image *d, int v, void *sc, size_t n) {
    static const ck_backdrop b[] = {
        {4.0f, 1.8f, {20, 10, 5, 40}, 0}, {4.0f, 1.8f, {20, 10, 5, 40}, 1}, {9.0f, 0.5f, {0, 0, 0, 0}, 2},
        {20.0f, 1.8f, {30, 30, 30, 90}, 4}, {60.0f, 1.8f, {30, 30, 30, 90}, 0}, {0.0f, 2.0f, {1, 2, 3, 4}, 0},
        {2.0f, -1.0f, {0, 0, 0, 255}, 0}, {100.0f, 1.0f, {0, 0, 0, 0}, 4},
        /* downsample 0 from sigma 12 reduces by 8 */
        {12.0f, 1.8f, {20, 10, 5, 40}, 0}, {30.0f, 0.5f, {0, 0, 0, 0}, 0},
        /* reduced images (k = 4, then 2) whose direct filter has radius 6 and 5 (sigma' 1.94 and 1.64), then 7 and 9,
           the longest (sigma' 2.19 and 2.70) */
        {8.0f, 1.8f, {20, 10, 5, 40}, 0}, {3.5f, 1.0f, {0, 0, 0, 0}, 0},
        {9.0f, 1.8f, {20, 10, 5, 40}, 4}, {11.0f, 1.0f, {0, 0, 0, 0}, 4},
        /* downsample 0 below 2: the direct filter at full resolution, radius 5, then the colour stage */
        {1.6f, 1.8f, {20, 10, 5, 40}, 0}};
    return ck_backdrop_apply(s, d, &b[v], sc, n);
}

/* Awkward sizes. 64 x 8: whole 4 x 4 tiles of the gaussian's intermediate only; the others end in partial tiles. */
static const uint32_t simd_sizes[][2] = {{1, 1}, {3, 17}, {37, 29}, {130, 67}, {64, 8}};
/* An intermediate past CK_GAUSS_STREAM_BYTES (33 tiles x 1024 rows x 16 bytes = 528 KB), which the AVX2 build
   writes with streaming stores, with a height that is not a multiple of 4. */
static const uint32_t streamed_size[][2] = {{130, 1021}};
/* Columns spanning more than CK_GAUSS_BAND_SPAN (1100 rows of 3828 bytes) and taller than two bands, so the
   vertical pass of the tiled full-resolution cascade runs in bands (run_full_resolution): the cascade's resume and
   the ranged tile loads of every SIMD build against scalar. */
static const uint32_t banded_size[][2] = {{952, 1100}};

/* Every SIMD ISA against scalar, out of place and in place, on the given sizes. */
static void check_simd_identical(const char *name, run_fn fn, int variants, const uint32_t (*sizes)[2],
                                 size_t nsizes) {
    ck_isa simd[3];
    const int nsimd = selftest_simd_isas(simd);
    const ck_isa previous = ck_isa_active();
    for (size_t si = 0; si < nsizes; si++) {
        const uint32_t w = sizes[si][0], h = sizes[si][1];
        const size_t stride = w * 4 + 20;
        uint8_t *src = malloc(stride * h), *ref = malloc(stride * h), *out = malloc(stride * h);
        fill(src, w, h, stride);
        const size_t ns = ck_blur_scratch_size(w, h);
        void *scratch = malloc(ns);
        for (int v = 0; v < variants; v++) {
            ck_isa_set(CK_ISA_SCALAR);
            memset(ref, 0, stride * h);
            ck_image s = {src, w, h, stride}, d = {ref, w, h, stride};
            CHECK(fn(&s, &d, v, scratch, ns) == CK_OK, "%s scalar variant %d", name, v);
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    for (int c = 0; c < 3; c++)
                        CHECK(ref[y * stride + x * 4 + c] <= ref[y * stride + x * 4 + 3],
                              "%s variant %d: colour above alpha", name, v);
            for (int i = -1; i < nsimd; i++) {
                if (i >= 0) ck_isa_set(simd[i]);
                memset(out, 0, stride * h);
                ck_image o = {out, w, h, stride};
                CHECK(fn(&s, &o, v, NULL, 0) == CK_OK, "%s variant %d", name, v);
                CHECK(image_equal(ref, out, w, h, stride), "%s %ux%u variant %d isa %d differs from scalar", name, w,
                      h, v, i < 0 ? 0 : (int)simd[i]);
                memcpy(out, src, stride * h);
                CHECK(fn(&o, &o, v, scratch, ns) == CK_OK, "%s in place variant %d", name, v);
                CHECK(image_equal(ref, out, w, h, stride), "%s %ux%u variant %d isa %d in place differs", name, w, h,
                      v, i < 0 ? 0 : (int)simd[i]);
            }
        }
        free(src);
        free(ref);
        free(out);
        free(scratch);
    }
    ck_isa_set(previous);
}

static void check_bad_input(void) {
    uint8_t buf[64 * 4 * 4];
    ck_image a = {buf, 8, 8, 32}, b = {buf + 4, 8, 8, 32};
    ck_backdrop p = {4, 1, {0, 0, 0, 0}, 0};
    CHECK(ck_box_blur(NULL, &a, 1, 1, NULL, 0) == CK_ERR_NULL, "null src");
    CHECK(ck_box_blur(&a, &a, 65536, 1, NULL, 0) == CK_ERR_ARGUMENT, "radius too large");
    CHECK(ck_gaussian_blur(&a, &a, NAN, NULL, 0) == CK_ERR_ARGUMENT, "NaN sigma");
    CHECK(ck_gaussian_blur(&a, &a, 2000.5f, NULL, 0) == CK_ERR_ARGUMENT, "sigma too large");
    {
        /* One sigma range for both blurs, the header's: CK_MAX_SIGMA itself works, the next float up is rejected. */
        const float beyond = nextafterf(CK_MAX_SIGMA, INFINITY);
        ck_backdrop q = {CK_MAX_SIGMA, 1, {0, 0, 0, 0}, 1};
        CHECK(ck_gaussian_blur(&a, &a, CK_MAX_SIGMA, NULL, 0) == CK_OK, "gaussian at CK_MAX_SIGMA");
        CHECK(ck_gaussian_blur(&a, &a, beyond, NULL, 0) == CK_ERR_ARGUMENT, "gaussian just above CK_MAX_SIGMA");
        for (uint32_t ds = 0; ds <= 4; ds += ds == 0 ? 1 : ds) {
            q.downsample = ds;
            q.sigma = CK_MAX_SIGMA;
            CHECK(ck_backdrop_apply(&a, &a, &q, NULL, 0) == CK_OK, "backdrop at CK_MAX_SIGMA, downsample %u", ds);
            q.sigma = beyond;
            CHECK(ck_backdrop_apply(&a, &a, &q, NULL, 0) == CK_ERR_ARGUMENT,
                  "backdrop just above CK_MAX_SIGMA, downsample %u", ds);
        }
    }
    CHECK(ck_box_blur(&a, &b, 1, 1, NULL, 0) == CK_ERR_OVERLAP, "overlap");
    CHECK(ck_box_blur(&a, &a, 1, 1, buf, 10) == CK_ERR_SIZE, "small scratch");
    {
        /* Scratch that shares bytes with the source or the destination: CK_ERR_OVERLAP, nothing written. */
        const size_t need = ck_blur_scratch_size(8, 8);
        uint8_t *block = malloc(need + sizeof buf);
        ck_image in = {block, 8, 8, 32}, out = {buf, 8, 8, 32};
        memset(block, 7, need + sizeof buf);
        CHECK(ck_box_blur(&in, &out, 1, 1, block + 100, need) == CK_ERR_OVERLAP, "scratch overlaps src");
        CHECK(ck_gaussian_blur(&out, &in, 2, block + 8 * 32 - 1, need) == CK_ERR_OVERLAP, "scratch overlaps dst");
        CHECK(ck_backdrop_apply(&in, &in, &p, block + 4, need) == CK_ERR_OVERLAP, "scratch overlaps in place");
        CHECK(ck_box_blur(&in, &out, 1, 1, block + 8 * 32, need) == CK_OK, "scratch right after src");
        free(block);
    }
    ck_image c = {buf, 9, 8, 32};
    CHECK(ck_box_blur(&c, &c, 1, 1, NULL, 0) == CK_ERR_SIZE, "stride below 4 w");
    p.downsample = 3;
    CHECK(ck_backdrop_apply(&a, &a, &p, NULL, 0) == CK_ERR_ARGUMENT, "downsample 3");
    p.downsample = 0;
    p.tint[0] = 9;
    CHECK(ck_backdrop_apply(&a, &a, &p, NULL, 0) == CK_ERR_ARGUMENT, "tint not premultiplied");
    ck_image e = {NULL, 0, 5, 0};
    CHECK(ck_box_blur(&e, &e, 1, 1, NULL, 0) == CK_OK, "empty image");
}

/* The result does not depend on the stride: the same image with rows 180 KB apart (5 MB in all) blurs to
   the same bytes. */
static void check_gauss_stride_independent(void) {
    const uint32_t w = 37, h = 29;
    const size_t narrow = w * 4, wide = ((size_t)5 << 20) / h;
    uint8_t *a = malloc(narrow * h), *b = malloc(wide * h), *oa = malloc(narrow * h), *ob = malloc(wide * h);
    fill(a, w, h, narrow);
    for (uint32_t y = 0; y < h; y++) memcpy(b + y * wide, a + y * narrow, narrow);
    const float sigmas[] = {1.5f, 7.7f, 30.0f};
    for (size_t i = 0; i < sizeof sigmas / sizeof sigmas[0]; i++) {
        ck_image sa = {a, w, h, narrow}, da = {oa, w, h, narrow}, sb = {b, w, h, wide}, db = {ob, w, h, wide};
        CHECK(ck_gaussian_blur(&sa, &da, sigmas[i], NULL, 0) == CK_OK, "gaussian narrow %g", sigmas[i]);
        CHECK(ck_gaussian_blur(&sb, &db, sigmas[i], NULL, 0) == CK_OK, "gaussian wide %g", sigmas[i]);
        int same = 1;
        for (uint32_t y = 0; y < h; y++) same &= memcmp(oa + y * narrow, ob + y * wide, narrow) == 0;
        CHECK(same, "gaussian sigma %g: result depends on the stride", sigmas[i]);
    }
    free(a);
    free(b);
    free(oa);
    free(ob);
}

void selftest_blur(void) {
    check_bad_input();
    const uint32_t boxes[][4] = {{1, 1, 0, 0}, {1, 1, 3, 2}, {5, 3, 1, 1}, {17, 11, 2, 3}, {17, 11, 20, 1},
                                 {9, 13, 65535, 65535}, {40, 30, 6, 9}, {23, 7, 3000, 2}, {7, 23, 1, 3000},
                                 /* wide rows: the fused row kernel's unclamped middle steps, for window radii
                                    below 4 (where a step's dropped columns reach into the ones it updates), at 4
                                    and above */
                                 {150, 7, 0, 2}, {150, 6, 3, 1}, {200, 5, 4, 3}, {300, 4, 30, 2}, {330, 3, 60, 1},
                                 /* its 8-pixel steps: radii around one step, widths 1 and 7 past a whole number
                                    of steps, a row whose only middle step is its first */
                                 {57, 4, 7, 1}, {65, 4, 8, 2}, {71, 3, 9, 1}, {9, 4, 0, 1}, {17, 3, 1, 0},
                                 {25, 3, 8, 0}};
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++)
        check_box_exact(boxes[i][0], boxes[i][1], boxes[i][2], boxes[i][3]);
    /* The extreme differences on both sides of the 16-bit column sums' bound (ry 63 and 64), with middle steps
       both before and inside the update's lead (CK_BOX_AHEAD steps) */
    const uint32_t stripes[][4] = {
        {150, 5, 2, 63}, {150, 5, 2, 64}, {150, 4, 63, 63}, {300, 3, 1, 63}, {300, 3, 1, 64},
    };
    for (size_t i = 0; i < sizeof stripes / sizeof stripes[0]; i++)
        check_box_exact_filled(stripes[i][0], stripes[i][1], stripes[i][2], stripes[i][3], fill_stripes);
    const double sigmas[] = {1, 2, 3.3, 8, 16, 32, 64}, partial[] = {1, 3.3, 16};
    check_gauss_quality(96, 80, 0, sigmas, sizeof sigmas / sizeof sigmas[0]);
    check_gauss_quality(37, 29, 12, partial, sizeof partial / sizeof partial[0]);
    check_gauss_quality(98, 83, 4, partial, sizeof partial / sizeof partial[0]);
    /* Taller than two bands of the vertical pass (CK_GAUSS_PIECE rows, or CK_GAUSS_BAND_WINDOWS windows at larger
       sigma: 800 rows at sigma 14, whose state is the largest that still leaves bands here), with rows far enough
       apart that a column spans more than CK_GAUSS_BAND_SPAN (2100 x 2016 bytes), so every band boundary and the
       state carried across it count; sigma 1 is the direct filter. */
    const double tall[] = {1, 4, 14};
    check_gauss_quality(24, 2100, 1920, tall, sizeof tall / sizeof tall[0]);
    /* A width whose tiles' state does not all fit at sigma 14 (600 tiles, strips of 588): strips of tiles, in three
       bands. */
    check_gauss_columns(2400, 1700, 14, 41, 1);
    /* The reduced gaussian (a pyramid: by 2 from sigma 1.5, by 4 from 4.18, by 8 from 8.46, by 16 from 16.96, where
       the shorter side is at least 8 sigma): quality on both sides of every switch and inside its blend (the short
       side 200 switches back to full resolution above sigma 25), a full-screen-sized image, and no jump across any of
       them. */
    check_full_resolution_route();
    check_backdrop_reduce();
    const double reduced[] = {1.5, 1.7, 1.9, 2.0, 2.9, 3.0, 4.1, 4.2, 4.5, 6.1, 7.0, 8.4, 8.5, 8.8, 12.3, 14, 16.9, 17.0,
                              17.3, 25, 25.1};
    check_gauss_quality(300, 200, 0, reduced, sizeof reduced / sizeof reduced[0]);
    check_gauss_quality(301, 203, 8, partial, sizeof partial / sizeof partial[0]);
    check_gauss_columns(2400, 1700, 14, 41, 0);
    /* Small sigma: the direct filter below 1.5 where the image reduces from there (300 x 200, 48 x 48), four extended
       boxes from 1.2 where it is too small to (300 x 20, which switches to the box mix at 3 instead). */
    const double below[] = {1.2, 1.5, 2.0, 2.5};
    check_gauss_quality(300, 200, 0, below, sizeof below / sizeof below[0]);
    check_gauss_quality(300, 20, 0, below, sizeof below / sizeof below[0]);
    check_gauss_steps_follow_exact(100, 80, 0.5, 3.5);
    check_gauss_steps_follow_exact(300, 20, 0.5, 3.5);
    check_gauss_steps_follow_exact(300, 200, 1.2, 2.4);
    check_gauss_continuity(300, 200, 2.5, 3.5);
    check_gauss_continuity(48, 48, 2.5, 3.5);
    check_gauss_continuity(300, 20, 2.5, 3.5);
    check_gauss_continuity(300, 200, 4.0, 4.9);
    check_gauss_continuity(300, 200, 8.3, 9.1);
    check_gauss_continuity(300, 200, 16.8, 17.6);
    check_gauss_continuity(300, 200, 24.5, 25.5);
    check_gauss_continuity_small_sides();
    check_gauss_reduced_edges(81, 90);
    check_gauss_reduced_edges(160, 121);
    check_gauss_stride_independent();
    const size_t nsizes = sizeof simd_sizes / sizeof simd_sizes[0];
    check_simd_identical("box", run_box, 11, simd_sizes, nsizes);
    check_simd_identical("gaussian", run_gauss, 11, simd_sizes, nsizes);
    check_simd_identical("gaussian", run_gauss, 11, streamed_size, 1);
    check_simd_identical("full-resolution gaussian", run_full_resolution, 3, banded_size, 1);
    check_simd_identical("backdrop", run_backdrop, 15, simd_sizes, nsizes);
}
