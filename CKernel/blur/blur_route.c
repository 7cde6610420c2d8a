/*
 * Route planning: which stages run, at which reduction factor, for the gaussian (ck_blur_gaussian_run) and the
 * blurred backdrop (ck_blur_backdrop_run), and the scratch the routes need. Calls only the stages (blur_stages.h).
 *
 * The reduced pipeline (reduced_run): reduction by k (tent, or box for the backdrop's larger sigmas), the gaussian
 * with sigma'^2 = (sigma^2 - v) / k^2 on the small image, where v is the variance that the reduction and the
 * enlargement add (ck_blur_backdrop_variance), the backdrop's colour fused into the gaussian's store, bilinear
 * enlargement. Colour on the small image: bilinear weights are convex, so colour <= alpha survives, and the tint is
 * affine, so it commutes with the enlargement up to rounding.
 *
 * The gaussian's routes: from sigma 3 an image whose shorter side is at least 8 sigma and 40 goes through the
 * reduced pipeline, reduced by 2, from 7 by 4, with no colour stage. Below that, the direct filter up to sigma 1.2,
 * or up to the reduced image where the route reduces from 3 or below (fir_sigma_until); otherwise four box stages
 * (blur_gaussian.c). Where the route switches the output blends across the switch.
 * Costs, and the variants rejected: docs/performance.md, "Gaussian" and "Backdrop".
 */
#include <math.h>
#include <string.h>

#include "blur_route.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters, so every build computes the same bytes. */
#pragma clang fp contract(off)

/* The reduced image runs the direct filter up to CK_GAUSS_PLAIN_SIGMA, never four extended boxes: with
   R = ceil(3 sigma) <= 9 it is cheaper than either cascade there and more exact, and the enlargement smooths its
   jump to the box mix (at most 2 levels per 0.1 step). */
#define CK_REDUCED_FIR_SIGMA CK_GAUSS_PLAIN_SIGMA

/* The sigma below which a full-resolution route runs the direct filter, given the sigma from which the same route
   blurs a reduced image instead (reduced_from; infinite if it never does): up to that switch when the direct filter
   reaches it (R = ceil(3 sigma) <= CK_GAUSS_FIR_MAX_R below CK_GAUSS_PLAIN_SIGMA), so no boxes run in between; else
   CK_GAUSS_FIR_SIGMA, where boxes take over for every larger sigma. Below sigma 2 the exact gaussian itself moves a
   pixel by more than 3 levels per 0.1 step, so a switch at 1.2 costs no visible jump; above, the direct filter and
   the box mix differ by up to 2 levels, which is why boxes that go on past 3 start at 1.2. */
static double fir_sigma_until(double reduced_from) {
    return reduced_from <= CK_GAUSS_PLAIN_SIGMA ? reduced_from : CK_GAUSS_FIR_SIGMA;
}

/* MARK: - The reduced pipeline */

/* Scratch of the pipeline at factor k: the small image with its ring; two widened rows (u16, full width), which
   first hold the reduction's line of (w + (2 ring + 2) k) u16 pixels; the small image's gaussian scratch. */
static size_t reduced_scratch(uint32_t w, uint32_t h, uint32_t k) {
    const uint32_t ring = reduced_ring(1); /* the tent's, the wider */
    const uint32_t sw = (w + k - 1) / k + 2 * ring, sh = (h + k - 1) / k + 2 * ring;
    size_t rows = 2 * align_up((size_t)w * 8);
    const size_t line = align_up(((size_t)w + (2 * (size_t)ring + 2) * k) * 8);
    if (rows < line) rows = line;
    return align_up((size_t)sw * sh * 4) + rows + ck_blur_gauss_scratch(sw, sh);
}

/* src -> dst through an image reduced by k (2, 4 or 8; the tent or, if !tent, the box reduction), blurred with the
   variance-compensated sigma, coloured (colour: NULL or the backdrop's colour stage) and enlarged bilinearly. In place
   allowed: src is read completely before dst is written. s: scratch of reduced_scratch(w, h, k) bytes. */
static void reduced_run(const ck_image *src, ck_image *dst, double sigma, uint32_t k, int tent, double fir_sigma,
                        const ck_blur_colour *colour, uint8_t *s) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    const uint32_t w = src->width, h = src->height;
    const uint32_t R = reduced_ring(tent), sw = (w + k - 1) / k, sh = (h + k - 1) / k, rw = sw + 2 * R, rh = sh + 2 * R;
    const size_t rstride = (size_t)rw * 4;
    uint8_t *small = s;
    uint16_t *const wide[2] = {(uint16_t *)(s + align_up(rstride * rh)),
                         (uint16_t *)(s + align_up(rstride * rh) + align_up((size_t)w * 8))};
    uint8_t *gs = s + reduced_scratch(w, h, k) - ck_blur_gauss_scratch(rw, rh);
    if (tent)
        ck_blur_reduce_tent(src, small, k, sw, sh, wide[0]);
    else
        ck_blur_reduce_box(src, small, rstride, k, sw, sh);
    const double v = (sigma * sigma - ck_blur_backdrop_variance(k, tent)) / (double)(k * k);
    ck_image im = {small, rw, rh, rstride};
    if (v > 0) {
        const ck_gauss_params p = ck_blur_gauss_params_for((float)sqrt(v), fir_sigma);
        ck_blur_gauss_run(&im, &im, &p, colour, 1, gs);
    } else if (colour != NULL) {
        ops->colour(small, rstride, rh, rw, colour);
    }
    ck_blur_enlarge(&im, R, k, dst, wide);
}

/* MARK: - Backdrop */

/* The factor downsample 0 picks: the largest that keeps 45 dB against full resolution (Tests/tools/blur_downsample.c,
   white noise and a textured image): 2 from sigma 2, 4 from 4, 8 from 12. The reduction: the 2k-tap tent below
   CK_BACKDROP_BOX_MIN_SIGMA, where the k x k box aliases too much; the box, which reads half the rows, from there. */
#define CK_BACKDROP_MIN_SIGMA_K2 2.0f
#define CK_BACKDROP_MIN_SIGMA_K4 4.0f
#define CK_BACKDROP_MIN_SIGMA_K8 12.0f
#define CK_BACKDROP_BOX_MIN_SIGMA 5.0f

static uint32_t backdrop_factor(const ck_backdrop *p, uint32_t w, uint32_t h) {
    uint32_t k = p->downsample;
    if (k == 0) {
        const float s = p->sigma;
        k = s >= CK_BACKDROP_MIN_SIGMA_K8   ? 8
            : s >= CK_BACKDROP_MIN_SIGMA_K4 ? 4
            : s >= CK_BACKDROP_MIN_SIGMA_K2 ? 2
                                            : 1;
    }
    /* An image narrower than the factor has nothing to reduce. */
    while (k > 1 && (w < k || h < k)) k /= 2;
    return k;
}

void ck_blur_backdrop_run(const ck_image *src, ck_image *dst, const ck_backdrop *params, const ck_blur_colour *colour,
                          uint8_t *s) {
    const uint32_t w = src->width, h = src->height;
    const uint32_t k = backdrop_factor(params, w, h);
    if (k == 1) {
        /* downsample 0 reduces from sigma 2 unless the image is too small for it (any other downsample gives the
           same factor at every sigma, here 1) */
        ck_backdrop from = *params;
        from.sigma = CK_BACKDROP_MIN_SIGMA_K2;
        const int reduces = backdrop_factor(&from, w, h) > 1;
        const ck_gauss_params p =
            ck_blur_gauss_params_for(params->sigma, fir_sigma_until(reduces ? CK_BACKDROP_MIN_SIGMA_K2 : INFINITY));
        ck_blur_gauss_run(src, dst, &p, colour, 0, s);
    } else {
        /* k = 8 only comes from sigma 12, above the tent's range */
        reduced_run(src, dst, params->sigma, k, params->sigma < CK_BACKDROP_BOX_MIN_SIGMA && k <= 4, CK_REDUCED_FIR_SIGMA,
                    colour, s);
    }
}

/* MARK: - Gaussian */


/* The gaussian's reduction factors: by 2 from sigma 3 and by 4 from 7 (tent reduction, variance-compensated gaussian,
   bilinear enlargement: reduced_run with no colour stage), on an image whose shorter side is at least 8 sigma
   (on smaller ones the reduced result fell below 50 dB). Each switch makes the output jump; these are where a 0.1
   step across one moves a pixel by at most 2 levels (the contract allows 3). */
#define CK_GAUSS_MIN_SIGMA_K2 3.0f
#define CK_GAUSS_MIN_SIGMA_K4 7.0f
#define CK_GAUSS_REDUCED_SIDES_PER_SIGMA 8.0f
/* An image reduces only if it keeps reducing up to this sigma (shorter side >= 8 x 5 = 40), so it never switches
   back to full resolution below it: there the step across the switch back reached 4 levels. */
#define CK_GAUSS_MIN_RETURN_SIGMA 5.0f

/* The gaussian's reduction factor at sigma on an image whose shorter side is `side`; 1: full resolution. */
static uint32_t gauss_factor(float sigma, uint32_t side) {
    const float reach = sigma > CK_GAUSS_MIN_RETURN_SIGMA ? sigma : CK_GAUSS_MIN_RETURN_SIGMA;
    if (CK_GAUSS_REDUCED_SIDES_PER_SIGMA * reach > (float)side) return 1;
    return sigma >= CK_GAUSS_MIN_SIGMA_K4 ? 4 : sigma >= CK_GAUSS_MIN_SIGMA_K2 ? 2 : 1;
}

/* A route of the gaussian: the reduction factor (1: full resolution) and whether the (full-resolution or reduced)
   image runs the direct filter rather than boxes. */
typedef struct {
    uint32_t k;
    int fir;
} gauss_route;

/* The variance-compensated sigma of the image reduced by k (the tent's reduction and the enlargement). */
static double reduced_sigma(double sigma, uint32_t k) {
    const double v = (sigma * sigma - ck_blur_backdrop_variance(k, 1)) / (double)(k * k);
    return v > 0 ? sqrt(v) : 0;
}

static gauss_route gauss_route_at(float sigma, uint32_t side) {
    gauss_route r = {gauss_factor(sigma, side), 0};
    if (r.k == 1) {
        /* the route reduces from sigma 3 unless the image is too small for it */
        const int reduces = gauss_factor(CK_GAUSS_MIN_SIGMA_K2, side) > 1;
        r.fir = sigma < fir_sigma_until(reduces ? CK_GAUSS_MIN_SIGMA_K2 : INFINITY);
    } else {
        r.fir = reduced_sigma(sigma, r.k) < CK_REDUCED_FIR_SIGMA;
    }
    return r;
}

/* Scratch bytes a route uses (from the scratch's start). */
static size_t gauss_route_scratch(gauss_route r, uint32_t w, uint32_t h) {
    if (r.k > 1) return reduced_scratch(w, h, r.k);
    return r.fir ? gauss_fir_line_bytes(w) + (CK_GAUSS_FIR_MAX_R + 1) * (size_t)w * 4 : ck_blur_gauss_scratch(w, h);
}

static void gauss_route_run(gauss_route r, const ck_image *src, ck_image *dst, float sigma, uint8_t *s) {
    const double fir_sigma = r.fir ? INFINITY : 0; /* the route's filter whatever sigma is */
    if (r.k == 1) {
        const ck_gauss_params p = ck_blur_gauss_params_for(sigma, fir_sigma);
        ck_blur_gauss_run(src, dst, &p, NULL, 0, s);
    } else {
        reduced_run(src, dst, sigma, r.k, 1, fir_sigma, NULL, s);
    }
}

/* Where the gaussian switches routes (a reduction factor, or the direct filter for boxes) the two differ by a few
   levels on hard edges (up to 6 on translucent bands), so over the CK_GAUSS_BLEND_SIGMA above each switch the output
   blends from the route below to the route above: a 0.1 step then moves a byte by at most a fifth of that difference
   besides the routes' own change. The direct filter past its switch keeps R = CK_GAUSS_FIR_MAX_R (taps to 2.7 sigma
   at most, normalised). */
#define CK_GAUSS_BLEND_SIGMA 0.5f

/* dst = (1 - t) a + t dst per byte, t = weight / 256 (a convex combination: premultiplication is kept). */
static void blend_images(const ck_image *a, ck_image *dst, uint32_t weight) {
    /* Locals: byte stores may alias the image structs, which would reload them every byte. */
    const size_t n = (size_t)dst->width * 4, sa = a->stride, sd = dst->stride;
    const uint8_t *ra = a->data;
    uint8_t *rd = dst->data;
    const uint32_t keep = 256u - weight;
    for (uint32_t y = 0, h = dst->height; y < h; y++) {
        const uint8_t *restrict pa = ra + (size_t)y * sa;
        uint8_t *restrict pd = rd + (size_t)y * sd;
        for (size_t i = 0; i < n; i++) pd[i] = (uint8_t)((pa[i] * keep + pd[i] * weight + 128u) >> 8);
    }
}

void ck_blur_gaussian_run(const ck_image *src, ck_image *dst, float sigma, uint8_t *s) {
    const uint32_t w = src->width, h = src->height, side = w < h ? w : h;
    const gauss_route route = gauss_route_at(sigma, side);
    /* The last switch below sigma, if it is within the blend: bisection between a sigma on the previous route and
       sigma (routes change at a handful of sigmas, none closer together than the blend on the images that reach
       them). */
    float below = sigma - CK_GAUSS_BLEND_SIGMA, above = sigma;
    gauss_route previous = below > 0 ? gauss_route_at(below, side) : route;
    if (below > 0 && (previous.k != route.k || previous.fir != route.fir)) {
        for (int i = 0; i < 40; i++) {
            const float mid = 0.5f * (below + above);
            const gauss_route m = gauss_route_at(mid, side);
            if (m.k == route.k && m.fir == route.fir) above = mid;
            else {
                below = mid;
                previous = m;
            }
        }
        const uint32_t weight = (uint32_t)lround(256.0 * (sigma - above) / CK_GAUSS_BLEND_SIGMA);
        /* The previous route into an image past both routes' scratch, then this one into dst (which may be src:
           src is read completely before dst is written, and the previous route does not write it). */
        const size_t a = gauss_route_scratch(previous, w, h), b = gauss_route_scratch(route, w, h);
        ck_image other = {s + align_up(a > b ? a : b), w, h, (size_t)w * 4};
        gauss_route_run(previous, src, &other, sigma, s);
        gauss_route_run(route, src, dst, sigma, s);
        blend_images(&other, dst, weight);
    } else {
        gauss_route_run(route, src, dst, sigma, s);
    }
}

/* MARK: - Scratch */

size_t ck_blur_route_scratch(uint32_t w, uint32_t h) {
    size_t n = ck_blur_gauss_scratch(w, h);
    for (uint32_t k = 2; k <= 8; k *= 2) {
        const size_t d = reduced_scratch(w, h, k);
        if (d > n) n = d;
    }
    /* The gaussian's blend across a route switch: a second image past the scratch of either route. */
    size_t routes = ck_blur_gauss_scratch(w, h);
    for (uint32_t k = 2; k <= 4; k *= 2) {
        const size_t d = reduced_scratch(w, h, k);
        if (d > routes) routes = d;
    }
    const size_t blend = align_up(routes) + align_up((size_t)w * 4 * h);
    return blend > n ? blend : n;
}
