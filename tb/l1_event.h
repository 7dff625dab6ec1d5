// l1_event.h: the checks of one L1 event that every harness running an L1 makes (tb/l1_harness.cpp
// on the L1, tb/axi_harness.cpp on its AXI4 wrapper): the model's result against the RTL's event
// port, field by field (kind, decision, set, the way of a hit or installing fill, the eviction,
// the MSHR), then the whole row of the set after the event. H is a skel<Top> whose top has the
// L1's event port and whose model is m, its layout l.
#ifndef CACHEGEN_TB_L1_EVENT_H
#define CACHEGEN_TB_L1_EVENT_H

#include <string>
#include "harness_util.h"
#include "ports.h"
extern "C" {
#include "../cmodel/cm_l1.h"
}

template <class H>
void l1_event_fields(H &h, const cm_result_t &r, unsigned kind, unsigned dec, unsigned set,
                     const char *evt)
{
    h.check_field("kind", r.kind, kind, evt);
    h.check_field("decision", r.dec, dec, evt);
    h.check_field("set", r.set, set, evt);
    if (r.dec == DEC_FILL || r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT ||
        (h.l->dec && r.dec == DEC_LD_MISS)) // decoupled: the reserved data way
        h.check_field("way", r.way, port_u64(h.top->evt_way_o), evt);
    if (r.kind == EVT_FILL || r.kind == EVT_LOOKUP) { // decoupled evicts when it reserves
        h.check_field("evict", r.evict_valid, h.top->evt_evict_o, evt);
        if (r.evict_valid)
            h.check_field("evict_tag", r.evict_tag, port_u64(h.top->evt_evict_tag_o), evt);
    }
    if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS || r.dec == DEC_LD_MERGE ||
        r.kind == EVT_FILL)
        h.check_field("mshr", r.mshr, port_u64(h.top->evt_mshr_o), evt);
}

// the row after the event (none after a line stall, which reads no row, or a switch reset)
template <class H> void l1_event_row(H &h, const cm_result_t &r, unsigned set, const char *evt)
{
    if (r.dec == DEC_STALL_LINE || r.kind == EVT_SWITCH_RESET)
        return;
    bv_t exp, act;
    cm_l1_row(h.m, set, &exp);
    port_get(h.top->evt_row_o, act, h.l->row_bits);
    if (!bv_eq(&exp, &act, h.l->row_bits))
        h.fail("row differs", "  after " + std::string(evt) + "\n" +
                                  row_diff(h.l, lay_l1_field, exp, act));
}

#endif
