/*
 * The gaussian's transposed-tile kernels: rows into lanes, lanes into byte tiles, tiles into lines and column
 * lines back to bytes, with the backdrop colour stage fused into that last store (driver: blur_gaussian.c).
 */
#ifndef CK_BLUR_KERNELS_TILES_H
#define CK_BLUR_KERNELS_TILES_H

#include "blur_kernels_common.h"
#include "blur_kernels_colour.h"

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
/* Vertical output: `lines` column lines (4 pixels each, `total` positions apart) for rows y < h into dst:
   value * scale + 0.5 clamped to [0, 255], truncated, colour bytes clamped to their alpha (the exact result
   keeps colour <= alpha; float rounding of a colour equal to its alpha must not break it), npx pixels per row;
   then the backdrop colour stage on them when colour is not NULL. Up to 16 pixels (64 bytes) of a row are
   written together so each row (a new page for a wide image) is visited once per group.

   In the vector builds the colour stage is fused into the store of whole 4-pixel tiles: colour8 takes the bytes
   of two tiles while they are still in registers (or just stored, for two tiles narrowed together), so the
   group's rows are not read back from the cache. Colour works on the bytes, so this equals storing and then
   calling colour(). Partial tiles (and the scalar build) store first and call colour() afterwards. */
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

#endif
