/* sys_sim: P L1 models and C CPU ports over S L2 slice models, one reference at a time
 * (program order, or the cycles sys_timed keeps); slice_of routes each request. */
#include "sys_sim.h"

#include <stdlib.h>
#include <string.h>

#include "cm_mech.h"

int sys_sim_new(const cfg_t *c, sys_sim_t **out)
{
    sys_sim_t *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->cfg = *c;
    s->cores = c->sys.cores < SYS_MAX_CORES ? c->sys.cores : SYS_MAX_CORES;
    for (unsigned i = 0; i < s->cores; i++)
        if (cm_l1_new(c, &s->l1[i]) != 0)
            goto fail;
    slice_map_init(c, &s->map);
    s->slices = s->map.n;
    for (unsigned k = 0; k < s->slices; k++)
        if (cm_l2_new(c, &s->l2[k]) != 0)
            goto fail;
    uint64_t ids = cm_mech_base_ids(&c->l1);
    if (ids && !(s->base = calloc((size_t)ids, sizeof *s->base)))
        goto fail;
    if (cm_mech_for(c->l1.mode)->shadow) {
        cfg_t b = *c; /* the same L1 that never bypasses */
        cm_mech_for(c->l1.mode)->shadow(&b);
        for (unsigned i = 0; i < s->cores; i++) {
            s->bypassed[i] = calloc((size_t)c->l1.sets * c->l1.ways, 1);
            if (!s->bypassed[i] || cm_l1_new(&b, &s->shadow[i]) != 0)
                goto fail;
        }
    }
    *out = s;
    return 0;
fail:
    sys_sim_free(s);
    return -1;
}

void sys_sim_free(sys_sim_t *s)
{
    if (!s)
        return;
    for (unsigned i = 0; i < s->cores; i++) {
        cm_l1_free(s->l1[i]);
        cm_l1_free(s->shadow[i]);
        free(s->bypassed[i]);
    }
    for (unsigned k = 0; k < s->slices; k++)
        cm_l2_free(s->l2[k]);
    free(s->base);
    free(s);
}

/* Memory answers every read slice l2 queued at once; write-backs are counted and dropped. */
static void serve_memory(sys_sim_t *s, cm_l2_t *l2, cm_l2_result_t *res)
{
    cm_l2_mem_t q;
    while (cm_l2_mem_pop(l2, &q)) {
        s->st.mem_writebacks += q.write;
        s->st.mem_reads += !q.write;
        if (!q.write)
            cm_l2_fill(l2, q.mshr, &s->line, res);
    }
}

/* The L2 side of one L1 request (a read carries the L1's prediction and, sacat, no_allocate);
 * returns the read's hint bit: the bypass bit in pcpred, the L2's hit flag in sacat, else the
 * victim bit; *hit: the line was in the L2. */
static unsigned l2_request(sys_sim_t *s, unsigned core, int store, uint64_t line,
                           const cm_req_t *q, unsigned pred, unsigned noalloc, unsigned *hit)
{
    cm_l2_result_t r;
    unsigned k = slice_of(&s->map, line);
    cm_l2_t *l2 = s->l2[k];
    cm_l2_access_noalloc(l2, core, store, slice_line(&s->map, line), store ? &q->be : NULL,
                         store ? &q->wdata : NULL, q->id, pred, noalloc, &r);
    *hit = r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT;
    sys_app_stats_t *app = &s->st.app[cfg_l2_app_of(&s->cfg, core)];
    app->accesses++;
    app->hits += *hit;
    s->st.slice[k].accesses++;
    s->st.slice[k].hits += *hit;
    if (r.dec == DEC_LD_MISS || r.dec == DEC_ST_MISS)
        serve_memory(s, l2, &r); /* the fill completes the request: r now holds its response */
    if (store) {
        s->st.l2_writes++;
    } else {
        s->st.l2_reads++;
        s->st.l2_read_hits += r.hit;
        s->st.victim_bits_set += r.vbit;
        s->st.bypass_bits_set += r.bbit;
        s->st.noalloc_reads += noalloc;
        s->st.noalloc_read_hits += noalloc && r.hit;
    }
    switch (cm_mech_for(s->cfg.l1.mode)->l2_hint) {
    case CM_HINT_BBIT:
        return r.bbit;
    case CM_HINT_L2HIT:
        return r.hit; /* rsp_l2hit_o, which the system top wires to the sacat L1s' hint */
    default:
        return r.vbit;
    }
}

/* L1 `core` is told its cycle ended; sacat's window-closing paths are counted. */
static void end_cycle(sys_sim_t *s, unsigned core, int kernel_start)
{
    uint32_t p = cm_l1_cycle_end(s->l1[core], kernel_start);
    s->st.fg_window_undecided += (p & CM_FG_WINDOW_UNDECIDED) != 0;
}

/* Core `core`'s request (its cycle's event) is done: its cycle ends. */
static void issued(sys_sim_t *s, unsigned core)
{
    end_cycle(s, core, 0);
    s->core_cycles[core]++;
}

/* The kernel's cycles so far: its busiest core's. */
static uint64_t kernel_cycles(sys_sim_t *s)
{
    uint64_t n = 0;
    for (unsigned c = 0; c < s->cores; c++) {
        n = s->core_cycles[c] > n ? s->core_cycles[c] : n;
        s->core_cycles[c] = 0;
    }
    return n;
}

void sys_sim_kernel_start(sys_sim_t *s)
{
    s->st.cycles += kernel_cycles(s) + 1; /* the kernel's, then the start's own */
    for (unsigned c = 0; c < s->cores; c++)
        end_cycle(s, c, 1);
    s->st.kernel_starts++;
}

void sys_sim_finish(sys_sim_t *s) { s->st.cycles += kernel_cycles(s); }

/* sacat: the FG-CB paths of a load's lookup (decision `dec`, paths `lp`, the entry it wrote
 * or -1, its read's no_allocate) and, for a miss, of its fill (`fill`, else NULL). */
static void fg_count(sys_sim_t *s, const cm_req_t *q, lay_decision_t dec, uint32_t lp,
                     int look_idx, unsigned noalloc, const cm_result_t *fill)
{
    sys_stats_t *t = &s->st;
    sys_base_stats_t *b = &s->base[q->base & ((1u << s->cfg.l1.fgcb_id_bits) - 1)];
    uint32_t fp = fill ? fill->mech.fg_paths : 0;
    int bypassed = (lp & CM_FG_BYPASSED_HIT) || (fill && fill->dec == DEC_FILL_BYPASS);
    b->loads++;
    b->load_hits += dec == DEC_LD_HIT;
    b->bypassed_loads += bypassed;
    b->noalloc_reads += fill && noalloc;
    t->fg_bypassed_loads += bypassed;
    t->fg_bypassed_hits += (lp & CM_FG_BYPASSED_HIT) != 0;
    t->fg_untracked += (lp & CM_FG_TABLE_FULL) != 0;
    t->fg_allocs += (lp & CM_FG_ALLOC) != 0;
    /* a decision's entry holds this load's base id (the lookup's and its read's) */
    b->l1_bypass += (lp & CM_FG_DECIDE_L1_BYPASS) != 0;
    b->l1_keep += (lp & CM_FG_DECIDE_L1_KEEP) != 0;
    b->l2_bypass += (fp & CM_FG_DECIDE_L2_BYPASS) != 0;
    b->l2_keep += (fp & CM_FG_DECIDE_L2_KEEP) != 0;
    if (look_idx >= 0) { /* the lookup wrote entry look_idx: allocated it or counted */
        sys_entry_stats_t *e = &t->entry[look_idx];
        e->allocs += (lp & CM_FG_ALLOC) != 0;
        e->l1_bypass += (lp & CM_FG_DECIDE_L1_BYPASS) != 0;
        e->l1_keep += (lp & CM_FG_DECIDE_L1_KEEP) != 0;
    }
    if (fill && fill->mech.fg_write) {
        sys_entry_stats_t *e = &t->entry[fill->mech.fg_idx];
        e->l2_bypass += (fp & CM_FG_DECIDE_L2_BYPASS) != 0;
        e->l2_keep += (fp & CM_FG_DECIDE_L2_KEEP) != 0;
    }
    t->fg_l1_bypass += (lp & CM_FG_DECIDE_L1_BYPASS) != 0;
    t->fg_l1_keep += (lp & CM_FG_DECIDE_L1_KEEP) != 0;
    t->fg_l2_bypass += (fp & CM_FG_DECIDE_L2_BYPASS) != 0;
    t->fg_l2_keep += (fp & CM_FG_DECIDE_L2_KEEP) != 0;
}

static sys_pc_stats_t *pc_stats(sys_sim_t *s, uint64_t pc)
{
    for (unsigned i = 0; i < s->st.npcs; i++)
        if (s->st.pcs[i].pc == pc)
            return &s->st.pcs[i];
    if (s->st.npcs == SYS_MAX_PCS)
        return &s->st.pcs[SYS_MAX_PCS];
    s->st.pcs[s->st.npcs].pc = pc;
    return &s->st.pcs[s->st.npcs++];
}

/* The shadow L1 of `core` takes the same reference; for a load, a hit on a line the real L1
 * bypassed last time is a false positive, and the line's mark becomes this reference's
 * outcome. A shadow fill clears the mark of the way it takes (an evicted bypassed line was a
 * correct bypass). */
static void shadow_ref(sys_sim_t *s, unsigned core, cm_req_t *q, int bypassed,
                       sys_pc_stats_t *ps)
{
    cm_l1_t *sh = s->shadow[core];
    cm_result_t r;
    q->rsv_counted = 0;
    cm_l1_access(sh, q, &r);
    if (q->store)
        return;
    unsigned slot;
    if (r.dec == DEC_LD_HIT) {
        slot = r.set * sh->cfg.ways + r.way;
        s->st.shadow_hits++;
        if (s->bypassed[core][slot]) {
            s->st.false_positives++;
            ps->false_positives++;
        }
    } else {
        cm_l1_fill(sh, r.mshr, &s->line, &r);
        slot = r.set * sh->cfg.ways + r.way;
    }
    s->bypassed[core][slot] = (uint8_t)bypassed;
}

/* One reference through its L1 (not a flush); the level that served it. */
static sys_served_t l1_ref(sys_sim_t *s, const trace_ref_t *ref)
{
    unsigned core = ref->core % s->cores, l2_hit;
    sys_core_stats_t *cs = &s->st.core[core];
    cm_l1_t *l1 = s->l1[core];
    cm_req_t q;
    memset(&q, 0, sizeof q);
    q.store = ref->op == TR_WRITE;
    q.addr = ref->addr;
    q.pc = ref->pc;
    q.core = core;
    q.base = ref->base_id;
    cm_result_t r;
    cm_l1_access(l1, &q, &r);
    lay_decision_t look_dec = r.dec; /* the lookup's, before r holds the fill's */
    uint32_t look_paths = r.mech.fg_paths;
    unsigned look_noalloc = r.noalloc;
    int look_idx = r.mech.fg_write ? r.mech.fg_idx : -1;
    int reset_due = r.reset_due; /* the lookup completed a switch-reset period */
    int shadow = cm_mech_for(s->cfg.l1.mode)->shadow != NULL, bypassed = 0;
    sys_served_t served = q.store ? SYS_SERVED_POSTED : SYS_SERVED_L1; /* a miss: below */
    sys_pc_stats_t *ps = shadow && !q.store ? pc_stats(s, q.pc) : NULL;
    uint64_t line = lay_line_addr(&l1->lay, q.addr);
    if (q.store) {
        s->st.stores++;
        cs->stores++;
        l2_request(s, core, 1, line, &q, 0, 0, &l2_hit); /* write-through */
    } else {
        s->st.loads++;
        cs->loads++;
        s->st.load_hits += r.dec == DEC_LD_HIT;
        cs->load_hits += r.dec == DEC_LD_HIT;
        if (ps)
            ps->loads++;
        if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS) { /* decoupled: no data line */
            unsigned pred = r.pred;
            unsigned hint = l2_request(s, core, 0, line, &q, pred, r.noalloc, &l2_hit);
            served = l2_hit ? SYS_SERVED_L2 : SYS_SERVED_MEM;
            unsigned mshr = r.mshr;
            cm_l1_fill_hint(l1, mshr, &s->line, hint, &r);
            bypassed = r.dec == DEC_FILL_BYPASS;
            s->st.fills += r.dec == DEC_FILL;
            s->st.bypasses += bypassed;
            cs->fills += r.dec == DEC_FILL;
            cs->bypasses += bypassed;
            s->st.predicted += pred;
            s->st.corrected += pred && !bypassed;
            if (ps) {
                ps->misses++;
                ps->predicted += pred;
                ps->bypasses += bypassed;
            }
        }
        if (s->base)
            fg_count(s, &q, look_dec, look_paths, look_idx, look_noalloc,
                     look_dec == DEC_LD_MISS ? &r : NULL);
    }
    if (shadow)
        shadow_ref(s, core, &q, bypassed, ps);
    if (reset_due) {
        cm_l1_switch_reset(l1, &r);
        s->st.switch_resets++;
    }
    return served;
}

void sys_sim_ref(sys_sim_t *s, const trace_ref_t *ref)
{
    if (ref->op == TR_FLUSH)
        return;
    l1_ref(s, ref);
    issued(s, ref->core % s->cores);
}

/* A request that skips the L1s (sys_sim_l2_ref); the level that served it. */
static sys_served_t l2_only_ref(sys_sim_t *s, const trace_ref_t *ref, int atomic)
{
    unsigned core = ref->core % s->cores, hit;
    cm_req_t q;
    memset(&q, 0, sizeof q);
    q.store = (uint8_t)(atomic != 0);
    q.addr = ref->addr;
    q.pc = ref->pc;
    q.core = core;
    l2_request(s, core, q.store, lay_line_addr(&s->l1[core]->lay, q.addr), &q, 0, 0, &hit);
    if (atomic) {
        s->st.atomics++;
        s->st.atomic_hits += hit;
        s->st.core[core].atomics++;
    } else {
        s->st.l2_loads++;
        s->st.l2_load_hits += hit;
        s->st.core[core].l2_loads++;
    }
    return hit ? SYS_SERVED_L2 : SYS_SERVED_MEM;
}

void sys_sim_l2_ref(sys_sim_t *s, const trace_ref_t *ref, int atomic)
{
    l2_only_ref(s, ref, atomic);
    issued(s, ref->core % s->cores);
}

sys_served_t sys_sim_access(sys_sim_t *s, const trace_ref_t *ref, int atomic)
{
    if (atomic >= 0)
        return l2_only_ref(s, ref, atomic);
    return ref->op == TR_FLUSH ? SYS_SERVED_L1 : l1_ref(s, ref);
}

sys_served_t sys_sim_cpu_access(sys_sim_t *s, unsigned port, const trace_ref_t *ref)
{
    unsigned bits = s->cfg.l1.addr_bits, hit;
    uint64_t addr = bits >= 64 ? ref->addr : ref->addr & ((UINT64_C(1) << bits) - 1);
    cm_req_t q;
    memset(&q, 0, sizeof q); /* a write enables no byte: its data is not modelled */
    q.store = ref->op == TR_WRITE;
    q.addr = addr;
    l2_request(s, s->cores + port, q.store, lay_line_addr(&s->l1[0]->lay, addr), &q, 0, 0, &hit);
    return q.store ? SYS_SERVED_POSTED : hit ? SYS_SERVED_L2 : SYS_SERVED_MEM;
}

void sys_sim_cycle_end(sys_sim_t *s)
{
    for (unsigned c = 0; c < s->cores; c++)
        end_cycle(s, c, 0);
}

void sys_sim_l2_owners(const sys_sim_t *s, uint64_t *valid, uint64_t *gpu)
{
    unsigned gpu_app = s->cfg.sys.cpu_cores;
    *valid = *gpu = 0;
    for (unsigned k = 0; k < s->slices; k++)
        for (unsigned set = 0; set < s->cfg.l2.sets; set++)
            for (unsigned w = 0; w < s->cfg.l2.ways; w++) {
                const lay_l2_way_t *way = &s->l2[k]->rows[set].way[w];
                *valid += way->valid;
                *gpu += way->valid && way->owner == gpu_app;
            }
}

void sys_sim_flush_l1(sys_sim_t *s)
{
    cm_result_t r;
    s->st.l1_flushes++;
    for (unsigned c = 0; c < s->cores; c++)
        for (unsigned set = 0; set < s->cfg.l1.sets; set++) {
            cm_l1_sweep(s->l1[c], set, &r);
            if (s->shadow[c])
                cm_l1_sweep(s->shadow[c], set, &r);
        }
    for (unsigned c = 0; c < s->cores; c++)
        if (s->bypassed[c])
            memset(s->bypassed[c], 0, (size_t)s->cfg.l1.sets * s->cfg.l1.ways);
}
