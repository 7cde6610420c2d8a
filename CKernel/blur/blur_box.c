/*
 * Box blur: the driver (ck_blur_box_run).
 *
 * Exact. Running column sums per row, col[x] = the 2 ry + 1 source rows around the output row (edges replicated),
 * moved by one added and one subtracted row per output row; then a running window of 2 rx + 1 column sums along the
 * row and one exact division, so the working set is a few rows. Column sums are at most 255 * 131071 < 2^25 and
 * window sums fit 32 bits while 256 N <= 2^32; wrap-around arithmetic is exact whenever the true result fits, so the
 * running updates may wrap in between. Larger windows (N > 2^24) take a 64-bit path.
 * Windows of N < 2^14 (radius up to 63 on both axes) run one fused kernel per row (box_row: update, window and
 * division 8 pixels at a time in registers, with 16-bit column sums while ry <= 63); larger windows run the three as
 * separate passes. In place, the source rows still to be subtracted are kept in a ring (box_ring).
 * Costs, and the variants rejected: docs/performance.md, "Box blur".
 */
#include <string.h>

#include "blur_stages.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters or the colour matrix on a target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

/* Window sums along one row of column sums with replicated edges: s[x] = sum of col[clamp(x + i)] for
   |i| <= rx; wraps mod 2^32 exactly. */
typedef uint32_t ck_v4u __attribute__((vector_size(16)));

static void box_window_u32(const uint32_t *restrict col, uint32_t *restrict s, uint32_t w, uint32_t rx) {
    const uint32_t last = w - 1;
    for (int c = 0; c < 4; c++) {
        const uint32_t inner = rx < last ? rx : last;
        uint32_t acc = (rx + 1) * col[c];
        for (uint32_t i = 1; i <= inner; i++) acc += col[i * 4 + c];
        acc += (rx - inner) * col[last * 4 + c];
        s[c] = acc;
    }
    /* s[x + 1] = s[x] + (col[hi] - col[lo]) for x in [0, w - 1), one pass with the running sum in a register
       (one add per pixel on the sequential chain). Unclamped where rx <= x and x + rx + 1 <= last: there the
       two columns are plain pointer walks. */
    const uint64_t mid_lo = rx, mid_hi = (uint64_t)last >= (uint64_t)rx + 1 ? (uint64_t)last - rx - 1 : 0;
    const int has_mid = (uint64_t)last >= (uint64_t)rx + 1 && mid_lo <= mid_hi && mid_hi + 1 < w;
    ck_v4u acc;
    memcpy(&acc, s, sizeof acc);
    for (uint32_t x = 0; x + 1 < w; x++) {
        if (has_mid && x == mid_lo) {
            const size_t count = (size_t)(mid_hi - mid_lo + 1);
            const uint32_t *a = col + ((size_t)x + rx + 1) * 4, *b = col + ((size_t)x - rx) * 4;
            uint32_t *d = s + ((size_t)x + 1) * 4;
            for (size_t i = 0; i < count; i++) {
                ck_v4u va, vb;
                memcpy(&va, a + i * 4, sizeof va);
                memcpy(&vb, b + i * 4, sizeof vb);
                acc += va - vb;
                memcpy(d + i * 4, &acc, sizeof acc);
            }
            x = (uint32_t)mid_hi;
            continue;
        }
        const uint64_t hi64 = (uint64_t)x + rx + 1;
        const uint32_t hi = hi64 > last ? last : (uint32_t)hi64;
        const uint32_t lo = x > rx ? x - rx : 0;
        ck_v4u va, vb;
        memcpy(&va, col + (size_t)hi * 4, sizeof va);
        memcpy(&vb, col + (size_t)lo * 4, sizeof vb);
        acc += va - vb;
        memcpy(s + ((size_t)x + 1) * 4, &acc, sizeof acc);
    }
}

static void box_window_u64(const uint32_t *col, uint64_t *s, uint32_t w, uint32_t rx) {
    const uint32_t last = w - 1;
    for (int c = 0; c < 4; c++) {
        const uint32_t inner = rx < last ? rx : last;
        uint64_t acc = (uint64_t)(rx + 1) * col[c];
        for (uint32_t i = 1; i <= inner; i++) acc += col[i * 4 + c];
        acc += (uint64_t)(rx - inner) * col[last * 4 + c];
        s[c] = acc;
    }
    for (uint32_t x = 0; x + 1 < w; x++) {
        const uint64_t hi64 = (uint64_t)x + rx + 1;
        const uint32_t hi = hi64 > last ? last : (uint32_t)hi64;
        const uint32_t lo = x > rx ? x - rx : 0;
        for (int c = 0; c < 4; c++) s[(x + 1) * 4 + c] = s[x * 4 + c] + col[hi * 4 + c] - col[lo * 4 + c];
    }
}

/* In place, the source rows that later output rows still subtract are kept in a ring of min(ry + 1, h) rows in
   scratch: output row y is computed into slot y % count, then swapped with image row y, so the slot keeps source
   row y and the image receives the output. Not in place (rows == NULL), output rows go straight to dst and every
   source row is read from src. */
typedef struct box_ring {
    uint8_t *rows; /* NULL when src and dst are different images */
    uint32_t count;
    size_t n; /* bytes per row */
} box_ring;

static uint8_t *box_ring_slot(const box_ring *r, uint32_t y) { return r->rows + (size_t)(y % r->count) * r->n; }

/* Where output row y is computed. */
static uint8_t *box_out_row(const box_ring *r, ck_image *dst, uint32_t y) {
    return r->rows != NULL ? box_ring_slot(r, y) : dst->data + (size_t)y * dst->stride;
}

/* Source row y < the output row, for a subtraction. */
static const uint8_t *box_sub_row(const box_ring *r, const ck_image *src, uint32_t y) {
    return r->rows != NULL ? box_ring_slot(r, y) : src->data + (size_t)y * src->stride;
}

/* After output row y: in place, the slot and the image row trade contents. */
static void box_ring_commit(const box_ring *r, ck_image *dst, uint32_t y) {
    if (r->rows == NULL) return;
    uint8_t *out = dst->data + (size_t)y * dst->stride, *slot = box_ring_slot(r, y);
    for (size_t i = 0; i < r->n; i++) {
        const uint8_t t = out[i];
        out[i] = slot[i];
        slot[i] = t;
    }
}

size_t ck_blur_box_scratch(uint32_t w, uint32_t h) {
    /* column sums (u32), window sums (u64 at most), the in-place ring of up to h source rows */
    return align_up((size_t)w * 16) + align_up((size_t)w * 32) + align_up((size_t)w * 4 * h);
}

void ck_blur_box_run(const ck_image *src, ck_image *dst, uint32_t rx, uint32_t ry, uint8_t *scratch) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    const uint32_t w = src->width, h = src->height, last = h - 1;
    const size_t n = (size_t)w * 4;
    const uint64_t area = (uint64_t)(2 * (uint64_t)rx + 1) * (2 * (uint64_t)ry + 1);
    const uint32_t half32 = (uint32_t)(area / 2);
    uint32_t *col = (uint32_t *)scratch;
    uint16_t *col16 = (uint16_t *)scratch;
    uint8_t *sums = scratch + align_up((size_t)w * 16);
    const box_ring ring = {src->data == dst->data ? sums + align_up((size_t)w * 32) : NULL, ry + 1 < h ? ry + 1 : h, n};
#define SRC_ROW(y) (src->data + (size_t)(y) * src->stride)

    /* Column sums for output row 0: rows -ry..ry clamped, i.e. (ry + 1) x row 0, rows 1..min(ry, h-1), and the
       rest replicate row h - 1. O(min(ry, h)) rows once. 16-bit sums (exact, below 2^15) where the fused row takes
       them. */
    const int fused = area < (1u << 14), narrow = fused && ry <= CK_BOX_COL16_MAX_RY;
    {
        const uint32_t inner = ry < last ? ry : last;
        const uint8_t *r0 = SRC_ROW(0), *rl = SRC_ROW(last);
        for (size_t i = 0; i < n; i++) {
            const uint32_t c = (ry + 1) * (uint32_t)r0[i] + (ry - inner) * (uint32_t)rl[i];
            if (narrow) col16[i] = (uint16_t)c;
            else col[i] = c;
        }
        for (uint32_t y = 1; y <= inner; y++) {
            const uint8_t *r = SRC_ROW(y);
            for (size_t i = 0; i < n; i++) {
                if (narrow) col16[i] = (uint16_t)(col16[i] + r[i]);
                else col[i] += r[i];
            }
        }
    }
    if (fused) {
        /* One fused pass per row (box_row): the column update for row y happens inside it, then the row. */
        const float inv = (float)(1.0 / (double)area);
        for (uint32_t y = 0; y < h; y++) {
            uint8_t *o = box_out_row(&ring, dst, y);
            const uint8_t *add = NULL, *sub = NULL;
            if (y > 0) {
                const uint64_t add64 = (uint64_t)y + ry;
                const uint32_t a = add64 > last ? last : (uint32_t)add64;
                const uint32_t sb = y - 1 > ry ? y - 1 - ry : 0;
                add = SRC_ROW(a);
                sub = box_sub_row(&ring, src, sb);
            }
            if (narrow) ops->box_row16(col16, add, sub, o, w, rx, half32, inv);
            else ops->box_row(col, add, sub, o, w, rx, half32, inv);
            box_ring_commit(&ring, dst, y);
        }
        return;
    }
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *o = box_out_row(&ring, dst, y);
        if (area <= (1u << 24)) {
            uint32_t *s = (uint32_t *)sums;
            box_window_u32(col, s, w, rx);
            if (area < (1u << 23))
                ops->box_divide_f64(s, o, n, half32, 1.0 / (double)area);
            else
                for (size_t i = 0; i < n; i++) o[i] = (uint8_t)(((double)(s[i] + half32) + 0.5) / (double)area);
        } else {
            /* 64-bit path: exact in double, x < 2^42 and the error bound 2^-43 < 0.5 / N holds for N < 2^34. */
            uint64_t *s = (uint64_t *)sums;
            box_window_u64(col, s, w, rx);
            const double inv = 1.0 / (double)area;
            for (size_t i = 0; i < n; i++) o[i] = (uint8_t)(((double)(s[i] + area / 2) + 0.5) * inv);
        }
        box_ring_commit(&ring, dst, y);
        if (y + 1 < h) {
            const uint64_t add64 = (uint64_t)y + ry + 1;
            const uint32_t add = add64 > last ? last : (uint32_t)add64;
            const uint32_t sub = y > ry ? y - ry : 0;
            ops->box_col_update(col, SRC_ROW(add), box_sub_row(&ring, src, sub), n);
        }
    }
#undef SRC_ROW
}
