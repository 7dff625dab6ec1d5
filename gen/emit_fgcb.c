/* emit_fgcb: FG-CB, the sacat L1's per-base-address bypass (SPEC 3.7, docs/sacat.md), as hooks
 * of gen_mech_sacat (mech.h): the table of l1.fgcb_entries entries in flops (one register per
 * entry, cleared by kernel_start_i and reset), the sampling window's counter, a load's entry
 * found by a compare per entry (an id is held at most once) or the lowest invalid one taken,
 * its L1 counts and decision written in the decide stage, the fill's L2 counts from the L2's
 * hit flag (mem_rsp_hint_i), bypass-L1 fills not installed and no_allocate sent with the
 * bypass-L2 reads (mem_req_hint_o). Every table write is an event (index and packed entry,
 * lay_fgcb_pack's layout). Mirrors cmodel/cm_fgcb.c. */
#include "fgcb.h"

/* The widths and the entry's field offsets the emitter reads, from lay_fgcb (valid, id, L1
 * accesses, L1 misses, L2 accesses, L2 misses, bypass-L1, bypass-L2, LSB first). */
typedef struct fg_lay {
    unsigned E, ib, cb, eb, xb; /* entries, id bits, counter bits, entry bits, index bits */
    unsigned id, a1, m1, a2, m2, b1, b2; /* field offsets */
    unsigned wb;                /* window counter bits */
} fg_lay_t;

static fg_lay_t fg_lay(const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    lay_fgcb_t f;
    lay_fgcb(c, &f);
    return (fg_lay_t){c->fgcb_entries, c->fgcb_id_bits, c->fgcb_counter_bits, f.entry_bits,
                      f.idx_bits, f.id, f.l1_acc, f.l1_miss, f.l2_acc, f.l2_miss, f.byp_l1,
                      f.byp_l2, cfg_count_bits(c->fgcb_window)};
}

/* `out` = the decision of a deciding access: more than M misses once `missed` is counted,
 * compared on the count before it (missed ? miss >= M : miss > M), so no adder precedes it. */
static void emit_decision(emit_t *e, const gen_l1_t *g, const char *out, const char *miss,
                          const char *missed)
{
    unsigned M = g->cfg->l1.fgcb_m, cb = g->cfg->l1.fgcb_counter_bits;
    if (M == 0)
        emit_line(e, "wire %s = %s | (%s != %s);", out, missed, miss, emit_const(cb, 0));
    else
        emit_line(e, "wire %s = %s ? (%s >= %s) : (%s > %s);", out, missed, miss,
                  emit_const(cb, M), miss, emit_const(cb, M));
}

/* One level's count of an entry `old` (prefix p, fields at acc/miss, decision bit at byp):
 * p_counts (below N), p_new (one more access, one more miss if `missed`, the N-th deciding). */
static void emit_level(emit_t *e, const gen_l1_t *g, const fg_lay_t *x, const char *p,
                       const char *old, unsigned acc, unsigned miss, unsigned byp,
                       const char *missed)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned cb = x->cb;
    char name[48], field[64];
    emit_line(e, "wire %s%s_acc = %s[%u +: %u];", emit_range(cb), p, old, acc, cb);
    emit_line(e, "wire %s%s_miss = %s[%u +: %u];", emit_range(cb), p, old, miss, cb);
    emit_line(e, "wire %s_counts = %s_acc != %s; // below N: sampling", p, p,
              emit_const(cb, c->fgcb_n));
    emit_line(e, "wire %s_decides = %s_acc == %s; // the N-th access", p, p,
              emit_const(cb, c->fgcb_n - 1));
    snprintf(name, sizeof name, "%s_byp", p);
    snprintf(field, sizeof field, "%s_miss", p);
    emit_decision(e, g, name, field, missed);
    /* the new entry, field by field from the top */
    emit_line(e, "wire %s%s_new = {", emit_range(x->eb), p);
    emit_in(e);
    unsigned at = x->eb;
    while (at > 0) {
        unsigned lo;
        if (at - 1 == byp) {
            emit_line(e, "%s_decides ? %s_byp : %s[%u],", p, p, old, byp);
            lo = byp;
        } else if (at == miss + cb) {
            if (cb > 1)
                emit_line(e, "%s_miss + {%s, %s},", p, emit_const(cb - 1, 0), missed);
            else
                emit_line(e, "%s_miss + %s,", p, missed);
            lo = miss;
        } else if (at == acc + cb) {
            emit_line(e, "%s_acc + %s,", p, emit_const(cb, 1));
            lo = acc;
        } else { /* the unchanged run down to the next counted field */
            lo = 0;
            unsigned marks[3] = {byp + 1, miss + cb, acc + cb};
            for (unsigned k = 0; k < 3; k++)
                if (marks[k] < at && marks[k] > lo)
                    lo = marks[k];
            emit_line(e, "%s[%u:%u]%s", old, at - 1, lo, lo ? "," : "");
        }
        at = lo;
    }
    emit_out(e);
    emit_line(e, "};");
}

void fgcb_emit_decls(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    fg_lay_t x = fg_lay(g);
    char fmt[64];
    emit_line(e, "// FG-CB (SPEC 3.7): %u entries of %u bits in flops, entry i in fg_tbl[%u*i +: %u]:",
              x.E, x.eb, x.eb, x.eb);
    emit_line(e, "// valid, base id, L1 accesses, L1 misses, L2 accesses, L2 misses, bypass-L1,");
    emit_line(e, "// bypass-L2 (LSB first); at most one entry is written per cycle: the decide stage");
    emit_line(e, "// sets fg_we; which entry and its value come from the lookup's or the fill's side");
    emit_line(e, "// directly, not through the decide stage's branches");
    emit_line(e, "wire [%u:0] fg_tbl;", x.E * x.eb - 1);
    emit_line(e, "reg fg_we;");
    emit_line(e, "wire [%u:0] fg_woh;", x.E - 1);
    emit_line(e, "wire %sfg_wentry;", emit_range(x.eb));
    emit_line(e, "wire [%u:0] fg_lk_match, fg_fl_match, fg_free;", x.E - 1);
    emit_line(e, "wire mshr_rd_bypass, mshr_rd_fgtrk;");
    emit_line(e, "wire %smshr_rd_fgid;", emit_range(x.ib));
    emit_line(e, "genvar fi;");
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (fi = 0; fi < %u; fi = fi + 1) begin : g_fg_entry", x.E);
    emit_in(e);
    emit_line(e, "reg %sent_q, ent_d;", emit_range(x.eb));
    emit_line(e, "always @* begin");
    emit_in(e);
    emit_line(e, "ent_d = ent_q;");
    emit_line(e, "if (fg_we & fg_woh[fi]) ent_d = fg_wentry;");
    emit_line(e, "if (kernel_start_i) ent_d = %s; // after the cycle's event", emit_const(x.eb, 0));
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) ent_q <= %s;", emit_const(x.eb, 0));
    emit_line(e, "else ent_q <= ent_d;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "assign fg_tbl[fi*%u +: %u] = ent_q;", x.eb, x.eb);
    emit_line(e, "assign fg_lk_match[fi] = ent_q[0] & (ent_q[%u:1] == req_base_q);", x.ib);
    emit_line(e, "assign fg_fl_match[fi] = ent_q[0] & (ent_q[%u:1] == mshr_rd_fgid);", x.ib);
    emit_line(e, "assign fg_free[fi] = ~ent_q[0];");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_line(e, "// the sampling window: cycles since kernel_start_i or reset, saturating at %u",
              c->fgcb_window);
    emit_line(e, "reg %sfg_win_q, fg_win_d;", emit_range(x.wb));
    emit_line(e, "wire fg_in_win = fg_win_q < %s;", emit_const(x.wb, c->fgcb_window));
    emit_line(e, "always @* begin");
    emit_in(e);
    emit_line(e, "fg_win_d = fg_win_q;");
    emit_line(e, "if (fg_in_win) fg_win_d = fg_win_q + %s;", emit_const(x.wb, 1));
    emit_line(e, "if (kernel_start_i) fg_win_d = %s;", emit_const(x.wb, 0));
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "// A load's lookup: its id's entry, or (in the window) the lowest invalid one taken;");
    emit_line(e, "// its decisions are the entry's before this lookup");
    emit_lowest_oh(e, "fg_free_oh", x.E, "fg_free[%u]");
    emit_line(e, "wire fg_lk_found = |fg_lk_match;");
    emit_line(e, "wire fg_lk_alloc = !fg_lk_found & fg_in_win & (|fg_free);");
    emit_line(e, "wire fg_tracked = fg_lk_found | fg_lk_alloc;");
    emit_line(e, "reg %sfg_lk_cur;", emit_range(x.eb));
    snprintf(fmt, sizeof fmt, "fg_tbl[%%u*%u +: %u]", x.eb, x.eb);
    emit_pick_oh(e, "fg_lk_cur", x.eb, "fg_lk_match", x.E, fmt);
    emit_line(e, "wire %sfg_lk_old = fg_lk_found ? fg_lk_cur : {%s, req_base_q, 1'b1};",
              emit_range(x.eb), emit_const(x.eb - 1 - x.ib, 0));
    emit_line(e, "wire fg_byp_l1 = fg_lk_found & fg_lk_cur[%u];", x.b1);
    emit_line(e, "wire fg_byp_l2 = fg_lk_found & fg_lk_cur[%u];", x.b2);
    emit_line(e, "wire fg_missed = mshr_conflict | !meta_hit; // a load joining a read missed");
    emit_level(e, g, &x, "fg_lk", "fg_lk_old", x.a1, x.m1, x.b1, "fg_missed");
    emit_line(e, "wire fg_lk_we = fg_tracked & fg_in_win & fg_lk_counts;");
    emit_line(e, "wire [%u:0] fg_lk_oh = fg_lk_found ? fg_lk_match : fg_free_oh;", x.E - 1);
    emit_blank(e);
    emit_line(e, "// A fill of a tracked read: its id's entry (found again: kernel_start may have");
    emit_line(e, "// cleared it) counts an L2 access, and an L2 miss when the L2's hit flag is 0");
    emit_line(e, "reg %sfg_fl_cur;", emit_range(x.eb));
    emit_pick_oh(e, "fg_fl_cur", x.eb, "fg_fl_match", x.E, fmt);
    emit_line(e, "wire fg_l2_missed = !mem_rsp_hint_i;");
    emit_level(e, g, &x, "fg_fl", "fg_fl_cur", x.a2, x.m2, x.b2, "fg_l2_missed");
    emit_line(e, "wire fg_fl_we = mshr_rd_fgtrk & (|fg_fl_match) & fg_in_win & fg_fl_counts;");
    emit_line(e, "assign fg_woh = s1_fill_q ? fg_fl_match : fg_lk_oh;");
    emit_line(e, "assign fg_wentry = s1_fill_q ? fg_fl_new : fg_lk_new;");
    emit_encode_oh(e, "fg_widx", "fg_woh", x.E, x.xb);
    emit_line(e, "assign evt_fg_we_o = fg_we;");
    emit_line(e, "// the written entry's index and value, 0 in a cycle that writes none");
    emit_line(e, "assign evt_fg_idx_o = fg_we ? fg_widx : %s;", emit_const(x.xb, 0));
    emit_line(e, "assign evt_fg_entry_o = fg_we ? fg_wentry : %s;", emit_const(x.eb, 0));
}

void fgcb_emit_defaults(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "fg_we = 1'b0;");
}

/* A load's lookup (hit, miss or join) writes its entry when it allocated or counted. */
void fgcb_emit_lookup(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "fg_we = fg_lk_we & !req_store_q; // FG-CB: stores do not touch the table");
}

void fgcb_emit_join(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "fg_we = fg_lk_we; // FG-CB: a joining load counts as a miss");
}

void fgcb_emit_fill(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "fg_we = fg_fl_we; // FG-CB: the read's L2 access");
}

void fgcb_flops(emit_t *e, const gen_l1_t *g, int reset)
{
    if (reset)
        emit_line(e, "fg_win_q <= %s;", emit_const(fg_lay(g).wb, 0));
    else
        emit_line(e, "fg_win_q <= fg_win_d;");
}

/* Each MSHR keeps whether its read bypasses the L1, and the tracked load's id for the fill. */
void fgcb_mshr_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".alloc_bypass_i (fg_byp_l1),");
    emit_line(e, ".alloc_fgtrk_i  (fg_tracked),");
    emit_line(e, ".alloc_fgid_i   (req_base_q),");
    emit_line(e, ".rd_bypass_o    (mshr_rd_bypass),");
    emit_line(e, ".rd_fgtrk_o     (mshr_rd_fgtrk),");
    emit_line(e, ".rd_fgid_o      (mshr_rd_fgid),");
}

unsigned fgcb_evt_ports(const gen_l1_t *g, mech_evt_port_t *out)
{
    fg_lay_t x = fg_lay(g);
    out[0] = (mech_evt_port_t){"fg_we", 1, NULL, NULL, 0, "FG-CB: an entry was written"};
    out[1] = (mech_evt_port_t){"fg_idx", x.xb, "FgIdxWidth", "FG-CB entry index", 0,
                               "its index"};
    out[2] = (mech_evt_port_t){"fg_entry", x.eb, "FgEntryWidth", "FG-CB entry", 0,
                               "its value after the write (lay_fgcb_pack); both 0 without a write"};
    return 3;
}

/* --- its storage in the report: per L1, and for every L1 of the system beside the paper's
 * count (Table 5 counts the id and the four counters of each entry) --- */

unsigned fgcb_report_flops(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out)
{
    (void)g;
    out[0] = (gen_structure_t){"FG-CB table: valid, base id, 4 counters, bypass-L1, bypass-L2 "
                               "per entry", "flops", s->fgcb_table};
    out[1] = (gen_structure_t){"FG-CB sampling window counter", "flops", s->fgcb_window};
    return 2;
}

void fgcb_report_json(const gen_l1_t *g, json_t *root)
{
    const cfg_t *c = g->cfg;
    const cfg_l1_t *l = &c->l1;
    lay_storage_t s;
    lay_l1_storage(l, &g->lay, &s);
    unsigned long long P = c->sys.cores, mshr = s.fgcb_mshr;
    json_t *o = json_object();
    json_object_set_new(o, "entries", json_integer(l->fgcb_entries));
    json_object_set_new(o, "id_bits", json_integer(l->fgcb_id_bits));
    json_object_set_new(o, "counter_bits", json_integer(l->fgcb_counter_bits));
    json_object_set_new(o, "window", json_integer(l->fgcb_window));
    json_object_set_new(o, "n", json_integer(l->fgcb_n));
    json_object_set_new(o, "m", json_integer(l->fgcb_m));
    json_object_set_new(o, "paper_bits_per_l1", json_integer((json_int_t)s.fgcb_paper));
    json_object_set_new(o, "paper_bits", json_integer((json_int_t)(P * s.fgcb_paper)));
    json_object_set_new(o, "table_bits_per_l1", json_integer((json_int_t)s.fgcb_table));
    json_object_set_new(o, "window_bits_per_l1", json_integer((json_int_t)s.fgcb_window));
    json_object_set_new(o, "mshr_bits_per_l1", json_integer((json_int_t)mshr));
    json_object_set_new(o, "flop_bits",
                        json_integer((json_int_t)(P * (s.fgcb_table + s.fgcb_window + mshr))));
    json_object_set_new(root, "fgcb", o);
}

void fgcb_report_md(emit_t *e, const gen_l1_t *g)
{
    const cfg_t *c = g->cfg;
    const cfg_l1_t *l = &c->l1;
    lay_storage_t s;
    lay_l1_storage(l, &g->lay, &s);
    unsigned long long P = c->sys.cores, mshr = s.fgcb_mshr;
    emit_line(e, "FG-CB in each L1 (%u entries, %u-bit base ids, %u-bit counters, window %u "
              "cycles, N = %u, M = %u): the paper counts %u x (%u + 4 x %u) = %llu bits per L1, "
              "%llu for %llu L1s.", l->fgcb_entries, l->fgcb_id_bits, l->fgcb_counter_bits,
              l->fgcb_window, l->fgcb_n, l->fgcb_m, l->fgcb_entries, l->fgcb_id_bits,
              l->fgcb_counter_bits, s.fgcb_paper, P * s.fgcb_paper, P);
    emit_blank(e);
    emit_line(e, "| FG-CB structure | kind | paper's count per L1 (bits) | bits per L1 | "
              "bits, %llu L1s |", P);
    emit_line(e, "|---|---|---:|---:|---:|");
    emit_line(e, "| table: id and 4 counters per entry | flops | %llu | %llu | %llu |",
              s.fgcb_paper, s.fgcb_paper, P * s.fgcb_paper);
    unsigned long long vd = s.fgcb_table - s.fgcb_paper;
    emit_line(e, "| table: valid and 2 decision bits per entry | flops | not counted | %llu | "
              "%llu |", vd, P * vd);
    emit_line(e, "| sampling window counter | flops | not counted | %llu | %llu |",
              s.fgcb_window, P * s.fgcb_window);
    emit_line(e, "| MSHR fields: bypass-L1, tracked, base id | flops | not counted | %llu | "
              "%llu |", mshr, P * mshr);
    unsigned long long full = s.fgcb_table + s.fgcb_window + mshr;
    emit_line(e, "| total | flops | %llu | %llu | %llu |", s.fgcb_paper, full, P * full);
    emit_blank(e);
}
