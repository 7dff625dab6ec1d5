/* emit_l2_pol_srrip: l2.replacement = srrip, the lookup module's SRRIP (emit_repl.h): no hooks. */
#include "l2pol.h"

const gen_l2_pol_t l2pol_srrip = {.name = "srrip"};
