// harness_util: what every lockstep harness shares: reading a +name=value plusarg, and a set of
// named coverage bins that reports every count (n/a where the configuration cannot reach a
// bin) and says how many reachable bins were never hit.
#ifndef CACHEGEN_TB_HARNESS_UTIL_H
#define CACHEGEN_TB_HARNESS_UTIL_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include "verilated.h"

// The value of +name=VALUE, or `def` when absent.
inline std::string plusarg(VerilatedContext *ctx, const char *name, const char *def)
{
    std::string key = std::string("+") + name + "=";
    const char *v = ctx->commandArgsPlusMatch(name);
    if (v && std::strncmp(v, key.c_str(), key.size()) == 0)
        return std::string(v + key.size());
    return def;
}

// Named bins; `reachable` says whether this configuration can hit a bin at all.
class bin_set {
public:
    using reach_fn = std::function<bool(const std::string &)>;
    void declare(const char *name) { bins_[name]; }
    void hit(const char *name) { bins_[name]++; }
    uint64_t count(const char *name) const
    {
        auto it = bins_.find(name);
        return it == bins_.end() ? 0 : it->second;
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
