/*
 * The gaussian stage: the filter parameters (ck_blur_gauss_params_for) and the blur of one image with them
 * (ck_blur_gauss_run), at full resolution or on a reduced image (the routes choose: blur_route.c).
 *
 * Two filters: a direct sampled gaussian (gauss_fir_run: row by row in 16-bit fixed point, no intermediate image)
 * for small sigma, or four box stages per axis whose variances
 * add up to sigma^2, one or all of them extended boxes (Gwosdek, Grewenig, Bruhn, Weickert, "Theoretical foundations
 * of Gaussian convolution by extended box filtering", SSVM 2011): a box of radius r plus end taps of weight alpha,
 * continuous in sigma (ck_blur_gauss_params_for). Each line is padded once by replication by the total support and
 * the stages run unclamped on it, which is the filter applied to the replicated extension.
 * Both axes run the same register cascade (gauss_cascade) on lines of 16 lanes: horizontally on bands of 4 rows,
 * vertically on tiles of 4 pixels of a transposed byte intermediate (see ck_blur_gauss_run). Float arithmetic keeps
 * the result within 50 dB of the exact gaussian on noisy textures. Smooth full-contrast gradients can fall to about
 * 44 dB where boxes run (sigma 11-20 at full resolution): n equal boxes have excess kurtosis -1.2 / n, never the
 * gaussian's 0, so the cascade's response departs from the gaussian's by about 1.5 % in the middle of the band.
 * Costs, what was kept and what was not: docs/performance.md, "Gaussian".
 */
#include <math.h>
#include <string.h>

#include "blur_stages.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters or the colour matrix on a target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

/* The intermediate is written with streaming stores (where the ISA has them) from this size: it is read back only
   after the whole horizontal pass, so a large one leaves the cache anyway; a smaller one would still be cached. */
#define CK_GAUSS_STREAM_BYTES (512u * 1024u)
/* Output rows per band of the vertical pass (see ck_blur_gauss_run), which runs in bands only when a column of dst
   spans more than CK_GAUSS_BAND_SPAN bytes (1024 pages of 4 KB, the second-level TLB's reach). */
#define CK_GAUSS_PIECE 512
/* Bands are at least this many windows (2 pad positions) long: a tile copies its last window out and back from band
   to band, so short bands copy a large share of each line. */
#define CK_GAUSS_BAND_WINDOWS 8
#define CK_GAUSS_BAND_SPAN (4u << 20)

/* MARK: - Parameters */

/* Variance of a box of radius r with end taps alpha, and the alpha that gives variance v at radius r (Gwosdek
   et al. eq. 11): weight L = 2r + 1 + 2 alpha, variance (r (r+1) (2r+1) / 3 + 2 alpha (r+1)^2) / L. */
static double box_variance(double r) { return r * (r + 1) / 3.0; }
static double box_alpha(double r, double v) {
    const double alpha = (2 * r + 1) * (v - box_variance(r)) / (2.0 * ((r + 1) * (r + 1) - v));
    return alpha < 0 ? 0 : alpha;
}

/* The direct filter: sampled exp(-i^2 / 2 sigma^2) over |i| <= R, normalised in double, with R the fewest taps that
   leave at most CK_GAUSS_FIR_TAIL of the weight out (ck_blur_gauss_fir_radius; at most ceil(3 sigma)), or max_r if
   that is fewer. A tap that appears as sigma grows enters with under CK_GAUSS_FIR_TAIL / 2 of the weight, so a pixel
   moves by under a third of a level more than the gaussian's own change there; a smaller max_r holds R fixed while
   sigma grows. */
uint32_t ck_blur_gauss_fir_kernel(double sigma, uint32_t max_r, double k[CK_GAUSS_FIR_MAX_R + 1]) {
    uint32_t R = ck_blur_gauss_fir_radius(sigma);
    if (R > max_r) R = max_r;
    if (R < 1) R = 1;
    double t = 0;
    for (uint32_t i = 0; i <= R; i++) t += (i ? 2.0 : 1.0) * (k[i] = exp(-0.5 * i * i / (sigma * sigma)));
    for (uint32_t i = 0; i <= R; i++) k[i] /= t;
    return R;
}

ck_gauss_params ck_blur_gauss_fir_params(double sigma, uint32_t max_r) {
    ck_gauss_params p;
    memset(&p, 0, sizeof p);
    double k[CK_GAUSS_FIR_MAX_R + 1];
    const uint32_t R = ck_blur_gauss_fir_kernel(sigma, max_r, k);
    for (uint32_t i = 0; i <= R; i++) {
        /* Fixed-point weights (blur_kernels_gauss.h): the centre's vertical weight in 2^-15 (its operand is the byte
           << 8), every other in 2^-16; the horizontal centre weight reaches 2^16 only as sigma -> 0, where 65535
           still returns every byte unchanged. */
        p.fir_wv[i] = (uint16_t)lround(k[i] * (i == 0 ? 32768.0 : 65536.0));
        const long wh = lround(k[i] * 65536.0);
        p.fir_wh[i] = (uint16_t)(wh > 65535 ? 65535 : wh);
    }
    p.fir_r = R;
    return p;
}

/* Each phase's weights in 2^-16, rounded, then the largest lowered until they sum to at most 2^16 - 1, so that no
   sum of products passes 255 levels (blur_kernels_gauss.h). */
ck_gauss_params ck_blur_gauss_poly_params(const double kernel[2][2 * CK_GAUSS_FIR_MAX_R + 1], uint32_t R) {
    ck_gauss_params p;
    memset(&p, 0, sizeof p);
    if (R > CK_GAUSS_FIR_MAX_R) R = CK_GAUSS_FIR_MAX_R;
    for (int ph = 0; ph < 2; ph++) {
        double t = 0;
        for (uint32_t j = 0; j <= 2 * R; j++) t += kernel[ph][j];
        uint32_t sum = 0, top = 0;
        for (uint32_t j = 0; j <= 2 * R; j++) {
            const long v = lround(kernel[ph][j] / t * 65536.0);
            p.poly_wv[ph][j] = (uint16_t)(v < 0 ? 0 : (v > 65535 ? 65535 : v));
            sum += p.poly_wv[ph][j];
            if (p.poly_wv[ph][j] > p.poly_wv[ph][top]) top = j;
        }
        if (sum > 65535) p.poly_wv[ph][top] = (uint16_t)(p.poly_wv[ph][top] - (sum - 65535));
    }
    for (uint32_t j = 0; j <= 2 * R; j++)
        for (uint32_t l = 0; l < 8; l++) p.poly_wh[8 * j + l] = p.poly_wv[l / 4][j];
    p.fir_r = R;
    p.poly = 1;
    return p;
}

/* The smallest radius whose taps beyond hold at most CK_GAUSS_FIR_TAIL of the sampled gaussian's weight at sigma (at
   most CK_GAUSS_FIR_MAX_R). */
uint32_t ck_blur_gauss_fir_radius(double sigma) {
    const int64_t n = (int64_t)ceil(8.0 * sigma) + 1;
    double total = 0;
    for (int64_t i = -n; i <= n; i++) total += exp(-0.5 * (double)(i * i) / (sigma * sigma));
    uint32_t R = 1;
    for (;; R++) {
        double tail = 0;
        for (int64_t i = R + 1; i <= n; i++) tail += 2.0 * exp(-0.5 * (double)(i * i) / (sigma * sigma));
        if (R >= CK_GAUSS_FIR_MAX_R || tail <= CK_GAUSS_FIR_TAIL * total) return R;
    }
}

/* Four stages whose variances add up to sigma^2, continuous in sigma:
   - below CK_GAUSS_PLAIN_SIGMA, four equal extended boxes of variance sigma^2 / 4 each: r the largest radius
     whose plain box variance does not exceed it, alpha from box_alpha;
   - from there on, m plain boxes of radius r + 1, 3 - m of radius r and one extended box of radius r, with r the
     largest radius whose four plain boxes fit in sigma^2 and m the first count that leaves the extended box a
     variance below that of radius r + 1. As sigma grows the extended box's alpha runs from 0 to 1, where it
     equals a plain box of radius r + 1, and the next configuration (m + 1, alpha = 0) is the same kernel, so
     the filter never jumps. A plain stage costs two float operations per lane against five. */
ck_gauss_params ck_blur_gauss_params_for(double sigma, double fir_sigma) {
    if (sigma < fir_sigma) return ck_blur_gauss_fir_params(sigma, CK_GAUSS_FIR_MAX_R);
    ck_gauss_params p;
    memset(&p, 0, sizeof p);
    const double V = sigma * sigma;
    const int plain = sigma >= CK_GAUSS_PLAIN_SIGMA;
    const double per = plain ? V : V / 4.0; /* variance the radius search fits four plain boxes into (or one) */
    const double boxes = plain ? 4.0 : 1.0;
    uint32_t r = (uint32_t)floor((sqrt(12.0 * per / boxes + 1.0) - 1.0) / 2.0);
    while (r > 0 && boxes * box_variance(r) > per) r--;
    while (boxes * box_variance(r + 1.0) <= per) r++;
    const double rd = (double)r;
    double v_ext = per; /* variance left to the extended box(es) */
    uint32_t m = 0;
    if (plain) {
        for (m = 0; m < 3; m++) {
            v_ext = V - m * box_variance(rd + 1) - (3 - m) * box_variance(rd);
            if (v_ext < box_variance(rd + 1)) break;
        }
        if (m == 3) v_ext = V - 3 * box_variance(rd + 1);
    }
    p.boxes.plain = plain;
    p.boxes.alpha = (float)box_alpha(rd, v_ext);
    double norm = 1.0;
    for (uint32_t k = 0; k < 4; k++) {
        const int extended = !plain || k == 3;
        p.boxes.r[k] = plain && k < m ? r + 1 : r;
        p.pad += p.boxes.r[k] + 1;
        norm *= 2.0 * p.boxes.r[k] + 1 + (extended ? 2.0 * (double)p.boxes.alpha : 0.0);
    }
    p.norm = norm;
    return p;
}

/* MARK: - Full resolution */

/* The direct filter's vertical half runs two output rows at once up to this radius: there the two rows' running
   values and the weights fit the vector registers (16 on x86); past it the spills cost more than the shared loads
   save. */
#define CK_GAUSS_FIR_PAIR_MAX_R 5

/* The direct filter (params->fir_r > 0; polyphase with params->poly), two rows at a time (one past
   CK_GAUSS_FIR_PAIR_MAX_R): for each pair of output rows the vertical half combines the 2R + 2 source rows around
   them into two u16 lines in scratch, whose ends are padded by replication, and the horizontal half writes each row
   from its line (then the backdrop's colour stage, when colour is not NULL, while the row is in cache). src is read once and dst written once, with no
   intermediate image. In place, each source row is copied to a ring of R + 2 rows before its output overwrites it,
   and the rows up to the last output row are read from there. */
static void gauss_fir_run(const struct ck_blur_ops *ops, const ck_image *src, ck_image *dst, const ck_gauss_params *p,
                          const ck_blur_colour *colour, uint8_t *scratch) {
    const uint32_t w = src->width, h = src->height, R = p->fir_r, slots = R + 2;
    const size_t n = (size_t)w * 4;
    uint16_t *const lines[2] = {(uint16_t *)scratch, (uint16_t *)(scratch + gauss_fir_line_bytes(w))};
    uint8_t *ring = scratch + 2 * gauss_fir_line_bytes(w);
    const int in_place = src->data == dst->data;
    for (uint32_t y = 0; y < h;) {
        const uint32_t count = h - y >= 2 && R <= CK_GAUSS_FIR_PAIR_MAX_R ? 2 : 1, last = y + count - 1;
        if (in_place)
            for (uint32_t q = 0; q < count; q++)
                memcpy(ring + (size_t)((y + q) % slots) * n, src->data + (size_t)(y + q) * src->stride, n);
        const uint8_t *rows[2 * CK_GAUSS_FIR_MAX_R + 2];
        for (uint32_t j = 0; j < 2 * R + count; j++) {
            const uint32_t cy = clamped_y(src, (int64_t)y + j - R);
            rows[j] = in_place && cy <= last ? ring + (size_t)(cy % slots) * n : clamped_row(src, cy);
        }
        uint16_t *const line1 = count == 2 ? lines[1] + 4 * (size_t)R : NULL;
        if (p->poly)
            ops->gauss_poly_v(rows, R, p->poly_wv[y % 2], p->poly_wv[(y + 1) % 2], n, lines[0] + 4 * (size_t)R, line1);
        else
            ops->gauss_fir_v(rows, R, p->fir_wv, n, lines[0] + 4 * (size_t)R, line1);
        for (uint32_t q = 0; q < count; q++) {
            uint16_t *line = lines[q];
            for (uint32_t x = 0; x < R; x++) {
                memcpy(line + 4 * (size_t)x, line + 4 * (size_t)R, 8);
                memcpy(line + 4 * ((size_t)R + w + x), line + 4 * ((size_t)R + w - 1), 8);
            }
            uint8_t *out = dst->data + (size_t)(y + q) * dst->stride;
            if (p->poly)
                ops->gauss_poly_h(line, R, p->poly_wh, n, out);
            else
                ops->gauss_fir_h(line, R, p->fir_wh, n, out);
            if (colour != NULL) ops->colour(out, dst->stride, 1, w, colour);
        }
        y += count;
    }
}

/* n_out results from a line of n_out + 2 pad positions. resume: the line's first 2 pad positions are the last
   ones of the previous piece of the same column (and state its cascade's running sums); state: where to leave
   the running sums for the next piece, or NULL. The direct filter needs no state: its window is the line. */
static void gauss_line(const struct ck_blur_ops *ops, const ck_gauss_params *p, float *line, uint32_t n_out, int resume,
                       float *state) {
    ops->gauss_cascade(line, resume ? 2 * (size_t)p->pad : 0, (size_t)n_out + 2 * (size_t)p->pad, &p->boxes, state);
}

/* src -> dst with the filter params (ck_blur_gauss_params_for; in place allowed: src is read completely before dst is
   written). colour: NULL or the backdrop colour stage, applied to each finished group of pixels while it is in
   cache. small: the backdrop's reduced image, whose vertical groups are one tile wide (its float lines then stay
   nearer L1 for the store).

   Two sweeps of the same register cascade (gauss_line) over padded lines of 16 lanes (the positions the four
   stages touch at once, 4 span + 1 of them, stay in L1):
   1. Horizontal, bands of 4 rows: src rows -> lanes (4 rows x 4 channels per position), padded by replication,
      filtered, rounded to bytes into transposed tiles of 4 pixels (see blur_kernels_tiles.h and ck_tile_t).
   2. Vertical, groups of CK_GAUSS_VLINES tiles (16 pixels = one 64-byte piece of each dst row): each tile is one
      contiguous line (4 pixels x 4 channels per row), padded by replicating its first and last row, filtered,
      and the group's rows are written to dst. A tall image is swept in bands of rows, each tile carrying its
      cascade from band to band (see below), so a group writes to a band's few hundred rows (pages) instead of to
      every row of the image.
   Replicating the intermediate's edge rows is the same as replicating the source's (the horizontal filter maps
   a repeated row to the same repeated row), so this is the filter on the replicated extension, padded once per
   axis. Memory: src read once, the byte intermediate written and read once, dst written once; no ring of rows
   (the cascade's running sums live in registers). */
void ck_blur_gauss_run(const ck_image *src, ck_image *dst, const ck_gauss_params *params,
                       const ck_blur_colour *colour, int small, uint8_t *scratch) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    if (params->fir_r > 0) {
        gauss_fir_run(ops, src, dst, params, colour, scratch);
        return;
    }
    const uint32_t w = src->width, h = src->height;
    const ck_gauss_params p = *params;
    ck_tile_t *tiles = (ck_tile_t *)scratch;
    float *line = (float *)(scratch + align_up(gauss_tiles_bytes(w, h)));
    const size_t tile_stride = gauss_tile_stride(h);
    const int stream = gauss_tiles_bytes(w, h) >= CK_GAUSS_STREAM_BYTES;
    const float scale = (float)(1.0 / p.norm); /* one axis's weights: the same for both passes */
    for (uint32_t y0 = 0; y0 < h; y0 += CK_GAUSS_PIXELS) {
        const uint32_t rows = h - y0 < CK_GAUSS_PIXELS ? h - y0 : CK_GAUSS_PIXELS;
        ops->gauss_load_rows_u8(src->data + (size_t)y0 * src->stride, src->stride, rows, w, p.pad, line);
        gauss_line(ops, &p, line, w, 0, NULL);
        ops->gauss_store_tiles(line, tiles + (size_t)y0 * CK_GAUSS_LANES, tile_stride, rows, w, scale, stream);
    }
    if (stream) ops->gauss_tiles_fence();
    const size_t win = 2 * (size_t)p.pad, total = (size_t)h + win; /* padded column positions */
    const uint32_t vlines = small ? 1 : CK_GAUSS_VLINES;
    /* The vertical pass walks the image in bands of `piece` output rows and, within a band, over the groups of a strip
       of tiles (all of them when their state fits), so each band touches a few hundred dst rows (pages) rather than
       all h of them for every group. Each tile carries its last win positions and its running sums from band to band
       (see gauss_line), so the result is the same as one sweep down each column. Bands are at least
       CK_GAUSS_BAND_WINDOWS windows long, and an image of at most two bands, or one whose columns span few enough pages
       (CK_GAUSS_BAND_SPAN), or one where not even a group's state fits in the scratch's line area, runs as one band of
       all h rows. */
    const size_t ntiles = ((size_t)w + 3) / 4, state_floats = (win + 4) * CK_GAUSS_LANES;
    const size_t min_piece = CK_GAUSS_BAND_WINDOWS * win;
    size_t piece = CK_GAUSS_PIECE > min_piece ? CK_GAUSS_PIECE : min_piece, strip = ntiles;
    const size_t room = ck_blur_gauss_line_floats(w, h), lines_floats = vlines * (win + piece) * CK_GAUSS_LANES;
    if ((size_t)h * dst->stride <= CK_GAUSS_BAND_SPAN || h <= 2 * piece || lines_floats + vlines * state_floats > room)
        piece = h;
    else if (lines_floats + ntiles * state_floats > room)
        strip = (room - lines_floats) / state_floats / vlines * vlines;
    const size_t stride_l = (win + piece) * CK_GAUSS_LANES; /* floats between a group's lines */
    float *states = line + vlines * stride_l;
    for (size_t t0 = 0; t0 < ntiles; t0 += strip) {
        const size_t t1 = t0 + strip < ntiles ? t0 + strip : ntiles;
        for (size_t g0 = 0; g0 < total;) {
            /* input positions [g0, g1) of the padded columns; output rows [row0, row0 + n_out) */
            const int first = g0 == 0;
            const size_t end = (first ? win : g0) + piece, g1 = end < total ? end : total;
            const size_t row0 = first ? 0 : g0 - win, n_out = g1 - win - row0;
            const int more = g1 < total;
            for (size_t tg = t0; tg < t1; tg += vlines) {
                const uint32_t x0 = (uint32_t)(tg * 4), npx = w - x0 < 4 * vlines ? w - x0 : 4 * vlines;
                for (uint32_t g = 0; g < (npx + 3) / 4; g++) {
                    const size_t t = tg + g;
                    float *l = line + g * stride_l, *st = states + (t - t0) * state_floats;
                    if (first) {
                        ops->gauss_load_tile(tiles + t * tile_stride, h, p.pad, 0, g1, l);
                    } else {
                        memcpy(l, st, win * CK_GAUSS_LANES * sizeof(float));
                        ops->gauss_load_tile(tiles + t * tile_stride, h, p.pad, g0, g1, l + win * CK_GAUSS_LANES);
                    }
                    gauss_line(ops, &p, l, (uint32_t)n_out, !first, piece < h ? st + win * CK_GAUSS_LANES : NULL);
                    if (more) memcpy(st, l + n_out * CK_GAUSS_LANES, win * CK_GAUSS_LANES * sizeof(float));
                }
                ops->gauss_store_cols_u8(line, win + piece, (uint32_t)n_out, npx,
                                         dst->data + row0 * dst->stride + (size_t)x0 * 4, dst->stride, scale, colour);
            }
            g0 = g1;
        }
    }
}

/* MARK: - Scratch */

/* Floats in the line buffer: CK_GAUSS_VLINES padded lines of 16 lanes at the largest sigma (the vertical group;
   the horizontal band needs one). */
size_t ck_blur_gauss_line_floats(uint32_t w, uint32_t h) {
    const ck_gauss_params big = ck_blur_gauss_params_for(CK_MAX_SIGMA, CK_GAUSS_FIR_SIGMA);
    return ((size_t)(w > h ? w : h) + 2 * (size_t)big.pad) * CK_GAUSS_VLINES * CK_GAUSS_LANES;
}

size_t ck_blur_gauss_scratch(uint32_t w, uint32_t h) {
    const size_t tiled = align_up(gauss_tiles_bytes(w, h)) + align_up(ck_blur_gauss_line_floats(w, h) * sizeof(float));
    const size_t fir = gauss_fir_scratch(w);
    return tiled > fir ? tiled : fir;
}
