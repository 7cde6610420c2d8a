/*
 * Fuzzes ck_backdrop_apply on small images with random sizes, strides, placements, scratch and
 * parameters (sigma, saturation, tint, downsample, each also out of range or non-finite).
 *
 * Checks: the status is one the contract allows; every ISA and every layout gives exactly the scalar
 * bytes of a separate tight copy; colour <= alpha whenever source and tint are premultiplied (the
 * saturation step clamps to [0, alpha] and source-over keeps it); sigma 0, saturation 1, a clear tint
 * at full resolution leave a premultiplied image unchanged. Untouched bytes and no-allocation with scratch as for
 * every image kernel.
 */
#include "fuzz_image.h"

static ck_status call_backdrop(const ck_image *src, ck_image *dst, void *scratch, size_t scratch_size, const void *p) {
    return ck_backdrop_apply(src, dst, p, scratch, scratch_size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};
    ck_backdrop p;
    uint8_t m = fuzz_u8(&in);
    p.sigma = m & 1   ? (float)fuzz_u8(&in) / 16.0f
              : m & 2 ? (float)(m >> 4)
              : m & 4 ? nextafterf(CK_MAX_SIGMA, m & 8 ? INFINITY : 0) /* either side of the limit */
                      : fuzz_float(&in, 4);
    uint8_t ms = fuzz_u8(&in);
    p.saturation = ms % 4 == 0 ? 1.0f : ms % 4 == 1 ? (float)fuzz_u8(&in) / 64.0f : fuzz_float(&in, 2);
    for (int k = 0; k < 4; k++) p.tint[k] = fuzz_u8(&in);
    int premul_tint = (m & 0x80) == 0;
    if (premul_tint)
        for (int k = 0; k < 3; k++) p.tint[k] = (uint8_t)(p.tint[k] % (p.tint[3] + 1));
    premul_tint = p.tint[0] <= p.tint[3] && p.tint[1] <= p.tint[3] && p.tint[2] <= p.tint[3];
    uint8_t md = fuzz_u8(&in);
    const uint32_t downs[8] = {0, 1, 2, 4, 1, 0, 3, 8};
    p.downsample = md < 0xF0 ? downs[md % 6] : md == 0xFF ? fuzz_u32(&in) : downs[6 + md % 2];
    int identity = fuzz_u8(&in) == 0x1D;
    if (identity) p = (ck_backdrop){0, 1, {0, 0, 0, 0}, 1};
    int null_params = fuzz_u8(&in) == 0xB7;

    fuzz_image_case c;
    if (!fuzz_image_decode(&in, &c)) return 0;
    /* Must reject: sigma outside [0, CK_MAX_SIGMA] or NaN (the blur is the gaussian's, with its range), non-finite
       saturation, an unknown downsample factor. May reject (the contract gives no range): negative or very large
       saturation, a tint whose colour exceeds its alpha. */
    int bad = !(p.sigma >= 0 && p.sigma <= CK_MAX_SIGMA) || !isfinite(p.saturation) ||
              !(p.downsample == 0 || p.downsample == 1 || p.downsample == 2 || p.downsample == 4);
    int maybe = p.saturation < 0 || p.saturation > 100 || !premul_tint;
    fuzz_status_set allowed = null_params ? FS(CK_ERR_NULL) : fuzz_image_allowed(&c, bad, maybe);
    if (null_params && (c.null_src || c.null_dst)) allowed |= fuzz_image_allowed(&c, bad, maybe);
    const ck_backdrop *pp = null_params ? NULL : &p;

    uint8_t *expected = NULL, *pixels = NULL;
    if (c.pixels) {
        pixels = fuzz_image_pixels(&c.src);
        ck_status st = fuzz_image_reference(pixels, c.src.width, c.src.height, call_backdrop, pp, &expected);
        fuzz_status_set ref_allowed = null_params ? FS(CK_ERR_NULL)
                                      : bad       ? FS(CK_ERR_ARGUMENT)
                                      : maybe     ? FS(CK_OK) | FS(CK_ERR_ARGUMENT)
                                                  : FS(CK_OK);
        FUZZ_CHECK_STATUS(ref_allowed, st, "ck_backdrop_apply (tight reference)");
        if (st != CK_OK) {
            free(expected);
            expected = NULL;
        }
    }
    uint8_t *result = fuzz_image_run(&c, isas, nisa, call_backdrop, pp, allowed, expected, "ck_backdrop_apply");
    if (result) {
        uint32_t w = c.src.width, h = c.src.height;
        /* Only for a premultiplied source: saturation clamps colour to alpha, which changes others. */
        if (identity && c.premultiplied)
            FUZZ_CHECK(memcmp(result, pixels, 4 * (size_t)w * h) == 0, "identity backdrop changed the image (%ux%u)", w,
                       h);
        if (c.premultiplied && premul_tint) fuzz_check_premultiplied(result, w, h, "ck_backdrop_apply");
    }
    free(result);
    free(expected);
    free(pixels);
    fuzz_image_free(&c);
    ck_isa_set(ck_isa_best());
    return 0;
}
