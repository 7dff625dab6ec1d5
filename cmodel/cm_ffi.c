/* cm_ffi: a shim for ctypes and other foreign callers over cm_l1 (cm_ffi.h). It converts
 * between byte arrays and bv_t and checks arguments; every decision is cm_l1's own. */
#include "cm_ffi.h"

#include <stdio.h>
#include <string.h>
#include "cm_l1.h"

int cm_ffi_open(const char *config_yaml, cm_l1_t **out, char *err, size_t errlen)
{
    cfg_t c;
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, config_yaml, err, errlen) != 0 || cfg_validate(&c, err, errlen) != 0)
        return -1;
    if (cm_l1_new(&c, out) != 0) {
        snprintf(err, errlen, "%s: out of memory", config_yaml);
        return -1;
    }
    return 0;
}

void cm_ffi_close(cm_l1_t *m) { cm_l1_free(m); }

void cm_ffi_info(const cm_l1_t *m, cm_ffi_info_t *out)
{
    out->sets = m->cfg.sets;
    out->ways = m->cfg.ways;
    out->line_bytes = m->cfg.line_bytes;
    out->mshrs = m->cfg.mshrs;
    out->off_bits = m->lay.off_bits;
    out->line_addr_bits = m->lay.line_addr_bits;
    out->id_bits = m->cfg.id_bits;
    out->row_bits = m->lay.row_bits;
    out->counters = CNT_COUNT;
    out->mshr_merge = m->cfg.mshr_merge;
}

static void event_out(const cm_l1_t *m, const cm_result_t *r, cm_ffi_event_t *ev, uint8_t *data)
{
    ev->kind = r->kind;
    ev->dec = r->dec;
    ev->set = r->set;
    ev->way = r->way;
    ev->evict_valid = r->evict_valid;
    ev->evict_tag = r->evict_tag;
    ev->mshr = r->mshr;
    ev->responds = r->responds;
    ev->status = r->status;
    ev->id = r->id;
    ev->nwait = r->nwait;
    for (unsigned k = 0; k < CM_MAX_WAITERS; k++)
        ev->wait_id[k] = k < r->nwait ? r->wait_id[k] : 0;
    if (data)
        bv_to_bytes(&r->data, data, m->cfg.line_bytes);
}

_Static_assert(CM_MAX_WAITERS == 8, "cm_ffi_event_t.wait_id holds CM_MAX_WAITERS ids");

int cm_ffi_sweep(cm_l1_t *m, uint32_t set, cm_ffi_event_t *ev)
{
    if (set >= m->cfg.sets)
        return -1;
    cm_result_t r;
    cm_l1_sweep(m, set, &r);
    event_out(m, &r, ev, NULL);
    return 0;
}

int cm_ffi_access(cm_l1_t *m, uint32_t store, uint64_t line, uint32_t id, uint64_t pc,
                  uint32_t core, const uint8_t *be, const uint8_t *wdata, uint8_t *rsv_counted,
                  cm_ffi_event_t *ev, uint8_t *data)
{
    cm_req_t q;
    memset(&q, 0, sizeof q);
    q.store = store != 0;
    q.addr = line << m->lay.off_bits;
    q.id = id;
    q.pc = pc;
    q.core = core;
    q.rsv_counted = *rsv_counted;
    if (store) {
        for (unsigned i = 0; i < m->cfg.line_bytes; i++)
            bv_put(&q.be, i, 1, (be[i / 8] >> (i % 8)) & 1);
        bv_from_bytes(&q.wdata, wdata, m->cfg.line_bytes);
    }
    cm_result_t r;
    cm_l1_access(m, &q, &r);
    *rsv_counted = q.rsv_counted;
    event_out(m, &r, ev, data);
    return 0;
}

int cm_ffi_fill(cm_l1_t *m, uint32_t mshr, const uint8_t *line, uint32_t hint,
                cm_ffi_event_t *ev, uint8_t *data)
{
    if (mshr >= m->cfg.mshrs || !m->mshr[mshr].valid)
        return -1;
    bv_t v;
    bv_from_bytes(&v, line, m->cfg.line_bytes);
    cm_result_t r;
    cm_l1_fill_hint(m, mshr, &v, hint, &r);
    event_out(m, &r, ev, data);
    return 0;
}

void cm_ffi_stall_cycle(cm_l1_t *m) { cm_l1_stall_cycle(m); }

uint32_t cm_ffi_index(const cm_l1_t *m, uint64_t line)
{
    return cm_l1_index(m, line << m->lay.off_bits);
}

int cm_ffi_row(const cm_l1_t *m, uint32_t set, uint8_t *out)
{
    if (set >= m->cfg.sets)
        return -1;
    bv_t row;
    cm_l1_row(m, set, &row);
    unsigned bits = m->lay.row_bits;
    for (unsigned i = 0; 8 * i < bits; i++)
        out[i] = (uint8_t)bv_get(&row, 8 * i, bits - 8 * i < 8 ? bits - 8 * i : 8);
    return 0;
}

uint64_t cm_ffi_counter(const cm_l1_t *m, uint32_t i) { return i < CNT_COUNT ? m->cnt[i] : 0; }
