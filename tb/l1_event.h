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

// The model's step for an event that is not a fill (the harness feeds fills itself): a sweep,
// the switch reset the model asked for, or the lookup of the oldest accepted request. False
// (after h.fail) when the RTL reports what the model cannot take.
template <class H> bool l1_event_step(H &h, unsigned kind, unsigned set, cm_result_t &r)
{
    switch (kind) {
    case EVT_SWEEP:
        cm_l1_sweep(h.m, set, &r);
        return true;
    case EVT_SWITCH_RESET:
        if (!h.reset_expected) {
            h.fail("switch reset the model did not ask for", "");
            return false;
        }
        h.reset_expected = false;
        cm_l1_switch_reset(h.m, &r);
        return true;
    case EVT_STALL:
    case EVT_LOOKUP:
        if (h.accepted.empty()) {
            h.fail("lookup without an accepted request", "");
            return false;
        }
        cm_l1_access(h.m, &h.accepted.front(), &r);
        return true;
    default:
        h.fail("unknown event kind", "");
        return false;
    }
}

// After an event's fields: no lookup while a switch reset is due, and a lookup that makes one
// due says so. False (after h.fail) on a lookup that came first.
template <class H> bool l1_event_reset_due(H &h, const cm_result_t &r)
{
    if (r.kind == EVT_LOOKUP && h.reset_expected) {
        h.fail("a lookup before the due switch reset", "");
        return false;
    }
    if (r.reset_due)
        h.reset_expected = true;
    return true;
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
