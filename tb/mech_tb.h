// mech_tb.h: the L1 harness's mechanism plug-in. A mechanism whose L1 has event ports or inputs
// of its own adds one file, tb/mech_tb_<mode>.h, defining `struct mech_tb : mech_tb_none`
// with the hooks it needs; tb/harness_build.sh finds it by its name and builds the harness with
// -DCG_MECH_TB=mech_tb_<mode> (so the file is its own registration). Every hook takes the
// harness H (its Verilated top `top`, model `m`, coverage `cov`, rng `rng`, evlog, check_field,
// fail) and runs in a build whose top has that mechanism's ports:
//   check(h, r, set, evt)  after the shared event fields: the mechanism's event fields against
//                     the model's result r for the event of SET (EVT: its name in the report)
//   log(h)            the mechanism's fields appended to the +evlog line (tb/run_xsim.sh)
//   drive(h)          after the harness drove its inputs, before they are recorded: inputs the
//                     mechanism draws itself
#ifndef CG_MECH_TB_H
#define CG_MECH_TB_H

#include <cstdio>
#include <random>
#include <string>

#include "ports.h"
extern "C" {
#include "../cmodel/cm_l1_int.h" /* white-box: a mechanism's flops its event port shows */
}

// The hooks of a mechanism with nothing of its own in the harness.
struct mech_tb_none {
    template <class H> static void check(H &, const cm_result_t &, unsigned, const char *) {}
    template <class H> static void log(H &) {}
    template <class H> static void drive(H &) {}
};

// hex_out: the low BITS of V as hex digits, most significant first (an +evlog field)
inline void hex_out(FILE *f, const bv_t &v, unsigned bits)
{
    for (unsigned d = (bits + 3) / 4; d-- > 0;)
        std::fputc("0123456789abcdef"[bv_get(&v, 4 * d, 4 * d + 4 <= bits ? 4 : bits - 4 * d)], f);
}

#ifdef CG_MECH_TB
#define CG_MECH_TB_STR2(x) #x
#define CG_MECH_TB_STR(x) CG_MECH_TB_STR2(x.h)
#include CG_MECH_TB_STR(CG_MECH_TB)
#else
typedef mech_tb_none mech_tb;
#endif

#endif
