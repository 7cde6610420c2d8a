/*
 * The box blur's kernels: column updates, the fused row and the exact divisions (driver: blur_box.c).
 */
#ifndef CK_BLUR_KERNELS_BOX_H
#define CK_BLUR_KERNELS_BOX_H

#include "blur_kernels_common.h"

/* MARK: - Box */

static void CK_BLUR_NAME(box_col_update)(uint32_t *col, const uint8_t *add, const uint8_t *sub, size_t n) {
    CK_BLUR_NOVEC
    for (size_t i = 0; i < n; i++) col[i] += (uint32_t)add[i] - (uint32_t)sub[i];
}

/* out = floor((s + n/2) / n) as truncation of fl(fl(x + 0.5) * inv), x = s + n/2 (see box_row for the float
   form): in double the error is <= 256 * 2^-52 * 1.01 < 0.5/n for every n < 2^42. Used for 2^14 <= n < 2^23,
   where x < 2^31 converts from int32. */
static void CK_BLUR_NAME(box_divide_f64)(const uint32_t *s, uint8_t *out, size_t count, uint32_t half,
                                         double inv) {
    CK_BLUR_NOVEC
    for (size_t i = 0; i < count; i++) {
        const double x = (double)(int32_t)(s[i] + half);
        out[i] = (uint8_t)(int32_t)((x + 0.5) * inv);
    }
}

/* Box, one output row with everything fused (the driver uses it while the window area N < 2^14, the range of
   the float division's proof below): first, when add is not NULL, the column sums move to this row,
   col[i] += add[i] - sub[i]; then the running window of 2 rx + 1 column sums along the row (edges replicated);
   then the exact division, out = floor((s + N/2) / N) (acc carries + N/2 from the start): x = s + N/2 < 2^22
   is exact in float, and so is x + 0.5; fl(fl(x + 0.5) * fl(1/N)) is within (x + 0.5)/N * 2^-23 < 2^-15 of
   (x + 0.5)/N, while (x + 0.5)/N is at least 0.5/N > 2^-15 away from every integer when N < 2^14, so
   truncation gives floor(x / N) exactly.
   Steps of 8 pixels (box_step), everything in registers: the column update runs a few steps ahead of the window
   (CK_BOX_AHEAD), so the column sums are read while in L1 and no row of window sums is written; the three former
   passes over a row (update, window, divide) touched 40 KB of u32 sums each on a full-screen row. The middle steps are
   one loop with no test in it (the row's first sum needs none, see box_step; the update is unswitched).

   Column sums are 16-bit (box_row16) while ry <= CK_BOX_COL16_MAX_RY: a column sum is then at most 255 * 127 <
   2^15, so the window's differences c - l fit int16 exactly; they are taken in 16-bit lanes and sign-extended
   once, and the update moves half the bytes and widens bytes to 16 bits only. Larger ry keep 32-bit sums
   (box_row). The two are one code path with the lane width a constant (`narrow`).
   Update ahead: the window reads the dropped columns (2 rx + 1 pixels behind the added ones) at an odd pixel
   offset from the update's vector stores, so each of its vector loads spans two stores; while those stores are
   still in the store queue such a load cannot take its data from them and waits until both reach the cache.
   With the update of step i + CK_BOX_AHEAD done in step i, every column the window reads was stored at least
   a few steps earlier.

   In place (out aliases sub: the driver's ring slot of the row being subtracted) stays exact because each
   position of sub is read (by the update of its column) before the same position of out is written: the
   update runs rx + 1 >= 1 pixels ahead of the output, and a step's update finishes before its output starts.
   Exact integer arithmetic up to the division, whose float form is exact (above), so every build
   gives the same bytes. */

#define CK_BOX_AHEAD 8

/* The column sums from lane i (uint16 lanes when narrow, else uint32). */
static inline __attribute__((always_inline)) void *CK_BLUR_NAME(box_col_at)(const void *col, size_t i,
                                                                          const int narrow) {
    return (uint8_t *)(uintptr_t)col + i * (narrow ? 2 : 4);
}

/* One step's 32 lanes of column sums at col moved to this row: col += add - sub. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_update_block)(void *col, const uint8_t *add,
                                                                               const uint8_t *sub,
                                                                               const int narrow) {
    typedef uint8_t v32b __attribute__((vector_size(32)));
    v32b a, b;
    memcpy(&a, add, sizeof a);
    memcpy(&b, sub, sizeof b);
    if (narrow) {
        typedef uint16_t v32h __attribute__((vector_size(64)));
        v32h c;
        memcpy(&c, col, sizeof c);
        c += __builtin_convertvector(a, v32h) - __builtin_convertvector(b, v32h);
        memcpy(col, &c, sizeof c);
    } else {
        typedef uint32_t v32u __attribute__((vector_size(128)));
        v32u c;
        memcpy(&c, col, sizeof c);
        c += __builtin_convertvector(a, v32u) - __builtin_convertvector(b, v32u);
        memcpy(col, &c, sizeof c);
    }
}

/* Lanes i0 .. i1 of the column sums moved to this row (the row's edges: its first pixels and its end). */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_update)(void *col, const uint8_t *add,
                                                                         const uint8_t *sub, size_t i0, size_t i1,
                                                                         const int narrow) {
    size_t i = i0;
    for (; i + 32 <= i1; i += 32)
        CK_BLUR_NAME(box_update_block)(CK_BLUR_NAME(box_col_at)(col, i, narrow), add + i, sub + i, narrow);
    CK_BLUR_NOVEC
    for (; i < i1; i++) {
        if (narrow)
            ((uint16_t *)col)[i] = (uint16_t)(((uint16_t *)col)[i] + add[i] - sub[i]);
        else
            ((uint32_t *)col)[i] += (uint32_t)add[i] - (uint32_t)sub[i];
    }
}

/* Pixel i's four column sums as uint32 lanes. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_col_px)(const void *col, size_t i,
                                                                         const int narrow, void *out) {
    typedef uint32_t v4u __attribute__((vector_size(16)));
    typedef uint16_t v4h __attribute__((vector_size(8)));
    v4u v;
    if (narrow) {
        v4h h;
        memcpy(&h, (const uint16_t *)col + i * 4, sizeof h);
        v = __builtin_convertvector(h, v4u);
    } else {
        memcpy(&v, (const uint32_t *)col + i * 4, sizeof v);
    }
    memcpy(out, &v, sizeof v);
}

/* 32 window sums (uint32 lanes, + N/2 already added) divided by N and narrowed to 32 bytes at o: the float form of
   the exact division described at box_row. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_divide32)(const void *s, float inv, uint8_t *o) {
#if CK_BLUR_VBYTES > 4
    typedef int32_t v32i __attribute__((vector_size(128)));
    typedef float v32f __attribute__((vector_size(128)));
    v32i v;
    memcpy(&v, s, sizeof v);
    const v32f x = __builtin_convertvector(v, v32f);
#if CK_BLUR_VBYTES == 32
    /* fl(fl(x + 0.5) inv) = fl((x + 0.5) inv) because x + 0.5 is exact, and (x + 0.5) inv = x inv + 0.5 inv with
       0.5 inv exact: one fused multiply-add rounds the same real number once, so it gives the same float (the AVX2
       build has FMA; fp contract stays off for everything else). */
    const v32f y = __builtin_elementwise_fma(x, (v32f){0} + inv, (v32f){0} + 0.5f * inv);
    const v32i q = __builtin_convertvector(y, v32i);
#else
    const v32i q = __builtin_convertvector((x + 0.5f) * inv, v32i);
#endif
    CK_BLUR_NARROW32(q, o);
#else
    uint32_t t[32];
    memcpy(t, s, sizeof t);
    CK_BLUR_NOVEC
    for (int i = 0; i < 32; i++) o[i] = (uint8_t)(int32_t)(((float)(int32_t)t[i] + 0.5f) * inv);
#endif
}

/* The columns col[clamp(x + j + off)], j = 0..7, clamped to [0, last], as 4 pixel pairs of uint32 lanes: an edge
   step's column reads, one pixel per load (each within one store of box_update, which the edge steps run just
   ahead). Only the steps that straddle an end of the row clamp pixel by pixel; one wholly past an end repeats
   that end's column. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_cols_clamped)(const void *col, int64_t x,
                                                                               int64_t off, uint32_t last,
                                                                               const int narrow, void *out) {
    typedef uint32_t v4u __attribute__((vector_size(16)));
    typedef uint32_t v8u __attribute__((vector_size(32)));
    const int64_t i0 = x + off;
    v4u px[8];
    if (i0 + 7 <= 0 || i0 >= (int64_t)last) {
        CK_BLUR_NAME(box_col_px)(col, i0 <= 0 ? 0 : last, narrow, &px[0]);
        for (int j = 1; j < 8; j++) px[j] = px[0];
    } else if (i0 >= 0 && i0 + 7 <= (int64_t)last) {
        for (int j = 0; j < 8; j++) CK_BLUR_NAME(box_col_px)(col, (size_t)i0 + j, narrow, &px[j]);
    } else {
        for (int j = 0; j < 8; j++) {
            const int64_t i = i0 + j;
            CK_BLUR_NAME(box_col_px)(col, i < 0 ? 0 : i > (int64_t)last ? last : (size_t)i, narrow, &px[j]);
        }
    }
    v8u y[4];
    for (int k = 0; k < 4; k++) y[k] = __builtin_shufflevector(px[2 * k], px[2 * k + 1], 0, 1, 2, 3, 4, 5, 6, 7);
    memcpy(out, y, sizeof y);
}

/* The differences d_j = col[hi + j] - col[lo + j] of 8 pixels (no clamping) as 4 pixel pairs of uint32 lanes. With
   16-bit sums the subtraction is in 16-bit lanes (exact: both sums are below 2^15) and the result sign-extended. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_diff)(const void *hi, const void *lo,
                                                                       const int narrow, void *d) {
    if (narrow) {
        typedef uint16_t v32h __attribute__((vector_size(64)));
        typedef int16_t v32s __attribute__((vector_size(64)));
        typedef int32_t v8i __attribute__((vector_size(32)));
        v32h c, l;
        memcpy(&c, hi, sizeof c);
        memcpy(&l, lo, sizeof l);
        const v32s e = (v32s)(c - l);
        const v8i r[4] = {
            __builtin_convertvector(__builtin_shufflevector(e, e, 0, 1, 2, 3, 4, 5, 6, 7), v8i),
            __builtin_convertvector(__builtin_shufflevector(e, e, 8, 9, 10, 11, 12, 13, 14, 15), v8i),
            __builtin_convertvector(__builtin_shufflevector(e, e, 16, 17, 18, 19, 20, 21, 22, 23), v8i),
            __builtin_convertvector(__builtin_shufflevector(e, e, 24, 25, 26, 27, 28, 29, 30, 31), v8i),
        };
        memcpy(d, r, sizeof r);
    } else {
        typedef uint32_t v8u __attribute__((vector_size(32)));
        v8u c[4], l[4], r[4];
        memcpy(c, hi, sizeof c);
        memcpy(l, lo, sizeof l);
        for (int j = 0; j < 4; j++) r[j] = c[j] - l[j];
        memcpy(d, r, sizeof r);
    }
}

/* One step of the window along the row, 8 pixels in registers: from the differences D = [d_2m, d_2m+1] (pixel
   pairs) with d_j = s_j+1 - s_j, that is col[x + j + rx + 1] - col[x + j - rx] clamped to the row, the running
   sum two pixels per step, p = [s_2m, s_2m+1] += [d_2m + d_2m+1, d_2m+1 + d_2m+2], so the sequential chain is one
   add per two pixels; and the division of the first n (<= 8) pixels into o. The pair [d_2m+1, d_2m+2] straddles
   two of D: the step's last pair waits for the next step's first, so a step first finishes the previous step's
   last sum from p and dl, its last D. The row starts from p = [s_0, s_0] and dl = 0, which make that first sum
   [s_0, s_0 + d_0]. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_step)(const void *dv, void *pv, void *dlv,
                                                                       float inv, uint8_t *o, uint32_t n) {
    typedef uint32_t v8u __attribute__((vector_size(32)));
    v8u d[4], s[4], p, dl;
    memcpy(d, dv, sizeof d);
    memcpy(&p, pv, sizeof p);
    memcpy(&dl, dlv, sizeof dl);
    p += dl + __builtin_shufflevector(dl, d[0], 4, 5, 6, 7, 8, 9, 10, 11);
    s[0] = p;
    for (int j = 0; j < 3; j++) {
        p += d[j] + __builtin_shufflevector(d[j], d[j + 1], 4, 5, 6, 7, 8, 9, 10, 11);
        s[j + 1] = p;
    }
    memcpy(pv, &p, sizeof p);
    memcpy(dlv, &d[3], sizeof d[3]);
    if (n >= 8) {
        CK_BLUR_NAME(box_divide32)(s, inv, o);
    } else {
        uint8_t t[32];
        CK_BLUR_NAME(box_divide32)(s, inv, t);
        memcpy(o, t, (size_t)n * 4);
    }
}

/* Edge steps of box_row from pixel x on while some column they read clamps (x < rx, or x + rx + 8 > last); returns
   the first pixel left. Each step first moves the columns it reads, up to min(x + rx + 8, last), to this row and
   then gathers them clamped; differences past the last pixel are computed and not used. */
static inline __attribute__((always_inline)) uint32_t CK_BLUR_NAME(box_edge_steps)(
    void *col, const uint8_t *add, const uint8_t *sub, uint8_t *out, uint32_t w, uint32_t rx, float inv,
    uint32_t x, size_t *done, void *p, void *dl, const int narrow) {
    typedef uint32_t v8u __attribute__((vector_size(32)));
    const uint32_t last = w - 1;
    for (; x < w && (x < rx || (uint64_t)x + rx + 8 > last); x += 8) {
        if (add != NULL) {
            const uint64_t need64 = (uint64_t)x + rx + 9;
            const size_t need = need64 > w ? w : (size_t)need64;
            if (need > *done) {
                CK_BLUR_NAME(box_update)(col, add, sub, *done * 4, need * 4, narrow);
                *done = need;
            }
        }
        v8u c[4], l[4], d[4];
        CK_BLUR_NAME(box_cols_clamped)(col, x, (int64_t)rx + 1, last, narrow, c);
        CK_BLUR_NAME(box_cols_clamped)(col, x, -(int64_t)rx, last, narrow, l);
        for (int j = 0; j < 4; j++) d[j] = c[j] - l[j];
        CK_BLUR_NAME(box_step)(d, p, dl, inv, out + (size_t)x * 4, w - x);
    }
    return x;
}

/* `steps` middle steps of box_row from pixel x (no column clamps): both columns walk linearly. With `moves` (a
   constant: the compiler makes one loop with and one without) the steps also move their added columns to this
   row, CK_BOX_AHEAD steps ahead of the window: the first CK_BOX_AHEAD blocks before the loop, block i +
   CK_BOX_AHEAD in step i, so every column a step reads, added or dropped, has been moved (with rx < 4 the dropped
   columns reach into the step's own added ones). */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_middle_steps)(
    void *col, const uint8_t *add, const uint8_t *sub, uint8_t *out, uint32_t rx, float inv, size_t x,
    size_t steps, const int moves, void *p, void *dl, const int narrow) {
    typedef uint32_t v8u __attribute__((vector_size(32)));
    const size_t h0 = (x + rx + 1) * 4, blk = narrow ? 64 : 128; /* bytes of column sums per step */
    uint8_t *hi = CK_BLUR_NAME(box_col_at)(col, h0, narrow);
    const uint8_t *lo = CK_BLUR_NAME(box_col_at)(col, (x - rx) * 4, narrow);
    uint8_t *o = out + x * 4;
    size_t i = 0;
    if (moves) {
        const uint8_t *ad = add + h0, *sb = sub + h0;
        for (size_t j = 0; j < CK_BOX_AHEAD && j < steps; j++)
            CK_BLUR_NAME(box_update_block)(hi + j * blk, ad + 32 * j, sb + 32 * j, narrow);
        for (; i + CK_BOX_AHEAD < steps; i++) {
            const size_t j = i + CK_BOX_AHEAD;
            CK_BLUR_NAME(box_update_block)(hi + j * blk, ad + 32 * j, sb + 32 * j, narrow);
            v8u d[4];
            CK_BLUR_NAME(box_diff)(hi + i * blk, lo + i * blk, narrow, d);
            CK_BLUR_NAME(box_step)(d, p, dl, inv, o + 32 * i, 8);
        }
    }
    for (; i < steps; i++) {
        v8u d[4];
        CK_BLUR_NAME(box_diff)(hi + i * blk, lo + i * blk, narrow, d);
        CK_BLUR_NAME(box_step)(d, p, dl, inv, o + 32 * i, 8);
    }
}

static inline __attribute__((always_inline)) void CK_BLUR_NAME(box_row_lanes)(void *col, const uint8_t *add,
                                                                            const uint8_t *sub, uint8_t *out,
                                                                            uint32_t w, uint32_t rx, uint32_t half,
                                                                            float inv, const int narrow) {
    typedef uint32_t v4u __attribute__((vector_size(16)));
    typedef uint32_t v8u __attribute__((vector_size(32)));
    const uint32_t last = w - 1, inner = rx < last ? rx : last;
    size_t done = 0; /* pixels of col already moved to this row */
    if (add != NULL) {
        CK_BLUR_NAME(box_update)(col, add, sub, 0, ((size_t)inner + 1) * 4, narrow);
        done = (size_t)inner + 1;
    }
    v4u acc, c0, cl;
    CK_BLUR_NAME(box_col_px)(col, 0, narrow, &c0);
    CK_BLUR_NAME(box_col_px)(col, last, narrow, &cl);
    acc = c0 * (rx + 1) + cl * (rx - inner) + half;
    for (uint32_t i = 1; i <= inner; i++) {
        v4u c;
        CK_BLUR_NAME(box_col_px)(col, i, narrow, &c);
        acc += c;
    }
    /* One chain of box_step along the row: edge steps, middle steps while every column they read lies inside the
       row (x + rx + 8 <= last), edge steps to the end. */
    v8u p = __builtin_shufflevector(acc, acc, 0, 1, 2, 3, 0, 1, 2, 3), dl = {0};
    uint32_t x = CK_BLUR_NAME(box_edge_steps)(col, add, sub, out, w, rx, inv, 0, &done, &p, &dl, narrow);
    if (x >= w) return;
    const size_t steps = ((size_t)last - rx - 8 - x) / 8 + 1;
    if (add != NULL) {
        CK_BLUR_NAME(box_middle_steps)(col, add, sub, out, rx, inv, x, steps, 1, &p, &dl, narrow);
        done = (size_t)x + 8 * steps + rx + 1;
    } else {
        CK_BLUR_NAME(box_middle_steps)(col, add, sub, out, rx, inv, x, steps, 0, &p, &dl, narrow);
    }
    x += (uint32_t)(8 * steps);
    CK_BLUR_NAME(box_edge_steps)(col, add, sub, out, w, rx, inv, x, &done, &p, &dl, narrow);
}

static void CK_BLUR_NAME(box_row)(uint32_t *col, const uint8_t *add, const uint8_t *sub, uint8_t *out, uint32_t w,
                                  uint32_t rx, uint32_t half, float inv) {
    CK_BLUR_NAME(box_row_lanes)(col, add, sub, out, w, rx, half, inv, 0);
}

static void CK_BLUR_NAME(box_row16)(uint16_t *col, const uint8_t *add, const uint8_t *sub, uint8_t *out,
                                    uint32_t w, uint32_t rx, uint32_t half, float inv) {
    CK_BLUR_NAME(box_row_lanes)(col, add, sub, out, w, rx, half, inv, 1);
}

#endif
