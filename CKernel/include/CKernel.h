/*
 * CKernel: the numeric engine under AnimationKernel.
 *
 * This header documents the C API: names and semantics are stable.
 * Plain C11, importable by Swift: no intrinsics types, no allocation unless a function says so,
 * no global mutable state beyond the ISA selection. Every function that can fail returns ck_status;
 * nothing here asserts, aborts or prints on bad input.
 */
#ifndef CKERNEL_H
#define CKERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: - Status and dispatch */

typedef enum ck_status {
    CK_OK = 0,
    CK_ERR_NULL = 1,     /* a required pointer is NULL                          */
    CK_ERR_ARGUMENT = 2, /* a number is NaN, infinite, or outside its range      */
    CK_ERR_SIZE = 3,     /* image size, stride or scratch size is inconsistent   */
    CK_ERR_OVERLAP = 4,  /* source and destination overlap without being equal   */
    CK_ERR_NOMEM = 5,    /* an internal allocation failed                        */
} ck_status;

/* A static English sentence for a status; never NULL (unknown values get a generic text). */
const char *ck_status_message(ck_status status);

typedef enum ck_isa { CK_ISA_SCALAR = 0, CK_ISA_SSE2 = 1, CK_ISA_AVX2 = 2, CK_ISA_NEON = 3 } ck_isa;

/* Best ISA this CPU and OS support: AVX2 needs AVX2 + FMA in cpuid and YMM state enabled in XCR0. */
ck_isa ck_isa_best(void);
/* ISA the kernels dispatch to now (ck_isa_best() until ck_isa_set changes it). */
ck_isa ck_isa_active(void);
/* Use this ISA from now on; CK_ERR_ARGUMENT if it is not available here. For tests and benchmarks;
   thread-safe (one atomic store). */
ck_status ck_isa_set(ck_isa isa);

/* MARK: - Springs */

/* omega0: undamped angular frequency in rad/s (finite, > 0); zeta: damping ratio (finite, >= 0). */
typedef struct ck_spring {
    double omega0;
    double zeta;
} ck_spring;

/* omega0 = sqrt(k/m), zeta = c / (2 sqrt(k m)); m, k > 0, c >= 0. */
ck_status ck_spring_make(double mass, double stiffness, double damping, ck_spring *out);
/* omega0 = 2 pi / response; response > 0, damping_ratio >= 0. */
ck_status ck_spring_from_response(double response, double damping_ratio, ck_spring *out);
/* SwiftUI Spring(duration:bounce:): omega0 = 2 pi / duration; zeta = 1 - bounce for bounce >= 0,
   1 / (1 + bounce) for bounce < 0; duration > 0, -1 < bounce <= 1. */
ck_status ck_spring_from_duration(double duration, double bounce, ck_spring *out);

/* Closed form at time t >= 0 from state (x0, v0) at t = 0, every regime. x is the displacement from
   the target, v its rate in units per second. */
ck_status ck_spring_eval(ck_spring s, double x0, double v0, double t, double *x, double *v);
/* The last time at which |x(t)| == epsilon (0 if |x(t)| <= epsilon for all t >= 0);
   +INFINITY when zeta == 0 and the state is not at rest; epsilon > 0. */
ck_status ck_spring_settling_time(ck_spring s, double x0, double v0, double epsilon, double *t);

/* Exact fixed-step propagator: [x; v] <- [[a b]; [c d]] [x; v] advances time by dt. */
typedef struct ck_propagator {
    float a, b, c, d;
} ck_propagator;

/* Built in double from the closed form, so it is exact for every regime; dt >= 0 seconds. */
ck_status ck_propagator_make(ck_spring s, double dt, ck_propagator *out);
/* np == 1: one propagator shared by all n lanes; np == n: one per lane (any other np: CK_ERR_SIZE). x and v
   are updated in place and must not overlap each other or the propagators (CK_ERR_OVERLAP). n == 0: CK_OK. */
ck_status ck_propagate_n(const ck_propagator *p, size_t np, float *x, float *v, size_t n);

/* Closed form for n independent lanes (structure of arrays, float). Lanes with invalid parameters
   get NaN and make the call return CK_ERR_ARGUMENT after every valid lane was processed. */
ck_status ck_spring_eval_n(const float *omega0, const float *zeta, const float *x0, const float *v0,
                           const float *t, float *x, float *v, size_t n);

/* MARK: - Cubic-bezier timing curves */

/* CoreAnimation / CSS cubic-bezier(x1, y1, x2, y2) from (0,0) to (1,1). The control points come
   first; the rest is precomputed by ck_bezier_init and private to the kernel. Caller-owned. */
typedef struct ck_bezier {
    double x1, y1, x2, y2;
    /* private, filled by ck_bezier_init and read only by the kernel: */
    double _x[3];         /* x(t) = ((_x[0] t + _x[1]) t + _x[2]) t */
    double _y[3];         /* y(t) * _y_scale[0] likewise */
    double _y_end[2];     /* 3 (1 - y1), 3 (1 - y2) times _y_scale[0]: 1 - y(t) in powers of 1 - t, for t near 1 */
    double _y_scale[2];   /* 1 and 1, or 2^-64 and 2^64 when an ordinate is beyond 2^1000 (no coefficient overflows) */
    double _gradient[2];  /* slope of the end-tangent extensions before 0 and after 1 */
    double _tolerance[3]; /* largest accepted final Newton step in t: double, float, AVX2 batch */
    float _guess[4][16];  /* float batch: first guess t(x) on 16 segments of x, cubic coefficients */
    double _rows[22][65];   /* double calls: per x = k/64, a node t_k, guesses of t - t_k and y, x and y around t_k */
    float _batch[14][8];    /* AVX2 float batch: per eighth of x, Taylor data of x and y at a node, guess */
    float _direct[11][8];   /* AVX2 float batch: per eighth of x, a certified guess of t and y around its middle */
} ck_bezier;

/* x1, x2 in [0, 1]; all four finite. No allocation. */
ck_status ck_bezier_init(ck_bezier *b, double x1, double y1, double x2, double y2);
/* y at progress x; value(0) == 0, value(1) == 1 exactly; NaN in gives NaN out; outside [0, 1] the
   curve continues along its end tangents, evaluated without forming a gradient that overflows, so it
   stays finite where the exact value is (cubic-bezier(0.5, DBL_MAX, 0.5, DBL_MAX) at 1 + 2^-52 gives
   -7.98e292). Finite x never gives infinity: a value beyond the double range saturates at +/-DBL_MAX;
   x = +/-INFINITY gives the end value (zero gradient) or +/-INFINITY. A NULL curve gives NaN (these two
   return a value, not a status). */
double ck_bezier_value(const ck_bezier *b, double x);
/* dy/dx at progress x; +/-INFINITY only at a vertical tangent (x'(t) == 0); the end gradient outside
   [0, 1]. A slope or gradient beyond the double range (y1 / x1 with y1 = DBL_MAX, x1 = 0.5) is reported
   as +/-DBL_MAX. */
double ck_bezier_slope(const ck_bezier *b, double x);
/* y[i] = value(x[i]) in float for n values; for finite x[i] a value beyond the float range (huge
   ordinates, or steep extensions) saturates at +/-FLT_MAX, so finite input never gives infinity. */
ck_status ck_bezier_value_n(const ck_bezier *b, const float *x, float *y, size_t n);

/* MARK: - Images and blur */

typedef struct ck_image {
    uint8_t *data;  /* premultiplied RGBA8; alpha is byte 3 of each pixel */
    uint32_t width, height;
    size_t stride;  /* bytes per row, >= 4 * width */
} ck_image;

/* The limits every blur entry point checks; the Swift layer reads them from here. */
#define CK_MAX_DIM (1u << 20)      /* image width and height, pixels (larger: CK_ERR_SIZE) */
#define CK_MAX_RADIUS 65535u       /* ck_box_blur radius per axis, pixels (larger: CK_ERR_ARGUMENT) */
#define CK_MAX_SIGMA 2000.0f       /* ck_gaussian_blur and ck_backdrop sigma, pixels (larger: CK_ERR_ARGUMENT) */
#define CK_MAX_SATURATION 10000.0f /* ck_backdrop saturation magnitude used (larger magnitudes are clamped to it:
                                      every non-grey colour already clamps there) */

/* Bytes of caller scratch that make the blur and backdrop functions allocation-free for an image
   of this size.

   Rules shared by ck_box_blur, ck_gaussian_blur and ck_backdrop_apply:
   - src and dst have the same size; dst == src (same data and stride) works in place; any other
     overlap of their bytes is CK_ERR_OVERLAP.
   - scratch == NULL: the function allocates what it needs (CK_ERR_NOMEM on failure). Otherwise
     scratch_size must be at least ck_blur_scratch_size(width, height) (else CK_ERR_SIZE), the
     function allocates nothing, and the first ck_blur_scratch_size bytes of scratch must not share
     a byte with src or dst (else CK_ERR_OVERLAP: the kernels write scratch while reading src).
   - width or height 0: CK_OK, nothing touched. Either above CK_MAX_DIM, stride below 4 * width, or
     stride * height overflowing: CK_ERR_SIZE. */
size_t ck_blur_scratch_size(uint32_t width, uint32_t height);
/* Exact box blur: each output byte is floor((S + N/2) / N) over the (2 rx + 1) x (2 ry + 1) window
   with replicated edges. Radii up to CK_MAX_RADIUS. scratch == NULL: the function allocates. */
ck_status ck_box_blur(const ck_image *src, ck_image *dst, uint32_t radius_x, uint32_t radius_y,
                      void *scratch, size_t scratch_size);
/* Gaussian blur, sigma in [0, CK_MAX_SIGMA] pixels; sigma 0 is an exact copy. Continuous in sigma: a step of 0.1 changes
   every byte by at most 3 levels more than the exact float gaussian changes it over the same step, on every route
   (where the implementation switches between reductions or filters it blends the two over half a pixel of sigma).
   Cost per pixel: about flat in sigma while the shorter side is at least 8 sigma; beyond, it grows with sigma. */
ck_status ck_gaussian_blur(const ck_image *src, ck_image *dst, float sigma, void *scratch,
                           size_t scratch_size);

typedef struct ck_backdrop {
    float sigma;         /* blur standard deviation in pixels, in [0, CK_MAX_SIGMA] (else CK_ERR_ARGUMENT) */
    float saturation;    /* 1 = unchanged, 0 = grey, > 1 = more saturated; Rec. 709 luma */
    uint8_t tint[4];     /* premultiplied RGBA8 colour composited source-over after blur and saturation */
    uint32_t downsample; /* 0 = choose for speed, 1 = full resolution, 2 or 4 = that factor */
} ck_backdrop;

/* The backdrop's box reduction, for a caller that keeps the reduced image (reduce a snapshot once per gesture, blur
   it every frame): small is ceil(width / factor) + 2 by ceil(height / factor) + 2 pixels, its pixel (i + 1, j + 1)
   the rounded mean of src's factor x factor block (i, j) for i from -1 to ceil(width / factor), with indices clamped
   to src, so its one-pixel ring is the replicated edge. factor 2, 4 or 8 (else CK_ERR_ARGUMENT); small of another size
   CK_ERR_SIZE; any byte shared by src and small CK_ERR_OVERLAP. Allocates nothing. */
ck_status ck_backdrop_reduce(const ck_image *src, ck_image *small, uint32_t factor);
/* The variance per axis (full-resolution px^2) that the box reduction by factor and a bilinear enlargement by it add:
   (factor^2 - 1) / 12 + (2 factor^2 + 1) / 12. Blurring the reduced image with sigma'^2 = (sigma^2 - v) / factor^2
   gives sigma after the enlargement. factor other than 2, 4 or 8: 0. */
double ck_backdrop_resampling_variance(uint32_t factor);

/* Blur, then saturation (clamped to [0, alpha]), then tint source-over. */
ck_status ck_backdrop_apply(const ck_image *src, ck_image *dst, const ck_backdrop *params, void *scratch,
                            size_t scratch_size);

#ifdef __cplusplus
}
#endif

#endif /* CKERNEL_H */
