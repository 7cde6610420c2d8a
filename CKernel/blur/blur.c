/*
 * Box and gaussian blur and the blurred-backdrop effect: public entry points (all validation lives here,
 * once), the drivers that walk the image, and the scalar kernel table (blur_kernels.h compiled with
 * vectorisation off: the reference every SIMD build must match bit for bit).
 *
 * Box blur (exact). Running column sums per row: col[x] = sum of the 2ry+1 source rows around the output row
 * (edges replicated), updated by one added and one subtracted row per output row; then a running window of
 * 2rx+1 column sums along the row and one exact division. No full-image buffer of sums; the working set is a
 * few rows. Column sums are at most 255 * 131071 < 2^25; window sums fit 32 bits when 256 N <= 2^32, and
 * modular (wrap-around) arithmetic is exact whenever the true result fits, so the running updates may wrap in
 * between. Larger windows (N > 2^24) take a 64-bit path. In place, the source rows still to be subtracted are
 * kept in a ring of min(ry + 1, h) rows in scratch. Windows of N < 2^14 (radius up to 63 on both axes) run one
 * fused pass per row (box_row): column update, window differences and division 8 pixels at a time in
 * registers, with the window's running sum two pixels per add; larger windows run the three as separate
 * passes (callgrind on 1290 x 2796, radius 8, AVX2, when the fused pass came in: 48.5 M instructions as three
 * passes, 34.5 M fused). In the fused row the column sums are 16-bit while ry <= 63 (box_row16: every sum below
 * 2^15, so the window's differences are exact in int16), and the column update runs 8 steps ahead of the window
 * so that the window's reads of the dropped columns never wait on the stores that wrote them (see box_row in
 * blur_kernels.h). Measured when they came in (1290 x 2796, Zen 4, AVX2, alternating runs, same bytes): 0.64-0.71
 * of the time at radius 2, 8 and 60 (16-bit sums), 0.82 at 2 x 100 and 1 x 64 (32-bit sums, update ahead alone),
 * 1.06 at 1 x 1000 (where the subtracted row comes from 2000 rows back, out of L2).
 * Open: the full-screen target of 4 memcpy (about 2.2 ms on Zen 4, where the benchmark's memcpy takes 0.53-0.57
 * ms; the box took 2.9-3.4 ms there, 5.4-6.1x, before the 16-bit sums).
 * The box row is compute-bound, not memory-bound. With 32-bit sums its middle step was 71 instructions per 8
 * pixels (column update 24, window 24, division and narrowing 17); with 16-bit sums it is about 53 (update 10,
 * differences and sign extension 10, running sum 12, division and narrowing 16). On 1290 x 200 (everything in L2
 * and L3) a full screen's worth of rows takes about 0.9 of the full screen's time, so memory adds little.
 * Measured and not kept (same bytes): asking for the next output rows into L2 ahead of the stores (1.05-1.10 at
 * one, two or four rows ahead), and the division as fma(s, 1/N, 2^23) with the byte taken from the float's
 * mantissa (exact for odd N, where s/N is never half-way; no faster: the float conversions are not the bound),
 * and fewer cross-lane shuffles: the update's widening as vpermq + unpack + pmaddubsw(1, -1), the differences
 * sign-extended by unpacking with their sign and summed as pixels [j | j + 2] (llvm-mca's Zen 3 model: 16 cycles
 * a step against 20; on this Zen 4 1.03-1.13 of the time). Dropping the division altogether (a scratch build) took
 * 0.85-0.89 of the time, so the division is not what keeps the box above 4 memcpy either.
 * Later timing prototypes of the middle step alone (rows in L1, 1290 wide, radius 8, medians and minima of 7
 * alternating runs; the current step takes 16-16.5 cycles): the column sums replaced by the window's differences as
 * the state (D_j += a - b at j + rx and j - rx - 1 through unpack + pmaddubsw; pixels laid out [j | j + 4] so the
 * running sum takes two cross-lane shuffles and the packs need no vpermd; 13 shuffles a step against 18) 1.06-1.10;
 * the int-to-float conversions replaced by integer adds (x as the float 2^22 + x + 0.5 built from its bits, and
 * fma(X, 1/N, -2^22/N), which rounds the same real number once) 1.06-1.08. On this Zen 4 the step runs at about 3
 * vector operations a cycle whichever pipes they need (pairs of instruction kinds timed against each other put the
 * shuffles on two pipes, the conversions on two with one of those shared, additions on all four), so only fewer
 * operations help, and every reformulation so far moved work rather than removed it. On the full image: streaming
 * stores for the output 1.70-1.82; vector loads instead of pixel loads for the unclamped side of an edge step
 * 0.98-1.00 (noise).
 * What memory costs the full-screen row (paired medians against the row as it is, same bytes): with the output
 * written to one row kept in L1 and the source rows taken from 64 rows kept in cache, radius 8 takes about 0.82 of the
 * time but radius 60 0.95-0.96, so at radius 60 the row is bound by its operations at about 4.2 memcpy and no memory
 * change alone reaches 4; either change alone 0.98-1.00. Measured and not kept: the output through a row in L1
 * copied out with streaming stores of whole lines (1.08-1.24); a software prefetch 2 KB ahead in the added row and in
 * the output row in every middle step (prefetcht0 or prefetchnta alike): 0.84-0.89 at ry 2 to 16, 0.93-0.95 at 24
 * and 32, 1.04-1.10 from ry 45 (probably the prefetched lines push the 2 ry + 1 rows kept for the subtraction out of
 * L2, which the hardware's own stream prefetches do not), and 1.0 with everything in L3 (1290 x 1000), so it gains
 * only where memory latency shows and only at small ry, through an ry bound tuned to this machine's L2, and leaves
 * radius 30 and 60 where they are; the output's prefetch alone 1.04-1.19, the added row's alone 0.96-1.25; source
 * and destination on transparent huge pages 0.97-1.0.
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
 * extended boxes (see gauss_params_for). Each line is padded once by replication by the total support sum(r_k + 1) and
 * the four passes run unclamped on it, which is the filter applied to the replicated extension (a chain of passes
 * clamping separately is not). Below sigma 1.2 a direct sampled gaussian replaces the boxes, row by row in 16-bit
 * fixed point with no intermediate image (see CK_GAUSS_FIR_SIGMA and gauss_fir_run), and up to the reduced image where
 * a route reduces from sigma 3 or below (fir_sigma_until).
 * Both axes run the same register cascade (gauss_cascade) on lines of 16 lanes: horizontally on bands of 4 rows,
 * vertically on tiles of 4 pixels of a transposed byte intermediate, so no ring of rows streams through L2 (see
 * gauss_run). Memory sweeps: read src, write and read the intermediate (image-sized), write dst. Float arithmetic in
 * the passes keeps the result within 50 dB of the exact gaussian (52-58 dB measured on noisy textures for sigma 1..64).
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
 * cascade from band to band instead, with no restart, gains 5 % at sigma 1 and 4, see gauss_run; within such a band,
 * steps of 64 or 256 rows across the group's lines so that each step stays in L1: 1.01-1.12 of the time); three
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
 * gauss_run) took about half of that 10 %. The other half would need the vertical pass first, over rows of the
 * source and straight into the horizontal band's lanes, with no intermediate. That drops the intermediate's two
 * sweeps and the scattered dst store, but each stage's lagging input is then span rows back: rings of span + 1 rows
 * per stage, about 100 bytes of ring reads and writes per pixel in L2 (0.6 MB of rings at sigma 4) or L3 (3 MB at
 * sigma 30) where the tiles keep them in L1, and rings that grow with sigma where the scratch size is fixed by the
 * image (a row-streamed vertical cascade measured 245-260 M instructions against 172-177 M for the tiles when they
 * replaced it, see gauss_run).
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
 * Backdrop. Blur, saturation matrix on premultiplied values clamped to [0, alpha], tint source-over. With a
 * factor k = 2 or 4 (or 8, which only downsample 0 picks, see backdrop_factor): reduction (a 2k-tap tent per
 * axis at small sigma, where a k x k box aliases too much: 44.2 dB against full resolution at sigma 4, k = 4, the
 * tent 46.5; the cheaper box from sigma 5), gaussian with sigma'^2 = (sigma^2 - v) / k^2 where v is the variance
 * the reduction and the bilinear enlargement add (see backdrop_variance; the direct filter below sigma' 3, see
 * CK_REDUCED_FIR_SIGMA), colour, then bilinear enlargement. The
 * colour stage runs on the small image (bilinear weights are convex, so colour <= alpha survives; tint
 * source-over is affine, so it commutes with the enlargement up to rounding), fused into the gaussian's final
 * store of whole 4-pixel tiles (gauss_store_cols_u8). The enlargement widens each small row once (enlarge_h)
 * and writes the output rows between two widened rows in one call (enlarge_v). Cost on 1290 x 2796 at
 * sigma 8 (k = 4, box reduction, AVX2, callgrind): 25.0 M instructions, over a quarter of them the small
 * gaussian's cascade (at sigma 4 the tent reduction takes 6.8 M where the box takes 3.3 M); phase times measured
 * with a timer (quiet machine; a busy sibling core stretches the compute phases by up to 40 % while a memcpy
 * barely moves): reduction 1.35 ms (reading src: a plain read of the image takes 1.1 ms), small gaussian and
 * colour 2.7 ms (compute, measured with four extended boxes: their 40 float adds and multiplies per position share
 * two FP ports; the colour stage 0.7 ms of it), enlargement 1.8 ms (1.4 ms of it compute when writing to cached
 * rows). Tried and dropped: reducing band by band just ahead of the small gaussian's horizontal pass (0.5 ms
 * slower, probably because the source stream stalls between bands), widening with pshufb + pmaddubsw per block
 * (more instructions per pixel than eight blocks at once), non-temporal stores in the enlargement (about 25 %
 * slower on a 64-byte-aligned destination). Kept since (Zen 4): while the reduction works on one small row it asks
 * for the k rows the next small row adds into L2 (reduce_v and reduce_box_row take them as `next`, ck_prefetch_l2).
 * Reading 2k or k rows side by side is that many streams, which the hardware prefetchers probably pick up too late
 * when each source row comes from memory (the benchmark's source does: the enlargement's 14 MB of writes evict it).
 * Whole backdrop, 1290 x 2796, paired medians, same bytes: 0.84-0.88 at sigma 2.5..60. Likewise the enlargement
 * asks for the rows its next call writes (enlarge_v): 0.87-0.94 more.
 * The same request for the gaussian's next band of 4 rows gained 2 % (0.98 at sigma 1..15), and for the box blur's
 * next added row (one stream, which the hardware follows) cost 4 %, so neither is made.
 * Where the time goes at sigma 4 and 8, which miss 2.5 memcpy there (Zen 4, 1290 x 2796, AVX2, phase timers, means
 * of 31 calls, 2026-11-24): reduction 0.60-0.65 ms at sigma 4 (tent) and 0.35 ms at sigma 8 (box), the small image's
 * direct filter and colour stage 0.38 and 0.55 ms (perf at sigma 8: filter 0.37, colour 0.19), enlargement 0.69-0.70
 * ms (enlarge_h about 0.15 of it). In the same cache state a plain read of the image takes 0.28-0.31 ms and a plain
 * write 0.5-0.6 ms (microbenchmarks), so reduction and enlargement cannot go below about 0.8-0.9 ms together where
 * the target is 1.3-1.5 ms (memcpy 0.53-0.6 ms): every other stage would have to fit in the remaining 0.4-0.6 ms.
 * (Earlier figures: writing the image with streaming stores or rep stosb 0.58 ms from cold caches, 0.64 ms with
 * normal stores whose lines are asked for into L2 ahead, 0.89 ms without.) A larger factor at sigma 8 would remove
 * most of the small stage, but the quality bound rules it out (see CK_BACKDROP_MIN_SIGMA_K8). Measured and not kept
 * (same bytes, alternating runs): running the stages as one stream of small rows, each reduced when the direct filter
 * first needs it, filtered into a row buffer, coloured, widened, and every output row that needs nothing below it
 * written at once, so that the reads and writes asked for ahead would complete during the small image's arithmetic:
 * 1.0-1.08 of the time at sigma 4 and 8; and the colour stage fused into the direct filter's horizontal half
 * (colour8 on each 8 pixels as gauss_fir_h stores them, as the tiled store does): 1.02-1.05 at sigma 4, 6 and 8,
 * 1.09 at 1.5, because the filter's weights and the colour constants together overflow the 16 vector registers
 * (4 times the stack accesses in gauss_fir_h). Kept: building the colour stage's tint vectors with shuffles
 * (colour_vec_init; 0.93-0.94 at sigma 4 and 8).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "blur_internal.h"

#define CK_BLUR_NAME(x) ck_blur_scalar_##x
#define CK_BLUR_NOVEC _Pragma("clang loop vectorize(disable) interleave(disable)")
#include "blur_kernels.h"
CK_BLUR_OPS_TABLE(ck_blur_ops_scalar);

_Static_assert(sizeof(ck_image) == sizeof(void *) + 8 + sizeof(size_t), "ck_image layout is imported by Swift");
_Static_assert(sizeof(ck_backdrop) == 16, "ck_backdrop layout is imported by Swift");

#define CK_MAX_DIM (1u << 20)
#define CK_MAX_RADIUS 65535u
#define CK_MAX_SIGMA 2000.0f
#define CK_ALIGN 64

/* MARK: - Gaussian parameters */

/* Below this sigma the four extended boxes (r = 0, kernel [alpha, 1, alpha]^4) fall under 50 dB (48 at sigma 1,
   38 at 0.7) while a direct sampled gaussian of at most 2 * 4 + 1 taps keeps about 59 dB (see gauss_fir_run). At
   the switch the boxes are within 58 dB of the gaussian, so the output moves by at most a level or two there. A route
   that reduces the image from sigma 3 or below runs the direct filter up to that switch instead (fir_sigma_until). */
#define CK_GAUSS_FIR_SIGMA 1.2
/* The intermediate is written with streaming (non-temporal) stores where the ISA has them once it reaches this size.
   It is written once and read back only after the whole horizontal pass, so a large one leaves the cache in between
   anyway, and streaming a whole 64-byte line skips the read for ownership of a normal store. Measured same-process
   against normal stores (AVX2, medians of blocks of 10 calls): 1290 x 2796 6-8 % faster at sigma 1..30, a 323 x 701
   image (0.9 MB of tiles) 3 % faster, the backdrop at sigma 4..30 within 4 %; but 128 x 96 3-5 % slower and
   32 x 24 17 % slower, where the tiles would still be in cache for the vertical pass. */
#define CK_GAUSS_STREAM_BYTES (512u * 1024u)
/* Column lines per vertical group: 4 x 4 pixels = one 64-byte cache line of each destination row. */
#define CK_GAUSS_VLINES 4
/* Output rows per band of the vertical pass (see gauss_run), which runs in bands only when a column of dst spans
   more than CK_GAUSS_BAND_SPAN bytes: 1024 pages of 4 KB, within the reach of the second-level TLB (1536 entries
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

/* From this sigma on, the four stages are three plain boxes and one extended box (see gauss_params_for). Below
   it the radii are too small for boxes of unequal width: at sigma 2 the mix keeps about 49 dB against the
   sampled gaussian on white noise where four equal extended boxes keep 57; from sigma 3 the two are within
   1 dB (Gwosdek et al. make the same point: the cascade needs each box's variance near sigma^2 / 4). At the
   switch both are within 57 dB of the gaussian, so the output moves by a level or two at most there. */
#define CK_GAUSS_PLAIN_SIGMA 3.0
/* The reduced image (reduced_run) takes the direct filter up to that switch, so it never uses four extended boxes:
   the direct filter with R = ceil(3 sigma) <= 9 is cheaper than either cascade there (1290 x 2796, AVX2: 7.8 ms at
   R = 9 against 9.5 for the plain mix and 13 for four extended boxes), and more exact. A full-resolution route that
   goes on with boxes past 3 keeps the extended boxes between CK_GAUSS_FIR_SIGMA and 3 (see fir_sigma_until) because
   of the jump: the direct filter and the box mix differ
   by up to 2 levels at the same sigma, and a switch between them moved a pixel by 4 levels in one 0.1 step
   anywhere from sigma 2.1 to 3.4 on the self-test texture (300 x 200), over the contract's 3. On the reduced image
   the jump is smoothed by the reduction and the enlargement: 0.1 steps across sigma' 3 (sigma 12.23 at k = 4)
   move a pixel by at most 2 levels on the texture (300 x 200, 400 x 300, 1290 x 200), and the gaussian's quality
   against the exact gaussian at k = 4 below that rose (at sigma 8, before -> after: self-test texture on 300 x 360
   54.0 -> 56.7 dB; on 400 x 300 sinusoid 50.0 -> 55.1, blocks 48.6 -> 55.7, rings 49.8 -> 56.9; sinusoid at sigma
   11 46.1 -> 57.0). The backdrop measured against its full-resolution result (Tests/tools/blur_downsample.c) fell
   where that reference is the box mix and the reduced image now is not: textured, k = 4 at sigma 8..12 from
   51.2-52.4 to 47.5-49.0 dB, downsample 0 at 12..16 from 49.3-51.7 to 46.6-47.2; white noise within 0.9 dB; all
   above the contract's 45. Time (1290 x 2796, AVX2, medians): the backdrop at sigma 8 1.66 ms against 1.85-1.89. */
#define CK_REDUCED_FIR_SIGMA CK_GAUSS_PLAIN_SIGMA

/* The sigma below which a full-resolution route runs the direct filter, given the sigma from which the same route
   blurs a reduced image instead (reduced_from; infinite if it never does): up to that switch when the direct filter
   reaches it (R = ceil(3 sigma) <= CK_GAUSS_FIR_MAX_R below CK_GAUSS_PLAIN_SIGMA), so no boxes run in between; else
   CK_GAUSS_FIR_SIGMA, where boxes take over for every larger sigma. The gaussian reduces by 2 from sigma 3 on an image
   whose shorter side is at least 40 (CK_GAUSS_MIN_RETURN_SIGMA), the backdrop at downsample 0 from sigma 2.
   Where a switch may sit: below sigma 2 the exact gaussian itself moves a pixel by more than 3 levels per 0.1 step on
   the self-test texture (10.6 levels from 1.0 to 1.1, 9.2 to 1.2, 3.2 from 1.9 to 2.0; then 2.1 at 2.5 and 1.7 at
   3.0), so a switch at 1.2 costs no visible jump; above, the direct filter and the box mix differ by up to 2 levels
   at the same sigma (see CK_REDUCED_FIR_SIGMA), which is why boxes that go on past 3 start at 1.2. Against the
   reduced image the direct filter does as well as the boxes it replaces: 0.1 steps across sigma 3 moved a pixel by
   2 levels (300 x 200, 1290 x 100, 130 x 67, 40 x 100, texture and white noise; 3 at a corner of 48 x 48), and the
   lowest PSNR against the exact gaussian over sigma 2..3.6 (300 x 200) is 57.1-57.2 dB where the four extended
   boxes kept 55.2-56.5. Time on 1290 x 2796 (Zen 4, AVX2, alternating runs): the gaussian at sigma
   1.2 / 1.5 / 2 / 2.5 / 2.9 4.2 / 4.9 / 5.7 / 7.2 / 8.0 ms against 13.3-13.6 ms with the extended boxes; the backdrop
   at downsample 0, sigma 1.2..1.9, 7.1-8.6 ms against 17.1-17.4 (there the switch to the reduced image at 2 moves a
   pixel by up to 5 levels where it moved 4 from the boxes, against the exact gaussian's own 3.2). */
static double fir_sigma_until(double reduced_from) {
    return reduced_from <= CK_GAUSS_PLAIN_SIGMA ? reduced_from : CK_GAUSS_FIR_SIGMA;
}

typedef struct gauss_params {
    uint32_t fir_r; /* > 0: direct filter of 2 fir_r + 1 taps instead of boxes (gauss_fir_run) */
    uint16_t fir_wv[CK_GAUSS_FIR_MAX_R + 1], fir_wh[CK_GAUSS_FIR_MAX_R + 1]; /* its weights, see blur_kernels.h */
    ck_gauss_boxes boxes;
    uint32_t pad; /* total support of the four passes: sum of r[k] + 1 */
    double norm;  /* product of the stages' weights 2 r[k] + 1 (+ 2 alpha): the passes are unnormalised */
} gauss_params;

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
static gauss_params gauss_params_for(double sigma, double fir_sigma) {
    gauss_params p;
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

/* MARK: - Scratch layout */

static size_t align_up(size_t n) { return (n + (CK_ALIGN - 1)) & ~(size_t)(CK_ALIGN - 1); }

/* Floats in the line buffer: CK_GAUSS_VLINES padded lines of 16 lanes at the largest sigma (the vertical group;
   the horizontal band needs one). */
static size_t gauss_line_floats(uint32_t w, uint32_t h) {
    const gauss_params big = gauss_params_for(CK_MAX_SIGMA, CK_GAUSS_FIR_SIGMA);
    return ((size_t)(w > h ? w : h) + 2 * (size_t)big.pad) * CK_GAUSS_VLINES * CK_GAUSS_LANES;
}

/* The intermediate: ceil(w / 4) tiles of h rows x 16 values, each tile rounded up to whole blocks of 4 rows so that
   every block of 4 rows x 16 values is one 64-byte-aligned line (the AVX2 build streams whole lines). */
static size_t gauss_tile_stride(uint32_t h) { return (((size_t)h + 3) & ~(size_t)3) * CK_GAUSS_LANES; }
static size_t gauss_tiles_bytes(uint32_t w, uint32_t h) {
    return ((size_t)w + 3) / 4 * gauss_tile_stride(h) * sizeof(ck_tile_t);
}

/* The direct filter (gauss_fir_run): one padded u16 line, then the in-place ring of R + 1 source rows. */
static size_t gauss_fir_line_bytes(uint32_t w) { return align_up(((size_t)w + 2 * CK_GAUSS_FIR_MAX_R) * 8); }

static size_t gauss_scratch(uint32_t w, uint32_t h) {
    const size_t tiled = align_up(gauss_tiles_bytes(w, h)) + align_up(gauss_line_floats(w, h) * sizeof(float));
    const size_t fir = gauss_fir_line_bytes(w) + (CK_GAUSS_FIR_MAX_R + 1) * (size_t)w * 4;
    return tiled > fir ? tiled : fir;
}

static size_t box_scratch(uint32_t w, uint32_t h) {
    /* column sums (u32), window sums (u64 at most), the in-place ring of up to h source rows */
    return align_up((size_t)w * 16) + align_up((size_t)w * 32) + align_up((size_t)w * 4 * h);
}

/* Small pixels of ring on each side of the reduced image: enough for the outer one to be made of the replicated
   extension alone, so that replicating it continues the reduction of that extension exactly. Two for the tent, whose
   pixel i covers [ik - k/2, ik + 3k/2) (see reduce_tent), one for the box, whose pixel covers [ik, ik + k): a second
   ring there would only cost (5.5 % more instructions in the backdrop at sigma 30, where k = 8, the ring's pixels
   summed one by one). */
static uint32_t reduced_ring(int tent) { return tent ? 2u : 1u; }

static size_t backdrop_scratch(uint32_t w, uint32_t h, uint32_t k) {
    const uint32_t ring = reduced_ring(1); /* the tent's, the wider */
    const uint32_t sw = (w + k - 1) / k + 2 * ring, sh = (h + k - 1) / k + 2 * ring;
    /* small image with ring; two widened rows (u16, full width), which first hold the reduction's line of
       (w + (2 ring + 2) k) u16 pixels; the small image's gaussian scratch */
    size_t rows = 2 * align_up((size_t)w * 8);
    const size_t line = align_up(((size_t)w + (2 * (size_t)ring + 2) * k) * 8);
    if (rows < line) rows = line;
    return align_up((size_t)sw * sh * 4) + rows + gauss_scratch(sw, sh);
}

size_t ck_blur_scratch_size(uint32_t width, uint32_t height) {
    if (width == 0 || height == 0) return 0;
    if (width > CK_MAX_DIM || height > CK_MAX_DIM) return 0;
    size_t n = gauss_scratch(width, height);
    const size_t b = box_scratch(width, height);
    if (b > n) n = b;
    for (uint32_t k = 2; k <= 8; k *= 2) {
        const size_t d = backdrop_scratch(width, height, k);
        if (d > n) n = d;
    }
    /* The gaussian's blend across a route switch: a second image past the scratch of either route. */
    size_t routes = gauss_scratch(width, height);
    for (uint32_t k = 2; k <= 4; k *= 2) {
        const size_t d = backdrop_scratch(width, height, k);
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

/* MARK: - Box driver */

/* Window sums along one row of column sums with replicated edges: s[x] = sum of col[clamp(x + i)] for
   |i| <= rx; wraps mod 2^32 exactly. */
typedef uint32_t ck_v4u __attribute__((vector_size(16)));

static void box_window_u32(const uint32_t *restrict col, uint32_t *restrict s, uint32_t w, uint32_t rx) {
    const uint32_t last = w - 1;
    for (int c = 0; c < 4; c++) {
        const uint32_t inner = rx < last ? rx : last;
        uint32_t acc = (rx + 1) * col[c];
        for (uint32_t i = 1; i <= inner; i++) acc += col[i * 4 + c];
        acc += (rx - inner) * col[last * 4 + c];
        s[c] = acc;
    }
    /* s[x + 1] = s[x] + (col[hi] - col[lo]) for x in [0, w - 1), one pass with the running sum in a register
       (one add per pixel on the sequential chain). Unclamped where rx <= x and x + rx + 1 <= last: there the
       two columns are plain pointer walks. */
    const uint64_t mid_lo = rx, mid_hi = (uint64_t)last >= (uint64_t)rx + 1 ? (uint64_t)last - rx - 1 : 0;
    const int has_mid = (uint64_t)last >= (uint64_t)rx + 1 && mid_lo <= mid_hi && mid_hi + 1 < w;
    ck_v4u acc;
    memcpy(&acc, s, sizeof acc);
    for (uint32_t x = 0; x + 1 < w; x++) {
        if (has_mid && x == mid_lo) {
            const size_t count = (size_t)(mid_hi - mid_lo + 1);
            const uint32_t *a = col + ((size_t)x + rx + 1) * 4, *b = col + ((size_t)x - rx) * 4;
            uint32_t *d = s + ((size_t)x + 1) * 4;
            for (size_t i = 0; i < count; i++) {
                ck_v4u va, vb;
                memcpy(&va, a + i * 4, sizeof va);
                memcpy(&vb, b + i * 4, sizeof vb);
                acc += va - vb;
                memcpy(d + i * 4, &acc, sizeof acc);
            }
            x = (uint32_t)mid_hi;
            continue;
        }
        const uint64_t hi64 = (uint64_t)x + rx + 1;
        const uint32_t hi = hi64 > last ? last : (uint32_t)hi64;
        const uint32_t lo = x > rx ? x - rx : 0;
        ck_v4u va, vb;
        memcpy(&va, col + (size_t)hi * 4, sizeof va);
        memcpy(&vb, col + (size_t)lo * 4, sizeof vb);
        acc += va - vb;
        memcpy(s + ((size_t)x + 1) * 4, &acc, sizeof acc);
    }
}

static void box_window_u64(const uint32_t *col, uint64_t *s, uint32_t w, uint32_t rx) {
    const uint32_t last = w - 1;
    for (int c = 0; c < 4; c++) {
        const uint32_t inner = rx < last ? rx : last;
        uint64_t acc = (uint64_t)(rx + 1) * col[c];
        for (uint32_t i = 1; i <= inner; i++) acc += col[i * 4 + c];
        acc += (uint64_t)(rx - inner) * col[last * 4 + c];
        s[c] = acc;
    }
    for (uint32_t x = 0; x + 1 < w; x++) {
        const uint64_t hi64 = (uint64_t)x + rx + 1;
        const uint32_t hi = hi64 > last ? last : (uint32_t)hi64;
        const uint32_t lo = x > rx ? x - rx : 0;
        for (int c = 0; c < 4; c++) s[(x + 1) * 4 + c] = s[x * 4 + c] + col[hi * 4 + c] - col[lo * 4 + c];
    }
}

static void box_run(const ck_image *src, ck_image *dst, uint32_t rx, uint32_t ry, uint8_t *scratch) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    const uint32_t w = src->width, h = src->height, last = h - 1;
    const size_t n = (size_t)w * 4;
    const uint64_t area = (uint64_t)(2 * (uint64_t)rx + 1) * (2 * (uint64_t)ry + 1);
    const uint32_t half32 = (uint32_t)(area / 2);
    uint32_t *col = (uint32_t *)scratch;
    uint16_t *col16 = (uint16_t *)scratch;
    uint8_t *sums = scratch + align_up((size_t)w * 16);
    uint8_t *ring = sums + align_up((size_t)w * 32);
    const int in_place = src->data == dst->data;
    const uint32_t ring_rows = ry + 1 < h ? ry + 1 : h;
#define SRC_ROW(y) (src->data + (size_t)(y) * src->stride)

    /* Column sums for output row 0: rows -ry..ry clamped, i.e. (ry + 1) x row 0, rows 1..min(ry, h-1), and the
       rest replicate row h - 1. O(min(ry, h)) rows once. 16-bit sums (exact, below 2^15) where the fused row takes
       them. */
    const int fused = area < (1u << 14), narrow = fused && ry <= CK_BOX_COL16_MAX_RY;
    {
        const uint32_t inner = ry < last ? ry : last;
        const uint8_t *r0 = SRC_ROW(0), *rl = SRC_ROW(last);
        for (size_t i = 0; i < n; i++) {
            const uint32_t c = (ry + 1) * (uint32_t)r0[i] + (ry - inner) * (uint32_t)rl[i];
            if (narrow) col16[i] = (uint16_t)c;
            else col[i] = c;
        }
        for (uint32_t y = 1; y <= inner; y++) {
            const uint8_t *r = SRC_ROW(y);
            for (size_t i = 0; i < n; i++) {
                if (narrow) col16[i] = (uint16_t)(col16[i] + r[i]);
                else col[i] += r[i];
            }
        }
    }
    if (fused) {
        /* One fused pass per row (box_row): the column update for row y happens inside it, then the row. */
        const float inv = (float)(1.0 / (double)area);
        for (uint32_t y = 0; y < h; y++) {
            uint8_t *out = dst->data + (size_t)y * dst->stride;
            uint8_t *o = in_place ? ring + (size_t)(y % ring_rows) * n : out;
            const uint8_t *add = NULL, *sub = NULL;
            if (y > 0) {
                const uint64_t add64 = (uint64_t)y + ry;
                const uint32_t a = add64 > last ? last : (uint32_t)add64;
                const uint32_t sb = y - 1 > ry ? y - 1 - ry : 0;
                add = SRC_ROW(a);
                sub = in_place ? ring + (size_t)(sb % ring_rows) * n : SRC_ROW(sb);
            }
            if (narrow) ops->box_row16(col16, add, sub, o, w, rx, half32, inv);
            else ops->box_row(col, add, sub, o, w, rx, half32, inv);
            if (in_place) {
                uint8_t *slot = ring + (size_t)(y % ring_rows) * n;
                for (size_t i = 0; i < n; i++) {
                    const uint8_t t = out[i];
                    out[i] = slot[i];
                    slot[i] = t;
                }
            }
        }
        return;
    }
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *out = dst->data + (size_t)y * dst->stride;
        if (area <= (1u << 24)) {
            uint32_t *s = (uint32_t *)sums;
            box_window_u32(col, s, w, rx);
            if (area < (1u << 23))
                ops->box_divide_f64(s, in_place ? ring + (size_t)(y % ring_rows) * n : out, n, half32,
                                    1.0 / (double)area);
            else {
                uint8_t *o = in_place ? ring + (size_t)(y % ring_rows) * n : out;
                for (size_t i = 0; i < n; i++) o[i] = (uint8_t)(((double)(s[i] + half32) + 0.5) / (double)area);
            }
        } else {
            /* 64-bit path: exact in double, x < 2^42 and the error bound 2^-43 < 0.5 / N holds for N < 2^34. */
            uint64_t *s = (uint64_t *)sums;
            box_window_u64(col, s, w, rx);
            const double inv = 1.0 / (double)area;
            uint8_t *o = in_place ? ring + (size_t)(y % ring_rows) * n : out;
            for (size_t i = 0; i < n; i++) o[i] = (uint8_t)(((double)(s[i] + area / 2) + 0.5) * inv);
        }
        if (in_place) {
            /* The result went to the ring slot; swap so the slot keeps source row y (needed for later
               subtractions) and the image gets the output. */
            uint8_t *slot = ring + (size_t)(y % ring_rows) * n;
            for (size_t i = 0; i < n; i++) {
                const uint8_t t = out[i];
                out[i] = slot[i];
                slot[i] = t;
            }
        }
        if (y + 1 < h) {
            const uint64_t add64 = (uint64_t)y + ry + 1;
            const uint32_t add = add64 > last ? last : (uint32_t)add64;
            const uint32_t sub = y > ry ? y - ry : 0;
            const uint8_t *sub_row = in_place ? ring + (size_t)(sub % ring_rows) * n : SRC_ROW(sub);
            ops->box_col_update(col, SRC_ROW(add), sub_row, n);
        }
    }
#undef SRC_ROW
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
    box_run(src, dst, radius_x, radius_y, s);
    free(owned);
    return CK_OK;
}

/* MARK: - Gaussian driver */

/* Row sy of the image extended by replicating its first and last rows: its index, and the row. */
static uint32_t clamped_y(const ck_image *im, int64_t sy) {
    return (uint32_t)(sy < 0 ? 0 : (sy >= im->height ? im->height - 1 : sy));
}
static const uint8_t *clamped_row(const ck_image *im, int64_t sy) {
    return im->data + (size_t)clamped_y(im, sy) * im->stride;
}

/* The direct filter (params->fir_r > 0), row by row: for each output row the vertical half combines the 2R + 1 source
   rows around it into one u16 line in scratch, whose ends are padded by replication, and the horizontal half writes
   the row from it (then the backdrop's colour stage, when colour is not NULL, while the row is in cache). src is
   read once and dst written once, with no intermediate image: at sigma 1 on 1290 x 2796 (AVX2, Zen 4) about 3.5 ms
   where the tiled float passes (gauss_run) took 9-10. In place, each source row is copied to a ring of R + 1 rows
   before its output overwrites it, and the rows above the output row are read from there. */
static void gauss_fir_run(const struct ck_blur_ops *ops, const ck_image *src, ck_image *dst, const gauss_params *p,
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
static void gauss_line(const struct ck_blur_ops *ops, const gauss_params *p, float *line, uint32_t n_out, int resume,
                       float *state) {
    ops->gauss_cascade(line, resume ? 2 * (size_t)p->pad : 0, (size_t)n_out + 2 * (size_t)p->pad, &p->boxes, state);
}

/* src -> dst with the filter params (gauss_params_for; in place allowed: src is read completely before dst is
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
static void gauss_run(const ck_image *src, ck_image *dst, const gauss_params *params, const ck_blur_colour *colour,
                      int small, uint8_t *scratch) {
    const struct ck_blur_ops *ops = ck_ops_active()->blur;
    if (params->fir_r > 0) {
        gauss_fir_run(ops, src, dst, params, colour, scratch);
        return;
    }
    const uint32_t w = src->width, h = src->height;
    const gauss_params p = *params;
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
    const size_t room = gauss_line_floats(w, h), lines_floats = vlines * (win + piece) * CK_GAUSS_LANES;
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

/* From sigma 3 (CK_GAUSS_MIN_SIGMA_K2), an image whose shorter side is at least 8 sigma is blurred through the
   backdrop's image reduced by 2, and from sigma 7 (CK_GAUSS_MIN_SIGMA_K4) by 4 (tent reduction, variance-compensated
   gaussian, bilinear enlargement: reduced_run, with no colour stage). Full screen (1290 x 2796, AVX2, Zen 4): about
   4.4 ms at k = 2 and 2-2.9 ms at k = 4 against 9-13 ms at full resolution. Measured against the exact float
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

static void reduced_run(const struct ck_blur_ops *ops, const ck_image *src, ck_image *dst, double sigma, uint32_t k,
                        int tent, double fir_sigma, const ck_blur_colour *colour, uint8_t *s);

/* The gaussian's reduction factor at sigma on an image whose shorter side is `side`; 1: full resolution. */
static uint32_t gauss_factor(float sigma, uint32_t side) {
    const float reach = sigma > CK_GAUSS_MIN_RETURN_SIGMA ? sigma : CK_GAUSS_MIN_RETURN_SIGMA;
    if (CK_GAUSS_REDUCED_SIDES_PER_SIGMA * reach > (float)side) return 1;
    return sigma >= CK_GAUSS_MIN_SIGMA_K4 ? 4 : sigma >= CK_GAUSS_MIN_SIGMA_K2 ? 2 : 1;
}

static double backdrop_variance(uint32_t k, int tent);

/* A route of the gaussian: the reduction factor (1: full resolution) and whether the (full-resolution or reduced)
   image runs the direct filter rather than boxes. */
typedef struct {
    uint32_t k;
    int fir;
} gauss_route;

/* The variance-compensated sigma of the image reduced by k (the tent's reduction and the enlargement). */
static double reduced_sigma(double sigma, uint32_t k) {
    const double v = (sigma * sigma - backdrop_variance(k, 1)) / (double)(k * k);
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
    if (r.k > 1) return backdrop_scratch(w, h, r.k);
    return r.fir ? gauss_fir_line_bytes(w) + (CK_GAUSS_FIR_MAX_R + 1) * (size_t)w * 4 : gauss_scratch(w, h);
}

static void gauss_route_run(gauss_route r, const ck_image *src, ck_image *dst, float sigma, uint8_t *s) {
    const double fir_sigma = r.fir ? INFINITY : 0; /* the route's filter whatever sigma is */
    if (r.k == 1) {
        const gauss_params p = gauss_params_for(sigma, fir_sigma);
        gauss_run(src, dst, &p, NULL, 0, s);
    } else {
        reduced_run(ck_ops_active()->blur, src, dst, sigma, r.k, 1, fir_sigma, NULL, s);
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
    free(owned);
    return CK_OK;
}

/* MARK: - Backdrop driver */

/* Quality-preserving choices for downsample 0 (Tests/tools/blur_downsample.c: 300 x 360, saturation 1.8, PSNR against
   full resolution on white noise and on a textured image; the bound is 45 dB). The factor: the largest k that keeps the
   bound: k = 2 from sigma 2 (>= 47.6 dB with the tent), k = 4 from sigma 4 (>= 46.5 dB with the tent, 44.5 at 3.5),
   k = 8 from sigma 12 (>= 49.3 dB with the box; 46.1 at sigma 10, too close to the bound for other content; a 16-row
   tent, measured in a scratch build, does little better below 12 on the textured image: 45.2 dB at sigma 8, 46.0 at
   9, 46.7 at 10, 47.7 at 11, against the box's 44.4, 45.4, 46.1 and 47.6, so sigma 8 stays at k = 4). k = 8
   matters for speed: at k = 4 the small image's gaussian is over half the backdrop's time, and at k = 8 it has a
   quarter of the pixels (1290 x 2796, sigma 15, AVX2: 14.0 M instructions against 25.1 M, 4.6-5.4 ms against 7.5-8.8 ms
   in alternating runs here). The reduction filter: the 2k-tap tent below CK_BACKDROP_BOX_MIN_SIGMA (for k <= 4: k = 8
   starts above it), the k x k box from there on. The box aliases more (k = 4 at sigma 4: 44.2 dB, below the bound) but
   from sigma 5 it keeps >= 47.4 dB (k = 4) and >= 51.2 (k = 2), and it reads half as many rows per small row: at sigma
   8, k = 4 on 1290 x 2796 the whole backdrop takes 25.0 M instructions with the box, 28.8 M with the tent (callgrind),
   and about 0.6 ms more with the tent on this machine, where the target is 2.5 memcpy (~7 ms). */
#define CK_BACKDROP_MIN_SIGMA_K2 2.0f
#define CK_BACKDROP_MIN_SIGMA_K4 4.0f
#define CK_BACKDROP_MIN_SIGMA_K8 12.0f
#define CK_BACKDROP_BOX_MIN_SIGMA 5.0f

/* Variance (full-resolution px^2, per axis) that reduction and enlargement add, which the small blur leaves
   out. Bilinear enlargement adds on average k^2 E[f (1 - f)] over its k sampling phases f = (2m + 1) / (2k),
   that is (2k^2 + 1) / 12 (2.75 px^2 at k = 4, 0.75 at k = 2). The tent's taps ck_blur_tent(d, k) at offsets
   d - k + 1/2 have the same variance (it is the enlargement's adjoint); the k x k box has (k^2 - 1) / 12. So
   sigma'^2 = (sigma^2 - v) / k^2 with v = (2k^2 + 1) / 6 after the tent and k^2 / 4 after the box: the
   contract's variance compensation for the filters actually used. */
static double backdrop_variance(uint32_t k, int tent) {
    const double enlarge = (2.0 * k * k + 1.0) / 12.0;
    return enlarge + (tent ? enlarge : ((double)k * k - 1.0) / 12.0);
}

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

/* Reduction of the replicated extension of src by k into a small image with a ring of two pixels: small
   pixel (i, j) for i in [-2, sw + 2), j in [-2, sh + 2) is the tent-weighted mean of full-resolution pixels
   [ik - k/2, ik + 3k/2) x [jk - k/2, jk + 3k/2) (2k x 2k, centred on block (i, j)) with indices clamped to the image.
   The ring is then exactly the reduction of the blocks just outside the image, and its outer pixels (i = -2 covers
   [-5k/2, -k/2), i = sw + 1 starts at or past w + k/2) hold nothing but the replicated edge, so the gaussian's own
   replication of them continues the reduction of the extension exactly: the small image's edges behave like the
   full-resolution replicated edges. Replicating a block average instead loses ~6 dB at large sigma on textured
   edges. A ring of one, as before, was nearly that: its pixel still takes up to k/2 image columns next to the edge
   (weight 1/32 at k = 4), and replicating it spread that into the whole extension, where the result is most
   sensitive to the edge. At a corner of a textured 80 x 77 image at sigma 9.4-9.6 (k = 4) the result was 2.7-2.9
   levels off the exact gaussian where two give 1.2, and the switch back to full resolution at 9.7 (8 sigma past
   the shorter side) moved a pixel by 4 levels (3 with two). Per small row: the 2k clamped rows combine vertically
   into `line` (u16, pixels offset by (ring + 1/2) k and replicated on both sides), which the horizontal half then
   reads unclamped. */
static void reduce_tent(const struct ck_blur_ops *ops, const ck_image *src, uint8_t *small, uint32_t k,
                        uint32_t sw, uint32_t sh, uint16_t *line) {
    const uint32_t w = src->width, R = reduced_ring(1), left = R * k + k / 2;
    const size_t sstride = (size_t)(sw + 2 * R) * 4, len = (size_t)(sw + 2 * R + 1) * k; /* line pixels read */
    for (int64_t j = -(int64_t)R; j < (int64_t)(sh + R); j++) {
        /* The 2k rows of small row j, and the k rows that small row j + 1 adds (asked for ahead: see reduce_v). */
        const uint8_t *rows[8], *next[4];
        for (uint32_t y = 0; y < 2 * k; y++) rows[y] = clamped_row(src, j * (int64_t)k - k / 2 + y);
        for (uint32_t y = 0; y < k; y++) next[y] = clamped_row(src, (j + 1) * (int64_t)k + k / 2 + y);
        ops->reduce_v(rows, j + 1 < (int64_t)(sh + R) ? next : NULL, k, (size_t)w * 4, line + (size_t)left * 4);
        for (size_t x = 0; x < left; x++) memcpy(line + x * 4, line + (size_t)left * 4, 8);
        for (size_t x = (size_t)left + w; x < len; x++) memcpy(line + x * 4, line + ((size_t)left + w - 1) * 4, 8);
        ops->reduce_h(line, k, sw + 2 * R, small + (size_t)(j + R) * sstride);
    }
}

/* The box reduction, with a ring of one (pixel -1 covers [-k, 0), pixel sw starts at or past w): small pixel (i, j)
   averages full-resolution pixels [ik, ik + k) x [jk, jk + k), indices clamped to the image. */
static void reduce_box(const struct ck_blur_ops *ops, const ck_image *src, uint8_t *small, uint32_t k, uint32_t sw,
                       uint32_t sh) {
    const uint32_t w = src->width, h = src->height, shift = 2 * (uint32_t)__builtin_ctz(k); /* log2(k^2) */
    const uint32_t R = reduced_ring(0);
    const size_t sstride = (size_t)(sw + 2 * R) * 4;
    const uint32_t whole = w / k; /* blocks with no clamped column */
    for (int64_t j = -(int64_t)R; j < (int64_t)(sh + R); j++) {
        uint8_t *out = small + (size_t)(j + R) * sstride;
        const int inner_row = j >= 0 && (uint64_t)(j + 1) * k <= h;
        if (inner_row) {
            const uint8_t *next[8];
            for (uint32_t y = 0; y < k; y++) next[y] = clamped_row(src, (j + 1) * (int64_t)k + y);
            ops->reduce_box_row(src->data + (size_t)j * k * src->stride, src->stride, next, k, whole, out + 4 * R);
        }
        const uint8_t *rows[8];
        for (uint32_t y = 0; y < k; y++) rows[y] = clamped_row(src, j * (int64_t)k + y);
        for (int64_t i = -(int64_t)R; i < (int64_t)(sw + R); i++) {
            if (inner_row && i == 0 && whole > 0) i = whole;
            if (i >= (int64_t)(sw + R)) break;
            uint32_t sum[4] = {0, 0, 0, 0};
            for (uint32_t x = 0; x < k; x++) {
                const int64_t sx = i * (int64_t)k + x;
                const size_t off = (size_t)(sx < 0 ? 0 : (sx >= w ? w - 1 : sx)) * 4;
                for (uint32_t y = 0; y < k; y++)
                    for (int c = 0; c < 4; c++) sum[c] += rows[y][off + c];
            }
            for (int c = 0; c < 4; c++) out[(size_t)(i + R) * 4 + c] = (uint8_t)((sum[c] + (k * k) / 2) >> shift);
        }
    }
}

static ck_status make_colour(const ck_backdrop *p, ck_blur_colour *c) {
    static const double luma[3] = {0.2126, 0.7152, 0.0722};
    if (!isfinite(p->saturation)) return CK_ERR_ARGUMENT;
    for (int i = 0; i < 3; i++)
        if (p->tint[i] > p->tint[3]) return CK_ERR_ARGUMENT; /* not premultiplied */
    /* Beyond |s| = 1e4 every non-grey colour already clamps; bounding s keeps the float sums finite. */
    double s = p->saturation;
    s = s > 1e4 ? 1e4 : (s < -1e4 ? -1e4 : s);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) c->m[i][j] = (float)((1.0 - s) * luma[j] + (i == j ? s : 0.0));
    for (int i = 0; i < 4; i++) c->tint[i] = p->tint[i];
    c->inv_alpha = 255u - p->tint[3];
    return CK_OK;
}

/* src -> dst through an image reduced by k (2, 4 or 8; the tent or, if !tent, the box reduction), blurred with the
   variance-compensated sigma, coloured (colour: NULL or the backdrop's colour stage) and enlarged bilinearly. In place
   allowed: src is read completely before dst is written. s: scratch of backdrop_scratch(w, h, k) bytes. */
static void reduced_run(const struct ck_blur_ops *ops, const ck_image *src, ck_image *dst, double sigma, uint32_t k,
                        int tent, double fir_sigma, const ck_blur_colour *colour, uint8_t *s) {
    const uint32_t w = src->width, h = src->height;
    const uint32_t R = reduced_ring(tent), sw = (w + k - 1) / k, sh = (h + k - 1) / k, rw = sw + 2 * R, rh = sh + 2 * R;
    const size_t rstride = (size_t)rw * 4;
    uint8_t *small = s;
    uint16_t *wide[2] = {(uint16_t *)(s + align_up(rstride * rh)),
                         (uint16_t *)(s + align_up(rstride * rh) + align_up((size_t)w * 8))};
    uint8_t *gs = s + backdrop_scratch(w, h, k) - gauss_scratch(rw, rh);
    if (tent)
        reduce_tent(ops, src, small, k, sw, sh, wide[0]);
    else
        reduce_box(ops, src, small, k, sw, sh);
    const double v = (sigma * sigma - backdrop_variance(k, tent)) / (double)(k * k);
    ck_image im = {small, rw, rh, rstride};
    if (v > 0) {
        const gauss_params p = gauss_params_for((float)sqrt(v), fir_sigma);
        gauss_run(&im, &im, &p, colour, 1, gs);
    } else if (colour != NULL) {
        ops->colour(small, rstride, rh, rw, colour);
    }
    /* Output row y samples small row position (2y + 1 - k) / (2k), as enlarge_h does along x; + R for the ring
       (enlarge_h reads only the inner ring pixel: it is given each row from there on). The up-to-k consecutive rows
       between the same two small rows are written by one enlarge_v call. Widened rows are cached by small row index
       (slot i % 2): rows advance monotonically. */
    const int32_t k2 = (int32_t)(2 * k);
    int64_t cached[2] = {-1, -1};
    for (uint32_t y = 0; y < h;) {
        /* Rows y, y + 1, ... sharing small rows i0, i0 + 1 have weights f0, f0 + 2, ... (t grows by 2). */
        uint8_t *rows[8];
        uint32_t f0 = 0, nrows = 0, i0 = 0;
        for (; y < h && nrows < k; y++) {
            const int32_t t = 2 * (int32_t)y + 1 - (int32_t)k;
            const int32_t j0 = t >= 0 ? t / k2 : -1;
            if (nrows > 0 && (uint32_t)(j0 + (int32_t)R) != i0) break;
            if (nrows == 0) {
                i0 = (uint32_t)(j0 + (int32_t)R);
                f0 = (uint32_t)(t - j0 * k2);
            }
            rows[nrows++] = dst->data + (size_t)y * dst->stride;
        }
        const uint32_t i1 = i0 + 1 < rh ? i0 + 1 : rh - 1;
        const uint32_t pair[2] = {i0, i1};
        for (int q = 0; q < 2; q++)
            if (cached[pair[q] % 2] != (int64_t)pair[q]) {
                ops->enlarge_h(small + (size_t)pair[q] * rstride + 4 * (R - 1), wide[pair[q] % 2], k, sw + 2, w);
                cached[pair[q] % 2] = pair[q];
            }
        /* The next call writes the (up to k) rows from y on. */
        uint8_t *next[8];
        uint32_t nnext = 0;
        for (; nnext < k && y + nnext < h; nnext++) next[nnext] = dst->data + (size_t)(y + nnext) * dst->stride;
        ops->enlarge_v(wide[i0 % 2], wide[i1 % 2], k, f0, rows, nrows, next, nnext, (size_t)w * 4);
    }
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
    const uint32_t k = backdrop_factor(params, w, h);
    if (k == 1) {
        /* downsample 0 reduces from sigma 2 unless the image is too small for it (any other downsample gives the
           same factor at every sigma, here 1) */
        ck_backdrop from = *params;
        from.sigma = CK_BACKDROP_MIN_SIGMA_K2;
        const int reduces = backdrop_factor(&from, w, h) > 1;
        const gauss_params p =
            gauss_params_for(params->sigma, fir_sigma_until(reduces ? CK_BACKDROP_MIN_SIGMA_K2 : INFINITY));
        gauss_run(src, dst, &p, &colour, 0, s);
    } else {
        /* k = 8 only comes from sigma 12, above the tent's range */
        reduced_run(ops, src, dst, params->sigma, k, params->sigma < CK_BACKDROP_BOX_MIN_SIGMA && k <= 4,
                    CK_REDUCED_FIR_SIGMA, &colour, s);
    }
    free(owned);
    return CK_OK;
}
