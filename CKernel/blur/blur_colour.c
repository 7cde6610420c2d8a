/*
 * The backdrop's colour stage: the saturation matrix (Rec. 709 luma) and the premultiplied tint from the caller's
 * parameters. The stage itself runs in the kernels (colour, or fused into the gaussian's store).
 */
#include <math.h>

#include "blur_stages.h"

/* FP contraction off, as in blur_kernels.h: no fused multiply-add may change a rounding of the colour matrix on a
   target with FMA (arm64), so every build computes the same bytes. */
#pragma clang fp contract(off)

ck_status ck_blur_colour_make(const ck_backdrop *p, ck_blur_colour *c) {
    static const double luma[3] = {0.2126, 0.7152, 0.0722};
    if (!isfinite(p->saturation)) return CK_ERR_ARGUMENT;
    for (int i = 0; i < 3; i++)
        if (p->tint[i] > p->tint[3]) return CK_ERR_ARGUMENT; /* not premultiplied */
    /* Beyond CK_MAX_SATURATION every non-grey colour already clamps; bounding s keeps the float sums finite. */
    const double limit = CK_MAX_SATURATION;
    double s = p->saturation;
    s = s > limit ? limit : (s < -limit ? -limit : s);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) c->m[i][j] = (float)((1.0 - s) * luma[j] + (i == j ? s : 0.0));
    for (int i = 0; i < 4; i++) c->tint[i] = p->tint[i];
    c->inv_alpha = 255u - p->tint[3];
    return CK_OK;
}
