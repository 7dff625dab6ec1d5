// harness_util: what every lockstep harness shares: reading a +name=value plusarg, loading the
// generated directory's configuration, reporting the first mismatch and a differing field, a
// field-by-field row diff, and a set of named coverage
// bins that reports every count (n/a where the configuration cannot reach a bin) and says how
// many reachable bins were never hit, and the coverage hole report: a hole is not a mismatch,
// so it has its own message and exit status (HOLE_EXIT) and no waveform.
#ifndef CACHEGEN_TB_HARNESS_UTIL_H
#define CACHEGEN_TB_HARNESS_UTIL_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>
#include "verilated.h"
extern "C" {
#include "../gen/bv.h"
#include "../gen/cfg.h"
}

// Take the next expected L1 response of the same class as the one the RTL gave: store
// acknowledgements (status STORE) in store order, load responses in their order. A store is
// acknowledged when it enters the memory-request queue, so how the two classes interleave is
// the RTL's timing, not the model's event order. Returns false when none of that class waits.
template <class Deque, class Rsp>
inline bool take_response(Deque &q, bool store_ack, unsigned store_status, Rsp &out)
{
    for (auto it = q.begin(); it != q.end(); ++it)
        if ((it->status == store_status) == store_ack) {
            out = *it;
            q.erase(it);
            return true;
        }
    return false;
}

// The value of +name=VALUE, or `def` when absent.
inline std::string plusarg(VerilatedContext *ctx, const char *name, const char *def)
{
    std::string key = std::string("+") + name + "=";
    const char *v = ctx->commandArgsPlusMatch(name);
    if (v && std::strncmp(v, key.c_str(), key.size()) == 0)
        return std::string(v + key.size());
    return def;
}

// Load OUTDIR/config.yaml over the defaults and validate it; on error print it as `who`.
inline bool load_config(const std::string &dir, const char *who, cfg_t &c)
{
    char err[1024];
    std::string path = dir + "/config.yaml";
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, path.c_str(), err, sizeof err) != 0 || cfg_validate(&c, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s: %s\n", who, err);
        return false;
    }
    return true;
}

// The first mismatch of a run, printed once (`failed` keeps later ones quiet):
// "MISMATCH at cycle C (seed S): what" and the detail lines.
inline void report_mismatch(bool &failed, uint64_t cycle, uint64_t seed, const char *what,
                            const std::string &detail)
{
    if (failed)
        return;
    failed = true;
    std::printf("MISMATCH at cycle %llu (seed %llu): %s\n%s", (unsigned long long)cycle,
                (unsigned long long)seed, what, detail.c_str());
}

// A detail line "  where: what expected E actual A", or "" when the two agree.
inline std::string field_diff(const std::string &where, const char *what, uint64_t exp,
                              uint64_t act)
{
    if (exp == act)
        return "";
    char b[256];
    std::snprintf(b, sizeof b, "  %s: %s expected %llu actual %llu\n", where.c_str(), what,
                  (unsigned long long)exp, (unsigned long long)act);
    return b;
}

// Every field of two rows, expected beside actual, differing ones marked. `field` names field i
// of layout `l` (lay_l1_field, lay_l2_field) and returns -1 past the last.
template <typename Layout>
std::string row_diff(const Layout *l,
                     int (*field)(const Layout *, unsigned, char *, size_t, unsigned *, unsigned *),
                     const bv_t &exp, const bv_t &act)
{
    std::string out;
    char name[32], line[160];
    unsigned lsb, width;
    for (unsigned i = 0; field(l, i, name, sizeof name, &lsb, &width) == 0; i++) {
        uint64_t e = bv_get(&exp, lsb, width), a = bv_get(&act, lsb, width);
        std::snprintf(line, sizeof line, "  %-10s expected 0x%llx actual 0x%llx%s\n", name,
                      (unsigned long long)e, (unsigned long long)a, e != a ? "   <-- differs" : "");
        out += line;
    }
    return out;
}

// Exit status of a run whose only failure is a coverage hole (a mismatch exits 1, bad setup 2).
constexpr int HOLE_EXIT = 3;

// The lines of a coverage hole: "COVERAGE HOLE: bin X unhit after N requests (E events)" per
// bin, then "<who>: HOLE (seed S)". Returns HOLE_EXIT.
inline int report_holes(const char *who, const std::vector<std::string> &bins, uint64_t requests,
                        uint64_t events, uint64_t seed)
{
    for (const auto &b : bins)
        std::printf("COVERAGE HOLE: bin %s unhit after %llu requests (%llu events)\n", b.c_str(),
                    (unsigned long long)requests, (unsigned long long)events);
    std::printf("%s: HOLE (seed %llu)\n", who, (unsigned long long)seed);
    return HOLE_EXIT;
}

// Named bins; `reachable` says whether this configuration can hit a bin at all.
class bin_set {
public:
    using reach_fn = std::function<bool(const std::string &)>;
    void declare(const char *name) { bins_[name]; }
    void hit(const char *name) { bins_[name]++; }
    void set(const char *name, uint64_t n) { bins_[name] = n; }
    uint64_t count(const char *name) const
    {
        auto it = bins_.find(name);
        return it == bins_.end() ? 0 : it->second;
    }
    // The reachable bins never hit, in name order.
    std::vector<std::string> unhit(const reach_fn &reachable) const
    {
        std::vector<std::string> v;
        for (const auto &b : bins_)
            if (b.second == 0 && reachable(b.first))
                v.push_back(b.first);
        return v;
    }
    unsigned missing(const reach_fn &reachable) const
    {
        unsigned n = 0;
        for (const auto &b : bins_)
            n += b.second == 0 && reachable(b.first);
        return n;
    }
    void report(FILE *f, const reach_fn &reachable) const
    {
        std::fprintf(f, "coverage:");
        for (const auto &b : bins_) {
            if (reachable(b.first))
                std::fprintf(f, " %s=%llu", b.first.c_str(), (unsigned long long)b.second);
            else
                std::fprintf(f, " %s=n/a", b.first.c_str());
        }
        std::fprintf(f, "\ncoverage: %zu bins, %u not hit:", bins_.size(), missing(reachable));
        for (const auto &b : bins_)
            if (b.second == 0 && reachable(b.first))
                std::fprintf(f, " %s", b.first.c_str());
        std::fprintf(f, "\n");
    }

private:
    std::map<std::string, uint64_t> bins_;
};

#endif
