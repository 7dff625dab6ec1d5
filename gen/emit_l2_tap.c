/* emit_l2_tap: the L2 top's TAP-RRIP hooks: retired_i, the controller's instance and its event
 * fields (emit_l2_tap.h). */
#include "emit_l2_tap.h"

#include "../cmodel/cm_tap.h"

unsigned l2_tap_evt_ports(pipe_evt_port_t *out)
{
    const pipe_evt_port_t p[L2_TAP_EVT_PORTS] = {
        {"tap_valid", 1, 0, 0, "tap_rrip: a period's decision lands (its own valid)"},
        {"tap_i1", CM_TAP_CNT_BITS, 1, 0, "tap_rrip tick: Core-POL1's instructions"},
        {"tap_i2", CM_TAP_CNT_BITS, 1, 0, "tap_rrip tick: Core-POL2's instructions"},
        {"tap_a_gpu", CM_TAP_CNT_BITS, 1, 0, "tap_rrip tick: the GPU's accesses"},
        {"tap_a_cpu", CM_TAP_CNT_BITS, 1, 0, "tap_rrip tick: the busiest CPU app's accesses"},
        {"tap_friendly", 1, 0, 0, "tap_rrip tick: cache-friendly"},
        {"tap_ratio", 10, 1, 0, "tap_rrip tick: a_GPU / max(a_CPU, 1), saturated"},
        {"tap_ratio_sat", 1, 0, 0, "tap_rrip tick: the quotient was above 1023"},
        {"tap_xsratio", 10, 1, 0, "tap_rrip tick: the new XSRATIO"},
        {"tap_rrip_mask", 1, 0, 0, "tap_rrip tick: the new RRIP-Mask"},
        {"tap_ucp_mask", 1, 0, 0, "tap_rrip tick: the new UCP-Mask"},
        {"tap_state", 12, 1, 0, "tap_rrip: {XSRATIO, UCP-Mask, RRIP-Mask} in force"},
    };
    for (unsigned i = 0; i < L2_TAP_EVT_PORTS; i++)
        out[i] = p[i];
    return L2_TAP_EVT_PORTS;
}

void emit_l2_tap_ports(emit_t *e, const gen_l2_t *g)
{
    unsigned P = g->cfg->sys.cores, rb = CM_TAP_RETIRED_BITS;
    emit_line(e, "input  wire %sretired_i, // GPU core c: [c*%u +: %u], instructions retired "
              "this cycle", emit_range(P * rb), rb, rb);
}

void emit_l2_tap_sys_ports(emit_t *e, const gen_l2_t *g, int decl)
{
    unsigned P = g->cfg->sys.cores, rb = CM_TAP_RETIRED_BITS;
    if (decl) /* TAP's core sampling (SPEC 3.8): into the L2's controller */
        emit_line(e, "input  wire %sretired_i, // TAP: GPU core c's instructions retired "
                  "this cycle in [c*%u +: %u]", emit_range(P * rb), rb, rb);
    else
        emit_line(e, ".retired_i (retired_i),");
}

void emit_l2_tap_policy(emit_t *e, const gen_l2_t *g)
{
    unsigned C = g->cfg->sys.cpu_cores, cb = g->lay.core_bits;
    emit_line(e, "// TAP-RRIP (SPEC 3.8, cm_tap_rrip): Core-POL1 (GPU core 0) inserts at 2^n-1 "
                 "and");
    emit_line(e, "// Core-POL2 (GPU core 1) at 0 in every set; with RRIP-Mask a GPU fill that "
                 "follows");
    emit_line(e, "// its PSEL (outside the GPU's leader sets) is forced to BRRIP, a GPU hit keeps "
                 "its");
    emit_line(e, "// RRPV, and the victim among the lines at 2^n-1 is a GPU line first");
    emit_line(e, "wire tap_rrip_mask, tap_ucp_mask;");
    emit_line(e, "wire [9:0] tap_xsratio;");
    emit_line(e, "wire tap_gpu = drrip_app[%u];", C);
    emit_line(e, "wire tap_pol1 = req_core_q == %s;", emit_const(cb, 0));
    emit_line(e, "wire tap_pol2 = req_core_q == %s;", emit_const(cb, 1));
    emit_line(e, "wire tap_forced = tap_gpu & tap_rrip_mask & ~drrip_lead_srrip[%u] & "
                 "~drrip_lead_brrip[%u];", C, C);
    emit_line(e, "wire tap_use_brrip = ~tap_pol1 & ~tap_pol2 & (tap_forced | drrip_use_brrip);");
    emit_line(e, "// DRRIP's insertion unless forced to BRRIP (2^n-2 on its 32nd, else 2^n-1); "
                 "POL1 2^n-1");
    emit_line(e, "wire tap_ins_long = ~tap_pol1 & ((~tap_forced & drrip_ins_long) | "
                 "(drrip_brrip_q == %s));",
              emit_const(LAY_L2_BRRIP_BITS, (1u << LAY_L2_BRRIP_BITS) - 1));
    emit_line(e, "wire tap_ins_mru = tap_pol2;");
    emit_line(e, "wire tap_promote = ~(tap_gpu & tap_rrip_mask);");
    emit_blank(e);
}

void emit_l2_tap_meta_ports(emit_t *e)
{
    emit_line(e, ".ins_mru_i     (tap_ins_mru),");
    emit_line(e, ".promote_i     (tap_promote),");
    emit_line(e, ".gpu_first_i   (tap_rrip_mask),");
}

void emit_l2_tap_inst(emit_t *e, const gen_l2_t *g)
{
    static const char *const fields[] = {"valid", "i1", "i2", "a_gpu", "a_cpu", "friendly",
                                         "ratio", "ratio_sat", "xsratio", "rrip_mask",
                                         "ucp_mask"};
    unsigned nf = sizeof fields / sizeof fields[0];
    emit_line(e, "// TAP's core sampling (SPEC 3.8): Core-POL1 and Core-POL2 are GPU cores 0 and "
                 "1;");
    emit_line(e, "// an access is what the access counter counts (a lookup that is not a stall, a");
    emit_line(e, "// read joining a fetch), of the request's application");
    emit_line(e, "%s u_tap (", g->tap);
    emit_in(e);
    emit_line(e, ".clk_i       (clk_i),");
    emit_line(e, ".rst_ni      (rst_ni),");
    emit_line(e, ".retired_i   (retired_i[%u:0]),", 2 * CM_TAP_RETIRED_BITS - 1);
    emit_line(e, ".acc_i       (cnt_accesses_inc),");
    emit_line(e, ".acc_app_i   (req_app),");
    emit_line(e, ".rrip_mask_o (tap_rrip_mask),");
    emit_line(e, ".ucp_mask_o  (tap_ucp_mask),");
    emit_line(e, ".xsratio_o   (tap_xsratio)");
    emit_line(e, "`ifdef %s", GEN_EVENTS_MACRO);
    for (unsigned i = 0; i < nf; i++)
        emit_line(e, ", .evt_%s_o (evt_tap_%s_o)", fields[i], fields[i]);
    emit_line(e, "`endif");
    emit_out(e);
    emit_line(e, ");");
    emit_line(e, "`ifndef %s", GEN_EVENTS_MACRO);
    emit_line(e, "assign {evt_tap_valid_o, evt_tap_i1_o, evt_tap_i2_o, evt_tap_a_gpu_o, "
                 "evt_tap_a_cpu_o,");
    emit_line(e, "        evt_tap_friendly_o, evt_tap_ratio_o, evt_tap_ratio_sat_o, "
                 "evt_tap_xsratio_o,");
    emit_line(e, "        evt_tap_rrip_mask_o, evt_tap_ucp_mask_o} = %s; // no tick outside "
                 "simulation", emit_const(4 * CM_TAP_CNT_BITS + 25, 0));
    emit_line(e, "`endif");
    emit_line(e, "assign evt_tap_state_o = {tap_xsratio, tap_ucp_mask, tap_rrip_mask};");
    emit_blank(e);
}

const char *l2_tap_module_name(const gen_l2_t *g)
{
    return g->tap;
}

void emit_l2_tap_lint(emit_t *e, const gen_l2_t *g)
{
    emit_line(e, "// Core sampling reads the retired instructions of GPU cores 0 and 1 only.");
    emit_line(e, "lint_off -rule UNUSEDSIGNAL -file \"*%s.v\" -match \"*'retired_i'*\"", g->top);
}
