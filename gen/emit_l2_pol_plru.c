/* emit_l2_pol_plru: l2.replacement = plru, the lookup module's tree pseudo-LRU (emit_repl.h,
 * emit_repl_plru.c) on the row's per-set node bits: no hooks. */
#include "l2pol.h"

const gen_l2_pol_t l2pol_plru = {.name = "plru"};
