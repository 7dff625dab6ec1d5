/* reach: which of a mechanism's coverage bins a legal configuration can reach in the lockstep
 * harnesses, one function per mechanism, shared by every harness that declares the bins (the L1,
 * L2 and system harnesses through their plug-ins, tb/mech_tb_sacat.h and tb/l2pol_tb_*.h) and by
 * cfg for the bounds it states (reach_ucp_lookahead_worst). A bin a rule calls unreachable is
 * reported n/a, never a hole; each rule says why (the mechanism cannot act there, or the
 * harnesses' traffic cannot make it act in a run). docs/verification.md, "Reachability".
 * Invariant: a rule is true wherever the harnesses hit the bin in every lockstep step. */
#ifndef CACHEGEN_REACH_H
#define CACHEGEN_REACH_H

#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "tap.h"

/* Cycles UCP's lookahead takes at most over `apps` applications of `ways` ways (cmodel's
 * cm_l2_ucp_latency at its worst: every round over every app, each a full scan): apps x (3W(W+1)/2
 * + 2W) + W. 3,328 at 2 apps x 32 ways. A period shorter than this may end before a lookahead
 * finishes (ucp restarts it, tap_ucp cancels it), so no partition is promised to apply. */
static inline unsigned long long reach_ucp_lookahead_worst(unsigned apps, unsigned ways)
{
    unsigned long long w = ways;
    return apps * (3 * w * (w + 1) / 2 + 2 * w) + w;
}

/* The shortest tap.period in which a ucp or tap_ucp partition is sure to apply: the lookahead at
 * its worst, and for tap_ucp the wait for TAP's decision (TAP_LATENCY + 1) and the division of
 * the GPU's counters (one step a counter bit a way) before it. */
static inline unsigned long long reach_ucp_period_min(const cfg_t *c)
{
    unsigned apps = cfg_l2_apps(c), ways = c->l2.ways;
    unsigned long long t = reach_ucp_lookahead_worst(apps, ways);
    if (c->l2.repl == L2_REPL_TAP_UCP)
        t += TAP_LATENCY + 1 + (unsigned long long)ways * c->l2.umon_counter_bits;
    return t;
}

/* Whether every lookahead is still running at the period end after the one that started it,
 * which then cuts it short (ucp restarts it on the new snapshot, tap_ucp cancels it until TAP's
 * next decision): the bin ucp_lookahead_cut_by_period. A lookahead takes at least one round over
 * every way: apps x (3W + 2) + 1 cycles (cm_l2_ucp_latency with one step), and ucp's starts at
 * the period end, so a period shorter than that always cuts it. tap_ucp's starts TAP_LATENCY + 1
 * cycles after the period end and is shortest under UCP-Mask, (apps - 1) x (3(W - 1) + 2) + 1
 * (one way left out, and none to divide; with W = 1 nothing runs at all); its period must also
 * leave the start room (a margin of a cycle each side). A period between these bounds and the
 * worst case (reach_ucp_lookahead_worst) cuts some lookaheads, by the counters: not promised. */
static inline int reach_ucp_cut_always(const cfg_t *c)
{
    unsigned long long apps = cfg_l2_apps(c), w = c->l2.ways, p = c->tap.period;
    if (c->l2.repl != L2_REPL_TAP_UCP)
        return p < apps * (3 * w + 2) + 1;
    return w >= 2 && apps >= 2 && p > TAP_LATENCY + 2 &&
           p + 1 < TAP_LATENCY + (apps - 1) * (3 * (w - 1) + 2) + 1;
}

static inline int reach_prefix(const char *b, const char *p) { return !strncmp(b, p, strlen(p)); }

/* Whether the harnesses' traffic makes the TAP controller see a friendly GPU (defined below). */
static inline int reach_tap_friendly(const cfg_t *c);

/* Whether a ucp or tap_ucp L2 holds the GPU (the last application) to one way for a whole run:
 * its reset share, ways / apps (the remainder goes to the lowest apps, the CPU ports), is 1, and
 * no partition ever applies (every lookahead cut: reach_ucp_cut_always) or, under tap_ucp, every
 * partition is made under UCP-Mask (the GPU never friendly), which gives the GPU one way. Then a
 * GPU fill into a full set takes a CPU line only in a set that filled with CPU lines before its
 * first GPU line (cm_ucp_victim: the requester takes another app's line only when it holds fewer
 * than its allocation, or none; a full set's GPU lines fall only while the GPU is over its
 * allocation, so once one is there at an allocation of 1 it stays): at the start of a run, by the
 * order of the first fills, which no traffic is made to promise (draw 3 seed 12: 11 ways, 9 apps,
 * alpha 100; the bins cpu_line_evicted_by_gpu, l2_cpu_line_evicted_by_gpu and
 * ucp_cpu_line_evicted_by_gpu_over_allocation). */
static inline int reach_ucp_gpu_held_to_one(const cfg_t *c)
{
    if (c->l2.repl != L2_REPL_UCP && c->l2.repl != L2_REPL_TAP_UCP)
        return 0;
    if (c->l2.ways / cfg_l2_apps(c) != 1)
        return 0;
    return reach_ucp_cut_always(c) || (c->l2.repl == L2_REPL_TAP_UCP && !reach_tap_friendly(c));
}

/* The L2 top's CPU shares by period, percent of the requests from CPU ports (the harness draws
 * one of these eight each TAP period: tb/l2pol_tb_tap.h). The CPU-heaviest, 60, puts XSRATIO at
 * its least, about 40 / (60 / C) = 2C / 3 over C ports. */
static const int reach_tap_l2_shares[8] = {0, 0, 2, 5, 10, 20, 33, 60};

/* Whether the harnesses' retired streams ever make the GPU cache-friendly (and so UCP-Mask
 * clear): I2 about I1 / 2 passes 100 x |I1 - I2| > alpha x max(I1, I2) only for alpha < 50. */
static inline int reach_tap_friendly(const cfg_t *c) { return c->tap.alpha < 50; }

/* UCP's bins (ucp_ and tapucp_): a lookahead is cut short by the next period end when the period
 * is shorter than its least time (reach_ucp_cut_always); a partition applies only when a period
 * holds the lookahead at its worst; a UMON counter saturates under random traffic only when narrow (<= 6 bits; the L2
 * top, where UMON hits are counted per position); a hit at LRU position j needs j < ways. */
static inline int reach_ucp(const cfg_t *c, const char *b, int l2_top)
{
    if (reach_prefix(b, "ucp_umon_hit_pos_"))
        return !l2_top || (unsigned)atoi(b + 17) < c->l2.ways;
    if (!strcmp(b, "ucp_lookahead_cut_by_period"))
        return reach_ucp_cut_always(c);
    if (!strcmp(b, "ucp_cpu_line_evicted_by_gpu_over_allocation") && reach_ucp_gpu_held_to_one(c))
        return 0;
    if (b[0] == 'u' && !strcmp(b, "ucp_umon_counter_saturated"))
        return !l2_top || c->l2.umon_counter_bits <= 6;
    int part = c->tap.period >= reach_ucp_period_min(c);
    /* a full set with no app over its allocation and the missing app under its own: only an app
     * of 0 ways holding none, which the reset split (W / apps each) gives only when apps > W and
     * otherwise only a partition (draw 3 seed 23: 14 apps, 15 ways, no partition ever applies) */
    if (!strcmp(b, "ucp_victim_set_lru_none_over"))
        return cfg_l2_apps(c) > c->l2.ways || part;
    /* tap_ucp divides the GPU's counters only in a friendly period (UCP-Mask clear) */
    if (!strcmp(b, "tapucp_gpu_counters_divided") || !strcmp(b, "tapucp_partition_unmasked") ||
        !strcmp(b, "tapucp_division_changed_partition"))
        return part && reach_tap_friendly(c);
    if (reach_prefix(b, "ucp_partition_") || (reach_prefix(b, "tapucp_") &&
                                              !reach_prefix(b, "tapucp_pol1_")))
        return part;
    return 1;
}

/* TAP's bins (tap_), under the harnesses' drive (tb/l2pol_tb_tap.h): retired streams with I2
 * about I1 / 2 (friendly only when alpha < 50: 100 x |I1 - I2| > alpha x max needs it; never at
 * alpha 100), CPU shares from 0 (the ratio is the GPU's accesses, saturating at 1,024 of them:
 * a period of 2,048 cycles at one access in two) up to 60 percent (a ratio of 0 or 1, below T_xs
 * from 2 up). XSRATIO at or above T_xs needs T_xs GPU accesses in a period (period >= 2 T_xs);
 * exactly at T_xs (the L2 top's bin) only T_xs <= 8 with periods >= 2,000, where the shares of
 * 2 to 33 percent put it, and no lower than the least ratio (draw 3 seed 12: T_xs 1 beside 8
 * CPU ports, whose least ratio is about 5). */
static inline int reach_tap(const cfg_t *c, const char *b, int l2_top)
{
    const cfg_tap_t *t = &c->tap;
    (void)l2_top;
    if (!strcmp(b, "tap_friendly") || !strcmp(b, "tap_mask_set_by_xsratio"))
        return reach_tap_friendly(c);
    if (!strcmp(b, "tap_ratio_saturated"))
        return t->period >= 2048;
    if (!strcmp(b, "tap_xs_above_txs"))
        return t->period >= 2ull * t->txs;
    if (!strcmp(b, "tap_xs_below_txs"))
        return t->txs >= 2;
    if (!strcmp(b, "tap_ratio_at_txs")) /* and no lower than the least ratio, 2C / 3 */
        return t->txs <= 8 && t->period >= 2000 && 2 * c->sys.cpu_cores <= 3 * (t->txs + 1);
    return 1;
}

/* The longest FG-CB window whose end (and the kernel starts the harnesses drive about every
 * 1.5 windows: traffic::fgcb_kstart_every) a run is sure to see. */
#define REACH_FGCB_WINDOW_MAX 16384u

/* FG-CB's bins (fg_): the table fills only when the harnesses' base ids (entries + 2, as far as
 * l1.fgcb_id_bits allows: traffic::fgcb_pool) outnumber its entries; a window ends with an entry
 * undecided only when N > 1 (an entry's first access, its allocation, decides at N = 1) and the
 * window ends within a run; a kernel start within a run clears the table (or loses a write).
 * A window longer than a run lets each entry decide once a level (entries decisions in all),
 * on its first N accesses: neither outcome, nor what follows a bypass (bypassed loads and fills,
 * no-allocate reads), is promised then. */
static inline int reach_fgcb(const cfg_l1_t *c, const char *b)
{
    int ends = c->fgcb_window <= REACH_FGCB_WINDOW_MAX;
    if (!strcmp(b, "fg_table_full_untracked"))
        return (1u << c->fgcb_id_bits) > c->fgcb_entries;
    if (!strcmp(b, "fg_window_expired_before_n"))
        return c->fgcb_n > 1 && ends;
    if (reach_prefix(b, "fg_kernel_start_") || !strcmp(b, "fg_write_lost_to_kernel_start") ||
        reach_prefix(b, "fg_decide_") || reach_prefix(b, "fg_bypassed_") ||
        reach_prefix(b, "fg_noalloc_read"))
        return ends;
    return reach_prefix(b, "fg_");
}

#endif
