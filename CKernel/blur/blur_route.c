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
 * The gaussian: a pyramid of images reduced by 2 (see "Gaussian" below); the backdrop: its factor from downsample
 * (or from sigma for downsample 0) and one reduced image.
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
    ck_blur_enlarge(&im, R, k, dst, wide, 256);
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

/* The gaussian runs as a pyramid of levels: level 0 is the image, and a level whose sigma reaches
   CK_GAUSS_REDUCE_SIGMA (level 0) or CK_GAUSS_REDUCE_SIGMA_DEEP (a reduced level), on an image large enough
   (level_reduces), hands its work to the next level, the image reduced by 2 (tent reduction, variance-compensated
   sigma, bilinear enlargement back: sigma'^2 = (sigma^2 - v) / 4 with v = ck_blur_backdrop_variance(2, 1)). So the
   image is reduced by 2 from sigma 1.5, by 4 from about 4.2, by 8 from about 8.5, and so on, and every level's own
   filter stays a direct filter of at most 13 taps (19 on a level too small to reduce again). Where the next level
   would reduce all through its band a level reduces by 4 at once (one reduce and enlarge pass less at full size). A
   level that does not reduce runs the direct filter below its fir sigma and four box stages above (blur_gaussian.c).
   Where a level switches (direct filter or boxes to the reduced level, or back where sigma outgrows the image) the
   two differ by a few levels on hard edges, so over a band of sigma above each switch the level blends from the
   route below to the route above: a 0.1 step of sigma then moves a byte by a fifth of that difference besides the
   routes' own change. The band is CK_GAUSS_BLEND_SIGMA of the caller's sigma, that is, on level n, that band mapped
   through the levels' sigmas (about 2^-n as wide). The blend is done where the switch is, and where it is between
   the direct filter and the reduced level it is no blend of two images but one filter whose weights move from the
   one route to the other (level_morph_params), at about the cost of the direct filter alone. The switch back to
   boxes blends the enlarged small image into the boxes' result; only the direct filter to boxes, on a level too
   small to reduce, needs a second image of the level's size. At the switch itself the blend weight is 0 and only the
   route below runs.
   Level 0 reduces from 1.5: the reduction and the enlargement by 2 add a variance of 1.5 themselves, so below sigma
   1.22 the reduced image cannot give sigma at all, and below 1.5 the direct filter is cheap (at most 9 taps). A
   reduced level reduces again only from 2: from 1.5 the levels' errors add up past the 50 dB bound on large images
   (docs/performance.md, "Gaussian: the reduced pyramid"). */
#define CK_GAUSS_REDUCE_SIGMA 1.5
#define CK_GAUSS_REDUCE_SIGMA_DEEP 2.0
#define CK_GAUSS_BLEND_SIGMA 0.5
/* A level reduces only if its shorter side is at least 8 sigma (on smaller ones the reduced result fell below 50 dB)
   and 8 x 5 = 40, so an image never switches back to full resolution below sigma 5: there the step across the switch
   back reached 4 levels. */
#define CK_GAUSS_REDUCED_SIDES_PER_SIGMA 8.0
#define CK_GAUSS_MIN_RETURN_SIGMA 5.0

typedef enum { LEVEL_FIR, LEVEL_BOXES, LEVEL_REDUCE } level_route;

static double level_reduce_sigma(int depth) { return depth > 0 ? CK_GAUSS_REDUCE_SIGMA_DEEP : CK_GAUSS_REDUCE_SIGMA; }

static int level_reduces(double sigma, uint32_t side, int depth) {
    const double reach = sigma > CK_GAUSS_MIN_RETURN_SIGMA ? sigma : CK_GAUSS_MIN_RETURN_SIGMA;
    return sigma >= level_reduce_sigma(depth) && CK_GAUSS_REDUCED_SIDES_PER_SIGMA * reach <= (double)side;
}

/* The sigma below which a level runs the direct filter: on level 0 up to the reduction where the image reduces from
   CK_GAUSS_REDUCE_SIGMA (fir_sigma_until), else CK_GAUSS_FIR_SIGMA; on a reduced level always up to
   CK_REDUCED_FIR_SIGMA (never four extended boxes there). */
static double level_fir_sigma(uint32_t side, int depth) {
    if (depth > 0) return CK_REDUCED_FIR_SIGMA;
    return fir_sigma_until(level_reduces(CK_GAUSS_REDUCE_SIGMA, side, 0) ? CK_GAUSS_REDUCE_SIGMA : INFINITY);
}

static level_route level_route_at(double sigma, uint32_t side, int depth) {
    if (level_reduces(sigma, side, depth)) return LEVEL_REDUCE;
    return sigma < level_fir_sigma(side, depth) ? LEVEL_FIR : LEVEL_BOXES;
}

/* The size (with the tent's ring) and sigma of the image reduced by k (2: the next level; 4: the one after). */
static uint32_t level_small(uint32_t n, uint32_t k) { return (n + k - 1) / k + 2 * reduced_ring(1); }
static double level_sigma(double sigma, uint32_t k) {
    const double v = (sigma * sigma - ck_blur_backdrop_variance(k, 1)) / (double)(k * k);
    return v > 0 ? sqrt(v) : 0;
}

/* Bytes of a level's own buffers when it reduces (by 2 or 4): the small image, two widened rows (which first hold
   the reduction's line of w + (2 ring + 2) k u16 pixels). */
static size_t level_reduce_bytes(uint32_t w, uint32_t h) {
    const size_t line = align_up(((size_t)w + (2 * (size_t)reduced_ring(1) + 2) * 4) * 8);
    size_t rows = 2 * align_up((size_t)w * 8);
    if (rows < line) rows = line;
    return align_up((size_t)level_small(w, 2) * level_small(h, 2) * 4) + rows;
}

/* Scratch of a level of w x h (and of the levels below it). */
static size_t level_scratch(uint32_t w, uint32_t h, int depth) {
    const uint32_t side = w < h ? w : h;
    const size_t direct = ck_blur_gauss_scratch(w, h);
    size_t n = direct;
    if (level_reduces(level_reduce_sigma(depth), side, depth)) {
        /* (the image reduced by 4 needs no more: every size here grows with the image) */
        const size_t below = level_scratch(level_small(w, 2), level_small(h, 2), depth + 1);
        const size_t r = level_reduce_bytes(w, h) + (below > direct ? below : direct);
        if (r > n) n = r;
    } else {
        /* the direct filter to boxes: a second image of this level */
        const size_t b = align_up((size_t)w * 4 * h) + direct;
        if (b > n) n = b;
    }
    return n;
}

/* The direct filter on a level: ceil(3 sigma) taps each side, but no more than it needs where the level leaves it
   (at its switch to the reduced level or to boxes): the taps that leave CK_GAUSS_FIR_TAIL of the weight out there.
   On a full-resolution level that reduces from 1.5 that is 4 (0.23 % left out at 1.5, against 5 from sigma 1.34);
   on the others the same as ceil(3 sigma). */
static ck_gauss_params level_fir_params(double sigma, uint32_t side, int depth) {
    double top = level_fir_sigma(side, depth);
    if (level_reduces(level_reduce_sigma(depth), side, depth) && level_reduce_sigma(depth) < top)
        top = level_reduce_sigma(depth);
    return ck_blur_gauss_fir_params(sigma, ck_blur_gauss_fir_radius(top));
}

/* The level's filter without reduction (on a reduced level, with the gaussian's narrower vertical groups). */
static void level_direct(level_route r, const ck_image *src, ck_image *dst, double sigma, int depth, uint8_t *s) {
    const uint32_t side = src->width < src->height ? src->width : src->height;
    const ck_gauss_params p = r == LEVEL_FIR ? level_fir_params(sigma, side, depth) : ck_blur_gauss_params_for(sigma, 0);
    ck_blur_gauss_run(src, dst, &p, NULL, depth > 0, s);
}

static void level_run(const ck_image *src, ck_image *dst, double sigma, double band, int depth, uint8_t *s);

/* Inside the band above a level's switch from its direct filter to the image reduced by 2, with a the reduced route's
   share (0 at the switch, 1 at the band's top): one filter per axis, (1 - a) g + a e, where g is the direct filter
   (the radius it has below the switch, lo) and e the reduced route as one filter (ck_blur_reduced_kernel, with the
   direct filter the level below runs there: its sigma stays under 1.1, so it neither reduces nor blends). Its weights
   move continuously with sigma from the direct filter to the reduced route, so a 0.1 step moves a pixel by a fifth
   of the two routes' difference (up to 6 levels on hard edges) besides the gaussian's own change, as a blend of the
   two images would, at the cost of one full-resolution filter instead of both routes. It needs even and odd phases
   (the polyphase direct filter) and more taps than g: as many as leave at most CK_GAUSS_FIR_TAIL of a e out, so at
   the band's top it differs from the reduced route by that share and the reduced route's rounding. */
static ck_gauss_params level_morph_params(double sigma, double a, double lo, uint32_t side, int depth) {
    double g[CK_GAUSS_FIR_MAX_R + 1], f[CK_GAUSS_FIR_MAX_R + 1] = {1.0};
    const uint32_t rg = ck_blur_gauss_fir_kernel(sigma, level_fir_params(lo, side, depth).fir_r, g);
    const double below = level_sigma(sigma, 2);
    uint32_t rf = 0;
    if (below > 0)
        rf = ck_blur_gauss_fir_kernel(below, level_fir_params(below, level_small(side, 2), depth + 1).fir_r, f);
    double e[2][2 * CK_REDUCED_KERNEL_R + 1];
    ck_blur_reduced_kernel(f, rf, e);
    uint32_t R = rg;
    for (; R < CK_GAUSS_FIR_MAX_R; R++) {
        double left = 0;
        for (int p = 0; p < 2; p++) {
            double out = 0;
            for (int32_t t = (int32_t)R + 1; t <= CK_REDUCED_KERNEL_R; t++)
                out += e[p][CK_REDUCED_KERNEL_R + t] + e[p][CK_REDUCED_KERNEL_R - t];
            if (out > left) left = out;
        }
        if (a * left <= CK_GAUSS_FIR_TAIL) break;
    }
    double m[2][2 * CK_GAUSS_FIR_MAX_R + 1];
    for (int p = 0; p < 2; p++)
        for (int32_t t = -(int32_t)R; t <= (int32_t)R; t++) {
            const uint32_t at = (uint32_t)(t < 0 ? -t : t);
            m[p][t + (int32_t)R] = (at <= rg ? (1 - a) * g[at] : 0) + a * e[p][CK_REDUCED_KERNEL_R + t];
        }
    return ck_blur_gauss_poly_params(m, R);
}

/* The reduced level: src reduced by k into the small image at s, blurred there (level_run k / 2 levels down). */
static void level_reduce(const ck_image *src, ck_image *small, uint32_t k, double sigma, double band, int depth,
                         uint8_t *s) {
    const uint32_t w = src->width, h = src->height, sw = (w + k - 1) / k, sh = (h + k - 1) / k;
    const uint32_t rw = level_small(w, k), rh = level_small(h, k);
    *small = (ck_image){s, rw, rh, (size_t)rw * 4};
    uint16_t *line = (uint16_t *)(s + align_up((size_t)rw * rh * 4));
    ck_blur_reduce_tent(src, s, k, sw, sh, line);
    const double below = level_sigma(sigma, k);
    /* The band down there: this band mapped through level_sigma (its derivative sigma / (k^2 sigma')). */
    if (below > 0)
        level_run(small, small, below, band * sigma / ((double)(k * k) * below), depth + (k == 4 ? 2 : 1),
                  s + level_reduce_bytes(w, h));
}

/* src -> dst (in place allowed) with sigma in this level's pixels; band: the blend band in them. */
static void level_run(const ck_image *src, ck_image *dst, double sigma, double band, int depth, uint8_t *s) {
    const uint32_t w = src->width, h = src->height, side = w < h ? w : h;
    const level_route route = level_route_at(sigma, side, depth);
    /* The last switch below sigma, if it is within the band: bisection between a sigma on the previous route and
       sigma (a level switches at most twice, never closer together than the band). */
    double lo = sigma - band, hi = sigma;
    level_route previous = lo > 0 ? level_route_at(lo, side, depth) : route;
    if (previous == route) {
        if (route != LEVEL_REDUCE) {
            level_direct(route, src, dst, sigma, depth, s);
            return;
        }
        /* Where the next level would itself reduce all through its band, this level reduces by 4 at once: the same
           pyramid with one pass less at full size (reduce and enlarge by 4 rather than twice by 2). */
        const double below = level_sigma(sigma, 2), below_band = band * sigma / (4.0 * below);
        const uint32_t side1 = level_small(side, 2);
        const uint32_t k = level_route_at(below - below_band, side1, depth + 1) == LEVEL_REDUCE ? 4 : 2;
        ck_image small;
        level_reduce(src, &small, k, sigma, band, depth, s);
        uint16_t *wide[2] = {(uint16_t *)(s + align_up(small.stride * small.height)),
                             (uint16_t *)(s + align_up(small.stride * small.height) + align_up((size_t)w * 8))};
        ck_blur_enlarge(&small, reduced_ring(1), k, dst, wide, 256);
        return;
    }
    for (int i = 0; i < 48; i++) {
        const double mid = 0.5 * (lo + hi);
        const level_route m = level_route_at(mid, side, depth);
        if (m == route) hi = mid;
        else {
            lo = mid;
            previous = m;
        }
    }
    /* weight of the route above the switch, in 1/256 */
    const uint32_t above = (uint32_t)lround(256.0 * (sigma - hi) / band);
    if (route != LEVEL_REDUCE && previous != LEVEL_REDUCE) {
        /* The direct filter to boxes: the previous route into a second image, this one into dst, blended. */
        ck_image other = {s, w, h, (size_t)w * 4};
        uint8_t *rest = s + align_up((size_t)w * 4 * h);
        level_direct(previous, src, &other, sigma, depth, rest);
        level_direct(route, src, dst, sigma, depth, rest);
        for (uint32_t y = 0; y < h; y++) {
            uint8_t *d = dst->data + (size_t)y * dst->stride;
            const uint8_t *o = other.data + (size_t)y * other.stride;
            for (size_t i = 0; i < (size_t)w * 4; i++) d[i] = (uint8_t)((o[i] * (256u - above) + d[i] * above + 128u) >> 8);
        }
        return;
    }
    /* One side reduces. Weight 0 leaves dst as the direct route made it. */
    const level_route direct = route == LEVEL_REDUCE ? previous : route;
    const uint32_t weight = route == LEVEL_REDUCE ? above : 256u - above;
    if (weight == 0) {
        level_direct(direct, src, dst, sigma, depth, s);
        return;
    }
    if (direct == LEVEL_FIR && weight < 256) {
        /* The direct filter and the reduced level as one polyphase direct filter (level_morph_params). */
        const double share = (sigma - hi) / band;
        const ck_gauss_params p = level_morph_params(sigma, route == LEVEL_REDUCE ? share : 1 - share, lo, side, depth);
        ck_blur_gauss_run(src, dst, &p, NULL, depth > 0, s);
        return;
    }
    /* The reduced level first (it reads src before dst is written), then the direct route into dst with the scratch
       past the level's buffers and the enlargement blended into dst (weight 256 replaces dst, so no direct route). */
    ck_image small;
    level_reduce(src, &small, 2, sigma, band, depth, s);
    uint16_t *wide[2] = {(uint16_t *)(s + align_up(small.stride * small.height)),
                         (uint16_t *)(s + align_up(small.stride * small.height) + align_up((size_t)w * 8))};
    if (weight < 256) level_direct(direct, src, dst, sigma, depth, s + level_reduce_bytes(w, h));
    ck_blur_enlarge(&small, reduced_ring(1), 2, dst, wide, weight);
}

void ck_blur_gaussian_run(const ck_image *src, ck_image *dst, float sigma, uint8_t *s) {
    level_run(src, dst, sigma, CK_GAUSS_BLEND_SIGMA, 0, s);
}

/* MARK: - Scratch */

size_t ck_blur_route_scratch(uint32_t w, uint32_t h) {
    size_t n = level_scratch(w, h, 0);
    for (uint32_t k = 2; k <= 8; k *= 2) {
        const size_t d = reduced_scratch(w, h, k);
        if (d > n) n = d;
    }
    return n;
}
