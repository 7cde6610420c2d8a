/*
 * Blurred backdrop: the reduction, the reduced image's pipeline (ck_blur_reduced_run, which the gaussian's larger
 * sigmas take too) and the driver (ck_blur_backdrop_run).
 *
 * Blur, saturation matrix on premultiplied values clamped to [0, alpha], tint source-over. With a factor k = 2, 4 or
 * 8 (backdrop_factor): reduction (a 2k-tap tent per axis at small sigma, where a k x k box aliases too much; the box
 * from sigma 5), gaussian with sigma'^2 = (sigma^2 - v) / k^2, where v is the variance the reduction and the
 * enlargement add (ck_blur_backdrop_variance), colour, then bilinear enlargement. The colour stage runs on the small
 * image, fused into the gaussian's final store: bilinear weights are convex, so colour <= alpha survives, and the
 * tint is affine, so it commutes with the enlargement up to rounding. Each small row is widened once (enlarge_h) and
 * the output rows between two widened rows are written in one call (enlarge_v).
 * Costs, and the variants rejected: docs/performance.md, "Backdrop".
 */
#include <math.h>
#include <string.h>

#include "blur_internal.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters or the colour matrix on a target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

/* The factor downsample 0 picks: the largest that keeps 45 dB against full resolution (Tests/tools/blur_downsample.c,
   white noise and a textured image): 2 from sigma 2, 4 from 4, 8 from 12. The reduction: the 2k-tap tent below
   CK_BACKDROP_BOX_MIN_SIGMA, where the k x k box aliases too much; the box, which reads half the rows, from there. */
#define CK_BACKDROP_MIN_SIGMA_K2 2.0f
#define CK_BACKDROP_MIN_SIGMA_K4 4.0f
#define CK_BACKDROP_MIN_SIGMA_K8 12.0f
#define CK_BACKDROP_BOX_MIN_SIGMA 5.0f

/* Variance (full-resolution px^2, per axis) that reduction and enlargement add, which the small blur leaves
   out. Bilinear enlargement adds on average k^2 E[f (1 - f)] over its k sampling phases f = (2m + 1) / (2k),
   that is (2k^2 + 1) / 12 (2.75 px^2 at k = 4, 0.75 at k = 2). The tent's taps ck_blur_tent(d, k) at offsets
   d - k + 1/2 have the same variance (it is the enlargement's adjoint); the k x k box has (k^2 - 1) / 12. So
   sigma'^2 = (sigma^2 - v) / k^2 with v = (2k^2 + 1) / 6 after the tent and k^2 / 4 after the box: the
   contract's variance compensation for the filters actually used. */
double ck_blur_backdrop_variance(uint32_t k, int tent) {
    const double enlarge = (2.0 * k * k + 1.0) / 12.0;
    return enlarge + (tent ? enlarge : ((double)k * k - 1.0) / 12.0);
}

static uint32_t backdrop_factor(const ck_backdrop *p, uint32_t w, uint32_t h) {
    uint32_t k = p->downsample;
    if (k == 0) {
        const float s = p->sigma;
        k = s >= CK_BACKDROP_MIN_SIGMA_K8   ? 8
            : s >= CK_BACKDROP_MIN_SIGMA_K4 ? 4
            : s >= CK_BACKDROP_MIN_SIGMA_K2 ? 2
                                            : 1;
    }
    /* An image narrower than the factor has nothing to reduce. */
    while (k > 1 && (w < k || h < k)) k /= 2;
    return k;
}

/* Reduction of the replicated extension of src by k into a small image with a ring of two pixels: small pixel (i, j)
   for i in [-2, sw + 2), j in [-2, sh + 2) is the tent-weighted mean of full-resolution pixels [ik - k/2, ik + 3k/2) x
   [jk - k/2, jk + 3k/2) (2k x 2k, centred on block (i, j)) with indices clamped to the image. The ring is then exactly
   the reduction of the blocks just outside the image, and its outer pixels (i = -2 covers [-5k/2, -k/2), i = sw + 1
   starts at or past w + k/2) hold nothing but the replicated edge, so the gaussian's own replication of them continues
   the reduction of the extension exactly: the small image's edges behave like the full-resolution replicated edges
   (replicating a block average instead loses ~6 dB at large sigma on textured edges). Per small row: the 2k clamped
   rows combine vertically into `line` (u16, pixels offset by (ring + 1/2) k and replicated on both sides), which the
   horizontal half then reads unclamped. */
static void reduce_tent(const struct ck_blur_ops *ops, const ck_image *src, uint8_t *small, uint32_t k,
                        uint32_t sw, uint32_t sh, uint16_t *line) {
    const uint32_t w = src->width, R = reduced_ring(1), left = R * k + k / 2;
    const size_t sstride = (size_t)(sw + 2 * R) * 4, len = (size_t)(sw + 2 * R + 1) * k; /* line pixels read */
    for (int64_t j = -(int64_t)R; j < (int64_t)(sh + R); j++) {
        /* The 2k rows of small row j, and the k rows that small row j + 1 adds (asked for ahead: see reduce_v). */
        const uint8_t *rows[8], *next[4];
        for (uint32_t y = 0; y < 2 * k; y++) rows[y] = clamped_row(src, j * (int64_t)k - k / 2 + y);
        for (uint32_t y = 0; y < k; y++) next[y] = clamped_row(src, (j + 1) * (int64_t)k + k / 2 + y);
        ops->reduce_v(rows, j + 1 < (int64_t)(sh + R) ? next : NULL, k, (size_t)w * 4, line + (size_t)left * 4);
        for (size_t x = 0; x < left; x++) memcpy(line + x * 4, line + (size_t)left * 4, 8);
        for (size_t x = (size_t)left + w; x < len; x++) memcpy(line + x * 4, line + ((size_t)left + w - 1) * 4, 8);
        ops->reduce_h(line, k, sw + 2 * R, small + (size_t)(j + R) * sstride);
    }
}

/* The box reduction, with a ring of one (pixel -1 covers [-k, 0), pixel sw starts at or past w): small pixel (i, j)
   averages full-resolution pixels [ik, ik + k) x [jk, jk + k), indices clamped to the image. */
static void reduce_box(const struct ck_blur_ops *ops, const ck_image *src, uint8_t *small, size_t sstride, uint32_t k,
                       uint32_t sw, uint32_t sh) {
    const uint32_t w = src->width, h = src->height, shift = 2 * (uint32_t)__builtin_ctz(k); /* log2(k^2) */
    const uint32_t R = reduced_ring(0);
    const uint32_t whole = w / k; /* blocks with no clamped column */
    for (int64_t j = -(int64_t)R; j < (int64_t)(sh + R); j++) {
        uint8_t *out = small + (size_t)(j + R) * sstride;
        const int inner_row = j >= 0 && (uint64_t)(j + 1) * k <= h;
        if (inner_row) {
            const uint8_t *next[8];
            for (uint32_t y = 0; y < k; y++) next[y] = clamped_row(src, (j + 1) * (int64_t)k + y);
            ops->reduce_box_row(src->data + (size_t)j * k * src->stride, src->stride, next, k, whole, out + 4 * R);
        }
        const uint8_t *rows[8];
        for (uint32_t y = 0; y < k; y++) rows[y] = clamped_row(src, j * (int64_t)k + y);
        for (int64_t i = -(int64_t)R; i < (int64_t)(sw + R); i++) {
            if (inner_row && i == 0 && whole > 0) i = whole;
            if (i >= (int64_t)(sw + R)) break;
            uint32_t sum[4] = {0, 0, 0, 0};
            for (uint32_t x = 0; x < k; x++) {
                const int64_t sx = i * (int64_t)k + x;
                const size_t off = (size_t)(sx < 0 ? 0 : (sx >= w ? w - 1 : sx)) * 4;
                for (uint32_t y = 0; y < k; y++)
                    for (int c = 0; c < 4; c++) sum[c] += rows[y][off + c];
            }
            for (int c = 0; c < 4; c++) out[(size_t)(i + R) * 4 + c] = (uint8_t)((sum[c] + (k * k) / 2) >> shift);
        }
    }
}

void ck_blur_reduce_box(const ck_image *src, ck_image *small, uint32_t k) {
    reduce_box(ck_ops_active()->blur, src, small->data, small->stride, k, (src->width + k - 1) / k,
               (src->height + k - 1) / k);
}

/* src -> dst through an image reduced by k (2, 4 or 8; the tent or, if !tent, the box reduction), blurred with the
   variance-compensated sigma, coloured (colour: NULL or the backdrop's colour stage) and enlarged bilinearly. In place
   allowed: src is read completely before dst is written. s: scratch of ck_blur_backdrop_scratch(w, h, k) bytes. */
void ck_blur_reduced_run(const struct ck_blur_ops *ops, const ck_image *src, ck_image *dst, double sigma,
                         uint32_t k, int tent, double fir_sigma, const ck_blur_colour *colour, uint8_t *s) {
    const uint32_t w = src->width, h = src->height;
    const uint32_t R = reduced_ring(tent), sw = (w + k - 1) / k, sh = (h + k - 1) / k, rw = sw + 2 * R, rh = sh + 2 * R;
    const size_t rstride = (size_t)rw * 4;
    uint8_t *small = s;
    uint16_t *wide[2] = {(uint16_t *)(s + align_up(rstride * rh)),
                         (uint16_t *)(s + align_up(rstride * rh) + align_up((size_t)w * 8))};
    uint8_t *gs = s + ck_blur_backdrop_scratch(w, h, k) - ck_blur_gauss_scratch(rw, rh);
    if (tent)
        reduce_tent(ops, src, small, k, sw, sh, wide[0]);
    else
        reduce_box(ops, src, small, rstride, k, sw, sh);
    const double v = (sigma * sigma - ck_blur_backdrop_variance(k, tent)) / (double)(k * k);
    ck_image im = {small, rw, rh, rstride};
    if (v > 0) {
        const ck_gauss_params p = ck_blur_gauss_params_for((float)sqrt(v), fir_sigma);
        ck_blur_gauss_run(&im, &im, &p, colour, 1, gs);
    } else if (colour != NULL) {
        ops->colour(small, rstride, rh, rw, colour);
    }
    /* Output row y samples small row position (2y + 1 - k) / (2k), as enlarge_h does along x; + R for the ring
       (enlarge_h reads only the inner ring pixel: it is given each row from there on). The up-to-k consecutive rows
       between the same two small rows are written by one enlarge_v call. Widened rows are cached by small row index
       (slot i % 2): rows advance monotonically. */
    const int32_t k2 = (int32_t)(2 * k);
    int64_t cached[2] = {-1, -1};
    for (uint32_t y = 0; y < h;) {
        /* Rows y, y + 1, ... sharing small rows i0, i0 + 1 have weights f0, f0 + 2, ... (t grows by 2). */
        uint8_t *rows[8];
        uint32_t f0 = 0, nrows = 0, i0 = 0;
        for (; y < h && nrows < k; y++) {
            const int32_t t = 2 * (int32_t)y + 1 - (int32_t)k;
            const int32_t j0 = t >= 0 ? t / k2 : -1;
            if (nrows > 0 && (uint32_t)(j0 + (int32_t)R) != i0) break;
            if (nrows == 0) {
                i0 = (uint32_t)(j0 + (int32_t)R);
                f0 = (uint32_t)(t - j0 * k2);
            }
            rows[nrows++] = dst->data + (size_t)y * dst->stride;
        }
        const uint32_t i1 = i0 + 1 < rh ? i0 + 1 : rh - 1;
        const uint32_t pair[2] = {i0, i1};
        for (int q = 0; q < 2; q++)
            if (cached[pair[q] % 2] != (int64_t)pair[q]) {
                ops->enlarge_h(small + (size_t)pair[q] * rstride + 4 * (R - 1), wide[pair[q] % 2], k, sw + 2, w);
                cached[pair[q] % 2] = pair[q];
            }
        /* The next call writes the (up to k) rows from y on. */
        uint8_t *next[8];
        uint32_t nnext = 0;
        for (; nnext < k && y + nnext < h; nnext++) next[nnext] = dst->data + (size_t)(y + nnext) * dst->stride;
        ops->enlarge_v(wide[i0 % 2], wide[i1 % 2], k, f0, rows, nrows, next, nnext, (size_t)w * 4);
    }
}

void ck_blur_backdrop_run(const ck_image *src, ck_image *dst, const ck_backdrop *params, const ck_blur_colour *colour,
                          uint8_t *s) {
    const uint32_t w = src->width, h = src->height;
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    const uint32_t k = backdrop_factor(params, w, h);
    if (k == 1) {
        /* downsample 0 reduces from sigma 2 unless the image is too small for it (any other downsample gives the
           same factor at every sigma, here 1) */
        ck_backdrop from = *params;
        from.sigma = CK_BACKDROP_MIN_SIGMA_K2;
        const int reduces = backdrop_factor(&from, w, h) > 1;
        const ck_gauss_params p =
            ck_blur_gauss_params_for(params->sigma, fir_sigma_until(reduces ? CK_BACKDROP_MIN_SIGMA_K2 : INFINITY));
        ck_blur_gauss_run(src, dst, &p, colour, 0, s);
    } else {
        /* k = 8 only comes from sigma 12, above the tent's range */
        ck_blur_reduced_run(ops, src, dst, params->sigma, k, params->sigma < CK_BACKDROP_BOX_MIN_SIGMA && k <= 4,
                            CK_REDUCED_FIR_SIGMA, colour, s);
    }
}
