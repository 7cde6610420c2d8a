/*
 * Fuzzes ck_gaussian_blur on small images with random sizes, strides, placements, sigmas (0, small,
 * large, the 2000 limit and beyond, negative, NaN, inf, raw bits) and scratch.
 *
 * There is no closed-form output to compare with, so: every ISA and every layout (strides, in place,
 * offset destination) must give exactly the bytes of the scalar path on a separate tight copy; sigma 0
 * is an exact copy; each output channel stays within the source channel's [min, max] (+/- 1 for
 * rounding: the filter is a positive, normalised average; colour channels only when the source is
 * premultiplied, since the kernel may clamp colour to alpha); premultiplication is kept. Untouched bytes,
 * statuses and no-allocation with scratch are checked as for every image kernel.
 */
#include "fuzz_image.h"

static ck_status call_gaussian(const ck_image *src, ck_image *dst, void *scratch, size_t scratch_size, const void *p) {
    return ck_gaussian_blur(src, dst, *(const float *)p, scratch, scratch_size);
}

/* Sigma, weighted towards the cheap small values: at 2000 a call costs ~20 ms even on a tiny image
   (the padding grows with sigma), so the large ones come only one input in ~100 to keep the rate up. */
static float sigma(fuzz_input *in) {
    uint8_t m = fuzz_u8(in);
    switch (m % 32) {
    case 0: return 0;
    case 1: return m & 0x80 ? -0.0f : 0x1p-149f;                   /* signed zero, smallest denormal */
    case 2: case 3: case 4: case 5: case 6: case 7: case 8: case 9: case 10: case 11: case 12: case 13:
        return (float)fuzz_u8(in) / 64.0f;                        /* 0 .. 4 in steps of 1/64 */
    case 14: case 15: case 16: case 17: case 18: case 19: case 20: case 21: case 22:
        return (float)fuzz_bits(in, 2) / 1024.0f;                 /* 0 .. 64 */
    case 23: case 24:
        if (fuzz_u8(in) % 8) return (float)fuzz_u8(in) / 2.0f;      /* 0 .. 128 */
        return m & 0x40 ? CK_MAX_SIGMA : (float)fuzz_bits(in, 2) / 32.0f; /* the limit, or 0 .. 2048 */
    case 25: case 26: return nextafterf(CK_MAX_SIGMA, INFINITY) * (1 + (float)(m / 32 % 2)); /* just beyond */
    default: {
        float s = fuzz_float(in, 4);                             /* negative, NaN, inf, denormal, raw */
        return s > 128 && s <= CK_MAX_SIGMA && (m & 0x20) ? s / 16 : s;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    float s = sigma(&in);
    fuzz_image_case c;
    if (!fuzz_image_decode(&in, &c)) return 0;
    int bad_sigma = !(s >= 0 && s <= CK_MAX_SIGMA); /* NaN fails both */
    fuzz_status_set allowed = fuzz_image_allowed(&c, bad_sigma, 0);
    uint8_t *expected = NULL, *pixels = NULL;
    if (c.pixels) {
        pixels = fuzz_image_pixels(&c.src);
        ck_status st = fuzz_image_reference(pixels, c.src.width, c.src.height, call_gaussian, &s, &expected);
        FUZZ_CHECK_STATUS(bad_sigma ? FS(CK_ERR_ARGUMENT) : FS(CK_OK), st, "ck_gaussian_blur (tight reference)");
        if (st != CK_OK) {
            free(expected);
            expected = NULL;
        }
    }
    uint8_t *result = fuzz_image_run(&c, isas, nisa, call_gaussian, &s, allowed, expected, "ck_gaussian_blur");
    if (result) {
        uint32_t w = c.src.width, h = c.src.height;
        if (s == 0)
            FUZZ_CHECK(memcmp(result, pixels, 4 * (size_t)w * h) == 0, "sigma 0 is not an exact copy (%ux%u)", w, h);
        /* Colour channels only for a premultiplied source: the kernel may clamp colour to alpha. */
        for (int ch = c.premultiplied ? 0 : 3; ch < 4; ch++) {
            int lo = 255, hi = 0;
            for (size_t i = 0; i < (size_t)w * h; i++) {
                lo = pixels[4 * i + ch] < lo ? pixels[4 * i + ch] : lo;
                hi = pixels[4 * i + ch] > hi ? pixels[4 * i + ch] : hi;
            }
            for (size_t i = 0; i < (size_t)w * h; i++)
                FUZZ_CHECK(result[4 * i + ch] + 1 >= lo && result[4 * i + ch] <= hi + 1,
                           "sigma %a: pixel %zu channel %d is %u, source range [%d, %d] (%ux%u)", s, i, ch,
                           result[4 * i + ch], lo, hi, w, h);
        }
        if (c.premultiplied) fuzz_check_premultiplied(result, w, h, "ck_gaussian_blur");
    }
    free(result);
    free(expected);
    free(pixels);
    fuzz_image_free(&c);
    ck_isa_set(ck_isa_best());
    return 0;
}
