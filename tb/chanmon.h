// chanmon: the valid/ready channel monitor every lockstep harness runs on every channel of its
// design (SPEC 4). At each clock edge: once valid is high it stays high, with its payload
// unchanged, until the edge where ready is high with it (the handshake, AXI's rule); and,
// sampled before the edge, valid must not change when only its own ready changes (no
// combinational path from ready to valid). The harness reports a violation as a mismatch.
#ifndef CACHEGEN_TB_CHANMON_H
#define CACHEGEN_TB_CHANMON_H

#include <initializer_list>
#include <string>
#include <utility>

// The payload of a channel as raw bytes of its Verilator port variables, compared as a whole.
struct chan_bytes {
    template <class T> static std::pair<const void *, size_t> of(const T &port)
    {
        return {static_cast<const void *>(&port), sizeof port};
    }
    static std::string pack(std::initializer_list<std::pair<const void *, size_t>> ports)
    {
        std::string s;
        for (const auto &p : ports)
            s.append(static_cast<const char *>(p.first), p.second);
        return s;
    }
};

class chan_monitor {
public:
    explicit chan_monitor(std::string name) : name_(std::move(name)) {}

    // The channel as it is just before a clock edge; `payload()` returns its bytes and is
    // called only while valid is high. Returns "" or what was violated.
    template <class F> std::string edge(bool valid, bool ready, F payload)
    {
        std::string bad;
        if (!valid) {
            if (waiting_)
                bad = name_ + ": valid withdrawn before its handshake";
            waiting_ = false;
            return bad;
        }
        if (!waiting_ && ready) // presented and taken in the same cycle
            return bad;
        std::string now = payload();
        if (waiting_ && now != payload_)
            bad = name_ + ": payload changed while valid waited for ready";
        waiting_ = !ready;
        if (waiting_)
            payload_.swap(now);
        return bad;
    }

    // Valid sampled with its ready forced low and high in the same cycle (the harness toggles
    // ready and re-evaluates). Returns "" or the violation.
    std::string comb(bool valid_ready_low, bool valid_ready_high) const
    {
        return valid_ready_low == valid_ready_high ? std::string()
                                                   : name_ + ": valid depends on its own ready";
    }

    const std::string &name() const { return name_; }

private:
    std::string name_;
    bool waiting_ = false;  // valid was high without ready at the last edge
    std::string payload_;   // the payload at that edge
};

// The combinational check of one channel in the current cycle: valid with its ready forced low,
// then high (`eval` re-evaluates the design); the drawn ready is restored. Returns "" or what
// was violated.
template <class R, class V, class E>
std::string chan_comb(chan_monitor &mon, R &ready, const V &valid, E eval)
{
    R drawn = ready;
    ready = 0;
    eval();
    bool low = valid;
    ready = 1;
    eval();
    bool high = valid;
    ready = drawn;
    eval();
    return mon.comb(low, high);
}

#endif
