/*
 * Route planning (blur_route.c), below the entry points (blur.c) and above the stages (blur_stages.h): the drivers
 * the entry points call on validated arguments and aligned scratch of ck_blur_scratch_size bytes.
 */
#ifndef CK_BLUR_ROUTE_H
#define CK_BLUR_ROUTE_H

#include "blur_stages.h"

/* Scratch bytes that every route of the gaussian and the backdrop needs at this size. */
CK_HIDDEN size_t ck_blur_route_scratch(uint32_t w, uint32_t h);
/* The gaussian (sigma > 0) and the backdrop (sigma > 0; colour from ck_blur_colour_make). */
CK_HIDDEN void ck_blur_gaussian_run(const ck_image *src, ck_image *dst, float sigma, uint8_t *scratch);
CK_HIDDEN void ck_blur_backdrop_run(const ck_image *src, ck_image *dst, const ck_backdrop *params,
                                    const ck_blur_colour *colour, uint8_t *scratch);

#endif
