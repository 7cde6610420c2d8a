/*
 * The reduce / enlarge stage's kernels: the tent and box reductions and the bilinear enlargement (driver:
 * blur_resample.c).
 */
#ifndef CK_BLUR_KERNELS_RESAMPLE_H
#define CK_BLUR_KERNELS_RESAMPLE_H

#include "blur_kernels_common.h"

/* Backdrop reduction by k = 2 or 4 with the separable tent t_d = ck_blur_tent(d, k), d < 2k (each sums to
   2k^2): small pixel m averages a 2k x 2k window centred on its block. The tent is the adjoint of the bilinear
   enlargement and, unlike a k x k box whose sidelobes alias, leaves little above the small image's Nyquist frequency
   (see ck_blur_backdrop_variance in blur_resample.c).
   Both halves are exact u16 arithmetic, so the SIMD blocks equal the loops: the vertical half scales its sums
   by 1 / 4 for k = 4 (rounded, at most 255 * 32 / 4 = 2040) so the horizontal sums stay below 2040 * 32 =
   65280; k = 2 needs no scaling (255 * 8 * 8 = 16320). */
#if CK_BLUR_VBYTES > 4
/* Four 16-lane vectors of 4 pixels x 4 channels to one vector holding each one's per-channel pixel sum, in
   order: pixels folded pairwise (halves, then quarters) two vectors at a time. Both reductions end with it.
   (Through a pointer: returning a 32-byte vector from an SSE2 function would change the ABI.) */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(fold4)(const CK_BLUR_NAME(v16h) v[4],
                                                                      CK_BLUR_NAME(v16h) *sum) {
    typedef CK_BLUR_NAME(v16h) v16h;
    v16h d[2];
    for (uint32_t h = 0; h < 2; h++) {
        const v16h a = v[2 * h], c = v[2 * h + 1];
        const v16h lo = __builtin_shufflevector(a, c, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
        const v16h hi = __builtin_shufflevector(a, c, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
        const v16h e = lo + hi;
        d[h] = e + __builtin_shufflevector(e, e, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
    }
    *sum = __builtin_shufflevector(d[0], d[1], 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
}
#endif

#define CK_REDUCE_VSHIFT(k) ((k) == 4 ? 2u : 0u)
#define CK_REDUCE_HSHIFT(k) ((k) == 4 ? 8u : 6u)

/* Vertical half: out[q] = (sum_y t_y rows[y][q] + round) >> vshift over the 2k rows, q < n (bytes). An ISA
   file that defines CK_BLUR_NATIVE_TENT_V supplies CK_BLUR_NAME(tent_v32) for 32 columns at a time. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(reduce_v_k)(const uint8_t *const *row_list,
                                                                           const uint8_t *const *next_list,
                                                                           const uint32_t k, size_t n,
                                                                           uint16_t *out) {
    const uint32_t s = CK_REDUCE_VSHIFT(k), half = s ? 1u << (s - 1) : 0u;
    /* A local copy: the stores to out could alias the caller's array, which would reload every pointer. */
    const uint8_t *rows[8], *next[4];
    for (uint32_t y = 0; y < 2 * k; y++) rows[y] = row_list[y];
    if (next_list != NULL)
        for (uint32_t y = 0; y < k; y++) next[y] = next_list[y];
    size_t q = 0;
#if CK_BLUR_VBYTES > 4
    for (; q + 32 <= n; q += 32) {
        if (next_list != NULL && q % 64 == 0)
            for (uint32_t y = 0; y < k; y++) ck_prefetch_l2(next[y] + q);
#ifdef CK_BLUR_NATIVE_TENT_V
        CK_BLUR_NAME(tent_v32)(rows, k, q, s, out + q);
#else
        typedef uint8_t v32b __attribute__((vector_size(32)));
        typedef uint16_t v32h __attribute__((vector_size(64)));
        v32h acc = (v32h){0} + (uint16_t)half;
        for (uint32_t y = 0; y < 2 * k; y++) {
            v32b r;
            memcpy(&r, rows[y] + q, 32);
            acc += __builtin_convertvector(r, v32h) * (uint16_t)ck_blur_tent(y, k);
        }
        acc >>= (uint16_t)s;
        memcpy(out + q, &acc, sizeof acc);
#endif
    }
#endif
    CK_BLUR_NOVEC
    for (; q < n; q++) {
        uint32_t acc = half;
        for (uint32_t y = 0; y < 2 * k; y++) acc += rows[y][q] * ck_blur_tent(y, k);
        out[q] = (uint16_t)(acc >> s);
    }
}

static void CK_BLUR_NAME(reduce_v)(const uint8_t *const *rows, const uint8_t *const *next, uint32_t k, size_t n,
                                   uint16_t *out) {
    if (k == 4)
        CK_BLUR_NAME(reduce_v_k)(rows, next, 4, n, out);
    else
        CK_BLUR_NAME(reduce_v_k)(rows, next, 2, n, out);
}

/* Horizontal half: small pixel m < count from line pixels [m k, m k + 2k) (4 u16 channels each):
   (sum_d t_d line[m k + d] + round) >> hshift. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(reduce_h_k)(const uint16_t *line, const uint32_t k,
                                                                           uint32_t count, uint8_t *out) {
    const uint32_t s = CK_REDUCE_HSHIFT(k);
    uint32_t m = 0;
#if CK_BLUR_VBYTES > 4
    typedef uint16_t v16h __attribute__((vector_size(32)));
    typedef uint8_t v16q __attribute__((vector_size(16)));
    /* A window's 2k pixels folded to 4 lanes pairwise: first to 16 lanes (4 pixels; k = 4 adds its two
       halves), then four windows at once to one vector of 4 pixels (halves, then quarters across pairs). */
    for (; m + 4 <= count; m += 4) {
        v16h win[4];
        for (uint32_t b = 0; b < 4; b++) {
            const uint16_t *p = line + (size_t)(m + b) * k * 4;
            v16h x0;
            memcpy(&x0, p, 32);
            if (k == 4) {
                v16h x1;
                memcpy(&x1, p + 16, 32);
                win[b] = x0 * (v16h){1, 1, 1, 1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7} +
                         x1 * (v16h){7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1};
            } else {
                win[b] = x0 * (v16h){1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1};
            }
        }
        v16h sum;
        CK_BLUR_NAME(fold4)(win, &sum);
        const v16q o = __builtin_convertvector((sum + (uint16_t)(1u << (s - 1))) >> (uint16_t)s, v16q);
        memcpy(out + (size_t)m * 4, &o, 16);
    }
#endif
    CK_BLUR_NOVEC
    for (; m < count; m++)
        for (uint32_t c = 0; c < 4; c++) {
            uint32_t acc = 1u << (s - 1);
            for (uint32_t d = 0; d < 2 * k; d++)
                acc += line[((size_t)m * k + d) * 4 + c] * ck_blur_tent(d, k);
            out[(size_t)m * 4 + c] = (uint8_t)(acc >> s);
        }
}

static void CK_BLUR_NAME(reduce_h)(const uint16_t *line, uint32_t k, uint32_t count, uint8_t *out) {
    if (k == 4)
        CK_BLUR_NAME(reduce_h_k)(line, 4, count, out);
    else
        CK_BLUR_NAME(reduce_h_k)(line, 2, count, out);
}

#if CK_BLUR_VBYTES > 4
/* reduce_box_row's vector form for k = 4 and 8, from block *m on (advanced past the blocks done): a block's k
   rows summed in u16 as k / 4 pieces of 4 pixels each (one 16-lane vector: 4 pixel sums x 4 channels, at most
   64 * 255), then the four pixel sums folded across four blocks at a time (fold4), or one block alone for the
   last few. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(reduce_box_blocks)(const uint8_t *src, size_t stride,
                                                                                  const uint8_t *const *next,
                                                                                  const uint32_t k, uint32_t count,
                                                                                  uint8_t *out, uint32_t *m_io) {
    typedef uint8_t v16b __attribute__((vector_size(16)));
    typedef uint16_t v16h __attribute__((vector_size(32)));
    typedef uint16_t v4h __attribute__((vector_size(8)));
    typedef uint8_t v4b __attribute__((vector_size(4)));
    const uint16_t shift = (uint16_t)(2 * __builtin_ctz(k)), half = (uint16_t)(k * k / 2); /* log2(k^2) */
    uint32_t m = *m_io;
#define CK_BLOCK_SUM(acc, block)                                                                                 \
    do {                                                                                                         \
        acc = (v16h){0};                                                                                         \
        for (uint32_t y = 0; y < k; y++)                                                                         \
            for (uint32_t piece = 0; piece < k / 4; piece++) {                                                   \
                v16b r;                                                                                          \
                memcpy(&r, src + y * stride + (size_t)(block) * k * 4 + piece * 16, 16);                         \
                acc += __builtin_convertvector(r, v16h);                                                         \
            }                                                                                                    \
    } while (0)
    for (; m + 4 <= count; m += 4) {
        v16h blk[4], sum;
        /* the four blocks' columns (16 k bytes) of the next small row's rows, a line at a time */
        if (next != NULL)
            for (uint32_t y = 0; y < k; y++)
                for (uint32_t l = 0; l < 16 * k; l += 64) ck_prefetch_l2(next[y] + (size_t)m * k * 4 + l);
        for (uint32_t b = 0; b < 4; b++) CK_BLOCK_SUM(blk[b], m + b);
        CK_BLUR_NAME(fold4)(blk, &sum);
        const v16b o = __builtin_convertvector((sum + half) >> shift, v16b);
        memcpy(out + (size_t)m * 4, &o, 16);
    }
    for (; m < count; m++) {
        v16h acc;
        CK_BLOCK_SUM(acc, m);
        const v4h sum = __builtin_shufflevector(acc, acc, 0, 1, 2, 3) + __builtin_shufflevector(acc, acc, 4, 5, 6, 7) +
                        __builtin_shufflevector(acc, acc, 8, 9, 10, 11) +
                        __builtin_shufflevector(acc, acc, 12, 13, 14, 15);
        const v4b o = __builtin_convertvector((sum + half) >> shift, v4b);
        memcpy(out + (size_t)m * 4, &o, 4);
    }
#undef CK_BLOCK_SUM
    *m_io = m;
}
#endif

/* Backdrop box reduction (from sigma CK_BACKDROP_BOX_MIN_SIGMA, see blur_route.c) of `count` whole k x k blocks
   (k = 2, 4 or 8) from k rows `stride` apart: per channel the block sum, (sum + k^2 / 2) >> log2(k^2) (at most
   64 * 255 in u16). Exact integer arithmetic, so the SIMD form equals the loop. */
static void CK_BLUR_NAME(reduce_box_row)(const uint8_t *src, size_t stride, const uint8_t *const *next, uint32_t k,
                                         uint32_t count, uint8_t *out) {
    (void)next; /* the scalar build does not prefetch */
    uint32_t m = 0;
#if CK_BLUR_VBYTES > 4
    typedef uint8_t v16b __attribute__((vector_size(16)));
    typedef uint16_t v16h __attribute__((vector_size(32)));
    typedef uint16_t v4h __attribute__((vector_size(8)));
    typedef uint8_t v4b __attribute__((vector_size(4)));
    if (k == 8) {
        CK_BLUR_NAME(reduce_box_blocks)(src, stride, next, 8, count, out, &m);
    } else if (k == 4) {
        CK_BLUR_NAME(reduce_box_blocks)(src, stride, next, 4, count, out, &m);
    } else {
        /* Eight blocks (16 pixels of each row) per step: the two rows summed in u16, then even plus odd pixels. */
        typedef uint8_t v64b __attribute__((vector_size(64)));
        typedef uint16_t v64h __attribute__((vector_size(128)));
        typedef uint16_t v32h __attribute__((vector_size(64)));
        typedef uint8_t v32b __attribute__((vector_size(32)));
        for (; m + 8 <= count; m += 8) {
            v64b r0, r1;
            if (next != NULL)
                for (uint32_t y = 0; y < 2; y++) ck_prefetch_l2(next[y] + (size_t)m * 8);
            memcpy(&r0, src + (size_t)m * 8, 64);
            memcpy(&r1, src + stride + (size_t)m * 8, 64);
            const v64h acc = __builtin_convertvector(r0, v64h) + __builtin_convertvector(r1, v64h);
            const v32h even = __builtin_shufflevector(acc, acc, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26,
                                                      27, 32, 33, 34, 35, 40, 41, 42, 43, 48, 49, 50, 51, 56, 57, 58,
                                                      59);
            const v32h odd = __builtin_shufflevector(acc, acc, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29,
                                                     30, 31, 36, 37, 38, 39, 44, 45, 46, 47, 52, 53, 54, 55, 60, 61,
                                                     62, 63);
            const v32b o = __builtin_convertvector((even + odd + 2) >> 2, v32b);
            memcpy(out + (size_t)m * 4, &o, 32);
        }
        for (; m + 2 <= count; m += 2) {
            v16b r0, r1;
            memcpy(&r0, src + (size_t)m * 8, 16);
            memcpy(&r1, src + stride + (size_t)m * 8, 16);
            const v16h acc = __builtin_convertvector(r0, v16h) + __builtin_convertvector(r1, v16h);
            const v4h s0 =
                __builtin_shufflevector(acc, acc, 0, 1, 2, 3) + __builtin_shufflevector(acc, acc, 4, 5, 6, 7);
            const v4h s1 =
                __builtin_shufflevector(acc, acc, 8, 9, 10, 11) + __builtin_shufflevector(acc, acc, 12, 13, 14, 15);
            const v4b o0 = __builtin_convertvector((s0 + 2) >> 2, v4b);
            const v4b o1 = __builtin_convertvector((s1 + 2) >> 2, v4b);
            memcpy(out + (size_t)m * 4, &o0, 4);
            memcpy(out + (size_t)m * 4 + 4, &o1, 4);
        }
    }
#endif
    const uint32_t shift = 2 * (uint32_t)__builtin_ctz(k); /* log2(k^2) */
    for (; m < count; m++)
        for (int c = 0; c < 4; c++) {
            uint32_t sum = 0;
            for (uint32_t y = 0; y < k; y++)
                for (uint32_t x = 0; x < k; x++) sum += src[y * stride + ((size_t)m * k + x) * 4 + c];
            out[(size_t)m * 4 + c] = (uint8_t)((sum + (k * k) / 2) >> shift);
        }
}

/* Small pixel j has its centre at full-resolution (j + 0.5) k, so output x = m k + p samples small position
   u = (2x + 1 - k) / (2k) between ring indices m + (p >= k/2) and the next, with weight f = (2p + 1 + k) mod 2k
   on the second (out of 2k): for k = 4, pixels p = 0..3 of block m take (3, 5, 0), (1, 7, 0), (0, 7, 1),
   (0, 5, 3) eighths of ring pixels (m, m + 1, m + 2); for k = 2, (1, 3, 0) and (0, 3, 1) quarters; for k = 8,
   (7, 9, 0), (5, 11, 0), (3, 13, 0), (1, 15, 0), (0, 15, 1), (0, 13, 3), (0, 11, 5), (0, 9, 7) sixteenths.
   enlarge_h widens one small row (with one ring pixel each side; xs = small width + 2) to w pixels of unrounded u16
   sums (at most 255 * 2k); enlarge_v then blends two of them with (2k - wy, wy) and rounds the total weight (2k)^2
   half up. Each small row is widened once for the k output rows that use it. Integer arithmetic is exact, so
   the SIMD blocks equal the per-pixel loops. */
static void CK_BLUR_NAME(enlarge_h)(const uint8_t *a, uint16_t *out, uint32_t k, uint32_t xs, uint32_t w) {
    uint32_t m = 0;
#if CK_BLUR_VBYTES > 4
    const uint32_t blocks = w / k;
    typedef uint8_t v4b __attribute__((vector_size(4)));
    /* Eight blocks per step: the three ring pixels of block j are a[j], a[j + 1], a[j + 2], so the per-phase sums
       for 8 consecutive blocks are sums of three shifted 8-pixel vectors (u16: at most 255 * 2k); then the phases
       are interleaved pixel by pixel (64-bit units). The reads stop at ring pixel blocks + 1 < xs. */
    typedef uint8_t v32b __attribute__((vector_size(32)));
    typedef uint16_t v32h __attribute__((vector_size(64)));
    typedef uint64_t v8q __attribute__((vector_size(64)));
    typedef uint64_t v16q __attribute__((vector_size(128)));
    for (; k <= 4 && m + 8 <= blocks; m += 8) {
        v32b b0, b1, b2;
        memcpy(&b0, a + (size_t)m * 4, 32);
        memcpy(&b1, a + (size_t)m * 4 + 4, 32);
        memcpy(&b2, a + (size_t)m * 4 + 8, 32);
        const v32h r0 = __builtin_convertvector(b0, v32h), r1 = __builtin_convertvector(b1, v32h);
        const v32h r2 = __builtin_convertvector(b2, v32h);
        if (k == 2) {
            const v8q e = (v8q)(r0 + 3 * r1), o = (v8q)(3 * r1 + r2);
            const v16q eo = __builtin_shufflevector(e, o, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
            memcpy(out + (size_t)m * 8, &eo, 128);
        } else {
            const v8q p0 = (v8q)(3 * r0 + 5 * r1), p1 = (v8q)(r0 + 7 * r1);
            const v8q p2 = (v8q)(7 * r1 + r2), p3 = (v8q)(5 * r1 + 3 * r2);
            const v16q x = __builtin_shufflevector(p0, p1, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
            const v16q y = __builtin_shufflevector(p2, p3, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
            const v16q lo = __builtin_shufflevector(x, y, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
            const v16q hi =
                __builtin_shufflevector(x, y, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31);
            memcpy(out + (size_t)m * 16, &lo, 128);
            memcpy(out + (size_t)m * 16 + 64, &hi, 128);
        }
    }
    if (k == 8) {
        /* One block (8 pixels, 32 lanes) per step; 8 blocks at once would interleave eight phase vectors. */
        const v32h wa8 = {7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1,
                          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        const v32h wb8 = {9, 9, 9, 9, 11, 11, 11, 11, 13, 13, 13, 13, 15, 15, 15, 15,
                          15, 15, 15, 15, 13, 13, 13, 13, 11, 11, 11, 11, 9, 9, 9, 9};
        const v32h wc8 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                          1, 1, 1, 1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7};
        for (; m < blocks; m++) {
            v4b p0, p1, p2;
            memcpy(&p0, a + m * 4, 4);
            memcpy(&p1, a + m * 4 + 4, 4);
            memcpy(&p2, a + m * 4 + 8, 4);
#define CK_BROADCAST8(p)                                                                                             \
    __builtin_convertvector(__builtin_shufflevector(p, p, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, \
                                                    0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3),                             \
                            v32h)
            const v32h o = wa8 * CK_BROADCAST8(p0) + wb8 * CK_BROADCAST8(p1) + wc8 * CK_BROADCAST8(p2);
#undef CK_BROADCAST8
            memcpy(out + (size_t)m * 32, &o, 64);
        }
    } else if (k == 4) {
        typedef uint16_t v16h __attribute__((vector_size(32)));
        const v16h wa4 = {3, 3, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        const v16h wb4 = {5, 5, 5, 5, 7, 7, 7, 7, 7, 7, 7, 7, 5, 5, 5, 5};
        const v16h wc4 = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 3, 3, 3, 3};
        for (; m < blocks; m++) {
            v4b p0, p1, p2;
            memcpy(&p0, a + m * 4, 4);
            memcpy(&p1, a + m * 4 + 4, 4);
            memcpy(&p2, a + m * 4 + 8, 4);
            const v16h r0 = __builtin_convertvector(
                __builtin_shufflevector(p0, p0, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3), v16h);
            const v16h r1 = __builtin_convertvector(
                __builtin_shufflevector(p1, p1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3), v16h);
            const v16h r2 = __builtin_convertvector(
                __builtin_shufflevector(p2, p2, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3), v16h);
            const v16h o = wa4 * r0 + wb4 * r1 + wc4 * r2;
            memcpy(out + (size_t)m * 16, &o, 32);
        }
    } else {
        typedef uint16_t v8h __attribute__((vector_size(16)));
        const v8h wa2 = {1, 1, 1, 1, 0, 0, 0, 0}, wb2 = {3, 3, 3, 3, 3, 3, 3, 3}, wc2 = {0, 0, 0, 0, 1, 1, 1, 1};
        for (; m < blocks; m++) {
            v4b p0, p1, p2;
            memcpy(&p0, a + m * 4, 4);
            memcpy(&p1, a + m * 4 + 4, 4);
            memcpy(&p2, a + m * 4 + 8, 4);
            const v8h r0 = __builtin_convertvector(__builtin_shufflevector(p0, p0, 0, 1, 2, 3, 0, 1, 2, 3), v8h);
            const v8h r1 = __builtin_convertvector(__builtin_shufflevector(p1, p1, 0, 1, 2, 3, 0, 1, 2, 3), v8h);
            const v8h r2 = __builtin_convertvector(__builtin_shufflevector(p2, p2, 0, 1, 2, 3, 0, 1, 2, 3), v8h);
            const v8h o = wa2 * r0 + wb2 * r1 + wc2 * r2;
            memcpy(out + (size_t)m * 8, &o, 16);
        }
    }
#endif
    /* Per-pixel form: the scalar reference, and the last partial block everywhere. */
    for (uint32_t x = m * k; x < w; x++) {
        const uint32_t p = x % k, i0 = x / k + (p >= k / 2 ? 1 : 0);
        const uint32_t f = (2 * p + 1 + k) % (2 * k), i1 = i0 + 1 < xs ? i0 + 1 : xs - 1;
        for (int c = 0; c < 4; c++)
            out[(size_t)x * 4 + c] = (uint16_t)((2 * k - f) * a[i0 * 4 + c] + f * a[i1 * 4 + c]);
    }
}

/* enlarge_v blending into the rows (weight < 256; only inside a level's switch band): a row at a time, each byte
   d of the row becoming (d (256 - weight) + e weight + 128) >> 8 with e the enlarged byte (at most 255 * 256 + 128 in
   u16 lanes). A function of its own, so that enlarge_v's plain stores compile as they would without it. */
static __attribute__((noinline)) void CK_BLUR_NAME(enlarge_v_blend)(const uint16_t *ha, const uint16_t *hb, uint32_t k,
                                                                    uint32_t f0, uint8_t *const *out, uint32_t nrows,
                                                                    size_t n, uint32_t weight) {
    const uint32_t shift = 2 + 2 * (uint32_t)__builtin_ctz(k), round = 1u << (shift - 1);
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    typedef uint16_t v32h __attribute__((vector_size(64)));
    typedef uint8_t v32b __attribute__((vector_size(32)));
    const v32h two_k = (v32h){0} + (uint16_t)(2 * k), vr = (v32h){0} + (uint16_t)round;
#define CK_ENLARGE_BLEND(SHIFT)                                                                              \
    do {                                                                                                     \
        const v32h keep = (v32h){0} + (uint16_t)(256u - weight), wt = (v32h){0} + (uint16_t)weight;         \
        const v32h half = (v32h){0} + 128;                                                                   \
        size_t end = 0;                                                                                      \
        for (uint32_t q = 0; q < nrows; q++) {                                                               \
            const v32h vf = (v32h){0} + (uint16_t)(f0 + 2 * q);                                              \
            uint8_t *o = out[q];                                                                             \
            for (end = 0; end + 32 <= n; end += 32) {                                                        \
                v32h x, y;                                                                                   \
                v32b ob;                                                                                     \
                memcpy(&x, ha + end, 64);                                                                    \
                memcpy(&y, hb + end, 64);                                                                    \
                memcpy(&ob, o + end, 32);                                                                    \
                const v32h e = (x * two_k + vr + vf * (y - x)) >> SHIFT;                                     \
                CK_BLUR_NARROW16((__builtin_convertvector(ob, v32h) * keep + e * wt + half) >> 8, o + end);  \
            }                                                                                                \
        }                                                                                                    \
        i = end;                                                                                             \
    } while (0)
    if (k == 8)
        CK_ENLARGE_BLEND(8);
    else if (k == 4)
        CK_ENLARGE_BLEND(6);
    else
        CK_ENLARGE_BLEND(4);
#undef CK_ENLARGE_BLEND
#endif
    for (uint32_t q = 0; q < nrows; q++) {
        const uint32_t fb = f0 + 2 * q, fa = 2 * k - fb;
        uint8_t *o = out[q];
        CK_BLUR_NOVEC
        for (size_t j = i; j < n; j++) {
            const uint32_t e = (fa * ha[j] + fb * hb[j] + round) >> shift;
            o[j] = (uint8_t)((o[j] * (256u - weight) + e * weight + 128u) >> 8);
        }
    }
}

/* The output rows between two widened rows (all k of them in one call) share their loads and their difference: rows
   q = 0 .. nrows - 1 have vertical weights f = f0 + 2q on hb (out of 2k; consecutive output rows step the sampling
   position by 2 / 2k), and row q is (2k ha + round + f (hb - ha)) >> shift, which equals ((2k - f) ha + f hb +
   round) >> shift exactly: the true value is at most (2k)^2 255 + round < 2^16, so u16 wrap-around in hb - ha and in
   the sums cancels. The vector form keeps t = 2k ha + round + f (hb - ha) and adds 2 (hb - ha) per row: one add, one
   shift (by a constant) and a pack per output vector. The 8 rows of k = 8 go in one call rather than two of 4: the
   ha and hb loads, the difference and the start of t are shared by twice the rows, and the stores run as 8 row
   streams. Each 64 bytes it also asks for the same columns of the next call's rows into L2 (into L1 gained less), so
   their lines (from memory, for a full-screen destination) arrive before the stores do. */
static void CK_BLUR_NAME(enlarge_v)(const uint16_t *ha, const uint16_t *hb, uint32_t k, uint32_t f0,
                                    uint8_t *const *out, uint32_t nrows, uint8_t *const *next, uint32_t nnext,
                                    size_t n, uint32_t weight) {
    if (weight < 256) {
        CK_BLUR_NAME(enlarge_v_blend)(ha, hb, k, f0, out, nrows, n, weight);
        return;
    }
    (void)next; /* the scalar build does not prefetch */
    (void)nnext;
    const uint32_t shift = 2 + 2 * (uint32_t)__builtin_ctz(k), round = 1u << (shift - 1); /* log2((2k)^2) */
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    typedef uint16_t v32h __attribute__((vector_size(64)));
    const v32h two_k = (v32h){0} + (uint16_t)(2 * k), vr = (v32h){0} + (uint16_t)round;
    const v32h vf0 = (v32h){0} + (uint16_t)f0;
    /* One shape per row count and factor keeps the pointers in registers and the shift an immediate. */
#define CK_ENLARGE_ROWS(R, SHIFT)                                                                            \
    do {                                                                                                     \
        uint8_t *o[R];                                                                                       \
        for (uint32_t q = 0; q < R; q++) o[q] = out[q];                                                      \
        for (; i + 32 <= n; i += 32) {                                                                       \
            if (i % 64 == 0)                                                                                 \
                for (uint32_t q = 0; q < nnext; q++) ck_prefetch_l2(next[q] + i);                            \
            v32h x, y;                                                                                       \
            memcpy(&x, ha + i, 64);                                                                          \
            memcpy(&y, hb + i, 64);                                                                          \
            const v32h d = y - x, d2 = d + d;                                                                \
            v32h t = x * two_k + vr + vf0 * d;                                                               \
            for (uint32_t q = 0; q < R; q++) {                                                               \
                CK_BLUR_NARROW16(t >> SHIFT, o[q] + i);                                                      \
                t += d2;                                                                                     \
            }                                                                                                \
        }                                                                                                    \
    } while (0)
#define CK_ENLARGE_K(SHIFT)                                                                                  \
    switch (nrows) {                                                                                         \
    case 8: CK_ENLARGE_ROWS(8, SHIFT); break;                                                                \
    case 7: CK_ENLARGE_ROWS(7, SHIFT); break;                                                                \
    case 6: CK_ENLARGE_ROWS(6, SHIFT); break;                                                                \
    case 5: CK_ENLARGE_ROWS(5, SHIFT); break;                                                                \
    case 4: CK_ENLARGE_ROWS(4, SHIFT); break;                                                                \
    case 3: CK_ENLARGE_ROWS(3, SHIFT); break;                                                                \
    case 2: CK_ENLARGE_ROWS(2, SHIFT); break;                                                                \
    default: CK_ENLARGE_ROWS(1, SHIFT); break;                                                               \
    }
    if (k == 8)
        CK_ENLARGE_K(8)
    else if (k == 4)
        CK_ENLARGE_K(6)
    else
        CK_ENLARGE_K(4)
#undef CK_ENLARGE_K
#undef CK_ENLARGE_ROWS
#endif
    for (uint32_t q = 0; q < nrows; q++) {
        const uint32_t fb = f0 + 2 * q, fa = 2 * k - fb;
        uint8_t *o = out[q];
        CK_BLUR_NOVEC
        for (size_t j = i; j < n; j++) o[j] = (uint8_t)((fa * ha[j] + fb * hb[j] + round) >> shift);
    }
}

#endif
