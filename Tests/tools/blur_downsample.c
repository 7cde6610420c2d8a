/* Measures the backdrop's downsampled result against full resolution (PSNR, dB) over sigma for k = 2 and 4 and for
   downsample 0 (auto: the factor the kernel picks, 8 from sigma 12), on white noise (the worst case) and a textured
   image. Used to choose the factor downsample 0 picks and where the reduction may switch from the tent to the box
   (CK_BACKDROP_MIN_SIGMA_K2 / _K4 / _K8 and CK_BACKDROP_BOX_MIN_SIGMA in CKernel/blur/blur_backdrop.c), and to check
   the reduced image's filters (CK_REDUCED_FIR_SIGMA); k = 8 below sigma 12 was measured by lowering
   CK_BACKDROP_MIN_SIGMA_K8 in a scratch build.
   clang -O2 -ICKernel/include -ICKernel -ITests/support/include Tests/tools/blur_downsample.c $(find CKernel -name '*.c') \
   -lm */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CKernel.h"
#include "test_image.h"

static double psnr(const uint8_t *a, const uint8_t *b, size_t n) {
    double se = 0;
    for (size_t i = 0; i < n; i++) se += (double)(a[i] - b[i]) * (a[i] - b[i]);
    return se == 0 ? INFINITY : 10 * log10(255.0 * 255.0 / (se / n));
}

int main(void) {
    const uint32_t w = 300, h = 360;
    const size_t n = (size_t)w * h * 4;
    uint8_t *src = malloc(n), *full = malloc(n), *down = malloc(n);
    const float sigmas[] = {1.5f, 2, 2.5f, 3, 3.5f, 4, 4.5f, 5, 6, 8, 11, 11.9f, 12, 13, 16, 24, 32, 60};
    for (int texture = 0; texture < 2; texture++) {
        uint64_t s = 42;
        /* The texture is test_image.h's formula, opaque, with the noise from the top bits of each draw (the numbers
           in docs/performance.md were measured on exactly these bytes). */
        for (size_t i = 0; i < n; i += 4) {
            const uint32_t x = (uint32_t)(i / 4 % w), y = (uint32_t)(i / 4 / w);
            const uint32_t a = texture ? (test_rng_step(&s), 255) : (uint32_t)(test_rng_step(&s) >> 56);
            for (int c = 0; c < 3; c++) {
                const uint64_t draw = test_rng_step(&s);
                src[i + c] = texture ? test_texture_byte(x, y, c, (uint32_t)(draw >> 58), a)
                                     : (uint8_t)((uint32_t)(draw >> 56) * a / 255);
            }
            src[i + 3] = (uint8_t)a;
        }
        printf("%s\n", texture ? "textured" : "white noise");
        for (size_t i = 0; i < sizeof sigmas / sizeof sigmas[0]; i++) {
            ck_image si = {src, w, h, w * 4}, fi = {full, w, h, w * 4}, di = {down, w, h, w * 4};
            ck_backdrop p = {sigmas[i], 1.8f, {20, 20, 20, 60}, 1};
            ck_backdrop_apply(&si, &fi, &p, NULL, 0);
            printf("  sigma %5.1f:", sigmas[i]);
            for (uint32_t k = 2; k <= 4; k += 2) {
                p.downsample = k;
                ck_backdrop_apply(&si, &di, &p, NULL, 0);
                printf("  k=%u %6.2f dB", k, psnr(full, down, n));
            }
            p.downsample = 0;
            ck_backdrop_apply(&si, &di, &p, NULL, 0);
            printf("  auto %6.2f dB", psnr(full, down, n));
            printf("\n");
        }
    }
    return 0;
}
