/*
 * The blur stages, one file each, below route planning (blur_route.c) and above the kernels (blur_internal.h):
 *   blur_box.c       the exact box blur
 *   blur_gaussian.c  the gaussian on one image (direct filter or four box stages), with an optional fused colour
 *   blur_resample.c  reduction by k (tent or box) and bilinear enlargement
 *   blur_colour.c    the backdrop's colour stage parameters
 * A stage calls only the kernels (ck_ops_active()->blur) and what this header and blur_internal.h define: never
 * another stage, a route or an entry point.
 */
#ifndef CK_BLUR_STAGES_H
#define CK_BLUR_STAGES_H

#include "blur_internal.h"

/* CK_MAX_DIM, CK_MAX_RADIUS, CK_MAX_SIGMA and CK_MAX_SATURATION are public (CKernel.h). */

/* Row sy of the image extended by replicating its first and last rows: its index, and the row. */
static inline uint32_t clamped_y(const ck_image *im, int64_t sy) {
    return (uint32_t)(sy < 0 ? 0 : (sy >= im->height ? im->height - 1 : sy));
}
static inline const uint8_t *clamped_row(const ck_image *im, int64_t sy) {
    return im->data + (size_t)clamped_y(im, sy) * im->stride;
}

/* MARK: - Box (blur_box.c) */

/* Scratch bytes, and the blur on validated arguments (rx or ry > 0) with aligned scratch of that size. */
CK_HIDDEN size_t ck_blur_box_scratch(uint32_t w, uint32_t h);
CK_HIDDEN void ck_blur_box_run(const ck_image *src, ck_image *dst, uint32_t rx, uint32_t ry, uint8_t *scratch);

/* MARK: - Gaussian (blur_gaussian.c) */

/* Below this sigma four extended boxes fall under 50 dB (48 at sigma 1) where a direct sampled gaussian of at most
   9 taps keeps about 59 dB; at the switch the two differ by a level or two. */
#define CK_GAUSS_FIR_SIGMA 1.2
/* Column lines per vertical group: 4 x 4 pixels = one 64-byte cache line of each destination row. */
#define CK_GAUSS_VLINES 4
/* From this sigma on, the four stages are three plain boxes and one extended box (see ck_blur_gauss_params_for);
   below it the radii are too small for boxes of unequal width (49 dB at sigma 2 where four equal ones keep 57). */
#define CK_GAUSS_PLAIN_SIGMA 3.0

typedef struct ck_gauss_params {
    uint32_t fir_r; /* > 0: direct filter of 2 fir_r + 1 taps instead of boxes (gauss_fir_run) */
    uint16_t fir_wv[CK_GAUSS_FIR_MAX_R + 1], fir_wh[CK_GAUSS_FIR_MAX_R + 1]; /* its weights, see blur_kernels_gauss.h */
    int poly; /* with fir_r: the polyphase direct filter instead, with these weights per phase, tap t at [t + fir_r] */
    uint16_t poly_wv[2][2 * CK_GAUSS_FIR_MAX_R + 1];   /* phase, tap */
    uint16_t poly_wh[(2 * CK_GAUSS_FIR_MAX_R + 1) * 8]; /* the same by lane: tap t, lane l: phase (l / 4) */
    ck_gauss_boxes boxes;
    uint32_t pad; /* total support of the four passes: sum of r[k] + 1 */
    double norm;  /* product of the stages' weights 2 r[k] + 1 (+ 2 alpha): the passes are unnormalised */
} ck_gauss_params;

/* The four box stages (or the direct filter) for sigma; the direct filter below fir_sigma. */
CK_HIDDEN ck_gauss_params ck_blur_gauss_params_for(double sigma, double fir_sigma);
/* The direct filter for sigma with at most max_r taps each side. */
CK_HIDDEN ck_gauss_params ck_blur_gauss_fir_params(double sigma, uint32_t max_r);
/* Its radius and its weights in double: k[i] for taps +-i, i = 0..R (they sum to 1 over -R..R). */
CK_HIDDEN uint32_t ck_blur_gauss_fir_kernel(double sigma, uint32_t max_r, double k[CK_GAUSS_FIR_MAX_R + 1]);
/* The polyphase direct filter with kernel[p][t + R] for tap t (|t| <= R) of phase p (even, odd), the same along both
   axes; each phase is normalised to sum 1. */
CK_HIDDEN ck_gauss_params ck_blur_gauss_poly_params(const double kernel[2][2 * CK_GAUSS_FIR_MAX_R + 1], uint32_t R);
/* The share of the weight the direct filter leaves out: it takes the fewest taps that leave at most this much at its
   sigma (ceil(3 sigma) taps each side always do), and a route that runs it up to a sigma no more than leave this much
   out there. */
#define CK_GAUSS_FIR_TAIL 0.0025
/* The smallest radius that leaves at most CK_GAUSS_FIR_TAIL of the weight out at sigma (at most CK_GAUSS_FIR_MAX_R). */
CK_HIDDEN uint32_t ck_blur_gauss_fir_radius(double sigma);

/* The intermediate: ceil(w / 4) tiles of h rows x 16 values, each tile rounded up to whole blocks of 4 rows so that
   every block of 4 rows x 16 values is one 64-byte-aligned line (the AVX2 build streams whole lines). */
static inline size_t gauss_tile_stride(uint32_t h) { return (((size_t)h + 3) & ~(size_t)3) * CK_GAUSS_LANES; }
static inline size_t gauss_tiles_bytes(uint32_t w, uint32_t h) {
    return ((size_t)w + 3) / 4 * gauss_tile_stride(h) * sizeof(ck_tile_t);
}
/* The direct filter (gauss_fir_run): two padded u16 lines, then the in-place ring of R + 2 source rows. */
static inline size_t gauss_fir_line_bytes(uint32_t w) { return align_up(((size_t)w + 2 * CK_GAUSS_FIR_MAX_R) * 8); }
static inline size_t gauss_fir_scratch(uint32_t w) {
    return 2 * gauss_fir_line_bytes(w) + (CK_GAUSS_FIR_MAX_R + 2) * (size_t)w * 4;
}

/* Floats in the gaussian's line buffer, and its scratch bytes (either filter). */
CK_HIDDEN size_t ck_blur_gauss_line_floats(uint32_t w, uint32_t h);
CK_HIDDEN size_t ck_blur_gauss_scratch(uint32_t w, uint32_t h);

/* src -> dst with the filter params (in place allowed). colour: NULL or the backdrop colour stage, fused into the
   store. small: the image is a reduced one (narrower vertical groups). */
CK_HIDDEN void ck_blur_gauss_run(const ck_image *src, ck_image *dst, const ck_gauss_params *params,
                                 const ck_blur_colour *colour, int small, uint8_t *scratch);

/* MARK: - Reduce / enlarge (blur_resample.c) */

/* Small pixels of ring on each side of the reduced image: enough for the outer one to be made of the replicated
   extension alone, so that replicating it continues the reduction of that extension exactly. Two for the tent, whose
   pixel i covers [ik - k/2, ik + 3k/2) (see reduce_tent), one for the box, whose pixel covers [ik, ik + k). */
static inline uint32_t reduced_ring(int tent) { return tent ? 2u : 1u; }

/* Variance (full-resolution px^2, per axis) that the reduction by k (tent or box) and the enlargement add. */
CK_HIDDEN double ck_blur_backdrop_variance(uint32_t k, int tent);
/* Reduction by k of src's replicated extension into small (sw = ceil(w / k), sh likewise, plus the ring of
   reduced_ring(tent) on each side, rows sstride bytes apart). The tent (k = 2 or 4) uses line: a u16 buffer of
   (w + (2 ring + 2) k) pixels. */
CK_HIDDEN void ck_blur_reduce_tent(const ck_image *src, uint8_t *small, uint32_t k, uint32_t sw, uint32_t sh,
                                   uint16_t *line);
CK_HIDDEN void ck_blur_reduce_box(const ck_image *src, uint8_t *small, size_t sstride, uint32_t k, uint32_t sw,
                                  uint32_t sh);
/* Bilinear enlargement by k of small (with its ring of R) onto dst; wide: two u16 rows of dst's width. weight: 256
   replaces dst's rows; below, each enlarged byte e is blended into dst's d as (d (256 - weight) + e weight + 128) >> 8. */
CK_HIDDEN void ck_blur_enlarge(const ck_image *small, uint32_t R, uint32_t k, ck_image *dst, uint16_t *const wide[2],
                               uint32_t weight);

/* The image reduced by 2 (tent), filtered there with the symmetric kernel f (taps +-i, weight f[i], i <= fr <=
   CK_GAUSS_FIR_MAX_R) and enlarged bilinearly, as one filter per axis at full resolution: e[p][t + CK_REDUCED_KERNEL_R]
   is the weight of pixel x + t in output pixel x for x even (p = 0) and odd (p = 1), on the replicated extension,
   before any rounding. The reduction and the enlargement sample even and odd pixels at different offsets, hence the
   two phases (mirror images of each other). */
#define CK_REDUCED_KERNEL_R (2 * CK_GAUSS_FIR_MAX_R + 4)
CK_HIDDEN void ck_blur_reduced_kernel(const double *f, uint32_t fr, double e[2][2 * CK_REDUCED_KERNEL_R + 1]);

/* MARK: - Colour (blur_colour.c) */

/* The backdrop's colour stage from its parameters; CK_ERR_ARGUMENT for a NaN saturation or a tint that is not
   premultiplied. */
CK_HIDDEN ck_status ck_blur_colour_make(const ck_backdrop *p, ck_blur_colour *c);

#endif
