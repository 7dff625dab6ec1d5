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
//   cover(cov, r)     the mechanism's coverage bins of the event result r (tb/coverage.h)
//   reachable(c, bin) whether the harness can reach BIN, a mechanism's bin (tb/mech_bins_<mode>.h),
//                     under L1 config c with random traffic (the bins of other mechanisms: never)
//   directed_reaches(bin)  whether the directed script reaches its bin BIN too
//   bypasses(c)       whether the mechanism's L1 of config c ever answers a load as a bypass
//   focus(bin, add, w)  while extending the traffic for its unhit BIN: add(pattern) the focused
//                     patterns (tb/traffic.h) that reach it, and the memory it wants in W
// and in the system harness (tb/sys_harness.cpp: P L1s, their event ports concatenated):
//   sys_check(h, c, r, set, where)  after L1 c's shared event fields: the mechanism's fields of
//                     L1 c's event ports against the model's result r (core[c].m), and its bins
//                     (reachable(c, bin) as in the L1 harness)
//   sys_l2_request(h, hint)  the L2 accepted an L1 read carrying hint bit HINT
//   sys_l2_access(h, noalloc, r)  the L2 model took that read (NOALLOC: as no_allocate): r
//   sys_l2_response(h, l2, r)  the L2 model's event r responds (l2: the model after it)
//   sys_cycle_end(h, paths)  an L1's cycle ended with the mechanism's own path word PATHS
#ifndef CG_MECH_TB_H
#define CG_MECH_TB_H

#include <cassert>
#include <cstdio>
#include <random>
#include <string>

#include "mech_bins_reg.h"
#include "ports.h"
#include "traffic.h"
extern "C" {
#include "../cmodel/cm_l1_int.h" /* white-box: a mechanism's flops its event port shows */
#include "../cmodel/cm_l2.h"
#include "../core/reach.h" /* the mechanisms' reachability rules, shared by every harness */
}

// Bits [c*w, c*w+w) of a concatenated port of `total` bits (the system top's per-core ports), as
// an integer (w <= 64) or a vector; put_field writes them. Read and written in place (ports.h's
// slices): the whole port may be wider than a bv_t.
template <typename T> uint64_t field(const T &port, unsigned total, unsigned c, unsigned w)
{
    assert(w <= 64 && (c + 1) * w <= total);
    bv_t v;
    port_slice_get(port, c * w, w, v);
    return bv_get(&v, 0, w);
}
template <typename T> void field_bv(const T &port, unsigned total, unsigned c, unsigned w, bv_t &out)
{
    assert((c + 1) * w <= total);
    port_slice_get(port, c * w, w, out);
}
template <typename T> void put_field(T &port, unsigned total, unsigned c, unsigned w, const bv_t &val)
{
    assert((c + 1) * w <= total);
    port_slice_put(port, c * w, w, val);
}

// What a mechanism's unhit bin asks of the traffic beside its patterns: slow memory (reads stay
// outstanding), the L1's filter off, and long stretches without a flush, so that a large cache
// fills and its fills evict valid lines (focus; the L1 harness honours them).
struct mech_wants {
    bool slow = false, filter_off = false, full = false;
};

// The hooks of a mechanism with nothing of its own in the harness.
struct mech_tb_none {
    template <class H> static void check(H &, const cm_result_t &, unsigned, const char *) {}
    template <class H> static void log(H &) {}
    template <class H> static void drive(H &) {}
    template <class C> static void cover(C &, const cm_result_t &) {}
    static bool reachable(const cfg_l1_t &, const std::string &) { return false; }
    static bool directed_reaches(const std::string &) { return false; }
    static bool bypasses(const cfg_l1_t &) { return false; }
    template <class A> static void focus(const std::string &, A, mech_wants &) {}
    template <class H>
    static void sys_check(H &, unsigned, const cm_result_t &, unsigned, const char *) {}
    template <class H> static void sys_l2_request(H &, unsigned) {}
    template <class H> static void sys_l2_access(H &, bool, const cm_l2_result_t &) {}
    template <class H> static void sys_l2_response(H &, const cm_l2_t *, const cm_l2_result_t &) {}
    template <class H> static void sys_cycle_end(H &, uint32_t) {}
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
