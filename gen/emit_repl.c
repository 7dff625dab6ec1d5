/* emit_repl: the registry of the generator's replacement policies (emit_repl.h); one line per
 * policy, indexed by cfg_repl_t. */
#include "emit_repl.h"

#include <assert.h>

static const emit_repl_t *const repls[] = {
    [REPL_LRU] = &emit_repl_lru,
    [REPL_PLRU] = &emit_repl_plru,
    [REPL_SRRIP] = &emit_repl_srrip,
    [REPL_FIFO] = &emit_repl_fifo,
    [REPL_RANDOM] = &emit_repl_random,
};

/* One way: nothing to choose, no state to keep. */
static const emit_repl_t direct_mapped = {0};

const emit_repl_t *emit_repl_for(cfg_repl_t r, unsigned ways)
{
    assert((unsigned)r < sizeof repls / sizeof repls[0] && repls[r]);
    return ways > 1 ? repls[r] : &direct_mapped;
}
