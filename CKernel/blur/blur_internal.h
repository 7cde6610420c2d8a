/*
 * The bottom of the blur family: what the per-ISA kernels and every file above them share. The per-ISA kernel table
 * (struct ck_blur_ops) with the types its kernels take, the tile and lane geometry, the prefetch and alignment
 * helpers. Includes nothing of the blur family, and declares nothing implemented above it.
 *
 * The folder is layered so that data and calls flow down (CKernel/README.md, "Blur"):
 *   blur.c                    entry points: validation, scratch size
 *   blur_route.c / .h         route planning: which stages at which factor, the gaussian's and backdrop's pipelines
 *   blur_resample.c, blur_box.c, blur_gaussian.c, blur_colour.c   one file per stage (blur_stages.h)
 *   blur_{scalar,sse2,avx2,neon}.c + blur_kernels*.h   the kernels, compiled once per ISA, split by stage
 *   blur_internal.h           this file
 * Bit-identity across ISAs follows from the arithmetic: box blur is exact integer arithmetic; the gaussian works
 * lane by lane in float with a fixed operation order and `fp contract(off)` (no FMA fusion in the AVX2 build), and
 * vectorising a lane-parallel loop does not reorder any lane's operations.
 */
#ifndef CK_BLUR_INTERNAL_H
#define CK_BLUR_INTERNAL_H

#include "../ck_internal.h"

/* The gaussian works on groups of CK_GAUSS_PIXELS pixels (x 4 channels = CK_GAUSS_LANES floats) at once:
   a band of 4 rows for the horizontal passes (16 lanes: the cascade's 4 stages x 16 running sums fit in AVX2
   registers). */
#define CK_GAUSS_PIXELS 4
#define CK_GAUSS_LANES 16
/* The direct filter's largest radius (see CK_GAUSS_FIR_SIGMA below). */
#define CK_GAUSS_FIR_MAX_R 9

/* Asks the cache for the line `ahead` bytes past p, to be read. It takes an address rather than a pointer into an
   object because the line may lie past the end of the buffer, where a prefetch is simply dropped (it never
   faults). */
static inline void ck_prefetch_ahead(const void *p, size_t ahead) {
    __builtin_prefetch((const void *)((uintptr_t)p + ahead), 0, 3);
}

/* Asks for the line at p to be brought into the second-level cache (not the first): for rows that the next call of a
   row-by-row kernel will read, so their memory latency overlaps this call's work instead of stalling the next. */
static inline void ck_prefetch_l2(const void *p) { __builtin_prefetch(p, 0, 2); }

/* The gaussian's intermediate between the horizontal and the vertical pass, in transposed tiles (see
   blur_kernels_tiles.h): bytes, rounded once. The vertical blur averages that rounding down, so the result stays within
   about 1 dB of a u16 intermediate while the sweep over it moves half the bytes. */
typedef uint8_t ck_tile_t;
#define CK_TILE_TOP 255.0f

/* The gaussian's four box stages along a line (see ck_blur_gauss_params_for in blur_gaussian.c): stage k is a box
   of radius r[k] (window 2 r[k] + 1) with end taps of weight alpha. With plain set, stages 0..2 are plain boxes (no
   end taps) and only stage 3 carries alpha; otherwise all four do. */
typedef struct ck_gauss_boxes {
    uint32_t r[4];
    float alpha;
    int plain;
} ck_gauss_boxes;

/* The colour stage of the backdrop: saturation matrix rows (r, g, b) and the premultiplied tint. */
typedef struct ck_blur_colour {
    float m[3][3];       /* c'_i = (m[i][0] r + m[i][1] g) + m[i][2] b, then clamped to [0, alpha] */
    uint32_t tint[4];    /* premultiplied tint */
    uint32_t inv_alpha;  /* 255 - tint alpha: out = tint + round(c * inv_alpha / 255) */
} ck_blur_colour;

/* The backdrop reduction's tent weight of tap d < 2k (k = 2 or 4): 2 min(d, 2k - 1 - d) + 1, that is
   (1, 3, 3, 1) and (1, 3, 5, 7, 7, 5, 3, 1); each tent sums to 2k^2. */
static inline uint32_t ck_blur_tent(uint32_t d, uint32_t k) { return 2 * (d < 2 * k - 1 - d ? d : 2 * k - 1 - d) + 1; }

/* The box's 16-bit column sums: a column of 2 ry + 1 bytes sums to at most 255 * 127 < 2^15 while ry <= 63, so the
   difference of two such sums fits int16 (see box_row in blur_kernels_box.h). */
#define CK_BOX_COL16_MAX_RY 63u

struct ck_blur_ops {
    /* Box: col[i] += add[i] - sub[i] for n bytes (u32 wrap-around is exact: the true sums fit). */
    void (*box_col_update)(uint32_t *col, const uint8_t *add, const uint8_t *sub, size_t n);
    /* Box, window area N < 2^14: one whole output row of w pixels fused (column update by add - sub unless add is
       NULL, window of radius rx, exact division with half = N / 2 and inv = (float)(1 / N)). out may alias sub. */
    void (*box_row)(uint32_t *col, const uint8_t *add, const uint8_t *sub, uint8_t *out, uint32_t w, uint32_t rx,
                    uint32_t half, float inv);
    /* box_row with 16-bit column sums, for ry <= CK_BOX_COL16_MAX_RY (every sum below 2^15). */
    void (*box_row16)(uint16_t *col, const uint8_t *add, const uint8_t *sub, uint8_t *out, uint32_t w, uint32_t rx,
                      uint32_t half, float inv);
    /* Box, 2^14 <= n < 2^23: out[i] = floor((s[i] + n/2) / n) for count values, exact; inv = 1/n rounded. */
    void (*box_divide_f64)(const uint32_t *s, uint8_t *out, size_t count, uint32_t half, double inv);

    /* Gaussian: the four unnormalised box stages along one padded line of total positions of CK_GAUSS_LANES
       lanes, in place; the result is in the first total - sum(2 r[k] + 2) positions. i0 = 0 starts the cascade;
       i0 = sum(2 r[k] + 2) resumes one whose last i0 positions were moved to the start of the line and whose
       running sums are in state (4 x CK_GAUSS_LANES floats; written back at the end unless NULL). */
    void (*gauss_cascade)(float *line, size_t i0, size_t total, const ck_gauss_boxes *boxes, float *state);
    /* Gaussian, small sigma: the direct filter of 2R + 1 taps per axis (1 <= R <= CK_GAUSS_FIR_MAX_R), in 16-bit
       fixed point (see blur_kernels_gauss.h). Vertical: the 2R + 1 rows around an output row (rows[R] its centre, edges
       already clamped), n bytes each, to n u16 values in 1/128 level at out0; with out1 not NULL, also the next
       output row's values from one more row (2R + 2, centres rows[R] and rows[R + 1]) at out1. Horizontal: such a line with 4 R values of
       padding at each end (line[4 R] is the first output lane) to n bytes. */
    void (*gauss_fir_v)(const uint8_t *const *rows, uint32_t R, const uint16_t *wv, size_t n, uint16_t *out0,
                        uint16_t *out1);
    void (*gauss_fir_h)(const uint16_t *line, uint32_t R, const uint16_t *wh, size_t n, uint8_t *out);
    /* The polyphase direct filter: the same with a kernel of 2R + 1 taps of its own per phase (even and odd output
       rows or pixels). Vertical: out0's tap t has weight w0[t + R], out1's w1[t + R] (w1 unread when out1 is NULL);
       horizontal: lane i's tap t has weight pattern[8 (t + R) + i % 8] (4 lanes of an even pixel, then 4 of an odd
       one). */
    void (*gauss_poly_v)(const uint8_t *const *rows, uint32_t R, const uint16_t *w0, const uint16_t *w1, size_t n,
                         uint16_t *out0, uint16_t *out1);
    void (*gauss_poly_h)(const uint16_t *line, uint32_t R, const uint16_t *pattern, size_t n, uint8_t *out);

    /* Gaussian, transposed tiles (see blur_kernels_tiles.h): bytes -> lanes, lanes -> byte tiles (with stream, an ISA may
       write them with non-temporal stores), tile -> line, column lines -> bytes (+ the backdrop colour stage when
       colour is not NULL). */
    void (*gauss_load_rows_u8)(const uint8_t *src, size_t stride, uint32_t rows, uint32_t w, uint32_t pad,
                               float *buf);
    void (*gauss_store_tiles)(const float *buf, ck_tile_t *tiles, size_t tile_stride, uint32_t rows, uint32_t w,
                              float scale, int stream);
    /* after the stores with stream: orders them before the vertical pass reads the tiles */
    void (*gauss_tiles_fence)(void);
    /* positions [g0, g1) of a tile's column padded by pad replicated rows at each end */
    void (*gauss_load_tile)(const ck_tile_t *tile, uint32_t h, uint32_t pad, size_t g0, size_t g1, float *line);
    void (*gauss_store_cols_u8)(const float *lines, size_t total, uint32_t h, uint32_t npx, uint8_t *dst,
                                size_t stride, float scale, const ck_blur_colour *colour);

    /* Backdrop: saturation + tint in place on n pixels of each of `rows` rows `stride` bytes apart. */
    void (*colour)(uint8_t *px, size_t stride, uint32_t rows, size_t n, const ck_blur_colour *c);
    /* Backdrop, bilinear enlargement by k (2, 4 or 8): widen one small row (with its ring, xs = small width + 2)
       to w pixels of unrounded u16 sums; then blend two widened rows into the nrows (<= k) consecutive output
       rows between them, row q with vertical weight f0 + 2q on hb (out of 2k), n bytes each, rounding the total
       weight (2k)^2 half up, stored (weight 256) or blended into the row's bytes d as (d (256 - weight) + e weight
       + 128) >> 8; the nnext rows at `next` (those the next call writes) are asked for into L2 as it goes. */
    void (*enlarge_h)(const uint8_t *a, uint16_t *out, uint32_t k, uint32_t xs, uint32_t w);
    void (*enlarge_v)(const uint16_t *ha, const uint16_t *hb, uint32_t k, uint32_t f0, uint8_t *const *out,
                      uint32_t nrows, uint8_t *const *next, uint32_t nnext, size_t n, uint32_t weight);
    /* Backdrop reduction by k (2 or 4) with a 2k-tap tent per axis: the vertical half combines 2k rows into n
       u16 values, the horizontal half turns a widened line into `count` small pixels (m from line pixels
       [m k, m k + 2k)). See blur_kernels.h for the weights and roundings. */
    void (*reduce_v)(const uint8_t *const *rows, const uint8_t *const *next, uint32_t k, size_t n, uint16_t *out);
    void (*reduce_h)(const uint16_t *line, uint32_t k, uint32_t count, uint8_t *out);
    /* Backdrop reduction by a k x k box: averages of `count` whole blocks from k rows `stride` apart (rounded half
       up). Cheaper than the tent; used where its aliasing stays within the quality bound.
       Both reductions take `next`: NULL, or the k rows that the next small row reads and this one does not, which
       they ask for into L2 column by column as they go (ck_prefetch_l2). */
    void (*reduce_box_row)(const uint8_t *src, size_t stride, const uint8_t *const *next, uint32_t k, uint32_t count,
                           uint8_t *out);
};

/* Scratch is handed down 64-byte aligned, and every buffer in it starts on a multiple of CK_ALIGN. */
#define CK_ALIGN 64
static inline size_t align_up(size_t n) { return (n + (CK_ALIGN - 1)) & ~(size_t)(CK_ALIGN - 1); }

#endif
