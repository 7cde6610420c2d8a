/*
 * Shared image setup for the blur harnesses (box, gaussian, backdrop).
 *
 * Decodes a source/destination pair from the fuzz input: sizes (small, 0, exactly 2^20, above 2^20),
 * strides (tight, padded, unaligned, too small, overflowing stride * height, huge with one row),
 * placement (separate buffers, in place, or dst at some byte offset from src inside one allocation,
 * with the same or another stride), mismatched dst sizes, NULL structs / data, and scratch (NULL,
 * exact, too small, larger). Every buffer is its own heap block of exactly the bytes the image spans
 * (stride * (height - 1) + 4 * width), so ASan reports any access outside the image, including past
 * a too-small scratch. Padding bytes hold a pattern: a kernel that reads them gets a wrong result, one
 * that writes them fails the "nothing else touched" check.
 *
 * The predicate fuzz_image_allowed gives the statuses the contract's common rules allow; each harness
 * adds its own parameter rules. fuzz_image_run calls the kernel and checks that every byte outside
 * the destination pixels is unchanged (all bytes, when the call fails).
 */
#ifndef CK_FUZZ_IMAGE_H
#define CK_FUZZ_IMAGE_H

#include "fuzz_common.h"

#define FUZZ_MAX_SIDE 24
#define FUZZ_MAX_DIM (1u << 20)

typedef struct fuzz_image_case {
    /* What the kernel is given. */
    ck_image src, dst;
    int null_src, null_dst;      /* pass NULL for the struct */
    void *scratch;               /* NULL, or its own heap block of scratch_alloc bytes */
    size_t scratch_size, scratch_alloc;
    /* The allocations behind src.data / dst.data (one block when they share it). */
    uint8_t *block[2];
    size_t block_size[2];
    int nblocks;
    int in_place;                /* dst == src (same data and stride) */
    int collide;                 /* some pixel byte of src is also a pixel byte of dst */
    int spans_meet;              /* [data, data + stride * height) ranges intersect */
    int premultiplied;           /* every colour byte <= its alpha in src */
    int pixels;                  /* both images valid, same size, non-empty: the call computes something */
} fuzz_image_case;

static inline size_t fuzz_image_extent(const ck_image *im) {
    return im->width && im->height ? im->stride * (im->height - 1) + 4 * (size_t)im->width : 0;
}

static inline int fuzz_image_size_ok(const ck_image *im) {
    if (im->width > FUZZ_MAX_DIM || im->height > FUZZ_MAX_DIM) return 0;
    if (im->stride < 4 * (size_t)im->width) return 0;
    if (im->height && im->stride > SIZE_MAX / im->height) return 0;
    return 1;
}

/* Fills the pixel bytes of im from the input with one of a few patterns (premultiplied or not), and
   the padding with a fixed pattern. */
static inline void fuzz_image_fill(fuzz_input *in, ck_image *im, int *premultiplied) {
    uint8_t pattern = fuzz_u8(in);
    uint8_t c0[4] = {fuzz_u8(in), fuzz_u8(in), fuzz_u8(in), fuzz_u8(in)};
    int premul = (pattern & 0x80) == 0;
    for (uint32_t y = 0; y < im->height; y++) {
        uint8_t *row = im->data + y * im->stride;
        for (uint32_t x = 0; x < im->width; x++) {
            uint8_t *p = row + 4 * x;
            switch (pattern & 3) {
            case 0: for (int c = 0; c < 4; c++) p[c] = fuzz_u8(in); break;          /* noise from the input */
            case 1: memcpy(p, c0, 4); break;                                           /* constant */
            case 2: for (int c = 0; c < 4; c++) p[c] = ((x ^ y) & 1) ? 255 : c0[c]; break; /* checker, extremes */
            default: for (int c = 0; c < 4; c++) p[c] = (uint8_t)(c0[c] + 37 * x + 11 * y * (c + 1)); break;
            }
            if (premul)
                for (int c = 0; c < 3; c++)
                    if (p[c] > p[3]) p[c] = (uint8_t)(p[c] % (p[3] + 1));
        }
        if (y + 1 < im->height)
            for (size_t b = 4 * (size_t)im->width; b < im->stride; b++) row[b] = (uint8_t)(0xA7 ^ b);
    }
    if (premul) *premultiplied = 1;
    else {
        *premultiplied = 1;
        for (uint32_t y = 0; y < im->height; y++)
            for (uint32_t x = 0; x < im->width; x++) {
                const uint8_t *p = im->data + y * im->stride + 4 * x;
                if (p[0] > p[3] || p[1] > p[3] || p[2] > p[3]) *premultiplied = 0;
            }
    }
}

static inline uint32_t fuzz_side(fuzz_input *in) {
    uint8_t m = fuzz_u8(in);
    switch (m >> 5) {
    case 0: return 0;
    case 1: return FUZZ_MAX_DIM + 1 + (fuzz_u32(in) % 4096) * (m & 1 ? 1 : 100000); /* too large */
    default: return 1 + m % FUZZ_MAX_SIDE;
    }
}

/* Decodes a case; returns 0 when the input asked for something this harness skips. */
static inline int fuzz_image_decode(fuzz_input *in, fuzz_image_case *c) {
    memset(c, 0, sizeof *c);
    uint32_t w = fuzz_side(in), h = fuzz_side(in);
    uint8_t special = fuzz_u8(in);
    if (special == 1 && w <= FUZZ_MAX_SIDE) w = FUZZ_MAX_DIM, h = 0;     /* widest legal row, empty */
    if (special == 2 && h <= FUZZ_MAX_SIDE) h = FUZZ_MAX_DIM, w = 0;
    int huge = w > FUZZ_MAX_DIM || h > FUZZ_MAX_DIM;

    /* Strides: tight, padded (unaligned too), too small, overflowing, or huge with a single row. */
    size_t stride[2];
    int own_dst_stride = 0;
    for (int i = 0; i < 1 + own_dst_stride; i++) {
        uint8_t m = fuzz_u8(in);
        size_t tight = 4 * (size_t)w;
        switch (m % 8) {
        case 0: case 1: case 2: stride[i] = tight; break;
        case 3: case 4: stride[i] = tight + 1 + m / 8 % 16; break; /* padded, often unaligned */
        case 5: stride[i] = tight > 0 ? tight - 1 - (m / 8 % (tight < 8 ? tight : 8)) : 0; break; /* too small */
        case 6: stride[i] = h > 1 ? SIZE_MAX / h + 1 + m / 8 : tight + ((size_t)1 << 40); break; /* overflow */
        default: stride[i] = tight + 4 * (m / 8 % 4); break;
        }
        if (i == 0) {
            stride[1] = stride[0];
            own_dst_stride = (m & 0x80) != 0;
        }
    }
    if (stride[1] == 0 && w == 0) stride[1] = stride[0];

    /* Destination: usually the same size; sometimes off by one in a dimension. */
    uint32_t dw = w, dh = h;
    uint8_t mm = fuzz_u8(in);
    if (mm == 0xF1) dw = w + 1;
    if (mm == 0xF2 && h > 0) dh = h - 1;

    c->src = (ck_image){NULL, w, h, stride[0]};
    c->dst = (ck_image){NULL, dw, dh, stride[1]};
    size_t se = fuzz_image_size_ok(&c->src) ? fuzz_image_extent(&c->src) : 0;
    size_t de = fuzz_image_size_ok(&c->dst) ? fuzz_image_extent(&c->dst) : 0;
    /* Big legal extents (huge stride, one row; 2^20 wide) are fine only when empty or one short row. */
    if (se > (1u << 16) || de > (1u << 16)) return 0;
    if (huge || !fuzz_image_size_ok(&c->src) || !fuzz_image_size_ok(&c->dst)) se = de = 0;

    /* Placement. */
    uint8_t place = fuzz_u8(in);
    long delta = 0;
    int shared = 0;
    if ((place & 7) == 1 && stride[0] == stride[1] && dw == w && dh == h) {
        c->in_place = 1;
        shared = 1;
    } else if ((place & 7) == 2 && se && de) {
        shared = 1;
        delta = (long)(fuzz_bits(in, 2) % (se + de + 8)) - (long)de - 4; /* dst start relative to src */
        if (delta == 0 && stride[0] == stride[1] && dw == w && dh == h) c->in_place = 1;
    }
    size_t sbytes = se ? se : 16, dbytes = de ? de : 16; /* never-touched buffers for rejected shapes */
    if (shared) {
        long lo = delta < 0 ? delta : 0;
        long hi = (long)sbytes > delta + (long)dbytes ? (long)sbytes : delta + (long)dbytes;
        if (c->in_place) lo = 0, hi = (long)sbytes;
        c->block_size[0] = (size_t)(hi - lo);
        c->block[0] = malloc(c->block_size[0]);
        c->nblocks = 1;
        c->src.data = c->block[0] - lo;
        c->dst.data = c->in_place ? c->src.data : c->src.data + delta;
    } else {
        c->block_size[0] = sbytes;
        c->block_size[1] = dbytes;
        c->block[0] = malloc(sbytes);
        c->block[1] = malloc(dbytes);
        c->nblocks = 2;
        c->src.data = c->block[0];
        c->dst.data = c->block[1];
    }
    for (int b = 0; b < c->nblocks; b++)
        for (size_t i = 0; i < c->block_size[b]; i++) c->block[b][i] = (uint8_t)(0x3C + 7 * i);

    /* Overlap facts, byte by byte (the images are small). */
    if (!c->in_place && shared) {
        uintptr_t s0 = (uintptr_t)c->src.data, d0 = (uintptr_t)c->dst.data;
        uintptr_t s1 = s0 + stride[0] * h, d1 = d0 + stride[1] * dh;
        c->spans_meet = s0 < d1 && d0 < s1;
        for (uint32_t y = 0; y < dh && !c->collide; y++) {
            uintptr_t r0 = d0 + y * stride[1], r1 = r0 + 4 * (size_t)dw;
            for (uint32_t sy = 0; sy < h; sy++) {
                uintptr_t q0 = s0 + sy * stride[0], q1 = q0 + 4 * (size_t)w;
                if (r0 < q1 && q0 < r1) { c->collide = 1; break; }
            }
        }
    }

    /* Source pixels (the destination keeps the block pattern). */
    if (se) fuzz_image_fill(in, &c->src, &c->premultiplied);
    else c->premultiplied = 1;

    /* NULL structs and data, rarely. */
    uint8_t nul = fuzz_u8(in);
    if (nul == 0xE1) c->null_src = 1;
    if (nul == 0xE2) c->null_dst = 1;
    if (nul == 0xE3) c->src.data = NULL;
    if (nul == 0xE4) c->dst.data = NULL;

    /* Scratch. */
    size_t need = ck_blur_scratch_size(w, h);
    uint8_t sm = fuzz_u8(in);
    c->scratch_size = 0;
    c->scratch_alloc = 0;
    if (need <= (1u << 24)) {
        switch (sm % 5) {
        case 0: break; /* NULL: the kernel allocates */
        case 1: c->scratch_alloc = c->scratch_size = need; break;
        case 2: c->scratch_alloc = c->scratch_size = need ? need - 1 - fuzz_bits(in, 2) % need : 0; break;
        case 3: c->scratch_alloc = c->scratch_size = need + 1 + sm / 5; break;
        default: c->scratch_alloc = c->scratch_size = need / 2; break;
        }
        if (sm % 5 != 0) c->scratch = malloc(c->scratch_alloc ? c->scratch_alloc : 1);
    }
    if (sm % 5 == 0) c->scratch_size = (size_t)fuzz_u8(in) << 4; /* ignored with NULL scratch */

    c->pixels = !c->null_src && !c->null_dst && c->src.data && c->dst.data && w && h && dw == w && dh == h &&
                fuzz_image_size_ok(&c->src) && fuzz_image_size_ok(&c->dst);
    return 1;
}

static inline void fuzz_image_free(fuzz_image_case *c) {
    for (int b = 0; b < c->nblocks; b++) free(c->block[b]);
    free(c->scratch);
}

/* Statuses the common image rules allow for this case; `arg_error` adds CK_ERR_ARGUMENT (a harness's
   own parameter check), `arg_maybe` allows it as well as OK (parameters the contract leaves open). */
static inline fuzz_status_set fuzz_image_allowed(const fuzz_image_case *c, int arg_error, int arg_maybe) {
    fuzz_status_set errors = 0;
    if (c->null_src || c->null_dst) return FS(CK_ERR_NULL); /* nothing else can be read */
    int empty = c->src.width == 0 || c->src.height == 0 || c->dst.width == 0 || c->dst.height == 0;
    if (!c->src.data || !c->dst.data) errors |= FS(CK_ERR_NULL);
    if (c->src.width != c->dst.width || c->src.height != c->dst.height) errors |= FS(CK_ERR_SIZE);
    if (!fuzz_image_size_ok(&c->src) || !fuzz_image_size_ok(&c->dst)) errors |= FS(CK_ERR_SIZE);
    if (c->scratch && c->scratch_size < ck_blur_scratch_size(c->src.width, c->src.height)) errors |= FS(CK_ERR_SIZE);
    if (c->collide) errors |= FS(CK_ERR_OVERLAP);
    if (arg_error) errors |= FS(CK_ERR_ARGUMENT);
    fuzz_status_set allowed = fuzz_expect(errors);
    /* Empty images: "CK_OK and nothing is touched" competes with every other rule; accept either. */
    if (empty) allowed |= FS(CK_OK);
    /* Spans that meet only in padding or between interleaved rows: overlap in the range sense. */
    if (c->spans_meet && !c->collide) allowed |= FS(CK_ERR_OVERLAP);
    if (arg_maybe) allowed |= FS(CK_ERR_ARGUMENT);
    return allowed;
}

/* Saved bytes of every block, to restore between ISAs and to compare against. */
typedef struct fuzz_image_snapshot {
    uint8_t *bytes[2];
} fuzz_image_snapshot;

static inline void fuzz_image_save(const fuzz_image_case *c, fuzz_image_snapshot *s) {
    for (int b = 0; b < c->nblocks; b++) {
        s->bytes[b] = malloc(c->block_size[b]);
        memcpy(s->bytes[b], c->block[b], c->block_size[b]);
    }
}
static inline void fuzz_image_restore(const fuzz_image_case *c, const fuzz_image_snapshot *s) {
    for (int b = 0; b < c->nblocks; b++) memcpy(c->block[b], s->bytes[b], c->block_size[b]);
}
static inline void fuzz_image_snapshot_free(const fuzz_image_case *c, fuzz_image_snapshot *s) {
    for (int b = 0; b < c->nblocks; b++) free(s->bytes[b]);
}

/* Copies the source pixels (w x h, tight) out, before a call may overwrite them in place. */
static inline uint8_t *fuzz_image_pixels(const ck_image *im) {
    uint8_t *p = malloc(4 * (size_t)im->width * im->height + 1);
    for (uint32_t y = 0; y < im->height; y++) memcpy(p + 4 * (size_t)y * im->width, im->data + y * im->stride, 4 * (size_t)im->width);
    return p;
}

/* Checks the blocks after a call: `expected` (tight w x h pixels, or NULL on failure) must be in the
   destination pixels and every other byte must equal the snapshot. */
static inline void fuzz_image_verify(const fuzz_image_case *c, const fuzz_image_snapshot *s, const uint8_t *expected,
                                     const char *what, int isa) {
    for (int b = 0; b < c->nblocks; b++) {
        for (size_t i = 0; i < c->block_size[b]; i++) {
            const uint8_t *addr = c->block[b] + i;
            uint8_t want = s->bytes[b][i];
            const char *kind = "byte outside the destination";
            if (expected && addr >= c->dst.data) {
                size_t off = (size_t)(addr - c->dst.data), y = off / c->dst.stride, x = off % c->dst.stride;
                if (y < c->dst.height && x < 4 * (size_t)c->dst.width) {
                    want = expected[4 * y * c->dst.width + x];
                    kind = "destination pixel byte";
                    if (c->block[b][i] != want)
                        FUZZ_CHECK(0, "%s: isa %d %s (x %zu, y %zu, channel %zu) is %u, expected %u; %ux%u strides %zu/%zu%s",
                                   what, isa, kind, x / 4, y, x % 4, c->block[b][i], want, c->src.width, c->src.height,
                                   c->src.stride, c->dst.stride, c->in_place ? " in place" : "");
                    continue;
                }
            }
            FUZZ_CHECK(c->block[b][i] == want, "%s: isa %d changed a %s (block %d offset %zu) from %u to %u%s", what, isa,
                       kind, b, i, want, c->block[b][i], expected ? "" : " although the call failed");
        }
    }
}

/* Runs `call` under every ISA from the same starting bytes and checks the status, the untouched bytes,
   allocations with caller scratch, and that the destination equals `expected` (when given) or else
   the scalar result. Returns the scalar result (tight pixels, caller frees) or NULL on failure. */
typedef ck_status (*fuzz_image_call)(const ck_image *src, ck_image *dst, void *scratch, size_t scratch_size,
                                     const void *params);

static inline uint8_t *fuzz_image_run(fuzz_image_case *c, const ck_isa *isas, int nisa, fuzz_image_call call,
                                      const void *params, fuzz_status_set allowed, const uint8_t *expected,
                                      const char *what) {
    fuzz_image_snapshot snap;
    fuzz_image_save(c, &snap);
    uint8_t *result = NULL;
    ck_status first = CK_OK;
    for (int i = 0; i < nisa; i++) {
        fuzz_use(isas[i]);
        fuzz_image_restore(c, &snap);
        if (c->scratch) fuzz_watch_allocations();
        ck_status st = call(c->null_src ? NULL : &c->src, c->null_dst ? NULL : &c->dst, c->scratch, c->scratch_size,
                            params);
        int allocations = c->scratch ? fuzz_stop_watching() : 0;
        if (i == 0 && getenv("FUZZ_VERBOSE"))
            fprintf(stderr, "%s: %ux%u -> %ux%u strides %zu/%zu%s%s%s scratch %s %zu -> %s\n", what, c->src.width,
                    c->src.height, c->dst.width, c->dst.height, c->src.stride, c->dst.stride,
                    c->in_place ? " in place" : "", c->collide ? " colliding" : "", c->spans_meet ? " spans-meet" : "",
                    c->scratch ? "given" : "NULL", c->scratch_size, fuzz_status_name(st));
        FUZZ_CHECK_STATUS(allowed, st, what);
        FUZZ_CHECK(i == 0 || st == first, "%s: isa %d returned %s, scalar %s", what, (int)isas[i], fuzz_status_name(st),
                   fuzz_status_name(first));
        FUZZ_CHECK(allocations == 0, "%s allocated %d times although the caller gave scratch", what, allocations);
        if (i == 0) first = st;
        if (st != CK_OK || !c->pixels) {
            fuzz_image_verify(c, &snap, NULL, what, (int)isas[i]);
            continue;
        }
        if (i == 0) {
            result = fuzz_image_pixels(&c->dst);
            if (!expected) expected = result;
        }
        fuzz_image_verify(c, &snap, expected, what, (int)isas[i]);
    }
    fuzz_use(CK_ISA_SCALAR);
    fuzz_image_restore(c, &snap);
    fuzz_image_snapshot_free(c, &snap);
    return result;
}

/* A separate, tight, valid copy of the source and a destination for it: the reference layout. */
static inline ck_status fuzz_image_reference(const uint8_t *pixels, uint32_t w, uint32_t h, fuzz_image_call call,
                                             const void *params, uint8_t **out) {
    ck_image s = {malloc(4 * (size_t)w * h), w, h, 4 * (size_t)w}, d = {malloc(4 * (size_t)w * h), w, h, 4 * (size_t)w};
    memcpy(s.data, pixels, 4 * (size_t)w * h);
    fuzz_use(CK_ISA_SCALAR);
    ck_status st = call(&s, &d, NULL, 0, params);
    free(s.data);
    *out = d.data;
    return st;
}

/* Colour <= alpha in every pixel. */
static inline void fuzz_check_premultiplied(const uint8_t *p, uint32_t w, uint32_t h, const char *what) {
    for (size_t i = 0; i < (size_t)w * h; i++)
        FUZZ_CHECK(p[4 * i] <= p[4 * i + 3] && p[4 * i + 1] <= p[4 * i + 3] && p[4 * i + 2] <= p[4 * i + 3],
                   "%s: pixel %zu (%u %u %u %u) has colour above alpha from a premultiplied source", what, i, p[4 * i],
                   p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]);
}

#endif
