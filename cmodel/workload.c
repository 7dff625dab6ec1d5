/* workload: the synthetic trace patterns of workload.h, one reference at a time from
 * (core, step) plus two splitmix64 streams (addresses, ops); no allocation. */
#include <stdio.h>
#include <string.h>

#include "workload.h"

/* splitmix64 (Steele, Lea, Flood 2014): 64 bits of state, exact on every C11 machine. */
typedef struct wl_rng {
    uint64_t s; /* state, advanced by the golden-ratio gamma */
} wl_rng_t;

static uint64_t rng_next(wl_rng_t *r)
{
    uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n >= 1 (modulo bias below 2^-40 for the n used here). */
static uint64_t rng_below(wl_rng_t *r, uint64_t n)
{
    return rng_next(r) % n;
}

/* Derived per-run constants and the two PRNG streams. */
typedef struct wl_state {
    const wl_params_t *p;
    uint64_t lines;        /* footprint / line_bytes */
    uint64_t region_lines; /* lines in one base region */
    uint64_t chunk;        /* streamed lines per thread-block chunk */
    wl_rng_t addr;         /* address draws */
    wl_rng_t op;           /* store/load draws */
} wl_state_t;

/* Address and instruction of one reference, before the op draw. */
typedef struct wl_slot {
    uint64_t addr;    /* byte address */
    unsigned slot;    /* instruction slot within the pattern */
    unsigned base_id; /* data structure */
} wl_slot_t;

static const char *const wl_names[WL_PATTERNS] = {"stream", "thrash", "hot_stream",
                                                  "stride", "random", "pc_mix"};

int wl_parse_pattern(const char *name, wl_pattern_t *out)
{
    for (unsigned i = 0; name && i < WL_PATTERNS; i++)
        if (strcmp(name, wl_names[i]) == 0) {
            *out = (wl_pattern_t)i;
            return 0;
        }
    return -1;
}

const char *wl_pattern_name(wl_pattern_t p)
{
    return (unsigned)p < WL_PATTERNS ? wl_names[p] : NULL;
}

void wl_defaults(wl_pattern_t p, wl_params_t *out)
{
    static const uint64_t footprint[WL_PATTERNS] = {4096, 32768, 4096, 262144, 65536, 4096};
    static const unsigned store_pct[WL_PATTERNS] = {33, 0, 5, 0, 10, 10};
    unsigned k = (unsigned)p < WL_PATTERNS ? (unsigned)p : 0;

    memset(out, 0, sizeof *out);
    out->pattern = p;
    out->refs = 100000;
    out->seed = 1;
    out->line_bytes = 128;
    out->footprint = footprint[k];
    out->stride_log2 = 12;
    out->store_pct = store_pct[k];
    out->cores = 1;
}

static unsigned log2u(uint64_t v)
{
    unsigned k = 0;
    while (v >>= 1)
        k++;
    return k;
}

int wl_check(const wl_params_t *p, char *err, size_t errlen)
{
    const uint64_t region = (uint64_t)1 << WL_REGION_LOG2;
    uint64_t lb = p->line_bytes, min = lb, max = region;

    if ((unsigned)p->pattern >= WL_PATTERNS) {
        snprintf(err, errlen, "pattern %d: not a workload pattern", (int)p->pattern);
        return -1;
    }
    if (lb < WL_ELEM_BYTES || lb > 65536 || (lb & (lb - 1))) {
        snprintf(err, errlen, "line_bytes = %u: must be a power of two 4..65536", p->line_bytes);
        return -1;
    }
    if (p->store_pct > 100) {
        snprintf(err, errlen, "store_pct = %u: must be 0..100", p->store_pct);
        return -1;
    }
    if (p->cores < 1 || p->cores > 65536) {
        snprintf(err, errlen, "cores = %u: must be 1..65536", p->cores);
        return -1;
    }
    if (p->pattern == WL_STRIDE) {
        unsigned lo = log2u(lb), hi = WL_REGION_LOG2 - 5; /* 32 rows fit in one region */
        if (p->stride_log2 < lo || p->stride_log2 > hi) {
            snprintf(err, errlen, "stride_log2 = %u: must be %u..%u (row pitch from line_bytes "
                     "to 2^%u bytes)", p->stride_log2, lo, hi, hi);
            return -1;
        }
        min = (uint64_t)WL_WARP << p->stride_log2;
    } else if (p->pattern == WL_RANDOM) {
        min = WL_ELEM_BYTES;
    } else if (p->pattern == WL_PC_MIX) {
        max = region / 2; /* the cyclic array holds 2N lines */
    }
    if (p->footprint < min || p->footprint > max) {
        snprintf(err, errlen, "footprint = %llu: %s needs %llu..%llu bytes",
                 (unsigned long long)p->footprint, wl_names[p->pattern],
                 (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    return 0;
}

/* Line of core c's q-th streamed line of an array, in thread-block chunks of s->chunk lines
 * taken round-robin by the cores; wraps at the end of the region. */
static uint64_t stream_line(const wl_state_t *s, unsigned c, uint64_t q)
{
    uint64_t block = (q / s->chunk) * s->p->cores + c;
    return (block * s->chunk + q % s->chunk) % s->region_lines;
}

static uint64_t line_addr(const wl_state_t *s, unsigned base, uint64_t line)
{
    return WL_BASE(base) + line * s->p->line_bytes;
}

static void gen_stream(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o)
{
    o->base_id = o->slot = (unsigned)(j % 3);
    o->addr = line_addr(s, o->base_id, stream_line(s, c, j / 3));
}

static void gen_thrash(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o)
{
    uint64_t n = s->lines, k = (j % n + (uint64_t)c * (n / s->p->cores)) % n;
    o->base_id = o->slot = (unsigned)(k & 1);
    o->addr = line_addr(s, o->base_id, k >> 1);
}

static void gen_hot_stream(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o)
{
    unsigned g = (unsigned)(j % 4);
    if (g < 2) {
        o->base_id = o->slot = g;
        o->addr = line_addr(s, g, stream_line(s, c, j / 4));
    } else {
        o->base_id = o->slot = 2;
        o->addr = line_addr(s, 2, rng_below(&s->addr, s->lines));
    }
}

static void gen_stride(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o)
{
    unsigned k = s->p->stride_log2;
    uint64_t cols = ((uint64_t)1 << k) / WL_ELEM_BYTES;
    uint64_t groups = (s->p->footprint >> k) / WL_WARP;
    uint64_t it = j / (WL_WARP + 1), col = it % cols;
    uint64_t group = ((it / cols) % groups * s->p->cores + c) % groups;
    unsigned t = (unsigned)(j % (WL_WARP + 1));

    if (t < WL_WARP) {
        o->base_id = o->slot = 0;
        o->addr = WL_BASE(0) + ((group * WL_WARP + t) << k) + col * WL_ELEM_BYTES;
    } else {
        o->base_id = o->slot = 1;
        o->addr = WL_BASE(1) + col * WL_ELEM_BYTES;
    }
}

static void gen_random(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o)
{
    (void)c;
    o->base_id = 0;
    o->slot = (unsigned)(j & 1);
    o->addr = WL_BASE(0) + rng_below(&s->addr, s->p->footprint / WL_ELEM_BYTES) * WL_ELEM_BYTES;
}

static void gen_pc_mix(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o)
{
    uint64_t q = j / 8, cyc = 2 * s->lines;
    switch (j % 8) {
    case 0:
        o->slot = o->base_id = 0;
        o->addr = line_addr(s, 0, stream_line(s, c, q));
        break;
    case 2:
        o->slot = o->base_id = 1;
        o->addr = line_addr(s, 1, stream_line(s, c, q));
        break;
    case 4:
        o->slot = o->base_id = 3;
        o->addr = line_addr(s, 3, (q % cyc + (uint64_t)c * (cyc / s->p->cores)) % cyc);
        break;
    case 5:
    case 7:
        o->slot = j % 8 == 5 ? 4 : 5;
        o->base_id = 4;
        o->addr = line_addr(s, 4, stream_line(s, c, q));
        break;
    default: /* 1, 3, 6 */
        o->slot = o->base_id = 2;
        o->addr = line_addr(s, 2, rng_below(&s->addr, s->lines));
        break;
    }
}

typedef void (*wl_gen_fn)(wl_state_t *s, unsigned c, uint64_t j, wl_slot_t *o);

static const wl_gen_fn wl_gens[WL_PATTERNS] = {gen_stream, gen_thrash, gen_hot_stream,
                                               gen_stride, gen_random, gen_pc_mix};

int wl_generate(const wl_params_t *p, int (*emit)(void *ctx, const trace_ref_t *ref), void *ctx)
{
    char err[160];
    wl_state_t s;

    if (wl_check(p, err, sizeof err) != 0)
        return WL_EPARAM;
    s.p = p;
    s.lines = p->footprint / p->line_bytes;
    s.region_lines = ((uint64_t)1 << WL_REGION_LOG2) / p->line_bytes;
    s.chunk = p->pattern == WL_STREAM ? s.lines : WL_CHUNK_LINES;
    /* Two independent streams: scramble the seed differently for each. */
    s.addr.s = p->seed;
    s.op.s = p->seed ^ UINT64_C(0x5851f42d4c957f2d);
    s.op.s = rng_next(&s.op);

    for (uint64_t i = 0; i < p->refs; i++) {
        unsigned c = (unsigned)(i % p->cores);
        wl_slot_t o;
        trace_ref_t r;
        int rc;

        wl_gens[p->pattern](&s, c, i / p->cores, &o);
        uint64_t pc = WL_PC(p->pattern, o.slot);
        int store = rng_below(&s.op, 100) < p->store_pct;
        r.addr = o.addr;
        r.pc = store ? WL_STORE_PC(pc) : pc;
        r.base_id = o.base_id;
        r.core = (uint16_t)c;
        r.op = store ? TR_WRITE : TR_READ;
        if ((rc = emit(ctx, &r)) != 0)
            return rc;
    }
    return 0;
}
