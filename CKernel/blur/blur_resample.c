/*
 * The reduce / enlarge stage: reduction of an image by k with a 2k-tap tent or a k x k box per axis, and the bilinear
 * enlargement back (ck_blur_enlarge), with the variance the two add (ck_blur_backdrop_variance). The routes
 * (blur_route.c) blur the reduced image in between. Each small row is widened once (enlarge_h) and the output rows
 * between two widened rows are written in one call (enlarge_v).
 */
#include <string.h>

#include "blur_stages.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding, so every build computes
   the same bytes. */
#pragma clang fp contract(off)

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

/* Small pixel i is sum_d tent(d) / 8 x(2i - 1 + d), d < 4 (ck_blur_reduce_tent); output 2m samples small position
   m - 1/4 (1/4 of small pixel m - 1, 3/4 of m) and 2m + 1 samples m + 1/4 (ck_blur_enlarge_rows). */
void ck_blur_reduced_kernel(const double *f, uint32_t fr, double e[2][2 * CK_REDUCED_KERNEL_R + 1]) {
    memset(e, 0, 2 * sizeof e[0]);
    for (int p = 0; p < 2; p++)
        for (int b = -1; b <= 1; b++) {
            const double wb = b == 0 ? 0.75 : ((p == 0) == (b < 0) ? 0.25 : 0.0);
            for (int32_t n = -(int32_t)fr; n <= (int32_t)fr; n++)
                for (uint32_t d = 0; d < 4; d++) {
                    const int32_t t = 2 * (b + n) - 1 + (int32_t)d - p;
                    e[p][t + CK_REDUCED_KERNEL_R] += wb * f[n < 0 ? -n : n] * ck_blur_tent(d, 2) / 8.0;
                }
        }
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
void ck_blur_reduce_tent(const ck_image *src, uint8_t *small, uint32_t k, uint32_t sw, uint32_t sh, uint16_t *line) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
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
void ck_blur_reduce_box(const ck_image *src, uint8_t *small, size_t sstride, uint32_t k, uint32_t sw, uint32_t sh) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
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

/* Output row y samples small row position (2y + 1 - k) / (2k), as enlarge_h does along x; + R for the ring
   (enlarge_h reads only the inner ring pixel: it is given each row from there on). The up-to-k consecutive rows
   between the same two small rows are written by one enlarge_v call. Widened rows are cached by small row index
   (slot i % 2): rows advance monotonically. */
void ck_blur_enlarge(const ck_image *small_im, uint32_t R, uint32_t k, ck_image *dst, uint16_t *const wide[2],
                     uint32_t weight) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    const uint32_t w = dst->width, h = dst->height;
    const uint32_t rh = small_im->height, sw = small_im->width - 2 * R;
    const uint8_t *small = small_im->data;
    const size_t rstride = small_im->stride;
    const int32_t k2 = (int32_t)(2 * k);
    int64_t cached[2] = {-1, -1}; /* the small row each widened row holds */
    uint32_t y = 0;
    while (y < h) {
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
        /* The next call writes the (up to k) rows from y on: asked for ahead unless this call blends (and reads them). */
        uint8_t *next[8];
        uint32_t nnext = 0;
        for (; nnext < k && y + nnext < h && weight >= 256; nnext++)
            next[nnext] = dst->data + (size_t)(y + nnext) * dst->stride;
        ops->enlarge_v(wide[i0 % 2], wide[i1 % 2], k, f0, rows, nrows, next, nnext, (size_t)w * 4, weight);
    }
}
