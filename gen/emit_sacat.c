/* emit_sacat: the sacat mode's hooks (SPEC 3.7): the DWT-CS controller <name>_dwt beside the
 * L1s (emit_dwt.c). Its L1 is for now the baseline's, every L1 hook the default: FG-CB, the
 * mode's L1 mechanism, replaces that with hooks of its own. */
#include "mech.h"

static const char *sacat_beside_name(const gen_l1_t *g) { return g->dwt; }

/* Until FG-CB, the baseline L1's inputs the mode does not read. */
static const char *const sacat_unused[] = {"req_pc_i", "req_core_i", "kernel_start_i",
                                            "filter_enable_i", "mem_rsp_hint_i", NULL};

const gen_mech_t gen_mech_sacat = {
    .mode = MODE_SACAT,
    .unused_inputs = sacat_unused,
    .beside_module = emit_dwt,
    .beside_name = sacat_beside_name,
};
