/* emit_repl_fifo: first in, first out, as cmodel/cm_repl_fifo.c: LRU's ages and victim, renewed
 * only when a fill installs a way (a hit changes nothing, so its touch is fills only). */
#include "emit_repl.h"

const emit_repl_t emit_repl_fifo = {
    .fills_only = "FIFO",
    .victim_oh = emit_repl_lru_victim,
    .victim_masked = emit_ways_victim_largest,
    .update_decls = emit_repl_lru_younger,
    .update = emit_repl_lru_update,
};
