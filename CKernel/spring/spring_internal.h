/*
 * Private to the spring family: its per-ISA function table.
 *
 * The public entry points in spring.c validate pointers, sizes and overlap once, split n into whole
 * blocks of `width` lanes for the table's kernels and run the tail once through a padded block (so a
 * tail lane gets exactly the result it would get inside a block, and no ISA file handles tails).
 * Kernels take trusted arguments and never fail. eval_n is the one kernel that sees per-lane values
 * the entry point cannot check without a second pass over five arrays, so it checks each lane itself
 * (with the one rule in spring_lanes.h shared by every ISA) and reports how many were invalid.
 */
#ifndef CK_SPRING_INTERNAL_H
#define CK_SPRING_INTERNAL_H

#include "../ck_internal.h"

/* The widest block any ISA uses (AVX2: four vectors of 8 floats); the tail buffers in spring.c have this size. */
#define CK_SPRING_MAX_WIDTH 32

struct ck_spring_ops {
    /* Lanes per block; every n passed below is a positive multiple of it. */
    size_t width;
    /* [x; v] <- [[a b]; [c d]] [x; v] with one propagator for every lane. */
    void (*propagate_shared)(ck_propagator p, float *x, float *v, size_t n);
    /* The same with propagator p[i] for lane i. */
    void (*propagate_each)(const ck_propagator *p, float *x, float *v, size_t n);
    /* Closed form per lane; invalid lanes get NaN in x and v. Returns the number of invalid lanes.
       Outputs may alias inputs exactly (each block loads all inputs before it stores). */
    size_t (*eval_n)(const float *omega0, const float *zeta, const float *x0, const float *v0, const float *t,
                     float *x, float *v, size_t n);
};

#endif
