/*
 * Fuzzes the backdrop's reduction entry points: ck_backdrop_reduce and ck_backdrop_resampling_variance.
 *
 * For every input: the status follows CKernel.h (NULL struct or, for a non-empty image, NULL data: CK_ERR_NULL;
 * factor other than 2, 4, 8: CK_ERR_ARGUMENT; a side above CK_MAX_DIM, a stride below 4 * width or stride * height
 * overflowing, or small not ceil(side / factor) + 2 on each axis (0 x 0 for an empty source): CK_ERR_SIZE; a byte
 * shared by the two images: CK_ERR_OVERLAP; the contract does not rank them, so any applicable one passes), on every
 * ISA; the call allocates nothing. On success every small pixel (i + 1, j + 1) is the rounded mean (sum + k^2 / 2) /
 * k^2 of src's block (i, j) with indices clamped to src, on every ISA; no byte outside small's pixels is written (its
 * row padding, src, and everything when the call fails). The variance is (k^2 - 1) / 12 + (2 k^2 + 1) / 12 for k in
 * {2, 4, 8} and 0 otherwise, the same on every ISA.
 */
#include "fuzz_image.h"

/* The documented variance for factor k. */
static double expected_variance(uint32_t k) {
    if (!(k == 2 || k == 4 || k == 8)) return 0.0;
    const double kk = (double)k * k;
    return (kk - 1.0) / 12.0 + (2.0 * kk + 1.0) / 12.0;
}

static uint32_t clamp_index(int64_t i, uint32_t n) { return i < 0 ? 0 : i >= (int64_t)n ? n - 1 : (uint32_t)i; }

/* A stride for a row of w pixels: tight, padded (often unaligned), too small, or overflowing with h rows. */
static size_t decode_stride(fuzz_input *in, uint32_t w, uint32_t h) {
    const uint8_t m = fuzz_u8(in);
    const size_t tight = 4 * (size_t)w;
    switch (m % 8) {
    case 0: case 1: case 2: case 3: return tight;
    case 4: case 5: return tight + 1 + m / 8 % 16;
    case 6: return tight > 0 ? tight - 1 - (m / 8 % (tight < 8 ? tight : 8)) : 0;
    default: return h > 1 ? SIZE_MAX / h + 1 + m / 8 : tight + ((size_t)1 << 40);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ck_isa isas[4];
    static int nisa;
    if (!nisa) nisa = fuzz_isas(isas);
    fuzz_input in = {data, size, 0};

    const uint8_t mode = fuzz_u8(&in);
    static const uint32_t factors[8] = {2, 4, 8, 2, 4, 1, 3, 0};
    const uint32_t k = (mode & 7) == 7 ? fuzz_u32(&in) : factors[mode & 7];
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        const double v = ck_backdrop_resampling_variance(k), e = expected_variance(k);
        FUZZ_CHECK(fabs(v - e) <= 1e-15 * e, "isa %d: variance(%u) = %a, documented %a", (int)isas[i], k, v, e);
    }

    /* The source and the small image's geometry. */
    const uint32_t w = fuzz_side(&in), h = fuzz_side(&in);
    const int valid_k = k == 2 || k == 4 || k == 8, empty = w == 0 || h == 0;
    uint32_t rw = empty || !valid_k ? 0 : (w + k - 1) / k + 2, rh = empty || !valid_k ? 0 : (h + k - 1) / k + 2;
    const uint32_t want_w = rw, want_h = rh;
    const uint8_t shape = fuzz_u8(&in);
    if (shape == 0xF1) rw += 1;
    if (shape == 0xF2 && rh > 0) rh -= 1;
    if (shape == 0xF3) rw = 1 + fuzz_u8(&in) % 12, rh = 1 + fuzz_u8(&in) % 12;
    if (rw > 64) rw = 3; /* the source is beyond CK_MAX_DIM: a small image of its size would not fit in memory */
    if (rh > 64) rh = 3;
    ck_image src = {NULL, w, h, decode_stride(&in, w, h)};
    ck_image small = {NULL, rw, rh, decode_stride(&in, rw, rh)};
    const int src_ok = fuzz_image_size_ok(&src), small_ok = fuzz_image_size_ok(&small);
    const size_t se = src_ok ? fuzz_image_extent(&src) : 0, re = small_ok ? fuzz_image_extent(&small) : 0;
    if (se > (1u << 16) || re > (1u << 16)) return 0; /* a legal but huge extent: nothing new to learn */

    /* Placement: separate heap blocks of exactly the bytes each image spans, or small at an offset inside the block
       that holds src (overlapping or not). A size the kernel must refuse gets a one-byte block it must not read. */
    const uint8_t place = fuzz_u8(&in);
    const int shared = (place & 3) == 1 && se && re;
    long delta = shared ? (long)(fuzz_bits(&in, 2) % (se + re + 8)) - (long)re - 4 : 0; /* small's start - src's */
    const size_t before = shared && delta < 0 ? (size_t)-delta : 0;
    const long end = delta + (long)re > (long)se ? delta + (long)re : (long)se; /* relative to src's start */
    const size_t block0 = shared ? before + (size_t)end : se;
    uint8_t *blocks[2] = {malloc(block0 ? block0 : 1), shared ? NULL : malloc(re ? re : 1)};
    src.data = blocks[0] + before;
    small.data = shared ? src.data + delta : blocks[1];
    const int null_src = fuzz_u8(&in) == 0xA5, null_small = fuzz_u8(&in) == 0xA5;
    if (fuzz_u8(&in) == 0xA6) src.data = NULL;
    if (fuzz_u8(&in) == 0xA7) small.data = NULL;

    /* Contents: src from the input, small's pixels and padding a pattern. */
    int premultiplied = 0; /* the reduction has no colour rule: any bytes */
    if (se && src.data) {
        memset(blocks[0], 0x3C, block0 ? block0 : 1);
        fuzz_image_fill(&in, &src, &premultiplied);
    }
    uint8_t *src_copy = malloc(se ? se : 1);
    if (se && src.data) memcpy(src_copy, src.data, se);

    /* Which statuses the header allows. */
    fuzz_status_set errors = 0;
    if (null_src || null_small) errors |= FS(CK_ERR_NULL);
    if (!valid_k) errors |= FS(CK_ERR_ARGUMENT);
    if (!src_ok || !small_ok) errors |= FS(CK_ERR_SIZE);
    if (src_ok && small_ok && valid_k && (rw != want_w || rh != want_h)) errors |= FS(CK_ERR_SIZE);
    const int pixels = !empty && src_ok && small_ok && valid_k && rw == want_w && rh == want_h;
    if (pixels && (src.data == NULL || small.data == NULL)) errors |= FS(CK_ERR_NULL);
    int spans_meet = 0, collide = 0;
    if (shared && src.data && small.data) { /* se and re are non-zero when shared */
        spans_meet = small.data < src.data + se && src.data < small.data + re;
        for (uint32_t y = 0; y < rh && spans_meet && !collide; y++) {
            const uint8_t *r0 = small.data + y * small.stride, *r1 = r0 + 4 * (size_t)rw;
            for (uint32_t sy = 0; sy < h && !collide; sy++) {
                const uint8_t *s0 = src.data + sy * src.stride, *s1 = s0 + 4 * (size_t)w;
                collide = r0 < s1 && s0 < r1;
            }
        }
    }
    if (collide && pixels) errors |= FS(CK_ERR_OVERLAP);
    fuzz_status_set allowed = fuzz_expect(errors);
    /* Shared padding only, or a collision beside another error: the contract's "any byte shared" allows OVERLAP. */
    if (spans_meet) allowed |= FS(CK_ERR_OVERLAP);

    /* Every ISA: the status, no allocation, the definition, nothing else written. small's whole span holds a pattern
       unless it meets src's span (then its padding may be src's pixels, and only pixels are checked). */
    const int patterned = re && small.data && !spans_meet;
    uint8_t *reference = NULL;
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        if (patterned)
            for (size_t b = 0; b < re; b++) small.data[b] = (uint8_t)(0xA7 ^ b);
        fuzz_watch_allocations();
        const ck_status st = ck_backdrop_reduce(null_src ? NULL : &src, null_small ? NULL : &small, k);
        FUZZ_CHECK(fuzz_stop_watching() == 0, "isa %d: ck_backdrop_reduce allocated", (int)isas[i]);
        FUZZ_CHECK_STATUS(allowed, st, "ck_backdrop_reduce");
        if (se && src.data)
            for (uint32_t y = 0; y < h; y++)
                FUZZ_CHECK(memcmp(src.data + y * src.stride, src_copy + y * src.stride, 4 * (size_t)w) == 0,
                           "isa %d: status %s, src row %u changed", (int)isas[i], fuzz_status_name(st), y);
        if (st != CK_OK || !pixels) {
            if (patterned)
                for (size_t b = 0; b < re; b++)
                    FUZZ_CHECK(small.data[b] == (uint8_t)(0xA7 ^ b), "isa %d: status %s but small byte %zu written",
                               (int)isas[i], fuzz_status_name(st), b);
            continue;
        }
        for (uint32_t j = 0; j < rh; j++) {
            const uint8_t *row = small.data + j * small.stride;
            for (uint32_t m = 0; m < rw; m++)
                for (int c = 0; c < 4; c++) {
                    uint32_t sum = 0;
                    for (uint32_t y = 0; y < k; y++)
                        for (uint32_t x = 0; x < k; x++)
                            sum += src_copy[clamp_index(((int64_t)j - 1) * k + y, h) * src.stride +
                                            clamp_index(((int64_t)m - 1) * k + x, w) * 4 + c];
                    const uint32_t want = (sum + k * k / 2) / (k * k);
                    FUZZ_CHECK(row[4 * m + c] == want, "isa %d: %ux%u by %u: small (%u, %u, %d) = %u, block mean %u",
                               (int)isas[i], w, h, k, m, j, c, row[4 * m + c], want);
                }
            if (patterned && j + 1 < rh)
                for (size_t b = 4 * (size_t)rw; b < small.stride; b++)
                    FUZZ_CHECK(row[b] == (uint8_t)(0xA7 ^ (j * small.stride + b)), "isa %d: small padding written",
                               (int)isas[i]);
        }
        if (!reference) {
            reference = malloc(re);
            memcpy(reference, small.data, re);
        } else {
            for (uint32_t j = 0; j < rh; j++)
                FUZZ_CHECK(memcmp(reference + j * small.stride, small.data + j * small.stride, 4 * (size_t)rw) == 0,
                           "isa %d: small row %u differs from scalar", (int)isas[i], j);
        }
    }
    free(reference);
    free(src_copy);
    free(blocks[0]);
    free(blocks[1]);
    ck_isa_set(ck_isa_best());
    return 0;
}
