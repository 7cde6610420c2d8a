/* Box and gaussian blur and the backdrop effect: scalar reference and public entry points.
   Placeholder until the blur family lands. */
#include "blur_internal.h"
const struct ck_blur_ops ck_blur_ops_scalar = {0};
size_t ck_blur_scratch_size(uint32_t w, uint32_t h) { (void)w; (void)h; return 0; }
ck_status ck_box_blur(const ck_image *s, ck_image *d, uint32_t rx, uint32_t ry, void *sc, size_t n) { (void)s; (void)d; (void)rx; (void)ry; (void)sc; (void)n; return CK_ERR_ARGUMENT; }
ck_status ck_gaussian_blur(const ck_image *s, ck_image *d, float sigma, void *sc, size_t n) { (void)s; (void)d; (void)sigma; (void)sc; (void)n; return CK_ERR_ARGUMENT; }
ck_status ck_backdrop_apply(const ck_image *s, ck_image *d, const ck_backdrop *p, void *sc, size_t n) { (void)s; (void)d; (void)p; (void)sc; (void)n; return CK_ERR_ARGUMENT; }
