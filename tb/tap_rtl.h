// tap_rtl: what the L2 and system harnesses share about TAP's controller (SPEC 3.8): the tick
// and state the RTL shows, the retired_i input (absent in designs without TAP), and the
// field-by-field compare of a tick against the model's.
#ifndef CACHEGEN_TB_TAP_RTL_H
#define CACHEGEN_TB_TAP_RTL_H

#include <cstdint>
#include <string>
#include "ports.h"
extern "C" {
#include "../cmodel/cm_tap.h"
}

// The controller's outputs in one cycle. A TAP design without the ports reads as state ~0 and
// no tick, so it fails.
struct tap_rtl {
    bool valid = false;
    cm_tap_tick_t tick{};
    uint64_t state = ~0ULL; // {XSRATIO, UCP-Mask, RRIP-Mask} in force
};

// retired_i, where the design has it.
template <class T>
auto put_retired(T *t, const bv_t &v, unsigned width, int) -> decltype(port_put(t->retired_i, v, width))
{
    port_put(t->retired_i, v, width);
}
template <class T> void put_retired(T *, const bv_t &, unsigned, long) {}

// Every field of the model's tick `exp` against the RTL's `act`: check(name, expected, actual)
// with the name `prefix` + the field ("tap i1", ...).
template <class F>
void compare_tap_tick(const char *prefix, const cm_tap_tick_t &exp, const cm_tap_tick_t &act,
                      F &&check)
{
    const std::string p(prefix);
    check((p + "i1").c_str(), exp.i1, act.i1);
    check((p + "i2").c_str(), exp.i2, act.i2);
    check((p + "a_gpu").c_str(), exp.a_gpu, act.a_gpu);
    check((p + "a_cpu").c_str(), exp.a_cpu, act.a_cpu);
    check((p + "friendly").c_str(), exp.friendly, act.friendly);
    check((p + "ratio").c_str(), exp.ratio, act.ratio);
    check((p + "ratio_sat").c_str(), exp.ratio_sat, act.ratio_sat);
    check((p + "xsratio").c_str(), exp.xsratio, act.xsratio);
    check((p + "rrip_mask").c_str(), exp.rrip_mask, act.rrip_mask);
    check((p + "ucp_mask").c_str(), exp.ucp_mask, act.ucp_mask);
}

#endif
