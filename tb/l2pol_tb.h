// l2pol_tb: the L2 policies of the lockstep harnesses behind one interface, as cm_l2_pol.h is for
// the model. A harness that has an L2 (l2_harness: the <name>_l2 top; sys_harness: the system
// top) names no policy: it asks l2pol_tb_for (l2pol_tb_reg.h) for the configured
// l2.replacement's plug-in and calls its hooks: bins, the event compare and coverage, the
// per-cycle drive and checks around cm_l2_cycle_end, and the CPU share of the traffic. Each
// policy is one header (l2pol_tb_<name>.h: its blocks and the list of blocks it is made of),
// registered by one line in l2pol_tb_reg.h; a policy that builds on another's block (tap_rrip
// on DRRIP's, tap_ucp on UCP's) lists that block, as the model's policy files call theirs.
// The top's policy ports differ only by a prefix (evt_psel_o in the L2 top, evt_l2_psel_o in
// the system top): the harness defines, before including l2pol_tb_reg.h,
//   L2POL_EVT(t, f)   the port evt_<f> of its top `t`: (t)->evt_##f or (t)->evt_l2_##f
//   L2POL_EVT_NAME    that prefix as text ("evt_" or "evt_l2_"), for the failure messages
// and the plug-ins probe the ports through it (a design without a policy's ports fails).
// Invariants: plug-ins only read the model (through cm_l2_pol.h's accessors and
// cm_l2_result_t.pol); bin names are the ones the harnesses always printed (coverage files,
// tb/check_holes.sh and tb/catch_matrix.tsv read them), declared per top kind.
#ifndef CACHEGEN_TB_L2POL_TB_H
#define CACHEGEN_TB_L2POL_TB_H

#ifndef L2POL_EVT
#error "define L2POL_EVT(t, f) and L2POL_EVT_NAME (the top's policy port prefix) first"
#endif

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ports.h"
extern "C" {
#include "../cmodel/cm_l2_pol.h"
#include "../core/reach.h"
}

// The top a plug-in serves: the L2 slice alone, or the system (L1s, arbiter, CPU ports, L2).
enum class l2pol_top { l2, sys };

// What a harness gives a plug-in.
struct l2pol_env {
    using check_fn = std::function<void(const char *, uint64_t, uint64_t, const char *)>;
    using fail_fn = std::function<void(const std::string &, const char *)>;
    const cm_l2_t *m = nullptr; // the L2 model, read only
    l2pol_top kind = l2pol_top::l2;
    const char *pre = "";       // before every check name: "" (L2 top) or "L2 " (system top)
    const char *design = "";    // "design" or "system": "a ucp <design> without <port>"
    uint64_t seed = 0;          // the seed of the policy's own generator (its drive)
    check_fn check;             // a field compare: name, expected, actual, where
    fail_fn fail;               // what, where (the event or "cycle")
    std::function<void(const char *)> hit; // a bin
    std::function<bool()> failed;          // a mismatch was reported
    std::function<bool()> contended; // system: the L1s and the CPU ports both wait for the L2
    l2pol_env() {}
    l2pol_env(const cm_l2_t *model, l2pol_top k, uint64_t s, check_fn c, fail_fn f,
              std::function<void(const char *)> h, std::function<bool()> failed_,
              std::function<bool()> contended_)
        : m(model), kind(k), pre(k == l2pol_top::l2 ? "" : "L2 "),
          design(k == l2pol_top::l2 ? "design" : "system"), seed(s), check(c), fail(f), hit(h),
          failed(failed_), contended(contended_)
    {
    }
};

// One block of a policy's checks (DRRIP's, UCP's, TAP's controller, a policy's own rules). A
// block class B also has `static void bins(l2pol_top, std::vector<std::string> &)`: the bins it
// declares for that top.
template <class T> class l2pol_tb_block {
public:
    l2pol_tb_block(T *top, const l2pol_env &e) : top_(top), e_(e), m_(e.m) {}
    virtual ~l2pol_tb_block() {}
    // Whether bin b (one of this block's) can be hit under this configuration.
    virtual bool reachable(const std::string &) const { return true; }
    // Before an event: the state the bins need from before it.
    virtual void before_event() {}
    // After the model took the event the top reported: its ports against the model's state.
    virtual void compare_event(const cm_l2_result_t &, const char *) {}
    // The event's bins, after its compare; `before`: the row a fill went into, before it.
    virtual void cover_event(const cm_l2_result_t &, const lay_l2_row_t &) {}
    // Every cycle after reset, before the top evaluates: the inputs the policy drives.
    virtual void drive() {}
    // The retired instructions this cycle, for cm_l2_cycle_end (nullptr: the policy takes none).
    virtual const uint32_t *retired() const { return nullptr; }
    // After the cycle's events: before cm_l2_cycle_end (the state in force), and after it.
    virtual void cycle_before() {}
    virtual void cycle_after() {}
    // The CPU ports' share of the traffic this period, as the top kind reads it (L2 top: percent
    // of the requests from CPU ports; system: percent of their rate); -1: left alone.
    virtual int cpu_pct() const { return -1; }

protected:
    // "<pre><fmt...>": a check name in the top's spelling
    template <class... A> const char *name(const char *fmt, A... a)
    {
        std::string f = std::string(e_.pre) + fmt;
        std::snprintf(buf_, sizeof buf_, f.c_str(), a...);
        return buf_;
    }
    // "a <policy> <design> without <prefix><port>"
    void fail_port(const char *policy, const char *port, const char *where)
    {
        e_.fail(std::string("a ") + policy + " " + e_.design + " without " + L2POL_EVT_NAME + port,
                where);
    }
    bool l2_top() const { return e_.kind == l2pol_top::l2; }
    T *top_;
    const l2pol_env &e_;
    const cm_l2_t *m_;
    char buf_[96];
};

// A policy's plug-in: its blocks, in order; each hook runs every block's.
template <class T> class l2pol_tb {
public:
    // env nullptr: only the bins of `kind` are gathered (l2pol_tb_bins)
    l2pol_tb(T *top, const l2pol_env *env, l2pol_top kind) : top_(top), env_(env), kind_(kind) {}
    template <class B> void add()
    {
        std::vector<std::string> v;
        B::bins(kind_, v);
        for (const auto &b : v)
            owner_[b] = blocks_.size();
        if (env_)
            blocks_.emplace_back(new B(top_, *env_));
    }
    const std::map<std::string, size_t> &bins() const { return owner_; }
    // b is one of any policy's bins: reachable when this policy has it and its block says so
    bool reachable(const std::string &b) const
    {
        auto it = owner_.find(b);
        return it != owner_.end() && blocks_[it->second]->reachable(b);
    }
    void before_event() { for (auto &b : blocks_) b->before_event(); }
    void compare_event(const cm_l2_result_t &r, const char *where)
    {
        for (auto &b : blocks_) b->compare_event(r, where);
    }
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &before)
    {
        for (auto &b : blocks_) b->cover_event(r, before);
    }
    void drive() { for (auto &b : blocks_) b->drive(); }
    const uint32_t *retired() const
    {
        for (auto &b : blocks_)
            if (b->retired())
                return b->retired();
        return nullptr;
    }
    void cycle_before() { for (auto &b : blocks_) b->cycle_before(); }
    void cycle_after() { for (auto &b : blocks_) b->cycle_after(); }
    int cpu_pct() const
    {
        for (auto &b : blocks_)
            if (b->cpu_pct() >= 0)
                return b->cpu_pct();
        return -1;
    }

private:
    T *top_;
    const l2pol_env *env_;
    l2pol_top kind_;
    std::map<std::string, size_t> owner_; // bin -> the block that declares it
    std::vector<std::unique_ptr<l2pol_tb_block<T>>> blocks_;
};

#endif
