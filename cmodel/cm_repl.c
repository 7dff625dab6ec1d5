/* cm_repl: picks the policy backend for a configuration. */
#include "cm_repl.h"

const cm_repl_ops_t *cm_repl_for(cfg_repl_t r)
{
    switch (r) {
    case REPL_LRU: return &cm_repl_lru;
    case REPL_PLRU: return &cm_repl_plru;
    case REPL_SRRIP: return &cm_repl_srrip;
    case REPL_FIFO: return &cm_repl_fifo;
    case REPL_RANDOM: return &cm_repl_none;
    }
    return &cm_repl_lru;
}
