/* emit_l2_pol_fifo: l2.replacement = fifo, the lookup module's first in, first out (emit_repl.h,
 * emit_repl_fifo.c: LRU's ages, touched by fills only): no hooks. */
#include "l2pol.h"

const gen_l2_pol_t l2pol_fifo = {.name = "fifo"};
