/*
 * The blur kernels, written once and compiled once per ISA: blur_scalar.c (the reference), blur_sse2.c,
 * blur_avx2.c (inside `#pragma clang attribute push(target("avx2,fma"))`) and blur_neon.c.
 *
 * Hooks an ISA file defines before including this file (the table it then builds with CK_BLUR_OPS_TABLE(name)):
 *   CK_BLUR_NAME(x)               required: gives every function an ISA-specific name (ck_blur_<isa>_##x)
 *   CK_BLUR_VBYTES                bytes per vector block: 4 (default, one float), 16 (SSE2, NEON) or 32 (AVX2)
 *   CK_BLUR_NOVEC                 a loop pragma placed before the kernels' loops (scalar: vectorisation off)
 *   CK_BLUR_NATIVE_NARROW         NAME(narrow32), NAME(narrow16): 32 lanes in [0, 255] (int32 / uint16) to 32 bytes
 *   CK_BLUR_NATIVE_MULHI16        NAME(mulhi16x32): 32 u16 lanes of (a * b) >> 16 (the direct filter's products)
 *   CK_BLUR_NATIVE_COLOUR_PACKS   NAME(colour_pairs), NAME(colour_bytes): the colour stage's conversions
 *   CK_BLUR_NATIVE_TENT_V         NAME(tent_v32): the reduction's vertical tent on 32 columns
 *   CK_BLUR_NATIVE_TILE_BLOCK     NAME(tile_block), NAME(tile_fence): one 64-byte tile block (optionally streamed)
 *   CK_BLUR_SUB_ON_FMA(x, y, m1)  x - y for a cascade stage (default: the plain subtraction)
 *   CK_BLUR_HIDE_CONSTANT(v)      keeps v opaque to the optimiser (default: nothing)
 *   CK_BLUR_OPAQUE(p)             keeps a pointer in a register of its own (default: an empty asm)
 * A hook must compute exactly what the generic code computes; it changes only the instructions.
 *
 * Loops run lane by lane with no cross-lane reductions, so a vectorised build performs exactly the scalar build's
 * operations on every value: the paths are bit-identical. `fp contract(off)` keeps the AVX2 build from fusing
 * a*b+c into an FMA, which would round differently.
 */
#include <string.h>

#include "blur_internal.h"

#pragma clang fp contract(off)

#ifndef CK_BLUR_NOVEC
#define CK_BLUR_NOVEC
#endif

/* 32 lanes (int32 for CK_BLUR_NARROW32, uint16 for CK_BLUR_NARROW16) to 32 bytes at dst. The generic narrowing
   truncates, so each lane must already lie in [0, 255]; an ISA file that defines CK_BLUR_NATIVE_NARROW supplies
   cheaper saturating packs instead, as CK_BLUR_NAME(narrow32) and CK_BLUR_NAME(narrow16) taking the vector's
   address, and then CK_BLUR_NARROW_SATURATES says a caller may leave the clamp to [0, 255] to the packs. */
#ifdef CK_BLUR_NATIVE_NARROW
#define CK_BLUR_NARROW_SATURATES 1
#define CK_BLUR_NARROW_BY(fn, v, dst)                                                                         \
    do {                                                                                                      \
        const __typeof__(v) ck_narrow_v_ = (v);                                                               \
        fn(&ck_narrow_v_, (dst));                                                                             \
    } while (0)
#define CK_BLUR_NARROW32(v, dst) CK_BLUR_NARROW_BY(CK_BLUR_NAME(narrow32), v, dst)
#define CK_BLUR_NARROW16(v, dst) CK_BLUR_NARROW_BY(CK_BLUR_NAME(narrow16), v, dst)
#else
#define CK_BLUR_NARROW_GENERIC(v, dst)                                                                        \
    do {                                                                                                      \
        typedef uint8_t ck_narrow_b_ __attribute__((vector_size(32)));                                      \
        const ck_narrow_b_ ck_narrow_o_ = __builtin_convertvector((v), ck_narrow_b_);                        \
        memcpy((dst), &ck_narrow_o_, 32);                                                                     \
    } while (0)
#define CK_BLUR_NARROW32(v, dst) CK_BLUR_NARROW_GENERIC(v, dst)
#define CK_BLUR_NARROW16(v, dst) CK_BLUR_NARROW_GENERIC(v, dst)
#define CK_BLUR_NARROW_SATURATES 0
#endif

#ifndef CK_BLUR_OPAQUE
/* An empty asm that claims to change p: the compiler keeps p in a register of its own (see cascade_run). */
#if defined(__GNUC__) || defined(__clang__)
#define CK_BLUR_OPAQUE(p) __asm__("" : "+r"(p))
#else
#define CK_BLUR_OPAQUE(p) ((void)0)
#endif
#endif

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

/* MARK: - Gaussian */

/* Lane blocks: CK_BLUR_VBYTES-byte GCC/clang vectors (1 float in the scalar build, 4 for SSE2 and NEON, 8 for
   AVX2). Vector arithmetic is lane-wise IEEE arithmetic, so each lane does exactly what the scalar build does;
   unaligned access goes through memcpy. The explicit blocks also sidestep the aliasing analysis that kept the
   compiler from vectorising the in-place passes. */
#ifndef CK_BLUR_VBYTES
#define CK_BLUR_VBYTES 4
#endif
#define CK_VL (CK_BLUR_VBYTES / 4)
#define CK_NB (CK_GAUSS_LANES / CK_VL)
typedef float CK_BLUR_NAME(vf) __attribute__((vector_size(CK_BLUR_VBYTES)));
typedef int32_t CK_BLUR_NAME(vi) __attribute__((vector_size(CK_BLUR_VBYTES)));
typedef uint8_t CK_BLUR_NAME(vb) __attribute__((vector_size(CK_VL)));
typedef uint16_t CK_BLUR_NAME(vh) __attribute__((vector_size(CK_VL * 2)));
#define vf CK_BLUR_NAME(vf)
#define vi CK_BLUR_NAME(vi)
#define vb CK_BLUR_NAME(vb)
#define vh CK_BLUR_NAME(vh)

static inline vf CK_BLUR_NAME(ldf)(const float *p) {
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void CK_BLUR_NAME(stf)(float *p, vf v) { memcpy(p, &v, sizeof v); }
#define LDF CK_BLUR_NAME(ldf)
#define STF CK_BLUR_NAME(stf)
/* x - y for a cascade stage, which an ISA build may issue on its fused multiply-add pipes instead of its add
   pipes: AVX2 defines it as fma(y, m1, x) with m1 = -1 in every lane. The product y * -1 is exact and the fma
   rounds once, so that is exactly x - y, the same bits as the plain subtraction. It pays where adds and FMAs issue
   to different pipes (AMD Zen 4: FADD on two, FMA and FMUL on the other two): a plain stage is two adds (d and
   the running sum), so the cascade waits on the two add pipes while the FMA pipes idle; moving d over balances
   them (see docs/performance.md, "Gaussian").
   m1 comes from CK_BLUR_HIDE_CONSTANT: with the constant in sight the compiler folds fma(y, -1, x) back into a
   subtraction. Where adds and FMAs share ports with the same latency (recent Intel cores) it should cost nothing. */
#ifndef CK_BLUR_SUB_ON_FMA
#define CK_BLUR_SUB_ON_FMA(x, y, m1) ((x) - (y))
#endif
#ifndef CK_BLUR_HIDE_CONSTANT
#define CK_BLUR_HIDE_CONSTANT(v) ((void)(v))
#endif

/* The four box passes along one padded line of `total` positions of CK_GAUSS_LANES lanes, in place, as one
   cascade. Stage k (0..3) has radius r_k and span_k = 2 r_k + 2; at position i the new value enters, and stage k
   steps at j = i - off_k (off_k = span_0 + ... + span_k) with h the value stage k - 1 has just produced at
   j + span_k (the input itself for stage 0). An extended stage (end taps alpha) does
       out = s_k + alpha (line[j] + h),  s_k <- s_k + (h - line[j + 1]),  line[j] <- out,
   a plain stage (no end taps) does the same without the taps: out = s_k (two float operations instead of
   five, which is why the larger sigmas use three plain stages).
   Per lane this is exactly four whole-line passes out[j] = sum(in[j+1 .. j+2r+1]) (+ alpha (in[j] + in[j+2r+2]))
   run one after another (the same operations in the same order on the same values): stage k reads line[j] and
   line[j + 1] after stage k - 1 finished them and before stage k overwrites them, and each stage's running sum
   starts at its first position as in[1] + ... + in[2r_k + 1] from 0, ascending. With total = w + off_3 the
   result is in positions 0 .. w - 1. One sweep instead of four: the 4 x 16 running sums and h stay in
   registers, and the positions the stages touch lie within off_3 + 1 of each other, so in L1. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(cascade_run)(float *line, size_t i0, size_t i1,
                                                                         const size_t off[4], vf a, vf s[4][CK_NB],
                                                                         const int stages, const int plain) {
    /* One pointer per stage, each stepped by one position and hidden from the optimiser (CK_BLUR_OPAQUE):
       otherwise loop strength reduction folds them into one induction variable plus a register offset per
       stage, and on x86 every load-op and store with such base + index addressing splits into two uops
       (un-lamination), so the loop is issue-bound instead of bound by its float operations. */
    float *lo[4] = {0};
    vf m1 = (vf){0} - 1.0f;
    CK_BLUR_HIDE_CONSTANT(m1);
    const float *in = line + i0 * CK_GAUSS_LANES;
    for (int k = 0; k < stages; k++) lo[k] = line + (i0 - off[k]) * CK_GAUSS_LANES;
    for (size_t i = i0; i < i1; i++) {
        vf h[CK_NB];
        for (int b = 0; b < CK_NB; b++) h[b] = LDF(in + b * CK_VL);
        for (int k = 0; k < stages; k++) {
            const float *first = lo[k] + CK_GAUSS_LANES;
            for (int b = 0; b < CK_NB; b++) {
                const vf sv = s[k][b];
                const vf d = CK_BLUR_SUB_ON_FMA(h[b], LDF(first + b * CK_VL), m1);
                if (plain && k < 3) {
                    h[b] = sv;
                } else {
                    const vf edge = LDF(lo[k] + b * CK_VL) + h[b];
                    h[b] = sv + a * edge;
                }
                s[k][b] = sv + d;
                STF(lo[k] + b * CK_VL, h[b]);
            }
        }
        in += CK_GAUSS_LANES;
        for (int k = 0; k < stages; k++) {
            lo[k] += CK_GAUSS_LANES;
            CK_BLUR_OPAQUE(lo[k]);
        }
    }
}

/* The cascade over positions [i0, total) of a line. From i0 = 0 it starts every stage (see below); from i0 > 0
   it resumes a cascade that an earlier call left with its running sums in state (4 x CK_GAUSS_LANES floats) and
   its last off_3 positions moved to the line's positions [0, off_3), so i0 = off_3: the same operations on the
   same values as one call over the whole line. state may be NULL when nothing follows. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(cascade_all)(float *line, size_t i0, size_t total,
                                                                         const ck_gauss_boxes *bx, float *state,
                                                                         const int plain) {
    const vf a = (vf){0} + bx->alpha;
    size_t off[4], acc = 0;
    for (int k = 0; k < 4; k++) off[k] = acc += 2 * (size_t)bx->r[k] + 2;
    vf s[4][CK_NB];
    if (i0 > 0) {
        for (int k = 0; k < 4; k++)
            for (int b = 0; b < CK_NB; b++) s[k][b] = LDF(state + k * CK_GAUSS_LANES + b * CK_VL);
        CK_BLUR_NAME(cascade_run)(line, i0, total, off, a, s, 4, plain);
    } else {
        for (int m = 1; m <= 4; m++) {
            /* Stage m - 1 starts at position off[m - 1] (its j = 0) from the sum of positions 1 .. 2r + 1, which
               stage m - 2 finished at positions below off[m - 1]. */
            for (int b = 0; b < CK_NB; b++) s[m - 1][b] = (vf){0};
            for (size_t q = 1; q <= 2 * (size_t)bx->r[m - 1] + 1; q++) {
                const float *p = line + q * CK_GAUSS_LANES;
                for (int b = 0; b < CK_NB; b++) s[m - 1][b] = s[m - 1][b] + LDF(p + b * CK_VL);
            }
            const size_t j0 = off[m - 1], j1 = m < 4 ? off[m] : total;
            switch (m) {
            case 1: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 1, plain); break;
            case 2: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 2, plain); break;
            case 3: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 3, plain); break;
            default: CK_BLUR_NAME(cascade_run)(line, j0, j1, off, a, s, 4, plain); break;
            }
        }
    }
    if (state != NULL)
        for (int k = 0; k < 4; k++)
            for (int b = 0; b < CK_NB; b++) STF(state + k * CK_GAUSS_LANES + b * CK_VL, s[k][b]);
}

static void CK_BLUR_NAME(gauss_cascade)(float *line, size_t i0, size_t total, const ck_gauss_boxes *boxes,
                                        float *state) {
    if (boxes->plain)
        CK_BLUR_NAME(cascade_all)(line, i0, total, boxes, state, 1);
    else
        CK_BLUR_NAME(cascade_all)(line, i0, total, boxes, state, 0);
}

/* MARK: Gaussian, direct filter

   Small sigma (see CK_GAUSS_FIR_SIGMA in blur_internal.h): a sampled gaussian of 2R + 1 taps per axis, row by row
   in 16-bit fixed point, with no intermediate image. The vertical half combines the 2R + 1 source rows around an
   output row into one line t of u16 values in units of 1/128 level; the horizontal half filters that line (padded
   by R replicated pixels at each end) into the output row's bytes. Every product is a 16 x 16 -> high 16 multiply
   (truncating; pmulhuw on x86), operands scaled to use the full 16 bits:
     t = mulhi(c << 8, wv[0]) + sum_j mulhi((a_j + b_j) << 7, wv[j])  (wv[0] = k_0 2^15, wv[j] = k_j 2^16)
     out = (mulhi(t, wh[0]) + sum_j mulhi(t_-j + t_+j, wh[j]) + 64) >> 7  (wh[j] = k_j 2^16, wh[0] <= 65535)
   where c is the centre row's byte, a_j and b_j the bytes j rows above and below, and t_-j, t_+j the values j
   pixels (4 j lanes) left and right. Each sum stays below 255 * 128 + a few units, so nothing wraps, and the
   truncations cost under R + 1 units of 1/128 level per half: the result is within about 0.6 level of the exact
   gaussian (59 dB, the limit of rounding to bytes). The arithmetic is exact integer arithmetic on every build, and
   monotone with the same weights on every channel, so colour <= alpha survives, and a transparent pixel (all
   zero) adds nothing to its neighbours. SIMD builds take CK_FIR_STEP lanes at a time in vectors (two registers on
   AVX2, four on SSE2 and NEON), and the lanes left over one at a time, as the scalar build does throughout. */
#define CK_FIR_STEP 32

static inline __attribute__((always_inline)) uint16_t CK_BLUR_NAME(mulhi16)(uint16_t a, uint16_t b) {
    return (uint16_t)(((uint32_t)a * b) >> 16);
}

#if CK_BLUR_VBYTES > 4
/* Vectors of CK_FIR_STEP lanes: bytes, u16 and the u32 products. Macros rather than functions, so no vector wider
   than the ISA's registers crosses a call boundary (whose ABI would change with the target). */
typedef uint8_t CK_BLUR_NAME(fir_b) __attribute__((vector_size(CK_FIR_STEP)));
typedef uint16_t CK_BLUR_NAME(fir_h) __attribute__((vector_size(2 * CK_FIR_STEP)));
typedef uint32_t CK_BLUR_NAME(fir_w) __attribute__((vector_size(4 * CK_FIR_STEP)));
#ifdef CK_BLUR_NATIVE_MULHI16
/* The ISA's 16 x 16 -> high 16 multiply: the generic form's widening survives once the compiler hoists the
   weights' widening out of the loop (AVX2: 32-bit multiplies and packs, twice the time). */
#define CK_FIR_MULHI(a, b)                                                                                    \
    ({                                                                                                        \
        const CK_BLUR_NAME(fir_h) ck_fir_a_ = (a), ck_fir_b_ = (b);                                           \
        CK_BLUR_NAME(fir_h) ck_fir_p_;                                                                        \
        CK_BLUR_NAME(mulhi16x32)(&ck_fir_a_, &ck_fir_b_, &ck_fir_p_);                                         \
        ck_fir_p_;                                                                                            \
    })
#else
#define CK_FIR_MULHI(a, b)                                                                                    \
    __builtin_convertvector((__builtin_convertvector((a), CK_BLUR_NAME(fir_w)) *                              \
                             __builtin_convertvector((b), CK_BLUR_NAME(fir_w))) >>                            \
                                16,                                                                           \
                            CK_BLUR_NAME(fir_h))
#endif
#define CK_FIR_LOAD(v, p)                                                                                     \
    do {                                                                                                      \
        CK_BLUR_NAME(fir_b) ck_fir_b_;                                                                        \
        memcpy(&ck_fir_b_, (p), sizeof ck_fir_b_);                                                            \
        (v) = __builtin_convertvector(ck_fir_b_, CK_BLUR_NAME(fir_h));                                        \
    } while (0)
#endif

/* The vertical half, n lanes; rows holds the 2R + 1 source rows, rows[R] the centre. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(fir_v_run)(const uint8_t *const *rows_in,
                                                                       const uint32_t R, const uint16_t *wv_in,
                                                                       size_t n, uint16_t *out) {
    /* Local copies of the pointers and weights: with R constant they stay in registers across the stores to out
       (which could alias the weights). */
    const uint8_t *rows[2 * CK_GAUSS_FIR_MAX_R + 1];
    uint16_t wv[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= 2 * R; j++) rows[j] = rows_in[j];
    for (uint32_t j = 0; j <= R; j++) wv[j] = wv_in[j];
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(fir_h) wvec[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= R; j++) wvec[j] = (CK_BLUR_NAME(fir_h)){0} + wv[j];
    for (; i + CK_FIR_STEP <= n; i += CK_FIR_STEP) {
        CK_BLUR_NAME(fir_h) c, a, b, acc;
        CK_FIR_LOAD(c, rows[R] + i);
        acc = CK_FIR_MULHI(c << 8, wvec[0]);
        for (uint32_t j = 1; j <= R; j++) {
            CK_FIR_LOAD(a, rows[R - j] + i);
            CK_FIR_LOAD(b, rows[R + j] + i);
            acc += CK_FIR_MULHI((a + b) << 7, wvec[j]);
        }
        memcpy(out + i, &acc, sizeof acc);
    }
#endif
    CK_BLUR_NOVEC
    for (; i < n; i++) {
        uint16_t acc = CK_BLUR_NAME(mulhi16)((uint16_t)(rows[R][i] << 8), wv[0]);
        for (uint32_t j = 1; j <= R; j++)
            acc = (uint16_t)(acc + CK_BLUR_NAME(mulhi16)((uint16_t)((rows[R - j][i] + rows[R + j][i]) << 7), wv[j]));
        out[i] = acc;
    }
}

/* The horizontal half, n lanes of output; line holds 4 R lanes of padding before the first output lane and after
   the last. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(fir_h_run)(const uint16_t *line, const uint32_t R,
                                                                       const uint16_t *wh_in, size_t n,
                                                                       uint8_t *out) {
    const uint16_t *c = line + 4 * (size_t)R;
    uint16_t wh[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= R; j++) wh[j] = wh_in[j];
    size_t i = 0;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(fir_h) wvec[CK_GAUSS_FIR_MAX_R + 1];
    for (uint32_t j = 0; j <= R; j++) wvec[j] = (CK_BLUR_NAME(fir_h)){0} + wh[j];
    for (; i + CK_FIR_STEP <= n; i += CK_FIR_STEP) {
        CK_BLUR_NAME(fir_h) m, a, b, acc;
        memcpy(&m, c + i, sizeof m);
        acc = CK_FIR_MULHI(m, wvec[0]);
        for (uint32_t j = 1; j <= R; j++) {
            memcpy(&a, c + i - 4 * j, sizeof a);
            memcpy(&b, c + i + 4 * j, sizeof b);
            acc += CK_FIR_MULHI(a + b, wvec[j]);
        }
        CK_BLUR_NARROW16((acc + 64) >> 7, out + i);
    }
#endif
    CK_BLUR_NOVEC
    for (; i < n; i++) {
        uint16_t acc = CK_BLUR_NAME(mulhi16)(c[i], wh[0]);
        for (uint32_t j = 1; j <= R; j++)
            acc = (uint16_t)(acc + CK_BLUR_NAME(mulhi16)((uint16_t)(*(c + i - 4 * j) + c[i + 4 * j]), wh[j]));
        out[i] = (uint8_t)((acc + 64) >> 7);
    }
}

/* The tap count as a constant for each radius 1..CK_GAUSS_FIR_MAX_R (the driver's range): the tap loop unrolls and
   the weights and row pointers stay in registers. */
_Static_assert(CK_GAUSS_FIR_MAX_R == 9, "one case per radius");
#define CK_FIR_CASES(run, ...)                                                                                \
    switch (R) {                                                                                              \
    case 1: run(__VA_ARGS__, 1); break;                                                                       \
    case 2: run(__VA_ARGS__, 2); break;                                                                       \
    case 3: run(__VA_ARGS__, 3); break;                                                                       \
    case 4: run(__VA_ARGS__, 4); break;                                                                       \
    case 5: run(__VA_ARGS__, 5); break;                                                                       \
    case 6: run(__VA_ARGS__, 6); break;                                                                       \
    case 7: run(__VA_ARGS__, 7); break;                                                                       \
    case 8: run(__VA_ARGS__, 8); break;                                                                       \
    default: run(__VA_ARGS__, 9); break;                                                                      \
    }
#define CK_FIR_V(rows, wv, n, out, RR) CK_BLUR_NAME(fir_v_run)(rows, RR, wv, n, out)
#define CK_FIR_H(line, wh, n, out, RR) CK_BLUR_NAME(fir_h_run)(line, RR, wh, n, out)
static void CK_BLUR_NAME(gauss_fir_v)(const uint8_t *const *rows, uint32_t R, const uint16_t *wv, size_t n,
                                      uint16_t *out) {
    CK_FIR_CASES(CK_FIR_V, rows, wv, n, out)
}
static void CK_BLUR_NAME(gauss_fir_h)(const uint16_t *line, uint32_t R, const uint16_t *wh, size_t n, uint8_t *out) {
    CK_FIR_CASES(CK_FIR_H, line, wh, n, out)
}
#undef CK_FIR_CASES
#undef CK_FIR_V
#undef CK_FIR_H
#undef CK_FIR_MULHI
#undef CK_FIR_LOAD
#undef CK_FIR_STEP

/* MARK: Gaussian, transposed tiles

   The gaussian runs as two identical register cascades: horizontal on bands of 4 rows (16 lanes = 4 rows x 4
   channels of one pixel per position), then vertical on column tiles of 4 pixels (16 lanes = 4 pixels x 4
   channels of one row per position). The intermediate between them (ck_tile_t) is stored as tiles: tile b holds
   pixels 4b .. 4b + 3 of every row, row after row (16 values per row; a block of 4 rows is one 64-byte line),
   so the vertical pass reads each tile as one contiguous line and needs no ring of rows at all. */

/* Bytes of each source row that gauss_load_rows_u8 asks for ahead of the pixels it converts: the four rows are
   four streams that each cross a page every 4 KB. */
#define CK_GAUSS_ROW_AHEAD 512u
/* Horizontal input: up to CK_GAUSS_PIXELS rows of bytes into lanes, buf[(pad + x) * LANES + q * 4 + c] =
   src[q][x][c], pad columns replicated; rows past `rows` repeat the last. */
static void CK_BLUR_NAME(gauss_load_rows_u8)(const uint8_t *src, size_t stride, uint32_t rows, uint32_t w,
                                             uint32_t pad, float *buf) {
    const uint8_t *rowp[CK_GAUSS_PIXELS];
    for (uint32_t q = 0; q < CK_GAUSS_PIXELS; q++) rowp[q] = src + (size_t)(q < rows ? q : rows - 1) * stride;
#if CK_BLUR_VBYTES > 4
    typedef uint8_t v16b __attribute__((vector_size(16)));
    typedef float v16f __attribute__((vector_size(64)));
#endif
    for (uint32_t side = 0; side < 2; side++) {
        /* replicated pad: left (x = 0) and right (x = w - 1) */
        const size_t x = side == 0 ? 0 : (size_t)w - 1, i0 = side == 0 ? 0 : (size_t)pad + w;
        float e[CK_GAUSS_LANES];
        for (uint32_t q = 0; q < CK_GAUSS_PIXELS; q++)
            for (int c = 0; c < 4; c++) e[q * 4 + c] = (float)rowp[q][x * 4 + c];
        for (size_t i = i0; i < i0 + pad; i++) memcpy(buf + i * CK_GAUSS_LANES, e, sizeof e);
    }
    float *b0 = buf + (size_t)pad * CK_GAUSS_LANES;
    size_t x = 0;
#if CK_BLUR_VBYTES > 4
    /* 4 pixels of 4 rows at a time: a 4 x 4 transpose of pixels (32-bit units), then bytes to floats. */
    typedef uint32_t v4u __attribute__((vector_size(16)));
    for (; x + 4 <= w; x += 4) {
        if (x % 16 == 0)
            for (uint32_t q = 0; q < CK_GAUSS_PIXELS; q++) ck_prefetch_ahead(rowp[q] + x * 4, CK_GAUSS_ROW_AHEAD);
        v4u r0, r1, r2, r3;
        memcpy(&r0, rowp[0] + x * 4, 16);
        memcpy(&r1, rowp[1] + x * 4, 16);
        memcpy(&r2, rowp[2] + x * 4, 16);
        memcpy(&r3, rowp[3] + x * 4, 16);
        const v4u t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), t1 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5);
        const v4u t2 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7), t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
        const v4u p0 = __builtin_shufflevector(t0, t1, 0, 1, 4, 5), p1 = __builtin_shufflevector(t0, t1, 2, 3, 6, 7);
        const v4u p2 = __builtin_shufflevector(t2, t3, 0, 1, 4, 5), p3 = __builtin_shufflevector(t2, t3, 2, 3, 6, 7);
        const v16f f0 = __builtin_convertvector((v16b)p0, v16f), f1 = __builtin_convertvector((v16b)p1, v16f);
        const v16f f2 = __builtin_convertvector((v16b)p2, v16f), f3 = __builtin_convertvector((v16b)p3, v16f);
        memcpy(b0 + (x + 0) * CK_GAUSS_LANES, &f0, 64);
        memcpy(b0 + (x + 1) * CK_GAUSS_LANES, &f1, 64);
        memcpy(b0 + (x + 2) * CK_GAUSS_LANES, &f2, 64);
        memcpy(b0 + (x + 3) * CK_GAUSS_LANES, &f3, 64);
    }
#endif
    for (; x < w; x++)
        for (uint32_t q = 0; q < CK_GAUSS_PIXELS; q++)
            for (int c = 0; c < 4; c++) b0[x * CK_GAUSS_LANES + q * 4 + c] = (float)rowp[q][x * 4 + c];
}

/* Horizontal output into tiles: value * scale + 0.5 clamped to [0, CK_TILE_TOP], truncated, for rows
   q < rows of the band; tiles points at the band's first row in tile 0 (tile b starts tile_stride values
   later). Pixels of the last tile past w are written as 0 so the vertical pass reads defined values (its lanes
   are independent, so they never reach a real pixel). */
static void CK_BLUR_NAME(gauss_store_tiles)(const float *buf, ck_tile_t *tiles, size_t tile_stride, uint32_t rows,
                                            uint32_t w, float scale, int stream) {
    (void)stream; /* a hint: only an ISA with a native tile block streams */
    const uint32_t wt = (w + 3) & ~3u;
    uint32_t x = 0;
#if CK_BLUR_VBYTES > 4
    /* Whole blocks of 4 pixels x 4 rows: convert the 4 positions (4 rows x 4 channels each), put the 64 values in
       tile order (row, pixel, channel) and narrow them at once, so the block is one contiguous 64-byte write.
       Truncating first and clamping the integers gives the same bytes as clamping the floats first (the values stay
       within a fraction of a level of [0, 255], far inside the int32 range); on x86 the clamp and the reordering
       fold into the saturating packs (CK_BLUR_NATIVE_TILE_BLOCK: an ISA file's tile_block does the reordering and the
       narrowing in its own instructions, and may store the 64-byte-aligned block with streaming stores, which
       gauss_tiles_fence orders once the whole pass is done). */
    typedef float v16f __attribute__((vector_size(64)));
    typedef int32_t v16i __attribute__((vector_size(64)));
    const v16f sc16 = (v16f){0} + scale, half16 = (v16f){0} + 0.5f;
    for (; rows == CK_GAUSS_PIXELS && x + 4 <= w; x += 4) {
        v16i t[4];
        for (int m = 0; m < 4; m++) {
            v16f v;
            memcpy(&v, buf + (size_t)(x + m) * CK_GAUSS_LANES, 64);
            t[m] = __builtin_convertvector(v * sc16 + half16, v16i);
        }
#ifdef CK_BLUR_NATIVE_TILE_BLOCK
        CK_BLUR_NAME(tile_block)(t, tiles + (size_t)(x / 4) * tile_stride, stream);
#else
        typedef int32_t v32i __attribute__((vector_size(128)));
        typedef int32_t v64i __attribute__((vector_size(256)));
        typedef ck_tile_t v64t __attribute__((vector_size(64 * sizeof(ck_tile_t))));
        /* lane q * 16 + m * 4 + c of the block = lane q * 4 + c of position m */
        const v32i t01 = __builtin_shufflevector(t[0], t[1], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
        const v32i t23 = __builtin_shufflevector(t[2], t[3], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
        v64i b = __builtin_shufflevector(t01, t23, 0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49, 50, 51, 4, 5, 6,
                                         7, 20, 21, 22, 23, 36, 37, 38, 39, 52, 53, 54, 55, 8, 9, 10, 11, 24, 25, 26,
                                         27, 40, 41, 42, 43, 56, 57, 58, 59, 12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46,
                                         47, 60, 61, 62, 63);
        b = __builtin_elementwise_max(b, (v64i){0});
        b = __builtin_elementwise_min(b, (v64i){0} + (int32_t)CK_TILE_TOP);
        const v64t o = __builtin_convertvector(b, v64t);
        memcpy(tiles + (size_t)(x / 4) * tile_stride, &o, sizeof o);
#endif
    }
#endif
    for (; x < wt; x++) {
        ck_tile_t *t = tiles + (size_t)(x / 4) * tile_stride + (x % 4) * 4;
        const float *b = buf + (size_t)x * CK_GAUSS_LANES;
        for (uint32_t q = 0; q < rows; q++)
            for (int c = 0; c < 4; c++) {
                float v = b[q * 4 + c] * scale + 0.5f;
                v = v < 0.0f ? 0.0f : v;
                v = v > CK_TILE_TOP ? CK_TILE_TOP : v;
                t[(size_t)q * 16 + c] = x < w ? (ck_tile_t)(int32_t)v : 0;
            }
    }
}

/* Bytes of a tile's column that gauss_load_tile asks for ahead of the row it converts (16 rows). */
#define CK_GAUSS_LOAD_AHEAD 1024u
/* Orders the tile blocks that gauss_store_tiles streamed before whatever follows (nothing to do where no ISA file
   streams them). The driver calls it once after the whole horizontal pass rather than once per band: a fence waits
   for every write-combining buffer to drain. */
static void CK_BLUR_NAME(gauss_tiles_fence)(void) {
#ifdef CK_BLUR_NATIVE_TILE_BLOCK
    CK_BLUR_NAME(tile_fence)();
#endif
}

/* Vertical input: positions [g0, g1) of one tile's column (h rows of 16 values) padded by pad copies of its first
   row before and of its last row after (h + 2 pad positions in all), into line. */
static void CK_BLUR_NAME(gauss_load_tile)(const ck_tile_t *tile, uint32_t h, uint32_t pad, size_t g0, size_t g1,
                                          float *line) {
    typedef ck_tile_t vt __attribute__((vector_size(CK_VL * sizeof(ck_tile_t))));
    /* positions [g0, g1) of the padded column: position g holds row g - pad clamped to [0, h) */
    const size_t r0 = g0 > pad ? g0 - pad : 0;
    const size_t r1 = g1 <= pad ? 0 : (g1 - pad < h ? g1 - pad : h); /* rows [r0, r1) are copied as they are */
    size_t g = g0;
    float e[CK_GAUSS_LANES];
    if (g < pad) {
        for (int l = 0; l < CK_GAUSS_LANES; l++) e[l] = (float)tile[l];
        for (; g < pad && g < g1; g++) memcpy(line + (g - g0) * CK_GAUSS_LANES, e, sizeof e);
    }
    if (r0 < r1) {
        float *b = line + (g - g0) * CK_GAUSS_LANES;
        const ck_tile_t *t = tile + r0 * CK_GAUSS_LANES;
        const size_t n = (r1 - r0) * CK_GAUSS_LANES;
        size_t i = 0;
        /* A band's run of a tile is a few pages; asking CK_GAUSS_LOAD_AHEAD bytes ahead starts each next line (and
           page) before the stream gets there. */
        for (; i + 64 <= n; i += 64) {
            ck_prefetch_ahead(t + i, CK_GAUSS_LOAD_AHEAD);
            for (size_t k = i; k < i + 64; k += CK_VL) {
                vt u;
                memcpy(&u, t + k, sizeof u);
                STF(b + k, __builtin_convertvector(u, vf));
            }
        }
        for (; i + CK_VL <= n; i += CK_VL) {
            vt u;
            memcpy(&u, t + i, sizeof u);
            STF(b + i, __builtin_convertvector(u, vf));
        }
        for (; i < n; i++) b[i] = (float)t[i];
        g += r1 - r0;
    }
    if (g < g1) {
        for (int l = 0; l < CK_GAUSS_LANES; l++) e[l] = (float)tile[((size_t)h - 1) * CK_GAUSS_LANES + l];
        for (; g < g1; g++) memcpy(line + (g - g0) * CK_GAUSS_LANES, e, sizeof e);
    }
}

/* Vertical output: `lines` column lines (4 pixels each, `total` positions apart) for rows y < h into dst:
   value * scale + 0.5 clamped to [0, 255], truncated, colour bytes clamped to their alpha (the exact result
   keeps colour <= alpha; float rounding of a colour equal to its alpha must not break it), npx pixels per row;
   then the backdrop colour stage on them when colour is not NULL. Up to 16 pixels (64 bytes) of a row are
   written together so each row (a new page for a wide image) is visited once per group.

   In the vector builds the colour stage is fused into the store of whole 4-pixel tiles: colour8 takes the bytes
   of two tiles while they are still in registers (or just stored, for two tiles narrowed together), so the
   group's rows are not read back from the cache. Colour works on the bytes, so this equals storing and then
   calling colour(). Partial tiles (and the scalar build) store first and call colour() afterwards. */
static void CK_BLUR_NAME(colour)(uint8_t *px, size_t stride, uint32_t rows, size_t n, const ck_blur_colour *cp);
#if CK_BLUR_VBYTES > 4
/* One row of a column line (4 pixels x 4 channels) as the bytes it stores, in 16 int32 lanes at out: value * scale
   + 0.5 truncated, clamped to [0, 255], each colour then limited to its pixel's alpha. Truncating before clamping
   gives the same bytes as clamping the floats first (as in gauss_store_tiles), and clamping is monotone, so it
   commutes with the min against alpha: clamp(min(c, a)) = min(clamp(c), clamp(a)). So with clamp 0 the lanes are
   left for a saturating narrowing to clamp (CK_BLUR_NARROW_SATURATES), which gives the same bytes with four fewer
   operations per row of a tile (the compiler does not see through the min to fold the clamp into the packs). (Pointers
   rather than vector values: 64-byte vectors have no agreed calling convention below AVX-512.) */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(col_bytes)(const float *row, float scale, void *out,
                                                                       const int clamp) {
    typedef float v16f __attribute__((vector_size(64)));
    typedef int32_t v16i __attribute__((vector_size(64)));
    v16f v;
    memcpy(&v, row, sizeof v);
    v16i t = __builtin_convertvector(v * ((v16f){0} + scale) + 0.5f, v16i);
    if (clamp) t = __builtin_elementwise_min(__builtin_elementwise_max(t, (v16i){0}), (v16i){0} + 255);
    t = __builtin_elementwise_min(t, __builtin_shufflevector(t, t, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15,
                                                             15));
    memcpy(out, &t, sizeof t);
}
/* The backdrop colour stage on 8 pixels (32 bytes) at once, shared by colour() and the gaussian's fused store: the
   same float and integer operations per channel as colour()'s per-pixel loop. The channels come apart with shifts
   and masks on the pixels as 32-bit words (no byte shuffles), r, g, b each take their three products and two sums
   in 8 float lanes, and the tint blend runs on two channels per 16-lane u16 vector: x * inv_alpha + 128 <= 255 * 255
   + 128 and x + (x >> 8) <= 65407, so div255 is exact there. (max / min stand in for the clamps; they differ only in
   the sign of a zero, which + 0.5 and truncation erase.) (Through pointers, as elsewhere: no 32-byte vector values
   cross an SSE2 function boundary.) */
typedef float CK_BLUR_NAME(v8f) __attribute__((vector_size(32)));
typedef uint16_t CK_BLUR_NAME(v16h) __attribute__((vector_size(32))); /* also the reductions' u16 vector */
typedef uint8_t CK_BLUR_NAME(v32b) __attribute__((vector_size(32)));
typedef struct CK_BLUR_NAME(colour_vec) {
    CK_BLUR_NAME(v8f) m[3][3];                 /* colour->m, each broadcast */
    CK_BLUR_NAME(v16h) tint[2], inv; /* tint r, g and b, a in colour_pairs' lane order; inv_alpha */
} CK_BLUR_NAME(colour_vec);
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_vec_init)(const ck_blur_colour *c,
                                                                             CK_BLUR_NAME(colour_vec) *v) {
    typedef uint16_t v4h __attribute__((vector_size(8)));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) v->m[i][j] = (CK_BLUR_NAME(v8f)){0} + c->m[i][j];
    /* Whole-vector shuffles, not a per-lane loop: lane stores followed by a vector load of the same bytes miss
       store forwarding, and the loop took half of colour()'s time when called once per small row. */
    const v4h t = {c->tint[0], c->tint[1], c->tint[2], c->tint[3]};
    v->tint[0] = __builtin_shufflevector(t, t, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1);
    v->tint[1] = __builtin_shufflevector(t, t, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 3, 3);
    v->inv = (CK_BLUR_NAME(v16h)){0} + (uint16_t)c->inv_alpha;
}
/* The colour stage's two conversions, in one lane order for every build: per 128 bits, 4 lanes of the first
   channel of a pair, then the same 4 pixels of the second (the order x86's in-lane packs produce). pairs: r, g, b, a
   (8 int32 lanes each, in [0, 255]) to the u16 vectors [r, g] and [b, a]; bytes: those (in [0, 255]) back to 8
   RGBA pixels. An ISA file that defines CK_BLUR_NATIVE_COLOUR_PACKS supplies both as colour_pairs and colour_bytes
   (same arguments) with its packs and byte shuffles. */
#ifndef CK_BLUR_NATIVE_COLOUR_PACKS
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_pairs)(const void *q4, void *pairs) {
    typedef int32_t v8i __attribute__((vector_size(32)));
    typedef uint16_t v8h __attribute__((vector_size(16)));
    v8i q[4];
    CK_BLUR_NAME(v16h) out[2];
    memcpy(q, q4, sizeof q);
    for (int h = 0; h < 2; h++) {
        const v8h x = __builtin_convertvector(q[2 * h], v8h), y = __builtin_convertvector(q[2 * h + 1], v8h);
        out[h] = __builtin_shufflevector(x, y, 0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15);
    }
    memcpy(pairs, out, sizeof out);
}
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_bytes)(const void *pairs, void *out) {
    typedef uint8_t v16b __attribute__((vector_size(16)));
    CK_BLUR_NAME(v16h) p[2];
    memcpy(p, pairs, sizeof p);
    const v16b x = __builtin_convertvector(p[0], v16b), y = __builtin_convertvector(p[1], v16b);
    /* pixel m < 4 takes x[m], x[m + 4], y[m], y[m + 4]; pixel m >= 4 the same 4 lanes on (the second 128 bits) */
    const CK_BLUR_NAME(v32b) o = __builtin_shufflevector(x, y, 0, 4, 16, 20, 1, 5, 17, 21, 2, 6, 18, 22, 3, 7, 19, 23,
                                                         8, 12, 24, 28, 9, 13, 25, 29, 10, 14, 26, 30, 11, 15, 27, 31);
    memcpy(out, &o, sizeof o);
}
#endif
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour8)(const CK_BLUR_NAME(v32b) *in,
                                                                     CK_BLUR_NAME(v32b) *out,
                                                                     const CK_BLUR_NAME(colour_vec) *k) {
    typedef CK_BLUR_NAME(v8f) v8f;
    typedef CK_BLUR_NAME(v16h) v16h;
    typedef int32_t v8i __attribute__((vector_size(32)));
    typedef uint32_t v8u __attribute__((vector_size(32)));
    v8u px;
    memcpy(&px, in, sizeof px);
    const v8f r = __builtin_convertvector((v8i)(px & 255u), v8f);
    const v8f g = __builtin_convertvector((v8i)((px >> 8) & 255u), v8f);
    const v8f b = __builtin_convertvector((v8i)((px >> 16) & 255u), v8f);
    v8i q[4];
    q[3] = (v8i)(px >> 24);
    const v8f a = __builtin_convertvector(q[3], v8f);
    for (int c = 0; c < 3; c++) {
        v8f v = (k->m[c][0] * r + k->m[c][1] * g) + k->m[c][2] * b;
        v = __builtin_elementwise_max(v, (v8f){0});
        v = __builtin_elementwise_min(v, a);
        q[c] = __builtin_convertvector(v + 0.5f, v8i);
    }
    v16h pr[2];
    CK_BLUR_NAME(colour_pairs)(q, pr);
    for (int h = 0; h < 2; h++) {
        const v16h x = pr[h] * k->inv + 128;
        pr[h] = k->tint[h] + ((x + (x >> 8)) >> 8);
    }
    CK_BLUR_NAME(colour_bytes)(pr, out);
}
/* Two lone tiles' 16 bytes each coloured as one 8-pixel block, then stored at at_a and at_b (NULL: b only pads). */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(colour_tiles)(const void *a, uint8_t *at_a,
                                                                          const void *b, uint8_t *at_b,
                                                                          const CK_BLUR_NAME(colour_vec) *cv) {
    uint8_t v[32];
    memcpy(v, a, 16);
    memcpy(v + 16, b, 16);
    CK_BLUR_NAME(v32b) x;
    memcpy(&x, v, sizeof x);
    CK_BLUR_NAME(colour8)(&x, &x, cv);
    memcpy(at_a, &x, 16);
    if (at_b != NULL) memcpy(at_b, (const uint8_t *)&x + 16, 16);
}
#endif
/* Rows ahead of the one being stored whose bytes gauss_store_cols_u8 asks the cache for. Each row of a group is a
   new cache line (two when the row's 64 bytes straddle a line), so every store would otherwise wait for that
   line's read for ownership from memory (about 100 ns) with little else in flight; one row of a 4-tile group takes
   a few nanoseconds, so 32 rows ahead covers the latency. */
#define CK_GAUSS_STORE_AHEAD 32u
/* Asks for the lines that a group's npx pixels of the row at d occupy (their first and last byte), to be written. */
static inline __attribute__((always_inline)) void CK_BLUR_NAME(prefetch_row)(const uint8_t *d, uint32_t npx) {
    __builtin_prefetch(d, 1, 3);
    __builtin_prefetch(d + (size_t)npx * 4 - 1, 1, 3);
}
static inline __attribute__((always_inline)) void CK_BLUR_NAME(store_cols_run)(const float *lines, size_t total,
                                                                            uint32_t h, uint32_t npx, uint8_t *dst,
                                                                            size_t stride, float scale,
                                                                            const ck_blur_colour *colour,
                                                                            const int coloured) {
    const size_t line = total * CK_GAUSS_LANES;
    uint32_t vpx = 0; /* pixels of each row the vector loop handles (colour fused) */
#if CK_BLUR_VBYTES > 4
    vpx = npx & ~3u;
    typedef int32_t v16i __attribute__((vector_size(64)));
    typedef uint8_t v16b __attribute__((vector_size(16)));
    typedef CK_BLUR_NAME(v32b) v32b;
    CK_BLUR_NAME(colour_vec) cv;
    if (coloured) CK_BLUR_NAME(colour_vec_init)(colour, &cv);
    /* A lone tile's 4 pixels (the last of a row with an odd tile count, every row of a one-tile group) wait for the
       next lone tile, of this row or a later one, so that colour8 always has 8 pixels. */
    v16b pend = {0};
    uint8_t *pend_at = NULL;
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *d = dst + (size_t)y * stride;
        if (y + CK_GAUSS_STORE_AHEAD < h) CK_BLUR_NAME(prefetch_row)(d + CK_GAUSS_STORE_AHEAD * stride, npx);
        uint32_t p = 0;
        /* Two tiles (8 pixels) narrowed together: the same bytes with half the packs. */
        for (; p + 8 <= vpx; p += 8) {
            v16i t[2];
            for (int m = 0; m < 2; m++)
                CK_BLUR_NAME(col_bytes)(lines + (p / 4 + m) * line + (size_t)y * CK_GAUSS_LANES, scale, &t[m],
                                        !CK_BLUR_NARROW_SATURATES);
#ifdef CK_BLUR_NATIVE_NARROW
            CK_BLUR_NAME(narrow32)(t, d + (size_t)p * 4);
#else
            typedef int32_t v32i __attribute__((vector_size(128)));
            v32i both;
            memcpy(&both, t, sizeof both);
            CK_BLUR_NARROW32(both, d + (size_t)p * 4);
#endif
            if (coloured) {
                /* read back from the store just made (same address and size: forwarded, not from the cache) */
                v32b v;
                memcpy(&v, d + (size_t)p * 4, sizeof v);
                CK_BLUR_NAME(colour8)(&v, &v, &cv);
                memcpy(d + (size_t)p * 4, &v, sizeof v);
            }
        }
        if (p < vpx) {
            v16i t;
            CK_BLUR_NAME(col_bytes)(lines + (p / 4) * line + (size_t)y * CK_GAUSS_LANES, scale, &t, 1);
            const v16b o = __builtin_convertvector(t, v16b);
            if (!coloured) {
                memcpy(d + (size_t)p * 4, &o, 16);
            } else if (pend_at == NULL) {
                pend = o;
                pend_at = d + (size_t)p * 4;
            } else {
                CK_BLUR_NAME(colour_tiles)(&pend, pend_at, &o, d + (size_t)p * 4, &cv);
                pend_at = NULL;
            }
        }
    }
    if (pend_at != NULL) CK_BLUR_NAME(colour_tiles)(&pend, pend_at, &pend, NULL, &cv); /* second half: padding */
#endif
    if (vpx < npx) {
        for (uint32_t y = 0; y < h; y++) {
            uint8_t *d = dst + (size_t)y * stride;
            /* the vector loop above, when there is one, has already asked for these rows */
            if (CK_BLUR_VBYTES <= 4 && y + CK_GAUSS_STORE_AHEAD < h)
                CK_BLUR_NAME(prefetch_row)(d + CK_GAUSS_STORE_AHEAD * stride, npx);
            for (uint32_t p = vpx; p < npx; p++) {
                const float *b = lines + (p / 4) * line + (size_t)y * CK_GAUSS_LANES + (p % 4) * 4;
                uint32_t t[4];
                for (int c = 0; c < 4; c++) {
                    float v = b[c] * scale + 0.5f;
                    v = v < 0.0f ? 0.0f : v;
                    v = v > 255.0f ? 255.0f : v;
                    t[c] = (uint32_t)(int32_t)v;
                }
                for (int c = 0; c < 3; c++) d[(size_t)p * 4 + c] = (uint8_t)(t[c] < t[3] ? t[c] : t[3]);
                d[(size_t)p * 4 + 3] = (uint8_t)t[3];
            }
        }
        /* The group's rows are still in cache: one call for all of them keeps the colour stage's setup out of
           the per-row work. */
        if (coloured) CK_BLUR_NAME(colour)(dst + (size_t)vpx * 4, stride, h, npx - vpx, colour);
    }
}
/* The plain gaussian and the backdrop's fused colour as two specialisations: the colour tests fold away. */
static void CK_BLUR_NAME(gauss_store_cols_u8)(const float *lines, size_t total, uint32_t h, uint32_t npx,
                                              uint8_t *dst, size_t stride, float scale, const ck_blur_colour *colour) {
    if (colour != NULL)
        CK_BLUR_NAME(store_cols_run)(lines, total, h, npx, dst, stride, scale, colour, 1);
    else
        CK_BLUR_NAME(store_cols_run)(lines, total, h, npx, dst, stride, scale, NULL, 0);
}

/* MARK: - Backdrop */

/* round(x / 255) for x in [0, 65535], half up: the classic (y + (y >> 8)) >> 8 with y = x + 128. */
static inline uint32_t CK_BLUR_NAME(div255)(uint32_t x) {
    const uint32_t y = x + 128;
    return (y + (y >> 8)) >> 8;
}

static void CK_BLUR_NAME(colour)(uint8_t *rowp, size_t stride, uint32_t rows, size_t n, const ck_blur_colour *cp) {
    const ck_blur_colour c = *cp;
#if CK_BLUR_VBYTES > 4
    CK_BLUR_NAME(colour_vec) cv;
    CK_BLUR_NAME(colour_vec_init)(&c, &cv);
#endif
    for (uint32_t row = 0; row < rows; row++) {
        uint8_t *px = rowp + (size_t)row * stride;
        size_t i = 0;
#if CK_BLUR_VBYTES > 4
        for (; i + 8 <= n; i += 8) {
            CK_BLUR_NAME(v32b) v;
            memcpy(&v, px + i * 4, sizeof v);
            CK_BLUR_NAME(colour8)(&v, &v, &cv);
            memcpy(px + i * 4, &v, sizeof v);
        }
#endif
        CK_BLUR_NOVEC
        for (; i < n; i++) {
            uint8_t *p = px + i * 4;
            const float r = (float)p[0], g = (float)p[1], b = (float)p[2], a = (float)p[3];
            uint32_t out[3];
            for (int k = 0; k < 3; k++) {
                float v = (c.m[k][0] * r + c.m[k][1] * g) + c.m[k][2] * b;
                v = v < 0.0f ? 0.0f : v;
                v = v > a ? a : v;
                out[k] = (uint32_t)(int32_t)(v + 0.5f);
            }
            const uint32_t alpha = p[3];
            for (int k = 0; k < 3; k++) p[k] = (uint8_t)(c.tint[k] + CK_BLUR_NAME(div255)(out[k] * c.inv_alpha));
            p[3] = (uint8_t)(c.tint[3] + CK_BLUR_NAME(div255)(alpha * c.inv_alpha));
        }
    }
}

/* Backdrop reduction by k = 2 or 4 with the separable tent t_d = ck_blur_tent(d, k), d < 2k (each sums to
   2k^2): small pixel m averages a 2k x 2k window centred on its block. The tent is the adjoint of the bilinear
   enlargement and, unlike a k x k box whose sidelobes alias, leaves little above the small image's Nyquist frequency
   (see ck_blur_backdrop_variance in blur_backdrop.c).
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

/* Backdrop box reduction (from sigma CK_BACKDROP_BOX_MIN_SIGMA, see blur_backdrop.c) of `count` whole k x k blocks
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
                                    size_t n) {
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

#undef vf
#undef vi
#undef vb
#undef vh
#undef LDF
#undef STF

#define CK_BLUR_OPS_TABLE(name)                                                                              \
    const struct ck_blur_ops name = {                                                                        \
        .box_col_update = CK_BLUR_NAME(box_col_update),                                                      \
        .box_row = CK_BLUR_NAME(box_row),                                                                    \
        .box_row16 = CK_BLUR_NAME(box_row16),                                                                \
        .box_divide_f64 = CK_BLUR_NAME(box_divide_f64),                                                      \
        .gauss_cascade = CK_BLUR_NAME(gauss_cascade),                                                        \
        .gauss_fir_v = CK_BLUR_NAME(gauss_fir_v),                                                            \
        .gauss_fir_h = CK_BLUR_NAME(gauss_fir_h),                                                            \
        .gauss_load_rows_u8 = CK_BLUR_NAME(gauss_load_rows_u8),                                              \
        .gauss_store_tiles = CK_BLUR_NAME(gauss_store_tiles),                                                \
        .gauss_tiles_fence = CK_BLUR_NAME(gauss_tiles_fence),                                                \
        .gauss_load_tile = CK_BLUR_NAME(gauss_load_tile),                                                    \
        .gauss_store_cols_u8 = CK_BLUR_NAME(gauss_store_cols_u8),                                            \
        .colour = CK_BLUR_NAME(colour),                                                                      \
        .enlarge_h = CK_BLUR_NAME(enlarge_h),                                                                \
        .enlarge_v = CK_BLUR_NAME(enlarge_v),                                                                \
        .reduce_v = CK_BLUR_NAME(reduce_v),                                                                  \
        .reduce_h = CK_BLUR_NAME(reduce_h),                                                                  \
        .reduce_box_row = CK_BLUR_NAME(reduce_box_row),                                                      \
    }
