/*
 * Box and gaussian blur and the blurred-backdrop effect: the public entry points, which validate every argument
 * (here, once), and the scratch layout. The drivers that walk the image are blur_box.c, blur_gaussian.c and
 * blur_backdrop.c; the kernels they call through ck_ops_active()->blur are blur_kernels.h, compiled once per ISA:
 * blur_scalar.c (the reference every SIMD build must match bit for bit), blur_sse2.c, blur_avx2.c, blur_neon.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "blur_internal.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters or the colour matrix on a target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

_Static_assert(sizeof(ck_image) == sizeof(void *) + 8 + sizeof(size_t), "ck_image layout is imported by Swift");
_Static_assert(sizeof(ck_backdrop) == 16, "ck_backdrop layout is imported by Swift");


/* MARK: - Scratch layout */

/* Floats in the line buffer: CK_GAUSS_VLINES padded lines of 16 lanes at the largest sigma (the vertical group;
   the horizontal band needs one). */
size_t ck_blur_gauss_line_floats(uint32_t w, uint32_t h) {
    const ck_gauss_params big = ck_blur_gauss_params_for(CK_MAX_SIGMA, CK_GAUSS_FIR_SIGMA);
    return ((size_t)(w > h ? w : h) + 2 * (size_t)big.pad) * CK_GAUSS_VLINES * CK_GAUSS_LANES;
}



size_t ck_blur_gauss_scratch(uint32_t w, uint32_t h) {
    const size_t tiled = align_up(gauss_tiles_bytes(w, h)) + align_up(ck_blur_gauss_line_floats(w, h) * sizeof(float));
    const size_t fir = gauss_fir_line_bytes(w) + (CK_GAUSS_FIR_MAX_R + 1) * (size_t)w * 4;
    return tiled > fir ? tiled : fir;
}

static size_t box_scratch(uint32_t w, uint32_t h) {
    /* column sums (u32), window sums (u64 at most), the in-place ring of up to h source rows */
    return align_up((size_t)w * 16) + align_up((size_t)w * 32) + align_up((size_t)w * 4 * h);
}


size_t ck_blur_backdrop_scratch(uint32_t w, uint32_t h, uint32_t k) {
    const uint32_t ring = reduced_ring(1); /* the tent's, the wider */
    const uint32_t sw = (w + k - 1) / k + 2 * ring, sh = (h + k - 1) / k + 2 * ring;
    /* small image with ring; two widened rows (u16, full width), which first hold the reduction's line of
       (w + (2 ring + 2) k) u16 pixels; the small image's gaussian scratch */
    size_t rows = 2 * align_up((size_t)w * 8);
    const size_t line = align_up(((size_t)w + (2 * (size_t)ring + 2) * k) * 8);
    if (rows < line) rows = line;
    return align_up((size_t)sw * sh * 4) + rows + ck_blur_gauss_scratch(sw, sh);
}

size_t ck_blur_scratch_size(uint32_t width, uint32_t height) {
    if (width == 0 || height == 0) return 0;
    if (width > CK_MAX_DIM || height > CK_MAX_DIM) return 0;
    size_t n = ck_blur_gauss_scratch(width, height);
    const size_t b = box_scratch(width, height);
    if (b > n) n = b;
    for (uint32_t k = 2; k <= 8; k *= 2) {
        const size_t d = ck_blur_backdrop_scratch(width, height, k);
        if (d > n) n = d;
    }
    /* The gaussian's blend across a route switch: a second image past the scratch of either route. */
    size_t routes = ck_blur_gauss_scratch(width, height);
    for (uint32_t k = 2; k <= 4; k *= 2) {
        const size_t d = ck_blur_backdrop_scratch(width, height, k);
        if (d > routes) routes = d;
    }
    const size_t blend = align_up(routes) + align_up((size_t)width * 4 * height);
    if (blend > n) n = blend;
    return n + CK_ALIGN; /* room to align a caller pointer */
}

/* MARK: - Validation */

/* Checks one image's geometry; sets *bytes to the span from data to the end of the last row. */
static ck_status check_image(const ck_image *im, size_t *bytes) {
    if (im->width > CK_MAX_DIM || im->height > CK_MAX_DIM) return CK_ERR_SIZE;
    if (im->stride < (size_t)im->width * 4) return CK_ERR_SIZE;
    if (im->height > 0 && im->stride > (SIZE_MAX - (size_t)im->width * 4) / im->height) return CK_ERR_SIZE;
    *bytes = im->height == 0 ? 0 : im->stride * (im->height - 1) + (size_t)im->width * 4;
    return CK_OK;
}

/* The checks every entry point shares, after its own argument checks. *empty: nothing to do. */
static ck_status check_pair(const ck_image *src, const ck_image *dst, const void *scratch, size_t scratch_size,
                            int *empty) {
    size_t sbytes, dbytes;
    ck_status st = check_image(src, &sbytes);
    if (st != CK_OK) return st;
    st = check_image(dst, &dbytes);
    if (st != CK_OK) return st;
    if (src->width != dst->width || src->height != dst->height) return CK_ERR_SIZE;
    *empty = src->width == 0 || src->height == 0;
    if (*empty) return CK_OK;
    if (src->data == NULL || dst->data == NULL) return CK_ERR_NULL;
    if (src->data == dst->data) {
        if (src->stride != dst->stride) return CK_ERR_OVERLAP;
    } else {
        const uintptr_t s0 = (uintptr_t)src->data, d0 = (uintptr_t)dst->data;
        if (s0 < d0 + dbytes && d0 < s0 + sbytes) return CK_ERR_OVERLAP;
    }
    if (scratch == NULL) return CK_OK;
    const size_t need = ck_blur_scratch_size(src->width, src->height);
    if (scratch_size < need) return CK_ERR_SIZE;
    /* The kernels write the scratch while they read src and write dst: any shared byte is a corrupt result. */
    const uintptr_t c0 = (uintptr_t)scratch, s0 = (uintptr_t)src->data, d0 = (uintptr_t)dst->data;
    if ((c0 < s0 + sbytes && s0 < c0 + need) || (c0 < d0 + dbytes && d0 < c0 + need)) return CK_ERR_OVERLAP;
    return CK_OK;
}

/* Caller scratch (aligned up) or a fresh allocation that *owned receives. */
static uint8_t *get_scratch(void *scratch, uint32_t w, uint32_t h, void **owned) {
    *owned = NULL;
    if (scratch == NULL) {
        scratch = malloc(ck_blur_scratch_size(w, h));
        if (scratch == NULL) return NULL;
        *owned = scratch;
    }
    const uintptr_t p = (uintptr_t)scratch;
    return (uint8_t *)((p + (CK_ALIGN - 1)) & ~(uintptr_t)(CK_ALIGN - 1));
}

static void copy_image(const ck_image *src, ck_image *dst) {
    if (src->data == dst->data) return;
    for (uint32_t y = 0; y < src->height; y++)
        memcpy(dst->data + (size_t)y * dst->stride, src->data + (size_t)y * src->stride, (size_t)src->width * 4);
}

/* MARK: - Entry points */

/* The backdrop's colour stage from its parameters; CK_ERR_ARGUMENT for a NaN saturation or a tint that is not
   premultiplied. */
static ck_status make_colour(const ck_backdrop *p, ck_blur_colour *c) {
    static const double luma[3] = {0.2126, 0.7152, 0.0722};
    if (!isfinite(p->saturation)) return CK_ERR_ARGUMENT;
    for (int i = 0; i < 3; i++)
        if (p->tint[i] > p->tint[3]) return CK_ERR_ARGUMENT; /* not premultiplied */
    /* Beyond CK_MAX_SATURATION every non-grey colour already clamps; bounding s keeps the float sums finite. */
    const double limit = CK_MAX_SATURATION;
    double s = p->saturation;
    s = s > limit ? limit : (s < -limit ? -limit : s);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) c->m[i][j] = (float)((1.0 - s) * luma[j] + (i == j ? s : 0.0));
    for (int i = 0; i < 4; i++) c->tint[i] = p->tint[i];
    c->inv_alpha = 255u - p->tint[3];
    return CK_OK;
}

ck_status ck_box_blur(const ck_image *src, ck_image *dst, uint32_t radius_x, uint32_t radius_y, void *scratch,
                      size_t scratch_size) {
    if (src == NULL || dst == NULL) return CK_ERR_NULL;
    if (radius_x > CK_MAX_RADIUS || radius_y > CK_MAX_RADIUS) return CK_ERR_ARGUMENT;
    int empty;
    const ck_status st = check_pair(src, dst, scratch, scratch_size, &empty);
    if (st != CK_OK || empty) return st;
    if (radius_x == 0 && radius_y == 0) {
        copy_image(src, dst);
        return CK_OK;
    }
    void *owned;
    uint8_t *s = get_scratch(scratch, src->width, src->height, &owned);
    if (s == NULL) return CK_ERR_NOMEM;
    ck_blur_box_run(src, dst, radius_x, radius_y, s);
    free(owned);
    return CK_OK;
}

ck_status ck_gaussian_blur(const ck_image *src, ck_image *dst, float sigma, void *scratch, size_t scratch_size) {
    if (src == NULL || dst == NULL) return CK_ERR_NULL;
    if (!(sigma >= 0.0f && sigma <= CK_MAX_SIGMA)) return CK_ERR_ARGUMENT; /* NaN fails both */
    int empty;
    const ck_status st = check_pair(src, dst, scratch, scratch_size, &empty);
    if (st != CK_OK || empty) return st;
    if (sigma == 0.0f) {
        copy_image(src, dst);
        return CK_OK;
    }
    void *owned;
    uint8_t *s = get_scratch(scratch, src->width, src->height, &owned);
    if (s == NULL) return CK_ERR_NOMEM;
    ck_blur_gaussian_run(src, dst, sigma, s);
    free(owned);
    return CK_OK;
}

ck_status ck_backdrop_reduce(const ck_image *src, ck_image *small, uint32_t factor) {
    if (src == NULL || small == NULL) return CK_ERR_NULL;
    if (!(factor == 2 || factor == 4 || factor == 8)) return CK_ERR_ARGUMENT;
    size_t sbytes, rbytes;
    ck_status st = check_image(src, &sbytes);
    if (st != CK_OK) return st;
    st = check_image(small, &rbytes);
    if (st != CK_OK) return st;
    const int empty = src->width == 0 || src->height == 0;
    const uint32_t rw = empty ? 0 : (src->width + factor - 1) / factor + 2;
    const uint32_t rh = empty ? 0 : (src->height + factor - 1) / factor + 2;
    if (small->width != rw || small->height != rh) return CK_ERR_SIZE;
    if (empty) return CK_OK;
    if (src->data == NULL || small->data == NULL) return CK_ERR_NULL;
    const uintptr_t s0 = (uintptr_t)src->data, r0 = (uintptr_t)small->data;
    if (s0 < r0 + rbytes && r0 < s0 + sbytes) return CK_ERR_OVERLAP;
    ck_blur_reduce_box(src, small, factor);
    return CK_OK;
}

double ck_backdrop_resampling_variance(uint32_t factor) {
    return factor == 2 || factor == 4 || factor == 8 ? ck_blur_backdrop_variance(factor, 0) : 0.0;
}

ck_status ck_backdrop_apply(const ck_image *src, ck_image *dst, const ck_backdrop *params, void *scratch,
                            size_t scratch_size) {
    if (src == NULL || dst == NULL || params == NULL) return CK_ERR_NULL;
    if (!(params->sigma >= 0.0f && params->sigma <= CK_MAX_SIGMA)) return CK_ERR_ARGUMENT;
    const uint32_t ds = params->downsample;
    if (!(ds == 0 || ds == 1 || ds == 2 || ds == 4)) return CK_ERR_ARGUMENT;
    ck_blur_colour colour;
    ck_status st = make_colour(params, &colour);
    if (st != CK_OK) return st;
    int empty;
    st = check_pair(src, dst, scratch, scratch_size, &empty);
    if (st != CK_OK || empty) return st;
    const uint32_t w = src->width, h = src->height;
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    if (params->sigma == 0.0f) {
        copy_image(src, dst);
        ops->colour(dst->data, dst->stride, h, w, &colour);
        return CK_OK;
    }
    void *owned;
    uint8_t *s = get_scratch(scratch, w, h, &owned);
    if (s == NULL) return CK_ERR_NOMEM;
    ck_blur_backdrop_run(src, dst, params, &colour, s);
    free(owned);
    return CK_OK;
}
