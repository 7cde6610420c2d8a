/*
 * The blur kernels, written once and compiled once per ISA: blur_scalar.c (the reference), blur_sse2.c,
 * blur_avx2.c (inside `#pragma clang attribute push(target("avx2,fma"))`) and blur_neon.c.
 *
 * Hooks an ISA file defines before including this file (the table it then builds with CK_BLUR_OPS_TABLE(name)):
 *   CK_BLUR_NAME(x)               required: gives every function an ISA-specific name (ck_blur_<isa>_##x)
 *   CK_BLUR_VBYTES                bytes per vector block: 4 (default, one float), 16 (SSE2, NEON) or 32 (AVX2)
 *   CK_BLUR_NOVEC                 a loop pragma placed before the kernels' loops (scalar: vectorisation off)
 *   CK_BLUR_NATIVE_NARROW         NAME(narrow32), NAME(narrow16): 32 lanes in [0, 255] (int32 / uint16) to 32 bytes
 *   CK_BLUR_NATIVE_MULHI16        NAME(mulhi16x32): 32 u16 lanes of (a * b) >> 16 (the direct filter's products)
 *   CK_BLUR_NATIVE_COLOUR_PACKS   NAME(colour_pairs), NAME(colour_bytes): the colour stage's conversions
 *   CK_BLUR_NATIVE_TENT_V         NAME(tent_v32): the reduction's vertical tent on 32 columns
 *   CK_BLUR_NATIVE_TILE_BLOCK     NAME(tile_block), NAME(tile_fence): one 64-byte tile block (optionally streamed)
 *   CK_BLUR_SUB_ON_FMA(x, y, m1)  x - y for a cascade stage (default: the plain subtraction)
 *   CK_BLUR_HIDE_CONSTANT(v)      keeps v opaque to the optimiser (default: nothing)
 *   CK_BLUR_OPAQUE(p)             keeps a pointer in a register of its own (default: an empty asm)
 * A hook must compute exactly what the generic code computes; it changes only the instructions.
 *
 * The kernels are split by stage, each header including only those below it: blur_kernels_common.h (narrowing, lane
 * types) under blur_kernels_colour.h, and over those blur_kernels_box.h, blur_kernels_gauss.h (cascade, direct
 * filter), blur_kernels_tiles.h (the gaussian's transposed tiles, with the fused colour store) and
 * blur_kernels_resample.h (reduce, enlarge). This file gathers them into the ISA's table.
 *
 * Loops run lane by lane with no cross-lane reductions, so a vectorised build performs exactly the scalar build's
 * operations on every value: the paths are bit-identical. `fp contract(off)` keeps the AVX2 build from fusing
 * a*b+c into an FMA, which would round differently.
 */
#include "blur_kernels_common.h"
#include "blur_kernels_colour.h"
#include "blur_kernels_box.h"
#include "blur_kernels_gauss.h"
#include "blur_kernels_tiles.h"
#include "blur_kernels_resample.h"

#undef vf
#undef vi
#undef vb
#undef vh
#undef LDF
#undef STF

#define CK_BLUR_OPS_TABLE(name)                                                                              \
    const struct ck_blur_ops name = {                                                                        \
        .box_col_update = CK_BLUR_NAME(box_col_update),                                                      \
        .box_row = CK_BLUR_NAME(box_row),                                                                    \
        .box_row16 = CK_BLUR_NAME(box_row16),                                                                \
        .box_divide_f64 = CK_BLUR_NAME(box_divide_f64),                                                      \
        .gauss_cascade = CK_BLUR_NAME(gauss_cascade),                                                        \
        .gauss_fir_v = CK_BLUR_NAME(gauss_fir_v),                                                            \
        .gauss_fir_h = CK_BLUR_NAME(gauss_fir_h),                                                            \
        .gauss_poly_v = CK_BLUR_NAME(gauss_poly_v),                                                          \
        .gauss_poly_h = CK_BLUR_NAME(gauss_poly_h),                                                          \
        .gauss_load_rows_u8 = CK_BLUR_NAME(gauss_load_rows_u8),                                              \
        .gauss_store_tiles = CK_BLUR_NAME(gauss_store_tiles),                                                \
        .gauss_tiles_fence = CK_BLUR_NAME(gauss_tiles_fence),                                                \
        .gauss_load_tile = CK_BLUR_NAME(gauss_load_tile),                                                    \
        .gauss_store_cols_u8 = CK_BLUR_NAME(gauss_store_cols_u8),                                            \
        .colour = CK_BLUR_NAME(colour),                                                                      \
        .enlarge_h = CK_BLUR_NAME(enlarge_h),                                                                \
        .enlarge_v = CK_BLUR_NAME(enlarge_v),                                                                \
        .reduce_v = CK_BLUR_NAME(reduce_v),                                                                  \
        .reduce_h = CK_BLUR_NAME(reduce_h),                                                                  \
        .reduce_box_row = CK_BLUR_NAME(reduce_box_row),                                                      \
    }
