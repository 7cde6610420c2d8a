/*
 * Box and gaussian blur and the blurred-backdrop effect: the public entry points, the top of the blur folder. They
 * validate every argument (here, once) and call down: the box stage directly, the gaussian and the backdrop through
 * route planning (blur_route.c), which runs the stages (blur_stages.h) on the kernels compiled once per ISA
 * (blur_kernels.h; blur_scalar.c is the reference every SIMD build must match bit for bit).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "blur_route.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters or the colour matrix on a target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

_Static_assert(sizeof(ck_image) == sizeof(void *) + 8 + sizeof(size_t), "ck_image layout is imported by Swift");
_Static_assert(sizeof(ck_backdrop) == 16, "ck_backdrop layout is imported by Swift");


/* MARK: - Scratch */

size_t ck_blur_scratch_size(uint32_t width, uint32_t height) {
    if (width == 0 || height == 0) return 0;
    if (width > CK_MAX_DIM || height > CK_MAX_DIM) return 0;
    const size_t box = ck_blur_box_scratch(width, height), routes = ck_blur_route_scratch(width, height);
    return (box > routes ? box : routes) + CK_ALIGN; /* room to align a caller pointer */ /* room to align a caller pointer */
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
    ck_blur_reduce_box(src, small->data, small->stride, factor, (src->width + factor - 1) / factor,
                       (src->height + factor - 1) / factor);
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
    ck_status st = ck_blur_colour_make(params, &colour);
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
