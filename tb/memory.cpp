// memory: reference memory and randomized memory timing for the harness.
#include "memory.h"

static uint8_t initial_byte(uint64_t line_addr, unsigned i)
{
    uint64_t x = line_addr * 0x9e3779b97f4a7c15ULL + i * 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 31;
    x *= 0x94d049bb133111ebULL;
    return (uint8_t)(x >> 56);
}

void memory::line(uint64_t line_addr, bv_t &out) const
{
    auto it = written_.find(line_addr);
    if (it != written_.end()) {
        bv_from_bytes(&out, it->second.data(), line_bytes_);
        return;
    }
    uint8_t bytes[BV_MAX_BITS / 8];
    for (unsigned i = 0; i < line_bytes_; i++)
        bytes[i] = initial_byte(line_addr, i);
    bv_from_bytes(&out, bytes, line_bytes_);
}

void memory::store(uint64_t line_addr, const bv_t &be, const bv_t &wdata)
{
    auto it = written_.find(line_addr);
    if (it == written_.end()) {
        std::vector<uint8_t> v(line_bytes_);
        for (unsigned i = 0; i < line_bytes_; i++)
            v[i] = initial_byte(line_addr, i);
        it = written_.emplace(line_addr, std::move(v)).first;
    }
    for (unsigned i = 0; i < line_bytes_; i++)
        if (bv_get(&be, i, 1))
            it->second[i] = bv_byte(&wdata, i);
}

void memory::read(uint64_t line_addr, unsigned mshr, uint64_t cycle)
{
    pending_read p;
    p.mshr = mshr;
    std::uniform_int_distribution<unsigned> lat(timing.min_latency, timing.max_latency);
    p.due = cycle + lat(rng_);
    p.seq = seq_++;
    line(line_addr, p.data);
    pending_.push_back(p);
}

bool memory::req_ready()
{
    if (timing.req_ready_pct >= 100)
        return true;
    return std::uniform_int_distribution<unsigned>(0, 99)(rng_) < timing.req_ready_pct;
}

bool memory::response(uint64_t cycle, unsigned &mshr, bv_t &data)
{
    if (chosen_ < 0) {
        std::vector<int> due;
        for (size_t i = 0; i < pending_.size(); i++)
            if (pending_[i].due <= cycle)
                due.push_back((int)i);
        if (due.empty())
            return false;
        if (timing.out_of_order) {
            chosen_ = due[std::uniform_int_distribution<size_t>(0, due.size() - 1)(rng_)];
        } else {
            chosen_ = due[0];
            for (int i : due)
                if (pending_[i].seq < pending_[chosen_].seq)
                    chosen_ = i;
        }
    }
    mshr = pending_[chosen_].mshr;
    data = pending_[chosen_].data;
    return true;
}

void memory::response_taken()
{
    const pending_read &p = pending_[chosen_];
    for (const pending_read &q : pending_)
        if (q.seq < p.seq) {
            out_of_order_returns++;
            break;
        }
    returned_[p.mshr] = p.data;
    pending_.erase(pending_.begin() + chosen_);
    chosen_ = -1;
}
