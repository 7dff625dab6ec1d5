/* emit_l2_pol_lru: l2.replacement = lru, the lookup module's true LRU (emit_repl.h): no hooks. */
#include "l2pol.h"

const gen_l2_pol_t l2pol_lru = {.name = "lru"};
