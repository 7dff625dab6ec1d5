/* emit_sacat: the sacat mode's hooks (SPEC 3.7). Its L1 is for now the baseline's, every L1
 * hook the default: FG-CB, the mode's L1 mechanism, replaces that with hooks of its own. */
#include "mech.h"

/* Until FG-CB, the baseline L1's inputs the mode does not read. */
static const char *const sacat_unused[] = {"req_pc_i", "req_core_i", "kernel_start_i",
                                            "filter_enable_i", "mem_rsp_hint_i", NULL};

const gen_mech_t gen_mech_sacat = {
    .mode = MODE_SACAT,
    .unused_inputs = sacat_unused,
};
