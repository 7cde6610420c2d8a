/*
 * Gaussian blur: the filter parameters, the full-resolution driver (ck_blur_gauss_run) and the choice of
 * route per sigma with the blend across route switches (ck_blur_gaussian_run).
 *
 * Gaussian. From sigma 3 on an image whose shorter side is at least 8 sigma and 40, the backdrop's pipeline reduced
 * by 2, from 7 by 4, with no colour stage (see CK_GAUSS_MIN_SIGMA_K2; 4.4 and 2-2.9 ms on a full screen where full
 * resolution takes 9-13); below 3 on such an image the direct filter (4.2-8 ms from sigma 1.2 to 3, see
 * fir_sigma_until).
 * Full resolution, and the reduced image: four box passes per axis whose variances add up to sigma^2, one or all of
 * them extended boxes (Gwosdek, Grewenig, Bruhn, Weickert, "Theoretical foundations of Gaussian convolution by extended
 * box filtering", SSVM 2011): a box of radius r plus end taps of weight alpha. alpha moves continuously in [0, 1) and
 * radius r with alpha = 1 equals radius r + 1 with alpha = 0, so the filter is continuous in sigma. From sigma 3 three
 * passes are plain boxes of radius r or r + 1 and only the last carries alpha (a plain pass costs two float operations
 * per lane, an extended one five: 11 per position instead of 20, and the same quality within 1 dB); below, four equal
 * extended boxes (see ck_blur_gauss_params_for). Each line is padded once by replication by the total support sum(r_k +
 * 1) and the four passes run unclamped on it, which is the filter applied to the replicated extension (a chain of
 * passes clamping separately is not). Below sigma 1.2 a direct sampled gaussian replaces the boxes, row by row in
 * 16-bit fixed point with no intermediate image (see CK_GAUSS_FIR_SIGMA and gauss_fir_run), and up to the reduced image
 * where a route reduces from sigma 3 or below (fir_sigma_until). Both axes run the same register cascade
 * (gauss_cascade) on lines of 16 lanes: horizontally on bands of 4 rows, vertically on tiles of 4 pixels of a
 * transposed byte intermediate, so no ring of rows streams through L2 (see ck_blur_gauss_run). Memory sweeps: read src,
 * write and read the intermediate (image-sized), write dst. Float arithmetic in the passes keeps the result within 50
 * dB of the exact gaussian (52-58 dB measured on noisy textures for sigma 1..64).
 * Open: a line costs about 4n + 6 span stage steps (span = 2r + 2), so once sigma exceeds the image size the
 * padding dominates (43 instructions per pixel at sigma 1, 933 at sigma 2000 on 300 x 200). The padding cannot
 * simply be shortened: with pad = 2 span only stage 1 ever sees a window wholly inside a constant run (its
 * outputs on [0, span) are one constant and its running sum does not move there), and every later stage's
 * window reaches the data, so no stage output in the padding is constant. A sigma-independent form needs the
 * stage outputs over the runs in closed form (piecewise polynomials of degree < 4 in the position).
 * Open (the tiled full-resolution path, which sigma 1.2 to 3 took on a full screen until the direct filter ran up to
 * the reduced image, see fir_sigma_until; sigma 1 and 4 took it until the row-by-row direct filter and the image
 * reduced by 2, and the figures below are from then; it now runs above about 161 on a full screen, on images too small
 * to reduce, and at downsample 1): the full-screen target of
 * 8 memcpy is met only while the machine is quiet. Since the prefetches in the
 * vertical pass (CK_GAUSS_STORE_AHEAD, CK_GAUSS_LOAD_AHEAD), the unrolled direct filter (gauss_fir) and leaving the
 * store's clamp to the packs (col_bytes), blur-bench printed sigma 1 / 4 / 15 / 30 at 7.4 / 7.6 / 7.6 / 7.9x in
 * quiet runs (sigma 4 about 21-22 ms against a 2.8-2.9 ms memcpy) and 8.6-11x while another tenant loads the host
 * (probably on the sibling thread of our core, whose float ports it shares: a busy spell stretches the gaussian by
 * up to 40 % and the memcpy much less). Before them: at sigma 4, 22-24 ms in the quietest moments (minimum 21.9 ms
 * against a 2.5 ms memcpy, 8.7x) and up to 35 ms when the machine was busy. Where the time went (1290 x 2796, sigma
 * 4, AVX2, each phase timed alone by skipping the others in one process): horizontal pass 18 ms (gathering rows 3.2,
 * cascade 9.5, storing tiles 5), vertical 20 ms (widening tiles 3.3, cascade 8, storing dst 9.5); since the cascade
 * keeps base + displacement addressing (cascade_run), at sigma 30 with the machine quieter: horizontal 2.6 + 4.7 +
 * 3.1, vertical 3.2 + 4.5 + 7.7 ms (25.2 ms against a 2.72 ms memcpy, 9.3x). The cascade is at its operation minimum
 * (per position and stage one load, one store and two float operations, three more for the extended stage) and at
 * the two float ports' bound (22 operations per position of a plain cascade, about 11 cycles); 6 ms of the dst store
 * is the access pattern alone (64 bytes into each of 2796 rows per group: with dst in L1 the same store takes 3.9
 * ms), about 2 ms of it TLB misses, whose page walks are nested under virtualisation. Tried and measured
 * same-process against the code before (two builds linked side by side, alternating calls, medians): exact integer
 * plain stages (slower: 14 % more instructions in the loop; again 4-14 % slower in isolation once the float cascade
 * was port-bound), the intermediate in 16- or 128-row chunks (9 % slower, even), software prefetch of dst rows
 * (before the bands; with them, 32 rows ahead gains 2-4 %, see CK_GAUSS_STORE_AHEAD), non-temporal dst stores on
 * 64-byte-aligned rows, 1, 2 or 8 tiles per vertical group, widening the input inside the cascade instead of a
 * separate pass (3 % slower: the cascade loop grows more than the pass costs), the vertical pass in row segments of
 * 350 to 700 rows (each restarting its cascades with their padding, so a group touches fewer dst pages at a time:
 * medians 1.00-1.03 at sigma 4, minima 1 % lower: the restarts cost what the fewer pages save; carrying each tile's
 * cascade from band to band instead, with no restart, gains 5 % at sigma 1 and 4, see ck_blur_gauss_run; within such a
 * band, steps of 64 or 256 rows across the group's lines so that each step stays in L1: 1.01-1.12 of the time); three
 * boxes instead of four would save a quarter of the cascade but keep only 50.4 dB at sigma 16 on the self-test
 * texture (the 4-box cascade 52.6). Also tried (paired medians against the bands, same bytes): the horizontal line
 * in segments of 128 or 384 positions, each loaded, filtered and stored while in L1 (1.03-1.07 and 1.0); prefetching
 * the next band's source rows into L2 during the horizontal cascade (1.02-1.03); the horizontal pass run just ahead
 * of each vertical band into a ring of piece + pad rows of tiles with normal stores, so the intermediate stays in L3
 * instead of being streamed to memory and read back (1.05 at sigma 4 with bands of 128, 256 or 512 rows); scratch on
 * transparent huge pages (0.98-1.0). So the intermediate's memory traffic is not what is left to save. Also measured
 * and not kept: stage 0 of the plain cascade in exact int32 on the loaders' integer lanes (the same bytes;
 * 0.98-0.99: the conversion it moves into the cascade takes back most of the float operations it saves); the
 * rounding bias folded into the last stage's running sum instead of added in the stores (0.97-1.02, and different
 * bytes); prefetching the backdrop's reduction reads a short way ahead in the same rows and the enlargement's writes
 * (1.01-1.09; the next small row's rows are now asked for instead, see Backdrop). Kept: streaming stores for
 * the intermediate (6-8 % on a full screen, see CK_GAUSS_STREAM_BYTES; the sigma 4 phase times above are from
 * before). How much the memory sweeps cost (before the addressing fix): with everything in L2 (640 x 400, source,
 * intermediate and destination 1 MB each) the same code takes 5.2 ns per pixel, 4.9 without the padding's share,
 * against 6.6 on the full screen (minima of 100 and 40 calls, 3 GHz), so removing every sweep but reading src and
 * writing dst could save some 10 % (about 8.2 memcpy), not the 30 % the target needs; the rest is the passes'
 * arithmetic and conversions. The bands of the vertical pass (per-tile cascade state carried across bands of rows,
 * ck_blur_gauss_run) took about half of that 10 %. The other half would need the vertical pass first, over rows of the
 * source and straight into the horizontal band's lanes, with no intermediate. That drops the intermediate's two
 * sweeps and the scattered dst store, but each stage's lagging input is then span rows back: rings of span + 1 rows
 * per stage, about 100 bytes of ring reads and writes per pixel in L2 (0.6 MB of rings at sigma 4) or L3 (3 MB at
 * sigma 30) where the tiles keep them in L1, and rings that grow with sigma where the scratch size is fixed by the
 * image (a row-streamed vertical cascade measured 245-260 M instructions against 172-177 M for the tiles when they
 * replaced it, see ck_blur_gauss_run).
 * Open, on a machine with fast memory (AMD EPYC Zen 4, 2 cores, 32 MB L3; 2026-11-24): a memcpy of the full-screen
 * image takes 0.57-0.68 ms there (2.5-2.9 ms on the machines above) while the arithmetic is only about twice as fast,
 * so every ratio grew: blur-bench printed box 6.6-9.7x (3.8-5.7 ms), gaussian 15-20x (9.1-10.8 ms), backdrop
 * 5.2-5.5x at sigma 4 and 8 (3.0-3.2 ms) and 2.6-3.2x from sigma 15 (1.6-1.8 ms); after the changes kept below,
 * in quiet runs: box 6.3-7.6x, gaussian 15-19x, backdrop 3.6-4.2x at sigma 4 and 8 (2.2-2.6 ms) and 1.7-2.1x from
 * sigma 15 (1.1-1.4 ms: met in every run since the next-row requests, see Backdrop). Where the gaussian's time goes
 * there (perf samples, sigma 4): cascade 40 %, loading tiles 15 %, gathering rows 13 %, storing dst 13 %, storing
 * tiles 7 %. Kept from that session: the stage subtraction on the FMA pipes (CK_BLUR_SUB_ON_FMA, 0.89-0.94),
 * 16-byte reads of just-stored sums in the box row (0.85-0.98; replaced since by the update ahead), the 8 rows of
 * k = 8 in one enlarge_v call (0.88-0.92 on the backdrop from sigma 12) and longer bands (CK_GAUSS_BAND_WINDOWS,
 * 0.90-0.96 at sigma 15 and 30). Measured there and not kept
 * (paired medians, same bytes): normal stores for the intermediate (1.09-1.10), CK_GAUSS_LOAD_AHEAD of 2 or 4 KB
 * (1.00-1.01), CK_GAUSS_ROW_AHEAD of 0 or 2 KB (1.01-1.04), the direct filter's pair sums on the FMA pipes (0.98 in
 * one run, 1.30 in another), prefetching the enlargement's output rows (0.98-0.99 at 512 bytes, 1.02-1.03 at 2 KB),
 * streaming stores in the enlargement (32 bytes per row and step: 1.08 on 64-byte-aligned rows, 1.2 on the
 * benchmark's; whole 64-byte lines per row and step: 0.88-0.91 when every row is 64-byte aligned, a 5184-byte
 * stride, but 1.14-1.17 on the benchmark's 5160-byte rows, of which every eighth is aligned, and the library's
 * images default to 4 * width; row by row, each row aligned: 1.40-1.56), 64 bytes per row and step with normal
 * stores (0.98-0.99), prefetching the box reduction's source rows (1.14-1.17 at k = 8), enlarging row
 * by row instead of up to four rows per pass (1.04-1.10), the extended stage's end-tap sum on the FMA pipes (1.02 at
 * sigma 1.3-2.5: that cascade waits on latency, not on the add pipes), and its output as (s + alpha lo) + alpha h
 * (0.98 at sigma 2, different bytes). Nor do 16-bit lanes halve the gaussian: a prototype outside the package ran the
 * same tiled two-pass scheme with a plain 4-box cascade in 16-bit integer lanes (running sums modulo 2^16, exact while
 * span * 255 * 2^f < 2^16, each stage normalised by a multiply-high with f = 1..3 fraction bits, so twice the lanes
 * per instruction and per store and one instruction to widen bytes). It matched this kernel within one level (54-59
 * dB against it at sigma 4..60) and took 0.81-0.93 of its time, without this kernel's bands, prefetches and streaming
 * stores; perf put a quarter of its time in the cascade and the rest in moving tiles and the scattered dst rows. So
 * most of what is left there is the passes' memory traffic, not their arithmetic; writing dst row by row instead
 * needs every column's running sums in memory (two more loads and stores per stage and position), the trade the
 * tiles were chosen to avoid.
 *
 */
#include <math.h>
#include <string.h>

#include "blur_internal.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the filter
   parameters or the colour matrix on a target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

/* The intermediate is written with streaming (non-temporal) stores where the ISA has them once it reaches this size.
   It is written once and read back only after the whole horizontal pass, so a large one leaves the cache in between
   anyway, and streaming a whole 64-byte line skips the read for ownership of a normal store. Measured same-process
   against normal stores (AVX2, medians of blocks of 10 calls): 1290 x 2796 6-8 % faster at sigma 1..30, a 323 x 701
   image (0.9 MB of tiles) 3 % faster, the backdrop at sigma 4..30 within 4 %; but 128 x 96 3-5 % slower and
   32 x 24 17 % slower, where the tiles would still be in cache for the vertical pass. */
#define CK_GAUSS_STREAM_BYTES (512u * 1024u)
/* Output rows per band of the vertical pass (see ck_blur_gauss_run), which runs in bands only when a column of dst
   spans more than CK_GAUSS_BAND_SPAN bytes: 1024 pages of 4 KB, within the reach of the second-level TLB (1536 entries
   here), so a shorter column's pages stay cached from one group to the next anyway. The backdrop's reduced image at
   k = 2 (645 x 1398, 3.6 MB) measured 2 % slower in bands; a full screen (14 MB) 5 % faster at sigma 1 and 4. */
#define CK_GAUSS_PIECE 512
/* Bands are at least this many windows (2 pad positions) long. A tile carries its last window of positions from band
   to band, copied out to its state and back, so short bands copy a large share of each line: on 1290 x 2796 (Zen 4,
   AVX2, paired medians, same bytes) bands of eight windows instead of four took 0.96 of the time at sigma 15 and 0.93
   at sigma 30 (where eight windows leave one band), sigma 1..8 unchanged; no bands at all took 0.94 and 0.93 there
   but 1.03 at sigma 1. (Earlier, on a machine with slower memory: two windows 1.01 of one band at sigma 30, four
   0.98.) */
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

/* Four stages whose variances add up to sigma^2, continuous in sigma:
   - below CK_GAUSS_PLAIN_SIGMA, four equal extended boxes of variance sigma^2 / 4 each: r the largest radius
     whose plain box variance does not exceed it, alpha from box_alpha;
   - from there on, m plain boxes of radius r + 1, 3 - m of radius r and one extended box of radius r, with r the
     largest radius whose four plain boxes fit in sigma^2 and m the first count that leaves the extended box a
     variance below that of radius r + 1. As sigma grows the extended box's alpha runs from 0 to 1, where it
     equals a plain box of radius r + 1, and the next configuration (m + 1, alpha = 0) is the same kernel, so
     the filter never jumps. A plain stage costs two float operations per lane against five. */
ck_gauss_params ck_blur_gauss_params_for(double sigma, double fir_sigma) {
    ck_gauss_params p;
    memset(&p, 0, sizeof p);
    if (sigma < fir_sigma) {
        /* Sampled exp(-i^2 / 2 sigma^2) over |i| <= ceil(3 sigma), normalised in double. The taps beyond hold at
           most 0.25 % of the weight (sigma 1.19; under 0.7 levels on full-contrast detail, and the self-test's
           PSNR at sigma 1 is unchanged at 57.8 dB), and a tap that appears as sigma grows enters with a weight
           below 2e-4, so the output does not jump; at sigma 1 the filter has 7 taps instead of 9. */
        uint32_t R = (uint32_t)ceil(3.0 * sigma);
        if (R < 1) R = 1;
        if (R > CK_GAUSS_FIR_MAX_R) R = CK_GAUSS_FIR_MAX_R;
        double k[CK_GAUSS_FIR_MAX_R + 1], t = 0;
        for (uint32_t i = 0; i <= R; i++) t += (i ? 2.0 : 1.0) * (k[i] = exp(-0.5 * i * i / (sigma * sigma)));
        for (uint32_t i = 0; i <= R; i++) {
            /* Fixed-point weights (blur_kernels.h): the centre's vertical weight in 2^-15 (its operand is the byte
               << 8), every other in 2^-16; the horizontal centre weight reaches 2^16 only as sigma -> 0, where 65535
               still returns every byte unchanged. */
            const double x = k[i] / t;
            p.fir_wv[i] = (uint16_t)lround(x * (i == 0 ? 32768.0 : 65536.0));
            const long wh = lround(x * 65536.0);
            p.fir_wh[i] = (uint16_t)(wh > 65535 ? 65535 : wh);
        }
        p.fir_r = R;
        return p;
    }
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

/* The direct filter (params->fir_r > 0), row by row: for each output row the vertical half combines the 2R + 1 source
   rows around it into one u16 line in scratch, whose ends are padded by replication, and the horizontal half writes
   the row from it (then the backdrop's colour stage, when colour is not NULL, while the row is in cache). src is
   read once and dst written once, with no intermediate image: at sigma 1 on 1290 x 2796 (AVX2, Zen 4) about 3.5 ms
   where the tiled float passes (ck_blur_gauss_run) took 9-10. In place, each source row is copied to a ring of R + 1
   rows before its output overwrites it, and the rows above the output row are read from there. */
static void gauss_fir_run(const struct ck_blur_ops *ops, const ck_image *src, ck_image *dst, const ck_gauss_params *p,
                          const ck_blur_colour *colour, uint8_t *scratch) {
    const uint32_t w = src->width, h = src->height, R = p->fir_r;
    const size_t n = (size_t)w * 4;
    uint16_t *line = (uint16_t *)scratch;
    uint8_t *ring = scratch + gauss_fir_line_bytes(w);
    const int in_place = src->data == dst->data;
    for (uint32_t y = 0; y < h; y++) {
        if (in_place) memcpy(ring + (size_t)(y % (R + 1)) * n, src->data + (size_t)y * src->stride, n);
        const uint8_t *rows[2 * CK_GAUSS_FIR_MAX_R + 1];
        for (uint32_t j = 0; j <= 2 * R; j++) {
            const uint32_t cy = clamped_y(src, (int64_t)y + j - R);
            rows[j] = in_place && cy <= y ? ring + (size_t)(cy % (R + 1)) * n : clamped_row(src, cy);
        }
        ops->gauss_fir_v(rows, R, p->fir_wv, n, line + 4 * (size_t)R);
        for (uint32_t x = 0; x < R; x++) {
            memcpy(line + 4 * (size_t)x, line + 4 * (size_t)R, 8);
            memcpy(line + 4 * ((size_t)R + w + x), line + 4 * ((size_t)R + w - 1), 8);
        }
        uint8_t *out = dst->data + (size_t)y * dst->stride;
        ops->gauss_fir_h(line, R, p->fir_wh, n, out);
        if (colour != NULL) ops->colour(out, dst->stride, 1, w, colour);
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
   cache. small: the backdrop's reduced image, whose vertical groups are one tile wide (see below).

   Two sweeps of the same register cascade (gauss_line) over padded lines of 16 lanes (the positions the four
   stages touch at once, 4 span + 1 of them, stay in L1):
   1. Horizontal, bands of 4 rows: src rows -> lanes (4 rows x 4 channels per position), padded by replication,
      filtered, rounded to bytes into transposed tiles of 4 pixels (see blur_kernels.h and ck_tile_t).
   2. Vertical, groups of CK_GAUSS_VLINES tiles (16 pixels = one 64-byte piece of each dst row): each tile is one
      contiguous line (4 pixels x 4 channels per row), padded by replicating its first and last row, filtered,
      and the group's rows are written to dst. For the backdrop's small image (about 1 MB, cached) groups of one
      tile measured 1-6 % faster on the whole backdrop (the group's float lines, 46 KB each for a full-screen
      backdrop, stay nearer L1 for the store); a full-size destination keeps the 64-byte row pieces. A tall
      image is swept in bands of rows, each tile carrying its cascade from band to band (see below), so a group
      writes to a band's few hundred rows instead of to every row of the image: the page walks of 64-byte
      stores into 2796 different pages per group cost 5 % of a full-screen gaussian at sigma 1 and 4 (1-2 % at
      sigma 15 and 30, whose longer windows make the carried state larger).
   Replicating the intermediate's edge rows is the same as replicating the source's (the horizontal filter maps
   a repeated row to the same repeated row), so this is the filter on the replicated extension, padded once per
   axis. Memory: src read once, the byte intermediate written and read once, dst written once; no ring of rows
   (the cascade's running sums live in registers). Measured on 1290 x 2796 (callgrind, instructions in
   ck_gaussian_blur): 172-177 M for sigma 4..30 against 245-260 M for the row-streamed vertical cascade with a
   u16 intermediate this replaced; the cost is now flat in sigma up to a full screen (111-115 M since the plain
   boxes and the integer clamps in the stores). */
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

/* MARK: - Routes */

/* From sigma 3 (CK_GAUSS_MIN_SIGMA_K2), an image whose shorter side is at least 8 sigma is blurred through the
   backdrop's image reduced by 2, and from sigma 7 (CK_GAUSS_MIN_SIGMA_K4) by 4 (tent reduction, variance-compensated
   gaussian, bilinear enlargement: ck_blur_reduced_run, with no colour stage). Full screen (1290 x 2796, AVX2, Zen 4):
   about 4.4 ms at k = 2 and 2-2.9 ms at k = 4 against 9-13 ms at full resolution. Measured against the exact float
   gaussian (self-test texture and white noise, 25 x 25 to 1290 x 200): k = 2 keeps 57.0-57.5 dB from sigma 3 to
   6.1 (its small image runs the direct filter up to sigma' 3, sigma 6.12; then the box mix, 55.2-56.9) where the
   box cascade at full resolution keeps 55.5-56.8; k = 4 keeps 50.6-58 dB from sigma 5.5 to 64 (its lowest on the
   texture at sigma 13-15, where the full-resolution cascade is at its lowest too, 51.8-52). Why these bounds: each
   switch makes the output jump, and these are where 0.1 steps across them (and across sigma' 3 at k = 2) move a pixel
   by at most 2 levels on the texture and on white noise (sizes from 37 x 29 to 2000 x 300): from full
   resolution to k = 2 at 2.5 it was 4 (the step from 2.0 to 2.1 at full resolution is 4 on its own), and from k = 2
   to 4 at 5.5 or 6, 3. Before k = 2 existed, full resolution switched straight to k = 4 at 5.5 (a jump of 2 there;
   from 4 or 5, 3). The 2k-tap tent at every sigma: the k x k box keeps 53 dB only from sigma 8 at k = 4. Where the
   image is small against sigma (37 x 53 or 5 x 7 at sigma 64) the reduced result fell to 48-49 dB with the bound at
   4 sigma per side; at 8 it stays above 51 dB. In the probes of CK_GAUSS_MIN_RETURN_SIGMA the switch back to full
   resolution moves a pixel by at most 3 levels since the tent's ring of two (reduced_ring) and that minimum side;
   before them it moved one by 4 on about one small image in 15, and on rare larger ones at a corner. Reduced by 8
   (as the backdrop does from sigma 12) the texture fell to 49.7 dB at sigma 16.
   Open: the 50 dB bound holds on noisy textures, not on every image, at full resolution as well. On a smooth full-
   contrast sinusoid (period 40-130 pixels, 400 x 300) the four-box cascade keeps only 44.2-46.5 dB at sigma 11-20,
   and on 32 x 16 blocks with alpha 255 / 90 regions 48.8-49.2 at sigma 8-14: its frequency response departs from
   the gaussian's by about 1.5 % in the middle of the band (n equal boxes have excess kurtosis -1.2 / n, never 0,
   the gaussian's). Where the reduced image runs boxes (from sigma 12.23) the reduced result stays within 0.5-1.2 dB
   of the full-resolution one there (43.3 dB at sigma 14 on the sinusoid, 48.3-48.6 on the blocks); below, its
   direct filter keeps 52.8-58 dB on all four (see CK_REDUCED_FIR_SIGMA). */
#define CK_GAUSS_MIN_SIGMA_K2 3.0f
#define CK_GAUSS_MIN_SIGMA_K4 7.0f
#define CK_GAUSS_REDUCED_SIDES_PER_SIGMA 8.0f
/* An image reduces only if it keeps reducing up to this sigma at least (shorter side >= 8 x 5 = 40), so that it never
   switches back to full resolution below it. The switch back lands on the box mix, which is up to 2.5 levels off the
   exact gaussian at an image's edge (its kernel's tails are not the gaussian's, and the replicated edge pixel carries
   them), where the reduced image is within 1.2 (see reduced_ring); at sigma 3-4 the exact gaussian itself also moves
   such a pixel by 1.5-2 levels per 0.1 step, so the step across the switch reached 4 levels, over the contract's 3.
   Probed with the ring of two on textured and white-noise images (sigma 2.5..14 in 0.1 steps, 12 seeds, shorter
   sides 24 to 100, heights 37 to 150): 35 of 1152 had a 4-level step, all with sides 24-30 switching back at sigma
   3.1-3.8; with sides from 40 none did, nor did 1680 more (20 other seeds, sides 38-100). Images of side 24 to 39
   now stay at full resolution, the route they switched back to from sigma 3.1-4.9 anyway. */
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
    if (r.k > 1) return ck_blur_backdrop_scratch(w, h, r.k);
    return r.fir ? gauss_fir_line_bytes(w) + (CK_GAUSS_FIR_MAX_R + 1) * (size_t)w * 4 : ck_blur_gauss_scratch(w, h);
}

static void gauss_route_run(gauss_route r, const ck_image *src, ck_image *dst, float sigma, uint8_t *s) {
    const double fir_sigma = r.fir ? INFINITY : 0; /* the route's filter whatever sigma is */
    if (r.k == 1) {
        const ck_gauss_params p = ck_blur_gauss_params_for(sigma, fir_sigma);
        ck_blur_gauss_run(src, dst, &p, NULL, 0, s);
    } else {
        ck_blur_reduced_run(ck_ops_active()->blur, src, dst, sigma, r.k, 1, fir_sigma, NULL, s);
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
