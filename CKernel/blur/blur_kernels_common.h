/*
 * The blur kernels' shared base (see blur_kernels.h for the hooks): the narrowing and opaque-pointer helpers and
 * the lane-block vector types every stage's kernels use. Includes only blur_internal.h.
 */
#ifndef CK_BLUR_KERNELS_COMMON_H
#define CK_BLUR_KERNELS_COMMON_H


#include <string.h>

#include "blur_internal.h"

#pragma clang fp contract(off)

#ifndef CK_BLUR_NOVEC
#define CK_BLUR_NOVEC
#endif

/* 32 lanes (int32 for CK_BLUR_NARROW32, uint16 for CK_BLUR_NARROW16) to 32 bytes at dst. The generic narrowing
   truncates, so each lane must already lie in [0, 255]; an ISA file that defines CK_BLUR_NATIVE_NARROW supplies
   cheaper saturating packs instead, as CK_BLUR_NAME(narrow32) and CK_BLUR_NAME(narrow16) taking the vector's
   address, and then CK_BLUR_NARROW_SATURATES says a caller may leave the clamp to [0, 255] to the packs. */
#ifdef CK_BLUR_NATIVE_NARROW
#define CK_BLUR_NARROW_SATURATES 1
#define CK_BLUR_NARROW_BY(fn, v, dst)                                                                         \
    do {                                                                                                      \
        const __typeof__(v) ck_narrow_v_ = (v);                                                               \
        fn(&ck_narrow_v_, (dst));                                                                             \
    } while (0)
#define CK_BLUR_NARROW32(v, dst) CK_BLUR_NARROW_BY(CK_BLUR_NAME(narrow32), v, dst)
#define CK_BLUR_NARROW16(v, dst) CK_BLUR_NARROW_BY(CK_BLUR_NAME(narrow16), v, dst)
#else
#define CK_BLUR_NARROW_GENERIC(v, dst)                                                                        \
    do {                                                                                                      \
        typedef uint8_t ck_narrow_b_ __attribute__((vector_size(32)));                                      \
        const ck_narrow_b_ ck_narrow_o_ = __builtin_convertvector((v), ck_narrow_b_);                        \
        memcpy((dst), &ck_narrow_o_, 32);                                                                     \
    } while (0)
#define CK_BLUR_NARROW32(v, dst) CK_BLUR_NARROW_GENERIC(v, dst)
#define CK_BLUR_NARROW16(v, dst) CK_BLUR_NARROW_GENERIC(v, dst)
#define CK_BLUR_NARROW_SATURATES 0
#endif

#ifndef CK_BLUR_OPAQUE
/* An empty asm that claims to change p: the compiler keeps p in a register of its own (see cascade_run). */
#if defined(__GNUC__) || defined(__clang__)
#define CK_BLUR_OPAQUE(p) __asm__("" : "+r"(p))
#else
#define CK_BLUR_OPAQUE(p) ((void)0)
#endif
#endif

/* MARK: - Gaussian */

/* Lane blocks: CK_BLUR_VBYTES-byte GCC/clang vectors (1 float in the scalar build, 4 for SSE2 and NEON, 8 for
   AVX2). Vector arithmetic is lane-wise IEEE arithmetic, so each lane does exactly what the scalar build does;
   unaligned access goes through memcpy. The explicit blocks also sidestep the aliasing analysis that kept the
   compiler from vectorising the in-place passes. */
#ifndef CK_BLUR_VBYTES
#define CK_BLUR_VBYTES 4
#endif
#define CK_VL (CK_BLUR_VBYTES / 4)
#define CK_NB (CK_GAUSS_LANES / CK_VL)
typedef float CK_BLUR_NAME(vf) __attribute__((vector_size(CK_BLUR_VBYTES)));
typedef int32_t CK_BLUR_NAME(vi) __attribute__((vector_size(CK_BLUR_VBYTES)));
typedef uint8_t CK_BLUR_NAME(vb) __attribute__((vector_size(CK_VL)));
typedef uint16_t CK_BLUR_NAME(vh) __attribute__((vector_size(CK_VL * 2)));
#define vf CK_BLUR_NAME(vf)
#define vi CK_BLUR_NAME(vi)
#define vb CK_BLUR_NAME(vb)
#define vh CK_BLUR_NAME(vh)

static inline vf CK_BLUR_NAME(ldf)(const float *p) {
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void CK_BLUR_NAME(stf)(float *p, vf v) { memcpy(p, &v, sizeof v); }
#define LDF CK_BLUR_NAME(ldf)
#define STF CK_BLUR_NAME(stf)
#if CK_BLUR_VBYTES > 4
/* 32-byte blocks shared by the colour stage and the reductions. */
typedef float CK_BLUR_NAME(v8f) __attribute__((vector_size(32)));
typedef uint16_t CK_BLUR_NAME(v16h) __attribute__((vector_size(32))); /* also the reductions' u16 vector */
typedef uint8_t CK_BLUR_NAME(v32b) __attribute__((vector_size(32)));
#endif

#endif
