// memory: the testbench's memory behind an L1: a reference memory of line contents, stores
// applied in acceptance order, reads answered after a random latency in any order, and random
// backpressure on both memory channels. Also records every byte it returned per MSHR.
#ifndef CACHEGEN_TB_MEMORY_H
#define CACHEGEN_TB_MEMORY_H

#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>
extern "C" {
#include "../core/bv.h"
}

struct mem_timing {
    unsigned min_latency = 1, max_latency = 1;  // cycles from acceptance to response valid
    unsigned req_ready_pct = 100;                // chance mem_req_ready is high in a cycle
    bool out_of_order = false;                   // answer any due read, not the oldest
    // A random phase: fast or slow memory, in or out of order, with or without backpressure.
    void draw(std::mt19937_64 &rng)
    {
        static const unsigned max_lat[] = {2, 8, 40, 200};
        unsigned k = (unsigned)(rng() % 4);
        min_latency = 1 + (k == 3 ? 40 : 0);
        max_latency = max_lat[k];
        req_ready_pct = (rng() & 1) ? 100 : 30 + (unsigned)(rng() % 70);
        out_of_order = (rng() & 3) != 0;
    }
};

class memory {
public:
    memory(unsigned line_bytes, uint64_t seed) : line_bytes_(line_bytes), rng_(seed) {}
    mem_timing timing;

    // Content of a line now (initial content is a hash of its address).
    void line(uint64_t line_addr, bv_t &out) const;
    // A store accepted: apply enabled bytes.
    void store(uint64_t line_addr, const bv_t &be, const bv_t &wdata);
    // A read accepted for `mshr` at `cycle`: snapshot the line now, answer later.
    void read(uint64_t line_addr, unsigned mshr, uint64_t cycle);
    // Should mem_req_ready be high this cycle?
    bool req_ready();
    // Pick the response to present this cycle (stays chosen until taken). False if none due.
    bool response(uint64_t cycle, unsigned &mshr, bv_t &data);
    // The presented response was accepted.
    void response_taken();
    // Data returned for MSHR `mshr` by the last accepted response.
    const bv_t &returned(unsigned mshr) const { return returned_.at(mshr); }
    size_t outstanding() const { return pending_.size(); }
    uint64_t out_of_order_returns = 0;  // responses that overtook an older read

private:
    struct pending_read { unsigned mshr; uint64_t due; uint64_t seq; bv_t data; };
    unsigned line_bytes_;
    std::mt19937_64 rng_;
    std::unordered_map<uint64_t, std::vector<uint8_t>> written_;
    std::vector<pending_read> pending_;
    std::unordered_map<unsigned, bv_t> returned_;
    int chosen_ = -1;
    uint64_t seq_ = 0;
};

#endif
