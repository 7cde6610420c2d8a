/* The textured test image, one implementation for every test: the Swift tests (through the TestImageSupport
   target in Package.swift, which only test targets depend on), the native self-test (Tests/native), the fuzz
   harnesses (Fuzz) and the tools (Tests/tools), which include this file directly (-ITests/support/include).

   The texture: per channel a gradient with sharp wraps, (3 + c) x + (5 - c) y mod 256, plus noise in [0, 64),
   premultiplied by an alpha that varies per pixel, so every frequency is present and colour <= alpha. The noise
   and alpha come from a small PRNG whose state the caller owns and passes in, so a caller decides whether images
   continue one sequence or each start from a seed. Header-only: everything is static inline. */
#ifndef CK_TEST_IMAGE_H
#define CK_TEST_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/* The PRNG: a 64-bit LCG (Knuth's MMIX constants); each draw is the state's top 31 bits. */
static inline uint64_t test_rng_step(uint64_t *state) {
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state;
}
static inline uint32_t test_rng_next(uint64_t *state) { return (uint32_t)(test_rng_step(state) >> 33); }

/* One colour byte of the texture: the gradient of channel c (0...2) at (x, y) plus `noise` (0...63), wrapped to a
   byte, premultiplied by `alpha`. Callers with their own draws (an opaque variant, the tools' measured images)
   use this so the formula stays one. */
static inline uint8_t test_texture_byte(uint32_t x, uint32_t y, int c, uint32_t noise, uint32_t alpha) {
    const uint32_t v = (uint32_t)((x * (uint32_t)(3 + c) + y * (uint32_t)(5 - c)) % 256 + noise) % 256;
    return (uint8_t)(v * alpha / 255);
}

/* Fills the w x h pixels of a premultiplied RGBA8 image (rows `stride` bytes apart; padding untouched): per
   pixel alpha 128 + next % 128, then for each colour channel noise next % 64. */
static inline void test_image_textured(uint8_t *data, uint32_t w, uint32_t h, size_t stride, uint64_t *state) {
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = data + (size_t)y * stride + (size_t)x * 4;
            const uint32_t a = 128 + test_rng_next(state) % 128;
            for (int c = 0; c < 3; c++) p[c] = test_texture_byte(x, y, c, test_rng_next(state) % 64, a);
            p[3] = (uint8_t)a;
        }
}

#endif
