/* cm_repl_random: random replacement keeps no state in the row. The victim comes from the
 * L1's LFSR (cm_l1_install: cfg_lfsr_way, then cfg_lfsr_next), a flop outside the rows, so
 * these ops change nothing and victim() is never asked. */
#include <assert.h>

#include "cm_repl.h"

static void none_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    (void)l, (void)r, (void)way;
}

static unsigned none_victim(const lay_l1_t *l, lay_l1_row_t *r, uint32_t eligible)
{
    (void)l, (void)r, (void)eligible;
    assert(!"random replacement: the victim comes from cm_l1's LFSR");
    return 0;
}

const cm_repl_ops_t cm_repl_none = {"random", none_touch, none_touch, none_victim};
