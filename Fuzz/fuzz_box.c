/*
 * Fuzzes ck_box_blur (and ck_blur_scratch_size) on small images with random sizes, strides,
 * placements, radii (0 to beyond 65535) and scratch.
 *
 * The box blur is exact, so every ISA's output is compared byte for byte with a naive reference
 * computed here from the contract's formula: floor((S + N/2) / N) over the replicated-edge window,
 * one rounding. The status must be one the contract allows; bytes outside the destination pixels
 * (row padding, the source when not in place) and everything on failure stay untouched; caller scratch
 * means no allocation.
 */
#include "fuzz_image.h"

typedef struct box_params {
    uint32_t rx, ry;
} box_params;

static ck_status call_box(const ck_image *src, ck_image *dst, void *scratch, size_t scratch_size, const void *p) {
    const box_params *b = p;
    return ck_box_blur(src, dst, b->rx, b->ry, scratch, scratch_size);
}

/* How many of the window positions [c - r, c + r], clamped to [0, n - 1], land on index i. */
static uint64_t clamp_count(int64_t c, int64_t r, int64_t i, int64_t n) {
    int64_t lo = i == 0 ? INT64_MIN / 4 : i, hi = i == n - 1 ? INT64_MAX / 4 : i;
    int64_t a = c - r > lo ? c - r : lo, b = c + r < hi ? c + r : hi;
    return b >= a ? (uint64_t)(b - a + 1) : 0;
}

/* The contract's exact box blur of tight w x h pixels. */
static uint8_t *box_reference(const uint8_t *p, uint32_t w, uint32_t h, uint32_t rx, uint32_t ry) {
    uint64_t *hs = malloc(sizeof *hs * 4 * (size_t)w * h);
    uint8_t *out = malloc(4 * (size_t)w * h);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                uint64_t s = 0;
                for (uint32_t i = 0; i < w; i++) s += clamp_count(x, rx, i, w) * p[4 * ((size_t)y * w + i) + c];
                hs[4 * ((size_t)y * w + x) + c] = s;
            }
    uint64_t n = (2 * (uint64_t)rx + 1) * (2 * (uint64_t)ry + 1);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                uint64_t s = 0;
                for (uint32_t j = 0; j < h; j++) s += clamp_count(y, ry, j, h) * hs[4 * ((size_t)j * w + x) + c];
                out[4 * ((size_t)y * w + x) + c] = (uint8_t)((s + n / 2) / n);
            }
    free(hs);
    return out;
}

static uint32_t radius(fuzz_input *in) {
    uint8_t m = fuzz_u8(in);
    switch (m % 8) {
    case 0: return 0;
    case 1: case 2: case 3: return m / 8 % 6;
    case 4: return m / 8 % 30;
    case 5: return 65535 - m / 8 % 3;
    case 6: return 65536 + m / 8 % 3;
    default: return fuzz_u32(in);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    box_params bp;
    bp.rx = radius(&in);
    bp.ry = radius(&in);
    fuzz_image_case c;
    if (!fuzz_image_decode(&in, &c)) return 0;
    fuzz_status_set allowed = fuzz_image_allowed(&c, bp.rx > 65535 || bp.ry > 65535, 0);
    uint8_t *expected = NULL;
    if (c.pixels) {
        uint8_t *pixels = fuzz_image_pixels(&c.src);
        expected = box_reference(pixels, c.src.width, c.src.height, bp.rx, bp.ry);
        free(pixels);
    }
    uint8_t *result = fuzz_image_run(&c, isas, nisa, call_box, &bp, allowed, expected, "ck_box_blur");
    if (result && c.premultiplied) fuzz_check_premultiplied(result, c.src.width, c.src.height, "ck_box_blur");
    free(result);
    free(expected);
    fuzz_image_free(&c);
    ck_isa_set(ck_isa_best());
    return 0;
}
