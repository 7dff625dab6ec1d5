/* cm_index: the set index of a byte address (SPEC 3.1, 3.3), the one C definition shared by the
 * bit-accurate model and the fast path. `index` is a constant at most call sites, so the switch
 * folds away. PRIC divides by P over GF(2) (the emitter uses the H matrix instead: lockstep and
 * test_pric compare the two). */
#ifndef CACHEGEN_CM_INDEX_H
#define CACHEGEN_CM_INDEX_H

#include <stdint.h>
#include "../core/cfg.h"
#include "../core/pric.h"

static inline __attribute__((always_inline)) unsigned
cm_index(cfg_index_t index, unsigned off_bits, unsigned set_bits, uint64_t pric_poly,
         unsigned pric_hashed, uint64_t addr)
{
    uint64_t line = addr >> off_bits, mask = (UINT64_C(1) << set_bits) - 1;
    switch (index) {
    case INDEX_XOR:
        return (unsigned)((line ^ (line >> set_bits)) & mask);
    case INDEX_PRIC:
        if (pric_hashed < 64)
            line &= (UINT64_C(1) << pric_hashed) - 1;
        return (unsigned)pric_mod(line, pric_poly);
    default:
        return (unsigned)(line & mask);
    }
}

#endif
